"""Scurry played through the real app with synthetic mouse events only."""
from __future__ import annotations

import math
import random
import time

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.ui.board import BoardScene
from game.ui.results import ResultsScene
from game.ui.scene import start_match
from game.ui import look
from game.ui.setup import SetupScene

from uikit import (
    look_at_board,
    choose, click, click_button, click_target, key, open_setup, option_menu, play_move, play_to_end, pump, run_until,
    screenshot, seat_kind_menu, title_app,
)


@pytest.fixture
def app():
    yield from title_app()


@pytest.mark.slow
def test_whole_game_two_people_by_mouse(app):
    open_setup(app, "scurry")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    choose(app, seat_kind_menu(setup, 1), "Human")
    choose(app, option_menu(setup, "tiles"), "6")
    screenshot(app, "setup")
    click_button(app, "Start")
    board = app.scene
    assert isinstance(board, BoardScene)
    assert [s.kind for s in board.match.seats] == ["human", "human"]
    assert board.match.options["tiles"] == 6
    screenshot(app, "scurry-setup-phase")

    # a click on a taken vertex is refused with the rule, and nothing changes
    first = board.match.state.legal_moves()[0]
    click_target(app, first.targets[0])
    n = len(board.match.state.history)
    click_target(app, first.targets[0])
    assert len(board.match.state.history) == n
    assert "taken" in board.controller.message.lower() or "occupied" in board.controller.message.lower()

    play_to_end(app, random.Random(3))
    state = board.match.state
    assert state.is_over and state.outcome.winners
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    # the very frame that brings up the results already shows its buttons
    # (the app may sit idle after it, waiting for input)
    button = app.scene.button_rects()["Play again"]
    assert app.screen.get_at((button.x + 6, button.centery))[:3] == (0x2F, 0x6B, 0x4F)
    screenshot(app, "scurry-results")
    winner = board.match.seats[state.outcome.winners[0]].name
    assert winner in app.scene.headline()
    look_at_board(app, board)
    screenshot(app, "scurry-end-board")
    click_button(app, "Back")
    assert isinstance(app.scene, ResultsScene)


@pytest.mark.slow
def test_game_against_the_computer_by_mouse_with_undo(app):
    app.settings["animation_speed"] = "off"  # computer moves wait for animations; not needed here
    open_setup(app, "scurry")
    setup = app.scene
    choose(app, seat_kind_menu(setup, 1), "Computer: easy")
    menu = option_menu(setup, "random_setup")
    choose(app, menu, setup.option_menus[menu].label_of(True))
    click_button(app, "Start")
    board = app.scene
    board.controller.ai_delay = 0.0
    assert (board.match.seats[1].kind, board.match.seats[1].level) == ("computer", "easy")
    state = board.match.state
    assert state.phase == "leadoff" and state.to_move == 0

    # the mulligan: place the leadoff tile, take it back with Ctrl+Z, place it elsewhere
    placements = state.legal_moves()
    click_target(app, placements[0].targets[0])
    assert len(board.match.state.history) == 1
    screenshot(app, "scurry-first-turn")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board.match.state.history == []
    assert board.match.state.phase == "leadoff"

    board = play_to_end(app, random.Random(5))
    assert board.match.state.is_over
    assert any(seat == 1 for seat in board.match.movers), "the computer never moved"


@pytest.mark.slow
def test_escape_menu_right_click_cancel_and_resize(app):
    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 11, {"random_setup": True})
    start_match(app, match)
    board = app.scene
    pump(app)
    # right-click and Esc with nothing selected do no harm; Esc opens the menu
    click(app, board.board_rect.center, button=3)
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "MenuScene"
    screenshot(app, "menu")
    click_button(app, "Rules")
    screenshot(app, "rules")
    click_button(app, "Back")
    click_button(app, "Settings")
    screenshot(app, "settings")
    click_button(app, "Back")
    click_button(app, "Resume")
    assert app.scene is board
    # resizing re-lays the board out inside the new window
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700)))
    pump(app)
    assert app.size == (1024, 700)
    for move in board.match.state.legal_moves():
        rect = board.target_rect(move.targets[0])
        assert board.board_rect.contains(rect)
        assert board.target_at(rect.center) == move.targets[0]
    screenshot(app, "scurry-small-window")


def test_every_vertex_is_drawn_as_a_round_place_to_click(app):
    """The hit map filled while drawing is what clicks use: each vertex answers
    within its round pick area, the gaps between vertices answer nothing."""
    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4, {"random_setup": True}))
    board = app.scene
    pump(app)
    assert len(board.hits) == len(board.points) == 91
    radius = board.pick_radius
    for v, (x, y) in enumerate(board.points):
        assert board.target_rect(("vertex", v)).center == (x, y)
        assert board.target_at((x, y)) == ("vertex", v)
        assert board.target_at((x + radius * 0.6, y + radius * 0.6)) == ("vertex", v)  # inside the circle
        assert board.target_at((x + radius * 0.8, y + radius * 0.8)) is None  # in the square, off the circle
    a, b = board.points[0], board.points[1]
    assert board.target_at(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) is None  # half-way between two vertices
    # a real click on a vertex plays the move there
    move = board.match.state.legal_moves()[-1]
    play_move(app, board, move)
    assert board.match.state.history == [move]


def test_hover_shows_what_a_click_would_do(app):
    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4, {"random_setup": True}))
    board = app.scene
    pump(app)  # clicks and hover use where the last frame drew each vertex
    legal = board.match.state.legal_moves()[0].targets[0]
    pos = board.target_rect(legal).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    highlights = board.controller.highlights()
    assert highlights.hover == legal and highlights.hover_ok
    taken = next(("vertex", v) for v in board.match.state.view(0)["tiles"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board.target_rect(taken).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app)
    assert board.controller.highlights().hover == taken and not board.controller.highlights().hover_ok


def test_the_place_just_played_is_not_framed_red_under_the_resting_pointer(app):
    """After a click that plays, the pointer rests on a place the next player may not
    take: no red frame there (it would read as a wrong click) until the pointer moves;
    nudged, the frame says a click there would be refused. A replay frames nothing red."""
    from game.replay import Replay
    from game.ui import look
    from game.ui.replay_screen import replay_scene

    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4, {"random_setup": True}))
    board = app.scene
    pump(app)
    state = board.match.state

    def taken_after(move) -> bool:  # the place the move ends on starts no move of Bob's
        after = state.clone()
        after.apply(move)
        return all(m.targets[0] != move.targets[-1] for m in after.legal_moves())

    move = next(m for m in state.legal_moves() if taken_after(m))
    play_move(app, board, move)  # the pointer stays where Ann's last click was
    place = move.targets[-1]
    assert place not in board.controller.next_targets()
    x, y = board.target_rect(place).center
    radius = board.tile_px // 2  # of the red frame's circle

    def framed_red() -> bool:  # a red pixel right above the place, where the circle passes
        board.finish_animations()
        app.dirty = True
        app.step([])
        return any(app.screen.get_at((x, y - d))[:3] == look.BAD[:3] for d in range(radius - 3, radius + 2))

    assert board.controller.highlights().hover == place
    assert not board.controller.highlights().hover_refused and not framed_red()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)  # a motion event with the pointer where it was is no move
    assert not framed_red()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 3, y), rel=(3, 0), buttons=(0, 0, 0)))
    pump(app)  # a nudge, still on the same place
    assert framed_red()
    highlights = board.controller.highlights()
    assert highlights.hover == place and highlights.hover_refused
    # in a replay nothing on the board takes a click: no red frame, however the pointer moves
    app.push(replay_scene(app, Replay.of_match(board.match), 1))
    board = app.scene
    pump(app)
    for pos in ((x + 3, y), (x, y)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pump(app)
    assert board.controller.highlights().hover == place and not framed_red()


def test_the_legend_counts_one_tile_in_the_singular(app, monkeypatch):
    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4))
    board = app.scene
    pump(app)
    click_target(app, board.match.state.legal_moves()[0].targets[0])  # Ann's first tile
    written = []
    real_text = look.text
    monkeypatch.setattr(look, "text", lambda surface, message, *a, **k: written.append(message) or
                        real_text(surface, message, *a, **k))
    board.draw(app.screen)
    assert "Ann: 1 tile (Brown)" in written and "Bob: 0 tiles (Grey)" in written


def test_pieces_are_drawn_at_rest_when_an_animation_ends(app):
    """The frame after the last animation ends is drawn even when nothing else
    moves: otherwise the window keeps showing the animation's final frame."""
    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4, {"random_setup": True}))
    board = app.scene
    pump(app)
    click_target(app, board.match.state.legal_moves()[0].targets[0])
    click_target(app, board.match.state.legal_moves()[0].targets[0])  # the squirrel's first step
    assert board.anims, "a squirrel step is animated"
    while board.anims:
        had_anims = bool(board.anims)
        drew = app.step()
        if had_anims and not board.anims:
            assert drew, "no frame was drawn when the animation ended"
        time.sleep(0.01)
    # at rest the stepped-on tile shows the mover's face under the squirrel
    view = board.match.state.view(0)
    at = view["squirrels"][0]
    assert view["owner"][at] == 0
    screenshot(app, "scurry-after-a-step")


@pytest.mark.level_budget  # a search of the tests' quick budget can end before Resume is clicked
def test_the_window_answers_while_the_computer_thinks(app):
    spec = shelf.GAMES["scurry"]
    seats = [Seat("Robo", 0, "computer", "hard"), Seat("Ann", 1)]
    start_match(app, Match(spec, seats, 8, {"random_setup": True}))
    board = app.scene
    pump(app)
    assert board.controller.thinking is not None, "the computer starts thinking at once"
    # a click on the board is answered (and refused) while the search runs
    click(app, board.board_rect.center)
    assert "thinking" in board.controller.message
    # the menu opens and closes meanwhile
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "MenuScene"
    screenshot(app, "menu-while-thinking")
    click_button(app, "Resume")
    assert app.scene is board and board.match.state.history == []
    run_until(app, lambda: board.match.state.history, timeout=30)
    assert board.match.movers[0] == 0


@pytest.mark.slow
@pytest.mark.parametrize("size,window", [(5, (960, 640)), (6, (1280, 800)), (7, (960, 640))])
def test_rows_and_places_are_written_on_the_rim(app, size, window):
    """The log says "f6": the board shows every row letter and place number,
    wholly on the wood, clear of the vertices."""
    from game.games.scurry.board_screen import RIM

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=window[0], h=window[1], size=window))
    pump(app)
    start_match(app, Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 3, {"size": size}))
    board = app.scene
    pump(app)
    labels = board.coordinate_labels()
    n = size - 1
    assert {t for _p, t in labels if t.isalpha()} == {chr(ord("a") + k) for k in range(2 * n + 1)}
    assert {t for _p, t in labels if t.isdigit()} == {str(k) for k in range(1, 2 * n + 2)}
    # the edge of the wood is RIM units out from the outer vertices: a label's far side stays inside it
    half_text = board.unit * 0.3
    corners = [board.to_pixel((n + RIM) * dq, (n + RIM) * dr) for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))]
    mask = pygame.Surface(app.size)
    pygame.draw.polygon(mask, (255, 255, 255), corners)
    for (x, y), text in labels:
        for dx, dy in ((-half_text, -half_text), (half_text, -half_text), (-half_text, half_text), (half_text, half_text)):
            assert mask.get_at((int(x + dx), int(y + dy)))[0] == 255, (text, (x, y))
        assert min(math.dist((x, y), p) for p in board.points) > board.tile_px / 2, text
    screenshot(app, f"scurry-coordinates-{size}")


def test_a_game_stopped_at_the_turn_limit_is_shown_as_a_draw(app):
    """The rulebook wins only "if all acorn tiles are owned by the moving player" or when
    the opponent "is unable to move at least twice": the limit that stops a long game is
    a draw, and the results screen says so."""
    from game.games.scurry.rules import DRAW_LIMIT, ScurryState

    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4, {})
    tiles = {"f8": 1, "f10": 1, "e5": 0, "d4": 1, "h4": 1, "k1": 0, "k2": 0}  # Brown ends ahead 4 to 3
    match.state = ScurryState.from_position(tiles, ("f6", "g5"), turn=DRAW_LIMIT)
    start_match(app, match)
    board = app.scene
    pump(app)
    for name in ("a1", "f8", "f10"):
        click_target(app, ("vertex", board.geo["names"].index(name)))
    state = board.match.state
    assert state.outcome.winners == (0, 1) and state.outcome.scores == (4, 3)
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    assert app.scene.headline() == "A draw"
    screenshot(app, "scurry-results-draw")


def test_the_old_turn_limit_is_an_option_on_the_new_game_screen(app):
    open_setup(app, "scurry")
    setup = app.scene
    menu = option_menu(setup, "long_games")
    assert setup.option_menus[menu].label_of("draw") in menu.selected_option[0]  # the default
    choose(app, menu, setup.option_menus[menu].label_of("most_tiles"))
    screenshot(app, "scurry-setup-long-games")
    click_button(app, "Start")
    board = app.scene
    assert board.match.options["long_games"] == "most_tiles"
    assert board.match.state.turn_limit == 200


def test_the_results_table_counts_tiles_and_puts_the_winner_first(app):
    """Scurry's scores are tiles owned: the player who walls the other's squirrel in wins
    with fewer of them. The table heads them "Tiles", not "Score", and the winner comes
    first, so the bigger number beside the loser does not read as a better result."""
    from game.games.scurry.rules import ScurryState

    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 4, {})
    grey = {"f8", "f10", "d4", "h4", "a2", "b1", "b2", "c4", "e2", "g7", "i3"}  # Bob's squirrel walled in at a1
    match.state = ScurryState.from_position({**{n: 1 for n in grey}, "e5": 0, "k1": 0}, ("f6", "a1"))
    start_match(app, match)
    board = app.scene
    pump(app)
    for name in ("k6", "f8", "f10"):
        click_target(app, ("vertex", board.geo["names"].index(name)))
    out = board.match.state.outcome
    assert out.winners == (0,) and out.scores[1] > out.scores[0]
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    pump(app)
    words = {box.text: box.rect for box in look.drawn}
    assert "Tiles" in words and "Score" not in words
    assert words["Ann"].y < words["Bob"].y  # the winner heads the table

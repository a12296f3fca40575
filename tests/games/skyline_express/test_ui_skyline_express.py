"""Skyline Express played through the real app with synthetic mouse events only."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.ui import look
from game.ui.board import BoardScene
from game.ui.results import ResultsScene
from game.ui.scene import start_match

from game.games.skyline_express.rules import SPEC, SkylineMove
from uikit import (
    look_at_board,
    choose, click, click_button, click_target, open_setup, option_menu, play_move, pump, run_until, screenshot,
    seat_kind_menu, title_app,
)

GAME = "skyline_express"


@pytest.fixture
def app():
    yield from title_app()


def pick(state, rng):
    """A sensible random move: mostly seat the passenger, now and then pay for something."""
    moves = state.legal_moves()
    seats = [m for m in moves if m.kind == "seat"]
    if seats and rng.random() < 0.85:
        return rng.choice(seats)
    return rng.choice(moves)


def play_to_the_end(app, rng, *, shots=(), max_moves=600):
    """Play sensible random moves by mouse (uikit.play_move clicks each move's
    targets, a service twice) until the game ends."""
    board = app.scene
    assert isinstance(board, BoardScene)
    board.controller.ai_delay = 0.0
    for n in range(max_moves):
        run_until(app, lambda: board.match.state.is_over or not board.match.is_computer_turn())
        if board.match.state.is_over:
            return board
        play_move(app, board, pick(board.match.state, rng))
        if n in shots:
            screenshot(app, f"skyline-{shots[n]}")
    raise AssertionError("game did not end")


@pytest.mark.slow
def test_solo_game_against_the_automaton_by_mouse(app):
    setup = open_setup(app, GAME)
    choose(app, setup.count_menu, "1")
    setup = app.scene
    screenshot(app, "skyline-setup")
    click_button(app, "Start")
    board = app.scene
    assert isinstance(board, BoardScene) and board.match.state.solo
    screenshot(app, "skyline-solo-start")

    # a click on a seat before taking a die is refused with the rule
    click_target(app, ("die", 0))
    assert board.match.state.phase == "place"
    screenshot(app, "skyline-solo-place")
    click(app, board.tabs[1].center)  # peek at the automaton's sheet: seats are not clickable there
    assert board.shown() == 1 and board.target_at(board.seat_rects[0].center) is None
    click(app, board.tabs[0].center)
    click_target(app, ("seat", 5))
    assert board.match.state.sheets[0].colours[5] == 0
    assert board.match.state.sheets[1].filled == 1  # the automaton played at once
    screenshot(app, "skyline-solo-after-automaton")

    play_to_the_end(app, random.Random(4), shots={30: "solo-mid"})
    state = board.match.state
    assert state.is_over and all(s.full for s in state.sheets)
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    screenshot(app, "skyline-solo-results")
    assert "automaton" in state.outcome.reason.lower()
    assert app.scene.headline() in ("You beat the automaton!", "A tie with the automaton!", "The automaton wins")
    look_at_board(app, board)
    screenshot(app, "skyline-solo-end-board")


@pytest.mark.slow
def test_two_player_variant_by_mouse_with_a_refused_click(app):
    setup = open_setup(app, GAME)
    choose(app, seat_kind_menu(setup, 1), "Human")
    menu = option_menu(setup, "two_player")  # one die each is the default; the 1-2-1 order is chosen
    assert setup.option_menus[menu].label_of("standard") in menu.selected_option[0]
    choose(app, menu, setup.option_menus[menu].label_of("variant"))
    click_button(app, "Start")
    board = app.scene
    state = board.match.state
    assert state.players == 2 and state.two_player == "variant"
    click_target(app, ("seat", 0))
    # the message is the rule that forbids the move the click would make (rules.fault)
    assert board.controller.message == "Take a die from the tray first." == state.fault(SkylineMove("seat", seat=0))
    assert board.match.state.history == []
    # first player one die, second player two, first player the last
    movers = []
    rng = random.Random(1)
    for _ in range(4):
        st = board.match.state
        movers.append(st.to_move)
        play_move(app, board, next(m for m in st.legal_moves() if m.kind == "take"))
        play_move(app, board, rng.choice([m for m in board.match.state.legal_moves() if m.kind == "seat"]))
    assert movers == [0, 1, 1, 0]
    screenshot(app, "skyline-2p-round-two")
    play_to_the_end(app, random.Random(7), shots={40: "2p-mid"})
    assert board.match.state.is_over
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    screenshot(app, "skyline-2p-results")


@pytest.mark.slow
def test_four_players_with_computers_and_small_window(app):
    spec = shelf.GAMES[GAME]
    seats = [Seat("Ada", 0), Seat("Bo", 1, "computer", "easy"), Seat("Cy", 2, "computer", "easy"),
             Seat("Di", 4, "computer", "easy")]
    match = Match(spec, seats, 3)
    start_match(app, match)
    board = app.scene
    board.controller.ai_delay = 0.0
    screenshot(app, "skyline-4p-start")
    rng = random.Random(2)
    for _ in range(3):
        run_until(app, lambda: not board.match.is_computer_turn(), timeout=60)
        st = board.match.state
        if st.phase == "pick":
            play_move(app, board, next(m for m in st.legal_moves() if m.kind == "take"))
        play_move(app, board, rng.choice([m for m in board.match.state.legal_moves() if m.kind == "seat"]))
    run_until(app, lambda: not board.match.is_computer_turn(), timeout=60)
    screenshot(app, "skyline-4p-round-three")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640, size=(960, 640)))
    pump(app)
    assert app.size == (960, 640)
    for move in board.match.state.legal_moves():
        rect = board.target_rect(move.targets[0])
        assert board.board_rect.contains(rect)
        assert board.target_at(rect.center) == move.targets[0]
    screenshot(app, "skyline-4p-small")


def test_solo_tie_is_settled_by_clicking_a_die_and_hover_shows_a_ghost(app):
    spec = shelf.GAMES[GAME]
    start_match(app, Match(spec, [Seat("Ada", 0)], 0))  # seed 0: the automaton's yellow and green tie
    board = app.scene
    pump(app)  # the first frame: what a click finds is what was drawn
    click_target(app, ("die", 0))
    pos = board.target_rect(("seat", 0)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    highlights = board.controller.highlights()
    assert highlights.hover == ("seat", 0) and highlights.hover_ok
    screenshot(app, "skyline-hover")
    click_target(app, ("seat", 0))
    state = board.match.state
    assert state.phase == "tie" and state.tied == [1, 2]
    assert board.controller.next_targets() == {("die", 1), ("die", 2)}
    screenshot(app, "skyline-tie")
    click_target(app, ("die", 3))  # not among the tied dice: refused with the rule
    assert "priorities" in board.controller.message
    click_target(app, ("die", 2))
    assert board.match.state.sheets[1].colours.count(2) == 1
    assert board.match.state.phase == "pick"
    assert "automaton: green" in board.log.entries[-1][1]
    # a task card explains itself under the mouse
    pos = board.task_rects[(2, 0)].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    screenshot(app, "skyline-task-tip")


def test_the_log_names_who_acted_and_a_service_takes_a_second_click(app):
    spec = shelf.GAMES[GAME]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bea", 1)], 3))
    board = app.scene
    pump(app)
    click_target(app, ("die", 0))
    assert board.log.entries[-1][1].startswith("Ann takes the red die")
    state = board.match.state
    state.sheets[0].service_earned = 10  # enough for a service (5 points)
    state._legal = None
    board.controller._cache_key = None
    service = next(m for m in state.legal_moves() if m.kind == "service")
    click_target(app, service.targets[0])
    assert len(board.match.state.history) == 1, "one click on a service spends nothing"
    message = board.controller.message
    assert message.startswith("Ann takes the ") and "click again to confirm" in message
    screenshot(app, "skyline-service-confirm")
    click_target(app, service.targets[0])
    assert board.match.state.history[-1] == service
    assert board.log.entries[-1][1].startswith("Ann takes the ") and board.log.entries[-1][1].endswith("service")
    seat = next(m for m in board.match.state.legal_moves() if m.kind == "seat")
    click_target(app, seat.targets[0])
    assert board.log.entries[-1][1].startswith("Ann seats a red")
    free = next(d for d in range(4) if board.match.state.taken[d] < 0)
    click_target(app, ("die", free))
    assert board.log.entries[-1][1].startswith("Bea takes the ")
    screenshot(app, "skyline-log-names")


def test_the_automatons_six_is_an_option_on_the_new_game_screen(app):
    open_setup(app, "skyline_express")
    choose(app, app.scene.count_menu, "1")  # the automaton plays only in a solo game
    setup = app.scene
    menu = option_menu(setup, "automaton_six")
    choose(app, menu, setup.option_menus[menu].label_of("keep"))
    screenshot(app, "skyline-setup-automaton-six")
    click_button(app, "Start")
    assert app.scene.match.state.automaton_six == "keep"


def test_clicks_find_what_the_last_frame_drew(app):
    spec = shelf.GAMES[GAME]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bea", 1)], 3))
    board = app.scene
    pump(app)
    assert type(board).target_at is BoardScene.target_at and type(board).target_rect is BoardScene.target_rect
    drawn = set(board.hits.targets())
    assert drawn == ({("die", d) for d in range(4)} | {("face", v) for v in range(1, 7)}
                     | {("paint", k) for k in range(4)} | {("service", i) for i in range(12)}
                     | {("seat", i) for i in range(24)})
    paint = board.target_rect(("paint", 2))
    assert board.target_at(paint.center) == ("paint", 2)
    assert board.target_at((paint.x + 1, paint.y + 1)) is None  # a round pencil: its corner is paper
    click(app, board.tabs[1].center)  # Bea's sheet on the paper: its seats are not Ann's to click
    assert board.shown() == 1 and not any(t[0] == "seat" for t in board.hits.targets())
    assert board.target_at(board.seat_rects[0].center) is None
    click(app, board.tabs[0].center)
    play_move(app, board, SPEC.parse_move(board.match.state, "d R"))
    play_move(app, board, SPEC.parse_move(board.match.state, "p 2c"))
    assert board.match.state.sheets[0].colours[6] == 0


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_sheet_tabs_show_the_scores_on_all_or_none(app, size, scale):
    app.settings["ui_scale"] = scale  # the panel's size, which takes room from the sheet
    seats = [Seat("Ann", 0), Seat("Computer 2", 1), Seat("Computer 3", 2), Seat("Di", 3)]
    start_match(app, Match(shelf.GAMES[GAME], seats, 3))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app)
    board = app.scene
    app.draw()
    labels = [next(box.text for box in look.drawn if tab.collidepoint(box.rect.midleft)) for tab in board.tabs]
    assert any("Computer 2" in label for label in labels)
    with_score = ["  0" in label for label in labels]
    assert all(with_score) or not any(with_score), labels


@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_at_960x640_a_bigger_panel_gives_way_before_the_sheet(app, scale):
    """At 960x640 the panel at 150-200 % took the sheet down to ~525 px wide, its labels held
    at the 12 px floor in boxes drawn for 8-9 px. The panel gives way first: the sheet keeps
    the size it has with the panel at 100 %, and every word on it (the passengers' letters
    drawn on their tokens too) is 12 px or more."""
    seats = [Seat("Ann", 0), Seat("Computer 2", 1, "computer", "easy"), Seat("Computer 3", 2, "computer", "hard")]
    match = Match(shelf.GAMES[GAME], seats, 3)
    rng = random.Random(3)
    while match.state.to_move != 0 or not any(c >= 0 for c in match.state.sheets[0].colours):
        match.play(rng.choice(match.state.legal_moves()))
    sheet_scale = {}
    for ui_scale in (1.0, scale):
        app.set_window_size((960, 640))
        app.settings["ui_scale"] = ui_scale
        start_match(app, match)
        pump(app)
        board = app.scene
        sheet_scale[ui_scale] = board.scale
        app.dirty = True
        app.step()
    assert sheet_scale[scale] >= 0.98 * sheet_scale[1.0]
    on_sheet = [box for box in look.drawn if board.paper.colliderect(box.rect)]
    assert min(box.size for box in on_sheet) >= look.SMALLEST_TEXT
    assert board.panel.scale > 1.0 or scale == 1.0


def test_the_passengers_letters_are_read_where_their_tokens_are_placed(app):
    """A passenger is drawn on an image of its own, letter and all, then placed on its seat:
    the letter counts (the layout audit reads it) where it is seen; a token too small for a
    letter of 12 px has none."""
    seats = [Seat("Ann", 0), Seat("Computer 2", 1, "computer", "easy")]
    match = Match(shelf.GAMES[GAME], seats, 3)
    rng = random.Random(3)
    while sum(c >= 0 for c in match.state.sheets[0].colours) < 2 or match.state.to_move != 0:
        match.play(rng.choice(match.state.legal_moves()))
    for size, lettered in (((1280, 800), True), ((960, 640), False)):
        app.set_window_size(size)
        start_match(app, match)
        pump(app)
        board = app.scene
        app.dirty = True
        app.step()
        seated = [board.seat_rects[i] for i, c in enumerate(match.state.sheets[board.shown()].colours) if c >= 0]
        letters = [box for box in look.drawn if box.text in "RYGB" and box.rect.collidelist(seated) >= 0]
        assert (len(letters) == len(seated)) if lettered else not letters, size
        assert all(box.size >= look.SMALLEST_TEXT for box in letters)


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
def test_a_service_another_sheet_took_names_its_taker_on_paper_inside_the_card(app, size):
    """Seen at 960x640 with four people: the taker's name was written over the card's lower
    colour circle and the cross, dark letters on blue or green. It now sits on a paper plate
    in the card's middle, the card faded behind it."""
    from colours import behind_text
    app.set_window_size(size)
    start_match(app, Match(shelf.GAMES[GAME], [Seat("Ann", 0), Seat("Bea", 1)], 3))
    board = app.scene
    board.match.state.service_owner[4] = 1  # Bea took the fifth card; Ann's sheet is shown
    app.dirty = True
    app.step()
    card = board.service_rects[4]
    names = [box for box in look.drawn if box.text == "Bea" and card.colliderect(box.rect)]
    assert len(names) == 1 and card.contains(names[0].rect)
    ratio, _ = behind_text(app.screen, names[0])
    assert ratio >= 4.5

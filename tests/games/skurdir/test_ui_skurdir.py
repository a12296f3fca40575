"""Skurðir played through the real app with synthetic mouse events only."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.games.skurdir.rules import SkurdirMove, parse_cell
from game.ui.board import BoardScene
from game.ui.results import ResultsScene
from game.ui.scene import start_match
from game.ui import look
from game.ui.setup import SetupScene

from uikit import (
    look_at_board,
    choose, click, click_button, click_target, key, open_setup, option_menu, play_move, play_to_end, pump, run_until, screenshot,
    seat_kind_menu, title_app,
)


@pytest.fixture
def app():
    yield from title_app()


@pytest.mark.slow
def test_whole_three_player_game_by_mouse(app):
    title = app.scene
    card = title.cards["skurdir"]
    click(app, (card.x + 20, card.bottom + 72 + 17))  # the card's New game button
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.spec.id == "skurdir"
    choose(app, setup.count_menu, "3")
    setup = app.scene
    choose(app, seat_kind_menu(setup, 1), "Human")
    choose(app, seat_kind_menu(setup, 2), "Human")
    # the pyramid colour is chosen in play: the new-game screen offers no colour to pick
    assert all(colour is None for _i, _n, colour, _k in setup.seat_rows)
    screenshot(app, "skurdir-new-game")
    click_button(app, "Start")
    board = app.scene
    assert isinstance(board, BoardScene)
    assert [s.kind for s in board.match.seats] == ["human"] * 3
    state = board.match.state
    assert state.phase == "stacks"

    # the first stack may only go to the centre: a click elsewhere is refused with the rule
    pair = tuple(state.stacks_left[0])
    click_target(app, ("stack", pair))
    click_target(app, ("cell", parse_cell("n15")))  # beside the centre o15
    # the message is the fault of the move the clicks meant
    meant = SkurdirMove("stack", cell=parse_cell("n15"), stack=pair)
    assert board.controller.message == board.named(state.fault(meant)) and "centre" in board.controller.message
    assert board.match.state.history == []
    click_target(app, ("stack", pair))
    click_target(app, ("cell", parse_cell("o15")))
    assert len(board.match.state.history) == 1
    screenshot(app, "skurdir-setup-phase")

    rng = random.Random(3)
    play_to_end(app, rng, stop=lambda s: s.phase == "first")
    screenshot(app, "skurdir-first-player")
    play_to_end(app, rng, stop=lambda s: s.phase == "colours" and s.chooser == 1)
    screenshot(app, "skurdir-colours")
    def routed(s):
        return next((c for c in s.stations() if s.routes(c)), None)

    play_to_end(app, rng, stop=lambda s: s.phase == "build" and s.transported >= 1 and routed(s) is not None)
    state = board.match.state
    # hovering a passenger shows its routes and what they pay
    cell = routed(state)
    pos = board.target_rect(("cell", cell)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    assert board.controller.highlights().hover == ("cell", cell)
    screenshot(app, "skurdir-mid-game")

    play_to_end(app, rng)
    state = board.match.state
    assert state.is_over and state.outcome.winners
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    screenshot(app, "skurdir-results")
    look_at_board(app, board)
    screenshot(app, "skurdir-end-board")


@pytest.mark.slow
def test_against_the_computer_with_undo_and_a_small_window(app):
    app.settings["animation_speed"] = "off"
    spec = shelf.GAMES["skurdir"]
    seats = [Seat("Ann", 0), Seat("Robo", 1, "computer", "easy"), Seat("Bot", 2, "computer", "easy")]
    start_match(app, Match(spec, seats, 6, {"random_setup": True}))
    board = app.scene
    board.controller.ai_delay = 0.0
    run_until(app, lambda: not board.match.is_computer_turn())
    state = board.match.state
    n = len(state.history)
    canal = next(m for m in state.legal_moves() if m.kind == "canal" and not m.neutral)
    play_move(app, board, canal)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(board.match.state.history) == n
    # the smallest window: every target still inside the board and found again by its pixel
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640, size=(960, 640)))
    pump(app)
    for move in board.match.state.legal_moves():
        for t in move.targets[:1]:
            if t[0] == "button":
                continue
            rect = board.target_rect(t)
            assert board.board_rect.contains(rect), t
            assert board.target_at(rect.center) == t, t
    screenshot(app, "skurdir-small-window")
    key(app, pygame.K_ESCAPE)
    click_button(app, "Rules")
    screenshot(app, "skurdir-rules")
    click_button(app, "Back")
    click_button(app, "Resume")
    assert app.scene is board
    play_to_end(app, random.Random(5))
    assert board.match.state.is_over
    assert any(seat != 0 for seat in board.match.movers), "the computer never moved"


def test_sabotage_asks_for_a_second_click_and_undo_says_it_in_words(app):
    app.settings["animation_speed"] = "off"
    spec = shelf.GAMES["skurdir"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bea", 1)], 4, {"random_setup": True}))
    board = app.scene
    rng = random.Random(2)

    def sabotage(state):
        return next((m for m in state.legal_moves() if m.kind == "sabotage"), None)

    while sabotage(board.match.state) is None:  # canals first, so that one can be sabotaged
        state = board.match.state
        moves = state.legal_moves()
        board.controller.play(rng.choice([m for m in moves if m.kind == "canal"] or moves))
    pump(app)
    state = board.match.state
    move, n = sabotage(state), len(state.history)
    link = move.targets[0]
    click_target(app, link)
    assert len(board.match.state.history) == n, "one click on another player's canal sabotages nothing"
    message = board.controller.message
    assert "sabotages the canal" in message and "click again to confirm" in message
    screenshot(app, "skurdir-sabotage-confirm")
    click(app, board.target_rect(link).center, button=3)  # right-click: changed my mind
    assert board.controller.prefix == () and len(board.match.state.history) == n
    click_target(app, link)
    click_target(app, link)
    assert board.match.state.history[n] == move
    assert "sabotages the canal" in board.log.entries[-1][1]
    # the next player's move taken back: the message says it as the log does, not in notation
    while board.match.can_undo() is not None:
        board.controller.play(rng.choice(board.match.state.legal_moves()))
    pump(app)
    m = len(board.match.state.history)
    said, notation = board.log.entries[-1][1], board.match.notations[-1]
    click_button(app, "Undo")
    assert len(board.match.state.history) == m - 1
    assert board.controller.message == f"Taken back: {said}." and notation not in said
    screenshot(app, "skurdir-undo-in-words")


def test_set_up_names_the_players(app):
    spec = shelf.GAMES["skurdir"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bea", 1)], 4))
    board = app.scene
    rng = random.Random(1)
    while board.match.state.phase != "colours":
        board.controller.play(rng.choice(board.match.state.legal_moves()))
    pump(app)
    assert board.named(board.controller.words.phase(board.match.state)).split(":")[0] in ("Ann", "Bea")
    assert any(label.endswith("will play first") and label.split()[0] in ("Ann", "Bea") for _s, label in board.log.entries)
    click_target(app, board.match.state.legal_moves()[0].targets[0])
    assert board.log.entries[-1][1].split()[0] in ("Ann", "Bea") and "Seat" not in board.log.entries[-1][1]
    screenshot(app, "skurdir-colour-chosen")


def test_a_disabled_button_says_why(app):
    spec = shelf.GAMES["skurdir"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bea", 1)], 4))
    board = app.scene
    pump(app)
    pass_button = board.panel.game_buttons["pass"]
    assert not pass_button.is_enabled  # the stacks are laid out first
    # hovering it shows why, in words and with the player's name
    pos = pass_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    rect, why = board.panel.disabled_button_note(pos)
    assert rect == pass_button.rect and why.startswith("Passing is for the building step only")
    assert "Ann" in why or "Bea" in why
    screenshot(app, "skurdir-disabled-pass-hover")
    # a click on it says it in the panel and changes nothing
    click(app, pos)
    assert board.controller.message == why and board.match.state.history == []
    # Undo, with nothing to take back, says that
    click(app, board.panel.undo_button.rect.center)
    assert board.controller.message == "Nothing to undo."


@pytest.mark.slow
@pytest.mark.parametrize("window", [(1280, 800), (960, 640)])
def test_ten_stacks_in_a_line_fit_the_board_and_answer_clicks(app, window):
    """The rulebook lays each stack "adjacent" to the stacks out, on a table with no
    edge: ten stacks in one row must be possible, and the view must shrink to show them."""
    w, h = window
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    pump(app)
    spec = shelf.GAMES["skurdir"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 3, {}))
    pump(app)  # the first frame puts the places to click on the hit map
    board = app.scene
    state = board.match.state
    assert state.table == "open"
    cells = [parse_cell(f"{col}15") for col in "klmnopqrst"]  # from k15 across the centre o15 to t15
    order = sorted(cells, key=lambda c: abs(c - parse_cell("o15")))  # the centre first, then outwards
    for k, cell in enumerate(order):
        pair = tuple(board.match.state.stacks_left[0])
        click_target(app, ("stack", pair))
        click_target(app, ("cell", cell))
        assert len(board.match.state.history) == k + 1, board.controller.message
    state = board.match.state
    assert state.phase == "first" and sorted(state.stations()) == sorted(cells)
    # every station (and the empty cells at both ends of the row) is on screen and found by its pixel
    ends = [parse_cell("j15"), parse_cell("u15")]
    for c in cells + ends:
        rect = board.cell_rect(c)
        assert board.board_rect.contains(rect), c
        assert board.target_at(board.centre(c)) == ("cell", c), c
    assert board.cell_rect(cells[0]).right <= board.cell_rect(cells[1]).left + 1  # one cell each, in order
    screenshot(app, f"skurdir-ten-in-a-line-{w}x{h}")
    # play on by mouse into the building phase: the canals along the row are clickable
    play_to_end(app, random.Random(2), stop=lambda s: s.phase == "build")
    canal = next(m for m in board.match.state.legal_moves() if m.kind == "canal")
    play_move(app, board, canal)
    screenshot(app, f"skurdir-ten-in-a-line-canal-{w}x{h}")


def test_the_9x9_table_is_an_option_on_the_new_game_screen(app):
    open_setup(app, "skurdir")
    setup = app.scene
    menu = option_menu(setup, "table")
    choose(app, menu, setup.option_menus[menu].label_of("9x9"))
    menu = option_menu(setup, "crossing")
    choose(app, menu, setup.option_menus[menu].label_of(False))
    click_button(app, "Start")
    board = app.scene
    state = board.match.state
    assert (state.table, state.n, state.crossing) == ("9x9", 9, False)
    pair = tuple(state.stacks_left[0])
    click_target(app, ("stack", pair))
    click_target(app, ("cell", state.centre))
    assert [str(m) for m in board.match.state.history] == [f"s {'RYGBK'[pair[0]]}{'RYGBK'[pair[1]]} e5"]
    screenshot(app, "skurdir-9x9-table")


def test_a_canal_across_a_gap_leaves_the_empty_cell_under_it_clickable(app):
    """The hit map puts what can be clicked now on top: the spare station's cell
    under another canal is found by its pixel, and the click builds there."""
    app.settings["animation_speed"] = "off"
    spec = shelf.GAMES["skurdir"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bea", 1)], 2, {"random_setup": True}))
    board = app.scene
    rng = random.Random(2)
    for _ in range(9):  # canals first (found for this seed: p17→p15 lies across p16)
        moves = board.match.state.legal_moves()
        board.controller.play(rng.choice([m for m in moves if m.kind == "canal"] or moves))
    pump(app)
    state = board.match.state
    gap, link = parse_cell("p16"), ("link", parse_cell("p17"), parse_cell("p15"))
    assert link[1:] in state.canals and board.target_rect(link).colliderect(board.cell_rect(gap))
    station = SkurdirMove("station", cell=gap)
    assert station in state.legal_moves()
    over_both = board.target_rect(link).center  # on the canal, inside the empty cell
    assert board.cell_rect(gap).collidepoint(over_both)
    assert board.target_at(over_both) == ("cell", gap)
    n = len(state.history)
    click(app, over_both)
    click(app, over_both)  # the spare station is once a game: the second click confirms
    assert board.match.state.history[n] == station and board.match.state.station[gap] >= 0


@pytest.mark.slow
@pytest.mark.parametrize("table, said", [("open", "in the middle of the table, at o15"), ("9x9", None)])
def test_the_open_table_says_why_its_cell_names_start_mid_alphabet(app, monkeypatch, table, said):
    """Ruling 13: the names stay (they are the notation); the board explains them."""
    from game.games.skurdir import board_screen as module
    spec = shelf.GAMES["skurdir"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 2, {"table": table, "random_setup": True}))
    pump(app)
    board = app.scene
    texts = []
    text = module.look.text

    def record(surface, message, *args, **kwargs):
        box = text(surface, message, *args, **kwargs)
        texts.append((message, box))
        return box

    monkeypatch.setattr(module.look, "text", record)
    board.rebuild()
    app.dirty = True
    app.step()
    notes = [(m, box) for m, box in texts if m in getattr(board, "note_lines", ())]
    if said is None:
        assert notes == []
        return
    # in plain words: what the names are made of, and where the game starts
    words = " ".join(m for m, _box in sorted(notes, key=lambda note: note[1].y))
    assert words.startswith("Cells are named by the letters below the grid and the numbers beside it.")
    assert said in words and "far corner" not in words
    box = notes[0][1].unionall([b for _m, b in notes])
    assert box.bottom <= board.grid_rect.y - 14 and box.top >= 0 and box.right <= board.side_rect.x
    screenshot(app, "skurdir-cell-names")


def ann_and_bob_set_up(app):
    """A two-person game at its set-up (the stacks to place), on its board."""
    start_match(app, Match(shelf.GAMES["skurdir"], [Seat("Ann", 0), Seat("Bob", 1)], 4))
    pump(app)
    return app.scene


def test_the_stacks_to_place_stay_in_their_boxes_as_others_are_placed(app):
    board = ann_and_bob_set_up(app)
    state = board.match.state
    boxes = {tuple(pair): board.target_rect(("stack", tuple(pair))) for pair in state.stacks_left}
    first = tuple(state.stacks_left[0])
    click_target(app, ("stack", first))
    click_target(app, ("cell", state.centre))
    assert first not in map(tuple, state.stacks_left) and board.target_rect(("stack", first)) is None
    assert {tuple(p): board.target_rect(("stack", tuple(p))) for p in state.stacks_left} == \
        {pair: box for pair, box in boxes.items() if pair != first}
    click_button(app, "Undo")  # the stack comes back to its own box
    assert board.target_rect(("stack", first)) == boxes[first]


def test_after_the_first_click_of_a_move_the_panel_says_where_the_next_goes(app):
    board = ann_and_bob_set_up(app)
    state = board.match.state

    def status():
        return board.panel.status_text(board.controller.highlights())

    assert status() == "Ann: choose the centre stack"
    click_target(app, ("stack", tuple(state.stacks_left[0])))
    assert status() == "Ann: now click o15 for this stack"
    key(app, pygame.K_ESCAPE)  # chosen again: the phase line comes back
    assert status() == "Ann: choose the centre stack"
    click_target(app, ("stack", tuple(state.stacks_left[0])))
    click_target(app, ("cell", state.centre))
    click_target(app, ("stack", tuple(state.stacks_left[0])))
    assert status() == "Ann: now click a lit cell for this stack"


def test_the_cell_just_chosen_stays_framed_white_under_the_pointer_not_red(app):
    from game.ui import look
    from game.ui.lesson import open_lesson

    open_lesson(app, "skurdir", 0)  # the first step: a canal from c5 to d5
    pump(app)
    board = app.scene
    start = ("cell", parse_cell("c5", board.match.state.n))
    click_target(app, start)  # the pointer stays on c5
    assert board.controller.prefix == (start,) and board.controller.hover == start
    app.dirty = True
    app.step([])
    frame = board.cell_rect(start[1]).inflate(-2, -2)
    edge = app.screen.get_at((frame.centerx, frame.top + 1))[:3]
    assert edge == (255, 255, 255) and edge != look.BAD[:3]


def test_a_route_the_player_may_not_take_says_whose_it_is_not(app):
    """Hovering a passenger lists its routes; one the player to move may not take says
    why in words a newcomer reads: none of the passenger, its station and the first
    canal is theirs (not "not yours to move" on their own turn)."""
    spec = shelf.GAMES["skurdir"]

    def barred(state):
        return next((c for c in state.stations() if state.routes(c)
                     and not any(state.may_move(state.to_move, r) for r in state.routes(c))), None)
    for seed in range(20):  # a random game until a passenger its player may not move is there
        match = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], seed, {"random_setup": True})
        rng = random.Random(seed)
        while not match.state.is_over and not (match.state.phase == "build" and barred(match.state) is not None):
            match.play(rng.choice(match.state.legal_moves()))
        if not match.state.is_over:
            break
    start_match(app, match)
    board = app.scene
    pump(app)
    pos = board.target_rect(("cell", barred(match.state))).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    routes = [box.text for box in look.drawn if box.text.startswith("→")]
    assert routes and all(text.endswith(" (not your passenger, station or canal)") for text in routes)


def _sideways_transport(state, board):
    """The longest transport along a route with a step sideways (a station and the canal
    beside it half a cell apart on one line); None if there is none."""
    def sideways(route):
        return any(board.centre(a)[1] == board.centre(b)[1] for a, b in zip(route, route[1:]))
    found = [m for m in state.legal_moves() if m.kind == "transport" and state.is_route(m.route) and sideways(m.route)]
    return max(found, key=lambda m: len(m.route), default=None)


def _rect_at(centre, size=(34, 20)):
    rect = pygame.Rect((0, 0), size)
    rect.center = centre
    return rect


def _overlaps(rects):
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


@pytest.mark.parametrize("seed", [5, 12])
def test_the_points_a_transport_pays_never_cover_one_another_on_the_smallest_board(app, monkeypatch, seed):
    """In the smallest window with the panel at its largest the cells lie close together: the
    points each piece of a route pays pop up stacked where they would meet, never one over another."""
    from game.games.skurdir import board_screen

    app.settings.update(ui_scale=2.0, animation_speed="off")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640, size=(960, 640)))
    pump(app)
    start_match(app, Match(shelf.GAMES["skurdir"], [Seat("Ann", 0), Seat("Bob", 1)], 6, {"random_setup": True}))
    pump(app)  # the first frame puts the places to click on the hit map
    board = app.scene
    play_to_end(app, random.Random(seed), stop=lambda s: _sideways_transport(s, board) is not None)
    state = board.match.state
    move = _sideways_transport(state, board)
    after = state.clone()
    after.apply(move)
    anchors, pills = [], []
    place, write = board_screen.tag_rects, look.text
    monkeypatch.setattr(board_screen, "tag_rects", lambda points, size: anchors.extend(points) or place(points, size))

    def text(surface, words, at, *args, **kwargs):
        if words.startswith("+"):
            pills.append(_rect_at(at))
        return write(surface, words, at, *args, **kwargs)

    monkeypatch.setattr(look, "text", text)
    for anim in board.animations_for(move, state.to_move, state.view(board.viewer), after.view(board.viewer)):
        anim.paint(app.screen, 1.0)
    assert len(pills) == len(anchors) >= 2
    assert _overlaps([_rect_at((int(x), int(y))) for x, y in anchors]), "no two would have met: not the case tested"
    assert not _overlaps(pills)

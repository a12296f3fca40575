"""Every screen and every move by keys alone (issue #36/#47): no mouse event in these tests."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.ui.focus import reading_order
from game.ui.board import BoardScene
from game.ui.menus import HandOffScene
from game.ui.results import ResultsScene
from game.ui.setup import SetupScene
from keyskit import (choose_by_keys, cursor_move, play_by_keys, rect_distance, ring, tab_to, tab_to_button, type_text,
                     typed_move)
from uikit import key, option_menu, pump, seat_kind_menu, think_quickly, title_app

# What each game is set up with, chosen by keys on the new-game screen: short games
SHORT = {
    "scurry": {"players": None, "options": {"tiles": "6"}},
    "skurdir": {"players": None, "options": {"random_setup": True}},
    "skyline_express": {"players": "1", "options": {}},
    "scrubbudgetel": {"players": None, "options": {}},
    "skyrunner": {"players": None, "options": {"squares": 8}},
}


@pytest.fixture
def app():
    yield from title_app()


def start_by_keys(app, game_id: str, computer: str = "Computer: easy") -> BoardScene:
    """From the title by keys: the game's card, its options, the second seat the computer, Start."""
    tab_to(app, lambda stop: stop.key == ("card", game_id))
    key(app, pygame.K_RETURN)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.spec.id == game_id
    wanted = SHORT[game_id]
    if wanted["players"]:
        choose_by_keys(app, setup.count_menu, wanted["players"])
    for option_key, value in wanted["options"].items():
        menu = option_menu(setup, option_key)
        choose_by_keys(app, menu, setup.option_menus[menu].label_of(value))
    if setup.players > 1:
        choose_by_keys(app, seat_kind_menu(setup, 1), computer)
    tab_to_button(app, "Start")
    key(app, pygame.K_RETURN)
    if isinstance(app.scene, HandOffScene):  # two people at a game with secrets: the first cover
        key(app, pygame.K_RETURN)
    board = app.scene
    assert isinstance(board, BoardScene), "Start by Enter did not open the board"
    return board


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(shelf.GAMES))
@pytest.mark.parametrize("play", [cursor_move, typed_move], ids=["cursor", "typed"])
def test_a_whole_game_from_the_title_to_the_results_by_keys_alone(app, monkeypatch, game_id, play):
    think_quickly(monkeypatch, 20)
    monkeypatch.setattr("game.ui.board.RESULTS_DELAY", 0.05)  # the results screen at once: the test waits for it
    board = start_by_keys(app, game_id)
    play_by_keys(app, random.Random(7), play)
    assert board.match.state.is_over
    for _ in range(200):
        if isinstance(app.scene, ResultsScene):
            break
        pump(app)
        pygame.time.wait(10)
    assert isinstance(app.scene, ResultsScene), "the results screen did not come"
    key(app, pygame.K_RETURN)  # Enter: Play again, the results screen's one main action
    assert isinstance(app.scene, BoardScene) and app.scene is not board and not app.scene.match.state.history


@pytest.mark.slow
def test_three_people_pass_skyrunner_round_the_table_by_keys(app):
    """A round of three people's secret picks through the hand-off covers, each cover
    passed with Enter, each pick by the cursor and Confirm by Enter."""
    tab_to(app, lambda stop: stop.key == ("card", "skyrunner"))
    key(app, pygame.K_RETURN)
    setup = app.scene
    choose_by_keys(app, setup.count_menu, "3")
    for seat in range(3):
        choose_by_keys(app, seat_kind_menu(setup, seat), "Human")
    tab_to_button(app, "Start")
    key(app, pygame.K_RETURN)
    board = next(s for s in app.scenes if isinstance(s, BoardScene))
    rng = random.Random(4)
    covers = []
    start_round = board.match.state.round if hasattr(board.match.state, "round") else None
    for _ in range(12):
        if isinstance(app.scene, HandOffScene):
            covers.append(app.scene.name)
            assert ring(app).key[1] == f"I am {app.scene.name}: show my view"
            key(app, pygame.K_SPACE)
            continue
        assert app.scene is board
        seat = board.match.state.to_move
        assert board.viewer == seat, "the screen shows another seat's view"
        cursor_move(app, board, rng.choice(board.match.state.legal_moves()))
        if len(covers) == 3 and not isinstance(app.scene, HandOffScene):
            break
    assert covers[:3] == [s.name for s in board.match.seats], covers
    assert len(board.match.state.history) >= 3
    assert start_round is None or board.match.state.round != start_round or board.match.state.history


def test_typed_notation_lists_matches_refuses_with_the_rule_and_closes_on_escape(app):
    board = start_by_keys(app, "scurry", "Human")
    state = board.match.state
    legal = {str(m) for m in state.legal_moves()}
    type_text(app, "/")
    assert board.typing_move.open
    first = sorted(legal)[0]
    type_text(app, first[0])
    listed = [n for n, _w, _m in board.typing_move.matches()]
    assert listed and all(n.lower().startswith(first[0].lower()) for n in listed)
    assert set(listed) == {n for n in legal if n.lower().startswith(first[0].lower())}
    key(app, pygame.K_BACKSPACE)
    type_text(app, "zz9")
    key(app, pygame.K_RETURN)
    assert not board.match.state.history
    assert "zz9" in board.controller.message  # says what it could not read, and why
    key(app, pygame.K_ESCAPE)
    assert not board.typing_move.open
    key(app, pygame.K_h)  # keys are the board's again: H asks for a hint
    assert board.hinter.current is not None or "Hint" in board.controller.message or board.controller.message


def test_the_ring_is_drawn_and_moves_by_tab_and_arrows(app):
    """The ring shows at the first Tab, around the stop, in its bright colour; Tab walks the
    reading order; an arrow goes to the nearest stop that way."""
    title = app.scene
    key(app, pygame.K_TAB)
    first = ring(app)
    assert first.key == ("card", next(iter(shelf.GAMES)))
    shot = app.screen
    from game.ui import focus
    box = first.rect.inflate(2 * (focus.RING_WIDTH + focus.RING_GAP), 2 * (focus.RING_WIDTH + focus.RING_GAP))
    ringed = sum(1 for x in range(box.left, box.right) if shot.get_at((x, box.top + 1))[:3] == focus.RING_COLOUR)
    assert ringed > box.w // 2, "no ring drawn around the card"
    order = reading_order(title.focus_stops())
    key(app, pygame.K_TAB)
    assert ring(app).key == order[1].key
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ring(app).key == first.key
    key(app, pygame.K_DOWN)
    below = ring(app)
    assert below.rect.centery > first.rect.centery
    # a mouse press hides it: a person on the mouse sees no ring
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1))
    pump(app)
    assert not app.keys_in_use


def test_number_keys_pick_skyrunner_bid_cards_and_skyline_dice(app):
    board = start_by_keys(app, "skyrunner", "Human")
    state = board.match.state
    numbers = sorted(m.card for m in state.legal_moves() if m.kind == "play" and m.card.startswith("N"))
    card = numbers[-1]
    key(app, getattr(pygame, f"K_{card[1:]}"))
    if board.controller.pending is not None:
        key(app, pygame.K_RETURN)
    assert str(board.match.state.history[0]).startswith(card)


def test_number_keys_take_skyline_dice_and_turn_faces(app):
    board = start_by_keys(app, "skyline_express")
    dice = sorted(t for t in board.controller.next_targets() if t[0] == "die")
    assert len(dice) >= 2
    key(app, pygame.K_2)
    assert board.match.state.history and board.match.state.history[0].targets[0] == dice[1]


def test_the_player_aid_lists_the_keys_of_the_phase(app):
    from game.ui.aid_screen import AidScene

    board = start_by_keys(app, "skyrunner", "Human")
    key(app, pygame.K_F1)
    aid = app.scene
    assert isinstance(aid, AidScene)
    text = " ".join(line.text for line in aid.shown)
    assert "Arrows move the gold ring" in text and "bid card of that number" in text
    example = str(board.controller.candidates(())[0])
    assert f"“{example}”" in text  # the typed notation, with a move that may be typed now
    from uikit import screenshot
    screenshot(app, "keys-aid-skyrunner")


def test_the_rules_scroll_by_arrows_page_keys_home_and_end(app):
    from game.ui.rules_screen import RulesScene

    tab_to(app, lambda stop: stop.key[:2] == ("button", "Rules"))
    key(app, pygame.K_RETURN)
    rules = app.scene
    assert isinstance(rules, RulesScene)
    assert ring(app).key == ("text",)  # the ring starts on the text
    bar = rules.text_box.scroll_bar

    def at() -> float:
        pump(app)
        return bar.start_percentage

    assert at() == 0
    key(app, pygame.K_DOWN)
    down = at()
    assert down > 0
    key(app, pygame.K_PAGEDOWN)
    assert at() > down
    key(app, pygame.K_END)
    assert at() + bar.visible_percentage > 0.99  # the last line in view
    key(app, pygame.K_HOME)
    assert at() == 0
    key(app, pygame.K_LEFT)  # out of the text to the list of sections
    assert ring(app).key[0] == "button"
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, RulesScene)


def test_a_name_is_typed_into_its_field_and_enter_starts_the_game(app):
    from uikit import open_setup
    from game.ui.setup import SetupScene

    setup = open_setup(app, "scurry")  # by a click: the ring is not shown
    assert not app.keys_in_use
    _i, name_entry, _c, _kind = setup.seat_rows[0]
    tab_to(app, lambda stop: stop.key[0] == "entry" and stop.rect == name_entry.rect)
    key(app, pygame.K_RETURN)  # the field takes the typing
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    type_text(app, "Eva")
    key(app, pygame.K_TAB)  # and gives it back to the ring
    assert name_entry.get_text() == "Eva"
    assert ring(app).key[0] != "entry"
    app.keys_in_use = False  # the ring hidden: Enter is the screen's one main button
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, SetupScene)
    board = next(s for s in app.scenes if isinstance(s, BoardScene))
    assert board.match.seats[0].name == "Eva"


def test_the_cursor_starts_on_the_hints_first_place_and_near_the_last_move(app, monkeypatch):
    from uikit import run_until

    think_quickly(monkeypatch, 20)
    board = start_by_keys(app, "scurry")
    run_until(app, lambda: not board.match.is_computer_turn())
    key(app, pygame.K_h)
    run_until(app, lambda: board.hinter.current is not None and board.hinter.path())
    pump(app)
    assert ring(app).key == ("target", board.hinter.path()[0])
    # the computer's placement: the ring comes back near it, not where the person left it
    key(app, pygame.K_RETURN)
    run_until(app, lambda: not board.match.is_computer_turn() or board.match.state.is_over)
    pump(app)
    last = board.match.state.history[-1]
    placed = board.target_rect(last.targets[-1])
    here = ring(app).rect
    others = [s.rect for s in board.focus_stops() if s.key[0] == "target"]
    assert rect_distance(here, placed) == min(rect_distance(r, placed) for r in others)  # one of the nearest


def test_while_the_computer_thinks_the_ring_waits_on_the_board_and_enter_only_says_why(app):
    from game.engine.match import Match, Seat
    from game.ui.scene import start_match

    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Robo", 0, "computer", "easy"), Seat("Ann", 1)], 3, {"random_setup": True}))
    board = app.scene
    board.controller.ai_delay = 30  # the computer's answer waits: its turn lasts through the test
    pump(app)
    key(app, pygame.K_TAB)
    assert ring(app).key == ("board",)
    key(app, pygame.K_RETURN)
    assert board.controller.message == "Please wait: the computer is thinking."
    assert app.scene is board and not board.match.state.history


def test_the_move_log_reads_back_by_keys(app):
    from game.engine.match import Match, Seat
    from game.ui.scene import start_match

    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 3, {"random_setup": True}))
    board = app.scene
    rng = random.Random(2)
    while len(board.log.lines) < 80 and not board.match.state.is_over:
        board.controller.play(rng.choice(board.match.state.legal_moves()))  # as clicks would, by the controller
    pump(app)
    tab_to(app, lambda stop: stop.key == ("log",))
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert board.log.scroll == 2
    key(app, pygame.K_DOWN)
    assert board.log.scroll == 1


@pytest.mark.parametrize("game_id", ["scrubbudgetel", "skurdir"])
def test_a_place_pressed_by_keys_that_leaves_the_move_half_made_sends_the_ring_to_the_next(app, game_id):
    """In the smallest window with the panel at its largest: Enter on one of Scrubbudgetel's
    markers (under the map), and the ring goes to the nearest place on the map it may be laid,
    not to a button; on a Skurðir canal's first cell, to the nearest cell it may run to. One
    more Enter there makes the move."""
    from uikit import run_until

    app.settings.update(ui_scale=2.0)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640, size=(960, 640)))
    pump(app)
    board = start_by_keys(app, game_id, "Human")
    run_until(app, lambda: not board.match.is_computer_turn())
    state = board.match.state
    first = next(m for m in state.legal_moves()
                 if len(m.targets) > 1 and m.targets[0] != m.targets[1] and m.targets[0][0] != "button")
    tab_to(app, lambda stop: stop.key == ("target", first.targets[0]))
    pressed = ring(app).rect
    moves = len(state.history)
    key(app, pygame.K_RETURN)
    pump(app)
    nexts = board.controller.next_targets()
    assert board.controller.prefix == (first.targets[0],) and ring(app).key[1] in nexts
    places = [s.rect for s in board.focus_stops() if s.key[0] == "target" and s.key[1] in nexts]
    assert rect_distance(ring(app).rect, pressed) == min(rect_distance(r, pressed) for r in places)
    for _ in range(6):  # the ring's place, then any further step, by Enter
        if len(board.match.state.history) > moves:
            break
        key(app, pygame.K_RETURN)
        pump(app)
    assert board.match.state.history[moves].targets[0] == first.targets[0]

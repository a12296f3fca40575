"""The screen is current with the mouse left still (design.md, "The screen tells the truth").

Once the app has settled with no input (the loop stepped with no events, as
App.run does while pygame.event.wait times out, until it draws nothing more),
the frame on screen must equal the frame it draws after a zero-distance mouse
move at the pointer. Checked for every game, animations off and normal, after:
a computer's reply, Undo, Redo, a hint, a hand-off, the results screen, a
lesson step and a replay step.

Two things change a resting screen by the clock alone, and are held or waited
for here: the throb of highlights (board.pulse; drawn only when a frame is drawn
for another reason, so it would differ between any two frames) is held still,
and a tooltip due under a resting pointer is waited for before comparing.

The pointer is the one the app last saw (App.mouse_pos, from the mouse events:
under the dummy video driver SDL's own never follows posted events). Input is
pumped before the check: the check itself feeds none but the zero-distance move.
"""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game import lessons
from game import shelf
from game.engine.match import Match, Seat
from game.ui import board as board_module
from game.ui import game_board
from game.ui.menus import HandOffScene
from game.ui.results import ResultsScene
from game.ui.scene import start_match

from uikit import SHOTS, click_button, key, make_app, paced_step, play_move, pump, run_until

GAMES = sorted(shelf.GAMES)
SPEEDS = ["off", "normal"]
HIDDEN = [g for g in GAMES if shelf.GAMES[g].hidden_information]
QUIET_PASSES = 3  # loop passes in a row that draw nothing: the screen is at rest


@pytest.fixture(autouse=True)
def still_highlights(monkeypatch):
    monkeypatch.setattr(game_board, "PULSE_CLOCK", lambda: 0.0)
    monkeypatch.setattr(board_module, "RESULTS_DELAY", 0.1)  # the results screen sooner (it is the same wait)
    yield
    pygame.quit()


# ---- the rule --------------------------------------------------------------
def tooltip_due(app) -> bool:
    """A widget under the resting pointer will show its tooltip (pygame-gui: after 1 s of hover)."""
    manager = app.scene.manager
    return any(getattr(e, "hovered", False) and getattr(e, "tool_tip_text", None) and e.tool_tip is None
               for e in manager.get_root_container().elements) if manager is not None else False


def due(app) -> bool:
    """Something the app knows will change the screen by itself: a toast to expire,
    an animation, a computer thinking, a timer, a tooltip."""
    return bool(app.toasts) or app.scene.frame_interval() is not None or tooltip_due(app)


def settle(app, timeout: float = 15.0) -> None:
    """Step the loop with no input until nothing is due and QUIET_PASSES passes in a
    row drew nothing (what the app schedules itself, `due` knows of; the quiet
    passes catch a frame owed to a change the last pass made)."""
    deadline = time.monotonic() + timeout
    quiet = 0
    while quiet < QUIET_PASSES or due(app):
        quiet = 0 if paced_step(app, []) else quiet + 1
        assert time.monotonic() < deadline, "with no input, the app never stopped drawing frames"


def assert_settled_frame_is_current(app, situation: str) -> None:
    """The settled frame equals the one drawn after a zero-distance mouse move at the pointer."""
    settle(app)
    shown = pygame.image.tobytes(app.screen, "RGB")
    scene = app.scene
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.mouse_pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    settle(app)
    assert app.scene is scene, f"{situation}: a mouse move that went nowhere changed the screen"
    if pygame.image.tobytes(app.screen, "RGB") != shown:
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(pygame.image.frombytes(shown, app.size, "RGB"), str(SHOTS / "stale_settled.png"))
        pygame.image.save(app.screen, str(SHOTS / "stale_after_move.png"))
        raise AssertionError(f"{situation}: the screen at rest was stale; a zero-distance mouse move at "
                             f"{app.mouse_pos} changed it (see {SHOTS}/stale_*.png)")


# ---- games to look at --------------------------------------------------------
def open_match(game_id, speed, seats, seed=11, moves=()):
    """The app showing a match after `moves`, animations at `speed`; computers answer at once."""
    app = make_app()
    app.settings["animation_speed"] = speed
    match = Match(shelf.GAMES[game_id], seats, seed)
    for move in moves:
        match.play(move)
    start_match(app, match)
    board = app.scene
    board.controller.ai_delay = 0.0
    pump(app)
    return app, board


def against_computer(game_id):
    spec = shelf.GAMES[game_id]
    return [Seat("Ann", 0)] + [Seat(f"Robo {i}", i, "computer", "easy") for i in range(1, max(2, spec.min_players))]


def board_move(state, rng):
    """A move made on the board where there is one (the pointer then rests on the board, as in the issue)."""
    moves = state.legal_moves()
    on_board = [m for m in moves if all(t[0] != "button" for t in m.targets)]
    return rng.choice(on_board or moves)


def a_finished_game(game_id, seed=3):
    """The moves of a random game to its end, and the seat that made the last one."""
    spec = shelf.GAMES[game_id]
    match = Match(spec, [Seat(f"P{i}", i) for i in range(max(2, spec.min_players))], seed)
    rng = random.Random(seed)
    movers = []
    while not match.state.is_over:
        movers.append(match.state.to_move)
        match.play(rng.choice(match.state.legal_moves()))
    return match, movers[-1]


def one_move_from_the_end(game_id, speed):
    """The app showing a game whose last move is Ann's to make (the others are computers)."""
    finished, last = a_finished_game(game_id)
    seats = [Seat("Ann", i) if i == last else Seat(f"Robo {i}", i, "computer", "easy")
             for i in range(len(finished.seats))]
    spec = finished.spec
    moves, state = [], spec.new_game(len(seats), finished.seed)
    for text in finished.notations[:-1]:
        moves.append(spec.parse_move(state, text))
        state.apply(moves[-1])
    app, board = open_match(game_id, speed, seats, finished.seed, moves)
    return app, board, spec.parse_move(board.match.state, finished.notations[-1])


# ---- the situations ----------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_after_a_computer_reply_undo_redo_and_a_hint(game_id, speed):
    app, board = open_match(game_id, speed, against_computer(game_id))
    match, rng = board.match, random.Random(5)
    for _ in range(20):  # Ann's moves until a computer has answered one
        if match.is_computer_turn():
            run_until(app, lambda: not match.is_computer_turn() or match.state.is_over)
            break
        play_move(app, board, board_move(match.state, rng))
    assert not match.state.is_over and not match.is_computer_turn()
    assert_settled_frame_is_current(app, "after the computer's reply")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert_settled_frame_is_current(app, "after Undo (Ctrl+Z)")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert_settled_frame_is_current(app, "after Redo (Ctrl+Y)")
    key(app, pygame.K_h)
    run_until(app, lambda: not board.hinter.thinking)
    assert_settled_frame_is_current(app, "after a hint (H)")
    if board.panel.undo_button.is_enabled:
        click_button(app, "Undo")  # the pointer now rests on the button
        assert_settled_frame_is_current(app, "after Undo by its button")


@pytest.mark.slow
@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("game_id", HIDDEN)
def test_after_a_hand_off(game_id, speed):
    names = ("Ann", "Bob", "Cy")[:max(2, shelf.GAMES[game_id].min_players)]
    app, board = open_match(game_id, speed, [Seat(name, i) for i, name in enumerate(names)])
    assert isinstance(app.scene, HandOffScene)
    assert_settled_frame_is_current(app, "on the hand-off screen")
    click_button(app, "I am Ann: show my view")
    assert_settled_frame_is_current(app, "after the first hand-off")
    play_move(app, board, board_move(board.match.state, random.Random(2)))
    if board.controller.pending is not None:
        key(app, pygame.K_RETURN)  # confirmed with the pointer still on the choice
    assert isinstance(app.scene, HandOffScene)
    assert_settled_frame_is_current(app, "on the hand-off screen after Ann's move")
    click_button(app, "I am Bob: show my view")
    assert_settled_frame_is_current(app, "after the hand-off to Bob")


@pytest.mark.slow
@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_after_the_results_and_in_the_replay(game_id, speed):
    app, board, last = one_move_from_the_end(game_id, speed)
    play_move(app, board, last)  # the pointer rests where the last move was made
    run_until(app, lambda: isinstance(app.scene, ResultsScene))
    assert_settled_frame_is_current(app, "on the results screen")
    click_button(app, "Look at the board")
    replay = app.scene.mode
    assert_settled_frame_is_current(app, "in the replay, at the last move")
    key(app, pygame.K_LEFT)
    assert_settled_frame_is_current(app, "a replay step back (←)")
    click_button(app, "<")
    assert_settled_frame_is_current(app, "a replay step back by its button")
    replay.speed = "fastest"
    key(app, pygame.K_SPACE)  # plays the last two moves, then stops by itself
    run_until(app, lambda: not replay.playing)
    assert_settled_frame_is_current(app, "after the replay played to the end")


@pytest.mark.slow
@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_after_a_lesson_step(game_id, speed):
    app = make_app()
    app.settings["animation_speed"] = speed
    app.show("lesson", game_id, 0)
    pump(app)
    lesson, board = lessons.load(game_id), app.scene
    assert_settled_frame_is_current(app, "at the lesson's first step")
    for text in lesson.steps[0].moves:
        if board.match.state.to_move == lesson.you and not board.mode.step_done:
            play_move(app, board, board.match.spec.parse_move(board.match.state, text))
    assert board.mode.step_done
    assert_settled_frame_is_current(app, "after the lesson step's move")
    click_button(app, "Next ▸")
    assert_settled_frame_is_current(app, "at the lesson's next step")


def test_what_comes_and_goes_by_the_clock_is_drawn_with_the_mouse_left_still():
    """A toast that expires, a tooltip that appears, a pointer that leaves the window."""
    app, board = open_match("scurry", "off", against_computer("scurry"))
    app.notify("A note for a moment.", seconds=0.3)
    pump(app)
    assert_settled_frame_is_current(app, "after a toast expired")
    assert not app.toasts
    menu = board.button_rects()["Menu"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.center, rel=(1, 0), buttons=(0, 0, 0)))
    pump(app)
    assert_settled_frame_is_current(app, "after a tooltip came")
    assert any(e.tool_tip is not None for e in board.actions), "no tooltip under the resting pointer"
    target = sorted(board.controller.next_targets(), key=repr)[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board.target_rect(target).center, rel=(1, 0),
                                         buttons=(0, 0, 0)))
    pump(app)
    assert board.controller.hover == target
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    pump(app)
    assert_settled_frame_is_current(app, "after the pointer left the window")
    assert board.controller.hover is None, "the place under the pointer stays lit after it left the window"

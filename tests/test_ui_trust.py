"""The screen tells the truth and keeps secrets, for every game on the shelf.

- A computer's move is drawn the moment it is played, with the mouse left
  still (the loop is stepped with no events, as App.run does when
  pygame.event.wait times out), with animations off and on.
- While a computer thinks, the screen is redrawn at most ~10 times a second.
- After a pass-and-play hand-off, the first frame depends only on the view of
  the person now in front of the screen: not on what the last person hovered,
  half-clicked or chose first.
"""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.ui import game_board
from game.ui.menus import HandOffScene
from game.ui.scene import start_match

from uikit import click, click_button, click_target, key, make_app, paced_step, play_move, pump

GAMES = sorted(shelf.GAMES)
HIDDEN = [g for g in GAMES if shelf.GAMES[g].hidden_information]


def step_until(app, predicate, timeout=30.0) -> None:
    """Run the loop with no input at all until `predicate` holds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out with the mouse left still"
        paced_step(app, [])


@pytest.mark.slow
@pytest.mark.parametrize("speed", ["off", "normal"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_computer_move_is_drawn_without_input(game_id, speed):
    spec = shelf.GAMES[game_id]
    players = max(2, spec.min_players)
    seats = [Seat("Ann", 0)] + [Seat(f"Robo {i}", i, "computer", "easy") for i in range(1, players)]
    app = make_app()
    app.settings["animation_speed"] = speed
    start_match(app, Match(spec, seats, 11))
    board = app.scene
    board.controller.ai_delay = 0.0
    pump(app)  # the first frame: a click goes where a frame drew its target
    rng = random.Random(5)
    computer_turns_seen = 0
    for _ in range(40):
        match = board.match
        if match.state.is_over or computer_turns_seen >= 3:
            break
        if match.is_computer_turn():
            computer_turns_seen += 1
            step_until(app, lambda match=match: match.state.is_over or not match.is_computer_turn())
            if match.state.is_over:
                break
            # The computer has moved; with no input, the frame must show it and ask the person.
            step_until(app, lambda match=match: board.panel.drawn_revision == match.revision and not board.anims,
                       timeout=5)
            assert "thinking" not in board.panel.drawn_status, board.panel.drawn_status
            assert board.panel.drawn_status == (board.named(board.controller.words.phase(match.state)) or "Ann to move")
            continue
        play_move(app, board, rng.choice(match.state.legal_moves()))
    assert computer_turns_seen >= 1
    pygame.quit()


@pytest.mark.slow
@pytest.mark.level_budget  # the thinking must last long enough to count its frames
def test_thinking_draws_at_most_ten_frames_a_second():
    spec = shelf.GAMES["scurry"]
    app = make_app()
    start_match(app, Match(spec, [Seat("Robo", 0, "computer", "hard"), Seat("Ann", 1)], 2))
    board = app.scene
    step_until(app, lambda: board.controller.thinking is not None)
    frames, started = app.frames_drawn, time.monotonic()
    while board.controller.thinking is not None and time.monotonic() - started < 1.5:
        app.step([])
    seconds = time.monotonic() - started
    assert seconds > 0.3, "the computer answered too fast to measure"
    drawn = app.frames_drawn - frames
    assert drawn >= 3, "the thinking bar must move"
    # n frames span n - 1 gaps: at ten a second, 8 frames take 0.7 s
    assert (drawn - 1) / seconds <= 11, f"{drawn} frames in {seconds:.2f} s while the computer thinks"
    board.controller.stop_thinking()
    pygame.quit()


def first_frame_after_hand_off(game_id, prelude, monkeypatch, choose=None):
    """Play the first person's first move (`choose(state)`, by default
    shared_choice) after `prelude(app, board, move)` fiddled with the board, hand
    off, and return the first frame the next person sees, and the frame after a
    zero-distance mouse move at the pointer."""
    monkeypatch.setattr(game_board, "PULSE_CLOCK", lambda: 1000.0)  # still glows
    spec = shelf.GAMES[game_id]
    app = make_app()
    seats = [Seat(name, i) for i, name in enumerate(("Ann", "Bob", "Cy")[:max(3, spec.min_players)])]
    start_match(app, Match(spec, seats, 21))
    board = app.scene
    pump(app)
    click_button(app, "I am Ann: show my view")
    move = (choose or shared_choice)(board.match.state)
    prelude(app, board, move)
    frames = []
    plain_draw = app.draw

    def draw():
        plain_draw()
        frames.append((app.scene, app.screen.copy()))
    app.draw = draw
    for target in move.targets:
        if target[0] == "button":
            click_button(app, board.BUTTONS[target[1]])
        else:
            click_target(app, target)
    if board.controller.pending is not None:  # Enter confirms, with the mouse still on the choice
        key(app, pygame.K_RETURN)
    assert isinstance(app.scene, HandOffScene)
    frames.clear()
    click_button(app, f"I am {app.scene.name}: show my view")
    first = next(frame for scene, frame in frames if scene is board)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.mouse_pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.dirty = True
    app.step()
    still = app.screen.copy()
    app.draw = plain_draw
    return first, still


def shared_choice(state):
    """A first move whose first click target the next person can click too, so
    that a hover left over from the last person would show on their board."""
    moves = [m for m in state.legal_moves() if m.targets[0][0] != "button"]
    for move in moves:
        after = state.clone()
        after.apply(move)
        if move.targets[0] in {m.targets[0] for m in after.legal_moves()}:
            return move
    return moves[0]


def hover_everything(app, board, move):
    """Glide over every clickable place, ending on the move's own first target."""
    for target in sorted(board.controller.next_targets(), key=repr) + [move.targets[0]]:
        if target[0] != "button":
            rect = board.target_rect(target)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 0), buttons=(0, 0, 0)))
            pump(app, 1)


def choose_another_first(app, board, move):
    """Click another choice first (held for confirmation), then hover elsewhere."""
    others = [m for m in board.match.state.legal_moves() if m != move and m.targets[0][0] != "button"]
    if others:
        for target in others[-1].targets:
            click_target(app, target)
    hover_everything(app, board, move)


def leave_alone(app, board, move):
    pass


@pytest.mark.slow
@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_first_frame_after_a_hand_off_shows_nothing_of_the_last_person(game_id, monkeypatch):
    plain, plain_still = first_frame_after_hand_off(game_id, leave_alone, monkeypatch)
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(plain_still, "RGB"), \
        "a zero-distance mouse move changed the first frame"
    for prelude in (hover_everything, choose_another_first):
        first, _still = first_frame_after_hand_off(game_id, prelude, monkeypatch)
        assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(plain, "RGB"), \
            f"{prelude.__name__}: the last person's input shows after the hand-off"
    pygame.quit()


def test_a_mis_clicked_secret_choice_can_be_changed_before_the_hand_off():
    spec = shelf.GAMES["skyrunner"]
    app = make_app()
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], 8))
    board = app.scene
    pump(app)
    click_button(app, "I am Ann: show my view")
    first, second = [m for m in board.match.state.legal_moves() if m.targets[0][0] == "card"][:2]
    click_target(app, first.targets[0])
    assert board.match.state.history == [] and board.controller.pending == first
    assert board.app.scene is board, "no hand-off before Ann confirms"
    click_target(app, second.targets[0])  # Ann meant the other card
    assert board.controller.pending == second
    click(app, (5, 5), button=3)  # right-click: nothing chosen
    assert board.controller.pending is None
    click_target(app, second.targets[0])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pump(app)
    assert board.match.state.history == [second]
    assert isinstance(app.scene, HandOffScene) and app.scene.name == "Bob"
    pygame.quit()


@pytest.mark.slow
def test_after_a_hand_off_the_pointer_lights_what_is_under_it_in_the_new_view(monkeypatch):
    """The pointer rests where the last person's choice was: the first frame of the
    new person's view lights what is under it in that view (the hit map of the new
    view, not the last person's), the same as after a zero-distance mouse move."""
    def rest_on_the_choice(app, board, move):
        pos = board.target_rect(move.targets[0]).center
        confirm = HandOffScene.ready

        def ready(scene):  # the pointer back where the choice was as the new view comes
            app.mouse_pos = pos
            confirm(scene)
        monkeypatch.setattr(HandOffScene, "ready", ready)

    def ann_plays_her_climb_4_where_bob_holds_a_climb_5(state):
        state.hand[0], state.hand[1] = ["C3", "C4", "E"], ["C2", "C5", "E"]  # the same slots, other cards
        return next(m for m in state.legal_moves() if m.card == "C4")

    choose = ann_plays_her_climb_4_where_bob_holds_a_climb_5
    plain, _ = first_frame_after_hand_off("skyrunner", leave_alone, monkeypatch, choose)
    first, still = first_frame_after_hand_off("skyrunner", rest_on_the_choice, monkeypatch, choose)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(still, "RGB"), \
        "the first frame lit what was under the pointer in the last person's view"
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(plain, "RGB"), "nothing lit under the pointer"
    pygame.quit()

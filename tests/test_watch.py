"""Watch mode: every seat the computer, with pause, step one move and speed on the board."""
from __future__ import annotations

import time

import pygame
import pytest

from game import cli
from game.ui.board import BoardScene
from game.ui.title import TitleScene
from tests.uikit import (choose, click, click_button, key, make_app, open_setup, pump, run_until, screenshot,
                         seat_kind_menu)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def wait(app, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
        time.sleep(0.01)


def watched_from_setup(game_id: str):
    """The app, and the board of a game of two easy computers started from the new-game screen."""
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    setup = open_setup(app, game_id)
    choose(app, seat_kind_menu(setup, 0), "Computer: easy")
    choose(app, seat_kind_menu(setup, 1), "Computer: easy")
    click_button(app, "Start")
    return app, app.scene


@pytest.mark.slow
def test_every_seat_a_computer_on_the_new_game_screen_gives_the_watch_controls():
    app, board = watched_from_setup("skurdir")
    assert isinstance(board, BoardScene) and board.watch is not None
    assert not board.panel.hint_button.is_enabled  # nobody to hint
    click(app, board.watch.pause_button.rect.center)
    assert board.watch.paused and board.watch.pause_button.text == "Play"
    screenshot(app, "watch-paused")
    wait(app, 0.3)  # a move already on its way may land
    count = len(board.match.played)
    wait(app, 1.5)
    assert len(board.match.played) == count, "a paused game went on"
    click(app, board.watch.step_button.rect.center)
    run_until(app, lambda: len(board.match.played) == count + 1, timeout=60)
    wait(app, 1.0)
    assert len(board.match.played) == count + 1, "Step played more than one move"
    key(app, pygame.K_RIGHT)  # the key does it too
    run_until(app, lambda: len(board.match.played) == count + 2, timeout=60)
    choose(app, board.watch.speed_menu, "Fastest")
    assert board.controller.ai_delay == 0.0 and board.watch.animation_factor == 0.0
    click(app, board.watch.pause_button.rect.center)
    assert not board.watch.paused
    run_until(app, lambda: board.match.state.is_over, timeout=240)
    assert all(s.is_computer for s in board.match.seats)


def test_a_game_with_a_person_has_no_watch_controls():
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    open_setup(app, "scurry")
    click_button(app, "Start")
    assert app.scene.watch is None


def test_watch_game_on_the_command_line():
    launch = cli.parse(["--watch", "scurry", "--seed", "3"])
    assert launch.match.spec.id == "scurry" and all(s.is_computer for s in launch.match.seats)
    launch = cli.parse(["--game", "scurry", "--watch"])
    assert all(s.is_computer for s in launch.match.seats)
    with pytest.raises(SystemExit):
        cli.parse(["--watch", "scurry", "--game", "skurdir"])
    with pytest.raises(SystemExit):
        cli.parse(["--watch", "nosuchgame"])


def test_the_watch_and_the_replay_name_their_speeds_alike():
    """One speed, one word: the Watch row's list and the replay's list offer the same
    speeds by the same names (the replay's with "Speed: " before them)."""
    from game import shelf
    from game.engine.match import Match, Seat
    from game.replay import Replay
    from game.ui.replay_screen import replay_scene
    from game.ui.scene import start_match

    app = make_app()
    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat(f"Computer {i + 1}", i, "computer", "easy") for i in range(2)], 5))
    pump(app)
    watch = [choice[0] if isinstance(choice, tuple) else choice for choice in app.scene.watch.speed_menu.options_list]
    app.scene.match.on_change = None
    finished = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 5, {"random_setup": True})
    app.push(replay_scene(app, Replay.of_match(finished)))
    pump(app)
    replay = [choice[0] if isinstance(choice, tuple) else choice for choice in app.scene.mode.speed_menu.options_list]
    assert replay == [f"Speed: {words}" for words in watch]


def test_the_speed_chosen_is_kept_for_the_next_watched_game(home):
    """A person who likes to watch at Fastest should not choose it again every game: the
    speed is saved with the settings and the next watched game starts at it."""
    from game import storage
    from game.ui import watch

    assert storage.WATCH_SPEEDS == tuple(watch.SPEEDS)
    app, board = watched_from_setup("scurry")
    assert board.watch.speed == "normal"
    choose(app, board.watch.speed_menu, "Fastest")
    assert storage.load_settings().data["watch_speed"] == "fastest"
    pygame.quit()

    app = make_app()  # the next session: the new-game screen remembers the two computers
    app.push(TitleScene(app))
    pump(app)
    open_setup(app, "scurry")
    click_button(app, "Start")
    board = app.scene
    assert board.watch.speed == "fastest" and board.controller.ai_delay == 0.0
    assert board.watch.speed_menu.selected_option[0] == "Fastest"
    pygame.quit()


def test_a_watch_speed_the_settings_cannot_know_sets_the_file_aside():
    from game import storage

    storage.save_settings({**storage.DEFAULT_SETTINGS, "watch_speed": "warp"})
    loaded = storage.load_settings()
    assert loaded.data["watch_speed"] == "normal" and "watch speed" in loaded.message


def test_at_the_fastest_pace_each_move_shows_as_soon_as_the_worker_answers(monkeypatch):
    """The loop sleeps between frames; the worker's answer wakes it (app.ANSWERED), and the next
    computer seat starts thinking as the move is played, so a watched game at the fastest pace
    is not held back by the waiting frame: the moves come in the passes the answers woke."""
    from game import app as app_module
    from game import shelf
    from game.engine.match import Match, Seat
    from game.ui.scene import start_match

    app = make_app()
    start_match(app, Match(shelf.GAMES["scurry"], [Seat(f"Computer {i + 1}", i, "computer", "easy") for i in range(2)],
                           5, {"random_setup": True}))
    board = app.scene
    board.watch.speed = "fastest"
    board.watch.apply_speed()
    woken_by = []
    waited = pygame.event.wait

    def wait(timeout=0):
        event = waited(timeout)
        woken_by.append(event.type)
        return event

    monkeypatch.setattr(pygame.event, "wait", wait)
    moves_in_answered_pass = 0
    stepped = app.step

    def step(events=None, draw=True):
        nonlocal moves_in_answered_pass
        before = len(board.match.played)
        drew = stepped(events, draw)
        if len(board.match.played) > before and woken_by and woken_by[-1] == app_module.ANSWERED:
            moves_in_answered_pass += 1
        return drew

    app.step = step
    gave_up = time.monotonic() + 60
    app.quit_when = lambda: len(board.match.played) >= 12 or time.monotonic() > gave_up
    app.run()
    assert len(board.match.played) >= 12
    assert moves_in_answered_pass >= 6, f"{moves_in_answered_pass} of 12 moves came when the answer woke the loop"
    assert woken_by.count(pygame.NOEVENT) <= 6, "the loop slept out its waiting frame between the moves"

"""Computer players thinking in a worker process (game.engine.remote)."""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from game import shelf
from game.engine import ai, remote
from game.engine.remote import RemotePlayer
from tests.toy_games import NimState

pytestmark = pytest.mark.level_budget  # the worker itself is under test: levels think as in the app


def wait_for(job, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while not job.done and time.monotonic() < deadline:
        time.sleep(0.01)
    assert job.done, "the worker did not answer"
    return job


def scurry_position(seed: int):
    return shelf.GAMES["scurry"].new_game(2, seed=seed, options={"random_setup": True})


@pytest.fixture
def player():
    player = RemotePlayer()
    yield player
    player.close()


def test_worker_answers_with_the_same_move_as_a_search_here(player):
    state = scurry_position(3)
    heuristics = shelf.heuristics_for("scurry")  # sent along with the state
    job = wait_for(player.think(ai.SearchRequest(state, "easy", 11, heuristics=heuristics)))
    assert job.error is None
    assert job.move == str(ai.choose_move(ai.SearchRequest(state, "easy", 11, heuristics=heuristics)).move)
    # The worker is reused: a second decision comes from the same process.
    process = player._process
    again = wait_for(player.think(ai.SearchRequest(state, "easy", 12)))
    assert again.move == str(ai.choose_move(ai.SearchRequest(state, "easy", 12)).move)
    assert player._process is process


def test_the_end_of_a_job_is_told_at_once_its_move_or_its_failure_in(player):
    """on_answer wakes a window asleep until its next frame (game.app posts an event): it
    comes when the job is done, the move (or the error) already there to read."""
    seen = []
    told = threading.Event()
    player.on_answer = lambda: (seen.append((job.done, job.move, job.error)), told.set())
    job = player.think(ai.SearchRequest(scurry_position(3), "easy", 11))
    assert told.wait(30)
    assert seen == [(True, job.move, None)] and job.move
    told.clear()
    job = player.think(ai.SearchRequest(scurry_position(3), "easy", 12))
    player._process.kill()  # a worker that dies: the failure is told too
    assert told.wait(30)
    assert seen[-1][0] and (seen[-1][1] is not None or seen[-1][2] is not None)


def test_the_request_leaves_progress_stop_and_memory_to_the_worker(player):
    """They are the worker's own (job.progress, job.cancel, its SearchMemory): a request that
    brings one is refused before anything is sent, not dropped on the way."""
    state = scurry_position(3)
    for asked in ({"progress": print}, {"stop": lambda: False}, {"memory": ai.SearchMemory()}):
        with pytest.raises(ValueError, match="the worker"):
            player.think(ai.SearchRequest(state, "easy", 1, **asked))
    assert player._process is None  # nothing was started for them


def test_a_cancelled_search_stops_and_the_next_one_is_answered(player):
    # ten million iterations would run for hours: only a working stop lets the
    # next request through
    endless = player.think(ai.SearchRequest(scurry_position(5), "hard", 1, iterations=10_000_000))
    time.sleep(0.3)
    endless.cancel()
    assert endless.done and endless.move is None
    quick = wait_for(player.think(ai.SearchRequest(NimState((0, 0, 2)), "normal", 1)))
    assert quick.error is None and quick.move is not None


def test_a_worker_that_dies_fails_its_job_and_is_restarted(player):
    state = scurry_position(7)
    job = player.think(ai.SearchRequest(state, "hard", 1, iterations=10_000_000))
    time.sleep(0.3)
    player._process.kill()
    wait_for(job)
    assert job.move is None and "stopped unexpectedly" in job.error
    retry = wait_for(player.think(ai.SearchRequest(state, "easy", 2)))
    assert retry.error is None and retry.move is not None


def test_a_request_right_after_the_worker_died_goes_to_a_new_one(player, monkeypatch):
    """For a moment after its answers end the system may still call the dead worker
    running (not yet reaped): the next request must not be sent into it and wait forever."""
    state = scurry_position(7)
    job = player.think(ai.SearchRequest(state, "hard", 1, iterations=10_000_000))
    time.sleep(0.3)
    dead = player._process
    dead.kill()
    wait_for(job)  # its answers' reader has seen the end of the stream
    monkeypatch.setattr(dead, "poll", lambda: None)
    retry = wait_for(player.think(ai.SearchRequest(state, "easy", 2)))
    assert retry.error is None and retry.move is not None
    assert player._process is not dead


def test_the_app_tries_again_when_its_worker_dies_and_the_notice_goes_with_the_move():
    """The controller as the app drives it: the worker is killed while it thinks; the side
    panel says the computer is trying again, a new worker answers, and once the move is
    played the notice is gone (it stayed on screen through the person's turn)."""
    from game.engine.match import Match, Seat
    from game.engine.remote import shared_player
    from game.ui.controller import Controller

    # normal thinks for a good part of a second: the kill lands while it thinks (a warm worker could
    # answer an easy move before the kill, and then there is nothing to try again)
    match = Match(shelf.GAMES["scurry"], [Seat("C", 0, "computer", "normal"), Seat("Ann", 1)], seed=3)
    controller = Controller(match, ai_delay=0.0)
    controller.poll()
    shared_player()._process.kill()
    deadline = time.monotonic() + 30
    notices = set()
    while controller.poll() is None and time.monotonic() < deadline:
        notices.add(controller.message)
        time.sleep(0.01)
    assert "The computer player hit a problem and is trying again." in notices
    assert len(match.state.history) == 1 and match.state.to_move == 1
    assert controller.message == ""


ENTRY = Path(__file__).resolve().parent.parent / "game" / "bundle" / "entry.py"


def test_a_bundled_app_is_its_own_worker(player, monkeypatch):
    """A bundle (sys.frozen) has no Python to run `-m` with: the program starts itself again
    with WORKER_FLAG, and its entry (game/bundle/entry.py) becomes the worker. Here the
    program is this Python running that entry file, as PyInstaller runs it."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert remote.worker_command() == [sys.executable, remote.WORKER_FLAG]
    monkeypatch.setattr(remote, "worker_command", lambda: [sys.executable, str(ENTRY), remote.WORKER_FLAG])
    state = scurry_position(3)
    job = wait_for(player.think(ai.SearchRequest(state, "easy", 11)))
    assert job.error is None and job.move == str(ai.choose_move(ai.SearchRequest(state, "easy", 11)).move)
    assert player._process.args == [sys.executable, str(ENTRY), remote.WORKER_FLAG]

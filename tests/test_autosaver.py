"""The autosave writer thread: the window never waits for the disk, the newest
save of a game wins, and a refused write comes back as a message."""
from __future__ import annotations

import errno
import threading
import time

import pytest

from game.autosaver import BackgroundWriter
from game import shelf
from game.engine.match import Match, Seat
from game.ui.scene import start_match

from keeping import slow_disk
from uikit import make_app


@pytest.mark.parametrize("thread_starts_late", [False, True])
def test_the_newest_data_wins_and_errors_come_back(thread_starts_late):
    written, under_way, gate = [], threading.Event(), threading.Event()

    def write(path, data):
        under_way.set()
        gate.wait(5)
        if data == "refuse":
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append((path, data))
        return data

    writer = BackgroundWriter()
    if thread_starts_late:  # a machine so busy that the writer's thread runs 100 ms after it is started
        writer._run = lambda: (time.sleep(0.1), BackgroundWriter._run(writer))
    writer.submit("a", "game-a", lambda: write("game-a", 1))
    assert under_way.wait(5)  # the first write is under way (held at the gate)
    for n in (2, 3, 4):
        writer.submit("a", "game-a", lambda n=n: write("game-a", n))  # only the newest of these needs writing
    writer.submit("b", "game-b", lambda: write("game-b", "refuse"))
    gate.set()
    assert writer.flush()
    assert [d for p, d in written if p == "game-a"] == [1, 4]
    outcomes = writer.finished()
    assert ("a", 4, None) in outcomes
    refused = [e for owner, _result, e in outcomes if owner == "b"]
    assert len(refused) == 1 and refused[0].errno == errno.ENOSPC
    assert writer.finished() == []


def test_a_slow_disk_does_not_hold_up_the_move_and_its_frame():
    app = make_app()
    disk_free, written, waits = slow_disk(app.autosaves)
    start_match(app, Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 3))
    board = app.scene
    board.controller.play(board.match.state.legal_moves()[0])
    app.dirty = True
    app.step([])
    assert written == [] and waits == [], "the move's frame waited for the disk"
    disk_free.set()
    assert app.autosaves.flush() and written


def test_the_writer_thread_ends_once_idle():
    """An idle writer thread ends soon: waiting, it holds the writer and through its
    results the app, so a closed app (a test's, a bench's) would stay alive with it.
    The next save starts a new thread."""
    from game.autosaver import IDLE_SECONDS

    app = make_app()
    start_match(app, Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 3))
    board = app.scene
    board.controller.play(board.match.state.legal_moves()[0])
    app.step([])
    assert app.autosaves.flush()
    thread = app.autosaves._thread
    assert thread is not None and thread.is_alive()
    thread.join(IDLE_SECONDS + 5)
    assert not thread.is_alive(), "the idle writer thread is still waiting"
    assert app.autosaves._thread is None
    board.controller.play(board.match.state.legal_moves()[0])
    app.step([])
    assert app.autosaves._thread is not None and app.autosaves.flush(), "the next save found no thread"

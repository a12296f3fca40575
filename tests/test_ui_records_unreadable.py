"""History and Statistics when the records file can't be read: held by another
process (BEGIN EXCLUSIVE, as a second app or a backup tool would), or a folder
in its place. The screen says so and why, in words (never "no finished games"),
no frame waits on sqlite, and Try again reads the records once they are free."""
from __future__ import annotations

import random
import shutil
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import pygame
import pytest

from game import records, storage
from game import shelf
from game.engine.match import Match, Seat
from keeping import autosave
from game.ui import look
from game.ui.history import HistoryScene
from game.ui.statistics import StatisticsScene
from uikit import click_button, open_title, read_records, screenshot


LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()  # held until the test closes this process's input
"""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


@pytest.fixture(autouse=True)
def opened_by_the_window(monkeypatch) -> list:
    """The records files sqlite opened on the window's thread: there a frame would wait on
    it (a reader waits up to records.READ_WAIT_S on a lock). Timing the frames instead
    failed on a busy machine (a frame that builds a screen took 0.76 s)."""
    opened = []
    connect = records.sqlite3.connect

    def watched(*args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            opened.append(args[0])
        return connect(*args, **kwargs)

    monkeypatch.setattr(records.sqlite3, "connect", watched)
    return opened


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every line of text drawn by our helpers, in order."""
    lines: list[str] = []
    draw = look.text

    def text(surface, message, *args, **kwargs):
        lines.append(message)
        return draw(surface, message, *args, **kwargs)

    monkeypatch.setattr(look, "text", text)
    return lines


def finished(seed: int) -> Match:
    match = Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], seed)
    rng = random.Random(seed)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_moves()))
    autosave(match)  # saved once, as the app's last autosave of a game does: it becomes a record
    return match


@contextmanager
def held_by_another_process():
    process = subprocess.Popen([sys.executable, "-c", LOCKER, str(storage.records_path())],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "locked"
        yield
    finally:
        process.stdin.close()
        process.wait(timeout=10)


def open_unreadable(app, button: str, drawn: list[str], opened_by_the_window: list) -> str:
    """Open the screen while the records can't be read; all it said, once it knows."""
    opened_by_the_window.clear()  # (the test wrote its records on this thread)
    click_button(app, button)
    assert isinstance(app.scene, HistoryScene if button == "History" else StatisticsScene)
    deadline = time.monotonic() + 15
    while "can't be read right now" not in " ".join(drawn) and time.monotonic() < deadline:
        app.step()
        time.sleep(0.01)
    assert opened_by_the_window == [], "a frame waited on sqlite"
    return " ".join(drawn)


@pytest.mark.slow
@pytest.mark.parametrize("button", ["History", "Statistics"])
def test_records_locked_by_another_process_say_so_and_no_frame_waits(button, drawn, opened_by_the_window):
    for seed in (1, 2):
        finished(seed)
    app = open_title(animation_speed="off")
    with held_by_another_process():
        said = open_unreadable(app, button, drawn, opened_by_the_window)
        assert "Loading the records…" in drawn, "while the reader waits, the screen says it is reading"
        assert "The records of finished games can't be read right now" in said
        assert "another program is using the records file" in said and "the games in it are safe" in said
        for lie in ("No finished games yet", "0 finished games", "Nobody has finished a game yet", "Errno"):
            assert lie not in said
        assert "Try again" in app.scene.button_rects()
        screenshot(app, f"{button.lower()}-records-locked")
    drawn.clear()
    click_button(app, "Try again")  # the other program let go
    read_records(app)
    scene = app.scene
    assert scene.problem is None and "Try again" not in scene.button_rects()
    if button == "History":
        assert len(scene.shown) == 2 and "2 finished games" in drawn
    else:
        assert scene.names == ["Ann", "Bob"] and scene.figures.played == 2


@pytest.mark.slow
@pytest.mark.parametrize("button", ["History", "Statistics"])
def test_a_folder_in_place_of_the_records_file_is_named(button, drawn, opened_by_the_window):
    storage.records_path().mkdir(parents=True)
    app = open_title(animation_speed="off")
    said = open_unreadable(app, button, drawn, opened_by_the_window)
    assert "records.sqlite3 is a folder, not a file" in said
    assert "No finished games yet" not in said and "Errno" not in said
    shutil.rmtree(storage.records_path())
    finished(3)
    click_button(app, "Try again")
    read_records(app)
    assert app.scene.problem is None

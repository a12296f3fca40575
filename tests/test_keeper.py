"""GameKeeper under real faults: two app processes on one data folder (one game,
one window; killed holders let go), kill -9 right after a move (no reported move
lost), finished games that cannot become records, and what the player is told."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game import keeper as keeper_module, records, saves, storage
from game.bench import kills
from game import shelf
from game.engine.match import Match, Seat
from game.keeper import GameKeeper, write_pending_records
from game.saves import (OpenElsewhere, delete_in_progress, games_in_progress, hold, in_progress_path,
                        read_in_progress, resume)
from game.ui.replay_screen import is_replay
from game.ui.scene import start_match
from game.ui.menus import SavesScene
from game.ui.title import TitleScene
from keeping import WriterNow, autosave, slow_disk
from uikit import click, make_app, pump, steps_until

ROOT = Path(__file__).resolve().parents[1]

# A second window: resumes a game in progress through the real code, plays one
# move, says so, and holds the game until it is told to go (or killed); a line
# "move" plays one more move first.
SECOND_WINDOW = """
import sys
from game.autosaver import BackgroundWriter
from game.keeper import GameKeeper
from game.saves import OpenElsewhere, resume
match = resume(sys.argv[1])
try:
    keeper = GameKeeper(match, BackgroundWriter(), print)
except OpenElsewhere:
    print("open elsewhere", flush=True)
    sys.exit(3)
match.play(match.state.legal_moves()[0])
print("holding", len(match.notations), flush=True)
while sys.stdin.readline().strip() == "move":
    match.play(match.state.legal_moves()[0])
    print("holding", len(match.notations), flush=True)
keeper.close()
keeper.writer.flush()
print("closed", flush=True)
"""


def scurry(seed: int, moves: int = 0) -> Match:
    match = Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], seed)
    for _ in range(moves):
        match.play(match.state.legal_moves()[0])
    autosave(match)  # a game in progress, as a window that closed left it
    return match


def second_window(match: Match) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", SECOND_WINDOW, str(in_progress_path(match.save_id))],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, cwd=ROOT)
    return proc


def shut(window: subprocess.Popen) -> None:
    """The second window gone, whatever state the test left it in."""
    window.kill()
    window.wait(10)
    window.stdout.close()
    window.stdin.close()


def listed() -> dict:
    found, messages = games_in_progress()
    assert messages == []
    return {entry.save_id: entry for entry in found}


def test_a_game_is_open_in_one_window_and_a_killed_window_lets_go():
    held, free = scurry(1, moves=3), scurry(2, moves=2)
    other = second_window(held)
    try:
        assert other.stdout.readline().split() == ["holding", "4"]
        rows = listed()
        assert rows[held.save_id].elsewhere and not rows[free.save_id].elsewhere
        assert rows[held.save_id].moves == 4, "the other window's move is listed: its journal is read"
        # this window cannot take the held game, whatever way it tries ...
        with pytest.raises(OpenElsewhere):
            GameKeeper(resume(rows[held.save_id].path), WriterNow(), print)
        # ... and keeps playing its own game meanwhile
        mine = resume(rows[free.save_id].path)
        keeper = GameKeeper(mine, WriterNow(), print)
        mine.play(mine.state.legal_moves()[0])
        assert read_in_progress(rows[free.save_id].path)["moves"] == mine.notations
        keeper.close()
        # a third window asking for the held game is refused as well
        third = second_window(held)
        assert third.stdout.readline().strip() == "open elsewhere" and third.wait(10) == 3
        third.stdout.close()
        other.send_signal(signal.SIGKILL)  # the window holding it dies without a word
        other.wait(10)
    finally:
        shut(other)
    rows = listed()
    assert not rows[held.save_id].elsewhere, "the system let go of a killed window's lock"
    again = resume(rows[held.save_id].path)
    assert len(again.notations) == 4, "the killed window's move is kept"
    GameKeeper(again, WriterNow(), print).close()


@pytest.mark.slow
def test_the_title_offers_a_look_at_a_game_open_in_another_window():
    held, free = scurry(3, moves=3), scurry(4, moves=1)
    other = second_window(held)
    try:
        assert other.stdout.readline().split()[0] == "holding"
        app = make_app()
        app.push(TitleScene(app))
        pump(app)
        title = app.scene
        rows = {entry.save_id: (text, resume_button, delete) for entry, text, resume_button, delete
                in title.progress_rows}
        text, look, delete = rows[held.save_id]
        assert "open in another window" in text and look.text == "Look" and not delete.is_enabled
        assert rows[free.save_id][1].text == "Resume"
        continue_button = next(t for t in title.button_rects() if t.startswith("Continue"))
        assert "Scurry" in continue_button
        # resuming it by another way (a stale list, Saved games) is refused with a message
        assert start_match(app, resume(in_progress_path(held.save_id))) is False
        assert any("open in another window" in message for message, _until in app.toasts)
        click(app, app.scene.button_rects()["Look"].center)
        assert is_replay(app.scene) and app.scene.mode.replay.length == 4
        # the game this window may play still starts
        app.reset_to_title()
        pump(app)
        click(app, app.scene.button_rects()["Resume"].center)
        assert app.scene.match.save_id == free.save_id
        other.stdin.write("\n")
        other.stdin.flush()
        assert other.stdout.readline().strip() == "closed"
        app.reset_to_title()
        pump(app)
        assert not any(row[0].elsewhere for row in app.scene.progress_rows), "closed: free for this window"
    finally:
        shut(other)
        pygame.quit()


def tell(window: subprocess.Popen, line: str) -> str:
    """A line to the second window, and its answer."""
    window.stdin.write(line + "\n")
    window.stdin.flush()
    return window.stdout.readline().strip()


def test_the_title_sees_by_itself_a_game_taken_or_let_go_by_another_window(monkeypatch):
    monkeypatch.setattr(TitleScene, "RECHECK_S", 0.2)
    held = scurry(7, moves=2)
    app = make_app()
    app.push(TitleScene(app))
    pump(app)

    def button():
        return next(resume_button for entry, _text, resume_button, _delete in app.scene.progress_rows
                    if entry.save_id == held.save_id)

    assert button().text == "Resume"
    other = second_window(held)
    try:
        assert other.stdout.readline().split()[0] == "holding"
        steps_until(app, lambda: button().text == "Look")  # nobody touched this window
        other.send_signal(signal.SIGKILL)  # the other window dies without a word
        other.wait(10)
        steps_until(app, lambda: button().text == "Resume")
        click(app, button().rect.center)
        assert app.scene.match.save_id == held.save_id and len(app.scene.match.notations) == 3
    finally:
        shut(other)
        pygame.quit()


def test_a_button_held_down_is_not_made_again_under_the_pointer(monkeypatch):
    """The title waits with its new look until the button being pressed is let go: the
    click is answered (here: the game went to another window meanwhile), not lost."""
    monkeypatch.setattr(TitleScene, "RECHECK_S", 0.2)
    held = scurry(11, moves=2)
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    [(_entry, _text, resume_button, _delete)] = app.scene.progress_rows
    pos = resume_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app)
    other = second_window(held)
    try:
        assert other.stdout.readline().split()[0] == "holding"
        until = time.monotonic() + 0.6
        while time.monotonic() < until:
            time.sleep(0.05)
            app.step(events=[])
        assert app.scene.progress_rows[0][2] is resume_button, "made again while pressed"
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        pump(app)
        assert any("open in another window" in message for message, _until in app.toasts), "the click was answered"
        assert app.scene.progress_rows[0][2].text == "Look"  # the answer shows the title as it now is
    finally:
        shut(other)
        pygame.quit()


def test_saved_games_sees_by_itself_a_game_taken_by_another_window_and_keeps_the_row_chosen(monkeypatch):
    monkeypatch.setattr(SavesScene, "RECHECK_S", 0.2)
    held = scurry(9, moves=2)
    scurry(10, moves=1)  # a row beside it
    app = make_app()
    app.push(TitleScene(app))
    app.push(SavesScene(app))
    pump(app)

    held_path = in_progress_path(held.save_id)

    def row():
        return next(r for r in app.scene.listing.item_list if app.scene.entries.get(r["text"]) == held_path)

    click(app, row()["button_element"].rect.center)  # chosen: the next Load plays it
    click(app, app.scene.button_rects()["Delete"].center)  # and its Delete asks first
    assert app.scene.delete_armed == held_path
    other = second_window(held)
    try:
        assert other.stdout.readline().split()[0] == "holding"
        steps_until(app, lambda: "open in another window" in row()["text"])
        assert row()["selected"], "the chosen row is still chosen"
        assert app.scene.delete_armed == held_path and app.scene.delete_button.text == "Yes, delete"
        click(app, app.scene.button_rects()["Load"].center)
        assert is_replay(app.scene), "a game played in another window is only looked at"
        app.pop()
        other.send_signal(signal.SIGKILL)
        other.wait(10)
        steps_until(app, lambda: "open in another window" not in row()["text"])
        click(app, app.scene.button_rects()["Load"].center)
        assert app.scene.match.save_id == held.save_id and len(app.scene.match.notations) == 3
    finally:
        shut(other)
        pygame.quit()


def test_taking_a_game_waits_out_another_windows_quick_look_at_its_lock(monkeypatch):
    """A title looks whether a game is open elsewhere by taking its lock for a moment:
    a window taking the game to play or delete it just then is not refused. (The look
    ends while the taker waits, in the taker's own thread: a timer thread letting go
    after 0.1 s came too late for the taker's 0.25 s on a machine loaded 18 deep.)"""
    match = scurry(8, moves=1)
    looks = []

    class Taking(saves.FileLock):
        def acquire(self, *args, **kwargs):
            if looks:  # another window's title holds the lock just now
                assert self.timeout >= 0.1, "a window taking a game waits a moment for a look to end"
                looks.pop().release()  # the look ends while the taker waits
            return super().acquire(*args, **kwargs)

    for take in (lambda: GameKeeper(resume(in_progress_path(match.save_id)), WriterNow(), print).close(),
                 lambda: delete_in_progress(in_progress_path(match.save_id))):
        looks.append(hold(match.save_id))  # another window's title, looking
        with monkeypatch.context() as taking:
            taking.setattr(saves, "FileLock", Taking)
            take()
        assert looks == []
    assert match.save_id not in listed()


def test_no_record_ever_replaces_another():
    first = scurry(5)
    while not first.state.is_over:
        first.play(first.state.legal_moves()[-1])
    second = Match(first.spec, first.seats, first.seed)
    second.save_id = first.save_id  # the same game played on in two windows, as issue 30 saw it
    while not second.state.is_over:
        second.play(second.state.legal_moves()[0])
    one = records.add(first)
    assert records.add(first) == one, "the same finish written again is the same record"
    two = records.add(second)
    assert first.notations != second.notations and two != one and sorted(r.id for r in records.list_records()) == sorted([one, two])
    assert records.get(one).moves == first.notations and records.get(two).moves == second.notations


def test_a_finished_game_killed_before_its_record_is_not_in_progress_and_becomes_a_record_at_start():
    match = Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 6)

    class Killed(WriterNow):  # the writer thread never got to its work
        def submit(self, done, key, work):
            pass
    GameKeeper(match, Killed(), print)
    while not match.state.is_over:
        match.play(match.state.legal_moves()[0])
    assert listed() == {}, "a finished game is never listed in progress, one move short or not"
    assert records.list_records() == []
    assert write_pending_records() == ["A finished game from last time was added to History."]
    [record] = records.list_records()
    assert record.moves == match.notations and listed() == {}
    assert list(storage.in_progress_dir().iterdir()) == []


def test_messages_are_words_and_a_failed_record_is_never_followed_by_saving_works_again():
    told = []
    match = scurry(7)
    keeper = GameKeeper(match, WriterNow(), told.append)
    # a patch of its own: undoing the test's monkeypatch would also undo the data folder
    # of its own (conftest's own_home), and the record would land in another test's
    with pytest.MonkeyPatch.context() as disk:
        disk.setattr(storage.os, "replace", lambda *_a: (_ for _ in ()).throw(OSError(5, "Input/output error")))
        disk.setattr(records, "add_save", lambda *_a: (_ for _ in ()).throw(
            records.RecordsError(5, "the records file cannot be written")))
        while not match.state.is_over:
            match.play(match.state.legal_moves()[0])
    assert told == ["The finished game could not be saved (the disk refused the write). It is tried again when "
                    "you leave it; from the board, Menu → Save as… keeps it somewhere else."]
    keeper.close()  # leaving the game: one more try, and this time the disk takes it
    assert len(told) == 1 and [r.moves for r in records.list_records()] == [match.notations]
    assert str(records.RecordsError(5, "the records file cannot be written")) == "the records file cannot be written"
    assert not any("Errno" in t or "Saving works again" in t or "while the game is open" in t for t in told)


@pytest.mark.slow
def test_no_reported_move_is_lost_when_the_process_is_killed():
    """Ten kills (fsync on, half on a slowed disk); `python -m game.bench.kills` does 120."""
    result = kills.run(10, fsync=True)
    assert result["moves_lost"] == 0 and result["moves_reported"] > 50, result


@pytest.mark.slow
def test_without_the_journal_the_same_kills_lose_moves():
    """The kill test can see a loss: the background save alone (as before) loses moves."""
    result = kills.run(4, fsync=False, journal=False)
    assert result["moves_lost"] > 0, result


def test_the_title_lists_every_move_while_the_disk_is_still_busy_with_the_whole_save():
    import threading

    app = make_app()
    app.push(TitleScene(app))
    gate, written, waits = slow_disk(app.autosaves)
    try:
        match = Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 8)
        start_match(app, match)
        board = app.scene
        for _ in range(3):
            board.controller.play(match.state.legal_moves()[0])
            app.step([])
        app.reset_to_title()  # no wait for the writer: the journal has every move
        app.step([])
        assert written == [] and waits == [], "the title waited for the disk"
        [(entry, text, resume_button, _delete)] = app.scene.progress_rows
        assert entry.moves == 3 and "3 moves" in text and resume_button.text == "Resume"
        gate.set()
        click(app, resume_button.rect.center)  # this window let go of it a moment ago: it takes it again
        assert app.scene.match.notations == match.notations
    finally:
        gate.set()
        pygame.quit()


def test_a_game_open_under_the_menu_is_not_deleted_from_saved_games():
    from game.ui.menus import SavesScene

    app = make_app()
    app.push(TitleScene(app))
    match = scurry(9, moves=2)
    start_match(app, resume(in_progress_path(match.save_id)))
    app.push(SavesScene(app))
    saves_scene = app.scene
    [row] = [text for text, path in saves_scene.entries.items() if path.stem == match.save_id]
    saves_scene.chosen_path = lambda: saves_scene.entries[row]
    saves_scene.delete()
    saves_scene.delete()  # asked twice
    assert in_progress_path(match.save_id).exists()
    assert any("being played" in message for message, _until in app.toasts)
    pygame.quit()


def test_the_journal_adds_only_what_the_save_does_not_hold_and_stops_at_a_torn_line(tmp_path):
    from game.saves import with_journal

    journal = tmp_path / "g.journal"
    lines = [{"n": 1, "keep": 0, "add": ["a", "b", "c", "d"]},  # held by the save already
             {"n": 2, "keep": 3, "add": []},  # an undo, held too (of more moves than the save has now)
             {"n": 3, "keep": 1, "add": []},  # two more undone: the save is this
             {"n": 4, "keep": 1, "add": ["x"]},
             {"n": 5, "keep": 2, "add": ["y"], "hints": [1, 0], "over": True}]
    journal.write_text("".join(json.dumps(line) + "\n" for line in lines) + '{"n": 6, "keep": 3, "ad')
    save = {"moves": ["a"], "journaled": 3, "hints": [0, 0]}
    assert with_journal(save, journal) == {"moves": ["a", "x", "y"], "journaled": 5, "hints": [1, 0], "over": True}
    assert with_journal(save, tmp_path / "none.journal") == save


@pytest.mark.slow
def test_a_move_whose_frame_was_drawn_survives_a_kill_of_the_app():
    """Through the app's own window (start_match, the board's controller, the frame drawn)."""
    result = kills.run(4, fsync=False, window=True, seed=2)
    assert result["moves_lost"] == 0 and result["moves_reported"] > 20, result


def test_a_game_whose_journal_holds_a_bad_move_goes_on_from_its_last_good_move():
    from game.saves import DamagedSave, journal_path

    match = scurry(10, moves=3)
    path = in_progress_path(match.save_id)
    journal_path(match.save_id).write_text(json.dumps({"n": 1, "keep": 3, "add": ["no such move"]}) + "\n")
    with pytest.raises(DamagedSave) as damaged:
        resume(path)
    kept = damaged.value.kept
    assert kept.notations == match.notations and kept.save_id == match.save_id
    assert sorted(p.name.split(".")[1] for p in path.parent.iterdir()) == ["journal", "json"] and not path.exists()
    GameKeeper(kept, WriterNow(), print)  # go on from move 3: the set-aside journal is not played onto it
    kept.play(kept.state.legal_moves()[0])
    assert read_in_progress(path)["moves"] == kept.notations and len(kept.notations) == 4


def test_a_look_at_a_game_open_in_another_window_follows_the_moves_made_there(monkeypatch):
    held = scurry(9, moves=2)
    other = second_window(held)
    try:
        assert other.stdout.readline().split() == ["holding", "3"]
        app = make_app()
        app.push(TitleScene(app))
        pump(app)
        click(app, app.scene.button_rects()["Look"].center)
        look = app.scene
        assert is_replay(look) and (look.mode.replay.length, look.mode.ply) == (3, 3)
        assert look.mode.panel_tag == "Live"  # beside the game's name: not a recording
        monkeypatch.setattr(look.mode, "recheck_s", 0.2)
        # at the last move, the look goes on to each move made there, with no input here
        assert tell(other, "move") == "holding 4"
        steps_until(app, lambda: (look.mode.replay.length, look.mode.ply) == (4, 4))
        assert len(look.match.state.history) == 4 and look.log.current == look.mode.move_entries[4]
        # looking back at an earlier move, it stays there while the game goes on
        look.mode.step(-1)
        assert tell(other, "move") == "holding 5"
        steps_until(app, lambda: look.mode.replay.length == 5)
        assert look.mode.ply == 3 and len(look.match.state.history) == 3
        assert tell(other, "") == "closed"
        steps_until(app, lambda: "let go of this game" in look.controller.message)  # free to play here now
        path = in_progress_path(held.save_id)
        kept = path.read_bytes()
        path.write_text("{ half a save")  # unreadable for a moment: the look does not give up on it
        deadline = time.monotonic() + 0.8
        while time.monotonic() < deadline:
            app.step(events=[])
            time.sleep(0.05)
        assert look.mode.follow is not None and "no longer" not in look.controller.message
        path.write_bytes(kept)
        delete_in_progress(path)  # gone from the list: the look says so and stays
        steps_until(app, lambda: "no longer in progress" in look.controller.message)
        assert look.mode.replay.length == 5 and is_replay(app.scene) and look.mode.panel_tag == "Replay"
    finally:
        shut(other)
        pygame.quit()


# ---- nothing lost at the edges: a lock file or a save taken from under a window ----------

def foreign_save(seed: int, moves: int) -> dict:
    """A save of another Scurry game, as a file copied in from outside would hold."""
    match = Match(shelf.GAMES["scurry"], [Seat("Cy", 0), Seat("Di", 1)], seed)
    for _ in range(moves):
        match.play(match.state.legal_moves()[0])
    return match.to_save()


def taken(match: Match, told: list) -> GameKeeper:
    """This window takes a game in progress, as the title's Resume does."""
    return GameKeeper(resume(in_progress_path(match.save_id)), WriterNow(), told.append)


def moves_on_disk(save_id: str) -> list:
    return read_in_progress(in_progress_path(save_id))["moves"]


@pytest.mark.parametrize("removed", ["the lock file", "the data folder"])
def test_a_window_takes_its_lock_again_when_its_file_is_removed(removed):
    """The data folder deleted (or only the lock file, by a cleaner) while a window plays:
    it made its folders and save again, but not its lock file, and a second window could
    open the game and write over its moves."""
    told = []
    keeper = taken(scurry(21, moves=2), told)
    mine = keeper.match
    if removed == "the lock file":
        saves.lock_path(mine.save_id).unlink()
    else:
        shutil.rmtree(storage.saves_dir().parent)
    mine.play(mine.state.legal_moves()[0])
    other = second_window(mine)
    try:
        assert other.stdout.readline().strip() == "open elsewhere" and other.wait(10) == 3
    finally:
        shut(other)
    assert moves_on_disk(mine.save_id) == mine.notations and len(mine.notations) == 3
    assert not any("another window" in message for message in told)
    keeper.close()


def test_an_idle_board_takes_its_lock_again_within_seconds(monkeypatch):
    """No move needed: the board looks at its lock every few seconds, and a data folder
    deleted under it is made again, with the game's save and lock."""
    from game.ui import board as board_module

    monkeypatch.setattr(board_module, "KEEPER_LOOK_S", 0.2)
    app = make_app()
    try:
        app.push(TitleScene(app))
        start_match(app, Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 22))
        match = app.scene.match
        for _ in range(2):
            app.scene.controller.play(match.state.legal_moves()[0])
            app.step([])
        assert app.autosaves.flush()
        shutil.rmtree(storage.saves_dir().parent)
        lock = saves.lock_path(match.save_id)
        deadline = time.monotonic() + 10
        while not lock.exists():
            assert time.monotonic() < deadline, "the lock was not taken again"
            time.sleep(0.05)
            app.step([])
        assert moves_on_disk(match.save_id) == match.notations
        other = second_window(match)
        try:
            assert other.stdout.readline().strip() == "open elsewhere"
        finally:
            shut(other)
    finally:
        pygame.quit()


def test_a_window_whose_game_another_window_took_meanwhile_says_so_and_both_keep_their_moves():
    """The lock file removed, a second window opened the game and played: the first window's
    next move wrote over the second's, and the second's next move over the first's."""
    told = []
    first = scurry(23, moves=2)
    keeper = taken(first, told)
    mine = keeper.match
    mine.play(mine.state.legal_moves()[0])
    saves.lock_path(first.save_id).unlink()  # a cleaner
    other = second_window(mine)  # opens the game as it is: 3 moves, and plays one
    try:
        assert other.stdout.readline().split() == ["holding", "4"]
        mine.play(mine.state.legal_moves()[-1])  # this window's next move: not the other's
        assert told == [keeper_module.TAKEN_ELSEWHERE.format(game="Scurry — Ann vs Bob")]
        assert mine.save_id != first.save_id and keeper.save_id == mine.save_id
        assert tell(other, "move") == "holding 5"
        mine.play(mine.state.legal_moves()[-1])
        assert tell(other, "") == "closed"
    finally:
        shut(other)
    keeper.close()
    theirs = moves_on_disk(first.save_id)
    assert len(theirs) == 5 and theirs[:3] == mine.notations[:3], "the other window's moves are all there"
    assert moves_on_disk(mine.save_id) == mine.notations and len(mine.notations) == 5, "and this window's"
    assert theirs != mine.notations and set(listed()) == {first.save_id, mine.save_id}


@pytest.mark.parametrize("replacement", ["another game", "an older copy of it"])
def test_a_save_replaced_from_outside_keeps_what_the_window_showed_through_a_restart(replacement):
    """The save replaced from outside, then the window closed with no further move: the
    restart resumed the other file under the game's name and the window's moves were gone."""
    told = []
    first = scurry(24, moves=1)
    older = json.loads(in_progress_path(first.save_id).read_text(encoding="utf-8"))
    keeper = taken(first, told)
    mine = keeper.match
    for _ in range(4):
        mine.play(mine.state.legal_moves()[0])
    shown = list(mine.notations)
    put_there = foreign_save(25, moves=2) if replacement == "another game" else older
    storage.write_json_atomic(in_progress_path(first.save_id), put_there)
    keeper.close()
    assert told == []  # the window has gone: the list of games in progress tells it
    # the next start
    saves.held_here.clear()
    found, messages = games_in_progress()
    assert messages == [keeper_module.LEFT_BESIDE.format(
        game="Scurry — Ann vs Bob", why="its save had been replaced from outside Game Shelf")]
    assert games_in_progress()[1] == [], "said once"
    assert moves_on_disk(first.save_id) == put_there["moves"], "the file put there is left as it is"
    [beside] = [entry for entry in found if entry.save_id != first.save_id]
    assert resume(beside.path).notations == shown, "what the window showed is there after the restart"


def test_a_save_replaced_from_outside_is_not_written_over_by_the_next_move():
    told = []
    first = scurry(26, moves=1)
    keeper = taken(first, told)
    mine = keeper.match
    put_there = foreign_save(27, moves=3)
    storage.write_json_atomic(in_progress_path(first.save_id), put_there)
    mine.play(mine.state.legal_moves()[0])
    assert told == [keeper_module.REPLACED.format(game="Scurry — Ann vs Bob")]
    mine.play(mine.state.legal_moves()[0])
    keeper.close()
    assert moves_on_disk(first.save_id) == put_there["moves"]
    assert moves_on_disk(mine.save_id) == mine.notations and len(mine.notations) == 3


@pytest.mark.parametrize("change", ["deleted", "an earlier copy of it put back"])
def test_a_save_deleted_or_put_back_from_outside_is_written_again_when_the_window_closes(change):
    first = scurry(28, moves=1)
    keeper = taken(first, [])
    mine = keeper.match
    mine.play(mine.state.legal_moves()[0])
    path = in_progress_path(first.save_id)
    earlier = path.read_bytes()  # a backup, taken while the window plays
    mine.play(mine.state.legal_moves()[0])
    if change == "deleted":
        path.unlink()
        saves.journal_path(first.save_id).unlink(missing_ok=True)
    else:
        path.write_bytes(earlier)
    keeper.close()
    assert moves_on_disk(first.save_id) == mine.notations and len(mine.notations) == 3
    assert set(listed()) == {first.save_id}


def test_lock_files_nobody_holds_are_removed_at_start():
    """Each killed window left its game's empty lock file behind (11 after 92 kills)."""
    held, free = scurry(29, moves=1), scurry(30, moves=1)
    another_window = hold(held.save_id)
    for save_id in (free.save_id, "scurry-20260101-000000-ended"):
        hold(save_id).release()  # a window killed: its lock file stays
    folder = storage.in_progress_dir()
    assert len(list(folder.glob("*.lock"))) == 3
    try:
        make_app()  # a start
        assert [p.name for p in folder.glob("*.lock")] == [f"{held.save_id}.lock"]
        assert saves.still_held(another_window), "the held one is left alone"
        assert set(listed()) == {held.save_id, free.save_id}
    finally:
        another_window.release()
        pygame.quit()

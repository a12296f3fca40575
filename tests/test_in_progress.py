"""Games in progress (one autosave each), finished games as records, the old
single autosave moved over, stale temp files, full and read-only disks."""
from __future__ import annotations

import errno
import json
import os
import sqlite3
import time

import pytest

from game import records, storage
from game.engine.match import Match, Seat
from game.keeper import GameKeeper, write_pending_records
from game.saves import games_in_progress, read_in_progress, resume, save_match, start_up
from keeping import WriterNow
from tests.toy_games import TOY_GAMES, TTT


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def people(n=2):
    return [Seat(name, i) for i, name in enumerate(["Eva", "Jon", "Ana"][:n])]


TOLD: list[str] = []  # what the keepers told the player


def ttt(seed=1, *moves):
    m = Match(TTT, people(), seed=seed)
    m.keeper = GameKeeper(m, WriterNow(), TOLD.append)
    for text in moves:
        m.play(TTT.parse_move(m.state, text))
    return m


def listed():
    found, messages = games_in_progress(TOY_GAMES)
    assert messages == []
    return found


def test_each_game_in_progress_keeps_its_own_autosave():
    first = ttt(1, "a1")
    second = ttt(2, "b2", "c3")
    assert first.save_id != second.save_id
    rows = listed()
    assert [r.save_id for r in rows] == [second.save_id, first.save_id]  # newest first
    assert [r.moves for r in rows] == [2, 1]
    first.play(TTT.parse_move(first.state, "a2"))  # played again: now the newest
    os.utime(rows[1].path)  # mtime resolution: make the order certain
    rows = listed()
    assert rows[0].save_id == first.save_id and rows[0].moves == 2
    again = resume(rows[0].path, TOY_GAMES)
    assert again.notations == ["a1", "a2"] and again.save_id == first.save_id


def test_a_finished_game_becomes_a_record_and_leaves_the_list():
    m = ttt(1, "a1", "a2", "b1", "b2")
    assert len(listed()) == 1
    m.play(TTT.parse_move(m.state, "c1"))  # three in a row
    assert m.state.is_over and listed() == []
    [record] = records.list_records()
    assert record.game == "ttt" and record.moves == ["a1", "a2", "b1", "b2", "c1"]
    assert [s["name"] for s in record.seats] == ["Eva", "Jon"] and record.seed == 1
    assert record.winners == list(m.state.outcome.winners) and record.reason == m.state.outcome.reason
    assert record.started == m.started and record.finished
    assert records.get(record.id) == record
    replayed = Match.from_save(record.to_save(), TOY_GAMES)
    assert replayed.state.is_over and replayed.notations == record.moves
    # taking the winning move back makes it a game in progress again; the same
    # finish again is the same record, another finish is kept beside it (no
    # record ever replaces another)
    m.undo()
    assert [r.moves for r in listed()] == [4]
    m.play(TTT.parse_move(m.state, "c1"))
    assert len(records.list_records()) == 1 and listed() == []
    m.undo()
    m.play(TTT.parse_move(m.state, "c3"))
    m.play(TTT.parse_move(m.state, "c2"))  # Jon's three in a row this time
    assert [r.moves for r in records.list_records()] == [["a1", "a2", "b1", "b2", "c3", "c2"], record.moves]
    assert records.find(m.save_id).moves[-2:] == ["c3", "c2"], "the newest finish of the game"
    assert listed() == []


def test_records_list_by_game_and_newest_first():
    ttt(1, "a1", "a2", "b1", "b2", "c1")
    ttt(2, "a1", "b1", "a2", "b2", "a3")
    rows = records.list_records()
    assert len(rows) == 2 and rows[0].seed == 2
    assert records.list_records(game="ttt", limit=1) == rows[:1]
    assert records.list_records(game="chess") == []
    assert records.get(12345) is None


def test_records_schema_has_a_version_and_older_files_are_migrated(monkeypatch):
    ttt(1, "a1", "a2", "b1", "b2", "c1")
    db = sqlite3.connect(records.storage.records_path())
    assert db.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION == len(records.MIGRATIONS)
    db.close()
    # a second version of the schema: the existing file is brought up to date on open, rows kept
    monkeypatch.setattr(records, "MIGRATIONS", records.MIGRATIONS + ("ALTER TABLE records ADD COLUMN note TEXT",))
    monkeypatch.setattr(records, "SCHEMA_VERSION", len(records.MIGRATIONS))
    ttt(2, "a1", "b1", "a2", "b2", "a3")
    db = sqlite3.connect(records.storage.records_path())
    assert db.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION
    assert db.execute("SELECT COUNT(*), COUNT(note) FROM records").fetchone() == (2, 0)
    db.close()


def test_a_records_file_of_a_newer_version_is_read_but_not_written(monkeypatch):
    ttt(1, "a1", "a2", "b1", "b2", "c1")
    db = sqlite3.connect(records.storage.records_path())
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    assert len(records.list_records()) == 1
    m = ttt(2, "a1", "b1", "a2", "b2")
    TOLD.clear()
    m.play(TTT.parse_move(m.state, "a3"))
    assert TOLD == ["The finished game could not be added to History yet (the records file was made by a newer "
                    "version of Game Shelf). It is kept, and added the next time Game Shelf starts."]
    assert listed() == [], "a finished game is not a game in progress, one move short or not"
    assert read_in_progress(storage.in_progress_dir() / f"{m.save_id}.json", TOY_GAMES)["moves"] == m.notations
    assert write_pending_records(TOY_GAMES) == [  # a later start, the newer file still there
        "Finished games could not be added to History yet (the records file was made by a newer version of "
        "Game Shelf); they are kept and tried again at the next start."]
    assert len(records.list_records()) == 1 and listed() == []
    db = sqlite3.connect(records.storage.records_path())
    db.execute(f"PRAGMA user_version = {records.SCHEMA_VERSION}")  # that version is gone again
    db.commit()
    db.close()
    assert write_pending_records(TOY_GAMES) == ["A finished game from last time was added to History."]
    assert len(records.list_records()) == 2 and records.find(m.save_id).moves == m.notations
    assert list(storage.in_progress_dir().glob(f"{m.save_id}.*")) == []


def test_a_damaged_records_file_is_set_aside_and_a_new_one_started():
    path = storage.records_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all" * 100)
    TOLD.clear()
    ttt(1, "a1", "a2", "b1", "b2", "c1")
    assert len(records.list_records()) == 1
    [notice] = TOLD  # the keeper passes the records' notice on to the player
    assert "records.sqlite3 could not be read" in notice
    [aside] = path.parent.glob("records.sqlite3.damaged-*")
    assert aside.read_bytes() == b"not a database at all" * 100


def test_the_old_single_autosave_becomes_a_game_in_progress():
    m = Match(TTT, people(), seed=4)
    m.play(TTT.parse_move(m.state, "b2"))
    old = storage.autosave_path()
    save_match(m, old)
    data = old.read_bytes()
    from game import shelf

    shelf.GAMES["ttt"] = TTT  # the start-up names the file after a game it knows
    try:
        assert start_up() == []
    finally:
        del shelf.GAMES["ttt"]
    assert not old.exists()
    [row] = listed()
    assert row.path.read_bytes() == data and row.save_id.startswith("ttt-")
    assert resume(row.path, TOY_GAMES).notations == ["b2"]


def test_an_old_autosave_that_is_not_a_game_is_moved_over_then_set_aside_with_a_message():
    old = storage.autosave_path()
    old.parent.mkdir(parents=True)
    old.write_text("[]")
    start_up()
    found, messages = games_in_progress(TOY_GAMES)
    assert found == [] and len(messages) == 1 and "not a saved game" in messages[0]
    [aside] = storage.in_progress_dir().glob("*.damaged-*")
    assert aside.read_text() == "[]"


def test_old_temp_files_are_removed_at_start_and_fresh_ones_kept():
    folder = storage.in_progress_dir()
    folder.mkdir(parents=True)
    old = [folder / "game-1.json.abc.tmp", storage.saves_dir() / "x.json.q.tmp"]
    fresh = folder / "game-2.json.def.tmp"
    for path in old + [fresh]:
        path.write_text("{")
    for path in old:
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    keep = folder / "game-1.json"
    keep.write_text("{}")
    start_up()
    assert not any(p.exists() for p in old)
    assert fresh.exists() and keep.exists()


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_refused_write_leaves_the_old_autosave_and_no_temp(monkeypatch, code):
    import game.keeper

    m = ttt(1, "a1")
    path = storage.in_progress_dir() / f"{m.save_id}.json"
    before = path.read_bytes()

    def refuse(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    TOLD.clear()
    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "replace", refuse)  # the whole save is refused, its journal line is not
        m.play(TTT.parse_move(m.state, "b1"))
        assert TOLD == [], "the move is kept: nothing to worry the player with"
        assert path.read_bytes() == before and read_in_progress(path, TOY_GAMES)["moves"] == ["a1", "b1"]
        patch.setattr(game.keeper, "open", refuse, raising=False)  # now the journal too
        m.play(TTT.parse_move(m.state, "b2"))
    problem = "disk full" if code == errno.ENOSPC else "the disk is read-only"
    assert TOLD == [f"Can't save: {problem} — your moves are kept "
                    f"{'until you free space' if code == errno.ENOSPC else 'while this window is open'} and saved "
                    "as soon as the disk takes them. Menu → Save as… saves the game somewhere else."]
    assert m.notations == ["a1", "b1", "b2"], "the move stands in memory"
    assert path.read_bytes() == before
    assert sorted(p.suffix for p in path.parent.iterdir()) == [".journal", ".json", ".lock"], "no temp file"
    m.play(TTT.parse_move(m.state, "c1"))  # the next move saves everything
    assert TOLD[-1] == "Saving works again: every move so far is saved."
    assert json.loads(path.read_text())["moves"] == ["a1", "b1", "b2", "c1"]
    assert read_in_progress(path, TOY_GAMES)["moves"] == ["a1", "b1", "b2", "c1"]

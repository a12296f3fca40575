"""Records of finished games: an SQLite file (stdlib sqlite3) in the user data folder.

Each finished game is one row: the players, options, seed, moves, the result
and the dates, enough to replay it (Record.to_save() is a save Match.from_save
reads) and for statistics. The schema has a version (PRAGMA user_version) and a
list of migrations: a file of an older version is brought up to date when it is
opened, step by step; a file from a newer version is read but never written.

    add(match) -> int            the record of a finished match (never replacing another)
    list_records(game=None, limit=None) -> [Record]   newest first
    get(record_id) -> Record | None
    find(game_key) -> Record | None   the record of a match (its save_id)
    summaries(game=None) -> [Summary] every game without its moves (lists, statistics)
    write(work) -> work(db)'s result one transaction (RecordsError on failure)

The readers raise RecordsUnreadable (why, in words) when the file is there but
cannot be read: locked by another program, a folder in its place. They may wait
up to READ_WAIT_S on a lock, so screens call them off the window's thread.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
from dataclasses import dataclass
from typing import NamedTuple
from pathlib import Path

from . import storage
from .engine.match import SAVE_FORMAT

# MIGRATIONS[n] brings a file of schema version n to version n + 1.
MIGRATIONS = (
    """
    CREATE TABLE records (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL UNIQUE,  -- the game's id while it was in progress
        game TEXT NOT NULL,             -- which game (registry id)
        format INTEGER NOT NULL,        -- save format of seats/options/moves
        seats TEXT NOT NULL,            -- JSON: [{name, colour, kind, level}]
        options TEXT NOT NULL,          -- JSON object
        seed INTEGER NOT NULL,
        moves TEXT NOT NULL,            -- JSON: [notation]
        scores TEXT NOT NULL,           -- JSON: [int] per seat
        winners TEXT NOT NULL,          -- JSON: [seat]
        reason TEXT NOT NULL,           -- how the game ended, in words
        started TEXT,                   -- ISO 8601 local time
        finished TEXT NOT NULL
    );
    CREATE INDEX records_by_game ON records (game, finished);
    """,
    """
    ALTER TABLE records ADD COLUMN hints TEXT NOT NULL DEFAULT '[]';  -- JSON: [int] hints used per seat
    CREATE TABLE resets (                -- statistics start again after a reset; the records stay
        player TEXT NOT NULL,            -- the player's name, as folded by stats.key
        game TEXT NOT NULL,              -- a registry id, or '*' for every game
        after_id INTEGER NOT NULL,       -- records up to this id no longer count
        PRIMARY KEY (player, game)
    );
    -- what lists and statistics read, without the long list of moves (summaries())
    CREATE INDEX records_summary ON records (finished, id, game, seats, scores, winners, reason, hints);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class RecordsError(OSError):
    """The records file cannot be written; the message is in plain words."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()  # the words, never "[Errno 5] ..."


class RecordsUnreadable(RecordsError):
    """The records file is there but cannot be read now; the message says why, in
    plain words (the records are not lost: a screen says so, never "no games")."""


READ_WAIT_S = 1.0  # a reader waits this long for another program's write (a record takes milliseconds)


@dataclass(frozen=True)
class Record:
    id: int
    game: str
    seats: list
    options: dict
    seed: int
    moves: list
    scores: list
    winners: list
    reason: str
    started: str | None
    finished: str
    format: int = SAVE_FORMAT
    hints: list = ()  # hints used per seat

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_save(self) -> dict:
        """The game as a save: Match.from_save(record.to_save()) replays it."""
        return {"format": self.format, "game": self.game, "players": self.players, "seed": self.seed,
                "options": dict(self.options), "seats": [dict(s) for s in self.seats], "moves": list(self.moves),
                "started": self.started}


notices: list[str] = []  # messages for the player (a damaged records file set aside); the UI takes them


def take_notices() -> list[str]:
    out = list(notices)
    notices.clear()
    return out


def _failure(exc: Exception) -> RecordsError:
    storage.log("records file", exc)
    full = "full" in str(exc).lower()
    return RecordsError(errno.ENOSPC if full else errno.EIO,
                        "disk full" if full else "the records file cannot be written")


def _connect(path: Path, write: bool = True) -> sqlite3.Connection:
    """An open, up-to-date records database. A file that is not one is set aside;
    one from a newer version is only read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for attempt in (1, 2):
        db = sqlite3.connect(str(path), timeout=5 if write else READ_WAIT_S)
        try:
            if not storage.durable():
                db.execute("PRAGMA synchronous = OFF")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                if not write:
                    return db
                db.close()
                raise RecordsError(errno.EROFS, "the records file was made by a newer version of Game Shelf")
            for step in MIGRATIONS[version:]:
                version += 1
                with db:
                    db.executescript(f"BEGIN; {step}; PRAGMA user_version = {version}; COMMIT;")
            return db
        except sqlite3.DatabaseError as exc:
            db.close()
            if attempt == 2 or isinstance(exc, sqlite3.OperationalError):
                raise  # write() and the readers say what it means
            notices.append(storage.set_aside(path, "it is not a records file", exc).message
                           + " A new records file is started.")
    raise AssertionError("unreachable")


def add(match) -> int:
    """Keep a finished match as a record (see add_save); returns the record's id."""
    if match.state.outcome is None:
        raise ValueError("only a finished game becomes a record")
    save = match.to_save()
    save["id"] = match.save_id or storage.new_game_id(match.spec.id)
    return add_save(save, match.state.outcome)


def add_save(save: dict, outcome) -> int:
    """Keep a finished game (its save and its Outcome) as a record; returns the
    record's id. A record never replaces another: the same game written again
    (a pending record retried at a later start) is found and left as it is, and
    the same game finished another way after an undo is kept as a second record.
    RecordsError on failure."""
    key = save.get("id") or storage.new_game_id(save["game"])
    moves = json.dumps(save["moves"], ensure_ascii=False)
    row = [key, save["game"], save["format"], json.dumps(save["seats"], ensure_ascii=False),
           json.dumps(save["options"], ensure_ascii=False), save["seed"], moves, json.dumps(list(outcome.scores)),
           json.dumps(list(outcome.winners)), outcome.reason, save.get("started"),
           time.strftime("%Y-%m-%dT%H:%M:%S"), json.dumps(list(save.get("hints") or ()))]

    def work(db):
        same_game = db.execute(f"SELECT id, game_key, moves FROM records WHERE {_SAME_GAME}",
                               _same_game(key)).fetchall()
        for rid, _key, kept_moves in same_game:
            if kept_moves == moves:
                return rid  # this very finish is already a record
        keys = {k for _id, k, _m in same_game}
        n = len(same_game) + 1
        while row[0] in keys:  # a game finished again: a key of its own (game/2, game/3, ...)
            row[0] = f"{key}/{n}"
            n += 1
        return db.execute(
            "INSERT INTO records (game_key, game, format, seats, options, seed, moves, scores, winners,"
            " reason, started, finished, hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row).lastrowid
    return write(work)


# the records of one game in progress: its key, or its key and "/n" when it was finished again after an undo
_SAME_GAME = "(game_key = ? OR substr(game_key, 1, ?) = ?)"


def _same_game(key: str) -> tuple:
    return key, len(key) + 1, key + "/"


def write(work):
    """Run `work(db)` in one transaction on the records file and return what it
    returns; RecordsError (in plain words) when the file cannot be written."""
    try:
        db = _connect(storage.records_path())
        try:
            with db:
                return work(db)
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise _failure(exc) from None
    except OSError as exc:
        if isinstance(exc, RecordsError):
            raise
        storage.log("records folder", exc)
        raise RecordsError(exc.errno, storage.write_problem(exc)) from None


def _record(row) -> Record:
    (rid, game, fmt, seats, options, seed, moves, scores, winners, reason, started, finished, hints) = row
    return Record(rid, game, json.loads(seats), json.loads(options), seed, json.loads(moves), json.loads(scores),
                  json.loads(winners), reason, started, finished, fmt, json.loads(hints))


_COLUMNS = "id, game, format, seats, options, seed, moves, scores, winners, reason, started, finished, hints"


def _unreadable(path: Path, exc: BaseException) -> RecordsUnreadable:
    """Why the records file cannot be read, in words (the detail goes to the log)."""
    storage.log("reading records", exc)
    text = str(exc).lower()
    if path.is_dir():
        why = f"{path.name} is a folder, not a file"
    elif "locked" in text or "busy" in text:
        why = ("another program is using the records file (another Game Shelf window, or a backup); "
               "the games in it are safe: try again when it is done")
    elif isinstance(exc, PermissionError) or "permission" in text or "readonly" in text:
        why = "Game Shelf is not allowed to read the records file"
    elif isinstance(exc, ValueError):
        why = "the records file holds a game this version cannot read"
    else:
        why = "the records file cannot be opened"
    return RecordsUnreadable(errno.EIO, why)


def _query(sql: str, params=(), convert=None) -> list:
    """The rows of a read-only query, each made a Record (or passed to `convert`);
    [] when there is no records file yet. RecordsUnreadable (why, in words) when
    it cannot be read: locked by another program, a folder, not allowed."""
    path = storage.records_path()
    if not path.exists():
        return []
    convert = convert or _record
    try:
        db = _connect(path, write=False)
        try:
            return [convert(row) for row in db.execute(sql, params)]
        finally:
            db.close()
    except (sqlite3.Error, ValueError, OSError) as exc:
        if isinstance(exc, RecordsUnreadable):
            raise
        raise _unreadable(path, exc) from None


def stamp() -> tuple | None:
    """What the records file looks like on disk (None: no file yet): it differs after any
    change, made here or by another window, so a screen listing the records can tell
    when to read them again without opening the file."""
    try:
        with open(storage.records_path(), "rb") as file:
            found = os.fstat(file.fileno())
            header = file.read(28)
    except OSError:
        return None
    # SQLite counts its changes in the header (bytes 24-27): a change within the clock's tick shows too
    return found.st_mtime_ns, found.st_size, found.st_ino, header[24:28]


def list_records(game: str | None = None, limit: int | None = None) -> list[Record]:
    """Finished games, newest first; only `game`'s when given."""
    where, params = ("WHERE game = ?", [game]) if game else ("", [])
    sql = f"SELECT {_COLUMNS} FROM records {where} ORDER BY finished DESC, id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(int(limit))
    return _query(sql, params)


def get(record_id: int) -> Record | None:
    found = _query(f"SELECT {_COLUMNS} FROM records WHERE id = ?", (int(record_id),))
    return found[0] if found else None


class Summary(NamedTuple):
    """A finished game without its moves: what lists and statistics need."""

    id: int
    game: str
    seats: list
    scores: list
    winners: list
    reason: str
    finished: str
    moves: int  # how many moves were played
    hints: list


def _summary_or_none(row) -> Summary | None:
    try:
        rid, game, seats, scores, winners, reason, finished, moves, hints = row
        return Summary(rid, game, json.loads(seats), json.loads(scores), json.loads(winners), reason, finished,
                       moves, json.loads(hints))
    except (ValueError, TypeError):
        return None


def summaries(game: str | None = None, oldest_first: bool = False, count_moves: bool = True) -> list[Summary]:
    """Every finished game (only `game`'s when given) without its moves, newest
    first unless `oldest_first`; `count_moves=False` leaves Summary.moves 0.
    SQLite writes all the rows as one JSON text, read in one go: thousands of
    games take milliseconds."""
    where, params = ("WHERE game = ?", (game,)) if game else ("", ())
    moves = "json_array_length(moves)" if count_moves else "0"
    rows = _query("SELECT '[' || COALESCE(group_concat('[' || id || ',' || json_quote(game) || ',' || seats || ','"
                  " || scores || ',' || winners || ',' || json_quote(reason) || ',' || json_quote(finished) || ','"
                  f" || {moves} || ',' || hints || ']', ','), '') || ']'"
                  f" FROM (SELECT id, game, seats, scores, winners, reason, finished, hints{', moves' if count_moves else ''}"
                  f" FROM records {where} ORDER BY finished, id)", params, tuple)
    try:
        found = [Summary._make(row) for row in json.loads(rows[0][0])] if rows else []
    except (ValueError, TypeError) as exc:  # a row that is not what this version writes: the others still count
        storage.log("reading the summaries of the records", exc)
        found = _query(f"SELECT id, game, seats, scores, winners, reason, finished, {moves}, hints FROM records {where}",
                       params, _summary_or_none)
        found = [summary for summary in found if summary is not None]
    found.sort(key=lambda s: (s.finished, s.id), reverse=not oldest_first)
    return found


def query(sql: str, params=()) -> list[tuple]:
    """Plain rows of a read-only query (statistics); RecordsUnreadable when the file cannot be read."""
    return _query(sql, params, tuple)


def find(game_key: str) -> Record | None:
    """The newest record of the game that was in progress as `game_key` (Match.save_id)."""
    found = _query(f"SELECT {_COLUMNS} FROM records WHERE {_SAME_GAME} ORDER BY id DESC LIMIT 1",
                   _same_game(game_key))
    return found[0] if found else None

"""Games as files: a save written and read back, the games in progress (one
autosave each, in saves/in-progress/), and the tidying done at start-up.

The app layer: the engine's Match knows its save only as data (to_save,
from_save, check_save); this module puts that data in files through
game.storage; game.keeper keeps a game in progress in them while it is played.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from . import storage
from .engine.match import Match, SaveError, check_save, save_seat_count, save_summary
from .shelf import GAMES


def save_file_name(match: Match) -> str:
    """A new save's file name: the game and when it was saved."""
    return f"{match.spec.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def save_match(match: Match, path) -> None:
    storage.write_json_atomic(Path(path), match.to_save())


class DamagedSave(storage.DamagedFile):
    """A save that cannot be loaded whole (moved aside like any damaged file);
    `kept`: its game up to the last good move, for the player to go on with, or None."""

    def __init__(self, damaged: storage.DamagedFile, kept: Match | None):
        super().__init__(damaged.message, damaged.moved_to)
        self.kept = kept


def load_match(path, games=GAMES) -> Match | None:
    """The match saved in `path`, or None if there is no such file. A file that
    is not a valid save is moved aside and DamagedSave raised (with the game up
    to its last good move, when a move in it cannot be played)."""
    loaded, refused = [], []

    def validate(data):
        try:
            loaded.append(Match.from_save(data, games))
        except SaveError as exc:
            refused.append((data, exc))
            raise

    try:
        if storage.read_json(Path(path), validate) is None:
            return None
    except storage.DamagedFile as damaged:
        raise DamagedSave(damaged, Match.good_part(*refused[0], games) if refused else None) from None
    return loaded[0]


# ---- games in progress: one autosave each --------------------------------
# A game in progress is three files in saves/in-progress/: <id>.json, the whole
# save (rewritten in the background); <id>.journal, one line per change since
# that save, each flushed to the disk before the change is shown; <id>.lock,
# held by the window that has the game open (game.keeper.GameKeeper).

def in_progress_path(save_id: str) -> Path:
    return storage.in_progress_dir() / f"{save_id}.json"


def journal_path(save_id: str) -> Path:
    return storage.in_progress_dir() / f"{save_id}.journal"


def lock_path(save_id: str) -> Path:
    return storage.in_progress_dir() / f"{save_id}.lock"


class OpenElsewhere(Exception):
    """The game is open in another window."""


held_here: set[str] = set()  # the games this process holds (GameKeeper adds and removes them)


# Taking a game to play or delete waits this long for its lock: another window's title
# holds it for a moment whenever it looks whether the game is open (open_elsewhere).
TAKE_WAIT_S = 0.25


def hold(save_id: str, wait: float = TAKE_WAIT_S) -> FileLock | None:
    """Take the lock of a game in progress for this window (the system lets go of
    it when the process ends, however it ends), trying for `wait` seconds. OpenElsewhere
    when another window holds it; None when no lock file can be made (a read-only
    disk: then no window can write the game either)."""
    path = lock_path(save_id)
    deadline = time.monotonic() + wait
    for _attempt in range(3):
        lock = FileLock(str(path), timeout=max(0.0, deadline - time.monotonic()), thread_local=False)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            lock.acquire()
        except Timeout:
            raise OpenElsewhere(save_id) from None
        except OSError as exc:
            storage.log(f"locking {path}", exc)
            return None
        if still_held(lock):
            return lock
        lock.release()  # its file was removed as it was taken (another window's tidy at start): the new one
    storage.log(f"locking {path}: its file kept going away")
    return None


def still_held(lock: FileLock | None) -> bool:
    """Whether `lock` (from hold) still guards its game: the file it holds is the one at
    its path. A lock file removed from under a window (with its folder, or by a cleaner)
    guards nothing: another window would make a new one and take the game. (No lock, on
    a disk where none could be made, guards nothing either way.)"""
    fd = getattr(getattr(lock, "_context", None), "lock_file_fd", None)  # filelock's descriptor of the held file
    if fd is None:
        return lock is None or lock.is_locked  # nothing to look into
    try:
        return os.path.samestat(os.fstat(fd), os.stat(lock.lock_file))  # (the held file's inode cannot be reused)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # cannot tell: kept as it is


def open_elsewhere(save_id: str) -> bool:
    """Whether another window has this game open (a quick try of its lock)."""
    if save_id in held_here or not lock_path(save_id).exists():
        return False  # never opened since its lock file went: nobody holds it
    try:
        lock = hold(save_id, wait=0.0)  # a look, not a taking: it must not keep the window waiting
    except OpenElsewhere:
        return True
    if lock is not None:
        lock.release()
    return False


def with_journal(data: dict, journal: Path) -> dict:
    """A game in progress as it is now: its save with the changes of its journal
    played on top. A journal line is {"n": number, "keep": moves kept, "add":
    moves played after them, "hints": per seat, "over": finished}; the save's
    "journaled" says which lines it holds already. A line cut short (a crash
    mid-write) ends the journal."""
    try:
        with open(journal, "rb") as handle:
            text = handle.read(storage.MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        return data
    except OSError as exc:
        storage.log(f"reading {journal}", exc)
        return data
    done = data.get("journaled") if isinstance(data.get("journaled"), int) else 0
    moves, hints, over = list(data["moves"]), data.get("hints"), bool(data.get("over"))
    for raw in text.split(b"\n"):
        try:
            line = json.loads(raw)
            n, keep, add = line["n"], line["keep"], line["add"]
            if not (isinstance(n, int) and isinstance(keep, int) and keep >= 0
                    and isinstance(add, list) and all(isinstance(m, str) for m in add)):
                raise ValueError("not a journal line")
        except (ValueError, TypeError, KeyError):
            break
        if n <= done:
            continue  # the save holds it already
        if keep > len(moves):
            break  # not a change of these moves: the journal is damaged from here on
        moves, hints, over, done = moves[:keep] + add, line.get("hints", hints), bool(line.get("over")), n
    return {**data, "moves": moves, "hints": hints, "over": over, "journaled": done}


def read_in_progress(path, games=GAMES) -> dict | None:
    """The save of a game in progress with its journal played on top; None if
    there is no such file; storage.DamagedFile (the file moved aside) when it
    is not a save."""
    path = Path(path)
    data = storage.read_json(path, lambda d: check_save(d, games))
    if data is None:
        return None
    return with_journal(data, path.with_suffix(".journal"))


@dataclass(frozen=True)
class InProgress:
    """One game in progress, as the title screen lists it."""

    path: Path
    summary: str  # "Scurry — Ann vs Bob"
    moves: int
    last_played: float  # time.time() of its last autosave
    elsewhere: bool = False  # open in another window: it can be looked at, not played here
    players: int = 0  # how many sit at it (a short row says "4 players" instead of every name)

    @property
    def save_id(self) -> str:
        return self.path.stem

    @property
    def short_summary(self) -> str:
        return short_summary(self.summary, self.players)


def short_summary(summary: str, players: int) -> str:
    """"Skurðir — 5 players" for "Skurðir — Ann vs Bob vs …", where a row has no room for every name."""
    game = summary.split(" — ", 1)[0]
    return f"{game} — {players} player{'' if players == 1 else 's'}"


def games_in_progress(games=GAMES) -> tuple[list[InProgress], list[str]]:
    """The games in progress, newest first, checked without replaying them; and
    messages for the files that are not games (each was moved aside). A finished
    game whose record is still to be written is not one of them."""
    folder = storage.in_progress_dir()
    found, messages = [], []
    try:
        paths = [(_last_change(p), p) for p in folder.glob("*.json")]
    except OSError as exc:
        storage.log("listing games in progress", exc)
        return [], []
    for mtime, path in sorted(paths, key=lambda item: item[0], reverse=True):
        try:
            data = read_in_progress(path, games)
        except storage.DamagedFile as damaged:
            messages.append(damaged.message)
            continue
        if data is not None and not data.get("over"):
            elsewhere = open_elsewhere(path.stem)
            found.append(InProgress(path, save_summary(data, games) or path.stem, len(data["moves"]), mtime,
                                    elsewhere, save_seat_count(data)))
            if isinstance(data.get("note"), str) and not elsewhere and take_note(path.stem):
                messages.append(data["note"])
    return found, messages


def take_note(save_id: str) -> bool:
    """A save's note for the player (GameKeeper leaves one when a window that closed kept
    its game beside a file that took its place) is taken out of the file, to be told
    once; False when that cannot be done now (the game is held: it is told later)."""
    if save_id in held_here:
        return False  # this window lets go of it in a moment
    path = in_progress_path(save_id)
    try:
        lock = hold(save_id, wait=0.0)
    except OpenElsewhere:
        return False
    try:
        data = storage.parse_json_file(path)
        data.pop("note", None)
        storage.write_json_atomic(path, data)
    except (OSError, ValueError) as exc:
        storage.log(f"taking the note of {path}", exc)
        return False
    finally:
        if lock is not None:
            lock.release()
    return True


def _last_change(path: Path) -> float:
    """When the game was last played: its save, or its journal if that is newer."""
    try:
        journal = path.with_suffix(".journal").stat().st_mtime
    except OSError:
        journal = 0.0
    return max(path.stat().st_mtime, journal)


def resume(entry_path, games=GAMES) -> Match | None:
    """The game in progress saved in `entry_path` (its journal played on top), with
    its autosave's name (so is its good part, when it could not be read whole:
    DamagedSave.kept). storage.DamagedFile when it is not a game: the file, and
    its journal, are moved aside."""
    data = read_in_progress(entry_path, games)
    if data is None:
        return None
    path = Path(entry_path)
    try:
        match = Match.from_save(data, games)
    except SaveError as exc:
        damaged = storage.set_aside(path, str(exc), exc.__cause__ or exc)
        set_aside_journal(path.stem)
        kept = Match.good_part(data, exc, games)
        if kept is not None:
            kept.save_id = path.stem  # the damaged files were moved aside: the name is free
        raise DamagedSave(damaged, kept) from None
    match.save_id = path.stem
    return match


def read_only(entry_path, games=GAMES) -> dict | None:
    """Like read_in_progress, but the files are only read, never set aside (another
    window may be playing the game). None when it is gone; ValueError (plain words)
    when it is not a save."""
    path = Path(entry_path)
    try:
        data = storage.parse_json_file(path)
    except FileNotFoundError:
        return None
    check_save(data, games)
    return with_journal(data, path.with_suffix(".journal"))


def peek(entry_path, games=GAMES) -> Match | None:
    """A game in progress as it is now, to look at while another window plays it.
    None when it is gone; ValueError (plain words) when it cannot be read."""
    data = read_only(entry_path, games)
    return None if data is None else Match.from_save(data, games)


def set_aside_journal(save_id: str) -> None:
    """A journal whose save is gone or damaged is moved aside (never deleted): a new
    save of the game must not have its old lines played on top."""
    if journal_path(save_id).exists():
        storage.set_aside(journal_path(save_id), "its game could not be read")


def remove_files(save_id: str) -> None:
    """A game in progress's save and journal go (it was deleted, or became a record)."""
    for path in (in_progress_path(save_id), journal_path(save_id)):
        path.unlink(missing_ok=True)


def delete_in_progress(entry_path) -> None:
    """Delete a game in progress (the player asked twice); OpenElsewhere when a
    window (this one too: a board under the menu) plays it."""
    save_id = Path(entry_path).stem
    lock = hold(save_id)
    try:
        remove_files(save_id)
    finally:
        if lock is not None:
            lock_path(save_id).unlink(missing_ok=True)
            lock.release()


def remove_unheld_locks() -> int:
    """The lock files nobody holds are removed (each stays behind when its window is
    killed, and they piled up); returns how many. Each is taken first and removed while
    held: a window taking it just then finds it gone and makes a new one (hold)."""
    removed = 0
    folder = storage.in_progress_dir()
    try:
        paths = sorted(folder.glob("*.lock"))
    except OSError as exc:
        storage.log("listing lock files", exc)
        return 0
    for path in paths:
        save_id = path.name[: -len(".lock")]
        if save_id in held_here:
            continue
        try:
            lock = hold(save_id, wait=0.0)
        except OpenElsewhere:
            continue  # a window plays it
        if lock is None:
            continue
        try:
            path.unlink(missing_ok=True)
            removed += 1
        except OSError as exc:
            storage.log(f"removing {path}", exc)
        finally:
            lock.release()
    return removed


def start_up() -> list[str]:
    """Tidy the save folders when the app starts: temp files a crash left and lock
    files nobody holds are removed, and the single autosave.json of older versions
    becomes one of the games in progress (moved, never deleted). Returns messages
    for the player."""
    storage.remove_stale_temp_files()
    remove_unheld_locks()
    old = storage.autosave_path()
    if not old.exists():
        return []
    try:
        data = storage.parse_json_file(old)
    except (ValueError, OSError):
        data = None  # moved all the same: the list of games in progress sets it aside with a message

    game = data.get("game") if isinstance(data, dict) else None
    save_id = storage.new_game_id(game if isinstance(game, str) and game in GAMES else "game")
    try:
        storage.in_progress_dir().mkdir(parents=True, exist_ok=True)
        os.replace(old, in_progress_path(save_id))
    except OSError as exc:
        storage.log("moving the old autosave.json", exc)
        return [f"The game saved by an older version could not be moved ({storage.write_problem(exc)}); "
                "it stays in autosave.json."]
    return []

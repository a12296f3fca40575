"""Where Game Shelf keeps its files, and how it writes and reads them safely.

Settings live in the user config dir; games in progress (one autosave each,
saves/in-progress/), saves a person made (saves/) and the records of finished
games (records.sqlite3, see game.records) in the user data dir; the log in the
user log dir (platformdirs, appname "game-shelf"). Every write is atomic: a
temp file in the same folder, fsync, then os.replace. A file that cannot be
read is moved aside (renamed *.damaged-<time>) and the caller gets a message
in plain words for the player; the technical detail goes to the log file.
"""
from __future__ import annotations

import errno
import json
import logging
import os
import stat
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "game-shelf"
MAX_SAVE_BYTES = 2 * 1024 * 1024  # a long game's save is a few KB
MAX_SETTINGS_BYTES = 256 * 1024
MAX_JSON_DEPTH = 32  # lists and objects within each other; our files nest 4 deep at most
STALE_TEMP_SECONDS = 60  # a temp file this old was left by a crash mid-write


def _dirs() -> dict[str, Path]:
    home = os.environ.get("GAME_SHELF_HOME")
    if home:  # tests and portable installs: everything under one folder
        base = Path(home)
        return {"config": base / "config", "data": base / "data", "log": base / "log"}
    return {
        "config": Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        "data": Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        "log": Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    }


def config_dir() -> Path:
    return _dirs()["config"]


def saves_dir() -> Path:
    return _dirs()["data"] / "saves"


def log_dir() -> Path:
    return _dirs()["log"]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def autosave_path() -> Path:
    """The single autosave of older versions: moved into in_progress_dir() at start."""
    return saves_dir() / "autosave.json"


def in_progress_dir() -> Path:
    """One autosave per game in progress, named <game id>.json."""
    return saves_dir() / "in-progress"


def records_path() -> Path:
    return _dirs()["data"] / "records.sqlite3"


def reviews_dir() -> Path:
    """The game reviews found so far, one file per game and depth (game/review.py)."""
    return _dirs()["data"] / "reviews"


def log_path() -> Path:
    return log_dir() / "game-shelf.log"


def new_game_id(game: str) -> str:
    """A name for a new game in progress: the game, when it started, and a random tail."""
    return f"{game}-{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"


# ---- the log: technical detail the player is spared --------------------

_logger = logging.getLogger("game_shelf")
_logger.propagate = False
_log_file: Path | None = None


def log(message: str, exc: BaseException | None = None) -> None:
    """Write a line (and an exception's detail) to the log file; never fails."""
    global _log_file
    try:
        path = log_path()
        if _log_file != path:
            for handler in list(_logger.handlers):
                _logger.removeHandler(handler)
                handler.close()
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(path, encoding="utf-8", delay=True)
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
            _logger.addHandler(handler)
            _logger.setLevel(logging.INFO)
            _log_file = path
        detail = f"{message}: {type(exc).__name__}: {exc}" if exc is not None else message
        _logger.warning(detail[:4000])
    except Exception:  # noqa: BLE001 - a log that cannot be written must not stop the game
        pass


def blocking_file(path: Path) -> Path | None:
    """The file that stands where `path`, or a folder above it, should be a folder
    (so the folder can never be made); None when there is none."""
    for folder in (path, *path.parents):
        try:
            if folder.exists():
                return None if folder.is_dir() else folder
        except OSError:
            return None
    return None


def folder_problem(folder: Path) -> str | None:
    """Why `folder` can't be made, in plain words, when a file is in its way."""
    blocker = blocking_file(folder)
    return f"the folder {blocker} can't be made: a file of that name is in its way" if blocker else None


def folder_problems() -> list[str]:
    """One message for each file that stands where a folder of the app should be
    (checked at start): which folder can't be made, and what is not kept."""
    kept = {config_dir(): ["settings", "lesson progress"], _dirs()["data"]: ["games in progress", "saves", "records"],
            log_dir(): ["the log"]}
    found: dict[Path, list[str]] = {}
    for folder, what in kept.items():
        blocker = blocking_file(folder)
        if blocker is not None:
            found.setdefault(blocker, []).extend(what)
    return [f"Game Shelf can't keep its files: {folder_problem(blocker)}, so {', '.join(what[:-1])} and {what[-1]} "
            "are not kept until it is moved." for blocker, what in found.items()]


def write_problem(exc: OSError) -> str:
    """Why a write failed, in plain words."""
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) and exc.filename:
        blocked = folder_problem(Path(exc.filename))
        if blocked:
            return blocked
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "disk full"
    if exc.errno == errno.EROFS:
        return "the disk is read-only"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "no permission to write there"
    return "the disk refused the write"


def remove_stale_temp_files() -> int:
    """Delete the temp files a crash mid-save left behind; returns how many."""
    removed = 0
    now = time.time()
    for folder in (config_dir(), saves_dir(), in_progress_dir()):
        try:
            for path in folder.glob("*.tmp"):
                if now - path.stat().st_mtime >= STALE_TEMP_SECONDS:
                    path.unlink()
                    removed += 1
        except OSError as exc:
            log(f"could not clean temp files in {folder}", exc)
    return removed


def durable() -> bool:
    """Whether writes wait for the disk (fsync). Only the test suite turns this off
    (GAME_SHELF_NO_FSYNC=1): its thousands of throwaway saves need no crash safety,
    and one test that kills a writer turns it back on."""
    return os.environ.get("GAME_SHELF_NO_FSYNC") != "1"


def sync(fd: int) -> None:
    """Wait until what was written to `fd` is on the disk (a power cut keeps it);
    every fsync of the app goes through here, so the test suite can turn them off."""
    if durable():
        (getattr(os, "fdatasync", None) or os.fsync)(fd)


def write_json_atomic(path: Path, data) -> None:
    """Write `data` as JSON so that `path` holds either the old or the new file, never half."""
    write_bytes_atomic(path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write `data` so that `path` holds either the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            sync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


class DamagedFile(Exception):
    """A file that exists but cannot be used; it has been moved aside."""

    def __init__(self, message: str, moved_to: Path | None):
        super().__init__(message)
        self.message = message
        self.moved_to = moved_to


def set_aside(path: Path, why: str, detail: BaseException | str | None = None) -> DamagedFile:
    """Rename an unreadable file out of the way and describe it for the player
    (`why`, plain words); `detail` goes to the log only."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        log(f"could not move {path} aside", exc)
        target = None
    where = f" It was moved to {target.name}." if target else " It is left where it is."
    if isinstance(detail, BaseException):
        log(f"{path} set aside ({why})", detail)
    else:
        log(f"{path} set aside ({why}){': ' + detail if detail else ''}")
    return DamagedFile(f"{path.name} could not be read ({why}).{where}", target)


def parse_json_file(path: Path, max_bytes: int = MAX_SAVE_BYTES):
    """The JSON in `path`, without touching the file. FileNotFoundError if there
    is no such file (nor its folder: folder_problems says why, once, at start);
    ValueError(plain words) when it is not an ordinary file (a folder, a device,
    a pipe), too large (checked before reading), unreadable, not JSON or nested
    too deeply (the technical detail is chained as __cause__)."""
    too_large = ValueError(f"it is larger than {max_bytes // 1024} KB, far too large for this kind of file")
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer (it is refused below)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except NotADirectoryError as exc:  # a file stands where a folder above it should be: no such file
        raise FileNotFoundError(errno.ENOENT, "no such file (a file stands in the way of its folder)",
                                str(path)) from exc
    except OSError as exc:
        raise ValueError("the file cannot be opened") from exc
    try:
        kind = os.fstat(fd)
        if stat.S_ISDIR(kind.st_mode):
            raise ValueError("it is a folder, not a file")
        if not stat.S_ISREG(kind.st_mode):
            raise ValueError("it is a device or a pipe, not an ordinary file")
        if kind.st_size > max_bytes:
            raise too_large  # known before reading a byte
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(max_bytes + 1)  # never more than the limit, even if the file grew meanwhile
    except OSError as exc:
        raise ValueError("the file cannot be read") from exc
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise too_large
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError("it is not a text file") from exc
    try:
        data = json.loads(text)
    except RecursionError as exc:
        raise ValueError(TOO_DEEP) from exc
    except ValueError as exc:  # JSONDecodeError is a ValueError too
        raise ValueError("it is not valid JSON: the file is cut short or damaged") from exc
    if too_deep(data):
        raise ValueError(TOO_DEEP)
    return data


TOO_DEEP = "it is nested too deeply to be one of ours"


def too_deep(data, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when lists and objects in `data` nest deeper than `limit`: no file of
    ours does, and code that walks such data (copies, messages) could overflow."""
    level = [data]
    for _ in range(limit):
        level = [item for value in level if isinstance(value, (list, dict))
                 for item in (value.values() if isinstance(value, dict) else value)]
        if not level:
            return False
    return True


def read_json(path: Path, validate=None, max_bytes: int = MAX_SAVE_BYTES):
    """The JSON in `path`, or None if there is no such file.

    Raises DamagedFile (after moving the file aside) when it is too large, not
    valid JSON or `validate(data)` raises ValueError."""
    try:
        data = parse_json_file(path, max_bytes)
    except FileNotFoundError:
        return None
    except ValueError as exc:
        raise set_aside(path, str(exc), exc.__cause__ or exc) from None
    try:
        if validate is not None:
            validate(data)
    except (ValueError, RecursionError) as exc:
        why = str(exc) if isinstance(exc, ValueError) else TOO_DEEP
        raise set_aside(path, why, exc.__cause__ or exc) from None
    return data


# ---- settings -----------------------------------------------------------

DEFAULT_SETTINGS = {
    "fullscreen": False,
    "window_size": [1280, 800],
    "animation_speed": "normal",  # off / fast / normal / slow
    "player_names": [],  # names last used, offered again on the setup screen
    "sound_volume": 70,  # 0-100
    "sound_muted": False,
    "new_game": {},
    "ui_scale": 1.0,  # the side panel's text and sizes, 1.0-2.0 (ui/sizing.py)
    "review_depth": "quick",  # game review: quick (the normal computer's budget) or deep (the hard one's)
    "review_computers": False,  # game review: look at the computer seats' moves too
    "large_targets": None,  # every click target 44 px or more (ui/touch.py); None: not chosen, on at the first touch
    "watch_speed": "normal",  # a watched game's pace (ui/watch.py SPEEDS), as last chosen on its board
    "panel_folded": False,  # the compact side panel (no move log): more room for the board  # per game id: the players, seats and options last started (ui/setup_memory.py)
}
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
WATCH_SPEEDS = ("slow", "normal", "fast", "fastest")  # a watched game's paces, slowest first (ui/watch.py SPEEDS)
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
MIN_WINDOW = (960, 640)  # the smallest window the screens are laid out for
WINDOW_MIN = (320, 240)
WINDOW_MAX = (7680, 4320)  # an 8K screen; larger only wastes memory
MAX_REMEMBERED_NAMES = 10
MAX_REMEMBERED_NAME = 40  # characters: a name this long already overflows every screen
MAX_WINDOW = WINDOW_MAX[0]  # pixels, either way, asked for on the command line


def _validate_settings(data) -> None:
    """Every key's type and range; the messages are for people."""
    if not isinstance(data, dict):
        raise ValueError("it is not a set of settings")
    size = data.get("window_size", DEFAULT_SETTINGS["window_size"])
    if not (isinstance(size, list) and len(size) == 2
            and all(type(v) is int and lo <= v <= hi for v, lo, hi in zip(size, WINDOW_MIN, WINDOW_MAX))):
        raise ValueError(f"the window size must be two numbers of pixels, at most {WINDOW_MAX[0]}×{WINDOW_MAX[1]}")
    if data.get("animation_speed", "normal") not in ANIMATION_SPEEDS:
        raise ValueError("the animation speed is not one of off, fast, normal, slow")
    if data.get("watch_speed", "normal") not in WATCH_SPEEDS:
        raise ValueError("the watch speed is not one of " + ", ".join(WATCH_SPEEDS))
    if not isinstance(data.get("fullscreen", False), bool):
        raise ValueError("fullscreen must be true or false")
    volume = data.get("sound_volume", 70)
    if type(volume) is not int or not 0 <= volume <= 100:
        raise ValueError("the sound volume must be a number from 0 to 100")
    if not isinstance(data.get("sound_muted", False), bool):
        raise ValueError("sound muted must be true or false")
    if data.get("ui_scale", 1.0) not in UI_SCALES or isinstance(data.get("ui_scale"), bool):
        raise ValueError("the UI scale is not one of " + ", ".join(map(str, UI_SCALES)))
    if data.get("review_depth", "quick") not in ("quick", "deep"):
        raise ValueError("the review depth is not one of quick, deep")
    if not isinstance(data.get("review_computers", False), bool):
        raise ValueError("review computers must be true or false")
    if data.get("large_targets") is not None and not isinstance(data.get("large_targets"), bool):
        raise ValueError("large targets must be true, false or null")
    if not isinstance(data.get("panel_folded", False), bool):
        raise ValueError("panel folded must be true or false")
    memory = data.get("new_game", {})
    if not isinstance(memory, dict) or not all(isinstance(v, dict) for v in memory.values()):
        raise ValueError("the remembered new-game choices are not one set per game")
    names = data.get("player_names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("the remembered player names are not a list of names")


@dataclass
class Loaded:
    data: dict
    message: str | None = None  # for the player, when a file had to be set aside


def load_settings() -> Loaded:
    try:
        data = read_json(settings_path(), _validate_settings, MAX_SETTINGS_BYTES)
    except DamagedFile as damaged:
        return Loaded(dict(DEFAULT_SETTINGS), damaged.message + " Default settings are used.")
    merged = dict(DEFAULT_SETTINGS)
    merged.update({k: v for k, v in (data or {}).items() if k in DEFAULT_SETTINGS})  # unknown keys are dropped
    merged["player_names"] = [n[:MAX_REMEMBERED_NAME] for n in merged["player_names"][:MAX_REMEMBERED_NAMES]]
    return Loaded(merged)


def save_settings(settings: dict) -> None:
    write_json_atomic(settings_path(), settings)

"""Where Game Shelf keeps its files, and how it writes and reads them safely.

Settings live in the user config dir, saves in the user data dir (saves/),
logs in the user log dir (platformdirs, appname "game-shelf"). Every write is
atomic: a temp file in the same folder, fsync, then os.replace. A file that
cannot be read is moved aside (renamed *.damaged-<time>) and the caller gets a
message for the player along with the defaults.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "game-shelf"
SAVE_FORMAT = 1


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
    return saves_dir() / "autosave.json"


def write_json_atomic(path: Path, data) -> None:
    """Write `data` as JSON so that `path` holds either the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, ensure_ascii=False)
            handle.flush()
            os.fsync(handle.fileno())
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


def set_aside(path: Path, why: str) -> DamagedFile:
    """Rename an unreadable file out of the way and describe it for the player."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        target = None
    where = f" It was moved to {target.name}." if target else ""
    return DamagedFile(f"{path.name} could not be read ({why}).{where}", target)


def read_json(path: Path, validate=None):
    """The JSON in `path`, or None if there is no such file.

    Raises DamagedFile (after moving the file aside) when it is not valid JSON
    or `validate(data)` raises ValueError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise set_aside(path, type(exc).__name__) from None
    try:
        data = json.loads(text)
        if validate is not None:
            validate(data)
    except ValueError as exc:  # JSONDecodeError is a ValueError too
        raise set_aside(path, str(exc)[:120]) from None
    return data


# ---- settings -----------------------------------------------------------

DEFAULT_SETTINGS = {
    "fullscreen": False,
    "window_size": [1280, 800],
    "animation_speed": "normal",  # off / fast / normal / slow
    "player_names": [],  # names last used, offered again on the setup screen
}
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
MIN_WINDOW = (960, 640)  # the smallest window the screens are laid out for
MAX_WINDOW = 10000  # pixels, either way


def _validate_settings(data) -> None:
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    size = data.get("window_size", DEFAULT_SETTINGS["window_size"])
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and 320 <= v <= MAX_WINDOW for v in size)):
        raise ValueError("window_size must be two sizes in pixels")
    if data.get("animation_speed", "normal") not in ANIMATION_SPEEDS:
        raise ValueError("unknown animation speed")
    if not isinstance(data.get("fullscreen", False), bool):
        raise ValueError("fullscreen must be true or false")


@dataclass
class Loaded:
    data: dict
    message: str | None = None  # for the player, when a file had to be set aside


def load_settings() -> Loaded:
    try:
        data = read_json(settings_path(), _validate_settings)
    except DamagedFile as damaged:
        return Loaded(dict(DEFAULT_SETTINGS), damaged.message + " Default settings are used.")
    merged = dict(DEFAULT_SETTINGS)
    merged.update(data or {})
    return Loaded(merged)


def save_settings(settings: dict) -> None:
    write_json_atomic(settings_path(), settings)

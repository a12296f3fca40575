"""Games as files: a save written and read back, the games in progress (one
autosave each, in saves/in-progress/), and the tidying done at start-up.

The app layer: the engine's Match knows its save only as data (to_save,
from_save, check_save); this module puts that data in files through
game.storage and turns a finished game into a record (game.records).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from . import records, storage
from .engine.match import Match, SaveError, check_save, save_summary
from .engine.registry import GAMES


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


def load_match(path, games=None) -> Match | None:
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
def in_progress_path(save_id: str) -> Path:
    return storage.in_progress_dir() / f"{save_id}.json"


def in_progress_file(match: Match) -> Path:
    """Where this game in progress is autosaved (naming it on its first save)."""
    if match.save_id is None:
        match.save_id = storage.new_game_id(match.spec.id)
    return in_progress_path(match.save_id)


def autosave(match: Match) -> None:
    """Keep this game's autosave up to date. A finished game becomes a record
    (game.records) and leaves the games in progress; an undo past the end
    brings it back. OSError when the disk refuses: the caller tells the player,
    the game goes on in memory and the next change tries again."""
    path = in_progress_file(match)
    if match.state.is_over:
        records.add(match)  # kept as a record before its autosave goes
        path.unlink(missing_ok=True)
    else:
        save_match(match, path)


@dataclass(frozen=True)
class InProgress:
    """One game in progress, as the title screen lists it."""

    path: Path
    summary: str  # "Scurry — Ann vs Bob"
    moves: int
    last_played: float  # time.time() of its last autosave

    @property
    def save_id(self) -> str:
        return self.path.stem


def games_in_progress(games=None) -> tuple[list[InProgress], list[str]]:
    """The games in progress, newest first, checked without replaying them; and
    messages for the files that are not games (each was moved aside)."""
    folder = storage.in_progress_dir()
    found, messages = [], []
    try:
        paths = [(p.stat().st_mtime, p) for p in folder.glob("*.json")]
    except OSError as exc:
        storage.log("listing games in progress", exc)
        return [], []
    for mtime, path in sorted(paths, key=lambda item: item[0], reverse=True):
        try:
            data = storage.read_json(path, lambda d: check_save(d, games))
        except storage.DamagedFile as damaged:
            messages.append(damaged.message)
            continue
        if data is not None:
            found.append(InProgress(path, save_summary(data) or path.stem, len(data["moves"]), mtime))
    return found, messages


def resume(entry_path, games=None) -> Match | None:
    """The game in progress saved in `entry_path`, with its autosave's name (so
    is its good part, when the file could not be read whole: DamagedSave.kept)."""
    try:
        match = load_match(entry_path, games)
    except DamagedSave as damaged:
        if damaged.kept is not None:
            damaged.kept.save_id = Path(entry_path).stem  # the damaged file was moved aside: the name is free
        raise
    if match is not None:
        match.save_id = Path(entry_path).stem
    return match


def delete_in_progress(entry_path) -> None:
    Path(entry_path).unlink(missing_ok=True)


def start_up() -> list[str]:
    """Tidy the save folders when the app starts: temp files a crash left are
    removed, and the single autosave.json of older versions becomes one of the
    games in progress (moved, never deleted). Returns messages for the player."""
    storage.remove_stale_temp_files()
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

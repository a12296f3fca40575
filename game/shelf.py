"""The shelf: the games Game Shelf offers, and each game's parts.

A game is a folder (a package) whose files are its parts, found by name:
  rules.py   SPEC: the rules engine (pure Python; required)
  words.py   WORDS: how its log entries, phase and outcomes read (optional)
  player_aid.py  aid(view): the player aid, what the player to move may do now (optional)
  pictures.py  PICTURES: the Rules screen's pictures, positions and captions (optional)
  heuristics.py  heuristics for the computer players' search (optional)
  lesson.json  its Learn to play lesson (optional; game/lessons.py reads it)
  lesson.py  set_up(spec, players, layout): the positions its lesson's steps
             start from, when they are laid out rather than played (optional)
  board_screen.py  SCENE: its board screen, and SIDE_COLOURS when its sides have
             fixed colours (pygame; loaded by game/ui/boards.py)
  art.py     SPRITES and SPRITE_SIZES: its drawn sprites (optional; game/ui/boards.py)
and its rules text is seeds/<id>.md.

A game is put on the shelf by one line in SHELF below, or, for a game that
lives elsewhere (a test's own game), by add(package).

The app, the files and the screens ask the shelf; the engine and the rules
never do: they are handed a spec, the games by id, or a game's heuristics.
The shelf itself loads only the pure parts (rules, words, player_aid, heuristics, …), and only when
first asked for, so listing a game imports nothing of it.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

from .engine.ai import search_heuristics
from .engine.core import GameSpec
from .engine.present import Words

PURE_PARTS = ("rules", "words", "player_aid", "heuristics", "pictures", "lesson")  # the parts the shelf loads: never pygame, never a file


@dataclass(frozen=True)
class GameParts:
    package: str  # e.g. "game.games.skurdir"
    _loaded: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.package.rsplit(".", 1)[-1]

    @property
    def folder(self) -> Path:
        """The game's folder: where its data files (lesson.json) are."""
        return Path(importlib.util.find_spec(self.package).origin).parent

    @property
    def rules_text(self) -> str:
        """The file name of the game's rules in our words, under seeds/."""
        return f"{self.id}.md"

    def module(self, part: str):
        """The game's module `part` (one of PURE_PARTS), or None when it has none."""
        assert part in PURE_PARTS, f"the shelf loads no {part}.py: the screens do (game/ui/boards.py)"
        if part not in self._loaded:
            self._loaded[part] = optional_module(f"{self.package}.{part}")
        return self._loaded[part]

    @property
    def spec(self) -> GameSpec:
        return self.module("rules").SPEC

    @property
    def words(self) -> Words:
        """How the game's facts read; plain notation when it has no words.py."""
        module = self.module("words")
        return module.WORDS if module else Words()

    @property
    def pictures(self) -> tuple:
        """The Rules screen's pictures (engine.present.Picture); () when it has none."""
        module = self.module("pictures")
        return tuple(module.PICTURES) if module else ()

    @property
    def heuristics(self):
        """What the computer player's search uses of the game's heuristics.py (None without one)."""
        module = self.module("heuristics")
        return search_heuristics(module) if module else None


def optional_module(name: str):
    """The module `name`, or None when there is no such file."""
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


# The shelf, in the order the title screen shows it. Adding a game: copy a game
# folder under game/games/, then add its line here.
SHELF: list[GameParts] = [
    GameParts("game.games.skurdir"),
    GameParts("game.games.scurry"),
    GameParts("game.games.skyline_express"),
    GameParts("game.games.scrubbudgetel"),
    GameParts("game.games.skyrunner"),
]
# The views below are kept up to date by add() and remove(), in place, so a
# module that imported them sees every game on the shelf.
GAME_IDS: list[str] = []
PARTS: dict[str, GameParts] = {}
GAMES: dict[str, GameSpec] = {}  # the rules of every game by id: what the engine is handed


def _shelve(parts: GameParts) -> None:
    spec = parts.spec
    assert spec.id == parts.id, f"{parts.package}: its SPEC.id is {spec.id!r}, its folder {parts.id!r}"
    assert parts.id not in PARTS, f"{parts.id} is on the shelf already"
    GAME_IDS.append(parts.id)
    PARTS[parts.id] = parts
    GAMES[parts.id] = spec


for _parts in SHELF:
    _shelve(_parts)


def add(package: str) -> GameParts:
    """Put the game whose folder is the package `package` at the end of the shelf
    (a game that is not under game/games/: a test's toy game). Everything that asks
    the shelf finds it from then on: the title screen, the command line, saves,
    lessons, the computer player, the bench."""
    parts = GameParts(package)
    _shelve(parts)
    SHELF.append(parts)
    return parts


def remove(game_id: str) -> None:
    """Take the game `game_id` off the shelf again (what a test added)."""
    parts = PARTS.pop(game_id)
    SHELF.remove(parts)
    GAME_IDS.remove(game_id)
    del GAMES[game_id]


def parts_of(game_id: str) -> GameParts:
    """The parts of the game `game_id` (KeyError if it is not on the shelf)."""
    return PARTS[game_id]


def words_for(game_id: str) -> Words:
    """How the game `game_id` reads (plain notation for a game not on the shelf)."""
    parts = PARTS.get(game_id)
    return parts.words if parts else Words()


def heuristics_for(game_id: str):
    """The computer player's heuristics for the game `game_id` (None: plain search)."""
    parts = PARTS.get(game_id)
    return parts.heuristics if parts else None

"""The shelf: the games Game Shelf offers, and each game's parts.

A game is a folder (a package) whose files are its parts, found by name:
  rules.py   SPEC: the rules engine (pure Python; required)
  words.py   WORDS: how its log entries, phase and outcomes read (optional)
  aid.py     aid(view): the player aid, what the player to move may do now (optional)
  pictures.py  PICTURES: the Rules screen's pictures, positions and captions (optional)
  ai.py      heuristics for the computer players (optional)
  scene.py   SCENE: its board screen (pygame; loaded by game/ui/boards.py)
  art.py     SPRITES and SPRITE_SIZES: its drawn sprites (optional; game/ui/boards.py)
and its rules text is seeds/<id>.md.

The app, the files and the screens ask the shelf; the engine and the rules
never do: they are handed a spec, the games by id, or a game's heuristics.
The shelf itself loads only the pure parts (rules, words, aid, ai), and only when
first asked for, so listing a game imports nothing of it.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field

from .engine.ai import search_heuristics
from .engine.core import GameSpec
from .engine.present import Words

PURE_PARTS = ("rules", "words", "aid", "ai", "pictures")  # the parts the shelf loads: never pygame, never a file


@dataclass(frozen=True)
class GameParts:
    package: str  # e.g. "game.games.skurdir"
    _loaded: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.package.rsplit(".", 1)[-1]

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
        """What the computer player's search uses of the game's ai.py (None without one)."""
        module = self.module("ai")
        return search_heuristics(module) if module else None


def optional_module(name: str):
    """The module `name`, or None when there is no such file."""
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


# The shelf, in the order the title screen shows it. Adding a game: copy a game
# folder under game/games/, then add its line here.
SHELF: tuple[GameParts, ...] = (
    GameParts("game.games.skurdir"),
    GameParts("game.games.scurry"),
    GameParts("game.games.skyline_express"),
    GameParts("game.games.scrubbudgetel"),
    GameParts("game.games.skyrunner"),
)
GAME_IDS = tuple(parts.id for parts in SHELF)
PARTS: dict[str, GameParts] = {parts.id: parts for parts in SHELF}


def _specs() -> dict[str, GameSpec]:
    games = {}
    for parts in SHELF:
        spec = parts.spec
        assert spec.id == parts.id, (spec.id, parts.id)
        games[parts.id] = spec
    return games


GAMES: dict[str, GameSpec] = _specs()  # the rules of every game by id: what the engine is handed


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

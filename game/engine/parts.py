"""GameParts: one game's registration, the single place its parts are found.

Each game package (game/games/<id>/__init__.py) defines `PARTS = GameParts(__name__)`
and the registry lists them. The parts are loaded when first asked for, so
registering a game imports nothing (no pygame) until a screen needs its scene.

A game folder holds:
  rules.py   the rules engine: SPEC (pure Python; required)
  words.py   WORDS: how its log entries, phase and outcomes read (pure Python)
  aid.py     aid(view): the player aid, what the player to move may do now (pure Python)
  scene.py   SCENE: its board screen (pygame)
  ai.py      heuristics for the computer players (optional)
  art.py     SPRITES and SPRITE_SIZES: its drawn sprites (optional)
and its rules text is seeds/<id>.md.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field


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
        """The game's module `part` ("rules", "scene", "ai", "art", "words"), or None
        when the game has no such module."""
        if part not in self._loaded:
            name = f"{self.package}.{part}"
            self._loaded[part] = importlib.import_module(name) if importlib.util.find_spec(name) else None
        return self._loaded[part]

    @property
    def spec(self):
        return self.module("rules").SPEC

    @property
    def scene(self):
        """The board scene class (imports pygame)."""
        return self.module("scene").SCENE

    @property
    def ai(self):
        """The heuristics module for the computer players, or None."""
        return self.module("ai")

    @property
    def words(self):
        """How the game's facts read (a present.Words); plain notation when it has none."""
        module = self.module("words")
        if module is None:
            from .present import Words
            return Words()
        return module.WORDS

    @property
    def art(self):
        """The module drawing the game's sprites, or None."""
        return self.module("art")

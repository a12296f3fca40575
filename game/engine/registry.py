"""GAMES: every playable game, by id."""
from __future__ import annotations

import importlib

from .core import GameSpec

# Listed in the order the title screen shows them. A game joins by adding its
# id here and a module game/games/<id>/rules.py that defines SPEC.
GAME_IDS = ("scurry",)


def _load() -> dict[str, GameSpec]:
    games = {}
    for game_id in GAME_IDS:
        spec = importlib.import_module(f"game.games.{game_id}.rules").SPEC
        assert spec.id == game_id, (spec.id, game_id)
        games[game_id] = spec
    return games


GAMES: dict[str, GameSpec] = _load()

"""GAMES: every playable game, by id."""
from __future__ import annotations

import importlib
import importlib.util

from .core import GameSpec

# The shelf, in the order the title screen shows it. A game is playable once its
# package game/games/<id>/ has a rules.py that defines SPEC; until then its id
# is simply left out of GAMES.
GAME_IDS = ("skurdir", "scurry", "skyline_express", "scrubbudgetel", "skyrunner")


def _present(game_id: str) -> bool:
    return importlib.util.find_spec(f"game.games.{game_id}") is not None and (
        importlib.util.find_spec(f"game.games.{game_id}.rules") is not None
    )


def _load() -> dict[str, GameSpec]:
    games = {}
    for game_id in GAME_IDS:
        if not _present(game_id):
            continue
        spec = importlib.import_module(f"game.games.{game_id}.rules").SPEC
        assert spec.id == game_id, (spec.id, game_id)
        games[game_id] = spec
    return games


GAMES: dict[str, GameSpec] = _load()

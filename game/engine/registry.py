"""The shelf: every game's registration (GameParts), and GAMES, its rules by id."""
from __future__ import annotations

from ..games import scrubbudgetel, scurry, skurdir, skyline_express, skyrunner
from .core import GameSpec
from .parts import GameParts
from .present import Words

# The shelf, in the order the title screen shows it. Adding a game: copy a game
# folder under game/games/, then add its PARTS here.
SHELF: tuple[GameParts, ...] = (
    skurdir.PARTS, scurry.PARTS, skyline_express.PARTS, scrubbudgetel.PARTS, skyrunner.PARTS,
)
GAME_IDS = tuple(parts.id for parts in SHELF)
PARTS: dict[str, GameParts] = {parts.id: parts for parts in SHELF}


def _load() -> dict[str, GameSpec]:
    games = {}
    for parts in SHELF:
        spec = parts.spec
        assert spec.id == parts.id, (spec.id, parts.id)
        games[parts.id] = spec
    return games


GAMES: dict[str, GameSpec] = _load()


def parts_of(game_id: str) -> GameParts:
    """The registration of the game `game_id` (KeyError if it is not on the shelf)."""
    return PARTS[game_id]


def words_for(game_id: str) -> Words:
    """How the game `game_id` reads (plain notation for a game not on the shelf)."""
    parts = PARTS.get(game_id)
    return parts.words if parts else Words()

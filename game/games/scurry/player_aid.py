"""Scurry's player aid: what the player to move may do in each phase (pure Python)."""
from __future__ import annotations

from ...engine.present import Aid, Choice

WIN = "Own every tile on the board at the end of your turn to win; no leadoff spot at the start of your turn loses."

PHASES = {
    "setup_tiles": Aid("Set-up: placing tiles", (
        Choice("Place a tile", "One of your set-up tiles, your face up, on any empty vertex. Brown and Grey take "
               "turns until both have placed them all.", ("setup_tile",)),
    ), "Tiles of your colour are the ones your opponent's squirrel lands on."),
    "setup_squirrels": Aid("Set-up: placing the squirrels", (
        Choice("Place your squirrel", "On any empty vertex; Brown first, then Grey.", ("setup_squirrel",)),
    )),
    "leadoff": Aid("The leadoff tile", (
        Choice("Lay the leadoff tile", "A tile from the supply, your opponent's face up, on an empty vertex. "
               "Only spots that give your squirrel at least two moves this turn are lit.", ("leadoff",)),
    ), WIN),
    "move": Aid("Scurry: the squirrel moves", (
        Choice("Move your squirrel", "Like a queen along a grid line to an opponent tile in sight: empty "
               "vertices are passed over, tiles and the other squirrel block. The tile flips to your colour.",
               ("step",)),
        Choice("Keep going", "You must move again while an opponent tile is in sight, at least twice a turn. "
               "When none is left, the tile you stand on is eaten.", ("step",)),
    ), WIN),
}


def aid(view: dict) -> Aid | None:
    """The aid for the phase `view` is in (None once the game is over)."""
    return PHASES.get(view["phase"])

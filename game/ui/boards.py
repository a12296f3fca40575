"""Each game's board screen and sprites, from its folder on the shelf.

The shelf (game/shelf.py) loads only a game's pure parts; what draws is
loaded here, on the screens' side of the layers:
  scene.py   SCENE: the game's board screen (required)
  art.py     SPRITES and SPRITE_SIZES: its drawn sprites (optional)
"""
from __future__ import annotations

from .. import shelf

SCREEN_PARTS = ("scene", "art")  # what this module loads of a game's folder


def board_scene_class(game_id: str):
    """The board screen class of the game `game_id`."""
    return _part(shelf.parts_of(game_id), "scene").SCENE


def art_modules() -> list:
    """Every game's art module (a game may have none), in the shelf's order."""
    return [art for parts in shelf.SHELF if (art := _part(parts, "art")) is not None]


def _part(parts: shelf.GameParts, name: str):
    assert name in SCREEN_PARTS
    return shelf.optional_module(f"{parts.package}.{name}")

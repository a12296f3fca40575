"""Each game's board screen and sprites, from its folder on the shelf.

The shelf (game/shelf.py) loads only a game's pure parts; what draws is
loaded here, on the screens' side of the layers:
  board_screen.py  SCENE: the game's board screen (required); SIDE_COLOURS (optional):
             the colours of sides that have fixed ones, in seat order; play_colour(state,
             seat) (optional): a colour the game gives a seat in play, or None
  art.py     SPRITES and SPRITE_SIZES: its drawn sprites (optional)
"""
from __future__ import annotations

import functools

from .. import shelf
from . import look

SCREEN_PARTS = ("board_screen", "art")  # what this module loads of a game's folder


def board_scene_class(game_id: str):
    """The board screen class of the game `game_id`."""
    return _part(shelf.parts_of(game_id).package, "board_screen").SCENE


def side_colour(spec, index: int, seat) -> tuple[int, int, int]:
    """A seat's colour on screen: the game's fixed side colour when it has one
    (Scurry's brown and grey), else the colour the player picked. Colours are
    presentation: the rules name sides."""
    parts = shelf.PARTS.get(spec.id)  # None for a test's own game
    fixed = getattr(_part(parts.package, "board_screen"), "SIDE_COLOURS", ()) if parts else ()
    if index < len(fixed):
        return fixed[index]
    return look.seat_colour(seat.colour)


def seat_colour(spec, state, index: int, seat) -> tuple[int, int, int]:
    """A seat's colour on screen in `state`: the colour of play the game has given it
    (Skurðir's pyramids: board_screen's play_colour(state, index)), else side_colour."""
    parts = shelf.PARTS.get(spec.id)
    of_play = getattr(_part(parts.package, "board_screen"), "play_colour", None) if parts else None
    colour = of_play(state, index) if of_play is not None else None
    return colour if colour is not None else side_colour(spec, index, seat)


def art_modules() -> list:
    """Every game's art module (a game may have none), in the shelf's order."""
    return [art for parts in shelf.SHELF if (art := _part(parts.package, "art")) is not None]


@functools.cache  # asked every frame (the seats' colours)
def _part(package: str, name: str):
    assert name in SCREEN_PARTS
    return shelf.optional_module(f"{package}.{name}")

"""The positions Skurðir's lesson lays out (lesson.json's "layout" steps).

A layout names colours by their notation letters:
  {"colours": "GYBR" (a colour per seat),
   "stations": {"d5": "YG", ...} (the station's colour, then its passengers bottom first),
   "canals": [["d5", "f5", "Y"], ...] (from, to, colour), and optionally "pool", "free", "to_move"}
"""
from __future__ import annotations

COLOUR_LETTERS = "RYGBK"  # the colours in notation order


def _colour(letter: str) -> int:
    return COLOUR_LETTERS.index(letter)


def set_up(spec, players: int, layout: dict):
    state_class = type(spec.new_game(players, 0))
    stations = {cell: (_colour(v[0]), [_colour(c) for c in v[1:]]) for cell, v in layout["stations"].items()}
    canals = [(a, b, _colour(c)) for a, b, c in layout.get("canals", ())]
    extra = {k: layout[k] for k in ("pool", "free") if k in layout}
    return state_class.from_layout([_colour(c) for c in layout["colours"]], stations, canals,
                                   to_move=layout.get("to_move", 0), **extra)

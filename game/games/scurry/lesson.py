"""The positions Scurry's lesson lays out (lesson.json's "layout" steps):
  {"brown": [vertex, ...], "grey": [...] (each side's tiles), "squirrels": [brown's, grey's],
   "to_move": seat, and optionally "tiles_per_player", "turn", "size"}
"""
from __future__ import annotations


def set_up(spec, players: int, layout: dict):
    state_class = type(spec.new_game(players, 0))
    tiles = {v: owner for owner, names in enumerate((layout["brown"], layout["grey"])) for v in names}
    extra = {k: layout[k] for k in ("tiles_per_player", "turn", "size") if k in layout}
    return state_class.from_position(tiles, tuple(layout["squirrels"]), to_move=layout.get("to_move", 0), **extra)

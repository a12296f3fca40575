"""The new-game screen remembers, per game, what was last started: the player
count, each seat (name, colour, human or computer and its level) and the options.

Kept in the settings under "new_game" ({game id: {"players", "seats", "options"}}).
What the settings file holds is checked piece by piece when read back: a part
that no longer fits the game (an option since removed, a count out of range) is
left out and the screen's own default is used for it.
"""
from __future__ import annotations

from ..engine.match import KINDS, LEVELS, NAME_LIMIT, Seat
from .look import SEAT_COLOURS

KEY = "new_game"


def remember(settings: dict, spec, players: int, seats: list[Seat], options: dict) -> None:
    """Keep what the Start button started (every seat the screen had, so a count
    changed back finds its names again)."""
    memory = settings[KEY] = dict(settings.get(KEY) or {})  # a new dict: never the defaults' own
    memory[spec.id] = {
        "players": players,
        "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind, "level": s.level} for s in seats],
        "options": dict(options),
    }


def recall(settings: dict, spec) -> tuple[int | None, list[Seat], dict]:
    """(players, seats, options) last started for `spec`: None, [] and {} for what is not known."""
    entry = (settings.get(KEY) or {}).get(spec.id)
    if not isinstance(entry, dict):
        return None, [], {}
    players = entry.get("players")
    if not (type(players) is int and spec.min_players <= players <= spec.max_players):
        players = None
    seats = []
    for item in entry.get("seats") or []:
        seat = _seat(item)
        if seat is None:
            break  # the seats after a damaged one would move up a place: stop there
        seats.append(seat)
    options = {}
    known = {o.key: o for o in spec.options}
    raw = entry.get("options")
    for key, value in (raw.items() if isinstance(raw, dict) else ()):
        if key in known and value in known[key].choices and type(value) is type(known[key].choices[0]):
            options[key] = value
    return players, seats[: spec.max_players], options


def _seat(item) -> Seat | None:
    if not isinstance(item, dict):
        return None
    name, colour, kind, level = item.get("name"), item.get("colour"), item.get("kind"), item.get("level")
    if not (isinstance(name, str) and name.strip() and type(colour) is int and 0 <= colour < len(SEAT_COLOURS)
            and kind in KINDS and level in LEVELS):
        return None
    return Seat(name[:NAME_LIMIT], colour, kind, level)


"""How Scurry reads: the move log, the side panel's phase line and the confirm
prompt, from the facts the rules give (pure Python, no pygame).

A player is named by the side they play (Brown, Grey): the tiles and squirrels
on the board are those colours, and the side panel pairs each name with a side.
"""
from __future__ import annotations

from ...engine.present import LogEntry, Words
from .rules import SIDE_NAMES

# The log line of each kind of move (its LogEntry.verb is the move's kind), by who and where.
SENTENCES = {
    "setup_tile": "{who} places a tile at {at}",
    "setup_squirrel": "{who} places the squirrel at {at}",
    "leadoff": "{who} places the leadoff tile at {at}",
    "step": "{who}'s squirrel to {at} (flips it)",
}


def side(seat) -> str:
    return SIDE_NAMES[seat] if seat in (0, 1) else "?"


class ScurryWords(Words):
    def entry(self, entry: LogEntry) -> str:
        sentence = SENTENCES.get(entry.verb)
        if sentence is None:
            return super().entry(entry)
        return sentence.format(who=side(entry.seat), at=entry.data["at"])

    def phase(self, state) -> str:
        if state.outcome is not None:
            return self.outcome(state)
        seat = state.to_move
        who = side(seat)
        other = side(1 - seat).lower()
        if state.phase == "setup_tiles":
            left = state.tiles_per_player - state.placed[seat]
            return f"{who}: place a tile, {who.lower()} side up ({left} left)"
        if state.phase == "setup_squirrels":
            return f"{who}: place your squirrel"
        if state.phase == "leadoff":
            return f"{who}: place the leadoff tile ({other} side up)"
        need = 2 - state.steps()
        if need > 0:
            return f"{who}: move the squirrel ({need} more at least)"
        return f"{who}: move the squirrel (on while a {other} tile is in sight)"

    def confirm(self, state, move) -> str:
        return self.move(state, move)  # no Scurry move waits for a second click


WORDS = ScurryWords()

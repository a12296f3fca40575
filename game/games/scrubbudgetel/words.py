"""How Scrubbudgetel reads: the rules' facts (present.LogEntry) in words for the
move log, the side panel's phase line and the Cave's confirm prompt. Pure Python.

Players are written as seat references ("P1", core.seat_ref); the app puts their
names in. Marker names ("Red trail") are the markers' own, not the players'.
"""
from __future__ import annotations

from ...engine.core import seat_ref
from ...engine.present import LogEntry, Words, plural
from .rules import CAVE, MARKERS


class ScrubWords(Words):
    sounds = {"draw": "dice", "captain": "dice"}  # a move after which the next turn's dice roll (markers drawn by a roll)

    def entry(self, entry: LogEntry) -> str:
        who = seat_ref(entry.seat) if entry.seat is not None else "The game"
        d = entry.data
        verb = entry.verb
        if verb == "lay":
            return f"{who} lays the {MARKERS[d['marker']].name} (+{d['value']} to {seat_ref(d['credited'])})"
        if verb == "captain":
            if d["roll"] is None:
                return f"{who} is the Captain (named for this game, no roll)"
            return f"{who} rolls {d['roll']}, the highest, and is the Captain"
        if verb == "draw":
            return f"{who} rolls {d['roll']} and draws {d['got']}" + (" for the stash" if d["first"] else "")
        if verb == "roll":  # a stash smaller than the roll lays all it holds
            return f"{who} rolls {d['roll']}: lay {d['lay']}" + (" (the whole stash)" if d["lay"] < d["roll"] else "")
        sentences = {
            "miss": "misses this turn (an Obstacle was laid)",
            "pass": "has no markers and the bag is empty: pass",
            "no_fit": f"rolls {d.get('roll')} but no marker in the stash fits the map",
            "no_stash": f"rolls {d.get('roll')} with an empty stash",
            "no_more": "can lay no more this turn",
            "cave": "finds the Treasure Cave!",
        }
        if verb in sentences:
            return f"{who} {sentences[verb]}"
        return super().entry(entry)

    def phase(self, state) -> str:
        if state.outcome is not None:
            return state.outcome.reason
        who = seat_ref(state.to_move)
        if state.pending_junction is not None:
            return f"{who}: lay a Trail marker from your new Junction"
        return f"{who} rolled {state.roll}: lay {plural(state.to_lay - len(state.laid_now), 'more marker')}"

    def step(self, state, chosen: tuple, moves: list) -> str | None:
        """A marker chosen from the stash: where it may go."""
        if len(chosen) != 1 or chosen[0][0] != "stash" or not moves:
            return None  # the Cave's place chosen too: its confirming click has words of its own
        where = "the lit place" if len({m.triangles for m in moves}) == 1 else "a lit place"
        return f"{seat_ref(state.to_move)}: now click {where} on the map for the {MARKERS[chosen[0][1]].name}"

    def confirm(self, state, move) -> str:
        """Said for the Cave's confirming click and for hints: only the Cave ends the game."""
        said = self.move(state, move)
        return said + ": that ends the game" if move.code == CAVE else said

    def choice(self, state, move) -> str:
        """For the game review: which marker it continues, so two ways of laying one
        marker read apart (the board shows exactly where)."""
        said = self.confirm(state, move)
        if 0 <= move.against < len(state.markers):
            laid = state.markers[move.against]
            turn = f" of turn {laid.turn}" if laid.seat is not None and laid.turn else ""
            said += f", on from the {MARKERS[laid.code].name}{turn}"
        return said


WORDS = ScrubWords()

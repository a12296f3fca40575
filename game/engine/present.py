"""Facts to words: the contract between a game's rules and how they read.

Rules state what happened as structured facts — a `LogEntry` (seat, verb, data)
names seats, never people — and each game's words.py turns them into the
sentences of the move log, the side panel's phase line and the confirm prompt.
Player names are written in last by the app (core.seat_names), so words say
"P1" (core.seat_ref) where a player is meant.
"""
from __future__ import annotations

from typing import NamedTuple


class LogEntry(NamedTuple):
    """One fact for the move log: who (a seat, or None for the game itself),
    what kind of thing happened (`verb`, e.g. "canal", "roll", "bid") and its
    details (`data`, JSON-able)."""

    seat: int | None
    verb: str
    data: dict


# Verbs that sound alike in every game (a game's words.py overrides `sound` for more).
SOUND_OF_VERB = {"roll": "dice", "reroll": "dice", "dice": "dice", "draw": "cards", "card": "cards",
                 "play_card": "cards", "deal": "cards"}


class Words:
    """How a game reads; the default reads every move as its notation.

    A game subclasses this in its words.py (as WORDS) and overrides what it says."""

    def move(self, state, move) -> str:
        """The move-log line for `move`, about to be played in `state`."""
        return self.entry(state.log_entry(move))

    def entry(self, entry: LogEntry) -> str:
        """The words for one fact."""
        if "text" in entry.data:
            return entry.data["text"]
        return " ".join([entry.verb] + [str(v) for v in entry.data.values()])

    def notes(self, state, ply: int) -> list[tuple]:
        """(seat, words) for what the rules did by themselves as `state` reached `ply`."""
        return [(e.seat, self.entry(e)) if isinstance(e, LogEntry) else tuple(e) for e in state.notes(ply)]

    def phase(self, state) -> str:
        """A short line for the side panel: what the seat to move must do now."""
        return state.phase_label()

    def sound(self, state, move) -> str:
        """The effect `move` makes as it is played in `state`: "dice" (it rolls), "cards"
        (it plays or draws cards) or "move". By its log entry's verb; a game may say better."""
        return SOUND_OF_VERB.get(state.log_entry(move).verb, "move")

    def confirm(self, state, move) -> str:
        """What a move waiting for its confirming click will do, said to its player
        (unlike the log it may name their own hidden card)."""
        return state.confirm_label(move)

    def outcome(self, state) -> str:
        """Why the game ended and who won, in words."""
        return state.outcome.reason if state.outcome else ""

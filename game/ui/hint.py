"""Hints: the computer player at normal level suggests a move for the seat to move.

The search gets only what that seat may know: the state is first determinized
for the seat (other hands, the bag's order and dice to come resampled), and
only that copy is sent to the computer's worker process, so nothing hidden
reaches it. It runs off the UI thread, like the computer's own moves.
No pygame here: the board draws the suggestion (its click path glows).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .. import shelf
from ..engine import ai, remote
from ..engine.core import IllegalMove

HINT_LEVEL = "normal"


def search_state(state, seed: int):
    """What the hint's search starts from: a copy in which everything the seat
    to move cannot see is resampled (the same copy whatever was hidden)."""
    seat = state.to_move
    rng = random.Random(seed)
    d = state.determinize(seat, rng)
    if getattr(d, "rng", None) is not None:
        d.rng = random.Random(rng.getrandbits(64))  # the dice and draws to come are unknown too
    return d


@dataclass
class Hint:
    seat: int
    ply: int  # len(history) when asked: the hint is for this position only
    job: remote.Job
    move: object = None  # the suggested move, once found
    words: str = ""  # the move in words, for the side panel


class Hinter:
    """Asks for a hint and collects it; one at a time."""

    def __init__(self, match, player=None):
        self.match = match
        self.player = player  # the worker (remote.shared_player() unless a test gives another)
        self.current: Hint | None = None

    def ask(self) -> str:
        """Start looking for a hint for the seat to move; "" when started, else why not."""
        state = self.match.state
        if state.is_over:
            return "The game is over."
        if self.match.is_computer_turn():
            return "Please wait: the computer is thinking."
        if self.current is not None and self.current.ply == len(state.history):
            return ""  # already asked (or shown) for this position
        self.drop()
        seed = (self.match.ai_seed() * 7 + 12_345) & 0xFFFFFFFF
        player = self.player or remote.shared_player()
        job = player.think(ai.SearchRequest(search_state(state, seed), HINT_LEVEL, seed,
                                            shelf.heuristics_for(self.match.spec.id),
                                            time_limit=ai.level_time_cap(HINT_LEVEL)))
        self.current = Hint(state.to_move, len(state.history), job)
        self.match.record_hint(state.to_move)
        return ""

    @property
    def thinking(self) -> bool:
        return self.current is not None and self.current.move is None

    def poll(self, words) -> bool:
        """Collect a finished search; True when the hint just arrived (the screen redraws).
        `words(state, move)` says the move in words."""
        hint = self.current
        state = self.match.state
        if hint is None:
            return False
        if hint.ply != len(state.history) or state.to_move != hint.seat:
            self.drop()  # the position moved on: that hint is for another board
            return True
        if hint.move is not None or not hint.job.done:
            return False
        if hint.job.error is not None or hint.job.move is None:
            self.current = None
            return True
        try:
            move = self.match.spec.parse_move(state, hint.job.move)
        except (IllegalMove, ValueError):
            move = None
        if move is None or state.check(move) is not None:
            self.current = None  # the sample's move is not one of this board's: no hint
            return True
        hint.move, hint.words = move, words(state, move)
        return True

    def path(self) -> tuple:
        """The suggested move's click path (empty while none is shown)."""
        return tuple(self.current.move.targets) if self.current and self.current.move is not None else ()

    def drop(self) -> None:
        if self.current is not None and not self.current.job.done:
            self.current.job.cancel()
        self.current = None

"""The animations drawn over a board: a move just played, shown as it happened.

A game's board screen makes them (`animations_for(move, seat, before, after)`);
the board keeps them here, in an AnimationQueue, until they have run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .draw import ease

SPEED_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}  # the setting -> time taken


@dataclass
class Anim:
    """A short animation drawn over the board; t runs from 0 to 1."""

    duration: float
    paint: Callable  # paint(surface, t)
    hides: frozenset = frozenset()  # targets whose resting piece is not drawn meanwhile
    delay: float = 0.0
    elapsed: float = 0.0
    shown: bool = False  # drawn at least once

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class AnimationQueue:
    """The animations running over the board. Time runs for each from the first
    frame that showed it, so a slow frame never skips one."""

    def __init__(self):
        self.running: list[Anim] = []

    def __bool__(self) -> bool:
        return bool(self.running)

    def add(self, anims, factor: float) -> None:
        """Run `anims`, their times multiplied by `factor` (the speed setting)."""
        for anim in anims:
            anim.duration *= factor
            anim.delay *= factor
            self.running.append(anim)

    def clear(self) -> None:
        self.running.clear()

    def hidden_targets(self) -> frozenset:
        """The places whose resting pieces are not drawn while a piece moves there."""
        out = set()
        for anim in self.running:
            out |= anim.hides
        return frozenset(out)

    def advance(self, dt: float) -> bool:
        """Let `dt` seconds pass; True when a frame is needed (one more after the
        last ends shows the pieces at rest)."""
        for anim in self.running:
            if anim.shown:
                anim.elapsed += dt
        still = [a for a in self.running if not a.done]
        changed = len(still) != len(self.running) or bool(still)
        self.running = still
        return changed

    def paint(self, surface) -> None:
        for anim in self.running:
            anim.shown = True
            if anim.started:
                anim.paint(surface, ease(anim.t))

"""Every player's score move by move through a finished game, for the results screen:
a line a seat in the seat's board colour, from the first move to the final score."""
from __future__ import annotations

import pygame

from . import look
from .review_chart import GRID, draw_move_axis

LABEL = 12  # px: the axes' words, the floor every text keeps


def score_series(replay) -> list[list[int]]:
    """Each seat's score after every move of `replay` (index 0: before the first move).
    Pure reading: the game is played again from its start, never the match itself."""
    state = replay.state_at(0)
    series = [[score] for score in state.scores()]
    for move in replay.moves:
        state.apply(move)
        for seat, score in enumerate(state.scores()):
            series[seat].append(score)
    outcome = replay.final.outcome
    if outcome is not None:  # the outcome's count is the last word, as in the results' table
        for seat, score in enumerate(outcome.scores):
            series[seat][-1] = score
    return series


def nice_top(value: int) -> int:
    """The least round number (1, 2, 5 times a power of ten) at or above `value`."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= value:
                return step * factor
        step *= 10


class ScoreChart:
    def __init__(self, series: list[list[int]], colours: list, shapes: list, people: set):
        """`series`: score_series; `colours`, `shapes`: each seat's board colour and shape;
        `people`: the seats people played (their lines bold, drawn on top)."""
        self.series = series
        self.colours = colours
        self.shapes = shapes
        self.people = people
        self.length = max(1, len(series[0]) - 1) if series else 1
        low = min(0, min((min(s) for s in series), default=0))
        high = max(1, max((max(s) for s in series), default=1))
        # a round step, about a quarter of the span, and the axis's ends on it
        self.step = nice_top(-(-(high - low) // 4))
        self.low = low // self.step * self.step
        self.high = -(-high // self.step) * self.step
        self.area = pygame.Rect(0, 0, 0, 0)

    def layout(self, area: pygame.Rect) -> None:
        """The plot itself (the axes' labels go outside it: 40 px left, 18 below)."""
        self.area = pygame.Rect(area)

    def point(self, move: int, score: float) -> tuple[int, int]:
        a = self.area
        share = (score - self.low) / (self.high - self.low)
        return a.x + round(a.w * move / self.length), a.bottom - round(a.h * share)

    def draw(self, surface) -> None:
        a = self.area
        values = range(self.low, self.high + 1, self.step)
        spacing = a.h * self.step / (self.high - self.low)
        every = 1 if spacing >= LABEL + 4 else len(values) - 1  # a crowded axis: its ends only
        for k, value in enumerate(values):
            y = self.point(0, value)[1]
            pygame.draw.line(surface, GRID, (a.x, y), (a.right, y))
            if k % every == 0 or value == 0:
                look.text(surface, str(value), (a.x - 6, y), LABEL, look.MUTED, anchor="midright")
        draw_move_axis(surface, a, self.length, self.length, LABEL)
        for seat in sorted(range(len(self.series)), key=lambda s: s in self.people):  # the people's on top
            points = [self.point(move, score) for move, score in enumerate(self.series[seat])]
            width = 3 if seat in self.people else 2
            if len(points) > 1:
                pygame.draw.lines(surface, (16, 12, 8), False, points, width + 2)  # a dark edge reads on the grid
                pygame.draw.lines(surface, self.colours[seat], False, points, width)
            look.draw_seat_shape(surface, self.shapes[seat], points[-1], 5, self.colours[seat])

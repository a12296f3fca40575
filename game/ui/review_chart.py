"""The review's chart: every player's chance to win, move by move, to the result.

Each seat's line is drawn in its colour with its shape at both ends (a second channel
beside colour); the people's lines bold. Mistakes and blunders are rings on the mover's
line; the turning point (review_story's largest fall) is a shaded stretch with its
largest step marked. Move numbers run along the bottom. What a point means (the move,
who made it, each player's chance then) shows for the move under the pointer, for a
long press, and for the move the keys' cursor is on: nothing by hover alone.

The same chart, small, is on the results screen once a review is kept.
"""
from __future__ import annotations

import pygame

from ..review_story import SLIDE_AT_LEAST
from . import look

GRADE_COLOUR = {"good": look.GOOD, "inaccuracy": (230, 210, 120), "mistake": look.WARN, "blunder": look.BAD}
GRID = (80, 64, 48)
TURN_SHADE = (240, 110, 90, 44)  # the turning point's stretch, under the lines
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
LABEL_ROOM = 44  # px at least between two move numbers


def tick_step(length: int, width: int) -> int:
    """Move numbers along an axis `width` px long for `length` moves: the smallest round step
    whose labels do not crowd."""
    return next((s for s in TICK_STEPS if width * s / max(1, length) >= LABEL_ROOM), TICK_STEPS[-1])


def draw_move_axis(surface, area: pygame.Rect, length: int, moves: int, label: int = 12) -> None:
    """The move numbers under a chart's `area` that spans `length` moves: a tick at the start
    and at every round step up to `moves`, numbered where the word "move" at the end leaves room."""
    room = area.right - look.font(label).size("move")[0] - 6
    for move in range(0, moves + 1, tick_step(length, area.w)):
        x = area.x + round(area.w * move / length)
        pygame.draw.line(surface, GRID, (x, area.bottom), (x, area.bottom + 4))
        if move and x + look.font(label).size(str(move))[0] // 2 <= room:
            look.text(surface, str(move), (x, area.bottom + 5), label, look.MUTED, anchor="midtop")
    look.text(surface, "move", (area.right, area.bottom + 5), label, look.MUTED, anchor="topright")


class ReviewChart:
    def __init__(self, replay, colours: list, names: list):
        """`colours`: each seat's colour on the board; `names`: each seat's name."""
        self.replay = replay
        self.length = max(1, replay.length)
        self.colours = colours
        self.names = names
        self.people = {i for i, seat in enumerate(replay.seats) if seat.kind == "human"}
        self.shapes = [seat.colour for seat in replay.seats]  # a seat's shape goes with its colour choice
        self.story = None
        self.marks: list = []
        self.area = pygame.Rect(0, 0, 0, 0)

    def show(self, story, marks: list) -> None:
        """What to draw: a review_story.Story, and the marked decisions to ring."""
        self.story = story
        self.marks = marks

    # ---- geometry ------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """The plot itself (axes' labels go outside it: 40 px left, 18 below)."""
        self.area = pygame.Rect(area)

    def point(self, move: float, value: float) -> tuple[int, int]:
        a = self.area
        return a.x + round(a.w * move / self.length), a.bottom - round(a.h * max(0.0, min(1.0, value)))

    def moves(self) -> list[int]:
        """Every move with a point on the chart, in order (0: the start, before any move)."""
        if self.story is None:
            return []
        return sorted({move for points in self.story.points.values() for move, _v in points})

    def move_at(self, pos) -> int | None:
        """The charted move nearest `pos` across, when `pos` is on the chart."""
        moves = self.moves()
        if not moves or not self.area.inflate(16, 16).collidepoint(pos):
            return None
        return min(moves, key=lambda m: abs(self.point(m, 0)[0] - pos[0]))

    def step(self, move: int | None, by: int) -> int | None:
        """The charted move `by` places after `move` (the keys' cursor)."""
        moves = self.moves()
        if not moves:
            return None
        if move not in moves:
            return moves[0 if by > 0 else -1]
        return moves[max(0, min(len(moves) - 1, moves.index(move) + by))]

    # ---- words -------------------------------------------------------------------
    def who_moved(self, move: int) -> str:
        if move <= 0:
            return "the start"
        if move >= self.replay.length and self.replay.finished:
            return "the end"
        return self.names[self.replay.played[move - 1].seat]

    def tip_lines(self, move: int) -> list[str]:
        """What the point at `move` means: the move, who made it, every player's chance then."""
        if move >= self.replay.length and self.replay.finished:
            head = f"After move {move}: the result"
        elif move <= 0:
            head = "Before the first move"
        else:
            head = f"Move {move}, made by {self.who_moved(move)}"
            marked = next((d for d in self.marks if d["ply"] + 1 == move), None)
            if marked is not None:
                head += f": {marked['grade']} (−{round(100 * marked['cost'])} %)"
        chances = []
        for seat, points in sorted(self.story.points.items()):
            value = dict(points).get(move)
            if value is not None:
                chances.append(f"{self.names[seat]} {round(100 * value)} %")
        return [head, "Chance to win: " + ", ".join(chances) if chances else "No chance charted here"]

    # ---- drawing -------------------------------------------------------------------
    def draw(self, surface, cursor: int | None = None, small: bool = False, bounds=None) -> None:
        """The axes, the turning point, every seat's line, the marks; the tip of `cursor`'s move,
        kept within `bounds` (the chart's box)."""
        a = self.area
        label = 12
        for value in (0.0, 0.5, 1.0):
            y = a.bottom - round(a.h * value)
            pygame.draw.line(surface, GRID, (a.x, y), (a.right, y))
            look.text(surface, f"{round(value * 100)} %", (a.x - 6, y), label, look.MUTED, anchor="midright")
        draw_move_axis(surface, a, self.length, self.replay.length)
        if self.story is None or not self.story.points:
            return
        self.draw_turn(surface, small)
        for seat in sorted(self.story.points, key=lambda s: s in self.people):  # the people's lines on top
            self.draw_line(surface, seat, small)
        for d in self.marks:
            points = dict(self.story.points.get(d["seat"], []))
            if d["ply"] + 1 in points and d["grade"] in ("mistake", "blunder"):
                p = self.point(d["ply"] + 1, points[d["ply"] + 1])
                radius = (6 if d["grade"] == "blunder" else 4) + (0 if small else 1)
                pygame.draw.circle(surface, GRADE_COLOUR[d["grade"]], p, radius)
                pygame.draw.circle(surface, look.INK, p, radius + 1, 2)
        if cursor is not None:
            self.draw_tip(surface, cursor, bounds or surface.get_rect())

    def draw_line(self, surface, seat: int, small: bool) -> None:
        points = [self.point(m, v) for m, v in self.story.points[seat]]
        colour = self.colours[seat]
        bold = seat in self.people
        width = (3 if bold else 1) if small else (4 if bold else 2)
        if len(points) > 1:
            pygame.draw.lines(surface, (16, 12, 8), False, points, width + 2)  # a dark edge: the line reads on the grid
            pygame.draw.lines(surface, colour, False, points, width)
        size = 5 if small else 7
        for end in (points[0], points[-1]):
            look.draw_seat_shape(surface, self.shapes[seat], end, size, colour)

    def draw_turn(self, surface, small: bool) -> None:
        """Each told seat's largest fall: the stretch shaded, its largest step marked, and worded
        where the words fit beside those already drawn (the largest falls are worded first: falls
        of several players close together would write over one another)."""
        a = self.area
        worded: list[pygame.Rect] = []
        for slide in sorted(self.story.slides.values(), key=lambda s: -s.fall):
            if slide.fall < SLIDE_AT_LEAST:
                continue
            left, right = self.point(slide.start, 0)[0], self.point(slide.end, 0)[0]
            band = pygame.Rect(left, a.y, max(3, right - left), a.h)
            surface.blit(look.tint(band.size, TURN_SHADE), band.topleft)
            first, last, _drop = slide.step
            x = self.point((first - 1 + last) / 2, 0)[0]
            tip = (x, a.y + 2)
            pygame.draw.polygon(surface, look.BAD, [(x - 6, a.y - 8), (x + 6, a.y - 8), tip])
            if not small:
                text = "largest fall"
                width = look.font(12).size(text)[0]
                at = max(a.x, min(a.right - width, band.centerx - width // 2))
                label = pygame.Rect(at, a.y - 24, width, 16)
                if not any(label.colliderect(other.inflate(10, 0)) for other in worded):
                    worded.append(label)
                    look.text(surface, text, label.topleft, 12, look.BAD)

    def draw_tip(self, surface, move: int, bounds: pygame.Rect) -> None:
        a = self.area
        x = self.point(move, 0)[0]
        pygame.draw.line(surface, look.INK, (x, a.y), (x, a.bottom), 1)
        room = bounds.w - 12
        lines = [line for text in self.tip_lines(move) for line in look.wrap_text(text, 13, room - 20)]
        width = min(room, max(look.font(13, k == 0).size(line)[0] for k, line in enumerate(lines)) + 20)
        box = pygame.Rect(0, 0, width, 12 + 18 * len(lines))
        box.midtop = (x, a.y + 6)
        box.clamp_ip(bounds.inflate(-6, -6))
        pygame.draw.rect(surface, (32, 26, 20), box, border_radius=6)
        pygame.draw.rect(surface, look.GOLD, box, 1, border_radius=6)
        for k, line in enumerate(lines):
            look.text(surface, line, (box.x + 10, box.y + 6 + 18 * k), 13, look.INK, bold=k == 0)

"""Where each clickable target was drawn: filled while a scene draws, read for clicks.

A scene draws its board and, as it draws a place the player may click, adds that
place's shape here under its target. Clicks and hover then ask `at(pos)`, and
highlights, tooltips and tests ask `rect_of(target)`: the picture and the hit
areas cannot drift apart, and no scene writes its own geometry twice.
"""
from __future__ import annotations

import math

import pygame


def _inside_polygon(x: float, y: float, points) -> bool:
    """Even-odd ray casting: is (x, y) inside the polygon `points`?"""
    inside = False
    j = len(points) - 1
    for i in range(len(points)):
        xi, yi = points[i]
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


class HitMap:
    """Shapes by target, in drawing order: the one drawn last is on top."""

    def __init__(self):
        self._shapes: list[tuple] = []  # (target, bounding rect, test or None)
        self._bounds: list[pygame.Rect] = []  # the shapes' bounding rects, in the same order (found in C)
        self._rects: dict = {}
        self._round: set = set()  # targets drawn as circles (the focus ring goes round them)

    def clear(self) -> None:
        self._shapes.clear()
        self._bounds.clear()
        self._rects.clear()
        self._round.clear()

    def __len__(self) -> int:
        return len(self._shapes)

    def _add(self, target, bounds: pygame.Rect, test=None, main: bool = True) -> None:
        self._shapes.append((target, bounds, test))
        self._bounds.append(bounds)
        if not main:
            return
        known = self._rects.get(target)
        if known is None:
            self._rects[target] = bounds
        elif known.colliderect(bounds):  # more of the same place (the triangles of one marker)
            self._rects[target] = known.union(bounds)
        # else a second, separate copy (two alike cards in a hand): rect_of keeps the first,
        # whose centre is on it; the box around both could point at a third thing between them

    def rect(self, target, rect, *, also: bool = False) -> None:
        """`target` is clicked anywhere in `rect`. With `also`, a second place that clicks
        it, far from the first, which rect_of leaves out (a player's figure on the board
        beside their name plate): the box around both would point at neither."""
        self._add(target, pygame.Rect(rect), main=not also)

    def circle(self, target, centre, radius: float) -> None:
        """`target` is clicked within `radius` of `centre`."""
        cx, cy = centre
        bounds = pygame.Rect(round(cx - radius), round(cy - radius), round(2 * radius), round(2 * radius))
        self._add(target, bounds, lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius)
        self._round.add(target)

    def polygon(self, target, points, clip=None) -> None:
        """`target` is clicked inside the polygon `points`; with `clip`, only where the
        polygon is inside that rect (a map's place half out of view is clicked on its
        visible part, not under what is drawn beside the map)."""
        pts = [(float(x), float(y)) for x, y in points]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        x0, y0 = math.floor(min(xs)), math.floor(min(ys))  # every pixel the polygon reaches into
        bounds = pygame.Rect(x0, y0, math.floor(max(xs)) - x0 + 1, math.floor(max(ys)) - y0 + 1)
        if clip is not None:
            bounds = bounds.clip(clip)
            if not bounds.w or not bounds.h:
                return
        self._add(target, bounds, lambda x, y: _inside_polygon(x, y, pts))

    def at(self, pos):
        """The target under `pos`, the topmost one drawn; None for none."""
        x, y = pos
        for i in reversed(pygame.Rect(x, y, 1, 1).collidelistall(self._bounds)):
            target, _bounds, test = self._shapes[i]
            if test is None or test(x + 0.5, y + 0.5):
                return target
        return None

    def rect_of(self, target) -> pygame.Rect | None:
        """The box around the shapes `target` was first drawn with (those that
        overlap: one place); None if it was not drawn."""
        found = self._rects.get(target)
        return None if found is None else pygame.Rect(found)

    def is_round(self, target) -> bool:
        return target in self._round

    def targets(self) -> list:
        return list(self._rects)

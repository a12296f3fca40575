"""Scrubbudgetel's island table: a triangle grid (pure Python).

A triangle is ``(x, y, o)``: ``o`` 0 points up, 1 points down; grid points are
``(i, j)`` at ``i * (1, 0) + j * (1/2, sqrt(3)/2)``. The rules ask which
triangles touch and which lie on the table; the map screen, the icons and the
art ask where they are in the plane."""
from __future__ import annotations

from functools import lru_cache

RADIUS = 16  # the island table: grid points at most this many steps from the Landing's centre


@lru_cache(maxsize=None)  # pure and called in every legality check: remember the answers
def tri_neighbours(t: tuple) -> tuple:
    """The three triangles sharing a side with `t`."""
    x, y, o = t
    if o == 0:
        return (x, y, 1), (x, y - 1, 1), (x - 1, y, 1)
    return (x, y, 0), (x + 1, y, 0), (x, y + 1, 0)


@lru_cache(maxsize=None)
def tri_corners(t: tuple) -> tuple:
    """The three grid points of `t`."""
    x, y, o = t
    if o == 0:
        return (x, y), (x + 1, y), (x, y + 1)
    return (x + 1, y), (x + 1, y + 1), (x, y + 1)


def point_xy(p: tuple) -> tuple[float, float]:
    """A grid point in plane units (side length 1; y grows upwards)."""
    return p[0] + p[1] / 2, p[1] * 0.8660254037844386


def tri_centre(t: tuple) -> tuple[float, float]:
    pts = [point_xy(p) for p in tri_corners(t)]
    return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3


def hexagon(p: tuple) -> tuple:
    """The six triangles around grid point `p`, sorted."""
    i, j = p
    return tuple(sorted(((i, j, 0), (i - 1, j, 0), (i, j - 1, 0), (i - 1, j, 1), (i, j - 1, 1), (i - 1, j - 1, 1))))


def point_distance(p: tuple) -> int:
    i, j = p
    return (abs(i) + abs(j) + abs(i + j)) // 2


def _table() -> frozenset:
    span = range(-RADIUS - 1, RADIUS + 1)
    return frozenset((x, y, o) for x in span for y in span for o in (0, 1)
                     if all(point_distance(p) <= RADIUS for p in tri_corners((x, y, o))))


TABLE = _table()  # every triangle of the island table


def on_table(t: tuple) -> bool:
    return t in TABLE

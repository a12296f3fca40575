"""Scurry's board: the points of a tri-hexagon grid, their names, the lines through
them and the rays a squirrel looks along, for each board size (pure Python).
The rules ask it what lies along a line; the board screen and the art ask it where
the points are."""
from __future__ import annotations

# The six directions along the three grid lines, clockwise from east on screen.
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


class Board:
    """Everything about one board size that never changes: coordinates, names,
    the six rays out of every vertex and the grid lines."""

    def __init__(self, size: int):
        n = size - 1
        self.size = size
        coords = []
        names = []
        for row, r in enumerate(range(-n, n + 1)):
            qs = [q for q in range(-n, n + 1) if abs(q + r) <= n]
            for place, q in enumerate(qs, start=1):
                coords.append((q, r))
                names.append(f"{chr(ord('a') + row)}{place}")
        self.coords = tuple(coords)
        self.names = tuple(names)
        self.index = {c: i for i, c in enumerate(coords)}
        self.by_name = {name: i for i, name in enumerate(names)}
        self.count = len(coords)
        rays = []
        for q, r in coords:
            mine = []
            for dq, dr in DIRECTIONS:
                ray = []
                x, y = q + dq, r + dr
                while (x, y) in self.index:
                    ray.append(self.index[(x, y)])
                    x, y = x + dq, y + dr
                if ray:
                    mine.append(tuple(ray))
            rays.append(tuple(mine))
        self.rays = tuple(rays)
        self.neighbours = tuple(tuple(ray[0] for ray in vr) for vr in self.rays)
        lines = []
        for dq, dr in DIRECTIONS[:3]:
            for i, (q, r) in enumerate(coords):
                if (q - dq, r - dr) in self.index:
                    continue  # not the first vertex of its line
                x, y, last = q, r, i
                while (x + dq, y + dr) in self.index:
                    x, y = x + dq, y + dr
                    last = self.index[(x, y)]
                if last != i:
                    lines.append((i, last))
        self.lines = tuple(lines)


_BOARDS: dict[int, Board] = {}


def board_of(size: int) -> Board:
    b = _BOARDS.get(size)
    if b is None:
        if size < 2:
            raise ValueError(f"a Scurry board needs at least 2 points per side, not {size}")
        b = _BOARDS[size] = Board(size)
    return b


def board_geometry(size: int = 6) -> dict:
    """The board for the scene, JSON-able.

    - ``vertices``: [(q, r), ...] axial coordinates by vertex index;
      pixel x = q + r / 2, y = r * sqrt(3) / 2 in unit spacing (r grows downward).
    - ``names``: the notation name of each vertex ("a1", ...).
    - ``lines``: [(i, j), ...] the grid lines as end-vertex index pairs: drawing
      each as one segment draws the whole triangle grid.
    - ``neighbours``: per vertex, the indices of the adjacent vertices.
    """
    b = board_of(size)
    return {
        "size": size,
        "vertices": [list(c) for c in b.coords],
        "names": list(b.names),
        "lines": [list(seg) for seg in b.lines],
        "neighbours": [list(n) for n in b.neighbours],
    }


def vertex_name(size: int, index: int) -> str:
    names = board_of(size).names
    return names[index] if 0 <= index < len(names) else f"#{index}"

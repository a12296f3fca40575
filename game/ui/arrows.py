"""Arrows over a board: a move drawn as a player would point it out, from where the piece
is to where it goes (the game review's played move in red, the better one in blue).

A board screen gives the points (BoardScene.move_arrow: the centres of the move's click
path, the piece's own place first where the path does not start there); this draws them.
An arrow is a solid line with a dark edge, so that it reads on felt, wood and pale sheets
alike; a move with one place only gets a ring there and a short arrow pointing at it.
"""
from __future__ import annotations

import math

import pygame

EDGE = (20, 16, 12)
HEAD = 3.2  # the head's length, in line widths
STUB = 34  # px: the short arrow that points at a move of one place
RING = 15  # px: the ring around that place


def _head(tip, towards, width: float) -> list:
    """The arrowhead's three corners at `tip`, pointing away from `towards`."""
    angle = math.atan2(tip[1] - towards[1], tip[0] - towards[0])
    length, half = HEAD * width, 1.5 * width
    back = (tip[0] - length * math.cos(angle), tip[1] - length * math.sin(angle))
    side = (-math.sin(angle) * half, math.cos(angle) * half)
    return [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]


def arrow_path(points: list) -> list:
    """The line the arrow is drawn along: the points, or for a single place a short stub
    coming at it from the upper left, ending at the ring around it."""
    if len(points) >= 2:
        return list(points)
    (x, y), = points
    reach = RING / math.sqrt(2)
    return [(x - reach - STUB, y - reach - STUB), (x - reach, y - reach)]


def draw_arrow(surface, points: list, colour, width: int = 5) -> None:
    """An arrow through `points` (at least one), its head at the last; nothing for none."""
    if not points:
        return
    if len(points) == 1:
        pygame.draw.circle(surface, EDGE, points[0], RING + 2, width + 2)
        pygame.draw.circle(surface, colour, points[0], RING, width - 1)
    path = arrow_path(points)
    tip = path[-1]
    head = _head(tip, path[-2], width)
    # the line stops where the head begins: its square end would show past the head's point
    shaft = path[:-1] + [((head[1][0] + head[2][0]) / 2, (head[1][1] + head[2][1]) / 2)]
    pygame.draw.lines(surface, EDGE, False, shaft, width + 4)
    pygame.draw.polygon(surface, EDGE, _head(tip, path[-2], width + 2))
    pygame.draw.lines(surface, colour, False, shaft, width)
    for point in shaft[1:-1]:  # round joints where the path bends
        pygame.draw.circle(surface, colour, point, width // 2)
    pygame.draw.polygon(surface, colour, head)

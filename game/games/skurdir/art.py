"""Skurðir's sprites: the title card (game/art.py gathers every game's SPRITES)."""
from __future__ import annotations

import pygame

from ...ui.draw import draw_pyramid, polygon, render, shade, stroke, vignette, wood_texture

RGB = ((206, 62, 46), (240, 204, 58), (40, 150, 92), (46, 108, 196), (52, 52, 60))


def _canal(s, k, a, b, colour, width):
    """A medium pyramid lying on its side from a (wide end) towards b, in a water channel."""
    (ax, ay), (bx, by) = a, b
    stroke(s, (120, 170, 200), [(ax * k, ay * k), (bx * k, by * k)], 7 * k)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = (bx - ax), (by - ay)
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    half = min(length * 0.3, 34)
    base = (mx - ux * half, my - uy * half)
    tip = (mx + ux * half, my + uy * half)
    px, py = -uy * width / 2, ux * width / 2
    c1 = (base[0] + px, base[1] + py)
    c2 = (base[0] - px, base[1] - py)
    polygon(s, shade(RGB[colour], 1.15), [(p[0] * k, p[1] * k) for p in (c1, tip, base)])
    polygon(s, shade(RGB[colour], 0.75), [(p[0] * k, p[1] * k) for p in (base, tip, c2)])
    stroke(s, (24, 18, 12), [(p[0] * k, p[1] * k) for p in (c1, tip, c2, c1)], 1.6 * k)


def sprite_title_skurdir() -> pygame.Surface:
    W, H = 480, 300
    card = pygame.Surface((W, H))
    card.blit(wood_texture((480, 300), seed=31, base=(214, 190, 140), plank_height=300, contrast=0.4,
                               seams=False), (0, 0))
    card.blit(vignette((W, H), 150), (0, 0))
    cell = 70
    ox, oy = 65, 40
    stations = {(0, 1): 0, (2, 1): 1, (4, 1): 3, (1, 2): 2, (2, 3): 4, (4, 3): 2, (0, 3): 1, (5, 2): 0}
    riders = {(0, 1): [3], (2, 1): [2, 0], (1, 2): [1], (4, 3): [4], (0, 3): [2]}
    canals = [((0, 1), (2, 1), 2), ((2, 1), (4, 1), 0), ((2, 1), (2, 3), 3), ((0, 3), (2, 3), 1),
              ((2, 3), (4, 3), 4), ((4, 1), (4, 3), 1)]

    def at(p):
        return ox + p[0] * cell, oy + p[1] * cell

    def draw(s, k):
        for x in range(7):
            for y in range(4):
                r = pygame.Rect((ox + x * cell - 26) * k, (oy + y * cell - 26) * k, 52 * k, 52 * k)
                pygame.draw.rect(s, (196, 174, 128, 150), r, border_radius=int(8 * k))
        for a, b, c in canals:
            _canal(s, k, at(a), at(b), c, 20)
        for p in sorted(stations, key=lambda q: (q[1], q[0])):
            x, y = at(p)
            draw_pyramid(s, (x * k, (y + 22) * k), 46 * k, RGB[stations[p]], (24, 18, 12))
            for i, r in enumerate(riders.get(p, [])):
                draw_pyramid(s, (x * k, (y - 12 - 11 * i) * k), 22 * k, RGB[r], (24, 18, 12))

    card.blit(render((W, H), draw), (0, 0))
    return card


SPRITES = {"title_skurdir.png": sprite_title_skurdir}
SPRITE_SIZES = {"title_skurdir.png": ((480, 300), True)}

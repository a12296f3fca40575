"""Scrubbudgetel's sprites: the title card (game/art.py gathers every game's SPRITES).
The markers on it are drawn by icons.py, like on the game screen."""
from __future__ import annotations

import math
import random

import pygame

from ...ui.draw import gradient, polygon, render, stroke, vignette
from .icons import FOAM, SAND, SAND_DARK, SEA_DEEP, SHALLOW, draw_marker, draw_tuft, marker_outline, scrub
from .geometry import hexagon
from .rules import MARKERS


# ---------------------------------------------------------------------------
# the title card
# ---------------------------------------------------------------------------
# A small map as the rules lay it (a real game's first 25 markers): (code, triangles, anchor index).
TITLE_MAP = (
    ("LS", hexagon((0, 0)), -1),
    ("TR", ((1, -1, 0), (1, -1, 1)), 0),
    ("TR", ((2, -1, 0), (2, -1, 1)), 1),
    ("TB", ((3, -2, 1), (3, -1, 0)), 2),
    ("TB", ((4, -3, 1), (4, -2, 0)), 3),
    ("TR", ((4, -4, 1), (4, -3, 0)), 4),
    ("TY", ((5, -4, 0), (5, -4, 1)), 5),
    ("JN", ((3, -1, 1),), 3),
    ("TB", ((4, -2, 1), (4, -1, 0)), 7),
    ("TR", ((5, -3, 1), (5, -2, 0)), 8),
    ("TY", ((6, -3, 0), (6, -3, 1)), 9),
    ("KY", ((5, -2, 1), (6, -2, 0)), 9),
    ("RI", ((1, 0, 1), (2, 0, 0)), 2),
    ("TW", ((5, -5, 0), (5, -5, 1)), 6),
    ("TB", ((4, -5, 0), (4, -5, 1)), 13),
    ("TW", ((-2, 0, 1), (-2, 1, 0)), 0),
    ("JN", ((-3, 1, 1),), 15),
    ("TR", ((-3, 0, 1), (-3, 1, 0)), 16),
    ("TR", ((-1, 1, 0), (-1, 1, 1)), 0),
    ("TY", ((-2, -1, 1), (-2, 0, 0)), 15),
    ("VR", hexagon((-2, -1)), 19),
    ("BB", hexagon((3, -4)), 14),
    ("JN", ((6, -4, 1),), 10),
    ("TR", ((6, -5, 1), (6, -4, 0)), 22),
    ("CV", hexagon((8, -5)), 23),
)


def _ship(s, k, x, y, size) -> None:
    """A little pirate ship at anchor off the island."""
    def P(dx, dy):
        return ((x + dx * size) * k, (y + dy * size) * k)

    polygon(s, (84, 52, 30), [P(-0.7, -0.1), P(0.75, -0.1), P(0.5, 0.22), P(-0.5, 0.22)])
    stroke(s, (40, 24, 14), [P(-0.7, -0.1), P(0.75, -0.1)], 1.2 * k)
    stroke(s, (60, 40, 24), [P(0, -0.1), P(0, -1.1)], 1.6 * k)
    polygon(s, (244, 236, 214), [P(0.06, -1.0), P(0.06, -0.22), P(0.62, -0.22)])
    polygon(s, (232, 222, 198), [P(-0.06, -0.9), P(-0.06, -0.28), P(-0.5, -0.28)])
    polygon(s, (30, 26, 28), [P(0, -1.1), P(0.32, -1.02), P(0, -0.94)])
    stroke(s, (210, 236, 240), [P(-0.8, 0.26), P(-0.3, 0.3), P(0.3, 0.3), P(0.85, 0.26)], 1.2 * k)


def sprite_title_scrubbudgetel() -> pygame.Surface:
    W, H = 480, 300
    card = pygame.Surface((W, H))
    card.blit(gradient((W, H), (52, 132, 170), SEA_DEEP, direction="v"), (0, 0))
    unit = 32.0
    xs = [x for _c, tris, _a in TITLE_MAP for x, _y in marker_outline(tris)]
    ys = [y for _c, tris, _a in TITLE_MAP for _x, y in marker_outline(tris)]
    ox = W / 2 - (min(xs) + max(xs)) / 2 * unit
    oy = H / 2 + (min(ys) + max(ys)) / 2 * unit

    def to_px_k(k):
        return lambda p: ((ox + p[0] * unit) * k, (oy - p[1] * unit) * k)

    def draw(s, k):
        rng = random.Random(17)
        for _ in range(46):  # wavelets
            x, y = rng.uniform(0, W), rng.uniform(0, H)
            pts = [((x + i * 2.2) * k, (y - 1.6 * math.sin(i / 5 * math.pi)) * k) for i in range(6)]
            stroke(s, (120, 190, 214, 150), pts, 1.2 * k)
        island = [(240 + 214 * math.cos(a) * (1 + 0.07 * math.sin(3 * a + 1) + 0.04 * math.sin(7 * a)),
                   150 + 128 * math.sin(a) * (1 + 0.06 * math.cos(5 * a))) for a in
                  [2 * math.pi * i / 90 for i in range(90)]]
        grow = [(240 + (x - 240) * 1.06, 150 + (y - 150) * 1.08) for x, y in island]
        polygon(s, SHALLOW, [(x * k, y * k) for x, y in grow])
        stroke(s, FOAM, [(x * k, y * k) for x, y in island], 3 * k, closed=True)
        polygon(s, SAND, [(x * k, y * k) for x, y in island])
        for (x, y, size) in scrub(9)[:70]:
            px, py = 240 + x * 12.2, 150 - y * 7.6
            draw_tuft(s, (px * k, py * k), size * 5 * k, (136, 150, 70))
        to_px = to_px_k(k)
        for _code, tris, _anchor in TITLE_MAP:
            pts = [to_px(p) for p in marker_outline(tris)]
            off = unit * 0.07 * k
            pygame.draw.polygon(s, SAND_DARK, [(x + off, y + off * 1.4) for x, y in pts])
        for n, (code, tris, anchor) in enumerate(TITLE_MAP):
            anchor_tris = TITLE_MAP[anchor][1] if anchor >= 0 else None
            nxt = [t2 for (c2, t2, a2) in TITLE_MAP if a2 == n and MARKERS[c2].family == "trail"]
            colour = MARKERS[code].colour
            draw_marker(s, code, tris, to_px, unit * k, anchor_tris=anchor_tris, next_tris=nxt,
                        shape=colour, shadow=False, detail=2)
        _ship(s, k, 40, 268, 30)
        pygame.draw.rect(s, (32, 22, 14), pygame.Rect(0, 0, W * k, H * k), int(3 * k))

    card.blit(render((W, H), draw), (0, 0))
    card.blit(vignette((W, H), 120), (0, 0))
    return card


SPRITES = {"title_scrubbudgetel.png": sprite_title_scrubbudgetel}
SPRITE_SIZES = {"title_scrubbudgetel.png": ((480, 300), True)}

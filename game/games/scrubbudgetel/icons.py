"""Scrubbudgetel's markers drawn with pygame.draw: colours, tiles and icons,
shared by the game screen (board_screen.py) and the title card (art.py). No sprite
files: the screen draws these at any zoom.

Every icon is drawn with pygame.draw around a centre, inside a radius `r`; the
callers pick the detail: ``detail=2`` full, ``1`` simplified (bold shapes only),
``0`` a plain badge for tiny sizes.
"""
from __future__ import annotations

import functools
import math
import random

import pygame

from ...ui.draw import luminance, mix, shade, stroke
from ...ui import look
from .geometry import RADIUS, point_xy, tri_centre, tri_corners
from .rules import MARKERS

PLAYER_RGB = ((236, 232, 220), (214, 64, 52), (240, 196, 40), (60, 120, 220))  # White, Red, Yellow, Blue
TINT_RGB = {
    "White": PLAYER_RGB[0], "Red": PLAYER_RGB[1], "Yellow": PLAYER_RGB[2], "Blue": PLAYER_RGB[3],
    "gold": (236, 184, 44), "black": (50, 46, 52), "purple": (128, 70, 170), "orange": (238, 122, 32),
    "sky": (104, 182, 236),
}
LANDING_RGB = (164, 112, 66)  # a wooden jetty
JUNCTION_RGB = (196, 158, 100)
SEA = (38, 104, 150)
SEA_DEEP = (30, 86, 130)
SHALLOW = (72, 160, 176)
FOAM = (226, 240, 232)
SAND = (226, 200, 142)
SAND_DARK = (206, 176, 118)
GRID = (200, 170, 112)
INK = (48, 32, 22)
MEDAL = (246, 238, 214)
PATH = (70, 44, 26)


def marker_rgb(code: str) -> tuple:
    t = MARKERS[code]
    if t.family == "landing":
        return LANDING_RGB
    if t.family == "junction":
        return JUNCTION_RGB
    return TINT_RGB[t.tint]


def ink_on(rgb) -> tuple:
    """Dark or light ink, whichever reads on `rgb`."""
    return (40, 28, 20) if luminance(rgb) > 120 else (250, 244, 230)


# ---------------------------------------------------------------------------
# geometry shared by the screen and the card
# ---------------------------------------------------------------------------
@functools.lru_cache(maxsize=8192)
def marker_outline(tris) -> tuple:
    """The plane points round a marker (a convex shape), in order."""
    corners = {}
    for t in tris:
        for p in tri_corners(t):
            corners[p] = corners.get(p, 0) + 1
    pts = [p for p, n in corners.items() if n < 6]  # a hexagon's centre is inside
    cx = sum(tri_centre(t)[0] for t in tris) / len(tris)
    cy = sum(tri_centre(t)[1] for t in tris) / len(tris)
    xy = [point_xy(p) for p in pts]
    xy.sort(key=lambda q: math.atan2(q[1] - cy, q[0] - cx))
    return tuple(xy)


@functools.lru_cache(maxsize=8192)
def marker_centre(tris) -> tuple:
    cs = [tri_centre(t) for t in tris]
    return sum(c[0] for c in cs) / len(cs), sum(c[1] for c in cs) / len(cs)


@functools.lru_cache(maxsize=8192)
def shared_edge(tris_a, tris_b):
    """The midpoint (plane units) of a side the two markers share, or None."""
    b = set(tris_b)
    for t in sorted(tris_a):
        for p_t in _neighbours(t):
            if p_t in b:
                common = [p for p in tri_corners(t) if p in tri_corners(p_t)]
                (ax, ay), (bx, by) = point_xy(common[0]), point_xy(common[1])
                return (ax + bx) / 2, (ay + by) / 2
    return None


def _neighbours(t):
    x, y, o = t
    if o == 0:
        return (x, y, 1), (x, y - 1, 1), (x - 1, y, 1)
    return (x, y, 0), (x + 1, y, 0), (x, y + 1, 0)


def medal_radius(family: str) -> float:
    """The icon's radius in plane units (side length 1)."""
    return {"landing": 0.56, "destination": 0.58, "obstacle": 0.34, "junction": 0.2, "trail": 0.2}[family]


def icon_detail(r_px: float) -> int:
    return 2 if r_px >= 13 else 1 if r_px >= 6 else 0


# ---------------------------------------------------------------------------
# marker tiles
# ---------------------------------------------------------------------------
def draw_tile(surface, code: str, pts, unit: float, shadow=True) -> None:
    """A marker's body: a bevelled tile on the polygon `pts` (pixels). No icon."""
    rgb = marker_rgb(code)
    n = len(pts)
    cx = sum(p[0] for p in pts) / n
    cy = sum(p[1] for p in pts) / n
    if shadow:
        off = max(1.0, unit * 0.05)
        pygame.draw.polygon(surface, SAND_DARK if shadow is True else shadow,
                            [(x + off, y + off * 1.4) for x, y in pts])
    pygame.draw.polygon(surface, shade(rgb, 0.74), pts)
    inset = 0.86 if unit >= 18 else 0.9
    inner = [(cx + (x - cx) * inset, cy + (y - cy) * inset) for x, y in pts]
    pygame.draw.polygon(surface, rgb, inner)
    if unit >= 18:  # a lit upper rim
        top = [(cx + (x - cx) * 0.97, cy + (y - cy) * 0.97) for x, y in pts]
        for a, b in zip(top, top[1:] + top[:1]):
            if (a[1] + b[1]) / 2 < cy:
                pygame.draw.line(surface, mix(rgb, (255, 255, 255), 0.45), a, b, max(1, int(unit * 0.04)))
    edge = (30, 22, 16)
    pygame.draw.polygon(surface, edge, pts, 1)
    pygame.draw.aalines(surface, edge, True, pts)


def draw_trail_mark(surface, code: str, center, r: float, shape: int | None) -> None:
    """The second channel on a Trail marker: the seat's shape (or the colour's letter)."""
    rgb = marker_rgb(code)
    ink = ink_on(rgb)
    if shape is None:
        from ...ui import look
        if int(r * 1.5) >= look.SMALLEST_TEXT:  # a letter too small to read is left out (the colour tells it)
            look.text(surface, code[1], center, int(r * 1.5), ink, bold=True, anchor="center", shadow=False)
        return
    from ...ui import look
    look.draw_seat_shape(surface, shape, (round(center[0]), round(center[1])), max(2, int(r)), ink, outline=ink)


def draw_junction_mark(surface, pts, unit: float) -> None:
    """Three short roads from the middle of a Junction towards its sides."""
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    w = max(1, int(unit * 0.07))
    for a, b in zip(pts, pts[1:] + pts[:1]):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        pygame.draw.line(surface, (246, 230, 190), (cx, cy), (cx + (mx - cx) * 0.7, cy + (my - cy) * 0.7), w)
    pygame.draw.circle(surface, PATH, (cx, cy), max(2, unit * 0.08))


# ---------------------------------------------------------------------------
# icons
# ---------------------------------------------------------------------------
def _p(c, r, x, y):
    return c[0] + x * r, c[1] + y * r


def _poly(s, colour, c, r, pts, width=0):
    pygame.draw.polygon(s, colour, [_p(c, r, x, y) for x, y in pts], width)


def _line(s, colour, c, r, a, b, w):
    stroke(s, colour, [_p(c, r, *a), _p(c, r, *b)], max(1.0, w))


def _wave(s, colour, c, r, y, x0, x1, amp, w, waves=1.5):
    pts = []
    for i in range(17):
        x = x0 + (x1 - x0) * i / 16
        pts.append(_p(c, r, x, y + amp * math.sin(i / 16 * waves * 2 * math.pi)))
    stroke(s, colour, pts, max(1.0, w))


def _icon_anchor(s, c, r, lw, detail):
    iron = (44, 46, 58)
    _line(s, iron, c, r, (0, -0.5), (0, 0.62), lw * 1.2)
    pygame.draw.circle(s, iron, _p(c, r, 0, -0.62), r * 0.16, max(1, int(lw)))
    _line(s, iron, c, r, (-0.34, -0.3), (0.34, -0.3), lw)
    pts = [_p(c, r, 0.55 * math.cos(a), 0.12 + 0.5 * math.sin(a)) for a in
           [math.pi * (0.05 + 0.9 * i / 12) for i in range(13)]]
    stroke(s, iron, pts, max(1.0, lw * 1.1))
    if detail > 1:
        for sx in (-1, 1):
            x, y = 0.55 * math.cos(math.pi * (0.05 if sx > 0 else 0.95)), 0.12 + 0.5 * math.sin(math.pi * 0.05)
            _poly(s, iron, c, r, [(sx * (x + 0.1), y - 0.18), (sx * (x - 0.05), y - 0.02), (sx * (x + 0.12), y + 0.06)])


def _icon_cave(s, c, r, lw, detail):
    red = (196, 40, 32)
    _line(s, red, c, r, (-0.62, -0.62), (0.62, 0.62), lw * 1.7)
    _line(s, red, c, r, (-0.62, 0.62), (0.62, -0.62), lw * 1.7)
    if detail < 2:
        return
    wood, dark, gold = (134, 82, 40), (60, 34, 18), (250, 204, 70)
    body = pygame.Rect(0, 0, r * 0.92, r * 0.5)
    body.midtop = _p(c, r, 0, -0.02)
    lid = pygame.Rect(0, 0, r * 0.92, r * 0.36)
    lid.midbottom = (body.centerx, body.top + 1)
    pygame.draw.rect(s, wood, body)
    pygame.draw.rect(s, shade(wood, 1.15), lid, border_top_left_radius=int(r * 0.18),
                     border_top_right_radius=int(r * 0.18))
    for x in (-0.28, 0.28):
        band = pygame.Rect(0, 0, max(1, r * 0.1), body.bottom - lid.top)
        band.midtop = (c[0] + x * r, lid.top)
        pygame.draw.rect(s, gold, band)
    lock = pygame.Rect(0, 0, r * 0.16, r * 0.2)
    lock.center = (body.centerx, body.top)
    pygame.draw.rect(s, gold, lock)
    pygame.draw.rect(s, dark, lid, max(1, int(lw * 0.6)), border_top_left_radius=int(r * 0.18),
                     border_top_right_radius=int(r * 0.18))
    pygame.draw.rect(s, dark, body, max(1, int(lw * 0.6)))


def _hut(s, c, r, x, y, size, lw):
    wall, roof, dark = (190, 140, 86), (222, 176, 74), (70, 44, 24)
    w, h = 0.5 * size, 0.34 * size
    _poly(s, wall, c, r, [(x - w / 2, y), (x + w / 2, y), (x + w / 2, y - h), (x - w / 2, y - h)])
    _poly(s, dark, c, r, [(x - w / 2, y), (x + w / 2, y), (x + w / 2, y - h), (x - w / 2, y - h)], max(1, int(lw * 0.6)))
    roof_pts = [(x - w * 0.72, y - h + 0.02), (x + w * 0.72, y - h + 0.02), (x, y - h - 0.42 * size)]
    _poly(s, roof, c, r, roof_pts)
    _poly(s, dark, c, r, roof_pts, max(1, int(lw * 0.6)))
    _poly(s, dark, c, r, [(x - w * 0.14, y), (x + w * 0.14, y), (x + w * 0.14, y - h * 0.62), (x - w * 0.14, y - h * 0.62)])


def _icon_village(s, c, r, lw, detail):
    if detail < 2:
        _hut(s, c, r, 0, 0.42, 1.5, lw)
        return
    _hut(s, c, r, -0.3, 0.48, 1.0, lw)
    _hut(s, c, r, 0.3, 0.36, 1.18, lw)


def _icon_beach(s, c, r, lw, detail):
    blue = (34, 118, 196)
    trunk, leaf = (120, 78, 40), (40, 140, 60)
    if detail > 1:
        pts = [_p(c, r, 0.1 + 0.12 * math.sin(t * 2.4), 0.34 - 0.8 * t) for t in [i / 8 for i in range(9)]]
        stroke(s, trunk, pts, max(1.0, lw * 1.1))
        top = _p(c, r, 0.1 + 0.12 * math.sin(2.4), -0.46)
        for ang in (-160, -120, -60, -20, 200):
            a = math.radians(ang)
            tip = (top[0] + math.cos(a) * r * 0.42, top[1] + math.sin(a) * r * 0.42 + r * 0.12)
            mid = (top[0] + math.cos(a) * r * 0.22, top[1] + math.sin(a) * r * 0.22 - r * 0.05)
            stroke(s, leaf, [top, mid, tip], max(1.0, lw * 1.1))
        _wave(s, blue, c, r, 0.44, -0.6, 0.6, 0.06, lw, 2)
        _wave(s, blue, c, r, 0.64, -0.45, 0.45, 0.05, lw * 0.8, 1.5)
    else:
        pygame.draw.circle(s, leaf, _p(c, r, 0.1, -0.3), r * 0.3)
        _line(s, trunk, c, r, (0.08, -0.1), (0.0, 0.3), lw * 1.2)
        _wave(s, blue, c, r, 0.5, -0.6, 0.6, 0.08, lw * 1.4, 1.5)


def _icon_graveyard(s, c, r, lw, detail):
    stone, dark = (160, 160, 168), (40, 38, 44)
    if detail > 1:
        rect = pygame.Rect(0, 0, r * 0.74, r * 1.0)
        rect.midbottom = _p(c, r, 0, 0.54)
        pygame.draw.rect(s, stone, rect, border_top_left_radius=int(r * 0.37), border_top_right_radius=int(r * 0.37))
        pygame.draw.rect(s, dark, rect, max(1, int(lw * 0.6)), border_top_left_radius=int(r * 0.37),
                         border_top_right_radius=int(r * 0.37))
        _line(s, (64, 140, 60), c, r, (-0.6, 0.56), (0.6, 0.56), lw)
        _line(s, dark, c, r, (0, -0.28), (0, 0.3), lw)
        _line(s, dark, c, r, (-0.18, -0.1), (0.18, -0.1), lw)
    else:
        _line(s, dark, c, r, (0, -0.62), (0, 0.62), lw * 1.6)
        _line(s, dark, c, r, (-0.38, -0.22), (0.38, -0.22), lw * 1.6)


def _icon_idol(s, c, r, lw, detail):
    body, dark, light = (110, 60, 150), (40, 20, 56), (250, 236, 200)
    head = pygame.Rect(0, 0, r * 0.72, r * 1.16)
    head.center = _p(c, r, 0, 0.06)
    if detail > 1:
        for x in (-0.24, 0, 0.24):
            _poly(s, (236, 176, 52), c, r, [(x - 0.12, -0.48), (x + 0.12, -0.48), (x, -0.72)])
    pygame.draw.ellipse(s, body, head)
    pygame.draw.ellipse(s, dark, head, max(1, int(lw * 0.6)))
    for x in (-0.15, 0.15):
        pygame.draw.circle(s, light, _p(c, r, x, -0.12), r * (0.11 if detail > 1 else 0.14))
        if detail > 1:
            pygame.draw.circle(s, dark, _p(c, r, x, -0.1), r * 0.05)
    if detail > 1:
        mouth = pygame.Rect(0, 0, r * 0.4, r * 0.16)
        mouth.center = _p(c, r, 0, 0.28)
        pygame.draw.rect(s, light, mouth)
        for x in (-0.07, 0.07):
            _line(s, dark, c, r, (x, 0.2), (x, 0.36), max(1, lw * 0.4))


def _icon_fire(s, c, r, lw, detail):
    if detail > 1:
        log = (110, 70, 36)
        _line(s, log, c, r, (-0.5, 0.58), (0.5, 0.36), lw * 1.5)
        _line(s, log, c, r, (-0.5, 0.36), (0.5, 0.58), lw * 1.5)
    y0 = 0.1 if detail > 1 else 0.2
    for colour, k in (((222, 60, 24), 1.0), ((248, 150, 30), 0.7), ((255, 224, 90), 0.42)):
        pygame.draw.circle(s, colour, _p(c, r, 0, y0 + 0.06 * (1 - k)), r * 0.36 * k)
        _poly(s, colour, c, r, [(-0.34 * k, y0 - 0.02), (0.34 * k, y0 - 0.02), (0.06 * k, y0 - 0.92 * k),
                                (0.0, y0 - 0.5 * k)])


def _icon_pit(s, c, r, lw, detail):
    dark, paw = (44, 30, 22), (120, 72, 36)
    if detail > 1:
        hole = pygame.Rect(0, 0, r * 1.2, r * 0.46)
        hole.center = _p(c, r, 0, 0.4)
        pygame.draw.ellipse(s, dark, hole)
        for x in (-0.36, -0.12, 0.12, 0.36):
            _poly(s, (210, 200, 180), c, r, [(x - 0.06, 0.44), (x + 0.06, 0.44), (x, 0.22)])
        cy, k = -0.2, 0.8
    else:
        cy, k = 0.05, 1.1
    pad = pygame.Rect(0, 0, r * 0.42 * k, r * 0.32 * k)
    pad.center = _p(c, r, 0, cy + 0.1 * k)
    pygame.draw.ellipse(s, paw, pad)
    for x, y in ((-0.26, -0.1), (-0.1, -0.24), (0.1, -0.24), (0.26, -0.1)):
        pygame.draw.circle(s, paw, _p(c, r, x * k, cy + y * k), r * 0.09 * k)


def _icon_cliff(s, c, r, lw, detail):
    rock, dark = (136, 124, 112), (56, 48, 44)
    pts = [(-0.66, 0.5), (-0.5, -0.05), (-0.26, -0.2), (-0.08, -0.62), (0.22, -0.3), (0.4, -0.42), (0.66, 0.5)]
    _poly(s, rock, c, r, pts)
    if detail > 1:
        _poly(s, shade(rock, 0.75), c, r, [(-0.08, -0.62), (0.22, -0.3), (0.4, -0.42), (0.66, 0.5), (0.1, 0.5)])
        _line(s, dark, c, r, (-0.4, 0.15), (0.0, 0.05), max(1, lw * 0.5))
        _line(s, dark, c, r, (0.05, 0.3), (0.45, 0.2), max(1, lw * 0.5))
    _poly(s, dark, c, r, pts, max(1, int(lw * 0.7)))


def _icon_river(s, c, r, lw, detail):
    blue, light = (28, 96, 186), (150, 206, 240)
    if detail > 1:
        _wave(s, blue, c, r, -0.02, -0.7, 0.7, 0.16, lw * 3.2, 1.2)
        _wave(s, light, c, r, -0.02, -0.55, 0.55, 0.12, lw * 0.6, 1.2)
        _wave(s, blue, c, r, 0.5, -0.4, 0.4, 0.06, lw * 0.8, 1.5)
        _wave(s, blue, c, r, -0.5, -0.4, 0.4, 0.06, lw * 0.8, 1.5)
    else:
        _wave(s, blue, c, r, 0.0, -0.7, 0.7, 0.2, lw * 2.6, 1.2)


def _icon_waterfall(s, c, r, lw, detail):
    rock, blue, foam = (110, 100, 92), (34, 110, 200), (220, 240, 250)
    if detail > 1:
        _poly(s, rock, c, r, [(-0.62, -0.62), (0.62, -0.62), (0.62, -0.36), (-0.62, -0.36)])
        for x in (-0.28, 0.0, 0.28):
            _line(s, blue, c, r, (x, -0.4), (x, 0.4), lw * 1.3)
        for x in (-0.3, 0.0, 0.3):
            pygame.draw.circle(s, foam, _p(c, r, x, 0.48), r * 0.16)
            pygame.draw.circle(s, blue, _p(c, r, x, 0.48), r * 0.16, max(1, int(lw * 0.4)))
    else:
        _line(s, rock, c, r, (-0.6, -0.5), (0.6, -0.5), lw * 1.6)
        for x in (-0.3, 0.0, 0.3):
            _line(s, blue, c, r, (x, -0.4), (x, 0.55), lw * 1.4)


def _icon_chasm(s, c, r, lw, detail):
    dark, edge = (24, 18, 22), (150, 60, 40)
    pts = [(-0.12, -0.74), (0.16, -0.34), (-0.02, -0.08), (0.24, 0.28), (0.04, 0.74),
           (-0.12, 0.3), (-0.32, 0.04), (-0.1, -0.3)]
    _poly(s, dark, c, r, pts)
    if detail > 1:
        _poly(s, edge, c, r, pts, max(1, int(lw * 0.6)))


ICONS = {
    "landing": _icon_anchor, "CV": _icon_cave, "V": _icon_village, "B": _icon_beach, "GY": _icon_graveyard,
    "ID": _icon_idol, "SF": _icon_fire, "P": _icon_pit, "K": _icon_cliff, "RI": _icon_river,
    "WF": _icon_waterfall, "CH": _icon_chasm,
}


def icon_function(code: str):
    t = MARKERS[code]
    if t.family == "landing":
        return ICONS["landing"]
    return ICONS.get(code) or ICONS.get(code[0])


def draw_icon(surface, code: str, center, r: float, detail: int | None = None) -> None:
    """A Destination's, Obstacle's or the Landing's emblem: a cream medallion with
    its picture, radius `r` pixels. Trails and Junctions have none."""
    fn = icon_function(code)
    if fn is None:
        return
    detail = icon_detail(r) if detail is None else detail
    ring = (40, 28, 20)
    lw = max(1.0, r * 0.1)
    if detail == 0:
        pygame.draw.circle(surface, MEDAL, center, max(1.5, r))
        pygame.draw.circle(surface, ring, center, max(1.5, r), 1)
        return
    pygame.draw.circle(surface, MEDAL, center, r)
    fn(surface, center, r * 0.92, lw, detail)
    pygame.draw.circle(surface, ring, center, r, max(1, int(r * 0.09)))


def draw_marker(surface, code: str, tris, to_px, unit: float, *, anchor_tris=None, next_tris=(),
                shape: int | None = None, shadow=True, detail: int | None = None, icon=None) -> None:
    """A whole marker on the map: tile, the trail's path through it and its icon.
    `to_px` maps plane units to pixels; `unit` is the pixels per side; `shape` is the
    seat badge shown on a trail; `icon(surface, code, centre, r)`, when given, paints
    the icon instead of draw_icon (the screen blits kept images)."""
    pts = [to_px(p) for p in marker_outline(tris)]
    draw_tile(surface, code, pts, unit, shadow)
    family = MARKERS[code].family
    centre = to_px(marker_centre(tris))
    if family == "trail":
        draw_path(surface, tris, anchor_tris, next_tris, to_px, unit)
        if unit >= 26:
            draw_trail_mark(surface, code, centre, unit * 0.13, shape)
    elif family == "junction":
        if unit >= 10:
            draw_junction_mark(surface, pts, unit)
    else:
        if family == "destination" and anchor_tris is not None:
            draw_path(surface, tris, anchor_tris, (), to_px, unit)
        if icon is None:
            draw_icon(surface, code, centre, unit * medal_radius(family), detail)
        else:
            icon(surface, code, centre, unit * medal_radius(family))


def draw_path(surface, tris, anchor_tris, next_tris, to_px, unit) -> None:
    """The trail's dashed line across a marker: in from its anchor, on to the next."""
    if unit < 12:
        return
    c = to_px(marker_centre(tris))
    ends = []
    for other in [anchor_tris, *next_tris]:
        if other:
            mid = shared_edge(tris, other)
            if mid is not None:
                ends.append(to_px(mid))
    if not ends:
        return
    w = max(1, round(unit * 0.05))
    dash = max(3.0, unit * 0.12)
    for e in ends:
        dashed(surface, PATH, e, c, w, dash)


def dashed(surface, colour, a, b, width, dash) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    d = dash * 0.3
    while d < length:
        e = min(d + dash, length)
        pygame.draw.line(surface, colour, (a[0] + dx * d, a[1] + dy * d), (a[0] + dx * e, a[1] + dy * e), width)
        d += dash * 1.8


# ---------------------------------------------------------------------------
# the island
# ---------------------------------------------------------------------------
def coast(seed: int = 3, points: int = 120) -> list:
    """The island's shore in plane units: the table hexagon and a ragged beach round it."""
    rng = random.Random(seed)
    waves = [(rng.uniform(0, 2 * math.pi), k, rng.uniform(0.15, 0.45) / k ** 0.5) for k in (2, 3, 5, 7, 11)]
    out = []
    for i in range(points):
        a = 2 * math.pi * i / points
        # distance from the centre to the hexagon's side in direction a (corners at 0, 60, ...)
        sector = (a % (math.pi / 3)) - math.pi / 6
        edge = RADIUS * 0.8660254 / math.cos(sector)
        wobble = 1.1 + sum(amp * math.sin(k * a + ph) for ph, k, amp in waves)
        d = edge + max(0.35, wobble)
        out.append((d * math.cos(a), d * math.sin(a)))
    return out


def table_corners() -> list:
    return [point_xy(p) for p in ((RADIUS, 0), (0, RADIUS), (-RADIUS, RADIUS), (-RADIUS, 0), (0, -RADIUS),
                                  (RADIUS, -RADIUS))]


def grid_lines() -> list:
    """The triangle grid's lines inside the table, as pairs of plane points."""
    lines = []
    R = RADIUS
    for j in range(-R, R + 1):  # rows
        i0, i1 = max(-R, -R - j), min(R, R - j)
        lines.append((point_xy((i0, j)), point_xy((i1, j))))
    for i in range(-R, R + 1):  # one slant
        j0, j1 = max(-R, -R - i), min(R, R - i)
        lines.append((point_xy((i, j0)), point_xy((i, j1))))
    for s in range(-R, R + 1):  # the other slant: i + j = s
        i0, i1 = max(-R, s - R), min(R, s + R)
        lines.append((point_xy((i0, s - i0)), point_xy((i1, s - i1))))
    return lines


def scrub(seed: int = 5) -> list:
    """Tufts of scrub dotted over the island (plane units)."""
    rng = random.Random(seed)
    out = []
    for _ in range(260):
        a = rng.uniform(0, 2 * math.pi)
        d = RADIUS * 0.95 * math.sqrt(rng.random())
        out.append((d * math.cos(a), d * math.sin(a), rng.uniform(0.6, 1.2)))
    return out


def draw_tuft(surface, pos, size, colour) -> None:
    x, y = pos
    for dx in (-0.6, 0, 0.6):
        pygame.draw.line(surface, colour, (x + dx * size * 0.5, y), (x + dx * size, y - size), max(1, int(size * 0.25)))

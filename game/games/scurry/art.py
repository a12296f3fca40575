"""Scurry's art: acorn tiles, squirrel tokens, the tri-hexagon board and its
title card, drawn for sprites/ (game/art.py gathers them: see SPRITES below).

Pieces:    draw_disc(surface, center, radius, face, ...)
           draw_acorn(surface, center, size, fill, outline, style, tilt)
           draw_acorn_tile(surface, center, radius, side)   side "brown"/"grey"
           draw_squirrel(surface, origin, size, fur, fur_light, fur_dark, belly, line)
           draw_base(surface, center, rx, color, line, mark)
           draw_squirrel_token(surface, center, size, side)
Boards:    trihex_points(n), trihex_xy(q, r, center, spacing),
           draw_trihex_board(surface, center, spacing, n, ...)

The squirrel sprites stand on their base at SQUIRREL_ANCHOR (fractions of the
sprite size): blit them so that point lies on the board vertex.
"""
from __future__ import annotations

import math
import random

import pygame

from ...ui.draw import (
    Color, Point, blurred_shadow, brush, catmull_rom, clip_to, ellipse_points, felt_texture, gradient, lerp,
    mix, new_layer, outlined, polygon, render, resample, shade, stroke, tile_fill, vignette, wood_texture,
)


# Where the squirrel token stands inside its sprite, as fractions of the
# sprite size: blit the sprite so that this point lies on the board vertex.
SQUIRREL_ANCHOR = (0.5, 0.80)

# --------------------------------------------------------------------------
# discs and tiles


def draw_disc(surface: pygame.Surface, center: Point, radius: float, face: Color, *,
              light: Color | None = None, dark: Color | None = None,
              side: Color | None = None, thickness: float = 0.07,
              bevel: float = 0.09, shadow: int = 110, rings: int = 0,
              ring_seed: int = 0) -> Point:
    """A round wooden disc seen from above and slightly in front: drop shadow,
    visible edge (``side``), bevelled rim lit from the top left, and optional
    faint growth ``rings``.  Returns the centre of the top face."""
    cx, cy = center
    r = radius
    light = light or shade(face, 1.25)
    dark = dark or shade(face, 0.7)
    side = side or shade(face, 0.55)
    t = r * thickness
    pad = int(r * 0.35) + 4
    size = int(2 * r + 2 * pad)
    lay = new_layer((size, size))
    lc = (size / 2, size / 2)
    top = (lc[0], lc[1] - t / 2)
    # drop shadow
    if shadow:
        sh = new_layer((size, size))
        pygame.draw.circle(sh, (0, 0, 0, 255), (lc[0] + r * 0.05, lc[1] + r * 0.08), r)
        lay.blit(blurred_shadow(sh, max(1, int(r * 0.07)), shadow), (0, 0))
    # edge of the disc
    pygame.draw.circle(lay, side, (lc[0], lc[1] + t / 2), r)
    pygame.draw.circle(lay, shade(side, 1.25), (lc[0], lc[1] + t / 2 - t * 0.3), r)
    # bevelled rim
    rim = gradient((2 * r, 2 * r), light, dark, "diag")
    rim_l = new_layer((size, size))
    rim_l.blit(rim, (top[0] - r, top[1] - r))
    m = new_layer((size, size))
    pygame.draw.circle(m, (255, 255, 255), top, r)
    lay.blit(clip_to(rim_l, m), (0, 0))
    # face (slightly inverse gradient: a shallow dish)
    fr = r * (1 - bevel)
    face_l = new_layer((size, size))
    face_l.blit(gradient((2 * fr, 2 * fr), shade(face, 0.94), shade(face, 1.06), "diag"),
                (top[0] - fr, top[1] - fr))
    m = new_layer((size, size))
    pygame.draw.circle(m, (255, 255, 255), top, fr)
    if rings:
        rr = random.Random(ring_seed)
        ox, oy = top[0] + rr.uniform(-0.15, 0.15) * r, top[1] + rr.uniform(-0.15, 0.15) * r
        ring_col = shade(face, 0.85) + (70,)
        for i in range(1, rings + 1):
            rad = fr * 1.15 * i / rings + rr.uniform(-0.02, 0.02) * r
            pts = [(ox + (rad * (1 + 0.03 * math.sin(3 * a + i))) * math.cos(a),
                    oy + (rad * (1 + 0.03 * math.sin(3 * a + i))) * math.sin(a))
                   for a in (2 * math.pi * j / 90 for j in range(90))]
            stroke(face_l, ring_col, pts, max(1.0, r * 0.012), closed=True)
    lay.blit(clip_to(face_l, m), (0, 0))
    surface.blit(lay, (cx - size / 2, cy - size / 2))
    return (cx, cy - t / 2)


def _acorn_shapes(center: Point, size: float, tilt: float = 0.0):
    """Outlines of an acorn of total height ``size`` centred on ``center``:
    returns (nut, cap, stem_path) as point lists."""
    cx, cy = center
    H = size
    top = cy - H / 2
    ang = math.radians(tilt)
    ca, sa = math.cos(ang), math.sin(ang)

    def P(x, y):  # local coords (x right, y down from top) -> surface, rotated about centre
        lx, ly = x, y + top - cy
        return (cx + lx * ca - ly * sa, cy + lx * sa + ly * ca)

    # nut profile
    nut_top, nut_bot = 0.34 * H, 0.985 * H
    W = 0.285 * H
    right, left = [], []
    n = 40
    for i in range(n + 1):
        u = i / n
        wv = W * (1 - u ** 2.3) ** 0.6 * (1 + 0.06 * math.sin(math.pi * u))
        y = lerp(nut_top, nut_bot, u)
        right.append(P(wv, y))
        left.append(P(-wv, y))
    nut = right + left[::-1]
    # cap: dome on top, shallow lip underneath
    C, yc, D, L = 0.35 * H, 0.37 * H, 0.25 * H, 0.065 * H
    cap = []
    for i in range(41):
        th = math.pi + math.pi * i / 40  # pi..2pi: left -> over the top -> right
        x = C * math.cos(th)
        y = yc + D * math.sin(th) * (1 - 0.15 * math.cos(th) ** 2)
        cap.append(P(x, y))
    for i in range(1, 40):
        x = C - 2 * C * i / 40
        y = yc + L * math.sqrt(max(0.0, 1 - (x / C) ** 2)) + 0.012 * H
        cap.append(P(x, y))
    stem = [P(0.0, 0.16 * H), P(0.02 * H, 0.08 * H), P(0.07 * H, 0.02 * H)]
    return nut, cap, stem, P


def draw_acorn(surface: pygame.Surface, center: Point, size: float, fill: Color,
               outline: Color, style: str = "solid", tilt: float = 0.0,
               cap: Color | None = None, line: float | None = None) -> None:
    """An acorn ``size`` px tall centred on ``center``.

    style "solid": nut filled with ``fill``, dark textured cap, ``outline`` edge.
    style "outline": a line drawing: nut and cap edges stroked in ``outline``
    over a hollow nut, with ``fill`` used for the highlight and cap scales.
    """
    nut, cap_pts, stem, P = _acorn_shapes(center, size, tilt)
    lw = line if line is not None else max(1.0, size * 0.06)
    cap_col = cap or mix(outline, fill, 0.22)
    xs = [p[0] for p in nut + cap_pts]
    ys = [p[1] for p in nut + cap_pts + stem]
    pad = int(lw * 2 + size * 0.1)
    ox, oy = int(min(xs)) - pad, int(min(ys)) - pad
    lay = new_layer((int(max(xs)) - ox + pad, int(max(ys)) - oy + pad))

    def L(pts):
        return [(x - ox, y - oy) for x, y in pts]

    def LP(x, y):
        q = P(x, y)
        return (q[0] - ox, q[1] - oy)

    H = size
    if style == "solid":
        stroke(lay, outline, L(stem), H * 0.085 + lw)
        stroke(lay, outline, L(nut), lw * 2, closed=True)
        polygon(lay, outline, L(nut))
        stroke(lay, outline, L(cap_pts), lw * 2, closed=True)
        polygon(lay, outline, L(cap_pts))
        stroke(lay, shade(cap_col, 1.0), L(stem), H * 0.085)
        # nut with a soft shine
        nut_l = new_layer(lay.get_size())
        polygon(nut_l, fill, L(nut))
        shine = new_layer(lay.get_size())
        for i in range(12):
            t = i / 11
            pygame.draw.circle(shine, mix(shade(fill, 0.80), shade(fill, 1.06), t),
                               LP(-0.05 * H * t, lerp(0.62, 0.55, t) * H), lerp(0.34, 0.08, t) * H)
        clip_to(shine, nut_l)
        nut_l.blit(shine, (0, 0))
        pygame.draw.ellipse(nut_l, shade(fill, 1.18) + (255,),
                            pygame.Rect(LP(-0.19 * H, 0.46 * H), (0.07 * H, 0.2 * H)))
        lay.blit(nut_l, (0, 0))
        # nib at the bottom
        pygame.draw.circle(lay, outline, LP(0, 0.985 * H), H * 0.035)
        # cap with scales
        cap_l = new_layer(lay.get_size())
        polygon(cap_l, cap_col, L(cap_pts))
        sc = new_layer(lay.get_size())
        _cap_scales(sc, LP, H, shade(cap_col, 1.45), shade(cap_col, 0.75), lw * 0.55)
        clip_to(sc, cap_l)
        cap_l.blit(sc, (0, 0))
        lay.blit(cap_l, (0, 0))
    else:
        # hollow line drawing
        stroke(lay, outline, L(stem), H * 0.085 + lw)
        stroke(lay, outline, L(nut), lw * 1.6, closed=True)
        inner = new_layer(lay.get_size())
        polygon(inner, (255, 255, 255), L(nut))
        # curved highlight stroke inside the nut
        arc = [LP(-0.17 * H * math.cos(a) - 0.0 * H, 0.60 * H + 0.2 * H * math.sin(a))
               for a in (math.radians(d) for d in range(-70, 50, 4))]
        hl = new_layer(lay.get_size())
        stroke(hl, fill, arc, lw * 0.8)
        clip_to(hl, inner)
        lay.blit(hl, (0, 0))
        pygame.draw.circle(lay, outline, LP(0, 0.985 * H), H * 0.035)
        stroke(lay, outline, L(cap_pts), lw * 1.6, closed=True)
        polygon(lay, outline, L(cap_pts))
        cap_l = new_layer(lay.get_size())
        polygon(cap_l, (255, 255, 255), L(cap_pts))
        sc = new_layer(lay.get_size())
        _cap_scales(sc, LP, H, mix(outline, fill, 0.55), None, lw * 0.6)
        clip_to(sc, cap_l)
        lay.blit(sc, (0, 0))
    surface.blit(lay, (ox, oy))


def _cap_scales(layer, LP, H, light, dark, lw):
    """Criss-cross scale pattern for an acorn cap (drawn unclipped)."""
    step = 0.085 * H
    for row in range(-1, 6):
        y = 0.11 * H + row * step * 0.75
        off = (row % 2) * step / 2
        for col in range(-5, 6):
            x = col * step + off
            c = LP(x, y)
            r = step * 0.55
            if dark is not None:
                pygame.draw.circle(layer, dark, (c[0], c[1] + lw * 0.6), r, max(1, round(lw)))
            pts = [LP(x + r * math.cos(a), y + r * 0.75 * math.sin(a))
                   for a in (math.radians(d) for d in range(20, 161, 14))]
            stroke(layer, light, pts, lw)


TILE_THEMES = {
    "brown": {
        "face": (163, 104, 58), "light": (206, 150, 98), "dark": (110, 66, 34),
        "side": (86, 50, 25), "acorn_fill": (246, 229, 190), "acorn_line": (68, 38, 18),
        "acorn_cap": (104, 62, 30), "style": "solid", "border": "groove",
    },
    "grey": {
        "face": (134, 143, 153), "light": (186, 194, 203), "dark": (88, 95, 104),
        "side": (62, 67, 74), "acorn_fill": (232, 235, 238), "acorn_line": (42, 46, 52),
        "acorn_cap": None, "style": "outline", "border": "dots",
    },
}


def draw_acorn_tile(surface: pygame.Surface, center: Point, radius: float, side: str = "brown",
                    shadow: int = 110, tilt: float = -12.0) -> None:
    """A Scurry acorn tile: brown side = solid cream acorn on a plain rim;
    grey side = outlined acorn inside a dotted ring."""
    th = TILE_THEMES[side]
    top = draw_disc(surface, center, radius, th["face"], light=th["light"], dark=th["dark"],
                    side=th["side"], shadow=shadow, rings=4 if side == "brown" else 0,
                    ring_seed=3)
    r = radius
    line = th["acorn_line"]
    if th["border"] == "groove":
        pygame.draw.circle(surface, shade(th["face"], 0.72), top, r * 0.80, max(1, round(r * 0.035)))
        pygame.draw.circle(surface, shade(th["face"], 1.15), (top[0], top[1] + r * 0.03), r * 0.80,
                           max(1, round(r * 0.02)))
    else:
        pygame.draw.circle(surface, line, top, r * 0.83, max(1, round(r * 0.03)))
        n = 16
        for i in range(n):
            a = 2 * math.pi * (i + 0.5) / n
            p = (top[0] + math.cos(a) * r * 0.715, top[1] + math.sin(a) * r * 0.715)
            pygame.draw.circle(surface, th["acorn_fill"], p, r * 0.045)
        pygame.draw.circle(surface, line, top, r * 0.60, max(1, round(r * 0.02)))
    acorn_size = r * (1.12 if side == "brown" else 0.94)
    draw_acorn(surface, (top[0], top[1] + r * 0.02), acorn_size, th["acorn_fill"], line,
               th["style"], tilt=tilt, cap=th["acorn_cap"])


# --------------------------------------------------------------------------
# squirrel

SQUIRREL_THEMES = {
    "brown": {"fur": (176, 88, 42), "fur_light": (214, 132, 72), "fur_dark": (124, 56, 24),
              "belly": (246, 222, 180), "line": (58, 28, 12), "base": (104, 66, 36),
              "base_mark": "plain"},
    "grey": {"fur": (132, 138, 146), "fur_light": (182, 188, 196), "fur_dark": (92, 97, 105),
             "belly": (236, 238, 240), "line": (36, 39, 44), "base": (86, 92, 100),
             "base_mark": "dots"},
}


def draw_squirrel(surface: pygame.Surface, origin: Point, size: float, fur: Color,
                  fur_light: Color, fur_dark: Color, belly: Color, line: Color,
                  facing: int = 1, outline: float | None = None) -> None:
    """A sitting squirrel seen from the side with a big curled tail.

    ``origin`` is the top-left of a ``size`` x ``size`` box; the feet rest at
    about 0.84 * size.  ``facing`` 1 looks right, -1 looks left."""
    S = size
    lw = outline if outline is not None else max(1.0, S * 0.022)
    pad = int(lw * 3) + 2
    dim = int(S) + 2 * pad

    def U(x, y):
        return (pad + x * S, pad + y * S)

    # ---- tail (behind)
    tail = new_layer((dim, dim))
    path = catmull_rom([U(0.44, 0.79), U(0.27, 0.72), U(0.19, 0.54), U(0.20, 0.34),
                        U(0.27, 0.18), U(0.39, 0.11), U(0.48, 0.16), U(0.475, 0.26),
                        U(0.41, 0.285)], 20)

    def tail_r(t):
        return S * (0.075 + 0.085 * math.sin(math.pi * min(1.0, t * 1.15)) ** 0.8)

    brush(tail, fur_light, path, lambda t: tail_r(t) * 1.0, step=S * 0.006)
    # fur tufts along the outer edge
    pts = resample(path, S * 0.045)
    for i in range(1, len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i - 1], pts[i + 1]
        nx, ny = -(y1 - y0), (x1 - x0)
        ln = math.hypot(nx, ny) or 1
        nx, ny = nx / ln, ny / ln
        t = i / (len(pts) - 1)
        rr = tail_r(t)
        for sgn in (1, -1):
            px = pts[i][0] + nx * rr * 0.82 * sgn
            py = pts[i][1] + ny * rr * 0.82 * sgn
            pygame.draw.circle(tail, fur_light, (px, py), rr * 0.32)
    brush(tail, fur, path, lambda t: tail_r(t) * 0.78, step=S * 0.006)
    brush(tail, fur_dark, path, lambda t: tail_r(t) * 0.22, step=S * 0.006)
    # a few fur strokes
    for k in (-0.45, 0.45):
        strand = []
        for i in range(len(pts)):
            if i == 0 or i == len(pts) - 1:
                continue
            (x0, y0), (x1, y1) = pts[i - 1], pts[i + 1]
            nx, ny = -(y1 - y0), (x1 - x0)
            ln = math.hypot(nx, ny) or 1
            rr = tail_r(i / (len(pts) - 1))
            strand.append((pts[i][0] + nx / ln * rr * k, pts[i][1] + ny / ln * rr * k))
        if len(strand) > 2:
            stroke(tail, shade(fur, 0.88), strand[1:-1], lw * 0.55)
    tail = outlined(tail, line, lw)

    # ---- body
    body = new_layer((dim, dim))
    polygon(body, fur, ellipse_points(U(0.49, 0.50), 0.09 * S, 0.17 * S, 12))       # back
    polygon(body, fur, ellipse_points(U(0.54, 0.64), 0.175 * S, 0.175 * S))       # haunch
    polygon(body, fur, ellipse_points(U(0.60, 0.50), 0.115 * S, 0.19 * S, -18))    # torso
    polygon(body, belly, ellipse_points(U(0.655, 0.55), 0.065 * S, 0.16 * S, -20))  # belly
    # thigh line
    thigh = ellipse_points(U(0.52, 0.66), 0.13 * S, 0.13 * S, 0, 40,
                           math.radians(200), math.radians(330))
    stroke(body, fur_dark, thigh, lw * 0.7)
    # hind foot
    polygon(body, fur_dark, ellipse_points(U(0.60, 0.815), 0.11 * S, 0.035 * S))
    polygon(body, fur, ellipse_points(U(0.60, 0.805), 0.10 * S, 0.03 * S))
    body = outlined(body, line, lw)

    # ---- head
    head = new_layer((dim, dim))
    # ear (behind the head)
    ear = [U(0.60, 0.25), U(0.585, 0.10), U(0.60, 0.07), U(0.66, 0.20)]
    polygon(head, fur, ear)
    stroke(head, fur_dark, [U(0.60, 0.07), U(0.585, 0.035)], lw * 1.1)  # tuft
    polygon(head, fur, ellipse_points(U(0.675, 0.30), 0.115 * S, 0.10 * S, -12))
    polygon(head, fur, ellipse_points(U(0.775, 0.33), 0.075 * S, 0.06 * S, 10))     # snout
    polygon(head, belly, ellipse_points(U(0.745, 0.365), 0.06 * S, 0.035 * S, 10))  # cheek
    head = outlined(head, line, lw)
    inner_ear = [U(0.605, 0.22), U(0.597, 0.125), U(0.635, 0.20)]
    polygon(head, mix(fur_light, (255, 190, 180), 0.35), inner_ear)
    pygame.draw.circle(head, line, U(0.842, 0.322), 0.022 * S)                     # nose
    pygame.draw.circle(head, line, U(0.715, 0.275), 0.03 * S)                      # eye
    pygame.draw.circle(head, (255, 255, 255), U(0.722, 0.266), 0.011 * S)
    stroke(head, line, [U(0.80, 0.365), U(0.815, 0.375), U(0.83, 0.37)], lw * 0.6)  # mouth

    # ---- front paws holding an acorn
    paws = new_layer((dim, dim))
    draw_acorn(paws, U(0.77, 0.535), 0.13 * S, (230, 190, 120), line, "solid",
               tilt=15, cap=(120, 76, 40), line=lw * 0.6)
    polygon(paws, fur, ellipse_points(U(0.72, 0.54), 0.055 * S, 0.03 * S, -30))
    polygon(paws, fur, ellipse_points(U(0.735, 0.59), 0.055 * S, 0.028 * S, -10))
    paws = outlined(paws, line, lw * 0.8)

    out = new_layer((dim, dim))
    for lay in (tail, body, paws, head):
        out.blit(lay, (0, 0))
    if facing < 0:
        out = pygame.transform.flip(out, True, False)
    surface.blit(out, (origin[0] - pad, origin[1] - pad))


def draw_base(surface: pygame.Surface, center: Point, rx: float, color: Color, line: Color,
              mark: str = "plain", shadow: int = 100) -> None:
    """A round token base (an elliptical disc seen at an angle)."""
    ry = rx * 0.34
    t = rx * 0.16
    cx, cy = center
    pad = int(rx * 0.4) + 4
    w, h = int(2 * rx + 2 * pad), int(2 * ry + t + 2 * pad)
    lay = new_layer((w, h))
    c = (w / 2, pad + ry)
    if shadow:
        sh = new_layer((w, h))
        pygame.draw.ellipse(sh, (0, 0, 0), pygame.Rect(c[0] - rx * 1.02 + rx * 0.04, c[1] - ry + t + rx * 0.03, rx * 2.04, ry * 2))
        lay.blit(blurred_shadow(sh, max(1, int(rx * 0.06)), shadow), (0, 0))
    body = new_layer((w, h))
    pygame.draw.ellipse(body, shade(color, 0.6), pygame.Rect(c[0] - rx, c[1] - ry + t, 2 * rx, 2 * ry))
    pygame.draw.rect(body, shade(color, 0.6), pygame.Rect(c[0] - rx, c[1], 2 * rx, t))
    pygame.draw.ellipse(body, color, pygame.Rect(c[0] - rx, c[1] - ry, 2 * rx, 2 * ry))
    g = gradient((2 * rx, 2 * ry), shade(color, 1.3), shade(color, 0.9), "v")
    m = new_layer((w, h))
    pygame.draw.ellipse(m, (255, 255, 255), pygame.Rect(c[0] - rx * 0.9, c[1] - ry * 0.88, 1.8 * rx, 1.76 * ry))
    gl = new_layer((w, h))
    gl.blit(g, (c[0] - rx, c[1] - ry))
    body.blit(clip_to(gl, m), (0, 0))
    if mark == "dots":
        for i in range(14):
            a = 2 * math.pi * (i + 0.5) / 14
            pygame.draw.circle(body, shade(color, 1.7), (c[0] + math.cos(a) * rx * 0.8, c[1] + math.sin(a) * ry * 0.8), rx * 0.045)
    body = outlined(body, line, max(1.0, rx * 0.03))
    lay.blit(body, (0, 0))
    surface.blit(lay, (cx - c[0], cy - c[1]))


def draw_squirrel_token(surface: pygame.Surface, center: Point, size: float, side: str = "brown",
                        shadow: int = 100) -> None:
    """A squirrel standing on a round base; ``center`` is the middle of the
    base (the point that sits on the board), ``size`` the token's height."""
    th = SQUIRREL_THEMES[side]
    cx, cy = center
    draw_base(surface, (cx, cy), size * 0.36, th["base"], th["line"], th["base_mark"], shadow)
    S = size * 0.98
    draw_squirrel(surface, (cx - S * 0.53, cy - S * 0.80), S, th["fur"], th["fur_light"],
                  th["fur_dark"], th["belly"], th["line"])


# --------------------------------------------------------------------------
# board


def trihex_points(n: int) -> list:
    """Axial coordinates (q, r) of the vertices of a size-``n`` tri-hexagon,
    in row order (top to bottom, left to right)."""
    pts = [(q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if abs(q + r) <= n]
    return pts


def trihex_xy(q: int, r: int, center: Point, spacing: float) -> Point:
    return (center[0] + spacing * (q + r / 2), center[1] + spacing * r * math.sqrt(3) / 2)


def draw_trihex_board(surface: pygame.Surface, center: Point, spacing: float, n: int,
                      color: Color = (216, 176, 118), line: Color = (92, 60, 30),
                      texture: pygame.Surface | None = None) -> dict:
    """A hexagonal wooden board with a triangular grid of size ``n``.
    Returns {(q, r): (x, y)} of every vertex."""
    cx, cy = center
    R = spacing * (n + 0.75)
    hexagon = [(cx + R * math.cos(math.radians(60 * i)), cy + R * math.sin(math.radians(60 * i)))
               for i in range(6)]
    pad = int(R * 0.25)
    w = int(2 * R + 2 * pad)
    h = int(R * math.sqrt(3) + 2 * pad)
    ox, oy = cx - w / 2, cy - h / 2
    loc = [(x - ox, y - oy) for x, y in hexagon]
    lay = new_layer((w, h))
    # shadow
    sh = new_layer((w, h))
    polygon(sh, (0, 0, 0), [(x + R * 0.03, y + R * 0.06) for x, y in loc])
    lay.blit(blurred_shadow(sh, max(1, int(R * 0.05)), 140), (0, 0))
    # edge thickness
    polygon(lay, shade(color, 0.55), [(x, y + R * 0.035) for x, y in loc])
    # top with texture
    top = new_layer((w, h))
    if texture is not None:
        tt = pygame.transform.smoothscale(texture, (w, h)) if texture.get_size() != (w, h) else texture
        top.blit(tt, (0, 0))
    else:
        top.fill(color)
    m = new_layer((w, h))
    polygon(m, (255, 255, 255), loc)
    lay.blit(clip_to(top, m), (0, 0))
    # bevel highlight
    stroke(lay, shade(color, 1.2) + (160,), loc[3:] + loc[:1], max(1, R * 0.012))
    stroke(lay, shade(color, 0.6) + (200,), loc[0:4], max(1, R * 0.012))
    # grid lines
    pts = {p: trihex_xy(p[0], p[1], (w / 2, h / 2), spacing) for p in trihex_points(n)}
    lw = max(1, spacing * 0.04)
    for (q, r), a in pts.items():
        for dq, dr in ((1, 0), (0, 1), (-1, 1)):
            b = pts.get((q + dq, r + dr))
            if b:
                pygame.draw.line(lay, line + (200,), a, b, max(1, round(lw)))
    for p in pts.values():
        pygame.draw.circle(lay, line, p, spacing * 0.09)
        pygame.draw.circle(lay, shade(color, 1.1), p, spacing * 0.05)
    surface.blit(lay, (ox, oy))
    return {k: (x + ox, y + oy) for k, (x, y) in pts.items()}


# --------------------------------------------------------------------------
# the sprites


def sprite_scurry_tile(side: str) -> pygame.Surface:
    # the top face is centred in the sprite (the disc's edge shows below it)
    r = 52
    return render((128, 128), lambda s, k: draw_acorn_tile(s, (64 * k, (64 + r * 0.035) * k), r * k, side))


def sprite_scurry_squirrel(side: str) -> pygame.Surface:
    ax, ay = SQUIRREL_ANCHOR
    return render((128, 128), lambda s, k: draw_squirrel_token(s, (128 * ax * k, 128 * ay * k),
                                                                108 * k, side))


def sprite_title_scurry() -> pygame.Surface:
    W, H = 480, 300
    card = pygame.Surface((W, H))
    tile_fill(card, felt_texture((128, 128), seed=5, base=(34, 92, 56)))
    glow = pygame.Surface((48, 30))
    glow.fill((0, 0, 0))
    for i in range(16):
        pygame.draw.ellipse(glow, (round(i * 2.2), round(i * 1.8), round(i * 1.0)),
                            pygame.Rect(2 + i * 1.3, 1 + i * 0.85, 44 - i * 2.6, 28 - i * 1.7))
    card.blit(pygame.transform.smoothscale(glow, (W, H)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    card.blit(vignette((W, H), 170), (0, 0))
    n = 3
    spacing = 38
    center = (W / 2, H / 2 + 2)
    board_tex = wood_texture((256, 256), seed=21, base=(250, 204, 136), plank_height=256,
                             contrast=0.5, seams=False)
    tiles = {(-1, 0): "brown", (0, -2): "grey", (0, 3): "brown", (2, -1): "grey",
             (-1, 2): "grey", (0, 1): "brown", (2, 1): "brown", (-3, 2): "brown",
             (1, 1): "grey", (-2, 3): "grey", (3, -3): "brown", (-1, -1): "grey"}
    squirrels = {(1, -1): "brown", (-3, 1): "grey"}
    loose = [(48, 246, "brown", 25), (72, 262, "grey", -40), (430, 52, "grey", 10),
             (446, 74, "brown", -30)]

    def draw(s, k):
        pts = draw_trihex_board(s, (center[0] * k, center[1] * k), spacing * k, n,
                                texture=pygame.transform.smoothscale(
                                    board_tex, (int(spacing * k * (n + 0.75) * 2.6),) * 2))
        for (x, y, side, tilt) in loose:
            draw_acorn_tile(s, (x * k, y * k), spacing * 0.43 * k, side, shadow=120, tilt=tilt)
        for p in sorted(tiles):
            draw_acorn_tile(s, pts[p], spacing * 0.43 * k, tiles[p], shadow=90)
        for p in sorted(squirrels, key=lambda q: q[1]):
            x, y = pts[p]
            draw_squirrel_token(s, (x, y + spacing * 0.12 * k), spacing * 1.4 * k, squirrels[p])

    over = render((W, H), draw)
    card.blit(over, (0, 0))
    return card


SPRITES = {
    "scurry_tile_brown.png": lambda: sprite_scurry_tile("brown"),
    "scurry_tile_grey.png": lambda: sprite_scurry_tile("grey"),
    "scurry_squirrel_brown.png": lambda: sprite_scurry_squirrel("brown"),
    "scurry_squirrel_grey.png": lambda: sprite_scurry_squirrel("grey"),
    "title_scurry.png": sprite_title_scurry,
}
SPRITE_SIZES = {  # size, and whether the image is opaque
    "scurry_tile_brown.png": ((128, 128), False),
    "scurry_tile_grey.png": ((128, 128), False),
    "scurry_squirrel_brown.png": ((128, 128), False),
    "scurry_squirrel_grey.png": ((128, 128), False),
    "title_scurry.png": ((480, 300), True),
}

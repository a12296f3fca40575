"""Drawing helpers shared by the sprite makers (game/art.py and each game's
art.py) and the board scenes: colours, antialiased layers, strokes, textures
and a few pieces. Plain ``pygame.draw`` on ``SRCALPHA`` surfaces; no display
needed. This module imports nothing from the games or from game.art, so
anything may import it.

Surfaces:  render(size, draw, scale) -> antialiased SRCALPHA surface;
           new_layer, downsample, silhouette, outlined, clip_to,
           blurred_shadow, gradient, vignette, tile_fill
Colours:   mix, shade, lerp, with_alpha, luminance
Geometry:  ellipse_points, catmull_rom, resample, stroke, brush, polygon
Textures:  wood_texture(size, seed, base, plank_height, contrast, seams)
           felt_texture(size, seed, base), noise_surface(...)
Pieces:    draw_die, draw_pyramid

Callers that want antialiasing draw on a big surface (see :func:`render`).
"""
from __future__ import annotations

import math
import random
from typing import Callable, Sequence

import pygame

Color = tuple  # (r, g, b) or (r, g, b, a)
Point = tuple  # (x, y)

SS = 4  # supersampling factor

# --------------------------------------------------------------------------
# colour helpers


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(c1: Color, c2: Color, t: float) -> tuple:
    """Blend two colours (t=0 -> c1, t=1 -> c2); keeps alpha if both have it."""
    n = min(len(c1), len(c2))
    return tuple(max(0, min(255, round(lerp(c1[i], c2[i], t)))) for i in range(n))


def ease(t: float) -> float:
    """Smoothstep: slow out, slow in; every animation and glide uses it."""
    return t * t * (3 - 2 * t)


def shade(c: Color, f: float) -> tuple:
    """Multiply the RGB of a colour by f (f<1 darker, f>1 lighter)."""
    rgb = tuple(max(0, min(255, round(v * f))) for v in c[:3])
    return rgb + tuple(c[3:])


def with_alpha(c: Color, a: int) -> tuple:
    return (c[0], c[1], c[2], a)


def luminance(c: Color) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


# --------------------------------------------------------------------------
# surfaces, supersampling, layers


def new_layer(size: Sequence[int]) -> pygame.Surface:
    return pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)


def unpremultiply(surf: pygame.Surface) -> pygame.Surface:
    """Inverse of ``Surface.premul_alpha`` (pure Python, fine for sprites)."""
    w, h = surf.get_size()
    data = bytearray(pygame.image.tobytes(surf, "RGBA"))
    for i in range(3, len(data), 4):
        a = data[i]
        if a and a != 255:
            half = a // 2
            for j in (i - 3, i - 2, i - 1):
                v = (data[j] * 255 + half) // a
                data[j] = v if v < 255 else 255
    return pygame.image.frombytes(bytes(data), (w, h), "RGBA")


def downsample(big: pygame.Surface, size: Sequence[int]) -> pygame.Surface:
    """Reduce a SRCALPHA surface without dark fringes (premultiplied average)."""
    small = pygame.transform.smoothscale(big.premul_alpha(), (int(size[0]), int(size[1])))
    return unpremultiply(small)


def render(size: Sequence[int], draw: Callable[[pygame.Surface, int], None],
           scale: int = SS) -> pygame.Surface:
    """Call ``draw(big_surface, scale)`` on a transparent surface ``scale``
    times bigger than ``size`` and return the antialiased result."""
    big = new_layer((size[0] * scale, size[1] * scale))
    draw(big, scale)
    return downsample(big, size)


def silhouette(layer: pygame.Surface, color: Color) -> pygame.Surface:
    """Copy of ``layer`` with every pixel recoloured, alpha kept."""
    s = layer.copy()
    s.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    s.fill(tuple(color[:3]) + (0,), special_flags=pygame.BLEND_RGB_ADD)
    if len(color) > 3 and color[3] != 255:
        s.fill((255, 255, 255, color[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def outlined(layer: pygame.Surface, color: Color, width: float) -> pygame.Surface:
    """``layer`` with an outline of ``width`` px around its silhouette."""
    out = new_layer(layer.get_size())
    sil = silhouette(layer, color)
    if width > 0:
        steps = max(12, int(width * 3))
        for ring in (width, width * 0.5):
            for i in range(steps):
                a = 2 * math.pi * i / steps
                out.blit(sil, (round(math.cos(a) * ring), round(math.sin(a) * ring)))
    out.blit(layer, (0, 0))
    return out


def clip_to(layer: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """Keep ``layer`` only where ``mask`` (same size) is opaque."""
    layer.blit(silhouette(mask, (255, 255, 255)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer


def blurred_shadow(layer: pygame.Surface, radius: int, alpha: int,
                   color: Color = (0, 0, 0)) -> pygame.Surface:
    """Soft shadow of a layer's silhouette (same size as the layer)."""
    sil = silhouette(layer, (*color[:3], alpha))
    if radius >= 1:
        # blur a reduced copy: same look, a fraction of the cost
        f = max(1, int(radius) // 3)
        w, h = sil.get_size()
        small = pygame.transform.smoothscale(sil, (max(1, w // f), max(1, h // f)))
        small = pygame.transform.gaussian_blur(small, max(1, round(radius / f)))
        sil = pygame.transform.smoothscale(small, (w, h))
    return sil


def gradient(size: Sequence[int], c1: Color, c2: Color, direction: str = "diag") -> pygame.Surface:
    """Smooth two-colour gradient: "v" (top->bottom), "h" (left->right) or
    "diag" (top-left -> bottom-right)."""
    c1 = tuple(c1) + ((255,) if len(c1) == 3 else ())
    c2 = tuple(c2) + ((255,) if len(c2) == 3 else ())
    mid = mix(c1, c2, 0.5)
    seed = new_layer((2, 2))
    if direction == "v":
        px = [c1, c1, c2, c2]
    elif direction == "h":
        px = [c1, c2, c1, c2]
    else:
        px = [c1, mid, mid, c2]
    for i, c in enumerate(px):
        seed.set_at((i % 2, i // 2), c)
    # scale up a padded version so the colours really reach the corners
    w, h = int(size[0]), int(size[1])
    big = pygame.transform.smoothscale(seed, (w * 2, h * 2))
    return big.subsurface((w // 2, h // 2, w, h)).copy()


def tile_fill(dest: pygame.Surface, texture: pygame.Surface, offset: Point = (0, 0)) -> None:
    """Cover ``dest`` with repeated copies of ``texture``."""
    tw, th = texture.get_size()
    ox, oy = int(offset[0]) % tw - tw, int(offset[1]) % th - th
    y = oy
    while y < dest.get_height():
        x = ox
        while x < dest.get_width():
            dest.blit(texture, (x, y))
            x += tw
        y += th


# --------------------------------------------------------------------------
# geometry helpers


def ellipse_points(center: Point, rx: float, ry: float, angle: float = 0.0,
                   n: int = 96, start: float = 0.0, end: float = 2 * math.pi) -> list:
    """Points on an ellipse rotated by ``angle`` degrees (clockwise on screen)."""
    cx, cy = center
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    closed = abs(end - start - 2 * math.pi) < 1e-9
    count = n if closed else n + 1
    for i in range(count):
        t = start + (end - start) * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def catmull_rom(points: Sequence[Point], samples: int = 16) -> list:
    """Smooth curve through ``points`` (end points repeated)."""
    pts = [points[0]] + list(points) + [points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(samples):
            t = s / samples
            t2, t3 = t * t, t * t * t
            out.append(tuple(
                0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t
                       + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                       + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3)
                for k in range(2)))
    out.append(tuple(points[-1]))
    return out


def resample(path: Sequence[Point], step: float) -> list:
    """Points spaced ``step`` apart along a polyline."""
    out = [path[0]]
    carry = 0.0
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        d = step - carry
        while d <= seg:
            t = d / seg
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            d += step
        carry = seg - (d - step)
    return out


def stroke(surface: pygame.Surface, color: Color, points: Sequence[Point],
           width: float, closed: bool = False) -> None:
    """Thick polyline with round joins and caps."""
    pts = list(points) + ([points[0]] if closed else [])
    r = width / 2
    for a, b in zip(pts, pts[1:]):
        pygame.draw.line(surface, color, a, b, max(1, round(width)))
    for p in pts:
        pygame.draw.circle(surface, color, p, r)


def brush(surface: pygame.Surface, color: Color, path: Sequence[Point],
          radius: Callable[[float], float], step: float = 2.0) -> None:
    """Stamp circles along ``path``; ``radius(t)`` for t in 0..1 along it."""
    pts = resample(path, step)
    n = max(1, len(pts) - 1)
    for i, p in enumerate(pts):
        r = radius(i / n)
        if r > 0:
            pygame.draw.circle(surface, color, p, r)


def polygon(surface: pygame.Surface, color: Color, pts: Sequence[Point]) -> None:
    pygame.draw.polygon(surface, color, [(round(x), round(y)) for x, y in pts])


# --------------------------------------------------------------------------
# textures (1x, tileable, seeded)


def _grey_bytes_to_surface(values: bytes, size: Sequence[int]) -> pygame.Surface:
    n = len(values)
    rgb = bytearray(n * 3)
    rgb[0::3] = values
    rgb[1::3] = values
    rgb[2::3] = values
    return pygame.image.frombytes(bytes(rgb), (int(size[0]), int(size[1])), "RGB")


def noise_surface(rng: random.Random, cells: Sequence[int], size: Sequence[int],
                  lo: int, hi: int) -> pygame.Surface:
    """Tileable smooth value noise: ``cells`` random grey values in [lo, hi],
    interpolated up to ``size`` (which must be a multiple of ``cells``).

    Coarse grids are first refined with smoothstep interpolation (no creases),
    the rest is bilinear (``smoothscale``) over a 3x3 tiling so the edges wrap.
    """
    cw, ch = int(cells[0]), int(cells[1])
    w, h = int(size[0]), int(size[1])
    vals = rng.randbytes(cw * ch)
    sx = 8 if w // cw >= 32 else 1
    sy = 8 if h // ch >= 32 else 1
    iw, ih = cw * sx, ch * sy
    ease = [(i / s) ** 2 * (3 - 2 * (i / s)) for s in (sx, sy) for i in range(s)]
    ex, ey = ease[:sx], ease[sx:]
    out = bytearray(iw * ih)
    for y in range(ih):
        j0, fy = divmod(y, sy)
        j1 = (j0 + 1) % ch
        ty = ey[fy]
        r0, r1 = j0 * cw, j1 * cw
        for x in range(iw):
            i0, fx = divmod(x, sx)
            i1 = (i0 + 1) % cw
            tx = ex[fx]
            a = vals[r0 + i0] + (vals[r0 + i1] - vals[r0 + i0]) * tx
            b = vals[r1 + i0] + (vals[r1 + i1] - vals[r1 + i0]) * tx
            v = a + (b - a) * ty
            out[y * iw + x] = round(lo + (hi - lo) * v / 255)
    small = _grey_bytes_to_surface(bytes(out), (iw, ih))
    if (iw, ih) == (w, h):
        return small
    tiled = pygame.Surface((iw * 3, ih * 3))
    tile_fill(tiled, small)
    big = pygame.transform.smoothscale(tiled, (w * 3, h * 3))
    return big.subsurface((w, h, w, h)).copy()


def _multiply(dest: pygame.Surface, grey: pygame.Surface) -> None:
    dest.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def _grain(rng: random.Random, w: int, h: int, k: float) -> pygame.Surface:
    """Unbent, tileable grey grain map (white = no darkening)."""
    grain = pygame.Surface((w, h))
    grain.fill((255, 255, 255))
    # long streaks (slowly varying along x), medium bands, fine fibres
    _multiply(grain, noise_surface(rng, (4, h // 6), (w, h), round(255 - 75 * k), 255))
    _multiply(grain, noise_surface(rng, (8, h // 2), (w, h), round(255 - 45 * k), 255))
    _multiply(grain, noise_surface(rng, (w // 16, h), (w, h), round(255 - 40 * k), 255))
    lines = new_layer((w, h))
    for _ in range(h // 6):
        y0 = rng.uniform(0, h)
        amp = rng.uniform(0.5, 3.0)
        freq = rng.choice((1, 2, 3))
        ph = rng.uniform(0, 2 * math.pi)
        a = round(rng.uniform(18, 50) * k)
        pts = [(x, y0 + amp * math.sin(2 * math.pi * freq * x / w + ph)) for x in range(0, w + 1, 8)]
        for dy in (-h, 0, h):
            pygame.draw.aalines(lines, (40, 22, 10, a), False, [(x, y + dy) for x, y in pts])
    grain.blit(lines, (0, 0))
    return grain


def tag_rects(anchors: Sequence[Point], size: Sequence[int], gap: int = 2) -> list:
    """A rect of `size` for each anchor (its centre), placed in order: on the anchor where
    that is free, else at the nearest free place straight above or below it, so no tag
    covers another however close the anchors lie (2n + 1 places cannot all be taken by n tags)."""
    w, h = size
    placed: list = []
    for x, y in anchors:
        for step in range(2 * len(placed) + 1):  # on it, a row up, a row down, two up...
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (int(x), int(y + (step + 1) // 2 * (h + gap) * (-1 if step % 2 else 1)))
            if rect.collidelist(placed) < 0:
                break
        placed.append(rect)
    return placed


def wood_texture(size: Sequence[int] = (512, 512), seed: int = 1,
                 base: Color = (92, 58, 36), plank_height: int = 128,
                 contrast: float = 1.0, seams: bool = True) -> pygame.Surface:
    """Tileable wooden planks running left to right (opaque surface).

    ``size`` should be divisible by 16 and ``plank_height`` should divide the
    height.  ``contrast`` scales the grain strength; ``seams`` draws the gaps
    between planks and the butt joints.
    """
    rng = random.Random(seed)
    w, h = int(size[0]), int(size[1])
    grain = _grain(rng, w, h, contrast)
    tex = pygame.Surface((w, h))
    overlay = new_layer((w, h))
    dark = shade(base, 0.35)[:3]
    light = shade(base, 1.3)[:3]
    for top in range(0, h, plank_height):
        ph = min(plank_height, h - top)
        # every plank shows another part of the grain, bent its own way
        dx = rng.randrange(0, w, 2)
        dy0 = rng.randrange(h)
        waves = [(rng.choice((1, 2)), rng.uniform(0, 2 * math.pi), rng.uniform(2, 8)),
                 (rng.choice((3, 4, 5)), rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 2))]
        band = pygame.Surface((w, ph))
        for x in range(0, w, 2):
            dy = dy0 + sum(a * math.sin(2 * math.pi * f * x / w + p) for f, p, a in waves)
            col = grain.subsurface(((x + dx) % w, 0, 2, h))
            yy = -(round(dy) % h)
            band.blit(col, (x, yy))
            band.blit(col, (x, yy + h))
        tint = pygame.Surface((w, ph))
        j0 = rng.uniform(8, w / 2)
        joints = [j0, j0 + w * rng.uniform(0.38, 0.5)][:rng.choice((1, 2))] if seams else [0.0]
        edges = joints + [joints[0] + w]
        for x0, x1 in zip(edges, edges[1:]):
            c = shade(base, rng.uniform(0.86, 1.12))[:3]
            for xs in (x0, x0 - w):
                pygame.draw.rect(tint, c, (round(xs), 0, round(x1 - x0) + 1, ph))
        _multiply(tint, band)
        tex.blit(tint, (0, top))
        if seams:
            pygame.draw.line(overlay, dark + (230,), (0, top), (w, top), 2)
            pygame.draw.line(overlay, light + (50,), (0, top + 2), (w, top + 2), 1)
            pygame.draw.line(overlay, dark + (80,), (0, top + ph - 2), (w, top + ph - 2), 1)
            for jx in joints:
                x = round(jx)
                pygame.draw.line(overlay, dark + (220,), (x, top), (x, top + ph), 2)
                pygame.draw.line(overlay, light + (45,), (x + 2, top + 2), (x + 2, top + ph), 1)
    tex.blit(overlay, (0, 0))
    return tex


def felt_texture(size: Sequence[int] = (256, 256), seed: int = 7,
                 base: Color = (38, 104, 64)) -> pygame.Surface:
    """Tileable green baize (opaque surface)."""
    rng = random.Random(seed)
    w, h = int(size[0]), int(size[1])
    tex = pygame.Surface((w, h))
    tex.fill(base[:3])
    shade_map = pygame.Surface((w, h))
    shade_map.fill((255, 255, 255))
    _multiply(shade_map, noise_surface(rng, (4, 4), (w, h), 222, 255))
    _multiply(shade_map, noise_surface(rng, (16, 16), (w, h), 236, 255))
    table = bytes(round(lerp(226, 255, i / 255)) for i in range(256))
    _multiply(shade_map, _grey_bytes_to_surface(rng.randbytes(w * h).translate(table), (w, h)))
    _multiply(tex, shade_map)
    # fibres
    light = new_layer((w, h))
    dark = new_layer((w, h))
    for layer, col in ((light, (200, 240, 200, 26)), (dark, (0, 30, 10, 34))):
        tmp = new_layer((w, h))
        for _ in range(w * h // 40):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            ang = rng.uniform(0, math.pi)
            ln = rng.uniform(1.5, 4.5)
            x2, y2 = x + math.cos(ang) * ln, y + math.sin(ang) * ln
            for dx in (-w, 0, w):
                for dy in (-h, 0, h):
                    if -6 < x + dx < w + 6 and -6 < y + dy < h + 6:
                        pygame.draw.aaline(tmp, col, (x + dx, y + dy), (x2 + dx, y2 + dy))
        layer.blit(tmp, (0, 0))
        tex.blit(layer, (0, 0))
    return tex


# --------------------------------------------------------------------------
# small game pieces for the icon


PIP_LAYOUT = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)],
}


def draw_die_face(surface: pygame.Surface, rect, value: int, colour: Color = (250, 246, 236),
                  pip: Color = (40, 30, 28), edge: Color | None = None, *, dim: bool = False) -> None:
    """A die seen from above in `rect` showing `value` (1-6; 0 for a blank face):
    the one die every scene draws (Skyline's coloured dice, Scrubbudgetel's die).
    `dim` greys it out for a die already used."""
    rect = pygame.Rect(rect)
    if dim:
        colour = tuple(int(c * 0.45 + 90) for c in colour[:3])
    radius = max(2, rect.w // 6)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, edge or shade(colour, 0.55), rect, max(1, rect.w // 22), border_radius=radius)
    pip_radius = max(2, rect.w // 11)
    for fx, fy in PIP_LAYOUT.get(value, ()):
        pygame.draw.circle(surface, pip, (rect.x + round(fx * rect.w), rect.y + round(fy * rect.h)), pip_radius)


def _face(o: Point, u: Point, v: Point, a: float, b: float) -> Point:
    return (o[0] + u[0] * a + v[0] * b, o[1] + u[1] * a + v[1] * b)


def draw_die(surface: pygame.Surface, center: Point, size: float,
             color: Color = (248, 244, 234), pip: Color = (36, 30, 28),
             line: Color = (40, 34, 30), faces: tuple = (3, 1, 2)) -> None:
    """A die in a 3/4 view: (front, top, right) faces show ``faces`` pips.
    ``size`` is the overall width/height of the drawing."""
    cx, cy = center
    s = size * 0.74
    d = size - s
    x0, y0 = cx - size / 2, cy - size / 2 + d  # top-left of the front face
    front = ((x0, y0), (s, 0), (0, s))
    top = ((x0 + d, y0 - d), (s, 0), (-d, d))
    right = ((x0 + s, y0), (d, -d), (0, s))
    lay = new_layer((int(size * 2), int(size * 2)))
    ox, oy = cx - size, cy - size

    def quad(f):
        o, u, v = f
        return [(px - ox, py - oy) for px, py in
                (_face(o, u, v, 0, 0), _face(o, u, v, 1, 0), _face(o, u, v, 1, 1), _face(o, u, v, 0, 1))]

    polygon(lay, color, quad(front))
    polygon(lay, shade(color, 0.94), quad(top))
    polygon(lay, shade(color, 0.74), quad(right))
    lw = max(1.0, size * 0.06)
    lay = outlined(lay, line, lw)
    stroke(lay, line, quad(front)[:2] + quad(front)[2:3], lw * 0.5)
    pr = 0.11
    for f, n in zip((front, top, right), faces):
        o, u, v = f
        for a, b in PIP_LAYOUT[n]:
            pts = [_face(o, u, v, a + pr * math.cos(t), b + pr * math.sin(t))
                   for t in (2 * math.pi * i / 24 for i in range(24))]
            polygon(lay, pip, [(px - ox, py - oy) for px, py in pts])
    surface.blit(lay, (ox, oy))


def draw_pyramid(surface: pygame.Surface, base_center: Point, size: float,
                 color: Color = (236, 178, 52), line: Color = (60, 40, 20)) -> None:
    """A stacking pyramid seen from the front: two lit faces."""
    cx, cy = base_center
    w = size * 0.9
    apex = (cx + w * 0.04, cy - size)
    left = (cx - w / 2, cy - size * 0.04)
    mid = (cx + w * 0.12, cy + size * 0.04)
    right = (cx + w / 2, cy - size * 0.06)
    lay = new_layer((int(size * 2), int(size * 2)))
    ox, oy = cx - size, cy - size * 1.5

    def L(pts):
        return [(x - ox, y - oy) for x, y in pts]

    polygon(lay, shade(color, 1.1), L([apex, left, mid]))
    polygon(lay, shade(color, 0.72), L([apex, mid, right]))
    lay = outlined(lay, line, max(1, size * 0.05))
    stroke(lay, line, L([apex, mid]), max(1, size * 0.03))
    stroke(lay, shade(color, 1.35), L([mix(apex, left, 0.1), mix(apex, left, 0.6)]), max(1, size * 0.035))
    surface.blit(lay, (ox, oy))


# --------------------------------------------------------------------------
# atmosphere


def vignette(size: Sequence[int], strength: int = 150) -> pygame.Surface:
    """Transparent centre, dark edges."""
    w, h = int(size[0]), int(size[1])
    small = new_layer((48, 30))
    for y in range(30):
        for x in range(48):
            dx, dy = (x + 0.5 - 24) / 24, (y + 0.5 - 15) / 15
            d = min(1.0, math.hypot(dx, dy) / 1.25)
            small.set_at((x, y), (0, 0, 0, round(strength * d ** 2.2)))
    return pygame.transform.smoothscale(small, (w, h))

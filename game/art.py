"""The sprites in ``sprites/``: the app's own (title background, felt, the app
icon) and every game's (``game/games/<id>/art.py``, found through the
registry), and the command that draws them all.

Run ``python -m game.art`` to (re)generate all sprites into ``<repo>/sprites``
(or ``python -m game.art OUT_DIR``).  Generation is deterministic: the same
bytes on every run (randomness only through seeded ``random.Random``).

Everything is drawn with ``pygame.draw`` on plain ``SRCALPHA`` surfaces, at
``SS`` times the final size, then reduced with premultiplied-alpha
``smoothscale`` (antialiasing by supersampling).  No display is needed. The
drawing helpers shared with the games' art and the scenes are in
``game/ui/draw.py``.

An art module (this one, or a game's art.py) defines SPRITES {filename: () ->
Surface} and SPRITE_SIZES {filename: ((w, h), opaque)}; ``sprites()`` and
``sprite_sizes()`` gather them all when asked (importing is free).
"""
from __future__ import annotations

import math
import sys
import time
from pathlib import Path
from typing import Callable, Iterable

import pygame

from .resources import SPRITES_DIR
from .ui.draw import (
    SS, Color, draw_die, draw_pyramid, felt_texture, new_layer, outlined, polygon, render, shade, stroke, wood_texture,
)


def draw_game_box(surface: pygame.Surface, rect: pygame.Rect, color: Color = (176, 52, 48),
                  accent: Color = (244, 210, 96), line: Color = (50, 24, 20)) -> None:
    """An upright board-game box seen from the front with a bit of its side."""
    x, y, w, h = rect
    d = w * 0.22
    lay = new_layer((int(w * 2), int(h * 2)))
    ox, oy = x - w * 0.5, y - h * 0.5

    def L(pts):
        return [(px - ox, py - oy) for px, py in pts]

    front = [(x, y + d * 0.5), (x + w - d, y + d * 0.5), (x + w - d, y + h), (x, y + h)]
    side = [(x + w - d, y + d * 0.5), (x + w, y), (x + w, y + h - d * 0.5), (x + w - d, y + h)]
    top = [(x, y + d * 0.5), (x + d, y), (x + w, y), (x + w - d, y + d * 0.5)]
    polygon(lay, color, L(front))
    polygon(lay, shade(color, 0.7), L(side))
    polygon(lay, shade(color, 1.2), L(top))
    lay = outlined(lay, line, max(1, w * 0.05))
    fw = w - d
    # lid seam, and a label with a little hexagon / acorn motif
    stroke(lay, shade(color, 0.6), L([(x, y + h * 0.28), (x + fw, y + h * 0.28)]), max(1, w * 0.03))
    stroke(lay, shade(color, 0.5), L([(x + fw, y + h * 0.28 - d * 0.05), (x + w, y + h * 0.28 - d * 0.5)]), max(1, w * 0.03))
    lc = (x + fw / 2 - ox, y + h * 0.62 - oy)
    hexr = fw * 0.3
    polygon(lay, accent, [(lc[0] + hexr * math.cos(math.radians(60 * i + 30)),
                           lc[1] + hexr * math.sin(math.radians(60 * i + 30))) for i in range(6)])
    pygame.draw.circle(lay, color, lc, hexr * 0.42)
    stroke(lay, accent, L([(x + fw * 0.18, y + h * 0.14), (x + fw * 0.82, y + h * 0.14)]), max(1, w * 0.06))
    surface.blit(lay, (ox, oy))


def draw_shelf(surface: pygame.Surface, rect: pygame.Rect, color: Color = (150, 96, 52),
               line: Color = (56, 32, 16)) -> None:
    """A wooden wall shelf: a plank on two brackets."""
    x, y, w, h = rect
    lay = new_layer((int(w * 1.4), int(h * 4)))
    ox, oy = x - w * 0.2, y - h

    def L(pts):
        return [(px - ox, py - oy) for px, py in pts]

    for bx in (x + w * 0.16, x + w * 0.84):
        br = [(bx - h * 0.35, y + h), (bx + h * 0.35, y + h), (bx + h * 0.35, y + h * 2.0),
              (bx - h * 0.35, y + h * 1.2)]
        polygon(lay, shade(color, 0.62), L(br))
    polygon(lay, shade(color, 0.78), L([(x, y + h * 0.55), (x + w, y + h * 0.55), (x + w, y + h), (x, y + h)]))
    polygon(lay, shade(color, 1.12), L([(x + h * 0.3, y), (x + w - h * 0.1, y), (x + w, y + h * 0.55), (x, y + h * 0.55)]))
    lay = outlined(lay, line, max(1, h * 0.14))
    surface.blit(lay, (ox, oy))


# --------------------------------------------------------------------------
# the sprites


def sprite_felt() -> pygame.Surface:
    return felt_texture((256, 256), seed=7)


def sprite_title_background() -> pygame.Surface:
    return wood_texture((512, 512), seed=11, base=(88, 56, 36), plank_height=128)


def app_icon(size: int = 64) -> pygame.Surface:
    """The app's icon, a `size` px square: drawn for that size (the window's icon, and
    the launcher's at every size the desktop asks for: game/desktop.py)."""
    scale = SS if size <= 256 else 2  # a 512 px icon needs little supersampling, and 4x would take seconds

    def draw(s, big):
        k = big * size / 64  # the drawing is laid out on a 64 px square
        draw_shelf(s, pygame.Rect(3 * k, 47 * k, 58 * k, 7 * k))
        draw_game_box(s, pygame.Rect(5 * k, 11 * k, 23 * k, 37 * k))
        draw_pyramid(s, (51 * k, 48.5 * k), 22 * k)
        draw_die(s, (37 * k, 39.5 * k), 17 * k)
    return render((size, size), draw, scale)


def sprite_app_icon() -> pygame.Surface:
    return app_icon(64)


SPRITES: dict[str, Callable[[], pygame.Surface]] = {
    "app_icon.png": sprite_app_icon,
    "title_background.png": sprite_title_background,
    "felt.png": sprite_felt,
}
SPRITE_SIZES: dict[str, tuple] = {  # size, and whether the image is opaque
    "app_icon.png": ((64, 64), False),
    "title_background.png": ((512, 512), True),
    "felt.png": ((256, 256), True),
}


def _art_modules() -> list:
    """This module and every game's art module, in the shelf's order."""
    from .ui.boards import art_modules

    return [sys.modules[__name__]] + art_modules()


def sprites() -> dict[str, Callable[[], pygame.Surface]]:
    """Every sprite of sprites/: filename -> the function drawing it."""
    return {name: make for module in _art_modules() for name, make in module.SPRITES.items()}


def sprite_sizes() -> dict[str, tuple]:
    """Every sprite of sprites/: filename -> ((width, height), opaque)."""
    return {name: size for module in _art_modules() for name, size in module.SPRITE_SIZES.items()}


def save_png(surface: pygame.Surface, path: Path) -> None:
    """Write a PNG: RGBA for SRCALPHA surfaces, RGB otherwise."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if surface.get_flags() & pygame.SRCALPHA:
        surf = surface
    else:
        surf = pygame.Surface(surface.get_size(), depth=24)
        surf.blit(surface, (0, 0))
    tmp = path.with_name(path.name + ".tmp.png")
    pygame.image.save(surf, str(tmp))
    tmp.replace(path)


def generate_all(out_dir: Path | str = SPRITES_DIR, names: Iterable[str] | None = None) -> dict:
    """Draw every sprite (or only ``names``) into ``out_dir``.
    Returns {filename: seconds taken}."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    makers = sprites()
    times = {}
    for name in (list(names) if names is not None else list(makers)):
        t0 = time.perf_counter()
        surf = makers[name]()
        save_png(surf, out / name)
        times[name] = time.perf_counter() - t0
    return times


def main(argv: list | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else SPRITES_DIR
    t0 = time.perf_counter()
    times = generate_all(out)
    for name, t in times.items():
        print(f"{name:28s} {t * 1000:7.1f} ms")
    print(f"{len(times)} sprites in {out} ({time.perf_counter() - t0:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

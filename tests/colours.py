"""Colour checks for the layout audit (tests/test_layout_audit.py):

- text contrast (WCAG 2.1, level AA): every line of text at least 4.5:1 against what is
  behind it, large text (24 px, or 19 px bold) 3:1. What is behind a line is read from the
  frame as drawn: the pixels round its letters, the letters themselves (and their shadow)
  left out, so the line's own ink never counts as its background; the median of the
  contrasts with each of them is the line's (a thin border near the words does not decide);
- colour vision: the game colours a player must tell apart, seen through the Machado et al.
  (2009) simulations of protanopia, deuteranopia and tritanopia at severity 1.0, must still
  differ by a CIEDE2000 distance of at least DISTINCT (or carry a second cue wherever they
  are drawn: a letter, a shape, a mark). Each board names its groups (BoardScene.colour_groups).

The colour science is coloraide's (WCAG contrast, the Machado filters, ΔE 2000)."""
from __future__ import annotations

import functools
import itertools

import numpy
import pygame
from coloraide import Color

from game.ui import look

NORMAL_TEXT, LARGE_TEXT = 4.5, 3.0  # WCAG 2.1 AA
# ΔE 2000 of 10: told apart at a glance (2 is about the least a person notices side by side; the
# Okabe-Ito colour-blind-safe palette keeps 10.9 and more between its colours in every simulation)
DISTINCT = 10.0
VISIONS = {"protan": "protanopia", "deutan": "deuteranopia", "tritan": "tritanopia"}


def large(size: int, bold: bool) -> bool:
    """WCAG's large text: 18 pt (24 px), or 14 pt (about 19 px) bold."""
    return size >= 24 or (bold and size >= 19)


def needed(size: int, bold: bool) -> float:
    return LARGE_TEXT if large(size, bold) else NORMAL_TEXT


@functools.lru_cache(maxsize=4096)
def contrast(a: tuple, b: tuple) -> float:
    """The WCAG 2.1 contrast ratio of two sRGB colours (0-255)."""
    return Color("srgb", [c / 255 for c in a[:3]]).contrast(Color("srgb", [c / 255 for c in b[:3]]), method="wcag21")


# sRGB (0-255) -> linear light, for the relative luminance of each pixel (WCAG 2.1)
_LINEAR = numpy.array([(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4
                       for v in range(256)])


def luminance(pixels: numpy.ndarray) -> numpy.ndarray:
    """Relative luminance of an (..., 3) array of sRGB pixels."""
    return _LINEAR[pixels[..., 0]] * 0.2126 + _LINEAR[pixels[..., 1]] * 0.7152 + _LINEAR[pixels[..., 2]] * 0.0722


def _grown(ink: numpy.ndarray, by: int, shadow: int = 0) -> numpy.ndarray:
    """`ink` (a (w, h) bool array) grown by `by` pixels all round and `shadow` more down and
    right, in an array `2 * by + shadow` wider and higher (its first pixel `by` above and left)."""
    w, h = ink.shape
    out = numpy.zeros((w + 2 * by + shadow, h + 2 * by + shadow), bool)
    for dx, dy in itertools.product(range(2 * by + shadow + 1), repeat=2):
        out[dx:dx + w, dy:dy + h] |= ink
    return out


HALO = 2  # px round the letters (past their antialiased edge and shadow) read as what is behind them


def _halo(glyphs: numpy.ndarray, shadow: int) -> numpy.ndarray:
    """The pixels within HALO of the letters (`glyphs`, a (w, h) bool array) but not on them, their
    antialiased edge or their shadow: an array 2 * (HALO + 1) + shadow wider and higher, its
    first pixel HALO + 1 above and left of the letters' box."""
    near = _grown(glyphs, 1, shadow)
    ink = numpy.zeros((near.shape[0] + 2 * HALO, near.shape[1] + 2 * HALO), bool)
    ink[HALO:-HALO, HALO:-HALO] = near
    return _grown(glyphs, HALO + 1, shadow) & ~ink


def _ground(glyphs: numpy.ndarray, shadow: int) -> numpy.ndarray:
    """The pixels a line of text stands on, in the frame of `_halo`: those between and inside
    its letters (within the box their ink spans, off the ink, its antialiased edge included,
    and its shadow), which a badge's letter shares with its badge; where the letters leave too
    few of them (a "1"), the halo round them too."""
    near, edge = _grown(glyphs, 0, shadow), HALO + 1
    ink = numpy.zeros((near.shape[0] + 2 * edge, near.shape[1] + 2 * edge), bool)
    ink[edge:-edge, edge:-edge] = near
    xs, ys = numpy.nonzero(glyphs)
    if not len(xs):
        return ink & False
    inside = numpy.zeros_like(ink)
    inside[xs.min() + edge:xs.max() + edge + 1, ys.min() + edge:ys.max() + edge + 1] = True
    ground = inside & ~ink
    return ground if ground.sum() >= max(6, inside.sum() // 8) else ground | _halo(glyphs, shadow)


@functools.lru_cache(maxsize=4096)
def _letters(text: str, size: int, bold: bool, shadow: bool) -> numpy.ndarray:
    """What a line of our text stands on (its shadow, if drawn, falls 1 px down and right)."""
    image = look.font(size, bold).render(text, True, (255, 255, 255))
    return _ground(pygame.surfarray.array_alpha(image) > 0, int(shadow))


@functools.lru_cache(maxsize=1024)
def _ink_luminance(colour: tuple) -> float:
    """luminance() of one colour, worked out once."""
    return float(luminance(numpy.array(colour)))


def _median(values: numpy.ndarray):
    """numpy.median(values, axis=0), the same numbers without its overhead (thousands of lines a walk)."""
    half = len(values) // 2
    if len(values) % 2:
        return numpy.partition(values, half, axis=0)[half]
    middle = numpy.partition(values, (half - 1, half), axis=0)
    return (middle[half - 1].astype(float) + middle[half]) / 2


def behind(screen: pygame.Surface, halo: numpy.ndarray, at, colour) -> tuple[float, tuple] | None:
    """(the median contrast of `colour` against the pixels of `halo` (placed at `at`), the median
    of those pixels); None where there are none. What is right round the letters is what they
    stand on (a badge's letter on its badge, not the card round it); the median reads that, not
    the thin rules or borders that pass near them."""
    rect = pygame.Rect(at, halo.shape)
    area = rect.clip(screen.get_rect())
    if not area.w or not area.h:
        return None
    frame = pygame.surfarray.pixels3d(screen)  # the frame itself, not a copy: only the halo's pixels are taken
    around = frame[area.left:area.right, area.top:area.bottom][
        halo[area.x - rect.x:area.right - rect.x, area.y - rect.y:area.bottom - rect.y]]
    del frame  # (the window stays locked while a view of it lives)
    if not len(around):
        return None
    light, text = luminance(around), _ink_luminance(tuple(colour[:3]))
    ratios = (numpy.maximum(light, text) + 0.05) / (numpy.minimum(light, text) + 0.05)
    return float(_median(ratios)), tuple(int(v) for v in _median(around))


def behind_text(screen: pygame.Surface, box) -> tuple[float, tuple] | None:
    """How one of our lines of text (look.TextBox) stands out on the frame as drawn."""
    return behind(screen, _letters(box.text, box.size, box.bold, box.shadow),
                  (box.rect.x - HALO - 1, box.rect.y - HALO - 1), box.colour)


def behind_label(screen: pygame.Surface, element) -> tuple[float, tuple] | None:
    """How a pygame-gui label's words stand out: its own image is see-through but for them."""
    halo = _ground(pygame.surfarray.array_alpha(element.image) > 0, 0)
    return behind(screen, halo, (element.rect.x - HALO - 1, element.rect.y - HALO - 1), tuple(element.text_colour))


def inner_ground(screen: pygame.Surface, element) -> tuple | None:
    """The colour a pygame-gui text box or text entry draws its words on, as the frame shows it:
    the median of a row of pixels just inside its top border (its padding, where no word is),
    left of a scroll bar; None where the element is not on the frame."""
    border = max(element.border_width.values()) if isinstance(element.border_width, dict) else element.border_width
    border += getattr(element, "shadow_width", 0)  # (its shadow lies round its border)
    rect = element.rect
    bar = getattr(element, "scroll_bar", None)
    right = bar.rect.x if bar is not None else rect.right - 4
    row = pygame.Rect(rect.x + border + 4, rect.y + border + 1, right - rect.x - border - 8, 1).clip(screen.get_rect())
    if row.w <= 0 or row.h <= 0:
        return None
    pixels = pygame.surfarray.array3d(screen.subsurface(row)).reshape(-1, 3)
    return tuple(int(v) for v in numpy.median(pixels, axis=0))


def text_box_inks(element) -> set[tuple]:
    """(colour, size) of the words of a pygame-gui text box in view: each run of its HTML's words."""
    layout = element.text_box_layout
    rows = getattr(layout, "layout_rows", None) or []
    top = element.scroll_bar.start_percentage * layout.layout_rect.height if element.scroll_bar is not None else 0
    bottom = top + element.text_wrap_rect.h
    inks = set()
    for row in rows:
        if row.y + row.height <= top or row.y >= bottom:
            continue
        for chunk in row.items:
            colour = getattr(chunk, "colour", None)
            if isinstance(colour, pygame.Color) and getattr(chunk, "text", "").strip():
                inks.add((tuple(colour)[:3], int(chunk.font.point_size)))
    return inks


def button_colours(element) -> tuple | None:
    """(words, background) of a pygame-gui button as it is drawn now; None when disabled
    (WCAG asks nothing of a control that cannot be used) or see-through."""
    if not element.is_enabled:
        return None
    state = "selected" if element.is_selected else "hovered" if element.hovered else "normal"
    text, bg = element.colours.get(f"{state}_text"), element.colours.get(f"{state}_bg")
    if not isinstance(text, pygame.Color) or not isinstance(bg, pygame.Color) or bg.a < 255:
        return None
    return tuple(text)[:3], tuple(bg)[:3]


# ---- colour vision -----------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def seen(colour: tuple, vision: str | None) -> Color:
    """`colour` (sRGB 0-255) as a person with `vision` (None: typical) sees it."""
    c = Color("srgb", [v / 255 for v in colour[:3]])
    return c if vision is None else c.filter(vision, 1.0, method="machado", out_space="srgb").clip()


@functools.lru_cache(maxsize=4096)
def distance(a: tuple, b: tuple, vision: str | None) -> float:
    """CIEDE2000 distance of two colours as seen with `vision`."""
    return seen(a, vision).delta_e(seen(b, vision), method="2000")


def confused(colours: dict) -> list[str]:
    """The pairs of `colours` (name -> sRGB) closer than DISTINCT in some simulated vision."""
    out = []
    for (name_a, a), (name_b, b) in itertools.combinations(colours.items(), 2):
        for vision in VISIONS:
            d = distance(tuple(a), tuple(b), vision)
            if d < DISTINCT:
                out.append(f"{name_a} and {name_b} (ΔE2000 {d:.1f} in {VISIONS[vision]})")
    return out

"""Colour checks for the layout audit (tests/test_layout_audit.py):

- text contrast (WCAG 2.1, level AA): every line of text at least 4.5:1 against what is
  behind it, large text (24 px, or 19 px bold) 3:1. What is behind a line is read from the
  frame as drawn: the mean colour of the pixels round its letters, the letters themselves
  (and their shadow) left out, so the line's own ink never counts as its background;
- colour vision: the game colours a player must tell apart, seen through the Machado et al.
  (2009) simulations of protanopia, deuteranopia and tritanopia at severity 1.0, must still
  differ by a CIEDE2000 distance of at least DISTINCT (or carry a second cue wherever they
  are drawn: a letter, a shape, a mark).

The colour science is coloraide's (WCAG contrast, the Machado filters, ΔE 2000)."""
from __future__ import annotations

import functools
import itertools

import pygame
from coloraide import Color

from game.ui import look

NORMAL_TEXT, LARGE_TEXT = 4.5, 3.0  # WCAG 2.1 AA
DISTINCT = 12.0  # ΔE 2000: about the gap between two of the Okabe-Ito colours a protanope still tells apart
VISIONS = ("protan", "deutan", "tritan")


def large(size: int, bold: bool) -> bool:
    """WCAG's large text: 18 pt (24 px), or 14 pt (about 19 px) bold."""
    return size >= 24 or (bold and size >= 19)


def needed(size: int, bold: bool) -> float:
    return LARGE_TEXT if large(size, bold) else NORMAL_TEXT


@functools.lru_cache(maxsize=4096)
def contrast(a: tuple, b: tuple) -> float:
    """The WCAG 2.1 contrast ratio of two sRGB colours (0-255)."""
    return Color("srgb", [c / 255 for c in a[:3]]).contrast(Color("srgb", [c / 255 for c in b[:3]]), method="wcag21")


@functools.lru_cache(maxsize=4096)
def _letters(text: str, size: int, bold: bool) -> pygame.Mask:
    """Where a line's letters and their shadow (1 px down and right) fall, a pixel more all
    round (the antialiased edge): the mask is 3 px wider and higher than the line's box and
    starts a pixel above and left of it."""
    glyphs = pygame.mask.from_surface(look.font(size, bold).render(text, True, (255, 255, 255)), 1)
    w, h = glyphs.get_size()
    out = pygame.Mask((w + 3, h + 3))
    for dx, dy in itertools.product(range(4), repeat=2):
        out.draw(glyphs, (dx, dy))
    return out


def mean_behind(screen: pygame.Surface, rect: pygame.Rect, ink: pygame.Mask, at) -> tuple | None:
    """The mean colour of `screen` in `rect`, the pixels `ink` covers (placed at `at`) left out."""
    area = rect.clip(screen.get_rect())
    if not area.w or not area.h:
        return None
    region = pygame.Surface(area.size, pygame.SRCALPHA)
    region.blit(screen, (0, 0), area)
    hole = ink.to_surface(setcolor=(0, 0, 0, 0), unsetcolor=(255, 255, 255, 255))
    region.blit(hole, (at[0] - area.x, at[1] - area.y), special_flags=pygame.BLEND_RGBA_MULT)
    if not pygame.mask.from_surface(region, 0).count():
        return None
    return tuple(pygame.transform.average_color(region, None, True)[:3])


def behind_text(screen: pygame.Surface, box) -> tuple | None:
    """What is behind one of our lines of text (look.TextBox), on the frame as drawn."""
    ink = _letters(box.text, box.size, box.bold)
    at = (box.rect.x - 1, box.rect.y - 1)
    return mean_behind(screen, pygame.Rect(at, ink.get_size()), ink, at)


def behind_label(screen: pygame.Surface, element) -> tuple | None:
    """What is behind a pygame-gui label's words: its own image is see-through but for them."""
    glyphs = pygame.mask.from_surface(element.image, 0)
    ink = pygame.Mask((glyphs.get_size()[0] + 2, glyphs.get_size()[1] + 2))
    for dx, dy in itertools.product(range(3), repeat=2):
        ink.draw(glyphs, (dx, dy))
    at = (element.rect.x - 1, element.rect.y - 1)
    return mean_behind(screen, pygame.Rect(at, ink.get_size()), ink, at)


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
                out.append(f"{name_a} and {name_b} (ΔE2000 {d:.1f} in {vision}anopia)")
    return out

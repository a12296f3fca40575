"""Shared look: seat palette and shapes, fonts, sprites and the pygame-gui theme."""
from __future__ import annotations

import functools
import json
import math
import re
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pygame

from ..resources import FONTS_DIR as FONT_DIR, SEEDS_DIR, SPRITES_DIR as SPRITE_DIR  # noqa: F401 (look.SEEDS_DIR)

FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

# Okabe–Ito colour-blind-safe palette; every seat also gets its own shape, and its name.
SEAT_COLOURS = (
    ("Orange", (230, 159, 0)),
    ("Sky", (86, 180, 233)),
    ("Green", (0, 158, 115)),
    ("Yellow", (240, 228, 66)),
    ("Blue", (0, 114, 178)),
    ("Vermilion", (213, 94, 0)),
    ("Purple", (204, 121, 167)),
)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross")

TABLE = (38, 30, 24)
INK = (244, 234, 216)
MUTED = (214, 203, 186)  # dimmer than INK, yet 4.5:1 on the felt as on the panels
GOLD = (240, 192, 112)
WARN = (255, 190, 90)
HIGHLIGHT = (255, 230, 120)
HINT = (110, 210, 255)  # a suggested move's click path
GOOD = (120, 220, 160)
BAD = (240, 110, 90)


SMALLEST_TEXT = 12  # px: nothing on screen is written smaller (the layout audit checks it)


def luminance(colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2.1)."""
    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def ink_for(background, dark=(20, 16, 12), light=(255, 255, 255)) -> tuple:
    """The ink that reads best on `background`: `dark` or `light`, whichever contrasts more."""
    lum = luminance(background)
    return dark if (lum + 0.05) / (luminance(dark) + 0.05) >= (luminance(light) + 0.05) / (lum + 0.05) else light


def seat_colour(index: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)][1]


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font of this size, made once. A Font dies with pygame.quit() (a new App in the
    same process, as the tests make hundreds, would draw with a dead one), so the first
    font made after a quit asks pygame to empty this cache at the next quit."""
    global _fonts_forgotten_at_quit
    if not _fonts_forgotten_at_quit:
        pygame.register_quit(_forget_fonts)  # pygame calls it once, at its next quit
        _fonts_forgotten_at_quit = True
    return pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), size)


_fonts_forgotten_at_quit = False  # _forget_fonts is registered with pygame.quit


def _forget_fonts() -> None:
    global _fonts_forgotten_at_quit
    _fonts_forgotten_at_quit = False
    font.cache_clear()


@functools.lru_cache(maxsize=64)
def _decoded(path: str) -> pygame.Surface:
    """A PNG decoded, not yet converted for a window. A plain surface outlives
    pygame.quit, so a new App in the same process (the tests make hundreds, the
    screen walk one) converts it again instead of decoding the file again."""
    return pygame.image.load(path)


@functools.lru_cache(maxsize=64)
def sprite(name: str) -> pygame.Surface | None:
    """A PNG from sprites/ (None if missing; `python -m game.art` makes them)."""
    path = SPRITE_DIR / name
    if not path.exists():
        return None
    image = _decoded(str(path))
    return image.convert_alpha() if pygame.display.get_surface() else image.copy()


@functools.lru_cache(maxsize=256)
def scaled_sprite(name: str, size: tuple[int, int]) -> pygame.Surface | None:
    image = sprite(name)
    return None if image is None else pygame.transform.smoothscale(image, size)


@functools.lru_cache(maxsize=32)
def tint(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A see-through fill of `size` (panels, veils, notices), made once and blitted every
    frame; a window-sized one is up to 8 MB, hence the small cache. Never drawn on."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(colour)
    return surface


@functools.lru_cache(maxsize=1)
def theme() -> dict:
    """The pygame-gui theme with the font paths filled in."""
    data = json.loads((Path(__file__).with_name("theme.json")).read_text(encoding="utf-8"))
    for block in data.values():
        face = block.get("font")
        if face:
            face.setdefault("regular_path", str(FONT_REGULAR))
            face.setdefault("bold_path", str(FONT_BOLD))
    return data


def draw_seat_shape(surface, index: int, center, radius: int, colour=None, outline=None) -> None:
    """The seat's shape badge: a second channel besides colour; outlined dark, or light round
    a dark colour (Skurðir's black), which a dark outline would leave unseen on a dark panel."""
    colour = colour or seat_colour(index)
    if outline is None:
        outline = MUTED if luminance(colour) < 0.06 else (20, 16, 12)
    shape = SEAT_SHAPES[index % len(SEAT_SHAPES)]
    cx, cy = center
    r = radius
    if shape == "circle":
        pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, outline, center, r, 2)
        return
    if shape == "square":
        rect = pygame.Rect(0, 0, int(r * 1.7), int(r * 1.7))
        rect.center = center
        pygame.draw.rect(surface, colour, rect)
        pygame.draw.rect(surface, outline, rect, 2)
        return
    if shape == "cross":
        w = max(3, r // 2)
        for rect in (pygame.Rect(cx - r, cy - w, 2 * r, 2 * w), pygame.Rect(cx - w, cy - r, 2 * w, 2 * r)):
            pygame.draw.rect(surface, colour, rect)
        return
    sides = {"triangle": 3, "diamond": 4, "hexagon": 6, "star": 10}[shape]
    points = []
    for k in range(sides):
        angle = -math.pi / 2 + 2 * math.pi * k / sides
        rr = r * (0.45 if shape == "star" and k % 2 else 1.0)
        points.append((cx + rr * math.cos(angle), cy + rr * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, 2)


# Enough for every line on a busy screen; more only holds old log lines in memory.
@functools.lru_cache(maxsize=384)
def rendered(message: str, size: int, colour, bold: bool) -> pygame.Surface:
    """Text images are cached: panels redraw the same lines every frame."""
    return font(size, bold).render(message, True, colour)


@dataclass(frozen=True)
class TextBox:
    """A line of text as drawn on the window: where, what, how big, and the box it belongs in
    (its colour and weight too: the layout audit measures its contrast with what is behind it)."""

    rect: pygame.Rect
    text: str
    size: int
    container: pygame.Rect | None  # None: the window
    colour: tuple = INK
    bold: bool = False
    inactive: bool = False  # on a control that cannot be used now (WCAG asks no contrast of it)
    shadow: bool = False  # drawn with a dark shadow 1 px down and right


# The lines drawn on the window since the frame began (App.draw empties it), like the hit
# map's click targets: the layout audit reads them to find text that overlaps or spills.
drawn: list[TextBox] = []
_containers: list[pygame.Rect] = []


@contextmanager
def within(rect):
    """Text drawn meanwhile belongs inside `rect` (a panel, a card, the board's area)."""
    _containers.append(pygame.Rect(rect))
    try:
        yield
    finally:
        _containers.pop()


@contextmanager
def captured():
    """The window's lines drawn meanwhile, as a list."""
    start, lines = len(drawn), []
    try:
        yield lines
    finally:
        lines.extend(drawn[start:])


# The words drawn on an image made to be placed later (a card face, a token, a layer drawn once
# and laid over the window every frame), kept with the image (they go when it does): look.blit
# records them where the image lands, every time it does.
_image_words: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _note(surface, box: TextBox) -> None:
    """`box` (placed on `surface`) among the window's lines, or among an image's words. Its
    container is the one it is drawn within, or for words of a small image (placed anywhere)
    the one the image is placed within."""
    screen = pygame.display.get_surface()
    if screen is None:
        return
    image = surface.get_abs_parent()
    container = box.container
    if container is None and _containers and (image is screen or image.get_size() == screen.get_size()):
        container = _containers[-1]
    box = TextBox(box.rect.move(surface.get_abs_offset()), box.text, box.size, container, box.colour, box.bold,
                  box.inactive, box.shadow)
    if image is screen:
        drawn.append(box)
    else:
        _image_words.setdefault(image, []).append(box)


def record(surface, rect, message: str, size: int, colour=INK, bold: bool = False, shadow: bool = False) -> None:
    """Note a line of text blitted at `rect` on `surface`: the window's line, or one of an
    image's words, recorded where the image is placed (blit)."""
    if message.strip():
        _note(surface, TextBox(pygame.Rect(rect), message, size, None, tuple(colour), bold, shadow=shadow))


def blit(surface, image, pos, area=None, special_flags: int = 0, words_of=None, inactive=False) -> pygame.Rect:
    """surface.blit(image, pos, ...), and the words drawn on `image` (or on `words_of`, the
    image it was copied from) recorded where they land; `inactive`: on a control that cannot
    be used now (a card that may not be played, faded)."""
    placed = surface.blit(image, pos, area, special_flags)
    offset = (pos[0], pos[1]) if area is None else (pos[0] - area[0], pos[1] - area[1])
    shown = image.get_rect() if area is None else pygame.Rect(area).clip(image.get_rect())
    for box in _image_words.get(words_of if words_of is not None else image, ()):
        if shown.contains(box.rect):  # (words the image's edge cuts are not there to be read)
            _note(surface, TextBox(box.rect.move(offset), box.text, box.size, box.container, box.colour, box.bold,
                                   box.inactive or inactive, box.shadow))
    return placed


def copy(image) -> pygame.Surface:
    """image.copy(), with the words drawn on it."""
    out = image.copy()
    if image in _image_words:
        _image_words[out] = list(_image_words[image])
    return out


def text(surface, message: str, pos, size: int = 16, colour=INK, bold=False, anchor="topleft", shadow=True):
    """Blit one line of text; returns its rect."""
    colour = tuple(colour)
    image = rendered(message, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(rendered(message, size, (0, 0, 0), bold), rect.move(1, 1))
    surface.blit(image, rect)
    record(surface, rect, message, size, colour, bold, shadow)
    return rect


def fit_text(message: str, size: int, width: int, bold=False) -> str:
    """Shorten `message` with an ellipsis so that it fits in `width` pixels."""
    f = font(size, bold)
    if f.size(message)[0] <= width:
        return message
    # Text fitting is searched, not shortened a letter at a time: a name of
    # 100,000 letters takes about 17 measurements, not 100,000.
    keep_chars = min(len(message), max(0, width))  # about a letter a pixel at most (zero-width marks aside)
    lo, hi = 0, keep_chars  # the longest prefix that fits is in [lo, hi]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(message[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return message[:lo] + "…"


def fit_words(wordings: tuple[str, ...], size: int, width: int, bold=False) -> str:
    """The first of `wordings` (longest first, each saying it all) that fits `width`
    pixels; only the last is ever shortened with an ellipsis."""
    f = font(size, bold)
    for words in wordings:
        if f.size(words)[0] <= width:
            return words
    return fit_text(wordings[-1], size, width, bold)


def wrap_text(message: str, size: int, width: int, bold=False, max_lines: int | None = None) -> list[str]:
    """Break `message` into lines that fit `width`; past `max_lines` the last
    line ends with an ellipsis instead of losing words silently."""
    return list(_wrapped(message, size, width, bold, max_lines))


def joined_words(message: str) -> list[str]:
    """The words a line may break between: a no-break space joins, as in print, and so
    does a times sign with its numbers ("9 × 9" is never cut in two)."""
    words = []
    for word in re.split(r"[^\S\u00a0]+", message.strip()):
        if words and (word == "×" or words[-1].endswith(" ×")):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


@functools.lru_cache(maxsize=1024)
def _wrapped(message: str, size: int, width: int, bold, max_lines) -> tuple[str, ...]:
    """wrap_text's lines, kept: the same words are wrapped again at every frame, and
    measuring each line word by word is most of what drawing a paragraph costs."""
    f = font(size, bold)
    lines, line = [], ""
    for word in joined_words(message):
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [fit_text(" ".join(lines[max_lines - 1:]), size, width, bold)]
    return tuple(lines)


@functools.lru_cache(maxsize=8)
def tiled(name: str, size: tuple[int, int], fallback=TABLE) -> pygame.Surface:
    """A window-sized background tiled from a texture sprite."""
    surface = pygame.Surface(size)
    surface.fill(fallback)
    tile = sprite(name)
    if tile is not None:
        tw, th = tile.get_size()
        for x in range(0, size[0], tw):
            for y in range(0, size[1], th):
                surface.blit(tile, (x, y))
    return surface


def forget_images() -> None:
    """Drop the cached text images and scaled sprites (a game's screens have gone)."""
    for cached in (rendered, scaled_sprite, tiled, tint):
        cached.cache_clear()


def reset_caches() -> None:
    """Forget fonts and images (they die with pygame.quit; a new App loads them again)."""
    for cached in (font, rendered, sprite, scaled_sprite, tiled, tint, _wrapped):
        cached.cache_clear()

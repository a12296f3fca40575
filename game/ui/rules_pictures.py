"""The Rules screen's pictures: small real positions drawn by each game's own board
screen, so a picture always looks like the board the game shows.

A picture (engine.present.Picture, listed in the game's pictures.py) names a
position in the lessons' form; its moves are played as legal moves. The game's
board screen lays that position out on an easel (a stand-in for the app the size of
the board area, with no side panel and no pygame-gui), draws it once, and the
drawing is cut to the places the picture is about, with its caption underneath.

A picture's size is known before it is drawn (picture_size), so the Rules screen
lays its text out at once with a placeholder of that size (its caption already
written) and draws the boards in the frames after it opens, one a frame. Drawn
pictures are kept: the screen finds them drawn when it opens again.
"""
from __future__ import annotations

import functools
from collections import OrderedDict

import pygame

from .. import shelf
from ..lessons import position_match
from . import look
from .board_modes import PlayMode
from .boards import board_scene_class
from .movelog import MoveLog

CAPTION_SIZE = 14
CAPTION_LINE = 18
FRAME = (120, 96, 60)
CAPTION_BACK = (34, 28, 22)
GAP = 12  # px between pictures side by side
KEPT_PICTURES = 10  # two games' pictures (~0.6 MB each): drawn again, a frame each, when they come back into view
_drawn: OrderedDict = OrderedDict()  # (game id, index, width) -> the picture with its caption


class Easel:
    """What a board screen asks of the app while a picture is drawn: a window the size
    of the board area, the settings, no pointer and no pygame-gui manager."""

    def __init__(self, size, settings: dict):
        self.size = size
        self.settings = dict(settings, animation_speed="off")
        self.ui_managers = self  # Scene asks it for a manager: there is none
        self.mouse_pos = (-1, -1)
        self.scene = None

    def acquire(self, _size):
        return None

    def release(self, _manager) -> None:
        pass


class PictureMode(PlayMode):
    """A board drawn once for a picture: no move log (its position may be laid out,
    not played from a seed), nothing that goes on by itself."""

    follows_turns = False
    shows_results = False
    watchable = False

    def new_log(self) -> MoveLog:
        return MoveLog()


@functools.cache
def _picture_class(scene_class):
    """The game's board screen without its side panel: only the board is laid out."""
    return type(f"Picture{scene_class.__name__}", (scene_class,), {"build": lambda self: None})


def board_image(game_id: str, picture, width: int, settings: dict) -> pygame.Surface:
    """The picture's position drawn by the game's board screen on its area, cut to its
    focus or part (board_size)."""
    match = position_match(game_id, picture.players, picture.position, picture.options)
    area = pygame.Rect((0, 0), picture.area)
    scene = _picture_class(board_scene_class(game_id))(Easel(area.size, settings), match, PictureMode())
    scene.viewer = scene.confirmed_viewer = picture.viewer
    scene.board_rect = area
    scene.layout(area)
    controller = scene.controller
    controller.prefix = tuple(picture.select)
    highlights = controller.highlights()
    if picture.show != "next":
        highlights.next_targets = set()
    if picture.show != "last":
        highlights.last_moves = []
    surface = pygame.Surface(area.size)
    surface.blit(look.tiled.__wrapped__(scene.background, area.size), (0, 0))  # not kept: look.tiled keeps
    # the screens' backgrounds, and each game's picture area is a size of its own (~2-3 MB each)
    with look.within(area):
        scene.draw_board(surface, scene.view(), highlights)
    cut = pygame.Rect((0, 0), board_size(picture, width))
    rects = [r for r in (scene.target_rect(t) for t in picture.focus) if r is not None]
    cut.center = rects[0].unionall(rects[1:]).center if rects else part_of_area(picture).center
    return surface.subsurface(cut.clamp(area)).copy()


def part_of_area(picture) -> pygame.Rect:
    """The part of the board area a picture keeps (before it is narrowed to its column)."""
    w, h = picture.area
    if picture.focus:
        return pygame.Rect(0, 0, w, min(h, picture.height))
    x, y, cw, ch = picture.cut or (0, 0, 1, 1)
    return pygame.Rect(round(x * w), round(y * h), round(cw * w), round(ch * h))


def board_size(picture, width: int) -> tuple[int, int]:
    """The size of a picture's board, `width` wide with its frame: its part of the area,
    narrowed (about its middle) to the column if it is wider."""
    part = part_of_area(picture)
    return min(part.w, width - 8), part.h


def picture_size(picture, width: int) -> tuple[int, int]:
    """A picture's size with its caption, `width` wide, known before it is drawn."""
    lines = look.wrap_text(picture.caption, CAPTION_SIZE, width - 16)
    return width, board_size(picture, width)[1] + 12 + CAPTION_LINE * len(lines) + 6


def captioned(picture, width: int, board: pygame.Surface | None) -> pygame.Surface:
    """The picture's frame `width` wide with its caption; the board in it (none yet: a placeholder)."""
    out = pygame.Surface(picture_size(picture, width))
    out.fill(CAPTION_BACK)
    w, h = board_size(picture, width)
    if board is not None:
        out.blit(board, ((width - w) // 2, 4))
    else:
        pygame.draw.rect(out, (52, 44, 36), ((width - w) // 2, 4, w, h))
    y = h + 10
    for line in look.wrap_text(picture.caption, CAPTION_SIZE, width - 16):
        look.text(out, line, (8, y), CAPTION_SIZE, look.INK, shadow=False)
        y += CAPTION_LINE
    pygame.draw.rect(out, FRAME, out.get_rect(), 2)
    return out


def is_drawn(game_id: str, index: int, width: int) -> bool:
    return (game_id, index, width) in _drawn


def picture_image(game_id: str, index: int, width: int, *, draw: bool = True) -> pygame.Surface:
    """The game's `index`-th picture with its caption, `width` wide: drawn once and kept;
    with draw=False, when it is not drawn yet, its placeholder (the same size)."""
    key = (game_id, index, width)
    picture = shelf.parts_of(game_id).pictures[index]
    if key not in _drawn:
        if not draw:
            return captioned(picture, width, None)
        _drawn[key] = captioned(picture, width, board_image(game_id, picture, width, {}))
        while len(_drawn) > KEPT_PICTURES:
            _drawn.popitem(last=False)
    _drawn.move_to_end(key)
    return _drawn[key]


def figure_size(game_id: str, indexes: tuple, width: int) -> tuple[int, int]:
    """The size of the game's pictures `indexes` side by side, each `width` wide."""
    pictures = shelf.parts_of(game_id).pictures
    return len(indexes) * (width + GAP) - GAP, max(picture_size(pictures[i], width)[1] for i in indexes)


def figure_image(game_id: str, indexes: tuple, width: int, *, draw: bool = True) -> pygame.Surface:
    """The game's pictures `indexes` side by side, each `width` wide, tops aligned
    (with draw=False, placeholders for those not drawn yet)."""
    images = [picture_image(game_id, i, width, draw=draw) for i in indexes]
    out = pygame.Surface(figure_size(game_id, indexes, width), pygame.SRCALPHA)
    for k, image in enumerate(images):
        out.blit(image, (k * (width + GAP), 0))
    return out


def table_image(rows: list[list[str]], width: int) -> pygame.Surface:
    """A small table (the first row its heading) drawn as an image the text box can hold:
    its columns line up, which a line of proportional text cannot promise."""
    size, pad = 15, 10
    columns = max(len(r) for r in rows)
    widths = [max(look.font(size, True).size(r[c])[0] if c < len(r) else 0 for r in rows) + 2 * pad
              for c in range(columns)]
    spare = max(0, width - sum(widths))
    widths[0] += spare // 3  # the row names column takes a little of the room, the rest is left
    row_h = size + 12
    out = pygame.Surface((sum(widths) + 2, row_h * len(rows) + 2), pygame.SRCALPHA)
    out.fill((40, 32, 24, 235))
    for r, row in enumerate(rows):
        x = 1
        if r == 0:
            pygame.draw.rect(out, (70, 56, 40), (1, 1, out.get_width() - 2, row_h))
        for c, cell in enumerate(row):
            colour = look.GOLD if r == 0 or c == 0 else look.INK
            number = c > 0 and all(row[c].isdigit() for row in rows[1:] if c < len(row))  # a column of numbers
            anchor_x = x + widths[c] - pad if number else x + pad
            look.text(out, cell, (anchor_x, 1 + r * row_h + row_h // 2), size, colour, bold=r == 0 or c == 0,
                      anchor="midright" if number else "midleft", shadow=False)
            x += widths[c]
        if r:
            pygame.draw.line(out, (90, 72, 50), (1, 1 + r * row_h), (out.get_width() - 2, 1 + r * row_h))
    pygame.draw.rect(out, FRAME, out.get_rect(), 1)
    return out

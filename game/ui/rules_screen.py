"""The rules viewer: a game's rules in our words, with links into its lesson.

It opens on the rules' summary ("At a glance", a table where scoring has one); the
list on the left jumps to each section; pictures drawn by the game's own board
screen (game/ui/rules_pictures.py) stand beside the rules they show.

Laying the rules out (pygame-gui parses the HTML, breaks the lines and renders
every word: 0.1-0.2 s of processor time, Scrubbudgetel most, and pygame-gui
did it twice) is done once per text, box size and theme and kept
(KeptTextBox), so the screen opens again within a frame."""
from __future__ import annotations

import functools
import html
from collections import OrderedDict
from typing import NamedTuple

import re

import pygame
import pygame_gui
from pygame_gui.core.text.image_layout_rect import ImageLayoutRect
from pygame_gui.core.text.text_layout_rect import Padding, TextFloatPosition, TextLayoutRect
from pygame_gui.elements import UITextBox

from .. import shelf
from ..lessons import has_lesson
from . import look, markdown, rules_pictures
from .scene import Scene, open_lesson

PICTURE_PADDING = Padding(6, 0, 10, 0)  # top, right, bottom, left: room above and below a row of pictures
GAP = rules_pictures.GAP

# Laid-out texts kept: a layout holds the whole text as one image (10-19 MB at the
# widest box), so only the last few, enough for going back and forth between two games.
KEPT_LAYOUTS = 2
_layouts: OrderedDict = OrderedDict()  # (theme, html, wrap size) -> TextBoxLayout


class Measured(NamedTuple):
    """The first pass's answer for a text too long for its box: only its height
    is looked at (pygame-gui then adds a scroll bar and lays the text out beside it)."""

    layout_rect: pygame.Rect


class KeptTextBox(UITextBox):
    """A UITextBox that keeps its laid-out text for the next box with the same
    text, size and theme, and lays a long text out once instead of twice.

    pygame-gui lays the text out at the box's full width and, when it is too
    long for the box, again, narrower, beside a scroll bar. Here the first pass
    lays it out beside the scroll bar at once: when it is too long there, that
    layout is kept for the second pass, and the first answers with its height.
    (A text that would just fit at full width gets a scroll bar it barely needs.)"""

    def rebuild(self) -> None:
        self._first_pass = True
        try:
            super().rebuild()
        finally:
            self._first_pass = False

    def parse_html_into_style_data(self) -> None:
        wrap = self.text_wrap_rect
        if getattr(self, "_first_pass", False):
            self._first_pass = False
            beside_bar = self.kept_layout((wrap.w - self.scroll_bar_width, wrap.h))
            if beside_bar.layout_rect.height > wrap.h:
                self.text_box_layout = Measured(beside_bar.layout_rect.copy())
                return
        self.text_box_layout = self.kept_layout(tuple(wrap.size))

    def picture_tag(self, attributes: dict) -> None:
        """An <img> of the rules: a picture or table drawn here (src names it), not a file.
        Pictures not drawn yet go in as placeholders of their size: the screen draws them
        after it opens (RulesScene.update)."""
        src = attributes.get("src", "")
        image = DrawnImage(image_for(src, draw=False), self.line_spacing)
        image.pending = src if src.startswith("figure:") and not figure_drawn(src) else None
        self.parser.layout_rect_queue.append(image)

    def kept_layout(self, size: tuple[int, int]):
        """The text laid out `size` wide and high: kept, or laid out now and kept."""
        key = (self.ui_theme, self.html_text, size)
        layout = _layouts.get(key)
        if layout is None:
            wrap = self.text_wrap_rect
            self.text_wrap_rect = pygame.Rect(wrap.topleft, size)
            self.parser._handle_img_tag = self.picture_tag
            try:
                super().parse_html_into_style_data()
            finally:
                self.text_wrap_rect = wrap
            layout = _layouts[key] = self.text_box_layout
            while len(_layouts) > KEPT_LAYOUTS:
                _layouts.popitem(last=False)
        _layouts.move_to_end(key)
        return layout


class DrawnImage(ImageLayoutRect):
    """An image in the laid-out text made from a surface (pygame-gui's loads a file), on a
    line of its own."""

    def __init__(self, surface: pygame.Surface, line_spacing: float):
        self.image_path = None
        self.image_surf = surface.convert_alpha().premul_alpha()
        self.padding = PICTURE_PADDING
        self.is_selected = False
        # pygame-gui spaces rows by their height times the line spacing: a picture's row
        # claims its height divided by that (the picture is drawn whole all the same), or
        # a tall picture would be followed by a quarter of its height of nothing
        height = self.image_surf.get_height() + self.padding.top + self.padding.bottom
        self.size_with_padding = (self.image_surf.get_width() + self.padding.left + self.padding.right,
                                  round(height / line_spacing))
        TextLayoutRect.__init__(self, self.size_with_padding, float_pos=TextFloatPosition.NONE)


def image_for(src: str, draw: bool = True) -> pygame.Surface:
    """The image an <img src> of the rules names: "figure:<game>:<i>,<j>,...:<width>" (those
    pictures side by side, each `width` wide; with draw=False, placeholders for those not
    drawn yet) or "table:<game>:<index>:0" (the rules text's index-th table)."""
    kind, game_id, which, width = src.split(":")
    if kind == "figure":
        return rules_pictures.figure_image(game_id, tuple(int(i) for i in which.split(",")), int(width), draw=draw)
    return rules_pictures.table_image(tables_of(game_id)[int(which)], int(width))


def figure_drawn(src: str) -> bool:
    _kind, game_id, which, width = src.split(":")
    return all(rules_pictures.is_drawn(game_id, int(i), int(width)) for i in which.split(","))


def lesson_links(game_id: str) -> dict:
    """Rules heading -> a line of links to the lesson steps that teach it."""
    from .. import lessons

    if not has_lesson(game_id):
        return {}
    lesson = lessons.load(game_id)
    return {heading: "Learn it by playing: " + " · ".join(
        f"<a href='lesson:{game_id}:{i}'>{html.escape(lesson.steps[i].title)}</a>" for i in found) + "<br>"
        for heading, found in lesson.step_of_rule().items()}


@functools.lru_cache(maxsize=None)
def rules_markdown(game_id: str) -> str | None:
    """The game's rules text (the file does not change while the app runs); None if unreadable."""
    try:
        return (look.SEEDS_DIR / shelf.parts_of(game_id).rules_text).read_text(encoding="utf-8")
    except OSError:
        return None


@functools.lru_cache(maxsize=None)
def tables_of(game_id: str) -> list:
    """The rules text's tables, in order, as rows of cells."""
    tables, rows = [], []
    for line in (rules_markdown(game_id) or "").splitlines() + [""]:
        cells = markdown.table_rows(line.strip())
        if cells is None and rows:
            tables.append(rows)
            rows = []
        elif cells:
            rows.append(cells)
    return tables


def headings(game_id: str) -> list[str]:
    """The sections of the rules text (its ## headings), in order: what the list jumps to."""
    return re.findall(r"^##\s+(.+?)\s*$", rules_markdown(game_id) or "", re.MULTILINE)


@functools.lru_cache(maxsize=8)
def rules_html(game_id: str, picture_width: int = 0, per_row: int = 2) -> str:
    """A game's rules as the text box's HTML: under each section's heading the pictures of
    that section, `per_row` side by side, `picture_width` wide (none when 0); its tables
    drawn as images. (Pictures floating beside the text were tried: two floats that meet
    make pygame-gui's layout crawl for minutes.)"""
    text = rules_markdown(game_id)
    if text is None:
        return f"The rules file {shelf.parts_of(game_id).rules_text} could not be read."
    after = lesson_links(game_id)
    by_rule: dict = {}
    for index, picture in enumerate(shelf.parts_of(game_id).pictures if picture_width else ()):
        by_rule.setdefault(picture.rule, []).append(index)
    for rule, indexes in by_rule.items():
        rows = [indexes[k:k + per_row] for k in range(0, len(indexes), per_row)]
        after[rule] = after.get(rule, "") + "".join(
            f"<img src='figure:{game_id}:{','.join(map(str, row))}:{picture_width}'><br>" for row in rows)
    count = iter(range(1000))
    return markdown.to_html(text, after, table=lambda rows: f"<img src='table:{game_id}:{next(count)}:0'>")


class RulesScene(Scene):
    def __init__(self, app, spec):
        self.spec = spec
        self.opened = False  # drawn once: the pictures may come now
        super().__init__(app)

    def on_event(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith("lesson:"):
            _kind, game_id, step = str(event.link_target).split(":")
            open_lesson(self.app, game_id, int(step))
            return
        super().on_event(event)

    def build(self) -> None:
        w, h = self.app.size
        width = min(1240, w - 40)
        left = (w - width) // 2
        self.label((left, 16, width, 44), f"{self.spec.title} — rules", "#title_label")
        contents_w = 200 if width >= 1100 else 170
        box = pygame.Rect(left + contents_w + 12, 70, width - contents_w - 12, h - 150)
        room = box.w - 64  # the text's width beside the scroll bar, inside the padding, with a margin: pygame-gui
        # loops for ever on an image wider than its text
        self.per_row = per_row = 2 if room >= 2 * 360 + GAP else 1  # pictures side by side
        picture_width = min(440, (room - GAP * (per_row - 1)) // per_row)
        self.text_box = KeptTextBox(rules_html(self.spec.id, picture_width, per_row), box, self.manager)
        self.contents = {}
        sections = headings(self.spec.id)
        step = max(30, min(40, box.h // max(1, len(sections))))
        for i, heading in enumerate(sections):
            label = look.fit_text(heading, 15, contents_w - 16)
            self.contents[heading] = self.button((left, box.y + i * step, contents_w, step - 4), label,
                                                 lambda heading=heading: self.jump_to(heading), tooltip=heading)
        self.button(((w - 160) // 2, h - 66, 160, 44), "Back", self.app.pop, primary=True)

    def pending_pictures(self) -> list:
        """The rows of pictures in the laid-out text not drawn yet (placeholders)."""
        layout = self.text_box.text_box_layout
        return [item for row in layout.layout_rows for item in row.items if getattr(item, "pending", None)]

    def draw_next_picture(self) -> bool:
        """Draw one row of pictures into the laid-out text in place of its placeholder
        (the text stays as it is laid out); False when none is left to draw."""
        pending = self.pending_pictures()
        if not pending:
            return False
        item = pending[0]
        image = image_for(item.pending).convert_alpha().premul_alpha()
        item.image_surf, item.pending = image, None  # laid out again later, the row shows the pictures
        where = (item.x + item.padding.left, item.y + item.padding.top)
        finalised = self.text_box.text_box_layout.finalised_surface
        if finalised is not None:
            finalised.fill((0, 0, 0, 0), pygame.Rect(where, image.get_size()))
            finalised.blit(image, where, special_flags=pygame.BLEND_PREMULTIPLIED)
        self.text_box.redraw_from_text_block()
        return True

    def draw_all_pictures(self) -> None:
        while self.draw_next_picture():
            pass

    def busy(self) -> bool:
        return bool(self.pending_pictures())  # a frame for each row of pictures still to draw

    def update(self, dt: float) -> bool:
        # the screen opens with its text first; the pictures come in the frames after it
        drew = self.opened and self.draw_next_picture()
        return self.update_widgets(dt) or drew

    def draw(self, surface) -> None:
        super().draw(surface)
        self.opened = True

    def heading_y(self, heading: str) -> int | None:
        """Where `heading` is in the laid-out text (px from its top), None if not found."""
        rows = self.text_box.text_box_layout.layout_rows
        for row in rows:
            line = "".join(getattr(chunk, "text", "") for chunk in row.items).strip()
            if line and heading.startswith(line) and len(line) >= min(len(heading), 4):
                return row.y
        return None

    def jump_to(self, heading: str) -> None:
        """Scroll the text so that `heading` is at the top."""
        y, bar = self.heading_y(heading), self.text_box.scroll_bar
        if y is None or bar is None:
            return
        bar.set_scroll_from_start_percentage(y / self.text_box.text_box_layout.layout_rect.height)

"""The rules viewer: a game's rules in our words, with links into its lesson.

It opens on the rules' summary ("At a glance", a table where scoring has one); the
list on the left jumps to each section; pictures drawn by the game's own board
screen (game/ui/rules_pictures.py) stand beside the rules they show.

Laying the rules out (pygame-gui parses the HTML, breaks the lines and renders
every word: 0.1-0.2 s of processor time, Scrubbudgetel most, and pygame-gui
did it twice) is done once per text, box size and theme and kept
(KeptTextBox), so the screen opens again within a frame. The parsing and line
breaking are done ahead, in slices of a few milliseconds while the title screen
waits for the player (prepare_rules); the rendering of the words, on opening, for
the first screenful only, the rest in the frames after (RulesScene.update)."""
from __future__ import annotations

import functools
import html
import mmap
import time
from collections import OrderedDict, deque
from typing import NamedTuple

import re

import pygame
import pygame_gui
from pygame_gui.core.text.image_layout_rect import ImageLayoutRect
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.core.text.text_layout_rect import Padding, TextFloatPosition, TextLayoutRect
from pygame_gui.core.utility import translate
from pygame_gui.elements import UITextBox, ui_text_box

from .. import shelf
from ..lessons import has_lesson
from . import look, markdown, rules_pictures
from .focus import Stop
from .scene import Scene, open_lesson
from .touch import at_least

PICTURE_PADDING = Padding(6, 0, 10, 0)  # top, right, bottom, left: room above and below a row of pictures
GAP = rules_pictures.GAP
ROWS_SLICE_S = 0.008  # rendering the rest of the text after opening: this much in each frame

# Laid-out texts kept: a drawn layout holds the whole text as one image (14-25 MB),
# so only the last one keeps it (and one spare canvas is kept, see Canvas); the
# others keep their lines and render them again when opened.
KEPT_DRAWN = 1
KEPT_LAYOUTS = 12  # every game's, at a couple of window sizes
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
        if not self.html_text:  # an empty box (prepare_rules): nothing worth keeping
            super().parse_html_into_style_data()
            return
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

    def layout_key(self, size: tuple[int, int]) -> tuple:
        return self.ui_theme, self.html_text, size

    def kept_layout(self, size: tuple[int, int]):
        """The text laid out `size` wide and high (kept, or laid out now and kept),
        its first screenful rendered."""
        key = self.layout_key(size)
        if key not in _layouts:
            for _step in self.layout_steps(size):
                pass
        layout = _layouts[key]
        _layouts.move_to_end(key)
        for old in list(_layouts.values())[:-KEPT_DRAWN]:
            forget_drawing(old)
        if layout.finalised_surface is None:
            layout.canvas, layout.finalised_surface = take_canvas(
                (layout.layout_rect.width + layout.edit_buffer, layout.layout_rect.height))
            layout.rows_drawn = 0
        while layout.rows_drawn < len(layout.layout_rows) and layout.layout_rows[layout.rows_drawn].y < size[1]:
            draw_next_row(layout)
        return layout

    def layout_steps(self, size: tuple[int, int]):
        """Lay the text out `size` wide (pygame-gui's parse_html_into_style_data without
        rendering the words), a paragraph at a time: each yield is a moment to stop and
        go on later. The layout is kept when done."""
        self.parser._handle_img_tag = self.picture_tag
        text = self._pre_parse_text(translate(self.html_text, **self.text_kwargs) + self.appended_text)
        pieces = re.split(r"(?=<br>)", text)  # cut only before a tag: a run of text is never split
        for piece in pieces:
            self.parser.feed(piece)
            yield
        style = self.parser.default_style
        font = self.ui_theme.get_font_dictionary().find_font(
            font_name=style["font_name"], font_size=style["font_size"], bold=style["bold"],
            italic=style["italic"], antialiased=style["antialiased"], script=style["script"],
            direction=style["direction"])
        queue = deque(self.parser.layout_rect_queue)
        everything = queue.copy()
        self.parser.empty_layout_queue()
        rect = pygame.Rect((0, 0), size)
        layout = ui_text_box.TextBoxLayout(deque([queue.popleft()]), rect, rect.copy(), line_spacing=self.line_spacing,
                               default_font_data={"font": font, "font_colour": style["font_colour"],
                                                  "bg_colour": style["bg_colour"]},
                               allow_split_dashes=self.allow_split_dashes,
                               text_direction=style["direction"], editable=True)
        while queue:  # a line at a time, going on from the last row as pygame-gui's append does
            line = deque()
            while queue and not isinstance(line[-1] if line else None, LineBreakLayoutRect):
                line.append(queue.popleft())
            layout._process_layout_queue(line, layout.layout_rows[-1])
            yield
        layout.input_data_rect_queue = everything  # as if laid out at once: pygame-gui lays it out again from it
        layout.set_cursor_colour(self.text_cursor_colour)
        layout.selection_colour = self.selected_bg_colour
        layout.selection_text_colour = self.selected_text_colour
        was, self.text_box_layout = self.text_box_layout, layout
        self._align_all_text_rows()
        self.text_box_layout = was
        layout.rows_drawn = 0
        _layouts.setdefault(self.layout_key(size), layout)  # one laid out meanwhile may be on show: it stays
        while len(_layouts) > KEPT_LAYOUTS:
            _layouts.popitem(last=False)


def draw_next_row(layout) -> None:
    """Render the next row of a kept layout not rendered yet into its image."""
    layout.layout_rows[layout.rows_drawn].finalise(layout.finalised_surface)
    layout.rows_drawn += 1


def forget_drawing(layout) -> None:
    """Let a kept layout's image go (its lines are kept): rendered again when next opened.
    Its canvas is kept for the next text."""
    canvas = getattr(layout, "canvas", None)
    if canvas is not None:
        give_back(canvas)
    layout.finalised_surface = layout.canvas = None
    layout.rows_drawn = 0


class Canvas(NamedTuple):
    """An image a laid-out text is rendered into. A new one (14-25 MB) costs ~20 ms of
    processor time, most of it the system handing the memory over, so one is kept
    for the next text (take_canvas), and one is made ahead a slice at a time (canvas_steps)."""

    surface: pygame.Surface
    pixels: object  # the memory under the surface, when made by canvas_steps: kept alive with it


_spare: list[Canvas] = []  # at most one canvas no text uses now


def take_canvas(size: tuple[int, int]) -> tuple[Canvas, pygame.Surface]:
    """A canvas for a text of `size` and the clear part of it the text is rendered into:
    the spare one when it is as wide and tall enough, else a new one."""
    for canvas in _spare:
        width, height = canvas.surface.get_size()
        if width == size[0] and height >= size[1]:
            _spare.remove(canvas)
            surface = canvas.surface.subsurface(pygame.Rect((0, 0), size))
            surface.fill((0, 0, 0, 0))
            return canvas, surface
    canvas = Canvas(pygame.Surface(size, pygame.SRCALPHA, 32), None)  # a new surface is clear
    return canvas, canvas.surface


def give_back(canvas: Canvas) -> None:
    """Keep `canvas` as the spare unless the spare is as wide and taller."""
    width, height = canvas.surface.get_size()
    if not any(c.surface.get_width() == width and c.surface.get_height() > height for c in _spare):
        _spare[:] = [canvas]


CANVAS_STEP = 2 << 20  # bytes of a canvas made ahead in one step (~1-2 ms)


def canvas_steps(size: tuple[int, int]):
    """Make a spare canvas of `size` in small steps: the memory is handed over a few
    megabytes at a time (writing to it), then made an image."""
    pixels = mmap.mmap(-1, size[0] * size[1] * 4)  # zeros, but not there until written to
    for start in range(0, len(pixels), CANVAS_STEP):
        end = min(len(pixels), start + CANVAS_STEP)
        pixels[start:end] = bytes(end - start)
        yield
    give_back(Canvas(pygame.image.frombuffer(pixels, size, "BGRA"), pixels))  # the layout of a SRCALPHA surface


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


class Plan(NamedTuple):
    """Where the Rules screen puts its parts in a window of a size."""

    left: int
    width: int
    contents_w: int  # the list of sections
    box: pygame.Rect  # the text
    per_row: int  # pictures side by side
    picture_width: int

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> "Plan":
        w, h = size
        width = min(1240, w - 40)
        left = (w - width) // 2
        contents_w = 200 if width >= 1100 else 170
        box = pygame.Rect(left + contents_w + 12, 70, width - contents_w - 12, h - 150)
        room = box.w - 64  # the text's width beside the scroll bar, inside the padding, with a margin: pygame-gui
        # loops for ever on an image wider than its text
        per_row = 2 if room >= 2 * 360 + GAP else 1
        return cls(left, width, contents_w, box, per_row, min(440, (room - GAP * (per_row - 1)) // per_row))

    def html(self, game_id: str) -> str:
        return rules_html(game_id, self.picture_width, self.per_row)


def prepare_rules(manager, size: tuple[int, int]):
    """Lay every game's rules out ahead for a window of `size`, in small steps (a
    generator: each step a few milliseconds at most; it yields True before one of
    ~10 ms, which had better begin a slice of its own), so that the first opening of
    each Rules screen finds its text laid out. Games already laid out are skipped."""
    plan = Plan.for_window(size)
    box = KeptTextBox("", plan.box, manager)  # the box the screen will make, for its theme and sizes
    box.kill()
    # the size the screen lays the text out at: beside the scroll bar (KeptTextBox)
    size_beside_bar = (box.text_wrap_rect.w - box.scroll_bar_width, box.text_wrap_rect.h)
    yield
    layouts = []
    for spec in shelf.GAMES.values():
        yield True
        box.html_text = plan.html(spec.id)  # the rules made HTML: ~10 ms
        yield
        if box.layout_key(size_beside_bar) not in _layouts:
            yield from box.layout_steps(size_beside_bar)
        layouts.append(_layouts.get(box.layout_key(size_beside_bar)))
    # and a canvas for the tallest, so that the first opening need not make one
    width = size_beside_bar[0] + box.text_box_layout.edit_buffer
    tallest = max(layout.layout_rect.height for layout in layouts if layout is not None)
    if not any(c.surface.get_width() == width and c.surface.get_height() >= tallest for c in _spare):
        yield from canvas_steps((width, tallest))


def run_for(steps, seconds: float) -> bool:
    """Take steps of a generator for about `seconds`, or until it yields True (a long
    step comes next); True when it has none left."""
    until = time.perf_counter() + seconds
    for stop_here in steps:
        if stop_here or time.perf_counter() >= until:
            return False
    return True


class RulesScene(Scene):
    def __init__(self, app, spec):
        self.spec = spec
        self.opened = False  # drawn once: the pictures may come now
        super().__init__(app)

    def on_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.SCROLL_KEYS:
            self.on_key_scroll(event.key)
            self.app.dirty = True
            return
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith("lesson:"):
            _kind, game_id, step = str(event.link_target).split(":")
            open_lesson(self.app, game_id, int(step))
            return
        super().on_event(event)

    def build(self) -> None:
        w, h = self.app.size
        plan = Plan.for_window(self.app.size)
        left, width, contents_w, box = plan.left, plan.width, plan.contents_w, plan.box
        self.label((left, 16, width, 44), f"{self.spec.title} — rules", "#title_label")
        self.per_row = plan.per_row
        self.text_box = KeptTextBox(plan.html(self.spec.id), box, self.manager)
        self.contents = {}
        sections = headings(self.spec.id)
        step = max(30, min(at_least(36, self.app.settings) + 4, box.h // max(1, len(sections))))
        for i, heading in enumerate(sections):
            # a long heading is named by its words before the colon ("Solo game: you against …")
            label = look.fit_words((heading, heading.split(":")[0]), 15, contents_w - 16)
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

    def rows_to_draw(self) -> int:
        layout = self.text_box.text_box_layout
        return len(layout.layout_rows) - layout.rows_drawn

    def draw_rows(self, seconds: float, down_to: int = -1) -> bool:
        """Render rows of the text not rendered yet (it opens with its first screenful):
        for about `seconds`, and at least those above `down_to` (px from the text's top).
        True if any was."""
        layout = self.text_box.text_box_layout
        rows, until, first = layout.layout_rows, time.perf_counter() + seconds, layout.rows_drawn
        while layout.rows_drawn < len(rows) and (time.perf_counter() < until or rows[layout.rows_drawn].y < down_to):
            draw_next_row(layout)
        if layout.rows_drawn == first:
            return False
        self.text_box.redraw_from_text_block()
        return True

    def busy(self) -> bool:
        # a frame for each slice of rows and each row of pictures still to draw
        return bool(self.rows_to_draw() or self.pending_pictures())

    def update(self, dt: float) -> bool:
        # the screen opens with its first screenful of text; the rest, then the pictures,
        # come in the frames after it
        if self.text_box.text_box_layout.finalised_surface is None:  # a Rules screen opened over this one
            self.text_box.rebuild()  # took its canvas: render it again
        drew = self.opened and (self.draw_rows(ROWS_SLICE_S) or self.draw_next_picture())
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

    # ---- keys: the text is a stop of the focus ring, and scrolls by the keys --------
    SCROLL_KEYS = {pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END}

    def drawn_stops(self) -> list:
        return [Stop(("text",), self.text_box.rect.copy(), lambda: None, on_key=self.scroll_key)]

    def focus_start(self, stops: list):
        return next((s for s in stops if s.key == ("text",)), None)

    def keys_of_its_own(self) -> set:
        return self.SCROLL_KEYS  # the page keys scroll the text wherever the ring is

    def scroll_key(self, event) -> bool:
        """Up and Down scroll the text a few lines while the ring is on it."""
        if event.key not in (pygame.K_UP, pygame.K_DOWN):
            return False
        self.scroll_by(-60 if event.key == pygame.K_UP else 60)
        return True

    def scroll_by(self, pixels: int) -> None:
        bar = self.text_box.scroll_bar
        if bar is None:
            return
        height = self.text_box.text_box_layout.layout_rect.height
        start = bar.start_percentage * height + pixels
        start = max(0.0, min(start, height - self.text_box.text_wrap_rect.h))
        self.draw_rows(0.0, down_to=start + self.text_box.text_wrap_rect.h)  # what the scroll shows, if not yet
        bar.set_scroll_from_start_percentage(start / height)

    def on_key_scroll(self, key) -> None:
        page = self.text_box.text_wrap_rect.h - 40
        height = self.text_box.text_box_layout.layout_rect.height
        self.scroll_by({pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                        pygame.K_HOME: -height, pygame.K_END: height}[key])

    def jump_to(self, heading: str) -> None:
        """Scroll the text so that `heading` is at the top."""
        y, bar = self.heading_y(heading), self.text_box.scroll_bar
        if y is None or bar is None:
            return
        self.draw_rows(0.0, down_to=y + self.text_box.text_wrap_rect.h)  # what the jump shows, if not yet
        bar.set_scroll_from_start_percentage(y / self.text_box.text_box_layout.layout_rect.height)

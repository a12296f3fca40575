"""The rules viewer: a game's rules in our words, with links into its lesson.

It opens on the rules' summary ("At a glance", a table where scoring has one); the
list on the left jumps to each section; pictures drawn by the game's own board
screen (game/ui/rules_pictures.py) stand beside the rules they show.

Laying the rules out (pygame-gui parses the HTML and breaks the lines: 0.1-0.2 s of
processor time, Scrubbudgetel most) is done once per text, box size and theme and
kept as lines (_layouts), so the screen opens again within a frame; it is done ahead,
in slices of a few milliseconds, while the title screen waits for the player
(prepare_rules). Nothing of a long text is drawn as one image (pygame-gui draws the
whole text at once, 15-50 MB a game): the box draws the rows in view whenever the view
changes (RulesTextBox), and a picture is drawn the first time it comes into view,
one a frame (RulesScene.update). What is kept is cheap to keep: the lines,
the last few images of the text (tables, rows of pictures) and the drawn pictures."""
from __future__ import annotations

import functools
import html
import re
import time
from collections import OrderedDict, deque
from typing import NamedTuple

import pygame
import pygame_gui
from pygame_gui.core.text.image_layout_rect import ImageLayoutRect
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.core.text.text_layout_rect import Padding, TextFloatPosition, TextLayoutRect
from pygame_gui.core.utility import basic_blit, translate
from pygame_gui.elements import UITextBox

from .. import shelf
from ..resources import SEEDS_DIR
from ..lessons import has_lesson
from . import look, markdown, rules_pictures
from .focus import Stop
from .scene import Scene, open_lesson
from .touch import at_least

PICTURE_PADDING = Padding(6, 0, 10, 0)  # top, right, bottom, left: room above and below a row of pictures
GAP = rules_pictures.GAP
WIDE_PICTURE = 680  # px at most: a wide picture (Picture.wide) alone in its row

# Laid-out texts kept, as lines (~1 MB each, no image): every game's, at a couple of window sizes
KEPT_LAYOUTS = 12
_layouts: OrderedDict = OrderedDict()  # (theme, html, wrap size) -> LinesLayout
# Images in the text kept, ready to draw: a screenful shows two or three (~1 MB each)
KEPT_IMAGES = 4
_images: OrderedDict = OrderedDict()  # <img src> -> (image, which of its pictures were drawn in it)


class Measured(NamedTuple):
    """The first pass's answer for a text too long for its box: only its height
    is looked at (pygame-gui then adds a scroll bar and lays the text out beside it)."""

    layout_rect: pygame.Rect


class LinesLayout(TextBoxLayout):
    """pygame-gui's laid-out text, never drawn whole: the box draws the rows in view."""

    def finalise_to_new(self):
        return None

    def draw_rows(self, surface: pygame.Surface, top: int) -> None:
        """Draw the rows that show in `surface` when its top is `top` px down the text, as
        pygame-gui draws them into its image of the whole text. A row draws where its parts
        are: they are moved up by `top` while it draws, and forget the surface after (a
        closed screen's image must not stay referenced by its lines)."""
        bottom = top + surface.get_height()
        for row in self.layout_rows:
            if row.y >= bottom:
                break
            if row.y + row_depth(row) <= top:
                continue
            for item in row.items:
                item.y -= top
            try:
                row.finalise(surface)
            finally:
                for item in row.items:
                    item.y += top
                    if getattr(item, "target_surface", None) is not None:
                        item.target_surface = None
                row.target_surface = None


def row_depth(row) -> int:
    """How far down from its top a row draws: a picture is drawn whole below its row,
    which claims less (DrawnImage)."""
    return max([row.height] + [item.drawn_height() for item in row.items if isinstance(item, DrawnImage)])


class RulesTextBox(UITextBox):
    """A UITextBox that keeps its laid-out text for the next box with the same
    text, size and theme, lays a long text out once instead of twice, and draws
    only the rows in view.

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

    def kill(self) -> None:
        super().kill()
        self.scroll_bar = None  # it points back at its box: a cycle that held the box's images after it closed

    def _setup_final_text_box_image(self, drawable_area: pygame.Rect) -> None:
        """The box's image: its background, and the rows of the text in `drawable_area`
        (the part of the text in view) drawn now, as pygame-gui would cut them out of its
        image of the whole text."""
        layout = self.text_box_layout
        if not isinstance(layout, LinesLayout) or self.background_surf is None:
            super()._setup_final_text_box_image(drawable_area)  # an empty box
            return
        in_view = pygame.Surface((layout.layout_rect.width + layout.edit_buffer, drawable_area.height),
                                 pygame.SRCALPHA, 32)
        layout.draw_rows(in_view, drawable_area.y)
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA, 32)
        basic_blit(image, self.background_surf, (0, 0))
        at = (self.padding[0] + self.border_width["left"] + self.shadow_width + self.rounded_corner_width_offsets[0],
              self.padding[1] + self.border_width["top"] + self.shadow_width + self.rounded_corner_height_offsets[0])
        basic_blit(image, in_view, at)
        self._set_image(image)
        self.shown_view = (drawable_area.y, pygame.Rect(at, in_view.get_size()))

    shown_view = None  # (how far down the text, where in the box) the text in view was drawn last

    def note_image_words(self, surface: pygame.Surface) -> None:
        """Record the words drawn in the pictures and tables in view where they are on `surface`
        (look.blit records the words of an image it places; here pygame-gui places the box's image)."""
        if self.shown_view is None or not isinstance(self.text_box_layout, LinesLayout):
            return
        top, view = self.shown_view
        view = view.move(self.rect.topleft).clip(self.rect)
        bottom = top + view.h
        with look.within(view):
            for row in self.text_box_layout.layout_rows:
                if row.y >= bottom or row.y + row_depth(row) <= top:
                    continue
                for item in row.items:
                    if isinstance(item, DrawnImage):
                        pos = (view.x + item.x + item.padding.left, view.y + item.y - top + item.padding.top)
                        part = view.move(-pos[0], -pos[1])  # of the image, the part in view
                        look.note_words(surface, shown_image(item.src), (pos[0] + part.x, pos[1] + part.y), part)

    def view_top(self) -> int:
        """How far down the text the view begins (px)."""
        if self.scroll_bar is None:
            return 0
        return int(self.scroll_bar.start_percentage * self.text_box_layout.layout_rect.height)

    def images_in_view(self) -> list:
        """The images of the text (tables, rows of pictures) that show now."""
        layout = self.text_box_layout
        top = self.view_top()
        bottom = top + self.text_wrap_rect.h
        return [item for row in layout.layout_rows if row.y < bottom and row.y + row_depth(row) > top
                for item in row.items if isinstance(item, DrawnImage)]

    def picture_tag(self, attributes: dict) -> None:
        """An <img> of the rules: a picture or table drawn here (src names it), not a file."""
        self.parser.layout_rect_queue.append(DrawnImage(attributes.get("src", ""), self.line_spacing))

    def layout_key(self, size: tuple[int, int]) -> tuple:
        return self.ui_theme, self.html_text, size

    def kept_layout(self, size: tuple[int, int]) -> LinesLayout:
        """The text laid out `size` wide and high: kept, or laid out now and kept."""
        key = self.layout_key(size)
        if key not in _layouts:
            for _step in self.layout_steps(size):
                pass
        _layouts.move_to_end(key)
        return _layouts[key]

    def layout_steps(self, size: tuple[int, int]):
        """Lay the text out `size` wide (pygame-gui's parse_html_into_style_data without
        drawing it), a paragraph at a time: each yield is a moment to stop and go on
        later. The layout is kept when done."""
        text = self._pre_parse_text(translate(self.html_text, **self.text_kwargs) + self.appended_text)
        pieces = re.split(r"(?=<br>)", text)  # cut only before a tag: a run of text is never split
        self.parser._handle_img_tag = self.picture_tag
        try:
            for piece in pieces:
                self.parser.feed(piece)
                yield
        finally:  # the parser's own handler again: its hold on this box kept the box's images after it closed
            del self.parser._handle_img_tag
        style = self.parser.default_style
        font = self.ui_theme.get_font_dictionary().find_font(
            font_name=style["font_name"], font_size=style["font_size"], bold=style["bold"],
            italic=style["italic"], antialiased=style["antialiased"], script=style["script"],
            direction=style["direction"])
        queue = deque(self.parser.layout_rect_queue)
        everything = queue.copy()
        self.parser.empty_layout_queue()
        rect = pygame.Rect((0, 0), size)
        layout = LinesLayout(deque([queue.popleft()]), rect, rect.copy(), line_spacing=self.line_spacing,
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
        for row in layout.layout_rows:  # what pygame-gui's first drawing does to the lines: links are
            row.merge_adjacent_compatible_chunks()  # found for hovering after it, and a row may be drawn later
        _layouts.setdefault(self.layout_key(size), layout)  # one laid out meanwhile may be on show: it stays
        while len(_layouts) > KEPT_LAYOUTS:
            _layouts.popitem(last=False)


class DrawnImage(ImageLayoutRect):
    """An image in the laid-out text named by its <img src> (image_for), on a line of its
    own. It holds no image: it is drawn from the kept ones (shown_image) when its row is."""

    def __init__(self, src: str, line_spacing: float):
        self.image_path = None
        self.src = src
        self.padding = PICTURE_PADDING
        self.is_selected = False
        width, height = image_size(src)
        # pygame-gui spaces rows by their height times the line spacing: a picture's row
        # claims its height divided by that (the picture is drawn whole all the same), or
        # a tall picture would be followed by a quarter of its height of nothing
        self.size_with_padding = (width + self.padding.left + self.padding.right,
                                  round((height + self.padding.top + self.padding.bottom) / line_spacing))
        self.image_height = height
        TextLayoutRect.__init__(self, self.size_with_padding, float_pos=TextFloatPosition.NONE)

    @property
    def image_surf(self) -> pygame.Surface:
        return shown_image(self.src)

    def finalise(self, target_surface: pygame.Surface, *_row_data, **_more) -> None:
        # whole: pygame-gui's would cut it to the box's height (a tall picture in a small window)
        target_surface.blit(self.image_surf, (self.x + self.padding.left, self.y + self.padding.top),
                            special_flags=pygame.BLEND_PREMULTIPLIED)

    def drawn_height(self) -> int:
        return self.padding.top + self.image_height

    def drawn(self) -> bool:
        """Every picture in it drawn (not a placeholder)."""
        return all(pictures_drawn(self.src))


def shown_image(src: str) -> pygame.Surface:
    """The image an <img src> names, ready to draw into the text (premultiplied): kept
    (the last KEPT_IMAGES), made again when a picture in it was drawn meanwhile."""
    kept = _images.get(src)
    if kept is None or kept[1] != pictures_drawn(src):
        made = image_for(src)
        kept = _images[src] = (look.keep_words(made.convert_alpha().premul_alpha(), made), pictures_drawn(src))
        while len(_images) > KEPT_IMAGES:
            _images.popitem(last=False)
    _images.move_to_end(src)
    return kept[0]


def image_size(src: str) -> tuple[int, int]:
    """The size of the image an <img src> names, a row of pictures known before they are drawn."""
    kind, game_id, which, width = src.split(":")
    if kind == "figure":
        return rules_pictures.figure_size(game_id, tuple(int(i) for i in which.split(",")), int(width))
    return shown_image(src).get_size()


def image_for(src: str) -> pygame.Surface:
    """The image an <img src> of the rules names: "figure:<game>:<i>,<j>,...:<width>" (those
    pictures side by side, each `width` wide, placeholders for those not drawn yet) or
    "table:<game>:<index>:0" (the rules text's index-th table)."""
    kind, game_id, which, width = src.split(":")
    if kind == "figure":
        return rules_pictures.figure_image(game_id, tuple(int(i) for i in which.split(",")), int(width), draw=False)
    return rules_pictures.table_image(tables_of(game_id)[int(which)], int(width))


def pictures_drawn(src: str) -> tuple:
    """Which of the pictures an <img src> shows are drawn (none for a table)."""
    kind, game_id, which, width = src.split(":")
    if kind != "figure":
        return ()
    return tuple(rules_pictures.is_drawn(game_id, int(i), int(width)) for i in which.split(","))


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
        return (SEEDS_DIR / shelf.parts_of(game_id).rules_text).read_text(encoding="utf-8")
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
def rules_html(game_id: str, picture_width: int = 0, per_row: int = 2, wide_width: int = 0,
               text_size: int | None = None) -> str:
    """A game's rules as the text box's HTML: under each section's heading the pictures of
    that section, `per_row` side by side, `picture_width` wide (none when 0), a wide one alone
    in its row, `wide_width` wide; its tables drawn as images. (Pictures floating beside the
    text were tried: two floats that meet make pygame-gui's layout crawl for minutes.)"""
    text = rules_markdown(game_id)
    if text is None:
        return f"The rules file {shelf.parts_of(game_id).rules_text} could not be read."
    after = lesson_links(game_id)
    by_rule: dict = {}
    pictures = shelf.parts_of(game_id).pictures if picture_width else ()
    for index, picture in enumerate(pictures):
        rows = by_rule.setdefault(picture.rule, [])
        if picture.wide or not rows or len(rows[-1]) == per_row or pictures[rows[-1][0]].wide:
            rows.append([index])
        else:
            rows[-1].append(index)
    for rule, rows in by_rule.items():
        after[rule] = after.get(rule, "") + "".join(
            f"<img src='figure:{game_id}:{','.join(map(str, row))}:"
            f"{wide_width or picture_width if pictures[row[0]].wide else picture_width}'><br>" for row in rows)
    count = iter(range(1000))
    return markdown.to_html(text, after, table=lambda rows: f"<img src='table:{game_id}:{next(count)}:0'>",
                            text_size=text_size)


TEXT_SIZE = 15  # px: the rules' letters in a window of 1280x800 or less
LARGEST_TEXT = 20  # px: theirs in a big one (1920x1080)
LINE_CHARACTERS = 90  # a line of the rules holds about this many characters at most (a comfortable measure)
MEASURED = "Each player takes one die still in the tray and seats a passenger of its colour; the first moves on."


def text_size_for(size: tuple[int, int]) -> int:
    """The rules' letters grow with the window beyond 1280x800, as far as its smaller side allows."""
    w, h = size
    return max(TEXT_SIZE, min(LARGEST_TEXT, round(TEXT_SIZE * min(w / 1280, h / 800))))


class Plan(NamedTuple):
    """Where the Rules screen puts its parts in a window of a size."""

    left: int
    width: int
    contents_w: int  # the list of sections
    box: pygame.Rect  # the text
    per_row: int  # pictures side by side
    picture_width: int
    wide_width: int  # a wide picture's, alone in its row
    text_size: int

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> "Plan":
        w, h = size
        text_size = text_size_for(size)
        contents_w = 200 if w >= 1140 else 170
        # the text's width beside the scroll bar, inside the padding, with a margin (pygame-gui loops for
        # ever on an image wider than its text): a comfortable measure, or two whole pictures side by side
        room = min(w - 40 - contents_w - 12 - 64, max(
            2 * rules_pictures.WIDTH + GAP, round(LINE_CHARACTERS * look.font(text_size).size(MEASURED)[0] / len(MEASURED))))
        width = contents_w + 12 + room + 64
        left = (w - width) // 2
        box = pygame.Rect(left + contents_w + 12, 70, room + 64, h - 150)
        per_row = 2 if room >= 2 * 360 + GAP else 1
        return cls(left, width, contents_w, box, per_row,
                   min(rules_pictures.WIDTH, (room - GAP * (per_row - 1)) // per_row),
                   min(WIDE_PICTURE, room), text_size)

    def html(self, game_id: str) -> str:
        return rules_html(game_id, self.picture_width, self.per_row, self.wide_width, self.text_size)

    def load_fonts(self, manager) -> None:
        """The text's letters and its headings' at this size, loaded into the app's theme (once)."""
        fonts = manager.get_theme().get_font_dictionary()
        sizes = {(self.text_size, False), (self.text_size, True)}
        sizes |= {(round(self.text_size * k), True) for k in markdown.HEADING_SCALE.values()}
        manager.preload_fonts([{"name": "dejavu", "point_size": size, "style": "bold" if bold else "regular"}
                               for size, bold in sorted(sizes)
                               if not fonts.check_font_preloaded(fonts.create_font_id(size, "dejavu", bold, False))])


def prepare_rules(manager, size: tuple[int, int]):
    """Lay every game's rules out ahead for a window of `size`, in small steps (a
    generator: each step a few milliseconds at most; it yields True before one of
    ~10 ms, which had better begin a slice of its own), so that the first opening of
    each Rules screen finds its text laid out. Games already laid out are skipped."""
    plan = Plan.for_window(size)
    yield True
    plan.load_fonts(manager)  # a few ms where the text is larger than the theme's: a slice of its own
    yield
    # a box as wide as the screen's, for its theme, parser and borders; low, as a full one
    # leaves ~2.6 MB behind it (its images)
    low = pygame.Rect(plan.box.topleft, (plan.box.w, 100))
    box = RulesTextBox("", low, manager)
    box.kill()
    # the size the screen lays the text out at: beside the scroll bar (RulesTextBox)
    size_beside_bar = (box.text_wrap_rect.w - box.scroll_bar_width, plan.box.h - (low.h - box.text_wrap_rect.h))
    yield
    for spec in shelf.GAMES.values():
        yield True
        box.html_text = plan.html(spec.id)  # the rules made HTML: ~10 ms
        yield
        if box.layout_key(size_beside_bar) not in _layouts:
            yield from box.layout_steps(size_beside_bar)


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
        plan.load_fonts(self.manager)
        self.text_box = RulesTextBox(plan.html(self.spec.id), box, self.manager)
        self.contents = {}
        sections = headings(self.spec.id)
        step = max(30, min(at_least(36, self.app.settings) + 4, box.h // max(1, len(sections))))
        for i, heading in enumerate(sections):
            # a long heading is named by its words before the colon ("Solo game: you against …")
            label = look.fit_words((heading, heading.split(":")[0]), 15, contents_w - 16)
            self.contents[heading] = self.button((left, box.y + i * step, contents_w, step - 4), label,
                                                 lambda heading=heading: self.jump_to(heading),
                                                 tooltip=heading if label != heading else None)  # only what the label leaves out
        self.button(((w - 160) // 2, h - 66, 160, 44), "Back", self.app.pop, primary=True)

    def pictures_to_draw(self) -> list:
        """The rows of pictures in view with a picture not drawn yet (a placeholder)."""
        return [image for image in self.text_box.images_in_view() if not image.drawn()]

    def draw_next_picture(self) -> bool:
        """Draw the next picture in view not drawn yet, and the text again with it; False
        when none is left to draw."""
        waiting = self.pictures_to_draw()
        if not waiting:
            return False
        src = waiting[0].src
        _kind, game_id, which, width = src.split(":")
        rules_pictures.picture_image(game_id, int(which.split(",")[pictures_drawn(src).index(False)]), int(width))
        self.text_box.redraw_from_text_block()
        return True

    def draw_all_pictures(self) -> None:
        """Draw every picture in view now (they come a frame each after the screen opens)."""
        while self.draw_next_picture():
            pass

    def busy(self) -> bool:
        # a frame for each picture in view still to draw
        return bool(self.pictures_to_draw())

    def update(self, dt: float) -> bool:
        # the screen opens with the text in view, then its pictures come, one a frame
        drew = self.opened and self.draw_next_picture()
        return self.update_widgets(dt) or drew

    def draw(self, surface) -> None:
        super().draw(surface)
        self.text_box.note_image_words(surface)
        self.opened = True

    def leave(self) -> None:
        super().leave()
        self.app.release_memory()  # ~10 MB: the box's images, and what drawing the pictures used

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
        bar.set_scroll_from_start_percentage(y / self.text_box.text_box_layout.layout_rect.height)

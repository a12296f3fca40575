"""The rules viewer: a game's rules in our words, with links into its lesson.

Laying the rules out (pygame-gui parses the HTML, breaks the lines and renders
every word: 0.1-0.2 s of processor time, Scrubbudgetel most, and pygame-gui
did it twice) is done once per text, box size and theme and kept
(KeptTextBox), so the screen opens again within a frame."""
from __future__ import annotations

import functools
import html
from collections import OrderedDict
from typing import NamedTuple

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from .. import shelf
from ..lessons import has_lesson
from . import look, markdown
from .scene import Scene, open_lesson

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

    def kept_layout(self, size: tuple[int, int]):
        """The text laid out `size` wide and high: kept, or laid out now and kept."""
        key = (self.ui_theme, self.html_text, size)
        layout = _layouts.get(key)
        if layout is None:
            wrap = self.text_wrap_rect
            self.text_wrap_rect = pygame.Rect(wrap.topleft, size)
            try:
                super().parse_html_into_style_data()
            finally:
                self.text_wrap_rect = wrap
            layout = _layouts[key] = self.text_box_layout
            while len(_layouts) > KEPT_LAYOUTS:
                _layouts.popitem(last=False)
        _layouts.move_to_end(key)
        return layout


def lesson_links(game_id: str) -> dict:
    """Rules heading -> a line of links to the lesson steps that teach it."""
    from .. import lessons

    if not has_lesson(game_id):
        return {}
    lesson = lessons.load(game_id)
    return {heading: "Learn it by playing: " + " · ".join(
        f"<a href='lesson:{game_id}:{i}'>{html.escape(lesson.steps[i].title)}</a>" for i in found)
        for heading, found in lesson.step_of_rule().items()}


@functools.lru_cache(maxsize=None)
def rules_html(game_id: str) -> str:
    """A game's rules as the text box's HTML (the rules file does not change while the app runs)."""
    path = look.SEEDS_DIR / shelf.parts_of(game_id).rules_text
    try:
        return markdown.to_html(path.read_text(encoding="utf-8"), lesson_links(game_id))
    except OSError:
        return f"The rules file {path.name} could not be read."


class RulesScene(Scene):
    def __init__(self, app, spec):
        self.spec = spec
        super().__init__(app)

    def on_event(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith("lesson:"):
            _kind, game_id, step = str(event.link_target).split(":")
            open_lesson(self.app, game_id, int(step))
            return
        super().on_event(event)

    def build(self) -> None:
        w, h = self.app.size
        width = min(980, w - 60)
        left = (w - width) // 2
        self.label((left, 16, width, 44), f"{self.spec.title} — rules", "#title_label")
        self.text_box = KeptTextBox(rules_html(self.spec.id), pygame.Rect(left, 70, width, h - 150), self.manager)
        self.button(((w - 160) // 2, h - 66, 160, 44), "Back", self.app.pop, primary=True)

"""The rules viewer: a game's rules in our words, with links into its lesson.

Laying the rules out (pygame-gui parses the HTML, breaks the lines and renders
every word: 0.1-0.2 s of processor time, Scrubbudgetel most) is done once per
text, box size and theme and kept (KeptTextBox), so the screen opens again
within a frame."""
from __future__ import annotations

import functools
import html
from collections import OrderedDict
from typing import NamedTuple

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from ..engine import registry
from ..lessons import has_lesson
from . import look, markdown
from .scene import Scene, open_lesson

# Laid-out texts kept: a layout holds the whole text as one image (10-19 MB at the
# widest box), so only the last few, enough for going back and forth between two games.
KEPT_LAYOUTS = 4
_layouts: OrderedDict = OrderedDict()  # (theme, html, wrap size) -> TextBoxLayout or Measured


class Measured(NamedTuple):
    """What is kept of pygame-gui's first, full-width pass over a text too long
    for its box: only its height is looked at (then a scroll bar is added and
    the text laid out again, narrower)."""

    layout_rect: pygame.Rect


class KeptTextBox(UITextBox):
    """A UITextBox that lays out a text it has seen before (same text, size and
    theme) from the kept layout instead of again."""

    def parse_html_into_style_data(self) -> None:
        key = (self.ui_theme, self.html_text, tuple(self.text_wrap_rect.size))
        layout = _layouts.get(key)
        if layout is None:
            super().parse_html_into_style_data()
            layout = _layouts[key] = self.text_box_layout
            while len(_layouts) > KEPT_LAYOUTS:
                _layouts.popitem(last=False)
        _layouts.move_to_end(key)
        self.text_box_layout = layout
        self._passes = getattr(self, "_passes", []) + [key]

    def rebuild(self) -> None:
        self._passes = []
        super().rebuild()
        if self.scroll_bar is not None and len(self._passes) == 2:
            probe = _layouts.get(self._passes[0])
            if probe is not None and not isinstance(probe, Measured):
                _layouts[self._passes[0]] = Measured(probe.layout_rect.copy())  # its image is not needed


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
    path = look.SEEDS_DIR / registry.parts_of(game_id).rules_text
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

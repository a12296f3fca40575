"""The rules viewer: a game's rules in our words, with links into its lesson."""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from ..engine import registry
from ..lessons import has_lesson
from . import look, markdown
from .scene import Scene, open_lesson


class RulesScene(Scene):
    def __init__(self, app, spec):
        self.spec = spec
        super().__init__(app)

    def lesson_links(self) -> dict:
        """Rules heading -> a line of links to the lesson steps that teach it."""
        from .. import lessons

        if not has_lesson(self.spec.id):
            return {}
        lesson = lessons.load(self.spec.id)
        return {heading: "Learn it by playing: " + " · ".join(
            f"<a href='lesson:{self.spec.id}:{i}'>{html.escape(lesson.steps[i].title)}</a>" for i in found)
            for heading, found in lesson.step_of_rule().items()}

    def on_event(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith("lesson:"):
            _kind, game_id, step = str(event.link_target).split(":")
            open_lesson(self.app, game_id, int(step))
            return
        super().on_event(event)

    def build(self) -> None:
        w, h = self.app.size
        path = look.SEEDS_DIR / registry.parts_of(self.spec.id).rules_text
        try:
            body = markdown.to_html(path.read_text(encoding="utf-8"), self.lesson_links())
        except OSError:
            body = f"The rules file {path.name} could not be read."
        width = min(980, w - 60)
        left = (w - width) // 2
        self.label((left, 16, width, 44), f"{self.spec.title} — rules", "#title_label")
        self.text_box = UITextBox(body, pygame.Rect(left, 70, width, h - 150), self.manager)
        self.button(((w - 160) // 2, h - 66, 160, 44), "Back", self.app.pop, primary=True)

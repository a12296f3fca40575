"""A saved game that could not be read whole: say why, and when its first moves
are good, offer to go on from the last of them (the file itself stays set
aside, or, from the command line, untouched)."""
from __future__ import annotations

import pygame

from . import look
from .host import screen
from .menus import OverlayScene
from .scene import moves_text, panel, start_match


@screen("damaged")
def tell_damaged(app, error) -> None:
    """The message of a save that could not be loaded (storage.DamagedFile,
    saves.DamagedSave or SaveError), with the offer when part of it is good."""
    message = getattr(error, "message", str(error))
    kept = getattr(error, "kept", None)
    if kept is None:
        app.notify(message)
        return
    if app.scene is not None:
        app.scene.update(0.0)  # the screen beneath (just rebuilt) lays its widgets out: it shows under the offer
    app.push(GoOnScene(app, message, kept))


class GoOnScene(OverlayScene):
    """"This game could not be read whole" with Go on from move N / Leave it set aside."""

    def __init__(self, app, message: str, kept):
        self.message = message
        self.kept = kept
        super().__init__(app)

    @property
    def good_moves(self) -> int:
        return len(self.kept.played)

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(720, w - 40), 0)
        self.lines = look.wrap_text(f"{self.message} Its first {moves_text(self.good_moves)} are good: the game "
                                    "can go on from there.", 16, self.box.w - 60)
        self.box.h = 150 + 22 * len(self.lines)
        self.box.center = (w // 2, h // 2)
        bottom = self.box.bottom - 70
        self.button((self.box.x + 30, bottom, 260, 44), f"Go on from move {self.good_moves}", self.go_on,
                    primary=True)
        self.button((self.box.x + 305, bottom, 220, 44), "Leave it set aside", self.app.pop)

    def go_on(self) -> None:
        start_match(self.app, self.kept)

    def draw_scene(self, surface) -> None:
        panel(surface, self.box, 240)
        look.text(surface, "This game could not be read whole", (self.box.x + 30, self.box.y + 22), 22, look.GOLD,
                  bold=True)
        for i, line in enumerate(self.lines):
            look.text(surface, line, (self.box.x + 30, self.box.y + 66 + 22 * i), 16, look.INK)

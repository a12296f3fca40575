"""The player aid: over the board, what the player to move may do now (F1 or "?").

The words come from the game's own aid.py, built from the view of the seat in
front of the screen, so the aid shows nothing that seat may not see."""
from __future__ import annotations

from typing import NamedTuple

import pygame

from .. import shelf
from . import look
from .menus import OverlayScene
from .rules_screen import RulesScene
from .scene import panel

PAD = 18
BUTTON_H = 40
# (heading, choice, text) font sizes, largest first: the first that fits the window is used
SIZES = ((22, 16, 15), (19, 15, 14), (17, 14, 13), (16, 13, 12))


class Line(NamedTuple):
    text: str
    size: int
    colour: tuple
    bold: bool = False
    space: int = 2  # pixels above it
    indent: int = 0


INDENT = 14  # a choice's rule sits under its name


def aid_for(spec, view: dict):
    """The game's Aid for `view`, or None (the game is over, or it has no aid)."""
    module = shelf.parts_of(spec.id).module("aid")
    return None if module is None else module.aid(view)


class AidScene(OverlayScene):
    shade = (10, 8, 6, 150)  # the board stays in sight beneath

    def __init__(self, app, board):
        self.board = board
        state = board.match.state
        self.aid = aid_for(board.match.spec, board.view())
        mover = None if state.to_move is None else board.match.seats[state.to_move].name
        self.title = f"{board.match.spec.title}: {mover} to move" if mover else board.match.spec.title
        self.text_boxes: list[pygame.Rect] = []  # where the last frame drew its text (tests check they fit)
        super().__init__(app)

    # ---- the words, as lines ------------------------------------------------
    def lines(self, width: int, sizes) -> list[Line]:
        """Every line of the aid at `width`, in the font `sizes` (heading, choice, text)."""
        head, choice, body = sizes
        out = [Line(look.fit_text(self.title, head, width, bold=True), head, look.GOLD, True, 0)]
        if self.aid is None:
            return out + [Line("The game is over: the full rules say how it was scored.", body, look.INK, space=8)]
        phase = look.fit_text(f"Now: {self.board.named(self.aid.phase)}", choice, width, bold=True)
        out.append(Line(phase, choice, look.HIGHLIGHT, True, 4))
        for item in self.aid.choices:
            out.append(Line(look.fit_text(item.what, choice, width, bold=True), choice, look.INK, True, 10))
            out += [Line(line, body, look.MUTED, indent=INDENT)
                    for line in look.wrap_text(self.board.named(item.how), body, width - INDENT)]
        if self.aid.scoring:
            said = look.wrap_text(self.board.named(self.aid.scoring), body, width)
            out += [Line(line, body, look.GOLD, space=12 if k == 0 else 2) for k, line in enumerate(said)]
        out.append(Line("Keys", choice, look.INK, True, 10))
        for said in self.board.keys_help():
            out += [Line(line, body, look.MUTED, indent=INDENT) for line in look.wrap_text(said, body, width - INDENT)]
        return out

    @staticmethod
    def height_of(lines) -> int:
        return sum(round(line.size * 1.3) + line.space for line in lines)

    # ---- building --------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        area = self.board.board_rect if self.board.board_rect.w >= 420 else pygame.Rect(0, 0, w, h)
        width = min(660, area.w - 20)
        room = h - 20 - 2 * PAD - BUTTON_H - 14
        for sizes in SIZES:  # the largest type that fits the window
            self.shown = self.lines(width - 2 * PAD, sizes)
            if self.height_of(self.shown) <= room:
                break
        box = pygame.Rect(0, 0, width, self.height_of(self.shown) + 2 * PAD + BUTTON_H + 14)
        box.center = area.center
        self.box = box.clamp(pygame.Rect(0, 0, w, h))
        y = self.box.bottom - PAD - BUTTON_H
        self.button((self.box.x + PAD, y, 170, BUTTON_H), "Full rules", self.full_rules, primary=True,
                    tooltip="The whole rules of the game")
        self.button((self.box.right - PAD - 120, y, 120, BUTTON_H), "Close", self.app.pop,
                    tooltip="Back to the board (F1 or Esc)")

    def full_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.board.match.spec))

    def on_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_ESCAPE):
            self.app.pop()
            return
        super().on_event(event)

    def draw_scene(self, surface) -> None:
        panel(surface, self.box, 245)
        pygame.draw.rect(surface, look.GOLD, self.box, 1, border_radius=8)
        self.text_boxes = []
        y = self.box.y + PAD
        for line in self.shown:
            y += line.space
            at = (self.box.x + PAD + line.indent, y)
            self.text_boxes.append(look.text(surface, line.text, at, line.size, line.colour, bold=line.bold))
            y += round(line.size * 1.3)

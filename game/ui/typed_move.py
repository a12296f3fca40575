"""Moves typed in their notation (as the move log and seeds/<id>.md write them), lichess-style.

"/" opens a line at the foot of the board; as the person types, the legal moves whose
notation starts with what is typed are listed with their words; Up and Down choose one,
Enter plays it (through its click path, as clicks would: a secret choice still waits for
its Confirm), Esc closes the line. A notation that names no legal move is refused with
the rule's reason, as a refused click is.
"""
from __future__ import annotations

import pygame

from ..engine.core import IllegalMove
from . import look

SHOWN = 6  # matches listed at once
LINE = 24  # px a row


class MoveTyping:
    def __init__(self, board):
        self.board = board  # the board screen: its controller, its area, click_target
        self.open = False
        self.text = ""
        self.chosen = 0

    def close(self) -> None:
        self.open, self.text, self.chosen = False, "", 0

    def matches(self) -> list:
        """(notation, words, move) of the legal moves whose notation starts with what is typed."""
        controller = self.board.controller
        if not controller.human_to_move():
            return []
        typed = self.text.strip().lower()
        found = []
        for move in controller.candidates(()):
            notation = str(move)
            if notation.lower().startswith(typed):
                found.append((notation, self.board.named(controller.words.move(controller.state, move)), move))
        found.sort(key=lambda item: (item[0].lower() != typed, item[0]))  # the exact one first
        return found

    # ---- keys ------------------------------------------------------------------
    def takes(self, event) -> bool:
        """True when the event is the line's: "/" opens it; while open, every key and all text."""
        if self.open:
            return event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        return event.type == pygame.TEXTINPUT and event.text == "/"

    def on_event(self, event) -> None:
        if not self.open:
            self.open, self.text, self.chosen = True, "", 0
            return
        if event.type == pygame.TEXTINPUT:
            self.text += event.text
            self.chosen = 0
            return
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.chosen = 0
        elif key in (pygame.K_UP, pygame.K_DOWN):
            count = min(SHOWN, len(self.matches()))
            if count:
                self.chosen = (self.chosen + (1 if key == pygame.K_DOWN else -1)) % count
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play()

    def play(self) -> None:
        board = self.board
        found = self.matches()
        if found and self.text.strip():
            move = found[min(self.chosen, len(found) - 1)][2]
            self.close()
            board.controller.cancel()
            for target in move.targets:  # the move's own click path: the same answers as clicks
                board.click_target(target)
            return
        board.controller.message = self.refusal()
        board.app.sounds.play("refused")

    def refusal(self) -> str:
        """Why the typed text plays nothing: the rule that forbids the move it names, or that it names none."""
        board, text = self.board, self.text.strip()
        controller = board.controller
        if not text:
            return "Type a move's notation (as the move log writes it), then Enter."
        if not controller.human_to_move():
            return controller.refusal(None)
        try:
            move = controller.match.spec.parse_move(controller.state, text)
        except IllegalMove as exc:
            return board.named(f"“{text}” is no move here: {exc.reason}")
        reason = controller.state.check(move)
        return board.named(reason or f"“{text}” is not one of the moves you may make now.")

    # ---- drawing -------------------------------------------------------------------
    def draw(self, surface, area: pygame.Rect) -> None:
        if not self.open:
            return
        found = self.matches()[:SHOWN]
        width = min(area.w - 20, 560)
        rows = len(found)
        box = pygame.Rect(0, 0, width, 44 + LINE * max(rows, 1) + 8)
        box.midbottom = (area.centerx, area.bottom - 10)
        surface.blit(look.tint(box.size, (20, 14, 10, 240)), box.topleft)
        pygame.draw.rect(surface, look.GOLD, box, 2, border_radius=8)
        with look.within(box):
            look.text(surface, f"Move: {self.text}▏", (box.x + 12, box.y + 10), 18, look.INK, bold=True)
            look.text(surface, "Enter plays · ↑↓ choose · Esc closes", (box.right - 12, box.y + 14), 13,
                      look.MUTED, anchor="topright")
            y = box.y + 44
            if not rows:
                note = f"No move you may make now starts with “{self.text.strip()}”."
                look.text(surface, look.fit_text(note, 14, box.w - 24), (box.x + 12, y + 3), 14, look.MUTED)
            widest = max((look.font(15, True).size(n)[0] for n, _w, _m in found), default=0)
            column = min(box.w // 2, widest + 18)  # the notations' column, then the words
            for i, (notation, words, _move) in enumerate(found):
                row = pygame.Rect(box.x + 6, y, box.w - 12, LINE)
                if i == self.chosen:
                    pygame.draw.rect(surface, (92, 70, 40), row, border_radius=4)
                look.text(surface, look.fit_text(notation, 15, column - 12, bold=True), (row.x + 6, row.y + 3), 15,
                          look.GOLD, bold=True)
                look.text(surface, look.fit_text(words, 14, row.w - column - 10), (row.x + column, row.y + 4), 14,
                          look.INK)
                y += LINE

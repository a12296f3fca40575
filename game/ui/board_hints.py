"""The computer's suggestion on the board (the Hint button, H): asked for the
seat in front of the screen, said in the panel's message line, and its click
path glowing on the board, numbered in click order. The search itself is
game/ui/hint.py's Hinter."""
from __future__ import annotations

import pygame

from . import look

LOOKING = "Looking for a good move…"


class BoardHints:
    def __init__(self, board, hinter):
        self.board = board
        self.hinter = hinter

    def ask(self) -> None:
        """The computer suggests a move for the seat in front of the screen (counted in the match)."""
        board = self.board
        if not board.panel.hint_button.visible or not board.controller.human_to_move() \
                or self.hinter.current is not None:
            return
        why = self.hinter.ask()
        board.controller.message = why or LOOKING
        board.refresh_panel()

    def collect(self) -> bool:
        """True when the hint changed (arrived, or became stale)."""
        board = self.board
        # said as to the player who asked, naming their own hidden card ("Ann plays the Number 5"),
        # not as the public log says it ("Ann puts a card face down")
        if not self.hinter.poll(lambda state, move: board.named(board.controller.words.choice(state, move))):
            return False
        hint = self.hinter.current
        if hint is not None and hint.move is not None:
            board.controller.message = f"Hint: {hint.words}"
        elif board.controller.message == LOOKING:
            board.controller.message = "No hint this time."
        board.refresh_panel()
        return True

    def follow(self) -> None:
        """After a click: one that leaves the hint's click path (another piece picked) drops
        the hint, whose marks would otherwise seem to back the other choice."""
        controller = self.board.controller
        path, prefix = self.hinter.path(), tuple(controller.prefix)
        if path and prefix and tuple(path[:len(prefix)]) != prefix:
            self.hinter.drop()
            if controller.message.startswith("Hint: "):
                controller.message = ""

    def draw(self, surface, throb: float) -> None:
        """The hint's click path glows in the hint colour, numbered in click order."""
        board = self.board
        path = self.hinter.path()
        for n, target in enumerate(path, 1):
            if target[0] == "button" and target[1] in board.panel.game_buttons:
                rect = board.panel.game_buttons[target[1]].rect
            else:
                rect = board.target_rect(target)
            if rect is None:
                continue
            box = rect.inflate(6 + int(4 * throb), 6 + int(4 * throb))
            pygame.draw.rect(surface, look.HINT, box, 3, border_radius=8)
            if len(path) > 1:
                look.text(surface, str(n), (box.right - 2, box.y + 2), 14, look.HINT, bold=True, anchor="topright")

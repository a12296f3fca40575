"""Tic-tac-toe's board: nine cells in a square, a ring or a cross in each taken one."""
from __future__ import annotations

import pygame

from game.ui import look
from game.ui.board import BoardScene

SIDE_COLOURS = ((222, 120, 60), (80, 150, 220))  # the sides' fixed colours: orange rings, blue crosses


class TicTacToeScene(BoardScene):
    def layout(self, rect: pygame.Rect) -> None:
        side = min(rect.w, rect.h) - 40
        self.square = pygame.Rect(0, 0, side, side)
        self.square.center = rect.center

    def cell_rect(self, cell: int) -> pygame.Rect:
        size = self.square.w // 3
        row, column = divmod(cell, 3)
        return pygame.Rect(self.square.x + column * size, self.square.y + row * size, size, size)

    def draw_board(self, surface, view: dict, highlights) -> None:
        pygame.draw.rect(surface, (238, 228, 204), self.square, border_radius=8)
        for cell, owner in enumerate(view["board"]):
            rect = self.cell_rect(cell)
            target = ("cell", cell)
            self.hits.rect(target, rect)
            if target in highlights.next_targets and target == highlights.hover:
                pygame.draw.rect(surface, look.HIGHLIGHT, rect.inflate(-8, -8), 4, border_radius=6)
            pygame.draw.rect(surface, (90, 70, 50), rect, 2)
            if owner >= 0:
                self.draw_mark(surface, rect, owner)

    def draw_mark(self, surface, rect: pygame.Rect, owner: int) -> None:
        colour, inner = self.seat_rgb(owner), rect.inflate(-rect.w // 3, -rect.h // 3)
        if owner == 0:
            pygame.draw.circle(surface, colour, inner.center, inner.w // 2, 8)
        else:
            pygame.draw.line(surface, colour, inner.topleft, inner.bottomright, 9)
            pygame.draw.line(surface, colour, inner.bottomleft, inner.topright, 9)


SCENE = TicTacToeScene

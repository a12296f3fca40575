"""The side panel's move log, drawn straight onto the panel.

A pygame-gui text box lays out its whole text again when it changes, which
cost 54-123 ms a move in long games. Here a move's entry is wrapped once when
it is added, and a frame draws only the lines that fit (each line's image is
cached by look.rendered), so playing a move costs the same on move 5 and on
move 500. The mouse wheel scrolls back through earlier moves.
"""
from __future__ import annotations

import pygame

from . import look

FONT_SIZE = 13
LINE_HEIGHT = 17
BULLET_WIDTH = 14


class MoveLog:
    def __init__(self):
        self.entries: list[tuple] = []  # (seat or None, text)
        self.lines: list[tuple] = []  # (seat or None, text, first line of its entry)
        self.width = 0
        self.scroll = 0  # lines scrolled back from the newest
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font_size, self.line_height = FONT_SIZE, LINE_HEIGHT

    def set_scale(self, scale: float) -> None:
        """Larger text for the panel's UI scale (set before set_rect)."""
        size = round(FONT_SIZE * scale)
        if size != self.font_size:
            self.font_size, self.line_height = size, round(LINE_HEIGHT * scale)
            self.width = 0  # wrap again at the new size

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        width = self.rect.w - BULLET_WIDTH - 16
        if width != self.width:
            self.width = width
            self._rewrap()

    def replace(self, entries) -> None:
        """Start again from these entries (after undo, or a game loaded)."""
        self.entries = []
        self.lines = []
        self.scroll = 0
        for seat, text in entries:
            self.append(seat, text)

    def append(self, seat, text: str) -> None:
        self.entries.append((seat, text))
        added = self._wrap(seat, text)
        if self.scroll:
            self.scroll += added  # stay on the lines the reader was looking at

    def _rewrap(self) -> None:
        self.lines = []
        for seat, text in self.entries:
            self._wrap(seat, text)

    def _wrapped(self, text: str) -> list[str]:
        return look.wrap_text(text, self.font_size, max(40, self.width)) or [""]

    def _wrap(self, seat, text: str) -> int:
        """Add the entry's lines; returns how many."""
        lines = self._wrapped(text)
        for i, line in enumerate(lines):
            self.lines.append((seat, line, i == 0))
        return len(lines)

    def visible_count(self) -> int:
        return max(1, (self.rect.h - 8) // self.line_height)

    def shown_range(self) -> tuple[int, int]:
        """The lines drawn now: [first, end). Scrolled back, the box's last line says so
        and one line fewer shows."""
        count = self.visible_count() - (1 if self.scroll else 0)
        end = len(self.lines) - self.scroll
        return max(0, end - count), end

    def scroll_by(self, lines: int) -> None:
        most = max(0, len(self.lines) - self.visible_count())
        if most:
            most += 1  # scrolled back, the box's last line says so: one more to reach the first
        self.scroll = max(0, min(most, self.scroll + lines))

    def handle_wheel(self, event, mouse_pos) -> bool:
        """Scroll on the wheel over the log; True if the event was the log's."""
        if event.type != pygame.MOUSEWHEEL or not self.rect.collidepoint(mouse_pos):
            return False
        self.scroll_by(3 * event.y)
        return True

    def draw(self, surface, colour_of) -> None:
        r = self.rect
        pygame.draw.rect(surface, (22, 17, 13), r, border_radius=6)
        pygame.draw.rect(surface, (90, 72, 54), r, 1, border_radius=6)
        if not self.lines:
            look.text(surface, "No moves yet.", (r.x + 8, r.y + 6), self.font_size, look.MUTED)
            return
        first, end = self.shown_range()
        count = end - first
        shown = self.lines[first:end]
        y = r.y + 5
        for seat, line, first in shown:
            if first:
                bullet = pygame.Rect(r.x + 7, y + self.line_height // 4, 8, 8)
                pygame.draw.rect(surface, colour_of(seat) if seat is not None else look.MUTED, bullet)
            look.text(surface, line, (r.x + 8 + BULLET_WIDTH, y), self.font_size, look.INK, shadow=False)
            y += self.line_height
        if len(self.lines) > count:  # where the view is in the whole log
            track = pygame.Rect(r.right - 6, r.y + 4, 3, r.h - 8)
            pygame.draw.rect(surface, (60, 48, 36), track)
            size = max(12, track.h * count // len(self.lines))
            top = track.y + (track.h - size) * (end - count) // max(1, len(self.lines) - count)
            pygame.draw.rect(surface, look.MUTED, (track.x, top, 3, size))
        if self.scroll:
            look.text(surface, "▼ newer moves below", (r.centerx, y), max(look.SMALLEST_TEXT, self.font_size - 1),
                      look.GOLD, anchor="midtop")

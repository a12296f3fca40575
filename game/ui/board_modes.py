"""What a board is for: playing a game (PlayMode), or, on the same board screen,
watching a finished game again (ReplayMode, game/ui/replay_screen.py), a game's
review (ReviewMode, game/ui/review_board.py) or a lesson step (LessonMode,
game/ui/lesson.py).

A mode reads and changes its board (`self.board`), never the other way round: the
board calls its mode only at the points of this protocol (PROTOCOL; tests/test_board_parts.py
reads board.py and its parts to check), and PlayMode does at each what a game does:

    attach(board)          once, as the board is made, before its parts: the mode sets up what
                           differs (the board's controller and log, the seat shown, whether the
                           screen follows the turns and shows the results, the panel's plan,
                           the actions of Undo and Menu, the view drawn, its own keys and places)
    built()                the board and its panel are laid out (again, after a resize): the
                           mode's own widgets, its band's place
    on_event(event)        before the board answers an event: True when the mode took it
    answered(click)        the board answered an event, or (click True) a click on a target
    played(move, seat)     a move was played, logged and animated
    update(dt)             each pass of the loop: True when a frame is needed
    frame_interval(s)      the board's wish for its next frame without input (seconds or
                           None): the mode's, which may be sooner
    look_again()           what another window may change is read again (board.recheck_s):
                           True when the board shows something else now
    draw(surface, layer)   over the "board" area after the game's drawing, on the "panel"
                           after its lines, and "over" everything after the hint's glow
"""
from __future__ import annotations

import pygame

PROTOCOL = ("attach", "built", "on_event", "answered", "played", "update", "frame_interval", "look_again", "draw")


class PlayMode:
    board = None  # the board screen, given by attach()
    replaying = False  # (for the tests and the readers of a screen: the board does not ask it)

    def attach(self, board) -> None:
        self.board = board
        board.log.replace(board.controller.log_of_record())

    def built(self) -> None:
        """The panel's and the board's places are set (again, after a resize)."""

    def on_event(self, event) -> bool:
        """True when the mode took the event (the board does nothing more with it)."""
        return False

    def answered(self, click: bool) -> None:
        """An event, or a click on the board or a game's button, was answered."""

    def played(self, move, seat) -> None:
        """A move was played (after the board logged and animated it)."""

    def update(self, dt: float) -> bool:
        """True when a frame is needed."""
        return False

    def frame_interval(self, interval: float | None) -> float | None:
        return interval

    def look_again(self) -> bool:
        """True when what another window changed is now on the board (see Scene.look_again)."""
        return False

    def draw(self, surface, layer: str) -> None:
        """Draw the mode's own on the "board", the "panel", or "over" everything."""

    # ---- for the modes with a band of their own across the window's bottom --------------
    def band_height(self, width: int) -> int:
        """Height kept at the window's bottom, across its whole width (a lesson's words)."""
        return 0

    def band_rect(self) -> pygame.Rect:
        """Where the mode's band is: across the window's bottom, under the board and the panel."""
        w, h = self.board.app.size
        height = self.band_height(w) - 8
        return pygame.Rect(10, h - 10 - height, w - 20, height)

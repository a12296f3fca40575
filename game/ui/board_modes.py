"""What a board is for: playing a game (PlayMode), or, on the same board screen,
watching a finished game again (ReplayMode, game/ui/replay_screen.py) or taking
a lesson step (LessonMode, game/ui/lesson.py).

A board screen has one mode (`board.mode`) and asks it at the few points where
the three differ. PlayMode says what a game does at each; the other two change
only what they need. A mode reads and changes its board (`self.board`), never
the other way round.
"""
from __future__ import annotations

import pygame

from .controller import Controller
from .movelog import MoveLog


class PlayMode:
    panel_tag = ""  # a word beside the game's name on the panel ("Replay")
    replaying = False
    follows_turns = True  # the screen goes to the seat to move, with a hand-off cover when needed
    shows_results = True  # the results screen comes up when the game ends
    watchable = True  # every seat the computer: the Watch row (pause, step, speed)

    board = None  # the board screen, given by attach()

    def attach(self, board) -> None:
        self.board = board

    # ---- setting up ------------------------------------------------------
    def new_controller(self, match) -> Controller:
        return Controller(match)

    def new_log(self) -> MoveLog:
        log = MoveLog()
        log.replace(self.board.log_of_record())
        return log

    def start_state(self):
        """The state the match's record starts from."""
        match = self.board.match
        return match.spec.new_game(len(match.seats), match.seed, match.options)

    def started(self) -> None:
        """The board is built."""

    recheck_s: float | None = None  # how often look_again reads what another window may change

    def look_again(self) -> bool:
        """True when what another window changed is now on the board (see Scene.look_again)."""
        return False

    # ---- the screen's parts --------------------------------------------------
    def band_height(self, width: int) -> int:
        """Height kept at the window's bottom, across its whole width, for a band of the
        mode's own (a lesson's words); a game has none."""
        return 0

    def board_area(self, rect):
        """Where the game's board goes, in the room the panel leaves."""
        return rect

    def band_rect(self) -> pygame.Rect:
        """Where the mode's band is: across the window's bottom, under the board and the panel."""
        w, h = self.board.app.size
        height = self.band_height(w) - 8
        return pygame.Rect(10, h - 10 - height, w - 20, height)

    def built(self) -> None:
        """The panel's and the board's places are set (again, after a resize)."""

    def panel_header_height(self, height: int) -> int:
        return height

    def panel_button_rows(self, rows: int) -> int:
        """How many rows of buttons the panel holds (the game's `rows`, or the mode's own)."""
        return rows

    def refresh_panel(self) -> None:
        self.board.panel.refresh()

    def status_text(self) -> str | None:
        """The panel's line under the players, or None for the game's own (what to do now)."""
        return None

    def draw_on_board(self, surface) -> None:
        """Over the board area, after the game's board is drawn."""

    def draw_on_panel(self, surface) -> None:
        """On the panel, after its own lines."""

    def draw_over_hint(self, surface) -> None:
        """Over the whole board, after the hint's glow (the review's played and better moves)."""

    def view(self) -> dict:
        board = self.board
        return board.match.state.view(board.viewer)

    def disabled_button_note(self, pos):
        return self.board.panel.disabled_button_note(pos)

    # ---- input ---------------------------------------------------------------
    own_keys: frozenset = frozenset()  # keys the mode answers itself (a replay's arrows): not the focus ring's

    def before_event(self, event) -> bool:
        """True when the mode took the event (the board does nothing more with it)."""
        return False

    def takes_drag(self, pos) -> bool:
        """True where a drag is the mode's own (a replay's timeline; touch.py)."""
        return False

    def own_click_targets(self) -> list:
        """(what, rect) the mode answers clicks on itself (see Scene.own_click_targets)."""
        return []

    def after_click(self) -> None:
        """A click on the board (or a game button) was answered."""

    def after_event(self) -> None:
        """An event was answered."""

    def on_choice(self, element, text) -> bool:
        """True when `element` is one of the mode's own drop-downs."""
        return False

    def open_menu(self) -> None:
        """Esc, or the Menu button."""
        self.board.open_game_menu()

    def undo(self) -> None:
        self.board.history_step(self.board.controller.undo)

    # ---- time --------------------------------------------------------------
    def played(self, move, seat) -> None:
        """A move was played (after the board logged and animated it)."""

    def waiting(self) -> bool:
        """The screen changes by itself, slowly: a computer thinks, or the results are due."""
        return self.board.waiting_for_the_game()

    def update(self, dt: float) -> bool:
        """True when a frame is needed."""
        return False

    def frame_interval(self, interval: float | None) -> float | None:
        return interval

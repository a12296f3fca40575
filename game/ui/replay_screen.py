"""The replay screen: a finished game (or a save) played again, read-only, on
the game's own board scene.

`replay_scene(app, replay, ply)` is the game's own board screen in ReplayMode
(game/ui/board_modes.py): the board is drawn as it was after `ply` moves, the side panel keeps the players, scores and the whole move log, and
its buttons become the replay's: first / back / play-pause / forward / last,
a timeline to click or drag, the speed, and, for a finished game with hidden
information, whose view is shown. Clicks on the board change nothing (the
controller refuses them all); hovering, the log's wheel, a map's pan and zoom
and a game's sheet tabs work as in the game. Keys: ← → a move, PgUp/PgDn ten,
Home/End, Space plays or pauses, Esc goes back.

Hidden information: a finished game may show any seat's view (by default the
seat to move at each point); a game in progress shows only what every seat
may see (replay.public_view).
"""
from __future__ import annotations

import bisect
from pathlib import Path

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu

from ..engine.match import Match, Seat
from ..replay import Replay, public_view
from ..saves import open_elsewhere, read_only
from . import look, sizing
from .board_modes import PlayMode
from .boards import board_scene_class
from .controller import ClickResult, Controller
from .movelog import MoveLog
from .scene import IN_PROGRESS_RECHECK_S
from .touch import at_least
from .watch import SPEED_WORDS

SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "fastest": 0.08}  # seconds per move while playing
TO_MOVE = "whoever is to move"


class ReplayController(Controller):
    """The controller of a replay: nobody is to move, every click is ignored;
    its message is the replay's standing note."""

    note = ""

    def reset_input(self) -> None:
        super().reset_input()
        self.message = self.note

    def human_to_move(self) -> bool:
        return False

    def click(self, target) -> ClickResult:
        return ClickResult("ignored", reason="This is a replay.")

    def play(self, move) -> ClickResult:
        return ClickResult("ignored", reason="This is a replay.")

    def confirm(self) -> ClickResult:
        return ClickResult("ignored")

    def undo(self) -> str:
        return "This is a replay."

    def poll(self, now=None, ready=True):
        return None


class ReplayLog(MoveLog):
    """The whole game's log: a click on an entry jumps there; the entry of the
    move last shown is framed."""

    def __init__(self):
        super().__init__()
        self.starts: list[int] = []  # each entry's first line
        self.current: int | None = None  # the entry framed
        self.framed: pygame.Rect | None = None  # where its frame was last drawn

    def replace(self, entries) -> None:
        self.starts = []
        super().replace(entries)

    def _rewrap(self) -> None:
        self.starts = []
        super()._rewrap()

    def _wrap(self, seat, text: str) -> int:
        self.starts.append(len(self.lines))
        return super()._wrap(seat, text)

    def first_shown(self) -> int:
        return self.shown_range()[0]

    def entry_at(self, pos) -> int | None:
        """The entry whose line is under `pos`, or None."""
        if not self.rect.collidepoint(pos):
            return None
        line = self.first_shown() + (pos[1] - self.rect.y - 5) // self.line_height
        if not 0 <= line < len(self.lines) - self.scroll:
            return None
        return bisect.bisect_right(self.starts, line) - 1

    def show(self, entry: int | None) -> None:
        """Frame `entry` and scroll so that it is in view."""
        self.current = entry
        if entry is None or entry >= len(self.starts):
            return
        first = self.starts[entry]
        last = (self.starts[entry + 1] if entry + 1 < len(self.starts) else len(self.lines)) - 1
        shown_first, end = self.shown_range()
        if last >= end or first < shown_first:  # out of view: bring it to the middle
            count = self.visible_count() - 1  # scrolled back, the box's last line says so
            self.scroll = 0
            self.scroll_by(len(self.lines) - min(len(self.lines), first + (count + last - first + 1) // 2))

    def draw(self, surface, colour_of) -> None:
        super().draw(surface, colour_of)
        self.framed = None
        if self.current is None or self.current >= len(self.starts):
            return
        start = self.first_shown()
        first = self.starts[self.current]
        last = (self.starts[self.current + 1] if self.current + 1 < len(self.starts) else len(self.lines))
        top, bottom = max(first, start), min(last, len(self.lines) - self.scroll)
        if top < bottom:
            box = pygame.Rect(self.rect.x + 3, self.rect.y + 4 + (top - start) * self.line_height,
                              self.rect.w - 12, (bottom - top) * self.line_height + 2)
            pygame.draw.rect(surface, look.HIGHLIGHT, box, 1, border_radius=4)
            self.framed = box


class ReplayMode(PlayMode):
    """A game's board, read-only, at any move of its record."""

    @property
    def panel_tag(self) -> str:
        return "Live" if self.follow is not None else "Replay"  # live: another window's game, followed
    replaying = True
    follows_turns = False  # the replay says whose view is shown
    shows_results = False
    watchable = False  # a replay of computers' game has its own transport, not the Watch row
    offers_review = True  # a finished game's "Review this game" button (not in the review's own replay)

    def __init__(self, replay: Replay, ply: int | None = None, follow=None):
        self.replay = replay
        # a game in progress open in another window: its file, read again to show the moves played there
        self.follow = follow
        self.recheck_s = IN_PROGRESS_RECHECK_S if follow is not None else None
        self.playing = False
        self.speed = "normal"
        self.since = 0.0  # seconds since the last step while playing
        self.seen_by: int | None = None  # whose view (a finished game); None: the seat to move
        self.dragging = False
        self._view_cache = (None, None)
        self.timeline = pygame.Rect(0, 0, 0, 0)
        self.transport = {}
        self.speed_menu = self.seen_menu = None
        # move number -> its entry in the log
        self.move_entries = self.entries_of(replay)
        self.match = Match(replay.spec, [Seat(s.name, s.colour, s.kind, s.level) for s in replay.seats],
                           replay.seed, replay.options)
        self.ply = -1
        self._show(replay.length if ply is None else ply)

    @staticmethod
    def entries_of(replay: Replay) -> dict:
        """Move number -> its entry in the log."""
        entries = {}
        for index, (n, _seat, _text) in enumerate(replay.log):
            entries.setdefault(n, index)
        return entries

    # ---- setting up ------------------------------------------------------
    def new_controller(self, match) -> Controller:
        controller = ReplayController(match)
        controller.note = self.hidden_note()
        return controller

    def hidden_note(self) -> str:
        return "" if self.may_see_all() else "A game in progress: what only one player may see stays hidden."

    def tell(self, note: str) -> bool:
        """The replay's standing note (under the status line); True when it changed."""
        controller = self.board.controller
        if note == controller.note:
            return False
        controller.note = note
        controller.reset_input()
        return True

    def new_log(self) -> MoveLog:
        log = ReplayLog()
        log.replace(self.log_entries())
        return log

    def log_entries(self) -> list:
        """The log's lines, each move's own numbered as "After move N" counts it ("118. …")."""
        return [(seat, f"{n}. {self.board.named(text)}" if n and self.move_entries.get(n) == index
                 else self.board.named(text)) for index, (n, seat, text) in enumerate(self.replay.log)]

    # ---- following another window --------------------------------------------
    def look_again(self) -> bool:
        """The game as the other window has it now: its new moves join the replay, and a
        replay shown at its last move goes on to the new last move. A game that left the
        list (finished, or deleted there) stays as it was last seen, and the note says so; a file
        that cannot be read just now is read again next time."""
        try:
            save = read_only(self.follow)  # the moves are compared as read: the game is replayed only when it changed
            shown = [played.notation for played in self.replay.played]
            if save is not None and save["moves"] == shown:
                return self.tell(self.hidden_note() if open_elsewhere(Path(self.follow).stem) else
                                 "Its window has let go of this game: Back, and Resume it to play here.")
            replay = None if save is None else Replay(save)
        except ValueError:  # unreadable just now (SaveError is one too): the next look may read it
            return False
        if replay is None:
            self.follow = self.recheck_s = None
            return self.tell("This game is no longer in progress: it ended, or was deleted, in its own window.")
        at_end = self.ply == self.replay.length
        one_more = save["moves"][:-1] == shown
        self.replay = replay
        self.move_entries = self.entries_of(self.replay)
        self.board.log.replace(self.log_entries())
        # at the end: on to the new end (one new move animated, as if watched); else the same move number
        self.seek(self.replay.length if at_end else self.ply, animate=at_end and one_more, again=True)
        return True

    def started(self) -> None:
        board = self.board
        board.viewer = self.seat_shown(self.match.state)
        self.match.on_change = None  # a replay is never saved
        board.controller.reset_input()
        self.frame_log(self.ply)

    # ---- which moment is shown -------------------------------------------
    def _show(self, ply: int) -> None:
        match = self.match
        ply = max(0, min(self.replay.length, ply))
        match.state = self.replay.state_at(ply)
        match.played = self.replay.played[:ply]
        match.revision += 1
        self.ply = ply
        if self.board is not None:
            self.board.viewer = self.seat_shown(match.state)

    def seat_shown(self, state) -> int:
        """Whose view the board shows now."""
        if self.seen_by is not None and self.replay.finished:
            return self.seen_by
        if state.to_move is not None:
            return state.to_move
        return self.replay.played[self.ply - 1].seat if self.ply else 0

    def may_see_all(self) -> bool:
        return self.replay.finished or not self.replay.spec.hidden_information

    def seek(self, ply: int, animate: bool = False, again: bool = False) -> None:
        """Show the board after `ply` moves (animating a single step forward); `again`:
        even at the move shown now (the replay itself changed)."""
        board = self.board
        ply = max(0, min(self.replay.length, ply))
        if ply == self.ply and not again:
            return
        board.finish_animations()
        before = self.match.state
        step = ply == self.ply + 1
        self._show(ply)
        board.controller.reset_input()
        board.last_played = None
        if animate and step and self.may_see_all():
            seat = self.replay.played[ply - 1].seat
            views = [None] * before.players
            views[board.viewer] = before.view(board.viewer)
            board.last_played = (self.replay.moves[ply - 1], seat, views)
            board.animate_last_move()
        self.frame_log(ply)
        board.refresh_panel()

    def frame_log(self, ply: int) -> None:
        """Frame the log's entry of the move that led to `ply`; at the start of the game
        nothing is framed and the log shows its first lines."""
        log = self.board.log
        log.show(self.move_entries.get(ply) if ply else None)
        if not ply:
            log.scroll_by(len(log.lines))

    def step(self, by: int) -> None:
        self.seek(self.ply + by, animate=by == 1)

    def view(self) -> dict:
        board = self.board
        key = (self.ply, board.viewer, self.match.revision)
        if self._view_cache[0] != key:
            state = self.match.state
            shown = state.view(board.viewer) if self.may_see_all() else public_view(state, board.viewer)
            self._view_cache = (key, shown)
        return self._view_cache[1]

    # ---- what a game does that a replay does not ----------------------------
    def waiting(self) -> bool:
        return False

    def disabled_button_note(self, pos):
        return None

    def open_menu(self) -> None:
        self.back()

    def undo(self) -> None:
        pass

    # ---- the panel ---------------------------------------------------------
    def panel_header_height(self, height: int) -> int:
        """No messages under the status line but the note of a game in progress: more room for the log."""
        return height - (40 if self.may_see_all() else 0)

    def panel_button_rows(self, rows: int) -> int:
        """Back and the speed, the transport, the timeline, and Review and whose view where there."""
        finished = self.replay.finished
        return 3 + (finished and self.offers_review) + (finished and self.replay.spec.hidden_information)

    def built(self) -> None:
        board = self.board
        panel = board.panel
        for element in list(board.actions):
            if element.text in ("Undo", "Menu") or element in panel.game_buttons.values():
                element.kill()
                del board.actions[element]
        panel.game_buttons = {}
        # nothing to redo, hint or do now (the aid): Back and Speed sit there
        for button in (panel.redo_button, panel.hint_button, panel.aid_button):
            button.hide()
        p, k = panel.rect, panel.scale
        theme = sizing.button_class(k)  # the panel's scale: its buttons' words grow with it
        bh, small = round(40 * k), round(34 * k)
        back_w = min((p.w - 36) // 2, round(80 * k))  # a short word: the speed's words get the rest of the row
        y = p.bottom - 12 - bh
        board.button((p.x + 12, y, back_w, bh), "Back", self.back, tooltip="Back to where you came from (Esc)",
                     theme_class=theme)
        speed_x = p.x + 12 + back_w + 12
        self.speed_menu = UIDropDownMenu([self.speed_words(name) for name in SPEEDS], self.speed_words(self.speed),
                                         pygame.Rect(speed_x, y, p.right - 12 - speed_x, bh), board.manager,
                                         # at the window's bottom: the list opens upwards
                                         object_id=ObjectID(object_id="#upward_menu", class_id=theme))
        y -= bh + 8
        width = (p.w - 24 - 4 * 6) // 5
        self.transport = {}
        for i, (name, text, action, tip) in enumerate((
                ("first", "|<", lambda: self.seek(0), "The start (Home)"),
                ("back", "<", lambda: self.step(-1), "A move back (←)"),
                ("play", "Pause" if self.playing else "Play", self.toggle_play, "Play or pause (Space)"),
                ("forward", ">", lambda: self.step(1), "A move forward (→)"),
                ("last", ">|", lambda: self.seek(self.replay.length), "The end (End)"))):
            self.transport[name] = board.button((p.x + 12 + i * (width + 6), y, width, bh), text, action,
                                                tooltip=tip, primary=name == "play",
                                                style=sizing.primary_style(k) if name == "play" else None,
                                                theme_class=None if name == "play" else theme)
        y -= round(44 * k) + at_least(28, board.app.settings) - 28  # the timeline and what reaches it (timeline_reach)
        self.timeline = pygame.Rect(p.x + 16, y + round(22 * k), p.w - 32, round(12 * k))
        self.seen_menu = None
        tall = max(small, at_least(34, board.app.settings))  # Large targets: a finger's height (touch.py)
        if self.replay.finished and self.replay.spec.hidden_information:
            y -= tall + 8
            choices = [f"Seen by {TO_MOVE}"] + [f"Seen by {s.name}" for s in self.match.seats]
            current = choices[0 if self.seen_by is None else self.seen_by + 1]
            self.seen_menu = UIDropDownMenu(choices, current, pygame.Rect(p.x + 12, y, p.w - 24, tall),
                                            board.manager, object_id=ObjectID(class_id=theme) if theme else None)
        if self.replay.finished and self.offers_review:
            y -= tall + 8
            board.button((p.x + 12, y, p.w - 24, tall), "Review this game", self.open_review, theme_class=theme,
                         tooltip="The computer looks back at each move: where the game turned, and what was better")
        panel.log_bottom = y - 6
        panel.place_log(panel.log_top)
        board.refresh_panel()

    @staticmethod
    def speed_words(name: str) -> str:
        return f"Speed: {SPEED_WORDS[name]}"

    def refresh_panel(self) -> None:
        if not self.transport:
            return
        end = self.replay.length
        for name, wanted in (("first", self.ply > 0), ("back", self.ply > 0), ("forward", self.ply < end),
                             ("last", self.ply < end), ("play", end > 0)):
            button = self.transport[name]
            if wanted != button.is_enabled:
                button.enable() if wanted else button.disable()
        text = "Pause" if self.playing else "Play"
        if self.transport["play"].text != text:
            self.transport["play"].set_text(text)

    def where(self) -> str:
        """How far the replay stands: after which move (a review's caption names the move to be made next)."""
        return f"After move {self.ply} of {self.replay.length}" if self.ply else "The start of the game"

    def status_text(self) -> str:
        board = self.board
        state = self.match.state
        if state.is_over:
            return board.named(board.controller.words.outcome(state))
        return f"{self.where()}: {self.match.seats[state.to_move].name} to move"

    def draw_on_panel(self, surface) -> None:
        bar = self.timeline
        end = max(1, self.replay.length)
        where = self.where()
        k = self.board.panel.scale
        size, small = round(13 * k), round(12 * k)
        look.text(surface, where, (bar.x, bar.y - round(20 * k)), size, look.INK)
        room = bar.w - look.font(size).size(where)[0] - 12
        hint = next((h for h in ("click or drag to jump", "drag to jump") if look.font(small).size(h)[0] <= room),
                    None)
        if hint:  # a narrow panel keeps the count, and leaves the hint out
            look.text(surface, hint, (bar.right, bar.y - round(19 * k)), small, look.MUTED, anchor="topright")
        pygame.draw.rect(surface, (22, 17, 13), bar, border_radius=6)
        filled = bar.copy()
        filled.w = max(0, round(bar.w * self.ply / end))
        if filled.w:
            pygame.draw.rect(surface, (150, 118, 70), filled, border_radius=6)
        pygame.draw.rect(surface, (110, 88, 64), bar, 1, border_radius=6)
        pygame.draw.circle(surface, look.GOLD, (bar.x + filled.w, bar.centery), round(8 * k))

    # ---- input -------------------------------------------------------------
    KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
    own_keys = frozenset(KEYS) | {pygame.K_HOME, pygame.K_END, pygame.K_SPACE}

    def before_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in self.KEYS:
                self.pause()
                self.step(self.KEYS[event.key])
            elif event.key == pygame.K_HOME:
                self.seek(0)
            elif event.key == pygame.K_END:
                self.seek(self.replay.length)
            elif event.key == pygame.K_SPACE:
                self.toggle_play()
            elif event.key == pygame.K_ESCAPE:
                self.back()
            return True  # no undo, menu or confirm in a replay
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.timeline_reach().collidepoint(event.pos):
            self.dragging = True
            self.pause()
            self.seek_to_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.seek_to_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging:
                self.dragging = False
                return True
            entry = self.board.log.entry_at(event.pos)
            if entry is not None:
                self.pause()
                self.seek(self.replay.log[entry][0])
                return True
        return False

    def seek_to_x(self, x: int) -> None:
        bar = self.timeline
        self.seek(round((x - bar.x) / max(1, bar.w) * self.replay.length))

    def timeline_reach(self) -> pygame.Rect:
        """Where a click or drag finds the timeline: above and below it too (a finger's height with Large
        targets, touch.py)."""
        return self.timeline.inflate(0, at_least(28, self.board.app.settings) - self.timeline.h)

    def takes_drag(self, pos) -> bool:
        return self.timeline_reach().collidepoint(pos)

    def own_click_targets(self) -> list:
        return [("timeline", self.timeline_reach())] if self.timeline.w else []

    def on_choice(self, element, text) -> bool:
        """True when `element` is one of the replay's drop-downs."""
        if element is self.speed_menu:
            self.speed = next(name for name in SPEEDS if self.speed_words(name) == text)
        elif element is self.seen_menu:
            choices = [f"Seen by {TO_MOVE}"] + [f"Seen by {s.name}" for s in self.match.seats]
            index = choices.index(text) if text in choices else 0
            self.seen_by = None if index == 0 else index - 1
            self.board.viewer = self.seat_shown(self.match.state)
        else:
            return False
        return True

    def open_review(self) -> None:
        self.pause()
        self.board.app.open_review(self.replay)

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
            return
        if self.ply >= self.replay.length:
            self.seek(0)  # played to the end: play from the start again
        self.playing = True
        self.since = 0.0
        self.board.refresh_panel()

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self.board.refresh_panel()

    def back(self) -> None:
        self.playing = False
        app = self.board.app
        if len(app.scenes) > 1:
            app.pop()

    # ---- frames ------------------------------------------------------------
    def update(self, dt: float) -> bool:
        if self.playing and self.board.app.scene is self.board:
            self.since += dt
            if self.since >= SPEEDS[self.speed]:
                self.since = 0.0
                self.step(1)
                if self.ply >= self.replay.length:
                    self.pause()
                return True
        return False

    def frame_interval(self, interval: float | None) -> float | None:
        if self.playing:
            due = max(0.0, SPEEDS[self.speed] - self.since)
            return due if interval is None else min(interval, due)
        return interval


def replay_scene(app, replay: Replay, ply: int | None = None, follow=None):
    """The replay of `replay` on its game's board screen, after `ply` moves (default: the last);
    `follow`: the file of a game in progress another window plays, whose new moves it shows."""
    mode = ReplayMode(replay, ply, follow)
    return board_scene_class(replay.spec.id)(app, mode.match, mode)


def is_replay(scene) -> bool:
    return isinstance(getattr(scene, "mode", None), ReplayMode)

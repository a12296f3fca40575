"""BoardScene: the game screen every game shares.

A game's scene implements only geometry and drawing:

    layout(rect)                      place everything for this board area
    target_at(pos) -> target | None   pixel -> click target
    target_rect(target) -> Rect       target -> where to click (tests use it)
    draw_board(surface, view, highlights)  draw `view` (what the seat in front may see)

and, optionally, animations for a move just played. The side panel (players,
scores, what to do now, messages, the move log, undo and menu, the game's own
buttons) and the input handling live here once, on top of the shared
Controller.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

import pygame

from ..engine.core import is_confirmed, seat_names
from . import boards, look, sizing
from .aid import AidScene
from .controller import Controller
from .draw import ease
from .hint import Hinter
from .hitmap import HitMap
from .movelog import MoveLog
from .watch import WatchControls, watching
from .menus import HandOffScene, MenuScene
from .results import ResultsScene
from .scene import Scene, panel

SPEED_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
RESULTS_DELAY = 0.9  # seconds between the last move's animation and the results screen
WAITING_FRAME_S = 0.1  # while a computer thinks: 10 frames a second for its bar, the rest for its search
PULSE_CLOCK = time.monotonic  # what highlights throb by (tests that compare frames hold it still)


def pulse() -> float:
    """0..1, the gentle throb of a highlight. Frames are drawn only when something
    changes, so a screen at rest keeps the phase its last frame caught."""
    return 0.5 + 0.5 * math.sin(PULSE_CLOCK() * 4)


@dataclass
class Anim:
    """A short animation drawn over the board; t runs from 0 to 1."""

    duration: float
    paint: Callable  # paint(surface, t)
    hides: frozenset = frozenset()  # targets whose resting piece is not drawn meanwhile
    delay: float = 0.0
    elapsed: float = 0.0
    shown: bool = False  # drawn at least once

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class BoardScene(Scene):
    background = "felt.png"
    PANEL_WIDTH = 340
    PANEL_TAG = ""  # a word beside the game's name on the panel ("Replay")
    BUTTONS: dict[str, str] = {}  # ("button", name) targets -> button text

    def __init__(self, app, match):
        self.match = match
        self.controller = Controller(match)
        self.controller.on_played = self._played
        self.controller.needs_confirm = self.hands_off_after
        self.controller.named = self.named
        self.keeper = None  # the GameKeeper that keeps the game on disk (start_match gives it)
        self.anims: list[Anim] = []
        self.log = MoveLog()
        self.log.replace(self._replayed_log())
        self.game_buttons: dict[str, object] = {}
        self.results_shown = match.state.is_over
        self.over_since = None
        humans = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        self.viewer = humans[0] if humans else 0
        self.confirmed_viewer = None if self.needs_hand_off() else self.viewer
        self.pressed_target = None
        self.last_played = None  # (move, seat, every seat's view before it), for animating it
        self.drawn_revision, self.drawn_status = None, ""
        self.hits = HitMap()  # filled by draw_board (and the panel), read by target_at
        self.turn_sound_due = False  # a person's turn comes after the computer's move has been shown
        self.hinter = Hinter(match)  # the computer's suggestion for the seat to move (Hint, H)
        self.watch = self.watch_controls(match)
        super().__init__(app)

    def watch_controls(self, match) -> WatchControls | None:
        """Every seat the computer: the game is watched, with pause, step and speed."""
        return WatchControls(self) if watching(match) else None

    # ---- to implement per game ---------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def target_at(self, pos):
        """The target drawn under `pos` in the last frame (see `self.hits`)."""
        return self.hits.at(pos)

    def target_rect(self, target) -> pygame.Rect | None:
        """Where `target` was drawn in the last frame."""
        return self.hits.rect_of(target)

    def draw_board(self, surface, view: dict, highlights) -> None:
        raise NotImplementedError

    def animations_for(self, move, seat: int, before: dict, after: dict) -> list[Anim]:
        return []

    def score_breakdown(self, seat: int) -> str:
        return ""

    # ---- building ------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        h -= self.band_height(w)  # the board and the panel stand above the band
        self.folded = self.app.settings.get("panel_folded", False)
        button_rows = len(self.BUTTONS) + (self.watch is not None) + self.needs_hand_off() + 1 + self.folded
        self.asked_scale = sizing.scale_of(self.app.settings)
        k = self.ui_scale = sizing.panel_scale(self.asked_scale, h, len(self.match.seats), button_rows)
        width = sizing.panel_width(w, k, self.folded)
        self.panel_rect = pygame.Rect(w - width - 10, 10, width, h - 20)
        self.board_rect = pygame.Rect(10, 10, w - width - 30, h - 20)
        p = self.panel_rect
        bh, step, theme = round(40 * k), round(40 * k) + 8, sizing.button_class(k)
        fold = round(26 * k)
        self.fold_button = self.button((p.right - fold - 8, p.y + 8, fold, fold), "«" if self.folded else "»",
                                       self.toggle_fold, tooltip="The full panel, with the move log" if self.folded
                                       else "A narrower panel without the move log: more room for the board")
        self.aid_button = self.button((p.right - 2 * fold - 14, p.y + 8, fold, fold), "?", self.open_aid,
                                      tooltip="What you may do now, and how it scores (F1)")
        cells = 2 if self.folded else 4  # Undo, Redo, Hint, Menu: a row of four, or two rows of two
        cell_w = (p.w - 24 - (cells - 1) * 8) // cells
        places = []
        for i in range(4):
            row, column = divmod(i, cells)
            rows_below = 4 // cells - 1 - row
            places.append((p.x + 12 + column * (cell_w + 8), p.bottom - 12 - bh - rows_below * step))
        actions = (("Undo", self.undo, "Take back your last move (Ctrl+Z)"),
                   ("Redo", self.redo, "Play again what Undo took back (Ctrl+Y)"),
                   ("Hint", self.ask_hint, "The computer suggests a move (H)"),
                   ("Menu", self.open_menu, "Save, rules, settings, quit (Esc)"))
        self.undo_button, self.redo_button, self.hint_button, _menu = (
            self.button((x, y, cell_w, bh), text, action, tooltip=tip, theme_class=theme)
            for (x, y), (text, action, tip) in zip(places, actions))
        y = min(y for _x, y in places) - step
        self.game_buttons = {}
        style = "#compact_primary_button" if self.folded else sizing.primary_style(k)  # the font grows with the panel
        for name, text in reversed(list(self.BUTTONS.items())):
            self.game_buttons[name] = self.button((p.x + 12, y, p.w - 24, bh), text,
                                                  lambda n=name: self.click_target(("button", n)), primary=True,
                                                  style=style)
            y -= step
        self.confirm_button = None
        if self.needs_hand_off():  # a secret choice waits for its maker's confirmation
            self.confirm_button = self.button((p.x + 12, y, p.w - 24, bh), "Confirm", self.confirm, primary=True,
                                              style=style, tooltip="Make your choice final (Enter)")
            self.confirm_button.hide()
            y -= step
        if self.watch is not None:
            self.watch.build(pygame.Rect(p.x + 12, y, p.w - 24, bh), "@ui_small" if self.folded else theme)
            y -= step
        self.log_top = p.y + self.panel_header_height()
        self.log.set_scale(k)
        self.log_bottom = y + step - 6  # the log fills the panel down to the buttons (see place_log)
        self.place_log(self.log_top)
        self.app.sounds.prepare()
        self.layout(self.board_rect)
        self.refresh_panel()

    def band_height(self, width: int) -> int:
        """Height kept at the window's bottom, across its whole width, for a band of the
        scene's own (a lesson's words); a game has none."""
        return 0

    def panel_header_height(self) -> int:
        return round((96 + 34 * len(self.match.seats) + 92) * self.ui_scale)

    def place_log(self, top: int) -> None:
        """The move log from `top` (under what the panel says now) down to the buttons; at
        least a few lines high, however long the message above it (that is cut shorter)."""
        if self.folded:
            self.log.set_rect(pygame.Rect(self.panel_rect.x + 10, top, self.panel_rect.w - 20, 0))
            return
        top = min(top, self.log_bottom - 4 * self.log.line_height - 8)
        rect = pygame.Rect(self.panel_rect.x + 10, top, self.panel_rect.w - 20, self.log_bottom - top)
        if rect != self.log.rect:
            self.log.set_rect(rect)

    def enter(self) -> None:
        super().enter()
        if sizing.scale_of(self.app.settings) != self.asked_scale:  # changed in Settings meanwhile
            self.rebuild()

    def leave(self) -> None:
        super().leave()
        if self.keeper is not None:
            self.keeper.close()  # another window may open the game now

    def toggle_fold(self) -> None:
        """A compact panel without the move log, or the full one; kept in the settings."""
        self.app.settings["panel_folded"] = not self.folded
        self.app.save_settings()
        self.rebuild()

    # ---- which seat sits in front of the screen -----------------------
    def needs_hand_off(self) -> bool:
        humans = [s for s in self.match.seats if s.kind == "human"]
        return self.match.spec.hidden_information and len(humans) > 1

    def _check_viewer(self) -> None:
        seat = self.match.state.to_move
        if seat is None or self.match.seats[seat].kind != "human" or seat == self.confirmed_viewer:
            return
        if not self.needs_hand_off():
            self.viewer = self.confirmed_viewer = seat
            return
        if isinstance(self.app.scene, HandOffScene) or self.app.scene is not self:
            return
        person = self.match.seats[seat]
        self.forget_input()  # nothing of the last person's stays under the cover

        def ready(seat=seat):
            self.viewer = self.confirmed_viewer = seat
            self.forget_input()
            if self.last_played is not None and self.last_played[1] != seat:
                self._animate_last_move()  # the others' last move, as this seat may see it
        self.app.push(HandOffScene(self.app, person.name, person.colour, ready))

    def forget_input(self) -> None:
        """Drop everything that belonged to the person who was in front of the
        screen: hover, a half-made or unconfirmed move, messages, animations."""
        self.controller.reset_input()
        self.hinter.drop()
        self.forget_widget_hover()
        self.pressed_target = None
        self.anims.clear()
        self.log.scroll = 0
        self._set_hand_cursor(False)
        self.refresh_panel()

    def hands_off_after(self, move) -> str | None:
        """The name of the person the screen goes to after `move`, when that
        needs a hand-off: then the move waits for its maker to confirm it."""
        if not self.needs_hand_off() or is_confirmed(move.targets):
            return None  # a move confirmed by its second click is not asked again
        after = self.match.state.clone()
        after.apply(move)
        nxt = after.to_move
        if nxt is None or nxt == self.match.state.to_move or self.match.seats[nxt].kind != "human":
            return None
        return self.match.seats[nxt].name

    def view(self) -> dict:
        return self.match.state.view(self.viewer)

    # ---- input ---------------------------------------------------------
    def on_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.log.handle_wheel(event, self.app.mouse_pos):
            return
        if event.type == pygame.MOUSEMOTION:
            target = self.target_under(event.pos)
            self.controller.set_hover(target)
            self._set_hand_cursor(target is not None and target in self.controller.next_targets())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_target = self.target_at(event.pos) if self.board_rect.collidepoint(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.board_rect.collidepoint(event.pos):
                self.click_target(self.target_at(event.pos))
            else:
                note = self.disabled_button_note(event.pos)
                if note is not None:
                    self.controller.message = note[1]
                    self.app.sounds.play("refused")
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.controller.cancel()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.controller.prefix:
                    self.controller.cancel()
                else:
                    self.open_menu()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and event.mod & pygame.KMOD_SHIFT:
                self.redo()
            elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL:
                self.redo()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.controller.pending is not None:
                self.confirm()
            elif event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
                self.ask_hint()
            elif event.key == pygame.K_F1:
                self.open_aid()
            elif self.watch is not None:
                self.watch.on_key(event.key)
        self.refresh_panel()

    def disabled_button_note(self, pos):
        """(rect, why) for a disabled button under `pos` (a click on it is not passed
        on by pygame-gui), else None."""
        for name, element in self.game_buttons.items():
            if not element.is_enabled and element.rect.collidepoint(pos):
                return element.rect, self.controller.refusal(("button", name))
        if not self.undo_button.is_enabled and self.undo_button.rect.collidepoint(pos):
            return self.undo_button.rect, self.match.can_undo() or "Please wait: the computer is thinking."
        if not self.redo_button.is_enabled and self.redo_button.rect.collidepoint(pos):
            return self.redo_button.rect, self.match.can_redo() or "Please wait: the computer is thinking."
        if not self.hint_button.is_enabled and self.hint_button.rect.collidepoint(pos):
            why = ("The game is over." if self.match.state.is_over else "Please wait: the computer is thinking."
                   if not self.controller.human_to_move() else "The hint for this position is asked for already.")
            return self.hint_button.rect, why
        return None

    @property
    def mouse(self) -> tuple[int, int]:
        """Where the pointer is, for what the board draws under it (nowhere while a
        menu or another screen is on top: the board does not answer it then)."""
        return self.app.mouse_pos if self.app.scene is self else (-1, -1)

    def target_under(self, pos):
        """The board's target drawn under `pos` in the last frame, or None."""
        return self.target_at(pos) if self.board_rect.collidepoint(pos) else None

    def _set_hand_cursor(self, hand: bool) -> None:
        if hand == getattr(self, "_hand_cursor", False):
            return
        self._hand_cursor = hand
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass  # no system cursors (e.g. the dummy video driver)

    def click_target(self, target) -> None:
        self.finish_animations()
        if self.controller.click(target).kind == "refused":
            self.app.sounds.play("refused")
        self.refresh_panel()

    def confirm(self) -> None:
        self.finish_animations()
        self.controller.confirm()
        self.refresh_panel()

    def undo(self) -> None:
        self._history_step(self.controller.undo)

    def redo(self) -> None:
        self._history_step(self.controller.redo)

    def _history_step(self, step) -> None:
        self.finish_animations()
        if not step():  # done: the log is the game's again
            self.log.replace(self._replayed_log())
            self.results_shown = self.match.state.is_over
        self.refresh_panel()

    def open_menu(self) -> None:
        self.app.push(MenuScene(self.app, self))

    def open_aid(self) -> None:
        """The player aid over the board: what may be done now (F1, or the ? button)."""
        self.app.push(AidScene(self.app, self))

    def on_choice(self, element, text) -> None:
        if self.watch is not None:
            self.watch.on_choice(element, text)

    def ask_hint(self) -> None:
        """The computer suggests a move for the seat in front of the screen (counted in the match)."""
        if not self.hint_button.visible or not self.controller.human_to_move() or self.hinter.current is not None:
            return
        why = self.hinter.ask()
        self.controller.message = why or "Looking for a good move…"
        self.refresh_panel()

    def _collect_hint(self) -> bool:
        """True when the hint changed (arrived, or became stale)."""
        # said as to the player who asked (it may name their own hidden card), not as the public log says it
        if not self.hinter.poll(lambda state, move: self.named(self.controller.words.confirm(state, move))):
            return False
        hint = self.hinter.current
        if hint is not None and hint.move is not None:
            self.controller.message = f"Hint: {hint.words}"
        elif self.controller.message == "Looking for a good move…":
            self.controller.message = "No hint this time."
        self.refresh_panel()
        return True

    def draw_hint(self, surface) -> None:
        """The hint's click path glows in the hint colour, numbered in click order."""
        path = self.hinter.path()
        throb = pulse()
        for n, target in enumerate(path, 1):
            if target[0] == "button" and target[1] in self.game_buttons:
                rect = self.game_buttons[target[1]].rect
            else:
                rect = self.target_rect(target)
            if rect is None:
                continue
            box = rect.inflate(6 + int(4 * throb), 6 + int(4 * throb))
            pygame.draw.rect(surface, look.HINT, box, 3, border_radius=8)
            if len(path) > 1:
                look.text(surface, str(n), (box.right - 2, box.y + 2), 14, look.HINT, bold=True, anchor="topright")

    # ---- moves played --------------------------------------------------
    def _played(self, move, seat, before, label) -> None:
        self.log.append(seat, self.named(label))
        self.app.sounds.play("end" if self.match.state.is_over else self.controller.sound)
        nxt = self.match.current_seat()
        self.turn_sound_due = self.match.seats[seat].is_computer and nxt is not None and not nxt.is_computer
        for row in self._note_rows(self.match.state):
            self.log.append(*row)
        self.last_played = (move, seat, before)
        self._animate_last_move()
        self.refresh_panel()

    def _animate_last_move(self) -> None:
        """Animate the last move as the seat in front of the screen saw it happen."""
        factor = SPEED_FACTOR.get(self.app.settings.get("animation_speed", "normal"), 1.0)
        if self.watch is not None:
            factor = self.watch.animation_factor
        if factor <= 0 or self.last_played is None or self.last_played[2] is None:
            return
        move, seat, before = self.last_played
        viewer = self.viewer
        for anim in self.animations_for(move, seat, before[viewer], self.match.state.view(viewer)):
            anim.duration *= factor
            anim.delay *= factor
            self.anims.append(anim)

    def start_state(self):
        """The state the match's record starts from."""
        match = self.match
        return match.spec.new_game(len(match.seats), match.seed, match.options)

    def _replayed_log(self) -> list:
        spec, match = self.match.spec, self.match
        state = self.start_state()
        log = self._note_rows(state)
        for text in match.notations:
            move = spec.parse_move(state, text)
            log.append((state.to_move, self.named(self.controller.words.move(state, move))))
            state.apply(move)
            log += self._note_rows(state)
        return log

    def _note_rows(self, state) -> list:
        """The log lines for what the rules did by themselves as `state` was reached."""
        return [(seat, self.named(text)) for seat, text in self.controller.words.notes(state, len(state.history))]

    def finish_animations(self) -> None:
        self.anims.clear()

    def hidden_targets(self) -> frozenset:
        out = set()
        for anim in self.anims:
            out |= anim.hides
        return frozenset(out)

    # ---- frame ---------------------------------------------------------
    def busy(self) -> bool:
        """Animating: every frame is needed."""
        return bool(self.anims)

    def waiting(self) -> bool:
        """A computer thinks, or the results screen is due: the screen changes by itself, slowly."""
        state = self.match.state
        if self.watch is not None and self.watch.idle():
            return state.is_over and not self.results_shown
        return self.controller.thinking is not None or self.hinter.thinking or (
            not state.is_over and self.match.is_computer_turn()) or (
            state.is_over and not self.results_shown)

    def frame_interval(self) -> float | None:
        if self.busy():
            return 0.0
        if self.waiting():
            return WAITING_FRAME_S
        return super().frame_interval()

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        for anim in self.anims:
            if anim.shown:  # time runs from the first frame that showed it
                anim.elapsed += dt
        running = [a for a in self.anims if not a.done]
        # one more frame shows the pieces at rest
        changed = changed or len(running) != len(self.anims) or bool(running)
        self.anims = running
        if self.app.scene is self:
            ready = not self.anims and (self.watch is None or self.watch.may_move())
            if self.controller.poll(ready=ready) is not None:
                if self.watch is not None:
                    self.watch.moved()
                self.refresh_panel()
                changed = True  # the computer's move is on the board: show it now, not at the next input
            changed = self._collect_hint() or changed
            if self.turn_sound_due and not self.anims:
                self.turn_sound_due = False
                self.app.sounds.play("turn")  # after the computer's move is shown: your turn
            self._check_viewer()
            self._maybe_show_results()
        return changed

    def _maybe_show_results(self) -> None:
        if not self.match.state.is_over or self.results_shown or self.anims:
            self.over_since = None
            return
        now = time.monotonic()
        if self.over_since is None:
            self.over_since = now
        elif now - self.over_since >= RESULTS_DELAY:
            self.results_shown = True
            self.app.push(ResultsScene(self.app, self))

    def refresh_panel(self) -> None:
        """Update the pygame-gui parts when the game changed (not every frame)."""
        if self.manager is None:
            return  # the scene has left
        can_undo = self.match.can_undo() is None and not self.match.is_computer_turn()
        if can_undo != self.undo_button.is_enabled:
            self.undo_button.enable() if can_undo else self.undo_button.disable()
        can_redo = self.match.can_redo() is None and not self.match.is_computer_turn()
        if can_redo != self.redo_button.is_enabled:
            self.redo_button.enable() if can_redo else self.redo_button.disable()
        can_hint = self.controller.human_to_move() and self.hinter.current is None
        if can_hint != self.hint_button.is_enabled:
            self.hint_button.enable() if can_hint else self.hint_button.disable()
        nxt = self.controller.next_targets()
        for name, element in self.game_buttons.items():
            wanted = ("button", name) in nxt
            if wanted != element.is_enabled:
                element.enable() if wanted else element.disable()
        if self.confirm_button is not None:
            pending = self.controller.pending
            if pending is None and self.confirm_button.visible:
                self.confirm_button.hide()
            elif pending is not None:
                # the compact panel has no room for the name: the message line says it
                text = "Confirm" if self.folded else f"Confirm: pass to {self.controller.pending_to}"
                if self.confirm_button.text != text:
                    self.confirm_button.set_text(text)
                if not self.confirm_button.visible:
                    self.confirm_button.show()

    def draw(self, surface) -> None:
        surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        highlights = self.controller.highlights()
        view = self.view()
        self.hits.clear()
        with look.within(self.board_rect):  # the board's words stay on the board
            self.draw_board(surface, view, highlights)
        # The hover is what lies under the pointer in this frame, not in the frame the
        # mouse last moved over: a move, an undo or a hand-off moves the board's places
        # under a resting pointer. When it changed, draw the board again with it lit.
        if self.controller.set_hover(self.target_under(self.mouse)):
            surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
            highlights = self.controller.highlights()
            self.hits.clear()
            with look.within(self.board_rect):
                self.draw_board(surface, view, highlights)
        if self.app.scene is self:
            self._set_hand_cursor(self.controller.hover in highlights.next_targets)
        for anim in self.anims:
            anim.shown = True
            if anim.started:
                anim.paint(surface, ease(anim.t))
        self.draw_hint(surface)
        with look.within(self.panel_rect):  # and the panel's on the panel
            self.draw_panel(surface, highlights)
            if self.log.rect.h:
                self.log.draw(surface, self.seat_rgb)
        self.manager.draw_ui(surface)
        note = None if self.board_rect.collidepoint(self.mouse) else self.disabled_button_note(self.mouse)
        if note is not None:
            self.draw_note(surface, *note)

    def draw_note(self, surface, rect, text) -> None:
        """A tooltip above a disabled button saying why it is disabled."""
        lines = look.wrap_text(text, 13, self.panel_rect.w - 44, max_lines=4)
        box = pygame.Rect(0, 0, self.panel_rect.w - 24, 12 + 17 * len(lines))
        box.midbottom = (self.panel_rect.centerx, rect.y - 6)
        pygame.draw.rect(surface, (32, 26, 20), box, border_radius=6)
        pygame.draw.rect(surface, look.GOLD, box, 1, border_radius=6)
        for k, line in enumerate(lines):
            look.text(surface, line, (box.x + 10, box.y + 6 + 17 * k), 13, look.INK)

    def draw_panel(self, surface, highlights) -> None:
        p, k = self.panel_rect, self.ui_scale

        def px(value):  # a size on the panel at its scale
            return round(value * k)
        panel(surface, p)
        state = self.match.state
        edge = (self.aid_button if self.aid_button.visible else self.fold_button).rect.x
        room = edge - 8 - (p.x + px(16))  # up to the ? and » buttons
        title = self.match.spec.title
        sizes = [px(22), px(18), max(look.SMALLEST_TEXT, px(15))]  # a long title is set smaller before it is cut

        def fitting(width):
            return next((s for s in sizes if look.font(s, True).size(title)[0] <= width), None)
        tag_w = look.font(px(14), True).size(self.PANEL_TAG)[0] + 8 if self.PANEL_TAG else 0
        # what kind of board this is ("Replay"), left of those buttons, where the title leaves room
        if self.PANEL_TAG and fitting(room - tag_w) is not None:
            look.text(surface, self.PANEL_TAG, (edge - 6, p.y + px(18)), px(14), look.MUTED, bold=True,
                      anchor="topright")
            room -= tag_w
        size = fitting(room) or sizes[-1]
        title = look.fit_text(title, size, room, bold=True)
        look.text(surface, title, (p.x + px(16), p.y + px(12) + (px(22) - size) // 2), size, look.GOLD, bold=True)
        y = p.y + px(50)
        scores = state.scores()
        labels = self.match.spec.seat_labels
        for i, seat in enumerate(self.match.seats):
            row = pygame.Rect(p.x + 8, y - px(3), p.w - 16, px(30))
            if i == state.to_move:
                pygame.draw.rect(surface, (70, 56, 40), row, border_radius=6)
                pygame.draw.rect(surface, look.GOLD, row, 1, border_radius=6)
            look.draw_seat_shape(surface, seat.colour, (p.x + px(26), y + px(12)), px(9), self.seat_rgb(i))
            name = seat.name + (f" ({labels[i]})" if i < len(labels) and labels[i] not in seat.name else "")
            level = seat.level if seat.kind == "computer" and not self.folded else ""
            score = look.text(surface, str(scores[i]), (p.right - px(18), y + px(1)), px(18), look.INK, bold=True,
                              anchor="topright")
            right = score.x - px(8)  # the name ends before the level and the score: never under them
            bold = i == state.to_move
            if level and look.font(px(16), bold).size(name)[0] + look.font(px(12)).size(level)[0] + px(8) \
                    <= right - (p.x + px(44)):  # a narrow panel keeps the whole name, not the level
                right = look.text(surface, level, (right, y + px(5)), px(12), look.MUTED, anchor="topright").x - px(8)
            room = right - (p.x + px(44))
            size = px(16)
            if look.font(size, bold).size(name)[0] > room:  # a long name is set smaller before it is shortened
                size = max(look.SMALLEST_TEXT, px(13))
            look.text(surface, look.fit_text(name, size, room, bold=bold),
                      (p.x + px(44), y + px(2) + (px(16) - size) // 2), size, look.INK, bold=bold)
            if highlights.thinking and i == state.to_move:
                bar = pygame.Rect(p.x + px(44), y + px(24), room, 3)
                pygame.draw.rect(surface, (60, 50, 40), bar)
                pygame.draw.rect(surface, look.GOLD, (bar.x, bar.y, int(bar.w * highlights.progress), 3))
            y += px(34)
        y += px(6)
        status = self.status_text(highlights)
        # what this frame showed, so tests can tell a stale screen from a fresh one
        self.drawn_revision, self.drawn_status = self.match.revision, status
        log_room = 0 if self.folded else 4 * self.log.line_height + 8  # the log keeps four lines
        # what to do now is read whole: a narrow or big panel gives it more lines, not "…"
        room = self.log_bottom - log_room - y
        size, step = px(15), px(20)
        wrapped = look.wrap_text(status, size, p.w - px(32), bold=True)
        if len(wrapped) > max(2, min(4, room // step)):  # a long result: smaller letters before a cut
            size = max(look.SMALLEST_TEXT, px(13))
            step = size + max(3, px(4))
            wrapped = look.wrap_text(status, size, p.w - px(32), bold=True, max_lines=max(2, min(5, room // step)))
        for line in wrapped:
            look.text(surface, line, (p.x + px(16), y), size, look.HIGHLIGHT, bold=True)
            y += step
        message = self.controller.message
        if message:
            lines = max(1, min(3, (self.log_bottom - log_room - y) // px(18)))
            for line in look.wrap_text(message, px(14), p.w - px(32), max_lines=lines):
                look.text(surface, line, (p.x + px(16), y), px(14), look.WARN)
                y += px(18)
        self.place_log(y + px(8))

    def status_text(self, highlights) -> str:
        """The side panel's line under the players: the result, who thinks, or what to do."""
        state = self.match.state
        if state.is_over:
            return self.named(self.controller.words.outcome(state))
        if self.watch is not None and self.watch.paused:
            return f"Paused: {self.match.seats[state.to_move].name} to move"
        if highlights.thinking or self.match.is_computer_turn():
            dots = "." * (1 + int(time.monotonic() * 3) % 3)
            return f"{self.match.seats[state.to_move].name} is thinking{dots}"
        return self.named(self.controller.words.phase(state)) or f"{self.match.seats[state.to_move].name} to move"

    # ---- helpers for game scenes --------------------------------------
    def named(self, text: str) -> str:
        """Rules know seats, not people: they write P1, P2, ... where a player is
        meant (core.seat_ref); the screen shows the players' names there."""
        return seat_names(text, [s.name for s in self.match.seats])

    def seat_rgb(self, index: int) -> tuple[int, int, int]:
        return boards.side_colour(self.match.spec, index, self.match.seats[index])

    def glow(self, surface, center, radius, colour=look.HIGHLIGHT, width=3) -> None:
        """The highlight ring for a clickable place; it pulses gently."""
        pygame.draw.circle(surface, colour, center, int(radius + 2 * pulse()), width)

"""BoardScene: the game screen every game shares.

A game's scene implements only geometry and drawing:

    layout(rect)                      place everything for this board area
    target_at(pos) -> target | None   pixel -> click target
    target_rect(target) -> Rect       target -> where to click (tests use it)
    draw_board(surface, view, hints)  draw `view` (what the seat in front may see)

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
from . import look
from .controller import Controller
from .draw import ease
from .hitmap import HitMap
from .movelog import MoveLog
from .scene import HandOffScene, MenuScene, ResultsScene, Scene, keep_saved, panel

SPEED_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
RESULTS_DELAY = 0.9  # seconds between the last move's animation and the results screen
WAITING_FRAME_S = 0.1  # while a computer thinks: 10 frames a second for its bar, the rest for its search


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
    BUTTONS: dict[str, str] = {}  # ("button", name) targets -> button text

    def __init__(self, app, match):
        self.match = match
        self.controller = Controller(match)
        self.controller.on_played = self._played
        self.controller.needs_confirm = self.hands_off_after
        self.controller.named = self.named
        match.on_change = lambda m: keep_saved(app, m)  # one autosave per game in progress
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
        self.pointer = None  # where the mouse is over the side panel (a disabled button says why)
        self.hits = HitMap()  # filled by draw_board (and the panel), read by target_at
        self.hover_from_pointer = False  # after a hand-off: hover under the pointer once the new view is drawn
        super().__init__(app)

    # ---- to implement per game ---------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def target_at(self, pos):
        """The target drawn under `pos` in the last frame (see `self.hits`)."""
        return self.hits.at(pos)

    def target_rect(self, target) -> pygame.Rect | None:
        """Where `target` was drawn in the last frame."""
        return self.hits.rect_of(target)

    def draw_board(self, surface, view: dict, hints) -> None:
        raise NotImplementedError

    def animations_for(self, move, seat: int, before: dict, after: dict) -> list[Anim]:
        return []

    def score_breakdown(self, seat: int) -> str:
        return ""

    # ---- building ------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.panel_rect = pygame.Rect(w - self.PANEL_WIDTH - 10, 10, self.PANEL_WIDTH, h - 20)
        self.board_rect = pygame.Rect(10, 10, w - self.PANEL_WIDTH - 30, h - 20)
        p = self.panel_rect
        buttons_y = p.bottom - 52
        third = (p.w - 24 - 2 * 8) // 3
        self.undo_button = self.button((p.x + 12, buttons_y, third, 40), "Undo", self.undo,
                                       tooltip="Take back your last move (Ctrl+Z)")
        self.redo_button = self.button((p.x + 12 + third + 8, buttons_y, third, 40), "Redo", self.redo,
                                       tooltip="Play again what Undo took back (Ctrl+Y)")
        self.button((p.right - 12 - third, buttons_y, third, 40), "Menu", self.open_menu,
                    tooltip="Save, rules, settings, quit (Esc)")
        self.game_buttons = {}
        y = buttons_y - 48
        for name, text in reversed(list(self.BUTTONS.items())):
            self.game_buttons[name] = self.button((p.x + 12, y, p.w - 24, 40), text,
                                                  lambda n=name: self.click_target(("button", n)), primary=True)
            y -= 48
        self.confirm_button = None
        if self.needs_hand_off():  # a secret choice waits for its maker's confirmation
            self.confirm_button = self.button((p.x + 12, y, p.w - 24, 40), "Confirm", self.confirm, primary=True,
                                              tooltip="Make your choice final (Enter)")
            self.confirm_button.hide()
            y -= 48
        self.log_top = p.y + self.panel_header_height()
        self.log.set_rect(pygame.Rect(p.x + 10, self.log_top, p.w - 20, max(80, y - self.log_top + 2)))
        self.layout(self.board_rect)
        self.refresh_panel()

    def panel_header_height(self) -> int:
        return 96 + 34 * len(self.match.seats) + 92

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
            # the pointer is where it is: hover what is under it in the new view, once
            # that view has been drawn (the hit map still holds the last person's view)
            self.hover_from_pointer = True
        self.app.push(HandOffScene(self.app, person.name, person.colour, ready))

    def forget_input(self) -> None:
        """Drop everything that belonged to the person who was in front of the
        screen: hover, a half-made or unconfirmed move, messages, animations."""
        self.controller.reset_input()
        self.forget_widget_hover()
        self.pressed_target = self.pointer = None
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
        if event.type == pygame.MOUSEWHEEL and self.log.handle_wheel(event, pygame.mouse.get_pos()):
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = None if self.board_rect.collidepoint(event.pos) else event.pos
            target = self.target_at(event.pos) if self.board_rect.collidepoint(event.pos) else None
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
        return None

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
        self.controller.click(target)
        self.refresh_panel()

    def confirm(self) -> None:
        self.finish_animations()
        self.controller.confirm()
        self.refresh_panel()

    def undo(self) -> None:
        self.finish_animations()
        if not self.controller.undo():
            self.log.replace(self._replayed_log())
            self.results_shown = self.match.state.is_over
        self.refresh_panel()

    def redo(self) -> None:
        self.finish_animations()
        if not self.controller.redo():
            self.log.replace(self._replayed_log())
            self.results_shown = self.match.state.is_over
        self.refresh_panel()

    def open_menu(self) -> None:
        self.app.push(MenuScene(self.app, self))

    # ---- moves played --------------------------------------------------
    def _played(self, move, seat, before, label) -> None:
        self.log.append(seat, self.named(label))
        for row in self._note_rows(self.match.state):
            self.log.append(*row)
        self.last_played = (move, seat, before)
        self._animate_last_move()
        self.refresh_panel()

    def _animate_last_move(self) -> None:
        """Animate the last move as the seat in front of the screen saw it happen."""
        factor = SPEED_FACTOR.get(self.app.settings.get("animation_speed", "normal"), 1.0)
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
        return self.controller.thinking is not None or (not state.is_over and self.match.is_computer_turn()) or (
            state.is_over and not self.results_shown)

    def frame_interval(self) -> float | None:
        if self.busy():
            return 0.0
        if self.waiting():
            return WAITING_FRAME_S
        return super().frame_interval()

    def update(self, dt: float) -> bool:
        super().update(dt)
        for anim in self.anims:
            if anim.shown:  # time runs from the first frame that showed it
                anim.elapsed += dt
        running = [a for a in self.anims if not a.done]
        changed = len(running) != len(self.anims) or bool(running)  # one more frame shows the pieces at rest
        self.anims = running
        if self.app.scene is self:
            if self.controller.poll(ready=not self.anims) is not None:
                self.refresh_panel()
                changed = True  # the computer's move is on the board: show it now, not at the next input
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
                text = f"Confirm: pass to {self.controller.pending_to}"
                if self.confirm_button.text != text:
                    self.confirm_button.set_text(text)
                if not self.confirm_button.visible:
                    self.confirm_button.show()

    def draw(self, surface) -> None:
        surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        hints = self.controller.hints()
        view = self.view()
        self.hits.clear()
        self.draw_board(surface, view, hints)
        if self.hover_from_pointer:
            self.hover_from_pointer = False
            pos = pygame.mouse.get_pos()
            before = self.controller.hover
            self.controller.set_hover(self.target_at(pos) if self.board_rect.collidepoint(pos) else None)
            if self.controller.hover != before:  # draw the board again, with what is under the pointer lit
                surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
                hints = self.controller.hints()
                self.hits.clear()
                self.draw_board(surface, view, hints)
        for anim in self.anims:
            anim.shown = True
            if anim.started:
                anim.paint(surface, ease(anim.t))
        self.draw_panel(surface, hints)
        self.log.draw(surface, self.seat_rgb)
        self.manager.draw_ui(surface)
        note = self.disabled_button_note(self.pointer) if self.pointer else None
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

    def draw_panel(self, surface, hints) -> None:
        p = self.panel_rect
        panel(surface, p)
        state = self.match.state
        look.text(surface, self.match.spec.title, (p.x + 16, p.y + 12), 22, look.GOLD, bold=True)
        y = p.y + 50
        scores = state.scores()
        labels = self.match.spec.seat_labels
        for i, seat in enumerate(self.match.seats):
            row = pygame.Rect(p.x + 8, y - 3, p.w - 16, 30)
            if i == state.to_move:
                pygame.draw.rect(surface, (70, 56, 40), row, border_radius=6)
                pygame.draw.rect(surface, look.GOLD, row, 1, border_radius=6)
            look.draw_seat_shape(surface, seat.colour, (p.x + 26, y + 12), 9, self.seat_rgb(i))
            name = seat.name + (f" ({labels[i]})" if i < len(labels) and labels[i] not in seat.name else "")
            look.text(surface, look.fit_text(name, 16, p.w - 130), (p.x + 44, y + 2), 16, look.INK,
                      bold=i == state.to_move)
            if seat.kind == "computer":
                look.text(surface, seat.level, (p.right - 64, y + 5), 12, look.MUTED, anchor="topright")
            look.text(surface, str(scores[i]), (p.right - 18, y + 1), 18, look.INK, bold=True, anchor="topright")
            if hints.thinking and i == state.to_move:
                bar = pygame.Rect(p.x + 44, y + 24, p.w - 130, 3)
                pygame.draw.rect(surface, (60, 50, 40), bar)
                pygame.draw.rect(surface, look.GOLD, (bar.x, bar.y, int(bar.w * hints.progress), 3))
            y += 34
        y += 6
        if state.is_over:
            status = self.named(self.controller.words.outcome(state))
        elif hints.thinking or self.match.is_computer_turn():
            dots = "." * (1 + int(time.monotonic() * 3) % 3)
            status = f"{self.match.seats[state.to_move].name} is thinking{dots}"
        else:
            status = self.named(self.controller.words.phase(state)) or f"{self.match.seats[state.to_move].name} to move"
        # what this frame showed, so tests can tell a stale screen from a fresh one
        self.drawn_revision, self.drawn_status = self.match.revision, status
        for line in look.wrap_text(status, 15, p.w - 32, bold=True, max_lines=2):
            look.text(surface, line, (p.x + 16, y), 15, look.HIGHLIGHT, bold=True)
            y += 20
        message = self.controller.message
        if message:
            for line in look.wrap_text(message, 14, p.w - 32, max_lines=3):
                look.text(surface, line, (p.x + 16, y), 14, look.WARN)
                y += 18

    # ---- helpers for game scenes --------------------------------------
    def named(self, text: str) -> str:
        """Rules know seats, not people: they write P1, P2, ... where a player is
        meant (core.seat_ref); the screen shows the players' names there."""
        return seat_names(text, [s.name for s in self.match.seats])

    def seat_rgb(self, index: int) -> tuple[int, int, int]:
        return look.side_colour(self.match.spec, index, self.match.seats[index])

    def glow(self, surface, center, radius, colour=look.HIGHLIGHT, width=3) -> None:
        """The highlight ring for a clickable place; it pulses gently."""
        pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 4)
        pygame.draw.circle(surface, colour, center, int(radius + 2 * pulse), width)

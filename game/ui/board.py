"""BoardScene: the game screen every game shares.

A game's board screen (game/games/<id>/board_screen.py) implements only
geometry and drawing:

    layout(rect)                      place everything for this board area
    target_at(pos) -> target | None   pixel -> click target
    target_rect(target) -> Rect       target -> where to click (tests use it)
    draw_board(surface, view, highlights)  draw `view` (what the seat in front may see)

and, optionally, animations for a move just played. Everything else is here,
once, made of parts a reader finds by name:

    controller   game/ui/controller.py   clicks -> moves (the shared Controller)
    panel        game/ui/side_panel.py   players, scores, what to do, the log, the buttons
    animations   game/ui/animations.py   the moves just played, shown as they happened
    hand_off     game/ui/hand_off.py     who sits in front of the screen; the cover between people
    hints        game/ui/board_hints.py  the computer's suggestion (Hint, H)
    watch        game/ui/watch.py        pause, step and speed when only computers play
    mode         game/ui/board_modes.py  playing (PlayMode), a replay (ReplayMode) or a lesson (LessonMode)
"""
from __future__ import annotations

import math
import time

import pygame

from ..engine.core import seat_names
from . import arrows, boards, look, sizing
from .aid import AidScene
from .animations import SPEED_FACTOR, Anim, AnimationQueue  # noqa: F401 (Anim: the games' board screens make them)
from .board_hints import BoardHints
from .board_modes import PlayMode
from .focus import Stop, reading_order
from .hand_off import HandOff
from .hint import Hinter
from .hitmap import HitMap
from .menus import MenuScene
from .results import ResultsScene
from .scene import Scene
from .side_panel import SidePanel
from .touch import explain_place
from .typed_move import MoveTyping
from .watch import WatchControls, watching

RESULTS_DELAY = 0.9  # seconds between the last move's animation and the results screen
WAITING_FRAME_S = 0.1  # while a computer thinks: 10 frames a second for its bar, the rest for its search
PULSE_CLOCK = time.monotonic  # what highlights throb by (tests that compare frames hold it still)
KEEPER_LOOK_S = 2.0  # how often a board whose game is kept on disk looks that it still holds the game's lock


def pulse() -> float:
    """0..1, the gentle throb of a highlight. Frames are drawn only when something
    changes, so a screen at rest keeps the phase its last frame caught."""
    return 0.5 + 0.5 * math.sin(PULSE_CLOCK() * 4)


class BoardScene(Scene):
    background = "felt.png"
    BUTTONS: dict[str, str] = {}  # ("button", name) targets -> button text
    LEAST_BOARD_WIDTH = 0  # px the board keeps however big the panel is asked to be (its words stay legible)

    def __init__(self, app, match, mode: PlayMode | None = None):
        self.match = match
        self.mode = mode or PlayMode()
        self.mode.attach(self)
        self.controller = self.mode.new_controller(match)
        self.controller.on_played = self._played
        self.hand_off = HandOff(self)
        self.controller.needs_confirm = self.hand_off.next_person
        self.controller.named = self.named
        self.keeper = None  # the GameKeeper that keeps the game on disk (start_match gives it)
        self.animations = AnimationQueue()
        self.log = self.mode.new_log()
        self.results_shown = match.state.is_over
        self.over_since = None
        humans = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        self.viewer = humans[0] if humans else 0  # the seat whose view is drawn
        self.confirmed_viewer = None if self.hand_off.needed() else self.viewer  # the seat that said it is looking
        self.pressed_target = None
        self.changed = None  # the board as last drawn (its state and how many moves), to see it change
        self.pointer_at_change = None  # where the pointer was when the board last changed
        self.last_played = None  # (move, seat, every seat's view before it), for animating it
        self.hits = HitMap()  # filled by draw_board (and the panel), read by target_at
        self.turn_sound_due = False  # a person's turn comes after the computer's move has been shown
        self.hinter = Hinter(match)  # the computer's suggestion for the seat to move (Hint, H)
        self.hints = BoardHints(self, self.hinter)
        self.watch = WatchControls(self) if self.mode.watchable and watching(match) else None
        self.panel = SidePanel(self)
        self.typing_move = MoveTyping(self)  # "/": a move typed in its notation
        super().__init__(app)
        self.mode.started()

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

    def outline_of(self, target) -> list | None:
        """A place that is in the hit map only while it may be clicked (Scrubbudgetel's map):
        its outline on the screen, for showing a move there at any time; None in most games."""
        return None

    def arrow_start(self, move):
        """Where the piece `move` moves stands now, when its click path does not begin there
        (Scurry's squirrel is clicked where it goes); None when the path says it all."""
        return None

    # ---- a move pointed out (the review's played and better moves) ------------------
    def place_centre(self, target):
        """The middle of a board place as last drawn (or as its outline), None for a button or
        a place not on the board now."""
        if target[0] == "button":
            return None
        rect = self.target_rect(target)
        if rect is not None:
            return rect.center
        outline = self.outline_of(target)
        if not outline:
            return None
        return (round(sum(x for x, _y in outline) / len(outline)), round(sum(y for _x, y in outline) / len(outline)))

    def move_arrow(self, move) -> list:
        """The points an arrow for `move` runs through: where its piece stands (arrow_start),
        then the middle of each place of its click path (a place clicked twice to confirm, once)."""
        points = []
        for point in [self.arrow_start(move)] + [self.place_centre(t) for t in move.targets]:
            if point is not None and (not points or points[-1] != tuple(point)):
                points.append(tuple(point))
        return points

    def draw_move_arrow(self, surface, move, colour, width: int = 5) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        arrows.draw_arrow(surface, self.move_arrow(move), colour, width)
        surface.set_clip(clip)

    def animations_for(self, move, seat: int, before: dict, after: dict) -> list[Anim]:
        return []

    def score_breakdown(self, seat: int) -> str:
        return ""

    def colour_groups(self) -> list[tuple[str, dict, str]]:
        """The colours a player must tell apart on this board: (what they are, name -> colour,
        the second cue drawn with each wherever it is drawn, or "": then the colours alone
        must differ for every kind of colour vision; the layout audit checks them)."""
        seats = {f"{i + 1} {seat.name}": self.seat_rgb(i) for i, seat in enumerate(self.match.seats)}
        return [("seats", seats, "each seat's shape, and its name")]

    def score_note(self) -> tuple[str, ...]:
        """What the panel's scores leave unsaid, written under them: its wordings, longest first."""
        return ()

    # ---- building ------------------------------------------------------
    def build(self) -> None:
        room = self.panel.build()
        self.app.sounds.prepare()
        self.board_rect = self.mode.board_area(room)
        self.layout(self.board_rect)
        self.refresh_panel()
        self.mode.built()

    def enter(self) -> None:
        super().enter()
        if sizing.scale_of(self.app.settings) != self.panel.asked_scale:  # changed in Settings meanwhile
            self.rebuild()

    def leave(self) -> None:
        super().leave()
        if self.keeper is not None:
            self.keeper.close()  # another window may open the game now

    def toggle_fold(self) -> None:
        """A compact panel without the move log, or the full one; kept in the settings."""
        self.app.settings["panel_folded"] = not self.panel.folded
        self.app.save_settings()
        self.rebuild()

    def refresh_panel(self) -> None:
        """Update the pygame-gui parts when the game changed (not every frame)."""
        if self.manager is None:
            return  # the scene has left
        self.mode.refresh_panel()

    # ---- the person in front of the screen ----------------------------
    def forget_input(self) -> None:
        """Drop everything that belonged to the person who was in front of the
        screen: hover, a half-made or unconfirmed move, messages, animations."""
        self.controller.reset_input()
        self.pointer_at_change = self.mouse  # the next person's pointer has not moved yet
        self.hinter.drop()
        self.forget_widget_hover()
        self.pressed_target = None
        self.typing_move.close()
        self.focus.forget()
        self.animations.clear()
        self.log.scroll = 0
        self._set_hand_cursor(False)
        self.refresh_panel()

    def view(self) -> dict:
        return self.mode.view()

    # ---- input ---------------------------------------------------------
    def on_event(self, event) -> None:
        if self.mode.before_event(event):
            return
        self.answer(event)
        self.mode.after_event()

    # ---- keys: the board's places are stops of the focus ring (the board cursor) ------
    def focus_stops(self) -> list:
        stops = super().focus_stops()
        for stop in stops:
            if stop.key[0] not in ("target", "board"):
                stop.group = 1  # the panel's buttons after the board's places
        return stops

    def drawn_stops(self) -> list:
        """The places a click could go now (the controller's next targets, where the hit map has them)."""
        if self.app.scene is not self:
            return []
        log = self.log_stops()
        if not self.controller.human_to_move():
            # nobody here may click the board now (the computer's turn, a replay): the ring waits on
            # the board as a whole, where Enter only says why, rather than on Undo or Menu
            return [Stop(("board",), self.board_rect.copy(), self.say_why_not)] + log
        stops = []
        for target in self.controller.next_targets():
            rect = None if target[0] == "button" else self.target_rect(target)  # buttons are stops themselves
            if rect is not None:
                stops.append(Stop(("target", target), rect, lambda t=target: self.click_target(t),
                                  round=self.hits.is_round(target)))
        return stops + log

    def log_stops(self) -> list:
        """The move log, when it holds more than it shows: Up and Down read back through it."""
        log = self.log
        if not log.rect.h or len(log.lines) <= log.visible_count():
            return []

        def read(event) -> bool:
            if event.key not in (pygame.K_UP, pygame.K_DOWN):
                return False
            log.scroll_by(1 if event.key == pygame.K_UP else -1)
            return True
        return [Stop(("log",), log.rect.copy(), lambda: None, on_key=read, group=1)]

    def focus_start(self, stops: list):
        """The hint's first place when a hint shows, else the place nearest the last move."""
        confirm = self.panel.confirm_button
        if self.controller.pending is not None and confirm is not None:  # a secret choice waits for its Confirm
            return next((s for s in stops if s.key[:2] == ("button", confirm.text)), None)
        places = reading_order([s for s in stops if s.key[0] == "target"])
        if not places:
            return next((s for s in stops if s.key == ("board",)), None) or super().focus_start(stops)
        path = self.hinter.path()
        if path:
            hinted = next((s for s in places if s.key[1] == path[0]), None)
            if hinted is not None:
                return hinted
        history = self.match.state.history
        for target in reversed(history[-1].targets if history else ()):
            rect = None if target[0] == "button" else self.target_rect(target)
            if rect is not None:
                return min(places, key=lambda s: (s.rect.centerx - rect.centerx) ** 2
                           + (s.rect.centery - rect.centery) ** 2)
        return places[0]

    def say_why_not(self) -> None:
        if self.mode.follows_turns:  # a game, not a replay: the computer is thinking
            self.controller.message = self.controller.refusal(None)
            self.refresh_panel()

    def keyed_place(self):
        """The board place the focus ring is on while the keys are in use (lit as a hovered one), else None."""
        if not self.app.keys_in_use or self.app.scene is not self:
            return None
        stops = self.focus_stops()
        stop = self.focus.current(reading_order(stops), self.focus_start(stops))
        return stop.key[1] if stop is not None and stop.key[0] == "target" else None

    NUMBER_KEYS = ""  # what the number keys do in this game, for the player aid ("" none)
    GAME_KEYS = ""  # other keys of the game's own (the map's F, + and −)

    def keys_help(self) -> list[str]:
        """The keys of this moment, for the player aid (F1)."""
        lines = []
        if self.controller.human_to_move():
            example = next(iter(self.controller.candidates(())), None)
            lines.append("Arrows move the gold ring over the places you may click; Enter or Space clicks "
                         "there; Esc cancels a half-made move.")
            if example is not None:
                lines.append(f"/ types a move as the log writes it (such as “{example}”), Enter plays it.")
            if self.NUMBER_KEYS:
                lines.append(self.NUMBER_KEYS)
        if self.GAME_KEYS:
            lines.append(self.GAME_KEYS)
        lines.append("Tab reaches the panel's buttons · H hint · Ctrl+Z undo · Ctrl+Y redo · F1 this aid · "
                     "Esc the menu.")
        return lines

    def number_target(self, number: int):
        """The place a number key picks (SkyRunner's bid cards, Skyline's dice); None in most games."""
        return None

    def handle_event(self, event) -> None:
        if self.typing_move.takes(event) and self.controller.human_to_move():
            self.last_input = time.monotonic()
            self.typing_move.on_event(event)
            self.refresh_panel()
            self.app.dirty = True
            return
        super().handle_event(event)

    def keys_of_its_own(self) -> set:
        keys = set(self.mode.own_keys)
        if self.watch is not None:
            keys |= self.watch.KEYS
        return keys

    def answer(self, event) -> None:
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
                note = self.mode.disabled_button_note(event.pos)
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
                self.hints.ask()
            elif pygame.K_1 <= event.key <= pygame.K_9 and not event.mod & pygame.KMOD_CTRL:
                target = self.number_target(event.key - pygame.K_0)
                if target is not None:
                    self.click_target(target)
            elif event.key == pygame.K_F1:
                self.open_aid()
            elif self.watch is not None:
                self.watch.on_key(event.key)
        self.refresh_panel()

    def takes_drag(self, pos) -> bool:
        return self.mode.takes_drag(pos)  # a replay's timeline

    def own_click_targets(self) -> list:
        return self.mode.own_click_targets()

    def on_long_press(self, pos) -> None:
        """A finger resting on a board place: what a tap there would do, on the panel (touch.py)."""
        said = explain_place(self, pos)
        if said:
            self.controller.message = said

    @property
    def mouse(self) -> tuple[int, int]:
        """Where the pointer is, for what the board draws under it (nowhere while a
        menu or another screen is on top: the board does not answer it then)."""
        return self.app.mouse_pos if self.app.scene is self else (-1, -1)

    def note_pointer(self) -> None:
        """Tell the controller whether the pointer still rests where it was when the
        board last changed: a move, an undo, a hand-off. (A motion event with the pointer
        where it was is no move.)"""
        state = self.match.state
        changed = (id(state), len(state.history))
        if changed != self.changed:
            self.changed = changed
            self.pointer_at_change = self.mouse
        self.controller.pointer_still = self.mouse == self.pointer_at_change

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
        answer = self.controller.click(target).kind
        self.hints.follow()
        if answer == "refused":
            self.app.sounds.play("refused")
        elif answer == "pending":
            self.focus.forget()  # the ring goes to Confirm
        self.refresh_panel()
        self.mode.after_click()

    def confirm(self) -> None:
        self.finish_animations()
        self.controller.confirm()
        self.refresh_panel()

    def undo(self) -> None:
        self.mode.undo()

    def redo(self) -> None:
        self.history_step(self.controller.redo)

    def history_step(self, step) -> None:
        """Undo or redo (`step`); when there is no more to take back, the log is the game's again."""
        self.finish_animations()
        if not step():
            self.log.replace(self.log_of_record())
            self.results_shown = self.match.state.is_over
        self.refresh_panel()

    def open_menu(self) -> None:
        self.mode.open_menu()

    def open_game_menu(self) -> None:
        """The in-game menu: save, rules, settings, quit."""
        self.app.push(MenuScene(self.app, self))

    def open_aid(self) -> None:
        """The player aid over the board: what may be done now (F1, or the ? button)."""
        self.app.push(AidScene(self.app, self))

    def on_choice(self, element, text) -> None:
        if self.mode.on_choice(element, text):
            return
        if self.watch is not None:
            self.watch.on_choice(element, text)

    # ---- moves played --------------------------------------------------
    def _played(self, move, seat, before, label) -> None:
        self.log.append(seat, self.named(label))
        self.app.sounds.play("end" if self.match.state.is_over else self.controller.sound)
        nxt = self.match.current_seat()
        self.turn_sound_due = self.match.seats[seat].is_computer and nxt is not None and not nxt.is_computer
        for row in self._note_rows(self.match.state):
            self.log.append(*row)
        self.last_played = (move, seat, before)
        self.focus.forget()  # the ring starts again near the move just played
        self.animate_last_move()
        self.refresh_panel()
        self.mode.played(move, seat)

    def animate_last_move(self) -> None:
        """Animate the last move as the seat in front of the screen saw it happen."""
        factor = SPEED_FACTOR.get(self.app.settings.get("animation_speed", "normal"), 1.0)
        if self.watch is not None:
            factor = self.watch.animation_factor
        if factor <= 0 or self.last_played is None or self.last_played[2] is None:
            return
        move, seat, before = self.last_played
        viewer = self.viewer
        self.animations.add(self.animations_for(move, seat, before[viewer], self.match.state.view(viewer)), factor)

    def log_of_record(self) -> list:
        """The log of the match's record, from its start."""
        spec, match = self.match.spec, self.match
        state = self.mode.start_state()
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

    @property
    def anims(self) -> list[Anim]:
        """The animations running now."""
        return self.animations.running

    def finish_animations(self) -> None:
        self.animations.clear()

    def hidden_targets(self) -> frozenset:
        return self.animations.hidden_targets()

    # ---- frame ---------------------------------------------------------
    def busy(self) -> bool:
        """Animating: every frame is needed."""
        return bool(self.animations)

    def waiting_for_the_game(self) -> bool:
        """A computer thinks, or the results screen is due: the screen changes by itself, slowly."""
        state = self.match.state
        if self.watch is not None and self.watch.idle():
            return state.is_over and not self.results_shown
        return self.controller.thinking is not None or self.hinter.thinking or (
            not state.is_over and self.match.is_computer_turn()) or (
            state.is_over and not self.results_shown)

    def frame_interval(self) -> float | None:
        if self.busy():
            interval = 0.0
        elif self.mode.waiting():
            interval = WAITING_FRAME_S
        else:
            interval = super().frame_interval()
        return self.mode.frame_interval(interval)

    @property
    def RECHECK_S(self) -> float | None:  # noqa: N802 - the Scene's name for it
        if self.keeper is None:
            return self.mode.recheck_s
        return min(self.mode.recheck_s or KEEPER_LOOK_S, KEEPER_LOOK_S)

    def look_again(self) -> bool:
        if self.keeper is not None:
            self.keeper.hold_on()  # its lock file removed meanwhile (with its folder, say): taken again
        return self.mode.look_again()

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        changed = self.animations.advance(dt) or changed
        if self.app.scene is self:
            ready = not self.animations and (self.watch is None or self.watch.may_move())
            if self.controller.poll(ready=ready) is not None:
                if self.watch is not None:
                    self.watch.moved()
                self.refresh_panel()
                changed = True  # the computer's move is on the board: show it now, not at the next input
            if self.hints.collect():
                self.focus.forget()  # the ring goes to the hint's first place
                changed = True
            if self.turn_sound_due and not self.animations:
                self.turn_sound_due = False
                self.app.sounds.play("turn")  # after the computer's move is shown: your turn
            self.hand_off.check()
            self._maybe_show_results()
        return self.mode.update(dt) or changed

    def _maybe_show_results(self) -> None:
        if not self.mode.shows_results:
            return
        if not self.match.state.is_over or self.results_shown or self.animations:
            self.over_since = None
            return
        now = time.monotonic()
        if self.over_since is None:
            self.over_since = now
        elif now - self.over_since >= RESULTS_DELAY:
            self.results_shown = True
            self.app.push(ResultsScene(self.app, self))

    def draw(self, surface) -> None:
        surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        self.note_pointer()
        highlights = self.controller.highlights()
        view = self.view()
        self._draw_board_area(surface, view, highlights)
        # The hover is what lies under the pointer in this frame, not in the frame the
        # mouse last moved over: a move, an undo or a hand-off moves the board's places
        # under a resting pointer. When it changed, draw the board again with it lit.
        keyed = self.keyed_place()
        if self.controller.set_hover(keyed if keyed is not None else self.target_under(self.mouse)):
            surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
            highlights = self.controller.highlights()
            self._draw_board_area(surface, view, highlights)
        if self.app.scene is self:
            self._set_hand_cursor(self.controller.hover in highlights.next_targets)
        self.animations.paint(surface)
        self.hints.draw(surface, pulse())
        self.typing_move.draw(surface, self.board_rect)
        self.mode.draw_over_hint(surface)
        with look.within(self.panel.rect):  # and the panel's on the panel
            self.panel.draw(surface, highlights)
            if self.log.rect.h:
                self.log.draw(surface, self.seat_rgb)
        self.manager.draw_ui(surface)
        note = None if self.board_rect.collidepoint(self.mouse) else self.mode.disabled_button_note(self.mouse)
        if note is not None:
            self.panel.draw_note(surface, *note)

    def _draw_board_area(self, surface, view, highlights) -> None:
        self.hits.clear()
        with look.within(self.board_rect):  # the board's words stay on the board
            self.draw_board(surface, view, highlights)
            self.mode.draw_on_board(surface)

    # ---- helpers for game scenes --------------------------------------
    def named(self, text: str) -> str:
        """Rules know seats, not people: they write P1, P2, ... where a player is
        meant (core.seat_ref); the screen shows the players' names there."""
        return seat_names(text, [s.name for s in self.match.seats])

    def seat_rgb(self, index: int) -> tuple[int, int, int]:
        return boards.seat_colour(self.match.spec, self.match.state, index, self.match.seats[index])

    def glow(self, surface, center, radius, colour=look.HIGHLIGHT, width=3) -> None:
        """The highlight ring for a clickable place; it pulses gently."""
        pygame.draw.circle(surface, colour, center, int(radius + 2 * pulse()), width)

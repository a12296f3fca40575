"""BoardScene: the game screen every game shares.

A game's board screen (game/games/<id>/board_screen.py) implements only geometry and
drawing: the contract of game/ui/game_board.py's GameBoard (layout, target_at,
target_rect, draw_board, ...). Everything else is here, once, made of parts a reader
finds by name, each handed only what it needs (its collaborators and callbacks, never
this screen):

    controller   game/ui/controller.py   clicks -> moves (the shared Controller)
    panel        game/ui/side_panel.py   players, scores, what to do, the log, the buttons
    keys         game/ui/board_keys.py   the focus ring on the board's places, typed moves, the game's keys
    animations   game/ui/animations.py   the moves just played, shown as they happened
    hand_off     game/ui/hand_off.py     who sits in front of the screen; the cover between people
    hints        game/ui/board_hints.py  the computer's suggestion (Hint, H)
    watch        game/ui/watch.py        pause, step and speed when only computers play
    commands     game/ui/board_actions.py  what the buttons and keys do
    mode         game/ui/board_modes.py  playing (PlayMode), a replay, a review or a lesson: it
                                         changes the board; the board calls it at PROTOCOL's points

The board opens other screens (menu, results, aid, hand-off cover) through the host by
name (app.show), so it stands below them in game/ui/.
"""
from __future__ import annotations

import time

import pygame

from . import look, sizing
from .animations import SPEED_FACTOR, Anim, AnimationQueue  # noqa: F401 (Anim: the games' board screens make them)
from .board_actions import BoardActions
from .board_hints import BoardHints
from .board_keys import BoardKeys
from .board_modes import PlayMode
from .controller import Controller
from .focus import reading_order
from .game_board import GameBoard, pulse, set_hand_cursor
from .hand_off import HandOff, needs_cover
from .hint import Hinter
from .hitmap import HitMap
from .movelog import MoveLog
from .scene import Scene
from .side_panel import PanelPlan, SidePanel
from .touch import explain_place
from .watch import WatchControls, speed_keeper, watching

RESULTS_DELAY = 0.9  # seconds between the last move's animation and the results screen
WAITING_FRAME_S = 0.1  # while a computer thinks: 10 frames a second for its bar, the rest for its search
KEEPER_LOOK_S = 2.0  # how often a board whose game is kept on disk looks that it still holds the game's lock


class BoardScene(GameBoard, Scene):
    def __init__(self, app, match, mode: PlayMode | None = None):
        self.app, self.match = app, match
        # ---- what a mode may change as it attaches (game/ui/board_modes.py): a game's defaults
        self.controller = Controller(match)
        self.controller.named = self.named
        self.log = MoveLog()
        self.follows_turns = True  # the screen goes to the seat to move, behind a hand-off cover when needed
        self.shows_results = True  # the results screen comes up when the game ends
        self.plays_on = True  # computers move by themselves (the Watch row when only computers play)
        humans = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        self.viewer = humans[0] if humans else 0  # the seat whose view is drawn
        self.confirmed_viewer = None if needs_cover(match) else self.viewer  # the seat that said it is looking
        self.view_of = lambda: self.match.state.view(self.viewer)  # what the board draws
        self.panel_plan = PanelPlan()
        self.commands = BoardActions(
            undo=lambda: self.history_step(self.controller.undo), redo=lambda: self.history_step(self.controller.redo),
            hint=lambda: self.hints.ask(), menu=lambda: self.app.show("menu", self),
            aid=lambda: self.app.show("aid", self), click=self.click_target, confirm=self.confirm,
            refresh=self.refresh_panel, rebuild=self.rebuild)
        self.own_keys = set()  # keys the mode answers itself (a replay's arrows): not the focus ring's
        self.own_places = lambda: []  # () -> (what, rect) the mode answers clicks and drags on (a replay's timeline)
        self.recheck_s = None  # how often look_again reads what another window may change (a followed game)
        self.mode = mode or PlayMode()
        self.mode.attach(self)
        # ---- the parts, each handed what it needs
        controller, log = self.controller, self.log
        self.keeper = None  # the GameKeeper that keeps the game on disk (start_match gives it)
        self.animations = AnimationQueue()
        self.hits = HitMap()  # filled by draw_board (and the panel), read by target_at
        self.results_shown = match.state.is_over
        self.over_since = None
        self.changed = None  # the board as last drawn (its state and how many moves), to see it change
        self.pointer_at_change = None  # where the pointer was when the board last changed
        self.pressed_target = None
        self.last_played = None  # (move, seat, every seat's view before it), for animating it
        self.turn_sound_due = False  # a person's turn comes after the computer's move has been shown
        on_screen = lambda: self.app.scene is self  # noqa: E731
        self.hand_off = HandOff(app, match, follows_turns=self.follows_turns, looking=lambda: self.confirmed_viewer,
                                look_from=self.look_from, on_screen=on_screen, forget_input=self.forget_input,
                                show_last_move=self.animate_last_move)
        controller.on_played = self._played
        controller.named = self.named  # (again: the mode may have given the board a controller of its own)
        controller.needs_confirm = self.hand_off.next_person
        self.hinter = Hinter(match)  # the computer's suggestion for the seat to move (Hint, H)
        self.hints = BoardHints(self.hinter, controller, may_ask=lambda: self.panel.hint_button.visible,
                                named=self.named, refresh=self.refresh_panel,
                                place_of=lambda t: self.panel.button_rect(t) or self.target_rect(t))
        self.watch = None
        if self.plays_on and watching(match):
            self.watch = WatchControls(controller, make_button=self.button, make_drop_down=self.drop_down,
                                       finish_animations=self.finish_animations,
                                       speed=app.settings.get("watch_speed", "normal"),
                                       remember_speed=speed_keeper(app.settings, app.save_settings))
            self.own_keys |= self.watch.KEYS
        self.panel = SidePanel(app, match, controller, log, self.hinter, plan=self.panel_plan, actions=self.commands,
                               make_button=self.button, buttons=self.BUTTONS, seat_rgb=self.seat_rgb, named=self.named,
                               score_note=self.score_note, least_board_width=self.LEAST_BOARD_WIDTH, watch=self.watch,
                               confirms=self.hand_off.needed())
        self.keys = BoardKeys(app, match, controller, log, self.hinter, actions=self.commands, on_screen=on_screen,
                              board_area=lambda: self.board_rect, place_rect=self.target_rect,
                              is_round=self.hits.is_round, confirm_button=lambda: self.panel.confirm_button,
                              number_target=self.number_target, number_keys=self.NUMBER_KEYS,
                              game_keys=self.GAME_KEYS, watch=self.watch, follows_turns=self.follows_turns,
                              named=self.named)
        self.typing_move = self.keys.typing  # "/": a move typed in its notation
        super().__init__(app)

    # ---- building ------------------------------------------------------
    def build(self) -> None:
        self.board_rect = self.panel.build()
        self.app.sounds.prepare()
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

    def refresh_panel(self) -> None:
        """Update the pygame-gui parts when the game changed (not every frame)."""
        if self.manager is not None:  # (not once the scene has left)
            self.panel.refresh()

    # ---- the person in front of the screen ----------------------------
    def look_from(self, seat: int) -> None:
        """The screen shows `seat`'s view, the person of that seat looking."""
        self.viewer = self.confirmed_viewer = seat

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
        set_hand_cursor(False)
        self.refresh_panel()

    def view(self) -> dict:
        """What the board draws: the view of the seat in front of the screen (or the mode's)."""
        return self.view_of()

    # ---- input ---------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.keys.typed(event):
            self.last_input = time.monotonic()
            return
        super().handle_event(event)

    def on_event(self, event) -> None:
        if self.mode.on_event(event):
            return
        if event.type == pygame.MOUSEWHEEL and self.log.handle_wheel(event, self.app.mouse_pos):
            self.mode.answered(False)
            return
        if event.type == pygame.MOUSEMOTION:
            target = self.target_under(event.pos)
            self.controller.set_hover(target)
            set_hand_cursor(target is not None and target in self.controller.next_targets())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_target = self.target_at(event.pos) if self.board_rect.collidepoint(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.board_rect.collidepoint(event.pos):
                self.click_target(self.target_at(event.pos))
            elif (note := self.panel.disabled_button_note(event.pos)) is not None:
                self.controller.message = note[1]
                self.app.sounds.play("refused")
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.controller.cancel()
        elif event.type == pygame.KEYDOWN:
            self.keys.on_key(event)
        self.refresh_panel()
        self.mode.answered(False)

    # ---- keys: the board's places are stops of the focus ring (game/ui/board_keys.py) ----
    WIDGETS_AFTER_DRAWN = True  # the panel's buttons after the board's places

    def drawn_stops(self) -> list:
        return self.keys.drawn_stops()

    def focus_start(self, stops: list):
        return self.keys.focus_start(stops) or super().focus_start(stops)

    # ---- touch (game/ui/touch.py) and the mode's own places -------------------------
    def takes_drag(self, pos) -> bool:
        return any(rect.collidepoint(pos) for _what, rect in self.own_places())  # a replay's timeline

    def own_click_targets(self) -> list:
        return self.own_places()

    def on_long_press(self, pos) -> None:
        """A finger resting on a board place: what a tap there would do, on the panel (touch.py)."""
        said = explain_place(self, pos)
        if said:
            self.controller.message = said

    def click_target(self, target) -> None:
        self.finish_animations()
        answer = self.controller.click(target).kind
        self.hints.follow()
        if answer == "refused":
            self.app.sounds.play("refused")
        elif answer == "pending":
            self.focus.forget()  # the ring goes to Confirm
        self.refresh_panel()
        self.mode.answered(True)

    def confirm(self) -> None:
        self.finish_animations()
        self.controller.confirm()
        self.refresh_panel()

    def history_step(self, step) -> None:
        """Undo or redo (`step`); when there is no more to take back, the log is the game's again."""
        self.finish_animations()
        if not step():
            self.log.replace(self.controller.log_of_record())
            self.results_shown = self.match.state.is_over
        self.refresh_panel()

    # ---- moves played --------------------------------------------------
    def _played(self, move, seat, before, label) -> None:
        self.log.append(seat, self.named(label))
        self.app.sounds.play("end" if self.match.state.is_over else self.controller.sound)
        nxt = self.match.current_seat()
        self.turn_sound_due = self.match.seats[seat].is_computer and nxt is not None and not nxt.is_computer
        for row in self.controller.note_rows(self.match.state):
            self.log.append(*row)
        self.last_played = (move, seat, before)
        self.focus.forget()  # the ring starts again near the move just played
        self.animate_last_move()
        self.refresh_panel()
        self.mode.played(move, seat)

    def animate_last_move(self, seat: int | None = None) -> None:
        """Animate the last move as the seat in front of the screen saw it happen (with `seat`:
        the person who just came to the screen, when the move was another seat's)."""
        factor = SPEED_FACTOR.get(self.app.settings.get("animation_speed", "normal"), 1.0)
        if self.watch is not None:
            factor = self.watch.animation_factor
        if factor <= 0 or self.last_played is None or self.last_played[2] is None:
            return
        move, mover, before = self.last_played
        if seat is not None and mover == seat:
            return  # their own move: they saw it made
        viewer = self.viewer
        self.animations.add(self.animations_for(move, mover, before[viewer], self.match.state.view(viewer)), factor)

    # ---- frame ---------------------------------------------------------
    def frame_interval(self) -> float | None:
        state = self.match.state
        # a computer thinks (not while a watched game waits, paused), or the results screen is due:
        # the screen changes by itself, slowly
        thinking = (self.watch is None or not self.watch.idle()) and (
            self.controller.thinking is not None or self.hinter.thinking
            or (not state.is_over and self.match.is_computer_turn()))
        if self.busy():
            interval = 0.0
        elif self.plays_on and (thinking or (state.is_over and not self.results_shown)):
            interval = WAITING_FRAME_S
        else:
            interval = super().frame_interval()
        return self.mode.frame_interval(interval)

    @property
    def RECHECK_S(self) -> float | None:  # noqa: N802 - the Scene's name for it
        if self.keeper is None:
            return self.recheck_s
        return min(self.recheck_s or KEEPER_LOOK_S, KEEPER_LOOK_S)

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
        if not self.shows_results:
            return
        if not self.match.state.is_over or self.results_shown or self.animations:
            self.over_since = None
            return
        now = time.monotonic()
        if self.over_since is None:
            self.over_since = now
        elif now - self.over_since >= RESULTS_DELAY:
            self.results_shown = True
            self.app.show("results", self)

    def draw(self, surface) -> None:
        surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        self.note_pointer()
        highlights = self.controller.highlights()
        view = self.view()
        self._draw_board_area(surface, view, highlights)
        # The hover is what lies under the pointer in this frame, not in the frame the
        # mouse last moved over: a move, an undo or a hand-off moves the board's places
        # under a resting pointer. When it changed, draw the board again with it lit.
        keyed = None
        if self.app.keys_in_use and self.app.scene is self:  # the place the ring is on, lit as a hovered one
            stops = self.focus_stops()
            keyed = self.keys.place_of(self.focus.current(reading_order(stops), self.focus_start(stops)))
        if self.controller.set_hover(keyed if keyed is not None else self.target_under(self.mouse)):
            surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
            highlights = self.controller.highlights()
            self._draw_board_area(surface, view, highlights)
        if self.app.scene is self:
            set_hand_cursor(self.controller.hover in highlights.next_targets)
        self.animations.paint(surface)
        self.hints.draw(surface, pulse())
        self.typing_move.draw(surface, self.board_rect)
        self.mode.draw(surface, "over")
        with look.within(self.panel.rect):  # and the panel's on the panel
            self.panel.draw(surface, highlights)
            self.mode.draw(surface, "panel")
            if self.log.rect.h:
                self.log.draw(surface, self.seat_rgb)
        self.manager.draw_ui(surface)
        note = None if self.board_rect.collidepoint(self.mouse) else self.panel.disabled_button_note(self.mouse)
        if note is not None:
            self.panel.draw_note(surface, *note)

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

    def _draw_board_area(self, surface, view, highlights) -> None:
        self.hits.clear()
        with look.within(self.board_rect):  # the board's words stay on the board
            self.draw_board(surface, view, highlights)
            self.mode.draw(surface, "board")

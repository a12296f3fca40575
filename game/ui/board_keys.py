"""The board by keys: its places are stops of the focus ring (the board cursor), a move may be
typed in its notation ("/", game/ui/typed_move.py), and the keys of a game (Esc, Ctrl+Z, Ctrl+Y,
Enter, H, the number keys, F1, the Watch row's) do what the panel's buttons do."""
from __future__ import annotations

import pygame

from .focus import Stop, reading_order
from .typed_move import MoveTyping


class BoardKeys:
    def __init__(self, app, match, controller, log, hinter, *, actions, on_screen, board_area, place_rect,
                 is_round, confirm_button, number_target, number_keys: str, game_keys: str, watch,
                 follows_turns: bool, named):
        """`actions`: the board's BoardActions; `on_screen()`: the board is the screen on top;
        `board_area()`: the board's rect; `place_rect(target)`, `is_round(target)`: where a place was
        drawn, and whether round (the hit map); `confirm_button()`: the panel's Confirm, if any;
        `number_target(n)`: the place number key n picks, or None; `number_keys`, `game_keys`: the
        game's own keys in words (for the aid); `watch`: the Watch row or None; `follows_turns`: a
        game, not a replay (Enter on the board says why nobody may click)."""
        self.app, self.match, self.controller, self.log, self.hinter = app, match, controller, log, hinter
        self.actions, self.on_screen, self.board_area = actions, on_screen, board_area
        self.place_rect, self.is_round, self.confirm_button = place_rect, is_round, confirm_button
        self.number_target, self.number_keys, self.game_keys = number_target, number_keys, game_keys
        self.watch, self.follows_turns = watch, follows_turns
        self.typing = MoveTyping(controller, named=named, click=actions.click,  # "/"
                                 refused=lambda: app.sounds.play("refused"))

    # ---- the focus ring on the board ----------------------------------------------
    def drawn_stops(self) -> list:
        """The places a click could go now (the controller's next targets, where the hit map has them)."""
        if not self.on_screen():
            return []
        log = self.log_stops()
        if not self.controller.human_to_move():
            # nobody here may click the board now (the computer's turn, a replay): the ring waits on
            # the board as a whole, where Enter only says why, rather than on Undo or Menu
            return [Stop(("board",), self.board_area().copy(), self.say_why_not)] + log
        stops = []
        for target in self.controller.next_targets():
            rect = None if target[0] == "button" else self.place_rect(target)  # buttons are stops themselves
            if rect is not None:
                stops.append(Stop(("target", target), rect, lambda t=target: self.actions.click(t),
                                  round=self.is_round(target)))
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
        """The hint's first place when a hint shows, else the place nearest the last move; None:
        no place (the screen's own start then)."""
        confirm = self.confirm_button()
        if self.controller.pending is not None and confirm is not None:  # a secret choice waits for its Confirm
            return next((s for s in stops if s.key[:2] == ("button", confirm.text)), None)
        places = reading_order([s for s in stops if s.key[0] == "target"])
        if not places:
            return next((s for s in stops if s.key == ("board",)), None)
        path = self.hinter.path()
        if path:
            hinted = next((s for s in places if s.key[1] == path[0]), None)
            if hinted is not None:
                return hinted
        history = self.match.state.history
        for target in reversed(history[-1].targets if history else ()):
            rect = None if target[0] == "button" else self.place_rect(target)
            if rect is not None:
                return min(places, key=lambda s: (s.rect.centerx - rect.centerx) ** 2
                           + (s.rect.centery - rect.centery) ** 2)
        return places[0]

    def say_why_not(self) -> None:
        if self.follows_turns:  # a game, not a replay: the computer is thinking
            self.controller.message = self.controller.refusal(None)
            self.actions.refresh()

    @staticmethod
    def place_of(stop):
        """The board place `stop` stands on (lit as a hovered one while the keys are in use), else None."""
        return stop.key[1] if stop is not None and stop.key[0] == "target" else None

    def help(self) -> list[str]:
        """The keys of this moment, for the player aid (F1)."""
        lines = []
        if self.controller.human_to_move():
            example = next(iter(self.controller.candidates(())), None)
            lines.append("Arrows move the gold ring over the places you may click; Enter or Space clicks "
                         "there; Esc cancels a half-made move.")
            if example is not None:
                lines.append(f"/ types a move as the log writes it (such as “{example}”), Enter plays it.")
            if self.number_keys:
                lines.append(self.number_keys)
        if self.game_keys:
            lines.append(self.game_keys)
        lines.append("Tab reaches the panel's buttons · H hint · Ctrl+Z undo · Ctrl+Y redo · F1 this aid · "
                     "Esc the menu.")
        return lines

    # ---- keys --------------------------------------------------------------------
    def typed(self, event) -> bool:
        """True when the event went to the line of a typed move ("/" opens it)."""
        if not (self.typing.takes(event) and self.controller.human_to_move()):
            return False
        self.typing.on_event(event)
        self.actions.refresh()
        self.app.dirty = True
        return True

    def on_key(self, event) -> None:
        """A key the focus ring left to the board."""
        key, ctrl, actions = event.key, event.mod & pygame.KMOD_CTRL, self.actions
        if key == pygame.K_ESCAPE:
            self.controller.cancel() if self.controller.prefix else actions.menu()
        elif key in (pygame.K_z, pygame.K_y) and ctrl:
            redo = key == pygame.K_y or event.mod & pygame.KMOD_SHIFT  # Ctrl+Y or Ctrl+Shift+Z
            actions.redo() if redo else actions.undo()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.controller.pending is not None:
            actions.confirm()
        elif key == pygame.K_h and not ctrl:
            actions.hint()
        elif pygame.K_1 <= key <= pygame.K_9 and not ctrl:
            target = self.number_target(key - pygame.K_0)
            if target is not None:
                actions.click(target)
        elif key == pygame.K_F1:
            actions.aid()
        elif self.watch is not None:
            self.watch.on_key(key)

"""Watch mode: every seat is the computer; the board gets Pause/Play, Step and a speed.

The board asks `may_move()` before it lets the computer's next move onto the
board; a paused game lets one move through per Step. The computer goes on
thinking meanwhile, so Step answers at once when it has.
"""
from __future__ import annotations

import pygame

from ..storage import WATCH_SPEEDS

# the speeds' words, the Watch row's and the replay's alike (the names are the settings' own)
SPEED_WORDS = {speed: speed.capitalize() for speed in WATCH_SPEEDS}
# speed -> (its words, seconds a move waits before it is shown, animation time factor);
# the fastest: no wait, no animation
SPEEDS = {speed: (SPEED_WORDS[speed], wait, animation)
          for speed, (wait, animation) in zip(WATCH_SPEEDS, ((1.5, 1.8), (0.35, 1.0), (0.08, 0.5), (0.0, 0.0)))}


def speed_keeper(settings: dict, save):
    """remember_speed for WatchControls: a chosen speed kept in `settings` (their
    "watch_speed"), saved by `save()`, for the next watched game."""
    def keep(speed: str) -> None:
        settings["watch_speed"] = speed
        save()
    return keep


def watching(match) -> bool:
    """Every seat is the computer: the game is watched, not played."""
    return all(seat.is_computer for seat in match.seats)


class WatchControls:
    def __init__(self, controller, *, make_button, make_drop_down, finish_animations, speed: str = "normal",
                 remember_speed=lambda speed: None):
        """`make_button`, `make_drop_down`: the screen's Scene.button and Scene.drop_down;
        `finish_animations()`: the last move shown at rest; `remember_speed(speed)`: keeps a
        speed the person chose for the next watched game."""
        self.controller = controller
        self.make_button, self.make_drop_down = make_button, make_drop_down
        self.finish_animations = finish_animations
        self.remember_speed = remember_speed
        self.paused = False
        self.steps = 0  # moves Step let through while paused
        self.speed = speed if speed in SPEEDS else "normal"
        self.pause_button = self.step_button = self.speed_menu = None

    def build(self, rect: pygame.Rect, theme_class: str | None = None) -> None:
        """The row of controls in `rect` (the side panel's width, one button high);
        `theme_class` sizes their font (the panel's scale)."""
        button = (rect.w - 16) // 4  # Pause and Step; the speed gets the rest
        self.pause_button = self.make_button((rect.x, rect.y, button, rect.h), "Play" if self.paused else "Pause",
                                             self.toggle, tooltip="Pause or go on watching (Space)",
                                             theme_class=theme_class)
        self.step_button = self.make_button((rect.x + button + 8, rect.y, button, rect.h), "Step", self.step,
                                            tooltip="While paused: play one move (Right arrow)",
                                            theme_class=theme_class)
        speed_x = rect.x + 2 * (button + 8)
        self.speed_menu = self.make_drop_down(  # near the window's bottom: the list opens upwards
            (speed_x, rect.y, rect.right - speed_x, rect.h), [words for words, _d, _a in SPEEDS.values()],
            SPEEDS[self.speed][0], self.choose_speed, style="#upward_menu", theme_class=theme_class)
        self.apply_speed()
        self.refresh()

    # ---- the controls ------------------------------------------------------
    def toggle(self) -> None:
        self.paused = not self.paused
        self.steps = 0
        self.controller.message = "Paused: Step plays one move." if self.paused else ""
        self.refresh()

    def step(self) -> None:
        if not self.paused:
            self.toggle()
        self.steps = 1
        self.finish_animations()  # the last move at rest before the next is shown

    def choose_speed(self, text) -> None:
        self.speed = next(key for key, (words, _d, _a) in SPEEDS.items() if words == text)
        self.apply_speed()
        self.remember_speed(self.speed)

    KEYS = frozenset({pygame.K_SPACE, pygame.K_RIGHT})  # pause or play, one step

    def on_key(self, key) -> bool:
        if key == pygame.K_SPACE:
            self.toggle()
        elif key == pygame.K_RIGHT:
            self.step()
        else:
            return False
        return True

    def apply_speed(self) -> None:
        self.controller.ai_delay = SPEEDS[self.speed][1]

    def refresh(self) -> None:
        if self.pause_button is None:
            return
        text = "Play" if self.paused else "Pause"
        if self.pause_button.text != text:
            self.pause_button.set_text(text)

    # ---- asked by the board ------------------------------------------------------
    @property
    def animation_factor(self) -> float:
        return SPEEDS[self.speed][2]

    def may_move(self) -> bool:
        return not self.paused or self.steps > 0

    def moved(self) -> None:
        if self.steps:
            self.steps -= 1

    def idle(self) -> bool:
        """Paused with the computer's next move ready (or none coming): nothing changes by itself."""
        thinking = self.controller.thinking
        return self.paused and not self.steps and (thinking is None or thinking.job.done)

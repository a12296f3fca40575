"""Watch mode: every seat is the computer; the board gets Pause/Play, Step and a speed.

The board asks `may_move()` before it lets the computer's next move onto the
board; a paused game lets one move through per Step. The computer goes on
thinking meanwhile, so Step answers at once when it has.
"""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu

# the speeds' words, the Watch row's and the replay's alike
SPEED_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "fastest": "Fastest"}
# speed -> (its words, seconds a move waits before it is shown, animation time factor)
SPEEDS = {
    "slow": (SPEED_WORDS["slow"], 1.5, 1.8),
    "normal": (SPEED_WORDS["normal"], 0.35, 1.0),
    "fast": (SPEED_WORDS["fast"], 0.08, 0.5),
    "fastest": (SPEED_WORDS["fastest"], 0.0, 0.0),  # no wait, no animation
}


def watching(match) -> bool:
    """Every seat is the computer: the game is watched, not played."""
    return all(seat.is_computer for seat in match.seats)


class WatchControls:
    def __init__(self, board, speed: str = "normal"):
        self.board = board
        self.paused = False
        self.steps = 0  # moves Step let through while paused
        self.speed = speed if speed in SPEEDS else "normal"
        self.pause_button = self.step_button = self.speed_menu = None

    def build(self, rect: pygame.Rect, theme_class: str | None = None) -> None:
        """The row of controls in `rect` (the side panel's width, one button high);
        `theme_class` sizes their font (the panel's scale)."""
        button = (rect.w - 16) // 4  # Pause and Step; the speed gets the rest
        board = self.board
        self.pause_button = board.button((rect.x, rect.y, button, rect.h), "Play" if self.paused else "Pause",
                                         self.toggle, tooltip="Pause or go on watching (Space)", theme_class=theme_class)
        self.step_button = board.button((rect.x + button + 8, rect.y, button, rect.h), "Step", self.step,
                                        tooltip="While paused: play one move (Right arrow)", theme_class=theme_class)
        speed_x = rect.x + 2 * (button + 8)
        self.speed_menu = UIDropDownMenu([words for words, _d, _a in SPEEDS.values()], SPEEDS[self.speed][0],
                                         pygame.Rect(speed_x, rect.y, rect.right - speed_x, rect.h), board.manager,
                                         # near the window's bottom: the list opens upwards
                                         object_id=ObjectID(object_id="#upward_menu", class_id=theme_class))
        self.apply_speed()
        self.refresh()

    # ---- the controls ------------------------------------------------------
    def toggle(self) -> None:
        self.paused = not self.paused
        self.steps = 0
        self.board.controller.message = "Paused: Step plays one move." if self.paused else ""
        self.refresh()

    def step(self) -> None:
        if not self.paused:
            self.toggle()
        self.steps = 1
        self.board.finish_animations()  # the last move at rest before the next is shown

    def on_choice(self, element, text) -> bool:
        if element is not self.speed_menu:
            return False
        self.speed = next(key for key, (words, _d, _a) in SPEEDS.items() if words == text)
        self.apply_speed()
        return True

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
        self.board.controller.ai_delay = SPEEDS[self.speed][1]

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
        thinking = self.board.controller.thinking
        return self.paused and not self.steps and (thinking is None or thinking.job.done)

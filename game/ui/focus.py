"""Keyboard focus: a ring over a screen's controls, and on a board over its places.

pygame-gui has no focus traversal, so every screen gets it here, once (OpenMW's model):
Tab and Shift+Tab move the ring through the screen's stops in reading order, the
arrows move it to the nearest stop in that direction, Enter or Space press the stop
it is on. A stop is anything a click could press: an enabled button, a drop-down, a
text entry, a row of a list, a card on the title, a place on a board (the board's
click targets, from its hit map). A stop that takes keys of its own while the ring
is on it (a list's Up and Down, an open drop-down's options) says so.

The ring shows from the first key that moves or presses it until the mouse or a
finger presses somewhere: a person using the mouse sees no ring.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UISelectionList, UITextEntryLine

# White, with a dark line inside it and a gap around the control: unlike any frame the screens
# draw themselves (gold frames, hover, the blue hint), and clear on felt, wood, pale sheets and buttons
RING_COLOUR = (255, 255, 255)
RING_SHADOW = (16, 12, 8)
RING_WIDTH = 4
RING_GAP = 3  # px between the control and the ring
MOVE_KEYS = {pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT}
PRESS_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE}
STOP_KEYS = {pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END}  # offered to the ringed stop alone
DIRECTIONS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}


@dataclass
class Stop:
    """One place the ring can stand on."""

    key: tuple  # what it is, kept across rebuilds of the screen ("button", its text, where)
    rect: pygame.Rect
    press: Callable[[], None]
    # keys the stop answers itself while the ring is on it: on_key(event) -> True when it took it
    on_key: Callable | None = None
    round: bool = False  # a board place drawn round: the ring is a circle
    group: int = 0  # reading order goes group by group (a board's places before its panel)


def press_button(button: UIButton) -> None:
    """What a click on the button does: pygame-gui's own pressed event, through the queue."""
    button.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})


def widget_stops(scene) -> list[Stop]:
    """The scene's pygame-gui controls a person can use now: enabled, shown buttons,
    drop-downs (while one is open, only its options), text entries and list rows."""
    manager = scene.manager
    if manager is None:
        return []
    open_menu = scene.open_drop_down()
    if open_menu is not None:
        return drop_down_options(open_menu)
    stops = []
    for element in manager.get_sprite_group().sprites():
        if isinstance(element, UIDropDownMenu):
            if element.visible and element.is_enabled:
                stops.append(Stop(("menu", _selected_text(element), tuple(element.rect.topleft)),
                                  element.rect.copy(), lambda e=element: open_drop_down(e)))
        elif isinstance(element, UISelectionList):
            for item in element.item_list:
                button = item.get("button_element")
                if button is not None and button.visible and element.is_enabled:
                    stops.append(Stop(("row", item["text"]), button.rect.copy(), lambda b=button: press_button(b)))
        elif isinstance(element, UITextEntryLine) and element.visible and element.is_enabled:
            stops.append(Stop(("entry", tuple(element.rect.topleft)), element.rect.copy(),
                              lambda e=element: type_into(manager, e)))
    for element in scene.actions:  # the screen's own buttons (not a drop-down's or a list's inner ones)
        if element.alive() and element.visible and element.is_enabled:
            stops.append(Stop(("button", element.text, tuple(element.rect.topleft)), element.rect.copy(),
                              lambda b=element: press_button(b)))
    return stops


def open_drop_down(menu: UIDropDownMenu) -> None:
    menu.current_state.should_transition = True  # opened at the manager's next update, as a click does


def drop_down_options(menu: UIDropDownMenu) -> list[Stop]:
    options = getattr(menu.current_state, "options_selection_list", None)
    if options is None:
        return []
    stops = []
    for item in options.item_list:
        button = item.get("button_element")
        if button is not None and button.visible:
            stops.append(Stop(("option", item["text"]), button.rect.copy(),
                              lambda b=button, text=item["text"]: choose_option(menu, b, text)))
    return stops


def choose_option(menu: UIDropDownMenu, button: UIButton, text: str) -> None:
    if text == _selected_text(menu):
        menu.current_state.should_transition = True  # the choice it has: the list just closes
    else:
        press_button(button)


def _selected_text(menu: UIDropDownMenu) -> str:
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else option


def type_into(manager, entry: UITextEntryLine) -> None:
    manager.set_focus_set(entry)


def reading_order(stops: list[Stop]) -> list[Stop]:
    """Group by group; in a group, row by row (stops whose middles are level), left to right."""
    out = []
    for group in sorted({s.group for s in stops}):
        members = sorted((s for s in stops if s.group == group), key=lambda s: (s.rect.centery, s.rect.x))
        rows: list[list[Stop]] = []
        for stop in members:
            if rows and abs(stop.rect.centery - rows[-1][0].rect.centery) <= max(8, rows[-1][0].rect.h // 2):
                rows[-1].append(stop)
            else:
                rows.append([stop])
        for row in rows:
            out += sorted(row, key=lambda s: s.rect.x)
    return out


def nearest_in_direction(stops: list[Stop], here: pygame.Rect, direction) -> Stop | None:
    """The stop the arrow points at: its middle ahead of `here`'s in that direction, the
    nearest one within a cone around the arrow (a stop straight ahead beats one as near
    off to the side)."""
    dx, dy = direction
    best, best_score = None, None
    for stop in stops:
        off_x, off_y = stop.rect.centerx - here.centerx, stop.rect.centery - here.centery
        along, across = (off_x * dx, abs(off_y)) if dx else (off_y * dy, abs(off_x))
        if along <= 0 or across > 4 * along or (dx and stop.rect.colliderect(here)):
            continue  # not that way; or sideways past what lies on the stop (a card's Learn button)
        # within 60 degrees of the arrow: the nearest, a little against the side; outside that
        # cone only when nothing is in it (a lattice's next row down is half a step aside)
        distance = (along * along + across * across) ** 0.5
        score = distance + (0.5 * across if across <= 1.8 * along else 1000 + 3 * across)
        if best_score is None or score < best_score:
            best, best_score = stop, score
    return best


class FocusRing:
    """Which stop the keys are on, for one screen."""

    def __init__(self):
        self.shown = False
        self.key = None  # the stop the ring is on
        self.rect = None  # where that stop was: after a rebuild the nearest stop takes over
        self.drawn = None

    def current(self, stops: list[Stop], start=None) -> Stop | None:
        """The stop the ring is on: the same one as before, else the nearest to where it was,
        else `start` (the screen's first choice), else the first in reading order."""
        if not stops:
            return None
        found = next((s for s in stops if s.key == self.key), None)
        if found is None and self.rect is not None:
            found = min(stops, key=lambda s: _distance(s.rect, self.rect))
        if found is None:
            found = start if start is not None else stops[0]
        self.stand_on(found)
        return found

    def stand_on(self, stop: Stop) -> None:
        self.key, self.rect = stop.key, stop.rect.copy()

    def forget(self) -> None:
        """A new screen's worth (a hand-off, a move): the ring starts again where the screen says."""
        self.key = self.rect = None

    def on_key(self, event, stops: list[Stop], start=None) -> bool:
        """Tab, the arrows, Enter and Space; True when the ring took the key."""
        ordered = reading_order(stops)
        if not ordered:
            return False
        was_shown = self.shown
        here = self.current(ordered, start)
        if was_shown and here.on_key is not None and here.on_key(event):
            return True
        if event.key == pygame.K_TAB:
            self.shown = True
            if was_shown:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.stand_on(ordered[(ordered.index(here) + step) % len(ordered)])
            return True
        if event.key in DIRECTIONS:
            self.shown = True
            if was_shown:
                target = nearest_in_direction(ordered, here.rect, DIRECTIONS[event.key])
                if target is not None:
                    self.stand_on(target)
            return True
        if event.key in PRESS_KEYS and was_shown:
            here.press()
            return True
        return False

    def draw(self, surface, stops: list[Stop], start=None) -> None:
        if not self.shown:
            return
        stop = self.current(reading_order(stops), start)
        if stop is None:
            return
        draw_ring(surface, stop.rect, stop.round)
        self.drawn = stop  # the stop the last frame ringed (tests and the layout audit ask)


def draw_ring(surface, rect: pygame.Rect, round_: bool = False) -> None:
    """The focus ring: a thick gold line with a dark one inside, clear on felt, wood and buttons."""
    box = rect.inflate(2 * (RING_WIDTH + RING_GAP), 2 * (RING_WIDTH + RING_GAP))
    if round_:  # a round place's hit area is already wider than what is drawn: the ring on its edge
        radius = max(rect.w, rect.h) // 2 + RING_WIDTH
        pygame.draw.circle(surface, RING_COLOUR, box.center, radius, RING_WIDTH)
        pygame.draw.circle(surface, RING_SHADOW, box.center, radius - RING_WIDTH, 2)
        return
    pygame.draw.rect(surface, RING_SHADOW, box.inflate(2, 2), 1, border_radius=9)  # and a dark edge outside
    pygame.draw.rect(surface, RING_COLOUR, box, RING_WIDTH, border_radius=8)
    pygame.draw.rect(surface, RING_SHADOW, box.inflate(-2 * RING_WIDTH, -2 * RING_WIDTH), 2, border_radius=6)


def _distance(a: pygame.Rect, b: pygame.Rect) -> float:
    return ((a.centerx - b.centerx) ** 2 + (a.centery - b.centery) ** 2) ** 0.5

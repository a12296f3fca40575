"""Touch: fingers on the screen, and the Large targets setting.

One path for a finger. SDL sends each touch twice: as finger events (FINGERDOWN,
FINGERMOTION, FINGERUP) and as mouse events it makes from them (pygame marks those
`event.touch`). The app drops SDL's mouse copies and turns the finger events into
mouse events of its own, so a touch acts once and the screens answer only mouse
events, as they always did:

    a tap (down and up within LONG_PRESS_S, moving less than TAP_SLOP)  -> a click where it began
    a long press (LONG_PRESS_S without moving)  -> what hover shows, there; the release clicks nothing
    a drag (one finger moving past TAP_SLOP)    -> scrolls what is under it (as the wheel does), or,
                                                   where the screen takes drags (scene.takes_drag:
                                                   Scrubbudgetel's map) or on a scroll bar, a mouse drag
    two fingers                                 -> a pinch: the screen's on_pinch (the map zooms and pans)

The pointer goes where the finger goes down (so what hover shows shows), and away
after a tap or a drag (nothing stays lit under a finger that has gone); after a long
press it stays, so what it showed can be read once the finger is off it.

Large targets (a setting; on by itself after the first touch, unless the person chose):
every click target is at least MIN_TARGET px each way. Layouts draw small controls that
size where they can; for the rest a click's reach is larger than what is drawn (as a board's
hit map may be): a click or hover beside a target, where nothing else is drawn, goes to the
nearest target whose reach (its rect grown to MIN_TARGET each way about its middle) holds
it (`Targets.resolve`, `Targets.snapped`). The layout audit checks that a fingertip on each
target's middle reaches it from every point (tests/test_layout_audit.py).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import NamedTuple

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UISelectionList, UITextEntryLine, UIVerticalScrollBar

LONG_PRESS_S = 0.5
TAP_SLOP = 10  # px a finger may wander and still tap or long-press (fingers are not still)
WHEEL_PX = 48  # px a scrolling finger goes for a notch of the wheel
MIN_TARGET = 44  # px each way: the least a finger is sure to hit (Apple's and WCAG's figure)
NOWHERE = (-1, -1)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


# ---- the setting ------------------------------------------------------------------
def large_targets(settings: dict) -> bool:
    """Large targets are on (None: the person never chose; off until the first touch)."""
    return settings.get("large_targets") is True


def at_least(size: int, settings: dict) -> int:
    """`size` px, or MIN_TARGET where Large targets are on and it is less."""
    return max(size, MIN_TARGET) if large_targets(settings) else size


LIST_ITEM = 36  # px: an open drop-down's item (theme.json's selection_list), MIN_TARGET with Large targets


def fit_theme(theme, settings: dict) -> None:
    """What Large targets change in pygame-gui's theme (loaded once for the app): the items
    of an open drop-down list are a finger's height, and scroll bars have no arrow buttons
    (too small for a finger; the bar's handle, the wheel and a finger's drag scroll)."""
    if theme is None:
        return
    misc = theme.ui_element_misc_data
    misc.setdefault("selection_list", {})["list_item_height"] = str(at_least(LIST_ITEM, settings))
    misc.setdefault("vertical_scroll_bar", {})["enable_arrow_buttons"] = "0" if large_targets(settings) else "1"


def widen_scroll_bars(manager, settings: dict) -> None:
    """Large targets: a list's scroll bar as wide as a finger (pygame-gui makes it 20 px, with no
    setting for it): a list that shows one (an open drop-down's long list, the saved games) is
    made again with a wider one, once."""
    if manager is None or not large_targets(settings):
        return
    for listing in manager.get_sprite_group().sprites():
        if isinstance(listing, UISelectionList) and listing.scroll_bar is not None \
                and listing.scroll_bar_width < MIN_TARGET:
            scrolled = listing.scroll_bar.start_percentage
            listing.scroll_bar.kill()
            listing.scroll_bar = None
            listing.scroll_bar_width = MIN_TARGET
            listing.set_item_list([(item["text"], item["object_id"]) for item in listing.item_list])
            listing.scroll_bar.set_scroll_from_start_percentage(scrolled)  # where it was (the chosen item shows)


# ---- fingers ----------------------------------------------------------------------
@dataclass
class Press:
    """The one finger that may tap, long-press or drag."""

    finger: tuple
    start: tuple[int, int]
    since: float
    dragging: bool = False
    long: bool = False
    scrolling: bool = False  # the drag turns the wheel (see Touch.move_press)
    scrolled: float = 0.0  # px of the drag the wheel has turned for


class Touch:
    """The app's finger layer (App.handle passes every event through `filter`)."""

    def __init__(self, app):
        self.app = app
        self.fingers: dict[tuple, tuple[int, int]] = {}  # (touch id, finger id) -> where, in pixels
        self.press: Press | None = None
        self.pinch: tuple | None = None  # (the two fingers, their centre, their spread) at the last step
        self.turn_on = False  # Large targets are to turn on, after the first touch

    # ---- events in --------------------------------------------------------------
    def filter(self, event):
        """The event the app should handle: None when this layer took it (a finger event,
        turned into mouse events already handled, or SDL's mouse copy of one); a mouse
        event moved onto the target it reaches, where Large targets are on."""
        if event.type in POINTER_EVENTS and getattr(event, "touch", False):
            return None  # SDL's copy of a finger: the finger events themselves act
        if event.type in FINGER_EVENTS:
            self.finger(event)
            return None
        if event.type in POINTER_EVENTS and large_targets(self.app.settings) and self.app.scene is not None \
                and event.pos != NOWHERE and not any(getattr(event, "buttons", ())):  # a drag goes where it goes
            pos = Targets(self.app.scene).snapped(event.pos)
            if pos != event.pos:
                return pygame.event.Event(event.type, {**event.dict, "pos": pos})
        return event

    def finger(self, event) -> None:
        key = (event.touch_id, event.finger_id)
        w, h = self.app.size  # SDL gives x / (width - 1), y / (height - 1)
        pos = (min(w - 1, max(0, round(event.x * (w - 1)))), min(h - 1, max(0, round(event.y * (h - 1)))))
        if event.type == pygame.FINGERDOWN:
            self.fingers[key] = pos
            if len(self.fingers) == 1:
                self.press = Press(key, pos, time.monotonic())
                self.pointer(pygame.MOUSEMOTION, pos)  # what hover shows, under the finger
            elif len(self.fingers) == 2:
                self.start_pinch()
        elif event.type == pygame.FINGERMOTION:
            if key not in self.fingers:
                return  # a finger that came down before the window was there
            self.fingers[key] = pos
            if self.pinch is not None:
                self.step_pinch()
            elif self.press is not None and self.press.finger == key:
                self.move_press(pos)
        elif event.type == pygame.FINGERUP:
            self.fingers.pop(key, None)
            press = self.press
            if press is not None and press.finger == key:
                self.press = None
                if press.dragging:
                    if not press.scrolling:
                        self.pointer(pygame.MOUSEBUTTONUP, pos)
                    self.leave()
                elif not press.long:  # a tap: a click where the finger came down
                    self.pointer(pygame.MOUSEBUTTONDOWN, press.start)
                    self.pointer(pygame.MOUSEBUTTONUP, press.start)
                    self.leave()
            if not self.fingers:
                self.pinch = None
                self.first_touch_done()

    def move_press(self, pos) -> None:
        press = self.press
        if press.long:  # the hover follows the finger: slide on to read the next thing
            self.pointer(pygame.MOUSEMOTION, pos)
            return
        if not press.dragging and math.dist(pos, press.start) <= TAP_SLOP:
            return
        if not press.dragging:
            press.dragging = True
            press.scrolling = not self.drags_there(press.start)
            if not press.scrolling:
                self.pointer(pygame.MOUSEBUTTONDOWN, press.start)
        if press.scrolling:  # a notch of the wheel for each WHEEL_PX the finger went, the way it went
            notches = int((pos[1] - press.start[1] - press.scrolled) / WHEEL_PX)
            if notches:
                press.scrolled += notches * WHEEL_PX
                self.app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, precise_x=0.0,
                                                   precise_y=float(notches), flipped=False, which=0))
            return
        self.pointer(pygame.MOUSEMOTION, pos, held=True)

    def drags_there(self, pos) -> bool:
        """A drag from `pos` is the screen's own (a map pans) or a scroll bar's; elsewhere it scrolls."""
        scene = self.app.scene
        if scene is None or scene.takes_drag(pos):
            return True
        sprites = scene.manager.get_sprite_group().sprites() if scene.manager is not None else []
        return any(isinstance(e, UIVerticalScrollBar) and e.visible and e.rect.collidepoint(pos) for e in sprites)

    # ---- two fingers ----------------------------------------------------------------
    def start_pinch(self) -> None:
        """A second finger: the first one's tap, long press or drag is over, unfinished."""
        press, self.press = self.press, None
        if press is not None and press.dragging and not press.scrolling:
            self.pointer(pygame.MOUSEBUTTONUP, NOWHERE)  # let go of the drag where nothing is clicked
        self.leave()
        two = tuple(self.fingers)[:2]
        self.pinch = (two, *self.spread(two))

    def spread(self, two) -> tuple:
        (ax, ay), (bx, by) = (self.fingers[k] for k in two)
        return ((ax + bx) / 2, (ay + by) / 2), max(1.0, math.hypot(ax - bx, ay - by))

    def step_pinch(self) -> None:
        two, centre, spread = self.pinch
        if not all(k in self.fingers for k in two):
            return
        now_centre, now_spread = self.spread(two)
        self.pinch = (two, now_centre, now_spread)
        scene = self.app.scene
        if scene is not None:
            scene.on_pinch(centre, now_centre, now_spread / spread)
            self.app.dirty = True

    # ---- time -----------------------------------------------------------------------
    def due(self) -> float | None:
        """Seconds until a resting finger becomes a long press, or None."""
        press = self.press
        if press is None or press.dragging or press.long:
            return None
        return max(0.0, press.since + LONG_PRESS_S - time.monotonic())

    def update(self) -> None:
        """A finger resting LONG_PRESS_S is a long press: show what hover shows there now."""
        self.turn_on_large_targets()
        if self.due() != 0.0:
            return
        self.press.long = True
        scene = self.app.scene
        if scene is None:
            return
        if scene.manager is not None:
            for element in scene.manager.get_sprite_group().sprites():
                if getattr(element, "hovered", False) and getattr(element, "tool_tip_text", None):
                    element.hover_time = max(element.hover_time, element.tool_tip_delay + 0.01)  # its tooltip, now
        scene.on_long_press(self.press.start)
        self.app.dirty = True

    # ---- events out ------------------------------------------------------------------
    def pointer(self, kind, pos, held: bool = False) -> None:
        """The app handles a mouse event of this layer's making."""
        if kind == pygame.MOUSEMOTION:
            last = self.app.mouse_pos
            rel = (0, 0) if last == NOWHERE else (pos[0] - last[0], pos[1] - last[1])
            event = pygame.event.Event(kind, pos=pos, rel=rel, buttons=(1, 0, 0) if held else (0, 0, 0))
        else:
            event = pygame.event.Event(kind, pos=pos, button=1)
        self.app.handle(event)

    def leave(self) -> None:
        """The finger is off the screen: the pointer is nowhere, and nothing stays lit."""
        self.app.handle(pygame.event.Event(pygame.WINDOWLEAVE))

    def first_touch_done(self) -> None:
        """Large targets turn on by themselves after the first touch, unless the person chose:
        once the gesture is over (what the finger aimed at does not move under it) and its
        answer is handled (see update)."""
        if self.app.settings.get("large_targets") is None:
            self.turn_on = True

    def turn_on_large_targets(self) -> None:
        """The screens are laid out again: not while an answer of the old ones is queued (a
        tapped button's press, which names the button that goes)."""
        if self.turn_on and not self.fingers and not pygame.event.peek():
            self.turn_on = False
            self.app.set_large_targets(True)
            self.app.notify("Large targets are on, for fingers (Settings turns them off).")


# ---- large targets: where a click goes --------------------------------------------
def reach(rect: pygame.Rect, size: int = MIN_TARGET) -> pygame.Rect:
    """The area a click reaches `rect` from: the rect, grown to `size` each way about its middle."""
    grown = pygame.Rect(rect)
    grown.w, grown.h = max(rect.w, size), max(rect.h, size)
    grown.center = rect.center
    return grown


class Target(NamedTuple):
    what: str  # for people reading a test's failure
    rect: pygame.Rect
    key: object  # the pygame-gui element, the board's target, or the screen's own name for it
    on_board: bool  # from the board's hit map (whose shapes say what is under a point)


class Targets:
    """Every click target of a screen as it was last drawn, and where a click reaches them."""

    def __init__(self, scene):
        self.hits = getattr(scene, "hits", None)
        self.widgets = widget_targets(scene)  # bottom to top
        self.board = {} if self.hits is None else {t: Target(repr(t), self.hits.rect_of(t), t, True)
                                                   for t in self.hits.targets()}
        self.all = self.widgets + list(self.board.values())
        self._widget_rects = [t.rect for t in self.widgets]
        self._reaches = [reach(t.rect) for t in self.all]

    def drawn_at(self, pos) -> Target | None:
        """The target drawn under `pos` (pygame-gui's over the board's), or None."""
        for i in reversed(pygame.Rect(pos, (1, 1)).collidelistall(self._widget_rects)):
            element = self.widgets[i].key
            if not hasattr(element, "hover_point") or element.hover_point(*pos):  # pygame-gui's own test
                return self.widgets[i]
        found = self.hits.at(pos) if self.hits is not None else None
        return self.board.get(found)

    def resolve(self, pos) -> Target | None:
        """The target a click at `pos` reaches where Large targets are on: the one drawn
        there, else the nearest whose reach holds `pos`; None for none."""
        found = self.drawn_at(pos)
        if found is not None:
            return found

        def distance(target):
            rect = target.rect
            return math.dist(pos, (min(max(pos[0], rect.left), rect.right - 1),
                                   min(max(pos[1], rect.top), rect.bottom - 1)))
        near = [self.all[i] for i in pygame.Rect(pos, (1, 1)).collidelistall(self._reaches)]
        return min(near, key=distance, default=None)

    def snapped(self, pos) -> tuple[int, int]:
        """`pos`, or where a click at `pos` reaches: a point on the nearest target's drawing."""
        if self.drawn_at(pos) is not None:
            return pos
        target = self.resolve(pos)
        if target is None:
            return pos
        rect = target.rect  # straight across to its middle: not onto its border, shadow or rounded corner
        inside = (pos[0] if rect.left + 6 <= pos[0] < rect.right - 6 else rect.centerx,
                  pos[1] if rect.top + 6 <= pos[1] < rect.bottom - 6 else rect.centery)
        return inside if self.drawn_at(inside) is target else rect.center


def widget_targets(scene) -> list[Target]:
    """What the screen draws itself and answers clicks on (scene.own_click_targets), then
    pygame-gui's buttons, drop-downs and text entries, bottom to top. A drop-down is one
    target, open or closed (its face and arrow are in it); an open one's items are more."""
    out = [Target(what, pygame.Rect(rect), what, False) for what, rect in scene.own_click_targets()]
    if scene.manager is None:
        return out
    sprites = scene.manager.get_sprite_group().sprites()
    menus = [e.rect for e in sprites if isinstance(e, UIDropDownMenu) and e.visible]
    for element in sprites:
        if not element.visible or not isinstance(element, (UIButton, UIDropDownMenu, UITextEntryLine)):
            continue
        if isinstance(element, UIButton) and any(r.contains(element.rect) for r in menus):
            continue
        out.append(Target(f"{type(element).__name__} {getattr(element, 'text', '')!r}", element.rect, element, False))
    return out


def explain_place(board, pos) -> str | None:
    """What a click on the board at `pos` would do, in words (a long press asks): the move
    it makes or the step it is, or the rule that refuses it; None off the board's places."""
    target = board.target_under(pos)
    controller = board.controller
    if target is None or not controller.human_to_move():
        return None
    if target not in controller.next_targets():
        return controller.refusal(target)
    path = controller.prefix + (target,)
    moves = controller.candidates(path)
    if len(moves) == 1 and len(moves[0].targets) == len(path):
        return board.named(f"A tap here plays: {controller.words.confirm(controller.state, moves[0])}")
    step = controller.words.step(controller.state, path, moves)
    return board.named(f"After a tap here: {step}") if step else None

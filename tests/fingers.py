"""Driving the real app with SDL's finger events (dummy video driver): taps, long presses,
drags and pinches, as a touchscreen sends them. With `copies`, each finger event comes with
the mouse event SDL makes from it (pygame marks those `touch`), as on a real touchscreen."""
from __future__ import annotations

import time

import pygame

import uikit
from uikit import paced_step, pump

FINGER = 0  # the one finger of taps, presses and drags


def finger_event(app, kind, pos, finger: int = FINGER) -> pygame.event.Event:
    """A finger event at `pos` (pixels): SDL says where as a share of the window (x / (width - 1))."""
    w, h = app.size
    return pygame.event.Event(kind, touch_id=1, finger_id=finger, x=pos[0] / (w - 1), y=pos[1] / (h - 1),
                              dx=0.0, dy=0.0, pressure=1.0)


def mouse_copy(kind, pos) -> pygame.event.Event:
    """The mouse event SDL makes from a finger event."""
    if kind == pygame.FINGERMOTION:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)
    button = pygame.MOUSEBUTTONDOWN if kind == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
    return pygame.event.Event(button, pos=pos, button=1, touch=True)


def post(app, kind, pos, finger: int = FINGER, copies: bool = False) -> None:
    if copies and finger == FINGER:  # SDL copies the first finger only
        if kind == pygame.FINGERDOWN:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0),
                                                 touch=True))
        pygame.event.post(mouse_copy(kind, pos))
    pygame.event.post(finger_event(app, kind, pos, finger))


def tap(app, pos, copies: bool = False) -> None:
    """A finger down and up at `pos`, within one frame."""
    pos = (int(pos[0]), int(pos[1]))
    post(app, pygame.FINGERDOWN, pos, copies=copies)
    post(app, pygame.FINGERUP, pos, copies=copies)
    pump(app)


def tap_button(app, text: str) -> None:
    rects = app.scene.button_rects()
    assert text in rects, f"no enabled button {text!r} on {type(app.scene).__name__}: {sorted(rects)}"
    tap(app, rects[text].center)


def tap_target(app, target) -> None:
    tap(app, app.scene.target_rect(target).center)


def long_press(app, pos, then_lift: bool = True) -> None:
    """A finger resting on `pos` until it is a long press (the loop runs meanwhile), then lifted."""
    from game.ui import touch

    post(app, pygame.FINGERDOWN, pos)
    pump(app)
    until = time.monotonic() + touch.LONG_PRESS_S + 0.05
    while time.monotonic() < until:
        time.sleep(0.02)
        app.step()
    app.step()  # the tooltip it asked for is made in this update, and shown
    if then_lift:
        post(app, pygame.FINGERUP, pos)
        pump(app)


def drag(app, a, b, steps: int = 6) -> None:
    """One finger from `a` to `b`."""
    post(app, pygame.FINGERDOWN, a)
    pump(app)
    for k in range(1, steps + 1):
        post(app, pygame.FINGERMOTION, (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps))
        pump(app)
    post(app, pygame.FINGERUP, b)
    pump(app)
    for _ in range(30):  # what it scrolled settles: pygame-gui glides a scroll bar over its next updates
        paced_step(app)


def pinch(app, centre, spread_from: float, spread_to: float, steps: int = 6) -> None:
    """Two fingers either side of `centre`, moving apart (or together) from one spread to another."""
    cx, cy = centre

    def places(spread):
        return (int(cx - spread / 2), int(cy)), (int(cx + spread / 2), int(cy))
    a, b = places(spread_from)
    post(app, pygame.FINGERDOWN, a, 0)
    post(app, pygame.FINGERDOWN, b, 1)
    pump(app)
    for k in range(1, steps + 1):
        a, b = places(spread_from + (spread_to - spread_from) * k / steps)
        post(app, pygame.FINGERMOTION, a, 0)
        post(app, pygame.FINGERMOTION, b, 1)
        pump(app)
    post(app, pygame.FINGERUP, a, 0)
    post(app, pygame.FINGERUP, b, 1)
    pump(app)


def choose(app, menu, option_text: str) -> None:
    """Open a drop-down with a tap, and tap one of its options."""
    uikit.choose(app, menu, option_text, press=tap)


def tap_move(app, board, move) -> None:
    """Tap a move's path (board places, or the side panel's buttons), and confirm it if it waits
    for that: the move is the one played."""
    before = len(board.match.state.history)
    for target in move.targets:
        if target[0] == "button":
            rect = app.scene.button_rects()[board.BUTTONS[target[1]]]
        else:
            rect = board.target_rect(target)
        assert rect is not None, f"{target} is not on the screen"
        tap(app, rect.center)
    if board.controller.pending is not None:
        tap(app, board.panel.confirm_button.rect.center)
    assert board.match.state.history[before] == move, "the taps did not play the move they aim at"

"""Driving the real app by keys alone: the focus ring (Tab, arrows, Enter), the board
cursor and typed moves. No mouse event is ever posted here."""
from __future__ import annotations

import pygame

from game.ui.focus import DIRECTIONS, nearest_in_direction, reading_order
from uikit import key, pump, run_until

MAX_PRESSES = 120


def ring(app):
    """The stop the ring stands on now (it is shown: the keys are in use)."""
    scene = app.scene
    stops = scene.focus_stops()
    return scene.focus.current(reading_order(stops), scene.focus_start(stops))


def tab_to(app, wanted, backwards: bool = False) -> None:
    """Tab until the ring is on a stop for which wanted(stop) holds."""
    key(app, pygame.K_TAB)  # the first Tab shows the ring where it is
    for _ in range(MAX_PRESSES):
        if wanted(ring(app)):
            return
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT if backwards else 0)
    raise AssertionError(f"the ring never reached the stop on {type(app.scene).__name__}")


def tab_to_button(app, text: str) -> None:
    tab_to(app, lambda stop: stop.key[0] == "button" and stop.key[1] == text)


def arrow_to(app, wanted_key) -> None:
    """Move the ring to the stop `wanted_key` by the shortest way of arrows (worked out with the
    screen's own rule for where an arrow goes); by Tab or Shift+Tab where no arrows lead there."""
    if not app.keys_in_use:
        key(app, pygame.K_TAB)  # the first Tab shows the ring where it is
    stops = reading_order(app.scene.focus_stops())
    by_key = {s.key: s for s in stops}
    assert wanted_key in by_key, f"{wanted_key} is not a stop now"
    start = ring(app).key
    paths, queue = {start: []}, [start]
    while queue and wanted_key not in paths:
        here = queue.pop(0)
        for arrow, direction in DIRECTIONS.items():
            lands = nearest_in_direction(stops, by_key[here].rect, direction)
            if lands is not None and lands.key not in paths:
                paths[lands.key] = paths[here] + [arrow]
                queue.append(lands.key)
    if wanted_key in paths:
        presses = paths[wanted_key]
    else:
        order = [s.key for s in stops]
        ahead = (order.index(wanted_key) - order.index(start)) % len(order)
        presses = [pygame.K_TAB] * ahead if ahead <= len(order) - ahead else ["back"] * (len(order) - ahead)
    for press in presses:
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT) if press == "back" else key(app, press)
    assert ring(app).key == wanted_key, f"the keys did not bring the ring to {wanted_key}"


def rect_distance(a, b) -> float:
    """How far apart two rects' middles are."""
    return ((a.centerx - b.centerx) ** 2 + (a.centery - b.centery) ** 2) ** 0.5


def type_text(app, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pump(app)


def choose_by_keys(app, menu, option_text: str) -> None:
    """A drop-down by keys: Tab to it, Enter opens it, Tab to the option, Enter picks it."""
    tab_to(app, lambda stop: stop.key[0] == "menu" and stop.rect == menu.rect)
    key(app, pygame.K_RETURN)
    assert menu.current_state is menu.menu_states["expanded"], "Enter did not open the drop-down"
    tab_to(app, lambda stop: stop.key == ("option", option_text))
    key(app, pygame.K_RETURN)
    pump(app)
    assert menu.selected_option[0] == option_text


def cursor_move(app, board, move) -> None:
    """Play `move` by the board cursor: each place of its click path reached by the arrows and
    pressed with Enter, each button of it by Tab and Enter; a secret choice's Confirm by Enter."""
    before = len(board.match.state.history)
    for target in move.targets:
        if target[0] == "button":
            tab_to_button(app, board.BUTTONS[target[1]])
        else:
            arrow_to(app, ("target", target))
        key(app, pygame.K_RETURN)
    if board.controller.pending is not None:
        assert ring(app).key[1].startswith("Confirm"), "the ring did not go to Confirm"
        key(app, pygame.K_RETURN)
    assert board.match.state.history[before] == move, "the keys did not play the move they aimed at"


def typed_move(app, board, move) -> None:
    """Play `move` by typing its notation after '/', then Enter (and Enter again on Confirm)."""
    before = len(board.match.state.history)
    type_text(app, "/")
    type_text(app, str(move))
    assert board.typing_move.matches()[0][2] == move, "the typed notation does not list the move first"
    key(app, pygame.K_RETURN)
    if board.controller.pending is not None:
        key(app, pygame.K_RETURN)
    assert board.match.state.history[before] == move, "the typed notation did not play its move"


def play_by_keys(app, rng, play, *, max_moves: int = 3000):
    """Random legal moves played by `play` (cursor_move or typed_move) until the game ends;
    covers between people are passed by Enter. Returns the board scene."""
    from game.ui.menus import HandOffScene

    board = app.scene
    board.controller.ai_delay = 0.0
    for _ in range(max_moves):
        run_until(app, lambda: board.match.state.is_over or isinstance(app.scene, HandOffScene)
                  or (app.scene is board and not board.match.is_computer_turn()))
        if isinstance(app.scene, HandOffScene):
            key(app, pygame.K_RETURN)  # "I am …: show my view"
            continue
        state = board.match.state
        if state.is_over:
            return board
        play(app, board, rng.choice(state.legal_moves()))
    raise AssertionError("game did not end")

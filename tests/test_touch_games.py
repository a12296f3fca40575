"""Whole games from the title to the results screen, and on to a new game, with finger
events only (issue 47): taps, and on Scrubbudgetel's map a drag and a pinch. (SDL's mouse
copies of finger events are dropped: test_touch.py.)"""
from __future__ import annotations

import random

import pygame
import pytest

import fingers
from game.ui.board import BoardScene
from game.ui.results import ResultsScene
from game.ui.setup import SetupScene

from uikit import option_menu, run_until, screenshot, seat_kind_menu, title_app

pytestmark = pytest.mark.slow


@pytest.fixture
def app():
    yield from title_app()


def open_game(app, game_id: str):
    """From the title: tap the game's card, make the second seat a person, tap Start."""
    fingers.tap(app, app.scene.cards[game_id].center)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.spec.id == game_id
    assert app.settings["large_targets"] is True, "the first touch turned Large targets on"
    fingers.choose(app, seat_kind_menu(setup, 1), "Human")
    return app.scene


def start(app):
    fingers.tap_button(app, "Start")
    board = app.scene
    assert isinstance(board, BoardScene)
    assert [s.kind for s in board.match.seats] == ["human", "human"]
    return board


def play_out(app, board, rng, choose_move=None, max_moves: int = 2000):
    for _ in range(max_moves):
        state = board.match.state
        if state.is_over:
            break
        moves = state.legal_moves()
        fingers.tap_move(app, board, choose_move(state, moves) if choose_move else rng.choice(moves))
    else:
        raise AssertionError("the game did not end")
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    fingers.tap_button(app, "Play again")
    assert isinstance(app.scene, BoardScene) and app.scene is not board and not app.scene.match.state.history, \
        "Play again, by a tap: a new game"


def test_a_whole_scurry_game_by_finger(app):
    setup = open_game(app, "scurry")
    fingers.choose(app, option_menu(setup, "tiles"), "6")
    board = start(app)
    assert board.match.options["tiles"] == 6
    screenshot(app, "touch-scurry-large-targets")
    play_out(app, board, random.Random(3))


def test_a_whole_scrubbudgetel_game_by_finger_with_a_drag_and_a_pinch(app):
    open_game(app, "scrubbudgetel")
    board = start(app)
    camera, m = board.camera, board.map_rect
    rng = random.Random(5)
    for _ in range(6):
        fingers.tap_move(app, board, rng.choice([mv for mv in board.match.state.legal_moves() if mv.code != "CV"]))
    offset, zoom = camera.offset, camera.zoom
    fingers.drag(app, (m.centerx, m.centery), (m.centerx - 120, m.centery + 60))
    assert camera.offset != offset, "one finger panned the map"
    fingers.pinch(app, m.center, 100, 260)
    assert camera.zoom > zoom, "two fingers zoomed it"
    screenshot(app, "touch-scrubbudgetel-pinched")
    assert len(board.match.state.history) == 6 and board.controller.prefix == (), "no drag or pinch clicked"
    fingers.tap_button(app, "Fit")

    def keep_the_cave_back(state, legal):  # a longer game: the Treasure Cave once the map is large
        others = [mv for mv in legal if mv.code != "CV"]
        return rng.choice(others if others and len(state.markers) < 40 else legal)
    play_out(app, board, rng, keep_the_cave_back)

"""The player aid (F1 or "?" on the board): in every phase random play reaches, it
says what the player to move may do, fits the window, closes with Esc or F1, and
shows nothing of what the seat in front of the screen may not see."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.games.scrubbudgetel.rules import MARKERS
from game.ui.aid_screen import AidScene, aid_for
from game.ui.board import BoardScene
from game.ui.rules_screen import RulesScene
from game.ui.scene import start_match
from tests.uikit import click, click_button, key, make_app, pump, screenshot

# players and options that let random play reach every phase (set-up steps included)
GAMES = {
    "skurdir": (2, {"random_setup": False}, 3),
    "scurry": (2, {"random_setup": False}, 3),
    "skyline_express": (1, {}, 0),  # solo: the automaton's tied dice are given by the player (seed 0: at once)
    "scrubbudgetel": (2, {}, 3),
    "skyrunner": (3, {}, 3),
}

# how many phases (sets of choices) each game has: all are reached and looked at
PHASES = {"skurdir": 6, "scurry": 4, "skyline_express": 3, "scrubbudgetel": 2, "skyrunner": 4}


def kind_of(move) -> str:
    """The move kind an aid's choices name: Scrubbudgetel's markers by family."""
    return move.kind if hasattr(move, "kind") else MARKERS[move.code].family


def open_board(game_id: str, size):
    players, options, seed = GAMES[game_id]
    app = make_app(size)
    app.settings["animation_speed"] = "off"
    match = Match(shelf.GAMES[game_id], [Seat(f"P{i + 1}", i) for i in range(players)], seed, options)
    start_match(app, match)
    board = app.scene
    face(board)  # the first seat is in front of the screen: no hand-off cover
    pump(app)
    assert app.scene is board
    return app, board


def face(board) -> None:
    """The seat to move is in front of the screen (as after its hand-off)."""
    seat = board.match.state.to_move
    board.viewer = board.confirmed_viewer = seat
    board.forget_input()


def shown_text(aid_scene) -> str:
    return "\n".join(line.text for line in aid_scene.shown)


def open_aid(app) -> AidScene:
    key(app, pygame.K_F1)
    assert isinstance(app.scene, AidScene)
    return app.scene


def assert_fits(app, aid_scene) -> None:
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(aid_scene.box)
    assert aid_scene.text_boxes, "the aid drew no text"
    for box in aid_scene.text_boxes:
        assert aid_scene.box.contains(box), (box, aid_scene.box)
    for rect in aid_scene.button_rects().values():
        assert aid_scene.box.contains(rect)
    buttons = list(aid_scene.button_rects().values())
    for box in aid_scene.text_boxes:
        assert not any(box.colliderect(b) for b in buttons), "text under a button"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_aid_in_every_phase_says_the_choices_and_fits(game_id, size):
    app, board = open_board(game_id, size)
    rng = random.Random(5)
    seen = {}
    try:
        for _ in range(3000):
            state = board.match.state
            if state.is_over or len(seen) == PHASES[game_id]:
                break
            face(board)
            legal = state.legal_moves()
            aid = aid_for(board.match.spec, board.view())
            assert aid is not None
            phase = tuple(c.what for c in aid.choices)
            if phase not in seen:
                pump(app)  # the board as a person would see it, its buttons up to date
                scene = open_aid(app)
                assert scene.board is board
                text = shown_text(scene)
                for choice in aid.choices:
                    assert choice.what in text and choice.how.split()[0] in text
                covered = {k for c in aid.choices for k in c.kinds}
                assert {kind_of(m) for m in legal} <= covered, "a legal move the aid does not mention"
                assert_fits(app, scene)
                screenshot(app, f"aid-{game_id}-{size[0]}-{len(seen)}")
                # Esc closes it one time, F1 the other: the board is back
                key(app, pygame.K_ESCAPE if len(seen) % 2 else pygame.K_F1)
                assert app.scene is board
                seen[phase] = text
            board.controller.play(rng.choice(legal))
        assert len(seen) == PHASES[game_id], list(seen)
    finally:
        pygame.quit()


def test_the_question_mark_opens_the_aid_and_it_links_to_the_full_rules():
    app, board = open_board("skurdir", (960, 640))
    try:
        click(app, board.panel.aid_button.rect.center)
        assert isinstance(app.scene, AidScene)
        assert "Place a stack" in shown_text(app.scene)
        click_button(app, "Full rules")
        assert isinstance(app.scene, RulesScene) and app.scene.spec.id == "skurdir"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, AidScene)
        click_button(app, "Close")
        assert app.scene is board and isinstance(board, BoardScene)
    finally:
        pygame.quit()


def test_the_aid_shows_nothing_of_another_seats_hand():
    app, board = open_board("skyrunner", (1280, 800))
    try:
        state = board.match.state
        assert state.phase == "choose" and state.to_move == 0
        face(board)
        before = shown_text(open_aid(app))
        key(app, pygame.K_ESCAPE)
        state.hand[1] = ["C5", "E", "E", "S"]  # another seat's hidden cards differ
        state.hand[2] = []
        after = shown_text(open_aid(app))
        key(app, pygame.K_ESCAPE)
        assert after == before
        state.hand[0] = ["C2", "L"]  # the seat's own hand is its to see: the aid names it
        own = shown_text(open_aid(app))
        assert own != before and "Climb 2" in own and "Lost equipment" in own
    finally:
        pygame.quit()

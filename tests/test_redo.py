"""Redo: plays again what undo took back, until a new move is made."""
from __future__ import annotations

import json

import pygame

from game import shelf
from game.engine import ai
from game.engine.match import Match, Seat
from game.ui.scene import start_match
from tests.toy_games import NIM
from tests.uikit import click, make_app, key, play_move, pump


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def play(match, *notations):
    for text in notations:
        match.play(match.spec.parse_move(match.state, text))


def test_redo_plays_again_each_undone_step_newest_first():
    m = Match(NIM, [Seat("Eva", 0), Seat("Jon", 1)], seed=1)
    snaps = [snap(m.state)]
    for text in ("t3", "t3", "t3"):
        play(m, text)
        snaps.append(snap(m.state))
    assert m.can_redo() is not None  # nothing taken back yet
    m.undo()
    m.undo()
    assert snap(m.state) == snaps[1]
    assert m.redo() == ["t3"] and snap(m.state) == snaps[2]
    assert m.redo() == ["t3"] and snap(m.state) == snaps[3]
    assert m.redo() == [] and m.can_redo() is not None


def test_a_new_move_ends_redo():
    m = Match(NIM, [Seat("Eva", 0), Seat("Jon", 1)], seed=1)
    play(m, "t3", "t3")
    m.undo()
    assert m.can_redo() is None
    play(m, "e")  # another move instead: end the turn
    assert m.can_redo() is not None and m.redo() == []
    assert m.notations == ["t3", "e"]


def test_redo_brings_back_the_computers_reply_as_it_was():
    m = Match(NIM, [Seat("Eva", 0), Seat("Computer", 1, "computer", "easy")], seed=3,
              options={"heaps": "3-4-5"})
    play(m, "t1", "e")
    while m.is_computer_turn():
        m.play(ai.choose_move(ai.SearchRequest(m.state, "easy", m.ai_seed())).move)
    after_reply, notations = snap(m.state), list(m.notations)
    taken = m.undo()
    assert len(taken) >= 2  # Eva's 'e' and the computer's reply
    assert m.redo() == taken
    assert snap(m.state) == after_reply and m.notations == notations


def test_undo_and_redo_by_keys_and_button_on_the_board():
    app = make_app()
    spec = shelf.GAMES["scurry"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 11, {"random_setup": True}))
    board = app.scene
    pump(app)
    start = snap(board.match.state)
    move = board.match.state.legal_moves()[0]
    play_move(app, board, move)
    played = snap(board.match.state)
    assert not board.panel.redo_button.is_enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert snap(board.match.state) == start and board.panel.redo_button.is_enabled
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert snap(board.match.state) == played
    assert "Played again" in board.controller.message
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # the other redo key
    assert snap(board.match.state) == played
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    click(app, board.panel.redo_button.rect.center)  # and the button
    pump(app)
    assert snap(board.match.state) == played
    assert len(board.log.entries) == len(board.controller.log_of_record())

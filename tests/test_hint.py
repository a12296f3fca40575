"""Hints: the computer at normal level suggests a move from the seat's own view only."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.engine import ai
from game.engine.match import Match, Seat
from game.games.skyrunner.rules import card_name
from game.ui import look
from game.ui.hint import search_state
from game.ui.scene import start_match
from tests.uikit import click, key, make_app, play_move, pump, run_until, screenshot


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def midgame(game_id: str, seed: int = 4, plies: int = 25):
    spec = shelf.GAMES[game_id]
    state = spec.new_game(spec.default_players, seed, spec.default_options())
    for n in range(plies):
        after = state.clone()
        after.apply(ai.random_move(state, seed * 100 + n))
        if after.is_over:
            break
        state = after
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(shelf.GAMES))
def test_the_hint_search_never_sees_what_the_seat_cannot(game_id):
    """Two positions that differ only in what the seat to move cannot see (other
    hands, the deck's order, dice to come) give the search the very same start:
    what was hidden cannot reach the suggestion."""
    real = midgame(game_id)
    seat = real.to_move
    other = real.determinize(seat, random.Random(99))  # another hidden arrangement
    assert other.view(seat) == real.view(seat)
    a, b = search_state(real, 7), search_state(other, 7)
    assert a.to_json() == b.to_json()
    assert str(ai.choose_move(a, "normal", 3, iterations=60)) == str(ai.choose_move(b, "normal", 3, iterations=60))


def test_skyrunner_hint_search_gets_resampled_hands():
    """In SkyRunner the others' hands are hidden: the search's copy has other cards
    there for some seeds (it samples; it does not copy the real hands)."""
    real = midgame("skyrunner")
    seat = real.to_move
    others = [s for s in range(real.players) if s != seat]
    differ = [any(search_state(real, k).hand[s] != real.hand[s] for s in others) for k in range(8)]
    assert any(differ)
    assert all(search_state(real, k).hand[seat] == real.hand[seat] for k in range(8))


def hint_colour_shown(app, rect) -> bool:
    """Some pixel around `rect` has the hint colour."""
    surface = app.screen
    box = rect.inflate(10, 10).clip(surface.get_rect())
    return any(tuple(surface.get_at((x, y)))[:3] == look.HINT
               for x in range(box.left, box.right) for y in (box.top, box.top + 1, box.top + 2, box.top + 3,
                                                              box.bottom - 1, box.bottom - 2, box.bottom - 3,
                                                              box.bottom - 4, box.centery))


@pytest.mark.parametrize("game_id", ["scurry", "skyrunner"])
def test_hint_button_shows_the_move_and_is_counted(game_id):
    app = make_app()
    spec = shelf.GAMES[game_id]
    seats = [Seat("Ann", 0), Seat("Cpu", 1, "computer", "easy")]
    options = {"random_setup": True} if game_id == "scurry" else {}
    start_match(app, Match(spec, seats, 11, options))
    board = app.scene
    run_until(app, lambda: board.controller.human_to_move())
    pump(app)
    click(app, board.panel.hint_button.rect.center)
    assert board.match.hints_used == [1, 0]
    assert not board.panel.hint_button.is_enabled  # one hint at a time
    run_until(app, lambda: board.hinter.path(), timeout=90)
    pump(app)
    hint = board.hinter.current
    assert board.controller.message == f"Hint: {hint.words}"
    assert hint.move in board.match.state.legal_moves()
    if game_id == "skyrunner":  # the card to play is named to its owner, though the log will say "face down"
        assert "face down" not in hint.words and card_name(hint.move.card) in hint.words
    first = hint.move.targets[0]
    rect = (board.panel.game_buttons[first[1]].rect if first[0] == "button" else board.target_rect(first))
    app.dirty = True
    app.step()
    assert hint_colour_shown(app, rect), "the hinted target does not glow"
    screenshot(app, f"hint_{game_id}")
    assert board.match.to_save()["hints"] == [1, 0]
    again = Match.from_save(board.match.to_save(), shelf.GAMES)
    assert again.hints_used == [1, 0]
    play_move(app, board, hint.move)
    pump(app)
    assert board.hinter.current is None and not board.hinter.path()
    # and by key, on the next turn
    run_until(app, lambda: board.controller.human_to_move() or board.match.state.is_over)
    if not board.match.state.is_over:
        pump(app)
        key(app, pygame.K_h)
        assert board.match.hints_used == [2, 0]


def test_no_hint_for_the_computer_seat():
    app = make_app()
    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat("Cpu", 0, "computer", "easy"), Seat("Ann", 1)], 11, {"random_setup": True})
    start_match(app, match)
    board = app.scene
    assert board.hinter.ask() != "" and match.hints_used == [0, 0]


class AnsweringPlayer:
    """Stands in for the computer's worker: answers at once with the move it is given."""

    def __init__(self, notation: str):
        self.notation = notation

    def think(self, state, level, seed, time_limit, iterations=None, heuristics=None):
        from game.engine.remote import Job

        job = Job(1, self)
        job.move, job.done = self.notation, True
        return job


def test_the_hint_goes_when_the_player_picks_another_piece():
    """The hint's marks glow on the marker it suggests; once the player picks another
    marker from the stash, they would seem to back that choice instead: the hint goes
    (and Hint may be asked again)."""
    app = make_app()
    spec = shelf.GAMES["scrubbudgetel"]
    match = Match(spec, [Seat("Ann", 0), Seat("Cpu", 1, "computer", "easy")], 11, {})
    start_match(app, match)
    board = app.scene
    run_until(app, lambda: board.controller.human_to_move() and len(board.controller.next_targets()) > 1)
    pump(app)
    legal = match.state.legal_moves()
    hinted = legal[0]
    other = next(m for m in legal if m.targets[0] != hinted.targets[0])
    board.hinter.player = AnsweringPlayer(str(hinted))
    click(app, board.panel.hint_button.rect.center)
    run_until(app, lambda: board.hinter.path())
    click(app, board.target_rect(hinted.targets[0]))  # the hinted marker: the hint stays
    assert board.hinter.path() == tuple(hinted.targets)
    board.controller.cancel()
    pump(app)
    click(app, board.target_rect(other.targets[0]))  # another one: the hint goes
    assert board.controller.prefix == (other.targets[0],)
    assert not board.hinter.path() and not board.controller.message.startswith("Hint")
    assert board.panel.hint_button.is_enabled
    app.dirty = True
    app.step()
    assert not hint_colour_shown(app, board.target_rect(hinted.targets[0]))

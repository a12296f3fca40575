"""The results screen uses its room: every player's score through the game, beside the
kept review's chart once there is one (issue 49: it was half empty at every size)."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.replay import Replay
from game.ui import look
from game.ui.results import ResultsScene
from game.ui.scene import start_match
from game.ui.score_chart import ScoreChart, score_series
from uikit import open_title, play_move, pump, run_until


def one_move_from_the_end(game_id: str, seed: int) -> tuple[Match, object]:
    """A game of two people played at random up to a move that ends it, and that move."""
    match = Match(shelf.GAMES[game_id], [Seat("Ann", 0), Seat("Bob", 1)], seed)
    rng = random.Random(seed)
    while True:
        legal = match.state.legal_moves()
        ending = next((m for m in legal if (lambda s: (s.apply(m), s.is_over)[1])(match.state.clone())), None)
        if ending is not None:
            return match, ending
        match.play(rng.choice(legal))


def test_the_scores_through_a_game_start_where_it_started_and_end_at_its_result():
    match, ending = one_move_from_the_end("skurdir", 3)
    match.play(ending)
    series = score_series(Replay.of_match(match))
    assert [len(s) for s in series] == [len(match.played) + 1] * 2
    assert [s[0] for s in series] == [0, 0]
    assert [s[-1] for s in series] == list(match.state.outcome.scores)
    assert any(len(set(s)) > 2 for s in series), "a score that moved during the game"


@pytest.mark.parametrize("values, axis", [((0, 56), (0, 60, 20)), ((-30, 98), (-50, 100, 50)), ((0, 7), (0, 8, 2)),
                                          ((0, 0), (0, 1, 1))])
def test_the_score_axis_ends_on_a_round_step_about_a_quarter_of_the_span(values, axis):
    chart = ScoreChart([list(values)], [(200, 60, 50)], [0], set())
    assert (chart.low, chart.high, chart.step) == axis


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
def test_the_results_screen_draws_every_players_score_through_the_game(size):
    match, ending = one_move_from_the_end("skurdir", 3)
    app = open_title(size, "off")
    start_match(app, match)
    pump(app)
    board = app.scene
    play_move(app, board, ending)
    run_until(app, lambda: isinstance(app.scene, ResultsScene) and app.scene.score_chart is not None, timeout=10)
    results = app.scene
    results.reads.wait()
    app.dirty = True
    pump(app)
    chart = results.score_chart
    assert chart.area.w >= 300 and chart.area.h >= 40
    box = chart.area.inflate(64, 56)
    assert box.bottom <= min(b.rect.top for b in results.actions), "the chart stays above the buttons"
    for seat, scores in enumerate(chart.series):
        end = chart.point(len(scores) - 1, scores[-1])
        assert app.screen.get_at(end)[:3] == board.seat_rgb(seat), "each line ends in its seat's colour"
    words = [box.text for box in look.drawn]
    assert "Score through the game" in words
    pygame.quit()

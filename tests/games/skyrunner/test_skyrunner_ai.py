"""SkyRunner's computer player: sensible choices with small budgets."""
from __future__ import annotations

import random

from game.engine import ai
from game.games.skyrunner import heuristics as heuristics
from game.games.skyrunner.rules import SPEC


def test_climbs_onto_the_roof_when_it_can():
    s = SPEC.new_game(2, 3)
    s.pos[0] = [s.roof - 2, 0]
    s.hand[0] = ["C3", "E"]
    s.open = "C5"
    move = ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=150, heuristics=heuristics)).move
    assert str(move) == "C3"


def test_evaluation_is_a_share_of_the_win_and_favours_the_climber():
    s = SPEC.new_game(3, 1)
    s.pos[1] = [20, 0]
    values = heuristics.evaluate(s)
    assert abs(sum(values) - 1.0) < 1e-9
    assert values[1] == max(values)


def test_playout_policy_returns_a_legal_move():
    s = SPEC.new_game(4, 2)
    rng = random.Random(0)
    for _ in range(200):
        if s.is_over:
            break
        moves = s.legal_moves()
        move = heuristics.rollout_move(s, moves, rng)
        assert move in moves
        s.apply(move)

"""Scrubbudgetel's computer player: sensible choices with small budgets."""
from __future__ import annotations

import random

from game.engine import ai
from game.games.scrubbudgetel import ai as heuristics
from game.games.scrubbudgetel.rules import CAVE, SPEC


def set_turn(s, seat, stash, roll):
    s.stashes[seat] = sorted(stash)
    s.turn_seat = s.to_move = seat
    s.roll = s.to_lay = roll
    s.laid_now, s.followed, s.pending_junction = [], None, None
    s._legal = None


def position(stash, *, haul=(0, 0), roll=1, turn=5):
    """White to lay `roll` markers from `stash` after the first round, on a map
    with one trail of three markers from the Landing."""
    s = SPEC.new_game(2, 4)
    set_turn(s, 0, ["TW"] * 3, 3)
    for _ in range(3):
        s.apply(s.legal_moves()[0])
    s.stashes[1] = ["TR"]
    s.haul = list(haul)
    s.turn = turn
    set_turn(s, 0, stash, roll)
    return s


def test_lays_the_cave_when_it_wins():
    s = position([CAVE, "TW"], haul=(40, 30))
    move = ai.choose_move(s, "normal", 1, iterations=60)
    assert move.code == CAVE
    s.apply(move)
    assert s.is_over and s.outcome.winners == (0,)


def test_keeps_the_cave_when_it_would_lose():
    s = position([CAVE, "TW"], haul=(10, 60))
    move = ai.choose_move(s, "normal", 1, iterations=60)
    assert move.code == "TW"


def test_lays_the_rest_before_the_cave():
    """The Cave ends the game at once: markers still in the stash would cost."""
    s = position([CAVE, "TW", "TW"], haul=(40, 30), roll=3)
    assert not heuristics.cave_pays(s, 0)
    move = ai.choose_move(s, "normal", 1, iterations=60)
    assert move.code == "TW"


def test_candidates_are_one_roomy_spot_per_kind():
    s = position(["TW", "JN", "GY"], roll=3)
    moves = s.legal_moves()
    candidates = heuristics.candidate_moves(s, moves)
    assert sorted(m.code for m in candidates) == sorted({m.code for m in moves})
    for c in candidates:
        same = [m for m in moves if m.code == c.code]
        assert heuristics.open_room(s, c.triangles) == max(heuristics.open_room(s, m.triangles) for m in same)


def test_evaluation_is_a_share_of_the_win_and_favours_the_leader():
    s = position(["TW"], haul=(5, 25))
    values = heuristics.evaluate(s)
    assert abs(sum(values) - 1.0) < 1e-9
    assert values[1] > values[0]


def test_playout_policy_returns_a_legal_move():
    s = SPEC.new_game(3, 2)
    rng = random.Random(0)
    for _ in range(150):
        if s.is_over:
            break
        moves = s.legal_moves()
        move = heuristics.rollout_move(s, moves, rng)
        assert move in moves
        s.apply(move)

"""Skurðir computer player: it takes the best-paying transport and plays whole games."""
from __future__ import annotations

import pytest

from game.engine import ai
from game.games.skurdir import ai as heur
from game.games.skurdir.rules import SPEC, SkurdirState, parse_cell

R, Y, G, B, K = range(5)


def test_the_search_prefers_the_route_that_pays_the_mover():
    # Yellow's passenger at b2 can go b2-d2 (red canal: Red gets 2) or b2-b4 (yellow canal: Yellow gets 2)
    state = SkurdirState.from_layout([Y, R], {"b2": (G, [Y]), "d2": (Y, []), "b4": (Y, [])},
                                     [("b2", "d2", R), ("b2", "b4", Y)])
    state.phase = "transport"
    state._legal = None
    move = ai.choose_move(state, "normal", 1, heuristics=heur)
    assert move.route == (parse_cell("b2"), parse_cell("b4"))


def test_building_candidates_put_a_paying_canal_first():
    state = SkurdirState.from_layout([Y, R], {"b2": (G, [Y]), "d2": (Y, []), "b6": (R, [B])})
    cands = heur.candidate_moves(state, state.legal_moves())
    assert len(cands) <= heur.KEEP
    assert str(cands[0]) == "c b2-d2 Y"


def test_hard_looks_at_more_building_actions_and_transports():
    state = SkurdirState.from_layout([Y, R], {"b2": (G, [Y]), "d2": (Y, []), "b6": (R, [B]), "f2": (B, [])})
    moves = state.legal_moves()
    narrow = heur.candidate_moves(state, moves)
    wide = heur.candidate_moves(state, moves, **ai.level_settings("hard", heur)["candidates"])
    assert len(narrow) == heur.KEEP < len(wide) <= 8 and wide[:heur.KEEP] == narrow
    # two routes for Yellow's passenger: the search of hard weighs both, normal takes the better-paying one
    state = SkurdirState.from_layout([Y, R], {"b2": (G, [Y]), "d2": (Y, []), "b4": (Y, [])},
                                     [("b2", "d2", R), ("b2", "b4", Y)])
    state.phase = "transport"
    state._legal = None
    routes = state.legal_moves()
    assert [str(m) for m in heur.candidate_moves(state, routes)] == ["t b2-b4"]
    assert [str(m) for m in heur.candidate_moves(state, routes, transports=3)] == ["t b2-b4", "t b2-d2"]


@pytest.mark.parametrize("options", [{}, {"table": "9x9", "crossing": False}])
def test_normal_plays_a_whole_three_player_game_with_set_up(options):
    state = SPEC.new_game(3, 4, options)
    k = 0
    while not state.is_over:
        level = "easy" if state.to_move else "normal"
        state.apply(ai.choose_move(state, level, k, iterations=20, heuristics=heur))
        k += 1
    assert state.outcome.winners

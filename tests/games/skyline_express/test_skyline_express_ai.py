"""Skyline Express: the heuristics the computer player searches with."""
from __future__ import annotations

import random

import pytest

from game.engine import ai as engine_ai
from game.games.skyline_express import heuristics
from game.games.skyline_express.rules import B, EMPTY, G, SPEC, TASKS, Y


def test_candidates_are_legal_and_few():
    for players in (1, 2, 3, 4):
        state = SPEC.new_game(players, 3)
        rng = random.Random(players)
        for _ in range(40):
            moves = state.legal_moves()
            cands = heuristics.candidate_moves(state, moves)
            assert cands and set(cands) <= set(moves) and len(cands) <= heuristics.CANDIDATES
            assert heuristics.rollout_move(state, moves, rng) in moves
            chances = heuristics.evaluate(state)
            assert len(chances) == players and all(0.0 <= c <= 1.0 for c in chances)
            state.apply(rng.choice(moves))


def test_a_vip_goes_beside_its_own_colour():
    state = SPEC.new_game(2, 1)
    state.tasks = [TASKS[B][2]]  # red across yellow: no hope for it in a green compartment
    sheet = state.sheets[0]
    sheet.colours[0:3] = [G, G, G]
    state.dice = [2, 2, 6, 2]
    state._legal = None
    state.apply(SPEC.parse_move(state, "d G"))
    move = heuristics.greedy_move(state)
    assert str(move) == "p 1d"


def test_the_person_gives_the_automaton_the_weaker_tied_die():
    state = SPEC.new_game(1, 1)
    auto = state.sheets[1]
    auto.colours[0:2] = [Y, Y]  # a yellow beside them is worth more to it than a blue anywhere
    auto.vips[0] = True
    state.phase, state.tied, state.to_move = "tie", [Y, B], 0
    state.dice = [1, 5, 1, 5]
    state._legal = None
    assert str(heuristics.greedy_move(state)) == "a B"


@pytest.mark.slow
@pytest.mark.parametrize("six", ["five", "keep"])
def test_the_search_plays_a_whole_solo_game_quickly(six):
    state = SPEC.new_game(1, 7, {"automaton_six": six})
    k = 0
    while not state.is_over:
        state.apply(engine_ai.choose_move(engine_ai.SearchRequest(state, "normal", k, iterations=20)).move)
        k += 1
    assert state.sheets[0].colours.count(EMPTY) == 0
    assert state.sheets[0].filled == 24 and state.scores()[0] > 0


def test_solo_a_tie_is_worth_less_to_the_search_than_a_win():
    state = SPEC.new_game(1, 0)
    rng = random.Random(0)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    me = state.scores()[0]
    rewards = {}
    for margin in (-1, 0, 1, 8):
        state.automaton_score = lambda m=margin: me - m
        rewards[margin] = heuristics.final_rewards(state)[0]
    assert rewards[-1] < 0.2 < rewards[0] < 0.6 < rewards[1] < rewards[8] <= 1.0


def _with_service_points(state, seat, points):
    state.sheets[seat].service_earned = points + state.sheets[seat].service_spent
    state._legal = None


def test_service_points_are_worth_the_services_still_open():
    """Unspent service points count as the services they can still buy: nothing once
    every service is taken, and the same service in both players' reckoning, so the
    first to take it gains the lead (the race hard used to lose to a blind search)."""
    state = SPEC.new_game(2, 5)
    _with_service_points(state, 0, 10)
    worth = heuristics.potential(state, 0)
    state.service_owner = [1] * len(state.service_owner)  # the other player took them all
    assert heuristics.potential(state, 0) < worth - 10
    state = SPEC.new_game(2, 5)
    state.service_owner = [1] * 5 + [EMPTY] + [EMPTY] * (len(state.service_owner) - 6)  # one left
    for seat in (0, 1):
        _with_service_points(state, seat, 5)
    lead = heuristics.potential(state, 0) - heuristics.potential(state, 1)
    state.apply(SPEC.parse_move(state, str(heuristics.MOVES["service"][5])))
    assert heuristics.potential(state, 0) - heuristics.potential(state, 1) > lead + 5


def test_hard_weighs_buying_a_service_against_keeping_the_points():
    state = SPEC.new_game(2, 5)
    _with_service_points(state, 0, 5)
    moves = state.legal_moves()
    plain = heuristics.candidate_moves(state, moves)
    weighed = heuristics.candidate_moves(state, moves, services=2)
    bought = [m for m in weighed if m.kind == "service"]
    assert len(bought) == 2 and any(m.kind == "take" for m in weighed)
    assert all(m.kind == "service" for m in plain) or not any(m.kind == "service" for m in plain)


def test_a_seats_gain_is_what_its_compartment_is_heading_for_gains_by_it():
    """Seating a passenger is worth the change in its compartment's outlook (plus the services
    it feeds): the looked-up gains of each empty seat agree with the outlook before and after."""
    state = SPEC.new_game(2, 4)
    rng = random.Random(4)
    while sum(c != EMPTY for c in state.sheets[0].colours) < 7 or state.to_move != 0:
        state.apply(rng.choice(state.legal_moves()))
    sheet = state.sheets[0]
    for colour in (B, G, Y):
        for vip in (False, True):
            gains = heuristics._seat_gains(state, 0, colour, vip)
            assert sorted(seat for _gain, seat in gains) == [i for i, c in enumerate(sheet.colours) if c == EMPTY]
            rests = set()
            for gain, seat in gains:
                c = seat // 4
                four, vips = sheet.colours[4 * c: 4 * c + 4], sheet.vips[4 * c: 4 * c + 4]
                after, after_vips = four[:], vips[:]
                after[seat % 4], after_vips[seat % 4] = colour, vip
                change = (heuristics.compartment_value(after, after_vips, state.tasks, state.across, 1)
                          - heuristics.compartment_value(four, vips, state.tasks, state.across, 1))
                rests.add(round(gain - change, 9))
            # the rest is the same for every seat: 2 for each service of the colour it catches up on
            assert len(rests) == 1 and rests.pop() in (0, 2, 4, 6, 8)

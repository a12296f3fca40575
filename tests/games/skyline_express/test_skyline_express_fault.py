"""Skyline Express legality is written once (`fault`): the legal move lists and
the refused clicks both agree with it, over many random positions."""
from __future__ import annotations

import random

import pytest

from game.games.skyline_express.rules import SEATS, SERVICES, SPEC, SkylineMove

NUMBERS = {
    "take": range(-1, 5), "give": range(-1, 5), "value": range(0, 8), "paint": range(-1, 5),
    "service": range(-1, len(SERVICES) + 1), "seat": range(-1, SEATS + 1),
}
# every move of every kind with any parameter, out-of-range ones too
SUPERSET = [SkylineMove.of(kind, n) for kind, numbers in NUMBERS.items() for n in numbers]


def random_positions(players: int, seed: int, options: dict):
    """The positions of one random game, rich in paid changes and services."""
    rng = random.Random(seed)
    state = SPEC.new_game(players, seed, options)
    while not state.is_over:
        yield state
        moves = state.legal_moves()
        paid = [m for m in moves if m.kind in ("value", "paint", "service")]
        state.apply(rng.choice(paid) if paid and rng.random() < 0.3 else rng.choice(moves))
    yield state


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fault_allows_exactly_the_legal_moves(players):
    positions = 0
    for seed in range(6):
        options = {"two_player": ("variant", "standard")[seed % 2], "automaton_six": ("five", "keep")[seed % 2]}
        for state in random_positions(players, seed, options):
            legal = set(state.legal_moves())
            for move in SUPERSET:
                fault = state.fault(move)
                assert (fault is None) == (move in legal), (str(state.to_json()["history"][-3:]), move, fault)
                if fault is not None:
                    assert state.check(move) == fault
            positions += 1
    assert positions > 300


def test_a_refused_click_says_the_fault_of_the_move_it_would_make():
    rng = random.Random(3)
    state = SPEC.new_game(1, 0)  # seed 0: the automaton's priorities tie in the first round
    refused = set()
    while not state.is_over:
        for target in [("die", d) for d in range(4)] + [("face", v) for v in range(1, 7)] + \
                [("paint", k) for k in range(4)] + [("service", i) for i in range(len(SERVICES))] + \
                [("seat", i) for i in range(SEATS)]:
            move = state.clicked_move(target)
            assert move.targets[0] == target
            if move not in state.legal_moves():
                assert state.explain_click((target,)) == state.fault(move) is not None
                refused.add(move.kind)
        state.apply(rng.choice(state.legal_moves()))
    assert refused == {"take", "give", "value", "paint", "service", "seat"}
    assert state.explain_click((("die", 2),)) == "The game is over."


def test_a_die_click_is_the_automatons_die_only_in_a_tie():
    state = SPEC.new_game(1, 0)
    assert state.clicked_move(("die", 2)) == SkylineMove("take", die=2)
    assert state.explain_click((("button", "pass"),)) == "Click a die, a seat, a value, a colour or a service."
    state.apply(SkylineMove("take", die=0))
    state.apply(SkylineMove("seat", seat=0))
    assert state.phase == "tie" and state.clicked_move(("die", 2)) == SkylineMove("give", die=2)


def test_moves_are_equal_exactly_when_their_notation_is():
    every = {"take": range(4), "give": range(4), "value": range(1, 7), "paint": range(4),
             "service": range(len(SERVICES)), "seat": range(SEATS)}
    moves = [SkylineMove.of(kind, n) for kind, numbers in every.items() for n in numbers]
    assert len(moves) == 4 + 4 + 6 + 4 + len(SERVICES) + SEATS
    for a in moves:
        twin = SkylineMove.of(a.kind, a.number)  # a new object, as the AI makes them
        assert twin == a and hash(twin) == hash(a) and twin is not a
        assert SPEC.parse_move(None, str(a)) == a
        for b in moves:
            assert (a == b) == (str(a) == str(b)), (a, b)
    assert len({hash(m) for m in moves}) == len(moves)
    assert SkylineMove("take", die=1) != SkylineMove("give", die=1) and SkylineMove("take", die=1) != "d Y"

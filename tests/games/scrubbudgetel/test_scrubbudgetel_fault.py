"""Scrubbudgetel's legality is written once, in `fault`; `_compute_legal` finds the
same moves much faster (the AI's playouts need it). These tests prove the two agree
over many random positions: for every way of laying every marker near the map,
`fault(move) is None` exactly when the move is among the legal moves."""
from __future__ import annotations

import random

import pytest

from game import shelf
from game.games.scrubbudgetel.geometry import hexagon, tri_corners, tri_neighbours
from game.games.scrubbudgetel.rules import MARKERS, LayMarker

SPEC = shelf.GAMES["scrubbudgetel"]


def every_placement_near_the_map(state) -> dict:
    """shape -> every placement of it covering a triangle next to the map (taken ones
    and ones off the table included), sorted as moves write them."""
    near = {n for t in state.cells for n in tri_neighbours(t)}
    out = {"tri": set(), "rhombus": set(), "hex": set()}
    for t in near:
        out["tri"].add((t,))
        out["rhombus"].update(tuple(sorted((t, n))) for n in tri_neighbours(t))
        out["hex"].update(hexagon(p) for p in tri_corners(t))
    return {shape: sorted(found) for shape, found in out.items()}


def every_move_near_the_map(state) -> list:
    """Every marker of the game (in the stash or not) in every place of its shape
    near the map, and each also in a shape that is not its own."""
    places = every_placement_near_the_map(state)
    moves = []
    for code, marker in MARKERS.items():
        moves += [LayMarker(code, tris) for tris in places[marker.shape]]
        wrong = "tri" if marker.shape != "tri" else "rhombus"
        moves += [LayMarker(code, tris) for tris in places[wrong][:3]]
    return moves


def random_positions(count: int, seed: int):
    """Positions along random games, with every option value in play."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        options = {"leftover": rng.choice(("double", "face")), "own_first": rng.choice(("colour", "neutral")),
                   "obstacles": rng.choice(("touch", "block"))}
        state = SPEC.new_game(rng.choice((2, 3, 4)), rng.randrange(10**6), options)
        stop = rng.randrange(4, 140)
        while not state.is_over and len(state.history) < stop:
            moves = state.legal_moves()
            state.apply(rng.choice([m for m in moves if m.code != "CV"] or moves))
            if rng.random() < 0.12 and not state.is_over:
                found += 1
                yield state
                if found >= count:
                    return


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_fault_is_none_exactly_for_the_legal_moves(seed):
    checked = 0
    for state in random_positions(8, seed):
        legal = set(state.legal_moves())
        candidates = every_move_near_the_map(state)
        assert legal <= set(candidates), "the superset misses a legal move"
        for move in candidates:
            fault = state.fault(move)
            assert (fault is None) == (move in legal), (str(move), fault, state.to_json()["history"])
            if fault is not None:
                assert state.check(move) == fault
        checked += len(candidates)
    assert checked > 1000


def test_a_refused_place_reads_the_fault_of_the_move_it_means():
    for state in random_positions(10, 7):
        legal = set(state.legal_moves())
        code = sorted({m.code for m in legal})[0]
        places = every_placement_near_the_map(state)[MARKERS[code].shape]
        refused = [tris for tris in places if LayMarker(code, tris) not in legal]
        for tris in refused[:20]:
            path = (("stash", code), ("at", tris))
            assert state.explain_click(path) == state.fault(LayMarker(code, tris))
        # a sand triangle: the fault of a way the marker would cover it
        tri = refused[0][0]
        meant = state.meant_moves(code, ("tri", tri))
        assert all(tri in m.triangles for m in meant) and {len(m.triangles) for m in meant} == {len(refused[0])}
        assert state.explain_click((("stash", code), ("tri", tri))) in {state.fault(m) for m in meant}


"""Heuristics that help the generic search (game/engine/ai.py) play Scrubbudgetel.

Looked up by name: candidate_moves, rollout_move, evaluate, LEVELS. Pure Python.

Where a marker goes matters far less than which marker is laid and when the
Treasure Cave comes out, so the search looks at one spot per kind of marker
(the one with the most open sand around it, which keeps trails from boxing
themselves in) and spends its effort on the choice of marker and on the Cave.
"""
from __future__ import annotations

import math

from .rules import CAVE, MARKERS, on_table, tri_neighbours

LEVELS = {
    "easy": {"iterations": 30, "rollout_depth": 6},
    "normal": {"iterations": 150, "rollout_depth": 10},
    "hard": {"iterations": 500, "rollout_depth": 16},
}

SPOTS_LOOKED_AT = 12  # per kind of marker, when choosing the roomiest spot

# Playout preference by family: big, sure points first; Junctions open new trails.
PREFERENCE = {"destination": 5, "trail": 3, "obstacle": 2, "junction": 1}


def open_room(state, tris) -> int:
    """Empty sand within two steps of a placement: room for the trail to go on."""
    inside = set(tris)
    ring = set()
    frontier = set(tris)
    for _ in range(2):
        nxt = set()
        for t in frontier:
            for n in tri_neighbours(t):
                if n not in inside and n not in ring and n not in state.cells and on_table(n):
                    nxt.add(n)
        ring |= nxt
        frontier = nxt
    return len(ring)


def cave_pays(state, seat: int) -> bool:
    """Would laying the Cave now, as the turn's last marker, leave `seat` winning alone?"""
    if len(state.laid_now) + 1 < state.to_lay and _others_fit(state, seat):
        return False  # lay the rest first: the Cave ends the game at once
    scores = state.scores()
    mine = scores[seat] + 2 * MARKERS[CAVE].value
    return all(mine > s for i, s in enumerate(scores) if i != seat)


def _others_fit(state, seat: int) -> bool:
    return any(m.code != CAVE for m in state._legal_list())


def candidate_moves(state, moves) -> list:
    """One spot per kind of marker, the roomiest; the Cave only when it wins."""
    by_code: dict[str, list] = {}
    seat = state.to_move
    for move in moves:
        if move.code == CAVE:
            if cave_pays(state, seat):
                return [move]
            continue
        by_code.setdefault(move.code, []).append(move)
    picked = []
    for spots in by_code.values():
        step = max(1, len(spots) // SPOTS_LOOKED_AT)  # a spread of spots is enough to find room
        picked.append(max(spots[::step], key=lambda m: open_room(state, m.triangles)))
    return picked or moves


def rollout_move(state, moves, rng):
    """Playouts: the Cave when it wins, otherwise the most valuable kind of
    marker (own colour before others' is the rules' job) at a random spot."""
    seat = state.to_move
    top, picked = -1, []
    for move in moves:
        if move.code == CAVE:
            if cave_pays(state, seat):
                return move
            continue
        rank = PREFERENCE[MARKERS[move.code].family]
        if rank > top:
            top, picked = rank, [move]
        elif rank == top:
            picked.append(move)
    if not picked:
        return moves[rng.randrange(len(moves))]
    return picked[rng.randrange(len(picked))]


def evaluate(state) -> list:
    """Win chances from the scores so far (haul minus stash cost)."""
    if state.outcome is not None:
        w = state.outcome.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(state.players)]
    scores = state.scores()
    top = max(scores)
    weights = [math.exp((s - top) / 10.0) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]

"""Heuristics that help the generic search (game/engine/ai.py) play Skurðir.

Looked up by name: rollout_move, candidate_moves, LEVELS. Pure Python.

- Set-up moves and the choice of a transport are decided by rule of thumb
  (one candidate, so the search returns at once): the transport that pays me
  the most over the best-paid rival, stacks placed where they touch the most
  stations, the first seat to myself.
- In the building phase the search only looks at the few actions whose
  immediate transport pays best (see _build_value); playouts transport
  greedily and build canals at random.
- Hard looks wider (its level's "candidates" options): more building actions,
  and the best few transports instead of the single greediest one, since a
  smaller payout now can leave a longer route for later.

Measured (python -m game.bench --arena skurdir hard normal 40 --workers 1,
seeds 0-39, seats alternated): with hard at 600 iterations and the same five
candidates as normal, hard won 20-15-5 (56 %); looking at 8 building actions
and 3 transports with 1500 iterations, 29-8-3 (72.5 %, points 0.61-0.87);
going on from its last tree as well ("keep_tree", 200-1,000 playouts kept in
mid-game), 27-10-3 (67.5 %, points 0.56-0.83): within the noise of the
figure before, so the kept playouts buy little here; they cost next to no time.
"""
from __future__ import annotations

from .rules import neighbours

LEVELS = {
    "easy": {"iterations": 40, "rollout_depth": 8},
    "normal": {"iterations": 160, "rollout_depth": 16},
    "hard": {"iterations": 1500, "rollout_depth": 24, "candidates": {"keep": 8, "transports": 3}, "keep_tree": True},
}
KEEP = 5  # building actions the search considers (unless the level says otherwise)

_cache: dict = {}


def _gain(state, seat: int, route) -> int:
    """What a route pays `seat` over the best-paid other player."""
    pts = state.route_scores(route)
    others = max((p for s, p in enumerate(pts) if s != seat), default=0)
    return pts[seat] - others


def _transport_key(state, seat: int):
    return lambda m: (_gain(state, seat, m.route), -len(m.route))


def _best_transport(state, moves):
    return max(moves, key=_transport_key(state, state.to_move))


def _build_value(state, move) -> float:
    """Immediate worth of a building action for the mover: the best transport it
    leads to this turn, with small nudges for keeping canals and stations useful."""
    seat = state.to_move
    after = state.clone()
    after._apply(move)
    value = 0.0
    if after.phase == "transport":
        value = max(_gain(after, seat, m.route) for m in after._legal_list())
    kind = move.kind
    if kind == "canal":
        mine = state.colour_of[seat]
        # a canal from a stack that holds my passengers, or of my own colour, pays later
        value += 0.5 if not move.neutral else 0.2
        if state.stacks[move.cell] and mine in state.stacks[move.cell]:
            value += 0.7
        if state.station[move.to] == mine or state.station[move.cell] == mine:
            value += 0.3
    elif kind == "station":
        value += 0.4
    elif kind in ("remove", "sabotage"):
        value -= 1.0
    return value


def _key(state):
    layout = tuple((c, state.station[c], tuple(state.stacks[c])) for c in state.station_cells)
    return (state.phase, state.to_move, tuple(state.canals.items()), layout,
            tuple(state.free), tuple(state.spare), tuple(state.sabotaged), tuple(state.pool))


def candidate_moves(state, moves, keep: int = KEEP, transports: int = 1) -> list:
    """The moves the search looks at: `keep` building actions, the `transports`
    best-paying transports, and one set-up move by rule of thumb."""
    phase = state.phase
    if len(moves) <= 1:
        return moves
    if phase == "transport":
        if transports == 1:
            return [_best_transport(state, moves)]
        return sorted(moves, key=_transport_key(state, state.to_move), reverse=True)[:transports]
    if phase == "stacks":
        return [max(moves, key=lambda m: sum(1 for n in neighbours(m.cell, state.n) if state.station[n] >= 0))]
    if phase == "first":
        return [moves[state.to_move]]
    if phase == "colours":
        return [max(moves, key=lambda m: _colour_value(state, m.colour))]
    if phase == "add":
        return [_best_add(state, moves)]
    key = (_key(state), keep)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    scored = sorted(moves, key=lambda m: -_build_value(state, m))
    out = scored[:keep]
    if len(_cache) > 20000:
        _cache.clear()
    _cache[key] = out
    return out


def _colour_value(state, colour: int) -> int:
    """Stations of that colour with neighbours, plus passengers of it on the board."""
    stations = sum(1 for c in state.station_cells if state.station[c] == colour)
    riders = sum(st.count(colour) for st in state.stacks)
    return stations + riders


def _best_add(state, moves):
    """Put a passenger where I can move it soon: on my station, or of my colour."""
    seat = state.to_move
    mine = state.colour_of[seat]

    def value(m):
        v = 0
        if m.colour == mine:
            v += 2
        if state.station[m.cell] == mine:
            v += 2
        if any(a == m.cell for a, _ in state.canals):
            v += 1
        return (v, -m.cell)
    return max(moves, key=value)


def rollout_move(state, moves, rng):
    if len(moves) == 1:
        return moves[0]
    phase = state.phase
    if phase == "transport":
        return _best_transport(state, moves)
    if phase == "build" and rng.random() < 0.8:
        canals = [m for m in moves if m.kind == "canal"]
        if canals:
            return canals[rng.randrange(len(canals))]
    return moves[rng.randrange(len(moves))]

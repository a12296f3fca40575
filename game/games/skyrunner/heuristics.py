"""Heuristics that help the generic search (game/engine/ai.py) play SkyRunner.

Looked up by name: rollout_move, evaluate, candidate_moves, LEVELS. Pure Python.

Levels: when normal took the most visited move, hard (three times the search)
beat it only 11-8 after 19 arena games. Normal now draws its move in
proportion to the squared visits ("pick": "sample", temperature 0.5), so it
keeps to the best bids but now and then plays a close second. Arena, two
players, seats alternated, seeds 0-39: hard beat normal 39-1 (points
0.87-1.00) and normal beat easy 40-0 (0.91-1.00); at temperature 1 normal beat
easy only 8-4 after 12.
"""
from __future__ import annotations

import math

from .rules import CLIMB_VALUES, CRASHES

MAX_CLIMB = max(CLIMB_VALUES)  # the most a climbing card can raise a figure

LEVELS = {
    "easy": {"iterations": 60, "rollout_depth": 8},
    "normal": {"iterations": 500, "rollout_depth": 24, "pick": "sample", "temperature": 0.5},
    # hard's 1500 iterations took about 0.9 s a decision and changed its move on some
    # positions at 3000 (1.9 s, within the 3 s it may take): its bids keep improving
    # with search, so it gets the time. Against OpenSpiel's search given three times
    # hard's time, seeds 600-604 paired: 10-0 at 3000, 8-2 at 1500 (docs/arena/runs-d7fae6b.md).
    "hard": {"iterations": 3000, "rollout_depth": 40},
}

# The game review (engine/grading.py) weighs a move by the chance to win: the first figure
# on the roof wins and heights are no score, so there is no margin to speak of. With three
# to five players each starts near 1/n, so the thresholds are the default ones: a quarter
# of a win given away is a blunder at any table.
REVIEW = {"measure": "chance to win", "thresholds": (0.06, 0.12, 0.25)}


def progress(state, seat: int) -> float:
    """How far up a seat is, counting the climbing power in its hand: climbing
    cards are worth most of their value, equipment opens ledges and the roof."""
    y = state.pos[seat][0]
    hand = state.hand[seat]
    climb = sum(int(c[1:]) for c in hand if c[0] == "C")
    gear = min(hand.count("E"), 3)
    attack = hand.count("S") + hand.count("L")
    return y + 0.7 * climb + 2.0 * gear + 1.0 * attack - 3.0 * len(state.debts[seat])


def evaluate(state) -> list:
    if state.outcome is not None:
        w = state.outcome.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(state.players)]
    weights = [math.exp(progress(state, s) / 6.0) for s in range(state.players)]
    total = sum(weights)
    return [w / total for w in weights]


def winning_climb(state, moves):
    """A climbing card that takes the figure onto the roof now, if there is one."""
    if state.phase != "choose":
        return None
    seat = state.to_move
    y = state.pos[seat][0]
    if "E" not in state.hand[seat] or y + MAX_CLIMB < state.roof:
        return None  # the roof takes an equipment card, and a climb rises at most a square a step
    for m in reversed(moves):
        if m.card[:1] == "C":
            value = int(m.card[1:])
            if y + value >= state.roof and state.climb_plan(seat, value).y >= state.roof:
                return m
    return None


def candidate_moves(state, moves) -> list:
    """A climb onto the roof is played at once: later rounds would win too in
    most playouts, so the search alone would not hurry."""
    win = winning_climb(state, moves)
    if win is not None:
        return [win]
    if state.phase == "route":
        roof = [m for m in moves if m.height >= state.roof]
        return roof or moves
    return moves


def rollout_move(state, moves, rng):
    """Playouts: a winning climb first, attacks go to the highest other figure, a
    route mostly the highest one,
    a climbing card is played half the time, otherwise a random bid."""
    if len(moves) == 1:
        return moves[0]
    win = winning_climb(state, moves)
    if win is not None:
        return win
    if state.phase in ("use", "target"):
        others = [m for m in moves if m.kind in ("use", "aim")]
        return max(others, key=lambda m: (state.pos[m.against][0], -m.against))
    if state.phase == "route":
        if rng.random() < 0.6:  # mostly the way the game would pick, sometimes keep the gear
            plan = state.climb_plan(state.to_move, int(state.acting_card()[1:]), state.routes)
            return next(m for m in moves if (m.height, m.groove) == (plan.y, plan.g))
        return moves[rng.randrange(len(moves))]
    climbs = [m for m in moves if m.card[:1] == "C"]
    if climbs and state.open not in CRASHES and rng.random() < 0.5:
        return climbs[-1]
    attacks = [m for m in moves if m.card in ("L", "S")]
    if attacks and rng.random() < 0.3:
        return max(attacks, key=lambda m: (state.pos[m.against][0], -m.against))
    bids = [m for m in moves if m.card[:1] == "N"]
    if bids and (state.open is not None):
        return bids[rng.randrange(len(bids))]
    return moves[rng.randrange(len(moves))]

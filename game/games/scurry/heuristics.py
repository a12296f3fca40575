"""Heuristics that help the generic search (game/engine/ai.py) play Scurry.

Looked up by name: rollout_move, evaluate, candidate_moves. Pure Python.

What was measured (arena games of 20-60, random and manual set-up):
- Playouts: stepping where the fewest tiles stay in sight (short paths) beats
  uniform random play in about 19 games of 20 on its own, while greedy long
  paths lose two games in three: each tile a squirrel flips becomes a target
  for the other squirrel. Search with short-path playouts beat search with
  long-path playouts 48 games to 12, and is faster (games end sooner).
- Evaluation: tiles owned barely predict the winner (a logistic fit over
  30,000 positions of short-path games: slightly negative for the side with
  more tiles; strongly positive only when the opponent is down to two tiles or
  fewer). Rewarding the tile lead lost to a flat evaluation 22-38; the fitted
  one below edged the flat one 35-25.
- Playout depth 40 did best: at the normal budget depth 20 lost 21-39 and
  depth 80 lost 15-25 to it. The hard level keeps its larger budget (3000
  iterations) but plays out 40 moves and explores less (LEVELS below). Against
  normal it won 13 of 20 with the engine's defaults for hard (depth 80,
  exploration 0.7); 41 of 60 with depth 40 alone; 12 of 20 with exploration
  1.0; 46 of 60 as set here (python -m game.bench --arena scurry hard normal
  20, seeds 0 and 100, and 20 more games). Doubling the budget to 6000
  iterations (depth 40, exploration 0.7) won 29 of 40: no better.
- Going on from the last tree ("keep_tree", often 2,000-4,600 playouts kept
  in mid-game on top of the new 3,000): hard beat normal 26-14 (65 %, 95 %
  interval 0.50-0.78; seeds 0-39), against 29-11 without it. Within the noise
  of 40 games, like the doubled budget above: past about 3,000 playouts more
  search buys little here. It stays on: it costs next to no time.
"""
from __future__ import annotations

import math

from .rules import EMPTY, path_openings, sight, visible_empties

LEVELS = {"hard": {"rollout_depth": 40, "exploration": 0.4, "keep_tree": True}}

# The game review (engine/grading.py) weighs a move by the chance to win: Scurry has no
# score, only a winner (a draw by the turn limit aside), so a margin would mean nothing.
# Scurry swings hard and the evaluation above stays close to even, so the search's
# estimates are noisy at the quick depth: the thresholds sit a little above the default.
REVIEW = {"measure": "chance to win", "thresholds": (0.08, 0.15, 0.30)}


def _step_score(state, t: int) -> int:
    """How many tiles the squirrel would see after stepping to t."""
    seat = state.to_move
    board = state.board
    rays = state._geo.rays
    if len(state.path) == 1:  # first step: the start vertex opens up behind it
        start = state.squirrels[seat]
        saved = board[start]
        board[start] = EMPTY
        n = len(sight(board, rays, t, seat))
        board[start] = saved
        return n
    return len(sight(board, rays, t, seat))


def rollout_move(state, moves, rng):
    """Playout policy: the squirrel mostly steps where the fewest tiles stay in
    sight (so the turn ends soon), with a little noise; placements are random."""
    n = len(moves)
    if n == 1:
        return moves[0]
    if state.phase == "move" and rng.random() >= 0.1:
        best, pick = 1 << 30, None
        for m in moves:
            s = _step_score(state, m.vertex) * 4 + rng.randrange(4)
            if s < best:
                best, pick = s, m
        return pick
    return moves[rng.randrange(n)]


def evaluate(state) -> list:
    """Estimated chance of winning per seat for an unfinished game.

    Scurry swings wildly, so this stays close to even: a small edge for the
    side with fewer tiles (fewer targets for the other squirrel) and a large
    one for the player about to move when the opponent has two tiles or fewer
    left to lose."""
    if state.outcome is not None:
        w = state.outcome.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(2)]
    if state.phase not in ("leadoff", "move"):
        return [0.5, 0.5]
    me = state.to_move
    op = 1 - me
    c = state.counts
    total = c[0] + c[1] or 1
    x = -0.25 * (c[me] - c[op]) / total
    if state.phase == "leadoff" and c[op] <= 2:
        x += 2.0
    p = 1.0 / (1.0 + math.exp(-x))
    out = [0.0, 0.0]
    out[me] = p
    out[op] = 1.0 - p
    return out


def candidate_moves(state, moves) -> list:
    """Leadoff placements that can matter come first: those in sight of the
    squirrel or of a tile it can reach first (they change its path) and those in
    sight of the other squirrel (a tile there blocks it). Nothing is pruned:
    pruning the rest measured no better."""
    if state.phase != "leadoff" or len(moves) <= 12:
        return moves
    me = state.to_move
    board = state.board
    rays = state._geo.rays
    near = path_openings(board, rays, state.squirrels[me], me)
    visible_empties(board, rays, state.squirrels[1 - me], near)
    first = [m for m in moves if m.vertex in near]
    if not first:
        return moves
    return first + [m for m in moves if m.vertex not in near]

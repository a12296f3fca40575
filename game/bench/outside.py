"""The arena's outside opponent: OpenSpiel's own search, a player nobody here wrote.

    python -m game.bench --arena skyline_express hard openspiel 10 --paired --outside-time 3x

`openspiel` plays each decision by OpenSpiel's MCTS (open_spiel.python.algorithms.mcts:
random rollouts to the end, chance nodes at the engine's chance points, UCT constant 2,
the MCTS-Solver on, as OpenSpiel's own example runs it) on the game as an OpenSpiel game
(game/openspiel.py), started from what its seat sees (`ai.seat_state`); in a game with
hidden cards (SkyRunner) by OpenSpiel's ISMCTS, each simulation on a sample the engine's
`determinize` draws of what the seat cannot see. Its reward is the game's result alone
(win +1, loss -1).

It searches for a time, not a number of simulations: `--outside-time 3x` is three times
the other player's mean seconds per searched decision so far in that game (before that
player's first decision: three times its median over the bench's mid-game positions,
measured once per process); `--outside-time 6.5s` is a fixed time. The level's name
carries it into the games ("openspiel@3x"), so the arena's timing reports both sides.

Needs `pip install ".[research]"` (open-spiel); without it the arena says so.
"""
from __future__ import annotations

import re
import statistics
import time

from ..engine import ai

OUTSIDE = ("openspiel",)
DEFAULT_TIME = "1x"
UCT_C = 2.0  # OpenSpiel's example's UCT constant (returns in [-1, 1])
MIN_SIMULATIONS = 2  # the first simulation only evaluates the root; the second tries a move


def is_outside(level: str) -> bool:
    return level.split("@")[0] in OUTSIDE


def with_time(level: str, time_text: str | None) -> str:
    """The level named with its time ("openspiel@3x"); other levels as they are."""
    if not is_outside(level) or "@" in level:
        return level
    return f"{level}@{time_text or DEFAULT_TIME}"


def parse_time(text: str) -> tuple[str, float]:
    """("x", 3.0) for "3x" (a multiple of the other player's time), ("s", 6.5) for "6.5s"."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([xs])\s*", text)
    if not m or float(m.group(1)) <= 0:
        raise ValueError(f"outside time {text!r}: a multiple of the other player's time (3x) or seconds (6.5s)")
    return m.group(2), float(m.group(1))


def check(level: str) -> None:
    """A clear message now, not in a worker, when the outside player cannot play."""
    parse_time(level.partition("@")[2] or DEFAULT_TIME)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit(f"{level.split('@')[0]} needs OpenSpiel: pip install \".[research]\" (open-spiel)") from None


# ---- the time given ------------------------------------------------------------
_calibrated: dict = {}  # (game, players, level) -> seconds: measured once per process


def reference_seconds(spec, players: int, level: str, made: list, measure) -> float:
    """The other player's seconds per searched decision: the mean of `made` (its
    decisions so far in this game), else `measure(spec, players, level)`, its median over
    the bench's positions (the bench hands it over: this module does not import the bench)."""
    if made:
        return statistics.mean(made)
    key = (spec.id, players, level)
    if key not in _calibrated:
        _calibrated[key] = measure(spec, players, level) or 1.0
    return _calibrated[key]


def seconds_for(level: str, spec, players: int, other_level: str | None, other_made: list, measure) -> float:
    how, amount = parse_time(level.partition("@")[2] or DEFAULT_TIME)
    if how == "s":
        return amount
    if other_level is None or other_level == "random" or is_outside(other_level):
        raise ValueError(f"{level}: a multiple of whose time? Give seconds (--outside-time 6.5s)")
    return amount * reference_seconds(spec, players, other_level, other_made, measure)


# ---- one decision ----------------------------------------------------------------
class _TimeUp(Exception):
    """The search's time is up: raised before a simulation starts, so the tree is whole."""


def _bots():
    """OpenSpiel's MCTS and ISMCTS, each stopped by a clock rather than a count."""
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedMCTS(mcts.MCTSBot):
        def __init__(self, game, seconds, rng):
            super().__init__(game, UCT_C, 10 ** 9, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng)
            self.seconds = seconds
            self.simulations = 0

        def mcts_search(self, state):
            self._deadline = time.perf_counter() + self.seconds
            self.simulations = 0
            self._root = None
            try:
                return super().mcts_search(state)
            except _TimeUp:
                return self._root

        def _apply_tree_policy(self, root, state):
            if self.simulations >= MIN_SIMULATIONS and time.perf_counter() >= self._deadline:
                raise _TimeUp
            self._root = root
            self.simulations += 1
            return super()._apply_tree_policy(root, state)

    class TimedISMCTS(ismcts.ISMCTSBot):
        def __init__(self, game, seconds, rng, resample):
            super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), UCT_C, 10 ** 9, random_state=rng)
            self.seconds = seconds
            self.simulations = 0
            self.set_resampler(resample)

        def run_search(self, state):
            self._deadline = time.perf_counter() + self.seconds
            self.simulations = 0
            try:
                return super().run_search(state)
            except _TimeUp:
                return self.get_final_policy(state, self._root_node)

        def sample_root_state(self, state):
            if self.simulations >= MIN_SIMULATIONS and time.perf_counter() >= self._deadline:
                raise _TimeUp
            self.simulations += 1
            return super().sample_root_state(state)

    return TimedMCTS, TimedISMCTS


_games: dict = {}  # (game, players, options) -> the OpenSpiel game, one per process


def _openspiel_game(spec, players: int, options: dict):
    import json

    from .. import openspiel
    key = (spec.id, players, json.dumps(options, sort_keys=True))
    if key not in _games:
        _games[key] = openspiel.load(spec.id, players, 0, options)
    return _games[key]


def decide(state, spec, options: dict, seed: int, seconds: float) -> tuple:
    """The outside player's move for state.to_move, searched for `seconds` on the
    seat's own view. Returns (move, info) with the keys the arena reads of the
    engine's search: seconds, iterations (simulations), capped, visits."""
    import numpy as np
    import random

    started = time.perf_counter()
    seen = ai.seat_state(state, seed)  # what the seat may know, nothing more
    moves = seen.legal_moves()
    if len(moves) == 1:
        return _same_move(state, moves[0]), {"seconds": time.perf_counter() - started, "iterations": 0,
                                             "capped": False, "visits": {}}
    from .. import openspiel
    game = _openspiel_game(spec, state.players, options)
    root = openspiel.state_of(seen, game)
    rng = np.random.RandomState(seed & 0xFFFFFFFF)
    timed_mcts, timed_ismcts = _bots()
    if spec.hidden_information:
        samples = random.Random(seed)
        bot = timed_ismcts(game, seconds, rng, lambda s, player: s.resampled(player, samples))
    else:
        bot = timed_mcts(game, seconds, rng)
    policy, action = bot.step_with_policy(root)
    visits = {str(moves[a]): round(p, 4) for a, p in policy if p > 0}
    return _same_move(state, moves[action]), {"seconds": time.perf_counter() - started,
                                              "iterations": bot.simulations, "capped": False, "visits": visits}


def _same_move(state, move):
    """The real state's move equal to `move` (chosen in a sample of the seat's view,
    whose moves for that seat are the real ones)."""
    for real in state.legal_moves():
        if real == move:
            return real
    raise AssertionError(f"{move} was chosen in a sample but is not legal in the game")

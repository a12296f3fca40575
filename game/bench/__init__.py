"""Benchmarks: `python -m game.bench` prints one JSON object of figures.

    python -m game.bench                      # the default run (under two minutes)
    python -m game.bench --game skurdir       # the default run for one game only
    python -m game.bench --game skurdir --positions 10   # more positions, no time budget
    python -m game.bench --arena scurry normal easy 20 [--players 2] [--seed 0]
    python -m game.bench --gallery DIR        # a PNG of every screen the layout audit checks
    python -m game.bench --bundle dist/game-shelf   # the bundle's size, its start-up against the package's
    python -m game.bench --against DIR        # start-up, the app's memory and playouts beside another checkout
    python -m game.bench --against DIR --decisions skurdir   # hard's decisions there and here: seconds, moves
    python -m game.bench --arena scurry hard normal 20 --paired --option random_setup=on
    python -m game.bench --arena skurdir hard:game.games.skurdir.heuristics_new hard 30 --paired

The default run measures, for every registered game, random playouts per
second, the game review's seconds for one decision at each depth
(review_s_per_decision: quick and deep), and the computer player's seconds per decision at each level (the
median and the slowest over a few positions reached by random play, played
as the app plays: the level's iteration budget under its safety time cap),
with the iterations reached against the budget and how many decisions hit
the cap; plus the machine and the peak memory, after each step too
(peak_rss_mb_by_step: a jump names its step). UI figures (startup_s,
scenes, idle_cpu_pct, busy_ui_p99_ms, move frames, memory) come from
`game.bench.ui`, which runs the real app; the app's own memory over a session
(app_rss_title_mb, app_rss_rules_rounds_mb, app_rss_session_mb) and the first
frame of `python -m game` (startup_first_frame_s) from `game.bench.session`,
in child processes. `--against DIR` measures those, and the random playouts,
beside a checkout of another commit, run after run alternated.

The arena plays N games between two levels (or `random`), seats alternated,
on two worker processes, each decision as the app makes it (the level's
budget under its safety cap); it reports the seconds per decision and how
many decisions hit the cap (none should: then every game is reproducible
from its seed). Progress goes to stderr and the result, as JSON, to stdout. A game's spec may define
`arena_figures(state) -> dict` of numbers for a finished game; the arena then
reports their means under "extra" (Skyline Express: the solo automaton's score).

With --paired the arena plays N seeds, each once with A in every seat (for two
players: twice, the seats swapped), so the luck of the deal falls on both
levels alike. Per seed it reports A's margin in each game and their mean (the
paired margin); over the seeds, the mean paired margin with its 95 % interval
by Student's t. The margin is in the game's own result: A's score minus the
best other seat's, or, for a game whose spec sets `scores_decide = False`
(Scurry), +1 / 0 / -1 for a win / a draw / a loss. Every run also reports A's
share of the points (a draw counting half) and each seat's, whoever sat there,
with their Wilson intervals. Each game is printed (stderr) as it finishes, and
a run stopped with Ctrl+C (or `kill PID`) still prints the result of the games it
finished.

A player written `LEVEL:MODULE` plays at that level with the heuristics of
MODULE (a dotted name) in place of the game's own: a copy of a game's
heuristics module with one change, played paired against the module as it
stands, is how a change to the computer player is measured before it is kept.
A player written `LEVEL*K` searches K times the level's budget under K times its
cap: how much a level gains from time. One written `LEVEL+sight` searches the real
position with the game's own generator, so it knows every roll and draw to come;
no fair player can, so what it scores against LEVEL is a ceiling on what better
play alone could win in that game (both forms go before a `:MODULE`).
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import platform
import random
import signal
import statistics
import sys
import time
from typing import NamedTuple

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout one JSON object

from .. import shelf  # noqa: E402
from ..engine import ai  # noqa: E402
from ..engine.match import decision_seed  # noqa: E402
from . import outside, ui  # noqa: E402
from .ui import peak_rss_mb  # noqa: E402

PLAYOUT_SECONDS = 2.0
POSITIONS = 3  # mid-game positions per game and level
TOTAL_BUDGET_S = 105.0  # the default run stays under two minutes


def machine() -> str:
    return (
        f"{platform.system()} {platform.release()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {platform.python_implementation()} {platform.python_version()}"
    )


def load_games(ref: str | None = None) -> dict:
    """The games by id: the shelf's (by default), or for tests the dict
    named by "module:attribute" (a worker process finds it again by name)."""
    if ref is None:
        return dict(shelf.GAMES)
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def bench_players(spec) -> int:
    return min(max(2, spec.min_players), spec.max_players)


# ---- per game ----------------------------------------------------------------
def random_playout(spec, players: int, seed: int, stop_at: int | None = None):
    """Play uniformly random moves from a new game; return the state (at the end,
    or after `stop_at` moves)."""
    rng = random.Random(seed)
    state = spec.new_game(players, seed)
    n = 0
    while not state.is_over and (stop_at is None or n < stop_at):
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        n += 1
    return state


def playouts_per_s(spec, players: int, seconds: float = PLAYOUT_SECONDS) -> dict:
    """Complete random games per second (new game, legal_moves and apply each move)."""
    started = time.perf_counter()
    games = moves = 0
    while True:
        state = random_playout(spec, players, games)
        games += 1
        moves += len(state.history)
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            break
    return {"playouts_per_s": round(games / elapsed, 2), "moves_per_playout": round(moves / games, 1)}


def mid_game_positions(spec, players: int, count: int, seed: int = 1) -> list:
    """States between 20% and 60% into random games, each with a real choice to make."""
    rng = random.Random(seed)
    out = []
    attempt = 0
    while len(out) < count and attempt < count * 20:
        attempt += 1
        game_seed = rng.randrange(1 << 30)
        length = len(random_playout(spec, players, game_seed).history)
        state = random_playout(spec, players, game_seed, int(length * rng.uniform(0.2, 0.6)))
        if not state.is_over and len(state.legal_moves()) > 1:
            out.append(state)
    return out


def decide(state, level: str, seed: int, memory: ai.SearchMemory | None = None,
           heuristics=None, times: int = 1, sees_chance: bool = False) -> ai.SearchResult:
    """One decision as the app makes it: on the seat's own view (ai.seat_state),
    helped by the game's `heuristics` (shelf.heuristics_for),
    the level's budget under its safety cap, going on from the seat's last tree
    in `memory` where the level keeps it (the app's worker keeps one memory).
    `times` multiplies the budget and the cap; `sees_chance` searches the real position,
    its generator and all (an arena Side "+sight"; never the app).
    Returns ai.choose_move's SearchResult."""
    seen = state.clone() if sees_chance else ai.seat_state(state, seed)  # the app's worker gets the seat's own view
    budget = None if times == 1 else times * ai.level_settings(level, heuristics)["iterations"]
    return ai.choose_move(ai.SearchRequest(seen, level, seed, heuristics, iterations=budget,
                                           time_limit=times * ai.level_time_cap(level), memory=memory,
                                           sees_chance=sees_chance))


def decide_as(state, side: "Side", seed: int, memory: ai.SearchMemory | None = None) -> ai.SearchResult:
    """One decision of an arena player (side_of)."""
    return decide(state, side.level, seed, memory, side.heuristics, side.times, side.sees_chance)


def level_figures(found: list[ai.SearchResult]) -> dict:
    """Seconds per decision (median, slowest), the fewest iterations reached
    against the budget by a search that ran its course, and how many decisions
    the time cap cut short; over the decisions that searched ("settled" counts
    those the game's heuristics made alone, with no search: they take no time;
    "decided_early" those that stopped once no other move could catch up)."""
    searched = [f for f in found if f.visits]
    settled = len(found) - len(searched)
    if not searched:
        return {"s": None, "max_s": None, "iterations": None, "budget": None, "capped": 0, "decisions": 0,
                "settled": settled, "decided_early": 0}
    full = [f.iterations for f in searched if not f.decided]
    return {
        "s": round(statistics.median(f.seconds for f in searched), 3),
        "max_s": round(max(f.seconds for f in searched), 3),
        "iterations": min(full) if full else None,
        "decided_early": sum(1 for f in searched if f.decided),
        "budget": max(f.budget for f in searched),
        "capped": sum(1 for f in searched if f.capped),
        "decisions": len(searched),
        "settled": settled,
    }



def median_seconds(spec, players: int, level: str) -> float:
    """`level`'s median seconds a decision over the bench's mid-game positions (the outside player's yardstick);
    an arena player's name is read as in the arena (side_of): "hard:some.module", "hard*4"."""
    side = side_of(level, shelf.heuristics_for(spec.id))
    positions = mid_game_positions(spec, players, 3)
    return level_figures([decide_as(state, side, 1 + i) for i, state in enumerate(positions)])["s"]


def game_figures(spec, *, playout_seconds: float = PLAYOUT_SECONDS, positions: int = POSITIONS,
                 seconds: float | None = None) -> dict:
    """A game's figures; with `seconds`, positions are measured one after another
    (at least one) while the next still fits in that time."""
    started = time.perf_counter()
    players = bench_players(spec)
    figures = {"players": players}
    figures.update(playouts_per_s(spec, players, playout_seconds))
    states = mid_game_positions(spec, players, positions)
    found = {level: [] for level in ai.LEVELS}
    heuristics = shelf.heuristics_for(spec.id)
    measured = 0
    slowest = 0.0
    for i, state in enumerate(states):
        if seconds is not None and measured and time.perf_counter() - started + slowest > seconds:
            break
        one = time.perf_counter()
        for level in ai.LEVELS:
            found[level].append(decide(state, level, 1 + i, heuristics=heuristics))
        slowest = max(slowest, time.perf_counter() - one)
        measured += 1
    per_level = {level: level_figures(v) for level, v in found.items()}
    figures["ai_s_per_decision"] = {level: v["s"] for level, v in per_level.items()}
    figures["ai_max_s_per_decision"] = {level: v["max_s"] for level, v in per_level.items()}
    figures["ai_iterations_per_decision"] = {level: v["iterations"] for level, v in per_level.items()}
    figures["ai_budget"] = {level: v["budget"] for level, v in per_level.items()}
    figures["ai_capped"] = {level: v["capped"] for level, v in per_level.items()}
    figures["ai_settled_without_search"] = {level: v["settled"] for level, v in per_level.items()}
    figures["ai_decided_early"] = {level: v["decided_early"] for level, v in per_level.items()}
    figures["ai_time_cap_s"] = {level: ai.level_time_cap(level) for level in ai.LEVELS}
    figures["positions"] = measured
    return figures


def review_seconds(state, heuristics) -> dict:
    """The game review's seconds for one decision (the first legal move, as if played),
    at each depth: the search from the seat's view with the played move weighed as well."""
    from ..engine.grading import DEPTHS, review_decision
    from ..review import decision_request

    out = {}
    for depth, level in DEPTHS.items():
        started = time.perf_counter()
        review_decision(**decision_request(state, state.legal_moves()[0], level, 1, heuristics))
        out[depth] = round(time.perf_counter() - started, 3)
    return out


# ---- the whole run -------------------------------------------------------------
def run_default(games: dict | None = None, budget_s: float = TOTAL_BUDGET_S, only: str | None = None,
                positions: int | None = None) -> dict:
    """The default run. The per-game figures share what is left of `budget_s`
    after the UI figures: fewer positions are measured when time is short.
    `positions` asks for that many positions per game, whatever the time."""
    deadline = time.perf_counter() + budget_s
    result: dict = {"machine": machine()}
    result.update(ui.ui_figures(only))
    if games is None:
        games = load_games()
    if only is not None:
        games = {only: games[only]}
    result["games"] = {}
    for left, (game_id, spec) in zip(range(len(games), 0, -1), games.items()):
        started = time.perf_counter()
        share = None if positions else (deadline - started) / left
        print(f"bench: {game_id}…", file=sys.stderr, flush=True)
        result["games"][game_id] = game_figures(spec, positions=positions or POSITIONS, seconds=share)
        position = mid_game_positions(spec, bench_players(spec), 1)[0]
        result["games"][game_id]["review_s_per_decision"] = review_seconds(position, shelf.heuristics_for(game_id))
        result["games"][game_id]["bench_s"] = round(time.perf_counter() - started, 1)
        result["peak_rss_mb_by_step"][f"game {game_id}"] = peak_rss_mb()
    result["peak_rss_mb"] = peak_rss_mb()
    return result


# ---- the arena ---------------------------------------------------------------------
class Side(NamedTuple):
    """An arena player: the level it searches at, with whose heuristics, how many times
    the level's budget (and time cap), and whether it knows the rolls and draws to come."""
    level: str
    heuristics: object
    times: int = 1
    sees_chance: bool = False


SIGHT = "+sight"


def side_of(name: str, game_heuristics) -> Side:
    """An arena player from its name: "hard" plays with the game's own heuristics;
    "hard:some.module" with that module's instead, so two versions of a game's
    heuristics can meet at one level (a paired A/B of a change, each side named apart);
    "hard*4" searches four times hard's budget under four times its cap (how a
    level gains from time); "hard+sight" searches the real position with the game's
    own generator, so it knows every roll and draw to come: no fair player can, and
    what it scores against "hard" is a ceiling on what play alone can win there."""
    level, _, module = name.partition(":")
    sees_chance = level.endswith(SIGHT)
    level = level.removesuffix(SIGHT)
    level, _, times = level.partition("*")
    if times and not (times.isdigit() and int(times) >= 1):
        raise ValueError(f"{name}: the budget's multiple is a whole number (hard*4)")
    heuristics = ai.search_heuristics(importlib.import_module(module)) if module else game_heuristics
    return Side(level, heuristics, int(times or 1), sees_chance)


def _arena_game(job: tuple) -> dict:
    games_ref, game_id, levels, seed, players, options, a_seat = job
    spec = load_games(games_ref)[game_id]
    heuristics = shelf.heuristics_for(game_id)
    sides = {level: side_of(level, heuristics) for level in levels
             if level != "random" and not outside.is_outside(level)}
    state = spec.new_game(players, seed, options)
    k = 0
    decisions: dict = {}  # level -> [(seconds, capped)]
    played = []  # the moves' notations: a lost game can be replayed and looked at afterwards
    memory = ai.SearchMemory()  # as the app's worker keeps it: one for the whole game
    while not state.is_over:
        level = levels[state.to_move]
        move_seed = decision_seed(seed, k)
        if level == "random":
            found = ai.SearchResult(ai.random_move(state, move_seed))  # no search: nothing timed
        elif outside.is_outside(level):  # OpenSpiel's search, for a time set by the other player's
            other = next((lv for lv in levels if lv != level), None)
            seconds = outside.seconds_for(level, spec, players, other, [t for t, _ in decisions.get(other, [])],
                                          median_seconds)
            found = outside.decide(state, spec, options, move_seed, seconds)
        else:
            found = decide_as(state, sides[level], move_seed, memory)
        if found.visits:  # a real search (not a move the game's heuristics settled alone)
            decisions.setdefault(level, []).append((found.seconds, found.capped))
        played.append(str(found.move))
        state.apply(found.move)
        k += 1
    out = state.outcome
    extra = getattr(spec, "arena_figures", None)  # a game may report figures of its own per game
    return {"seed": seed, "a_seat": a_seat, "levels": levels, "scores": list(out.scores),
            "winners": list(out.winners), "moves": k, "decisions": decisions, "played": played,
            "options": options or {}, "extra": extra(state) if extra else {}}


def arena_jobs(game_id: str, level_a: str, level_b: str, n: int, players: int, seed: int = 0,
               paired: bool = False, options: dict | None = None, games_ref: str | None = None) -> list:
    """The games to play. Unpaired: game i is seed `seed + i` with A in seat i % P.
    Paired: seed `seed + i` is played once with A in each seat, one game after the other."""
    seats = [(seed + i, a_seat) for i in range(n) for a_seat in range(players)] if paired else \
        [(seed + i, i % players) for i in range(n)]
    return [(games_ref, game_id, [level_a if s == a_seat else level_b for s in range(players)],
             game_seed, players, dict(options or {}), a_seat) for game_seed, a_seat in seats]


def arena(
    game_id: str,
    level_a: str,
    level_b: str,
    n: int,
    *,
    players: int | None = None,
    seed: int = 0,
    workers: int = 2,
    paired: bool = False,
    options: dict | None = None,
    games_ref: str | None = None,
    log=sys.stderr,
    record: str | None = None,
) -> dict:
    """N games of A against B (seats alternated), or with `paired` N seeds each
    played with A in every seat in turn. Stopped early (Ctrl+C), it reports the
    games finished so far (and, paired, the seeds whose games all finished).
    `record`: a file each finished game is added to as a line of JSON (record_line);
    the progress lines then tell no running tally (a run fixed beforehand is judged
    at its end, not watched)."""
    for level in (level_a, level_b):
        if outside.is_outside(level):
            outside.check(level)
        elif level != "random":
            base = side_of(level, None).level  # imports its module: a misspelt one stops the run before its first game
            if base not in ai.LEVELS:
                raise ValueError(f"unknown level {base!r}: one of {ai.LEVELS + ('random',) + outside.OUTSIDE}")
    spec = load_games(games_ref)[game_id]
    players = players or bench_players(spec)
    spec.check_players(players)
    options = spec.resolved_options(options) if options else {}
    jobs = arena_jobs(game_id, level_a, level_b, n, players, seed, paired, options, games_ref)
    by_scores = getattr(spec, "scores_decide", True)
    started = time.perf_counter()
    results = []
    stopped = False
    try:
        if workers > 1 and len(jobs) > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
                for r in pool.imap_unordered(_arena_game, jobs):
                    _finished(r, results, record)
                    _progress(log, results, len(jobs), started, by_scores, paired, players, record is None)
        else:
            for job in jobs:
                _finished(_arena_game(job), results, record)
                _progress(log, results, len(jobs), started, by_scores, paired, players, record is None)
    except KeyboardInterrupt:  # a long run stopped early still counts what it finished
        stopped = True
    results.sort(key=lambda r: (r["seed"], r["a_seat"]))
    return arena_summary(results, game_id=game_id, level_a=level_a, level_b=level_b, players=players,
                         seed=seed, paired=paired, options=options, by_scores=by_scores,
                         seconds=time.perf_counter() - started, stopped=stopped)


def _finished(result: dict, results: list, record: str | None) -> None:
    results.append(result)
    if record is not None:
        with open(record, "a", encoding="utf-8") as out:
            out.write(json.dumps(record_line(result)) + "\n")


def record_line(result: dict) -> dict:
    """One finished game as a line of the record: its result, and per level the
    decisions searched, their mean and slowest seconds and how many the cap cut short;
    and the moves played ("played", their notations) with the game's options, to replay the
    game from its seed (trace_record)."""
    line = {key: result[key] for key in ("seed", "a_seat", "levels", "scores", "winners", "moves")}
    line["decisions"] = {level: {"n": len(made), "mean_s": round(statistics.mean(t for t, _ in made), 3),
                                 "max_s": round(max(t for t, _ in made), 3),
                                 "capped": sum(1 for _, capped in made if capped)}
                         for level, made in sorted(result["decisions"].items()) if made}
    if result.get("extra"):
        line["extra"] = result["extra"]
    for key in ("played", "options"):
        if key in result:
            line[key] = result[key]
    return line


def arena_summary(results: list, *, game_id: str, level_a: str, level_b: str, players: int, seed: int,
                  paired: bool, options: dict, by_scores: bool, seconds: float, stopped: bool = False) -> dict:
    """The figures of the arena's finished games (`results` from _arena_game)."""
    n = len(results)
    wins = losses = draws = 0
    a_scores, b_scores, lengths = [], [], []
    for r in results:
        a_seat = r["a_seat"]
        winners = r["winners"]
        if a_seat in winners:
            if len(winners) == 1:
                wins += 1
            else:
                draws += 1
        elif winners or players == 1:  # alone, no winner is a loss to the game itself (an automaton)
            losses += 1
        else:
            draws += 1
        a_scores.append(r["scores"][a_seat])
        b_scores.extend(s for j, s in enumerate(r["scores"]) if j != a_seat)
        lengths.append(r["moves"])
    extra = {}  # the mean of each game-specific figure (spec.arena_figures), over the games reporting it
    for key in sorted({key for r in results for key in r.get("extra", {})}):
        values = [r["extra"][key] for r in results if key in r.get("extra", {})]
        extra[key] = round(statistics.mean(values), 3)
    decisions: dict = {}
    for r in results:
        for level, made in r.get("decisions", {}).items():
            decisions.setdefault(level, []).extend(made)
    timing = {
        level: {"s": round(statistics.median(t for t, _ in made), 3), "mean_s": round(statistics.mean(t for t, _ in made), 3),
                "max_s": round(max(t for t, _ in made), 3),
                "decisions": len(made), "capped": sum(1 for _, capped in made if capped)}
        for level, made in sorted(decisions.items())
    }
    low, high = wilson_interval(wins + draws / 2, n)
    seat_points = []  # each seat's share of the points, whoever sat there: the seats' balance
    for s in range(players):
        points = sum(seat_share(r["winners"], s) for r in results)
        s_low, s_high = wilson_interval(points, n)
        seat_points.append({"seat": s, "points": round(points / n, 3) if n else None,
                            "points_95": [round(s_low, 3), round(s_high, 3)]})
    out = {
        "game": game_id,
        "players": players,
        "a": level_a,
        "b": level_b,
        "games": n,
        "seed": seed,
        **({"options": options} if options else {}),
        **({"stopped_early": True} if stopped else {}),
        "a_wins": wins,
        "a_losses": losses,
        "draws": draws,
        "a_win_rate": round(wins / n, 3) if n else None,
        "a_points": round((wins + draws / 2) / n, 3) if n else None,
        "a_points_95": [round(low, 3), round(high, 3)],  # (wins + draws/2) / n, Wilson 95 % interval
        "seat_points": seat_points,
        "timing": timing,
        "a_avg_score": round(statistics.mean(a_scores), 2) if a_scores else None,
        "b_avg_score": round(statistics.mean(b_scores), 2) if b_scores else None,
        "avg_moves": round(statistics.mean(lengths), 1) if lengths else None,
        "seconds": round(seconds, 1),
        **({"extra": extra} if extra else {}),
    }
    if paired:
        pairs = pair_margins(results, players, by_scores)
        mean, m_low, m_high = mean_interval([p["margin"] for p in pairs])
        out.update({
            "margin_by": "score" if by_scores else "result",  # A's score minus the best other's, or +1/0/-1
            "pairs": pairs,
            "mean_margin": _round(mean),
            "mean_margin_95": [_round(m_low), _round(m_high)],  # Student's t over the pairs
        })
    return out


def read_records(path: str) -> list[dict]:
    """The games of one arena record (--record), a line of JSON each."""
    with open(path, encoding="utf-8") as lines:
        return [json.loads(text) for text in lines if text.strip()]


def records_summary(game_id: str, paths: list, games_ref: str | None = None) -> dict:
    """The figures of arena records (--record files) of one game, read afterwards: the games
    of every seed that side A played from each seat (whole pairs), as the arena reports them;
    the seeds cut off before that are listed under "cut_off" and not counted. Each level's
    seconds are the mean of the games' means (a record keeps no single decision's time)."""
    spec = load_games(games_ref)[game_id]
    lines = [line for path in paths for line in read_records(path)]
    if not lines:
        raise ValueError("the records hold no game")
    players = len(lines[0]["levels"])
    by_seed: dict = {}
    for line in lines:
        by_seed.setdefault(line["seed"], {})[line["a_seat"]] = line
    whole = [game for _, games in sorted(by_seed.items()) if len(games) == players
             for _, game in sorted(games.items())]
    if not whole:
        raise ValueError("no seed was played from every seat yet")
    first = whole[0]
    level_a = first["levels"][first["a_seat"]]
    level_b = next(level for seat, level in enumerate(first["levels"]) if seat != first["a_seat"])
    results = [dict(game, decisions={}) for game in whole]
    out = arena_summary(results, game_id=game_id, level_a=level_a, level_b=level_b, players=players,
                        seed=first["seed"], paired=True, options={}, by_scores=getattr(spec, "scores_decide", True),
                        seconds=0.0)
    del out["seconds"]
    per_level: dict = {}  # level -> its figures in each game it searched in
    for game in whole:
        for level, figures in game.get("decisions", {}).items():
            per_level.setdefault(level, []).append(figures)
    out["timing"] = {level: {"mean_of_game_means_s": round(statistics.mean(f["mean_s"] for f in games), 3),
                             "max_s": max(f["max_s"] for f in games), "capped": sum(f["capped"] for f in games)}
                     for level, games in sorted(per_level.items())}
    out["cut_off"] = sorted(seed for seed, games in by_seed.items() if len(games) < players)
    return out


def trace_record(game_id: str, line: dict, out, top: int = 5, games_ref: str | None = None) -> None:
    """A recorded game (a line of an arena record, with its "played" moves) move by move, to
    see where it was lost: each move with the scores after it, and at each decision our own
    levels searched, that search made again (the same seed and kept tree, so the same move
    unless the time cap cut it short) with its `top` most visited moves, their visits and the
    mover's mean reward. The outside player's moves are shown as played."""
    spec = load_games(games_ref)[game_id]
    heuristics = shelf.heuristics_for(game_id)
    levels = line["levels"]
    state = spec.new_game(len(levels), line["seed"], line.get("options", {}))
    memory = ai.SearchMemory()
    print(f"{game_id} seed {line['seed']}: {' v '.join(levels)}; final scores {line['scores']}", file=out)
    for k, notation in enumerate(line["played"]):
        level, seat = levels[state.to_move], state.to_move
        searched = ""
        if level != "random" and not outside.is_outside(level):
            found = decide_as(state, side_of(level, heuristics), decision_seed(line["seed"], k), memory)
            ranked = sorted(found.visits.items(), key=lambda kv: -kv[1])[:top]
            searched = "".join(f"  {move} {visits} {found.values.get(move, 0.0):+.2f};" for move, visits in ranked)
            searched = searched or "  (settled without a search)"
            if str(found.move) != notation:
                searched += f"  (searched again: {found.move})"
        state.apply(spec.parse_move(state, notation))
        print(f"{k:4d} seat {seat + 1} {level:16} {notation:22} {state.scores()}{searched}", file=out)


def _round(x):
    return None if x is None or math.isinf(x) else round(x, 3)


def game_margin(scores, winners, a_seat: int, by_scores: bool = True) -> float:
    """A's margin in one game: its score minus the best other seat's where the
    scores decide the game, else +1 for a win, 0 for a shared win or no winner, -1 for a loss."""
    if by_scores:
        return scores[a_seat] - max(s for j, s in enumerate(scores) if j != a_seat)
    if a_seat in winners:
        return 1 if len(winners) == 1 else 0
    return -1 if winners else 0


def seat_share(winners, seat: int) -> float:
    """That seat's points in one game: 1 for a win, a shared win split, 0 otherwise."""
    return 1.0 / len(winners) if seat in winners else 0.0


def pair_margins(results: list, players: int, by_scores: bool = True) -> list[dict]:
    """Per seed whose games all finished (A in every seat): A's margin in each
    game, by A's seat, and their mean, the seed's paired margin."""
    by_seed: dict = {}
    for r in results:
        by_seed.setdefault(r["seed"], {})[r["a_seat"]] = game_margin(r["scores"], r["winners"], r["a_seat"], by_scores)
    return [{"seed": s, "margins": [games[a] for a in range(players)], "margin": statistics.mean(games.values())}
            for s, games in sorted(by_seed.items()) if len(games) == players]


# Student's t, two-sided 95 %, by degrees of freedom (for more, the series below)
T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t_975(df: int) -> float:
    """The 97.5 % point of Student's t with `df` degrees of freedom: from the
    table up to 30, beyond by the Cornish-Fisher series about the normal's 1.96."""
    if df <= len(T_975):
        return T_975[df - 1]
    z = 1.959964
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)


def mean_interval(values: list) -> tuple:
    """The mean and its 95 % interval by Student's t: (mean, low, high).
    One value has no interval (-inf, inf); none, no mean (None, -inf, inf)."""
    n = len(values)
    if n == 0:
        return None, -math.inf, math.inf
    mean = statistics.mean(values)
    if n == 1:
        return mean, -math.inf, math.inf
    half = t_975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a success rate."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _progress(log, results, total: int, started: float, by_scores: bool, paired: bool, players: int,
              with_tally: bool = True) -> None:
    """One line per finished game, flushed, with A's tally so far (a run cut
    short still tells something); paired, the mean margin over the seeds done.
    Without `with_tally`, the game's own line only."""
    if log is None:
        return
    r = results[-1]
    tally = [0, 0, 0]  # A wins alone, shares or nobody wins, loses
    for g in results:
        s = g["a_seat"]
        tally[0 if g["winners"] == [s] else 1 if s in g["winners"] or not g["winners"] else 2] += 1
    if len(r["scores"]) > 1:
        margin = f"A margin {game_margin(r['scores'], r['winners'], r['a_seat'], by_scores):+g}"
    else:  # solo: no other seat to be ahead of; the game's own figures say how it went
        margin = f"extra {r.get('extra', {})}"
    line = (f"arena: {len(results)}/{total} games, {time.perf_counter() - started:.0f} s; seed {r['seed']} "
            f"A seat {r['a_seat']} scores {r['scores']} winners {r['winners']} {margin}")
    if not with_tally:
        print(line, file=log, flush=True)
        return
    line += f"; A so far {tally[0]}-{tally[2]}-{tally[1]} (won-lost-drawn)"
    if paired:
        pairs = pair_margins(results, players, by_scores)
        if pairs:
            mean, low, high = mean_interval([p["margin"] for p in pairs])
            line += f"; {len(pairs)} pairs, mean margin {mean:+.2f} (95 % {low:+.2f} to {high:+.2f})"
    print(line, file=log, flush=True)


def parse_options(spec, texts: list) -> dict:
    """--option KEY=VALUE words, read as the app's command line reads them."""
    from ..cli import parse_option
    return dict(parse_option(spec, text) for text in texts)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--arena", nargs=4, metavar=("GAME", "LEVEL_A", "LEVEL_B", "N"))
    parser.add_argument("--paired", action="store_true",
                        help="arena: N seeds, each played with A in every seat (the seats swapped)")
    parser.add_argument("--outside-time", metavar="TIME",
                        help="arena: the outside player's time per decision, a multiple of the other "
                             "player's (3x) or seconds (6.5s); see game/bench/outside.py")
    parser.add_argument("--record", metavar="FILE",
                        help="arena: add each finished game to FILE as a line of JSON, and print no running tally")
    parser.add_argument("--summary", nargs="+", metavar=("GAME", "FILE"),
                        help="the figures of arena records (--record files) of GAME, over whole pairs")
    parser.add_argument("--trace", nargs="+", metavar=("GAME", "FILE"),
                        help="GAME FILE [N]: the N-th game (from 0) of an arena record move by move, with our "
                             "levels' searches made again")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="arena: a game option, as the app's --option (repeatable)")
    parser.add_argument("--game", help="the default run for this game id only")
    parser.add_argument("--positions", type=int, help="positions per game for the AI figures (no time budget)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", help=argparse.SUPPRESS)  # module:attr, for tests
    parser.add_argument("--gallery", metavar="DIR", help="write a PNG of every audited screen into DIR")
    parser.add_argument("--bundle", metavar="DIR", help="the bundled app in DIR (python -m game.bundle) against "
                        "the installed package: its size on disk, and each one's start-up to the first frame")
    parser.add_argument("--against", metavar="DIR",
                        help="also measure a checkout of another commit (its .venv if it has one), run after run "
                             "alternated: start-up to the first frame, the app's memory, random playouts")
    parser.add_argument("--decisions", nargs="+", metavar=("GAME", "LEVEL"),
                        help="with --against: the level's (hard's) decisions on the bench's positions (--positions, "
                             "8) in both checkouts, alternated: seconds and moves")
    args = parser.parse_args(argv)
    if args.bundle:
        from .bundle import bundle_figures

        print(json.dumps({"machine": machine(), **bundle_figures(args.bundle)}))
        return 0
    if args.gallery:
        from .screens import gallery

        print(json.dumps({"gallery": args.gallery, **gallery(args.gallery)}))
        return 0
    if args.trace:
        game_id, path, *which = args.trace
        games = read_records(path)
        n = int(which[0]) if which else 0
        if not 0 <= n < len(games):
            raise SystemExit(f"--trace: {path} holds {len(games)} games (0 to {len(games) - 1}), not a game {n}")
        if "played" not in games[n]:
            raise SystemExit(f"--trace: game {n} of {path} was recorded without its moves (records keep them "
                             "since 1fde1c3)")
        trace_record(game_id, games[n], sys.stdout, games_ref=args.games)
        return 0
    if args.summary:
        game_id, *paths = args.summary
        print(json.dumps(records_summary(game_id, paths, args.games)))
        return 0
    if args.arena:
        # `kill PID` stops a run as Ctrl+C does (a job started in the background ignores Ctrl+C)
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        game_id, level_a, level_b, n = args.arena
        level_a, level_b = (outside.with_time(level, args.outside_time) for level in (level_a, level_b))
        games = load_games(args.games)
        result = arena(
            game_id, level_a, level_b, int(n),
            players=args.players, seed=args.seed, workers=args.workers, games_ref=args.games,
            paired=args.paired, options=parse_options(games[game_id], args.option), record=args.record,
        )
    elif args.against and args.decisions:
        from .session import decisions_against

        game_id, *level = args.decisions
        result = {"machine": machine(), "decisions": decisions_against(
            os.path.abspath(args.against), game_id, *level, positions=args.positions or 8)}
    elif args.against:
        from .session import against

        result = {"machine": machine(), "against": against(os.path.abspath(args.against))}
    else:
        result = run_default(load_games(args.games), only=args.game, positions=args.positions)
    print(json.dumps(result))
    return 0

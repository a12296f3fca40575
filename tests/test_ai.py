"""The generic computer player (ISMCTS) on the toy games, and the arena."""
from __future__ import annotations

import itertools
import json
import math
import os
import pickle
import random
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import bench
from game.engine import ai
from game.engine.core import Outcome, State
from game.shelf import GAME_IDS
from tests.toy_games import CARDS, NIM, TTT, Mark, NimState, nim_value

ROOT = Path(__file__).resolve().parents[1]


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def random_positions(spec, players, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = spec.new_game(players, rng.randrange(1000))
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_over:
            out.append(state)
    return out


@pytest.mark.parametrize("spec,players", [(TTT, 2), (NIM, 2), (CARDS, 2), (CARDS, 3)])
def test_returns_a_legal_move_and_leaves_the_state_alone(spec, players):
    for i, state in enumerate(random_positions(spec, players, 4, seed=players)):
        before = snap(state)
        for level in ai.LEVELS:
            move = ai.choose_move(ai.SearchRequest(state, level, i, iterations=60 if level != "easy" else None)).move
            assert move in state.legal_moves()
            assert state.check(move) is None
            assert snap(state) == before


def test_deterministic_for_a_seed():
    for state in random_positions(CARDS, 3, 3, seed=9):
        runs = []
        for _ in range(2):
            found = ai.choose_move(ai.SearchRequest(state, "normal", 42, iterations=300))
            runs.append((found.move, found.visits))
        assert runs[0] == runs[1]
    moves = {str(ai.choose_move(ai.SearchRequest(CARDS.new_game(2, 3), "easy", seed)).move) for seed in range(12)}
    assert len(moves) > 1  # the seed matters


_OTHER_PROCESS = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from tests.toy_games import CARDS
from game.engine import ai
from game.engine.core import Outcome, State
state = CARDS.new_game(3, 5)
state.apply(state.legal_moves()[0])
found = ai.choose_move(ai.SearchRequest(state, "normal", 7, iterations=300))
print(json.dumps([str(found.move), found.visits]))
"""


def test_deterministic_across_processes():
    """Another process has other string hashes: the search must not depend on them."""
    outputs = set()
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", _OTHER_PROCESS, str(ROOT)],
            capture_output=True, text=True, timeout=60, env=dict(os.environ, PYTHONHASHSEED=hash_seed),
        )
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_a_single_legal_move_is_returned_at_once():
    state = NimState((0, 0, 2))
    state.apply(state.legal_moves()[0])  # t3; now t3 or e
    state.heaps[2] = 0  # a position where only "e" is left
    state.heaps[0] = 1
    assert [str(m) for m in state.legal_moves()] == ["e"]
    found = ai.choose_move(ai.SearchRequest(state, "hard", 1))
    assert str(found.move) == "e" and found.iterations == 0 and found.visits == {}


@pytest.mark.slow
def test_tic_tac_toe_never_loses_to_random():
    for game in range(20):
        state = TTT.new_game(2, game)
        rng = random.Random(game)
        me = game % 2
        while not state.is_over:
            if state.to_move == me:
                move = ai.choose_move(ai.SearchRequest(state, "normal", game * 100 + len(state.history))).move
            else:
                move = rng.choice(state.legal_moves())
            state.apply(move)
        assert state.outcome.winners in ((me,), (0, 1)), [str(m) for m in state.history]


def test_tic_tac_toe_takes_the_win_and_blocks():
    state = TTT.new_game(2, 0)
    for text in ("a1", "b1", "a2"):  # X: a1 a2, O: b1; O must block a3
        state.apply(TTT.parse_move(state, text))
    assert str(ai.choose_move(ai.SearchRequest(state, "normal", 1)).move) == "a3"
    state.apply(TTT.parse_move(state, "c3"))  # O errs; X wins at a3
    assert str(ai.choose_move(ai.SearchRequest(state, "normal", 1)).move) == "a3"


@pytest.mark.slow
def test_nim_perfect_play_in_small_positions():
    """From every small position with a winning move, the whole turn (several
    decisions: take, take, …, end) leaves a nim-sum of zero."""
    for heaps in itertools.product(range(2), range(3), range(4)):
        if nim_value(heaps) == 0:
            continue
        state = NimState(heaps)
        played = []
        while state.to_move == 0:
            move = ai.choose_move(ai.SearchRequest(state, "normal", len(played))).move
            played.append(str(move))
            state.apply(move)
        assert state.is_over or nim_value(state.heaps) == 0, (heaps, played)


def with_other_hidden_cards(state, seat):
    """The same position seen from `seat`, with other seats' hands swapped for deck cards."""
    twin = state.clone()
    others = [s for s in range(twin.players) if s != seat]
    pool = [c for s in others for c in twin.hands[s]] + twin.deck
    pool.reverse()
    for s in others:
        n = len(twin.hands[s])
        twin.hands[s] = sorted(pool[:n])
        del pool[:n]
    twin.deck = pool
    twin.rng = random.Random(12345)  # future dice differ too
    return twin


def test_hidden_cards_of_other_seats_do_not_change_the_choice():
    checked = 0
    for state in random_positions(CARDS, 3, 4, seed=21):
        seat = state.to_move
        twin = with_other_hidden_cards(state, seat)
        assert twin.view(seat) == state.view(seat)
        if snap(twin) == snap(state):
            continue
        checked += 1
        a = ai.choose_move(ai.SearchRequest(state, "normal", 5, iterations=400))
        b = ai.choose_move(ai.SearchRequest(twin, "normal", 5, iterations=400))
        assert a.move == b.move and a.visits == b.visits
    assert checked >= 3


def test_progress_is_reported_and_ends_at_one():
    seen = []
    ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "normal", 1, iterations=500, progress=seen.append))
    assert len(seen) >= 10
    assert seen == sorted(seen) and seen[-1] == 1.0 and all(0 < f <= 1 for f in seen)


def test_stop_returns_the_best_so_far():
    calls = 0

    def stop():
        nonlocal calls
        calls += 1
        return calls > 25

    state = CARDS.new_game(2, 1)
    found = ai.choose_move(ai.SearchRequest(state, "hard", 1, stop=stop))
    assert found.iterations == 25 and found.capped and found.move in state.legal_moves()
    assert ai.choose_move(ai.SearchRequest(state, "hard", 1, stop=lambda: True)).move in state.legal_moves()


class Clock:
    """The search's clock, moved on by the test: 1/64 s each time the search looks at it
    (a wall clock made the test fail when a busy machine paused it)."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 1 / 64
        return self.now


def test_time_limit_is_kept(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ai, "time", clock)
    found = ai.choose_move(ai.SearchRequest(CARDS.new_game(3, 1), "hard", 1, time_limit=8 / 64))
    # it starts at 1/64 s and looks at the clock before each playout after the first:
    # the eighth look, at 9/64 s (the limit since the start), ends it after 8 playouts
    assert found.iterations == 8 and found.seconds == 9 / 64
    assert found.capped and found.budget == ai.level_settings("hard")["iterations"]


class Slowed:
    """The engine's own playout (a uniformly random move), made slow: a busy machine."""

    def __init__(self, pause: float):
        self.pause = pause
        self.calls = 0

    def rollout_move(self, state, moves, rng):
        self.calls += 1
        time.sleep(self.pause)
        return moves[rng.randrange(len(moves))]


def test_the_time_cap_is_only_a_safety_net():
    """A level is its iteration budget: under the app's cap, on a fast or a slowed
    machine, the same position and seed give the same move and the same search."""
    state = CARDS.new_game(3, 4)
    state.apply(state.legal_moves()[0])
    runs = []
    for heuristics, cap in ((None, None), (None, ai.level_time_cap("normal")), (Slowed(0.0002), 60.0)):
        found = ai.choose_move(ai.SearchRequest(state, "normal", 7, heuristics, iterations=300, time_limit=cap))
        assert not found.capped and found.budget == 300
        assert found.iterations == 300 or found.decided
        runs.append((str(found.move), found.visits))
        if heuristics is not None:
            assert heuristics.calls > 300  # it really played the slowed playouts
    assert runs[0] == runs[1] == runs[2]


def test_the_caps_stand_far_above_the_budgets():
    for level in ai.LEVELS:
        assert ai.level_time_cap(level) >= 3.0  # several times the 1 s (normal) and 3 s (hard) aimed at
    assert ai.level_time_cap("hard") >= 3 * 3.0
    with pytest.raises(ValueError):
        ai.level_time_cap("grandmaster")


def test_game_heuristics_are_used():
    used = {"rollout": 0, "evaluate": 0}

    def rollout_move(state, moves, rng):
        used["rollout"] += 1
        return moves[-1]

    def evaluate(state):
        used["evaluate"] += 1
        return [0.5] * state.players

    def candidate_moves(state, moves):
        return [m for m in moves if str(m) != "a1"]  # never a1

    h = SimpleNamespace(
        rollout_move=rollout_move, evaluate=evaluate, candidate_moves=candidate_moves,
        LEVELS={"normal": {"iterations": 77, "rollout_depth": 1}},
    )
    found = ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "normal", 1, h))
    assert found.iterations == 77 and str(found.move) != "a1" and "a1" not in found.visits
    assert used["rollout"] > 0 and used["evaluate"] > 0


def test_a_level_passes_its_rollout_and_evaluate_options_to_the_game():
    seen, judged = [], []

    def rollout_move(state, moves, rng, last=False):
        seen.append(last)
        return moves[-1] if last else moves[0]

    def evaluate(state, weight=0.0):
        judged.append(weight)
        return [0.5] * state.players

    h = SimpleNamespace(rollout_move=rollout_move, evaluate=evaluate, LEVELS={
        "easy": {"iterations": 20, "rollout_depth": 1},
        "hard": {"iterations": 20, "rollout_depth": 1, "rollout": {"last": True}, "evaluate": {"weight": 0.5}},
    })
    ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "hard", 1, h))
    assert seen and set(seen) == {True} and judged and set(judged) == {0.5}
    seen.clear()
    judged.clear()
    ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "easy", 1, h))
    assert seen and set(seen) == {False} and judged and set(judged) == {0.0}


def test_a_level_passes_its_candidate_options_to_the_game():
    seen = []

    def candidate_moves(state, moves, width=None):
        seen.append(width)
        return moves[:width]

    h = SimpleNamespace(candidate_moves=candidate_moves, LEVELS={
        "easy": {"iterations": 30},
        "hard": {"iterations": 30, "candidates": {"width": 2}},
    })
    found = ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "hard", 1, h))
    assert set(seen) == {2} and len(found.visits) == 2  # only the two moves it was given
    seen.clear()
    found = ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "easy", 1, h))
    assert set(seen) == {None} and len(found.visits) == 9  # no options: the game's defaults


def test_a_widening_level_lets_a_node_look_at_more_moves_as_it_is_searched():
    # one move per 20 visits of a node, at least one: the root's first move first, then more
    def candidate_moves(state, moves, visits=None):
        return moves[:1 + visits // 20] if visits is not None else moves[:1]

    h = SimpleNamespace(candidate_moves=candidate_moves, LEVELS={
        "hard": {"iterations": 100, "widening": True},
        "normal": {"iterations": 100},
    })
    found = ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "hard", 1, h))
    assert len(found.visits) == 5  # 1 move at first, 5 by the 80th playout, 100 in all
    assert sorted(found.visits.values(), reverse=True)[-1] >= 1
    assert found.move in TTT.new_game(2, 0).legal_moves()[:5]
    narrow = ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "normal", 1, h))
    assert len(narrow.visits) == 0 and str(narrow.move) == str(TTT.new_game(2, 0).legal_moves()[0])  # no widening: one candidate


def test_a_low_temperature_draws_the_most_visited_move_more_often():
    root = ai._Node(None, None)
    for move, visits in (("a", 60), ("b", 30), ("c", 10)):
        root.children[move] = child = ai._Node(move, 0)
        child.visits = visits
    rng = random.Random(3)

    def share_of_best(temperature):
        picks = [ai._pick(root, ["a", "b", "c"], "sample", rng, temperature) for _ in range(4000)]
        return picks.count("a") / len(picks)

    assert 0.55 < share_of_best(1.0) < 0.65  # in proportion to visits
    assert 0.75 < share_of_best(0.5) < 0.85  # 3600 of 3600 + 900 + 100
    assert ai._pick(root, ["a", "b", "c"], "best", rng) == "a"


def test_a_lower_bound_pick_plays_a_clearly_better_move_found_late():
    """With widening a move joins the root late and cannot catch up in visits: "lower_bound"
    plays the best mean less bound_width / sqrt(visits), so a clearly better mean over a few
    hundred playouts wins, and a lucky mean over a handful does not."""
    root = ai._Node(None, None)
    for move, visits, mean in (("early", 565, 0.805), ("late", 300, 0.93), ("lucky", 4, 1.0)):
        root.children[move] = child = ai._Node(move, 0)
        child.visits, child.reward = visits, mean * visits
    rng = random.Random(3)
    moves = ["early", "late", "lucky"]
    assert ai._pick(root, moves, "best", rng) == "early"
    assert ai._pick(root, moves, "lower_bound", rng) == "late"
    root.children["late"].reward = 0.80 * 300  # no better than the most visited: it stays
    assert ai._pick(root, moves, "lower_bound", rng) == "early"


def test_the_shelf_hands_out_each_games_heuristics_as_a_value_the_worker_can_be_sent():
    from game import shelf
    from game.games.scurry import heuristics as scurry_ai

    heuristics = shelf.heuristics_for("scurry")
    assert heuristics.evaluate is scurry_ai.evaluate and heuristics.LEVELS == scurry_ai.LEVELS
    assert pickle.loads(pickle.dumps(heuristics)).rollout_move is scurry_ai.rollout_move
    assert shelf.heuristics_for("ttt") is None  # a game off the shelf: plain search


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ai.choose_move(ai.SearchRequest(TTT.new_game(2, 0), "grandmaster", 1))


def test_arena_counts_results_with_seats_alternated():
    out = bench.arena("ttt", "normal", "random", 4, workers=1, games_ref="tests.toy_games:TOY_GAMES", log=None)
    assert out["games"] == 4 and out["a_wins"] + out["a_losses"] + out["draws"] == 4
    assert out["a_losses"] == 0 and out["a_wins"] >= 2


def test_bench_figures_for_a_game():
    figures = bench.game_figures(NIM, playout_seconds=0.2, positions=1)
    assert figures["playouts_per_s"] > 0 and set(figures["ai_s_per_decision"]) == set(ai.LEVELS)
    assert figures["positions"] == 1
    for level in ai.LEVELS:
        budget = ai.level_settings(level)["iterations"]
        assert figures["ai_budget"][level] == budget and figures["ai_capped"][level] == 0
        assert figures["ai_iterations_per_decision"][level] in (budget, None)  # None: every search decided early
        assert figures["ai_time_cap_s"][level] == ai.level_time_cap(level)


def test_arena_reports_timing_and_an_interval():
    out = bench.arena("nim", "normal", "easy", 2, workers=1, games_ref="tests.toy_games:TOY_GAMES", log=None)
    low, high = out["a_points_95"]
    assert 0.0 <= low <= (out["a_wins"] + out["draws"] / 2) / 2 <= high <= 1.0
    assert set(out["timing"]) == {"normal", "easy"}
    assert all(t["decisions"] > 0 and t["capped"] == 0 for t in out["timing"].values())


def test_wilson_interval():
    low, high = bench.wilson_interval(30, 40)
    assert round(low, 3) == 0.598 and round(high, 3) == 0.858
    assert bench.wilson_interval(0, 10)[0] == 0.0 and bench.wilson_interval(10, 10)[1] == 1.0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_level_decides_the_same_for_a_seed_in_every_game(game_id):
    """Played as the app plays (the seat's view, the game's heuristics), a normal
    decision is reproducible: the same move and the same visits twice. (Without the
    safety cap on time: a busy machine may reach it, and how often it does is the
    bench's to report, not a test's.)"""
    from game import shelf

    spec = shelf.GAMES[game_id]
    for state in bench.mid_game_positions(spec, bench.bench_players(spec), 6, seed=3):
        runs = []
        for _ in range(2):
            found = ai.choose_move(ai.SearchRequest(ai.seat_state(state, 5), "normal", 5,
                                                    shelf.heuristics_for(game_id)))
            runs.append((str(found.move), found.visits))
        assert runs[0] == runs[1]
        if found.visits:  # a real search, not a move the game's heuristics settle alone
            assert found.iterations == found.budget or found.decided
            break
    else:
        pytest.fail("no position with a real choice")


def skyrunner_with_other_hidden_cards(state, seat):
    """The same SkyRunner position seen from `seat`: the other hands and the main
    set dealt again from the same cards, other face-down picks changed, other dice."""
    twin = state.clone()
    others = [s for s in range(twin.players) if s != seat]
    pool = sorted(c for s in others for c in twin.hand[s]) + sorted(twin.main)
    pool.reverse()
    for s in others:
        n = len(twin.hand[s])
        twin.hand[s] = sorted(pool[:n])
        del pool[:n]
        if twin.chosen[s] is not None:
            options = twin.choices(s)
            twin.chosen[s] = [options[-1].card, options[-1].against]
    twin.main = pool
    twin.rng = random.Random(54321)
    return twin


@pytest.mark.parametrize("game_id", ["cards", "skyrunner"])
def test_the_worker_is_sent_only_what_the_seat_may_see(game_id):
    """Every game with hidden information: two positions the seat cannot tell apart
    give the worker the very same state (ai.seat_state), so nothing the seat may not
    see can reach the search, and the same move."""
    from game.shelf import GAMES

    if game_id == "cards":
        spec, twin_of, players = CARDS, with_other_hidden_cards, 3
    else:
        spec, twin_of, players = GAMES[game_id], skyrunner_with_other_hidden_cards, 3
    assert game_id == "cards" or spec.hidden_information
    differ = 0
    for state in random_positions(spec, players, 6, seed=5):
        seat = state.to_move
        twin = twin_of(state, seat)
        assert twin.view(seat) == state.view(seat)
        differ += snap(twin) != snap(state)
        sent, sent_twin = ai.seat_state(state, 9), ai.seat_state(twin, 9)
        assert snap(sent) == snap(sent_twin)
        assert str(ai.choose_move(ai.SearchRequest(sent, "easy", 3)).move) == str(ai.choose_move(ai.SearchRequest(sent_twin, "easy", 3)).move)
    assert differ >= 3


def test_the_app_sends_the_worker_the_seats_view(monkeypatch):
    """The controller hands the worker ai.seat_state of the position, not the position."""
    from game.engine import remote
    from game.engine.match import Match, Seat
    from game.shelf import GAMES
    from game.ui.controller import Controller

    sent = []
    monkeypatch.setattr(remote.RemotePlayer, "think", lambda self, request: sent.append(request.state) or
                        SimpleNamespace(done=False, cancel=lambda: None))
    seats = [Seat(f"P{i}", i, "computer", "easy") for i in range(3)]
    match = Match(GAMES["skyrunner"], seats, seed=4)
    Controller(match).poll(0.0)
    assert len(sent) == 1
    seat = match.state.to_move
    assert sent[0] is not match.state
    twin = skyrunner_with_other_hidden_cards(match.state, seat)
    assert snap(sent[0]) == snap(ai.seat_state(twin, match.ai_seed()))


def keep_tree_game(game_id: str, decisions: int, heuristics=None, iterations: int = 600):
    """From a position in mid-game, both seats think at hard with one memory, as
    the app's worker does; returns [(seat, reused playouts, whether the real game
    rolled or drew since that seat's last decision, move)]; `heuristics` in place of the game's own."""
    from game import shelf
    heuristics = heuristics or shelf.heuristics_for(game_id)
    state = bench.mid_game_positions(shelf.GAMES[game_id], 2, 1, seed=7)[0]
    memory = ai.SearchMemory()
    last_rng: dict = {}
    out = []
    for k in range(decisions):
        if state.is_over:
            break
        seat = state.to_move
        chance_since = seat in last_rng and last_rng[seat] != state.rng.getstate()
        found = ai.choose_move(ai.SearchRequest(ai.seat_state(state, k), "hard", k, heuristics, iterations=iterations,
                                                memory=memory))
        if found.visits:
            out.append((seat, found.reused, chance_since, str(found.move)))
        last_rng[seat] = state.rng.getstate()
        state.apply(found.move)
    return out


@pytest.mark.slow
def test_hard_goes_on_from_its_last_tree_where_nothing_is_hidden_or_left_to_chance():
    played = keep_tree_game("scurry", 6)
    assert played[0][1] == 0  # the first search starts afresh
    assert sum(reused > 0 for _seat, reused, _chance, _move in played[1:]) >= len(played[1:]) // 2
    assert max(reused for _seat, reused, _chance, _move in played) > 300  # whole branches of playouts
    assert keep_tree_game("scurry", 6) == played  # still the same moves for the same seeds


def test_a_kept_tree_serves_only_the_position_it_grew_from():
    from game import shelf
    from game.shelf import GAMES
    memory = ai.SearchMemory()
    state = bench.mid_game_positions(GAMES["scurry"], 2, 1, seed=7)[0]
    seat = state.to_move
    move = ai.choose_move(ai.SearchRequest(ai.seat_state(state, 0), "hard", 0, shelf.heuristics_for("scurry"),
                                           iterations=300, memory=memory)).move
    state.apply(move)
    lines = [state] if state.to_move == seat else []
    for reply in state.legal_moves():  # the seat to move again after one reply
        later = state.clone()
        later.apply(reply)
        lines += [later] if later.to_move == seat else []
    served = [later for later in lines if memory.recall(ai.seat_state(later, 5), "hard") is not None]
    assert served
    later = served[0]
    assert memory.recall(ai.seat_state(later, 5), "normal") is None  # each level keeps its own
    taken_back = later.clone()
    taken_back.history.pop()  # the moves but the last: not a line from the kept position
    assert memory.recall(taken_back, "hard") is None
    other_board = GAMES["scurry"].new_game(2, 99)
    other_board.history = list(later.history)  # the same moves on paper, another board
    assert memory.recall(other_board, "hard") is None


def test_scrubbudgetels_hard_goes_on_from_its_tree_within_a_turn_and_afresh_after_a_draw():
    # a turn lays several markers in a row: each marker's search goes on from the one before;
    # the draw at the turn's end (from the bag's hidden order) starts the next turn afresh
    played = keep_tree_game("scrubbudgetel", 8, iterations=60)
    assert played[0][1] == 0
    within_turn = [reused for (seat, reused, chance, _), (before, *_rest) in zip(played[1:], played) if seat == before]
    assert len(within_turn) >= 4 and all(reused > 0 for reused in within_turn)
    assert all(reused == 0 for _seat, reused, chance, _move in played if chance)


@pytest.mark.slow
def test_a_tree_kept_across_a_roll_of_the_dice_is_not_used():
    keep = SimpleNamespace(LEVELS={"hard": {"keep_tree": True}})
    # a small budget is enough: any tree at all kept across a roll would be reused
    played = keep_tree_game("skyline_express", 40, heuristics=keep, iterations=120)
    assert sum(chance for _seat, _reused, chance, _move in played) >= 3
    assert all(reused == 0 for _seat, reused, chance, _move in played if chance)


def test_the_memory_holds_trees_of_the_game_in_play_only():
    from game import shelf
    memory = ai.SearchMemory()
    for game_id, players, seed in (("skurdir", 3, 1), ("scurry", 2, 1), ("scurry", 2, 2)):  # one game after another
        state = bench.mid_game_positions(shelf.GAMES[game_id], players, 1, seed=seed)[0]
        heuristics = shelf.heuristics_for(game_id)
        searched = set()
        for k in range(8):
            seat = state.to_move
            found = ai.choose_move(ai.SearchRequest(ai.seat_state(state, k), "hard", k, heuristics, iterations=30,
                                                    memory=memory))
            state.apply(found.move)
            if found.visits:
                searched.add(seat)
        assert {key[1] for key in memory._kept} == searched  # a tree for each seat that searched, of this game
    assert {key[0] for key in memory._kept} == {"ScurryState"}
    assert all(position.history == state.history[:len(position.history)] for position, _ in memory._kept.values())


def test_a_game_may_reward_finished_games_its_own_way():
    """final_rewards, when a game gives it, is the reward of every playout that
    reaches the end (here: the win/loss reward turned round)."""
    finished = []

    def final_rewards(state):
        finished.append(state.outcome.winners)
        return [1.0 - r for r in ai.outcome_rewards(state)]

    h = SimpleNamespace(final_rewards=final_rewards, LEVELS={"normal": {"iterations": 60, "rollout_depth": 50}})
    state = TTT.new_game(2, 0)
    ai.choose_move(ai.SearchRequest(state, "normal", 1, heuristics=h))
    assert finished  # playouts that reached the end were rewarded by the game's hook


def test_a_level_may_play_for_the_size_of_the_win():
    """margin_share: part of a finished playout's reward is the lead in points, so a
    bigger win beats a narrow one and a narrow loss a heavy one; a win still beats
    any loss, and the review's chance_only leaves the reward the win alone."""
    from game.engine.core import Outcome

    def finished(scores):
        winner = max(range(len(scores)), key=lambda s: scores[s])
        return SimpleNamespace(players=len(scores), outcome=Outcome(tuple(scores), (winner,), "scores"))

    rewards = ai.margin_rewards(ai.outcome_rewards, 0.5, 8.0)
    narrow, wide = rewards(finished([21, 20])), rewards(finished([40, 20]))
    assert wide[0] > narrow[0] > 0.5 > narrow[1] > wide[1]
    assert rewards(finished([20, 21, 40]))[1] > rewards(finished([20, 1, 40]))[1]  # against the best other seat
    assert ai.margin_rewards(ai.outcome_rewards, 0.0, 8.0)(finished([40, 20])) == [1.0, 0.0]

    # X can win at once (c1); with the whole reward the lead of 1 (scale 1), the win is worth 0.73, not 1
    h = SimpleNamespace(LEVELS={"normal": {"iterations": 60, "rollout_depth": 50, "margin_share": 1.0,
                                           "margin_scale": 1.0}})
    values = {}
    for chance_only in (False, True):
        state = TTT.new_game(2, 0)
        for cell in (0, 3, 1, 4):
            state.apply(Mark(cell))
        found = ai.choose_move(ai.SearchRequest(state, "normal", 1, h, chance_only=chance_only))
        assert str(found.move) == "c1"
        values[chance_only] = found.values["c1"]
    assert values == {False: pytest.approx(1 / (1 + math.exp(-1))), True: 1.0}


class _FaceDownPicks(State):
    """Rock, paper, scissors, the two picks laid face down one after the other:
    the second player does not see the first pick (unseen_choices), unless
    `secret` is off (then it is a game of perfect information)."""

    BEATS = {"r": "s", "p": "r", "s": "p"}

    def __init__(self, secret: bool):
        self.players, self.secret = 2, secret
        self.rng = random.Random(0)
        self.chosen = [None, None]
        self.to_move, self.outcome, self.history = 0, None, []

    def legal_moves(self):
        return [] if self.outcome else ["r", "p", "s"]

    def _apply(self, move):
        self.chosen[self.to_move] = move
        if self.to_move == 0:
            self.to_move = 1
            return
        a, b = self.chosen
        winners = (0, 1) if a == b else (0,) if self.BEATS[a] == b else (1,)
        self.outcome, self.to_move = Outcome((0, 0), winners, "shown"), None

    def unseen_choices(self):
        return self.secret and self.chosen[0] is not None

    def determinize(self, seat, rng):
        d = self.clone()
        if seat == 1 and d.chosen[0] is not None and self.secret:
            d.chosen[0] = rng.choice("rps")
        return d

    def scores(self):
        return [0, 0]


def test_a_later_secret_choice_is_not_made_knowing_the_earlier_one():
    """Simultaneous choices made one after another: the search must not let the
    second player answer a card it cannot see. With the picks face down every
    first pick is an even game (worth about a half); with them face up, the
    second player answers each and the first pick is lost whatever it is."""
    for secret, low, high in ((True, 0.3, 0.7), (False, 0.0, 0.15)):
        found = ai.choose_move(ai.SearchRequest(_FaceDownPicks(secret), "hard", 3, iterations=1500))
        assert all(low <= v <= high for v in found.values.values()), (secret, found.values)

"""The five games as OpenSpiel games (game/openspiel.py) and the arena's outside
player on them. OpenSpiel is optional (pip install ".[research]"): without it these
tests are skipped; test_arena.py checks the arena's message then."""
from __future__ import annotations

import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

from game import shelf  # noqa: E402
from game import openspiel as gos  # noqa: E402
from game.engine.core import Dice, Pick  # noqa: E402


@pytest.mark.parametrize("game_id, players", [(g, 2) for g in sorted(shelf.GAMES)] + [("skyline_express", 1)])
def test_openspiel_s_own_api_checks_pass(game_id, players):
    """pyspiel.random_sim_test: legal actions, chance odds, clones, returns, strings,
    whole random games from new_initial_state to the end."""
    game = gos.load(game_id, players, seed=3)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert pyspiel.load_game(f"game_shelf_{game_id}(players={players},seed=3)").num_players() == players


def _to_chance(state, rng):
    """Random moves until one waits for chance; returns the engine state before it."""
    while not state.is_chance_node():
        before = state.engine.clone()
        state.apply_action(rng.choice(state.legal_actions()))
    return before


def test_a_roll_is_one_chance_node_per_die_with_the_engine_s_result():
    rng = random.Random(2)
    state = gos.load("skyline_express", 2, seed=5).new_initial_state()
    before = _to_chance(state, rng)
    move = before.legal_moves()[state.history()[-1]]
    assert isinstance(before.next_chance(move), Dice)
    faces = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(6)) and all(p == pytest.approx(1 / 6) for _, p in outcomes)
        faces.append(rng.randrange(6))
        state.apply_action(faces[-1])
    expected = before.clone()
    expected.apply_with_chance(move, [tuple(f + 1 for f in faces)])
    got, want = state.engine.to_json(), expected.to_json()
    got.pop("rng"), want.pop("rng")
    assert got == want


def test_a_draw_from_the_bag_lists_each_marker_once_with_its_odds():
    rng = random.Random(4)
    state = gos.load("scrubbudgetel", 2, seed=4).new_initial_state()
    for _ in range(400):
        if state.is_chance_node() and isinstance(state._held.waiting.point, Pick):
            bag = Counter(state._held.waiting.point.items)
            odds = {state.action_to_string(a).split(" ", 1)[1]: p for a, p in state.chance_outcomes()}
            assert sum(odds.values()) == pytest.approx(1.0) and len(odds) == len(bag)
            assert all(odds[str(code)] == pytest.approx(n / sum(bag.values())) for code, n in bag.items())
            return
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no draw from the bag met")


def test_skyrunner_resamples_only_what_the_player_cannot_see():
    rng = random.Random(1)
    state = gos.load("skyrunner", 3, seed=1).new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 60:
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, odds)[0])
            continue
        player = state.current_player()
        sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert [sample.action_to_string(a) for a in sample.legal_actions()] == \
            [state.action_to_string(a) for a in state.legal_actions()]
        others = [p for p in range(3) if p != player]
        if any(sample.engine.hand[p] != state.engine.hand[p] for p in others):
            checked += 1  # the others' hands were drawn afresh
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10


@pytest.mark.parametrize("game_id", ["skyline_express", "skyrunner"])
def test_the_outside_player_plays_a_game_in_the_arena(game_id):
    """OpenSpiel's MCTS (ISMCTS where cards are hidden) plays whole games against
    random, each decision for its given time, on the seat's own view."""
    from game import bench

    out = bench.arena(game_id, "openspiel@0.01s", "random", 1, workers=1, log=None)
    timing = out["timing"]["openspiel@0.01s"]
    assert out["games"] == 1 and timing["decisions"] > 5 and timing["max_s"] < 1.0

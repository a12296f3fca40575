"""Chance points: the rules say where chance decides, with what odds, and the
search builds chance nodes there (and keeps its tree across a roll)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine import ai
from game.engine.core import Dice, Pick, Shuffle
from game.games.scrubbudgetel.rules import SPEC as SCRUB
from game.games.skyline_express import heuristics as skyline_ai
from game.games.skyline_express.rules import SPEC as SKYLINE
from game.games.skyrunner.rules import SPEC as SKYRUNNER


def _first_chance(state, rng, moves_at_most=400):
    """Play random moves until one of the legal moves reaches a chance point:
    (state, that move, its chance point)."""
    for _ in range(moves_at_most):
        for move in state.legal_moves():
            point = state.next_chance(move)
            if point is not None:
                return state, move, point
        state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no chance point met")


def _odds_by_key(point) -> dict:
    odds = Counter()
    for outcome, p in point.outcomes():
        odds[point.key(outcome)] += p
    return odds


def test_a_skyline_roll_is_a_chance_point_with_fair_dice():
    state, move, point = _first_chance(SKYLINE.new_game(1, 3), random.Random(1))
    assert isinstance(point, Dice) and point.observed
    outcomes = point.outcomes()
    assert len(outcomes) == 6 ** point.count
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(p == pytest.approx(6.0 ** -point.count) for _, p in outcomes)
    before = state.to_json()
    assert state.next_chance(move) == point and state.to_json() == before  # asking changed nothing
    # The rules draw exactly what the point samples from the state's generator:
    # the move played as usual, and played with that outcome given, end the same.
    drawn = point.sample(state.rng_copy())
    played, given = state.clone(), state.clone()
    played.apply(move)
    given.apply_with_chance(move, [drawn])
    assert _without_rng(played) == _without_rng(given)
    six = state.clone()
    six.apply_with_chance(move, [(6,) * point.count])
    assert _without_rng(six) != _without_rng(played) or drawn == (6,) * point.count
    assert six.chance_source is None  # the source was taken away again
    six.apply(six.legal_moves()[0])  # and the game goes on from there


def _without_rng(state) -> dict:
    position = state.to_json()
    position.pop("rng")
    return position


def test_a_marker_drawn_from_the_bag_has_the_bag_s_odds():
    rng = random.Random(4)
    state = SCRUB.new_game(2, 4)
    for _ in range(300):
        for move in state.legal_moves():
            point = state.next_chance(move)
            if point is None:
                continue
            assert isinstance(point, Dice) and point.count == 1  # a turn starts or a draw begins with a die
            # After the die, the markers come from the bag one by one.
            draw = state.next_chance(move, [(6,)])
            if isinstance(draw, Pick):
                bag = Counter(state.bag)
                odds = _odds_by_key(draw)
                assert sum(odds.values()) == pytest.approx(1.0)
                assert odds == {code: pytest.approx(n / len(state.bag)) for code, n in bag.items()}
                return
        state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no draw from the bag met")


def test_a_reshuffle_is_unseen_and_a_fair_permutation():
    point = Shuffle(tuple("abcd"))
    outcomes = point.outcomes()
    assert not point.observed and len(outcomes) == 24
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert sorted(point.sample(random.Random(0))) == list("abcd")
    assert Shuffle(tuple(range(20))).outcomes() is None  # too many to list: sample instead
    # SkyRunner's deck is dealt through it: the same seed, the same order as a plain shuffle.
    deck = SKYRUNNER.new_game(2, 9).main
    assert sorted(deck) == sorted(Shuffle(tuple(deck)).sample(random.Random(0)))


def _search(state, seed, memory, iterations=150):
    return ai.choose_move(ai.SearchRequest(ai.seat_state(state, seed), "hard", seed,
                                            ai.search_heuristics(skyline_ai), iterations=iterations, memory=memory))


def _solo_before_a_reroll():
    """A solo Skyline position whose next move ends the person's turn: the automaton
    then takes a die and the two dice left are rolled again."""
    state = SKYLINE.new_game(1, 3)
    state.apply(SKYLINE.parse_move(state, "d Y"))
    return state


def test_the_search_makes_chance_nodes_that_average_over_the_roll():
    state = _solo_before_a_reroll()
    memory = ai.SearchMemory()
    _search(state, 1, memory)
    root = memory.recall(ai.seat_state(state, 1), "hard")
    assert root is not None and root.children
    rolling = [move for move in root.children if state.next_chance(move) is not None]
    assert rolling
    for move in rolling:
        child = root.children[move]
        chance = {key: node for key, node in child.children.items() if key[0] == "chance"}
        assert chance, f"{move}: no chance node below a move that rolls"
        # Every outcome child is a roll of the two dice left, drawn with the dice's odds:
        # its visits add up to the move's (less the one visit that made the move's node).
        assert all(len(node.move) == 2 and set(node.move) <= set(range(1, 7)) for node in chance.values())
        assert sum(node.visits for node in chance.values()) == child.visits


def _first_roll(state, move):
    """The first outcome chance gives when the game really plays `move` here."""
    real, rolled = state.clone(), []
    real.chance_source = lambda point: rolled.append(point.sample(real.rng)) or rolled[-1]
    real.apply(move)
    return rolled[0]


def test_a_search_that_sees_chance_knows_the_roll_to_come_and_no_other():
    """The bench's ceiling player ("hard+sight") searches the real position with its own
    generator: below every move that rolls, its tree holds one outcome, the roll the
    game then really makes. Searched from the seat's view, the same move meets several."""
    state = _solo_before_a_reroll()
    for sees_chance, outcomes_at_most in ((True, 1), (False, 36)):
        memory = ai.SearchMemory()
        seen = state.clone() if sees_chance else ai.seat_state(state, 1)
        ai.choose_move(ai.SearchRequest(seen, "hard", 1, ai.search_heuristics(skyline_ai), iterations=150,
                                        memory=memory, sees_chance=sees_chance))
        root = memory.recall(seen, "hard")
        rolling = [move for move in root.children if state.next_chance(move) is not None]
        assert rolling
        for move in rolling:
            rolls = [node.move for key, node in root.children[move].children.items() if key[0] == "chance"]
            assert 1 <= len(rolls) <= outcomes_at_most
            if sees_chance:
                assert rolls == [_first_roll(state, move)]
        if not sees_chance:
            assert any(len(root.children[move].children) > 1 for move in rolling)


@pytest.mark.slow
def test_the_kept_tree_survives_a_roll():
    state = _solo_before_a_reroll()
    memory = ai.SearchMemory()
    move = _search(state, 1, memory, iterations=300).move
    rolls = state.rolls
    state.apply(move)
    assert state.rolls == rolls + 1 and state.to_move == 0  # the dice were rolled again since
    assert _search(state, 2, memory).reused > 0


@pytest.mark.parametrize("count,sides", [(1, 6), (4, 6), (2, 3), (3, 20)])
def test_dice_draw_from_the_generator_exactly_what_randint_draws(count, sides):
    """Dice.sample skips randint's checks (rolls are frequent): the values and the
    generator's state after them must be randint's, or a saved game would replay otherwise."""
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert Dice(count, sides).sample(ours) == tuple(theirs.randint(1, sides) for _ in range(count))
        assert ours.getstate() == theirs.getstate()

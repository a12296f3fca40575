"""Every game on the shelf against the engine contract (design.md, "The engine contract").

Each test walks random games of every registered game at every player count,
once with the default options and once with options drawn at random, and
checks one promise of the contract along the way. The shared kit in
../shared/conformance checks the same contract from outside the repo; these
are the project's own checks, and they also cover non-default options, saves
and the random generator's state in to_json.
"""
from __future__ import annotations

import io
import json
import os
import pickle
import random
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from game.engine.core import IllegalMove
from game.engine.match import Match, Seat
from game.shelf import GAMES

ROOT = Path(__file__).resolve().parent.parent
MOVE_LIMIT = 5000  # a random game still going after this many moves has stalled
PROBE_LIMIT = 400  # the steps of a long game (Scurry) at which the costlier checks look


def cases():
    return [pytest.param(spec, players, id=f"{spec.id}-{players}p")
            for spec in GAMES.values()
            for players in range(spec.min_players, spec.max_players + 1)]


def walks(spec, players):
    """(seed, options) of the games a test walks: the defaults, then every option at random."""
    drawn = random.Random(f"{spec.id}/{players}")
    return [(1, spec.default_options()),
            (2, {o.key: drawn.choice(o.choices) for o in spec.options})]


def random_game(spec, players, seed, options, probe=None):
    """Play random legal moves until the game ends; `probe(state, step)` looks at
    the state before each move (the first PROBE_LIMIT of them). Returns the final
    state and the moves in notation."""
    chooser = random.Random(seed * 1009 + players)
    state = spec.new_game(players, seed, dict(options))
    notations = []
    for step in range(MOVE_LIMIT):
        if state.is_over:
            return state, notations
        if probe is not None and step < PROBE_LIMIT:
            probe(state, step)
        moves = state.legal_moves()
        assert moves, f"not over, yet no legal move (step {step})"
        move = chooser.choice(moves)
        notations.append(str(move))
        state.apply(move)
    pytest.fail(f"{spec.id} ({players} players, seed {seed}) did not end within {MOVE_LIMIT} random moves")


def frozen(state) -> str:
    """The whole state as one string to compare across processes (keys sorted: a
    process with another hash seed may build its dicts in another order)."""
    return json.dumps(state.to_json(), sort_keys=True)


def snapshot(state) -> bytes:
    """The whole state, to compare within this process: pickled, which tells 1, 1.0
    and True apart as JSON does and takes a quarter of its time (these tests take
    thousands). Key order counts too: the same steps build the same order here."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: equal values pickle alike whether or not they are one object
    pickler.dump(state.to_json())
    return out.getvalue()


def some(moves, limit, seed):
    return moves if len(moves) <= limit else random.Random(seed).sample(moves, limit)


# ---- the tests --------------------------------------------------------------
@pytest.mark.parametrize("spec,players", cases())
def test_random_games_end_with_an_outcome_that_fits_the_table(spec, players):
    for seed, options in walks(spec, players):
        state, notations = random_game(spec, players, seed, options)
        out = state.outcome
        assert state.is_over and state.to_move is None and state.legal_moves() == []
        assert len(out.scores) == players and all(isinstance(s, int) for s in out.scores)
        assert set(out.winners) <= set(range(players))
        assert out.winners or players == 1, "a game between several players names a winner"
        assert isinstance(out.reason, str) and out.reason.strip()
        assert len(state.scores()) == players
        assert [str(m) for m in state.history] == notations
        # nothing more can be played once it is over
        last = spec.new_game(players, seed, dict(options)).legal_moves()[0]
        assert state.check(last)
        with pytest.raises(IllegalMove):
            state.apply(last)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_view_has_the_keys_its_typed_dict_declares(game_id):
    """Each game declares what view(seat) holds as a TypedDict beside its rules (the return
    annotation its board screen reads by); the keys given are the keys declared, from the
    first position to the last, for every seat."""
    spec = GAMES[game_id]
    state = spec.new_game(spec.max_players, 3, spec.default_options())
    declared = typing.get_type_hints(type(state).view)["return"]
    assert typing.is_typeddict(declared), f"{game_id}: view(seat) -> {declared!r}, not a TypedDict"
    keys = declared.__required_keys__ | declared.__optional_keys__

    def probe(position, step):
        if step % 10 == 0:
            for seat in range(position.players):
                assert set(position.view(seat)) == keys, (step, seat)

    final, _ = random_game(spec, spec.max_players, 3, spec.default_options(), probe)
    assert set(final.view(0)) == keys


@pytest.mark.parametrize("spec,players", cases())
def test_legal_moves_round_trip_through_notation_and_click_paths(spec, players):
    def probe(state, step):
        assert 0 <= state.to_move < players
        moves = state.legal_moves()
        assert moves == state.legal_moves(), "legal_moves gives the same list twice in a row"
        assert len({str(m) for m in moves}) == len(moves), "two legal moves share one notation"
        paths = {}
        for m in moves:
            hash(m)
            targets = m.targets
            assert isinstance(targets, tuple) and targets, f"{m}: no click path"
            for target in targets:
                assert isinstance(target, tuple) and target, f"{m}: target {target!r} is not a tuple"
                hash(target)
            assert targets not in paths, f"{paths.get(targets)} and {m} have the same click path"
            paths[targets] = m
        for m in some(moves, 25, step):
            assert state.check(m) is None, f"check refuses the legal move {m}"
            assert spec.parse_move(state, str(m)) == m, f"{m} does not survive its notation"

    for seed, options in walks(spec, players):
        random_game(spec, players, seed, options, probe)


@pytest.mark.slow
@pytest.mark.parametrize("spec,players", cases())
def test_stale_moves_are_refused_and_leave_the_state_alone(spec, players):
    tried = 0
    earlier: list = []

    def probe(state, step):
        nonlocal tried
        legal = state.legal_moves()
        now = set(legal)
        stale = some([m for m in earlier if m not in now], 3, step)
        if stale:
            before, moves_before = snapshot(state), [str(x) for x in legal]
        for m in stale:
            reason = state.check(m)
            assert isinstance(reason, str) and reason.strip(), f"no reason given for refusing {m}"
            with pytest.raises(IllegalMove) as refused:
                state.apply(m)
            assert refused.value.reason
            assert snapshot(state) == before, f"refusing {m} changed the state"
            assert [str(x) for x in state.legal_moves()] == moves_before
            tried += 1
        earlier[:] = (earlier + legal)[-60:]

    for seed, options in walks(spec, players):
        random_game(spec, players, seed, options, probe)
    assert tried, "no move that was legal earlier was tried again later"


@pytest.mark.parametrize("spec,players", cases())
def test_seed_options_and_notations_replay_the_same_game(spec, players):
    for seed, options in walks(spec, players):
        state, notations = random_game(spec, players, seed, options)
        again = spec.new_game(players, seed, dict(options))
        for text in notations:
            again.apply(spec.parse_move(again, text))
        assert snapshot(again) == snapshot(state)


REPLAYER = """
import json, sys
from game.shelf import GAMES
out = []
for game, players, seed, options, notations in json.load(sys.stdin):
    spec = GAMES[game]
    state = spec.new_game(players, seed, options)
    for text in notations:
        state.apply(spec.parse_move(state, text))
    out.append(json.dumps(state.to_json(), sort_keys=True))
print(json.dumps(out))
"""


@pytest.mark.slow
def test_a_game_replays_the_same_in_other_processes_with_other_hash_seeds():
    """Saves are replayed in later processes, where strings hash differently."""
    games, expected = [], []
    for param in cases():
        spec, players = param.values
        for seed, options in walks(spec, players):
            state, notations = random_game(spec, players, seed, options)
            games.append((spec.id, players, seed, options, notations))
            expected.append(frozen(state))
    for hash_seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-c", REPLAYER], input=json.dumps(games), capture_output=True,
                              text=True, env=env, cwd=ROOT, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        replayed = json.loads(done.stdout)
        for (game, players, seed, _o, _n), mine, theirs in zip(games, expected, replayed):
            assert theirs == mine, f"{game} ({players} players, seed {seed}) differs with PYTHONHASHSEED={hash_seed}"


@pytest.mark.slow
@pytest.mark.parametrize("spec,players", cases())
def test_clones_are_independent_and_views_are_json(spec, players):
    def probe(state, step):
        if step % 3:
            return
        for seat in range(players):
            json.dumps(state.view(seat), allow_nan=False)
        before = snapshot(state)
        twin = state.clone()
        assert snapshot(twin) == before
        twin.apply(twin.legal_moves()[-1])
        assert snapshot(state) == before, "playing on a clone changed the original"
        original = state.clone()
        other = original.clone()
        original.apply(original.legal_moves()[0])
        assert snapshot(other) == before, "playing on the original changed its clone"

    for seed, options in walks(spec, players):
        state, _ = random_game(spec, players, seed, options, probe)
        for seat in range(players):
            json.dumps(state.view(seat), allow_nan=False)


@pytest.mark.slow
@pytest.mark.parametrize("spec,players", cases())
def test_determinize_keeps_what_the_seat_sees_and_may_do(spec, players):
    sampler = random.Random(7)

    def probe(state, step):
        if step % 2:
            return
        before = snapshot(state)
        for seat in range(players):
            guess = state.determinize(seat, sampler)
            assert snapshot(state) == before, "determinize changed the state it was asked about"
            assert json.dumps(guess.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True), (
                f"determinize changed what seat {seat} sees")
            assert guess.to_move == state.to_move
            if seat == state.to_move:
                assert [str(m) for m in guess.legal_moves()] == [str(m) for m in state.legal_moves()]
                guess.apply(guess.legal_moves()[0])  # and the guess can be played on
                assert snapshot(state) == before

    for seed, options in walks(spec, players):
        random_game(spec, players, seed, options, probe)


@pytest.mark.slow
@pytest.mark.parametrize("spec,players", cases())
def test_a_match_survives_a_save_and_a_load(spec, players):
    seed, options = walks(spec, players)[1]
    _final, notations = random_game(spec, players, seed, options)
    seats = [Seat(f"P{i + 1}", i, "human" if i % 2 == 0 else "computer", "easy") for i in range(players)]
    for stop in (len(notations) // 2, len(notations)):
        match = Match(spec, seats, seed, options)
        for text in notations[:stop]:
            match.play(spec.parse_move(match.state, text))
        loaded = Match.from_save(json.loads(json.dumps(match.to_save())), GAMES)
        assert snapshot(loaded.state) == snapshot(match.state)
        assert loaded.seats == match.seats and loaded.options == match.options and loaded.seed == seed
        assert loaded.played == match.played  # who made each move, and the undo barriers
        assert loaded.state.is_over == (stop == len(notations))


def holds(data, value) -> bool:
    """True if `value` is somewhere inside the JSON `data`."""
    if data == value:
        return True
    if isinstance(data, dict):
        return any(holds(v, value) for v in data.values())
    if isinstance(data, list):
        return any(holds(v, value) for v in data)
    return False


@pytest.mark.parametrize("spec,players", cases())
def test_to_json_carries_the_random_generator(spec, players):
    """Two states that will roll differently must not look the same."""
    state, _ = random_game(spec, players, 3, spec.default_options())
    for seen in (spec.new_game(players, 3, spec.default_options()), state):
        assert holds(json.loads(json.dumps(seen.to_json())), seen.rng_json())
        twin = seen.clone()
        assert snapshot(twin) == snapshot(seen)
        twin.rng.random()  # only the generator moves on
        assert snapshot(twin) != snapshot(seen)
        twin.rng = random.Random(12345)
        assert snapshot(twin) != snapshot(seen)

"""Scurry rules: built positions for every rule, plus property tests over random games.

Board names used below (standard board, size 6): rows a (top) to k (bottom),
places counted from the left. The middle row is f1..f11 with f6 the centre.
Axial (q, r): f6 = (0, 0), f7 = (1, 0), e5 = (0, -1), g5 = (-1, 1), g6 = (0, 1).
The three grid lines through f6 are row f, the line a1-b2-c3-d4-e5-f6-g6-..-k6
and the line a6-b6-c6-d6-e6-f6-g5-h4-i3-j2-k1.
"""
from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.core import IllegalMove
from game.games.scurry import rules
from game.games.scurry.words import WORDS
from game.games.scurry.rules import (
    SIDE_NAMES,
    SPEC,
    SQUIRREL,
    DRAW_LIMIT,
    TILES_LIMIT,
    TOTAL_TILES,
    ScurryMove,
    ScurryState,
)
from game.games.scurry.geometry import board_geometry

B, G = 0, 1


def position(tiles: dict, squirrels=("f6", "g5"), **kw) -> ScurryState:
    """A position at the start of a turn (leadoff next). `tiles`: name -> owner."""
    return ScurryState.from_position(tiles, squirrels, **kw)


def play(state: ScurryState, *notations: str) -> ScurryState:
    for text in notations:
        state.apply(SPEC.parse_move(state, text))
    return state


def legal(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def idx(name: str, size: int = 6) -> int:
    return board_geometry(size)["names"].index(name)


# A two-step position: Brown's squirrel at f6 sees the grey tile f8 across the
# empty f7, and from f8 it sees the grey tile f10. The brown tile e5 hides the grey
# tile d4; Grey's squirrel at g5 hides the grey tile h4. k1 is a brown tile far away.
SIGHT = {"f8": G, "f10": G, "e5": B, "d4": G, "h4": G, "k1": B}


# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("size,count", [(5, 61), (6, 91), (7, 127)])
def test_board_sizes_and_neighbours(size, count):
    geo = board_geometry(size)
    assert len(geo["vertices"]) == count == 3 * size * (size - 1) + 1
    assert len(set(geo["names"])) == count
    assert len(geo["lines"]) == 3 * (2 * size - 1)
    n = size - 1
    degrees = {}
    for (q, r), nb in zip(geo["vertices"], geo["neighbours"]):
        ring = max(abs(q), abs(r), abs(q + r))
        if ring < n:
            assert len(nb) == 6  # every inner vertex has six neighbours
        degrees.setdefault(len(nb), 0)
        degrees[len(nb)] += 1
        for j in nb:  # neighbours are one unit apart on screen
            q2, r2 = geo["vertices"][j]
            x1, y1 = q + r / 2, r * math.sqrt(3) / 2
            x2, y2 = q2 + r2 / 2, r2 * math.sqrt(3) / 2
            assert math.isclose(math.hypot(x2 - x1, y2 - y1), 1.0)
    assert degrees[3] == 6  # the corners
    assert degrees[4] == 6 * (size - 2)  # the rest of the rim
    json.dumps(geo)


def test_vertex_names_read_row_by_row():
    geo = board_geometry(6)
    names = geo["names"]
    assert names[0] == "a1" and names[5] == "a6" and names[6] == "b1"
    assert names[-1] == "k6"
    assert geo["vertices"][names.index("f6")] == [0, 0]
    assert geo["vertices"][names.index("f1")] == [-5, 0]
    assert [n for n in names if n.startswith("f")] == [f"f{i}" for i in range(1, 12)]
    assert board_geometry(7)["names"][-1] == "m7"


# ---------------------------------------------------------------------------
# Options and set-up
# ---------------------------------------------------------------------------
def test_options_and_defaults():
    assert SPEC.title == "Scurry" and SPEC.min_players == SPEC.max_players == 2
    assert SPEC.hidden_information is False
    assert SIDE_NAMES == ("Brown", "Grey")
    assert SPEC.default_options() == {"size": 6, "tiles": 12, "random_setup": False, "long_games": "draw"}
    keys = {o.key: o for o in SPEC.options}
    assert keys["tiles"].choices == tuple(range(4, 16))
    assert keys["long_games"].choices == ("draw", "most_tiles")
    assert all(o.label and o.help for o in SPEC.options)
    with pytest.raises(ValueError):
        SPEC.new_game(2, 1, {"size": 8})
    with pytest.raises(ValueError):
        SPEC.new_game(3, 1)


def test_setup_alternates_brown_first_then_squirrels():
    s = SPEC.new_game(2, 7, {"tiles": 4})
    assert s.phase == "setup_tiles" and s.to_move == B and s.history == []
    assert len(s.legal_moves()) == 91 and all(m.kind == "setup_tile" for m in s.legal_moves())
    movers = []
    for name in ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2"]:
        movers.append(s.to_move)
        play(s, f"t {name}")
    assert movers == [B, G] * 4
    assert s.owner_at("a1") == B and s.owner_at("a2") == G and s.owner_at("b2") == G
    assert s.counts == [4, 4] and s.supply == TOTAL_TILES - 8
    assert s.phase == "setup_squirrels" and s.to_move == B
    assert legal(s)[0].startswith("s ") and len(s.legal_moves()) == 91 - 8
    assert s.check(SPEC.parse_move(s, "t f6")) == (
        "All set-up tiles are down: place your squirrel on an empty vertex."
    )
    play(s, "s f6")
    assert s.to_move == G and s.phase == "setup_squirrels"
    assert s.check(SPEC.parse_move(s, "s f6")) == "That vertex is taken: a squirrel stands there."
    play(s, "s k6")
    assert s.phase == "leadoff" and s.to_move == B and s.turn == 1
    assert s.squirrels == [idx("f6"), idx("k6")]


def test_setup_refuses_squirrels_early_and_taken_vertices():
    s = SPEC.new_game(2, 7)
    play(s, "t f6")
    before = snapshot(s)
    assert s.check(SPEC.parse_move(s, "t f6")) == "That vertex is taken: a tile lies there."
    assert s.check(SPEC.parse_move(s, "s f7")) == "Squirrels are placed once all set-up tiles are down."
    assert s.check(SPEC.parse_move(s, "p f7")) == "Set-up comes first: place one of your tiles on an empty vertex."
    with pytest.raises(IllegalMove):
        s.apply(SPEC.parse_move(s, "t f6"))
    assert snapshot(s) == before


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_setup_records_nothing_and_is_deterministic(seed):
    opts = {"random_setup": True, "tiles": 9}
    s = SPEC.new_game(2, seed, opts)
    assert s.history == []
    assert s.phase == "leadoff" and s.to_move == B and s.turn == 1
    assert s.counts == [9, 9] and s.placed == [9, 9] and s.supply == TOTAL_TILES - 18
    assert s.squirrels[0] != s.squirrels[1]
    assert all(s.board[v] == SQUIRREL for v in s.squirrels)
    assert s.legal_moves(), "random set-up never leaves Brown without a first turn"
    assert snapshot(SPEC.new_game(2, seed, opts)) == snapshot(s)
    other = SPEC.new_game(2, seed + 100, opts)
    assert other.board != s.board


# ---------------------------------------------------------------------------
# Line of sight and stepping
# ---------------------------------------------------------------------------
def test_line_of_sight_own_tile_other_squirrel_and_empty_vertices():
    s = position(SIGHT)
    assert s.sight_of(B) == [idx("f8")]  # across the empty f7; d4 and h4 are hidden
    assert legal(s)  # a leadoff placement is possible
    play(s, "p a1")
    assert s.phase == "move" and s.to_move == B
    assert legal(s) == ["m f8"]
    assert s.check(SPEC.parse_move(s, "m d4")) == (
        "Your squirrel cannot see that tile: your own tile at e5 blocks the line."
    )
    assert s.check(SPEC.parse_move(s, "m h4")) == "The other squirrel blocks that line."
    assert s.check(SPEC.parse_move(s, "m f10")) == (
        "Your squirrel cannot see that tile: the tile at f8 is in the way (squirrels never jump)."
    )
    assert s.check(SPEC.parse_move(s, "m e5")) == (
        "That tile is already yours: squirrels land only on the other player's tiles."
    )
    assert s.check(SPEC.parse_move(s, "m f7")) == (
        "There is no tile there: squirrels land only on the other player's tiles."
    )
    assert s.check(SPEC.parse_move(s, "m g5")) == "The other squirrel stands there."
    assert s.check(SPEC.parse_move(s, "m f6")) == \
        "Your squirrel is already there: it moves on to a tile of the other player's that it can see."
    # e7 = (2, -1) is on none of the three lines through f6 = (0, 0)
    off = play(position({**SIGHT, "e7": G}), "p a1")
    assert off.check(SPEC.parse_move(off, "m e7")) == "Squirrels move only along the three grid lines."
    assert off.explain_click((("vertex", idx("e7")),)) == "Squirrels move only along the three grid lines."


def test_a_step_flips_the_tile_and_the_start_vertex_opens():
    s = play(position(SIGHT), "p a1", "m f8")
    assert s.owner_at("f8") == B
    assert s.counts == [3, 4]  # e5 k1 f8 | f10 d4 h4 a1
    assert s.squirrels[B] == idx("f8")
    assert s.board[idx("f6")] == rules.EMPTY  # no tile where it started
    assert s.to_move == B and s.phase == "move" and s.path == [idx("f6"), idx("f8")]
    assert legal(s) == ["m f10"]
    assert WORDS.phase(s) == "Brown: move the squirrel (1 more at least)"


def test_turn_end_removes_last_tile_and_squirrel_stays():
    s = play(position(SIGHT), "p a1", "m f8")
    supply = s.supply
    play(s, "m f10")  # nothing in sight from f10: the turn ends
    assert s.owner_at("f10") is None
    assert s.squirrels[B] == idx("f10") and s.board[idx("f10")] == SQUIRREL
    assert s.last_removed == idx("f10")
    assert s.supply == supply + 1
    assert s.counts == [3, 3]  # e5 k1 f8 | d4 h4 a1
    assert s.to_move == G and s.phase == "leadoff" and s.turn == 2
    assert not s.is_over
    assert sum(s.counts) == 6  # one placed, one removed: as many tiles as before the turn
    view = s.view(G)
    assert view["last_removed"] == idx("f10") and view["path"] == []


def test_the_other_squirrel_leaves_its_vertex_open_for_lines_after_it_moves():
    # After Brown's squirrel has left f6, the vertex no longer blocks anyone.
    s = play(position(SIGHT), "p a1", "m f8")
    assert s.board[idx("f6")] == rules.EMPTY


def test_forced_continuation_after_two_moves():
    # From f10 the squirrel also sees the grey a5 up the line e9-d8-c7-b6-a5.
    s = play(position({**SIGHT, "a5": G}), "p k6", "m f8", "m f10")
    assert not s.is_over and s.to_move == B and s.phase == "move" and s.steps() == 2
    assert legal(s) == ["m a5"]
    assert WORDS.phase(s).startswith("Brown: move the squirrel (on while")
    assert s.check(SPEC.parse_move(s, "p a2")) == (
        "You have already placed your leadoff tile this turn: move your squirrel."
    )
    play(s, "m a5")
    assert s.to_move == G and s.owner_at("a5") is None and s.squirrels[B] == idx("a5")


def test_a_path_may_stop_at_two_moves_when_another_goes_further():
    # From f8 both f10 (a dead end) and a grey tile at j4 (leading on to k3) are in sight.
    s = play(position({**SIGHT, "j4": G, "k3": G}), "p a1", "m f8")
    assert legal(s) == ["m f10", "m j4"]
    short = play(s.clone(), "m f10")
    assert short.to_move == G  # the turn ended after two moves
    long = play(s.clone(), "m j4")
    assert long.to_move == B and "m k3" in legal(long)


def test_first_step_must_leave_a_second_step():
    # The leadoff tile at k6 is in sight of f6 (down the line g6-h6-i6-j6-k6),
    # but from k6 nothing grey can be seen: stepping there would end with one move.
    s = play(position(SIGHT), "p k6")
    assert s.sight_of(B) == [idx("f8"), idx("k6")]
    assert legal(s) == ["m f8"]
    assert s.check(SPEC.parse_move(s, "m k6")) == (
        "From there your squirrel could not move again, and a turn needs at least two moves."
    )


def test_leadoff_must_make_two_moves_possible():
    # Brown sees only f8, and f8 sees nothing: no two-step path without help.
    s = position({"f8": G, "e5": B, "k1": B}, squirrels=("f6", "g5"))
    moves = legal(s)
    assert moves and all(m.startswith("p ") for m in moves)
    # f10 (seen from f8) and f7 (between f6 and f8, a stepping stone) help; a1 does not.
    assert "p f10" in moves and "p f7" in moves and "p a1" not in moves
    assert s.check(SPEC.parse_move(s, "p a1")) == "A tile there would leave your squirrel fewer than two moves."
    assert s.check(SPEC.parse_move(s, "p f8")) == "That vertex is taken: a tile lies there."
    assert s.check(SPEC.parse_move(s, "p g5")) == "That vertex is taken: a squirrel stands there."
    assert s.check(SPEC.parse_move(s, "m f8")) == "Place your leadoff tile first."
    assert s.explain_click((("vertex", idx("a1")),)) == (
        "A tile there would leave your squirrel fewer than two moves."
    )
    assert s.explain_click((("button", "pass"),)) == "Click a vertex of the board."


def test_every_empty_vertex_is_a_legal_leadoff_when_two_moves_exist():
    s = position(SIGHT)
    empties = [i for i, c in enumerate(s.board) if c == rules.EMPTY]
    assert [m.vertex for m in s.legal_moves()] == empties


def test_leadoff_tile_can_be_a_stepping_stone_and_owning_all_wins():
    # Grey owns only f8 and f10; the leadoff at f9 joins them in one row.
    s = play(position({"f8": G, "f10": G, "k1": B}), "p f9", "m f8", "m f9", "m f10")
    assert s.is_over and s.to_move is None and s.legal_moves() == []
    assert s.outcome.winners == (B,)
    assert s.outcome.reason == "Brown owns every tile on the board: Brown wins."
    assert s.outcome.scores == (3, 0)  # k1 f8 f9; f10 was removed
    assert WORDS.phase(s) == s.outcome.reason
    assert s.check(SPEC.parse_move(s, "p a1")) == "The game is over."


def test_opponent_unable_to_move_twice_loses_when_the_turn_ends():
    # Grey's squirrel sits in the corner a1 walled in by its own tiles a2, b1, b2.
    walled = {"a2": G, "b1": G, "b2": G}
    s = position({**SIGHT, **walled}, squirrels=("f6", "a1"))
    assert not s.is_over
    play(s, "p k6", "m f8", "m f10")
    assert s.is_over
    assert s.outcome.winners == (B,)
    assert s.outcome.reason == "Grey cannot make two moves: Brown wins."
    assert s.outcome.scores == tuple(s.scores())


def test_trapped_behind_own_tiles_loses_at_the_start_of_the_turn():
    # Brown's own tiles on all six sides of f6: no line of sight, no useful leadoff.
    ring = {n: B for n in ("f5", "f7", "e5", "e6", "g5", "g6")}
    s = position({**ring, "a1": G, "a3": G}, squirrels=("f6", "k6"))
    assert s.is_over and s.outcome.winners == (G,)
    assert s.outcome.reason == "Brown cannot make two moves: Grey wins."
    assert s.legal_moves() == []


def test_the_turn_limit_is_a_draw_by_default_whatever_the_tiles():
    """The rulebook names only two ways to win and no limit: "The game is won, at the
    end of a turn, if all acorn tiles are owned by the moving player. [...] A player can
    also win if their opponent is unable to move to at least two tiles on their turn."
    So the limit that stops an endless game decides nothing: it is a draw (ruling 9)."""
    assert DRAW_LIMIT > 1299  # longer than any random game measured, on any board size
    ahead = play(position({**SIGHT, "k2": B}, turn=DRAW_LIMIT), "p a1", "m f8", "m f10")
    assert ahead.is_over and ahead.outcome.winners == (B, G)
    assert ahead.outcome.scores == (4, 3)
    assert ahead.outcome.reason == "The 1,500-turn limit is reached: the game is a draw."
    assert not play(position(SIGHT, turn=DRAW_LIMIT - 1), "p a1", "m f8", "m f10").is_over
    # the old limit of 200 turns no longer stops anything
    assert not play(position({**SIGHT, "k2": B}, turn=TILES_LIMIT), "p a1", "m f8", "m f10").is_over


def test_a_win_on_the_last_turn_still_counts_before_the_draw():
    """"A player also wins if their opponent is unable to move at least twice." """
    walled = {"a2": G, "b1": G, "b2": G}
    s = play(position({**SIGHT, **walled}, squirrels=("f6", "a1"), turn=DRAW_LIMIT), "p k6", "m f8", "m f10")
    assert s.outcome.winners == (B,)
    assert s.outcome.reason == "Grey cannot make two moves: Brown wins."


def test_option_most_tiles_keeps_the_old_limit_more_tiles_wins_and_a_tie_shares_the_win():
    opt = {"long_games": "most_tiles"}
    tie = play(position(SIGHT, turn=TILES_LIMIT, **opt), "p a1", "m f8", "m f10")
    assert tie.is_over and tie.outcome.winners == (B, G)
    assert tie.outcome.scores == (3, 3)
    assert tie.outcome.reason == "The 200-turn limit is reached with 3 tiles each: both players share the win."
    more = play(position({**SIGHT, "k2": B}, turn=TILES_LIMIT, **opt), "p a1", "m f8", "m f10")
    assert more.is_over and more.outcome.winners == (B,)
    assert more.outcome.reason == "The 200-turn limit is reached: Brown owns more tiles (4 to 3) and wins."
    early = play(position(SIGHT, turn=TILES_LIMIT - 1, **opt), "p a1", "m f8", "m f10")
    assert not early.is_over
    game = SPEC.new_game(2, 3, opt)
    assert game.turn_limit == TILES_LIMIT and game.view(G)["turn_limit"] == TILES_LIMIT
    assert game.to_json()["options"]["long_games"] == "most_tiles"
    assert game.clone().long_games == "most_tiles"


# ---------------------------------------------------------------------------
# Illegal moves, notation, labels, views
# ---------------------------------------------------------------------------
def test_illegal_moves_are_refused_and_change_nothing():
    s = play(position(SIGHT), "p a1")
    before = snapshot(s)
    for text, reason in [
        ("m d4", "Your squirrel cannot see that tile: your own tile at e5 blocks the line."),
        ("m h4", "The other squirrel blocks that line."),
        ("p a2", "You have already placed your leadoff tile this turn: move your squirrel."),
        ("t a2", "Set-up is over."),
    ]:
        move = SPEC.parse_move(s, text)
        assert s.check(move) == reason
        with pytest.raises(IllegalMove) as err:
            s.apply(move)
        assert err.value.reason == reason
        assert snapshot(s) == before
    wrong_seat = ScurryMove("step", idx("f8"), G, 6)
    assert s.check(wrong_seat) == "It is Brown's turn."
    assert s.check(ScurryMove("step", 500, B, 6)) == "There is no such vertex on this board."
    assert s.check(ScurryMove("step", idx("f8"), B, 7)) == "That move belongs to a board of another size."
    assert s.check("m f8") == "That is not a Scurry move."
    assert snapshot(s) == before


def test_notation_round_trip_and_parsing_illegal_and_gibberish():
    s = position(SIGHT)
    for m in s.legal_moves():
        assert SPEC.parse_move(s, str(m)) == m
        assert m.targets == (("vertex", m.vertex),)
    m = SPEC.parse_move(s, "  m d4 ")
    assert (m.kind, m.vertex, m.seat) == ("step", idx("d4"), B) and str(m) == "m d4"
    assert s.check(m) == "Place your leadoff tile first."
    for bad in ["", "hello", "x f6", "p", "p z9", "p f12", "p f6 f7", "pf6"]:
        with pytest.raises(IllegalMove):
            SPEC.parse_move(s, bad)
    assert str(ScurryMove("setup_tile", 0, B, 7)) == "t a1"
    assert hash(ScurryMove("setup_tile", 3, B, 6)) == hash(ScurryMove("setup_tile", 3, B, 6))


def test_no_two_legal_moves_share_a_click_or_notation():
    s = SPEC.new_game(2, 3, {"random_setup": True})
    rng = random.Random(3)
    while not s.is_over:
        moves = s.legal_moves()
        assert len({m.targets for m in moves}) == len(moves)
        assert len({str(m) for m in moves}) == len(moves)
        s.apply(rng.choice(moves))


def test_labels():
    s = SPEC.new_game(2, 1, {"tiles": 4})
    assert WORDS.phase(s) == "Brown: place a tile, brown side up (4 left)"
    play(s, "t a1")
    assert WORDS.phase(s) == "Grey: place a tile, grey side up (4 left)"
    p = position(SIGHT)
    assert WORDS.phase(p) == "Brown: place the leadoff tile (grey side up)"
    move = SPEC.parse_move(p, "p a1")
    assert WORDS.move(p, move) == "Brown places the leadoff tile at a1"
    play(p, "p a1")
    assert WORDS.phase(p) == "Brown: move the squirrel (2 more at least)"
    step = SPEC.parse_move(p, "m f8")
    p.apply(step)
    assert WORDS.move(p, step) == "Brown's squirrel to f8 (flips it)"  # the seat travels with the move
    assert WORDS.move(p, ScurryMove("setup_tile", 0, G, 6)) == "Grey places a tile at a1"
    assert WORDS.move(p, ScurryMove("setup_squirrel", 0, G, 6)) == "Grey places the squirrel at a1"
    assert WORDS.confirm(p, step) == WORDS.move(p, step)


def test_the_rules_give_facts_and_words_say_them():
    from game import shelf
    from game.engine.present import LogEntry

    assert shelf.words_for("scurry") is WORDS
    p = position(SIGHT)
    assert p.log_entry(SPEC.parse_move(p, "p a1")) == LogEntry(B, "leadoff", {"at": "a1"})
    assert p.log_entry(ScurryMove("step", idx("f8"), G, 6)) == LogEntry(G, "step", {"at": "f8"})
    # the rules keep no sentences of their own for the log, the panel or the prompt
    assert not [name for name in dir(ScurryState) if name.endswith("_label")]
    assert not [key for key in p.view(B) if key.endswith("_label")]
    won = play(position({"f8": G, "f10": G, "k1": B}), "p f9", "m f8", "m f9", "m f10")
    assert WORDS.phase(won) == WORDS.outcome(won) == "Brown owns every tile on the board: Brown wins."


def test_view_has_what_the_scene_needs():
    s = play(position(SIGHT), "p a1")
    v = s.view(G)
    json.dumps(v)
    assert v["size"] == 6 and len(v["vertices"]) == 91 and v["names"][0] == "a1"
    assert v["owner"][idx("f8")] == G and v["owner"][idx("f7")] is None
    assert v["tiles"][idx("e5")] == B
    assert v["squirrels"] == [idx("f6"), idx("g5")]
    assert v["phase"] == "move" and v["to_move"] == B
    assert v["path"] == [] and v["path_start"] == idx("f6") and v["steps"] == 0
    s.apply(SPEC.parse_move(s, "m f8"))
    assert s.view(B)["path"] == [idx("f8")] and s.view(B)["path_start"] == idx("f6")
    assert v["leadoff"] == idx("a1")
    assert v["sight"] == [idx("f8")]
    assert v["supply"] == s.supply and v["setup_left"] == [0, 0]
    assert v["turn"] == 1 and v["scores"] == [2, 5] and v["outcome"] is None
    assert v["turn_limit"] == DRAW_LIMIT and v["long_games"] == "draw"


def test_clone_is_independent_including_rng():
    s = SPEC.new_game(2, 5, {"random_setup": True})
    c = s.clone()
    assert snapshot(c) == snapshot(s)
    c.apply(c.legal_moves()[0])
    assert snapshot(c) != snapshot(s)
    assert s.history == [] and s.phase == "leadoff"
    assert c.rng.random() == s.rng.random()


# ---------------------------------------------------------------------------
# Whole games
# ---------------------------------------------------------------------------
def random_game(seed: int, options: dict | None = None, check=None) -> ScurryState:
    s = SPEC.new_game(2, seed, options)
    rng = random.Random(seed)
    for _ in range(20_000):
        if s.is_over:
            break
        if check:
            check(s)
        s.apply(rng.choice(s.legal_moves()))
    return s


def test_replay_from_seed_and_notations_is_identical_in_another_process():
    opts = {"random_setup": True, "size": 5, "tiles": 8}
    s = random_game(12, opts)
    notes = [str(m) for m in s.history]
    again = SPEC.new_game(2, 12, opts)
    play(again, *notes)
    assert snapshot(again) == snapshot(s)
    code = (
        "import json,sys\n"
        "from game.games.scurry.rules import SPEC\n"
        "s = SPEC.new_game(2, 12, json.loads(sys.argv[1]))\n"
        "for t in json.load(sys.stdin): s.apply(SPEC.parse_move(s, t))\n"
        "print(json.dumps(s.to_json(), sort_keys=True))\n"
    )
    import os

    env = dict(os.environ, PYTHONHASHSEED="999")
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(opts)],
        input=json.dumps(notes), capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == snapshot(s)


def _invariants(s: ScurryState) -> None:
    tiles = sum(1 for c in s.board if c in (0, 1))
    assert tiles + s.supply == TOTAL_TILES
    assert s.counts == [s.board.count(0), s.board.count(1)]
    assert s._free == [c == rules.EMPTY for c in s.board]  # kept with the board, not scanned for
    assert s.supply >= 0
    placed = [v for v in s.squirrels if v >= 0]
    assert len(set(placed)) == len(placed)  # never two squirrels on one vertex
    for seat, v in enumerate(s.squirrels):
        if v < 0:
            continue
        moving = s.phase == "move" and seat == s.to_move and s.steps() > 0
        # a squirrel stands on no tile, except the moving one on the tile it reached
        assert s.board[v] == (seat if moving else SQUIRREL)
    if s.phase == "leadoff":
        assert tiles == 2 * s.tiles_per_player
        assert s.path == [] and s.leadoff == -1
    if s.phase == "move":
        path = s.path
        assert len(set(path)) == len(path)  # a tile once reached is never reached again
        assert all(s.board[v] == s.to_move for v in path[1:])


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from([5, 6, 7]),
    tiles=st.integers(4, 15),
    random_setup=st.booleans(),
    long_games=st.sampled_from(["draw", "most_tiles"]),
)
def test_random_games_keep_invariants_and_end(seed, size, tiles, random_setup, long_games):
    opts = {"size": size, "tiles": tiles, "random_setup": random_setup, "long_games": long_games}
    s = random_game(seed, opts, check=_invariants)
    assert s.is_over and s.to_move is None and s.legal_moves() == []
    assert s.turn <= s.turn_limit + 1
    out = s.outcome
    assert out.winners and set(out.winners) <= {0, 1}
    assert list(out.scores) == s.scores()
    assert out.reason.endswith(".")
    json.dumps(s.to_json())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([5, 6]), tiles=st.integers(4, 15))
def test_leadoff_shortcuts_agree_with_trying_every_empty_vertex(seed, size, tiles):
    """legal leadoffs skip vertices that cannot matter; compare with brute force."""

    def brute(s):
        seat = s.to_move
        start = s.squirrels[seat]
        out = []
        for v, c in enumerate(s.board):
            if c != rules.EMPTY:
                continue
            b = s.board[:]
            b[v] = 1 - seat
            if rules.first_steps(b, s._geo.rays, start, seat):
                out.append(v)
        return out

    def probe(s):
        if s.phase == "leadoff":
            assert [m.vertex for m in s.legal_moves()] == brute(s)

    random_game(seed, {"size": size, "tiles": tiles, "random_setup": True}, check=probe)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_legal_move_checks_and_round_trips(seed):
    def probe(s):
        for m in s.legal_moves():
            assert s.check(m) is None
            assert SPEC.parse_move(s, str(m)) == m

    random_game(seed, {"random_setup": True, "tiles": 6}, check=probe)


# ---------------------------------------------------------------------------
# AI hooks
# ---------------------------------------------------------------------------
def test_ai_hooks_return_legal_moves_and_sane_estimates():
    from game.games.scurry import heuristics

    rng = random.Random(4)
    for seed in range(3):
        s = SPEC.new_game(2, seed, {"random_setup": seed % 2 == 0, "tiles": 6})
        while not s.is_over:
            moves = s.legal_moves()
            ordered = heuristics.candidate_moves(s, moves)
            assert sorted(ordered, key=lambda m: m.vertex) == moves  # reordered, never pruned
            before = snapshot(s)
            est = heuristics.evaluate(s)
            move = heuristics.rollout_move(s, moves, rng)
            assert snapshot(s) == before  # the hooks only look
            assert len(est) == 2 and all(0.0 <= p <= 1.0 for p in est)
            assert move in moves
            s.apply(move)
        assert heuristics.evaluate(s)[s.outcome.winners[0]] >= 0.5


# ---------------------------------------------------------------------------
# Legality written once: fault() is the rule, the legal list a fast copy of it
# ---------------------------------------------------------------------------
def every_candidate(s: ScurryState) -> list:
    """A superset of the legal moves: every kind at every vertex for both seats,
    plus vertices off the board and a move for a board of another size."""
    count = len(s.board)
    moves = [ScurryMove(kind, v, seat, s.size) for kind in rules.KINDS for seat in (B, G)
             for v in range(-1, count + 1)]
    return moves + [ScurryMove(kind, 0, B, s.size + 1) for kind in rules.KINDS]


@pytest.mark.slow
@pytest.mark.parametrize("seed,options", [
    (1, {"tiles": 5}), (2, {"size": 5, "tiles": 9}), (3, {"random_setup": True}),
    (4, {"size": 7, "random_setup": True, "tiles": 15}), (5, {"size": 5, "random_setup": True, "tiles": 4}),
    (6, {}), (7, {"size": 7, "tiles": 5}), (8, {"random_setup": True, "tiles": 13}),
    (9, {"size": 5, "random_setup": True, "tiles": 12}), (10, {"random_setup": True, "tiles": 6}),
])
def test_fault_allows_exactly_the_legal_moves(seed, options):
    """Over every position of random games (set-up, leadoffs, first and later steps,
    the end), every candidate move has no fault exactly when it is listed legal,
    and check() says the same as fault()."""
    s = SPEC.new_game(2, seed, options)
    rng = random.Random(seed)
    positions = 0
    while True:
        legal_now = set(s.legal_moves())
        for m in every_candidate(s):
            fault = s.fault(m)
            assert (fault is None) == (m in legal_now), (str(m), m.seat, fault, s.to_json())
            assert s.check(m) == fault
            if fault is not None:
                assert fault.endswith(".") and len(fault) > 10
        positions += 1
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_moves()))
    assert positions > 30


def test_a_refused_click_says_the_fault_of_the_move_it_would_have_made():
    s = SPEC.new_game(2, 8, {"random_setup": True, "tiles": 8})
    rng = random.Random(8)
    refused = 0
    while not s.is_over:
        for v in range(len(s.board)):
            move = ScurryMove(rules.PHASE_KIND[s.phase], v, s.to_move, s.size)
            fault = s.fault(move)
            if fault is not None:
                refused += 1
                assert s.explain_click((("vertex", v),)) == fault
        s.apply(rng.choice(s.legal_moves()))
    assert refused > 1000
    assert s.explain_click((("vertex", 0),)) == "The game is over."


def test_check_finds_a_move_by_value_not_by_identity():
    """check looks a move up in the legal list by its vertex; an equal move made
    anew is found, a move of another kind or seat at that vertex is not."""
    s = SPEC.new_game(2, 3, {"random_setup": True})
    listed = s.legal_moves()[5]
    twin = ScurryMove(listed.kind, listed.vertex, listed.seat, listed.size)
    assert twin is not listed and s.check(twin) is None
    assert s.check(ScurryMove("step", listed.vertex, listed.seat, listed.size)) == "Place your leadoff tile first."
    assert s.check(ScurryMove(listed.kind, listed.vertex, 1 - listed.seat, listed.size)) == "It is Brown's turn."
    assert all(s.check(ScurryMove(listed.kind, v, B, 6)) is not None for v in (-1, 91, 10**6))

"""Scrubbudgetel's computer player: sensible choices with small budgets."""
from __future__ import annotations

import random

from game.engine import ai
from game.games.scrubbudgetel import heuristics as heuristics
from game.games.scrubbudgetel.rules import CAVE, SPEC


def set_turn(s, seat, stash, roll):
    s.stashes[seat] = sorted(stash)
    s.turn_seat = s.to_move = seat
    s.roll = s.to_lay = roll
    s.laid_now, s.followed, s.pending_junction = [], None, None
    s._legal = None


def position(stash, *, haul=(0, 0), roll=1, turn=5):
    """White to lay `roll` markers from `stash` after the first round, on a map
    with one trail of three markers from the Landing."""
    s = SPEC.new_game(2, 4)
    set_turn(s, 0, ["TW"] * 3, 3)
    for _ in range(3):
        s.apply(s.legal_moves()[0])
    s.stashes[1] = ["TR"]
    s.haul = list(haul)
    s.turn = turn
    set_turn(s, 0, stash, roll)
    return s


def test_lays_the_cave_when_it_wins():
    s = position([CAVE, "TW"], haul=(40, 30))
    move = ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=60, heuristics=heuristics)).move
    assert move.code == CAVE
    s.apply(move)
    assert s.is_over and s.outcome.winners == (0,)


def test_keeps_the_cave_when_it_would_lose():
    s = position([CAVE, "TW"], haul=(10, 60))
    move = ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=60, heuristics=heuristics)).move
    assert move.code == "TW"


def test_lays_the_cave_at_once_when_it_wins_with_more_to_lay():
    """A win is a win: laying the rest first could leave no room for the Cave."""
    s = position([CAVE, "TW", "TW"], haul=(40, 30), roll=3)
    assert heuristics.cave_pays(s, 0)
    assert ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=60, heuristics=heuristics)).move.code == CAVE


def test_lays_the_rest_first_when_only_they_make_the_cave_win():
    s = position([CAVE, "TW", "TW"], haul=(20, 30), roll=3)  # 10 + 12 against 28: not yet
    assert not heuristics.cave_pays(s, 0)
    for _ in range(2):
        move = ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=60, heuristics=heuristics)).move
        assert move.code == "TW"
        s.apply(move)
    assert heuristics.cave_pays(s, 0)  # 18 + 12 against 28
    assert ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=60, heuristics=heuristics)).move.code == CAVE


def test_the_cave_held_is_worth_its_doubloons_and_kept_markers_cost_less_than_their_end_cost():
    s = position(["TW"], haul=(20, 20))
    s.stashes[1] = ["TR"]
    even = heuristics.evaluate(s)
    assert abs(even[0] - even[1]) < 1e-9
    s.stashes[0] = ["TW", CAVE]
    assert heuristics.holdings(s)[0] > heuristics.holdings(s)[1]  # the score shown says 6 behind
    assert s.scores()[0] < s.scores()[1]
    s.stashes[0] = ["TW", "TR"]  # another player's marker is a sure cost, and its owner's gain
    values = heuristics.holdings(s)
    assert values[0] <= 20 - 4 - 1 and values[1] > 20 - 1


def test_a_second_obstacle_in_one_turn_is_left_out_while_other_markers_fit():
    """Only one missed turn comes of a turn's Obstacles."""
    s = position(["RI", "RI", "TW"], roll=3)
    assert "RI" in {m.code for m in heuristics.candidate_moves(s, s.legal_moves())}
    s.apply(next(m for m in s.legal_moves() if m.code == "RI"))
    assert s.obstacle_now
    assert {m.code for m in heuristics.candidate_moves(s, s.legal_moves())} == {"TW"}
    values = heuristics.holdings(s)
    assert values[1] == 0 - 0.5 * 2 - heuristics.MISSED_TURN  # Red misses its next turn


def test_candidates_are_one_roomy_spot_per_kind():
    s = position(["TW", "JN", "GY"], roll=3)
    moves = s.legal_moves()
    candidates = heuristics.candidate_moves(s, moves)
    assert sorted(m.code for m in candidates) == sorted({m.code for m in moves})
    for c in candidates:
        same = [m for m in moves if m.code == c.code]
        assert heuristics.open_room(s, c.triangles) == max(heuristics.open_room(s, m.triangles) for m in same)


def test_easy_lays_the_cave_as_soon_as_it_may_and_a_marker_wherever_it_fits():
    s = position([CAVE, "TW"], haul=(10, 60))
    easy = ai.level_settings("easy", heuristics)["candidates"]
    assert [m.code for m in heuristics.candidate_moves(s, s.legal_moves(), **easy)] == [CAVE]
    assert ai.choose_move(ai.SearchRequest(s, "easy", 1, heuristics=heuristics)).move.code == CAVE  # and loses by it, as a beginner might
    s = position(["TW", "JN"], roll=2)
    moves = s.legal_moves()
    firsts = [next(m for m in moves if m.code == code) for code in ("JN", "TW")]
    assert sorted(heuristics.candidate_moves(s, moves, **easy), key=str) == sorted(firsts, key=str)


def test_hard_weighs_several_spots_of_each_kind():
    s = position(["TW", "JN", "GY"], roll=3)
    moves = s.legal_moves()
    hard = ai.level_settings("hard", heuristics)["candidates"]
    wide = heuristics.candidate_moves(s, moves, **hard)
    narrow = heuristics.candidate_moves(s, moves)
    assert set(narrow) < set(wide)
    for code in {m.code for m in moves}:
        assert 1 < sum(1 for m in wide if m.code == code) <= hard["spots"] or \
            sum(1 for m in moves if m.code == code) == 1


def test_evaluation_is_a_share_of_the_win_and_favours_the_leader():
    s = position(["TW"], haul=(5, 25))
    values = heuristics.evaluate(s)
    assert abs(sum(values) - 1.0) < 1e-9
    assert values[1] > values[0]


def test_playout_policy_returns_a_legal_move():
    s = SPEC.new_game(3, 2)
    rng = random.Random(0)
    for _ in range(150):
        if s.is_over:
            break
        moves = s.legal_moves()
        move = heuristics.rollout_move(s, moves, rng)
        assert move in moves
        s.apply(move)


def test_playouts_lay_a_destination_as_the_turns_last_marker():
    """A Destination closes the followed trail: before the last marker it would strand the rest."""
    s = position(["GY", "TW", "TW"], roll=2)
    rng = random.Random(1)
    assert {heuristics.rollout_move(s, s.legal_moves(), rng).code for _ in range(20)} == {"TW"}
    s.apply(heuristics.rollout_move(s, s.legal_moves(), rng))
    assert heuristics.rollout_move(s, s.legal_moves(), rng).code == "GY"


def test_hard_keeps_the_cave_back_for_a_good_lead_while_the_bag_is_full():
    hard = ai.level_settings("hard", heuristics)["candidates"]
    lead = hard["cave_lead"]
    s = position([CAVE, "TW"], haul=(40, 30))  # shown 32 against 28: laying it wins by 16
    assert heuristics.cave_pays(s, 0) and not heuristics.cave_pays(s, 0, lead)
    assert len(s.bag) >= heuristics.CAVE_LEAD_BAG
    assert CAVE not in {m.code for m in heuristics.candidate_moves(s, s.legal_moves(), **hard)}
    assert ai.choose_move(ai.SearchRequest(s, "hard", 1, iterations=40, heuristics=heuristics)).move.code == "TW"
    assert [m.code for m in heuristics.candidate_moves(s, s.legal_moves())] == [CAVE]  # normal lays it
    s.haul[0] = 60  # wins by 36
    assert [m.code for m in heuristics.candidate_moves(s, s.legal_moves(), **hard)] == [CAVE]


def test_hard_lays_the_cave_at_any_win_when_the_bag_runs_low():
    hard = ai.level_settings("hard", heuristics)["candidates"]
    s = position([CAVE, "TW"], haul=(40, 30))
    s.bag = s.bag[:heuristics.CAVE_LEAD_BAG - 1]
    assert [m.code for m in heuristics.candidate_moves(s, s.legal_moves(), **hard)] == [CAVE]


def test_the_roomiest_spot_is_judged_on_the_board_in_hand():
    """The same legal moves on another board (here the sand around the first pick filled in)
    are judged on that board: nothing remembered from a position seen before (a cache keyed
    by the moves alone made the computer's choice depend on what the process looked at first)."""
    s = position(["TW"], roll=1)
    moves = s.legal_moves()
    first = heuristics.candidate_moves(s, moves)
    assert len(first) == 1 and len(moves) > 1
    other = s.clone()
    for x, y, o in first[0].triangles:
        for dx, dy, oo in heuristics._NEAR[o]:
            t = (x + dx, y + dy, oo)
            if t not in other.cells and t not in first[0].triangles:
                other.cells[t] = 99  # taken: no room left around the first pick
    room = {str(m): heuristics.open_room(other, m.triangles) for m in moves}
    assert room[str(first[0])] < max(room.values())
    again = heuristics.candidate_moves(other, moves)
    assert room[str(again[0])] == max(room[str(m)] for m in heuristics._pick_spots(other, moves, 1, True))
    assert again == heuristics._pick_spots(other, moves, 1, True)

"""Scrubbudgetel rules: the marker set, built maps for every numbered rule and
every ruling in seeds/scrubbudgetel.md, scoring and the end, random playouts.

Triangles are written x,yu / x,yd. The Landing is the hexagon around grid point
(0, 0). A straight trail runs from it along row 0: its k-th Trail marker covers
k-1,0d+k,0u, so the first is 0,0d+1,0u.

Positions are built on a real game: `give` hands a seat a stash and a roll (and,
when it matters, the turn number), and markers are laid through `apply`, each
move taken from `legal_moves()` by its notation.
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.core import IllegalMove, seat_names
from game.games.scrubbudgetel.geometry import RADIUS, hexagon, on_table, point_distance, tri_corners, tri_neighbours
from game.games.scrubbudgetel.rules import (
    COLOURS,
    MARKERS,
    SPEC,
    LayMarker,
    bag_contents,
    is_shape,
    parse_tri,
    tri_name,
)
from game.games.scrubbudgetel.words import WORDS

W, R, Y, B = range(4)


# ---- helpers --------------------------------------------------------------------
def fresh(players=2, seed=0, options=None):
    return SPEC.new_game(players, seed, options)


def give(state, seat, stash, roll=None, turn=None):
    """Begin a built turn: `seat` holds `stash` and must lay `roll` of it."""
    state.stashes[seat] = sorted(stash)
    state.turn_seat = state.to_move = seat
    state.roll = len(stash) if roll is None else roll
    state.to_lay = min(state.roll, len(stash))
    state.laid_now = []
    state.followed = state.pending_junction = None
    state.obstacle_now = False
    if turn is not None:
        state.turn = turn
    state._legal = None
    return state


def lay(state, *notations):
    """Lay markers, each the legal move written so; fail with the reason if none is."""
    for text in notations:
        move = next((m for m in state.legal_moves() if str(m) == text), None)
        assert move is not None, (text, state.check(SPEC.parse_move(state, text)))
        state.apply(move)
    return state


def spots(state, code) -> list[str]:
    """Where the marker `code` may go now."""
    return [str(m).split()[1] for m in state.legal_moves() if m.code == code]


def why(state, text):
    return state.check(SPEC.parse_move(state, text))


def refused(state, text, rule):
    """`text` is not legal now, `apply` refuses it unchanged, and the reason names `rule`."""
    move = SPEC.parse_move(state, text)
    assert move not in state.legal_moves()
    reason = state.check(move)
    assert reason and rule in reason, (text, reason)
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.apply(move)
    assert state.to_json() == before
    return reason


def straight(n, seat=W, code="TW", players=2, seed=0, turn=5):
    """A game whose map is one straight trail of n markers (1..n), laid by `seat`."""
    state = give(fresh(players, seed), seat, [code] * n, turn=turn)
    return lay(state, *(f"{code} {k - 1},0d+{k},0u" for k in range(1, n + 1)))


def junction_map(players=3):
    """White's turn 5: a trail of two from the Landing (markers 1, 2), a Junction
    (3) against the first, and its branch of two (4, 5)."""
    state = give(fresh(players), W, ["TW", "TW", "JN", "TW", "TW"], turn=5)
    return lay(state, "TW 0,0d+1,0u", "TW 1,0d+2,0u", "JN 0,1u", "TW 0,1d+1,1u", "TW 1,1d+2,1u")


GRAVEYARD_ON_BRANCH = "GY 2,1d+2,2u+2,2d+3,1u+3,1d+3,2u"  # closes junction_map's branch at 5


def notices(state) -> list[str]:
    """What the rules did by themselves, in the log's words, players named by colour."""
    return [seat_names(WORDS.entry(entry), list(COLOURS)) for _ply, entry in state.noted]


def tris_of(where: str) -> tuple:
    return tuple(sorted(parse_tri(t) for t in where.split("+")))


def laid_value(state) -> int:
    return sum(MARKERS[m.code].value for m in state.markers[1:])


# ---- the marker set ---------------------------------------------------------------
def test_marker_counts_values_and_shapes():
    bag = Counter(bag_contents())
    assert MARKERS["LS"].count == 1 and "LS" not in bag
    fam = Counter()
    for code, n in bag.items():
        fam[MARKERS[code].family] += n
    assert fam == {"trail": 192, "junction": 20, "destination": 12, "obstacle": 12}
    assert sum(bag.values()) == 236
    assert [bag["T" + c] for c in "WRYB"] == [48, 48, 48, 48]
    assert bag["JN"] == 20
    assert bag["CV"] == 1 and MARKERS["CV"].tint == "gold"
    for c, colour in zip("WRYB", ("White", "Red", "Yellow", "Blue")):
        for kind in "VBPK":  # village, beach, animal pit, cliff: one of each per colour
            assert bag[kind + c] == 1 and MARKERS[kind + c].tint == colour
    assert (bag["GY"], bag["ID"], bag["SF"]) == (1, 1, 1)
    assert (MARKERS["GY"].tint, MARKERS["ID"].tint, MARKERS["SF"].tint) == ("black", "purple", "orange")
    assert (bag["RI"], bag["WF"], bag["CH"]) == (2, 1, 1)
    assert (MARKERS["RI"].tint, MARKERS["WF"].tint, MARKERS["CH"].tint) == ("sky", "sky", "black")
    values = {f: {MARKERS[c].value for c in bag if MARKERS[c].family == f} for f in fam}
    assert values == {"trail": {2}, "junction": {1}, "destination": {6}, "obstacle": {1}}
    shapes = {f: {MARKERS[c].shape for c in bag if MARKERS[c].family == f} for f in fam}
    assert shapes == {"trail": {"rhombus"}, "junction": {"tri"}, "destination": {"hex"}, "obstacle": {"rhombus"}}
    assert MARKERS["LS"].shape == "hex"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_has_the_landing_and_every_marker(players):
    state = fresh(players, 11)
    assert [m.code for m in state.markers] == ["LS"]
    assert state.markers[0].triangles == hexagon((0, 0))
    assert Counter(state.bag) + Counter(c for s in state.stashes for c in s) == Counter(bag_contents())
    assert all(1 <= len(s) <= 6 for s in state.stashes)


# ---- ruling 1: the grid and the shapes --------------------------------------------
def test_grid_geometry():
    for t in [(0, 0, 0), (0, 0, 1), (-3, 2, 0), (4, -5, 1)]:
        assert len(set(tri_neighbours(t))) == 3
        for n in tri_neighbours(t):
            assert t in tri_neighbours(n)
            assert len(set(tri_corners(t)) & set(tri_corners(n))) == 2  # a whole side
        assert parse_tri(tri_name(t)) == t
    hexa = hexagon((2, -1))
    assert len(hexa) == 6 and all((2, -1) in tri_corners(t) for t in hexa)
    assert is_shape(hexa, "hex") and not is_shape(hexa[:5] + ((9, 9, 0),), "hex")
    assert is_shape(((0, 0, 0), (0, 0, 1)), "rhombus") and not is_shape(((0, 0, 0), (1, 0, 0)), "rhombus")
    assert tri_name((0, -2, 1)) == "0,-2d" and parse_tri("-1,3u") == (-1, 3, 0)


def test_every_marker_lies_on_the_grid_in_its_shape():
    state = junction_map()
    give(state, R, ["TR", "JN", "TR", "KR", "VR", "GY"], roll=6, turn=6)
    seen = Counter()
    for move in state.legal_moves():
        shape = MARKERS[move.code].shape
        assert is_shape(move.triangles, shape), move
        assert len(move.triangles) == {"tri": 1, "rhombus": 2, "hex": 6}[shape]
        seen[MARKERS[move.code].family] += 1
    assert set(seen) == {"trail", "junction", "destination", "obstacle"}
    refused(state, "TR 0,0d+2,0u", "shape")
    refused(state, "TR 3,0d", "shape")


# ---- ruling 2: edge to edge, no overlap, the island table --------------------------
def test_edge_to_edge_and_no_overlap():
    state = straight(2)
    give(state, W, ["TW", "TW"], turn=6)
    assert why(state, "TW 5,5u+5,5d") == "Markers are laid edge to edge with the map."
    refused(state, "TW 0,0u+0,0d", "overlap")  # on the Landing
    refused(state, "TW 1,0d+2,0u", "overlap")
    lay(state, "TW 2,0d+3,0u")
    assert state.markers[-1].against == 2


def test_the_island_table_ends_sixteen_steps_from_the_landing():
    assert RADIUS == 16
    state = give(fresh(2), W, ["TW"] * 17, turn=5)
    lay(state, *(f"TW {k - 1},0d+{k},0u" for k in range(1, 16)))
    assert point_distance((16, 0)) == 16 and on_table((15, 0, 0)) and not on_table((16, 0, 0))
    refused(state, "TW 15,0d+16,0u", "edge of the island table")
    assert "15,-1u+15,-1d" in spots(state, "TW")
    lay(state, "TW 15,-1u+15,-1d")
    for m in state.markers:
        assert all(point_distance(p) <= RADIUS for t in m.triangles for p in tri_corners(t))


# ---- ruling 3: what may touch what -------------------------------------------------
def test_trails_may_run_side_by_side_and_touch_the_landing():
    state = give(fresh(2), W, ["TW", "TW"], turn=5)
    lay(state, "TW 1,-1u+1,-1d", "TW 0,0d+1,0u")  # the second touches the Landing beside its anchor
    assert state.markers[2].against == 1 and state.touching(state.markers[2].triangles) == {0, 1}
    state = straight(2)
    give(state, R, ["TR"], turn=6)
    lay(state, "TR 1,-1u+1,-1d")  # a new trail from the Landing, beside the first one's middle
    assert state.markers[3].against == 0 and state.touching(state.markers[3].triangles) == {0, 1}


def obstacle_beside_the_trail(options=None):
    """A straight trail of three with a River against it; White to lay two."""
    state = straight(3)
    state.obstacles = (options or {}).get("obstacles", "touch")
    give(state, R, ["RI"], turn=6)
    lay(state, "RI 1,-1d+2,-1u")
    return give(state, W, ["TW", "JN", "TW"], roll=2, turn=7)


def test_ruling_7_a_trail_may_lie_against_an_obstacle():
    # Rule 9 limits the Obstacle itself: "Obstacles must be added to Trail markers already
    # on the map, not to Junctions or to other Obstacles, Destinations or the Landing (Start)
    # marker." A Trail marker brushing it later is what the Obstacle may touch.
    state = obstacle_beside_the_trail()
    assert "1,-2d+1,-1u" in spots(state, "TW")
    lay(state, "TW 1,-2d+1,-1u")
    assert state.family(4) == "obstacle" and 4 in state.touching(state.markers[-1].triangles)
    # touching is connecting (ruling 3): a Junction beside it would connect the Obstacle to a Junction
    state = obstacle_beside_the_trail()
    refused(state, "JN 2,-1d", "rule 9")


def test_ruling_7_option_nothing_may_be_laid_against_an_obstacle():
    state = obstacle_beside_the_trail({"obstacles": "block"})
    assert why(state, "TW 1,-2d+1,-1u") == "Nothing may be laid against an Obstacle: it blocks the way (the Obstacles option)."
    refused(state, "JN 2,-1d", "rule 9")
    assert "1,-2d+1,-1u" not in spots(state, "TW") and "3,0d+4,0u" in spots(state, "TW")
    assert fresh(2, 0, {"obstacles": "block"}).obstacles == "block"


def test_a_junction_may_be_touched_only_by_its_own_trails():
    state = junction_map()
    give(state, Y, ["CH", "TY", "TY"], turn=6)
    lay(state, "CH 1,-1d+2,-1u")  # Yellow follows the trail 1-2
    refused(state, "TY -1,1d+-1,2u", "rule 1")  # the Junction's free side belongs to another trail
    give(state, Y, ["TY"], turn=7)
    lay(state, "TY -1,1d+-1,2u")  # as a turn's first marker it starts the Junction's third trail
    assert state.markers[-1].against == 3


# ---- ruling 4: where trails start and grow ----------------------------------------
def test_trails_start_at_the_landing_and_grow_only_from_their_end():
    state = fresh(2)
    give(state, W, ["TW"], turn=5)
    assert len(spots(state, "TW")) == 12  # two rhombi across each of the Landing's six sides
    state = straight(2)
    give(state, R, ["TR"], turn=6)
    here = spots(state, "TR")
    assert "2,0d+3,0u" in here and "-2,0u+-2,0d" in here
    assert why(state, "TR 1,-1d+2,-1u") == "A trail grows only from its last marker."
    lay(state, "TR -2,0u+-2,0d")  # any number of trails start at the Landing
    assert state.markers[-1].against == 0


def test_a_destination_closes_its_trail():
    state = straight(2)
    give(state, R, ["SF", "TR"], roll=1, turn=6)
    lay(state, "SF 2,0d+2,1u+2,1d+3,0u+3,0d+3,1u")
    assert state.next_of[2] == 3 and not state.is_open_end(2)
    give(state, W, ["TW"], turn=7)
    assert not any(m.against in (1, 2) for m in state.legal_moves())
    refused(state, "TW 3,1d+4,1u", "rule 11")


# ---- rule 1 / ruling 5: one trail per turn -----------------------------------------
def test_rule_1_one_trail_per_turn():
    state = straight(3)
    give(state, W, ["TW", "TW", "JN", "RI", "TW"], roll=5, turn=6)
    lay(state, "TW -2,0u+-2,0d")  # the first marker chooses: a new trail from the Landing
    refused(state, "TW 3,0d+4,0u", "rule 1")  # not the other trail's end
    refused(state, "JN 1,-1d", "rule 1")
    refused(state, "RI 1,-1d+2,-1u", "rule 1")
    here = spots(state, "TW")
    assert here and all(4 in state.touching(tris_of(h)) for h in here)


def test_a_junction_turns_the_turn_into_its_branch():
    state = straight(3)
    give(state, R, ["JN", "JN", "TR", "TR", "KR"], roll=4, turn=6)
    lay(state, "JN 1,-1d", "TR 2,-2d+2,-1u")
    assert state.followed == 5 and state.trail_of(5) == [5]
    refused(state, "TR 3,0d+4,0u", "rule 1")  # the old trail's end
    refused(state, "JN 0,1u", "rule 4")
    lay(state, "TR 2,-3d+2,-2u")
    assert state.markers[-1].against == 5
    assert "3,-3u+3,-3d" in spots(state, "KR")
    refused(state, "KR 3,0d+3,1u", "rule 1")  # an Obstacle on the old trail


# ---- rule 2 -----------------------------------------------------------------------
def test_rule_2_only_trails_touch_the_landing():
    state = give(fresh(2), W, ["TW", "TW", "JN", "TW"], turn=5)
    lay(state, "TW 1,-1u+1,-1d", "TW 1,0u+1,0d")
    refused(state, "JN 0,0d", "rule 2")
    state = straight(1)
    give(state, R, ["RI", "GY"], roll=1, turn=6)
    refused(state, "RI 1,-1u+1,-1d", "rule 2")
    refused(state, "GY 1,-2d+1,-1u+1,-1d+2,-2u+2,-2d+2,-1u", "rule 2")
    lay(state, "RI 1,-1d+2,-1u")


# ---- rules 3, 11, 12: destinations ----------------------------------------------
def test_rule_3_only_trails_lead_to_a_destination():
    state = junction_map()
    give(state, R, ["GY", "JN", "TR"], roll=1, turn=6)
    refused(state, "GY -2,-2d+-2,-1u+-2,-1d+-1,-2u+-1,-2d+-1,-1u", "rule 3")  # the Landing only
    refused(state, "GY -2,1d+-2,2u+-2,2d+-1,1u+-1,1d+-1,2u", "rule 3")  # the Junction and the Landing
    lay(state, GRAVEYARD_ON_BRANCH)
    give(state, Y, ["JN", "TY", "TY"], turn=7)
    lay(state, "TY 2,0d+3,0u")
    refused(state, "JN 3,0d", "rule 3")  # a Junction against the trail and the Graveyard


def test_rule_11_nothing_goes_on_past_a_destination():
    state = junction_map()
    give(state, R, ["GY"], turn=6)
    refused(state, "GY 1,-2d+1,-1u+1,-1d+2,-2u+2,-2d+2,-1u", "rule 11")  # beside a trail's first marker
    lay(state, GRAVEYARD_ON_BRANCH)
    assert state.next_of[5] == 6 and not state.is_open_end(5)
    give(state, Y, ["TY"], turn=7)
    refused(state, "TY 2,3u+2,3d", "rule 11")  # from the far side of the Graveyard
    refused(state, "TY 1,2u+1,2d", "rule 11")  # from the closed end, beside the Graveyard


def test_rule_11_one_marker_leads_to_a_destination():
    state = give(fresh(2), W, ["TW", "TW"], turn=5)
    lay(state, "TW 1,-1u+1,-1d", "TW 0,0d+1,0u")
    give(state, R, ["TR", "ID"], roll=2, turn=6)
    lay(state, "TR 1,0d+2,0u")  # runs beside marker 1 of the first trail
    here = spots(state, "ID")
    assert here and all(state.touching(tris_of(h)) == {3} for h in here)
    refused(state, "ID 2,-2d+2,-1u+2,-1d+3,-2u+3,-2d+3,-1u", "rule 11")  # the end, and marker 1 too


def test_rule_12_destinations_do_not_touch():
    state = junction_map()
    give(state, R, ["GY"], turn=6)
    lay(state, "GY 2,-2d+2,-1u+2,-1d+3,-2u+3,-2d+3,-1u")  # closes the trail 1-2
    give(state, Y, ["TY", "ID"], roll=2, turn=7)
    lay(state, "TY 0,-2u+0,-2d")
    refused(state, "ID 1,-3d+1,-2u+1,-2d+2,-3u+2,-3d+2,-2u", "rule 12")
    give(state, Y, ["ID"], turn=8)
    refused(state, "ID 3,-1d+3,0u+3,0d+4,-1u+4,-1d+4,0u", "rule 12")  # beside the Graveyard only


# ---- rules 4-8: junctions ----------------------------------------------------------
def test_rule_4_one_junction_per_turn():
    state = straight(3)
    give(state, R, ["JN", "JN", "TR", "TR"], roll=4, turn=6)
    lay(state, "JN 1,-1d", "TR 2,-2d+2,-1u")
    assert spots(state, "JN") == []
    refused(state, "JN 2,-2u", "rule 4")


def test_rule_5_a_junction_goes_anywhere_along_a_trail():
    state = straight(3)
    give(state, R, ["JN", "TR"], roll=2, turn=6)
    here = spots(state, "JN")
    assert {"1,-1d", "2,-1d", "3,-1d", "0,1u", "1,1u", "3,0d"} <= set(here)  # beside every marker
    refused(state, "JN -2,0d", "rule 5")  # against the Landing only
    lay(state, "JN 0,1u")  # beside the first marker, far from the end
    assert state.markers[-1].against == 1 and state.pending_junction == 4


def test_rule_6_junctions_never_touch():
    state = give(fresh(2), W, ["TW", "JN", "TW"], turn=5)
    lay(state, "TW 0,0d+1,0u", "JN 0,1u", "TW 0,1d+1,1u")
    give(state, R, ["TR", "JN", "TR"], turn=6)
    lay(state, "TR -2,1d+-1,1u")
    refused(state, "JN -1,1d", "rule 6")
    assert "-2,1u" in spots(state, "JN")


def test_rule_7_a_junction_gets_its_trail_at_once_from_its_player():
    state = straight(3)
    give(state, R, ["JN", "TR", "TR", "KR", "VR"], roll=4, turn=6)
    lay(state, "JN 1,-1d")
    assert state.to_move == R and state.pending_junction == 4
    assert {m.code for m in state.legal_moves()} == {"TR"}
    assert all(4 in state.touching(m.triangles) for m in state.legal_moves())
    refused(state, "KR 2,-1u+2,-1d", "rule 7")
    refused(state, "TR 3,0d+4,0u", "rule 7")  # the trail's end, not the Junction
    lay(state, "TR 1,-2d+1,-1u")  # the branch may touch the Landing
    assert state.branches[4] == [5] and state.pending_junction is None


def test_rule_7_no_junction_without_a_trail_marker_to_follow_it():
    state = straight(3)
    give(state, R, ["JN", "TR"], roll=1, turn=6)  # one marker to lay: nothing could follow
    assert spots(state, "JN") == []
    refused(state, "JN 1,-1d", "rule 7")
    give(state, R, ["JN", "KR"], roll=2, turn=6)  # no Trail marker in the stash
    assert spots(state, "JN") == []
    refused(state, "JN 1,-1d", "rule 7")
    give(state, R, ["JN", "TR"], roll=2, turn=6)
    assert "1,-1d" in spots(state, "JN")


def test_rule_7_no_junction_where_its_trail_has_no_room():
    state = give(fresh(2, 0, {"obstacles": "block"}), W, ["TW", "TW", "TW", "RI"], turn=5)
    lay(state, "TW 0,0d+1,0u", "TW 1,0d+2,0u", "TW 2,0d+3,0u", "RI 2,-1d+3,-1u")
    give(state, R, ["TR", "JN", "TR"], turn=6)
    lay(state, "TR 0,-2u+0,-2d", "JN 1,-2u", "TR 1,-3d+2,-3u")
    give(state, W, ["JN", "TW"], turn=7)
    # 1,-1d lies against the first trail, but a trail from it would touch the River
    # or the other Junction
    assert "1,-1d" not in spots(state, "JN") and "0,1u" in spots(state, "JN")
    refused(state, "JN 1,-1d", "rule 7")


def test_rule_8_the_third_side_only_in_a_later_turn_by_anyone():
    state = give(fresh(2), W, ["TW", "JN", "TW", "TW"], roll=4, turn=5)
    lay(state, "TW 0,0d+1,0u", "JN 0,1u", "TW 0,1d+1,1u")
    refused(state, "TW -1,1d+-1,2u", "rule 8")
    refused(state, "TW -1,1u+-1,1d", "rule 8")
    give(state, R, ["TR"], turn=6)
    assert "-1,1u+-1,1d" in spots(state, "TR") and "-1,1d+-1,2u" in spots(state, "TR")
    lay(state, "TR -1,1u+-1,1d")  # it touches the Landing too, but starts from the Junction
    assert state.markers[-1].against == 2 and state.branches[2] == [3, 4]
    give(state, W, ["TW"], turn=7)
    assert not any(2 in state.touching(m.triangles) for m in state.legal_moves())


# ---- rules 9-10: obstacles ---------------------------------------------------------
def test_rule_9_obstacles_go_against_trail_markers_only():
    state = give(fresh(2), W, ["TW", "JN", "TW", "TW"], turn=5)
    lay(state, "TW 0,0d+1,0u", "JN 0,1u", "TW -1,1d+-1,2u", "TW -1,2d+-1,3u")
    give(state, R, ["RI"], turn=6)
    refused(state, "RI 0,1d+0,2u", "rule 9")  # against a Trail marker but touching the Junction
    refused(state, "RI -2,0u+-2,0d", "rule 9")  # the Landing only
    assert "1,-1d+2,-1u" in spots(state, "RI")

    state = straight(3)
    give(state, R, ["RI", "KR"], turn=6)
    lay(state, "RI 1,-1d+2,-1u")
    refused(state, "KR 2,-1d+3,-1u", "rule 9")  # against the trail and the River
    assert "3,-1u+3,-1d" in spots(state, "KR")

    state = junction_map()
    give(state, R, ["GY"], turn=6)
    lay(state, GRAVEYARD_ON_BRANCH)
    give(state, Y, ["RI"], turn=7)
    refused(state, "RI 1,2u+1,2d", "rule 9")  # a trail marker and the Graveyard
    refused(state, "RI -1,1d+-1,2u", "rule 9")  # the Junction only


@pytest.mark.parametrize("obstacles", [["PW"], ["PW", "KW"]])
def test_rule_10_the_next_player_misses_one_turn(obstacles):
    state = straight(3, players=3, seed=4)
    give(state, W, obstacles, turn=6)
    state.stashes[R] = ["TR", "TR"]
    state.stashes[Y] = ["TY"]
    lay(state, "PW 1,-1d+2,-1u", *(["KW 2,1u+2,1d"] if len(obstacles) == 2 else []))
    assert state.turn == 8 and state.turn_seat == Y and state.to_move == Y
    assert state.stashes[R] == ["TR", "TR"], "a missed turn: no roll, no laying, no draw"
    assert sum("Red misses" in n for n in notices(state)) == 1
    assert not state.miss_next
    state.stashes[W] = ["TW"]
    lay(state, str(state.legal_moves()[0]))  # Yellow's turn ends; White's comes
    assert state.turn == 9 and state.turn_seat == W, "two Obstacles still cost one missed turn"
    assert not any("White misses" in n for n in notices(state))


def test_a_missed_turn_counts_for_the_first_round():
    state = give(fresh(2), W, ["TW", "KW", "CV"], roll=2, turn=1)
    refused(state, "CV 1,0d+1,1u+1,1d+2,0u+2,0d+2,1u", "rule 16")
    lay(state, "TW 0,0d+1,0u", "KW 1,-1d+2,-1u")
    assert "Red misses" in " ".join(notices(state))
    assert state.turn == 3 and state.to_move == W  # Red's missed turn was turn 2
    assert state.cave_allowed() and "1,0d+1,1u+1,1d+2,0u+2,0d+2,1u" in spots(state, "CV")


# ---- rule 13 / ruling 9: own markers first -----------------------------------------
def test_rule_13_own_markers_first():
    state = straight(3, players=3)
    give(state, W, ["TR", "TW"], roll=2, turn=6)
    assert {m.code for m in state.legal_moves()} == {"TW"}
    refused(state, "TR 3,0d+4,0u", "rule 13")
    lay(state, "TW 3,0d+4,0u")
    assert {m.code for m in state.legal_moves()} == {"TR"}
    lay(state, "TR 4,0d+5,0u")  # none of White's own is left: Red's makes the count
    assert state.haul[R] == 2


RULE_13 = ("Players must play all their own markers in their Stash before placing markers of their "
           "opponents colour on the map.")


def codes(state) -> set:
    return {m.code for m in state.legal_moves()}


def test_rule_13_orders_your_colour_before_others_neutral_markers_any_time():
    assert "own markers" in RULE_13 and "opponents colour" in RULE_13  # the order is colour against colour
    state = straight(3, players=3)
    give(state, W, ["TB", "TR"], roll=1, turn=6)  # nobody plays Blue: neutral
    assert codes(state) == {"TB", "TR"}, "no White marker in the stash: Red's may go, and so may the neutral"
    give(state, W, ["PR", "CH", "GY", "JN", "TR", "TW"], roll=1, turn=6)
    assert codes(state) == {"CH", "GY", "TW"}  # a Junction needs two to lay
    refused(state, "PR 1,-1d+2,-1u", "rule 13")  # Red's pit waits while White's trail fits


def test_rule_13_the_cave_is_not_forced_while_another_players_marker_fits():
    # The rulebook's hint: "The longer the Treasure Cave remains off the board, the bigger
    # the possible Hauls."
    state = straight(3, players=3)
    give(state, W, ["CV", "TR"], roll=1, turn=4)
    assert codes(state) == {"CV", "TR"}
    lay(state, "TR 3,0d+4,0u")
    assert not state.is_over and state.haul[R] == 2


def test_rule_13_option_neutral_markers_count_as_your_own():
    state = straight(3, players=3)
    state.own_first = "neutral"
    give(state, W, ["TB", "TR"], roll=1, turn=6)
    assert codes(state) == {"TB"}
    refused(state, "TR 3,0d+4,0u", "rule 13")
    give(state, W, ["PR", "CH", "GY", "JN", "TR"], roll=1, turn=6)
    assert codes(state) == {"CH", "GY"}
    refused(state, "PR 1,-1d+2,-1u", "rule 13")
    give(state, W, ["CV", "VR"], roll=1, turn=4)  # the Cave is neutral: it goes first
    assert codes(state) == {"CV"}
    assert fresh(3, 0, {"own_first": "neutral"}).own_first == "neutral"


def test_rule_13_another_players_marker_when_none_of_yours_fits():
    state = straight(3, players=3)
    give(state, W, ["JN", "TR"], roll=1, turn=6)  # the Junction cannot go with one to lay
    assert codes(state) == {"TR"}
    give(state, W, ["CV", "VR"], roll=1, turn=2)  # the Cave may not go in the first round
    assert codes(state) == {"VR"}


@pytest.mark.parametrize("own_first", ["colour", "neutral"])
def test_rule_13_applies_after_a_junction_too(own_first):
    # RULE_13 holds for the Trail marker a Junction needs at once (rule 7): "When a Junction
    # is added to start a new trail it must immediately have at least one Trail marker
    # connected to it by the same player who played the Junction marker."
    state = straight(3, players=3)
    state.own_first = own_first
    give(state, W, ["JN", "TR", "PW"], roll=3, turn=6)
    assert "JN" not in codes(state) and "PW" in codes(state)
    reason = refused(state, "JN 1,1u", "rule 13")
    assert "rule 7" in reason
    lay(state, "PW 1,-1d+2,-1u")  # White's own pit first; then nothing of White's is left
    assert codes(state) == {"JN", "TR"}
    lay(state, "JN 1,1u")
    assert codes(state) == {"TR"}


def test_rule_13_after_a_junction_laid_while_your_colour_fitted():
    state = straight(3, players=3)
    give(state, W, ["JN", "TB", "TR", "PW"], roll=3, turn=6)  # Blue unplayed: a neutral trail
    lay(state, "JN 1,1u")  # the Junction may go: the neutral Blue trail can follow it
    assert codes(state) == {"TB"}, "White's pit still fitted when the Junction went down"
    where = spots(state, "TB")[0]
    assert "Junction" in refused(state, f"TR {where}", "rule 13")
    lay(state, f"TB {where}")


# ---- rule 14, ruling 11-12: laying the roll and drawing --------------------------
def test_rule_14_running_out_mid_turn_then_draw_for_later():
    state = straight(2, players=2, seed=3)
    give(state, W, ["TW", "TW"], roll=5, turn=6)
    state.stashes[R] = ["TR"]
    assert state.to_lay == 2
    bag = len(state.bag)
    lay(state, "TW 2,0d+3,0u", "TW 3,0d+4,0u")
    got = bag - len(state.bag)
    assert 1 <= got <= 6 and len(state.stashes[W]) == got
    assert re.search(rf"White rolls {got} and draws {got}", " ".join(notices(state)))
    assert state.to_move == R, "the markers drawn are for later turns"


def test_ruling_11_nothing_fits_the_laying_stops_but_the_draw_happens():
    state = straight(2, players=2, seed=3)
    give(state, W, ["TW", "JN"], roll=2, turn=6)
    state.stashes[R] = ["JN"]  # Red: one marker to lay, a Junction: it cannot go
    lay(state, "TW 2,0d+3,0u")
    notes = " ".join(notices(state))
    assert "White can lay no more this turn" in notes
    assert "JN" in state.stashes[W] and len(state.stashes[W]) >= 2
    assert re.search(r"Red rolls \d but no marker in the stash fits", notes)
    assert len(state.stashes[R]) >= 2 and state.to_move == W


def test_ruling_12_the_draw_is_cut_short_by_an_empty_bag():
    state = straight(2, players=2, seed=1)
    give(state, W, ["TW"], turn=6)
    state.bag = ["TB"]
    state.stashes[R] = ["TR"]
    lay(state, "TW 2,0d+3,0u")
    assert state.bag == [] and state.stashes[W] == ["TB"]
    assert re.search(r"White rolls \d and draws 1", " ".join(notices(state)))


def test_rule_15_with_the_bag_empty_players_without_markers_pass():
    state = straight(2, players=3)
    give(state, W, ["TW"], turn=6)
    state.bag = []
    state.stashes[R] = []
    state.stashes[Y] = ["TY"]
    lay(state, "TW 2,0d+3,0u")
    assert "Red has no markers and the bag is empty: pass" in notices(state)
    assert not state.is_over and state.to_move == Y and state.turn == 8


# ---- rules 16-17 / ruling 13: the Treasure Cave ------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_16_no_cave_in_the_first_round(players):
    state = straight(2, players=players)
    for turn in range(1, players + 1):
        give(state, W, ["CV", "TW"], roll=1, turn=turn)
        assert "CV" not in {m.code for m in state.legal_moves()}
        refused(state, "CV 2,0d+2,1u+2,1d+3,0u+3,0d+3,1u", "rule 16")
        assert "rule 16" in state.explain_click((("stash", "CV"),))
    give(state, W, ["CV", "TW"], roll=1, turn=players + 1)
    assert "2,0d+2,1u+2,1d+3,0u+3,0d+3,1u" in spots(state, "CV")


def test_rule_17_the_cave_ends_the_game_at_once():
    state = straight(2, players=3)
    give(state, W, ["CV", "TW", "TW", "TW"], roll=4, turn=7)
    bag, haul = len(state.bag), list(state.haul)
    lay(state, "CV 2,0d+2,1u+2,1d+3,0u+3,0d+3,1u")
    assert state.is_over and state.to_move is None and state.legal_moves() == []
    assert "Treasure Cave" in state.outcome.reason
    assert state.stashes[W] == ["TW"] * 3 and len(state.bag) == bag, "nothing more is laid or drawn"
    assert state.haul[W] == haul[W] + 6
    assert state.check(LayMarker("TW", tris_of("3,0d+4,0u"))) == "The game is over."
    assert list(state.outcome.scores) == [state.haul[s] - state.stash_cost(s) for s in range(3)]


def test_the_arena_counts_whether_the_seat_that_drew_the_cave_won():
    state = straight(2, players=3)
    give(state, W, ["CV", "TW", "TW", "TW"], roll=4, turn=7)
    state.stashes[R] = ["TR"] * 5  # Red's stash costs it 10: White wins with the Cave
    lay(state, "CV 2,0d+2,1u+2,1d+3,0u+3,0d+3,1u")
    assert state.outcome.winners == (W,)
    assert SPEC.arena_figures(state) == {"cave_end": 1, "cave_holder_won": 1}

    held = straight(2, players=3)  # the game ends another way while Red holds the Cave
    held.stashes = [[], ["CV"], ["TY"]]
    held._finish("The bag is empty and nobody could lay a marker for a whole round")
    assert held.outcome.winners == (W,)
    assert SPEC.arena_figures(held) == {"cave_end": 0, "cave_holder_won": 0}
    held.stashes = [[], [], ["TY"]]
    assert SPEC.arena_figures(held) == {"cave_end": 0}, "nobody drew it"


# ---- ruling 14: the dry round --------------------------------------------------------
def test_ruling_14_a_round_with_nothing_laid_and_an_empty_bag_ends_the_game():
    state = straight(2, players=3)
    give(state, W, ["TW"], turn=6)
    state.bag = []
    state.stashes[R] = ["JN"]  # one to lay, and a Junction needs two: it never fits
    state.stashes[Y] = []
    lay(state, "TW 2,0d+3,0u")
    assert state.is_over and state.turn == 9  # Red, Yellow and White each had a dry turn
    assert "bag is empty" in state.outcome.reason
    assert all(m.code != "CV" for m in state.markers)
    assert list(state.outcome.scores) == [6, -1, 0]
    assert state.outcome.winners == (W,)


def test_ruling_14_a_marker_laid_restarts_the_count():
    state = straight(2, players=2)
    give(state, W, ["TW"], turn=6)
    state.bag = []
    state.stashes[R] = ["TR"]
    lay(state, "TW 2,0d+3,0u")
    assert not state.is_over and state.to_move == R
    lay(state, str(state.legal_moves()[0]))
    assert state.is_over and state.turn == 9  # White, Red, White: passes after Red laid
    assert state.outcome.scores == (6, 2)


def test_ruling_22_an_empty_stash_still_rolls_and_draws_while_the_bag_lasts():
    state = straight(2, seed=5)
    give(state, W, ["TW"], turn=6)
    state.stashes[R] = []
    lay(state, "TW 2,0d+3,0u")
    notes = " ".join(notices(state))
    assert re.search(r"Red rolls \d with an empty stash", notes)
    assert re.search(r"Red rolls (\d) and draws \1", notes)


# ---- ruling 21: which trail a first marker continues ---------------------------------
def test_ruling_21_a_first_marker_touching_the_landing_and_an_open_end_continues_the_trail():
    state = give(fresh(2), W, ["TW"], turn=5)
    lay(state, "TW 1,-1u+1,-1d")
    give(state, R, ["TR"], turn=6)
    lay(state, "TR 0,0d+1,0u")  # against the Landing and the first trail's end
    assert state.markers[2].against == 1 and state.next_of[1] == 2 and not state.is_open_end(1)
    assert state.touching(state.markers[2].triangles) == {0, 1}


def test_refused_clicks_name_the_rule():
    state = straight(3)
    give(state, R, ["JN", "TR"], roll=1, turn=6)
    assert "rule 7" in state.explain_click((("stash", "JN"), ("at", tris_of("1,-1d"))))
    assert "last marker" in state.explain_click((("stash", "TR"), ("at", tris_of("1,-1d+2,-1u"))))
    assert "nowhere" in state.explain_click((("stash", "JN"),))
    assert "overlap" in state.explain_click((("stash", "TR"), ("tri", (0, 0, 0))))
    assert "stash" in state.explain_click((("at", tris_of("3,0d+4,0u")),))


# ---- ruling 10, 15, 16, 18, 20: scores ----------------------------------------------
def test_scoring_while_playing_on_a_built_map():
    state = fresh(3)
    give(state, W, ["TB", "TR"], roll=2, turn=5)
    lay(state, "TB 0,0d+1,0u")  # Blue is nobody's: the layer scores it
    assert state.haul == [2, 0, 0]
    lay(state, "TR 1,0d+2,0u")  # Red's trail scores for Red, whoever lays it
    assert state.haul == [2, 2, 0]
    give(state, W, ["JN", "TW", "KR", "VR"], roll=4, turn=6)
    lay(state, "JN 1,-1d", "TW 2,-2d+2,-1u")
    assert state.haul == [5, 2, 0]
    lay(state, "KR 2,-1d+3,-1u")  # Red's cliff: 1 for the layer
    lay(state, "VR 1,-3d+1,-2u+1,-2d+2,-3u+2,-3d+2,-2u")  # Red's village: 6 for the layer
    assert state.haul == [12, 2, 0]
    give(state, Y, ["TW"], turn=8)
    lay(state, str(state.legal_moves()[0]))
    assert state.haul == [14, 2, 0]
    assert sum(state.haul) == laid_value(state)


@pytest.mark.parametrize("leftover,scores,winners", [
    ("double", (-13, -6, -6), (R, Y)),
    ("face", (-4, -4, -6), (W, R)),
])
def test_end_scoring_other_players_markers_double_or_face(leftover, scores, winners):
    state = straight(2, players=3, seed=2, code="TW")
    state.leftover = leftover
    give(state, W, ["CV", "TW", "JN", "TR", "TB", "VR", "PR"], roll=1, turn=9)
    state.stashes[R] = ["TW", "TR"]
    state.stashes[Y] = ["VY"]
    assert state.haul == [4, 0, 0]
    lay(state, "CV 2,0d+2,1u+2,1d+3,0u+3,0d+3,1u")
    # White: 4 + 6 laid; own TW 2, neutral JN 1 and TB 2 (Blue unplayed), Red's TR, VR, PR 2+6+1
    assert state.outcome.scores == scores
    assert state.outcome.winners == winners, "a tie at the top is a shared win"
    assert " and " in state.outcome.reason


def test_the_option_is_offered_and_doubles_by_default():
    assert SPEC.default_options() == {"leftover": "double", "captain": "roll", "own_first": "colour",
                                      "obstacles": "touch"}
    assert fresh(2, 0, {"leftover": "face"}).leftover == "face"
    with pytest.raises(ValueError):
        fresh(2, 0, {"leftover": "triple"})


def test_the_score_shown_is_the_haul_less_the_stash():
    state = straight(2, players=3)
    give(state, W, ["TR", "VB", "JN", "TW"], roll=1, turn=6)
    assert state.stash_cost(W) == 4 + 6 + 1 + 2
    assert state.scores()[W] == 4 - 13
    assert state.view(W)["scores"] == state.scores() == [state.haul[s] - state.stash_cost(s) for s in range(3)]
    assert state.view(R)["stash_costs"][W] == 13


def test_unplayed_colours_are_neutral():
    two, three = fresh(2), fresh(3)
    assert two.owner_of_colour(Y) is None and two.owner_of_colour(R) == R
    assert three.owner_of_colour(Y) == Y and three.owner_of_colour(B) is None
    for state, cost in ((two, 6), (three, 12)):
        give(state, W, ["VY"], turn=6)
        assert state.stash_cost(W) == cost
    state = straight(1, players=2)
    give(state, W, ["TY", "TR"], roll=1, turn=6)
    assert {m.code for m in state.legal_moves()} == {"TY", "TR"}  # none of White's colour: Red's may go
    lay(state, "TY 1,0d+2,0u")
    assert state.haul == [4, 0]


# ---- ruling 17, rule 18: the Captain --------------------------------------------------
def expected_captain(players, seed):
    """Everyone rolls; the highest is Captain; the tied roll again."""
    rng = random.Random(seed)
    rolling, rounds = list(range(players)), 0
    while True:
        rolls = [rng.randint(1, 6) for _ in rolling]
        rounds += 1
        rolling = [s for s, r in zip(rolling, rolls) if r == max(rolls)]
        if len(rolling) == 1:
            return rolling[0], rounds


def test_the_captain_is_the_highest_roller_ties_roll_again():
    rerolled = 0
    for players in (2, 3, 4):
        for seed in range(20):
            state = fresh(players, seed)
            captain, rounds = expected_captain(players, seed)
            rerolled += rounds > 1
            assert state.captain == captain
            assert any(n.startswith(f"{('White', 'Red', 'Yellow', 'Blue')[captain]} rolls")
                       and "Captain" in n for n in notices(state))
    assert rerolled, "some seed needs a second roll"


@pytest.mark.parametrize("players,seed", [(3, 0), (4, 5), (4, 9)])
def test_stashes_are_drawn_anticlockwise_then_play_goes_clockwise(players, seed):
    state = fresh(players, seed)
    names = ("White", "Red", "Yellow", "Blue")
    drawers = [n.split()[0] for n in notices(state) if n.endswith("for the stash")]
    assert drawers == [names[(state.captain - k) % players] for k in range(players)]
    rng = random.Random(seed)
    seen = []
    while not state.is_over and len(seen) < 40:
        if not seen or seen[-1] != (state.turn, state.turn_seat):
            seen.append((state.turn, state.turn_seat))
        state.apply(rng.choice(state.legal_moves()))
    assert seen[0][0] == 1 or seen[0][1] != state.captain
    for turn, seat in seen:
        assert seat == (state.captain + turn - 1) % players


def test_the_captain_option_names_the_first_player():
    state = fresh(3, 1, {"captain": 2})
    assert state.captain == Y
    assert "Yellow is the Captain (named for this game, no roll)" in notices(state)
    drawers = [n.split()[0] for n in notices(state) if n.endswith("for the stash")]
    assert drawers == ["Yellow", "Red", "White"]
    assert state.turn_seat == Y or state.turn > 1
    assert fresh(2, 1, {"captain": 3}).captain == expected_captain(2, 1)[0]  # nobody in that seat: roll


@pytest.mark.parametrize("yellow,winners", [(0, (R,)), (6, (R, Y))])
def test_rule_18_the_winner_captains_the_next_game(yellow, winners):
    state = straight(2, players=3)
    options = {"leftover": "face", "captain": "roll"}
    assert SPEC.next_game_options(state, options) == options  # not over yet: unchanged
    give(state, R, ["CV"], turn=7)
    state.stashes[W] = ["TR"] * 3
    state.stashes[Y] = []
    state.haul[Y] = yellow
    lay(state, "CV 2,0d+2,1u+2,1d+3,0u+3,0d+3,1u")
    assert state.outcome.scores == (4 - 12, 6, yellow) and state.outcome.winners == winners
    nxt = SPEC.next_game_options(state, options)
    assert nxt == {"leftover": "face", "captain": R}  # when tied, the first listed
    again = SPEC.new_game(3, 5, nxt)
    assert again.captain == R and "Red is the Captain (named for this game, no roll)" in notices(again)


# ---- ruling 19: nothing is hidden ----------------------------------------------------
def test_nothing_is_hidden():
    assert SPEC.hidden_information is False
    state = fresh(3, 6)
    rng = random.Random(1)
    for _ in range(8):
        state.apply(rng.choice(state.legal_moves()))
    assert state.view(0) == state.view(1) == state.view(2)
    assert state.view(0)["stashes"] == state.stashes
    copy = state.determinize(1, random.Random(5))
    assert copy.stashes == state.stashes and Counter(copy.bag) == Counter(state.bag)
    assert copy.markers == state.markers and copy.legal_moves() == state.legal_moves()


# ---- notation and replay ---------------------------------------------------------------
def test_notation_round_trips_and_replays():
    assert str(LayMarker("TW", tris_of("0,0d+1,0u"))) == "TW 0,0d+1,0u"
    assert LayMarker("JN", tris_of("0,1u")).targets == (("stash", "JN"), ("at", ((0, 1, 0),)))
    state = fresh(4, 12)
    rng = random.Random(12)
    while not state.is_over:
        for m in state.legal_moves()[:25]:
            assert SPEC.parse_move(state, str(m)) == m
        state.apply(rng.choice(state.legal_moves()))
    replay = fresh(4, 12)
    for m in state.history:
        replay.apply(SPEC.parse_move(replay, str(m)))
    assert replay.to_json() == state.to_json()
    for bad in ("ZZ 0,0d+1,0u", "TW", "TW 0,0x", "TW a,bd"):
        with pytest.raises(IllegalMove):
            SPEC.parse_move(state, bad)


# ---- random playouts (property test) ----------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 100_000), face=st.booleans(), cave_shy=st.booleans(),
       own_first=st.sampled_from(["colour", "neutral"]), obstacles=st.sampled_from(["touch", "block"]))
@pytest.mark.slow
def test_random_playouts(players, seed, face, cave_shy, own_first, obstacles):
    state = fresh(players, seed, {"leftover": "face" if face else "double", "own_first": own_first,
                                  "obstacles": obstacles})
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        moves = state.legal_moves()
        assert moves and state.to_move is not None
        if cave_shy and any(m.code != "CV" for m in moves):  # play on to the bag's end
            moves = [m for m in moves if m.code != "CV"]
        state.apply(rng.choice(moves))
        steps += 1
        assert steps < 400
    assert state.legal_moves() == [] and state.to_move is None
    # no overlaps; every marker in its shape, on the table, touching its anchor
    covered = [t for m in state.markers for t in m.triangles]
    assert len(covered) == len(set(covered)) == len(state.cells)
    for i, m in enumerate(state.markers):
        assert is_shape(tuple(sorted(m.triangles)), MARKERS[m.code].shape)
        assert all(on_table(t) and state.cells[t] == i for t in m.triangles)
        if i:
            assert m.against in state.touching(m.triangles)
            if obstacles == "block":  # nothing laid against an earlier Obstacle
                assert not any(o < i and state.family(o) == "obstacle" for o in state.touching(m.triangles))
            assert state.markers[m.against].family in {"trail": ("landing", "trail", "junction")}.get(
                m.family, ("trail",))
    # no marker made or lost; hauls add up to the values laid, colour by colour
    on_map = Counter(m.code for m in state.markers[1:])
    assert Counter(state.bag) + Counter(c for s in state.stashes for c in s) + on_map == Counter(bag_contents())
    assert sum(state.haul) == laid_value(state)
    expect = [0] * players
    for m in state.markers[1:]:
        t = MARKERS[m.code]
        owner = t.colour if t.family == "trail" and t.colour is not None and t.colour < players else m.seat
        expect[owner] += t.value
    assert expect == state.haul
    assert list(state.outcome.scores) == [state.haul[s] - state.stash_cost(s) for s in range(players)]
    assert state.outcome.winners == tuple(s for s in range(players) if state.outcome.scores[s] == max(state.outcome.scores))
    caves = [m for m in state.markers if m.code == "CV"]
    assert bool(caves) == ("Treasure Cave" in state.outcome.reason)
    if caves:
        assert caves[0].turn > players and state.markers[-1].code == "CV"
    else:
        assert not state.bag


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"obstacles": "block"}), (4, {"own_first": "neutral"})])
def test_remembered_spots_give_the_same_moves_as_working_them_out_afresh(players, options):
    """Spots are remembered per anchor until a marker goes down nearby (_spots_at):
    in random games every position's moves, anchors included, are those of a copy
    that remembers nothing."""
    rng = random.Random(players)
    state = SPEC.new_game(players, players, options)
    while not state.is_over:
        moves = state.legal_moves()
        fresh = state.clone()
        fresh._spots, fresh._legal = {}, None
        assert [(str(m), m.against) for m in fresh.legal_moves()] == [(str(m), m.against) for m in moves]
        state.apply(moves[rng.randrange(len(moves))])


def test_a_markers_ring_is_every_triangle_beside_it_in_the_order_first_met():
    from game.games.scrubbudgetel.geometry import tri_neighbours
    from game.games.scrubbudgetel.rules import _ring, shapes_on_table
    inner = (0, 0, 0)
    for outer in tri_neighbours(inner):
        for shape in ("tri", "rhombus", "hex"):
            for tris in shapes_on_table(inner, outer, shape):
                met = [n for t in tris for n in tri_neighbours(t) if n not in tris]
                assert list(_ring(tris)) == list(dict.fromkeys(met))
                assert inner in _ring(tris)  # the anchor's triangle lies beside the spot laid against it

"""Skurðir rules: built layouts for every rule, the rulebook's worked runs and totals.

Cells: columns a, b, c ... from the left, rows 1, 2, ... from the top. Built layouts
sit anywhere on the open table (its centre is o15); set-up starts at the centre.
Colours: R Red, Y Yellow, G Green, B Blue, K Black (indices 0-4).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.core import IllegalMove
from game.games.skurdir.rules import (
    SPEC,
    SkurdirMove,
    SkurdirState,
    deal_stacks,
    between,
    centre_of,
    parse_cell,
    run_total,
)

R, Y, G, B, K = range(5)


def play(state, *notations):
    for text in notations:
        state.apply(SPEC.parse_move(state, text))
    return state


def legal(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def transports_for(state, seat):
    return [str(m) for m in state.transports(seat)]


# ---- the rulebook's worked runs ---------------------------------------------------
def one_canal():
    # A yellow passenger on a green station, a blue canal to a yellow station.
    return SkurdirState.from_layout([Y, G, B, R], {"e5": (G, [Y]), "e6": (Y, [])}, [("e5", "e6", B)])


def two_canal():
    # A green passenger on a yellow station; green canal, yellow stop, yellow canal, green station.
    return SkurdirState.from_layout([Y, G, B, R], {"c5": (Y, [G]), "d5": (Y, []), "f5": (G, [])},
                                    [("c5", "d5", G), ("d5", "f5", Y)])


def three_canal():
    # A blue passenger on a red station; red canal, green stop, blue canal, yellow stop,
    # red canal, blue station.
    return SkurdirState.from_layout([R, G, Y, B], {"b2": (R, [B]), "c2": (G, []), "c4": (Y, []), "f4": (B, [])},
                                    [("b2", "c2", R), ("c2", "c4", B), ("c4", "f4", R)])


@pytest.mark.parametrize("make,start,pts,movers", [
    (one_canal, "e5", {G: 1, B: 2, Y: 3}, {Y, G, B}),
    (two_canal, "c5", {Y: 8, G: 7}, {Y, G}),
    (three_canal, "b2", {R: 9, G: 3, Y: 5, B: 11}, {R, B}),
])
def test_the_rulebooks_worked_runs(make, start, pts, movers):
    state = make()
    colours = state.colour_of
    for seat, colour in enumerate(colours):
        can = [m for m in state.transports(seat) if m.route[0] == parse_cell(start)]
        assert bool(can) == (colour in movers), (colour, can)
    mover = next(s for s, c in enumerate(colours) if c in movers)
    route = next(m for m in state.transports(mover)).route
    assert state.route_scores(route) == [pts.get(c, 0) for c in colours]
    # played for real: build phase (pass is not allowed: canals in hand), then transport
    state.to_move = mover
    state.free = [0] * 5  # nothing to build: passing is the only building action
    state.sabotaged = [True] * 4
    state.spare = [False] * 4
    state._legal = None
    play(state, "p")
    assert state.phase == "transport"
    before = state.transported
    t = state.legal_moves()[0]
    state.apply(t)
    assert state.scores() == [pts.get(c, 0) for c in colours]
    assert not state.stacks[parse_cell(start)], "the passenger leaves the game"
    assert state.transported == before + 1


@pytest.mark.parametrize("canals,total", [(1, 6), (2, 15), (3, 28), (4, 45), (5, 66)])
def test_run_totals(canals, total):
    assert run_total(canals) == total
    # a real run of that many canals in a five-player game hands out exactly that much
    colours = [R, Y, G, B, K]
    cols = "abcdef"
    chain = [R, Y, G, R, Y, G][: canals] + [K]
    stations = {f"{cols[i]}5": (chain[i], [K] if i == 0 else []) for i in range(canals + 1)}
    links = [(f"{cols[i]}5", f"{cols[i + 1]}5", B) for i in range(canals)]
    state = SkurdirState.from_layout(colours, stations, links)
    routes = state.routes(parse_cell("a5"))
    assert len(routes) == 1 and len(routes[0]) == canals + 1
    assert sum(state.route_scores(routes[0])) == total


def test_unplayed_colours_score_for_nobody():
    # two players, Yellow and Blue: the green station's point goes to nobody
    state = SkurdirState.from_layout([Y, B], {"e5": (G, [Y]), "e6": (Y, [])}, [("e5", "e6", B)])
    assert state.route_scores((parse_cell("e5"), parse_cell("e6"))) == [3, 2]


# ---- set-up -----------------------------------------------------------------------
def test_dealt_stacks_follow_the_setup_rules():
    for seed in range(30):
        stacks = deal_stacks(random.Random(seed))
        assert len(stacks) == len(set(stacks)) == 10
        assert all(s != p for s, p in stacks)
        for c in range(5):
            assert [s for s, _ in stacks].count(c) == 2
            assert [p for _, p in stacks].count(c) == 2


def test_setup_sequence_three_players():
    state = SPEC.new_game(3, 7)
    assert state.phase == "stacks" and state.to_move == 0
    # the first stack goes in the centre only
    assert {m.cell for m in state.legal_moves()} == {centre_of()}
    first = state.legal_moves()[0]
    state.apply(first)
    assert state.to_move == 0, "the youngest places the centre stack and then the first one in turn"
    cells = {m.cell for m in state.legal_moves()}
    assert cells == {parse_cell(n) for n in ("o14", "o16", "n15", "p15")}
    with pytest.raises(IllegalMove, match="next to"):
        state.apply(SkurdirMove("stack", cell=parse_cell("o17"), stack=state.stacks_left[0]))
    order = []
    while state.phase == "stacks":
        order.append(state.to_move)
        state.apply(state.legal_moves()[-1])
    assert order == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert len(state.stations()) == 10
    assert state.phase == "first" and state.to_move == 0
    play(state, "f 3")
    assert state.phase == "colours" and state.to_move == 2
    play(state, "k G")
    assert state.to_move == 0
    with pytest.raises(IllegalMove, match="taken"):
        play(state, "k G")
    play(state, "k R", "k B")
    assert state.colour_of == [R, B, G]
    assert state.phase == "build" and state.to_move == 2
    # the neutral canals are the first unplayed colour's; each player has three canals and a spare
    assert state.neutral == Y
    assert state.free == [3, 3, 3, 3, 0]
    assert state.pool == [1, 1, 1, 1, 1]
    assert state.spare == [True, True, True]


def lay_in_a_row(state, columns, row):
    """Place the set-up stacks on the cells `columns` x `row`, centre first, outwards."""
    cells = [state.cell(f"{col}{row}") for col in columns]
    for cell in sorted(cells, key=lambda c: abs(c - state.centre)):
        move = next((m for m in state.legal_moves() if m.cell == cell), None)
        if move is None:
            return False
        state.apply(move)
    return True


def test_the_table_grows_ten_stacks_fit_in_one_line():
    """The rulebook places each stack "adjacent" to the ones out and sets no edge: ten
    in one line must fit (ruling 1). On the 9 x 9 table of the option they cannot."""
    state = SPEC.new_game(2, 4)
    assert state.table == "open" and state.name(state.centre) == "o15"
    assert lay_in_a_row(state, "klmnopqrst", 15)
    assert state.phase == "first" and len(state.stations()) == 10
    small = SPEC.new_game(2, 4, {"table": "9x9"})
    assert small.name(small.centre) == "e5"
    assert str(small.legal_moves()[0]).endswith(" e5")
    assert lay_in_a_row(small, "abcdefghi", 5)  # the whole row: the tenth stack must leave it
    assert small.phase == "stacks" and len(small.stations()) == 9
    edge = {small.name(m.cell) for m in small.legal_moves()}
    assert "j5" not in edge and edge <= {f"{c}{r}" for c in "abcdefghi" for r in (4, 6)}, "nothing off the table"
    with pytest.raises(IllegalMove):
        SPEC.parse_move(small, "s RY j5")
    assert SPEC.parse_move(state, "b ac29").cell == 29 * 29 - 1


def test_five_players_have_no_neutral_canals():
    state = SPEC.new_game(5, 3, {"random_setup": True})
    assert state.phase == "build" and state.neutral == -1
    assert sorted(state.colour_of) == [0, 1, 2, 3, 4]
    assert not any(m.neutral for m in state.legal_moves() if m.kind == "canal")


def test_random_setup_starts_play_and_records_nothing():
    state = SPEC.new_game(3, 5, {"random_setup": True})
    assert state.phase == "build" and state.history == []
    assert len(state.stations()) == 10 and state.to_move == state.first


# ---- building ---------------------------------------------------------------------
def layout():
    """Yellow (seat 0) and Blue (seat 1); neutral canals are Red.

        c3 G[Y]   .   e3 Y[B]
        .         .   .
        c5 B[G]   .   e5 R[K]   f5 K
    """
    return SkurdirState.from_layout([Y, B], {"c3": (G, [Y]), "e3": (Y, [B]), "c5": (B, [G]),
                                             "e5": (R, [K]), "f5": (K, [])})


def test_canals_run_to_the_next_station_in_line_across_gaps():
    state = layout()
    canals = {str(m) for m in state.legal_moves() if m.kind == "canal"}
    assert "c c3-e3 Y" in canals and "c e3-c3 Y" in canals  # across the gap d3, either way
    assert "c c3-e3 R" in canals  # a neutral canal
    assert "c c5-f5 Y" not in canals  # not past the station e5
    assert not any(m.to == parse_cell("c3") and m.cell == parse_cell("c9") for m in state.legal_moves())
    play(state, "c c3-e3 Y")
    assert state.free[Y] == 2
    state.to_move = 0
    state.phase = "build"
    state._legal = None
    assert "c e3-c3 Y" not in legal(state), "two stations joined once are never joined again"
    with pytest.raises(IllegalMove, match="already joined"):
        play(state, "c e3-c3 Y")
    with pytest.raises(IllegalMove, match="station at each end"):
        play(state, "c e5-e9 Y")


@pytest.mark.parametrize("built", ["e5-e6", "e6-e5"])
def test_two_stations_joined_by_a_canal_are_never_joined_again(built):
    """The rulebook: "A canal may not be built between two stations that are already
    connected by a canal." Either direction, and between stations side by side too."""
    a, b = built.split("-")
    stations = {"e5": (G, [Y]), "e6": (Y, []), "e7": (R, [])}
    state = SkurdirState.from_layout([Y, B], stations, [(a, b, B)])
    canals = {str(m) for m in state.legal_moves() if m.kind == "canal"}
    assert not {"c e5-e6 Y", "c e6-e5 Y", "c e5-e6 R", "c e6-e5 R"} & canals
    assert {"c e6-e7 Y", "c e7-e6 Y"} <= canals  # the next pair along is still free
    for text in ("c e5-e6 Y", "c e6-e5 Y"):
        with pytest.raises(IllegalMove, match="already joined"):
            play(state, text)
    assert state.canals == {(parse_cell(a), parse_cell(b)): B}


def test_canals_may_cross_over_a_gap_unless_the_option_bans_it():
    """The rulebook: "Canals may point across gaps in the layout." It sets no limit on
    two canals crossing the same gap, so by default they may (ruling 3)."""
    stations = {"c4": (G, []), "e4": (Y, []), "d3": (B, []), "d5": (R, [])}
    state = SkurdirState.from_layout([Y, B], stations, [("c4", "e4", Y)])
    assert state.crossing is True
    assert "c d3-d5 Y" in legal(state) and "c d5-d3 Y" in legal(state)
    play(state, "c d3-d5 Y")
    assert (parse_cell("d3"), parse_cell("d5")) in state.canals and (parse_cell("c4"), parse_cell("e4")) in state.canals
    # the option "may not cross" keeps the old ruling
    banned = SkurdirState.from_layout([Y, B], stations, [("c4", "e4", Y)], crossing=False)
    assert "c d3-d5 Y" not in legal(banned)
    with pytest.raises(IllegalMove, match="may not cross"):
        play(banned, "c d3-d5 Y")
    assert SPEC.default_options()["crossing"] is True
    assert SPEC.new_game(2, 1, {"crossing": False}).crossing is False


def test_spare_station_goes_next_to_a_station_and_shortens_a_canal():
    state = layout()
    play(state, "c c3-e3 Y")
    state.to_move, state.phase, state._legal = 0, "build", None
    builds = {str(m) for m in state.legal_moves() if m.kind == "station"}
    assert "b d3" in builds and "b g5" in builds and "b h5" not in builds
    play(state, "b d3")
    assert state.station[parse_cell("d3")] == Y and not state.spare[0]
    assert (parse_cell("c3"), parse_cell("d3")) in state.canals
    assert (parse_cell("c3"), parse_cell("e3")) not in state.canals
    state.to_move, state.phase, state._legal = 0, "build", None
    assert not any(m.kind == "station" for m in state.legal_moves())

    # a station built in a clone has a stack of its own, not one shared with the original
    state = layout()
    twin = state.clone()
    play(twin, "b d3")
    twin.stacks[parse_cell("d3")].append(R)
    assert state.stacks[parse_cell("d3")] == [] and state.station[parse_cell("d3")] < 0


def test_a_station_put_down_in_a_clone_changes_its_links_and_free_cells_not_the_originals():
    """The links between stations and the free cells beside them are worked out once per layout
    and shared by clones: a new station must give the clone its own, and leave the original's."""
    state = layout()
    canals_before, cells_before = legal(state), state.placeable()
    twin = state.clone()
    play(twin, "b d3")
    assert legal(state) == canals_before and state.placeable() == cells_before
    assert parse_cell("d3") in cells_before and parse_cell("d3") not in twin.placeable()
    for a, b in twin._layout()[0]:  # each link runs to the next station in line, the new one included
        assert all(twin.station[c] < 0 for c in between(a, b, twin.n)) and twin.station[b] >= 0
    assert (parse_cell("c3"), parse_cell("d3")) in twin._layout()[0]
    assert (parse_cell("c3"), parse_cell("d3")) not in state._layout()[0]


def test_a_layout_met_again_gives_the_same_links_as_working_it_out_afresh():
    """Layouts are kept across states (a search meets a few of them thousands of times): a
    state that reaches a layout another state made gets the same links, cells and moves."""
    state = layout()
    twin, again = state.clone(), state.clone()
    play(twin, "b d3")
    play(again, "b d3")
    assert again._layout() is twin._layout()
    assert again._layout() == again._work_out_layout()


def test_the_layouts_kept_stay_bounded(monkeypatch):
    from game.games.skurdir import rules

    monkeypatch.setattr(rules, "LAYOUTS_KEPT", 2)
    monkeypatch.setattr(rules, "_LAYOUTS", {})
    for cell in layout().placeable()[:3]:  # three new layouts, each with the spare station somewhere else
        twin = layout().clone()
        play(twin, f"b {twin.name(cell)}")
        assert twin._layout() == twin._work_out_layout()
        assert len(rules._LAYOUTS) <= 2


def test_remove_needs_all_three_canals_out_and_no_passenger_at_the_wide_end():
    state = layout()
    state.canals = {(parse_cell("c3"), parse_cell("e3")): Y}
    state.free[Y] = 2
    state._legal = None
    assert not any(m.kind == "remove" for m in state.legal_moves())
    state.canals[(parse_cell("e5"), parse_cell("f5"))] = Y
    state.canals[(parse_cell("f5"), parse_cell("e5"))] = Y  # (two canals, for the count)
    state.free[Y] = 0
    state._legal = None
    removes = {str(m) for m in state.legal_moves() if m.kind == "remove"}
    assert removes == {"r f5-e5"}, "c3 and e5 hold passengers at the wide end"
    with pytest.raises(IllegalMove, match="passenger waits"):
        play(state, "r c3-e3")
    play(state, "r f5-e5")
    assert state.free[Y] == 1


def test_sabotage_once_and_the_canal_comes_back_later():
    state = SkurdirState.from_layout([Y, B, G], {"c3": (R, []), "e3": (K, []), "c5": (R, []), "e5": (K, [])},
                                     [("c3", "e3", B), ("c5", "e5", R)])
    assert state.neutral == R
    # Yellow (seat 0) sabotages Blue's canal: it returns after Blue's next turn
    play(state, "x c3-e3")
    assert state.to_move == 1 and state.free[B] == 2  # no transport possible: turn over
    play(state, "p") if "p" in legal(state) else play(state, "b c2")
    assert state.free[B] == 3, "back in Blue's hand after Blue's turn"
    # Blue sabotages the neutral canal (seat 1 is to move again after Green and Yellow)
    play(state, "b b5")  # Green
    state.apply(next(m for m in state.legal_moves() if m.kind == "station"))  # Yellow
    assert state.to_move == 1
    play(state, "x c5-e5")
    assert state.free[R] == 2
    play(state, "c c3-e3 G")  # Green
    assert "x c3-e3" not in legal(state), "Yellow's one sabotage is used up"
    with pytest.raises(IllegalMove, match="already used"):
        play(state, "x c3-e3")
    state.apply(next(m for m in state.legal_moves() if m.kind == "canal"))  # Yellow
    assert state.free[R] <= 2
    state.apply(next(m for m in state.legal_moves() if m.kind == "canal" and not m.neutral))  # Blue's next turn
    assert state.free[R] == 3 - state.canals_on_board(R), "back in the pool after the saboteur's next turn"


def test_pass_needs_three_canals_out_and_a_transport():
    state = SkurdirState.from_layout([Y, B], {"c3": (G, [Y]), "e3": (Y, []), "c5": (B, []), "e5": (R, [])})
    assert "p" not in legal(state)
    with pytest.raises(IllegalMove, match="pass only"):
        play(state, "p")
    state.canals = {(parse_cell("c3"), parse_cell("e3")): B, (parse_cell("c5"), parse_cell("e5")): Y,
                    (parse_cell("e5"), parse_cell("c5")): Y, (parse_cell("e3"), parse_cell("e5")): Y}
    state.free[Y] = 0
    state._legal = None
    assert "p" in legal(state)
    del state.canals[(parse_cell("c3"), parse_cell("e3"))]
    state._legal = None
    assert "p" not in legal(state), "no passenger can travel: no pass"


def test_a_player_with_no_building_action_passes():
    state = SkurdirState.from_layout([Y, B], {"c3": (G, []), "e3": (Y, [])}, free=[0] * 5)
    state.spare = [False, False]
    state.sabotaged = [True, True]
    state._legal = None
    assert legal(state) == ["p"]


# ---- transport --------------------------------------------------------------------
def test_transport_is_compulsory_and_only_the_top_passenger_moves():
    state = SkurdirState.from_layout([Y, B], {"c3": (G, [Y, B]), "e3": (Y, []), "g3": (B, [])},
                                     [("e3", "g3", Y)], free=[1, 0, 0, 0, 0], to_move=1)
    assert state.neutral == R
    play(state, "c c3-e3 R")  # a neutral canal
    assert state.phase == "transport"
    # only the blue passenger on top may travel; the yellow one under it waits
    assert legal(state) == ["t c3-e3-g3"]
    play(state, "t c3-e3-g3")
    assert state.stacks[parse_cell("c3")] == [Y]
    # green station 1 and red canal 2 score for nobody; Yellow 3 + 4, Blue 5
    assert state.scores() == [7, 5]


def test_route_stops_at_the_first_station_of_its_colour_and_never_twice():
    stations = {"b2": (R, [Y]), "d2": (Y, []), "f2": (Y, []), "b4": (G, []), "d4": (B, [])}
    canals = [("b2", "d2", R), ("d2", "f2", R), ("b2", "b4", R), ("b4", "d4", R), ("d4", "b4", R),
              ("d4", "d2", R)]
    state = SkurdirState.from_layout([R, Y], stations, canals)
    routes = state.routes(parse_cell("b2"))
    names = sorted("-".join(map(str, r)) for r in routes)
    assert len(routes) == 2
    assert all(state.station[r[-1]] == Y for r in routes)
    assert all(parse_cell("f2") not in r for r in routes), "it stops at d2, the first yellow station"
    assert all(len(set(r)) == len(r) for r in routes)
    assert names


def test_several_routes_click_out_the_one_wanted():
    stations = {"b2": (R, [Y]), "d2": (G, []), "b4": (G, []), "d4": (Y, [])}
    canals = [("b2", "d2", R), ("d2", "d4", R), ("b2", "b4", R), ("b4", "d4", R)]
    state = SkurdirState.from_layout([R, Y], stations, canals)
    moves = state.transports(0)
    assert sorted(str(m) for m in moves) == ["t b2-b4-d4", "t b2-d2-d4"]
    assert all(len(m.targets) == 2 for m in moves)
    assert len({m.targets for m in moves}) == 2


def test_condition_three_the_mover_needs_a_colour_link():
    state = one_canal()
    assert state.transports(3) == []  # Red: not the passenger, the station or the canal
    state.to_move, state.phase, state._legal = 3, "transport", None
    assert "your colour" in state.explain_click((("cell", parse_cell("e5")),))


# ---- adding passengers ----------------------------------------------------------------
def pass_and_transport_e5_e6(state) -> None:
    """Player 1, with nothing left to build, passes and moves the passenger along e5-e6."""
    state.to_move = 0
    state.free = [0] * 5
    state.spare = [False] * 4
    state.sabotaged = [True] * 4
    state._legal = None
    play(state, "p", "t e5-e6")


def test_after_a_transport_a_pool_passenger_of_another_colour_is_added():
    state = one_canal()
    pass_and_transport_e5_e6(state)
    assert state.phase == "add" and state.to_move == 0
    adds = legal(state)
    assert not any(a.startswith("a Y") for a in adds), "not the colour just transported"
    assert "a G e5" not in adds, "not on a station of its own colour"
    assert "a Y e5" not in adds
    assert "a R e5" in adds and "a G e6" in adds
    with pytest.raises(IllegalMove, match="another colour"):
        play(state, "a Y e5")
    play(state, "a G e6")
    assert state.pool == [1, 1, 0, 1, 1]
    assert state.stacks[parse_cell("e6")] == [G]
    assert state.to_move == 1 and state.phase == "build"


def test_a_passenger_never_joins_a_stack_holding_a_passenger_of_its_colour():
    """The rulebook: "Passengers cannot be placed on a stack with a station or another
    passenger of that color." Any passenger in the stack counts, not only the top one."""
    stations = {"e5": (G, [Y]), "e6": (Y, []), "c3": (K, [R, B]), "g3": (B, [K])}
    state = SkurdirState.from_layout([Y, G, B, R], stations, [("e5", "e6", B)])
    pass_and_transport_e5_e6(state)
    adds = legal(state)
    assert "a R c3" not in adds, "a red passenger is already in that stack (under the blue one)"
    assert "a B c3" not in adds, "a blue passenger is on top of that stack"
    assert "a K g3" not in adds and "a K c3" not in adds, "a black passenger / a black station"
    assert "a R g3" in adds and "a R e6" in adds and "a G c3" in adds
    with pytest.raises(IllegalMove, match="passenger of its colour"):
        play(state, "a R c3")
    assert state.stacks[parse_cell("c3")] == [R, B] and state.pool[R] == 1
    play(state, "a R g3")
    assert state.stacks[parse_cell("g3")] == [K, R]


def test_no_passenger_is_added_when_none_fits():
    state = one_canal()
    state.pool = [0, 1, 0, 0, 0]  # only a yellow one left: the colour being transported
    state.transported = 15 - 1 - 1
    pass_and_transport_e5_e6(state)
    assert state.phase == "build" and state.to_move == 1


# ---- the end ------------------------------------------------------------------------
def test_game_ends_when_all_fifteen_are_transported():
    state = one_canal()
    state.pool = [0] * 5
    state.transported = 14
    pass_and_transport_e5_e6(state)
    assert state.is_over and "All 15" in state.outcome.reason
    assert state.outcome.winners == (0,)  # Yellow 3, Green 1, Blue 2


def test_early_end_with_an_empty_pool_after_three_rounds_without_transport():
    state = SkurdirState.from_layout([Y, B], {"c3": (G, []), "e3": (Y, [])}, pool=[0] * 5, free=[0] * 5)
    state.spare = [False, False]
    state.sabotaged = [True, True]
    state._legal = None
    for _ in range(5):
        play(state, "p")
    assert not state.is_over
    play(state, "p")
    assert state.is_over and "3 rounds" in state.outcome.reason
    assert state.outcome.winners == (0, 1), "a tie at the top is a shared win"


def test_stalled_game_with_passengers_in_the_pool_ends_after_five_rounds():
    state = SkurdirState.from_layout([Y, B], {"c3": (G, []), "e3": (Y, [])}, free=[0] * 5)
    state.spare = [False, False]
    state.sabotaged = [True, True]
    state.points = [4, 9]
    state._legal = None
    for _ in range(9):
        play(state, "p")
    assert not state.is_over
    play(state, "p")
    assert state.is_over and "5 rounds" in state.outcome.reason
    assert state.outcome.winners == (1,)


def test_random_games_always_end_quickly():
    for players in (2, 3, 4, 5):
        for seed in range(6):
            state = SPEC.new_game(players, seed)
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(rng.choice(state.legal_moves()))
            assert len(state.history) < 400


def test_notation_round_trips_and_clicks_are_explained():
    state = SPEC.new_game(3, 2, {"random_setup": True})
    for m in state.legal_moves():
        assert SPEC.parse_move(state, str(m)) == m
    with pytest.raises(IllegalMove):
        SPEC.parse_move(state, "z z9")
    reason = state.explain_click((("cell", 0),))
    assert isinstance(reason, str) and reason


# ---- invariants over random games (property test) -------------------------------------
@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), crossing=st.booleans(),
       table=st.sampled_from(["open", "9x9"]))
def test_pieces_are_never_lost_or_made(players, seed, crossing, table):
    state = SPEC.new_game(players, seed, {"random_setup": seed % 2 == 0, "crossing": crossing, "table": table})
    rng = random.Random(seed)
    while not state.is_over:
        if state.phase not in ("stacks", "first", "colours"):
            on_board = sum(len(s) for s in state.stacks)
            assert on_board + sum(state.pool) + state.transported == 15
            for colour in range(5):
                if state.owner[colour] is not None or colour == state.neutral:
                    back = sum(1 for e in state.limbo if e[0] == colour)
                    assert state.canals_on_board(colour) + state.free[colour] + back == 3
            for cell in state.stations():
                assert state.station[cell] not in state.stacks[cell]
                assert len(set(state.stacks[cell])) == len(state.stacks[cell]), "a colour twice in a stack"
            pairs = [frozenset(link) for link in state.canals]
            assert len(pairs) == len(set(pairs)), "two canals join the same two stations"
            for a, b in state.canals:
                assert state.station[a] >= 0 and state.station[b] >= 0
                assert not any(state.station[c] >= 0 for c in between(a, b, state.n))
            if not crossing:
                seen = [c for a, b in state.canals for c in between(a, b, state.n)]
                assert len(seen) == len(set(seen)), "two canals cross over a gap"
        before = list(state.scores())
        move = rng.choice(state.legal_moves())
        again = SPEC.parse_move(state, str(move))  # the notation names the same move on either table
        assert again == move and str(again) == str(move)
        state.apply(move)
        assert all(x >= y for x, y in zip(state.scores(), before))
    assert state.outcome.winners


def test_refused_clicks_name_the_rule():
    state = layout()
    cell = parse_cell
    assert "next to a station" in state.explain_click((("cell", cell("a9")),))
    assert "row or a column" in state.explain_click((("cell", cell("c3")), ("cell", cell("e5"))))
    assert "next station in line" in state.explain_click((("cell", cell("c5")), ("cell", cell("f5"))))
    state.canals[(cell("c3"), cell("e3"))] = Y
    state._legal = None
    assert "all three" in state.explain_click((("link", cell("c3"), cell("e3")),))
    state.sabotaged[0] = True
    state.canals[(cell("c5"), cell("e5"))] = B
    assert "one sabotage" in state.explain_click((("link", cell("c5"), cell("e5")),))
    state.phase = "add"
    state.stacks_colour_moved = Y
    assert "another colour" in state.explain_click((("pool", Y),))


# ---- legality is written once: fault() and the move list agree -----------------------
def random_positions(count_games=12, every=5, seeds=None):
    """Positions from random games of every size, table and crossing rule."""
    for seed in range(count_games) if seeds is None else seeds:
        players = 2 + seed % 4
        options = {"random_setup": seed % 3 == 0, "crossing": seed % 2 == 0, "table": ("open", "9x9")[seed % 5 == 0]}
        state = SPEC.new_game(players, seed, options)
        rng = random.Random(seed)
        k = 0
        while not state.is_over:
            if k % every == 0:
                yield state
            state.apply(rng.choice(state.legal_moves()))
            k += 1
        yield state


def every_move_near(state):
    """A superset of the legal moves: every kind of move with every parameter
    around the layout (cells two beyond the stations), legal or not."""
    n = state.n
    x0, x1, y0, y1 = state.spread if state.station_cells else (n // 2, n // 2, n // 2, n // 2)
    window = [y * n + x for y in range(max(0, y0 - 2), min(n, y1 + 3)) for x in range(max(0, x0 - 2), min(n, x1 + 3))]
    pairs = set(state.stacks_left) | {(R, Y), (R, R)}
    yield SkurdirMove("pass")
    for seat in range(-1, state.players + 1):
        yield SkurdirMove("first", seat=seat)
    for colour in range(-1, 6):
        yield SkurdirMove("colour", colour=colour)
    for cell in window:
        yield SkurdirMove("station", cell=cell, grid=n)
        for pair in pairs:
            yield SkurdirMove("stack", cell=cell, stack=pair, grid=n)
        for colour in range(-1, 6):
            yield SkurdirMove("add", cell=cell, colour=colour, grid=n)
        x, y = cell % n, cell // n
        for other in window:
            if other % n == x or other // n == y:
                for colour in {state.colour_of[state.to_move] if state.to_move is not None else None, state.neutral,
                               R, K} - {None}:
                    for neutral in (False, True):
                        yield SkurdirMove("canal", cell=cell, to=other, colour=colour, neutral=neutral, grid=n)
    for a, b in list(state.canals) + [(b, a) for a, b in state.canals]:
        yield SkurdirMove("remove", cell=a, to=b, grid=n)
        yield SkurdirMove("sabotage", cell=a, to=b, grid=n)
    # routes: every path along canals either way that visits no station twice (or
    # one, when short), from every station
    links = {}
    for a, b in state.canals:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    paths = [(c,) for c in state.station_cells]
    while paths:
        path = paths.pop()
        yield SkurdirMove("transport", route=path, grid=n)
        paths += [path + (nxt,) for nxt in links.get(path[-1], ()) if nxt not in path or len(path) < 3]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_fault_allows_exactly_the_legal_moves(seed):
    """For every move of a superset, in positions of random games: fault() says
    nothing exactly when the move is in legal_moves(); the move list stays a
    fast generator, and this proves it writes no second rule. (Every ninth
    position of each game: the neighbours of a position hold the same kinds of
    moves, and twelve games of every size, table and rule cover the phases.)"""
    checked = 0
    for state in random_positions(seeds=[seed], every=9):
        legal_now = set(state.legal_moves())
        seen = set()
        for move in every_move_near(state):
            if move in seen:
                continue
            seen.add(move)
            reason = state.fault(move)
            assert (reason is None) == (move in legal_now), (str(state.phase), move, reason)
            assert reason is None or (isinstance(reason, str) and reason)
            checked += 1
        assert legal_now <= seen, "the superset misses a legal move"
    assert checked > 10_000


def test_a_refused_click_says_the_fault_of_the_move_it_would_have_made():
    refused = 0
    for state in random_positions(count_games=10):
        if state.phase != "build":
            continue
        mine = state.colour_of[state.to_move]
        starts = {m.targets[0] for m in state.legal_moves() if m.kind == "canal" and not m.neutral}
        for start in starts:
            for end in state.station_cells:
                move = SkurdirMove("canal", cell=start[1], to=end, colour=mine, grid=state.n)
                if move in state.legal_moves():
                    continue
                assert state.explain_click((start, ("cell", end))) == state.fault(move)
                refused += 1
        for a, b in state.canals:
            link = ("link", a, b)
            if not any(m.targets[0] == link for m in state.legal_moves()):
                kind = "remove" if state.canals[(a, b)] == mine else "sabotage"
                assert state.explain_click((link,)) == state.fault(SkurdirMove(kind, cell=a, to=b, grid=state.n))
                refused += 1
    assert refused > 50


def test_the_log_states_facts_and_words_says_them():
    from game.games.skurdir.words import WORDS
    state = one_canal()  # Yellow, Green, Blue, Red: the yellow passenger pays Green 1, Blue 2, Yellow 3
    state.to_move, state.free, state.spare, state.sabotaged, state._legal = 0, [0] * 5, [False] * 4, [True] * 4, None
    play(state, "p")
    move = state.legal_moves()[0]
    entry = state.log_entry(move)
    assert (entry.seat, entry.verb) == (0, "transport")
    assert entry.data == {"colour": Y, "route": ["e5", "e6"], "gains": [3, 1, 2, 0]}
    assert WORDS.move(state, move) == "P1 moves the Yellow passenger e5→e6 (P1 3, P2 1, P3 2)"
    assert WORDS.phase(state) == "P1: transport a passenger"
    sabotage = SkurdirMove("sabotage", cell=parse_cell("e5"), to=parse_cell("e6"))
    assert WORDS.entry(state.log_entry(sabotage)) == "P1 sabotages the canal e5→e6"


def test_the_set_up_says_who_places_which_stack():
    from game.games.skurdir.words import WORDS
    state = SPEC.new_game(3, 5, {})
    said = []
    while state.phase == "stacks" and len(said) < 4:
        said.append(WORDS.phase(state))
        state.apply(state.legal_moves()[0])
    assert said == ["P1: choose the centre stack", "P1: place a second stack, beside the centre one",
                    "P2: place a stack", "P3: place a stack"]


def test_the_next_click_of_a_canal_or_a_pool_passenger_is_said_in_words():
    from game.engine.core import seat_ref
    from game.games.skurdir.rules import COLOURS, cell_name
    from game.games.skurdir.words import WORDS
    state = SPEC.new_game(2, 3, {"random_setup": True})
    rng = random.Random(3)
    said = {}
    while not state.is_over and len(said) < 2:
        legal = state.legal_moves()
        for move in legal:
            kind = "canal" if move.kind == "canal" and not move.neutral else move.kind
            if kind in ("canal", "add") and kind not in said:
                chosen = move.targets[:1]
                starting = [m for m in legal if m.targets[:1] == chosen]
                said[kind] = (move, WORDS.step(state, chosen, starting), {m.kind for m in starting}, state.to_move)
        state.apply(rng.choice(legal))
    canal, words, kinds, canal_seat = said["canal"]
    start = cell_name(canal.cell, canal.grid)
    assert words.startswith(f"{seat_ref(canal_seat)}: now click "), words
    assert f"where the canal from {start} ends" in words
    assert ("the passenger's way on" in words) == ("transport" in kinds)
    add, words, _kinds, _seat = said["add"]
    assert words.endswith(f"now click a lit station for the {COLOURS[add.colour]} passenger")

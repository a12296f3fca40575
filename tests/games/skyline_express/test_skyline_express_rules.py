"""Skyline Express Roll & Write: every rule, the rulebook's examples and the solo automaton."""
from __future__ import annotations

import json
import random

import pytest

from game.engine.core import IllegalMove
from game.games.skyline_express.rules import (
    B,
    DICE_TRACK,
    EMPTY,
    G,
    PAIRS,
    R,
    SERVICE_TRACK,
    SERVICES,
    SPEC,
    TASKS,
    Y,
    Sheet,
    SkylineMove,
    automaton_candidates,
    automaton_seat,
    automaton_service,
    automaton_value_cost,
    band,
    seat_name,
    service_points,
    task_met,
    task_points,
    vip_points,
)
from game.games.skyline_express.words import AUTOMATON, WORDS, sheet_name


def seat(name: str) -> int:
    return (int(name[0]) - 1) * 4 + "abcd".index(name[1])


def service(name: str) -> int:
    return next(i for i in range(len(SERVICES)) if f"{'RYGB'[SERVICES[i][1][0]]}{'RYGB'[SERVICES[i][1][1]]}{SERVICES[i][0] + 1}" == name)


def play(state, *texts):
    for t in texts:
        state.apply(SPEC.parse_move(state, t))


def sheet_with(compartments: dict) -> Sheet:
    """A sheet whose compartments (1-based) hold the given colour strings, e.g. {1: "RRGG"}."""
    s = Sheet()
    for c, colours in compartments.items():
        for k, ch in enumerate(colours):
            if ch != ".":
                s.colours[(c - 1) * 4 + k] = "RYGB".index(ch)
    return s


# ---- the rulebook's examples -------------------------------------------------
def test_four_yellow_vips_in_one_compartment_score_16():
    s = sheet_with({2: "YYYY"})
    s.vips[4:8] = [True] * 4
    assert vip_points(s.colours, s.vips) == 16


def test_each_vip_counts_its_own_colour_in_its_compartment_only():
    s = sheet_with({1: "YYRG", 2: "YY.."})
    s.vips[0] = True  # yellow with one other yellow beside it
    s.vips[2] = True  # the only red
    assert vip_points(s.colours, s.vips) == 2 + 1


def test_red_green_service_with_4_red_and_8_green_scores_8():
    s = sheet_with({1: "RRRR", 2: "GGGG", 3: "GGGG"})
    assert service_points(s.colours, [service("RG1")]) == 8


def test_a_service_counts_pairs_across_the_whole_carriage():
    s = sheet_with({1: "B...", 4: "..Y.", 6: "YB.B"})
    assert service_points(s.colours, [service("YB1")]) == 2 * 2
    assert service_points(s.colours, [service("YB1"), service("RG1")]) == 4


@pytest.mark.parametrize("colour,band_,pattern,miss", [
    (B, 0, "GBGB", "GBBG"),
    (B, 1, "RGRG", "GGRR"),
    (B, 2, "YRYR", "YRRY"),
    (G, 0, "GRRR", "GRRY"),
    (G, 1, "BBYB", "BBYY"),
    (G, 2, "RYGG", "RYGB"),
    (R, 0, "YRYY", "RRYY"),
    (R, 1, "GGGB", "GBGB"),
    (R, 2, "BBRG", "BYRG"),
    (Y, 0, "BRBR", "BBRR"),
    (Y, 1, "YBYB", "YBBY"),
    (Y, 2, "GYGY", "GYYG"),
])
def test_each_of_the_twelve_tasks_counts_once_per_compartment_that_meets_it(colour, band_, pattern, miss):
    task = TASKS[colour][band_]
    pts = task[3]
    assert pts == (2 if task[0] in ("window", "corridor") else 5)
    one = sheet_with({3: pattern, 5: miss})
    assert task_points(one.colours, [task]) == pts
    two = sheet_with({1: pattern, 3: miss, 6: pattern})
    assert task_points(two.colours, [task]) == 2 * pts
    assert task_points(sheet_with({2: miss}).colours, [task]) == 0


def test_window_and_corridor_tasks_count_once_even_in_a_one_colour_compartment():
    full = sheet_with({1: "GGGG"})
    assert task_points(full.colours, [TASKS[R][2], TASKS[G][2]]) == 2 + 2


def test_across_option_anywhere_accepts_any_two_and_two():
    task = TASKS[B][0]  # green across blue
    assert not task_met(task, [G, B, B, G], "benches")
    assert task_met(task, [G, B, B, G], "anywhere")
    assert task_met(task, [G, G, B, B], "anywhere")
    assert not task_met(task, [G, G, B, R], "anywhere")


def test_surround_needs_a_full_compartment_and_a_different_colour():
    task = TASKS[G][0]
    assert not task_met(task, [G, R, R, EMPTY])
    assert not task_met(task, [G, G, G, G])
    assert task_met(task, [R, R, G, R])


# ---- set-up -------------------------------------------------------------------
def test_setup_roll_selects_one_task_per_die_colour():
    for seed in range(20):
        state = SPEC.new_game(2, seed)
        assert len(state.tasks) == 4
        for d, v in enumerate(state.task_roll):
            assert 1 <= v <= 6
            assert state.tasks[d] == TASKS[d][(v - 1) // 2]


def test_every_player_has_the_same_tasks_and_an_empty_sheet():
    state = SPEC.new_game(4, 3)
    assert len(state.sheets) == 4
    assert all(s.colours == [EMPTY] * 24 for s in state.sheets)
    assert state.phase == "pick" and state.to_move == 0 and state.round == 1


# ---- a turn -------------------------------------------------------------------
def with_dice(state, values):
    state.dice = list(values)
    state._legal = None
    return state


def test_die_value_gives_its_bonus():
    state = with_dice(SPEC.new_game(4, 1), [1, 3, 5, 6])
    play(state, "d R", "p 1a")
    s0 = state.sheets[0]
    assert (s0.service_earned, s0.dice_earned, s0.vips[0]) == (2, 0, False)
    play(state, "d Y", "p 1a")
    s1 = state.sheets[1]
    assert (s1.service_earned, s1.dice_earned, s1.vips[0]) == (1, 1, False)
    play(state, "d G", "p 2c")
    s2 = state.sheets[2]
    assert s2.vips[seat("2c")] and s2.colours[seat("2c")] == G and s2.service_earned == 0
    assert s2.dice_earned == 0


# every value of a die, so both edges of each band are pinned: 1 | 2-4 | 5-6
@pytest.mark.parametrize("value,service,dice,vip", [
    (1, 2, 0, False), (2, 1, 1, False), (3, 1, 1, False), (4, 1, 1, False), (5, 0, 0, True), (6, 0, 0, True),
])
def test_each_die_value_gives_the_bonus_of_its_band(value, service, dice, vip):
    state = with_dice(SPEC.new_game(2, 1), [value] * 4)
    play(state, "d R")
    assert state.log_entry(SkylineMove("seat", seat=seat("2b"))).data["vip"] == vip
    play(state, "p 2b")
    s0 = state.sheets[0]
    assert (s0.service_earned, s0.dice_earned, s0.vips[seat("2b")]) == (service, dice, vip)


def test_a_value_changed_across_a_band_edge_gives_the_new_bands_bonus():
    state = with_dice(SPEC.new_game(2, 1), [4, 4, 4, 4])
    state.sheets[0].dice_earned = 1
    play(state, "d R", "v 5", "p 1a")  # a 4 made a 5: a VIP, no track points
    s0 = state.sheets[0]
    assert s0.vips[0] and (s0.service_earned, s0.dice_earned) == (0, 1)
    state = with_dice(SPEC.new_game(2, 1), [2, 2, 2, 2])
    state.sheets[0].dice_earned = 1
    play(state, "d R", "v 1", "p 1a")  # a 2 made a 1: two service points, no dice point
    s0 = state.sheets[0]
    assert not s0.vips[0] and (s0.service_earned, s0.dice_earned) == (2, 1)


def test_the_task_roll_bands_are_one_two_three_four_five_six():
    assert [band(v) for v in range(1, 7)] == [0, 0, 1, 1, 2, 2]


def test_passenger_takes_the_die_colour_and_an_empty_seat_only():
    state = with_dice(SPEC.new_game(2, 1), [2, 2, 2, 2])
    play(state, "d B", "p 4d")
    assert state.sheets[0].colours[seat("4d")] == B
    play(state, "d R", "p 4d")  # another player's sheet: that seat is free there
    play(state, "d Y")
    with pytest.raises(IllegalMove, match="taken"):
        play(state, "p 4d")


def test_a_taken_die_cannot_be_chosen_again_in_the_round():
    state = with_dice(SPEC.new_game(3, 1), [2, 2, 2, 2])
    play(state, "d B", "p 1a")
    assert state.check(SkylineMove("take", die=B)) == "That die is already taken this round: choose one still in the tray."


def test_value_change_costs_a_dice_point_per_step_without_wrapping():
    state = with_dice(SPEC.new_game(2, 1), [4, 4, 4, 4])
    state.sheets[0].dice_earned = 3
    play(state, "d R")
    assert state.check(SkylineMove("value", value=1)) is None  # three steps down
    assert state.check(SkylineMove("value", value=6)) is None  # two steps up
    state.sheets[0].dice_earned = 2
    state._legal = None
    assert "costs" in state.check(SkylineMove("value", value=1))
    play(state, "v 5")
    assert state.sheets[0].dice_left == 1
    play(state, "p 2b")
    assert state.sheets[0].vips[seat("2b")]


def test_one_to_six_is_five_steps():
    state = with_dice(SPEC.new_game(2, 1), [1, 1, 1, 1])
    state.sheets[0].dice_earned = 4
    play(state, "d G")
    reason = state.check(SkylineMove("value", value=6))
    assert "no jump between 1 and 6" in reason and "costs 5" in reason
    play(state, "v 5")
    assert state.sheets[0].dice_left == 0


def test_paint_costs_three_dice_points_once_per_passenger():
    state = with_dice(SPEC.new_game(2, 1), [3, 3, 3, 3])
    state.sheets[0].dice_earned = 7
    play(state, "d R", "c B")
    assert state.sheets[0].dice_left == 4
    assert "already paid" in state.check(SkylineMove("paint", colour=G))
    play(state, "p 1a")
    assert state.sheets[0].colours[0] == B


def test_paint_needs_three_dice_points():
    state = with_dice(SPEC.new_game(2, 1), [3, 3, 3, 3])
    state.sheets[0].dice_earned = 2
    play(state, "d R")
    assert "costs 3 dice points" in state.check(SkylineMove("paint", colour=B))


def test_service_costs_five_points_and_closes_it_for_the_others():
    state = with_dice(SPEC.new_game(2, 1), [3, 3, 3, 3])
    state.sheets[0].service_earned = 6
    state.sheets[1].service_earned = 10
    play(state, "s RG1")
    assert state.sheets[0].service_left == 1
    assert "costs 5 service points" in state.check(SkylineMove("service", service=service("RB1")))
    play(state, "d R", "p 1a")
    assert state.check(SkylineMove("service", service=service("RG1"))) == "That service is already taken."
    play(state, "s RB1")  # a service can be bought before taking a die
    play(state, "d Y")
    assert state.check(SkylineMove("service", service=service("RB1"))) == "That service is already taken."
    assert "only used with 3 or 4" in state.check(SkylineMove("service", service=service("YG2")))


def test_no_two_services_of_the_same_colours_and_the_second_row_with_three_or_four():
    state = with_dice(SPEC.new_game(3, 1), [3, 3, 3, 3])
    state.sheets[0].service_earned = 20
    play(state, "s RG1")
    assert state.check(SkylineMove("service", service=service("RG2"))) == "You already have a service of those two colours."
    state.to_move = 1
    state._legal = None
    state.sheets[1].service_earned = 5
    assert state.check(SkylineMove("service", service=service("RG2"))) is None


def test_tracks_have_an_end():
    s = Sheet()
    for _ in range(40):
        s.gain(2, 1)
    assert (s.service_earned, s.dice_earned) == (SERVICE_TRACK, DICE_TRACK)


# ---- rounds ---------------------------------------------------------------------
def movers_of_round(state):
    out = []
    r = state.round
    while state.round == r and not state.is_over:
        out.append(state.to_move)
        free = next(d for d in range(4) if state.taken[d] == EMPTY)
        play(state, f"d {'RYGB'[free]}")
        sheet = state.sheets[state.to_move]
        play(state, f"p {seat_name(sheet.colours.index(EMPTY))}")
    return out


def test_three_players_take_one_die_each_and_the_first_player_passes_on():
    state = SPEC.new_game(3, 2)
    assert movers_of_round(state) == [0, 1, 2]
    assert state.taken.count(EMPTY) == 4  # new round, new roll
    assert movers_of_round(state) == [1, 2, 0]
    assert movers_of_round(state) == [2, 0, 1]


def test_four_players_use_all_four_dice():
    state = SPEC.new_game(4, 2)
    assert movers_of_round(state) == [0, 1, 2, 3]
    assert movers_of_round(state) == [1, 2, 3, 0]


def test_two_players_take_one_die_each_by_default():
    # the rulebook's turn rule; its 1-2-1 order is printed apart as a variant (ruling 14)
    assert SPEC.default_options()["two_player"] == "standard"
    state = SPEC.new_game(2, 2)
    assert movers_of_round(state) == [0, 1]
    assert state.taken.count(EMPTY) == 4  # two dice were left in the tray: a new round, a new roll
    assert movers_of_round(state) == [1, 0]


def test_two_player_variant_option_is_one_two_one():
    state = SPEC.new_game(2, 2, {"two_player": "variant"})
    assert movers_of_round(state) == [0, 1, 1, 0]
    assert movers_of_round(state) == [1, 0, 0, 1]


@pytest.mark.parametrize("players,six", [(1, "five"), (1, "keep"), (2, "five"), (3, "five"), (4, "five")])
def test_game_ends_when_every_carriage_is_full(players, six):
    state = SPEC.new_game(players, 5, {"automaton_six": six})
    rng = random.Random(5)
    while not state.is_over:
        assert not all(s.full for s in state.sheets)
        state.apply(rng.choice(state.legal_moves()))
    assert all(s.full for s in state.sheets)
    assert state.outcome.scores == tuple(state.scores())


def test_shared_victory_on_a_tie():
    state = SPEC.new_game(2, 1)
    for s in state.sheets:
        s.colours = [R] * 24
    state._finish()
    assert state.outcome.winners == (0, 1)
    assert "P1 and P2 share the victory" in state.outcome.reason


def test_the_end_names_the_winner():
    state = SPEC.new_game(2, 3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    (winner,) = state.outcome.winners
    top = state.outcome.scores[winner]
    assert top > min(state.outcome.scores)
    assert state.outcome.reason == f"Every carriage is full. P{winner + 1} wins with {top} points."


def test_score_breakdown_adds_tasks_vips_and_services():
    state = SPEC.new_game(2, 1)
    state.tasks = [TASKS[R][2]]  # window pairs: 2 points
    s = state.sheets[0]
    s.colours[:8] = [G, G, B, B, Y, Y, Y, Y]
    s.vips[4] = True
    s.services = [service("GB1")]
    assert state.breakdown(0) == {"tasks": 4, "vips": 4, "services": 4, "total": 12}


# ---- notation and explanations ------------------------------------------------------
def test_notation_round_trips_and_unknown_text_is_refused():
    state = with_dice(SPEC.new_game(2, 1), [3, 3, 3, 3])
    for m in state.legal_moves():
        assert SPEC.parse_move(state, str(m)) == m
    with pytest.raises(IllegalMove, match="notation"):
        SPEC.parse_move(state, "q 7")


def test_clicks_that_break_a_rule_say_which():
    state = with_dice(SPEC.new_game(2, 1), [3, 3, 3, 3])
    assert state.explain_click((("seat", 0),)) == "Take a die from the tray first."
    assert "costs 5 service points" in state.explain_click((("service", 0),))
    play(state, "d R")
    assert "seat its passenger first" in state.explain_click((("die", 1),))


def test_views_are_public_and_json():
    state = SPEC.new_game(3, 4)
    assert state.view(0) == state.view(2)
    json.dumps(state.view(1))


# ---- the solo automaton ------------------------------------------------------------
def solo(seed=1, dice=(2, 2, 2, 2), options=None):
    state = SPEC.new_game(1, seed, options)
    return with_dice(state, dice)


def test_solo_round_person_then_automaton_then_reroll_of_the_last_two():
    state = solo(dice=(2, 3, 4, 6))
    assert state.players == 1 and len(state.sheets) == 2
    assert state.to_move == 0 and state.phase == "pick"
    rolls = state.rolls
    play(state, "d R", "p 1a")
    # the automaton took a die: fewest of a colour (all 0), then the highest value: blue 6
    assert state.taken[B] == 1
    assert state.sheets[1].colours.count(B) == 1 and state.sheets[1].vips[0]
    assert state.rolls == rolls + 1  # the two dice left were rolled again
    assert state.to_move == 0 and state.phase == "pick" and state.round == 1
    free = [d for d in range(4) if state.taken[d] == EMPTY]
    assert free == [Y, G]
    play(state, "d Y", "p 1b")
    assert state.sheets[1].colours.count(G) == 1  # the automaton got the last die
    assert state.round == 2 and state.to_move == 0
    assert state.sheets[1].filled == 2 and state.sheets[0].filled == 2


def test_automaton_priority_fewest_of_a_colour():
    s = sheet_with({1: "RRY.", 2: "GB.."})
    assert automaton_candidates(s, [6, 1, 1, 1], [R, Y, G]) == [Y, G]  # the red 6 loses: two reds already
    assert automaton_candidates(s, [6, 1, 3, 1], [R, Y, G]) == [G]  # Y and G have 1; G is higher


def test_automaton_priority_highest_value():
    s = Sheet()
    assert automaton_candidates(s, [2, 5, 3, 5], [R, Y, G, B]) == [Y, B]
    assert automaton_candidates(s, [2, 5, 3, 4], [R, Y, G, B]) == [Y]


def test_automaton_priority_services_then_the_person_decides():
    s = sheet_with({1: "RYGG", 2: "BB.."})
    s.services = [service("RB1")]  # one more red makes a red-blue pair; yellow makes none
    assert automaton_candidates(s, [4, 4, 4, 4], [R, Y, G, B]) == [R]
    s.services = [service("RB1"), service("YG1")]
    assert automaton_candidates(s, [4, 4, 4, 4], [R, Y, G, B]) == [R, Y]


def test_automaton_tie_is_a_move_of_the_person():
    state = solo(dice=(2, 5, 3, 5))
    play(state, "d R", "p 1a")
    assert state.phase == "tie" and state.to_move == 0
    assert sorted(m.die for m in state.legal_moves()) == [Y, B]
    assert "only" in state.check(SkylineMove("give", die=G))
    assert state.explain_click((("seat", 3),)) == "First choose which tied die the automaton takes."
    play(state, "a B")
    assert state.taken[B] == 1 and state.sheets[1].colours.count(B) == 1
    assert state.phase == "pick"


def test_automaton_must_turn_its_die_into_a_five_when_it_can():
    """"Whenever the opponent has enough dice points to change the value of the chosen
    die to a 5 he MUST do it." A 6 included (ruling 11): one dice point, and the
    passenger is still a VIP."""
    state = solo(dice=(6, 6, 6, 2))
    state.sheets[1].dice_earned = 3
    play(state, "d R", "p 1a")
    # fewest colour: all; highest value: Y and G (6) tie -> the person chooses
    assert "turned 6 into 5" in WORDS.move(state, SkylineMove("give", die=Y))  # the log says so
    play(state, "a Y")
    auto = state.sheets[1]
    assert auto.dice_spent == 1
    assert auto.vips[auto.colours.index(Y)]
    assert ("value", 6, 5) in state.last_auto
    # from a 1: four steps, all paid
    state2 = solo(dice=(1, 1, 1, 2))
    state2.sheets[1].dice_earned = 4
    state2.sheets[1].colours[:3] = [R, Y, G]
    play(state2, "d R", "p 1a")  # the automaton: fewest is blue (0), a 2: three steps
    assert state2.sheets[1].dice_spent == 3
    i = state2.sheets[1].colours.index(B)
    assert state2.sheets[1].vips[i]


def test_option_keep_six_leaves_the_automatons_six_alone():
    state = solo(dice=(6, 6, 6, 2), options={"automaton_six": "keep"})
    assert state.automaton_six == "keep" and state.view(0)["automaton_six"] == "keep"
    assert state.to_json()["options"]["automaton_six"] == "keep"
    state.sheets[1].dice_earned = 3
    play(state, "d R", "p 1a", "a Y")
    auto = state.sheets[1]
    assert auto.dice_spent == 0 and auto.vips[auto.colours.index(Y)]
    # a 1 to 4 is still raised to a 5 under the option
    state2 = solo(dice=(1, 1, 1, 2), options={"automaton_six": "keep"})
    state2.sheets[1].dice_earned = 3
    state2.sheets[1].colours[:3] = [R, Y, G]
    play(state2, "d R", "p 1a")
    assert state2.sheets[1].dice_spent == 3


def test_automaton_value_cost_by_value_and_option():
    s = Sheet()
    s.dice_earned = 1
    assert [automaton_value_cost(s, v) for v in range(1, 7)] == [0, 0, 0, 1, 0, 1]
    assert [automaton_value_cost(s, v, "keep") for v in range(1, 7)] == [0, 0, 0, 1, 0, 0]
    s.dice_earned = 4
    assert [automaton_value_cost(s, v) for v in range(1, 7)] == [4, 3, 2, 1, 0, 1]


def test_automaton_with_too_few_dice_points_keeps_the_value():
    state = solo(dice=(1, 1, 1, 2))
    state.sheets[1].dice_earned = 2
    state.sheets[1].colours[:3] = [R, Y, G]
    play(state, "d R", "p 1a")
    a = state.sheets[1]
    assert a.dice_spent == 0 and not any(a.vips)
    assert a.service_earned == 1 and a.dice_earned == 3


def test_automaton_takes_the_best_service_at_once():
    state = solo(dice=(1, 1, 1, 1))
    a = state.sheets[1]
    a.colours[:6] = [G, G, G, B, B, R]
    a.service_earned = 4
    play(state, "d R", "p 1a")
    # all colours but yellow tie at >= 1... yellow has 0: it takes the yellow 1 -> 2 service points
    assert a.colours.count(Y) == 1
    assert a.service_spent == 5
    assert a.services == [service("GB1")]  # G-B: 2 pairs = 4 points, the most
    assert state.service_owner[service("GB1")] == 1
    assert state.check(SkylineMove("service", service=service("GB1"))) in ("That service is already taken.",
                                                         "A service costs 5 service points; you have 0.")


def test_automaton_service_ties_go_leftmost_then_topmost():
    s = Sheet()  # nothing scores: every service ties at 0
    assert automaton_service(s, list(range(12))) == service("RY1")
    assert automaton_service(s, [service("YB1"), service("RY2"), service("YB2")]) == service("RY2")
    assert automaton_service(s, [service("GB2"), service("GB1")]) == service("GB1")
    s.services = [service("RY1")]
    assert automaton_service(s, [service("RY2"), service("YG1")]) == service("YG1")


def test_automaton_seats_a_new_colour_in_an_empty_compartment():
    s = sheet_with({1: "RR..", 2: "Y..."})
    assert seat_name(automaton_seat(s, G)) == "3a"


def test_automaton_seats_the_next_of_a_colour_with_the_others():
    s = sheet_with({1: "RR..", 2: "Y..."})
    assert seat_name(automaton_seat(s, R)) == "1c"
    assert seat_name(automaton_seat(s, Y)) == "2b"
    s2 = sheet_with({1: "R...", 3: "RR.."})
    assert seat_name(automaton_seat(s2, R)) == "3c"  # the most of that colour


def test_automaton_moves_on_to_the_next_empty_compartment_when_full():
    s = sheet_with({1: "RRRR", 2: "Y..."})
    assert seat_name(automaton_seat(s, R)) == "3a"


def test_automaton_without_an_empty_compartment_reads_the_top_row_first():
    s = sheet_with({1: "RRRR", 2: "Y...", 3: "G...", 4: "B...", 5: "YY..", 6: "GB.."})
    assert seat_name(automaton_seat(s, R)) == "2b"
    s2 = sheet_with({1: "RRRR", 2: "YY.Y", 3: "GG..", 4: "BBB.", 5: "YYY.", 6: "GBBB"})
    assert seat_name(automaton_seat(s2, R)) == "2c"


def test_automaton_scores_no_tasks_and_double_vips():
    state = SPEC.new_game(1, 1)
    state.tasks = [TASKS[R][2]]
    for sh in state.sheets:
        sh.colours[:4] = [Y, Y, Y, Y]
        sh.vips[0] = True
        sh.services = [service("RY1")]
    assert state.breakdown(0) == {"tasks": 2, "vips": 4, "services": 0, "total": 6}
    assert state.breakdown(1) == {"tasks": 0, "vips": 8, "services": 0, "total": 8}
    assert state.scores() == [6]
    assert state.automaton_score() == 8
    assert sheet_name(state.solo, 1) == AUTOMATON and sheet_name(state.solo, 0) == "P1"


def test_solo_result_compares_with_the_automaton():
    state = SPEC.new_game(1, 1)
    state.sheets[0].colours = [R] * 24
    state.sheets[1].colours = [R] * 24
    state.sheets[1].vips[0] = True
    state._finish()
    assert state.outcome.winners == () and "automaton wins" in state.outcome.reason
    assert SPEC.arena_figures(state) == {"automaton_score": 8, "beat_automaton": 0}


def test_solo_uses_only_the_first_service_row():
    state = solo()
    assert state.open_services() == list(range(6))
    assert PAIRS == tuple(SERVICES[i][1] for i in range(6))


def test_the_arena_reports_the_automaton_score():
    from game import bench

    out = bench.arena("skyline_express", "random", "random", 2, players=1, workers=1, log=None)
    assert out["games"] == 2 and out["players"] == 1
    assert set(out["extra"]) == {"automaton_score", "beat_automaton"}
    assert out["extra"]["automaton_score"] > 0 and 0 <= out["extra"]["beat_automaton"] <= 1

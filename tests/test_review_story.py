"""The review told as a story (game/review_story.py): the chart's lines end at the result,
a lost game whose every move was good still says where it slid and its largest step, and
in a game of chance the fall is split into what came where the dice fell and what came
from choices. The verdicts are planted (the search's figures are not what is tested here);
the games, the chance points and the words are the real ones."""
from __future__ import annotations

import random

import pytest

from game.engine.match import Match, Seat
from game.replay import Replay
from game.review import GameReview
from game.review_story import chance_plies, story
from game.shelf import GAMES, words_for


def finished(game_id: str, players: int, loser_wanted: bool = True) -> Replay:
    """A random game Ann (seat 0, the one person) lost."""
    spec = GAMES[game_id]
    for seed in range(200):
        seats = [Seat("Ann", 0)] + [Seat(f"Computer {i}", i, "computer", "normal") for i in range(1, players)]
        match = Match(spec, seats, seed)
        rng = random.Random(seed)
        while not match.state.is_over:
            match.play(rng.choice(match.state.legal_moves()))
        if (0 not in match.state.outcome.winners) == loser_wanted and match.state.outcome.winners:
            return Replay.of_match(match)
    raise AssertionError("no such game")


def plant(review: GameReview, values: dict, costs: dict | None = None) -> None:
    """Ann's decisions, each with her chance after it (values: ply -> chance) and, for the
    plies in `costs`, a marked move that cost that much."""
    costs = costs or {}
    for ply in review.plan:
        after = values[ply]
        cost = costs.get(ply, 0.0)
        grade = "good" if not cost else ("blunder" if cost >= 0.25 else "mistake")
        seats = [after] + [(1 - after) / (len(review.replay.seats) - 1)] * (len(review.replay.seats) - 1)
        review.results[ply] = {"ply": ply, "seat": 0, "played": "x", "best": "y" if cost else "x",
                               "played_value": after, "best_value": after + cost, "cost": cost, "grade": grade,
                               "played_seats": seats, "best_seats": None, "line": [], "played_words": "",
                               "best_words": ""}


def test_a_lost_game_without_a_marked_move_says_where_it_slid_and_its_largest_step():
    replay = finished("scurry", 2)
    review = GameReview(replay, "quick")
    plan = review.plan
    assert len(plan) > 12
    # level at 55 %, then a slide over six decisions to 20 %, the fourth step the largest (9 %), then level
    slide = [0.55, 0.50, 0.45, 0.40, 0.31, 0.26, 0.20]
    top = len(plan) // 3
    values = {ply: 0.55 if k <= top else slide[min(k - top, len(slide) - 1)] for k, ply in enumerate(plan)}
    plant(review, values)
    told = story(review, None, None, words_for("scurry"))
    assert not review.marked() and told.lines[0][0] == 0
    high, low = plan[top] + 1, plan[top + len(slide) - 1] + 1  # after these moves: 55 %, then 20 %
    step_from, step_to = plan[top + 3] + 2, plan[top + 4] + 1
    said = told.lines[0][1]
    assert said.startswith("You lost to Computer 1 by ")
    assert (f"No single move lost it: your chance slid from 55 % to 20 % over moves {high + 1}–{low}; the largest "
            f"step was moves {step_from}–{step_to}, −9 %.") in said, said
    assert "Your own moves changed it by +0 %; the rest, −35 %, came between them" in said
    slide_found = told.slides[0]
    assert (slide_found.start, slide_found.end) == (high, low)
    # the chart: both players' lines, each ending at the result after the last move
    assert told.points[0][-1] == (replay.length, 0.0) and told.points[1][-1] == (replay.length, 1.0)
    assert told.points[0][-2] == (plan[-1] + 1, 0.20)


def test_a_marked_move_that_cost_most_of_the_fall_is_named_as_the_turn():
    replay = finished("scurry", 2)
    review = GameReview(replay, "quick")
    plan = review.plan
    k = len(plan) // 2
    values = {ply: 0.6 if i < k else 0.25 for i, ply in enumerate(plan)}
    plant(review, values, {plan[k]: 0.3})
    said = story(review).lines[0][1]
    assert f"Move {plan[k] + 1} turned it: a blunder that cost 30 %; your chance went from 60 % to 25 %" in said


def test_in_a_game_of_chance_the_fall_is_split_into_the_dice_and_the_choices():
    replay = finished("skyline_express", 2)
    review = GameReview(replay, "quick")
    plan = review.plan
    rolls = chance_plies(replay)
    assert rolls and all(kinds == {"dice"} for kinds in rolls.values())
    assert all(replay.spec.id and ply < replay.length for ply in rolls)
    # from 70 %: 5 % lost in each stretch with a roll, 4 % in each without, and one move marked (−10 %)
    value, values, luck, others = 0.7, {}, 0.0, 0.0
    first = len(plan) // 4
    marked = plan[first + 3]
    for k, ply in enumerate(plan):
        if first < k <= first + 6:
            rolled = any(rolls.get(p) for p in range(plan[k - 1], ply))
            drop = 0.05 if rolled else 0.04
            luck, others = luck + (drop if rolled else 0), others + (0 if rolled else drop)
            value -= drop + (0.10 if ply == marked else 0)
        values[ply] = round(value, 6)
    assert luck > 0 and others > 0, (luck, others)  # stretches of both kinds in the fall
    plant(review, values, {marked: 0.10})
    told = story(review, None, None, words_for("skyline_express"))
    slide = told.slides[0]
    assert slide.luck == pytest.approx(-luck) and slide.own == pytest.approx(-0.10)
    assert slide.others == pytest.approx(-others)
    said = told.lines[0][1]
    assert (f"Of that, −{round(100 * luck)} % came where the dice fell, −{round(100 * (others + 0.1))} % from "
            f"choices (your own moves −10 %).") in said, said


def test_the_result_is_said_from_the_seats_view_and_by_how_much():
    from game.review_story import result_sentence
    from game.engine.core import Outcome

    names = ["Ann", "Bo", "Cy"]
    out = Outcome((45, 53, 40), (1,), "")
    assert result_sentence(out, True, 0, names, "You") == "You lost to Bo by 8 (45 to 53)."
    assert result_sentence(out, True, 1, names, "Bo") == "Bo won by 8 (53 to 45)."
    assert result_sentence(Outcome((50, 50), (0, 1), ""), True, 0, names[:2], "You") == "You shared the win (50 each)."
    # a win that scores do not say (Scurry: the side that cannot move loses, whatever it owns)
    assert result_sentence(Outcome((6, 18), (0,), ""), True, 0, names[:2], "You") == "You won."


def test_a_line_that_jumps_up_and_down_turns_where_it_falls_for_a_while():
    """Chances that swing with every roll (or with the kind of decision) hide the trend: the
    turning point is where the line falls for a while, its ends the real points there."""
    replay = finished("skyline_express", 2)
    review = GameReview(replay, "quick")
    plan = review.plan
    half = len(plan) // 2
    assert half > 12
    values = {}
    for k, ply in enumerate(plan):
        swing = 0.25 if k < half else 0.05
        level = 0.5 if k < half else 0.5 - 0.45 * (k - half) / (len(plan) - half)
        values[ply] = round(level + (swing if k % 2 else -swing), 6)
    values[plan[1]] = 0.8  # the line's highest point: an early swing up, long before the fall
    plant(review, values)
    slide = story(review).slides[0]
    tenth = (len(plan) - half) // 10
    # not the first swing down, far before: the stretch where most of the fall happened (its first
    # and last tenth, where the line has barely moved from its high or its low yet, left out)
    assert plan[half - 4] < slide.start <= plan[half + 2 * tenth] + 1
    assert slide.end >= plan[-1 - 2 * tenth] + 1
    assert slide.high == max(values[p] for p in plan if slide.start - 1 <= p < slide.end)  # real points of the line
    assert slide.low == values[next(p for p in plan if p + 1 == slide.end)]


def test_the_fall_begins_after_the_last_real_rise_not_at_the_games_highest_point():
    from game.review_story import Event, largest_slide

    def slide_of(values):
        events = [Event(2 * k, 0, [v, 1 - v], [v, 1 - v], {"grade": "good"}) for k, v in enumerate(values)]
        return largest_slide(events, 0, 2 * len(values) + 1, [0.0, 1.0], {})

    small_bump = [0.9, 0.8, 0.7, 0.6, 0.5, 0.53, 0.5, 0.4, 0.3, 0.2, 0.1]
    slide = slide_of(small_bump)
    assert (slide.high, slide.low, slide.start) == (0.9, 0.1, 1)  # a bump on the way down is no turn
    big_rise = [0.9, 0.7, 0.5, 0.3, 0.5, 0.7, 0.5, 0.3, 0.1]
    slide = slide_of(big_rise)
    assert (slide.high, slide.low, slide.start) == (0.7, 0.1, 11)  # it came back up to 70 %, then fell for good


def test_a_loss_after_the_last_choice_is_said_so_and_is_the_turning_point():
    """The issue's Scurry game: every move as good as the computer's, the chance still about even at
    the person's last choice, and the game lost in the moves after it."""
    replay = finished("scurry", 2)
    review = GameReview(replay, "quick")
    values = {ply: 0.46 if k % 3 == 1 else 0.5 for k, ply in enumerate(review.plan)}
    values[review.plan[-1]] = 0.5
    plant(review, values)
    told = story(review)
    last = review.plan[-1] + 1
    assert (f"No single move lost it: after move {last}, the last choice you had, your chance was still 50 %; "
            f"moves {last + 1}–{replay.length} lost the game.") in told.lines[0][1]
    slide = told.slides[0]
    assert (slide.start, slide.end, slide.high, slide.low) == (last, replay.length, 0.5, 0.0)


def test_a_line_that_never_falls_is_told_as_such_from_the_first_decision_on():
    """The review screen opened with one decision looked at (a line of two points) crashed here."""
    from game.review_story import Event, largest_slide

    def slide_of(values):
        events = [Event(2 * k, 0, [values[0], 1 - values[0]], [v, 1 - v], {"grade": "good"})
                  for k, v in enumerate(values)]
        return largest_slide(events, 0, 2 * len(values) + 1, [1.0, 0.0], {})

    for values in ([0.5], [0.3, 0.4, 0.6, 0.8]):
        slide = slide_of(values)
        assert slide.fall == 0.0 and slide.high == slide.low == values[-1]
    replay = finished("scurry", 2, loser_wanted=False)
    review = GameReview(replay, "quick")
    plant(review, {ply: 0.6 for ply in review.plan})
    review.results = {review.plan[0]: review.results[review.plan[0]]}  # one decision looked at so far
    assert "Your chance never fell by more than 0 %." in story(review).lines[0][1]


def test_any_line_gives_a_fall_its_parts_add_up_to_and_words():
    """Whatever the chances (a roll here and there, marked moves, two seats deciding), the
    story finds a fall that is a fall, its own, the others' and chance's parts add up to it,
    and it is said in words."""
    from hypothesis import given, strategies as st

    from game.review_story import (Event, final_sentence, final_slide, largest_slide, slide_sentence)

    decision = st.tuples(st.floats(0, 1), st.floats(0, 0.5), st.sampled_from((0, 1)), st.booleans())

    @given(st.lists(decision, min_size=1, max_size=70), st.sets(st.integers(0, 150), max_size=40),
           st.sampled_from((0.0, 1.0)))
    def check(decisions, rolled, result):
        events, ply = [], 0
        for value, cost, seat, marked in decisions:
            ply += 1 + seat
            before = min(1.0, value + cost) if marked else value
            events.append(Event(ply, seat, [before, 1 - before], [value, 1 - value],
                                {"grade": "mistake" if marked else "good", "cost": cost if marked else 0.0,
                                 "ply": ply, "seat": seat}))
        length = ply + 3
        chances = {p: {"dice"} for p in rolled}
        for slide in (largest_slide(events, 0, length, [result, 1 - result], chances),
                      final_slide(events, 0, length, [result, 1 - result], chances)):
            if slide is None:
                continue
            assert slide.fall >= -1e-9 and slide.start <= slide.end
            assert slide.own + slide.others + slide.luck == pytest.approx(slide.low - slide.high, abs=1e-6)
            assert slide_sentence(slide, "your", False, {"dice"}) and final_sentence(slide, "your", True, set())
    check()


def test_a_fall_the_averaged_line_sees_but_the_real_points_do_not_is_no_fall():
    """Found by the test above in CI: one high spike among zeros, and a small rise after it.
    The line averaged over a few points falls after the spike, while the real points nearby
    rise (0 -> 0.125): that is no slide, not a negative one."""
    from game.review_story import Event, largest_slide

    values = [0.0] * 23
    values[12], values[15] = 1.0, 0.125
    events = [Event(ply, 0, [v, 1 - v], [v, 1 - v], {"grade": "good", "cost": 0.0, "ply": ply, "seat": 0})
              for ply, v in enumerate(values, start=1)]
    slide = largest_slide(events, 0, 26, [0.0, 1.0], {})
    assert slide.fall >= 0 and slide.start <= slide.end
    assert slide.own + slide.others + slide.luck == pytest.approx(slide.low - slide.high, abs=1e-9)


def test_a_review_half_made_does_not_say_the_game_was_lost_after_the_last_choice():
    replay = finished("scurry", 2)
    review = GameReview(replay, "quick")
    plan = review.plan
    plant(review, {ply: 0.5 for ply in plan})
    review.results = {ply: review.results[ply] for ply in plan[:len(plan) // 2]}  # half looked at so far
    said = story(review).lines[0][1]
    assert "the last choice you had" not in said and "lost the game" not in said, said

"""The review screen (ui/review_screen.py, ui/review_chart.py) as a person sees it: the story
at the top, every player's line to the result with the person's bold, move numbers along
the bottom, and what a point means under the pointer, for a long press and for the keys.
The verdicts are planted (tests/test_review_story.py); the game, the screen and its input are real."""
from __future__ import annotations

import pygame
import pytest

from game.review import GameReview
from tests.test_review_story import finished, plant
from tests.uikit import click, key, make_app, pump


class NoSearch:
    def review(self, request):
        raise AssertionError("a complete review searched again")


@pytest.fixture
def screen():
    """The review screen of a lost Scurry game: Ann's chance level, then sliding to 20 %."""
    replay = finished("scurry", 2)
    review = GameReview(replay, "quick")
    plan = review.plan
    values = {ply: max(0.2, 0.6 - 0.02 * max(0, k - len(plan) // 3)) for k, ply in enumerate(plan)}
    plant(review, values)
    yield open_review(replay, review, (1280, 800))
    pygame.quit()


def open_review(replay, review, size):
    """(app, scene): the review screen of `replay` with the planted `review`, in a window of `size`."""
    from game.ui.review_screen import ReviewScene

    app = make_app(size)
    scene = ReviewScene(app, replay, player=NoSearch(), review=review, start=False)
    app.push(scene)
    pump(app)
    return app, scene


def finished_match(game_id: str):
    """(replay, match) of a game Ann lost, the match played again move by move."""
    from game.engine.match import Match, Seat

    played = finished(game_id, 2)
    match = Match(played.spec, [Seat("Ann", 0), Seat("Computer 1", 1, "computer", "normal")], played.seed)
    for move in played.moves:
        match.play(move)
    return played, match


def ring_onto(app, scene, stop_key: tuple, tabs: int = 20) -> None:
    """Tab the focus ring round the screen until it stands on the stop `stop_key`."""
    for _ in range(tabs):
        key(app, pygame.K_TAB)
        if scene.focus.drawn is not None and scene.focus.drawn.key == stop_key:
            return
    raise AssertionError(f"the ring never reached {stop_key}")


def drawn_texts(app, within=None) -> list[str]:
    from game.ui import look

    look.drawn.clear()
    app.draw()
    return [box.text for box in look.drawn if within is None or within.contains(box.rect)]


def test_the_story_is_told_at_the_top(screen):
    app, scene = screen
    said = " ".join(drawn_texts(app, scene.story_box))
    assert said.startswith(scene.named(scene.words.outcome(scene.replay.final)).split(".")[0])
    assert "You lost to Computer 1" in said and "No single move lost it: your chance slid from 60 % to 20 %" in said


def test_every_players_line_runs_to_the_result_the_persons_bold(screen):
    app, scene = screen
    chart = scene.chart
    drawn_texts(app)
    surface = app.screen
    told = scene.told()
    length = scene.replay.length
    assert set(told.points) == {0, 1}
    for seat, result in ((0, 0.0), (1, 1.0)):
        assert told.points[seat][-1] == (length, result)  # the last point is the result
        colour = tuple(scene.seat_rgb(seat))
        end = chart.point(length, result)
        assert tuple(surface.get_at(end))[:3] == colour  # its shape sits there
        # the line's thickness where it is level, across it
        middle = len(told.points[seat]) // 4  # where the line is level, away from its ends' shapes
        (m1, v1), (m2, v2) = told.points[seat][middle], told.points[seat][middle + 1]
        assert v1 == v2
        x = (chart.point(m1, v1)[0] + chart.point(m2, v2)[0]) // 2
        y = chart.point(m1, v1)[1]
        thick = sum(tuple(surface.get_at((x, yy)))[:3] == colour for yy in range(y - 8, y + 9))
        assert thick >= 4 if seat == 0 else 1 <= thick <= 2, (seat, thick)


def test_move_numbers_run_along_the_charts_bottom(screen):
    from game.ui.review_chart import tick_step

    app, scene = screen
    area = scene.chart.area
    below = pygame.Rect(area.x - 10, area.bottom + 2, area.w + 20, 20)
    texts = drawn_texts(app, below)
    step = tick_step(scene.replay.length, area.w)
    assert "move" in texts and str(step) in texts and str(2 * step) in texts


def tip(app, scene) -> list[str]:
    return [t for t in drawn_texts(app) if t.startswith(("Move ", "Chance to win:", "After move", "Before"))]


def test_hover_shows_the_move_who_made_it_and_the_chances(screen):
    app, scene = screen
    d = scene.review.decisions()[len(scene.review.plan) // 2]
    move = d["ply"] + 1
    at = scene.chart.point(move, d["played_value"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    said = tip(app, scene)
    assert f"Move {move}, made by Ann" in said
    assert f"Chance to win: Ann {round(100 * d['played_value'])} %, Computer 1 {round(100 * (1 - d['played_value']))} %" in said


def test_a_long_press_shows_it_too_and_opens_nothing(screen, monkeypatch):
    from game.ui import review_screen

    app, scene = screen
    now = [1000.0]
    monkeypatch.setattr(review_screen, "CLOCK", lambda: now[0])
    d = scene.review.decisions()[3]
    at = scene.chart.point(d["ply"] + 1, d["played_value"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pump(app)
    app.mouse_pos = (5, 5)  # a finger: no pointer hovers there
    assert not [t for t in tip(app, scene) if t.startswith("Move ")]
    assert scene.frame_interval() == pytest.approx(review_screen.LONG_PRESS_S)  # a frame is due when it is long
    now[0] += review_screen.LONG_PRESS_S + 0.01
    pump(app)
    assert f"Move {d['ply'] + 1}, made by Ann" in tip(app, scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    pump(app)
    assert app.scene is scene  # letting go of a long press opens no board
    click(app, at)  # a plain click does
    assert app.scene is not scene and app.scene.mode.ply == d["ply"]


def test_the_keys_reach_the_chart_and_walk_its_moves(screen):
    app, scene = screen
    ring_onto(app, scene, ("chart",))
    moves = scene.chart.moves()
    assert any(t.startswith("Before the first move") or t.startswith(f"Move {moves[0]},") for t in tip(app, scene))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.cursor == moves[2] and f"Move {moves[2]}, made by Ann" in tip(app, scene)
    key(app, pygame.K_RETURN)
    assert app.scene is not scene and app.scene.mode.ply == moves[2] - 1


def test_the_results_screen_shows_the_kept_reviews_chart_with_its_turning_point_and_opens_it():
    from game.replay import Replay
    from game.ui.boards import board_scene_class
    from game.ui.results import ResultsScene
    from game.ui.review_screen import ReviewScene
    from tests.uikit import click_button

    played, match = finished_match("scurry")
    app = make_app((1280, 800))
    try:
        board = board_scene_class("scurry")(app, match)
        app.push(board)
        results = ResultsScene(app, board)
        app.push(results)
        results.reads.wait()
        pump(app)
        assert results.chart is None and "Review this game" in results.button_rects()  # nothing kept yet
        review = GameReview(Replay.of_match(match), "quick")
        plan = review.plan
        plant(review, {ply: 0.6 if k < len(plan) // 2 else 0.2 for k, ply in enumerate(plan)})
        review.save()  # kept, as a finished review is
        click_button(app, "Review this game")
        assert isinstance(app.scene, ReviewScene) and app.scene.review.complete
        click_button(app, "Back")
        assert app.scene is results
        results.reads.wait()
        pump(app)
        assert results.chart is not None
        texts = drawn_texts(app)
        half = plan[len(plan) // 2 - 1] + 1
        low = plan[len(plan) // 2] + 1
        span = f"move {low}" if half + 1 >= low else f"moves {half + 1}–{low}"
        assert f"Turning point: {span}, Ann's chance 60 % → 20 %" in texts, [t for t in texts if "urning" in t]
        end = results.chart.point(len(match.played), 0.0)
        assert tuple(app.screen.get_at(end))[:3] == tuple(board.seat_rgb(0))  # Ann's line ends at the loss
        assert results.chart.area.w >= 300
        click_button(app, "Open the review")
        assert isinstance(app.scene, ReviewScene) and app.scene.review.results == review.results
    finally:
        pygame.quit()


def test_the_reviews_colours_are_the_ones_the_board_and_the_results_gave_the_seats():
    """Skurðir gives each seat a colour of play: the review's lines are drawn in it, as the board
    and the results screen show the seat, not in the colour picked before the game."""
    from game.ui import boards
    from game.ui.boards import board_scene_class
    from game.ui.review_screen import ReviewScene

    played, match = finished_match("skurdir")
    app = make_app((1280, 800))
    try:
        board = board_scene_class("skurdir")(app, match)
        scene = ReviewScene(app, played, player=NoSearch(), start=False)
        for seat in range(2):
            assert scene.seat_rgb(seat) == board.seat_rgb(seat)
        assert any(board.seat_rgb(s) != boards.side_colour(played.spec, s, played.seats[s]) for s in range(2))
    finally:
        pygame.quit()


@pytest.fixture
def long_story(monkeypatch):
    """The review screen in the smallest window with a story of 30 lines, more than its box
    holds even in the smallest letters, and 12 marked moves, more than the list shows."""
    from game.ui import look
    from game.ui.review_screen import ReviewScene

    replay = finished("scurry", 2)
    review = GameReview(replay, "quick")
    plant(review, {ply: 0.5 for ply in review.plan}, costs={ply: 0.1 for ply in review.plan[:12]})  # 12 marked
    monkeypatch.setattr(ReviewScene, "story_lines",
                        lambda self, size, width: [(f"Story line {k + 1}", look.INK, False) for k in range(30)])
    yield open_review(replay, review, (960, 640))
    pygame.quit()


def story_shown(app, scene) -> list[str]:
    return [t for t in drawn_texts(app, scene.story_box) if t.startswith("Story line")]


def test_a_story_longer_than_its_box_scrolls_and_says_where_it_stands_instead_of_being_cut(long_story):
    app, scene = long_story
    shown = story_shown(app, scene)
    rows = len(shown)
    assert shown[0] == "Story line 1" and 3 <= rows < 30
    texts = drawn_texts(app, scene.story_box)
    assert f"lines 1–{rows} of 30: scroll for more" in texts and not any("…" in t for t in texts)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.story_box.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    pump(app)
    assert story_shown(app, scene)[0] == "Story line 3"
    for _ in range(20):  # no further than its end
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    pump(app)
    assert story_shown(app, scene)[-1] == "Story line 30"


def test_a_fingers_drag_scrolls_the_story(long_story):
    from tests.fingers import drag

    app, scene = long_story
    box = scene.story_box
    drag(app, (box.centerx, box.bottom - 10), (box.centerx, box.top + 10))
    pump(app)
    assert story_shown(app, scene)[0] != "Story line 1"


def test_the_keys_scroll_the_story_and_go_on_past_its_ends(long_story):
    app, scene = long_story
    ring_onto(app, scene, ("story",))
    rows = len(story_shown(app, scene))
    key(app, pygame.K_DOWN)
    assert story_shown(app, scene)[0] == "Story line 2" and scene.focus.drawn.key == ("story",)
    key(app, pygame.K_PAGEDOWN)
    assert story_shown(app, scene)[0] == f"Story line {2 + rows}"
    key(app, pygame.K_UP)
    assert story_shown(app, scene)[0] == f"Story line {1 + rows}"
    firsts = []
    while story_shown(app, scene)[-1] != "Story line 30" and len(firsts) < 30:  # Enter: a boxful at a time
        key(app, pygame.K_RETURN)
        firsts.append(story_shown(app, scene)[0])
    assert firsts[0] == f"Story line {1 + 2 * rows}" and story_shown(app, scene)[-1] == "Story line 30"
    key(app, pygame.K_RETURN)
    assert story_shown(app, scene)[0] == "Story line 1"
    key(app, pygame.K_END)
    assert story_shown(app, scene)[-1] == "Story line 30"
    key(app, pygame.K_DOWN)  # at the end, Down moves the ring on, to what lies below
    assert scene.focus.drawn.key != ("story",) and scene.focus.drawn.rect.top > scene.story_box.bottom
    key(app, pygame.K_UP)
    key(app, pygame.K_HOME)
    assert scene.focus.drawn.key == ("story",) and story_shown(app, scene)[0] == "Story line 1"


def test_the_keys_reach_every_marked_move_however_long_the_list(long_story):
    app, scene = long_story
    marked = [d["ply"] for d in scene.review.marked(scene.seat)]
    assert len(marked) > scene.rows_shown  # the list does not show them all
    ring_onto(app, scene, ("row", marked[0]))
    for ply in marked[1:]:
        key(app, pygame.K_DOWN)
        assert scene.focus.drawn.key == ("row", ply)
    assert scene.top == len(marked) - scene.rows_shown
    for ply in reversed(marked[:-1]):
        key(app, pygame.K_UP)
        assert scene.focus.drawn.key == ("row", ply)
    assert scene.top == 0
    key(app, pygame.K_RETURN)
    assert app.scene is not scene and app.scene.mode.ply == marked[0]


def test_falls_of_several_players_close_together_are_worded_once_not_over_one_another(screen):
    # Skyline with four people: three largest falls a few moves apart wrote "largest fall" three
    # times on top of one another; the largest is worded, every fall still shaded and marked
    import dataclasses

    app, scene = screen
    told = scene.told()
    fall = told.slides[0]
    moves = scene.chart.length
    near = [dataclasses.replace(fall, seat=s, start=moves // 3 + 2 * s, end=moves // 3 + 2 * s + 4,
                                step=(moves // 3 + 2 * s + 1, moves // 3 + 2 * s + 2, 0.1),
                                high=0.6, low=0.6 - 0.1 * (s + 1)) for s in range(3)]
    scene.chart.show(dataclasses.replace(told, slides=dict(enumerate(near))), [])
    texts = [box for box in drawn_boxes(app, scene.chart_box) if box.text == "largest fall"]
    assert len(texts) == 1
    assert texts[0].rect.centerx == pytest.approx(scene.chart.point((near[2].start + near[2].end) / 2, 0)[0], abs=40)


def drawn_boxes(app, within):
    from game.ui import look

    look.drawn.clear()
    app.draw()
    return [box for box in look.drawn if within.contains(box.rect)]

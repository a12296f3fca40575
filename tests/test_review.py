"""The game review (engine/grading.py, game/review.py, ui/review_screen.py): a planted blunder
in each game is marked a blunder with the winning move shown; a seat's review is the same
for positions it cannot tell apart; a review stops and goes on; a kept one opens without
any search. Small search budgets keep it cheap: the positions are near the end."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.engine.match import Match, Seat
from game.engine.grading import review_decision
from game.replay import Replay
from game.review import GameReview, ReviewRunner, decision_request, review_settings
from game.shelf import GAMES, heuristics_for

# one worker runs the module: its finished game is reviewed once (module fixtures), not again at each
# share of the tests pytest-xdist hands a worker (a module fixture goes when the next test is another module's)
pytestmark = pytest.mark.xdist_group("review")

# Per game: a position (the players, the seed and the moves to it) where a move wins at once
# ("wins") and the move "played" lets the win go (Scurry: a squirrel set down beside the
# other one's last way out instead of on it; Skyline Express, solo: a die turned when seating
# the passenger wins, after which no way of playing on wins with the dice to come). Found by
# playing games with the playout policy.
BLUNDERS = json.loads((Path(__file__).parent / "review_blunders.json").read_text(encoding="utf-8"))
BUDGET = 100


def position(game_id: str):
    planted = BLUNDERS[game_id]
    spec = GAMES[game_id]
    state = spec.new_game(planted["players"], planted["seed"])
    for text in planted["moves"]:
        state.apply(spec.parse_move(state, text))
    return state, planted


@pytest.mark.parametrize("game_id", sorted(BLUNDERS))
def test_a_planted_blunder_is_marked_and_the_winning_move_shown(game_id):
    from game.engine.grading import grade

    state, planted = position(game_id)
    spec, seat = GAMES[game_id], state.to_move
    for text in planted["wins"]:  # the rules' verdict, before the review's
        after = state.clone()
        after.apply(spec.parse_move(state, text))
        assert after.is_over and after.outcome.winners == (seat,)
    played = spec.parse_move(state, planted["played"])
    after = state.clone()
    after.apply(played)
    assert not after.is_over
    verdict = review_decision(**decision_request(state, played, "normal", 99, heuristics_for(game_id)),
                              iterations=BUDGET)
    assert grade(verdict, review_settings(game_id)["thresholds"]) == "blunder", verdict
    assert verdict["best"] in planted["wins"]


def test_a_winning_move_played_is_good_and_the_computers_own():
    from game.engine.grading import grade

    state, planted = position("scurry")
    played = GAMES["scurry"].parse_move(state, planted["wins"][0])
    verdict = review_decision(**decision_request(state, played, "normal", 99, heuristics_for("scurry")),
                              iterations=BUDGET)
    assert grade(verdict) == "good" and verdict["best"] == verdict["played"]


def test_skyrunner_positions_a_seat_cannot_tell_apart_get_the_same_review():
    spec = GAMES["skyrunner"]
    state = spec.new_game(3, 8)
    rng = random.Random(8)
    for _ in range(30):
        state.apply(rng.choice(state.legal_moves()))
    while state.to_move != 0 or len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
    other = state.determinize(0, random.Random(123))  # the others' hands and the deck dealt afresh
    assert other.view(0) == state.view(0)
    assert other.to_json() != state.to_json()  # what seat 0 cannot see differs
    played = state.legal_moves()[0]
    reviews = [review_decision(**decision_request(s, played, "normal", 5, heuristics_for("skyrunner")), iterations=60)
               for s in (state, other)]
    assert reviews[0] == reviews[1]


# ---- a whole game's review: stop, go on, kept ----------------------------------------
class InlineJob:
    def __init__(self, request):
        self.request, self.progress, self.done, self.error, self.result = request, 0.0, False, None, None

    def cancel(self):
        self.done, self.error = True, "cancelled"


class InlineWorker:
    """The worker's side, run here when the test says so (finish), not in a process."""

    def __init__(self):
        self.jobs: list[InlineJob] = []

    def review(self, request):
        self.jobs.append(InlineJob(request))
        return self.jobs[-1]

    def finish(self):
        job = self.jobs[-1]
        if not job.done:
            job.result, job.done = review_decision(**job.request), True


class NoSearch:
    def review(self, request):
        raise AssertionError("a kept review searched again")


@pytest.fixture(scope="module")
def finished_match():
    """A short finished Skurðir game: Ann against a computer."""
    spec = GAMES["skurdir"]
    match = Match(spec, [Seat("Ann", 0), Seat("Cee", 1, "computer", "normal")], 3)
    rng = random.Random(3)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_moves()))
    return match


@pytest.fixture(scope="module")
def finished_game(finished_match):
    return Replay.of_match(finished_match)


def cheap(review: GameReview) -> GameReview:
    review.iterations = 12
    return review


def run(runner: ReviewRunner, worker: InlineWorker, decisions: int | None = None) -> None:
    """Let the worker answer `decisions` decisions (all, with None)."""
    while runner.running and decisions != 0:
        worker.finish()
        assert runner.poll()
        decisions = None if decisions is None else decisions - 1


@pytest.fixture(scope="module")
def found(finished_game):
    """The whole review of the game, made once (each test keeps it in its own files)."""
    review = cheap(GameReview(finished_game, "quick"))
    worker = InlineWorker()
    runner = ReviewRunner(review, worker)
    runner.start()
    run(runner, worker)
    return dict(review.results)


def kept(replay, results) -> None:
    review = GameReview(replay, "quick")
    review.results = dict(results)
    review.save()


@pytest.mark.slow
def test_a_review_stops_and_goes_on_where_it_stopped(finished_game, found):
    review = cheap(GameReview(finished_game, "quick"))
    plan = review.plan
    assert plan and all(finished_game.seats[seat].kind != "computer" for ply, seat in review.choices if ply in plan)
    assert len(plan) < len(review.choices)  # the computer's decisions are skipped by default
    worker = InlineWorker()
    runner = ReviewRunner(review, worker)
    runner.start()
    run(runner, worker, 3)
    assert [d["ply"] for d in review.decisions()] == plan[:3]
    assert runner.progress == pytest.approx(3 / len(plan))
    runner.cancel()
    assert worker.jobs[-1].error == "cancelled" and not runner.running
    assert not runner.poll()  # nothing comes of the cancelled decision

    again = cheap(GameReview(finished_game, "quick"))  # closed and opened again: what was found is kept
    assert [d["ply"] for d in again.decisions()] == plan[:3]
    worker = InlineWorker()
    runner = ReviewRunner(again, worker)
    runner.start()
    assert worker.jobs[0].request["played"] == finished_game.moves[plan[3]]  # on from the fourth
    run(runner, worker, 2)
    assert [again.results[ply] for ply in plan[:5]] == [found[ply] for ply in plan[:5]]  # the same as in one go


def test_a_kept_review_opens_without_any_search(finished_game, found):
    kept(finished_game, found)
    review = GameReview(finished_game, "quick")
    runner = ReviewRunner(review, NoSearch())
    runner.start()  # complete: nothing is asked
    assert review.complete and not runner.running and review.results == found
    seat = next(i for i, s in enumerate(finished_game.seats) if s.kind != "computer")
    line = review.summary(seat)
    assert line["decisions"] == len(review.plan) and 0 <= line["agreed"] <= len(review.plan)
    assert line["good"] + line["inaccuracy"] + line["mistake"] + line["blunder"] == line["decisions"]
    assert GameReview(finished_game, "deep").results == {}  # the other depth is a review of its own
    computers = GameReview(finished_game, "quick", include_computers=True)
    assert not computers.complete and set(review.plan) < set(computers.plan)


def test_the_review_screen_opens_a_kept_review_without_search_and_shows_a_decision(finished_game, found):
    import pygame

    from tests.uikit import click, make_app, pump
    from game.ui import look
    from game.ui.review_screen import ReviewScene

    kept(finished_game, found)
    app = make_app((960, 640))
    try:
        scene = ReviewScene(app, finished_game, player=NoSearch())
        app.push(scene)
        pump(app)
        assert scene.review.complete and not scene.runner.running
        # complete: no button left to press (it read a greyed "Done"); the status line says so
        assert not scene.run_button.visible
        assert scene.progress_rect.right == scene.run_button.rect.right  # the bar takes the button's room
        assert not [b for b in scene.actions if b.visible and b.text in ("Done", "Cancel", "Resume")]
        look.drawn.clear()
        app.draw()
        assert any(box.text.startswith("Review complete: ") for box in look.drawn)
        area = scene.chart.area
        click(app, (area.right - 2, area.centery))  # the chart's right end: the last decision charted
        board = app.scene
        last = [d for d in scene.review.decisions() if d["played_value"] is not None][-1]
        assert board is not scene and board.mode.ply == last["ply"] and board.viewer == last["seat"]
        assert board.mode.decision_moves()[0] == finished_game.moves[last["ply"]]
        app.pop()
        assert app.scene is scene
        if scene.review.marked():
            rect, ply = scene.rows()[0]
            click(app, rect.center)  # a marked move in the list
            assert app.scene.mode.ply == ply == scene.review.marked()[0]["ply"]
    finally:
        pygame.quit()


def test_the_worker_process_answers_a_review_as_the_search_here():
    import time

    from game.engine.remote import RemotePlayer

    state, planted = position("skyrunner")
    request = dict(decision_request(state, GAMES["skyrunner"].parse_move(state, planted["played"]), "normal", 99,
                                    heuristics_for("skyrunner")), iterations=40)
    player = RemotePlayer()
    try:
        job = player.review(request)
        deadline = time.monotonic() + 30
        while not job.done and time.monotonic() < deadline:
            time.sleep(0.01)
        assert job.error is None and job.result == review_decision(**request)
    finally:
        player.close()


def test_review_opens_from_history_and_from_the_replay(finished_match, finished_game, found, monkeypatch):
    """A kept review: the screen opens complete, and nothing is sent to the worker."""
    import pygame

    from game import records
    from game.engine import remote
    from game.ui.history import HistoryScene
    from game.ui.review_screen import ReviewScene
    from tests.uikit import click_button, make_app, pump

    kept(finished_game, found)
    record_id = records.add(finished_match)
    asked = []
    review = remote.RemotePlayer.review
    monkeypatch.setattr(remote.RemotePlayer, "review", lambda self, request: asked.append(request) or review(self, request))
    app = make_app((960, 640))
    try:
        history = HistoryScene(app)
        app.push(history)
        history.reads.wait()
        pump(app)
        history.selected = record_id
        click_button(app, "Review")
        history.reads.wait()
        pump(app)
        assert isinstance(app.scene, ReviewScene) and app.scene.review.complete
        click_button(app, "Replay the game")
        click_button(app, "Review this game")  # the replay's own button: the same review
        assert isinstance(app.scene, ReviewScene) and app.scene.review.results == found
        assert asked == []  # nothing searched
    finally:
        pygame.quit()


def test_the_depth_and_the_computers_setting_are_checked_and_used(finished_game):
    import pygame

    from game import storage
    from game.ui.review_screen import ReviewScene
    from tests.uikit import make_app

    for bad in ({"review_depth": "medium"}, {"review_computers": "yes"}):
        with pytest.raises(ValueError):
            storage._validate_settings(bad)
    storage._validate_settings({"review_depth": "deep", "review_computers": True})
    app = make_app((960, 640))
    try:
        app.settings.update(review_depth="deep", review_computers=True)
        scene = ReviewScene(app, finished_game, player=InlineWorker(), start=False)
        assert scene.review.depth == "deep" and scene.review.level == "hard"
        assert scene.review.plan == [ply for ply, _seat in scene.review.choices]  # the computer's moves too
    finally:
        pygame.quit()


def test_a_cost_within_the_searchs_noise_is_not_marked():
    from game.engine.grading import grade

    verdict = {"best": "a", "played": "b", "best_value": 0.6, "played_value": 0.3}
    assert grade(dict(verdict, best_visits=400, played_visits=100)) == "blunder"  # 0.30 lost, noise 0.11
    assert grade(dict(verdict, best_visits=20, played_visits=4)) == "good"  # a handful of playouts: noise 0.52
    assert grade(dict(verdict, played="a", best_visits=400, played_visits=400)) == "good"  # the same move


def test_a_players_line_says_the_worst_marks_first_in_plain_words():
    from game.ui.review_screen import player_line
    summary = {"blunder": 1, "mistake": 2, "inaccuracy": 1, "agreed_share": 0.5, "decisions": 1}
    assert player_line("Ann", summary) == \
        "Ann: 1 blunder, 2 mistakes, 1 inaccuracy; the computer's own choice in 50 % of 1 decision"
    summary = {"blunder": 0, "mistake": 1, "inaccuracy": 3, "agreed_share": 0.25, "decisions": 12}
    assert player_line("Bo", summary) == \
        "Bo: 0 blunders, 1 mistake, 3 inaccuracies; the computer's own choice in 25 % of 12 decisions"
    summary = {"blunder": 0, "mistake": 0, "inaccuracy": 0, "agreed_share": 0.6, "decisions": 5}
    assert player_line("Cy", summary) == \
        "Cy: no blunder, mistake or inaccuracy; the computer's own choice in 60 % of 5 decisions"


def test_the_caption_calls_a_good_moves_alternative_the_computers_choice_not_better():
    import pygame
    from game.ui import look
    from game.ui.review_board import ReviewMode
    pygame.font.init()  # the caption is wrapped to its width
    look.reset_caches()  # fonts made before an earlier test quit pygame are no use
    mode = ReviewMode.__new__(ReviewMode)  # the caption's words alone: no replay needed
    mode.names, mode.marked, mode.line, mode.line_at, mode.scale = ["Ann", "Bo"], [], [], None, 1.0
    decision = {"ply": 0, "seat": 0, "played": "a", "best": "b", "played_words": "Ann lays it here",
                "best_words": "Ann lays it there", "played_value": 0.59, "best_value": 0.6, "cost": 0.01}
    for grade, word in (("good", "The computer's choice"), ("inaccuracy", "Better"), ("blunder", "Better")):
        mode.decision = dict(decision, grade=grade)
        texts = [text for text, _colour, _bold in mode.strip_lines(900)]
        assert texts[1].startswith("Played (red arrow): Ann lays it here") and texts[2].startswith(word), texts
    mode.decision = dict(decision, grade="good", best="a")  # the computer's own choice: nothing more to say
    assert [text for text, _c, _b in mode.strip_lines(900)][2] == "The computer would have played it too."


def test_a_decisions_verdict_has_every_seats_chance_and_the_line_the_search_expects():
    """Mid-game in Scurry: the verdict values the move for both seats (their chances add up:
    one wins), and its better line is the search's principal variation, a few moves long,
    legal move after move from the position."""
    from game.review import play_line

    spec = GAMES["scurry"]
    state = spec.new_game(2, 5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_moves()))
    while len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
    played = state.legal_moves()[0]
    verdict = review_decision(**decision_request(state, played, "normal", 99, heuristics_for("scurry")),
                              iterations=400)
    for key in ("best", "played"):
        seats = verdict[f"{key}_seats"]
        assert len(seats) == 2 and seats[state.to_move] == pytest.approx(verdict[f"{key}_value"])
        assert sum(seats) == pytest.approx(1.0)
    line = verdict["line"]
    assert 3 <= len(line) <= 5 and line[0][0] == verdict["best"]
    played_out = play_line(spec, state.clone(), line)
    assert [str(move) for move, _seat, _after in played_out] == [notation for notation, _keys in line]


def test_the_better_line_is_played_with_the_chance_outcomes_the_search_expected():
    """A line's move that rolls a die is played with the roll the search's line went through
    (kept as its key, a list in the review's file), the rest drawn as the game draws."""
    from game.engine.core import Dice
    from game.review import play_line

    spec = GAMES["scrubbudgetel"]
    state = spec.new_game(2, 3)
    rng = random.Random(3)
    while True:
        rolling = [m for m in state.legal_moves() if isinstance(state.next_chance(m), Dice)]
        if rolling:
            break
        state.apply(rng.choice(state.legal_moves()))
    move = rolling[0]
    for roll in (1, 6):
        [(played, seat, after)] = play_line(spec, state.clone(), [[str(move), [[roll]]]])
        expected = state.clone()
        expected.apply_with_chance(move, [(roll,)])
        assert played == move and seat == state.to_move and after.to_json() == expected.to_json()
    other = state.clone()
    other.apply_with_chance(move, [(1,)])
    assert other.to_json() != expected.to_json()  # the roll made the difference

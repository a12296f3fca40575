"""Learn to play: every lesson replayed through the rules engine, and clicked
through the real app with mouse events, step by step."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game import lessons, records, storage
from game.engine import registry
from game.engine.match import games_in_progress
from game.ui.board import BoardScene
from game.ui.lesson import LessonDone, LessonStep
from game.ui.scene import RulesScene, TitleScene

from uikit import click, click_button, click_target, play_move, pump, screenshot, title_app

ROOT = Path(__file__).resolve().parent.parent
GAMES_WITH_LESSONS = [g for g in registry.GAME_IDS if lessons.has_lesson(g)]
RULEBOOKS = Path("/work/shared/seeds")


@pytest.fixture
def app():
    yield from title_app()


def words(text: str) -> list[str]:
    return re.findall(r"[a-zðþæö0-9']+", text.lower())


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_every_step_replays_through_the_engine(game_id):
    lesson = lessons.load(game_id)
    spec = registry.GAMES[game_id]
    headings = set(re.findall(r"^#+\s+(.*?)\s*$", (ROOT / "seeds" / f"{game_id}.md").read_text(encoding="utf-8"),
                              re.M))
    assert len(lesson.steps) >= 4
    for i, step in enumerate(lesson.steps):
        assert step.rule in headings, f"step {i + 1} links to no heading of the rules text: {step.rule!r}"
        match = lesson.match_at(i)
        state = match.state
        for text in step.moves:
            assert not state.is_over, f"step {i + 1}: the game is over before {text}"
            legal = {str(m) for m in state.legal_moves()}
            assert text in legal, f"step {i + 1}: {text} is not legal here"
            move = spec.parse_move(state, text)
            assert move.targets, f"step {i + 1}: {text} has nothing to click"
            state.apply(move)


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_lesson_words_are_our_own(game_id):
    """No run of nine words of a lesson is taken from the rulebook."""
    books = {p for p in RULEBOOKS.glob("*.txt")} if RULEBOOKS.is_dir() else set()
    if not books:
        pytest.skip("the rulebooks are not here")
    book = " ".join(" ".join(words(p.read_text(encoding="utf-8", errors="replace"))) for p in books)
    lesson = lessons.load(game_id)
    for step in lesson.steps:
        for text in (step.text, step.ask, step.after):
            w = words(text)
            for k in range(len(w) - 8):
                assert " ".join(w[k:k + 9]) not in book, f"copied from the rulebook: {' '.join(w[k:k + 9])!r}"


def learn_button(app, game_id):
    return app.scene.learn_buttons[game_id].rect


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_a_whole_lesson_by_mouse(app, game_id):
    lesson = lessons.load(game_id)
    spec = registry.GAMES[game_id]
    app.autosaves.flush()
    in_progress_before = games_in_progress()[0]
    records_before = records.list_records(game_id)
    click(app, learn_button(app, game_id).center)
    for i, step in enumerate(lesson.steps):
        board = app.scene
        assert isinstance(board, LessonStep) and board.index == i
        if i in (0, len(lesson.steps) - 1):
            screenshot(app, f"lesson_{game_id}_{i + 1}")
        played = len(board.match.notations)
        for n, text in enumerate(step.moves):
            if len(board.match.notations) > played + n:
                continue  # another seat's move: the lesson played it by itself
            assert board.match.state.to_move == lesson.you, f"step {i + 1}: {text} waits for another seat"
            move = spec.parse_move(board.match.state, text)
            nxt = board.controller.next_targets()
            assert nxt == {move.targets[0]}, f"step {i + 1}: only {text}'s place glows, not {nxt}"
            play_move(app, board, move)
        assert board.match.notations[played:] == list(step.moves)
        assert board.step_done and board.next_button.is_enabled
        if i == 0:
            screenshot(app, f"lesson_{game_id}_{i + 1}_done")
        click_button(app, "Finish" if i == len(lesson.steps) - 1 else "Next ▸")
    assert isinstance(app.scene, LessonDone)
    screenshot(app, f"lesson_{game_id}_finished")
    # nothing of the lesson is a game in progress or a finished game
    app.autosaves.flush()
    assert games_in_progress()[0] == in_progress_before
    assert records.list_records(game_id) == records_before
    assert lessons.Progress.load().finished(game_id)
    click_button(app, "Play a real game")
    board = app.scene
    assert isinstance(board, BoardScene) and not isinstance(board, LessonStep)
    assert board.match.spec.id == game_id
    assert [s.kind for s in board.match.seats][0] == "human"
    assert all(s.kind == "computer" and s.level == "easy" for s in board.match.seats[1:])

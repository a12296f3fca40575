"""A game from outside game/ put on the shelf by one call, game.shelf.add: the
proof that a new game needs its own folder and nothing else (README, "How the
code is organised"). The toy is tests/toy_shelf/ttt/ (tic-tac-toe); nothing in
game/ names it, and these tests reach it only the ways the app reaches any game:
the engine contract, the title screen and a whole game by mouse, the command
line, and the bench's frames."""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

import test_contract as contract
from game import cli, lessons, shelf
from game.app import build_app
from game.ui.results import ResultsScene
from uikit import choose, click_button, open_setup, open_title, play_to_end, run_until, seat_kind_menu

TOY = "toy_shelf.ttt"
GAME_DIR = Path(__file__).resolve().parent.parent / "game"


@pytest.fixture(scope="module", autouse=True)
def toy_on_the_shelf():
    parts = shelf.add(TOY)  # the one line a new game needs
    yield parts
    shelf.remove(parts.id)


def test_the_toy_is_on_the_shelf_by_its_folder_alone(toy_on_the_shelf):
    assert shelf.GAME_IDS[-1] == "ttt" and shelf.GAMES["ttt"].title == "Tic-tac-toe"
    assert not lessons.has_lesson("ttt")  # a lesson is optional
    named = [p for p in GAME_DIR.rglob("*.py") if "ttt" in p.read_text(encoding="utf-8") or "toy_shelf" in
             p.read_text(encoding="utf-8")]
    assert named == [], "the app names the toy game"


def test_the_toy_keeps_the_engine_contract():
    spec = shelf.GAMES["ttt"]
    for check in (contract.test_random_games_end_with_an_outcome_that_fits_the_table,
                  contract.test_legal_moves_round_trip_through_notation_and_click_paths,
                  contract.test_stale_moves_are_refused_and_leave_the_state_alone,
                  contract.test_seed_options_and_notations_replay_the_same_game,
                  contract.test_clones_are_independent_and_views_are_json,
                  contract.test_determinize_keeps_what_the_seat_sees_and_may_do,
                  contract.test_a_match_survives_a_save_and_a_load,
                  contract.test_to_json_carries_the_random_generator):
        check(spec, 2)


def test_a_whole_toy_game_by_mouse_from_the_title_card():
    app = open_title()
    try:
        setup = open_setup(app, "ttt")  # its card is on the title screen
        choose(app, seat_kind_menu(setup, 1), "Human")
        click_button(app, "Start")
        board = app.scene
        assert type(board).__name__ == "TicTacToeScene"
        play_to_end(app, random.Random(5))
        assert board.match.state.is_over
        run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
        assert board.match.spec.id == "ttt"
    finally:
        pygame.quit()


def test_the_command_line_lists_and_opens_the_toy(capsys):
    assert cli.main(["--list-games"]) == 0
    assert "ttt" in capsys.readouterr().out
    app = build_app(cli.parse(["--game", "ttt", "--seat", "human", "--seat", "easy", "--seed", "4"]))
    try:
        match = app.scene.match
        assert match.spec.id == "ttt" and match.seed == 4
        assert [s.kind for s in match.seats] == ["human", "computer"]
    finally:
        pygame.quit()


def test_the_bench_times_the_toys_move_frames():
    from game.bench.ui import move_frames

    timed = move_frames(only="ttt")["move_frames"]["ttt"]  # a whole random game, a frame per move
    assert 5 <= timed["moves"] <= 9 and timed["median_ms"] > 0

"""Statistics from the records of finished games: counts, streaks, scores,
computer levels, hints, renaming/merging, resetting, and their speed."""
from __future__ import annotations

import json
import time

import pytest

from game import records, stats
from game.engine.match import Match, Seat
from keeping import autosave
from game.bench.ui import fake_records
from tests.toy_games import TTT

ANN_WINS = ("a1", "a2", "b1", "b2", "c1")  # the first seat gets three in a row
BOB_WINS = ("a1", "a2", "b1", "b2", "c3", "c2")  # the second seat does
DRAW = ("a1", "b1", "c1", "b2", "a2", "a3", "c2", "c3", "b3")  # board full, nobody in a row


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def finish(moves, first=("Ann", "human", "normal"), second=("Bob", "human", "normal"), hints=()):
    seats = [Seat(first[0], 0, first[1], first[2]), Seat(second[0], 1, second[1], second[2])]
    match = Match(TTT, seats, seed=1)
    match.on_change = autosave
    for seat in hints:
        match.record_hint(seat)
    for text in moves:
        match.play(TTT.parse_move(match.state, text))
    assert match.state.is_over
    return match


def of(player, game="ttt"):
    return stats.compute(stats.load(), player, game)


def test_played_won_streaks_and_scores():
    for moves in (ANN_WINS, ANN_WINS, BOB_WINS, ANN_WINS, ANN_WINS, ANN_WINS, DRAW):
        finish(moves)
    ann = of("ann")  # names match whatever their case
    assert (ann.played, ann.won) == (7, 6)  # the draw lists both seats as winners: a shared win
    assert ann.best_streak == 4 and ann.current_streak == 4
    bob = of("Bob")
    assert (bob.played, bob.won, bob.current_streak, bob.best_streak) == (7, 2, 1, 1)
    assert round(bob.win_pct, 1) == 28.6
    assert len(ann.scores) == 7 and ann.best_score == max(p.score for p in ann.scores)
    assert stats.players(stats.load()) == ["Ann", "Bob"]
    assert of("Nobody").played == 0 and of("Nobody").win_pct is None


def test_results_against_each_computer_level_and_hints_used():
    finish(ANN_WINS, second=("Computer 2", "computer", "easy"), hints=(0, 0))
    finish(BOB_WINS, second=("Computer 2", "computer", "hard"), hints=(0,))
    finish(ANN_WINS, second=("Computer 2", "computer", "hard"))
    ann = of("Ann")
    assert ann.against == {"easy": [1, 1], "hard": [2, 1]}
    assert ann.hints == 3
    assert stats.players(stats.load()) == ["Ann"], "computer seats are levels, not players"


def test_hints_travel_with_a_saved_game_into_its_record():
    match = Match(TTT, [Seat("Ann", 0), Seat("Bob", 1)], seed=1)
    match.record_hint()
    match.play(TTT.parse_move(match.state, "a1"))
    match.record_hint()
    again = Match.from_save(json.loads(json.dumps(match.to_save())), {"ttt": TTT})
    assert again.hints_used == [1, 1]
    again.on_change = autosave
    for text in ("a2", "b1", "b2", "c1"):
        again.play(TTT.parse_move(again.state, text))
    [record] = records.list_records()
    assert record.hints == [1, 1]
    with pytest.raises(ValueError):
        again.record_hint()  # nobody is to move in a finished game


def test_the_results_line_says_which_win_and_a_best_score():
    finish(BOB_WINS)
    match = finish(ANN_WINS)
    lines = stats.result_lines(match)
    assert lines[0].startswith("Ann: 1st win at Tic-tac-toe")
    assert lines[1] == "Bob: 1 of 2 games of Tic-tac-toe won"
    match = finish(ANN_WINS)
    assert stats.result_lines(match)[0].startswith("Ann: 2nd win at Tic-tac-toe, 2 in a row")
    assert [stats.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_rename_and_merge_players():
    finish(ANN_WINS, first=("Ann", "human", "normal"))
    finish(ANN_WINS, first=("Anna", "human", "normal"))
    finish(BOB_WINS, first=("ann", "human", "normal"))
    assert stats.rename("Ann", "Anna") == 2  # merged into the name already there
    assert stats.players(stats.load()) == ["Anna", "Bob"]
    anna = of("Anna")
    assert (anna.played, anna.won) == (3, 2)
    finish(ANN_WINS, first=("Cy", "human", "normal"), second=("Anna", "human", "normal"))
    with pytest.raises(stats.SameGame, match="played each other in 1 game"):
        stats.rename("Cy", "Anna")
    assert of("Cy").played == 1, "a refused merge changes nothing"
    with pytest.raises(ValueError):
        stats.rename("Cy", "   ")


def test_reset_starts_the_statistics_again_and_keeps_the_records():
    finish(ANN_WINS)
    finish(ANN_WINS)
    stats.reset("Ann", "ttt")
    assert of("Ann").played == 0 and of("Bob").played == 2
    assert len(records.list_records()) == 2, "the games stay in the history"
    finish(BOB_WINS)
    ann = of("ann")
    assert (ann.played, ann.won, ann.best_streak) == (1, 0, 0)
    stats.rename("Ann", "Annie")  # the reset follows the name
    assert of("Annie").played == 1
    stats.reset("Annie", stats.ALL)
    assert of("Annie", stats.ALL).played == 0


def test_statistics_of_5000_games_are_quick():
    fake_records(5000)
    # this thread's processor time: on a shared machine the wall clock also counts the
    # other processes, and the process's time its other threads (the bench reports the wall time)
    started = time.thread_time()
    games = stats.load()
    ann = stats.compute(games, "Ann", "scurry")
    elapsed = time.thread_time() - started
    assert len(games) == 5000 and ann.played == 2500
    assert ann.won == sum(1 for n in range(0, 5000, 2) if n % 3 != 1)  # as fake_records deals the wins
    assert elapsed < 0.4, f"statistics of 5,000 games took {elapsed * 1000:.0f} ms"


def test_statistics_records_and_replays_are_pure_python():
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    code = "import sys, game.stats, game.replay, game.records; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(repo)))
    assert done.stdout.strip() == "False", done.stderr


def test_a_damaged_row_leaves_the_other_games_counted():
    fake_records(3)
    records.write(lambda db: db.execute("UPDATE records SET seats = '{not json' WHERE id = 1"))
    assert [s.id for s in records.summaries()] == [3, 2]
    assert stats.compute(stats.load(), "Ann").played == 2

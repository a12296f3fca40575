"""The arena's paired seeds and its statistics, on fixed inputs with known answers."""
from __future__ import annotations

import math

import pytest

from game import bench

TOYS = "tests.toy_games:TOY_GAMES"


def test_margin_is_the_score_difference_or_the_result():
    assert bench.game_margin([10, 7], [0], 1) == -3
    assert bench.game_margin([5, 8, 2], [1], 0) == -3  # against the best of the others
    assert bench.game_margin([9, 8, 2], [0], 0) == 1
    # where scores do not decide: a win, a shared win or no winner, a loss
    assert bench.game_margin([0, 40], [0], 0, by_scores=False) == 1
    assert bench.game_margin([3, 3], [0, 1], 1, by_scores=False) == 0
    assert bench.game_margin([3, 3], [], 1, by_scores=False) == 0
    assert bench.game_margin([40, 0], [0], 1, by_scores=False) == -1


def test_t_quantiles():
    assert bench.t_975(1) == 12.706 and bench.t_975(4) == 2.776 and bench.t_975(30) == 2.042
    # beyond the table, the series: t(40) = 2.021, t(60) = 2.000, t(120) = 1.980
    assert [round(bench.t_975(df), 3) for df in (40, 60, 120)] == [2.021, 2.0, 1.98]
    assert 1.96 < bench.t_975(10_000) < 1.961


def test_mean_interval_by_student_t():
    mean, low, high = bench.mean_interval([1, 2, 3, 4, 5])
    # sd 1.5811, standard error 0.7071, t(4) 2.776: 3 +- 1.963
    assert mean == 3 and round(low, 3) == 1.037 and round(high, 3) == 4.963
    mean, low, high = bench.mean_interval([2, 2, 2])
    assert (mean, low, high) == (2, 2, 2)
    assert bench.mean_interval([4])[1:] == (-math.inf, math.inf)
    assert bench.mean_interval([]) == (None, -math.inf, math.inf)


def test_wilson_interval_of_an_even_share():  # more cases in test_ai.py
    low, high = bench.wilson_interval(20, 40)
    assert round(low, 3) == 0.352 and round(high, 3) == 0.648


def _game(seed, a_seat, scores, winners):
    return {"seed": seed, "a_seat": a_seat, "scores": scores, "winners": winners, "moves": 9}


def test_pair_margins_count_only_seeds_played_in_every_seat():
    results = [
        _game(0, 0, [10, 4], [0]), _game(0, 1, [6, 5], [0]),  # A +6 in seat 0, -1 in seat 1
        _game(1, 1, [3, 9], [1]),  # seed 1 stopped before A's game in seat 0
        _game(2, 0, [2, 7], [1]), _game(2, 1, [8, 8], [0, 1]),
    ]
    pairs = bench.pair_margins(results, 2)
    assert pairs == [{"seed": 0, "margins": [6, -1], "margin": 2.5}, {"seed": 2, "margins": [-5, 0], "margin": -2.5}]
    pairs = bench.pair_margins(results, 2, by_scores=False)
    assert [p["margins"] for p in pairs] == [[1, -1], [-1, 0]] and [p["margin"] for p in pairs] == [0, -0.5]


def test_the_summary_reports_seat_balance_and_the_paired_margin():
    results = [_game(0, 0, [10, 4], [0]), _game(0, 1, [6, 5], [0]),
               _game(1, 0, [9, 9], [0, 1]), _game(1, 1, [7, 3], [0])]
    out = bench.arena_summary(results, game_id="g", level_a="hard", level_b="normal", players=2, seed=0,
                              paired=True, options={}, by_scores=True, seconds=1.0)
    assert (out["a_wins"], out["a_losses"], out["draws"]) == (1, 2, 1) and out["a_points"] == 0.375
    # seat 0 won three games and shared one: 3.5 of 4
    assert [s["points"] for s in out["seat_points"]] == [0.875, 0.125]
    assert out["seat_points"][0]["points_95"] == [round(x, 3) for x in bench.wilson_interval(3.5, 4)]
    assert [p["margin"] for p in out["pairs"]] == [2.5, -2] and out["mean_margin"] == 0.25
    # two pairs, t(1) = 12.706, sd 3.182: 0.25 +- 28.59
    assert out["mean_margin_95"] == [-28.338, 28.838] and out["margin_by"] == "score"


def test_alone_a_game_with_no_winner_is_a_loss():
    # Skyline solo: ahead of the automaton or level with it (a shared victory) the person is the
    # winner; behind it the game has no winner, and that is the person's loss, not a draw
    results = [_game(0, 0, [103], [0]), _game(1, 0, [95], [0]), _game(2, 0, [115], [])]
    out = bench.arena_summary(results, game_id="g", level_a="hard", level_b="random", players=1, seed=0,
                              paired=False, options={}, by_scores=True, seconds=1.0)
    assert (out["a_wins"], out["a_losses"], out["draws"]) == (2, 1, 0) and out["a_points"] == 0.667


def test_paired_jobs_play_each_seed_in_both_seats():
    jobs = bench.arena_jobs("nim", "hard", "easy", 2, 2, seed=5, paired=True, options={"heaps": 1})
    assert [(j[3], j[2], j[6]) for j in jobs] == [
        (5, ["hard", "easy"], 0), (5, ["easy", "hard"], 1), (6, ["hard", "easy"], 0), (6, ["easy", "hard"], 1)]
    assert all(j[5] == {"heaps": 1} for j in jobs)
    unpaired = bench.arena_jobs("nim", "hard", "easy", 3, 2, seed=5)
    assert [(j[3], j[6]) for j in unpaired] == [(5, 0), (6, 1), (7, 0)]


def test_a_paired_arena_with_an_option_prints_each_game(capsys):
    heaps = bench.load_games(TOYS)["nim"].options[0].choices[-1]
    out = bench.arena("nim", "normal", "random", 2, workers=1, games_ref=TOYS, paired=True,
                      options={"heaps": heaps}, log=__import__("sys").stderr)
    assert out["games"] == 4 and len(out["pairs"]) == 2 and out["options"]["heaps"] == heaps
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4 and "A margin" in lines[0] and "2 pairs, mean margin" in lines[-1]


def test_a_side_may_play_with_heuristics_of_its_own():
    """`normal:MODULE` searches with MODULE's heuristics instead of the game's: here the
    first legal move as the only candidate, so that side never searches, while plain
    normal on the other side does; each side's decisions are reported under its name."""
    out = bench.arena("nim", "normal:tests.toy_first_move", "normal", 1, workers=1, games_ref=TOYS,
                      paired=True, log=__import__("io").StringIO())
    assert out["games"] == 2 and out["a"] == "normal:tests.toy_first_move"
    assert list(out["timing"]) == ["normal"] and out["timing"]["normal"]["decisions"] > 0
    with pytest.raises(ModuleNotFoundError):
        bench.arena("nim", "normal:tests.no_such_heuristics", "normal", 1, workers=1, games_ref=TOYS)
    with pytest.raises(ValueError, match="unknown level 'strong'"):
        bench.arena("nim", "strong:tests.toy_first_move", "normal", 1, workers=1, games_ref=TOYS)


def test_a_side_may_search_a_multiple_of_its_budget_or_see_the_chance_to_come():
    """"normal*3" searches three times normal's playouts under three times its cap;
    "+sight" searches the real position (the ceiling player); both read with a module too."""
    assert bench.side_of("hard*4", None) == bench.Side("hard", None, 4, False)
    assert bench.side_of("hard+sight", None) == bench.Side("hard", None, 1, True)
    sided = bench.side_of("normal*2+sight:tests.toy_first_move", None)
    assert (sided.level, sided.times, sided.sees_chance) == ("normal", 2, True) and sided.heuristics is not None
    for bad in ("hard*0", "hard*x", "hard*1.5"):
        with pytest.raises(ValueError, match="whole number"):
            bench.side_of(bad, None)
    spec = bench.load_games()["scurry"]
    position = bench.mid_game_positions(spec, 2, 1)[0]
    heuristics = bench.shelf.heuristics_for("scurry")
    once = bench.decide_as(position, bench.side_of("normal", heuristics), 1)
    thrice = bench.decide_as(position, bench.side_of("normal*3", heuristics), 1)
    assert thrice.budget == 3 * once.budget and thrice.iterations > once.iterations


@pytest.mark.slow
def test_the_command_line_reads_paired_and_options(capsys):
    assert bench.main(["--arena", "nim", "normal", "random", "1", "--paired", "--workers", "1",
                       "--games", TOYS, "--option", "heaps=" + str(bench.load_games(TOYS)["nim"].options[0].choices[1])]) == 0
    out = __import__("json").loads(capsys.readouterr().out)
    assert out["games"] == 2 and len(out["pairs"]) == 1
    with pytest.raises(SystemExit):
        bench.main(["--arena", "nim", "normal", "random", "1", "--games", TOYS, "--option", "nope=1"])


class _StopAfter:
    """A log that stops the run (as Ctrl+C or `kill` does) at its n-th line."""

    def __init__(self, n):
        self.lines = 0
        self.n = n

    def write(self, text):
        self.lines += text.count("\n")
        if self.lines >= self.n:
            raise KeyboardInterrupt

    def flush(self):
        pass


def test_a_run_stopped_early_reports_the_games_it_finished():
    out = bench.arena("nim", "normal", "random", 5, workers=1, games_ref=TOYS, paired=True, log=_StopAfter(3))
    assert out["stopped_early"] and out["games"] == 3
    assert len(out["pairs"]) == 1  # the third game's seed is not finished in both seats


def test_a_solo_game_is_printed_with_its_own_figures():
    """One seat has no other to be ahead of: the line gives the game's figures
    (Skyline's automaton) instead of a margin, and the run goes on."""
    import io
    import time

    log = io.StringIO()
    result = {"seed": 3, "a_seat": 0, "scores": [101], "winners": [0], "extra": {"automaton_score": 92}}
    bench._progress(log, [result], 40, time.perf_counter(), True, False, 1)
    assert "automaton_score': 92" in log.getvalue() and "1-0-0" in log.getvalue()


def test_a_recorded_run_writes_each_game_as_a_line_and_no_tally(tmp_path, capsys):
    """A run fixed beforehand writes every finished game to its record (a line of JSON
    each, with both sides' seconds per decision) and tells no running tally."""
    import json

    record = tmp_path / "games.jsonl"
    bench.arena("nim", "normal", "random", 2, workers=1, games_ref=TOYS, paired=True, log=__import__("sys").stderr,
                record=str(record))
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [(g["seed"], g["a_seat"]) for g in lines] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(set(g["decisions"]) == {"normal"} and g["decisions"]["normal"]["n"] > 0 for g in lines)
    assert all(g["levels"][g["a_seat"]] == "normal" for g in lines)
    spec = bench.load_games(TOYS)["nim"]
    for g in lines:  # the moves played replay the game from its seed to the same result
        state = spec.new_game(2, g["seed"], {})
        for notation in g["played"]:
            state.apply(spec.parse_move(state, notation))
        assert state.is_over and list(state.outcome.scores) == g["scores"] and len(g["played"]) == g["moves"]
    err = capsys.readouterr().err
    assert err.count("A margin") == 4 and "so far" not in err and "mean margin" not in err


def test_a_recorded_game_is_traced_move_by_move_with_our_searches_made_again(tmp_path, capsys):
    """--trace replays a record's game from its seed: every move with the scores after it, and
    where our level decided, its search made again (the same move: no time cap cut it) with
    the moves it weighed; the other side's moves as they were played."""
    import json

    record = tmp_path / "games.jsonl"
    bench.arena("nim", "normal", "random", 1, workers=1, games_ref=TOYS, paired=True, log=None, record=str(record))
    game = json.loads(record.read_text().splitlines()[1])  # A (normal) in the second seat
    assert bench.main(["--trace", "nim", str(record), "1", "--games", TOYS]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("nim seed 0: random v normal") and str(game["scores"]) in rows[0]
    moves = rows[1:]
    assert [row.split()[4] for row in moves] == game["played"]
    ours = [row for row in moves if row.split()[3] == "normal"]
    assert any(";" in row for row in ours) and not any("searched again" in row for row in ours)
    assert all(";" in row or "settled without a search" in row for row in ours)
    assert not any(";" in row for row in moves if row.split()[3] == "random")
    # a game the record does not hold, or one recorded before records kept the moves: said, not a traceback
    with pytest.raises(SystemExit, match="holds 2 games"):
        bench.main(["--trace", "nim", str(record), "2", "--games", TOYS])
    record.write_text(json.dumps({key: value for key, value in game.items() if key != "played"}) + "\n")
    with pytest.raises(SystemExit, match="without its moves"):
        bench.main(["--trace", "nim", str(record), "--games", TOYS])


def test_records_read_afterwards_count_whole_pairs_as_the_arena_does(tmp_path, capsys):
    """A run stopped mid-pair is judged from its records: the same figures as the arena
    reports for the seeds played from both seats, the seed cut off listed apart."""
    import json

    record = tmp_path / "games.jsonl"
    out = bench.arena("nim", "normal", "random", 2, workers=1, games_ref=TOYS, paired=True, log=None,
                      record=str(record))
    whole = record.read_text()
    cut = json.loads(whole.splitlines()[0])
    record.write_text(whole + json.dumps(dict(cut, seed=7)) + "\n")  # seed 7 played from one seat only
    read = bench.records_summary("nim", [str(record)], TOYS)
    for key in ("games", "a_wins", "a_losses", "draws", "a_points", "a_points_95", "pairs", "mean_margin"):
        assert read[key] == out[key], key
    assert read["cut_off"] == [7] and read["a"] == "normal" and read["b"] == "random"
    assert read["timing"]["normal"]["capped"] == 0 and read["timing"]["normal"]["mean_of_game_means_s"] > 0
    assert bench.main(["--summary", "nim", str(record), "--games", TOYS]) == 0
    assert json.loads(capsys.readouterr().out)["cut_off"] == [7]


def test_the_outside_player_without_openspiel_says_how_to_get_it(monkeypatch):
    """The outside opponent is optional: without OpenSpiel the arena says what to
    install before any game starts (the app and the normal tests never need it)."""
    from game.bench import outside

    monkeypatch.setitem(__import__("sys").modules, "pyspiel", None)  # import pyspiel now fails
    with pytest.raises(SystemExit, match=r"pip install \"\.\[research\]\""):
        bench.arena("nim", "openspiel@3x", "random", 1, workers=1, games_ref=TOYS, log=None)
    with pytest.raises(ValueError, match="multiple"):
        outside.parse_time("three")
    assert outside.parse_time("3x") == ("x", 3.0) and outside.parse_time("6.5s") == ("s", 6.5)
    assert outside.with_time("openspiel", "10x") == "openspiel@10x" and outside.with_time("hard", "10x") == "hard"


def test_the_outside_player_s_time_is_a_multiple_of_the_other_player_s():
    from game.bench import outside

    spec = bench.load_games(TOYS)["nim"]
    assert outside.seconds_for("openspiel@3x", spec, 2, "hard", [1.0, 2.0], None) == pytest.approx(4.5)
    assert outside.seconds_for("openspiel@2.5s", spec, 2, "hard", [1.0], None) == 2.5
    with pytest.raises(ValueError, match="whose time"):
        outside.seconds_for("openspiel@3x", spec, 2, "random", [], None)


def test_decisions_against_another_checkout_give_each_sides_moves_and_seconds():
    """`--against DIR --decisions GAME LEVEL`: the same code on both sides makes the same moves."""
    from game.bench.session import ROOT, decisions_against

    found = decisions_against(ROOT, "scurry", "easy", positions=2, rounds=1)
    assert found["same_moves"] and len(found["here"]["moves"]) == 2 == len(found["there"]["s"])
    assert all(move for move in found["here"]["moves"]) and found["here"]["max_s"] >= found["here"]["median_s"] > 0


def test_the_outside_player_s_yardstick_reads_a_level_named_with_its_module():
    """Before the other player's first decision the outside's time is that level's median on
    the bench's positions: a side named "easy:MODULE" is measured with MODULE's heuristics,
    as the arena plays it, not refused as an unknown level."""
    spec = bench.load_games()["scurry"]
    seconds = bench.median_seconds(spec, 2, "easy:game.games.scurry.heuristics")
    assert 0 < seconds < 5
    with pytest.raises(ModuleNotFoundError):
        bench.median_seconds(spec, 2, "easy:tests.no_such_heuristics")

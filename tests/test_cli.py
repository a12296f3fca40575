"""The command line: what `python -m game` answers, refuses and opens.

Most tests run the real command in a fresh process, its files in a temporary
GAME_SHELF_HOME. A process that gets past the checks with the dummy video
driver would open the app and run until killed, so a refusal that comes back
at once with status 2 is one that opened no window. What a good command line
opens is checked in this process: cli.parse, then app.build_app, then the
scene stack (dummy driver, as in the other UI tests).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

import game
from game import cli, storage
from game.app import build_app
from game.engine.match import SAVE_FORMAT, Match, Seat
from game.saves import save_match
from game.shelf import GAMES
from game.ui.board import BoardScene
from game.ui.setup import SetupScene
from game.ui.title import TitleScene
from game.ui.damaged import GoOnScene
from uikit import click_button, run_until

ROOT = Path(__file__).resolve().parent.parent


def environment(home, **changes) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(GAME_SHELF_HOME=str(home), PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy")
    env.update(changes)
    return env


def run(home, *args, timeout=30, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          env=environment(home, **env), timeout=timeout)


def refused(home, *args) -> str:
    """The one line a bad command line gets, after checking it ends with status 2,
    prints nothing else and touches no file of the app."""
    done = run(home, *args, SDL_VIDEODRIVER="dummy")  # past the checks it would open the app and stay
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("game-shelf: error: "), done.stderr
    assert not (Path(home) / "config").exists()
    return lines[0]


# ---- answers without a window -----------------------------------------------------
def test_help_describes_every_option(tmp_path):
    done = run(tmp_path, "--help")
    assert done.returncode == 0 and done.stderr == ""
    for flag in ("--version", "--list-games", "--game ID", "--players N", "--seat KIND", "--name NAME",
                 "--option KEY=VALUE", "--seed N", "--watch", "--fullscreen", "--window WxH", "SAVE.json"):
        assert flag in done.stdout


def test_version_is_the_package_version(tmp_path):
    done = run(tmp_path, "--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"game-shelf {game.__version__}"


def test_list_games_names_ids_titles_player_counts_and_option_choices(tmp_path):
    done = run(tmp_path, "--list-games")
    assert done.returncode == 0 and done.stderr == ""
    text = done.stdout
    for spec in GAMES.values():
        line = next(x for x in text.splitlines() if x.startswith(spec.id + " "))
        assert spec.title in line
        counts = str(spec.min_players) if spec.min_players == spec.max_players else \
            f"{spec.min_players}-{spec.max_players}"
        assert f"({counts} players)" in line
        for option in spec.options:
            row = next(x for x in text.splitlines() if f"--option {option.key}=" in x and option.label in x)
            for choice in option.choices:
                assert cli.choice_word(choice) in row
    assert "captain=...  Captain: roll (Highest roll, default); 0 (White)" in text


def test_every_listed_choice_is_accepted_and_typed_like_the_option():
    for spec in GAMES.values():
        for option in spec.options:
            for choice in option.choices:
                players = str(option.players[0] if option.players else spec.default_players)  # one it applies to
                launch = cli.parse(["--game", spec.id, "--seed", "1", "--players", players,
                                    "--option", f"{option.key}={cli.choice_word(choice)}"])
                value = launch.match.options[option.key]
                assert value == choice and type(value) is type(choice)


def test_option_words_for_on_and_off():
    assert cli.parse(["--game", "scurry", "--option", "random_setup=yes"]).match.options["random_setup"] is True
    assert cli.parse(["--game", "scurry", "--option", "random_setup=False"]).match.options["random_setup"] is False


# ---- every bad value: one line naming it and what would do; status 2 --------------------------
BAD = [
    (["--game", "nosuch"], ["--game nosuch", *GAMES]),  # names every game on the shelf
    (["--game", "scurry", "--players", "3"], ["--players 3", "exactly 2"]),
    (["--game", "skurdir", "--players", "many"], ["--players many", "2, 3, 4 or 5"]),
    (["--game", "skurdir", "--seat", "robot"], ["--seat robot", "human, easy, normal, hard"]),
    (["--game", "skurdir", "--players", "2", "--seat", "easy", "--seat", "easy", "--seat", "hard"],
     ["3 seats", "2 players"]),
    (["--game", "scurry", "--seat", "easy", "--seat", "easy", "--seat", "easy"], ["3 seats", "at most 2"]),
    (["--game", "scurry", "--watch", "--seat", "human"], ["--seat human", "--watch", "easy, normal or hard"]),
    (["--game", "skurdir", "--name", "Ann", "--name", "ann"], ["'ann'", "different --name"]),
    (["--game", "skurdir", "--name", " "], ["--name", "empty"]),
    (["--game", "skurdir", "--name", "A" * 30], ["--name " + "A" * 30, "18 characters"]),
    (["--game", "scurry", "--option", "size=9"], ["--option size=9", "5, 6, 7"]),
    (["--game", "scurry", "--option", "colour=red"], ["--option colour=red", "size, tiles, random_setup"]),
    (["--game", "scurry", "--option", "size"], ["--option size", "KEY=VALUE", "size, tiles, random_setup"]),
    (["--game", "scurry", "--option", "random_setup=maybe"], ["random_setup=maybe", "off, on"]),
    (["--game", "scrubbudgetel", "--option", "captain=7"], ["captain=7", "roll, 0, 1, 2, 3"]),
    (["--game", "scurry", "--seed", "-4"], ["--seed -4", "whole number, 0 or more"]),
    (["--game", "scurry", "--seed", "x1"], ["--seed x1", "whole number"]),
    (["--players", "3"], ["--players needs --game", "skurdir"]),
    (["--watch"], ["--watch needs --game"]),
    (["--window", "800x600"], ["--window 800x600", "960x640"]),
    (["--window", "big"], ["--window big", "WIDTHxHEIGHT"]),
    (["--frobnicate"], ["--frobnicate"]),
    (["--seat"], ["--seat", "expected one argument"]),
    (["--quit-when-over"], ["--quit-when-over needs a game to play"]),
    (["--game", "scurry", "--quit-when-over"], ["--quit-when-over needs a game to play"]),  # a new-game screen
    (["--install-desktop", "--game", "scurry"], ["--install-desktop cannot go with --game scurry"]),
    (["--uninstall-desktop", "--install-desktop"], ["--install-desktop and --uninstall-desktop: give one"]),
]


@pytest.mark.slow
@pytest.mark.parametrize("args,names", BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_a_bad_value_is_one_line_naming_it_and_status_2(tmp_path, args, names):
    line = refused(tmp_path, *args)
    for name in names:
        assert name in line


def test_a_save_file_that_is_not_a_save_is_refused_and_left_where_it_is(tmp_path):
    notes = tmp_path / "notes.json"
    notes.write_text("my notes, not JSON", encoding="utf-8")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": SAVE_FORMAT, "game": "chess"}), encoding="utf-8")
    assert "no such file" in refused(tmp_path, str(tmp_path / "missing.json"))
    assert "not valid JSON" in refused(tmp_path, str(notes))
    assert "unknown game 'chess'" in refused(tmp_path, str(wrong))
    assert notes.read_text(encoding="utf-8") == "my notes, not JSON"  # a person's file is never moved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json", "wrong.json"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", [[], ["--replay"]], ids=["open", "replay"])
def test_a_hostile_file_is_refused_in_one_line_before_it_is_read(tmp_path, mode):
    """Only an ordinary file, no larger than a save can be, nested as ours are:
    each is one line and status 2 at once, never a traceback, a hang or a
    process that grows until killed."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    fairly_deep = tmp_path / "fairly_deep.json"  # within json's own limit, still no save of ours
    data = Match(GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 5).to_save()
    data["options"] = {"size": json.loads("[" * 500 + "]" * 500)}
    fairly_deep.write_text(json.dumps(data), encoding="utf-8")
    large = tmp_path / "large.json"
    with open(large, "wb") as handle:
        handle.truncate(100 * 1024 * 1024)  # sparse: 100 MB that costs no disk
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    cases = [(deep, "nested too deeply"), (fairly_deep, "nested too deeply"), (large, "larger than 2048 KB"),
             (pipe, "not an ordinary file"), (Path("/dev/zero"), "not an ordinary file"), (tmp_path, "a folder")]
    for path, words in cases:
        started = time.monotonic()
        line = refused(tmp_path, *mode, str(path))  # run() has a timeout: a blocked read fails the test
        assert str(path) in line and words in line, line
        assert time.monotonic() - started < 10


def test_a_save_whose_moves_do_not_replay_names_the_move(tmp_path):
    match = Match(GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 5, {"random_setup": True})
    data = match.to_save()
    data["moves"] = ["m z9"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "Move 1 (m z9)" in refused(tmp_path, str(path))


def test_a_save_file_does_not_go_with_a_new_game(tmp_path):
    line = refused(tmp_path, "--game", "scurry", "--seed", "3", str(tmp_path / "x.json"))
    assert "--seed" in line and "save file" in line


# ---- no screen ---------------------------------------------------------------------------
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY / WAYLAND_DISPLAY are Linux's")
def test_without_a_display_it_says_so_and_exits(tmp_path):
    started = time.monotonic()
    done = run(tmp_path, "--game", "scurry", "--seed", "2")
    assert done.returncode == 1
    assert "no screen" in done.stderr and "DISPLAY" in done.stderr
    assert time.monotonic() - started < 20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays")
def test_a_display_nobody_answers_on_is_not_used_with_an_invisible_driver(tmp_path):
    done = run(tmp_path, "--game", "scurry", DISPLAY=":193")  # no X server there
    assert done.returncode == 1
    assert "no usable screen" in done.stderr


def test_the_listing_and_help_need_no_display(tmp_path):
    assert run(tmp_path, "--list-games").returncode == 0  # environment() removed DISPLAY


def test_a_watched_game_runs_in_a_real_process_and_is_autosaved(tmp_path):
    """A good command line opens the app and starts the match at once: the
    computer's first moves reach the autosave while the process runs."""
    in_progress = tmp_path / "data" / "saves" / "in-progress"  # one autosave per game in progress
    process = subprocess.Popen([sys.executable, "-m", "game", "--game", "scurry", "--watch", "--seed", "31",
                                "--seat", "easy", "--seat", "easy", "--option", "random_setup=on"],
                               cwd=ROOT, env=environment(tmp_path, SDL_VIDEODRIVER="dummy"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        saved = None
        while time.monotonic() < deadline and process.poll() is None:
            try:
                saved = json.loads(next(in_progress.glob("*.json")).read_text(encoding="utf-8"))
            except (OSError, ValueError, StopIteration):
                saved = None
            if saved and saved["moves"]:
                break
            time.sleep(0.2)
        assert process.poll() is None, process.communicate()[1]
        assert saved and saved["moves"], "no move was played within a minute"
        assert saved["game"] == "scurry" and saved["seed"] == 31 and saved["options"]["random_setup"] is True
        assert [s["kind"] for s in saved["seats"]] == ["computer", "computer"]
    finally:
        process.terminate()
        process.communicate(timeout=30)


# ---- what a good command line opens (this process, dummy driver) ----------------------------
@pytest.fixture
def opened():
    """build_app for a command line, from no settings and no saves; the app is closed after the test."""
    import shutil

    for folder in (storage.config_dir(), storage.saves_dir()):
        shutil.rmtree(folder, ignore_errors=True)
    apps = []

    def open_(*args):
        app = build_app(cli.parse(list(args)))
        apps.append(app)
        return app

    yield open_
    pygame.quit()


def kinds(app):
    return [type(s) for s in app.scenes]


def test_no_arguments_open_the_title(opened):
    assert kinds(opened()) == [TitleScene]


def test_a_game_alone_opens_its_new_game_screen(opened):
    app = opened("--game", "skyrunner")
    assert kinds(app) == [TitleScene, SetupScene] and app.scene.spec.id == "skyrunner"


def test_seats_names_options_and_seed_start_the_match(opened):
    app = opened("--game", "skurdir", "--players", "3", "--seat", "human", "--seat", "easy", "--seat", "hard",
                 "--name", "Ann", "--seed", "7", "--option", "crossing=on", "--option", "random_setup=on")
    assert kinds(app)[0] is TitleScene and isinstance(app.scene, BoardScene)
    match = app.scene.match
    assert match.spec.id == "skurdir" and match.seed == 7
    assert [(s.name, s.kind, s.level) for s in match.seats] == [
        ("Ann", "human", "normal"), ("Computer 2", "computer", "easy"), ("Computer 3", "computer", "hard")]
    assert match.options == {"random_setup": True, "crossing": True, "table": "open"}
    fresh = GAMES["skurdir"].new_game(3, 7, {"random_setup": True, "crossing": True})
    assert match.state.to_json() == fresh.to_json()


def test_unlisted_seats_follow_the_new_game_screen(opened):
    match = opened("--game", "skurdir", "--players", "4", "--seat", "hard").scene.match
    assert [(s.kind, s.level) for s in match.seats] == [("computer", "hard"), ("computer", "normal"),
                                                        ("computer", "normal"), ("computer", "normal")]
    match = opened("--game", "skyline_express", "--name", "Eva").scene.match
    assert [(s.name, s.kind) for s in match.seats] == [("Eva", "human"), ("Computer 2", "computer")]
    assert len(opened("--game", "skurdir", "--name", "A", "--name", "B", "--name", "C").scene.match.seats) == 3


def test_watch_makes_every_seat_the_computer(opened):
    app = opened("--game", "skyline_express", "--players", "4", "--watch", "--seat", "hard", "--seed", "4")
    match = app.scene.match
    assert [(s.kind, s.level) for s in match.seats] == [("computer", "hard")] + [("computer", "normal")] * 3
    assert [s.name for s in match.seats] == ["Computer 1", "Computer 2", "Computer 3", "Computer 4"]


def test_a_watched_game_plays_itself(opened):
    app = opened("--game", "scurry", "--watch", "--seat", "easy", "--seat", "easy", "--seed", "9",
                 "--option", "random_setup=on")
    board = app.scene
    board.controller.ai_delay = 0.0
    run_until(app, lambda: len(board.match.played) >= 2, timeout=60)
    board.controller.stop_thinking()


def test_a_save_file_opens_its_game(opened, tmp_path):
    match = Match(GAMES["skyrunner"], [Seat("Eva", 0), Seat("Ari", 1, "computer", "easy")], 12)
    for _ in range(5):
        match.play(match.state.legal_moves()[0])
    path = tmp_path / "evening.json"
    save_match(match, path)
    app = opened(str(path))
    assert kinds(app)[0] is TitleScene and isinstance(app.scene, BoardScene)
    loaded = app.scene.match
    assert loaded.notations == match.notations and loaded.seats == match.seats
    assert loaded.state.to_json() == match.state.to_json()
    assert path.exists()


def test_a_game_in_progress_opened_by_its_own_file_goes_on_as_that_game(opened):
    """Its autosave named on the command line: the same game with every move its journal
    holds (not a copy of its last whole save beside it); --replay shows those moves too."""
    from game import saves
    from game.keeper import GameKeeper
    from keeping import WriterNow

    match = Match(GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 4)
    keeper = GameKeeper(match, WriterNow(), print)

    class DiskBusy(WriterNow):  # the whole save never gets its turn: each move is in the journal only
        def submit(self, done, _key, work):
            pass

    keeper.writer = DiskBusy()
    for _ in range(3):
        match.play(match.state.legal_moves()[0])
    path = saves.in_progress_path(match.save_id)
    assert len(json.loads(path.read_text(encoding="utf-8"))["moves"]) < 3, "some moves are in the journal only"
    keeper.lock.release()  # the window closed without a word (a kill): its files stay as they were
    saves.held_here.discard(match.save_id)
    assert cli.parse(["--replay", str(path)]).replay.length == 3
    app = opened(str(path))
    assert isinstance(app.scene, BoardScene)
    assert app.scene.match.save_id == match.save_id and app.scene.match.notations == match.notations
    assert [entry.save_id for entry in saves.games_in_progress()[0]] == [match.save_id], "no second copy"


def test_a_save_with_one_bad_move_offers_to_go_on_from_the_last_good_one(opened, tmp_path):
    match = Match(GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 12, {"random_setup": True})
    for _ in range(40):
        match.play(match.state.legal_moves()[0])
    data = match.to_save()
    data["moves"].append("m z9")  # 40 good moves, then one that cannot be played
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = opened(str(path))
    offer = app.scene
    assert kinds(app) == [TitleScene, GoOnScene]
    assert "evening.json could not be read whole (Move 41 (m z9) cannot be played" in offer.message
    assert "The file is left as it is" in offer.message
    assert path.read_text(encoding="utf-8") == json.dumps(data)  # a person's file is never moved or changed
    click_button(app, "Go on from move 40")
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.match.notations == match.notations and board.match.state.to_json() == match.state.to_json()


def test_window_size_and_fullscreen(opened):
    app = opened("--window", "1024x700", "--game", "scurry")
    assert app.size == (1024, 700) and not app.fullscreen
    assert app.settings["window_size"] == [1280, 800]  # for this run only: the settings stay
    app = opened("--fullscreen")
    assert app.fullscreen


def test_the_entry_point_takes_its_arguments(capsys):
    from game.__main__ import main

    assert main(["--list-games"]) == 0
    assert "skyrunner" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["--game", "nosuch"])
    assert stopped.value.code == 2


def test_quit_after_first_frame_says_so_and_quits(tmp_path):
    """What the bench times a start-up by (game.bench: bundle_startup): one line on stdout, status 0."""
    done = run(tmp_path, "--quit-after-first-frame", SDL_VIDEODRIVER="dummy")
    assert (done.returncode, done.stdout) == (0, "first frame\n"), done.stderr


@pytest.mark.slow
def test_quit_when_over_ends_the_app_once_the_results_show_and_the_record_is_kept(opened):
    from game import records
    from game.ui.results import ResultsScene

    app = opened("--game", "scurry", "--watch", "--seat", "easy", "--seat", "easy", "--seed", "5",
                 "--option", "size=5", "--option", "tiles=4", "--option", "random_setup=on", "--quit-when-over")
    board = app.scene
    board.watch.speed = "fastest"
    board.watch.apply_speed()
    seen = []
    drawn = app.draw
    app.draw = lambda: (drawn(), seen.append(type(app.scene)))[0]
    fired = []
    gave_up = threading.Timer(120, lambda: (fired.append(True), setattr(app, "running", False)))  # else forever
    gave_up.start()
    app.run()
    gave_up.cancel()
    assert not fired and board.match.state.is_over
    assert seen[-1] is ResultsScene and seen.count(ResultsScene) == 1, "it quit once the results were drawn"
    (record,) = records.list_records()
    assert record.moves == board.match.notations and record.seed == 5

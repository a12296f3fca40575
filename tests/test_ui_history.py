"""History and replay through the real window: the list of finished games, a
replay driven by its buttons, its log, its timeline and keys, the board read-only,
hidden cards only in finished games, --replay FILE, and a seek in a long game."""
from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from game import cli, records
from game.app import build_app
from game import shelf
from game.engine.match import Match, Seat
from keeping import autosave
from game.replay import CHECKPOINT_EVERY, Replay
from game.ui.history import HistoryScene
from game.ui.movelog import LINE_HEIGHT
from game.ui.title import TitleScene
from uikit import (choose, click, click_button, key, make_app, open_title, pump, read_records, run_until, screenshot,
                   steps_until)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def played(game_id: str, seed: int, names=("Ann", "Bob"), moves: int | None = None, finish=True) -> Match:
    """A game of random moves; finished ones become records (as in the app)."""
    spec = shelf.GAMES[game_id]
    seats = [Seat(name, i) for i, name in enumerate(names)]
    match = Match(spec, seats, seed)
    rng = random.Random(seed)
    while not match.state.is_over and (moves is None or len(match.played) < moves):
        match.play(rng.choice(match.state.legal_moves()))
    if finish:  # saved once, as the app's last autosave of the game does
        match.on_change = autosave
        autosave(match)
    return match


def state_after(match: Match, ply: int):
    state = match.spec.new_game(len(match.seats), match.seed, dict(match.options))
    for text in match.notations[:ply]:
        state.apply(match.spec.parse_move(state, text))
    return state


def title(size=(1280, 800)):
    return open_title(size, "fast")


def test_history_lists_every_finished_game_and_replays_one_by_mouse():
    scurry = played("scurry", 4)
    played("skurdir", 5)
    played("skyrunner", 6, names=("Ann", "Bob", "Cy"))
    app = title()
    click_button(app, "History")
    read_records(app)
    history = app.scene
    assert isinstance(history, HistoryScene)
    assert [s.game for s in history.shown] == ["skyrunner", "skurdir", "scurry"]  # newest first
    assert history.cells(history.shown[2])[2] == "Ann vs Bob"
    screenshot(app, "history")
    choose(app, history.game_menu, "Scurry")
    assert [s.game for s in history.shown] == ["scurry"]
    click(app, history.row_rect(0).center)
    click_button(app, "Replay")
    read_records(app)
    board = app.scene
    replay = board.mode
    n = len(scurry.played)
    assert replay.replaying and replay.ply == n
    assert replay.match.state.to_json() == scurry.state.to_json()
    screenshot(app, "replay-scurry-end")

    click_button(app, "<")
    assert replay.ply == n - 1 and replay.match.state.to_json() == state_after(scurry, n - 1).to_json()
    click_button(app, "|<")
    assert replay.ply == 0 and replay.match.state.to_json() == state_after(scurry, 0).to_json()
    for _ in range(3):
        click_button(app, ">")
    assert replay.ply == 3

    # the board is read-only: a click on a place that would be a legal move changes nothing
    target = replay.match.state.legal_moves()[0].targets[0]
    click(app, board.target_rect(target).center)
    assert replay.ply == 3 and len(replay.match.state.history) == 3
    assert records.list_records(game="scurry")[0].moves == scurry.notations

    # the timeline: a click at its middle jumps to the middle of the game
    bar = replay.timeline
    click(app, (bar.x + bar.w // 2, bar.centery))
    assert abs(replay.ply - n // 2) <= max(1, n // bar.w + 1)
    assert replay.match.state.to_json() == state_after(scurry, replay.ply).to_json()

    # the log: a click on a move's line jumps to just after that move
    log = board.log
    first = log.first_shown()
    entry = next(e for e, start in enumerate(log.starts) if start >= first + 2 and replay.replay.log[e][0] > 0)
    y = log.rect.y + 5 + (log.starts[entry] - first) * LINE_HEIGHT + LINE_HEIGHT // 2
    click(app, (log.rect.x + 40, y))
    assert replay.ply == replay.replay.log[entry][0] and log.current == replay.move_entries[replay.ply]

    # keys: a move forward, back to the start, to the end
    ply = replay.ply
    key(app, pygame.K_RIGHT)
    assert replay.ply == ply + 1
    key(app, pygame.K_HOME)
    assert replay.ply == 0
    assert log.first_shown() == 0 and log.current is None, "the start of the game: the log's first lines"
    key(app, pygame.K_END)
    assert replay.ply == n

    # play and pause at a chosen speed
    choose(app, replay.speed_menu, "Speed: Fastest")
    key(app, pygame.K_HOME)
    click_button(app, "Play")
    run_until(app, lambda: replay.ply >= 4, timeout=10)
    click_button(app, "Pause")
    stopped = replay.ply
    time.sleep(0.3)
    pump(app)
    assert replay.ply == stopped and not replay.playing

    click_button(app, "Back")
    assert app.scene is history
    click_button(app, "Back")
    assert isinstance(app.scene, TitleScene)


def test_a_double_click_opens_a_game_and_an_empty_history_says_so():
    app = title()
    click_button(app, "History")
    read_records(app)
    assert app.scene.shown == []
    screenshot(app, "history-empty")
    click_button(app, "Back")
    played("skurdir", 3)
    click_button(app, "History")
    read_records(app)
    row = app.scene.row_rect(0).center
    click(app, row)
    click(app, row)
    read_records(app)
    assert app.scene.mode.replaying and app.scene.mode.replay.finished


def test_hidden_cards_show_only_when_the_game_is_over(tmp_path):
    # a finished game: each seat's hand may be shown, by default the hand of whoever is to move
    played("skyrunner", 8, names=("Ann", "Bob", "Cy"))
    app = title()
    click_button(app, "History")
    read_records(app)
    click(app, app.scene.row_rect(0).center)
    click_button(app, "Replay")
    read_records(app)
    board = app.scene
    replay = board.mode
    key(app, pygame.K_HOME)
    for _ in range(4):
        key(app, pygame.K_RIGHT)
    state = replay.match.state
    assert board.viewer == state.to_move and replay.view()["hand"] == state.view(state.to_move)["hand"]
    choose(app, replay.seen_menu, "Seen by Bob")
    assert board.viewer == 1 and replay.view()["hand"] == state.view(1)["hand"] != []
    screenshot(app, "replay-skyrunner-finished")
    pygame.quit()

    # a game in progress, from its save on the command line: only what every seat may see
    match = played("skyrunner", 9, names=("Ann", "Bob", "Cy"), moves=40, finish=False)
    path = tmp_path / "going-on.json"
    path.write_text(json.dumps(match.to_save()))
    launch = cli.parse(["--replay", str(path), "--window", "1280x800"])
    app = build_app(launch)
    pump(app)
    board = app.scene
    replay = board.mode
    assert replay.replaying and replay.ply == 40 and not replay.replay.finished and replay.seen_menu is None
    hidden_seen = 0
    for ply in (40, 39, 20, 1, 0):
        replay.seek(ply)
        view = replay.view()
        state = replay.match.state
        views = [state.view(seat) for seat in range(3)]
        for name, value in view.items():  # shown: only what every seat sees alike
            if name != "seat" and any(v[name] != views[0][name] for v in views):
                assert value in ([], None), (ply, name, value)
                hidden_seen += 1
            elif name != "seat":
                assert value == views[0][name]
    assert hidden_seen >= 3, "the hands differed at some of those moves and were hidden"
    key(app, pygame.K_END)
    screenshot(app, "replay-skyrunner-in-progress")
    assert "stays hidden" in board.controller.message


def test_replay_on_the_command_line_refuses_what_it_cannot_replay(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 1, "game": "scurry", "players": 2, "seed": 1,
                               "seats": [{"name": "A", "colour": 0}, {"name": "B", "colour": 1}],
                               "moves": ["zz top"]}))
    for argv, words in ((["--replay", str(bad)], "that can be replayed: Move 1"),
                        (["--replay", str(tmp_path / "none.json")], "no such file"),
                        (["--replay", str(bad), "--game", "scurry"], "cannot go with --game")):
        with pytest.raises(SystemExit) as stop:
            cli.parse(argv)
        assert stop.value.code == 2 and words in capsys.readouterr().err


def long_scurry(moves: int = 2000) -> Match:
    """A Scurry game of `moves` moves: random play that steers clear of the end."""
    from game.bench.ui import LONG_GAME, long_match
    return long_match(LONG_GAME[0], moves, options=LONG_GAME[1])


@pytest.mark.slow
def test_a_seek_anywhere_in_a_2000_move_game_is_quick():
    match = long_scurry()
    replay = Replay.of_match(match)
    assert replay.length == 2000 and len(replay.checkpoints) == 2000 // CHECKPOINT_EVERY + 1
    app = make_app()
    app.push(TitleScene(app))
    from game.ui.replay_screen import replay_scene
    app.push(replay_scene(app, replay, 0))
    pump(app)
    scene = app.scene
    worst = 0.0
    for ply in random.Random(1).sample(range(2001), 40):
        # this thread's processor time: the wall clock of a shared machine also counts
        # the other processes (the bench reports the wall time, replay_seek_ms)
        started = time.thread_time()
        scene.mode.seek(ply)
        app.dirty = True
        app.step([])
        worst = max(worst, time.thread_time() - started)
        assert scene.match.state.to_json() == state_after(match, ply).to_json()
    assert worst < 0.1, f"a seek and its frame took {worst * 1000:.0f} ms"


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_the_replay_of_an_all_computer_game_has_only_its_own_controls(size):
    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat("Computer 1", 0, "computer", "easy"), Seat("Computer 2", 1, "computer", "easy")], 4,
                  {"random_setup": True})
    rng = random.Random(4)
    for _ in range(12):
        match.play(rng.choice(match.state.legal_moves()))
    app = make_app(size)
    app.push(TitleScene(app))
    from game.ui.replay_screen import replay_scene
    app.push(replay_scene(app, Replay.of_match(match), 6))
    pump(app)
    scene = app.scene
    screenshot(app, f"replay-all-computers-{size[0]}")
    assert scene.watch is None
    menus = [e for e in scene.manager.get_sprite_group().sprites() if type(e).__name__ == "UIDropDownMenu"]
    shown = [e for e in list(scene.actions) + menus if e.visible]
    assert not any("Step" == getattr(e, "text", "") for e in shown)
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{getattr(a, 'text', a)} overlaps {getattr(b, 'text', b)}"


def test_the_last_position_marks_only_the_last_turn():
    """A finished game's board marks the moves of its last turn, not every move of the game."""
    match = played("scurry", 3)
    replay = Replay.of_match(match)
    app = make_app()
    app.push(TitleScene(app))
    from game.ui.replay_screen import replay_scene
    app.push(replay_scene(app, replay))
    pump(app)
    marked = app.scene.controller.highlights().last_moves
    movers = match.movers
    turn = [m for m, seat in zip(match.state.history, movers) if seat == movers[-1]]
    assert marked and len(marked) < 40 and marked == match.state.history[-len(marked):]
    assert all(seat == movers[-1] for seat in movers[-len(marked):]) and len(marked) <= len(turn)
    assert movers[-len(marked) - 1] != movers[-1], "the whole last turn"
    screenshot(app, "replay-last-position")


def test_a_game_finished_in_another_window_joins_the_list_by_itself(monkeypatch):
    """The records change under the open History (another window's game ended): the
    list takes it in with no input, keeping the row chosen; a read that fails for a
    moment keeps the list shown and is tried again."""
    monkeypatch.setattr(HistoryScene, "RECHECK_S", 0.2)
    played("scurry", 4)
    app = title()
    click_button(app, "History")
    read_records(app)
    history = app.scene
    click(app, history.row_rect(0).center)
    chosen = history.selected
    played("skurdir", 5)  # as another window's last autosave writes it
    steps_until(app, lambda: len(history.shown) == 2)
    assert [s.game for s in history.shown] == ["skurdir", "scurry"] and history.selected == chosen

    real = records.summaries

    def locked(*args, **kwargs):
        raise records.RecordsUnreadable(0, "another program is using the records file")

    monkeypatch.setattr(records, "summaries", locked)
    played("skyrunner", 6)
    checks = history.reads  # the failing re-read comes and goes, the list stays
    steps_until(app, lambda: history.read_stamp[0] is None)
    assert len(history.shown) == 2 and history.problem is None and not checks.busy
    monkeypatch.setattr(records, "summaries", real)
    steps_until(app, lambda: len(history.shown) == 3)
    assert history.problem is None


def zero_filled(path):
    path.write_bytes(bytes(path.stat().st_size))


def emptied(path):
    path.write_bytes(b"")


@pytest.mark.parametrize("damage", [zero_filled, emptied])
@pytest.mark.parametrize("screen", ["History", "Statistics"])
def test_the_records_file_damaged_under_an_open_screen_is_said_there_at_once(monkeypatch, screen, damage):
    """The records file zeroed while History was open: it went from 2 games to 0 without a
    word (the notice of the file set aside waited until the next game ended)."""
    from game import storage
    from game.ui.statistics import StatisticsScene

    monkeypatch.setattr(HistoryScene, "RECHECK_S", 0.2)
    monkeypatch.setattr(StatisticsScene, "RECHECK_S", 0.2)
    played("scurry", 4)
    played("skurdir", 5)
    app = title()
    click_button(app, screen)
    read_records(app)
    shown = app.scene
    assert len(shown.games) == 2 and not app.toasts
    damage(storage.records_path())
    steps_until(app, lambda: app.toasts)
    [(told, _until)] = app.toasts
    assert len(shown.games) == 0 and app.scene is shown
    if damage is zero_filled:
        assert "records.sqlite3 could not be read" in told and "A new records file is started" in told, told
        assert list(storage.records_path().parent.glob("records.sqlite3.damaged-*")), "the damaged file is kept"
    else:
        assert told == ("The 2 finished games shown here are no longer in the records file: "
                        "it was changed outside Game Shelf."), told

"""UI figures for `python -m game.bench`: start-up, frame times per scene,
idle CPU and the UI's frame time while a computer player thinks.

Everything runs under the dummy video driver at 1280x800; each measured frame
is one App.step() with a redraw forced (update + draw + flip)."""
from __future__ import annotations

import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time

SIZE = (1280, 800)
from .session import ROOT, _env, app_memory, startup_first_frame

_FIRST_FRAME = r"""
import os, sys, time
from game.app import App
from game.ui.title import TitleScene
app = App((1280, 800))
app.push(TitleScene(app))
app.step()
sys.stdout.write("frame\n"); sys.stdout.flush()
"""

_IDLE = r"""
import os, resource, sys, time, threading
from game.app import App
from game.ui.title import TitleScene
app = App((1280, 800))
title = TitleScene(app)
app.push(title)
app.step()
for _step in title.preparing:  # the one-off laying out of the rules ahead (rules_open_ms): not idling
    pass
title.preparing = None
seconds = float(sys.argv[1])
threading.Timer(seconds, lambda: setattr(app, "running", False)).start()
start = resource.getrusage(resource.RUSAGE_SELF)
t0 = time.monotonic()
app.run()
end = resource.getrusage(resource.RUSAGE_SELF)
wall = time.monotonic() - t0
cpu = (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)
print(100.0 * cpu / wall)
"""


def startup_seconds(runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", _FIRST_FRAME], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=_env(), text=True)
        proc.stdout.readline()
        times.append(time.perf_counter() - t0)
        proc.wait()
    return round(statistics.median(times), 3)


def idle_cpu_percent(seconds: float = 4.0) -> float:
    out = subprocess.run([sys.executable, "-c", _IDLE, str(seconds)], capture_output=True, text=True,
                         env=_env(), timeout=60)
    return round(float(out.stdout.strip().splitlines()[-1]), 2)


def _frame_times(app, frames: int, poke=None) -> list[float]:
    import pygame

    times = []
    for k in range(frames):
        if poke:
            poke(k)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + k % 200, 300), rel=(1, 0),
                                             buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        app.dirty = True
        app.step()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def _summary(times: list[float]) -> dict:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return {"median_ms": round(statistics.median(ordered), 2), "p99_ms": round(p99, 2)}


def _midgame_match(game_id: str, seed: int = 3, moves: int | None = None, seats=None):
    """A match `moves` random moves in. By default the game's bench_moves, steering
    clear of moves that end it (a big map to draw, not a results screen); a game that
    ends anyway is dealt again with the next seed."""
    from .. import shelf

    spec = shelf.GAMES[game_id]
    if moves is not None:
        return _random_match(spec, seed, moves, seats, steer=False)
    for attempt in range(20):
        match = _random_match(spec, seed + attempt, spec.bench_moves, seats, steer=True)
        if not match.state.is_over:
            break
    return match


def _random_match(spec, seed: int, moves: int, seats, steer: bool):
    import random

    from ..engine.match import Match, Seat

    players = max(spec.min_players, min(3, spec.max_players))
    seats = seats or [Seat(f"Player {i + 1}", i) for i in range(players)]
    match = Match(spec, seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.is_over:
            break
        legal = match.state.legal_moves()
        move = rng.choice(legal)
        for _try in range(4 if steer else 0):
            trial = match.state.clone()
            trial.apply(move)
            if not trial.is_over:
                break
            move = rng.choice(legal)
        match.play(move)
    return match


def long_match(game_id: str, moves: int, seed: int = 3, options: dict | None = None, tries: int = 6):
    """A match of `moves` random moves that keeps the game going: of a few
    random legal moves, the one leaving the most moves to choose from (a game
    that ends anyway stops short)."""
    import random

    from .. import shelf
    from ..engine.match import Match, Seat

    spec = shelf.GAMES[game_id]
    match = Match(spec, [Seat(f"Player {i + 1}", i) for i in range(spec.min_players)], seed, options)
    rng = random.Random(seed)
    while len(match.played) < moves and not match.state.is_over:
        legal = match.state.legal_moves()
        best, room = None, -1
        for move in rng.sample(legal, min(tries, len(legal))):
            trial = match.state.clone()
            trial.apply(move)
            left = 0 if trial.is_over else len(trial.legal_moves())
            if left > room:
                best, room = move, left
        match.play(best)
    return match


LONG_GAME = ("scurry", {"long_games": "draw"})  # the game and options of the long replay: Scurry's 1,500-turn limit


def replay_seek_ms(game_id: str = LONG_GAME[0], moves: int = 2000, seeks: int = 60) -> dict:
    """A jump to any move of a long game in the replay screen: the seek and the
    frame that shows it, over random moves."""
    import random

    import pygame

    from ..app import App
    from ..replay import Replay
    from ..ui.title import TitleScene
    from ..ui.replay_screen import replay_scene

    match = long_match(game_id, moves, options=LONG_GAME[1] if game_id == LONG_GAME[0] else None)
    started = time.perf_counter()
    replay = Replay.of_match(match)
    open_ms = (time.perf_counter() - started) * 1000
    app = App(SIZE)
    app.push(TitleScene(app))
    app.push(replay_scene(app, replay, 0))
    app.step([])
    times = []
    for ply in random.Random(1).choices(range(replay.length + 1), k=seeks):
        t0 = time.perf_counter()
        app.scene.mode.seek(ply)
        app.dirty = True
        app.step([])
        times.append((time.perf_counter() - t0) * 1000)
    pygame.quit()
    return {"replay_seek_ms": dict(_summary(times), max_ms=round(max(times), 2), moves=replay.length,
                                   game=game_id, replay_open_ms=round(open_ms, 1))}


def _finished_records(count: int = 40) -> None:
    """Finished games in the records (the bench's own folder), for the history and statistics screens."""
    import random

    from .. import records
    from .. import shelf
    from ..engine.match import Match, Seat

    if len(records.summaries()) >= count:
        return
    games = list(shelf.GAMES.values())
    rng = random.Random(5)
    for n in range(count):
        spec = games[n % len(games)]
        seats = [Seat("Ann", 0), Seat("Bob", 1, "computer", ("easy", "normal", "hard")[n % 3])]
        seats += [Seat(f"Player {i + 1}", i) for i in range(2, spec.min_players)]
        match = Match(spec, seats, n)
        while not match.state.is_over:
            match.play(rng.choice(match.state.legal_moves()))
        records.add(match)


def fake_records(count: int, moves_per_game: int = 200) -> None:
    """`count` finished games written straight into the records, as the app
    writes them: Ann against Bob (Scurry) or the computer (Skurðir, each level in turn)."""
    from .. import records
    from ..engine.match import SAVE_FORMAT

    moves = json.dumps(["a1"] * moves_per_game)
    rows = []
    for n in range(count):
        seats = [{"name": "Ann", "colour": 0, "kind": "human", "level": "normal"},
                 {"name": ["Bob", "Computer 2"][n % 2], "colour": 1, "kind": ["human", "computer"][n % 2],
                  "level": ("easy", "normal", "hard")[n % 3]}]
        stamp = f"{n // 3600:02}:{n // 60 % 60:02}:{n % 60:02}"
        rows.append((f"game-{n}", ("scurry", "skurdir")[n % 2], SAVE_FORMAT, json.dumps(seats), "{}", n,
                     moves, json.dumps([n % 50, 25]), json.dumps([n % 3 % 2]), "the end", f"2026-01-01T{stamp}",
                     f"2026-01-02T{stamp}", json.dumps([n % 2, 0])))
    records.write(lambda db: db.executemany(
        "INSERT INTO records (game_key, game, format, seats, options, seed, moves, scores, winners, reason,"
        " started, finished, hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows))


@contextlib.contextmanager
def throwaway_home():
    """The app's files in a temporary folder of their own while the block runs (the bench
    never touches a person's saves and records); the folder the app used is restored after."""
    import tempfile

    saved = os.environ.get("GAME_SHELF_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["GAME_SHELF_HOME"] = home
        try:
            yield home
        finally:
            if saved is None:
                os.environ.pop("GAME_SHELF_HOME", None)
            else:
                os.environ["GAME_SHELF_HOME"] = saved


def review_open_ms(opens: int = 10, game_id: str = "skyrunner") -> dict:
    """Opening the game review of a finished game whose review is kept: the game
    played again (Replay), the kept review read, the screen built and drawn; no search."""
    import pygame

    from .. import shelf
    from ..app import App
    from ..engine.review import review_decision
    from ..replay import Replay
    from ..review import GameReview
    from ..ui.review_screen import ReviewScene
    from ..ui.title import TitleScene

    class NoSearch:
        def review(self, request):
            raise AssertionError("a kept review searched")

    with throwaway_home():
        match = _random_match(shelf.GAMES[game_id], 5, 10_000, None, steer=False)
        save = match.to_save()
        review = GameReview(Replay(save), "quick", include_computers=True)
        for ply in review.plan:  # kept beforehand, by a small search: only the opening is timed
            review.add(ply, review_decision(**dict(review.request(ply), iterations=8)))
        app = App(SIZE)
        app.push(TitleScene(app))
        app.step([])
        app.settings["review_computers"] = True
        times = []
        for _ in range(opens):
            t0 = time.perf_counter()
            app.push(ReviewScene(app, Replay(save), player=NoSearch()))
            app.step([])
            times.append((time.perf_counter() - t0) * 1000)
            app.pop()
        pygame.quit()
    times.sort()
    return {"review_open_ms": round(statistics.median(times), 1), "review_open_max_ms": round(times[-1], 1),
            "review_open_decisions": len(review.plan), "review_open_moves": len(save["moves"])}


def statistics_open_ms(count: int = 5000, opens: int = 5) -> dict:
    """Opening the Statistics screen over `count` recorded games (a folder of
    its own): the records read, the figures computed, the screen built and drawn."""
    import pygame

    from ..app import App
    from ..ui.title import TitleScene
    from ..ui.statistics import StatisticsScene

    with throwaway_home():
        fake_records(count)
        app = App(SIZE)
        app.push(TitleScene(app))
        app.step([])
        times, cpu = [], []
        for _ in range(opens):
            t0, c0 = time.perf_counter(), time.process_time()
            app.push(StatisticsScene(app))
            app.scene.reads.wait()  # the records are read off the window's thread: until they show
            app.step([])
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            app.pop()
        pygame.quit()
    return {"statistics_open_ms": {"games": count, "median_ms": round(statistics.median(times), 1),
                                   "cpu_median_ms": round(statistics.median(cpu), 1)}}


def scene_frames(frames: int = 150, only: str | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ..app import App
    from .. import shelf
    from ..ui.menus import HandOffScene, MenuScene, SavesScene
    from ..ui.results import ResultsScene
    from ..ui.rules_screen import RulesScene
    from ..ui.scene import start_match
    from ..ui.settings import SettingsScene
    from ..ui.setup import SetupScene
    from ..ui.title import TitleScene

    app = App(SIZE)
    results = {}

    def measure(name, make):
        app.reset_to(TitleScene(app))
        target = make()
        if target is not None and target is not app.scene:
            app.push(target)
        app.step()
        results[name] = _summary(_frame_times(app, frames))

    spec = next(iter(shelf.GAMES.values()))
    measure("title", lambda: None)
    measure("setup", lambda: SetupScene(app, spec))
    measure("rules", lambda: RulesScene(app, spec))
    measure("settings", lambda: SettingsScene(app))
    measure("saves", lambda: SavesScene(app))
    for game_id in ([only] if only else shelf.GAMES):
        def board(game_id=game_id):
            match = _midgame_match(game_id)
            start_match(app, match, replace=False)
            return app.scene
        measure(game_id, board)
    board_scene = app.scene
    measure("menu", lambda: (start_match(app, _midgame_match(spec.id), replace=False),
                             MenuScene(app, app.scene))[1])
    measure("hand_off", lambda: HandOffScene(app, "Eva", 1, lambda: None))

    def results_scene():
        match = _midgame_match(spec.id, moves=100000)
        start_match(app, match, replace=False)
        return ResultsScene(app, app.scene)
    measure("results", results_scene)

    from ..replay import Replay
    from ..ui.history import HistoryScene
    from ..ui.replay_screen import replay_scene
    from ..ui.statistics import StatisticsScene

    _finished_records()
    measure("history", lambda: HistoryScene(app))
    measure("statistics", lambda: StatisticsScene(app))
    measure("replay", lambda: replay_scene(app, Replay.of_match(_midgame_match(spec.id, moves=100000)), 20))
    del board_scene
    pygame.quit()
    return results


def busy_ui_p99(game_id: str | None = None, seconds: float = 6.0) -> float:
    """The UI's p99 frame while computer players (level normal) think."""
    import pygame

    from ..app import App
    from .. import shelf
    from ..engine.match import Seat
    from ..ui.scene import start_match

    game_id = game_id or next(iter(shelf.GAMES))
    spec = shelf.GAMES[game_id]
    app = App(SIZE)
    app.settings["animation_speed"] = "normal"
    seats = [Seat(f"Computer {i + 1}", i, "computer", "normal") for i in range(spec.min_players)]
    match = _midgame_match(game_id, moves=30, seats=seats)
    start_match(app, match)
    board = app.scene
    times = []
    deadline = time.monotonic() + seconds
    clock = pygame.time.Clock()
    while time.monotonic() < deadline and not match.state.is_over:
        t0 = time.perf_counter()
        app.dirty = True
        app.step()
        if board.controller.thinking is not None:
            times.append((time.perf_counter() - t0) * 1000)
        clock.tick(60)
    board.controller.stop_thinking()
    pygame.quit()
    return _summary(times)["p99_ms"] if times else 0.0


_RSS_GROWTH = r"""
import gc, json, random, sys
from game.app import App
from game import shelf
from game.engine.match import Match, Seat
from game.ui.menus import MenuScene
from game.ui.scene import start_match
from game.ui.setup import SetupScene
from game.ui.title import TitleScene

def rss_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024

app = App((1280, 800))
app.push(TitleScene(app))
app.step()
games = list(shelf.GAMES.values())
rng = random.Random(1)
after = []
for n in range(int(sys.argv[1])):
    spec = games[n % len(games)]
    app.push(SetupScene(app, spec))
    app.step()
    players = max(spec.min_players, min(3, spec.max_players))
    start_match(app, Match(spec, [Seat(f"P{i + 1}", i) for i in range(players)], n))
    board = app.scenes[1]
    for _ in range(60):  # a stretch of a game, every move through the controller and a frame
        while app.scene is not board:
            app.pop()
        if board.match.state.is_over:
            break
        board.controller.play(rng.choice(board.match.state.legal_moves()))
        board.finish_animations()
        app.dirty = True
        app.step()
    app.push(MenuScene(app, board))
    app.step()
    app.reset_to(TitleScene(app))
    app.step()
    gc.collect()
    after.append(rss_mb())
print(json.dumps(after))
"""


def rss_growth_mb(starts: int = 20) -> dict:
    """RSS after `starts` game starts (all the games in turn, a stretch of moves
    each, back to the title) minus RSS after the first, in a fresh process."""
    out = subprocess.run([sys.executable, "-c", _RSS_GROWTH, str(starts)], capture_output=True, text=True,
                         env=_env(), timeout=600)
    after = json.loads(out.stdout.strip().splitlines()[-1])
    return {"rss_growth_mb": round(after[-1] - after[0], 1), "rss_after_first_mb": round(after[0], 1),
            "rss_after_last_mb": round(after[-1], 1)}


def move_frames(only: str | None = None, seed: int = 7) -> dict:
    """Per game, the frames that include playing a move, over whole games of
    random moves: the click's move is applied, the panel and log updated and
    the frame drawn in one App.step (animations off, as the slowest case for
    the log is a frame with nothing else to do). save_durable_ms: the p99 of
    what the move waits for before its frame (its journal line on the disk)."""
    import random

    import pygame

    from ..app import App
    from .. import shelf
    from ..engine.match import Match, Seat
    from ..ui.scene import start_match

    app = App(SIZE)
    app.settings["animation_speed"] = "normal"
    per_game, every, durable = {}, [], []
    for game_id in ([only] if only else shelf.GAMES):
        spec = shelf.GAMES[game_id]
        players = max(spec.min_players, min(3, spec.max_players))
        match = Match(spec, [Seat(f"P{i + 1}", i) for i in range(players)], seed)
        start_match(app, match)
        board = app.scenes[1]
        rng = random.Random(seed)
        times = []
        keep = match.on_change  # the GameKeeper: what the move waits for is timed on its own too

        def timed(m, keep=keep):
            t = time.perf_counter()
            keep(m)
            durable.append((time.perf_counter() - t) * 1000)
        match.on_change = timed
        for _ in range(3000):
            while app.scene is not board:
                app.pop()
            if match.state.is_over:
                break
            move = rng.choice(match.state.legal_moves())
            t0 = time.perf_counter()
            board.controller.play(move)
            app.dirty = True
            app.step([])
            times.append((time.perf_counter() - t0) * 1000)
            board.finish_animations()
        per_game[game_id] = dict(_summary(times), moves=len(times), max_ms=round(max(times), 2))
        every += times
    pygame.quit()
    return {"move_frame_p99_ms": _summary(every)["p99_ms"], "save_durable_ms": _summary(durable)["p99_ms"],
            "move_frames": per_game}


def handoff_open_ms(opens: int = 60) -> float:
    """p99 of opening the pass-and-play cover over a board: the scene built and its first frame drawn."""
    import pygame

    from ..app import App
    from ..ui.menus import HandOffScene
    from ..ui.scene import start_match

    app = App(SIZE)
    start_match(app, _midgame_match("skyrunner"))
    app.step()
    times = []
    for _ in range(opens):
        t0 = time.perf_counter()
        app.push(HandOffScene(app, "Eva", 1, lambda: None))
        app.step([])
        times.append((time.perf_counter() - t0) * 1000)
        app.pop()
        app.step([])
    pygame.quit()
    return _summary(times)["p99_ms"]


def rules_open_ms(opens: int = 3) -> dict:
    """Opening each game's Rules screen from the title, the screen built and its
    first frame drawn: the first time and again (the rendered text kept), in wall
    time and processor time. First the title waits for the player a moment: it
    lays the rules out ahead in slices (idle_slice_max_cpu_ms: the longest), as it
    does in the app; cold_first_cpu_ms is a first opening without that."""
    import pygame

    from ..app import App
    from .. import shelf
    from ..ui import rules_screen
    from ..ui.rules_screen import RulesScene
    from ..ui.title import TitleScene

    def open_cpu_ms(app, spec) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.process_time()
        app.push(RulesScene(app, spec))
        app.step([])
        wall, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
        app.pop()
        app.step([])
        return wall, cpu

    app = App(SIZE)
    title = TitleScene(app)
    app.push(title)
    app.step([])
    cold_spec = list(shelf.GAMES.values())[-1]  # the last the title lays out: not yet
    cold = open_cpu_ms(app, cold_spec)[1]
    rules_screen._layouts.clear()
    title.preparing = rules_screen.prepare_rules(title.manager, app.size)
    title.last_input = float("-inf")  # the player has been away a while
    slices = []
    while title.preparing is not None:
        c0 = time.process_time()
        app.step([])
        slices.append((time.process_time() - c0) * 1000)
    per_game = {}
    for spec in shelf.GAMES.values():
        wall, cpu = zip(*(open_cpu_ms(app, spec) for _ in range(1 + opens)))
        per_game[spec.id] = {"first_ms": round(wall[0], 1), "first_cpu_ms": round(cpu[0], 1),
                             "again_ms": round(statistics.median(wall[1:]), 1),
                             "again_cpu_ms": round(statistics.median(cpu[1:]), 1)}
    scrolling = rules_scroll_frames(app, max(shelf.GAMES.values(), key=lambda spec: len(rules_screen.rules_html(
        spec.id))))
    pygame.quit()
    return {"rules_open_ms": {"again_max_ms": max(g["again_ms"] for g in per_game.values()),
                              "first_max_ms": max(g["first_ms"] for g in per_game.values()),
                              "first_max_cpu_ms": max(g["first_cpu_ms"] for g in per_game.values()),
                              "again_max_cpu_ms": max(g["again_cpu_ms"] for g in per_game.values()),
                              "idle_slices": len(slices), "idle_slice_max_cpu_ms": round(max(slices), 1),
                              "cold_first_cpu_ms": {cold_spec.id: round(cold, 1)}, "games": per_game},
            "rules_scroll_frame_cpu_ms": scrolling}


def rules_scroll_frames(app, spec, steps: int = 120) -> dict:
    """The frames of reading a game's Rules top to bottom, the scroll bar dragged a little
    each frame: the text in view is drawn in each (a picture coming into view in some), in
    processor time."""
    from ..ui.rules_screen import RulesScene

    app.push(RulesScene(app, spec))
    app.step([])
    bar = app.scene.text_box.scroll_bar
    times = []
    for k in range(1, steps + 1):
        c0 = time.process_time()
        bar.set_scroll_from_start_percentage(k / steps)
        app.step([])
        times.append((time.process_time() - c0) * 1000)
    app.pop()
    return dict(_summary(times), max_ms=round(max(times), 2), frames=len(times), game=spec.id)


def peak_rss_mb() -> float:
    """The bench process's own peak resident memory so far."""
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
    return round(kb / scale, 1)


def ui_figures(only: str | None = None) -> dict:
    """The UI figures, and the bench's peak memory after each step (peak_rss_mb_by_step:
    a jump names the step that made it; the child processes' memory is not in it)."""
    steps = (
        ("startup", lambda: {"startup_s": startup_seconds(), **{
            f"startup_first_frame_{key}": value for key, value in startup_first_frame([ROOT])[0].items()}}),
        ("scenes", lambda: {"scenes": scene_frames(only=only)}),
        ("idle_cpu", lambda: {"idle_cpu_pct": idle_cpu_percent()}),
        ("busy_ui", lambda: {"busy_ui_p99_ms": busy_ui_p99(only)}),
        ("handoff", lambda: {"handoff_open_ms": handoff_open_ms()}),
        ("replay_seek", replay_seek_ms),
        ("statistics_open", statistics_open_ms),
        ("review_open", review_open_ms),
        ("rules_open", rules_open_ms),
        ("move_frames", lambda: move_frames(only)),
        ("rss_growth", rss_growth_mb),
        ("app_memory", app_memory),
    )
    figures, peaks = {}, {}
    for name, measure in steps:
        print(f"bench: {name}…", file=sys.stderr, flush=True)
        figures.update(measure())
        peaks[name] = peak_rss_mb()
    figures["peak_rss_mb_by_step"] = peaks
    return figures


if __name__ == "__main__":
    print(json.dumps(ui_figures(), indent=1))

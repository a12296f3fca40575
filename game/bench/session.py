"""The app's own memory over a session, and its real first frame, each in a child
process running the real App (game/bench/ui.py's figures run screens one by one).

Memory is the process's resident set (VmRSS) with SDL_FRAMEBUFFER_ACCELERATION=0, so
that a renderer SDL might put behind the window (software OpenGL under Xvfb: ~100 MB)
does not hide the app's own: app_rss_title_mb after the title has waited 5 s for the
player (laying the rules out ahead meanwhile); app_rss_rules_rounds_mb after each of
three rounds of opening every game's Rules screen (the first reading each to its end),
whose growth must stay flat; app_rss_session_mb back on the title after every game's
Rules, a stretch of a game of each, a game review and the statistics.

startup_first_frame_s: from starting `python -m game` to its first frame on the
screen (the child stops there), the median of a few starts.

Both, and the random playouts of every game, can be measured side by side with another
checkout of the project (`python -m game.bench --against DIR`: its .venv if it has one),
run after run alternated, so that a busy machine slows both alike. The child scripts
use only what every version of the app since the Rules screen has."""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STARTS = 5


def _env() -> dict:
    """The environment of the bench's child processes: no window, no sound, this checkout's code."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("GAME_SHELF_HOME", os.path.join(ROOT, ".bench-home"))
    return env

_SESSION = r"""
import gc, json, random, sys, time
import pygame
from game.app import App
from game.ui.title import TitleScene
try:
    from game.shelf import GAMES
except ImportError:
    from game.engine.registry import GAMES

def rss_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return round(int(line.split()[1]) / 1024, 1)

def live(app, seconds, settle=False):
    # the app's own loop (App.run's pass) for `seconds`; with settle, until nothing
    # moves on screen by itself
    clock = pygame.time.Clock()
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        wait = app.seconds_to_next_frame()
        if settle and (wait is None or wait > 0.1) and not app.dirty:
            return
        if wait is not None and wait <= 1 / 60:
            clock.tick(60)
        else:
            first = pygame.event.wait(min(100, 500 if wait is None else int(wait * 1000)))
            if first.type != pygame.NOEVENT:
                pygame.event.post(first)
        app.step()

figures = {}
app = App((1280, 800))
app.push(TitleScene(app))
live(app, 5.0)
figures["app_rss_title_mb"] = rss_mb()
# -- the rest of the session
from game.ui.rules_screen import RulesScene, headings
from game.engine.match import Match, Seat
from game.ui.scene import start_match
rounds = []
for k in range(3):
    for spec in GAMES.values():
        app.push(RulesScene(app, spec))
        live(app, 3.0, settle=True)
        if k == 0:  # read to the end: every section shown, its pictures drawn
            for heading in headings(spec.id):
                app.scene.jump_to(heading)
                app.dirty = True
                live(app, 1.0, settle=True)
        app.pop()
        live(app, 0.2, settle=True)
    rounds.append(rss_mb())
figures["app_rss_rules_rounds_mb"] = rounds
rng = random.Random(1)
last = None
for n, spec in enumerate(GAMES.values()):
    players = max(spec.min_players, min(3, spec.max_players))
    match = Match(spec, [Seat(f"P{i + 1}", i) for i in range(players)], n)
    start_match(app, match)
    board = app.scenes[1]
    for _ in range(20):  # a stretch of a game, every move through the controller and a frame
        while app.scene is not board:
            app.pop()
        if match.state.is_over:
            break
        board.controller.play(rng.choice(match.state.legal_moves()))
        board.finish_animations()
        app.dirty = True
        app.step()
    while not match.state.is_over:  # played out off screen: a finished game to review
        match.play(rng.choice(match.state.legal_moves()))
    last = match
    app.reset_to(TitleScene(app))
    live(app, 0.2)
from game.replay import Replay
app.show("review", Replay.of_match(last))
live(app, 2.0)
app.reset_to(TitleScene(app))
app.show("statistics")
app.scene.reads.wait()
live(app, 1.0)
app.reset_to(TitleScene(app))
live(app, 2.0)
figures["app_rss_session_mb"] = rss_mb()
print(json.dumps(figures))
"""

_TITLE_ONLY = _SESSION.split("# -- the rest of the session")[0] + "print(json.dumps(figures))\n"  # for a version without all of it

_REAL_FIRST_FRAME = r"""
import os, runpy, sys
import pygame
flip = pygame.display.flip
def first_flip():
    flip()
    sys.stdout.write("frame\n")
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = first_flip
sys.argv = ["game"]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def python_of(tree: str) -> str:
    """The Python that runs a checkout: its own .venv's if it has one."""
    own = os.path.join(tree, ".venv", "bin", "python")
    return own if os.path.exists(own) else sys.executable


def child(tree: str, script: str, args=(), timeout: float = 300, **extra) -> subprocess.CompletedProcess:
    """`script` run by the checkout `tree` with the app's files in a folder of their own."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(_env(), GAME_SHELF_HOME=home, SDL_FRAMEBUFFER_ACCELERATION="0", **extra)
        env["PYTHONPATH"] = tree
        return subprocess.run([python_of(tree), "-c", script, *map(str, args)], capture_output=True, text=True,
                              env=env, cwd=tree, timeout=timeout)


def last_json(out: subprocess.CompletedProcess):
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def app_memory(tree: str = ROOT) -> dict:
    """The session's memory figures (see the module's words) for the checkout `tree`."""
    figures = last_json(child(tree, _SESSION))
    rounds = figures["app_rss_rules_rounds_mb"]
    figures["app_rss_rules_growth_mb"] = round(rounds[-1] - rounds[0], 1)
    return figures


def first_frame_s(tree: str = ROOT) -> tuple[float, float]:
    """Seconds from starting `python -m game` in `tree` to its first frame, and the
    processor seconds the process took for it (what a busy machine does not inflate)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(_env(), GAME_SHELF_HOME=home, PYTHONPATH=tree)
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        proc = subprocess.Popen([python_of(tree), "-c", _REAL_FIRST_FRAME], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=env, cwd=tree, text=True)
        proc.stdout.readline()
        seconds = time.perf_counter() - started
        proc.wait()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)


def startup_first_frame(trees: list[str], starts: int = STARTS) -> list[dict]:
    """Per checkout, the medians of `starts` first frames (wall and processor seconds),
    the checkouts started in turn."""
    runs: list[list[tuple]] = [[] for _ in trees]
    for _ in range(starts):
        for k, tree in enumerate(trees):
            runs[k].append(first_frame_s(tree))
    return [{"s": round(statistics.median(r[0] for r in tree_runs), 3),
             "cpu_s": round(statistics.median(r[1] for r in tree_runs), 3)} for tree_runs in runs]


# ---- random playouts, side by side ------------------------------------------------------------
_PLAYOUTS = r"""
import json, random, sys, time
try:
    from game.shelf import GAMES
except ImportError:
    from game.engine.registry import GAMES
ask = json.loads(sys.argv[1])
if ask is None:  # the games and their default options
    print(json.dumps({g: spec.default_options() for g, spec in GAMES.items()}))
    sys.exit()
spec, options, games = GAMES[ask["game"]], ask["options"], ask["games"]
players = min(max(2, spec.min_players), spec.max_players)
def playouts():
    for seed in range(games):
        rng = random.Random(seed)
        state = spec.new_game(players, seed, options)
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
best = None
for _ in range(3):
    started = time.process_time()
    playouts()
    spent = time.process_time() - started
    best = spent if best is None else min(best, spent)
print(json.dumps(best))
"""


def default_options(tree: str) -> dict:
    return last_json(child(tree, _PLAYOUTS, ["null"]))


def playout_seconds(tree: str, game_id: str, options: dict, games: int) -> float:
    """Processor seconds for `games` random playouts (seeds 0, 1, …: the same games in any
    version that draws alike), the best of three."""
    return last_json(child(tree, _PLAYOUTS, [json.dumps({"game": game_id, "options": options, "games": games})]))


def playouts_against(other: str, rounds: int = 3, seconds: float = 0.4) -> dict:
    """Per game, this checkout's random playouts' speed as a multiple of `other`'s (above 1:
    faster here), the median over alternated rounds. Each game is played under our default
    options and, where `other`'s defaults differ, under its too (the options both know)."""
    ours, theirs = default_options(ROOT), default_options(other)
    out = {}
    for game_id, options in ours.items():
        if game_id not in theirs:
            continue
        known = options.keys() & theirs[game_id].keys()
        rules = {"ours": {k: options[k] for k in known}, "theirs": {k: theirs[game_id][k] for k in known}}
        if rules["theirs"] == rules["ours"]:
            del rules["theirs"]
        for rule, chosen in rules.items():
            games = max(5, round(5 * seconds / playout_seconds(ROOT, game_id, chosen, 5)))  # ~`seconds` a batch
            ratios = []
            for _ in range(rounds):
                there = playout_seconds(other, game_id, chosen, games)
                here = playout_seconds(ROOT, game_id, chosen, games)
                ratios.append(there / here)
            key = game_id if rule == "ours" else f"{game_id} ({', '.join(f'{k}={v}' for k, v in chosen.items())})"
            out[key] = {"speed_ratio": round(statistics.median(ratios), 3), "rounds": [round(r, 3) for r in ratios],
                        "games": games}
    return out


# ---- a level's decisions, side by side ----------------------------------------------------------
_DECISIONS = r"""
import json, sys, time
from game import shelf
from game.bench import bench_players, decide, load_games, mid_game_positions
ask = json.loads(sys.argv[1])
spec = load_games()[ask["game"]]
heuristics = shelf.heuristics_for(ask["game"])
found = []
for i, state in enumerate(mid_game_positions(spec, bench_players(spec), ask["positions"])):
    started = time.process_time()
    result = decide(state, ask["level"], 1 + i, heuristics=heuristics)
    found.append({"s": time.process_time() - started, "move": str(result.move), "searched": bool(result.visits)})
print(json.dumps(found))
"""


def decisions_against(other: str, game_id: str, level: str = "hard", positions: int = 8, rounds: int = 2) -> dict:
    """`level`'s decisions on the bench's positions (bench.mid_game_positions), here and in
    `other` (a checkout of another commit), run after run alternated: each position's processor
    seconds (the fastest of `rounds`) and the move each made. A change meant to make a level
    faster without changing its play shows the same moves on both sides."""
    ask = [json.dumps({"game": game_id, "level": level, "positions": positions})]
    runs = {"there": [], "here": []}
    for _ in range(rounds):
        runs["there"].append(last_json(child(other, _DECISIONS, ask, timeout=900)))
        runs["here"].append(last_json(child(ROOT, _DECISIONS, ask, timeout=900)))
    out = {"tree": other, "game": game_id, "level": level}
    for side, side_runs in runs.items():
        fastest = [min(run[i]["s"] for run in side_runs) for i in range(len(side_runs[0]))]
        searched = [s for s, found in zip(fastest, side_runs[0]) if found["searched"]]
        out[side] = {"s": [round(s, 3) for s in fastest], "moves": [found["move"] for found in side_runs[0]],
                     "median_s": round(statistics.median(searched), 3) if searched else None,
                     "max_s": round(max(searched), 3) if searched else None}
    out["same_moves"] = out["here"]["moves"] == out["there"]["moves"]
    return out


def against(other: str) -> dict:
    """This checkout's session figures beside `other`'s (a checkout of another commit)."""
    commit = subprocess.run(["git", "-C", other, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"bench: against {other} ({commit or 'no git'})…", file=sys.stderr, flush=True)
    here_start, there_start = startup_first_frame([ROOT, other], starts=2 * STARTS + 1)
    try:
        there_memory = app_memory(other)
    except RuntimeError as exc:  # an older app without every screen of the session: its title at least
        print(f"bench: the session failed there ({str(exc).strip().splitlines()[-1]}): the title only",
              file=sys.stderr)
        there_memory = last_json(child(other, _TITLE_ONLY))
    return {"tree": other, "commit": commit,
            "startup_first_frame_s": {"here": here_start, "there": there_start,
                                      "ratio": round(here_start["s"] / there_start["s"], 3),
                                      "cpu_ratio": round(here_start["cpu_s"] / there_start["cpu_s"], 3)},
            "app_memory": {"here": app_memory(ROOT), "there": there_memory},
            "playouts": playouts_against(other)}

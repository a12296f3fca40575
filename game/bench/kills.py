"""A move shown is a move saved: kill -9 a process that plays, and count the moves lost.

    python -m game.bench.kills [KILLS] [--no-journal] [--window]

Each round a child process plays a game of Scurry (now and then an undo)
through the real GameKeeper and background writer, reporting the moves after
every change once Match.play or undo has returned (the moment the app would
draw it). The parent kills it with SIGKILL right after reading a report chosen
at random, at once or up to 3 ms later, then reads the game's files as a
restart would: they must hold a reported game (the last report, or one change
after it); the moves lost are those of the last report they lack. Half the
rounds run on a slowed disk (each whole save takes 60 ms), where the background
save alone used to lose the last move. Prints one JSON object:
{"kills": ..., "moves_lost": ..., "rounds_losing": ..., "slow_disk_kills": ...}.
--no-journal turns the journal off, to show what it is for; --window plays
through the app's window itself (dummy video driver): start_match, the board's
controller, and each report made once the change's frame is drawn.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager

SLOW_SAVE_S = 0.06


def child(seed: int, slow: bool, journal: bool, window: bool = False) -> None:
    """Play random moves, reporting each one as JSON on stdout, until killed.
    `window`: through the app itself (dummy video driver), each report made once
    the move's frame is drawn."""
    from .. import keeper as keeper_module, storage
    from ..autosaver import BackgroundWriter
    from ..engine.match import Match, Seat
    from ..shelf import GAMES

    if slow:
        write = storage.write_json_atomic

        def slow_write(path, data):
            time.sleep(SLOW_SAVE_S)
            write(path, data)
        storage.write_json_atomic = slow_write
    if not journal:
        keeper_module.GameKeeper._append = lambda self, notations, over: None
    rng = random.Random(seed)
    match = Match(GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], seed)
    if window:
        from ..app import App
        from ..ui.scene import start_match

        app = App((1280, 800))
        start_match(app, match)
        board = app.scene
        play, undo = board.controller.play, board.commands.undo

        def step():
            app.dirty = True
            app.step([])  # the frame that shows the change (the writer's news collected first)
    else:
        writer = BackgroundWriter()
        keeper_module.GameKeeper(match, writer, lambda message: None)
        play, undo = match.play, match.undo

        def step():
            for done, result, error in writer.finished():  # what the window's loop does each pass
                done(result, error)
    print(json.dumps({"id": match.save_id}), flush=True)
    while not match.state.is_over:
        if rng.random() < 0.1 and match.can_undo() is None:
            undo()  # a change that takes moves away: the journal keeps that too
        else:
            play(rng.choice(match.state.legal_moves()))
        step()
        print(json.dumps({"moves": match.notations}), flush=True)
        time.sleep(rng.random() * 0.004)  # the rest of a frame
    time.sleep(60)


@contextmanager
def _home(home: str):
    old = os.environ.get("GAME_SHELF_HOME")
    os.environ["GAME_SHELF_HOME"] = home
    try:
        yield
    finally:
        if old is None:
            del os.environ["GAME_SHELF_HOME"]
        else:
            os.environ["GAME_SHELF_HOME"] = old


def saved_moves(home: str, save_id: str) -> list[str]:
    """The moves a restart finds: the game in progress (save and journal), or its record."""
    from .. import records
    from ..engine.match import Match
    from ..saves import in_progress_path, read_only
    from ..shelf import GAMES

    with _home(home):
        data = read_only(in_progress_path(save_id))
        if data is not None:
            Match.from_save(data, GAMES)  # it can be played on
            return data["moves"]
        record = records.find(save_id)
        return record.moves if record else []


def one_round(seed: int, slow: bool, fsync: bool, journal: bool = True, window: bool = False) -> tuple[int, int]:
    """(moves reported, moves lost) for one kill."""
    rng = random.Random(seed)
    home = tempfile.mkdtemp(prefix="game-shelf-kill-")
    env = dict(os.environ, GAME_SHELF_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("GAME_SHELF_NO_FSYNC", None)
    if not fsync:
        env["GAME_SHELF_NO_FSYNC"] = "1"
    args = [sys.executable, "-m", "game.bench.kills", "--child", str(seed)]
    args += ["--slow"] * slow + ["--no-journal"] * (not journal) + ["--window"] * window
    errors = tempfile.TemporaryFile(mode="w+")  # a child that dies before it starts says why
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=errors, env=env, text=True)
    try:
        first = proc.stdout.readline()
        if not first:
            proc.wait()
            errors.seek(0)
            raise RuntimeError(f"the playing process ended before its first move (status {proc.returncode}): "
                               f"{errors.read()[-2000:]}")
        save_id = json.loads(first)["id"]
        reported: list[str] = []
        for _ in range(rng.randint(1, 40)):
            line = proc.stdout.readline()
            if not line:
                break
            reported = json.loads(line)["moves"]
        pause = rng.choice((0.0, rng.random() * 0.003))
        if pause:
            time.sleep(pause)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        later = [json.loads(line)["moves"] for line in proc.stdout]  # reported before the kill landed
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
        errors.close()
    saved = saved_moves(home, save_id)
    shutil.rmtree(home, ignore_errors=True)
    shown = [reported] + later
    if saved in shown or _one_change_after(shown[-1], saved):
        return len(reported), 0
    kept = 0  # a state nobody saw: count the moves of the last report it does not have
    for was, now in zip(shown[-1], saved):
        if was != now:
            break
        kept += 1
    return len(reported), len(shown[-1]) - kept


def _one_change_after(last: list[str], saved: list[str]) -> bool:
    """`saved` is `last` with one more move, or its last move undone (two people
    play: an undo takes back one move): a change made just before the kill."""
    return saved[: len(last)] == last and len(saved) == len(last) + 1 or saved == last[:-1]


def run(kills: int, fsync: bool = True, journal: bool = True, seed: int = 1, window: bool = False) -> dict:
    """`kills` rounds, every other one on a slowed disk."""
    lost = losing = moves = 0
    for n in range(kills):
        shown, gone = one_round(seed * 10_000 + n, slow=n % 2 == 1, fsync=fsync, journal=journal, window=window)
        moves += shown
        lost += gone
        losing += gone > 0
    return {"kills": kills, "moves_reported": moves, "moves_lost": lost, "rounds_losing": losing,
            "slow_disk_kills": kills // 2, "fsync": fsync, "journal": journal, "window": window}


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--child":
        child(int(argv[1]), "--slow" in argv, "--no-journal" not in argv, "--window" in argv)
        return
    kills = int(next((a for a in argv if a.isdigit()), 120))
    print(json.dumps(run(kills, journal="--no-journal" not in argv, window="--window" in argv)))


if __name__ == "__main__":
    main(sys.argv[1:])

"""`python -m game.bench --bundle DIR`: the bundled app (python -m game.bundle) against the
installed package: its size on disk, and each one's start-up to the first frame.

Both are started the same way, as fresh processes under the dummy video driver with the
bench's own home folder: `PROGRAM --quit-after-first-frame --window 1280x800`, timed from
the start to the line the app prints once its first frame is drawn (the title screen).
The two are started in turn, after one start each that is not counted (the disk cache),
so a machine that gets busier meanwhile weighs on both alike."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from ..bundle import program, size_on_disk
from .ui import _env

FIRST_FRAME_ARGS = ("--quit-after-first-frame", "--window", "1280x800")


def installed_command() -> list[str]:
    """The installed package's program: the `game-shelf` script beside this Python, else -m game."""
    script = Path(sys.executable).parent / "game-shelf"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "game"]


def first_frame_seconds(command: list[str]) -> float:
    started = time.perf_counter()
    process = subprocess.Popen([*command, *FIRST_FRAME_ARGS], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=_env(), text=True)
    line = process.stdout.readline()
    seconds = time.perf_counter() - started
    process.wait(timeout=60)
    if line.strip() != "first frame":
        raise RuntimeError(f"{command[0]} did not draw its first frame (exit status {process.returncode})")
    return seconds


def bundle_figures(folder, runs: int = 5) -> dict:
    folder = Path(folder)
    commands = {"bundle": [str(program(folder))], "installed": installed_command()}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for name, command in commands.items():
        first_frame_seconds(command)  # not counted: the files come into the disk cache
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(first_frame_seconds(command))
    bundle_s, installed_s = (statistics.median(times[name]) for name in commands)
    return {"bundle": str(folder), "bundle_mb": round(size_on_disk(folder) / 1e6, 1),
            "bundle_startup_s": round(bundle_s, 3), "installed_startup_s": round(installed_s, 3),
            "bundle_startup_ratio": round(bundle_s / installed_s, 2),
            "startup_runs_s": {name: [round(t, 3) for t in ts] for name, ts in times.items()}}

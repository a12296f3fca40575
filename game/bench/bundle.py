"""`python -m game.bench --bundle DIR`: the bundled app (python -m game.bundle) against the
installed package: its size on disk, and each one's start-up to the first frame.

Both are started the same way, as fresh processes under the dummy video driver with the
bench's own home folder: `PROGRAM --quit-after-first-frame --window 1280x800`, timed from
the start to the line the app prints once its first frame is drawn (the title screen).
The two are started in turn, after one start each that is not counted (the disk cache),
so a machine that gets busier meanwhile weighs on both alike. Each one's processor
seconds (the whole run, quitting included) are given too: a busy machine stretches them least."""
from __future__ import annotations

import os
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


def first_frame_seconds(command: list[str]) -> tuple[float, float]:
    """(wall seconds to the first frame, processor seconds of the whole run: start, first
    frame, quit), the second being what a busy machine stretches least."""
    started = time.perf_counter()
    process = subprocess.Popen([*command, *FIRST_FRAME_ARGS], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=_env(), text=True)
    line = process.stdout.readline()
    seconds = time.perf_counter() - started
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if line.strip() != "first frame":
        raise RuntimeError(f"{command[0]} did not draw its first frame (exit status {process.returncode})")
    return seconds, usage.ru_utime + usage.ru_stime


def bundle_figures(folder, runs: int = 5) -> dict:
    folder = Path(folder)
    commands = {"bundle": [str(program(folder))], "installed": installed_command()}
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for name, command in commands.items():
        first_frame_seconds(command)  # not counted: the files come into the disk cache
    for _ in range(runs):
        for name, command in commands.items():
            wall, cpu = first_frame_seconds(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    bundle_s, installed_s = (statistics.median(walls[name]) for name in commands)
    bundle_cpu, installed_cpu = (statistics.median(cpus[name]) for name in commands)
    return {"bundle": str(folder), "bundle_mb": round(size_on_disk(folder) / 1e6, 1),
            "bundle_startup_s": round(bundle_s, 3), "installed_startup_s": round(installed_s, 3),
            "bundle_startup_ratio": round(bundle_s / installed_s, 2),
            "bundle_startup_cpu_s": round(bundle_cpu, 3), "installed_startup_cpu_s": round(installed_cpu, 3),
            "startup_runs_s": {name: [round(t, 3) for t in ts] for name, ts in walls.items()}}

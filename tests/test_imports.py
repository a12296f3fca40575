"""Every module of the game package imports on its own, in a fresh interpreter
(an import cycle only shows when the cycle's far end is imported first)."""
import importlib.util
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def package_modules() -> list[str]:
    names = []
    for path in sorted((REPO / "game").rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


# Run in one interpreter that has loaded only the libraries (pygame, pygame-gui,
# platformdirs: the slow part of a cold start, and never part of a cycle of ours);
# it forks a child per module, and each child imports its module into a fresh
# `game`-free interpreter state. Where there is no fork, a new interpreter per module.
FORKING_IMPORTER = r"""
import importlib, json, os, sys
import pygame, pygame_gui, platformdirs
names = json.loads(sys.argv[1])
results = []
for name in names:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            out = importlib.import_module(name).__file__
            code = 0
        except BaseException:
            import traceback
            out, code = traceback.format_exc(), 1
        os.write(write, out.encode())
        os._exit(code)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    results.append((name, os.waitstatus_to_exitcode(status), b"".join(chunks).decode()))
print(json.dumps(results))
"""


def import_each_alone(names: list[str], env: dict) -> list[tuple[str, int, str]]:
    """Import each module of `names` first in an interpreter of its own: [(name, exit code, output)]."""
    if hasattr(os, "fork"):
        done = subprocess.run([sys.executable, "-c", FORKING_IMPORTER, json.dumps(names)], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        return [tuple(result) for result in json.loads(done.stdout.strip().splitlines()[-1])]
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda n: import_alone(n, env), names))


def import_alone(name: str, env: dict) -> tuple[str, int, str]:
    """Import `name` in a new interpreter; check it came from this checkout."""
    code = (f"import importlib, sys; m = importlib.import_module({name!r}); "
            f"print(m.__file__)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    return name, done.returncode, done.stdout + done.stderr


def test_the_module_list_is_complete():
    names = package_modules()
    assert {"game", "game.__main__", "game.art", "game.ui.draw", "game.games.skurdir.art",
            "game.games.scrubbudgetel.icons", "game.engine.core"} <= set(names)
    assert len(names) > 30


# modules of an optional extra (pip install .[research]), imported here where it is installed
OPTIONAL = {"game.openspiel": "pyspiel"}


@pytest.mark.slow
def test_every_module_imports_alone_in_a_fresh_interpreter():
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    names = [name for name in package_modules()
             if name not in OPTIONAL or importlib.util.find_spec(OPTIONAL[name]) is not None]
    results = import_each_alone(names, env)
    failed = [f"{name}:\n{out[-1500:]}" for name, code, out in results if code != 0]
    assert not failed, "\n\n".join(failed)
    for name, _, out in results:
        assert Path(out.strip().splitlines()[-1]).resolve().is_relative_to(REPO / "game"), (name, out)

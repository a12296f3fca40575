"""The test suite itself: it runs however pytest is asked to run it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pytest_run(*args: str) -> subprocess.CompletedProcess:
    """pytest in a process of its own, as a person starts it in the project's folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "GAME_SHELF_"))}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_suite_runs_in_one_process_without_xdist():
    """`pytest -p no:xdist` was refused: the conftest's xdist hook was unknown, and pyproject
    asked for `-n auto`, an option only xdist defines."""
    run = pytest_run("-p", "no:xdist", "-W", "error::pytest.PytestUnknownMarkWarning", "tests/test_look.py")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and "worker" not in run.stdout

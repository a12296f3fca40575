"""The test suite itself: it runs however pytest is asked to run it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pytest_run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """pytest in a process of its own, as a person starts it in the project's folder (`env`: added)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "GAME_SHELF_")) and k != "CI"} | (
        env or {})
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_suite_runs_in_one_process_without_xdist():
    """`pytest -p no:xdist` was refused: the conftest's xdist hook was unknown, and pyproject
    asked for `-n auto`, an option only xdist defines."""
    run = pytest_run("-p", "no:xdist", "-W", "error::pytest.PytestUnknownMarkWarning", "tests/test_look.py")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and "worker" not in run.stdout


def test_the_lessons_are_checked_against_the_rulebooks_beside_the_project_and_ci_never_skips_it(tmp_path):
    test = "tests/test_lessons.py::test_lesson_words_are_our_own"
    here = pytest_run("-p", "no:xdist", "-rs", test)
    assert here.returncode == 0 and "skipped" not in here.stdout, \
        "../shared/seeds holds the rulebooks on this machine: " + here.stdout[-2000:]
    away = {"GAME_SHELF_RULEBOOKS": str(tmp_path)}  # a machine without them
    elsewhere = pytest_run("-p", "no:xdist", "-rs", test, env=away).stdout
    assert " skipped" in elsewhere and " passed" not in elsewhere, elsewhere[-2000:]
    in_ci = pytest_run("-p", "no:xdist", test, env=dict(away, CI="true"))
    assert in_ci.returncode == 1 and " failed" in in_ci.stdout and " passed" not in in_ci.stdout \
        and " skipped" not in in_ci.stdout, in_ci.stdout[-2000:]


SHOOTING = """
from uikit import make_app, screenshot


def test_passes():
    screenshot(make_app((960, 640)), "of-a-test-that-passed")


def test_fails():
    screenshot(make_app((960, 640)), "of-a-test-that-failed")
    assert False
"""


def test_screenshots_are_written_for_a_failed_test_or_when_asked_for(tmp_path):
    """A run wrote 218 screenshots (85 MB) every time into tests/screenshots/."""
    (tmp_path / "test_shooting.py").write_text(SHOOTING, encoding="utf-8")
    for asked, written in (((), ["of-a-test-that-failed.png"]),
                           (("--screenshots",), ["of-a-test-that-failed.png", "of-a-test-that-passed.png"])):
        shots = tmp_path / f"shots{len(asked)}"
        run = pytest_run("-p", "no:xdist", "-p", "conftest", *asked, str(tmp_path / "test_shooting.py"),
                         env={"GAME_SHELF_SHOTS_DIR": str(shots), "PYTHONPATH": str(ROOT / "tests")})
        assert "1 failed, 1 passed" in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
        assert sorted(p.name for p in shots.iterdir()) == written

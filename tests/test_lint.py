"""ruff, with the rules chosen in pyproject.toml ([tool.ruff.lint]), finds nothing in the checkout."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=60)


def test_ruff_finds_nothing():
    done = ruff(".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rules_chosen_catch_an_unused_import_and_a_closure_over_a_loop_variable(tmp_path):
    """The configuration is the one read (its rules, not ruff's defaults): B023 is ours."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "sloppy.py").write_text("import os\n\nfns = []\nfor i in range(3):\n    fns.append(lambda: i)\n",
                                        encoding="utf-8")
    done = ruff("sloppy.py", cwd=tmp_path)
    assert done.returncode == 1
    assert "F401" in done.stdout and "B023" in done.stdout, done.stdout

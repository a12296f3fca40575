"""Every module of the game package imports on its own, in a fresh interpreter
(an import cycle only shows when the cycle's far end is imported first)."""
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def package_modules() -> list[str]:
    names = []
    for path in sorted((REPO / "game").rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


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


def test_every_module_imports_alone_in_a_fresh_interpreter():
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    names = package_modules()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda n: import_alone(n, env), names))
    failed = [f"{name}:\n{out[-1500:]}" for name, code, out in results if code != 0]
    assert not failed, "\n\n".join(failed)
    for name, _, out in results:
        assert Path(out.strip().splitlines()[-1]).resolve().is_relative_to(REPO / "game"), (name, out)

"""Installing: `pip install .` as a person does it (build the wheel, install it,
not editable, into a fresh venv with its dependencies from PyPI, and run the app
from there, far from the checkout), the locator (game/resources.py) on its own,
and the README's commands, which CI runs."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game import resources
from game import lessons, shelf
from uikit import SHOTS, screenshots_wanted

REPO = Path(__file__).resolve().parent.parent
JUNK = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                              ".pytest_cache", ".hypothesis", "screenshots", ".bench-home")


def data_files() -> list[str]:
    """sprites/, fonts/ and seeds/ of the checkout, as paths relative to the repo."""
    return sorted(p.relative_to(REPO).as_posix() for kind in resources.KINDS
                  for p in (REPO / kind).rglob("*") if p.is_file())


def run(args, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def clean_env(**extra) -> dict:
    """No PYTHONPATH, no user site-packages: only what the venv holds."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_REQUIRE"))}
    env.update(PYTHONNOUSERSITE="1", PIP_DISABLE_PIP_VERSION_CHECK="1", **extra)
    return env


# packaging: the quick loop leaves it out, the full suite runs it; one worker builds the wheel once
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]


def pip_takes_python() -> bool:
    """pip 22.3 and later can install into another environment (--python)."""
    from importlib.metadata import version
    return tuple(int(part) for part in version("pip").split(".")[:2]) >= (22, 3)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(wheel, venv python, site-packages) of a fresh venv with the wheel installed.
    The wheel is built from a copy of the checkout, so no build/ folder is left
    in the repo and nothing stale from an earlier build gets in."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(REPO, source, ignore=JUNK)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", source],
        env=clean_env(), timeout=300)
    (wheel,) = (tmp / "dist").glob("game_shelf-*.whl")
    venv = tmp / "venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if pip_takes_python():
        # the venv gets no pip of its own (ensurepip is most of a venv's cost): this
        # pip installs into it, as the venv's own would, dependencies from PyPI
        run([sys.executable, "-m", "venv", "--without-pip", venv], env=clean_env(), timeout=120)
        run([sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel], env=clean_env(), timeout=300)
    else:
        run([sys.executable, "-m", "venv", venv], env=clean_env(), timeout=120)
        run([python, "-m", "pip", "install", "-q", wheel], env=clean_env(), timeout=300)
    site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               env=clean_env()).stdout.strip()
    return wheel, python, Path(site).resolve()


def test_the_wheel_is_built_on_one_worker(request):
    """Under pytest-xdist's --dist loadgroup the tests of this module share a worker, so the
    wheel is built once: xdist marks a grouped test in its node id. pytest 9.2 with xdist 3.8
    lost that mark without a word (the wheel was built on both workers)."""
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by a pytest-xdist worker with --dist loadgroup")
    assert request.node.nodeid.endswith("@wheel")


def test_the_wheel_carries_sprites_fonts_and_seeds_inside_the_package(installed):
    wheel, _, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = data_files()
    assert len(expected) >= 15
    missing = [n for n in expected if f"game/{resources.BUNDLED}/{n}" not in names]
    assert not missing, missing
    assert "game/ui/theme.json" in names
    lessons_kept = [lessons.lesson_path(g).relative_to(REPO).as_posix()
                    for g in shelf.GAME_IDS if lessons.has_lesson(g)]
    assert lessons_kept and all(name in names for name in lessons_kept), "a lesson is missing"
    assert not any(n.startswith(("sprites/", "fonts/", "seeds/", "tests/")) for n in names)


def test_the_installed_app_draws_every_game_and_reads_every_file(installed, tmp_path):
    _, python, site = installed
    shots = tmp_path / "shots"
    shots.mkdir()
    files = data_files()
    # -I: neither the probe's folder nor the user's site-packages on sys.path;
    # the working folder is a fresh one, not the checkout.
    done = run([python, "-I", REPO / "tests" / "installed_probe.py", json.dumps(files), shots],
               cwd=tmp_path, timeout=120,
               env=clean_env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                             GAME_SHELF_HOME=str(tmp_path / "home")))
    report = json.loads(done.stdout.strip().splitlines()[-1])

    # everything came from the venv: the package, every module of it, and the files
    package = site / "game"
    assert Path(report["package"]).resolve() == package / "__init__.py"
    assert Path(report["root"]).resolve() == package / resources.BUNDLED
    assert [Path(p).resolve() for p in report["look"]] == [
        package / resources.BUNDLED / kind for kind in ("fonts", "sprites", "seeds")]
    for module in report["modules"]:
        assert Path(module).resolve().is_relative_to(package), module
        assert not Path(module).resolve().is_relative_to(REPO), module

    # every file read through the locator, byte for byte the checkout's
    assert sorted(report["files"]) == files
    for name, (digest, size) in report["files"].items():
        assert digest == hashlib.sha256((REPO / name).read_bytes()).hexdigest(), name
        assert size, name

    # the title and, for every game, its board and its rules were drawn (not a blank screen)
    frames = report["frames"]
    assert frames["title"][0] == "TitleScene"
    for game_id in shelf.GAMES:
        assert frames[game_id][0].endswith("/PlayMode"), frames[game_id]  # the game's board, being played
        assert frames[f"{game_id}_rules"][0] == "RulesScene"
        if lessons.has_lesson(game_id):
            assert frames[f"{game_id}_lesson"][0].endswith("/LessonMode"), frames[f"{game_id}_lesson"]
    assert all(colours > 50 for _, colours in frames.values()), frames
    if screenshots_wanted():
        SHOTS.mkdir(parents=True, exist_ok=True)
        for name in ("title", *shelf.GAMES):
            shutil.copy(shots / f"{name}.png", SHOTS / f"wheel_{name}.png")


def test_the_locator_prefers_what_the_package_carries(tmp_path):
    """A wheel's game/_data wins even when a checkout's folders sit right beside
    the package; without it (checkout, editable install) the repo's top level."""
    package = tmp_path / "game"
    package.mkdir()
    for kind in resources.KINDS:
        (tmp_path / kind).mkdir()
    assert resources.locate(package) == tmp_path
    (package / resources.BUNDLED).mkdir()
    assert resources.locate(package) == package / resources.BUNDLED


def test_in_this_checkout_the_locator_finds_the_repo_folders():
    assert resources.ROOT == REPO
    assert not (REPO / "game" / resources.BUNDLED).exists()
    for kind in resources.KINDS:
        assert (resources.ROOT / kind).is_dir()
    assert (resources.FONTS_DIR / "DejaVuSans.ttf").is_file()
    assert (resources.SEEDS_DIR / "skurdir.md").is_file()
    assert (resources.SPRITES_DIR / "felt.png").is_file()


def readme_command(section: str) -> str:
    """The command in the sh block of one README section."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    (command,) = re.findall(r"```sh\n(.*?)\n```", body, re.S)
    return command


def test_the_readme_commands_install_into_a_venv_and_ci_runs_the_test_command():
    play, test = readme_command("Play"), readme_command("Test")
    for command in (play, test):
        # one line; the system Python only makes the venv (PEP 668 refuses pip there)
        assert "\n" not in command and command.startswith("python3 -m venv .venv && .venv/bin/pip install -e ")
        assert "python3 -m pip" not in command
    assert play.endswith("&& .venv/bin/game-shelf")
    assert test.endswith("&& .venv/bin/python -m pytest")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci
    assert ".venv/bin/python -m pytest ../shared/conformance -q -p no:cacheprovider" in "\n".join(ci)

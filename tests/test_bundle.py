"""The bundled app (`python -m game.bundle`, PyInstaller): built into a temporary folder,
then run as a person runs it — from another folder, with no Python of ours on PATH, a
fresh home of its own — under SDL's dummy drivers. It plays games against the computer
(its own worker process), and the package reads what it leaves, from the same
platformdirs folders: a bundle and a pip-installed app share saves and records."""
from __future__ import annotations

import filecmp
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import bundle as bundle_module, desktop, records, saves, storage
from game.engine.match import Match, Seat
from game.shelf import GAMES
from test_desktop import exec_words, read_launcher

ROOT = Path(__file__).resolve().parent.parent
SMALL_SCURRY = ["--option", "size=5", "--option", "tiles=4", "--option", "random_setup=on"]  # a short game

# the build takes a minute or more: the quick loop leaves it out; one worker builds it once
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("bundle")]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The bundle's folder, built from this checkout."""
    tmp = tmp_path_factory.mktemp("bundle")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "game.bundle", "--dist", tmp / "dist", "--work", tmp / "work"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    folder = tmp / "dist" / "game-shelf"
    print(f"bundle built in {time.perf_counter() - started:.0f} s: {bundle_module.size_on_disk(folder) / 1e6:.1f} MB")
    return folder


def person(home: Path) -> dict:
    """A person's environment: their home and its XDG folders, the system's PATH only."""
    return {"HOME": str(home), "PATH": os.defpath, "LANG": "C.UTF-8",
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache")}


def run_bundle(bundle: Path, home: Path, *args, timeout: float = 300) -> subprocess.CompletedProcess:
    elsewhere = home / "elsewhere"  # not the bundle's folder, not the checkout
    elsewhere.mkdir(parents=True, exist_ok=True)
    return subprocess.run([bundle_module.program(bundle), *args], cwd=elsewhere, env=person(home),
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A fresh home, and this process (the package) looking at its folders as a pip-installed
    app would: platformdirs, not the tests' GAME_SHELF_HOME."""
    monkeypatch.delenv("GAME_SHELF_HOME", raising=False)
    for key, value in person(tmp_path).items():
        if key.startswith(("HOME", "XDG_")):
            monkeypatch.setenv(key, value)
    assert storage.records_path() == tmp_path / "data" / "game-shelf" / "records.sqlite3"
    return tmp_path


def watched_at_fastest() -> None:
    """The person chose Fastest for watched games before (it is kept in the settings): the
    bundle plays the watched game through without the usual pause between moves."""
    storage.save_settings({**storage.DEFAULT_SETTINGS, "watch_speed": "fastest"})


def finished_cleanly(done: subprocess.CompletedProcess) -> None:
    assert done.returncode == 0, done.stderr[-5000:]
    assert "Traceback" not in done.stderr, done.stderr[-5000:]
    assert list(storage.in_progress_dir().glob("*")) == [], "the finished game became a record"
    log = storage.log_path()
    assert not (log.exists() and "no sound" in log.read_text(encoding="utf-8")), log.read_text(encoding="utf-8")


def the_record_replays(record) -> Match:
    match = Match.from_save(record.to_save(), GAMES)
    assert match.state.is_over
    assert list(match.state.outcome.scores) == list(record.scores)
    assert list(match.state.outcome.winners) == list(record.winners)
    return match


def test_the_bundle_carries_every_file_the_app_reads(bundle):
    inside = bundle / "_internal"
    for source, folder in bundle_module.data_files():
        source = Path(source)
        if source.is_dir():
            compared = filecmp.dircmp(source, inside / folder)  # a folder's files go into `folder`
            assert not (compared.left_only or compared.right_only or compared.diff_files), compared.report()
        else:
            assert filecmp.cmp(source, inside / folder / source.name, shallow=False), source
    fonts = {p.name for p in (inside / "pygame_gui" / "data").iterdir()}
    assert "NotoSans-Regular.ttf" in fonts and "FiraCode-Regular.ttf" in fonts  # pygame-gui's English defaults
    assert not [f for f in fonts if f.startswith(bundle_module.OTHER_SCRIPTS)]


def test_the_bundle_plays_a_game_against_the_computer_and_the_package_reads_its_record(bundle, home):
    watched_at_fastest()
    done = run_bundle(bundle, home, "--game", "scurry", "--seat", "easy", "--seat", "easy", "--watch",
                      "--seed", "5", *SMALL_SCURRY, "--quit-when-over")
    finished_cleanly(done)
    (record,) = records.list_records()
    assert (record.game, record.seed, record.options["size"], record.options["tiles"]) == ("scurry", 5, 5, 4)
    assert [(s["kind"], s["level"]) for s in record.seats] == [("computer", "easy")] * 2
    assert len(record.moves) > 10  # placed, then played by the computer's worker to the end
    the_record_replays(record)


def test_the_bundle_goes_on_with_a_game_the_package_saved(bundle, home):
    seats = [Seat("Eva", 0, "computer", "easy"), Seat("Ari", 1, "computer", "easy")]
    match = Match(GAMES["scurry"], seats, 8, {"size": 5, "tiles": 4, "random_setup": True})
    for _ in range(4):
        match.play(match.state.legal_moves()[0])
    saved = home / "elsewhere" / "our game.json"
    saved.parent.mkdir(parents=True)
    saves.save_match(match, saved)
    watched_at_fastest()
    finished_cleanly(run_bundle(bundle, home, str(saved), "--quit-when-over"))
    (record,) = records.list_records()
    assert [s["name"] for s in record.seats] == ["Eva", "Ari"] and record.seed == 8
    assert record.moves[:4] == match.notations
    the_record_replays(record)


def test_the_bundle_puts_its_launcher_in_the_menu_and_takes_it_away(bundle, home):
    share = home / "data"
    done = run_bundle(bundle, home, "--install-desktop")
    assert done.returncode == 0, done.stderr
    launcher = read_launcher(desktop.launcher_path(share))
    command = exec_words(launcher["Exec"])
    assert command == [str(bundle_module.program(bundle).resolve())]
    started = subprocess.run([*command, "--version"], env=person(home), capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == f"game-shelf {desktop.__version__}"
    assert all(path.is_file() for path in desktop.installed_files(share))
    assert run_bundle(bundle, home, "--uninstall-desktop").returncode == 0
    assert not any(path.exists() for path in desktop.installed_files(share))


def test_the_bundles_share_folder_holds_launcher_icons_and_metainfo(bundle):
    share = bundle / "share"
    assert read_launcher(desktop.launcher_path(share))["Exec"] == "game-shelf"  # for a package to put on PATH
    assert all(desktop.icon_path(share, size).is_file() for size in desktop.ICON_SIZES)
    assert desktop.metainfo_path(share).read_text(encoding="utf-8") == desktop.metainfo()


def test_the_bundle_takes_the_package_data_pyproject_lists():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = set(listed["tool"]["setuptools"]["package-data"]["game"])
    assert package_data == {*bundle_module.PACKAGE_DATA, "bundle/game-shelf.spec"}


def test_the_bench_reports_the_bundles_size_and_start_up_beside_the_packages(bundle):
    from game.bench.bundle import bundle_figures

    figures = bundle_figures(bundle, runs=1)
    assert figures["bundle_mb"] == round(bundle_module.size_on_disk(bundle) / 1e6, 1) > 20
    assert figures["bundle_startup_s"] > 0 and figures["installed_startup_s"] > 0
    assert figures["bundle_startup_cpu_s"] > 0 and figures["installed_startup_cpu_s"] > 0
    # the ratio is of the unrounded times: the rounded ones shown beside it give it to within their rounding
    shown = figures["bundle_startup_s"] / figures["installed_startup_s"]
    assert figures["bundle_startup_ratio"] == pytest.approx(shown, rel=0.01, abs=0.01)

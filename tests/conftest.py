"""Test set-up: no real screen or sound, and app files in a temporary folder.

This runs before any test module imports pygame or platformdirs paths are read.
"""
import os
import sys
import tempfile

# Where PYTHONDONTWRITEBYTECODE is set, every interpreter the tests start (the command
# line, the computer's worker, import checks) compiled the whole app again: let the
# first compile be kept.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Throwaway saves need no crash safety: no fsync (storage.durable), except where a test turns it on.
os.environ["GAME_SHELF_NO_FSYNC"] = "1"
_home = tempfile.mkdtemp(prefix="game-shelf-test-")
# storage.py reads this before platformdirs, so nothing touches the real user folders.
os.environ["GAME_SHELF_HOME"] = _home

from hypothesis import settings  # noqa: E402

# derandomize: the same examples on every run and machine, so the suite never fails by chance
# (a case a random search finds once becomes a test of its own instead)
settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True, database=None)
settings.load_profile("ci")


import pytest  # noqa: E402


QUICK_ITERATIONS = 40  # a computer's search in tests of the screens (the AI's own tests set their budgets)


@pytest.fixture(autouse=True)
def quick_computers(request, monkeypatch):
    """Computer players the app asks for a move search QUICK_ITERATIONS times, not their
    level's budget (hundreds to thousands): tests of the screens see a computer move
    through the same worker, seat view and heuristics, in a fraction of the time. Tests
    marked `level_budget` (the thinking bar, the worker itself) think as the app does."""
    if request.node.get_closest_marker("level_budget"):
        return
    from uikit import think_quickly

    think_quickly(monkeypatch, QUICK_ITERATIONS)


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory, monkeypatch):
    """Every test starts with no settings of its own: what one test's app remembered
    (the new-game screen's last choices, say) does not reach the next. (tempfile, not
    tmp_path_factory.mktemp, which lists every folder made so far to number the next one.)"""
    monkeypatch.setenv("GAME_SHELF_HOME", tempfile.mkdtemp(prefix="home", dir=tmp_path_factory.getbasetemp()))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """Every core by default (pytest-xdist: `-n auto --dist loadgroup`; one worker keeps
    test_install's built wheel, its xdist_group) when the command line says no `-n`.
    Set here, not in pyproject's addopts, so that `pytest -p no:xdist` runs in one process
    instead of refusing an option nobody defines."""
    if (config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput")
            and config.option.numprocesses is None):
        config.option.numprocesses = "auto"
        if config.option.dist == "no":
            config.option.dist = "loadgroup"


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook, on the run's controller
def pytest_configure_node(node):
    """Tell each worker how the run is shared out: its own command line may not say
    `--dist loadgroup` (the default is set above), and only a worker that knows marks its
    grouped tests for the scheduler."""
    node.workerinput["dist"] = node.config.option.dist


def pytest_addoption(parser):
    parser.addoption("--screenshots", action="store_true",
                     help="write every screenshot the tests take to tests/screenshots/ (as GAME_SHELF_SCREENSHOTS=1 "
                          "does); without it only those of a test that fails are written")


def pytest_configure(config):
    if config.getoption("screenshots"):
        os.environ["GAME_SHELF_SCREENSHOTS"] = "1"  # read by uikit, here and in the workers this run starts
    if getattr(config, "workerinput", {}).get("dist") == "loadgroup":
        config.option.loadgroup = True  # what xdist sets from a worker's own `--dist loadgroup`


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's screenshots are written for a person to look at; a passed test's are not."""
    report = yield
    import uikit

    if report.failed:
        uikit.write_kept_screenshots()
    if report.when == "teardown":
        uikit.forget_screenshots()
    return report


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: without xdist (-p no:xdist) it is never called
def pytest_xdist_auto_num_workers(config):
    """`-n auto`: a worker more than the cores this run may use. Much of the suite
    waits (a computer thinks in real time, a subprocess starts, a paused game must stay
    paused for a second): a spare worker runs while another waits."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def pytest_collection_modifyitems(items):
    """The long tests first: spread over both cores from the start, they do not
    leave one core finishing alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session):
    """Everything loaded so far (pytest, hypothesis, the app's modules, the collected tests)
    stays: leave it out of the garbage collector's rounds. The app collects garbage whenever
    a game's screens go (app.give_back_memory), and in a test process, with all that loaded,
    each round took 80-190 ms instead of a few."""
    import gc

    gc.freeze()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """What a test leaves alive (caches, pytest's reports, a module's fixtures) is set aside
    as the collected tests are, once its garbage is collected: otherwise it piles up over a
    run (tens of thousands of objects after a few hundred tests) and every collection the
    app makes (a game's screens gone, the rules closed) walks it all, 20-70 ms each."""
    yield
    import gc

    gc.collect()  # only what this test made: the rest is frozen already
    gc.freeze()

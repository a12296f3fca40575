"""The applications menu (game/desktop.py): the launcher, the icons and the metainfo,
checked by the freedesktop validators where they are installed, and
`game-shelf --install-desktop` / `--uninstall-desktop` run into a temporary home."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import desktop
from game.shelf import GAMES

ROOT = Path(__file__).resolve().parent.parent
ODD_PATH = '/opt/My "Games" $HOME/50%/game-shelf'  # every kind of character the Exec line must quote


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def run_app(home: Path, *args, **env) -> subprocess.CompletedProcess:
    """`python -m game ARGS` as a person runs it: their HOME, no GAME_SHELF_HOME."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("GAME_SHELF_HOME", "XDG_DATA_HOME", "DISPLAY", "WAYLAND_DISPLAY")}
    environment.update(HOME=str(home), PYTHONPATH=str(ROOT), **env)
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=home,
                          env=environment, timeout=120)


def read_launcher(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def exec_words(line: str) -> list[str]:
    """An Exec value's arguments, read as the Desktop Entry spec says: the string value's
    escapes first (backslash-backslash is one), then the quoting (inside double quotes a
    backslash keeps the next of " ` $ \\), and %% is a %."""
    value = line.replace("\\\\", "\\")
    words, word, quoted, i = [], None, False, 0
    while i < len(value):
        c = value[i]
        if quoted and c == "\\" and value[i + 1:i + 2] in ('"', "`", "$", "\\"):
            word, i = word + value[i + 1], i + 2
            continue
        if c == '"':
            quoted, word = not quoted, word or ""
        elif c == " " and not quoted:
            if word is not None:
                words.append(word)
            word = None
        else:
            word = (word or "") + c
        i += 1
    if word is not None:
        words.append(word)
    return [w.replace("%%", "%") for w in words]


@pytest.fixture(scope="module")
def share(tmp_path_factory):
    """The launcher (for a program at ODD_PATH), icons and metainfo, written as the bundle writes them."""
    folder = tmp_path_factory.mktemp("share")
    desktop.write_files(folder, [ODD_PATH, "--window", "1280x800"], with_metainfo=True)
    return folder


def validator(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed here (apt-get install desktop-file-utils appstream)")
    return found


def test_the_launcher_passes_desktop_file_validate(share):
    done = subprocess.run([validator("desktop-file-validate"), desktop.launcher_path(share)],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_the_metainfo_passes_appstreamcli_validate(share):
    # --no-net: the screenshots' web address is not published yet (desktop.SCREENSHOT_BASE)
    done = subprocess.run([validator("appstreamcli"), "validate", "--no-net", desktop.metainfo_path(share)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "E:" not in done.stdout and "W:" not in done.stdout, done.stdout


def test_the_exec_line_gives_the_program_back_word_for_word(share):
    launcher = read_launcher(desktop.launcher_path(share))
    assert exec_words(launcher["Exec"]) == [ODD_PATH, "--window", "1280x800"]
    assert launcher["Icon"] == desktop.APP_ID and launcher["StartupWMClass"] == "game-shelf"


def test_the_metainfo_names_every_game_and_shows_pictures_kept_in_the_repository(share):
    text = desktop.metainfo_path(share).read_text(encoding="utf-8")
    for spec in GAMES.values():
        assert f"<li>{spec.title} (" in text
    assert f"<launchable type=\"desktop-id\">{desktop.APP_ID}.desktop</launchable>" in text
    assert '<content_rating type="oars-1.1"/>' in text
    for name, _caption in desktop.SCREENSHOTS:
        assert f"{desktop.SCREENSHOT_BASE}{name}" in text
        assert pygame.image.load(ROOT / "docs" / "screenshots" / name).get_size() == (1280, 800)


def test_each_icon_is_drawn_at_its_size(share):
    for size in desktop.ICON_SIZES:
        icon = pygame.image.load(desktop.icon_path(share, size))
        assert icon.get_size() == (size, size)
        covered = pygame.mask.from_surface(icon).count() / (size * size)
        assert 0.25 < covered < 0.95, (size, covered)  # a picture on a transparent ground, not empty


def test_the_xdg_data_home_is_used_when_it_is_absolute():
    assert desktop.data_home({"HOME": "/home/eva", "XDG_DATA_HOME": "/data/eva"}) == Path("/data/eva")
    assert desktop.data_home({"HOME": "/home/eva", "XDG_DATA_HOME": "eva"}) == Path("/home/eva/.local/share")
    assert desktop.data_home({"HOME": "/home/eva"}) == Path("/home/eva/.local/share")


def test_install_desktop_writes_into_the_home_only_and_uninstall_takes_it_all_away(tmp_path):
    """With no XDG_DATA_HOME: under ~/.local/share (the bundle's test sets XDG_DATA_HOME)."""
    home = tmp_path / "home"
    home.mkdir()
    share = home / ".local" / "share"
    env = {}
    done = run_app(home, "--install-desktop", **env)
    assert done.returncode == 0, done.stderr
    assert str(desktop.launcher_path(share)) in done.stdout and len(done.stdout.splitlines()) == 1, done.stdout
    assert files_under(tmp_path) == set(desktop.installed_files(share))  # nothing else, nowhere else
    launcher = read_launcher(desktop.launcher_path(share))
    script = Path(sys.executable).parent / "game-shelf"
    expected = [str(script)] if script.is_file() else [sys.executable, "-m", "game"]
    assert exec_words(launcher["Exec"]) == expected
    started = subprocess.run([*expected, "--version"], capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == f"game-shelf {desktop.__version__}"

    done = run_app(home, "--uninstall-desktop", **env)
    assert done.returncode == 0, done.stderr
    assert f"Took {len(desktop.installed_files(share))} files away" in done.stdout
    assert files_under(tmp_path) == set()
    again = run_app(home, "--uninstall-desktop", **env)
    assert again.returncode == 0 and "Nothing to take away" in again.stdout


def test_a_launcher_that_cannot_be_written_is_a_message(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "blocked").write_text("a file where the folder should be")
    done = run_app(home, "--install-desktop", XDG_DATA_HOME=str(tmp_path / "blocked"))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("game-shelf: could not install the launcher under ")
    assert "Traceback" not in done.stderr

"""Game Shelf in a Linux desktop's applications menu: the launcher (a freedesktop
.desktop file), the icon at every size a desktop asks for, and the AppStream
metainfo a software centre shows.

`game-shelf --install-desktop` writes the launcher and icons into the person's
own XDG data folder (XDG_DATA_HOME, else ~/.local/share): nothing outside their
home, no root. `--uninstall-desktop` takes exactly those files away. The bundle
(game/bundle/) writes the same files, with the metainfo, into its share/ folder.

The icon is the app's own art (game/art.py: app_icon), drawn for each size. The
art is drawn with pygame on pixels (supersampled, outlines made by stamping a
silhouette), not as shapes a vector file could hold, so there is no SVG: a PNG
up to 512 px serves every size a desktop shows.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from . import __version__

APP_ID = "io.github.gameshelf.GameShelf"  # reverse-DNS: the launcher's, the icon's and the metainfo's name
NAME = "Game Shelf"
SUMMARY = "Tabletop games at one computer"
COMMENT = "Play tabletop games with a mouse, pass-and-play, or against the computer"
WINDOW_CLASS = "game-shelf"  # game/app.py sets SDL_VIDEO_X11_WMCLASS to this
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
PROGRAM = "game-shelf"
RELEASE_DATE = "2026-11-27"  # of __version__
# Pictures a software centre shows: screens of the gallery (python -m game.bench --gallery DIR,
# at 1280x800 and 100 %), kept in docs/screenshots/. A software centre fetches them from a web
# address: SCREENSHOT_BASE is where they will be published, which is not decided yet.
SCREENSHOT_BASE = "https://gameshelf.github.io/screenshots/"
SCREENSHOTS = (
    ("title.png", "The shelf: pick a game, go on with one, or learn to play"),
    ("scrubbudgetel.png", "Scrubbudgetel against two computer players"),
    ("skyrunner.png", "SkyRunner: secret bids to climb a skyscraper"),
    ("rules.png", "Every game's rules in plain words, with pictures"),
)


# ---- the files' text --------------------------------------------------------------
def exec_quote(word: str) -> str:
    """One argument of a launcher's Exec line, quoted as the Desktop Entry spec asks."""
    if word and not any(c in word for c in ' \t\n"\'\\><~|&;$*?#()`%='):
        return word
    inner = word.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    # the Exec key is a string value too: its backslashes are escaped once more, and % doubled
    return '"' + inner.replace("\\", "\\\\").replace("%", "%%") + '"'


def desktop_entry(command: list[str]) -> str:
    """The launcher: `command` starts the app (absolute paths)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        f"Name={NAME}",
        f"GenericName=Board games",
        f"Comment={COMMENT}",
        f"Exec={' '.join(exec_quote(word) for word in command)}",
        f"TryExec={command[0]}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=board;tabletop;pass-and-play;offline;Scurry;Skurdir;SkyRunner;Skyline;Scrubbudgetel;",
        f"StartupWMClass={WINDOW_CLASS}",
        "",
    ])


def metainfo() -> str:
    """The AppStream metainfo: what a software centre lists about the app."""
    from .shelf import GAMES

    def players(spec) -> str:
        low, high = spec.min_players, spec.max_players
        return f"{low} player" if low == high == 1 else (f"{low} players" if low == high else f"{low}–{high} players")

    games = "\n".join(f"      <li>{escape(spec.title)} ({players(spec)})</li>" for spec in GAMES.values())
    shots = "\n".join(
        f'    <screenshot{" type=" + chr(34) + "default" + chr(34) if i == 0 else ""}>\n'
        f"      <caption>{escape(caption)}</caption>\n"
        f'      <image type="source" width="1280" height="800">{SCREENSHOT_BASE}{name}</image>\n'
        f"    </screenshot>"
        for i, (name, caption) in enumerate(SCREENSHOTS))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <name>{NAME}</name>
  <summary>{SUMMARY}</summary>
  <developer id="io.github.gameshelf">
    <name>The Game Shelf maintainers</name>
  </developer>
  <description>
    <p>
      Game Shelf is a shelf of tabletop games to play at one computer: with a mouse,
      passing the computer round the table, or against computer players. It needs
      no account and no network.
    </p>
    <p>
      Every rule is enforced, and a move the rules forbid is answered with the rule that
      forbids it. Each game has a guided first game and its rules in plain words.
      Every move is saved as it is made, finished games are kept to replay, and the
      computer players never look at what their seat cannot see.
    </p>
    <p>The games on the shelf:</p>
    <ul>
{games}
    </ul>
  </description>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <provides>
    <binary>{PROGRAM}</binary>
  </provides>
  <categories>
    <category>Game</category>
    <category>BoardGame</category>
  </categories>
  <supports>
    <control>pointing</control>
    <control>keyboard</control>
    <control>touch</control>
  </supports>
  <screenshots>
{shots}
  </screenshots>
  <content_rating type="oars-1.1"/>
  <releases>
    <release version="{__version__}" date="{RELEASE_DATE}"/>
  </releases>
</component>
"""


def icon_png(size: int) -> bytes:
    """The app's icon, `size` px square, as PNG bytes (drawn by game/art.py)."""
    import io

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the command's output is its one line
    import pygame

    from .art import app_icon

    buffer = io.BytesIO()
    pygame.image.save(app_icon(size), buffer, "icon.png")
    return buffer.getvalue()


# ---- where they go --------------------------------------------------------------
def data_home(env=None) -> Path:
    """The person's XDG data folder: XDG_DATA_HOME when it is an absolute path
    (the spec says to ignore a relative one), else ~/.local/share."""
    env = os.environ if env is None else env
    given = env.get("XDG_DATA_HOME", "")
    if given and os.path.isabs(given):
        return Path(given)
    return Path(env.get("HOME") or Path.home()) / ".local" / "share"


def launcher_path(share: Path) -> Path:
    return share / "applications" / f"{APP_ID}.desktop"


def icon_path(share: Path, size: int) -> Path:
    return share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def metainfo_path(share: Path) -> Path:
    return share / "metainfo" / f"{APP_ID}.metainfo.xml"


def installed_files(share: Path) -> list[Path]:
    """Every file --install-desktop writes under `share`."""
    return [launcher_path(share), *(icon_path(share, size) for size in ICON_SIZES)]


def start_command() -> list[str]:
    """How a launcher starts this very app: the bundle's program, the `game-shelf`
    script beside this Python (a venv's, pipx's), or this Python with -m game."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).parent / PROGRAM
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "game"]


def write_files(share: Path, command: list[str], with_metainfo: bool = False) -> list[Path]:
    """The launcher and icons (and the metainfo) under `share`; the paths written."""
    from .storage import write_bytes_atomic

    files = {launcher_path(share): desktop_entry(command).encode("utf-8")}
    files.update({icon_path(share, size): icon_png(size) for size in ICON_SIZES})
    if with_metainfo:
        files[metainfo_path(share)] = metainfo().encode("utf-8")
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
        path.chmod(0o644)  # others may read them, as a package's would be (an atomic write makes 0600)
    return list(files)


def install(share: Path | None = None, command: list[str] | None = None) -> list[Path]:
    share = data_home() if share is None else share
    return write_files(share, start_command() if command is None else command)


def uninstall(share: Path | None = None) -> list[Path]:
    """Take away what install() wrote; the paths that were there."""
    share = data_home() if share is None else share
    gone = []
    for path in installed_files(share):
        if path.is_file():
            path.unlink()
            gone.append(path)
    return gone


def main(action: str) -> int:
    """--install-desktop / --uninstall-desktop: say what was done, or why not (status 1)."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print(f"{PROGRAM}: --{action}-desktop is for Linux desktops; on Windows and macOS the bundled app "
              "is started from its own folder (see the README)", file=sys.stderr)
        return 1
    share = data_home()
    try:
        if action == "install":
            paths = install(share)
            print(f"Game Shelf is in your applications menu: {launcher_path(share)} "
                  f"(and its icon, {len(paths) - 1} sizes, under {share / 'icons' / 'hicolor'}); "
                  f"it starts {' '.join(start_command())}")
        else:
            paths = uninstall(share)
            print(f"Took {len(paths)} files away from {share}" if paths
                  else f"Nothing to take away: no launcher of Game Shelf in {share}")
    except OSError as exc:
        from .storage import write_problem

        print(f"{PROGRAM}: could not {action} the launcher under {share}: {write_problem(exc)} ({exc})",
              file=sys.stderr)
        return 1
    return 0

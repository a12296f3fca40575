"""`python -m game.bundle`: Game Shelf as a one-folder app that needs no Python
(PyInstaller, with game/bundle/game-shelf.spec; `pip install -e ".[bundle]"` first).

    python -m game.bundle                   # into dist/game-shelf/ (build/ for PyInstaller's work)
    python -m game.bundle --dist DIR --work DIR

The folder holds the program (`game-shelf`, `game-shelf.exe` on Windows), Python
and the libraries in `_internal/`, and there the app's own files where the
package looks for them (game/resources.py): sprites, fonts and rules text in
game/_data/ as in a wheel, the theme and the lessons beside their modules. On
Linux it also holds share/: the launcher, the icons and the AppStream metainfo,
for a package or an AppImage to take (`game-shelf --install-desktop` puts the
launcher and icons in the person's own menu). On macOS PyInstaller also makes
`dist/Game Shelf.app` from the same folder; on Windows and macOS the icon is drawn
and handed to PyInstaller as a PNG, which it converts with Pillow.

A bundle is built on the system it is for: a Linux one on Linux (with the
oldest glibc it should run on), a Windows one on Windows, a macOS one on macOS.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from .. import resources

SPEC = Path(__file__).resolve().with_name("game-shelf.spec")
LEFT_OUT = ("game.bench", "game.bundle")  # modules the app never imports: not in the bundle
# the package's own data files (pyproject.toml's package-data), besides resources.KINDS
PACKAGE_DATA = ("ui/theme.json", "games/*/lesson.json")
# pygame-gui's default fonts for other alphabets (37 MB of the 41 its hook brings): it loads
# one only for a UI language of its script, and the app's is English (pygame-gui's "en",
# never changed); the app's own text is drawn in DejaVu Sans (fonts/).
OTHER_SCRIPTS = ("NotoSansJP", "NotoSansKR", "NotoSansSC", "NotoSansArabic", "NotoSansGeorgian", "NotoSansHebrew")


def needed(bundled_name: str) -> bool:
    """Whether a data file PyInstaller's hooks bring (its name in the bundle) is kept."""
    parts = Path(bundled_name).parts
    return not (parts[:2] == ("pygame_gui", "data") and parts[-1].startswith(OTHER_SCRIPTS))


def data_files() -> list[tuple[str, str]]:
    """(source, folder in the bundle) of every file the app reads: the layout of a wheel."""
    files = [(str(resources.ROOT / kind), f"game/{resources.BUNDLED}/{kind}") for kind in resources.KINDS]
    for pattern in PACKAGE_DATA:
        for path in sorted(resources.PACKAGE.glob(pattern)):
            files.append((str(path), f"game/{path.parent.relative_to(resources.PACKAGE).as_posix()}"))
    return files


def program(folder: Path) -> Path:
    """The bundle's program in its folder."""
    return Path(folder) / ("game-shelf.exe" if sys.platform == "win32" else "game-shelf")


def size_on_disk(folder: Path) -> int:
    """Bytes the folder takes on the disk (its files' blocks where the system says them)."""
    total = 0
    for root, _dirs, names in os.walk(folder):
        for name in names:
            info = os.lstat(os.path.join(root, name))
            total += info.st_blocks * 512 if hasattr(info, "st_blocks") else info.st_size
    return total


def build(dist: Path, work: Path, log=print) -> Path:
    """Build the bundle into dist/game-shelf/; its folder. Raises CalledProcessError
    when PyInstaller fails (its output is on stderr)."""
    dist, work = Path(dist).resolve(), Path(work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    icon = work / "app_icon.png"
    icon.write_bytes(_icon_png(256))
    subprocess.run([sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work), "--", "--icon", str(icon)], check=True,
                   env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})  # PyInstaller imports pygame to look at it
    folder = dist / "game-shelf"
    if sys.platform.startswith("linux"):
        from ..desktop import PROGRAM, write_files

        write_files(folder / "share", [PROGRAM], with_metainfo=True)
    return folder


def _icon_png(size: int) -> bytes:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ..desktop import icon_png

    return icon_png(size)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bundle", description=__doc__.split("\n\n")[0])
    checkout = resources.PACKAGE.parent
    parser.add_argument("--dist", type=Path, default=checkout / "dist", help="where the app's folder goes (dist/)")
    parser.add_argument("--work", type=Path, default=checkout / "build", help="PyInstaller's working folder (build/)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("python -m game.bundle: PyInstaller is not installed: pip install -e \".[bundle]\"", file=sys.stderr)
        return 1
    started = time.perf_counter()
    try:
        folder = build(args.dist, args.work)
    except subprocess.CalledProcessError as exc:
        print(f"python -m game.bundle: PyInstaller failed (exit status {exc.returncode}); see above", file=sys.stderr)
        return 1
    print(f"{folder}: {size_on_disk(folder) / 1e6:.1f} MB, built in {time.perf_counter() - started:.0f} s; "
          f"start it with {program(folder)}")
    return 0

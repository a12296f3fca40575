"""Where the app's own files are: ``sprites/``, ``fonts/`` and ``seeds/``.

The repository keeps them at its top level, next to the ``game/`` package; a
source checkout and an editable install read them there. A wheel
(``pip install .``, pipx) carries them inside the package as ``game/_data/``,
copied there at build time by setup.py; when that folder exists it always
wins, so an installed app never reads from a checkout that happens to be near.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = "_data"  # setup.py copies the folders to game/_data/ in a wheel
KINDS = ("sprites", "fonts", "seeds")


def locate(package: Path = PACKAGE) -> Path:
    """The folder that holds sprites/, fonts/ and seeds/ for the package at `package`."""
    bundled = package / BUNDLED
    return bundled if bundled.is_dir() else package.parent


ROOT = locate()
SPRITES_DIR = ROOT / "sprites"
FONTS_DIR = ROOT / "fonts"
SEEDS_DIR = ROOT / "seeds"

"""Screens ask the app only what game/ui/host.py's ScreenHost declares, and the
app has all of it. Read from the source: every `app.<name>` and `self.app.<name>`
in the screens (game/ui/ and each game's board screen)."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.app import App
from game.ui.host import ScreenHost

GAME = Path(__file__).resolve().parent.parent / "game"
SCREENS = sorted(set(GAME.glob("ui/*.py")) | set(GAME.glob("games/*/board_screen.py")))


def declared() -> set[str]:
    names = set(getattr(ScreenHost, "__annotations__", {}))
    names |= {n for n in vars(ScreenHost) if not n.startswith("_")}
    return names


def asked_of_the_app(path: Path) -> set[tuple[str, int]]:
    """(name, line) of every attribute read or written on something called `app`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "app") or (
                isinstance(owner, ast.Attribute) and owner.attr == "app"):
            found.add((node.attr, node.lineno))
    return found


def test_screens_ask_the_app_only_what_the_host_declares():
    assert len(SCREENS) > 20
    names = declared()
    assert {"push", "notify", "settings", "size", "open_lesson"} <= names
    stray = {f"{path.relative_to(GAME)}:{line} app.{name}" for path in SCREENS
             for name, line in asked_of_the_app(path) if name not in names}
    assert not stray, sorted(stray)


def test_the_app_is_a_screen_host():
    app = App((960, 640))
    try:
        assert isinstance(app, ScreenHost)
        missing = [name for name in declared() if not hasattr(app, name)]
        assert not missing
    finally:
        pygame.quit()

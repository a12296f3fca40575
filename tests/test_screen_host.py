"""Screens ask the app only what game/ui/host.py's ScreenHost declares, and the
app has all of it. Read from the source: every `app.<name>` and `self.app.<name>`
in the screens (game/ui/ and each game's board screen)."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.app import App
from game.ui import host
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
    assert {"push", "notify", "settings", "size", "show"} <= names
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


def test_a_new_screen_needs_no_new_method_on_the_host_or_the_app():
    """A screen says where it goes (app.show(name)); neither the host nor the app has a method per screen."""
    per_screen = [name for name in dir(ScreenHost) if name.startswith("open_")]
    per_screen += [name for name in vars(App) if name.startswith(("open_", "tell_"))]
    assert per_screen == []


def names_shown(path: Path) -> set[tuple[str, int]]:
    """(name, line) of every `show("name", ...)` call with its name written out."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "show" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.add((node.args[0].value, node.lineno))
    return found


def test_every_screen_asked_for_by_name_is_registered_by_its_own_module():
    from game.ui import screens  # noqa: F401  (the modules that register them)

    asked = {f"{path.relative_to(GAME)}:{line} {name}" for path in sorted(GAME.rglob("*.py"))
             for name, line in names_shown(path)}
    assert len(asked) >= 10
    unknown = sorted(where for where in asked if where.rpartition(" ")[2] not in host.SCREENS)
    assert not unknown
    # each is registered where it is defined, not by the app
    assert all(opener.__module__.startswith("game.ui.") for opener in host.SCREENS.values())

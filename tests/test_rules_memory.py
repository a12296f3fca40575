"""The Rules screens keep little: what stays after they close is their lines of text,
a few images of the text and the drawn pictures, not an image of every text they
showed (5 texts held 113 MB so: each text drawn whole, its image referenced by its
lines after the screen closed, and a spare canvas for the tallest)."""
from __future__ import annotations

import gc
import types
import weakref

import pygame
from pygame_gui.core.interfaces import IUIAppearanceThemeInterface, IUIManagerInterface

from game import shelf
from game.ui import rules_pictures, rules_screen
from game.ui.rules_screen import RulesScene, headings
from uikit import make_app

KEPT_MB = 16  # by design: the drawn pictures (KEPT_PICTURES, 0.4-0.9 MB each) and the images of the text in view (KEPT_IMAGES, up to ~2 MB each); measured 9 MB


# what the screens share, whoever holds it: modules, classes, functions, the pygame-gui theme and managers
SHARED = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, str, bytes,
          IUIAppearanceThemeInterface, IUIManagerInterface)


def surfaces_kept_by(*modules) -> list[pygame.Surface]:
    """Every Surface reachable from what the modules keep at their top level (their
    caches: dicts, lists, …), not through what the screens share (SHARED)."""
    seen, found, todo = set(), {}, []
    for module in modules:
        todo += [value for value in vars(module).values() if not isinstance(value, SHARED)]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, SHARED):
            continue
        seen.add(id(obj))
        if isinstance(obj, pygame.Surface):
            whole = obj
            while whole.get_parent() is not None:  # a subsurface keeps all of its parent
                whole = whole.get_parent()
            found[id(whole)] = whole
            continue
        todo += gc.get_referents(obj)
    return list(found.values())


def megabytes(surfaces) -> float:
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces) / 2 ** 20


def test_every_game_s_rules_opened_twice_leave_a_few_megabytes_of_images():
    app = make_app((1280, 800))
    try:
        from game.ui.title import TitleScene

        app.push(TitleScene(app))
        app.scene.preparing = None
        app.step([])
        shown = []
        for round_ in range(2):
            for spec in shelf.GAMES.values():
                app.push(RulesScene(app, spec))
                shown.append(weakref.ref(app.scene))
                app.step([])
                for heading in headings(spec.id) if round_ == 0 else ():  # read to the end: every row, every picture
                    app.scene.jump_to(heading)
                    app.scene.draw_all_pictures()
                    app.step([])
                app.pop()
                app.step([])
        gc.collect()
        kept = surfaces_kept_by(rules_screen, rules_pictures)
        assert megabytes(kept) <= KEPT_MB, (
            f"the Rules screens keep {megabytes(kept):.1f} MB of images: "
            f"{sorted((s.get_size() for s in kept), key=lambda size: -size[0] * size[1])[:6]}")
        assert not any(scene() for scene in shown), "a closed Rules screen stays alive"
    finally:
        pygame.quit()

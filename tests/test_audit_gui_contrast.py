"""The layout audit's contrast check reaches pygame-gui's text boxes and text entries
(tests/test_layout_audit.py problems, gui_box_problems): dim words in either are found, the app's own
are not. The audit itself walks every screen in the slow suite; this is its quick proof."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox, UITextEntryLine

import test_layout_audit as audit
from game.ui.settings import SettingsScene
from uikit import make_app, pump


def test_dim_words_in_a_text_box_or_an_entry_are_found_and_the_apps_own_pass():
    app = make_app((960, 640))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        pump(app)
        assert any(isinstance(e, UITextBox) for e in scene.manager.get_sprite_group().sprites())
        assert not [f for f in audit.problems(app, (960, 640), 1.0) if "UIText" in f]  # the Settings' places box
        dim = UITextBox("Readable, then <font color='#3a3028'>hardly seen</font>", pygame.Rect(20, 400, 400, 80),
                        scene.manager)
        entry = UITextEntryLine(pygame.Rect(20, 500, 300, 36), scene.manager, initial_text="a name")
        entry.text_colour = pygame.Color("#2a231d")  # nearly the entry's own ground
        entry.rebuild()
        app.dirty = True
        app.step([])
        found = [f for f in audit.problems(app, (960, 640), 1.0) if "contrast" in f]
        assert any(f.startswith("UITextBox") and "(58, 48, 40)" in f for f in found), found
        assert any(f.startswith("UITextEntryLine") for f in found), found
        assert not any("(244, 234, 216)" in f for f in found), found  # the readable words are not named
        dim.kill()
        entry.kill()
    finally:
        pygame.quit()

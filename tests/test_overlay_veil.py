"""An overlay (the in-game menu) shows the screen under it dimmed as it stands: nothing
the pointer lit there (a hovered button, its tooltip, the button just clicked) stays lit
under the veil."""
from __future__ import annotations

import pygame

from game import shelf
from game.engine.match import Match, Seat
from game.ui.menus import MenuScene
from game.ui.scene import start_match
from game.ui.title import TitleScene

from uikit import click, click_button, key, make_app, pump


def point_at(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)


def menu_frame(app) -> bytes:
    assert isinstance(app.scene, MenuScene)
    app.dirty = True
    app.step([])
    return pygame.image.tobytes(app.screen, "RGB")


def test_the_menu_dims_the_board_with_nothing_lit_under_the_pointer():
    app = make_app((960, 640))
    try:
        app.settings["animation_speed"] = "off"
        app.push(TitleScene(app))
        pump(app)
        spec = shelf.GAMES["scurry"]
        start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bo", 1)], 5, spec.default_options()))
        board = app.scene
        menu_button = next(b for b in board.actions if b.text == "Menu")
        point_at(app, (4, 636))  # a corner with nothing to light
        key(app, pygame.K_ESCAPE)
        dimmed = menu_frame(app)
        click_button(app, "Resume")

        # the pointer rests on Hint until its tooltip shows, then Esc
        point_at(app, board.panel.hint_button.rect.center)
        for _ in range(3):
            board.update_widgets(0.6)  # pygame-gui shows a tooltip after a second of hover
        assert board.panel.hint_button.hovered and board.panel.hint_button.tool_tip is not None
        key(app, pygame.K_ESCAPE)
        assert menu_frame(app) == dimmed, "the hovered Hint (or its tooltip) shows through the menu's veil"
        click_button(app, "Resume")

        click(app, menu_button.rect.center)  # the Menu button opens it: the pointer stays on it
        assert menu_frame(app) == dimmed, "the clicked Menu button shows lit through the veil"
    finally:
        pygame.quit()

"""The Rules screen keeps its laid-out text: opened again it takes a frame or
two of processor time, not the 0.1-0.2 s of laying the rules out, and shows
the same picture with working links."""
from __future__ import annotations

import time

import pygame
import pytest
from pygame_gui.core.text import HyperlinkTextChunk

from game import shelf
from game.ui import rules_screen
from game.ui.rules_screen import RulesScene
from uikit import make_app, pump


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    app = make_app((1280, 800))
    yield app
    pygame.quit()


def opened(app, game_id: str) -> tuple[float, bytes, list]:
    """Processor time to open the rules and draw the first frame; that frame; its links."""
    started = time.process_time()
    app.push(RulesScene(app, shelf.GAMES[game_id]))
    app.step([])
    spent = time.process_time() - started
    frame = pygame.image.tobytes(app.screen, "RGB")
    box = app.scene.text_box
    links = [c.href for row in box.text_box_layout.layout_rows for c in row.items if isinstance(c, HyperlinkTextChunk)]
    app.pop()
    pump(app)
    return spent, frame, links


def test_the_rules_open_again_within_a_frame_or_two_and_look_the_same(app, monkeypatch):
    from pygame_gui.elements import ui_text_box

    from game.ui.title import TitleScene

    app.push(TitleScene(app))
    pump(app)
    layouts = []
    lay_out = ui_text_box.TextBoxLayout
    monkeypatch.setattr(ui_text_box, "TextBoxLayout", lambda *a, **k: layouts.append(1) or lay_out(*a, **k))
    first, first_frame, first_links = opened(app, "scrubbudgetel")  # the longest rules
    assert len(layouts) == 1, "laid out once, beside its scroll bar (pygame-gui alone lays a long text out twice)"
    assert first_links, "Scrubbudgetel's rules link to its lesson"
    again = [opened(app, "scrubbudgetel") for _ in range(3)]
    quickest = min(spent for spent, _f, _l in again)
    # laid out again it cost 0.1-0.2 s of processor time (more on a busy machine); kept, ~20 ms
    assert quickest < 0.06, f"opening the rules again took {quickest * 1000:.0f} ms of processor time"
    for _spent, frame, links in again:
        assert frame == first_frame and links == first_links
    assert len(layouts) == 1
    # going back and forth between two games keeps both
    opened(app, "scurry")
    assert min(opened(app, "scrubbudgetel")[0] for _ in range(2)) < 0.06
    assert len(layouts) == 2
    # the kept layouts are few: each holds the whole text as one image
    assert len(rules_screen._layouts) <= rules_screen.KEPT_LAYOUTS

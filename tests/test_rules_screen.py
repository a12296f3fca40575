"""The Rules screen keeps its laid-out text: opened again it takes a frame or
two of processor time, not the 0.1-0.2 s of laying the rules out, and shows
the same picture with working links."""
from __future__ import annotations

import time

import pygame
import pytest
from pygame_gui.core.text import HyperlinkTextChunk
from pygame_gui.core.text.text_box_layout import TextBoxLayout

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


def count_layouts(monkeypatch) -> list:
    """A list that grows by one whenever a text is laid out."""
    layouts = []
    lay_out = rules_screen.LinesLayout.__init__
    monkeypatch.setattr(rules_screen.LinesLayout, "__init__",
                        lambda self, *a, **k: layouts.append(1) or lay_out(self, *a, **k))
    return layouts


def test_the_rules_open_again_within_a_frame_or_two_and_look_the_same(app, monkeypatch):
    from game.ui.title import TitleScene

    app.push(TitleScene(app))
    app.scene.preparing = None  # not laid out ahead (test_the_title_lays_the_rules_out_ahead...)
    pump(app)
    layouts = count_layouts(monkeypatch)
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
    # what is kept is lines: no image of the text, none referenced by its lines
    for layout in rules_screen._layouts.values():
        assert layout.finalised_surface is None
        assert all(getattr(item, "target_surface", None) is None and row.target_surface is None
                   for row in layout.layout_rows for item in row.items)


def whole_text_drawn(layout) -> pygame.Surface:
    """The laid-out text drawn whole, as pygame-gui draws it (into one image)."""
    surface = pygame.Surface((layout.layout_rect.width + layout.edit_buffer, layout.layout_rect.height),
                             pygame.SRCALPHA, 32)
    TextBoxLayout.finalise_to_surf(layout, surface)
    for row in layout.layout_rows:  # the test's own image: the kept lines let go of it
        row.target_surface = None
        for item in row.items:
            if getattr(item, "target_surface", None) is not None:
                item.target_surface = None
    return surface


def test_the_text_in_view_is_drawn_as_pygame_gui_draws_the_whole_text(app):
    """Only the rows in view are drawn, each time the view changes: at any scroll, with a
    link lit under the pointer and a stretch of text selected, the box shows what
    pygame-gui's one image of the whole text shows there."""
    from game.ui.title import TitleScene

    app.push(TitleScene(app))
    app.scene.preparing = None
    pump(app)
    for game_id in ("skyrunner", "scrubbudgetel"):  # the tallest pictures; the longest text, with a table
        app.push(RulesScene(app, shelf.GAMES[game_id]))
        app.step([])
        scene = app.scene
        box = scene.text_box
        layout = box.text_box_layout
        link = next(c for row in layout.layout_rows for c in row.items if isinstance(c, HyperlinkTextChunk))
        for state in ("plain", "hovered", "selected"):
            if state == "hovered":
                link.on_hovered()
            if state == "selected":
                box.select_range = [40, 900]
            for share in (0.0, 0.137, 0.5, 0.9):
                box.scroll_bar.set_scroll_from_start_percentage(share)
                app.step([])
                scene.draw_all_pictures()  # pictures in view are drawn in the frames after
                top = box.view_top()
                whole = whole_text_drawn(layout)
                view = pygame.Surface((whole.get_width(), box.text_wrap_rect.h), pygame.SRCALPHA, 32)
                view.blit(whole, (0, 0), pygame.Rect(0, top, view.get_width(), view.get_height()))
                drawn = pygame.Surface(view.get_size(), pygame.SRCALPHA, 32)
                layout.draw_rows(drawn, top)
                assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(view, "RGBA"), (game_id, state, share)
        app.pop()
        pump(app)


def test_the_title_lays_the_rules_out_ahead_and_they_open_at_once(app, monkeypatch):
    """While the title waits, every game's rules are laid out in small steps; the first
    opening then lays nothing out, and shows what a text laid out at once shows."""
    from game.ui.title import TitleScene

    rules_screen._layouts.clear()
    title = TitleScene(app)
    app.push(title)
    title.last_input = float("-inf")  # the player has been away a while
    steps = 0
    while title.preparing is not None:
        app.step([])
        steps += 1
    assert steps > 2 * len(shelf.GAMES), "laid out a little at a time, not a game at once"
    layouts = count_layouts(monkeypatch)
    app.push(RulesScene(app, shelf.GAMES["scrubbudgetel"]))
    app.step([])
    assert layouts == [], "laid out ahead: nothing to lay out on opening"
    prepared = [(tuple(row), len(row.items)) for row in app.scene.text_box.text_box_layout.layout_rows]
    frame = pygame.image.tobytes(app.screen, "RGB")
    app.pop()
    # laid out at once, the text is the same, row for row, and looks the same
    monkeypatch.setattr(rules_screen, "_layouts", type(rules_screen._layouts)())
    app.push(RulesScene(app, shelf.GAMES["scrubbudgetel"]))
    app.step([])
    assert layouts == [1]
    assert [(tuple(row), len(row.items)) for row in app.scene.text_box.text_box_layout.layout_rows] == prepared
    assert pygame.image.tobytes(app.screen, "RGB") == frame


@pytest.mark.slow
def test_the_rules_open_on_their_summary_jump_to_a_section_and_show_the_pictures():
    """At 960x640 the first screen of each game's rules is its summary, down to its last
    line; the list on the left scrolls the text to a section; each picture row is in the text."""
    from pygame_gui.elements import UIButton

    from collections import Counter

    from game.ui.rules_screen import DrawnImage, headings, tables_of

    from game.ui import rules_pictures

    app = make_app((960, 640))
    rules_pictures._drawn.clear()
    rules_screen._layouts.clear()
    try:
        for game_id in ("skurdir", "scurry"):
            app.push(RulesScene(app, shelf.GAMES[game_id]))
            app.step([])
            scene = app.scene
            # the text in view at once; each row of pictures when it comes into view, a picture a frame
            assert scene.frame_interval() is None or scene.pictures_to_draw()
            pictures = shelf.parts_of(game_id).pictures
            for index, picture in enumerate(pictures):
                if rules_pictures.is_drawn(game_id, index, 440):
                    continue
                layout = scene.text_box.text_box_layout
                shown_at = next(row.y for row in layout.layout_rows for item in row.items
                                if isinstance(item, DrawnImage) and item.src.startswith(f"figure:{game_id}:")
                                and str(index) in item.src.split(":")[2].split(","))
                scene.text_box.scroll_bar.set_scroll_from_start_percentage(shown_at / layout.layout_rect.height)
                assert scene.pictures_to_draw() and scene.frame_interval() == 0
                while scene.pictures_to_draw():
                    app.step([])
                assert rules_pictures.is_drawn(game_id, index, 440)
            assert scene.frame_interval() is None
            assert all(rules_pictures.is_drawn(game_id, i, 440) for i in range(len(pictures)))
            box = scene.text_box
            assert headings(game_id)[0] == "At a glance" and scene.heading_y("At a glance") < 60
            summary_end = scene.heading_y(headings(game_id)[1])  # where the next section begins
            assert summary_end <= box.rect.h, f"{game_id}'s summary is longer than the screen"
            images = [item for row in box.text_box_layout.layout_rows for item in row.items
                      if isinstance(item, DrawnImage)]
            per_rule = Counter(p.rule for p in shelf.parts_of(game_id).pictures)
            rows_of_pictures = sum(-(-n // scene.per_row) for n in per_rule.values())
            assert len(images) == rows_of_pictures + len(tables_of(game_id))  # Skurðir's score table, Scurry none
            button = scene.contents["A turn"]
            assert isinstance(button, UIButton)
            scene.actions[button]()
            app.step([])
            start = box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height
            assert abs(start - scene.heading_y("A turn")) < 30, "the text scrolled to its section"
            app.pop()
            pump(app)
        for game_id in ("skyline_express", "scrubbudgetel", "skyrunner"):  # the other summaries fit too
            app.push(RulesScene(app, shelf.GAMES[game_id]))
            app.step([])
            assert app.scene.heading_y(headings(game_id)[1]) <= app.scene.text_box.rect.h, game_id
            app.pop()
            pump(app)
    finally:
        pygame.quit()


def test_a_table_stays_close_under_the_words_that_lead_into_it():
    from game.ui.markdown import to_html
    text = "**Scoring:**\n\n| what | pays |\n|---|---|\n| a | 1 |\n\nAfter it.\n"
    html = to_html(text, table=lambda rows: f"[table of {len(rows)} rows]")
    assert html.startswith("<b>Scoring:</b><br>[table of 2 rows]<br>"), html  # one break, not a blank line
    assert html.endswith("After it.<br><br>")

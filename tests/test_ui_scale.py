"""UI scale (Settings, 1.0-2.0) and the foldable side panel: every game laid out
without overlaps at the smallest window and at large scales."""
from __future__ import annotations

import json

import pygame
import pytest

from game import storage
from game import shelf
from game.engine import ai
from game.engine.match import Match, Seat
from game.ui.scene import start_match
from game.ui import look
from game.ui.settings import SettingsScene
from game.ui.title import TitleScene
from tests.uikit import choose, click, click_button, make_app, pump, screenshot


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def board_for(game_id, size, scale, folded=False):
    app = make_app(size)
    app.settings.update(ui_scale=scale, panel_folded=folded)
    spec = shelf.GAMES[game_id]
    players = min(spec.max_players, 3)
    seats = [Seat(f"Player {i + 1}", i, "human" if i == 0 else "computer", "easy") for i in range(players)]
    options = {"random_setup": True} if any(o.key == "random_setup" for o in spec.options) else {}
    match = Match(spec, seats, 5, options)
    for k in range(spec.bench_moves):
        if match.state.is_over or match.is_computer_turn() and k > spec.bench_moves - 3:
            break
        match.play(ai.random_move(match.state, k))
    start_match(app, match)
    pump(app)
    return app, app.scene


def check_layout(board):
    """The panel's parts inside the panel, none over another, the board beside it."""
    p, b = board.panel.rect, board.board_rect
    assert b.right <= p.left and b.w > 0.5 * (b.w + p.w)  # the board keeps most of the width
    everything = [e.rect for e in board.actions if e.visible]
    assert all(p.contains(r) or b.contains(r) for r in everything)  # the game's own (map zoom) are on its board
    buttons = [r for r in everything if p.contains(r)]
    for i, one in enumerate(buttons):
        for other in buttons[i + 1:]:
            assert not one.colliderect(other), (one, other)
    if board.log.rect.h:
        # the log starts under the last line the panel wrote above it (it follows the status and message)
        header = [t.rect for t in look.drawn if p.contains(t.rect) and not board.log.rect.contains(t.rect)
                  and t.rect.bottom <= board.log.rect.bottom]
        assert all(r.bottom <= board.log.rect.top for r in header) and p.contains(board.log.rect)
        assert not any(board.log.rect.colliderect(r) for r in buttons)
    header = (board.panel.fold_button.rect, board.panel.aid_button.rect)  # beside the title, above the log
    assert board.panel.log_top <= min(r.top for r in buttons if r not in header)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(shelf.GAMES))
@pytest.mark.parametrize("size,scale,folded", [((960, 640), 1.0, False), ((960, 640), 1.0, True),
                                                ((1280, 800), 1.5, False), ((1280, 800), 2.0, False)])
def test_every_game_is_laid_out_at_small_windows_and_large_scales(game_id, size, scale, folded):
    app, board = board_for(game_id, size, scale, folded)
    check_layout(board)
    assert board.panel.scale <= scale and (board.panel.scale >= 1.5 if scale >= 1.5 else True)
    screenshot(app, f"scale-{game_id}-{size[0]}x{size[1]}-{scale}{'-folded' if folded else ''}")


def test_scale_in_settings_grows_the_panel_and_is_kept():
    app, board = board_for("scurry", (1280, 800), 1.0)
    width_before = board.panel.rect.w
    click_button(app, "Menu")
    click_button(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    choose(app, app.scene.scale_menu, "150%")
    assert json.loads(storage.settings_path().read_text())["ui_scale"] == 1.5
    click_button(app, "Back")
    click_button(app, "Resume")
    pump(app)
    assert app.scene is board
    assert board.panel.scale == 1.5 and board.panel.rect.w > width_before
    assert board.panel.undo_button.rect.h == 60


def test_fold_the_panel_for_a_bigger_board():
    app, board = board_for("skyline_express", (960, 640), 1.0)
    wide = board.board_rect.w
    click(app, board.panel.fold_button.rect.center)
    assert board.panel.folded and board.board_rect.w > wide + 30 and board.log.rect.h == 0
    assert json.loads(storage.settings_path().read_text())["panel_folded"] is True
    check_layout(board)
    click(app, board.panel.fold_button.rect.center)
    assert not board.panel.folded and board.board_rect.w == wide


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(shelf.GAMES))
def test_at_175_percent_the_move_log_fills_the_panel_and_names_leave_room(game_id):
    """At 175 % the log once shrank to a line under an empty gap, and a computer's
    name ran into its level: the log starts under the last line the panel wrote and is
    several lines high, and no line of the panel lies on another."""
    app, board = board_for(game_id, (1280, 800), 1.75)
    app.dirty = True
    app.step()
    assert board.log.rect.h >= 6 * board.log.line_height
    panel_lines = [t.rect for t in look.drawn if board.panel.rect.contains(t.rect)]
    for i, one in enumerate(panel_lines):
        assert not any(one.clip(other).h > 4 and one.clip(other).w > 2 for other in panel_lines[i + 1:]), one


@pytest.mark.slow
def test_the_pass_button_speaks_as_large_as_the_panel():
    """Pass kept its 16 px label in a button 70 px high at 175 %."""
    sizes = {}
    for scale in (1.0, 1.5, 2.0):
        _app, board = board_for("skurdir", (1280, 800), scale)
        sizes[scale] = board.panel.game_buttons["pass"].font.point_size
    assert sizes[1.0] < sizes[1.5] <= sizes[2.0]  # (a 1280x800 window caps 200 % near 175 %)


def test_the_watch_speed_list_opens_inside_the_window():
    """The Watch speed drop-down opened below the window's edge: Slow and Fastest were hidden."""
    app = make_app((1280, 800))
    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat(f"Computer {i + 1}", i, "computer", "easy") for i in range(2)], 5)
    start_match(app, match)
    pump(app)
    board = app.scene
    board.match.on_change = None
    click(app, board.watch.speed_menu.rect.center)
    listing = board.watch.speed_menu.current_state.options_selection_list
    assert listing is not None and pygame.Rect((0, 0), app.size).contains(listing.rect)
    shown = [item["text"] for item in listing.item_list if item["button_element"] is not None]
    assert {"Slow", "Fastest"} <= set(shown)


def test_the_players_names_on_the_panel_share_one_size_whoever_is_to_move():
    app = make_app((960, 640))
    app.settings.update(ui_scale=2.0)
    seats = [Seat("Player 1", 0), Seat("Computer 2", 1), Seat("Computer 3", 2)]
    match = Match(shelf.GAMES["scrubbudgetel"], seats, 5)  # names get their colours: "Computer 3 (Yellow)"
    start_match(app, match)
    board = app.scene
    seen = []
    for _ in range(len(seats)):
        app.draw()
        panel_names = [t for t in look.drawn if board.panel.rect.contains(t.rect) and t.rect.bottom <= board.log.rect.top
                       and any(t.text.startswith(s.name + " (") for s in seats)]
        assert len(panel_names) == len(seats)
        seen.append(sorted((t.text, t.size) for t in panel_names))
        mover = match.state.to_move
        while match.state.to_move == mover:
            match.play(ai.random_move(match.state, 1))
    sizes = {size for names in seen for _text, size in names}
    assert len(sizes) == 1, seen  # no name smaller than the others, nor changing as the turn goes round
    assert all(names == seen[0] for names in seen)


def panel_text_sizes(app, board) -> dict:
    """Words on the side panel -> their size: what the panel draws itself (its log too) and
    its pygame-gui buttons and drop-downs, glyphs such as ? and » included."""
    from pygame_gui.elements import UIButton, UILabel

    app.dirty = True
    app.step()
    panel = board.panel.rect
    sizes = {box.text: box.size for box in look.drawn if panel.contains(box.rect)}
    for element in board.manager.get_sprite_group().sprites():
        if isinstance(element, (UIButton, UILabel)) and element.visible and element.text \
                and element.font is not None and panel.contains(element.rect):
            sizes[element.text] = element.font.point_size
    return sizes


@pytest.mark.parametrize("kind", ["replay", "watch"])
def test_every_word_on_the_panel_grows_with_it(kind):
    """At 200 % the panel's every word is at least half as large again as at 100 %: the
    replay's controls, "After move N", its speed and its log, the Watch row's speed, the ? and
    the » (they stayed at 100 % while the names above them grew)."""
    from game.replay import Replay
    from game.ui.replay_screen import replay_scene

    spec = shelf.GAMES["scurry"]
    sizes = {}
    for scale in (1.0, 2.0):
        app = make_app((1920, 1080))
        app.settings.update(ui_scale=scale)
        if kind == "replay":
            match = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 5, {"random_setup": True})
            for k in range(12):
                match.play(ai.random_move(match.state, k))
            app.push(replay_scene(app, Replay.of_match(match), 6))
        else:
            start_match(app, Match(spec, [Seat(f"Computer {i + 1}", i, "computer", "easy") for i in range(2)], 5))
            app.scene.watch.toggle()  # paused: nothing moves between the two looks
        pump(app)
        board = app.scene
        assert board.panel.scale >= 0.9 * scale
        sizes[scale] = panel_text_sizes(app, board)
        board.match.on_change = None
        pygame.quit()
    both = set(sizes[1.0]) & set(sizes[2.0])
    expected = {"»", "Menu" if kind == "watch" else "Back", "Normal" if kind == "watch" else "Speed: Normal"}
    if kind == "replay":
        expected |= {"After move 6 of 12", "Play", "|<", ">|"}
    assert expected <= both
    both -= {"▲", "▼"}  # a drop-down's arrow keeps its size: its button stays narrow
    small = {words: (sizes[1.0][words], sizes[2.0][words]) for words in both if sizes[2.0][words] < 1.5 * sizes[1.0][words]}
    assert not small, small

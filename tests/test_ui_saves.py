"""Several games in progress on the title screen, save failures on a full or
read-only disk, Save as…, and damaged files met through the real window."""
from __future__ import annotations

import errno
import json
import os
import shutil
import time

import pygame
import pytest

import game.keeper

from game import storage
from game import shelf
from game.engine.match import NAME_MAX, Match, Seat
from game.saves import in_progress_path, save_match
from keeping import autosave
from game.ui import look
from game.ui.board import BoardScene
from game.ui.menus import MenuScene, SaveAsScene, SavesScene
from game.ui.scene import start_match
from game.ui.setup import SetupScene
from game.ui.title import TitleScene
from uikit import click, click_button, make_app, pump, screenshot, type_into


@pytest.fixture(autouse=True)
def clean_home():
    for folder in (storage.config_dir(), storage.saves_dir()):
        shutil.rmtree(folder, ignore_errors=True)
    storage.records_path().unlink(missing_ok=True)
    yield
    pygame.quit()


def scurry_match(seed=5, moves=6, names=("Ann", "Bob")):
    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat(names[0], 0), Seat(names[1], 1)], seed, {"random_setup": True})
    for _ in range(moves):
        match.play(match.state.legal_moves()[0])
    return match


def title_app(size=(1280, 800)):
    app = make_app(size)
    app.push(TitleScene(app))
    pump(app)
    return app


def refuse_writes(monkeypatch, code):
    def refuse(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(storage.os, "replace", refuse)  # whole files
    monkeypatch.setattr(game.keeper, "open", refuse, raising=False)  # and a game's journal


def play_first_move(app):
    board = app.scene
    assert isinstance(board, BoardScene)
    move = board.match.state.legal_moves()[0]
    for target in move.targets:
        click(app, board.target_rect(target).center)
    return board


def texts(app):
    return [m for m, _ in app.toasts]


@pytest.mark.slow
def test_starting_a_game_keeps_the_other_games_in_progress():
    app = title_app()
    start_match(app, scurry_match(seed=1, moves=4, names=("Ann", "Bob")))
    pump(app)
    click_button(app, "Menu")
    click_button(app, "Quit to title")
    time.sleep(0.01)
    start_match(app, scurry_match(seed=2, moves=2, names=("Cleo", "Dan")))
    pump(app)
    click_button(app, "Menu")
    click_button(app, "Quit to title")
    title = app.scene
    rows = [(entry.summary, entry.moves) for entry, _text, _r, _d in title.progress_rows]
    assert rows == [("Scurry — Cleo vs Dan", 2), ("Scurry — Ann vs Bob", 4)]  # newest first
    assert "today" in title.progress_rows[0][1] and "2 moves" in title.progress_rows[0][1]
    assert "· 4 moves ·" in title.progress_rows[1][1]
    screenshot(app, "title-games-in-progress")
    click_button(app, "Continue: Scurry — Cleo vs Dan")
    assert [s.name for s in app.scene.match.seats] == ["Cleo", "Dan"]
    click_button(app, "Menu")
    click_button(app, "Quit to title")
    click(app, app.scene.progress_rows[1][2].rect.center)  # Resume on the older one
    assert [s.name for s in app.scene.match.seats] == ["Ann", "Bob"] and len(app.scene.match.notations) == 4


def test_the_title_lists_again_what_changed_on_another_screen():
    autosave(scurry_match(seed=1))
    app = title_app()
    assert len(app.scene.in_progress) == 1
    click_button(app, "Saved games")
    click(app, app.scene.listing.item_list[0]["button_element"].rect.center)
    click_button(app, "Delete")
    click_button(app, "Yes, delete")
    click_button(app, "Back")
    assert isinstance(app.scene, TitleScene) and app.scene.in_progress == []
    assert not any(t.startswith("Continue") for t in app.scene.button_rects())


def test_deleting_a_game_in_progress_asks_first():
    keep, drop = scurry_match(seed=1), scurry_match(seed=2)
    autosave(keep)
    autosave(drop)
    os.utime(in_progress_path(keep.save_id), (1_000_000_000, 1_000_000_000))
    app = title_app()
    assert [e.save_id for e, *_ in app.scene.progress_rows] == [drop.save_id, keep.save_id]
    click(app, app.scene.progress_rows[0][3].rect.center)
    assert in_progress_path(drop.save_id).exists(), "one click must not delete a game"
    assert app.scene.progress_rows[0][3].text == "Yes, delete"
    click(app, app.scene.progress_rows[0][3].rect.center)
    assert not in_progress_path(drop.save_id).exists() and in_progress_path(keep.save_id).exists()
    assert [e.save_id for e, *_ in app.scene.progress_rows] == [keep.save_id]


def later(monkeypatch, seconds):
    """The clock jumps `seconds` ahead (a player who hesitates)."""
    now = time.monotonic
    monkeypatch.setattr(time, "monotonic", lambda: now() + seconds)


def test_a_sure_on_the_title_waits_for_its_second_click(monkeypatch):
    match = scurry_match(seed=1)
    autosave(match)
    app = title_app()
    delete = lambda: app.scene.progress_rows[0][3]  # noqa: E731 (the row is built anew on each click)
    click(app, delete().rect.center)
    assert delete().text == "Yes, delete"
    later(monkeypatch, 60)
    pump(app)
    assert delete().text == "Yes, delete" and in_progress_path(match.save_id).exists()
    click(app, delete().rect.center)  # a button that says "Yes, delete" means it, however long it waited
    assert not in_progress_path(match.save_id).exists() and app.scene.progress_rows == []


def test_a_sure_on_the_saved_games_screen_waits_and_says_so(monkeypatch):
    first, second = scurry_match(seed=1), scurry_match(seed=2)
    save_match(first, storage.saves_dir() / "first.json")
    save_match(second, storage.saves_dir() / "second.json")
    app = title_app()
    click_button(app, "Saved games")
    rows = {r["text"]: r for r in app.scene.listing.item_list}
    row = lambda name: next(r for r in app.scene.listing.item_list  # noqa: E731
                            if app.scene.entries[r["text"]].name == name)
    assert len(rows) == 2
    click(app, row("first.json")["button_element"].rect.center)
    click_button(app, "Delete")
    assert "Delete" not in app.scene.button_rects(), "the button says it now asks"
    click(app, row("second.json")["button_element"].rect.center)  # another row: its Delete asks again
    assert "Delete" in app.scene.button_rects()
    click_button(app, "Delete")
    later(monkeypatch, 60)
    pump(app)
    click_button(app, "Yes, delete")
    assert not (storage.saves_dir() / "second.json").exists() and (storage.saves_dir() / "first.json").exists()


def test_loading_an_older_save_leaves_no_stale_continue():
    older = scurry_match(seed=3, moves=2, names=("Old", "Save"))
    save_match(older, storage.saves_dir() / "older.json")
    autosave(scurry_match(seed=4, moves=6, names=("Now", "Playing")))
    app = title_app()
    assert "Continue: Scurry — Now vs Playing" in app.scene.button_rects()
    click_button(app, "Saved games")
    row = next(r for r in app.scene.listing.item_list if r["text"].startswith("Scurry — Old vs Save"))
    click(app, row["button_element"].rect.center)
    click_button(app, "Load")
    assert [s.name for s in app.scene.match.seats] == ["Old", "Save"]
    click_button(app, "Menu")
    click_button(app, "Quit to title")
    assert "Continue: Scurry — Old vs Save" in app.scene.button_rects()
    assert len(app.scene.in_progress) == 2, "the other game is still there"


def test_the_old_single_autosave_is_offered_after_an_upgrade():
    match = scurry_match(moves=3)
    save_match(match, storage.autosave_path())
    app = title_app()
    assert not storage.autosave_path().exists()
    click_button(app, "Continue: Scurry — Ann vs Bob")
    assert app.scene.match.notations == match.notations


@pytest.mark.slow
@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "Can't save: disk full — your moves are kept until you free space"),
                                         (errno.EROFS, "Can't save: the disk is read-only")])
def test_a_full_or_read_only_disk_is_a_message_and_the_game_goes_on(monkeypatch, code, words):
    app = title_app()
    start_match(app, scurry_match(moves=2))
    pump(app)
    board = app.scene
    path = in_progress_path(board.match.save_id)
    with monkeypatch.context() as patch:
        refuse_writes(patch, code)
        play_first_move(app)
        play_first_move(app)
        assert app.running and app.scene is board and len(board.match.notations) == 4
        shown = [m for m in texts(app) if m.startswith("Can't save")]
        assert len(shown) == 1 and shown[0].startswith(words), shown  # said once, not once per move
        assert "Save as…" in shown[0]
        screenshot(app, f"cannot-save-{errno.errorcode[code]}")
        assert len(json.loads(path.read_text())["moves"]) == 2
    play_first_move(app)  # space again: the next move saves everything
    assert json.loads(path.read_text())["moves"] == board.match.notations and len(board.match.notations) == 5
    assert any(m.startswith("Saving works again") for m in texts(app))


def test_a_data_folder_that_cannot_be_created_is_a_message(monkeypatch):
    app = title_app()

    def no_folder(*_args, **_kwargs):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage.Path, "mkdir", no_folder)
    start_match(app, scurry_match(moves=2))
    pump(app)
    play_first_move(app)
    assert app.running and any(m.startswith("Can't save: no permission") for m in texts(app))


def test_save_as_puts_the_game_in_a_folder_the_player_names(tmp_path, monkeypatch):
    app = title_app()
    match = scurry_match(moves=4)
    start_match(app, match)
    pump(app)
    click_button(app, "Menu")
    click_button(app, "Save as…")
    assert isinstance(app.scene, SaveAsScene)
    screenshot(app, "save-as")
    elsewhere = tmp_path / "usb stick"
    elsewhere.mkdir()
    type_into(app, app.scene.entry, str(elsewhere / "our game"))
    with monkeypatch.context() as patch:
        refuse_writes(patch, errno.EROFS)
        click_button(app, "Save here")
        assert isinstance(app.scene, SaveAsScene) and "read-only" in app.scene.message
    click_button(app, "Save here")
    assert isinstance(app.scene, MenuScene)
    saved = json.loads((elsewhere / "our game.json").read_text())
    assert saved["moves"] == match.notations
    # the same name again: a second click replaces it, the first only asks
    board = app.scene.board
    board.controller.play(board.match.state.legal_moves()[0])
    click_button(app, "Save as…")
    type_into(app, app.scene.entry, str(elsewhere / "our game.json"))
    click_button(app, "Save here")
    assert isinstance(app.scene, SaveAsScene) and "again to replace" in app.scene.message
    assert json.loads((elsewhere / "our game.json").read_text())["moves"] == match.notations[:4]
    click_button(app, "Save here")
    assert json.loads((elsewhere / "our game.json").read_text())["moves"] == board.match.notations


def test_settings_that_cannot_be_written_are_a_message(monkeypatch):
    app = title_app()
    click_button(app, "Settings")
    refuse_writes(monkeypatch, errno.ENOSPC)
    click_button(app, "Off")  # fullscreen on: saved at once
    assert app.running and any(m.startswith("Settings could not be saved (disk full)") for m in texts(app))


@pytest.mark.parametrize("text", ["[]", "null", "42", '{"format": 1}', '{"format": 1, "game": "chess"}',
                                  "[" * 1000 + "]" * 1000])
def test_an_autosave_that_is_not_a_game_is_set_aside_with_a_message(text):
    path = in_progress_path("scurry-x")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    app = title_app()
    assert not any(t.startswith("Continue") for t in app.scene.button_rects())
    [message] = [m for m in texts(app) if "scurry-x.json could not be read" in m]
    assert "Error" not in message and "line 1" not in message
    [aside] = path.parent.glob("scurry-x.json.damaged-*")
    assert aside.read_text() == text


def test_nested_json_in_the_saves_folder_does_not_stop_the_saved_games_screen():
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "deep.json").write_text("[" * 1000 + "]" * 1000)
    (folder / "big.json").write_bytes(b" " * (storage.MAX_SAVE_BYTES + 10))
    app = title_app()
    click_button(app, "Saved games")
    rows = sorted(r["text"] for r in app.scene.listing.item_list)
    assert rows == ["big (unreadable)", "deep (unreadable)"]
    for _ in rows:  # loading each: refused with a message, the file set aside, the list shorter
        click(app, app.scene.listing.item_list[0]["button_element"].rect.center)
        click_button(app, "Load")
        assert isinstance(app.scene, SavesScene)
    assert [r["text"] for r in app.scene.listing.item_list] == ["(no saved games yet)"]
    assert len([m for m in texts(app) if "could not be read" in m]) == 2


def test_a_huge_name_in_a_save_does_not_freeze_the_title():
    match = scurry_match(moves=2)
    match.seats[0].name = "Bartholomew" * 2000  # 22,000 letters
    autosave(match)
    start = time.process_time()  # processor time: a busy machine's wall clock counts the other processes
    app = title_app()
    for _ in range(5):
        app.dirty = True
        app.step()
    assert time.process_time() - start < 5
    [entry] = app.scene.in_progress
    assert len(entry.summary) < 100
    click_button(app, next(t for t in app.scene.button_rects() if t.startswith("Continue")))
    assert len(app.scene.match.seats[0].name) <= NAME_MAX


def test_remembered_names_of_the_wrong_type_do_not_break_the_new_game_screen():
    storage.write_json_atomic(storage.settings_path(), {"player_names": 5})
    app = title_app()
    assert any("settings.json could not be read" in m for m in texts(app))
    click(app, app.scene.cards["scurry"].center)
    assert isinstance(app.scene, SetupScene)


def test_the_title_fits_three_games_in_progress_in_a_small_window():
    for seed in range(4):
        autosave(scurry_match(seed=seed, moves=1))
    app = title_app((960, 640))
    scene = app.scene
    assert len(scene.progress_rows) == 3
    window = pygame.Rect((0, 0), (960, 640))
    learn = list(scene.learn_buttons.values())  # each on its own card's picture
    assert all(scene.cards[game_id].contains(b.rect) for game_id, b in scene.learn_buttons.items())
    boxes = list(scene.cards.values()) + [b.rect.copy() for b in scene.actions if b not in learn]
    for i, box in enumerate(boxes):
        assert window.contains(box), box
        assert box.collidelist(boxes[i + 1:]) == -1, f"{box} overlaps"
    screenshot(app, "title-in-progress-960")


def test_the_title_leads_to_every_game_in_progress_and_keeps_notices_off_its_heading(monkeypatch):
    from game.ui import look

    matches = [scurry_match(seed=seed, names=("Ann", f"Bob{seed}")) for seed in range(5)]
    for match in matches:
        autosave(match)
    app = title_app()
    assert len(app.scene.progress_rows) == 3
    app.notify("Click “Yes, delete” to delete this game in progress for good.")  # any notice
    drawn = []
    text = look.text

    def record(surface, message, *args, **kwargs):
        box = text(surface, message, *args, **kwargs)
        drawn.append((message, box))
        return box

    with monkeypatch.context() as patch:
        patch.setattr(look, "text", record)
        app.dirty = True
        app.step()
    heading = next(box for words, box in drawn if words == "Game Shelf")
    notice = next(box for words, box in drawn if words.startswith("Click “Yes, delete”"))
    assert notice.inflate(28, 14).top > heading.bottom, "the notice covers the title"
    screenshot(app, "title-five-games-in-progress")
    click_button(app, "All 5 games in progress…")
    assert isinstance(app.scene, SavesScene)
    assert {path for path in app.scene.in_progress} == {in_progress_path(m.save_id) for m in matches}


def test_a_small_title_keeps_how_far_and_when_and_the_games_name_on_continue():
    spec = shelf.GAMES["scrubbudgetel"]
    four = Match(spec, [Seat(name, i) for i, name in enumerate(("Player 1", "Computer 2", "Computer 3", "Player 4"))], 3)
    four.play(four.state.legal_moves()[0])
    autosave(four)
    app = make_app((960, 640))
    app.push(TitleScene(app))
    pump(app)
    (_entry, text, _resume, _delete), = app.scene.progress_rows
    assert text == "Scrubbudgetel — 4 players · 1 move · " + text.rsplit(" · ", 1)[1] and "today" in text
    assert "Continue: Scrubbudgetel" in app.scene.button_rects()  # whole, not "Continue: Scrubbud…"
    screenshot(app, "title-small-window-four-players")


def test_saved_games_rows_fit_the_list_and_keep_how_far_and_when():
    spec = shelf.GAMES["skurdir"]
    five = Match(spec, [Seat(name, i) for i, name in enumerate(
        ("Player 1", "Computer 2", "Computer 3", "Computer 4", "Player 5"))], 3)
    five.play(five.state.legal_moves()[0])
    autosave(five)
    save_match(five, storage.saves_dir() / "five.json")
    app = make_app((960, 640))
    app.push(TitleScene(app))
    pump(app)
    click_button(app, "Saved games")
    rows = list(app.scene.entries)
    assert [row.split(" — ")[:2] for row in rows] == [["In progress: Skurðir", "5 players"], ["Skurðir", "5 players"]]
    assert all(row.endswith(("today " + row[-5:])) for row in rows)  # how far and when, whole
    assert all(look.font(15).size(row)[0] <= app.scene.listing.rect.w - 40 for row in rows)
    screenshot(app, "saved-games-small-window")

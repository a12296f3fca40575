"""App-level behaviour through the real window: damaged files, resume, save and
load, settings, and the pass-and-play hand-off for hidden information."""
from __future__ import annotations

import copy
import dataclasses
import json
import os

import pygame
import pytest

from game import storage
from game import shelf
from game.engine.match import Match, Seat
from game.saves import in_progress_path, save_match
from keeping import autosave
from game.ui.board import BoardScene
from game.ui.damaged import GoOnScene
from game.ui.menus import HandOffScene, SavesScene
from game.ui.scene import start_match
from game.ui.settings import SettingsScene
from game.ui.title import TitleScene
from toy_games import CARDS
from uikit import choose, click, click_button, click_target, make_app, pump, screenshot


@pytest.fixture(autouse=True)
def clean_home():
    """Each test starts with no settings and no saves."""
    import shutil

    for folder in (storage.config_dir(), storage.saves_dir()):
        shutil.rmtree(folder, ignore_errors=True)
    yield


def scurry_match(seed=5, moves=6):
    spec = shelf.GAMES["scurry"]
    match = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], seed, {"random_setup": True})
    for _ in range(moves):
        match.play(match.state.legal_moves()[0])
    return match


def test_damaged_settings_are_set_aside_and_the_app_goes_on():
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json", encoding="utf-8")
    app = make_app()
    assert app.toasts and "settings.json could not be read" in app.toasts[0][0]
    assert not path.exists()
    assert list(path.parent.glob("settings.json.damaged-*"))
    assert app.settings["animation_speed"] == "normal"
    app.push(TitleScene(app))
    screenshot(app, "damaged-settings-notice")
    app.save_settings()
    assert json.loads(path.read_text())["animation_speed"] == "normal"


def test_settings_screen_changes_are_kept():
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    click_button(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    choose(app, app.scene.speed_menu, "Slow")
    choose(app, app.scene.size_menu, "1024x700")
    assert app.size == (1024, 700)
    screenshot(app, "settings-screen")
    saved = json.loads(storage.settings_path().read_text())
    assert saved["animation_speed"] == "slow" and saved["window_size"] == [1024, 700]
    choose(app, app.scene.size_menu, "960x640")  # the smallest size the screens are laid out for is offered too
    assert app.size == (960, 640)


def test_continue_the_autosaved_game_from_the_title():
    match = scurry_match()
    autosave(match)
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    screenshot(app, "title-with-resume")
    resume = [t for t in app.scene.button_rects() if t.startswith("Continue")]
    assert resume == ["Continue: Scurry — Ann vs Bob"]
    click_button(app, resume[0])
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.match.notations == match.notations and board.match.save_id == match.save_id
    assert json.dumps(board.match.state.to_json()) == json.dumps(match.state.to_json())
    # every move after this is saved again at once, in the same file
    board.controller.play(board.match.state.legal_moves()[0])
    app.autosaves.flush()  # written by the app's autosave thread
    saved = json.loads(in_progress_path(match.save_id).read_text())
    assert saved["moves"] == board.match.notations
    assert len(list(storage.in_progress_dir().glob("*.json"))) == 1


def test_continue_names_as_much_of_its_game_as_fits_and_the_game_it_opens():
    spec = shelf.GAMES["skurdir"]
    long_names = Match(spec, [Seat("Computer 1", 0, "computer"), Seat("Computer 2", 1, "computer"),
                              Seat("Annabelle", 2)], 3)
    autosave(long_names)
    app = make_app((1280, 800))
    app.push(TitleScene(app))
    pump(app)
    # every name does not fit: the players counted, not cut short
    assert [t for t in app.scene.button_rects() if t.startswith("Continue")] == ["Continue: Skurðir — 3 players"]
    newer = scurry_match()
    autosave(newer)
    app.set_window_size((960, 640))
    title = app.scene
    title.look_again()
    title.in_progress[0] = dataclasses.replace(title.in_progress[0], elsewhere=True)  # Scurry, played elsewhere
    title.rebuild()
    # in a small window Continue names only the game: the one it opens, not the one open elsewhere
    assert [t for t in title.button_rects() if t.startswith("Continue")] == ["Continue: Skurðir"]
    click_button(app, "Continue: Skurðir")
    assert app.scene.match.save_id == long_names.save_id


def test_back_on_the_title_it_shows_what_changed_meanwhile_and_only_then_is_laid_out_again():
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    title = app.scene
    buttons = set(title.button_rects())
    click_button(app, "Settings")
    click_button(app, "Back")
    assert app.scene is title and set(title.button_rects()) == buttons
    kept = title.manager.get_sprite_group().sprites()
    click_button(app, "Settings")
    autosave(scurry_match())  # a game saved in the meantime (by another window, say)
    click_button(app, "Back")
    assert [t for t in title.button_rects() if t.startswith("Continue")] == ["Continue: Scurry — Ann vs Bob"]
    click_button(app, "Settings")
    click_button(app, "Back")  # nothing changed this time: the same buttons, not made again
    assert title.manager.get_sprite_group().sprites() != kept
    again = title.manager.get_sprite_group().sprites()
    click_button(app, "Settings")
    click_button(app, "Back")
    assert title.manager.get_sprite_group().sprites() == again


def test_damaged_autosave_is_set_aside_with_a_message():
    path = storage.in_progress_dir() / "scurry-1.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "scurry", "moves": [', encoding="utf-8")
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    assert not any(t.startswith("Continue") for t in app.scene.button_rects())
    assert any("scurry-1.json could not be read" in m for m, _ in app.toasts)
    assert not path.exists() and list(path.parent.glob("scurry-1.json.damaged-*"))


@pytest.mark.slow
def test_save_from_the_menu_and_load_it_again():
    app = make_app()
    app.push(TitleScene(app))
    match = scurry_match(seed=9, moves=8)
    start_match(app, match)
    pump(app)
    click_button(app, "Menu")
    click_button(app, "Save game")
    files = list(storage.saves_dir().glob("scurry-*.json"))
    assert len(files) == 1
    click_button(app, "Quit to title")
    click_button(app, "Saved games")
    assert isinstance(app.scene, SavesScene)
    screenshot(app, "saved-games")
    in_progress, item = app.scene.listing.item_list
    names = " vs ".join(seat.name for seat in match.seats)
    assert in_progress["text"].startswith(f"In progress: Scurry — {names} — {len(match.notations)} moves — ")
    assert item["text"].startswith(f"Scurry — {names} — {len(match.notations)} moves — ")
    click(app, item["button_element"].rect.center)
    click_button(app, "Load")
    board = app.scene
    assert isinstance(board, BoardScene) and board.match.notations == match.notations


def test_deleting_a_save_takes_a_second_click():
    match = scurry_match(seed=3, moves=4)
    keep, drop = storage.saves_dir() / "keep.json", storage.saves_dir() / "drop.json"
    save_match(match, keep)
    save_match(match, drop)
    os.utime(keep, (1_000_000_000, 1_000_000_000))  # older: listed second
    app = make_app()
    app.push(TitleScene(app))
    click_button(app, "Saved games")
    rows = app.scene.listing.item_list
    assert len(rows) == 2 and app.scene.entries[rows[0]["text"]] == drop
    click(app, rows[0]["button_element"].rect.center)
    click_button(app, "Delete")
    assert drop.exists(), "one click on Delete must not lose a game"
    assert any("Yes, delete" in m for m, _ in app.toasts)
    click_button(app, "Yes, delete")
    assert not drop.exists() and keep.exists()
    assert [app.scene.entries[row["text"]] for row in app.scene.listing.item_list] == [keep]


def test_a_save_with_an_impossible_move_is_refused_with_its_reason():
    match = scurry_match()
    path = storage.saves_dir() / "broken.json"
    save_match(match, path)
    data = json.loads(path.read_text())
    data["moves"].append("m zz99")
    path.write_text(json.dumps(data))
    app = make_app()
    app.push(TitleScene(app))
    click_button(app, "Saved games")
    click(app, app.scene.listing.item_list[0]["button_element"].rect.center)
    click_button(app, "Load")
    offer = app.scene  # the good moves before it are offered (test_a_game_in_progress_with_one_bad_move...)
    assert isinstance(offer, GoOnScene) and "zz99" in offer.message
    click_button(app, "Leave it set aside")
    assert isinstance(app.scene, SavesScene)
    assert not path.exists() and list(path.parent.glob("broken.json.damaged-*"))


def test_a_game_in_progress_with_one_bad_move_goes_on_from_the_last_good_one():
    """40 legal moves and one that cannot be played: the file is set aside whole,
    and the player may go on from move 40 as the same game in progress."""
    match = scurry_match(seed=4, moves=40)
    data = match.to_save()
    data["moves"].append("m zz99")
    path = in_progress_path("scurry-20260101-120000-abcdef")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    [(entry, _text, resume_button, _delete)] = app.scene.progress_rows
    assert entry.path == path and entry.moves == 41
    click(app, resume_button.rect.center)
    offer = app.scene
    assert isinstance(offer, GoOnScene)
    assert "Move 41 (m zz99) cannot be played" in offer.message and "moved to" in offer.message
    [aside] = path.parent.glob(path.name + ".damaged-*")
    assert json.loads(aside.read_text(encoding="utf-8")) == data  # the whole file, as it was
    screenshot(app, "go-on-from-the-last-good-move")
    click_button(app, "Go on from move 40")
    board = app.scene
    assert isinstance(board, BoardScene) and board.match.notations == match.notations
    assert board.match.save_id == path.stem
    app.autosaves.flush()
    assert json.loads(path.read_text(encoding="utf-8"))["moves"] == match.notations  # in progress again
    pygame.quit()


# ---- pass-and-play with hidden hands: the toy card game -----------------
class CardsScene(BoardScene):
    """A bare scene for the toy card game: the hand as boxes, roll and end as buttons."""

    BUTTONS = {"roll": "Roll the die", "end": "End turn"}

    def layout(self, rect):
        self.slots = {v: pygame.Rect(rect.x + 40 + 90 * (v - 1), rect.bottom - 160, 80, 120) for v in range(1, 7)}

    def target_at(self, pos):
        return next((("hand", v) for v, r in self.slots.items() if r.collidepoint(pos)), None)

    def target_rect(self, target):
        return self.slots[target[1]]

    def draw_board(self, surface, view, highlights):
        for v in view["hand"]:
            pygame.draw.rect(surface, (240, 240, 230), self.slots[v], border_radius=8)


def test_hand_off_screen_guards_each_hand_in_pass_and_play():
    app = make_app()
    app.push(TitleScene(app))
    match = Match(CARDS, [Seat("Ann", 0), Seat("Bob", 1)], 3)
    app.push(CardsScene(app, match))
    pump(app)
    assert isinstance(app.scene, HandOffScene) and app.scene.name == "Ann"
    screenshot(app, "hand-off")
    click_button(app, "I am Ann: show my view")
    board = app.scene
    assert isinstance(board, CardsScene) and board.viewer == 0
    card = board.view()["hand"][0]
    click_target(app, ("hand", card))
    assert str(match.state.history[-1]) == f"p{card}"
    click_button(app, "End turn")
    pump(app)
    assert app.scene is board, "the turn is not over until Ann confirms it: a mis-click can still be changed"
    assert match.state.to_move == 0
    click_button(app, "Confirm: pass to Bob")
    pump(app)
    assert isinstance(app.scene, HandOffScene) and app.scene.name == "Bob"
    assert board.viewer == 0, "Bob's hand must not be drawn before Bob confirms"
    click_button(app, "I am Bob: show my view")
    assert app.scene is board and board.viewer == 1
    assert board.view()["hand"] == match.state.view(1)["hand"]


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
def test_title_screen_fits_five_games_in_any_window(monkeypatch, size):
    scurry = shelf.GAMES["scurry"]
    games = {"scurry": scurry}
    for game_id, title in [("a", "Skurðir"), ("b", "Skyline Express Roll & Write"), ("c", "Scrubbudgetel"),
                           ("d", "SkyRunner")]:
        stand_in = copy.copy(scurry)
        stand_in.id, stand_in.title = game_id, title
        games[game_id] = stand_in
    monkeypatch.setattr(shelf, "GAMES", games)
    app = make_app(size)
    app.push(TitleScene(app))
    pump(app)
    scene = app.scene
    window = pygame.Rect((0, 0), size)
    cards = list(scene.cards.values())
    learn = {game_id: button.rect.copy() for game_id, button in scene.learn_buttons.items()}
    assert list(learn) == ["scurry"], "only a game with a lesson offers one"
    assert scene.cards["scurry"].contains(learn["scurry"]), "Learn to play sits on its card"
    buttons = [button.rect.copy() for button in scene.actions if button not in scene.learn_buttons.values()]
    assert len(cards) == 5 and len(buttons) == 5 * 2 + 5  # Saved games, History, Statistics, Settings, Quit
    boxes = cards + buttons
    for i, box in enumerate(boxes):
        assert window.contains(box), f"{box} is outside the {size} window"
        assert box.collidelist(boxes[i + 1:]) == -1, f"{box} overlaps another card or button"
    screenshot(app, f"title-five-games-{size[0]}")
    pygame.quit()


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
def test_the_title_cards_grow_into_a_big_window_and_stand_mid_way(size):
    """A big window shows the games' pictures bigger (up to the art's own 480 px); the
    rows of cards stand as far from the heading as from the games in progress under them."""
    app = make_app(size)
    app.push(TitleScene(app))
    scene = app.scene
    cards = list(scene.cards.values())
    if size == (1920, 1080):
        assert all(card.w > 400 for card in cards), [card.w for card in cards]
    above = min(card.top for card in cards) - scene.TOP
    below = (size[1] - scene.bottom) - (max(card.bottom for card in cards) + scene.BELOW_CARD + 8)
    assert above >= 0 and below >= 0 and abs(above - below) <= 1, (above, below)
    if size == (960, 640):
        assert above > 50, "the room left by one row of small cards is shared, not all left below it"
    pygame.quit()


def test_every_title_card_caption_fits_without_cutting():
    """At the default window size every game's title and blurb show whole."""
    from game import shelf
    from game.ui.title import TitleScene

    app = make_app()
    app.push(TitleScene(app))
    title = app.scene
    for game_id, (text, _size, _players, blurb) in title.card_text.items():
        spec = shelf.GAMES[game_id]
        assert text == spec.title
        assert blurb and " ".join(blurb) == spec.blurb, (game_id, blurb)
    pygame.quit()


@pytest.mark.parametrize("game_id", sorted(shelf.GAMES))
def test_the_new_game_screen_offers_a_colour_only_where_it_means_something(game_id):
    from uikit import open_setup

    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    spec = shelf.GAMES[game_id]
    setup = open_setup(app, game_id)
    offered = [colour is not None for _i, _n, colour, _k in setup.seat_rows]
    # fixed sides (Scurry, Scrubbudgetel) and colours chosen in play (Skurðir) leave nothing to pick
    assert offered == [not (spec.seat_labels or spec.colours_chosen_in_play)] * len(offered)
    assert game_id != "skurdir" or not any(offered)
    pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize("blocked", ["", "data", "config"], ids=["home", "data", "config"])
def test_a_file_where_a_folder_should_be_is_named_once(tmp_path, monkeypatch, blocked):
    """A file stands where the app's folder should be: one message names the folder
    that can't be made; no file is blamed (settings.json, lessons.json) and no
    "the disk refused the write"; a game's failed save names the folder too."""
    home = tmp_path / "home"
    (home.parent if not blocked else home).mkdir(parents=True, exist_ok=True)
    in_the_way = home / blocked if blocked else home
    in_the_way.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("GAME_SHELF_HOME", str(home))
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    app.scene.rebuild()  # the title built again (back from a screen) says nothing new
    pump(app)
    said = [m for m, _ in app.toasts]
    assert len(said) == 1, said
    assert f"the folder {in_the_way} can't be made: a file of that name is in its way" in said[0]
    for blame in ("settings.json", "lessons.json", "disk refused", "Errno"):
        assert blame not in said[0]
    app.toasts.clear()
    start_match(app, scurry_match())
    pump(app)
    said = [m for m, _ in app.toasts]
    if blocked == "config":
        assert said == [], "games are kept in the data folder, which is fine"
    else:
        assert len(said) == 1 and f"Can't save: the folder {in_the_way} can't be made" in said[0], said
    pygame.quit()


def test_the_theme_gives_each_element_the_ids_pygame_gui_would():
    """The app's theme keeps the ids an element is themed by under the ids themselves
    (pygame-gui's own key is slow to build): same answers as pygame-gui, worked out once."""
    from pygame_gui.core import UIAppearanceTheme

    app = make_app()
    app.push(TitleScene(app))
    theme = app.scene.manager.get_theme()
    elements = app.scene.manager.get_sprite_group().sprites()
    assert len(elements) > 10
    for element in elements:
        ids = (element.element_base_ids, element.element_ids, element.class_ids, element.object_ids)
        assert theme.build_all_combined_ids(*ids) == UIAppearanceTheme.build_all_combined_ids(theme, *ids)
        assert element.combined_element_ids == UIAppearanceTheme.build_all_combined_ids(theme, *ids)
    worked_out = []
    real = UIAppearanceTheme.build_all_combined_ids
    UIAppearanceTheme.build_all_combined_ids = lambda *a: worked_out.append(a) or real(*a)
    try:
        first = theme.build_all_combined_ids(["x"], ["button"], [None], ["#new_id"])
        again = theme.build_all_combined_ids(["x"], ["button"], [None], ["#new_id"])
    finally:
        UIAppearanceTheme.build_all_combined_ids = real
    assert first == again and len(worked_out) == 1

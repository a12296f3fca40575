"""The new-game screen remembers each game's players, seats and options; options
that do not apply to the chosen player count are hidden."""
from __future__ import annotations

import json
import pygame
import pytest

from game import cli, storage
from game import shelf
from game.engine.core import GameSpec, Option
from game.ui import setup_memory
from game.ui.title import TitleScene
from tests.uikit import (choose, click, click_button, key, make_app, open_setup, option_menu, pump, screenshot,
                         seat_kind_menu)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def title():
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    return app


def type_name(app, entry, text: str) -> None:
    click(app, entry.rect.center)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pump(app)


@pytest.mark.slow
def test_the_new_game_screen_opens_as_it_was_last_started():
    app = title()
    setup = open_setup(app, "skurdir")
    choose(app, setup.count_menu, "3")
    setup = app.scene
    name = next(n for i, n, _c, _k in setup.seat_rows if i == 0)
    type_name(app, name, "Ann")
    choose(app, seat_kind_menu(setup, 1), "Computer: hard")
    choose(app, seat_kind_menu(setup, 2), "Human")
    table = setup.option_menus[option_menu(setup, "table")]
    choose(app, option_menu(setup, "table"), table.label_of(table.choices[-1]))
    wanted_table = setup.options["table"]
    click_button(app, "Start")
    saved = json.loads(storage.settings_path().read_text())["new_game"]["skurdir"]
    assert saved["players"] == 3 and saved["options"]["table"] == wanted_table

    again = title()  # a new run of the app
    setup = open_setup(again, "skurdir")
    assert setup.players == 3
    assert [(s.name, s.kind, s.level) for s in setup.seats[:2]] == [("Ann", "human", "normal"),
                                                                   (setup.seats[1].name, "computer", "hard")]
    assert setup.seats[2].kind == "human"
    assert setup.options["table"] == wanted_table
    screenshot(again, "setup-remembered")
    # another game is not touched by it
    click_button(again, "Back")
    other = open_setup(again, "scurry")
    assert other.players == 2 and other.seats[1].kind == "computer"


def test_damaged_memory_parts_are_left_out():
    spec = shelf.GAMES["skurdir"]
    settings = {"new_game": {"skurdir": {"players": 9, "seats": [{"name": "Ann", "colour": 0, "kind": "human",
                                                                     "level": "normal"}, {"name": 3}],
                                         "options": {"table": "nonsense", "crossing": False, "gone": 1}}}}
    players, seats, options = setup_memory.recall(settings, spec)
    assert players is None and [s.name for s in seats] == ["Ann"] and options == {"crossing": False}


def test_a_damaged_settings_file_is_set_aside_with_a_message():
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"new_game": ["not", "a", "dict"]}), encoding="utf-8")
    app = title()
    assert any("new-game" in m for m, _ in app.toasts)
    assert app.settings["new_game"] == {} and list(path.parent.glob("settings.json.damaged-*"))
    setup = open_setup(app, "scurry")  # and the screen opens with its defaults
    assert setup.players == 2


class TwoOrMore(GameSpec):
    id, title, min_players, max_players = "toy", "Toy", 1, 3
    options = (Option("duel", "Duel rule", (True, False), players=(2, 2)),
               Option("board", "Board", ("small", "big")))


def test_options_for_a_player_count():
    spec = TwoOrMore()
    assert [o.key for o in spec.options_for(1)] == ["board"]
    assert [o.key for o in spec.options_for(2)] == ["duel", "board"]
    assert [o.key for o in spec.options_for(3)] == ["board"]


def test_the_screen_shows_only_the_options_for_its_player_count():
    """Skyline's two-player dice mean nothing with one player or three: not shown then."""
    app = title()
    setup = open_setup(app, "skyline_express")
    shown = lambda: {o.key for o in app.scene.option_menus.values()}  # noqa: E731
    choose(app, setup.count_menu, "1")
    assert "two_player" not in shown() and {"across", "automaton_six"} <= shown()
    screenshot(app, "setup-one-player-options")
    choose(app, app.scene.count_menu, "2")
    assert "two_player" in shown() and "automaton_six" not in shown()  # the automaton plays only in solo
    choose(app, app.scene.count_menu, "3")
    assert "two_player" not in shown()
    # the command line says so too
    with pytest.raises(SystemExit):
        cli.parse(["--game", "skyline_express", "--players", "1", "--option", "two_player=standard"])
    launch = cli.parse(["--game", "skyline_express", "--players", "2", "--option", "two_player=standard"])
    assert launch.match.options["two_player"] == "standard"

"""The board screen is made of parts with narrow doors (issue 53): each part is handed named
collaborators (the controller, the match, callbacks), never the BoardScene; the board calls
its mode only at the points of board_modes.PROTOCOL; BoardScene itself stays small.
Read from the source (AST) and from real boards: a played game, a watched one, a replay,
a lesson step."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.replay import Replay
from game.ui.board import BoardScene
from game.ui.board_hints import BoardHints
from game.ui.board_keys import BoardKeys
from game.ui.board_modes import PROTOCOL, PlayMode
from game.ui.hand_off import HandOff
from game.ui.replay_screen import replay_scene
from game.ui.scene import start_match
from game.ui.side_panel import SidePanel
from game.ui.typed_move import MoveTyping
from game.ui.watch import WatchControls

from tests.uikit import make_app, pump

UI = Path(__file__).resolve().parent.parent / "game" / "ui"
PARTS = {"panel": SidePanel, "keys": BoardKeys, "hand_off": HandOff, "hints": BoardHints, "watch": WatchControls,
         "typing_move": MoveTyping}
PART_FILES = ("side_panel.py", "board_keys.py", "hand_off.py", "board_hints.py", "watch.py", "typed_move.py")
MOST_DEFS = 30


@pytest.mark.parametrize("part", PARTS.values(), ids=PARTS)
def test_no_part_is_handed_the_board_screen(part):
    """Its constructor names what it needs; none of its parameters is the screen."""
    params = inspect.signature(part.__init__).parameters
    wrong = [name for name, param in params.items()
             if name in ("board", "scene", "screen") or "BoardScene" in str(param.annotation)]
    assert not wrong, f"{part.__name__}({', '.join(params)})"
    source = (UI / inspect.getfile(part).rpartition("/")[2]).read_text(encoding="utf-8")
    assert ".board." not in source.replace("self.board_area", "")  # and it reaches into none


def boards():
    """A game played by people, a game only computers play (its Watch row), a replay, a lesson step."""
    app = make_app((1280, 800))
    spec = shelf.GAMES["skyrunner"]
    people = Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 3)
    start_match(app, people)
    yield app, app.scene
    computers = Match(spec, [Seat("C1", 0, "computer", "easy"), Seat("C2", 1, "computer", "easy")], 4)
    start_match(app, computers)
    yield app, app.scene
    played = Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 5)
    for _ in range(6):
        played.play(played.state.legal_moves()[0])
    app.push(replay_scene(app, Replay.of_match(played)))
    yield app, app.scene
    app.show("lesson", "skurdir", 0)
    yield app, app.scene


def test_no_part_holds_the_board_screen():
    seen = set()
    try:
        for app, board in boards():
            pump(app)
            assert isinstance(board, BoardScene)
            for name, part_class in PARTS.items():
                part = getattr(board, name)
                if part is None:
                    continue  # no Watch row but where only computers play
                assert isinstance(part, part_class)
                seen.add(name)
                held = [attr for attr, value in vars(part).items() if isinstance(value, BoardScene)]
                assert not held, f"{part_class.__name__}.{held}"
    finally:
        pygame.quit()
    assert seen == set(PARTS)


def mode_points(path: Path) -> set[str]:
    """Every `<something>.mode.<name>` and `mode.<name>` read in the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute):
            owner = node.value
            if (isinstance(owner, ast.Attribute) and owner.attr == "mode") or (
                    isinstance(owner, ast.Name) and owner.id == "mode"):
                found.add(node.attr)
    return found


def test_the_board_calls_its_mode_only_at_the_points_of_the_protocol():
    assert len(PROTOCOL) <= 9
    assert all(callable(getattr(PlayMode, point)) for point in PROTOCOL)
    asked = mode_points(UI / "board.py")
    assert {"attach", "on_event", "draw"} <= asked  # (the reading works)
    assert sorted(asked - set(PROTOCOL)) == []
    parts = {name: mode_points(UI / name) for name in PART_FILES}
    assert not {name: points for name, points in parts.items() if points}  # the parts never ask it


def board_scene_defs() -> list[str]:
    tree = ast.parse((UI / "board.py").read_text(encoding="utf-8"))
    scene = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "BoardScene")
    return [n.name for n in scene.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_the_board_scene_is_small_and_its_keys_are_a_part_of_their_own():
    defs = board_scene_defs()
    assert len(defs) <= MOST_DEFS, defs
    keys = {"keyed_place", "keys_help", "log_stops", "say_why_not", "number_target", "focus_stops"}
    assert not keys & set(defs)
    assert {"help", "drawn_stops", "focus_start", "on_key", "typed"} <= set(vars(BoardKeys))

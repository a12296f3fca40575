"""The layers of the game package point one way, read from the source (AST).

    game.engine, each game's rules / words / aid / ai /    pure Python: no pygame, no files
      pictures / lesson / geometry.py
    game.shelf (the games on offer)                       pure too; the engine and rules never ask it
    game.storage, game.records, game.stats, game.saves,    files
      game.keeper, game.lessons
    game.ui, each game's board_screen.py / art.py, game.art  drawing and clicks
    game.app, game.cli, game.bench, game.desktop,          the window, the command line, the benchmarks,
      game.bundle                                          the applications menu, the bundled app

each importing only from the layers above it.

Every import counts, those inside functions too: an import put off until a
function runs is still an arrow between the layers. So does a module loaded by
its name at run time (the shelf's game parts, game/ui/boards.py's scenes and
art): those arrows are added from what the loaders say they load, and a
subprocess checks what importing the engine and the shelf really pulls in."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from game import shelf
from game.ui import boards

GAME = Path(__file__).resolve().parent.parent / "game"

UPPER = ("game.app", "game.cli", "game.bench", "game.__main__", "game.desktop", "game.bundle")
FILES = ("game.storage", "game.records", "game.stats", "game.saves", "game.autosaver", "game.keeper", "game.lessons")
DRAWING = ("pygame", "pygame_gui", "game.ui", "game.art")


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the game package: name -> (file, is a package)."""
    found = {}
    for path in sorted(GAME.rglob("*.py")):
        parts = path.relative_to(GAME.parent).with_suffix("").parts
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


MODULES = modules()


def imports_of(name: str) -> set[str]:
    """What `name` imports, anywhere in the file: a module of ours where the
    import names one (`from . import look` -> game.ui.look), else the package
    or the outside module's full name."""
    path, package = MODULES[name]
    here = name if package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in MODULES else base)
    found.discard(name)
    return found


IMPORTS = {name: imports_of(name) for name in MODULES}  # the import statements


def calls_by_name(name: str) -> set[str]:
    """The loading functions `name` calls: importlib's, or the shelf's optional_module."""
    path, _ = MODULES[name]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if called in ("import_module", "optional_module", "__import__"):
                found.add(called)
    return found


# Who loads modules by name, and which parts of every game on the shelf
# (the bench's hidden --games option names a test's own games: it is the top layer).
LOADERS = {"game.shelf": shelf.PURE_PARTS, "game.ui.boards": boards.SCREEN_PARTS}


def loaded_by_name(loader: str) -> set[str]:
    return {f"{parts.package}.{part}" for parts in shelf.SHELF for part in LOADERS[loader]} & set(MODULES)


# Every arrow: the import statements and the loads by name.
GRAPH = {name: IMPORTS[name] | (loaded_by_name(name) if name in LOADERS else set()) for name in MODULES}


def within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def game_part(name: str, *parts: str) -> bool:
    """game.games.<id>.<part> for one of `parts`."""
    bits = name.split(".")
    return len(bits) == 4 and bits[:2] == ["game", "games"] and bits[3] in parts


# Only for the conformance kit outside the repository: it re-exports the shelf's games
# (the one arrow up from the engine; nothing in game/ may import it, checked below).
KIT_VIEW = "game.engine.registry"


# A game's pure modules that the shelf does not load by name: its board's geometry
# (rules, scene and art all ask it).
PURE_HELPERS = ("geometry",)


def engine_or_rules(name: str) -> bool:
    return (within(name, ("game.engine",)) and name != KIT_VIEW) or game_part(name, *shelf.PURE_PARTS, *PURE_HELPERS)


def pure(name: str) -> bool:
    return engine_or_rules(name) or name == "game.shelf"


def reached(start: str) -> set[str]:
    """Every module of ours `start` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for target in GRAPH.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other (strongly connected, more than one)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_is_read():
    assert len(MODULES) > 30
    assert "game.saves" in GRAPH["game.ui.scene"] and "game.engine.match" in GRAPH["game.saves"]
    assert "game.shelf" in GRAPH["game.cli"]  # an import inside a function counts
    assert {"game.games.scurry.rules", "game.games.scurry.ai"} <= GRAPH["game.shelf"]  # loaded by name
    assert {"game.games.scurry.board_screen", "game.games.scurry.art"} <= GRAPH["game.ui.boards"]
    assert "pygame" in GRAPH["game.ui.draw"]
    assert sum(pure(name) for name in MODULES) >= 15


def test_the_engine_and_the_rules_import_no_drawing_files_or_app():
    wrong = {name: sorted(t for t in GRAPH[name] if within(t, DRAWING + FILES + UPPER))
             for name in MODULES if pure(name)}
    assert not {k: v for k, v in wrong.items() if v}


def below_the_engine(name: str) -> bool:
    """Pure, a package's __init__ (game, game.games, a game's folder) or outside the game."""
    game_folder = name.startswith("game.games.") and name.count(".") == 2
    return pure(name) or game_folder or name in ("game", "game.games") or not within(name, ("game",))


def test_what_the_engine_and_the_shelf_reach_is_pure_too():
    """Nothing they reach, however far, and by name too, draws or touches a file."""
    wrong = {name: sorted(t for t in reached(name) if within(t, DRAWING + FILES + UPPER) or not below_the_engine(t))
             for name in MODULES if pure(name)}
    assert not {k: v for k, v in wrong.items() if v}


def test_the_engine_and_the_rules_never_look_the_games_up():
    """They are handed a spec, the games by id or a game's heuristics: no arrow
    from them reaches the shelf or another game's folder."""
    def wrong(name: str, target: str) -> bool:
        other_game = within(target, ("game.games",)) and target.split(".")[:3] != name.split(".")[:3]
        return target in ("game.shelf", KIT_VIEW) or other_game

    found = {name: sorted(t for t in reached(name) if wrong(name, t)) for name in MODULES if engine_or_rules(name)}
    assert not {k: v for k, v in found.items() if v}
    assert not [name for name in MODULES if KIT_VIEW in GRAPH[name]], "the kit's view is for the kit alone"


_WHAT_IMPORTS_PULL_IN = r"""
import importlib, json, pkgutil, sys
import game.engine
engine = [m.name for m in pkgutil.iter_modules(game.engine.__path__, "game.engine.") if m.name != sys.argv[1]]
for name in engine:
    importlib.import_module(name)
after_engine = sorted(sys.modules)
from game import shelf
for parts in shelf.SHELF:
    parts.spec, parts.words, parts.heuristics, parts.module("aid")
print(json.dumps({"engine": engine, "after_engine": after_engine, "after_shelf": sorted(sys.modules)}))
"""


def test_importing_the_engine_and_asking_the_shelf_pull_in_no_game_screen_or_file():
    """At run time, whatever loads what: every engine module imported, then every
    game's rules, words and heuristics asked of the shelf, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", _WHAT_IMPORTS_PULL_IN, KIT_VIEW], capture_output=True, text=True,
                          cwd=GAME.parent, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert "game.engine.match" in seen["engine"] and "game.engine.ai" in seen["engine"]
    never = DRAWING + FILES + UPPER
    assert [m for m in seen["after_engine"] if within(m, never + ("game.shelf", "game.games"))] == []
    assert "game.games.scurry.ai" in seen["after_shelf"]
    assert [m for m in seen["after_shelf"] if within(m, never) or game_part(m, "board_screen", "art", "icons")] == []


def test_the_screens_do_not_import_the_app_the_bench_or_the_command_line():
    screens = [name for name in MODULES
               if within(name, ("game.ui", "game.art")) or game_part(name, "board_screen", "art", "icons")]
    assert "game.ui.scene" in screens and "game.games.skurdir.board_screen" in screens
    wrong = {name: sorted(t for t in GRAPH[name] if within(t, UPPER)) for name in screens}
    assert not {k: v for k, v in wrong.items() if v}


def test_the_file_layer_draws_nothing():
    wrong = {name: sorted(t for t in GRAPH[name] if within(t, DRAWING + UPPER)) for name in FILES}
    assert not {k: v for k, v in wrong.items() if v}


def test_no_import_cycles():
    """Import statements only: a board loaded by name when a game opens (ui.scene ->
    ui.boards => a game's board_screen -> ui.scene) runs after every module is loaded, so it
    cannot make an import order fail; where it may point is checked above."""
    assert cycles(IMPORTS) == []


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_only_the_known_loaders_load_modules_by_name():
    """So the arrows added for them above are every arrow there is."""
    users = sorted(name for name in MODULES if "importlib" in IMPORTS[name] or calls_by_name(name))
    assert users == sorted([*LOADERS, "game.bench"])

"""The layers of the game package point one way, read from the source (AST).

    game.engine, each game's rules.py / words.py / ai.py   pure Python: no pygame, no files
    game.storage, game.records, game.saves, game.keeper    files
    game.ui, each game's scene.py / art.py, game.art       drawing and clicks
    game.app, game.cli, game.bench                         the window, the command line, the benchmarks

each importing only from the layers above it.

Every import counts, those inside functions too: an import put off until a
function runs is still an arrow between the layers."""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

UPPER = ("game.app", "game.cli", "game.bench", "game.__main__")
FILES = ("game.storage", "game.records", "game.saves", "game.autosaver", "game.keeper")
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


GRAPH = {name: imports_of(name) for name in MODULES}


def within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def game_part(name: str, *parts: str) -> bool:
    """game.games.<id>.<part> for one of `parts`."""
    bits = name.split(".")
    return len(bits) == 4 and bits[:2] == ["game", "games"] and bits[3] in parts


def pure(name: str) -> bool:
    return within(name, ("game.engine",)) or game_part(name, "rules", "words", "ai")


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
    assert {"game.games.scurry", "game.engine.parts"} <= GRAPH["game.engine.registry"]
    assert "game.engine.registry" in GRAPH["game.engine.ai"]  # an import inside a function counts
    assert "pygame" in GRAPH["game.ui.draw"]
    assert sum(pure(name) for name in MODULES) >= 15


def test_the_engine_and_the_rules_import_no_drawing_files_or_app():
    wrong = {name: sorted(t for t in GRAPH[name] if within(t, DRAWING + FILES + UPPER))
             for name in MODULES if pure(name)}
    assert not {k: v for k, v in wrong.items() if v}


def below_the_engine(name: str) -> bool:
    """Pure, a package's __init__ (game, game.games, a game's registration) or outside the game."""
    registration = name.startswith("game.games.") and name.count(".") == 2
    return pure(name) or registration or name in ("game", "game.games") or not within(name, ("game",))


def test_what_the_engine_reaches_is_pure_too():
    """The engine finds the games through the registry (their packages import only
    engine.parts): nothing it reaches, however far, draws or touches a file."""
    wrong = {name: sorted(t for t in reached(name) if within(t, DRAWING + FILES + UPPER) or not below_the_engine(t))
             for name in MODULES if pure(name)}
    assert not {k: v for k, v in wrong.items() if v}


def test_the_screens_do_not_import_the_app_the_bench_or_the_command_line():
    screens = [name for name in MODULES
               if within(name, ("game.ui", "game.art")) or game_part(name, "scene", "art", "icons")]
    assert "game.ui.scene" in screens and "game.games.skurdir.scene" in screens
    wrong = {name: sorted(t for t in GRAPH[name] if within(t, UPPER)) for name in screens}
    assert not {k: v for k, v in wrong.items() if v}


def test_the_file_layer_draws_nothing():
    wrong = {name: sorted(t for t in GRAPH[name] if within(t, DRAWING + UPPER)) for name in FILES}
    assert not {k: v for k, v in wrong.items() if v}


def test_no_import_cycles():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_game_parts_are_found_only_through_their_registration():
    """No module looks a game's part up by a module-name string: GameParts does,
    the registry lists them (the bench's hidden --games option names a test's
    own games)."""
    users = sorted(name for name in MODULES if "importlib" in GRAPH[name])
    assert users == ["game.bench", "game.engine.parts"]

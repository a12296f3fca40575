"""Run by tests/test_install.py with the python of a venv the wheel was installed into
(never imported by pytest): start the app headless, draw the title, one board frame
and the rules screen of every game, read the files named in argv[1] through
game.resources, and print what was found as one JSON line."""
import hashlib
import json
import sys
from pathlib import Path

import pygame

import game
from game import resources
from game.app import App
from game import lessons, shelf
from game.engine.match import Match, Seat
from game.ui import look, markdown
from game.ui.lesson import open_lesson
from game.ui.rules_screen import RulesScene
from game.ui.scene import start_match
from game.ui.title import TitleScene

files, shots = json.loads(sys.argv[1]), Path(sys.argv[2])
report = {"package": game.__file__, "root": str(resources.ROOT),
          "look": [str(look.FONT_DIR), str(look.SPRITE_DIR), str(resources.SEEDS_DIR)],
          "frames": {}, "files": {}}
app = App((1280, 800))
app.push(TitleScene(app))


def frame(name, keep=False):
    app.dirty = True
    app.step()
    if keep:  # the title and the boards are kept as screenshots (PNG is slow to squeeze; the rest only counted)
        pygame.image.save(app.screen, str(shots / f"{name}.png"))
    w, h = app.screen.get_size()
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, w, 8) for y in range(0, h, 8)}
    mode = getattr(app.scene, "mode", None)  # a board screen's mode: play, replay, lesson
    shown = type(app.scene).__name__ + (f"/{type(mode).__name__}" if mode is not None else "")
    report["frames"][name] = [shown, len(colours)]


frame("title", keep=True)
for game_id, spec in shelf.GAMES.items():
    seats = [Seat("Ann", 0)] + [Seat(f"Bot {i}", i, "computer") for i in range(1, spec.min_players)]
    start_match(app, Match(spec, seats, 1))
    frame(game_id, keep=True)
    app.push(RulesScene(app, spec))
    frame(f"{game_id}_rules")
    if lessons.has_lesson(game_id):  # a lesson is optional
        open_lesson(app, game_id, 0)
        frame(f"{game_id}_lesson")
for name in files:
    path = resources.ROOT / name
    data = path.read_bytes()
    if path.suffix == ".png":
        size = pygame.image.load(str(path)).get_size()
    elif path.suffix == ".ttf":
        size = pygame.font.Font(str(path), 24).size("Skurðir")
    elif path.suffix == ".md":
        size = len(markdown.to_html(data.decode("utf-8")))
    else:
        size = len(data.decode("utf-8"))
    report["files"][name] = [hashlib.sha256(data).hexdigest(), size]
report["modules"] = sorted({m.__file__ for n, m in sys.modules.items()
                            if n.split(".")[0] == "game" and getattr(m, "__file__", None)})
pygame.quit()
print(json.dumps(report))

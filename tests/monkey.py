"""The monkey: random mouse clicks and motions, keys, wheel turns and window
resizes sent into the real app, seeded and reproducible.

It drives one game through every screen it can reach: the title (with its
games in progress), the new-game screen, the board, the in-game menu, Save as,
rules, settings, saved games, the hand-off cover and the results. Half its
clicks aim at something clickable (a button, a drop-down entry, a legal place
on the board), so it gets past the menus and plays whole games; the rest land
anywhere. Computer players think as usual, on a small budget of search
iterations (the screens are under test here, not the AI); the monkey waits for
their answer before its next event, so the same seed sends the same events and
reaches the same positions.

    GAME_SHELF_MONKEY_EVENTS=10000 python3 -m pytest tests/test_monkey.py -s
"""
from __future__ import annotations

import errno
import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field

import pygame

from game import storage
from game.saves import in_progress_path, read_in_progress
from game.ui.board import BoardScene
from game.ui.title import TitleScene
from uikit import make_app, think_quickly

KEYS = (pygame.K_ESCAPE, pygame.K_z, pygame.K_RETURN, pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_f, pygame.K_PLUS, pygame.K_MINUS,
        pygame.K_a, pygame.K_DELETE, pygame.K_HOME, pygame.K_END)
LETTERS = "abcdefghijklmnopqrstuvwxyz ÐðÞþ-_.'/~"
AI_ITERATIONS = 20
FRAME_S = 1 / 60  # App.run draws at most this often (clock.tick(60))
TECHNICAL = ("Errno", "Error", "Traceback", "line 1 column", "0x")  # never in a message to a person
GARBAGE = ("", "{", "[]", "null", '{"format": 1, "game": "chess"}', "[" * 2000 + "]" * 2000, "\udcff")
SIZES = ((640, 480), (960, 640), (1024, 700), (1280, 800), (1600, 1000), (1920, 1080), (2400, 1400))


def is_game(scene) -> bool:
    """A game being played (a replay is a board scene too, but nobody plays in it)."""
    return isinstance(scene, BoardScene) and not scene.mode.replaying


@dataclass
class Counts:
    events: int = 0
    moves: int = 0  # moves played and taken back on the boards
    games_finished: int = 0
    scenes: Counter = field(default_factory=Counter)  # scene class -> events sent into it
    quits: int = 0  # the Quit button was hit (the monkey carries on)
    waited_s: float = 0.0  # for computer players and the results pause
    disk_full_events: int = 0  # events sent while every file write failed
    files_damaged: int = 0

    def line(self, game_id: str) -> str:
        return (f"monkey {game_id}: {self.events} events, {self.moves} moves played or undone, "
                f"{self.games_finished} games finished, {self.quits} quits, {self.waited_s:.1f} s waiting, "
                f"{self.disk_full_events} events on a full disk, {self.files_damaged} files damaged, "
                f"scenes visited: {', '.join(f'{k} {v}' for k, v in sorted(self.scenes.items()))}")


def sandbox(monkeypatch, folder) -> None:
    """Everything the monkey writes stays in `folder`: the app's files, and any
    path it types into Save as… (however absolute) lands under folder/typed/."""
    from pathlib import Path

    from game.ui.menus import SaveAsScene

    monkeypatch.setenv("GAME_SHELF_HOME", str(folder / "home"))
    monkeypatch.setenv("HOME", str(folder / "user"))
    (folder / "user").mkdir()
    target = SaveAsScene.target

    def inside(scene):
        path = Path(target(scene)).resolve()
        return folder / "typed" / path.relative_to(path.anchor)

    monkeypatch.setattr(SaveAsScene, "target", inside)


def quick_thinking(monkeypatch) -> None:
    """Computer players search AI_ITERATIONS times per move (deterministic, and quick)."""
    think_quickly(monkeypatch, AI_ITERATIONS, capped=False)


class Monkey:
    """`faults=True` also fills the disk now and then (every file write fails for
    a while, as on a full disk) and damages a saved file under the app's feet."""

    def __init__(self, game_id: str, seed: int, size=(1280, 800), faults: bool = True):
        self.game_id = game_id
        self.rng = random.Random(f"{game_id}-{seed}")
        self.app = make_app(size, seed=seed)
        self.app.settings["animation_speed"] = "fast"
        self.app.push(TitleScene(self.app))
        self.app.step()
        self.counts = Counts()
        self.recent: list[str] = []  # the last events, for the report of a failure
        self.faults = faults
        self.disk_full_for = 0  # events left with a full disk
        self.real_replace = os.replace
        self.damaged = None  # (the open game's autosave, its revision) when the monkey damaged it

    # ---- sending events ------------------------------------------------
    def post(self, event_type, **attrs) -> None:
        pygame.event.post(pygame.event.Event(event_type, **attrs))
        self.recent = (self.recent + [f"{pygame.event.event_name(event_type)} {attrs}"])[-12:]

    def pump(self, draw: bool = True) -> None:
        """Handle what is queued (pygame-gui answers with events of its own), then
        draw one frame, as the app's loop does after a burst of input."""
        app = self.app
        for _ in range(6):
            app.step(draw=False)
            if not app.running:
                self.counts.quits += 1
                app.running = True
            if not pygame.event.peek():
                break
        if draw:
            app.step()

    def click(self, pos, button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.pump(draw=False)  # the press is handled on its own; the frame comes after the release
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def key(self, code: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)

    # ---- what to aim at ------------------------------------------------
    def clickables(self) -> list:
        """Rects worth clicking on this screen: its buttons, the entries of an open
        drop-down or list, and on the board the places a legal move goes on."""
        scene = self.app.scene
        rects = []
        elements = [e for e in scene.manager.get_sprite_group().sprites()
                    if getattr(e, "visible", True) and e.is_enabled]
        open_lists = [e.rect for e in elements if type(e).__name__ == "UISelectionList"]
        for element in elements:
            if type(element).__name__ in ("UIButton", "UIDropDownMenu", "UITextEntryLine"):
                # an open drop-down's entries are picked more often: seats become people or
                # computers, options change, and the screens behind them get visited
                inside_list = element.rect.collidelist(open_lists) != -1
                rects += [element.rect] * (8 if inside_list else 1)
        if isinstance(scene, TitleScene):
            # stay with this monkey's game: the other games' cards and buttons are left alone
            others = [pygame.Rect(c.x, c.y, c.w, c.h + scene.BELOW_CARD) for g, c in scene.cards.items()
                      if g != self.game_id]
            rects = [r for r in rects if r.collidelist(others) == -1]
            rects += [scene.cards[self.game_id]] * 3  # its own game, as often as the other screens together
        if isinstance(scene, BoardScene):
            for target in scene.controller.next_targets():
                if target[0] == "button":
                    element = scene.panel.game_buttons.get(target[1])
                    if element is not None:
                        rects.append(element.rect)
                else:
                    rect = scene.target_rect(target)
                    rects += [rect] * 6  # playing on is what most people do
        return [r for r in rects if r.w > 0 and r.h > 0]

    def random_pos(self):
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    # ---- one event -----------------------------------------------------
    def step(self) -> None:
        rng = self.rng
        app = self.app
        scene = app.scene
        full = False
        self.counts.scenes[type(scene).__name__] += 1
        roll = rng.random()
        if self.counts.events == 0 and isinstance(scene, TitleScene):
            # a person's first click opens their game, so every run sees its new-game screen
            # (random clicks alone could wander off into settings and lessons for all 300 events)
            self.click(scene.cards[self.game_id].center)
        elif roll < 0.50:
            targets = self.clickables()
            if targets:
                rect = rng.choice(targets)
                self.click((rect.x + rng.randrange(max(1, rect.w)), rect.y + rng.randrange(max(1, rect.h))))
            else:
                self.click(self.random_pos())
        elif roll < 0.65:
            self.click(self.random_pos(), rng.choice((1, 1, 1, 3, 2)))
        elif roll < 0.75:
            pos = self.random_pos()
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
                      buttons=rng.choice(((0, 0, 0), (1, 0, 0))))
        elif roll < 0.85:
            mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT))
            self.key(rng.choice(KEYS), mod)
        elif roll < 0.92:
            text = "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 6)))
            self.post(pygame.TEXTINPUT, text=text)
        elif roll < 0.96:
            self.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False, precise_x=0.0,
                      precise_y=0.0)
        elif roll < 0.99:
            w, h = rng.choice(SIZES)
            self.post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        elif roll < 0.993:
            self.key(pygame.K_F11)
        elif roll < 0.997 and self.faults:
            self.disk_full_for = rng.randint(3, 40)
        elif self.faults:
            self.damage_a_file()
        self.counts.events += 1
        self.counts.disk_full_events += self.disk_full_for > 0
        os.replace = self.refuse if self.disk_full_for > 0 else self.real_replace
        try:
            self.pump()
            self.wait_for_computer()
        finally:
            os.replace = self.real_replace
        self.check(unchecked_autosave=full or self.disk_full_for > 0)
        self.disk_full_for = max(0, self.disk_full_for - 1)

    @staticmethod
    def refuse(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def damage_a_file(self) -> None:
        """Overwrite one of the app's files with something that is not what it should be."""
        files = sorted(storage.in_progress_dir().glob("*.json")) + sorted(storage.saves_dir().glob("*.json"))
        files.append(storage.settings_path())
        path = self.rng.choice(files)
        path.parent.mkdir(parents=True, exist_ok=True)
        garbage = self.rng.choice(GARBAGE)
        path.write_bytes(garbage.encode("utf-8", "surrogateescape"))
        self.counts.files_damaged += 1
        board = next((s for s in self.app.scenes if isinstance(s, BoardScene)), None)
        if board is not None and board.match.save_id and path == in_progress_path(board.match.save_id):
            self.damaged = (path, board.match.revision)  # until the game changes again
        self.recent.append(f"damaged {path.name} with {garbage[:20]!r}")

    def wait_for_computer(self, limit: float = 60.0) -> None:
        """Let a computer player answer before the next event: the run stays reproducible."""
        board = self.app.scene
        if not is_game(board):
            return
        board.controller.ai_delay = 0.0
        deadline = time.monotonic() + limit
        moves_before = len(board.match.state.history)

        def waiting() -> bool:
            match = board.match
            if match.state.is_over:  # the results come after a short pause (a lesson's strip says it instead)
                return board.shows_results and not board.results_shown
            if board.watch is not None:  # every seat a computer: the next move, not the whole game
                return not board.watch.paused and len(match.state.history) == moves_before
            return board.controller.thinking is not None or match.is_computer_turn()

        start = time.monotonic()
        while self.app.scene is board and waiting():
            assert time.monotonic() < deadline, "a computer player took over a minute"
            self.app.step()
            if board.anims:  # a frame of them was drawn: the screens are under test here, not the clock
                board.finish_animations()
            time.sleep(FRAME_S)  # at most the app's own 60 frames a second
        self.counts.waited_s += time.monotonic() - start
        if board.anims:
            board.finish_animations()

    def check(self, unchecked_autosave: bool) -> None:
        """What must hold after every event."""
        app = self.app
        app.autosaves.flush()  # the writer thread's work is done a moment after the event
        app.collect_autosaves()
        assert app.scene is not None, "no screen left"
        for message, _until in app.toasts:
            assert not any(word in message for word in TECHNICAL), f"a message for people shows {message!r}"
        board = next((s for s in reversed(app.scenes) if is_game(s)), None)
        if board is None:
            return
        match = board.match
        # every play and undo adds one to the revision (a loaded game starts at 0)
        self.counts.moves += match.revision - getattr(board, "_monkey_seen", 0)
        board._monkey_seen = match.revision
        if match.state.is_over:
            if not getattr(board, "_monkey_finished", False):
                board._monkey_finished = True
                self.counts.games_finished += 1
            return
        if unchecked_autosave:
            return
        if self.damaged == (in_progress_path(match.save_id or ""), match.revision):
            return  # the monkey damaged this game's file itself; the next change rewrites it
        if board.keeper is not None and board.keeper.problem is None:
            saved = read_in_progress(in_progress_path(match.save_id))  # its save and journal, as a restart reads them
            assert saved["moves"] == match.notations, "the autosave is behind the game on screen"

    def run(self, events: int) -> Counts:
        try:
            for _ in range(events):
                self.step()
        except BaseException as exc:
            raise AssertionError(f"monkey {self.game_id} failed after {self.counts.events} events "
                                 f"on {type(self.app.scene).__name__}; last events: {self.recent}") from exc
        return self.counts



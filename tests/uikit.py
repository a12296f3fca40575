"""Driving the real app with synthetic mouse and key events (dummy video driver)."""
from __future__ import annotations

import os
import struct
import time
import zlib
from pathlib import Path

import pygame

# Screenshots for a person to look at: every one written to SHOTS only when asked for
# (GAME_SHELF_SCREENSHOTS=1, or pytest --screenshots); otherwise a test's are kept in memory
# and written only if it fails (conftest), so a passing run writes none.
SHOTS = Path(os.environ.get("GAME_SHELF_SHOTS_DIR") or Path(__file__).resolve().parent / "screenshots")
KEPT_SHOTS_BYTES = 64 * 1024 * 1024  # a test's last screenshots, kept for its failure (the oldest go first)
_kept_shots: list[tuple[str, tuple[int, int], bytes]] = []  # (name, size, RGB pixels)


def make_app(size=(1280, 800), seed: int = 1):
    import random

    from game.app import App

    app = App(size)
    app.seed_source = random.Random(seed)  # the same games every run
    return app


def think_quickly(monkeypatch, budget: int, capped: bool = True) -> None:
    """Computer players search `budget` times a move (where the app names no number)
    through the same worker, seat view and heuristics as in the app, in a fraction of
    the time; capped=False also lifts the time cap, so a busy machine cannot cut a search
    short and the same seed always gives the same move."""
    from game.engine import remote

    think = remote.RemotePlayer.think

    def quick(self, state, level, seed, time_limit, iterations=None, heuristics=None):
        return think(self, state, level, seed, time_limit if capped else None,
                     budget if iterations is None else iterations, heuristics)

    monkeypatch.setattr(remote.RemotePlayer, "think", quick)


def open_title(size=(1280, 800), animation_speed: str = "fast"):
    """The app on its title screen."""
    from game.ui.title import TitleScene

    app = make_app(size)
    app.settings["animation_speed"] = animation_speed
    app.push(TitleScene(app))
    pump(app)
    return app


def title_app():
    """A fixture body: the app on its title screen, animations fast; closed afterwards."""
    yield open_title()
    pygame.quit()


def open_setup(app, game_id: str):
    """Click a game's card on the title screen: it opens that game's new-game screen
    (whatever else is on the shelf, so not the ambiguous 'New game' button)."""
    from game.ui.setup import SetupScene

    click(app, app.scene.cards[game_id].center)
    assert isinstance(app.scene, SetupScene) and app.scene.spec.id == game_id
    return app.scene


def option_menu(scene, key_name):
    """The new-game screen's drop-down for the option `key_name`."""
    return next(menu for menu, option in scene.option_menus.items() if option.key == key_name)


def seat_kind_menu(scene, seat):
    """The new-game screen's Human/computer drop-down of one seat."""
    return next(kind for i, _n, _c, kind in scene.seat_rows if i == seat)


def pump(app, rounds: int = 1) -> None:
    """Let the app handle what is queued, then draw one frame: pygame-gui answers
    events with more events, so go on until the queue is empty (at least `rounds`
    passes). Frames are what costs, and a person sees only the last one of a burst;
    tests of frame-by-frame behaviour step the loop themselves (test_ui_trust)."""
    for _ in range(rounds):
        app.step(draw=False)
    for _ in range(20):
        if not pygame.event.peek():
            break
        app.step(draw=False)
    # the autosave writer's thread has written the moves, and the app has said how it went
    app.autosaves.flush()
    app.step()


def click(app, pos, button: int = 1) -> None:
    """A click where a person would make it: the pointer moves there, presses and
    lets go, all within one frame (as a quick click does)."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(app)


def key(app, key_code, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0))
    pump(app, 2)


def type_into(app, entry, text: str) -> None:
    """Click a text entry, select what it holds and type `text` over it."""
    click(app, entry.rect.center)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pump(app)


def click_button(app, text: str) -> None:
    rects = app.scene.button_rects()
    assert text in rects, f"no enabled button {text!r} on {type(app.scene).__name__}: {sorted(rects)}"
    click(app, rects[text].center)


def choose(app, menu, option_text: str, press=click) -> None:
    """Open a pygame-gui drop-down by clicking it, then click one of its options
    (`press`: how, at a point; a tap in tests/fingers.py)."""
    press(app, menu.rect.center)
    options = menu.current_state.options_selection_list
    assert options is not None, "the drop-down did not open"
    for item in options.item_list:
        if item["text"] == option_text:
            element = item["button_element"]
            assert element is not None, f"{option_text!r} is scrolled out of view"
            press(app, element.rect.center)
            return
    raise AssertionError(f"{option_text!r} not in drop-down")


def click_target(app, target) -> None:
    click(app, app.scene.target_rect(target).center)


def confirm_if_asked(app, board) -> None:
    """A secret choice before a hand-off waits for its maker's Confirm button."""
    if board.controller.pending is not None:
        click_button(app, f"Confirm: pass to {board.controller.pending_to}")


def play_move(app, board, move) -> None:
    """Click a move's path (board places, or the side panel's buttons) and
    confirm it if it waits for that: the move is the one played."""
    before = len(board.match.state.history)
    for target in move.targets:
        if target[0] == "button":
            click_button(app, board.BUTTONS[target[1]])
        else:
            click_target(app, target)
    confirm_if_asked(app, board)
    assert board.match.state.history[before] == move, "the clicks did not play the move they aim at"


def look_at_board(app, board) -> None:
    """On the results screen, "Look at the board": the replay opens at the last
    move, showing the board as the game ended."""
    click_button(app, "Look at the board")
    replay = app.scene.mode
    state = board.match.state
    assert replay.replaying and replay.ply == len(state.history)
    assert replay.match.state.to_json() == state.to_json()


def play_to_end(app, rng, *, stop=None, max_moves: int = 3000):
    """Play random legal moves by mouse (computer seats answer) until the game
    ends or `stop(state)` says so; returns the board scene."""
    board = app.scene
    board.controller.ai_delay = 0.0
    for _ in range(max_moves):
        run_until(app, lambda: board.match.state.is_over or not board.match.is_computer_turn())
        state = board.match.state
        if state.is_over or (stop and stop(state)):
            return board
        play_move(app, board, rng.choice(state.legal_moves()))
    raise AssertionError("game did not end")


FRAME_S = 1 / 60  # App.run's pace while something moves


def paced_step(app, events=None) -> bool:
    """One pass of the loop as App.run makes it, 1/60 s after the last, without
    waiting that long while there is something to draw: the pass is told 1/60 s went
    by (animations and pygame-gui's tooltip timer advance by it), so a test draws the
    frames a person would see, as fast as it can. A pass that drew nothing waits the
    1/60 s (a computer thinks in real time). Returns whether it drew."""
    app.last_frame -= FRAME_S
    drew = app.step(events)
    if not drew:
        time.sleep(FRAME_S)
    return drew


def steps_until(app, done, limit: float = 10.0) -> None:
    """Run the app's loop with no input, sleeping as long as it asks, until done();
    the pass that made it so must have drawn a frame."""
    deadline = time.monotonic() + limit
    drawn = False
    while not done():
        wait = app.seconds_to_next_frame()
        assert wait is not None, "the screen sleeps until input: it would never look again"
        assert time.monotonic() < deadline, "no change within the time"
        time.sleep(min(wait, 0.05))
        drawn = app.step(events=[])
    assert drawn, "the screen changed without a frame to show it"


def run_until(app, predicate, timeout: float = 60.0) -> None:
    """Run the loop until `predicate` holds, paced as App.run (paced_step)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out waiting"
        paced_step(app)


def screenshots_wanted() -> bool:
    return os.environ.get("GAME_SHELF_SCREENSHOTS") == "1"


def screenshot(app, name: str) -> None:
    """The window as it is now (a frame drawn first), for a person to look at: written to
    SHOTS/<name>.png when screenshots are asked for, else kept until the test ends."""
    app.dirty = True
    app.step()
    if screenshots_wanted():
        save_png(app.screen, SHOTS / f"{name}.png")
        return
    _kept_shots.append((name, app.screen.get_size(), pygame.image.tobytes(app.screen, "RGB")))
    while sum(len(pixels) for _name, _size, pixels in _kept_shots) > KEPT_SHOTS_BYTES:
        del _kept_shots[0]


def write_kept_screenshots() -> None:
    """(conftest, when a test failed) The screenshots it took, as PNGs in SHOTS."""
    for name, size, pixels in _kept_shots:
        write_png(pixels, size, SHOTS / f"{name}.png")
    _kept_shots.clear()


def forget_screenshots() -> None:
    """(conftest, when a test ended) Its screenshots are not wanted."""
    _kept_shots.clear()


def save_png(surface, path) -> None:
    write_png(pygame.image.tobytes(surface, "RGB"), surface.get_size(), path)


def write_png(pixels: bytes, size: tuple[int, int], path) -> None:
    """RGB pixels as a PNG, compressed lightly: pygame's own save spends three
    times as long squeezing files that only a person looking at tests opens."""
    width, height = size
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    row = width * 3
    rows = b"".join(b"\x00" + pixels[i:i + row] for i in range(0, len(pixels), row))  # filter 0: none

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                           + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def read_records(app) -> None:
    """Let the screen on top finish reading (and writing) the records, which it
    does off the window's thread, and show what it read."""
    reads = getattr(app.scene, "reads", None)
    while reads is not None and reads.busy:  # an answer may start another read (a rename, then the list)
        reads.wait()
        pump(app)
    pump(app)

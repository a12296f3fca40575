"""The window, the main loop, the scene stack and frame pacing.

Frames are drawn only when something changed: input, an animation, a
computer player's progress or a timer. When nothing moves the loop blocks in
pygame.event.wait, so an idle window costs next to no CPU.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import random
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "game-shelf")  # how window managers name the app

import pygame

from . import storage
from .saves import start_up
from .ui import look
from .autosaver import BackgroundWriter
from .engine import remote
from .keeper import keep_pending_records
from .ui.scene import UIManagerPool
from .ui.sound import Sounds
from .ui.touch import Touch, fit_theme

MIN_SIZE = storage.MIN_WINDOW


def _malloc_trim():
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError, TypeError):
        return None  # not glibc (macOS, Windows, musl): nothing to trim


MALLOC_TRIM = _malloc_trim() if sys.platform.startswith("linux") else None


def give_back_memory() -> None:
    """After a game's screens are gone: collect them, and hand the freed pages
    back to the system (glibc keeps freed window-sized surfaces otherwise, and
    the process looks as if it grew with every game)."""
    look.forget_images()  # the last game's text and scaled art: quick to draw again when needed
    gc.collect()
    if MALLOC_TRIM is not None:
        MALLOC_TRIM(0)
IDLE_WAIT_MS = 500  # longest sleep between loop passes when nothing moves
# posted when the computer's worker answers (a move, a hint, a verdict): the loop, asleep until
# its next frame, wakes and shows it now, not up to a waiting frame later
ANSWERED = pygame.event.custom_type()


def wake_for_answer() -> None:
    """remote's on_answer, on the thread that reads the answers (SDL's queue takes events
    from any thread); a window already closed has nothing to wake."""
    try:
        pygame.event.post(pygame.event.Event(ANSWERED))
    except pygame.error:
        pass


class App:
    def __init__(self, size: tuple[int, int] | None = None, *, fullscreen: bool | None = None):
        # Only what the app uses: opening the sound device just prints ALSA
        # complaints on machines without one.
        pygame.display.init()
        pygame.font.init()
        look.reset_caches()
        loaded = storage.load_settings()
        self.settings = loaded.data
        self.toasts: list[tuple[str, float]] = []
        if loaded.message:
            self.notify(loaded.message)
        for message in storage.folder_problems():  # a file where a folder of ours should be: said once, here
            self.notify(message)
        for message in start_up():  # stale temp files, the old single autosave
            self.notify(message)
        self.windowed_size = tuple(size or self.settings["window_size"])
        self.fullscreen = self.settings["fullscreen"] if fullscreen is None else fullscreen
        pygame.display.set_caption("Game Shelf")
        icon = look.sprite("app_icon.png")
        if icon is not None:
            pygame.display.set_icon(icon)
        self.screen = self._open_window()
        self.scenes: list = []
        self.running = True
        self.quit_when = None  # a test's or the bench's end: () -> bool, asked after each frame drawn
        self.dirty = True
        self.last_frame = time.monotonic()  # the last pass of the loop
        self.last_draw = 0.0  # when the last frame was drawn
        self.frames_drawn = 0
        self.animating = False  # the scene wanted every frame at the last pass
        # Where the mouse is, as the last mouse event said: the board's hover, pygame-gui's
        # hover and what is drawn under the pointer all read this one place.
        self.mouse_pos = pygame.mouse.get_pos()
        self.ui_managers = UIManagerPool(lambda: self.mouse_pos)
        self.keys_in_use = False  # the person moves the focus ring by keys: every screen shows it
        self.autosaves = BackgroundWriter()  # saves and records, written off this thread
        keep_pending_records(self.autosaves, self.notify)  # finished games a crash or a full disk left unrecorded
        self.seed_source = random.SystemRandom()  # tests put a seeded Random here
        self.sounds = Sounds(self.settings)  # silent where there is no sound device
        self.touch = Touch(self)  # fingers: taps, long presses, drags, pinches (game/ui/touch.py)
        remote.shared_player().on_answer = wake_for_answer

    def release_memory(self, collect: bool = True) -> None:
        if collect:
            gc.collect()
        if MALLOC_TRIM is not None:
            MALLOC_TRIM(0)

    def new_seed(self) -> int:
        """The seed of a new game: with the moves, it is the whole save."""
        return self.seed_source.randrange(1 << 31)

    # ---- window ------------------------------------------------------
    def _open_window(self):
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = self.windowed_size
        return pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_fullscreen(self, on: bool) -> None:
        self.fullscreen = on
        self.settings["fullscreen"] = on
        self.screen = self._open_window()
        self._relayout()

    def set_window_size(self, size) -> None:
        self.windowed_size = tuple(size)
        self.settings["window_size"] = list(size)
        if not self.fullscreen:
            self.screen = self._open_window()
            self._relayout()

    def save_settings(self) -> None:
        try:
            storage.save_settings(self.settings)
        except OSError as exc:
            storage.log("saving settings", exc)
            self.notify(f"Settings could not be saved ({storage.write_problem(exc)}); "
                        "they apply until you quit.")

    def set_large_targets(self, on: bool) -> None:
        """Large targets (game/ui/touch.py) on or off, kept in the settings; every screen is laid out again."""
        self.settings["large_targets"] = on
        self.save_settings()
        fit_theme(self.ui_managers.theme, self.settings)
        for scene in self.scenes:
            if scene.manager is not None:
                scene.rebuild()
        self.dirty = True

    def _relayout(self) -> None:
        for scene in self.scenes:
            scene.resize(self.size)
        self.dirty = True

    # ---- scenes ------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        if self.scene is not None:
            self.scene.covered()
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True

    def pop(self):
        scene = self.scenes.pop()
        scene.leave()
        if self.scene is not None:
            self.scene.resize(self.size)  # the window may have changed meanwhile
            self.scene.enter()
        self.dirty = True
        return scene

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def show(self, name: str, *args, **kwargs) -> None:
        """The screen registered as `name` by its own module (game/ui/host.py)."""
        from .ui.screens import show  # put off: the screens are loaded when the first is asked for

        show(self, name, *args, **kwargs)

    def reset_to_title(self) -> None:
        """Clear the stack (quit to title, a new game) and show the title screen."""
        from .ui.title import TitleScene

        self.reset_to(TitleScene(self))

    def reset_to(self, scene) -> None:
        """Clear the stack (e.g. quit to title) and show `scene`."""
        while self.scenes:
            self.scenes.pop().leave()
        give_back_memory()
        self.push(scene)

    def notify(self, message: str, seconds: float = 7.0) -> None:
        """A banner over any scene: damaged files, saves, errors."""
        self.toasts.append((message, time.monotonic() + seconds))
        self.dirty = True

    def showing_notice(self) -> bool:
        return bool(self.toasts)

    def quit(self) -> None:
        self.running = False

    # ---- the loop ----------------------------------------------------
    def handle(self, event) -> None:
        event = self.touch.filter(event)  # fingers become mouse events (handled already); SDL's copies go
        if event is None:
            return
        if event.type == ANSWERED:
            return  # it woke the loop; the scenes' update reads the answer
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = (max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1]))
            self.settings["window_size"] = list(self.windowed_size)
            if self.screen.get_size() != self.windowed_size:
                self.screen = self._open_window()  # too small, or a driver that does not resize by itself
            self._relayout()
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._relayout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            self.save_settings()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.dirty = True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = event.pos
        elif event.type == pygame.WINDOWLEAVE:
            self.mouse_pos = (-1, -1)  # over nothing: what it lit goes dark
        if self.scene is not None:
            self.scene.handle_event(event)
        self.dirty = True

    def step(self, events=None, draw: bool = True) -> bool:
        """One pass of the loop: events, update, draw if needed. Returns True if a frame was drawn.
        draw=False leaves a needed frame for a later pass (tests feeding a burst of input)."""
        now = time.monotonic()
        dt = min(now - self.last_frame, 0.25)
        self.last_frame = now
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return False
        self.collect_autosaves()
        self.touch.update()  # a finger resting long enough: a long press
        scene = self.scene
        if scene is None:
            self.running = False
            return False
        if scene.update(dt):
            self.dirty = True
        if self.scene is not scene and self.scene is not None:
            # A scene that arrived during update (results after the last move)
            # gets its first update too: pygame-gui builds its buttons there.
            self.scene.update(0.0)
            self.dirty = True
        if self.scene.widgets_pending():
            # Widgets changed during update (a computer's move enables Undo and Hint)
            # get their new look in pygame-gui's next update: have it now, so this
            # frame shows them, and not the next input's.
            self.dirty |= self.scene.update_widgets(0.0)
        if self.toasts:
            before = len(self.toasts)
            self.toasts = [(m, t) for m, t in self.toasts if t > now]
            self.dirty |= len(self.toasts) != before
        interval = self.scene.frame_interval()
        if interval is not None and now - self.last_draw >= interval:
            self.dirty = True  # an animation, a thinking bar, a timer: frames without input
        if self.animating and interval != 0.0:
            self.dirty = True  # an animation just ended: its last frame shows the end, not the step before it
        self.animating = interval == 0.0
        if not self.dirty or not draw:
            return False
        self.draw()
        if self.quit_when is not None and self.quit_when():
            self.running = False
        return True

    def draw(self) -> None:
        look.drawn.clear()
        self.scene.draw(self.screen)
        self.scene.draw_focus(self.screen)
        self._draw_toasts()
        pygame.display.flip()
        self.dirty = False
        self.last_draw = time.monotonic()
        self.frames_drawn += 1

    def _draw_toasts(self) -> None:
        y = getattr(self.scene, "notice_top", 12)  # a screen may keep its heading clear of notices
        width = min(760, self.size[0] - 40)
        for message, _until in self.toasts[-3:]:
            lines = look.wrap_text(message, 15, width - 28)
            box = pygame.Rect(0, y, width, 14 + 20 * len(lines))
            box.centerx = self.size[0] // 2
            self.screen.blit(look.tint(box.size, (20, 14, 10, 235)), box)
            pygame.draw.rect(self.screen, look.WARN, box, 2, border_radius=6)
            with look.within(box):
                for i, line in enumerate(lines):
                    look.text(self.screen, line, (box.x + 14, box.y + 7 + 20 * i), 15, look.INK)
            y = box.bottom + 8

    def collect_autosaves(self) -> None:
        """Hand what the writer thread finished to whoever asked for it (a GameKeeper
        says what it means for the player)."""
        for done, result, error in self.autosaves.finished():
            done(result, error)

    def seconds_to_next_frame(self) -> float | None:
        """How long the loop may sleep before something on screen changes by
        itself: 0 while animating, the rest of the interval while a computer
        thinks, until the next toast expires or pygame-gui's next tooltip or
        cursor blink is due, or None (only input changes it)."""
        now = time.monotonic()
        waits = [t - now for _m, t in self.toasts]
        if (long_press := self.touch.due()) is not None:
            waits.append(long_press)
        if self.scene is not None:
            interval, wake = self.scene.frame_interval(), self.scene.wake_interval()
            if interval is not None:
                waits.append(self.last_draw + interval - now)
            if wake is not None:
                waits.append(self.last_frame + wake - now)
        return max(0.0, min(waits)) if waits else None

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            wait = self.seconds_to_next_frame()
            events = None  # step takes what is queued
            if wait is not None and wait <= 1 / 60:
                clock.tick(60)
            else:
                timeout = IDLE_WAIT_MS if wait is None else min(IDLE_WAIT_MS, int(wait * 1000))
                first = pygame.event.wait(timeout)
                # The event that woke the loop goes first. Posted back, it queued behind the
                # ones that came with it: a tap's release was handled before its press, and lost.
                events = [] if first.type == pygame.NOEVENT else [first, *pygame.event.get()]
            self.step(events)
        while self.scenes:  # each game's keeper writes what is left and lets go of its lock
            self.scenes.pop().leave()
        self.autosaves.flush()
        self.collect_autosaves()
        self.save_settings()
        pygame.quit()


def build_app(launch) -> App:
    """The app as the command line asks (cli.Launch): the title screen, with a
    game's new-game screen or a match on top; the loop is not started."""
    from .ui.scene import start_match
    from .ui.setup import SetupScene
    from .ui.title import TitleScene

    app = App(launch.window, fullscreen=launch.fullscreen)
    app.push(TitleScene(app))
    if launch.replay is not None:
        from .ui.replay_screen import replay_scene
        app.push(replay_scene(app, launch.replay))
    elif launch.match is not None:
        start_match(app, launch.match)
    elif launch.damaged is not None:
        app.show("damaged", launch.damaged)  # go on from the last good move?
    elif launch.setup is not None:
        app.push(SetupScene(app, launch.setup))
    if launch.quit_after_first_frame:
        app.quit_when = first_frame_said
    elif launch.quit_when_over:
        app.quit_when = lambda: game_over_shown(app, launch.match)
    return app


def first_frame_said() -> bool:
    """--quit-after-first-frame: the bench times start-up to this line."""
    print("first frame", flush=True)
    return True


def game_over_shown(app, match) -> bool:
    """--quit-when-over: the game is over and its results screen drawn (its record
    is written as the app quits, as at any quit)."""
    from .ui.results import ResultsScene

    return match.state.is_over and isinstance(app.scene, ResultsScene)


def unusable_display() -> str | None:
    """Start SDL's video; why not, if it failed or chose an invisible driver that nobody asked for."""
    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"SDL: {exc}"
    driver = pygame.display.get_driver()
    if not os.environ.get("SDL_VIDEODRIVER") and driver in ("offscreen", "dummy"):
        pygame.display.quit()
        return f"SDL found only its invisible {driver!r} video driver"
    return None


def start(launch) -> int:
    """Open the window for a checked cli.Launch (its screen checked: unusable_display)
    and run until the player quits."""
    app = build_app(launch)
    app.run()
    return 0

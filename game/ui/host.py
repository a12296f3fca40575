"""What a screen may ask of the app that shows it: the one interface between
the screens (game/ui/, each game's board screen) and game/app.py's App.

A screen is handed the app as `self.app` and uses nothing of it but what
`ScreenHost` declares here (tests/test_screen_host.py reads every screen's
source to check, and that App has all of it).

A screen says where it goes: `app.show(name, ...)` opens the screen registered
under `name` by its own module (`@screen("history")` over its class or its
opening function), so a screen opens another without importing it (no circle
between the screens) and the app names only the screens the command line starts
on (the title, a new game's setup, a replay).
game/ui/screens.py imports every module that registers one, and opens them.
"""
from __future__ import annotations

from typing import Callable, Protocol, runtime_checkable

SCREENS: dict[str, Callable] = {}  # name -> a Scene class, or a function (host, ...) that opens the screen


def screen(name: str):
    """Register the screen `name`: over a Scene class (shown pushed over the screen on top,
    made with (host, *args)) or a function (host, *args) that opens it its own way."""
    def register(opener):
        if SCREENS.get(name, opener) is not opener:
            raise ValueError(f"two screens are called {name!r}")
        SCREENS[name] = opener
        return opener
    return register


@runtime_checkable
class ScreenHost(Protocol):
    # ---- the window and the person in front of it -----------------------
    settings: dict  # the person's settings; change, then save_settings()
    mouse_pos: tuple[int, int]  # where the pointer is; (-1, -1) when it is over nothing
    keys_in_use: bool  # the person uses the keys: the focus ring shows (game/ui/focus.py)
    fullscreen: bool
    windowed_size: tuple[int, int]  # the window's size when not fullscreen
    dirty: bool  # set True: the next pass of the loop draws a frame
    sounds: object  # game/ui/sound.py's Sounds: play(name), prepare()
    ui_managers: object  # the pygame-gui managers the screens share (Scene takes and gives back one)
    autosaves: object  # the writer thread that puts games on the disk (a GameKeeper writes through it)

    @property
    def size(self) -> tuple[int, int]: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def set_window_size(self, size) -> None: ...

    def set_large_targets(self, on: bool) -> None: ...  # touch.py's setting, kept; every screen laid out again

    def handle(self, event) -> None: ...  # one event, as if from the queue (touch.py hands the app its own)

    def save_settings(self) -> None: ...

    def notify(self, message: str, seconds: float = 7.0) -> None:
        """A banner over any screen for a while."""

    def showing_notice(self) -> bool:
        """A banner is up now."""

    def new_seed(self) -> int: ...

    def release_memory(self, collect: bool = True) -> None:
        """Hand the memory a closed screen freed back to the system (glibc keeps it): a
        millisecond; with `collect`, what reference cycles hold is collected first
        (pygame-gui's elements and the boards' screens keep their images in them), 15-40 ms."""

    def quit(self) -> None:
        """The app closes after this pass of the loop."""

    # ---- the stack of screens -------------------------------------------
    @property
    def scene(self): ...  # the screen on top

    scenes: list  # every screen, the top one last

    def push(self, scene) -> None: ...

    def pop(self): ...

    def replace(self, scene) -> None: ...

    def reset_to_title(self) -> None: ...

    def show(self, name: str, *args, **kwargs) -> None:
        """Open the screen registered as `name` (see `screen` above) with `args`."""

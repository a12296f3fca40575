"""What a screen may ask of the app that shows it: the one interface between
the screens (game/ui/, each game's board screen) and game/app.py's App.

A screen is handed the app as `self.app` and uses nothing of it but what
`ScreenHost` declares here (tests/test_screen_host.py reads every screen's
source to check, and that App has all of it). The app opens the screens that
would otherwise import each other in a circle (history, statistics, replays,
lessons), so a screen asks for them by name here.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable


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

    def tell_damaged(self, error) -> None:
        """The person is told of a file that could not be read (and where it was set aside)."""

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

    def open_history(self) -> None: ...

    def open_statistics(self) -> None: ...

    def open_replay(self, match, follow=None) -> None: ...

    def open_review(self, replay) -> None:
        """The game review of a finished game (a Replay)."""

    def open_lesson(self, game_id: str, step: int | None = None) -> None: ...

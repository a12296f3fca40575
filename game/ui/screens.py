"""Every module that registers a screen by name (game/ui/host.py's `screen`), and `show`,
which opens one of them: the app's `show` is this, loaded when a screen is first asked for."""
from . import aid_screen, damaged, history, lesson, menus, replay_screen, results, review_screen, statistics  # noqa: F401
from .host import SCREENS


def show(host, name: str, *args, **kwargs) -> None:
    """Open the screen registered as `name`: a Scene class pushed over the screen on top, or its
    own opening function."""
    opener = SCREENS[name]
    if isinstance(opener, type):
        host.push(opener(host, *args, **kwargs))
    else:
        opener(host, *args, **kwargs)

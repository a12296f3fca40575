"""What the board's buttons and keys do: the callbacks the board hands its side panel and
its keys (game/ui/side_panel.py, board_keys.py). A mode changes an entry (a lesson's Undo
starts its step again, its menu is the lesson's own) as it attaches to the board."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class BoardActions:
    undo: Callable[[], None]
    redo: Callable[[], None]
    hint: Callable[[], None]  # the computer's suggestion (Hint, H)
    menu: Callable[[], None]  # Esc, or the Menu button
    aid: Callable[[], None]  # the player aid (F1, the ? button)
    click: Callable[[tuple], None]  # a target clicked (a game's button, a number key, a typed move)
    confirm: Callable[[], None]  # a secret choice made final (Enter, Confirm)
    refresh: Callable[[], None]  # the panel's buttons follow the game
    rebuild: Callable[[], None]  # the screen laid out again (the panel folded or unfolded)

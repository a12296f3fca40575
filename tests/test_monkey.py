"""Random input into every screen of every game: nothing may raise, the screen
stack never empties, and every move on the board is in its autosave.

The normal run sends a short burst per game; GAME_SHELF_MONKEY_EVENTS sets the
number of events per game (10000 for the long run) and GAME_SHELF_MONKEY_SEED
the seed (the same seed sends the same events)."""
from __future__ import annotations

import os
import warnings

import pygame
import pytest

from game import shelf
from monkey import Monkey, quick_thinking, sandbox

pytestmark = pytest.mark.slow  # a soak: the quick loop leaves it out, the full suite runs it

EVENTS = int(os.environ.get("GAME_SHELF_MONKEY_EVENTS", "300"))
SEED = int(os.environ.get("GAME_SHELF_MONKEY_SEED", "1"))


@pytest.mark.parametrize("game_id", sorted(shelf.GAMES))
def test_monkey(game_id, monkeypatch, tmp_path):
    sandbox(monkeypatch, tmp_path)  # its own saves and records; Save as… stays inside too
    quick_thinking(monkeypatch)
    monkey = Monkey(game_id, SEED)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            counts = monkey.run(EVENTS)
    finally:
        pygame.quit()
    print(counts.line(game_id))
    # pygame-gui warns when a label cannot show its whole text: words cut off on screen
    cut = sorted({str(w.message).split(" - size diff")[0] for w in caught if "too small for text" in str(w.message)})
    assert not cut, cut
    assert counts.events == EVENTS
    assert {"TitleScene", "SetupScene"} <= set(counts.scenes), counts.scenes

"""Memory stays flat however many games are started in one app.

Starting games used to keep every old scene's pygame-gui manager and fonts
alive (RSS grew ~20 MB a game). Each game's first start loads its own art and
code once; after every game has been started once, more starts must not grow
the process (the bench measures the full 20-start figure, rss_growth_mb)."""
from __future__ import annotations

import json
import subprocess
import sys
import sys as _sys

import pytest

from game.bench import ui as bench_ui

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not _sys.platform.startswith("linux"), reason="reads /proc/self/status")]


def test_rss_is_flat_once_every_game_has_been_started():
    out = subprocess.run([sys.executable, "-c", bench_ui._RSS_GROWTH, "15"], capture_output=True, text=True,
                         env=bench_ui._env(), timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    after = json.loads(out.stdout.strip().splitlines()[-1])
    # RSS swings ±10 MB with the game just left (its surfaces differ in size, and
    # freed memory is not always given back), so compare whole rounds of the five games
    second, third = sum(after[5:10]) / 5, sum(after[10:15]) / 5
    assert third - second <= 15, f"RSS grew {third - second:.1f} MB over five more game starts: {after}"
    # and, more loosely than the bench's floor (+15 MB after 20 starts), since the very first start
    assert after[-1] - after[0] <= 25, f"RSS grew {after[-1] - after[0]:.1f} MB since the first game: {after}"


def test_open_drop_downs_leave_the_theme_small():
    """pygame-gui keys its theme lookup by a string of 1-2 MB for an item of an open
    drop-down, and kept every one (100 MB over the setup screens' drop-downs)."""
    from game import shelf
    from game.bench import screens
    from game.ui.setup import SetupScene

    app = screens.open_app((960, 640))
    try:
        theme = app.scene.manager.get_theme()
        for spec in shelf.GAMES.values():
            app.push(SetupScene(app, spec, screens._seats(spec, spec.max_players, 0)))
            screens.frame(app)
            for menu in screens.drop_downs(app.scene):
                screens.set_open(menu, True)
                screens.frame(app)
                screens.set_open(menu, False)
            screens.back_to_title(app)
        held = sum(sys.getsizeof(key) for key in theme.unique_theming_ids) + sys.getsizeof(theme.unique_theming_ids)
        assert held < 2 ** 20, f"the theme holds {held / 2 ** 20:.0f} MB of lookup keys"
    finally:
        import pygame
        pygame.quit()

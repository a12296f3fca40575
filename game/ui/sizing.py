"""How big the board screen's side panel is: the UI scale (Settings, 1.0-2.0, for
people looking from across a table) and the panel's width for the window.

The panel's fonts, rows and buttons grow with the scale; the board gets the rest
of the window and draws itself to fit it. In a small window the panel narrows,
and its fold toggle (a compact panel without the move log) gives the board
most of the width.
"""
from __future__ import annotations

from ..storage import UI_SCALES as SCALES  # the settings file holds one of these
PANEL_WIDTH = 340  # at scale 1 in a roomy window
COMPACT_WIDTH = 230  # folded: names, scores, status and the buttons; no move log
MOST_OF_WINDOW = 0.42  # the panel never takes more of the window's width than this


def scale_of(settings: dict) -> float:
    value = settings.get("ui_scale", 1.0)
    return value if value in SCALES else 1.0


def panel_scale(scale: float, height: int, seats: int, buttons: int) -> float:
    """The scale the panel can really have in a window this high: its header
    (title, a row per seat, status and message), the buttons' rows and a few
    lines of the log must fit."""
    unscaled = 96 + 34 * seats + 92 + 48 * buttons + 60
    return max(1.0, min(scale, (height - 20) / unscaled))


def panel_width(window_width: int, scale: float, folded: bool) -> int:
    base = COMPACT_WIDTH if folded else PANEL_WIDTH
    roomy = round(base * scale)
    if not folded and window_width < 1200:  # a small window: the board needs the room more
        roomy = min(roomy, max(COMPACT_WIDTH, round(window_width * 0.28 * scale)))
    return min(roomy, round(window_width * MOST_OF_WINDOW))


def button_class(scale: float) -> str | None:
    """The theme class whose font suits buttons at this scale (theme.json)."""
    if scale >= 1.75:
        return "@ui_200"
    if scale >= 1.3:
        return "@ui_150"
    return None


def primary_style(scale: float) -> str:
    """The theme's object id for the panel's main buttons (Pass, Confirm) at this scale."""
    if scale >= 1.75:
        return "#primary_button_200"
    if scale >= 1.3:
        return "#primary_button_150"
    return "#primary_button"


def strip_scale(settings: dict, fits) -> float:
    """The scale of a strip under the board (a review's words): the panel's scale, or the
    largest below it at which `fits(scale)` says the strip leaves the board its room."""
    wanted = scale_of(settings)
    for scale in sorted({k for k in SCALES if k <= wanted} | {1.0}, reverse=True):
        if scale == 1.0 or fits(scale):
            return scale
    return 1.0

"""GameBoard: what a game's board screen implements, and what it draws with.

A game's board screen (game/games/<id>/board_screen.py) is a BoardScene (game/ui/board.py),
which is this contract joined to the screen that runs a game. The game implements only
geometry and drawing:

    layout(rect)                      place everything for this board area
    target_at(pos) -> target | None   pixel -> click target
    target_rect(target) -> Rect       target -> where to click (tests use it)
    draw_board(surface, view, highlights)  draw `view` (what the seat in front may see)

and, where the game has them: the animations of a move just played, the outlines of places
drawn only while they may be clicked, the number keys' places, the notes under the scores.
Everything here reads only what the board screen holds for it: self.app, self.match,
self.hits (the hit map the drawing fills), self.board_rect and self.animations.
"""
from __future__ import annotations

import math
import time

import pygame

from ..engine.core import seat_names
from . import arrows, boards, look
from .animations import Anim

PULSE_CLOCK = time.monotonic  # what highlights throb by (tests that compare frames hold it still)


_hand_shown = False  # the system's one pointer is the hand now


def set_hand_cursor(hand: bool) -> None:
    """The pointing hand over a place that may be clicked, else the arrow."""
    global _hand_shown
    if hand == _hand_shown:
        return
    _hand_shown = hand
    try:
        pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
    except pygame.error:
        pass  # no system cursors (e.g. the dummy video driver)


def pulse() -> float:
    """0..1, the gentle throb of a highlight. Frames are drawn only when something
    changes, so a screen at rest keeps the phase its last frame caught."""
    return 0.5 + 0.5 * math.sin(PULSE_CLOCK() * 4)


class GameBoard:
    background = "felt.png"
    BUTTONS: dict[str, str] = {}  # ("button", name) targets -> button text
    LEAST_BOARD_WIDTH = 0  # px the board keeps however big the panel is asked to be (its words stay legible)
    NUMBER_KEYS = ""  # what the number keys do in this game, for the player aid ("" none)
    GAME_KEYS = ""  # other keys of the game's own (the map's F, + and −)

    # ---- to implement per game ---------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def target_at(self, pos):
        """The target drawn under `pos` in the last frame (see `self.hits`)."""
        return self.hits.at(pos)

    def target_rect(self, target) -> pygame.Rect | None:
        """Where `target` was drawn in the last frame."""
        return self.hits.rect_of(target)

    def draw_board(self, surface, view: dict, highlights) -> None:
        raise NotImplementedError

    def outline_of(self, target) -> list | None:
        """A place that is in the hit map only while it may be clicked (Scrubbudgetel's map):
        its outline on the screen, for showing a move there at any time; None in most games."""
        return None

    def arrow_start(self, move):
        """Where the piece `move` moves stands now, when its click path does not begin there
        (Scurry's squirrel is clicked where it goes); None when the path says it all."""
        return None

    def animations_for(self, move, seat: int, before: dict, after: dict) -> list[Anim]:
        return []

    def number_target(self, number: int):
        """The place a number key picks (SkyRunner's bid cards, Skyline's dice); None in most games."""
        return None

    def score_breakdown(self, seat: int) -> str:
        return ""

    def colour_groups(self) -> list[tuple[str, dict, str]]:
        """The colours a player must tell apart on this board: (what they are, name -> colour,
        the second cue drawn with each wherever it is drawn, or "": then the colours alone
        must differ for every kind of colour vision; the layout audit checks them)."""
        seats = {f"{i + 1} {seat.name}": self.seat_rgb(i) for i, seat in enumerate(self.match.seats)}
        return [("seats", seats, "each seat's shape, and its name")]

    def score_note(self) -> tuple[str, ...]:
        """What the panel's scores leave unsaid, written under them: its wordings, longest first."""
        return ()

    # ---- a move pointed out (the review's played and better moves) ------------------
    def place_centre(self, target):
        """The middle of a board place as last drawn (or as its outline), None for a button or
        a place not on the board now."""
        if target[0] == "button":
            return None
        rect = self.target_rect(target)
        if rect is not None:
            return rect.center
        outline = self.outline_of(target)
        if not outline:
            return None
        return (round(sum(x for x, _y in outline) / len(outline)), round(sum(y for _x, y in outline) / len(outline)))

    def move_arrow(self, move) -> list:
        """The points an arrow for `move` runs through: where its piece stands (arrow_start),
        then the middle of each place of its click path (a place clicked twice to confirm, once)."""
        points = []
        for point in [self.arrow_start(move)] + [self.place_centre(t) for t in move.targets]:
            if point is not None and (not points or points[-1] != tuple(point)):
                points.append(tuple(point))
        return points

    def draw_move_arrow(self, surface, move, colour, width: int = 5) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        arrows.draw_arrow(surface, self.move_arrow(move), colour, width)
        surface.set_clip(clip)

    # ---- helpers for drawing ---------------------------------------------
    @property
    def mouse(self) -> tuple[int, int]:
        """Where the pointer is, for what the board draws under it (nowhere while a
        menu or another screen is on top: the board does not answer it then)."""
        return self.app.mouse_pos if self.app.scene is self else (-1, -1)

    def target_under(self, pos):
        """The board's target drawn under `pos` in the last frame, or None."""
        return self.target_at(pos) if self.board_rect.collidepoint(pos) else None

    @property
    def anims(self) -> list[Anim]:
        """The animations running now."""
        return self.animations.running

    def hidden_targets(self) -> frozenset:
        return self.animations.hidden_targets()

    def finish_animations(self) -> None:
        self.animations.clear()

    def busy(self) -> bool:
        """Animating: every frame is needed (Scene.busy)."""
        return bool(self.animations)

    def named(self, text: str) -> str:
        """Rules know seats, not people: they write P1, P2, ... where a player is
        meant (core.seat_ref); the screen shows the players' names there."""
        return seat_names(text, [s.name for s in self.match.seats])

    def seat_rgb(self, index: int) -> tuple[int, int, int]:
        return boards.seat_colour(self.match.spec, self.match.state, index, self.match.seats[index])

    def glow(self, surface, center, radius, colour=look.HIGHLIGHT, width=3) -> None:
        """The highlight ring for a clickable place; it pulses gently."""
        pygame.draw.circle(surface, colour, center, int(radius + 2 * pulse()), width)

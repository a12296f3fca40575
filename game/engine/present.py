"""Facts to words: the contract between a game's rules and how they read.

Rules state what happened as structured facts — a `LogEntry` (seat, verb, data)
names seats, never people — and each game's words.py turns them into the
sentences of the move log, the side panel's phase line and the confirm prompt.
Player names are written in last by the app (core.seat_names), so words say
"P1" (core.seat_ref) where a player is meant.
"""
from __future__ import annotations

from typing import NamedTuple


def plural(n: int, word: str) -> str:
    """'1 tile', '3 tiles': a count with its noun."""
    return f"{n} {word}{'' if n == 1 else 's'}"


class LogEntry(NamedTuple):
    """One fact for the move log: who (a seat, or None for the game itself),
    what kind of thing happened (`verb`, e.g. "canal", "roll", "bid") and its
    details (`data`, JSON-able)."""

    seat: int | None
    verb: str
    data: dict


# Verbs that sound alike in every game; a game's Words adds its own (`sounds`).
SOUND_OF_VERB = {"roll": "dice", "reroll": "dice", "draw": "cards", "deal": "cards"}


class Words:
    """How a game reads; the default reads every move as its notation.

    A game subclasses this in its words.py (as WORDS) and overrides what it says."""

    def move(self, state, move) -> str:
        """The move-log line for `move`, about to be played in `state`."""
        return self.entry(state.log_entry(move))

    def entry(self, entry: LogEntry) -> str:
        """The words for one fact."""
        if "text" in entry.data:
            return entry.data["text"]
        return " ".join([entry.verb] + [str(v) for v in entry.data.values()])

    def notes(self, state, ply: int) -> list[tuple]:
        """(seat, words) for what the rules did by themselves as `state` reached `ply`."""
        return [(e.seat, self.entry(e)) if isinstance(e, LogEntry) else tuple(e) for e in state.notes(ply)]

    def phase(self, state) -> str:
        """A short line for the side panel: what the seat to move must do now
        ("" lets the board say whose turn it is)."""
        return ""

    def step(self, state, chosen: tuple, moves: list) -> str | None:
        """What to click next once a move's first clicks are made (`chosen`: their targets;
        `moves`: the legal moves that begin so), for the side panel in place of the phase;
        None keeps the phase line."""
        return None

    sounds: dict = {}  # this game's verbs -> effect ("dice", "cards"), over SOUND_OF_VERB
    plain_sound = "move"  # the effect of a move whose verbs name none (a card game's is "cards")

    def sound(self, entry: LogEntry, notes: list) -> str:
        """The effect a move makes: by the verb of its entry, else of what the rules
        did by themselves right after it (`notes`: LogEntries, e.g. the next turn's roll)."""
        for fact in [entry, *notes]:
            verb = getattr(fact, "verb", None)
            effect = self.sounds.get(verb) or SOUND_OF_VERB.get(verb)
            if effect:
                return effect
        return self.plain_sound

    def confirm(self, state, move) -> str:
        """What a move waiting for its confirming click will do, said to its player
        (unlike the log it may name their own hidden card)."""
        return str(move)

    def choice(self, state, move) -> str:
        """A move as the game review says it to the player who made it ("P1 lays the
        Red trail at …"), hidden parts of their own included; by default the confirm prompt."""
        return self.confirm(state, move)

    def outcome(self, state) -> str:
        """Why the game ended and who won, in words."""
        return state.outcome.reason if state.outcome else ""


class Choice(NamedTuple):
    """One thing the player to move may do now, for the player aid (a game's player_aid.py)."""

    what: str  # as a player would say it: "Build a canal"
    how: str  # the rule that governs it and what it scores, in a sentence or two
    kinds: tuple = ()  # the rules' move kinds it stands for (a test checks that every legal move has one)


class Aid(NamedTuple):
    """The player aid for one phase: its name, the choices in it, and how it scores
    when that is not said with each choice. Built from a seat's view alone."""

    phase: str
    choices: tuple
    scoring: str = ""


class Picture(NamedTuple):
    """A picture on a game's Rules screen, drawn by the game's own board screen from a
    real position: `position` is in the lessons' form ({"seed": N, "moves": [...]} or
    {"layout": {...}, "moves": [...]}, game/lessons), its moves played as legal moves.

    rule     the heading of the rules text it stands beside
    caption  what it shows, in our words
    show     "" (the position only), "last" (the last moves marked, as after a move) or
             "next" (what can be clicked next after `select`, as while choosing a move)
    select   the click targets already chosen, for "next"
    focus    the targets the picture is centred on, `height` px of the board kept around them
    cut      else the part of the board area kept, as fractions (x, y, w, h); () for all
    area     the board area (width, height) the screen lays out before the cut
    wide     shown alone in its row, as wide as the text allows (up to WIDE_PICTURE px): for a
             part of the board that is whole only wider than two pictures side by side
    players, options, viewer   the game the position is in, and whose view is drawn"""

    rule: str
    caption: str
    position: dict
    players: int = 2
    show: str = ""
    select: tuple = ()
    focus: tuple = ()
    height: int = 160
    cut: tuple = ()
    area: tuple = (560, 420)
    options: dict = {}
    viewer: int = 0
    wide: bool = False

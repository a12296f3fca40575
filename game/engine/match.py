"""A game in progress: who sits where, what has been played, undo, and its save
as data (to_save / from_save / check_save); the files are game.saves' business.

A Match owns the live State. Every move goes through `Match.play`, which
records who made it and whether it is an undo barrier (it drew on the state's
rng, or `state.reveals(move)` said it shows new information). Undo replays the
game from seed + options over the moves kept, exactly as loading a save does,
so what undo leaves behind is always a state the rules reached themselves.

Pure Python: nothing here imports pygame or touches a file.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from .core import IllegalMove

KINDS = ("human", "computer")
LEVELS = ("easy", "normal", "hard")  # the same names as ai.LEVELS
NAME_LIMIT = 18  # characters in a seat's name: what the side panel has room for
NAME_MAX = 40  # characters of a player's name kept when one is read from a file
SAVE_FORMAT = 1

RNG_BARRIER = "A die was rolled or a card drawn: that cannot be taken back."
REVEAL_BARRIER = "Hidden information was revealed: that cannot be taken back."


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message says why, in plain words
    (the technical detail, when there is one, is chained as __cause__).
    `good_moves`: how many moves replay before the first that cannot be played
    (the game can go on from there), 0 when nothing of it can be kept."""

    def __init__(self, message: str, good_moves: int = 0):
        super().__init__(message)
        self.good_moves = good_moves


def cap_name(name: str) -> str:
    """A name from a file, cut to a length the screens can show."""
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


@dataclass
class Seat:
    name: str
    colour: int  # index into the UI palette
    kind: str = "human"  # "human" | "computer"
    level: str = "normal"  # "easy" | "normal" | "hard" (computer seats)

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


@dataclass(frozen=True)
class Played:
    """One move in the match's record."""

    notation: str
    seat: int  # who made it
    barrier: str | None  # None, or why undo cannot go back past it


def decision_seed(game_seed: int, ply: int) -> int:
    """The seed of the computer's decision at move `ply` of the game dealt from `game_seed`:
    the app, the arena and a trace of the arena's record search with the same one."""
    return (game_seed * 1_000_003 + ply) & 0xFFFFFFFF


class Match:
    def __init__(self, spec, seats: list[Seat], seed: int, options: dict | None = None):
        spec.check_players(len(seats))
        for seat in seats:
            if seat.kind not in KINDS:
                raise ValueError(f"unknown seat kind {seat.kind!r}")
            if seat.level not in LEVELS:
                raise ValueError(f"unknown level {seat.level!r}")
        self.spec = spec
        self.seats = list(seats)
        self.seed = seed
        self.options = spec.resolved_options(options)
        self.state = spec.new_game(len(self.seats), seed, dict(self.options))
        self.played: list[Played] = []
        self.undone: list[list[str]] = []  # groups taken back by undo, newest last: what redo plays again
        self.revision = 0  # grows on every change (play or undo)
        self.on_change = None  # callback(match), e.g. the autosave
        self.save_id: str | None = None  # names its autosave in saves/in-progress/ (given on the first save)
        self.started = time.strftime("%Y-%m-%dT%H:%M:%S")
        self.hints_used = [0] * len(self.seats)  # hints each seat asked for (saved as "hints"; statistics count them)

    # ---- who is to move ------------------------------------------------
    @property
    def notations(self) -> list[str]:
        """The moves played so far, in notation."""
        return [p.notation for p in self.played]

    @property
    def movers(self) -> list[int]:
        """The seat that made each move (parallel to state.history)."""
        return [p.seat for p in self.played]

    def current_seat(self) -> Seat | None:
        if self.state.is_over:
            return None
        return self.seats[self.state.to_move]

    def is_computer_turn(self) -> bool:
        seat = self.current_seat()
        return seat is not None and seat.is_computer

    def ai_seed(self) -> int:
        """A seed for the computer's next decision: fixed by the game's seed and the move count."""
        return decision_seed(self.seed, len(self.played))

    # ---- playing -----------------------------------------------------------
    def play(self, move) -> None:
        """Apply `move` for the seat to move; IllegalMove (and no change) if the rules refuse it."""
        self._record(self.state, move)
        self.undone.clear()  # a new move: what was taken back can no longer be played again
        self._changed()

    def _record(self, state, move) -> None:
        """Play `move` in `state` and write it down; IllegalMove (and no change)
        when the rules refuse it: the one place a move is checked."""
        reason = state.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        seat = state.to_move
        rng = getattr(state, "rng", None)
        before = rng.getstate() if rng is not None else None
        reveals = bool(state.reveals(move))  # asked of the state the move is played in
        state.apply_checked(move)
        rng = getattr(state, "rng", None)
        if reveals:
            barrier = REVEAL_BARRIER
        elif rng is not None and rng.getstate() != before:
            barrier = RNG_BARRIER
        else:
            barrier = None
        self.played.append(Played(str(move), seat, barrier))

    def _changed(self) -> None:
        self.revision += 1
        if self.on_change is not None:
            self.on_change(self)

    def record_hint(self, seat: int | None = None) -> None:
        """Count a hint given to `seat` (the seat to move by default): it is saved
        with the game and kept in its record for the statistics."""
        seat = self.state.to_move if seat is None else seat
        if seat is None or not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat!r} to count a hint for")
        self.hints_used[seat] += 1
        self._changed()

    # ---- undo ----------------------------------------------------------------
    def _undo_plan(self) -> tuple[int, str | None]:
        """(how many moves undo takes back, None) or (0, why not)."""
        played = self.played
        if not played:
            return 0, "Nothing to undo."
        seats = self.seats
        to_move = self.state.to_move
        if to_move is not None and not seats[to_move].is_computer:
            owner = to_move  # the human in front of the screen
        else:  # a computer is to move, or the game is over: the last human to move
            owner = next((p.seat for p in reversed(played) if not seats[p.seat].is_computer), None)
            if owner is None:
                return 0, "Only a person's moves can be taken back."
        i = len(played)
        while i and seats[played[i - 1].seat].is_computer:  # the computer's reply goes too
            i -= 1
            if played[i].barrier:
                return 0, played[i].barrier
        if not i:
            return 0, "Nothing to undo in this turn."
        last = played[i - 1]
        if last.seat != owner:
            return 0, f"Nothing to undo in this turn: the last move was {seats[last.seat].name}'s."
        if last.barrier:
            return 0, last.barrier
        return len(played) - i + 1, None

    def can_undo(self) -> str | None:
        """None if undo is possible, else why not (plain words)."""
        return self._undo_plan()[1]

    def undo(self) -> list[str]:
        """Take back the last decision of the person in front of the screen (and any
        computer moves made since). Returns the notations removed, oldest first;
        [] when nothing can be taken back (see can_undo for why)."""
        count, reason = self._undo_plan()
        if reason is not None:
            return []
        removed = self.notations[-count:]
        kept = self.played[:-count]
        state = self.spec.new_game(len(self.seats), self.seed, dict(self.options))
        for p in kept:
            state.apply(self.spec.parse_move(state, p.notation))
        self.state = state
        self.played = kept
        self.undone.append(removed)
        self._changed()
        return removed

    def can_redo(self) -> str | None:
        """None if redo is possible, else why not (plain words)."""
        return None if self.undone else "Nothing to redo: redo plays again what undo took back, until a new move."

    def redo(self) -> list[str]:
        """Play again the moves the last undo took back (the computer's replies too).
        Returns their notations; [] when there is nothing to redo."""
        if not self.undone:
            return []
        again = self.undone.pop()
        for text in again:
            self._record(self.state, self.spec.parse_move(self.state, text))
        self._changed()
        return again

    # ---- save and load ------------------------------------------------------
    def to_save(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "game": self.spec.id,
            "players": len(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [asdict(s) for s in self.seats],
            "moves": self.notations,
            "id": self.save_id,
            "started": self.started,
            "hints": list(self.hints_used),
        }

    @classmethod
    def from_save(cls, data: dict, games: dict) -> "Match":
        """Rebuild a match by replaying a save of one of `games` (GameSpec by id);
        SaveError(message) if it is not a valid one."""
        spec, seats, seed, options, moves = check_save(data, games)
        try:
            match = cls(spec, seats, seed, options)
        except Exception as exc:  # noqa: BLE001 - the rules refused the set-up
            raise SaveError("The game cannot be set up again with the saved players and options.") from exc
        if isinstance(data.get("started"), str):
            match.started = data["started"][:40]
        hints = data.get("hints")
        if isinstance(hints, list) and len(hints) == len(seats) and all(_is_int(h) and h >= 0 for h in hints):
            match.hints_used = list(hints)
        for n, text in enumerate(moves, 1):
            state = match.state
            if state.is_over:
                raise SaveError(f"Move {n} ({text[:20]}) comes after the end of the game.")
            try:
                match._record(state, spec.parse_move(state, text))
            except IllegalMove as exc:
                raise SaveError(f"Move {n} ({text[:20]}) cannot be played: {exc.reason}", n - 1) from None
            except Exception as exc:  # noqa: BLE001 - a damaged save must not crash the app
                raise SaveError(f"Move {n} ({text[:20]}) cannot be played: it is not a move of this game.",
                                n - 1) from exc
        return match

    @classmethod
    def good_part(cls, data: dict, error: SaveError, games: dict) -> "Match | None":
        """The game of a save that `from_save` refused with `error`, up to its last
        good move; None when no move of it can be kept."""
        if not error.good_moves:
            return None
        return cls.from_save({**data, "moves": list(data["moves"][:error.good_moves])}, games)


def check_save(data, games: dict):
    """(spec, seats, seed, options, moves) of a save, checked without replaying it;
    SaveError(plain words) when `data` is not a save of one of `games` (GameSpec by id)."""
    if not isinstance(data, dict):
        raise SaveError("The save is not a saved game.")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"The save has format {_shown(data.get('format'))}; this version reads format {SAVE_FORMAT}.")
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in games:
        raise SaveError(f"The save is of an unknown game {_shown(game_id)}.")
    spec = games[game_id]
    players = data.get("players")
    if not _is_int(players) or not spec.min_players <= players <= spec.max_players:
        raise SaveError(f"{spec.title} is for {spec.min_players}–{spec.max_players} players, not {_shown(players)}.")
    seed = data.get("seed")
    if not _is_int(seed):
        raise SaveError("The save has no valid seed.")
    seats = _seats_from(data.get("seats"), players)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("The save's options are not a set of options.")
    try:
        options = spec.resolved_options({**spec.save_defaults, **options})  # a save from before an option existed
    except ValueError as exc:
        raise SaveError(f"The save's options are not valid: {exc}") from None
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError("The save's moves are not a list of moves.")
    return spec, seats, seed, options, moves


def _shown(value) -> str:
    """A value from a file, short enough for a message."""
    text = repr(value)
    return text if len(text) <= 30 else text[:29] + "…"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seats_from(data, players: int) -> list[Seat]:
    if not isinstance(data, list) or len(data) != players:
        raise SaveError(f"The save should list {players} seats.")
    seats = []
    for n, item in enumerate(data, 1):
        if not isinstance(item, dict):
            raise SaveError(f"Seat {n} in the save is not a seat.")
        name, colour = item.get("name"), item.get("colour")
        kind, level = item.get("kind", "human"), item.get("level", "normal")
        if not isinstance(name, str) or not _is_int(colour) or colour < 0:
            raise SaveError(f"Seat {n} in the save needs a name and a colour.")
        if kind not in KINDS:
            raise SaveError(f"Seat {n} in the save is of an unknown kind {_shown(kind)}.")
        if level not in LEVELS:
            raise SaveError(f"Seat {n} in the save has an unknown level {_shown(level)}.")
        seats.append(Seat(cap_name(name), colour, kind, level))
    return seats


# ---- a save, read without replaying it -------------------------------------
def save_seat_count(data) -> int:
    """How many sit at a save's game, without replaying it (0 when it names no seats)."""
    seats = data.get("seats") if isinstance(data, dict) else None
    return len(seats) if isinstance(seats, list) else 0


def save_summary(data, games: dict) -> str | None:
    """"Scurry — Ann vs Bob" for a save's JSON, without replaying it; None when
    it does not look like a save of one of `games`."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or data["game"] not in games:
        return None
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    names = " vs ".join(cap_name(str(s.get("name", "?"))) for s in seats[:8] if isinstance(s, dict))
    return f"{games[data['game']].title} — {names}"

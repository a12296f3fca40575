"""A game in progress: who sits where, what has been played, undo, save and load.

A Match owns the live State. Every move goes through `Match.play`, which
records who made it and whether it is an undo barrier (it drew on the state's
rng, or `state.reveals(move)` said it shows new information). Undo replays the
game from seed + options over the moves kept, exactly as loading a save does,
so what undo leaves behind is always a state the rules reached themselves.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import storage
from .core import IllegalMove

KINDS = ("human", "computer")
LEVELS = ("easy", "normal", "hard")  # the same names as ai.LEVELS
NAME_LIMIT = 18  # characters in a seat's name: what the side panel has room for

RNG_BARRIER = "A die was rolled or a card drawn: that cannot be taken back."
REVEAL_BARRIER = "Hidden information was revealed: that cannot be taken back."


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message says why, in plain words."""


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
        self.revision = 0  # grows on every change (play or undo)
        self.on_change = None  # callback(match), e.g. the autosave
        self.save_id: str | None = None  # names its autosave in saves/in-progress/ (given on the first save)
        self.started = time.strftime("%Y-%m-%dT%H:%M:%S")
        self.unsaved: str | None = None  # why the last autosave failed (the app keeps trying)
        self.hints = [0] * len(self.seats)  # hints each seat asked for (statistics count them)

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
        return (self.seed * 1_000_003 + len(self.played)) & 0xFFFFFFFF

    # ---- playing -----------------------------------------------------------
    def play(self, move) -> None:
        """Apply `move` for the seat to move; IllegalMove (and no change) if the rules refuse it."""
        reason = self.state.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        self._record(self.state, move)
        self._changed()

    def _record(self, state, move) -> None:
        seat = state.to_move
        rng = getattr(state, "rng", None)
        before = rng.getstate() if rng is not None else None
        reveals = bool(state.reveals(move))  # asked of the state the move is played in
        state.apply(move)
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
        self.hints[seat] += 1
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
        self._changed()
        return removed

    # ---- save and load ------------------------------------------------------
    def to_save(self) -> dict:
        return {
            "format": storage.SAVE_FORMAT,
            "game": self.spec.id,
            "players": len(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [asdict(s) for s in self.seats],
            "moves": self.notations,
            "id": self.save_id,
            "started": self.started,
            "hints": list(self.hints),
        }

    @classmethod
    def from_save(cls, data: dict, games=None) -> "Match":
        """Rebuild a match by replaying a save; SaveError(message) if it is not a valid one."""
        spec, seats, seed, options, moves = check_save(data, games)
        try:
            match = cls(spec, seats, seed, options)
        except Exception as exc:  # noqa: BLE001 - the rules refused the set-up
            storage.log("set-up of a saved game refused", exc)
            raise SaveError("The game cannot be set up again with the saved players and options.") from None
        if isinstance(data.get("started"), str):
            match.started = data["started"][:40]
        hints = data.get("hints")
        if isinstance(hints, list) and len(hints) == len(seats) and all(_is_int(h) and h >= 0 for h in hints):
            match.hints = list(hints)
        for n, text in enumerate(moves, 1):
            state = match.state
            if state.is_over:
                raise SaveError(f"Move {n} ({text[:20]}) comes after the end of the game.")
            try:
                match._record(state, spec.parse_move(state, text))
            except IllegalMove as exc:
                raise SaveError(f"Move {n} ({text[:20]}) cannot be played: {exc.reason}") from None
            except Exception as exc:  # noqa: BLE001 - a damaged save must not crash the app
                storage.log(f"move {n} of a saved game", exc)
                raise SaveError(f"Move {n} ({text[:20]}) cannot be played: it is not a move of this game.") from None
        return match


def check_save(data, games=None):
    """(spec, seats, seed, options, moves) of a save, checked without replaying it;
    SaveError(plain words) when `data` is not a save of a game we know."""
    if games is None:
        from .registry import GAMES as games
    if not isinstance(data, dict):
        raise SaveError("The save is not a saved game.")
    if data.get("format") != storage.SAVE_FORMAT:
        raise SaveError(f"The save has format {_shown(data.get('format'))}; this version reads format {storage.SAVE_FORMAT}.")
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
        seats.append(Seat(storage.cap_name(name), colour, kind, level))
    return seats


# ---- files ----------------------------------------------------------------
def save_summary(data) -> str | None:
    """"Scurry — Ann vs Bob" for a save's JSON, without replaying it; None when
    it does not look like a save of a game we know."""
    from .registry import GAMES

    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or data["game"] not in GAMES:
        return None
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    names = " vs ".join(storage.cap_name(str(s.get("name", "?"))) for s in seats[:8] if isinstance(s, dict))
    return f"{GAMES[data['game']].title} — {names}"


def save_match(match: Match, path) -> None:
    storage.write_json_atomic(Path(path), match.to_save())


def load_match(path, games=None) -> Match | None:
    """The match saved in `path`, or None if there is no such file. A file that
    is not a valid save is moved aside and storage.DamagedFile raised."""
    loaded = []

    def validate(data):
        loaded.append(Match.from_save(data, games))

    if storage.read_json(Path(path), validate) is None:
        return None
    return loaded[0]


# ---- games in progress: one autosave each --------------------------------
def in_progress_path(save_id: str) -> Path:
    return storage.in_progress_dir() / f"{save_id}.json"


def autosave(match: Match) -> None:
    """Keep this game's autosave up to date. A finished game becomes a record
    (game.records) and leaves the games in progress; an undo past the end
    brings it back. OSError when the disk refuses: the caller tells the player,
    the game goes on in memory and the next change tries again."""
    from .. import records

    if match.save_id is None:
        match.save_id = storage.new_game_id(match.spec.id)
    path = in_progress_path(match.save_id)
    if match.state.is_over:
        records.add(match)  # kept as a record before its autosave goes
        path.unlink(missing_ok=True)
    else:
        save_match(match, path)


@dataclass(frozen=True)
class InProgress:
    """One game in progress, as the title screen lists it."""

    path: Path
    summary: str  # "Scurry — Ann vs Bob"
    moves: int
    last_played: float  # time.time() of its last autosave

    @property
    def save_id(self) -> str:
        return self.path.stem


def games_in_progress(games=None) -> tuple[list[InProgress], list[str]]:
    """The games in progress, newest first, checked without replaying them; and
    messages for the files that are not games (each was moved aside)."""
    folder = storage.in_progress_dir()
    found, messages = [], []
    try:
        paths = [(p.stat().st_mtime, p) for p in folder.glob("*.json")]
    except OSError as exc:
        storage.log("listing games in progress", exc)
        return [], []
    for mtime, path in sorted(paths, key=lambda item: item[0], reverse=True):
        try:
            data = storage.read_json(path, lambda d: check_save(d, games))
        except storage.DamagedFile as damaged:
            messages.append(damaged.message)
            continue
        if data is not None:
            found.append(InProgress(path, save_summary(data) or path.stem, len(data["moves"]), mtime))
    return found, messages


def resume(entry_path, games=None) -> Match | None:
    """The game in progress saved in `entry_path`, with its autosave's name."""
    match = load_match(entry_path, games)
    if match is not None:
        match.save_id = Path(entry_path).stem
    return match


def delete_in_progress(entry_path) -> None:
    Path(entry_path).unlink(missing_ok=True)


def start_up() -> list[str]:
    """Tidy the save folders when the app starts: temp files a crash left are
    removed, and the single autosave.json of older versions becomes one of the
    games in progress (moved, never deleted). Returns messages for the player."""
    storage.remove_stale_temp_files()
    old = storage.autosave_path()
    if not old.exists():
        return []
    try:
        data = storage.parse_json_file(old)
    except (ValueError, OSError):
        data = None  # moved all the same: the list of games in progress sets it aside with a message
    from .registry import GAMES

    game = data.get("game") if isinstance(data, dict) else None
    save_id = storage.new_game_id(game if isinstance(game, str) and game in GAMES else "game")
    try:
        storage.in_progress_dir().mkdir(parents=True, exist_ok=True)
        os.replace(old, in_progress_path(save_id))
    except OSError as exc:
        storage.log("moving the old autosave.json", exc)
        return [f"The game saved by an older version could not be moved ({storage.write_problem(exc)}); "
                "it stays in autosave.json."]
    return []

"""The engine contract every game implements (see shared design.md).

Rules code is pure Python: nothing here, or in any games/*/rules.py, imports pygame.
"""
from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from typing import Sequence

Target = tuple  # e.g. ("vertex", 17) or ("button", "pass")


def confirmed(path: tuple) -> tuple:
    """The click path of a move that spends something rare or cannot be taken
    back (a once-a-game sabotage, the move that ends the game): its last
    target is clicked a second time to confirm. The controller says what the
    move will do and asks for that second click."""
    return tuple(path) + (path[-1],)


def is_confirmed(path: tuple) -> bool:
    """True for a click path made by `confirmed` (its last target clicked twice)."""
    return len(path) > 1 and path[-1] == path[-2]


def seat_ref(seat: int) -> str:
    """How a rules text names the player at `seat` ("P1" for seat 0): rules do not
    know the players' names; the app writes each player's name there (seat_names)."""
    return f"P{seat + 1}"


def seat_names(text: str, names: list) -> str:
    """`text` with each seat_ref replaced by that player's name."""
    def name(m):
        i = int(m.group(1)) - 1
        return names[i] if i < len(names) else m.group(0)
    return re.sub(r"\bP([1-9])\b", name, text)


class IllegalMove(ValueError):
    """A move the rules forbid; `reason` is shown to the player as it is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}


@dataclass(frozen=True)
class Option:
    """One variant setting a game offers on the new-game screen."""

    key: str
    label: str
    choices: tuple  # the allowed JSON-able values, in display order
    labels: tuple = ()  # optional display text per choice
    help: str = ""
    players: tuple = ()  # (fewest, most) players it applies to; () for every count

    def applies_to(self, players: int) -> bool:
        return not self.players or self.players[0] <= players <= self.players[1]

    def label_of(self, value) -> str:
        if self.labels:
            return self.labels[self.choices.index(value)]
        if isinstance(value, bool):
            return "On" if value else "Off"
        return str(value)


# ---- chance points ---------------------------------------------------------------
class ChancePoint:
    """One place where the rules leave the next step to chance: a roll, a draw, a
    shuffle. The rules never call their generator directly: they hand a ChancePoint
    to `State.draw_chance`, which draws it with `sample(state.rng)` (exactly the
    calls the rules always made, so a seed replays the same game) unless someone
    decides the outcome instead (a search, a test, a tool from outside).

    `observed`: everybody sees the outcome at once (a roll, a marker drawn face up);
    False for a shuffle, whose order shows only card by card as it is drawn (the
    search leaves such a draw to the determinization)."""

    kind = "chance"
    observed = True

    def outcomes(self) -> list | None:
        """Every outcome with its probability, [(outcome, p), ...], p summing to 1;
        None when there are too many to list (sample one instead)."""
        raise NotImplementedError

    def sample(self, rng: random.Random):
        """One outcome drawn from `rng`, with the odds `outcomes` lists."""
        raise NotImplementedError

    def key(self, outcome):
        """What the players tell apart in `outcome`: outcomes with the same key are
        the same to them (two copies of one marker drawn from a bag)."""
        return outcome


@dataclass(frozen=True)
class Dice(ChancePoint):
    """`count` dice of `sides` sides rolled in order: the outcome is their values."""

    count: int
    sides: int = 6
    kind = "dice"

    def outcomes(self) -> list:
        combos = [()]
        for _ in range(self.count):
            combos = [c + (v,) for c in combos for v in range(1, self.sides + 1)]
        p = 1.0 / len(combos)
        return [(c, p) for c in combos]

    def sample(self, rng: random.Random) -> tuple:
        # randint(1, sides) is 1 + _randbelow(sides): the same draws from the generator (a seed
        # replays alike; tests/test_chance.py holds them equal) without randint's checks, as
        # dice are rolled often (in Skyline every turn)
        below, sides = rng._randbelow, self.sides
        return tuple([1 + below(sides) for _ in range(self.count)])


@dataclass(frozen=True)
class Pick(ChancePoint):
    """One of `items` drawn at random (a marker from a bag): the outcome is its index,
    every index equally likely; its key is the item itself. `items` is the rules'
    own list, not a copy (a draw is frequent): read it before the draw is made."""

    items: Sequence
    kind = "draw"

    def outcomes(self) -> list:
        p = 1.0 / len(self.items)
        return [(i, p) for i in range(len(self.items))]

    def sample(self, rng: random.Random) -> int:
        return rng.randrange(len(self.items))

    def key(self, outcome):
        return self.items[outcome]


@dataclass(frozen=True)
class Shuffle(ChancePoint):
    """`items` shuffled: the outcome is the new order, every order equally likely.
    Nobody sees it at once (cards come off the pile one by one)."""

    items: tuple
    kind = "shuffle"
    observed = False

    def outcomes(self) -> list | None:
        if len(self.items) > 6:
            return None  # 7! orders and up: sample instead
        import itertools
        orders = list(itertools.permutations(self.items))
        p = 1.0 / len(orders)
        return [(order, p) for order in orders]

    def sample(self, rng: random.Random) -> tuple:
        order = list(self.items)
        rng.shuffle(order)
        return tuple(order)


class ChanceReached(Exception):
    """Raised by a forced_outcomes source with no outcome left: the move reached `point`."""

    def __init__(self, point):
        self.point = point


def forced_outcomes(outcomes, then=None):
    """A chance source that gives `outcomes` in turn, then asks `then` (None: stop)."""
    queue = list(outcomes)

    def source(point):
        if queue:
            return queue.pop(0)
        if then is None:
            raise ChanceReached(point)
        return then(point)
    return source


class State:
    """One game in progress. Subclasses implement the rules.

    A subclass must set `players`, `to_move`, `outcome`, `history` and `rng`,
    and implement `legal_moves`, `_apply`, `explain`, `scores`, `view`, `to_json`.

    Chance: every roll, draw or shuffle after the set-up is made by
    `draw_chance(point)` with a ChancePoint (Dice, Pick, Shuffle) that lists the
    outcomes and their odds; `next_chance(move, outcomes)` tells which chance point
    a move reaches next without playing it, and `apply_with_chance(move, outcomes)`
    plays it with those outcomes. Played as usual, the state's own generator draws
    each point exactly as before chance points existed: a seed and the moves replay
    the same game. `determinize` still stands for what a seat cannot see.
    """

    players: int
    to_move: int | None
    outcome: Outcome | None
    history: list
    rng: random.Random

    # ---- the contract -------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_moves(self) -> list:
        raise NotImplementedError

    def check(self, move) -> str | None:
        """None if `move` is legal now, else the reason in plain words."""
        if self.is_over:
            return "The game is over."
        if move in self.legal_moves():
            return None
        return self.explain(move) or "That move is not possible now."

    def apply(self, move) -> None:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        self._apply(move)  # apply_checked's two lines: a playout applies a move every few microseconds
        self.history.append(move)

    def apply_checked(self, move) -> None:
        """Apply a move `check` has just allowed (Match checks once, then asks
        what the move reveals, then plays it)."""
        self._apply(move)
        self.history.append(move)

    def scores(self) -> list[int]:
        raise NotImplementedError

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def view(self, seat: int) -> dict:
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A clone in which everything `seat` cannot see is resampled.

        Perfect-information games need not override this."""
        return self.clone()

    def to_json(self) -> dict:
        raise NotImplementedError


    # ---- chance ----------------------------------------------------------------
    # Who decides what chance draws: None, the state's own generator (play and
    # replays); else a callable(point) -> outcome (a search, a test, a tool).
    chance_source = None

    def draw_chance(self, point: ChancePoint):
        """The outcome of `point`: the one place rules draw on chance."""
        source = self.chance_source
        if source is None:
            return point.sample(self.rng)
        return source(point)

    def next_chance(self, move, outcomes: Sequence = ()) -> ChancePoint | None:
        """The chance point that applying the legal `move` now reaches once the chance
        points before it gave `outcomes` (in order); None when the move then needs
        no more chance. This state is not changed: a copy plays the move. So a step
        that is chance, with its outcomes and odds, can be seen before it is taken
        (as OpenSpiel's chance player sees it)."""
        trial = self.clone()
        trial.chance_source = forced_outcomes(outcomes)
        try:
            trial.apply(move)
        except ChanceReached as reached:
            return reached.point
        return None

    def apply_with_chance(self, move, outcomes: Sequence) -> None:
        """Apply `move` with its chance points given `outcomes` in turn (any beyond
        them are drawn from the state's generator)."""
        self.chance_source = forced_outcomes(outcomes, then=lambda point: point.sample(self.rng))
        try:
            self.apply(move)
        finally:
            del self.chance_source

    # ---- helpers for subclasses ------------------------------------------
    def rng_json(self) -> list:
        """The random generator's state, JSON-able, for to_json: two states that
        would roll differently never look the same."""
        version, internal, gauss = self.rng.getstate()
        return [version, list(internal), gauss]

    def rng_copy(self) -> random.Random:
        """An independent generator in the same state, for clone. Made without seeding
        (Random() seeds itself from the system, half a clone's time in a search)."""
        twin = random.Random.__new__(random.Random)
        twin.setstate(self.rng.getstate())
        return twin

    # ---- hooks for subclasses and for the app -------------------------
    def _apply(self, move) -> None:
        """Change the state for a move already known to be legal."""
        raise NotImplementedError

    def fault(self, move) -> str | None:
        """Why the rules forbid `move` here and now, in plain words; None when they
        allow it. Each game writes its legality here once: `check`, `explain` and
        `explain_click` all answer from it, and its legal moves agree with it."""
        return None

    def explain(self, move) -> str | None:
        """Why a move that is not legal now is refused: the game's `fault`."""
        return self.fault(move)

    def explain_click(self, path: tuple) -> str:
        """Why the click path `path` (targets clicked so far, the last one new)
        starts no legal move: name the rule that forbids it, in plain words."""
        return "Nothing can be done there now."

    def unseen_choices(self) -> bool:
        """True when the seat to move chooses without seeing what others chose
        before it this round: simultaneous choices played one seat after another
        (SkyRunner's cards laid face down). The search then judges this choice
        without regard to those (engine/ai.py). False by default."""
        return False

    def reveals(self, move) -> bool:
        """True when applying `move` shows information nobody had before
        (a die, a draw, hidden cards): undo never goes back past such a move.
        Moves that draw on `rng` are caught by Match without this hook."""
        return False

    def log_entry(self, move):
        """The fact `move` will be in the move log (a present.LogEntry), worked out
        before it is played; a game's words.py says it in words."""
        from .present import LogEntry
        return LogEntry(self.to_move, "text", {"text": str(move)})

    def notes(self, ply: int) -> list[tuple]:
        """What the rules did by themselves (dice rolled, markers drawn, a turn
        missed) as the game reached `ply` moves (0: the set-up), as log lines
        (seat or None, text) that follow that move's own line. None by default."""
        return []


class CachedMovesState(State):
    """A State that works out its legal moves once per position.

    Subclasses implement `_compute_legal` and set `self._legal = None` whenever
    the position changes; `check` and `legal_moves` then share one list."""

    _legal: list | None = None

    def _compute_legal(self) -> list:
        raise NotImplementedError

    def _legal_list(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def legal_moves(self) -> list:
        return list(self._legal_list())

    def check(self, move) -> str | None:
        if self.outcome is not None:
            return "The game is over."
        legal = self._legal_list()
        for other in legal:  # the move is mostly one of these very objects: found without an __eq__ on each
            if other is move:
                return None
        if move in legal:
            return None
        return self.explain(move) or "That move is not possible now."


class GameSpec:
    """Describes one game; an instance is put on the shelf (game/shelf.py)."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    blurb: str = ""
    hidden_information: bool = False  # pass-and-play needs a hand-off screen
    seat_labels: tuple = ()  # fixed sides by seat, e.g. ("Brown", "Grey"): players then pick no colour
    colours_chosen_in_play: bool = False  # a colour of play is chosen by a move (Skurðir's pyramids): none at set-up
    score_name: str = "Score"  # what scores() counts, as a table's heading (Scurry's are tiles owned, not points)
    options: Sequence[Option] = ()
    bench_moves: int = 40  # random moves into a game before the benchmark times its board
    # Option values a save made before the option existed was played under (its old
    # behaviour): a save lacking the key replays with this value, not the new default.
    save_defaults: dict = {}

    @property
    def default_players(self) -> int:
        """How many players a new game starts with unless told otherwise."""
        return max(self.min_players, min(2, self.max_players))

    def default_options(self) -> dict:
        return {o.key: o.choices[self.default_choice_index(o)] for o in self.options}

    def default_choice_index(self, option: Option) -> int:
        return 0

    def options_for(self, players: int) -> list[Option]:
        """The options that mean something with this many players (the new-game screen shows these)."""
        return [o for o in self.options if o.applies_to(players)]

    def resolved_options(self, options: dict | None) -> dict:
        """Defaults overlaid with `options`, each value checked against its choices."""
        merged = self.default_options()
        for key, value in (options or {}).items():
            known = {o.key: o for o in self.options}
            if key not in known:
                raise ValueError(f"{self.title} has no option {key!r}")
            if value not in known[key].choices:
                raise ValueError(f"{known[key].label}: {value!r} is not one of {list(known[key].choices)}")
            merged[key] = value
        return merged

    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        raise NotImplementedError

    def next_game_options(self, state: State, options: dict) -> dict:
        """The options for "Play again" after `state` has ended. The same by default;
        a game whose series rules carry something over (a winner who starts the next
        game, say) changes them here."""
        return dict(options)

    def parse_move(self, state: State, text: str):
        """The legal move whose notation is `text` (the inverse of str(move))."""
        text = text.strip()
        for move in state.legal_moves():
            if str(move) == text:
                return move
        raise IllegalMove(f"{text!r} is not a move that can be played now.")

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )

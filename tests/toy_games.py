"""Small games that implement the full engine contract, for testing Match, the
AI and the benchmarks without depending on any real game's rules.

- `ttt`   Tic-tac-toe: perfect information, one decision per turn.
- `nim`   Nim with multi-decision turns: take stones one at a time from one
          heap ("t2", "t2", ...), then end the turn ("e"). Taking the last
          stone on the table wins.
- `cards` A tiny hidden-information card game: a shuffled deck, hidden hands,
          a die rolled with state.rng ("r"), and draws at the end of a turn
          ("e") that reveal cards (State.reveals).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.core import GameSpec, IllegalMove, Option, Outcome, State


def _rng_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _copy_rng(rng: random.Random) -> random.Random:
    out = random.Random()
    out.setstate(rng.getstate())
    return out


# ---------------------------------------------------------------------------
# Tic-tac-toe
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Mark:
    cell: int

    def __str__(self) -> str:
        return "abc"[self.cell % 3] + str(self.cell // 3 + 1)

    @property
    def targets(self) -> tuple:
        return (("cell", self.cell),)


_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_MARKS = tuple(Mark(i) for i in range(9))


class TicTacToeState(State):
    def __init__(self, seed: int = 0):
        self.players = 2
        self.board = [-1] * 9
        self.to_move = 0
        self.outcome = None
        self.history = []
        self.rng = random.Random(seed)

    def clone(self):
        c = TicTacToeState.__new__(TicTacToeState)
        c.players = 2
        c.board = self.board[:]
        c.to_move = self.to_move
        c.outcome = self.outcome
        c.history = self.history[:]
        c.rng = _copy_rng(self.rng)
        return c

    def legal_moves(self):
        if self.outcome is not None:
            return []
        return [_MARKS[i] for i in range(9) if self.board[i] < 0]

    def explain(self, move):
        if isinstance(move, Mark) and self.board[move.cell] >= 0:
            return "That cell is taken."
        return None

    def _apply(self, move):
        seat = self.to_move
        self.board[move.cell] = seat
        for a, b, c in _LINES:
            if self.board[a] == self.board[b] == self.board[c] == seat:
                sc = [0, 0]
                sc[seat] = 1
                self.outcome = Outcome(tuple(sc), (seat,), "three in a row")
                self.to_move = None
                return
        if min(self.board) >= 0:
            self.outcome = Outcome((0, 0), (0, 1), "the board is full")
            self.to_move = None
            return
        self.to_move = 1 - seat

    def scores(self):
        return list(self.outcome.scores) if self.outcome else [0, 0]

    def view(self, seat):
        return {k: v for k, v in self.to_json().items() if k != "rng"}

    def to_json(self):
        return {
            "board": list(self.board),
            "to_move": self.to_move,
            "outcome": None if self.outcome is None else [list(self.outcome.scores), list(self.outcome.winners)],
            "history": [str(m) for m in self.history],
            "rng": _rng_json(self.rng),
        }


class TicTacToeSpec(GameSpec):
    id = "ttt"
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2

    def new_game(self, players, seed, options=None):
        self.check_players(players)
        self.resolved_options(options)
        return TicTacToeState(seed)


# ---------------------------------------------------------------------------
# Nim with multi-decision turns
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Take:
    heap: int

    def __str__(self) -> str:
        return f"t{self.heap + 1}"

    @property
    def targets(self) -> tuple:
        return (("heap", self.heap),)


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "e"

    @property
    def targets(self) -> tuple:
        return (("button", "end"),)


END = EndTurn()
HEAPS = {"1-2-3": (1, 2, 3), "3-4-5": (3, 4, 5), "2-2": (2, 2)}


class NimState(State):
    def __init__(self, heaps, seed: int = 0):
        self.players = 2
        self.heaps = list(heaps)
        self.to_move = 0
        self.taking_from = None  # heap taken from this turn
        self.outcome = None
        self.history = []
        self.rng = random.Random(seed)

    def clone(self):
        c = NimState.__new__(NimState)
        c.players = 2
        c.heaps = self.heaps[:]
        c.to_move = self.to_move
        c.taking_from = self.taking_from
        c.outcome = self.outcome
        c.history = self.history[:]
        c.rng = _copy_rng(self.rng)
        return c

    def legal_moves(self):
        if self.outcome is not None:
            return []
        if self.taking_from is None:
            return [Take(i) for i, n in enumerate(self.heaps) if n > 0]
        moves = [Take(self.taking_from)] if self.heaps[self.taking_from] else []
        return moves + [END]

    def explain(self, move):
        if isinstance(move, EndTurn):
            return "Take at least one stone first."
        if self.taking_from is not None and move.heap != self.taking_from:
            return "Take from one heap only in a turn."
        return "That heap is empty."

    def _apply(self, move):
        if isinstance(move, EndTurn):
            self.taking_from = None
            self.to_move = 1 - self.to_move
            return
        self.heaps[move.heap] -= 1
        self.taking_from = move.heap
        if not any(self.heaps):
            sc = [0, 0]
            sc[self.to_move] = 1
            self.outcome = Outcome(tuple(sc), (self.to_move,), "took the last stone")
            self.to_move = None
            self.taking_from = None

    def scores(self):
        return list(self.outcome.scores) if self.outcome else [0, 0]

    def view(self, seat):
        return self.to_json()

    def to_json(self):
        return {
            "heaps": list(self.heaps),
            "to_move": self.to_move,
            "taking_from": self.taking_from,
            "outcome": None if self.outcome is None else list(self.outcome.winners),
            "history": [str(m) for m in self.history],
        }


class NimSpec(GameSpec):
    id = "nim"
    title = "Nim"
    min_players = 2
    max_players = 2
    options = (Option("heaps", "Heaps", tuple(HEAPS)),)

    def new_game(self, players, seed, options=None):
        self.check_players(players)
        opts = self.resolved_options(options)
        return NimState(HEAPS[opts["heaps"]], seed)


# ---------------------------------------------------------------------------
# A hidden-information card game with a die
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    value: int

    def __str__(self) -> str:
        return f"p{self.value}"

    @property
    def targets(self) -> tuple:
        return (("hand", self.value),)


@dataclass(frozen=True)
class Roll:
    def __str__(self) -> str:
        return "r"

    @property
    def targets(self) -> tuple:
        return (("button", "roll"),)


ROLL = Roll()
HAND_SIZE = 3


class CardsState(State):
    """Cards 1..6, three of each, shuffled at set-up. A turn: play one or two
    cards from your hand (score their values), roll the die at most once
    (4-6 scores die-3, 1-3 loses a point), then end ("e"), which draws back
    to three cards. After `turns` turns each, the highest score wins."""

    def __init__(self, players: int, seed: int, turns: int):
        self.players = players
        self.rng = random.Random(seed)
        deck = [v for v in range(1, 7) for _ in range(3)]
        self.rng.shuffle(deck)
        self.deck = deck  # top card is deck[-1]
        self.hands = [sorted(deck.pop() for _ in range(HAND_SIZE)) for _ in range(players)]
        self.points = [0] * players
        self.table = [[] for _ in range(players)]  # cards played, face up
        self.rolls = []  # (seat, die)
        self.played = 0  # cards played this turn
        self.rolled = False
        self.turns_left = turns * players
        self.to_move = 0
        self.outcome = None
        self.history = []

    def clone(self):
        c = CardsState.__new__(CardsState)
        c.players = self.players
        c.rng = _copy_rng(self.rng)
        c.deck = self.deck[:]
        c.hands = [h[:] for h in self.hands]
        c.points = self.points[:]
        c.table = [t[:] for t in self.table]
        c.rolls = self.rolls[:]
        c.played = self.played
        c.rolled = self.rolled
        c.turns_left = self.turns_left
        c.to_move = self.to_move
        c.outcome = self.outcome
        c.history = self.history[:]
        return c

    def legal_moves(self):
        if self.outcome is not None:
            return []
        moves = []
        if self.played < 2:
            moves += [Play(v) for v in sorted(set(self.hands[self.to_move]))]
        if not self.rolled:
            moves.append(ROLL)
        if self.played or self.rolled or not self.hands[self.to_move]:
            moves.append(END)
        return moves

    def explain(self, move):
        if isinstance(move, Play):
            if self.played >= 2:
                return "Two cards a turn at most."
            return "You have no such card."
        if isinstance(move, Roll):
            return "One roll a turn."
        return "Play a card or roll first."

    def reveals(self, move):
        # Ending the turn draws cards from the deck: new information.
        return isinstance(move, EndTurn) and bool(self.deck) and len(self.hands[self.to_move]) < HAND_SIZE

    def _apply(self, move):
        seat = self.to_move
        if isinstance(move, Play):
            self.hands[seat].remove(move.value)
            self.table[seat].append(move.value)
            self.points[seat] += move.value
            self.played += 1
        elif isinstance(move, Roll):
            die = self.rng.randint(1, 6)
            self.rolls.append((seat, die))
            self.points[seat] += die - 3 if die >= 4 else -1
            self.rolled = True
        else:
            hand = self.hands[seat]
            while len(hand) < HAND_SIZE and self.deck:
                hand.append(self.deck.pop())
            hand.sort()
            self.played = 0
            self.rolled = False
            self.turns_left -= 1
            if self.turns_left == 0:
                best = max(self.points)
                self.outcome = Outcome(
                    tuple(self.points), tuple(i for i, p in enumerate(self.points) if p == best), "all turns played"
                )
                self.to_move = None
            else:
                self.to_move = (seat + 1) % self.players

    def scores(self):
        return list(self.points)

    def view(self, seat):
        return {
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "points": list(self.points),
            "table": [list(t) for t in self.table],
            "rolls": [list(r) for r in self.rolls],
            "played": self.played,
            "rolled": self.rolled,
            "turns_left": self.turns_left,
            "to_move": self.to_move,
            "history": [str(m) for m in self.history],
        }

    def determinize(self, seat, rng):
        d = self.clone()
        pool = [c for s, h in enumerate(d.hands) if s != seat for c in h] + d.deck
        pool.sort()  # depend only on what the seat may know, never on the true order
        rng.shuffle(pool)
        for s in range(d.players):
            if s != seat:
                n = len(d.hands[s])
                d.hands[s] = sorted(pool[:n])
                del pool[:n]
        d.deck = pool
        d.rng = random.Random(rng.getrandbits(64))  # future dice unknown as well
        return d

    def to_json(self):
        return {
            "rng": _rng_json(self.rng),
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "points": list(self.points),
            "table": [list(t) for t in self.table],
            "rolls": [list(r) for r in self.rolls],
            "played": self.played,
            "rolled": self.rolled,
            "turns_left": self.turns_left,
            "to_move": self.to_move,
            "outcome": None if self.outcome is None else [list(self.outcome.scores), list(self.outcome.winners)],
            "history": [str(m) for m in self.history],
        }


class CardsSpec(GameSpec):
    id = "cards"
    title = "Cards"
    min_players = 2
    max_players = 3
    hidden_information = True
    options = (Option("turns", "Turns each", (4, 3, 6)),)

    def new_game(self, players, seed, options=None):
        self.check_players(players)
        opts = self.resolved_options(options)
        return CardsState(players, seed, opts["turns"])

    def parse_move(self, state, text):
        text = text.strip()
        moves = {"r": ROLL, "e": END}
        if text in moves:
            move = moves[text]
        elif len(text) == 2 and text[0] == "p" and text[1] in "123456":
            move = Play(int(text[1]))
        else:
            raise IllegalMove(f"{text!r} is not a move of this game.")
        return move


TTT = TicTacToeSpec()
NIM = NimSpec()
CARDS = CardsSpec()
TOY_GAMES = {spec.id: spec for spec in (TTT, NIM, CARDS)}


def nim_value(heaps) -> int:
    x = 0
    for h in heaps:
        x ^= h
    return x

"""SkyRunner: the rules engine (pure Python, no pygame).

The building has three sections (lower, middle, top), each a wall of G grooves
(columns) and H squares. A figure's place is (y, g): y = 0 is the ground,
1..H the lower wall, H+1..2H the middle, 2H+1..3H the top and 3H+1 the roof;
g is the groove in the section of y. A square (y, g) with 1 <= y <= 3H holds
at most one figure; the ground holds any number.

Cards are short strings: "N1".."N8" number cards, "P" the parasite, "C2".."C5"
climbing cards, "E" equipment, "L" lost equipment, "S" sabotage and "X2"/"X3"
crash cards. A round's secret choices are a sequence of moves, one per seat
from the starting player on (see design.md, "Simultaneous choices"); the last
choice reveals them all and the cards act. The rulings behind the code are
written down in seeds/skyrunner.md.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.core import GameSpec, IllegalMove, Option, Outcome, State, confirmed, seat_ref

NUMBERS = tuple(f"N{v}" for v in range(1, 9))
# Ruling 1: the 25 climbing cards' values (the rulebook's pictures are missing).
CLIMB_VALUES = {2: 5, 3: 7, 4: 7, 5: 6}
EQUIPMENT = 12
LOST = 2
SABOTAGE = 4
CRASHES = ("X2", "X3")
ROUND_LIMIT = 250  # Ruling 14: a safety end for games where nobody gets up
SABOTAGE_DROP = 3
OVERTAKE_MIN = 4

CARD_NAMES = {"P": "Parasite", "E": "Equipment", "L": "Lost equipment", "S": "Sabotage"}


def card_name(card: str) -> str:
    """Plain words for a card, as the log and the panel show it."""
    if card in CARD_NAMES:
        return CARD_NAMES[card]
    kind, value = card[0], card[1:]
    return {"N": "Number ", "C": "Climb ", "X": "Crash "}[kind] + value


def seat_name(seat: int) -> str:
    return seat_ref(seat)  # the app shows the player's name there


def action_deck() -> list[str]:
    deck = [f"C{v}" for v, n in sorted(CLIMB_VALUES.items()) for _ in range(n)]
    deck += ["E"] * EQUIPMENT + ["L"] * LOST + ["S"] * SABOTAGE + list(CRASHES)
    return deck


@dataclass(frozen=True)
class SkyMove:
    """kind "c": choose `card` face down (L and S name a `target` seat);
    "u": use the lost equipment or sabotage just won on `target`; "k": keep it."""

    kind: str
    card: str = ""
    target: int = -1

    def __str__(self) -> str:
        if self.kind == "c":
            return self.card + (f" p{self.target + 1}" if self.target >= 0 else "")
        if self.kind == "u":
            return f"use p{self.target + 1}"
        return "keep"

    @property
    def targets(self) -> tuple:
        """Playing or using a lost equipment or sabotage against someone (rare
        cards) takes a second, confirming click on that player."""
        if self.kind == "c":
            path = (("card", self.card),)
            return confirmed(path + (("seat", self.target),)) if self.target >= 0 else path
        if self.kind == "u":
            return confirmed((("seat", self.target),))
        return (("button", "keep"),)


KEEP = SkyMove("k")


class SkyState(State):
    def __init__(self, players: int, grooves: tuple, squares: int, seed: int):
        self.players = players
        self.grooves = tuple(grooves)
        self.squares = squares
        self.roof = 3 * squares + 1
        self.rng = random.Random(seed)
        self.history = []
        self.outcome = None
        self.pos = [[0, s % grooves[0]] for s in range(players)]
        self.numbers = [list(range(1, 9)) for _ in range(players)]
        self.parasite = [True] * players
        self.used = [[] for _ in range(players)]  # each player's own face-up pile
        deck = action_deck()
        self.hand = []
        for _ in range(players):
            start = ["C3", "C4", "E"]
            for card in start:
                deck.remove(card)
            self.hand.append(sorted(start))
        self.rng.shuffle(deck)
        self.main = deck  # the top card is the last one
        self.discard: list[str] = []
        self.debts = [[] for _ in range(players)]  # "C" or "E": the next such card is lost
        self.open: str | None = None
        self.start = 0
        self.round = 0
        self.chosen: list = [None] * players  # [card, target] per seat this round
        self.phase = "choose"
        self.pending: list | None = None  # [seat, card] while a won L/S waits for use/keep
        self.last_round: dict | None = None
        self.to_move = 0
        self._new_round(first=True)

    # ---- geometry ----------------------------------------------------------
    def section(self, y: int) -> int:
        """0, 1, 2 for the walls (the ground counts as the lower wall), 3 for the roof."""
        if y <= 0:
            return 0
        return min(3, (y - 1) // self.squares)

    def occupant(self, y: int, g: int, but: int = -1):
        if y <= 0 or y >= self.roof:
            return None
        for s, (py, pg) in enumerate(self.pos):
            if s != but and py == y and pg == g:
                return s
        return None

    def _ledge_groove(self, y: int, mover: int) -> int:
        """After passing a ledge the figure may take any groove (ruling 6): the one
        with the longest free run above y, the leftmost of equals."""
        best, best_run = 0, -1
        top = self.squares * (self.section(y) + 1)
        for g in range(self.grooves[self.section(y)]):
            run = 0
            while y + run <= top and self.occupant(y + run, g, mover) is None:
                run += 1
            if run > best_run:
                best, best_run = g, run
        return best

    def _straight(self, seat: int, y: int, g: int, steps: int, value: int, equipment: int):
        """Climb `steps` squares up groove g from y. Returns (y, g, equipment used,
        figures passed) of the highest square the figure may stop on."""
        rest = (y, g, 0, 0)
        used = passed = 0
        for _ in range(steps):
            ny = y + 1
            if ny >= self.roof or (y > 0 and y % self.squares == 0):
                if used >= equipment:  # the roof and every ledge need equipment
                    break
                used += 1
                if ny >= self.roof:
                    return (self.roof, 0, used, passed)
                g = self._ledge_groove(ny, seat)
            if self.occupant(ny, g, seat) is not None:
                if value < OVERTAKE_MIN or used >= equipment:
                    break
                used += 1
                passed += 1
            y = ny
            if self.occupant(y, g, seat) is None:
                rest = (y, g, used, passed)
        return rest

    def climb_plan(self, seat: int, value: int):
        """Where a climbing card of `value` takes the figure: the highest reach
        over every way up (straight, or sideways first, ruling 5), then the fewest
        equipment cards, the fewest sideways steps, the nearest groove, the leftmost.
        Returns (y, g, equipment used, sideways steps, figures passed)."""
        y, g = self.pos[seat]
        equipment = self.hand[seat].count("E")
        best = None
        for g2 in range(self.grooves[self.section(y)]):
            side = abs(g2 - g) if y > 0 else 0
            if side >= value:
                continue
            step = 1 if g2 > g else -1
            if y > 0 and any(self.occupant(y, gg, seat) is not None for gg in range(g + step, g2 + step, step)):
                continue
            ey, eg, used, passed = self._straight(seat, y, g2, value - side, value, equipment)
            key = (ey, -used, -side, -abs(g2 - g), -g2)
            if best is None or key > best[0]:
                best = (key, (ey, eg, used, side, passed))
        return best[1]

    # ---- setting up a round ------------------------------------------------
    def _new_round(self, first: bool = False) -> None:
        if not first:
            self.start = (self.start + 1) % self.players  # the main set passes to the left
        self.round += 1
        if self.round > ROUND_LIMIT:
            self._end_by_limit()
            return
        if self.open is None:
            if not self.main and self.discard:
                self.main = sorted(self.discard)
                self.discard = []
                self.rng.shuffle(self.main)
            if self.main:
                self.open = self.main.pop()
        self.chosen = [None] * self.players
        self.phase = "choose"
        self.pending = None
        self.to_move = self.start

    def _end_by_limit(self) -> None:
        best = max(p[0] for p in self.pos)
        winners = tuple(s for s in range(self.players) if self.pos[s][0] == best)
        self._finish(winners, f"After {ROUND_LIMIT} rounds nobody reached the roof: the highest climber wins.")

    def _finish(self, winners: tuple, reason: str) -> None:
        self.outcome = Outcome(tuple(self.scores()), winners, reason)
        self.to_move = None
        self.phase = "over"

    # ---- moves -------------------------------------------------------------
    def choices(self, seat: int) -> list[SkyMove]:
        """The cards `seat` may put face down this round."""
        moves = [SkyMove("c", f"N{v}") for v in self.numbers[seat]]
        if self.open in CRASHES:
            return moves  # a crash card up: number cards only
        if self.parasite[seat]:
            moves.append(SkyMove("c", "P"))
        hand = self.hand[seat]
        for card in sorted({c for c in hand if c[0] == "C"}):
            moves.append(SkyMove("c", card))
        others = [t for t in range(self.players) if t != seat]
        for card in ("L", "S"):
            if card in hand:
                moves.extend(SkyMove("c", card, t) for t in others)
        return moves

    def legal_moves(self) -> list[SkyMove]:
        if self.outcome is not None:
            return []
        if self.phase == "use":
            seat = self.pending[0]
            return [SkyMove("u", "", t) for t in range(self.players) if t != seat] + [KEEP]
        return self.choices(self.to_move)

    def explain(self, move) -> str | None:
        if not isinstance(move, SkyMove):
            return "That is not a SkyRunner move."
        if self.phase == "use":
            if move.kind == "c":
                return f"First decide about the {card_name(self.pending[1])} just won: use it now or keep it."
            if move.target == self.to_move:
                return "Use it on another player, not on yourself."
            return "Pick another player, or keep the card."
        if move.kind != "c":
            return "Nothing was won that could be used now: choose a card to play face down."
        seat = self.to_move
        card = move.card
        if self.open in CRASHES and card[0] != "N":
            return "A crash card is up: everyone must play a number card."
        if card[0] == "N" and int(card[1:]) not in self.numbers[seat]:
            return f"Your {card_name(card)} is already on your own pile; it comes back once all eight are used."
        if card == "P" and not self.parasite[seat]:
            return "Your parasite is on your own pile; it comes back with your number cards."
        if card in ("E",):
            return "Equipment is never played alone: it goes with a climbing card when the climb needs it."
        if card in ("L", "S") and move.target == seat:
            return f"Play the {card_name(card)} against another player."
        if card[0] in "CLS" and card not in self.hand[seat]:
            return f"You have no {card_name(card)} in your hand."
        return None

    def explain_click(self, path: tuple) -> str:
        first = path[0]
        if first == ("button", "keep") and self.phase != "use":
            return "Nothing to keep now: keeping is for a lost equipment or sabotage just won."
        if self.phase == "use":
            if first[0] == "seat" and first[1] == self.to_move:
                return "Use it on another player, not on yourself."
            return f"Pick a player to use the {card_name(self.pending[1])} on, or keep it."
        if first[0] == "card":
            reason = self.explain(SkyMove("c", first[1]))
            if reason:
                return reason
            if len(path) > 1:
                return "Pick another player's figure or name as the target."
            return "That card cannot be played now."
        if first[0] == "seat":
            return "Choose a card from your hand first (lost equipment and sabotage then ask for a player)."
        return "Choose one card from your hand to play face down."

    def _apply(self, move: SkyMove) -> None:
        seat = self.to_move
        if move.kind == "c":
            self.chosen[seat] = [move.card, move.target]
            nxt = self._next_chooser(seat)
            if nxt is None:
                self._resolve()
            else:
                self.to_move = nxt
            return
        card = self.pending[1]
        self.pending = None
        if move.kind == "u":
            self.last_round["notes"].append(f"{seat_name(seat)} uses {card_name(card)} at once on {seat_name(move.target)}")
            self._attack(seat, card, move.target)
            self.discard.append(card)
        else:
            self._receive(seat, card)
            self.last_round["notes"].append(f"{seat_name(seat)} keeps {card_name(card)}")
        if self.outcome is None:
            self._new_round()

    def _next_chooser(self, seat: int):
        for k in range(1, self.players):
            s = (seat + k) % self.players
            if self.chosen[s] is None:
                return s
        return None

    def reveals(self, move) -> bool:
        """The last choice of a round shows every card and turns up the next one."""
        if move.kind != "c":
            return True
        return self._next_chooser(self.to_move) is None

    # ---- a round's cards act ----------------------------------------------
    def _resolve(self) -> None:
        order = [(self.start + k) % self.players for k in range(self.players)]
        plays = [[s] + list(self.chosen[s]) for s in order]
        summary = {"round": self.round, "start": self.start, "open": self.open, "plays": plays,
                   "winner": None, "won": None, "hit": None, "cancelled": False, "parasite": None,
                   "moves": [], "notes": []}
        self.last_round = summary
        self.chosen = [None] * self.players
        climbs = []
        for seat, card, target in plays:  # cards leave the hands first: all were face down
            if card[0] == "N":
                self.numbers[seat].remove(int(card[1:]))
                self.used[seat].append(card)
            elif card == "P":
                self.parasite[seat] = False
                self.used[seat].append(card)
            else:
                self.hand[seat].remove(card)
        for seat, card, target in plays:  # ruling 9: climbs and attacks in turn order
            if card[0] == "C":
                climbs.append(card)
                self._climb(seat, int(card[1:]))
                if self.outcome is not None:
                    return
            elif card in ("L", "S"):
                self._attack(seat, card, target)
                self.discard.append(card)
        self._settle_bids(plays, summary)
        parasites = [seat for seat, card, _ in plays if card == "P"]
        if len(parasites) == 1 and climbs:
            summary["parasite"] = parasites[0]
            summary["notes"].append(f"{seat_name(parasites[0])}'s parasite takes " + ", ".join(card_name(c) for c in climbs))
            for card in climbs:
                self._receive(parasites[0], card)
        else:
            if len(parasites) > 1:
                summary["notes"].append("The parasites cancel each other out")
            self.discard.extend(climbs)
        for seat in range(self.players):  # ruling 11: all eight numbers used, they come back
            if not self.numbers[seat]:
                self.numbers[seat] = list(range(1, 9))
                self.parasite[seat] = True
                self.used[seat] = []
                summary["notes"].append(f"{seat_name(seat)} takes back all number cards")
        won = summary["won"]
        if won in ("L", "S"):
            self.phase = "use"
            self.pending = [summary["winner"], won]
            self.to_move = summary["winner"]
            return
        self._new_round()

    def _settle_bids(self, plays, summary) -> None:
        bids = [(int(card[1:]), seat) for seat, card, _ in plays if card[0] == "N"]
        card = self.open
        if card is None or not bids:
            return
        counts = {}
        for v, _ in bids:
            counts[v] = counts.get(v, 0) + 1
        single = sorted((v, s) for v, s in bids if counts[v] == 1)
        if not single:
            summary["cancelled"] = True
            summary["notes"].append(f"All bids cancel: the {card_name(card)} stays up")
            return
        self.open = None
        if card in CRASHES:
            value, seat = single[0]  # the lowest number nobody else played
            summary["hit"] = seat
            summary["notes"].append(f"{card_name(card)} hits {seat_name(seat)} (lowest single bid {value})")
            self._drop(seat, int(card[1:]), card)
            self.discard.append(card)
            return
        value, seat = single[-1]
        summary["winner"], summary["won"] = seat, card
        summary["notes"].append(f"{seat_name(seat)} wins the {card_name(card)} with {value}")
        if card not in ("L", "S"):
            self._receive(seat, card)

    def _receive(self, seat: int, card: str) -> None:
        """A card comes into a hand, unless a debt claims it (rulings 12 and 13)."""
        kind = "C" if card[0] == "C" else card
        if kind in self.debts[seat]:
            self.debts[seat].remove(kind)
            self.discard.append(card)
            self.last_round["notes"].append(f"{seat_name(seat)} must hand over the {card_name(card)} that was owed")
            return
        self.hand[seat].append(card)
        self.hand[seat].sort()

    def _climb(self, seat: int, value: int) -> None:
        y0, g0 = self.pos[seat]
        y, g, used, side, passed = self.climb_plan(seat, value)
        for _ in range(used):
            self.hand[seat].remove("E")
            self.discard.append("E")
        self.pos[seat] = [y, g]
        note = f"{seat_name(seat)} climbs {y - y0}" + ("" if y - y0 == value - side else f" of {value}")
        extras = []
        if side:
            extras.append(f"{side} sideways")
        if used:
            extras.append(f"{used} equipment")
        if extras:
            note += " (" + ", ".join(extras) + ")"
        self.last_round["notes"].append(note)
        self.last_round["moves"].append([seat, [y0, g0], [y, g], "climb"])
        if y >= self.roof:
            # the reason is shown as it is, so it names no seat (the headline names the winner)
            self._finish((seat,), "The first climber reached the roof.")

    def _attack(self, seat: int, card: str, target: int) -> None:
        if card == "L":
            if "E" in self.hand[target]:
                self.hand[target].remove("E")
                self.discard.append("E")
                self.last_round["notes"].append(f"{seat_name(target)} loses an Equipment")
            else:
                self.debts[target].append("E")
                self.last_round["notes"].append(f"{seat_name(target)} has no Equipment and owes the next one")
        else:
            self._drop(target, SABOTAGE_DROP, card)

    def _drop(self, seat: int, amount: int, card: str) -> None:
        """Sabotage or crash: down `amount` squares; on the ground a climbing card is
        handed over (ruling 12) or owed."""
        if self.pos[seat][0] == 0:
            least = 3 if card == "S" else amount
            fits = [c for c in self.hand[seat] if c[0] == "C" and int(c[1:]) >= least]
            if fits:
                self.hand[seat].remove(fits[0])
                self.discard.append(fits[0])
                self.last_round["notes"].append(f"{seat_name(seat)} is on the ground and hands over {card_name(fits[0])}")
            else:
                self.debts[seat].append("C")
                self.last_round["notes"].append(f"{seat_name(seat)} is on the ground and owes the next climbing card")
            return
        self._fall(seat, amount, card)

    def _fall(self, seat: int, amount: int, why: str) -> None:
        """Straight down (never below the ground); a figure landed on goes down
        by as much (ruling 8), and so on."""
        y0, g0 = self.pos[seat]
        y = max(0, y0 - amount)
        g = min(g0, self.grooves[self.section(y)] - 1)
        under = self.occupant(y, g, seat)
        self.pos[seat] = [y, g]
        self.last_round["notes"].append(f"{seat_name(seat)} falls {y0 - y}")
        self.last_round["moves"].append([seat, [y0, g0], [y, g], why])
        if under is not None:
            self._fall(under, y0 - y, why)

    # ---- reading the state ---------------------------------------------------
    def scores(self) -> list[int]:
        return [min(p[0], self.roof) for p in self.pos]

    def phase_label(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        if self.phase == "use":
            return f"{card_name(self.pending[1])} won: pick a player to use it on now, or keep it."
        if self.open in CRASHES:
            return "A crash card is up: play a number card face down."
        return "Choose a card to play face down."

    def move_label(self, move) -> str:
        """The log line; a hidden choice says nothing about the card until the round
        is revealed, and then the whole round is summed up."""
        if move.kind == "c":
            if not self.reveals(move):
                return f"{seat_name(self.to_move)} puts a card face down"
            after = self.clone()
            after._apply(move)
            return round_summary(after.last_round)
        if move.kind == "u":
            return f"{seat_name(self.to_move)} uses {card_name(self.pending[1])} on {seat_name(move.target)}"
        return f"{seat_name(self.to_move)} keeps the {card_name(self.pending[1])}"

    def confirm_label(self, move) -> str:
        card = move.card if move.kind == "c" else self.pending[1] if self.pending else ""
        if move.kind in ("c", "u") and move.target >= 0:
            return f"{seat_name(self.to_move)} plays the {card_name(card)} against {seat_name(move.target)}"
        return self.move_label(move)

    def public_seat(self, s: int) -> dict:
        return {"numbers": list(self.numbers[s]), "parasite": self.parasite[s], "used": list(self.used[s]),
                "cards": len(self.hand[s]), "debts": list(self.debts[s]), "chosen": self.chosen[s] is not None}

    def view(self, seat: int) -> dict:
        return {
            "players": self.players, "grooves": list(self.grooves), "squares": self.squares, "roof": self.roof,
            "round": self.round, "start": self.start, "to_move": self.to_move, "phase": self.phase,
            "open": self.open, "main": len(self.main), "discard": len(self.discard),
            "figures": [list(p) for p in self.pos],
            "seats": [self.public_seat(s) for s in range(self.players)],
            "seat": seat, "hand": list(self.hand[seat]),
            "my_choice": list(self.chosen[seat]) if self.chosen[seat] else None,
            "pending": list(self.pending) if self.pending else None,
            "last_round": self.last_round,
            "scores": self.scores(),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    def to_json(self) -> dict:
        return {
            "players": self.players, "grooves": list(self.grooves), "squares": self.squares,
            "round": self.round, "start": self.start, "to_move": self.to_move, "phase": self.phase,
            "open": self.open, "main": list(self.main), "discard": list(self.discard),
            "pos": [list(p) for p in self.pos], "numbers": [list(n) for n in self.numbers],
            "parasite": list(self.parasite), "used": [list(u) for u in self.used],
            "hand": [list(h) for h in self.hand], "debts": [list(d) for d in self.debts],
            "chosen": [list(c) if c else None for c in self.chosen],
            "pending": list(self.pending) if self.pending else None, "last_round": self.last_round,
            "history": [str(m) for m in self.history], "rng": self.rng_json(),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    def clone(self) -> "SkyState":
        other = object.__new__(SkyState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng_copy()
        other.history = list(self.history)
        other.pos = [list(p) for p in self.pos]
        other.numbers = [list(n) for n in self.numbers]
        other.parasite = list(self.parasite)
        other.used = [list(u) for u in self.used]
        other.hand = [list(h) for h in self.hand]
        other.main = list(self.main)
        other.discard = list(self.discard)
        other.debts = [list(d) for d in self.debts]
        other.chosen = [list(c) if c else None for c in self.chosen]
        other.pending = list(self.pending) if self.pending else None
        # last_round is replaced, never changed, once a round is over; copy its lists anyway
        if self.last_round is not None:
            lr = dict(self.last_round)
            lr["notes"] = list(lr["notes"])
            lr["moves"] = list(lr["moves"])
            other.last_round = lr
        return other

    def determinize(self, seat: int, rng: random.Random) -> "SkyState":
        """Other hands' action cards and the main set's order are unknown to `seat`,
        and so are the cards the others have put face down this round. The unseen
        cards are pooled in sorted order first, so what is hidden cannot steer the sample."""
        d = self.clone()
        others = [s for s in range(self.players) if s != seat]
        pool = sorted(d.main + [c for s in others for c in d.hand[s]])
        rng.shuffle(pool)
        for s in others:
            k = len(d.hand[s])
            d.hand[s] = sorted(pool[:k])
            pool = pool[k:]
        d.main = pool
        for s in others:
            if d.chosen[s] is not None:
                options = d.choices(s)
                pick = options[rng.randrange(len(options))]
                d.chosen[s] = [pick.card, pick.target]
        d.history = []  # the moves behind the hidden choices are not the seat's to read
        return d


def round_summary(lr: dict) -> str:
    """One log line for a revealed round: who played what, who won, who moved."""
    plays = []
    for seat, card, target in lr["plays"]:
        text = card_name(card)
        if target >= 0:
            text += f" on {seat_name(target)}"
        plays.append(f"{seat_name(seat)} {text}")
    up = card_name(lr["open"]) if lr["open"] else "no card"
    line = f"Round {lr['round']} ({up} up): " + ", ".join(plays) + "."
    if lr["notes"]:
        line += " " + "; ".join(lr["notes"]) + "."
    return line


class SkySpec(GameSpec):
    id = "skyrunner"
    title = "SkyRunner"
    min_players = 2
    max_players = 5
    hidden_information = True
    blurb = "Bid secret number cards for climbing gear; race to the roof."
    options = (
        Option("lower", "Grooves, lower wall", ("players", 1, 2, 3, 4, 5),
               labels=("One per player", "1", "2", "3", "4", "5"),
               help="Columns on the lowest wall; the rulebook suggests one per player."),
        Option("middle", "Grooves, middle wall", (1, 2, 3, 4, 5),
               help="Columns on the middle wall. Fewer grooves mean more overtaking and a harder climb."),
        Option("top", "Grooves, top wall", (1, 2, 3, 4, 5),
               help="Columns on the top wall, below the roof."),
        Option("squares", "Squares per wall", (8, 10, 12, 15),
               help="How many squares each wall is high (12 is standard)."),
    )
    _DEFAULTS = {"lower": "players", "middle": 2, "top": 1, "squares": 12}

    def default_choice_index(self, option: Option) -> int:
        return option.choices.index(self._DEFAULTS[option.key])

    def new_game(self, players: int, seed: int, options: dict | None = None) -> SkyState:
        self.check_players(players)
        opts = self.resolved_options(options)
        lower = players if opts["lower"] == "players" else opts["lower"]
        return SkyState(players, (lower, opts["middle"], opts["top"]), opts["squares"], seed)

    def parse_move(self, state: SkyState, text: str) -> SkyMove:
        """The move written `text`, legal now or not (check() says why not)."""
        parts = str(text).split()
        target = -1
        if len(parts) == 2 and parts[1][:1] == "p" and parts[1][1:].isdigit():
            target = int(parts[1][1:]) - 1
        if parts == ["keep"]:
            return KEEP
        if len(parts) == 2 and parts[0] == "use" and target >= 0:
            return SkyMove("u", "", target)
        card = parts[0] if parts else ""
        valid = card in NUMBERS or card in ("P", "E") or card in {f"C{v}" for v in CLIMB_VALUES}
        if valid and len(parts) == 1:
            return SkyMove("c", card)
        if card in ("L", "S") and target >= 0:
            return SkyMove("c", card, target)
        raise IllegalMove(f"{text!r} is not SkyRunner notation: write a card such as N5, C4 or P, "
                          "S p2 or L p2 for an attack, use p2 or keep.")


SPEC = SkySpec()

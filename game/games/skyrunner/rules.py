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
from functools import lru_cache
from typing import TypedDict

from ...engine.core import GameSpec, IllegalMove, Option, Outcome, Shuffle, State, confirmed, seat_ref
from ...engine.present import LogEntry

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
    """A card's name in plain words: the rules' refusals name cards, and so do words.py
    and the scene."""
    if card in CARD_NAMES:
        return CARD_NAMES[card]
    kind, value = card[0], card[1:]
    return {"N": "Number ", "C": "Climb ", "X": "Crash "}[kind] + value


def action_deck() -> list[str]:
    deck = [f"C{v}" for v, n in sorted(CLIMB_VALUES.items()) for _ in range(n)]
    deck += ["E"] * EQUIPMENT + ["L"] * LOST + ["S"] * SABOTAGE + list(CRASHES)
    return deck


@dataclass(frozen=True)
class SkyRunnerMove:
    """One decision of a SkyRunner player; `kind` says which (its notation in brackets):
    "play"   put `card` face down ("N5"); a lost equipment or sabotage names the seat
             it is `against` when the targets option is "laid" ("S p2")
    "use"    use the lost equipment or sabotage just won on the seat `against` ("use p2")
    "keep"   keep it for later ("keep")
    "aim"    name the seat `against` which an acting lost equipment or sabotage goes ("on p2")
    "route"  end a climb on the square at `height` in `groove`, 0 the leftmost ("to 14 g2")
    Fields a kind does not use keep their defaults."""

    kind: str
    card: str = ""
    against: int = -1
    height: int = -1
    groove: int = -1

    def __str__(self) -> str:
        if self.kind == "play":
            return self.card + (f" p{self.against + 1}" if self.against >= 0 else "")
        if self.kind == "use":
            return f"use p{self.against + 1}"
        if self.kind == "aim":
            return f"on p{self.against + 1}"
        if self.kind == "route":
            return f"to {self.height} g{self.groove + 1}"
        return "keep"

    @property
    def targets(self) -> tuple:
        """Playing or using a lost equipment or sabotage against someone (rare
        cards) takes a second, confirming click on that player."""
        if self.kind == "play":
            path = (("card", self.card),)
            return confirmed(path + (("seat", self.against),)) if self.against >= 0 else path
        if self.kind in ("use", "aim"):
            return confirmed((("seat", self.against),))
        if self.kind == "route":
            return (("square", self.height, self.groove),)
        return (("button", "keep"),)


@dataclass(frozen=True)
class Route:
    """One way a climbing card can take a figure: where it ends, the equipment it
    spends, the sideways steps it takes and the squares it goes through."""

    y: int
    g: int
    used: int
    side: int
    passed: int
    path: tuple  # (y, g) squares from the start to the end


KEEP = SkyRunnerMove("keep")
# Moves are immutable: the legal move lists, made again for every position the
# search visits, share one instance per move instead of building new ones.
shared_move = lru_cache(maxsize=None)(SkyRunnerMove)
NUMBER_MOVES = {v: SkyRunnerMove("play", f"N{v}") for v in range(1, 9)}
# the fields each kind of move sets; the others keep their defaults (UNSET)
MOVE_FIELDS = {"play": ("card", "against"), "use": ("against",), "aim": ("against",), "keep": (),
               "route": ("height", "groove")}
UNSET = {"card": "", "against": -1, "height": -1, "groove": -1}
PLAYABLE = frozenset(NUMBERS + ("P", "E", "L", "S") + tuple(f"C{v}" for v in CLIMB_VALUES))


@lru_cache(maxsize=None)
def well_formed(move: SkyRunnerMove) -> bool:
    """A known kind, and the fields it does not use left unset (once per move: the
    legal moves are shared instances)."""
    uses = MOVE_FIELDS.get(move.kind)
    return uses is not None and all(getattr(move, name) == unset for name, unset in UNSET.items() if name not in uses)


class SkyRunnerView(TypedDict):
    """What SkyRunnerState.view(seat) gives the screen of `seat`: the table, and that seat's own
    hand and hidden choice (the others' are only counted in `seats`)."""
    players: int
    grooves: list[int]
    squares: int
    roof: int
    round: int
    start: int
    to_move: int | None
    phase: str
    open: str | None
    main: int  # cards left in the draw pile
    discard: int
    figures: list[list[int]]
    seats: list[dict]  # public_seat of each seat
    seat: int  # whose view this is
    hand: list[str]
    my_choice: list | None  # this seat's hidden choice this round
    pending: list[int] | None
    acting: str | None
    routes: list[dict]  # the routes open to the seat to move (empty for the others)
    last_round: dict | None
    scores: list[int]
    outcome: dict | None  # Outcome.to_json()


class SkyRunnerState(State):
    _listed = ()  # the moves legal_moves gave last, until a move is applied

    def __init__(self, players: int, grooves: tuple, squares: int, seed: int, route: str = "choose",
                 targets: str = "act"):
        self.players = players
        self.route = route  # ruling 6: "choose" the climber picks among real choices, "auto" the game does
        self.targets = targets  # ruling 10: "act" name the target as the card acts, "laid" when laid down
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
        self.main = list(self.draw_chance(Shuffle(tuple(deck))))  # the top card is the last one
        self.discard: list[str] = []
        self.debts = [[] for _ in range(players)]  # "C" or "E": the next such card is lost
        self.open: str | None = None
        self.start = 0
        self.round = 0
        self.chosen: list = [None] * players  # [card, target] per seat this round
        self.phase = "choose"
        self.pending: list | None = None  # [seat, card] while a won L/S waits for use/keep
        self.acting: dict | None = None  # a revealed round's cards acting: plays, the next index
        self.routes: list = []  # the routes the climber chooses among (phase "route")
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

    def free_run(self, y: int, g: int, mover: int) -> int:
        """Free squares up groove g from y to the top of its wall."""
        top = self.squares * (self.section(y) + 1)
        run = 0
        while y + run <= top and self.occupant(y + run, g, mover) is None:
            run += 1
        return run

    def routes_for(self, seat: int, value: int) -> list[Route]:
        """Every way a climbing card of `value` can take the figure, one per end
        square (the cheapest way there), leaving out those another beats for no more
        equipment: one that ends higher, or as high for less equipment or fewer
        sideways steps (ruling 6).
        Sideways first (ruling 5), then straight up; at a ledge, the roof or a figure
        in the way the climber may spend equipment or stop; after a ledge any groove."""
        y, g = self.pos[seat]
        equipment = self.hand[seat].count("E")
        taken = self.taken_squares(seat)
        best: dict = {}
        for g2 in range(self.grooves[self.section(y)]):
            side = abs(g2 - g) if y > 0 else 0
            if side >= value:
                continue
            step = 1 if g2 > g else -1
            if y > 0 and any((y, gg) in taken for gg in range(g + step, g2 + step, step)):
                continue
            cap = self.roof
            if side and value < OVERTAKE_MIN:  # passing sideways is overtaking: a 4 or more (ruling 5)
                cap = min([py for s, (py, pg) in enumerate(self.pos)
                           if s != seat and pg == g and py > y and self.section(py) == self.section(y)], default=cap)
            path = ((y, g),) + (((y, g2),) if side else ())
            stay = (y, g2 if y > 0 else g, 0, 0, path)  # in the street a figure that cannot climb stays put
            ends: list = []
            self._climbs(taken, y, g2, value - side, value, equipment, cap, 0, 0, path, stay, ends)
            for ey, eg, used, passed, way in ends:
                route = Route(ey, eg, used, side, passed, way)
                key = (used, side, abs(g2 - g), g2)
                if (ey, eg) not in best or key < best[(ey, eg)][0]:
                    best[(ey, eg)] = (key, route)
        found = [r for _k, r in best.values()]
        return sorted((r for r in found if not any(
            o.used <= r.used and (o.y > r.y or o.y == r.y and (o.used, o.side) < (r.used, r.side))
            for o in found)), key=lambda r: (-r.y, r.used, r.g))

    def taken_squares(self, seat: int) -> set:
        """The wall squares the other figures stand on (the street and the roof hold any number)."""
        return {(py, pg) for s, (py, pg) in enumerate(self.pos) if s != seat and 0 < py < self.roof}

    def _climbs(self, taken, y, g, steps, value, equipment, cap, used, passed, path, rest, ends) -> None:
        """Climb on from (y, g); every place the climb may end goes into `ends` as
        (y, g, equipment used, figures passed, path). `rest` is the highest free
        square reached so far: a climb never ends on a taken square (ruling 3)."""
        if steps == 0 or y + 1 > cap:
            ends.append(rest)
            return
        ny = y + 1
        if ny >= self.roof or (y > 0 and y % self.squares == 0):  # the roof and every ledge need equipment
            ends.append(rest)  # stop here and keep the equipment
            if used >= equipment:
                return
            if ny >= self.roof:
                ends.append((self.roof, 0, used + 1, passed, path + ((self.roof, 0),)))
                return
            for g2 in range(self.grooves[self.section(ny)]):  # after a ledge, any groove
                self._enter(taken, ny, g2, steps - 1, value, equipment, cap, used + 1, passed, path, rest, ends)
            return
        self._enter(taken, ny, g, steps - 1, value, equipment, cap, used, passed, path, rest, ends)

    def _enter(self, taken, y, g, steps, value, equipment, cap, used, passed, path, rest, ends) -> None:
        """Step onto (y, g): past a figure only with a 4 or more and an equipment card each."""
        path = path + ((y, g),)
        if (y, g) in taken:
            ends.append(rest)  # stop below the figure
            if value < OVERTAKE_MIN or used >= equipment:
                return
            used, passed = used + 1, passed + 1
        else:
            rest = (y, g, used, passed, path)
        self._climbs(taken, y, g, steps, value, equipment, cap, used, passed, path, rest, ends)

    def climb_plan(self, seat: int, value: int, routes: list | None = None) -> Route:
        """The route the game picks (the "auto" option, and where a climb has one
        sensible way): the highest, then the fewest equipment cards, the fewest
        sideways steps, the groove with the longest free stretch, the nearest, the leftmost.
        `routes` are routes_for(seat, value) when the caller has them already."""
        g0 = self.pos[seat][1]
        return min(routes if routes is not None else self.routes_for(seat, value),
                   key=lambda r: (-r.y, r.used, r.side, -self.free_run(r.y, r.g, seat), abs(r.g - g0), r.g))

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
                self.main = list(self.draw_chance(Shuffle(tuple(sorted(self.discard)))))
                self.discard = []
            if self.main:
                self.open = self.main.pop()
        self.chosen = [None] * self.players
        self.phase = "choose"
        self.pending = None
        self.to_move = self.start

    def _end_by_limit(self) -> None:
        best = max(p[0] for p in self.pos)
        winners = tuple(s for s in range(self.players) if self.pos[s][0] == best)
        who = " and ".join(seat_ref(s) for s in winners)
        verdict = f"{who} climbed highest and wins." if len(winners) == 1 else f"{who} climbed highest and share the win."
        self._finish(winners, f"After {ROUND_LIMIT} rounds nobody reached the roof: {verdict}")

    def _finish(self, winners: tuple, reason: str) -> None:
        self.outcome = Outcome(tuple(self.scores()), winners, reason)
        self.to_move = None
        self.phase = "over"

    # ---- moves -------------------------------------------------------------
    def choices(self, seat: int) -> list[SkyRunnerMove]:
        """The cards `seat` may put face down this round."""
        moves = [NUMBER_MOVES[v] for v in self.numbers[seat]]
        if self.open in CRASHES:
            return moves  # a crash card up: number cards only
        if self.parasite[seat]:
            moves.append(shared_move("play", "P"))
        hand = self.hand[seat]
        for card in sorted({c for c in hand if c[0] == "C"}):
            moves.append(shared_move("play", card))
        for card in ("L", "S"):
            if card in hand:
                if self.targets == "laid":
                    moves.extend(shared_move("play", card, against=t) for t in range(self.players) if t != seat)
                else:
                    moves.append(shared_move("play", card))
        return moves

    def legal_moves(self) -> list[SkyRunnerMove]:
        self._listed = moves = self._list_moves()  # until the next move: check finds its moves at once
        return moves

    def _list_moves(self) -> list[SkyRunnerMove]:
        if self.outcome is not None:
            return []
        if self.phase == "choose":
            return self.choices(self.to_move)
        others = [t for t in range(self.players) if t != self.to_move]
        if self.phase == "use":
            return [shared_move("use", against=t) for t in others] + [KEEP]
        if self.phase == "target":
            return [shared_move("aim", against=t) for t in others]
        if self.phase == "route":
            return [shared_move("route", height=r.y, groove=r.g) for r in self.routes]
        return self.choices(self.to_move)

    # ---- legality: written once ---------------------------------------------------
    def check(self, move) -> str | None:
        """A move legal_moves has just listed is legal; any other is judged by `fault`
        alone, which agrees with the legal moves (a test proves it over random
        positions), so applying a move need not list them all."""
        for listed in self._listed:  # the moves are shared instances: usually the very one
            if listed is move:
                return None
        return self.fault(move)

    def fault(self, move) -> str | None:
        if self.outcome is not None:
            return "The game is over."
        shape = self._shape_fault(move)
        if shape is not None:
            return shape
        if self.phase == "use":
            return self._use_fault(move)
        if self.phase == "target":
            if move.kind != "aim":
                return f"Your {card_name(self.acting_card())} acts now: pick the player it is against."
            if move.against == self.to_move:
                return f"Play the {card_name(self.acting_card())} against another player."
            return None
        if self.phase == "route":
            if move.kind != "route":
                return f"Your {card_name(self.acting_card())} climbs now: pick the square it takes you to."
            if not any((r.y, r.g) == (move.height, move.groove) for r in self.routes):
                return "Your climb cannot end there: pick one of the lit squares."
            return None
        return self._choice_fault(move)

    def _shape_fault(self, move) -> str | None:
        """A move that is no SkyRunner move at all, or names a player who is not there."""
        if not isinstance(move, SkyRunnerMove) or not well_formed(move):
            return "That is not a SkyRunner move."
        if move.kind in ("use", "aim") and move.against < 0:
            return "Name the player it is against."
        if not -1 <= move.against < self.players:
            return f"There is no player {move.against + 1} in this game."
        if move.kind == "play" and move.card not in PLAYABLE:
            return f"{move.card!r} is not a card anyone plays face down."
        return None

    def _use_fault(self, move) -> str | None:
        """A lost equipment or sabotage just won waits: use it on another player now, or keep it."""
        card = card_name(self.pending[1])
        if move.kind == "keep":
            return None
        if move.kind != "use":
            return f"First decide about the {card} just won: use it on a player now or keep it."
        if move.against == self.to_move:
            return "Use it on another player, not on yourself."
        return None

    def _choice_fault(self, move) -> str | None:
        """A card put face down: any number card not yet on the own pile, the parasite,
        or a climbing, lost equipment or sabotage card from the hand; numbers only while a
        crash card is up (rulings 2 and 10)."""
        if move.kind == "keep":
            return "Nothing to keep now: keeping is for a lost equipment or sabotage just won."
        if move.kind in ("use", "aim"):
            return "No card is waiting for a player now: choose a card from your hand first."
        if move.kind == "route":
            return "No climb is waiting for its route now: choose a card to play face down."
        seat, card = self.to_move, move.card
        if self.open in CRASHES and card[0] != "N":
            return "A crash card is up: everyone must play a number card."
        if card[0] == "N" and int(card[1:]) not in self.numbers[seat]:
            return f"Your {card_name(card)} is already on your own pile; it comes back once all eight are used."
        if card == "P" and not self.parasite[seat]:
            return "Your parasite is on your own pile; it comes back with your number cards."
        if card == "E":
            return "Equipment is never played alone: it goes with a climbing card when the climb needs it."
        if card in ("L", "S"):
            if move.against == seat:
                return f"Play the {card_name(card)} against another player."
            if self.targets == "act" and move.against >= 0:
                return f"Lay the {card_name(card)} down alone: you pick the player when it acts, after the reveal."
            if self.targets == "laid" and move.against < 0:
                return f"Name the player the {card_name(card)} is against as you lay it down."
        elif move.against >= 0:
            return "Only a lost equipment or a sabotage is played against a player."
        if card[0] in "CLS" and card not in self.hand[seat]:
            return f"You have no {card_name(card)} in your hand."
        return None

    def explain_click(self, path: tuple) -> str:
        """The fault of the move the clicks would make: a card (and the player it is
        against), a player (to use a won card on, or as an acting card's target), a
        square (a climb's end) or the keep button."""
        return self.fault(self.clicked_move(path)) or "That is not how this move is clicked."

    def clicked_move(self, path: tuple) -> SkyRunnerMove:
        """The move a click path (targets as in SkyRunnerMove.targets) stands for."""
        first = path[0]
        if first[0] == "card":
            seats = [t[1] for t in path[1:] if t[0] == "seat"]
            return SkyRunnerMove("play", first[1], against=seats[0] if seats else -1)
        if first[0] == "seat":
            return SkyRunnerMove("use" if self.phase == "use" else "aim", against=first[1])
        if first[0] == "square":
            return SkyRunnerMove("route", height=first[1], groove=first[2])
        return KEEP

    def _apply(self, move: SkyRunnerMove) -> None:
        self._listed = ()
        seat = self.to_move
        if move.kind in ("route", "aim"):
            card = self.acting_card()
            self.acting["next"] += 1
            self.phase = "acting"
            if move.kind == "route":
                route = next(r for r in self.routes if (r.y, r.g) == (move.height, move.groove))
                self._climb(seat, int(card[1:]), route)
                self.routes = []
            else:
                self._attack(seat, card, move.against)
                self.discard.append(card)
            if self.outcome is None:
                self._act()
            return
        if move.kind == "play":
            self.chosen[seat] = [move.card, move.against]
            nxt = self._next_chooser(seat)
            if nxt is None:
                self._resolve()
            else:
                self.to_move = nxt
            return
        card = self.pending[1]
        self.pending = None
        if move.kind == "use":
            self._note(seat, "use", card=card, against=move.against)
            self._attack(seat, card, move.against)
            self.discard.append(card)
        else:
            self._receive(seat, card)
            self._note(seat, "keep", card=card)
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
        if move.kind != "play":
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
        for seat, card, _target in plays:  # cards leave the hands first: all were face down
            if card[0] == "N":
                self.numbers[seat].remove(int(card[1:]))
                self.used[seat].append(card)
            elif card == "P":
                self.parasite[seat] = False
                self.used[seat].append(card)
            else:
                self.hand[seat].remove(card)
        self.acting = {"plays": plays, "next": 0}
        self.phase = "acting"
        self._act()

    def acting_card(self) -> str:
        return self.acting["plays"][self.acting["next"]][1]

    def _act(self) -> None:
        """Ruling 9: climbs and attacks act in turn order from the starting player.
        A climb with a real choice of route (ruling 6) or an attack without a named
        target (ruling 10) waits for its player's decision; then the bids and the parasite."""
        plays = self.acting["plays"]
        while self.acting["next"] < len(plays):
            seat, card, target = plays[self.acting["next"]]
            if card[0] == "C":
                routes = self.routes_for(seat, int(card[1:]))
                if self.route == "choose" and len(routes) > 1:
                    self.phase, self.routes, self.to_move = "route", routes, seat
                    return
                self._climb(seat, int(card[1:]), self.climb_plan(seat, int(card[1:]), routes))
                if self.outcome is not None:
                    return
            elif card in ("L", "S"):
                if target < 0:
                    self.phase, self.to_move = "target", seat
                    return
                self._attack(seat, card, target)
                self.discard.append(card)
            self.acting["next"] += 1
        self.acting = None
        summary = self.last_round
        climbs = [card for _seat, card, _target in plays if card[0] == "C"]
        self._settle_bids(plays, summary)
        parasites = [seat for seat, card, _ in plays if card == "P"]
        if len(parasites) == 1 and climbs:
            summary["parasite"] = parasites[0]
            self._note(parasites[0], "parasite", cards=climbs)
            for card in climbs:
                self._receive(parasites[0], card)
        else:
            if len(parasites) > 1:
                self._note(None, "parasites cancel")
            self.discard.extend(climbs)
        for seat in range(self.players):  # ruling 11: all eight numbers used, they come back
            if not self.numbers[seat]:
                self.numbers[seat] = list(range(1, 9))
                self.parasite[seat] = True
                self.used[seat] = []
                self._note(seat, "numbers back")
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
            self._note(None, "bids cancel", card=card)
            return
        self.open = None
        if card in CRASHES:
            value, seat = single[0]  # the lowest number nobody else played
            summary["hit"] = seat
            self._note(seat, "crash", card=card, value=value)
            self._drop(seat, int(card[1:]), card)
            self.discard.append(card)
            return
        value, seat = single[-1]
        summary["winner"], summary["won"] = seat, card
        self._note(seat, "wins", card=card, value=value)
        if card not in ("L", "S"):
            self._receive(seat, card)

    def _receive(self, seat: int, card: str) -> None:
        """A card comes into a hand, unless a debt claims it (rulings 12 and 13)."""
        kind = "C" if card[0] == "C" else card
        if kind in self.debts[seat]:
            self.debts[seat].remove(kind)
            self.discard.append(card)
            self._note(seat, "debt paid", card=card)
            return
        self.hand[seat].append(card)
        self.hand[seat].sort()

    def _climb(self, seat: int, value: int, route: Route) -> None:
        y0, g0 = self.pos[seat]
        y, g, used, side = route.y, route.g, route.used, route.side
        for _ in range(used):
            self.hand[seat].remove("E")
            self.discard.append("E")
        self.pos[seat] = [y, g]
        self._note(seat, "climb", rise=y - y0, value=value, side=side, used=used)
        self.last_round["moves"].append([seat, [y0, g0], [y, g], "climb"])
        if y >= self.roof:
            self._finish((seat,), f"{seat_ref(seat)} reached the roof first and wins.")

    def _attack(self, seat: int, card: str, target: int) -> None:
        if card == "L":
            if "E" in self.hand[target]:
                self.hand[target].remove("E")
                self.discard.append("E")
                self._note(target, "loses equipment")
            else:
                self.debts[target].append("E")
                self._note(target, "owes equipment")
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
                self._note(seat, "hands over", card=fits[0])
            else:
                self.debts[seat].append("C")
                self._note(seat, "owes climb")
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
        self._note(seat, "falls", fall=y0 - y)
        self.last_round["moves"].append([seat, [y0, g0], [y, g], why])
        if under is not None:
            self._fall(under, y0 - y, why)

    # ---- reading the state ---------------------------------------------------
    def scores(self) -> list[int]:
        return [min(p[0], self.roof) for p in self.pos]

    def log_entry(self, move) -> LogEntry:
        """The fact `move` will be, worked out before it is played (words.py reads it).
        A hidden choice says nothing about the card until the round is revealed; the
        last choice of a round stands for the whole round, a route or a target for
        what its card did."""
        seat = self.to_move
        if move.kind == "play" and not self.reveals(move):
            return LogEntry(seat, "face down", {})
        if move.kind in ("use", "keep"):
            return LogEntry(seat, move.kind, {"card": self.pending[1], "against": move.against})
        done = len(self.last_round["notes"]) if move.kind != "play" else 0
        after = self.clone()
        after._apply(move)
        lr = after.last_round
        if move.kind == "play":
            return LogEntry(seat, "round", {"round": lr["round"], "open": lr["open"], "plays": lr["plays"],
                                            "notes": lr["notes"]})
        return LogEntry(seat, "acted", {"notes": lr["notes"][done:]})

    def _note(self, seat, verb: str, **data) -> None:
        """A fact for the round's record (and its log line): [seat or None, verb, data]."""
        self.last_round["notes"].append([seat, verb, data])

    def public_seat(self, s: int) -> dict:
        return {"numbers": list(self.numbers[s]), "parasite": self.parasite[s], "used": list(self.used[s]),
                "cards": len(self.hand[s]), "debts": list(self.debts[s]), "chosen": self.chosen[s] is not None}

    def unseen_choices(self) -> bool:
        """Cards are laid face down one seat after another: a seat choosing after
        others this round does not see their cards."""
        return self.phase == "choose" and any(c is not None for c in self.chosen)

    def view(self, seat: int) -> SkyRunnerView:
        return {
            "players": self.players, "grooves": list(self.grooves), "squares": self.squares, "roof": self.roof,
            "round": self.round, "start": self.start, "to_move": self.to_move, "phase": self.phase,
            "open": self.open, "main": len(self.main), "discard": len(self.discard),
            "figures": [list(p) for p in self.pos],
            "seats": [self.public_seat(s) for s in range(self.players)],
            "seat": seat, "hand": list(self.hand[seat]),
            "my_choice": list(self.chosen[seat]) if self.chosen[seat] else None,
            "pending": list(self.pending) if self.pending else None,
            "acting": self.acting_card() if self.phase in ("route", "target") else None,
            "routes": [{"to": [r.y, r.g], "used": r.used, "side": r.side, "passed": r.passed,
                        "path": [list(p) for p in r.path]} for r in self.routes] if seat == self.to_move else [],
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
            "acting": self.acting, "routes": [str(SkyRunnerMove("route", height=r.y, groove=r.g)) for r in self.routes],
            "options": {"route": self.route, "targets": self.targets},
            "history": [str(m) for m in self.history], "rng": self.rng_json(),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    def clone(self) -> "SkyRunnerState":
        other = object.__new__(SkyRunnerState)
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
        other.routes = list(self.routes)
        if self.acting is not None:
            other.acting = dict(self.acting)
        # last_round is replaced, never changed, once a round is over; copy its lists anyway
        if self.last_round is not None:
            lr = dict(self.last_round)
            lr["notes"] = list(lr["notes"])
            lr["moves"] = list(lr["moves"])
            other.last_round = lr
        return other

    def determinize(self, seat: int, rng: random.Random) -> "SkyRunnerState":
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
                d.chosen[s] = [pick.card, pick.against]
        if d.phase == "route":  # the climber's equipment may differ in this sample
            d.routes = d.routes_for(d.to_move, int(d.acting_card()[1:]))
        d.history = []  # the moves behind the hidden choices are not the seat's to read
        return d


class SkySpec(GameSpec):
    id = "skyrunner"
    title = "SkyRunner"
    min_players = 2
    max_players = 5
    hidden_information = True
    # saves from before these options: the route was picked for the climber, targets named when laid
    save_defaults = {"route": "auto", "targets": "laid"}
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
        Option("route", "Climbing route", ("choose", "auto"),
               labels=("The climber chooses", "Chosen for the climber"),
               help="Several ways up (groove, spend or keep gear): the climber clicks the square, or the "
                    "game takes the highest."),
        # words short enough for two lines beside the menus at 960x640 (the card is drawn "Lost gear")
        Option("targets", "Lost gear and sabotage", ("act", "laid"),
               labels=("Victim picked when it acts", "Victim named when laid"),
               help="Who a lost gear or sabotage played from hand hits: picked after the reveal, or named "
                    "with the face-down card."),
    )
    _DEFAULTS = {"lower": "players", "middle": 2, "top": 1, "squares": 12, "route": "choose", "targets": "act"}

    def default_choice_index(self, option: Option) -> int:
        return option.choices.index(self._DEFAULTS[option.key])

    def new_game(self, players: int, seed: int, options: dict | None = None) -> SkyRunnerState:
        self.check_players(players)
        opts = self.resolved_options(options)
        lower = players if opts["lower"] == "players" else opts["lower"]
        return SkyRunnerState(players, (lower, opts["middle"], opts["top"]), opts["squares"], seed, opts["route"],
                        opts["targets"])

    def parse_move(self, state: SkyRunnerState, text: str) -> SkyRunnerMove:
        """The move written `text`, legal now or not (check() says why not)."""
        parts = str(text).split()
        target = -1
        if len(parts) == 2 and parts[1][:1] == "p" and parts[1][1:].isdigit():
            target = int(parts[1][1:]) - 1
        if parts == ["keep"]:
            return KEEP
        if len(parts) == 2 and parts[0] == "use" and target >= 0:
            return SkyRunnerMove("use", against=target)
        if len(parts) == 2 and parts[0] == "on" and target >= 0:
            return SkyRunnerMove("aim", against=target)
        if len(parts) == 3 and parts[0] == "to" and parts[1].isdigit() and parts[2][:1] == "g" and parts[2][1:].isdigit():
            return SkyRunnerMove("route", height=int(parts[1]), groove=int(parts[2][1:]) - 1)
        card = parts[0] if parts else ""
        valid = card in NUMBERS or card in ("P", "E") or card in {f"C{v}" for v in CLIMB_VALUES}
        if valid and len(parts) == 1:
            return SkyRunnerMove("play", card)
        if card in ("L", "S") and (target >= 0 or len(parts) == 1):
            return SkyRunnerMove("play", card, against=target)
        raise IllegalMove(f"{text!r} is not SkyRunner notation: write a card such as N5, C4, P or S "
                          "(S p2 names the player as it is laid), use p2, keep, on p2 or to 14 g2.")


SPEC = SkySpec()

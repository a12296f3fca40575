"""Skyline Express Roll & Write: the rules engine (pure Python, no pygame).

Every player fills a sheet: a carriage of six compartments of four seats, a
service-point track and a dice-point track. Seats are numbered 0..23:
compartment c (0..5) holds seats 4c..4c+3, named "1a".."6d". In a compartment
seen from above, a and b are the window seats (left and right bench), c and d
the corridor seats; the left bench is a+c, the right bench b+d, so a faces b
and c faces d. The rulings behind the code are written in seeds/skyline_express.md.

Each decision is one SkylineMove (see MOVE_KINDS): take a die (``d R``), give
the automaton a tied die (``a R``, solo), change the die's value (``v 5``), paint
the passenger another colour (``c G``), take a service (``s RG1``) or seat the
passenger (``p 3a``). Why a move is not allowed is written once, in `fault`;
how the game reads (log lines, phase line) is in words.py.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.core import CachedMovesState, Dice, GameSpec, IllegalMove, Option, Outcome, confirmed, seat_ref
from ...engine.present import LogEntry

COLOURS = "RYGB"  # the dice and pencils: red, yellow, green, blue
COLOUR_NAMES = ("red", "yellow", "green", "blue")
COMPARTMENTS = 6
SEATS = COMPARTMENTS * 4
SEAT_LETTERS = "abcd"
WINDOW, CORRIDOR = (0, 1), (2, 3)  # seat places in a compartment
LEFT_BENCH, RIGHT_BENCH = (0, 2), (1, 3)
SERVICE_TRACK = 30  # spaces on the service-point track (ruling 5)
DICE_TRACK = 20  # spaces on the dice-point track (ruling 5)
SERVICE_COST = 5
PAINT_COST = 3

# The six colour pairs, left to right; the sheet prints them twice: row 1 for
# every game, row 2 only with 3-4 players (ruling 6). Service i is pair i % 6 of row i // 6.
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
SERVICES = tuple((row, pair) for row in (0, 1) for pair in PAIRS)

# The twelve tasks by die colour and value band (1-2, 3-4, 5-6):
# ("across", x, y, points): one bench holds two x, the facing bench two y;
# ("surround", x, None, points): one x and three of one other colour;
# ("window" / "corridor", None, None, points): both seats on that side share a colour.
R, Y, G, B = range(4)
TASKS = {
    B: (("across", G, B, 5), ("across", G, R, 5), ("across", R, Y, 5)),
    G: (("surround", G, None, 5), ("surround", Y, None, 5), ("corridor", None, None, 2)),
    R: (("surround", R, None, 5), ("surround", B, None, 5), ("window", None, None, 2)),
    Y: (("across", B, R, 5), ("across", B, Y, 5), ("across", Y, G, 5)),
}

EMPTY = -1


# What a die of each value gives with its passenger: (service points, dice points, VIP).
# The bands are 1 | 2-4 | 5-6. A table: every seat taken looks it up.
DIE_BONUS = {1: (2, 0, False), 2: (1, 1, False), 3: (1, 1, False), 4: (1, 1, False),
             5: (0, 0, True), 6: (0, 0, True)}
ROLLS = {n: Dice(n) for n in range(1, 5)}  # the chance point of rolling n of the dice, made once


def die_bonus(value: int) -> tuple[int, int, bool]:
    """What a die of `value` gives with its passenger: (service points, dice points, VIP)."""
    return DIE_BONUS[value]


def band(value: int) -> int:
    """The task column a die value selects: 0 for 1-2, 1 for 3-4, 2 for 5-6."""
    return (value - 1) // 2


def seat_name(i: int) -> str:
    return f"{i // 4 + 1}{SEAT_LETTERS[i % 4]}"


def service_name(i: int) -> str:
    row, (a, b) = SERVICES[i]
    return f"{COLOURS[a]}{COLOURS[b]}{row + 1}"


# Seats in the automaton's reading order: the top (window) row left to right, then the corridor row.
READING_ORDER = tuple(sorted(range(SEATS), key=lambda i: (i % 4 >= 2, i // 4, i % 2)))


# ---------------------------------------------------------------------------
# Scoring (module functions: the AI and the scene use them too)
# ---------------------------------------------------------------------------
def task_met(task: tuple, four: list, across: str = "benches") -> bool:
    """Does one compartment (its four seat colours, EMPTY for a free seat) meet the task?"""
    kind, x, y, _pts = task
    if kind in ("window", "corridor"):
        p, q = WINDOW if kind == "window" else CORRIDOR
        return four[p] != EMPTY and four[p] == four[q]
    if EMPTY in four:
        return False
    if kind == "surround":
        if four.count(x) != 1:
            return False
        others = [c for c in four if c != x]
        return others[0] == others[1] == others[2]
    # across
    if across == "benches":
        left = (four[0], four[2])
        right = (four[1], four[3])
        return (left == (x, x) and right == (y, y)) or (left == (y, y) and right == (x, x))
    return four.count(x) == 2 and four.count(y) == 2


def task_points(colours: list, tasks: list, across: str = "benches") -> int:
    """Points for the chosen tasks: each counts once per compartment that meets it."""
    total = 0
    for c in range(COMPARTMENTS):
        four = colours[4 * c: 4 * c + 4]
        for task in tasks:
            if task_met(task, four, across):
                total += task[3]
    return total


def vip_points(colours: list, vips: list) -> int:
    """Each VIP: 1 point and 1 more for every other passenger of its colour in its compartment."""
    total = 0
    for i in range(SEATS):
        if vips[i]:
            c = i // 4
            total += colours[4 * c: 4 * c + 4].count(colours[i])
    return total


def service_points(colours: list, owned: list) -> int:
    """Each service: 2 points per pair of passengers in its two colours, carriage-wide."""
    counts = [colours.count(k) for k in range(4)]
    return sum(2 * min(counts[SERVICES[i][1][0]], counts[SERVICES[i][1][1]]) for i in owned)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
# Each kind of move: its letter in the notation, the field naming what it is done
# with, and the click target that field is shown as.
MOVE_KINDS = {
    "take": ("d", "die", "die"),  # take this die (its colour) from the tray
    "give": ("a", "die", "die"),  # solo: give the automaton this one of the tied dice
    "value": ("v", "value", "face"),  # turn the die to this value, 1 dice point a step
    "paint": ("c", "colour", "paint"),  # pay 3 dice points for a passenger of this colour
    "service": ("s", "service", "service"),  # take this service (an index into SERVICES)
    "seat": ("p", "seat", "seat"),  # seat the passenger here (0..23, "1a".."6d")
}


@dataclass(frozen=True, eq=False)
class SkylineMove:
    """One decision on a Skyline Express sheet: `kind` (a key of MOVE_KINDS) and
    the one field that kind is done with, e.g. SkylineMove("seat", seat=9) is "p 3b"."""

    kind: str
    die: int | None = None
    value: int | None = None
    colour: int | None = None
    service: int | None = None
    seat: int | None = None

    def __eq__(self, other) -> bool:
        # field by field, the one most moves differ in first: legal moves are compared often
        if other.__class__ is not SkylineMove:
            return NotImplemented
        return (self.seat == other.seat and self.service == other.service and self.value == other.value
                and self.colour == other.colour and self.die == other.die and self.kind == other.kind)

    def __hash__(self) -> int:
        return hash((self.kind, self.die, self.value, self.colour, self.service, self.seat))

    @classmethod
    def of(cls, kind: str, number: int) -> "SkylineMove":
        """The move of `kind` done with `number` (its die, value, colour, service or seat)."""
        return cls(kind, **{MOVE_KINDS[kind][1]: number})

    @property
    def number(self) -> int:
        """What the move is done with: its die, value, colour, service or seat."""
        return getattr(self, MOVE_KINDS[self.kind][1])

    def __str__(self) -> str:
        letter, field, _target = MOVE_KINDS[self.kind]
        n = self.number
        if field in ("die", "colour"):
            return f"{letter} {COLOURS[n]}"
        if field == "service":
            return f"{letter} {service_name(n)}"
        if field == "seat":
            return f"{letter} {seat_name(n)}"
        return f"{letter} {n}"

    @property
    def targets(self) -> tuple:
        path = ((MOVE_KINDS[self.kind][2], self.number),)
        return confirmed(path) if self.kind == "service" else path  # a service costs 5 points: click it twice


# ---------------------------------------------------------------------------
# A sheet
# ---------------------------------------------------------------------------
class Sheet:
    """One carriage with its tracks and services."""

    __slots__ = ("colours", "vips", "service_earned", "service_spent", "dice_earned", "dice_spent", "services")

    def __init__(self):
        self.colours = [EMPTY] * SEATS
        self.vips = [False] * SEATS
        self.service_earned = 0
        self.service_spent = 0
        self.dice_earned = 0
        self.dice_spent = 0
        self.services: list[int] = []  # service indices taken, in order

    def copy(self) -> "Sheet":
        s = Sheet.__new__(Sheet)
        s.colours = self.colours[:]
        s.vips = self.vips[:]
        s.service_earned = self.service_earned
        s.service_spent = self.service_spent
        s.dice_earned = self.dice_earned
        s.dice_spent = self.dice_spent
        s.services = self.services[:]
        return s

    @property
    def service_left(self) -> int:
        return self.service_earned - self.service_spent

    @property
    def dice_left(self) -> int:
        return self.dice_earned - self.dice_spent

    @property
    def filled(self) -> int:
        return SEATS - self.colours.count(EMPTY)

    @property
    def full(self) -> bool:
        return EMPTY not in self.colours

    def gain(self, service: int, dice: int) -> None:
        """Colour in track spaces; points beyond the end of a track are lost (ruling 5)."""
        self.service_earned = min(SERVICE_TRACK, self.service_earned + service)
        self.dice_earned = min(DICE_TRACK, self.dice_earned + dice)

    def has_pair(self, pair: tuple) -> bool:
        return any(SERVICES[i][1] == pair for i in self.services)

    def to_json(self) -> dict:
        return {
            "colours": list(self.colours),
            "vips": list(self.vips),
            "service_earned": self.service_earned,
            "service_spent": self.service_spent,
            "dice_earned": self.dice_earned,
            "dice_spent": self.dice_spent,
            "services": list(self.services),
        }


# ---------------------------------------------------------------------------
# The automaton's decisions (solo)
# ---------------------------------------------------------------------------
def automaton_candidates(sheet: Sheet, dice: list, free: list) -> list:
    """The dice the automaton's priority list leaves, from the untaken dice `free`:
    fewest of that colour in its carriage, then the highest value, then the most
    points from its services. More than one left means the person decides."""
    counts = [sheet.colours.count(k) for k in range(4)]
    left = list(free)
    fewest = min(counts[d] for d in left)
    left = [d for d in left if counts[d] == fewest]
    top = max(dice[d] for d in left)
    left = [d for d in left if dice[d] == top]
    gains = {d: service_gain(sheet, d) for d in left}
    best = max(gains.values())
    return [d for d in left if gains[d] == best]


def service_gain(sheet: Sheet, colour: int) -> int:
    """Points the sheet's services would add for one more passenger of `colour`."""
    before = service_points(sheet.colours, sheet.services)
    counts = [sheet.colours.count(k) for k in range(4)]
    counts[colour] += 1
    after = sum(2 * min(counts[SERVICES[i][1][0]], counts[SERVICES[i][1][1]]) for i in sheet.services)
    return after - before


def automaton_seat(sheet: Sheet, colour: int) -> int:
    """Where the automaton seats a passenger of `colour`: the compartment holding
    most of that colour with a free seat; else the first empty compartment; else
    the first free seat reading the top row left to right, then the next row.
    Inside a compartment, the first free seat in the order a, b, c, d."""
    cols = sheet.colours
    best, best_n = -1, 0
    for c in range(COMPARTMENTS):
        four = cols[4 * c: 4 * c + 4]
        n = four.count(colour)
        if n > best_n and EMPTY in four:
            best, best_n = c, n
    if best < 0:
        for c in range(COMPARTMENTS):
            if cols[4 * c: 4 * c + 4].count(EMPTY) == 4:
                best = c
                break
    if best >= 0:
        return next(4 * best + k for k in range(4) if cols[4 * best + k] == EMPTY)
    return next(i for i in READING_ORDER if cols[i] == EMPTY)


def automaton_service(sheet: Sheet, open_services: list) -> int | None:
    """The service the automaton must take now: the most points at once; ties go to
    the leftmost, then the topmost. None if none is open to it."""
    best, best_key = None, None
    for i in open_services:
        row, pair = SERVICES[i]
        if sheet.has_pair(pair):
            continue
        pts = service_points(sheet.colours, [i])
        key = (-pts, PAIRS.index(pair), row)
        if best_key is None or key < best_key:
            best, best_key = i, key
    return best


def automaton_value_cost(sheet: Sheet, value: int, six: str = "five") -> int:
    """Dice points the automaton must pay to turn a die of `value` into a 5 (ruling 11):
    all the steps when it has that many points, else none. With `six` "keep" (the
    option) a 6 stays a 6."""
    if value == 5 or (value == 6 and six == "keep"):
        return 0
    steps = abs(value - 5)
    return steps if sheet.dice_left >= steps else 0


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------
class SkylineState(CachedMovesState):
    """A game in progress.

    `sheets[i]` is seat i's sheet; in solo `sheets[1]` is the automaton's.
    `steps` is what is left of the round: seat indices (whose turn to take a
    die), "A" (the automaton takes a die) and "roll" (the solo reroll).
    """

    def __init__(self, players: int, seed: int, two_player: str = "standard", across: str = "benches",
                 automaton_six: str = "five"):
        self.players = players
        self.seed = seed
        self.two_player = two_player
        self.across = across
        self.automaton_six = automaton_six
        self.rng = random.Random(seed)
        self.solo = players == 1
        self.sheets = [Sheet() for _ in range(players + (1 if self.solo else 0))]
        self.task_roll = list(self.draw_chance(ROLLS[4]))
        self.tasks = [TASKS[d][band(v)] for d, v in enumerate(self.task_roll)]
        self.service_owner = [EMPTY] * len(SERVICES)  # sheet index of the taker
        self.dice = [1, 1, 1, 1]
        self.taken = [EMPTY] * 4  # sheet index that took each die this round
        self.round = 0
        self.first = 0
        self.steps: list = []
        self.phase = "pick"
        self.to_move: int | None = 0
        self.die = EMPTY  # the die being resolved
        self.value = 0  # its value now
        self.colour = EMPTY  # the passenger's colour now
        self.painted = False
        self.tied: list[int] = []  # solo: dice the person chooses among for the automaton
        self.rolls = 0  # how many times dice were rolled (the scene animates each roll)
        self.last_auto: list = []  # the automaton's latest actions, for the scene and log
        self.last_seats: list = [None] * len(self.sheets)  # each sheet's latest passenger
        self.outcome: Outcome | None = None
        self.history: list = []
        self._legal: list | None = None
        self._new_round()

    def clone(self) -> "SkylineState":
        c = SkylineState.__new__(SkylineState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng_copy()
        c.sheets = [s.copy() for s in self.sheets]
        c.service_owner = self.service_owner[:]
        c.dice = self.dice[:]
        c.taken = self.taken[:]
        c.steps = self.steps[:]
        c.tied = self.tied[:]
        c.last_auto = self.last_auto[:]
        c.last_seats = self.last_seats[:]
        c.history = self.history[:]
        return c

    # ---- rounds and turns ---------------------------------------------
    def _roll(self, which) -> None:
        if which:  # a chance point only where a die is left to roll
            for d, value in zip(which, self.draw_chance(ROLLS[len(which)])):
                self.dice[d] = value
        self.rolls += 1

    def _new_round(self) -> None:
        self.round += 1
        self.taken = [EMPTY] * 4
        self._roll(range(4))
        if self.solo:
            self.first = 0
            self.steps = [0, "A", "roll", 0, "A"]
        else:
            if self.round > 1:
                self.first = (self.first + 1) % self.players
            order = [(self.first + k) % self.players for k in range(self.players)]
            if self.players == 2 and self.two_player == "variant":
                order = [order[0], order[1], order[1], order[0]]
            self.steps = order
        self._advance()

    def _advance(self) -> None:
        """Run the round on to the next decision of a person (or the end)."""
        while True:
            if all(s.full for s in self.sheets):
                self._finish()
                return
            if not self.steps:
                self._new_round()
                return
            step = self.steps.pop(0)
            if step == "roll":
                self._roll([d for d in range(4) if self.taken[d] == EMPTY])
                continue
            if step == "A":
                free = [d for d in range(4) if self.taken[d] == EMPTY]
                if self.sheets[1].full or not free:
                    continue
                cands = automaton_candidates(self.sheets[1], self.dice, free)
                if len(cands) > 1:
                    self.phase = "tie"
                    self.tied = cands
                    self.to_move = 0
                    self._legal = None
                    return
                self._automaton_turn(cands[0])
                continue
            if self.sheets[step].full:
                continue
            self.phase = "pick"
            self.to_move = step
            self.die = EMPTY
            self._legal = None
            return

    def _automaton_turn(self, d: int) -> None:
        sheet = self.sheets[1]
        self.taken[d] = 1
        value = self.dice[d]
        acts = [("die", d, value)]
        cost = automaton_value_cost(sheet, value, self.automaton_six)
        if cost:
            sheet.dice_spent += cost
            acts.append(("value", value, 5))
            value = 5
        seat = automaton_seat(sheet, d)
        self._seat(1, seat, d, value)
        acts.append(("seat", seat, d, die_bonus(value)[2]))
        while sheet.service_left >= SERVICE_COST:
            i = automaton_service(sheet, self.open_services())
            if i is None:
                break
            self._take_service(1, i)
            acts.append(("service", i))
        self.last_auto = acts

    def _seat(self, who: int, seat: int, colour: int, value: int) -> None:
        sheet = self.sheets[who]
        self.last_seats[who] = seat
        sheet.colours[seat] = colour
        service, dice, vip = DIE_BONUS[value]
        if vip:
            sheet.vips[seat] = True
        else:
            sheet.gain(service, dice)

    def _take_service(self, who: int, i: int) -> None:
        self.service_owner[i] = who
        sheet = self.sheets[who]
        sheet.services.append(i)
        sheet.service_spent += SERVICE_COST

    def open_services(self) -> list:
        """Services nobody has taken, in this game's rows."""
        rows = 2 if self.players >= 3 else 1
        return [i for i in range(6 * rows) if self.service_owner[i] == EMPTY]

    def _finish(self) -> None:
        totals = self.scores()
        if self.solo:
            auto = self.automaton_score()
            me = totals[0]
            b = self.breakdown(1)
            detail = f" The automaton: VIPs {b['vips']} (doubled), services {b['services']}, no tasks."
            if me > auto:
                winners, reason = (0,), f"You beat the automaton, {me} to {auto}."
            elif me == auto:
                winners, reason = (0,), f"You tie with the automaton at {me}: a shared victory."
            else:
                winners, reason = (), f"The automaton wins, {auto} to {me}."
            reason += detail
        else:
            top = max(totals)
            winners = tuple(i for i, t in enumerate(totals) if t == top)
            who = " and ".join(seat_ref(i) for i in winners)
            reason = (f"Every carriage is full. {who} wins with {top} points." if len(winners) == 1
                      else f"Every carriage is full. {who} share the victory with {top} points each.")
        self.outcome = Outcome(tuple(totals), winners, reason)
        self.to_move = None
        self.phase = "over"
        self._legal = []

    # ---- scores ----------------------------------------------------------
    def breakdown(self, who: int) -> dict:
        """Points by kind for sheet `who` (the automaton: no tasks, VIPs doubled)."""
        sheet = self.sheets[who]
        auto = self.solo and who == 1
        tasks = 0 if auto else task_points(sheet.colours, self.tasks, self.across)
        vips = vip_points(sheet.colours, sheet.vips) * (2 if auto else 1)
        services = service_points(sheet.colours, sheet.services)
        return {"tasks": tasks, "vips": vips, "services": services, "total": tasks + vips + services}

    def scores(self) -> list[int]:
        return [self.breakdown(i)["total"] for i in range(self.players)]

    def automaton_score(self) -> int | None:
        return self.breakdown(1)["total"] if self.solo else None

    # ---- legal moves ------------------------------------------------------
    def _compute_legal(self) -> list:
        if self.outcome is not None:
            return []
        moves = MOVES  # every move is one shared instance, by kind and argument
        if self.phase == "tie":
            return [moves["give"][d] for d in self.tied]
        sheet = self.sheets[self.to_move]
        out = []
        if self.phase == "pick":
            out += [moves["take"][d] for d in range(4) if self.taken[d] == EMPTY]
        else:
            left = sheet.dice_left
            out += [moves["value"][v] for v in range(1, 7) if v != self.value and abs(v - self.value) <= left]
            if not self.painted and left >= PAINT_COST:
                out += [moves["paint"][k] for k in range(4) if k != self.colour]
        if sheet.service_left >= SERVICE_COST:
            out += [moves["service"][i] for i in self.open_services() if not sheet.has_pair(SERVICES[i][1])]
        if self.phase == "place":
            colours, seat = sheet.colours, moves["seat"]
            out += [seat[i] for i in range(SEATS) if colours[i] == EMPTY]
        return out


    def _apply(self, move) -> None:
        self._legal = None
        kind = move.kind
        me = self.to_move
        sheet = self.sheets[me] if me is not None else None
        if kind == "give":
            self.tied = []
            self._automaton_turn(move.die)
            self._advance()
        elif kind == "take":
            self.taken[move.die] = me
            self.die = move.die
            self.value = self.dice[move.die]
            self.colour = move.die
            self.painted = False
            self.phase = "place"
        elif kind == "value":
            sheet.dice_spent += abs(move.value - self.value)
            self.value = move.value
        elif kind == "paint":
            sheet.dice_spent += PAINT_COST
            self.colour = move.colour
            self.painted = True
        elif kind == "service":
            self._take_service(me, move.service)
        elif kind == "seat":
            self._seat(me, move.seat, self.colour, self.value)
            self.die = EMPTY
            self._advance()

    # ---- legality, written once ----------------------------------------------
    def fault(self, move) -> str | None:
        """Why the rules forbid `move` now, in plain words; None when they allow it.
        `_compute_legal` lists exactly the moves this allows (tests prove it)."""
        if self.outcome is not None:
            return "The game is over."
        if not isinstance(move, SkylineMove) or move.kind not in MOVE_KINDS or not isinstance(move.number, int):
            return "That is not a Skyline Express move."
        kind = move.kind
        if self.phase == "tie":
            if kind == "give" and move.die in self.tied:
                return None
            if kind == "give" and 0 <= move.die < 4:
                return (f"The automaton's priorities leave only "
                        f"{', '.join(COLOUR_NAMES[d] for d in self.tied)}: choose one of those dice for it.")
            return "First choose which tied die the automaton takes."
        if kind == "give":
            return "The automaton has no tie for you to settle now."
        sheet = self.sheets[self.to_move]
        if kind == "take":
            if self.phase == "place":
                return "You already have a die this turn: seat its passenger first."
            if not 0 <= move.die < 4:
                return "There is no such die."
            if self.taken[move.die] != EMPTY:
                return "That die is already taken this round: choose one still in the tray."
            return None
        if kind == "service":
            service = move.service
            if not 0 <= service < len(SERVICES):
                return "There is no such service."
            if service >= 6 and self.players < 3:
                return "The second row of services is only used with 3 or 4 players."
            if self.service_owner[service] != EMPTY:
                return "That service is already taken."
            if sheet.has_pair(SERVICES[service][1]):
                return "You already have a service of those two colours."
            if sheet.service_left < SERVICE_COST:
                return f"A service costs {SERVICE_COST} service points; you have {sheet.service_left}."
            return None
        if self.phase == "pick":
            return "Take a die from the tray first."
        if kind == "value":
            value, steps = move.value, abs(move.value - self.value)
            if not 1 <= value <= 6:
                return "A die shows 1 to 6."
            if value == self.value:
                return "The die already shows that value."
            if steps > sheet.dice_left:
                return (f"Changing the die from {self.value} to {value} costs {steps} dice points "
                        f"(one per step, no jump between 1 and 6); you have {sheet.dice_left}.")
            return None
        if kind == "paint":
            if self.painted:
                return "You have already paid to change this passenger's colour."
            if not 0 <= move.colour < 4:
                return "There is no such colour."
            if move.colour == self.colour:
                return "The passenger already has that colour."
            if sheet.dice_left < PAINT_COST:
                return f"Another colour costs {PAINT_COST} dice points; you have {sheet.dice_left}."
            return None
        if not 0 <= move.seat < SEATS:
            return "There is no such seat."
        if sheet.colours[move.seat] != EMPTY:
            return "That seat is taken: passengers sit only in empty seats."
        return None

    def clicked_move(self, target) -> SkylineMove | None:
        """The move a click on `target` means now (a die is the automaton's in a tie)."""
        if not (isinstance(target, tuple) and len(target) == 2 and isinstance(target[1], int)):
            return None
        name, number = target
        kind = {"face": "value", "paint": "paint", "service": "service", "seat": "seat"}.get(name)
        if name == "die":
            kind = "give" if self.phase == "tie" else "take"
        return None if kind is None else SkylineMove.of(kind, number)

    def explain_click(self, path: tuple) -> str:
        if self.outcome is not None:
            return "The game is over."
        move = self.clicked_move(path[-1] if path else None)
        if move is None:
            return "Click a die, a seat, a value, a colour or a service."
        return self.fault(move) or "Nothing can be done there now."

    # ---- facts for the log (words.py says them) -------------------------------
    def log_entry(self, move) -> LogEntry:
        """The fact `move` will be, worked out before it is played: who did what,
        and in solo what the automaton did in answer. The verb is the move's kind."""
        kind = move.kind
        if kind in ("take", "give"):
            data = {"die": move.die, "value": self.dice[move.die]}
        elif kind == "value":
            data = {"value": move.value}
        elif kind == "paint":
            data = {"colour": move.colour}
        elif kind == "service":
            data = {"service": move.service}
        else:
            data = {"seat": move.seat, "colour": self.colour, "vip": die_bonus(self.value)[2]}
        if kind in ("give", "seat"):
            data["automaton"] = self._automaton_after(move)
        return LogEntry(self.to_move, kind, data)

    def _automaton_after(self, move) -> list:
        """Solo: what the automaton does in answer to a move (its last_auto), or []."""
        if not self.solo or self.check(move) is not None:
            return []
        after = self.clone()
        after._apply(move)
        if after.last_auto is self.last_auto or after.last_auto == self.last_auto:
            return []
        return [list(act) for act in after.last_auto]

    # ---- views -----------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """Everything on the table is public; only future dice are unknown."""
        return {
            "game": "skyline_express",
            "players": self.players,
            "solo": self.solo,
            "sheets": [s.to_json() for s in self.sheets],
            "breakdowns": [self.breakdown(i) for i in range(len(self.sheets))],
            "task_roll": list(self.task_roll),
            "tasks": [list(t) for t in self.tasks],
            "service_rows": 2 if self.players >= 3 else 1,
            "service_owner": list(self.service_owner),
            "dice": list(self.dice),
            "taken": list(self.taken),
            "round": self.round,
            "first": self.first,
            "phase": self.phase,
            "to_move": self.to_move,
            "die": self.die if self.die != EMPTY else None,
            "value": self.value,
            "colour": self.colour,
            "painted": self.painted,
            "tied": list(self.tied),
            "rolls": self.rolls,
            "last_auto": [list(a) for a in self.last_auto],
            "last_seats": list(self.last_seats),
            "across": self.across,
            "automaton_six": self.automaton_six,
            "scores": self.scores(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def to_json(self) -> dict:
        return {
            "game": "skyline_express",
            "options": {"two_player": self.two_player, "across": self.across, "automaton_six": self.automaton_six},
            "players": self.players,
            "seed": self.seed,
            "sheets": [s.to_json() for s in self.sheets],
            "task_roll": list(self.task_roll),
            "service_owner": list(self.service_owner),
            "dice": list(self.dice),
            "taken": list(self.taken),
            "round": self.round,
            "first": self.first,
            "steps": list(self.steps),
            "phase": self.phase,
            "to_move": self.to_move,
            "die": self.die,
            "value": self.value,
            "colour": self.colour,
            "painted": self.painted,
            "tied": list(self.tied),
            "rolls": self.rolls,
            "last_auto": [list(a) for a in self.last_auto],
            "last_seats": list(self.last_seats),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "history": [str(m) for m in self.history],
            "rng": self.rng_json(),
        }


MOVES: dict = {  # kind -> {number: the move}: every possible move, one shared instance each
    "take": {d: SkylineMove("take", die=d) for d in range(4)},
    "give": {d: SkylineMove("give", die=d) for d in range(4)},
    "value": {v: SkylineMove("value", value=v) for v in range(1, 7)},
    "paint": {k: SkylineMove("paint", colour=k) for k in range(4)},
    "service": {i: SkylineMove("service", service=i) for i in range(len(SERVICES))},
    "seat": {i: SkylineMove("seat", seat=i) for i in range(SEATS)},
}
_NOTATION = {str(m): m for by_number in MOVES.values() for m in by_number.values()}


class SkylineSpec(GameSpec):
    id = "skyline_express"
    title = "Skyline Express"
    min_players = 1
    max_players = 4
    hidden_information = False
    blurb = "Roll dice and seat passengers for tasks, VIPs and services."
    options = (
        Option(
            "two_player",
            "Two-player dice",
            ("standard", "variant"),
            labels=("Standard: one die each", "Variant: 1 die, 2 dice, 1 die"),
            help="With two players: each takes one die and two are left over (the rulebook's rule), "
            "or the first takes one die, the second two, the first the last (its 2-player variant).",
            players=(2, 2),
        ),
        Option(
            "across",
            "Sitting across",
            ("benches", "anywhere"),
            labels=("Two on one bench face two on the other", "Two and two anywhere in it"),
            help="What the 'sit across' tasks ask of a compartment: the two pairs on facing benches, "
            "or just two of each colour in it.",
        ),
        Option(
            "automaton_six",
            "Automaton's 6",
            ("five", "keep"),
            labels=("Turned into a 5, as written", "Kept as a 6"),
            help="Solo: the automaton must make its die a 5 when it has the dice points, a 6 too "
            "(as written); or it keeps a 6, a VIP already, and saves the point.",
            players=(1, 1),
        ),
    )

    # saves from before an option or its default: the old ruling 11, and the 1-2-1 order
    # that two players used before the rulebook's base rule became the default
    save_defaults = {"automaton_six": "keep", "two_player": "variant"}

    def new_game(self, players: int, seed: int, options: dict | None = None) -> SkylineState:
        self.check_players(players)
        opts = self.resolved_options(options)
        return SkylineState(players, seed, opts["two_player"], opts["across"], opts["automaton_six"])

    def parse_move(self, state: SkylineState, text: str) -> SkylineMove:
        """The move written `text`, legal now or not (check() says why not)."""
        move = _NOTATION.get(" ".join(str(text).split()))
        if move is None:
            raise IllegalMove(
                f"{text!r} is not Skyline Express notation: d R, a R, v 5, c G, s RG1 or p 3a."
            )
        return move

    def arena_figures(self, state: SkylineState) -> dict:
        """Extra figures for the bench arena: the automaton's score and a strict win over it."""
        if not state.solo:
            return {}
        auto = state.automaton_score()
        return {"automaton_score": auto, "beat_automaton": int(state.scores()[0] > auto)}


SPEC = SkylineSpec()

"""Skurðir: the rules engine (pure Python, no pygame).

Stations (large pyramids) stand on the cells of a square grid; canals (medium
pyramids) lie between two stations of one row or column and point one way, from
the wide end (the station they start at) to the narrow end; passengers (small
pyramids) stand in stacks on stations. Cells are named like a chess board seen
from above: columns a, b, ... z, aa, ab, ac from the left, rows 1, 2, ... from
the top. The open table (the default) is 29 x 29 cells with the centre at o15:
every station stands next to one already out and there are 15 stations, so no
layout can reach its edge, and it is the table that "grows as the layout needs"
(the board view shows only the part in use). The 9 x 9 table of the option has
its centre at e5.

Each decision is one Move (notation in brackets):
- set-up: place a stack (``s RY e5``: Red station, Yellow passenger), choose who
  plays first (``f 2``: seat 2), choose a colour (``k G``);
- building: canal (``c e5-e7 G``), spare station (``b e3``), remove your canal
  (``r e5-e7``), sabotage (``x e5-e7``), pass (``p``);
- transport (``t e5-e7-g7``: the route, station by station);
- adding a pool passenger (``a B e3``).
The rulings behind the code are written down in seeds/skurdir.md.
"""
from __future__ import annotations

import bisect
import random
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import TypedDict

from ...engine.core import CachedMovesState, GameSpec, IllegalMove, Option, Outcome, confirmed, seat_ref
from ...engine.present import LogEntry

COLOURS = ("Red", "Yellow", "Green", "Blue", "Black")
LETTERS = "RYGBK"
GRID = 29  # the open table: 2 * 14 + 1 cells a side; 15 stations never reach its edge
SMALL_GRID = 9  # the 9 x 9 table of the "table" option
TABLES = {"open": GRID, "9x9": SMALL_GRID}
COLUMNS = tuple("abcdefghijklmnopqrstuvwxyz") + ("aa", "ab", "ac")
CANALS_EACH = 3
PASSENGERS_TOTAL = 15
DRY_ROUNDS_EMPTY_POOL = 3  # the rulebook's early end: rounds in a row with no transport
DRY_ROUNDS_STALLED = 5  # our ruling when passengers are still in the pool

DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west on screen

# the kinds of move each step of a turn allows, and what that step asks for
STEP_KINDS = {"stacks": ("stack",), "first": ("first",), "colours": ("colour",),
              "build": ("canal", "station", "remove", "sabotage", "pass"), "transport": ("transport",), "add": ("add",)}
TASKS = {
    "stacks": "place a stack next to the ones already out",
    "first": "choose who plays first",
    "colours": "choose a colour",
    "build": "build a canal or station, remove, sabotage or pass",
    "transport": "transport a passenger",
    "add": "add a pool passenger to a station",
}
# a move that is allowed but was clicked in the wrong order: what to click first
CLICK_ORDER = {
    "stack": "Choose a stack to place, then a cell next to the stacks already out.",
    "add": "Choose a passenger from the pool, then a station.",
}


def centre_of(n: int = GRID) -> int:
    return (n // 2) * n + n // 2


def cell_name(c: int, n: int = GRID) -> str:
    return f"{COLUMNS[c % n]}{c // n + 1}"


def parse_cell(text: str, n: int = GRID) -> int:
    text = text.strip().lower()
    column = text.rstrip("0123456789")
    row = text[len(column):]
    if column not in COLUMNS[:n] or not row.isdigit() or not 1 <= int(row) <= n:
        raise IllegalMove(
            f"{text!r} is not a cell: write a column {COLUMNS[0]}-{COLUMNS[n - 1]} and a row 1-{n}, "
            f"such as {cell_name(centre_of(n), n)}."
        )
    return (int(row) - 1) * n + COLUMNS.index(column)


def xy(c: int, n: int = GRID) -> tuple[int, int]:
    return c % n, c // n


def between(a: int, b: int, n: int = GRID) -> list[int]:
    """The cells strictly between two cells of one row or column."""
    (ax, ay), (bx, by) = xy(a, n), xy(b, n)
    if ax == bx:
        step = 1 if by > ay else -1
        return [y * n + ax for y in range(ay + step, by, step)]
    step = 1 if bx > ax else -1
    return [ay * n + x for x in range(ax + step, bx, step)]


def neighbours(c: int, n: int = GRID) -> list[int]:
    x, y = xy(c, n)
    out = []
    for dx, dy in DIRS:
        nx, ny = x + dx, y + dy
        if 0 <= nx < n and 0 <= ny < n:
            out.append(ny * n + nx)
    return out


def run_total(canals: int) -> int:
    """Points a run of `canals` canals hands out altogether: 1 + 2 + ... + (2k + 1)."""
    n = 2 * canals + 1
    return n * (n + 1) // 2


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
# a move's kind -> the letter its notation starts with
NOTATION = {"stack": "s", "first": "f", "colour": "k", "canal": "c", "station": "b", "remove": "r",
            "sabotage": "x", "pass": "p", "transport": "t", "add": "a"}
KIND_OF = {letter: kind for kind, letter in NOTATION.items()}


@dataclass(frozen=True)
class SkurdirMove:
    """One decision. kind: "stack" (place a set-up stack on `cell`), "first" (`seat`
    plays first), "colour" (play `colour`), "canal" (a canal of `colour` from `cell`,
    its wide end, to `to`; `neutral` when from the pool), "station" (the spare one,
    at `cell`), "remove" / "sabotage" (the canal from `cell` to `to`), "pass",
    "transport" (the top passenger along `route`), "add" (a pool passenger of
    `colour` on `cell`). `tlen` is how many route stations must be clicked to
    single a transport out; `grid` the table's width, for the cell names."""

    kind: str
    cell: int = -1
    to: int = -1
    colour: int = -1
    seat: int = -1
    route: tuple = ()
    stack: tuple = ()  # (station colour, passenger colour) of a set-up stack
    neutral: bool = False
    tlen: int = field(default=1, compare=False)
    grid: int = field(default=GRID, compare=False)

    def well_formed(self) -> bool:
        """Its kind is known and only the fields that kind uses are set."""
        unused = UNUSED.get(self.kind)
        return unused is not None and all(getattr(self, name) == default for name, default in unused)

    def __str__(self) -> str:
        k = self.kind
        n = self.grid
        letter = NOTATION.get(k, "?")
        if k == "stack":
            return f"s {LETTERS[self.stack[0]]}{LETTERS[self.stack[1]]} {cell_name(self.cell, n)}"
        if k == "first":
            return f"f {self.seat + 1}"
        if k == "colour":
            return f"k {LETTERS[self.colour]}"
        if k == "canal":
            return f"c {cell_name(self.cell, n)}-{cell_name(self.to, n)} {LETTERS[self.colour]}"
        if k == "station":
            return f"b {cell_name(self.cell, n)}"
        if k in ("remove", "sabotage"):
            return f"{letter} {cell_name(self.cell, n)}-{cell_name(self.to, n)}"
        if k == "transport":
            return "t " + "-".join(cell_name(c, n) for c in self.route)
        if k == "add":
            return f"a {LETTERS[self.colour]} {cell_name(self.cell, n)}"
        return letter

    @property
    def targets(self) -> tuple:
        k = self.kind
        if k == "stack":
            return (("stack", self.stack), ("cell", self.cell))
        if k == "first":
            return (("seat", self.seat),)
        if k == "colour":
            return (("colour", self.colour),)
        if k == "canal":
            path = (("cell", self.cell), ("cell", self.to))
            return (("neutral",),) + path if self.neutral else path
        if k == "station":  # once a game: a second click confirms
            return confirmed((("cell", self.cell),))
        if k == "remove":
            return (("link", self.cell, self.to),)
        if k == "sabotage":  # once a game: a second click confirms
            return confirmed((("link", self.cell, self.to),))
        if k == "pass":
            return (("button", "pass"),)
        if k == "transport":
            return tuple(("cell", c) for c in self.route[: self.tlen])
        if k == "add":
            return (("pool", self.colour), ("cell", self.cell))
        return ()


USES = {"stack": ("cell", "stack"), "first": ("seat",), "colour": ("colour",),
        "canal": ("cell", "to", "colour", "neutral"), "station": ("cell",), "remove": ("cell", "to"),
        "sabotage": ("cell", "to"), "pass": (), "transport": ("route",), "add": ("cell", "colour")}
UNUSED = {kind: tuple((f.name, f.default) for f in fields(SkurdirMove) if f.compare and f.name not in used + ("kind",))
          for kind, used in USES.items()}

@lru_cache(maxsize=1 << 13)
def shared_move(kind: str, **fields) -> SkurdirMove:
    """Moves are immutable: the moves the search lists again for every position it
    visits (canals, transports, passengers to add, removals) share one instance
    each instead of being built anew. Bounded, since the routes met grow with every
    layout: searches in eight games met about 4,500 moves (about 2 MB), so 8,192 keep
    a game's moves with room to spare and let the oldest games' go."""
    return SkurdirMove(kind, **fields)


PASS = SkurdirMove("pass")

# SkurdirState._layout's, by (table width, station cells): a decision meets 10-150 layouts
# (measured on the bench's positions), each a few kilobytes.
_LAYOUTS: dict = {}
LAYOUTS_KEPT = 256


DEALT_STACKS = 10


def deal_stacks(rng: random.Random) -> list[tuple[int, int]]:
    """Ten different (station, passenger) pairs: two stations and two passengers
    of each colour, never a passenger on a station of its own colour."""
    stations = [c for c in range(5) for _ in range(2)]
    while True:
        passengers = stations[:]
        rng.shuffle(passengers)
        pairs = list(zip(stations, passengers))
        if all(s != p for s, p in pairs) and len(set(pairs)) == DEALT_STACKS:
            return sorted(pairs)


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------
class SkurdirView(TypedDict):
    """What SkurdirState.view(seat) gives a board screen (everything on the table is public)."""
    game: str
    grid: int  # cells a side
    table: str
    players: int
    stations: dict[int, int]  # cell -> colour
    stacks: dict[int, list[int]]  # cell -> its stack, bottom first
    canals: list[list[int]]  # [cell a, cell b, colour]
    owner: list[int | None]  # colour -> seat
    colour_of: list[int | None]  # seat -> colour
    neutral: int
    free: list[int]
    spare: list[bool]
    pool: list[int]
    sabotaged: list[bool]
    limbo: list[list[int]]
    stacks_left: list[list[int]]
    phase: str
    to_move: int | None
    first: int
    transported: int
    dry_turns: int
    last_route: list[int]
    last_gains: list[int]
    moved_colour: int
    crossing: bool
    scores: list[int]
    outcome: dict | None  # Outcome.to_json()


class SkurdirState(CachedMovesState):
    """A game of Skurðir in progress.

    station[cell] is a colour or -1; stacks[cell] the passengers on it, bottom
    first; canals maps (wide end, narrow end) to a colour, in building order.
    owner[colour] is the seat playing it or None; free[colour] the canals of that
    colour ready to be built (a player's hand, or the pool for the neutral colour).
    """

    def __init__(self, players: int, seed: int = 0, random_setup: bool = False, crossing: bool = True,
                 table: str = "open"):
        self.players = players
        self.seed = seed
        self.random_setup = random_setup
        self.crossing = crossing
        self.table = table
        self.n = TABLES[table]  # cells a side
        self.rng = random.Random(seed)
        self.station = [-1] * (self.n * self.n)
        self.station_cells: list[int] = []  # the cells holding a station, in order (kept by put_station)
        self.spread = (self.n, -1, self.n, -1)  # min x, max x, min y, max y of the stations (put_station)
        self.stacks: list[list[int]] = [[] for _ in range(self.n * self.n)]
        self.canals: dict[tuple[int, int], int] = {}
        self.owner: list = [None] * 5
        self.colour_of: list = [None] * players
        self.neutral = -1
        self.free = [0] * 5
        self.spare = [True] * players
        self.pool = [1] * 5  # pool passengers by colour
        self.sabotaged = [False] * players
        self.limbo: list[list[int]] = []  # [colour, seat whose turn end counts, turns left]
        self.points = [0] * players
        self.transported = 0
        self.dry_turns = 0  # turns in a row with no transport
        self.turn_transported = False
        self.stacks_left = deal_stacks(self.rng)
        self.phase = "stacks"
        self.first = 0
        self.to_move: int | None = 0
        self.chooser = 0  # colour choices made so far
        self.last_route: tuple = ()
        self.last_gains: list = []
        self.outcome: Outcome | None = None
        self.history: list = []
        self._legal: list | None = None

    # ---- building positions (tests, puzzles) ------------------------------
    @classmethod
    def from_layout(cls, colours: list, stations: dict, canals: list = (), *, to_move: int = 0,
                    pool=(1, 1, 1, 1, 1), free=None, neutral: int | None = None,
                    crossing: bool = True, table: str = "open") -> "SkurdirState":
        """A position in the building phase. colours: a colour per seat;
        stations: cell name -> (station colour, [passenger colours bottom first]);
        canals: [(from, to, colour)]. Hands hold what is not on the board."""
        s = cls(len(colours), 0, False, crossing, table)
        s.colour_of = list(colours)
        for seat, c in enumerate(colours):
            s.owner[c] = seat
        unplayed = [c for c in range(5) if c not in colours]
        s.neutral = (unplayed[0] if neutral is None else neutral) if unplayed else -1
        for name, (colour, passengers) in stations.items():
            cell = s.cell(name)
            s.put_station(cell, colour)
            s.stacks[cell] = list(passengers)
        for a, b, colour in canals:
            s.canals[(s.cell(a), s.cell(b))] = colour
        for c in range(5):
            if s.owner[c] is not None or c == s.neutral:
                s.free[c] = CANALS_EACH - sum(1 for v in s.canals.values() if v == c)
        if free is not None:
            s.free = list(free)
        s.pool = list(pool)
        on_board = sum(len(st) for st in s.stacks)
        s.transported = PASSENGERS_TOTAL - on_board - sum(s.pool)
        s.stacks_left = []
        s.phase = "build"
        s.first = 0
        s.to_move = to_move
        return s

    # ---- helpers ---------------------------------------------------------
    def cell(self, name: str) -> int:
        """The cell named `name` on this table."""
        return parse_cell(name, self.n)

    def name(self, c: int) -> str:
        return cell_name(c, self.n)

    @property
    def centre(self) -> int:
        return centre_of(self.n)

    def stations(self) -> list[int]:
        return list(self.station_cells)

    def put_station(self, cell: int, colour: int) -> None:
        self.station[cell] = colour
        self.stacks[cell] = []  # a list of its own (clones share the empty ones off the stations)
        bisect.insort(self.station_cells, cell)
        x, y = xy(cell, self.n)
        x0, x1, y0, y1 = self.spread
        self.spread = (min(x0, x), max(x1, x), min(y0, y), max(y1, y))
        self._layout_cache = None  # the old layout's links and free cells (clones may still share them)

    _layout_cache: tuple | None = None  # (links, placeable cells, station moves) of the stations as they stand

    def _layout(self) -> tuple:
        """What depends on where the stations stand and nothing else, worked out once per
        layout (a station is seldom put down; the search asks for these thousands of times a
        move, and clones share them): every (station, next station in a direction) pair, in
        the order of the stations and DIRS, the empty cells beside a station, and the moves
        putting the spare station there."""
        if self._layout_cache is None:
            # Searches meet the same few layouts thousands of times (each playout that puts a
            # spare station down makes one anew), so layouts are also kept across states.
            key = (self.n, tuple(self.station_cells))
            layout = _LAYOUTS.get(key)
            if layout is None:
                if len(_LAYOUTS) >= LAYOUTS_KEPT:
                    _LAYOUTS.clear()  # one step, safe beside another thread; a search's few come back at once
                layout = _LAYOUTS[key] = self._work_out_layout()
            self._layout_cache = layout
        return self._layout_cache

    def _work_out_layout(self) -> tuple:
        links = [(a, b) for a in self.station_cells for b in (self.next_station(a, d) for d in DIRS) if b >= 0]
        free = set()
        for c in self.station_cells:
            free.update(nb for nb in neighbours(c, self.n) if self.station[nb] < 0)
        cells = sorted(free) if self.station_cells else [self.centre]
        return links, cells, [shared_move("station", cell=c, grid=self.n) for c in cells]

    def next_station(self, cell: int, d: tuple) -> int:
        """The first station from `cell` in direction `d`, or -1 (the search stops
        where the stations end, not at the far edge of the table)."""
        n = self.n
        x0, x1, y0, y1 = self.spread
        station = self.station
        dx, dy = d
        x, y = cell % n, cell // n
        while True:
            x += dx
            y += dy
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return -1
            c = y * n + x
            if station[c] >= 0:
                return c

    def joined(self, a: int, b: int) -> bool:
        return (a, b) in self.canals or (b, a) in self.canals

    def crossed_cells(self) -> set:
        out = set()
        for a, b in self.canals:
            out.update(between(a, b, self.n))
        return out

    def placeable(self) -> list[int]:
        """Empty cells next to a station (where a stack or spare station may go)."""
        return list(self._layout()[1])

    def canals_on_board(self, colour: int) -> int:
        return sum(1 for v in self.canals.values() if v == colour)

    def _canal_moves(self, seat: int) -> list:
        """Canals that may be dug now: to the next station in each direction, not
        along a canal already there (nor across one, unless canals may cross)."""
        mine = self.colour_of[seat]
        kinds = []
        if self.free[mine] > 0:
            kinds.append((mine, False))
        if self.neutral >= 0 and self.free[self.neutral] > 0:
            kinds.append((self.neutral, True))
        if not kinds:
            return []
        crossed = None if self.crossing else self.crossed_cells()
        out = []
        n, canals = self.n, self.canals
        for a, b in self._layout()[0]:
            if (a, b) in canals or (b, a) in canals:
                continue
            if crossed is not None and any(c in crossed for c in between(a, b, n)):
                continue
            for colour, neutral in kinds:
                out.append(shared_move("canal", cell=a, to=b, colour=colour, neutral=neutral, grid=n))
        return out

    def canal_map(self) -> dict[int, list[int]]:
        """Station -> the stations its canals lead to, in order."""
        out_edges: dict[int, list[int]] = {}
        for a, b in self.canals:
            out_edges.setdefault(a, []).append(b)
        for ends in out_edges.values():
            ends.sort()
        return out_edges

    def routes(self, start: int, out_edges: dict | None = None) -> list[tuple]:
        """Every route for the top passenger at `start`: stations from start to
        the first station of the passenger's colour, along canals, none twice.
        `out_edges` is canal_map(), when the caller has it already."""
        if not self.stacks[start]:
            return []
        colour = self.stacks[start][-1]
        if out_edges is None:
            out_edges = self.canal_map()
        station = self.station
        found = []
        path = [start]  # the stations so far
        # depth first without recursion (the search lists routes at almost every step):
        # one iterator per station on the path, over the canals out of it, in order
        ways = [iter(out_edges.get(start, ()))]
        while ways:
            for nxt in ways[-1]:
                if nxt in path:
                    continue
                if station[nxt] == colour:
                    found.append((*path, nxt))
                else:
                    path.append(nxt)
                    ways.append(iter(out_edges.get(nxt, ())))
                    break
            else:
                ways.pop()
                path.pop()
        return found

    def may_move(self, seat: int, route: tuple) -> bool:
        """Condition 3: the passenger, its starting station or the first canal
        is of the mover's colour."""
        mine = self.colour_of[seat]
        start = route[0]
        return mine in (self.stacks[start][-1], self.station[start], self.canals[(route[0], route[1])])

    def transports(self, seat: int) -> list:
        moves = []
        out_edges = self.canal_map()
        for start in self.station_cells:
            if start not in out_edges or not self.stacks[start]:
                continue  # no route starts here
            routes = [r for r in self.routes(start, out_edges) if self.may_move(seat, r)]
            for r in routes:
                # click as many stations as it takes to tell this route from the others
                k = 1
                while sum(1 for o in routes if o[:k] == r[:k]) > 1:
                    k += 1
                moves.append(shared_move("transport", route=r, tlen=k, grid=self.n))
        return moves

    def gains(self, route: tuple) -> list[tuple[int, int]]:
        """(colour, points) for each piece along a route, in order: 1 for the
        starting station, 2 for the first canal, 3 for the first stop, ..."""
        out = [(self.station[route[0]], 1)]
        for i in range(1, len(route)):
            out.append((self.canals[(route[i - 1], route[i])], 2 * i))
            out.append((self.station[route[i]], 2 * i + 1))
        return out

    def route_scores(self, route: tuple) -> list[int]:
        """Points per seat a route would hand out (unplayed colours score for nobody)."""
        pts = [0] * self.players
        for colour, p in self.gains(route):
            seat = self.owner[colour]
            if seat is not None:
                pts[seat] += p
        return pts

    def add_moves(self) -> list:
        moved = self.stacks_colour_moved
        out = []
        for colour in range(5):
            if colour == moved or self.pool[colour] == 0:
                continue
            for cell in self.stations():
                if self.station[cell] != colour and colour not in self.stacks[cell]:
                    out.append(shared_move("add", cell=cell, colour=colour, grid=self.n))
        return out

    def _building_actions(self, seat: int) -> list:
        """The building moves other than passing."""
        mine = self.colour_of[seat]
        moves = self._canal_moves(seat)
        if self.spare[seat]:
            moves += self._layout()[2]
        if self.canals_on_board(mine) >= CANALS_EACH:
            for (a, b), colour in self.canals.items():
                if colour == mine and not self.stacks[a]:
                    moves.append(shared_move("remove", cell=a, to=b, grid=self.n))
        if not self.sabotaged[seat]:
            for (a, b), colour in self.canals.items():
                if colour != mine:
                    moves.append(shared_move("sabotage", cell=a, to=b, grid=self.n))
        return moves

    def may_pass(self, seat: int, actions: list) -> bool:
        """A player passes with all their canals built and a passenger to move, or
        when there is nothing else to do (`actions`: their other building moves)."""
        all_out = self.canals_on_board(self.colour_of[seat]) >= CANALS_EACH
        return (all_out and bool(self.transports(seat))) or not actions

    def _building_moves(self, seat: int) -> list:
        moves = self._building_actions(seat)
        if self.may_pass(seat, moves):
            moves.append(PASS)
        return moves

    def _compute_legal(self) -> list:
        if self.outcome is not None:
            return []
        seat = self.to_move
        phase = self.phase
        if phase == "stacks":
            cells = self.placeable()
            seen = []
            out = []
            for pair in self.stacks_left:
                if pair in seen:
                    continue
                seen.append(pair)
                out += [SkurdirMove("stack", cell=c, stack=pair, grid=self.n) for c in cells]
            return out
        if phase == "first":
            return [SkurdirMove("first", seat=s) for s in range(self.players)]
        if phase == "colours":
            return [SkurdirMove("colour", colour=c) for c in range(5) if self.owner[c] is None]
        if phase == "build":
            return self._building_moves(seat)
        if phase == "transport":
            return self.transports(seat)
        if phase == "add":
            return self.add_moves()
        return []

    # ---- the contract ------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.points)

    def clone(self) -> "SkurdirState":
        c = SkurdirState.__new__(SkurdirState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng_copy()
        c.station = self.station[:]
        c.station_cells = self.station_cells[:]
        # only stations hold passengers: the empty lists elsewhere are never changed, so they are shared
        c.stacks = self.stacks[:]
        for cell in self.station_cells:
            c.stacks[cell] = self.stacks[cell][:]
        c.canals = dict(self.canals)
        c.owner = self.owner[:]
        c.colour_of = self.colour_of[:]
        c.free = self.free[:]
        c.spare = self.spare[:]
        c.pool = self.pool[:]
        c.sabotaged = self.sabotaged[:]
        c.limbo = [e[:] for e in self.limbo]
        c.points = self.points[:]
        c.stacks_left = self.stacks_left[:]
        c.last_gains = self.last_gains[:]
        c.history = self.history[:]
        return c

    def _apply(self, move) -> None:
        seat = self.to_move
        self._legal = None
        k = move.kind
        if k == "stack":
            self.put_station(move.cell, move.stack[0])
            self.stacks[move.cell] = [move.stack[1]]
            self.stacks_left.remove(move.stack)
            if not self.stacks_left:
                self.phase = "first"
                self.to_move = 0
            elif len(self.stacks_left) < 9:  # the youngest chose the centre stack, then places again
                self.to_move = (seat + 1) % self.players
        elif k == "first":
            self.first = move.seat
            self.phase = "colours"
            self.to_move = move.seat
        elif k == "colour":
            self.colour_of[seat] = move.colour
            self.owner[move.colour] = seat
            self.free[move.colour] = CANALS_EACH
            self.chooser += 1
            if self.chooser < self.players:
                self.to_move = (seat + 1) % self.players
            else:
                unplayed = [c for c in range(5) if self.owner[c] is None]
                if unplayed:
                    self.neutral = unplayed[0]
                    self.free[self.neutral] = CANALS_EACH
                self.phase = "build"
                self.to_move = self.first
        elif k == "canal":
            self.canals[(move.cell, move.to)] = move.colour
            self.free[move.colour] -= 1
            self._to_transport()
        elif k == "station":
            colour = self.colour_of[seat]
            self.put_station(move.cell, colour)
            self.spare[seat] = False
            # a canal that ran across this cell now ends at the new station
            for (a, b), c in list(self.canals.items()):
                if move.cell in between(a, b, self.n):
                    del self.canals[(a, b)]
                    self.canals[(a, move.cell)] = c
            self._to_transport()
        elif k == "remove":
            colour = self.canals.pop((move.cell, move.to))
            self.free[colour] += 1
            self._to_transport()
        elif k == "sabotage":
            colour = self.canals.pop((move.cell, move.to))
            self.sabotaged[seat] = True
            if self.owner[colour] is not None:
                self.limbo.append([colour, self.owner[colour], 1])
            else:  # a neutral canal waits for the saboteur's next turn to end
                self.limbo.append([colour, seat, 2])
            self._to_transport()
        elif k == "pass":
            self._to_transport()
        elif k == "transport":
            route = move.route
            passenger = self.stacks[route[0]].pop()
            for c, p in self.gains(route):
                if self.owner[c] is not None:
                    self.points[self.owner[c]] += p
            self.last_route = route
            self.last_gains = self.route_scores(route)
            self.stacks_colour_moved = passenger
            self.transported += 1
            self.turn_transported = True
            if self.transported >= PASSENGERS_TOTAL:
                self._finish("All 15 passengers have been transported.")
                return
            self.phase = "add"
            if not self._legal_list():
                self._end_turn()
        elif k == "add":
            self.stacks[move.cell].append(move.colour)
            self.pool[move.colour] -= 1
            self._end_turn()
        else:  # pragma: no cover - check() refuses anything else
            raise IllegalMove(f"Unknown move {move!r}.")

    stacks_colour_moved = -1  # colour of the passenger transported this turn

    def _to_transport(self) -> None:
        self.phase = "transport"
        self.last_route = ()
        self.last_gains = []
        if not self._legal_list():
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.to_move
        for entry in self.limbo:
            if entry[1] == seat:
                entry[2] -= 1
        for entry in [e for e in self.limbo if e[2] <= 0]:
            self.free[entry[0]] += 1
            self.limbo.remove(entry)
        self.dry_turns = 0 if self.turn_transported else self.dry_turns + 1
        self.turn_transported = False
        self.stacks_colour_moved = -1
        empty = sum(self.pool) == 0
        limit = DRY_ROUNDS_EMPTY_POOL if empty else DRY_ROUNDS_STALLED
        if self.dry_turns >= limit * self.players:
            if empty:
                self._finish(f"The pool is empty and nobody transported for {limit} rounds.")
            else:
                self._finish(f"Nobody transported for {limit} rounds: the game is stalled.")
            return
        self.to_move = (seat + 1) % self.players
        self.phase = "build"
        self._legal = None

    def _finish(self, reason: str) -> None:
        best = max(self.points)
        winners = tuple(s for s in range(self.players) if self.points[s] == best)
        if len(winners) > 1:
            reason += " Tied at the top: " + " and ".join(seat_ref(s) for s in winners) + " share the win."
        else:
            reason += f" {seat_ref(winners[0])} wins with {best} points."
        self.outcome = Outcome(tuple(self.points), winners, reason)
        self.to_move = None
        self.phase = "over"
        self._legal = []

    # ---- legality: why a move is not allowed -------------------------------------
    def fault(self, move) -> str | None:
        """Why the rules forbid `move` now, in plain words; None when they allow it.
        Skurðir's legality is written here once: check() and the refused clicks
        (explain_click) answer from it, and the fast move generation above is
        proven to agree with it (tests/games/skurdir/test_skurdir_rules.py)."""
        if self.outcome is not None:
            return "The game is over."
        if not isinstance(move, SkurdirMove) or not move.well_formed():
            return "That is not a Skurðir move."
        k = move.kind
        if k not in STEP_KINDS[self.phase]:
            task = f"{seat_ref(self.to_move)} must {TASKS[self.phase]}"
            return f"Passing is for the building step only: {task}." if k == "pass" else f"Not now: {task}."
        return getattr(self, f"_{k}_fault")(move)

    def on_table(self, c) -> bool:
        return isinstance(c, int) and 0 <= c < self.n * self.n

    def beside_station(self, c: int) -> bool:
        """Next to a station in its row or column (one cell away)."""
        return any(self.station[nb] >= 0 for nb in neighbours(c, self.n))

    def _stack_fault(self, move) -> str | None:
        if move.stack not in self.stacks_left:
            return "That stack is already out."
        if not self.on_table(move.cell):
            return "There is no such cell."
        if self.station[move.cell] >= 0:
            return "A station already stands there."
        if not self.station_cells:
            return None if move.cell == self.centre else f"The first stack goes in the centre, {self.name(self.centre)}."
        if not self.beside_station(move.cell):
            return "A stack must go next to one already out (in its row or column, one cell away)."
        return None

    def _first_fault(self, move) -> str | None:
        return None if 0 <= move.seat < self.players else "Choose one of the players."

    def _colour_fault(self, move) -> str | None:
        if not 0 <= move.colour < 5:
            return "Choose one of the five colours."
        return None if self.owner[move.colour] is None else f"{COLOURS[move.colour]} is taken."

    def _canal_fault(self, move) -> str | None:
        a, b = move.cell, move.to
        mine = self.colour_of[self.to_move]
        if move.neutral:
            if self.neutral < 0 or self.free[self.neutral] == 0:
                return "No neutral canal is left in the pool."
            if move.colour != self.neutral:
                return f"The neutral canals are {COLOURS[self.neutral]}."
        elif move.colour != mine:
            return "You build canals of your own colour, or neutral ones from the pool."
        elif self.free[mine] == 0:
            return "You have no canal of your colour left to build."
        if not (self.on_table(a) and self.on_table(b)) or self.station[a] < 0 or self.station[b] < 0:
            return "A canal needs a station at each end."
        (ax, ay), (bx, by) = xy(a, self.n), xy(b, self.n)
        if a == b or (ax != bx and ay != by):
            return "A canal runs along a row or a column."
        gap = between(a, b, self.n)
        if any(self.station[c] >= 0 for c in gap):
            return "A canal goes to the next station in line, not past one."
        if self.joined(a, b):
            return "Those two stations are already joined by a canal."
        if not self.crossing and not self.crossed_cells().isdisjoint(gap):
            return "Canals may not cross each other across a gap."
        return None

    def _station_fault(self, move) -> str | None:
        if not self.spare[self.to_move]:
            return "You have already built your spare station."
        if not self.on_table(move.cell):
            return "There is no such cell."
        if self.station[move.cell] >= 0:
            return "A station already stands there."
        if not self.beside_station(move.cell):
            return "A spare station must go next to a station (in its row or column, one cell away)."
        return None

    def _remove_fault(self, move) -> str | None:
        mine = self.colour_of[self.to_move]
        colour = self.canals.get((move.cell, move.to))
        if colour is None:
            return "There is no such canal."
        if colour != mine:
            return "You may only remove a canal of your own colour."
        if self.canals_on_board(mine) < CANALS_EACH:
            return "You may remove a canal only when all three of yours are built."
        if self.stacks[move.cell]:
            return "A passenger waits at that canal's wide end: it cannot be removed."
        return None

    def _sabotage_fault(self, move) -> str | None:
        colour = self.canals.get((move.cell, move.to))
        if colour is None:
            return "There is no such canal."
        if self.sabotaged[self.to_move]:
            return "You have already used your one sabotage."
        if colour == self.colour_of[self.to_move]:
            return "Sabotage is for canals of other colours; remove your own instead."
        return None

    def _pass_fault(self, move) -> str | None:
        seat = self.to_move
        if self.may_pass(seat, self._building_actions(seat)):
            return None
        return "You may pass only with all three of your canals built and a passenger to transport."

    def _transport_fault(self, move) -> str | None:
        route = move.route
        if not route or not all(self.on_table(c) for c in route) or not self.stacks[route[0]]:
            return "There is no passenger there."
        colour = self.stacks[route[0]][-1]
        if len(route) < 2 or self.station[route[-1]] != colour:
            return "A passenger travels along canals to a station of its own colour."
        if not all((route[i], route[i + 1]) in self.canals for i in range(len(route) - 1)):
            if all(self.joined(route[i], route[i + 1]) for i in range(len(route) - 1)):
                return "A passenger travels along each canal from its wide end to its narrow end."
            return "That route does not follow canals."
        if len(set(route)) < len(route):
            return "A passenger never passes a station twice."
        if any(self.station[c] == colour for c in route[1:-1]):
            return "A passenger gets off at the first station of its own colour."
        if not self.may_move(self.to_move, route):
            return "A passenger may move only if it, its station or the first canal is your colour."
        return None

    def _add_fault(self, move) -> str | None:
        if not 0 <= move.colour < 5 or self.pool[move.colour] == 0:
            return "No passenger of that colour is in the pool."
        if move.colour == self.stacks_colour_moved:
            return "Add a passenger of another colour than the one just transported."
        if not self.on_table(move.cell) or self.station[move.cell] < 0:
            return "Passengers go on stations."
        if self.station[move.cell] == move.colour or move.colour in self.stacks[move.cell]:
            return "A passenger may not join a stack holding a station or passenger of its colour."
        return None

    # ---- refused clicks ------------------------------------------------------------
    def explain_click(self, path: tuple) -> str:
        """Why the click path starts no legal move: the faults of the moves it was
        heading for (no rule is written here)."""
        meant = self._meant(tuple(path)) if path else []
        faults = list(dict.fromkeys(f for f in map(self.fault, meant) if f))
        if faults:
            return " ".join(faults[:3])
        if meant:  # the move is allowed, but starts with another click
            return CLICK_ORDER.get(meant[0].kind, "Nothing can be done there now.")
        return "Nothing can be done there now."

    def _meant(self, path: tuple) -> list:
        """The moves, legal now or not, that the click path `path` was heading for."""
        first, last = path[0], path[-1]
        cells = [t[1] for t in path if t[0] == "cell"]
        mine = self.colour_of[self.to_move] if self.to_move is not None else None
        n = self.n
        if last == ("button", "pass"):
            return [PASS]
        if last[0] == "seat":
            return [SkurdirMove("first", seat=last[1])]
        if last[0] == "colour":
            return [SkurdirMove("colour", colour=last[1])]
        if last[0] == "link":
            kind = "remove" if mine is not None and self.canals.get(last[1:]) == mine else "sabotage"
            return [SkurdirMove(kind, cell=last[1], to=last[2], grid=n)]
        if first[0] == "stack":
            return [SkurdirMove("stack", cell=c, stack=first[1], grid=n) for c in cells or self.placeable()[:1]]
        if first[0] == "pool":
            return [SkurdirMove("add", cell=c, colour=first[1], grid=n) for c in cells or self.stations()]
        if first[0] == "neutral":
            return self._canals_meant(cells, self.neutral, True)
        if last[0] != "cell":
            return []
        if self.phase == "stacks":
            return [SkurdirMove("stack", cell=cells[-1], stack=pair, grid=n) for pair in self.stacks_left[:1]]
        if self.phase == "transport":
            start = cells[0]
            routes = [r for r in self.routes(start) if list(r[:len(cells)]) == cells]
            return [SkurdirMove("transport", route=r, grid=n) for r in routes] or [
                SkurdirMove("transport", route=tuple(cells), grid=n)]
        if self.phase == "add":
            return [SkurdirMove("add", cell=cells[-1], colour=colour, grid=n) for colour in range(5) if self.pool[colour]]
        if len(cells) == 1 and self.station[cells[0]] < 0:
            return [SkurdirMove("station", cell=cells[0], grid=n)]
        return self._canals_meant(cells, mine if mine is not None else 0, False)

    def _canals_meant(self, cells: list, colour: int, neutral: bool) -> list:
        """Canals of `colour` between the clicked cells; from the one clicked cell
        (or from any station, none clicked) to its neighbours in line."""
        if len(cells) >= 2:
            return [SkurdirMove("canal", cell=cells[0], to=cells[1], colour=colour, neutral=neutral, grid=self.n)]
        out = []
        for a in cells or self.stations():
            for d in DIRS:
                b = self.next_station(a, d)
                if b < 0:  # nothing in line: the cell beside it
                    x, y = xy(a, self.n)
                    if not (0 <= x + d[0] < self.n and 0 <= y + d[1] < self.n):
                        continue
                    b = a + d[0] + d[1] * self.n
                out.append(SkurdirMove("canal", cell=a, to=b, colour=colour, neutral=neutral, grid=self.n))
        return out

    # ---- the log's facts (words.py says them) --------------------------------------
    def log_entry(self, move) -> LogEntry:
        """The fact `move` will be in the move log, worked out before it is played:
        colours by index, cells by name, seats by number."""
        k, name = move.kind, self.name
        data: dict = {}
        if k == "stack":
            data = {"station": move.stack[0], "passenger": move.stack[1]}
        elif k == "first":
            data = {"seat": move.seat}
        elif k == "transport":
            route = move.route
            data = {"colour": self.stacks[route[0]][-1] if self.stacks[route[0]] else 0,
                    "route": [name(c) for c in route],
                    "gains": self.route_scores(route) if self.is_route(route) else []}
        if k in ("colour", "canal", "add"):
            data["colour"] = move.colour
        if k == "canal":
            data["neutral"] = move.neutral
        if k in ("stack", "station", "add"):
            data["cell"] = name(move.cell)
        if k in ("canal", "remove", "sabotage"):
            data["route"] = [name(move.cell), name(move.to)]
        return LogEntry(self.to_move, k, data)

    def is_route(self, route) -> bool:
        return all((route[i], route[i + 1]) in self.canals for i in range(len(route) - 1))

    # ---- views --------------------------------------------------------------------
    def view(self, seat: int) -> SkurdirView:
        return {
            "game": "skurdir",
            "grid": self.n,
            "table": self.table,
            "players": self.players,
            "stations": {c: self.station[c] for c in self.stations()},
            "stacks": {c: list(st) for c, st in enumerate(self.stacks) if st},
            "canals": [[a, b, colour] for (a, b), colour in self.canals.items()],
            "owner": list(self.owner),
            "colour_of": list(self.colour_of),
            "neutral": self.neutral,
            "free": list(self.free),
            "spare": list(self.spare),
            "pool": list(self.pool),
            "sabotaged": list(self.sabotaged),
            "limbo": [list(e) for e in self.limbo],
            "stacks_left": [list(p) for p in self.stacks_left],
            "phase": self.phase,
            "to_move": self.to_move,
            "first": self.first,
            "transported": self.transported,
            "dry_turns": self.dry_turns,
            "last_route": list(self.last_route),
            "last_gains": list(self.last_gains),
            "moved_colour": self.stacks_colour_moved,
            "crossing": self.crossing,
            "scores": self.scores(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def to_json(self) -> dict:
        data = dict(self.view(0))  # the view and more: no longer its TypedDict
        data.update(
            options={"random_setup": self.random_setup, "crossing": self.crossing, "table": self.table},
            seed=self.seed,
            history=[str(m) for m in self.history],
            rng=self.rng_json(),
            chooser=self.chooser,
        )
        data["stations"] = {str(k): v for k, v in data["stations"].items()}
        data["stacks"] = {str(k): v for k, v in data["stacks"].items()}
        return data

    # ---- random set-up ---------------------------------------------------------------
    def _random_setup(self) -> None:
        """Play the whole set-up with the state's rng, recording nothing."""
        while self.phase in ("stacks", "first", "colours"):
            moves = self._legal_list()
            self._apply(moves[self.rng.randrange(len(moves))])


class SkurdirSpec(GameSpec):
    id = "skurdir"
    title = "Skurðir"
    min_players = 2
    max_players = 5
    hidden_information = False
    colours_chosen_in_play = True  # the pyramid colour is a move of the set-up
    blurb = "Dig canals between pyramid stations and ferry passengers home for points."
    options = (
        Option(
            "random_setup",
            "Random set-up",
            (False, True),
            labels=("Off: players lay out the stacks", "On: deal the set-up at random"),
            help="Let the computer lay out the ten stacks, pick the first player and deal the colours.",
        ),
        Option(
            "crossing",
            "Canals across gaps",
            (True, False),
            labels=("May cross", "May not cross"),
            help="Whether two canals spanning gaps may cross each other over an empty cell. "
            "The rulebook sets no limit; the ban is a house rule.",
        ),
        Option(
            "table",
            "Table",
            tuple(TABLES),
            labels=("Grows as the layout needs", "9 × 9 cells"),
            help="How far the layout may spread. The rulebook's table has no edge; "
            "a 9 × 9 grid keeps the layout compact but can cut some layouts short.",
        ),
    )

    save_defaults = {"table": "9x9"}  # saves from before the option: the old table and its cell names

    def new_game(self, players: int, seed: int, options: dict | None = None) -> SkurdirState:
        self.check_players(players)
        opts = self.resolved_options(options)
        state = SkurdirState(players, seed, opts["random_setup"], opts["crossing"], opts["table"])
        if state.random_setup:
            state._random_setup()
        return state

    def parse_move(self, state: SkurdirState, text: str) -> SkurdirMove:
        """The move written `text`, legal now or not (check() says why not)."""
        parts = str(text).split()
        if not parts:
            raise IllegalMove("Empty move.")
        k = parts[0]
        try:
            if k == "p" and len(parts) == 1:
                return PASS
            if k == "s" and len(parts) == 3 and len(parts[1]) == 2:
                pair = (LETTERS.index(parts[1][0].upper()), LETTERS.index(parts[1][1].upper()))
                return SkurdirMove("stack", cell=state.cell(parts[2]), stack=pair, grid=state.n)
            if k == "f" and len(parts) == 2:
                return SkurdirMove("first", seat=int(parts[1]) - 1)
            if k == "k" and len(parts) == 2:
                return SkurdirMove("colour", colour=LETTERS.index(parts[1].upper()))
            if k == "c" and len(parts) == 3:
                a, b = (state.cell(p) for p in parts[1].split("-"))
                colour = LETTERS.index(parts[2].upper())
                return SkurdirMove("canal", cell=a, to=b, colour=colour, neutral=colour == state.neutral, grid=state.n)
            if k == "b" and len(parts) == 2:
                return SkurdirMove("station", cell=state.cell(parts[1]), grid=state.n)
            if k in ("r", "x") and len(parts) == 2:
                a, b = (state.cell(p) for p in parts[1].split("-"))
                return SkurdirMove(KIND_OF[k], cell=a, to=b, grid=state.n)
            if k == "t" and len(parts) == 2:
                route = tuple(state.cell(p) for p in parts[1].split("-"))
                for m in state.legal_moves():
                    if m.kind == "transport" and m.route == route:
                        return m
                return SkurdirMove("transport", route=route, grid=state.n)
            if k == "a" and len(parts) == 3:
                return SkurdirMove("add", cell=state.cell(parts[2]), colour=LETTERS.index(parts[1].upper()), grid=state.n)
        except ValueError:
            pass
        raise IllegalMove(f"{text!r} is not Skurðir notation.")


SPEC = SkurdirSpec()

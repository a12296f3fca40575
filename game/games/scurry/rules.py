"""Scurry: the rules engine (pure Python, no pygame).

The board is the set of vertices of a hexagon cut into equilateral triangles.
Vertices use axial coordinates (q, r) with max(|q|, |r|, |q + r|) <= size - 1;
in unit spacing a vertex sits at pixel x = q + r / 2, y = r * sqrt(3) / 2.
Vertices are numbered in reading order (rows top to bottom, left to right) and
named by a row letter and a 1-based place in the row: "a1" is the top-left
corner, "f11" the right end of the middle row on the standard board.

Each decision is one Move: a set-up tile (``t c4``), a set-up squirrel
(``s c4``), the leadoff tile of a turn (``p c4``) or one squirrel step
(``m c4``). The rulings behind the code are written down in seeds/scurry.md.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter

from ...engine.core import CachedMovesState, GameSpec, IllegalMove, Option, Outcome
from ...engine.present import LogEntry
from .geometry import board_of, vertex_name

SIDE_NAMES = ("Brown", "Grey")
SIZES = (5, 6, 7)
TILE_COUNTS = tuple(range(4, 16))
TOTAL_TILES = 31  # the physical game's double-sided tiles; 31 - 2 * 15 leaves one spare
# What ends a game that goes on and on (ruling 9): by default a draw after DRAW_LIMIT
# turns; the "most_tiles" option keeps the old ruling, more tiles wins after TILES_LIMIT.
DRAW_LIMIT = 1500  # play turns (both players together); ~10 moves a turn stays under 20,000 moves
TILES_LIMIT = 200
LONG_GAME_RULES = ("draw", "most_tiles")

EMPTY = -1
SQUIRREL = 2  # board code of a vertex where a squirrel stands on no tile

# The four kinds of move, each with its letter in the notation ("p c4").
LETTERS = {"setup_tile": "t", "setup_squirrel": "s", "leadoff": "p", "step": "m"}
KINDS = tuple(LETTERS)
KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
PHASE_KIND = {"setup_tiles": "setup_tile", "setup_squirrels": "setup_squirrel", "leadoff": "leadoff", "move": "step"}


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ScurryMove:
    """One decision: `kind` is "setup_tile", "setup_squirrel", "leadoff" (the tile
    that starts a turn) or "step" (the squirrel to a tile), at `vertex`. `seat`
    is who makes it; `size` is the board's, to name the vertex."""

    kind: str
    vertex: int
    seat: int
    size: int = 6

    def __str__(self) -> str:
        return f"{LETTERS[self.kind]} {vertex_name(self.size, self.vertex)}"

    @property
    def targets(self) -> tuple:
        return (("vertex", self.vertex),)


_MOVES: dict[tuple, tuple] = {}
_vertex_of = attrgetter("vertex")


def _moves_for(size: int, kind: str, seat: int) -> tuple:
    key = (size, kind, seat)
    row = _MOVES.get(key)
    if row is None:
        row = _MOVES[key] = tuple(ScurryMove(kind, v, seat, size) for v in range(board_of(size).count))
    return row


# ---------------------------------------------------------------------------
# Line of sight (module functions so ai.py can use them too)
# ---------------------------------------------------------------------------
def sight(board: list, rays: tuple, at: int, mover: int) -> list:
    """The opponent tiles the mover's squirrel at `at` can see: the first
    occupied vertex along each ray, when it holds an opponent tile."""
    opp = 1 - mover
    out = []
    for ray in rays[at]:
        for u in ray:
            c = board[u]
            if c != EMPTY:
                if c == opp:
                    out.append(u)
                break
    return out


def can_see_any(board: list, rays: tuple, at: int, opp: int) -> bool:
    for ray in rays[at]:
        for u in ray:
            c = board[u]
            if c != EMPTY:
                if c == opp:
                    return True
                break
    return False


def first_steps(board: list, rays: tuple, start: int, mover: int, just_one: bool = False) -> list:
    """First steps from `start` (an empty vertex where the squirrel stands, coded
    SQUIRREL) after which a second step exists; with `just_one`, only the first
    found (enough to know there is one)."""
    opp = 1 - mover
    saved = board[start]
    board[start] = EMPTY  # the squirrel leaves: its vertex no longer blocks
    out = []
    for ray in rays[start]:
        for u in ray:
            c = board[u]
            if c != EMPTY:
                if c == opp and can_see_any(board, rays, u, opp):
                    out.append(u)
                    if just_one:
                        board[start] = saved
                        return out
                break
    board[start] = saved
    return out


def has_two_moves(board: list, rays: tuple, start: int, mover: int) -> bool:
    return bool(first_steps(board, rays, start, mover, just_one=True))


def visible_empties(board: list, rays: tuple, at: int, out: set) -> None:
    """Add to `out` the empty vertices in sight from `at` (up to the first piece)."""
    for ray in rays[at]:
        for u in ray:
            if board[u] != EMPTY:
                break
            out.add(u)


def path_openings(board: list, rays: tuple, start: int, mover: int) -> set:
    """The empty vertices in sight of the squirrel at `start` or of a tile it
    could step to first: the only places where a new tile changes its path."""
    out: set = set()
    saved = board[start]
    board[start] = EMPTY  # the squirrel leaves: its vertex no longer blocks
    visible_empties(board, rays, start, out)
    for t in sight(board, rays, start, mover):
        visible_empties(board, rays, t, out)
    board[start] = saved
    return out


def leadoff_vertices(board: list, rays: tuple, start: int, mover: int, row=None, free=None) -> list:
    """The empty vertices where the mover's leadoff tile (opponent side up)
    leaves the squirrel at `start` a path of at least two steps, in index order;
    given a `row` (one entry per vertex, such as that vertex's move), its entries
    for those vertices instead. `free` (True at each empty vertex), when the
    caller keeps one, saves a scan of the board."""
    if has_two_moves(board, rays, start, mover):
        # A placed tile never spoils a two-step path: dropped into the path's line
        # it becomes a stepping stone itself. So every empty vertex will do.
        if free is None:
            free = [c == EMPTY for c in board]
        return list(compress(range(len(board)) if row is None else row, free))
    helping = leadoffs_that_help(board, rays, start, mover)
    return helping if row is None else [row[v] for v in helping]


def leadoffs_that_help(board: list, rays: tuple, start: int, mover: int) -> list:
    """The leadoff vertices, in index order, when no first step leads on yet.

    Worked out in one look around rather than by trying each vertex (the search
    asks this at every turn of every playout). With the squirrel's start left
    open, a tile helps only where a first step would see it (that step then leads
    on to it; a tile between the squirrel and that step becomes the first step
    and leads on to the tile behind it), or in the squirrel's own sight where it
    would see an opponent tile (it is a first step that leads on)."""
    opp = 1 - mover
    saved = board[start]
    board[start] = EMPTY  # the squirrel leaves: its vertex no longer blocks
    out: set = set()
    for u in sight(board, rays, start, mover):
        visible_empties(board, rays, u, out)
    near: set = set()
    visible_empties(board, rays, start, near)
    out.update(v for v in near - out if can_see_any(board, rays, v, opp))
    board[start] = saved
    out.discard(start)
    return sorted(out)


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------
class ScurryState(CachedMovesState):
    """A game of Scurry in progress.

    `board[v]` is EMPTY, 0 or 1 (a tile and its owner) or SQUIRREL (a squirrel
    on a vertex with no tile). The squirrel that is moving stands on the tile
    it last reached; that vertex shows the tile's owner.
    """

    def __init__(self, size: int = 6, tiles: int = 12, random_setup: bool = False, seed: int = 0,
                 long_games: str = "draw"):
        self.players = 2
        self.size = size
        self.tiles_per_player = tiles
        self.random_setup = random_setup
        self.long_games = long_games
        self.seed = seed
        self.rng = random.Random(seed)
        self._geo = board_of(size)
        self._step_rows = (_moves_for(size, "step", 0), _moves_for(size, "step", 1))  # at hand for every step
        self.board = [EMPTY] * self._geo.count
        self._free = [True] * self._geo.count  # board[v] == EMPTY, kept with the board: no scan for every empty vertex
        self.squirrels = [-1, -1]
        self.counts = [0, 0]  # tiles owned on the board
        self.placed = [0, 0]  # set-up tiles placed
        self.supply = TOTAL_TILES
        self.phase = "setup_tiles"
        self.to_move: int | None = 0
        self.turn = 0  # 1 = Brown's first turn of play; 0 during set-up
        self.path: list[int] = []  # this turn: where the squirrel started, then each tile reached
        self.leadoff = -1
        self.last_removed = -1
        self.outcome: Outcome | None = None
        self.history: list = []
        self._legal: list | None = None

    # ---- building ----------------------------------------------------
    @classmethod
    def from_position(
        cls,
        tiles: dict,
        squirrels: tuple,
        *,
        to_move: int = 0,
        size: int = 6,
        tiles_per_player: int = 12,
        turn: int = 1,
        seed: int = 0,
        long_games: str = "draw",
    ) -> "ScurryState":
        """A position at the start of `to_move`'s turn (leadoff next), for tests
        and puzzles. `tiles` maps vertex names or indices to owners; squirrels
        are (brown, grey) vertex names or indices, on vertices with no tile."""
        s = cls(size, tiles_per_player, False, seed, long_games)
        geo = s._geo

        def idx(v):
            return geo.by_name[v] if isinstance(v, str) else int(v)

        for v, owner in tiles.items():
            i = idx(v)
            s.board[i] = owner
            s.counts[owner] += 1
        for seat, v in enumerate(squirrels):
            i = idx(v)
            if s.board[i] != EMPTY:
                raise ValueError(f"squirrel on an occupied vertex {v}")
            s.board[i] = SQUIRREL
            s.squirrels[seat] = i
        s._free = [c == EMPTY for c in s.board]
        s.placed = [tiles_per_player, tiles_per_player]
        s.supply = TOTAL_TILES - len(tiles)
        s.phase = "leadoff"
        s.turn = turn
        s.to_move = to_move
        s.path = []
        s._start_turn()
        return s

    def clone(self) -> "ScurryState":
        c = ScurryState.__new__(ScurryState)
        c.players = 2
        c.size = self.size
        c.tiles_per_player = self.tiles_per_player
        c.random_setup = self.random_setup
        c.long_games = self.long_games
        c.seed = self.seed
        c.rng = self.rng_copy()
        c._geo = self._geo
        c._step_rows = self._step_rows
        c.board = self.board[:]
        c._free = self._free[:]
        c.squirrels = self.squirrels[:]
        c.counts = self.counts[:]
        c.placed = self.placed[:]
        c.supply = self.supply
        c.phase = self.phase
        c.to_move = self.to_move
        c.turn = self.turn
        c.path = self.path[:]
        c.leadoff = self.leadoff
        c.last_removed = self.last_removed
        c.outcome = self.outcome
        c.history = self.history[:]
        c._legal = self._legal  # never mutated in place: safe to share
        return c

    # ---- helpers -------------------------------------------------------
    def name(self, v: int) -> str:
        return vertex_name(self.size, v)

    def owner_at(self, v) -> int | None:
        """Owner of the tile at vertex `v` (index or name), None if no tile."""
        if isinstance(v, str):
            v = self._geo.by_name[v]
        c = self.board[v]
        return c if c in (0, 1) else None

    @property
    def turn_limit(self) -> int:
        """The turn after which a game that is still going is stopped (ruling 9)."""
        return DRAW_LIMIT if self.long_games == "draw" else TILES_LIMIT

    def steps(self) -> int:
        """Squirrel steps made so far this turn."""
        return max(0, len(self.path) - 1)

    def sight_of(self, seat: int) -> list:
        """Opponent tiles in sight of `seat`'s squirrel now (sorted)."""
        at = self.squirrels[seat]
        if at < 0:
            return []
        return sorted(sight(self.board, self._geo.rays, at, seat))

    def _compute_legal(self) -> list:
        """The moves `fault` allows, found quickly (the AI plays thousands of games),
        in vertex order (check relies on that)."""
        if self.outcome is not None:
            return []
        seat = self.to_move
        phase = self.phase
        board = self.board
        if phase == "leadoff":
            row = _moves_for(self.size, "leadoff", seat)
            return leadoff_vertices(board, self._geo.rays, self.squirrels[seat], seat, row, self._free)
        if phase == "move":
            row = self._step_rows[seat]
            at = self.squirrels[seat]
            if len(self.path) == 1:
                vs = first_steps(board, self._geo.rays, at, seat)
            else:
                vs = sight(board, self._geo.rays, at, seat)
            vs.sort()
        else:
            row = _moves_for(self.size, PHASE_KIND[phase], seat)
            return list(compress(row, self._free))
        return [row[v] for v in vs]

    # ---- the contract ----------------------------------------------------
    def check(self, move) -> str | None:
        if self.outcome is not None:
            return "The game is over."
        # Moves are shared objects (_moves_for), so a listed move is usually the very
        # one: the first, or the one a binary search by vertex finds (the list is in
        # vertex order and no two of its moves share a vertex).
        legal = self._legal if self._legal is not None else self._legal_list()  # no call: every move is checked
        if legal and legal[0] is move:
            return None
        if isinstance(move, ScurryMove):
            i = bisect_left(legal, move.vertex, key=_vertex_of)
            if i < len(legal) and (legal[i] is move or legal[i] == move):
                return None
        return self.fault(move) or "That move is not possible now."

    def scores(self) -> list[int]:
        return list(self.counts)

    def _apply(self, move) -> None:
        seat = self.to_move
        v = move.vertex
        board = self.board
        self._legal = None
        kind = move.kind
        if kind == "step":
            path = self.path
            counts = self.counts
            if len(path) == 1:
                start = self.squirrels[seat]
                board[start] = EMPTY  # leaves its start vertex (no tile there)
                self._free[start] = True
            board[v] = seat  # lands and flips
            counts[seat] += 1
            counts[1 - seat] -= 1
            self.squirrels[seat] = v
            path.append(v)
            # what the squirrel sees from here both ends the turn (after two steps) and
            # lists the next steps: work it out once
            seen = sight(board, self._geo.rays, v, seat)
            if not seen and len(path) >= 3:
                self._end_turn()
            else:
                seen.sort()
                row = self._step_rows[seat]
                self._legal = [row[u] for u in seen]
        elif kind == "leadoff":
            opp = 1 - seat
            board[v] = opp
            self._free[v] = False
            self.counts[opp] += 1
            self.supply -= 1
            self.leadoff = v
            self.phase = "move"
            self.path = [self.squirrels[seat]]
        elif kind == "setup_tile":
            board[v] = seat
            self._free[v] = False
            self.counts[seat] += 1
            self.placed[seat] += 1
            self.supply -= 1
            if self.placed[1] >= self.tiles_per_player:
                self.phase = "setup_squirrels"
                self.to_move = 0
            else:
                self.to_move = 1 - seat
        elif kind == "setup_squirrel":
            board[v] = SQUIRREL
            self._free[v] = False
            self.squirrels[seat] = v
            if seat == 1:
                self.phase = "leadoff"
                self.turn = 1
                self.to_move = 0
                self._start_turn()
            else:
                self.to_move = 1
        else:  # pragma: no cover - check() refuses anything else
            raise IllegalMove(f"Unknown move {move!r}.")

    def _end_turn(self) -> None:
        seat = self.to_move
        at = self.squirrels[seat]
        self.board[at] = SQUIRREL  # the last tile reached is removed; the squirrel stays
        self.counts[seat] -= 1
        self.supply += 1
        self.last_removed = at
        who = SIDE_NAMES[seat]
        if self.counts[1 - seat] == 0:
            self._finish((seat,), f"{who} owns every tile on the board: {who} wins.")
            return
        self.to_move = 1 - seat
        self.turn += 1
        self.phase = "leadoff"
        self.path = []
        self.leadoff = -1
        if self._start_turn():
            return
        if self.turn > self.turn_limit:
            self._stop_at_limit()

    def _stop_at_limit(self) -> None:
        """Ruling 9: the turn limit is reached and nobody has won outright."""
        limit = f"{self.turn_limit:,}"
        a, b = self.counts
        if self.long_games == "draw":
            self._finish((0, 1), f"The {limit}-turn limit is reached: the game is a draw.")
        elif a == b:
            self._finish((0, 1), f"The {limit}-turn limit is reached with {a} tiles each: both players share the win.")
        else:
            win = 0 if a > b else 1
            self._finish(
                (win,),
                f"The {limit}-turn limit is reached: {SIDE_NAMES[win]} owns more tiles "
                f"({max(a, b)} to {min(a, b)}) and wins.",
            )

    def _start_turn(self) -> bool:
        """At the start of a turn: the seat to move loses if no leadoff tile lets
        its squirrel move twice. Returns True when that ended the game."""
        seat = self.to_move
        self._legal = self._compute_legal()
        if not self._legal:
            other = SIDE_NAMES[1 - seat]
            self._finish((1 - seat,), f"{SIDE_NAMES[seat]} cannot make two moves: {other} wins.")
            return True
        return False

    def _finish(self, winners: tuple, reason: str) -> None:
        self.outcome = Outcome(tuple(self.counts), tuple(winners), reason)
        self.to_move = None
        self.phase = "over"
        self._legal = []

    # ---- legality: why a move is refused -------------------------------------
    def fault(self, move) -> str | None:
        """Why the rules forbid `move` now, in plain words; None when they allow it.
        The rules of Scurry are written here once; `_compute_legal` is a fast way to
        list the same moves (a test compares the two over many positions)."""
        if self.outcome is not None:
            return "The game is over."
        if not isinstance(move, ScurryMove) or move.kind not in KINDS:
            return "That is not a Scurry move."
        if move.size != self.size:
            return "That move belongs to a board of another size."
        v = move.vertex
        if not 0 <= v < self._geo.count:
            return "There is no such vertex on this board."
        if move.seat != self.to_move:
            return f"It is {SIDE_NAMES[self.to_move]}'s turn."
        kind = move.kind
        if kind != PHASE_KIND[self.phase]:
            return self._wrong_kind(kind)
        if kind == "step":
            return self._step_fault(v)
        c = self.board[v]
        if c == SQUIRREL or v in self.squirrels:
            return "That vertex is taken: a squirrel stands there."
        if c != EMPTY:
            return "That vertex is taken: a tile lies there."
        if kind == "leadoff" and not self._leaves_two_moves(v):
            return "A tile there would leave your squirrel fewer than two moves."
        return None

    def _leaves_two_moves(self, v: int) -> bool:
        """Whether the leadoff tile (the other side up) at the empty vertex `v`
        leaves the mover's squirrel a path of at least two steps."""
        seat = self.to_move
        board = self.board
        board[v] = 1 - seat
        ok = has_two_moves(board, self._geo.rays, self.squirrels[seat], seat)
        board[v] = EMPTY
        return ok

    def _wrong_kind(self, kind: str) -> str:
        phase = self.phase
        if phase == "setup_tiles":
            if kind == "setup_squirrel":
                return "Squirrels are placed once all set-up tiles are down."
            return "Set-up comes first: place one of your tiles on an empty vertex."
        if phase == "setup_squirrels":
            if kind == "setup_tile":
                return "All set-up tiles are down: place your squirrel on an empty vertex."
            return "Place your squirrel first."
        if kind in ("setup_tile", "setup_squirrel"):
            return "Set-up is over."
        if phase == "leadoff":
            return "Place your leadoff tile first."
        return "You have already placed your leadoff tile this turn: move your squirrel."

    def _step_fault(self, v: int) -> str | None:
        """Why the moving squirrel may not step to `v` now (None: it may)."""
        seat = self.to_move
        opp = 1 - seat
        at = self.squirrels[seat]
        board = self.board
        if v == at:
            return "Your squirrel is already there: it moves on to a tile of the other player's that it can see."
        if v == self.squirrels[opp]:
            return "The other squirrel stands there."
        c = board[v]
        if c == EMPTY:
            return "There is no tile there: squirrels land only on the other player's tiles."
        if c == seat:
            return "That tile is already yours: squirrels land only on the other player's tiles."
        geo = self._geo
        (q0, r0), (q1, r1) = geo.coords[at], geo.coords[v]
        dq, dr = q1 - q0, r1 - r0
        if not (dq == 0 or dr == 0 or dq == -dr):
            return "Squirrels move only along the three grid lines."
        k = max(abs(dq), abs(dr))
        step = (dq // k, dr // k)
        x, y = q0, r0
        for _ in range(k - 1):
            x, y = x + step[0], y + step[1]
            u = geo.index[(x, y)]
            cu = board[u]
            if cu == EMPTY:
                continue
            if cu == SQUIRREL or u == self.squirrels[opp]:
                return "The other squirrel blocks that line."
            if cu == seat:
                return f"Your squirrel cannot see that tile: your own tile at {self.name(u)} blocks the line."
            return (
                f"Your squirrel cannot see that tile: the tile at {self.name(u)} is in the way "
                "(squirrels never jump)."
            )
        if len(self.path) == 1:
            board[at] = EMPTY  # the squirrel leaves its start: that vertex no longer blocks
            again = can_see_any(board, geo.rays, v, opp)
            board[at] = SQUIRREL
            if not again:
                return "From there your squirrel could not move again, and a turn needs at least two moves."
        return None

    def explain_click(self, path: tuple) -> str:
        """A click means the move of this phase at the clicked vertex: its fault."""
        if self.outcome is not None:
            return "The game is over."
        target = path[-1] if path else None
        if not (isinstance(target, tuple) and len(target) == 2 and target[0] == "vertex"):
            return "Click a vertex of the board."
        move = ScurryMove(PHASE_KIND[self.phase], target[1], self.to_move, self.size)
        return self.fault(move) or "Nothing can be done there now."

    # ---- facts for the move log (words.py says them) ----------------------------
    def log_entry(self, move) -> LogEntry:
        """The fact `move` is: who (the seat that makes it), what (its kind) and where."""
        if not isinstance(move, ScurryMove):
            return LogEntry(self.to_move, "text", {"text": str(move)})
        return LogEntry(move.seat, move.kind, {"at": vertex_name(move.size, move.vertex)})

    # ---- views -----------------------------------------------------------------
    def _owner_list(self) -> list:
        return [c if c in (0, 1) else None for c in self.board]

    def view(self, seat: int) -> dict:
        geo = self._geo
        owner = self._owner_list()
        mover = self.to_move
        sight_now = self.sight_of(mover) if mover is not None and self.phase in ("leadoff", "move") else []
        return {
            "game": "scurry",
            "size": self.size,
            "tiles_per_player": self.tiles_per_player,
            "random_setup": self.random_setup,
            "side_names": list(SIDE_NAMES),
            "vertices": [list(c) for c in geo.coords],
            "names": list(geo.names),
            "owner": owner,
            "tiles": {v: o for v, o in enumerate(owner) if o is not None},
            "squirrels": [v if v >= 0 else None for v in self.squirrels],
            "phase": self.phase,
            "to_move": self.to_move,
            "turn": self.turn,
            "turn_limit": self.turn_limit,
            "long_games": self.long_games,
            "path": self.path[1:],  # the tiles reached this turn, in order
            "path_start": self.path[0] if self.path else None,  # where the squirrel began
            "steps": self.steps(),
            "leadoff": self.leadoff if self.leadoff >= 0 else None,
            "sight": sight_now,
            "supply": self.supply,
            "setup_left": [self.tiles_per_player - p for p in self.placed],
            "last_removed": self.last_removed if self.last_removed >= 0 else None,
            "scores": self.scores(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def to_json(self) -> dict:
        return {
            "game": "scurry",
            "options": {
                "size": self.size,
                "tiles": self.tiles_per_player,
                "random_setup": self.random_setup,
                "long_games": self.long_games,
            },
            "seed": self.seed,
            "board": list(self.board),
            "squirrels": list(self.squirrels),
            "counts": list(self.counts),
            "placed": list(self.placed),
            "supply": self.supply,
            "phase": self.phase,
            "to_move": self.to_move,
            "turn": self.turn,
            "path": list(self.path),
            "leadoff": self.leadoff,
            "last_removed": self.last_removed,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "history": [str(m) for m in self.history],
            "rng": self.rng_json(),
        }

    # ---- random set-up -----------------------------------------------------------
    def _random_setup(self) -> None:
        """Lay out tiles and squirrels with the state's rng, recording nothing.
        A layout in which Brown could not make two moves is drawn again."""
        rng = self.rng
        n = self.tiles_per_player
        for _attempt in range(1000):
            board = [EMPTY] * self._geo.count
            free = list(range(self._geo.count))
            for i in range(2 * n):
                v = free.pop(rng.randrange(len(free)))
                board[v] = i % 2
            squirrels = []
            for _seat in (0, 1):
                v = free.pop(rng.randrange(len(free)))
                board[v] = SQUIRREL
                squirrels.append(v)
            if leadoff_vertices(board, self._geo.rays, squirrels[0], 0):
                break
        self.board = board
        self._free = [c == EMPTY for c in board]
        self.squirrels = squirrels
        self.counts = [n, n]
        self.placed = [n, n]
        self.supply = TOTAL_TILES - 2 * n
        self.phase = "leadoff"
        self.turn = 1
        self.to_move = 0
        self._start_turn()


class ScurrySpec(GameSpec):
    id = "scurry"
    title = "Scurry"
    min_players = 2
    max_players = 2
    hidden_information = False
    scores_decide = False  # the tile counts do not decide who wins: the arena's margin is +1 / 0 / -1
    seat_labels = SIDE_NAMES
    score_name = "Tiles"  # the counts are tiles owned: a player with fewer may still win
    blurb = "Squirrels dash along the lines of the board, flipping acorn tiles."
    options = (
        Option(
            "size",
            "Board size",
            SIZES,
            labels=("Small: 5 per side (61 points)", "Standard: 6 per side (91 points)", "Large: 7 per side (127 points)"),
            help="Points along each side of the hexagon board. The rulebook's board has 6.",
        ),
        Option(
            "tiles",
            "Tiles per player",
            TILE_COUNTS,
            help="How many tiles each player lays out during set-up (12 is standard; 4 to 15 work).",
        ),
        Option(
            "random_setup",
            "Random set-up",
            (False, True),
            labels=("Off: players place tiles and squirrels", "On: deal the set-up at random"),
            help="Let the computer lay out both players' tiles and squirrels at random, "
            "so play starts with Brown's first turn.",
        ),
        Option(
            "long_games",
            "Very long games",
            LONG_GAME_RULES,
            labels=(
                f"A draw after {DRAW_LIMIT:,} turns",
                f"More tiles wins after {TILES_LIMIT} turns",
            ),
            help="The rulebook has no limit: a game that goes on this long is stopped as a draw, "
            "or (an old house rule that favours Grey) more tiles wins.",
        ),
    )

    _DEFAULTS = {"size": 6, "tiles": 12, "random_setup": False, "long_games": "draw"}
    save_defaults = {"long_games": "most_tiles"}  # saves from before the option: the old limit

    def default_choice_index(self, option: Option) -> int:
        return option.choices.index(self._DEFAULTS[option.key])

    def new_game(self, players: int, seed: int, options: dict | None = None) -> ScurryState:
        self.check_players(players)
        opts = self.resolved_options(options)
        state = ScurryState(opts["size"], opts["tiles"], opts["random_setup"], seed, opts["long_games"])
        if state.random_setup:
            state._random_setup()
        return state

    def parse_move(self, state: ScurryState, text: str) -> ScurryMove:
        """The move written `text`, legal now or not (check() says why not).
        Raises IllegalMove only for text that is not Scurry notation."""
        parts = str(text).split()
        if len(parts) != 2 or parts[0] not in KIND_OF_LETTER:
            raise IllegalMove(
                f"{text!r} is not Scurry notation: write t, s, p or m, a space and a vertex such as d4."
            )
        v = board_of(state.size).by_name.get(parts[1].lower())
        if v is None:
            raise IllegalMove(f"{parts[1]!r} is not a vertex of this board.")
        seat = state.to_move if state.to_move is not None else 0
        return _moves_for(state.size, KIND_OF_LETTER[parts[0]], seat)[v]


SPEC = ScurrySpec()

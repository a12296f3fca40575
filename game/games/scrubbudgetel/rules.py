"""Scrubbudgetel: the rules engine (pure Python, no pygame).

The island is a triangle grid (see seeds/scrubbudgetel.md, rulings 1-3; the grid
itself is geometry.py). Every marker covers unit triangles: a Junction one, a
Trail or Obstacle marker two (a 60-degree rhombus: four equal sides), the Landing
and every Destination six (a hexagon around one grid point).

The map is a tree grown from the Landing. Each laid marker remembers the marker
it was laid against (its anchor, `against`). Trail markers form trails: a trail starts at
the Landing or at a Junction and grows only from its last marker.

One decision is one Move: lay a marker from the stash. Notation ``TR 1,0u+1,0d``
(the marker's code, then the triangles it covers). Dice rolls and draws from the
bag happen inside ``apply`` with the state's own random generator, so a seed and
the list of notations replay a game exactly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypedDict

from ...engine.core import CachedMovesState, Dice, GameSpec, IllegalMove, Option, Outcome, Pick, confirmed, seat_ref
from ...engine.present import LogEntry
from .geometry import TABLE, hexagon, on_table, tri_corners, tri_neighbours

# ---------------------------------------------------------------------------
# Markers
# ---------------------------------------------------------------------------
COLOURS = ("White", "Red", "Yellow", "Blue")  # seat i plays COLOURS[i]
LETTERS = "WRYB"
VALUES = {"landing": 0, "trail": 2, "junction": 1, "destination": 6, "obstacle": 1}
SHAPES = {"landing": "hex", "trail": "rhombus", "junction": "tri", "destination": "hex", "obstacle": "rhombus"}


@dataclass(frozen=True)
class MarkerType:
    code: str
    name: str
    family: str  # landing, trail, junction, destination, obstacle
    colour: int | None  # a player colour (index into COLOURS) or None
    tint: str  # how it is painted: a player colour name or gold, black, purple, orange, sky
    count: int

    @property
    def value(self) -> int:
        return VALUES[self.family]

    @property
    def shape(self) -> str:
        return SHAPES[self.family]


def _types() -> dict[str, MarkerType]:
    out = [MarkerType("LS", "Landing", "landing", None, "sand", 1)]
    for c, letter in enumerate(LETTERS):
        out.append(MarkerType("T" + letter, f"{COLOURS[c]} trail", "trail", c, COLOURS[c], 48))
    out.append(MarkerType("JN", "Junction", "junction", None, "sand", 20))
    out.append(MarkerType("CV", "Treasure Cave", "destination", None, "gold", 1))
    for c, letter in enumerate(LETTERS):
        out.append(MarkerType("V" + letter, f"{COLOURS[c]} Village", "destination", c, COLOURS[c], 1))
        out.append(MarkerType("B" + letter, f"{COLOURS[c]} Beach", "destination", c, COLOURS[c], 1))
    out += [MarkerType("GY", "Graveyard", "destination", None, "black", 1),
            MarkerType("ID", "Idol", "destination", None, "purple", 1),
            MarkerType("SF", "Signal Fire", "destination", None, "orange", 1)]
    for c, letter in enumerate(LETTERS):
        out.append(MarkerType("P" + letter, f"{COLOURS[c]} Animal Pit", "obstacle", c, COLOURS[c], 1))
        out.append(MarkerType("K" + letter, f"{COLOURS[c]} Cliff", "obstacle", c, COLOURS[c], 1))
    out += [MarkerType("RI", "River", "obstacle", None, "sky", 2),
            MarkerType("WF", "Waterfall", "obstacle", None, "sky", 1),
            MarkerType("CH", "Chasm", "obstacle", None, "black", 1)]
    return {t.code: t for t in out}


MARKERS = _types()
FAMILY = {code: t.family for code, t in MARKERS.items()}  # code -> family, for the hot paths
CAVE = "CV"
BAG_CODES = tuple(sorted(code for code, t in MARKERS.items() if t.family != "landing"))


BLOCKS = "Nothing may be laid against an Obstacle: it blocks the way (the Obstacles option)."
OVERLAP = "That place is taken: markers may not overlap."
OFF_TABLE = "That is beyond the edge of the island table."
THIRD_WAITS = "A Junction's third trail may start only in a later turn (rule 8)."
# (family of a new marker, family of a marker it would touch besides its anchor) -> the rule against it
CONTACT_FAULTS = {
    ("junction", "landing"): "Only Trail markers may touch the Landing (rule 2).",
    ("obstacle", "landing"): "Only Trail markers may touch the Landing (rule 2).",
    ("destination", "landing"): "Only Trail markers may touch the Landing (rule 2).",
    ("trail", "destination"): "A trail ends at its Destination: nothing may go on past it (rule 11).",
    ("junction", "destination"): "Only a Trail marker may touch a Destination (rule 3).",
    ("obstacle", "destination"): "Obstacles go against Trail markers only, not against a Destination (rule 9).",
    ("destination", "destination"): "Destinations may not touch other Destinations (rule 12).",
    ("junction", "obstacle"): "Obstacles touch Trail markers only, never a Junction (rule 9).",
    ("destination", "obstacle"): "Only a Trail marker may touch a Destination, not an Obstacle (rule 3).",
    ("obstacle", "obstacle"): "Obstacles may not touch other Obstacles (rule 9).",
    ("junction", "junction"): "Junctions may not touch other Junctions (rule 6).",
    ("obstacle", "junction"): "Obstacles go against Trail markers only, not against a Junction (rule 9).",
    ("destination", "junction"): "Only Trail markers may touch a Destination, not a Junction (rule 3).",
    ("destination", "trail"): ("A Destination may touch only the end of the trail it closes: "
                               "one marker leads to it (rule 11)."),
}


def bag_contents() -> list[str]:
    """Every marker that starts in the bag, sorted by code."""
    return [code for code in BAG_CODES for _ in range(MARKERS[code].count)]


@lru_cache(maxsize=None)
def shapes_across(inner: tuple, outer: tuple, shape: str) -> tuple:
    """Every placement of `shape` that covers `outer` and lies across the side it
    shares with `inner` (so `inner` is not covered)."""
    if shape == "tri":
        return ((outer,),)
    if shape == "rhombus":
        return tuple(tuple(sorted((outer, n))) for n in tri_neighbours(outer) if n != inner)
    far = [p for p in tri_corners(outer) if p not in tri_corners(inner)][0]
    return (hexagon(far),)


@lru_cache(maxsize=None)
def shapes_on_table(inner: tuple, outer: tuple, shape: str) -> tuple:
    """shapes_across, keeping only the placements that lie wholly on the island table."""
    return tuple(tris for tris in shapes_across(inner, outer, shape) if all(t in TABLE for t in tris))


# How far (in steps from triangle to side-sharing triangle) the spots of a marker
# laid against an anchor, and the triangles around them its legality looks at,
# reach from the anchor: a rhombus and its surroundings 3, a Junction and the room
# for its first trail 4, a hexagon across from the anchor and its surroundings 5.
# A marker laid farther away changes none of them (see ScrubState._spots_at).
REACH = {"trail": 3, "obstacle": 3, "junction": 4, "branch": 4, "destination": 5}
FORGET_AT = tuple(tuple(k for k, r in REACH.items() if r >= d) for d in range(max(REACH.values()) + 1))


def _offsets(o: int) -> tuple:
    """(dx, dy, orientation, steps) of every triangle within the largest REACH of a
    triangle (0, 0, o): the grid looks the same from every triangle of one
    orientation, so this serves them all."""
    seen = {(0, 0, o): 0}
    frontier = [(0, 0, o)]
    for d in range(1, len(FORGET_AT)):
        nxt = []
        for t in frontier:
            for n in tri_neighbours(t):
                if n not in seen:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return tuple((x, y, oo, d) for (x, y, oo), d in seen.items())


OFFSETS = (_offsets(0), _offsets(1))


@lru_cache(maxsize=None)
def _shape_offsets(shape: tuple) -> tuple:
    """(dx, dy, orientation, steps) of every triangle within the largest REACH of a
    marker whose triangles, relative to its first one at (0, 0), are `shape`."""
    nearest: dict = {}
    for x, y, o in shape:
        for dx, dy, oo, d in OFFSETS[o]:
            t = (x + dx, y + dy, oo)
            if nearest.get(t, 99) > d:
                nearest[t] = d
    return tuple((x, y, o, d) for (x, y, o), d in nearest.items())


@lru_cache(maxsize=None)
def _ring(tris: tuple) -> tuple:
    """The triangles sharing a side with a marker on `tris` (none of its own), in the
    order first met: contact_fault looks at what lies there, in its innermost loop."""
    ring = []
    for t in tris:
        for n in tri_neighbours(t):
            if n not in tris and n not in ring:
                ring.append(n)
    return tuple(ring)


def is_shape(tris: tuple, shape: str) -> bool:
    if shape == "tri":
        return len(tris) == 1
    if shape == "rhombus":
        return len(tris) == 2 and tris[1] in tri_neighbours(tris[0])
    if len(tris) != 6:
        return False
    common = set(tri_corners(tris[0]))
    for t in tris[1:]:
        common &= set(tri_corners(t))
    return len(common) == 1 and hexagon(next(iter(common))) == tuple(sorted(tris))


def tri_name(t: tuple) -> str:
    return f"{t[0]},{t[1]}{'ud'[t[2]]}"


def parse_tri(text: str) -> tuple:
    text = text.strip()
    if len(text) < 4 or text[-1] not in "ud" or "," not in text:
        raise ValueError(text)
    x, y = text[:-1].split(",")
    return int(x), int(y), "ud".index(text[-1])


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class LayMarker:
    """The move: lay the marker `code` (see MARKERS) from the stash on the grid
    triangles `triangles` (sorted). `against` is the index of the marker on the map
    it is laid against (the trail it continues); two ways of laying the same marker
    on the same triangles are one move, so it is left out of equality."""

    code: str
    triangles: tuple
    against: int = field(default=-1, compare=False)

    def __str__(self) -> str:
        return f"{self.code} " + "+".join(tri_name(t) for t in self.triangles)

    @property
    def targets(self) -> tuple:
        path = (("stash", self.code), ("at", self.triangles))
        return confirmed(path) if self.code == CAVE else path  # the Cave ends the game: click it twice


_LAYS: dict = {}


def _lay(code: str, triangles: tuple, against: int) -> LayMarker:
    """LayMarker(code, triangles, against), made once: moves are immutable, and the
    same ones come back position after position."""
    key = (code, triangles, against)
    move = _LAYS.get(key)
    if move is None:
        if len(_LAYS) > 200_000:
            _LAYS.clear()
        move = _LAYS[key] = LayMarker(code, triangles, against)
    return move


@dataclass(frozen=True)
class PlacedMarker:
    """A marker on the map: its code, the triangles it covers, who laid it, the
    marker it was laid against and the turn it went down in."""

    code: str
    triangles: tuple
    seat: int | None  # who laid it (None: the Landing)
    against: int  # index of the marker it was laid against (-1: the Landing itself)
    turn: int  # the turn it was laid in

    @property
    def family(self) -> str:
        return MARKERS[self.code].family




# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------
class ScrubView(TypedDict):
    """What ScrubState.view(seat) gives a board screen (the bag is a count: its order is hidden)."""
    game: str
    players: int
    markers: list[dict]  # {"code", "triangles", "seat", "against", "turn"} of each marker laid
    stashes: list[list[str]]
    stash_costs: list[int]
    bag: int  # markers left in the bag
    haul: list[int]
    scores: list[int]
    captain: int
    turn: int
    turn_seat: int
    roll: int
    to_lay: int
    laid_now: list[int]
    followed_end: int | None
    pending_junction: int | None
    miss_next: bool
    cave_allowed: bool
    leftover: str
    to_move: int | None
    outcome: dict | None  # Outcome.to_json()


class ScrubState(CachedMovesState):
    """A game of Scrubbudgetel in progress.

    markers[i] is the i-th marker laid (0 is the Landing); cells maps a triangle
    to the marker covering it. next_of[i] is the marker that continues trail
    marker i (a trail marker or the Destination that closes the trail); branches[j]
    the trail markers started from Junction j. The turn in play: turn_seat rolled
    `roll` and must lay `to_lay` markers; `laid_now` lists what it has laid so far.
    """

    def __init__(self, players: int, seed: int = 0, leftover: str = "double", captain="roll",
                 own_first: str = "colour", obstacles: str = "touch"):
        self.players = players
        self.seed = seed
        self.leftover = leftover
        self.captain_option = captain
        self.own_first = own_first  # rule 13: "colour" (neutral any time) or "neutral" (neutral count as yours)
        self.obstacles = obstacles  # "touch": trails may brush an Obstacle; "block": nothing laid against one
        self.rng = random.Random(seed)
        self.markers: list[PlacedMarker] = [PlacedMarker("LS", hexagon((0, 0)), None, -1, 0)]
        self.cells: dict[tuple, int] = {t: 0 for t in self.markers[0].triangles}
        self._spots: dict[tuple, tuple] = {}  # (family, anchor) -> spots (see _spots_at)
        self.next_of: dict[int, int] = {}
        self.branches: dict[int, list[int]] = {}  # every Junction, with the trails started from it
        self.trails: list[int] = []  # every Trail marker, in the order laid
        self.bag: list[str] = bag_contents()
        self.stashes: list[list[str]] = [[] for _ in range(players)]
        self.haul = [0] * players
        self.turn = 0  # turns begun so far, missed ones included
        self.turn_seat = 0
        self.roll = 0
        self.to_lay = 0
        self.laid_now: list[int] = []
        self.followed: int | None = None  # a trail marker of the trail followed this turn
        self.pending_junction: int | None = None  # a Junction laid this turn still waiting for its trail
        self.others_open = False  # when that Junction was laid, rule 13 let another player's marker go
        self.obstacle_now = False
        self.miss_next = False
        self.dry_turns = 0  # turns in a row with nothing laid while the bag is empty
        self.noted: list[tuple] = []  # (ply, LogEntry): what the rules did by themselves
        self.ply = 0  # moves played once the move in play is done (0: the set-up)
        self.outcome: Outcome | None = None
        self.history: list = []
        self.to_move: int | None = None
        self.captain = self._choose_captain()
        for k in range(players):  # everybody draws a first stash, anticlockwise from the Captain
            seat = (self.captain - k) % players
            rolled = self._roll_die()
            got = self._draw(seat, rolled)
            self._note(seat, "draw", roll=rolled, got=got, first=True)
        self._run_turns_from(self.captain)

    # ---- set-up -----------------------------------------------------------
    def _choose_captain(self) -> int:
        if isinstance(self.captain_option, int) and 0 <= self.captain_option < self.players:
            self._note(self.captain_option, "captain", roll=None)
            return self.captain_option
        rolling = list(range(self.players))
        while True:
            rolls = {seat: self._roll_die() for seat in rolling}
            best = max(rolls.values())
            rolling = [seat for seat in rolling if rolls[seat] == best]
            if len(rolling) == 1:
                self._note(rolling[0], "captain", roll=best)
                return rolling[0]

    def _roll_die(self) -> int:
        return self.draw_chance(Dice(1))[0]

    def _draw(self, seat: int, count: int) -> int:
        got = 0
        for _ in range(count):
            if not self.bag:
                break
            self.stashes[seat].append(self.bag.pop(self.draw_chance(Pick(self.bag))))
            got += 1
        self.stashes[seat].sort()
        return got

    def _note(self, seat: int | None, verb: str, **data) -> None:
        """Log what happens without a decision (dice, draws, missed turns) as a fact
        (words.py says it), tagged with the number of moves played once the move in
        play is done."""
        self.noted.append((self.ply, LogEntry(seat, verb, data)))
        del self.noted[:-40]

    def notes(self, ply: int) -> list[LogEntry]:
        return [entry for at, entry in self.noted if at == ply]

    def log_entry(self, move) -> LogEntry:
        """The fact of laying `move` (before it is played): who lays which marker,
        and who is credited how many doubloons."""
        if not isinstance(move, LayMarker) or move.code not in MARKERS or self.to_move is None:
            return LogEntry(self.to_move, "text", {"text": str(move)})
        credited, value = self.gains(move.code, self.to_move)
        return LogEntry(self.to_move, "lay", {"marker": move.code, "value": value, "credited": credited})

    # ---- turns --------------------------------------------------------------
    def _run_turns_from(self, seat: int) -> None:
        """Begin turns from `seat` on until one needs a decision or the game ends."""
        self._legal = None
        while self.outcome is None:
            if self._begin_turn(seat):
                return
            seat = (seat + 1) % self.players
        self.to_move = None

    def _begin_turn(self, seat: int) -> bool:
        """Begin `seat`'s turn; True when the seat now has markers to lay."""
        self.turn += 1
        self.turn_seat = seat
        self.roll, self.to_lay, self.laid_now = 0, 0, []
        self.followed = self.pending_junction = None
        self.obstacle_now = False
        self._legal = None
        if self.miss_next:
            self.miss_next = False
            self._note(seat, "miss")
            self._end_turn(seat, draw=False)
            return False
        if not self.stashes[seat] and not self.bag:
            self._note(seat, "pass")
            self._end_turn(seat, draw=False)
            return False
        self.roll = self._roll_die()
        self.to_lay = min(self.roll, len(self.stashes[seat]))
        self.to_move = seat
        if self.to_lay and self._legal_list():
            self._note(seat, "roll", roll=self.roll, lay=self.to_lay)
            return True
        if self.to_lay:
            self._note(seat, "no_fit", roll=self.roll)
        else:
            self._note(seat, "no_stash", roll=self.roll)
        self._end_turn(seat)
        return False

    def _end_turn(self, seat: int, draw: bool = True) -> None:
        if self.laid_now or self.bag:
            self.dry_turns = 0
        else:
            self.dry_turns += 1
        if self.obstacle_now:
            self.miss_next = True
        if draw and self.bag:
            rolled = self._roll_die()
            got = self._draw(seat, rolled)
            self._note(seat, "draw", roll=rolled, got=got, first=False)
        self.to_move = None
        self._legal = None
        if self.dry_turns >= self.players:
            self._finish("The bag is empty and nobody could lay a marker for a whole round")

    def _finish(self, reason: str) -> None:
        final = self.final_scores()
        best = max(final)
        winners = tuple(i for i, s in enumerate(final) if s == best)
        names = " and ".join(seat_ref(i) for i in winners)
        self.outcome = Outcome(tuple(final), winners, f"{reason}. {names} win{'s' if len(winners) == 1 else ''}.")
        self.to_move = None
        self._legal = None

    # ---- scores -----------------------------------------------------------------
    def owner_of_colour(self, colour: int | None) -> int | None:
        """The seat playing a marker colour, or None (neutral, or a colour nobody plays)."""
        return colour if colour is not None and colour < self.players else None

    def stash_cost(self, seat: int) -> int:
        """What the seat's stash costs it at the end: face value, other players' markers
        double (or face value, by option)."""
        cost = 0
        factor = 2 if self.leftover == "double" else 1
        for code in self.stashes[seat]:
            t = MARKERS[code]
            other = self.owner_of_colour(t.colour) not in (None, seat)
            cost += t.value * (factor if other else 1)
        return cost

    def final_scores(self) -> list[int]:
        return [self.haul[s] - self.stash_cost(s) for s in range(self.players)]

    def scores(self) -> list[int]:
        return self.final_scores()

    def gains(self, code: str, seat: int) -> tuple[int, int]:
        """(seat credited, doubloons) for `seat` laying `code`."""
        t = MARKERS[code]
        if t.family == "trail":
            owner = self.owner_of_colour(t.colour)
            return (seat if owner is None else owner), t.value
        return seat, t.value

    # ---- the map ------------------------------------------------------------------
    def family(self, m: int) -> str:
        return FAMILY[self.markers[m].code]

    def touching(self, tris) -> set[int]:
        """The markers sharing a side with the triangles `tris` (not covering them)."""
        cells = self.cells
        found = set()
        for t in tris:
            for n in tri_neighbours(t):
                m = cells.get(n)
                if m is not None and n not in tris:
                    found.add(m)
        return found

    def trail_end(self, m: int) -> int:
        next_of, markers = self.next_of, self.markers
        while m in next_of and FAMILY[markers[next_of[m]].code] == "trail":
            m = next_of[m]
        return m

    def trail_of(self, m: int) -> list[int]:
        """The trail markers of the trail through trail marker `m`, from its start."""
        markers = self.markers
        end = self.trail_end(m)
        chain = [end]
        anchor = markers[end].against
        while FAMILY[markers[anchor].code] == "trail":
            chain.append(anchor)
            anchor = markers[anchor].against
        return chain[::-1]

    def is_open_end(self, m: int) -> bool:
        return self.family(m) == "trail" and m not in self.next_of

    def junction_open(self, j: int) -> bool:
        """A Junction may start another trail now: its second trail at once (rule 7),
        its third in a later turn (rule 8)."""
        taken = len(self.branches.get(j, ()))
        if j == self.pending_junction:
            return taken == 0
        return taken == 1 and self.markers[j].turn < self.turn

    def anchors(self, family: str) -> list[int]:
        """Markers a marker of `family` may be laid against now (rules 1-12)."""
        if self.pending_junction is not None:
            return [self.pending_junction] if family == "trail" else []
        trails = self.trails
        along = self.trail_of(self.followed) if self.followed is not None else trails
        if family == "trail":
            if self.followed is not None:
                end = self.trail_end(self.followed)
                return [end] if self.is_open_end(end) else []
            opens = [j for j in self.branches if self.junction_open(j)]
            # a marker at a trail's end continues that trail before it starts a new one
            next_of = self.next_of
            return [m for m in trails if m not in next_of] + sorted(opens) + [0]  # trails: trail markers only
        if family == "destination":
            next_of = self.next_of
            return [m for m in along if m not in next_of]  # along: trail markers only
        if family == "junction":
            if any(self.family(m) == "junction" for m in self.laid_now):
                return []  # rule 4
            if self.to_lay - len(self.laid_now) < 2:
                return []  # rule 7 needs one more marker this turn
            return along
        return along  # obstacles

    def contact_fault(self, family: str, tris: tuple, anchor: int) -> str | None:
        """Why a marker of `family` may not lie on `tris` against `anchor` (None: it may)."""
        cells = self.cells
        for t in tris:
            if t in cells:
                return OVERLAP
            if t not in TABLE:
                return OFF_TABLE
        touched = set()  # self.touching(tris), inlined: this is the search's innermost loop
        get = cells.get
        for n in _ring(tris):
            m = get(n)
            if m is not None:
                touched.add(m)
        if anchor not in touched:
            return "A marker must lie edge to edge against the trail it continues."
        if len(touched) == 1:
            return None
        markers = self.markers
        for m in touched:
            if m == anchor:
                continue
            other = FAMILY[markers[m].code]
            if family == "trail" and other == "junction":
                if self.third_side_waits(m):
                    return THIRD_WAITS
                return "A new trail may start from a Junction only on a side left free for it."
            if family == "trail" and other == "obstacle":
                if self.obstacles == "block":
                    return BLOCKS
                continue  # rule 9 limits what an Obstacle itself touches: Trail markers are fine
            fault = CONTACT_FAULTS.get((family, other))
            if fault:
                return fault
        return None

    def third_side_waits(self, j: int) -> bool:
        """Junction `j` got its second trail this turn: its third must wait (rule 8)."""
        return (j != self.pending_junction and len(self.branches.get(j, ())) == 1
                and self.markers[j].turn == self.turn)

    def placements(self, family: str, spots_at=None) -> list[tuple[tuple, int]]:
        """Every (triangles, anchor) where a marker of `family` may go now (`spots_at`
        (family, anchor) -> triangles: which of them, _spots_at by default)."""
        found = []
        seen = set()
        spots_at = spots_at or self._spots_at
        for anchor in self.anchors(family):
            for tris in spots_at(family, anchor):
                if tris not in seen:
                    seen.add(tris)  # only once found: a spot refused against one anchor
                    found.append((tris, anchor))  # may still be fine against the next
        return found

    def _spots_at(self, family: str, anchor: int) -> tuple:
        """The triangles where a marker of `family` may lie against `anchor`, in a fixed
        order. Whether a spot is free of faults depends only on the map near the anchor
        (a Trail marker touching a Junction is refused whatever the turn; only the
        reason changes), so the spots are remembered per anchor until a marker is
        laid close by (_forget_near)."""
        key = (family, anchor)
        hit = self._spots.get(key)
        if hit is not None:
            return hit
        shape = SHAPES[family]
        found = []
        cells, fault = self.cells, self.contact_fault
        for inner in self.markers[anchor].triangles:
            for outer in tri_neighbours(inner):
                if outer in cells:
                    continue
                for tris in shapes_on_table(inner, outer, shape):
                    if tris not in found and fault(family, tris, anchor) is None:
                        found.append(tris)
        found = tuple(found)
        self._spots[key] = found
        return found

    def _forget_near(self, tris: tuple) -> None:
        """A marker went down on `tris`: forget the remembered spots of every anchor
        near enough for its spots (or their surroundings) to reach those triangles."""
        spots, get = self._spots, self.cells.get
        if not spots:
            return
        x0, y0 = tris[0][0], tris[0][1]
        nearest = {}  # marker -> its fewest steps from `tris`
        for dx, dy, o, d in _shape_offsets(tuple((x - x0, y - y0, o) for x, y, o in tris)):
            m = get((x0 + dx, y0 + dy, o))
            if m is not None and nearest.get(m, 99) > d:
                nearest[m] = d
        for m, d in nearest.items():
            for family in FORGET_AT[d]:
                spots.pop((family, m), None)

    def is_other_players(self, code: str, seat: int) -> bool:
        return self.owner_of_colour(MARKERS[code].colour) not in (None, seat)

    def rank(self, code: str, seat: int) -> int:
        """Rule 13's order for `seat`: 0 its own colour, 1 neutral (any time), 2 another
        player's (only when nothing ranked 0 fits). With own_first "neutral", neutral
        markers rank 0 like your own. A Junction ranks as the best Trail marker in the
        stash could follow it, since one must follow at once (rule 7)."""
        if self.is_other_players(code, seat):
            return 2
        base = 1 if self.owner_of_colour(MARKERS[code].colour) is None and self.own_first == "colour" else 0
        if MARKERS[code].family != "junction":
            return base
        trails = {c for c in self.stashes[seat] if FAMILY[c] == "trail"}
        follow = min((self.rank(c, seat) for c in trails), default=base)
        return max(base, follow)

    def others_allowed(self) -> bool:
        """Rule 13: may the seat lay another player's marker now? Only when none of its
        own fits, and after a Junction only if that was so when the Junction went down."""
        if self.pending_junction is not None and not self.others_open:
            return False
        return not any(self.rank(m.code, self.to_move) == 0 for m in self._legal_list())

    def cave_allowed(self) -> bool:
        return self.turn > self.players  # rule 16: not in the first round

    def _compute_legal(self) -> list:
        if self.outcome is not None or self.to_move is None:
            return []
        seat = self.to_move
        by_family: dict[str, list] = {}
        ranked = []
        own_fits = False
        for code in sorted(set(self.stashes[seat])):
            if code == CAVE and not self.cave_allowed():
                continue
            family = FAMILY[code]
            if family not in by_family:
                if family != "junction":
                    by_family[family] = self.placements(family)
                elif any(FAMILY[c] == "trail" for c in self.stashes[seat]):
                    by_family[family] = self.placements(family, self._branching_at)  # rule 7
                else:
                    by_family[family] = []  # no Trail marker to follow a Junction (rule 7)
            spots = by_family[family]
            rank = self.rank(code, seat)
            if spots:
                own_fits = own_fits or rank == 0
                ranked.append((rank, code, spots))
        # rule 13: another player's markers only when none of your own fits (nor did, before your Junction)
        others = not own_fits and (self.pending_junction is None or self.others_open)
        return [_lay(code, tris, anchor) for r, code, spots in ranked if r < 2 or others for tris, anchor in spots]

    def _branching_at(self, family: str, anchor: int) -> tuple:
        """The Junction spots against `anchor` with room for their first trail (rule 7):
        the map decides, so they are remembered like _spots_at."""
        key = ("branch", anchor)
        hit = self._spots.get(key)
        if hit is None:
            hit = tuple(tris for tris in self._spots_at(family, anchor)
                        if self._junction_can_branch((tris, anchor), self.to_move))
            self._spots[key] = hit
        return hit

    def _junction_can_branch(self, spot: tuple, seat: int) -> bool:
        """Rule 7: a Junction must get a Trail marker from its player at once."""
        tris, _anchor = spot
        j = len(self.markers)
        self.cells[tris[0]] = j
        self.markers.append(PlacedMarker("JN", tris, seat, _anchor, self.turn))
        ok = False
        for outer in tri_neighbours(tris[0]):
            if outer in self.cells:
                continue
            if any(self.contact_fault("trail", r, j) is None for r in shapes_on_table(tris[0], outer, "rhombus")):
                ok = True
                break
        self.markers.pop()
        del self.cells[tris[0]]
        return ok

    # ---- playing ------------------------------------------------------------------
    def _apply(self, move: LayMarker) -> None:
        self.ply = len(self.history) + 1
        seat = self.to_move
        legal = self._legal_list()
        # the legal move equal to `move` knows its anchor (usually `move` itself)
        found = next((m for m in legal if m is move), None) or next(m for m in legal if m == move)
        anchor = found.against
        t = MARKERS[move.code]
        self.stashes[seat].remove(move.code)
        m = len(self.markers)
        self.markers.append(PlacedMarker(move.code, move.triangles, seat, anchor, self.turn))
        for tri in move.triangles:
            self.cells[tri] = m
        self._forget_near(move.triangles)
        self.laid_now.append(m)
        credited, value = self.gains(move.code, seat)
        self.haul[credited] += value
        if t.family == "trail":
            self.trails.append(m)
            if self.family(anchor) == "trail":
                self.next_of[anchor] = m
            elif self.family(anchor) == "junction":
                self.branches[anchor].append(m)
                self.pending_junction = None
            self.followed = m
        elif t.family == "destination":
            self.next_of[anchor] = m
            self.followed = anchor
        elif t.family == "junction":
            self.others_open = not any(self.rank(code, seat) == 0 for code in {lm.code for lm in legal})
            self.branches[m] = []
            self.followed = anchor
            self.pending_junction = m
        elif t.family == "obstacle":
            self.followed = anchor
            self.obstacle_now = True
        self._legal = None
        if move.code == CAVE:
            self._note(seat, "cave")
            self._finish("The Treasure Cave is found")
            return
        if len(self.laid_now) < self.to_lay and self._legal_list():
            return
        if len(self.laid_now) < self.to_lay:
            self._note(seat, "no_more")
        self._end_turn(seat)
        if self.outcome is None:
            self._run_turns_from((seat + 1) % self.players)

    # ---- legality: why a marker may not go somewhere -------------------------------
    def fault(self, move) -> str | None:
        """Why `move` may not be played now, in plain words (None: it may). The one
        place the rules of laying are written: _compute_legal finds the same moves
        faster (tests prove the two agree) and every refusal is explained from here."""
        if self.outcome is not None:
            return "The game is over."
        if not isinstance(move, LayMarker) or move.code not in MARKERS:
            return "That is not a Scrubbudgetel move."
        t = MARKERS[move.code]
        fault = self.marker_fault(move.code)
        if fault:
            return fault
        if tuple(sorted(move.triangles)) != move.triangles or not is_shape(move.triangles, t.shape):
            return f"A {t.name} covers a {t.shape}: that is not its shape."
        return self.placement_fault(t.family, move.triangles)

    def marker_fault(self, code: str) -> str | None:
        """Why the marker `code` may not be laid anywhere now, whatever the place (None: it may be)."""
        seat = self.to_move
        if code not in self.stashes[seat]:
            return f"There is no {MARKERS[code].name} in your stash."
        if code == CAVE and not self.cave_allowed():
            return "The Treasure Cave may not be laid in the first round (rule 16)."
        if self.rank(code, seat) == 2 and not self.others_allowed():
            if MARKERS[code].family == "junction":
                return ("A Junction needs a Trail marker at once, and yours are another player's: "
                        "lay your own markers first (rule 13, with rule 7).")
            if self.pending_junction is not None:
                return ("Your Junction went down while your own markers still fitted: its trail may not be "
                        "another player's (rule 13).")
            return "Lay your own markers first; another player's only to make the count (rule 13)."
        return None

    def placement_fault(self, family: str, tris: tuple) -> str | None:
        """Why a marker of `family` may not lie on `tris` now (None: it may)."""
        for tri in tris:
            if tri in self.cells:
                return OVERLAP
            if not on_table(tri):
                return OFF_TABLE
        touched = sorted(self.touching(tris))
        if not touched:
            return "Markers are laid edge to edge with the map."
        if self.pending_junction is not None:
            if family != "trail":
                return "The Junction you just laid needs a Trail marker from you at once (rule 7)."
            if self.pending_junction not in touched:
                return "Continue from the Junction you just laid (rule 7)."
        if family == "junction":
            if any(self.family(m) == "junction" for m in self.laid_now):
                return "Only one Junction may be laid per turn (rule 4)."
            if self.to_lay - len(self.laid_now) < 2:
                return "A Junction needs a Trail marker laid from it in the same turn (rule 7)."
        faults = [(a, self.contact_fault(family, tris, a)) for a in self.anchors(family) if a in touched]
        if any(f is None for _a, f in faults):
            if family != "junction":
                return None
            seat = self.to_move
            if any(FAMILY[c] == "trail" for c in self.stashes[seat]) and any(
                    f is None and self._junction_can_branch((tris, a), seat) for a, f in faults):
                return None
            return "A Junction needs room and a Trail marker from your stash to start its trail at once (rule 7)."
        if faults:
            return faults[0][1]
        near = {self.family(m) for m in touched}
        if family == "trail":
            if "destination" in near:
                return CONTACT_FAULTS[("trail", "destination")]
            if any(self.family(m) == "junction" and self.third_side_waits(m) for m in touched):
                return THIRD_WAITS
        if self.followed is not None and not any(m in self.trail_of(self.followed) for m in touched):
            return "Only one trail may be followed per turn (rule 1)."
        if family == "trail":
            if "junction" in near:
                return "A Junction joins three trails at most: its own and two more (rules 7 and 8)."
            if "trail" in near:
                return "A trail grows only from its last marker."
            return "A Trail marker continues a trail: the Landing, a trail's end or a Junction."
        if family == "destination":
            if "destination" in near:
                return CONTACT_FAULTS[("destination", "destination")]
            if "trail" in near:
                return "A Destination closes a trail: lay it against the trail's last marker only (rule 11)."
            return "Only Trail markers may lead to a Destination (rule 3)."
        if family == "obstacle":
            return "Obstacles go against Trail markers only (rule 9)."
        return "Junctions go against the side of a Trail marker (rule 5)."

    def explain_click(self, path: tuple) -> str:
        """The fault of the move the clicks `path` would make: a marker from the stash,
        then its place (a legal spot's outline, or the sand triangle clicked)."""
        if self.outcome is not None:
            return "The game is over."
        target = path[-1] if path else None
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "stash":
            code = target[1]
            if code not in MARKERS:
                return "Choose a marker from your stash."
            return self.marker_fault(code) or f"There is nowhere the {MARKERS[code].name} can go now."
        code = path[0][1] if len(path) >= 2 and path[0][0] == "stash" else None
        if kind in ("at", "tri") and code is not None:
            meant = self.meant_moves(code, target)
            faults = [self.fault(m) for m in meant]
            return next((f for f in faults if f), "That marker cannot go there now.")
        if kind in ("at", "tri", "marker"):
            return "First choose a marker from your stash, then where it goes."
        return "Choose a marker from your stash."

    def meant_moves(self, code: str, target: tuple) -> list:
        """The moves a click on the map may mean with `code` chosen: a spot's outline
        (("at", triangles)) means that one; a triangle (("tri", t)) every way the
        marker's shape covers it."""
        if target[0] == "at":
            return [LayMarker(code, tuple(sorted(target[1])))]
        tri = target[1]
        shape = SHAPES[MARKERS[code].family]
        if shape == "tri":
            return [LayMarker(code, (tri,))]
        if shape == "rhombus":
            return [LayMarker(code, tuple(sorted((tri, n)))) for n in tri_neighbours(tri)]
        return [LayMarker(code, hexagon(p)) for p in tri_corners(tri)]

    # ---- copies and views --------------------------------------------------------
    def clone(self) -> "ScrubState":
        c = ScrubState.__new__(ScrubState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng_copy()
        c.markers = self.markers[:]
        c.cells = dict(self.cells)
        c._spots = dict(self._spots)
        c.next_of = dict(self.next_of)
        c.branches = {k: v[:] for k, v in self.branches.items()}
        c.trails = self.trails[:]
        c.bag = self.bag[:]
        c.stashes = [s[:] for s in self.stashes]
        c.haul = self.haul[:]
        c.laid_now = self.laid_now[:]
        c.noted = self.noted[:]
        c.history = self.history[:]
        c._legal = None if self._legal is None else self._legal[:]
        return c

    def determinize(self, seat: int, rng: random.Random) -> "ScrubState":
        """Stashes are face up and the bag's contents can be counted; only what the
        bag gives next and the dice are unknown, so the copy gets a fresh generator."""
        c = self.clone()
        c.rng = random.Random(rng.getrandbits(64))
        return c

    def view(self, seat: int) -> ScrubView:
        return {
            "game": "scrubbudgetel",
            "players": self.players,
            "markers": [{"code": m.code, "triangles": [list(t) for t in m.triangles], "seat": m.seat, "against": m.against,
                         "turn": m.turn} for m in self.markers],
            "stashes": [list(s) for s in self.stashes],
            "stash_costs": [self.stash_cost(s) for s in range(self.players)],
            "bag": len(self.bag),
            "haul": list(self.haul),
            "scores": self.scores(),
            "captain": self.captain,
            "turn": self.turn,
            "turn_seat": self.turn_seat,
            "roll": self.roll,
            "to_lay": self.to_lay,
            "laid_now": list(self.laid_now),
            "followed_end": None if self.followed is None else self.trail_end(self.followed),
            "pending_junction": self.pending_junction,
            "miss_next": self.miss_next,
            "cave_allowed": self.cave_allowed(),
            "leftover": self.leftover,
            "to_move": self.to_move,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def to_json(self) -> dict:
        data = dict(self.view(0))  # the view and more: no longer its TypedDict
        data.update(
            options={"leftover": self.leftover, "captain": self.captain_option,
                     "own_first": self.own_first, "obstacles": self.obstacles},
            others_open=self.others_open,
            seed=self.seed,
            bag_codes=list(self.bag),
            next_of={str(k): v for k, v in sorted(self.next_of.items())},
            branches={str(k): v for k, v in sorted(self.branches.items())},
            dry_turns=self.dry_turns,
            obstacle_now=self.obstacle_now,
            history=[str(m) for m in self.history],
            rng=self.rng_json(),
        )
        return data


class ScrubSpec(GameSpec):
    id = "scrubbudgetel"
    title = "Scrubbudgetel"
    min_players = 2
    max_players = 4
    hidden_information = False
    bench_moves = 150  # the issue asks for the board's frame time on a map of 150 markers
    blurb = "Pirates map the island trail by trail until the Cave is found."
    seat_labels = COLOURS
    options = (
        Option("leftover", "Other players' markers left over", ("double", "face"),
               labels=("Cost double", "Cost face value"),
               help="At the end, what another player's markers still in your stash cost you."),
        Option("captain", "Captain", ("roll", 0, 1, 2, 3),
               labels=("Highest roll", "White", "Red", "Yellow", "Blue"),
               help="Who plays first: the highest die roll, or a named player (the last game's winner)."),
        Option("own_first", "Own markers first (rule 13)", ("colour", "neutral"),
               labels=("Your colour; neutral any time", "Neutral count as yours"),
               help="What must be laid before another player's markers: your colour, or neutral ones "
                    "(Junctions, the Cave) too."),
        Option("obstacles", "Obstacles", ("touch", "block"),
               labels=("Trails may touch them", "Nothing laid against one"),
               help="Whether a later Trail marker may lie against an Obstacle, or an Obstacle blocks the way."),
    )

    def new_game(self, players: int, seed: int, options: dict | None = None) -> ScrubState:
        self.check_players(players)
        opts = self.resolved_options(options)
        return ScrubState(players, seed, opts["leftover"], opts["captain"], opts["own_first"], opts["obstacles"])

    def next_game_options(self, state: ScrubState, options: dict) -> dict:
        """Rule 18: the winner of one game is the Captain of the next."""
        out = dict(options)
        if state.outcome is not None and state.outcome.winners:
            out["captain"] = state.outcome.winners[0]
        return out

    def arena_figures(self, state: ScrubState) -> dict:
        """Extra figures for the bench arena: how much the Treasure Cave's draw
        decides. `cave_end` is 1 when laying the Cave ended the game;
        `cave_holder_won` is 1 when the seat that drew the Cave (and laid it, or
        still holds it) won alone; a game where nobody drew it reports only
        `cave_end`."""
        cave_end = int(bool(state.history) and state.history[-1].code == CAVE)
        if cave_end:
            holder = state.turn_seat  # the Cave ends the game in its layer's turn
        else:
            holder = next((seat for seat, stash in enumerate(state.stashes) if CAVE in stash), None)
        if holder is None:
            return {"cave_end": cave_end}
        return {"cave_end": cave_end, "cave_holder_won": int(state.outcome.winners == (holder,))}

    def parse_move(self, state: ScrubState, text: str) -> LayMarker:
        """The move written `text`, legal now or not (check() says why not)."""
        parts = str(text).split()
        if len(parts) == 2 and parts[0] in MARKERS:
            try:
                tris = tuple(sorted(parse_tri(p) for p in parts[1].split("+")))
            except ValueError:
                tris = None
            if tris:
                for move in state.legal_moves():
                    if move.code == parts[0] and move.triangles == tris:
                        return move
                return LayMarker(parts[0], tris)
        raise IllegalMove(f"{text!r} is not Scrubbudgetel notation (a marker code, then its triangles).")


SPEC = ScrubSpec()

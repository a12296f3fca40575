"""Heuristics that help the generic search (game/engine/ai.py) play Skurðir.

Looked up by name: rollout_move, evaluate, candidate_moves, LEVELS. Pure Python.

- Set-up moves and the choice of a transport are decided by rule of thumb
  (one candidate, so the search returns at once): the transport that pays me
  the most over the best-paid rival, the first seat to myself, and each stack
  where it opens the most routes (new lines for canals, passengers a trip of
  two or three canals from home), a seeded draw among equals (_best_stack).
- In the building phase the search only looks at the few actions whose
  immediate transport pays best (see _build_value); playouts transport
  greedily and build canals at random.
- Hard looks wider (its level's "candidates" options): more building actions,
  and the best few transports instead of the single greediest one, since a
  smaller payout now can leave a longer route for later; and every removal and
  sabotage ("blocking"), for itself and for the rival in its tree. Against hard
  without them, paired, seeds 1100-1127 and 1150-1178 (57 pairs): won 54.8 % of
  the games, +1.3 points a pair (95 % -2.3 to +4.8), no slower (1.77 s a
  decision against 1.73): kept by the rule fixed before the run
  (docs/arena/runs-d7fae6b.md, run 2).
- Hard searches 3000 iterations (it had 1500): against hard at 1500, paired,
  seeds 1400-1415 and 1450-1464 (31 pairs), it won 58.1 % of the games (95 %
  46-70 %), +4.7 points a pair (95 % +0.4 to +9.0); 1.83 times the time a
  decision. On the bench's eight mid-game positions 2.27 processor-seconds a
  decision median, 2.68 at most (1.35 and 1.57 at 1500), within the 3 s hard may
  take (docs/arena/runs-7ef4a06.md, run 2). With the routes listed without recursion
  (31d8121, the same moves): on the quiet bench 1.79 s a decision median, 2.74 s at most.
- Hard widens (progressive widening): a node searched often looks at more building
  actions than the eight, one more at 40 visits, two at 160, three at 360 (the root
  about sixteen at 3000). Against hard without it, paired, seeds 1600-1654 (55 pairs),
  it won 65.9 % of the games (95 % 56.6-74.1 %), +5.2 points a pair (95 % +1.4 to
  +9.0), 1.34 s a decision against 1.29 (docs/arena/runs-8e37aad.md, run 1).
- Hard looks at a sabotage (beyond the eight) only where it blocks: where it takes
  BLOCK_MIN points or more off the best transport a rival could make now
  (_blocking_sabotages). Sabotage is once a game; looked at everywhere, the search spent it
  where every move seemed alike and lacked it later. Against hard looking at every
  sabotage, paired, seeds 2600-2621, 2700-2721, 2800-2821 (66 pairs): won 64.8 % of the games (95 % 56.3-72.4 %),
  +4.9 points a pair (95 % +2.0 to +7.8), 76 % from seat 1 and 54 % from seat 2; 2.04 s a
  decision against 2.15 (docs/arena/runs-410fce7.md, run 1; the first A/B of it, 42 pairs,
  +1.9 a pair, in runs-d7b9549.md run 3). With station layouts kept across states
  (rules.py, 410fce7) and a canal's worth read without a copy of the state
  (_best_gain_after), its quiet bench is 1.76 s a decision median, 2.24 s at most.
- Hard's playouts dig, four times in five, a canal that takes a passenger straight home
  where there is one (its level's "rollout" option `deliver`; any canal at random before):
  a rival's canal completing a route is what hard's values missed in the traced losses.
  Against hard without it, paired, seeds 2900-2923, 3000-3023, 3100-3124 (73 pairs): won
  53.1 % of the games (95 % 45.0-61.0 %), +0.9 points a pair (95 % -2.1 to +3.9), 1.82 s a
  decision against 1.73. Small and within the noise, but kept by the rule fixed before the
  run (docs/arena/runs-410fce7.md, run 3); quiet bench 1.71 s median, 2.07 s at most.
- Hard weighs where a pool passenger goes (its level's "adds" option, 4): the four places
  ranked best by _add_value (my best transport with it there less the best-placed rival's;
  the rule of thumb breaks ties), searched like any move, where every level had set it by
  the rule of thumb. The passenger goes on top of its stack: it can bury a rival's passenger
  or hand the rival one; in a traced loss (seed 615, ply 26) the rule of thumb set the
  rival's colour on hard's station, and the rival sent it home next turn for 23 points.
  Against hard without it, paired, seeds 3200-3226, 3300-3324, 3400-3423 (76 pairs): won
  54.3 % of the games (95 % 46.3-62.0 %), +1.8 points a pair (95 % -1.6 to +5.2), 1.91 s a
  decision against 1.82; quiet bench 1.82 s median, 2.07 s at most: kept by the rule fixed
  before the run (docs/arena/runs-f68e370.md, run 1), a small gain within the noise.
- Hard's playouts set out a pool passenger of a rival's colour (which that rival may always
  move) only when no other fits (its level's "rollout" option `no_gifts`; at random before).
  Against hard without it, paired, seeds 3500-3525, 3600-3620, 3700-3723 (71 pairs): won
  54.2 % of the games (95 % 46.0-62.2 %), +1.2 points a pair (95 % -1.0 to +3.5), 1.93 s a
  decision against 1.91; quiet bench 1.74 s median, 2.08 s at most: kept by the rule fixed
  before the run (docs/arena/runs-f68e370.md, run 3), within the noise.
- Hard judges a playout cut before the end (after 24 moves) by the running scores plus half
  of what each seat's best transport already on the board would pay every seat (its level's
  "evaluate" option `waiting`; the running scores alone before): a passenger one canal from
  home is points its player sends next turn. Against hard without it, paired, seeds
  3800-3813, 3900-3913, 4000-4013 (42 pairs): won 54.2 % of the games (95 % 43.6-64.4 %),
  +0.4 points a pair (95 % -2.8 to +3.6), 3.02 s a decision against 3.06 (five processes);
  quiet bench 1.78 s median, 2.01 s at most: kept by the rule fixed before the run
  (docs/arena/runs-74db497.md, run 1), within the noise.
- Hard plays the move with the best lower bound (the engine's pick "lower_bound": the mean
  less 0.8 / sqrt(visits)), not the most visited, and searches its whole budget: with widening
  a move that joins the root late cannot catch up in visits. In a traced loss (seed 623, ply
  39) a sabotage that joined late had 0.93 over 300 playouts against 0.81 over 565 for the
  station played, and two turns later the rival's 23-point route ran over that canal. Against
  hard picking the most visited, paired, seeds 4100-4123, 4200-4222, 4300-4322 (70 pairs):
  won 58.2 % of the games (95 % 49.9-66.1 %), +2.4 points a pair (95 % -0.7 to +5.5), 2.97 s
  a decision against 2.24 (three to five processes); quiet bench 2.05 s median, 2.32 s at
  most: kept by the rule fixed before the run (docs/arena/runs-74db497.md, run 2).
- Tried and not kept: widening twice as fast (`widen` 20): 44 pairs, 54.5 % of the games,
  -0.6 a pair (-5.8 to +4.7) (docs/arena/runs-d7b9549.md, run 1). Ranking down a last
  canal that would leave none of mine free to take back while behind: 56 pairs, 43.3 % of
  the games, -0.5 a pair (-3.5 to +2.5) (runs-8e37aad.md, run 2). And searching the
  set-up (the six stacks the rule of thumb ranks highest, the playouts giving the first
  turn to the seat that decides):
  51 pairs, 41.7 % of the games, -1.7 points a pair (95 % -5.6 to +2.3); the
  shallow playouts from the set-up chose worse layouts than the rule of thumb
  (run 1 there). Counting the waiting transports in full at a cut (`waiting` 1.0):
  28 pairs, 50.9 % of the games, -0.3 a pair (-4.9 to +4.3); and weighing besides
  every canal on a link a rival would dig next for a transport of 4 points or more:
  55 pairs, 48.6 %, -0.3 a pair (-3.3 to +2.6) (runs-ab656f0.md, runs 1 and 2). Near the
  end for want of a transport, playouts whose leader keeps the board still, and a tree that
  weighs every sabotage there: 18 pairs, 36.1 %, -7.6 a pair (-15.3 to +0.1), stopped for
  futility; and playouts to the end (depth 200, about 7 % slower): 39 pairs, 49.4 %, -1.9
  a pair (-5.6 to +1.8) (runs-692743f.md, runs 3 and 5).

Measured (python -m game.bench --arena skurdir hard normal 40 --workers 1,
seeds 0-39, seats alternated): with hard at 600 iterations and the same five
candidates as normal, hard won 20-15-5 (56 %); looking at 8 building actions
and 3 transports with 1500 iterations, 29-8-3 (72.5 %, points 0.61-0.87);
going on from its last tree as well ("keep_tree", 200-1,000 playouts kept in
mid-game), 27-10-3 (67.5 %, points 0.56-0.83): within the noise of the
figure before, so the kept playouts buy little here; they cost next to no time.
All of these were played on one layout: the set-up then laid every stack in one
line. On the varied layouts of _best_stack (--paired, docs/arena/README.md): normal
beat easy by +14.5 points a pair (95 % +7.3 to +21.6, 20 pairs); hard against
normal +7.6 a pair over 8 pairs (95 % −0.6 to +15.8): too few to tell.
"""
from __future__ import annotations

import math
import random

from game.engine.ai import lead_evaluation, score_evaluation

from .rules import DIRS

LEVELS = {
    "easy": {"iterations": 40, "rollout_depth": 8},
    "normal": {"iterations": 160, "rollout_depth": 16},
    "hard": {"iterations": 3000, "rollout_depth": 24, "pick": "lower_bound", "keep_tree": True, "widening": True, "rollout": {"deliver": True, "no_gifts": True},
             "evaluate": {"waiting": 0.5},
             "candidates": {"keep": 8, "transports": 3, "choose_colour": True, "blocking": True, "widen": 40, "adds": 4}},
}

# The game review (engine/grading.py) weighs a move by the chance to win, not the points:
# the search plays for the win (its playouts are cut after a few turns and scored as a
# share of the win by the running scores), so its estimate of the final margin would be
# a guess on top of a guess, while the win share is what it actually measured. Points
# still count: a move that throws away a lead shows as a lower chance.
REVIEW = {"measure": "chance to win", "thresholds": (0.06, 0.12, 0.25)}
KEEP = 5  # building actions the search considers (unless the level says otherwise)
BLOCK_MIN = 4  # points a sabotage must take off a rival's best transport now to be looked at

_cache: dict = {}


def _gain(state, seat: int, route) -> int:
    """What a route pays `seat` over the best-paid other player."""
    pts = state.route_scores(route)
    others = max((p for s, p in enumerate(pts) if s != seat), default=0)
    return pts[seat] - others


def _best_gain_now(state, seat: int) -> int:
    """What the best transport `seat` could make now pays it over the best-paid other
    player (0 with none to make)."""
    return max((_gain(state, seat, m.route) for m in state.transports(seat)), default=0)


def _transport_key(state, seat: int):
    return lambda m: (_gain(state, seat, m.route), -len(m.route))


def _best_transport(state, moves):
    return max(moves, key=_transport_key(state, state.to_move))


def _build_value(state, move) -> float:
    """Immediate worth of a building action for the mover: the best transport it
    leads to this turn, with small nudges for keeping canals and stations useful."""
    seat = state.to_move
    kind = move.kind
    value = _best_gain_after(state, seat, move)
    if kind == "canal":
        mine = state.colour_of[seat]
        # a canal from a stack that holds my passengers, or of my own colour, pays later
        value += 0.5 if not move.neutral else 0.2
        if state.stacks[move.cell] and mine in state.stacks[move.cell]:
            value += 0.7
        if state.station[move.to] == mine or state.station[move.cell] == mine:
            value += 0.3
    elif kind == "station":
        value += 0.4
    elif kind in ("remove", "sabotage"):
        value -= 1.0
    return value


def _best_gain_after(state, seat: int, move) -> float:
    """The best a transport pays `seat` over the best-paid other player once `move` is
    built (0 with none to make). A canal is only dug for the count and taken back, not
    played on a copy: this is asked of every building action at every new node."""
    if move.kind == "canal":
        link = (move.cell, move.to)
        state.canals[link] = move.colour
        try:
            return _best_gain_now(state, seat)
        finally:
            del state.canals[link]
    after = state.clone()
    after._apply(move)
    if after.phase != "transport":
        return 0.0
    return max(_gain(after, seat, m.route) for m in after._legal_list())


def _key(state):
    """Everything the building candidates depend on: the layout, and who plays which
    colour (two searches may meet one layout with the colours dealt otherwise)."""
    layout = tuple((c, state.station[c], tuple(state.stacks[c])) for c in state.station_cells)
    return (state.phase, state.to_move, tuple(state.canals.items()), layout, tuple(state.colour_of), state.neutral,
            tuple(state.free), tuple(state.spare), tuple(state.sabotaged), tuple(map(tuple, state.limbo)),
            tuple(state.pool), state.stacks_colour_moved)


def candidate_moves(state, moves, keep: int = KEEP, transports: int = 1, choose_colour: bool = False,
                    blocking: bool = False, widen: int = 0, adds: int = 1, visits: int = 0) -> list:
    """The moves the search looks at: `keep` building actions, the `transports`
    best-paying transports, and one set-up move by rule of thumb; with
    `choose_colour`, every colour and either first player, for the search to weigh;
    with `blocking`, every removal and sabotage besides: they pay nothing now, so
    `_build_value` ranks them last, yet taking a canal away is how a player stops a
    rival's transport (and, once the pool is empty, brings the end while ahead).
    With `widen` (and a level with "widening", which passes the node's `visits`),
    a node searched often looks at more building actions: one more at `widen`
    visits, two at 4 × `widen`, three at 9 ×, ... (progressive widening). With
    `adds`, the best few places for a pool passenger (_add_value) instead of the one
    the rule of thumb picks."""
    phase = state.phase
    if len(moves) <= 1:
        return moves
    if phase == "transport":
        if transports == 1:
            return [_best_transport(state, moves)]
        return sorted(moves, key=_transport_key(state, state.to_move), reverse=True)[:transports]
    if phase == "stacks":
        return [_best_stack(state, moves)]
    if phase == "first":
        return moves if choose_colour else [moves[state.to_move]]
    if phase == "colours":
        if choose_colour:
            return moves
        return [max(moves, key=lambda m: _colour_value(state, m.colour))]
    if phase == "add":
        if adds == 1:
            return [_best_add(state, moves)]
        keep = 0  # not widened: the passenger's colour and station, from a short list
    elif widen:
        keep += math.isqrt(visits // widen)
    key = (_key(state), keep, blocking, adds)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    if phase == "add":
        out = sorted(moves, key=lambda m: _add_value(state, m), reverse=True)[:adds]
    else:
        scored = sorted(moves, key=lambda m: -_build_value(state, m))
        out = scored[:keep]
        if blocking:
            rest = scored[keep:]
            blocks = _blocking_sabotages(state, [m for m in rest if m.kind == "sabotage"])
            out += [m for m in rest if m.kind == "remove" or m in blocks]
    if len(_cache) > 20000:
        _cache.clear()
    _cache[key] = out
    return out


def _uses(route: tuple, link: tuple) -> bool:
    """Does the route go along the canal `link` (its wide end, its narrow end)?"""
    a, b = link
    return any(route[i] == a and route[i + 1] == b for i in range(len(route) - 1))


def _blocking_sabotages(state, sabotages: list) -> set:
    """The sabotages that take BLOCK_MIN points or more off the best transport a rival
    could make now (what it pays them over the best-paid other player). Sabotage is once a
    game: spent where it blocks nothing, it is missing where it would have stopped the
    transport that decides the game."""
    blocks = set()
    if not sabotages:
        return blocks
    for rival in range(state.players):
        if rival == state.to_move:
            continue
        valued = [(_gain(state, rival, m.route), m.route) for m in state.transports(rival)]
        if not valued:
            continue
        best = max(value for value, _ in valued)
        for move in sabotages:
            link = (move.cell, move.to)
            left = max((value for value, route in valued if not _uses(route, link)), default=0)
            if best - left >= BLOCK_MIN:
                blocks.add(move)
    return blocks


def _links(state, cell: int) -> list[int]:
    """The stations in line with `cell` (the first one each way along its row and
    column): where a canal from or to a station there could go."""
    return [c for c in (state.next_station(cell, d) for d in DIRS) if c >= 0]


def _hops(state, start: int, lines: list[int]) -> dict:
    """Canals needed from a new station at `start` (in line with `lines`) to each
    station, if every link were dug: breadth first over the stations in line."""
    hops = {start: 0}
    todo = [(c, 1) for c in lines]
    while todo:
        cell, h = todo.pop(0)
        if cell in hops:
            continue
        hops[cell] = h
        todo += [(c, h + 1) for c in _links(state, cell) if c not in hops]
    return hops


def _trip_value(h: int | None) -> float:
    """A trip of two or three canals pays well and is in reach of the canals at
    hand; one canal pays little; a longer one may never be dug."""
    return {1: 0.25, 2: 0.5, 3: 0.5}.get(h, 0.0)


def _stack_value(state, move) -> float:
    """What a stack placed there opens: each new line a canal could take (one
    split in two gains one), and passengers a trip of two or three canals from a
    station of their colour, this one's and those already out. The layout stays
    compact and criss-crossed, with routes that branch, not a single line."""
    cell, (station, passenger) = move.cell, move.stack
    lines = _links(state, cell)
    splits = sum(1 for a, b in (((0, -1), (0, 1)), ((1, 0), (-1, 0)))
                 if state.next_station(cell, a) >= 0 and state.next_station(cell, b) >= 0)
    value = len(lines) - splits
    hops = _hops(state, cell, lines)
    home = [h for c, h in hops.items() if state.station[c] == passenger]
    value += _trip_value(min(home)) if home else 0.0
    value += sum(_trip_value(h) for c, h in hops.items() if c != cell and state.stacks[c][-1:] == [station])
    return value


def _best_stack(state, moves):
    """The set-up move that opens the most (_stack_value); among equals, a draw.
    The draw comes from the state's generator, copied (the state's own dice stay
    as they are): in the search that is the sample's generator, drawn from the
    search's seed, so a level places the same stack for the same position and
    seed, and another seed may choose another of the equals."""
    tie = random.Random(state.rng_copy().getrandbits(64) ^ len(state.history))
    return max(moves, key=lambda m: (round(_stack_value(state, m), 6), tie.random()))


def _colour_value(state, colour: int) -> int:
    """Stations of that colour with neighbours, plus passengers of it on the board."""
    stations = sum(1 for c in state.station_cells if state.station[c] == colour)
    riders = sum(st.count(colour) for st in state.stacks)
    return stations + riders


def _best_add(state, moves):
    """Put a passenger where I can move it soon: on my station, or of my colour."""
    return max(moves, key=lambda m: _best_add_key(state, m))


def _best_add_key(state, move) -> tuple:
    """The rule of thumb's order: a passenger of my colour, on my station, on a station
    with a canal out; then the lower cell."""
    mine = state.colour_of[state.to_move]
    v = 0
    if move.colour == mine:
        v += 2
    if state.station[move.cell] == mine:
        v += 2
    if any(a == move.cell for a, _ in state.canals):
        v += 1
    return (v, -move.cell)


def _add_value(state, move) -> tuple:
    """A pool passenger goes on top of its stack, so it can bury a passenger ready to go
    home as well as start one: what the best transport I could make would pay me over the
    others, less the same for the best-placed rival (who moves next), with it there; then
    the rule of thumb's order."""
    seat = state.to_move
    stack = state.stacks[move.cell]
    stack.append(move.colour)
    try:
        best = [_best_gain_now(state, s) for s in range(state.players)]
    finally:
        stack.pop()
    rival = max(b for s, b in enumerate(best) if s != seat)
    return best[seat] - rival, _best_add_key(state, move)


def evaluate(state, waiting: float = 0.0) -> list[float]:
    """A playout cut before the end, judged as the search judges any game by default: each
    seat's lead in the running scores (score_evaluation). With `waiting` (a level's
    "evaluate" option) each seat's best transport already on the board counts too, that
    share of what it would pay every seat: a passenger one canal from home is points the
    cut would otherwise not see, for the rival who may send it as well as for me."""
    if not waiting:
        return score_evaluation(state)
    scores = state.scores()
    out_edges = state.canal_map()
    routes = [r for start in state.station_cells if start in out_edges for r in state.routes(start, out_edges)]
    pays = [0.0] * state.players
    for seat in range(state.players):
        mine = [r for r in routes if state.may_move(seat, r)]
        if mine:
            best = max(mine, key=lambda r: _gain(state, seat, r))
            for s, p in enumerate(state.route_scores(best)):
                pays[s] += p
    return lead_evaluation([score + waiting * pay for score, pay in zip(scores, pays)])


def _delivers(state, move, mine: int) -> bool:
    """A canal that takes a passenger straight home, and which the mover may then move."""
    stack = state.stacks[move.cell]
    return bool(stack) and state.station[move.to] == stack[-1] and (
        not move.neutral or mine in (stack[-1], state.station[move.cell]))


def rollout_move(state, moves, rng, deliver: bool = False, no_gifts: bool = False):
    """Playouts: the transport that pays best; in building, mostly a canal at random, and
    with `deliver` (a level's "rollout" option) one that takes a passenger straight home
    where there is one, as a player would dig it. With `no_gifts`, a pool passenger of a
    rival's colour (which that rival may always move) is set out only when no other fits."""
    if len(moves) == 1:
        return moves[0]
    phase = state.phase
    if phase == "transport":
        return _best_transport(state, moves)
    if phase == "add" and no_gifts:
        owner, seat = state.owner, state.to_move
        moves = [m for m in moves if owner[m.colour] in (None, seat)] or moves
    if phase == "build" and rng.random() < 0.8:
        canals = [m for m in moves if m.kind == "canal"]
        if canals:
            if deliver:
                mine = state.colour_of[state.to_move]
                canals = [m for m in canals if _delivers(state, m, mine)] or canals
            return canals[rng.randrange(len(canals))]
    return moves[rng.randrange(len(moves))]

"""Heuristics that help the generic search (game/engine/ai.py) play Skyline Express.

Looked up by name: rollout_move, evaluate, final_rewards, candidate_moves, LEVELS.
Pure Python.

The heart is `potential(state, who)`: the score a sheet is heading for. It is
the score now plus what the unfinished compartments promise: a VIP gains about
half a point per empty seat beside it, a task still reachable in a compartment
counts in part, owned services grow with the passengers still to come, and
unspent track points are worth about what they buy. It is a sum over
compartments plus a carriage-wide part, so a placement is judged by
recomputing one compartment only.

A turn is planned whole (`plans`): which die, which value and colour to pay
for, which seat, judged by the change in potential minus the points spent, and
in solo by what the automaton gets from the dice left (it chooses by fixed
rules, so that is computed exactly). The search's candidate moves are the first
steps of the best plans; playouts follow the best plan with a little noise.

Measured (python -m game.bench --arena skyline_express normal random 20
--players 1 --workers 1, seeds 0-19; "beat_automaton" is strict wins):
- evaluation curve 12 points, 4 candidates, 10% playout noise, 300 iterations:
  6 of 12 solo games won (seeds 100-111); curve 6: 11 of 12.
- curve 6, 600 iterations: 12 of 20 (avg 99.3 against 98.6); curve 4, 300
  iterations: 12 of 20 (100.4 against 99.2); no gain from the larger budget.
- curve 4, 6 candidates, 5% playout noise, 300 iterations, playouts of 6
  moves: 16 of 20 (101.5 against 98.0); on seeds 100-119 13 of 20 (100.6
  against 96.4) and 2 ties.
- the same with playouts of 9 moves (one more turn): 15 of 20 and a tie
  (100.4 against 95.0); seeds 100-119: 16 of 20 and 2 ties (103.2 against
  95.9). The greedy plan alone (no search) wins about 45 in 100.

Levels: more search alone makes no stronger player here (above), so normal
draws its move in proportion to the search's visits ("pick": "sample"), as
easy does with a much smaller search: it mostly plays the best plan and now
and then a nearly-as-good one. Hard takes the most visited move of a search
three times as long. Measured with the arena (two players, seats alternated,
seeds 0-39): when normal also took the most visited move, hard beat it only
5-6 after 11 games, and 8-6 after 14 with normal cut to 100 iterations; with
normal sampling, normal beat easy 32-5-3 (80 %, points 0.70-0.92) and hard
beat normal 29-8-3 (72.5 %, points 0.61-0.87;
hard averaged 87 points to 73). Solo, hard beat the automaton in 37 of 40
games and tied 3 (seeds 0-39), 101.8 points to 92.1 on average.

Since 2026-11-26 the search has chance nodes at the dice (game/engine/ai.py):
the moves after a roll are judged for that roll. Hard goes on from its last tree
("keep_tree"), across a roll too where the tree met the dice that came up, and a
finished solo game rewards a strict win above a tie (final_rewards). The figures
measured since are in docs/arena/README.md.

Tried and not kept (2026-11-27, docs/arena/skyline-hard-notes.md, commit 3bc75b6): with two
players, service points valued as the open services they help buy (not a fixed 1.3), the
points still to earn counted in the potential, and a win-chance scale growing with the empty
seats. Without the search each part gained (plans +5.2 points a game, the potential +2.5, over
200-300 paired seeds), and at equal iterations it about matched the old hard (+1.3, 3 pairs);
but it took 27 % more time a decision, and against OpenSpiel's MCTS at 3x it did worse on each
of seeds 700-702 (pairs -1, +9.5, -2 against +16.5, +20.5, +3.5 before).
"""
from __future__ import annotations

import functools
import math

from ...engine.ai import outcome_rewards
from .rules import (
    COMPARTMENTS,
    EMPTY,
    MOVES,
    PAINT_COST,
    SERVICE_COST,
    SERVICES,
    automaton_candidates,
    automaton_seat,
    automaton_value_cost,
    task_met,
)

LEVELS = {
    "normal": {"iterations": 300, "rollout_depth": 9, "exploration": 0.5, "pick": "sample"},
    "hard": {"iterations": 900, "rollout_depth": 10, "exploration": 0.5, "keep_tree": True,
             "candidates": {"services": 2}},
}

# The game review (engine/grading.py) weighs a move by the search's reward: the chance to
# win (alone against the automaton, the solo reward of engine/ai.py: mostly the win, a
# little for points). Dice decide much of the game, so estimates of close moves are noisy;
# the thresholds sit a little above the default so that luck is not called a mistake.
REVIEW = {"measure": "chance to win", "thresholds": (0.08, 0.15, 0.30)}

VIP_GROWTH = 0.55  # expected extra points per empty seat beside a VIP, in a one-colour compartment
AUTO_GROWTH = 0.55  # the same for the automaton, which seats each colour with its own kind
MIXED_GROWTH = 0.3  # the same in a compartment of several colours
LATENT = 0.1  # per empty seat and passenger of a one-colour compartment with no VIP yet
TASK_SHARE = (0.1, 0.3, 0.55, 0.8)  # share of a task counted when 0..3 seats are filled and it is still possible
SERVICE_POINT = 1.3  # worth of a service point gained by a die (its share of a service to come)
PARTIAL_SERVICE = 0.6  # share of the next service counted for the points short of it
DICE_POINT = 0.5  # worth of an unspent dice point
CANDIDATES = 6
LEAD_SCALE = 4.0  # points of expected lead that make a win e times likelier
OTHER_HOPES = 0.25  # weight of the open tasks beyond the best one in a compartment
BUY_AT = 6.5  # a service is bought when it promises more than this
DENY_SERVICE = 0.5  # weight of taking the automaton's favourite service from it
AUTO_SERVICE_POINT = 1.3  # worth of a service point to the automaton (it buys at once)
DENY = 1.0  # weight of what the automaton gains from the dice left to it


# ---- what a sheet is heading for --------------------------------------------------
def _possible(task, four, across) -> bool:
    """Can this part-filled compartment still meet the task?"""
    kind, x, y, _ = task
    if kind in ("window", "corridor"):
        p, q = (0, 1) if kind == "window" else (2, 3)
        return four[p] == EMPTY or four[q] == EMPTY or four[p] == four[q]
    placed = [c for c in four if c != EMPTY]
    if kind == "surround":
        if placed.count(x) > 1:
            return False
        others = {c for c in placed if c != x}
        return len(others) <= 1
    if across == "benches":
        left = {four[0], four[2]} - {EMPTY}
        right = {four[1], four[3]} - {EMPTY}
        return (left <= {x} and right <= {y}) or (left <= {y} and right <= {x})
    return placed.count(x) <= 2 and placed.count(y) <= 2 and all(c in (x, y) for c in placed)


def compartment_value(four, vips4, tasks, across, vip_factor) -> float:
    """What one compartment (four seat colours, four VIP flags) is heading for."""
    return _compartment_value(tuple(four), tuple(vips4), tuple(tasks), across, vip_factor)


# A game's search meets about 3,500 compartments and 4,000 (compartment, passenger) pairs (a
# hard-against-hard game, 109 moves); the tasks differ from game to game, so the caches hold
# about one game's worth (a few MB) rather than growing with every game the app plays.
@functools.lru_cache(maxsize=1 << 14)
def _compartment_value(four, vips4, tasks, across, vip_factor) -> float:
    empty = four.count(EMPTY)
    total = 0.0
    placed = {c for c in four if c != EMPTY}
    mono = len(placed) == 1
    growth = (AUTO_GROWTH if vip_factor == 2 else VIP_GROWTH) if mono else MIXED_GROWTH
    for k in range(4):
        if vips4[k]:
            total += vip_factor * (four.count(four[k]) + growth * empty)
    if mono and empty and not any(vips4):
        # passengers of one colour wait for a VIP of theirs to join them
        total += vip_factor * LATENT * empty * (4 - empty)
    if tasks:
        filled = 4 - empty
        hopes = [0.0]  # tasks still open here mostly exclude each other: count the best hope only
        for task in tasks:
            if empty == 0 or (task[0] in ("window", "corridor") and task_met(task, four, across)):
                if task_met(task, four, across):
                    total += task[3]
            elif _possible(task, four, across):
                hopes.append(task[3] * TASK_SHARE[filled])
        total += max(hopes) + OTHER_HOPES * (sum(hopes) - max(hopes))
    return total


def carriage_value(sheet, open_pairs=()) -> float:
    """Services (now and with the passengers still to come) and unspent points.
    `open_pairs`: the colour pairs of the services still open to this sheet, which
    its unspent service points can buy (services_in_reach)."""
    cols = sheet.colours
    left = cols.count(EMPTY)
    total = 0.0
    for i in sheet.services:
        total += _pair_outlook(sheet, SERVICES[i][1])
    total += services_in_reach(sheet, open_pairs)
    # unspent dice points buy less and less as the carriage fills up
    total += min(1.0, left / 6.0) * DICE_POINT * sheet.dice_left
    return total


def services_in_reach(sheet, open_pairs) -> float:
    """What the unspent service points are worth: the services they can still buy.
    Every 5 points buy the best open service left for this sheet; the points short
    of the next one count for their share of it while seats remain to earn the rest.
    A point no open service is left for is worth nothing, and a service the other
    players can take is in both their reckonings: taking it first gains the lead."""
    outlooks = sorted((_pair_outlook(sheet, pair) for pair in open_pairs if not sheet.has_pair(pair)), reverse=True)
    whole, rest = divmod(sheet.service_left, SERVICE_COST)
    value = sum(outlooks[:whole])
    if rest and len(outlooks) > whole:
        left = sheet.colours.count(EMPTY)
        value += PARTIAL_SERVICE * rest / SERVICE_COST * outlooks[whole] * min(1.0, left / 8.0)
    return value


def _who_factor(state, who):
    auto = state.solo and who == 1
    return ([] if auto else state.tasks), (2 if auto else 1)


def potential(state, who: int) -> float:
    sheet = state.sheets[who]
    tasks, vip_factor = _who_factor(state, who)
    auto = state.solo and who == 1  # the automaton buys by its own rule, at once: no points kept
    total = carriage_value(sheet, () if auto else [SERVICES[i][1] for i in state.open_services()])
    for c in range(COMPARTMENTS):
        total += compartment_value(sheet.colours[4 * c: 4 * c + 4], sheet.vips[4 * c: 4 * c + 4], tasks,
                                   state.across, vip_factor)
    return total


# ---- planning a turn ------------------------------------------------------------------
def _seat_gains(state, who, colour, vip) -> list:
    """(gain, seat) for seating a passenger: the change in its compartment's value
    plus the services it feeds."""
    sheet = state.sheets[who]
    tasks, vip_factor = _who_factor(state, who)
    cols, vips = sheet.colours, sheet.vips
    service_gain = 0.0
    for i in sheet.services:
        a, b = SERVICES[i][1]
        if colour in (a, b):
            other = b if colour == a else a
            if cols.count(colour) < cols.count(other):
                service_gain += 2
    out = []
    tasks = tuple(tasks)
    for c in range(COMPARTMENTS):
        four = tuple(cols[4 * c: 4 * c + 4])
        if EMPTY not in four:
            continue
        for gain, k in _compartment_gains(four, tuple(vips[4 * c: 4 * c + 4]), tasks, state.across, vip_factor,
                                          colour, vip):
            out.append((gain + service_gain, 4 * c + k))
    return out


@functools.lru_cache(maxsize=1 << 13)
def _compartment_gains(four, vips4, tasks, across, vip_factor, colour, vip) -> tuple:
    """(gain in the compartment's value, seat) for each empty seat of one compartment, a
    passenger of `colour` seated there: one look-up where the playouts asked up to five."""
    base = _compartment_value(four, vips4, tasks, across, vip_factor)
    out = []
    for k in range(4):
        if four[k] == EMPTY:
            after = _compartment_value(four[:k] + (colour,) + four[k + 1:], vips4[:k] + (vip,) + vips4[k + 1:],
                                       tasks, across, vip_factor)
            out.append((after - base, k))
    return tuple(out)


def _bonus_value(value) -> float:
    if value == 1:
        return 2 * SERVICE_POINT
    if value <= 4:
        return SERVICE_POINT + DICE_POINT
    return 0.0


def _automaton_loss(state, die_taken) -> float:
    """Solo: how much the automaton gains from what is left when the person takes `die_taken`
    (its priorities and placement are fixed; a tie is settled against it)."""
    if not state.solo:
        return 0.0
    free = [d for d in range(4) if state.taken[d] == EMPTY and d != die_taken]
    if not free:
        return 0.0
    sheet = state.sheets[1]
    options = automaton_candidates(sheet, state.dice, free)
    return min(_automaton_gain(state, d) for d in options)


def _automaton_gain(state, d) -> float:
    sheet = state.sheets[1]
    value = state.dice[d]
    spend = automaton_value_cost(sheet, value, state.automaton_six)
    if spend:
        value = 5
    seat = automaton_seat(sheet, d)
    c = seat // 4
    four = sheet.colours[4 * c: 4 * c + 4]
    v4 = sheet.vips[4 * c: 4 * c + 4]
    before = compartment_value(four, v4, [], state.across, 2)
    four[seat % 4] = d
    v4[seat % 4] = value >= 5
    gain = compartment_value(four, v4, [], state.across, 2) - before
    if value == 1:
        gain += 2 * AUTO_SERVICE_POINT
    elif value <= 4:
        gain += AUTO_SERVICE_POINT + DICE_POINT
    return gain - DICE_POINT * spend


def plans(state, limit: int = CANDIDATES, buy: bool = True) -> list:
    """The best ways to play the rest of this turn, best first: (score, [moves]).
    With `buy`, a plan begins by taking the service best_service picks, if any."""
    who = state.to_move
    out = []
    if state.phase == "tie":
        for d in state.tied:
            out.append((-DENY * _automaton_gain(state, d), [MOVES["give"][d]]))
        out.sort(key=lambda p: -p[0])
        return out[:limit]
    prefix = []
    service = best_service(state) if buy else None
    if service is not None:
        prefix = [MOVES["service"][service]]
    if state.phase == "pick":
        dice = [d for d in range(4) if state.taken[d] == EMPTY]
        for d in dice:
            loss = DENY * _automaton_loss(state, d)
            for score, steps in _die_plans(state, who, d, state.dice[d], d, False):
                out.append((score - loss, prefix + [MOVES["take"][d]] + steps))
    else:
        out = [(score, prefix + steps) for score, steps in
               _die_plans(state, who, state.die, state.value, state.colour, state.painted)]
    out.sort(key=lambda p: -p[0])
    return out[:limit]


def _die_plans(state, who, die, value, colour, painted) -> list:
    sheet = state.sheets[who]
    left = sheet.dice_left
    out = []
    values = [v for v in range(1, 7) if abs(v - value) <= left]
    # only the values that change the bonus are worth a look: the cheapest of each kind
    wanted = {}
    for v in values:
        kind = 0 if v == 1 else (1 if v <= 4 else 2)
        cost = abs(v - value)
        if kind not in wanted or cost < abs(wanted[kind] - value):
            wanted[kind] = v
    colours = [(colour, 0)]
    if not painted:
        colours += [(k, PAINT_COST) for k in range(4) if k != colour]
    for v in wanted.values():
        cost = abs(v - value)
        for k, paint in colours:
            if cost + paint > left:
                continue
            spent = DICE_POINT * (cost + paint)
            steps = (([MOVES["value"][v]] if v != value else [])
                     + ([MOVES["paint"][k]] if k != colour else []))
            gains = _seat_gains(state, who, k, v >= 5)
            gains.sort(key=lambda g: -g[0])
            for gain, seat in gains[:2]:
                out.append((gain + _bonus_value(v) - spent, steps + [MOVES["seat"][seat]]))
    return out


def _pair_outlook(sheet, pair) -> float:
    """What a service of `pair` should score for this sheet by the end."""
    left = sheet.colours.count(EMPTY)
    return 2 * min(sheet.colours.count(pair[0]) + left * 0.2, sheet.colours.count(pair[1]) + left * 0.2)


def best_service(state):
    """The service worth buying now, if any: the one that scores most for this
    sheet, plus (solo) what taking it away from the automaton is worth."""
    ranked = ranked_services(state)
    return ranked[0][1] if ranked and ranked[0][0] > BUY_AT else None


def ranked_services(state) -> list:
    """(worth, service) of the services the player to move can buy now, best first:
    what each scores for this sheet, plus (solo) what taking it from the automaton is worth."""
    sheet = state.sheets[state.to_move]
    if sheet.service_left < SERVICE_COST:
        return []
    open_ = [i for i in state.open_services() if not sheet.has_pair(SERVICES[i][1])]
    deny = {}
    if state.solo:
        auto = state.sheets[1]
        theirs = sorted(((_pair_outlook(auto, SERVICES[i][1]), i) for i in state.open_services()
                         if not auto.has_pair(SERVICES[i][1])), reverse=True)
        if len(theirs) >= 1:
            second = theirs[1][0] if len(theirs) > 1 else 0.0
            deny[theirs[0][1]] = DENY_SERVICE * (theirs[0][0] - second)
    return sorted(((_pair_outlook(sheet, SERVICES[i][1]) + deny.get(i, 0.0), i) for i in open_),
                  key=lambda p: -p[0])


# ---- the hooks the search looks up ------------------------------------------------------
def candidate_moves(state, moves, plans_looked_at: int = CANDIDATES, services: int = 0) -> list:
    """The first steps of the best few turn plans, best first. With `services`, where
    a service can be bought the search also weighs that many services to buy now and
    the best plans that buy none, so whether and which to buy is its choice, not the rule's."""
    firsts = []
    options = plans(state, plans_looked_at)
    if services and state.phase != "tie" and ranked_services(state):
        options += plans(state, 2, buy=False)
        options += [(worth, [MOVES["service"][i]]) for worth, i in ranked_services(state)[:services]]
    for _score, steps in options:
        m = steps[0]
        if m not in firsts and m in moves:
            firsts.append(m)
    return firsts or moves


def rollout_move(state, moves, rng):
    """Playouts follow the best plan, with a random move one time in twenty."""
    if rng.random() < 0.05:
        return moves[rng.randrange(len(moves))]
    best = plans(state, 1)
    if best and best[0][1][0] in moves:
        return best[0][1][0]
    return moves[rng.randrange(len(moves))]


def evaluate(state) -> list:
    """Win chances from the potentials: against the automaton in solo, else
    against the best other player. In solo the automaton's empty seats count
    against the person a little more than the person's own: its passengers to
    come are doubled VIPs grouped by colour. A sharp curve (6 points of lead
    for a factor e) beat a flat one (12): 11 solo wins in 12 against 6 in 12."""
    if state.solo:
        left_a = state.sheets[1].colours.count(EMPTY)
        left_p = state.sheets[0].colours.count(EMPTY)
        lead = potential(state, 0) - potential(state, 1) - (2.0 * left_a - 1.5 * left_p)
        return [1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))]
    pots = [potential(state, i) for i in range(state.players)]
    out = []
    for i, p in enumerate(pots):
        best_other = max(pots[j] for j in range(len(pots)) if j != i)
        out.append(1.0 / (1.0 + math.exp(-(p - best_other) / LEAD_SCALE)))
    return out


def final_rewards(state) -> list:
    """The reward of a finished game. Solo, the rules call a tie with the automaton a
    shared victory, and the search's default reward (a win, plus a little for points
    that saturate near 100) then valued a tie as highly as a win: hard tied 3 of 40
    games it could have won. Here a strict win is worth 0.8, a tie 0.4, a loss 0, and
    the margin over the automaton adds up to 0.2. With others at the table, the
    search's default."""
    if not state.solo:
        return outcome_rewards(state)
    margin = state.scores()[0] - state.automaton_score()
    won = 0.8 if margin > 0 else 0.4 if margin == 0 else 0.0
    return [won + 0.2 * (0.5 + 0.5 * math.tanh(margin / 10.0))]


def greedy_move(state):
    """The best plan's first step (the strongest move without search)."""
    return plans(state, 1)[0][1][0]


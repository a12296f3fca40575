"""The generic computer player: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) over the engine
contract. Every iteration samples a determinization — `state.determinize(seat,
rng)`, a copy in which everything the seat cannot see is resampled — and walks
one shared tree by the moves legal in that sample, choosing among the children
by UCB with availability counts; it expands one new move, plays the game out
(cut after a depth, then evaluated), and backs up a reward per seat: 1 for a
win, a shared win split, 0 for a loss. The search never looks at the state it
is given except through determinize, so a computer player never cheats.

Chance nodes: where a move reaches a chance point everybody observes (a roll, a
marker drawn face up; see core.ChancePoint), the tree gets a chance node below
the move, with a child per outcome met so far. Each visit draws the outcome with
the rules' odds and goes on below that outcome's child, so a move's value is the
average over the outcomes (in the proportion the dice give them), and the moves
after a roll are judged for that roll, not mixed over every roll the samples
happened to draw. A chance point nobody sees at once (a shuffle) is left to the
sample, as determinize leaves what is hidden.

Games may help it with heuristics: an object (a game's heuristics.py, handed to the
search by whoever starts it: the engine never looks a game up) with any of:

    rollout_move(state, moves, rng) -> move     # playout policy (one of `moves`)
    evaluate(state) -> list[float]              # per-seat win chance in [0, 1]
    final_rewards(state) -> list[float]         # per-seat reward of a finished game (default outcome_rewards)
    candidate_moves(state, moves, **options) -> list   # prune / order moves in the tree
    LEVELS = {"normal": {"iterations": 2000, "rollout_depth": 30}, ...}

A level's "candidates" entry (a dict) is passed to candidate_moves as keyword
options, so a stronger level can look at more moves than a weaker one; its
"rollout" entry (a dict) likewise to rollout_move, so its playouts may know more, and its
"evaluate" entry to evaluate, so it may judge a cut playout by more. A level's
"margin_share" (0 by default) plays for the size of the win too: that share of a
finished playout's reward is the seat's lead in points, squashed by
"margin_scale" (margin_rewards). A level
with "widening": True passes candidate_moves the node's visits as well (`visits=`),
so the game can let a node look at more moves the more it has been searched
(progressive widening). A level
with "keep_tree": True goes on from the tree of its seat's last decision when
given a SearchMemory (see there): its budget is then spent on top of what the
tree already knows.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace

from .core import IllegalMove, State, ChanceReached, forced_outcomes

LEVELS = ("easy", "normal", "hard")

# A level is an iteration budget: the same move for the same position and seed
# on any machine, however busy.
DEFAULT_LEVELS = {
    "easy": {"iterations": 40, "rollout_depth": 4, "exploration": 1.0, "pick": "sample"},
    "normal": {"iterations": 800, "rollout_depth": 40, "exploration": 0.7, "pick": "best"},
    "hard": {"iterations": 3000, "rollout_depth": 80, "exploration": 0.7, "pick": "best"},
}
# Only a safety net, far above what a budget takes (python -m game.bench prints
# the median seconds per decision: at most about 1 s for normal and 3 s for hard
# on a busy 2-core machine). The app, the arena and the bench all use it; a
# decision that hits it is cut short and is no longer reproducible, so the bench
# and the arena report every such decision.
TIME_CAPS = {"easy": 3.0, "normal": 6.0, "hard": 15.0}


def level_time_cap(level: str) -> float:
    """The longest a computer player of this level may think, in seconds: a
    safety margin several times the level's usual time, not its strength."""
    if level not in TIME_CAPS:
        raise ValueError(f"unknown level {level!r}; one of {LEVELS}")
    return TIME_CAPS[level]


# ---- game-specific heuristics ---------------------------------------------
HEURISTIC_NAMES = ("rollout_move", "evaluate", "final_rewards", "candidate_moves", "LEVELS")


def search_heuristics(module) -> SimpleNamespace:
    """What the search uses of a game's ai module, as a value that can be sent
    to the worker process (a module cannot be pickled; its functions can)."""
    return SimpleNamespace(**{name: getattr(module, name) for name in HEURISTIC_NAMES if hasattr(module, name)})


def level_settings(level: str, heuristics=None) -> dict:
    if level not in DEFAULT_LEVELS:
        raise ValueError(f"unknown level {level!r}; one of {LEVELS}")
    settings = dict(DEFAULT_LEVELS[level])
    settings.update(getattr(heuristics, "LEVELS", {}).get(level, {}))
    return settings


# ---- rewards ------------------------------------------------------------------
def outcome_rewards(state) -> list[float]:
    """Per-seat reward of a finished game: a win 1, a shared win split, a loss 0.

    A one-player game also rewards the score a little (0.7 for the win, up to
    0.3 for points) so the search has something to climb."""
    out = state.outcome
    n = state.players
    rewards = [0.0] * n
    if out.winners:
        share = 1.0 / len(out.winners)
        for s in out.winners:
            rewards[s] = share
    if n == 1:
        score = out.scores[0] if out.scores else 0
        rewards[0] = 0.7 * rewards[0] + 0.3 * (0.5 + 0.5 * math.tanh(score / 30.0))
    return rewards


def margin_rewards(final_rewards, share: float, scale: float):
    """`final_rewards` with `share` of each seat's reward taken by its final lead
    over the best other seat, squashed into [0, 1] with `scale` points for a factor
    e: a search with it prefers the bigger win and the smaller loss when the win
    itself is settled, where a win-only reward sees every move alike."""
    def rewards(state) -> list[float]:
        scores = state.outcome.scores
        base = final_rewards(state)
        if len(scores) < 2:
            return base
        out = []
        for seat, reward in enumerate(base):
            lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
            out.append((1 - share) * reward + share / (1.0 + math.exp(-lead / scale)))
        return out
    return rewards


def score_evaluation(state) -> list[float]:
    """Default evaluation of an unfinished game from the running scores: each
    seat's lead over the best other seat, squashed into [0, 1]."""
    return lead_evaluation(state.scores())


def lead_evaluation(scores: list) -> list[float]:
    """Each seat's lead in `scores` over the best other seat, squashed into [0, 1]
    (a game's own evaluation may add to the running scores before squashing)."""
    n = len(scores)
    if n == 1:
        return [0.5 + 0.5 * math.tanh(scores[0] / 30.0)]
    scale = max(3.0, 0.15 * max(abs(s) for s in scores))
    out = []
    for i, s in enumerate(scores):
        best_other = max(scores[j] for j in range(n) if j != i)
        out.append(0.5 + 0.5 * math.tanh((s - best_other) / scale))
    return out


# ---- the tree -----------------------------------------------------------------
class _Node:
    __slots__ = ("move", "mover", "children", "visits", "avail", "reward", "unseen")

    def __init__(self, move, mover):
        self.move = move
        self.mover = mover  # the seat that made `move`
        self.children = {}  # move -> _Node, in insertion order
        self.visits = 0
        self.avail = 1
        self.reward = 0.0  # summed reward of `mover`
        self.unseen = None  # seat -> _Node: its choices in a round of secret choices begun here

    def choices_of(self, seat) -> "_Node":
        """The node whose children hold `seat`'s statistics for a secret choice made
        later in the round that begins at this node (see _Playouts.select_and_expand)."""
        if self.unseen is None:
            self.unseen = {}
        node = self.unseen.get(seat)
        if node is None:
            node = self.unseen[seat] = _Node(None, None)
        return node


_CHANCE = "chance"  # the first item of a chance child's key: (_CHANCE, what the outcome shows)


def _chance_key(point, outcome) -> tuple:
    return (_CHANCE, point.key(outcome))


def _tree_apply(d, move, node, path) -> tuple:
    """Apply `move` to the sample `d` where `node` stands for it in the tree. Each
    chance point everybody observes on the way is a chance node: the outcome is
    drawn with the rules' odds (from the sample's own generator) and the walk goes
    on below that outcome's child, made if new. Returns (the node reached, whether
    a node was made)."""
    here, grown = node, False

    def source(point):
        nonlocal here, grown
        outcome = point.sample(d.rng)
        if not point.observed:
            return outcome  # a shuffle: left to the sample, like what determinize hides
        key = _chance_key(point, outcome)
        child = here.children.get(key)
        if child is None:
            child = here.children[key] = _Node(outcome, None)
            grown = True
        path.append(child)
        here = child
        return outcome

    d.chance_source = source
    try:
        _fast_apply(d, move)
    finally:
        del d.chance_source
    return here, grown


def _outcome_paths(position, move, node, limit: int):
    """Every (position after `move`, tree node) the kept tree holds for it: `node` is
    the move's child; one pair per combination of the outcomes its chance nodes have
    children for, at most `limit` tried."""
    waiting = [((), node)]
    while waiting and limit > 0:
        outcomes, here = waiting.pop()
        limit -= 1
        trial = position.clone()
        trial.chance_source = forced_outcomes(outcomes)
        try:
            trial.apply(move)
        except IllegalMove:
            continue  # the outcomes tried led elsewhere: the move was made in another position
        except ChanceReached as reached:
            if not reached.point.observed:
                return  # a shuffle: the tree does not know its order
            waiting.extend((outcomes + (child.move,), child) for key, child in here.children.items()
                           if isinstance(key, tuple) and key[:1] == (_CHANCE,))
            continue
        del trial.chance_source
        yield trial, here


class SearchMemory:
    """The tree each seat's last search grew, kept for that seat's next decision.

    When the position now is that tree's position with the moves made since
    (the seat's own and the others' replies), the subtree below those moves
    already holds playouts of exactly this position, and the search goes on
    from it. A roll or a draw everybody saw is followed through the tree's
    chance nodes: the kept position, replayed through the moves made since with
    each outcome the tree holds, must come out the same as the position now (the
    generator's state aside: the search draws its own); an outcome the tree never
    met, hidden cards sampled afresh, a shuffle, a new game or an undo simply start
    a fresh tree. One tree per seat and level, of the game in play only: the
    memory does not grow from game to game."""

    RECALL_TRIALS = 4000  # replays tried at most to find the outcomes rolled since

    def __init__(self):
        self._kept: dict = {}  # (game, seat, level) -> (position, root)

    @staticmethod
    def _key(state, level: str) -> tuple:
        return type(state).__qualname__, state.to_move, level

    def recall(self, state, level: str):
        """The kept node that stands for `state`, or None."""
        kept = self._kept.get(self._key(state, level))
        if kept is None:
            return None
        position, node = kept
        done = len(position.history)
        if state.history[:done] != position.history:
            return None
        target = _position_json(state)
        reached = [(position, node)]
        for move in state.history[done:]:
            reached = [pair for replay, here in reached if move in here.children
                       for pair in _outcome_paths(replay, move, here.children[move], self.RECALL_TRIALS)]
            if not reached:
                return None
        for replay, here in reached:
            if _position_json(replay) == target:
                return here
        return None

    def keep(self, state, level: str, root) -> None:
        """Keep `root`, the tree of `state`'s search, dropping the trees of other
        games (or of lines taken back): only this game's can serve again."""
        game = type(state).__qualname__
        self._kept = {key: (position, node) for key, (position, node) in self._kept.items()
                      if key[0] == game and state.history[:len(position.history)] == position.history}
        self._kept[self._key(state, level)] = (state.clone(), root)


def _position_json(state) -> dict:
    position = state.to_json()
    position.pop("rng", None)
    return position


def _fast_apply(state, move) -> None:
    """Apply a move known to be legal, skipping the legality check when the
    game keeps State.apply as it is (check, _apply, record)."""
    if type(state).apply is State.apply:
        state._apply(move)
        state.history.append(move)
    else:
        state.apply(move)


class _Playouts:
    """One search's playouts: each walks the tree down a sample of the hidden
    information, adds a node, plays on at random (or by the game's rollout
    move) and credits the result to every node on its way."""

    def __init__(self, tree_moves, random_expansion: bool, exploration: float, depth_cap: int,
                 rollout_move, evaluate, final_rewards, rng, root_tree_moves=None, focus=None, focus_visits: int = 0,
                 every_seat: bool = False):
        self.tree_moves = tree_moves
        self.root_tree_moves = root_tree_moves or tree_moves  # at the root: the moves plus the focus
        self.focus = focus  # the move under review, searched at least focus_visits times
        self.focus_visits = focus_visits
        self.random_expansion = random_expansion  # without the game's candidates: untried moves in random order
        self.exploration = exploration
        self.depth_cap = depth_cap
        self.rollout_move = rollout_move
        self.evaluate = evaluate
        self.final_rewards = final_rewards  # of a finished playout (outcome_rewards, or the game's own)
        self.rng = rng
        # every seat's summed reward below each root move (the review's chart of every player), when asked
        self.seat_totals: dict | None = {} if every_seat else None

    def playout(self, root: _Node, d) -> None:
        """One iteration on the sample `d` (which it plays on)."""
        path = self.select_and_expand(root, d)
        self.roll_out(d)
        rewards = self.final_rewards(d) if d.outcome is not None else self.evaluate(d)
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.reward += rewards[n.mover]
        if self.seat_totals is not None and len(path) > 1:
            totals = self.seat_totals.setdefault(path[1].move, [0.0] * len(rewards))
            for seat, reward in enumerate(rewards):
                totals[seat] += reward

    def select_and_expand(self, root: _Node, d) -> list:
        """Down the tree by UCB over the moves available in this sample (each child
        counts how often it was available), until a move not yet tried: it becomes
        a new node. A chance point on the way is a chance node: the outcome drawn
        goes on below its own child (_tree_apply), and a new outcome ends the walk
        like a new move. At the root the focus move is pushed until it has its
        share of playouts. Returns the nodes passed, root first.

        Secret choices (State.unseen_choices: SkyRunner's cards laid face
        down one seat after another) are chosen without seeing the ones made before
        them in the round: a seat choosing later in the round is judged by statistics
        kept once at the node where the round began (its choices_of), whatever the
        earlier seats chose, so the search does not credit the others with answering
        cards they cannot see. The walk still goes on below the moves actually made."""
        rng, c, log, sqrt = self.rng, self.exploration, math.log, math.sqrt
        focus = self.focus
        node = round_start = root
        path = [root]
        while d.outcome is None:
            moves = self.root_tree_moves(d, node.visits) if node is root else self.tree_moves(d, node.visits)
            secret = node is not root and d.unseen_choices()
            if not secret:
                round_start = node
            stats = round_start.choices_of(d.to_move) if secret else node
            children = stats.children
            if node is root and focus in children and children[focus].visits < self.focus_visits and focus in moves:
                chosen = children[focus]
                chosen.avail += 1  # the move under review gets its share of playouts
            else:
                untried = [m for m in moves if m not in children]
                if untried:
                    m = untried[rng.randrange(len(untried))] if self.random_expansion else untried[0]
                    child = children[m] = _Node(m, d.to_move)
                    path.append(child)
                    if secret:
                        child = node.children.setdefault(m, _Node(m, d.to_move))
                        path.append(child)
                    _tree_apply(d, m, child, path)
                    break
                chosen = None
                best_value = -1.0
                for m in moves:
                    ch = children[m]
                    ch.avail += 1  # availability: this child could have been chosen here
                    value = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if value > best_value:
                        chosen, best_value = ch, value
            path.append(chosen)
            if secret:  # on below the move made, in this line of the round
                below = node.children.get(chosen.move)
                if below is None:
                    below = node.children[chosen.move] = _Node(chosen.move, d.to_move)
                    path.append(below)
                    _tree_apply(d, chosen.move, below, path)
                    break
                chosen = below
                path.append(chosen)
            node, grown = _tree_apply(d, chosen.move, chosen, path)
            if grown:
                break
        return path

    def roll_out(self, d) -> None:
        """Play on to the end, or to the level's depth cap."""
        rng, rollout_move = self.rng, self.rollout_move
        steps = 0
        while d.outcome is None and steps < self.depth_cap:
            moves = d.legal_moves()
            if rollout_move is not None:
                m = rollout_move(d, moves, rng)
            else:
                m = moves[rng.randrange(len(moves))]
            _fast_apply(d, m)
            steps += 1


@dataclass(frozen=True)
class SearchRequest:
    """One question for the search (choose_move): the position, the budget, the game's help,
    and what a game review wants back besides the move."""
    state: State  # the position as the mover may know it (seat_state): the search only determinizes it
    level: str  # one of LEVELS: the budget, the rollout depth, how the move is picked
    seed: int  # the same request and seed, the same move (where time_limit and stop do not cut it short)
    heuristics: object = None  # the game's help (search_heuristics of its heuristics module); None: plain search
    iterations: int | None = None  # overrides the level's budget
    time_limit: float | None = None  # seconds: a safety net, not a budget (the move may then differ)
    memory: SearchMemory | None = None  # where a level that keeps its tree goes on from its seat's last one
    progress: Callable[[float], None] | None = None  # called now and then with the fraction done
    stop: Callable[[], bool] | None = None  # True: stop now, with the best move so far
    # What the game review (engine/grading.py) asks for, weighing a person's move against the search's:
    focus: object = None  # a move legal here, searched at the root even where candidate_moves leave it out,
    focus_visits: int = 0  # ... at least this many times
    chance_only: bool = False  # rewards are the chance to win alone, whatever the level's margin_share
    every_seat: bool = False  # fill SearchResult.seat_values and .lines
    # The bench's ceiling player alone: `state` is the real position, and every sample keeps its
    # generator, so the search knows each roll and draw to come (the app never sets it).
    sees_chance: bool = False


@dataclass(frozen=True)
class SearchResult:
    """What choose_move found: the move, and the figures of the search behind it (all empty
    when there was one move to make, and nothing to search)."""
    move: object
    iterations: int = 0  # playouts run by this search
    budget: int = 0  # playouts the level (or the request) allowed
    capped: bool = False  # time_limit or stop cut the search short of its budget
    decided: bool = False  # stopped early: the most visited move could no longer be overtaken
    seconds: float = 0.0
    reused: int = 0  # playouts a kept tree (SearchMemory) brought
    visits: dict[str, int] = field(default_factory=dict)  # notation -> playouts through that move
    values: dict[str, float] = field(default_factory=dict)  # notation -> the mover's mean reward
    seat_values: dict[str, list[float]] = field(default_factory=dict)  # every_seat: notation -> each seat's mean
    lines: dict[str, list] = field(default_factory=dict)  # every_seat: notation -> principal_line from that move


def choose_move(request: SearchRequest) -> SearchResult:
    """The move for request.state.to_move. Deterministic for a given state, level and
    seed (and, for a level that keeps its tree, the memory's past searches) when
    time_limit is None and stop never says stop."""
    state, level, heuristics = request.state, request.level, request.heuristics
    time_limit, progress, stop, memory = request.time_limit, request.progress, request.stop, request.memory
    focus, focus_visits, every_seat = request.focus, request.focus_visits, request.every_seat
    started = time.perf_counter()
    settings = level_settings(level, heuristics)
    budget = settings["iterations"] if request.iterations is None else request.iterations
    depth_cap = settings["rollout_depth"]
    c = settings["exploration"]
    rollout_move = getattr(heuristics, "rollout_move", None)
    if rollout_move is not None and settings.get("rollout"):
        rollout_move = functools.partial(rollout_move, **settings["rollout"])
    evaluate = getattr(heuristics, "evaluate", None) or score_evaluation
    if evaluate is not score_evaluation and settings.get("evaluate"):
        evaluate = functools.partial(evaluate, **settings["evaluate"])
    final_rewards = getattr(heuristics, "final_rewards", None) or outcome_rewards
    if settings.get("margin_share") and not request.chance_only:
        final_rewards = margin_rewards(final_rewards, settings["margin_share"], settings["margin_scale"])
    candidates = getattr(heuristics, "candidate_moves", None)
    candidate_options = settings.get("candidates", {})

    rng = random.Random(request.seed)
    seat = state.to_move
    if seat is None:
        raise ValueError("the game is over: there is no move to choose")

    def sample():
        if request.sees_chance:
            return state.clone()  # the clone's generator is the real one's twin: the same rolls and draws
        d = state.determinize(seat, rng)
        if getattr(d, "rng", None) is not None:
            d.rng = random.Random(rng.getrandbits(64))  # dice and shuffles yet to come are unknown too
        return d

    widening = settings.get("widening", False)

    def tree_moves(d, visits: int = 0):
        moves = d.legal_moves()
        if candidates is not None and len(moves) > 1:
            options = dict(candidate_options, visits=visits) if widening else candidate_options
            moves = candidates(d, moves, **options) or moves
        return moves

    def root_tree_moves(d, visits: int = 0):
        moves = tree_moves(d, visits)
        if focus is not None and focus not in moves and d.check(focus) is None:
            moves = moves + [focus]
        return moves

    first = sample()
    root_moves = root_tree_moves(first)
    # with widening the root's moves are listed again as it grows, from a copy (the first playout plays on `first`);
    # it searches wherever the root may grow past one move within the budget
    widest = first.clone() if widening else None
    choices = root_tree_moves(widest, budget) if widening else root_moves
    if len(choices) == 1:
        return SearchResult(root_moves[0], budget=budget)
    if not root_moves:
        raise ValueError("no legal move")

    # A level that plays the most visited move stops once no other move can catch
    # it up in the iterations left: the same move, sooner.
    # Only the most visited can be settled early; a lower bound may still change with any playout.
    settle = settings["pick"] == "best"
    decided = False
    keep_tree = memory is not None and settings.get("keep_tree", False)
    root = (memory.recall(state, level) if keep_tree else None) or _Node(None, None)
    reused = root.visits
    deadline = None if time_limit is None else started + time_limit
    report_every = max(1, budget // 50)
    search = _Playouts(tree_moves, candidates is None, c, depth_cap, rollout_move, evaluate, final_rewards, rng,
                       root_tree_moves, focus, focus_visits, every_seat)
    done = 0
    d = first
    while done < budget:
        if stop is not None and stop():
            break
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        if d is None:
            d = sample()
        search.playout(root, d)
        done += 1
        d = None
        if widening and done % SETTLE_EVERY == 0:
            root_moves = root_tree_moves(widest, root.visits)  # as wide as the root has grown
        if settle and done % SETTLE_EVERY == 0 and done < budget and _decided(root, root_moves, budget - done):
            decided = True
            break
        if progress is not None and done % report_every == 0:
            fraction = done / budget
            if deadline is not None:
                fraction = max(fraction, (time.perf_counter() - started) / time_limit)
            progress(min(1.0, fraction))
    if progress is not None:
        progress(1.0)

    if widening:
        root_moves = root_tree_moves(widest, root.visits)
    move = _pick(root, root_moves, settings["pick"], rng, settings.get("temperature", 1.0),
                 settings.get("bound_width", BOUND_WIDTH))
    if keep_tree:
        memory.keep(state, level, root)
    return SearchResult(
        move,
        iterations=done,
        budget=budget,
        reused=reused,
        capped=done < budget and not decided,
        decided=decided,
        seconds=time.perf_counter() - started,
        visits={str(m): ch.visits for m, ch in root.children.items()},
        values={str(m): ch.reward / ch.visits for m, ch in root.children.items() if ch.visits},
        seat_values={str(m): [total / root.children[m].visits for total in totals]
                     for m, totals in search.seat_totals.items()} if every_seat else {},
        lines={str(m): principal_line(ch) for m, ch in root.children.items() if ch.visits} if every_seat else {},
    )


LINE_MOVES = 5  # the longest line principal_line follows
LINE_MIN_VISITS = 8  # a reply searched fewer times than this is no longer the search's expectation


def principal_line(node: _Node, moves: int = LINE_MOVES, min_visits: int = LINE_MIN_VISITS) -> list:
    """The line the search expects from the move `node` stands for: that move, then
    at each step the most visited reply (through chance: the outcome most often met),
    while the reply was searched at least `min_visits` times. [[notation, [what each
    chance point on the way showed (its key)], ...], ...], the first item `node`'s own."""
    line = [[str(node.move), []]]
    while len(line) <= moves:
        if not node.children:
            break
        child = max(node.children.values(), key=lambda ch: ch.visits)
        if child.visits < min_visits:
            break
        if child.mover is None:  # a chance node: what the outcome showed, under the move that reached it
            key = next(k for k, ch in node.children.items() if ch is child)
            line[-1][1].append(key[1])
        elif len(line) < moves:
            line.append([str(child.move), []])
        else:
            break
        node = child
    return line


def seat_state(state, seed: int):
    """What a computer player is given to think about for the seat to move: one
    sample of the positions that seat cannot tell apart from this one (the
    game's `determinize`: everything it cannot see resampled, from what it can
    see) with a fresh random generator (dice and draws to come are unknown
    too). The search starts from this, never from the real state, so another
    seat's hidden cards are not even in the worker's memory."""
    sample = state.determinize(state.to_move, random.Random(seed))
    if getattr(sample, "rng", None) is not None:
        sample.rng = random.Random(seed ^ 0x5EED)
    return sample


SETTLE_EVERY = 16  # iterations between looks at whether the move is decided


def _decided(root, root_moves, left: int) -> bool:
    """True when the most visited move leads every other by more than `left`
    visits: whatever the iterations left do, it stays the most visited."""
    first = second = 0
    children = root.children
    for m in root_moves:
        child = children.get(m)
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


BOUND_WIDTH = 0.8  # "lower_bound": about two spreads of a playout's reward, for a mean of one visit


def _pick(root, root_moves, how: str, rng, temperature: float = 1.0, bound_width: float = BOUND_WIDTH):
    """The move to play: the most visited (ties: the better mean, then the
    first in move order); "sample" draws in proportion to visits (easy play),
    or to visits ** (1 / temperature): below 1 the most visited move is drawn
    more often, so a level can play the best move most of the time;
    "lower_bound" the best mean less bound_width / sqrt(visits): with widening a
    move that joins late cannot catch up in visits, yet a clearly better mean over
    a few hundred playouts should be played."""
    visited = [(m, root.children[m]) for m in root_moves if m in root.children]
    if not visited:
        return root_moves[0]
    if how == "lower_bound":
        return max(visited, key=lambda mc: (mc[1].reward / mc[1].visits - bound_width / math.sqrt(mc[1].visits),
                                            mc[1].visits))[0]
    if how == "sample":
        weights = [ch.visits ** (1.0 / temperature) for _, ch in visited]
        x = rng.random() * sum(weights)
        for (m, _), weight in zip(visited, weights):
            x -= weight
            if x < 0:
                return m
        return visited[-1][0]
    best_m, best_key = None, None
    for m, ch in visited:
        key = (ch.visits, ch.reward / ch.visits if ch.visits else 0.0)
        if best_key is None or key > best_key:
            best_m, best_key = m, key
    return best_m


def random_move(state, seed: int):
    """A uniformly random legal move (the "random" player of the arena)."""
    moves = state.legal_moves()
    return moves[random.Random(seed).randrange(len(moves))]

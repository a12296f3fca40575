"""The five games as OpenSpiel games, for anyone who studies game AI with OpenSpiel.

Optional: `pip install ".[research]"` brings `open-spiel`; the app never imports this.

    import game.openspiel                      # registers the games with pyspiel
    import pyspiel
    g = pyspiel.load_game("game_shelf_skyline_express", {"players": 2, "seed": 7})
    state = g.new_initial_state()

Each game is registered as `game_shelf_<id>` (game_shelf_skurdir, game_shelf_scurry,
game_shelf_skyline_express, game_shelf_scrubbudgetel, game_shelf_skyrunner) with the
parameters `players`, `seed` (the set-up the engine deals from it: Skurðir's stacks,
SkyRunner's deck) and `options` (the game's options as a JSON object, "" for the
defaults). It is a thin layer over the engine (game/engine/core.py):

- An action is the index of a move in the engine's `legal_moves()` (a fixed order), so
  action numbers mean different moves in different positions; `action_to_string` gives
  the move's notation. `num_distinct_actions` is a bound on how many moves a position
  offers.
- Chance is OpenSpiel's chance player, at exactly the engine's chance points (every
  roll, bag draw and shuffle after the set-up, `State.draw_chance`), with their odds: a
  move that reaches one waits at chance nodes for its outcome. Dice are rolled one die
  per chance node, a shuffle is dealt one position per chance node (a uniform order
  either way), and a draw lists the items that differ (two copies of one marker are one
  outcome, with their odds added).
- What a player knows is the engine's `view(seat)`: the information-state and
  observation strings are it, as JSON (not perfect recall: the view now, not the moves
  that led there). SkyRunner is the one game with hidden information;
  `resample_from_infostate` draws a state the player cannot tell apart from this one by
  the engine's `determinize`.
- Returns at the end: a win 1, a shared win split, then shifted so the players' returns
  sum to 0 and a lone win is 1 (two players: +1 / -1, a draw 0). Skyline solo: +1 for
  beating the automaton outright, -1 otherwise.

`state_of(engine_state, game)` wraps a state of the engine (say, what a seat sees,
`engine.ai.seat_state`) as an OpenSpiel state, for a search to start from.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pyspiel

from . import shelf
from .engine.core import ChanceReached, Dice, Shuffle, forced_outcomes


@dataclass(frozen=True)
class Bounds:
    """What OpenSpiel asks of a game beforehand, bounds the rules never exceed."""

    chance: bool  # chance after the set-up (rolls, draws, shuffles)
    actions: int  # the most legal moves a position has (measured at most: Skurðir 72, Scurry 91, …)
    chance_outcomes: int  # the most outcomes of one chance node
    length: int  # moves and chance nodes, the most a game can take (the rules' own limits end every game)


BOUNDS = {
    "skurdir": Bounds(False, 512, 0, 5_000),
    "scurry": Bounds(False, 512, 0, 200_000),  # 1,500 turns (ruling 9) of at most a board's points each
    "skyline_express": Bounds(True, 256, 6, 2_000),
    "scrubbudgetel": Bounds(True, 4_096, 228, 10_000),  # 228 markers in the bag
    "skyrunner": Bounds(True, 128, 44, 40_000),  # 44 cards; 250 rounds at most (ruling 14)
}

PREFIX = "game_shelf_"


def short_name(game_id: str) -> str:
    return PREFIX + game_id


# ---- chance nodes -------------------------------------------------------------------
# A chance point is dealt over one or more chance nodes: its outcome is built from the
# parts (the actions of chance) drawn so far. Each function gives the next node's
# outcomes [(action, probability)], or None once the parts make the point's outcome.
def _next_node(point, parts: tuple):
    if isinstance(point, Dice):
        if len(parts) == point.count:
            return None
        return [(face, 1.0 / point.sides) for face in range(point.sides)]
    if isinstance(point, Shuffle):
        left = _left(point, parts)
        if len(left) <= 1:
            return None
        return _distinct([(item, 1.0 / len(left)) for item in left], key=lambda item: item)
    if parts:
        return None
    return _distinct_outcomes(point)


def _distinct_outcomes(point) -> list:
    """The point's outcomes as OpenSpiel lists them (see _distinct)."""
    listed = point.outcomes()
    if listed is None:
        raise ValueError(f"{type(point).__name__} lists no outcomes: the OpenSpiel games cannot deal it")
    return _distinct(listed, key=point.key)


def _distinct(listed, key) -> list:
    """[(outcome, p), ...] as chance actions: one per thing the players tell apart
    (its key), its action the index of its first outcome, the odds summed."""
    odds: dict = {}
    first: dict = {}
    for index, (outcome, p) in enumerate(listed):
        k = key(outcome)
        first.setdefault(k, index)
        odds[k] = odds.get(k, 0.0) + p
    return [(first[k], odds[k]) for k in odds]


def _left(point, parts: tuple) -> list:
    """A shuffle's items not yet dealt, in order: each part took the one at its index."""
    left = list(point.items)
    for i in parts:
        left.pop(i)
    return left


def _outcome(point, parts: tuple):
    """The point's outcome made of `parts` (_next_node said it is complete)."""
    if isinstance(point, Dice):
        return tuple(face + 1 for face in parts)
    if isinstance(point, Shuffle):
        left = list(point.items)
        return tuple([left.pop(i) for i in parts] + left)
    return point.outcomes()[parts[0]][0]


def _part_text(point, parts: tuple, action: int) -> str:
    if isinstance(point, Dice):
        return f"die {action + 1}"
    if isinstance(point, Shuffle):
        return f"next {_left(point, parts)[action]}"
    return f"draw {point.key(point.outcomes()[action][0])}"


@dataclass(frozen=True)
class _Waiting:
    """A move that waits for chance: the outcomes of the points it has passed, the
    point it is at and the parts of that point drawn so far."""

    move: object
    outcomes: tuple
    point: object
    parts: tuple = ()


class _Held:
    """The engine state an OpenSpiel state stands for. OpenSpiel copies a Python state
    by deep-copying its attributes: this copies by the engine's own clone, and a
    new game's state only when it is first used (OpenSpiel makes a new game to copy into)."""

    __slots__ = ("_state", "_initial", "waiting", "_moves")

    def __init__(self, state=None, initial=None, waiting=None):
        self._state = state
        self._initial = initial
        self.waiting = waiting
        self._moves = None

    @property
    def state(self):
        if self._state is None:
            self._state = self._initial.clone()
        return self._state

    def set(self, state) -> None:
        self._state = state
        self._moves = None

    def moves(self) -> list:
        if self._moves is None:
            self._moves = self.state.legal_moves()
        return self._moves

    def __deepcopy__(self, memo):
        twin = _Held(self.state.clone(), waiting=self.waiting)  # _Waiting never changes: shared
        twin._moves = self._moves  # the same position: the same moves (the list is never changed)
        return twin


def _returns(winners, players: int) -> list:
    shares = [0.0] * players
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    if players == 1:
        return [2.0 * shares[0] - 1.0]
    mean = sum(shares) / players
    return [(s - mean) * players / (players - 1) for s in shares]


class ShelfState(pyspiel.State):
    """One game of the shelf in OpenSpiel's terms (see the module's docstring)."""

    def __init__(self, game, held: _Held):
        super().__init__(game)
        self._held = held

    @property
    def engine(self):
        """The engine's state (at a chance node: before the waiting move)."""
        return self._held.state

    # ---- whose turn ---------------------------------------------------------------
    def current_player(self):
        if self._held.waiting is not None:
            return pyspiel.PlayerId.CHANCE
        if self.engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.engine.to_move

    def is_terminal(self):
        return self._held.waiting is None and self.engine.is_over

    def _legal_actions(self, player):
        return list(range(len(self._held.moves())))

    def chance_outcomes(self):
        w = self._held.waiting
        return _next_node(w.point, w.parts)

    # ---- moves and chance ------------------------------------------------------------
    def _apply_action(self, action):
        held = self._held
        w = held.waiting
        if w is None:
            self._play(held.moves()[action], ())
            return
        parts = w.parts + (action,)
        if _next_node(w.point, parts) is not None:
            held.waiting = _Waiting(w.move, w.outcomes, w.point, parts)
        else:
            self._play(w.move, w.outcomes + (_outcome(w.point, parts),))

    def _play(self, move, outcomes: tuple) -> None:
        """Play `move` with the chance outcomes given so far; where it reaches a
        chance point beyond them, wait there for chance instead."""
        held = self._held
        if not BOUNDS[self.get_game().game_id].chance:
            held.state.apply(move)
            held.set(held.state)
            return
        trial = held.state.clone()
        trial.chance_source = forced_outcomes(outcomes)
        try:
            trial.apply(move)
        except ChanceReached as reached:
            held.waiting = _Waiting(move, outcomes, reached.point)
            if _next_node(reached.point, ()) is None:  # a shuffle of one card: nothing to draw
                self._play(move, outcomes + (_outcome(reached.point, ()),))
            return
        del trial.chance_source
        held.waiting = None
        held.set(trial)

    def _action_to_string(self, player, action):
        w = self._held.waiting
        if player == pyspiel.PlayerId.CHANCE:
            return _part_text(w.point, w.parts, action)
        return str(self._held.moves()[action])

    # ---- the end --------------------------------------------------------------------
    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.num_players()
        return _returns(self.engine.outcome.winners, self.num_players())

    # ---- what a player knows ----------------------------------------------------------
    def knowledge(self, player: int) -> str:
        """What `player` knows here, as text: the engine's view, and at a chance node
        the waiting move (when the player may see it) and the outcomes everybody saw."""
        known = {"view": self.engine.view(player)}
        w = self._held.waiting
        if w is not None:
            hidden = self.get_game().get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
            mover = self.engine.to_move
            known["waiting"] = str(w.move) if not hidden or player == mover else "a move"
            known["chance"] = len(w.outcomes), list(w.parts) if w.point.observed else len(w.parts)
        return json.dumps(known, sort_keys=True, default=str)

    def information_state_string(self, player=None):
        return self.knowledge(self.current_player() if player is None else player)

    def observation_string(self, player=None):
        return self.knowledge(self.current_player() if player is None else player)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state `player_id` cannot tell apart from this one: the engine's
        determinize, seeded from the sampler (OpenSpiel's) or at random."""
        draw = probability_sampler() if probability_sampler is not None else random.random()
        return self.resampled(player_id, random.Random(int(draw * (1 << 53))))

    def resampled(self, player: int, rng: random.Random) -> "ShelfState":
        """resample_from_infostate with a generator of the caller's."""
        sample = self.engine.determinize(player, rng)
        held = _Held(sample, waiting=self._held.waiting)
        return ShelfState(self.get_game(), held)

    def __str__(self):
        position = self.engine.to_json()
        position.pop("rng", None)
        w = self._held.waiting
        if w is not None:
            position["waiting"] = {"move": str(w.move), "outcomes": len(w.outcomes), "parts": list(w.parts)}
        return json.dumps(position, sort_keys=True, default=str)


class _ViewObserver:
    """OpenSpiel's observer of a game of the shelf: strings only (the seat's view)."""

    def __init__(self):
        import numpy as np
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.knowledge(player)


class ShelfGame(pyspiel.Game):
    """A game of the shelf, with its players, seed and options fixed. One subclass per
    game (GAME_CLASSES) sets `game_id`: pyspiel makes a game by calling it with the
    parameters."""

    game_id = ""

    def __init__(self, params=None):
        params = dict(params or {})
        game_id = self.game_id
        self.spec = shelf.GAMES[game_id]
        self.players = int(params.get("players", self.spec.default_players))
        self.seed = int(params.get("seed", 0))
        text = params.get("options", "")
        self.options = self.spec.resolved_options(json.loads(text) if text else None)
        self.spec.check_players(self.players)
        bounds = BOUNDS[game_id]
        kind = game_type(game_id)
        low = -1.0 if self.players <= 2 else -1.0 / (self.players - 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=bounds.actions, max_chance_outcomes=bounds.chance_outcomes,
            num_players=self.players, min_utility=low, max_utility=1.0,
            utility_sum=0.0 if kind.utility == pyspiel.GameType.Utility.ZERO_SUM else None, max_game_length=bounds.length)
        super().__init__(kind, info, params)
        self._initial = self.spec.new_game(self.players, self.seed, self.options)

    def new_initial_state(self):
        return ShelfState(self, _Held(initial=self._initial))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _ViewObserver()


def game_type(game_id: str) -> pyspiel.GameType:
    spec = shelf.GAMES[game_id]
    Info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Game Shelf: {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if BOUNDS[game_id].chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=Info.IMPERFECT_INFORMATION if spec.hidden_information else Info.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if spec.min_players >= 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),  # Skyline solo: one player
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": spec.default_players, "seed": 0, "options": ""},
    )


def state_of(engine_state, game: ShelfGame) -> ShelfState:
    """An OpenSpiel state standing for `engine_state` (a state of `game`'s kind)."""
    return ShelfState(game, _Held(engine_state.clone()))


def load(game_id: str, players: int, seed: int = 0, options: dict | None = None) -> ShelfGame:
    """The OpenSpiel game of `game_id` (pyspiel.load_game, with the options as JSON)."""
    params = {"players": players, "seed": seed, "options": json.dumps(options or {}, sort_keys=True)}
    return pyspiel.load_game(short_name(game_id), params)


def _game_class(game_id: str) -> type:
    # A class, not a closure: pyspiel keeps its game makers until after Python has shut
    # down, and a class (which refers to itself) is never freed then; a lone closure is,
    # and that aborts the process as it exits.
    return type(f"ShelfGame_{game_id}", (ShelfGame,), {"game_id": game_id})


def register() -> None:
    """Register every game of the shelf with pyspiel (done on import; again is harmless)."""
    known = set(pyspiel.registered_names())
    for game_id in shelf.GAMES:
        if short_name(game_id) not in known:
            pyspiel.register_game(game_type(game_id), _game_class(game_id))


register()

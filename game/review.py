"""A finished game's review: which decisions to look at, asking the computer's
worker about each, and keeping the result with the game.

The decisions reviewed are the moves of people (of computers too when asked)
where there was more than one legal move. Each is sent to the computer's
worker process as `ai.seat_state` of the position then — what that seat could
see, never the real state — with the move played (engine/review.py). One
decision is in the worker at a time, so the window stays smooth, a hint or a
computer's move can slip in between, and a Cancel loses at most one decision.

What is found is kept in a file of its own per game and depth
(storage.reviews_dir()/<key>.json, the key made from the game's set-up and
moves, so a record, a replay and a results screen of one game find the same
file). A review stopped half way goes on from there; a finished one opens
without any search.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import hashlib
import json

from . import storage
from .engine import ai
from .engine import review as engine_review
from .engine.core import IllegalMove
from .shelf import heuristics_for, parts_of, words_for

REVIEW_FORMAT = 2  # 2: every seat's chance and the better line with each decision
READ_FORMATS = (1, 2)  # a review kept before still opens (its chart shows the movers' own chances)
DEPTHS = tuple(engine_review.DEPTHS)  # quick, deep
SAVE_EVERY = 4  # decisions between writes of a review in progress (and always at the end or a stop)


def review_settings(game_id: str) -> dict:
    """The game's REVIEW (measure, thresholds, why) from its ai.py, or the defaults."""
    module = parts_of(game_id).module("ai")
    settings = {"measure": "chance to win", "thresholds": engine_review.DEFAULT_THRESHOLDS}
    settings.update(getattr(module, "REVIEW", {}) if module else {})
    return settings


def game_key(replay) -> str:
    """The same for every copy of one game (record, save, the match just ended)."""
    text = json.dumps([replay.spec.id, len(replay.seats), replay.seed, replay.options,
                       [str(m) for m in replay.moves]], sort_keys=True, ensure_ascii=False)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


def cache_path(replay, depth: str):
    return storage.reviews_dir() / f"{game_key(replay)}-{depth}.json"


def decision_seed(replay, ply: int, depth: str) -> int:
    """The search's seed for one decision: the same on a resume, so a review is the same however often stopped."""
    return (replay.seed * 1_000_003 + ply * 7_919 + DEPTHS.index(depth)) & 0xFFFFFFFF


def decision_request(state, played, level: str, seed: int, heuristics) -> dict:
    """What the worker is sent for the decision in `state`: the seat's own view (a
    sample of what it could not tell apart), never the state itself."""
    return {"sample": ai.seat_state(state, seed), "played": played, "level": level, "seed": seed,
            "heuristics": heuristics}


def _plain(value):
    """`value` as JSON gives it back (tuples as lists): a chance key kept in a review file."""
    return json.loads(json.dumps(value))


def play_line(spec, state, line: list) -> list:
    """The better line of a decision played on from `state` (the position of the decision):
    [(move, seat, state after it)] for each of its moves while it stays legal here (the search
    saw a sample of what the seat could not see: a move it found may not be open in the real
    game), each chance point on the way given the outcome the search expected (by its key),
    any other drawn from the state's own generator."""
    played = []
    for notation, keys in line:
        if state.is_over:
            break
        try:
            move = spec.parse_move(state, notation)
        except (IllegalMove, ValueError):
            break
        if state.check(move) is not None:
            break
        after = state.clone()
        expected = list(keys)

        def outcome(point, after=after, expected=expected):
            wanted = expected.pop(0) if expected else None
            for value, _p in (point.outcomes() or []) if wanted is not None else []:
                if _plain(point.key(value)) == _plain(wanted):
                    return value
            return point.sample(after.rng)
        after.chance_source = outcome
        try:
            after.apply(move)
        finally:
            del after.chance_source
        played.append((move, state.to_move, after))
        state = after
    return played


def told_apart(played_words: str, best_words: str, played: str, best: str) -> tuple[str, str]:
    """The played and the better move in words that differ: where a game says two moves
    alike (two ways of laying one marker), each gets its notation, as the log writes it."""
    if played_words != best_words or played == best:
        return played_words, best_words
    return f"{played_words} ({played})", f"{best_words} ({best})"


class GameReview:
    """The review of one finished game at one depth: the decisions, what was found so far."""

    iterations: int | None = None  # the search's budget per decision: the depth's level unless set (tests)

    def __init__(self, replay, depth: str = "quick", include_computers: bool = False):
        if depth not in DEPTHS:
            raise ValueError(f"unknown depth {depth!r}; one of {DEPTHS}")
        if not replay.finished:
            raise ValueError("only a finished game can be reviewed")
        self.replay = replay
        self.depth = depth
        self.level = engine_review.DEPTHS[depth]
        self.include_computers = include_computers
        self.settings = review_settings(replay.spec.id)
        self.choices: list[tuple[int, int]] | None = None  # (ply, seat) of every move with a choice
        self.results: dict[int, dict] = {}  # ply -> verdict, grade and words
        self.unsaved = 0
        self._load()
        if self.choices is None:
            self.choices = self._find_choices()

    # ---- what to review ----------------------------------------------------
    def _find_choices(self) -> list[tuple[int, int]]:
        state = self.replay.checkpoints[0].clone()
        found = []
        for ply, move in enumerate(self.replay.moves):
            if len(state.legal_moves()) > 1:
                found.append((ply, state.to_move))
            state.apply(move)
        return found

    def reviewed_seat(self, seat: int) -> bool:
        return self.include_computers or self.replay.seats[seat].kind != "computer"

    def seat_of(self, ply: int) -> int:
        return next(seat for p, seat in self.choices if p == ply)

    @property
    def plan(self) -> list[int]:
        """The plies to review, in order."""
        return [ply for ply, seat in self.choices if self.reviewed_seat(seat)]

    @property
    def remaining(self) -> list[int]:
        return [ply for ply in self.plan if ply not in self.results]

    @property
    def complete(self) -> bool:
        return not self.remaining

    def seats(self) -> list[int]:
        """The seats with decisions in this review."""
        return sorted({seat for ply, seat in self.choices if self.reviewed_seat(seat)})

    def request(self, ply: int) -> dict:
        state = self.replay.state_at(ply)
        request = decision_request(state, self.replay.moves[ply], self.level,
                                   decision_seed(self.replay, ply, self.depth), heuristics_for(self.replay.spec.id))
        return dict(request, iterations=self.iterations)

    # ---- what was found ----------------------------------------------------
    def add(self, ply: int, verdict: dict) -> dict:
        """Keep the worker's verdict on the decision at `ply`, graded and said in words."""
        state = self.replay.state_at(ply)
        words = words_for(self.replay.spec.id)
        played = self.replay.moves[ply]
        entry = dict(verdict, ply=ply, seat=state.to_move,
                     grade=engine_review.grade(verdict, self.settings["thresholds"]),
                     cost=engine_review.cost(verdict), played_words=words.choice(state, played),
                     best_words=verdict["best"])
        try:
            best = self.replay.spec.parse_move(state, verdict["best"])
            if state.check(best) is None:
                entry["best_words"] = words.choice(state, best)
        except (IllegalMove, ValueError):
            pass  # the search's sample had a move this position has not: its notation is said as it is
        self.results[ply] = entry
        self.unsaved += 1
        if self.unsaved >= SAVE_EVERY or self.complete:
            self.save()
        return entry

    def decisions(self, seat: int | None = None) -> list[dict]:
        """The decisions reviewed so far, in order (only `seat`'s when given)."""
        return [self.results[ply] for ply in self.plan if ply in self.results
                and (seat is None or self.results[ply]["seat"] == seat)]

    def marked(self, seat: int | None = None) -> list[dict]:
        return [d for d in self.decisions(seat) if d["grade"] != "good"]

    def summary(self, seat: int) -> dict:
        return engine_review.seat_summary(self.decisions(seat))

    def turning_points(self, seat: int | None = None) -> list[dict]:
        """The moments that turned the game: the mistakes and blunders."""
        return [d for d in self.decisions(seat) if d["grade"] in ("mistake", "blunder")]

    # ---- kept with the game -------------------------------------------------
    def to_json(self) -> dict:
        return {"format": REVIEW_FORMAT, "game": self.replay.spec.id, "key": game_key(self.replay),
                "depth": self.depth, "choices": [list(c) for c in self.choices],
                "results": [self.results[ply] for ply in sorted(self.results)]}

    def save(self) -> None:
        """Write what was found (a failed write is only logged: the review can be made again)."""
        try:
            storage.write_json_atomic(cache_path(self.replay, self.depth), self.to_json())
            self.unsaved = 0
        except OSError as exc:
            storage.log("saving a game review", exc)

    def _load(self) -> None:
        path = cache_path(self.replay, self.depth)
        if not path.exists():
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") not in READ_FORMATS or data.get("key") != game_key(self.replay):
                return
            length = len(self.replay.moves)
            choices = [(int(ply), int(seat)) for ply, seat in data["choices"]]
            if any(not 0 <= ply < length for ply, _seat in choices):
                return
            results = {int(entry["ply"]): entry for entry in data["results"]}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            storage.log(f"reading the game review {path}", exc)
            return  # made again: a review is only a cache
        self.choices = choices
        self.results = {ply: entry for ply, entry in results.items() if any(ply == c[0] for c in choices)}


class ReviewRunner:
    """Sends a review's decisions to the computer's worker one at a time and keeps
    the verdicts; poll() it from the window's loop. Cancel keeps what was found."""

    def __init__(self, review: GameReview, player=None):
        from .engine import remote

        self.review = review
        self.player = player or remote.shared_player()
        self.job = None
        self.ply: int | None = None  # the decision in the worker
        self.error: str | None = None
        self.running = False
        self.prefer: int | None = None  # a seat whose decisions go first (the one shown, in hidden games)

    def start(self) -> None:
        """Go on from where the review stands (nothing to do when it is complete)."""
        self.error = None
        self.running = not self.review.complete
        self._next()

    def _next(self) -> None:
        remaining = self.review.remaining
        if not remaining or not self.running:
            self.running = False
            self.job = self.ply = None
            return
        mine = [ply for ply in remaining if self.prefer is not None and self.review.seat_of(ply) == self.prefer]
        self.ply = (mine or remaining)[0]
        self.job = self.player.review(self.review.request(self.ply))

    def poll(self) -> bool:
        """Collect a finished decision and send the next; True when something changed."""
        job = self.job
        if job is None or not job.done:
            return False
        if job.error is not None or job.result is None:
            self.error = job.error if job.error != "cancelled" else None
            self.running = False
            self.job = self.ply = None
            self.review.save()
            return True
        self.review.add(self.ply, job.result)
        self._next()
        return True

    def cancel(self) -> None:
        if self.job is not None and not self.job.done:
            self.job.cancel()
        self.job = self.ply = None
        self.running = False
        self.review.save()

    @property
    def progress(self) -> float:
        """How much of the review is done, 0 to 1 (the decision in the worker counts in part)."""
        plan = self.review.plan
        if not plan:
            return 1.0
        done = len(plan) - len(self.review.remaining)
        partial = self.job.progress if self.job is not None and not self.job.done else 0.0
        return min(1.0, (done + partial) / len(plan))

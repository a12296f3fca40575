"""The shared event-to-move controller: one for all five games.

Every legal Move declares its click path (`move.targets`). The controller keeps
the targets clicked so far (the prefix); the legal moves whose path starts with
it are the candidates. A click that extends the prefix of at least one
candidate is accepted; when exactly one candidate's path is complete, that
move is played. A click that starts no legal move is refused with the rule
that forbids it (`State.explain_click`). Computer seats think in a worker
process (game.engine.remote) so the window never freezes; their moves come
back through `poll`.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from .. import shelf
from ..engine import ai, remote
from ..engine.core import IllegalMove
from ..engine.match import decision_seed


@dataclass
class ClickResult:
    kind: str  # "played" | "pending" (awaits confirm) | "extended" | "cancelled" | "refused" | "ignored"
    move: object = None
    reason: str = ""


@dataclass
class Thinking:
    seat: int
    ply: int  # len(history) when it started: a stale answer is dropped
    job: remote.Job
    started: float

    @property
    def progress(self) -> float:
        return self.job.progress


@dataclass
class Highlights:
    """What a scene needs to draw besides the state: what the mouse is on, what
    can be clicked next, the last moves, the computer thinking (not the computer's
    suggested move: that is a hint, ui/hint.py)."""

    next_targets: set = field(default_factory=set)  # clickable now (continue a legal move)
    selected: tuple = ()  # targets clicked so far
    hover: object = None  # target under the mouse
    hover_ok: bool = False  # hover continues a legal move
    # a person to move could not click the hover (framed red): not while the pointer rests where
    # it was when the board last changed (the piece just played under it is no wrong click), nor
    # while nobody may click (the computer's turn, a replay, a game over)
    hover_refused: bool = False
    last_moves: list = field(default_factory=list)  # moves since the seat to move last played
    thinking: bool = False
    progress: float = 0.0
    pending_to: str = ""  # a finished secret choice waits for Confirm before the screen goes to this person


class Controller:
    def __init__(self, match, *, ai_delay: float = 0.35):
        self.match = match
        self.words = shelf.words_for(match.spec.id)  # how this game's moves read
        self.heuristics = shelf.heuristics_for(match.spec.id)  # the computer player's help
        self.prefix: tuple = ()
        self.hover = None
        self.pointer_still = False  # the pointer rests where it was when the board last changed (set by the scene)
        self.message = ""  # the latest explanation or notice for the side panel
        self.thinking: Thinking | None = None
        self.ai_failures = 0
        self.ai_delay = ai_delay  # a computer move waits this long so people can follow
        self.on_played = None  # callback(move, seat, views_before, label) set by the scene
        # needs_confirm(move) -> who the screen goes to next, when a finished click
        # path must be confirmed first (a secret choice before a hand-off), else None
        self.needs_confirm = None
        self.pending = None  # a complete move waiting for that confirmation
        self.pending_to = ""
        self.named = lambda text: text  # puts the players' names into the rules' texts (set by the scene)
        # A guide (a lesson) may narrow the legal moves to the ones it asks for:
        # guide.allows(move) -> bool, and guide.why_not(rule_reason) -> the answer to
        # any other click (rule_reason: the rules' own reason when they forbid it, else "").
        self.guide = None
        self._cache_key = None
        self._cache_moves: list = []
        self.sound = "move"  # the sound of the last move played

    # ---- what can be clicked -----------------------------------------
    @property
    def state(self):
        return self.match.state

    def human_to_move(self) -> bool:
        return not self.state.is_over and not self.match.is_computer_turn()

    def _legal(self) -> list:
        key = (id(self.state), len(self.state.history))
        if key != self._cache_key:
            self._cache_key = key
            self._cache_moves = [] if self.state.is_over else self.state.legal_moves()
            if self.guide is not None:
                self._cache_moves = [m for m in self._cache_moves if self.guide.allows(m)]
        return self._cache_moves

    def set_guide(self, guide) -> None:
        """Narrow (or, with None, stop narrowing) the moves a click may make."""
        self.guide = guide
        self._cache_key = None

    def candidates(self, prefix: tuple | None = None) -> list:
        prefix = self.prefix if prefix is None else prefix
        n = len(prefix)
        return [m for m in self._legal() if tuple(m.targets[:n]) == prefix]

    def next_targets(self) -> set:
        if not self.human_to_move():
            return set()
        if self.pending is not None:  # choosing again starts a fresh path
            return {m.targets[0] for m in self._legal() if m.targets}
        n = len(self.prefix)
        return {m.targets[n] for m in self.candidates() if len(m.targets) > n}

    def highlights(self) -> Highlights:
        nxt = self.next_targets()
        return Highlights(
            next_targets=nxt,
            selected=self.prefix,
            hover=self.hover,
            hover_ok=self.hover in nxt,
            hover_refused=(self.hover is not None and self.hover not in nxt and not self.pointer_still
                           and self.human_to_move()),
            last_moves=self.last_moves(),
            thinking=self.thinking is not None,
            progress=self.thinking.progress if self.thinking else 0.0,
            pending_to=self.pending_to if self.pending is not None else "",
        )

    def last_moves(self) -> list:
        """The moves played since the seat now to move last moved (the others' turns)."""
        seats = self.match.movers
        history = self.state.history
        me = self.state.to_move
        if me is None:  # the game is over: its last turn, not every move since nobody's last one
            last = len(history)
            while last > 0 and seats[last - 1] == seats[-1]:
                last -= 1
            return list(history[last:])
        out = []
        for i in range(len(history) - 1, -1, -1):
            if seats[i] == me and out:
                break
            if seats[i] == me and not out:
                # my own move right before: show it alone (e.g. mid-turn steps)
                out.append(history[i])
                break
            out.append(history[i])
        return list(reversed(out))

    # ---- input --------------------------------------------------------
    def reset_input(self) -> None:
        """Forget the person in front of the screen: hover, half-made or unconfirmed move, message."""
        self.prefix = ()
        self.hover = None
        self.pending = None
        self.pending_to = ""
        self.message = ""

    def set_hover(self, target) -> bool:
        """Returns True when the hover target changed (the scene redraws)."""
        if target == self.hover:
            return False
        self.hover = target
        return True

    def click(self, target) -> ClickResult:
        if self.state.is_over:
            return ClickResult("ignored", reason="The game is over.")
        if not self.human_to_move():
            self.message = "Please wait: the computer is thinking."
            return ClickResult("refused", reason=self.message)
        if target is None:
            if self.prefix:
                return self.cancel()
            return ClickResult("ignored")
        if self.pending is not None:  # a new choice replaces the one waiting for confirmation
            self.pending = None
            self.prefix = ()
        path = self.prefix + (target,)
        matches = self.candidates(path)
        if not matches and self.prefix:
            # A click elsewhere while a move is half-made starts afresh from there;
            # a move waiting for its confirming click is dropped.
            fresh = self.candidates((target,))
            if fresh or self.confirming() is not None:
                self.prefix = ()
                path, matches = (target,), fresh
        if not matches:
            reason = self.explain(path)
            self.message = reason
            return ClickResult("refused", reason=reason)
        complete = [m for m in matches if len(m.targets) == len(path)]
        if complete and len(matches) == 1:
            receiver = self.needs_confirm(complete[0]) if self.needs_confirm else None
            if receiver:
                self.pending, self.pending_to, self.prefix = complete[0], receiver, path
                self.message = (f"Confirm your choice before the screen goes to {receiver} "
                                "(Enter), or choose again.")
                return ClickResult("pending", move=complete[0])
            return self.play(complete[0])
        self.prefix = path
        waiting = self.confirming()
        self.message = "" if waiting is None else self.named(
            f"{self.words.confirm(self.state, waiting)} — click again to confirm; right-click cancels.")
        return ClickResult("extended")

    def confirm(self) -> ClickResult:
        """Play the move that waited for its maker's confirmation."""
        move, self.pending = self.pending, None
        if move is None:
            return ClickResult("ignored")
        return self.play(move)

    def confirming(self):
        """The move waiting for its confirming click (see core.confirmed), or None."""
        n = len(self.prefix)
        moves = self.candidates() if n else []
        if len(moves) == 1 and len(moves[0].targets) == n + 1 and moves[0].targets[n] == self.prefix[-1]:
            return moves[0]
        return None

    def refusal(self, target) -> str:
        """Why a click on `target` would do nothing now (a disabled button says it)."""
        if self.state.is_over:
            return "The game is over."
        if not self.human_to_move():
            return "Please wait: the computer is thinking."
        return self.explain((target,))

    def explain(self, path: tuple) -> str:
        """Why the click path starts no legal move, with the players' names."""
        if self.guide is not None:
            n = len(path)
            ruled_out = self.state.is_over or not any(
                tuple(m.targets[:n]) == path for m in self.state.legal_moves())
            return self.named(self.guide.why_not(self.state.explain_click(path) if ruled_out else ""))
        return self.named(self.state.explain_click(path) or "Nothing can be done there now.")

    def cancel(self) -> ClickResult:
        had = bool(self.prefix)
        self.prefix = ()
        self.pending = None
        if had:
            self.message = "Move cancelled."
        return ClickResult("cancelled" if had else "ignored")

    def play(self, move) -> ClickResult:
        """Play a move for the seat in front of the screen (also buttons and tests)."""
        try:
            self._apply(move)
        except IllegalMove as exc:
            self.message = self.named(exc.reason)
            return ClickResult("refused", reason=self.message)
        self.message = ""
        return ClickResult("played", move=move)

    def _apply(self, move) -> None:
        before = [self.state.view(s) for s in range(self.state.players)] if self.on_played else None
        seat = self.state.to_move
        label = self.words.move(self.state, move)
        entry = self.state.log_entry(move)
        self.match.play(move)
        self.sound = self.words.sound(entry, self.state.notes(len(self.state.history)))  # the board plays it
        self.prefix = ()
        if self.on_played:
            self.on_played(move, seat, before, label)

    def undo(self) -> str:
        """Take back the last decision; "" when done, else why not."""
        return self._history_step(self.match.can_undo, self.match.undo, "Taken back")

    def redo(self) -> str:
        """Play again what undo took back; "" when done, else why not."""
        return self._history_step(self.match.can_redo, self.match.redo, "Played again")

    def _history_step(self, why_not, step, said: str) -> str:
        self.stop_thinking()
        reason = why_not()
        if reason:
            self.message = reason
            return reason
        before = self.state.clone()
        moved = step()
        self.prefix = ()
        self._cache_key = None
        # the moves' words, read from the state each was played in
        start = self.state if len(self.state.history) < len(before.history) else before
        labels = self.labels(moved, start)
        self.message = self.named(f"{said}: " + "; ".join(labels) + ".") if labels else ""
        return ""

    def labels(self, notations: list, start=None) -> list:
        """The log's words for moves played from `start` (the current state) on."""
        state, spec, out = (start or self.state).clone(), self.match.spec, []
        for text in notations:
            move = spec.parse_move(state, text)
            out.append(self.words.move(state, move))
            state.apply(move)
        return out

    def note_rows(self, state) -> list:
        """The log lines (seat, words) for what the rules did by themselves as `state` was reached."""
        return [(seat, self.named(text)) for seat, text in self.words.notes(state, len(state.history))]

    def log_of_record(self, start=None) -> list:
        """The move log of the match's record, played from `start` (default: its new game)."""
        match = self.match
        state = start if start is not None else match.spec.new_game(len(match.seats), match.seed, match.options)
        log = self.note_rows(state)
        for text in match.notations:
            move = match.spec.parse_move(state, text)
            log.append((state.to_move, self.named(self.words.move(state, move))))
            state.apply(move)
            log += self.note_rows(state)
        return log

    # ---- computer seats ----------------------------------------------
    def poll(self, now: float | None = None, ready: bool = True) -> object:
        """Start or collect a computer move. `ready` is False while an
        animation still plays, so moves are shown one at a time.
        Returns the move played, if any."""
        now = time.monotonic() if now is None else now
        if self.state.is_over or not self.match.is_computer_turn():
            self.stop_thinking()
            return None
        t = self.thinking
        if t is None:
            self._start_thinking(now)
            return None
        if not t.job.done or t.ply != len(self.state.history):
            return None
        if not ready or now - t.started < self.ai_delay:
            return None
        self.thinking = None
        if t.job.error is not None:
            # A worker that died (or a bug in a search) gets two more tries.
            print(t.job.error, file=sys.stderr)
            self.ai_failures += 1
            if self.ai_failures > 2:
                raise RuntimeError(f"The computer player failed: {t.job.error}")
            self.message = "The computer player hit a problem and is trying again."
            return None
        self.ai_failures = 0
        move = self.match.spec.parse_move(self.state, t.job.move)
        self._apply(move)
        self.message = ""  # a notice of the computer's turn (trying again, please wait) ends with its move
        if not self.state.is_over and self.match.is_computer_turn():
            self._start_thinking(now)  # the next computer seat thinks while this move is shown
        return move

    def _start_thinking(self, now: float) -> None:
        state = self.state
        seat = self.match.current_seat()
        seed = decision_seed(self.match.seed, len(state.history))
        job = remote.shared_player().think(ai.SearchRequest(ai.seat_state(state, seed), seat.level, seed,
                                                            self.heuristics, time_limit=ai.level_time_cap(seat.level)))
        self.thinking = Thinking(state.to_move, len(state.history), job, now)

    def stop_thinking(self) -> None:
        if self.thinking is not None:
            self.thinking.job.cancel()
            self.thinking = None

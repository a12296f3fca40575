"""A game played again move by move, from a record or a save.

The game is played through once when the replay opens: every move checked,
the move log's words made, and a copy of the state kept every
CHECKPOINT_EVERY moves. The state after any number of moves is then the
nearest checkpoint before it plus at most CHECKPOINT_EVERY - 1 moves, so a
jump to any move of a long game costs the same as one near the start.

Hidden information: a finished game may show everything (any seat's view);
a game still in progress shows only what every seat may see (public_view).

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

from .engine.core import IllegalMove
from .engine.match import Played, SaveError, check_save
from .shelf import GAMES, words_for

CHECKPOINT_EVERY = 32


class Replay:
    def __init__(self, save: dict, games=GAMES, title: str = ""):
        """SaveError (plain words) when `save` is not a game that can be played again."""
        self.spec, self.seats, self.seed, self.options, notations = check_save(save, games)
        self.title = title  # what the game is, for the screen ("Scurry — Ann vs Bob, 3 May")
        words = words_for(self.spec.id)
        try:
            state = self.spec.new_game(len(self.seats), self.seed, dict(self.options))
        except Exception:  # noqa: BLE001 - the rules refuse the set-up
            raise SaveError("The game cannot be set up again with its players and options.") from None
        self.checkpoints = [state.clone()]
        self.moves: list = []
        self.played: list[Played] = []
        # the move log: (moves played when the line is shown, seat or None, words with P1.. for players)
        self.log: list[tuple] = [(0, seat, text) for seat, text in words.notes(state, 0)]
        for n, text in enumerate(notations, 1):
            if state.is_over:
                raise SaveError(f"Move {n} ({text[:20]}) comes after the end of the game.")
            try:
                move = self.spec.parse_move(state, text)
                seat = state.to_move
                label = words.move(state, move)
                state.apply(move)
            except IllegalMove as exc:
                raise SaveError(f"Move {n} ({text[:20]}) cannot be played: {exc.reason}") from None
            except Exception:  # noqa: BLE001 - a damaged file must not crash the app
                raise SaveError(f"Move {n} ({text[:20]}) cannot be played: it is not a move of this game.") from None
            self.moves.append(move)
            self.played.append(Played(text, seat, None))
            self.log.append((n, seat, label))
            self.log += [(n, s, t) for s, t in words.notes(state, n)]
            if n % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(state.clone())
        self.final = state

    @classmethod
    def of_match(cls, match) -> "Replay":
        return cls(match.to_save(), {match.spec.id: match.spec})

    @property
    def length(self) -> int:
        """How many moves the game has."""
        return len(self.moves)

    @property
    def finished(self) -> bool:
        """A finished game: all its hidden information may be shown."""
        return self.final.is_over

    def state_at(self, ply: int):
        """A fresh state after the first `ply` moves."""
        ply = max(0, min(self.length, ply))
        if ply == self.length:
            return self.final.clone()
        base = ply // CHECKPOINT_EVERY
        state = self.checkpoints[base].clone()
        for move in self.moves[base * CHECKPOINT_EVERY:ply]:
            state.apply(move)
        return state


def public_view(state, seat: int) -> dict:
    """`seat`'s view with everything blanked that not every seat may see (what
    differs between the seats' views): the view of a game in progress."""
    views = [state.view(s) for s in range(state.players)]
    out = dict(views[seat])
    for name, value in out.items():
        if name != "seat" and any(other.get(name) != value for other in views):
            out[name] = type(value)() if isinstance(value, (list, dict, str, tuple)) else None
    return out

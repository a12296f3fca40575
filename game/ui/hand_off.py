"""Who sits in front of the screen, and the hand-off between two people.

When a game hides information and more than one person plays at this screen,
the board is covered between their turns ("Pass to Eva") and shows the next
seat's view only once that person says they are the one looking. A move that
ends a person's turn then waits for its maker to confirm it first.
"""
from __future__ import annotations

from ..engine.core import is_confirmed


class HandOff:
    def __init__(self, board):
        self.board = board  # its viewer (the seat shown) and confirmed_viewer (the seat that said so)

    def needed(self) -> bool:
        board = self.board
        if not board.mode.follows_turns:
            return False  # a replay or a lesson: one person looks at every seat
        humans = [s for s in board.match.seats if s.kind == "human"]
        return board.match.spec.hidden_information and len(humans) > 1

    def check(self) -> None:
        """The screen goes to the seat to move: at once, or behind the cover."""
        board = self.board
        if not board.mode.follows_turns:
            return
        seat = board.match.state.to_move
        if seat is None or board.match.seats[seat].kind != "human" or seat == board.confirmed_viewer:
            return
        if not self.needed():
            board.viewer = board.confirmed_viewer = seat
            return
        app = board.app
        if app.scene is not board:  # (the cover is up already, or a menu)
            return
        person = board.match.seats[seat]
        board.forget_input()  # nothing of the last person's stays under the cover

        def ready(seat=seat):
            board.viewer = board.confirmed_viewer = seat
            board.forget_input()
            if board.last_played is not None and board.last_played[1] != seat:
                board.animate_last_move()  # the others' last move, as this seat may see it
        app.show("hand_off", person.name, person.colour, ready)

    def next_person(self, move) -> str | None:
        """The name of the person the screen goes to after `move`, when that
        needs a hand-off: then the move waits for its maker to confirm it."""
        board = self.board
        if not self.needed() or is_confirmed(move.targets):
            return None  # a move confirmed by its second click is not asked again
        after = board.match.state.clone()
        after.apply(move)
        nxt = after.to_move
        if nxt is None or nxt == board.match.state.to_move or board.match.seats[nxt].kind != "human":
            return None
        return board.match.seats[nxt].name

"""Who sits in front of the screen, and the hand-off between two people.

When a game hides information and more than one person plays at this screen,
the board is covered between their turns ("Pass to Eva") and shows the next
seat's view only once that person says they are the one looking. A move that
ends a person's turn then waits for its maker to confirm it first.
"""
from __future__ import annotations

from ..engine.core import is_confirmed


def needs_cover(match) -> bool:
    """The game hides what a seat holds, and more than one person plays it here."""
    humans = [s for s in match.seats if s.kind == "human"]
    return match.spec.hidden_information and len(humans) > 1


class HandOff:
    def __init__(self, app, match, *, follows_turns: bool, looking, look_from, on_screen, forget_input,
                 show_last_move):
        """`follows_turns`: the screen goes to the seat to move (not in a replay or a lesson);
        `looking()`: the seat that said it is in front of the screen (None: nobody yet);
        `look_from(seat)`: the screen shows that seat's view, its person looking; `on_screen()`:
        the board is the screen on top; `forget_input()`: drop what the last person left on
        the board; `show_last_move(seat)`: the others' last move again, as that seat may see it."""
        self.app, self.match = app, match
        self.follows_turns = follows_turns
        self.looking, self.look_from, self.on_screen = looking, look_from, on_screen
        self.forget_input, self.show_last_move = forget_input, show_last_move

    def needed(self) -> bool:
        return self.follows_turns and needs_cover(self.match)  # a replay or a lesson: one person looks at every seat

    def check(self) -> None:
        """The screen goes to the seat to move: at once, or behind the cover."""
        if not self.follows_turns:
            return
        match = self.match
        seat = match.state.to_move
        if seat is None or match.seats[seat].kind != "human" or seat == self.looking():
            return
        if not self.needed():
            self.look_from(seat)
            return
        if not self.on_screen():  # (the cover is up already, or a menu)
            return
        person = match.seats[seat]
        self.forget_input()  # nothing of the last person's stays under the cover

        def ready(seat=seat):
            self.look_from(seat)
            self.forget_input()
            self.show_last_move(seat)
        self.app.show("hand_off", person.name, person.colour, ready)

    def next_person(self, move) -> str | None:
        """The name of the person the screen goes to after `move`, when that
        needs a hand-off: then the move waits for its maker to confirm it."""
        match = self.match
        if not self.needed() or is_confirmed(move.targets):
            return None  # a move confirmed by its second click is not asked again
        after = match.state.clone()
        after.apply(move)
        nxt = after.to_move
        if nxt is None or nxt == match.state.to_move or match.seats[nxt].kind != "human":
            return None
        return match.seats[nxt].name

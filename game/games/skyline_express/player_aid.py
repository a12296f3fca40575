"""Skyline Express's player aid: what the player to move may do in each phase (pure Python)."""
from __future__ import annotations

from ...engine.present import Aid, Choice, plural
from .rules import die_bonus

SERVICE = Choice("Take a service", "Cross out 5 service points to circle an open service (never two of the same "
                 "colours). It scores 2 for every pair of its two colours in your carriage.", ("service",))
SCORING = ("At the end: each task scores once per compartment that meets it; a VIP scores 1, plus 1 for every "
           "other passenger of its colour in its compartment; services score their pairs.")


def bonus(value: int) -> str:
    """What a die of `value` gives, in words (the rules' bands)."""
    service, dice, vip = die_bonus(value)
    if vip:
        return "its passenger is a VIP"
    return " and ".join(plural(n, word) for n, word in ((service, "service point"), (dice, "dice point")) if n)


PHASES = {
    "pick": Aid("Take a die", (
        Choice("Take a die", "One still in the tray: its colour is the passenger you seat, its value your bonus. "
               "1: two service points; 2, 3 or 4: a service point and a dice point; 5 or 6: a VIP.", ("take",)),
        SERVICE,
    ), SCORING),
    "place": Aid("Seat the passenger", (
        Choice("Seat the passenger", "In any empty seat of your carriage.", ("seat",)),
        Choice("Change the value", "Before seating: one dice point a step; 1 and 6 are five steps apart.",
               ("value",)),
        Choice("Change the colour", "Before seating: 3 dice points, once per passenger.", ("paint",)),
        SERVICE,
    ), SCORING),
    "tie": Aid("Solo: the automaton's die", (
        Choice("Give the automaton a die", "Its priorities left these dice tied: you choose the one it takes.",
               ("give",)),
    ), "The automaton scores as you do; beat its score to win."),
}


def aid(view: dict) -> Aid | None:
    """The aid for the phase `view` is in (None once the game is over); while a die
    waits to be seated, what its value gives now."""
    found = PHASES.get(view["phase"])
    if found is not None and view["phase"] == "place":
        first = found.choices[0]
        now = Choice(first.what, f"{first.how} The die shows {view['value']} now: {bonus(view['value'])}.",
                     first.kinds)
        found = found._replace(choices=(now,) + found.choices[1:])
    return found

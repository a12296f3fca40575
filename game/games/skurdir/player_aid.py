"""Skurðir's player aid: what the player to move may do in each phase (pure Python)."""
from __future__ import annotations

from ...engine.present import Aid, Choice

PAY = ("A run pays as it goes: 1 to the owner of the start station, 2 to the first canal's, 3 to the next "
       "station's, then 4, 5, …: 6, 15, 28, 45 or 66 in all for one to five canals.")

PHASES = {
    "stacks": Aid("Set-up: placing the stacks", (
        Choice("Place a stack", "Pick a stack still waiting and put it on an empty cell right beside (not "
               "diagonally) a stack already out; the first one goes in the centre.", ("stack",)),
    ), "Stacks score nothing yet: they shape where canals can run."),
    "first": Aid("Set-up: who plays first", (
        Choice("Choose the first player", "Seat 1 names who takes the first turn; colours are then chosen "
               "from that player on round the table.", ("first",)),
    )),
    "colours": Aid("Set-up: choosing colours", (
        Choice("Choose a colour", "Take a colour nobody has yet: its stations and canals pay you from now on, "
               "and its three canals and its spare station are yours to build.", ("colour",)),
    )),
    "build": Aid("Build: exactly one of these", (
        Choice("Build a canal", "Of your colour, or a neutral one from the pool: from a station to the next "
               "station in line along a row or column, across gaps. One canal between two stations.", ("canal",)),
        Choice("Build your spare station", "On an empty cell right beside a station; a canal across that cell "
               "now ends at it.", ("station",)),
        Choice("Remove a canal", "Only with all three of yours out, and not one whose wide-end station holds "
               "a passenger. It goes back to your hand.", ("remove",)),
        Choice("Sabotage", "Once a game: take away a canal not of your colour; it comes back after a turn.",
               ("sabotage",)),
        Choice("Pass", "Only with all three canals out and a passenger to transport this turn.", ("pass",)),
    ), "Building scores nothing by itself: your canals and stations pay when passengers travel over them."),
    "transport": Aid("Transport", (
        Choice("Transport a passenger", "A passenger on top of its stack travels along canals, wide end to "
               "narrow end, to the first station of its own colour. The passenger, its station or its first "
               "canal must be yours. You must if you can.", ("transport",)),
    ), PAY),
    "add": Aid("Add a passenger from the pool", (
        Choice("Add a pool passenger", "One of another colour than the passenger that just travelled, on any "
               "station whose stack holds no piece of that colour.", ("add",)),
    ), "It scores when it travels later: " + PAY[0].lower() + PAY[1:]),
}


def aid(view: dict) -> Aid | None:
    """The aid for the phase `view` is in (None once the game is over)."""
    return PHASES.get(view["phase"])

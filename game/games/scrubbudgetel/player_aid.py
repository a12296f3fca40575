"""Scrubbudgetel's player aid: what the player to move may do now (pure Python)."""
from __future__ import annotations

from ...engine.present import Aid, Choice, plural

STASH = ("Markers still in your stash at the end cost you: yours and neutral ones at face value, "
         "other players' at {} their value.")

LAY = (
    Choice("Lay a Trail marker", "At the end of a trail: your first marker picks the turn's trail, the rest go on "
           "it or beside it. Your colour first; another player's only when none of yours fits. It pays 2 to the "
           "player of its colour.", ("trail",)),
    Choice("Lay a Junction", "Beside any Trail marker of the trail, one a turn, never touching another Junction; "
           "a Trail marker must follow against it at once. It pays you 1.", ("junction",)),
    Choice("Lay an Obstacle", "Against a Trail marker, touching no Junction, Obstacle, Destination or Landing; the "
           "next player sits out a turn. It pays you 1.", ("obstacle",)),
    Choice("Lay a Destination", "Reached by the trail's end, touching no other Destination: it closes the trail "
           "and pays you 6. The Treasure Cave ends the game (once everyone has had a turn).", ("destination",)),
)
JUNCTION = (
    Choice("Start a trail from your Junction", "A Trail marker must go against the Junction you just laid: it "
           "starts a new trail, and pays 2 to the player of its colour.", ("trail",)),
)


def aid(view: dict) -> Aid | None:
    """The aid for what `view` asks of the player to move (None once the game is over)."""
    if view["outcome"] is not None or view["to_move"] is None:
        return None
    stash = STASH.format("double" if view["leftover"] == "double" else "face")
    if view["pending_junction"] is not None:
        return Aid("After a Junction", JUNCTION, stash)
    left = view["to_lay"] - len(view["laid_now"])
    return Aid(f"Rolled {view['roll']}: lay {plural(left, 'more marker')}", LAY, stash)

"""SkyRunner's player aid: what the player to move may do in each phase (pure Python).
Built from a seat's view: it names the viewer's own cards only, and only on their turn."""
from __future__ import annotations

from ...engine.present import Aid, Choice
from .rules import card_name

PHASES = {
    "choose": Aid("Everyone picks a card face down", (
        Choice("Bid a number", "The open card goes to the highest number nobody else played; equal numbers "
               "cancel. With a crash card up you must bid, and the lowest lone number falls.", ("play",)),
        Choice("Climb", "A climbing card moves you up as many squares as it shows. An equipment card is spent "
               "with it to pass a ledge or get onto the roof, and one per figure overtaken in your groove "
               "(a 4 or more).", ("play",)),
        Choice("Play your parasite", "If it is the only one, it takes every climbing card played this round.",
               ("play",)),
        Choice("Lost equipment or sabotage", "Against a player you pick: they lose an equipment card, or their "
               "figure drops 3 squares.", ("play",)),
    ), "The first figure on the roof wins."),
    "use": Aid("You won a lost equipment or sabotage", (
        Choice("Use it now", "Pick the player it is against.", ("use",)),
        Choice("Keep it", "It stays in your hand, to play later as your round's card.", ("keep",)),
    ), "The first figure on the roof wins."),
    "target": Aid("Your card acts", (
        Choice("Pick its target", "Your lost equipment or sabotage acts now: pick the player it is against.",
               ("aim",)),
    ), "The first figure on the roof wins."),
    "route": Aid("Your climb", (
        Choice("Pick where it ends", "The lit squares are the ways your climbing card can take you; pointing at "
               "one shows the way and the equipment it spends.", ("route",)),
    ), "The first figure on the roof wins."),
}


def aid(view: dict) -> Aid | None:
    """The aid for the phase `view` is in (None once the game is over); on the viewer's
    own turn to pick, what their hand holds."""
    found = PHASES.get(view["phase"])
    if found is not None and view["phase"] == "choose" and view["seat"] == view["to_move"]:
        cards = ", ".join(card_name(c) for c in view["hand"]) or "no action cards"
        found = found._replace(scoring=f"In your hand: {cards}. {found.scoring}")
    return found

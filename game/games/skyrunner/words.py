"""SkyRunner in words: the move log, the phase line and the confirm prompt (pure Python).

The rules state facts (rules.SkyRunnerState.log_entry and the notes of a round's record,
each [seat, verb, data]); this module says them. Players are written P1, P2, ...
(core.seat_ref) and the app puts their names in. A card put face down is never
named before its round is revealed.
"""
from __future__ import annotations

from ...engine.core import seat_ref
from ...engine.present import LogEntry, Words
from .rules import CRASHES, card_name

# a fact's words: {who} is its seat, {against} another seat, {card} and {cards} card names;
# in lower case where it starts with a common word: most are said mid-sentence, after "; "
SAY = {
    "face down": "{who} puts a card face down",
    "use": "{who} uses {card} on {against}",
    "keep": "{who} keeps the {card}",
    "wins": "{who} wins the {card} with {value}",
    "crash": "{card} hits {who} (lowest single bid {value})",
    "bids cancel": "all bids cancel: the {card} stays up",
    "parasite": "{who}'s parasite takes {cards}",
    "parasites cancel": "the parasites cancel each other out",
    "numbers back": "{who} takes back all number cards",
    "debt paid": "{who} must hand over the {card} that was owed",
    "loses equipment": "{who} loses an Equipment",
    "owes equipment": "{who} has no Equipment and owes the next one",
    "hands over": "{who} is on the ground and hands over {card}",
    "owes climb": "{who} is on the ground and owes the next climbing card",
    "falls": "{who} falls {fall}",
}


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class SkyRunnerWords(Words):
    plain_sound = "cards"  # every move plays or keeps a card

    def entry(self, entry: LogEntry) -> str:
        return capital(self.fact(entry))

    def fact(self, entry: LogEntry) -> str:
        """A fact's words as they read inside a sentence."""
        seat, verb, data = entry
        if verb == "round":
            return self.round(data)
        if verb == "acted":
            return self.notes_text(data["notes"])
        if verb == "climb":
            return self.climb(seat, data)
        fields = dict(data, who=seat_ref(seat) if seat is not None else "")
        if "card" in data:
            fields["card"] = card_name(data["card"])
        if "cards" in data:
            fields["cards"] = ", ".join(card_name(c) for c in data["cards"])
        if data.get("against", -1) >= 0:
            fields["against"] = seat_ref(data["against"])
        return SAY[verb].format(**fields)

    def climb(self, seat: int, data: dict) -> str:
        """"P1 climbs 3 of 4 (1 sideways, 1 equipment)": of the card's value when a figure
        or the top of a wall stopped it short."""
        rise, value, side, used = data["rise"], data["value"], data["side"], data["used"]
        if rise == 0 and not side:  # a figure or a ledge without equipment right above
            return f"{seat_ref(seat)} cannot climb: the Climb {value} finds no way up"
        text = f"{seat_ref(seat)} climbs {rise}" + ("" if rise == value - side else f" of {value}")
        extras = ([f"{side} sideways"] if side else []) + ([f"{used} equipment"] if used else [])
        return text + (" (" + ", ".join(extras) + ")" if extras else "")

    def notes_text(self, notes: list) -> str:
        """What a round's cards did, one sentence."""
        return capital("; ".join(self.fact(LogEntry(*note)) for note in notes)) + "." if notes else ""

    def round(self, data: dict) -> str:
        """One log line for a revealed round: who played what, who won, who moved."""
        plays = []
        for seat, card, against in data["plays"]:
            plays.append(f"{seat_ref(seat)} {card_name(card)}" + (f" on {seat_ref(against)}" if against >= 0 else ""))
        up = card_name(data["open"]) if data["open"] else "no card"
        line = f"Round {data['round']} ({up} up): " + ", ".join(plays) + "."
        notes = self.notes_text(data["notes"])
        return line + (" " + notes if notes else "")

    def phase(self, state) -> str:
        if state.outcome is not None:
            return state.outcome.reason
        if state.phase == "use":
            return f"{card_name(state.pending[1])} won: pick a player to use it on now, or keep it."
        if state.phase == "target":
            return f"Your {card_name(state.acting_card())} acts: pick the player it is against."
        if state.phase == "route":
            return f"Your {card_name(state.acting_card())} climbs: click a lit square to choose the way."
        if state.open in CRASHES:
            return "A crash card is up: play a number card face down."
        return "Choose a card to play face down."

    def step(self, state, chosen: tuple, moves: list) -> str | None:
        """A lost equipment or sabotage picked from the hand, when the player it hits is
        named with it (the option): who that is comes next."""
        if len(chosen) == 1 and chosen[0][0] == "card" and any(m.against >= 0 for m in moves):
            return f"Your {card_name(chosen[0][1])}: now click the player it goes against."
        return None

    def confirm(self, state, move) -> str:
        """A lost equipment or sabotage about to go against a player, told to its owner:
        the card is named even while it is still face down to the others."""
        if move.against >= 0:
            card = move.card if move.kind == "play" else state.pending[1] if move.kind == "use" else state.acting_card()
            return f"{seat_ref(state.to_move)} plays the {card_name(card)} against {seat_ref(move.against)}"
        return self.move(state, move)

    def choice(self, state, move) -> str:
        """The card itself, for the review: the round it resolved is another matter."""
        seat = state.to_move
        if getattr(move, "kind", "") == "play":
            against = f" against {seat_ref(move.against)}" if move.against >= 0 else ""
            return f"{seat_ref(seat)} plays the {card_name(move.card)}{against}"
        if move.kind == "route":  # what the climb did for the mover, not the rest of the round
            entry = state.log_entry(move)
            own = [note for note in entry.data.get("notes", []) if note[0] == seat]
            if entry.verb == "acted" and own:
                return self.notes_text(own)
        return self.confirm(state, move)


WORDS = SkyRunnerWords()

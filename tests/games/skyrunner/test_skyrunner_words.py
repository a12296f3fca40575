"""SkyRunner: how a round's facts read in the move log."""
from __future__ import annotations

from game.engine.present import LogEntry
from game.games.skyrunner.words import WORDS


def test_a_rounds_facts_read_as_one_sentence_with_one_capital():
    notes = [[0, "climb", {"rise": 5, "value": 5, "side": 0, "used": 0}],
             [None, "bids cancel", {"card": "E"}],
             [None, "parasites cancel", {}]]
    assert WORDS.notes_text(notes) == ("P1 climbs 5; all bids cancel: the Equipment stays up; "
                                       "the parasites cancel each other out.")
    # on its own a fact starts with a capital
    assert WORDS.notes_text(notes[1:]) == "All bids cancel: the Equipment stays up; the parasites cancel each other out."
    assert WORDS.entry(LogEntry(None, "parasites cancel", {})) == "The parasites cancel each other out"


def test_a_climb_that_gets_nowhere_says_so():
    stuck = LogEntry(1, "climb", {"rise": 0, "value": 4, "side": 0, "used": 0})
    assert WORDS.entry(stuck) == "P2 cannot climb: the Climb 4 finds no way up"
    short = LogEntry(1, "climb", {"rise": 2, "value": 4, "side": 1, "used": 1})
    assert WORDS.entry(short) == "P2 climbs 2 of 4 (1 sideways, 1 equipment)"


def test_a_sabotage_picked_from_the_hand_asks_for_its_victim_when_named_with_it():
    from game.games.skyrunner.rules import SPEC
    state = SPEC.new_game(3, 2, {"targets": "laid"})
    seat = state.to_move
    state.hand[seat] = list(state.hand[seat]) + ["S"]
    state._legal = None
    moves = [m for m in state.legal_moves() if m.targets[:1] == (("card", "S"),)]
    assert len(moves) == 2  # one per other player
    assert WORDS.step(state, (("card", "S"),), moves) == "Your Sabotage: now click the player it goes against."
    number = [m for m in state.legal_moves() if m.kind == "play" and m.against < 0][:1]
    assert WORDS.step(state, number[0].targets[:1], number) is None  # a card that hits nobody: nothing to add

"""Scrubbudgetel's facts read as sentences: the rules say who did what (seats,
markers, numbers) and words.py writes the log, the phase line and the Cave's prompt."""
from __future__ import annotations

from game.engine.core import seat_names
from game.engine.present import LogEntry
from game.games.scrubbudgetel.rules import SPEC
from game.games.scrubbudgetel.words import WORDS


def built_turn(stash, seat=0, turn=5):
    state = SPEC.new_game(2, 0)
    state.stashes[seat] = sorted(stash)
    state.turn_seat = state.to_move = seat
    state.roll = state.to_lay = len(stash)
    state.laid_now, state.followed, state.pending_junction = [], None, None
    state.turn = turn
    state._legal = None
    return state


def test_a_marker_laid_reads_who_laid_what_and_who_gains():
    state = built_turn(["TR", "TW", "CV"])
    red = SPEC.parse_move(state, "TR 0,0d+1,0u")
    assert state.log_entry(red) == LogEntry(0, "lay", {"marker": "TR", "value": 2, "credited": 1})
    assert WORDS.move(state, red) == "P1 lays the Red trail (+2 to P2)"
    assert WORDS.phase(state) == "P1 rolled 3: lay 3 more markers"
    # a hint names a move with the confirm words too: an ordinary lay does not end the game
    assert WORDS.confirm(state, red) == "P1 lays the Red trail (+2 to P2)"
    state.apply(SPEC.parse_move(state, "TW 0,0d+1,0u"))
    assert WORDS.phase(state) == "P1 rolled 3: lay 2 more markers"
    cave = next(m for m in state.legal_moves() if m.code == "CV")
    assert WORDS.confirm(state, cave) == "P1 lays the Treasure Cave (+6 to P1): that ends the game"
    state.apply(cave)
    assert "P1 finds the Treasure Cave!" in [WORDS.entry(e) for e in state.notes(len(state.history))]
    assert WORDS.phase(state) == state.outcome.reason and "P1" in state.outcome.reason


def test_the_set_up_reads_the_captain_and_the_first_draws():
    state = SPEC.new_game(3, 4, {"captain": 2})
    lines = [seat_names(text, ["Ann", "Bo", "Cy"]) for _seat, text in WORDS.notes(state, 0)]
    # named by the option (a lesson, a first game, or Play again): no claim about a last game
    assert lines[0] == "Cy is the Captain (named for this game, no roll)"
    assert [line.split()[0] for line in lines[1:4]] == ["Cy", "Bo", "Ann"]
    assert all(line.endswith("for the stash") for line in lines[1:4])
    assert any(": lay " in line for line in lines[4:])


def test_a_roll_above_the_stash_says_why_fewer_are_laid():
    assert WORDS.entry(LogEntry(0, "roll", {"roll": 4, "lay": 2})) == "P1 rolls 4: lay 2 (the whole stash)"
    assert WORDS.entry(LogEntry(0, "roll", {"roll": 2, "lay": 2})) == "P1 rolls 2: lay 2"


def test_a_marker_chosen_from_the_stash_says_where_it_may_go():
    state = built_turn(["TR", "TW", "CV"])
    white = [m for m in state.legal_moves() if m.code == "TW"]
    spots = len({m.triangles for m in white})
    assert spots > 1
    assert WORDS.step(state, (("stash", "TW"),), white) == \
        "P1: now click a lit place on the map for the White trail"
    assert WORDS.step(state, (("stash", "TW"),), white[:1]) == "P1: now click the lit place on the map for the White trail"
    state.apply(white[0])
    cave = next(m for m in state.legal_moves() if m.code == "CV")
    assert WORDS.step(state, cave.targets[:2], [cave]) is None  # the Cave's confirming click says its own words

"""Skyline Express: the rules state facts (log_entry), words.py says them."""
from __future__ import annotations

import json
import random

from game import shelf
from game.games.skyline_express.rules import B, G, R, SPEC, Y
from game.games.skyline_express.words import WORDS, automaton_summary, task_text


def solo(dice):
    state = SPEC.new_game(1, 5)
    state.dice = list(dice)
    return state


def say(state, text):
    """The log line for the move written `text`, then play it."""
    move = SPEC.parse_move(state, text)
    line = WORDS.move(state, move)
    state.apply(move)
    return line


def test_the_game_is_registered_with_its_words():
    assert shelf.words_for("skyline_express") is WORDS


def test_each_kind_of_move_reads_as_a_sentence_about_its_seat():
    state = SPEC.new_game(2, 3)
    state.dice = [4, 2, 6, 1]
    state.sheets[0].dice_earned = 10
    state.sheets[0].service_earned = 5
    assert WORDS.phase(state) == "Take a die from the tray"
    assert say(state, "d R") == "P1 takes the red die (4)"
    assert WORDS.phase(state) == "Seat a red passenger or change the die first"
    assert say(state, "v 5") == "P1 turns the die to 5"
    assert WORDS.phase(state) == "Seat a red passenger (VIP) or change the die first"
    assert say(state, "c B") == "P1 pays 3 dice points for a blue passenger"
    assert WORDS.confirm(state, SPEC.parse_move(state, "s RG1")) == "P1 takes the RG service"
    assert say(state, "s RG1") == "P1 takes the RG service"
    assert say(state, "p 2c") == "P1 seats a blue VIP passenger at 2c"
    assert say(state, "d Y").startswith("P2 takes the yellow die")


def test_solo_lines_tell_what_the_automaton_did_in_answer():
    state = solo((6, 6, 6, 2))
    state.sheets[1].dice_earned = 3
    entry = state.log_entry(SPEC.parse_move(state, "d R"))
    assert entry.seat == 0 and entry.verb == "take" and entry.data == {"die": R, "value": 6}
    say(state, "d R")
    entry = state.log_entry(SPEC.parse_move(state, "p 1a"))
    assert entry.data["automaton"] == []  # the automaton's priorities tie: the person settles it next
    json.dumps(entry.data)
    say(state, "p 1a")
    assert WORDS.phase(state) == "The automaton's priorities tie: choose its die"
    line = say(state, "a Y")
    assert line.startswith("P1 gives the automaton the yellow die (6); automaton: turned 6 into 5, yellow VIP at")


def test_the_automaton_summary_and_the_task_texts():
    assert automaton_summary([["die", G, 3], ["seat", 0, G, False], ["service", 1]]) == \
        "automaton: green at 1a, took the RG service"
    assert task_text(("across", G, B, 5)) == "5 points: two green on one bench facing two blue"
    assert task_text(("surround", Y, None, 5)) == "5 points: one yellow among three of one other colour"
    assert task_text(("window", None, None, 2)) == "2 points: both window seats the same colour"


def test_the_phase_line_at_the_end_is_the_outcome():
    rng = random.Random(1)
    state = SPEC.new_game(3, 1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    assert WORDS.phase(state) == WORDS.outcome(state) == state.outcome.reason


def test_rules_and_words_are_pure_python():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, game.games.skyline_express.rules, game.games.skyline_express.words; "
            "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[3],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stdout + done.stderr


def test_the_aid_while_seating_says_what_the_die_gives_at_each_value():
    from game.games.skyline_express.player_aid import aid

    said = {}
    for value in range(1, 7):
        state = SPEC.new_game(2, 1)
        state.dice = [value] * 4
        state._legal = None
        state.apply(SPEC.parse_move(state, "d R"))
        said[value] = aid(state.view(0)).choices[0].how.split("now: ")[1]
    assert said == {1: "2 service points.", 2: "1 service point and 1 dice point.",
                    3: "1 service point and 1 dice point.", 4: "1 service point and 1 dice point.",
                    5: "its passenger is a VIP.", 6: "its passenger is a VIP."}

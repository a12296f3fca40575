"""Match: seats, play, undo (own turn only, never past a barrier), save and load."""
from __future__ import annotations

import json
import random

import pytest

from game import storage
from game.engine import ai
from game.engine.core import IllegalMove
from game.engine.match import (
    REVEAL_BARRIER,
    RNG_BARRIER,
    SAVE_FORMAT,
    Match,
    SaveError,
    Seat,
)
from game.saves import load_match, save_match
from tests.toy_games import CARDS, NIM, TOY_GAMES, TTT, Take


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def people(n=2):
    return [Seat(name, i) for i, name in enumerate(["Eva", "Jon", "Ana"][:n])]


def vs_computer(level="easy"):
    return [Seat("Eva", 0), Seat("Computer", 1, "computer", level)]


def play(match, *notations):
    for text in notations:
        match.play(match.spec.parse_move(match.state, text))


def computer_turn(match):
    while match.is_computer_turn():
        match.play(ai.choose_move(ai.SearchRequest(match.state, match.current_seat().level, match.ai_seed())).move)


# ---- seats and playing ---------------------------------------------------
def test_a_move_is_checked_once_and_an_illegal_one_changes_nothing(monkeypatch):
    m = Match(TTT, people(), seed=1)
    checked = []
    check = type(m.state).check
    monkeypatch.setattr(type(m.state), "check", lambda state, move: checked.append(str(move)) or check(state, move))
    m.play(TTT.parse_move(m.state, "b2"))
    assert checked == ["b2"]
    before = snap(m.state)
    with pytest.raises(IllegalMove):
        m.play(TTT.parse_move(m.state, "b2"))  # taken
    assert snap(m.state) == before and m.notations == ["b2"]


def test_seats_and_turns():
    m = Match(NIM, vs_computer(), seed=1, options={"heaps": "2-2"})
    assert m.options == {"heaps": "2-2"}
    assert m.current_seat().name == "Eva" and not m.is_computer_turn()
    play(m, "t1", "e")
    assert m.current_seat().name == "Computer" and m.is_computer_turn()
    assert m.notations == ["t1", "e"] and m.movers == [0, 0]
    with pytest.raises(ValueError):
        Match(NIM, people(3), seed=1)
    with pytest.raises(ValueError):
        Match(NIM, people(), seed=1, options={"heaps": "9-9"})


def test_illegal_move_changes_nothing():
    m = Match(NIM, people(), seed=1)
    calls = []
    m.on_change = calls.append
    play(m, "t1")
    before = snap(m.state)
    with pytest.raises(IllegalMove) as err:
        m.play(Take(1))  # t2: another heap
    assert "one heap" in err.value.reason
    assert snap(m.state) == before and m.notations == ["t1"] and len(calls) == 1


def test_on_change_is_called_after_play_and_undo():
    m = Match(NIM, people(), seed=1)
    seen = []
    m.on_change = lambda match: seen.append(list(match.notations))
    play(m, "t3", "t3")
    m.undo()
    assert seen == [["t3"], ["t3", "t3"], ["t3"]]


# ---- undo ------------------------------------------------------------------
def test_undo_one_decision_at_a_time_within_the_turn():
    m = Match(NIM, people(), seed=1)  # heaps 1-2-3
    snaps = [snap(m.state)]
    for text in ("t3", "t3", "t3"):
        play(m, text)
        snaps.append(snap(m.state))
    assert m.can_undo() is None
    for expected in (3, 2, 1):
        assert m.undo() == ["t3"]
        assert snap(m.state) == snaps[expected - 1]
    assert m.can_undo() == "Nothing to undo."
    assert m.undo() == []


def test_undo_never_takes_back_another_persons_move():
    m = Match(NIM, people(), seed=1)
    play(m, "t3", "e")  # Eva's turn is over; Jon is to move
    reason = m.can_undo()
    assert reason and "Eva" in reason
    assert m.undo() == [] and m.notations == ["t3", "e"]
    play(m, "t2")
    assert m.undo() == ["t2"]
    assert m.can_undo() is not None


def test_undo_takes_back_the_computers_reply():
    m = Match(NIM, vs_computer(), seed=3, options={"heaps": "3-4-5"})
    play(m, "t1")
    mid_turn = snap(m.state)
    play(m, "e")
    computer_turn(m)
    reply = m.notations[2:]
    assert reply and m.current_seat().name == "Eva"
    assert m.undo() == ["e"] + reply
    assert snap(m.state) == mid_turn and m.current_seat().name == "Eva"
    assert m.undo() == ["t1"]
    assert m.can_undo() == "Nothing to undo."


def test_undo_while_the_computer_is_to_move_takes_back_the_last_human_move():
    m = Match(NIM, vs_computer(), seed=3)
    play(m, "t2", "e")
    assert m.is_computer_turn()
    assert m.undo() == ["e"]
    assert m.current_seat().name == "Eva"


def test_the_computers_opening_move_is_not_taken_back():
    seats = [Seat("Computer", 0, "computer", "easy"), Seat("Eva", 1)]
    m = Match(NIM, seats, seed=3)
    computer_turn(m)
    assert m.current_seat().name == "Eva"
    assert m.can_undo() == "Nothing to undo in this turn."


def test_undo_reaches_back_over_several_turns_against_the_computer():
    m = Match(TTT, vs_computer(), seed=2)
    start = snap(m.state)
    play(m, "b2")
    computer_turn(m)
    play(m, "a1" if m.state.board[0] < 0 else "c3")
    computer_turn(m)
    assert len(m.notations) == 4
    assert len(m.undo()) == 2 and len(m.undo()) == 2
    assert snap(m.state) == start


def test_undo_never_goes_back_past_a_die():
    m = Match(CARDS, people(), seed=5)
    hand = m.state.hands[0]
    play(m, f"p{hand[0]}")
    before_roll = snap(m.state)
    play(m, "r")  # uses the state's rng
    assert m.played[-1].barrier == RNG_BARRIER
    assert m.can_undo() == RNG_BARRIER == "A die was rolled or a card drawn: that cannot be taken back."
    assert m.undo() == []
    after_roll = snap(m.state)
    card = f"p{m.state.hands[0][0]}"
    play(m, card)
    assert m.can_undo() is None
    assert m.undo() == [card]
    assert snap(m.state) == after_roll and snap(m.state) != before_roll
    assert m.can_undo() == RNG_BARRIER


def test_undo_never_goes_back_past_revealed_cards():
    m = Match(CARDS, vs_computer(), seed=5)
    play(m, f"p{m.state.hands[0][0]}")
    assert m.can_undo() is None
    play(m, "e")  # draws a card: reveals() says so, the rng is not touched
    assert m.played[-1].barrier == REVEAL_BARRIER
    assert m.can_undo() == REVEAL_BARRIER
    computer_turn(m)
    assert m.current_seat().name == "Eva"
    assert m.can_undo() in (REVEAL_BARRIER, RNG_BARRIER)
    assert m.undo() == []


def test_undo_replays_to_the_same_state_in_a_long_game():
    rng = random.Random(7)
    m = Match(CARDS, people(3), seed=11, options={"turns": 6})
    snaps = []
    while not m.state.is_over:
        snaps.append(snap(m.state))
        m.play(rng.choice(m.state.legal_moves()))
        if m.can_undo() is None and rng.random() < 0.3:
            m.undo()
            assert snap(m.state) == snaps.pop()
    assert m.state.is_over


# ---- save and load -------------------------------------------------------------
def finished_or_midway(spec, players, seed, moves=None):
    rng = random.Random(seed)
    seats = [Seat(f"P{i}", i, "computer" if i else "human", "hard") for i in range(players)]
    m = Match(spec, seats, seed, spec.default_options())
    while not m.state.is_over and (moves is None or len(m.notations) < moves):
        m.play(rng.choice(m.state.legal_moves()))
    return m


@pytest.mark.parametrize("spec,players", [(TTT, 2), (NIM, 2), (CARDS, 2), (CARDS, 3)])
def test_save_and_load_round_trip(spec, players, tmp_path):
    for moves in (0, 5, None):
        m = finished_or_midway(spec, players, 4, moves)
        data = m.to_save()
        assert data["format"] == SAVE_FORMAT and data["game"] == spec.id
        assert data["players"] == players and data["moves"] == m.notations
        json.dumps(data)
        again = Match.from_save(json.loads(json.dumps(data)), TOY_GAMES)
        assert snap(again.state) == snap(m.state)
        assert again.seats == m.seats and again.options == m.options
        assert again.played == m.played  # movers and barriers recomputed the same
        path = tmp_path / "game.json"
        save_match(m, path)
        assert snap(load_match(path, TOY_GAMES).state) == snap(m.state)


def good_save():
    m = Match(CARDS, vs_computer(), seed=8)
    play(m, f"p{m.state.hands[0][0]}", "e")
    return m.to_save()


@pytest.mark.parametrize(
    "change,words",
    [
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.pop("format"), "format"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d.update(players=7), "players"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d["seats"].pop(), "seats"),
        (lambda d: d["seats"][1].update(kind="robot"), "kind"),
        (lambda d: d["seats"][1].update(level="godlike"), "level"),
        (lambda d: d["seats"][0].update(colour=None), "colour"),
        (lambda d: d.update(options={"turns": 99}), "options"),
        (lambda d: d.update(options={"colour": "red"}), "options"),
        (lambda d: d.update(moves="p1 e"), "moves"),
        (lambda d: d["moves"].append("zz"), "Move 3 (zz)"),
        (lambda d: d["moves"].insert(0, "e"), "Move 1 (e) cannot be played: Play a card or roll first."),
    ],
)
def test_from_save_refuses_a_bad_save(change, words):
    data = good_save()
    Match.from_save(data, TOY_GAMES)  # the good one loads
    change(data)
    with pytest.raises(SaveError) as err:
        Match.from_save(data, TOY_GAMES)
    assert words in str(err.value)


def test_from_save_refuses_moves_after_the_end():
    m = finished_or_midway(TTT, 2, 1)
    data = m.to_save()
    data["moves"].append("a1")
    with pytest.raises(SaveError, match="after the end"):
        Match.from_save(data, TOY_GAMES)


def test_from_save_refuses_what_is_not_a_save():
    for data in (None, [], "save", 3):
        with pytest.raises(SaveError):
            Match.from_save(data, TOY_GAMES)


def test_a_damaged_save_is_moved_aside(tmp_path):
    path = tmp_path / "saves" / "game.json"
    m = Match(NIM, people(), seed=1)
    play(m, "t1")
    save_match(m, path)
    data = json.loads(path.read_text())
    data["moves"] = ["t1", "t1"]  # heap 1 has one stone
    path.write_text(json.dumps(data))
    with pytest.raises(storage.DamagedFile) as err:
        load_match(path, TOY_GAMES)
    assert "game.json could not be read" in err.value.message and "Move 2 (t1)" in err.value.message
    assert not path.exists() and err.value.moved_to.exists()
    assert err.value.moved_to.name in err.value.message

    path.write_text("{ not json")
    with pytest.raises(storage.DamagedFile):
        load_match(path, TOY_GAMES)
    assert not path.exists()
    assert load_match(path, TOY_GAMES) is None


def test_a_save_the_rules_cannot_read_carries_its_cause_and_the_file_layer_logs_it(home, monkeypatch):
    """The engine writes no file, not even the log: a move the game cannot read
    is a SaveError in plain words with the technical detail chained; loading
    that save from a file (game.saves) sets it aside and logs the detail."""
    m = Match(NIM, people(), seed=1)
    play(m, "t1")
    path = home / "saves" / "game.json"
    save_match(m, path)

    def unreadable(state, text):  # a game whose notation reader fails on this text
        raise KeyError("no heap here")

    monkeypatch.setattr(NIM, "parse_move", unreadable)
    with pytest.raises(SaveError, match="Move 1 \\(t1\\) cannot be played: it is not a move of this game") as err:
        Match.from_save(m.to_save(), TOY_GAMES)
    assert isinstance(err.value.__cause__, KeyError)
    assert not storage.log_path().exists()

    with pytest.raises(storage.DamagedFile):
        load_match(path, TOY_GAMES)
    assert "KeyError: 'no heap here'" in storage.log_path().read_text(encoding="utf-8")

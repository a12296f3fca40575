"""Saves made before an option existed replay as they were played (GameSpec.save_defaults).

tests/old_saves.json holds games saved by the shelf before the Skurðir table, the
Skyline Express automaton's 6 and SkyRunner's route and attack targets became options (random moves, made with that version's
code). Their options lack the new keys; with today's defaults their moves would no
longer be legal (the Skurðir cells had other names, the automaton took other services).
"skyline_express-2-4" was played by the version whose two players took dice 1-2-1 by
default (random moves), with its options cut down to what a save from before the
options held; today one die each is the default, under which those moves are refused.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.match import Match, SaveError, Seat
from game.shelf import GAMES

SAVES = json.loads((Path(__file__).parent / "old_saves.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_replays_under_the_rules_it_was_played_with(name):
    data = SAVES[name]
    spec = GAMES[data["game"]]
    missing = set(spec.save_defaults) - set(data["options"])
    assert missing, "the save predates an option"
    match = Match.from_save(data, GAMES)
    assert match.notations == data["moves"]
    for key in missing:
        assert match.options[key] == spec.save_defaults[key]
    # without the old values the same moves are refused: the save_defaults are what saves it
    with pytest.raises(SaveError, match="cannot be played"):
        Match.from_save({**data, "options": {**spec.default_options(), **data["options"]}}, GAMES)


def test_a_new_game_gets_the_new_defaults_and_a_new_save_keeps_them():
    for gid, key, players in (("scurry", "long_games", 2), ("skurdir", "table", 2),
                              ("skyline_express", "automaton_six", 1), ("skyline_express", "two_player", 2)):
        spec = GAMES[gid]
        assert spec.default_options()[key] != spec.save_defaults[key]
        match = Match(spec, [Seat(f"P{i}", i) for i in range(players)], 1)
        data = match.to_save()
        assert data["options"][key] == spec.default_options()[key]
        assert Match.from_save(data, GAMES).options[key] == spec.default_options()[key]


def test_a_skyline_save_that_names_the_two_player_rule_keeps_it():
    # saves made since the option existed carry its key: they replay with what they name
    data = {**SAVES["skyline_express-2-4"]}
    data["options"] = {**data["options"], "two_player": "variant"}
    assert Match.from_save(data, GAMES).state.two_player == "variant"
    data["options"]["two_player"] = "standard"
    with pytest.raises(SaveError, match="cannot be played"):
        Match.from_save(data, GAMES)

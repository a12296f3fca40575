"""Saves made before an option existed replay as they were played (GameSpec.save_defaults).

tests/old_saves.json holds games saved by the shelf before the Skurðir table, the
Skyline Express automaton's 6 and SkyRunner's route and attack targets became options (random moves, made with that version's
code). Their options lack the new keys; with today's defaults their moves would no
longer be legal (the Skurðir cells had other names, the automaton took other services).
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
    assert not set(spec.save_defaults) & set(data["options"]), "the save predates the options"
    match = Match.from_save(data, GAMES)
    assert match.notations == data["moves"]
    for key, value in spec.save_defaults.items():
        assert match.options[key] == value
    # without the old values the same moves are refused: the save_defaults are what saves it
    with pytest.raises(SaveError, match="cannot be played"):
        Match.from_save({**data, "options": {**spec.default_options(), **data["options"]}}, GAMES)


def test_a_new_game_gets_the_new_defaults_and_a_new_save_keeps_them():
    for gid, key in (("scurry", "long_games"), ("skurdir", "table"), ("skyline_express", "automaton_six")):
        spec = GAMES[gid]
        assert spec.default_options()[key] != spec.save_defaults[key]
        match = Match(spec, [Seat(f"P{i}", i) for i in range(spec.min_players)], 1)
        data = match.to_save()
        assert data["options"][key] == spec.default_options()[key]
        assert Match.from_save(data, GAMES).options[key] == spec.default_options()[key]

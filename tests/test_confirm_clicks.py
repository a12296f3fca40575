"""Moves that spend something rare, or end the game, take a confirming second
click on their last target (core.confirmed); every other move does not."""
from __future__ import annotations

import random

import pytest

from game import shelf
from game.engine.core import is_confirmed

RARE = {
    "skurdir": lambda m: m.kind in ("sabotage", "station"),  # the one sabotage, the one spare station
    # lost equipment, sabotage: against a player when laid, when used, or when it acts after the reveal
    "skyrunner": lambda m: m.kind in ("use", "aim") or (m.kind == "play" and m.against >= 0),
    "scrubbudgetel": lambda m: m.code == "CV",  # the Treasure Cave ends the game
    "skyline_express": lambda m: m.kind == "service",  # a service: 5 service points, closed to the others
    "scurry": lambda m: False,
}


def confirms(move) -> bool:
    return is_confirmed(move.targets)


@pytest.mark.parametrize("game_id", sorted(shelf.GAMES))
def test_rare_moves_and_only_they_ask_for_a_second_click(game_id):
    spec = shelf.GAMES[game_id]
    rare = RARE[game_id]
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        players = max(spec.min_players, min(3, spec.max_players))
        state = spec.new_game(players, seed, spec.default_options())
        for _ in range(400):
            if state.is_over:
                break
            moves = state.legal_moves()
            for m in moves:
                assert confirms(m) == rare(m), (game_id, str(m), m.targets)
                seen += rare(m)
            state.apply(rng.choice(moves))
    assert seen or game_id == "scurry", f"no rare move came up in {game_id}"

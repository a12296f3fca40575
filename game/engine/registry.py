"""Only for the conformance kit outside this repository (../shared/conformance),
which reads game.engine.registry.GAMES: the shelf's games by id.

The engine never looks the games up: nothing in game/ imports this module
(tests/test_layers.py checks), and everything else asks game.shelf."""
from ..shelf import GAMES  # noqa: F401

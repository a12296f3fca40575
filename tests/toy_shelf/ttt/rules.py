"""The rules: tests/toy_games.py's tic-tac-toe, the engine contract in full."""
from toy_games import TicTacToeSpec

SPEC = TicTacToeSpec()

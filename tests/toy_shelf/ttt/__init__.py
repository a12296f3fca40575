"""Tic-tac-toe as a game on the shelf: the proof that a game needs nothing outside
its own folder. Its rules are tests/toy_games.py's; this folder adds the one other
part the app needs of a game, its board screen (board_screen.py). It has no
lesson, words, player aid, art or heuristics: each of those is optional."""

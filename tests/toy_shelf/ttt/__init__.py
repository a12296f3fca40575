"""Tic-tac-toe as a game on the shelf: the proof that a game needs nothing outside
its own folder. Its rules are tests/toy_games.py's; this folder adds what the
app asks of a game: a board screen (scene.py) and a lesson (lesson.json)."""

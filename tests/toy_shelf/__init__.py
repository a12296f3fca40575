"""Games that live only in the tests: each folder is a game as game/games/<id>/ is,
put on the shelf by a test with game.shelf.add("toy_shelf.<id>") (tests/test_toy_shelf.py)."""

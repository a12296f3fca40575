"""Scurry's pictures on the Rules screen: real positions (the lesson's, moves played as
legal moves) and what each shows, in our words. tests/test_rules_pictures.py checks
that each position shows what its caption says."""
from ...engine.present import Picture

BOARD = (330, 330)

PICTURES = (
    Picture("A turn",
            "The leadoff: Learner (Brown) put a tile on f5, grey side up. Now the brown squirrel has two grey "
            "tiles in sight (ringed), the new one among them.",
            {"lesson": 0, "moves": ["p f5"]}, show="next", area=BOARD),
    Picture("A turn",
            "Sight lines from f5: two grey tiles in view (ringed). The grey tile on f9 is not: the one on f7 "
            "stands in the way along that line.",
            {"lesson": 2}, show="next", area=BOARD),
    Picture("A turn",
            "The end of a turn: from f9 no grey tile is in sight, so the squirrel eats the tile it stands on "
            "and the turn is over.",
            {"lesson": 4, "moves": ["m f9"]}, show="last", area=BOARD),
    Picture("Winning",
            "At the end of Learner's turn every tile on the board is brown: Brown wins.",
            {"lesson": 5, "moves": ["p f5", "m f5", "m f7"]}, show="last", area=BOARD),
)

"""SkyRunner's pictures on the Rules screen: real positions (the lesson's, moves played
as legal moves) and what each shows, in our words. tests/test_rules_pictures.py checks
that each position shows what its caption says."""
from ...engine.present import Picture

TOWER = (760, 640)  # the board as it is laid out; a picture keeps the tower or the bids
WALLS = (0.01, 0.12, 0.49, 0.66)
BIDS = (0.52, 0.22, 0.47, 0.56)

PICTURES = (
    Picture("Number cards: bidding",
            "The others bid 3, 3, 4 and 4. Equal numbers cancel out, so Learner's 1 is the highest single "
            "number and takes the Climb 5.",
            {"lesson": 0, "moves": ["N1"]}, area=TOWER, cut=BIDS, viewer=4),
    Picture("Climbing",
            "With the Climb 5 Learner (blue star) went up five squares from the street, in the fifth groove "
            "of the lower wall.",
            {"lesson": 1, "moves": ["C5", "N8", "to 5 g5"]}, area=TOWER, cut=WALLS, viewer=4),
    Picture("Crash cards",
            "A Crash 2: the 6s cancel, the 7s cancel, and Learner's 8 is the lowest single number. Learner "
            "falls from square 5 to square 3.",
            {"lesson": 2, "moves": ["N8", "N7", "N7"]}, area=TOWER, cut=WALLS, viewer=4),
    Picture("Climbing",
            "Over the ledge: a Climb 3 with an equipment card takes Learner from square 11 to 14 on the "
            "middle wall, and the equipment card is spent.",
            {"lesson": 4, "moves": ["C3", "N1", "to 14 g1"]}, area=TOWER, cut=WALLS, viewer=4),
)

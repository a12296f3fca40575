"""SkyRunner's pictures on the Rules screen: real positions (the lesson's, moves played
as legal moves) and what each shows, in our words. tests/test_rules_pictures.py checks
that each position shows what its caption says."""
from ...engine.present import Picture

# A game of three (seed 2) played on until a climb passes a figure in its own groove.
OVERTAKE = ["N1", "N2", "N2", "N7", "N4", "C4", "to 4 g2", "N5", "N6", "N3", "N2", "N5", "C3", "to 3 g3", "N8", "C4",
            "P", "N8", "C4", "C3", "to 3 g2", "use p1", "C3", "N1", "N6", "C4", "N7", "N7", "N3", "C2", "N6", "N4",
            "N4", "N1", "N1", "N3", "N5", "N4", "N3", "C4", "to 11 g2"]
TOWER = (760, 640)  # the board as it is laid out; a picture keeps the tower or the bids
WALLS = (0.01, 0.12, 0.49, 0.66)
BIDS = (0.52, 0.0, 0.47, 0.78)  # with the box that lists the last round's bids

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
    Picture("Climbing",
            "Overtaking: Player 2 (blue) climbs 4 from square 7, past Player 1 on square 10 in the same groove, "
            "to square 11. Passing a figure costs an equipment card and needs a 4 or more.",
            {"seed": 2, "moves": OVERTAKE}, players=3, area=TOWER, cut=WALLS, viewer=1),
)

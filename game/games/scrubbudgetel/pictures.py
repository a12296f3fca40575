"""Scrubbudgetel's pictures on the Rules screen: real positions (the lesson's, moves
played as legal moves) and what each shows, in our words. tests/test_rules_pictures.py
checks that each position shows what its caption says."""
from ...engine.present import Picture

MAP = (480, 500)  # the map as the board lays it out (the players below it are cut off)
MIDDLE = (0.0, 0.0, 1.0, 0.66)

PICTURES = (
    Picture("A turn",
            "Learner (White) rolled a 4: four markers this turn. The first White Trail marker goes side to "
            "side against the Landing and pays White 2.",
            {"lesson": 0, "moves": ["TW 0,-2u+0,-2d"]}, show="last", area=MAP, cut=MIDDLE),
    Picture("The eighteen rules",
            "A Junction beside the trail, and at once a yellow Trail marker against it: a new trail starts "
            "there. The Junction paid 1, the yellow marker 2.",
            {"lesson": 2, "moves": ["JN -1,-2d", "TY -2,-2d+-1,-2u"]}, show="last", area=MAP, cut=MIDDLE),
    Picture("The eighteen rules",
            "A Cliff, an Obstacle, against a Trail marker and touching nothing else: it pays 1, and Ada sits "
            "out her next turn.",
            {"lesson": 3, "moves": ["KW 1,-2u+1,-2d"]}, show="last", area=MAP, cut=MIDDLE),
    Picture("The end",
            "The Treasure Cave closes a trail and pays 6, and the game ends at once: then every stash left "
            "is paid for.",
            {"lesson": 4, "moves": ["CV -1,2d+-1,3u+-1,3d+0,2u+0,2d+0,3u"]}, show="last", area=MAP, cut=MIDDLE),
)

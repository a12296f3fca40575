"""Skyline Express's pictures on the Rules screen: real positions (the lesson's, moves
played as legal moves) and what each shows, in our words. tests/test_rules_pictures.py
checks that each position shows what its caption says."""
from ...engine.present import Picture

SHEET = (900, 640)  # the whole sheet, legible; each picture keeps a part of it

PICTURES = (
    Picture("A round",
            "Learner took the yellow die, a 5, and seated a yellow passenger on 3a: a 5 makes it a VIP "
            "(gold ring). The line over the carriage says what the automaton did then, on its own sheet.",
            # the dice, what a value and a colour pay and the carriage, each whole: wider than two pictures
            {"lesson": 0, "moves": ["d Y", "p 3a"]}, players=1, area=(780, 560), cut=(0.075, 0.042, 0.85, 0.48),
            wide=True),
    Picture("End and scoring",
            "Four yellow VIPs share compartment 3: each scores 1, plus 1 for each of the other three: "
            "16 in all.",
            {"lesson": 2, "moves": ["d Y", "p 3d"]}, players=1, area=SHEET, cut=(0.24, 0.215, 0.367, 0.255)),
    Picture("The tasks",
            "Compartment 4 meets two circled tasks: one red among three greens (red, 5) and both corridor "
            "seats green (green, 2).",
            {"lesson": 5, "moves": ["d G", "p 4d"]}, players=1, area=SHEET, cut=(0.37, 0.215, 0.367, 0.255)),
    Picture("Extra actions",
            "The red-green service, bought with 5 service points: 4 reds and 6 greens in the carriage make "
            "4 pairs, 8 points.",
            {"lesson": 5, "moves": ["d G", "p 4d"]}, players=1, area=SHEET, cut=(0.58, 0.6, 0.367, 0.4)),
)

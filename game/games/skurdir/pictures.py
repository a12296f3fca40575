"""Skurðir's pictures on the Rules screen: real positions (the lesson's, moves played
as legal moves) and what each shows, in our words. tests/test_rules_pictures.py
checks that each position shows what its caption says."""
from ...engine.present import Picture
from .rules import parse_cell


def cells(*names: str) -> tuple:
    """Click targets of the cells named (on the open table the lesson plays on)."""
    return tuple(("cell", parse_cell(name)) for name in names)


# the grid the lesson's position fills, whole with its row numbers and column letters (a caption's
# "c5" is found on it), centred on its corner cells; the column of pieces beside it is left out
WHOLE_GRID = {"area": (680, 330), "height": 330, "show": "last"}

PICTURES = (
    Picture("Building: do exactly one of these",
            "Learner (Green) builds a canal from c5 to d5: it lies from its wide end at the station c5 "
            "to the next station along the row.",
            {"lesson": 0, "moves": ["c c5-d5 G"]}, **WHOLE_GRID, focus=cells("b3", "g7")),
    Picture("Building: do exactly one of these",
            "A spare station built on d3, under Ada's yellow canal: the canal now ends at d3 instead of g3.",
            {"lesson": 8, "moves": ["b d3"]}, **WHOLE_GRID, focus=cells("b2", "h6")),
    Picture("Transport",
            "The green passenger rode from c5 over two canals to f5, the first green station. The pieces "
            "it passed paid 1, 2, 3, 4 and 5: Ada 8, Learner 7, 15 in all.",
            {"lesson": 1, "moves": ["t c5-d5-f5"]}, **WHOLE_GRID, focus=cells("b3", "g7")),
    Picture("Transport",
            "Five canals in a row: the black passenger rode from a5 to f5 and the run handed out "
            "1 + 2 + … + 11 = 66 (the last 11 to nobody: no one plays black).",
            {"lesson": 7, "moves": ["t a5-b5-c5-d5-e5-f5"]}, **WHOLE_GRID, focus=cells("a3", "h7")),
)

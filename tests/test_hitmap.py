"""The hit map: what a click at a point means, and where a target was drawn."""
from __future__ import annotations

from game.ui.hitmap import HitMap


def test_the_shape_drawn_last_is_on_top():
    hits = HitMap()
    hits.rect(("cell", 1), (0, 0, 20, 20))
    hits.circle(("piece", 1), (10, 10), 4)
    assert hits.at((10, 10)) == ("piece", 1)
    assert hits.at((1, 1)) == ("cell", 1)
    assert hits.at((30, 30)) is None


def test_polygons_and_circles_are_hit_inside_only():
    hits = HitMap()
    hits.polygon(("tri", 1), [(20, 0), (30, 0), (25, 10)])
    hits.circle(("dot", 1), (100, 100), 5)
    assert hits.at((25, 3)) == ("tri", 1)
    assert hits.at((21, 9)) is None  # inside the box, outside the triangle
    assert hits.at((104, 104)) is None and hits.at((103, 103)) == ("dot", 1)


def test_rect_of_a_place_made_of_several_shapes_covers_them_all():
    hits = HitMap()
    hits.polygon(("place", 1), [(0, 0), (10, 0), (5, 10)])
    hits.polygon(("place", 1), [(10, 0), (5, 10), (15, 10)])
    assert hits.rect_of(("place", 1)).width >= 15


def test_two_alike_copies_far_apart_point_at_the_first_not_between():
    """Two identical cards in a hand share a target: the centre of the box around
    both would fall on whatever lies between them."""
    hits = HitMap()
    hits.rect(("card", "C3"), (0, 0, 20, 40))
    hits.rect(("card", "C4"), (20, 0, 20, 40))
    hits.rect(("card", "C3"), (40, 0, 20, 40))
    assert hits.at(hits.rect_of(("card", "C3")).center) == ("card", "C3")
    assert hits.at((50, 20)) == ("card", "C3")  # the second copy is still clicked


def test_a_second_place_that_also_clicks_a_target_is_left_out_of_its_rect():
    hits = HitMap()
    hits.rect(("seat", 0), (0, 0, 50, 20))
    hits.rect(("seat", 0), (300, 300, 10, 10), also=True)
    assert hits.rect_of(("seat", 0)) == (0, 0, 50, 20)
    assert hits.at((305, 305)) == ("seat", 0)

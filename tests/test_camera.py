"""The pan/zoom camera (game/ui/camera.py): converting, zooming about the mouse,
dragging with a slop, gliding and fitting."""
from __future__ import annotations

import math
import time

import pygame

from game.ui.camera import DRAG_SLOP, GLIDE_S, Camera

RECT = pygame.Rect(10, 20, 800, 500)


def test_screen_and_world_are_inverse_and_y_grows_upwards():
    cam = Camera(RECT, (3.0, -2.0), 40.0)
    assert cam.to_screen((3.0, -2.0)) == RECT.center
    x, y = cam.to_screen((4.0, -1.0))
    assert (x, y) == (RECT.centerx + 40, RECT.centery - 40)
    for p in [(0.0, 0.0), (7.25, -3.5), (-11.0, 9.0)]:
        assert math.dist(cam.to_world(cam.to_screen(p)), p) < 1e-9
    assert cam.to_local((3.0, -2.0)) == (RECT.w / 2, RECT.h / 2)


def test_zoom_at_keeps_the_point_under_the_mouse_and_respects_the_limits():
    cam = Camera(RECT, (0.0, 0.0), 40.0, min_zoom=10, max_zoom=100)
    mouse = (700, 100)
    under = cam.to_world(mouse)
    cam.zoom_at(mouse, 1.5)
    assert cam.zoom == 60 and math.dist(cam.to_world(mouse), under) < 1e-9
    cam.zoom_at(mouse, 10)
    assert cam.zoom == 100
    cam.zoom_at(mouse, 0.001)
    assert cam.zoom == 10


def test_a_short_press_is_a_click_a_longer_one_drags_the_picture():
    cam = Camera(RECT, (0.0, 0.0), 50.0)
    cam.press((400, 300))
    assert not cam.drag((400 + DRAG_SLOP, 300)) and cam.offset == (0.0, 0.0)
    assert not cam.release()
    cam.press((400, 300))
    assert cam.drag((500, 250)) and cam.moving
    # the plane point first under the mouse went with it
    assert math.dist(cam.to_screen(cam.to_world((500, 250))), (500, 250)) < 1e-9
    assert cam.offset == (-2.0, -1.0)
    assert cam.release() and cam.dragging is None


def test_the_offset_stays_within_its_limit():
    cam = Camera(RECT, (0.0, 0.0), 10.0, limit=(5, 3))
    cam.pan(-10_000, 10_000)  # the picture far left and down: we look right and up
    assert cam.offset == (5, 3)


def test_a_glide_eases_to_its_goal_and_a_click_can_finish_it():
    cam = Camera(RECT, (0.0, 0.0), 20.0)
    cam.glide_to((10.0, 4.0), 80.0)
    assert cam.gliding
    cam.advance()
    assert cam.offset[0] < 1.0 and cam.zoom < 25  # it has barely started
    cam.finish_glide()
    assert not cam.gliding and cam.offset == (10.0, 4.0) and cam.zoom == 80.0
    cam.glide_to((0.0, 0.0), 20.0)
    time.sleep(GLIDE_S + 0.05)
    cam.advance()
    assert not cam.gliding and cam.offset == (0.0, 0.0)


def test_fit_shows_every_point_with_its_margin():
    cam = Camera(RECT, (0.0, 0.0), 20.0)
    points = [(-30.0, 2.0), (12.0, -9.0), (4.0, 15.0)]
    cam.set(*cam.fit(points, margin=1.0, pad=(20, 60)))
    for p in points:
        assert RECT.collidepoint(cam.to_screen(p))
    offset, zoom = cam.fit(points, max_zoom=3.0)
    assert zoom == 3.0

"""A pan-and-zoom camera over a flat plane shown in a rect of the screen.

The plane has its own units (a board's grid, say) with y growing upwards; the
camera keeps which plane point sits at the rect's centre (`offset`) and how many
pixels one plane unit takes (`zoom`). A scene draws through `to_screen`, reads
the mouse through `to_world`, and hands the camera its drags, wheel turns and
"show me this" requests:

    camera = Camera(rect, zoom=40, min_zoom=8, max_zoom=120, limit=(20, 18))
    camera.zoom_at(mouse, 1.2)            # the point under the mouse stays put
    camera.press(pos); camera.drag(pos)   # a drag pans; a short one stays a click
    camera.glide_to(*camera.fit(points))  # smoothly show every point
    camera.advance()                      # each frame, while camera.gliding
"""
from __future__ import annotations

import math
import time

import pygame

from .draw import ease

GLIDE_S = 0.45  # how long a glide to a new view takes
DRAG_SLOP = 6  # pixels a press may move and still be a click, not a drag


class Camera:
    def __init__(self, rect, offset=(0.0, 0.0), zoom: float = 40.0, *, min_zoom: float = 1.0,
                 max_zoom: float = 200.0, limit=None):
        self.rect = pygame.Rect(rect)
        self.offset = (float(offset[0]), float(offset[1]))  # the plane point at the rect's centre
        self.zoom = float(zoom)  # pixels per plane unit
        self.min_zoom, self.max_zoom = min_zoom, max_zoom
        self.limit = limit  # (x, y): the offset stays within ±x, ±y; None for anywhere
        self.glide = None  # (start time, from offset, from zoom, to offset, to zoom)
        self.dragging = None  # (press position, offset then, moved past the slop?)

    # ---- converting -------------------------------------------------------------
    def to_screen(self, p) -> tuple[float, float]:
        """A plane point in screen pixels."""
        r = self.rect
        return (r.x + r.w / 2 + (p[0] - self.offset[0]) * self.zoom,
                r.y + r.h / 2 - (p[1] - self.offset[1]) * self.zoom)

    def to_world(self, pos) -> tuple[float, float]:
        """The plane point under a screen pixel."""
        r = self.rect
        return (self.offset[0] + (pos[0] - r.x - r.w / 2) / self.zoom,
                self.offset[1] - (pos[1] - r.y - r.h / 2) / self.zoom)

    def to_local(self, p) -> tuple[float, float]:
        """A plane point on a surface the size of the rect (its top-left at 0, 0)."""
        x, y = self.to_screen(p)
        return x - self.rect.x, y - self.rect.y

    def key(self) -> tuple:
        """Changes whenever what the camera shows changes (for caching drawings)."""
        return self.offset, self.zoom, self.rect.size

    # ---- moving -------------------------------------------------------------------
    def clamped(self, offset, zoom: float) -> tuple[tuple[float, float], float]:
        zoom = max(self.min_zoom, min(self.max_zoom, zoom))
        if self.limit is None:
            return (float(offset[0]), float(offset[1])), zoom
        lx, ly = self.limit
        return (max(-lx, min(lx, offset[0])), max(-ly, min(ly, offset[1]))), zoom

    def set(self, offset, zoom: float | None = None) -> None:
        """Look at `offset` with `zoom` (the present zoom if None), at once (a glide stops)."""
        self.glide = None
        self.offset, self.zoom = self.clamped(offset, self.zoom if zoom is None else zoom)

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels."""
        self.set((self.offset[0] - dx / self.zoom, self.offset[1] + dy / self.zoom))

    def zoom_at(self, pos, factor: float) -> None:
        """Zoom by `factor`, keeping the plane point under the pixel `pos` where it is."""
        self.finish_glide()
        before = self.to_world(pos)
        self.zoom = self.clamped(self.offset, self.zoom * factor)[1]
        after = self.to_world(pos)
        self.set((self.offset[0] + before[0] - after[0], self.offset[1] + before[1] - after[1]))

    def fit(self, points, margin: float = 1.0, max_zoom: float | None = None, pad=(0, 0)):
        """(offset, zoom) that show every plane point of `points` with `margin` plane
        units around them, leaving `pad` (w, h) pixels of the rect free; no closer
        than `max_zoom`."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        w = max(xs) - min(xs) + 2 * margin
        h = max(ys) - min(ys) + 2 * margin
        zoom = min((self.rect.w - pad[0]) / w, (self.rect.h - pad[1]) / h)
        if max_zoom is not None:
            zoom = min(max_zoom, zoom)
        return self.clamped(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), zoom)

    # ---- gliding --------------------------------------------------------------------
    @property
    def gliding(self) -> bool:
        return self.glide is not None

    def glide_to(self, offset, zoom: float) -> None:
        """Move smoothly to `offset` and `zoom` over GLIDE_S seconds (see `advance`)."""
        offset, zoom = self.clamped(offset, zoom)
        self.glide = (time.monotonic(), self.offset, self.zoom, offset, zoom)

    def advance(self) -> None:
        """Move the glide on to where it is now."""
        if self.glide is None:
            return
        t0, (x0, y0), z0, (x1, y1), z1 = self.glide
        t = (time.monotonic() - t0) / GLIDE_S
        if t >= 1:
            self.finish_glide()
            return
        e = ease(t)
        self.zoom = math.exp(math.log(z0) + (math.log(z1) - math.log(z0)) * e)  # even steps in scale
        self.offset = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)

    def finish_glide(self) -> None:
        """Jump to where the glide was going."""
        if self.glide is not None:
            *_start, self.offset, self.zoom = self.glide
            self.glide = None

    def stop(self) -> None:
        """Stop a glide where it is now."""
        self.glide = None

    # ---- dragging -------------------------------------------------------------------
    def press(self, pos) -> None:
        """The mouse went down at `pos`: a drag may start (the camera stops gliding)."""
        self.glide = None
        self.dragging = (pos, self.offset, False)

    def drag(self, pos) -> bool:
        """The mouse moved to `pos` with the button down; True once it is a drag
        (moved further than DRAG_SLOP): the camera then pans with it."""
        if self.dragging is None:
            return False
        start, offset, moving = self.dragging
        dx, dy = pos[0] - start[0], pos[1] - start[1]
        if not moving and math.hypot(dx, dy) <= DRAG_SLOP:
            return False
        self.dragging = (start, offset, True)
        self.set(offset)
        self.pan(dx, dy)
        return True

    @property
    def moving(self) -> bool:
        """A drag is panning the camera now."""
        return self.dragging is not None and self.dragging[2]

    def release(self) -> bool:
        """The mouse button came up: True if that ended a drag (not a click)."""
        moved = self.moving
        self.dragging = None
        return moved

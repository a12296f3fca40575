"""Scrubbudgetel's island as the camera sees it: sea, sand, grid and every marker
laid, painted onto a surface the size of the map. The markers already drawn are
kept on a layer for the same camera and game, so a move only adds its own.
"""
from __future__ import annotations

import math

import pygame

from ...ui import look
from . import icons
from .icons import (
    FOAM, GRID, SAND, SAND_DARK, SEA, SHALLOW, coast, draw_icon, draw_marker, grid_lines, icon_detail,
    marker_centre, marker_outline, table_corners,
)
from .geometry import RADIUS
from .rules import MARKERS


def premultiplied(big: pygame.Surface, size) -> pygame.Surface:
    """Shrink a supersampled drawing; blit the result with BLEND_PREMULTIPLIED."""
    return pygame.transform.smoothscale(big.premul_alpha(), (max(1, int(size[0])), max(1, int(size[1]))))


class IslandPainter:
    def __init__(self, camera, shape_of):
        self.camera = camera
        self.shape_of = shape_of  # marker colour -> the seat badge shape drawn on its trails (or None)
        self.state = None
        self._island_key = self._island = None  # the sea, sand and grid for one camera
        self._settled_key, self._settled_count, self._settled = None, 0, None  # and the markers laid on it
        self._icons: dict = {}
        self.coast = coast()
        self.grid = grid_lines()
        self.tufts = icons.scrub()

    def icon_image(self, code: str, r: int) -> pygame.Surface:
        key = (code, r)
        img = self._icons.get(key)
        if img is None:
            size = 2 * r + 4
            big = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
            draw_icon(big, code, (size, size), r * 2, icon_detail(r))
            img = premultiplied(big, (size, size))
            if len(self._icons) > 600:
                self._icons.clear()
            self._icons[key] = img
        return img

    def blit_icon(self, surface, code: str, centre, r: float) -> None:
        r = int(round(r))
        if r < 2:
            return
        img = self.icon_image(code, r)
        surface.blit(img, (round(centre[0]) - r - 2, round(centre[1]) - r - 2),
                     special_flags=pygame.BLEND_PREMULTIPLIED)

    def draw_marker_at(self, surface, code, tris, to_px, unit, *, anchor_tris=None, next_tris=(),
                       shadow=True) -> None:
        """One marker (icons.draw_marker) with the screen's kept icon images."""
        draw_marker(surface, code, tris, to_px, unit, anchor_tris=anchor_tris, next_tris=next_tris,
                    shape=self.shape_of(MARKERS[code].colour), shadow=shadow, icon=self.blit_icon)

    def render(self, state, hidden: set, recent: set) -> pygame.Surface:
        """The island with every marker of `state` on it but those `hidden` (still
        animating), and a light outline round the places in `recent`. Markers already
        on the map stay drawn on a kept layer for the same camera and game: a move adds
        its markers (and redraws the tiles they touch) instead of redrawing the whole map."""
        self.state = state
        key = self.camera.key()
        if key != self._island_key:
            self._island_key, self._island = key, self.render_island()
            self.forget_kept()
        ready = min(hidden, default=len(state.markers))  # markers before the first one still animating
        layer_key = (key, id(state))
        if self._settled_key != layer_key or self._settled_count > ready:
            self._settled_key, self._settled_count = layer_key, 0
            self._settled = look.copy(self._island)
        if self._settled_count == 0 and ready:
            self.lay_markers(self._settled, range(ready), hidden)
        elif self._settled_count < ready:
            self.add_markers(self._settled, list(range(self._settled_count, ready)), hidden)
        self._settled_count = ready
        surf = look.copy(self._settled)  # (with the words on its markers)
        extra = [i for i in range(ready, len(state.markers)) if i not in hidden]
        if extra:
            self.add_markers(surf, extra, hidden)
        self.draw_recent(surf, recent, hidden)
        return surf

    def forget_kept(self) -> None:
        """Draw every marker again next time (the kept layer is dropped)."""
        self._settled_key = None

    def render_island(self) -> pygame.Surface:
        m = self.camera.rect
        surf = pygame.Surface(m.size)
        s = self.camera.zoom
        P = self.camera.to_local

        surf.fill(SEA)
        self._draw_sea(surf, P, s)
        shore = [P(p) for p in self.coast]
        shallow = [P((x * 1.04 + (0.7 if x > 0 else -0.7), y * 1.04 + (0.7 if y > 0 else -0.7)))
                   for x, y in self.coast]
        pygame.draw.polygon(surf, SHALLOW, shallow)
        pygame.draw.polygon(surf, FOAM, shore)
        pygame.draw.polygon(surf, SAND, [P((x * 0.985, y * 0.985)) for x, y in self.coast])
        if s >= 14:
            view = pygame.Rect(-s, -s, m.w + 2 * s, m.h + 2 * s)
            tuft = (150, 160, 84)
            for x, y, size in self.tufts:
                px = P((x, y))
                if view.collidepoint(px):
                    icons.draw_tuft(surf, px, size * s * 0.18, tuft)
        grid = GRID if s >= 22 else icons.mix(GRID, SAND, 0.55 if s >= 14 else 0.75)
        for a, b in self.grid:
            pygame.draw.line(surf, grid, P(a), P(b), 1)
        pygame.draw.lines(surf, SAND_DARK, True, [P(p) for p in table_corners()], 2)
        return surf

    def lay_markers(self, surf, indices, hidden) -> None:
        """Draw the markers `indices` (in order: all shadows, then tiles, paths
        and icons), leaving out those off the map."""
        m = self.camera.rect
        s = self.camera.zoom
        P = self.camera.to_local
        state = self.state
        visible = pygame.Rect(-2 * s, -2 * s, m.w + 4 * s, m.h + 4 * s)
        shown = [i for i in indices if visible.collidepoint(P(marker_centre(state.markers[i].triangles)))]
        off = max(1.0, s * 0.05)
        for i in shown:
            pts = [P(p) for p in marker_outline(state.markers[i].triangles)]
            pygame.draw.polygon(surf, SAND_DARK, [(x + off, y + off * 1.4) for x, y in pts])
        nexts: dict[int, list] = {}
        for i, mk in enumerate(state.markers):
            if mk.against >= 0 and mk.family in ("trail", "junction") and i not in hidden:
                nexts.setdefault(mk.against, []).append(mk.triangles)
        for i in shown:
            mk = state.markers[i]
            anchor = state.markers[mk.against].triangles if mk.against >= 0 else None
            self.draw_marker_at(surf, mk.code, mk.triangles, P, s, anchor_tris=anchor, next_tris=nexts.get(i, ()),
                                shadow=False)

    def marker_box(self, i) -> pygame.Rect:
        """Where marker i's drawing can reach on the map: its outline, its shadow and anti-aliased edges."""
        pts = [self.camera.to_local(p) for p in marker_outline(self.state.markers[i].triangles)]
        xs, ys = [x for x, _y in pts], [y for _x, y in pts]
        margin = int(self.camera.zoom * 0.6) + 6
        return pygame.Rect(min(xs) - margin, min(ys) - margin, max(xs) - min(xs) + 2 * margin,
                           max(ys) - min(ys) + 2 * margin)

    def add_markers(self, surf, new, hidden) -> None:
        """Add markers `new` to a map that shows the others: where they go, the
        island is put back and every marker reaching there drawn again in order
        (clipped), so the pixels are exactly those of drawing the whole map."""
        region = self.marker_box(new[0]).unionall([self.marker_box(i) for i in new[1:]])
        surf.set_clip(region)
        surf.blit(self._island, region.topleft, region)
        last = max(new)
        involved = [i for i in range(last + 1)
                    if i not in hidden and (i in new or self.marker_box(i).colliderect(region))]
        self.lay_markers(surf, involved, hidden)
        surf.set_clip(None)

    def draw_recent(self, surf, recent, hidden) -> None:
        """A light outline round the places in `recent` (what the last turns laid)."""
        state = self.state
        for tris in recent:
            idx = state.cells.get(tris[0])
            if idx is None or idx in hidden:
                continue
            pts = [self.camera.to_local(p) for p in marker_outline(state.markers[idx].triangles)]
            pygame.draw.polygon(surf, (255, 244, 200), pts, max(2, int(self.camera.zoom * 0.06)))

    def _draw_sea(self, surf, P, s) -> None:
        """Little wave marks on the sea, fixed to the plane so that they pan with it."""
        if s < 9:
            return
        m = self.camera.rect
        x0, y1 = self.camera.to_world(m.topleft)
        x1, y0 = self.camera.to_world(m.bottomright)
        step = 2.6
        colour = (64, 132, 176)
        for gx in range(math.floor(x0 / step) - 1, math.ceil(x1 / step) + 1):
            for gy in range(math.floor(y0 / step) - 1, math.ceil(y1 / step) + 1):
                h = (gx * 73856093) ^ (gy * 19349663)
                jx = (h % 97) / 97 * step
                jy = ((h // 97) % 89) / 89 * step
                x, y = gx * step + jx, gy * step + jy
                if abs(x) < RADIUS * 0.8 and abs(y) < RADIUS * 0.7:
                    continue  # under the island
                px, py = P((x, y))
                w = s * 0.5
                pts = [(px + w * k / 4, py - math.sin(k / 4 * math.pi) * s * 0.12) for k in range(5)]
                pygame.draw.lines(surf, colour, False, pts, max(1, int(s * 0.06)))

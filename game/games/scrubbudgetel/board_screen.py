"""Scrubbudgetel's screen: the island map that grows marker by marker, seen
through a camera (ui/camera.py) that pans (drag), zooms (wheel) and follows the
trail being laid, and every player's stash face up along the bottom.

The map is drawn once per camera position and map (a cached surface); each
frame only adds what moves: the glowing places a chosen marker may go, the
preview under the mouse, the die and the stash tray. While drawing, the places
and the stash chips that can be clicked go into the hit map (self.hits); a
click anywhere else on the island names the sand triangle under it.
"""
from __future__ import annotations

import math
import random
import time

import pygame

from ...ui import look
from ...ui.board import Anim, BoardScene, pulse
from ...ui.camera import Camera
from ...ui.touch import at_least
from ...ui.draw import draw_die_face
from ...ui.scene import panel
from .icons import (
    PLAYER_RGB, TINT_RGB, draw_icon, draw_junction_mark, draw_tile, draw_trail_mark, icon_detail, marker_centre,
    marker_outline, medal_radius,
)
from .mapview import IslandPainter, premultiplied
from .geometry import RADIUS, hexagon, on_table, point_xy, tri_corners, tri_neighbours
from .rules import CAVE, COLOURS, MARKERS

SQRT3_2 = 0.8660254037844386
SIDE_COLOURS = PLAYER_RGB  # the sides' fixed colours (White, Red, Yellow, Blue)
FIT_MAX = 58.0  # pixels per side at most when fitting: a small map is not gigantic
ZOOM_MAX = 120.0
TUMBLE_S = 0.7
FAMILY_ORDER = {"trail": 0, "junction": 1, "destination": 2, "obstacle": 3, "landing": 4}
CHIP_SHAPES = {  # the marker drawn on a stash chip, in plane units
    "trail": ((0, 0, 0), (0, -1, 1)),
    "obstacle": ((0, 0, 0), (0, -1, 1)),
    "junction": ((0, 0, 0),),
    "destination": hexagon((0, 0)),
    "landing": hexagon((0, 0)),
}


def triangle_at(p) -> tuple:
    """The grid triangle containing the plane point `p`."""
    j = p[1] / SQRT3_2
    i = p[0] - j / 2
    fi, fj = math.floor(i), math.floor(j)
    return (fi, fj, 0) if (i - fi) + (j - fj) < 1 else (fi, fj, 1)


def clip_nearer(polygon, a, b) -> list:
    """The part of the convex `polygon` nearer the point `a` than the point `b`."""
    nx, ny = b[0] - a[0], b[1] - a[1]
    k = (b[0] ** 2 + b[1] ** 2 - a[0] ** 2 - a[1] ** 2) / 2
    side = [x * nx + y * ny - k for x, y in polygon]  # <= 0: nearer a
    out = []
    for i, p in enumerate(polygon):
        q, sp, sq = polygon[i - 1], side[i], side[i - 1]
        if (sp <= 0) != (sq <= 0):
            t = sq / (sq - sp)
            out.append((q[0] + (p[0] - q[0]) * t, q[1] + (p[1] - q[1]) * t))
        if sp <= 0:
            out.append(p)
    return out


def place_shapes(places) -> list:
    """(place, plane polygon) for clicking the places (triangle tuples) a marker may
    go: each place's outline, and above them, on every triangle, the part nearer
    each covering place's centre than the others' (places may overlap)."""
    centres = {tris: marker_centre(tris) for tris in places}
    covering: dict[tuple, list] = {}
    for tris in centres:
        for t in tris:
            covering.setdefault(t, []).append(tris)
    shapes = [(tris, marker_outline(tris)) for tris in centres]  # underneath: the whole place
    for t, owners in covering.items():
        corners = [point_xy(p) for p in tri_corners(t)]
        for tris in owners:
            piece = corners
            for other in owners:
                if other != tris:
                    piece = clip_nearer(piece, centres[tris], centres[other])
            if len(piece) >= 3:
                shapes.append((tris, piece))
    return shapes


class ScrubScene(BoardScene):
    GAME_KEYS = "F fits the whole map in view (every place then has its stop for the ring); + and − zoom."

    def colour_groups(self) -> list:
        # the players' trails by colour alone; the other markers each wear an icon of their own
        return super().colour_groups() + [("trails", dict(zip(COLOURS, PLAYER_RGB)), ""),
                                          ("markers", dict(TINT_RGB), "each marker's own icon")]

    def __init__(self, app, match, mode=None):
        lim = RADIUS + 3
        self.camera = Camera((0, 0, 10, 10), zoom=40.0, max_zoom=ZOOM_MAX, limit=(lim, lim * SQRT3_2))
        self.map_rect = pygame.Rect(0, 0, 10, 10)
        self.fitted_for = None
        self.zoomed_by_hand = False  # zoomed by the player: closer in, the camera follows only the newest markers
        self._map_key = self._map_surface = None
        self.painter = IslandPainter(self.camera, self.seat_shape)
        self._spots_key = self._spots = None
        self._shapes_key = self._shapes = None
        self._preview_key = self._preview = None
        self._chips: dict = {}
        self._dice: dict = {}
        self.sums_boxes: dict = {}  # seat -> where the tray wrote its score sums (hover explains them)
        self.die_turn = match.state.turn
        self.die_since = -10.0
        super().__init__(app, match, mode)

    # ---- layout ------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        m = self.map_rect
        wide, high = at_least(36, self.app.settings), at_least(32, self.app.settings)  # Large targets: a finger's
        x = m.right - 8 - at_least(44, self.app.settings)
        self.button((x, m.y + 8, m.right - 8 - x, high), "Fit", self.fit_view, tooltip="Show the whole map (F)")
        self.button((x - 4 - wide, m.y + 8, wide, high), "+", lambda: self.zoom_by_hand(m.center, 1.3),
                    tooltip="Zoom in (mouse wheel, or spread two fingers)")
        self.button((x - 8 - 2 * wide, m.y + 8, wide, high), "−", lambda: self.zoom_by_hand(m.center, 1 / 1.3),
                    tooltip="Zoom out (mouse wheel, or pinch two fingers)")

    def layout(self, rect: pygame.Rect) -> None:
        n = self.match.state.players
        self.row_big = 66 if rect.h >= 640 else 58
        self.row_small = 36  # a name and a line of sums at 12 px and more
        strip_h = 8 + self.row_big + (n - 1) * (self.row_small + 4) + 8
        self.strip_rect = pygame.Rect(rect.x, rect.bottom - strip_h, rect.w, strip_h)
        turn_w = 190 if rect.w >= 760 else 160
        self.turn_rect = pygame.Rect(rect.x, self.strip_rect.y, turn_w, strip_h)
        self.rows_rect = pygame.Rect(self.turn_rect.right + 8, self.strip_rect.y,
                                     rect.right - self.turn_rect.right - 8, strip_h)
        self.map_rect = m = pygame.Rect(rect.x, rect.y, rect.w, rect.h - strip_h - 8)
        self.camera.rect = m
        # the whole island fits at the smallest zoom
        self.camera.min_zoom = 0.8 * min(m.w / (2 * RADIUS + 5), m.h / (2 * RADIUS * SQRT3_2 + 5))
        if self.fitted_for != m.size:
            self.fitted_for = m.size
            self.zoomed_by_hand = False
            self.camera.stop()
            self.camera.set(*self.fit_target())
        self._map_key = self._spots_key = self._preview_key = None

    # ---- camera ------------------------------------------------------------------
    def fit_target(self):
        """Camera offset and zoom that show every marker, and a margin where the next go."""
        pts = [xy for m in self.match.state.markers for xy in marker_outline(m.triangles)]
        return self.camera.fit(pts, margin=1.6, max_zoom=FIT_MAX, pad=(20, 60))

    def fit_view(self) -> None:
        self.zoomed_by_hand = False  # the whole map again, and kept so as it grows
        self.camera.glide_to(*self.fit_target())

    def finish_animations(self) -> None:
        """A click ends the camera's glide too: the map is where it was going."""
        super().finish_animations()
        self.camera.finish_glide()

    def follow(self) -> None:
        """After a marker is laid, keep the played part of the map in view: the whole map (the
        camera glides to fit it once a marker nears the view's edge), unless the player zoomed
        in closer than that by hand: then the markers laid this turn."""
        markers = self.match.state.markers
        if len(markers) < 2:
            return
        camera = self.camera
        camera.finish_glide()
        m = self.map_rect
        whole, whole_zoom = self.fit_target()
        if not (self.zoomed_by_hand and camera.zoom > whole_zoom * 1.01):
            keep = m.inflate(-16, -16)
            if not all(keep.collidepoint(camera.to_screen(p)) for mk in markers for p in marker_outline(mk.triangles)):
                camera.glide_to(whole, whole_zoom)
            return
        view = self.view()

        def centre(mk):
            return marker_centre(tuple(tuple(t) for t in mk["triangles"]))

        pts = [centre(view["markers"][-1])]
        if view["followed_end"] is not None:
            pts.append(centre(view["markers"][view["followed_end"]]))
        inner = m.inflate(-int(m.w * 0.28), -int(m.h * 0.28))
        if all(inner.collidepoint(camera.to_screen(p)) for p in pts):
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        need_w = (max(xs) - min(xs) + 3) * camera.zoom
        need_h = (max(ys) - min(ys) + 3) * camera.zoom
        zoom = camera.zoom * min(1.0, inner.w / max(1, need_w), inner.h / max(1, need_h))
        camera.glide_to(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), zoom)

    def zoom_by_hand(self, pos, factor: float) -> None:
        self.zoomed_by_hand = True
        self.camera.zoom_at(pos, factor)

    # ---- input -----------------------------------------------------------------------
    def on_event(self, event) -> None:
        camera = self.camera
        if event.type == pygame.MOUSEMOTION:
            if camera.dragging is not None:
                buttons = getattr(event, "buttons", (1,))
                if buttons and not buttons[0]:
                    camera.release()  # released outside the window
                elif camera.drag(event.pos):
                    self.controller.set_hover(None)
                    return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.map_rect.collidepoint(event.pos):
            camera.press(event.pos)  # a press stops the camera where it is; it may start a drag
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and camera.dragging is not None:
            if camera.release():
                return  # a drag pans; it never plays
        elif event.type == pygame.MOUSEWHEEL:
            pos = self.mouse
            if self.map_rect.collidepoint(pos):
                step = getattr(event, "precise_y", event.y) or event.y
                self.zoom_by_hand(pos, 1.2 ** max(-3.0, min(3.0, step)))
            return
        elif event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_f:
                self.fit_view()
                return
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_by_hand(self.map_rect.center, 1.3)
                return
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_by_hand(self.map_rect.center, 1 / 1.3)
                return
        super().on_event(event)

    def takes_drag(self, pos) -> bool:
        return self.map_rect.collidepoint(pos) or super().takes_drag(pos)  # a drag pans the map

    def on_pinch(self, centre_before, centre_now, factor: float) -> None:
        """Two fingers on the map zoom it about their middle, and pan it as that moves."""
        if self.map_rect.collidepoint(centre_before):
            self.camera.zoom_at(centre_before, factor)
            self.camera.pan(centre_now[0] - centre_before[0], centre_now[1] - centre_before[1])
            self.controller.set_hover(None)

    def target_under(self, pos):
        """Nothing lights under the pointer while it pans the map."""
        return None if self.camera.moving else super().target_under(pos)

    def click_target(self, target) -> None:
        super().click_target(target)
        prefix = self.controller.prefix
        if len(prefix) == 1 and prefix[0][0] == "stash":
            self.show_places(prefix[0][1])

    def _played(self, move, seat, before, label) -> None:
        super()._played(move, seat, before, label)
        self.follow()

    # ---- targets --------------------------------------------------------------------
    def target_at(self, pos):
        """What was drawn clickable under `pos` (a stash chip, a place the chosen
        marker may go), else the island's triangle there: its refusal names the rule."""
        found = super().target_at(pos)
        if found is None and self.map_rect.collidepoint(pos):
            tri = triangle_at(self.camera.to_world(pos))
            found = ("tri", tri) if on_table(tri) else None
        return found

    def moves_of(self, code) -> list:
        """The moves laying the marker `code` that the clicks so far may still make."""
        return [mv for mv in self.controller.candidates() if getattr(mv, "code", None) == code]

    def add_place_hits(self, highlights) -> None:
        """Put the places the chosen marker may go (those seen on the map) into the hit map."""
        code = self.selected_code(highlights)
        if code is None:
            return
        key = (id(self.match.state), len(self.match.state.history), code)
        if key != self._shapes_key:
            places = [mv.triangles for mv in self.moves_of(code)]
            self._shapes_key, self._shapes = key, place_shapes(places)
        to_screen, seen = self.camera.to_screen, self.map_rect
        shown = {}
        for tris, polygon in self._shapes:
            if tris not in shown:
                shown[tris] = seen.collidepoint(to_screen(marker_centre(tris)))
            if shown[tris]:
                self.hits.polygon(("at", tris), [to_screen(p) for p in polygon], clip=seen)

    def outline_of(self, target) -> list | None:
        """Where a place on the map is, as a polygon on the screen (the game review draws a
        move there: a place is in the hit map only while its marker is chosen)."""
        if target[0] != "at":
            return None
        return [self.camera.to_screen(p) for p in marker_outline(target[1])]

    # ---- the stash tray: geometry -----------------------------------------------------
    @staticmethod
    def grouped(stash) -> list[tuple[str, int]]:
        counts: dict[str, int] = {}
        for code in stash:
            counts[code] = counts.get(code, 0) + 1
        order = sorted(counts, key=lambda c: (FAMILY_ORDER[MARKERS[c].family], c != "CV", c))
        return [(c, counts[c]) for c in order]

    def active_seat(self) -> int:
        state = self.match.state
        return state.to_move if state.to_move is not None else state.turn_seat

    def row_rects(self) -> list[pygame.Rect]:
        r = self.rows_rect
        y = r.y + 8
        out = []
        active = self.active_seat()
        for seat in range(self.match.state.players):
            h = self.row_big if seat == active else self.row_small
            out.append(pygame.Rect(r.x + 8, y, r.w - 16, h))
            y += h + 4
        return out

    def label_width(self) -> int:
        return 186 if self.rows_rect.w >= 600 else 150

    def chip_rects(self) -> dict:
        """(seat, code) -> the chip's rect in the tray."""
        state = self.match.state
        out = {}
        active = self.active_seat()
        lw = self.label_width()
        for seat, row in enumerate(self.row_rects()):
            groups = self.grouped(state.stashes[seat])
            x = row.x + lw
            # as wide as they may be, but never past the row's end: a stash of many kinds
            # (nine or ten in a long game) narrows them all
            step = (row.right - x - 4) / max(1, len(groups))
            if seat == active:
                step = min(64.0, step)  # a chip 58 wide and the gap
                gap = min(6, int(step * 0.15))
            else:
                step, gap = min(54.0, step), 4
            for k, (code, _n) in enumerate(groups):
                out[(seat, code)] = pygame.Rect(int(x + k * step), row.y + 2, max(8, int(step) - gap), row.h - 4)
        return out

    # ---- drawing: the map -------------------------------------------------------------
    def seat_shape(self, colour: int | None):
        """The seat badge shape shown on markers of a colour (None: nobody plays it)."""
        if colour is None or colour >= len(self.match.seats):
            return None
        return self.match.seats[colour].colour

    def map_key(self, highlights) -> tuple:
        return (self.camera.key(), self.match.revision, id(self.match.state),
                self.hidden_targets(), tuple(highlights.last_moves), self.match.state.is_over)

    def map_surface(self, highlights) -> pygame.Surface:
        key = self.map_key(highlights)
        if key != self._map_key:
            self._map_key = key
            hidden = {t[1] for t in self.hidden_targets() if t[0] == "marker"}
            recent = set() if self.match.state.is_over else {
                tuple(mv.triangles) for mv in highlights.last_moves if hasattr(mv, "triangles")}
            self._map_surface = self.painter.render(self.match.state, hidden, recent)
        return self._map_surface

    # ---- drawing: legal spots and the preview ---------------------------------------------
    def selected_code(self, highlights):
        if highlights.selected and highlights.selected[0][0] == "stash":
            return highlights.selected[0][1]
        return None

    def spots_surface(self, highlights):
        """The glow for every place the chosen marker may go: the sides where it would
        touch the marker it is laid against, and a faint outline of the place."""
        code = self.selected_code(highlights)
        if code is None:
            return None
        key = (self._map_key, code)
        if key == self._spots_key:
            return self._spots
        self._spots_key = key
        state = self.match.state
        moves = self.moves_of(code)
        m = self.map_rect
        layer = pygame.Surface(m.size, pygame.SRCALPHA)
        s = self.camera.zoom
        to_layer = self.camera.to_local

        tris_seen = set()
        for mv in moves:
            for t in mv.triangles:
                if t not in tris_seen:
                    tris_seen.add(t)
                    pygame.draw.polygon(layer, (255, 186, 60, 80), [to_layer(point_xy(p)) for p in tri_corners(t)])
        outline = max(1, int(s * 0.035))
        for mv in moves:
            pygame.draw.polygon(layer, (176, 76, 0, 190), [to_layer(p) for p in marker_outline(mv.triangles)], outline)
        width = max(3, int(s * 0.09))
        for mv in moves:
            for a, b in self.touching_sides(state, mv.triangles, mv.against):
                pa, pb = to_layer(a), to_layer(b)
                pygame.draw.line(layer, (242, 108, 0, 235), pa, pb, width + 8)
                pygame.draw.line(layer, (255, 255, 250, 255), pa, pb, width)
        self._spots = layer
        return layer

    @staticmethod
    def touching_sides(state, tris, anchor) -> list:
        """The sides (pairs of plane points) where `tris` would touch marker `anchor`."""
        out = []
        for t in tris:
            for n in tri_neighbours(t):
                if state.cells.get(n) == anchor and n not in tris:
                    common = [p for p in tri_corners(t) if p in tri_corners(n)]
                    out.append((point_xy(common[0]), point_xy(common[1])))
        return out

    def preview_surface(self, code: str, tris):
        key = (self._map_key, code, tris)
        if key == self._preview_key:
            return self._preview
        state = self.match.state
        move = next((mv for mv in self.controller.candidates() if getattr(mv, "triangles", None) == tris), None)
        anchor = state.markers[move.against].triangles if move is not None and move.against >= 0 else None
        pts = [self.camera.to_screen(p) for p in marker_outline(tris)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(int(min(xs)) - 4, int(min(ys)) - 4, int(max(xs) - min(xs)) + 9, int(max(ys) - min(ys)) + 9)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)

        def to_preview(p):
            x, y = self.camera.to_screen(p)
            return x - box.x, y - box.y

        self.painter.draw_marker_at(layer, code, tris, to_preview, self.camera.zoom, anchor_tris=anchor, shadow=False)
        layer.set_alpha(165)
        self._preview_key, self._preview = key, (layer, box)
        return self._preview

    # ---- drawing: the frame -------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.camera.advance()
        return super().update(dt)

    def busy(self) -> bool:
        return super().busy() or self.camera.gliding or self.tumbling()

    def tumbling(self) -> bool:
        return time.monotonic() - self.die_since < TUMBLE_S

    def show_places(self, code) -> None:
        """A marker was chosen: if some place it may go is out of view, show them
        all at once (zooming out if need be), so that each can be clicked."""
        places = [mv.triangles for mv in self.moves_of(code)]
        seen = self.map_rect.inflate(-60, -60)
        if all(seen.collidepoint(self.camera.to_screen(marker_centre(tris))) for tris in places):
            return
        pts = [p for tris in places for p in marker_outline(tris)]
        self.camera.set(*self.camera.fit(pts, margin=1.0, max_zoom=self.camera.zoom, pad=(40, 80)))

    def draw_board(self, surface, view: dict, highlights) -> None:
        self.camera.advance()
        m = self.map_rect
        if view["turn"] != self.die_turn:
            self.die_turn = view["turn"]
            self.die_since = time.monotonic()
        look.blit(surface, self.map_surface(highlights), m.topleft)
        clip = surface.get_clip()
        surface.set_clip(m)
        spots = self.spots_surface(highlights)
        if spots is not None:
            spots.set_alpha(int(165 + 90 * pulse()))
            surface.blit(spots, m.topleft)
        self.add_place_hits(highlights)
        self._draw_hover(surface, view, highlights)
        surface.set_clip(clip)
        pygame.draw.rect(surface, (24, 40, 52), m.inflate(4, 4), 3, border_radius=6)
        hint = "Drag to pan · wheel or two fingers to zoom · F fits the map"
        w = look.font(12).size(hint)[0] + 16
        pill = pygame.Surface((w, 22), pygame.SRCALPHA)
        pygame.draw.rect(pill, (20, 30, 40, 170), pill.get_rect(), border_radius=11)
        surface.blit(pill, (m.x + 8, m.bottom - 30))
        look.text(surface, hint, (m.x + 16, m.bottom - 27), 12, (220, 236, 244), shadow=False)
        self.draw_turn_box(surface, view)
        self.draw_tray(surface, view, highlights)
        self._draw_tooltip(surface, view, highlights)

    def _draw_hover(self, surface, view, highlights) -> None:
        hover = highlights.hover
        if hover is None or hover[0] not in ("at", "tri"):
            return
        code = self.selected_code(highlights)
        if hover[0] == "at" and highlights.hover_ok and code is not None:
            layer, box = self.preview_surface(code, hover[1])
            surface.blit(layer, box.topleft)
            pts = [self.camera.to_screen(p) for p in marker_outline(hover[1])]
            pygame.draw.polygon(surface, look.HIGHLIGHT, pts, 3)
        elif hover[0] == "tri" and code is not None and highlights.hover_refused:
            pts = [self.camera.to_screen(point_xy(p)) for p in tri_corners(hover[1])]
            pygame.draw.polygon(surface, look.BAD, pts, 2)

    def _draw_tooltip(self, surface, view, highlights) -> None:
        """The name of the marker under the mouse (on the map or in a stash)."""
        if self.camera.moving:
            return
        hover = highlights.hover
        text = None
        above = None  # a stash's chip or sums: the tooltip goes above them, not over their counts
        state = self.match.state
        pos = self.mouse
        if hover is not None and hover[0] == "tri" and self.selected_code(highlights) is None:
            idx = state.cells.get(hover[1])
            if idx is not None:
                mk = state.markers[idx]
                t = MARKERS[mk.code]
                text = t.name if mk.seat is None else f"{t.name}, laid by {self.seat_name(mk.seat)}"
        elif (seat := next((s for s, box in self.sums_boxes.items() if box.collidepoint(pos)), None)) is not None:
            haul, cost = view["haul"][seat], view["stash_costs"][seat]
            above = self.sums_boxes[seat]
            text = (f"If the game ended now: haul {haul} − {cost} for what is left in the stash = {haul - cost}"
                    if len(state.stashes[seat]) else f"Haul {haul}, nothing left in the stash")
        else:
            for (seat, code), rect in self.chip_rects().items():
                if rect.collidepoint(pos):
                    t = MARKERS[code]
                    owner = state.owner_of_colour(t.colour)
                    text = f"{t.name}: {t.value} doubloon{'s' if t.value != 1 else ''}"
                    if owner is not None and owner != seat and view["leftover"] == "double":
                        text += ", costs double if left over"
                    above = rect
                    break
        if not text:
            return
        img_w = look.font(13).size(text)[0] + 16
        box = pygame.Rect(pos[0] + 14, pos[1] + 18, img_w, 24)
        if above is not None:
            box.bottom = above.top - 4
        box.clamp_ip(pygame.Rect((0, 0), surface.get_size()))
        pygame.draw.rect(surface, (28, 22, 18), box, border_radius=5)
        pygame.draw.rect(surface, look.GOLD, box, 1, border_radius=5)
        look.text(surface, text, (box.x + 8, box.y + 4), 13, look.INK)

    def seat_name(self, seat: int) -> str:
        name = self.match.seats[seat].name
        return name if COLOURS[seat] in name else f"{name} ({COLOURS[seat]})"

    # ---- the die and the turn ---------------------------------------------------------------
    def die_image(self, face: int, size: int) -> pygame.Surface:
        """The die showing `face` (0: not rolled yet, greyed), drawn once per size."""
        key = (face, size)
        img = self._dice.get(key)
        if img is None:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            draw_die_face(img, img.get_rect().inflate(-4, -5).move(-1, -1), face, dim=not face)
            self._dice[key] = img
        return img

    def draw_die(self, surface, centre, size: int, face: int) -> None:
        """The die of the turn: it tumbles for a moment after each roll."""
        age = time.monotonic() - self.die_since
        img = self.die_image(face, size)
        if age < TUMBLE_S and face:
            shown = random.Random(int(age * 14) + 7 * self.die_turn).randint(1, 6)
            hop = math.sin(age / TUMBLE_S * math.pi) * 10
            img = pygame.transform.rotate(self.die_image(shown, size), (1 - age / TUMBLE_S) * 540)
            centre = (centre[0], centre[1] - hop)
        surface.blit(img, img.get_rect(center=centre))

    def draw_turn_box(self, surface, view) -> None:
        r = self.turn_rect
        panel(surface, r)
        x, y = r.x + 12, r.y + 10
        seat = view["turn_seat"]
        over = view["outcome"] is not None
        size = 46 if r.w >= 180 else 38
        self.draw_die(surface, (x + size // 2, y + size // 2 + 2), size, view["roll"])
        tx = x + size + 10
        room = r.right - tx - 6
        who = COLOURS[seat]
        look.text(surface, f"Turn {view['turn']}", (tx, y - 1), 12, look.MUTED)
        if over:
            look.text(surface, "Game over", (tx, y + 14), 16, look.GOLD, bold=True)
        else:
            line = f"{who} rolled {view['roll']}"
            fsize = next((f for f in (14, 13) if look.font(f, True).size(line)[0] <= room), look.SMALLEST_TEXT)
            # the die beside it shows the number: a narrow box may leave it out rather than cut a word
            look.text(surface, look.fit_words((line, f"{who} rolled", who), fsize, room, bold=True), (tx, y + 14),
                      fsize, look.INK, bold=True)
            left = view["to_lay"] - len(view["laid_now"])
            look.text(surface, f"lay {left} more", (tx, y + 33), 16, look.HIGHLIGHT, bold=True)
        y += size + 16
        notes = []  # each in its full words, and shorter ones for a small box
        if not over and view["pending_junction"] is not None:
            notes.append((("Now a Trail from the Junction", "Now a Trail from it"), look.WARN))
        if not over and view["miss_next"]:
            notes.append((("Obstacle: the next player misses a turn", "Next player misses a turn"), look.WARN))
        if not view["cave_allowed"] and not over:
            notes.append((("No Cave in the first round", "No Cave in round 1"), look.MUTED))
        self.draw_bag(surface, (x + 12, y + 10), 11)
        look.text(surface, f"Bag: {view['bag']} marker{'s' if view['bag'] != 1 else ''}", (x + 30, y + 2), 13,
                  look.INK)
        y += 22
        for wordings, colour in notes:
            room = (r.bottom - 4 - y + 1) // 15  # lines left in the box
            lines = next((lines for words in wordings if len(lines := look.wrap_text(words, 12, r.w - 24)) <= room),
                         None)
            if lines is None:
                return  # no room for the note in any words: the panel's status and the aid say it
            for line in lines:
                look.text(surface, line, (x, y), 12, colour)
                y += 15

    @staticmethod
    def draw_bag(surface, centre, r) -> None:
        cx, cy = centre
        body = pygame.Rect(0, 0, r * 2, r * 1.7)
        body.midbottom = (cx, cy + r)
        pygame.draw.ellipse(surface, (150, 104, 60), body)
        pygame.draw.polygon(surface, (150, 104, 60), [(cx - r * 0.5, body.y + 3), (cx + r * 0.5, body.y + 3),
                                                     (cx + r * 0.7, cy - r), (cx - r * 0.7, cy - r)])
        pygame.draw.line(surface, (70, 44, 24), (cx - r * 0.55, body.y + 2), (cx + r * 0.55, body.y + 2), 2)
        pygame.draw.ellipse(surface, (70, 44, 24), body, 1)

    # ---- the stash tray ----------------------------------------------------------------------
    def chip_image(self, code: str, w: int, h: int) -> pygame.Surface:
        """A marker as it lies in a stash: its shape, colour and icon, drawn once per size."""
        key = (code, w, h, self.seat_shape(MARKERS[code].colour))
        img = self._chips.get(key)
        if img is None:
            k = 2
            big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
            family = MARKERS[code].family
            tris = CHIP_SHAPES[family]
            pts = marker_outline(tris)
            cx, cy = marker_centre(tris)
            span_w = max(p[0] for p in pts) - min(p[0] for p in pts)
            span_h = max(p[1] for p in pts) - min(p[1] for p in pts)
            unit = min(w * k * 0.9 / span_w, h * k * 0.9 / span_h)

            def to_chip(p):
                return (w * k / 2 + (p[0] - cx) * unit, h * k / 2 - (p[1] - cy) * unit)

            draw_tile(big, code, [to_chip(p) for p in pts], unit, shadow=False)
            centre = to_chip((cx, cy))
            t = MARKERS[code]
            if family == "trail":
                draw_trail_mark(big, code, centre, unit * 0.16, self.seat_shape(t.colour))
            elif family == "junction":
                draw_junction_mark(big, [to_chip(p) for p in pts], unit)
            else:
                r = unit * medal_radius(family) * (1.15 if family == "obstacle" else 1.0)
                draw_icon(big, code, centre, r, icon_detail(r / k))
            img = premultiplied(big, (w, h))
            if len(self._chips) > 400:
                self._chips.clear()
            self._chips[key] = img
        return img

    def draw_tray(self, surface, view, highlights) -> None:
        panel(surface, self.rows_rect)
        state = self.match.state
        active = self.active_seat()
        playable = {mv.targets[0] for mv in self.controller.candidates(())} if self.controller.human_to_move() else set()
        selected = self.selected_code(highlights)
        chips = self.chip_rects()
        lw = self.label_width()
        for seat, row in enumerate(self.row_rects()):
            big = seat == active
            if big:
                pygame.draw.rect(surface, (66, 52, 38), row, border_radius=8)
                pygame.draw.rect(surface, look.GOLD, row, 1, border_radius=8)
            rgb = self.seat_rgb(seat)
            badge_y = row.y + (16 if big else row.h // 2)
            look.draw_seat_shape(surface, self.match.seats[seat].colour, (row.x + 14, badge_y), 8 if big else 7, rgb)
            # the row's badge has the colour: a narrow tray drops the colour's name before cutting the person's
            name = look.fit_words((self.seat_name(seat), self.match.seats[seat].name), 14 if big else 13, lw - 40,
                                  bold=big)
            haul, cost = view["haul"][seat], view["stash_costs"][seat]
            sums = f"haul {haul} − stash {cost} = {haul - cost}"
            if look.font(12).size(sums)[0] > lw - 32:
                sums = f"{haul} − {cost} = {haul - cost}"
            if big:
                look.text(surface, name, (row.x + 28, row.y + 6), 14, look.INK, bold=True)
                box = look.text(surface, sums, (row.x + 28, row.y + 27), 12, look.MUTED)
                # the stash's number above is what it costs, this line says of how many markers
                left = len(state.stashes[seat])
                count = f"{left} marker{'s' if left != 1 else ''} cost {cost}"
                box.union_ip(look.text(surface, count, (row.x + 28, row.y + 43), 12, look.MUTED))
            else:
                look.text(surface, name, (row.x + 28, row.y + 2), 13, look.INK)
                box = look.text(surface, look.fit_text(sums, 12, lw - 32), (row.x + 28, row.y + 18), 12, look.MUTED)
            self.sums_boxes[seat] = box
            if not state.stashes[seat]:
                look.text(surface, "empty stash", (row.x + lw, row.centery), 12, look.MUTED, anchor="midleft")
            for code, count in self.grouped(state.stashes[seat]):
                rect = chips[(seat, code)]
                target = ("stash", code)
                clickable = big and state.to_move == seat and target in playable
                if state.to_move == seat:
                    self.hits.rect(target, rect)  # a refused chip says why
                if big:
                    face = pygame.Rect(rect.x, rect.y, rect.w, rect.h)
                    if code == selected and state.to_move == seat:
                        pygame.draw.rect(surface, (120, 96, 50), face.inflate(4, 4), border_radius=8)
                        pygame.draw.rect(surface, (255, 255, 255), face.inflate(4, 4), 3, border_radius=8)
                    elif clickable:
                        hover = highlights.hover == target
                        pygame.draw.rect(surface, (86, 70, 46), face, border_radius=7)
                        pygame.draw.rect(surface, look.HIGHLIGHT if hover else look.GOLD, face, 3 if hover else 1,
                                         border_radius=7)
                    ih = rect.h - 16
                    img = self.chip_image(code, rect.w - 8, ih)
                    surface.blit(img, (rect.x + 4, rect.y + 2), special_flags=pygame.BLEND_PREMULTIPLIED)
                    if state.to_move == seat and not clickable and code != selected:
                        surface.blit(look.tint(rect.size, (30, 24, 20, 105)), rect.topleft)
                    look.text(surface, f"×{count}", (rect.centerx, rect.bottom - 1), 12,
                              look.INK if count > 1 else look.MUTED, bold=count > 1, anchor="midbottom")
                else:
                    size = min(rect.h, rect.w)
                    img = self.chip_image(code, size, size)
                    surface.blit(img, (rect.x, rect.y + (rect.h - size) // 2), special_flags=pygame.BLEND_PREMULTIPLIED)
                    label = f"×{count}"
                    ink = look.INK if count > 1 else look.MUTED
                    label_w, label_h = look.font(12).size(label)
                    if label_w <= rect.w - size - 1:
                        look.text(surface, label, (rect.x + size + 1, rect.centery + 1), 12, ink, anchor="midleft")
                    else:  # no room beside the chip: the count on its corner
                        badge = pygame.Rect(rect.right - label_w - 2, rect.bottom - label_h, label_w + 2, label_h)
                        pygame.draw.rect(surface, (28, 22, 18), badge, border_radius=3)
                        look.text(surface, label, (badge.x + 1, badge.y), 12, ink, shadow=False)

    # ---- animations and scores ---------------------------------------------------------------------
    def animations_for(self, move, seat, before, after) -> list[Anim]:
        index = len(before["markers"])
        if index >= len(after["markers"]):
            return []
        code, tris = move.code, move.triangles
        scale0 = self.camera.zoom
        pts = [self.camera.to_screen(p) for p in marker_outline(tris)]
        c0 = self.camera.to_screen(marker_centre(tris))
        half = int(max(max(abs(x - c0[0]), abs(y - c0[1])) for x, y in pts)) + 4
        layer = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        state = self.match.state
        anchor = state.markers[state.markers[index].against].triangles if state.markers[index].against >= 0 else None

        def to_sprite(p):
            x, y = self.camera.to_screen(p)
            return x - c0[0] + half, y - c0[1] + half

        self.painter.draw_marker_at(layer, code, tris, to_sprite, scale0, anchor_tris=anchor, shadow=False)

        def paint(surface, t):
            k = self.camera.zoom / scale0 * (1.35 - 0.35 * t)
            size = max(2, int(2 * half * k))
            img = pygame.transform.smoothscale(layer, (size, size))
            img.set_alpha(int(70 + 185 * t))
            cx, cy = self.camera.to_screen(marker_centre(tris))
            clip = surface.get_clip()
            surface.set_clip(self.map_rect)
            surface.blit(img, img.get_rect(center=(cx, cy - 36 * (1 - t))))
            surface.set_clip(clip)

        return [Anim(0.35, paint, hides=frozenset({("marker", index)}))]

    def score_note(self) -> tuple[str, ...]:
        """The scores are what each player would have if the game ended now; a big one may
        still carry a costly stash, and the Cave's holder may end the game when it suits them."""
        state = self.match.state
        if state.is_over:
            return ()
        costs = ", ".join(f"{COLOURS[seat]} {state.stash_cost(seat)}" for seat in range(state.players))
        holder = next((seat for seat, stash in enumerate(state.stashes) if CAVE in stash), None)
        cave = ((f"{COLOURS[holder]} holds the Treasure Cave.", f"Cave: {COLOURS[holder]}.") if holder is not None
                else ("The Treasure Cave is still in the bag.", "Cave: in the bag."))
        return (f"Left in the stashes, to pay at the end: {costs}. {cave[0]}",
                f"Stashes still cost {costs}. {cave[0]}", f"Stashes cost {costs}. {cave[1]}")

    def score_breakdown(self, seat: int) -> str:
        state = self.match.state
        left = len(state.stashes[seat])
        return (f"haul {state.haul[seat]} − stash {state.stash_cost(seat)} "
                f"({left} marker{'s' if left != 1 else ''} left over)")


SCENE = ScrubScene

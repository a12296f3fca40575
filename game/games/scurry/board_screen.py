"""Scurry's board: acorn tiles and squirrels on the vertices of a tri-hexagon."""
from __future__ import annotations

import math

import pygame

from ...engine.present import plural
from ...ui import look
from ...ui.board import Anim, BoardScene
from .geometry import board_geometry
from .rules import SIDE_NAMES

SQRT3 = math.sqrt(3)
TILE_SPRITES = ("scurry_tile_brown.png", "scurry_tile_grey.png")
SQUIRREL_SPRITES = ("scurry_squirrel_brown.png", "scurry_squirrel_grey.png")
SIDE_COLOURS = ((150, 92, 48), (168, 172, 178))  # the sides' fixed colours: the tiles' brown and grey faces
PATH_COLOURS = ((255, 196, 120), (215, 225, 240))
WOOD = (176, 128, 80)
WOOD_DARK = (96, 64, 38)
GRID = (84, 56, 32)
COORDS = (34, 20, 8)  # 4.5:1 on the board's wood
RIM = 1.2  # units between the outer vertices and the board's edge: room for the coordinates
LEGEND_H = 36  # the line under the board: each side's tile count
LEGEND_LINE = 24  # a second line of it
LABEL_OUT = 0.62  # how far out from its vertex a coordinate is written


class ScurryScene(BoardScene):
    def colour_groups(self) -> list:
        return super().colour_groups() + [("tiles and squirrels", dict(zip(SIDE_NAMES, SIDE_COLOURS)), ""),
                                          ("paths", dict(zip(SIDE_NAMES, PATH_COLOURS)), "")]

    def layout(self, rect: pygame.Rect) -> None:
        size = self.match.state.size
        self.geo = board_geometry(size)
        self.geo_index = {tuple(c) for c in self.geo["vertices"]}
        n = size - 1
        # the legend goes under the board: one line, or two where the set-up note would not fit
        # beside the sides' counts (decided by the widest counts, so the board keeps its size)
        widest = self._legend_items({"scores": [88, 88], "phase": "setup_tiles", "setup_left": [88, 88]})
        self.legend_rows = len(self._legend_flow(widest, rect))
        self.legend_h = LEGEND_H + LEGEND_LINE * (self.legend_rows - 1)
        area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - self.legend_h)
        # The board spans 2n units across and n*sqrt(3) down, plus its rim on every side.
        self.unit = max(12.0, min(area.w / (2 * (n + RIM) + 0.3), area.h / ((n + RIM) * SQRT3 + 0.3)))
        self.center = area.center
        self.points = [self.to_pixel(q, r) for q, r in self.geo["vertices"]]
        self.pick_radius = self.unit * 0.48  # a click this near a vertex means it
        self.tile_px = max(10, int(self.unit * 0.78))
        self.board_layer = self._draw_board_layer(rect)

    def to_pixel(self, q: float, r: float) -> tuple[int, int]:
        cx, cy = self.center
        return (round(cx + self.unit * (q + r / 2)), round(cy + self.unit * r * SQRT3 / 2))

    def hex_corners(self) -> list[tuple[int, int]]:
        """The corners of the wooden hexagon."""
        rim = self.match.state.size - 1 + RIM
        return [self.to_pixel(rim * dq, rim * dr) for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))]

    def _draw_board_layer(self, rect: pygame.Rect) -> pygame.Surface:
        """The wooden hexagon with its triangle grid, drawn once per layout."""
        layer = pygame.Surface(self.app.size, pygame.SRCALPHA)
        corners = self.hex_corners()
        shadow = [(x + 6, y + 8) for x, y in corners]
        pygame.draw.polygon(layer, (0, 0, 0, 110), shadow)
        pygame.draw.polygon(layer, WOOD, corners)
        # wood grain: faint horizontal streaks clipped to the hexagon
        grain = pygame.Surface(self.app.size, pygame.SRCALPHA)
        top = min(y for _, y in corners)
        bottom = max(y for _, y in corners)
        for k, y in enumerate(range(top, bottom, 7)):
            shade = 14 if k % 3 else 26
            pygame.draw.line(grain, (80, 50, 20, shade), (rect.left, y), (rect.right, y + (k % 5) - 2), 2)
        mask = pygame.Surface(self.app.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), corners)
        grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        layer.blit(grain, (0, 0))
        pygame.draw.polygon(layer, WOOD_DARK, corners, 4)
        width = max(1, int(self.unit / 22))
        for i, j in self.geo["lines"]:
            pygame.draw.line(layer, GRID, self.points[i], self.points[j], width)
        dot = max(2, int(self.unit * 0.07))
        for p in self.points:
            pygame.draw.circle(layer, GRID, p, dot)
        return layer

    def coordinate_labels(self) -> list[tuple[tuple[int, int], str]]:
        """The notation on the rim, so that "f6" in the log can be found: each
        row's letter at its left end and its last place number at its right end;
        the top and bottom rows numbered vertex by vertex. (pixel centre, text)."""
        n = self.match.state.size - 1
        out = LABEL_OUT
        labels = []
        for (q, r), name in zip(self.geo["vertices"], self.geo["names"]):
            row, place = name[0], name[1:]
            if place == "1":
                labels.append(((q - out, r), row))
            if r == -n:
                labels.append(((q + out / 2, r - out), place))
            elif r == n:
                labels.append(((q - out / 2, r + out), place))
            elif (q + 1, r) not in self.geo_index:
                labels.append(((q + out, r), place))
        return [(self.to_pixel(x, y), text) for (x, y), text in labels]

    def _draw_coordinates(self, surface, squirrels) -> None:
        """The rows' and columns' names round the board, but where a squirrel stands over one
        (its picture rises above its vertex): a name is shown whole or not at all."""
        size = max(look.SMALLEST_TEXT, min(16, int(self.unit * 0.3)))
        over = [self.squirrel_rect(seat, self.points[v]) for seat, v in enumerate(squirrels) if v is not None]
        for centre, text in self.coordinate_labels():
            box = look.rendered(text, size, COORDS, False).get_rect(center=centre)
            if box.collidelist(over) < 0:
                look.text(surface, text, centre, size, COORDS, anchor="center", shadow=False)

    def arrow_start(self, move):
        """A step starts where the squirrel stands."""
        if move.kind != "step":
            return None
        at = self.view()["squirrels"][move.seat]
        return None if at is None else self.points[at]

    # ---- drawing ---------------------------------------------------------
    def tile_image(self, owner: int, scale: float = 1.0):
        px = max(6, int(self.tile_px * scale))
        return look.scaled_sprite(TILE_SPRITES[owner], (px, px))

    def squirrel_image(self, seat: int, scale: float = 1.0):
        px = max(8, int(self.unit * 0.92 * scale))
        return look.scaled_sprite(SQUIRREL_SPRITES[seat], (px, px))

    def blit_tile(self, surface, owner: int, v_or_point, scale=1.0, alpha=255) -> None:
        point = self.points[v_or_point] if isinstance(v_or_point, int) else v_or_point
        image = self.tile_image(owner, scale)
        if image is None:
            pygame.draw.circle(surface, SIDE_COLOURS[owner], point, int(self.tile_px * scale / 2))
            return
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=point))

    def squirrel_rect(self, seat: int, point) -> pygame.Rect:
        """Where a squirrel standing at `point` is drawn: on the back half of its vertex, so
        that the tile under it stays in view."""
        px = max(8, int(self.unit * 0.92))
        return pygame.Rect(0, 0, px, px).move(point[0] - px // 2, point[1] + int(self.unit * 0.12) - px)

    def blit_squirrel(self, surface, seat: int, point) -> None:
        image = self.squirrel_image(seat)
        if image is None:
            pygame.draw.circle(surface, SIDE_COLOURS[seat], point, int(self.unit * 0.35))
            return
        surface.blit(image, image.get_rect(midbottom=(point[0], point[1] + int(self.unit * 0.12))))

    def draw_board(self, surface, view: dict, highlights) -> None:
        look.blit(surface, self.board_layer, (0, 0))
        self._draw_coordinates(surface, view["squirrels"])
        for v, point in enumerate(self.points):  # every vertex is a place to click
            self.hits.circle(("vertex", v), point, self.pick_radius)
        hidden = self.hidden_targets()
        mover = view["to_move"]
        # the other side's last turn, faintly: its path and the tile it ate
        self._draw_last_turn(surface, view, highlights)
        for v, owner in view["tiles"].items():
            if ("vertex", int(v)) not in hidden:
                self.blit_tile(surface, owner, int(v))
        if view["leadoff"] is not None:
            x, y = self.points[view["leadoff"]]
            self._star(surface, (x + self.tile_px // 3, y - self.tile_px // 3), max(5, int(self.unit * 0.13)))
        if view["path"]:
            # after the winning turn nobody is to move: colour the path by who made it
            path_seat = mover if mover is not None else self.match.movers[-1]
            self._draw_path(surface, view, path_seat)
        if mover is not None and view["phase"] == "move" and highlights.next_targets:
            sq = view["squirrels"][mover]
            for target in highlights.next_targets:
                self._dashed(surface, PATH_COLOURS[mover], self.points[sq], self.points[target[1]])
        places = [t for t in highlights.next_targets if t[0] == "vertex"]
        few = len(places) <= 6  # a lesson's one place, the last few: each glows like a move's step
        for target in places:
            point = self.points[target[1]]
            if view["phase"] == "move" or few:
                self.glow(surface, point, self.tile_px // 2 + 3)
            else:  # most of the board: a dot on each, not a ring over the whole board
                pygame.draw.circle(surface, (255, 236, 150), point, max(5, int(self.unit * 0.12)))
                pygame.draw.circle(surface, GRID, point, max(5, int(self.unit * 0.12)), 1)
        for seat, v in enumerate(view["squirrels"]):
            if v is not None and ("squirrel", seat) not in hidden:
                self.blit_squirrel(surface, seat, self.points[v])
        self._draw_hover(surface, view, highlights)
        self._draw_legend(surface, view)

    def _draw_hover(self, surface, view, highlights) -> None:
        hover = highlights.hover
        if hover is None or hover[0] != "vertex" or view["to_move"] is None:
            return
        point = self.points[hover[1]]
        if highlights.hover_refused:
            pygame.draw.circle(surface, look.BAD, point, self.tile_px // 2, 2)
        if not highlights.hover_ok:
            return
        phase = view["phase"]
        if phase in ("setup_tiles", "leadoff"):
            owner = view["to_move"] if phase == "setup_tiles" else 1 - view["to_move"]
            self.blit_tile(surface, owner, point, alpha=150)
        elif phase == "setup_squirrels":
            self.blit_squirrel(surface, view["to_move"], point)
        pygame.draw.circle(surface, look.HIGHLIGHT, point, self.tile_px // 2 + 4, 3)

    def _draw_path(self, surface, view, seat) -> None:
        colour = PATH_COLOURS[seat]
        start = view.get("path_start")
        points = [self.points[v] for v in view["path"]]
        if start is not None:
            points.insert(0, self.points[start])
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, max(3, int(self.unit * 0.08)))
        for k, v in enumerate(view["path"], start=1):
            x, y = self.points[v]
            badge = (x - self.tile_px // 3, y + self.tile_px // 3)
            pygame.draw.circle(surface, (30, 22, 16), badge, max(9, int(self.unit * 0.16)))
            look.text(surface, str(k), badge, max(look.SMALLEST_TEXT, int(self.unit * 0.22)), colour, bold=True,
                      anchor="center",
                      shadow=False)

    def _draw_last_turn(self, surface, view, highlights) -> None:
        steps = [m for m in highlights.last_moves if m.kind == "step" and m.seat != view["to_move"]]
        if steps:
            colour = PATH_COLOURS[steps[0].seat]
            pts = [self.points[m.vertex] for m in steps]
            for a, b in zip(pts, pts[1:]):
                self._dashed(surface, colour, a, b, width=2)
        removed = view["last_removed"]
        if removed is not None and view["phase"] in ("leadoff", "move") and not view["path"]:
            x, y = self.points[removed]
            r = self.tile_px // 2
            pygame.draw.circle(surface, (255, 255, 255), (x, y), r, 1)
        for m in highlights.last_moves:
            if m.kind in ("leadoff", "setup_tile") and m.seat != view["to_move"]:
                pygame.draw.circle(surface, PATH_COLOURS[m.seat], self.points[m.vertex], self.tile_px // 2 + 3, 2)

    def _dashed(self, surface, colour, a, b, width=2, dash=8) -> None:
        length = math.dist(a, b)
        if length < 1:
            return
        dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        d = 0.0
        while d < length:
            e = min(d + dash, length)
            pygame.draw.line(surface, colour, (a[0] + dx * d, a[1] + dy * d), (a[0] + dx * e, a[1] + dy * e), width)
            d += dash * 2

    def _star(self, surface, center, radius) -> None:
        pts = []
        for k in range(10):
            ang = -math.pi / 2 + k * math.pi / 5
            rr = radius if k % 2 == 0 else radius * 0.45
            pts.append((center[0] + rr * math.cos(ang), center[1] + rr * math.sin(ang)))
        pygame.draw.polygon(surface, look.GOLD, pts)
        pygame.draw.polygon(surface, (60, 40, 10), pts, 1)

    def _legend_items(self, view) -> list[tuple]:
        """(seat or None, words) for the line under the board: each side's tile and how
        many it owns, and during set-up how many tiles are still to place."""
        items = []
        for seat, name in enumerate(SIDE_NAMES):
            who = self.match.seats[seat].name
            side = f" ({name})" if name not in who else ""
            items.append((seat, f"{who}: {plural(view['scores'][seat], 'tile')}{side}"))
        if view["phase"] == "setup_tiles":
            left = view["setup_left"]
            items.append((None, f"Set-up: {left[0]} brown and {plural(left[1], 'grey tile')} still to place"))
        return items

    def _legend_flow(self, items, rect) -> list[list[tuple]]:
        """The items in rows, each whole, a new row where the next would not fit:
        [[(seat, words, x), ...], ...]."""
        rows, x = [[]], rect.x + 14
        for seat, words in items:
            width = (30 if seat is not None else 0) + look.font(15).size(words)[0]
            if rows[-1] and x + width > rect.right - 8:
                rows.append([])
                x = rect.x + 14
            rows[-1].append((seat, words, x))
            x += width + 28
        return rows

    def _draw_legend(self, surface, view) -> None:
        """Under the board: each side's tile and how many it owns, and the set-up's count."""
        rect = self.board_rect
        rows = self._legend_flow(self._legend_items(view), rect)
        for r, row in enumerate(rows[:self.legend_rows]):
            y = rect.bottom - self.legend_h + 2 + LEGEND_LINE * r
            for seat, words, x in row:
                if seat is not None:
                    self.blit_tile(surface, seat, (x + 12, y + 12), scale=min(1.0, 26 / max(1, self.tile_px)))
                    x += 30
                room = rect.right - 8 - x  # a name longer than the whole line is shortened, as a last resort
                look.text(surface, look.fit_text(words, 15, room), (x, y + 2), 15,
                          look.INK if seat is not None else look.MUTED)

    # ---- animations ------------------------------------------------------
    def animations_for(self, move, seat, before, after) -> list[Anim]:
        v = move.vertex
        if move.kind in ("setup_tile", "leadoff"):
            owner = seat if move.kind == "setup_tile" else 1 - seat
            return [Anim(0.22, lambda s, t: self.blit_tile(s, owner, v, scale=1.5 - 0.5 * t, alpha=int(120 + 135 * t)),
                         hides=frozenset({("vertex", v)}))]
        if move.kind == "setup_squirrel":
            target = self.points[v]
            return [Anim(0.25, lambda s, t: self.blit_squirrel(s, seat, (target[0], int(target[1] - 30 * (1 - t)))),
                         hides=frozenset({("squirrel", seat)}))]
        start = before["squirrels"][seat]
        if start is None:
            return []
        a, b = self.points[start], self.points[v]
        # The tile keeps the other side's face until the squirrel lands on it;
        # listed first so that the squirrel is drawn over it.
        anims = [Anim(0.32, lambda s, t: self.blit_tile(s, 1 - seat if t < 0.85 else seat, v),
                      hides=frozenset({("vertex", v)})),
                 Anim(0.32, lambda s, t: self.blit_squirrel(s, seat, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)),
                      hides=frozenset({("squirrel", seat)}))]
        if str(v) not in {str(k) for k in after["tiles"]} and after["last_removed"] == v:
            # the turn ended: the last tile visited is eaten
            anims.append(Anim(0.35, lambda s, t: self.blit_tile(s, seat, v, scale=1 - 0.6 * t, alpha=int(255 * (1 - t))),
                              delay=0.32))
        return anims

    def results_headline(self) -> str:
        """With the default rule for very long games, both sides named as winners
        means the turn limit stopped the game: call it a draw (ruling 9)."""
        state = self.match.state
        if state.long_games == "draw" and state.outcome is not None and len(state.outcome.winners) == 2:
            return "A draw"
        return ""


SCENE = ScurryScene

"""Skurðir's board: pyramid stations, canals and passengers on a square grid."""
from __future__ import annotations

import functools
import math

import pygame

from ...ui import look, touch
from ...ui.draw import shade, tag_rects
from ...ui.board import Anim, BoardScene
from .rules import COLOURS, COLUMNS, DEALT_STACKS, GRID, LETTERS, cell_name, centre_of, xy

# Pyramid colours, each with a mark of its own so that colour is never the only clue.
RGB = ((206, 62, 46), (240, 204, 58), (40, 150, 92), (46, 108, 196), (52, 52, 60))


def play_colour(state, seat: int):
    """The seat's colour of play, once chosen: its pyramids' (boards.seat_colour)."""
    colour = state.colour_of[seat]
    return RGB[colour] if colour is not None else None


MARKS = ("dot", "bar", "ring", "square", "cross")
BOARD = (226, 212, 180)
BOARD_EDGE = (120, 92, 60)
WATER = (120, 170, 200)
GAP = (206, 190, 156)
# The open table's cells are named on a grid wider than any layout, so the names of the
# first stations sit mid-alphabet; they stay put as the layout grows (seeds/skurdir.md, ruling 13).
CELL_NAMES_NOTE = ("Cells are named by the letters below the grid and the numbers beside it. The game starts "
                   "in the middle of the table, at {centre}, so that it can grow every way.")
NOTE_SIZE, NOTE_LINE = 12, 15  # the open table's note above the grid
SIDE_W = 230  # the column right of the grid: stacks to place, pool, players' pieces


def ink_for(colour: int) -> tuple:
    return (245, 240, 225) if colour in (3, 4, 0, 2) else (40, 30, 20)


def draw_mark(surface, colour: int, center, r: float) -> None:
    """The colour's own mark (a second channel besides the colour itself)."""
    ink = ink_for(colour)
    cx, cy = center
    r = max(2.0, r)
    mark = MARKS[colour]
    if mark == "dot":
        pygame.draw.circle(surface, ink, center, r * 0.8)
    elif mark == "bar":
        pygame.draw.rect(surface, ink, pygame.Rect(cx - r, cy - r * 0.3, 2 * r, max(2, r * 0.6)))
    elif mark == "ring":
        pygame.draw.circle(surface, ink, center, r * 0.9, max(1, int(r * 0.35)))
    elif mark == "square":
        pygame.draw.rect(surface, ink, pygame.Rect(cx - r * 0.7, cy - r * 0.7, r * 1.4, r * 1.4))
    else:
        w = max(1, int(r * 0.4))
        pygame.draw.line(surface, ink, (cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy + r * 0.8), w)
        pygame.draw.line(surface, ink, (cx - r * 0.8, cy + r * 0.8), (cx + r * 0.8, cy - r * 0.8), w)


@functools.lru_cache(maxsize=256)
def pyramid(colour: int, width: int, height: int) -> pygame.Surface:
    """An upright pyramid seen from the front: a lit face and a shaded face."""
    surf = pygame.Surface((width + 2, height + 2), pygame.SRCALPHA)
    base = RGB[colour]
    apex = (width * 0.5 + 1, 1)
    left, right, mid = (1, height), (width + 1, height), (width * 0.58 + 1, height)
    pygame.draw.polygon(surf, shade(base, 1.12), (apex, left, mid))
    pygame.draw.polygon(surf, shade(base, 0.72), (apex, mid, right))
    pygame.draw.polygon(surf, (24, 18, 12), (apex, left, right), max(1, width // 28))
    pygame.draw.line(surf, shade(base, 0.5), apex, mid, 1)
    draw_mark(surf, colour, (width * 0.42 + 1, height * 0.7), width * 0.1)
    return surf


@functools.lru_cache(maxsize=256)
def lying(colour: int, length: int, width: int, direction: tuple) -> pygame.Surface:
    """A canal: a pyramid on its side, wide end first, pointing along `direction`."""
    surf = pygame.Surface((length + 2, width + 2), pygame.SRCALPHA)
    base = RGB[colour]
    a, b, tip, m = (1, 1), (1, width + 1), (length + 1, width / 2 + 1), (1, width / 2 + 1)
    pygame.draw.polygon(surf, shade(base, 1.15), (a, tip, m))
    pygame.draw.polygon(surf, shade(base, 0.75), (m, tip, b))
    pygame.draw.polygon(surf, (24, 18, 12), (a, b, tip), max(1, width // 14))
    draw_mark(surf, colour, (length * 0.32, width / 2 + 1), width * 0.16)
    angle = {(1, 0): 0, (-1, 0): 180, (0, -1): 90, (0, 1): -90}[direction]
    return pygame.transform.rotate(surf, angle)


class SideColumn:
    """The column beside the board as it is written top to bottom: where the next
    line goes, headings, and clickable boxes (lit when they continue a move)."""

    def __init__(self, hits, rect, k: float, surface, highlights):
        """`hits`: the board's hit map, where its boxes go; `rect`: the column; `k`: its scale."""
        self.hits, self.surface, self.highlights = hits, surface, highlights
        self.x, self.y, self.w = rect.x, rect.y, rect.w
        self.k = k

    def px(self, value) -> int:
        """A size in the column at its scale (it grows with a big board)."""
        return round(value * self.k)

    def heading(self, text: str) -> None:
        look.text(self.surface, text, (self.x, self.y), self.px(15), look.GOLD, bold=True)
        self.y += self.px(22)

    def box(self, target, rect) -> None:
        self.hits.rect(target, rect)
        hover = self.highlights.hover
        if target in self.highlights.next_targets:
            pygame.draw.rect(self.surface, (70, 58, 40), rect, border_radius=8)
            pygame.draw.rect(self.surface, look.HIGHLIGHT if target == hover else look.GOLD, rect,
                             3 if target == hover else 1, border_radius=8)
        if target in self.highlights.selected:
            pygame.draw.rect(self.surface, (255, 255, 255), rect, 3, border_radius=8)


class SkurdirScene(BoardScene):
    BUTTONS = {"pass": "Pass"}

    def __init__(self, *args, **kwargs):
        self.slots: list = []  # the set-up stacks in the order first shown (see stack_slots)
        super().__init__(*args, **kwargs)

    def colour_groups(self) -> list:
        return super().colour_groups() + [("pyramids", dict(zip(COLOURS, RGB)), "each colour's own mark on it")]

    # ---- geometry ---------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        # the column grows with a big board (its pieces and words beside a grid of big cells),
        # and narrows in small windows
        self.side_k = max(1.0, min(1.6, rect.h / 640, rect.w / 1000))
        side_w = round(SIDE_W * self.side_k) if rect.w >= 720 else 190
        self.area = pygame.Rect(rect.x + 20, rect.y + 20, max(200, rect.w - side_w - 40), max(200, rect.h - 44))
        self.side_rect = pygame.Rect(self.area.right + 18, rect.y + 8, rect.right - self.area.right - 26,
                                     rect.h - 16)
        self.box = None
        self.fit()

    def fit(self) -> None:
        """Zoom onto the part of the table in use: the stations and one cell
        around them (where anything new may go), at least 5 x 5 cells, as large
        as the board area allows. The open table has no edge in play, so this
        is how the table "grows": a wider layout is drawn at a smaller scale."""
        st = self.match.state
        n = self.n = st.n
        cells = st.stations() or [st.centre]
        xs, ys = [c % n for c in cells], [c // n for c in cells]
        cols = min(n, max(5, max(xs) - min(xs) + 3))
        rows = min(n, max(5, max(ys) - min(ys) + 3))
        x0 = max(0, min(n - cols, (min(xs) + max(xs) + 1) // 2 - cols // 2))
        y0 = max(0, min(n - rows, (min(ys) + max(ys) + 1) // 2 - rows // 2))
        box = (x0, y0, cols, rows)
        if box == self.box:
            return
        self.box = box
        # room for the column letters below and the row numbers left of the grid, and for
        # the open table's note above it: whole, in as many lines as the frame's width needs
        self.note_lines = []
        for _ in range(3):  # more lines of note, a smaller grid, a narrower frame: settles at once
            extra = NOTE_LINE * max(0, len(self.note_lines) - 1)
            self.cell = max(16, min((self.area.w - 44) // cols, (self.area.h - 38 - extra) // rows))
            w, h = self.cell * cols, self.cell * rows
            lines = look.wrap_text(self.cell_names_note(), NOTE_SIZE, w + 44) if n == GRID else []
            settled = len(lines) <= len(self.note_lines)
            self.note_lines = lines  # wrapped to this frame's width (an earlier, wider one's would overhang it)
            if settled:
                break
        self.grid_rect = pygame.Rect(self.area.x + 8 + (self.area.w - w) // 2,
                                     self.area.y + (self.area.h - h + extra) // 2 - 4, w, h)
        self.board_layer = self._draw_board_layer()

    def in_view(self, c: int) -> bool:
        x0, y0, cols, rows = self.box
        x, y = xy(c, self.n)
        return x0 <= x < x0 + cols and y0 <= y < y0 + rows

    def centre(self, c: int) -> tuple[int, int]:
        x, y = xy(c, self.n)
        x0, y0, _, _ = self.box
        return (self.grid_rect.x + (x - x0) * self.cell + self.cell // 2,
                self.grid_rect.y + (y - y0) * self.cell + self.cell // 2)

    def cell_rect(self, c: int) -> pygame.Rect:
        cx, cy = self.centre(c)
        return pygame.Rect(cx - self.cell // 2, cy - self.cell // 2, self.cell, self.cell)

    def canal_geometry(self, a: int, b: int):
        """(centre, length, direction) of the canal piece between stations a and b.
        Canals lie low beside the pyramids: a row's canal near the bases, a
        column's canal to the right of the stacks, so no stack hides one."""
        (ax, ay), (bx, by) = xy(a, self.n), xy(b, self.n)
        d = ((bx > ax) - (bx < ax), (by > ay) - (by < ay))
        pa, pb = self.centre(a), self.centre(b)
        span = math.dist(pa, pb)
        if d[1] == 0:
            length = min(span - self.cell * 0.58, self.cell * 0.8)
            off = (0, self.cell * 0.16)
        else:
            length = min(span - self.cell * 0.46, self.cell * 0.8)
            off = (self.cell * 0.38, 0)
        mid = ((pa[0] + pb[0]) / 2 + off[0], (pa[1] + pb[1]) / 2 + off[1])
        return mid, int(max(8, length)), d

    def channel(self, a: int, b: int):
        """The water line a canal lies in (offset like the canal piece)."""
        pa, pb = self.centre(a), self.centre(b)
        if xy(a, self.n)[1] == xy(b, self.n)[1]:
            dy = int(self.cell * 0.16)
            return (pa[0], pa[1] + dy), (pb[0], pb[1] + dy)
        dx = int(self.cell * 0.38)
        return (pa[0] + dx, pa[1]), (pb[0] + dx, pb[1])

    def link_rect(self, a: int, b: int) -> pygame.Rect:
        mid, length, d = self.canal_geometry(a, b)
        w = int(self.cell * 0.34)
        size = (length, w) if d[1] == 0 else (w, length)
        r = pygame.Rect(0, 0, *size)
        r.center = (int(mid[0]), int(mid[1]))
        return r

    def link_hit(self, a: int, b: int) -> pygame.Rect:
        """With Large targets, where a tap finds the canal between stations a and b: a fingertip's
        square across the border of their cells, as far into each."""
        hit = touch.reach(self.link_rect(a, b), touch.MIN_TARGET - 2)
        ra, rb = self.cell_rect(a), self.cell_rect(b)
        if ra.y == rb.y:  # halfway between the cells, to the pixel (their centres are half pixels)
            hit.centerx = math.floor((ra.x + rb.x + ra.w) / 2 + 0.5)
        else:
            hit.centery = math.floor((ra.y + rb.y + ra.h) / 2 + 0.5)
        return hit

    def _draw_board_layer(self) -> pygame.Surface:
        layer = pygame.Surface(self.app.size, pygame.SRCALPHA)
        # the frame leaves room for the row numbers on the left and the column letters below
        g = pygame.Rect(self.grid_rect.x - 30, self.grid_rect.y - 14, self.grid_rect.w + 44, self.grid_rect.h + 38)
        pygame.draw.rect(layer, (0, 0, 0, 100), g.move(5, 7), border_radius=12)
        pygame.draw.rect(layer, BOARD, g, border_radius=12)
        pygame.draw.rect(layer, BOARD_EDGE, g, 3, border_radius=12)
        x0, y0, cols, rows = self.box
        for y in range(y0, y0 + rows):
            for x in range(x0, x0 + cols):
                r = self.cell_rect(y * self.n + x).inflate(-self.cell // 5, -self.cell // 5)
                pygame.draw.rect(layer, GAP, r, border_radius=6)
        font = max(look.SMALLEST_TEXT, min(14, self.cell // 4) if self.cell < 100 else min(18, self.cell // 6))
        for i in range(cols):
            x = self.grid_rect.x + i * self.cell + self.cell // 2
            look.text(layer, COLUMNS[x0 + i], (x, self.grid_rect.bottom + 11), font, (90, 66, 40),
                      anchor="center", shadow=False)
        for i in range(rows):
            y = self.grid_rect.y + i * self.cell + self.cell // 2
            look.text(layer, str(y0 + i + 1), (self.grid_rect.x - 15, y), font, (90, 66, 40), anchor="center",
                      shadow=False)
        # why the open table's rows and columns start mid-alphabet (ruling 13)
        for k, line in enumerate(reversed(self.note_lines), 1):
            look.text(layer, line, (g.x, g.y - 2 - NOTE_LINE * k), NOTE_SIZE, look.MUTED)
        return layer

    @staticmethod
    def cell_names_note() -> str:
        return CELL_NAMES_NOTE.format(centre=cell_name(centre_of(), GRID))

    # ---- where things can be clicked ---------------------------------------------
    def add_hits(self, view, clickable) -> None:
        """Put every place of the board on the hit map with the shape it is drawn
        with: the cells, the canals, and each station's pyramid over its cell.
        What can be clicked now goes on top, so where a canal across a gap lies
        over an empty cell, the click finds whichever of the two is wanted."""
        x0, y0, cols, rows = self.box
        places = [(("cell", y * self.n + x), self.cell_rect(y * self.n + x), None)
                  for y in range(y0, y0 + rows) for x in range(x0, x0 + cols)]
        links = [(("link", a, b), self.link_rect(a, b), None) for a, b, _colour in view["canals"]]
        stations = [(("cell", int(c)), self.centre(int(c)), self.cell * 0.3) for c in view["stations"]]
        if touch.large_targets(self.app.settings):
            # a canal is thin: with Large targets it is reached from a fingertip's width (half into each
            # cell), over the stations, which keep as much about their middle
            places += stations + [(t, self.link_hit(*t[1:]), None) for t, _r, _ in links]
        else:
            places += links + stations
        for on_top in (False, True):
            for target, where, radius in places:
                if (target in clickable) != on_top:
                    continue
                if radius is None:
                    self.hits.rect(target, where)
                else:
                    self.hits.circle(target, where, radius)

    # ---- drawing --------------------------------------------------------------
    def seat_label(self, seat: int, view) -> str:
        colour = view["colour_of"][seat]
        name = self.match.seats[seat].name
        return f"{name} ({COLOURS[colour]})" if colour is not None else name

    def draw_stack(self, surface, colour: int, passengers, base, scale=1.0, skip_top=False) -> None:
        """A station with its passengers stacked on its tip, bottom first."""
        w = int(self.cell * 0.5 * scale)
        h = int(self.cell * 0.5 * scale)
        img = pyramid(colour, w, h)
        x, y = base
        surface.blit(img, (x - w // 2 - 1, y - h))
        top = y - h
        pw, ph = int(w * 0.5), int(h * 0.5)
        shown = passengers[:-1] if skip_top else passengers
        for k, p in enumerate(shown):
            by = top + ph * 0.62 - k * ph * 0.36
            surface.blit(pyramid(p, pw, ph), (x - pw // 2 - 1, by - ph))

    def stack_base(self, c: int) -> tuple[int, int]:
        cx, cy = self.centre(c)
        return cx, cy + int(self.cell * 0.26)

    def passenger_top(self, c: int, count: int) -> tuple[int, int]:
        """Where the top passenger of a stack of `count` sits (its base centre)."""
        x, y = self.stack_base(c)
        h = int(self.cell * 0.5)
        ph = int(h * 0.5)
        return x, int(y - h + ph * 0.62 - (count - 1) * ph * 0.36)

    def draw_canal(self, surface, a: int, b: int, colour: int, alpha=255) -> None:
        pa, pb = self.channel(a, b)
        pygame.draw.line(surface, WATER, pa, pb, max(3, self.cell // 9))
        mid, length, d = self.canal_geometry(a, b)
        img = lying(colour, length, int(self.cell * (0.3 if d[1] == 0 else 0.24)), d)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(int(mid[0]), int(mid[1]))))

    def draw_board(self, surface, view: dict, highlights) -> None:
        self.fit()
        look.blit(surface, self.board_layer, (0, 0))
        hidden = self.hidden_targets()
        nxt = highlights.next_targets
        last = highlights.last_moves
        # the last transport's route, faintly
        if view["last_route"]:
            pts = [self.centre(c) for c in view["last_route"]]
            pygame.draw.lines(surface, (255, 250, 220), False, pts, max(2, self.cell // 14))
        for a, b, colour in view["canals"]:
            if ("link", a, b) not in hidden:
                self.draw_canal(surface, a, b, colour)
        # what the others built since my last turn (nothing once the game is over)
        for m in (last if view["to_move"] is not None else []):
            if m.kind == "canal" and (m.cell, m.to) in self.match.state.canals:
                pygame.draw.rect(surface, look.GOLD, self.link_rect(m.cell, m.to).inflate(6, 6), 2, border_radius=4)
            elif m.kind in ("stack", "station", "add"):
                pygame.draw.rect(surface, look.GOLD, self.cell_rect(m.cell).inflate(-4, -4), 2, border_radius=8)
        # clickable places
        for t in nxt:
            if t[0] == "cell":
                rect = self.cell_rect(t[1])
                if view["stations"].get(t[1]) is None:
                    pygame.draw.circle(surface, look.HIGHLIGHT, rect.center, max(3, self.cell // 10))
                    pygame.draw.circle(surface, BOARD_EDGE, rect.center, max(3, self.cell // 10), 1)
                else:
                    self.glow(surface, rect.center, self.cell * 0.42)
            elif t[0] == "link":
                pygame.draw.rect(surface, look.HIGHLIGHT, self.link_rect(t[1], t[2]).inflate(4, 4), 2,
                                 border_radius=4)
        for t in highlights.selected:
            if t[0] == "cell":
                pygame.draw.rect(surface, (255, 255, 255), self.cell_rect(t[1]).inflate(-2, -2), 3, border_radius=8)
        for c, colour in sorted(view["stations"].items()):
            c = int(c)
            if ("cell", c) in hidden:
                continue
            passengers = view["stacks"].get(c, [])
            self.draw_stack(surface, colour, passengers, self.stack_base(c), skip_top=("top", c) in hidden)
        self._draw_hover(surface, view, highlights)
        self.add_hits(view, nxt)
        self.draw_side(surface, view, highlights)

    def _draw_hover(self, surface, view, highlights) -> None:
        hover = highlights.hover
        if hover is None:
            return
        if hover[0] == "link" and highlights.hover_ok:
            r = self.link_rect(hover[1], hover[2])
            pygame.draw.line(surface, look.BAD, r.topleft, r.bottomright, 3)
            pygame.draw.line(surface, look.BAD, r.bottomleft, r.topright, 3)
            return
        if hover[0] != "cell":
            return
        c = hover[1]
        rect = self.cell_rect(c)
        state = self.match.state
        if view["stacks"].get(c):
            self._draw_routes(surface, view, c)
        elif highlights.selected and highlights.selected[0][0] == "stack" and highlights.hover_ok:
            station, rider = highlights.selected[0][1]
            self.draw_stack(surface, station, [rider], self.stack_base(c))
        elif view["stations"].get(c) is None and highlights.hover_ok and view["phase"] == "build":
            mine = view["colour_of"][view["to_move"]]
            ghost = pyramid(mine, int(self.cell * 0.5), int(self.cell * 0.5)).copy()
            ghost.set_alpha(140)
            x, y = self.stack_base(c)
            surface.blit(ghost, (x - ghost.get_width() // 2, y - ghost.get_height()))
        elif (highlights.selected and highlights.selected[-1][0] == "cell" and highlights.hover_ok
              and view["phase"] == "build" and state.station[c] >= 0):
            a = highlights.selected[-1][1]
            mine = view["colour_of"][view["to_move"]]
            colour = view["neutral"] if highlights.selected[0] == ("neutral",) else mine
            self.draw_canal(surface, a, c, colour, alpha=150)
        if hover in highlights.selected:
            return  # the cell just chosen keeps its white frame: red would read as a wrong click
        if not (highlights.hover_ok or highlights.hover_refused):
            return
        colour = look.HIGHLIGHT if highlights.hover_ok else look.BAD
        pygame.draw.rect(surface, colour, rect.inflate(-2, -2), 2, border_radius=8)

    def _draw_routes(self, surface, view, c: int) -> None:
        """Every route the top passenger could take, and what each would score."""
        state = self.match.state
        routes = state.routes(c)
        if not routes:
            return
        seat = view["to_move"]
        lines = []
        for k, r in enumerate(routes[:6]):
            allowed = seat is not None and state.may_move(seat, r)
            pts = [self.centre(x) for x in r]
            off = (k - (len(routes) - 1) / 2) * 4
            pts = [(x + off, y + off) for x, y in pts]
            pygame.draw.lines(surface, (255, 240, 140) if allowed else (200, 200, 200), False, pts, 4)
            pygame.draw.circle(surface, (255, 240, 140) if allowed else (200, 200, 200), pts[-1], 7)
            gains = state.route_scores(r)
            text = ", ".join(f"{COLOURS[view['colour_of'][s]]} {p}" for s, p in enumerate(gains) if p) or "no points"
            lines.append((f"→{cell_name(r[-1], self.n)}: {text}" + ("" if allowed else " (not your passenger, station or canal)"), allowed))
        x, y = self.centre(c)
        width = max(look.font(13).size(t)[0] for t, _ in lines) + 16
        box = pygame.Rect(0, 0, width, 20 * len(lines) + 8)
        box.midbottom = (x, y - int(self.cell * 0.55))
        box.clamp_ip(self.board_rect)
        pygame.draw.rect(surface, (30, 24, 18), box, border_radius=6)
        pygame.draw.rect(surface, look.GOLD, box, 1, border_radius=6)
        for k, (t, ok) in enumerate(lines):
            look.text(surface, t, (box.x + 8, box.y + 5 + 20 * k), 13, look.INK if ok else look.MUTED)

    # ---- the side column ---------------------------------------------------------
    def draw_side(self, surface, view, highlights) -> None:
        """The column beside the board: the set-up choice of this phase (stacks to
        place, who plays first, colours), then what is left to play with (the pool
        and each player's pieces). Puts the clickable boxes on the hit map as it goes."""
        column = SideColumn(self.hits, self.side_rect, self.side_k, surface, highlights)
        if view["phase"] in ("stacks", "first", "colours"):
            self.draw_setup_choices(column, view)
            column.y += 6
        self.draw_supplies(column, view)

    def draw_setup_choices(self, column: "SideColumn", view) -> None:
        surface, x, w, phase, px = column.surface, column.x, column.w, view["phase"], column.px
        if phase == "stacks":
            column.heading("Stacks to place")
            cw = (w - 8) // 2
            ch = min(int(self.cell * 1.05), px(70))
            for k, pair in enumerate(self.stack_slots(view["stacks_left"])):
                if pair is None:
                    continue
                rect = pygame.Rect(x + (k % 2) * (cw + 8), column.y + (k // 2) * (ch + 6), cw, ch)
                pygame.draw.rect(surface, (48, 40, 30), rect, border_radius=8)
                column.box(("stack", tuple(pair)), rect)
                scale = min(1.0, ch / self.cell, cw * 0.9 / self.cell)
                self.draw_stack(surface, pair[0], [pair[1]], (rect.x + int(cw * 0.32), rect.bottom - 6), scale=scale)
                look.text(surface, f"{LETTERS[pair[0]]}{LETTERS[pair[1]]}", (rect.right - 6, rect.centery),
                          px(13), look.INK, anchor="midright")
            column.y += ((len(self.slots) + 1) // 2) * (ch + 6) + 8
        elif phase == "first":
            column.heading("Who plays first?")
            for s in range(view["players"]):
                rect = pygame.Rect(x, column.y, w, px(34))
                pygame.draw.rect(surface, (48, 40, 30), rect, border_radius=8)
                column.box(("seat", s), rect)
                look.text(surface, look.fit_text(self.match.seats[s].name, px(15), w - 20), (x + 10, column.y + px(8)),
                          px(15))
                column.y += px(40)
        elif phase == "colours":
            column.heading("Choose a colour")
            for c in range(5):
                if view["owner"][c] is not None:
                    continue
                rect = pygame.Rect(x, column.y, w, px(40))
                pygame.draw.rect(surface, (48, 40, 30), rect, border_radius=8)
                column.box(("colour", c), rect)
                surface.blit(pyramid(c, px(30), px(30)), (x + 8, column.y + px(4)))
                look.text(surface, COLOURS[c], (x + px(48), column.y + px(10)), px(16))
                column.y += px(46)

    def stack_slots(self, left) -> list:
        """The stacks to place, each in the box it was first shown in (None where one
        was placed): the others do not move under the eye after every placement."""
        left = [tuple(pair) for pair in left]
        new = [pair for pair in left if pair not in self.slots]  # first sight, or back by an undo
        if len(self.slots) + len(new) > DEALT_STACKS:  # another deal (a lesson's next board)
            self.slots, new = [], left
        self.slots += new
        return [pair if pair in left else None for pair in self.slots]

    def draw_supplies(self, column: "SideColumn", view) -> None:
        """The pool (passengers and neutral canals), the count transported, and
        each player's pieces in hand."""
        surface, x, w, px = column.surface, column.x, column.w, column.px
        column.heading("Pool")
        pw = (w - 10) // 5 if touch.large_targets(self.app.settings) else min(px(34), (w - 10) // 5)
        y = column.y
        for c in range(5):
            rect = pygame.Rect(x + c * (pw + 2), y, pw, pw + px(16))
            column.box(("pool", c), rect)
            count = view["pool"][c]
            if count:
                surface.blit(pyramid(c, pw - 10, pw - 10), (rect.x + 4, rect.y + 4))
            else:  # an empty place in the pool: the outline of the missing passenger
                pygame.draw.polygon(surface, look.MUTED, ((rect.centerx, rect.y + 5), (rect.x + 5, rect.y + pw - 6),
                                                          (rect.right - 5, rect.y + pw - 6)), 1)
            look.text(surface, str(count), (rect.centerx, rect.bottom - 2), px(12), look.INK if count else look.MUTED,
                      anchor="midbottom")
        y += pw + px(22)
        if view["neutral"] >= 0:
            rect = pygame.Rect(x, y, w, px(30))
            column.box(("neutral",), rect)
            n = view["free"][view["neutral"]]
            for k in range(n):
                img = lying(view["neutral"], px(30), px(14), (1, 0))
                surface.blit(img, (x + 6 + k * px(36), y + px(8)))
            look.text(surface, f"{n} neutral", (rect.right - 6, y + px(7)), px(13), look.MUTED, anchor="topright")
            y += px(36)
        look.text(surface, f"Transported: {view['transported']} of 15", (x, y), px(13), look.MUTED)
        column.y = y + px(24)
        if any(c is not None for c in view["colour_of"]):
            column.heading("In hand")
            self.draw_hands(column, view)

    def draw_hands(self, column: "SideColumn", view) -> None:
        """A row per player: free canals, those coming back, the spare passenger, sabotage unused."""
        surface, x, w, r, px = column.surface, column.x, column.w, self.side_rect, column.px
        y = column.y
        for s in range(view["players"]):
            colour = view["colour_of"][s]
            if colour is None:
                continue
            if y + px(40) > r.bottom:
                break
            row = pygame.Rect(x, y, w, px(38))
            if s == view["to_move"]:
                pygame.draw.rect(surface, (60, 50, 36), row, border_radius=6)
            # the name in ink (a colour on the felt reads badly); its canals below show the colour, marked
            look.text(surface, look.fit_text(self.match.seats[s].name, px(13), w - 8), (x + 4, y + 1), px(13),
                      look.INK, bold=True)
            cx = x + 4
            for _k in range(view["free"][colour]):
                img = lying(colour, px(24), px(12), (1, 0))
                surface.blit(img, (cx, y + px(20)))
                cx += px(28)
            back = sum(1 for e in view["limbo"] if e[0] == colour)
            if back:
                cx = look.text(surface, f"+{back} back soon", (cx, y + px(19)), px(12), look.MUTED).right + 6
            if view["spare"][s]:
                surface.blit(pyramid(colour, px(16), px(16)), (cx + 4, y + px(18)))
                cx += px(24)
            if not view["sabotaged"][s]:
                look.text(surface, "sabotage", (r.right - 4, y + px(20)), px(12), look.WARN, anchor="topright")
            y += px(42)
        column.y = y

    # ---- animations ------------------------------------------------------------------
    def animations_for(self, move, seat, before, after) -> list[Anim]:
        k = move.kind
        if k == "transport":
            route = move.route
            stack = before["stacks"].get(route[0], [])
            if not stack:
                return []
            colour = stack[-1]
            start = self.passenger_top(route[0], len(stack))
            pts = [start] + [self.passenger_top(c, 1) for c in route[1:]]
            legs = len(pts) - 1
            size = int(self.cell * 0.25)
            gains = self.match.state.gains(route) if self.match.state.is_route(route) else []
            owners = list(after["owner"])

            def paint(s, t, pts=pts):
                f = t * legs
                i = min(legs - 1, int(f))
                u = f - i
                (ax, ay), (bx, by) = pts[i], pts[i + 1]
                hop = math.sin(u * math.pi) * self.cell * 0.25
                px, py = ax + (bx - ax) * u, ay + (by - ay) * u - hop
                s.blit(pyramid(colour, size, size), (px - size // 2, py - size))
            anims = [Anim(0.35 * legs, paint)]

            # each piece's points pop up as the passenger passes it: over a station, or
            # between two for a canal, stacked where they would meet on a small board
            def over(n):
                if n % 2 == 0:
                    return self.centre(route[n // 2])
                (ax, ay), (bx, by) = self.centre(route[n // 2]), self.centre(route[n // 2 + 1])
                return (ax + bx) / 2, (ay + by) / 2
            paid = [(n, piece, p) for n, (piece, p) in enumerate(gains)
                    if owners[piece] is not None]  # colours nobody plays score for nobody
            pills = tag_rects([(x, y - self.cell * 0.45) for x, y in (over(n) for n, _, _ in paid)], (34, 20))

            def points(s, t):
                for (n, piece, p), pill in zip(paid, pills):
                    if t * len(gains) < n:
                        break
                    pygame.draw.rect(s, (30, 24, 18), pill, border_radius=10)
                    pygame.draw.rect(s, RGB[piece], pill, 2, border_radius=10)
                    look.text(s, f"+{p}", pill.center, 13, look.INK, bold=True, anchor="center", shadow=False)
            anims.append(Anim(0.35 * legs + 0.5, points))
            return anims
        if k == "canal":
            a, b, colour = move.cell, move.to, move.colour
            return [Anim(0.3, lambda s, t: self.draw_canal(s, a, b, colour, alpha=int(60 + 195 * t)),
                         hides=frozenset({("link", a, b)}))]
        if k in ("stack", "station"):
            c = move.cell
            colour = move.stack[0] if k == "stack" else after["stations"].get(c, 0)
            passengers = [move.stack[1]] if k == "stack" else after["stacks"].get(c, [])
            bx, by = self.stack_base(c)
            return [Anim(0.3, lambda s, t: self.draw_stack(s, colour, passengers, (bx, int(by - 40 * (1 - t)))),
                         hides=frozenset({("cell", c)}))]
        if k == "add":
            c = move.cell
            n = len(after["stacks"].get(c, []))
            x, y = self.passenger_top(c, n)
            size = int(self.cell * 0.25)
            colour = move.colour
            return [Anim(0.3, lambda s, t: s.blit(pyramid(colour, size, size), (x - size // 2, y - size - 40 * (1 - t))),
                         hides=frozenset({("top", c)}))]
        return []

    def score_breakdown(self, seat: int) -> str:
        colour = self.match.state.colour_of[seat]
        return f"played {COLOURS[colour]}" if colour is not None else ""


SCENE = SkurdirScene

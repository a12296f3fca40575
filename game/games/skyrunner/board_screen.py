"""SkyRunner's board: the skyscraper in front view, the open card, a plaque per
player and the hand of the person in front of the screen, fanned at the bottom."""
from __future__ import annotations

import functools
import math

import pygame

from ...ui import look
from ...ui.board import Anim, BoardScene
from ...ui.draw import shade
from .rules import CRASHES, card_name

CONCRETE = (92, 104, 122)
CONCRETE_DARK = (58, 66, 80)
GLASS = (120, 150, 178)
LEDGE = (170, 150, 120)
LEDGE_DARK = (96, 82, 62)
STREET = (52, 50, 48)
HOLE = (28, 30, 36)
PLAQUE = (30, 26, 24, 215)
HAND_TEXT_H = 26  # the line of text at the top of the hand (17 px from 5 px down) and a gap a lifted card keeps under it
LIFT = 14  # how far a selected card rises (a hovered one half as far)
MIN_CARD_W = 36  # a hand's cards narrow to this before they overlap
PLAQUE_TWO_LINES = 50  # a player's plaque this tall has its name above its number chips

CARD_STYLE = {  # background, accent, caption
    "C": ((70, 130, 180), (225, 240, 255), "Climb"),
    "E": ((214, 150, 40), (255, 240, 200), "Gear"),
    "L": ((150, 110, 60), (255, 220, 200), "Lost gear"),
    "S": ((176, 52, 48), (255, 225, 215), "Sabotage"),
    "X": ((44, 40, 44), (255, 120, 90), "Crash"),
}


# ---- cards --------------------------------------------------------------------------
def _arrow(surface, colour, cx, cy, size, down=False) -> None:
    s = -1 if down else 1
    pts = [(cx, cy - s * size), (cx + size * 0.8, cy), (cx + size * 0.3, cy), (cx + size * 0.3, cy + s * size),
           (cx - size * 0.3, cy + s * size), (cx - size * 0.3, cy), (cx - size * 0.8, cy)]
    pygame.draw.polygon(surface, colour, pts)


def _gear(surface, colour, cx, cy, size, lost=False, bg=(0, 0, 0)) -> None:
    """A carabiner (the climber's equipment): a ring with its gate open on the right."""
    rect = pygame.Rect(0, 0, int(size * 1.2), int(size * 1.9))
    rect.center = (cx, cy)
    line = max(2, int(size * 0.3))
    pygame.draw.rect(surface, colour, rect, line, border_radius=int(size * 0.58))
    gap = pygame.Rect(rect.right - line - 1, rect.y + rect.h * 0.3, line + 2, rect.h * 0.34)
    pygame.draw.rect(surface, bg, gap)
    pygame.draw.line(surface, colour, (rect.right - line // 2, rect.y + rect.h * 0.3),
                     (rect.right + size * 0.35, rect.y + rect.h * 0.62), max(2, line - 1))
    pygame.draw.rect(surface, colour, (rect.x - line // 2, cy - size * 0.3, line * 2, size * 0.6))  # the spine
    if lost:
        pygame.draw.line(surface, (230, 40, 30), (rect.x - 4, rect.bottom + 2), (rect.right + 4, rect.y - 2),
                         max(3, int(size * 0.28)))


def _bug(surface, colour, cx, cy, size) -> None:
    """The parasite: a small tick with six legs."""
    for k in (-1, 0, 1):
        for side in (-1, 1):
            pygame.draw.line(surface, colour, (cx, cy + k * size * 0.35),
                             (cx + side * size * 0.95, cy + k * size * 0.55 + size * 0.2), max(1, int(size * 0.12)))
    pygame.draw.ellipse(surface, colour, (cx - size * 0.5, cy - size * 0.7, size, size * 1.4))
    pygame.draw.circle(surface, colour, (cx, cy - size * 0.8), size * 0.3)


@functools.lru_cache(maxsize=256)
def card_image(card: str, colour: tuple, w: int, h: int) -> pygame.Surface:
    """A card face (or its back, card == "back"), drawn once per size."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 9)
    rect = surf.get_rect()
    if card == "back":
        pygame.draw.rect(surf, (34, 44, 74), rect, border_radius=radius)
        inner = rect.inflate(-w // 6, -h // 8)
        pygame.draw.rect(surf, (60, 76, 120), inner, 2, border_radius=radius // 2)
        base = inner.bottom - 4
        for k, hh in enumerate((0.35, 0.6, 0.45, 0.75, 0.3)):  # a little skyline
            bw = inner.w / 5
            pygame.draw.rect(surf, (84, 102, 150), (inner.x + k * bw + 1, base - inner.h * hh * 0.8, bw - 2, inner.h * hh * 0.8))
        pygame.draw.rect(surf, (12, 14, 24), rect, 2, border_radius=radius)
        return surf
    kind = card[0]
    if kind in ("N", "P"):
        bg, accent, caption = colour, (255, 255, 255), "Parasite" if kind == "P" else ""
    else:
        bg, accent, caption = CARD_STYLE[kind]
    pygame.draw.rect(surf, bg, rect, border_radius=radius)
    inner = rect.inflate(-max(6, w // 8), -max(6, w // 8))
    dark = shade(bg, 0.55)
    pygame.draw.rect(surf, shade(bg, 0.82), inner, border_radius=radius // 2)
    pygame.draw.rect(surf, dark, inner, 1, border_radius=radius // 2)
    cx, cy = rect.centerx, rect.centery - h // 12
    big = max(look.SMALLEST_TEXT, int(h * 0.36))
    small = look.SMALLEST_TEXT  # the corner's number and the caption: left out where they do not fit
    value = card[1:]
    written = []  # the words on the card so far: a small card leaves out what would touch them

    def write(words, pos, size, colour, anchor, optional=False):
        box = look.rendered(words, size, colour, True).get_rect(**{anchor: pos})
        if optional and (not rect.contains(box) or box.collidelist(written) >= 0):
            return
        written.append(look.text(surf, words, pos, size, colour, bold=True, anchor=anchor, shadow=False))
    ink = look.ink_for(shade(bg, 0.82))  # the words that must read at 4.5:1 on the card's inner face
    if kind == "N":
        write(value, (cx, rect.centery), int(h * 0.5), ink, "center")
        write(value, (inner.x + 3, inner.y + 1), small, ink, "topleft", optional=True)
        return _edge(surf, rect, radius)
    if kind == "P":
        _bug(surf, (30, 24, 20), cx, cy, h * 0.16)
    elif kind == "C":
        _arrow(surf, accent, cx, cy - h * 0.08, h * 0.13)
        write(value, (cx, cy + h * 0.16), big, accent, "center")
    elif kind in ("E", "L"):
        _gear(surf, accent, cx, cy, h * 0.17, lost=kind == "L", bg=shade(bg, 0.82))
    elif kind == "S":
        _arrow(surf, accent, cx, cy - h * 0.06, h * 0.13, down=True)
        write("3", (cx, cy + h * 0.18), max(look.SMALLEST_TEXT, int(big * 0.8)), accent, "center")
    elif kind == "X":
        pts = [(cx + w * 0.08, cy - h * 0.26), (cx - w * 0.24, cy + h * 0.04), (cx - w * 0.02, cy + h * 0.04),
               (cx - w * 0.12, cy + h * 0.26), (cx + w * 0.24, cy - h * 0.06), (cx + w * 0.02, cy - h * 0.06)]
        pygame.draw.polygon(surf, accent, pts)
        write(value, (inner.right - 3, inner.y + 1), int(small * 1.4), accent, "topright")
    if look.font(small, True).size(caption)[0] <= inner.w - 2:  # a card too small for it has its picture
        write(caption, (cx, inner.bottom - 2), small, ink, "midbottom", optional=True)
    return _edge(surf, rect, radius)


def _edge(surf, rect, radius):
    pygame.draw.rect(surf, (16, 12, 10), rect, 2, border_radius=radius)
    return surf


class SkyRunnerScene(BoardScene):
    BUTTONS = {"keep": "Keep the card for later"}

    def colour_groups(self) -> list:
        cards = {caption: bg for bg, _accent, caption in CARD_STYLE.values()}
        return super().colour_groups() + [("action cards", cards, "each card's picture and name")]

    NUMBER_KEYS = "1–9 put down the bid card of that number."

    def number_target(self, number: int):
        """A number key puts down the bid card of that number, where it may be played now."""
        target = ("card", f"N{number}")
        return target if target in self.controller.next_targets() else None

    # ---- layout -------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        state = self.match.state
        self.n = state.players
        self.hand_h = max(112, min(156, int(rect.h * 0.2)))
        self.hand_rect = pygame.Rect(rect.x, rect.bottom - self.hand_h, rect.w, self.hand_h)
        bw = int(rect.w * 0.5)
        self.tower_rect = pygame.Rect(rect.x + 6, rect.y + 6, bw - 6, rect.h - self.hand_h - 14)
        right = pygame.Rect(self.tower_rect.right + 12, rect.y + 6, rect.right - self.tower_rect.right - 18,
                            rect.h - self.hand_h - 14)
        self.right_rect = right
        self.open_h = max(96, min(150, int(right.h * 0.27)))
        self.open_card_size = (int((self.open_h - 26) * 0.7), self.open_h - 26)
        self.open_rect = pygame.Rect(right.x, right.y, right.w, self.open_h)
        plaque_h = min(86, (right.h - self.open_h - 8) // self.n - 6)
        self.plaques = [pygame.Rect(right.x, right.y + self.open_h + 8 + i * (plaque_h + 6), right.w, plaque_h)
                        for i in range(self.n)]
        self._tower_geometry(state)
        self.tower_layer = self._draw_tower()

    def _tower_geometry(self, state) -> None:
        t = self.tower_rect
        self.roof_h = 44
        self.ground_h = 34
        self.ledge_h = 10
        sec_h = (t.h - self.roof_h - self.ground_h - 2 * self.ledge_h) / 3
        self.pitch = sec_h / state.squares
        widths = (0.94, 0.78, 0.62)
        self.walls = []
        bottom = t.bottom - self.ground_h
        for k in range(3):
            w = int(t.w * widths[k])
            wall = pygame.Rect(t.centerx - w // 2, int(bottom - sec_h), w, int(sec_h))
            self.walls.append(wall)
            bottom = wall.y - self.ledge_h
        self.roof_rect = pygame.Rect(0, 0, int(t.w * 0.66), 18)  # room for its word inside the rim
        self.roof_rect.midbottom = (t.centerx, self.walls[2].y - 2)
        self.fig_size = max(12, min(30, int(min(self.pitch * 2.1, self.walls[2].w / max(1, state.grooves[2]) * 0.7))))

    def groove_x(self, section: int, g: int) -> int:
        wall = self.walls[section]
        count = self.match.state.grooves[section]
        return int(wall.x + (g + 0.5) * wall.w / count)

    def square_y(self, y: int) -> int:
        squares = self.match.state.squares
        section = (y - 1) // squares
        k = y - section * squares
        return int(self.walls[section].bottom - (k - 0.5) * self.pitch)

    def figure_point(self, seat: int, y: int, g: int, figures=None) -> tuple[int, int]:
        """Where a figure stands: its square, or a spot on the street or the roof."""
        state = self.match.state
        if y <= 0:
            x = self.groove_x(0, min(g, state.grooves[0] - 1))
            mates = [s for s, p in enumerate(figures or []) if p[0] <= 0 and p[1] == g]
            if len(mates) > 1:
                x += int((mates.index(seat) - (len(mates) - 1) / 2) * self.fig_size * 0.8) if seat in mates else 0
            return x, self.tower_rect.bottom - self.ground_h // 2 + 4
        if y >= state.roof:
            step = self.roof_rect.w / (self.n + 1)
            return int(self.roof_rect.x + step * (seat + 1)), self.roof_rect.y - 2
        section = (y - 1) // state.squares
        return self.groove_x(section, g), self.square_y(y)

    def _draw_tower(self) -> pygame.Surface:
        state = self.match.state
        layer = pygame.Surface(self.app.size, pygame.SRCALPHA)
        t = self.tower_rect
        street = pygame.Rect(t.x, t.bottom - self.ground_h, t.w, self.ground_h)
        pygame.draw.rect(layer, STREET, street, border_radius=6)
        for x in range(street.x + 10, street.right - 10, 26):
            pygame.draw.line(layer, (90, 86, 80), (x, street.centery + 8), (x + 12, street.centery + 8), 2)
        for k, wall in enumerate(self.walls):
            shadow = wall.move(6, 6)
            pygame.draw.rect(layer, (0, 0, 0, 90), shadow)
            pygame.draw.rect(layer, CONCRETE, wall)
            # faint window bands give the facade a floor rhythm
            for row in range(state.squares):
                if row % 3 == 1:
                    band = pygame.Rect(wall.x + 3, int(wall.bottom - (row + 1) * self.pitch), wall.w - 6, int(self.pitch))
                    pygame.draw.rect(layer, (*GLASS, 60), band)
            count = state.grooves[k]
            channel = max(8, min(22, int(wall.w / count * 0.42)))
            for g in range(count):
                x = self.groove_x(k, g)
                groove = pygame.Rect(x - channel // 2, wall.y + 2, channel, wall.h - 4)
                pygame.draw.rect(layer, CONCRETE_DARK, groove, border_radius=channel // 2)
                for sq in range(1, state.squares + 1):
                    pygame.draw.circle(layer, HOLE, (x, self.square_y(k * state.squares + sq)), max(2, int(min(self.pitch, channel) * 0.24)))
            pygame.draw.rect(layer, (30, 34, 42), wall, 2)
            # heights along the left edge, so "12/37" on a plaque can be found on the wall
            every = next(n for n in range(2, state.squares + 1) if n * self.pitch >= 16)  # numbers never touch
            for sq in range(every, state.squares + 1, every):
                level = k * state.squares + sq
                look.text(layer, str(level), (wall.x + 4, self.square_y(level)), 12, (255, 255, 255),
                          anchor="midleft", shadow=True)
            if k < 2:  # the ledge above this wall
                ledge = pygame.Rect(0, 0, int(wall.w * 0.96), self.ledge_h)
                ledge.midbottom = (wall.centerx, wall.y)
                pygame.draw.rect(layer, LEDGE, ledge, border_radius=3)
                pygame.draw.rect(layer, LEDGE_DARK, ledge, 2, border_radius=3)
        r = self.roof_rect
        pygame.draw.rect(layer, LEDGE, r, border_radius=4)
        pygame.draw.rect(layer, LEDGE_DARK, r, 2, border_radius=4)
        mast = (r.right - 14, r.y)
        pygame.draw.line(layer, (200, 200, 210), mast, (mast[0], mast[1] - 24), 2)
        pygame.draw.polygon(layer, look.GOLD, [(mast[0], mast[1] - 24), (mast[0] - 16, mast[1] - 19), (mast[0], mast[1] - 14)])
        look.text(layer, "ROOF", (r.x + 7, r.centery), 12, (60, 44, 24), bold=True, anchor="midleft", shadow=False)
        return layer

    # ---- geometry -------------------------------------------------------------------
    def hand_cards(self, view) -> list[str]:
        """The cards of the seat in front of the screen, in fan order."""
        me = view["seat"]
        mine = view["seats"][me]
        cards = [f"N{v}" for v in mine["numbers"]] + (["P"] if mine["parasite"] else [])
        return cards + list(view["hand"])

    def card_rects(self, view) -> list[tuple[str, pygame.Rect]]:
        """Where each card of the hand rests. Above them is room for a card to lift
        (LIFT) below the line of text at the top of the hand."""
        cards = self.hand_cards(view)
        top = self.hand_rect.y + HAND_TEXT_H + LIFT
        h = self.hand_rect.bottom - 10 - top
        w = int(h * 0.68)
        area = self.hand_rect.inflate(-24, 0)
        n = max(1, len(cards))
        if n * (w + 8) - 8 > area.w:  # a big hand: smaller cards side by side, not one over another's words
            w = max(MIN_CARD_W, (area.w + 8) // n - 8)
            h, top = int(w / 0.68), top + h - int(w / 0.68)
        step = min(w + 8, (area.w - w) / max(1, len(cards) - 1))
        x0 = area.x + max(0, (area.w - (step * (len(cards) - 1) + w)) / 2)
        mid = (len(cards) - 1) / 2 or 1
        # a gentle fan: the outer cards sit a little lower
        return [(card, pygame.Rect(int(x0 + i * step), top + int(6 * ((i - mid) / mid) ** 2), w, h))
                for i, card in enumerate(cards)]

    def figure_rect(self, seat, view) -> pygame.Rect:
        y, g = view["figures"][seat]
        x, py = self.figure_point(seat, y, g, view["figures"])
        s = self.fig_size
        return pygame.Rect(x - s // 2, py - s, s, s + 4)

    def arrow_start(self, move):
        """A climb starts where the climber's figure stands."""
        view = self.view()
        if move.kind != "route" or view["to_move"] is None:
            return None
        return self.figure_rect(view["to_move"], view).center

    def square_rect(self, y: int, g: int) -> pygame.Rect:
        """The clickable place of a square on the wall (the roof for y >= roof)."""
        state = self.match.state
        if y >= state.roof:  # the roof and a little above it, down to the top wall, not onto its top square
            roof = self.roof_rect
            return pygame.Rect(roof.x, roof.y - 8, roof.w, self.walls[2].y - roof.y + 8)
        section = (y - 1) // state.squares
        w = max(12, int(self.walls[section].w / state.grooves[section] * 0.8))
        rect = pygame.Rect(0, 0, w, max(8, int(self.pitch)))
        rect.center = (self.groove_x(section, g), self.square_y(y))
        return rect

    # ---- drawing ---------------------------------------------------------------------
    def show_hand(self, view) -> bool:
        """In pass-and-play a hand shows only while its owner decides."""
        return not self.hand_off.needed() or view["to_move"] in (view["seat"], None)

    def draw_board(self, surface, view: dict, highlights) -> None:
        look.blit(surface, self.tower_layer, (0, 0))
        hidden = self.hidden_targets()
        self._draw_open(surface, view)
        for seat in range(self.n):
            self._draw_plaque(surface, view, seat, highlights)
        self._draw_route_squares(surface, view, highlights)
        for seat in range(self.n):
            self.hits.rect(("seat", seat), self.figure_rect(seat, view), also=True)  # as good as the plaque
            if ("figure", seat) not in hidden:
                y, g = view["figures"][seat]
                self.draw_figure(surface, seat, self.figure_point(seat, y, g, view["figures"]),
                                 glow=("seat", seat) in highlights.next_targets)
        if view["phase"] == "route":
            self._add_square_hits()
        self._draw_route_path(surface, view, highlights)
        self._draw_hand(surface, view, highlights)

    def _add_square_hits(self) -> None:
        """While a climb's route is chosen every square can be clicked (one that is
        not lit says why not), above the figures; the roof above the top wall."""
        state = self.match.state
        for section, count in enumerate(state.grooves):
            for g in range(count):
                for y in range(section * state.squares + 1, (section + 1) * state.squares + 1):
                    self.hits.rect(("square", y, g), self.square_rect(y, g))
        self.hits.rect(("square", state.roof, 0), self.square_rect(state.roof, 0))

    def _draw_route_squares(self, surface, view, highlights) -> None:
        """Ruling 6: the squares a climb may end on glow; the hovered one brighter."""
        for route in view["routes"]:
            target = ("square", *route["to"])
            if target not in highlights.next_targets:
                continue
            rect = self.square_rect(*route["to"])
            centre = rect.center if route["to"][0] < view["roof"] else rect.midtop
            lit = highlights.hover == target
            pygame.draw.circle(surface, look.HIGHLIGHT if lit else look.GOLD, centre, max(4, int(self.pitch * 0.32)))
            self.glow(surface, centre, max(7, int(self.pitch * 0.6)), look.HIGHLIGHT if lit else look.GOLD,
                      3 if lit else 2)

    def _draw_route_path(self, surface, view, highlights) -> None:
        """Hovering a lit square shows the way there and what it costs."""
        route = next((r for r in view["routes"] if ("square", *r["to"]) == highlights.hover), None)
        if route is None or highlights.hover not in highlights.next_targets:
            return
        seat = view["to_move"]
        points = [self.figure_point(seat, y, g, view["figures"]) for y, g in route["path"]]
        points = [(x, y - self.fig_size // 3) for x, y in points]
        if len(points) > 1:
            pygame.draw.lines(surface, (20, 16, 12), False, points, 7)
            pygame.draw.lines(surface, look.HIGHLIGHT, False, points, 3)
        cost = [f"{route['used']} equipment" if route["used"] else "keeps your equipment"]
        if route["side"]:
            cost.append(f"{route['side']} sideways")
        if route["passed"]:
            cost.append(f"passes {route['passed']}")
        where = "the roof" if route["to"][0] >= view["roof"] else f"square {route['to'][0]}"
        label = f"To {where}: " + ", ".join(cost)
        size = 14
        w = look.font(size, True).size(label)[0] + 14
        tip = pygame.Rect(0, 0, w, size + 10)
        tip.midbottom = (points[-1][0], points[-1][1] - self.fig_size // 2 - 4)
        tip.clamp_ip(self.tower_rect)
        pygame.draw.rect(surface, (20, 16, 14), tip, border_radius=6)
        pygame.draw.rect(surface, look.HIGHLIGHT, tip, 1, border_radius=6)
        look.text(surface, label, tip.center, size, look.INK, bold=True, anchor="center", shadow=False)

    def draw_figure(self, surface, seat, point, glow=False) -> None:
        """A climber: head, body and the seat's shape on the chest."""
        x, y = point
        s = self.fig_size
        colour = self.seat_rgb(seat)
        if glow:
            self.glow(surface, (x, y - s // 2), s // 2 + 4)
        body = [(x - s * 0.32, y), (x + s * 0.32, y), (x + s * 0.22, y - s * 0.62), (x - s * 0.22, y - s * 0.62)]
        pygame.draw.polygon(surface, colour, body)
        pygame.draw.polygon(surface, (16, 12, 10), body, 2)
        pygame.draw.circle(surface, colour, (x, int(y - s * 0.78)), max(3, int(s * 0.2)))
        pygame.draw.circle(surface, (16, 12, 10), (x, int(y - s * 0.78)), max(3, int(s * 0.2)), 2)
        look.draw_seat_shape(surface, self.match.seats[seat].colour, (x, int(y - s * 0.32)), max(3, int(s * 0.16)),
                             (250, 246, 236))

    def _draw_open(self, surface, view) -> None:
        r = self.open_rect
        pygame.draw.rect(surface, PLAQUE, r, border_radius=8)
        cw, ch = self.open_card_size
        card_at = pygame.Rect(r.x + 10, r.y + 16, cw, ch)
        won = view["pending"]  # [seat, card]: a won card waiting to be used or kept stays in sight
        label = f"Won by {self.match.seats[won[0]].name}" if won else "Up for bids"
        label = look.text(surface, look.fit_text(label, 12, r.w - 20), (r.x + 10, r.y + 1), 12,
                          look.GOLD if won else look.MUTED)
        if won:
            look.blit(surface, card_image(won[1], self.seat_rgb(won[0]), cw, ch), card_at)
            pygame.draw.rect(surface, look.GOLD, card_at, 2, border_radius=6)
        elif view["open"]:
            look.blit(surface, card_image(view["open"], (0, 0, 0), cw, ch), card_at)
        else:
            pygame.draw.rect(surface, (80, 70, 60), card_at, 2, border_radius=6)
            look.text(surface, "none", card_at.center, 13, look.MUTED, anchor="center")
        x = card_at.right + 14
        w = r.right - x - 8
        lines = [f"Round {view['round']}", ]
        if view["open"] in CRASHES:
            lines.append("Crash! The lowest single number falls.")
        elif won:
            lines.append(f"{self.match.seats[won[0]].name} uses the {card_name(won[1])} on a player now or keeps it.")
        elif view["open"]:
            lines.append(f"{card_name(view['open'])}: highest single number wins it.")
        # no-break spaces keep each count with its name when the line wraps
        lines.append(f"Main\u00a0set\u00a0{view['main']} · shared\u00a0pile\u00a0{view['discard']}")
        starter = self.match.seats[view["start"]].name
        lines.append(f"{starter} starts this round.")
        last = view["last_round"]
        if view["phase"] == "choose" and last is not None:
            bids = ", ".join(f"{self.match.seats[s].name}\u00a0{card[1:] if card[0] == 'N' else card_name(card)}"
                             for s, card, _target in last["plays"])
            lines.append(f"Last round's bids: {bids}")
        y = r.y + 8 if label.right < x else label.bottom + 2  # under a label wider than the card
        size = 14 if w > 260 else 12
        for i, line in enumerate(lines):
            parts = look.wrap_text(line, size if i else 17, w, bold=i == 0)
            step = size + 4 if i else 22
            if y + (len(parts) - 1) * step + size > r.bottom - 4:
                return  # a small window drops the last lines, each whole, rather than spill out of the box
            for part in parts:
                look.text(surface, part, (x, y), size if i else 17, look.GOLD if i == 0 else look.INK, bold=i == 0)
                y += step

    def one_line(self, r: pygame.Rect) -> bool:
        """A plaque too short for a name line above the chips (five players in a small
        window, a lesson's board) shows name, chips and card slot side by side."""
        return r.h < PLAQUE_TWO_LINES

    def slot_rect(self, r: pygame.Rect) -> pygame.Rect:
        """The card slot on a plaque's right."""
        slot_h = r.h - (6 if self.one_line(r) else 12)
        slot = pygame.Rect(0, 0, int(slot_h * 0.68), slot_h)
        slot.midright = (r.right - 8, r.centery)
        return slot

    def chip_rects(self, r: pygame.Rect) -> list[pygame.Rect]:
        """The number chips 1..8 and the parasite's P on a plaque: under the name, or
        on its line, between the name and the card slot."""
        slot = self.slot_rect(r)
        if self.one_line(r):
            chip = max(12, min(13, r.h - 10))
            x = slot.x - 8 - (9 * (chip + 2) + 4)
            y = r.centery - (chip + 2) // 2
        else:
            chip = max(12, min(16, (slot.x - r.x - 46) // 9 - 2))
            x, y = r.x + 10, r.y + 30
        rects = [pygame.Rect(x + k * (chip + 2), y, chip, chip + 2) for k in range(8)]
        return rects + [pygame.Rect(x + 8 * (chip + 2) + 4, y, chip + 4, chip + 2)]

    def _draw_plaque(self, surface, view, seat, highlights) -> None:
        r = self.plaques[seat]
        self.hits.rect(("seat", seat), r)
        info = view["seats"][seat]
        colour = self.seat_rgb(seat)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, PLAQUE, bg.get_rect(), border_radius=8)
        surface.blit(bg, r)
        target = ("seat", seat)
        border = colour
        if target in highlights.next_targets:
            border = look.HIGHLIGHT if highlights.hover == target else look.GOLD
        width = 3 if seat == view["to_move"] or target in highlights.next_targets else 1
        pygame.draw.rect(surface, border, r, width, border_radius=8)
        # the card slot on the right: face down while chosen, the last round's card after
        slot = self.slot_rect(r)
        self._draw_slot(surface, view, seat, slot)
        chips = self.chip_rects(r)
        inner_w = slot.x - r.x - 16
        one_line = self.one_line(r)
        top = r.centery - 8 if one_line else r.y + 5
        look.draw_seat_shape(surface, self.match.seats[seat].colour, (r.x + 16, top + 10), 8, colour)
        bold = seat == view["to_move"]
        if one_line:  # the height is the score in the side panel, and the figure on the wall
            room = chips[0].x - r.x - 36
        else:
            y, _ = view["figures"][seat]
            height = f"{y}/{view['roof']}"
            if y >= view["roof"]:  # the name keeps its room: a narrow card says it shorter
                name_w = look.font(16, bold).size(self.match.seats[seat].name)[0]
                fits = slot.x - 8 - look.font(14, True).size("on the roof")[0] - r.x - 40 >= name_w
                height = "on the roof" if fits else "roof"
            hrect = look.text(surface, height, (slot.x - 8, r.y + 6), 14, look.INK, bold=True, anchor="topright")
            room = hrect.x - r.x - 40
        name = self.match.seats[seat].name
        size = 16 if look.font(16, bold).size(name)[0] <= room else 13  # smaller before it is shortened
        look.text(surface, look.fit_text(name, size, room, bold=bold), (r.x + 30, top + (16 - size) // 2), size,
                  look.INK, bold=bold)
        # number chips: the ones still in hand bright (the used pile is public)
        for v, cr in enumerate(chips, start=1):
            have = info["parasite"] if v == 9 else v in info["numbers"]
            chip = colour if have else (70, 62, 56)
            pygame.draw.rect(surface, chip, cr, border_radius=3)
            ink = look.ink_for(chip, light=(255, 255, 255) if have else (196, 186, 174))  # a used one dimmer
            look.text(surface, "P" if v == 9 else str(v), cr.center, max(look.SMALLEST_TEXT, cr.h - 4), ink, bold=True,
                      anchor="center", shadow=False)
        extra = f"{info['cards']} action card" + ("" if info["cards"] == 1 else "s")
        if info["debts"]:
            owed = ", ".join("a climbing card" if d == "C" else "equipment" for d in info["debts"])
            extra += f" · owes {owed}"
        if r.h >= 64:
            look.text(surface, look.fit_text(extra, 12, inner_w), (r.x + 10, chips[0].bottom + 4), 12,
                      look.WARN if info["debts"] else look.MUTED)

    def _draw_slot(self, surface, view, seat, slot) -> None:
        info = view["seats"][seat]
        if info["chosen"]:
            mine = view["my_choice"] if seat == view["seat"] and self.show_hand(view) else None
            look.blit(surface, card_image(mine[0] if mine else "back", self.seat_rgb(seat), slot.w, slot.h), slot)
            return
        if view["phase"] == "choose" and view["to_move"] is not None:
            # a new round's bidding: its slots are empty until a bid is put down (last round's
            # bids there read as this round's; the open card's box lists them)
            pygame.draw.rect(surface, (90, 80, 70), slot, 1, border_radius=5)
            return
        last = view["last_round"]
        for s, card, _target in last["plays"] if last is not None else ():
            if s == seat:  # the bids just revealed, while the round plays out
                look.blit(surface, card_image(card, self.seat_rgb(seat), slot.w, slot.h), slot)

    def _draw_hand(self, surface, view, highlights) -> None:
        r = self.hand_rect
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 16, 14, 200), bg.get_rect(), border_radius=10)
        surface.blit(bg, r)
        me = view["seat"]
        who = self.match.seats[me].name
        if not self.show_hand(view):
            look.text(surface, "Hands stay hidden until the next player has the screen.", r.center, 16, look.MUTED,
                      anchor="center")
            return
        # one line at the top of the hand: what is asked of its owner now, said shorter where the hand is narrow
        title, colour, asks = f"{who}'s hand", look.GOLD, ()
        person = self.match.seats[me].kind == "human"  # a watched computer's hand is not "yours", nor asked to click
        if highlights.pending_to:
            asks = (f" — Confirm (Enter) before the screen goes to {highlights.pending_to}, or pick again",
                    " — Enter confirms, or pick again")
            colour = look.HIGHLIGHT
        elif highlights.selected and highlights.selected[0][0] == "card":
            asks = ((" — click that player again to confirm (right-click cancels)", " — click that player again")
                    if len(highlights.selected) > 1 else
                    (" — now pick the player to play it against (right-click cancels)", " — now pick the player"))
            colour = look.HIGHLIGHT
        elif view["my_choice"] and view["to_move"] != me:
            put_down = card_name(view["my_choice"][0])
            asks = (f" — you put down {put_down}" if person else f" — put down: {put_down}",)
        elif not person:
            pass
        elif view["phase"] == "use" and view["to_move"] == me:
            asks = (f" — use the {card_name(view['pending'][1])} on a player now, or keep it", " — use it, or keep it")
        elif view["phase"] == "route" and view["to_move"] == me:
            asks = (f" — your {card_name(view['acting'])} climbs: click a lit square on the wall",
                    " — click a lit square")
        elif view["phase"] == "target" and view["to_move"] == me:
            asks = (f" — your {card_name(view['acting'])} acts: click the player it is against",
                    " — click the player")
        line = look.fit_words(tuple(title + ask for ask in asks) + (title,), 14, r.w - 24, bold=True)
        look.text(surface, line, (r.x + 12, r.y + 5), 14, colour, bold=True)
        rects = self.card_rects(view)
        put_down = view["my_choice"][0] if view["my_choice"] else None
        for i, (card, rect) in enumerate(rects):
            target = ("card", card)
            # the part not covered by the next card is where the card is clicked
            uncovered = rects[i + 1][1].x - rect.x if i + 1 < len(rects) else rect.w
            self.hits.rect(target, (rect.x, rect.y, min(rect.w, uncovered), rect.h))
            playable = target in highlights.next_targets
            if target in highlights.selected:
                rect = rect.move(0, -LIFT)
            elif highlights.hover == target and playable:
                rect = rect.move(0, -LIFT // 2)
            face = image = card_image(card, self.seat_rgb(me), rect.w, rect.h)
            faded = card == put_down or (highlights.next_targets and not playable)
            if faded:
                image = image.copy()  # the card already lies face down on the plaque, or cannot be played now
                image.set_alpha(120)
            look.blit(surface, image, rect, words_of=face, inactive=faded)
            if playable:
                edge = look.HIGHLIGHT if highlights.hover == target else look.GOLD
                pygame.draw.rect(surface, edge, rect.inflate(4, 4), 2, border_radius=8)

    # ---- animations -------------------------------------------------------------------
    def animations_for(self, move, seat, before, after) -> list[Anim]:
        last = after["last_round"]
        if last is None:
            return []
        same = before["last_round"] is not None and before["last_round"]["round"] == last["round"]
        done = len(before["last_round"]["moves"]) if same else 0
        moves = last["moves"][done:]
        revealed = not same
        if not moves and not revealed:
            return []
        reveal_time = 0.6 if revealed else 0.0
        per_move = 0.45
        figures = after["figures"]
        plays = last["plays"]

        def paint(surface, t):
            now = t * (reveal_time + per_move * len(moves))
            if revealed and now < reveal_time + 0.3:
                for k, (s, card, _target) in enumerate(plays):
                    slot = self.slot_rect(self.plaques[s])
                    f = max(0.0, min(1.0, (now - 0.08 * k) / 0.3))
                    w = max(1, int(slot.w * abs(math.cos(math.pi * (1 - f) / 2 + math.pi / 2))))
                    face = card_image(card if f > 0.5 else "back", self.seat_rgb(s), slot.w, slot.h)
                    image = pygame.transform.smoothscale(face, (w, slot.h))
                    surface.blit(image, image.get_rect(center=slot.center))
            moving = {m[0] for m in moves}
            for s in moving:  # where each moving figure stands at this moment
                point = None
                for i, (ms, start, end, _why) in enumerate(moves):
                    if ms != s:
                        continue
                    t0 = reveal_time + i * per_move
                    a = self.figure_point(s, start[0], start[1], figures)
                    b = self.figure_point(s, end[0], end[1], figures)
                    if now < t0:
                        point = point or a
                        break
                    f = min(1.0, (now - t0) / per_move)
                    point = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f - math.sin(math.pi * f) * 6)
                self.draw_figure(surface, s, (int(point[0]), int(point[1])))

        hides = frozenset(("figure", s) for s, *_ in moves)
        return [Anim(reveal_time + per_move * len(moves), paint, hides=hides)]

    # ---- results ----------------------------------------------------------------------
    def score_breakdown(self, seat: int) -> str:
        state = self.match.state
        y = state.pos[seat][0]
        return "on the roof" if y >= state.roof else f"climbed {y} of {state.roof} squares"


SCENE = SkyRunnerScene

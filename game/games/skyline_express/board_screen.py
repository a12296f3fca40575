"""Skyline Express: a printed roll-and-write sheet with a dice tray above it.

Everything is laid out on a 900 x 770 design grid and scaled to the board area.
The paper (carriage, empty tracks, task and service cards) is drawn once per
layout and sheet; each frame adds the pencil marks, the dice and the highlights.
"""
from __future__ import annotations

import math
import random

import pygame

from ...ui import draw, look
from ...ui.board import Anim, BoardScene
from .rules import (
    COLOUR_NAMES,
    COLOURS,
    COMPARTMENTS,
    DICE_TRACK,
    SEATS,
    SERVICE_TRACK,
    SERVICES,
    TASKS,
    band,
    seat_name,
)
from .words import automaton_summary, sheet_name, task_text

DESIGN = (900, 770)
PAPER = (246, 240, 226)
PAPER_EDGE = (196, 184, 160)
INK = (52, 46, 40)
FAINT = (150, 140, 124)
MUTED_INK = (100, 90, 76)  # words in a lighter hand than INK, dark enough to read at a glance
# red, yellow, green, blue: told apart in the three colour-blind simulations too (tests/colours.py),
# and white letters on red, green and blue read at 4.5:1
PENCIL = {0: (185, 50, 30), 1: (236, 200, 40), 2: (0, 130, 105), 3: (30, 60, 190)}
PENCIL_DARK = {k: draw.shade(c, 0.55) for k, c in PENCIL.items()}
GOLD_PEN = (214, 150, 20)
WOOD = (150, 104, 64)
GLASS = (176, 212, 232)
SEAT_CLOTH = (214, 204, 186)
SEAT_INK = (92, 62, 54)  # a seat's name on its cloth
ROLL_SECONDS = 0.6


LEAST_SHEET_SCALE = 0.72  # the sheet at 960x640 with the panel at 100 %: a bigger panel gives way, not the sheet


class SkylineScene(BoardScene):
    LEAST_BOARD_WIDTH = round(DESIGN[0] * LEAST_SHEET_SCALE)
    # ---- layout --------------------------------------------------------
    NUMBER_KEYS = "1–4 take that die of the tray (counted from the left); 1–6 turn a die to that face."

    def colour_groups(self) -> list:
        # the dice carry no letter (the passengers, pencils and services do): the colours alone tell them
        return super().colour_groups() + [("dice and passengers", dict(zip(COLOUR_NAMES, PENCIL.values())), "")]

    def number_target(self, number: int):
        """A number key turns the die to that face when a face is asked for, else takes the
        tray's die at that place (1 the first)."""
        targets = self.controller.next_targets()
        if ("face", number) in targets:
            return ("face", number)
        dice = sorted(t for t in targets if t[0] == "die")
        return dice[number - 1] if number <= len(dice) else None

    def layout(self, rect: pygame.Rect) -> None:
        self.scale = min(rect.w / DESIGN[0], rect.h / DESIGN[1])
        w, h = int(DESIGN[0] * self.scale), int(DESIGN[1] * self.scale)
        self.origin = (rect.x + (rect.w - w) // 2, rect.y + (rect.h - h) // 2)
        self.paper = self.r(0, 36, 900, 734)
        n = len(self.match.state.sheets)
        tab_w = min(180, 900 // n)
        self.tabs = [self.r(i * tab_w, 0, tab_w - 6, 34) for i in range(n)]
        self.dice_rects = [self.r(20 + i * 74, 66, 60, 60) for i in range(4)]
        self.face_rects = {v: self.r(336 + (v - 1) * 48, 74, 42, 42) for v in range(1, 7)}
        self.paint_rects = {k: self.r(650 + k * 60, 74, 44, 44) for k in range(4)}
        self.carriage = self.r(14, 164, 872, 222)
        self.comp_rects = [self.r(30 + c * 141, 196, 134, 150) for c in range(COMPARTMENTS)]
        self.seat_rects = []
        for i in range(SEATS):
            c, k = divmod(i, 4)
            x = 30 + c * 141 + (8 if k % 2 == 0 else 80)
            y = 204 + (0 if k < 2 else 84)
            self.seat_rects.append(self.r(x, y, 46, 54))
        self.track_boxes = {
            "service": [self.r(112 + i * 22.5, 402, 20, 23) for i in range(SERVICE_TRACK)],
            "dice": [self.r(112 + i * 22.5, 436, 20, 23) for i in range(DICE_TRACK)],
        }
        self.task_rects = {(d, b): self.r(14 + b * 172, 494 + row * 68, 164, 62)
                           for row, d in enumerate((3, 2, 0, 1)) for b in range(3)}
        self.service_rects = [self.r(548 + (i % 6) * 57, 494 + (i // 6) * 70, 52, 62) for i in range(len(SERVICES))]
        self.score_rect = self.r(548, 640, 338, 124)
        self.pinned = None  # (sheet shown, history length when a tab was clicked)
        self._paper_cache = {}

    def r(self, x, y, w, h) -> pygame.Rect:
        s = self.scale
        ox, oy = self.origin
        return pygame.Rect(round(ox + x * s), round(oy + y * s), max(1, round(w * s)), max(1, round(h * s)))

    def fs(self, size: int) -> int:
        """A font size on the sheet: the design's size scaled, never under the floor."""
        return max(look.SMALLEST_TEXT, round(size * self.scale))

    # ---- which sheet is on the paper --------------------------------------
    def shown(self) -> int:
        state = self.match.state
        if self.pinned is not None and self.pinned[1] == len(state.history):
            return self.pinned[0]
        if state.to_move is not None:
            return state.to_move
        return self.viewer

    def own_click_targets(self) -> list:
        return super().own_click_targets() + [(f"sheet tab {i}", tab) for i, tab in enumerate(self.tabs)]

    def on_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, tab in enumerate(self.tabs):
                if tab.collidepoint(event.pos):
                    self.pinned = (i, len(self.match.state.history))
                    return
        super().on_event(event)

    # ---- the paper, drawn once per sheet ---------------------------------------
    def _paper_layer(self, view: dict, who: int) -> pygame.Surface:
        key = (who, view["service_rows"])
        if key not in self._paper_cache:
            self._paper_cache[key] = self._draw_paper(view, who)
        return self._paper_cache[key]

    def _draw_paper(self, view: dict, who: int) -> pygame.Surface:
        layer = pygame.Surface(self.app.size, pygame.SRCALPHA)
        p = self.paper
        pygame.draw.rect(layer, (0, 0, 0, 90), p.move(5, 7), border_radius=6)
        pygame.draw.rect(layer, PAPER, p, border_radius=6)
        for y in range(p.y + 8, p.bottom - 4, max(6, int(22 * self.scale))):  # faint ruling like printed paper
            pygame.draw.line(layer, (236, 228, 210), (p.x + 6, y), (p.right - 6, y))
        pygame.draw.rect(layer, PAPER_EDGE, p, 2, border_radius=6)
        self._draw_tray_labels(layer)
        self._draw_carriage(layer)
        self._draw_tracks(layer)
        self._draw_tasks(layer, view)
        self._draw_service_cards(layer, view)
        return layer

    def _label(self, surface, text, pos, size, colour=INK, bold=False, anchor="topleft"):
        return look.text(surface, text, pos, self.fs(size), colour, bold=bold, anchor=anchor, shadow=False)

    def _draw_tray_labels(self, layer) -> None:
        tray = self.r(10, 44, 300, 104)
        pygame.draw.rect(layer, (92, 62, 38), tray, border_radius=10)
        pygame.draw.rect(layer, (60, 40, 24), tray, 2, border_radius=10)
        felt = tray.inflate(-int(12 * self.scale), -int(12 * self.scale))
        pygame.draw.rect(layer, (40, 102, 66), felt, border_radius=8)
        # a small sheet says the same in fewer letters rather than end in "…"
        for words, x, right in ((("Value: 1 dice point a step", "Value: 1 dice pt a step", "±1: 1 dice point"),
                                 336, 640),
                                (("Colour: 3 dice points", "Colour: 3 dice pts", "Colour: 3 pts"), 650, 900)):
            self._label(layer, look.fit_words(words, self.fs(13), self.r(0, 0, right - x - 10, 0).w, True),
                        self.r(x, 50, 0, 0).topleft, 13, INK, True)
        for rect in self.face_rects.values():
            pygame.draw.rect(layer, FAINT, rect.inflate(4, 4), 1, border_radius=8)
        bonus = ("1 → 2 service points   2–4 → 1 service + 1 dice point   5–6 → VIP",
                 "1 → 2 service   2–4 → 1 service + 1 dice   5–6 → VIP", "1→2 service  2–4→1 service+1 dice  5–6→VIP")
        self._label(layer, look.fit_words(bonus, self.fs(13), self.r(336, 0, 556, 0).w),
                    self.r(336, 126, 0, 0).topleft, 13, MUTED_INK)

    def _draw_carriage(self, layer) -> None:
        s = self.scale
        body = self.carriage
        pygame.draw.rect(layer, (0, 0, 0, 60), body.move(3, 4), border_radius=int(26 * s))
        pygame.draw.rect(layer, (64, 88, 112), body, border_radius=int(26 * s))
        inner = self.r(22, 180, 856, 190)
        pygame.draw.rect(layer, (226, 218, 200), inner, border_radius=int(12 * s))
        # windows along the top edge, one pair per compartment
        for c in range(COMPARTMENTS):
            for k in (0, 1):
                win = self.r(40 + c * 141 + k * 62, 168, 52, 10)
                pygame.draw.rect(layer, GLASS, win, border_radius=3)
                pygame.draw.rect(layer, (40, 60, 80), win, 1, border_radius=3)
        # the corridor along the bottom
        corridor = self.r(22, 346, 856, 24)
        pygame.draw.rect(layer, (196, 184, 162), corridor)
        for x in range(corridor.x, corridor.right, max(8, int(18 * s))):
            pygame.draw.line(layer, (182, 170, 148), (x, corridor.y), (x, corridor.bottom))
        self._label(layer, "corridor", (corridor.centerx, corridor.centery), 12, INK, anchor="center")
        for c, comp in enumerate(self.comp_rects):
            pygame.draw.rect(layer, (236, 230, 214), comp)
            table = self.r(30 + c * 141 + 58, 200, 18, 26)
            pygame.draw.rect(layer, WOOD, table, border_radius=3)
            pygame.draw.rect(layer, (90, 60, 36), table, 1, border_radius=3)
            for k in (0, 1):  # the two benches facing each other
                bench = self.r(30 + c * 141 + (4 if k == 0 else 76), 200, 54, 142)
                pygame.draw.rect(layer, (150, 60, 56), bench, border_radius=int(8 * s))
                back = bench.copy()
                back.w = max(3, int(8 * s))
                if k == 1:
                    back.right = bench.right
                pygame.draw.rect(layer, (110, 40, 38), back, border_radius=3)
            for k in range(4):
                pygame.draw.rect(layer, SEAT_CLOTH, self.seat_rects[4 * c + k], border_radius=int(9 * s))
                pygame.draw.rect(layer, (120, 50, 48), self.seat_rects[4 * c + k], 1, border_radius=int(9 * s))
            # partition wall and door to the corridor
            wall = self.r(30 + c * 141 + 134, 180, 7, 166)
            if c < COMPARTMENTS - 1:
                pygame.draw.rect(layer, (64, 88, 112), wall)
            door = self.r(30 + c * 141 + 36, 344, 62, 4)
            pygame.draw.rect(layer, (120, 90, 60), door)
            self._label(layer, str(c + 1), self.r(30 + c * 141 + 67, 186, 0, 0).topleft, 14, INK, True,
                        anchor="center")

    def _draw_tracks(self, layer) -> None:
        for name, label in (("service", "Service"), ("dice", "Dice")):
            boxes = self.track_boxes[name]
            self._label(layer, label, (self.r(102, 0, 0, 0).x, boxes[0].centery), 14, INK, True, anchor="midright")
            for i, box in enumerate(boxes):
                pygame.draw.rect(layer, (255, 252, 244), box, border_radius=3)
                pygame.draw.rect(layer, FAINT, box, 1, border_radius=3)
                if (i + 1) % 5 == 0 and not self._numbered(i):  # a number wider than its box: the box is marked
                    pygame.draw.rect(layer, MUTED_INK, box, 2, border_radius=3)

    def _numbered(self, i: int) -> bool:
        """Is the track's space i numbered (every fifth, where the number fits inside)?"""
        return (i + 1) % 5 == 0 and look.font(self.fs(12)).size(str(i + 1))[0] <= self.track_boxes["service"][0].w + 2

    def _draw_tasks(self, layer, view) -> None:
        self._label(layer, look.fit_words(("Tasks (the set-up roll circles one per colour)",
                                           "Tasks (one per colour circled)"), self.fs(14),
                                         self.r(0, 0, 520, 0).w, True), self.r(14, 470, 0, 0).topleft, 14, INK, True)
        for (d, b), rect in self.task_rects.items():
            pygame.draw.rect(layer, (252, 248, 238), rect, border_radius=6)
            pygame.draw.rect(layer, PENCIL[d], rect, 2, border_radius=6)
            tag, icon = self._task_parts(b, rect)
            pygame.draw.rect(layer, PENCIL[d], tag, border_top_left_radius=6, border_bottom_left_radius=6)
            self._task_icon(layer, TASKS[d][b], icon)

    def _task_parts(self, b: int, rect) -> tuple[pygame.Rect, pygame.Rect]:
        """A task card's coloured band (as wide as its dice words: the floor of 12 px outgrows
        a small sheet's band) and its picture."""
        band = max(int(30 * self.scale), look.font(self.fs(13), True).size(f"{2 * b + 1}-{2 * b + 2}")[0] + 4)
        tag = pygame.Rect(rect.x, rect.y, band, rect.h)
        icon = pygame.Rect(0, 0, int(46 * self.scale), int(46 * self.scale))
        icon.midleft = (tag.right + int(8 * self.scale), rect.centery)
        return tag, icon

    def _draw_task_words(self, surface, view) -> None:
        """The task cards' words, drawn over the veil of the cards the set-up roll did not
        circle: veiled cards keep words as dark as the others' (white on a veiled band fails)."""
        for (d, b), rect in self.task_rects.items():
            task = TASKS[d][b]
            tag, icon = self._task_parts(b, rect)
            circled = band(view["task_roll"][d]) == b
            self._label(surface, f"{2 * b + 1}-{2 * b + 2}", tag.center, 13,
                        look.ink_for(PENCIL[d], dark=INK) if circled else INK, True, anchor="center")
            points = self._label(surface, str(task[3]), (rect.right - int(10 * self.scale), rect.centery), 22, INK,
                                 True, anchor="midright")
            kind = {"across": "across", "surround": "among 3", "window": "window", "corridor": "corridor"}[task[0]]
            room = points.x - 4 - icon.right - int(6 * self.scale)
            if look.font(self.fs(13)).size(kind)[0] <= room:  # the icon says it all when space is short
                self._label(surface, kind, (icon.right + int(6 * self.scale), rect.centery), 13, MUTED_INK,
                            anchor="midleft")

    def _task_icon(self, layer, task, box) -> None:
        """A tiny compartment: left bench a+c, right bench b+d, window on top."""
        kind, x, y, _ = task
        pygame.draw.rect(layer, SEAT_CLOTH, box, border_radius=4)
        pygame.draw.line(layer, GLASS, box.topleft, box.topright, 3)
        cells = [pygame.Rect(box.x + (k % 2) * box.w // 2, box.y + (k // 2) * box.h // 2, box.w // 2, box.h // 2)
                 for k in range(4)]
        rad = max(3, box.w // 6)
        if kind == "across":
            fill = [x, y, x, y]
        elif kind == "surround":
            fill = [None, x, None, None]
        else:
            fill = [None] * 4
        for k, cell in enumerate(cells):
            c = fill[k]
            if c is not None:
                pygame.draw.circle(layer, PENCIL[c], cell.center, rad)
                pygame.draw.circle(layer, INK, cell.center, rad, 1)
            elif kind == "surround" or (kind == "window" and k < 2) or (kind == "corridor" and k >= 2):
                pygame.draw.circle(layer, (255, 255, 255), cell.center, rad)
                pygame.draw.circle(layer, INK, cell.center, rad, 1)
                for dy in (-rad // 3, rad // 3):  # an equals sign: these seats take alike passengers
                    pygame.draw.line(layer, INK, (cell.centerx - rad // 2, cell.centery + dy),
                                     (cell.centerx + rad // 2, cell.centery + dy), max(1, rad // 4))

    def _draw_service_cards(self, layer, view) -> None:
        self._label(layer, look.fit_words(("Services: 5 points each, 2 a pair", "Services: 5 each, 2 a pair"),
                                          self.fs(14),
                                         self.r(0, 0, 338, 0).w, True), self.r(548, 470, 0, 0).topleft, 14, INK, True)
        for i, rect in enumerate(self.service_rects):
            row, (a, b) = SERVICES[i]
            pygame.draw.rect(layer, (252, 248, 238), rect, border_radius=6)
            pygame.draw.rect(layer, FAINT, rect, 1, border_radius=6)
            veiled = row == 1 and view["service_rows"] < 2
            rad = max(8, int(12 * self.scale))
            for k, colour in enumerate((a, b)):  # one above the other: room for letters a person can read
                centre = self._service_dot(rect, k)
                pygame.draw.circle(layer, PENCIL[colour], centre, rad)
                pygame.draw.circle(layer, INK, centre, rad, 1)
            if veiled:
                layer.blit(look.tint(rect.size, (246, 240, 226, 190)), rect)
                pygame.draw.line(layer, FAINT, rect.topleft, rect.bottomright, 2)
        if view["service_rows"] < 2:
            row2 = self.service_rects[6].union(self.service_rects[11])
            words = look.fit_words(("second row: 3–4 players only", "3–4 players only"), self.fs(12), row2.w - 10,
                                   True)
            note = look.rendered(words, self.fs(12), INK, True).get_rect(center=row2.center)
            pygame.draw.rect(layer, PAPER, note.inflate(10, 4), border_radius=4)
            self._label(layer, words, row2.center, 12, INK, True, anchor="center")

    def _service_dot(self, rect, k: int) -> tuple[int, int]:
        """The centre of a service card's first (k=0) or second colour."""
        return rect.centerx, rect.centery + (-1 if k == 0 else 1) * int(14 * self.scale)

    # ---- drawing each frame -------------------------------------------------
    def draw_board(self, surface, view: dict, highlights) -> None:
        who = self.shown()
        look.blit(surface, self._paper_layer(view, who), (0, 0))
        self._draw_tabs(surface, view, who)
        hidden = self.hidden_targets()
        self._draw_dice(surface, view, highlights, hidden)
        self._draw_die_controls(surface, view, highlights)
        self._draw_passengers(surface, view, who, highlights, hidden)
        self._draw_track_marks(surface, view["sheets"][who])
        self._draw_task_marks(surface, view)
        self._draw_task_words(surface, view)
        self._draw_service_marks(surface, view, who, highlights)
        self._draw_score(surface, view, who)
        self._draw_task_tip(surface)

    def _draw_task_tip(self, surface) -> None:
        pos = self.mouse  # task cards explain themselves under the mouse
        for (d, b), rect in self.task_rects.items():
            if rect.collidepoint(pos):
                tip = f"{COLOUR_NAMES[d].capitalize()} {2 * b + 1}-{2 * b + 2}: {task_text(TASKS[d][b])}"
                size = self.fs(12)
                image = look.rendered(tip, size, INK, False)
                box = image.get_rect(topleft=(rect.x, rect.bottom + 4)).inflate(12, 8)
                box.clamp_ip(self.paper)
                pygame.draw.rect(surface, (255, 250, 224), box, border_radius=5)
                pygame.draw.rect(surface, INK, box, 1, border_radius=5)
                look.text(surface, tip, box.center, size, INK, anchor="center", shadow=False)
                return

    def _sheet_colour(self, view, who) -> tuple:
        if view["solo"] and who == 1:
            return (120, 124, 132)
        return self.seat_rgb(who)

    def _draw_tabs(self, surface, view, who) -> None:
        # one tab a sheet: the solo game's second is the automaton's, which has no seat
        names = ["Automaton" if view["solo"] and i == 1 else self.match.seats[i].name for i in range(len(self.tabs))]
        scored = [f"{name}  {view['breakdowns'][i]['total']}" for i, name in enumerate(names)]
        # the scores show on every tab or on none (the panel has them): a score on some tabs only reads as a mistake
        widest = max(look.font(self.fs(13), True).size("▶ " + label)[0] for label in scored)
        with_score = widest <= self.tabs[0].w - 30
        for i, tab in enumerate(self.tabs):
            on = i == who
            pygame.draw.rect(surface, PAPER if on else (98, 88, 76), tab, border_top_left_radius=8,
                             border_top_right_radius=8)
            pygame.draw.rect(surface, PAPER_EDGE, tab, 1, border_top_left_radius=8, border_top_right_radius=8)
            name = names[i]
            self._sheet_mark(surface, view, i, (tab.x + 14, tab.centery))
            mark = "▶ " if view["to_move"] == i else ""
            # a narrow tab keeps the name whole, then the ▶
            label = look.fit_words(((mark + scored[i],) if with_score else ()) + (mark + name, name),
                                   self.fs(13), tab.w - 30, bold=on)
            look.text(surface, label, (tab.x + 26, tab.centery), self.fs(13), INK if on else (240, 232, 218),
                      bold=on, anchor="midleft", shadow=False)

    def _sheet_mark(self, surface, view, i: int, centre) -> None:
        """The mark of sheet i's owner: the seat's shape, or the automaton's square."""
        if view["solo"] and i == 1:
            pygame.draw.rect(surface, self._sheet_colour(view, i), (centre[0] - 6, centre[1] - 6, 12, 12))
        else:
            look.draw_seat_shape(surface, self.match.seats[i].colour, centre, max(5, int(8 * self.scale)),
                                 self.seat_rgb(i))

    def arrow_start(self, move):
        """A passenger is seated from the die that brought it."""
        die = self.view()["die"]
        if move.kind != "seat" or die is None:
            return None
        return self.place_centre(("die", die))

    def die_face(self, surface, rect, colour, value, *, dim=False) -> None:
        """A die in its pencil colour with a dark edge (dimmed once used)."""
        pip = (255, 255, 255) if colour != 1 else (60, 44, 10)
        draw.draw_die_face(surface, rect, value, PENCIL[colour], pip, PENCIL_DARK[colour], dim=dim)

    def _draw_dice(self, surface, view, highlights, hidden) -> None:
        rolling = ("die", "roll") in hidden
        for d, rect in enumerate(self.dice_rects):
            self.hits.rect(("die", d), rect)
            taker = view["taken"][d]
            if rolling and taker < 0:
                continue  # the roll animation draws it
            self.die_face(surface, rect, d, view["dice"][d], dim=taker >= 0 and d != view["die"])
            if taker >= 0:
                badge = (rect.right - 4, rect.bottom - 4)
                if view["solo"] and taker == 1:
                    pygame.draw.rect(surface, (120, 124, 132), (badge[0] - 7, badge[1] - 7, 14, 14))
                    pygame.draw.rect(surface, INK, (badge[0] - 7, badge[1] - 7, 14, 14), 1)
                else:
                    look.draw_seat_shape(surface, self.match.seats[taker].colour, badge, 7, self.seat_rgb(taker))
            if ("die", d) in highlights.next_targets:
                self.glow(surface, rect.center, rect.w * 0.72)
        if view["phase"] == "tie":
            self._label(surface, "The automaton's priorities tie: give it one of the glowing dice",
                        self.r(14, 149, 0, 0).topleft, 12, INK, True)
        note = self._automaton_note(view)
        y = max(self.r(14, 149, 0, 0).y, self.r(0, 126, 0, 0).y + look.font(self.fs(13)).get_linesize())
        if note and y + look.font(self.fs(12)).get_linesize() <= self.carriage.y + 4:
            # under the tray's line of rules; a sheet too small for it leaves it to the move log
            self._label(surface, look.fit_text(note, self.fs(12), self.r(0, 0, 870, 0).w), (self.r(14, 0, 0, 0).x, y),
                        12, INK, True)

    def _automaton_note(self, view) -> str:
        if not view["solo"] or not view["last_auto"] or view["phase"] == "tie":
            return ""
        summary = automaton_summary(view["last_auto"])
        return summary[0].upper() + summary[1:]

    def _draw_die_controls(self, surface, view, highlights) -> None:
        active = view["phase"] == "place"
        for v, rect in self.face_rects.items():
            self.hits.rect(("face", v), rect)
            current = active and v == view["value"]
            if active:
                self.die_face(surface, rect, view["die"], v, dim=not current and ("face", v) not in highlights.next_targets)
            else:
                pygame.draw.rect(surface, (232, 226, 212), rect, border_radius=rect.w // 6)
                self._label(surface, str(v), rect.center, 14, MUTED_INK, anchor="center")
            if current:
                pygame.draw.rect(surface, GOLD_PEN, rect.inflate(6, 6), 3, border_radius=rect.w // 5)
            if ("face", v) in highlights.next_targets and highlights.hover == ("face", v):
                cost = abs(v - view["value"])
                self._label(surface, f"{cost} pt", (rect.centerx, rect.bottom + 3), 12, INK, True, anchor="midtop")
        for k, rect in self.paint_rects.items():
            self.hits.circle(("paint", k), rect.center, rect.w / 2)
            on = active and k == view["colour"]
            can = ("paint", k) in highlights.next_targets
            base = PENCIL[k] if (on or can) else tuple(int(c * 0.35 + 150) for c in PENCIL[k])
            pygame.draw.circle(surface, base, rect.center, rect.w // 2)
            pygame.draw.circle(surface, INK, rect.center, rect.w // 2, 1)
            self._label(surface, COLOURS[k], rect.center, 13, look.ink_for(base, dark=INK), True, anchor="center")
            if on:
                pygame.draw.circle(surface, GOLD_PEN, rect.center, rect.w // 2 + 4, 3)
        for target in highlights.next_targets:
            if target[0] in ("face", "paint") and target == highlights.hover:
                rect = self.target_rect(target)
                pygame.draw.rect(surface, look.HIGHLIGHT, rect.inflate(8, 8), 2, border_radius=8)

    def passenger(self, surface, rect, colour, vip=False, *, scale=1.0, alpha=255) -> None:
        """A passenger from above: shoulders and a head, a letter for the colour,
        and a pen circle round a VIP."""
        w = max(6, int(rect.w * 0.86 * scale))
        body = pygame.Surface((w + 8, int(w * 1.2) + 8), pygame.SRCALPHA)
        cx = body.get_width() // 2
        c = PENCIL[colour]
        dark = PENCIL_DARK[colour]
        shoulders = pygame.Rect(0, 0, w, int(w * 0.55))
        shoulders.midbottom = (cx, body.get_height() - 6)
        pygame.draw.ellipse(body, c, shoulders)
        pygame.draw.ellipse(body, dark, shoulders, 2)
        head_r = int(w * 0.27)
        head = (cx, shoulders.top + head_r // 3)
        pygame.draw.circle(body, (236, 200, 160), head, head_r)
        pygame.draw.circle(body, dark, head, head_r, 2)
        pygame.draw.arc(body, dark, (head[0] - head_r, head[1] - head_r, 2 * head_r, 2 * head_r), 0.3, 2.8, 4)
        size = max(look.SMALLEST_TEXT, int(w * 0.26))
        letter = look.rendered(COLOURS[colour], size, INK, True).get_bounding_rect()  # the letter's own ink
        # on the shoulders, below the head: a letter on the face would not read; a token too small
        # for a letter of 12 px has none (its colour is told apart without it)
        centre = max(shoulders.centery + 3, head[1] + head_r + 1 + letter.h // 2)
        if letter.w <= shoulders.w * 0.6 and centre + letter.h // 2 <= shoulders.bottom:
            look.text(body, COLOURS[colour], (cx, centre - letter.centery + look.font(size, True).get_height() // 2),
                      size, look.ink_for(c, dark=(60, 44, 10)), bold=True, anchor="center", shadow=False)
        if alpha < 255:
            body.set_alpha(alpha)
        if vip:  # the pen's circle round a VIP, under the passenger: it never crosses the letter
            ring = rect.inflate(int(4 * self.scale), -int(2 * self.scale))
            pygame.draw.ellipse(surface, GOLD_PEN, ring, max(2, int(3 * self.scale)))
        look.blit(surface, body, body.get_rect(center=rect.center))

    def _draw_passengers(self, surface, view, who, highlights, hidden) -> None:
        sheet = view["sheets"][who]
        on_move = view["to_move"] is not None and who == view["to_move"]  # seats are clicked on that sheet only
        for i, rect in enumerate(self.seat_rects):
            if on_move:
                self.hits.rect(("seat", i), rect)
            colour = sheet["colours"][i]
            if colour >= 0 and ("seat", i) not in hidden:
                self.passenger(surface, rect, colour, sheet["vips"][i])
            else:  # a free seat shows its name (a passenger covers it)
                self._label(surface, seat_name(i), (rect.right - 3, rect.bottom - 1), 13, SEAT_INK,
                            anchor="bottomright")
        last = view["last_seats"][who]
        if last is not None and ("seat", last) not in hidden:
            pygame.draw.rect(surface, (255, 255, 255), self.seat_rects[last].inflate(4, 4), 2,
                             border_radius=int(10 * self.scale))
        if view["phase"] != "place" or who != view["to_move"]:
            return
        for target in highlights.next_targets:
            if target[0] == "seat":
                rect = self.seat_rects[target[1]]
                pygame.draw.rect(surface, (255, 236, 150), rect.inflate(-int(30 * self.scale), -int(38 * self.scale)),
                                 border_radius=4)
        hover = highlights.hover
        if hover and hover[0] == "seat":
            rect = self.seat_rects[hover[1]]
            if highlights.hover_ok:
                self.passenger(surface, rect, view["colour"], view["value"] >= 5, alpha=150)
                pygame.draw.rect(surface, look.HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=int(10 * self.scale))
            elif highlights.hover_refused:
                pygame.draw.rect(surface, look.BAD, rect.inflate(4, 4), 2, border_radius=int(10 * self.scale))

    def _draw_track_marks(self, surface, sheet) -> None:
        for name, earned, spent, colour in (
            ("service", sheet["service_earned"], sheet["service_spent"], (46, 96, 176)),
            ("dice", sheet["dice_earned"], sheet["dice_spent"], (176, 84, 24)),
        ):
            for i, box in enumerate(self.track_boxes[name]):
                if i < earned:  # the whole space: a number in it stands on the mark, not half on the paper
                    pygame.draw.rect(surface, colour, box, border_radius=3)
                if self._numbered(i):  # every fifth space's number, over its mark
                    self._label(surface, str(i + 1), box.center, 12, look.ink_for(colour) if i < earned else MUTED_INK,
                                anchor="center")
                if i < spent:
                    pygame.draw.line(surface, INK, box.topleft, box.bottomright, 2)
                    pygame.draw.line(surface, INK, box.topright, box.bottomleft, 2)
            boxes = self.track_boxes[name]
            left = earned - spent
            x = boxes[-1].right + int(10 * self.scale)
            words = f"{left} to spend" if self._room_to_spend() else str(left)  # a small sheet: the number alone
            self._label(surface, words, (x, boxes[0].centery), 12, INK, True, anchor="midleft")

    def _room_to_spend(self) -> bool:
        """Is there room for "NN to spend" after the longer track (both tracks say it alike)?"""
        x = self.track_boxes["service"][-1].right + int(10 * self.scale)
        return look.font(self.fs(12), True).size("00 to spend")[0] <= self.paper.right - 4 - x

    def _draw_task_marks(self, surface, view) -> None:
        for d, v in enumerate(view["task_roll"]):
            rect = self.task_rects[(d, band(v))]
            pygame.draw.ellipse(surface, GOLD_PEN, rect.inflate(int(6 * self.scale), int(8 * self.scale)),
                                max(2, int(3 * self.scale)))
        for (d, b), rect in self.task_rects.items():
            if band(view["task_roll"][d]) != b:
                surface.blit(look.tint(rect.size, (246, 240, 226, 150)), rect)

    def _draw_service_marks(self, surface, view, who, highlights) -> None:
        for i, rect in enumerate(self.service_rects):
            self.hits.rect(("service", i), rect)
            owner = view["service_owner"][i]
            row, pair = SERVICES[i]
            if owner in (-1, who) and (row == 0 or view["service_rows"] > 1):
                for k, colour in enumerate(pair):  # the letters on its two circles (a card taken shows its taker)
                    self._label(surface, COLOURS[colour], self._service_dot(rect, k), 13,
                                (255, 255, 255) if colour != 1 else INK, True, anchor="center")
            if owner == who:
                pygame.draw.ellipse(surface, GOLD_PEN, rect.inflate(int(8 * self.scale), int(4 * self.scale)),
                                    max(2, int(3 * self.scale)))
            elif owner >= 0:
                self._draw_taken_service(surface, view, rect, owner)
            if ("service", i) in highlights.next_targets:
                self.glow(surface, rect.center, rect.w * 0.62, width=2)
        hover = highlights.hover
        if hover and hover[0] == "service":
            row, (a, b) = SERVICES[hover[1]]
            tip = f"{COLOUR_NAMES[a]} and {COLOUR_NAMES[b]}: 2 points per pair"
            self._label(surface, tip, self.r(548, 628, 0, 0).topleft, 13, INK)

    def _draw_taken_service(self, surface, view, rect, owner: int) -> None:
        """A card another sheet took: faded and crossed, its taker named on a paper plate in the
        middle (ink on paper, not over the coloured circles), or shown by their mark on a small card."""
        surface.blit(look.tint(rect.size, (246, 240, 226, 170)), rect)
        pygame.draw.line(surface, INK, rect.topleft, rect.bottomright, 2)
        pygame.draw.line(surface, INK, rect.topright, rect.bottomleft, 2)
        name = self.named(sheet_name(view["solo"], owner))
        size = self.fs(12)
        fits = look.font(size, True).size(name)[0] <= rect.w - 8
        if fits:
            plate = look.rendered(name, size, INK, True).get_rect().inflate(6, 2)
        else:
            side = max(16, int(20 * self.scale))
            plate = pygame.Rect(0, 0, side, side)
        plate.center = rect.center
        pygame.draw.rect(surface, PAPER, plate, border_radius=4)
        pygame.draw.rect(surface, INK, plate, 1, border_radius=4)
        if fits:
            self._label(surface, name, rect.center, 12, INK, True, anchor="center")
        else:  # a small card shows its taker's mark, as on the tabs, rather than a cut name
            self._sheet_mark(surface, view, owner, rect.center)

    def _draw_score(self, surface, view, who) -> None:
        box = self.score_rect
        pygame.draw.rect(surface, (252, 248, 238), box, border_radius=8)
        pygame.draw.rect(surface, INK, box, 2, border_radius=8)
        with look.within(box):  # its words stay in the box (the layout audit checks it)
            self._draw_score_words(surface, view, who, box)

    def _draw_score_words(self, surface, view, who, box) -> None:
        b = view["breakdowns"][who]
        auto = view["solo"] and who == 1
        rows = [("Tasks", b["tasks"] if not auto else "none"), ("VIPs" + (" (doubled)" if auto else ""), b["vips"]),
                ("Services", b["services"])]
        y = box.y + int(8 * self.scale)
        line = look.font(self.fs(13)).get_linesize()  # rows never closer than their letters
        step = max(int(24 * self.scale), line + 2)
        total_h = 5 + look.font(self.fs(15), True).get_linesize()  # under the rule, and a margin below
        if y + step + 3 * max(int(20 * self.scale), line) + total_h + 2 > box.bottom:
            # a small sheet: the parts on one line where it has room, else the total alone
            both = " · ".join(f"{label} {value}" for label, value in rows)
            fits = look.font(self.fs(12)).size(both)[0] <= box.w - 24 and y + step + line + total_h + 2 <= box.bottom
            rows = [(both, None)] if fits else []
        title = "Automaton's score" if auto else f"Score of {self.match.seats[who].name}"
        self._label(surface, look.fit_text(title, self.fs(13), box.w - 20, True), (box.x + 10, y), 13, INK, True)
        y += step
        if rows and rows[0][1] is None:
            self._label(surface, rows[0][0], (box.x + 14, y), 12, INK)
            rows, y = [], y + line
        for label, value in rows:
            self._label(surface, label, (box.x + 14, y), 13, INK)
            self._label(surface, str(value), (box.right - 14, y), 13, INK, True, anchor="topright")
            y += max(int(20 * self.scale), line)
        pygame.draw.line(surface, INK, (box.x + 10, y + 2), (box.right - 10, y + 2), 1)
        self._label(surface, "Total", (box.x + 14, y + 5), 15, INK, True)
        self._label(surface, str(b["total"]), (box.right - 14, y + 5), 15, INK, True, anchor="topright")

    # ---- animations ------------------------------------------------------------
    def animations_for(self, move, seat, before, after) -> list:
        anims = []
        who = self.shown()
        old, new = before["sheets"][who]["colours"], after["sheets"][who]["colours"]
        for i in range(SEATS):
            if old[i] < 0 <= new[i]:
                colour, vip = new[i], after["sheets"][who]["vips"][i]
                rect = self.seat_rects[i]

                def paint(surface, t, rect=rect, colour=colour, vip=vip):
                    self.passenger(surface, rect, colour, vip and t > 0.7, scale=0.4 + 0.6 * t, alpha=int(120 + 135 * t))
                anims.append(Anim(0.3, paint, hides=frozenset({("seat", i)})))
        if after["rolls"] != before["rolls"]:
            free = [d for d in range(4) if after["taken"][d] < 0]
            rng = random.Random(after["rolls"])
            spins = [[rng.randint(1, 6) for _ in range(12)] for _ in range(4)]

            def roll(surface, t, free=free, dice=after["dice"], spins=spins):
                for d in free:
                    rect = self.dice_rects[d]
                    bounce = int(math.sin(t * math.pi * 3) * (1 - t) * 14 * self.scale)
                    value = dice[d] if t > 0.85 else spins[d][int(t * 11)]
                    self.die_face(surface, rect.move(0, -abs(bounce)), d, value)
            anims.append(Anim(ROLL_SECONDS, roll, hides=frozenset({("die", "roll")})))
        return anims

    def results_headline(self) -> str:
        state = self.match.state
        if not state.solo or state.outcome is None:
            return ""
        me, auto = state.scores()[0], state.automaton_score()
        if me > auto:
            return "You beat the automaton!"
        if me == auto:
            return "A tie with the automaton!"
        return "The automaton wins"

    def score_breakdown(self, seat: int) -> str:
        b = self.match.state.breakdown(seat)
        return f"tasks {b['tasks']} · VIPs {b['vips']} · services {b['services']}"


SCENE = SkylineScene

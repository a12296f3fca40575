"""The game review screen: where a finished game turned, and what would have been better.

A chart of each reviewed player's estimated chance to win after each of their
moves, the mistakes and blunders marked on it; the list of marked moves; a
line per player (mistakes, blunders, how often their move was the computer's
own). Clicking a mark on the chart or a move in the list opens the replay at
that moment with the move played and the better one drawn on the board (the
hint's glow) and said in words.

The search runs in the computer's worker (game/review.py ReviewRunner), one
decision at a time, while this screen keeps drawing with a progress bar and
Cancel; leaving the screen stops it, and opening it again goes on from there.

Hidden information: one seat's review is shown at a time (the "Review of"
choice), as the replay's "Seen by" shows one seat's view; the game is
finished, so anyone may choose any seat.
"""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIDropDownMenu

from ..engine.core import IllegalMove, seat_names
from ..engine.present import plural
from ..replay import Replay
from ..review import GameReview, ReviewRunner
from . import boards, look
from .boards import board_scene_class
from .replay_screen import ReplayMode
from .scene import Scene, panel

GRADE_COLOUR = {"good": look.GOOD, "inaccuracy": (230, 210, 120), "mistake": look.WARN, "blunder": look.BAD}
GRADE_WORD = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder", "good": "Good"}
ROW = 60  # a marked move in the list: its heading, and the better move in up to two lines
FRAME_S = 0.1  # while the review runs: at most ten frames a second


def open_review(app, replay: Replay) -> None:
    """The review of a finished game (settings: depth, computers' moves too)."""
    if not replay.finished:
        app.notify("Only a finished game can be reviewed.")
        return
    app.push(ReviewScene(app, replay))


def percent(value) -> str:
    return "?" if value is None else f"{round(100 * value)}%"


def player_line(name: str, summary: dict) -> str:
    """A player's marks, the worst first, and how often they chose as the computer would."""
    n = summary["inaccuracy"]
    inaccuracies = f"{n} inaccuracy" if n == 1 else f"{n} inaccuracies"
    marks = (f"{plural(summary['blunder'], 'blunder')}, {plural(summary['mistake'], 'mistake')}, {inaccuracies}"
             if summary["blunder"] or summary["mistake"] or n else "no blunder, mistake or inaccuracy")
    return (f"{name}: {marks}; the computer's own choice in {round(100 * summary['agreed_share'])} % of "
            f"{plural(summary['decisions'], 'decision')}")


class ReviewScene(Scene):
    def __init__(self, app, replay: Replay, player=None, review: GameReview | None = None, start: bool = True):
        """`player`: the worker (remote.shared_player() unless a test gives another);
        `review`: one made already (the layout walk); `start`: go on with the search at once."""
        self.replay = replay
        settings = app.settings
        self.review = review or GameReview(replay, settings.get("review_depth", "quick"),
                                           settings.get("review_computers", False))
        self.runner = ReviewRunner(self.review, player)
        self.names = [seat.name for seat in replay.seats]
        seats = self.review.seats()
        # hidden information: one seat's review at a time; else every seat together (None)
        self.hidden = replay.spec.hidden_information
        self.seat: int | None = (seats[0] if seats else 0) if self.hidden else None
        self.runner.prefer = self.seat  # the seat shown is reviewed first
        self.top = 0  # first marked move shown in the list
        self.marks: list = []  # (rect, ply) of the chart's marks, as last drawn
        super().__init__(app)
        if start and not self.review.complete:
            self.runner.start()
            self.refresh_buttons()

    # ---- words -------------------------------------------------------------
    def named(self, text: str) -> str:
        return seat_names(text, self.names)

    def title(self) -> str:
        depth = "quick" if self.review.depth == "quick" else "deep"
        return f"Review of {self.replay.spec.title} ({depth})"

    # ---- layout --------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        width = min(1240, w - 40)
        left = (w - width) // 2
        self.label((left, 14, width, 40), self.title(), "#title_label")
        y = 62
        self.seat_menu = None
        if self.hidden:
            choices = [f"Review of {self.names[s]}" for s in self.review.seats()] or [f"Review of {self.names[0]}"]
            current = f"Review of {self.names[self.seat]}"
            self.seat_menu = UIDropDownMenu(choices, current if current in choices else choices[0],
                                            pygame.Rect(left, y, 260, 34), self.manager)
        self.run_button = self.button((left + width - 150, y, 150, 34), "Cancel", self.toggle_run,
                                      tooltip="Stop the review here, or go on from where it stopped")
        self.progress_rect = pygame.Rect(left + (272 if self.hidden else 0), y + 20,
                                         width - 162 - (272 if self.hidden else 0), 10)
        top = y + 48
        bottom = h - 70
        chart_w = int(width * 0.58)
        self.chart_box = pygame.Rect(left, top, chart_w, int((bottom - top) * 0.62))
        self.lines_box = pygame.Rect(left, self.chart_box.bottom + 10, chart_w, bottom - self.chart_box.bottom - 10)
        self.list_box = pygame.Rect(left + chart_w + 14, top, width - chart_w - 14, bottom - top)
        self.button((left, h - 58, 150, 44), "Back", self.app.pop)
        self.button((left + 165, h - 58, 200, 44), "Replay the game", self.open_replay,
                    tooltip="Step through the game on its board")
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        if self.manager is None:
            return
        text = "Cancel" if self.runner.running else ("Resume" if not self.review.complete else "Done")
        if self.run_button.text != text:
            self.run_button.set_text(text)
        if self.review.complete and self.run_button.is_enabled:
            self.run_button.disable()

    # ---- running -------------------------------------------------------------
    def toggle_run(self) -> None:
        if self.runner.running:
            self.runner.cancel()
        elif not self.review.complete:
            self.runner.start()
        self.refresh_buttons()

    def update(self, dt: float) -> bool:
        changed = self.runner.poll()
        if changed:
            self.refresh_buttons()
            if self.runner.error:
                self.app.notify(f"The review stopped: {self.runner.error.splitlines()[-1][:120]}")
        return super().update(dt) or changed or self.runner.running

    def frame_interval(self) -> float | None:
        interval = super().frame_interval()
        if self.runner.running:
            return FRAME_S if interval is None else min(interval, FRAME_S)
        return interval

    def leave(self) -> None:
        if self.app.scene is not self and self in self.app.scenes:
            super().leave()  # covered by the replay: the review keeps its place
            return
        self.runner.cancel()  # closed: what was found is kept, and goes on next time
        super().leave()

    # ---- input ----------------------------------------------------------------
    def on_choice(self, element, text) -> None:
        if element is self.seat_menu:
            for seat in self.review.seats():
                if text == f"Review of {self.names[seat]}":
                    self.seat = self.runner.prefer = seat
                    self.top = 0

    def on_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.list_box.collidepoint(self.app.mouse_pos):
            self.top = max(0, min(self.top - event.y, len(self.review.marked(self.seat)) - self.rows_shown))
            self.app.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            ply = self.ply_at(event.pos)
            if ply is not None:
                self.show_decision(ply)
                return
        super().on_event(event)

    def own_click_targets(self) -> list:
        """The chart (a click finds the nearest decision shown there) and the list's rows."""
        return [("chart", self.chart_area().inflate(12, 12))] + [(f"row {ply}", rect) for rect, ply in self.rows()]

    def ply_at(self, pos) -> int | None:
        """The decision under `pos`: a mark on the chart or a row of the list."""
        for rect, ply in self.marks:
            if rect.collidepoint(pos):
                return ply
        for rect, ply in self.rows():
            if rect.collidepoint(pos):
                return ply
        area = self.chart_area()
        if area.inflate(12, 12).collidepoint(pos):  # anywhere on the chart: the nearest decision shown there
            seats = [self.seat] if self.seat is not None else self.review.seats()
            shown = [d for seat in seats for d in self.review.decisions(seat) if d.get("played_value") is not None]
            if shown:
                nearest = min(shown, key=lambda d: abs(self.chart_point(area, d["ply"], 0)[0] - pos[0]))
                return nearest["ply"]
        return None

    def show_decision(self, ply: int) -> None:
        """The replay at the moment of the decision, its played and better moves drawn."""
        self.app.push(review_replay_scene(self.app, self.replay, self.review.results[ply], self.names))

    def open_replay(self) -> None:
        from .replay_screen import replay_scene

        self.app.push(replay_scene(self.app, self.replay))

    # ---- the list --------------------------------------------------------------
    @property
    def rows_shown(self) -> int:
        return max(1, (self.list_box.h - 60) // ROW)  # room below for where the list stands

    def rows(self) -> list:
        """(rect, ply) of the marked moves shown in the list."""
        marked = self.review.marked(self.seat)
        box = self.list_box
        return [(pygame.Rect(box.x + 6, box.y + 34 + i * ROW, box.w - 12, ROW - 4), d["ply"])
                for i, d in enumerate(marked[self.top:self.top + self.rows_shown])]

    # ---- drawing ----------------------------------------------------------------
    def seat_rgb(self, seat: int):
        return boards.side_colour(self.replay.spec, seat, self.replay.seats[seat])

    def draw_scene(self, surface) -> None:
        self.draw_progress(surface)
        panel(surface, self.chart_box)
        panel(surface, self.lines_box)
        panel(surface, self.list_box)
        self.draw_chart(surface)
        self.draw_lines(surface)
        self.draw_list(surface)

    def draw_progress(self, surface) -> None:
        bar = self.progress_rect
        plan = self.review.plan
        done = len(plan) - len(self.review.remaining)
        if self.review.complete:
            status = f"{len(plan)} decisions reviewed"
        elif self.runner.running:
            status = f"Looking at decision {done + 1} of {len(plan)}…"
        else:
            status = f"Stopped after {done} of {len(plan)} decisions: Resume goes on from there"
        look.text(surface, look.fit_text(status, 14, bar.w), (bar.x, bar.y - 20), 14, look.INK)
        pygame.draw.rect(surface, (22, 17, 13), bar, border_radius=5)
        fill = bar.copy()
        fill.w = round(bar.w * self.runner.progress) if not self.review.complete else bar.w
        if fill.w:
            pygame.draw.rect(surface, (150, 118, 70), fill, border_radius=5)
        pygame.draw.rect(surface, (110, 88, 64), bar, 1, border_radius=5)

    def chart_area(self) -> pygame.Rect:
        box = self.chart_box
        return pygame.Rect(box.x + 52, box.y + 34, box.w - 68, box.h - 62)

    def chart_point(self, area, ply: int, value: float) -> tuple[int, int]:
        x = area.x + round(area.w * ply / max(1, self.replay.length))
        return x, area.bottom - round(area.h * value)

    def draw_chart(self, surface) -> None:
        box, area = self.chart_box, self.chart_area()
        look.text(surface, "Chance to win after each move, as the computer saw it then", (box.x + 12, box.y + 8), 14,
                  look.MUTED, bold=True)
        for value in (0.0, 0.5, 1.0):
            y = area.bottom - round(area.h * value)
            pygame.draw.line(surface, (80, 64, 48), (area.x, y), (area.right, y))
            look.text(surface, f"{round(value * 100)}%", (area.x - 8, y), 12, look.MUTED, anchor="midright")
        look.text(surface, f"move 1 to {self.replay.length}", (area.right, area.bottom + 6), 12, look.MUTED,
                  anchor="topright")
        self.marks = []
        seats = [self.seat] if self.seat is not None else self.review.seats()
        for seat in seats:
            points = [(d, self.chart_point(area, d["ply"], d["played_value"])) for d in self.review.decisions(seat)
                      if d.get("played_value") is not None]
            colour = self.seat_rgb(seat)
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, [p for _d, p in points], 2)
            for d, p in points:
                if d["grade"] in ("mistake", "blunder"):  # a turning moment: a line down to the axis and a ring
                    radius = 7 if d["grade"] == "blunder" else 5
                    pygame.draw.line(surface, GRADE_COLOUR[d["grade"]], (p[0], p[1] + radius), (p[0], area.bottom))
                    pygame.draw.circle(surface, GRADE_COLOUR[d["grade"]], p, radius)
                    pygame.draw.circle(surface, look.INK, p, radius + 1, 2)
                    self.marks.append((pygame.Rect(p[0] - 9, p[1] - 9, 18, 18), d["ply"]))
        if not any(self.review.decisions(s) for s in seats):
            look.text(surface, "Nothing reviewed yet" if self.review.plan else "No decisions to review",
                      area.center, 15, look.MUTED, anchor="center")

    def draw_lines(self, surface) -> None:
        box = self.lines_box
        seats = [self.seat] if self.seat is not None else self.review.seats()
        y = box.y + 10
        if not seats:
            look.text(surface, look.fit_text("Only computers played: Settings can include their moves.", 14,
                                             box.w - 24), (box.x + 12, y), 14, look.MUTED)
            return
        for seat in seats:
            if y + 20 > box.bottom - 24:
                break
            s = self.review.summary(seat)
            look.draw_seat_shape(surface, seat, (box.x + 20, y + 9), 7, self.seat_rgb(seat))
            text = player_line(self.names[seat], s)
            for k, line in enumerate(look.wrap_text(text, 14, box.w - 48, max_lines=2)):
                if y + 19 * k + 18 <= box.bottom - 24:
                    look.text(surface, line, (box.x + 34, y + 19 * k), 14, look.INK)
            y += 19 * len(look.wrap_text(text, 14, box.w - 48, max_lines=2)) + 6
        legend = "Large mark: blunder · small: mistake · click to see it on the board"
        if y + 18 <= box.bottom:
            look.text(surface, look.fit_text(legend, 12, box.w - 24), (box.x + 12, box.bottom - 20), 12, look.MUTED)

    def draw_list(self, surface) -> None:
        box = self.list_box
        marked = self.review.marked(self.seat)
        look.text(surface, look.fit_text(f"Marked moves ({len(marked)})", 15, box.w - 24), (box.x + 12, box.y + 8),
                  15, look.MUTED, bold=True)
        hover = self.ply_at(self.app.mouse_pos)
        for rect, ply in self.rows():
            d = self.review.results[ply]
            if ply == hover:
                pygame.draw.rect(surface, (52, 42, 32), rect, border_radius=5)
            pygame.draw.rect(surface, GRADE_COLOUR[d["grade"]], (rect.x, rect.y + 4, 4, rect.h - 8))
            head = f"Move {ply + 1} · {self.names[d['seat']]} · {GRADE_WORD[d['grade']]} (−{round(100 * d['cost'])} %)"
            look.text(surface, look.fit_text(head, 14, rect.w - 16), (rect.x + 12, rect.y + 2), 14, look.INK, bold=True)
            better = look.wrap_text(self.named(f"Better: {d['best_words']}"), 13, rect.w - 16, max_lines=2)
            for k, line in enumerate(better):
                look.text(surface, line, (rect.x + 12, rect.y + 21 + 17 * k), 13, look.HINT)
        hidden = len(marked) - self.top - self.rows_shown
        if self.top or hidden > 0:  # where the list stands, when it does not show all
            where = f"{self.top + 1}–{min(len(marked), self.top + self.rows_shown)} of {len(marked)}: scroll for more"
            look.text(surface, look.fit_text(where, 12, box.w - 24), (box.right - 12, box.bottom - 20), 12, look.MUTED,
                      anchor="topright")
        if not marked:
            look.text(surface, look.fit_text("No marked moves yet." if not self.review.complete else
                                             "No mistakes found: well played.", 14, box.w - 24),
                      (box.x + 12, box.y + 40), 14, look.MUTED)


# ---- the replay at a reviewed decision -------------------------------------------
class ReviewMode(ReplayMode):
    """A replay at a reviewed decision: there the move played and the better move
    glow on the board, and a caption on the panel says them in words."""

    offers_review = False  # this replay is the review's own
    CAPTION_SIZE = 13

    def __init__(self, replay: Replay, decision: dict, names: list):
        self.decision = decision
        self.names = names
        self.caption = pygame.Rect(0, 0, 0, 0)
        super().__init__(replay, decision["ply"])
        self.seen_by = decision["seat"]  # the seat's own view, as the review searched it

    def started(self) -> None:
        super().started()
        self.board.viewer = self.seat_shown(self.match.state)

    def decision_moves(self):
        """(played, better) moves of the decision shown now, or None at any other moment."""
        if self.ply != self.decision["ply"]:
            return None
        state = self.match.state
        found = []
        for key in ("played", "best"):
            try:
                found.append(self.replay.spec.parse_move(state, self.decision[key]))
            except (IllegalMove, ValueError):
                found.append(None)
        return found

    def draw_over_hint(self, surface) -> None:
        """The hint's glow, in two colours: the move played, and the better one."""
        moves = self.decision_moves()
        if moves is None:
            return
        board = self.board
        played, better = moves
        for move, colour, width in ((played, look.BAD, 3), (better if better != played else None, look.HINT, 4)):
            for target in move.targets if move is not None else ():
                rect = board.target_rect(target) if target[0] != "button" else None
                outline = getattr(board, "outline_of", lambda _t: None)(target) if rect is None else None
                if rect is not None:
                    pygame.draw.rect(surface, colour, rect.inflate(8, 8), width, border_radius=8)
                elif outline:  # a place drawn only while chosen (Scrubbudgetel's map): its outline
                    clip = surface.get_clip()
                    surface.set_clip(getattr(board, "map_rect", board.board_rect))
                    pygame.draw.polygon(surface, colour, outline, width)
                    surface.set_clip(clip)

    # ---- the caption: the decision in words, between the log and the timeline ----------
    def caption_lines(self, width: int) -> list[tuple[str, tuple, bool]]:
        d = self.decision
        lines = [(f"Move {d['ply'] + 1} · {self.names[d['seat']]} · {GRADE_WORD[d['grade']]}", look.INK, True)]
        said = [(f"Played: {seat_names(d['played_words'], self.names)} (chance {percent(d['played_value'])})",
                 look.BAD)]
        if d["best"] != d["played"]:  # a good move may not be the computer's own: then it is no "better"
            other = "The computer's choice" if d["grade"] == "good" else "Better"
            said.append((f"{other}: {seat_names(d['best_words'], self.names)} (chance {percent(d['best_value'])})",
                         look.HINT))
        for text, colour in said:
            lines += [(line, colour, False) for line in look.wrap_text(text, self.CAPTION_SIZE, width, max_lines=3)]
        return lines

    def built(self) -> None:
        super().built()
        panel = self.board.panel
        p = panel.rect
        step = self.CAPTION_SIZE + 5
        room = panel.log_bottom - panel.log_top - 4 * self.board.log.line_height - 8
        count = min(len(self.caption_lines(p.w - 40)), max(1, (room - 12) // step))
        self.caption = pygame.Rect(p.x + 10, panel.log_bottom - 12 - step * count, p.w - 20, 12 + step * count)
        panel.log_bottom = self.caption.y - 6
        panel.place_log(panel.log_top)

    def draw_on_panel(self, surface) -> None:
        super().draw_on_panel(surface)
        box = self.caption
        step = self.CAPTION_SIZE + 5
        panel(surface, box, alpha=235)
        lines = self.caption_lines(box.w - 20)[:max(1, (box.h - 12) // step)]
        for k, (text, colour, bold) in enumerate(lines):
            look.text(surface, look.fit_text(text, self.CAPTION_SIZE, box.w - 20, bold), (box.x + 10, box.y + 6 + step * k),
                      self.CAPTION_SIZE, colour, bold=bold)


def review_replay_scene(app, replay: Replay, decision: dict, names: list):
    """The replay at `decision` on its game's board screen, in a ReviewMode."""
    mode = ReviewMode(replay, decision, names)
    return board_scene_class(replay.spec.id)(app, mode.match, mode)

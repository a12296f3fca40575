"""The game review screen: why the game was won or lost, where it turned, and what would
have been better.

At the top, the story in words (game/review_story.py): who won and by how much, and for
each person where their chance fell most — the move that turned it, or the slide no single
move explains — and, in a game of chance, how much of it came where the dice fell; longer
than its box, it scrolls (the wheel, a finger's drag, the keys with the ring on it). Below,
the chart of every player's chance move by move to the result (ui/review_chart.py), the
turning point shaded, the mistakes and blunders ringed; a line per player (the marks, how
often their move was the computer's own); the list of marked moves. Hovering the chart,
a long press on it, or the keys (the chart is one stop of the focus ring: ← → walk its
moves, Enter opens one) say what a point is. Clicking the chart or a row of the list opens
the board at that decision (ui/review_board.py), the move played and the better one drawn
as arrows, the marked moves walked there with N and P.

The search runs in the computer's worker (game/review.py ReviewRunner), one
decision at a time, while this screen keeps drawing with a progress bar and
Cancel; leaving the screen stops it, and opening it again goes on from there.

Hidden information: one seat's review is shown at a time (the "Review of"
choice), as the replay's "Seen by" shows one seat's view; the game is
finished, so anyone may choose any seat.
"""
from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIDropDownMenu

from ..engine.core import seat_names
from ..engine.present import plural
from ..replay import Replay
from ..review import GameReview, ReviewRunner
from ..review_story import chance_plies, story
from ..shelf import words_for
from . import boards, look
from .focus import Stop
from .host import screen
from .review_board import GRADE_WORD, review_replay_scene
from .review_chart import GRADE_COLOUR, ReviewChart
from .scene import Scene, panel

ROW = 60  # a marked move in the list: its heading, and the better move in up to two lines
FRAME_S = 0.1  # while the review runs: at most ten frames a second
LONG_PRESS_S = 0.5  # a press held this long on the chart shows what hovering shows
CLOCK = time.monotonic  # what the long press is timed by (tests move it on)
STORY_SHARE = 0.3  # the words at the top take at most this of the screen's middle


@screen("review")
def open_review(app, replay: Replay) -> None:
    """The review of a finished game (settings: depth, computers' moves too)."""
    if not replay.finished:
        app.notify("Only a finished game can be reviewed.")
        return
    app.push(ReviewScene(app, replay))


def percent(value) -> str:
    return "?" if value is None else f"{round(100 * value)}%"


def marks_words(summary: dict) -> str:
    """A player's marks in short: only those they have ("1 blunder, 2 mistakes"), or none."""
    n = summary["inaccuracy"]
    found = [plural(summary["blunder"], "blunder") if summary["blunder"] else "",
             plural(summary["mistake"], "mistake") if summary["mistake"] else "",
             (f"{n} inaccuracy" if n == 1 else f"{n} inaccuracies") if n else ""]
    return ", ".join(w for w in found if w) or "no marked move"


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
        self.story_top = 0  # first line of the story shown, when it runs longer than its box
        self.chances = chance_plies(replay)  # the moves that rolled or drew (the story's luck)
        self.words = words_for(replay.spec.id)
        self.chart = ReviewChart(replay, [self.seat_rgb(s) for s in range(len(replay.seats))], self.names)
        self._told = (None, None)  # (what the story was told from, the story)
        self._story_layout = (None, None)  # (the story and box it was laid out for, story_layout())
        self.cursor: int | None = None  # the chart's move the keys are on
        self.press = None  # (where, when) a press on the chart began
        self.pinned: int | None = None  # the chart's move a long press showed
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

    def told(self):
        """The story of what is reviewed so far (told again only when that changed)."""
        key = (self.seat, len(self.review.results))
        if self._told[0] != key:
            told = story(self.review, self.seat, self.names, self.words, self.chances)
            self._told = (key, told)
            self.chart.show(told, self.review.marked(self.seat))
        return self._told[1]

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
        self.story_box = pygame.Rect(left, top, width, min(6 * 19 + 16, int((bottom - top) * STORY_SHARE)))
        top = self.story_box.bottom + 10
        chart_w = int(width * 0.6)
        self.chart_box = pygame.Rect(left, top, chart_w, bottom - top)
        self.list_box = pygame.Rect(left + chart_w + 14, top, width - chart_w - 14, bottom - top)
        self.layout_chart()
        self.button((left, h - 58, 150, 44), "Back", self.app.pop)
        self.button((left + 165, h - 58, 200, 44), "Replay the game", self.open_replay,
                    tooltip="Step through the game on its board")
        self.refresh_buttons()

    def legend_rows(self) -> list:
        """(seat, wordings) under the chart: each charted player, the reviewed ones with their
        marks (the longest wording that fits is drawn)."""
        charted = sorted(self.told().points) or self.review.seats()
        rows = []
        for seat in charted:
            name = self.names[seat]
            if seat in self.review.seats() and (self.seat is None or seat == self.seat):
                summary = self.review.summary(seat)
                rows.append((seat, (player_line(name, summary), f"{name}: {marks_words(summary)}")))
            else:
                rows.append((seat, (f"{name}: not reviewed; its line is its chance as the others' searches saw it",
                                    f"{name}: not reviewed", name)))
        return rows

    def layout_chart(self) -> None:
        box = self.chart_box
        seats = max(1, len(self.replay.seats))
        legend = 8 + 17 * seats * (2 if seats <= 2 else 1)  # two lines a player where there are few
        self.chart.layout(pygame.Rect(box.x + 48, box.y + 62, box.w - 66, box.h - 62 - 26 - legend))

    def refresh_buttons(self) -> None:
        if self.manager is None:
            return
        if self.review.complete:  # nothing left to run: the status line says it is complete
            if self.run_button.visible:
                self.run_button.hide()
                self.progress_rect.w = self.run_button.rect.right - self.progress_rect.x  # the bar takes its room
            return
        text = "Cancel" if self.runner.running else "Resume"
        if self.run_button.text != text:
            self.run_button.set_text(text)

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
        if self.press is not None and self.pinned is None and CLOCK() - self.press[1] >= LONG_PRESS_S:
            self.pinned = self.chart.move_at(self.press[0])  # a long press: what hovering would show
            changed = True
        return super().update(dt) or changed or self.runner.running

    def frame_interval(self) -> float | None:
        interval = super().frame_interval()
        if self.runner.running:
            interval = FRAME_S if interval is None else min(interval, FRAME_S)
        if self.press is not None and self.pinned is None:  # the long press is due
            due = max(0.0, LONG_PRESS_S - (CLOCK() - self.press[1]))
            interval = due if interval is None else min(interval, due)
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
                    self.top = self.story_top = 0
                    self.cursor = self.pinned = None

    def on_event(self, event) -> None:
        # the wheel, or a finger's drag (game/ui/touch.py turns it into the wheel), scrolls the box under it
        if event.type == pygame.MOUSEWHEEL and self.list_box.collidepoint(self.app.mouse_pos):
            self.scroll_list(-event.y)
            return
        if event.type == pygame.MOUSEWHEEL and self.story_box.collidepoint(self.app.mouse_pos):
            self.scroll_story(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pinned = None
            on_chart = self.chart.move_at(event.pos) is not None
            self.press = (event.pos, CLOCK()) if on_chart else None
        elif event.type == pygame.MOUSEMOTION and self.press is not None and self.pinned is None:
            (x, y), (mx, my) = self.press[0], event.pos
            if abs(x - mx) + abs(y - my) > 12:
                self.press = None  # a drag, not a press
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            long_press = self.pinned is not None
            self.press = None
            if long_press:
                return  # the long press showed the point: letting go opens nothing
            ply = self.ply_at(event.pos)
            if ply is not None:
                self.show_decision(ply)
                return
        super().on_event(event)

    def own_click_targets(self) -> list:
        """The chart (a click finds the nearest decision shown there) and the list's rows."""
        return [("chart", self.chart.area.inflate(12, 12))] + [(f"row {ply}", rect) for rect, ply in self.rows()]

    def shown_decisions(self) -> list:
        return [d for d in self.review.decisions(self.seat) if d.get("played_value") is not None]

    def decision_near(self, move: int) -> int | None:
        """The decision charted nearest the point after `move`."""
        shown = self.shown_decisions()
        if not shown:
            return None
        return min(shown, key=lambda d: abs(d["ply"] + 1 - move))["ply"]

    def ply_at(self, pos) -> int | None:
        """The decision under `pos`: a row of the list, or the chart's nearest decision."""
        for rect, ply in self.rows():
            if rect.collidepoint(pos):
                return ply
        move = self.chart.move_at(pos)
        return None if move is None else self.decision_near(move)

    def show_decision(self, ply: int) -> None:
        """The board at the moment of the decision, its played and better moves drawn."""
        self.app.push(review_replay_scene(self.app, self.replay, self.review.results[ply], self.names,
                                          self.review.marked(self.seat)))

    def open_replay(self) -> None:
        from .replay_screen import replay_scene

        self.app.push(replay_scene(self.app, self.replay))

    # ---- keys: the chart is one stop, its moves walked with the arrows ------------------
    def drawn_stops(self) -> list:
        self.told()
        stops = [Stop(("row", ply), rect, lambda p=ply: self.show_decision(p), on_key=lambda e, p=ply: self.row_key(e, p))
                 for rect, ply in self.rows()]
        if self.story_layout()[2]:
            stops.append(Stop(("story",), self.story_box.copy(), self.story_page, on_key=self.story_key))
        if self.chart.moves():
            stops.append(Stop(("chart",), self.chart.area.copy(), self.open_cursor, on_key=self.chart_key))
        return stops

    def chart_key(self, event) -> bool:
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
        if event.key not in steps:
            return False
        self.cursor = self.chart.step(self.cursor, steps[event.key])
        self.app.dirty = True
        return True

    def open_cursor(self) -> None:
        ply = self.decision_near(self.cursor if self.cursor is not None else self.chart.moves()[0])
        if ply is not None:
            self.show_decision(ply)

    def chart_cursor(self) -> int | None:
        """The move whose point is explained now: under the pointer, held down, or the keys' cursor."""
        if self.app.keys_in_use:
            ringed = self.focus.drawn
            if ringed is not None and ringed.key == ("chart",):
                if self.cursor is None:
                    self.cursor = self.chart.moves()[0] if self.chart.moves() else None
                return self.cursor
            return None
        if self.pinned is not None:
            return self.pinned
        return self.chart.move_at(self.app.mouse_pos)

    def row_key(self, event, ply: int) -> bool:
        """Up on the list's first row shown, Down on its last: the list scrolls a row and the ring
        goes with it to the row that came into view (the ring alone could not reach it)."""
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key)
        shown = [p for _, p in self.rows()]
        if step is None or ply != shown[0 if step < 0 else -1]:
            return False
        was = self.top
        self.scroll_list(step)
        if self.top == was:
            return False
        rect, came = self.rows()[0 if step < 0 else -1]
        self.focus.stand_on(Stop(("row", came), rect, lambda: None))
        return True

    def story_key(self, event) -> bool:
        """Up and Down a line, Page Up and Page Down a boxful, Home and End to either end; at
        either end Up and Down move the ring on."""
        rows = self.story_layout()[1]
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -rows, pygame.K_PAGEDOWN: rows,
                 pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
        if event.key not in steps:
            return False
        was = self.story_top
        self.scroll_story(steps[event.key])
        return self.story_top != was or event.key not in (pygame.K_UP, pygame.K_DOWN)

    def story_page(self) -> None:
        """Enter on the story: its next boxful, and after the last one its beginning again."""
        lines, rows, _, _ = self.story_layout()
        self.story_top = 0 if self.story_top + rows >= len(lines) else self.story_top + rows
        self.scroll_story(0)

    def scroll_story(self, lines: int) -> None:
        story, rows, scrolls, _ = self.story_layout()
        self.story_top = max(0, min(self.story_top + lines, len(story) - rows)) if scrolls else 0
        self.app.dirty = True

    def scroll_list(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, len(self.review.marked(self.seat)) - self.rows_shown))
        self.app.dirty = True

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
        """The seat's colour as its board and the results show it (a colour of play, at the end)."""
        return boards.seat_colour(self.replay.spec, self.replay.final, seat, self.replay.seats[seat])

    def draw_scene(self, surface) -> None:
        self.told()
        self.draw_progress(surface)
        for box in (self.story_box, self.chart_box, self.list_box):
            panel(surface, box)
        with look.within(self.story_box):
            self.draw_story(surface)
        with look.within(self.chart_box):
            self.draw_chart(surface)
        with look.within(self.list_box):
            self.draw_list(surface)

    def draw_progress(self, surface) -> None:
        bar = self.progress_rect
        plan = self.review.plan
        done = len(plan) - len(self.review.remaining)
        if self.review.complete:
            status = f"Review complete: {plural(len(plan), 'decision')} reviewed"
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

    def story_lines(self, size: int, width: int) -> list[tuple[str, tuple, bool]]:
        told = self.told()
        lines = [(line, look.GOLD, True) for line in look.wrap_text(self.named(told.result), size, width, True)]
        if not self.review.seats():
            said = [(None, "Only computers played: Settings can include their moves in the review.")]
        elif not self.shown_decisions():
            said = [(None, "Nothing reviewed yet: the story comes as the decisions are looked at.")]
        else:
            said = told.lines
        for _seat, text in said:
            wrapped = look.wrap_text(self.named(text), size, width)
            lines += [(line, look.INK, False) for line in wrapped]
        if not self.review.complete and self.shown_decisions():
            lines.append(("(so far: the review is not finished)", look.MUTED, False))
        return lines

    def story_layout(self) -> tuple[list, int, bool, int]:
        """(the story's lines, how many the box shows, whether it scrolls, the letters' size): the
        whole story in smaller letters first; when even the smallest do not hold it all, the box
        scrolls, its last row saying where it stands. Laid out once per story and box (the
        frames, the keys and the wheel all ask)."""
        self.told()
        key = (self._told[0], self.review.complete, self.story_box.size)
        if self._story_layout[0] != key:
            self._story_layout = (key, self._lay_out_story())
        return self._story_layout[1]

    def _lay_out_story(self) -> tuple[list, int, bool, int]:
        box = self.story_box
        for size in (15, 14, 13, 12):
            lines = self.story_lines(size, box.w - 28)
            rows = max(1, (box.h - 14) // (size + 5))
            if len(lines) <= rows:
                return lines, rows, False, size
        return lines, max(1, rows - 1), True, size

    def draw_story(self, surface) -> None:
        box = self.story_box
        lines, rows, scrolls, size = self.story_layout()
        top = min(self.story_top, max(0, len(lines) - rows)) if scrolls else 0
        shown = lines[top:top + rows]
        for k, (text, colour, bold) in enumerate(shown):
            look.text(surface, text, (box.x + 14, box.y + 8 + (size + 5) * k), size, colour, bold=bold)
        if scrolls:
            where = f"lines {top + 1}–{top + len(shown)} of {len(lines)}: scroll for more"
            look.text(surface, look.fit_text(where, 12, box.w - 28), (box.right - 14, box.bottom - 20), 12,
                      look.MUTED, anchor="topright")

    def draw_chart(self, surface) -> None:
        box = self.chart_box
        look.text(surface, look.fit_words(("Chance to win, move by move, as the computer saw it then",
                                           "Chance to win, move by move"), 14, box.w - 24, True),
                  (box.x + 12, box.y + 8), 14, look.MUTED, bold=True)
        self.chart.draw(surface, self.chart_cursor(), bounds=box)
        if not self.shown_decisions():
            look.text(surface, "Nothing reviewed yet" if self.review.plan else "No decisions to review",
                      self.chart.area.center, 15, look.MUTED, anchor="center")
        y = self.chart.area.bottom + 26
        rows = self.legend_rows()
        most = 2 if len(self.replay.seats) <= 2 else 1
        for seat, wordings in rows:
            bold = seat in self.chart.people
            fitting = [w for w in wordings if len(look.wrap_text(w, 13, box.w - 48, bold)) <= most]
            lines = look.wrap_text(fitting[0] if fitting else wordings[-1], 13, box.w - 48, bold, max_lines=most)
            if y + 17 * len(lines) > box.bottom - 4:
                break
            look.draw_seat_shape(surface, self.replay.seats[seat].colour, (box.x + 20, y + 8), 6, self.seat_rgb(seat))
            for line in lines:
                look.text(surface, line, (box.x + 34, y), 13, look.INK, bold=bold)
                y += 17

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
        where = "click one; on its board N and P walk them"
        if self.top or hidden > 0:  # where the list stands, when it does not show all
            where = f"{self.top + 1}–{min(len(marked), self.top + self.rows_shown)} of {len(marked)}: scroll for more"
        if marked:
            look.text(surface, look.fit_text(where, 12, box.w - 24), (box.right - 12, box.bottom - 20), 12, look.MUTED,
                      anchor="topright")
        if not marked:
            text = ("No marked moves yet." if not self.review.complete else
                    "No move crossed the mistake line: the words above say where the chance went.")
            for k, line in enumerate(look.wrap_text(text, 14, box.w - 24, max_lines=3)):
                look.text(surface, line, (box.x + 12, box.y + 40 + 19 * k), 14, look.MUTED)

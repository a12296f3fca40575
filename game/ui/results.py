"""The results screen at the end of a game: who won, the scores, what it did to the statistics,
and once the game's review is kept, its chart in small with the turning point, and a button
that opens it."""
from __future__ import annotations

import pygame

from ..engine.match import Match, Seat
from . import look
from .loading import Background
from .scene import Scene, panel, start_match

SMALL_CHART_H = 96  # at least this much room below the table, else the chart goes beside it or is left out


def kept_review(match, depth: str):
    """(replay, review, story) of the game's kept, complete review (at `depth` if there is
    one, else at the other), or None. Reads a file and replays the game: off the window's thread."""
    from ..replay import Replay
    from ..review import DEPTHS, GameReview
    from ..review_story import story
    from ..shelf import words_for

    replay = Replay.of_match(match)
    for each in sorted(DEPTHS, key=lambda d: d != depth):
        review = GameReview(replay, each)
        if review.complete and review.results:
            return replay, review, story(review, None, None, words_for(replay.spec.id))
    return None


class ResultsScene(Scene):
    def __init__(self, app, board):
        self.board = board
        self.match = board.match
        from .. import stats
        self.stats_lines: list[str] = []  # "Ann: 7th win at Skurðir, best score yet", once read
        self.reads = Background()  # the records are read off the window's thread
        self.reads.run(lambda: stats.result_lines(self.match), self.lines_read)
        self.kept = None  # (replay, review, story) of the game's kept review
        self.chart = None
        super().__init__(app)
        self.read_review()

    def lines_read(self, lines, error) -> None:
        self.stats_lines = lines or []  # records that can't be read now: the results stand without the line

    def read_review(self) -> None:
        depth = self.app.settings.get("review_depth", "quick")
        self.reads.run(lambda: kept_review(self.match, depth), self.review_read)

    def review_read(self, kept, error) -> None:
        from .review_chart import ReviewChart

        if kept is None:
            return  # no review kept (or it could not be read): the button makes one
        self.kept = kept
        replay, review, told = kept
        self.chart = ReviewChart(replay, [self.board.seat_rgb(s) for s in range(len(replay.seats))],
                                 [s.name for s in replay.seats])
        self.chart.show(told, review.marked())
        if self.manager is not None:
            self.review_button.set_text("Open the review")

    def enter(self) -> None:
        super().enter()
        if self.kept is None:  # back from making the review: it may be kept now
            self.read_review()

    def update(self, dt: float) -> bool:
        changed = self.reads.collect()
        return super().update(dt) or changed

    def frame_interval(self) -> float | None:
        return self.reads.interval(super().frame_interval())

    def build(self) -> None:
        w, h = self.app.size
        left = (w - 830) // 2
        self.button((left, h - 90, 190, 46), "Play again", self.again, primary=True)
        self.button((left + 205, h - 90, 200, 46), "Look at the board", self.look_at_board,
                    tooltip="Replay the game: step through its moves, from the last one back")
        self.review_button = self.button((left + 420, h - 90, 200, 46),
                                         "Open the review" if self.kept else "Review this game", self.review,
                                         tooltip="The computer looks back at each move: where the game turned, "
                                                 "and what was better")
        self.button((left + 635, h - 90, 195, 46), "Title screen", self.app.reset_to_title)

    def on_escape(self) -> None:
        self.app.pop()

    def look_at_board(self) -> None:
        """The board as it ended, in the replay: step back through the game from there."""
        self.app.open_replay(self.match)

    def review(self) -> None:
        from ..replay import Replay

        self.app.open_review(self.kept[0] if self.kept else Replay.of_match(self.match))

    def again(self) -> None:
        m = self.match
        seats = [Seat(s.name, s.colour, s.kind, s.level) for s in m.seats]
        start_match(self.app, Match(m.spec, seats, self.app.new_seed(), m.spec.next_game_options(m.state, m.options)))

    def headline(self) -> str:
        custom = getattr(self.board, "results_headline", lambda: "")()  # a game may word it itself
        if custom:
            return custom
        out = self.match.state.outcome
        names = [self.match.seats[i].name for i in out.winners]
        if not names:
            return "Nobody wins"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return " and ".join(names) + " share the win!"

    def draw_scene(self, surface) -> None:
        w, h = surface.get_size()
        out = self.match.state.outcome
        look.text(surface, f"{self.match.spec.title}: game over", (w // 2, 40), 22, look.MUTED, anchor="midtop")
        look.text(surface, self.headline(), (w // 2, 80), 42, look.GOLD, bold=True, anchor="midtop")
        reason = self.board.named(self.board.controller.words.outcome(self.match.state))
        for i, line in enumerate(look.wrap_text(reason, 17, min(860, w - 80))):
            look.text(surface, line, (w // 2, 150 + 24 * i), 17, look.INK, anchor="midtop")
        table = pygame.Rect(0, 230, 620, 60 + 46 * len(self.match.seats))
        table.centerx = w // 2
        panel(surface, table)
        look.text(surface, "Player", (table.x + 70, table.y + 16), 15, look.MUTED, bold=True)
        look.text(surface, self.match.spec.score_name, (table.right - 150, table.y + 16), 15, look.MUTED, bold=True, anchor="topright")
        breakdown = getattr(self.board, "score_breakdown", lambda seat: "")
        # the winners first: a count that is not points (Scurry's tiles) may be bigger for the loser
        order = sorted(range(len(self.match.seats)), key=lambda s: (s not in out.winners, -out.scores[s]))
        for row, seat_index in enumerate(order):
            seat = self.match.seats[seat_index]
            y = table.y + 50 + 46 * row
            # the board's colour for the seat: some games give seats a colour of play (Skurðir's pyramids)
            look.draw_seat_shape(surface, seat.colour, (table.x + 36, y + 14), 12, self.board.seat_rgb(seat_index))
            look.text(surface, seat.name, (table.x + 70, y), 20, look.INK, bold=seat_index in out.winners)
            detail = breakdown(seat_index)
            if detail:
                look.text(surface, detail, (table.x + 70, y + 24), 12, look.MUTED)
            look.text(surface, str(out.scores[seat_index]), (table.right - 150, y), 22, look.INK, bold=True,
                      anchor="topright")
            if seat_index in out.winners:
                # a game that ends drawn lists every seat as a winner: say what the headline says
                drawn = len(out.winners) == len(self.match.seats) > 1 and "draw" in self.headline().lower()
                look.text(surface, "draw" if drawn else "winner", (table.right - 30, y + 3), 16,
                          look.MUTED if drawn else look.GOOD, bold=True, anchor="topright")
        bottom = self.draw_stats_lines(surface, table.bottom + 14, h - 100)
        if self.chart is not None:
            self.draw_small_chart(surface, table, bottom)

    def small_chart_box(self, table: pygame.Rect, top: int) -> pygame.Rect | None:
        """Where the kept review's chart goes: under the table and the statistics' lines, else
        beside the table, else nowhere (a small window with many players)."""
        w, h = self.app.size
        below = pygame.Rect(table.x, top + 8, table.w, h - 104 - (top + 8))
        if below.h >= SMALL_CHART_H:
            below.h = min(below.h, 190)
            return below
        beside = pygame.Rect(table.right + 16, table.y, w - 20 - (table.right + 16), min(table.h, 190))
        if beside.w >= 230 and beside.h >= SMALL_CHART_H:
            return beside
        return None

    def turning_words(self) -> tuple[str, ...]:
        """The turning point in words, for the small chart's heading: the longest first."""
        from ..review_story import SLIDE_AT_LEAST

        _replay, _review, told = self.kept
        for _seat, slide in sorted(told.slides.items()):
            if slide.fall >= SLIDE_AT_LEAST:
                first = slide.start + 1
                span = f"move {slide.end}" if first >= slide.end else f"moves {first}–{slide.end}"
                said = (f"Turning point: {span}, {self.match.seats[slide.seat].name}'s chance "
                        f"{round(100 * slide.high)} % → {round(100 * slide.low)} %")
                turned = f", move {slide.turned_by['ply'] + 1} a {slide.turned_by['grade']}" if slide.turned_by else ""
                return (said + turned, said, f"Turning point: {span}")
        return ("The review found no turning point: no chance fell by much", "No turning point")

    def draw_small_chart(self, surface, table: pygame.Rect, top: int) -> None:
        box = self.small_chart_box(table, top)
        if box is None:  # no room for the chart: its turning point in words, if there is room for those
            w, h = self.app.size
            if h - 104 - (top + 8) >= 20:
                look.text(surface, look.fit_words(self.turning_words(), 14, w - 40, True), (w // 2, top + 8), 14,
                          look.GOLD, bold=True, anchor="midtop")
            return
        panel(surface, box)
        with look.within(box):
            look.text(surface, look.fit_words(self.turning_words(), 13, box.w - 20, True), (box.x + 10, box.y + 6), 13,
                      look.GOLD, bold=True)
            self.chart.layout(pygame.Rect(box.x + 52, box.y + 34, box.w - 64, box.h - 34 - 22))
            self.chart.draw(surface, small=True)

    def draw_stats_lines(self, surface, top: int, bottom: int) -> int:
        """What this game did to each person's statistics, between the table and the buttons:
        one line each, two to a line when the room is short. Returns where they end."""
        lines = self.stats_lines
        if not lines:
            return top
        w = surface.get_width()
        if len(lines) * 22 > bottom - top:
            lines = ["   ·   ".join(lines[i:i + 2]) for i in range(0, len(lines), 2)]
        size = 15 if len(lines) * 22 <= bottom - top else 13
        step = size + 7
        for i, line in enumerate(lines):
            look.text(surface, look.fit_text(line, size, w - 40), (w // 2, top + step * i), size, look.GOLD,
                      anchor="midtop")
        return top + step * len(lines)

"""The Statistics screen: pick a player and a game (or all games) and see how
they have done — played, won, streaks, scores, the computer levels faced,
hints used — with a chart of the scores over time. A player can be renamed
(to a name already there: merged) and their statistics reset; a merge and a
reset ask for a second click first, and a reset keeps every game (History
still lists and replays them)."""
from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from .. import records, shelf, stats
from ..engine.match import NAME_LIMIT
from . import look
from .loading import Background, FollowsRecords, unreadable_text, words
from .scene import Scene, panel
from .touch import at_least

ALL_GAMES = "All games"
CONFIRM_SECONDS = 5.0
NO_PLAYERS = "(nobody yet)"
NOT_READ = "…"  # the player list while the records are being read, or cannot be


def number(value, digits: int = 1) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return str(value)


class StatisticsScene(FollowsRecords, Scene):
    def __init__(self, app, player: str | None = None, game: str = stats.ALL):
        self.games: list = []  # every finished game, oldest first, without its moves
        self.marks: dict = {}
        self.names: list = []
        self.player = player  # the one to show once the records are read
        self.game = game
        self.armed: tuple | None = None  # ("merge" or "reset", what, until): the next click does it
        self.rename_text = ""
        self.backdrop = (None, None)
        self.figures = None
        self.problem: records.RecordsError | None = None  # why the records cannot be read now
        self.loading = True  # the first read starts at once: its menus say "…" until it is done, not "(nobody yet)"
        self.reads = Background()  # sqlite may wait on a locked file: never on the window's thread
        super().__init__(app)
        self.reload()

    # ---- data ----------------------------------------------------------------
    def recompute(self) -> None:
        self.figures = stats.compute(self.games, self.player, self.game, self.marks) if self.player else None
        self.backdrop = (None, None)

    def reload(self, quietly: bool = False) -> None:
        """Read the records (at first, after a rename or a reset, on Try again; `quietly`
        when another window changed them: the figures shown stay until the new ones come)."""
        self.loading = not quietly
        self.rereading = quietly
        if not quietly:
            self.backdrop = (None, None)
        self.read_stamp = records.stamp()
        self.reads.run(lambda: (stats.load(), stats.resets()), self.loaded)

    def loaded(self, found, error) -> None:
        if self.rereading and error is not None:
            self.read_stamp = None, error  # kept as shown, read again at the next look
            return
        shown = (self.names, self.player, self.problem is None)
        self.loading = False
        self.problem = error
        self.tell_what_happened(self.games, found[0] if error is None else None)
        self.games, self.marks = found if error is None else ([], {})
        self.names = stats.players(self.games)
        wanted = stats.key(self.player) if self.player else None
        self.player = next((n for n in self.names if stats.key(n) == wanted), self.names[0] if self.names else None)
        self.recompute()
        if not self.rereading or (self.names, self.player, self.problem is None) != shown:
            self.rebuild()  # the menus' choices or "Try again" may change (a re-read leaves an open menu open)

    def update(self, dt: float) -> bool:
        changed = self.reads.collect()
        changed = super().update(dt) or changed
        if self.armed is not None and time.monotonic() >= self.armed[2]:
            self.armed = None  # the second click did not come: nothing happens
            self.rebuild()
            changed = True
        return changed

    def frame_interval(self) -> float | None:
        interval = super().frame_interval()
        if self.armed is not None:
            interval = 0.5 if interval is None else min(interval, 0.5)
        return self.reads.interval(interval)

    @property
    def game_title(self) -> str:
        return ALL_GAMES if self.game == stats.ALL else shelf.GAMES[self.game].title

    # ---- building ------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        width = min(1160, w - 40)
        left = (w - width) // 2
        self.left, self.width = left, width
        self.label((left, 18, width, 44), "Statistics", "#title_label")
        y = 74
        tall = at_least(34, self.app.settings)  # Large targets: a finger's height (touch.py)
        self.label((left, y, 70, tall), "Player")
        names = self.names or [NOT_READ if self.loading or self.problem else NO_PLAYERS]
        self.player_menu = UIDropDownMenu(names, self.player or names[0], pygame.Rect(left + 72, y, 240, tall),
                                          self.manager)
        self.label((left + 330, y, 60, tall), "Game")
        titles = [ALL_GAMES] + [spec.title for spec in shelf.GAMES.values()]
        self.game_menu = UIDropDownMenu(titles, self.game_title, pygame.Rect(left + 392, y, 260, tall), self.manager)
        top = 124
        bottom = h - 150
        self.figures_rect = pygame.Rect(left, top, min(400, width // 2 - 10), bottom - top)
        self.chart_rect = pygame.Rect(self.figures_rect.right + 16, top, left + width - self.figures_rect.right - 16,
                                      bottom - top)
        y = h - 134
        self.label((left, y, 150, tall), "Rename player")
        self.name_entry = UITextEntryLine(pygame.Rect(left + 152, y, 220, tall), self.manager,
                                          initial_text=self.rename_text)
        self.name_entry.set_text_length_limit(NAME_LIMIT)
        merging = self.armed is not None and self.armed[0] == "merge"
        self.rename_button = self.button(
            (left + 384, y, 200, tall), f"Merge into {look.fit_text(self.armed[1], 14, 90)}?" if merging else "Rename",
            self.rename, enabled=self.player is not None,
            tooltip="Give the player another name; a name already listed merges the two")
        resetting = self.armed is not None and self.armed[0] == "reset"
        self.reset_button = self.button(
            (left + width - 250, y, 250, tall), "Yes, reset" if resetting else "Reset statistics…", self.reset,
            enabled=self.player is not None,
            tooltip="Start this player's statistics at this game again; the games stay in History")
        self.button(((w - 160) // 2, h - 64, 160, 44), "Back", self.app.pop, primary=True)
        if self.problem is not None:
            self.button(((w - 160) // 2 + 175, h - 64, 160, 44), "Try again", self.reload,
                        tooltip="Read the records again")

    # ---- choices -------------------------------------------------------------
    def on_choice(self, element, text) -> None:
        if element is self.player_menu and text in self.names:
            self.player = text
        elif element is self.game_menu:
            self.game = next((spec.id for spec in shelf.GAMES.values() if spec.title == text), stats.ALL)
        else:
            return
        self.armed = None
        self.recompute()
        self.rebuild()

    def on_text(self, element, text) -> None:
        if element is self.name_entry:
            self.rename_text = text
            if self.armed is not None and self.armed[0] == "merge":
                self.armed = None
                self.rename_button.set_text("Rename")

    def is_armed(self, kind: str, what: str) -> bool:
        return (self.armed is not None and self.armed[:2] == (kind, what)
                and time.monotonic() < self.armed[2])

    def rename(self) -> None:
        new = " ".join(self.rename_text.split())
        if not new:
            self.app.notify("Type the new name first.")
            return
        if stats.key(new) == stats.key(self.player) and new == self.player:
            self.app.notify(f"The player is called {new} already.")
            return
        there = next((n for n in self.names if stats.key(n) == stats.key(new) and stats.key(n) != stats.key(self.player)),
                     None)
        if there is not None and not self.is_armed("merge", there):
            self.armed = ("merge", there, time.monotonic() + CONFIRM_SECONDS)
            self.app.notify(f"{there} is a player already: click “Merge into {there}?” to make {self.player} "
                            f"and {there} one player, with all their games.")
            self.rebuild()
            return
        self.armed = None
        old, name = self.player, there or new
        self.reads.run(lambda: stats.rename(old, name), lambda changed, error: self.renamed(
            old, name, there is not None, changed, error))

    def renamed(self, old: str, name: str, merged: bool, changed, error) -> None:
        if error is not None:
            self.app.notify(words(error))
            self.rebuild()
            return
        games = f"{changed} game{'s' if changed != 1 else ''}"
        self.app.notify(f"{old} merged into {name} ({games})." if merged else f"{old} is now called {name} ({games}).")
        self.player = name
        self.rename_text = ""
        self.reload()

    def reset(self) -> None:
        what = f"{self.player}|{self.game}"
        if not self.is_armed("reset", what):
            self.armed = ("reset", what, time.monotonic() + CONFIRM_SECONDS)
            where = "every game" if self.game == stats.ALL else self.game_title
            self.app.notify(f"Click “Yes, reset” to start {self.player}'s statistics at {where} again. "
                            "The games stay in History.")
            self.rebuild()
            return
        self.armed = None
        player, game = self.player, self.game
        self.reads.run(lambda: stats.reset(player, game), lambda _none, error: self.was_reset(player, error))

    def was_reset(self, player: str, error) -> None:
        if error is not None:
            self.app.notify(f"The statistics could not be reset ({words(error)}).")
            self.rebuild()
            return
        self.app.notify(f"{player}'s statistics start again from here.")
        self.reload()

    # ---- drawing -------------------------------------------------------------
    def rows(self) -> list[tuple[str, str]]:
        f = self.figures
        pct = f"{number(f.win_pct)} %" if f.win_pct is not None else "–"
        rows = [("Played", str(f.played)), ("Won", f"{f.won}  ({pct})"),
                ("Winning streak now", str(f.current_streak)), ("Best winning streak", str(f.best_streak)),
                ("Average score", number(f.average_score)), ("Best score", number(f.best_score)),
                ("Hints used", str(f.hints))]
        for level in stats.LEVELS:
            if level in f.against:
                played, won = f.against[level]
                rows.append((f"Against the computer ({level})", f"{won} of {played} won"))
        if not f.against:
            rows.append(("Against the computer", "no games yet"))
        return rows

    def draw(self, surface) -> None:
        """The figures and the chart change only with a choice: drawn once onto a backdrop."""
        key = (surface.get_size(), id(self.figures), self.figures_rect.topleft, self.loading, id(self.problem))
        if self.backdrop[0] != key:
            backdrop = look.tiled(self.background, surface.get_size()).copy()
            self.draw_scene(backdrop)
            self.backdrop = (key, backdrop)
        look.blit(surface, self.backdrop[1], (0, 0))
        self.manager.draw_ui(surface)

    def draw_scene(self, surface) -> None:
        r = self.figures_rect
        panel(surface, r)
        if self.figures is None:
            if self.loading:
                message = "Loading the records…"
            elif self.problem is not None:
                message = unreadable_text(self.problem)
            else:
                message = "Nobody has finished a game yet. Statistics appear here after the first one."
            for i, line in enumerate(look.wrap_text(message, 16, r.w - 32)):
                look.text(surface, line, (r.x + 16, r.y + 16 + 22 * i), 16, look.MUTED)
            return
        look.text(surface, look.fit_text(f"{self.player} — {self.game_title}", 18, r.w - 32, bold=True),
                  (r.x + 16, r.y + 14), 18, look.GOLD, bold=True)
        rows = self.rows()
        step = max(20, min(30, (r.h - 56) // max(1, len(rows))))
        size = 15 if step >= 24 else 13
        y = r.y + 50
        for name, value in rows:
            look.text(surface, name, (r.x + 16, y), size, look.MUTED)
            look.text(surface, value, (r.right - 16, y), size, look.INK, bold=True, anchor="topright")
            y += step
        chart = surface.subsurface(self.chart_rect)
        panel(chart, chart.get_rect())
        with look.within(self.chart_rect):
            draw_chart(chart, self.figures, self.game == stats.ALL)


def draw_chart(surface, figures, every_game: bool) -> None:
    """Scores over time: one dot a game (a full green one a win, a red ring a loss), joined by a
    line, the average dashed.
    Every game at once: a row per game, each on its own scale (a Scrubbudgetel haul of 98
    and a Skurðir score of 8 are not on one scale), all on one line of time."""
    w, h = surface.get_size()
    title = look.text(surface, "Scores over time", (16, 14), 18, look.GOLD, bold=True)
    points = figures.scores
    top = 50  # the plot's top
    if every_game:
        note = "(a row per game: each scores on its own scale)"
        if look.font(12).size(note)[0] <= w - 16 - (title.right + 12):
            look.text(surface, note, (w - 16, 18), 12, look.MUTED, anchor="topright")
        else:  # a narrow chart: the note under its title, the plot lower
            note = look.fit_text(note, 12, w - 32)
            top = look.text(surface, note, (16, title.bottom + 2), 12, look.MUTED).bottom + 10
    if len(points) < 2:
        look.text(surface, "The chart appears after two finished games.", (w // 2, h // 2), 15, look.MUTED,
                  anchor="center")
        return
    plot = pygame.Rect(58, top, w - 80, h - 46 - top)
    pygame.draw.line(surface, (110, 88, 64), plot.bottomleft, plot.bottomright)
    pygame.draw.line(surface, (110, 88, 64), plot.bottomleft, plot.topleft)
    look.text(surface, "1st game", (plot.x, plot.bottom + 8), 12, look.MUTED)
    look.text(surface, f"game {len(points)}", (plot.right, plot.bottom + 8), 12, look.MUTED, anchor="topright")
    if not every_game:
        draw_scores(surface, points, range(len(points)), plot, figures.average_score)
    else:
        order = {game_id: n for n, game_id in enumerate(shelf.GAMES)}
        games = sorted({p.game for p in points}, key=lambda g: order.get(g, len(order)))
        lane_h = plot.h / len(games)
        for k, game_id in enumerate(games):
            lane = pygame.Rect(plot.x, round(plot.y + k * lane_h), plot.w, round(lane_h))
            if k:
                pygame.draw.line(surface, (70, 56, 42), lane.topleft, lane.topright)
            name = shelf.GAMES[game_id].title if game_id in shelf.GAMES else game_id
            label = look.text(surface, name, (lane.x + 6, lane.y + 3), 12, look.INK, bold=True)
            area = pygame.Rect(lane.x, label.bottom + 8, lane.w, lane.bottom - label.bottom - 14)
            draw_scores(surface, points, [i for i, p in enumerate(points) if p.game == game_id], area)
    look.text(surface, "● won", (plot.x + 4, h - 22), 12, look.GOOD)
    look.text(surface, "○ lost", (plot.x + 64, h - 22), 12, look.BAD)


def draw_scores(surface, points, indices, plot, average=None) -> None:
    """The scores of `points` at `indices` in `plot`, on their own scale (lowest and highest
    written left of it), x by their place among all `points`; `average` dashed if given."""
    indices = list(indices)
    low = min(points[i].score for i in indices)
    high = max(points[i].score for i in indices)
    if high == low:
        high, low = high + 1, low - 1
    for value in (low, high) if plot.h >= 18 else (high,):  # a low row has room for one figure
        y = plot.bottom - (value - low) * plot.h / (high - low)
        look.text(surface, str(value), (plot.x - 8, y - 8), 13, look.MUTED, anchor="topright")

    def at(i, score):
        return (plot.x + i * plot.w / (len(points) - 1), plot.bottom - (score - low) * plot.h / (high - low))

    # a long history is drawn from at most two points a pixel column
    stride = max(1, len(indices) // max(1, plot.w // 2))
    shown = indices[::stride]
    if shown[-1] != indices[-1]:
        shown.append(indices[-1])
    if len(shown) > 1:
        pygame.draw.lines(surface, (200, 170, 120), False, [at(i, points[i].score) for i in shown], 2)
    if average is not None:
        y = at(0, average)[1]
        for x in range(plot.x, plot.right, 14):
            pygame.draw.line(surface, look.MUTED, (x, y), (min(x + 7, plot.right), y))
        look.text(surface, f"average {number(average)}", (plot.right, y - 18), 12, look.MUTED, anchor="topright")
    radius = 6 if len(shown) < 80 else 3  # a dot a game, big enough to see which is green
    for i in shown:  # a win a full dot, a loss a ring: not told by green and red alone
        won = points[i].won
        pygame.draw.circle(surface, look.GOOD if won else look.BAD, at(i, points[i].score), radius,
                           0 if won else max(2, radius // 2))

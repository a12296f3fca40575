"""The History screen: every finished game, newest first (when, which game, who
played, the result, how many moves); pick one and replay it.

The list is drawn here rather than with a pygame-gui list, so thousands of
games cost a frame only the rows that show: a row's texts are cut to their
columns when first drawn and kept.
"""
from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIDropDownMenu

from .. import records, shelf
from ..engine.match import SaveError
from ..replay import Replay
from . import look
from .focus import Stop
from .loading import Background, FollowsRecords, unreadable_text, words
from .replay_screen import replay_scene
from .scene import Scene, panel
from .touch import at_least

ALL_GAMES = "All games"
ROW = 30  # the headings' row, and a game's (a finger's height with Large targets: self.row)
DOUBLE_CLICK_S = 0.5
# columns: (heading, share of the width left after the fixed ones, or a fixed width)
COLUMNS = (("When", 165), ("Game", 165), ("Players", 0), ("Result", 220), ("Moves", 70))


def when_text(stamp: str) -> str:
    """"today 14:02", "23 Nov 14:02" this year, else "23 Nov 2025", for the ISO time a record keeps."""
    try:
        moment = time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return stamp[:16]
    if time.strftime("%Y%m%d", moment) == time.strftime("%Y%m%d"):
        return time.strftime("today %H:%M", moment)
    return time.strftime("%d %b %H:%M" if moment.tm_year == time.localtime().tm_year else "%d %b %Y", moment)


def players_text(summary) -> str:
    names = []
    for seat in summary.seats:
        name = str(seat.get("name", "?"))
        if seat.get("kind") == "computer":
            name += f" ({seat.get('level', 'normal')})"
        names.append(name)
    return " vs ".join(names)


def result_text(summary) -> str:
    winners = [str(summary.seats[i].get("name", "?")) for i in summary.winners if 0 <= i < len(summary.seats)]
    scores = "–".join(str(s) for s in summary.scores)
    if not winners:
        head = "Nobody won"
    elif len(winners) == len(summary.seats) > 1:
        head = "Draw"
    else:
        head = " and ".join(winners) + " won"
    return f"{head}, {scores}"


def shelf_titles() -> dict[str, str]:
    return {spec.id: spec.title for spec in shelf.GAMES.values()}


class HistoryScene(FollowsRecords, Scene):
    def __init__(self, app):
        self.game = ALL_GAMES
        self.games: list = []  # newest first, without their moves (read off the window's thread)
        self.shown = self.games
        self.problem: records.RecordsError | None = None  # why the records cannot be read now
        self.reads = Background()
        self.loading = False
        self.top = 0  # first row shown
        self.selected: int | None = None  # a record id
        self.last_click = (None, 0.0)
        self.fitted: dict = {}
        super().__init__(app)
        self.reload()

    # ---- the records, read off the window's thread ----------------------------
    def reload(self, quietly: bool = False) -> None:
        """Read the records; `quietly` (a re-read) keeps the list shown meanwhile."""
        self.loading = not quietly
        self.read_stamp = records.stamp()
        self.reads.run(records.summaries, self.loaded)

    def loaded(self, games, error) -> None:
        if not self.loading and error is not None:  # a re-read: what shows stays, read again at the next look
            self.read_stamp = None, error
            return
        had_problem = self.problem is not None
        self.loading = False
        self.problem = error
        self.tell_what_happened(self.games, games)
        self.games = games or []
        self.fitted = {}  # a player renamed meanwhile
        self.show_game(self.game)
        if had_problem != (error is not None):
            self.rebuild()  # "Try again" comes or goes

    def update(self, dt: float) -> bool:
        changed = self.reads.collect()
        return super().update(dt) or changed

    def frame_interval(self) -> float | None:
        return self.reads.interval(super().frame_interval())

    def build(self) -> None:
        w, h = self.app.size
        width = min(1160, w - 40)
        left = (w - width) // 2
        self.label((left, 18, width, 44), "History", "#title_label")
        titles = shelf_titles()
        self.titles = titles
        choices = [ALL_GAMES] + [titles[g] for g in shelf.GAMES]
        self.row = at_least(ROW, self.app.settings)  # Large targets: a row a finger's height (touch.py)
        self.game_menu = UIDropDownMenu(choices, self.game, pygame.Rect(left, 74, 240, at_least(34, self.app.settings)),
                                        self.manager)
        self.table = pygame.Rect(left, 120, width, h - 120 - 80)
        fixed = sum(size for _name, size in COLUMNS)
        flexible = max(120, width - 24 - fixed)
        x = left + 12
        self.columns = []
        for name, size in COLUMNS:
            size = size or flexible
            self.columns.append((name, x, size - 12))
            x += size
        bottom = h - 64
        self.button((left, bottom, 200, 44), "Replay", self.open_selected, primary=True,
                    tooltip="Play the chosen game again, move by move (or double-click it)")
        self.button((left + 215, bottom, 200, 44), "Review", self.review_selected,
                    tooltip="The computer looks back at the chosen game's moves")
        self.button((left + 430, bottom, 160, 44), "Back", self.app.pop)
        if self.problem is not None:
            self.button((left + width - 160, bottom, 160, 44), "Try again", self.reload,
                        tooltip="Read the records again")
        self.fitted = {}
        self.backdrop = None  # what stays the same from frame to frame, drawn once
        self.clamp()

    # ---- the list -----------------------------------------------------------
    @property
    def rows_shown(self) -> int:
        return max(1, (self.table.h - ROW - 8) // self.row)  # under the headings' row

    def clamp(self) -> None:
        self.top = max(0, min(self.top, len(self.shown) - self.rows_shown))

    def row_rect(self, index: int) -> pygame.Rect:
        """Where the row of `self.shown[index]` is drawn (while it is in view)."""
        return pygame.Rect(self.table.x + 4, self.table.y + ROW + 4 + (index - self.top) * self.row,
                           self.table.w - 8, self.row)

    def own_click_targets(self) -> list:
        return [(f"row {index}", self.row_rect(index))
                for index in range(self.top, min(len(self.shown), self.top + self.rows_shown))]

    def drawn_stops(self) -> list:
        """The list of games is one stop: Up and Down choose a row, Enter replays it."""
        if not self.shown:
            return []
        ids = [s.id for s in self.shown]
        rect = self.row_rect(ids.index(self.selected)) if self.selected in ids else self.table.copy()
        return [Stop(("list",), rect, self.open_or_choose, on_key=self.list_key)]

    def focus_start(self, stops: list):
        return next((s for s in stops if s.key == ("list",)), None)

    def open_or_choose(self) -> None:
        if self.selected in [s.id for s in self.shown]:
            self.open_selected()
        else:
            self.move_selection(0)

    def list_key(self, event) -> bool:
        """Up and Down walk the rows (out of the list past its first row); Enter and Space are the stop's press."""
        if event.key not in (pygame.K_UP, pygame.K_DOWN):
            return False
        ids = [s.id for s in self.shown]
        if event.key == pygame.K_UP and ids and self.selected == ids[0]:
            return False  # on up to the game chooser
        self.move_selection(-1 if event.key == pygame.K_UP else 1)
        return True

    def index_at(self, pos) -> int | None:
        if not self.table.collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.table.y - ROW - 4) // self.row
        if pos[1] < self.table.y + ROW + 4 or not self.top <= index < min(len(self.shown),
                                                                               self.top + self.rows_shown):
            return None
        return index

    def cells(self, summary) -> list[str]:
        """The row's texts, each cut to its column (once)."""
        found = self.fitted.get(summary.id)
        if found is None:
            texts = (when_text(summary.finished), self.titles.get(summary.game, summary.game), players_text(summary),
                     result_text(summary), str(summary.moves))
            found = [look.fit_text(text, 15, width) for text, (_n, _x, width) in zip(texts, self.columns)]
            self.fitted[summary.id] = found
        return found

    def on_choice(self, element, text) -> None:
        if element is self.game_menu:
            self.show_game(text)
            self.top = 0

    def show_game(self, title: str) -> None:
        """List only that game's records (or all games)."""
        self.game = title
        ids = {name: game for game, name in shelf_titles().items()}
        self.shown = self.games if title == ALL_GAMES else [s for s in self.games if s.game == ids.get(title)]
        self.clamp()

    def on_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.table.collidepoint(self.app.mouse_pos):
            self.top -= 3 * event.y
            self.clamp()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                record_id = self.shown[index].id
                now = time.monotonic()
                again = self.last_click[0] == record_id and now - self.last_click[1] < DOUBLE_CLICK_S
                self.selected = record_id
                self.last_click = (record_id, now)
                if again:
                    self.open_selected()
        else:
            super().on_event(event)  # Up, Down and Enter: the list is a stop of the focus ring

    def move_selection(self, by: int) -> None:
        ids = [s.id for s in self.shown]
        if not ids:
            return
        index = ids.index(self.selected) + by if self.selected in ids else 0
        index = max(0, min(len(ids) - 1, index))
        self.selected = ids[index]
        if index < self.top:
            self.top = index
        elif index >= self.top + self.rows_shown:
            self.top = index - self.rows_shown + 1

    def open_selected(self, then=None) -> None:
        if self.selected is None:
            self.app.notify("Choose a game in the list first.")
            return
        self.reads.run(lambda chosen=self.selected: records.get(chosen),
                       lambda record, error: self.replay_record(record, error, then))

    def review_selected(self) -> None:
        self.open_selected(self.app.open_review)

    def replay_record(self, record, error, then=None) -> None:
        if self.app.scene is not self:
            return  # the player went elsewhere meanwhile
        if error is not None:
            self.app.notify(f"That game can't be read right now: {words(error)}.")
            return
        if record is None:
            self.app.notify("That game is no longer in the records.")
            return
        try:
            replay = Replay(record.to_save())
        except SaveError as exc:
            self.app.notify(f"This game cannot be replayed: {exc}")
            return
        if then is not None:
            then(replay)
            return
        self.app.push(replay_scene(self.app, replay))

    # ---- drawing -------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.backdrop is None or self.backdrop.get_size() != surface.get_size():
            self.backdrop = look.tiled(self.background, surface.get_size()).copy()
            t = self.table
            panel(self.backdrop, t)
            for name, x, _width in self.columns:
                look.text(self.backdrop, name, (x, t.y + 8), 14, look.MUTED, bold=True)
            pygame.draw.line(self.backdrop, (110, 88, 64), (t.x + 6, t.y + ROW + 2), (t.right - 6, t.y + ROW + 2))
        look.blit(surface, self.backdrop, (0, 0))
        self.draw_scene(surface)
        self.manager.draw_ui(surface)

    def draw_scene(self, surface) -> None:
        t = self.table
        if self.loading or self.problem is not None:
            message = "Loading the records…" if self.loading else unreadable_text(self.problem)
            for i, line in enumerate(look.wrap_text(message, 16, t.w - 80)):
                look.text(surface, line, (t.centerx, t.y + 60 + 24 * i), 16, look.MUTED, anchor="midtop")
            return
        if not self.shown:
            look.text(surface, "No finished games yet: a game appears here when it ends.", (t.centerx, t.y + 60),
                      16, look.MUTED, anchor="midtop")
        hover = self.index_at(self.app.mouse_pos)
        for index in range(self.top, min(len(self.shown), self.top + self.rows_shown)):
            summary = self.shown[index]
            row = self.row_rect(index)
            if summary.id == self.selected:
                pygame.draw.rect(surface, (84, 66, 44), row, border_radius=5)
                pygame.draw.rect(surface, look.GOLD, row, 1, border_radius=5)
            elif index == hover:
                pygame.draw.rect(surface, (52, 42, 32), row, border_radius=5)
            for text, (_name, x, _width) in zip(self.cells(summary), self.columns):
                look.text(surface, text, (x, row.centery - 9), 15, look.INK, shadow=False)
        if len(self.shown) > self.rows_shown:  # where the view is in the whole list
            track = pygame.Rect(t.right - 7, t.y + ROW + 6, 3, t.h - ROW - 12)
            pygame.draw.rect(surface, (60, 48, 36), track)
            size = max(12, track.h * self.rows_shown // len(self.shown))
            y = track.y + (track.h - size) * self.top // max(1, len(self.shown) - self.rows_shown)
            pygame.draw.rect(surface, look.MUTED, (track.x, y, 3, size))
        count = len(self.shown)
        look.text(surface, f"{count} finished game{'s' if count != 1 else ''}", (t.right, 84), 14, look.MUTED,
                  anchor="topright")

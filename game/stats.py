"""Statistics per player and game, from the records of finished games (game.records).

A player is a person's seat name (computer seats are not players: they are
the levels a person played against); names match whatever their case. Every
figure is computed from the records, so nothing here can drift from them:

    played, won, win %, current and best winning streak, average and best
    score, scores over time (the chart), results against each computer level,
    hints used.

A shared win counts as a win for each winner. Resetting a player's statistics
keeps every record (the History screen still lists and replays them): it notes
the newest record at that moment, and only later games count. Renaming a
player rewrites the name in the records; renaming to a name already there
merges the two.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import NamedTuple

from . import records

ALL = "*"  # the game of a reset (or a figure) that covers every game
LEVELS = ("easy", "normal", "hard")


@functools.lru_cache(maxsize=4096)
def key(name: str) -> str:
    """How names are compared: "Ann", "ann " and "ANN" are one player."""
    return " ".join(str(name).split()).casefold()


class Point(NamedTuple):
    """One game on the chart of scores over time."""

    record: int  # the record's id
    finished: str
    score: int
    won: bool
    game: str = ""  # its game's id: games score on scales of their own


@dataclass
class Stats:
    player: str
    game: str  # a registry id, or ALL
    played: int = 0
    won: int = 0
    current_streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    scores: list = field(default_factory=list)  # a Point per game, oldest first
    against: dict = field(default_factory=dict)  # computer level -> [played, won]
    hints: int = 0

    @property
    def win_pct(self) -> float | None:
        return 100.0 * self.won / self.played if self.played else None

    @property
    def best_score(self) -> int | None:
        return max((p.score for p in self.scores), default=None)

    @property
    def average_score(self) -> float | None:
        return sum(p.score for p in self.scores) / len(self.scores) if self.scores else None


def seat_of(summary, player_key: str) -> int | None:
    """The seat a person of that name had in a finished game, or None."""
    for i, seat in enumerate(summary.seats):
        if seat.get("kind", "human") == "human" and key(seat.get("name", "")) == player_key:
            return i
    return None


def load() -> list:
    """Every finished game without its moves, oldest first."""
    return records.summaries(oldest_first=True, count_moves=False)


def players(games: list, game: str = ALL) -> list[str]:
    """The people in these games (of `game` only, unless ALL), as they were last
    written, sorted by name."""
    names: dict[str, str] = {}
    for summary in games:
        if game != ALL and summary.game != game:
            continue
        for seat in summary.seats:
            if seat.get("kind", "human") == "human" and key(seat.get("name", "")):
                names[key(seat["name"])] = seat["name"]
    return sorted(names.values(), key=key)


def resets() -> dict:
    """(player key, game or ALL) -> the newest record id that no longer counts."""
    return {(player, game): after for player, game, after in records.query(
        "SELECT player, game, after_id FROM resets")}


def compute(games: list, player: str, game: str = ALL, reset_marks: dict | None = None) -> Stats:
    """The statistics of `player` at `game` (or every game) over `games` (oldest first)."""
    who = key(player)
    marks = resets() if reset_marks is None else reset_marks
    whole = marks.get((who, ALL), 0)
    out = Stats(player, game)
    for summary in games:
        if game != ALL and summary.game != game:
            continue
        if summary.id <= max(whole, marks.get((who, summary.game), 0)):
            continue  # finished before the statistics were reset
        seat = seat_of(summary, who)
        if seat is None:
            continue
        won = seat in summary.winners
        out.played += 1
        out.won += won
        out.current_streak = out.current_streak + 1 if won else 0
        out.best_streak = max(out.best_streak, out.current_streak)
        if seat < len(summary.scores):
            out.scores.append(Point(summary.id, summary.finished, summary.scores[seat], won, summary.game))
        if seat < len(summary.hints):
            out.hints += summary.hints[seat]
        for level in sorted({s.get("level", "normal") for s in summary.seats if s.get("kind") == "computer"}):
            tally = out.against.setdefault(level, [0, 0])
            tally[0] += 1
            tally[1] += won
    return out


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def result_line(stats: Stats, title: str, record_id: int) -> str:
    """"Ann: 7th win at Skurðir, best score yet" for the game `record_id` that
    just finished (the last one in `stats`)."""
    name = stats.player
    if not stats.scores or stats.scores[-1].record != record_id:
        return ""
    if stats.played == 1:
        return f"{name}: first game of {title} — statistics start here"
    won_last = stats.current_streak > 0
    if won_last:
        text = f"{name}: {ordinal(stats.won)} win at {title}"
        if stats.current_streak >= 2:
            text += f", {stats.current_streak} in a row"
    else:
        text = f"{name}: {stats.won} of {stats.played} games of {title} won"
    score = stats.scores[-1].score
    earlier = [p.score for p in stats.scores[:-1]]
    if earlier and score > max(earlier):
        text += ", best score yet"
    return text


def result_lines(match) -> list[str]:
    """One line per person at a match that just finished and became a record."""
    if match.save_id is None or not match.state.is_over:
        return []
    record = records.find(match.save_id)
    if record is None:
        return []
    games = records.summaries(match.spec.id, oldest_first=True, count_moves=False)
    marks = resets()
    lines = []
    for seat in match.seats:
        if seat.kind == "human":
            line = result_line(compute(games, seat.name, match.spec.id, marks), match.spec.title, record.id)
            if line:
                lines.append(line)
    return lines


# ---- changing the statistics ------------------------------------------------
class SameGame(ValueError):
    """Two names that sat at the same game cannot become one player."""


def rename(old: str, new: str) -> int:
    """Write `new` wherever `old` is a person's name in the records (a name
    already there: the two are merged). Returns how many games changed.
    SameGame when both names played in one game; RecordsError when the file
    cannot be written."""
    old_key, new_key = key(old), key(new)
    new = " ".join(new.split())
    if not new_key:
        raise ValueError("A name cannot be empty.")

    def work(db):
        changed = []
        shared = 0
        for rid, seats_text in db.execute("SELECT id, seats FROM records"):
            seats = json.loads(seats_text)
            mine = [s for s in seats if s.get("kind", "human") == "human" and key(s.get("name", "")) == old_key]
            if not mine:
                continue
            if old_key != new_key and any(s.get("kind", "human") == "human" and key(s.get("name", "")) == new_key
                                          for s in seats):
                shared += 1
            for seat in mine:
                seat["name"] = new
            changed.append((json.dumps(seats, ensure_ascii=False), rid))
        if shared:
            raise SameGame(f"{old} and {new} played each other in {shared} game{'s' if shared != 1 else ''}: "
                           "they cannot be one player.")
        db.executemany("UPDATE records SET seats = ? WHERE id = ?", changed)
        if old_key != new_key:
            for game, after in db.execute("SELECT game, after_id FROM resets WHERE player = ?", (old_key,)).fetchall():
                db.execute("INSERT INTO resets (player, game, after_id) VALUES (?, ?, ?) ON CONFLICT (player, game)"
                           " DO UPDATE SET after_id = max(after_id, excluded.after_id)", (new_key, game, after))
            db.execute("DELETE FROM resets WHERE player = ?", (old_key,))
        return len(changed)

    return records.write(work)


def reset(player: str, game: str = ALL) -> None:
    """From now on only games finished later count for `player` at `game` (or
    every game). The records stay. RecordsError when the file cannot be written."""
    def work(db):
        newest = db.execute("SELECT COALESCE(MAX(id), 0) FROM records").fetchone()[0]
        db.execute("INSERT INTO resets (player, game, after_id) VALUES (?, ?, ?) ON CONFLICT (player, game)"
                   " DO UPDATE SET after_id = excluded.after_id", (key(player), game, newest))

    records.write(work)

"""Learn to play: a guided first game for each game on the shelf.

A lesson is data, an optional part of a game's folder on the shelf,
game/games/<id>/lesson.json:

    {"game": "skurdir", "players": 4, "names": ["You", "Ada", ...], "you": 0,
     "options": {...},
     "steps": [{"title": "...", "rule": "<a heading of seeds/<id>.md>",
                "position": {...}, "text": "the rule, in our words",
                "ask": "what to do", "moves": ["<notation>", ...],
                "after": "what happened"}, ...],
     "finish": "the last screen's words"}

A step's position is one of
  {"seed": N, "moves": [...]}       a new game of that seed, then those moves
  {"layout": {...}, "moves": [...]} a position laid out directly, by the
                                    game's lesson.py: set_up(spec, players, layout)
  {"continue": true, "moves": [...]} where the step before ended, then those moves
and the person then plays the step's `moves`, one after another (only the next
one is allowed); a move of another seat among them (a scripted secret pick, say)
plays itself. `hint` (optional) is what any other click is told instead of `ask`.
Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .. import shelf, storage
from ..engine.match import Match, Seat


@dataclass(frozen=True)
class Step:
    title: str
    rule: str  # the heading of the rules text this step teaches
    position: dict
    text: str
    ask: str
    moves: tuple
    after: str
    hint: str = ""  # said to any other click, before the rules' own reason


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    names: tuple
    you: int
    options: dict
    steps: tuple
    finish: str
    intro: str = ""

    def seats(self) -> list[Seat]:
        return [Seat(name, colour=i, kind="human") for i, name in enumerate(self.names)]

    def match_at(self, index: int) -> Match:
        """A match in the position where step `index` starts (before its moves)."""
        spec = shelf.GAMES[self.game]
        step = self.steps[index]
        position = step.position
        if position.get("continue"):
            match = self.match_at(index - 1)
            for text in self.steps[index - 1].moves:
                match.play(spec.parse_move(match.state, text))
        else:
            match = Match(spec, self.seats(), int(position.get("seed", 0)), dict(self.options))
            match.state = self.base_state(index)
        for text in position.get("moves", ()):
            match.play(spec.parse_move(match.state, text))
        return match

    def base_state(self, index: int):
        """The state the match of step `index` starts from, before any move of its record."""
        spec = shelf.GAMES[self.game]
        while self.steps[index].position.get("continue"):
            index -= 1
        position = self.steps[index].position
        if "layout" in position:
            return laid_out(self.game, self.players, position["layout"])
        return spec.new_game(self.players, int(position.get("seed", 0)), spec.resolved_options(self.options))

    def step_of_rule(self) -> dict[str, list[int]]:
        """Heading of the rules text -> the steps that teach it."""
        out: dict[str, list[int]] = {}
        for i, step in enumerate(self.steps):
            if step.rule:
                out.setdefault(step.rule, []).append(i)
        return out


def position_match(game_id: str, players: int, position: dict, options: dict | None = None) -> Match:
    """A match in `position` (a step's position without "continue", or {"lesson": i}: where
    step i of the game's lesson starts), then its moves played as legal moves. The Rules
    screen's pictures are made this way."""
    spec = shelf.GAMES[game_id]
    if "lesson" in position:
        match = load(game_id).match_at(int(position["lesson"]))
        for text in position.get("moves", ()):
            match.play(spec.parse_move(match.state, text))
        return match
    seats = [Seat(f"Player {i + 1}", colour=i, kind="human") for i in range(players)]
    match = Match(spec, seats, int(position.get("seed", 0)), dict(options or {}))
    if "layout" in position:
        match.state = laid_out(game_id, players, position["layout"])
    for text in position.get("moves", ()):
        match.play(spec.parse_move(match.state, text))
    return match


def laid_out(game_id: str, players: int, layout: dict):
    """The state the game's lesson.py lays out from `layout`."""
    return shelf.parts_of(game_id).module("lesson").set_up(shelf.GAMES[game_id], players, layout)


# ---- reading the lesson files --------------------------------------------------
def lesson_path(game_id: str) -> Path:
    return shelf.parts_of(game_id).folder / "lesson.json"


def has_lesson(game_id: str) -> bool:
    """Whether the game `game_id` has a lesson (a lesson is optional; a game not on the shelf has none)."""
    return game_id in shelf.PARTS and lesson_path(game_id).is_file()


def load(game_id: str) -> Lesson:
    data = json.loads(lesson_path(game_id).read_text(encoding="utf-8"))
    steps = tuple(Step(s["title"], s.get("rule", ""), s.get("position", {"continue": True}), s["text"], s["ask"],
                       tuple(s["moves"]), s["after"], s.get("hint", "")) for s in data["steps"])
    names = tuple(data["names"])
    return Lesson(data["game"], len(names), names, int(data.get("you", 0)), dict(data.get("options", {})),
                  steps, data["finish"], data.get("intro", ""))


# ---- progress: which step each lesson is at, kept beside the settings ----------
def progress_path() -> Path:
    return storage.config_dir() / "lessons.json"


def _validate(data) -> None:
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, dict) and type(v.get("step", 0)) is int
            and isinstance(v.get("finished", False), bool) for k, v in data.items()):
        raise ValueError("it is not a record of lessons")


notices: list[str] = []  # for the person: a progress file set aside (whoever read it); the screens take them


def take_notices() -> list[str]:
    """The messages not told yet (a screen that shows lesson progress tells them)."""
    out = list(notices)
    notices.clear()
    return out


@dataclass
class Progress:
    """Where each lesson stands: {game id: {"step": next step, "finished": bool}}."""

    data: dict = field(default_factory=dict)
    message: str | None = None  # for the person, when the file could not be written

    @classmethod
    def load(cls) -> "Progress":
        """The progress on disk. A damaged file is set aside and its message kept in
        `notices` until a screen takes it: the read that found it may be one that shows
        nothing (the title looks whether the progress changed)."""
        try:
            data = storage.read_json(progress_path(), _validate, 64 * 1024)
        except storage.DamagedFile as damaged:
            notices.append(damaged.message + " Lessons start from the beginning.")
            data = None
        return cls(data or {})

    def step(self, game_id: str) -> int:
        return max(0, self.data.get(game_id, {}).get("step", 0))

    def finished(self, game_id: str) -> bool:
        return self.data.get(game_id, {}).get("finished", False)

    def badge(self, game_id: str, steps: int) -> tuple:
        """What a game's title card says of its lesson, in shorter and shorter
        words (the card shows the longest that fits); () for a lesson not begun."""
        if game_id not in self.data:
            return ()
        if self.finished(game_id) and self.step(game_id) == 0:
            return ("Lesson done ✓", "Done ✓", "✓")
        at = min(self.step(game_id) + 1, steps)
        return (f"Lesson: step {at} of {steps}", f"Step {at} of {steps}", f"{at}/{steps}")

    def record(self, game_id: str, step: int, finished: bool = False) -> bool:
        """Remember; False (and self.message says why) when the file cannot be written."""
        entry = self.data.setdefault(game_id, {})
        entry["step"] = step
        entry["finished"] = entry.get("finished", False) or finished
        try:
            storage.write_json_atomic(progress_path(), self.data)
        except OSError as exc:
            storage.log("saving lesson progress", exc)
            self.message = f"Your place in the lesson could not be saved ({storage.write_problem(exc)})."
            return False
        return True

"""Learn to play: a lesson step on the game's real board scene.

One scene per step: the game's own board screen in LessonMode, with a strip under the board
that says the step's rule, what to do and, once it is done, what happened. The
controller's guide (this scene) lets only the step's move be made and answers
every other click with why it is not this step's move (and the rules' own
reason when they forbid it). A lesson is never saved as a game in progress and
never becomes a record: its match has no autosave.
"""
from __future__ import annotations

import pygame

from .. import lessons, shelf
from ..engine.match import Match, Seat
from . import look, sizing
from .board_modes import PlayMode
from .boards import board_scene_class
from .menus import MenuScene
from .rules_screen import RulesScene
from .scene import Scene, panel, start_match
from .settings import SettingsScene

STRIP_MIN = 120
BUTTON_COLUMN = 150  # the strip's right-hand side: Next and Start again
TEXT, TITLE = 15, 18
LINE = 20
STRIP_SHARE = 0.3  # the strip grows with the side panel's size (Settings) while it takes at most this of the window
LEARNER = "Learner"  # the person's seat, when no name is remembered from a game



def open_lesson(app, game_id: str, step: int | None = None, *, replace: bool = False) -> None:
    """Show a game's lesson at `step` (default: where the person left it)."""
    lesson = lessons.load(game_id)
    progress = lessons.Progress.load()
    for message in lessons.take_notices():
        app.notify(message)
    if step is None:
        step = progress.step(game_id)  # a finished lesson was set back to its first step
    step = min(max(0, step), len(lesson.steps) - 1)
    scene = lesson_scene(app, lesson, step, progress)
    app.replace(scene) if replace else app.push(scene)


def lesson_scene(app, lesson, index: int, progress):
    """Step `index` of `lesson` on the game's own board screen, in LessonMode."""
    mode = LessonMode(app, lesson, index, progress)
    return board_scene_class(lesson.game)(app, mode.match, mode)


def is_lesson(scene) -> bool:
    return isinstance(getattr(scene, "mode", None), LessonMode)


class LessonMode(PlayMode):
    """A lesson step on a game's board: only the step's move may be made (the
    controller's guide is this mode), and a strip under the board teaches."""

    follows_turns = False  # the person always sees their own seat, and plays every seat's scripted moves
    shows_results = False  # the strip says what happened

    def __init__(self, app, lesson, index: int, progress):
        self.lesson, self.index, self.progress = lesson, index, progress
        self.step = lesson.steps[index]
        self.done = 0  # how many of the step's moves are played
        self.note = ""  # the answer to the last refused click
        self.next_button = None
        self.scripting = False
        self.lesson_rect = pygame.Rect(0, 0, 0, 0)
        self.match = lesson.match_at(index)
        names = [n for n in app.settings.get("player_names") or [] if isinstance(n, str) and n]
        self.match.seats[lesson.you].name = names[0] if names else LEARNER  # "You takes…" would read badly

    def started(self) -> None:
        board = self.board
        board.match.on_change = None  # never an autosave, never a record
        board.viewer = board.confirmed_viewer = self.lesson.you
        board.controller.set_guide(self)
        if not self.progress.record(self.lesson.game, self.index):
            board.app.notify(self.progress.message)

    def start_state(self):
        return self.lesson.base_state(self.index)  # a lesson sets its positions up itself

    # ---- the guide the controller asks -------------------------------
    @property
    def step_done(self) -> bool:
        return self.done >= len(self.step.moves)

    def allows(self, move) -> bool:
        return not self.step_done and str(move) == self.step.moves[self.done]

    def why_not(self, rule_reason: str) -> str:
        if self.step_done:
            return "This step is done: click Next to go on."
        text = "Not this step's move. " + (self.step.hint or self.step.ask)
        if rule_reason:
            text += " The rules forbid it too: " + rule_reason
        return text

    # ---- a lesson is not a game in progress ---------------------------
    def undo(self) -> None:
        """Undo starts the step again."""
        self.again()

    def open_menu(self) -> None:
        self.board.app.push(LessonMenu(self.board.app, self.board))

    # ---- moves ------------------------------------------------------
    def played(self, move, seat) -> None:
        board = self.board
        self.done += 1
        self.note = ""
        if self.scripting:
            return
        self.play_scripted()
        board.controller.set_guide(self)  # the next move of the step, or none once it is done
        board.refresh_panel()
        if self.step_done:
            if not self.progress.record(self.lesson.game, self.index + 1):
                board.app.notify(self.progress.message)
            self.next_button.enable()

    def play_scripted(self) -> None:
        """The step's moves of other seats (their secret picks, say) play themselves."""
        match, controller = self.board.match, self.board.controller
        self.scripting = True
        try:
            while not self.step_done and match.state.to_move != self.lesson.you:
                text = self.step.moves[self.done]
                if controller.play(match.spec.parse_move(match.state, text)).kind != "played":
                    break
        finally:
            self.scripting = False

    def after_click(self) -> None:
        if not self.board.controller.message:
            self.note = ""  # a click that was taken answers the wrong one before it
        self._take_message()

    def after_event(self) -> None:
        self._take_message()

    def _take_message(self) -> None:
        """The strip under the board answers a refused click, in full."""
        controller = self.board.controller
        if controller.message:
            message, controller.message = controller.message, ""
            # a cancelled half-made move brings the step's instruction back
            self.note = "" if message == "Move cancelled." else message

    # ---- layout -----------------------------------------------------
    scale = 1.0  # the strip's sizes: the side panel's size, as far as the window allows (band_height)

    def px(self, size: int) -> int:
        return round(size * self.scale)

    def text_width(self, width: int) -> int:
        return width - self.px(BUTTON_COLUMN) - 32

    def strip_lines(self, width: int, step=None) -> tuple[list, list, list]:
        w = self.text_width(width)
        step = step or self.step
        body = look.wrap_text(step.text, self.px(TEXT), w)
        ask = look.wrap_text(step.ask, self.px(TEXT), w, bold=True)
        after = look.wrap_text(step.after, self.px(TEXT), w)
        return body, ask, after

    def strip_height(self, width: int) -> int:
        """The strip's height: room for the longest step of the lesson, so that the
        board keeps its size from step to step."""
        lines = 0
        for step in self.lesson.steps:
            body, ask, after = self.strip_lines(width, step)
            lines = max(lines, len(body) + max(len(ask), len(after), 3))  # 3: the answer to a wrong click
        return max(self.px(STRIP_MIN), self.px(14 + 26) + self.px(LINE) * lines + 10)

    def band_height(self, width: int) -> int:
        """The strip runs under the board and the side panel, the window's whole width:
        its lines are long and few, and a small window keeps its height for the board.
        Its words are as large as the side panel's where the window has room for them."""
        height = self.board.app.size[1]
        wanted = sizing.scale_of(self.board.app.settings)
        for scale in sorted({k for k in sizing.SCALES if k <= wanted} | {1.0}, reverse=True):
            self.scale = scale  # the largest that leaves the board and the panel their room
            if scale == 1.0 or self.strip_height(width - 20) + 8 <= height * STRIP_SHARE:
                break
        return self.strip_height(width - 20) + 8

    def board_area(self, rect: pygame.Rect) -> pygame.Rect:
        self.lesson_rect = self.band_rect()
        return rect

    def built(self) -> None:
        board = self.board
        panel = board.panel
        panel.undo_button.hide()  # "Start again" (and Ctrl+Z) set the step up again
        panel.redo_button.hide()
        panel.hint_button.hide()  # the step says what to do; the computer would suggest another move
        r = self.lesson_rect
        px, k = self.px, self.scale
        x = r.right - px(BUTTON_COLUMN) - 8
        last = self.index == len(self.lesson.steps) - 1
        self.next_button = board.button((x, r.bottom - px(50), px(BUTTON_COLUMN), px(40)),
                                        "Finish" if last else "Next ▸", self.next_step, primary=True,
                                        enabled=self.step_done, tooltip="Go on to the next step",
                                        style=sizing.primary_style(k))
        board.button((x, r.bottom - px(96), px(BUTTON_COLUMN), px(38)), "Start again", self.again,
                     tooltip="Set this step up again", theme_class=sizing.button_class(k))

    # ---- drawing ------------------------------------------------------
    def draw_on_board(self, surface) -> None:
        with look.within(self.lesson_rect):
            self.draw_strip(surface)

    def draw_strip(self, surface) -> None:
        r = self.lesson_rect
        panel(surface, r, 235)
        count = len(self.lesson.steps)
        title = f"Step {self.index + 1} of {count} · {self.step.title}"
        px = self.px
        look.text(surface, look.fit_text(title, px(TITLE), r.w - 28, bold=True), (r.x + 14, r.y + px(12)),
                  px(TITLE), look.GOLD, bold=True)
        body, ask, after = self.strip_lines(r.w)
        y = r.y + px(14 + 26)
        for line in body:
            look.text(surface, line, (r.x + 14, y), px(TEXT), look.INK)
            y += px(LINE)
        if self.note:
            lines = look.wrap_text(self.note, px(TEXT), self.text_width(r.w), max_lines=3)
            colour, bold = look.WARN, False
        elif self.step_done:
            lines, colour, bold = after, look.GOOD, False
        else:
            lines, colour, bold = ask, look.HIGHLIGHT, True
        for line in lines:
            look.text(surface, line, (r.x + 14, y), px(TEXT), colour, bold=bold)
            y += px(LINE)

    # ---- going on -------------------------------------------------------
    def next_step(self) -> None:
        app = self.board.app
        if self.index + 1 < len(self.lesson.steps):
            app.replace(lesson_scene(app, self.lesson, self.index + 1, self.progress))
            return
        if not self.progress.record(self.lesson.game, 0, finished=True):
            app.notify(self.progress.message)
        app.replace(LessonDone(app, self.lesson))

    def again(self) -> None:
        app = self.board.app
        app.replace(lesson_scene(app, self.lesson, self.index, self.progress))


class LessonMenu(MenuScene):
    """The in-game menu of a lesson: no saving (a lesson is not a game)."""

    def build(self) -> None:
        w, h = self.app.size
        box = pygame.Rect(0, 0, 320, 400)
        box.center = (w // 2, h // 2)
        self.box = box
        y = box.y + 70
        for text, action in (("Resume", self.app.pop),
                             ("Rules", lambda: self.app.push(RulesScene(self.app, self.board.match.spec))),
                             ("Start the lesson again", self.restart),
                             ("Settings", lambda: self.app.push(SettingsScene(self.app))),
                             ("Leave the lesson", self.leave_lesson)):
            self.button((box.x + 40, y, box.w - 80, 42), text, action, primary=text == "Resume")
            y += 56

    def draw_scene(self, surface) -> None:
        panel(surface, self.box, 240)
        look.text(surface, "Lesson", (self.box.centerx, self.box.y + 20), 26, look.GOLD, bold=True, anchor="midtop")

    def restart(self) -> None:
        self.app.pop()
        mode = self.board.mode
        self.app.replace(lesson_scene(self.app, mode.lesson, 0, mode.progress))

    def leave_lesson(self) -> None:
        """Back to where the lesson was opened from; the step reached is remembered."""
        self.app.pop()
        self.app.pop()


class LessonDone(Scene):
    """The last screen: what was learnt, and a real game against the easy computer."""

    def __init__(self, app, lesson):
        self.lesson = lesson
        self.spec = shelf.GAMES[lesson.game]
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        left = (w - 640) // 2
        self.button((left, h - 110, 230, 46), "Play a real game", self.play, primary=True,
                    tooltip="You against the computer at level easy")
        self.button((left + 245, h - 110, 190, 46), "Lesson again", self.again)
        self.button((left + 450, h - 110, 190, 46), "Back", self.app.pop)

    def draw_scene(self, surface) -> None:
        w, h = surface.get_size()
        look.text(surface, f"You have learnt {self.spec.title}!", (w // 2, 70), 36, look.GOLD, bold=True,
                  anchor="midtop")
        y = 150
        for line in look.wrap_text(self.lesson.finish, 18, min(760, w - 80)):
            look.text(surface, line, (w // 2, y), 18, look.INK, anchor="midtop")
            y += 26
        look.text(surface, "Play a real game against the computer at level easy, or take the lesson again.",
                  (w // 2, y + 20), 15, look.MUTED, anchor="midtop")

    def again(self) -> None:
        self.app.replace(lesson_scene(self.app, self.lesson, 0, lessons.Progress.load()))

    def play(self) -> None:
        spec = self.spec
        names = [n for n in self.app.settings.get("player_names") or [] if isinstance(n, str) and n]
        players = max(spec.min_players, min(2, spec.max_players))
        seats = [Seat(names[0] if names else "Player 1", 0, "human")]
        seats += [Seat(f"Computer {i + 1}", i, "computer", "easy") for i in range(1, players)]
        start_match(self.app, Match(spec, seats, self.app.new_seed(), spec.default_options()))

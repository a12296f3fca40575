"""The review's board: the replay at a reviewed decision, on the game's own board screen.

There the move played is drawn as a red arrow and the better one as a blue arrow, each
by the board screen from the move's click path (BoardScene.move_arrow), and a strip under
the board and the panel says them in words. From there:
  N / P (or the strip's buttons)  the next or previous marked move, without going back to the list;
  L (or "Better line")            the search's better line played out on the board, a move at
                                  a time with ← →; L or Esc goes back to the game's own line.
The rest is the replay's: ← → step through the game, the timeline, the log.
"""
from __future__ import annotations

import pygame

from ..engine.core import IllegalMove, seat_names
from ..engine.match import Played
from ..replay import Replay
from ..review import play_line, told_apart
from . import look, sizing
from .boards import board_scene_class
from .replay_screen import ReplayMode
from .scene import panel

GRADE_WORD = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder", "good": "Good"}
PLAYED_COLOUR, BETTER_COLOUR = look.BAD, look.HINT  # the arrows, and the words that go with them
TEXT, LINE, PAD = 14, 19, 10  # the strip's letters, its line step and its margin, at scale 1
STRIP_LINES = 6  # lines of its letters at their size: the heading, the played and the better move, the line
BUTTON_W, BUTTON_H = 190, 36
STRIP_SHARE = 0.3  # the strip takes at most this of the window's height (else its scale comes down)


def percent(value) -> str:
    return "?" if value is None else f"{round(100 * value)} %"


def direction(frm, to) -> str:
    """Where `to` lies from `frm` on the screen, in words ("above and to the left")."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    reach = max(1.0, (dx * dx + dy * dy) ** 0.5)
    parts = []
    if abs(dy) > 0.38 * reach:
        parts.append("above" if dy < 0 else "below")
    if abs(dx) > 0.38 * reach:
        parts.append("to the left" if dx < 0 else "to the right")
    return " and ".join(parts)


class ReviewMode(ReplayMode):
    """A replay at a reviewed decision, its moves drawn as arrows and said in the strip."""

    offers_review = False  # this replay is the review's own
    own_keys = ReplayMode.own_keys | {pygame.K_n, pygame.K_p, pygame.K_l}

    def __init__(self, replay: Replay, decision: dict, names: list, marked: list | None = None):
        """`marked`: the marked moves N and P walk (the review's, of the seat shown)."""
        self.decision = decision
        self.names = names
        self.marked = sorted(marked or [], key=lambda d: d["ply"])
        self.line: list | None = None  # the better line played out: [(move, seat, state after)]
        self.line_at: int | None = None  # how many of its moves are shown; None: the game's own line
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.walk_buttons = {}
        super().__init__(replay, decision["ply"])
        self.seen_by = decision["seat"]  # the seat's own view, as the review searched it

    def started(self) -> None:
        super().started()
        self.board.viewer = self.seat_shown(self.match.state)

    # ---- the decision's moves --------------------------------------------------
    def decision_moves(self):
        """(played, better) moves of the decision shown now, or None at any other moment
        (None for a move the search found in its sample that this position has not)."""
        if self.ply != self.decision["ply"] or self.line_at is not None:
            return None
        state = self.match.state
        found = []
        for key in ("played", "best"):
            try:
                move = self.replay.spec.parse_move(state, self.decision[key])
                found.append(move if state.check(move) is None else None)
            except (IllegalMove, ValueError):
                found.append(None)
        return found

    def arrows(self) -> list:
        """(move, colour) of each arrow on the board now: the played and the better move at the
        decision; on the better line, its next move."""
        if self.line_at is not None:
            return [(self.line[self.line_at][0], BETTER_COLOUR)] if self.line_at < len(self.line) else []
        moves = self.decision_moves()
        if moves is None:
            return []
        played, better = moves
        return [(m, colour) for m, colour in ((played, PLAYED_COLOUR), (better if better != played else None,
                                                                         BETTER_COLOUR)) if m is not None]

    def draw_over_hint(self, surface) -> None:
        board = self.board
        for move, colour in self.arrows():
            for target in move.targets:  # a place drawn only while chosen (Scrubbudgetel's map): its outline
                outline = board.outline_of(target) if board.target_rect(target) is None else None
                if outline:
                    clip = surface.get_clip()
                    surface.set_clip(getattr(board, "map_rect", board.board_rect))
                    pygame.draw.polygon(surface, colour, outline, 3)
                    surface.set_clip(clip)
            board.draw_move_arrow(surface, move, colour)

    # ---- the better line ------------------------------------------------------------
    def better_line(self) -> list:
        if self.line is None:
            line = self.decision.get("line") or [[self.decision["best"], []]]
            self.line = play_line(self.replay.spec, self.replay.state_at(self.decision["ply"]), line)
        return self.line

    def toggle_line(self) -> None:
        if self.line_at is not None:
            self.leave_line()
        elif self.better_line():
            self.seek(self.decision["ply"])
            self.show_line(0)

    def show_line(self, at: int) -> None:
        """The board after `at` moves of the better line (0: the decision's position)."""
        board = self.board
        line = self.better_line()
        at = max(0, min(len(line), at))
        step = self.line_at is not None and at == self.line_at + 1
        board.finish_animations()
        before = self.match.state
        self.line_at = at
        ply = self.decision["ply"]
        self.match.state = line[at - 1][2] if at else self.replay.state_at(ply)
        self.match.played = self.replay.played[:ply] + [Played(str(m), seat, None) for m, seat, _s in line[:at]]
        self.match.revision += 1
        board.controller.reset_input()
        board.last_played = None
        if step:  # a move forward is seen as it is made
            move, seat, _after = line[at - 1]
            views = [None] * before.players
            views[board.viewer] = before.view(board.viewer)
            board.last_played = (move, seat, views)
            board.animate_last_move()
        self.refresh_walk()
        board.refresh_panel()

    def leave_line(self) -> None:
        """Back to the game's own line, at the decision."""
        if self.line_at is None:
            return
        self.line_at = None
        self.seek(self.decision["ply"], again=True)
        self.refresh_walk()

    def seek(self, ply: int, animate: bool = False, again: bool = False) -> None:
        if self.line_at is not None:  # the timeline, the log or a key of the replay: the game's line again
            self.line_at = None
            again = True
            self.refresh_walk()
        super().seek(ply, animate, again)

    # ---- the marked moves, one after another ---------------------------------------------
    def neighbour(self, step: int) -> dict | None:
        ply = self.decision["ply"]
        later = [d for d in self.marked if (d["ply"] > ply if step > 0 else d["ply"] < ply)]
        return (later[0] if step > 0 else later[-1]) if later else None

    def walk(self, step: int) -> None:
        """The next (1) or previous (-1) marked move."""
        found = self.neighbour(step)
        if found is None:
            return
        self.decision = found
        self.seen_by = found["seat"]
        self.line, self.line_at = None, None
        self.seek(found["ply"], again=True)
        self.board.viewer = self.seat_shown(self.match.state)
        self.refresh_walk()

    # ---- layout: the strip under the board and the panel ---------------------------------
    def px(self, size: int) -> int:
        return round(size * self.scale)

    def band_height(self, width: int) -> int:
        height = self.board.app.size[1]
        self.scale = sizing.strip_scale(self.board.app.settings,
                                        lambda k: self.strip_height(k) + 8 <= height * STRIP_SHARE)
        return self.strip_height(self.scale) + 8

    @staticmethod
    def strip_height(scale: float) -> int:
        return round((2 * PAD + LINE * STRIP_LINES) * scale)

    def board_area(self, rect: pygame.Rect) -> pygame.Rect:
        self.strip = self.band_rect()
        return rect

    def built(self) -> None:
        super().built()
        board, r, px = self.board, self.strip, self.px
        theme = sizing.button_class(self.scale)
        x = r.right - px(BUTTON_W) - PAD
        half = (px(BUTTON_W) - 6) // 2
        y = r.y + PAD
        self.walk_buttons = {
            "previous": board.button((x, y, half, px(BUTTON_H)), "< Prev (P)", lambda: self.walk(-1),
                                     tooltip="The previous marked move (P)", theme_class=theme),
            "next": board.button((x + half + 6, y, half, px(BUTTON_H)), "Next (N) >", lambda: self.walk(1),
                                 tooltip="The next marked move (N)", theme_class=theme),
            "line": board.button((x, y + px(BUTTON_H) + 8, px(BUTTON_W), px(BUTTON_H)), "Better line (L)",
                                 self.toggle_line, theme_class=theme,
                                 tooltip="The moves the computer expected after the better move, on the board "
                                         "(← → step through them; L again: back to the game)"),
        }
        self.refresh_walk()

    def refresh_walk(self) -> None:
        """The strip's buttons as the moment allows."""
        if not self.walk_buttons or self.board.manager is None:
            return
        for name, wanted in (("previous", self.neighbour(-1) is not None), ("next", self.neighbour(1) is not None),
                             ("line", bool(self.better_line()))):
            button = self.walk_buttons[name]
            if wanted != button.is_enabled:
                button.enable() if wanted else button.disable()
        text = "Back to the game (L)" if self.line_at is not None else "Better line (L)"
        if self.walk_buttons["line"].text != text:
            self.walk_buttons["line"].set_text(text)

    # ---- words ------------------------------------------------------------------------
    def named(self, text: str) -> str:
        return seat_names(text, self.names)

    def heading(self) -> str:
        d = self.decision
        head = f"Move {d['ply'] + 1} · {self.names[d['seat']]} · {GRADE_WORD[d['grade']]}"
        if d["grade"] != "good":
            head += f" (−{percent(d['cost'])})"
        if d in self.marked:
            head += f" · marked move {self.marked.index(d) + 1} of {len(self.marked)}"
        return head

    def pair_words(self) -> tuple[str, str]:
        """The played and the better move in words; where they read alike, the better one says
        where its arrow is from the played one's (and both add their notation if that is the same)."""
        d = self.decision
        played, better = self.named(d["played_words"]), self.named(d["best_words"])
        if played != better:
            return played, better
        ends = [self.board.move_arrow(m)[-1:] for m, _colour in self.arrows()]
        where = direction(ends[0][0], ends[1][0]) if len(ends) == 2 and ends[0] and ends[1] else ""
        if where:
            return played, f"{better}, {where} of the red one"
        return told_apart(played, better, d["played"], d["best"])

    def strip_lines(self, width: int, size: int | None = None) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) of each line of the strip, wrapped to `width` at `size` px."""
        size = size or self.px(TEXT)
        d = self.decision

        def wrapped(text, colour, bold=False):
            return [(line, colour, bold) for line in look.wrap_text(text, size, width, bold)]
        if self.line_at is not None:
            head = wrapped(f"{self.heading()} · the better line, {self.line_at} of {len(self.line)} played", look.GOLD,
                           True)
            steps = []
            for k, (move, seat, _after) in enumerate(self.line):
                before = self.line[k - 1][2] if k else self.replay.state_at(d["ply"])
                said = self.named(self.board.controller.words.move(before, move))
                colour = look.INK if k < self.line_at else BETTER_COLOUR if k == self.line_at else look.MUTED
                steps.append(wrapped(f"{'▸ ' if k == self.line_at else ''}{k + 1}. {said}", colour, k == self.line_at))
            if self.line_at == len(self.line):
                steps.append(wrapped("The end of the line the computer expected: L or Esc goes back to the game.",
                                     look.MUTED))
            # the steps around the one to come, as many as there is room for
            room = STRIP_LINES - len(head)
            first = min(self.line_at, len(steps) - 1)
            shown, lo, hi = [steps[first]], first, first
            while True:
                grew = False
                for k in (hi + 1, lo - 1):
                    if 0 <= k < len(steps) and sum(map(len, shown)) + len(steps[k]) <= room:
                        shown = shown + [steps[k]] if k > hi else [steps[k]] + shown
                        lo, hi = min(lo, k), max(hi, k)
                        grew = True
                if not grew:
                    break
            return head + [line for step in shown for line in step]
        lines = wrapped(self.heading(), look.GOLD, True)
        played, better = self.pair_words()
        lines += wrapped(f"Played (red arrow): {played} · chance {percent(d['played_value'])}", PLAYED_COLOUR)
        if d["best"] != d["played"]:  # a good move may not be the computer's own: then it is no "better"
            other = "The computer's choice" if d["grade"] == "good" else "Better"
            lines += wrapped(f"{other} (blue arrow): {better} · chance {percent(d['best_value'])}", BETTER_COLOUR)
        else:
            lines += wrapped("The computer would have played it too.", look.GOOD)
        if self.better_line():
            count = len(self.line)
            lines += wrapped(f"L: the better line's {count} move{'s' if count != 1 else ''} on the board (← →)",
                             look.MUTED)
        return lines

    def draw_on_board(self, surface) -> None:
        r = self.strip
        if not r.h:
            return
        with look.within(r):
            panel(surface, r, 235)
            width = r.w - self.px(BUTTON_W) - 3 * PAD - 4
            room = r.h - 2 * PAD
            for size in range(self.px(TEXT), look.SMALLEST_TEXT - 1, -1):  # all of it, in smaller letters if need be
                step = size + max(4, self.px(5))
                lines = self.strip_lines(width, size)
                if len(lines) * step <= room:
                    break
            for k, (text, colour, bold) in enumerate(lines[:max(1, room // step)]):
                look.text(surface, text, (r.x + PAD + 4, r.y + PAD + step * k), size, colour, bold=bold)

    # ---- what the panel says --------------------------------------------------------
    def where(self) -> str:
        if self.line_at is not None:
            return f"Better line: {self.line_at} of {len(self.line)} moves"
        return super().where()

    def status_text(self) -> str:
        if self.line_at is not None:
            return f"The better line after move {self.decision['ply']}, as the computer expected it"
        return super().status_text()

    # ---- keys ---------------------------------------------------------------------
    def before_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_n, pygame.K_p):
                self.pause()
                self.walk(1 if event.key == pygame.K_n else -1)
                return True
            if event.key == pygame.K_l:
                self.pause()
                self.toggle_line()
                return True
            if self.line_at is not None:
                steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
                if event.key in steps:
                    self.show_line(self.line_at + steps[event.key])
                    return True
                if event.key == pygame.K_ESCAPE:
                    self.leave_line()
                    return True
        return super().before_event(event)


def review_replay_scene(app, replay: Replay, decision: dict, names: list, marked: list | None = None):
    """The replay at `decision` on its game's board screen, in a ReviewMode (`marked`: the
    marked moves N and P walk)."""
    mode = ReviewMode(replay, decision, names, marked)
    return board_scene_class(replay.spec.id)(app, mode.match, mode)

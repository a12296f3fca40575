"""The board's side panel: the game's name, the players and their scores, the
line saying what to do now, messages, the move log, and the buttons (the game's
own, Undo, Redo, Hint, Menu, the player aid and the fold). Laid out for the
window and the panel scale; drawn every frame, its buttons enabled only when
the game changes."""
from __future__ import annotations

import time

import pygame

from . import look, sizing
from .scene import panel
from .touch import MIN_TARGET, at_least, large_targets


class SidePanel:
    def __init__(self, board):
        self.board = board
        self.game_buttons: dict[str, object] = {}  # ("button", name) targets -> their buttons
        self.confirm_button = None
        self.drawn_revision, self.drawn_status = None, ""  # what the last frame showed (tests tell a stale one)

    # ---- layout ------------------------------------------------------------
    def build(self) -> pygame.Rect:
        """Place the panel and its buttons; returns the room left for the board."""
        board = self.board
        app = board.app
        w, h = app.size
        h -= board.mode.band_height(w)  # the board and the panel stand above the mode's band
        self.folded = app.settings.get("panel_folded", False)
        button_rows = board.mode.panel_button_rows(
            len(board.BUTTONS) + (board.watch is not None) + board.hand_off.needed() + 1 + self.folded)
        self.asked_scale = sizing.scale_of(app.settings)
        # Large targets (touch.py): buttons of a finger's size, taken off the room the scale is fitted into
        large = (MIN_TARGET - 40) * button_rows + (MIN_TARGET - 26) if large_targets(app.settings) else 0
        k = self.scale = sizing.panel_scale(self.asked_scale, h - large, len(board.match.seats), button_rows)
        width = sizing.panel_width(w, k, self.folded)
        if w - width - 30 < board.LEAST_BOARD_WIDTH:  # the board's words would shrink: the panel gives way
            width = max(sizing.COMPACT_WIDTH, w - 30 - board.LEAST_BOARD_WIDTH)
            k = self.scale = max(1.0, min(k, width / sizing.panel_width(w, 1.0, self.folded)))
        self.rect = p = pygame.Rect(w - width - 10, 10, width, h - 20)
        bh, theme = at_least(round(40 * k), app.settings), sizing.button_class(k)
        step = bh + 8
        fold = at_least(round(26 * k), app.settings)
        self.seats_top = max(round(50 * k), 8 + fold + 6)  # the players' rows start under the ? and » buttons
        self.fold_button = board.button((p.right - fold - 8, p.y + 8, fold, fold), "«" if self.folded else "»",
                                        board.toggle_fold, tooltip="The full panel, with the move log"
                                        if self.folded else "A narrower panel without the move log: more room "
                                        "for the board", theme_class=theme)
        self.aid_button = board.button((p.right - 2 * fold - 14, p.y + 8, fold, fold), "?", board.open_aid,
                                       tooltip="What you may do now, and how it scores (F1)", theme_class=theme)
        cells = 2 if self.folded else 4  # Undo, Redo, Hint, Menu: a row of four, or two rows of two
        cell_w = (p.w - 24 - (cells - 1) * 8) // cells
        places = []
        for i in range(4):
            row, column = divmod(i, cells)
            rows_below = 4 // cells - 1 - row
            places.append((p.x + 12 + column * (cell_w + 8), p.bottom - 12 - bh - rows_below * step))
        actions = (("Undo", board.undo, "Take back your last move (Ctrl+Z)"),
                   ("Redo", board.redo, "Play again what Undo took back (Ctrl+Y)"),
                   ("Hint", board.hints.ask, "The computer suggests a move (H)"),
                   ("Menu", board.open_menu, "Save, rules, settings, quit (Esc)"))
        self.undo_button, self.redo_button, self.hint_button, self.menu_button = (
            board.button((x, y, cell_w, bh), text, action, tooltip=tip, theme_class=theme)
            for (x, y), (text, action, tip) in zip(places, actions))
        y = min(y for _x, y in places) - step
        self.game_buttons = {}
        style = "#compact_primary_button" if self.folded else sizing.primary_style(k)  # the font grows with the panel
        for name, text in reversed(list(board.BUTTONS.items())):
            self.game_buttons[name] = board.button((p.x + 12, y, p.w - 24, bh), text,
                                                   lambda n=name: board.click_target(("button", n)), primary=True,
                                                   style=style)
            y -= step
        self.confirm_button = None
        if board.hand_off.needed():  # a secret choice waits for its maker's confirmation
            self.confirm_button = board.button((p.x + 12, y, p.w - 24, bh), "Confirm", board.confirm, primary=True,
                                               style=style, tooltip="Make your choice final (Enter)")
            self.confirm_button.hide()
            y -= step
        if board.watch is not None:
            board.watch.build(pygame.Rect(p.x + 12, y, p.w - 24, bh), "@ui_small" if self.folded else theme)
            y -= step
        # Cancel does what right-click and Esc do (nothing only by a mouse button): over the buttons while a
        # move is half made, in room taken from the log's bottom then
        self.cancel_button = board.button((p.x + 12, y, p.w - 24, bh), "Cancel", self.cancel, theme_class=theme,
                                          tooltip="Drop the move you began (right-click or Esc)")
        self.cancel_button.hide()
        self.log_top = p.y + self.header_height()
        board.log.set_scale(k)
        self.log_ends = (y + step - 6, y - 6)  # the log fills the panel down to the buttons, or to Cancel
        self.log_bottom = self.log_ends[0]  # (see place_log)
        self.place_log(self.log_top)
        return pygame.Rect(10, 10, w - width - 30, h - 20)

    def header_height(self) -> int:
        """The room above the log: the title, the players, what to do now and a message."""
        height = round((96 + 34 * len(self.board.match.seats) + 92) * self.scale) + self.seats_top \
            - round(50 * self.scale)
        return self.board.mode.panel_header_height(height)

    def log_lines(self) -> int:
        """The fewest lines the log shows: four, or three with Large targets' taller buttons, or
        two while Cancel takes the log's bottom (what to do now is read whole first)."""
        if self.cancel_button.visible:
            return 2
        return 3 if large_targets(self.board.app.settings) else 4

    def place_log(self, top: int) -> None:
        """The move log from `top` (under what the panel says now) down to the buttons; at
        least a few lines high, however long the message above it (that is cut shorter)."""
        log = self.board.log
        if self.folded:
            log.set_rect(pygame.Rect(self.rect.x + 10, top, self.rect.w - 20, 0))
            return
        top = min(top, self.log_bottom - self.log_lines() * log.line_height - 8)
        rect = pygame.Rect(self.rect.x + 10, top, self.rect.w - 20, self.log_bottom - top)
        if rect != log.rect:
            log.set_rect(rect)

    # ---- the buttons follow the game -------------------------------------------
    def refresh(self) -> None:
        """Enable what may be pressed now (when the game changed, not every frame)."""
        board = self.board
        match, controller = board.match, board.controller
        can_undo = match.can_undo() is None and not match.is_computer_turn()
        if can_undo != self.undo_button.is_enabled:
            self.undo_button.enable() if can_undo else self.undo_button.disable()
        can_redo = match.can_redo() is None and not match.is_computer_turn()
        if can_redo != self.redo_button.is_enabled:
            self.redo_button.enable() if can_redo else self.redo_button.disable()
        can_hint = controller.human_to_move() and board.hinter.current is None
        if can_hint != self.hint_button.is_enabled:
            self.hint_button.enable() if can_hint else self.hint_button.disable()
        nxt = controller.next_targets()
        for name, element in self.game_buttons.items():
            wanted = ("button", name) in nxt
            if wanted != element.is_enabled:
                element.enable() if wanted else element.disable()
            chosen = ("button", name) in controller.prefix  # picked, the move waiting for its Confirm
            if chosen != element.is_selected:
                element.select() if chosen else element.unselect()
        if bool(controller.prefix) != self.cancel_button.visible:
            self.cancel_button.show() if controller.prefix else self.cancel_button.hide()
            self.log_bottom = self.log_ends[bool(controller.prefix)]
            self.place_log(self.board.log.rect.y)
        if self.confirm_button is not None:
            pending = controller.pending
            if pending is None and self.confirm_button.visible:
                self.confirm_button.hide()
            elif pending is not None:
                # where the button has no room for the name (compact panel, a long name at a
                # big scale) it just says Confirm: the message line names the person
                button = self.confirm_button
                text = f"Confirm: pass to {controller.pending_to}"
                if self.folded or button.font is None or button.font.size(text)[0] > button.rect.w - 12:
                    text = "Confirm"
                if self.confirm_button.text != text:
                    self.confirm_button.set_text(text)
                if not self.confirm_button.visible:
                    self.confirm_button.show()

    def cancel(self) -> None:
        self.board.controller.cancel()
        self.board.refresh_panel()

    def disabled_button_note(self, pos):
        """(rect, why) for a disabled button under `pos` (a click on it is not passed
        on by pygame-gui), else None."""
        board = self.board
        match, controller = board.match, board.controller
        for name, element in self.game_buttons.items():
            if not element.is_enabled and element.rect.collidepoint(pos):
                return element.rect, controller.refusal(("button", name))
        if not self.undo_button.is_enabled and self.undo_button.rect.collidepoint(pos):
            return self.undo_button.rect, match.can_undo() or "Please wait: the computer is thinking."
        if not self.redo_button.is_enabled and self.redo_button.rect.collidepoint(pos):
            return self.redo_button.rect, match.can_redo() or "Please wait: the computer is thinking."
        if not self.hint_button.is_enabled and self.hint_button.rect.collidepoint(pos):
            why = ("The game is over." if match.state.is_over else "Please wait: the computer is thinking."
                   if not controller.human_to_move() else "The hint for this position is asked for already.")
            return self.hint_button.rect, why
        return None

    # ---- drawing -----------------------------------------------------------
    def draw(self, surface, highlights) -> None:
        board = self.board
        match = board.match
        p, k = self.rect, self.scale

        def px(value):  # a size on the panel at its scale
            return round(value * k)
        panel(surface, p)
        state = match.state
        edge = (self.aid_button if self.aid_button.visible else self.fold_button).rect.x
        room = edge - 8 - (p.x + px(16))  # up to the ? and » buttons
        title = match.spec.title
        sizes = [px(22), px(18), max(look.SMALLEST_TEXT, px(15))]  # a long title is set smaller before it is cut

        def fitting(width):
            return next((s for s in sizes if look.font(s, True).size(title)[0] <= width), None)
        tag = board.mode.panel_tag
        tag_w = look.font(px(14), True).size(tag)[0] + 8 if tag else 0
        # what kind of board this is ("Replay"), left of those buttons, where the title leaves room
        if tag and fitting(room - tag_w) is not None:
            look.text(surface, tag, (edge - 6, p.y + px(18)), px(14), look.MUTED, bold=True, anchor="topright")
            room -= tag_w
        size = fitting(room) or sizes[-1]
        title = look.fit_text(title, size, room, bold=True)
        look.text(surface, title, (p.x + px(16), p.y + px(12) + (px(22) - size) // 2), size, look.GOLD, bold=True)
        y = p.y + self.seats_top
        scores = state.scores()
        labels = match.spec.seat_labels
        names = []  # (seat, name, room, bold, y): written once the size that fits them all is known
        for i, seat in enumerate(match.seats):
            row = pygame.Rect(p.x + 8, y - px(3), p.w - 16, px(30))
            if i == state.to_move:
                pygame.draw.rect(surface, (70, 56, 40), row, border_radius=6)
                pygame.draw.rect(surface, look.GOLD, row, 1, border_radius=6)
            look.draw_seat_shape(surface, seat.colour, (p.x + px(26), y + px(12)), px(9), board.seat_rgb(i))
            name = seat.name + (f" ({labels[i]})" if i < len(labels) and labels[i] not in seat.name else "")
            level = seat.level if seat.kind == "computer" and not self.folded else ""
            score = look.text(surface, str(scores[i]), (p.right - px(18), y + px(1)), px(18), look.INK, bold=True,
                              anchor="topright")
            right = score.x - px(8)  # the name ends before the level and the score: never under them
            bold = i == state.to_move
            # a narrow panel keeps the whole name, not the level; measured bold, as when it is this seat's
            # turn, so that nothing on the list changes size or shows and hides as the turn goes round
            if level and look.font(px(16), True).size(name)[0] + look.font(px(12)).size(level)[0] + px(8) \
                    <= right - (p.x + px(44)):
                right = look.text(surface, level, (right, y + px(5)), px(12), look.MUTED, anchor="topright").x - px(8)
            names.append((i, name, right - (p.x + px(44)), bold, y))
            y += px(34)
        # a long name is set smaller before it is shortened, and then every name with it: one size down the list
        size = px(16)
        if any(look.font(size, True).size(name)[0] > room for _i, name, room, _bold, _y in names):
            size = max(look.SMALLEST_TEXT, px(13))
        for i, name, room, bold, name_y in names:
            look.text(surface, look.fit_text(name, size, room, bold=bold),
                      (p.x + px(44), name_y + px(2) + (px(16) - size) // 2), size, look.INK, bold=bold)
            if highlights.thinking and i == state.to_move:
                bar = pygame.Rect(p.x + px(44), name_y + px(24), room, 3)
                pygame.draw.rect(surface, (60, 50, 40), bar)
                pygame.draw.rect(surface, look.GOLD, (bar.x, bar.y, int(bar.w * highlights.progress), 3))
        y += px(6)
        status = self.status_text(highlights)
        self.drawn_revision, self.drawn_status = match.revision, status
        log_room = 0 if self.folded else self.log_lines() * board.log.line_height + 8  # the log keeps a few lines
        room = self.log_bottom - log_room - y
        width = p.w - px(32)
        message = board.controller.message
        # what to do now and the answer to the last click are read whole, not cut with "…": a
        # narrow or big panel gives them more lines, then smaller letters; the note under the
        # scores gives way to them
        small = max(look.SMALLEST_TEXT, px(13)), max(look.SMALLEST_TEXT, px(12))
        for status_size, message_size in ((px(15), px(14)), small):
            status_step, message_step = status_size + max(3, px(5)), message_size + max(3, px(4))
            status_lines = look.wrap_text(status, status_size, width, bold=True)
            message_lines = look.wrap_text(message, message_size, width) if message else []
            if len(status_lines) * status_step + len(message_lines) * message_step <= room:
                break
        else:  # no room for the whole of them (a small window at a big scale): each cut to its share
            message_lines = look.wrap_text(message, message_size, width, max_lines=max(1, min(3, room // 2 //
                                                                                               message_step)))
            status_lines = look.wrap_text(status, status_size, width, bold=True, max_lines=max(
                2, (room - len(message_lines) * message_step) // status_step))
        said = len(status_lines) * status_step + len(message_lines) * message_step
        y = self.draw_score_note(surface, y, room - said)
        for line in status_lines:
            look.text(surface, line, (p.x + px(16), y), status_size, look.HIGHLIGHT, bold=True)
            y += status_step
        for line in message_lines:
            look.text(surface, line, (p.x + px(16), y), message_size, look.WARN)
            y += message_step
        self.place_log(y + px(8))
        board.mode.draw_on_panel(surface)

    def draw_score_note(self, surface, y: int, room: int) -> int:
        """What the scores do not show, under them (Scrubbudgetel: what each stash still costs,
        who holds the Cave), in the first of the board's wordings that takes two lines at most,
        where `room` pixels allow; returns the y below it."""
        p, k = self.rect, self.scale
        size, step = max(look.SMALLEST_TEXT, round(13 * k)), round(17 * k)
        for wording in self.board.score_note():
            lines = look.wrap_text(wording, size, p.w - round(32 * k))
            if len(lines) <= 2:
                if len(lines) * step + round(4 * k) > room:
                    return y
                for line in lines:
                    look.text(surface, line, (p.x + round(16 * k), y), size, look.MUTED)
                    y += step
                return y + round(4 * k)
        return y

    def status_text(self, highlights) -> str:
        """The line under the players: the result, who thinks, or what to do."""
        board = self.board
        told = board.mode.status_text()
        if told is not None:
            return told
        match = board.match
        state = match.state
        if state.is_over:
            return board.named(board.controller.words.outcome(state))
        if board.watch is not None and board.watch.paused:
            return f"Paused: {match.seats[state.to_move].name} to move"
        if highlights.thinking or match.is_computer_turn():
            dots = "." * (1 + int(time.monotonic() * 3) % 3)
            return f"{match.seats[state.to_move].name} is thinking{dots}"
        controller = board.controller
        chosen = controller.prefix
        step = controller.words.step(state, chosen, controller.candidates()) if chosen else None
        return board.named(step or controller.words.phase(state)) or f"{match.seats[state.to_move].name} to move"

    def draw_note(self, surface, rect, text) -> None:
        """A tooltip above a disabled button saying why it is disabled."""
        lines = look.wrap_text(text, 13, self.rect.w - 44, max_lines=4)
        box = pygame.Rect(0, 0, self.rect.w - 24, 12 + 17 * len(lines))
        box.midbottom = (self.rect.centerx, rect.y - 6)
        pygame.draw.rect(surface, (32, 26, 20), box, border_radius=6)
        pygame.draw.rect(surface, look.GOLD, box, 1, border_radius=6)
        for k, line in enumerate(lines):
            look.text(surface, line, (box.x + 10, box.y + 6 + 17 * k), 13, look.INK)

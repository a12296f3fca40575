"""The title screen: the games on the shelf, the games in progress, and the way to every other screen."""
from __future__ import annotations

import time

import pygame

from .. import shelf, storage
from ..engine.match import SaveError
from ..lessons import Progress, has_lesson, load as load_lesson, take_notices as take_lesson_notices
from ..saves import OpenElsewhere, delete_in_progress, games_in_progress, resume
from . import look
from .focus import Stop
from .menus import SavesScene
from .rules_screen import RulesScene, prepare_rules, run_for
from .scene import IN_PROGRESS_RECHECK_S, Scene, look_at_in_progress, moves_text, open_lesson, panel, start_match, when
from .settings import SettingsScene
from .setup import SetupScene
from . import touch
from .touch import at_least


class TitleScene(Scene):
    # The games' rules are laid out ahead while the title waits for the player (undisturbed:
    # no input for a moment), a slice a frame, so that each Rules screen opens within a frame
    PREPARE_SLICE_S = 0.005
    PREPARE_EVERY_S = 0.02  # a slice this often: the rest of the processor is the player's
    CARD = (480, 300)  # the largest card: the art's own size and shape (a big window shows it whole)
    GAP = 30  # between cards side by side
    BELOW_CARD = 112  # title, blurb and buttons under each card
    TOP = 150
    BOTTOM = 96  # the row of Continue / Saved games / Settings / Quit
    COMPACT_BELOW = 240  # card width under which the text under a card is cut down
    ROW = 36  # one game in progress
    MAX_ROWS = 3  # games in progress listed here; the Saved games screen lists them all
    RECHECK_S = IN_PROGRESS_RECHECK_S  # the games in progress read again this often while it shows
    notice_top = 98  # notices go under the heading, over the tagline (not drawn meanwhile), not over "Game Shelf"

    def __init__(self, app):
        # the game whose Delete reads "Yes, delete": a second click deletes it. It waits for
        # that click (no time limit: a button that says so must mean it)
        self.delete_armed = None
        self.load_in_progress(app)
        super().__init__(app)

    def enter(self) -> None:
        if getattr(self, "entered", False):  # back from another screen: games may have changed meanwhile
            self.look_again()
        self.entered = True

    def look_again(self) -> bool:
        """Read the games in progress again; True when the title now shows something
        else (its buttons made again only then: a screen's worth is slow to make)."""
        self.load_in_progress(self.app)
        if self.shown() == self.built_for:
            self.tell_lesson_notices()  # a progress file damaged since, set aside by that look
            return False
        self.rebuild()
        return True

    def shown(self) -> tuple:
        """What the title shows that can change while another screen is open: the window's
        size, the games in progress (with how long ago each was played, in words) and the lessons."""
        games = tuple((entry, when(entry.last_played)) for entry in self.in_progress)
        return self.app.size, games, repr(Progress.load().data), self.delete_armed

    def tell_lesson_notices(self) -> None:
        for message in take_lesson_notices():
            self.app.notify(message)

    def load_in_progress(self, app) -> None:
        self.in_progress, messages = games_in_progress()
        for message in messages:
            app.notify(message)

    def tall(self, size: int) -> int:
        """A button's height, or a finger's where Large targets are on (touch.py)."""
        return at_least(size, self.app.settings)

    @property
    def row(self) -> int:
        """One game in progress: its Resume and Delete buttons and the gap under them."""
        return self.ROW + self.tall(30) - 30

    @property
    def below_card(self) -> int:
        return self.BELOW_CARD + self.tall(34) - 34

    @property
    def max_rows(self) -> int:
        """Games in progress listed here: one fewer in a low window with Large targets (their rows are taller)."""
        return self.MAX_ROWS - (self.row > self.ROW and self.app.size[1] < 760)

    @property
    def bottom(self) -> int:
        """Room under the cards: the button row and the games in progress."""
        rows = min(len(self.in_progress), self.max_rows)
        return self.BOTTOM + (self.row * rows + self.tall(30) + 4 if rows else 0)

    def card_layout(self, count: int) -> tuple[int, int, int]:
        """(cards per row, card width, card height): the largest cards for which
        every row, with its text and buttons, fits between the heading and the
        bottom buttons."""
        w, h = self.app.size
        best = (1, 0, 0)
        for per_row in range(1, count + 1):
            rows = -(-count // per_row)
            width = min(self.CARD[0], (w - 60 - self.GAP * (per_row - 1)) / per_row)
            height = min(self.CARD[1], (h - self.TOP - self.bottom) / rows - self.below_card - 8)
            scale = min(width / self.CARD[0], height / self.CARD[1])
            size = (int(self.CARD[0] * scale), int(self.CARD[1] * scale))
            if size[0] > best[1]:
                best = (per_row, *size)
        return best

    def card_caption(self, spec, width: int) -> tuple:
        """(title, its size, player count, blurb lines) under a card of `width`."""
        players = (f"{spec.min_players} players" if spec.min_players == spec.max_players
                   else f"{spec.min_players}–{spec.max_players} players")
        room = width if self.compact else width - look.font(14).size(players)[0] - 10
        size = 20  # a long title steps down a few sizes before it is shortened
        while size > 14 and look.font(size, True).size(spec.title)[0] > room:
            size -= 1
        title = look.fit_text(spec.title, size, room, bold=True)
        blurb = [] if self.compact else look.wrap_text(spec.blurb, 13, width, max_lines=2)
        return title, size, players, blurb

    def build(self) -> None:
        self.built_for = self.shown()
        self.preparing = prepare_rules(self.manager, self.app.size)  # for the window's size, again if it changes
        self.last_input = time.monotonic()
        w, h = self.app.size
        self.cards: dict[str, pygame.Rect] = {}
        self.card_text: dict[str, tuple] = {}
        self.learn_buttons: dict[str, object] = {}  # game id -> its card's "Learn to play"
        self.lesson_badges: dict[str, tuple] = {}  # game id -> (how far its lesson has got, where)
        progress = Progress.load()
        self.tell_lesson_notices()
        games = list(shelf.GAMES.values())
        per_row, card_w, card_h = self.card_layout(len(games))
        # narrow cards (many games in a small window) drop the blurb and say less
        self.compact = card_w < self.COMPACT_BELOW
        rows = -(-len(games) // per_row)
        row_h = card_h + self.below_card + 8
        # the rows stand in the middle of the room between the heading and what is under them
        top = self.TOP + max(0, (h - self.TOP - self.bottom - rows * row_h) // 2)
        for i, spec in enumerate(games):
            row, col = divmod(i, per_row)
            count = min(per_row, len(games) - row * per_row)
            left = (w - count * card_w - (count - 1) * self.GAP) // 2
            card = pygame.Rect(left + col * (card_w + self.GAP), top + row * row_h, card_w, card_h)
            self.cards[spec.id] = card
            self.card_text[spec.id] = self.card_caption(spec, card_w)
            self.button((card.x, card.bottom + 72, card.w // 2 - 4, self.tall(34)), "Play",
                        lambda s=spec: self.app.push(SetupScene(self.app, s)), primary=True)
            self.button((card.centerx + 4, card.bottom + 72, card.w // 2 - 4, self.tall(34)), "Rules",
                        lambda s=spec: self.app.push(RulesScene(self.app, s)))
            if not has_lesson(spec.id):
                continue
            # "Learn to play" sits on the card's picture, bottom right (with Large targets, clear of its middle,
            # where a finger taps the card, and a little taller: the button's rim is the card's)
            room = card.w - 16 if self.tall(30) == 30 else card.right - 8 - (card.centerx + touch.MIN_TARGET // 2)
            learn = "Learn to play" if look.font(15).size("Learn to play")[0] + 24 <= room else "Learn"
            width = look.font(15).size(learn)[0] + 24
            high = 30 if self.tall(30) == 30 else touch.MIN_TARGET + 4
            self.learn_buttons[spec.id] = self.button((card.right - 8 - width, card.bottom - 8 - high, width, high),
                                                      learn,
                                                      lambda s=spec: open_lesson(self.app, s.id),
                                                      tooltip="A guided first game, step by step")
            self.place_lesson_badge(spec.id, progress, card)
        self.build_in_progress()
        y = h - 70
        names = []
        playable = [entry for entry in self.in_progress if not entry.elsewhere]
        if playable:
            newest = playable[0]
            game = newest.summary.split(" — ", 1)[0]  # "Scurry — Ann vs Bob"
            wordings = tuple(f"Continue: {words}" for words in (newest.summary, newest.short_summary, game))
            names.append((look.fit_words(wordings, 16, 440, bold=True), lambda: self.resume(newest.path), True))
        names += [("Saved games", lambda: self.app.push(SavesScene(self.app)), False),
                  ("History", self.open_history, False),
                  ("Statistics", self.open_statistics, False),
                  ("Settings", lambda: self.app.push(SettingsScene(self.app)), False),
                  ("Quit", self.quit, False)]
        # primary buttons use the bold 16 px face of the theme, the others 15 px
        widths = [max(120, look.font(16 if primary else 15, primary).size(n)[0] + 40) for n, _, primary in names]
        if playable and sum(widths) + 12 * (len(widths) - 1) > w - 40:  # Continue's text gives way
            wanted = look.font(16, True).size(f"Continue: {game}")[0] + 40
            room = w - 40 - sum(widths[1:]) - 12 * (len(widths) - 1)
            if room < wanted:  # then the other buttons narrow to their words, before the game's name is cut
                widths[1:] = [max(96, look.font(15).size(n)[0] + 28) for n, _, _ in names[1:]]
                room = min(wanted, w - 40 - sum(widths[1:]) - 12 * (len(widths) - 1))
            names[0] = (look.fit_text(f"Continue: {game}", 16, room - 40, bold=True), *names[0][1:])
            widths[0] = room
        x = (w - sum(widths) - 12 * (len(widths) - 1)) // 2
        for (name, action, primary), bw in zip(names, widths):
            self.button((x, y, bw, self.tall(40)), name, action, primary=primary)
            x += bw + 12

    def place_lesson_badge(self, game_id: str, progress, card: pygame.Rect) -> None:
        """How far the lesson has got, on the card's picture just above its Learn button."""
        learn = self.learn_buttons[game_id].rect
        forms = progress.badge(game_id, len(load_lesson(game_id).steps))
        text = next((f for f in forms if look.font(13, True).size(f)[0] + 14 <= card.w - 16), None)
        if text:
            rect = pygame.Rect(0, 0, look.font(13, True).size(text)[0] + 14, 22)
            rect.bottomright = (learn.right, learn.y - 4)
            self.lesson_badges[game_id] = (text, rect)

    def build_in_progress(self) -> None:
        """The newest games in progress, one row each: what, who, how far, when; Resume and Delete."""
        w, h = self.app.size
        self.progress_rows = []  # (entry, text, resume button, delete button)
        shown = self.in_progress[: self.max_rows]
        if not shown:
            return
        width = min(860, w - 60)
        left = (w - width) // 2
        self.progress_top = h - self.bottom + 6
        if len(self.in_progress) > len(shown):  # the rest are a click away, on the Saved games screen
            self.button((left + width - 226, self.progress_top - 4, 226, self.tall(28)),
                        f"All {len(self.in_progress)} games in progress…", lambda: self.app.push(SavesScene(self.app)),
                        tooltip="The Saved games screen lists every game in progress")
        y = self.progress_top + self.tall(30)
        for entry in shown:
            armed = self.delete_armed == entry.path
            if entry.elsewhere:  # played in another window: only a look at it from here
                resume_button = self.button((left + width - 226, y, 110, self.tall(30)), "Look",
                                            lambda e=entry: look_at_in_progress(self.app, e.path),
                                            tooltip="Open in another window: see its moves here, play it there")
            else:
                resume_button = self.button((left + width - 226, y, 110, self.tall(30)), "Resume",
                                            lambda e=entry: self.resume(e.path))
            delete_button = self.button((left + width - 110, y, 110, self.tall(30)),
                                        "Yes, delete" if armed else "Delete",
                                        lambda e=entry: self.delete(e.path), enabled=not entry.elsewhere)
            where = "open in another window" if entry.elsewhere else when(entry.last_played)
            tail = f" · {moves_text(entry.moves)} · {where}"
            # every name if they fit; else how many play, so how far and when stay in sight
            text = look.fit_words((entry.summary + tail, entry.short_summary + tail), 15, width - 240)
            self.progress_rows.append((entry, text, resume_button, delete_button))
            y += self.row
        self.progress_left = left

    def resume(self, path) -> None:
        try:
            match = resume(path)
        except (storage.DamagedFile, SaveError) as exc:
            self.refresh()
            self.app.tell_damaged(exc)  # with the offer to go on from the last good move
            return
        if match is None:
            self.app.notify("That game is no longer there.")
            self.refresh()
            return
        start_match(self.app, match)

    def delete(self, path) -> None:
        """A game in progress goes only after a second click on its Delete."""
        if self.delete_armed != path:
            self.delete_armed = path
            self.app.notify("Click “Yes, delete” to delete this game in progress for good.")
            self.rebuild()
            return
        self.delete_armed = None
        try:
            delete_in_progress(path)
        except OpenElsewhere:
            self.app.notify("That game is open in another window: it can only be deleted there.")
        except OSError as exc:
            storage.log(f"deleting {path}", exc)
            self.app.notify(f"The game could not be deleted ({storage.write_problem(exc)}).")
        self.refresh()

    def refresh(self) -> None:
        self.load_in_progress(self.app)
        self.rebuild()

    def quit(self) -> None:
        self.app.quit()

    def open_history(self) -> None:
        self.app.open_history()

    def open_statistics(self) -> None:
        self.app.open_statistics()

    def update(self, dt: float) -> bool:
        if self.preparing is not None and self.undisturbed() and run_for(self.preparing, self.PREPARE_SLICE_S):
            self.preparing = None  # every game's rules laid out: they open within a frame or two
            self.app.release_memory(collect=False)  # what laying them out used and freed: ~10 MB
        return super().update(dt)

    def wake_interval(self) -> float | None:
        if self.preparing is not None:
            return self.PREPARE_EVERY_S
        return super().wake_interval()

    def drawn_stops(self) -> list:
        """Each game's card: Enter on it opens the game's new-game screen, as a click does."""
        return [Stop(("card", game_id), card.copy(), lambda s=spec: self.app.push(SetupScene(self.app, s)))
                for game_id, card in self.cards.items() for spec in [shelf.GAMES[game_id]]]

    def on_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for game_id, card in self.cards.items():
                learn = self.learn_buttons.get(game_id)
                if card.collidepoint(event.pos) and not (learn and learn.rect.collidepoint(event.pos)):
                    self.app.push(SetupScene(self.app, shelf.GAMES[game_id]))
                    return

    def on_escape(self) -> None:
        pass

    def own_click_targets(self) -> list:
        return [(f"card {game_id}", card) for game_id, card in self.cards.items()]

    def draw_scene(self, surface) -> None:
        w, _h = surface.get_size()
        look.text(surface, "Game Shelf", (w // 2, 40), 44, look.GOLD, bold=True, anchor="midtop")
        if not self.app.showing_notice():  # a notice takes the tagline's place
            look.text(surface, "Tabletop games for one computer — with friends at the table or against the computer",
                      (w // 2, 100), 16, look.MUTED, anchor="midtop")
        for game_id, card in self.cards.items():
            art = look.scaled_sprite(f"title_{game_id}.png", card.size)
            pygame.draw.rect(surface, (0, 0, 0), card.move(4, 5), border_radius=10)
            if art is not None:
                surface.blit(art, card)
            else:
                pygame.draw.rect(surface, (70, 90, 60), card, border_radius=10)
            hovered = card.collidepoint(self.app.mouse_pos)
            pygame.draw.rect(surface, look.HIGHLIGHT if hovered else look.GOLD, card, 4 if hovered else 2,
                             border_radius=10)
            if game_id in self.lesson_badges:
                text, rect = self.lesson_badges[game_id]
                panel(surface, rect, 215)
                look.text(surface, text, rect.center, 13, look.GOOD if "✓" in text else look.INK, bold=True,
                          anchor="center")
            title, size, players, blurb = self.card_text[game_id]
            look.text(surface, title, (card.x, card.bottom + 26 - size), size, look.INK, bold=True)
            if self.compact:  # the player count takes the blurb's place
                look.text(surface, players, (card.x, card.bottom + 32), 13, look.MUTED)
            else:
                look.text(surface, players, (card.right, card.bottom + 9), 14, look.MUTED, anchor="topright")
            for i, line in enumerate(blurb):
                look.text(surface, line, (card.x, card.bottom + 32 + 17 * i), 13, look.MUTED)
        if self.progress_rows:
            look.text(surface, "Games in progress", (self.progress_left, self.progress_top), 17, look.GOLD, bold=True)
            for _entry, text, resume_button, _delete in self.progress_rows:
                look.text(surface, text, (self.progress_left, resume_button.rect.centery - 10), 15, look.INK)

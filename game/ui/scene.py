"""Scene base class and the app's screens: title, new-game setup, in-game menu,
results, rules viewer, settings, saved games and the pass-and-play hand-off."""
from __future__ import annotations

import html
import re
import time
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from .. import records, storage
from ..engine import registry
from ..engine.match import NAME_LIMIT, Match, SaveError, Seat, save_summary
from ..lessons import has_lesson
from ..saves import (
    autosave,
    delete_in_progress,
    games_in_progress,
    in_progress_file,
    load_match,
    resume,
    save_file_name,
    save_match,
)
from . import look, markdown

LEVEL_CHOICES = (("Human", "human", "normal"), ("Computer: easy", "computer", "easy"),
                 ("Computer: normal", "computer", "normal"), ("Computer: hard", "computer", "hard"))
# The faces HTML text boxes use beyond the theme's own (rules headings), loaded up front.
PRELOADED_FONTS = [{"name": "dejavu", "point_size": size, "style": "bold"} for size in (15, 18, 24)]
WINDOW_SIZES = ((1024, 700), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))


GUI_FRAME_S = 0.1  # pygame-gui hover effects and tooltips need a frame this often, not 60 a second


class SharedThemeManager(pygame_gui.UIManager):
    """A UIManager that uses its pool's theme instead of loading its own."""

    def __init__(self, size, pool: "UIManagerPool"):
        self.pool = pool  # set first: UIManager.__init__ asks create_new_theme for the theme
        super().__init__(size, look.theme(), enable_live_theme_updates=False)

    def create_new_theme(self, theme_path=None):
        if self.pool.theme is None:
            self.pool.theme = super().create_new_theme(theme_path)
        return self.pool.theme


class UIManagerPool:
    """pygame-gui managers for the whole app, reused from scene to scene.

    Building a manager (theme, fonts, cursors) takes ~20 ms, too long for an
    overlay to open within a frame, and a manager per scene multiplies the
    fonts it loads. A scene takes a manager when it is built and gives it back,
    emptied, when it leaves; the pool holds as many as the deepest scene stack."""

    def __init__(self):
        self.free: list = []
        self.theme = None  # one pygame-gui theme (fonts, and a 4 MB cache of drawn shapes) for all of them

    def acquire(self, size) -> pygame_gui.UIManager:
        if self.free:
            manager = self.free.pop()
            if tuple(manager.window_resolution) != tuple(size):
                manager.set_window_resolution(size)
            return manager
        first = self.theme is None
        manager = SharedThemeManager(size, self)
        if first:
            manager.preload_fonts(PRELOADED_FONTS)
        return manager

    def release(self, manager) -> None:
        manager.clear_and_reset()
        self.free.append(manager)


class Scene:
    """A screen with pygame-gui elements. Elements are built once, and again
    only when the window size changes."""

    background = "title_background.png"

    def __init__(self, app):
        self.app = app
        self.manager = app.ui_managers.acquire(app.size)
        self.actions: dict = {}
        self.build()

    # ---- life cycle ----------------------------------------------------
    def build(self) -> None:
        """Create the pygame-gui elements for the current window size."""

    def resize(self, size) -> None:
        if self.manager is None or tuple(size) == tuple(self.manager.window_resolution):
            return
        self.manager.set_window_resolution(size)
        self.rebuild()

    def rebuild(self) -> None:
        """Lay the widgets out again (after a resize, or when what they show changed)."""
        self.manager.clear_and_reset()
        self.actions = {}
        self.build()

    def enter(self) -> None:
        if self.manager is None:  # a scene shown again after it left
            self.manager = self.app.ui_managers.acquire(self.app.size)
            self.actions = {}
            self.build()

    def leave(self) -> None:
        """The scene is off the stack: its elements go, its manager serves the next scene."""
        if self.manager is not None:
            self.actions = {}
            self.app.ui_managers.release(self.manager)
            self.manager = None

    def busy(self) -> bool:
        """True while the scene animates and needs every frame."""
        return False

    def frame_interval(self) -> float | None:
        """How often the scene needs a frame without input: 0 = every frame
        (animating), a number of seconds, or None (only when something changes)."""
        if self.busy():
            return 0.0
        if self.manager is not None and (self.manager.get_hovering_any_element() or self.typing()):
            return GUI_FRAME_S  # tooltips appear, a text cursor blinks
        return None

    def typing(self) -> bool:
        return any(isinstance(e, UITextEntryLine) for e in self.manager.get_focus_set() or ())

    def forget_widget_hover(self) -> None:
        """Unhover every button and drop its tooltip (a new person is in front of the screen)."""
        for element in self.actions:
            if getattr(element, "tool_tip", None) is not None:
                element.tool_tip.kill()
                element.tool_tip = None
            if getattr(element, "hovered", False):
                element.hovered = False
                element.on_unhovered()

    # ---- helpers for building ------------------------------------------
    def button(self, rect, text, action, *, primary=False, tooltip=None, enabled=True) -> UIButton:
        element = UIButton(
            pygame.Rect(rect), text, manager=self.manager, tool_tip_text=tooltip,
            object_id=ObjectID(object_id="#primary_button") if primary else None,
        )
        if not enabled:
            element.disable()
        self.actions[element] = action
        return element

    def label(self, rect, text, style=None) -> UILabel:
        return UILabel(pygame.Rect(rect), text, manager=self.manager,
                       object_id=ObjectID(object_id=style) if style else None)

    # ---- events --------------------------------------------------------
    def handle_event(self, event) -> None:
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_choice(event.ui_element, event.text)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.on_text(event.ui_element, event.text)
            return
        if not consumed:
            self.on_event(event)

    def on_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()

    def on_escape(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop()

    def on_choice(self, element, text) -> None:
        pass

    def on_text(self, element, text) -> None:
        pass

    # ---- frame -------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance timers and widgets; True when what the screen shows changed."""
        self.manager.update(dt)
        return False

    def draw(self, surface) -> None:
        surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        self.draw_scene(surface)
        self.manager.draw_ui(surface)

    def draw_scene(self, surface) -> None:
        pass

    def button_rects(self) -> dict[str, pygame.Rect]:
        """Button text -> absolute rect (tests click these)."""
        return {b.text: b.rect.copy() for b in self.actions if b.visible and b.is_enabled}


def board_scene_class(game_id: str):
    return registry.parts_of(game_id).scene


def start_match(app, match: Match, *, replace: bool = True) -> None:
    scene = board_scene_class(match.spec.id)(app, match)
    if replace:
        app.reset_to(TitleScene(app))
    app.push(scene)
    if not match.state.is_over:
        # saved at once: a new or loaded game is at the top of the games in
        # progress, so the title's Continue never points at another game
        keep_saved(app, match)


def notify_once(app, message: str) -> None:
    """A banner, replacing the same banner still shown (a failing save says so once per move)."""
    app.toasts = [t for t in app.toasts if t[0] != message]
    app.notify(message)


def keep_saved(app, match: Match) -> None:
    """The autosave after every change (Match.on_change). A game in progress
    is written by the app's background writer (the frame that shows the move
    does not wait for the disk); a finished game becomes a record at once. A
    disk that refuses is a message, never a crash: the game goes on in memory
    and the next move tries again; Menu → Save as… puts the game elsewhere."""
    if not match.state.is_over:
        app.autosaves.submit(match, in_progress_file(match), match.to_save())
        return
    app.autosaves.flush()  # the last moves are on disk before the file gives way to the record
    try:
        autosave(match)
    except OSError as exc:
        autosave_done(app, match, exc)
    else:
        autosave_done(app, match, None)


def autosave_done(app, match: Match, exc: OSError | None) -> None:
    """Tell the player when saving fails, and when it works again."""
    if exc is not None:
        storage.log(f"autosave of {match.save_id}", exc)
        problem = str(exc) if isinstance(exc, records.RecordsError) else storage.write_problem(exc)
        keep = "until you free space" if problem == "disk full" else "while the game is open"
        match.unsaved = problem
        notify_once(app, f"Can't save: {problem} — your moves are kept {keep}. "
                         "Menu → Save as… saves the game somewhere else.")
    else:
        if match.unsaved:
            match.unsaved = None
            app.notify("Saving works again: every move so far is saved.")
    for notice in records.take_notices():
        app.notify(notice)


def panel(surface, rect, alpha=225) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((28, 22, 18, alpha))
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, (110, 88, 64), rect, 1, border_radius=8)


# ---------------------------------------------------------------------------
class TitleScene(Scene):
    CARD = (300, 188)  # the largest card; the art's shape
    GAP = 30  # between cards side by side
    BELOW_CARD = 112  # title, blurb and buttons under each card
    TOP = 150
    BOTTOM = 96  # the row of Continue / Saved games / Settings / Quit
    COMPACT_BELOW = 240  # card width under which the text under a card is cut down
    ROW = 36  # one game in progress
    MAX_ROWS = 3  # games in progress listed here; the Saved games screen lists them all
    DELETE_CONFIRM_SECONDS = 5.0

    def __init__(self, app):
        self.delete_armed: tuple | None = None  # (path, until): a second click deletes
        self.load_in_progress(app)
        super().__init__(app)

    def enter(self) -> None:
        if getattr(self, "entered", False):  # back from another screen: games may have changed meanwhile
            self.refresh()
        self.entered = True

    def load_in_progress(self, app) -> None:
        app.autosaves.flush()  # list the games as they are now
        self.in_progress, messages = games_in_progress()
        for message in messages:
            app.notify(message)

    @property
    def bottom(self) -> int:
        """Room under the cards: the button row and the games in progress."""
        rows = min(len(self.in_progress), self.MAX_ROWS)
        return self.BOTTOM + (self.ROW * rows + 34 if rows else 0)

    def card_layout(self, count: int) -> tuple[int, int, int]:
        """(cards per row, card width, card height): the largest cards for which
        every row, with its text and buttons, fits between the heading and the
        bottom buttons."""
        w, h = self.app.size
        best = (1, 0, 0)
        for per_row in range(1, count + 1):
            rows = -(-count // per_row)
            width = min(self.CARD[0], (w - 60 - self.GAP * (per_row - 1)) / per_row)
            height = min(self.CARD[1], (h - self.TOP - self.bottom) / rows - self.BELOW_CARD - 8)
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
        w, h = self.app.size
        self.cards: dict[str, pygame.Rect] = {}
        self.card_text: dict[str, tuple] = {}
        self.learn_buttons: dict[str, object] = {}  # game id -> its card's "Learn to play"
        games = list(registry.GAMES.values())
        per_row, card_w, card_h = self.card_layout(len(games))
        # narrow cards (many games in a small window) drop the blurb and say less
        self.compact = card_w < self.COMPACT_BELOW
        for i, spec in enumerate(games):
            row, col = divmod(i, per_row)
            count = min(per_row, len(games) - row * per_row)
            left = (w - count * card_w - (count - 1) * self.GAP) // 2
            card = pygame.Rect(left + col * (card_w + self.GAP), self.TOP + row * (card_h + self.BELOW_CARD + 8),
                               card_w, card_h)
            self.cards[spec.id] = card
            self.card_text[spec.id] = self.card_caption(spec, card_w)
            self.button((card.x, card.bottom + 72, card.w // 2 - 4, 34), "Play" if self.compact else "New game",
                        lambda s=spec: self.app.push(SetupScene(self.app, s)), primary=True)
            self.button((card.centerx + 4, card.bottom + 72, card.w // 2 - 4, 34), "Rules",
                        lambda s=spec: self.app.push(RulesScene(self.app, s)))
            if not has_lesson(spec.id):
                continue
            # "Learn to play" sits on the card's picture, bottom right
            learn = "Learn to play" if look.font(15).size("Learn to play")[0] + 24 <= card.w - 16 else "Learn"
            width = look.font(15).size(learn)[0] + 24
            self.learn_buttons[spec.id] = self.button((card.right - 8 - width, card.bottom - 38, width, 30), learn,
                                                      lambda s=spec: open_lesson(self.app, s.id),
                                                      tooltip="A guided first game, step by step")
        self.build_in_progress()
        y = h - 70
        names = []
        if self.in_progress:
            newest = self.in_progress[0]
            names.append((look.fit_text(f"Continue: {newest.summary}", 16, 440, bold=True),
                          lambda: self.resume(newest.path), True))
        names += [("Saved games", lambda: self.app.push(SavesScene(self.app)), False),
                  ("Settings", lambda: self.app.push(SettingsScene(self.app)), False),
                  ("Quit", self.quit, False)]
        # primary buttons use the bold 16 px face of the theme, the others 15 px
        widths = [max(150, look.font(16 if primary else 15, primary).size(n)[0] + 40) for n, _, primary in names]
        x = (w - sum(widths) - 12 * (len(widths) - 1)) // 2
        for (name, action, primary), bw in zip(names, widths):
            self.button((x, y, bw, 40), name, action, primary=primary)
            x += bw + 12

    def build_in_progress(self) -> None:
        """The newest games in progress, one row each: what, who, how far, when; Resume and Delete."""
        w, h = self.app.size
        self.progress_rows = []  # (entry, text, resume button, delete button)
        shown = self.in_progress[: self.MAX_ROWS]
        if not shown:
            return
        width = min(860, w - 60)
        left = (w - width) // 2
        self.progress_top = h - self.bottom + 6
        y = self.progress_top + 30
        for entry in shown:
            armed = self.delete_armed is not None and self.delete_armed[0] == entry.path
            resume_button = self.button((left + width - 226, y, 110, 30), "Resume",
                                        lambda e=entry: self.resume(e.path))
            delete_button = self.button((left + width - 110, y, 110, 30), "Sure?" if armed else "Delete",
                                        lambda e=entry: self.delete(e.path))
            text = f"{entry.summary} · {moves_text(entry.moves)} · {when(entry.last_played)}"
            self.progress_rows.append((entry, look.fit_text(text, 15, width - 240), resume_button, delete_button))
            y += self.ROW
        self.progress_left = left

    def resume(self, path) -> None:
        try:
            match = resume(path)
        except (storage.DamagedFile, SaveError) as exc:
            self.app.notify(getattr(exc, "message", str(exc)))
            self.refresh()
            return
        if match is None:
            self.app.notify("That game is no longer there.")
            self.refresh()
            return
        start_match(self.app, match)

    def delete(self, path) -> None:
        """A game in progress goes only after a second click on its Delete."""
        now = time.monotonic()
        if self.delete_armed is None or self.delete_armed[0] != path or now > self.delete_armed[1]:
            self.delete_armed = (path, now + self.DELETE_CONFIRM_SECONDS)
            self.app.notify("Click “Sure?” to delete this game in progress for good.")
            self.rebuild()
            return
        self.delete_armed = None
        try:
            delete_in_progress(path)
        except OSError as exc:
            storage.log(f"deleting {path}", exc)
            self.app.notify(f"The game could not be deleted ({storage.write_problem(exc)}).")
        self.refresh()

    def refresh(self) -> None:
        self.load_in_progress(self.app)
        self.rebuild()

    def quit(self) -> None:
        self.app.running = False

    def on_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for game_id, card in self.cards.items():
                learn = self.learn_buttons.get(game_id)
                if card.collidepoint(event.pos) and not (learn and learn.rect.collidepoint(event.pos)):
                    self.app.push(SetupScene(self.app, registry.GAMES[game_id]))
                    return

    def on_escape(self) -> None:
        pass

    def draw_scene(self, surface) -> None:
        w, _h = surface.get_size()
        look.text(surface, "Game Shelf", (w // 2, 40), 44, look.GOLD, bold=True, anchor="midtop")
        look.text(surface, "Tabletop games for one computer — with friends at the table or against the computer",
                  (w // 2, 100), 16, look.MUTED, anchor="midtop")
        for game_id, card in self.cards.items():
            art = look.scaled_sprite(f"title_{game_id}.png", card.size)
            pygame.draw.rect(surface, (0, 0, 0), card.move(4, 5), border_radius=10)
            if art is not None:
                surface.blit(art, card)
            else:
                pygame.draw.rect(surface, (70, 90, 60), card, border_radius=10)
            hovered = card.collidepoint(pygame.mouse.get_pos())
            pygame.draw.rect(surface, look.HIGHLIGHT if hovered else look.GOLD, card, 4 if hovered else 2,
                             border_radius=10)
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
                look.text(surface, text, (self.progress_left, resume_button.rect.y + 5), 15, look.INK)


def moves_text(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def when(timestamp: float) -> str:
    """"today 14:02", or "23 Nov 2026 14:02"."""
    moment = time.localtime(timestamp)
    if time.strftime("%Y%m%d", moment) == time.strftime("%Y%m%d"):
        return time.strftime("today %H:%M", moment)
    return time.strftime("%d %b %Y %H:%M", moment)


def open_lesson(app, game_id: str, step: int | None = None) -> None:
    """Show a game's Learn to play lesson (the app opens game/ui/lesson.py's scene,
    which is built on the screens here: this module does not import it)."""
    app.open_lesson(game_id, step)


# ---------------------------------------------------------------------------
class SetupScene(Scene):
    """Player count, each seat (name, colour, human or computer and level), the options."""

    def __init__(self, app, spec, seats: list[Seat] | None = None, options: dict | None = None):
        self.spec = spec
        self.remembered = [n[:NAME_LIMIT] for n in (app.settings.get("player_names") or []) if isinstance(n, str) and n]
        self.seats = seats or [Seat("", colour=i, kind="human" if i == 0 else "computer", level="normal")
                               for i in range(spec.max_players)]
        if not seats:
            for i, seat in enumerate(self.seats):
                seat.name = self.default_name(i, seat.kind)
        self.players = len(seats) if seats else spec.default_players
        self.options = spec.resolved_options(options)
        self.message = ""
        super().__init__(app)

    def default_name(self, index: int, kind: str) -> str:
        """A human seat gets a remembered name; a computer seat a plain one."""
        if kind == "human":
            humans_before = sum(1 for s in self.seats[:index] if s.kind == "human")
            if humans_before < len(self.remembered):
                return self.remembered[humans_before]
            return f"Player {index + 1}"
        return f"Computer {index + 1}"

    def is_default_name(self, name: str) -> bool:
        return bool(re.fullmatch(r"(Player|Computer) \d", name)) or name in self.remembered

    def build(self) -> None:
        w, h = self.app.size
        left = max(30, (w - 1000) // 2)
        self.label((left, 30, 1000, 44), f"New game: {self.spec.title}", "#title_label")
        y = 100
        self.label((left, y, 160, 32), "Players", "#heading_label")
        if self.spec.min_players != self.spec.max_players:
            counts = [str(n) for n in range(self.spec.min_players, self.spec.max_players + 1)]
            self.count_menu = UIDropDownMenu(counts, str(self.players), pygame.Rect(left + 170, y, 90, 32), self.manager)
        else:
            self.count_menu = None
            self.label((left + 170, y, 300, 32), f"{self.players} players", "#small_label")
        y += 48
        self.seat_rows = []
        labels = self.spec.seat_labels
        kind_x = left + (560 if self.offers_colours() else 395)
        for i in range(self.players):
            seat = self.seats[i]
            tag = f"{i + 1}. {labels[i]}" if i < len(labels) else f"Seat {i + 1}"
            self.label((left, y, 130, 34), tag)
            name = UITextEntryLine(pygame.Rect(left + 130, y, 250, 34), self.manager, initial_text=seat.name)
            name.set_text_length_limit(NAME_LIMIT)
            colour = None
            if self.offers_colours():
                colour = UIDropDownMenu([n for n, _ in look.SEAT_COLOURS], look.SEAT_COLOURS[seat.colour][0],
                                        pygame.Rect(left + 395, y, 150, 34), self.manager)
            kind_text = next(t for t, k, lv in LEVEL_CHOICES if k == seat.kind and (k == "human" or lv == seat.level))
            kind = UIDropDownMenu([t for t, _, _ in LEVEL_CHOICES], kind_text,
                                  pygame.Rect(kind_x, y, 220, 34), self.manager)
            self.seat_rows.append((i, name, colour, kind))
            y += 44
        self.swatch_x = kind_x + 230
        self.seat_top = 148
        y += 12
        self.option_menus = {}
        self.help_lines = []
        if self.spec.options:
            self.label((left, y, 300, 32), "Options", "#heading_label")
            y += 40
            for option in self.spec.options:
                self.label((left, y, 290, 32), option.label)
                labels_ = [option.label_of(c) for c in option.choices]
                menu = UIDropDownMenu(labels_, option.label_of(self.options[option.key]),
                                      pygame.Rect(left + 300, y, 330, 32), self.manager)
                self.option_menus[menu] = option
                self.help_lines.append((option.help, (left + 645, y + 1), max(120, w - 40 - left - 645)))
                y += 44
        self.message_label = self.label((left, h - 130, 900, 30), self.message, "#message_label")
        self.button((left, h - 84, 200, 46), "Start", self.start, primary=True)
        self.button((left + 215, h - 84, 160, 46), "Rules", lambda: self.app.push(RulesScene(self.app, self.spec)))
        self.button((left + 390, h - 84, 160, 46), "Back", self.app.pop)

    def on_choice(self, element, text) -> None:
        if element is self.count_menu:
            self.players = int(text)
            self.rebuild()
            return
        for i, _name, colour, kind in self.seat_rows:
            if element is colour:
                self.seats[i].colour = [n for n, _ in look.SEAT_COLOURS].index(text)
            elif element is kind:
                seat = self.seats[i]
                was = seat.kind
                _t, seat.kind, seat.level = next(c for c in LEVEL_CHOICES if c[0] == text)
                if seat.kind != was and self.is_default_name(seat.name):
                    seat.name = self.default_name(i, seat.kind)
                    _i, name_entry, _c, _k = self.seat_rows[i]
                    name_entry.set_text(seat.name)
        option = self.option_menus.get(element)
        if option is not None:
            self.options[option.key] = next(c for c in option.choices if option.label_of(c) == text)

    def on_text(self, element, text) -> None:
        for i, name, _colour, _kind in self.seat_rows:
            if element is name:
                self.seats[i].name = text

    def draw_scene(self, surface) -> None:
        for help_text, (x, y), width in self.help_lines:
            for k, line in enumerate(look.wrap_text(help_text, 12, width, max_lines=2)):
                look.text(surface, line, (x, y + 15 * k), 12, look.MUTED)
        if self.spec.colours_chosen_in_play:
            return  # no swatch: its colour would mean nothing
        for i, _name, _colour, _kind in self.seat_rows:
            look.draw_seat_shape(surface, self.seats[i].colour, (self.swatch_x + 18, self.seat_top + 44 * i + 17), 13,
                                 look.side_colour(self.spec, i, self.seats[i]))

    def offers_colours(self) -> bool:
        """Fixed side colours (Scurry) or a colour chosen in play (Skurðir): no choice here."""
        return not (self.spec.seat_labels or self.spec.colours_chosen_in_play)

    def chosen_seats(self) -> list[Seat]:
        return [Seat(s.name.strip(), s.colour, s.kind, s.level) for s in self.seats[: self.players]]

    def problem(self) -> str:
        seats = self.chosen_seats()
        if any(not s.name for s in seats):
            return "Every player needs a name."
        if len({s.name.lower() for s in seats}) < len(seats):
            return "Two players have the same name: give each a different one."
        if self.offers_colours() and len({s.colour for s in seats}) < len(seats):
            return "Two players have the same colour: choose a different colour for each."
        return ""

    def start(self) -> None:
        self.message = self.problem()
        if self.message:
            self.message_label.set_text(self.message)
            return
        seats = self.chosen_seats()
        self.app.settings["player_names"] = [s.name for s in seats if s.kind == "human"]
        self.app.save_settings()
        match = Match(self.spec, seats, self.app.new_seed(), dict(self.options))
        start_match(self.app, match)


# ---------------------------------------------------------------------------
class RulesScene(Scene):
    def __init__(self, app, spec):
        self.spec = spec
        super().__init__(app)

    def lesson_links(self) -> dict:
        """Rules heading -> a line of links to the lesson steps that teach it."""
        from .. import lessons

        if not has_lesson(self.spec.id):
            return {}
        lesson = lessons.load(self.spec.id)
        return {heading: "Learn it by playing: " + " · ".join(
            f"<a href='lesson:{self.spec.id}:{i}'>{html.escape(lesson.steps[i].title)}</a>" for i in found)
            for heading, found in lesson.step_of_rule().items()}

    def on_event(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith("lesson:"):
            _kind, game_id, step = str(event.link_target).split(":")
            open_lesson(self.app, game_id, int(step))
            return
        super().on_event(event)

    def build(self) -> None:
        w, h = self.app.size
        path = look.SEEDS_DIR / registry.parts_of(self.spec.id).rules_text
        try:
            body = markdown.to_html(path.read_text(encoding="utf-8"), self.lesson_links())
        except OSError:
            body = f"The rules file {path.name} could not be read."
        width = min(980, w - 60)
        left = (w - width) // 2
        self.label((left, 16, width, 44), f"{self.spec.title} — rules", "#title_label")
        self.text_box = UITextBox(body, pygame.Rect(left, 70, width, h - 150), self.manager)
        self.button(((w - 160) // 2, h - 66, 160, 44), "Back", self.app.pop, primary=True)


# ---------------------------------------------------------------------------
class SettingsScene(Scene):
    SPEEDS = {"off": "Off", "fast": "Fast", "normal": "Normal", "slow": "Slow"}

    def build(self) -> None:
        w, h = self.app.size
        left = (w - 560) // 2
        self.label((left, 40, 560, 44), "Settings", "#title_label")
        y = 130
        self.label((left, y, 260, 36), "Fullscreen (F11)")
        self.full_button = self.button((left + 280, y, 200, 36), "On" if self.app.fullscreen else "Off", self.toggle_full)
        y += 56
        self.label((left, y, 260, 36), "Window size")
        current = "x".join(map(str, self.app.windowed_size))
        options = ["x".join(map(str, s)) for s in WINDOW_SIZES]
        if current not in options:
            options.append(current)
        self.size_menu = UIDropDownMenu(options, current, pygame.Rect(left + 280, y, 200, 36), self.manager)
        y += 56
        self.label((left, y, 260, 36), "Animation speed")
        self.speed_menu = UIDropDownMenu(list(self.SPEEDS.values()), self.SPEEDS[self.app.settings["animation_speed"]],
                                         pygame.Rect(left + 280, y, 200, 36), self.manager)
        y += 70
        # folder names can be long: a text box wraps them instead of cutting them off
        width = min(860, w - 60)
        places = (("Settings", storage.settings_path()), ("Games in progress", storage.in_progress_dir()),
                  ("Saved games", storage.saves_dir()), ("Finished games", storage.records_path()),
                  ("Log", storage.log_path()))
        rows = "<br>".join(f"{what}: {html.escape(str(where))}" for what, where in places)
        self.places_box = UITextBox(rows, pygame.Rect((w - width) // 2, y, width, max(60, min(140, h - 90 - y - 10))),
                                    self.manager)
        self.button(((w - 160) // 2, h - 80, 160, 44), "Back", self.app.pop, primary=True)

    def toggle_full(self) -> None:
        self.app.set_fullscreen(not self.app.fullscreen)
        self.app.save_settings()

    def on_choice(self, element, text) -> None:
        if element is self.size_menu:
            self.app.set_window_size(tuple(int(v) for v in text.split("x")))
        elif element is self.speed_menu:
            self.app.settings["animation_speed"] = next(k for k, v in self.SPEEDS.items() if v == text)
        self.app.save_settings()


# ---------------------------------------------------------------------------
class SavesScene(Scene):
    """The saved games, newest first: load or delete one, or go back."""

    DELETE_CONFIRM_SECONDS = 5.0

    def __init__(self, app):
        self.delete_armed: tuple | None = None  # (path, until): a second click deletes
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        width = min(760, w - 60)
        left = (w - width) // 2
        self.label((left, 30, width, 44), "Saved games", "#title_label")
        self.entries: dict[str, Path] = {}
        self.in_progress: set[Path] = set()
        self.app.autosaves.flush()  # list the games as they are now
        found, messages = games_in_progress()
        for message in messages:
            self.app.notify(message)
        for entry in found:  # every game in progress, the title lists only the newest
            self.add_entry(f"In progress: {entry.summary} — {moves_text(entry.moves)} — {when(entry.last_played)}",
                           entry.path)
            self.in_progress.add(entry.path)
        for path in self.saved_files():
            self.add_entry(self.describe(path), path)
        items = list(self.entries) or ["(no saved games yet)"]
        self.listing = UISelectionList(pygame.Rect(left, 90, width, h - 200), items, self.manager)
        self.button((left, h - 86, 180, 44), "Load", self.load, primary=True)
        self.button((left + 195, h - 86, 160, 44), "Delete", self.delete)
        self.button((left + 370, h - 86, 160, 44), "Back", self.app.pop)

    def add_entry(self, text: str, path: Path) -> None:
        while text in self.entries:
            text += " "  # two saves alike: keep both rows apart
        self.entries[text] = path

    @staticmethod
    def saved_files() -> list[Path]:
        """The saves a person made, newest first."""
        try:
            dated = [(p.stat().st_mtime, p) for p in storage.saves_dir().glob("*.json")]
        except OSError:
            return []
        return [p for _t, p in sorted(dated, key=lambda item: item[0], reverse=True)]

    @staticmethod
    def describe(path: Path) -> str:
        """One row: what the game is, who plays, how far it went, when it was saved."""
        try:
            stamp = path.stat().st_mtime
            data = storage.parse_json_file(path)
        except (OSError, ValueError):
            return f"{look.fit_text(path.stem, 15, 300)} (unreadable)"
        summary = save_summary(data)
        if summary is None:
            return f"{look.fit_text(path.stem, 15, 300)} (not a save of a game here) — {when(stamp)}"
        moves = data.get("moves") if isinstance(data.get("moves"), list) else []
        return f"{summary} — {moves_text(len(moves))} — {when(stamp)}"

    def chosen_path(self) -> Path | None:
        path = self.entries.get(self.listing.get_single_selection())
        if path is None:
            self.app.notify("Choose a saved game in the list first.")
        return path

    def delete(self) -> None:
        path = self.chosen_path()
        if path is None:
            return
        now = time.monotonic()
        if self.delete_armed is None or self.delete_armed[0] != path or now > self.delete_armed[1]:
            # one stray click must not lose a game
            self.delete_armed = (path, now + self.DELETE_CONFIRM_SECONDS)
            self.app.notify("Click Delete again to delete this saved game for good.")
            return
        self.delete_armed = None
        try:
            path.unlink()
        except OSError as exc:
            storage.log(f"deleting {path}", exc)
            self.app.notify(f"Could not delete {path.name} ({storage.write_problem(exc)}).")
        else:
            self.app.notify(f"Deleted {path.name}.")
        self.rebuild()

    def load(self) -> None:
        path = self.chosen_path()
        if path is None:
            return
        try:
            match = resume(path) if path in self.in_progress else load_match(path)
        except (storage.DamagedFile, SaveError) as exc:
            self.app.notify(getattr(exc, "message", str(exc)))
            self.rebuild()
            return
        if match is None:
            self.app.notify("That saved game is no longer there.")
            self.rebuild()
            return
        start_match(self.app, match)


# ---------------------------------------------------------------------------
class OverlayScene(Scene):
    """A scene drawn over the one beneath it (menu, hand-off)."""

    shade = (10, 8, 6, 200)

    def draw(self, surface) -> None:
        below = self.app.scenes[-2] if len(self.app.scenes) > 1 and self.app.scenes[-1] is self else None
        if self.shade[3] == 255:
            below = None  # a full cover hides the board: don't draw it, and don't let it show
        if below is not None:
            below.draw(surface)
        else:
            surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(self.shade)
        surface.blit(veil, (0, 0))
        self.draw_scene(surface)
        self.manager.draw_ui(surface)


class MenuScene(OverlayScene):
    def __init__(self, app, board):
        self.board = board
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        box = pygame.Rect(0, 0, 320, 456)
        box.center = (w // 2, h // 2)
        self.box = box
        y = box.y + 70
        for text, action in (("Resume", self.app.pop), ("Save game", self.save),
                             ("Save as…", lambda: self.app.push(SaveAsScene(self.app, self.board.match))),
                             ("Rules", lambda: self.app.push(RulesScene(self.app, self.board.match.spec))),
                             ("Settings", lambda: self.app.push(SettingsScene(self.app))),
                             ("Quit to title", self.quit)):
            self.button((box.x + 40, y, box.w - 80, 42), text, action, primary=text == "Resume")
            y += 56

    def draw_scene(self, surface) -> None:
        panel(surface, self.box, 240)
        look.text(surface, "Menu", (self.box.centerx, self.box.y + 20), 26, look.GOLD, bold=True, anchor="midtop")

    def save(self) -> None:
        match = self.board.match
        name = save_file_name(match)
        try:
            save_match(match, storage.saves_dir() / name)
        except OSError as exc:
            storage.log(f"saving {name}", exc)
            self.app.notify(f"Can't save: {storage.write_problem(exc)}. Save as… puts the game somewhere else.")
            return
        self.app.notify(f"Saved as {name}.")

    def quit(self) -> None:
        self.board.controller.stop_thinking()
        self.app.reset_to(TitleScene(self.app))


class SaveAsScene(OverlayScene):
    """Save the game in progress to a file a person names (another disk, a USB stick)."""

    def __init__(self, app, match):
        self.match = match
        self.path_text = str(Path.home() / save_file_name(match))
        self.message = "Type where to save the game: a folder or a file name ending in .json."
        self.replace_armed: Path | None = None
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(760, w - 40), 250)
        box.center = (w // 2, h // 2)
        self.box = box
        self.entry = UITextEntryLine(pygame.Rect(box.x + 30, box.y + 70, box.w - 60, 36), self.manager,
                                     initial_text=self.path_text)
        self.entry.set_text_length_limit(1000)
        self.message_label = self.label((box.x + 30, box.y + 114, box.w - 60, 30), self.message, "#small_label")
        self.button((box.x + 30, box.bottom - 70, 160, 44), "Save here", self.save, primary=True)
        self.button((box.x + 205, box.bottom - 70, 160, 44), "Cancel", self.app.pop)

    def on_text(self, element, text) -> None:
        if element is self.entry:
            self.path_text = text

    def draw_scene(self, surface) -> None:
        panel(surface, self.box, 240)
        look.text(surface, "Save as…", (self.box.x + 30, self.box.y + 22), 24, look.GOLD, bold=True)

    def target(self) -> Path:
        path = Path(self.path_text.strip()).expanduser()
        if path.is_dir():
            path = path / save_file_name(self.match)
        elif path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        return path

    def say(self, message: str) -> None:
        self.message = message
        self.message_label.set_text(look.fit_text(message, 15, self.box.w - 60))

    def save(self) -> None:
        if not self.path_text.strip():
            self.say("Type a folder or a file name first.")
            return
        try:
            path = self.target()
            if path.exists() and self.replace_armed != path:
                self.replace_armed = path  # another file of that name is not lost to one click
                self.say(f"{path.name} is there already: click Save here again to replace it.")
                return
            save_match(self.match, path)
        except (OSError, ValueError) as exc:
            storage.log(f"save as {self.path_text!r}", exc)
            problem = storage.write_problem(exc) if isinstance(exc, OSError) else "that is not a file name"
            self.say(f"Can't save there: {problem}. Try another folder.")
            return
        self.app.pop()
        self.app.notify(f"Saved as {path}.")


class HandOffScene(OverlayScene):
    """Pass-and-play with hidden information: cover the screen until the named
    player confirms that only they can see it."""

    shade = (12, 10, 8, 255)

    def __init__(self, app, name: str, colour: int, on_ready):
        self.name = name
        self.colour = colour
        self.on_ready = on_ready
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        self.ready_button = self.button(((w - 360) // 2, h // 2 + 40, 360, 54), f"I am {self.name}: show my view",
                                        self.ready, primary=True)

    def ready(self) -> None:
        self.app.pop()
        self.on_ready()

    def on_escape(self) -> None:
        pass  # the screen stays covered until the right person confirms

    def draw_scene(self, surface) -> None:
        w, h = surface.get_size()
        look.draw_seat_shape(surface, self.colour, (w // 2, h // 2 - 130), 30)
        look.text(surface, f"Pass to {self.name}", (w // 2, h // 2 - 80), 40, look.GOLD, bold=True, anchor="midtop")
        look.text(surface, f"Click when only {self.name} can see the screen.", (w // 2, h // 2 - 20), 18,
                  look.INK, anchor="midtop")


# ---------------------------------------------------------------------------
class ResultsScene(Scene):
    def __init__(self, app, board):
        self.board = board
        self.match = board.match
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        left = (w - 620) // 2
        self.button((left, h - 90, 190, 46), "Play again", self.again, primary=True)
        self.button((left + 205, h - 90, 200, 46), "Look at the board", self.app.pop)
        self.button((left + 420, h - 90, 200, 46), "Title screen", lambda: self.app.reset_to(TitleScene(self.app)))

    def on_escape(self) -> None:
        self.app.pop()

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
        look.text(surface, "Score", (table.right - 150, table.y + 16), 15, look.MUTED, bold=True, anchor="topright")
        breakdown = getattr(self.board, "score_breakdown", lambda seat: "")
        order = sorted(range(len(self.match.seats)), key=lambda s: -out.scores[s])
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

"""The in-game menu, Save as…, the saved-games list and the pass-and-play hand-off."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextEntryLine

from .. import shelf, storage
from ..engine.match import SaveError, save_seat_count, save_summary
from ..saves import (OpenElsewhere, delete_in_progress, games_in_progress, load_match, resume, save_file_name, save_match,
                     short_summary)
from . import look
from .rules_screen import RulesScene
from .scene import IN_PROGRESS_RECHECK_S, Scene, look_at_in_progress, moves_text, panel, start_match, when
from .settings import SettingsScene

ROW_MARGINS = 50  # a list row's text starts 15 px in; a scroll bar takes 20 px at the right


class SavesScene(Scene):
    """The saved games, newest first: load or delete one, or go back."""

    RECHECK_S = IN_PROGRESS_RECHECK_S

    def __init__(self, app):
        # the saved game whose Delete reads "Yes, delete": the next click on it deletes
        # it; choosing another row takes that back (no time limit)
        self.delete_armed: Path | None = None
        self.chosen: Path | None = None  # the row chosen when the list is made again
        super().__init__(app)

    def list_width(self) -> int:
        return min(760, self.app.size[0] - 60)

    def build(self) -> None:
        w, h = self.app.size
        width = self.list_width()
        left = (w - width) // 2
        self.label((left, 30, width, 44), "Saved games", "#title_label")
        self.read_rows()
        items = list(self.entries) or ["(no saved games yet)"]
        chosen = next((text for text, path in self.entries.items() if path == self.chosen), None)
        self.chosen = None
        self.listing = UISelectionList(pygame.Rect(left, 90, width, h - 200), items, self.manager,
                                       default_selection=chosen)
        self.button((left, h - 86, 180, 44), "Load", self.load, primary=True)
        self.delete_button = self.button((left + 195, h - 86, 160, 44), "Delete", self.delete)
        self.button((left + 370, h - 86, 160, 44), "Back", self.app.pop)
        if chosen is None or self.entries[chosen] != self.delete_armed:
            self.delete_armed = None  # a Delete asks again unless its row is still the one chosen
        self.arm_delete(self.delete_armed)

    def read_rows(self) -> None:
        """The rows, read from disk: the games in progress, then the saves a person made."""
        self.entries: dict[str, Path] = {}
        self.in_progress: set[Path] = set()
        self.elsewhere: set[Path] = set()  # open in another window: looked at here, not played
        found, messages = games_in_progress()
        for message in messages:
            self.app.notify(message)
        for entry in found:  # every game in progress, the title lists only the newest
            where = "open in another window" if entry.elsewhere else when(entry.last_played)
            tail = f" — {moves_text(entry.moves)} — {where}"
            self.add_entry(self.fit_row(f"In progress: {entry.summary}{tail}", f"In progress: {entry.short_summary}{tail}"),
                           entry.path)
            self.in_progress.add(entry.path)
            if entry.elsewhere:
                self.elsewhere.add(entry.path)
        for path in self.saved_files():
            self.add_entry(self.describe(path), path)

    def look_again(self) -> bool:
        """Another window may open, close or lose a game, or save one: the list is made
        again (the chosen row kept) when its rows changed."""
        shown = self.entries
        self.read_rows()
        if list(self.entries) == list(shown):
            return False
        self.chosen = shown.get(self.listing.get_single_selection())
        self.rebuild()
        return True

    def fit_row(self, *wordings: str) -> str:
        """The first wording that fits a row of the list (room kept for its scroll bar), the last cut with "…"."""
        return look.fit_words(wordings, 15, self.list_width() - ROW_MARGINS)

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

    def describe(self, path: Path) -> str:
        """One row: what the game is, who plays, how far it went, when it was saved."""
        try:
            stamp = path.stat().st_mtime
            data = storage.parse_json_file(path)
        except (OSError, ValueError):
            return f"{look.fit_text(path.stem, 15, 300)} (unreadable)"
        summary = save_summary(data, shelf.GAMES)
        if summary is None:
            return f"{look.fit_text(path.stem, 15, 300)} (not a save of a game here) — {when(stamp)}"
        moves = data.get("moves") if isinstance(data.get("moves"), list) else []
        tail = f" — {moves_text(len(moves))} — {when(stamp)}"
        return self.fit_row(summary + tail, short_summary(summary, save_seat_count(data)) + tail)

    def chosen_path(self) -> Path | None:
        path = self.entries.get(self.listing.get_single_selection())
        if path is None:
            self.app.notify("Choose a saved game in the list first.")
        return path

    def delete(self) -> None:
        path = self.chosen_path()
        if path is None:
            return
        if path in self.elsewhere:
            self.app.notify("That game is open in another window: it can only be deleted there.")
            return
        if self.delete_armed != path:  # one stray click must not lose a game
            self.arm_delete(path)
            self.app.notify("Click “Yes, delete” to delete this saved game for good.")
            return
        self.arm_delete(None)
        try:
            delete_in_progress(path) if path in self.in_progress else path.unlink()
        except OpenElsewhere:
            self.app.notify("That game is being played: it can be deleted once its window has left it.")
            return
        except OSError as exc:
            storage.log(f"deleting {path}", exc)
            self.app.notify(f"Could not delete {path.name} ({storage.write_problem(exc)}).")
        else:
            self.app.notify(f"Deleted {path.name}.")
        self.rebuild()

    def arm_delete(self, path: Path | None) -> None:
        self.delete_armed = path
        self.delete_button.set_text("Delete" if path is None else "Yes, delete")

    def on_event(self, event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.delete_armed is not None:
            if self.entries.get(self.listing.get_single_selection()) != self.delete_armed:
                self.arm_delete(None)  # another row chosen: its Delete asks again
            return
        super().on_event(event)

    def load(self) -> None:
        path = self.chosen_path()
        if path is None:
            return
        if path in self.elsewhere:  # a look at it, as a replay: that window goes on playing it
            look_at_in_progress(self.app, path)
            return
        try:
            match = resume(path) if path in self.in_progress else load_match(path)
        except (storage.DamagedFile, SaveError) as exc:
            self.rebuild()
            self.app.tell_damaged(exc)  # with the offer to go on from the last good move
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
            look.drawn.clear()  # the text under the veil is not there to be read: this screen's is
        else:
            surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        surface.blit(look.tint(surface.get_size(), tuple(self.shade)), (0, 0))
        self.draw_scene(surface)
        self.manager.draw_ui(surface)


class MenuScene(OverlayScene):
    def __init__(self, app, board):
        self.board = board
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        choices = (("Resume", self.app.pop), ("Save game", self.save),
                   ("Save as…", lambda: self.app.push(SaveAsScene(self.app, self.board.match))),
                   ("Rules", lambda: self.app.push(RulesScene(self.app, self.board.match.spec))),
                   ("Settings", lambda: self.app.push(SettingsScene(self.app))),
                   ("Quit to title", self.quit))
        top, step, button_h = 70, 56, 42  # under the heading; a button and the space under it
        box = pygame.Rect(0, 0, 320, top + step * (len(choices) - 1) + button_h + 36)
        box.center = (w // 2, h // 2)
        self.box = box
        y = box.y + top
        for text, action in choices:
            self.button((box.x + 40, y, box.w - 80, button_h), text, action, primary=text == "Resume")
            y += step

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
        self.app.reset_to_title()


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

"""The new-game screen: player count, each seat and the game's options."""
from __future__ import annotations

import re

import pygame
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from ..engine.match import NAME_LIMIT, Match, Seat
from . import boards, look, setup_memory
from .rules_screen import RulesScene
from .scene import TOOLTIP_WRAP, Scene, TippedDropDown, start_match

LEVEL_CHOICES = (("Human", "human", "normal"), ("Computer: easy", "computer", "easy"),
                 ("Computer: normal", "computer", "normal"), ("Computer: hard", "computer", "hard"))
HELP_PX, HELP_LINE = 12, 15  # an option's help beside its menu: text size, line spacing
HELP_GAP = 8  # under one option's help before the next one's, where the window has room
BAND = (0, 0, 0, 70)  # the shade behind every other option's row


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
        if not seats and options is None:  # what was started last time with this game
            players, last_seats, options = setup_memory.recall(app.settings, spec)
            self.seats[:len(last_seats)] = last_seats
            self.players = players or self.players
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
        shown = self.spec.options_for(self.players)  # those that apply to this many players
        # Rows as tall as the window allows, from 44 px down to 32: five players and six
        # options fit at 960x640 with the Start row below them.
        top, bottom = 72, h - 124
        heads = 48 + (12 + 36 if shown else 0)
        step = max(32, min(44, (bottom - top - heads) // max(1, self.players + len(shown))))
        tall = step - 6 if step < 40 else 34
        self.label((left, 18, 1000, 44), f"New game: {self.spec.title}", "#title_label")
        y = top
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
        self.seat_top, self.seat_step, self.seat_h = y, step, tall
        for i in range(self.players):
            seat = self.seats[i]
            tag = f"{i + 1}. {labels[i]}" if i < len(labels) else f"Seat {i + 1}"
            self.label((left, y, 130, tall), tag)
            name = UITextEntryLine(pygame.Rect(left + 130, y, 250, tall), self.manager, initial_text=seat.name)
            name.set_text_length_limit(NAME_LIMIT)
            colour = None
            if self.offers_colours():
                colour = UIDropDownMenu([n for n, _ in look.SEAT_COLOURS], look.SEAT_COLOURS[seat.colour][0],
                                        pygame.Rect(left + 395, y, 150, tall), self.manager)
            kind_text = next(t for t, k, lv in LEVEL_CHOICES if k == seat.kind and (k == "human" or lv == seat.level))
            kind = UIDropDownMenu([t for t, _, _ in LEVEL_CHOICES], kind_text,
                                  pygame.Rect(kind_x, y, 220, tall), self.manager)
            self.seat_rows.append((i, name, colour, kind))
            y += step
        self.swatch_x = kind_x + 230
        y += 12
        self.option_menus = {}
        self.help_lines = []
        self.bands = []
        if shown:
            self.label((left, y, 300, 32), "Options", "#heading_label")
            y += 36
            # the label and menu columns as wide as their words: the rest is for the help
            font = look.font(15)
            label_w = max(font.size(o.label)[0] for o in shown) + 16
            menu_w = min(360, max(font.size(o.label_of(c))[0] for o in shown for c in o.choices) + 64)
            help_x = left + label_w + menu_w + 14
            help_w = max(120, w - 30 - help_x)
            for option, row_h in zip(shown, self.option_heights(shown, step, help_w, top=y, bottom=h - 124)):
                self.label((left, y, label_w, tall), option.label).set_tooltip(option.help, wrap_width=TOOLTIP_WRAP)
                labels_ = [option.label_of(c) for c in option.choices]
                menu = TippedDropDown(labels_, option.label_of(self.options[option.key]),
                                      pygame.Rect(left + label_w, y, menu_w, tall), self.manager)
                menu.set_tooltip(option.help)  # the whole help, where the words beside it are cut short
                self.option_menus[menu] = option
                self.help_lines.append((option.help, pygame.Rect(help_x, y, help_w, row_h)))
                if len(self.help_lines) % 2 == 0:  # every other row on a band: whose words are whose, at a glance
                    self.bands.append(pygame.Rect(left - 8, y - 3, help_x + help_w - left + 16, row_h))
                y += row_h
        self.message_label = self.label((left, h - 118, 900, 30), self.message, "#message_label")
        self.button((left, h - 80, 200, 46), "Start", self.start, primary=True)
        self.button((left + 215, h - 80, 160, 46), "Rules", lambda: self.app.push(RulesScene(self.app, self.spec)))
        self.button((left + 390, h - 80, 160, 46), "Back", self.app.pop)

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

    @staticmethod
    def option_heights(shown, step: int, help_w: int, top: int, bottom: int) -> list[int]:
        """Each option's row height: tall enough for its help beside it with a gap under
        it (one help must not read on into the next), where the window has the room;
        else every row `step` high, its help filling it."""
        wanted = [max(step, HELP_LINE * len(look.wrap_text(o.help, HELP_PX, help_w)) + HELP_GAP) for o in shown]
        return wanted if top + sum(wanted) <= bottom else [step] * len(shown)

    def draw_scene(self, surface) -> None:
        for band in self.bands:
            surface.blit(look.tint(band.size, BAND), band.topleft)
        for help_text, box in self.help_lines:
            lines = max(1, (box.h + 4) // HELP_LINE)  # as many lines as the row holds; the tooltip has it all
            wrapped = look.wrap_text(help_text, HELP_PX, box.w, max_lines=lines)
            top = box.y + max(1, (self.seat_h - HELP_LINE * len(wrapped)) // 2)  # beside the menu's middle
            for k, line in enumerate(wrapped):
                look.text(surface, line, (box.x, top + HELP_LINE * k), HELP_PX, look.MUTED)
        if self.spec.colours_chosen_in_play:
            return  # no swatch: its colour would mean nothing
        for i, _name, _colour, _kind in self.seat_rows:
            centre = (self.swatch_x + 18, self.seat_top + self.seat_step * i + self.seat_h // 2)
            look.draw_seat_shape(surface, self.seats[i].colour, centre, min(13, self.seat_h // 2 - 2),
                                 boards.side_colour(self.spec, i, self.seats[i]))

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
        setup_memory.remember(self.app.settings, self.spec, self.players, self.seats, self.options)
        self.app.save_settings()
        match = Match(self.spec, seats, self.app.new_seed(), dict(self.options))
        start_match(self.app, match)

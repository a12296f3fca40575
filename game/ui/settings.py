"""The settings screen: window, animation, sound, side panel size, and where the files are."""
from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UIDropDownMenu, UITextBox

from .. import storage
from .scene import Scene, TippedDropDown
from .touch import at_least, large_targets

WINDOW_SIZES = (storage.MIN_WINDOW, (1024, 700), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
VOLUMES = [f"{v}%" for v in range(0, 101, 10)]


class SettingsScene(Scene):
    SPEEDS = {"off": "Off", "fast": "Fast", "normal": "Normal", "slow": "Slow"}

    def build(self) -> None:
        w, h = self.app.size
        left = (w - 560) // 2
        self.label((left, 40, 560, 44), "Settings", "#title_label")
        y = 130
        tall = at_least(36, self.app.settings)  # a row's controls (Large targets: a finger's size)
        step = max(tall + 6, min(56, (h - y - 90 - 70) // 7))  # 7 rows  # the folders' box and Back keep their room
        self.label((left, y, 260, tall), "Fullscreen (F11)")
        self.full_button = self.button((left + 280, y, 200, tall), "On" if self.app.fullscreen else "Off", self.toggle_full)
        y += step
        self.label((left, y, 260, tall), "Window size")
        current = "x".join(map(str, self.app.windowed_size))
        options = ["x".join(map(str, s)) for s in WINDOW_SIZES]
        if current not in options:
            options.append(current)
        self.size_menu = UIDropDownMenu(options, current, pygame.Rect(left + 280, y, 200, tall), self.manager)
        y += step
        self.label((left, y, 260, tall), "Animation speed")
        self.speed_menu = UIDropDownMenu(list(self.SPEEDS.values()), self.SPEEDS[self.app.settings["animation_speed"]],
                                         pygame.Rect(left + 280, y, 200, tall), self.manager)
        y += step
        self.label((left, y, 260, tall), "Sound")
        muted = self.app.settings["sound_muted"]
        mute_w = 66 if large_targets(self.app.settings) else 95  # the volume's list keeps room beside a wide scroll bar
        self.mute_button = self.button((left + 280, y, mute_w, tall), "Off" if muted else "On", self.toggle_sound,
                                       tooltip="Turn the sound effects on or off")
        self.volume_menu = UIDropDownMenu(VOLUMES, f"{self.app.settings['sound_volume'] // 10 * 10}%",
                                          pygame.Rect(left + 290 + mute_w, y, 190 - mute_w, tall), self.manager)
        y += step
        self.label((left, y, 260, tall), "Side panel size")
        self.scale_menu = TippedDropDown([f"{round(k * 100)}%" for k in storage.UI_SCALES],
                                         f"{round(self.app.settings['ui_scale'] * 100)}%",
                                         pygame.Rect(left + 280, y, 200, tall), self.manager)
        self.scale_menu.set_tooltip("The side panel's words and buttons, and a lesson's: larger to read from "
                                    "across the table")
        y += step
        self.label((left, y, 260, tall), "Large targets")
        self.large_button = self.button((left + 280, y, 200, tall), "On" if large_targets(self.app.settings) else "Off",
                                        self.toggle_large, tooltip="Every button and board place at least "
                                        "44 px each way, for fingers; on by itself at the first touch")
        y += step
        self.label((left, y, 260, tall), "Game review")
        self.review_menu = UIDropDownMenu(list(self.REVIEW_DEPTHS.values()),
                                          self.REVIEW_DEPTHS[self.app.settings["review_depth"]],
                                          pygame.Rect(left + 280, y, 130, tall), self.manager)
        self.computers_button = self.button((left + 420, y, 140, tall), self.computers_text(), self.toggle_computers,
                                            tooltip="Review the computer players' moves too, or only people's")
        y += step + 2
        # folder names can be long: a text box wraps them instead of cutting them off
        width = min(860, w - 60)
        places = (("Settings", storage.settings_path()), ("Games in progress", storage.in_progress_dir()),
                  ("Saved games", storage.saves_dir()), ("Finished games", storage.records_path()),
                  ("Log", storage.log_path()))
        rows = "<br>".join(f"{what}: {html.escape(str(where))}" for what, where in places)
        self.places_box = UITextBox(rows, pygame.Rect((w - width) // 2, y, width, max(60, min(140, h - 90 - y - 10))),
                                    self.manager)
        self.button(((w - 160) // 2, h - 80, 160, at_least(44, self.app.settings)), "Back", self.app.pop, primary=True)

    REVIEW_DEPTHS = {"quick": "Quick", "deep": "Deep"}  # the normal computer's budget, the hard one's

    def computers_text(self) -> str:
        return "+ computers" if self.app.settings["review_computers"] else "People only"

    def toggle_computers(self) -> None:
        self.app.settings["review_computers"] = not self.app.settings["review_computers"]
        self.computers_button.set_text(self.computers_text())
        self.app.save_settings()

    def toggle_large(self) -> None:
        self.app.set_large_targets(not large_targets(self.app.settings))  # every screen laid out again

    def toggle_full(self) -> None:
        self.app.set_fullscreen(not self.app.fullscreen)
        self.app.save_settings()

    def toggle_sound(self) -> None:
        muted = self.app.settings["sound_muted"] = not self.app.settings["sound_muted"]
        self.mute_button.set_text("Off" if muted else "On")
        self.app.save_settings()
        self.app.sounds.play("move")  # what it sounds like now (nothing when off)

    def on_choice(self, element, text) -> None:
        if element is self.scale_menu:
            self.app.settings["ui_scale"] = next(k for k in storage.UI_SCALES if f"{round(k * 100)}%" == text)
            self.app.dirty = True
        elif element is self.volume_menu:
            self.app.settings["sound_volume"] = int(text.rstrip("%"))
            self.app.sounds.play("move")
        elif element is self.size_menu:
            self.app.set_window_size(tuple(int(v) for v in text.split("x")))
        elif element is self.review_menu:
            self.app.settings["review_depth"] = next(k for k, v in self.REVIEW_DEPTHS.items() if v == text)
        elif element is self.speed_menu:
            self.app.settings["animation_speed"] = next(k for k, v in self.SPEEDS.items() if v == text)
        self.app.save_settings()

"""Scene base class, the pool of pygame-gui managers, and the helpers the screens share
(starting a match, panels, how saves are described)."""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIAppearanceTheme
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ..engine.match import Match
from ..keeper import GameKeeper
from ..saves import OpenElsewhere, peek
from . import look
from .boards import board_scene_class
from .focus import MOVE_KEYS, PRESS_KEYS, STOP_KEYS, FocusRing, press_button, widget_stops
from .host import ScreenHost
from .touch import fit_theme, widen_scroll_bars

# The faces HTML text boxes use beyond the theme's own (rules headings), loaded up front.
PRELOADED_FONTS = [{"name": "dejavu", "point_size": size, "style": "bold"} for size in (15, 18, 24)]


GUI_FRAME_S = 0.1  # pygame-gui's tooltips and text cursor need an update this often, not 60 a second
# Screens listing the games in progress read them again this often: another window may
# open, close (or lose) one meanwhile, and "2 minutes ago" ages
IN_PROGRESS_RECHECK_S = 2.0
TOOLTIP_WRAP = 340  # px: a tooltip of a sentence or two reads as a few lines, not a column of words
QUIET_S = 0.3  # no input this long: the person is not in the middle of something


class IdCachingTheme(UIAppearanceTheme):
    """pygame-gui's theme, with the lookup every new element makes keyed by its ids.

    pygame-gui 0.6.14 keys that lookup by a string it builds with str.join over the
    ids' printed forms, tens of kilobytes for each button; that was a quarter of the
    time it took to open a screen. The answer depends only on the ids, so it is kept here
    under the ids themselves; a new combination is still worked out by pygame-gui, whose
    own entry is let go (its key is 1-2 MB for an item of an open drop-down: the screen
    walk held 100 MB of them)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._ids_by_key: dict = {}

    def build_all_combined_ids(self, element_base_ids, element_ids, class_ids, object_ids):
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        found = self._ids_by_key.get(key)
        if found is None:
            found = super().build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids)
            self.unique_theming_ids.clear()
            self._ids_by_key[key] = found
        return found


class SharedThemeManager(pygame_gui.UIManager):
    """A UIManager that uses its pool's theme instead of loading its own, and the
    pointer the app last saw instead of asking SDL (under the dummy video driver
    SDL's pointer never follows the events tests post)."""

    def __init__(self, size, pool: "UIManagerPool"):
        self.pool = pool  # set first: UIManager.__init__ asks create_new_theme for the theme
        super().__init__(size, look.theme(), enable_live_theme_updates=False)

    def create_new_theme(self, theme_path=None):
        if self.pool.theme is None:
            theme = IdCachingTheme(self.resource_loader, self._locale)
            if theme_path is not None:
                theme.load_theme(theme_path)
            self.pool.theme = theme
        return self.pool.theme

    def _update_mouse_position(self):
        self.mouse_position = self.calculate_scaled_mouse_position(self.pool.pointer())


class UIManagerPool:
    """pygame-gui managers for the whole app, reused from scene to scene.

    Building a manager (theme, fonts, cursors) takes ~20 ms, too long for an
    overlay to open within a frame, and a manager per scene multiplies the
    fonts it loads. A scene takes a manager when it is built and gives it back,
    emptied, when it leaves; the pool holds as many as the deepest scene stack."""

    def __init__(self, pointer=pygame.mouse.get_pos):
        self.pointer = pointer  # () -> the mouse position the managers hover with
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


class TippedDropDown(UIDropDownMenu):
    """A drop-down whose tooltip (set_tooltip) shows: the mouse hovers the button that
    is its face, a new one at every opening and closing, which pygame-gui gives none.
    While the list is open the face has none: the tooltip would lie over the options."""

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        face = getattr(self.current_state, "selected_option_button", None)
        if face is None:
            return
        wanted = None if self.current_state is self.menu_states["expanded"] else self.tool_tip_text
        if face.tool_tip_text != wanted:
            face.set_tooltip(wanted, wrap_width=TOOLTIP_WRAP)
        if wanted is None and face.tool_tip is not None:
            face.tool_tip.kill()
            face.tool_tip = None


class Scene:
    """A screen with pygame-gui elements. Elements are built once, and again
    only when the window size changes."""

    background = "title_background.png"
    last_input = 0.0  # time.monotonic() of the last event the screen handled
    # A screen showing what another window may change (the games in progress) looks
    # again this often (look_again), when nobody is using it
    RECHECK_S: float | None = None
    checked_at = 0.0
    WIDGETS_AFTER_DRAWN = False  # the ring visits the places the screen draws before its widgets (a board)

    def __init__(self, app: ScreenHost):
        self.app = app
        self.manager = app.ui_managers.acquire(app.size)
        if self.manager is not None:  # (a board drawn as a rules picture has none)
            fit_theme(self.manager.ui_theme, app.settings)  # Large targets: a drop-down's items too (touch.py)
        self.actions: dict = {}
        self.choices: dict = {}  # drop-down -> what choosing in it does (text -> None)
        self.primaries: set = set()  # the primary buttons: Enter presses the one shown, if only one
        self.focus = FocusRing()
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
        self.choices = {}
        self.primaries = set()
        self.build()

    def enter(self) -> None:
        if self.manager is None:  # a scene shown again after it left
            self.manager = self.app.ui_managers.acquire(self.app.size)
            self.actions = {}
            self.choices = {}
            self.primaries = set()
            self.build()

    def leave(self) -> None:
        """The scene is off the stack: its elements go, its manager serves the next scene."""
        if self.manager is not None:
            self.actions = {}
            self.choices = {}
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
        return None

    def wake_interval(self) -> float | None:
        """How often the loop must update the scene without input, though nothing is
        due to be drawn: pygame-gui times tooltips and the text cursor's blink in its
        update, and update says when they show (see update_widgets)."""
        if self.manager is not None and (self.manager.get_hovering_any_element() or self.typing()):
            return GUI_FRAME_S
        return self.RECHECK_S

    def undisturbed(self, quiet: float = QUIET_S) -> bool:
        """Nobody is using the screen: no input for `quiet` seconds and no widget held down.
        Widgets made again under a click would lose it (its press, or its answer still queued)."""
        if time.monotonic() - self.last_input < quiet:
            return False
        return self.manager is None or not any(getattr(e, "held", False) for e in self.manager.ui_group.sprites())

    def typing(self) -> bool:
        return any(isinstance(e, UITextEntryLine) for e in self.manager.get_focus_set() or ())

    def covered(self) -> None:
        """Another screen opens over this one. An overlay shows this one under its veil
        as it stands, and its widgets get no update meanwhile: what the pointer lit here
        (a hovered Hint and its tooltip, the Menu button just clicked) would stay lit
        under the veil. It goes dark now; uncovered, pygame-gui lights what is under
        the pointer again."""
        if self.manager is None:
            return
        self.forget_widget_hover()
        for element in self.actions:
            element.update(0.0)  # the unhovered look is made here, not by on_unhovered
        self.manager.ui_group.update_visibility()  # and the killed tooltip leaves what is drawn

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
    def button(self, rect, text, action, *, primary=False, tooltip=None, enabled=True, theme_class=None,
               style=None) -> UIButton:
        """`theme_class`: a class of theme.json for another font size (the panel's UI scale);
        `style`: an object id of theme.json in place of the primary button's."""
        style = style or ("#primary_button" if primary else None)
        element = UIButton(
            pygame.Rect(rect), text, manager=self.manager, tool_tip_text=tooltip,
            object_id=ObjectID(object_id=style, class_id=theme_class) if style or theme_class else None,
        )
        if not enabled:
            element.disable()
        self.actions[element] = action
        if primary or (style and "primary" in style):
            self.primaries.add(element)
        return element

    def drop_down(self, rect, options: list, chosen: str, answer, *, style=None, theme_class=None) -> UIDropDownMenu:
        """A drop-down list; `answer(text)` when a choice is made in it (else on_choice is told)."""
        element = UIDropDownMenu(options, chosen, pygame.Rect(rect), self.manager,
                                 object_id=ObjectID(object_id=style, class_id=theme_class) if style or theme_class
                                 else None)
        self.choices[element] = answer
        return element

    def label(self, rect, text, style=None) -> UILabel:
        return UILabel(pygame.Rect(rect), text, manager=self.manager,
                       object_id=ObjectID(object_id=style) if style else None)

    # ---- events --------------------------------------------------------
    def open_drop_down(self):
        """The drop-down list open on this screen, if any."""
        return next((e for e in self.manager.get_sprite_group().sprites() if isinstance(e, UIDropDownMenu)
                     and e.current_state is e.menu_states["expanded"]), None)

    # ---- keys: the focus ring (game/ui/focus.py) -------------------------------
    def focus_stops(self) -> list:
        """Every place the ring can stand on now: the controls, and what the screen draws itself."""
        menu = self.open_drop_down()
        was = getattr(self, "_ringed_menu", None)
        if menu is not was:
            self._ringed_menu = menu
            self.focus.forget()  # a list just opened: the ring starts on its chosen option
            if menu is None and was is not None:
                self.focus.rect = was.rect.copy()  # and when it closes, the ring is back on the drop-down
        widgets = widget_stops(self)
        if self.WIDGETS_AFTER_DRAWN:
            for stop in widgets:
                stop.group = 1
        if menu is not None:
            return widgets  # an open list is all there is until it closes
        return widgets + self.drawn_stops()

    def drawn_stops(self) -> list:
        """Places the screen draws itself that a click presses (cards, rows, a board's places)."""
        return []

    def focus_start(self, stops: list):
        """The stop the ring starts on: the screen's main button if it has one, else None
        (the first in reading order)."""
        menu = self.open_drop_down()
        if menu is not None:
            chosen = menu.selected_option[0] if isinstance(menu.selected_option, tuple) else menu.selected_option
            return next((s for s in stops if s.key == ("option", chosen)), None)
        shown = [b for b in self.primaries if b.alive() and b.visible and b.is_enabled]
        if len(shown) == 1:
            return next((s for s in stops if s.key == ("button", shown[0].text, tuple(shown[0].rect.topleft))), None)
        return None

    own_keys: frozenset = frozenset()

    def keys_of_its_own(self) -> set:
        """Keys the screen answers itself, which the ring leaves alone (a replay's arrows)."""
        return set(self.own_keys)

    def main_action(self):
        """What Enter does with no ring shown: the screen's one primary button, if just one shows."""
        shown = [b for b in self.primaries if b.alive() and b.visible and b.is_enabled]
        return (lambda: press_button(shown[0])) if len(shown) == 1 else None

    def focus_key(self, event) -> bool:
        """Tab, arrows, Enter and Space for the ring; True when taken."""
        if event.key in self.keys_of_its_own():
            return False
        if self.typing():
            if event.key != pygame.K_TAB:
                return False  # the entry takes the text, Enter and the arrows
            self.manager.set_focus_set(None)
        self.focus.shown = self.app.keys_in_use  # a person on the keys goes on with them on the next screen
        if event.key in MOVE_KEYS or (event.key in PRESS_KEYS | STOP_KEYS and self.focus.shown):
            stops = self.focus_stops()
            taken = self.focus.on_key(event, stops, self.focus_start(stops))
            self.app.keys_in_use = self.focus.shown
            if taken:
                self.app.dirty = True
                return True
        if event.key in PRESS_KEYS and not self.focus.shown:
            action = self.main_action()
            if action is not None:
                action()
                return True
        return False

    def handle_event(self, event) -> None:
        self.last_input = time.monotonic()
        if event.type == pygame.KEYDOWN and self.focus_key(event):
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) and self.app.keys_in_use:
            self.app.keys_in_use = False  # the mouse or a finger took over: no ring where the keys left it
            self.app.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (menu := self.open_drop_down()):
            menu.current_state.should_transition = True  # Esc closes the open list only (at the next update)
            self.app.dirty = True
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            answer = self.choices.get(event.ui_element)
            answer(event.text) if answer is not None else self.on_choice(event.ui_element, event.text)
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

    # ---- touch (game/ui/touch.py) ----------------------------------------------
    def on_long_press(self, pos) -> None:
        """A finger rests at `pos`: hover shows what it shows there already; a screen may say more."""

    def on_pinch(self, centre_before, centre_now, factor: float) -> None:
        """Two fingers moved: their middle from `centre_before` to `centre_now`, their spread by `factor`."""

    def takes_drag(self, pos) -> bool:
        """True where a drag is the screen's own (a map pans): a finger's drag there is a mouse drag,
        elsewhere it scrolls what is under it."""
        return False

    def own_click_targets(self) -> list:
        """(what, rect) of what the screen draws itself and answers clicks on (not pygame-gui's
        elements, nor a board's hit map): the layout audit's Large targets check reads them."""
        return []

    def on_choice(self, element, text) -> None:
        pass

    def on_text(self, element, text) -> None:
        pass

    # ---- frame -------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance timers and widgets; True when what the screen shows changed."""
        changed = False
        now = time.monotonic()
        if self.RECHECK_S is not None and now - self.checked_at >= self.RECHECK_S and self.undisturbed():
            self.checked_at = now
            changed = self.look_again()
        return self.update_widgets(dt) or changed

    def look_again(self) -> bool:
        """Read again what another window may have changed (RECHECK_S); True when the
        screen now shows something else."""
        return False

    def update_widgets(self, dt: float) -> bool:
        """pygame-gui's update; True when a widget now looks different. pygame-gui
        makes a widget's new image here, not when it is enabled, disabled, hovered
        or relabelled, and its tooltips and text cursor come and go here too."""
        before = self.widgets_look()
        self.manager.update(dt)
        widen_scroll_bars(self.manager, self.app.settings)  # Large targets: a list's, if one shows (touch.py)
        after = self.widgets_look()
        return len(after) != len(before) or any(
            image is not was or rect != where for (image, rect), (was, where) in zip(after, before))

    def widgets_look(self) -> list:
        """What pygame-gui would draw: each shown element's image (a new surface
        whenever its look changes; held, so that no new one can take its id) and where."""
        return [(image, tuple(rect)) for image, rect, *_ in self.manager.ui_group.visible]

    def widgets_pending(self) -> bool:
        """True when a widget was enabled, disabled, relabelled, shown, hidden, added
        or killed since pygame-gui's last update: that shows only from its next one."""
        if self.manager.ui_group.should_update_visibility:
            return True
        for element in self.manager.ui_group.sprites():
            shape = getattr(element, "drawable_shape", None)
            if element.visible and shape is not None and shape.has_fresh_surface():
                return True
        return False

    def draw_focus(self, surface) -> None:
        """The focus ring, over everything the screen drew (the app draws it after the screen)."""
        self.focus.shown = self.app.keys_in_use
        if self.focus.shown and self.manager is not None:
            stops = self.focus_stops()
            self.focus.draw(surface, stops, self.focus_start(stops))

    def draw(self, surface) -> None:
        surface.blit(look.tiled(self.background, surface.get_size()), (0, 0))
        self.draw_scene(surface)
        self.manager.draw_ui(surface)

    def draw_scene(self, surface) -> None:
        pass

    def button_rects(self) -> dict[str, pygame.Rect]:
        """Button text -> absolute rect (tests click these)."""
        return {b.text: b.rect.copy() for b in self.actions if b.visible and b.is_enabled}


def start_match(app, match: Match, *, replace: bool = True) -> bool:
    """Show `match` on its board, kept on disk by a GameKeeper (its save at once:
    a new or loaded game is at the top of the games in progress, so the title's
    Continue never points at another game). False, with a message, when another
    window has the game open."""
    if replace:
        app.reset_to_title()  # this window lets go of the game it had first
    try:
        keeper = GameKeeper(match, app.autosaves, app.notify)
    except OpenElsewhere:
        app.notify("That game is open in another window: play it there, or close it there first.")
        return False
    scene = board_scene_class(match.spec.id)(app, match)
    scene.keeper = keeper
    app.push(scene)
    return True


def look_at_in_progress(app, path) -> None:
    """A game in progress open in another window, shown as its replay: nothing here can change it;
    the moves played there join it as they are saved."""
    try:
        match = peek(path)
    except ValueError as exc:
        app.notify(f"That game cannot be shown: {exc}")
        return
    if match is None:
        app.notify("That game is no longer there.")
        return
    app.show("replay", match, follow=path)


def panel(surface, rect, alpha=225) -> None:
    surface.blit(look.tint(tuple(rect.size), (28, 22, 18, alpha)), rect.topleft)
    pygame.draw.rect(surface, (110, 88, 64), rect, 1, border_radius=8)


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
    app.show("lesson", game_id, step)

"""The layout audit: every screen, at every window size and side-panel scale (see
game/bench/screens.py for the walk), is checked for text that overlaps other text,
leaves its box or the window, or is too small to read; for words cut short with "…"
(only a person's name may be, as a last resort); for drop-down lists that open
past the window's edge; for click targets outside the window or too small to hit; for
text that does not stand out 4.5:1 from what is behind it (3:1 if large; pygame-gui's text
boxes and entries too, each colour of their words on their own ground); and, on every
board, for colours a player must tell apart that look alike to a colour-blind eye and carry
no second cue (tests/colours.py says how both are measured). At 1280x800 the screen is
walked by Tab: the focus ring must reach every enabled control and be seen.
The walk is made twice: as the app starts, and with Large targets on (game/ui/touch.py),
where at 1280x800 and 1920x1080 every click target must be reached from every point of
a fingertip (a disc of FINGERTIP px) on its middle.

Our own text is read from what look.text recorded as it drew (look.drawn), the words drawn
on images (a card, a layer) where look.blit placed them, those in the Rules screen's pictures
and tables where its text box shows them; pygame-gui's from its managers. The walk runs once; each kind of screen is a test of its own, so a
failure names the screens, sizes and scales where it was found."""
from __future__ import annotations

import gc
import itertools
import json
import math
import re
from collections import defaultdict

import pygame
import pytest
from filelock import FileLock
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextBox, UITextEntryLine

import colours
from game.bench import screens
from game.ui import focus, look, touch

# a long walk: the full suite runs it, the quick loop leaves it out; one worker walks each
# (the usual and the Large targets walk), the others go on with other tests
pytestmark = [pytest.mark.slow]

FLOOR_PX = 12  # no text smaller
TARGET_PX = 16  # no click target smaller, at 1280x800 and 100 %
TARGET_SIZE = ((1280, 800), 1.0)
# where Large targets must be MIN_TARGET px: at the panel's own scale (a larger panel leaves the board less room)
LARGE_TARGET_SIZES = (((1280, 800), 1.0), ((1920, 1080), 1.0))


def tight(rect: pygame.Rect, size: int) -> pygame.Rect:
    """A text line's box without the font's spacing above and below (lines set one under
    another touch by their spacing, not their letters)."""
    trim = max(0, rect.h - size)
    return pygame.Rect(rect.x + 1, rect.y + trim // 2, max(0, rect.w - 2), rect.h - trim)


def gui_texts(manager):
    """(text box, text, size, element rect) of every visible pygame-gui button and label:
    the text as pygame-gui would set it, centred (buttons) or from the left (labels)."""
    out = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, (UIButton, UILabel)) or not element.visible or not element.text:
            continue
        if element.font is None:
            continue
        text = element.text
        size = element.font.point_size
        w, h = element.font.size(text)
        box = pygame.Rect(0, 0, w, h)
        if isinstance(element, UIButton):
            box.center = element.rect.center
        else:
            box.midleft = element.rect.midleft
        clip = element.get_image_clipping_rect()
        if clip is not None:  # a list's item scrolled partly out of view: only the part shown is read
            box = box.clip(clip.move(element.rect.topleft))
            if not box.w or not box.h:
                continue
        out.append((box, text, size, element.rect, element))
    return out


def click_targets(app):
    """Where the screen can be clicked: pygame-gui's buttons, drop-downs and text entries,
    and a board's hit map."""
    scene = app.scene
    rects = []
    for element in scene.manager.get_sprite_group().sprites():
        if isinstance(element, (UIButton, UIDropDownMenu, UITextEntryLine)) and element.visible:
            rect, what = element.rect, f"{type(element).__name__} {getattr(element, 'text', '')!r}"
            clip = element.get_image_clipping_rect()
            if clip is not None:  # a list's item scrolled partly out of view: the part shown ("~": scroll to it)
                rect, what = rect.clip(clip.move(rect.topleft)), "~" + what
                if not rect.w or not rect.h:
                    continue
            rects.append((what, rect))
    hits = getattr(scene, "hits", None)
    if hits is not None:
        rects += [(repr(target), hits.rect_of(target)) for target in hits.targets()]
    return rects


def open_list(scene):
    for menu in screens.drop_downs(scene):
        listing = getattr(menu.current_state, "options_selection_list", None)
        if listing is not None and menu.current_state is menu.menu_states["expanded"]:
            return listing
    return None


# words look.fit_text shortened with "…" during the walk: shortened -> whole
SHORTENED: dict[str, str] = {}


def record_shortening(fit_text):
    def recording(message, *args, **kwargs):
        out = fit_text(message, *args, **kwargs)
        if out != message:
            SHORTENED[out] = message
        return out
    return recording


def a_name(words: str, app) -> bool:
    """Words that are a person's (or the automaton's) name, with its colour in brackets or
    not: a name may be longer than any room, and is the one thing cut short as a last resort."""
    names = {"Automaton"}
    for scene in app.scenes:
        match = getattr(scene, "match", None)
        if match is not None:
            names |= {seat.name for seat in match.seats}
    return re.sub(r" \([^()]*\)$", "", words) in names


def contrast_problems(app, boxes) -> list[str]:
    """Each line of text against what is behind it on the frame (tests/colours.py)."""
    found = []
    for rect, text, size, _container, element in boxes:
        bold = isinstance(element, look.TextBox) and element.bold
        if isinstance(element, UIButton):  # its words on its own colour, as the theme has them now
            pair = colours.button_colours(element)
            seen = None if pair is None else (colours.contrast(*pair), pair[1])
            ink = pair and pair[0]
        elif isinstance(element, look.TextBox):  # (an inactive control's words need no contrast, as WCAG has it)
            seen = None if element.inactive else colours.behind_text(app.screen, element)
            ink = element.colour
        else:  # a label: see-through but for its words
            seen, ink = colours.behind_label(app.screen, element), tuple(element.text_colour)[:3]
        if seen is not None and seen[0] < colours.needed(size, bold):
            found.append(f"{text!r} {rect}: contrast {seen[0]:.2f}:1, {ink} on {seen[1]}")
    return found


def gui_box_problems(app) -> list[str]:
    """The words of pygame-gui's text boxes (each colour of them in view) and text entries
    against the ground each draws them on (tests/colours.py)."""
    found = []
    for element in app.scene.manager.get_sprite_group().sprites():
        if not element.visible or not isinstance(element, (UITextBox, UITextEntryLine)):
            continue
        if isinstance(element, UITextEntryLine):
            if not element.is_enabled or not isinstance(element.text_colour, pygame.Color):
                continue
            inks = {(tuple(element.text_colour)[:3], int(element.font.point_size))}
        else:
            inks = colours.text_box_inks(element)
        ground = colours.inner_ground(app.screen, element) if inks else None
        for ink, size in sorted(inks) if ground is not None else ():
            ratio = colours.contrast(ink, ground)
            if ratio < colours.needed(size, False):
                found.append(f"{type(element).__name__} {element.rect}: words of {size} px contrast {ratio:.2f}:1, "
                             f"{ink} on {ground}")
    return found


def colour_problems(scene) -> list[str]:
    """The board's colours a player must tell apart, without a second cue, as each kind of
    colour-blind vision sees them (tests/colours.py)."""
    groups = getattr(scene, "colour_groups", None)
    found = []
    for what, named, cue in groups() if groups is not None else ():
        if not cue:
            found += [f"{what}: {pair} look alike" for pair in colours.confused(named)]
    return found


def problems(app, size, scale, contrast=True) -> list[str]:
    window = pygame.Rect((0, 0), size)
    found = []
    listing = open_list(app.scene)
    boxes = [(b.rect, b.text, b.size, b.container, b) for b in look.drawn]
    boxes += gui_texts(app.scene.manager)
    for _rect, text, *_rest in boxes:  # a note, a rule, a result or a button's words are never cut short
        whole = SHORTENED.get(text) if text.endswith("…") else None
        if whole is not None and not a_name(whole, app):
            found.append(f"{text!r} cuts short {whole!r}")
    if listing is not None:
        # the open list hides what lies under it: only its own items are read there
        own = {item["button_element"] for item in listing.item_list}
        if listing.scroll_bar is not None:
            own |= {listing.scroll_bar.top_button, listing.scroll_bar.bottom_button}
        boxes = [b for b in boxes if not listing.rect.colliderect(b[0])
                 or not isinstance(b[4], look.TextBox) and b[4] in own]
        if not window.contains(listing.rect):
            found.append(f"the drop-down list {listing.rect} leaves the window")
    for rect, text, text_size, container, _element in boxes:
        if text_size < FLOOR_PX:
            found.append(f"{text!r} is {text_size} px")
        if not window.contains(rect):
            found.append(f"{text!r} {rect} leaves the window")
        elif container is not None and not container.contains(rect):
            found.append(f"{text!r} {rect} leaves its box {container}")
    if contrast:
        found += contrast_problems(app, boxes) + gui_box_problems(app) + colour_problems(app.scene)
    tights = [tight(b[0], b[2]) for b in boxes]
    for i, box in enumerate(tights):
        for j in box.collidelistall(tights[i + 1:]):
            other = boxes[i + 1 + j]
            if box.w and box.h and (other[0], other[1]) != (boxes[i][0], boxes[i][1]):  # not the same line twice
                found.append(f"{boxes[i][1]!r} {boxes[i][0]} overlaps {other[1]!r} {other[0]}")
    for what, rect in click_targets(app):
        if rect is None:
            continue
        if not window.contains(rect) and not window.clip(rect).size == rect.size:
            found.append(f"click target {what} {rect} leaves the window")
        if (size, scale) == TARGET_SIZE and min(rect.size) < TARGET_PX and not what.startswith("~"):
            found.append(f"click target {what} {rect} is under {TARGET_PX} px")
    return found


def ring_problems(app) -> list[str]:
    """Walk the screen by Tab: the ring must reach every enabled control and be seen where it stands."""
    scene = app.scene
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    app.keys_in_use = False
    app.step(events=[tab])  # the first Tab shows the ring where the screen starts it (and what is due is laid out)
    listing = open_list(scene)
    if listing is not None:  # an open drop-down: its options are all there is until it closes
        wanted = [(f"option {item['text']!r}", item["button_element"].rect.copy()) for item in listing.item_list
                  if item["button_element"] is not None and item["button_element"].visible]
    else:
        wanted = [(f"{type(e).__name__} {getattr(e, 'text', '')!r}", e.rect.copy())
                  for e in scene.manager.get_sprite_group().sprites()
                  if isinstance(e, (UIDropDownMenu, UITextEntryLine)) and e.visible and e.is_enabled]
        wanted += [(f"UIButton {e.text!r}", e.rect.copy()) for e in scene.actions if e.visible and e.is_enabled]
    found, reached = [], set()
    window = pygame.Rect((0, 0), app.size)
    for press in range(len(scene.focus_stops())):
        if press:
            app.step(events=[tab])
        stop = scene.focus.drawn
        if stop is None or app.scene is not scene:
            found.append("Tab shows no ring")
            break
        reached.add(tuple(stop.rect))
        if stop.round:  # the top of the circle
            top = stop.rect.centery - max(stop.rect.w, stop.rect.h) // 2 - focus.RING_WIDTH + 1
            row = [app.screen.get_at((x, top))[:3] for x in range(stop.rect.centerx - 3, stop.rect.centerx + 4)
                   if window.collidepoint(x, top)]
            seen_px = 3
        else:
            box = stop.rect.inflate(2 * (focus.RING_WIDTH + focus.RING_GAP),
                                    2 * (focus.RING_WIDTH + focus.RING_GAP)).clip(window)
            row = [app.screen.get_at((x, box.top + 1))[:3] for x in range(box.left, box.right)]
            seen_px = min(8, box.w // 3)
        if row.count(focus.RING_COLOUR) < seen_px:
            found.append(f"the ring around {stop.key} cannot be seen")
    for what, rect in wanted:
        if tuple(rect) not in reached:
            found.append(f"Tab never reaches {what} {rect}")
    app.keys_in_use = False
    app.dirty = True
    app.step(events=[])
    return found


FINGERTIP = touch.MIN_TARGET - 2  # px across: the disc a target must hold about its middle (what a
# MIN_TARGET px control holds, a pixel of rounding either side; and two places MIN_TARGET - 2 apart)


def finger_points(rect) -> list[tuple[int, int]]:
    """Pixels of a fingertip's disc (FINGERTIP px across) about the middle of `rect`: the middle and two rings."""
    x, y = rect.x + rect.w / 2, rect.y + rect.h / 2
    ring = [(math.cos(a * math.pi / 4), math.sin(a * math.pi / 4)) for a in range(8)]
    return [(math.floor(x), math.floor(y))] + [
        (math.floor(x + r * dx), math.floor(y + r * dy)) for r in (FINGERTIP / 4, FINGERTIP / 2 - 0.01)
        for dx, dy in ring]


def small_targets(app, size) -> list[str]:
    """With Large targets on: click targets that a fingertip on their middle (a disc of
    FINGERTIP px) would not reach from every point of it, or whose disc leaves the window. A board's places are checked while they can be clicked (the controller's next
    targets); what an open drop-down list covers, not (a tap there closes the list)."""
    window = pygame.Rect((0, 0), size)
    scene = app.scene
    targets = touch.Targets(scene)
    controller = getattr(scene, "controller", None)
    live = controller.next_targets() if controller is not None else set()
    lists = [e for e in scene.manager.get_sprite_group().sprites() if isinstance(e, UISelectionList) and e.visible]
    own = {item["button_element"] for listing in lists for item in listing.item_list}
    found = []
    for target in targets.all:
        if target.rect is None or (target.on_board and target.key not in live):
            continue
        if target.key not in own and any(listing.rect.colliderect(target.rect) for listing in lists):
            continue  # under a list (an open drop-down's): a tap there closes the list
        if getattr(target.key, "get_image_clipping_rect", lambda: None)() is not None:
            continue  # a list's item scrolled partly out of view: scrolled to, it is whole
        disc = pygame.Rect(0, 0, touch.MIN_TARGET, touch.MIN_TARGET)
        disc.center = target.rect.center
        if not window.contains(disc):
            found.append(f"click target {target.what} {target.rect}: its fingertip leaves the window")
            continue
        for point in finger_points(target.rect):
            reached = targets.resolve(point)
            if reached is None or reached.key != target.key:
                found.append(f"click target {target.what} {target.rect}: a tap at {point} reaches "
                             f"{reached.what if reached else 'nothing'}")
                break
    return found


def walk_and_check(large: bool) -> dict:
    """Walk every screen once: {"found": {kind or str((kind, size, scale)): [...]}, "seen": {kind: frames}}."""
    look.reset_caches()
    SHORTENED.clear()
    look.fit_text = record_shortening(fit_text := look.fit_text)
    screens.back_to_title = set_aside_after(back_to_title := screens.back_to_title)
    try:
        return _walk_and_check(large)
    finally:
        look.fit_text = fit_text
        screens.back_to_title = back_to_title


def set_aside_after(back_to_title):
    """back_to_title, then what stays for the walk (the app, its title, the caches) set aside from
    the garbage collector's rounds once the last screen's garbage is collected: the app collects
    when the rules close, and a round over all the walk had made took 150 ms, not a few. Every
    SET_ASIDE_ROUNDS screens all is looked at again (what was set aside and has gone since, a title
    laid out again, is collected then: the walk's memory stays within ~10 % of what it was)."""
    rounds = itertools.count(1)

    def and_set_aside(app):
        back_to_title(app)
        if next(rounds) % SET_ASIDE_ROUNDS == 0:
            gc.unfreeze()
        gc.collect()
        gc.freeze()
    return and_set_aside


SET_ASIDE_ROUNDS = 64


def _walk_and_check(large: bool) -> dict:
    shelf = screens.make_shelf()
    screens.write_records(shelf)
    app = screens.open_app()
    app.set_large_targets(large)
    found = defaultdict(list)  # by kind
    seen = defaultdict(int)
    # With Large targets: at every scale in the smallest window, where room is shortest; elsewhere at the
    # panel's own (larger scales draw its buttons a finger's size already, Large targets or not)
    at = (lambda size, scale: size == screens.SIZES[0] or scale == 1.0) if large else None
    for screen, name, size, scale in screens.walk(app, shelf, at):
        seen[screen.kind] += 1
        # the frame with a drop-down open is the one without it but for the list: its contrast is read once
        found_here = problems(app, size, scale, contrast="+" not in name and not large)
        if large and (size, scale) in LARGE_TARGET_SIZES:
            found_here += small_targets(app, size)
        if not large and (size, scale) == TARGET_SIZE:
            found_here += ring_problems(app)  # the keys' walk: once, with the usual targets
        for problem in found_here:
            found[screen.kind].append(
                f"{name} at {size[0]}x{size[1]}, {round(scale * 100)} %: {problem}")
    pygame.quit()
    return {"found": found, "seen": seen}


def findings(tmp_path_factory, request, large: bool):
    """The walk's findings. With pytest-xdist each worker would walk again: the first one
    to get here walks and leaves the findings in the run's shared folder for the other."""
    worker = getattr(request.config, "workerinput", None)
    folder = tmp_path_factory.getbasetemp()
    if worker is not None:
        folder = folder.parent  # shared by this run's workers
    path = folder / f"layout_audit{'_large' if large else ''}.json"
    with FileLock(str(path) + ".lock"):
        if not path.exists():
            path.write_text(json.dumps(walk_and_check(large)), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    return defaultdict(list, data["found"]), data["seen"]


@pytest.fixture(scope="module")
def audit(tmp_path_factory, request):
    return findings(tmp_path_factory, request, large=False)


@pytest.fixture(scope="module")
def large_audit(tmp_path_factory, request):
    return findings(tmp_path_factory, request, large=True)


@pytest.mark.xdist_group("layout_audit")
def test_the_walk_shows_every_kind_of_screen(audit):
    _found, seen = audit
    assert set(screens.kinds()) <= set(seen)


def report(found, kind) -> str:
    return f"{len(found[kind])} problems:\n" + "\n".join(sorted(set(found[kind]))[:60])


@pytest.mark.xdist_group("layout_audit")
@pytest.mark.parametrize("kind", screens.kinds())
def test_layout(audit, kind):
    found, _seen = audit
    assert not found[kind], report(found, kind)


@pytest.mark.xdist_group("layout_audit_large")
@pytest.mark.parametrize("kind", screens.kinds())
def test_layout_with_large_targets(large_audit, kind):
    """Every screen with Large targets on: everything fits as before, at every size and
    scale, and every click target is a finger's size at 1280x800 and 1920x1080."""
    found, _seen = large_audit
    assert not found[kind], report(found, kind)


def test_text_records_its_box_where_it_lands_on_the_window():
    """look.text notes each line drawn on the window (or a part of it) with the box it belongs
    in; the words drawn on an image (a layer drawn once, a card face) are noted where look.blit
    places the image, every time (those its edge cuts are not read), and with an image placed on
    another image they go along."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((320, 200))
    look.drawn.clear()
    with look.within((10, 10, 200, 100)):
        look.text(screen, "on the window", (20, 20), 14)
        look.text(screen.subsurface((100, 50, 100, 100)), "on a part", (5, 5), 13, (1, 2, 3), bold=True)
    layer = pygame.Surface((320, 200), pygame.SRCALPHA)
    with look.within((0, 0, 300, 190)):
        look.text(layer, "on a layer", (0, 0), 12)
    card = pygame.Surface((80, 20))
    look.text(card, "on a card", (2, 3), 12)
    look.text(card, "cut by its edge", (40, 3), 12)  # not whole where the card is seen: not read
    assert [(t.text, t.size, t.container) for t in look.drawn] == [
        ("on the window", 14, pygame.Rect(10, 10, 200, 100)), ("on a part", 13, pygame.Rect(10, 10, 200, 100))]
    assert look.drawn[1].rect.topleft == (105, 55) and look.drawn[1].colour == (1, 2, 3) and look.drawn[1].bold
    look.drawn.clear()
    for _frame in range(2):  # a layer drawn once is read at each frame that shows it
        look.blit(screen, layer, (0, 0))
    with look.within((40, 40, 100, 100)):
        look.blit(screen, card, (50, 60))
    look.blit(layer, card, (100, 100))  # a card on the layer: on the window with it
    look.blit(screen, layer, (0, 0))
    assert [(t.text, t.rect.topleft, t.container) for t in look.drawn] == [
        ("on a layer", (0, 0), pygame.Rect(0, 0, 300, 190)), ("on a layer", (0, 0), pygame.Rect(0, 0, 300, 190)),
        ("on a card", (52, 63), pygame.Rect(40, 40, 100, 100)),
        ("on a layer", (0, 0), pygame.Rect(0, 0, 300, 190)), ("on a card", (102, 103), None)]
    pygame.quit()

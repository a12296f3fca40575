"""Scrubbudgetel played through the real app with synthetic mouse and key events only."""
from __future__ import annotations

import math
import random

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.games.scrubbudgetel.icons import marker_centre
from game.games.scrubbudgetel.geometry import RADIUS, on_table, tri_centre, tri_neighbours
from game.games.scrubbudgetel.rules import COLOURS, MARKERS
from game.games.scrubbudgetel.board_screen import FIT_MAX, ScrubScene
from game.ui.results import ResultsScene
from game.ui import look
from game.ui.scene import start_match

from uikit import (
    look_at_board,
    choose, click, click_button, click_target, key, open_setup, play_move, pump, run_until, screenshot,
    seat_kind_menu, title_app,
)

SPEC = shelf.GAMES["scrubbudgetel"]


@pytest.fixture
def app():
    yield from title_app()


def lay(app, board, move) -> None:
    """Click the marker in the stash and its place on the map (choosing a marker
    brings its places into view): exactly `move` is played."""
    if move.code != "CV":
        play_move(app, board, move)
        return
    # the Cave ends the game: it asks for a second click on its place
    click_target(app, ("stash", move.code))
    click_target(app, ("at", move.triangles))
    assert not board.match.state.is_over and "ends the game" in board.controller.message
    screenshot(app, "scrubbudgetel-cave-confirm")
    click_target(app, ("at", move.triangles))
    assert board.match.state.history[-1] == move


def click_sand(app, board, tri) -> None:
    """Click the middle of the island's triangle `tri`, panning to it first if need be."""
    centre = tri_centre(tri)
    if not board.map_rect.inflate(-80, -80).collidepoint(board.camera.to_screen(centre)):
        board.camera.set(centre)
        pump(app)
    click(app, board.camera.to_screen(centre))


def lay_some(app, board, rng, count) -> None:
    """Lay `count` random markers by mouse, never the Cave (the game goes on)."""
    for _ in range(count):
        lay(app, board, rng.choice([m for m in board.match.state.legal_moves() if m.code != "CV"]))


def start(app, players=2, seed=4) -> ScrubScene:
    seats = [Seat(f"Player {i + 1}", i) for i in range(players)]
    start_match(app, Match(SPEC, seats, seed))
    board = app.scene
    assert isinstance(board, ScrubScene)
    pump(app)
    return board


def settle(app, board) -> None:
    """Let the drop animation, the camera and the die come to rest (for screenshots)."""
    run_until(app, lambda: not board.anims and not board.camera.gliding and not board.tumbling(), timeout=5)


def drag(app, a, b) -> None:
    """Press at a, move to b in steps, release at b."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    pump(app, 1)
    for k in range(1, 5):
        p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    pump(app, 2)


@pytest.mark.slow
def test_a_whole_three_player_game_by_mouse(app):
    setup = open_setup(app, "scrubbudgetel")
    choose(app, setup.count_menu, "3")
    setup = app.scene
    choose(app, seat_kind_menu(setup, 1), "Human")
    choose(app, seat_kind_menu(setup, 2), "Human")
    click_button(app, "Start")
    board = app.scene
    assert isinstance(board, ScrubScene)
    assert [s.kind for s in board.match.seats] == ["human"] * 3
    rng = random.Random(5)
    shots = {"small", "selected", "large"}
    for _ in range(600):
        state = board.match.state
        if state.is_over:
            break
        n = len(state.markers)
        moves = state.legal_moves()
        if n < 70:  # keep the Treasure Cave back until the map is large
            moves = [m for m in moves if m.code != "CV"] or moves
        else:
            moves = [m for m in moves if m.code == "CV"] or moves
        move = rng.choice(moves)
        if "small" in shots and n >= 6:
            shots.discard("small")
            settle(app, board)
            screenshot(app, "scrubbudgetel-small-map")
        if "selected" in shots and n >= 25 and MARKERS[move.code].family in ("trail", "obstacle"):
            candidates = [m for m in state.legal_moves() if m.code == move.code]
            if len(candidates) >= 6:
                shots.discard("selected")
                settle(app, board)
                click_target(app, ("stash", move.code))
                # glowing places for every candidate, and a preview under the mouse
                assert {("at", m.triangles) for m in candidates} == board.controller.next_targets()
                pos = board.target_rect(("at", move.triangles)).center
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                pump(app)
                assert board.controller.highlights().hover == ("at", move.triangles)
                screenshot(app, "scrubbudgetel-selected")
                click_target(app, ("at", move.triangles))
                assert board.match.state.history[-1] == move
                continue
        if "large" in shots and n >= 70:
            shots.discard("large")
            key(app, pygame.K_f)
            settle(app, board)
            screenshot(app, "scrubbudgetel-large-map")
        lay(app, board, move)
    else:
        raise AssertionError("the game did not end")
    assert not shots, f"screenshots not taken: {shots}"
    state = board.match.state
    assert state.is_over and state.outcome.winners
    assert len(state.markers) >= 70
    run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
    screenshot(app, "scrubbudgetel-results")
    assert "haul" in board.score_breakdown(0)
    look_at_board(app, board)
    screenshot(app, "scrubbudgetel-end-board")


@pytest.mark.slow
def test_b_an_illegal_click_explains_the_rule(app):
    board = start(app, seed=4)
    state = board.match.state
    trail = next(m for m in state.legal_moves() if MARKERS[m.code].family == "trail")
    click_target(app, ("stash", trail.code))
    # far from everything: markers are laid edge to edge
    click_sand(app, board, (6, 3, 0))
    assert "edge to edge" in board.controller.message
    # the refusal is the fault of a move the click would have made there
    meant = state.meant_moves(trail.code, ("tri", (6, 3, 0)))
    assert board.controller.message in {board.named(state.fault(m)) for m in meant}
    assert board.match.state.history == []
    screenshot(app, "scrubbudgetel-refused")
    assert board.controller.prefix == (("stash", trail.code),), "a refused place keeps the marker chosen"
    # an Obstacle where the rules keep it off: the refusal names the rule
    rng = random.Random(1)
    for _ in range(200):
        state = board.match.state
        obstacles = [m for m in state.legal_moves() if MARKERS[m.code].family == "obstacle"]
        if obstacles:
            break
        lay(app, board, rng.choice([m for m in state.legal_moves() if m.code != "CV"] or state.legal_moves()))
    else:
        raise AssertionError("no obstacle came up")
    code = obstacles[0].code
    spots = {t for m in obstacles for t in m.triangles}
    free = sorted({n for t in state.cells for n in tri_neighbours(t)
                   if n not in state.cells and n not in spots and on_table(n)})
    n = len(state.history)
    click_target(app, ("stash", code))
    refused = None
    for tri in free:
        click_sand(app, board, tri)
        assert len(board.match.state.history) == n, "a refused click played a move"
        if "rule" in board.controller.message:
            refused = board.controller.message
            break
    assert refused, board.controller.message
    assert board.controller.prefix == (("stash", code),)


@pytest.mark.slow
def test_c_drag_pans_wheel_zooms_and_f_fits(app):
    board = start(app, seed=4)
    lay_some(app, board, random.Random(2), 8)
    state = board.match.state
    move = state.legal_moves()[0]
    click_target(app, ("stash", move.code))
    n = len(state.history)
    # a drag that starts on a legal place pans the map and plays nothing
    a = board.target_rect(("at", move.triangles)).center
    board.camera.finish_glide()
    cam, scale = board.camera.offset, board.camera.zoom
    b = (a[0] - 120, a[1] + 40)
    drag(app, a, b)
    assert len(board.match.state.history) == n
    assert board.controller.prefix == (("stash", move.code),)
    assert math.isclose(board.camera.offset[0] - cam[0], 120 / scale, abs_tol=1e-6)
    assert math.isclose(board.camera.offset[1] - cam[1], 40 / scale, abs_tol=1e-6)
    # the place moved with the map: it is still under its own centre
    assert board.target_at(board.target_rect(("at", move.triangles)).center) == ("at", move.triangles)
    # the wheel zooms around the mouse: the plane point under it stays put
    pos = board.map_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    under = board.camera.to_world(pos)
    before = board.camera.zoom
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0,
                                         flipped=False, touch=False))
    pump(app, 2)
    assert board.camera.zoom < before
    after = board.camera.to_world(pos)
    assert math.dist(under, after) < 1e-6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0,
                                         flipped=False, touch=False))
    pump(app, 2)
    assert board.camera.zoom > before
    screenshot(app, "scrubbudgetel-zoomed")
    # F glides back to the fitted view of the whole map
    key(app, pygame.K_f)
    run_until(app, lambda: not board.camera.gliding, timeout=5)
    fit_cam, fit_scale = board.fit_target()
    assert math.isclose(board.camera.zoom, fit_scale) and math.dist(board.camera.offset, fit_cam) < 1e-6
    for m in board.match.state.markers:
        assert board.map_rect.collidepoint(board.camera.to_screen(marker_centre(m.triangles)))
    # so does the Fit button
    board.camera.zoom_at(pos, 2.0)
    click_button(app, "Fit")
    run_until(app, lambda: not board.camera.gliding, timeout=5)
    assert math.isclose(board.camera.zoom, fit_scale)
    # the chosen marker is still chosen, and its place still plays it: a press and
    # release that moves only a few pixels is a click, not a drag
    spot = board.target_rect(("at", move.triangles)).center
    drag(app, spot, (spot[0] + 3, spot[1] + 2))
    assert board.match.state.history[-1] == move
    assert len(board.match.state.history) == n + 1


@pytest.mark.slow
def test_d_the_view_follows_the_trail_end(app):
    board = start(app, seed=4)
    lay_some(app, board, random.Random(3), 6)
    state = board.match.state
    trails = [m for m in state.legal_moves() if MARKERS[m.code].family == "trail"]
    move = trails[0] if trails else state.legal_moves()[0]
    board.zoom_by_hand(board.map_rect.center, 1.6)  # closer than the whole map: the newest markers are followed
    click_target(app, ("stash", move.code))
    # pan so that the place lies near the right edge of the map, still clickable
    a = board.target_rect(("at", move.triangles)).center
    safe = board.map_rect.inflate(-80, -90)
    b = (safe.right - 6, safe.centery)
    drag(app, a, b)
    spot = board.target_rect(("at", move.triangles)).center
    assert abs(spot[0] - b[0]) <= 1 and abs(spot[1] - b[1]) <= 1, "the place did not move with the map"
    cam = board.camera.offset
    click(app, spot)
    assert board.match.state.history[-1] == move
    assert board.camera.gliding, "the camera did not set off after the trail"
    settle(app, board)
    assert math.dist(board.camera.offset, cam) > 1.0
    laid = board.camera.to_screen(marker_centre(move.triangles))
    inner = board.map_rect.inflate(-board.map_rect.w // 4, -board.map_rect.h // 4)
    assert inner.collidepoint(laid)
    screenshot(app, "scrubbudgetel-followed")


def test_d_a_map_that_still_fits_is_followed_whole(app):
    board = start(app, seed=4)
    rng = random.Random(3)
    while board.fit_target()[1] > 0.8 * FIT_MAX:  # a map too big for the closest fitting zoom
        lay_some(app, board, rng, 1)
    assert not board.match.state.is_over
    state = board.match.state
    move = state.legal_moves()[0]
    board.camera.set(marker_centre(move.triangles), FIT_MAX)  # as close as a fit shows a small map
    click_target(app, ("stash", move.code))
    # the map panned so that the place lies near the left edge of the view
    a = board.target_rect(("at", move.triangles)).center
    safe = board.map_rect.inflate(-80, -90)
    drag(app, a, (safe.x + 6, safe.centery))
    click(app, board.target_rect(("at", move.triangles)).center)
    assert board.match.state.history[-1] == move
    settle(app, board)
    assert math.isclose(board.camera.zoom, board.fit_target()[1])  # as F would show it, with no key pressed
    for m in state.markers:
        assert board.map_rect.collidepoint(board.camera.to_screen(marker_centre(m.triangles)))


def test_d_the_map_as_it_grows_stays_in_view_until_the_end(app):
    """The map grows marker by marker, often past the zoom at which the whole of it was
    followed before: it drifted out of view until F was pressed. Now every marker stays in
    view, move after move, to the end of a three-player game in a 1280x800 window."""
    app.settings["animation_speed"] = "off"
    board = start(app, players=3, seed=3)
    rng = random.Random(3)
    while not board.match.state.is_over:
        board.controller.play(rng.choice(board.match.state.legal_moves()))
        board.camera.finish_glide()
        for m in board.match.state.markers:
            assert board.map_rect.collidepoint(board.camera.to_screen(marker_centre(m.triangles)))
    assert len(board.match.state.markers) > 100


def test_e_the_log_tells_each_turn_in_order(app):
    """Rolls, draws and missed turns sit in the log between the markers laid, each
    under the player it concerns: who rolled what, then what they laid."""
    board = start(app, players=2, seed=6)
    rng = random.Random(2)
    first_turn = board.match.state.turn
    while board.match.state.turn < first_turn + 3 and not board.match.state.is_over:
        lay_some(app, board, rng, 1)
    log = board.log.entries
    assert "Captain" in " ".join(text for _s, text in log[:3])  # the set-up comes first
    names = [seat.name for seat in board.match.seats]
    roller = None
    for seat, text in log:
        assert seat is not None and text.startswith(names[seat]), text
        if " rolls " in text and ": lay " in text:
            roller = seat
        elif " lays the " in text:
            assert seat == roller, f"{text!r} comes after another player's roll"
    assert sum(" lays the " in text for _s, text in log) == len(board.match.state.history)
    # a log rebuilt from the saved moves (after undo or loading) is the same
    assert board.log_of_record() == log
    settle(app, board)
    screenshot(app, "scrubbudgetel-log-by-turn")


@pytest.mark.slow
def test_f_a_move_adds_its_markers_to_the_kept_map_exactly_as_a_full_redraw_would(app):
    """The map keeps the markers already drawn and adds a move's markers (the
    spot redrawn from the island up): the picture is that of drawing it all again."""
    board = start(app, players=3, seed=9)
    rng = random.Random(3)
    for _ in range(60):
        state = board.match.state
        if state.is_over:
            break
        board.controller.play(rng.choice(state.legal_moves()))
        board.finish_animations()
        board.camera.finish_glide()
        kept = board.painter.render(board.match.state, set(), set())
        board.painter.forget_kept()  # draw everything again
        whole = board.painter.render(board.match.state, set(), set())
        # anti-aliased edges drawn within a clip may round one step differently: nothing more
        assert largest_difference(kept, whole) <= 3, \
            f"the map differs after {len(state.history)} moves: {diff_box(kept, whole)}"
    assert len(board.match.state.markers) > 10


def diff_box(a, b):
    """The pixels where two surfaces differ: their count and bounding box."""
    w, h = a.get_size()
    ra, rb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    spots = [(k // 3 % w, k // 3 // w) for k in range(0, len(ra), 3) if ra[k:k + 3] != rb[k:k + 3]]
    if not spots:
        return "none"
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    return f"{len(spots)} pixels in x {min(xs)}-{max(xs)}, y {min(ys)}-{max(ys)}"


def largest_difference(a, b) -> int:
    """The largest difference of any colour channel at any pixel of two surfaces."""
    ra, rb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    if ra == rb:
        return 0
    row = a.get_width() * 3  # only the rows that differ are compared byte by byte
    return max(max(abs(x - y) for x, y in zip(ra[i:i + row], rb[i:i + row]))
               for i in range(0, len(ra), row) if ra[i:i + row] != rb[i:i + row])


def test_g_choosing_a_marker_shows_every_place_it_may_go(app):
    board = start(app, seed=4)
    lay_some(app, board, random.Random(4), 12)
    state = board.match.state
    move = state.legal_moves()[0]
    places = {m.triangles for m in state.legal_moves() if m.code == move.code}
    board.camera.set((RADIUS, 0), 110)  # far off at the island's edge, close up
    pump(app)
    assert not any(board.map_rect.collidepoint(board.camera.to_screen(marker_centre(t))) for t in places)
    click_target(app, ("stash", move.code))
    for tris in places:  # each is in view and clickable where it is drawn
        rect = board.target_rect(("at", tris))
        assert rect is not None and board.map_rect.contains(rect), tris
        assert board.target_at(rect.center) == ("at", tris)
    screenshot(app, "scrubbudgetel-places-shown")
    play_move(app, board, move)


def test_h_the_tray_says_what_the_stash_costs_and_why_scores_start_below_zero(app, monkeypatch):
    from game.games.scrubbudgetel import board_screen as module
    start_match(app, Match(SPEC, [Seat("Ann", 0), Seat("Bob", 1)], 29))
    pump(app)
    board = app.scene
    state = board.match.state
    seat = board.active_seat()
    left, cost = len(state.stashes[seat]), state.stash_cost(seat)
    assert left != cost, "a position where the count and the cost differ"
    texts = []
    text = module.look.text

    def record(surface, message, *args, **kwargs):
        box = text(surface, message, *args, **kwargs)
        texts.append(message)
        return box

    monkeypatch.setattr(module.look, "text", record)
    app.dirty = True
    app.step()
    # "stash 11" beside "5 in your stash" read as two stashes: the count line says what the 11 is
    assert f"{left} markers cost {cost}" in texts
    texts.clear()
    click(app, board.sums_boxes[seat].center, button=3)  # hover there (a right-click does nothing here)
    app.dirty = True
    app.step()
    explained = [t for t in texts if t.startswith("If the game ended now")]
    assert explained and f"= {state.haul[seat] - cost}" in explained[0]
    screenshot(app, "scrubbudgetel-score-explained")


def test_the_panel_says_what_each_stash_still_costs_and_who_holds_the_cave(app):
    """The scores count the stashes as if the game ended now: a leader may still hold many
    markers, and the Cave's holder may end the game when it suits them. Under the scores the
    panel says what each stash costs and who holds the Treasure Cave."""
    from game.games.scrubbudgetel.rules import CAVE

    match = Match(SPEC, [Seat(f"Player {i + 1}", i) for i in range(3)], 3)
    rng = random.Random(3)
    while not any(CAVE in stash for stash in match.state.stashes):
        match.play(rng.choice(match.state.legal_moves()))
    holder = next(seat for seat, stash in enumerate(match.state.stashes) if CAVE in stash)
    start_match(app, match)
    pump(app)
    board = app.scene
    note = " ".join(box.text for box in look.drawn if board.panel.rect.contains(box.rect)
                    and box.rect.y < board.log.rect.y)
    state = match.state
    for seat, colour in enumerate(COLOURS[:3]):
        assert f"{colour} {state.stash_cost(seat)}" in note
    assert f"{COLOURS[holder]} holds the Treasure Cave." in note or f"Cave: {COLOURS[holder]}." in note
    screenshot(app, "scrubbudgetel-stash-note")


def test_a_stash_chips_name_shows_above_it_not_over_its_count(app):
    """Hovering a marker in the stash names it; the name used to cover the chip's "×1"."""
    board = start(app, players=2, seed=4)
    chips = board.chip_rects()
    (seat, code), rect = next(iter(chips.items()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    name = MARKERS[code].name
    tip = next(box.rect for box in look.drawn if box.text.startswith(f"{name}:"))
    counts = [box.rect for box in look.drawn if box.text.startswith("×") and rect.colliderect(box.rect)]
    assert counts and not any(tip.colliderect(count) for count in counts)
    assert tip.bottom <= rect.top


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_the_caves_confirmation_is_said_whole_at_200_percent(app, size):
    """Laying the Treasure Cave ends the game: its first click asks for a second. At 200 % the
    panel's message was cut ("…right-click ca…"); it is said whole."""
    from game.games.scrubbudgetel.rules import CAVE

    app.set_window_size(size)
    app.settings["ui_scale"] = 2.0
    match = Match(SPEC, [Seat(f"Player {i + 1}", i) for i in range(4)], 3)
    rng = random.Random(3)
    while not any(m.code == CAVE for m in match.state.legal_moves()):
        match.play(rng.choice(match.state.legal_moves()))
    start_match(app, match)
    board = app.scene
    pump(app)
    cave = next(m for m in match.state.legal_moves() if m.code == CAVE)
    click_target(app, cave.targets[0])
    click_target(app, cave.targets[1])
    message = board.controller.message
    assert "click again to confirm" in message and not match.state.is_over
    app.dirty = True
    app.step()
    said = " ".join(box.text for box in look.drawn if board.panel.rect.contains(box.rect)
                    and box.rect.y < board.log.rect.y)
    assert message in said


def test_the_letters_on_the_maps_trails_are_read_where_they_are_seen(app):
    """The map is drawn once onto a layer kept from move to move; the letters on the trails of
    colours nobody plays are read by the layout audit where the map shows them, 12 px or more."""
    match = Match(SPEC, [Seat(f"Player {i + 1}", i) for i in range(2)], 3)  # Yellow and Blue: nobody's
    rng = random.Random(3)
    neutral = {code for code in MARKERS if MARKERS[code].family == "trail" and MARKERS[code].colour in (2, 3)}
    while not any(m.code in neutral for m in match.state.markers):
        match.play(rng.choice(match.state.legal_moves()))
    start_match(app, match)
    board = app.scene
    pump(app)
    board.zoom_by_hand(board.map_rect.center, 2.5)  # close enough for the letters
    for _frame in range(2):  # the kept map is read again at the next frame
        app.dirty = True
        app.step()
        letters = [box for box in look.drawn if box.text in ("Y", "B") and board.map_rect.contains(box.rect)]
        assert letters and min(box.size for box in letters) >= look.SMALLEST_TEXT

"""What a player sees and clicks on the games' boards, checked where it went wrong once:
drawings that spill out of their place, hit areas that point at the wrong thing."""
from __future__ import annotations

import pygame
import pytest

from game import lessons
from game import shelf
from game.engine.match import Match, Seat
from game.ui.lesson import open_lesson
from game.ui.menus import HandOffScene
from game.ui.scene import start_match
from game.ui.title import TitleScene

from uikit import click_button, click_target, make_app, play_move, pump, screenshot


@pytest.fixture
def small_app():
    app = make_app((960, 640))
    app.settings["animation_speed"] = "off"
    app.push(TitleScene(app))
    pump(app)
    yield app
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh_progress():
    lessons.progress_path().unlink(missing_ok=True)


def skyrunner_boards(app):
    """SkyRunner's five players at 960x640: in a game, and on a lesson's smaller board."""
    seats = [Seat(name, i) for i, name in enumerate(["Ann", "Bob", "Cee", "Dee", "Eve"])]
    start_match(app, Match(shelf.GAMES["skyrunner"], seats, 9))
    pump(app)
    if isinstance(app.scene, HandOffScene):
        click_button(app, "I am Ann: show my view")
    yield "game"
    open_lesson(app, "skyrunner", 0)
    pump(app)
    yield "lesson"


def test_skyrunner_plaques_keep_their_number_chips_inside_at_960x640(small_app):
    app = small_app
    for where in skyrunner_boards(app):
        board = app.scene
        screenshot(app, f"skyrunner-plaques-960-{where}")
        for seat, plaque in enumerate(board.plaques):
            chips = board.chip_rects(plaque)
            slot = board.slot_rect(plaque)
            assert plaque.contains(slot), f"{where}: seat {seat}'s card slot"
            for chip in chips:
                assert plaque.contains(chip) and not chip.colliderect(slot), f"{where}: seat {seat}'s chips"
            assert all(a.right <= b.x for a, b in zip(chips, chips[1:])), f"{where}: chips overlap"
            # nothing in the seat's colour is painted below its plaque, in the gap or on the next
            # plaque (the chips once were), nor on the hand under the last one
            below = board.plaques[seat + 1].bottom if seat + 1 < len(board.plaques) else board.hand_rect.top
            colour = board.seat_rgb(seat)
            for y in range(plaque.bottom, below):
                for x in range(plaque.x, plaque.right):
                    assert tuple(app.screen.get_at((x, y)))[:3] != colour, \
                        f"{where}: seat {seat}'s plaque spills below itself at {(x, y)}"


def show_my_view(app):
    pump(app)
    if isinstance(app.scene, HandOffScene):
        click_button(app, f"I am {app.scene.name}: show my view")
    return app.scene


def test_skyrunner_top_square_is_clicked_below_the_roof_at_960x640(small_app):
    """The roof's click area once reached down over the top wall's last square: a climb
    to square 36 went to the roof."""
    app = small_app
    spec = shelf.GAMES["skyrunner"]
    start_match(app, Match(spec, [Seat("Ann", 0), Seat("Bob", 1)], 6))
    board = show_my_view(app)
    state = board.match.state
    state.open = "E"
    state.pos[0], state.hand[0] = [33, 0], ["C4", "E"]  # the roof, or square 36 keeping the equipment
    board.controller._cache_key = None  # the position set up by hand is drawn again
    app.dirty = True
    pump(app)
    play_move(app, board, spec.parse_move(state, "C4"))
    board = show_my_view(app)
    play_move(app, board, spec.parse_move(state, "N1"))
    board = show_my_view(app)
    assert state.phase == "route" and ("square", 36, 0) in board.controller.next_targets()
    squares = [t for t in board.hits.targets() if t[0] == "square"]
    assert len(squares) > 36
    for target in squares:  # every square of the wall, and the roof, is hit at its centre
        assert board.target_at(board.target_rect(target).center) == target
    play_move(app, board, spec.parse_move(state, "to 36 g1"))
    assert state.pos[0] == [36, 0]


def test_scrubbudgetel_stash_of_many_kinds_stays_in_its_row_at_960x640(small_app):
    """Ten kinds of marker in a stash: every chip inside its row, none over another, and the
    last one still clicked where it is drawn (the chips once ran past the tray's edge)."""
    app = small_app
    seats = [Seat(name, i) for i, name in enumerate(["Ann", "Bob", "Cee"])]
    start_match(app, Match(shelf.GAMES["scrubbudgetel"], seats, 4))
    board = app.scene
    pump(app)
    state = board.match.state
    kinds = ["TW", "TR", "TB", "TY", "JN", "BW", "KR", "PB", "VY", "WF"]
    for seat in range(3):
        state.stashes[seat] = list(kinds) + kinds[:3]
    board.controller._cache_key = None  # the stashes set up by hand are drawn again
    app.dirty = True
    pump(app)
    screenshot(app, "scrubbudgetel-many-kinds-960")
    chips = board.chip_rects()
    for seat, row in enumerate(board.row_rects()):
        mine = sorted((chips[(seat, code)] for code in kinds), key=lambda r: r.x)
        assert len(mine) == len(kinds)
        assert all(row.contains(r) for r in mine), f"seat {seat}'s chips run past the row {row}"
        assert all(a.right < b.x for a, b in zip(mine, mine[1:])), f"seat {seat}'s chips overlap"
    seat = state.to_move
    for code in kinds:
        assert board.target_at(chips[(seat, code)].center) == ("stash", code)


def test_hit_map_polygon_clipped_to_a_rect():
    from game.ui.hitmap import HitMap

    hits = HitMap()
    square = [(0, 0), (100, 0), (100, 100), (0, 100)]
    hits.polygon("half", square, clip=pygame.Rect(0, 0, 100, 50))
    hits.polygon("gone", [(x, y + 200) for x, y in square], clip=pygame.Rect(0, 0, 100, 50))
    assert hits.at((50, 20)) == "half" and hits.at((50, 70)) is None
    assert hits.rect_of("half") == pygame.Rect(0, 0, 100, 50) and hits.rect_of("gone") is None


def test_scrubbudgetel_place_half_out_of_the_map_is_not_clicked_beside_it(small_app):
    """Zoomed in, a place the chosen marker may go lies half under the tray: it is clicked
    on the map only, never through the tray or the gap above it."""
    app = small_app
    start_match(app, Match(shelf.GAMES["scrubbudgetel"], [Seat("Ann", 0), Seat("Bob", 1)], 4))
    board = app.scene
    pump(app)
    move = next(m for m in board.match.state.legal_moves() if m.code != "CV")

    click_target(app, move.targets[0])
    m = board.map_rect
    # zoomed in, the place just above the map's bottom edge: its lower part is under the tray
    from game.games.scrubbudgetel.icons import marker_centre

    board.camera.set(marker_centre(move.triangles), board.camera.zoom * 3)
    board.camera.pan(0, m.h / 2 - 6)
    app.dirty = True
    pump(app)
    assert m.bottom - 12 < board.camera.to_screen(marker_centre(move.triangles))[1] < m.bottom
    places = [t for t in board.hits.targets() if t[0] == "at"]
    assert places
    for target in places:
        assert m.contains(board.target_rect(target))
    for y in range(m.bottom, board.strip_rect.bottom):
        for x in range(m.x, m.right, 3):
            found = board.target_at((x, y))
            assert found is None or found[0] != "at", f"a map place is clicked at {(x, y)}, off the map"


def test_scurry_tile_counts_sit_under_the_board_not_on_it(small_app):
    """The line of tile counts under the board once lay over the board's bottom rim and its
    column numbers where the board is short (a lesson's board at 960x640)."""
    from game.games.scurry.board_screen import RIM

    app = small_app
    start_match(app, Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 3))
    pump(app)
    boards = [app.scene]
    open_lesson(app, "scurry", 3)
    pump(app)
    boards.append(app.scene)
    for board in boards:
        rim = board.match.state.size - 1 + RIM
        bottom = max(board.to_pixel(rim * dq, rim * dr)[1] for dq, dr in ((0, 1), (-1, 1)))
        legend_top = board.board_rect.bottom - board.legend_h + 2  # the tile and its words, 26 pixels high
        assert bottom < legend_top, f"the board reaches down to {bottom}, the legend starts at {legend_top}"
    screenshot(app, "scurry-lesson-legend-960")


@pytest.mark.slow
def test_esc_with_a_drop_down_open_closes_only_the_drop_down():
    from game.ui.menus import MenuScene
    from game.ui.settings import SettingsScene
    from uikit import click, key, open_setup, open_title

    app = open_title()
    open_setup(app, "scurry")
    click_button(app, "Start")
    click_button(app, "Menu")
    click_button(app, "Settings")
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    menu = settings.volume_menu
    click(app, menu.rect.center)
    assert menu.current_state is menu.menu_states["expanded"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is settings, "Esc closed the whole Settings screen"
    assert menu.current_state is menu.menu_states["closed"]
    screenshot(app, "settings-esc-closed-the-list")
    key(app, pygame.K_ESCAPE)  # the next Esc goes back, to the menu
    assert isinstance(app.scene, MenuScene)
    pygame.quit()


@pytest.mark.parametrize("size", [(960, 640), (1280, 800)])
def test_each_options_help_ends_before_the_next_one_begins(size):
    """An option's words beside its menu used to run on into the next option's, read as
    one paragraph; where the window has room, a gap now parts them, and where rows lie
    close (five players at 960x640) every other row is shaded."""
    from game.ui import look
    from game.ui.setup import SetupScene

    app = make_app(size)
    app.push(TitleScene(app))
    checked = 0
    for spec in shelf.GAMES.values():
        for players in range(spec.min_players, spec.max_players + 1):
            scene = SetupScene(app, spec)
            scene.players = players
            scene.rebuild()
            app.push(scene)
            surface = pygame.display.get_surface()
            with look.captured() as lines:
                scene.draw_scene(surface)
            helps = [[line.rect for line in lines if line.text in look.wrap_text(text, 12, box.w)
                      and box.left == line.rect.left and box.top <= line.rect.top < box.bottom]
                     for text, box in scene.help_lines]
            assert all(helps), "every help is drawn, starting in its row"
            banded = [any(band.collidepoint(box.topleft) for band in scene.bands) for _text, box in scene.help_lines]
            for k, (above, below) in enumerate(zip(helps, helps[1:])):
                gap = min(r.top for r in below) - max(r.bottom for r in above)
                roomy = size == (1280, 800) or (spec.id == "skyline_express" and players == 2)
                if roomy:
                    assert gap >= 4, (spec.id, players, gap)
                else:  # rows close together: one of the two lies on a shaded band
                    assert gap >= 0 and banded[k] != banded[k + 1], (spec.id, players, gap, banded)
                checked += 1
            app.pop()
    assert checked > 10
    pygame.quit()


def test_an_options_menu_shows_its_whole_help_when_the_pointer_rests_on_it_also_after_it_opened():
    """pygame-gui hovers the button that is a drop-down's face, which had no tooltip: the
    help written for the menu never showed."""
    from game.ui.setup import SetupScene
    from uikit import click

    app = make_app((960, 640))
    app.push(TitleScene(app))
    setup = SetupScene(app, shelf.GAMES["skyrunner"])
    setup.players = 5
    setup.rebuild()
    app.push(setup)
    pump(app)
    menu, option = next(iter(setup.option_menus.items()))

    def rest_on_it():
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pump(app)
        for _ in range(3):
            setup.update_widgets(0.6)  # pygame-gui shows a tooltip after a second of hover
        face = menu.current_state.selected_option_button
        return face.tool_tip is not None and face.tool_tip_text == option.help

    assert rest_on_it()
    click(app, menu.rect.center)  # opened and closed again: a new face
    click(app, (5, 630))
    assert menu.current_state is menu.menu_states["closed"]
    assert rest_on_it()
    pygame.quit()


def test_a_games_card_names_its_button_alike_in_every_window():
    """The button that starts a game has one name, whatever the size of the cards (a small
    window, or games in progress below them, makes them small): never "New game" here and
    "Play" there."""
    names = set()
    for size in ((960, 640), (1920, 1080)):
        app = make_app(size)
        app.push(TitleScene(app))
        pump(app)
        card = app.scene.cards["scurry"]
        names |= {b.text for b in app.scene.actions
                  if card.bottom < b.rect.top < card.bottom + TitleScene.BELOW_CARD and card.x <= b.rect.x < card.centerx}
        pygame.quit()
    assert names == {"Play"}

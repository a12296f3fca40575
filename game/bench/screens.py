"""Every screen of the app, shown one at a time: the layout audit
(tests/test_layout_audit.py) checks each one, and `python -m game.bench --gallery DIR`
saves a picture of each for a person to look over. Both walk the same list here.

A screen is built once per window size and side-panel scale and drawn once, without
running the loop: nothing thinks, nothing animates, and the walk stays cheap. Screens
without the side panel look the same at every scale and are shown at the first only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator

import pygame
from pygame_gui.elements import UIDropDownMenu

SIZES = ((960, 640), (1280, 800), (1920, 1080))
SCALES = (1.0, 1.5, 2.0)
LEVELS = ("easy", "normal", "hard")


@dataclass
class Shelf:
    """The games the screens show, made once: per game a game in progress (a person
    to move, computers beside) and a finished one."""

    playing: dict
    finished: dict
    reviews: dict | None = None  # game id -> a review of the finished game, part made (reviewed())


REVIEWED_DECISIONS = 5  # a review part made for the walk: a few decisions at a small budget
REVIEW_ITERATIONS = 8


def reviewed(shelf: Shelf) -> dict:
    """Per game a review of its finished game with its first decisions looked at by a
    small search (the walk runs no worker), made once."""
    from ..engine.grading import review_decision
    from ..replay import Replay
    from ..review import GameReview

    if shelf.reviews is None:
        shelf.reviews = {}
        for game_id, match in shelf.finished.items():
            review = GameReview(Replay.of_match(match), "quick", include_computers=True)
            review.iterations = REVIEW_ITERATIONS
            for ply in review.plan[:REVIEWED_DECISIONS]:
                review.add(ply, review_decision(**review.request(ply)))
            shelf.reviews[game_id] = review
    return shelf.reviews


def _seats(spec, players: int, human: int):
    from ..engine.match import Seat

    return [Seat("Ann", i) if i == human else Seat(f"Computer {i + 1}", i, "computer", LEVELS[i % 3])
            for i in range(players)]


def _played(spec, players: int, seed: int, moves: int | None):
    """A match `moves` random moves in (to the end with None), seats made afterwards so that
    a person is to move: nothing starts thinking on screen."""
    from ..engine.match import Match

    rng = random.Random(seed)
    state = spec.new_game(players, seed)
    played = []
    while not state.is_over and (moves is None or len(played) < moves):
        move = rng.choice(state.legal_moves())
        trial = state.clone()
        trial.apply(move)
        if moves is not None and trial.is_over:
            break  # a game in progress stays in progress
        state = trial
        played.append(move)
    match = Match(spec, _seats(spec, players, state.to_move or 0), seed)
    for move in played:
        match.play(move)
    return match


def make_shelf(players: int | None = None) -> Shelf:
    from ..shelf import GAMES

    playing, finished = {}, {}
    for n, (game_id, spec) in enumerate(GAMES.items()):
        count = players or min(spec.max_players, max(spec.min_players, 3))
        playing[game_id] = _played(spec, count, 11 + n, getattr(spec, "bench_moves", 20) // 2 or 10)
        finished[game_id] = _played(spec, spec.min_players, 21 + n, None)
    return Shelf(playing, finished)


def write_records(shelf: Shelf) -> None:
    """Finished games in the records, for History and Statistics: the shelf's, and one
    more of each game (a chart over time has two points at least)."""
    from .. import records
    from ..shelf import GAMES

    if records.summaries():
        return
    for n, (game_id, spec) in enumerate(GAMES.items()):
        records.add(shelf.finished[game_id])
        records.add(_played(spec, spec.min_players, 31 + n, None))


@dataclass(frozen=True)
class Screen:
    kind: str  # "title", "setup-scurry", "scurry-lesson": what the audit reports by
    name: str
    show: Callable  # show(app) pushes the screen over the title
    scaled: bool = False  # has the side panel: changes with the panel scale
    menus: bool = True  # open its drop-downs (not on every alike screen: they cost)


BOARD_PHASES = ("play", "aid", "watch", "results", "replay", "lesson", "review", "review-board")
OTHER_KINDS = ("title", "hand-off", "confirm", "menu", "settings", "saves", "rules", "history", "statistics")


def kinds() -> list[str]:
    """Every kind of screen the walk shows."""
    from ..shelf import GAMES

    return ([f"setup-{g}" for g in GAMES] + [f"{g}-{phase}" for g in GAMES for phase in BOARD_PHASES]
            + list(OTHER_KINDS))


def _board(app, match):
    from ..ui.scene import board_scene_class

    scene = board_scene_class(match.spec.id)(app, match)
    app.push(scene)
    return scene


def _review_board(app, review) -> None:
    """The replay at the review's costliest decision so far, its moves drawn."""
    from ..ui.review_board import review_replay_scene

    decision = max(review.decisions(), key=lambda d: d["cost"])
    app.push(review_replay_scene(app, review.replay, decision, [s.name for s in review.replay.seats],
                                 review.marked()))


def _review_with_tip(app, review) -> None:
    """The review screen with what a point of its chart means shown (as a long press shows it)."""
    from ..ui.review_screen import ReviewScene

    scene = ReviewScene(app, review.replay, review=review, start=False)
    app.push(scene)
    scene.told()
    moves = scene.chart.moves()
    scene.pinned = moves[len(moves) // 2] if moves else None


def _review_board_on_its_line(app, review) -> None:
    """The review's board playing out the better line of its costliest decision."""
    _review_board(app, review)
    mode = app.scene.mode
    mode.toggle_line()
    if mode.line:
        mode.show_line(1)


def _results(app, match):
    """The results screen with what it reads in the background (the statistics' lines, the
    scores through the game, whether a review is kept): the same screen at every look."""
    from ..ui.results import ResultsScene

    scene = ResultsScene(app, _board(app, match))
    app.push(scene)
    scene.reads.wait()
    scene.reads.collect()
    return scene


def _results_with_review(app, match, review) -> None:
    """The results screen once the game's review is kept: its chart in small."""
    from ..review_story import story
    from ..shelf import words_for

    scene = _results(app, match)
    scene.review_read((review.replay, review, story(review, None, None, words_for(match.spec.id))), None)


def _reseated(match, seat):
    """The same moves played again with other seats: seat(i, old seat) gives each."""
    from ..engine.match import Match

    copy = Match(match.spec, [seat(i, s) for i, s in enumerate(match.seats)], match.seed, match.options)
    for played in match.played:
        copy.play(copy.spec.parse_move(copy.state, played.notation))
    return copy


def _watched(match):
    from ..engine.match import Seat

    return _reseated(match, lambda i, s: Seat(f"Computer {i + 1}", s.colour, "computer", LEVELS[i % 3]))


def _watching_paused(app, match) -> None:
    """A watched game, paused before its first move: the computer's move is held, so the screen
    is the same however long the walk looks at it (the Tab walk steps the app; a move landing
    half-way through it would change the controls it counts)."""
    _board(app, _watched(match)).watch.toggle()


def _waiting_to_confirm(app, match) -> None:
    """The board of `match` played by people only, the person to move having made a
    secret choice that waits for Confirm before the screen goes to the next person."""
    from ..engine.match import Seat

    people = _reseated(match, lambda i, s: Seat(f"Bartholomew {i + 1}", s.colour))  # a long name: the Confirm button must cope
    board = _board(app, people)
    board.viewer = board.confirmed_viewer = people.state.to_move  # past the cover, as the person's click does
    move = next(m for m in people.state.legal_moves() if board.hand_off.next_person(m))
    for target in move.targets:
        board.click_target(target)
    assert board.controller.pending is not None, "the choice waits for Confirm"


def _in_progress(app, shelf: Shelf, count: int) -> None:
    """Exactly `count` games in progress on disk."""
    from .. import storage
    from ..saves import delete_in_progress, games_in_progress, in_progress_path

    for entry in games_in_progress()[0]:
        delete_in_progress(entry.path)
    for match in list(shelf.playing.values())[:count]:
        match.save_id = match.save_id or storage.new_game_id(match.spec.id)
        storage.write_json_atomic(in_progress_path(match.save_id), match.to_save())


def _rules_at_pictures(app, spec) -> None:
    """A game's Rules screen scrolled to the section with its first pictures."""
    from ..shelf import parts_of
    from ..ui.rules_screen import RulesScene

    scene = RulesScene(app, spec)
    app.push(scene)
    scene.jump_to(parts_of(spec.id).pictures[0].rule)
    scene.draw_all_pictures()  # they come a frame each after the screen opens; the walk runs no frames


def screens(shelf: Shelf, combo: int) -> list[Screen]:
    """The screens to show at the `combo`-th size and scale; where one kind has many
    variants (player counts, lesson steps, replay positions) each combo shows some,
    so that the walk over every combo shows them all."""
    from .. import lessons
    from ..shelf import GAMES
    from ..replay import Replay
    from ..ui.lesson import open_lesson
    from ..ui.history import HistoryScene
    from ..ui.menus import HandOffScene, MenuScene, SavesScene
    from ..ui.replay_screen import replay_scene
    from ..ui.review_screen import ReviewScene
    from ..ui.rules_screen import RulesScene
    from ..ui.settings import SettingsScene
    from ..ui.setup import SetupScene
    from ..ui.statistics import StatisticsScene

    combos = len(SIZES) * len(SCALES)
    out = []
    for count, name in ((0, "title-none"), (1, "title-one"), (5, "title-many")):
        def title(app, count=count):
            _in_progress(app, shelf, count)
            app.scene.refresh()
        out.append(Screen("title", name, title))
    for game_id, spec in GAMES.items():
        for players in range(spec.min_players, spec.max_players + 1):
            out.append(Screen(f"setup-{game_id}", f"setup-{game_id}-{players}p", lambda app, spec=spec, n=players:
                              app.push(SetupScene(app, spec, _seats(spec, n, 0))),
                              menus=players in (spec.min_players, spec.max_players)))
    games = list(GAMES)
    for game_id in games:
        playing, finished = shelf.playing[game_id], shelf.finished[game_id]
        out.append(Screen(f"{game_id}-play", f"{game_id}-play", lambda app, m=playing: _board(app, m), True))
        out.append(Screen(f"{game_id}-aid", f"{game_id}-aid", lambda app, m=playing: _board(app, m).commands.aid()))
        out.append(Screen(f"{game_id}-watch", f"{game_id}-watch", lambda app, m=playing: _watching_paused(app, m),
                          True))
        out.append(Screen(f"{game_id}-results", f"{game_id}-results",
                          lambda app, m=finished: _results(app, m)))
        ply = len(finished.played) if combo % 2 == 0 else len(finished.played) // 2
        out.append(Screen(f"{game_id}-replay", f"{game_id}-replay-{'end' if combo % 2 == 0 else 'middle'}",
                          lambda app, m=finished, p=ply: app.push(replay_scene(app, Replay.of_match(m), p)), True))
        out.append(Screen(f"{game_id}-review", f"{game_id}-review",
                          lambda app, g=game_id: app.push(ReviewScene(app, reviewed(shelf)[g].replay,
                                                                      review=reviewed(shelf)[g], start=False))))
        out.append(Screen(f"{game_id}-review", f"{game_id}-review-tip",
                          lambda app, g=game_id: _review_with_tip(app, reviewed(shelf)[g]), menus=False))
        out.append(Screen(f"{game_id}-results", f"{game_id}-results-reviewed",
                          lambda app, m=finished, g=game_id: _results_with_review(app, m, reviewed(shelf)[g])))
        if games.index(game_id) == combo % len(games):  # one game's a combo: over the walk, each at two
            out.append(Screen(f"{game_id}-review-board", f"{game_id}-review-board",
                              lambda app, g=game_id: _review_board(app, reviewed(shelf)[g]), True, menus=False))
            out.append(Screen(f"{game_id}-review-board", f"{game_id}-review-board-line",
                              lambda app, g=game_id: _review_board_on_its_line(app, reviewed(shelf)[g]), True,
                              menus=False))
        steps = len(lessons.load(game_id).steps)
        for step in range(combo, steps, combos):
            out.append(Screen(f"{game_id}-lesson", f"{game_id}-lesson-{step + 1}",
                              lambda app, g=game_id, s=step: open_lesson(app, g, s), True))
    hidden = next(g for g in games if GAMES[g].hidden_information)
    out.append(Screen("hand-off", "hand-off", lambda app: (_board(app, shelf.playing[hidden]),
                                                           app.push(HandOffScene(app, "Ann", 0, lambda: None)))))
    out.append(Screen("confirm", f"confirm-{hidden}", lambda app: _waiting_to_confirm(app, shelf.playing[hidden]), True))
    for game_id, spec in GAMES.items():  # the menu over each board (whose words, veiled, are not read)
        out.append(Screen("menu", f"menu-{game_id}", lambda app, m=shelf.playing[game_id]:
                          app.push(MenuScene(app, _board(app, m)))))
        out.append(Screen("rules", f"rules-{game_id}", lambda app, spec=spec: app.push(RulesScene(app, spec))))
        out.append(Screen("rules", f"rules-{game_id}-pictures", lambda app, spec=spec: _rules_at_pictures(app, spec)))
    for kind, cls in (("settings", SettingsScene), ("saves", SavesScene)):
        out.append(Screen(kind, kind, lambda app, cls=cls: app.push(cls(app))))
    for kind, cls in (("history", HistoryScene), ("statistics", StatisticsScene)):
        out.append(Screen(kind, kind, lambda app, cls=cls: _records_read(app, cls(app))))
    return out


def _records_read(app, scene) -> None:
    """History or Statistics as a person sees it once the records are read (off the
    window's thread): its rows and figures, not "Loading the records…"."""
    app.push(scene)
    while scene.reads.busy:
        scene.reads.wait()
        scene.reads.collect()


def frame(app) -> None:
    """Draw the screen as it stands (the widgets brought up to date; no game logic runs)."""
    for scene in app.scenes[-2:]:
        if scene.manager is not None:
            scene.update_widgets(0.0)
    app.draw()


def drop_downs(scene) -> list:
    """The screen's drop-downs to open: of a column of alike ones (a seat's colour on
    each row), only the lowest, which has the least room below it."""
    if scene.manager is None:
        return []
    menus = {}
    for element in scene.manager.get_root_container().elements:
        if isinstance(element, UIDropDownMenu):
            key = (element.rect.x, tuple(map(str, element.options_list)))
            if key not in menus or element.rect.y > menus[key].rect.y:
                menus[key] = element
    return list(menus.values())


def choice(menu) -> str:
    chosen = menu.selected_option
    return chosen[0] if isinstance(chosen, tuple) else chosen


def set_open(menu, expanded: bool) -> None:
    state = menu.current_state
    if (state is menu.menu_states["expanded"]) != expanded:
        state.should_transition = True
        menu.update(0.0)


def back_to_title(app) -> None:
    while len(app.scenes) > 1:
        app.pop()


def walk(app, shelf: Shelf, at=None) -> Iterator[tuple[Screen, str, tuple, float]]:
    """Show every screen at every size and scale on `app` (its title screen at the bottom
    of the stack), or where at(size, scale) says; yields (screen, name, size, scale) with the
    screen drawn, and again with the name "<name>+<choice>" with each of its drop-downs open."""
    combo = 0
    for size in SIZES:
        app.set_window_size(size)
        for k, scale in enumerate(SCALES):
            app.settings["ui_scale"] = scale
            for screen in screens(shelf, combo) if at is None or at(size, scale) else ():
                if k and not screen.scaled:
                    continue
                back_to_title(app)
                screen.show(app)
                frame(app)
                yield screen, screen.name, size, scale
                for menu in drop_downs(app.scene) if screen.menus else ():
                    set_open(menu, True)
                    frame(app)
                    yield screen, f"{screen.name}+{choice(menu)}", size, scale
                    set_open(menu, False)
            combo += 1
    back_to_title(app)


def open_app(size=SIZES[0]):
    """The app on its title screen, animations off, for the walk."""
    from ..app import App
    from ..ui.title import TitleScene

    app = App(size)
    app.seed_source = random.Random(1)
    app.settings["animation_speed"] = "off"
    app.push(TitleScene(app))
    frame(app)
    return app


def gallery(folder) -> dict:
    """A PNG of every screen of the walk in `folder`, named <screen>-<width>x<height>-<scale %>.png
    (the app's files in a folder of their own there): how many, the walk's peak memory, and
    by how much each kind of screen raised it (peak_rise_mb_by_screen: a jump names its screen)."""
    import os
    from pathlib import Path

    from ..app import give_back_memory
    from .ui import peak_rss_mb

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["GAME_SHELF_HOME"] = str(folder / "home")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    shelf = make_shelf()
    write_records(shelf)
    app = open_app()
    count, peak, rises = 0, peak_rss_mb(), {}
    for screen, name, (w, h), scale in walk(app, shelf):
        file_name = f"{name}-{w}x{h}-{round(scale * 100)}.png".replace(" ", "_").replace(":", "").replace("/", "_")
        pygame.image.save(app.screen, str(folder / file_name))
        count += 1
        give_back_memory()  # as the app does once a game's screens have gone: the walk shows hundreds
        now = peak_rss_mb()
        if now > peak:
            rises[screen.kind] = round(rises.get(screen.kind, 0.0) + now - peak, 1)
            peak = now
    pygame.quit()
    return {"pictures": count, "peak_rss_mb": peak,
            "peak_rise_mb_by_screen": dict(sorted(rises.items(), key=lambda kv: -kv[1]))}

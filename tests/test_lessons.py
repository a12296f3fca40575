"""Learn to play: every lesson replayed through the rules engine, and clicked
through the real app with mouse events, step by step."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from game import lessons, records, storage
from game import shelf
from game.saves import games_in_progress
from game.ui.board import BoardScene
from game.ui import look
from game.ui.lesson import LessonDone, is_lesson
from game.ui.rules_screen import RulesScene
from game.ui.title import TitleScene

from uikit import click, click_button, click_target, make_app, play_move, pump, screenshot, title_app

ROOT = Path(__file__).resolve().parent.parent
GAMES_WITH_LESSONS = [g for g in shelf.GAME_IDS if lessons.has_lesson(g)]
# The rulebooks sit beside the project (../shared/seeds); GAME_SHELF_RULEBOOKS names another folder.
RULEBOOKS = Path(os.environ.get("GAME_SHELF_RULEBOOKS") or ROOT.parent / "shared" / "seeds")


@pytest.fixture
def app():
    yield from title_app()


@pytest.fixture(autouse=True)
def fresh_progress():
    """Every test starts with no lesson begun."""
    lessons.progress_path().unlink(missing_ok=True)


def words(text: str) -> list[str]:
    return re.findall(r"[a-zðþæö0-9']+", text.lower())


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_every_step_replays_through_the_engine(game_id):
    lesson = lessons.load(game_id)
    spec = shelf.GAMES[game_id]
    headings = set(re.findall(r"^#+\s+(.*?)\s*$", (ROOT / "seeds" / f"{game_id}.md").read_text(encoding="utf-8"),
                              re.M))
    assert len(lesson.steps) >= 4
    for i, step in enumerate(lesson.steps):
        assert step.rule in headings, f"step {i + 1} links to no heading of the rules text: {step.rule!r}"
        match = lesson.match_at(i)
        state = match.state
        for text in step.moves:
            assert not state.is_over, f"step {i + 1}: the game is over before {text}"
            legal = {str(m) for m in state.legal_moves()}
            assert text in legal, f"step {i + 1}: {text} is not legal here"
            move = spec.parse_move(state, text)
            assert move.targets, f"step {i + 1}: {text} has nothing to click"
            state.apply(move)


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_lesson_words_are_our_own(game_id):
    """No run of nine words of a lesson is taken from the rulebook."""
    books = {p for p in RULEBOOKS.glob("*.txt")} if RULEBOOKS.is_dir() else set()
    if not books:
        missing = f"the rulebooks are not in {RULEBOOKS}"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(missing + ": CI must check the lessons against them")
        pytest.skip(missing)
    book = " ".join(" ".join(words(p.read_text(encoding="utf-8", errors="replace"))) for p in books)
    lesson = lessons.load(game_id)
    for step in lesson.steps:
        for text in (step.text, step.ask, step.after):
            w = words(text)
            for k in range(len(w) - 8):
                assert " ".join(w[k:k + 9]) not in book, f"copied from the rulebook: {' '.join(w[k:k + 9])!r}"


def learn_button(app, game_id):
    return app.scene.learn_buttons[game_id].rect


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_a_whole_lesson_by_mouse(app, game_id):
    lesson = lessons.load(game_id)
    spec = shelf.GAMES[game_id]
    app.autosaves.flush()
    in_progress_before = games_in_progress()[0]
    records_before = records.list_records(game_id)
    click(app, learn_button(app, game_id).center)
    for i, step in enumerate(lesson.steps):
        board = app.scene
        assert is_lesson(board) and board.mode.index == i
        if i in (0, len(lesson.steps) - 1):
            screenshot(app, f"lesson_{game_id}_{i + 1}")
        played = len(board.match.notations)
        for n, text in enumerate(step.moves):
            if len(board.match.notations) > played + n:
                continue  # another seat's move: the lesson played it by itself
            assert board.match.state.to_move == lesson.you, f"step {i + 1}: {text} waits for another seat"
            move = spec.parse_move(board.match.state, text)
            nxt = board.controller.next_targets()
            assert nxt == {move.targets[0]}, f"step {i + 1}: only {text}'s place glows, not {nxt}"
            play_move(app, board, move)
        assert board.match.notations[played:] == list(step.moves)
        assert board.mode.step_done and board.mode.next_button.is_enabled
        if i == 0:
            screenshot(app, f"lesson_{game_id}_{i + 1}_done")
        click_button(app, "Finish" if i == len(lesson.steps) - 1 else "Next ▸")
    assert isinstance(app.scene, LessonDone)
    screenshot(app, f"lesson_{game_id}_finished")
    # nothing of the lesson is a game in progress or a finished game
    app.autosaves.flush()
    assert games_in_progress()[0] == in_progress_before
    assert records.list_records(game_id) == records_before
    assert lessons.Progress.load().finished(game_id)
    assert lessons.Progress.load().step(game_id) == 0, "a finished lesson starts again from its first step"
    click_button(app, "Play a real game")
    board = app.scene
    assert isinstance(board, BoardScene) and not is_lesson(board)
    assert board.match.spec.id == game_id
    assert [s.kind for s in board.match.seats][0] == "human"
    assert all(s.kind == "computer" and s.level == "easy" for s in board.match.seats[1:])


def open_step(app, game_id, step):
    from game.ui.lesson import open_lesson

    open_lesson(app, game_id, step)
    pump(app)
    return app.scene


@pytest.mark.slow
@pytest.mark.parametrize("game_id,step,place,because", [
    ("scurry", 1, ("vertex", "g2"), "at least two moves"),  # the rules forbid it
    ("scurry", 6, ("vertex", "k6"), "fewer than two moves"),  # a leadoff spot that gives no two moves
    ("scrubbudgetel", 1, ("stash", "TR"), "own markers first"),  # the rules forbid it
    ("skurdir", 0, ("cell", "d5"), None),  # a legal start, just not this step's move
])
def test_any_other_click_says_why_it_is_not_this_steps_move(app, game_id, step, place, because):
    board = open_step(app, game_id, step)
    if place[0] == "vertex":
        from game.games.scurry.geometry import board_geometry
        place = ("vertex", board_geometry(6)["names"].index(place[1]))
    elif place[0] == "cell":
        place = ("cell", board.match.state.cell(place[1]))
    rect = board.target_rect(place)
    assert rect is not None, f"{place} is not drawn"
    before = len(board.match.notations)
    click(app, rect.center)
    assert len(board.match.notations) == before, "the click played a move"
    assert board.mode.note.startswith("Not this step's move. ")
    if because:
        assert "The rules forbid it too: " in board.mode.note and because in board.mode.note.lower()
    else:
        assert "rules forbid" not in board.mode.note
    screenshot(app, f"lesson_{game_id}_refused")


def test_a_lesson_is_resumed_where_it_was_left(app):
    click(app, learn_button(app, "scurry").center)
    board = app.scene
    play_move(app, board, board.match.spec.parse_move(board.match.state, board.mode.step.moves[0]))
    click_button(app, "Next ▸")
    assert app.scene.mode.index == 1
    click_button(app, "Menu")
    click_button(app, "Leave the lesson")
    assert isinstance(app.scene, TitleScene)
    steps = len(lessons.load("scurry").steps)
    assert app.scene.lesson_badges["scurry"][0] == f"Lesson: step 2 of {steps}", "the card says how far it got"
    assert "skurdir" not in app.scene.lesson_badges, "a lesson not begun says nothing"
    click(app, learn_button(app, "scurry").center)
    assert is_lesson(app.scene) and app.scene.mode.index == 1
    # and in a new process: the place is in the progress file beside the settings
    assert lessons.Progress.load().step("scurry") == 1
    assert lessons.progress_path().parent == storage.settings_path().parent


def test_a_damaged_progress_file_is_set_aside_with_a_message(app):
    path = lessons.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    click(app, learn_button(app, "skurdir").center)
    assert is_lesson(app.scene) and app.scene.mode.index == 0
    assert any("lessons.json could not be read" in message for message, _until in app.toasts)
    assert list(path.parent.glob("lessons.json.damaged-*")), "the damaged file is kept aside"
    screenshot(app, "lesson_damaged_progress")


DAMAGED_PROGRESS = {  # what lessons.json may hold instead of a record of lessons
    "cut short": '{"scurry": {"ste',
    "not text": b"\xff\xfe\x00lessons",
    "a list": "[1, 2, 3]",
    "a step in words": '{"scurry": {"step": "two"}}',
    "finished not true or false": '{"scurry": {"step": 1, "finished": "yes"}}',
    "too large": '{"scurry": {"step": 1}, "x": "' + "a" * 70_000 + '"}',
    "nested too deeply": "[" * 40 + "]" * 40,
    "a folder": None,
}


@pytest.mark.parametrize("damage", DAMAGED_PROGRESS)
def test_a_damaged_progress_file_found_by_the_title_is_told(damage):
    """The title reads lessons.json twice as it is built: the first read set the file
    aside, its message was dropped, and the second found no file to tell of."""
    path = lessons.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    content = DAMAGED_PROGRESS[damage]
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    app = make_app()
    try:
        app.push(TitleScene(app))
        pump(app)
        told = [message for message, _until in app.toasts if "lessons.json could not be read" in message]
        assert len(told) == 1, app.toasts
        assert "Lessons start from the beginning" in told[0]
        assert list(path.parent.glob("lessons.json.damaged-*")), "the damaged file is kept aside"
        app.scene.look_again()  # the title looks again (back from another screen): nothing more to tell
        pump(app)
        assert len([m for m, _until in app.toasts if "lessons.json" in m]) == 1
    finally:
        pygame.quit()


def test_a_failed_progress_write_is_a_message(app, monkeypatch):
    import errno

    def full_disk(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_json_atomic", full_disk)
    click(app, learn_button(app, "skyline_express").center)
    board = app.scene
    assert is_lesson(board)
    assert any("could not be saved (disk full)" in message for message, _until in app.toasts)
    for text in board.mode.step.moves:  # the lesson goes on
        play_move(app, board, board.match.spec.parse_move(board.match.state, text))
    assert board.mode.step_done


def test_the_rules_text_links_to_the_lesson_step_of_a_rule():
    from pygame_gui.core.text import HyperlinkTextChunk

    from uikit import make_app

    app = make_app((1280, 1000))  # tall enough to show Scurry's "A turn" without scrolling
    try:
        app.push(TitleScene(app))
        pump(app)
        app.push(RulesScene(app, shelf.GAMES["scurry"]))
        pump(app)
        box = app.scene.text_box
        links = [c for row in box.text_box_layout.layout_rows for c in row.items if isinstance(c, HyperlinkTextChunk)]
        assert [c.href for c in links[:3]] == ["lesson:scurry:0", "lesson:scurry:1", "lesson:scurry:2"]
        screenshot(app, "lesson_rules_links")
        link = links[2]
        wrap = box.text_wrap_rect
        click(app, (wrap[0] + link.x + link.width // 2, wrap[1] + link.y + link.height // 2))
        assert is_lesson(app.scene) and app.scene.mode.index == 2
        click_button(app, "Menu")
        click_button(app, "Leave the lesson")
        assert isinstance(app.scene, RulesScene), "leaving goes back to the rules"
    finally:
        pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_the_lesson_strip_fits_the_smallest_window(game_id):
    from uikit import make_app

    app = make_app((960, 640))
    try:
        app.settings["animation_speed"] = "off"
        app.push(TitleScene(app))
        pump(app)
        lesson = lessons.load(game_id)
        for i in range(len(lesson.steps)):
            board = open_step(app, game_id, i)
            strip, area = board.mode.lesson_rect, board.board_rect
            assert strip.bottom <= 640 - 10 and strip.right <= 960 - 10
            assert area.bottom < strip.top and board.panel.rect.bottom < strip.top, "the strip runs under both"
            body, ask, after = board.mode.strip_lines(strip.w)
            assert 40 + 20 * (len(body) + max(len(ask), len(after))) <= strip.h, f"step {i + 1}'s words are cut off"
            app.pop()
        screenshot(app, f"lesson_{game_id}_960")
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_the_title_cards_say_how_far_each_lesson_has_got(size):
    """On each card's picture, left of Learn to play: the step reached, or done; clear of every button."""
    from uikit import make_app

    progress = lessons.Progress.load()
    progress.record("scurry", 2)
    progress.record("skyrunner", 0, finished=True)
    progress.record("skyline_express", 0, finished=True)
    progress.record("skyline_express", 4)  # taken again after finishing, left at step 5
    app = make_app(size)
    try:
        app.push(TitleScene(app))
        pump(app)
        title = app.scene
        badges = title.lesson_badges
        assert set(badges) == {"scurry", "skyrunner", "skyline_express"}
        text = {game_id: text for game_id, (text, _rect) in badges.items()}
        count = {g: len(lessons.load(g).steps) for g in badges}
        assert text["scurry"] in (f"Lesson: step 3 of {count['scurry']}", f"Step 3 of {count['scurry']}")
        assert text["skyrunner"] in ("Lesson done ✓", "Done ✓")
        assert "5 of" in text["skyline_express"]
        buttons = [b.rect for b in title.actions]  # New game, Rules and Learn to play of every card, and the rest
        for game_id, (_text, rect) in badges.items():
            card = title.cards[game_id]
            assert card.contains(rect), f"{game_id}'s badge leaves its card"
            for other in buttons:
                assert not rect.colliderect(other), f"{game_id}'s badge covers a button"
        screenshot(app, f"lesson_title_badges_{size[0]}")
    finally:
        pygame.quit()


def test_the_rules_text_links_to_every_lesson_step(app):
    """Each step is linked from the Rules screen, under the heading it teaches (the new
    steps too: Scurry's "cannot make two moves", SkyRunner's equipment and sabotage, Skyline's tasks)."""
    for game_id in GAMES_WITH_LESSONS:
        lesson = lessons.load(game_id)
        app.push(RulesScene(app, shelf.GAMES[game_id]))
        pump(app)
        html = app.scene.text_box.html_text
        heading = re.compile(r"<font size=\d color='[^']*'><b>([^<]*)</b></font><br>")
        headings = [(m.start(), m.group(1)) for m in heading.finditer(html)]
        for i, step in enumerate(lesson.steps):
            link = html.find(f"<a href='lesson:{game_id}:{i}'>")
            assert link >= 0, f"{game_id} step {i + 1} is linked nowhere in the rules"
            under = [name for at, name in headings if at < link][-1]
            assert under == step.rule, f"{game_id} step {i + 1}'s link is under {under!r}, not {step.rule!r}"
        app.pop()
        pump(app)


def test_scrubbudgetel_first_step_says_where_the_place_lights_up(app):
    """The words and the board agree: the place the step asks for is drawn where the words say."""
    board = open_step(app, "scrubbudgetel", 0)
    click(app, board.target_rect(("stash", "TW")).center)
    move = board.match.spec.parse_move(board.match.state, board.mode.step.moves[0])
    place = board.target_rect(move.targets[-1])
    assert move.targets[-1] in board.controller.highlights().next_targets, "the place lights up"
    landing = board.camera.to_screen((0, 0))  # the Landing is the map's centre
    assert place.centery > landing[1] and "just below the Landing" in board.mode.step.ask


def test_the_right_click_after_a_wrong_one_takes_the_warning_away(app):
    board = open_step(app, "scrubbudgetel", 1)
    click(app, board.target_rect(("stash", "TR")).center)
    assert board.mode.note.startswith("Not this step's move. ")
    click(app, board.target_rect(("stash", "TW")).center)  # the step's move begins
    assert board.controller.prefix == [("stash", "TW")] or tuple(board.controller.prefix) == (("stash", "TW"),)
    assert board.mode.note == "", "the orange answer to the wrong click stays after the right one"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_a_lessons_board_keeps_its_size_from_step_to_step(game_id, size):
    from game.ui.lesson import open_lesson
    from uikit import make_app

    app = make_app(size)
    app.push(TitleScene(app))
    boards = set()
    for step in range(len(lessons.load(game_id).steps)):
        open_lesson(app, game_id, step)
        boards.add(tuple(app.scene.board_rect))
    pygame.quit()
    assert len(boards) == 1, f"the board changes size: {sorted(boards)}"


@pytest.mark.parametrize("size, panel, strip", [((1920, 1080), 2.0, 2.0), ((1280, 800), 1.5, 1.25),
                                                ((960, 640), 2.0, 1.0), ((1920, 1080), 1.0, 1.0)])
def test_the_lesson_strips_words_grow_with_the_panel_size_where_the_window_has_room(size, panel, strip):
    """Read from across a table (Settings: a bigger side panel), the lesson's words grow too,
    while the strip leaves most of the window to the board and the panel."""
    from game.ui.lesson import open_lesson
    from uikit import make_app

    app = make_app(size)
    app.settings["ui_scale"] = panel
    app.push(TitleScene(app))
    open_lesson(app, "skurdir", 8)
    pump(app)
    mode = app.scene.mode
    assert mode.scale == strip
    assert mode.lesson_rect.h <= size[1] * 0.3 or strip == 1.0
    with look.captured() as lines:
        mode.draw_strip(pygame.display.get_surface())
    assert max(line.size for line in lines) == round(18 * strip)  # the step's title
    assert app.scene.mode.next_button.rect.h == round(40 * strip)
    pygame.quit()

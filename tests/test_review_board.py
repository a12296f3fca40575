"""The review's board (ui/review_board.py ReviewMode on each game's board screen): the
log's frame sits on the move its "After move N" names, at every move of a game, and that
move's line carries its number."""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.replay import Replay
from game.shelf import GAMES


def random_game(game_id: str, seed: int, players: int = 2) -> Replay:
    spec = GAMES[game_id]
    players = max(spec.min_players, min(spec.max_players, players))
    seats = [Seat("Ann", 0)] + [Seat(f"Bo{i}", i, "computer", "normal") for i in range(1, players)]
    match = Match(spec, seats, seed)
    rng = random.Random(seed)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_moves()))
    return Replay.of_match(match)


def framed_lines(board) -> list[str]:
    """The log's lines drawn inside its frame, as a person sees them."""
    from game.ui import look

    surface = pygame.display.get_surface()
    look.drawn.clear()
    board.log.draw(surface, board.seat_rgb)
    frame = board.log.framed
    return [box.text for box in look.drawn if frame is not None and frame.collidepoint(box.rect.center)]


@pytest.mark.parametrize("game_id,seed", [("scurry", 1)] + [pytest.param(g, 2, marks=pytest.mark.slow) for g in
                                                              ("skurdir", "skyline_express", "scrubbudgetel",
                                                               "skyrunner")])
def test_the_logs_frame_is_the_move_after_which_the_board_stands_at_every_move(game_id, seed):
    """Scurry's long game: once the log is longer than its box, the frame sat a line (a
    move) above the move "After move N" names."""
    from game.ui.replay_screen import replay_scene
    from tests.uikit import make_app, pump

    replay = random_game(game_id, seed)
    app = make_app((1280, 800))
    try:
        board = replay_scene(app, replay, 0)
        app.push(board)
        pump(app)
        mode, log = board.mode, board.log
        assert len(log.lines) > 3 * log.visible_count()  # long enough to scroll
        for ply in range(1, replay.length + 1):
            mode.seek(ply)
            assert mode.where().startswith(f"After move {ply} ")
            entry = mode.move_entries[ply]
            words = log.lines[log.starts[entry]:][:1][0][1]
            assert replay.log[entry][0] == ply
            shown = framed_lines(board)
            assert shown and shown[0] == words and words.startswith(f"{ply}. "), (ply, shown, words)
            assert len(shown) == (log.starts[entry + 1] if entry + 1 < len(log.starts) else len(log.lines)) \
                - log.starts[entry]
    finally:
        pygame.quit()


# ---- the moves drawn as arrows, by each game's own board screen ---------------------------
def on_board(move) -> bool:
    return any(target[0] != "button" for target in move.targets)


def planted(replay, ply: int, best) -> dict:
    """A decision at `ply` as the review keeps it, `best` the better move (the words are the game's)."""
    from game.shelf import words_for

    state = replay.state_at(ply)
    words = words_for(replay.spec.id)
    played = replay.moves[ply]
    return {"ply": ply, "seat": state.to_move, "played": str(played), "best": str(best), "grade": "mistake",
            "cost": 0.2, "played_value": 0.3, "best_value": 0.5, "played_words": words.choice(state, played),
            "best_words": words.choice(state, best), "line": [[str(best), []]]}


def review_board(app, replay, decision, marked=None):
    from game.ui.review_board import review_replay_scene
    from tests.uikit import pump

    board = review_replay_scene(app, replay, decision, [s.name for s in replay.seats], marked or [decision])
    app.push(board)
    pump(app)
    return board


def farthest_better(app, replay, ply):
    """The legal move other than the one played whose arrow ends farthest from the played one's
    (the two arrows apart, each seen whole)."""
    state = replay.state_at(ply)
    played = replay.moves[ply]
    board = review_board(app, replay, planted(replay, ply, played))
    end = board.move_arrow(played)[-1]
    others = [m for m in state.legal_moves() if m != played and on_board(m) and board.move_arrow(m)]
    best = max(others, key=lambda m: (board.move_arrow(m)[-1][0] - end[0]) ** 2 + (board.move_arrow(m)[-1][1] - end[1]) ** 2)
    app.pop()
    return best


def a_decision(replay, kind=None) -> int:
    """A ply in the game's middle where the move played and another one are on the board."""
    for ply in list(range(replay.length // 2, replay.length)) + list(range(replay.length // 2)):
        state = replay.state_at(ply)
        moves = state.legal_moves()
        played = replay.moves[ply]
        if on_board(played) and sum(on_board(m) for m in moves) > 1 and (kind is None or played.kind == kind):
            return ply
    raise AssertionError("no decision with two moves on the board")


def pixels_along(surface, points, colour, start=0.3, end=0.7, samples=24) -> float:
    """The share of points along the arrow's path (between `start` and `end` of its length)
    that are exactly `colour`."""
    from game.ui.arrows import arrow_path

    path = arrow_path(points)
    lengths = [((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 for (x1, y1), (x2, y2) in zip(path, path[1:])]
    total = sum(lengths)
    hits = 0
    for k in range(samples):
        at = total * (start + (end - start) * k / (samples - 1))
        for (x1, y1), (x2, y2), length in zip(path, path[1:], lengths):
            if at <= length:
                t = at / max(1e-9, length)
                x, y = round(x1 + t * (x2 - x1)), round(y1 + t * (y2 - y1))
                hits += tuple(surface.get_at((x, y)))[:3] == tuple(colour)
                break
            at -= length
    return hits / samples


@pytest.mark.parametrize("game_id,seed,kind", [("scurry", 1, "step"), ("skurdir", 2, None),
                                               ("skyline_express", 2, "seat"), ("scrubbudgetel", 2, None),
                                               ("skyrunner", 2, "route")])
def test_the_played_and_the_better_move_are_arrows_drawn_from_their_click_path(game_id, seed, kind):
    """Red from where the piece is (or its first place) to where the move goes, blue likewise:
    the pixels on each arrow's line are its colour."""
    from game.ui import look
    from tests.uikit import make_app

    replay = random_game(game_id, seed)
    app = make_app((1280, 800))
    try:
        ply = a_decision(replay, kind)
        best = farthest_better(app, replay, ply)
        board = review_board(app, replay, planted(replay, ply, best))
        played = replay.moves[ply]
        assert [(m, c) for m, c in board.mode.arrows()] == [(played, look.BAD), (best, look.HINT)]
        for move, colour in ((played, look.BAD), (best, look.HINT)):
            points = board.move_arrow(move)
            last = [t for t in move.targets if t[0] != "button"][-1]
            assert points[-1] == board.place_centre(last)  # it ends on the move's last place
            start = board.arrow_start(move)
            assert points[0] == (start if start is not None else board.place_centre(move.targets[0]))
            share = pixels_along(app.screen, points, colour)
            assert share >= 0.75, (move, colour, share, points)
        if kind == "step":  # Scurry: from the squirrel's own place
            assert board.move_arrow(played)[0] == board.points[board.view()["squirrels"][played.seat]]
        if kind == "route":  # SkyRunner: from the climber's figure
            assert board.move_arrow(played)[0] == board.figure_rect(played.seat if hasattr(played, "seat")
                                                                    else board.view()["to_move"], board.view()).center
    finally:
        pygame.quit()


# ---- walking the marked moves, the better line, the strip's words -----------------------
def some_decisions(replay, count: int) -> list:
    """`count` decisions of the game, spread over it, each planted as marked."""
    plies = [p for p in range(replay.length) if len(replay.state_at(p).legal_moves()) > 1]
    chosen = plies[:: max(1, len(plies) // count)][:count]
    out = []
    for ply in chosen:
        state = replay.state_at(ply)
        best = next(m for m in state.legal_moves() if m != replay.moves[ply])
        out.append(planted(replay, ply, best))
    return out


def strip_texts(board) -> list[str]:
    from game.ui import look

    look.drawn.clear()
    board.app.draw()
    return [box.text for box in look.drawn if board.mode.strip.contains(box.rect)]


def test_n_and_p_walk_the_marked_moves_and_so_do_the_strips_buttons():
    from tests.uikit import click_button, key, make_app

    replay = random_game("skurdir", 2)
    app = make_app((1280, 800))
    try:
        marked = some_decisions(replay, 4)
        board = review_board(app, replay, marked[1], marked)
        mode = board.mode
        assert mode.ply == marked[1]["ply"] and any(t.startswith(f"Move {marked[1]['ply'] + 1} ·")
                                                    for t in strip_texts(board))
        key(app, pygame.K_n)
        assert mode.decision is marked[2] and mode.ply == marked[2]["ply"]
        assert any("marked move 3 of 4" in t for t in strip_texts(board))
        key(app, pygame.K_n)
        key(app, pygame.K_n)  # past the last: it stays
        assert mode.decision is marked[3] and not mode.walk_buttons["next"].is_enabled
        key(app, pygame.K_p)
        assert mode.decision is marked[2]
        click_button(app, "< Prev (P)")
        click_button(app, "< Prev (P)")
        assert mode.decision is marked[0] and mode.ply == marked[0]["ply"]
        assert not mode.walk_buttons["previous"].is_enabled
        click_button(app, "Next (N) >")
        assert mode.decision is marked[1] and board.viewer == marked[1]["seat"]
        arrows = mode.arrows()
        assert [str(m) for m, _c in arrows] == [marked[1]["played"], marked[1]["best"]]  # its own moves drawn
    finally:
        pygame.quit()


def test_the_better_line_plays_out_on_the_board_and_goes_back_to_the_game():
    from game.ui import look
    from tests.uikit import click_button, key, make_app

    replay = random_game("scurry", 1)
    ply = a_decision(replay, "step")
    state = replay.state_at(ply)
    best = next(m for m in state.legal_moves() if m != replay.moves[ply])
    line, position = [best], state.clone()  # the better move, then what the rules allow after it
    position.apply(best)
    for _ in range(3):
        move = position.legal_moves()[-1]
        line.append(move)
        position.apply(move)
    decision = dict(planted(replay, ply, best), line=[[str(m), []] for m in line])
    app = make_app((1280, 800))
    try:
        board = review_board(app, replay, decision)
        mode = board.mode
        game_position = board.match.state.to_json()
        key(app, pygame.K_l)
        assert mode.line_at == 0 and [m for m, _s, _a in mode.line] == line
        assert mode.arrows() == [(line[0], look.HINT)]  # the line's next move, in blue
        after = state.clone()
        for k, move in enumerate(line, 1):
            key(app, pygame.K_RIGHT)
            after.apply(move)
            assert mode.line_at == k and board.match.state.to_json() == after.to_json()
            assert board.view() == after.view(board.viewer)
        key(app, pygame.K_RIGHT)  # the end of the line: it stays
        assert mode.line_at == len(line) and mode.arrows() == []
        assert any(t.startswith("▸ ") is False and "The end of the line" in t for t in strip_texts(board))
        key(app, pygame.K_LEFT)
        assert mode.line_at == len(line) - 1
        key(app, pygame.K_l)  # back to the game's own line, at the decision
        assert mode.line_at is None and mode.ply == ply and board.match.state.to_json() == game_position
        assert [m for m, _c in mode.arrows()] == [replay.moves[ply], best]
        click_button(app, "Better line (L)")
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_ESCAPE)  # Esc leaves the line, not the board
        assert app.scene is board and mode.line_at is None and board.match.state.to_json() == game_position
        key(app, pygame.K_l)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_END)  # a key of the replay: the game's line again, at its end
        assert mode.line_at is None and mode.ply == replay.length
        assert board.match.state.to_json() == replay.state_at(replay.length).to_json()
    finally:
        pygame.quit()


def test_at_960x640_with_the_panel_at_200_the_strip_says_the_played_and_the_better_move():
    """The panel's old caption lost its "Played … / Better …" lines there; the strip under the
    board keeps them, and where the two moves read alike its words tell them apart."""
    from tests.uikit import make_app

    replay = random_game("scrubbudgetel", 2)
    app = make_app((960, 640))
    app.settings["ui_scale"] = 2.0
    try:
        alike = None
        for ply in range(replay.length // 3, replay.length):  # two ways of laying one marker, said alike
            state = replay.state_at(ply)
            decision = None
            played = replay.moves[ply]
            for move in state.legal_moves():
                if move != played and str(move)[:2] == str(played)[:2]:
                    d = planted(replay, ply, move)
                    if d["played_words"] == d["best_words"]:
                        alike = d
                        break
            if alike:
                break
        assert alike is not None
        board = review_board(app, replay, alike)
        texts = strip_texts(board)
        said = " ".join(texts)  # the strip's lines, wrapped as drawn
        assert "Played (red arrow): " in said and "Better (blue arrow): " in said, texts
        played_words = said.split("Played (red arrow): ")[1].split(" · chance")[0]
        better_words = said.split("Better (blue arrow): ")[1].split(" · chance")[0]
        assert played_words != better_words
        assert " of the red one" in better_words or alike["best"] in better_words
    finally:
        pygame.quit()

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


@pytest.mark.parametrize("game_id,seed", [("scurry", 1), ("skurdir", 2), ("skyline_express", 2),
                                          ("scrubbudgetel", 2), ("skyrunner", 2)])
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

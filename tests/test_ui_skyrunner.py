"""SkyRunner played through the real app with synthetic mouse events only."""
from __future__ import annotations

import random

import pygame
import pytest

from game import shelf
from game.engine.match import Match, Seat
from game.ui import look
from game.ui.board import BoardScene
from game.ui.menus import HandOffScene
from game.ui.results import ResultsScene
from game.ui.scene import start_match
from game.ui.setup import SetupScene

from uikit import (
    look_at_board,
    choose, click, click_button, click_target, confirm_if_asked, open_setup, play_move, option_menu, pump, run_until, screenshot,
    seat_kind_menu, title_app,
)

SPEC = shelf.GAMES["skyrunner"]


@pytest.fixture
def app():
    yield from title_app()


def redrawn(app, board):
    """After a test set up a position by hand: the controller forgets the moves it
    listed and the board is drawn again (clicks go where the last frame drew)."""
    board.controller._cache_key = None
    app.dirty = True
    pump(app)


def pick(state, rng):
    """A random legal move that favours climbing, so that test games stay short."""
    moves = state.legal_moves()
    climbs = [m for m in moves if m.card[:1] == "C"]
    if climbs and rng.random() < 0.7:
        return climbs[-1]
    return rng.choice(moves)


@pytest.mark.slow
def test_three_people_pass_and_play_by_mouse_with_hand_offs(app):
    open_setup(app, "skyrunner")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    choose(app, setup.count_menu, "3")
    setup = app.scene
    choose(app, seat_kind_menu(setup, 1), "Human")
    choose(app, seat_kind_menu(setup, 2), "Human")
    choose(app, option_menu(setup, "squares"), "8")
    screenshot(app, "skyrunner-setup")
    click_button(app, "Start")
    rng = random.Random(4)
    board = None
    hand_offs = 0
    shots = {"hand-off", "board", "reveal"}
    for _ in range(3000):
        if isinstance(app.scene, HandOffScene):
            state = app.scenes[-2].match.state
            name = app.scenes[-2].match.seats[state.to_move].name
            assert app.scene.name == name
            if "hand-off" in shots:
                shots.discard("hand-off")
                screenshot(app, "skyrunner-hand-off")
            click_button(app, f"I am {name}: show my view")
            hand_offs += 1
            # the round just revealed plays out for the next person once the screen is theirs
            if "reveal" in shots and app.scene.anims and len(app.scene.match.state.history) > 6:
                shots.discard("reveal")
                screenshot(app, "skyrunner-reveal")
            continue
        if isinstance(app.scene, ResultsScene):
            break
        board = app.scene
        assert isinstance(board, BoardScene)
        state = board.match.state
        if state.is_over:
            run_until(app, lambda: isinstance(app.scene, ResultsScene), timeout=10)
            continue
        # the person in front of the screen is the one to choose, and sees only their own choice
        assert board.viewer == state.to_move
        view = board.view()
        assert view["my_choice"] is None
        if "board" in shots and len(state.history) > 6:
            shots.discard("board")
            screenshot(app, "skyrunner-board-3p")
        play_move(app, board, pick(state, rng))
    else:
        raise AssertionError("the game did not end")
    assert not shots, f"screenshots not taken: {shots}"
    state = board.match.state
    assert state.is_over and state.outcome.winners
    # a hand-off before every decision of another person than the one before
    movers = board.match.movers
    assert hand_offs == 1 + sum(1 for a, b in zip(movers, movers[1:]) if a != b)
    screenshot(app, "skyrunner-results")
    assert board.match.seats[state.outcome.winners[0]].name in app.scene.headline()
    look_at_board(app, board)
    screenshot(app, "skyrunner-end-board")


@pytest.mark.slow
def test_one_person_against_two_computers_needs_no_hand_off(app):
    app.settings["animation_speed"] = "off"
    seats = [Seat("Ann", 0), Seat("Robo", 1, "computer", "easy"), Seat("Cog", 2, "computer", "easy")]
    start_match(app, Match(SPEC, seats, 5, {"squares": 8}))
    pump(app)
    board = app.scene
    board.controller.ai_delay = 0.0
    rng = random.Random(2)
    for _ in range(2000):
        run_until(app, lambda: board.match.state.is_over or not board.match.is_computer_turn())
        assert not isinstance(app.scene, HandOffScene)
        if board.match.state.is_over:
            break
        if len(board.match.state.history) > 20 and not getattr(board, "_shot", False):
            board._shot = True
            screenshot(app, "skyrunner-vs-computers")
        play_move(app, board, pick(board.match.state, rng))
    assert board.match.state.is_over
    assert {1, 2} <= set(board.match.movers)
    # the log names the players and sums up each round
    assert any("Round" in label and "Robo" in label for _seat, label in board.log.entries)


def test_refused_click_explains_and_attack_needs_a_target(app):
    seats = [Seat("Ann", 0), Seat("Bob", 1, "computer", "easy")]
    start_match(app, Match(SPEC, seats, 3, {"targets": "laid"}))  # the option: name the target as it is laid
    board = app.scene
    pump(app)
    state = board.match.state
    state.open = "X2"  # a crash card up: only numbers may be played
    state.hand[0] = ["C3", "S"]
    redrawn(app, board)
    click_target(app, ("card", "C3"))
    assert "crash" in board.controller.message.lower() and state.history == []
    state.open = "E"
    redrawn(app, board)
    click_target(app, ("card", "S"))
    assert board.controller.prefix == (("card", "S"),)
    screenshot(app, "skyrunner-attack-target")
    click_target(app, ("seat", 1))
    # a sabotage is rare: the first click on the player only says what will happen
    assert state.history == [] and board.controller.prefix == (("card", "S"), ("seat", 1))
    assert "Bob" in board.controller.message and "click again to confirm" in board.controller.message
    screenshot(app, "skyrunner-attack-confirm")
    click_target(app, ("seat", 1))
    assert str(state.history[-1]) == "S p2"


def test_board_fits_the_smallest_window(app):
    seats = [Seat(f"Player {i + 1}", i) for i in range(5)]
    start_match(app, Match(SPEC, seats, 9))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640, size=(960, 640)))
    pump(app)
    if isinstance(app.scene, HandOffScene):
        click_button(app, "I am Player 1: show my view")
    board = app.scene
    assert app.size == (960, 640)
    for move in board.match.state.legal_moves():
        rect = board.target_rect(move.targets[0])
        assert board.board_rect.contains(rect)
        assert board.target_at(rect.center) == move.targets[0]
    for seat in range(5):
        assert board.board_rect.contains(board.plaques[seat])
    screenshot(app, "skyrunner-small-window-5p")


def test_rules_screen_shows_our_rules(app):
    seats = [Seat("Ann", 0), Seat("Bob", 1, "computer", "easy")]
    start_match(app, Match(SPEC, seats, 3))
    pump(app)
    click_button(app, "Menu")
    click_button(app, "Rules")
    screenshot(app, "skyrunner-rules")
    assert type(app.scene).__name__ == "RulesScene"


def drawn(app, board, monkeypatch):
    """One frame of the board: the lines of text drawn (words, box) and the cards drawn."""
    from game.games.skyrunner import board_screen as module
    texts, cards = [], []
    text, card_image = module.look.text, module.card_image

    def record_text(surface, message, *args, **kwargs):
        box = text(surface, message, *args, **kwargs)
        texts.append((message, box))
        return box

    def record_card(card, *args):
        cards.append(card)
        return card_image(card, *args)

    with monkeypatch.context() as patch:
        patch.setattr(module.look, "text", record_text)
        patch.setattr(module, "card_image", record_card)
        app.dirty = True
        app.step()
    return texts, cards


def test_won_sabotage_is_used_on_a_clicked_player_or_kept_with_the_button(app, monkeypatch):
    seats = [Seat("Ann", 0), Seat("Bob", 1)]
    start_match(app, Match(SPEC, seats, 6))
    pump(app)
    for keep in (False, True):
        if isinstance(app.scene, HandOffScene):
            click_button(app, f"I am {app.scene.name}: show my view")
        board = app.scene
        state = board.match.state
        state.open = "S"
        state.pos[1] = [6, 1]
        redrawn(app, board)
        bids = {state.to_move: "N8", 1 - state.to_move: "N1"}
        winner = state.to_move
        for _ in range(2):
            if isinstance(app.scene, HandOffScene):
                click_button(app, f"I am {app.scene.name}: show my view")
            play_move(app, board, SPEC.parse_move(state, bids[state.to_move]))
        if isinstance(app.scene, HandOffScene):
            click_button(app, f"I am {app.scene.name}: show my view")
        assert state.phase == "use" and state.to_move == winner
        if keep:
            click_button(app, "Keep the card for later")
            button = board.panel.game_buttons["keep"]
            assert button.is_selected and button.is_enabled, "Keep looks chosen while it waits for Confirm"
            texts, cards = drawn(app, board, monkeypatch)
            in_hand = [(words, rect) for words, rect in texts if rect.colliderect(board.hand_rect)]
            assert len(in_hand) == 1 and "Confirm (Enter)" in in_hand[0][0], "one sentence above the hand"
            assert "S" in cards, "the won Sabotage is in sight while its winner decides"
            screenshot(app, "skyrunner-keep-sabotage")
            confirm_if_asked(app, board)
            assert "S" in state.hand[winner]
            assert not board.panel.game_buttons["keep"].is_selected
            # the next round's bidding: last round's bids are not in the slots, where bids are put down
            show_my_view(app)
            assert state.phase == "choose" and not any(s["chosen"] for s in state.view(0)["seats"])
            texts, cards = drawn(app, board, monkeypatch)
            assert "N8" not in cards and "N1" not in cards
            assert any(words.startswith("Last round's bids:") for words, _rect in texts)
            screenshot(app, "skyrunner-next-bidding")
        else:
            screenshot(app, "skyrunner-use-sabotage")
            click_target(app, ("seat", 1 - winner))
            assert "click again to confirm" in board.controller.message
            click_target(app, ("seat", 1 - winner))
            confirm_if_asked(app, board)
            assert str(state.history[-1]) == f"use p{2 - winner}"
        run_until(app, lambda: not board.anims, timeout=5)


def show_my_view(app):
    pump(app)
    if isinstance(app.scene, HandOffScene):
        click_button(app, f"I am {app.scene.name}: show my view")
    return app.scene


def test_a_climbing_route_is_chosen_on_the_wall_by_mouse(app):
    """Ruling 6: two ways past a figure; the lit squares, the hovered path, a click."""
    app.settings["animation_speed"] = "off"
    seats = [Seat("Ann", 0), Seat("Bob", 1)]
    start_match(app, Match(SPEC, seats, 6, {"lower": 2}))
    board = show_my_view(app)
    state = board.match.state
    state.open = "E"
    state.pos[0], state.pos[1] = [2, 0], [3, 0]
    state.hand[0], state.hand[1] = ["C4", "E"], []
    redrawn(app, board)
    play_move(app, board, SPEC.parse_move(state, "C4"))
    board = show_my_view(app)
    play_move(app, board, SPEC.parse_move(state, "N1"))
    board = show_my_view(app)
    assert state.phase == "route" and board.viewer == 0
    lit = board.controller.next_targets()
    assert lit == {("square", 6, 0), ("square", 5, 1)}
    round_way, straight = board.target_rect(("square", 5, 1)), board.target_rect(("square", 6, 0))
    assert board.target_at(round_way.center) == ("square", 5, 1)
    assert board.target_at(straight.center) == ("square", 6, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=round_way.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    assert board.controller.hover == ("square", 5, 1)
    screenshot(app, "skyrunner-route-choice")
    click_target(app, ("square", 4, 1))  # not a place the climb can end: refused and explained
    assert state.phase == "route" and "lit squares" in board.controller.message
    click_target(app, ("square", 5, 1))
    confirm_if_asked(app, board)  # the screen goes to the next person after the climb
    assert str(state.history[-1]) == "to 5 g2"
    assert state.pos[0] == [5, 1] and state.hand[0] == ["E"], "round the figure, keeping the equipment"
    assert state.phase == "choose"


def test_an_attack_picks_its_target_by_mouse_after_the_reveal(app):
    """Ruling 10: the sabotage goes down alone; its target is clicked when it acts."""
    app.settings["animation_speed"] = "off"
    seats = [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)]
    start_match(app, Match(SPEC, seats, 6))
    board = show_my_view(app)
    state = board.match.state
    state.open = "E"
    state.hand[0] = ["S"]
    state.pos[2] = [6, 2]
    redrawn(app, board)
    play_move(app, board, SPEC.parse_move(state, "S"))
    for bid in ("N1", "N2"):
        board = show_my_view(app)
        play_move(app, board, SPEC.parse_move(state, bid))
    board = show_my_view(app)
    assert state.phase == "target" and board.viewer == 0
    assert board.controller.next_targets() == {("seat", 1), ("seat", 2)}
    screenshot(app, "skyrunner-attack-after-reveal")
    assert board.target_rect(("seat", 2)) == board.plaques[2]  # where the player is pointed at
    click_target(app, ("seat", 2))
    assert "click again to confirm" in board.controller.message  # a sabotage spends a rare card
    figure = board.figure_rect(2, board.view())
    assert not figure.colliderect(board.plaques[2])
    click(app, figure.center)  # the player's figure on the wall confirms as well as the plaque
    confirm_if_asked(app, board)
    assert str(state.history[-1]) == "on p3" and state.pos[2] == [3, 2]


def test_after_a_hand_off_the_clicks_go_to_the_new_persons_hand(app):
    seats = [Seat("Ann", 0), Seat("Bob", 1)]
    start_match(app, Match(SPEC, seats, 6))
    board = show_my_view(app)
    state = board.match.state
    state.open = "E"
    state.hand[0], state.hand[1] = ["C3", "S"], ["C5"]
    redrawn(app, board)
    assert board.target_rect(("card", "S")) and board.target_rect(("card", "C5")) is None
    play_move(app, board, SPEC.parse_move(state, "N4"))
    board = show_my_view(app)
    assert board.viewer == 1
    assert board.target_rect(("card", "S")) is None, "Ann's cards are not on Bob's screen, nor under his mouse"
    play_move(app, board, SPEC.parse_move(state, "C5"))


def test_the_card_put_down_shows_faded_in_the_hand_until_the_reveal(app):
    seats = [Seat("Ann", 0), Seat("Bob", 1, "computer", "easy")]
    start_match(app, Match(SPEC, seats, 3))
    board = app.scene
    board.controller.ai_delay = 1000.0  # Bob waits while the test looks at Ann's hand
    pump(app)
    state = board.match.state
    play_move(app, board, SPEC.parse_move(state, "N5"))
    pump(app)
    assert state.to_move == 1 and state.numbers[0] == list(range(1, 9))  # the 5 is still Ann's until the reveal

    def card_face(card):  # a point of the card's plain face, clear of its number and of the next card
        rect = board.target_rect(("card", card))
        return tuple(app.screen.get_at((rect.x + 3, rect.bottom - 8)))

    assert card_face("N6") == card_face("N7")
    assert card_face("N5") != card_face("N6"), "the card already on the plaque is faded in the hand"
    assert "Ann's hand — you put down Number 5" in [t.text for t in look.drawn]


def test_a_watched_computers_hand_is_not_called_yours(app):
    seats = [Seat("Robo", 0, "computer", "easy"), Seat("Cog", 1, "computer", "easy")]
    start_match(app, Match(SPEC, seats, 3))
    board = app.scene
    board.controller.ai_delay = 1000.0  # only the move the test plays
    state = board.match.state
    board.match.play(SPEC.parse_move(state, "N5"))
    app.dirty = True
    pump(app)
    assert state.to_move == 1 and board.viewer == 0
    assert "Robo's hand — put down: Number 5" in [t.text for t in look.drawn]


@pytest.mark.parametrize("size, scale", [((1280, 800), 2.0), ((960, 640), 1.0)])
def test_a_big_hand_lies_side_by_side(app, size, scale):
    """Eleven cards in hand (a narrow board at 200 %): smaller cards, none over another, so
    no card's name ("Gear") is half hidden under its neighbour."""
    app.set_window_size(size)
    app.settings["ui_scale"] = scale
    start_match(app, Match(SPEC, [Seat("Ann", 0), Seat("Bob", 1, "computer", "easy")], 6))
    board = show_my_view(app)
    state = board.match.state
    state.hand[board.viewer] = ["E", "L", "C2", "C3", "S", "E", "C4"]
    redrawn(app, board)
    rects = [rect for _card, rect in board.card_rects(board.view())]
    assert len(rects) >= 11
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:]))
    assert all(board.hand_rect.contains(rect) for rect in rects)

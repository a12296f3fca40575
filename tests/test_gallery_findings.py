"""What a look over the gallery (python -m game.bench --gallery DIR) found wrong, each fixed
with a test here."""
from __future__ import annotations

import pygame

from game import shelf
from game.ui import look, rules_pictures
from uikit import make_app


def test_skyrunners_last_bids_say_whose_number_is_whose():
    """"Last round's bids: Ann Climb 2, Computer 3 7" read as one name "Computer 3 7": each
    bid follows its bidder's name after a colon."""
    make_app((1280, 800))
    try:
        picture = shelf.parts_of("skyrunner").pictures[0]  # the next round's bidding, the last bids listed
        scene = rules_pictures.picture_scene("skyrunner", picture, {})
        window = pygame.display.set_mode(picture.area)
        look.drawn.clear()
        scene.draw_board(window, scene.view(), scene.controller.highlights())
        said = " ".join(box.text for box in look.drawn)
        names = [seat.name for seat in scene.match.seats]
        assert "Last round's bids:" in said
        bids = said.split("Last round's bids:")[1]
        for seat, card, _target in scene.view()["last_round"]["plays"]:
            if card[0] == "N":
                assert f"{names[seat]}:\u00a0{card[1:]}" in bids, bids
    finally:
        pygame.quit()


def test_a_per_cent_sign_stays_with_its_number_when_words_wrap():
    """The review's story and strip wrapped "… largest step was move 445, −2" and began the
    next line with "%."."""
    pygame.font.init()
    text = "The computer's choice (blue arrow): Ann takes the red die (3) · chance 67 %, and then −2 %."
    for width in range(120, 700, 7):
        lines = look.wrap_text(text, 14, width)
        assert not any(line.startswith("%") for line in lines), (width, lines)
        assert " ".join(lines) == text

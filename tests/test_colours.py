"""The layout audit's colour checks (tests/colours.py), on pictures whose answer is known."""
from __future__ import annotations

import pygame
import pytest

import colours
from game.ui import look


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    look.reset_caches()
    yield pygame.display.set_mode((200, 100))
    pygame.quit()
    look.reset_caches()  # its fonts die with pygame: the next test must not find them


def drawn_line(surface, words, pos, size, colour, **kwargs):
    look.drawn.clear()
    look.text(surface, words, pos, size, colour, **kwargs)
    return look.drawn[-1]


def test_a_lines_contrast_is_read_against_what_it_stands_on(screen):
    """Grey on white reads as grey on white, whatever the text's own ink or shadow; a letter
    on a small badge is read against the badge, not the card round it."""
    screen.fill((255, 255, 255))
    ratio, behind = colours.behind_text(screen, drawn_line(screen, "Hello", (10, 10), 14, (150, 150, 150)))
    assert behind == (255, 255, 255) and ratio == pytest.approx(colours.contrast((150, 150, 150), (255, 255, 255)))
    assert ratio < colours.NORMAL_TEXT
    screen.fill((30, 30, 30))
    ratio, behind = colours.behind_text(screen, drawn_line(screen, "Hello", (10, 10), 14, (240, 240, 240)))
    assert behind == (30, 30, 30) and ratio > colours.NORMAL_TEXT  # its shadow is not what it stands on
    screen.fill((252, 248, 238))
    pygame.draw.circle(screen, (185, 50, 30), (50, 50), 9)  # a badge hardly larger than its letter
    line = drawn_line(screen, "R", (50, 50), 13, (255, 255, 255), bold=True, anchor="center", shadow=False)
    ratio, behind = colours.behind_text(screen, line)
    assert behind == (185, 50, 30) and ratio > colours.NORMAL_TEXT


def test_thin_lines_near_the_words_do_not_decide(screen):
    screen.fill((170, 150, 120))
    line = drawn_line(screen, "ROOF", (20, 20), 12, (60, 44, 24), bold=True, shadow=False)
    pygame.draw.rect(screen, (96, 82, 62), line.rect.inflate(6, 6), 2)  # a frame round the word
    assert colours.behind_text(screen, line)[1] == (170, 150, 120)


def test_large_text_needs_three_to_one():
    assert colours.needed(24, False) == colours.needed(19, True) == colours.LARGE_TEXT
    assert colours.needed(23, False) == colours.needed(18, True) == colours.NORMAL_TEXT


def test_colours_alike_to_a_colour_blind_eye_are_found():
    """Pure red and green look alike without red or green cones; the Okabe-Ito colours the
    seats wear are told apart in all three simulations; Skyline's first red and green (the
    dice, which carry no letter) were alike to a deuteranope."""
    assert any("deuteranopia" in pair for pair in colours.confused({"red": (220, 40, 40), "green": (40, 160, 40)}))
    assert colours.confused({name: rgb for name, rgb in look.SEAT_COLOURS}) == []
    old_skyline = {"red": (208, 58, 48), "yellow": (236, 190, 30), "green": (58, 156, 82), "blue": (46, 104, 196)}
    assert colours.confused(old_skyline) == ["red and green (ΔE2000 7.9 in deuteranopia)"]

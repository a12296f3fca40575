"""Text fitting: the same answers as shortening a letter at a time, but fast on huge names."""
from __future__ import annotations

import time

import pygame
import pytest

from game.ui import look


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()  # (another test on this worker may have quit pygame since the last one here)


def slow_fit(message, size, width, bold=False):
    f = look.font(size, bold)
    if f.size(message)[0] <= width:
        return message
    while message and f.size(message + "…")[0] > width:
        message = message[:-1]
    return message + "…"


@pytest.mark.parametrize("message", ["Skurðir", "Skyline Express Roll & Write", "Ann vs Bob vs Cleo vs Dana", "", "W" * 60])
@pytest.mark.parametrize("width", [0, 5, 40, 120, 300])
def test_fit_text_matches_cutting_a_letter_at_a_time(message, width):
    assert look.fit_text(message, 16, width) == slow_fit(message, 16, width)


def test_fit_text_of_a_very_long_name_is_quick():
    name = "Bartholomew" * 10_000  # 110,000 letters
    start = time.thread_time()  # processor time: a busy machine does not slow it
    fitted = look.fit_text(name, 16, 300)
    assert time.thread_time() - start < 0.5
    assert fitted.endswith("…") and look.font(16).size(fitted)[0] <= 300 and len(fitted) > 10


def test_a_no_break_space_keeps_a_count_with_its_name_when_a_line_wraps():
    width = look.font(14).size("Main set 35 · shared")[0]
    assert look.wrap_text("Main set 35 · shared pile 0", 14, width) == ["Main set 35 · shared", "pile 0"]
    assert look.wrap_text("Main\u00a0set\u00a035 · shared\u00a0pile\u00a00", 14, width) == \
        ["Main\u00a0set\u00a035 ·", "shared\u00a0pile\u00a00"]
    assert look.wrap_text(" two  words\n", 14, width) == ["two words"]


def test_a_times_sign_stays_with_its_numbers():
    width = look.font(12).size("spread; a 9")[0]
    lines = look.wrap_text("The table may spread; a 9 × 9 grid keeps it small.", 12, width)
    assert "9 × 9 grid" in " ".join(lines) and any("9 × 9" in line for line in lines)
    assert look.joined_words("a 9 × 9 grid") == ["a", "9 × 9", "grid"]


def test_fonts_made_before_pygame_quit_are_made_again_after_it():
    """A Font dies with pygame.quit(): the next App (the tests make hundreds) must not be
    handed a dead one from the cache (it raised 'font module quit since font created')."""
    assert look.font(16).size("Skurðir")[0] > 0
    pygame.quit()
    pygame.font.init()
    assert look.font(16).size("Skurðir")[0] > 0 and look.font(16, bold=True).size("Skurðir")[0] > 0
    pygame.quit()  # twice: the cache empties at every quit, not only the first
    pygame.font.init()
    assert look.font(16).size("Skurðir")[0] > 0

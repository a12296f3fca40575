"""SkyRunner's sprites (game/art.py gathers every game's SPRITES): the title-screen card."""
from __future__ import annotations

import random

import pygame

from ...ui.draw import gradient, render, vignette

CLIMBERS = ((230, 159, 0), (86, 180, 233), (0, 158, 115))


def _figure(s, x, y, size, colour) -> None:
    body = [(x - size * 0.32, y), (x + size * 0.32, y), (x + size * 0.22, y - size * 0.62), (x - size * 0.22, y - size * 0.62)]
    pygame.draw.polygon(s, colour, body)
    pygame.draw.polygon(s, (16, 12, 10), body, max(1, int(size * 0.08)))
    pygame.draw.circle(s, colour, (x, y - size * 0.78), size * 0.2)
    pygame.draw.circle(s, (16, 12, 10), (x, y - size * 0.78), size * 0.2, max(1, int(size * 0.08)))


def sprite_title_skyrunner() -> pygame.Surface:
    W, H = 480, 300
    out = pygame.Surface((W, H))
    out.blit(gradient((W, H), (22, 30, 70), (236, 140, 80), direction="v"), (0, 0))
    rng = random.Random(26212)

    def draw(s, k):
        for _ in range(40):  # stars in the upper sky
            pygame.draw.circle(s, (255, 250, 230, 170), (rng.uniform(0, W) * k, rng.uniform(0, 110) * k), 0.8 * k)
        x = -10
        while x < W:  # the far skyline
            w = rng.uniform(24, 52)
            h = rng.uniform(50, 150)
            pygame.draw.rect(s, (40, 34, 60), (x * k, (H - h) * k, w * k, h * k))
            for wy in range(int(H - h + 8), H - 6, 12):
                for wx in range(int(x + 5), int(x + w - 5), 9):
                    if rng.random() < 0.3:
                        pygame.draw.rect(s, (250, 210, 120, 200), (wx * k, wy * k, 3 * k, 4 * k))
            x += w + rng.uniform(2, 8)
        # the tower: three walls narrowing upwards, ledges between, the roof on top
        cx = W / 2
        bottom = H - 8
        widths, height = (170, 136, 104), 78
        for i, w in enumerate(widths):
            top = bottom - height
            pygame.draw.rect(s, (0, 0, 0, 90), ((cx - w / 2 + 6) * k, (top + 6) * k, w * k, height * k))
            pygame.draw.rect(s, (96, 110, 132), ((cx - w / 2) * k, top * k, w * k, height * k))
            for band in range(3):
                pygame.draw.rect(s, (130, 160, 190, 90),
                                 ((cx - w / 2 + 3) * k, (top + 10 + band * 24) * k, (w - 6) * k, 9 * k))
            grooves = 3 - i if i < 2 else 1
            for g in range(grooves):
                gx = cx - w / 2 + (g + 0.5) * w / grooves
                pygame.draw.rect(s, (56, 64, 80), ((gx - 7) * k, (top + 3) * k, 14 * k, (height - 6) * k),
                                 border_radius=int(7 * k))
                for sq in range(6):
                    pygame.draw.circle(s, (24, 26, 32), (gx * k, (top + 9 + sq * 12) * k), 2.4 * k)
            pygame.draw.rect(s, (26, 30, 38), ((cx - w / 2) * k, top * k, w * k, height * k), int(2 * k))
            pygame.draw.rect(s, (184, 160, 124), ((cx - w / 2 - 6) * k, (top - 7) * k, (w + 12) * k, 8 * k),
                             border_radius=int(3 * k))
            bottom = top - 7
        mast = (cx + 40, bottom)
        pygame.draw.line(s, (220, 220, 230), (mast[0] * k, mast[1] * k), (mast[0] * k, (mast[1] - 30) * k), int(2 * k))
        pygame.draw.polygon(s, (240, 192, 112), [(mast[0] * k, (mast[1] - 30) * k), ((mast[0] - 20) * k, (mast[1] - 24) * k),
                                                 (mast[0] * k, (mast[1] - 18) * k)])
        # three climbers on their way up
        _figure(s, (cx - 57) * k, (H - 40) * k, 22 * k, CLIMBERS[0])
        _figure(s, (cx + 34) * k, (H - 120) * k, 22 * k, CLIMBERS[1])
        _figure(s, cx * k, 100 * k, 22 * k, CLIMBERS[2])

    out.blit(render((W, H), draw), (0, 0))
    out.blit(vignette((W, H), 140), (0, 0))
    return out


SPRITES = {"title_skyrunner.png": sprite_title_skyrunner}
SPRITE_SIZES = {"title_skyrunner.png": ((480, 300), True)}

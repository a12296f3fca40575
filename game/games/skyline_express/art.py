"""Skyline Express sprites: the title-screen card (game/art.py gathers every game's SPRITES)."""
from __future__ import annotations

import pygame

from ...ui.draw import draw_die, gradient, render, vignette

PENCIL = ((185, 50, 30), (236, 200, 40), (0, 130, 105), (30, 60, 190))  # as the sheet's (board_screen.PENCIL)


def sprite_title_skyline_express() -> pygame.Surface:
    W, H = 480, 300
    card = pygame.Surface((W, H))  # opaque: the title card
    card.blit(gradient((W, H), (250, 180, 120), (70, 90, 150), "v"), (0, 0))

    def draw(s, k):
        # a skyline against the evening sky
        for i, (x, w, h) in enumerate(((10, 50, 120), (64, 36, 160), (104, 60, 96), (170, 40, 190), (214, 70, 130),
                                       (290, 44, 170), (338, 60, 110), (404, 30, 150), (438, 40, 90))):
            shade = (52 + i % 3 * 8, 58 + i % 2 * 6, 92)
            pygame.draw.rect(s, shade, (x * k, (200 - h) * k, w * k, h * k))
            for wy in range(200 - h + 10, 190, 18):
                for wx in range(x + 6, x + w - 8, 12):
                    if (wx * 7 + wy * 3) % 5 < 2:
                        pygame.draw.rect(s, (255, 214, 120), (wx * k, wy * k, 5 * k, 7 * k))
        # rails
        pygame.draw.rect(s, (60, 50, 46), (0, 262 * k, W * k, 6 * k))
        for x in range(0, W, 16):
            pygame.draw.rect(s, (90, 70, 54), (x * k, 268 * k, 9 * k, 5 * k))
        # the carriage
        body = pygame.Rect(24 * k, 168 * k, 432 * k, 92 * k)
        pygame.draw.rect(s, (64, 88, 112), body, border_radius=18 * k)
        pygame.draw.rect(s, (34, 48, 64), body, 3 * k, border_radius=18 * k)
        pygame.draw.rect(s, (236, 192, 92), (24 * k, 236 * k, 432 * k, 6 * k))
        for c in range(6):
            win = pygame.Rect((42 + c * 70) * k, 182 * k, 58 * k, 44 * k)
            pygame.draw.rect(s, (176, 212, 232), win, border_radius=6 * k)
            # a passenger in each window
            colour = PENCIL[(c * 3 + 1) % 4]
            pygame.draw.ellipse(s, colour, (win.x + 14 * k, win.y + 26 * k, 30 * k, 22 * k))
            pygame.draw.circle(s, (236, 200, 160), (win.centerx, win.y + 22 * k), 9 * k)
            if c in (1, 4):  # VIPs wear a gold circle
                pygame.draw.ellipse(s, (214, 150, 20), win.inflate(-6 * k, -2 * k), 3 * k)
            pygame.draw.rect(s, (34, 48, 64), win, 2 * k, border_radius=6 * k)
        for x in (80, 400):
            pygame.draw.circle(s, (30, 30, 34), (x * k, 262 * k), 14 * k)
            pygame.draw.circle(s, (120, 120, 130), (x * k, 262 * k), 6 * k)
        # the four dice
        for i, (x, y, faces) in enumerate(((300, 62, (5, 1, 3)), (350, 92, (2, 4, 6)), (402, 58, (6, 3, 2)),
                                           (452, 96, (3, 5, 1)))):
            draw_die(s, (x * k, y * k), 44 * k, color=PENCIL[i], pip=(60, 44, 10) if i == 1 else (255, 255, 255), faces=faces)

    card.blit(render((W, H), draw), (0, 0))
    card.blit(vignette((W, H), 120), (0, 0))
    return card


SPRITES = {"title_skyline_express.png": sprite_title_skyline_express}
SPRITE_SIZES = {"title_skyline_express.png": ((480, 300), True)}

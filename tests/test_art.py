"""The procedural art: game/art.py draws every PNG in sprites/ (the app's own and,
through the shelf, each game's art.py)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import art  # noqa: E402

# one worker runs the module: the sprites are drawn once (~0.7 s), not again at each share of
# the tests pytest-xdist hands a worker (a module fixture goes when the next test is another module's)
pytestmark = pytest.mark.xdist_group("art")

REPO_SPRITES = Path(__file__).resolve().parent.parent / "sprites"
SPRITES = art.sprites()
SPRITE_SIZES = art.sprite_sizes()
ALPHA_SPRITES = [n for n, (_, opaque) in SPRITE_SIZES.items() if not opaque]
OPAQUE_SPRITES = [n for n, (_, opaque) in SPRITE_SIZES.items() if opaque]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("sprites_a")
    art.generate_all(out)
    return out


def rgba(path):
    surf = pygame.image.load(str(path))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def luma(data, i):
    return 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]


def test_the_sprite_list_is_complete():
    assert set(SPRITES) == set(SPRITE_SIZES)
    assert {"title_skurdir.png", "title_skyrunner.png"} <= set(SPRITES)  # the games' art.py, through the shelf
    for name in (
        "scurry_tile_brown.png", "scurry_tile_grey.png",
        "scurry_squirrel_brown.png", "scurry_squirrel_grey.png",
        "title_scurry.png", "app_icon.png", "title_background.png", "felt.png",
    ):
        assert name in SPRITES


@pytest.mark.slow
def test_every_sprite_is_written_with_its_size(generated):
    files = sorted(p.name for p in generated.iterdir())
    assert files == sorted(SPRITES)
    for name, (size, _) in SPRITE_SIZES.items():
        got, _ = rgba(generated / name)
        assert got == size, name


@pytest.mark.parametrize("name", ALPHA_SPRITES)
def test_transparent_sprites_have_sensible_coverage(generated, name):
    (w, h), data = rgba(generated / name)
    alpha = data[3::4]
    covered = sum(1 for a in alpha if a > 127) / len(alpha)
    assert 0.25 < covered < 0.85, (name, covered)
    # transparent corners: the background is not painted
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert alpha[y * w + x] == 0, (name, x, y)
    # nothing is cut off by the sprite's edges (a faint shadow fringe at most)
    edge = [alpha[x] for x in range(w)] + [alpha[(h - 1) * w + x] for x in range(w)]
    edge += [alpha[y * w] for y in range(h)] + [alpha[y * w + w - 1] for y in range(h)]
    assert max(edge) <= 16, (name, max(edge))
    # some real drawing: many distinct colours among the opaque pixels
    colours = {data[i:i + 3] for i in range(0, len(data), 4) if data[i + 3] == 255}
    assert len(colours) > 60, (name, len(colours))


@pytest.mark.parametrize("name", OPAQUE_SPRITES)
def test_opaque_sprites_are_opaque_and_textured(generated, name):
    _, data = rgba(generated / name)
    assert set(data[3::4]) == {255}, name
    assert len({data[i:i + 3] for i in range(0, len(data), 4)}) > 100, name


def test_brown_and_grey_tiles_differ_beyond_colour(generated):
    _, brown = rgba(generated / "scurry_tile_brown.png")
    _, grey = rgba(generated / "scurry_tile_grey.png")
    n = len(brown) // 4
    # colour: the brown side is warm, the grey side is cool
    def mean(data, c):
        return sum(data[c::4]) / n
    assert mean(brown, 0) - mean(brown, 2) > 40
    assert abs(mean(grey, 0) - mean(grey, 2)) < 25
    # shape: even in greyscale the two sides look different (solid acorn vs
    # outlined acorn in a dotted ring)
    diff = sum(abs(luma(brown, i) - luma(grey, i)) for i in range(0, len(brown), 4)
               if brown[i + 3] and grey[i + 3])
    assert diff / n > 12


def test_squirrels_share_a_silhouette_in_two_colours(generated):
    _, brown = rgba(generated / "scurry_squirrel_brown.png")
    _, grey = rgba(generated / "scurry_squirrel_grey.png")
    same_shape = sum(1 for a, b in zip(brown[3::4], grey[3::4]) if (a > 127) == (b > 127))
    assert same_shape / (len(brown) // 4) > 0.97
    assert brown != grey


def _seam_ratio(name, generated, axis):
    (w, h), data = rgba(generated / name)

    def px(x, y):
        return luma(data, 4 * (y * w + x))

    if axis == "x":
        seam = sum(abs(px(w - 1, y) - px(0, y)) for y in range(h)) / h
        inner = sum(abs(px(x, y) - px(x + 1, y)) for y in range(h) for x in (w // 3, w // 2)) / (2 * h)
    else:
        seam = sum(abs(px(x, h - 1) - px(x, 0)) for x in range(w)) / w
        inner = sum(abs(px(x, y) - px(x, y + 1)) for x in range(w) for y in (h // 3, h // 2 + 3)) / (2 * w)
    return seam / max(inner, 1e-6)


def test_textures_tile_without_seams(generated):
    assert _seam_ratio("felt.png", generated, "x") < 1.6
    assert _seam_ratio("felt.png", generated, "y") < 1.6
    assert _seam_ratio("title_background.png", generated, "x") < 1.6
    # vertically the wrap falls on a gap between planks, like the other gaps
    (w, h), data = rgba(generated / "title_background.png")
    row = lambda y: [luma(data, 4 * (y * w + x)) for x in range(w)]  # noqa: E731
    wrap = sum(abs(a - b) for a, b in zip(row(h - 1), row(0))) / w
    inner_gap = sum(abs(a - b) for a, b in zip(row(h // 4 - 1), row(h // 4))) / w
    assert 0.5 < wrap / inner_gap < 2.0


def test_title_background_is_dark_enough_for_white_text(generated):
    (w, h), data = rgba(generated / "title_background.png")
    lum = [luma(data, i) for i in range(0, len(data), 4)]
    assert sum(lum) / len(lum) < 80
    assert sorted(lum)[int(len(lum) * 0.99)] < 110


@pytest.mark.slow
def test_generation_is_deterministic(generated, tmp_path):
    art.generate_all(tmp_path)
    for name in SPRITES:
        assert (generated / name).read_bytes() == (tmp_path / name).read_bytes(), name


def _premultiplied(data):
    out = bytearray(len(data))
    for i in range(0, len(data), 4):
        a = data[i + 3]
        out[i] = data[i] * a // 255
        out[i + 1] = data[i + 1] * a // 255
        out[i + 2] = data[i + 2] * a // 255
        out[i + 3] = a
    return out


@pytest.mark.parametrize("name", sorted(SPRITES))
def test_committed_sprites_match_the_generator(generated, name):
    """sprites/ holds exactly what `python -m game.art` draws: nobody edits
    the PNGs by hand.  Pixels are compared (not file bytes, which depend on
    the zlib build), premultiplied, with +-2 of slack for rounding in other
    builds of pygame's smoothscale."""
    committed = REPO_SPRITES / name
    assert committed.exists(), f"{name} missing: run `python -m game.art`"
    size_c, data_c = rgba(committed)
    size_g, data_g = rgba(generated / name)
    assert size_c == size_g, f"{name} differs: run `python -m game.art`"
    if data_c == data_g:
        return
    pc, pg = _premultiplied(data_c), _premultiplied(data_g)
    worst = max(abs(a - b) for a, b in zip(pc, pg))
    assert worst <= 2, f"{name} differs from the generator (by {worst}): run `python -m game.art`"

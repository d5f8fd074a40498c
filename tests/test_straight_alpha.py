"""Premultiplied -> straight alpha (what ``playmat render`` writes for translucent pixels).

The reference is worked out pixel by pixel with float32 scalars, the rounding the rendered
goldens were measured with: ``min(255, trunc(c * (255 / a) + 0.5))`` for alpha 1..254;
opaque and transparent pixels keep their bytes. The picture spans several of the
renderer's chunks, so each way a chunk is handled (all translucent, a few translucent,
none) meets every alpha.
"""

from __future__ import annotations

import numpy as np

from game.render.pg import pygame
from game.render.straight import CHUNK, unpremultiply
from game.render.surfaces import blank_canvas


def straight(c: int, a: int) -> int:
    if a in (0, 255):
        return c
    value = np.float32(c) * (np.float32(255) / np.float32(a)) + np.float32(0.5)
    return min(255, int(value))


def test_every_alpha_and_channel_value_divides_as_float32_rounding() -> None:
    rng = np.random.default_rng(7)
    # Every (alpha, channel) pair with channel <= alpha (premultiplied), plus channels above alpha,
    # which clamp to 255.
    pairs = [(a, c) for a in range(256) for c in range(a + 1)] + [(200, 201), (3, 255), (1, 2)]
    dense = np.array([[c, (c * 7) % (a + 1), c // 2, a] for a, c in pairs], np.uint8)
    width = 509  # not a divisor of the chunk size: chunks start mid-row
    rows = -(-4 * CHUNK // width)
    pixels = np.zeros((rows * width, 4), np.uint8)
    # chunk 0: translucent throughout (every pair, twice over): divided whole on sight
    pixels[:CHUNK] = np.resize(dense, (CHUNK, 4))
    # chunk 1: a third translucent, the rest opaque (divided whole); chunk 2: opaque but for a few pixels
    opaque = rng.integers(0, 256, (2 * CHUNK, 4), dtype=np.uint8)
    opaque[:, 3] = 255
    pixels[CHUNK : 3 * CHUNK] = opaque
    for first, count in ((CHUNK, CHUNK // 3), (2 * CHUNK, 300)):
        where = rng.choice(CHUNK, count, replace=False) + first
        pixels[where] = dense[rng.choice(len(dense), count)]
    # chunk 3 and the tail: transparent (nothing to do)
    table = np.array([[straight(c, a) for c in range(256)] for a in range(256)], np.uint8)  # [alpha, channel]
    expected = pixels.copy()
    expected[:, :3] = table[pixels[:, 3:4], pixels[:, :3]]

    surf = blank_canvas((width, rows))
    view = np.asarray(surf.get_view("0")).reshape(-1, 4)
    # The canvas is BGRA in memory (pygame's SRCALPHA layout); every channel is divided alike.
    view[...] = pixels
    del view
    out = unpremultiply(surf)
    got = np.asarray(out.get_view("0")).reshape(-1, 4).copy()
    assert np.array_equal(got, expected)


def test_surfaces_in_other_layouts_divide_alike() -> None:
    for masks in ((0xFF, 0xFF00, 0xFF0000, 0xFF000000), (0xFF000000, 0xFF0000, 0xFF00, 0xFF)):  # RGBA; alpha low
        surf = pygame.Surface((3, 1), pygame.SRCALPHA, 32, masks)
        surf.fill((0, 0, 0, 0))
        surf.set_at((1, 0), (50, 100, 25, 128))
        surf.set_at((2, 0), (9, 8, 7, 255))
        out = unpremultiply(surf)
        assert tuple(out.get_at((1, 0))) == (straight(50, 128), straight(100, 128), straight(25, 128), 128)
        assert tuple(out.get_at((2, 0))) == (9, 8, 7, 255)
        assert tuple(out.get_at((0, 0)))[3] == 0

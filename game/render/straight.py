"""Premultiplied -> straight alpha, in place on a pygame surface's pixels.

Every translucent pixel's colour channels are divided by its alpha exactly as
``min(255, trunc(c * float32(255 / a) + 0.5))`` in float32 (Tiled's pictures
are compared against this; the figure must not move by a bit). Opaque and
transparent pixels keep their bytes.

Why it is shaped like this: a map under a translucent group is translucent
everywhere (4128x3538 px for a 64x64 map), and numpy's per-channel work on the
interleaved bytes (strided uint8 <-> float casts, map-sized temporaries) was
most of the time of drawing it. Here each pixel is one native uint32 (the
surface masks put alpha in the top byte), channels are cut out with shifts in
contiguous uint32 buffers, and the work goes chunk by chunk through buffers
that stay in the CPU's cache: chunks with no translucent pixel are skipped, a
chunk with a few gathers them by index, the rest are divided whole. Every
PROBE-th pixel is looked at first: a chunk mostly translucent in that sample is
divided whole at once (dividing an opaque or transparent pixel changes nothing),
without first finding its translucent pixels.
"""

from __future__ import annotations

import numpy as np

from .pg import pygame

CHUNK = 1 << 16  # pixels per step: the six working buffers (256 KB each) stay in cache
SPARSE = 8  # a chunk with fewer than 1/SPARSE translucent pixels gathers them by index
PROBE = 1021  # sample stride (prime: no lockstep with rows): ~64 looks per chunk spot mostly translucent ones

_ALPHA = np.uint32(0xFF000000)
_BYTE = np.uint32(0xFF)


class _Buffers:
    """Working buffers for one chunk, made once per call."""

    def __init__(self, size: int) -> None:
        self.tmp = np.empty(size, np.uint32)
        self.out = np.empty(size, np.uint32)
        self.scale = np.empty(size, np.float32)
        self.work = np.empty(size, np.float32)
        self.mask = np.empty(size, np.bool_)


def unpremultiply(surf: pygame.Surface) -> pygame.Surface:
    """The surface (premultiplied RGBA) made straight alpha; in place when it is 32-bit with alpha on top.

    Returns the surface holding the result: ``surf`` itself, or a straight copy in that layout.
    """
    w, h = surf.get_size()
    if surf.get_bitsize() != 32 or surf.get_masks()[3] != 0xFF000000 or surf.get_pitch() != w * 4:
        copy = pygame.Surface((w, h), pygame.SRCALPHA)
        copy.blit(surf, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
        surf = copy
    if not w or not h:
        return surf
    pixels = np.asarray(surf.get_view("0")).reshape(-1).view(np.uint32)  # native order: alpha = top byte
    bufs = _Buffers(min(CHUNK, pixels.size))
    mostly = _mostly_translucent(pixels)
    for i, start in enumerate(range(0, pixels.size, CHUNK)):
        chunk = pixels[start : start + CHUNK]
        n = chunk.size
        if mostly[i]:
            _divide(chunk, bufs)
            continue
        tmp, mask = bufs.tmp[:n], bufs.mask[:n]
        # Translucent: alpha 1..254 (as in _translucent, into the buffers).
        np.subtract(chunk, np.uint32(0x01000000), out=tmp)
        np.less(tmp, np.uint32(0xFE000000), out=mask)
        count = int(np.count_nonzero(mask))
        if not count:
            continue
        if count * SPARSE < n:
            idx = np.flatnonzero(mask)
            few = chunk[idx]
            _divide(few, bufs)
            chunk[idx] = few
        else:
            _divide(chunk, bufs)  # opaque pixels scale by 1 and transparent ones hold 0: all may be divided
    del pixels  # release the surface lock
    return surf


def _translucent(px: np.ndarray) -> np.ndarray:
    """Which packed pixels have alpha 1..254 (subtracting alpha 1 wraps alpha 0 to the top)."""
    return (px - np.uint32(0x01000000)) < np.uint32(0xFE000000)


def _mostly_translucent(pixels: np.ndarray) -> np.ndarray:
    """Per chunk, whether more than half of every PROBE-th pixel in it is translucent."""
    chunks = -(-pixels.size // CHUNK)
    where = np.arange(0, pixels.size, PROBE) // CHUNK
    seen = np.bincount(where, minlength=chunks)
    hits = np.bincount(where[_translucent(pixels[::PROBE])], minlength=chunks)
    return hits * 2 > seen


def _divide(px: np.ndarray, bufs: _Buffers) -> None:
    """Divide the colour channels of packed pixels ``px`` (uint32, alpha on top) by their alpha, in place."""
    n = px.size
    tmp, out, scale, work = bufs.tmp[:n], bufs.out[:n], bufs.scale[:n], bufs.work[:n]
    np.right_shift(px, np.uint32(24), out=tmp)
    np.maximum(tmp, np.uint32(1), out=tmp)
    np.copyto(scale, tmp, casting="unsafe")
    np.divide(np.float32(255), scale, out=scale)
    for shift in (0, 8, 16):
        if shift:
            np.right_shift(px, np.uint32(shift), out=tmp)
            np.bitwise_and(tmp, _BYTE, out=tmp)
        else:
            np.bitwise_and(px, _BYTE, out=tmp)
        np.copyto(work, tmp, casting="unsafe")
        work *= scale
        work += np.float32(0.5)
        np.minimum(work, np.float32(255), out=work)
        if not shift:
            np.copyto(out, work, casting="unsafe")  # truncates: + 0.5 above rounds
            continue
        np.copyto(tmp, work, casting="unsafe")
        np.left_shift(tmp, np.uint32(shift), out=tmp)
        out |= tmp
    np.bitwise_and(px, _ALPHA, out=tmp)
    np.bitwise_or(out, tmp, out=px)

"""Animated tiles on the window's cached map picture (Tiled's ``<animation>`` frames).

The map stays one cached surface per zoom step; a frame only repaints the cells whose
animation frame changed since that surface last showed them, and only those in view
(a cell out of view keeps its old frame until it comes into view). A cell is repainted
by compositing, at Tiled's pixels, every layer's sprites that overlap the cell's region
(its frames' bounds) over the background, with the animated tiles at their frames. At
100 % that patch is blitted in place; at other zoom steps the scaled difference between
the old and the new patch is added (see :meth:`TileAnimator._repaint`), and remembered.

Time comes from the fixed-timestep updates (:meth:`TileAnimator.tick`), never from the
wall clock, so a replay or a headless run shows the same frames. All tiles of the same
kind change frame together, as in Tiled: frame = the map clock modulo the animation's
length. This is presentation only: nothing in the encounter changes.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Iterable

import numpy as np

from game.render.map_art import AnimatedCell, MapArt, Placement
from game.render.pg import pygame

Rect = tuple[int, int, int, int]
BUDGET_MS = 4.0
DELTA_BYTES = 48 << 20  # remembered scaled frame changes (zoomed views), least recently used dropped first


class TileAnimator:
    def __init__(self, art: MapArt, background: tuple[int, int, int]) -> None:
        self.art = art
        self.background = background
        self.clock_ms = 0.0
        self.cells: list[AnimatedCell] = list(art.animated)
        self.by_slot = {(c.layer, c.index): i for i, c in enumerate(self.cells)}
        self.regions: list[Rect] = [_union(self._rect(c.layer, p) for p, _ in c.frames) for c in self.cells]
        self.paint: list[list[tuple[int, int]]] = self._overlaps() if self.cells else []
        # Cells whose animations have the same frame lengths change frame together: the frame is
        # worked out once per such group (a map may animate thousands of cells).
        signatures: dict[tuple[int, ...], int] = {}
        self.group = np.array([signatures.setdefault(tuple(d for _, d in c.frames), len(signatures))
                               for c in self.cells], dtype=np.int64)
        self.leaders = [0] * len(signatures)
        for i, g in enumerate(self.group.tolist()):
            self.leaders[g] = i
        self.boxes = np.array(self.regions, dtype=np.float64).reshape(-1, 4)
        self.scaled_boxes: dict[tuple[float, float], list[tuple[Rect, tuple[int, int]] | None]] = {}
        # Per cell, the animated cells its patch paints (itself included): what a remembered change depends on.
        self.slots = [sorted({self.by_slot[lp] for lp in order if lp in self.by_slot}) for order in self.paint]
        self.deltas: OrderedDict[tuple[object, ...], np.ndarray] = OrderedDict()
        self.delta_bytes = 0
        self.repaints = 0  # cells repainted so far (tests: only changed cells, never the whole map)
        # A frame stops repainting after this many ms (at least one cell each frame); the rest follow in
        # the next frames, so a map animating most of its cells never stalls a frame. None: no limit.
        self.budget_ms: float | None = BUDGET_MS

    # --- time ----------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """One fixed update: the animation clock advances by ``dt`` seconds."""
        self.clock_ms += dt * 1000.0

    def frames_now(self) -> np.ndarray:
        per_group = np.array([self.cells[i].frame_at(self.clock_ms) for i in self.leaders], dtype=np.int64)
        return per_group[self.group]

    # --- painting ------------------------------------------------------------------------------
    def initial(self) -> np.ndarray:
        """The frames a freshly built map picture shows: every animated tile's first frame."""
        return np.zeros(len(self.cells), dtype=np.int64)

    def refresh(self, surf: pygame.Surface, shown: np.ndarray, scale: tuple[float, float],
                visible: pygame.Rect | None) -> int:
        """Repaint on ``surf`` (the picture at ``scale``) the cells whose frame differs from ``shown``.

        ``shown`` is the frame each animated cell has on ``surf``; it is updated. ``visible``: the part
        of ``surf`` in view; cells outside it keep their old frame until they come into view.
        Returns how many cells were repainted (fewer than changed when the frame's budget ran out).
        """
        if not self.cells:
            return 0
        now = self.frames_now()
        todo = np.flatnonzero(now != shown)
        if visible is not None and todo.size:
            sx, sy = scale
            b = self.boxes[todo]
            seen = ((b[:, 0] * sx - 1 < visible.right) & ((b[:, 0] + b[:, 2]) * sx + 1 > visible.left)
                    & (b[:, 1] * sy - 1 < visible.bottom) & ((b[:, 1] + b[:, 3]) * sy + 1 > visible.top))
            todo = todo[seen]
        start = time.perf_counter()
        count = 0
        for i in todo.tolist():
            # Neighbouring animated cells are painted as the picture shows them (``shown``): each
            # repaint changes one cell, so repaints in any order add up to the frames of now.
            after = shown.copy()
            after[i] = now[i]
            self._repaint(surf, i, after, scale, shown)
            shown[i] = now[i]
            count += 1
            if self.budget_ms is not None and (time.perf_counter() - start) * 1000 > self.budget_ms:
                break
        self.repaints += count
        return count

    def _repaint(self, surf: pygame.Surface, i: int, now: np.ndarray, scale: tuple[float, float],
                 before: np.ndarray) -> None:
        """Cell ``i``'s region with the cells at frames ``now`` (``before``: what ``surf`` shows now)."""
        x, y, w, h = self.regions[i]
        sx, sy = scale
        if sx == 1.0 and sy == 1.0:
            surf.blit(self._patch(i, now, (x, y, w, h)), (x, y))
            return
        # Scaled on its own, a patch cannot sample the picture on the grid the whole-map scale did
        # (the scale's ratio is rarely a fraction with a small denominator), so its pixels sit up to
        # half a pixel off. Adding only the scaled *difference* between the old and the new frames
        # leaves every pixel the frames share untouched: no seam around the cell, only the changing
        # pixels carry that sub-pixel offset. A margin lets the filter see the neighbours.
        box, size = self._scaled_box(i, sx, sy)
        px, py = round(box[0] * sx), round(box[1] * sy)
        cx0, cy0 = max(px, 0), max(py, 0)
        cx1, cy1 = min(px + size[0], surf.get_width()), min(py + size[1], surf.get_height())
        if cx1 <= cx0 or cy1 <= cy0:
            return
        delta = self._delta(i, now, before, box, size, (sx, sy))
        target = pygame.surfarray.pixels3d(surf)[cx0:cx1, cy0:cy1]
        target[...] = np.clip(target.astype(np.int16) + delta[cx0 - px : cx1 - px, cy0 - py : cy1 - py], 0, 255)
        del target  # release the surface lock

    def _delta(self, i: int, now: np.ndarray, before: np.ndarray, box: Rect, size: tuple[int, int],
               scale: tuple[float, float]) -> np.ndarray:
        """The scaled old-to-new difference of cell ``i``'s patch (int16 [x, y, 3]), remembered: cells
        of a kind change in step, so the same few changes come back every loop of the animation."""
        key = (i, scale, tuple(int(before[j]) for j in self.slots[i]), int(now[i]))
        hit = self.deltas.get(key)
        if hit is not None:
            self.deltas.move_to_end(key)
            return hit
        # Only the frames' pixels differ between the two patches (and the filter is linear), so the
        # difference may be added over the whole scaled box: it is zero wherever nothing changed.
        new = _rgb(pygame.transform.smoothscale(self._patch(i, now, box), size))
        old = _rgb(pygame.transform.smoothscale(self._patch(i, before, box), size))
        delta = new - old
        self.deltas[key] = delta
        self.delta_bytes += delta.nbytes
        while self.delta_bytes > DELTA_BYTES and len(self.deltas) > 1:
            self.delta_bytes -= self.deltas.popitem(last=False)[1].nbytes
        return delta

    def _scaled_box(self, i: int, sx: float, sy: float) -> tuple[Rect, tuple[int, int]]:
        """The patch box around cell ``i``'s region for this scale (edges on the scaled pixel grid), and
        its scaled size; worked out once per zoom step."""
        cache = self.scaled_boxes.setdefault((sx, sy), [None] * len(self.cells))
        hit = cache[i]
        if hit is None:
            x, y, w, h = self.regions[i]
            m = max(2, math.ceil(2 / min(sx, sy)))
            bx, by = _on_grid(x - m, sx, -1), _on_grid(y - m, sy, -1)
            ex, ey = _on_grid(x + w + m, sx, 1), _on_grid(y + h + m, sy, 1)
            size = (max(1, round(ex * sx) - round(bx * sx)), max(1, round(ey * sy) - round(by * sy)))
            hit = cache[i] = ((bx, by, ex - bx, ey - by), size)
        return hit

    def _patch(self, i: int, frames: np.ndarray, box: Rect) -> pygame.Surface:
        """The picture's ``box`` at Tiled's pixels, over the background, animated cells at ``frames``."""
        bx, by, bw, bh = box
        patch = pygame.Surface((bw, bh), pygame.SRCALPHA)
        patch.fill((*self.background, 255))
        layers = self.art.layers
        blits = []
        for li, pi in self.paint[i]:
            layer = layers[li]
            slot = self.by_slot.get((li, pi))
            p = layer.placements[pi] if slot is None else self.cells[slot].frames[int(frames[slot])][0]
            blits.append((self.art.tile_surface(p.key, layer.opacity), (p.x - bx, p.y - by)))
        patch.fblits(blits, pygame.BLEND_PREMULTIPLIED)
        return patch

    # --- geometry ------------------------------------------------------------------------------
    def _rect(self, layer: int, p: Placement) -> Rect:
        h, w = self.art.images[p.key].shape[:2]
        return p.x, p.y, w, h

    def _overlaps(self) -> list[list[tuple[int, int]]]:
        """Per animated cell, (layer, placement) of every sprite overlapping its region, in paint order."""
        boxes = []
        for li, layer in enumerate(self.art.layers):
            arr = np.array([self._rect(li, p) for p in layer.placements], dtype=np.int64).reshape(-1, 4)
            # An animated placement may grow with its other frames: use the union of all its frames.
            for c in self.cells:
                if c.layer == li:
                    arr[c.index] = self.regions[self.by_slot[(li, c.index)]]
            boxes.append(arr)
        return _overlapping(boxes, self.regions)


def _overlapping(boxes: list[np.ndarray], regions: list[Rect]) -> list[list[tuple[int, int]]]:
    """Per region, (layer, placement) of every box of ``boxes`` (``[k, 4]`` x, y, w, h per layer) overlapping it,
    in paint order. The boxes are filed in a grid of buckets first, so each region looks only at the boxes of
    the few buckets it covers: every region against every box took a 300x300 map of animated water 44 s."""
    every = np.concatenate(boxes) if boxes else np.zeros((0, 4), dtype=np.int64)
    layer_of = np.repeat(np.arange(len(boxes)), [len(b) for b in boxes])
    index_in = np.concatenate([np.arange(len(b)) for b in boxes]) if boxes else np.zeros(0, dtype=np.int64)
    if not len(every) or not regions:
        return [[] for _ in regions]
    reg = np.array(regions, dtype=np.int64).reshape(-1, 4)
    both = np.concatenate([every, reg])
    x0, y0 = int(both[:, 0].min()), int(both[:, 1].min())
    span = max(int((both[:, 0] + both[:, 2]).max()) - x0, int((both[:, 1] + both[:, 3]).max()) - y0, 1)
    size = max(1, int(np.median(np.maximum(reg[:, 2], reg[:, 3]))), -(-span // 1024))  # at most 1024 a side
    cols = span // size + 1

    def buckets(b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """First and last bucket column and row each box touches (an empty box: the bucket of its corner)."""
        return ((b[:, 0] - x0) // size, (b[:, 0] + np.maximum(b[:, 2], 1) - 1 - x0) // size,
                (b[:, 1] - y0) // size, (b[:, 1] + np.maximum(b[:, 3], 1) - 1 - y0) // size)

    c0, c1, r0, r1 = buckets(every)
    filed: dict[int, list[int]] = {}
    for i, (a, b, c, d) in enumerate(zip(c0.tolist(), c1.tolist(), r0.tolist(), r1.tolist(), strict=True)):
        for row in range(c, d + 1):
            for col in range(a, b + 1):
                filed.setdefault(row * cols + col, []).append(i)
    out = []
    q0, q1, s0, s1 = buckets(reg)
    for (x, y, w, h), a, b, c, d in zip(regions, q0.tolist(), q1.tolist(), s0.tolist(), s1.tolist(), strict=True):
        near = sorted({i for row in range(c, d + 1) for col in range(a, b + 1)
                       for i in filed.get(row * cols + col, ())})
        arr = every[near]
        hit = ((arr[:, 0] < x + w) & (arr[:, 0] + arr[:, 2] > x) & (arr[:, 1] < y + h) & (arr[:, 1] + arr[:, 3] > y))
        out.append([(int(layer_of[near[k]]), int(index_in[near[k]])) for k in np.flatnonzero(hit)])
    return out


def _on_grid(start: int, scale: float, step: int, reach: int = 24) -> int:
    """A patch edge at or beyond ``start`` (``step`` -1: before, 1: after) whose scaled position is
    nearest a whole pixel.

    Zoom steps are fractions with small denominators (0.35 = 7/20, 0.8 = 4/5...): some edge within
    ``reach`` pixels lands on the whole-map scale's pixel grid, or within a fraction of a pixel of it.
    """
    return min(range(start, start + step * (reach + 1), step),
               key=lambda s0: (round(abs(s0 * scale - round(s0 * scale)), 6), abs(s0 - start)))


def _rgb(surf: pygame.Surface) -> np.ndarray:
    """[x, y, 3] signed copy of a surface's colours."""
    return pygame.surfarray.array3d(surf).astype(np.int16)


def _union(rects: Iterable[Rect]) -> Rect:
    rs = list(rects)
    x0 = min(r[0] for r in rs)
    y0 = min(r[1] for r in rs)
    x1 = max(r[0] + r[2] for r in rs)
    y1 = max(r[1] + r[3] for r in rs)
    return x0, y0, x1 - x0, y1 - y0

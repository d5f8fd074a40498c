"""Each layer of a TMX map as Tiled's renderer places it: tile layers, image layers, object layers.

A :class:`LayerBuilder` turns one layer at a time into :class:`~.map_art.Placement` lists, making each
distinct sprite (a tile turned, flipped, scaled, tinted) once and counting every pixel it makes against the
map's limits (:class:`~.map_images.MapImages`), so a hostile map ends as one RenderError line, not a
machine out of memory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from game.maps.errors import object_label
from game.maps.layer_tree import Colour, ImageLayerData, LayerStyle, ObjectLayerData, ObjectShape, TileLayerData
from game.maps.pixels import TiledPixels
from game.maps.tile_data import GID_MASK, Flags
from game.maps.tilesets import ALIGNMENT_POINTS
from game.maps.tmx_adapter import TmxMap
from game.rules import HexLayout, limits

from .cell_order import cell_boxes
from .errors import RenderError
from .map_art import AnimatedCell, LayerArt, Placement
from .map_images import MapImages, SpriteKey
from .objects import TooIntricate, shapes_canvas
from .sprites import compose, linear_part, place, placed_pixels, qt_round, tinted
from .surfaces import FLOAT_PIXEL, SURFACE_PIXEL, Array, Texture
from .textlayer import text_image


@dataclass
class LayerBuilder:
    """Placements for one map's layers, in file order; ``origin`` is where map pixel (0, 0) lies."""

    tmx: TmxMap
    images: MapImages
    origin: tuple[int, int]
    # (raw gid, tint, fractional centre) -> (sprite key, dx, dy) relative to the floor of the centre
    placed: dict[tuple[object, ...], tuple[SpriteKey, int, int]] = field(default_factory=dict)
    animated: list[AnimatedCell] = field(default_factory=list)
    text_objects: int = 0  # text objects painted so far, held to MAX_TEXT_OBJECTS
    text_fonts: set[tuple[str, bool, bool]] = field(default_factory=set)  # held to MAX_TEXT_FONTS
    text_pixels: int = 0  # pixels of text lines painted so far, held to MAX_TEXT_PIXELS
    animation_frames: int = 0  # frames of animated cells and tile objects placed so far, MAX_ANIMATION_FRAMES

    def animate(self, cell: AnimatedCell, layer: str) -> None:
        """List an animated cell; RenderError (one line) past ``MAX_ANIMATION_FRAMES`` frames placed in all.
        Each frame of each cell is a placement of its own: one tile of 100,000 frames painted on 20 cells
        took `render` 8 s and 365 MB, and on a 300x300 map it would take gigabytes."""
        self.count_frames(len(cell.frames), layer)
        self.animated.append(cell)

    def count_frames(self, frames: int, layer: str) -> None:
        """Count ``frames`` more animation frames placed; RenderError (one line) past ``MAX_ANIMATION_FRAMES``."""
        self.animation_frames += frames
        if self.animation_frames > limits.MAX_ANIMATION_FRAMES:
            raise RenderError(f'{self.tmx.source}: layer "{layer}": the animated tiles place more than '
                              f"{limits.MAX_ANIMATION_FRAMES:,} frames in all (cells x frames), the limit")

    def _layer_frames(self, layer: TileLayerData) -> int:
        """At most the animation frames a tile layer places (each animated cell, its tile's frames), counted from
        the gids before any is built: a layer past the limit is refused at once, not after building a million
        placements (hostile_inputs case 21 took 4 s idle, 10.7 s on a busy machine, to be refused)."""
        gids, counts = np.unique(layer.gids & GID_MASK, return_counts=True)
        total = 0
        for gid, n in zip(gids.tolist(), counts.tolist(), strict=True):
            ts = self.tmx.tileset_of(gid) if gid else None
            frames = ts.animations.get(gid - ts.firstgid) if ts is not None else None
            if frames and len(frames) >= 2:  # as _frame_hits: one frame is no animation
                total += n * len(frames)
        return total

    def count_text(self, obj: ObjectShape, layer: str) -> None:
        """Count a text object about to be painted, and its font; RenderError (one line) past
        ``MAX_TEXT_OBJECTS`` objects or ``MAX_TEXT_FONTS`` fonts in all."""
        self.text_objects += 1
        style = dict(obj.text_style)
        self.text_fonts.add(((style.get("fontfamily") or "sans-serif"), style.get("bold") == "1",
                             style.get("italic") == "1"))
        if self.text_objects > limits.MAX_TEXT_OBJECTS:
            raise RenderError(f'{self.tmx.source}: layer "{layer}": {_object_name(obj)}: the map has more than '
                              f"{limits.MAX_TEXT_OBJECTS:,} text objects, the limit")
        if len(self.text_fonts) > limits.MAX_TEXT_FONTS:
            raise RenderError(f'{self.tmx.source}: layer "{layer}": {_object_name(obj)}: the text objects ask for '
                              f"more than {limits.MAX_TEXT_FONTS} different fonts (family, bold, italic), the limit")

    def spend_text(self, pixels: int, obj: ObjectShape, layer: str) -> None:
        """Count text pixels about to be painted; RenderError (one line) past ``MAX_TEXT_PIXELS`` in all."""
        self.text_pixels += pixels
        if self.text_pixels > limits.MAX_TEXT_PIXELS:
            raise RenderError(f'{self.tmx.source}: layer "{layer}": {_object_name(obj)}: the text objects\' lines '
                              f"take more than {limits.MAX_TEXT_PIXELS:,} pixels to paint, the limit")

    def tile_source(self, gid: int, *, first_frame: bool = True) -> tuple[Array, tuple[int, int], str] | None:
        """The first-frame image of a flag-free gid, its tileset's tile offset and alignment."""
        ts = self.tmx.tileset_of(gid)
        if ts is None:
            return None
        local = gid - ts.firstgid
        frames = ts.animations.get(local) if first_frame else None
        if frames:
            local = frames[0][0]  # Tiled's rasterizer shows an animated tile's first frame
        img = ts.image_of(local)
        if img is None:
            return None
        return self.images.tile(img), ts.offset, ts.alignment

    def first_frame_gid(self, gid: int) -> int:
        """The gid whose image a (flag-free) gid shows in a still picture: its first frame if animated."""
        ts = self.tmx.tileset_of(gid)
        frames = ts.animations.get(gid - ts.firstgid) if ts is not None else None
        return ts.firstgid + frames[0][0] if ts is not None and frames else gid

    def sprite(self, raw_gid: int, tint: Colour | None, lin_extra: tuple[float, float, float, float] | None,
               size: tuple[float, float] | None, cx: float, cy: float,
               src: Array) -> tuple[SpriteKey, int, int]:
        """Place the image of ``raw_gid`` centred on (cx, cy): Tiled's flip, hex rotation and scale."""
        flags = Flags.of(raw_gid)
        ih, iw = src.shape[:2]
        sx = (size[0] / iw if iw else 1.0) if size else 1.0
        sy = (size[1] / ih if ih else 1.0) if size else 1.0
        lin = linear_part(flags.rotation, sx * (-1 if flags.h else 1), sy * (-1 if flags.v else 1))
        if lin_extra is not None:
            lin = compose(lin_extra, lin)
        fx, fy = cx - math.floor(cx), cy - math.floor(cy)
        memo = (raw_gid, tint, lin, round(fx, 6), round(fy, 6))
        hit = self.placed.get(memo)
        if hit is None:
            made = (src.shape[0] * src.shape[1] if tint is not None else 0) + placed_pixels(src.shape, lin)
            self.images.spend(FLOAT_PIXEL * made)
            img, x, y, pkey = place(tinted(src, tint), lin, cx, cy)
            key = (raw_gid & GID_MASK, tint, *pkey)
            self.images.sprites.setdefault(key, img)
            hit = (key, x - math.floor(cx), y - math.floor(cy))
            self.placed[memo] = hit
        key, dx, dy = hit
        return key, math.floor(cx) + dx, math.floor(cy) + dy

    # --- layers -----------------------------------------------------------------------
    def tile_layer(self, layer: TileLayerData, layout: HexLayout, index: int) -> list[Placement]:
        """The layer's placements; animated cells are also listed in ``self.animated`` (layer ``index``)."""
        th = TiledPixels(layout).th
        lx, ly = layer.style.offset
        lx += self.origin[0]
        ly += self.origin[1]
        tint = layer.style.tint
        if self.animation_frames + self._layer_frames(layer) > limits.MAX_ANIMATION_FRAMES:
            self.count_frames(self._layer_frames(layer), layer.name)  # refused before anything is built
        rows = layer.gids.tolist()  # plain ints: indexing a numpy array cell by cell is slow
        out: list[Placement] = []
        # Per raw gid: its image's anchor offset, and where its sprite lands relative to the cell box
        # (cell boxes are whole pixels, so the sub-pixel phase is the same for every cell of a layer).
        per_gid: dict[int, tuple[SpriteKey, int, int] | None] = {}
        frames_of: dict[int, tuple[tuple[tuple[SpriteKey, int, int], int], ...] | None] = {}
        for col, row, px, py in cell_boxes(layout):
            raw = rows[row][col]
            if not raw:
                continue
            if raw not in per_gid:
                hit = per_gid[raw] = self._tile_hit(raw, px, py, th, lx, ly, tint)
                frames_of[raw] = self._frame_hits(raw, px, py, th, lx, ly, tint) if hit is not None else None
            hit = per_gid[raw]
            if hit is not None:
                out.append(Placement(px + hit[1], py + hit[2], hit[0]))
                frames = frames_of[raw]
                if frames:
                    self.animate(AnimatedCell(index, len(out) - 1, (col, row), tuple(
                        (Placement(px + f[1], py + f[2], f[0]), ms) for f, ms in frames)), layer.name)
        return out

    def _frame_hits(self, raw: int, px: int, py: int, th: int, lx: float, ly: float,
                    tint: Colour | None) -> tuple[tuple[tuple[SpriteKey, int, int], int], ...] | None:
        """An animated tile's frames: each frame's sprite (same flags, tint, anchor) and duration."""
        gid = raw & GID_MASK
        ts = self.tmx.tileset_of(gid)
        if ts is None:
            return None
        frames = ts.animations.get(gid - ts.firstgid)
        if not frames or len(frames) < 2:
            return None
        out = []
        seen: dict[int, tuple[SpriteKey, int, int] | None] = {}  # a tile shown in many frames is placed once
        for local, ms in frames:
            if local not in seen:
                seen[local] = self._tile_hit((raw & ~GID_MASK) | (ts.firstgid + local), px, py, th, lx, ly, tint,
                                             animate=False)
            hit = seen[local]
            if hit is None:
                return None  # a frame without an image: keep showing the first frame
            out.append((hit, ms))
        return tuple(out)

    def _tile_hit(self, raw: int, px: int, py: int, th: int, lx: float, ly: float,
                  tint: Colour | None, *, animate: bool = True) -> tuple[SpriteKey, int, int] | None:
        """A tile's sprite and where it lands relative to its cell box (whose top-left is px, py).

        ``animate``: an animated tile shows its first frame (False: this very tile's image, for frames).
        """
        gid = raw & GID_MASK
        found = self.tile_source(gid, first_frame=animate)
        if found is None:
            return None
        src, (ox, oy), _ = found
        if animate:  # sprites are remembered by the gid whose image they show
            raw = (raw & ~GID_MASK) | self.first_frame_gid(gid)
        ih, iw = src.shape[:2]
        # Anchored bottom-left on the cell box (Tiled); the transform turns about the image centre.
        cx = px + ox + iw / 2 + lx
        cy = py + th + oy - ih / 2 + ly
        key, x, y = self.sprite(raw, tint, None, None, cx, cy, src)
        return key, x - px, y - py

    def image_layer(self, layer: ImageLayerData, size: tuple[int, int]) -> list[Placement]:
        """MapRenderer::drawImageLayer: a rectangle filled with the (tinted) image as a brush texture.

        Qt's textured ``drawRect`` under a translation paints the pixels whose centres lie in the
        rectangle with the image repeated from the offset rounded to whole pixels (see
        :func:`sprites.texture_fill`). Rather than that whole rectangle (as large as the picture for a
        repeated layer, 16 bytes a pixel), the layer places one :class:`Texture` side by side: the image
        rolled to the rectangle's first pixel, repeated to at least ``_REPEAT_SPAN`` pixels along a
        repeated axis, so that each picture pixel gets the very texel it got before. Layers showing the
        same image the same way share the texture and its surface.
        """
        if layer.image is None:
            return []
        pixels = self.images.file(layer.image)
        ih, iw = pixels.shape[:2]
        if not (iw and ih):
            return []
        ox = layer.style.offset[0] + self.origin[0]
        oy = layer.style.offset[1] + self.origin[1]
        # Repeated axes fill the whole picture (Tiled's bounding rect spans the view).
        x0, x1 = (0.0, float(size[0])) if layer.repeat_x else (ox, ox + iw)
        y0, y1 = (0.0, float(size[1])) if layer.repeat_y else (oy, oy + ih)
        cols, xs = _brush_axis(ox, x0, x1, iw, layer.repeat_x)
        rows, ys = _brush_axis(oy, y0, y1, ih, layer.repeat_y)
        if not (xs and ys):
            return []
        trans = "".join(f"{v:02x}" for v in layer.trans) if layer.trans else None
        key: SpriteKey = ("image", self.images.real(layer.image), trans, layer.style.tint,
                          int(rows[0]), len(rows), int(cols[0]), len(cols))
        if key not in self.images.sprites:
            self.images.sprites[key] = Texture(pixels, rows, cols, trans, layer.style.tint)
        return [Placement(x, y, key) for y in ys for x in xs]

    def object_layer(self, layer: ObjectLayerData, size: tuple[int, int], shapes: bool,
                     index: int) -> list[LayerArt]:
        """An object layer's objects in Tiled's drawing order: the file's, or by y for draworder="topdown"
        (a stable sort, as Tiled's). Consecutive tile objects make one run, composited at the layer's
        opacity; with ``shapes`` (``render --objects``), consecutive shapes make one image in between,
        so a shape listed after a tile object is drawn over it and one listed before, under it.
        ``index``: where the first run lands in :attr:`MapArt.layers`.
        """
        style = layer.style
        objs = [o for o in layer.objects if o.visible and (shapes or o.shape == "tile")]
        if layer.top_down:
            objs.sort(key=lambda o: o.y)
        out: list[LayerArt] = []
        for kind, group in _runs(objs):
            at = index + len(out)  # where this run lands in MapArt.layers (its sprites are keyed by it)
            if kind == "tile":
                art: LayerArt | None = self._tile_run(layer, group, at)
            elif kind == "text":
                art = self._text_run(layer, group, size, at)
            else:
                art = self._shapes_run(layer, group, size, at)
            if art is not None:
                out.append(art)
        return out or [LayerArt(layer.name, style.opacity, [], "objects", style.parallax)]

    def _tile_run(self, layer: ObjectLayerData, group: list[ObjectShape], at: int) -> LayerArt:
        """Consecutive tile objects, composited at the layer's opacity; an animated one's frames registered."""
        style = layer.style
        placed: list[Placement] = []
        for obj in group:
            hit = self.tile_object(obj, style)
            if hit is None:
                continue
            placed.append(hit)
            frames = self._object_frames(obj, style)
            if frames:
                self.animate(AnimatedCell(at, len(placed) - 1, None, frames), layer.name)
        return LayerArt(layer.name, style.opacity, placed, "objects", style.parallax)

    def _text_run(self, layer: ObjectLayerData, group: list[ObjectShape], size: tuple[int, int],
                  at: int) -> LayerArt | None:
        """Consecutive text objects, each painted to its own image (counted against the limits); None when
        none paints anything."""
        style = layer.style
        offset = (style.offset[0] + self.origin[0], style.offset[1] + self.origin[1])
        texts: list[Placement] = []
        for obj in group:
            if not obj.text:
                continue
            self.count_text(obj, layer.name)
            painted = text_image(obj, offset, style.opacity, size, partial(self.spend_text, obj=obj, layer=layer.name))
            if painted is not None:
                self.images.spend(FLOAT_PIXEL * painted[0].shape[0] * painted[0].shape[1])
                key: SpriteKey = ("text", at, len(texts))
                self.images.sprites[key] = painted[0]
                texts.append(Placement(painted[1], painted[2], key))
        if not texts:
            return None
        # Laid on the picture below by MapArt.surface (textlayer.lay_text), opacity included.
        return LayerArt(layer.name, 1.0, texts, "text", style.parallax)

    def _shapes_run(self, layer: ObjectLayerData, group: list[ObjectShape], size: tuple[int, int],
                    at: int) -> LayerArt | None:
        """Consecutive shapes (``render --objects``) as one image cut to its drawn part; None when nothing shows."""
        try:
            canvas = shapes_canvas(layer, size, self.origin, group)
        except TooIntricate as exc:
            raise RenderError(f'{self.tmx.source}: layer "{layer.name}": {exc}') from None
        if canvas is None:
            return None
        # The box is kept as straight bytes and made a surface (4 bytes a pixel each): counted first.
        bx, by, bx1, by1 = canvas.box()
        self.images.spend(2 * SURFACE_PIXEL * (bx1 - bx) * (by1 - by))
        pixels, bx, by = canvas.render()
        rows = np.flatnonzero(pixels[..., 3].any(axis=1))
        if not len(rows):
            return None
        cols = np.flatnonzero(pixels[rows[0] : rows[-1] + 1, :, 3].any(axis=0))
        y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
        key: SpriteKey = ("shapes", at)
        self.images.sprites[key] = Texture.whole(pixels[y0:y1, x0:x1])  # only the drawn part is drawn
        x0, y0 = x0 + bx, y0 + by
        # The shapes carry the layer opacity already (per stroke, as Qt paints them).
        return LayerArt(layer.name, 1.0, [Placement(x0, y0, key)], "shapes", layer.style.parallax)

    def _object_frames(self, obj: ObjectShape, style: LayerStyle) -> tuple[tuple[Placement, int], ...] | None:
        """An animated tile object's frames: each frame's placement (same size, flips, turn) and duration."""
        gid = obj.gid & GID_MASK
        ts = self.tmx.tileset_of(gid)
        frames = ts.animations.get(gid - ts.firstgid) if ts is not None else None
        if ts is None or not frames or len(frames) < 2:
            return None
        out = []
        for local, ms in frames:
            hit = self.tile_object(obj, style, frame_gid=ts.firstgid + local)
            if hit is None:
                return None  # a frame without an image: keep showing the first frame
            out.append((hit, ms))
        return tuple(out)

    def tile_object(self, obj: ObjectShape, style: LayerStyle, frame_gid: int | None = None) -> Placement | None:
        """A tile object as Tiled draws it: its tile's first frame, or animation frame ``frame_gid``."""
        gid = obj.gid & GID_MASK if frame_gid is None else frame_gid
        found = self.tile_source(gid, first_frame=frame_gid is None)
        if found is None:
            return None
        src, (ox, oy), alignment = found
        ih, iw = src.shape[:2]
        w = obj.width or iw
        h = obj.height or ih
        if w <= 0 or h <= 0 or not iw or not ih:
            return None
        fx, fy = ALIGNMENT_POINTS.get(alignment, (0.0, 1.0))
        # OrthogonalRenderer::drawMapObject: bounds moved by the alignment, the tile drawn to fill them
        # (its offset scaled alike), the whole turned about the object's position by its rotation.
        cx = obj.x - fx * w + ox * (w / iw) + w / 2
        cy = obj.y - fy * h + oy * (h / ih) + h / 2
        turn = None
        if obj.rotation:
            turn = linear_part(obj.rotation, 1.0, 1.0)
            dx, dy = cx - obj.x, cy - obj.y
            cx = obj.x + turn[0] * dx + turn[1] * dy
            cy = obj.y + turn[2] * dx + turn[3] * dy
        cx += style.offset[0] + self.origin[0]
        cy += style.offset[1] + self.origin[1]
        # Sprites are remembered by the gid whose image they show (an animated tile: its frame's).
        shown = self.first_frame_gid(gid) if frame_gid is None else gid
        key, x, y = self.sprite((obj.gid & ~GID_MASK) | shown, style.tint, turn, (w, h), cx, cy, src)
        return Placement(x, y, key)


_REPEAT_SPAN = 256  # a repeated image layer is laid in pieces at least this long: a 1 px image is not 64M blits


def _brush_axis(offset: float, start: float, stop: float, size: int, repeat: bool) -> tuple[Array, list[int]]:
    """One axis of an image layer: the image's texels a texture piece shows, and where the pieces go.

    As :func:`sprites.texture_fill`: picture pixel ``p`` in ``[ceil(start - 0.5), ceil(stop - 0.5))``
    shows texel ``(p - qt_round(offset)) % size``.
    """
    first, last = math.ceil(start - 0.5), math.ceil(stop - 0.5)
    if last <= first:
        return np.zeros(0, np.intp), []
    length = size * max(1, -(-_REPEAT_SPAN // size)) if repeat else last - first
    texels = (np.arange(length) + first - qt_round(offset)) % size
    return texels, list(range(first, last, length))


def _object_name(obj: ObjectShape) -> str:
    return object_label(obj.id, obj.name)


def _runs(objs: list[ObjectShape]) -> list[tuple[str, list[ObjectShape]]]:
    """``objs`` in runs of one kind ("tile", "text" or "shape"), in order: each run is drawn as one layer, so a
    shape listed after a tile object is drawn over it."""
    runs: list[tuple[str, list[ObjectShape]]] = []
    for obj in objs:
        kind = obj.shape if obj.shape in ("tile", "text") else "shape"
        if runs and runs[-1][0] == kind:
            runs[-1][1].append(obj)
        else:
            runs.append((kind, [obj]))
    return runs

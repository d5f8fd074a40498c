"""What a loaded map draws: each layer's placed images, and the picture they compose.

:func:`game.render.tilemap.load_map_art` builds a :class:`MapArt`; the window keeps it and blits its layers,
``playmat render`` composes it to one picture. Tiled paints with Qt into a premultiplied-alpha image
("source over"); so does :meth:`MapArt.surface`: each distinct (image, transform, tint, opacity) becomes one
premultiplied pygame surface, every placement one ``BLEND_PREMULTIPLIED`` blit, and only the few
translucent pixels of the result are divided back to straight alpha.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np

from game.rules import HexLayout

from .map_images import SpriteKey
from .pg import pygame
from .straight import unpremultiply
from .surfaces import Array, Texture, blank_canvas, premultiplied_surface, surface_to_array
from .textlayer import lay_text


class Placement(NamedTuple):
    """One image to draw: its top-left pixel on the canvas and the key of its premultiplied pixels.

    A named tuple: a 64x64 map places ~15,000 of them, and a frozen dataclass's constructor was a
    tenth of the load time.
    """

    x: int
    y: int
    key: SpriteKey


@dataclass(frozen=True)
class AnimatedCell:
    """A cell (or tile object) whose tile is animated (Tiled's ``<animation>``): each frame's placement and length.

    ``layer`` indexes :attr:`MapArt.layers`, ``index`` that layer's placements (the first frame, which
    still pictures show). Frames keep the cell's flips, rotation, tint and offsets.
    """

    layer: int
    index: int
    cell: tuple[int, int] | None  # None: a tile object
    frames: tuple[tuple[Placement, int], ...]  # (placement, duration ms)

    def frame_at(self, ms: float) -> int:
        """The frame shown ``ms`` after the map appeared: all tiles of a kind change together, as in Tiled."""
        period = sum(d for _, d in self.frames)
        if period <= 0:
            return 0
        t = ms % period
        for i, (_, d) in enumerate(self.frames):
            if t < d:
                return i
            t -= d
        return len(self.frames) - 1


@dataclass
class LayerArt:
    """One drawn layer: what it places, and how (opacity; parallax factors for a window that scrolls)."""

    name: str
    opacity: float
    placements: list[Placement]
    kind: str = "tile"  # tile, image, objects, shapes, text
    parallax: tuple[float, float] = (1.0, 1.0)


@dataclass
class MapArt:
    """What the renderer needs of a TMX map: its grid, title, drawn layers and their images.

    ``origin`` is where map pixel (0, 0) lies in :meth:`surface` (layer offsets
    that point up or left grow the picture there, as in Tiled); ``size`` is the
    whole picture. ``animations`` maps a Tiled gid to its frames ``((gid, ms), ...)``:
    the picture shows each animated tile's first frame, as Tiled's rasterizer does.
    """

    path: Path
    layout: HexLayout
    title: str
    layers: list[LayerArt]
    images: dict[SpriteKey, Array | Texture] = field(repr=False)
    cell_props: list[list[dict[str, object] | None]] = field(repr=False)  # topmost terrain tile props [row][col]
    origin: tuple[int, int] = (0, 0)
    size: tuple[int, int] = (0, 0)
    animations: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict, repr=False)
    animated: list[AnimatedCell] = field(default_factory=list, repr=False)  # cells a window animates
    _surfaces: dict[tuple[SpriteKey, float], pygame.Surface] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def compose(self) -> Array:
        """All drawn layers composited: straight-alpha RGBA uint8 ``[h, w, 4]``."""
        return surface_to_array(self.surface())

    def surface(self, background: tuple[int, int, int] | None = None) -> pygame.Surface:
        """All drawn layers on one surface: straight alpha, transparent where nothing is drawn.

        ``background``: the layers over this opaque colour instead (what a window shows). Painting
        premultiplied pixels over an opaque canvas gives the final colours directly, so this skips
        dividing every translucent pixel by its alpha, which dominates a map under a translucent group.
        """
        canvas = blank_canvas(self.size)  # premultiplied while we draw
        if background is not None:
            canvas.fill((*background[:3], 255))
        for layer in self.layers:
            if layer.kind == "text":  # Tiled lays glyphs on its picture its own way (textlayer)
                for p in layer.placements:
                    text = self.images[p.key]
                    assert isinstance(text, np.ndarray)
                    lay_text(canvas, text, p.x, p.y)
                continue
            canvas.fblits(
                ((self._tile_surface(p.key, layer.opacity), (p.x, p.y)) for p in layer.placements),
                pygame.BLEND_PREMULTIPLIED,
            )
        return canvas if background is not None else unpremultiply(canvas)

    def tile_surface(self, key: SpriteKey, opacity: float) -> pygame.Surface:
        """The premultiplied surface of a placed image at a layer opacity (blit with BLEND_PREMULTIPLIED)."""
        return self._tile_surface(key, opacity)

    def _tile_surface(self, key: SpriteKey, opacity: float) -> pygame.Surface:
        """The premultiplied surface of an image at a layer opacity, made once per map."""
        cached = self._surfaces.get((key, opacity))
        if cached is None:
            img = self.images[key]
            cached = img.premultiplied(opacity) if isinstance(img, Texture) else premultiplied_surface(img, opacity)
            self._surfaces[(key, opacity)] = cached
        return cached


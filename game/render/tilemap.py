"""Draw a TMX hex map's tile layers exactly as Tiled's hexagonal renderer does.

Tiled's tmxrasterizer paints with Qt into a premultiplied-alpha image
("source over"). We do the same: each distinct (tile, flip, layer opacity) is
turned once into a premultiplied pygame surface, every placement is then one
``BLEND_PREMULTIPLIED`` blit (pygame's plain alpha blit of a translucent pixel
onto a translucent one is not a true "over"), and only the few translucent
pixels of the result are divided back to straight alpha. Semi-transparent tile
edges and layer opacity then match Tiled to within a level or two, and a 64x64
map costs one uint8 surface instead of a float canvas.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from game.maps.pixels import TiledPixels
from game.maps.pytmx_import import import_pytmx
from game.rules.hexgrid import HexLayout

from .errors import RenderError
from .pg import pygame

Array = np.ndarray
BAND = 256  # rows un-premultiplied at a time


@dataclass(frozen=True)
class Placement:
    """One tile image to draw: its premultiplied RGBA and top-left pixel."""

    x: int
    y: int
    key: tuple[int, int, int, int]  # (tiled gid, flip h, flip v, flip d)


@dataclass
class TileLayerArt:
    name: str
    opacity: float
    placements: list[Placement]


@dataclass
class MapArt:
    """What the renderer needs of a TMX map: its grid, title, tile layers and tile images."""

    path: Path
    layout: HexLayout
    title: str
    layers: list[TileLayerArt]
    images: dict[tuple[int, int, int, int], Array] = field(repr=False)
    cell_props: list[list[dict[str, object] | None]] = field(repr=False)  # topmost terrain tile props [row][col]
    _surfaces: dict[tuple[tuple[int, int, int, int], float], pygame.Surface] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def compose(self) -> Array:
        """All visible tile layers composited: straight-alpha RGBA uint8 ``[h, w, 4]``."""
        return surface_to_array(self.surface())

    def surface(self) -> pygame.Surface:
        """All visible tile layers on one straight-alpha surface, transparent where no tile is drawn."""
        w, h = TiledPixels(self.layout).pixel_size
        canvas = pygame.Surface((w, h), pygame.SRCALPHA)  # premultiplied while we draw
        for layer in self.layers:
            canvas.fblits(
                ((self._tile_surface(p.key, layer.opacity), (p.x, p.y)) for p in layer.placements),
                pygame.BLEND_PREMULTIPLIED,
            )
        _unpremultiply_surface(canvas)
        return canvas

    def _tile_surface(self, key: tuple[int, int, int, int], opacity: float) -> pygame.Surface:
        """The premultiplied surface of a tile at a layer opacity, made once per map."""
        cached = self._surfaces.get((key, opacity))
        if cached is None:
            cached = _premultiplied_surface(self.images[key], opacity)
            self._surfaces[(key, opacity)] = cached
        return cached


def array_to_surface(rgba: Array) -> pygame.Surface:
    h, w = rgba.shape[:2]
    return pygame.image.frombytes(np.ascontiguousarray(rgba).tobytes(), (w, h), "RGBA")


def surface_to_array(surf: pygame.Surface) -> Array:
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGBA"), dtype=np.uint8).reshape(h, w, 4)


def _premultiplied_surface(img: Array, opacity: float) -> pygame.Surface:
    """Premultiplied float RGBA scaled by a layer opacity -> premultiplied uint8 surface.

    Scaling all four premultiplied channels is how a painter's opacity applies to a tile.
    """
    data = np.clip(np.rint(img * np.float32(255 * opacity)), 0, 255).astype(np.uint8)
    h, w = data.shape[:2]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)  # the canvas's pixel format: blits take the fast path
    rgb, alpha = pygame.surfarray.pixels3d(surf), pygame.surfarray.pixels_alpha(surf)
    rgb[...] = data[..., :3].transpose(1, 0, 2)
    alpha[...] = data[..., 3].T
    del rgb, alpha  # release the surface lock
    return surf


def _unpremultiply_surface(surf: pygame.Surface) -> None:
    """Premultiplied -> straight alpha, in place; only translucent pixels (tile edges, faded layers) change.

    Works in bands of rows (contiguous in the surface's memory) so the masks stay small on big maps.
    """
    alpha, rgb = pygame.surfarray.pixels_alpha(surf), pygame.surfarray.pixels3d(surf)  # indexed [x, y]
    for top in range(0, surf.get_height(), BAND):
        band_alpha, band_rgb = alpha[:, top : top + BAND], rgb[:, top : top + BAND]
        # alpha - 1 wraps 0 to 255, so one comparison keeps exactly 1..254.
        xs, ys = np.nonzero(band_alpha - np.uint8(1) < 254)
        if len(xs):
            a = band_alpha[xs, ys].astype(np.int32)[:, None]
            straight = (band_rgb[xs, ys].astype(np.int32) * 255 + a // 2) // a
            band_rgb[xs, ys] = np.minimum(straight, 255).astype(np.uint8)
    # The pixel views lock the surface until they go away, which they do when we return.


def layout_of(tmx: object) -> HexLayout:
    return HexLayout(
        stagger_axis=str(tmx.staggeraxis),
        stagger_index=str(tmx.staggerindex),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        side_length=int(float(tmx.hexsidelength)),
        cols=int(tmx.width),
        rows=int(tmx.height),
    )


def draw_order(layout: HexLayout) -> list[tuple[int, int]]:
    """Cells in the order Tiled paints them, so overlapping tall tiles stack the same way.

    Pointy-top: row by row, left to right. Flat-top: each row's higher
    (unshifted) columns first, then its lower (shifted) ones, i.e. top to
    bottom on screen.
    """
    if layout.pointy:
        return [(c, r) for r in range(layout.rows) for c in range(layout.cols)]
    even = 1 if layout.stagger_index == "even" else 0
    order = []
    for r in range(layout.rows):
        for shifted in (0, 1):
            order.extend((c, r) for c in range(layout.cols) if ((c & 1) ^ even) == shifted)
    return order


def tiled_column_drift(layout: HexLayout) -> Callable[[int], int]:
    """Extra x pixels Tiled 1.8 draws flat-top column ``col`` at.

    Its flat-top loop steps two columns at a time by ``tilewidth + side``,
    which is one pixel more than two column widths when ``tilewidth - side``
    is odd, so such maps drift right by a pixel every second column
    (measured against tmxrasterizer). Pointy-top maps step row by row and
    never drift.
    """
    tw = TiledPixels(layout).tw
    if layout.pointy or (tw - layout.side_length) % 2 == 0:
        return lambda col: 0
    even = 1 if layout.stagger_index == "even" else 0
    return lambda col: (col + 2 - even) // 2


class _ImageCache:
    """Tileset images loaded once; tiles cut, flipped and premultiplied on demand."""

    def __init__(self, map_path: Path) -> None:
        self.map_path = map_path
        self.files: dict[str, Array] = {}

    def file(self, path: str) -> Array:
        if path not in self.files:
            try:
                surf = pygame.image.load(path)
            except (pygame.error, FileNotFoundError, OSError) as exc:
                raise RenderError(f"{self.map_path.name}: tile image {path!r} cannot be read: {exc}") from None
            arr = surface_to_array(surf).astype(np.float32) / 255
            arr[..., :3] *= arr[..., 3:4]
            self.files[path] = arr
        return self.files[path]


def _tile_source(tmx: object, tiled_gid: int, cache: _ImageCache) -> Array:
    """The unflipped premultiplied image of a Tiled gid (atlas cell or per-tile image)."""
    ts = None
    for cand in sorted(tmx.tilesets, key=lambda t: t.firstgid):
        if tiled_gid >= cand.firstgid:
            ts = cand
    if ts is None:
        raise RenderError(f"{cache.map_path.name}: tile gid {tiled_gid} belongs to no tileset")
    local = tiled_gid - ts.firstgid
    if ts.source:
        base = os.path.dirname(tmx.filename)
        img = cache.file(os.path.join(base, ts.source))
        tw, th = int(ts.tilewidth), int(ts.tileheight)
        margin, spacing = int(ts.margin), int(ts.spacing)
        columns = int(getattr(ts, "columns", 0) or 0) or max(1, (img.shape[1] - 2 * margin + spacing) // (tw + spacing))
        x = margin + (local % columns) * (tw + spacing)
        y = margin + (local // columns) * (th + spacing)
        return img[y : y + th, x : x + tw]
    for gid, _flags in tmx.gidmap.get(tiled_gid, []):
        props = tmx.tile_properties.get(gid) or {}
        if props.get("source"):
            return cache.file(os.path.join(os.path.dirname(tmx.filename), props["source"]))
    raise RenderError(f"{cache.map_path.name}: tile {local} of tileset {ts.name!r} has no image")


def _flip(img: Array, h: int, v: int, d: int) -> Array:
    """Flip a tile as Tiled 1.8 does on a hexagonal map.

    There the anti-diagonal bit means "rotate 60 degrees clockwise" (hex
    rotation), applied after the horizontal and vertical flips, about the
    image centre. (pytmx calls the bit a diagonal flip; Tiled's extra
    120-degree bit is not visible through pytmx at all.)
    """
    if h:
        img = img[:, ::-1]
    if v:
        img = img[::-1]
    if d:
        img = _rotate_cw(np.ascontiguousarray(img), 60.0)
    return np.ascontiguousarray(img)


def _rotate_cw(img: Array, degrees: float) -> Array:
    # Rotating premultiplied pixels keeps the smoothing free of dark fringes.
    data = np.ascontiguousarray(np.clip(np.round(img * 255), 0, 255).astype(np.uint8))
    surf = pygame.image.frombytes(data.tobytes(), (img.shape[1], img.shape[0]), "RGBA")
    turned = pygame.transform.rotozoom(surf, -degrees, 1.0)
    return surface_to_array(turned).astype(np.float32) / 255


TERRAIN_KEYS = ("terrain", "cost_ground", "cost_flying", "cost_swimming", "hazard_damage", "exit")


def load_map_art(tmx_path: str | os.PathLike[str]) -> MapArt:
    """Read a TMX map's tile layers and images; RenderError/ValueError carry one-line reasons."""
    path = Path(tmx_path)
    pytmx = import_pytmx()
    try:
        tmx = pytmx.TiledMap(str(path), allow_duplicate_names=True)
    except Exception as exc:  # pytmx raises many kinds; the user needs one line
        raise RenderError(f"{path.name}: cannot read map: {exc}") from None
    if tmx.orientation != "hexagonal":
        raise RenderError(f"{path.name}: orientation is {tmx.orientation!r}, not hexagonal")
    layout = layout_of(tmx)
    # pytmx gid -> (tiled gid, flags); flipped variants have their own pytmx gids.
    reverse = {gid: (tiled, flags) for tiled, pairs in tmx.gidmap.items() for gid, flags in pairs}
    cache = _ImageCache(path)
    images: dict[tuple[int, int, int, int], Array] = {}
    pix = TiledPixels(layout)
    tw, th = pix.tile_box
    order = draw_order(layout)
    drift = tiled_column_drift(layout)
    layers: list[TileLayerArt] = []
    cell_props: list[list[dict[str, object] | None]] = [[None] * layout.cols for _ in range(layout.rows)]
    offsets: dict[int, tuple[int, int]] = {}
    src_size: dict[int, tuple[int, int]] = {}
    for layer in tmx.layers:
        if not isinstance(layer, pytmx.TiledTileLayer) or not layer.visible:
            continue
        lx, ly = int(float(getattr(layer, "offsetx", 0) or 0)), int(float(getattr(layer, "offsety", 0) or 0))
        placements: list[Placement] = []
        for col, row in order:
            if row >= len(layer.data) or col >= len(layer.data[row]):
                continue
            gid = layer.data[row][col]
            if not gid:
                continue
            tiled, flags = reverse.get(gid, (gid, None))
            fh, fv, fd = (int(flags[0]), int(flags[1]), int(flags[2])) if flags else (0, 0, 0)
            key = (tiled, fh, fv, fd)
            if key not in images:
                source = _tile_source(tmx, tiled, cache)
                src_size[tiled] = source.shape[:2]
                images[key] = _flip(source, fh, fv, fd)
            if tiled not in offsets:
                ts = tmx.get_tileset_from_gid(gid)
                offsets[tiled] = (int(float(ts.offset[0])), int(float(ts.offset[1])))
            ox, oy = offsets[tiled]
            img = images[key]
            px, py = pix.cell_box((col, row))
            px += drift(col)
            # Anchored bottom-left in the cell box (Tiled); a rotated image turns about the
            # centre the unrotated one would have.
            ih, iw = img.shape[:2]
            sh, sw = src_size[key[0]]
            x = px + ox + lx + (sw - iw) // 2
            y = py + th - sh + oy + ly + (sh - ih) // 2
            placements.append(Placement(x, y, key))
            props = tmx.get_tile_properties_by_gid(gid) or {}
            if any(k in props for k in TERRAIN_KEYS):
                cell_props[row][col] = dict(props)
            elif cell_props[row][col] is None:
                cell_props[row][col] = {}
        layers.append(TileLayerArt(str(layer.name), float(layer.opacity), placements))
    title = str(tmx.properties.get("title") or path.stem)
    return MapArt(path, layout, title, layers, images, cell_props)

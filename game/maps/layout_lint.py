"""Lint of a map's hex layout: a Stagger Axis, Stagger Index, tile size or tileset that disagree.

Tiled draws whatever layout the map names, so a slip here is legal, but the designer sees only what
follows from it: combatants refused as standing on water or off the map, objects beside their hexes,
tiles that overlap. These checks read the file alone (they also run on a map the rules refuse) and
name the setting to change in Tiled's words. "Matching" means:

- a tileset Playmat ships is drawn for one layout (``terrain.tsx``, ``structures.tsx``, ``decor.tsx``:
  pointy-top, 64x74 px tiles, side 37; their ``_flat`` twins: flat-top, 72x62 px, side 36), so the
  map's Stagger Axis, Tile Width/Height and Hex Side Length should be those;
- a terrain tile of any other tileset should be the same way round as the map's tiles: taller than
  wide on both, or wider than tall on both (its exact size may differ: tiles may overhang their hex);
- combatant objects sit on cell centres: when most are off centre under the map's layout but every
  one sits on a centre under the other Stagger Index (or Axis), that setting was changed after they
  were placed;
- tiles drawn to join their neighbours (roads, coasts, transitions) join up under the Stagger Index
  they were painted with, so when far more matching tiles meet under the other index, it was changed
  after painting. Plain fills, scattered variants and round patches join alike under both: then,
  with fewer than two combatant objects, nothing in the file tells the index meant, and nothing is said.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.rules import TERRAIN_KEYS, HexLayout

from .hex_shape import HexShape, hex_shape
from .pixels import TiledPixels
from .png_alpha import MAX_SEQUENTIAL, opaque_mask, png_size
from .shipped import assets_folder
from .tilesets import Tileset
from .tmx_adapter import TmxMap

COMBATANT_KIND = "combatant"
OFF_CENTRE = 0.25  # of the distance between neighbouring cell centres (as lint.off_centre)
# The other Stagger Index is named only when its joins outnumber this one's by far: at least this many,
# this many times as many, and this many standard deviations of a fair coin beyond an even split.
PAINTED_MIN, PAINTED_RATIO, PAINTED_Z = 10, 2.0, 3.5
SIDE_SLACK = 0.2  # a drawn side or box this much longer or shorter than the map's is a slip
MAP_PIXELS_READ = 4 * MAX_SEQUENTIAL  # a map's tile pictures decoded for their shapes: about two seconds at most
ENOUGH_SHAPES = 12  # tiles read per tileset: more would only agree


@dataclass(frozen=True)
class Grid:
    """The layout a shipped tileset is drawn for."""

    axis: str
    tile: tuple[int, int]
    side: int
    twin: str  # the shipped tileset drawn for the other layout


POINTY = ("y", (64, 74), 37)
FLAT = ("x", (72, 62), 36)
SHIPPED_GRIDS = {
    "terrain.tsx": Grid(*POINTY, "terrain_flat.tsx"), "terrain_flat.tsx": Grid(*FLAT, "terrain.tsx"),
    "structures.tsx": Grid(*POINTY, "structures_flat.tsx"), "structures_flat.tsx": Grid(*FLAT, "structures.tsx"),
    "decor.tsx": Grid(*POINTY, "decor_flat.tsx"), "decor_flat.tsx": Grid(*FLAT, "decor.tsx"),
}


def layout_slips(tmx: TmxMap) -> list[str]:
    """Warnings about the map's hex layout, one line each (see the module's docstring)."""
    shipped = shipped_tileset_grids(tmx)
    moved = moved_layout(tmx)
    if any(w.startswith("map: Stagger Axis") for w in shipped):
        moved = [w for w in moved if "Stagger Axis" not in w]  # the same slip, said once
    painted = [] if any("Stagger Index" in w for w in moved) else painted_index(tmx)
    return [*shipped, *tile_shapes(tmx), *moved, *painted, *unknown_index(tmx)]


def _axis_words(axis: str) -> str:
    return f"Stagger Axis {axis.upper()} ({'pointy' if axis == 'y' else 'flat'}-top)"


def _settings(grid: Grid) -> str:
    w, h = grid.tile
    return f"Stagger Axis {grid.axis.upper()}, Tile Width {w}, Tile Height {h}, Hex Side Length {grid.side}"


def shipped_tileset_grids(tmx: TmxMap) -> list[str]:
    """Playmat's own tilesets on a map whose layout is not the one they are drawn for."""
    head = tmx.head
    try:
        assets = assets_folder().resolve()
    except OSError:
        return []
    out: list[str] = []
    said: set[str] = set()
    for ts in tmx.tilesets:
        path = ts.source_file
        if path is None or path.parent != assets or path.name not in SHIPPED_GRIDS:
            continue
        grid = SHIPPED_GRIDS[path.name]
        shape = "pointy" if grid.axis == "y" else "flat"
        fits = (head.tile_width, head.tile_height) == grid.tile and head.side_length == grid.side
        if grid.axis != head.stagger_axis and fits:
            key = "axis"  # the tiles and side are this tileset's: only the axis was left wrong
            what = (f"map: {_axis_words(head.stagger_axis)}, but its tile size and side are those of {shape}-top "
                    f'tileset "{ts.name}" ({path.name}), so the hexes are drawn and counted the wrong way round; '
                    f"set Map > Map Properties > Stagger Axis to {grid.axis.upper()}")
        elif grid.axis != head.stagger_axis:
            key = path.name
            what = (f'tileset "{ts.name}" ({path.name}) is drawn for {shape}-top maps, but this map has '
                    f"{_axis_words(head.stagger_axis)}: its tiles overlap and leave gaps; use {grid.twin} instead, "
                    f"or make the map {shape}-top in Map > Map Properties ({_settings(grid)})")
        elif not fits:
            key = "size"
            w, h = grid.tile
            what = (f'map: tileset "{ts.name}" ({path.name}) is drawn for {w}x{h} px tiles of side {grid.side}, but '
                    f"the map's are {head.tile_width}x{head.tile_height} px of side {head.side_length}: the hexes "
                    f"overlap or leave gaps; set Map > Map Properties > Tile Width {w}, Tile Height {h}, "
                    f"Hex Side Length {grid.side}")
        else:
            continue
        if key not in said:
            said.add(key)
            out.append(what)
    return out


def tile_shapes(tmx: TmxMap) -> list[str]:
    """Terrain tiles of a tileset not Playmat's own drawn for another hex layout than the map's.

    Read first from the tiles' transparent corners (:mod:`hex_shape`): a pointy-top hex on a flat-top
    map, whatever its proportions (a squat pointy-top tile is wider than tall, like a flat-top one), or
    straight sides much longer or shorter than the map's Hex Side Length. Tiles whose pixels cannot tell
    (no transparency, art of no plain hex shape) fall back on their proportions: taller than wide on a
    map of wide tiles, or the reverse.
    """
    placed = {id(t) for layer in tmx.tile_layers if layer.visible for t in layer.palette if t is not None}
    out = []
    budget = [MAP_PIXELS_READ]  # pixels the whole map may still have decoded: 256 atlases cannot take minutes
    for ts in tmx.tilesets:
        if ts.source_file is not None and ts.source_file.name in SHIPPED_GRIDS:
            continue  # said more exactly by shipped_tileset_grids
        terrain = [local for local, t in ts.tiles.items()
                   if id(t) in placed and any(k in t.properties for k in TERRAIN_KEYS)]
        drawn = _drawn_shapes(ts, terrain, budget)
        if drawn:
            out += _drawn_slip(tmx, ts, drawn)
        else:
            out += _proportion_slip(tmx, ts, terrain)
    return out


def _drawn_shapes(ts: Tileset, locals_: list[int], budget: list[int]) -> list[HexShape]:
    """The hex shapes the tiles ``locals_`` are drawn as, for those whose pixels tell (each image decoded once,
    while ``budget[0]``, the pixels the map may still have decoded, lasts; a dozen shapes make the case)."""
    wanted: dict[tuple[Path, str | None], list[tuple[int, int, int, int] | None]] = {}
    for local in sorted(locals_):
        image = ts.image_of(local)
        if image is not None and image.path.suffix.lower() == ".png":
            wanted.setdefault((image.path, image.trans), []).append(image.rect)
    shapes: list[HexShape] = []
    for (path, trans), rects in wanted.items():
        rows = max(r[1] + r[3] if r is not None else 1 << 30 for r in rects)
        size = png_size(path)
        cost = size[0] * min(rows, size[1]) if size is not None else 0
        if len(shapes) >= ENOUGH_SHAPES or cost > budget[0]:
            break
        budget[0] -= cost
        mask = opaque_mask(path, rows, trans)
        if mask is None:
            continue
        for rect in rects:
            x, y, w, h = rect if rect is not None else (0, 0, mask.shape[1], mask.shape[0])
            shape = hex_shape(mask[y : y + h, x : x + w])
            if shape is not None:
                shapes.append(shape)
    return shapes


def _drawn_slip(tmx: TmxMap, ts: Tileset, shapes: list[HexShape]) -> list[str]:
    """One warning when the tiles' drawn hexes disagree with the map's Stagger Axis or Hex Side Length."""
    head = tmx.head
    axis = Counter(s.axis for s in shapes).most_common(1)[0][0]
    sides = sorted(s.side for s in shapes if s.axis == axis)
    side = sides[len(sides) // 2]
    drawn = f"{'pointy' if axis == 'y' else 'flat'}-top hexes"
    straight = "upright at the left and right" if axis == "y" else "lying along the top and bottom"
    if axis != head.stagger_axis:
        return [f'tileset "{ts.name}": its terrain tiles are drawn as {drawn} (straight sides {straight}, '
                f"about {side} px long), but this map has {_axis_words(head.stagger_axis)}: the hexes overlap "
                f"and leave gaps; set Map > Map Properties > Stagger Axis to {axis.upper()} and Hex Side Length to "
                f"the side the tiles were drawn for (about {side}), or use a tileset drawn "
                f"{'pointy' if head.stagger_axis == 'y' else 'flat'}-top"]
    boxes = [s.box for s in shapes if s.axis == axis]
    width = sorted(b[0] for b in boxes)[len(boxes) // 2]
    height = sorted(b[1] for b in boxes)[len(boxes) // 2]  # the middle tile: a tall rock overhangs alone
    if not (_near(width, head.tile_width) and _near(height, head.tile_height)):
        return [f'tileset "{ts.name}": its terrain tiles are {drawn} drawn about {width}x{height} px with sides of '
                f"about {side} px, but this map's tiles are {head.tile_width}x{head.tile_height} px with Hex Side "
                f"Length {head.side_length}: the hexes overlap or leave gaps; set Map > Map Properties > Tile Width "
                f"{width}, Tile Height {height} and Hex Side Length to the side the tiles were drawn for "
                f"(about {side})"]
    low, high = head.side_length * (1 - SIDE_SLACK) - 1, head.side_length * (1 + SIDE_SLACK) + 3
    if not low <= side <= high:  # +3: a drawn side takes in the first pixels of the slopes at its ends
        return [f'tileset "{ts.name}": its terrain tiles are {drawn} with straight sides of about {side} px, '
                f"but this map's Hex Side Length is {head.side_length}: the rows of hexes overlap or leave gaps; "
                f"set Map > Map Properties > Hex Side Length to the side the tiles were drawn for (about {side})"]
    return []


def _near(drawn: int, cell: int) -> bool:
    """Whether a hex drawn ``drawn`` px across fits cells of ``cell`` px (art may overlap its neighbours a
    little, as Tiled's hexmini does by a pixel)."""
    return cell * (1 - SIDE_SLACK) - 2 <= drawn <= cell * (1 + SIDE_SLACK) + 2


def _proportion_slip(tmx: TmxMap, ts: Tileset, locals_: list[int]) -> list[str]:
    """Tiles whose pixels do not tell their hex: flagged when the other way round from the map's tiles."""
    head = tmx.head
    if head.tile_width == head.tile_height:
        return []
    map_tall = head.tile_height > head.tile_width
    sizes = {ts.tiles[local].size for local in locals_}
    odd = sorted(s for s in sizes if s[0] != s[1] and (s[1] > s[0]) != map_tall)
    if not odd:
        return []
    w, h = (int(v) for v in odd[0])
    way, other = ("taller than wide", "wider than tall") if h > w else ("wider than tall", "taller than wide")
    shape = f"{'pointy' if head.stagger_axis == 'y' else 'flat'}-top, Stagger Axis {head.stagger_axis.upper()}"
    return [f'tileset "{ts.name}": its terrain tiles are {w}x{h} px, {way}, but the map\'s are '
            f"{head.tile_width}x{head.tile_height} px, {other} "
            f"({shape}): "
            "tiles drawn for the other layout overlap and leave gaps; use a tileset drawn for this "
            "layout, or set Map > Map Properties > Stagger Axis, Tile Width, Tile Height and Hex "
            "Side Length to the ones the tileset was drawn for"]


def moved_layout(tmx: TmxMap) -> list[str]:
    """When the combatant objects sit on the cell centres of another Stagger Index or Axis, not this map's."""
    anchors = [o.anchor for o in tmx.objects if (o.kind or "").strip().lower() == COMBATANT_KIND]
    if len(anchors) < 2:
        return []  # one object off centre is a slip of the mouse, not a layout
    head = tmx.head

    def layout(axis: str, index: str) -> HexLayout:
        return HexLayout(axis, index, head.tile_width, head.tile_height, head.side_length, head.width, head.height)

    def off(lay: HexLayout) -> int:
        px = TiledPixels(lay)
        (ax, ay), (bx, by) = px.cell_center((1, 1)), px.cell_center(lay.neighbor((1, 1), 0))
        limit = OFF_CENTRE * math.hypot(bx - ax, by - ay)
        return sum(1 for x, y in anchors if math.dist((x, y), px.cell_center(px.pixel_to_cell(x, y))) > limit)

    axis, index = head.stagger_axis, head.stagger_index
    if off(layout(axis, index)) * 2 <= len(anchors):
        return []
    other_index = "odd" if index == "even" else "even"
    other_axis = "x" if axis == "y" else "y"
    for a, i in ((axis, other_index), (other_axis, index), (other_axis, other_index)):
        if a == "x" and head.side_length > head.tile_width or a == "y" and head.side_length > head.tile_height:
            continue  # a layout Tiled could not have had
        if off(layout(a, i)) == 0:
            changed = (f"Stagger Index {i.capitalize()}" if a == axis else
                       f"{_axis_words(a)}" + (f" and Stagger Index {i.capitalize()}" if i != index else ""))
            now = (f"Stagger Index {index.capitalize()}" if a == axis else
                   f"Stagger Axis {axis.upper()}" + (f" and Stagger Index {index.capitalize()}" if i != index else ""))
            return [f"map: its combatant objects sit on the hex centres of {changed}, not on this map's "
                    f"({now}): if that was changed after they were placed, set Map > Map Properties back to "
                    f"{changed}; else move every object onto its hex"]
    return []


def painted_index(tmx: TmxMap) -> list[str]:
    """When the tiles join up as painted under the other Stagger Index: art whose edges must meet.

    Changing the Stagger Index shifts every other row (Stagger Axis Y) or column (X) by half a hex, so
    of the two hexes below a cell (or to its right) one stays its neighbour and the other is swapped
    for the hex on its far side. Art drawn to join its neighbours (a road, a coast, Tiled's hexmini
    transitions) repeats the same tile along the neighbours it was painted on, so count, over every
    visible tile layer, the pairs of equal tiles that only this map's Stagger Index makes neighbours
    and those that only the other one does: pairs both or neither make neighbours say nothing. Plain
    fills, scattered variants and blobs give both counts alike, and then nothing is said: a Stagger
    Index leaves no trace there (see the module's docstring), which :func:`unknown_index` says when
    no combatant object can tell either.
    """
    head = tmx.head
    this, other = _joins(tmx)
    if not _far_more(other, this):
        return []
    was = "Even" if head.stagger_index == "odd" else "Odd"
    return [f"map: its tiles join up as painted with Stagger Index {was}, not with this map's "
            f"({head.stagger_index.capitalize()}): {other} pairs of matching tiles meet only under {was}, "
            f"{this} only under {head.stagger_index.capitalize()}; if the Stagger Index was changed after "
            f"the tiles were painted, set Map > Map Properties > Stagger Index back to {was}"]


def unknown_index(tmx: TmxMap) -> list[str]:
    """Said plainly when nothing in the file can show whether the map's Stagger Index is the one it was
    drawn with: no combatant object (an object sits on the centres of the index it was placed on) and
    tiles that join alike under either index (:func:`painted_index`)."""
    if any((o.kind or "").strip().lower() == COMBATANT_KIND for o in tmx.objects):
        return []
    this, other = _joins(tmx)
    if _far_more(this, other) or _far_more(other, this):
        return []  # the tiles tell: they confirm this index, or painted_index names the other
    index = tmx.head.stagger_index.capitalize()
    other_index = "Even" if index == "Odd" else "Odd"
    return [f"map: nothing in it shows whether Stagger Index {index} is the one it was drawn with: it has no "
            f"combatant objects (they sit on the hex centres of the index they were placed on) and its tiles join "
            f"alike under {index} and {other_index}; if rivers or walls look broken in Tiled, try the other "
            "Stagger Index in Map > Map Properties"]


def _joins(tmx: TmxMap) -> tuple[int, int]:
    """Pairs of equal tiles that only this map's Stagger Index makes neighbours, and only the other one."""
    head = tmx.head
    shifted_first = head.stagger_index == "odd"  # whether line 1 (not 0) is the shifted one: E = 0
    this = other = 0
    for layer in tmx.tile_layers:
        if not layer.visible:
            continue
        idx = np.asarray(layer.index)
        lines = idx if head.stagger_axis == "y" else idx.T  # staggered lines first: rows (Y) or columns (X)
        near, far = lines[:-1], lines[1:]
        ahead = (near[:, :-1] == far[:, 1:]) & (near[:, :-1] != 0)  # the next line's hex one step on
        behind = (near[:, 1:] == far[:, :-1]) & (near[:, 1:] != 0)  # and one step back
        plus, minus = ahead[:, 1:], behind[:, :-1]  # hexes with both (at the map's edge one is missing)
        only_plus, only_minus = plus & ~minus, minus & ~plus
        shifted = (np.arange(near.shape[0]) % 2 == 1) == shifted_first  # lines shifted on this map
        this += int(only_plus[shifted].sum() + only_minus[~shifted].sum())
        other += int(only_minus[shifted].sum() + only_plus[~shifted].sum())
    return this, other


def _far_more(a: int, b: int) -> bool:
    """Whether ``a`` joins outnumber ``b`` far beyond a fair coin (see PAINTED_*)."""
    return a >= PAINTED_MIN and a >= PAINTED_RATIO * b and (a - b) >= PAINTED_Z * math.sqrt(a + b)


__all__ = ["SHIPPED_GRIDS", "layout_slips", "moved_layout", "painted_index", "shipped_tileset_grids", "tile_shapes",
           "unknown_index"]

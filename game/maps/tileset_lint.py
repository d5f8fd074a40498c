"""Lint of a tileset's tile count: the ``tilecount`` a file declares against the tiles its image holds.

Tiled never trusts ``tilecount`` for a tileset cut from one image: it cuts the image it loads, left to
right and top to bottom, from ``margin`` in steps of tile size plus ``spacing`` for as long as a whole
tile still fits (``Tileset::loadFromImage``; the margin counts once, at the top left), and writes that
number back when it saves the tileset. A file whose ``tilecount`` disagrees loads in Tiled without a word,
so this is a warning, never a refusal; but Playmat reads tiles up to the declared count only, so a tile
the designer painted from past it is no tile to Playmat, and tiles the image lacks draw nothing.
"""

from __future__ import annotations

from .atlas_grid import tiled_grid
from .images import ImageError, image_header
from .png_alpha import opaque_mask
from .tilesets import Tileset
from .tmx_adapter import TmxMap

HEADER_BYTES = 1 << 16  # enough for the size of every format images.py reads (PNG's is in the first 24)


def tilecount_slips(tmx: TmxMap) -> list[str]:
    """One line per atlas tileset whose ``tilecount`` is not the count Tiled cuts from its image."""
    out = []
    for ts in tmx.tilesets:
        line = _tilecount_slip(ts)
        if line:
            out.append(line)
    return out


def overlap_slips(tmx: TmxMap) -> list[str]:
    """One line per tileset that starts inside an earlier one's gids (a .tsx that gained tiles after the map
    was saved): Tiled and Playmat read a gid there as the later tileset's tile, so the earlier one's last
    tiles cannot be placed; saving the map in Tiled moves the later firstgid up and renumbers what is placed."""
    out = []
    widest: Tileset | None = None  # of those before, the one reaching furthest
    for ts in tmx.tilesets:  # by firstgid
        if widest is not None and widest.firstgid < ts.firstgid <= widest.last_gid:
            out.append(f'tileset "{ts.name}" (firstgid {ts.firstgid}) starts inside tileset "{widest.name}" '
                       f"(gids {widest.gids_text()}): gids from {ts.firstgid} on are read as \"{ts.name}\"'s tiles, "
                       f'so "{widest.name}"\'s last tiles cannot be placed; open the map in Tiled and save it '
                       "(Tiled moves the firstgid up and renumbers the tiles placed)")
        if widest is None or ts.last_gid > widest.last_gid:
            widest = ts
    return out


def _tilecount_slip(ts: Tileset) -> str | None:
    if ts.atlas is None or ts.count is None:
        return None  # an image collection: its tiles are the images listed, there is nothing to cut
    size = _image_size(ts)
    if size is None:
        return None  # a missing or unreadable image is the reader's problem, said there
    grid = tiled_grid(size, ts.tile_size, ts.margin, ts.spacing)
    if grid.count == ts.count:
        return None
    where = f'tileset "{ts.name}"' + (f" ({ts.source_file.name})" if ts.source_file is not None else "")
    tw, th = ts.tile_size
    cut = (f"{ts.atlas.path.name}, {size[0]}x{size[1]} px: {_n(grid.columns, 'column')} x {_n(grid.rows, 'row')} "
           f"of {tw}x{th} px, margin {ts.margin}, spacing {ts.spacing}")
    if not ts.count_declared:
        # No tilecount: Playmat counted from the <image> width and height the file gives, which are not the
        # picture's own (the image was resized after the file was written).
        return (f"{where}: gives no tilecount, and its <image> width and height give {ts.count} tiles, but Tiled "
                f'cuts {grid.count} from the image itself ({cut}); set the image\'s width="{size[0]}" '
                f'height="{size[1]}" and tilecount="{grid.count}"')
    if grid.count > ts.count:
        effect = f"Playmat reads only the first {ts.count}, so a tile painted from past them is no tile"
    else:
        lost = f"tile {grid.count} has" if ts.count == grid.count + 1 else f"tiles {grid.count} to {ts.count - 1} have"
        effect = f"{lost} no picture"
    return (f'{where}: tilecount is {ts.count}, but Tiled cuts {grid.count} tiles from its image ({cut}) and '
            f'writes tilecount="{grid.count}" when it saves; {effect}; set tilecount="{grid.count}"')


def blank_slots(ts: Tileset) -> frozenset[int]:
    """Tiles of an atlas with not one drawn pixel and no properties: the empty slots of a last row (Tiled
    counts them, and shows them as blank squares), which no designer means to place. Empty when the
    picture cannot be read (:func:`png_alpha.opaque_mask`): then every tile counts as drawn."""
    if ts.atlas is None or not ts.count:
        return frozenset()
    size = _image_size(ts)
    mask = opaque_mask(ts.atlas.path, size[1], ts.atlas.trans) if size is not None else None
    if mask is None:
        return frozenset()
    out = set()
    for i in range(ts.count):
        image = ts.image_of(i)
        info = ts.tiles.get(i)
        if image is None or image.rect is None or (info is not None and info.properties):
            continue
        x, y, w, h = image.rect
        if not mask[y : y + h, x : x + w].any():
            out.add(i)
    return frozenset(out)


def _image_size(ts: Tileset) -> tuple[int, int] | None:
    """The size of the atlas as Tiled loads it: the file's own header (the TSX's width/height are hints)."""
    assert ts.atlas is not None
    try:
        with ts.atlas.path.open("rb") as f:
            header = image_header(f.read(HEADER_BYTES))
    except (OSError, ImageError):
        return None
    return header.width, header.height


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")

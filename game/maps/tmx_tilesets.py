"""A map's tilesets read from its ``<tileset>`` elements and the ``.tsx`` files they name.

Each is checked (sizes, counts, images, alignment, the tiles' custom properties) with every fault
noted in the :class:`Reader`, and turned into the :mod:`tilesets` model.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from game.rules import limits

from .tilesets import ALIGNMENTS, MAX_TILES_PER_TILESET, TileImage, TileInfo, Tileset
from .tmx_checks import Fatal, Reader, float_or, int_attr, parse_xml, pixel_number
from .tmx_properties import INT_RE, read_properties


def read_tilesets(rd: Reader, root: ET.Element) -> list[Tileset]:
    """Every tileset of the map, by firstgid; :class:`Fatal` when one cannot be placed or cut into tiles."""
    out = [_tileset(rd, node) for node in root if node.tag == "tileset"]
    if not out and not rd.problems:
        rd.problem(None, "the map has no tileset")
    out.sort(key=lambda t: t.firstgid)
    return out


def _tileset(rd: Reader, node: ET.Element) -> Tileset:
    firstgid = int_attr(rd, node, "firstgid", "a tileset", minimum=1)
    source = node.get("source")
    base = rd.path.parent
    ts_node = node
    if source is not None:
        where = f'tileset "{source}"'
        if not source.lower().endswith(".tsx"):
            raise rd.fatal(where, "only .tsx external tilesets are supported")
        # No place given: the message names the tileset itself, so it is said once.
        tsx_path = rd.within(rd.path.parent, source, None, "tileset")
        if tsx_path is None:
            raise Fatal()
        ts_node = parse_xml(rd, tsx_path, where, "tileset")
        if ts_node.tag != "tileset":
            raise rd.fatal(where, f"not a Tiled tileset (the root element is <{ts_node.tag}>)")
        base = tsx_path.parent  # a .tsx names its images from its own folder
    name = ts_node.get("name") or source or "?"
    where = f'tileset "{name}"'
    tw = int_attr(rd, ts_node, "tilewidth", where, minimum=1, maximum=limits.MAX_PIXEL_COORDINATE)
    th = int_attr(rd, ts_node, "tileheight", where, minimum=1, maximum=limits.MAX_PIXEL_COORDINATE)
    count = int_attr(rd, ts_node, "tilecount", where, required=False, minimum=0, maximum=MAX_TILES_PER_TILESET)
    # Where tiles are cut from the atlas and drawn: pixel numbers, bounded (a tile offset of 1e300 made
    # render end in "TypeError: invalid destination position for blit").
    spacing = int(pixel_number(rd, ts_node, "spacing", where))
    margin = int(pixel_number(rd, ts_node, "margin", where))
    columns = int(pixel_number(rd, ts_node, "columns", where))
    offset = (0, 0)
    off_node = ts_node.find("tileoffset")
    if off_node is not None:
        offset = (int(pixel_number(rd, off_node, "x", where, label="tileoffset x")),
                  int(pixel_number(rd, off_node, "y", where, label="tileoffset y")))
    read_properties(ts_node, where, rd.problem)  # checked only: Playmat reads no tileset property
    image = ts_node.find("image")
    # Without a firstgid the tileset cannot be placed; without a tile or an atlas size it cannot be cut.
    unusable = None in (firstgid, tw, th)
    atlas_path = None
    if image is not None:
        iw = int_attr(rd, image, "width", f"{where} image", minimum=1)
        ih = int_attr(rd, image, "height", f"{where} image", minimum=1)
        unusable = unusable or None in (iw, ih)
        atlas_path = rd.image(base, image.get("source"), where)  # a bad image does not stop the reading
    alignment = ts_node.get("objectalignment") or "unspecified"
    if alignment not in ALIGNMENTS:
        rd.problem(where, f'objectalignment "{alignment}" is not one of {", ".join(ALIGNMENTS)}')
        alignment = "unspecified"
    alignment = "bottomleft" if alignment == "unspecified" else alignment  # Tiled's default off isometric
    tiles: dict[int, TileInfo] = {}
    images: dict[int, TileImage] = {}
    animations: dict[int, tuple[tuple[int, int], ...]] = {}
    tile_nodes = ts_node.findall("tile")
    if len(tile_nodes) > MAX_TILES_PER_TILESET:  # 434,000 <tile/>s (6 MB) took render 6.5 s of CPU
        raise rd.fatal(where, f"holds {len(tile_nodes):,} tiles, more than {MAX_TILES_PER_TILESET:,}")
    for tile in tile_nodes:
        tid = int_attr(rd, tile, "id", f"a tile of {where}", minimum=0)
        if tid is None:
            continue
        label = f"tile {tid} of {where}"
        frames = _animation(tile)
        if frames:
            animations[tid] = frames
        props = read_properties(tile, label, rd.problem)
        size: tuple[float, float] = (float(tw or 0), float(th or 0))
        timg = tile.find("image")
        if timg is not None:
            tile_path = rd.image(base, timg.get("source"), label)
            size = (pixel_number(rd, timg, "width", label, size[0], label="image width"),
                    pixel_number(rd, timg, "height", label, size[1], label="image height"))
            if tile_path is not None:
                images[tid] = TileImage(tile_path, None, timg.get("trans"))
        tiles[tid] = TileInfo(label, props, tile.get("class") or tile.get("type"), size, alignment)
    if unusable:
        raise Fatal()
    assert firstgid is not None and tw and th
    if image is not None:
        sheet = int(float_or(image.get("width"), 0) // tw) * int(float_or(image.get("height"), 0) // th)
        if sheet > MAX_TILES_PER_TILESET:
            raise rd.fatal(where, f"image holds {sheet} tiles, more than {MAX_TILES_PER_TILESET}")
        count = sheet if count is None else count
        if columns <= 0:
            columns = max(1, (int(float_or(image.get("width"), 0)) - 2 * margin + spacing) // (tw + spacing)) \
                if tw + spacing > 0 else 1
    atlas = None
    if image is not None and atlas_path is not None:
        atlas = TileImage(atlas_path, None, image.get("trans"))
    return Tileset(name, firstgid, count, tiles, (float(tw), float(th)), alignment,
                   atlas, (tw, th), spacing, margin, columns, offset, images, animations, source is not None)


def _animation(tile: ET.Element) -> tuple[tuple[int, int], ...]:
    """A tile's animation frames as (local tile id, duration ms); unreadable frames are skipped."""
    out = []
    anim = tile.find("animation")
    for frame in anim.findall("frame") if anim is not None else ():
        tid, ms = frame.get("tileid", ""), frame.get("duration", "")
        if INT_RE.match(tid) and INT_RE.match(ms) and len(tid + ms) < 20 and int(tid) >= 0:
            out.append((int(tid), max(0, int(ms))))
    return tuple(out)

"""A map's tilesets read from its ``<tileset>`` elements and the ``.tsx`` files they name.

Each is checked (sizes, counts, images, alignment, the tiles' custom properties) with every fault
noted in the :class:`Reader`, and turned into the :mod:`tilesets` model.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree as ET

from game.rules import InputLimitError, did_you_mean, limits

from .atlas_grid import tiled_grid
from .errors import ImageFault, MapError
from .shipped import assets_folder
from .tilesets import ALIGNMENTS, MAX_TILES_PER_TILESET, TileImage, TileInfo, Tileset
from .tmx_checks import Fatal, Reader, float_or, int_attr, parse_xml, pixel_number
from .tmx_properties import INT_RE, read_properties


def read_tilesets(rd: Reader, root: ET.Element) -> list[Tileset]:
    """Every tileset of the map, by firstgid; :class:`Fatal` when one cannot be placed or cut into tiles."""
    nodes = [node for node in root if node.tag == "tileset"]
    if len(nodes) > limits.MAX_TILESETS:
        raise rd.fatal(None, f"has {len(nodes):,} tilesets, more than the limit of {limits.MAX_TILESETS:,}")
    # Each .tsx file is read once, however often the map names it: 10,000 references to one of 1 MB
    # took validate 32 s, 100 to one of 30 MB 1.46 GB. The key is the resolved path (None: it failed).
    read: dict[Path, Tileset | None] = {}
    out = [_tileset(rd, node, read) for node in nodes]
    if not out and not rd.problems:
        rd.problem(None, "the map has no tileset")
    out.sort(key=lambda t: t.firstgid)
    _check_overlaps(rd, out)
    return out


def _check_overlaps(rd: Reader, tilesets: list[Tileset]) -> None:
    """Note each tileset that starts at the same gid as an earlier one: each of their gids could be either's
    tile, and Tiled never writes it (a hand edit does). A tileset starting inside an earlier one's gids is no
    refusal: it arises without a hand edit, when a ``.tsx`` gained tiles after the map was saved, and Tiled
    reads a gid as the tile of the tileset with the highest firstgid not above it, as ``owner_of`` does
    (``validate --lint`` warns: :func:`tileset_lint.overlap_slips`)."""
    for before, ts in zip(tilesets, tilesets[1:], strict=False):  # by firstgid; two of one firstgid in file order
        if ts.firstgid == before.firstgid:
            rd.problem(None, f'tileset "{limits.clip(ts.name)}" (firstgid {ts.firstgid}) starts at the same gid as '
                       f'tileset "{limits.clip(before.name)}" (gids {before.gids_text()}): two tilesets cannot '
                       "start at the same gid (Tiled never writes this: undo the hand edit)")


def _tileset(rd: Reader, node: ET.Element, read: dict[Path, Tileset | None]) -> Tileset:
    firstgid = int_attr(rd, node, "firstgid", "a tileset", minimum=1)
    source = node.get("source")
    if source is None:
        tileset = _contents(rd, node, None, rd.path.parent)
    else:
        where = f'tileset "{limits.clip(source, 200)}"'
        if not source.lower().endswith(".tsx"):
            raise rd.fatal(where, "only .tsx external tilesets are supported")
        # No place given: the message names the tileset itself, so it is said once.
        tsx_path = rd.within(rd.path.parent, source, None, "tileset")
        if tsx_path is None:
            raise Fatal()
        real = rd.resolve(tsx_path)
        key = tsx_path if isinstance(real, str) else real  # unresolvable (allow_outside): reading it says why
        if key not in read and not isinstance(real, str):
            try:
                found = real.exists()
            except OSError as e:  # exists() says False for most faults but raises on a name too long for the system
                raise rd.fatal(where, f"cannot read the tileset: {e.strerror or type(e).__name__}") from None
            if not found:
                raise rd.fatal(where, f'file not found: "{tsx_path.name}"{_nearest_tsx(rd, source, tsx_path)}')
        if key not in read:
            read[key] = None  # until it has been read whole
            _count_bytes(rd, tsx_path, where)
            ts_node = parse_xml(rd, tsx_path, where, "tileset")
            if ts_node.tag != "tileset":
                raise rd.fatal(where, f"not a Tiled tileset (the root element is <{limits.clip(ts_node.tag)}>)")
            read[key] = _contents(rd, ts_node, source, tsx_path.parent)  # images named from its own folder
        known = read[key]
        if known is None:
            raise Fatal()
        tileset = known
    if firstgid is None:
        raise Fatal()
    if source is not None:
        tileset = replace(tileset, source_file=key)
    return replace(tileset, firstgid=firstgid)


MAX_TSX_LOOKED_AT = 200  # per folder: a did-you-mean must not read a huge folder


def _nearest_tsx(rd: Reader, source: str, tsx_path: Path) -> str:
    """' (did you mean "../../assets/terrain.tsx"?)' for a misspelt tileset path: the nearest .tsx, written as
    the map would name it, in the folder the path points into, the map's own folder or Playmat's tilesets
    (only folders a map may read; with --allow-outside the one it names too)."""
    base = rd.path.parent
    folders = [tsx_path.parent, base, assets_folder()]
    shown: dict[str, str] = {}  # file name -> the path the map would name it by
    for folder in folders:
        real = rd.resolve(folder)
        if isinstance(real, str) or not real.is_dir():
            continue
        allowed = rd.allow_outside or any(real == root or real.is_relative_to(root)
                                          for root in (base.resolve(), assets_folder().resolve()))
        if not allowed:
            continue
        try:
            names = sorted(p.name for p in itertools.islice(real.glob("*.tsx"), MAX_TSX_LOOKED_AT))
        except OSError:
            continue
        for name in names:
            if folder == tsx_path.parent:
                text = source[: len(source) - len(tsx_path.name)] + name
            else:
                try:
                    text = Path(os.path.relpath(real / name, base.resolve())).as_posix()
                except ValueError:  # another drive (Windows)
                    continue
            shown.setdefault(name, text)  # the folder the path names first
    hint = did_you_mean(tsx_path.name, list(shown))  # by file name: the folder may be what was mistyped
    for name, text in shown.items():
        hint = hint.replace(f'"{name}"', f'"{text}"')
    return hint


def _count_bytes(rd: Reader, path: Path, where: str) -> None:
    """Add ``path``'s size to the bytes of .tsx files the map has named; past the limit, Fatal."""
    try:
        size = limits.regular_file_size(path, "tileset", limits.MAX_MAP_FILE_BYTES)
    except InputLimitError:
        return  # parse_xml says what is wrong with it
    rd.tileset_bytes += size
    if rd.tileset_bytes > limits.MAX_TILESET_BYTES:
        raise rd.fatal(where, f"the map's .tsx files hold more than {limits.MAX_TILESET_BYTES:,} bytes in all, "
                       "the limit")


def _contents(rd: Reader, ts_node: ET.Element, source: str | None, base: Path) -> Tileset:
    """A ``<tileset>`` element's tileset, placed at firstgid 0 (the map's reference places it).

    Every fault is noted in the order the element is read (sizes, cutting, properties, image, alignment,
    tiles); :class:`Fatal` after the tiles when it has no tile or atlas size to be cut by."""
    name = ts_node.get("name") or source or "?"
    where = f'tileset "{limits.clip(name)}"'
    tw = int_attr(rd, ts_node, "tilewidth", where, minimum=1, maximum=limits.MAX_PIXEL_COORDINATE)
    th = int_attr(rd, ts_node, "tileheight", where, minimum=1, maximum=limits.MAX_PIXEL_COORDINATE)
    count = int_attr(rd, ts_node, "tilecount", where, required=False, minimum=0, maximum=MAX_TILES_PER_TILESET)
    spacing, margin, columns, offset = _cutting(rd, ts_node, where)
    read_properties(ts_node, where, rd.problem)  # checked only: Playmat reads no tileset property
    image = ts_node.find("image")
    # Without a tile or an atlas size it cannot be cut.
    unusable = None in (tw, th)
    atlas_path = None
    if image is not None:
        sized, atlas_path = _atlas_image(rd, image, base, where)
        unusable = unusable or not sized
    alignment = _alignment(rd, ts_node, where)
    tiles, images, animations = _tiles(rd, ts_node, base, where, (float(tw or 0), float(th or 0)), alignment)
    if unusable:
        raise Fatal()
    assert tw and th
    declared = count is not None
    if image is not None:
        count, columns = _atlas_counts(rd, image, (tw, th), margin, spacing, count, columns, where)
    atlas = None
    if image is not None and atlas_path is not None:
        atlas = TileImage(atlas_path, None, image.get("trans"))
    return Tileset(name, 0, count, tiles, (float(tw), float(th)), alignment,
                   atlas, (tw, th), spacing, margin, columns, offset, images, animations, source is not None,
                   count_declared=declared)


def _cutting(rd: Reader, ts_node: ET.Element, where: str) -> tuple[int, int, int, tuple[int, int]]:
    """(spacing, margin, columns, tile offset): where tiles are cut from the atlas and drawn. Pixel numbers,
    bounded (a tile offset of 1e300 made render end in "TypeError: invalid destination position for blit")."""
    spacing = int(pixel_number(rd, ts_node, "spacing", where))
    margin = int(pixel_number(rd, ts_node, "margin", where))
    for key, value in (("spacing", spacing), ("margin", margin)):
        if value < 0:  # Tiled allows none: tiles would be cut from outside the image, or all from one place
            rd.problem(where, f"{key} {value} is less than 0")
    spacing, margin = max(0, spacing), max(0, margin)
    columns = int(pixel_number(rd, ts_node, "columns", where))
    offset = (0, 0)
    off_node = ts_node.find("tileoffset")
    if off_node is not None:
        offset = (int(pixel_number(rd, off_node, "x", where, label="tileoffset x")),
                  int(pixel_number(rd, off_node, "y", where, label="tileoffset y")))
    return spacing, margin, columns, offset


def _atlas_image(rd: Reader, image: ET.Element, base: Path, where: str) -> tuple[bool, Path | None]:
    """(whether the atlas ``<image>`` gives its size, its file or None): a bad image does not stop the reading."""
    iw = int_attr(rd, image, "width", f"{where} image", minimum=1)
    ih = int_attr(rd, image, "height", f"{where} image", minimum=1)
    return None not in (iw, ih), rd.image(base, image.get("source"), where)


def _alignment(rd: Reader, ts_node: ET.Element, where: str) -> str:
    """How tile objects of this tileset sit on their point: Tiled's default off isometric, "bottomleft",
    when unspecified or unknown (which is noted)."""
    alignment = ts_node.get("objectalignment") or "unspecified"
    if alignment not in ALIGNMENTS:
        rd.problem(where, f'objectalignment "{alignment}" is not one of {", ".join(ALIGNMENTS)}')
        alignment = "unspecified"
    return "bottomleft" if alignment == "unspecified" else alignment


def _tiles(rd: Reader, ts_node: ET.Element, base: Path, where: str, size: tuple[float, float], alignment: str
           ) -> tuple[dict[int, TileInfo], dict[int, TileImage], dict[int, tuple[tuple[int, int], ...]]]:
    """The ``<tile>`` elements: each one's info, its own image (an image collection) and its animation, by
    local id; tiles of ``size`` unless their image says otherwise. Missing images folded by folder."""
    tiles: dict[int, TileInfo] = {}
    images: dict[int, TileImage] = {}
    animations: dict[int, tuple[tuple[int, int], ...]] = {}
    tile_nodes = ts_node.findall("tile")
    if len(tile_nodes) > MAX_TILES_PER_TILESET:  # 434,000 <tile/>s (6 MB) took render 6.5 s of CPU
        raise rd.fatal(where, f"holds {len(tile_nodes):,} tiles, more than {MAX_TILES_PER_TILESET:,}")
    first_problem = len(rd.problems)
    for tile in tile_nodes:
        tid = int_attr(rd, tile, "id", f"a tile of {where}", minimum=0)
        if tid is None:
            continue
        label = f"tile {tid} of {where}"
        if tid in tiles:  # a hand edit: which description was meant is not guessed (Tiled writes each once)
            rd.problem(label, "is described twice (Tiled writes each tile once: keep the one you mean)")
            continue
        frames = _animation(tile)
        if frames:
            animations[tid] = frames
        props = read_properties(tile, label, rd.problem)
        tile_size, tile_image = _tile_image(rd, tile, base, label, size)
        if tile_image is not None:
            images[tid] = tile_image
        tiles[tid] = TileInfo(label, props, tile.get("class") or tile.get("type"), tile_size, alignment)
    fold_missing_images(rd, first_problem, where)
    return tiles, images, animations


def _tile_image(rd: Reader, tile: ET.Element, base: Path, label: str, size: tuple[float, float]
                ) -> tuple[tuple[float, float], TileImage | None]:
    """A tile's own ``<image>``: its size (``size`` where it gives none) and the image, or None."""
    timg = tile.find("image")
    if timg is None:
        return size, None
    tile_path = rd.image(base, timg.get("source"), label)
    size = (pixel_number(rd, timg, "width", label, size[0], label="image width"),
            pixel_number(rd, timg, "height", label, size[1], label="image height"))
    return size, TileImage(tile_path, None, timg.get("trans")) if tile_path is not None else None


def _atlas_counts(rd: Reader, image: ET.Element, tile: tuple[int, int], margin: int, spacing: int,
                  count: int | None, columns: int, where: str) -> tuple[int, int]:
    """(tile count, columns) of an atlas: as declared, else as Tiled cuts the image, margin and spacing
    skipped (a 452 px image of 64 px tiles, margin 4 and spacing 12, holds 6 columns, not 452 // 64 = 7)."""
    sheet = tiled_grid((int(float_or(image.get("width"), 0)), int(float_or(image.get("height"), 0))),
                       tile, margin, spacing)
    if sheet.count > MAX_TILES_PER_TILESET:
        raise rd.fatal(where, f"image holds {sheet.count} tiles, more than {MAX_TILES_PER_TILESET}")
    count = sheet.count if count is None else count
    if columns <= 0:
        columns = max(1, sheet.columns)
    return count, columns


# More missing images than this in one present folder are said in one line, naming the first few.
FEW_MISSING = 3


def fold_missing_images(rd: Reader, first: int, where: str) -> None:
    """One line per folder for the tile images of a tileset found missing since ``rd.problems[first]``:
    a missing folder (6 tiles drawn from "tiles/", and no "tiles/") said once, naming the folder and how
    many images it should hold, instead of once per tile; a present folder missing more than
    FEW_MISSING of them likewise, naming the first few. A few files missing from a present folder
    keep a line each (which tile, which file)."""
    by_folder: dict[Path, list[int]] = {}
    for index in range(first, len(rd.problems)):
        path = rd.missing_images.get(index)
        if path is not None:
            by_folder.setdefault(path.parent, []).append(index)
    folded: dict[int, MapError | None] = {}
    for folder, indexes in by_folder.items():
        files = sorted({rd.missing_images[i].name for i in indexes})
        shown = limits.clip(_shown_folder(folder, rd.path.parent), 200)
        if not folder.is_dir():
            what = (f'image folder "{shown}" is missing, and with it the {_images(len(files))} this tileset '
                    "draws from it")
        elif len(files) > FEW_MISSING:
            first_few = ", ".join(f'"{name}"' for name in files[:FEW_MISSING])
            what = f'{_images(len(files))} in folder "{shown}" are missing, e.g. {first_few}'
        else:
            continue
        folded[indexes[0]] = ImageFault(rd.source, where, what)
        folded.update(dict.fromkeys(indexes[1:]))
    if not folded:
        return
    kept = []
    for index, problem in enumerate(rd.problems):
        if index in folded:
            replacement = folded[index]
            if replacement is not None:
                kept.append(replacement)
        else:
            kept.append(problem)
    rd.problems[:] = kept
    rd.missing_images = {}  # the indexes no longer match; a later tileset's start afresh past these


def _images(n: int) -> str:
    return "1 image" if n == 1 else f"{n} images"


def _shown_folder(folder: Path, map_folder: Path) -> str:
    """The folder as the map's tiles name it: relative to the map's folder when inside it."""
    try:
        rel = folder.relative_to(map_folder)
    except ValueError:
        return str(folder)
    return str(rel) if str(rel) != "." else "."


def _animation(tile: ET.Element) -> tuple[tuple[int, int], ...]:
    """A tile's animation frames as (local tile id, duration ms); unreadable frames are skipped."""
    out = []
    anim = tile.find("animation")
    for frame in anim.findall("frame") if anim is not None else ():
        tid, ms = frame.get("tileid", ""), frame.get("duration", "")
        if INT_RE.match(tid) and INT_RE.match(ms) and len(tid + ms) < 20 and int(tid) >= 0:
            out.append((int(tid), max(0, int(ms))))
    return tuple(out)

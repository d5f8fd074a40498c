"""Checks on a TMX file from a stranger: the file, its XML, the map element's attributes, its size.

:class:`Reader` holds the file being read, what it may name (its own folder tree, Playmat's own
tilesets, or anything with ``--allow-outside``) and every fault found so far, so a map is refused
with all its faults, one line each (``playmat validate``). :mod:`tmx_adapter` reads a map with these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from game.rules import HexLayout, InputLimitError, limits

from .errors import ImageFault, MapError
from .images import ImageError, check_image
from .layer_tree import LAYER_TAGS, DrawLayer, offset_margins
from .pixels import TiledPixels
from .safe_xml import XmlError, parse_untrusted
from .shipped import assets_folder
from .tmx_properties import INT_RE, is_float


class Fatal(Exception):
    """Internal: stop reading; the problems so far say why."""


@dataclass
class Reader:
    """The file being read, what it may name, and the faults found so far.

    A map from a stranger may name only files in its own folder tree (and Playmat's own tilesets,
    which the shipped maps use); ``allow_outside`` lifts that for a designer's own layout.
    """

    path: Path
    source: str
    problems: list[MapError] = field(default_factory=list)
    allow_outside: bool = False
    whole_png: bool = True  # False when the caller decodes the images next (images.check_image)
    _checked_images: dict[Path, str | None] = field(default_factory=dict)
    _image_pixels: int = 0  # of the distinct image files checked so far (MAX_MAP_IMAGE_PIXELS)
    _roots: tuple[Path, ...] = ()  # the folders it may read, resolved once (a resolve is a syscall per part)
    _resolved: dict[Path, Path | str] = field(default_factory=dict)
    tileset_bytes: int = 0  # of the .tsx files read so far (limits.MAX_TILESET_BYTES)
    # The image files found missing, by the index in ``problems`` of the line that says so (a tileset
    # whose image folder is missing says it once: tmx_tilesets.fold_missing_images).
    missing_images: dict[int, Path] = field(default_factory=dict)

    def resolve(self, path: Path) -> Path | str:
        """``path.resolve()``, once per path and read (a map names each image in several checks); or why
        it cannot be resolved, in a user's words (a loop of symbolic links: a.png -> b.png -> a.png)."""
        real = self._resolved.get(path)
        if real is None:
            try:
                real = path.resolve()
            except RuntimeError:  # Python before 3.13: "Symlink loop from '/abs/path/a.png'"
                real = "a loop of symbolic links"
            except OSError as e:
                real = e.strerror or type(e).__name__
            self._resolved[path] = real
        return real

    def _unresolvable(self, source: str, where: str | None, what: str, reason: str) -> None:
        fault = f'{what} "{limits.clip(source, 200)}": cannot read the {what}: {reason}'
        self.problems.append((ImageFault if what == "image" else MapError)(self.source, where, fault))

    def problem(self, where: str | None, what: str) -> None:
        self.problems.append(MapError(self.source, where, what))

    def fatal(self, where: str | None, what: str) -> Fatal:
        self.problem(where, what)
        return Fatal()

    def within(self, base: Path, source: str, where: str | None, what: str) -> Path | None:
        """``base / source`` when it may be read; else None with the problem noted.

        The path is resolved (``..`` and symlinks followed) before the check, and refused without
        looking whether it exists, so a map cannot probe the disk either.
        """
        path = base / source
        if self.allow_outside:
            return path
        real = self.resolve(path)
        if isinstance(real, str):
            self._unresolvable(source, where, what, real)
            return None
        if not self._roots:
            self._roots = (self.path.parent.resolve(), assets_folder().resolve())
        if any(real.is_relative_to(root) for root in self._roots):
            return path
        fault = f'{what} "{limits.clip(source, 200)}" is outside the map\'s folder; pass --allow-outside to read it'
        self.problems.append((ImageFault if what == "image" else MapError)(self.source, where, fault))
        return None

    def image(self, base: Path, source: str | None, where: str) -> Path | None:
        """The image file ``source`` names, checked as a decoder would see it (once per file); else None."""
        if not source:
            self.problems.append(ImageFault(self.source, where, "image has no source file"))
            return None
        path = self.within(base, source, where, "image")
        if path is None:
            return None
        key = self.resolve(path)
        if isinstance(key, str):  # with --allow-outside, not resolved before
            self._unresolvable(source, where, "image", key)
            return None
        if key not in self._checked_images:
            fault = None
            shown = limits.clip(source, 200)
            try:
                header = check_image(path, whole_png=self.whole_png)
            except InputLimitError as e:
                fault = f'image "{shown}" is missing' if e.missing else f'image "{shown}": {e.reason}'
            except ImageError as e:
                fault = f'image "{shown}" {e}'
            else:
                # Each file once, however many layers and tilesets show it: the renderer decodes it once.
                self._image_pixels += header.width * header.height
                if self._image_pixels > limits.MAX_MAP_IMAGE_PIXELS:
                    fault = (f'image "{shown}": the map\'s images come to more than '
                             f"{limits.MAX_MAP_IMAGE_PIXELS:,} pixels in all, the limit")
            self._checked_images[key] = fault
        fault = self._checked_images[key]
        if fault is not None:
            if fault == f'image "{limits.clip(source, 200)}" is missing':
                self.missing_images[len(self.problems)] = path
            self.problems.append(ImageFault(self.source, where, fault))
            return None
        return path


@dataclass(frozen=True)
class MapHead:
    """The map element's attributes, checked."""

    stagger_axis: str
    stagger_index: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    side_length: int


def check_picture_size(rd: Reader, head: MapHead, layers: list[DrawLayer]) -> bool:
    """The whole picture the window and render draw at full size: cells, tile box and layer offsets.
    True (and the problem noted) when it is past the limit."""
    layout = HexLayout(head.stagger_axis, head.stagger_index, head.tile_width, head.tile_height,
                       head.side_length, head.width, head.height)
    pw, ph = TiledPixels(layout).pixel_size
    left, top, right, bottom = offset_margins(layers)
    w, h = pw + left + right, ph + top + bottom
    if w * h > limits.MAX_PICTURE_PIXELS:
        rd.problem("map", f"the map's picture is {w}x{h} pixels (cells, tile size and layer offsets), more "
                   f"than the limit of {limits.MAX_PICTURE_PIXELS:,}")
        return True
    return False


def check_layer_places(rd: Reader, root: ET.Element) -> None:
    """A layer anywhere but in the map or a group is a fault (named once: a file may hold thousands).

    Layers are read from the map's and the groups' children only (:mod:`layer_tree`), as Tiled puts
    them; one elsewhere would be dropped without a word. A tile's collision shapes (an
    ``<objectgroup>`` in a ``<tile>``) are the tileset's, not layers.
    """
    stack = [(child, root) for child in reversed(root) if child.tag not in ("tile", "tileset")]
    while stack:  # depth first in file order, without recursion whatever the nesting
        node, parent = stack.pop()
        if node.tag in LAYER_TAGS and parent.tag not in ("map", "group"):
            rd.problem(f'layer "{node.get("name", "")}"', f"a <{node.tag}> inside a <{parent.tag}>; Tiled puts "
                       "layers only in the map or in a group")
            return
        stack.extend((child, node) for child in reversed(node) if child.tag not in ("tile", "tileset"))


def parse_xml(rd: Reader, path: Path, where: str | None, what: str = "map") -> ET.Element:
    """The root of an XML file from a stranger: a regular file within the size limit, no DTD, bounded tree."""
    try:
        data = limits.read_regular_file(path, what, limits.MAX_MAP_FILE_BYTES)
    except InputLimitError as e:
        raise rd.fatal(where, f'file not found: "{path.name}"' if e.missing else e.reason) from None
    try:
        return parse_untrusted(data)
    except XmlError as e:
        raise rd.fatal(where, f"not XML ({e})") from None
    except InputLimitError as e:
        raise rd.fatal(where, str(e)) from None


def int_attr(rd: Reader, node: ET.Element, name: str, where: str | None, *, required: bool = True,
              minimum: int | None = None, maximum: int | None = None) -> int | None:
    raw = node.get(name)
    if raw is None:
        if required:
            rd.problem(where, f"{name} is missing")
        return None
    if not INT_RE.match(raw):
        rd.problem(where, f'{name} "{limits.clip(raw)}" is not an integer{limits.digits_hint(raw)}')
        return None
    try:
        value = limits.whole_number(raw, name)
    except InputLimitError as e:
        rd.problem(where, str(e))
        return None
    if minimum is not None and value < minimum:
        rd.problem(where, f"{name} {value} is less than {minimum}")
        return None
    if maximum is not None and value > maximum:
        rd.problem(where, f"{name} {value} is more than {maximum}")
        return None
    return value


TILED_ORIENTATIONS = {"staggered": "Isometric (Staggered)"}  # where the file's word is not Tiled's menu's


def check_map_attributes(rd: Reader, root: ET.Element) -> MapHead:
    orientation = root.get("orientation")
    if orientation != "hexagonal":
        # Tiled's menu names: "staggered" is Isometric (Staggered), easily taken for Hexagonal (Staggered).
        menu = TILED_ORIENTATIONS.get(orientation or "")
        said = (f'orientation is "{orientation}"' + (f" ({menu} in Tiled)" if menu else "")
                if orientation is not None else "orientation is missing")
        raise rd.fatal("map", f"{said}, but Playmat needs a hexagonal map: set Map > Map Properties > Orientation "
                              "to Hexagonal (Staggered), then its Hex Side Length and Stagger Axis")
    infinite = (root.get("infinite") or "0").strip()
    if infinite == "1":
        raise rd.fatal("map", "infinite maps are not supported: in Tiled, Map > Map Properties > Infinite: off, "
                       "then save again")
    if infinite != "0":
        rd.problem("map", f'infinite "{infinite}" is not 0 or 1')
    axis = root.get("staggeraxis")
    if axis not in ("x", "y"):
        rd.problem("map", f'staggeraxis is "{axis}", not x or y' if axis is not None else "staggeraxis is missing")
    index = root.get("staggerindex")
    if index not in ("odd", "even"):
        rd.problem("map", f'staggerindex is "{index}", not odd or even' if index is not None
                   else "staggerindex is missing")
    width = int_attr(rd, root, "width", "map", minimum=1, maximum=limits.MAX_CELLS_PER_SIDE)
    height = int_attr(rd, root, "height", "map", minimum=1, maximum=limits.MAX_CELLS_PER_SIDE)
    tw = int_attr(rd, root, "tilewidth", "map", minimum=2, maximum=100_000)
    th = int_attr(rd, root, "tileheight", "map", minimum=2, maximum=100_000)
    side = int_attr(rd, root, "hexsidelength", "map", minimum=0, maximum=100_000)
    if rd.problems or None in (width, height, tw, th, side):
        raise Fatal()
    assert width and height and tw and th and side is not None
    along = th if axis == "y" else tw
    if side > along:
        raise rd.fatal("map", f"hexsidelength {side} is more than the tile {'height' if axis == 'y' else 'width'} "
                       f"{along}")
    return MapHead(str(axis), str(index), width, height, tw, th, side)


def pixel_number(rd: Reader, node: ET.Element, name: str, where: str, default: float = 0.0, *,
                 label: str | None = None) -> float:
    """A pixel position, offset, spacing or size: ``default`` when absent or not a number (as Tiled reads
    it), else within ``MAX_PIXEL_COORDINATE`` either way; a number past it (or infinite) is a fault noted
    in ``rd`` and read as ``default``, so nothing downstream ever draws at it."""
    raw = node.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        return default
    if not math.isfinite(value) or abs(value) > limits.MAX_PIXEL_COORDINATE:
        rd.problem(where, f'{label or name} "{raw.strip()[:24]}" is out of range (at most '
                   f"{limits.MAX_PIXEL_COORDINATE:,} pixels either way)")
        return default
    return value


def float_or(raw: str | None, default: float) -> float:
    if raw is None or not is_float(raw):
        return default
    value = float(raw)
    return value if math.isfinite(value) else default

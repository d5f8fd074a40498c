"""The maps that ship with Playmat, wherever Playmat runs from.

Installed (``pip install .``, wheel or sdist) the maps and their art are the
package data ``game.data.maps`` and ``game.data.assets``, found through
:mod:`importlib.resources`; from a checkout (``PYTHONPATH=.``, editable
install) they are the top-level ``maps/`` and ``assets/`` folders. Either way a
map's ``../assets/terrain.tsx`` resolves, because both keep the same relative
layout.
"""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from pathlib import Path

from game.rules import InputLimitError, limits

from .errors import MapError
from .safe_xml import XmlError, parse_untrusted
from .tmx_properties import read_properties

DEFAULT_MAP_NAME = "default.tmx"
_CHECKOUT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ShippedMap:
    """One bundled map: its file and the ``title``/``description`` map properties (for pickers)."""

    path: Path
    title: str
    description: str


def maps_folder() -> Path:
    """The folder holding the shipped ``.tmx`` files (installed package data, else the checkout's ``maps/``)."""
    return _data_folder("maps", "*.tmx")


def assets_folder() -> Path:
    """The folder of the shipped tilesets and images (``assets/`` in a checkout), e.g. ``/ "tokens"``."""
    return _data_folder("assets", "*.tsx")


def _data_folder(name: str, marker: str) -> Path:
    # game.data is a regular package, so files() is a real folder; the mapped maps/ and assets/
    # folders have no __init__.py (they are data), and files() of such a namespace package is
    # not a plain path.
    packaged = Path(str(importlib.resources.files("game.data"))) / name
    if packaged.is_dir() and any(packaged.glob(marker)):
        return packaged
    return _CHECKOUT / name  # a checkout (PYTHONPATH=. or an editable install): the top-level folder


def shipped_maps() -> list[ShippedMap]:
    """Every bundled map, the default first, then by title."""
    found = [_describe(p) for p in sorted(maps_folder().glob("*.tmx"))]
    return sorted(found, key=lambda m: (m.path.name != DEFAULT_MAP_NAME, m.title.casefold(), m.path.name))


def default_map() -> Path:
    """The map ``playmat play`` and ``playmat render`` use when given none.

    Raises :class:`MapError` (one line) when the installation lacks it.
    """
    path = maps_folder() / DEFAULT_MAP_NAME
    if not path.is_file():
        raise MapError(DEFAULT_MAP_NAME, None, f"the bundled map is missing (looked in {path.parent}); "
                       "reinstall Playmat or pass a map")
    return path


def describe_map(path: Path) -> ShippedMap:
    """Any map's title and description, as the pickers show them (a saved setup, a designer's map)."""
    return _describe(path)


def _describe(path: Path) -> ShippedMap:
    """Title and description from the map's properties, without loading tiles (a picker lists many maps).

    Read as the loader reads them (the same limits, the same properties), so a picker shows the title
    the game shows; a file that cannot be read is listed by its name (loading it says what is wrong).
    """
    props: dict[str, object] = {}
    try:
        root = parse_untrusted(limits.read_regular_file(path, "map", limits.MAX_MAP_FILE_BYTES))
    except (InputLimitError, XmlError):
        root = None
    if root is not None and root.tag == "map":
        props = read_properties(root, "map property")
    # Cut to the limits the loader holds them to (a picker lists a map that loading then refuses, by its start).
    title = str(props.get("title") or "").strip()[:limits.MAX_TITLE_CHARS] or path.name
    description = str(props.get("description") or "").strip()[:limits.MAX_DESCRIPTION_CHARS]
    return ShippedMap(path=path, title=title, description=description)

"""Playmat's stock terrain palette: the tiles ``tmxwrite.write_map`` puts in every map it writes.

Tools and tests write maps from rows of characters (``.`` normal, ``w`` water, ...); each such map
embeds this palette, one tile per terrain kind, in this order (the order fixes the tile ids 0, 1, ...).
The map lint knows it by these properties: like a shared ``.tsx``, a palette holds every kind of
ground, so no map is expected to place them all.
"""

from __future__ import annotations

from collections.abc import Mapping

# char -> the tile's custom properties.
BASE_TILES: dict[str, dict[str, object]] = {
    ".": {"terrain": "normal"},
    "d": {"terrain": "difficult"},
    "w": {"terrain": "water"},
    "c": {"terrain": "chasm"},
    "h": {"terrain": "hazard"},
    "#": {"terrain": "blocked"},
    "x": {"terrain": "normal", "exit": True},
    "o": {},
}


def is_stock_palette(tile_properties: Mapping[int, Mapping[str, object]]) -> bool:
    """Whether tiles 0, 1, ... carry exactly the stock palette's properties, in its order (tiles past it
    are the writer's extras, such as the skirmish generator's trees; a tile the file does not describe
    has no properties)."""
    return all(dict(tile_properties.get(i, {})) == props for i, props in enumerate(BASE_TILES.values()))

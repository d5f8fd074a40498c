"""Terrain kinds, movement types and the R5 cost table."""

from __future__ import annotations

from enum import IntEnum

import numpy as np


class Terrain(IntEnum):
    NORMAL = 0
    DIFFICULT = 1
    WATER = 2
    CHASM = 3
    HAZARD = 4
    BLOCKED = 5

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def phrase(self) -> str:
        """The terrain as a refusal names it: "may not enter impassable terrain at 9,6" (found on the Black
        Gull: "may not enter blocked at 9,6" read as a broken sentence)."""
        return _PHRASES[self]


_PHRASES = {Terrain.NORMAL: "normal terrain", Terrain.DIFFICULT: "difficult terrain", Terrain.WATER: "water",
            Terrain.CHASM: "a chasm", Terrain.HAZARD: "a hazard", Terrain.BLOCKED: "impassable terrain"}


class MovementType(IntEnum):
    GROUND = 0
    FLYING = 1
    SWIMMING = 2

    @property
    def label(self) -> str:
        return self.name.lower()


TERRAIN_NAMES = tuple(t.label for t in Terrain)
MOVEMENT_TYPE_NAMES = tuple(m.label for m in MovementType)

# Cost to enter, indexed [terrain, movement type]; -1 = may not enter
# voluntarily (R5).
NO_ENTRY = -1
# The tile properties that make a tile decide its cell's terrain (docs/map-format.md); others are decoration.
TERRAIN_KEYS = ("terrain", "cost_ground", "cost_flying", "cost_swimming", "hazard_damage", "exit", "blocks_sight",
                "cover")
DEFAULT_COSTS = np.array(
    [
        # ground flying swimming
        [1, 1, 1],  # normal
        [2, 1, 1],  # difficult
        [-1, 1, 1],  # water
        [-1, 1, -1],  # chasm
        [-1, -1, -1],  # hazard
        [-1, -1, -1],  # blocked
    ],
    dtype=np.int16,
)
DEFAULT_HAZARD_DAMAGE = 3

# An off-map cell: no terrain at all.
OFF_MAP = -1

# --- a terrain tile's own name ---------------------------------------------------------------------
# A tile names itself with its ``tile`` property (the shipped tilesets: "parapet", "thick_tree"; the window's
# hover already reads it): the words for cover say "a parapet at 6,4", what the player sees on the map, not
# "a cover tile" (R31). Not a terrain key: a decoration tile has a name too and stays decoration.
TILE_NAME_KEY = "tile"
MAX_NAME = 40  # a stranger's map may name a tile with a paragraph: a sentence quotes only so much of it
_ARTICLES = ("a", "an", "the", "some")


def terrain_noun(raw: object) -> str | None:
    """A tile's ``tile`` property as a sentence says it: ``low_wall`` and ``Low Wall`` read "low wall"
    (underscores as spaces, lower-case, white space and unprintable characters squeezed to one space, at most
    ``MAX_NAME`` characters); None for no name (missing, not a string, or blank)."""
    if not isinstance(raw, str):
        return None
    text = "".join(ch if ch.isprintable() else " " for ch in raw[:4 * MAX_NAME].replace("_", " "))
    words = " ".join(text.split()).lower()
    if len(words) > MAX_NAME:
        words = words[:MAX_NAME - 1].rstrip() + "…"
    return words or None


def with_article(noun: str) -> str:
    """"a low wall", "an arrow slit"; a name that brings its own article ("the old well", "some barrels") is
    kept as it is. By the first letter: a map's names are a designer's words, not a dictionary's."""
    first = noun.split(" ", 1)[0]
    if first in _ARTICLES:
        return noun
    return f"{'an' if noun[:1] in tuple('aeiou') else 'a'} {noun}"

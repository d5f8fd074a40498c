"""The words a GM or a Tiled user types for a combatant property, and the property Playmat reads for each.

Spelling distance finds a slip ("attak" for ``attack``) but not another game's word for the same thing:
``movement`` read as nearest to ``movement_type`` when a GM means ``move``, the movement points. One table,
read by a GM's ``edit`` (rules/actions.py) and by the map's property lint and refusals (game/maps/slips.py),
so both name the same property for the same word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .text import did_you_mean, quote

# Written without separators, in lower case: "Max HP", "max-hp" and "max_hp" all read "maxhp" (_plain).
# Only words that are no property's own spelling: a known name is never hinted at another.
PROPERTY_SYNONYMS: dict[str, str] = {
    # movement points per turn (R6)
    "movement": "move", "movementpoints": "move", "movepoints": "move", "mp": "move", "speed": "move",
    "moves": "move", "movementrate": "move",
    # ground / flying / swimming (R5)
    "movemode": "movement_type", "movementmode": "movement_type", "movetype": "movement_type",
    "locomotion": "movement_type",
    # hit points (R21)
    "hitpoints": "hp", "health": "hp", "hpnow": "hp", "currenthp": "hp", "life": "hp",
    "maxhp": "hp_max", "hpmaximum": "hp_max", "maximumhp": "hp_max", "maxhitpoints": "hp_max",
    "maxhealth": "hp_max", "hitpointsmax": "hp_max", "fullhp": "hp_max",
    # the roll an attacker must reach (R21): British spelling, armour class
    "defence": "defense", "def": "defense", "ac": "defense", "armour": "defense", "armor": "defense",
    "armourclass": "defense", "armorclass": "defense",
    "atk": "attack", "att": "attack", "tohit": "attack", "attackbonus": "attack",
    "dmg": "damage",
    "init": "initiative", "ini": "initiative",
    "team": "faction",
    "direction": "facing", "heading": "facing", "dir": "facing",
    "zoc": "threatening", "zoneofcontrol": "threatening", "threatens": "threatening",
    "minreach": "reach_min", "reachmin": "reach_min",
    "range": "ranged", "rangedrange": "ranged",
}


def _plain(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name).casefold()


def meant_property(key: str, known: Iterable[str]) -> str:
    """The property of ``known`` another game's word ``key`` names ("speed" -> "move"), else ''."""
    meant = PROPERTY_SYNONYMS.get(_plain(key), "") if isinstance(key, str) else ""
    return meant if meant in tuple(known) and meant != key else ""


def property_did_you_mean(key: str, known: Iterable[str]) -> str:
    """' (did you mean "move"?)' for a property name a GM typed: another game's word for one first ("movement"
    is ``move``, not ``movement_type``), then the nearest spelling as for any name."""
    names = tuple(known)
    meant = meant_property(key, names)
    return f" (did you mean {quote(meant)}?)" if meant else did_you_mean(key, names)

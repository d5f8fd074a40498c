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
    "rangedrange": "ranged",
}

# Words that name more than one property, each named in the hint, the likeliest first: a guess at one would send
# a GM who meant another to the wrong property. "range" may be a bow's (R29), a weapon's reach (R8) or how far
# a burst is centred (R32).
AMBIGUOUS_PROPERTY_WORDS: dict[str, tuple[str, ...]] = {
    "range": ("ranged", "reach", "area_range"),
}


def _plain(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name).casefold()


def meant_properties(key: str, known: Iterable[str]) -> tuple[str, ...]:
    """The properties of ``known`` another game's word ``key`` may name ("speed" -> move; "range" -> ranged,
    reach, area_range), else ()."""
    if not isinstance(key, str):
        return ()
    plain = _plain(key)
    single = PROPERTY_SYNONYMS.get(plain)
    meant = (single,) if single else AMBIGUOUS_PROPERTY_WORDS.get(plain, ())
    names = tuple(known)
    return tuple(m for m in meant if m in names and m != key)


def property_did_you_mean(key: str, known: Iterable[str]) -> str:
    """' (did you mean "move"?)' for a property name a GM typed: another game's word for one first ("movement"
    is ``move``, not ``movement_type``), every one it may mean when it may mean several (' (did you mean
    "ranged", "reach" or "area_range"?)'), then the nearest spelling as for any name."""
    names = tuple(known)
    meant = [quote(m) for m in meant_properties(key, names)]
    if not meant:
        return did_you_mean(key, names)
    return f" (did you mean {meant[0] if len(meant) == 1 else ', '.join(meant[:-1]) + ' or ' + meant[-1]}?)"

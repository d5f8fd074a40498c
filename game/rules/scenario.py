"""A loaded encounter map: terrain, combatants and the map's rule settings."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .combatant import CombatantSpec
from .factions import Hostility


@dataclass(frozen=True, eq=False)
class Scenario:
    """What a TMX file describes; the encounter's starting point.

    ``source`` is the file name used in messages; ``combatants`` are in map
    order (Tiled object id), which breaks initiative ties (R14).
    """

    source: str
    title: str
    board: Board
    combatants: tuple[CombatantSpec, ...]
    hostility: Hostility
    seed: int = 0
    flank_penalty: int = 2
    rear_penalty: int = 4
    cover_bonus: int = 2  # R31
    threatened_shooter_penalty: int = 2  # R29
    description: str = ""  # the map's ``description`` property: shown in the map picker and reports

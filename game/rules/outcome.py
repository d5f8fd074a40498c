"""How a fight ended: one answer to "who won, and why" (python-chess's ``Outcome(termination, winner)``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class EndReason(StrEnum):
    """Why combat ended (its value is what the combat log and ``CombatEnded.to_dict()`` say)."""

    NO_HOSTILES = "no hostile pair remains"  # R13: no two hostile factions both have an active combatant
    GM = "gm"  # the GM's end_combat


@dataclass(frozen=True)
class Outcome:
    """A fight that has ended: why, and the factions that won.

    ``winners``: the factions with an active combatant and no active hostile, sorted. After
    :attr:`EndReason.NO_HOSTILES` that is every side left on the board; after the GM ends a fight
    with hostiles still facing each other, nobody has won (empty).
    """

    reason: EndReason
    winners: tuple[str, ...]

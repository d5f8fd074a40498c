"""What defeated a combatant, as the end-of-battle summary says it: " by Goblin 2", " by the fire", " by Bjorn's
shove into the chasm", " by a fall into the chasm (pushed by the GM)".

Found on giants_lair: a goblin the GM pushed into the chasm read "defeated in round 1" with no cause, beside
"defeated in round 14 by Goblin 2". The cause comes from the engine's events as :mod:`.battle_stats` counted
them (``Defeated.cause``, and the ``Shoved``, ``AreaCast`` or GM ``Push`` that moved it, R12, R25, R33).
"""

from __future__ import annotations

from .battle_stats import CombatantStats


def ground_words(s: CombatantStats) -> str:
    """The tile it fell into or burned on, as the map names it ("the chasm", "the fire"); unnamed, the rules'
    word ("the chasm", "the hazard")."""
    return f"the {s.fate_ground or ('chasm' if s.fate_cause == 'fall' else 'hazard')}"


def cause_words(s: CombatantStats, brief: bool = False) -> str:
    """" by ...": who or what defeated ``s``, or "" when nothing is known (fled, standing). ``brief``: for a
    narrow table, where it went left out of a shove's ("by Bjorn's shove") and a GM's push said in two words."""
    if s.by_gm:  # set to 0 hp or removed by the GM
        return " (GM)"
    if s.fate_cause in ("fall", "hazard"):
        where = ground_words(s)
        if s.fate_push in ("shove", "burst") and s.fate_by:
            into = "" if brief else f" {'into' if s.fate_cause == 'fall' else 'onto'} {where}"
            return f" by {s.fate_by}'s {s.fate_push}{into}"
        what = (("a fall" if brief else f"a fall into {where}") if s.fate_cause == "fall" else where)
        if s.fate_push == "gm":
            return f" by {what} ({'GM' if brief else 'pushed by the GM'})"
        return f" by {what}"
    return f" by {s.fate_by}" if s.fate_by else ""

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


def short_fall(s: CombatantStats, when: str, level: int) -> str | None:
    """A fall's (or a shove onto a hazard's) fate said short with the place kept, for a narrow table; None where
    the usual words serve (``cause_words``). ``when``: " in round 4", or "". ``level`` as the summary's:

    - 1: "fell into the chasm in round 1 (GM)", "shoved into the chasm in round 6 by Goblin 3", "shoved onto the
      fire in round 2 by Bjorn" (the full form says "defeated in round 1 by a fall into the chasm (pushed by the
      GM)");
    - 3 (the round left out too): "fell into the chasm (GM)", as short as "defeated by a fall (GM)".

    Found at 960x600 on giants_lair: the brief form "defeated in round 1 by a fall (GM)" left out where Goblin 1
    fell (the place read only in the row's tip), though "fell into the chasm" takes no more room."""
    if s.by_gm or s.fate != "defeated" or s.fate_cause not in ("fall", "hazard"):
        return None
    fall = s.fate_cause == "fall"
    into = f"{'into' if fall else 'onto'} {ground_words(s)}"
    gm = " (GM)" if s.fate_push == "gm" else ""
    if level == 1:
        if s.fate_push in ("shove", "burst") and s.fate_by:
            return f"{'shoved' if s.fate_push == 'shove' else 'pushed'} {into}{when} by {s.fate_by}"
        return f"fell {into}{when}{gm}" if fall else None  # (a hazard's short words name it: "by the fire")
    if level == 3 and fall and s.fate_push not in ("shove", "burst"):
        return f"fell {into}{gm}"
    return None

"""A plan in words a GM reads (``playmat suggest``): what the combatant does, the odds, and why.

"Move Mira to 5,4, then attack Orc 1 from the rear: 70 % to hit, 3.5 damage
expected, 20 % to defeat it." The odds are the engine's previews, asked on a
sandbox where the plan's earlier steps have been taken (so an attack after a
move is previewed from the hex the move ends on); nothing is worked out here.
After the first roll the rest of the plan is intent: the sandbox's dice
decide what it sees, as :func:`game.ai.explain` says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai import Plan, Term
from game.rules import (
    DICE_ACTIONS,
    Action,
    AreaTargetPreview,
    Attack,
    Cast,
    Disengage,
    EncounterView,
    EndTurn,
    Face,
    Flee,
    Move,
    Shoot,
    Shove,
    joined,
    side_words,
)

from .blow_reach import blow_line

STRIKES = (Attack, Shove, Shoot, Cast)  # the actions that strike a blow (a disengage or a flee does not)
ARCS = {"front": "from the front", "left": "from its left flank", "right": "from its right flank",
        "rear": "from the rear"}
# Each score term (game/ai/tactical.py) in a GM's words: what a positive value means.
TERMS = {
    # Capped at the target's hp (tactical.py's capped_mean): said, or "+1.6" beside "4.8 damage expected" in the
    # first line (the whole blow) read as a contradiction.
    "expected_damage": "the damage it expects to deal, up to the target's hit points",
    "defeat": "its chance to defeat the target, times what the target is worth",
    "wounded": "finishing a wounded foe",
    "hazard": "the damage fire or a chasm does to the one it pushes",
    "friendly_fire": "friends caught in its own burst",
    "spend": "a use of its ability spent",
    "danger": "the blows, shots and bursts it expects to take next round",
    "exposure": "blows it expects in its flank or rear next round",
    "death": "its chance of dying next round, times its own worth",
    "approach": "how far it still has to walk to reach a fight",
    "retreat": "how far it gets from the foes, its fight being lost",
    "exit": "how far it is from an exit, its fight being lost",
    "support": "friends within two hexes",
    "lane": "standing in a large friend's way to the fight",
    "shield": "standing between a wounded friend and the nearest foe",
    "zoc_stop": "being stopped short by a zone of control",
    "hazard_start": "the fire it would start its next turn in",
    "flee": "leaving the battle (a combatant fled is lost to its side)",
    "stay": "staying put rather than moving twice",
    "stuck": "if the break-away fails: where it is left standing",
    "backtrack": "walking back to a hex it just left (a shuffle)",
    "focus": "the blows its friends will add to the same target",
    "noise": "chance (the easy level's mistakes)",
}


def percent(p: float) -> str:
    return f"{round(100 * p)} %"


def plan_words(enc: EncounterView, plan: Plan, rng: random.Random | None = None) -> list[str]:
    """The plan as sentences: the first the actions up to and including the first roll, with its
    odds; then what it intends after, if anything; then a line of reasons (the largest first)."""
    sb = enc.sandbox(rng if rng is not None else random.Random(0))
    phrases: list[str] = []
    rolled = False
    before: list[str] = []
    after: list[str] = []
    for action in plan.actions:
        text = _phrase(sb, action)
        (after if rolled else before).append(text)
        if isinstance(action, EndTurn | Flee) or sb.turn != plan.unit:
            break
        if isinstance(action, DICE_ACTIONS):
            rolled = True
        try:
            sb.apply(action)
        except Exception:  # a step the sandbox's dice made moot (the target fell): the rest is intent only
            break
        if sb.turn != plan.unit:
            break
    phrases.append(f"{plan.unit} ({plan.level}): " + _join(before) + ".")
    if after:
        phrases.append("If all goes to plan, then " + _join(after, capital=False) + ".")
    reasons = why_words(plan.terms)
    if not any(isinstance(a, STRIKES) for a in plan.actions):
        # "End the turn. Why: +0.8 for friends within two hexes" read as staying for company when no foe could be
        # struck at all: first whether a blow was within reach this turn (blow_reach.py).
        phrases.append(blow_line(enc, plan.unit, bool(reasons)))
    if reasons:
        phrases.append("Why: " + reasons + ".")
    blow = plan.extra.get("best_blow")
    if isinstance(blow, Plan):
        phrases.append(declined_words(enc, plan, blow))
    return phrases


def declined_words(enc: EncounterView, plan: Plan, blow: Plan) -> str:
    """Why its best blow lost: "Attacking Bjorn from 6,10 would score 1.0 lower: -2.1 for its chance of dying next
    round, times its own worth; +1.8 for the damage it expects to deal; -1.7 for ...". A GM asks "why doesn't the
    goblin attack?", which the plan's own Why does not answer; the blow's own largest terms, beside the plan's Why
    line, do (a difference of terms read badly: a term only the plan has, such as fleeing's cost, came out as
    something the blow would "gain")."""
    lower = plan.score - blow.score
    said = why_words(blow.terms, most=3)
    return f"{_blow_choice(enc, blow)} would score {lower:.1f} lower" + (f": {said}." if said else ".")


def _blow_choice(enc: EncounterView, blow: Plan) -> str:
    """"Attacking Bjorn from 10,9", "Shoving Wynn from where it stands", "Using its area ability at 4,5 ..."."""
    where = "from where it stands"
    for a in blow.actions:
        if isinstance(a, Move):
            where = f"from {a.to[0]},{a.to[1]}"
        elif isinstance(a, Cast):
            return f"Using its area ability at {a.at[0]},{a.at[1]} {where}"
        elif isinstance(a, Attack | Shove | Shoot):
            verb = {Attack: "Attacking", Shove: "Shoving", Shoot: "Shooting"}[type(a)]
            return f"{verb} {a.target} {where}"
    return "Its best blow"


def _join(parts: Sequence[str], capital: bool = True) -> str:
    if not parts:
        return "nothing"
    text = ", then ".join(parts)
    return text[0].upper() + text[1:] if capital else text


def _phrase(sb: EncounterView, action: Action) -> str:
    if isinstance(action, Move):
        return f"move {action.unit} to {action.to[0]},{action.to[1]}"
    if isinstance(action, Face):
        return f"turn to face {side_words(action.dir)}"
    if isinstance(action, Attack):
        pv = sb.preview_attack(action.unit, action.target)
        return (f"attack {action.target} {ARCS.get(pv.arc, pv.arc)}: {percent(pv.hit_chance)} to hit, "
                f"{pv.expected_damage:.1f} damage expected, {percent(pv.defeat_chance)} to defeat it")
    if isinstance(action, Shove):
        return _shove_phrase(sb, action)
    if isinstance(action, Shoot):
        sp = sb.preview_shoot(action.unit, action.target)
        cover = ", through cover" if sp.cover else ""
        return (f"shoot {action.target} {ARCS.get(sp.arc, sp.arc)}{cover}: {percent(sp.hit_chance)} to hit, "
                f"{sp.expected_damage:.1f} damage expected, {percent(sp.defeat_chance)} to defeat it")
    if isinstance(action, Cast):
        # Each one caught rolls on its own (R32): its odds, as the engine's cast preview gives them, friends
        # caught named apart as friendly fire.
        cv = sb.preview_cast(action.unit, action.at)
        foes = [_caught_odds(a) for a in cv.affected if not a.friendly]
        friends = [_caught_odds(a) for a in cv.affected if a.friendly]
        caught = f", catching {joined(foes) or 'no foe'}" + (f"; friendly fire on {joined(friends)}"
                                                             if friends else "")
        return f"use its area ability at {action.at[0]},{action.at[1]}{caught}"
    if isinstance(action, Disengage):
        dv = sb.preview_disengage(action.unit, action.skill)
        return f"break away ({action.method} with {action.skill}): {percent(dv.chance)} to succeed"
    if isinstance(action, Flee):
        return "flee the battle from this exit"
    if isinstance(action, EndTurn):
        return "end the turn"
    return action.KIND.replace("_", " ")


def _shove_phrase(sb: EncounterView, action: Shove) -> str:
    """A shove as a GM reads it at the table: which way, where the target lands and what it suffers there, then
    the odds (R22, R12): "shove Goblin 1 north-east into the chasm at 10,3: 65 % to succeed, and it falls (65 %
    to defeat it)". The window's shove preview names the same landing."""
    sv = sb.preview_shove(action.unit, action.target)
    way = side_words(sv.direction)
    col, row = sv.lands_at
    odds = f"{percent(sv.hit_chance)} to succeed"
    if sv.falls:
        return f"shove {action.target} {way} into the chasm at {col},{row}: {odds}, and it falls " \
               f"({percent(sv.defeat_chance)} to defeat it)"
    if len(sv.push_path) <= 1:
        blocked = f" ({sv.stopped})" if sv.stopped else ""  # the engine's words: the command line quotes names
        return f"shove {action.target} {way}: {odds}, but it cannot move{blocked}"
    if sv.hazard_damage > 0:
        defeat = f", {percent(sv.defeat_chance)} to defeat it" if sv.defeat_chance > 0 else ""
        return f"shove {action.target} {way} onto a hazard at {col},{row} ({sv.hazard_damage} damage): {odds}{defeat}"
    return f"shove {action.target} {way} to {col},{row}: {odds}"


def _caught_odds(a: AreaTargetPreview) -> str:
    """"Kestrel (55 % to hit, 2.2 damage expected)": one combatant's odds in a burst; a chance to defeat it
    (the damage, or a push into a chasm or fire) is said when there is one."""
    defeat = f", {percent(a.defeat_chance)} to defeat it" if a.defeat_chance > 0 else ""
    return f"{a.target} ({percent(a.hit_chance)} to hit, {a.expected_damage:.1f} damage expected{defeat})"


def why_words(terms: Sequence[Term], most: int = 4) -> str:
    """The largest score terms, each in words with its points ("+3.5 for the damage it expects to deal")."""
    ranked = sorted((t for t in terms if abs(t.value) >= 0.05), key=lambda t: -abs(t.value))[:most]
    out = []
    for t in ranked:
        base = t.term.split(" (")[0]
        words = TERMS.get(base)
        if base == "playout":
            words = "how its side stands after the round is played out (expert)"
        out.append(f"{t.value:+.1f} for {words or t.term.replace('_', ' ')}")
    return "; ".join(out)

"""Hard: one enemy reply ahead, played out on a sandbox with the `normal` policy as the enemy's mind.

For one of its best candidate turns the actor is moved (and turned) on a
sandbox of the encounter; then each hostile that could reach it is given the
turn there, everyone else standing still, and the `normal` policy plans that
hostile's turn. If the plan strikes the actor, the preview from the hex it
strikes from gives the expected damage and the chance of defeat, arc
included (R17-R19); if it shoves the actor into fire or a chasm, the shove's
preview gives them (R12, R22). Each hostile is asked on its own, from the
same position: the replies are not chained.

Only moves and turns are applied (no dice are rolled): the actor's own blow
is accounted for by discounting the struck hostile's reply by the chance it
is defeated first, as the danger terms do.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.rules import Attack, Cast, Encounter, EndTurn, Face, Move, Shoot, Shove

from .turn import Plan


class Planner(Protocol):
    def plan(self, enc: Encounter, rng: random.Random) -> Plan: ...


def replies(enc: Encounter, me: str, moves: list, hostiles: list[str], enemy: Planner
            ) -> dict[str, tuple[float, float]] | None:
    """{hostile: (expected damage to ``me``, chance of defeating it)} for those whose planned reply strikes ``me``.

    None when the engine refuses the moves (the plan is then not checked).
    """
    base = enc.sandbox(random.Random(0))  # nothing is rolled; the sandbox only keeps the real dice out of reach
    try:
        for action in moves:
            base.apply(action)
        base.apply(EndTurn())
    except Exception:  # a plan the engine refuses is simply not checked
        return None
    order = base.order()
    out: dict[str, tuple[float, float]] = {}
    for name in hostiles:
        if name not in order or base.turn is None:
            continue
        trial = base.clone()
        for _ in range(len(order) + 1):  # pass the turn along until the hostile's (everyone else stands still)
            if trial.turn in (name, me, None):
                break
            trial.apply(EndTurn())
        if trial.turn != name:
            continue  # the actor's own turn comes first: this hostile replies after it moves again
        plan = enemy.plan(trial, random.Random(0))
        at = trial.view(name).cell
        for action in plan.actions:
            if isinstance(action, Move):
                at = action.to
            elif isinstance(action, Shoot):
                if action.target == me:
                    sp = trial.preview_shoot(name, me, at=at)
                    out[name] = (sp.expected_damage, sp.defeat_chance)
                break
            elif isinstance(action, Cast):
                if at != trial.view(name).cell:
                    trial.apply(Move(name, at))  # a burst is previewed from where its caster stands
                hit = [a for a in trial.preview_cast(name, action.at).affected if a.target == me]
                if hit:
                    out[name] = (hit[0].expected_damage, hit[0].defeat_chance)
                break
            elif isinstance(action, Attack):
                if action.target == me:
                    pv = trial.preview_attack(name, me, at=at)
                    out[name] = (pv.expected_damage, pv.defeat_chance)
                break
            elif isinstance(action, Shove):
                if action.target == me:  # into fire or a chasm: the push is the blow (R12, R22)
                    push = trial.preview_shove(name, me, at=at)
                    hp = trial.view(me).hp
                    lost = hp if push.falls else min(push.hazard_damage, hp)
                    out[name] = (push.hit_chance * lost, push.defeat_chance)
                break
            elif isinstance(action, EndTurn | Face):
                break
    return out


def combined(struck: dict[str, tuple[float, float]], kills: dict[str, float]) -> tuple[float, float]:
    """(expected damage, chance of defeat) over the replies, each hostile's x the chance it lives to act."""
    damage, survive = 0.0, 1.0
    for name, (expected, defeat) in struck.items():
        lives = 1.0 - kills.get(name, 0.0)
        damage += lives * expected
        survive *= 1.0 - lives * defeat
    return damage, 1.0 - survive

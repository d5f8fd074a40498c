"""Hard: the side's blows assigned jointly, so focus fire combines.

Before the actor chooses, its friends still to act before its next turn are
assigned to hostiles one by one in initiative order, each to the target where
its blow adds the most to the side's chance of defeating someone (Wesnoth's
attack combinations, ``aspect_attacks.cpp``, rate a target by the attackers
it can draw together). Blows combine as damage distributions, capped at the
target's hit points, so two blows that each defeat nothing alone are seen to
defeat together.

The actor's own attack is placed first and the friends re-assigned around
it, so every candidate attack is worth what the side defeats with it: the
sum over hostiles of worth x chance of being defeated, compared with the
actor not attacking at all. The policy counts only what this adds beyond
the blow's own chance to defeat, and never less than nothing (a sure defeat
in hand is not given up for a friend's chance; tuning games played worse
when it was). A hostile likely defeated before its own next turn threatens
less: the danger terms count its threat times the chance it lives to act.

Friends are assumed to strike from the front and to reach any hostile within
their walk plus weapon reach, or only their weapon reach when a zone of
control holds them (an estimate; they re-plan on their own turns).
"""

from __future__ import annotations

import numpy as np

from game.rules import CombatantView, hit_chance

from .dice import blow, combine
from .model import Situation


class Coordination:
    """The side's joint assignment of blows for one decision (see the module docstring)."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        me = sit.me
        order = sit.enc.order()
        i = order.index(me.name) if me.name in order else 0
        cycle = order[i + 1:] + order[:i]  # who acts before the actor's next turn, in order
        self.slot = {name: k for k, name in enumerate(cycle)}
        self.targets = [t for t in sit.hostiles if t.name in self.slot]
        self.worth = {t.name: sit.value(t) for t in self.targets}
        friends = sorted((f for f in sit.friends if f.name in self.slot), key=lambda f: self.slot[f.name])
        # Each friend's blow against each hostile it could reach: (target, distribution, acts before it).
        self.options: list[list[tuple[str, np.ndarray, bool]]] = []
        for f in friends:
            opts = []
            # A friend held by a hostile's zone of control (R9) strikes only from where it stands.
            held = bool(sit.enc.threateners_of(f.name))
            for t in self.targets:
                walk = 0 if held else f.movement_max
                apart = sit.layout.distance(f.cell, t.cell) - f.radius - t.radius
                # Its blow, or its shot (a friend held by a zone of control may still shoot, R29).
                weapons = [(f.reach, f.attack, f.damage)]
                if f.ranged is not None:
                    weapons.append((f.ranged.max_range, f.ranged.attack, f.ranged.damage))
                dists = [blow(sit.hp_room(t), hit_chance(attack, t.defense, 0), sit.dice(damage).faces)
                         for reach, attack, damage in weapons if apart <= walk + reach]
                if not dists:
                    continue
                dist = max(dists, key=lambda d: float(d @ np.arange(len(d))))
                opts.append((t.name, dist, self.slot[f.name] < self.slot[t.name]))
            if opts:
                self.options.append(opts)
        self._memo: dict[object, tuple[float, dict[str, float]]] = {}
        self.base_value, self.base_deny = self.assign(None, None)

    def start(self, t: CombatantView) -> np.ndarray:
        out = np.zeros(self.sit.hp_room(t) + 1)
        out[0] = 1.0
        return out

    def assign(self, target: str | None, mine: np.ndarray | None, key: object = None
               ) -> tuple[float, dict[str, float]]:
        """(worth the side defeats, {hostile: chance of defeat before it acts}), the actor striking ``target``."""
        key = key if key is not None else target
        if key in self._memo:
            return self._memo[key]
        by = self.sit.by_name
        total = {t.name: self.start(t) for t in self.targets}  # every blow before the actor's next turn
        deny = {t.name: self.start(t) for t in self.targets}  # blows before the hostile's own next turn
        if target is not None and mine is not None and target in total:
            total[target] = combine(total[target], mine)
            deny[target] = combine(deny[target], mine)
        for opts in self.options:
            best, pick = -1.0, None
            for name, dist, before in opts:
                now = total[name]
                after = combine(now, dist)
                gain = (after[-1] - now[-1]) * self.worth[name]
                # Ties and no-kill cases: the blow that takes away the most hit points.
                gain += 0.01 * float(np.dot(after - now, np.arange(len(now)))) / max(1, by[name].hp_max)
                if gain > best:
                    best, pick = gain, (name, after, dist, before)
            if pick is not None:
                name, after, dist, before = pick
                total[name] = after
                if before:
                    deny[name] = combine(deny[name], dist)
        value = sum(self.worth[n] * float(d[-1]) for n, d in total.items())
        out = (value, {n: float(d[-1]) for n, d in deny.items() if d[-1] > 0})
        self._memo[key] = out
        return out

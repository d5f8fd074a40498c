"""Two baselines, for measurement only: how much better than these is the tactical AI?

- ``random``: one action drawn uniformly from the legal actions, then end turn.
- ``greedy``: attack whatever is in reach (first by name), or else shoot
  whatever is in range and sight (first by name); otherwise walk the cheapest
  path toward the nearest hostile as far as this turn's movement goes and
  attack or shoot if that brought one into reach; then end turn.

Both read only the public engine API and keep no state between calls.
"""

from __future__ import annotations

import random

import numpy as np

from game.rules import Action, Attack, Encounter, EndTurn, Move, Shoot, ThreatZones

from .turn import turn_so_far

# A budget that lets a reach search cover any map: "as far as the whole map".
WHOLE_MAP = 1_000_000


class RandomPolicy:
    """Uniform over the legal actions, once per turn; then end turn."""

    level = "random"

    def choose(self, view: Encounter, rng: random.Random) -> Action:
        if view.turn is None or turn_so_far(view):
            return EndTurn()
        actions = view.legal_actions()
        return actions[rng.randrange(len(actions))] if actions else EndTurn()


class GreedyPolicy:
    """Nearest hostile, cheapest path, first target by name."""

    level = "greedy"

    def choose(self, view: Encounter, rng: random.Random) -> Action:
        name = view.turn
        if name is None:
            return EndTurn()
        done = turn_so_far(view)
        if not view.acted:
            target = first_target(view, name)
            if target is not None:
                return Attack(name, target)
            target = first_target(view, name, shoot=True)
            if target is not None:
                return Shoot(name, target)
        if any(isinstance(a, Move) for a in done) or view.acted:
            return EndTurn()
        step = step_toward_nearest(view, name)
        return Move(name, step) if step is not None else EndTurn()


def first_target(enc: Encounter, name: str, shoot: bool = False) -> str | None:
    """The first hostile by name this combatant may attack (or ``shoot``) from where it stands."""
    can = enc.can_shoot if shoot else enc.can_attack
    names = sorted(v.name for v in enc.views() if v.active and v.name != name and can(name, v.name) is None)
    return names[0] if names else None


def step_toward_nearest(enc: Encounter, name: str) -> tuple[int, int] | None:
    """Where this turn's movement ends on a cheapest path to a hex from which the nearest hostile is in reach.

    "Nearest" is by walking cost (then name). Where no hostile can be reached
    at all, the hex nearest one by distance; None when staying is as good.
    """
    me = enc.view(name)
    layout = enc.layout
    hostiles = [v for v in enc.views() if v.active and enc.hostile(name, v.name)]
    if not hostiles:
        return None
    reach_now = enc.reach_for(name)
    whole = enc.reach_for(name, budget=WHOLE_MAP)
    ends = whole.destinations()
    flats = np.array([enc.board.flat(cell) for cell, _cost, _stops in ends], dtype=np.int64)
    zones = ThreatZones(enc)
    best: tuple[int, str, tuple[int, int]] | None = None
    for h in hostiles:
        for i in np.flatnonzero(np.isin(flats, zones.strike_cells(me, h, flats))):
            cell, cost, _stops = ends[i]
            if best is None or (cost, h.name, cell) < best:
                best = (cost, h.name, cell)
    if best is not None:
        path = whole.path_to(best[2])
        for cell in reversed(path):  # the farthest hex along the path this turn's movement can end on
            if reach_now.end_at(cell) is not None:
                return cell if cell != me.cell else None
        return None
    # Nothing reachable: close the straight-line distance instead.
    here = min(layout.distance(me.cell, h.cell) for h in hostiles)
    options = [(min(layout.distance(c, h.cell) for h in hostiles), cost, c) for c, cost, _ in reach_now.destinations()]
    if not options:
        return None
    d, _cost, cell = min(options)
    return cell if d < here else None

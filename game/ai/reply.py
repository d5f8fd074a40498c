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

Speed (issue 18): :class:`Replies` works each hostile's reply out only when it
is asked for, and once: the candidate turns that end the same way share it,
and the turn is passed along the order on one sandbox, a copy kept at each
hostile's turn, instead of once from the start for every hostile.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.rules import Action, Attack, Cast, Cell, Encounter, EncounterView, EndTurn, Face, Move, Shoot, Shove

from .turn import Plan

Struck = tuple[float, float]  # (expected damage to the actor, chance of defeating it)


class Planner(Protocol):
    def plan(self, enc: EncounterView, rng: random.Random) -> Plan: ...


class Replies:
    """The hostiles' replies to one way the actor ends its turn (its moves and turns), each worked out once.

    ``refused`` when the engine refuses the moves (the plan is then not checked).
    """

    def __init__(self, enc: EncounterView, me: str, moves: list, hostiles: list[str], enemy: Planner) -> None:
        self.me, self.hostiles, self.enemy = me, hostiles, enemy
        self.refused = False
        self._asked: dict[str, Struck | None] = {}
        self.planned = 0  # hostile turns planned by ``enemy`` so far (hard's work budget counts them)
        self._at: dict[str, Encounter] = {}  # a copy of the position at each hostile's turn, once passed
        base = enc.sandbox(random.Random(0))  # nothing is rolled; the sandbox only keeps the real dice out of reach
        try:
            for action in moves:
                base.apply(action)
            base.apply(EndTurn())
        except Exception:  # a plan the engine refuses is simply not checked
            self.refused = True
            return
        self._walker = base  # passes the turn along (everyone else stands still)
        self._order = base.order()
        self._steps = 0  # turns passed on the walker
        self._stopped = base.turn is None

    def of(self, name: str) -> Struck | None:
        """``name``'s reply, when its planned turn strikes the actor; None when it does not (or it is not asked)."""
        if name not in self._asked:
            trial = self._turn_of(name)
            if trial is not None:
                self.planned += 1
            self._asked[name] = None if trial is None else self._reply(trial, name)
            self._at.pop(name, None)  # asked once: its copy is no longer needed
        return self._asked[name]

    def asked(self, name: str) -> bool:
        return name in self._asked

    def costs_a_plan(self, name: str) -> bool:
        """Asking ``name`` would plan a hostile turn (it is not asked yet and its turn comes before the actor's)."""
        return name not in self._asked and self._turn_of(name) is not None

    def struck(self, names: list[str] | None = None) -> dict[str, Struck]:
        """{hostile: its reply} for those of ``names`` (all by default) whose reply strikes the actor, in order."""
        out: dict[str, Struck] = {}
        for name in self.hostiles if names is None else names:
            hit = self.of(name)
            if hit is not None:
                out[name] = hit
        return out

    def _turn_of(self, name: str) -> Encounter | None:
        """A copy of the position when the turn first comes to ``name``, passed along from the actor's end.

        None when the actor's own turn (or the combat's end) comes first: this hostile replies after it
        moves again. At most one more turn than the order holds is passed, as a round's order may change.
        """
        if self.refused or name not in self._order or name not in self.hostiles:
            return None
        walker = self._walker
        while name not in self._at and not self._stopped:
            turn = walker.turn
            if turn in (self.me, None):
                self._stopped = True
                break
            if turn in self.hostiles and turn not in self._at:
                self._at[turn] = walker.clone()  # the walker moves on; the hostile plans on its copy
            if self._steps > len(self._order):
                self._stopped = True  # the turn was passed once around the order (and one more)
            elif turn != name:
                walker.apply(EndTurn())
                self._steps += 1
        return self._at.get(name)

    def _reply(self, trial: Encounter, name: str) -> Struck | None:
        """What ``name``'s turn, as the enemy's mind plans it on ``trial``, does to the actor: its first
        deed (after the moves before it), previewed from the hex it is done from."""
        plan = self.enemy.plan(trial, random.Random(0))
        deed = first_deed(plan.actions, trial.view(name).cell)
        if deed is None:
            return None
        at, action = deed
        if isinstance(action, Cast):
            return self._burst(trial, name, action, at)
        if action.target != self.me:
            return None  # its deed is aimed at someone else: the actor is not struck this round
        if isinstance(action, Shove):
            return self._push(trial, name, at)
        # A blow or a shot: the engine's preview, arc included (R17-R19), gives damage and defeat.
        pv = (trial.preview_shoot(name, self.me, at=at) if isinstance(action, Shoot)
              else trial.preview_attack(name, self.me, at=at))
        return pv.expected_damage, pv.defeat_chance

    def _burst(self, trial: Encounter, name: str, cast: Cast, at: Cell) -> Struck | None:
        """A hostile's burst: the actor's share of it, when the burst catches the actor."""
        if at != trial.view(name).cell:
            trial.apply(Move(name, at))  # a burst is previewed from where its caster stands
        hit = [a for a in trial.preview_cast(name, cast.at).affected if a.target == self.me]
        return (hit[0].expected_damage, hit[0].defeat_chance) if hit else None

    def _push(self, trial: Encounter, name: str, at: Cell) -> Struck:
        """A hostile's shove of the actor into fire or a chasm: the push is the blow (R12, R22)."""
        me = self.me
        push = trial.preview_shove(name, me, at=at)
        hp = trial.view(me).hp
        lost = hp if push.falls else min(push.hazard_damage, hp)
        return push.hit_chance * lost, push.defeat_chance


def first_deed(actions: tuple[Action, ...], start: Cell) -> tuple[Cell, Attack | Shoot | Shove | Cast] | None:
    """A planned turn's first blow, shot, shove or burst, with the hex it is done from (``start`` plus the
    moves before it); None when the turn faces or ends first. Any other action on the way (a disengage)
    is passed over: the deed after it is still the reply."""
    at = start
    for action in actions:
        if isinstance(action, Move):
            at = action.to
        elif isinstance(action, Attack | Shoot | Shove | Cast):
            return at, action
        elif isinstance(action, EndTurn | Face):
            return None
    return None


def replies(enc: EncounterView, me: str, moves: list, hostiles: list[str], enemy: Planner
            ) -> dict[str, Struck] | None:
    """{hostile: (expected damage to ``me``, chance of defeating it)} for those whose planned reply strikes ``me``.

    None when the engine refuses the moves (the plan is then not checked).
    """
    r = Replies(enc, me, moves, hostiles, enemy)
    return None if r.refused else r.struck()


def combined(struck: dict[str, Struck], kills: dict[str, float]) -> tuple[float, float]:
    """(expected damage, chance of defeat) over the replies, each hostile's x the chance it lives to act."""
    damage, survive = 0.0, 1.0
    for name, (expected, defeat) in struck.items():
        lives = 1.0 - kills.get(name, 0.0)
        damage += lives * expected
        survive *= 1.0 - lives * defeat
    return damage, 1.0 - survive

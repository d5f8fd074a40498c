"""Expert: hard's best few plans played out on sandboxes to the actor's next turn, every side `normal`.

A one-turn score misses what pays off a turn later (a shove into fire, a
retreat, focus fire): MegaMek's Princess and Wesnoth's RCA AI show it. So for
each of hard's best plans (at most :data:`PLANS`, none more than
:data:`MARGIN` points below the best) the expert plays the plan on a sandbox
whose dice come from a sampled seed (``EncounterView.sandbox``), then every
combatant's turn after it, up to the actor's own next turn, with the
`normal` AI, and weighs where the sides stand then (:func:`standing`). Every
plan is played with the same dice seeds (common random numbers: the plans
differ by their choices, not by their luck), one seed for all plans at a
time, so when the budget runs out every plan has had the same samples.

In a play-out each simulated player walks the plan `normal` makes until its
dice roll (or a step of it is refused), as hard's commit does in real play:
moving and turning reveal nothing new, so a turn costs one or two plans
instead of one per step, and the budget buys twice the samples (tuning maps,
120 games against `normal`: 59.2 % with one plan a step and four seeds,
67.5 % with walked plans and eight; on held-out maps no gain showed, 61.5 %
of 400 games before and after: docs/ai-tuning.md).

Budget: at most :data:`SAMPLES` seeds, and at most :data:`STEPS` plans of
the simulated `normal` players in one search, which keeps a decision under
about a second and is deterministic: the same state and seed give the same
choice. A CPU-time cap (:data:`CAP_S`, counted from the decision's start,
hard's ranking included, and checked before every simulated decision) is the
safety net for a slow machine and a big board: when it passes, the best plan
over the seeds every plan completed is returned, or hard's own first plan if
not one seed was completed (``cut_short`` counts how often; with the cap hit,
a choice can differ).

The score of a plan is its mean standing after the play-out plus half of
hard's own score for it (its positional terms see past the horizon, and on
few samples they steady the choice).
"""

from __future__ import annotations

import random
import statistics
import time

from game.rules import DICE_ACTIONS, Action, CombatantView, Encounter, EncounterView, EndTurn

from .tactical import TacticalPolicy, same_step
from .turn import Plan, Term, turn_so_far
from .weights import HARD, NORMAL

PLANS = 4  # hard's best plans played out
MARGIN = 4.0  # a plan this many points below hard's best is not played out
SAMPLES = 8  # dice seeds per plan
STEPS = 600  # simulated `normal` plans per search (all plans and seeds together)
CAP_S = 0.9  # CPU seconds of the deciding thread: the safety net (a decision stays under 1 s)
PRIOR = 0.5  # weight of hard's own score beside the play-outs' mean standing
TURN_DECISIONS = 20  # a safety net: no turn in a play-out takes more decisions than this


def standing(enc: EncounterView, me: str) -> float:
    """Where ``me``'s side stands: its combatants' worth minus its hostiles', in hit points.

    A combatant still active counts its hit points plus half its maximum (being
    on the board at all is worth something); one that fled counts half its hit
    points (alive, but out of the fight); a defeated one counts nothing.
    """
    total = 0.0
    for v in enc.views():
        worth = _worth(v)
        total += -worth if enc.hostile(me, v.name) else worth
    return total


def _worth(v: CombatantView) -> float:
    if v.status == "active":
        return v.hp + 0.5 * v.hp_max
    if v.status == "fled":
        return 0.5 * max(0, v.hp)
    return 0.0


class SearchPolicy:
    """The `expert` level: hard's candidates, chosen among by play-outs (see the module doc)."""

    def __init__(self, plans: int = PLANS, samples: int = SAMPLES, steps: int = STEPS, cap_s: float = CAP_S) -> None:
        self.level = "expert"
        self.hard = TacticalPolicy(HARD, "expert")
        self.normal = TacticalPolicy(NORMAL, "normal")  # every side's mind in the play-outs
        self.plans, self.samples, self.steps, self.cap_s = plans, samples, steps, cap_s
        # The plan chosen at the turn's start (or its last dice), walked through until dice roll
        # again, as hard's commit does: moving reveals nothing new. One tuple, replaced whole.
        self._kept: tuple[object, tuple[Action, ...], Plan] | None = None
        self.searches = 0
        self.cut_short = 0

    def choose(self, view: EncounterView, rng: random.Random) -> Action:
        return self.plan(view, rng).actions[0]

    def plan(self, enc: EncounterView, rng: random.Random, explain: bool = True) -> Plan:
        name = enc.turn
        if name is None:
            return Plan("", self.level, (EndTurn(),))
        done = turn_so_far(enc)
        if done and not isinstance(done[-1], DICE_ACTIONS):
            kept = self._follow(enc)
            if kept is not None:
                return kept
        chosen = self._search(enc, rng, name)
        self._kept = (enc.scenario, tuple(enc.history), chosen)
        return chosen

    def _follow(self, enc: EncounterView) -> Plan | None:
        """The rest of the kept plan, when only its own moves and turns were played since it was made."""
        kept = self._kept
        if kept is None or kept[0] is not enc.scenario:
            return None
        history, plan = kept[1], kept[2]
        now = enc.history
        if len(now) <= len(history) or tuple(now[: len(history)]) != history:
            return None
        since = list(now[len(history):])
        if len(since) >= len(plan.actions) or not all(same_step(a, b) for a, b in zip(since, plan.actions,
                                                                                       strict=False)):
            return None
        rest = plan.actions[len(since):]
        if enc.check(rest[0]) is not None:
            return None
        return Plan(plan.unit, self.level, rest, plan.terms, plan.score, plan.summary)

    def _search(self, enc: EncounterView, rng: random.Random, name: str) -> Plan:
        """Hard's ranking, its contenders played out on the same dice seeds, and the best of them by
        mean standing plus :data:`PRIOR` x hard's own score; hard's first plan when there is nothing to
        choose between or not one whole sample was played in time."""
        start = time.thread_time()  # the cap counts the whole decision, hard's ranking included
        ranked = self.hard.ranked_plans(enc, rng)
        seeds = [rng.getrandbits(32) for _ in range(self.samples)]  # drawn first: the same whatever follows
        plans = self._contenders(ranked)
        first = plans[0] if plans else ranked[0]
        if len(plans) < 2:
            return self._labelled(first, None, 0)
        self.searches += 1
        outcomes = self._sampled(enc, name, plans, seeds, start + self.cap_s)
        if not outcomes[0]:
            return self._labelled(first, None, 0)  # not one whole sample in time: hard's choice
        scores = [statistics.fmean(o) + PRIOR * p.score for o, p in zip(outcomes, plans, strict=True)]
        i = max(range(len(plans)), key=lambda k: scores[k])  # first of equals: hard's order
        return self._labelled(plans[i], statistics.fmean(outcomes[i]), len(outcomes[i]))

    def _contenders(self, ranked: list[Plan]) -> list[Plan]:
        """The plans worth a play-out: hard's best first, at most ``plans`` of them, none more than
        :data:`MARGIN` below the best (a play-out cannot make up more), each distinct turn once."""
        best_score = ranked[0].score
        plans: list[Plan] = []
        seen: set[tuple[Action, ...]] = set()
        for p in ranked:
            if len(plans) >= self.plans or p.score < best_score - MARGIN:
                break
            if p.actions not in seen:
                seen.add(p.actions)
                plans.append(p)
        return plans

    def _sampled(self, enc: EncounterView, name: str, plans: list[Plan], seeds: list[int],
                 deadline: float) -> list[list[float]]:
        """Per plan, its standing gained in each whole sample: every plan played on one seed, then the next,
        until the seeds or the ``steps`` budget run out or the CPU clock passes ``deadline``.

        Only whole samples are kept (common random numbers: every plan's mean is over the same dice).
        """
        base = standing(enc, name)
        outcomes: list[list[float]] = [[] for _ in plans]
        steps = 0
        for seed in seeds:
            row, used = self._sample(enc, name, plans, seed, deadline, base)
            steps += used
            if row is None:  # the cap passed mid-sample: only whole samples are compared
                self.cut_short += 1
                break
            for out, value in zip(outcomes, row, strict=True):
                out.append(value)
            if steps >= self.steps:
                break
        return outcomes

    def _sample(self, enc: EncounterView, name: str, plans: list[Plan], seed: int, deadline: float,
                base: float) -> tuple[list[float] | None, int]:
        """(each plan's standing gained over ``base`` on one dice seed, simulated plans made); the row is
        None when the CPU clock passed ``deadline`` before every plan was played."""
        row: list[float] = []
        steps = 0
        for p in plans:
            value, used = self._play_out(enc, name, p.actions, seed, deadline)
            steps += used
            if value is None:
                return None, steps
            row.append(value - base)
        return row, steps

    def _labelled(self, p: Plan, playout: float | None, samples: int) -> Plan:
        terms = p.terms if playout is None else (*p.terms, Term(f"playout ({samples} samples)", playout))
        return Plan(p.unit, self.level, p.actions, terms, p.score, p.summary)

    def _play_out(self, enc: EncounterView, name: str, actions: tuple[Action, ...], seed: int,
                  deadline: float = float("inf")) -> tuple[float | None, int]:
        """(standing after the play-out, simulated `normal` plans made) of one plan with one dice seed.

        The standing is None when the CPU clock passes ``deadline`` before the play-out ends: the
        caller then stops searching, so one decision overruns the cap by at most one `normal` plan.
        """
        sb = enc.sandbox(random.Random(seed))
        rng = random.Random(seed ^ 0x5EED)
        play_own(sb, name, actions)
        used = 0
        others = len(sb.order()) - 1  # the horizon: every other combatant has had one turn
        turns, current = 0, sb.turn
        if current != name:
            turns = 1
        for _ in range(TURN_DECISIONS * (others + 2)):
            if past_horizon(sb, name, turns, others):
                break
            if time.thread_time() > deadline:
                return None, used
            plan = self.normal.plan(sb, rng, explain=False)
            used += 1
            walk_plan(sb, plan.actions)
            if sb.turn != current:
                current = sb.turn
                turns += 1
        return standing(sb, name), used


def play_own(sb: Encounter, name: str, actions: tuple[Action, ...]) -> None:
    """The actor's plan on the sandbox, up to its first step the sandbox's dice made impossible (or that
    would come after its turn or the battle ended): `normal` then plays the rest of the turn."""
    for a in actions:
        if sb.turn != name or sb.is_over() or sb.check(a) is not None:
            break  # the dice changed the picture: `normal` plays the rest of the turn
        sb.apply(a)


def past_horizon(sb: Encounter, name: str, turns: int, others: int) -> bool:
    """A play-out is over: the battle is, or nobody has the turn, or every other combatant has had one
    turn (``turns`` passed so far), or the turn is back with the actor."""
    return sb.is_over() or sb.turn is None or (turns > others) or (sb.turn == name and turns > 0)


def walk_plan(sb: Encounter, actions: tuple[Action, ...]) -> None:
    """A simulated player's plan, walked until its dice roll, its turn ends, or a step is refused.

    Moving and turning reveal nothing new, as hard's commit holds, so a turn costs one or two
    plans instead of one per step, and the same budget buys more samples. A plan refused at its
    first step was never playable, but a play-out must go on: the turn ends.
    """
    current = sb.turn
    for k, action in enumerate(actions):
        if sb.check(action) is not None:
            if k == 0:  # never planned, but a play-out must go on: the turn ends
                sb.apply(EndTurn())
            break
        sb.apply(action)
        if isinstance(action, DICE_ACTIONS) or sb.turn != current:
            break

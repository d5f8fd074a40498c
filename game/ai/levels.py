"""The AI's levels by name, and its explanation of a turn (``playmat suggest``, the window)."""

from __future__ import annotations

import random

from game.rules import Action, EncounterView, EndTurn, Flee, RulesError

from .baselines import GreedyPolicy, RandomPolicy
from .names import DEFAULT_LEVEL, LEVELS
from .search import SearchPolicy
from .tactical import MAX_TURN_ACTIONS, TacticalPolicy
from .turn import STRIKES, Plan, Term
from .weights import EASY, HARD, NORMAL


def policy_for(level: str) -> RandomPolicy | GreedyPolicy | TacticalPolicy | SearchPolicy:
    """A fresh policy of that level (a ``game.match.Policy``); ValueError names the levels."""
    if level == "random":
        return RandomPolicy()
    if level == "expert":
        return SearchPolicy()
    if level == "greedy":
        return GreedyPolicy()
    tables = {"easy": EASY, "normal": NORMAL, "hard": HARD}
    if level not in tables:
        raise ValueError(f'AI level "{level}" is not one of {", ".join(LEVELS)}')
    return TacticalPolicy(tables[level], level)


def explain(view: EncounterView, level: str = DEFAULT_LEVEL, rng: random.Random | None = None,
            declined: bool = False) -> Plan:
    """What the AI of ``level`` would do with the rest of the current actor's turn, and why.

    The plan is played out on a sandbox (``view`` is not changed): the actions
    up to and including the first that rolls dice are exactly what the policy
    would submit; after it, the sandbox's dice (from ``rng``) decide what it
    sees, so the rest is its intent. ``terms`` are the score terms of its first
    choice (the baselines have none but their rule). Same state, level and
    seed: same plan.

    ``declined``: when the plan strikes no blow, ``extra["best_blow"]`` is the
    best plan of the same ranking that does strike (``playmat suggest`` says
    what it would gain and lose), if one was weighed.
    """
    rng = rng if rng is not None else random.Random(0)
    name = view.turn
    if name is None:
        raise RulesError("suggest: there is no current turn (combat is not active)")
    policy = policy_for(level)
    sandbox = view.sandbox(random.Random(rng.random()))
    ranked = _ranking(policy, sandbox, rng) if declined else []
    first: Plan | None = None
    actions: list[Action] = []
    for _ in range(MAX_TURN_ACTIONS + 2):
        if isinstance(policy, TacticalPolicy | SearchPolicy):
            step = policy.plan(sandbox, rng)
            first = first or step
            action = step.actions[0]
        else:
            action = policy.choose(sandbox, rng)
        actions.append(action)
        if isinstance(action, EndTurn | Flee):
            break
        sandbox.apply(action)
        if sandbox.turn != name:  # combat ended, or the actor left the board
            break
    else:
        actions.append(EndTurn())
    if first is not None:
        extra = {}
        blow = _best_blow(ranked, first, actions)
        if blow is not None:
            extra["best_blow"] = blow
        return Plan(name, level, tuple(actions), first.terms, first.score, first.summary, extra)
    rule = {"random": "uniform over legal actions", "greedy": "nearest hostile, first target by name"}[level]
    return Plan(name, level, tuple(actions), (Term(rule, 0.0),), 0.0, rule)



def _ranking(policy: object, sandbox: EncounterView, rng: random.Random) -> list[Plan]:
    """The tactical levels' whole ranking at the turn's first step, on a copy of ``rng`` (so the plan itself
    draws the same numbers). Expert's choice comes from play-outs, not this ranking: none for it."""
    if type(policy) is not TacticalPolicy:
        return []
    probe = random.Random()
    probe.setstate(rng.getstate())
    return policy.ranked_plans(sandbox, probe)


def _best_blow(ranked: list[Plan], first: Plan, actions: list[Action]) -> Plan | None:
    """The best-ranked plan that strikes, when the chosen one strikes none. Only when the ranking's first plan is
    the one chosen (a turn walking a plan made earlier, R16's one action spent, may rank afresh otherwise)."""
    if not ranked or ranked[0].actions != first.actions or any(isinstance(a, STRIKES) for a in actions):
        return None
    return next((p for p in ranked if any(isinstance(a, STRIKES) for a in p.actions)), None)

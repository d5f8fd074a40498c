"""The AI: policies that play any faction through the public engine API.

``policy_for(level)`` gives a ``game.match.Policy`` (``choose(view, rng) ->
action``) for each of ``LEVELS``: the ``random`` and ``greedy`` baselines
(for measurement), the tactical ``easy``, ``normal`` and ``hard``, and
``expert``, which plays hard's best plans out on sandboxes (search.py).
``explain(view, level, rng)`` returns the plan for the rest of the current
actor's turn with the score terms behind it (``playmat suggest``, the
window). Policies keep no state between calls: safe to call from a worker
thread, one call per decision.
"""

from __future__ import annotations

from .baselines import GreedyPolicy, RandomPolicy
from .levels import DEFAULT_LEVEL, LEVELS, explain, policy_for
from .tactical import TacticalPolicy
from .turn import Plan, Term
from .weights import EASY, HARD, NORMAL, Weights

__all__ = [
    "DEFAULT_LEVEL",
    "EASY",
    "HARD",
    "LEVELS",
    "NORMAL",
    "GreedyPolicy",
    "Plan",
    "RandomPolicy",
    "TacticalPolicy",
    "Term",
    "Weights",
    "explain",
    "policy_for",
]

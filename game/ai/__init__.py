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

import importlib
from typing import TYPE_CHECKING, Any

from .names import DEFAULT_LEVEL, LEVELS

if TYPE_CHECKING:
    from .baselines import GreedyPolicy, RandomPolicy
    from .levels import explain, policy_for
    from .tactical import TacticalPolicy
    from .turn import Plan, Term
    from .weights import EASY, HARD, NORMAL, Weights

# The policies load on first use: every `playmat` command parses its arguments with LEVELS, and only
# suggest, play and playtest need the AI itself (about 20 ms of imports the other commands skip).
_LAZY = (("GreedyPolicy", "baselines"), ("RandomPolicy", "baselines"), ("explain", "levels"),
         ("policy_for", "levels"), ("TacticalPolicy", "tactical"), ("Plan", "turn"), ("Term", "turn"),
         ("EASY", "weights"), ("HARD", "weights"), ("NORMAL", "weights"), ("Weights", "weights"))


def __getattr__(name: str) -> Any:
    module = next((m for n, m in _LAZY if n == name), None)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


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

"""What the current actor has done so far this turn, and a plan for the rest of it.

A policy is asked for one action at a time (``game.match`` submits it and asks
again), so it needs to know where in its turn it stands: whether it has moved,
acted, turned. The engine keeps that (``turn_actions()``); nothing is
remembered between calls, so the same state always gives the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules import Action, Attack, Cast, EncounterView, Shoot, Shove

STRIKES = (Attack, Shove, Shoot, Cast)  # the actions that deal damage


def turn_so_far(enc: EncounterView) -> list[Action]:
    """The current actor's own moves, turns and action since its turn began, oldest first."""
    return [r.action for r in enc.turn_actions()]


@dataclass(frozen=True)
class Term:
    """One named, weighted score term behind a choice (what ``suggest --json`` prints under ``why``)."""

    term: str
    value: float

    def to_dict(self) -> dict[str, Any]:
        return {"term": self.term, "value": round(self.value, 3)}


@dataclass(frozen=True)
class Plan:
    """The rest of one actor's turn: the actions in order and the terms that chose them."""

    unit: str
    level: str
    actions: tuple[Action, ...]
    terms: tuple[Term, ...] = ()
    score: float = 0.0
    summary: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The document ``playmat suggest --json`` prints (docs/cli.md): log lines without dice."""
        return {
            "unit": self.unit,
            "level": self.level,
            "plan": [without_dice(a) for a in self.actions],
            "why": [t.to_dict() for t in self.terms],
        }


def without_dice(action: Action) -> dict[str, Any]:
    """A log line of the action with ``roll``, ``damage`` and a recorded ``path`` left out."""
    d = action.to_dict()
    for key in ("roll", "damage", "path", "rolls"):
        d.pop(key, None)
    return d

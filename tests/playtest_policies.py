"""Tiny policies for playtest tests, importable by spawned worker processes and Dask workers.

``policy_for`` mimics ``game.ai.policy_for``: "random" attacks when it can, else
moves or ends its turn at random; "passive" only ever ends its turn (every game
becomes a 50-round draw).
"""

from __future__ import annotations

import random

from game.ai import LEVELS as AI_LEVELS
from game.rules import Action, Attack, Encounter, EndTurn, Face, Move


class AttackOrWander:
    def choose(self, view: Encounter, rng: random.Random) -> Action:
        legal = view.legal_actions()
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            return rng.choice(attacks)
        moves = [a for a in legal if isinstance(a, Move)]
        if moves and rng.random() < 0.7:
            return rng.choice(moves)
        ends = [a for a in legal if isinstance(a, EndTurn)]
        return ends[0] if ends else rng.choice([a for a in legal if not isinstance(a, Face)] or legal)


class Passive:
    def choose(self, view: Encounter, rng: random.Random) -> Action:
        return EndTurn()


def policy_for(level: str) -> AttackOrWander | Passive:
    return Passive() if level == "passive" else AttackOrWander()


LEVELS = (*AI_LEVELS, "passive")  # the game's level names (each played by AttackOrWander here) and "passive"

"""Hard's reply check has a work budget (issue 18): a big fight's decision stays quick, and a seed still
gives one decision. Seeded, deterministic; the budget is a count of hostile turns planned, never a clock.

A `hard` decision re-scores its best eight plans by letting `normal` plan each hostile's reply
(game/ai/reply.py). In a crowded fight that was 40-odd hostile turns planned in one turn. The
budget: at most 160 // (combatants on the board) hostile turns planned per decision (weights.py
``reply_work``), half that once the actor has acted (only where it steps and faces is left).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.ai import HARD
from game.ai.reply import Replies
from game.ai.tactical import TacticalPolicy
from game.rules import Encounter

from .ai_fixtures import encounter, three_a_side, unit


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the hostile turns `normal` plans for hard's reply check."""
    calls = {"n": 0}
    real = Replies._reply

    def counted(*args: Any, **kw: Any) -> Any:
        calls["n"] += 1
        return real(*args, **kw)

    monkeypatch.setattr(Replies, "_reply", counted)
    return calls


def big_fight(tmp_path: Path) -> Encounter:
    # Twelve a side in two facing lines, in contact from round 1 (odd rows shifted right, so each
    # Red touches one or two Blues), mixed hit points, attack and reach so plans differ in danger.
    units = []
    for i in range(12):
        units.append(unit(f"Red {i:02d}", (2 + i, 3 + i % 2), "player", hp=8 + i % 3, move=4, attack=3 + i % 2,
                          damage="1d6", reach=1 + (i % 4 == 0), initiative=20 - i))
        units.append(unit(f"Blue {i:02d}", (2 + i, 5 + i % 2), "enemy", hp=8 + (i + 1) % 3, move=4,
                          attack=3 + (i + 1) % 2, damage="1d6", initiative=8 - i // 2))
    return encounter(tmp_path, ["." * 16] * 10, units)


def test_hard_plans_at_most_its_budget_of_hostile_turns_in_a_big_fight(tmp_path: Path, planned: dict[str, int]
                                                                        ) -> None:
    # 24 on the board: 160 // 24 = 6 hostile turns planned per decision at most, and 80 // 24 = 3
    # once the actor has struck. The same hard without a budget needs more at some decision here
    # (else the budget would do nothing and this test could not fail); the budgeted plan is the
    # same every time it is asked.
    enc = big_fight(tmp_path)
    assert len(enc.views()) == 24
    capped, free = TacticalPolicy(HARD, "hard"), TacticalPolicy(replace(HARD, reply_work=0), "hard")
    rng = random.Random(3)
    most = {"capped": 0, "free": 0}
    after_acting = []
    for _ in range(10):
        for name, policy in (("capped", capped), ("free", free)):
            before = planned["n"]
            policy.plan(enc.sandbox(random.Random(5)), random.Random(5))
            most[name] = max(most[name], planned["n"] - before)
            if name == "capped" and enc.acted:
                after_acting.append(planned["n"] - before)
        again = [TacticalPolicy(HARD, "hard").plan(enc.sandbox(random.Random(5)), random.Random(5)) for _ in range(2)]
        assert again[0] == again[1]
        enc.apply(capped.choose(enc.sandbox(rng), rng))
    assert most["capped"] <= 6 < most["free"]
    assert after_acting and max(after_acting) <= 3


def test_a_small_fight_is_checked_in_full(tmp_path: Path, planned: dict[str, int]) -> None:
    # Three against three: 160 // 6 = 26 hostile turns for a turn's first decision, and eight plans x
    # three hostiles is at most 24, so there the budget never runs out: every such decision is the
    # unbudgeted one. (Once the actor has struck, 80 // 6 = 13 may run out: not compared.)
    enc = encounter(tmp_path, ["." * 9] * 7, three_a_side())
    capped, free = TacticalPolicy(HARD, "hard"), TacticalPolicy(replace(HARD, reply_work=0), "hard")
    rng = random.Random(3)
    asked = 0
    for _ in range(40):
        if enc.is_over():
            break
        if not enc.acted:
            before = planned["n"]
            plan = capped.plan(enc.sandbox(random.Random(5)), random.Random(5))
            asked += planned["n"] - before
            assert free.plan(enc.sandbox(random.Random(5)), random.Random(5)) == plan
        enc.apply(capped.choose(enc.sandbox(rng), rng))
    assert asked > 0  # replies were checked at all

"""The turns a combatant has held back from the fight (``pressing``) read the same from the counts a policy
keeps between decisions as from the whole record, newest first (issue 18's speed: same decisions)."""

from __future__ import annotations

import random

from game.ai import policy_for
from game.ai.model import StrikeClock, idle_turns_in
from game.maps import load_scenario, shipped_maps
from game.match import Match
from game.rules import SETUP, Begin


def _records() -> list:
    path = sorted(m.path for m in shipped_maps())[0]
    match = Match(load_scenario(path), seed=3, controllers={f: policy_for("random") for f in
                                                             ("player", "ally", "enemy", "neutral")})
    if match.encounter.phase == SETUP:
        match.submit(Begin())
    rng = random.Random(3)
    for _ in range(260):
        if match.encounter.is_over():
            break
        match.step(rng)
    return list(match.encounter.records)


def test_the_kept_counts_answer_as_the_newest_first_reading_at_every_moment() -> None:
    records = _records()
    names = sorted({e.unit for r in records for e in r.events if type(e).__name__ == "TurnStarted"})
    assert len(records) > 3 * StrikeClock.KEEP_UP and names  # long enough that the counts move on
    assert any(idle_turns_in(records, n) for n in names)  # and somebody has held back: not all zeros
    clock = StrikeClock()
    rng = random.Random(5)
    for k in range(len(records) + 1):
        for n in names:
            assert clock.idle(records[:k], n) == idle_turns_in(records[:k], n), (k, n)
        if rng.random() < 0.05:  # now and then a question about an earlier moment (an undo): counted afresh
            j = rng.randrange(k + 1)
            assert clock.idle(records[:j], names[0]) == idle_turns_in(records[:j], names[0])

"""Every shipped map plays to an end with the AI on every side (no stalemate on the map's own seed)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai import policy_for
from game.maps import load_scenario
from game.match import Match
from game.rules import FACTIONS, SETUP, Begin

ROOT = Path(__file__).resolve().parents[1]
MAX_ROUNDS = 50  # the playtest runner's draw limit


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*.tmx")), ids=lambda p: p.stem)
def test_map_plays_to_an_end_ai_vs_ai(path: Path) -> None:
    scenario = load_scenario(path)
    policy = policy_for("normal")
    match = Match(scenario, seed=scenario.seed, controllers={f: policy for f in FACTIONS})
    enc = match.encounter
    rng = random.Random(scenario.seed)
    if enc.phase == SETUP:
        match.submit(Begin())
    while not enc.is_over() and enc.round <= MAX_ROUNDS:
        match.step(rng)
    assert enc.is_over(), f"still fighting after {MAX_ROUNDS} rounds"
    assert (o := enc.outcome()) is not None and o.winners, "ended with nobody left to win"

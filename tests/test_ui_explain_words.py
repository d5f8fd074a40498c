"""The window's AI reasons (X, --explain-ai) in the words `playmat suggest` prints, not term names and raw scores."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.maps.loader import load_scenario  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402
from game.rules import Begin, Encounter  # noqa: E402
from game.ui.aiturn import explain_lines  # noqa: E402
from game.ui.hud import explain_forms  # noqa: E402


def _goblin_facing_knights(tmp_path: Path) -> Encounter:
    # A 3-hp goblin three hexes from three knights that each hit for a flat 6: any hex it could strike from is
    # beside a knight whose one blow kills it, so `normal` passes the blow up (tests/test_suggest_words.py).
    path = write_map(tmp_path / "m.tmx", ["." * 9] * 5, units=[
        {"name": "Goblin", "at": (1, 2), "faction": "enemy", "hp": 3, "move": 3, "attack": 2, "damage": "2",
         "initiative": 10},
        *({"name": f"Knight {i}", "at": (5, i), "faction": "player", "hp": 20, "defense": 12, "attack": 5,
           "damage": "6"} for i in (1, 2, 3)),
    ])
    enc = Encounter(load_scenario(path))
    enc.apply(Begin())
    return enc


def test_the_reasons_read_as_a_plan_and_its_why_in_words(tmp_path: Path) -> None:
    enc = _goblin_facing_knights(tmp_path)
    lines = explain_lines(enc.sandbox(random.Random(1)), "normal", random.Random(2))
    assert lines[0].startswith("Plan: ") and lines[0].endswith("."), lines
    why = next(s for s in lines if s.startswith("Why: "))
    assert " for " in why and "_" not in why, why  # "+0.8 for friends within two hexes", not "support: +0.80"
    # The blow it passed up, and what sank it (its chance of dying beside a knight).
    declined = lines[-1]
    assert declined.startswith("Attacking Knight ") and "its chance of dying next round" in declined, lines
    # The list of every blow in reach is left to `suggest`: the box names the one that mattered.
    assert not any(s.startswith("It could ") for s in lines), lines


def test_a_box_short_of_room_keeps_the_plan_and_its_why_before_the_plan_alone() -> None:
    lines = ["Plan: move Goblin to 3,3, then end the turn.", "It could attack Knight (50 % to hit) this turn, "
             "but its plan scores higher:", "Why: -1.2 for how far it still has to walk to reach a fight.",
             "Attacking Knight from 4,2 would score 1.7 lower: -2.1 for its chance of dying next round."]
    forms = explain_forms(lines)
    assert forms == [lines, [lines[0], lines[2]], [lines[0]]]
    assert explain_forms(lines[:1]) == [lines[:1]]  # nothing to drop

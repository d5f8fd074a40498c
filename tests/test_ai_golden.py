"""The AI's decisions on the shipped maps match the golden (tools/ai_golden.py; issue 22).

A change to the AI that changes a decision fails here, naming the first
action that differs; regenerate on purpose with ``python tools/ai_golden.py
--write`` and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import ai_golden  # noqa: E402


@pytest.mark.parametrize("level", ai_golden.LEVELS)
def test_the_ai_decides_as_the_golden_says(level: str) -> None:
    golden = json.loads(ai_golden.GOLDEN.read_text(encoding="utf-8"))
    from game.maps import shipped_maps
    now = {f"{m.path.name} {level}": ai_golden.decisions(m.path, level) for m in shipped_maps()}
    mine = {k: v for k, v in golden.items() if k.endswith(f" {level}")}
    assert len(mine) == 5
    assert ai_golden.differences(mine, now) == []


def test_a_changed_decision_is_named() -> None:
    was = {"m.tmx normal": ['{"action": "begin"}', '{"action": "end_turn"}']}
    now = {"m.tmx normal": ['{"action": "begin"}', '{"action": "move"}']}
    assert ai_golden.differences(was, now) == [
        'm.tmx normal: action 2 was {"action": "end_turn"}, now {"action": "move"}']

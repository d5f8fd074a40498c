"""tools/ai_paired.py: the same tuning games before and after a change, compared game by game (docs/ai-tuning.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import ai_paired  # noqa: E402


def test_changed_counts_the_games_won_and_lost_by_the_change() -> None:
    before = ["first", "second", "first", "draw", "second", "first"]
    after = ["first", "first", "second", "first", "second", "draw"]
    # game 2: lost -> won; game 4: draw -> won; game 3: won -> lost; game 6: won -> draw (not won)
    assert ai_paired.changed(before, after) == (2, 2)


def test_only_maps_of_the_asked_force_size_are_played(tmp_path: Path) -> None:
    from game.maps import load_scenario
    maps = ai_paired.tuning_maps(tmp_path, {6}, range(200, 215))
    assert maps
    assert all(len(load_scenario(m).combatants) == 6 for m in maps)


def test_a_run_saved_and_played_again_changes_no_winner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--sizes", "6", "--seed", "2990", "--pairs", "1", "--map-seeds", "200-209", "--jobs", "1",
            "--pairing", "normal:random"]
    assert ai_paired.main([*args, "--save", str(tmp_path / "a.json")]) == 0
    saved = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert len(saved) == 2 and set(saved) <= {"first", "second", "draw"}
    assert ai_paired.main([*args, "--against", str(tmp_path / "a.json")]) == 0
    assert "0 changed: 0 won that were lost, 0 lost that were won (net +0)" in capsys.readouterr().out


@pytest.mark.parametrize(("extra", "says"), [
    (["--seed", "50000"], "not all tuning seeds"),
    (["--map-seeds", "9000-9039"], "not all tuning map seeds"),
    (["--sizes", "six"], "expected e.g. --sizes 6,8"),
])
def test_held_out_seeds_and_bad_arguments_get_one_line_and_status_2(extra: list[str], says: str,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    args = {"--sizes": "6", "--seed": "2000", "--pairs": "1"}
    for k, v in zip(extra[::2], extra[1::2], strict=True):
        args[k] = v
    assert ai_paired.main([x for kv in args.items() for x in kv]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err

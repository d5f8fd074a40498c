"""``playmat suggest`` speaks a GM's language (issue 18 part 5); ``--json`` is unchanged.

The odds in the words are worked out here by hand from the rules, not read
from the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map


def _map(tmp_path: Path, knight_hp: int = 20) -> tuple[str, str]:
    # The orc (3,2) cannot move; the knight (2,2) beside it faces west, away from it.
    path = write_map(tmp_path / "m.tmx", ["." * 7] * 5, units=[
        {"name": "Orc", "at": (3, 2), "faction": "enemy", "move": 0, "attack": 3, "damage": "4",
         "initiative": 10},
        {"name": "Knight", "at": (2, 2), "faction": "player", "hp": knight_hp, "defense": 12, "facing": "w"},
    ])
    log = tmp_path / "l.jsonl"
    log.write_text('{"action": "begin"}\n', encoding="utf-8")
    return str(path), str(log)


def test_suggest_words_the_attack_with_its_arc_and_odds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The knight faces west, so the orc east of it strikes its rear (R17): defence 12 - 4 (R19)
    # = 8 to reach with d20 + 3, a roll of 5 or more: 16 faces of 20, 80 %. Damage is a flat 4:
    # 0.8 x 4 = 3.2 expected, and 4 < 20 hp can never defeat it.
    m, log = _map(tmp_path)
    assert main(["suggest", m, "--log", log]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("Orc (normal): Attack Knight from the rear: 80 % to hit, 3.2 damage expected, "
                            "0 % to defeat it"), out
    why = out.splitlines()[-1]
    assert why.startswith("Why: +3.2 for the damage it expects to deal"), out
    assert "_" not in why  # GM words, not term names


def test_the_why_of_a_blow_on_a_nearly_dead_foe_counts_only_the_hp_left(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # As above, but the knight has 2 hp: the blow is still 80 % for a flat 4, 3.2 expected and 80 % to defeat it,
    # while the damage the orc counts towards its choice is 0.8 x 2 = 1.6 (no blow takes more than the 2 hp left).
    path, log = _map(tmp_path, knight_hp=2)
    assert main(["suggest", path, "--log", log]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Orc (normal): Attack Knight from the rear: 80 % to hit, 3.2 damage expected, "
                          "80 % to defeat it"), out
    assert "+1.6 for the damage it expects to deal, up to the target's hit points" in out, out


def test_suggest_json_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m, log = _map(tmp_path)
    assert main(["suggest", m, "--log", log, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"unit", "level", "plan", "why"}
    assert doc["plan"][0] == {"action": "attack", "unit": "Orc", "target": "Knight"}
    assert {"term": "expected_damage", "value": 3.2} in doc["why"]


def test_suggest_gives_each_one_a_burst_catches_its_odds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`suggest` gave hit odds for blows and shots, but a burst read only "catching Kestrel, Selkie".

    By hand, pointy-top, all on row 2: the Witch (0,2, cannot move) has a burst within 4, radius 1, d20 + 2,
    a flat 4 damage (R32). Only a centre on 4,2 catches both player foes, Kestrel (3,2) and Selkie (5,2), and
    it catches the Orc (4,2) of her own side too: friendly fire. Each rolls against its defence plus cover
    when every line from the Witch crosses another combatant's hex (R31, +2):
    - Kestrel, defence 12, the line crosses only empty 1,2 and 2,2: needs 10 on the d20, 11 faces, 55 %;
      0.55 x 4 = 2.2 expected; 20 hp, never defeated.
    - Selkie, defence 12 + 2 (the line crosses Kestrel and the Orc): needs 12, 9 faces, 45 %; 1.8 expected;
      4 damage defeats its 4 hp: 45 % to defeat it.
    - the Orc, defence 14 + 2 (the line crosses Kestrel): needs 14, 7 faces, 35 %; 1.4 expected."""
    path = write_map(tmp_path / "c.tmx", ["." * 7] * 5, units=[
        {"name": "Witch", "at": (0, 2), "faction": "enemy", "move": 0, "initiative": 10, "area_range": 4,
         "area_radius": 1, "area_attack": 2, "area_damage": "4"},
        {"name": "Kestrel", "at": (3, 2), "faction": "player", "defense": 12, "hp": 20},
        {"name": "Orc", "at": (4, 2), "faction": "enemy", "move": 0, "defense": 14, "hp": 20},
        {"name": "Selkie", "at": (5, 2), "faction": "player", "defense": 12, "hp": 4},
    ])
    log = tmp_path / "l.jsonl"
    log.write_text('{"action": "begin"}\n', encoding="utf-8")
    assert main(["suggest", str(path), "--log", str(log)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("Witch (normal): Use its area ability at 4,2, catching Kestrel (55 % to hit, 2.2 damage "
                     "expected) and Selkie (45 % to hit, 1.8 damage expected, 45 % to defeat it); friendly fire "
                     "on Orc (35 % to hit, 1.4 damage expected).")


def test_a_blow_declined_is_answered_with_the_best_blow_and_why_it_lost(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # A 3-hp goblin three hexes from a wall of three knights, each of which hits for a flat 6: any hex it could
    # strike from stands beside at least one knight, whose one blow kills it. So `normal` does not strike, and a
    # GM asking "why doesn't the goblin attack?" is told the best attack it weighed and that the blows it would
    # take next round, and its chance of dying, are what sank it.
    path = write_map(tmp_path / "m.tmx", ["." * 9] * 5, units=[
        {"name": "Goblin", "at": (1, 2), "faction": "enemy", "hp": 3, "move": 3, "attack": 2, "damage": "2",
         "initiative": 10},
        *({"name": f"Knight {i}", "at": (5, i), "faction": "player", "hp": 20, "defense": 12, "attack": 5,
           "damage": "6"} for i in (1, 2, 3)),
    ])
    log = tmp_path / "l.jsonl"
    log.write_text('{"action": "begin"}\n', encoding="utf-8")
    assert main(["suggest", str(path), "--log", str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("It could attack or shove Knight "), lines
    last = lines[-1]
    assert last.startswith("Attacking Knight "), lines
    lower = float(last.split(" would score ")[1].split(" lower")[0])
    assert lower > 0, last  # it lost, so it scored lower
    reasons = last.split(" lower: ")[1].split("; ")
    assert any(r.startswith("-") and "its chance of dying next round" in r for r in reasons), last
    assert any(r.startswith("-") and "the blows, shots and bursts it expects to take next round" in r
               for r in reasons), last
    # The JSON is the plan and its terms only, as before.
    assert main(["suggest", str(path), "--log", str(log), "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"unit", "level", "plan", "why"}


def test_a_plan_that_strikes_says_nothing_of_blows_declined(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    m, log = _map(tmp_path)
    assert main(["suggest", m, "--log", log]) == 0
    assert "would score" not in capsys.readouterr().out

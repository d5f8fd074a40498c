"""``playmat playtest`` as a designer runs it: JSON on stdout, a report directory, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests import playtest_policies as tp
from tests.cli_capture import run
from tests.test_playtest_runner import FIELD, SKIRMISH


@pytest.fixture
def skirmish_map(tmp_path: Path) -> Path:
    return write_map(tmp_path / "skirmish.tmx", FIELD, units=SKIRMISH, title="Skirmish")


@pytest.fixture
def tiny_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fast stand-in policies for the games themselves (the command's plumbing is what is tested)."""
    import game.playtest.runner as runner

    monkeypatch.setattr(runner, "ai_policy_factory", lambda: tp.policy_for)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--games", "2", "--ai", "neutral=hard"], "neutral"),  # the map has no neutral faction
        (["--games", "2", "--ai", "enemy=godlike"], "godlike"),
        (["--games", "2", "--ai", "enemy"], "FACTION=LEVEL"),
        (["--games", "0"], "--games"),
        (["--games", "2", "--jobs", "0"], "--jobs"),
        (["--games", "2", "--out", "no/such/folder/report"], "does not exist"),
    ],
)
def test_bad_arguments_exit_2_with_one_line_and_nothing_on_stdout(capsys, skirmish_map: Path, args: list[str],
                                                                  needle: str) -> None:
    code, out, err = run(capsys, "playtest", str(skirmish_map), *args, "--json")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err


def test_json_summary_on_stdout_and_nothing_else(capsys, skirmish_map: Path, tiny_ai: None) -> None:
    code, out, err = run(capsys, "playtest", str(skirmish_map), "--games", "4", "--seed", "3", "--json",
                         "--ai", "enemy=easy")
    assert code == 0 and err == ""  # no progress bar, no timing with --json
    doc = json.loads(out)
    assert doc["map"] == str(skirmish_map) and doc["games"] == 4 and doc["seed"] == 3
    assert set(doc["wins"]) == {"player", "ally", "enemy"}
    assert doc["levels"] == {"player": "normal", "ally": "normal", "enemy": "easy"}
    assert set(doc["rounds"]) >= {"mean"}


def test_out_dir_holds_summary_report_heatmaps_and_logs(capsys, skirmish_map: Path, tiny_ai: None,
                                                        tmp_path: Path) -> None:
    out_dir = tmp_path / "report"
    code, out, err = run(capsys, "playtest", str(skirmish_map), "--games", "4", "--out", str(out_dir))
    assert code == 0
    assert "games/s" in err  # timing goes to stderr
    assert "enemy" in out and "wins" in out
    names = {p.name for p in out_dir.iterdir()}
    assert {"summary.json", "report.md", "heat_defeated.png", "heat_zoc_stops.png", "heat_flank_attacks.png",
            "heat_rear_attacks.png", "heat_occupied_player.png", "heat_occupied_enemy.png", "logs"} <= names
    assert json.loads((out_dir / "summary.json").read_text())["games"] == 4
    report = (out_dir / "report.md").read_text()
    assert "95 % interval" in report and "![heat_defeated](heat_defeated.png)" in report
    logs = sorted((out_dir / "logs").iterdir())
    assert len(logs) == 3
    # A kept log replays with the other commands.
    code, out, _ = run(capsys, "state", str(skirmish_map), "--log", str(logs[0]), "--json")
    assert code == 0 and json.loads(out)["phase"] in ("active", "ended")


def test_a_map_with_no_fight_is_refused_in_one_line_not_reported_as_a_win(capsys, tmp_path: Path) -> None:
    # Before, one player on an empty field "won 100 %" of every game in round 1.
    from game.maps.tmxwrite import write_map

    path = write_map(tmp_path / "alone.tmx", [".....", "....."], units=[{"name": "Hale", "at": (1, 1),
                                                                          "faction": "player"}])
    code, out, err = run(capsys, "playtest", str(path), "--games", "3")
    assert code == 2 and out == ""
    assert err.strip() == ("playmat: playtest: alone.tmx: nothing to play: no two factions on the map are hostile "
                           "to each other (it has: player); add a combatant of a hostile faction, or name the pair "
                           "in the map's hostile property (R3)")
    # validate --playtest has no lopsided fight to report, and its lint says what is missing instead
    assert run(capsys, "validate", "--playtest", str(path))[0] == 0

"""playtest batches: game k uses seed S+k, friendly factions win together, 50 rounds make a draw,
and a batch gives the same results in one process, in worker processes and on a Dask cluster."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import load_scenario
from game.maps.tmxwrite import write_map
from game.playtest import PlaytestError, run_batch
from game.rules import read_log, replay
from tests import playtest_policies as tp

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "maps" / "default.tmx"

# A 9x5 open field: two heroes against two orcs, a few hexes apart (pointy-top, odd rows shifted).
FIELD = [".........", ".........", ".........", ".........", "........."]
SKIRMISH = [
    {"name": "Aldric", "at": (1, 1), "faction": "player", "move": 4, "initiative": 3, "hp": 8, "attack": 3},
    {"name": "Brin", "at": (1, 3), "faction": "ally", "move": 4, "initiative": 2, "hp": 8, "attack": 3},
    {"name": "Orc 1", "at": (6, 1), "faction": "enemy", "move": 4, "initiative": 4, "hp": 9, "facing": "w"},
    {"name": "Orc 2", "at": (6, 3), "faction": "enemy", "move": 4, "initiative": 1, "hp": 9, "facing": "w"},
]


@pytest.fixture
def skirmish(tmp_path: Path):
    return load_scenario(write_map(tmp_path / "skirmish.tmx", FIELD, units=SKIRMISH, title="Skirmish"))


def batch(scenario, games: int, seed: int = 100, levels=None, jobs: int = 1, **kw):
    return run_batch(scenario, games, seed, levels, jobs, policy_for=tp.policy_for, level_names=tp.LEVELS, **kw)


def test_game_k_uses_seed_s_plus_k(skirmish) -> None:
    three = batch(skirmish, 3, seed=100)
    assert [r.seed for r in three.records] == [100, 101, 102]
    # The third game alone, started from seed 102, is the same game.
    alone = batch(skirmish, 1, seed=102)
    assert alone.records[0] == three.records[2]


def test_winners_have_survivors_and_no_hostile_survivor(skirmish) -> None:
    s = batch(skirmish, 12, seed=5)
    faction = dict(s.combatants)
    decided = 0
    for r in s.records:
        if r.draw:
            assert r.winners == () and r.rounds == 50
            continue
        standing = {faction[n] for n in r.survivors}
        # A faction wins when combat ends with some of its combatants active and none of any faction
        # hostile to it (docs/cli.md, playtest): friendly player and ally win together when both stand.
        expected = {f for f in standing if not any(skirmish.hostility.hostile(f, g) for g in standing)}
        assert set(r.winners) == expected
        decided += bool(r.winners)
    assert decided > 0
    doc = s.to_json()
    assert set(doc["wins"]) == {"player", "ally", "enemy"}
    sides = sum(1 for r in s.records if {"player", "ally"} & set(r.winners))
    assert doc["wins"]["enemy"] + sides + doc["draws"] + doc["no_winner"] == 12


def test_a_game_still_active_after_50_rounds_is_a_draw_counting_50(skirmish) -> None:
    s = batch(skirmish, 2, levels={"player": "passive", "ally": "passive", "enemy": "passive"})
    doc = s.to_json()
    assert doc["draws"] == 2
    assert doc["wins"] == {"player": 0, "ally": 0, "enemy": 0}
    assert doc["rounds"]["mean"] == 50
    # Every combatant ended each of its 50 turns on its start hex.
    assert s.heat("occupied:enemy")[(6, 1)] == 2 * 50


def test_levels_default_to_normal_and_a_missing_faction_is_refused(skirmish) -> None:
    assert batch(skirmish, 1).levels == {"player": "normal", "ally": "normal", "enemy": "normal"}
    with pytest.raises(PlaytestError, match="neutral"):
        batch(skirmish, 1, levels={"neutral": "hard"})
    with pytest.raises(PlaytestError, match="level"):
        batch(skirmish, 1, levels={"enemy": "godlike"})


def test_kept_logs_replay_to_the_recorded_end(skirmish) -> None:
    s = batch(skirmish, 2, seed=40, keep_logs=1)
    first, second = s.records
    assert second.log is None and first.log
    enc = replay(skirmish, read_log(first.log.splitlines(), skirmish.board.layout))
    assert tuple(v.name for v in enc.views() if v.active) == first.survivors
    assert (o := enc.outcome()) is not None and o.winners == first.winners


def test_worker_processes_give_byte_identical_json(skirmish) -> None:
    one = batch(skirmish, 6, seed=7, jobs=1).json_text()
    two = batch(skirmish, 6, seed=7, jobs=2).json_text()
    assert one == two


def test_dask_cluster_gives_byte_identical_json(skirmish) -> None:
    distributed = pytest.importorskip("distributed")
    local = batch(skirmish, 6, seed=7).json_text()
    # Two in-process workers talking TCP on loopback (so the job and records really travel serialized):
    # no extra processes, nothing listening beyond 127.0.0.1, no dashboard.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        remote = batch(skirmish, 6, seed=7, scheduler=cluster.scheduler_address).json_text()
    assert remote == local


def test_map_lint_flags_a_lopsided_map_through_its_playtest(tmp_path: Path) -> None:
    from game.maps.lint import lint_map
    from game.playtest import quick_playtest  # what `playmat validate --playtest` passes

    # One frail squire against three strong orcs next to him: the orcs win every game.
    units = [
        {"name": "Squire", "at": (1, 2), "faction": "player", "move": 3, "hp": 2, "attack": 0, "defense": 8},
        {"name": "Orc 1", "at": (2, 1), "faction": "enemy", "hp": 30, "attack": 8, "initiative": 5, "damage": "6"},
        {"name": "Orc 2", "at": (2, 2), "faction": "enemy", "hp": 30, "attack": 8, "initiative": 4, "damage": "6"},
        {"name": "Orc 3", "at": (2, 3), "faction": "enemy", "hp": 30, "attack": 8, "initiative": 3, "damage": "6"},
    ]
    path = write_map(tmp_path / "hopeless.tmx", FIELD, units=units, title="Hopeless")
    from game.maps import load_scenario

    wins = quick_playtest(load_scenario(path), 3)
    assert wins == {"player": 0, "enemy": 3}
    warnings = lint_map(path, playtest=quick_playtest, games=3)
    assert any('side "enemy" won 3 of 3' in w for w in warnings)


def test_the_quick_playtest_of_validate_shows_its_progress_on_a_terminal(tmp_path: Path) -> None:
    # `validate --playtest` ran half a minute without a sign of life; on a terminal it now draws a bar.
    import io

    from game.maps import load_scenario
    from game.playtest import quick_playtest

    units = [{"name": "Squire", "at": (1, 2), "faction": "player", "hp": 2},
             {"name": "Orc", "at": (3, 2), "faction": "enemy", "hp": 30, "attack": 8, "damage": "6"}]
    scenario = load_scenario(write_map(tmp_path / "duel.tmx", FIELD, units=units, title="Duel"))
    screen = io.StringIO()
    assert quick_playtest(scenario, 2, bar=screen) == quick_playtest(scenario, 2)
    assert "quick playtest of Duel:" in screen.getvalue() and "/2 [" in screen.getvalue()

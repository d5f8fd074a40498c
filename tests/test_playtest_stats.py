"""Wilson score intervals and batch summaries: the numbers a designer reads to balance a map."""

from __future__ import annotations

import json

import pytest

from game.playtest.record import GameRecord
from game.playtest.stats import proportion, wilson_interval
from game.playtest.summary import Summary


def test_wilson_at_zero_and_all_by_hand() -> None:
    # 0 of 10: centre and half-width coincide, so the upper end is (z^2/n) / (1 + z^2/n)
    # = 0.38415 / 1.38415 = 0.27753; 10 of 10 mirrors it (the interval is symmetric in p <-> 1-p).
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.27753, abs=1e-5)
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(1 - 0.27753, abs=1e-5)
    assert high == 1.0


@pytest.mark.parametrize(("k", "n"), [(71, 100), (29, 100), (1, 20), (19, 20), (3, 7), (500, 1000)])
def test_wilson_matches_scipy(k: int, n: int) -> None:
    stats = pytest.importorskip("scipy.stats")
    ref = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson_interval(k, n)
    assert low == pytest.approx(ref.low, abs=1e-9)
    assert high == pytest.approx(ref.high, abs=1e-9)


def test_wilson_refuses_impossible_counts_and_knows_nothing_from_no_games() -> None:
    with pytest.raises(ValueError):
        wilson_interval(5, 4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert proportion(3, 4).rate == 0.75


def _record(seed: int, winners: tuple[str, ...], rounds: int, draw: bool = False, **kw: object) -> GameRecord:
    return GameRecord(seed=seed, winners=winners, draw=draw, rounds=rounds, actions=1, survivors=(), **kw)


def _summary(records: list[GameRecord]) -> Summary:
    return Summary(map="maps/x.tmx", title="X", seed=7, levels={"player": "normal", "ally": "normal",
                   "enemy": "hard"}, factions=("player", "ally", "enemy"),
                   combatants=(("Aldric", "player"), ("Brin", "ally"), ("Orc 1", "enemy")),
                   records=tuple(records))


def test_summary_counts_friendly_wins_together_lists_every_faction_and_a_draw_as_50_rounds() -> None:
    s = _summary([
        _record(7, ("player", "ally"), 4),
        _record(8, ("enemy",), 6),
        _record(9, (), 50, draw=True),
        _record(10, ("player", "ally"), 8),
    ])
    doc = json.loads(s.json_text())
    # Friendly player and ally win together; enemy once; no faction is missing from "wins".
    assert doc["wins"] == {"player": 2, "ally": 2, "enemy": 1}
    assert doc["draws"] == 1
    assert doc["games"] == 4 and doc["map"] == "maps/x.tmx"
    # (4 + 6 + 50 + 8) / 4 = 17: the draw counts 50 rounds (docs/cli.md, playtest).
    assert doc["rounds"]["mean"] == 17.0
    assert doc["rounds"]["max"] == 50
    assert doc["win_rates"]["enemy"]["rate"] == 0.25


def test_a_faction_that_never_wins_is_listed_with_zero() -> None:
    s = _summary([_record(7, ("enemy",), 3)])
    assert s.to_json()["wins"] == {"player": 0, "ally": 0, "enemy": 1}
    assert s.to_json()["win_rates"]["player"] == {"rate": 0.0, "low": 0.0, "high": round(wilson_interval(0, 1)[1], 4)}

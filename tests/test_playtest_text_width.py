"""``playmat playtest`` without ``--json`` reads in a 100-column terminal: no line of its summary wraps there.

Before, the events per game were one line of ten figures (~125 columns: "per game: 46.8 attacks (5.3 flank,
2.7 rear), 14.8 ZoC stops, 0.0 shoves, 0.0 falls, 23.5 shots (12.5 hit), 0.20 flights"), the title line
carried the AI levels (114 on Miller's Ford) and the balance advice was one paragraph on one line.
"""

from __future__ import annotations

from game.cli.playtest_cmd import text_summary
from game.playtest.record import GameRecord
from game.playtest.summary import Summary
from tests.test_playtest_report import _summary


def test_a_favoured_side_s_advice_wraps_under_its_first_word_within_100_columns() -> None:
    # 15 of 20 games to the enemy (test_playtest_report: Orc 1 dealt its 6.0 hp per game). Each game 4 attacks
    # (1 rear) and 3 ZoC stops, nothing rarer: one per-game line. The advice, 11 columns in ("  balance: "),
    # wraps at 100: 84 columns of words fit the first line ("damaging" would take it to 104), 89 exactly the
    # second (up to "player,"; " then" would make 94).
    lines = text_summary(_summary([("enemy",)] * 15 + [("player",)] * 5), None).splitlines()
    assert lines[:2] == ["Ford (maps/x.tmx): 20 games, seeds 0..19", "  AI levels: player easy, enemy hard"]
    at = next(i for i, x in enumerate(lines) if "per game:" in x)
    assert lines[at:] == [
        "  per game: 4.0 attacks (0.0 flank, 1.0 rear), 3.0 ZoC stops",
        "  balance: Side enemy wins 75 % (95 % interval 53-89 %), more than half beyond chance; its most",
        "           damaging combatants were Orc 1 (6.0 hp per game): weaken them, or strengthen side player,",
        "           then run the batch again.",
    ]
    assert max(len(x) for x in lines) == 100


def test_every_figure_at_its_widest_still_fits_80_columns() -> None:
    # One game with four-digit attacks and three-digit ZoC stops and shots: the per-game figures are the counts.
    counts = {"attacks": 1234, "flank_attacks": 123, "rear_attacks": 45, "zoc_stops": 678, "shoves": 12,
              "falls": 3, "shots": 456, "shot_hits": 234, "flees": 7}
    s = Summary(map="maps/x.tmx", title="Ford", seed=0, levels={"player": "normal", "enemy": "normal"},
                factions=("player", "enemy"), combatants=(("Aldric", "player"), ("Orc 1", "enemy")),
                records=(GameRecord(seed=0, winners=("enemy",), draw=False, rounds=5, actions=10,
                                    survivors=("Orc 1",), counts=counts),))
    lines = text_summary(s, None).splitlines()
    at = next(i for i, x in enumerate(lines) if "per game:" in x)
    assert lines[at:at + 2] == ["  per game: 1234.0 attacks (123.0 flank, 45.0 rear), 678.0 ZoC stops",
                                "            12.0 shoves, 3.0 falls, 456.0 shots (234.0 hit), 7.0 flights"]
    assert max(len(x) for x in lines) <= 80

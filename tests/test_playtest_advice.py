"""The report's Balance line says how the games went when it was not by fighting it out: a side that
mostly fled and by which exits, games that mostly ran out of rounds, a side that mostly never struck.

Every batch here is built by hand, so each number in a sentence can be counted from the records.
"""

from __future__ import annotations

from pathlib import Path

from game.playtest.record import GameRecord
from game.playtest.report import balance_advice, markdown_report
from game.playtest.summary import Summary

NAMES = (("Aldric", "player"), ("Orc 1", "enemy"), ("Orc 2", "enemy"))


def _batch(records: list[GameRecord]) -> Summary:
    return Summary(map="maps/x.tmx", title="Ford", seed=0, levels={"player": "normal", "enemy": "normal"},
                   factions=("player", "enemy"), combatants=NAMES, records=tuple(records),
                   sides=(("player",), ("enemy",)))


def _game(k: int, winners: tuple[str, ...] = ("player",), *, fled: tuple[str, ...] = (),
          fled_from: tuple[tuple[int, int], ...] = (), struck: tuple[str, ...] | None = ("enemy", "player"),
          draw: bool = False) -> GameRecord:
    return GameRecord(seed=k, winners=winners, draw=draw, rounds=50 if draw else 6, actions=40,
                      survivors=("Aldric",), fled=fled, fled_from=fled_from, struck=struck,
                      counts={"flees": len(fled)})


def test_a_side_that_mostly_fled_is_told_by_which_exits_and_what_to_change() -> None:
    # Games 0-8: Orc 1 flees from 0,5 (9 flights); 9-11: both orcs from 1,5 (6); 12-13: Orc 2 from 3,5 (2).
    # The enemy won none of those 14 and won the other 6. 17 flights, the two busiest exits named.
    records = ([_game(k, fled=("Orc 1",), fled_from=((0, 5),)) for k in range(9)]
               + [_game(k, fled=("Orc 1", "Orc 2"), fled_from=((1, 5), (1, 5))) for k in range(9, 12)]
               + [_game(k, fled=("Orc 2",), fled_from=((3, 5),)) for k in range(12, 14)]
               + [_game(k, ("enemy",)) for k in range(14, 20)])
    s = _batch(records)
    # 14 of 20 (Wilson 48-85 %) is no lean beyond chance: before, the report said only that intervals are wide.
    assert balance_advice(s) == (
        "Side enemy fled the map in 14 of 20 games and won none of them (17 flights: 9 from exit 0,5, 6 from exit "
        "1,5 and 2 from other exits): it leaves rather than fights it out (R24). If it should stand, move those "
        "exits further from the fighting or behind difficult ground, or strengthen it.")
    assert "**Balance:** Side enemy fled the map in 14 of 20 games" in markdown_report(s)
    # With the heatmaps drawn (--out), the report points to the picture of the exits.
    drawn = markdown_report(s, heatmaps=[Path("out/heat_fled.png")])
    assert "or strengthen it; heat_fled.png shows every exit used." in drawn


def test_games_that_mostly_ran_out_of_rounds_with_nobody_striking_say_the_sides_never_met() -> None:
    # Games 0-10: nothing struck, draw; game 11: only the player struck, draw; 12-19: a real fight, player won.
    records = ([_game(k, (), struck=(), draw=True) for k in range(11)] + [_game(11, (), struck=("player",), draw=True)]
               + [_game(k) for k in range(12, 20)])
    advice = balance_advice(_batch(records))
    assert advice is not None
    assert advice.startswith("Nobody attacked, shoved, shot or cast in 11 of 20 games: the sides never came within "
                             "reach of each other.")
    # The draws are the same story: counted, and their fix (bring the starts closer) not said twice.
    assert advice.endswith("or give them reach or range. 12 of 20 games were still going after 50 rounds (draws).")
    assert advice.count("Bring the starts closer") == 1


def test_one_side_that_mostly_never_struck_is_named_with_its_picture() -> None:
    # 15 of 20 games only the player struck (archers shooting over a river the enemy cannot cross).
    records = [_game(k, struck=("player",)) for k in range(15)] + [_game(k) for k in range(15, 20)]
    advice = balance_advice(_batch(records))
    assert advice is not None
    assert ("Side enemy never attacked, shoved, shot or cast in 15 of 20 games: it did not get within reach of side "
            "player. Open a way for it (a bridge, a ford, a gap), start it closer, or give it reach or range."
            ) in advice
    assert "heat_occupied_enemy.png shows where it spent its turns." in balance_advice(_batch(records), pictures=True)
    assert advice.startswith("Side player wins 100 %")  # the lean still comes first
    assert "Side player never" not in advice


def test_half_or_fewer_is_not_a_pattern_and_says_nothing() -> None:
    # 10 of 20 fled, 10 of 20 never struck: not "mostly"; 10-10 wins are no lean either.
    records = ([_game(k, fled=("Orc 1",), fled_from=((0, 5),), struck=("player",)) for k in range(10)]
               + [_game(k, ("enemy",)) for k in range(10, 20)])
    assert balance_advice(_batch(records)) is None

"""count_behaviour: passive turns, shuffles and quiet stretches counted from a hand-written log."""

from __future__ import annotations

from game.playtest import count_behaviour
from game.rules import Attack, Begin, Encounter, EndTurn, Move, Shoot, scenario_from_rows


def _fighter(name: str, faction: str, at: tuple[int, int], initiative: int) -> dict[str, object]:
    return {"name": name, "faction": faction, "at": at, "initiative": initiative, "hp": 30, "attack": 3,
            "defense": 10, "damage": "1d6"}


def test_a_turn_that_walks_back_and_strikes_nothing_is_a_passive_shuffle() -> None:
    # Pointy odd-r, one open row of 7: A (initiative 2, R14 first) at 1,0 and B at 5,0 are 4 apart;
    # move 6 takes either next to the other (R9 stops it there, adjacent), so each could attack.
    scenario = scenario_from_rows(["......."] * 3, [_fighter("A", "player", (1, 0), 2),
                                                   _fighter("B", "enemy", (5, 0), 1)])
    log = [
        Begin(),
        Move("A", (2, 0)), Move("A", (1, 0)), EndTurn(),  # round 1: A p -> q -> p, no attack
        EndTurn(),  # B waits with A within reach: passive, not a shuffle
        Move("A", (4, 0)), Attack("A", "B", roll=15, damage=2), EndTurn(),  # round 2: A strikes
        EndTurn(),  # B, adjacent, does nothing: passive
        EndTurn(), EndTurn(),  # round 3: both adjacent and idle
        EndTurn(), EndTurn(),  # round 4
    ]
    enc = Encounter(scenario)
    enc.apply(Begin())
    assert enc.turn == "A"
    b = count_behaviour(scenario, log)
    assert b.turns == 8
    assert [(t.round, t.unit) for t in b.records if t.shuffle] == [(1, "A")]
    # Every turn but A's attack in round 2 could have struck and did not.
    assert [(t.round, t.unit) for t in b.records if t.passive] == [
        (1, "A"), (1, "B"), (2, "B"), (3, "A"), (3, "B"), (4, "A"), (4, "B")]
    assert b.longest_quiet == 2  # rounds 3 and 4; round 1 alone before the blow of round 2
    assert b.rounds == 4 and b.tactics == 0


def test_pacing_across_turns_behind_a_wall_is_a_shuffle_but_not_passive() -> None:
    # A rock column (col 2) cuts the map: nobody can reach anybody, so no turn is passive.
    # A ends round 1 at 1,0, round 2 at 1,2, round 3 back at 1,0: p -> q -> p across turns.
    scenario = scenario_from_rows(["..#..", "..#..", "..#.."], [_fighter("A", "player", (0, 1), 2),
                                                                _fighter("B", "enemy", (4, 1), 1)])
    log = [Begin(),
           Move("A", (1, 0)), EndTurn(), EndTurn(),
           Move("A", (1, 2)), EndTurn(), EndTurn(),
           Move("A", (1, 0)), EndTurn(), EndTurn()]
    b = count_behaviour(scenario, log)
    assert [(t.round, t.unit) for t in b.records if t.shuffle] == [(3, "A")]
    assert b.passive == 0
    assert b.longest_quiet == 3


def test_a_shot_is_a_strike_and_an_archer_that_could_shoot_and_waits_is_passive() -> None:
    # A rock column (col 3) keeps everyone from walking to anyone (R5), but the bow (range 2-8) sees over
    # open ground around it: A at 1,0 sees B at 5,0 along row 0 (the rock is in rows 1-2 only).
    # Round 1: A shoots (a strike, not passive); B, a swordsman who cannot reach A, waits (not passive).
    # Round 2: A could shoot again and ends its turn: passive. Round 1 had a strike, round 2 none.
    archer = {**_fighter("A", "player", (1, 0), 2), "ranged": "2-8", "ranged_damage": "1"}
    scenario = scenario_from_rows(["...|...", "...#...", "...#..."],
                                  [archer, {**_fighter("B", "enemy", (5, 0), 1), "move": 0}])
    log = [Begin(), Shoot("A", "B", roll=15, damage=1), EndTurn(), EndTurn(), EndTurn(), EndTurn()]
    b = count_behaviour(scenario, log)
    assert [(t.round, t.unit) for t in b.records if t.passive] == [(2, "A")]
    assert [t.struck for t in b.records] == [True, False, False, False]
    assert b.longest_quiet == 1

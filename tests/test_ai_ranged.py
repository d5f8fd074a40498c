"""Archers and casters (R29-R33) play like a tactician would: seeded, deterministic, no timing.

Each map is a small text map (``scenario_from_rows``: pointy-top, odd rows shifted right; ``t`` a tree
that gives cover, ``#`` a wall). The neighbours of ``(c, r)``:

- even row: e (c+1,r)  w (c-1,r)  ne (c,r-1)    nw (c-1,r-1)  se (c,r+1)    sw (c-1,r+1)
- odd row:  e (c+1,r)  w (c-1,r)  ne (c+1,r-1)  nw (c,r-1)    se (c+1,r+1)  sw (c,r+1)

Every comment works out from the rulings why one choice is right; the test first checks those
premises with the engine's previews, then lets the AI play one turn.
"""

from __future__ import annotations

import random

import pytest

from game.ai import policy_for
from game.rules import (
    Action,
    Attack,
    Begin,
    Cast,
    Encounter,
    EndTurn,
    Flee,
    Move,
    SetHp,
    Shoot,
    Shot,
    scenario_from_rows,
)

OPEN = ["." * 12] * 7


def encounter(rows: list[str], units: list[dict]) -> Encounter:
    enc = Encounter(scenario_from_rows(rows, units))
    enc.apply(Begin())
    return enc


def archer(at: tuple[int, int], move: int) -> dict[str, object]:
    """The player's archer: initiative 20 (it acts first), a bow of range 2-8, ranged attack 2, 1d6."""
    return {"name": "Archer", "at": at, "faction": "player", "initiative": 20, "ranged": "2-8", "ranged_attack": 2,
            "ranged_damage": "1d6", "move": move}


def rooted_foe(name: str, at: tuple[int, int], **stats: object) -> dict[str, object]:
    """An enemy facing west (toward the player side) that cannot move: only the AI's choice changes the board."""
    return {"name": name, "at": at, "faction": "enemy", "facing": "w", "move": 0, **stats}


def shots(actions: list[Action]) -> list[Action]:
    """The shots among ``actions``, in order."""
    return [a for a in actions if isinstance(a, Shoot)]


def play_turn(enc: Encounter, level: str, seed: int = 1) -> tuple[list[Action], list[object]]:
    """The current actor's whole turn by the AI of ``level``: its actions and the events they caused."""
    policy = policy_for(level)
    rng = random.Random(seed)
    name = enc.turn
    actions: list[Action] = []
    events: list[object] = []
    for _ in range(20):
        action = policy.choose(enc.sandbox(rng), rng)
        actions.append(action)
        events += enc.apply(action).events
        if isinstance(action, EndTurn | Flee) or enc.turn != name:
            return actions, events
    raise AssertionError(f"{name} never ended its turn: {actions}")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_archer_steps_out_of_a_threatened_hex_before_shooting(level: str) -> None:
    # The archer at 3,3 stands next to the orc at 4,3, which threatens it (R8). A shot from there takes
    # the threatened-shooter penalty (R29): defence 10 + 2 = 12 against ranged attack 0, a d20 of 12+
    # (45 %). One step west, at 2,3, nothing threatens it: a 10+ (55 %), and the orc (which cannot move)
    # cannot strike it next round either. Shooting first and stepping away after ends in the same place
    # with the worse roll, so it steps away first, then shoots without the penalty.
    enc = encounter(OPEN, [
        {"name": "Archer", "at": (3, 3), "faction": "player", "initiative": 20, "ranged": "1-8",
         "ranged_attack": 0, "ranged_damage": "1d6", "attack": 0, "damage": "1", "move": 4},
        rooted_foe("Orc", (4, 3), attack=4, damage="1d8"),
    ])
    assert enc.preview_shoot("Archer", "Orc").shooter_penalty == 2
    assert enc.preview_shoot("Archer", "Orc", at=(2, 3)).shooter_penalty == 0
    actions, events = play_turn(enc, level)
    kinds = [type(a) for a in actions]
    assert Shoot in kinds and Move in kinds and kinds.index(Move) < kinds.index(Shoot), actions
    (shot,) = [e for e in events if isinstance(e, Shot)]
    assert shot.shooter_penalty == 0
    assert not enc.threateners_of("Archer")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_archer_shoots_the_target_without_cover(level: str) -> None:
    # The archer at 1,3 cannot move. Two identical orcs stand 5 hexes away: 6,3 straight along row 3,
    # where the line crosses the tree at 4,3 (cover, +2 defence, R31), and 6,5, whose line crosses
    # nothing that gives cover. Against defence 12 with ranged attack 2 the open shot needs a 10 (55 %),
    # the covered one a 12 (45 %); the same damage either way. It shoots the orc in the open.
    rows = ["." * 9] * 7
    rows[3] = "....t...."
    enc = encounter(rows, [
        archer((1, 3), move=0),
        rooted_foe("Orc A", (6, 3), defense=12),
        rooted_foe("Orc B", (6, 5), defense=12),
    ])
    covered, open_ = enc.preview_shoot("Archer", "Orc A"), enc.preview_shoot("Archer", "Orc B")
    assert covered.cover and not open_.cover and open_.hit_chance > covered.hit_chance
    assert covered.arc == open_.arc == "front"
    actions, _ = play_turn(enc, level)
    assert shots(actions) == [Shoot("Archer", "Orc B")]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_caster_catches_three_hostiles_and_spares_its_friend(level: str) -> None:
    # Orcs stand at 5,2, 6,2 and 5,3, each next to the other two; the knight at 5,1 fights the two in
    # row 2. A burst of radius 1 (R32) catches all three orcs when centred on any of them. Centred on
    # 5,2 or 6,2 it also catches the knight (next to both), hit on a 10+ like the orcs; centred on 5,3
    # it does not (two hexes from the knight). The caster (range 6, one use) centres its burst on 5,3.
    enc = encounter(["." * 10] * 7, [
        {"name": "Mage", "at": (1, 2), "faction": "player", "initiative": 20, "move": 0, "attack": 0,
         "damage": "1", "area_range": 6, "area_radius": 1, "area_attack": 0, "area_damage": "2d6",
         "area_uses": 1},
        {"name": "Knight", "at": (5, 1), "faction": "player", "initiative": 5, "hp": 20},
        {"name": "Orc 1", "at": (5, 2), "faction": "enemy", "move": 0},
        {"name": "Orc 2", "at": (6, 2), "faction": "enemy", "move": 0},
        {"name": "Orc 3", "at": (5, 3), "faction": "enemy", "move": 0},
    ])
    assert enc.caught_by("Mage", (5, 3)) == ["Orc 1", "Orc 2", "Orc 3"]
    for centre in ((5, 2), (6, 2)):
        assert sorted(enc.caught_by("Mage", centre)) == ["Knight", "Orc 1", "Orc 2", "Orc 3"]
    actions, _ = play_turn(enc, level)
    assert [a for a in actions if isinstance(a, Cast)] == [Cast("Mage", (5, 3))]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_caster_keeps_its_last_burst_for_a_crowd(level: str) -> None:
    # The mage has one burst left and a lone orc 4 hexes off, facing it; no other hostile is near. A
    # burst on the orc alone (2d6, mean 7) deals about what one shot of its bow would (1d6+3, mean 6.5,
    # on the same 10+ from the orc's front), and spends the only use. It shoots and keeps the burst.
    enc = encounter(OPEN, [
        {"name": "Mage", "at": (2, 3), "faction": "player", "initiative": 20, "move": 0, "attack": 0,
         "damage": "1", "ranged": "2-8", "ranged_attack": 0, "ranged_damage": "1d6+3", "area_range": 6,
         "area_radius": 1, "area_attack": 0, "area_damage": "2d6", "area_uses": 1},
        {"name": "Orc", "at": (6, 3), "faction": "enemy", "move": 0, "facing": "w"},
    ])
    assert enc.preview_shoot("Mage", "Orc").arc == "front"
    actions, _ = play_turn(enc, level)
    assert Shoot("Mage", "Orc") in actions and not any(isinstance(a, Cast) for a in actions)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_fighter_closes_on_an_archer_instead_of_trading_shots(level: str) -> None:
    # The fighter carries javelins (range 1-6, ranged attack 0, 1d4) but fights far better up close
    # (attack 5, 1d10). The archer 5 hexes east has 8 hp and a bow. Walking 4 hexes puts the fighter
    # next to it: a blow hits on a 5+ (80 %) for 5.5 on average, where a javelin hits on a 10+ (55 %) for
    # 2.5. Standing next to the archer also threatens it (R8): its next shot takes the -2 (R29).
    enc = encounter(OPEN, [
        {"name": "Fighter", "at": (2, 3), "faction": "player", "initiative": 20, "move": 5, "attack": 5,
         "damage": "1d10", "ranged": "1-6", "ranged_attack": 0, "ranged_damage": "1d4"},
        {"name": "Archer", "at": (7, 3), "faction": "enemy", "hp": 8, "facing": "w", "ranged": "2-8",
         "ranged_attack": 3, "ranged_damage": "1d8"},
    ])
    actions, _ = play_turn(enc, level)
    assert Attack("Fighter", "Archer") in actions and not any(isinstance(a, Shoot) for a in actions)
    assert enc.distance("Fighter", "Archer") == 1


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_swordsman_walks_into_a_bow_s_range_to_reach_the_archer(level: str) -> None:
    # The swordsman (move 5, no bow) is 10 hexes from an archer with range 2-8 that cannot be reached
    # this turn. Waiting outside the bow's range forever wins nothing (the archer can step up and shoot
    # anyway); it walks toward the archer as far as it can.
    enc = encounter(["." * 14] * 7, [
        {"name": "Swordsman", "at": (1, 3), "faction": "player", "initiative": 20, "move": 5, "attack": 4,
         "damage": "1d10", "hp": 14},
        {"name": "Archer", "at": (11, 3), "faction": "enemy", "hp": 8, "facing": "w", "ranged": "2-8",
         "ranged_attack": 3, "ranged_damage": "1d6"},
    ])
    before = enc.distance("Swordsman", "Archer")
    play_turn(enc, level)
    assert enc.distance("Swordsman", "Archer") <= before - 4


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("burst", [True, False])
def test_a_wounded_fighter_keeps_out_of_a_burst_s_reach(level: str, burst: bool) -> None:
    # The mage at 9,3 cannot move; its burst (R32) is centred up to 3 hexes away and catches every
    # footprint within 1 of the centre, so next round it can catch anyone within 4 of 9,3, and
    # nobody farther. The scout (3 of 10 hp after the GM's set_hp, move 3, at 2,3) has nothing to
    # attack this turn; the only pull is the walk toward the mage. It can reach 5,3, 4 from the
    # mage: inside the burst's reach, where 2d6 (2-12) at attack 2 against defence 10 hits on 8+
    # (65 %) and any hit takes all its 3 hp. A mage with no burst threatens nothing there (its own
    # blow reaches only its neighbours) and the scout walks in as far as it can; against the burst
    # it stays out of its reach.
    area = {"area_range": 3, "area_radius": 1, "area_attack": 2, "area_damage": "2d6", "area_uses": 1}
    enc = encounter(["." * 12] * 7, [
        {"name": "Scout", "at": (2, 3), "faction": "player", "initiative": 20, "move": 3, "hp": 10},
        {"name": "Mage", "at": (9, 3), "faction": "enemy", "facing": "w", "move": 0, "attack": 0,
         "damage": "1", **(area if burst else {})},
    ])
    enc.apply(SetHp("Scout", 3))

    def burst_reaches(cell: tuple[int, int]) -> bool:
        return enc.layout.distance(cell, (9, 3)) <= 4

    assert enc.reach_for("Scout").end_at((5, 3)) is not None and burst_reaches((5, 3))
    play_turn(enc, level)
    end = enc.view("Scout").cell
    assert burst_reaches(end) is not burst, end

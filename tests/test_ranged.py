"""R29-R33 scenarios: shots, cover, areas, pushes away from a point, uses; by ruling id.

Maps are pointy ``odd`` (odd rows shifted right) unless said otherwise; each comment works the
numbers out from the rulings. Lines of sight quoted in comments were checked against the rational
reference in tests/sight_reference.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules import (
    AreaCast,
    AreaHit,
    Begin,
    Cast,
    CastRoll,
    Defeated,
    Encounter,
    EndTurn,
    IllegalActionError,
    LogError,
    Move,
    Pushed,
    Shoot,
    Shot,
    replay_log,
    scenario_from_rows,
    write_log,
)

ROWS = ["." * 10] * 7


def encounter(units: list[dict], rows: list[str] = ROWS, **kw) -> Encounter:
    enc = Encounter(scenario_from_rows(rows, units, **kw))
    enc.apply(Begin())
    return enc


def archer(**kw) -> dict:
    return {"name": "Archer", "faction": "player", "initiative": 9, "ranged": "1-8", "ranged_attack": 0,
            "attack": 0, **kw}


def test_r29_a_threatened_shooter_takes_the_penalty_until_it_steps_out() -> None:
    # The orc at 4,3 faces w (toward the archer): front arc, no positional penalty. Defence 10, ranged
    # attack 0: a free shot needs a total of 10. Adjacent at 3,3 the archer stands in the orc's threat
    # (R8), so it needs 10 + 2 = 12: a roll of 11 misses, 12 hits.
    enc = encounter([archer(at=(3, 3)), {"name": "Orc", "at": (4, 3), "faction": "enemy", "facing": "w"}])
    p = enc.preview_shoot("Archer", "Orc")
    assert (p.legal, p.arc, p.cover, p.threatened_by, p.shooter_penalty, p.needed) == \
        (None, "front", False, ("Orc",), 2, 12)
    assert p.roll_needed == 12 and p.hit_chance == pytest.approx(0.45)
    assert ("shooting while threatened", 2) in p.modifiers
    miss = enc.apply(Shoot("Archer", "Orc", roll=11))
    (shot,) = miss.of(Shot)
    assert not shot.hit and shot.needed == 12 and shot.shooter_penalty == 2
    assert enc.dice_rolled_this_turn(), "a shot rolls dice: the window will not undo it (as for attacks)"
    enc.undo()
    # Stepping back to 1,3 (distance 3, out of the threat band): the same shot needs 10.
    enc.apply(Move("Archer", (1, 3)))
    p = enc.preview_shoot("Archer", "Orc")
    assert p.threatened_by == () and p.needed == 10
    hit = enc.apply(Shoot("Archer", "Orc", roll=10, damage=4))
    assert hit.of(Shot)[0].hit and enc.view("Orc").hp == 6
    assert hit.action == Shoot("Archer", "Orc", 10, 4)


def test_r29_range_sight_and_hostility_are_checked() -> None:
    rows = ["." * 10, "....#.....", "." * 10]
    enc = encounter([archer(at=(1, 1), ranged="2-3"),
                     {"name": "Near", "at": (2, 1), "faction": "enemy"},
                     {"name": "Behind", "at": (6, 1), "faction": "enemy"},
                     {"name": "Friend", "at": (1, 2), "faction": "player"}], rows)
    assert "out of range: distance 1" in enc.can_shoot("Archer", "Near")
    assert "out of range: distance 5" in enc.can_shoot("Archer", "Behind")
    assert "not hostile" in enc.can_shoot("Archer", "Friend")
    enc2 = encounter([archer(at=(1, 1)), {"name": "Behind", "at": (6, 1), "faction": "enemy"}], rows)
    # the wall at 4,1 lies on the row between 1,1 and 6,1 (R30)
    assert enc2.can_shoot("Archer", "Behind") == 'shoot: "Archer" cannot see "Behind": blocked by 4,1 (R30)'
    melee = encounter([{"name": "Brute", "at": (1, 1), "faction": "player"},
                       {"name": "Orc", "at": (3, 1), "faction": "enemy"}], rows)
    assert "has no ranged profile" in melee.can_shoot("Brute", "Orc")


def test_r29_shooting_turns_the_shooter_and_the_ranged_profile_never_threatens() -> None:
    enc = encounter([archer(at=(1, 3), facing="w", ranged="2-6", reach=1, threatening=False),
                     {"name": "Orc", "at": (5, 3), "faction": "enemy"}])
    enc.apply(Shoot("Archer", "Orc", roll=1))
    assert enc.view("Archer").facing == "e"  # R20: toward the target's centre
    # With threatening off, the archer threatens nothing although it could shoot at 2-6 (R29: no ZoC).
    assert not enc.threat_against("enemy").any()


def test_r31_cover_that_one_hex_of_a_large_shooter_avoids() -> None:
    # A tree (t) at 4,3 on the row between the shooters and the orc at 7,3.
    rows = ["." * 10, "." * 10, "." * 10, "....t.....", "." * 10, "." * 10]
    orc = {"name": "Orc", "at": (7, 3), "faction": "enemy", "facing": "w"}
    # A standard archer at 3,3: its one line runs along row 3 through the tree: cover, +2 (R31).
    small = encounter([archer(at=(3, 3)), orc], rows)
    p = small.preview_shoot("Archer", "Orc")
    assert p.cover and p.cover_bonus == 2 and p.needed == 12
    # A large archer centred on 2,3 covers 2,2 3,2 1,3 3,3 2,4 3,4. The lines from 3,2 and from 3,4 to 7,3 pass
    # above and below the tree (through 4,2 5,2 5,3 6,3, and 4,4 5,4 5,3 6,3): the best pair for the shooter
    # has no cover, so the orc has none (R31).
    large = encounter([archer(at=(2, 3), size="large"), orc], rows)
    p = large.preview_shoot("Archer", "Orc")
    assert not p.cover and p.needed == 10
    assert {a for a, _ in p.clear_pairs} == {(3, 2), (3, 4)}
    # A combatant in the line gives cover whatever its faction (R31); the shot still sees (R30).
    blocked_by_friend = encounter([archer(at=(3, 3)), {"name": "Friend", "at": (5, 3), "faction": "player"}, orc])
    assert blocked_by_friend.preview_shoot("Archer", "Orc").cover


def test_r29_r30_a_multi_hex_target_is_seen_and_reached_by_its_edge() -> None:
    # A large ogre centred on 7,3 (odd row): footprint 7,3 6,3 8,3 and 7,2 8,2 (ne, nw) and 7,4 8,4 (se, sw).
    # A wall at 5,3 hides row 3 from the archer at 1,3 (both on one row: the line runs along it, R30).
    rows = ["." * 10, "." * 10, "." * 10, ".....#....", "." * 10, "." * 10]
    enc = encounter([archer(at=(1, 3), ranged="1-6"),
                     {"name": "Ogre", "at": (7, 3), "faction": "enemy", "size": "large"}], rows)
    # R1: 1,3 is axial (0, 3) and 7,3 axial (6, 3): centre distance 6, to the footprint's edge 6 - 1 = 5.
    assert enc.distance("Archer", "Ogre") == 5
    p = enc.preview_shoot("Archer", "Ogre")
    assert p.legal is None and p.sees
    # 7,2 is axial (6, 2): distance max(6, 1, 5) = 6, in range; the line to it leaves row 3 before the wall.
    targets = {b for _, b in p.clear_pairs}
    assert (7, 2) in targets and (7, 4) in targets
    assert all(b[1] != 3 for b in targets), "row 3 lies behind the wall at 5,3"
    # Without the line to the upper and lower hexes (range 1-5: they are 6 away) it cannot be shot.
    short = encounter([archer(at=(1, 3), ranged="1-5"),
                       {"name": "Ogre", "at": (7, 3), "faction": "enemy", "size": "large"}], rows)
    # It does see the ogre, beyond range: the refusal says so rather than "cannot see" (R29, R30).
    assert short.can_shoot("Archer", "Ogre") == ('shoot: "Archer" sees "Ogre" only where it is out of range ("Archer" '
                                                 'shoots at distance 1 to 5): the hexes of it in range are hidden, '
                                                 'blocked by 5,3 (R29, R30)')


def test_r32_friendly_fire_and_the_caster_hitting_itself() -> None:
    # Caster at 2,3; burst radius 1 centred on 3,3 catches the caster (2,3), the ally at 4,3 and the orc at 3,2.
    units = [{"name": "Mage", "at": (2, 3), "faction": "player", "initiative": 9, "area_range": 3,
              "area_radius": 1, "area_attack": 0, "area_damage": "4", "area_push": 1, "area_uses": 2},
             {"name": "Ally", "at": (4, 3), "faction": "ally", "initiative": 5},
             {"name": "Orc", "at": (3, 2), "faction": "enemy", "initiative": 1}]
    enc = encounter(units)
    pv = enc.preview_cast("Mage", (3, 3))
    assert [(a.target, a.friendly) for a in pv.affected] == [("Mage", True), ("Ally", True), ("Orc", False)]
    # Everyone defends 10, nobody has cover: each needs a 10 (55 %), expected damage 0.55 x 4.
    assert all(a.needed == 10 and a.hit_chance == pytest.approx(0.55) for a in pv.affected)
    assert pv.affected[0].expected_damage == pytest.approx(2.2)
    # Pushes away from 3,3 (R33): the mage w to 1,3, the ally e to 5,3, the orc (at 3,2: nw of 3,3, an odd
    # row) nw to 2,1 (nw of 3,2, an even row).
    assert [(a.push_direction, a.push_path[-1]) for a in pv.affected] == \
        [("w", (1, 3)), ("e", (5, 3)), ("nw", (2, 1))]
    out = enc.apply(Cast("Mage", (3, 3), (CastRoll("Mage", 15), CastRoll("Ally", 9), CastRoll("Orc", 10))))
    hits = {e.target: (e.hit, e.damage) for e in out.of(AreaHit)}
    assert hits == {"Mage": (True, 4), "Ally": (False, 0), "Orc": (True, 4)}
    assert enc.view("Mage").hp == 6 and enc.view("Mage").cell == (1, 3)  # hurt by its own burst, pushed away
    assert enc.view("Ally").cell == (4, 3) and enc.view("Orc").cell == (2, 1)
    assert enc.view("Mage").facing == "e", "R32: the caster does not turn"
    assert out.action.rolls == (CastRoll("Mage", 15, 4), CastRoll("Ally", 9), CastRoll("Orc", 10, 4))
    assert enc.dice_rolled_this_turn(), "a cast rolls dice: the window will not undo it (as for attacks)"


def test_r33_a_push_chain_stops_at_a_wall() -> None:
    # Burst centred on 2,3 with push 3. Two orcs east of it on row 3: Far at 4,3 (acts first, initiative 5)
    # and Near at 3,3. A wall at 7,3. Far is pushed e: 5,3, 6,3, then the wall stops it (R12, R33).
    # Near is pushed next: 4,3 (now free), 5,3, then Far at 6,3 stops it.
    rows = ["." * 10, "." * 10, "." * 10, ".......#..", "." * 10]
    enc = encounter([{"name": "Mage", "at": (0, 3), "faction": "player", "initiative": 9, "area_range": 2,
                      "area_radius": 1, "area_attack": 20, "area_damage": "1", "area_push": 3},
                     {"name": "Far", "at": (4, 3), "faction": "enemy", "initiative": 5},
                     {"name": "Near", "at": (3, 3), "faction": "enemy", "initiative": 1}], rows)
    out = enc.apply(Cast("Mage", (2, 3)))
    # Far is at distance 2 from the centre: outside radius 1, not caught. Only Near is caught.
    assert [e.target for e in out.of(AreaHit)] == ["Near"]
    assert out.of(Pushed)[0].path == ((3, 3),), "pushed into Far, it cannot move (R12: stops short)"
    # With radius 2 both are caught (the mage, now at 0,0, is 4 hexes from the centre: not caught).
    enc2 = encounter([{"name": "Mage", "at": (0, 0), "faction": "player", "initiative": 9, "area_range": 4,
                       "area_radius": 2, "area_attack": 20, "area_damage": "1", "area_push": 3},
                      {"name": "Far", "at": (4, 3), "faction": "enemy", "initiative": 5},
                      {"name": "Near", "at": (3, 3), "faction": "enemy", "initiative": 1}], rows)
    out = enc2.apply(Cast("Mage", (2, 3)))
    assert [e.unit for e in out.of(Pushed)] == ["Far", "Near"]
    assert out.of(Pushed)[0].path == ((4, 3), (5, 3), (6, 3))
    assert out.of(Pushed)[1].path == ((3, 3), (4, 3), (5, 3))


def test_r33_on_a_sector_border_the_push_goes_counter_clockwise() -> None:
    # From the centre 3,3 the orc at 5,2 lies e then ne (cube offset (2,-1,-1)): exactly on the border of
    # the e and ne sectors. R33 takes the counter-clockwise one, ne; ne of 5,2 (even row) is 5,1.
    enc = encounter([{"name": "Mage", "at": (0, 0), "faction": "player", "initiative": 9, "area_range": 5,
                      "area_radius": 2, "area_attack": 20, "area_push": 1},
                     {"name": "Orc", "at": (5, 2), "faction": "enemy"}])
    out = enc.apply(Cast("Mage", (3, 3), (CastRoll("Orc", 20, 1),)))
    assert out.of(Pushed)[0].path == ((5, 2), (5, 1))


def test_r32_a_combatant_defeated_by_the_burst_is_not_pushed() -> None:
    enc = encounter([{"name": "Mage", "at": (0, 3), "faction": "player", "initiative": 9, "area_range": 3,
                      "area_radius": 0, "area_attack": 20, "area_damage": "5", "area_push": 2},
                     {"name": "Orc", "at": (3, 3), "faction": "enemy", "hp": 5},
                     {"name": "Orc 2", "at": (8, 1), "faction": "enemy"}])
    out = enc.apply(Cast("Mage", (3, 3)))
    assert [e.unit for e in out.of(Defeated)] == ["Orc"] and not out.of(Pushed)


def test_r32_uses_run_out() -> None:
    enc = encounter([{"name": "Mage", "at": (1, 3), "faction": "player", "initiative": 9, "area_range": 4,
                      "area_radius": 0, "area_uses": 1},
                     {"name": "Orc", "at": (8, 3), "faction": "enemy"}])
    assert enc.state_json()["units"]["Mage"]["area"]["uses_left"] == 1
    assert any(isinstance(a, Cast) for a in enc.legal_actions())
    out = enc.apply(Cast("Mage", (4, 0)))  # nobody there: the use is spent all the same (R32)
    assert out.of(AreaCast)[0].affected == () and out.of(AreaCast)[0].uses_left == 0
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    assert enc.turn == "Mage"
    assert enc.can_cast("Mage", (4, 0)) == 'cast: "Mage" has no uses of their area ability left (R32)'
    assert not any(isinstance(a, Cast) for a in enc.legal_actions())
    assert enc.targets("Mage")["cast"] == []
    assert enc.state_json()["units"]["Mage"]["area"]["uses_left"] == 0


def test_a_cast_needs_range_sight_and_an_on_map_centre() -> None:
    rows = ["." * 10, "..#.......", "." * 10]
    enc = encounter([{"name": "Mage", "at": (0, 1), "faction": "player", "initiative": 9, "area_range": 4},
                     {"name": "Orc", "at": (9, 2), "faction": "enemy"}], rows)
    assert "beyond their area range 4" in enc.can_cast("Mage", (6, 1))
    assert enc.can_cast("Mage", (4, 1)) == 'cast: "Mage" cannot see 4,1 (R30, R32)'
    assert enc.can_cast("Mage", (2, 1)) is None, "the wall hex itself is seen: sight ignores its own ends"
    off = encounter([{"name": "Mage", "at": (1, 0), "faction": "player", "initiative": 9, "area_range": 4},
                     {"name": "Orc", "at": (9, 2), "faction": "enemy"}], ["_........."] + rows[1:])
    assert off.can_cast("Mage", (0, 0)) == "cast: 0,0 is off the map"


def test_shots_and_casts_replay_exactly_and_bad_lines_are_refused(tmp_path: Path) -> None:
    units = [archer(at=(1, 3), area_range=3, area_radius=1, area_push=1, area_uses=2),
             {"name": "Orc", "at": (5, 3), "faction": "enemy", "initiative": 5},
             {"name": "Orc 2", "at": (4, 2), "faction": "enemy", "initiative": 1}]
    enc = encounter(units, seed=7)
    enc.apply(Shoot("Archer", "Orc"))
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    enc.apply(Cast("Archer", (4, 3)))
    log = tmp_path / "game.jsonl"
    write_log(enc.history, log)
    lines = log.read_text().splitlines()
    assert '"roll"' in lines[1] and '"rolls"' in lines[5]  # every roll is recorded
    again = replay_log(scenario_from_rows(ROWS, [dict(u) for u in units], seed=7), log)
    assert again.state_json() == enc.state_json()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines[0] + "\n" + '{"action": "cast", "unit": "Archer", "at": [4, 3], "rolls": '
                   '[{"target": "Nobody", "roll": 3}]}\n')
    with pytest.raises(LogError, match=r'bad.jsonl:2: cast: rolls name "Nobody"'):
        replay_log(scenario_from_rows(ROWS, [dict(u) for u in units], seed=7), bad)
    bad.write_text(lines[0] + "\n" + '{"action": "cast", "unit": "Archer", "at": [4, 3], "rolls": 5}\n')
    with pytest.raises(LogError, match="bad.jsonl:2: cast: rolls must be a list"):
        replay_log(scenario_from_rows(ROWS, [dict(u) for u in units], seed=7), bad)
    with pytest.raises(IllegalActionError, match="roll 25 is not a d20"):
        encounter(units).apply(Shoot("Archer", "Orc", roll=25))


def test_targets_lists_the_shots_the_previews_allow_with_their_figures() -> None:
    # From the archer at 1,3 (2-7, ranged attack 2), everyone facing east, so the archer is in their rear
    # (R19: -4): the Orc at 4,3 in the open needs 12 - 4 - 2 = 6; the Goblin at 6,3, behind the Orc and
    # the tree 5,3 (cover, R31: +2), needs 13 - 4 + 2 - 2 = 9; the Wolf at 5,5 is behind the wall 3,4
    # (R30); the Troll at 9,6 is 9 hexes away; the Squire is a friend.
    rows = ["..........", "..........", "..........", ".....t....", "...#......", "..........", ".........."]
    units = [archer(at=(1, 3), ranged="2-7", ranged_attack=2),
             {"name": "Orc", "at": (4, 3), "faction": "enemy", "defense": 12},
             {"name": "Goblin", "at": (6, 3), "faction": "enemy", "defense": 13, "facing": "e"},
             {"name": "Wolf", "at": (5, 5), "faction": "enemy"},
             {"name": "Troll", "at": (9, 6), "faction": "enemy"},
             {"name": "Squire", "at": (0, 3), "faction": "player"}]
    enc = encounter(units, rows)
    listed = {s["target"]: s for s in enc.targets("Archer")["shoot"]}
    for name in ("Orc", "Goblin", "Wolf", "Troll"):
        p = enc.preview_shoot("Archer", name)
        assert (name in listed) == (p.legal is None), (name, p.legal)
        if name in listed:
            assert listed[name] == {"target": name, "needed": p.roll_needed, "cover": p.cover, "arc": p.arc,
                                    "cover_by": [{"at": list(g.cell), "combatant": g.combatant, "terrain": g.terrain}
                                                 for g in p.cover_by]}
    assert listed["Goblin"]["cover"] and not listed["Orc"]["cover"]
    # What gives the Goblin cover, in the order the line along row 3 crosses it: the Orc, then the tree (R31).
    # A text map's tree has no name ("terrain": None, said "cover at 5,3").
    assert listed["Goblin"]["cover_by"] == [{"at": [4, 3], "combatant": "Orc", "terrain": None},
                                            {"at": [5, 3], "combatant": None, "terrain": None}]
    assert listed["Orc"]["cover_by"] == []
    assert (listed["Orc"]["needed"], listed["Goblin"]["needed"]) == (6, 9)
    assert "Troll" not in listed and "Squire" not in listed  # out of range; not hostile


def test_r29_the_shot_preview_gives_damage_and_defeat_odds_worked_by_hand() -> None:
    # In the open, front arc, defence 10, ranged attack 0: a 10+ hits (11 faces of 20: 55 %). 1d6 on a hit:
    # 1 to 6, mean 3.5, so 0.55 x 3.5 = 1.925 expected. The orc has 3 hp: 3, 4, 5 or 6 defeat it (4 of 6),
    # 0.55 x 4/6 = 0.3667. A bow of fixed damage 2 can never defeat it in one shot.
    enc = encounter([archer(at=(1, 3), ranged_damage="1d6"),
                     {"name": "Orc", "at": (5, 3), "faction": "enemy", "facing": "w", "hp": 3}])
    p = enc.preview_shoot("Archer", "Orc")
    assert (p.roll_needed, p.damage_min, p.damage_max) == (10, 1, 6)
    assert p.hit_chance == pytest.approx(0.55)
    assert p.expected_damage == pytest.approx(1.925)
    assert p.defeat_chance == pytest.approx(0.55 * 4 / 6)
    weak = encounter([archer(at=(1, 3), ranged_damage="2"),
                      {"name": "Orc", "at": (5, 3), "faction": "enemy", "facing": "w", "hp": 3}])
    assert weak.preview_shoot("Archer", "Orc").defeat_chance == 0.0
    # Behind a wall it cannot be shot at all: no chance, no damage expected.
    hidden = encounter([archer(at=(1, 3)), {"name": "Orc", "at": (5, 3), "faction": "enemy"}],
                       ["." * 10] * 3 + ["...#......"] + ["." * 10] * 3)
    p = hidden.preview_shoot("Archer", "Orc")
    assert p.legal is not None and not p.sees and p.blocked_by == ((3, 3),)
    assert (p.hit_chance, p.expected_damage, p.defeat_chance) == (0.0, 0.0, 0.0)


def test_r32_r33_the_cast_preview_counts_a_push_into_a_chasm_as_a_defeat() -> None:
    # Burst radius 1 on 3,3, push 1. The orc at 4,3 (e of the centre) is pushed e into the chasm at 5,3: a
    # ground combatant falls and is defeated (R12), so every hit defeats it (defeat chance = hit chance,
    # 55 %) although 1 damage leaves it standing. The orc at 2,3 (w) is pushed onto plain ground at 1,3.
    rows = ["." * 10] * 3 + [".....c...."] + ["." * 10] * 3
    enc = encounter([{"name": "Mage", "at": (3, 0), "faction": "player", "initiative": 9, "area_range": 4,
                      "area_radius": 1, "area_attack": 0, "area_damage": "1", "area_push": 1},
                     {"name": "East", "at": (4, 3), "faction": "enemy", "hp": 8},
                     {"name": "West", "at": (2, 3), "faction": "enemy", "hp": 8}], rows)
    pv = {a.target: a for a in enc.preview_cast("Mage", (3, 3)).affected}
    east, west = pv["East"], pv["West"]
    assert (east.push_direction, east.push_path[-1], east.falls) == ("e", (5, 3), True)
    assert east.defeat_chance == pytest.approx(east.hit_chance) and east.hit_chance == pytest.approx(0.55)
    assert (west.push_direction, west.push_path, west.falls, west.defeat_chance) == ("w", ((2, 3), (1, 3)), False, 0.0)
    assert east.expected_damage == pytest.approx(0.55)


def test_r32_a_burst_previewed_from_a_hex_the_caster_would_stand_on() -> None:
    """``preview_cast(origin=...)``: the caster imagined on another hex, as ``preview_shoot(at=...)`` imagines the
    shooter: the range is counted from there, and the burst catches it there, not where it stands."""
    units = [{"name": "Mage", "at": (0, 3), "faction": "player", "initiative": 9, "area_range": 3,
              "area_radius": 1, "area_attack": 0, "area_damage": "4", "area_push": 1, "area_uses": 2},
             {"name": "Orc", "at": (6, 3), "faction": "enemy", "initiative": 1}]
    enc = encounter(units)
    here = enc.preview_cast("Mage", (5, 3))
    assert here.legal is not None and "beyond their area range 3" in here.legal  # 5 hexes off
    there = enc.preview_cast("Mage", (5, 3), origin=(2, 3))
    assert there.legal is None and [a.target for a in there.affected] == ["Orc"]
    # Standing beside the centre, the caster is caught by its own burst (R32), and pushed away from it (R33).
    close = enc.preview_cast("Mage", (5, 3), origin=(4, 3))
    assert [(a.target, a.friendly, a.push_path[-1]) for a in close.affected] == [
        ("Mage", True, (3, 3)), ("Orc", False, (7, 3))]
    assert enc.view("Mage").cell == (0, 3) and enc.preview_cast("Mage", (5, 3)).legal == here.legal  # unchanged
    # The same answer as moving there first and asking from there.
    moved = enc.clone()
    moved.apply(Move("Mage", (4, 3)))
    assert moved.preview_cast("Mage", (5, 3)) == close


def test_r29_a_large_target_seen_only_beyond_the_range_cannot_be_shot() -> None:
    # RULES.md ("Shooting and bursts"): a shot needs one pair of hexes both in range and in sight. The ogre
    # is large (R26), centred on 5,3: its nearest hex 4,3 is 4 from the archer at 0,3, inside 2-4 (R1), but
    # the wall at 3,3 hides it (and 5,3, 6,3, 6,2, 6,4). Only 5,2 and 5,4 are seen, and they are 5 away.
    rows = ["." * 12] * 3 + ["...#........"] + ["." * 12] * 3
    ogre = {"name": "Ogre", "at": (5, 3), "faction": "enemy", "size": "large"}
    enc = encounter([archer(at=(0, 3), ranged="2-4"), ogre], rows)
    seen = {c for c in enc.footprint("Ogre") if enc.sight_report((0, 3), c)["sight"]}
    assert seen == {(5, 2), (5, 4)}
    assert enc.can_shoot("Archer", "Ogre") is not None, "its distance is in range and it is seen, but no pair is both"
    # One hex more of range reaches the hexes it sees: the shot is legal.
    longer = encounter([archer(at=(0, 3), ranged="2-5"), ogre], rows)
    assert longer.can_shoot("Archer", "Ogre") is None


def test_r29_a_large_target_seen_only_beyond_the_range_is_refused_in_words_that_say_so() -> None:
    # The board of the test above: the archer (range 2-4) sees two hexes of the large ogre, both 5 away; the
    # four within 4 are hidden behind the wall at 3,3. "cannot see Ogre" would be false: it sees it, beyond range.
    rows = ["." * 12] * 3 + ["...#........"] + ["." * 12] * 3
    ogre = {"name": "Ogre", "at": (5, 3), "faction": "enemy", "size": "large"}
    enc = encounter([archer(at=(0, 3), ranged="2-4"), ogre], rows)
    why = enc.can_shoot("Archer", "Ogre")
    assert why is not None
    assert 'sees "Ogre" only where it is out of range ("Archer" shoots at distance 2 to 4)' in str(why), why
    assert "3,3" in str(why) and "R29" in str(why), why
    # A wall that hides the whole ogre is still "cannot see".
    walled = ["." * 12] * 2 + ["...#........", "...#........", "...#........"] + ["." * 12] * 2
    enc = encounter([archer(at=(0, 3), ranged="2-4"), ogre], walled)
    assert not any(enc.sight_report((0, 3), c)["sight"] for c in enc.footprint("Ogre"))
    assert 'cannot see "Ogre"' in str(enc.can_shoot("Archer", "Ogre"))

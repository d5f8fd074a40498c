"""R29-R33 through the commands a GM types: ``sight``, ``targets``, ``shoot`` and ``cast`` lines in a log,
and ``state`` showing each combatant's ranged profile and area uses left.

Pointy-top maps, odd rows shifted right (neighbours in conftest.py). Tiles drawn here: ``T`` a tree
(normal, ``cover=true``), ``|`` an arrow slit (blocked, ``blocks_sight=false``). Every answer is worked
out by hand from the rulings; on one row, a line between two centres runs along the row and crosses
every hex in between (R30).
"""

from __future__ import annotations

from .conftest import cells, unit

BEGIN = {"action": "begin"}
END = {"action": "end_turn"}
TILES = {"T": {"terrain": "normal", "cover": True}, "|": {"terrain": "blocked", "blocks_sight": False}}

# 10 x 5. The walls 3,2 and 4,2 stand side by side in row 2; row 4 holds a tree at 1,4 and a slit at 3,4.
RANGE_MAP = [
    "..........",
    "..........",
    "...##.....",
    "..........",
    ".T.|......",
]


def archers(encounter, **bow: object):
    """Bow (player, 2-8, ranged attack 1, 1d6) at 0,4; Orc 6,4 facing it; Wolf 9,4 (9 away); Rat at 0,3,
    next to Bow (ne of 0,4, an even row): it threatens Bow (R8) and is too close for the bow (1 < 2)."""
    return encounter(RANGE_MAP, [
        unit("Bow", (0, 4), "player", initiative=10, ranged="2-8", ranged_attack=1, ranged_damage="1d6", **bow),
        unit("Orc", (6, 4), "enemy", facing="w", initiative=5),
        unit("Wolf", (9, 4), "enemy", facing="w"),
        unit("Rat", (0, 3), "enemy", facing="se"),
    ], tile_properties=TILES)


def test_r30_r31_sight_reports_the_line_its_blocks_and_its_cover(encounter):
    enc = archers(encounter)
    # Along row 4 from 0,4 to 8,4: crosses 1,4 .. 7,4. The slit 3,4 is blocked terrain that does not block
    # sight; the tree 1,4 and the Orc's hex 6,4 give cover (R31); nothing blocks.
    doc = enc.run("sight", "--from", "0,4", "--to", "8,4", "--json").json()
    assert doc["sight"] is True and doc["from"] == [0, 4] and doc["to"] == [8, 4]
    assert doc["crossed"] == [[c, 4] for c in range(1, 8)]
    assert doc["skirted"] == [] and doc["blocked_by"] == []
    assert cells(doc["cover"]) == {(1, 4), (6, 4)}
    # In words the line passes through cover, as the window's sight line says it (RULES.md, "Cover").
    # Each cover hex says what gives the cover there: the tree (a tile) and the Orc standing on 6,4.
    # The tree's tile carries no name (no ``tile`` property): "cover"; tests/test_cover_names.py names one.
    assert doc["cover_by"] == [{"at": [1, 4], "combatant": None, "terrain": None},
                               {"at": [6, 4], "combatant": "Orc", "terrain": None}]
    assert "  through cover: 1,4 (cover) 6,4 (Orc)" in enc.run("sight", "--from", "0,4", "--to",
                                                                   "8,4").out.splitlines()
    # Straight north from 3,3 (odd row) to 3,1: two hexes up, the line runs along the edge between 3,2 and
    # 4,2 (nw and ne of 3,3) and crosses nothing. Both are walls: passing between two blocks is blocked.
    doc = enc.run("sight", "--from", "3,3", "--to", "3,1", "--json").json()
    assert doc["sight"] is False and doc["crossed"] == []
    assert [cells(p) for p in doc["skirted"]] == [{(3, 2), (4, 2)}]
    assert cells(doc["blocked_by"]) == {(3, 2), (4, 2)}
    # Along row 2 from 2,2 to 5,2 the line crosses both walls.
    doc = enc.run("sight", "--from", "2,2", "--to", "5,2", "--json").json()
    assert doc["sight"] is False and doc["crossed"] == [[3, 2], [4, 2]]
    assert cells(doc["blocked_by"]) == {(3, 2), (4, 2)}
    # Symmetry: from 5,2 back to 2,2 the same hexes, in the other order.
    back = enc.run("sight", "--from", "5,2", "--to", "2,2", "--json").json()
    assert back["sight"] is False and back["crossed"] == [[4, 2], [3, 2]]
    # Without --json, the same answer for people.
    text = enc.run("sight", "--from", "3,3", "--to", "3,1")
    assert text.code == 0 and text.out.splitlines()[0] == "3,3 does not see 3,1"
    assert "skirts:  3,2|4,2" in text.out or "skirts:  4,2|3,2" in text.out
    assert "blocked by:" in text.out


def test_sight_refuses_a_hex_outside_the_map_in_one_line(encounter):
    enc = archers(encounter)
    res = enc.run("sight", "--from", "0,4", "--to", "12,4", "--json")
    assert (res.code, res.out) == (2, "")
    assert res.err.count("\n") == 1
    assert res.err.strip() == "playmat: --to 12,4 is outside the 10x5 map (columns 0-9, rows 0-4)"


def test_r29_targets_count_cover_and_the_threatened_shooter_penalty(encounter):
    enc = archers(encounter)
    # The Orc (defence 10, facing w: Bow is in its front arc, no R19 penalty) is behind the tree at 1,4:
    # cover +2 (R31). Bow stands next to the Rat, which threatens it: +2 (R29). Ranged attack 1: the d20
    # must show 10 + 2 + 2 - 1 = 13. The Wolf is 9 hexes away (range 2-8); the Rat 1 (too close).
    doc = enc.run("targets", "--unit", "Bow", "--json").json()
    # what gives the cover: the tree's tile (unnamed), nobody standing there
    tree = [{"at": [1, 4], "combatant": None, "terrain": None}]
    assert doc == {"unit": "Bow", "shoot": [{"target": "Orc", "needed": 13, "cover": True, "arc": "front",
                                             "cover_by": tree}], "cast": []}
    text = enc.run("targets", "--unit", "Bow")
    # The shot passes through cover, as the window's sight line says it (RULES.md, "Cover"), and names it.
    assert text.out.splitlines()[:2] == [
        "Bow can shoot 1:", "  Orc: needs 13 on the d20 (40 %), front arc, through cover (cover at 1,4)"]
    # With the Rat gone (the GM removes it) nothing threatens Bow: the shot needs 10 + 2 - 1 = 11.
    gone = [BEGIN, {"action": "remove", "unit": "Rat", "as": "defeated"}]
    doc = enc.run("targets", "--unit", "Bow", "--json", log=gone).json()
    assert doc["shoot"] == [{"target": "Orc", "needed": 11, "cover": True, "arc": "front", "cover_by": tree}]
    res = enc.run("targets", "--unit", "Nobody", "--json")
    assert (res.code, res.out) == (2, "") and "Nobody" in res.err and res.err.count("\n") == 1


def test_r29_a_shot_in_the_log_hits_on_the_needed_roll_and_turns_the_shooter(encounter):
    enc = archers(encounter, facing="ne")
    miss = enc.state([BEGIN, {"action": "shoot", "unit": "Bow", "target": "Orc", "roll": 12, "damage": 5}])
    assert miss["units"]["Orc"]["hp"] == 10
    assert miss["units"]["Bow"]["facing"] == "e", "shooting turns the shooter toward the target (R20, R29)"
    hit = enc.state([BEGIN, {"action": "shoot", "unit": "Bow", "target": "Orc", "roll": 13, "damage": 5}])
    assert hit["units"]["Orc"]["hp"] == 5
    # The Wolf is out of range: the line is refused, naming it (exit 2, one line, nothing on stdout).
    msg = enc.refused([BEGIN, {"action": "shoot", "unit": "Bow", "target": "Wolf", "roll": 20}], 2)
    assert "out of range" in msg
    # One action per turn (R16): a second shot in the same turn is refused.
    enc.refused([BEGIN, {"action": "shoot", "unit": "Bow", "target": "Orc", "roll": 3},
                 {"action": "shoot", "unit": "Bow", "target": "Orc", "roll": 3}], 3)


def caster_map(encounter):
    """8 x 5, a wall at 6,2. Mage (player, initiative 10) at 1,2: area range 3, radius 1, attack 0, damage 3,
    push 2, one use. On row 2: Kit (player) at 2,2, Orc (enemy) at 3,2, Gob (enemy) at 4,2. Initiative
    Gob 5, Orc 3, Kit 1: a burst resolves them in that order (R32)."""
    return encounter(["........", "........", "......#.", "........", "........"], [
        unit("Mage", (1, 2), "player", initiative=10, area_range=3, area_radius=1, area_attack=0, area_damage="3",
             area_push=2, area_uses=1),
        unit("Kit", (2, 2), "player", initiative=1),
        unit("Orc", (3, 2), "enemy", initiative=3),
        unit("Gob", (4, 2), "enemy", initiative=5),
    ])


def test_r32_r33_a_cast_in_the_log_hurts_friend_and_foe_and_pushes_until_blocked(encounter):
    enc = caster_map(encounter)
    before = enc.run("targets", "--unit", "Mage", "--json").json()
    burst = {tuple(c["at"]): set(c["affects"]) for c in before["cast"]}
    # Centred on 3,2 the burst (radius 1) catches Kit, Orc and Gob, and not the Mage (2 hexes away).
    assert burst[(3, 2)] == {"Kit", "Orc", "Gob"}
    # Centred on 2,2 it catches the Mage itself (R32: the caster too).
    assert "Mage" in burst[(2, 2)]
    # Defence 10, area attack 0. Kit's line from the Mage is open: 10 hits. The lines to the Orc and to Gob
    # run along row 2 through Kit (and the Orc): cover, 12 hits (R31, judged from the caster's hex). Gob
    # (e of the centre) rolls 12: hit, pushed e 2: 5,2, then the wall at 6,2 stops it (R33, R12). The Orc
    # stands on the centre: hit, not pushed. Kit (w) rolls 9: missed.
    log = [BEGIN, {"action": "cast", "unit": "Mage", "at": [3, 2], "rolls": [
        {"target": "Gob", "roll": 12, "damage": 3}, {"target": "Orc", "roll": 15, "damage": 3},
        {"target": "Kit", "roll": 9}]}]
    # Had Gob and the Orc rolled 11, the cover would have turned both hits into misses; Kit, hit on a 10 (no
    # cover), is pushed w, but 1,2 holds the Mage: the push stops at its first step (R33, R12).
    missed = enc.state([BEGIN, {"action": "cast", "unit": "Mage", "at": [3, 2], "rolls": [
        {"target": "Gob", "roll": 11}, {"target": "Orc", "roll": 11}, {"target": "Kit", "roll": 10, "damage": 3}]}])
    assert (missed["units"]["Gob"]["hp"], missed["units"]["Gob"]["at"]) == (10, [4, 2])
    assert (missed["units"]["Orc"]["hp"], missed["units"]["Kit"]["hp"], missed["units"]["Kit"]["at"]) == \
        (10, 7, [2, 2])
    st = enc.state(log)
    u = st["units"]
    assert (u["Gob"]["hp"], u["Gob"]["at"]) == (7, [5, 2])
    assert (u["Orc"]["hp"], u["Orc"]["at"]) == (7, [3, 2])
    assert (u["Kit"]["hp"], u["Kit"]["at"]) == (10, [2, 2])
    assert u["Mage"]["facing"] == "e", "the caster does not turn (R32)"
    assert u["Mage"]["area"] == {"range": 3, "radius": 1, "attack": 0, "damage": "3", "push": 2, "uses": 1,
                                 "uses_left": 0}
    # Uses spent: in its next turn the Mage has nowhere to centre a burst, and a cast line is refused.
    later = [*log, END, END, END, END]
    assert enc.state(later)["turn"] == "Mage"
    assert enc.run("targets", "--unit", "Mage", "--json", log=later).json()["cast"] == []
    msg = enc.refused([*later, {"action": "cast", "unit": "Mage", "at": [3, 2]}], 7)
    assert "no uses" in msg


def test_r32_a_cast_line_naming_someone_outside_the_area_is_refused(encounter):
    enc = caster_map(encounter)
    msg = enc.refused([BEGIN, {"action": "cast", "unit": "Mage", "at": [3, 2], "rolls": [
        {"target": "Mage", "roll": 10}]}], 2)
    assert '"Mage"' in msg


def test_state_shows_the_ranged_profile_and_area_uses_left_only_where_they_are(encounter):
    enc = caster_map(encounter)
    units = enc.state()["units"]
    assert "ranged" not in units["Kit"] and "area" not in units["Kit"]
    assert units["Mage"]["area"]["uses_left"] == 1 and "ranged" not in units["Mage"]
    bow = archers(encounter).state()["units"]["Bow"]
    assert bow["ranged"] == {"min": 2, "max": 8, "attack": 1, "damage": "1d6"} and "area" not in bow
    # The same for people: the table names the bow and the uses left.
    text = archers(encounter).run("state").out
    (line,) = [x for x in text.splitlines() if x.startswith("Bow ")]
    assert "ranged 2-8 +1 1d6" in line
    text = caster_map(encounter).run("state").out
    (line,) = [x for x in text.splitlines() if x.startswith("Mage ")]
    assert "area r1 within 3, 3 damage, push 2: 1 of 1 uses left" in line

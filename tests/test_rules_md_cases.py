"""RULES.md's sentences, each on a board small enough to work out by hand.

A player reads RULES.md, not the engine: each test quotes the sentence it holds the engine to, sets up the
smallest board that shows it (pointy-top, odd rows shifted right: on row 1, ``w`` of 3,1 is 2,1 and ``nw``
is 3,0) and states the answer worked out by hand before asking the engine.
"""

from __future__ import annotations

from typing import Any

from game.rules import Attack, Begin, Disengage, Encounter, EndTurn, Shove, scenario_from_rows

PLAYER: dict[str, Any] = {"faction": "player", "initiative": 9}
ENEMY: dict[str, Any] = {"faction": "enemy", "initiative": 1}
ROWS3 = ["........"] * 3


def fight(rows: list[str], *units: dict[str, Any]) -> Encounter:
    enc = Encounter.from_scenario(scenario_from_rows(rows, list(units)))
    enc.apply(Begin())
    return enc


def ends(enc: Encounter, name: str) -> dict[tuple[int, int], tuple[int, bool]]:
    return {cell: (cost, stops) for cell, cost, stops in enc.reach_for(name).destinations()}


def test_difficult_costs_two_and_a_hex_is_entered_only_if_paid_in_full() -> None:
    """Movement table: difficult costs ground 2; "You may enter a hex only if you can pay its whole cost" (R5, R6)."""
    enc = fight(["..d.."], {"name": "A", "at": (0, 0), "move": 3, **PLAYER},
                {"name": "Z", "at": (4, 0), "threatening": False, **ENEMY})
    got = ends(enc, "A")
    assert got[(1, 0)] == (1, False) and got[(2, 0)] == (3, False)  # 1 + 2
    assert (3, 0) not in got  # 3 + 1 > 3


def test_the_first_step_into_threatened_space_stops_the_mover() -> None:
    """"The first time in a turn that you step into a hex threatened by a hostile combatant, you pay for the
    step, stop there" (R9): on one row, the orc at 4,0 threatens 3,0, so A (6 movement) ends there at cost 3."""
    enc = fight(["......."], {"name": "A", "at": (0, 0), "move": 6, **PLAYER}, {"name": "Z", "at": (4, 0), **ENEMY})
    got = ends(enc, "A")
    assert got == {(1, 0): (1, False), (2, 0): (2, False), (3, 0): (3, True)}


def test_stepping_out_is_free_but_threatened_to_threatened_stops() -> None:
    """"stepping out of it into a safe hex is free; stepping from one threatened hex into another threatened
    hex is a new entry and stops you" (R10). A at 3,1 beside the orc at 4,1: 2,1 is safe, 4,0 is threatened."""
    enc = fight(ROWS3, {"name": "A", "at": (3, 1), "move": 6, **PLAYER}, {"name": "Z", "at": (4, 1), **ENEMY})
    got = ends(enc, "A")
    assert got[(2, 1)] == (1, False) and got[(0, 1)] == (3, False)
    assert got[(4, 0)] == (1, True)
    assert (5, 0) not in got  # threatened too: every way there enters a threatened hex first and stops


def test_a_long_weapon_threatens_distance_two_only() -> None:
    """"long weapons 2 only (a pike does not threaten adjacent hexes)" (R8)."""
    enc = fight(["......."], {"name": "A", "at": (0, 0), **PLAYER}, {"name": "Z", "at": (3, 0), "reach": 2, **ENEMY})
    rows, cols = enc.threat_against("player").nonzero()
    assert sorted(zip(cols.tolist(), rows.tolist(), strict=True)) == [(1, 0), (5, 0)]


def test_rear_and_flank_penalties() -> None:
    """"From the left or right the defender's defence drops by the flank penalty (default 2), from the rear
    by the rear penalty (default 4)" (R17, R19). Z at 3,1 faces e: 2,1 is behind it, 3,0 (nw) its left.
    Attack +0 against defence 12: from the rear 8 on the d20 hits (13 faces), from the left 10 (11 faces)."""
    enc = fight(ROWS3, {"name": "A", "at": (2, 1), "attack": 0, **PLAYER},
                {"name": "B", "at": (3, 0), "attack": 0, "faction": "player", "initiative": 8},
                {"name": "Z", "at": (3, 1), "facing": "e", "defense": 12, **ENEMY})
    rear, left = enc.preview_attack("A", "Z"), enc.preview_attack("B", "Z")
    assert (rear.arc, rear.penalty, rear.roll_needed, rear.hit_chance) == ("rear", 4, 8, 13 / 20)
    assert (left.arc, left.penalty, left.roll_needed, left.hit_chance) == ("left", 2, 10, 11 / 20)


def test_a_shove_pushes_one_hex_away_and_into_a_chasm_is_a_fall() -> None:
    """"on a success the target is pushed one hex straight away from you" (R22); "A standard-size non-flying
    combatant pushed into a chasm falls and is defeated" (R12)."""
    enc = fight([".....", "....c", "....."], {"name": "A", "at": (2, 1), "attack": 0, **PLAYER},
                {"name": "Z", "at": (3, 1), "defense": 10, "facing": "w", **ENEMY})
    events = [e.to_dict() for e in enc.apply(Shove("A", "Z", 19)).events]  # 19 + 0 >= 10
    pushed = next(e for e in events if e["event"] == "pushed")
    assert pushed["path"] == [[3, 1], [4, 1]] and pushed["fell"]
    assert {"event": "defeated", "unit": "Z", "cause": "fall"} in events


def test_a_shot_from_behind_and_a_threatened_shooter() -> None:
    """"d20 + ranged attack must reach the target's defence, minus the flank or rear penalty"; "Shooting while
    standing in a hex threatened by a hostile combatant costs the threatened-shooter penalty (default 2)"
    (R29). Bow 2-8, +3; Z five hexes east, back turned, defence 12: 12 - 4 - 3 = 5 on the d20; with an orc
    beside the archer, 7."""
    archer = {"name": "A", "at": (0, 1), "ranged": "2-8", "ranged_attack": 3, **PLAYER}
    target = {"name": "Z", "at": (5, 1), "facing": "e", "defense": 12, **ENEMY}
    shot = fight(ROWS3, archer, target).preview_shoot("A", "Z")
    assert (shot.arc, shot.penalty, shot.cover, shot.roll_needed, shot.hit_chance) == ("rear", 4, False, 5, 0.8)
    pressed = fight(ROWS3, archer, target, {"name": "Y", "at": (1, 0), **ENEMY}).preview_shoot("A", "Z")
    assert (pressed.threatened_by, pressed.shooter_penalty, pressed.roll_needed) == (("Y",), 2, 7)


def test_walls_and_fog_block_sight_an_arrow_slit_does_not() -> None:
    """"It is blocked by any hex it passes through that blocks sight (walls, ... unless the tile says
    blocks_sight=false, like an arrow slit; any tile with blocks_sight=true, like fog" (R30)."""
    for row, sees in (("..#..", False), ("..f..", False), ("..|..", True), (".....", True)):
        enc = fight([row], {"name": "A", "at": (0, 0), **PLAYER}, {"name": "Z", "at": (4, 0), **ENEMY})
        assert enc.sees("A", "Z") is sees, row


def test_a_tree_or_a_combatant_on_the_line_gives_cover() -> None:
    """"passes through a hex that gives cover: a tile with cover=true (trees ...) or a hex where another
    combatant stands, friend or foe. Cover raises the defence by the cover bonus (default 2), once" (R31).
    Z faces the archer (front): 12 + 2 - 3 = 11 on the d20."""
    archer = {"name": "A", "at": (0, 0), "ranged": "2-8", "ranged_attack": 3, **PLAYER}
    target = {"name": "Z", "at": (4, 0), "facing": "w", "defense": 12, **ENEMY}
    tree = fight(["..t.."], archer, target).preview_shoot("A", "Z")
    assert (tree.arc, tree.cover, tree.cover_bonus, tree.roll_needed) == ("front", True, 2, 11)
    friend = fight(["....."], archer, target, {"name": "F", "at": (2, 0), "faction": "ally", "initiative": 2})
    assert friend.preview_shoot("A", "Z").cover


def test_a_burst_catches_friend_and_foe_and_pushes_directly_away() -> None:
    """"Everyone with a hex within area_radius of the centre is caught, whatever side they are on"; "one by
    one, in initiative order"; pushed "directly away from the centre" (R32, R33). Centre 4,1, radius 1: the
    ally at 3,1 (initiative 3) and Z at 5,1 are caught, Far at 7,1 is not; F goes w, Z goes e."""
    enc = fight(["........."] * 3,
                {"name": "A", "at": (0, 1), "area_range": 6, "area_radius": 1, "area_attack": 5,
                 "area_damage": "1d4", "area_push": 1, "area_uses": 1, **PLAYER},
                {"name": "Z", "at": (5, 1), **ENEMY}, {"name": "F", "at": (3, 1), "faction": "ally", "initiative": 3},
                {"name": "Far", "at": (7, 1), **ENEMY})
    caught = enc.preview_cast("A", (4, 1)).affected
    assert [(a.target, a.friendly, a.push_direction, a.push_path[-1]) for a in caught] == [
        ("F", True, "w", (2, 1)), ("Z", False, "e", (6, 1))]


def test_one_action_a_turn_and_movement_around_it() -> None:
    """"One action a turn" (R16) and "You may split movement around your one action: move, attack, move on"."""
    enc = fight(["....."], {"name": "A", "at": (1, 0), "attack": 0, "move": 3, **PLAYER},
                {"name": "Z", "at": (2, 0), "defense": 30, "hp": 20, **ENEMY})
    enc.apply(Attack("A", "Z", 1))
    assert enc.can_shove("A", "Z") is not None and enc.can_act("A", "shoot") is not None
    assert enc.can_move_to("A", (0, 0)) is None


def test_with_no_exit_marked_the_outermost_hexes_are_exits() -> None:
    """"Flee (R24): from an exit hex (tiles marked exit; where the map marks none, every hex of the outermost
    rows and columns)"."""
    enc = fight([".....", ".....", "....."], {"name": "A", "at": (0, 1), **PLAYER},
                {"name": "B", "at": (2, 1), "faction": "player", "initiative": 8}, {"name": "Z", "at": (4, 0), **ENEMY})
    assert enc.can_flee("A") is None
    enc.apply(EndTurn())
    assert enc.can_flee("B") == 'flee: "B" is not on an exit hex (R24)'


def test_a_friends_threatened_hex_cannot_be_entered() -> None:
    """"a friend's hex that is threatened against you cannot be entered while zone of control would stop you
    there" (R4, R9). A corridor along row 1 between walls; the orc stands in a gap of the upper wall at 4,0 and
    threatens 3,1 and 4,1 (odd rows shifted right: 4,0 is nw of 4,1 and ne of 3,1). With the friend on 1,1
    A walks through it and stops on 3,1 at cost 3; with the friend on 3,1 A stops short at 2,1 and never
    reaches 4,1, which a friend's hex taken as free of zone of control would let it reach at cost 4."""
    rows = ["####.###", "........", "########"]

    def corridor(friend: tuple[int, int]) -> Encounter:
        return fight(rows, {"name": "A", "at": (0, 1), "move": 8, **PLAYER},
                     {"name": "F", "at": friend, "faction": "ally", "initiative": 2},
                     {"name": "Z", "at": (4, 0), **ENEMY})

    assert ends(corridor((1, 1)), "A") == {(2, 1): (2, False), (3, 1): (3, True)}
    blocked = corridor((3, 1))
    assert ends(blocked, "A") == {(1, 1): (1, False), (2, 1): (2, False)}
    assert blocked.can_move_to("A", (4, 1)) is not None


def test_a_missing_skill_counts_zero_and_a_failed_disengage_spends_the_action() -> None:
    """"(a skill you do not have counts 0). d20 + skill must reach 10 + the highest attack among the hostile
    threateners covering you ... On a failure nothing happens, and your action is spent" (R23). A has no
    skills; the orc beside it has attack 3: 10 + 3 = 13 is needed, so a 12 fails and a 13 succeeds."""
    def pinned() -> Encounter:
        return fight(["......."], {"name": "A", "at": (2, 0), **PLAYER},
                     {"name": "Z", "at": (3, 0), "attack": 3, **ENEMY})

    failed = pinned()
    said = [e.to_dict() for e in failed.apply(Disengage("A", "feint", "blades", 12)).events]
    assert {"event": "disengaged", "unit": "A", "skill": "blades", "roll": 12, "needed": 13, "success": False,
            "cancels": []} in said
    assert failed.can_act("A", "attack") is not None  # the action is spent
    assert failed.can_attack("A", "Z") is not None
    assert failed.view("A").disengaged_from == frozenset()  # nothing happens: Z still stops it
    succeeded = pinned()
    said = [e.to_dict() for e in succeeded.apply(Disengage("A", "feint", "blades", 13)).events]
    assert any(e["event"] == "disengaged" and e["success"] and e["cancels"] == ["Z"] for e in said)
    assert succeeded.view("A").disengaged_from == {"Z"}


def test_attacking_along_a_sector_border_turns_toward_the_nearer_side() -> None:
    """"attacking, shooting or shoving turns you toward your target's centre: ... exactly on the border of two,
    the one nearer the way you faced before" (R20). Pointy-top, odd rows shifted right: from 2,2 the pike's
    target at 3,1 is one step ne (2,1) then one e, exactly on the border of the e and ne sectors. Facing nw
    before, ne is nearer; facing se before, e is."""
    for before, after in (("nw", "ne"), ("se", "e")):
        enc = fight(["....."] * 4, {"name": "A", "at": (2, 2), "reach": 2, "facing": before, **PLAYER},
                    {"name": "Z", "at": (3, 1), "defense": 30, "hp": 20, **ENEMY})
        enc.apply(Attack("A", "Z", 1))
        assert enc.view("A").facing == after, before

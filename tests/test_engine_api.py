"""The public engine API: events, previews, predicates, hidden dice, next-turn reach (worked by hand).

Maps are pointy-top, staggerindex odd (see test_actions.py for the neighbour
table). Every expected number below is worked out in the comment beside it.
"""

from __future__ import annotations

import random

import pytest

from game.rules import (
    Attack,
    Attacked,
    CombatEnded,
    Defeated,
    Disengage,
    EndReason,
    EndTurn,
    Face,
    IllegalActionError,
    Move,
    Moved,
    Outcome,
    Pushed,
    RoundStarted,
    RulesError,
    Shove,
    Shoved,
    TurnStarted,
    dice_distribution,
)
from tests.engine_fixtures import OPEN, hero, orc, start


# --- events --------------------------------------------------------------------
def test_move_into_zone_of_control_reports_the_path_and_who_stopped_it_r9() -> None:
    # A (1,2) -> (2,2) -> (3,2) -> (4,2): (4,2) is w of the Orc at (5,2), threatened; the move stops there.
    enc = start([hero(), orc()])
    applied = enc.apply(Move("A", (4, 2)))
    (moved,) = applied.of(Moved)
    assert moved.path == ((1, 2), (2, 2), (3, 2), (4, 2))
    assert moved.cost == 3 and moved.stopped_by == ("O",)
    assert applied.action.path == ((2, 2), (3, 2), (4, 2))  # the recorded route (R7)


def test_free_move_is_not_stopped() -> None:
    enc = start([hero(), orc()])
    (moved,) = enc.apply(Move("A", (2, 2))).of(Moved)
    assert moved.stopped_by == () and moved.cost == 1


def test_attack_reports_arc_penalty_roll_needed_and_the_defeat_then_the_end() -> None:
    # A at (4,2) is w of the Orc; facing e, the Orc shows A its rear: defence 10 - 4 = 6 needed (R19, R21).
    enc = start([hero(at=(4, 2), attack=0), orc(facing="e", hp=3)])
    applied = enc.apply(Attack("A", "O", roll=6, damage=3))
    kinds = [type(e).__name__ for e in applied.events]
    assert kinds == ["Attacked", "Defeated", "CombatEnded"]
    att, dead, end = applied.events
    assert isinstance(att, Attacked)
    assert (att.arc, att.penalty, att.roll, att.needed, att.hit, att.damage) == ("rear", 4, 6, 6, True, 3)
    assert isinstance(dead, Defeated) and dead.cause == "attack"
    assert isinstance(end, CombatEnded) and end.winners == ("player",)
    assert enc.outcome() == Outcome(EndReason.NO_HOSTILES, ("player",))


def test_a_miss_is_an_event_too() -> None:
    enc = start([hero(at=(4, 2)), orc(facing="w")])
    (att,) = enc.apply(Attack("A", "O", roll=9, damage=3)).of(Attacked)  # front: 9 < 10
    assert not att.hit and att.damage == 0 and enc.view("O").hp == 10


def test_shove_into_a_chasm_reports_the_push_and_the_fall_r12_r22() -> None:
    # A (4,2) shoves O (5,2) east: (6,2) is a chasm; a standard ground combatant falls.
    rows = list(OPEN)
    rows[2] = "......c..."
    enc = start([hero(at=(4, 2), attack=5), orc(), {"name": "P2", "at": (0, 7), "faction": "player"}], rows)
    applied = enc.apply(Shove("A", "O", roll=10))
    shoved = applied.of(Shoved)[0]
    pushed = applied.of(Pushed)[0]
    assert shoved.hit and pushed.path == ((5, 2), (6, 2)) and pushed.fell
    assert applied.of(Defeated)[0].cause == "fall"


def test_turn_start_on_a_hazard_reports_the_damage_r25() -> None:
    rows = list(OPEN)
    rows[5] = ".h........"
    enc = start([hero(), orc(), {"name": "B", "at": (1, 5), "faction": "player", "hp": 2}], rows)
    applied = enc.apply(EndTurn())  # A -> the next in order (map order among initiative 0: O, then B)
    assert applied.of(TurnStarted)[0].unit == "O"
    applied = enc.apply(EndTurn())  # O -> B, who starts on the hazard (3 damage, hp 2): defeated
    started = applied.of(TurnStarted)
    assert started[0].unit == "B" and started[0].hazard_damage == 3
    assert applied.of(Defeated)[0].unit == "B" and applied.of(Defeated)[0].cause == "hazard"
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in applied.events)


# --- previews --------------------------------------------------------------------
def test_attack_preview_worked_by_hand() -> None:
    # A (attack 3, 1d6) at (4,2), O defence 12 facing e: rear arc, penalty 4 -> needs total 8, so a d20 of 5+:
    # 16 faces of 20 = 0.8. Damage 1..6, mean 3.5: expected 2.8. O has 4 hp: 4, 5, 6 defeat = 0.5 x 0.8 = 0.4.
    enc = start([hero(at=(4, 2), attack=3), orc(facing="e", defense=12, hp=4)])
    p = enc.preview_attack("A", "O")
    assert p.legal is None and p.arc == "rear" and p.penalty == 4
    assert (p.needed, p.roll_needed) == (8, 5)
    assert p.hit_chance == pytest.approx(0.8)
    assert (p.damage_min, p.damage_max) == (1, 6)
    assert p.expected_damage == pytest.approx(2.8)
    assert p.defeat_chance == pytest.approx(0.4)
    assert ("rear arc", -4) in p.modifiers and ("attack", 3) in p.modifiers and ("defence", 12) in p.modifiers


def test_attack_preview_from_another_hex_changes_the_arc_and_says_why_it_is_not_legal_yet() -> None:
    # From (6,2) (e of O, which faces e) A would be in front: no penalty; it is not in reach from (1,2) now.
    enc = start([hero(attack=3), orc(facing="e", defense=12)])
    there = enc.preview_attack("A", "O", at=(6, 2))
    assert there.arc == "front" and there.penalty == 0 and there.roll_needed == 9
    assert there.legal is None  # in band from (6,2)
    here = enc.preview_attack("A", "O")
    assert here.legal is not None and "out of reach" in here.legal


def test_previews_from_many_hexes_at_once_say_what_each_preview_says() -> None:
    # O at (5,2) facing e; row 2 is even, so its neighbours are e (6,2), ne (5,1), nw (4,1), w (4,2),
    # sw (4,3), se (5,3). By R17 the front arc is the facing side and its two neighbours (e, ne,
    # se), the rear is w, the flanks nw (left) and sw (right); (1,2) is out of reach (R21).
    enc = start([hero(at=(4, 2), attack=3), orc(facing="e", defense=12, hp=50)])
    cells = [(6, 2), (5, 1), (4, 1), (4, 2), (4, 3), (5, 3), (1, 2)]
    many = enc.preview_attacks("A", "O", cells)
    assert many == [enc.preview_attack("A", "O", at=c) for c in cells]
    assert [p.arc for p in many[:6]] == ["front", "front", "left", "rear", "right", "front"]
    flank = enc.scenario.flank_penalty
    assert [p.penalty for p in many[:6]] == [0, 0, flank, max(4, flank), flank, 0]
    assert all(p.legal is None for p in many[:6]) and "out of reach" in many[6].legal
    enc.apply(Attack("A", "O"))  # its action used: every hex is refused, for that reason first (R16)
    later = enc.preview_attacks("A", "O", cells)
    assert later == [enc.preview_attack("A", "O", at=c) for c in cells]
    assert all("already used their action" in p.legal for p in later)


def test_preview_agrees_with_the_dice_on_every_face() -> None:
    enc = start([hero(at=(4, 2), attack=1), orc(facing="ne", defense=13)])
    p = enc.preview_attack("A", "O")
    hits = 0
    for roll in range(1, 21):
        trial = enc.clone()
        hits += trial.apply(Attack("A", "O", roll=roll, damage=1)).of(Attacked)[0].hit
    assert hits / 20 == pytest.approx(p.hit_chance)


def test_shove_preview_names_where_the_target_lands_and_what_it_suffers() -> None:
    rows = list(OPEN)
    rows[2] = "......h..."
    enc = start([hero(at=(4, 2), attack=0), orc(defense=10, hp=3, facing="w")], rows)
    s = enc.preview_shove("A", "O")
    # needs 10 on the d20 (front, defence 10): 11 faces = 0.55; lands on the hazard (3 damage, hp 3): defeated.
    assert s.direction == "e" and s.lands_at == (6, 2) and s.push_path == ((5, 2), (6, 2))
    assert s.hazard_damage == 3 and not s.falls
    assert s.hit_chance == pytest.approx(0.55) and s.defeat_chance == pytest.approx(0.55)


def test_disengage_preview_r23() -> None:
    # A (blades 3) adjacent to O (attack 2): needs 10 + 2 = 12 total, a d20 of 9+: 12 faces = 0.6.
    enc = start([hero(at=(4, 2), skills="blades:3"), orc()])
    d = enc.preview_disengage("A", "blades")
    assert d.legal is None and d.needed == 12 and d.roll_needed == 9
    assert d.chance == pytest.approx(0.6) and d.cancels == ("O",)


def test_dice_distribution() -> None:
    two = dice_distribution("2d6")
    assert two[7] == pytest.approx(6 / 36) and sum(two.values()) == pytest.approx(1)
    assert dice_distribution("1d4-2") == pytest.approx({0: 0.5, 1: 0.25, 2: 0.25})  # 1-2 and 2-2 floor at 0


# --- predicates ---------------------------------------------------------------------
def test_predicates_give_the_reason_the_action_would_be_refused_with() -> None:
    enc = start([hero(), orc()])
    reason = enc.can_attack("A", "O")
    with pytest.raises(IllegalActionError) as exc:
        enc.apply(Attack("A", "O"))
    assert reason == str(exc.value) and "out of reach" in reason
    assert enc.can_attack("O", "A") is not None and "turn" in enc.can_attack("O", "A")
    assert enc.can_move_to("A", (2, 2)) is None
    assert enc.can_flee("A") is not None and enc.can_disengage("A") is not None
    assert enc.can_end_turn() is None


def test_can_attack_from_answers_whoever_has_the_turn_r21() -> None:
    """A GM asks whether the orc could strike the hero from where it stands while it is the hero's turn: the
    orc at 5,2 is four hexes east of the hero at 1,2 (one row), beyond its default band of 1 (R21); on 2,2
    next to the hero it could. ``can_attack`` says only that it is not the orc's turn (R16)."""
    enc = start([hero(), orc()])
    assert "turn" in enc.can_attack("O", "A")
    assert enc.can_attack_from("O", "A") == 'attack: "A" is out of reach: distance 4, "O" strikes at distance 1 (R21)'
    assert enc.can_attack_from("O", "A", at=(2, 2)) is None
    assert enc.can_attack_from("A", "O") == enc.can_attack("A", "O")  # on its turn, the words apply refuses with


def test_can_act_says_whether_the_turns_one_action_is_left_in_the_refusals_words() -> None:
    """R16: before the hero's action every kind may be tried (the rest is each kind's own check); after its
    attack each refuses with the words the engine gives that action, and only the actor is asked about."""
    enc = start([hero(at=(4, 2)), orc()])
    assert all(enc.can_act("A", kind) is None for kind in ("attack", "shove", "shoot", "cast", "disengage", "flee"))
    assert enc.can_act("O", "attack") == 'attack: it is "A"\'s turn, not "O"\'s (R16)'
    enc.apply(Attack("A", "O", roll=1))
    for kind in ("attack", "shove", "shoot", "cast", "disengage", "flee"):
        assert enc.can_act("A", kind) == f'{kind}: "A" has already used their action this turn (R16)'
    assert enc.can_act("A", "shove") == enc.can_shove("A", "O")  # the same words as the action's own check
    with pytest.raises(RulesError):
        enc.can_act("A", "move")  # moving does not use the action: not a kind to ask about


def test_every_listed_action_passes_its_predicate_and_check() -> None:
    enc = start([hero(at=(4, 2), skills="blades:2"), orc(), {"name": "F", "at": (3, 2), "faction": "ally"}])
    for action in enc.legal_actions():
        assert enc.check(action) is None, action
        if isinstance(action, Attack):
            assert enc.can_attack(action.unit, action.target) is None
        if isinstance(action, Shove):
            assert enc.can_shove(action.unit, action.target) is None
        if isinstance(action, Disengage):
            assert enc.can_disengage(action.unit) is None


# --- dice that search cannot see --------------------------------------------------
def test_a_clone_reveals_the_coming_roll_but_a_sandbox_does_not() -> None:
    enc = start([hero(at=(4, 2), attack=20), orc()], seed=3)
    real = enc.clone().apply(Attack("A", "O")).action
    again = enc.apply(Attack("A", "O")).action
    assert (real.roll, real.damage) == (again.roll, again.damage)  # why the AI never gets a plain clone
    enc.undo()
    sandboxed = {enc.sandbox(random.Random(k)).apply(Attack("A", "O")).action.damage for k in range(30)}
    assert len(sandboxed) > 1  # the sandbox's dice come from the rng it is given


def test_outcomes_enumerate_every_result_with_its_probability() -> None:
    enc = start([hero(at=(4, 2), attack=0, damage="1d4"), orc(defense=15, facing="w")])  # front: d20 15+, 6/20
    outs = enc.outcomes(Attack("A", "O"))
    assert sum(p for p, _ in outs) == pytest.approx(1)
    miss = [a for p, a in outs if a.roll < 15]
    assert len(miss) == 1 and dict((a.damage, p) for p, a in outs if a.roll >= 15) == pytest.approx(
        {1: 0.075, 2: 0.075, 3: 0.075, 4: 0.075})
    for _p, action in outs:
        assert enc.check(action) is None


# --- next turn ----------------------------------------------------------------------
def test_attack_zone_of_a_pike_on_a_strip() -> None:
    # One row of 9; the pike (band [2,2], move 1) at 3 can end on 2, 3 or 4. Hexes exactly 2 from one of
    # them: 0, 1, 2 (from 4), 4 (from 2), 5, 6; not 3 (at most 1 from every end) nor 7, 8.
    enc = start([{"name": "K", "at": (3, 0), "faction": "enemy", "reach": 2, "move": 1, "initiative": 9},
                 {"name": "P", "at": (8, 0), "faction": "player"}], ["........."])
    zone = enc.attack_zone("K")
    assert [c for c in range(9) if zone[0, c]] == [0, 1, 2, 4, 5, 6]


def test_enemy_reach_count_and_who_could_attack_a_hex() -> None:
    # Two orcs (move 1, reach 1) at 2 and 6 on a strip of 9: orc 1 ends 1..3 and strikes 0..4;
    # orc 2 ends 5..7 and strikes 4..8. Hex 4 is reached by both.
    enc = start([{"name": "O1", "at": (2, 0), "faction": "enemy", "move": 1},
                 {"name": "O2", "at": (6, 0), "faction": "enemy", "move": 1},
                 {"name": "P", "at": (4, 0), "faction": "player", "initiative": 9}], ["........."])
    count = enc.enemy_reach_count("player")
    assert count[0].tolist() == [1, 1, 1, 1, 2, 1, 1, 1, 1]
    assert sorted(enc.next_turn_attackers((4, 0), "P")) == ["O1", "O2"]
    assert enc.next_turn_attackers((0, 0), "P") == ["O1"]


def test_views_are_values() -> None:
    enc = start([hero(), orc()])
    v = enc.view("A")
    with pytest.raises(AttributeError):
        v.hp = 1  # type: ignore[misc]
    assert v.facing == "e" and v.movement_max == 6 and v.active
    enc.apply(Face("A", "w"))
    assert enc.view("A").facing == "w" and v.facing == "e"


def test_views_are_whole_and_follow_every_change_even_on_a_sandbox() -> None:
    import dataclasses

    enc = start([hero(), orc()])
    v = enc.view("A")
    # Every field is there, and a view equals one built field by field.
    assert dataclasses.replace(v) == v and set(vars(v)) == {f.name for f in dataclasses.fields(v)}
    assert enc.views()[0] is enc.view("A")  # one view per combatant per state
    box = enc.sandbox(random.Random(1))
    box.apply(Face("A", "w"))  # the sandbox shared the state's cache until it changed
    assert box.view("A").facing == "w" and enc.view("A").facing == "e"
    enc.apply(Face("A", "n" if "n" in enc.layout.direction_names else "ne"))
    assert enc.view("A").facing != "e" and box.view("A").facing == "w"


def test_dice_rolled_this_turn() -> None:
    enc = start([hero(at=(3, 2)), orc()])
    assert not enc.dice_rolled_this_turn()
    enc.apply(Move("A", (4, 2)))
    assert not enc.dice_rolled_this_turn()
    enc.apply(Attack("A", "O", roll=1))
    assert enc.dice_rolled_this_turn()
    enc.apply(EndTurn())
    assert not enc.dice_rolled_this_turn()


def test_can_shoot_from_answers_whoever_has_the_turn_r29() -> None:
    """A GM asks whether the enemy archer could shoot the hero while it is the hero's turn: from 5,2 the hero is 4
    away, inside its band of 2-8 (R29), in the open (R30); from 2,2 it is adjacent, under the band. ``can_shoot``
    says only that it is not the archer's turn (R16)."""
    enc = start([hero(), orc(ranged="2-8")])
    assert "turn" in enc.can_shoot("O", "A")
    assert enc.can_shoot_from("O", "A") is None
    assert "out of range" in enc.can_shoot_from("O", "A", at=(2, 2))


def test_can_cast_from_answers_whoever_has_the_turn_r32() -> None:
    """A GM asks where the enemy caster could centre its burst while it is the hero's turn. Its area range is 2
    (R32: counted from its footprint): from 5,2, hex 7,2 along the row is 2 away, in range, in the open; 8,2 is 3
    away, beyond; imagined standing on 6,2 it is 2 away again. ``can_cast`` says only that it is not the orc's
    turn (R16)."""
    enc = start([hero(), orc(area_range=2)])
    assert "turn" in (enc.can_cast("O", (7, 2)) or "")
    assert enc.can_cast_from("O", (7, 2)) is None
    assert "3 hexes" in (enc.can_cast_from("O", (8, 2)) or "") and "R32" in (enc.can_cast_from("O", (8, 2)) or "")
    assert enc.can_cast_from("O", (8, 2), origin=(6, 2)) is None
    assert "no area ability" in (enc.can_cast_from("A", (2, 2)) or "")

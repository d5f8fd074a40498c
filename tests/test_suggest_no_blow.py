"""``playmat suggest`` on a plan that strikes no blow says first whether a blow was within reach this turn.

"Troll (normal): End the turn. Why: +0.8 for friends within two hexes" read as if the Troll stayed for company,
when no foe could be struck at all. The distances and odds here are worked out by hand from the rules (R1, R4,
R5, R9, R17, R19, R21), not read from the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map

ROOT = Path(__file__).resolve().parents[1]


def _begun(tmp_path: Path, rows: list[str], units: list[dict[str, object]]) -> tuple[str, str]:
    path = write_map(tmp_path / "m.tmx", rows, units=units)
    log = tmp_path / "l.jsonl"
    log.write_text('{"action": "begin"}\n', encoding="utf-8")
    return str(path), str(log)


def _lane(tmp_path: Path) -> tuple[str, str]:
    # One row of open ground between rows of water (R5: ground may not enter water). The Orc (0,1) has 2
    # movement; its friends hold 1,1 and 2,1: it may pass through them but not end there (R4), and 3,1 costs 3.
    # So it can end nowhere but where it stands, 6 hexes from the Knight along the row (R1).
    return _begun(tmp_path, ["wwwwwww", ".......", "wwwwwww"], [
        {"name": "Orc", "at": (0, 1), "faction": "enemy", "move": 2, "initiative": 10},
        {"name": "Goblin 1", "at": (1, 1), "faction": "enemy", "move": 0, "initiative": 5},
        {"name": "Goblin 2", "at": (2, 1), "faction": "enemy", "move": 0, "initiative": 4},
        {"name": "Knight", "at": (6, 1), "faction": "player", "move": 0, "initiative": 1},
    ])


def test_a_combatant_walled_off_by_water_and_friends_is_said_to_reach_no_foe(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m, log = _lane(tmp_path)
    assert main(["suggest", m, "--log", log]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Orc (normal): End the turn.", lines
    assert lines[1] == ("No foe is within its reach this turn (nearest: Knight, no nearer than distance 6 after "
                        "its 2 movement)."), lines
    assert lines[2].startswith("Why: "), lines


def test_the_troll_at_the_ford_is_said_to_reach_no_foe(capsys: pytest.CaptureFixture[str]) -> None:
    # maps/default.tmx, round 8, the Troll's turn: the large Troll (radius 1) at 11,6 with 5 movement; the one foe
    # left is Aldric at 8,7. Its friends in the ford and the deep water keep every centre it can end on at column
    # 11 or more (`playmat reach ... --unit Troll`), and a step changes the column by at most one, so it stays 3
    # or more hexes from Aldric's centre: 3 - 1 (its radius, R1) = distance 2 at best, where it stands now
    # (odd rows pushed right: 11,6 to 8,7 is 3). Its reach is 1 (R21): no blow.
    log = ROOT / "tests" / "data" / "troll_at_the_ford.jsonl"
    assert main(["suggest", str(ROOT / "maps" / "default.tmx"), "--log", str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Troll (normal): End the turn.", lines
    assert lines[1] == ("No foe is within its reach this turn (nearest: Aldric, no nearer than distance 2 after "
                        "its 5 movement)."), lines
    assert lines[2] == "Why: +0.8 for friends within two hexes.", lines


def _cornered(tmp_path: Path) -> tuple[str, str]:
    # A goblin at 1 hp beside a strong knight who faces it (west). The knight threatens its six neighbours (R8):
    # entering one ends the goblin's move (R9). Of the knight's neighbours, the goblin can end on 2,1, 2,2 (where
    # it stands) and 2,3, all in the knight's front arc (west and its two neighbours, R17); the flank hexes 3,1 and
    # 3,3 are 4 steps away round the threatened ring (1,1, 2,0, 3,0, 3,1), the rear 4,2 further: more than its 3.
    # From the front: defence 14 with no penalty (R19), d20 + 2 must reach 14, a roll of 12 or more: 9 faces of
    # 20, 45 % from every hex it could strike from.
    return _begun(tmp_path, ["." * 7] * 5, [
        {"name": "Goblin", "at": (2, 2), "faction": "enemy", "hp": 1, "hp_max": 10, "move": 3, "attack": 2,
         "damage": "1", "initiative": 10},
        {"name": "Knight", "at": (3, 2), "faction": "player", "defense": 14, "facing": "w", "attack": 8,
         "damage": "12", "hp": 30, "initiative": 1},
    ])


def test_a_blow_in_reach_that_the_plan_passes_up_is_named_with_its_odds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m, log = _cornered(tmp_path)
    assert main(["suggest", m, "--log", log]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Goblin (normal): ") and "ttack" not in lines[0], lines  # it strikes no blow
    # A shove (R22) is the same roll from the same front hexes, pushing the knight east, south-east or north-east
    # onto open ground: 45 % too, said with the attack.
    assert lines[1] == "It could attack or shove Knight (45 % to hit) this turn, but its plan scores higher:", lines
    assert lines[2].startswith("Why: "), lines
    # Then why it passed the blow up: the best turn that strikes, from a hex of the front arc, and what sank it.
    assert lines[3].startswith("Attacking Knight from ") and " would score " in lines[3], lines


def test_a_plan_that_strikes_says_no_such_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The same knight at full strength facing a healthy goblin that cannot move: it attacks, and the words are
    # the blow's alone.
    m, log = _begun(tmp_path, ["." * 7] * 5, [
        {"name": "Goblin", "at": (2, 2), "faction": "enemy", "move": 0, "attack": 2, "damage": "4",
         "initiative": 10},
        {"name": "Knight", "at": (3, 2), "faction": "player", "defense": 14, "facing": "w", "initiative": 1},
    ])
    assert main(["suggest", m, "--log", log]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Goblin (normal): Attack Knight from the front: 45 % to hit"), out
    assert "could" not in out and "reach" not in out, out


def test_the_json_has_no_such_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m, log = _lane(tmp_path)
    assert main(["suggest", m, "--log", log, "--json"]) == 0
    text = capsys.readouterr().out
    json.loads(text)
    assert "reach" not in text and "nearest" not in text, text


def test_a_combatant_whose_action_is_spent_says_so(tmp_path: Path) -> None:
    # The cornered goblin strikes first (its one action, R16), then asks what to do with the rest of its turn: no
    # blow is left whatever is in reach.
    import random

    from game.ai import explain
    from game.cli.session import load_encounter
    from game.rules import Attack
    from game.words.plan_words import plan_words

    m, log = _cornered(tmp_path)
    _, enc = load_encounter(m, log, allow_outside=False)
    enc.apply(Attack("Goblin", "Knight"))  # 1 damage against 30 hp: the knight stands either way
    assert enc.turn == "Goblin" and enc.acted
    lines = plan_words(enc, explain(enc, "normal", random.Random(0)), random.Random(0))
    assert "Its action this turn is spent: it can strike no blow." in lines, lines


def _pike_lane(tmp_path: Path, ground: str = ".......", reach: int = 2) -> tuple[str, str]:
    # A pikeman (band [2,2]: a reach of 2 threatens and strikes at 2 only, R8, R21) beside a knight in a lane
    # between rows of water (R5: ground may not enter water). Its friend holds 1,1, where it may pass but not end
    # (R4); the knight blocks the lane east (R4). With 2 movement it can end on 2,1 (distance 1) or 0,1 (distance
    # 3): never at distance 2, so no attack. But a shove needs only adjacency (R22): from 2,1, with the same roll
    # as an attack: the knight faces west, so from its front (R17, R19), defence 14, d20 + 2 >= 14 on 12 or more,
    # 9 faces of 20: 45 %. It pushes the knight 1 hex east, to 4,1.
    return _begun(tmp_path, ["wwwwwww", ground, "wwwwwww"], [
        {"name": "Pikeman", "at": (2, 1), "faction": "enemy", "move": 2, "attack": 2, "reach": reach,
         "initiative": 10},
        {"name": "Goblin", "at": (1, 1), "faction": "enemy", "move": 0, "initiative": 5},
        {"name": "Knight", "at": (3, 1), "faction": "player", "defense": 14, "facing": "w", "move": 0,
         "initiative": 1},
    ])


def test_a_shove_in_reach_where_no_attack_is_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The AI shoves only into fire or a chasm, so it ends the turn: the line must not say no foe is in reach.
    m, log = _pike_lane(tmp_path)
    assert main(["suggest", m, "--log", log]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Pikeman (normal): ") and "hove" not in lines[0], lines  # it strikes no blow
    assert lines[1] == "It could shove Knight (45 % to succeed) this turn, but its plan scores higher:", lines
    assert lines[2].startswith("Why: "), lines


def _line(m: str, log: str, name: str) -> str:
    from game.cli.session import load_encounter
    from game.words.blow_reach import blow_line

    _, enc = load_encounter(m, log, allow_outside=False)
    return blow_line(enc, name, True)


@pytest.mark.parametrize(("ground", "goes"), [("....c..", "into the chasm"),
                                              ("....h..", "onto a hazard for 3 damage")])
def test_a_shove_into_a_chasm_or_fire_says_where_the_foe_goes(tmp_path: Path, ground: str, goes: str) -> None:
    # The same lane with a chasm or a hazard at 4,1, where the shove pushes the knight: a standard non-flying
    # combatant falls into a chasm; a hazard hex newly covered deals its damage, 3 by default (R12). (The AI takes
    # that shove; the line is asked directly, as it reads for any plan that passes it up.)
    m, log = _pike_lane(tmp_path, ground)
    assert _line(m, log, "Pikeman") == f"It could shove Knight {goes} (45 % to succeed) this turn, but its plan " \
                                       "scores higher:"


def test_an_attack_and_a_shove_into_a_chasm_of_one_foe_are_said_together(tmp_path: Path) -> None:
    # The chasm lane with an ordinary weapon (band [1,1]): from 2,1 it could attack the knight or shove it into the
    # chasm, the same roll from the same front hex (R22): 45 % each, the foe named once.
    m, log = _pike_lane(tmp_path, "....c..", reach=1)
    assert _line(m, log, "Pikeman") == ("It could attack Knight (45 % to hit) or shove it into the chasm (45 % to "
                                        "succeed) this turn, but its plan scores higher:")


def test_a_burst_clear_of_cover_only_far_along_its_reach_is_found(tmp_path: Path) -> None:
    # A witch at the west end of a lane (row 1, water above) whose friend at 7,1 stands between it and the knight
    # at 8,1: from every hex of the lane a burst on the knight runs along the row through the friend's centre,
    # cover (R31): defence 16, d20 + 2 on 14 or more, 35 %. Through the gap at 0,2 and along row 3 it can reach
    # 8,2, beside the knight (10 steps of its 12): no hex between, 45 %. That hex is far down its list of ends:
    # the line must say "up to 45 %", not the 35 % of the hexes near it.
    # From 8,2 (the knight's south-west, in its front arc, R17) it could also attack, 45 %, or shove it
    # north-east onto the water at 9,0 (a push ignores terrain costs, R12): the same roll, 45 %, said as one.
    m, log = _begun(tmp_path, ["wwwwwwwwwwww", "............", ".wwwwwww.www", "............", "wwwwwwwwwwww"], [
        {"name": "Witch", "at": (0, 1), "faction": "enemy", "move": 12, "attack": 2, "area_range": 10,
         "area_radius": 0, "area_attack": 2, "area_damage": "1", "area_uses": 1, "initiative": 10},
        {"name": "Goblin", "at": (7, 1), "faction": "enemy", "move": 0, "initiative": 5},
        {"name": "Knight", "at": (8, 1), "faction": "player", "defense": 14, "facing": "w", "move": 0,
         "threatening": False, "initiative": 1},
    ])
    assert _line(m, log, "Witch") == (
        "It could attack or shove Knight (45 % to hit), or catch Knight in its area ability (up to 45 % to hit) "
        "this turn, but its plan scores higher:")


def test_after_a_break_away_no_blow_is_counted(tmp_path: Path) -> None:
    # The rules give no blow after a break-away: a disengage is the turn's one action (R16, R23). The cornered
    # goblin breaks away from the knight (a roll of 20 succeeds whatever it needs); the knight is still beside it
    # and in its band, yet the line says its action is spent, not "It could attack Knight".
    import random

    from game.ai import explain
    from game.cli.session import load_encounter
    from game.rules import Disengage
    from game.words.plan_words import plan_words

    m, log = _cornered(tmp_path)
    _, enc = load_encounter(m, log, allow_outside=False)
    enc.apply(Disengage("Goblin", "tumble", "athletics", 20))
    assert enc.turn == "Goblin" and enc.acted
    lines = plan_words(enc, explain(enc, "normal", random.Random(0)), random.Random(0))
    assert "Its action this turn is spent: it can strike no blow." in lines, lines
    assert not any(line.startswith("It could") for line in lines), lines

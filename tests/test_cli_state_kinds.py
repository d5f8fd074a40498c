"""``playmat state`` tells a GM what decides where a combatant may go and what it threatens (its movement
type, size and weapon band), and, mid-turn, whether the actor has used its action and whom it broke away
from: things a GM asks before ``reach`` or ``threat`` and could not read from the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run_ok as run

ROOT = Path(__file__).resolve().parents[1]
SHIP = ROOT / "maps" / "ship_boarding.tmx"
FORTRESS = ROOT / "maps" / "fortress_assault.tmx"


def row(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(name + " "))


def test_the_ship_shows_its_flyers_swimmers_and_the_polearm(capsys) -> None:
    # The map's own properties: Harpy and Kestrel movement_type flying; Selkie, Sahuagin 1 and 2
    # swimming; Tobin reach 2 with reach_min 1 (R8: [1, 2]); the corsairs plain.
    text = run(capsys, "state", str(SHIP))
    assert row(text, "Harpy").endswith("active, flying")
    assert row(text, "Kestrel").endswith("active, flying")
    for swimmer in ("Selkie", "Sahuagin 1", "Sahuagin 2"):
        assert row(text, swimmer).endswith("active, swimming")
    assert row(text, "Tobin").endswith("active, reach 1-2")
    assert row(text, "Corsair 1").endswith("active")
    doc = json.loads(run(capsys, "state", str(SHIP), "--json"))["units"]
    assert doc["Harpy"]["movement_type"] == "flying" and doc["Selkie"]["movement_type"] == "swimming"
    assert doc["Tobin"]["reach"] == [1, 2]
    # A plain combatant's document is the one adjudication.md shows: no key it does not need.
    assert not {"movement_type", "size", "reach"} & set(doc["Corsair 1"])


def test_the_keeps_pikemen_show_a_reach_that_leaves_out_adjacent_hexes(capsys) -> None:
    # Pikeman 1 and 2: reach 2, no reach_min, so the band is [2, 2] (R8): the table says "reach 2".
    text = run(capsys, "state", str(FORTRESS))
    assert row(text, "Pikeman 1").endswith("active, reach 2")
    assert json.loads(run(capsys, "state", str(FORTRESS), "--json"))["units"]["Pikeman 2"]["reach"] == [2, 2]


def test_a_large_creature_says_so(capsys, tmp_path: Path) -> None:
    field = write_map(tmp_path / "field.tmx", ["." * 9] * 7, units=[
        {"name": "Troll", "at": (4, 3), "faction": "enemy", "size": "large"},
        {"name": "Aldric", "at": (1, 1), "faction": "player"},
    ])
    assert row(run(capsys, "state", str(field)), "Troll").endswith("active, large")
    assert json.loads(run(capsys, "state", str(field), "--json"))["units"]["Troll"]["size"] == "large"


def test_after_a_disengage_the_actor_shows_its_action_used_and_whom_it_broke_from(capsys, tmp_path: Path) -> None:
    # Pointy-top odd-r 7x5, all normal ground. Vessa at 3,2 (an even row: neighbours e 4,2, w 2,2,
    # ne 3,1, nw 2,1, se 3,3, sw 2,3); Hale at 4,2 (adjacent: threatens 3,2, R8); Pike at 5,2 with a
    # [2, 2] band (distance 2 from 3,2: threatens it too); Guard at 6,4 (distance 3 or more: not
    # covering her). R23: she must reach 10 + the highest attack among Hale (3) and Pike (2) = 13;
    # a roll of 11 + blades 3 = 14 succeeds, breaking away from Hale and Pike, not Guard; her one
    # action is spent (R16), her movement not.
    field = write_map(tmp_path / "keep.tmx", ["." * 7] * 5, units=[
        {"name": "Vessa", "at": (3, 2), "faction": "player", "initiative": 9, "skills": "blades:3"},
        {"name": "Hale", "at": (4, 2), "faction": "enemy", "attack": 3, "initiative": 3},
        {"name": "Pike", "at": (5, 2), "faction": "enemy", "attack": 2, "reach": 2, "initiative": 2},
        {"name": "Guard", "at": (6, 4), "faction": "enemy", "attack": 5, "initiative": 1},
    ])
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n'
                   '{"action": "disengage", "unit": "Vessa", "method": "parry", "skill": "blades", "roll": 11}\n')
    text = run(capsys, "state", str(field), "--log", str(log))
    assert text.splitlines()[0].endswith("Vessa to act (its action is used: it may still move and turn, R16)")
    assert row(text, "Vessa").endswith("active, disengaged from Hale, Pike")
    assert row(text, "Pike").endswith("active, reach 2")
    vessa = json.loads(run(capsys, "state", str(field), "--log", str(log), "--json"))["units"]["Vessa"]
    assert vessa["acted"] is True and vessa["disengaged_from"] == ["Hale", "Pike"]
    assert vessa["movement"] == 6  # the action is spent, the movement not

    # Before it acts, neither key: the table's first line says only who is to act.
    log.write_text('{"action": "begin"}\n')
    text = run(capsys, "state", str(field), "--log", str(log))
    assert text.splitlines()[0].endswith("Vessa to act")
    assert not {"acted", "disengaged_from"} & set(
        json.loads(run(capsys, "state", str(field), "--log", str(log), "--json"))["units"]["Vessa"])


def _initiatives_as_tiled_holds_them(tmx: Path) -> list[tuple[int, int, str]]:
    """(initiative, object id, name) of each combatant, read from the TMX as Tiled wrote it (not by Playmat)."""
    import xml.etree.ElementTree as ET

    out = []
    for obj in ET.parse(tmx).getroot().iter("object"):
        props = {p.get("name"): p.get("value") for p in obj.iter("property")}
        if "faction" in props:
            out.append((int(props.get("initiative") or 0), int(obj.get("id") or 0), obj.get("name") or ""))
    return out


@pytest.mark.parametrize("tmx", [FORTRESS, SHIP], ids=["fortress", "ship"])
def test_the_order_shows_each_initiative_and_says_how_ties_go(capsys, tmx: Path) -> None:
    # R14 by hand: higher initiative first; a tie goes to the combatant earlier in the map (lower object id).
    # The GM saw the order but not the numbers behind it, so could not tell a tie from a gap.
    units = sorted(_initiatives_as_tiled_holds_them(tmx), key=lambda t: (-t[0], t[1]))
    text = run(capsys, "state", str(tmx))
    order = text.splitlines()[1]
    expected = "order: " + ", ".join(f"{name} ({init})" for init, _id, name in units)
    ties = len({init for init, _id, _name in units}) < len(units)
    assert order == expected + ("; ties: earlier on the map first, a joiner after them (R14)" if ties else "")
    doc = json.loads(run(capsys, "state", str(tmx), "--json"))
    assert {name: doc["units"][name]["initiative"] for _i, _id, name in units} == {
        name: init for init, _id, name in units}


def test_no_tie_no_tie_note(tmp_path: Path, capsys) -> None:
    tmx = write_map(tmp_path / "m.tmx", [".........."] * 4, units=[
        {"name": "Orc", "at": (8, 1), "faction": "enemy", "initiative": 5},
        {"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 3}])
    assert run(capsys, "state", str(tmx)).splitlines()[1] == "order: Orc (5), Aldric (3)"

"""docs/action-log.md: the example a GM copies replays, and says what it claims."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps import default_map

DOC = Path(__file__).resolve().parents[1] / "docs" / "action-log.md"
# The spec's table of actions (docs/action-log.md tells users), not the code's list.
SPEC_KINDS = {"begin", "place", "move", "face", "attack", "shove", "shoot", "cast", "disengage", "flee", "end_turn",
              "push",
              "grant_movement", "set_threatening", "join", "remove", "set_hp", "edit", "end_combat"}


def example_lines(which: int = 0) -> str:
    blocks = re.findall(r"```jsonl\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) > which, "docs/action-log.md lost an example block"
    return blocks[which]


def test_the_doc_lists_every_action_of_the_spec() -> None:
    listed = set(re.findall(r"^\| `(\w+)` \|", DOC.read_text(encoding="utf-8"), re.M))
    assert listed - {"action"} == SPEC_KINDS  # "action" is the header row


def test_the_example_replays_on_the_bundled_map_as_the_doc_says(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    log = tmp_path / "example.jsonl"
    log.write_text(example_lines(), encoding="utf-8")
    code = main(["state", str(default_map()), "--log", str(log), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    doc = json.loads(out)
    units = doc["units"]
    # What the doc promises, worked out by hand: round 1, the fourth in order (Aldric) to act;
    # the Wolf (hp 6) took the 4 damage the attack line fixes (15 + 4 >= defence 11, R21).
    assert (doc["phase"], doc["round"], doc["turn"]) == ("active", 1, "Aldric")
    assert (units["Goblin"]["at"], units["Goblin"]["facing"]) == ([11, 3], "w")
    assert units["Mira"]["at"] == [6, 4] and units["Wren"]["at"] == [8, 2]
    assert (units["Wolf"]["at"], units["Wolf"]["hp"]) == ([7, 4], 2)
    # R15: a joiner takes its place in the order by initiative; 6 beats the Goblin's.
    assert doc["order"][0] == "Wolf"


def test_the_bows_and_bursts_example_replays_as_the_doc_says(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    log = tmp_path / "bows.jsonl"
    log.write_text(example_lines(1), encoding="utf-8")
    code = main(["state", str(default_map()), "--log", str(log), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    doc = json.loads(out)
    units = doc["units"]
    # Worked by hand in the doc: R29 14 + 3 >= 12, 8 - 5 = 3 hp; R32 the Hunter misses (3 + 2 < 10), Wren
    # (defence 12, cover +2 behind the Hunter, R31) is hit for 4 (10 - 4 = 6) and pushed nw to 5,2 (R33).
    assert (doc["phase"], doc["round"], doc["turn"]) == ("active", 1, "Goblin")
    assert units["Orc 1"]["hp"] == 3
    assert (units["Hunter"]["hp"], units["Hunter"]["at"]) == (10, [7, 4])
    assert (units["Wren"]["hp"], units["Wren"]["at"]) == (6, [5, 2])
    assert units["Shaman"]["area"]["uses_left"] == 0
    assert units["Hunter"]["ranged"] == {"min": 2, "max": 10, "attack": 3, "damage": "1d8"}


def test_the_gm_corrections_example_replays_as_the_doc_says(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    log = tmp_path / "gm.jsonl"
    log.write_text(example_lines(2), encoding="utf-8")
    code = main(["state", str(default_map()), "--log", str(log), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    doc = json.loads(out)
    units = doc["units"]
    # The doc's claims: the Troll's initiative 20 heads the order (R14), 24 hp; Orc 1 shoots with its attack
    # (2, from the map) as no ranged_attack is given (R29); Aldric 12, Mira 14 (above her 10); Goblin defeated.
    assert (doc["phase"], doc["round"], doc["turn"]) == ("active", 1, "Troll")
    assert doc["order"][0] == "Troll" and "Goblin" not in doc["order"]
    assert units["Troll"]["hp"] == 24
    assert units["Orc 1"]["ranged"] == {"min": 2, "max": 6, "attack": 2, "damage": "1d6"}
    assert (units["Aldric"]["hp"], units["Mira"]["hp"]) == (12, 14)
    assert units["Goblin"]["status"] == "defeated"

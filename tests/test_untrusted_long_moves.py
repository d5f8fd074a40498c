"""A stranger's map may give a combatant a move, a reach or a burst far past any real one (a "move" of
1000, within the property bound of 1,000,000). The next-turn questions (``danger``, the window's
enemy-reach overlay, the AI's view of who could strike where) must answer it in bounded memory, not run
out of it; a shot or burst past ``MAX_SHOT_HEXES`` is refused in one line (docs/limits.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.loader import validate_map
from game.maps.tmxwrite import write_map
from game.rules import limits
from tests.hostile import refused_by_cli, run_cli

SIDE = 120


def open_field(tmp_path: Path, orc: dict[str, object]) -> Path:
    units = [{"name": "Hero", "at": (60, 60), "faction": "player"},
             {"name": "Orc", "at": (0, 0), "faction": "enemy", **orc}]
    return write_map(tmp_path / "field.tmx", ["." * SIDE] * SIDE, units=units, encoding="base64-zlib",
                     tile_width=8, tile_height=9, side_length=4)


def test_danger_of_a_move_of_1000_answers_in_bounded_memory(tmp_path: Path) -> None:
    # Every hex pair of the mover's ends and its window was held at once: 14,400 x 14,400 pairs, several
    # GB, so the command ended "out of memory" under this cap.
    tmx = open_field(tmp_path, {"move": 1000})
    r = run_cli(["danger", str(tmx), "--against", "player", "--json"], cap_mb=1024, timeout=60)
    assert r.rc == 0, r.stderr[-500:]
    doc = json.loads(r.stdout)
    # By hand: on an open field the Orc can end on any free hex, and a sword (reach 1) strikes each hex
    # next to one of those: every hex of the map, the Hero's own included, is in its reach.
    blows = {tuple(h["at"]): h["blows"] for h in doc["hexes"]}
    assert len(blows) == SIDE * SIDE
    assert set(blows.values()) == {1}
    assert blows[(60, 60)] == 1


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Pointy-top, odd rows shifted (the maps ``write_map`` makes): offset to axial, then cube distance."""
    def axial(c: int, r: int) -> tuple[int, int]:
        return c - (r - (r & 1)) // 2, r

    (q1, r1), (q2, r2) = axial(*a), axial(*b)
    return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))


def test_danger_of_a_burst_of_radius_40_answers_in_bounded_memory(tmp_path: Path) -> None:
    # The hexes a burst could catch were grown from a table of every cell's disc of radius 40
    # (14,400 x 4,921 entries, copied twice): past the cap, "out of memory".
    tmx = open_field(tmp_path, {"area_range": 40, "area_radius": 40})
    r = run_cli(["danger", str(tmx), "--against", "player", "--json"], cap_mb=1024, timeout=60)
    assert r.rc == 0, r.stderr[-500:]
    burst = {tuple(h["at"]) for h in json.loads(r.stdout)["hexes"] if h["ranged"]}
    # By hand (R32): the Orc may end 6 hexes from 0,0 on the open field, centre its burst 40 from there
    # (it sees everything) and catch 40 around the centre: every hex within 86 of 0,0, and no other.
    want = {(c, r) for c in range(SIDE) for r in range(SIDE) if hex_distance((c, r), (0, 0)) <= 86}
    assert burst == want


def test_a_burst_of_range_one_million_is_refused_in_one_line(tmp_path: Path) -> None:
    # Accepted before: `targets` built sight tables out to 300 hexes, 3.7 GB and over a minute.
    units = [{"name": "Hero", "at": (150, 150), "faction": "player", "area_range": 1_000_000},
             {"name": "Orc", "at": (5, 5), "faction": "enemy"}]
    tmx = write_map(tmp_path / "far.tmx", ["." * 300] * 300, units=units, encoding="base64-zlib",
                    tile_width=8, tile_height=9, side_length=4)
    line = refused_by_cli(["targets", str(tmx), "--unit", "Hero"], cap_mb=1024, timeout=60)
    assert line == ('playmat: far.tmx: object 1 "Hero": area_range 1000000 is more than the limit of '
                    f"{limits.MAX_SHOT_HEXES} hexes")


@pytest.mark.parametrize(("props", "refused"), [
    ({"ranged": "2-50", "area_range": 50}, None),
    ({"ranged": "2-51"}, 'ranged "2-51": MAX 51 is more than the limit of 50 hexes'),
    ({"area_range": 51}, "area_range 51 is more than the limit of 50 hexes"),
])
def test_the_shot_limit_is_exact(tmp_path: Path, props: dict[str, object], refused: str | None) -> None:
    tmx = open_field(tmp_path, props)
    problems = validate_map(tmx)
    assert problems == ([] if refused is None else [f'field.tmx: object 2 "Orc": {refused}'])


def test_a_join_line_is_held_to_the_shot_limit(tmp_path: Path) -> None:
    tmx = open_field(tmp_path, {})
    log = tmp_path / "fight.jsonl"
    log.write_text(json.dumps({"action": "join", "unit": {"name": "Cora", "faction": "ally", "ranged": "1-400"},
                               "at": [3, 3]}) + "\n")
    line = refused_by_cli(["state", str(tmx), "--log", str(log)])
    assert line == ('playmat: fight.jsonl:1: join: unit "Cora": ranged "1-400": MAX 400 is more than the limit '
                    "of 50 hexes")


def test_danger_of_a_shooter_that_could_end_anywhere_answers_in_bounded_memory(tmp_path: Path) -> None:
    # The sight windows of all 90,000 hexes the Orc could end on were stacked at once: 1.2 GB, "out of
    # memory" under this cap.
    units = [{"name": "Hero", "at": (150, 150), "faction": "player"},
             {"name": "Orc", "at": (5, 5), "faction": "enemy", "move": 1_000_000, "ranged": "1-8"}]
    tmx = write_map(tmp_path / "wide.tmx", ["." * 300] * 300, units=units, encoding="base64-zlib",
                    tile_width=8, tile_height=9, side_length=4)
    r = run_cli(["danger", str(tmx), "--against", "player", "--json"], cap_mb=1024, timeout=120)
    assert r.rc == 0, r.stderr[-500:]
    # By hand: on the open field the Orc may end on any hex but the Hero's, and shoots 1 to 8 hexes: every
    # hex of the map lies 1 to 8 from some other hex, so the Orc could shoot a player standing anywhere.
    shots = {tuple(h["at"]) for h in json.loads(r.stdout)["hexes"] if h["ranged"]}
    assert len(shots) == 300 * 300

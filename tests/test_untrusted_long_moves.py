"""A stranger's map may give a combatant a move far past any real one (a "move" of 1000, within the
property bound of 1,000,000). The next-turn questions (``danger``, the window's enemy-reach overlay,
the AI's view of who could strike where) must answer it in bounded memory, not run out of it.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.maps.tmxwrite import write_map
from tests.hostile import run_cli

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

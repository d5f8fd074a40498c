"""The window shades where a selected archer could shoot. On a big map (300x300 is well within the limits)
it worked out sight from the archer to every hex of the map: 15 s and 1.8 GB for a bow of range 8. Only
the box the bow's band lies in matters; the shading must come at the cost of that box."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from game.maps.loader import load_scenario
from game.maps.tmxwrite import write_map
from game.rules import Encounter
from game.ui.overlays.ranged import shooting_range


def test_an_archers_range_on_a_300x300_map_is_shaded_in_bounded_memory(tmp_path: Path) -> None:
    units = [{"name": "Hero", "at": (150, 150), "faction": "player", "ranged": "2-8"},
             {"name": "Orc", "at": (5, 5), "faction": "enemy"}]
    grid = ["." * 300] * 300
    grid[148] = "." * 150 + "#" + "." * 149  # a wall two rows up, 150,148, hides what lies beyond it
    tmx = write_map(tmp_path / "big.tmx", grid, units=units, encoding="base64-zlib", tile_width=8,
                    tile_height=9, side_length=4)
    enc = Encounter(load_scenario(tmx))
    tracemalloc.start()
    try:
        cells = set(shooting_range(enc, "Hero"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 1024 * 1024, f"{peak / 2**20:.0f} MB"
    # By hand: 2 to 8 hexes away is 6 * (2 + ... + 8) = 210 hexes; the wall itself stands 2 away (it is a
    # hex one could aim at, R30 sees into a blocking hex) and the hex straight behind it, 150,146 (4 away,
    # the line passing through the wall's centre), is hidden.
    assert (150, 148) in cells
    assert (150, 146) not in cells
    assert (150, 152) in cells  # the same distance the other way, open
    assert all(abs(c - 150) <= 8 and abs(r - 150) <= 8 for c, r in cells)

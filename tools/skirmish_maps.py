"""Generated skirmish maps for AI measurement: two equal sides on mixed terrain, any of the four layouts.

``skirmish_map(folder, seed, stagger_axis, stagger_index, cols, rows, per_side)``
writes a genuine Tiled map (``game.maps.tmxwrite``) and returns its path. The
terrain is drawn from ``seed``: woods (difficult), a river with fords (water),
a chasm, fire (hazard) and rocks (blocked), laid point-symmetrically so
neither side starts with better ground; the player side (``player`` and one
``ally``) starts on the left, the ``enemy`` side on the right, with the same
roster: soldiers, a polearm (reach 2), a swimmer, a flyer and, from five a
side, a large brute (``MIXED_ROSTER`` adds archers and a caster after them).

    python tools/skirmish_maps.py OUT_DIR   # writes one map of each layout
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from game.maps.tmxwrite import write_map

LAYOUTS = (("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even"))

ROSTER = (
    {"role": "Soldier", "hp": 12, "attack": 3, "defense": 12, "damage": "1d8"},
    {"role": "Pikeman", "hp": 11, "attack": 3, "defense": 11, "damage": "1d8", "reach": 2},
    {"role": "Soldier", "hp": 12, "attack": 3, "defense": 12, "damage": "1d8"},
    {"role": "Swimmer", "hp": 9, "attack": 2, "defense": 12, "damage": "1d6+1", "movement_type": "swimming", "move": 6},
    {"role": "Brute", "hp": 24, "attack": 4, "defense": 11, "damage": "2d6", "size": "large", "move": 5},
    {"role": "Flyer", "hp": 8, "attack": 2, "defense": 13, "damage": "1d6", "movement_type": "flying", "move": 7},
)
# The same, with archers and a caster (R29, R32) among them: a quarter of the combatants at twelve a side.
MIXED_ROSTER = (
    *ROSTER,
    {"role": "Archer", "hp": 9, "attack": 1, "defense": 11, "damage": "1d4", "ranged": "2-8", "ranged_attack": 3,
     "ranged_damage": "1d8"},
    {"role": "Caster", "hp": 8, "attack": 0, "defense": 10, "damage": "1d4", "area_range": 6, "area_radius": 1,
     "area_attack": 2, "area_damage": "2d6", "area_push": 1, "area_uses": 2},
    {"role": "Archer", "hp": 9, "attack": 1, "defense": 11, "damage": "1d4", "ranged": "2-8", "ranged_attack": 3,
     "ranged_damage": "1d8"},
)


def _terrain(rng: random.Random, cols: int, rows: int) -> list[list[str]]:
    grid = [["." for _ in range(cols)] for _ in range(rows)]

    def blob(ch: str, count: int, size: int, lo: int, hi: int) -> None:
        for _ in range(count):
            c, r = rng.randrange(lo, hi), rng.randrange(rows)
            for _ in range(size):
                if 0 <= c < cols and 0 <= r < rows:
                    grid[r][c] = ch
                c += rng.choice((-1, 0, 1))
                r += rng.choice((-1, 0, 1))

    area = cols * rows
    left = max(1, cols // 5)
    blob("d", max(1, area // 60), 6, left, cols // 2)  # woods
    blob("#", max(1, area // 150), 3, left, cols // 2)  # rocks
    blob("h", max(1, area // 300), 2, left + 1, cols // 2)  # fire
    blob("c", max(1, area // 400), 3, left + 1, cols // 2)  # a chasm
    # Point symmetry: the right half mirrors the left.
    for r in range(rows):
        for c in range(cols):
            if c > cols - 1 - c:
                grid[r][c] = grid[rows - 1 - r][cols - 1 - c]
    # A river down the middle (two hexes wide on wide maps) with fords every few rows.
    mid = cols // 2
    ford = max(6, rows // 2)
    for r in range(rows):
        if abs((r % ford) - ford // 2) > 1:  # fords three rows wide: large creatures cross too
            grid[r][mid] = "w"
            if cols >= 30 or cols % 2 == 0:
                grid[r][mid - 1] = "w"
    return grid


def _free(grid: list[list[str]], cell: tuple[int, int], taken: set[tuple[int, int]], radius: int, layout) -> bool:
    cells = layout.disc(cell, radius)
    rows, cols = len(grid), len(grid[0])
    return all(0 <= c < cols and 0 <= r < rows and grid[r][c] == "." and (c, r) not in taken for c, r in cells)


def skirmish_map(folder: str | Path, seed: int, stagger_axis: str = "y", stagger_index: str = "odd",
                 cols: int = 20, rows: int = 14, per_side: int = 5, roster: tuple[dict, ...] = ROSTER) -> Path:
    from game.rules import HexLayout

    rng = random.Random(f"skirmish:{seed}:{stagger_axis}{stagger_index}:{cols}x{rows}:{per_side}")
    grid = _terrain(rng, cols, rows)
    layout = HexLayout(stagger_axis, stagger_index, 64, 74, 37, cols, rows)
    taken: set[tuple[int, int]] = set()
    units = []
    depth = max(4, cols // 5)
    for i in range(per_side):
        spec = dict(roster[i % len(roster)])
        if spec["role"] == "Brute" and per_side < 5:
            spec = dict(roster[0])
        role = spec.pop("role")
        radius = 1 if spec.get("size") == "large" else 0
        for _ in range(500):
            cell = (rng.randrange(1 + radius, depth + radius), rng.randrange(1 + radius, rows - 1 - radius))
            twin = (cols - 1 - cell[0], rows - 1 - cell[1])
            if _free(grid, cell, taken, radius, layout) and _free(grid, twin, taken, radius, layout):
                break
        else:
            continue
        for c in (cell, twin):
            taken.update(layout.disc(c, radius + 1))
        n = i + 1
        faction = "ally" if i == 2 else "player"
        facing_a, facing_b = ("e", "w") if stagger_axis == "y" else ("ne", "sw")
        units.append({"name": f"Blue {role} {n}", "at": cell, "faction": faction, "facing": facing_a, **spec})
        units.append({"name": f"Red {role} {n}", "at": twin, "faction": "enemy", "facing": facing_b, **spec})
    mixed = "_mixed" if roster is not ROSTER else ""
    name = f"skirmish_{stagger_axis}{stagger_index}_{cols}x{rows}_{per_side}_{seed}{mixed}.tmx"
    return write_map(Path(folder) / name, ["".join(r) for r in grid], stagger_axis=stagger_axis,
                     stagger_index=stagger_index, units=units,
                     title=f"Skirmish {seed} ({stagger_axis}/{stagger_index})",
                     map_properties={"seed": seed})


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "skirmish")
    out.mkdir(parents=True, exist_ok=True)
    for axis, index in LAYOUTS:
        print(skirmish_map(out, 1, axis, index))

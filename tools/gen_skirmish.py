"""Varied skirmish maps for measuring the AI on ground it was never tuned on, deterministic from a seed.

``generate(folder, seed)`` writes one genuine Tiled map (``game.maps.tmxwrite``)
and returns a :class:`Generated` describing it. From the seed it draws:

- a layout: any of the four Tiled hex layouts (pointy/flat, odd/even stagger);
- a size: 12 to 40 columns, 12 to 40 rows (never more than 12 rows off square);
- one or two features: ``open`` (scattered woods, trees that give cover and
  rocks), ``corridors``
  (rock with lanes three hexes wide between the sides), ``walls`` (a wall across
  each half, with gaps), ``river`` (water down the middle, fords three rows
  wide), ``chasm`` (a chasm down the middle, bridges), ``pits`` (fire hazards);
- exits on each side's back edge (half the maps), so a losing side can flee;
- two equal forces, the ``player`` side (``player`` and one ``ally``) on the
  left, ``enemy`` on the right, point-symmetric, of 3 to 8 combatants each
  drawn from :data:`ROSTER`: soldiers, reach-2 polearms, a halberd (band 1-2),
  flyers, swimmers, large and (on maps 20 wide or more) giant brutes, and
  wounded veterans (few hit points; the map format has no "current hit points",
  so a wounded start is a low ``hp``); in about two forces of three also
  archers (range 2-8), a skirmisher with javelins (1-4) and a caster (a burst
  of radius 1 that pushes, two uses);
- trees that give cover (R31) among the woods everywhere.

Every map is checked before it is returned (:func:`problems`): the map
validates, and every combatant can reach, with unlimited movement, a hex from
which it could attack some hostile with its weapon band (the engine's own
``reach_for`` met with ``ThreatZones.strike_hexes``, R21, R28; a shot or a
burst is not enough: every combatant must be able to close in). A map that
fails is drawn again from the next attempt of the same seed, so the result
stays a function of the seed.

    python tools/gen_skirmish.py OUT_DIR SEED [SEED ...]   # prints each map and its features
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.maps import load_scenario, validate_map  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402
from game.rules import Encounter, HexLayout  # noqa: E402

LAYOUTS = (("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even"))
FEATURES = ("open", "corridors", "walls", "river", "chasm", "pits")
MIN_SIDE, MAX_SIDE = 12, 40
ATTEMPTS = 20

# name -> properties; "size" giant needs a map 20 wide or more.
ROSTER: dict[str, dict[str, object]] = {
    "Soldier": {"hp": 12, "attack": 3, "defense": 12, "damage": "1d8"},
    "Pikeman": {"hp": 11, "attack": 3, "defense": 11, "damage": "1d8", "reach": 2},
    "Halberdier": {"hp": 11, "attack": 3, "defense": 12, "damage": "1d8", "reach": 2, "reach_min": 1},
    "Flyer": {"hp": 8, "attack": 2, "defense": 13, "damage": "1d6", "movement_type": "flying", "move": 7},
    "Swimmer": {"hp": 9, "attack": 2, "defense": 12, "damage": "1d6+1", "movement_type": "swimming", "move": 6},
    "Brute": {"hp": 24, "attack": 4, "defense": 11, "damage": "2d6", "size": "large", "move": 5},
    "Giant": {"hp": 40, "attack": 5, "defense": 10, "damage": "2d8", "size": "giant", "move": 4},
    "Veteran": {"hp": 4, "attack": 4, "defense": 13, "damage": "1d8+1"},  # wounded: a third of its hp left
    # Ranged and area combatants (R29, R32), in some forces only (see _roster).
    "Archer": {"hp": 9, "attack": 1, "defense": 11, "damage": "1d4", "ranged": "2-8", "ranged_attack": 3,
               "ranged_damage": "1d8"},
    "Skirmisher": {"hp": 11, "attack": 3, "defense": 12, "damage": "1d6", "ranged": "1-4", "ranged_attack": 2,
                   "ranged_damage": "1d6"},
    "Caster": {"hp": 8, "attack": 0, "defense": 10, "damage": "1d4", "area_range": 6, "area_radius": 1,
               "area_attack": 2, "area_damage": "2d6", "area_push": 1, "area_uses": 2},
}
RANGED_ROLES = ("Archer", "Skirmisher", "Caster")
# Trees give cover to a target seen through them (R31); walls block sight (R30).
TILES = {"t": {"terrain": "normal", "cover": True}}
RADIUS = {"standard": 0, "large": 1, "giant": 2}


@dataclass(frozen=True)
class Generated:
    path: Path
    seed: int
    layout: tuple[str, str]
    cols: int
    rows: int
    features: tuple[str, ...]
    exits: bool
    roster: tuple[str, ...]  # one side's roles, in placing order

    def describe(self) -> str:
        return (f"{self.path.name}: {self.layout[0]}/{self.layout[1]} {self.cols}x{self.rows} "
                f"{'+'.join(self.features)}{' exits' if self.exits else ''}; a side: {', '.join(self.roster)}")


Grid = list[list[str]]


def _blob(rng: random.Random, grid: Grid, ch: str, count: int, size: int, cols: range) -> None:
    """``count`` random walks of ``size`` cells of ``ch`` starting in ``cols``."""
    rows = len(grid)
    for _ in range(count):
        c, r = rng.choice(cols), rng.randrange(rows)
        for _ in range(size):
            if 0 <= r < rows and c in cols:
                grid[r][c] = ch
            c += rng.choice((-1, 0, 1))
            r += rng.choice((-1, 0, 1))


def _left_half(rng: random.Random, features: tuple[str, ...], cols: int, rows: int) -> Grid:
    """The left half's terrain (the right half is its point mirror); the middle columns are drawn too."""
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    half = range(cols // 5, (cols + 1) // 2)
    area = cols * rows
    _blob(rng, grid, "d", max(1, area // 80), 5, half)  # some woods everywhere
    _blob(rng, grid, "t", max(1, area // 160), 3, half)  # and trees that give cover
    if "open" in features:
        _blob(rng, grid, "#", max(1, area // 200), 3, half)
    if "corridors" in features:
        # Rock between lanes three hexes wide running from side to side (large creatures fit).
        lanes = rng.randint(2, max(2, rows // 7))
        centres = sorted(rng.sample(range(2, rows - 2), lanes))
        for c in range(cols // 5 + 1, (cols + 1) // 2):
            for r in range(rows):
                if all(abs(r - m) > 1 for m in centres):
                    grid[r][c] = "#"
    if "walls" in features:
        col = rng.randrange(cols // 4, max(cols // 4 + 1, cols // 2 - 1))
        gaps = rng.randint(1, 3)
        gap_rows = {g + k for g in rng.sample(range(1, rows - 3), gaps) for k in range(3)}
        for r in range(rows):
            if r not in gap_rows:
                grid[r][col] = "#"
    if "pits" in features:
        _blob(rng, grid, "h", max(2, area // 150), 3, range(cols // 4, (cols + 1) // 2))
    if "chasm" in features:
        _blob(rng, grid, "c", max(1, area // 300), 4, range(cols // 4, (cols + 1) // 2))
    return grid


def _terrain(rng: random.Random, features: tuple[str, ...], cols: int, rows: int, exits: bool) -> Grid:
    grid = _left_half(rng, features, cols, rows)
    for r in range(rows):  # point symmetry: neither side starts on better ground
        for c in range(cols):
            if c > cols - 1 - c:
                grid[r][c] = grid[rows - 1 - r][cols - 1 - c]
    mid = cols // 2
    span = (mid - 1, mid) if cols % 2 == 0 else (mid,)
    for feature, ch in (("river", "w"), ("chasm", "c")):
        if feature in features:
            crossing = max(6, rows // 3)
            for r in range(rows):
                if abs((r % crossing) - crossing // 2) > 1:  # fords or bridges three rows wide
                    for c in span:
                        grid[r][c] = ch
    if exits:
        for r in range(rows // 3, rows - rows // 3):
            grid[r][0] = grid[rows - 1 - r][cols - 1] = "x"
    return grid


def _fits(grid: Grid, layout: HexLayout, cell: tuple[int, int], radius: int, taken: set[tuple[int, int]]) -> bool:
    rows, cols = len(grid), len(grid[0])
    return all(0 <= c < cols and 0 <= r < rows and grid[r][c] in ".t" and (c, r) not in taken
               for c, r in layout.disc(cell, radius))


def _roster(rng: random.Random, cols: int, per_side: int) -> list[str]:
    """A soldier, then draws from the rest; at most one giant (on maps 20 wide or more), two veterans.
    About two forces of three also have a ranged or area combatant second (an archer, a skirmisher or a
    caster) and may draw more: two archers, one skirmisher and one caster at most."""
    shooters = rng.random() < 0.65
    cap = {"Giant": 1 if cols >= 20 else 0, "Veteran": 2, "Archer": 2 if shooters else 0,
           "Skirmisher": 1 if shooters else 0, "Caster": 1 if shooters else 0}
    roles = ["Soldier"] + ([rng.choice(RANGED_ROLES)] if shooters else [])
    while len(roles) < per_side:
        role = rng.choice([k for k in ROSTER if roles.count(k) < cap.get(k, per_side)])
        roles.append(role)
    return roles


def _draw(folder: Path, seed: int, attempt: int) -> tuple[Generated, list[dict[str, object]], Grid]:
    rng = random.Random(f"gen_skirmish:{seed}:{attempt}")
    axis, index = LAYOUTS[rng.randrange(4)]
    cols = rng.randint(MIN_SIDE, MAX_SIDE)
    rows = rng.randint(max(MIN_SIDE, cols - 12), min(MAX_SIDE, cols + 12))
    features = tuple(sorted(rng.sample(FEATURES, rng.choice((1, 2)))))
    exits = rng.random() < 0.5
    grid = _terrain(rng, features, cols, rows, exits)
    layout = HexLayout(axis, index, 64, 74, 37, cols, rows)
    per_side = min(8, max(3, (cols * rows) // 90))
    roles = _roster(rng, cols, per_side)
    depth = max(4, cols // 4)
    taken: set[tuple[int, int]] = set()
    units: list[dict[str, object]] = []
    placed = []
    facing_a, facing_b = ("e", "w") if axis == "y" else ("ne", "sw")
    for i, role in enumerate(roles):
        spec = ROSTER[role]
        radius = RADIUS[str(spec.get("size", "standard"))]
        for _ in range(300):
            cell = (rng.randrange(1 + radius, depth + radius), rng.randrange(radius, rows - radius))
            twin = (cols - 1 - cell[0], rows - 1 - cell[1])
            if _fits(grid, layout, cell, radius, taken) and _fits(grid, layout, twin, radius, taken):
                break
        else:
            continue  # no room for it: the sides stay equal, one fewer each
        for c in (cell, twin):
            taken.update(layout.disc(c, radius + 1))
        placed.append(role)
        faction = "ally" if i == 1 else "player"
        units.append({"name": f"Blue {role} {i + 1}", "at": cell, "faction": faction, "facing": facing_a, **spec})
        units.append({"name": f"Red {role} {i + 1}", "at": twin, "faction": "enemy", "facing": facing_b, **spec})
    tag = f"{axis}{index}_{cols}x{rows}"
    path = Path(folder) / f"gen_{seed}_{tag}.tmx"
    info = Generated(path, seed, (axis, index), cols, rows, features, exits, tuple(placed))
    return info, units, grid


def problems(path: Path) -> list[str]:
    """What keeps a generated map from being a fair measuring ground: validation errors, or a
    combatant that could never reach a hex from which it could attack a hostile."""
    found = validate_map(str(path))
    if found:
        return found
    enc = Encounter(load_scenario(str(path)))
    views = enc.views()
    if len({v.faction for v in views} & {"player", "ally"}) == 0 or not any(v.faction == "enemy" for v in views):
        return [f"{path.name}: a side has no combatants"]
    out = []
    unlimited = enc.board.rows * enc.board.cols * 4
    zones = enc.threat_zones()
    for v in views:
        can_end = enc.reach_for(v.name, budget=unlimited).can_end
        # The engine's own answer to "from which centres could it strike some hostile with its weapon band"
        # (R21, R28: measured from the footprints' edges), everyone where the map places them.
        strike = zones.strike_hexes(v)[: zones.n].reshape(can_end.shape)
        if not (strike & can_end).any():
            out.append(f"{path.name}: {v.name} at {v.cell[0]},{v.cell[1]} can reach no hostile")
    return out


def generate(folder: str | Path, seed: int) -> Generated:
    """Write the map of ``seed`` into ``folder`` and return what it holds (see the module doc)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    last: list[str] = []
    for attempt in range(ATTEMPTS):
        info, units, grid = _draw(folder, seed, attempt)
        write_map(info.path, ["".join(r) for r in grid], stagger_axis=info.layout[0], stagger_index=info.layout[1],
                  units=units, tile_properties=TILES, title=f"Generated skirmish {seed} ({'+'.join(info.features)})",
                  map_properties={"seed": seed, "description": info.describe()})
        last = problems(info.path)
        if not last:
            return info
        for stale in folder.glob(info.path.stem + "*"):
            stale.unlink()
    raise RuntimeError(f"seed {seed}: no fair map in {ATTEMPTS} attempts; last: {'; '.join(last)}")


def generate_set(folder: str | Path, seeds: range | list[int]) -> list[Generated]:
    return [generate(folder, s) for s in seeds]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("out_dir", metavar="OUT_DIR", help="folder the maps are written to")
    parser.add_argument("seeds", metavar="SEED", type=int, nargs="+", help="one map per seed")
    args = parser.parse_args(argv)
    for s in args.seeds:
        print(generate(args.out_dir, s).describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

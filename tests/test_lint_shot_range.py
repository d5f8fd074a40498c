"""The lint's "could never see a hostile within its range" judges a shot as play does, for large bodies too.

Range is counted from the edge of each footprint (R26, R28, R29): a large body's nearest hex, not whichever
of its hexes is farthest. The lint used to pair any hex of the shooter with any hex of the target, so a
large archer with a minimum range, stuck too close to its only foe, passed as able to shoot, and play then
refused every shot. Each map here is pointy-top, odd rows shifted right, 9 x 5, all water (R5: nobody
walks in) except the land each combatant stands on, so nobody can ever move (terrain alone, the lint's
"any number of turns"). Water never blocks sight (R30): every line here is clear; only range decides.

On an even row a cell (c, r) has the neighbours e (c+1, r), w (c-1, r), ne (c, r-1), nw (c-1, r-1),
se (c, r+1), sw (c-1, r+1); two cells of one row are as far apart as their columns.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.maps.lint import lint_map  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402

NEVER = "could never see a hostile within its range 3-6 from anywhere it can reach (R29, R30)"
# Seen, in range 6, but only ever closer than 3: the line says so rather than that it cannot see (R29).
TOO_CLOSE = ("could never shoot from anywhere it can reach: every hostile it could see within 6 hexes is inside "
             "its minimum range 3 ({}; counted from the edges of both bodies, R26, R29)")

# A large Ogre archer (ranged 3-6) on 3,2: its footprint 3,2 4,2 2,2 3,1 2,1 3,3 2,3 is the only land
# on the west side, so it never moves.
OGRE = {"name": "Ogre", "at": (3, 2), "faction": "enemy", "size": "large", "ranged": "3-6"}
OGRE_ROWS = "ww..wwwww"  # rows 1 and 3: 2,1 3,1 and 2,3 3,3; row 2 holds 2,2 3,2 4,2 and a foe's islet
# A large Troll (no bow) on 4,2: footprint 4,2 5,2 3,2 4,1 3,1 4,3 3,3.
TROLL = {"name": "Troll", "at": (4, 2), "faction": "enemy", "size": "large"}
TROLL_ROWS = "www..wwww"  # rows 1 and 3: 3,1 4,1 and 3,3 4,3; row 2 holds 3,2 4,2 5,2 and the islet


def lint(tmp_path: Path, middle: list[str], units: list[dict[str, object]]) -> list[str]:
    rows = ["wwwwwwwww", *middle, "wwwwwwwww"]
    path = write_map(tmp_path / "m.tmx", rows, units=units, tileset="external")
    return lint_map(path)


def test_a_large_archer_too_close_to_its_only_foe_could_never_shoot(tmp_path: Path) -> None:
    # Hero on an islet at 6,2: 3 from the Ogre's centre, so 3 - 1 = 2 from its nearest hex 4,2: under the
    # minimum 3, no shot ever (play: "out of range: distance 2"). The old pairing took its far hex 2,2,
    # 4 from 6,2, in 3-6 and in sight, and said nothing.
    middle = [OGRE_ROWS, "ww...w.ww", OGRE_ROWS]
    warnings = lint(tmp_path, middle, [OGRE, {"name": "Hero", "at": (6, 2), "faction": "player"}])
    assert f'm.tmx: object 1 "Ogre": {TOO_CLOSE.format("Hero")}' in warnings


def test_one_hex_farther_the_large_archer_can_shoot(tmp_path: Path) -> None:
    # Hero at 7,2: 4 from the centre, 3 from the nearest hex 4,2: in range 3-6, in sight: no such warning.
    middle = [OGRE_ROWS, "ww...ww.w", OGRE_ROWS]
    warnings = lint(tmp_path, middle, [OGRE, {"name": "Hero", "at": (7, 2), "faction": "player"}])
    assert not [w for w in warnings if NEVER in w or "could never shoot" in w]


def test_an_archer_too_close_to_a_large_foe_could_never_shoot(tmp_path: Path) -> None:
    # Bowman (standard, 3-6) on an islet at 1,2; the Troll's centre 4,2 is 3 away, its nearest hex 3,2 only
    # 2: under the minimum, no shot ever. The old pairing took the Troll's far hex 5,2, 4 away, and passed.
    middle = [TROLL_ROWS, "w.w...www", TROLL_ROWS]
    bowman = {"name": "Bowman", "at": (1, 2), "faction": "player", "ranged": "3-6"}
    assert f'm.tmx: object 1 "Bowman": {TOO_CLOSE.format("Troll")}' in lint(tmp_path, middle, [bowman, TROLL])


def test_one_hex_farther_the_archer_can_shoot_the_large_foe(tmp_path: Path) -> None:
    # Bowman at 0,2: 4 from the Troll's centre, 3 from its nearest hex 3,2: in range, in sight.
    middle = [TROLL_ROWS, ".ww...www", TROLL_ROWS]
    bowman = {"name": "Bowman", "at": (0, 2), "faction": "player", "ranged": "3-6"}
    assert not [w for w in lint(tmp_path, middle, [bowman, TROLL]) if NEVER in w or "could never shoot" in w]

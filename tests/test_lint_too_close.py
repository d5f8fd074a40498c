"""The stranded lint names a minimum range, not a narrow way, when an archer is only ever too close to its foe.

To say why a large combatant can never get at a hostile, the lint retries it at standard size. A large
archer with a minimum range hemmed in beside its foe also "succeeds" that way: shrunk, its body's edge
draws back a hex and the foe falls into its band (R26, R29). The lint then blamed a way too narrow for
its footprint, though no way however wide would take it farther off. It now tries the bow without its
minimum range first (R29).

Maps as in test_lint_shot_range.py: pointy-top, odd rows shifted right, 9 x 5, water (R5: nobody walks in;
water never blocks sight, R30) save the land drawn. On an even row a cell (c, r) has the neighbours
e (c+1, r), w (c-1, r), ne (c, r-1), nw (c-1, r-1), se (c, r+1), sw (c-1, r+1); two cells of one row are
as far apart as their columns. A large footprint is its centre and those six (R26).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.maps.lint import lint_map  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402

SEE = 'see docs/map-format.md, "Map lint"'
NARROW = "no way across is wide enough for its footprint"
FOG = {"f": {"terrain": "normal", "blocks_sight": True}}  # open ground that blocks sight (R30)
OGRE = {"name": "Ogre", "at": (3, 2), "faction": "enemy", "size": "large", "ranged": "3-6"}
HERO = {"name": "Hero", "at": (6, 2), "faction": "player"}


def lint(tmp_path: Path, middle: list[str], units: list[dict[str, object]]) -> list[str]:
    rows = ["wwwwwwwww", *middle, "wwwwwwwww"]
    return lint_map(write_map(tmp_path / "m.tmx", rows, units=units, tileset="external", tile_properties=FOG))


def stranded_line(who: str, why: str) -> str:
    return f"m.tmx: {who} can never reach a hostile where the map places them: {why}; {SEE}"


def test_a_large_archer_hemmed_in_beside_its_foe_is_told_its_minimum_range(tmp_path: Path) -> None:
    # The Ogre's footprint on 3,2 (3,2 4,2 2,2 3,1 2,1 3,3 2,3) is all the land west of the water, so it
    # never moves. The Hero on his islet 6,2 is 3 from its centre, 3 - 1 = 2 from its edge hex 4,2: under
    # its minimum 3 (R29), and the only hex it has. Shrunk to standard size it could step to 2,2, 4 from
    # the Hero, and shoot: the old line blamed a way too narrow for its footprint.
    warnings = lint(tmp_path, ["ww..wwwww", "ww...w.ww", "ww..wwwww"], [OGRE, HERO])
    assert stranded_line('object 1 "Ogre" at 3,2 (large, walks, shoots 3-6)',
                         "every hex it can reach is within its minimum range 3 of Hero "
                         "(counted from the edges of both bodies, R26, R29)") in warnings
    assert not [w for w in warnings if NARROW in w]


def test_where_it_can_back_off_out_of_sight_the_line_says_so(tmp_path: Path) -> None:
    # Land columns 1-3 on rows 1-3 and fog (walkable, blocks sight) on 4,2: the Ogre's centre may stand on
    # 3,2 (footprint as above, 4,2 fog) or 2,2 (2,2 3,2 1,2 2,1 1,1 2,3 1,3); any other centre puts a
    # footprint hex in the water. From 3,2 the Hero is 2 from its edge: too close (R29). From 2,2 he is
    # 4 - 1 = 3 away, in range, but unseen (R30): in units of a hex's width, with odd rows shifted half a
    # hex, the Hero's centre is at (6, 2h) (h = 0.866, a row's height) and that footprint's hexes lie at
    # x <= 3 within h of row 2's line; every line from them to him crosses x = 4 less than 0.58 (half a
    # hex's height, 2h/3) off row 2's line, i.e. inside the fog hex 4,2. Neither standing is any good.
    warnings = lint(tmp_path, ["w...wwwww", "w...fw.ww", "w...wwwww"], [OGRE, HERO])
    assert stranded_line('object 1 "Ogre" at 3,2 (large, walks, shoots 3-6)',
                         "from every hex it can reach, Hero is inside its minimum range 3 or out of its range "
                         "or sight (counted from the edges of both bodies, R26, R29, R30)") in warnings


def test_an_archer_beside_a_large_foe_is_told_its_minimum_range(tmp_path: Path) -> None:
    # A standard Bowman (3-6) alone on the islet 1,2; the large Troll's footprint on 4,2 is the land 3,1
    # 4,1 3,2 4,2 5,2 3,3 4,3. The Troll's centre is 3 from him, its edge hex 3,2 only 2: under his minimum.
    # As a flyer he could back off, but the bow, not the water, is what keeps him from the one foe there.
    bowman = {"name": "Bowman", "at": (1, 2), "faction": "player", "ranged": "3-6"}
    troll = {"name": "Troll", "at": (4, 2), "faction": "enemy", "size": "large"}
    warnings = lint(tmp_path, ["www..wwww", "w.w...www", "www..wwww"], [bowman, troll])
    assert stranded_line('object 1 "Bowman" at 1,2 (walks, shoots 3-6)',
                         "every hex it can reach is within its minimum range 3 of Troll "
                         "(counted from the edges of both bodies, R26, R29)") in warnings


def test_one_hex_farther_there_is_no_such_line(tmp_path: Path) -> None:
    # The Hero on 7,2: 4 from the Ogre's centre, 3 from its edge: in range 3-6, in sight over water (R30).
    warnings = lint(tmp_path, ["ww..wwwww", "ww...ww.w", "ww..wwwww"], [OGRE, {**HERO, "at": (7, 2)}])
    assert not [w for w in warnings if "can never reach" in w and "Ogre" in w]

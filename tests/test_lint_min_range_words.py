"""The lint says "too close", not "cannot see", when a bow's minimum range is what keeps it from shooting (R29).

A shooter whose only hostiles in sight are always nearer than its minimum range was told it "could never see a
hostile within its range", and a designer went looking for a wall. Now that line names the hostiles it sees
only too close, the nearest first, two at most and then "and N more"; the stranded line's reason, which
listed every such hostile in a run-on "within its minimum range 3 of A, B and C", reads the same way.

Maps: pointy-top, odd rows shifted right, 9 x 5, water (R5: nobody walks in; water never blocks sight, R30)
save the land drawn; ``#`` is rock, which blocks sight. A cell (c, r) is at axial q = c - (r - r % 2) / 2, and
two cells are max(|dq|, |dr|, |dq + dr|) apart (R1). On row 2 that is the difference of the columns.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.maps.lint import lint_map  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402

SEE = 'see docs/map-format.md, "Map lint"'
EDGES = "counted from the edges of both bodies, R26, R29"


def lint(tmp_path: Path, middle: list[str], units: list[dict[str, object]]) -> list[str]:
    rows = ["wwwwwwwww", *middle, "wwwwwwwww"]
    return lint_map(write_map(tmp_path / "m.tmx", rows, units=units, tileset="external"))


def about(warnings: list[str], name: str) -> list[str]:
    return [w for w in warnings if f'"{name}"' in w and ("could never" in w or "can never reach" in w)]


def test_a_bowman_who_sees_his_foe_only_too_close_is_told_so_not_that_he_is_blind(tmp_path: Path) -> None:
    # The Bowman (3-6) on the islet 1,2 sees the Goblin on 3,2 over the water 2,2, 2 away: under his minimum 3.
    # The Orc on 7,2 is 6 away, in range, but the line along row 2 runs through the rock on 5,2 (R30): never
    # seen. Nobody can move. So every hostile he could ever see is too close: the line says that and names
    # the Goblin, not the Orc he cannot see.
    bowman = {"name": "Bowman", "at": (1, 2), "faction": "player", "ranged": "3-6"}
    goblin = {"name": "Goblin", "at": (3, 2), "faction": "enemy"}
    orc = {"name": "Orc", "at": (7, 2), "faction": "enemy"}
    warnings = lint(tmp_path, ["wwwwwwwww", "w.w.w#w.w", "wwwwwwwww"], [bowman, goblin, orc])
    assert about(warnings, "Bowman") == [
        'm.tmx: object 1 "Bowman" at 1,2 (walks, shoots 3-6) can never reach a hostile where the map places them: '
        f"every hex it can reach is within its minimum range 3 of Goblin ({EDGES}); {SEE}",
        'm.tmx: object 1 "Bowman": could never shoot from anywhere it can reach: every hostile it could see within '
        f"6 hexes is inside its minimum range 3 (Goblin; {EDGES})",
    ]


def test_with_the_rock_gone_he_shoots_the_orc_and_nothing_is_said(tmp_path: Path) -> None:
    # The Orc 6 away along open water: in range 3-6 and in sight, so the Bowman can shoot someone.
    bowman = {"name": "Bowman", "at": (1, 2), "faction": "player", "ranged": "3-6"}
    goblin = {"name": "Goblin", "at": (3, 2), "faction": "enemy"}
    orc = {"name": "Orc", "at": (7, 2), "faction": "enemy"}
    warnings = lint(tmp_path, ["wwwwwwwww", "w.w.www.w", "wwwwwwwww"], [bowman, goblin, orc])
    assert about(warnings, "Bowman") == []


def test_a_rock_between_him_and_his_only_foe_still_reads_as_never_seeing_one(tmp_path: Path) -> None:
    # Only the Orc, behind the rock: too close is not the reason, so the old words stand (R30).
    bowman = {"name": "Bowman", "at": (1, 2), "faction": "player", "ranged": "3-6"}
    orc = {"name": "Orc", "at": (7, 2), "faction": "enemy"}
    warnings = lint(tmp_path, ["wwwwwwwww", "w.www#w.w", "wwwwwwwww"], [bowman, orc])
    assert 'm.tmx: object 1 "Bowman": could never see a hostile within its range 3-6 from anywhere it can reach ' \
           "(R29, R30)" in warnings
    assert not [w for w in warnings if "minimum range" in w]


def test_several_too_close_are_named_the_nearest_first_two_then_how_many_more(tmp_path: Path) -> None:
    # The Bowman (5-6) on the islet 0,2 (q -1). The land 2,2 3,2 4,2 and 3,3 holds, in map order, the Wolf on
    # 4,2 (q 3: 4 away), the Goblin on 2,2 (q 1: 2 away), the Rat on 3,2 (q 2: 3 away) and the Bat on 3,3
    # (q 2, r 3: dq 3, dr 1, 4 away). They may walk that land only, never farther than 4: all in sight over
    # water, all always under his minimum 5. Nearest first: Goblin 2, Rat 3, then Wolf and Bat at 4.
    units = [{"name": "Bowman", "at": (0, 2), "faction": "player", "ranged": "5-6"},
             {"name": "Wolf", "at": (4, 2), "faction": "enemy"}, {"name": "Goblin", "at": (2, 2), "faction": "enemy"},
             {"name": "Rat", "at": (3, 2), "faction": "enemy"}, {"name": "Bat", "at": (3, 3), "faction": "enemy"}]
    warnings = lint(tmp_path, ["wwwwwwwww", ".w...wwww", "www.wwwww"], units)
    assert about(warnings, "Bowman") == [
        'm.tmx: object 1 "Bowman" at 0,2 (walks, shoots 5-6) can never reach a hostile where the map places them: '
        f"every hex it can reach is within its minimum range 5 of each of Goblin, Rat and 2 more ({EDGES}); {SEE}",
        'm.tmx: object 1 "Bowman": could never shoot from anywhere it can reach: every hostile it could see within '
        f"6 hexes is inside its minimum range 5 (Goblin, Rat and 2 more; {EDGES})",
    ]


def test_two_too_close_are_both_named(tmp_path: Path) -> None:
    # As above with only the Wolf (4 away) and the Goblin (2 away): both named, the Goblin first.
    units = [{"name": "Bowman", "at": (0, 2), "faction": "player", "ranged": "5-6"},
             {"name": "Wolf", "at": (4, 2), "faction": "enemy"}, {"name": "Goblin", "at": (2, 2), "faction": "enemy"}]
    warnings = lint(tmp_path, ["wwwwwwwww", ".w...wwww", "wwwwwwwww"], units)
    assert f"every hex it can reach is within its minimum range 5 of each of Goblin and Wolf ({EDGES}); {SEE}" in \
        " ".join(about(warnings, "Bowman"))
    assert f"inside its minimum range 5 (Goblin and Wolf; {EDGES})" in " ".join(about(warnings, "Bowman"))

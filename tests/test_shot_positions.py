"""Where a combatant could shoot some hostile from (fire_zones.shot_positions, under Encounter.attack_positions)
is exactly where play's own rule lets it: ``can_shoot_from`` (R29 range from the footprints' edges, R30 sight over
the pairs of hexes in range), for shooters and targets of every size (R26).

Random maps in all four layouts with walls, arrow slits (blocked but see-through), fog (open but blocks sight) and
trees; every centre whose footprint lies in the grid is asked at once and compared hex by hex with the rule.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Encounter, scenario_from_rows
from game.rules.fire_zones import shot_positions

LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
RADIUS = {"standard": 0, "large": 1, "giant": 2}


@st.composite
def battles(draw: st.DrawFn) -> Encounter:
    archer, foe = draw(st.sampled_from(list(RADIUS))), draw(st.sampled_from(list(RADIUS)))
    cols, rows = draw(st.integers(9, 14)), draw(st.integers(9, 14))
    axis, index = draw(st.sampled_from(LAYOUTS))
    chars = draw(st.lists(st.sampled_from("......#|ft"), min_size=cols * rows, max_size=cols * rows))
    grid = [list(chars[r * cols:(r + 1) * cols]) for r in range(rows)]
    # The archer in the left third, its foe in the right third, a standard wolf anywhere else; open
    # ground under their footprints (which stay inside the grid).
    a = (draw(st.integers(2, cols // 3)), draw(st.integers(2, rows - 3)))
    b = (draw(st.integers(cols - 1 - cols // 3, cols - 3)), draw(st.integers(2, rows - 3)))
    wolf = (cols // 2, draw(st.sampled_from([0, rows - 1])))
    scen = scenario_from_rows(["." * cols] * rows, [], stagger_axis=axis, stagger_index=index)
    for centre, size in ((a, archer), (b, foe), (wolf, "standard")):
        for c, r in scen.board.layout.disc(centre, RADIUS[size]):
            grid[r][c] = "."
    units = [
        {"name": "Archer", "at": a, "faction": "player", "size": archer,
         "ranged": draw(st.sampled_from(["1-6", "2-8", "3-5", "4-4"]))},
        {"name": "Foe", "at": b, "faction": "enemy", "size": foe},
        {"name": "Wolf", "at": wolf, "faction": "enemy"},
    ]
    return Encounter(scenario_from_rows(["".join(r) for r in grid], units, stagger_axis=axis, stagger_index=index))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_shot_positions_are_where_play_lets_it_shoot(enc: Encounter) -> None:
    board = enc.board
    radius = enc.view("Archer").radius
    in_grid = (board.footprint_table(radius) >= 0).all(axis=1)
    flats = np.flatnonzero(in_grid)
    got = shot_positions(enc, "Archer", flats)
    for f, shoots in zip(flats, got, strict=True):
        at = board.cell_of(int(f))
        expected = any(enc.can_shoot_from("Archer", t, at) is None for t in ("Foe", "Wolf"))
        assert bool(shoots) == expected, (at, [enc.can_shoot_from("Archer", t, at) for t in ("Foe", "Wolf")])

"""Ranged danger next turn (R29-R32): where a hostile could shoot or catch in a burst after its move.

The golden cases are one-row maps worked out by hand: on a row of a pointy-top map the hex distance is the
column difference and the line between two hexes of the row crosses every hex between them (R1, R30). The
property test holds the bulk answer to the engine's own shot odds from every hex the shooter could end on.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import NO_SHOT, Begin, Encounter, RulesError, scenario_from_rows, sight_cover_map
from game.rules.sight import sight_cover_windows


def _encounter(row: str, units: list[dict]) -> Encounter:
    enc = Encounter(scenario_from_rows([row], units))
    enc.apply(Begin())
    return enc


def _row(mask: np.ndarray) -> list[int]:
    return [int(x) for x in mask[0]]


HERO = {"name": "Hero", "faction": "player", "defense": 12, "initiative": 9}


def test_a_wall_blocks_the_shot_beyond_it() -> None:
    # The archer may end on 0 or 1 (2 is a wall). From either, 0-2 are seen (the wall hex itself is the line's end,
    # not crossed); every line past the wall crosses it (R30).
    enc = _encounter("..#......", [{"name": "Archer", "at": (0, 0), "faction": "enemy", "move": 1, "ranged": "1-6"},
                                    {**HERO, "at": (8, 0)}])
    d = enc.ranged_danger("Archer")
    assert _row(d.shot) == [1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert not d.burst.any()


def test_out_of_range_after_moving_and_too_close() -> None:
    # Move 2 from 0: it ends on 0, 1 or 2; range 2-4 from there reaches 0 (from 2) and 2-6; hex 1 is within 1 of
    # every end (too close, R29) and 7 beyond 4 of every end.
    enc = _encounter("............", [{"name": "Archer", "at": (0, 0), "faction": "enemy", "move": 2,
                                       "ranged": "2-4"}, {**HERO, "at": (11, 0)}])
    d = enc.ranged_danger("Archer")
    assert _row(d.shot) == [1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    assert _row(d.extra) == [0, NO_SHOT, 0, 0, 0, 0, 0] + [NO_SHOT] * 5


def test_cover_raises_the_defence_where_no_clear_line_is_left() -> None:
    # A tree on 3 gives cover (R31) to every hex past it: each line from 0 or 1 crosses it; 3 itself is the end.
    # Defence 12, ranged attack +3: clear needs 9+ (60 %), through cover 11+ (50 %).
    enc = _encounter("...t......", [{"name": "Archer", "at": (0, 0), "faction": "enemy", "move": 1, "ranged": "1-8",
                                     "ranged_attack": 3}, {**HERO, "at": (9, 0)}])
    d = enc.ranged_danger("Archer")
    assert _row(d.shot) == [1] * 10
    assert _row(d.clear) == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert _row(d.extra) == [0, 0, 0, 0, 2, 2, 2, 2, 2, 2]
    assert [float(x) for x in d.chance_to_hit(12)[0]] == [0.6] * 4 + [0.5] * 6
    # The Hero named as the target: standing next to the archer's only hex in range (0 from 1, 1 from 0) its zone
    # of control threatens the shooter: the threatened-shooter penalty, 2 (R29).
    d = enc.ranged_danger("Archer", against="Hero")
    assert _row(d.extra) == [2, 2, 0, 0, 2, 2, 2, 2, 2, 2]
    threats = enc.ranged_threats_at((5, 0), "Hero")
    assert [(t.name, t.shot, t.clear, t.chance, t.burst) for t in threats] == [("Archer", True, False, 0.5, False)]


def test_a_combatant_between_gives_cover_but_not_the_target_itself() -> None:
    # The Pike on 3 gives cover past it (R31: a hex held by a combatant other than shooter and target); named as
    # the target it has moved to the target hex, so it gives none.
    enc = _encounter("..........", [{"name": "Archer", "at": (0, 0), "faction": "enemy", "move": 0, "ranged": "1-8"},
                                    {**HERO, "at": (9, 0)},
                                    {"name": "Pike", "at": (3, 0), "faction": "player", "threatening": "false"}])
    assert _row(enc.ranged_danger("Archer").clear) == [0, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert _row(enc.ranged_danger("Archer", against="Pike").clear) == [0] + [1] * 8 + [0]  # 9: beyond 8


@pytest.mark.parametrize("row, caught", [
    ("..........", [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]),  # centres 0-3 (range 2 of 0 or 1), radius 1 round them
    ("..#.......", [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]),  # the wall hides 3 from 1: centres 0-2 (R32 sight)
])
def test_a_burst_catches_within_its_radius_of_a_centre_it_could_choose(row: str, caught: list[int]) -> None:
    enc = _encounter(row, [{"name": "Witch", "at": (0, 0), "faction": "enemy", "move": 1, "area_range": 2,
                            "area_radius": 1, "area_uses": 1}, {**HERO, "at": (9, 0)}])
    d = enc.ranged_danger("Witch")
    assert _row(d.burst) == caught
    assert not d.shot.any()
    assert _row(enc.ranged_danger_count("player")) == caught


def test_counts_add_up_the_hostiles_and_leave_friends_out() -> None:
    enc = _encounter("..........", [{"name": "Archer", "at": (0, 0), "faction": "enemy", "move": 0, "ranged": "1-3"},
                                    {"name": "Slinger", "at": (9, 0), "faction": "enemy", "move": 0, "ranged": "1-3"},
                                    {**HERO, "at": (5, 0), "move": 0, "ranged": "1-9"}])
    assert _row(enc.ranged_danger_count("player")) == [0, 1, 1, 1, 0, 0, 1, 1, 1, 0]
    assert _row(enc.ranged_danger_count("enemy")) == [1] * 5 + [0] + [1] * 4
    with pytest.raises(RulesError):
        enc.ranged_danger_count("pirates")


LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


@st.composite
def skirmishes(draw: st.DrawFn) -> Encounter:
    size = draw(st.sampled_from(["standard", "standard", "large"]))
    radius = 1 if size == "large" else 0
    cols, rows = draw(st.integers(7, 11)), draw(st.integers(7, 11))
    axis, index = draw(st.sampled_from(LAYOUTS))
    chars = draw(st.lists(st.sampled_from(".....#t|fd"), min_size=cols * rows, max_size=cols * rows))
    grid = [list("".join(chars[r * cols:(r + 1) * cols])) for r in range(rows)]
    centre = (draw(st.integers(2, cols - 3)), draw(st.integers(2, rows - 3)))
    for dc in range(-radius, radius + 1):
        for dr in range(-radius, radius + 1):
            grid[centre[1] + dr][centre[0] + dc] = "."
    free = [(c, r) for r in range(rows) for c in range(cols)
            if abs(c - centre[0]) > radius + 1 or abs(r - centre[1]) > radius + 1]
    cells = draw(st.lists(st.sampled_from(free), min_size=3, max_size=3, unique=True))
    for c, r in cells:
        grid[r][c] = "."
    units = [
        {"name": "Shooter", "at": centre, "faction": "enemy", "size": size, "move": draw(st.integers(0, 3)),
         "ranged": draw(st.sampled_from(["1-4", "2-5", "3-3"])), "ranged_attack": draw(st.integers(-2, 5)),
         "area_range": draw(st.integers(1, 4)), "area_radius": draw(st.integers(0, 2)), "area_uses": 1},
        {"name": "Hero", "at": cells[0], "faction": "player",
         **draw(st.sampled_from([{}, {"reach": 2}, {"reach": 2, "reach_min": 2}])),
         "defense": draw(st.integers(8, 16))},
        {"name": "Friend", "at": cells[1], "faction": "ally"},
        {"name": "Guard", "at": cells[2], "faction": "player"},
    ]
    enc = Encounter(scenario_from_rows(["".join(r) for r in grid], units, stagger_axis=axis, stagger_index=index))
    enc.apply(Begin())
    return enc


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(skirmishes())
def test_the_bulk_answer_is_the_engines_shot_and_burst_from_every_hex_it_could_end_on(enc: Encounter) -> None:
    shooter, hero = enc.view("Shooter"), enc.view("Hero")
    ends = [shooter.cell] + [c for c, _cost, _stops in enc.reach_for("Shooter", budget=shooter.movement_max)
                             .destinations()]
    # At the Hero's own hex, the target there being the Hero: exactly the shot odds the engine gives from each end
    # (preview_shoot(at=...) in bulk), the least addition to its defence over the legal ones.
    zones = enc.threat_zones()
    odds = zones.shot_odds(shooter, hero, np.array([enc.board.flat(c) for c in ends], dtype=np.int64))
    d = enc.ranged_danger("Shooter", against="Hero")
    col, row = hero.cell
    assert bool(d.shot[row, col]) == bool(odds.legal.any())
    if odds.legal.any():
        added = (odds.needed + odds.penalty - hero.defense)[odds.legal]
        assert int(d.extra[row, col]) == int(added.min())
        assert bool(d.clear[row, col]) == bool((~odds.cover[odds.legal]).any())
    # Bursts: every hex within the radius of a centre some end may cast on (can_cast_from, R32).
    area = shooter.area
    assert area is not None
    want = np.zeros_like(d.burst)
    for end in ends:
        for centre in enc.layout.disc(end, area.range + shooter.radius):
            if enc.board.is_on_map(centre) and enc.can_cast_from("Shooter", centre, origin=end) is None:
                for c in enc.layout.disc(centre, area.radius):
                    if enc.board.is_on_map(c):
                        want[c[1], c[0]] = True
    assert (d.burst == want).all()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(LAYOUTS), st.integers(0, 10**6), st.integers(1, 9))
def test_sight_windows_from_many_hexes_are_one_pass_from_each(layout: tuple[str, str], seed: int, half: int) -> None:
    # sight_cover_windows (every end at once) against sight_cover_map (one hex), hex by hex, edges included.
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(4, 13)), int(rng.integers(4, 13))
    grid = ["".join(rng.choice(list("....#t|f"), cols)) for _ in range(rows)]
    board = scenario_from_rows(grid, [], stagger_axis=layout[0], stagger_index=layout[1]).board
    cover = board.cover | (rng.random((rows, cols)) < 0.1)
    sources = np.array([(c, r) for r in range(rows) for c in range(cols)], dtype=np.int64)
    seen, covered = sight_cover_windows(board, sources, cover, half)
    for k, (c, r) in enumerate(sources.tolist()):
        r0, c0 = max(0, r - half), max(0, c - half)
        one_seen, one_covered = sight_cover_map(board, (c, r), cover, slice(r0, r + half + 1), slice(c0, c + half + 1))
        sub = (slice(r0 - r + half, r0 - r + half + one_seen.shape[0]),
               slice(c0 - c + half, c0 - c + half + one_seen.shape[1]))
        assert (seen[k][sub] == one_seen).all() and (covered[k][sub] == one_covered).all(), (c, r)

"""The enemy-reach overlay (V) marks where a hostile could shoot or burst next turn, after moving (R29-R32), and
hovering such a hex names the shooter with its odds; hovering the archer adds its violet zone to its red one."""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui.overlays import EnemyReach, EnemyReachHover
from tests.scene_harness import frame, hover, key, open_battle

# Pointy-top odd-r, 13x7. The archer stands still (move 0) on 10,3 with range 1-3; the wall on 8,3 hides 7,3
# (the line along row 3 crosses 9,3 and 8,3, R30) and 6,3 is 4 hexes off (R29). 10,0 is 3 off (axial (9,3) to
# (10,0): dq 1, dr -3) with nothing between: in range and in sight, out of its melee reach (1).
TERRAIN = [
    ".............",
    ".............",
    ".............",
    "........#....",
    ".............",
    ".............",
    ".............",
]
UNITS = [
    {"name": "Hero", "at": (1, 3), "faction": "player", "initiative": 20, "defense": 12, "move": 4},
    {"name": "Archer", "at": (10, 3), "faction": "enemy", "initiative": 5, "move": 0, "ranged": "1-3",
     "ranged_attack": 3},
]


def _battle(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = write_map(tmp_path / "range.tmx", TERRAIN, units=UNITS, title="Range")
    scene, screen = open_battle(tmp_path, path, humans=("player",), setup=False)
    frame(scene, screen, 30)
    assert scene.match.encounter.turn == "Hero"
    return scene, screen


def test_v_marks_the_hexes_the_archer_could_shoot_and_the_hover_names_it(tmp_path: Path) -> None:
    scene, screen = _battle(tmp_path)
    key(scene, pygame.K_v)
    frame(scene, screen, 3)
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReach))
    marked = reach.ranged_cells
    assert {(9, 3), (11, 3), (12, 3), (10, 0)} <= marked  # in range 1-3, in sight
    assert (7, 3) not in marked  # behind the wall
    assert (8, 3) not in marked  # the wall itself: nobody stands there (R5)
    assert (6, 3) not in marked and (1, 3) not in marked  # 4 and 9 hexes off
    assert (10, 3) not in marked  # its own hex: 0 is inside its minimum range
    enc = scene.match.encounter
    want = {(c, r) for r in range(7) for c in range(13)
            if enc.ranged_danger_count("player")[r, c] and TERRAIN[r][c] == "."}
    assert marked == want
    names = next(w for w in scene.widgets if isinstance(w, EnemyReachHover))
    hover(scene, (10, 0))
    frame(scene, screen, 2)
    assert names.attackers == []  # out of its blade's reach: the melee count stays 0 there
    assert [(t.name, t.shot, t.clear, t.chance) for t in names.shooters] == [("Archer", True, True, 0.6)]
    hover(scene, (7, 3))
    frame(scene, screen, 2)
    assert names.shooters == []


def test_hovering_the_archer_shows_its_shots_beside_its_blade(tmp_path: Path) -> None:
    scene, screen = _battle(tmp_path)
    frame(scene, screen, 2)

    def pixel(cell: tuple[int, int]) -> tuple[int, ...]:
        # The mean of a 9x9 patch above the centre (clear of a coordinate label): the violet zone is hatched,
        # one pixel may be a light or a dark stripe.
        x, y = (round(v) for v in scene.ctx.cell_to_screen(cell))
        patch = [screen.get_at((x + dx, y - 12 + dy)) for dx in range(-4, 5) for dy in range(-4, 5)]
        return tuple(round(sum(p[i] for p in patch) / len(patch)) for i in range(3))

    before = {c: pixel(c) for c in ((10, 0), (12, 3), (7, 5), (4, 0))}
    pygame.key.set_mods(pygame.KMOD_SHIFT)  # on the player's turn the zone shows with Shift (over the preview)
    try:
        hover(scene, (10, 3))
        frame(scene, screen, 2)
        after = {c: pixel(c) for c in before}
    finally:
        pygame.key.set_mods(0)
    assert after[(10, 0)] != before[(10, 0)]  # only a shot reaches it: violet
    assert after[(12, 3)] != before[(12, 3)]
    assert after[(7, 5)] == before[(7, 5)]  # 4 hexes off (axial (5,5) from (9,3)): untouched
    assert after[(4, 0)] == before[(4, 0)]  # far off: untouched
    r, g, b = after[(10, 0)][:3]
    assert b > before[(10, 0)][2] and g < before[(10, 0)][1]  # bluer, less green: violet, not the red melee zone


def test_the_violet_edge_is_the_outline_every_other_region_gets() -> None:
    # ranged_zone finds its edge with the neighbour table (a bow's zone is thousands of hexes); the sides must be
    # those render.geometry.region_edges gives any region, in all four layouts.
    import random

    from game.maps.pixels import TiledPixels
    from game.render.geometry import region_edges
    from game.rules import scenario_from_rows
    from game.ui.overlays.ranged_zone import _side_corner, region_sides

    for axis, index in (("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")):
        board = scenario_from_rows(["." * 9] * 8, [], stagger_axis=axis, stagger_index=index).board
        rng = random.Random(axis + index)
        cells = {(c, r) for r in range(8) for c in range(9) if rng.random() < 0.5}
        pix = TiledPixels(board.layout)
        ours = set()
        for cell, d in region_sides(board, cells):
            corners, k = pix.cell_corners(cell), _side_corner(board.layout, cell, d)
            ours.add(frozenset((corners[k], corners[(k + 1) % 6])))
        assert ours == {frozenset(edge) for edge in region_edges(board.layout, cells)}, (axis, index)


def test_a_gm_look_at_an_archer_adds_where_it_could_shoot_after_moving(tmp_path: Path) -> None:
    # G, the archer (not to act) selected, R: overlays.ranged shades where it could shoot from where it stands;
    # under it, violet, where it could shoot next turn after moving 2 (the engine's ranged_danger).
    from game.ui.overlays.ranged import shooting_range

    units = [dict(u, move=2) if u["name"] == "Archer" else u for u in UNITS]
    path = write_map(tmp_path / "range.tmx", TERRAIN, units=units, title="Range")
    scene, screen = open_battle(tmp_path, path, humans=("player", "enemy"), setup=False)
    frame(scene, screen, 30)
    key(scene, pygame.K_g)
    scene.ctx.selected = "Archer"
    key(scene, pygame.K_r)
    frame(scene, screen, 3)
    assert scene.ctx.status.startswith("GM look: Archer's shots") and "violet: after moving" in scene.ctx.status
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReach))
    enc = scene.match.encounter
    here = set(shooting_range(enc, "Archer")) - {(8, 3)}  # (the wall: nobody stands there)
    assert here < reach.look_cells  # more than from where it stands
    shot = enc.ranged_danger("Archer").shot
    assert reach.look_cells == {(c, r) for r in range(7) for c in range(13) if shot[r, c] and TERRAIN[r][c] == "."}
    assert "shoot" not in (tmp_path / "battle.jsonl").read_text()

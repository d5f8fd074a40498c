"""Enemy reach counts (Ctrl-V) after an action are worked out over the next frames, not all in the first one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from game.match import Match
from game.render.pg import pygame
from game.rules import EncounterView, EndTurn, Move
from game.ui.context import BattleContext
from game.ui.overlays import EnemyReach
from tests.ui_harness import make_ctx, screen, skirmish


def reach_overlay(zoom_index: int = 4) -> tuple[Match, BattleContext, EnemyReach, pygame.Surface]:
    """The skirmish (default map, combat begun, Mira of the player side to act) with the enemy reach overlay
    on from her side's viewpoint, counting one hostile's zone per frame, and a screen to draw it on."""
    m = skirmish()
    ctx = make_ctx(m, zoom_index=zoom_index)
    ctx.show_enemy_reach = True
    ctx.selected = "Mira"  # the viewpoint stays the player side after her turn ends
    w = EnemyReach()
    w.budget_s = 0.0  # one hostile per frame
    return m, ctx, w, screen()


@contextmanager
def zones_worked_out(enc: EncounterView) -> Iterator[list[str]]:
    """The hostiles whose attack zone ``enc`` works out inside the block, in order (put back after it)."""
    zones: list[str] = []
    real = enc.attack_zone

    def counting(name: str) -> np.ndarray:
        zones.append(name)
        return real(name)

    enc.attack_zone = counting  # type: ignore[method-assign]
    try:
        yield zones
    finally:
        enc.attack_zone = real  # type: ignore[method-assign]


def test_counts_after_an_action_are_spread_over_frames_and_end_as_the_engines() -> None:
    m, ctx, w, s = reach_overlay()
    enc = m.encounter
    w.draw(s, ctx)  # turning the overlay on counts at once: there is nothing older to show
    assert np.array_equal(w.last_counts, enc.enemy_reach_count("player"))
    hostiles = [v.name for v in enc.views() if v.active and v.faction in enc.hostile_factions("player")]
    assert len(hostiles) >= 3

    with zones_worked_out(enc) as zones:
        before = w.last_counts.copy()
        m.submit(Move("Mira", (4, 5)))
        m.submit(EndTurn())
        ctx.version += 2
        w.draw(s, ctx)  # the frame right after the action only starts the recount (the other overlays rebuild)
        assert zones == []
        assert np.array_equal(w.last_counts, before) and w.shown is not None and w.shown[0] < ctx.version
        for i in range(len(hostiles)):  # then one hostile's zone per frame, the old counts still up
            w.draw(s, ctx)
            assert len(zones) == i + 1
            assert np.array_equal(w.last_counts, before)
        assert zones == hostiles  # each hostile once
        w.draw(s, ctx)  # the finished counts are taken up (and painted) in a frame of their own
        assert len(zones) == len(hostiles)
        assert w.shown == (ctx.version, "player")
    assert np.array_equal(w.last_counts, enc.enemy_reach_count("player"))
    assert w.counts.surface is not None


def test_a_new_action_mid_count_starts_the_count_again() -> None:
    m, ctx, w, s = reach_overlay()
    w.draw(s, ctx)
    m.submit(Move("Mira", (4, 5)))
    ctx.version += 1
    w.draw(s, ctx)  # counting for the state after the move...
    m.submit(EndTurn())
    ctx.version += 1  # ...which is already out of date
    for _ in range(20):
        w.draw(s, ctx)
    assert w.shown == (ctx.version, "player")
    assert np.array_equal(w.last_counts, m.encounter.enemy_reach_count("player"))


def test_hovered_names_stay_in_step_with_the_counts_on_screen(monkeypatch) -> None:
    import game.rules.nextturn as nextturn
    from game.ui import overlays
    from game.ui.overlays import EnemyReachHover
    from tests.ui_harness import frame, hover

    m = skirmish()
    ctx = make_ctx(m)
    ctx.show_enemy_reach = True
    ctx.selected = "Mira"
    ws = overlays.widgets()
    reach = next(w for w in ws if isinstance(w, EnemyReach))
    names = next(w for w in ws if isinstance(w, EnemyReachHover))
    reach.budget_s = 0.0
    s = screen()
    hover(ctx, (6, 5))  # next to the goblin
    frame(s, ctx, ws)
    assert reach.last_counts[5, 6] == len(names.attackers) > 0
    computed: list[str] = []
    real = nextturn._attack_zone

    def counting(state, name):
        computed.append(name)
        return real(state, name)

    monkeypatch.setattr(nextturn, "_attack_zone", counting)
    m.submit(Move("Mira", (4, 5)))
    ctx.version += 1
    frame(s, ctx, ws)
    assert computed == []  # the frame right after the action works out no hostile's zone, hover or not
    while reach.shown != (ctx.version, "player"):
        frame(s, ctx, ws)
        assert reach.last_counts[5, 6] == len(names.attackers)  # the names match the count shown under them
    assert len(computed) == len(set(computed))  # each zone once: the hover reuses the recount's
    frame(s, ctx, ws)
    assert names.attackers == m.encounter.next_turn_attackers((6, 5), "Mira")
    assert reach.last_counts[5, 6] == len(names.attackers)


def test_the_new_counts_are_painted_behind_the_old_picture_then_swapped_in() -> None:
    from game.render.pg import pygame

    m, ctx, w, s = reach_overlay(zoom_index=7)  # 200 %: a big layer, many painting steps
    w.counts.budget_s = 0.0  # one step (a few dozen hexes) per frame
    w.draw(s, ctx)
    old = w.counts.surface
    assert old is not None and w.counts.builds == 1
    m.submit(Move("Mira", (4, 5)))
    ctx.version += 1
    frames = 0
    while w.counts.builds == 1:
        w.draw(s, ctx)
        frames += 1
        assert frames < 100
        if w.counts.builds == 1:
            assert w.counts.surface is old  # the previous picture stays up meanwhile
    assert w.shown == (ctx.version, "player")
    assert frames >= 4  # start, a zone per hostile, take up the counts, paint: never all in one frame
    # The picture painted step by step is the one a single pass paints.
    fresh = EnemyReach()
    fresh.draw(s, ctx)
    a, b = w.counts.surface, fresh.counts.surface
    assert a.get_size() == b.get_size() and w.counts.origin == fresh.counts.origin
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_other_side_is_counted_behind_the_scenes_so_a_change_of_viewpoint_counts_over_frames() -> None:
    m, ctx, w, s = reach_overlay()
    enc = m.encounter
    w.draw(s, ctx)  # the player's counts, at once
    with zones_worked_out(enc) as zones:
        players = [v.name for v in enc.views() if v.active and v.faction in enc.hostile_factions("enemy")]
        for _ in range(len(enc.views()) + 4):  # nothing else to count: the other sides' views, one zone a frame
            before = len(zones)
            w.draw(s, ctx)
            assert len(zones) - before <= 1
        assert set(players) <= set(zones)  # the enemy side's counts are the sum of the player side's zones
        zones.clear()
        goblin = next(v.name for v in enc.views() if v.active and v.faction == "enemy")
        ctx.selected = goblin  # the viewpoint passes to the other side (as when the turn changes hands)
        w.draw(s, ctx)
        assert zones == [] and w.last_counts is not None  # its counts are at hand: nothing worked out in this frame
        assert np.array_equal(w.last_counts, enc.enemy_reach_count("enemy"))


def test_a_side_counted_behind_the_scenes_is_counted_again_after_an_action() -> None:
    m, ctx, w, s = reach_overlay()
    for _ in range(12):
        w.draw(s, ctx)
    m.submit(Move("Mira", (4, 5)))
    ctx.version += 1
    goblin = next(v.name for v in m.encounter.views() if v.active and v.faction == "enemy")
    ctx.selected = goblin
    for _ in range(20):
        w.draw(s, ctx)
    assert w.shown == (ctx.version, "enemy")
    assert np.array_equal(w.last_counts, m.encounter.enemy_reach_count("enemy"))


def test_repaints_after_actions_reuse_the_layers_surfaces_and_paint_what_one_pass_paints(monkeypatch) -> None:
    """bench_frames: the counts' box changes size with the zones after most actions, and the repaint asked for a
    surface of exactly the new size: a fresh 8 MB surface after three actions in four on the 64x64 map (5 ms of
    page faults in one frame, the slowest frames left). The two surfaces that take turns are reused whatever
    the box, and the picture is still the one a single pass paints."""
    from game.render.pg import pygame
    from game.ui.overlays import layer as layer_module
    from game.ui.overlays.layer import MapLayer

    m = skirmish()
    ctx = make_ctx(m, zoom_index=7)  # 200 %: big layers
    s = screen()
    rows, cols = m.encounter.board.rows, m.encounter.board.cols

    def build_for(cells: list[tuple[int, int]]):  # type: ignore[no-untyped-def]
        def build():  # type: ignore[no-untyped-def]
            def paint(surf, at, k):  # type: ignore[no-untyped-def]
                for i, c in enumerate(cells):
                    pygame.draw.circle(surf, (200, 40, 30, 120), at(*ctx.geometry.cell_center(c)), 20 * k)
                    if i % 8 == 7:
                        yield
            return cells, paint
        return build

    # Zones of changing extent, as the hostiles' reach changes with each action.
    extents = [(0, 0, cols, rows), (1, 0, cols - 2, rows), (0, 1, cols, rows - 3), (2, 2, cols - 3, rows - 2),
               (0, 0, cols - 1, rows - 1), (1, 1, cols, rows)]
    zones = [[(c, r) for r in range(r0, r1) for c in range(c0, c1)] for c0, r0, c1, r1 in extents]
    layer = MapLayer(supersample=1, progressive=True)
    layer.budget_s = 0.0
    layer.draw(s, ctx, "counts", build_for(zones[0]), version=0)
    real = pygame.Surface
    big: list[tuple[int, int]] = []

    def counting(size, *args, **kwargs):  # type: ignore[no-untyped-def]
        if size[0] * size[1] >= 100_000:
            big.append(tuple(size))
        return real(size, *args, **kwargs)

    monkeypatch.setattr(layer_module.pygame, "Surface", counting)
    boxes = set()
    for version, cells in enumerate(zones[1:], 1):
        builds = layer.builds
        for _ in range(500):
            layer.draw(s, ctx, "counts", build_for(cells), version=version)
            if layer.builds > builds:
                break
        assert layer.surface is not None
        boxes.add(layer.surface.get_size())
    monkeypatch.undo()
    assert len(boxes) >= 4  # the box changed size with the zones
    assert len(big) <= 2  # the second surface, and at most one grown to fit a bigger box
    fresh = MapLayer(supersample=1, progressive=True)
    fresh.draw(s, ctx, "counts", build_for(zones[-1]), version=len(zones) - 1)
    a, b = layer.surface, fresh.surface
    assert a is not None and b is not None
    assert a.get_size() == b.get_size() and layer.origin == fresh.origin
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")

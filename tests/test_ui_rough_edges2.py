"""The window with no rough edges, part 2: what covered a token in small windows, measured on the shipped maps.

- the hovered token's name tag sat on a neighbour ("Wynn 10/10" on Astrid, giants_lair 960x600);
- the AI's reasons box (X) hid the player's tokens bottom left at 800x560;
- the V overlay's pieces of work after an action stacked up in one frame (bench_frames.py --archers);
- the violet ranged zone was faint on the shipped maps' ground;
- a small window's combat log, unfolded, covered the tokens above it.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.tokenart import token_radius_px  # noqa: E402
from tests.scene_harness import frame, hover, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")  # nobody moves while the test points


def discs_under(scene, rect: pygame.Rect, own: str | None = None) -> list[str]:
    """The tokens (other than ``own``) whose disc, as drawn, ``rect`` lies on."""
    ctx = scene.ctx
    out = []
    for name, tok in scene.tokens.items():
        if name == own or tok.alpha <= 0:
            continue
        x, y = ctx.cell_to_screen(tok.cell)
        r = token_radius_px(ctx.hex_radius(), tok.radius)
        if rect.colliderect(pygame.Rect(round(x - r), round(y - r), 2 * r, 2 * r)):
            out.append(name)
    return out


@pytest.mark.parametrize("name,size", [("giants_lair", (960, 600)), ("giants_lair", (800, 560)),
                                       ("ambush", (800, 560))], ids=lambda v: v if isinstance(v, str) else
                         f"{v[0]}x{v[1]}")
def test_a_name_tag_keeps_off_the_other_tokens(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """Hovering each token of the opening view: its tag covers no other token's disc (there is room in a gap
    between its neighbours, within a hex of it), as it keeps off arrows and arc labels."""
    scene, screen = open_battle(tmp_path, MAPS / f"{name}.tmx", humans=EVERYONE, setup=False, size=size)
    frame(scene, screen, 30)
    checked = 0
    for v in scene.match.encounter.views():
        if not v.active or not scene.ctx.view_rect.collidepoint(scene.ctx.cell_to_screen(v.cell)):
            continue
        hover(scene, v.cell)
        frame(scene, screen, 2)
        if scene.ctx.hovered_unit != v.name or scene.view.name_tag is None:
            continue  # a panel over the hex claims the pointer
        checked += 1
        assert discs_under(scene, pygame.Rect(scene.view.name_tag), v.name) == [], v.name
    assert checked >= 5


def test_the_ai_reasons_box_covers_none_of_the_players_tokens_in_a_small_window(tmp_path: Path) -> None:
    """At 800x560 on Harrow Keep the reasons box (X) sat bottom left over Doran, Ilse, Fenn, Sir Bram and Captain
    Vessa through the AI's turns: it now goes to a free spot of the map, clear of the panels."""
    from game.rules import EndTurn

    scene, screen = open_battle(tmp_path, MAPS / "fortress_assault.tmx", humans=("player",), setup=False,
                                size=(800, 560))
    scene.opts.explain_ai = True
    enc = scene.match.encounter
    shown = 0
    for _ in range(500):
        if scene.match.is_human_turn():
            scene.submit(EndTurn())
        frame(scene, screen)
        box = scene.view.explain_rect
        if box is None:
            continue
        shown += 1
        ctx = scene.ctx
        assert scene.ctx.view_rect.contains(box)
        mine = [v.name for v in enc.views() if v.active and v.faction in ("player", "ally")
                and box.colliderect(ctx.token_rect(v.name))]
        assert mine == [], (enc.round, mine)
    assert shown > 50


def test_the_enemy_reach_overlay_does_one_heavy_piece_of_work_a_frame(tmp_path: Path, monkeypatch) -> None:
    """With archers on the field, the V overlay's pieces of work after an action (a blade's zones, a bow's ranged
    danger, repainting the counts, repainting the violet zone, weighing one shooter's odds at the hovered hex)
    each take a few ms on a big map: they now take turns, one a frame, where they used to stack up in the frames
    after an action (bench_frames.py --archers: the 99th percentile frame)."""
    from game.maps.tmxwrite import write_map
    from game.rules import EndTurn
    from game.ui.overlays.layer import MapLayer

    rows = ["." * 22 for _ in range(18)]
    units = []
    for i in range(6):
        for faction, col, facing in (("player", 7, "e"), ("enemy", 14, "w")):
            units.append({"name": f"{faction.capitalize()} {i + 1}", "at": (col, 3 + 2 * i), "faction": faction,
                          "initiative": i, "hp": 14, "attack": 3, "defense": 12, "damage": "1d6+1", "move": 5,
                          "facing": facing, **({"ranged": "2-8", "ranged_attack": 2} if i % 2 == 0 else {})})
    path = write_map(tmp_path / "archers.tmx", rows, units=units, title="Archers")
    scene, screen = open_battle(tmp_path, path, humans=("player",), setup=False)
    frame(scene, screen, 5)
    key(scene, pygame.K_v, pygame.KMOD_CTRL)  # the counts on
    frame(scene, screen, 5)
    assert scene.ctx.show_enemy_reach
    enc = scene.match.encounter
    heavy: list[str] = []
    seen: set[tuple] = set()
    real_danger, real_threats, real_advance = enc.ranged_danger, enc.ranged_threats_at, MapLayer._advance
    real_zone = enc.attack_zone

    def zone(name):
        if "blades" not in heavy:  # the blades' zones added in one frame: one piece of work
            heavy.append("blades")
        return real_zone(name)

    def danger(name, *a, **k):
        key = (scene.ctx.version, name, a, tuple(k.items()))
        if key not in seen:
            seen.add(key)
            heavy.append(f"danger {name}")
        return real_danger(name, *a, **k)

    def threats(*a, **k):
        heavy.append("odds")
        return real_threats(*a, **k)

    def advance(self):
        heavy.append("repaint")
        return real_advance(self)

    monkeypatch.setattr(enc, "attack_zone", zone)
    monkeypatch.setattr(enc, "ranged_danger", danger)
    monkeypatch.setattr(enc, "ranged_threats_at", threats)
    monkeypatch.setattr(MapLayer, "_advance", advance)
    stacked, worked = [], 0
    for _ in range(400):
        if scene.match.is_human_turn():
            scene.submit(EndTurn())
        hover(scene, (11, 8))
        heavy.clear()
        frame(scene, screen)
        worked += bool(heavy)
        if len(heavy) > 1:
            stacked.append(list(heavy))
    assert worked > 5
    assert stacked == []


@pytest.mark.parametrize("name", ["fortress_assault", "ambush"])
def test_the_violet_ranged_zone_reads_on_every_ground_it_covers(tmp_path: Path, name: str) -> None:
    """V on the shipped maps with archers: every hex marked only by the violet zone (no melee count, no token)
    changes by at least 25 levels a channel on average round its middle. The faint tint alone changed Harrow
    Keep's grass by 16 and the ambush's by 20: hard to tell from the ground beside it."""
    import numpy as np

    from game.ui.overlays import EnemyReach

    scene, screen = open_battle(tmp_path, MAPS / f"{name}.tmx", humans=("player", "ally"), setup=False,
                                size=(1280, 800))
    frame(scene, screen, 30)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 798), rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen, 3)
    off = pygame.surfarray.array3d(screen).astype(int)
    key(scene, pygame.K_v, pygame.KMOD_CTRL)
    frame(scene, screen, 40)
    on = pygame.surfarray.array3d(screen).astype(int)
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReach))
    occupied = {v.cell for v in scene.match.encounter.views() if v.active}
    ctx = scene.ctx
    changes = {}
    for c in reach.ranged_cells:
        if reach.last_counts[c[1], c[0]] or c in occupied:
            continue
        x, y = (round(v) for v in ctx.cell_to_screen(c))
        r = int(ctx.hex_radius() * 0.6)
        box = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        if ctx.view_rect.contains(box) and box.collidelist(ctx.panels) < 0:
            changes[c] = float(np.abs(on[box.left:box.right, box.top:box.bottom]
                                      - off[box.left:box.right, box.top:box.bottom]).mean())
    assert len(changes) >= 20
    assert min(changes.values()) >= 25, sorted(changes.items(), key=lambda kv: kv[1])[:3]


@pytest.mark.parametrize("name,size", [("giants_lair", (800, 560)), ("giants_lair", (960, 600)),
                                       ("ship_boarding", (960, 600)), ("fortress_assault", (800, 560))],
                         ids=lambda v: v if isinstance(v, str) else f"{v[0]}x{v[1]}")
def test_the_unfolded_combat_log_covers_no_token(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """A small window's log unfolds while the pointer is on it; unfolded, it covered Grundvald's hp bar on
    giants_lair. It now unfolds only as far as the tokens above it leave room (the wheel shows the rest)."""
    from game.rules import EndTurn
    from game.ui.panels.combat_log import CombatLog

    scene, screen = open_battle(tmp_path, MAPS / f"{name}.tmx", humans=("player", "ally"), setup=False,
                                size=size)
    frame(scene, screen, 10)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    enc = scene.match.encounter
    opened = 0
    for _ in range(60):
        scene.submit(EndTurn())
        scene.anim.skip(scene.tokens)
        frame(scene, screen)
        strip = pygame.Rect(log._box)
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(strip.centerx, strip.bottom - 8),
                                              rel=(0, 0), buttons=(0, 0, 0)))
        frame(scene, screen)
        if not log.open:
            continue
        opened += 1
        box = pygame.Rect(log._box)
        for v in enc.views():
            if v.active:
                disc = scene.ctx.token_rect(v.name)
                disc.height += 6  # its hp bar
                assert not box.colliderect(disc), (v.name, box, disc)
    assert opened >= 10

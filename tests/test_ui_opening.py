"""The battle opens with every token in view and clear of the panels; the camera works on the drawn picture."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.maps import shipped_maps  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.render.tilemap import load_map_art  # noqa: E402
from game.ui.app import HeadlessClock, PlayConfig, battle_scene  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from game.ui.camera import SLACK_PX, TOP_PX, ZOOMS, Camera  # noqa: E402
from game.ui.loop import run_loop  # noqa: E402
from game.ui.scene import SceneStack  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GROWN = ROOT / "tests" / "golden" / "tiled" / "groups_y_even.tmx"  # layer offsets grow the picture up and left
SIZE = (1280, 720)


def open_battle(map_path: Path, tmp_path: Path, size: tuple[int, int] = SIZE, frames: int = 3,
                **cfg: object) -> tuple[BattleScene, pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    config = PlayConfig(map_path=map_path, log_path=tmp_path / "fight.jsonl", seed=1, **cfg)  # type: ignore[arg-type]
    scene = battle_scene(config, map_path, size)
    assert isinstance(scene, BattleScene)
    run_loop(SceneStack(scene), screen, max_frames=frames, clock=HeadlessClock())
    return scene, screen


def token_rects(scene: BattleScene) -> dict[str, pygame.Rect]:
    """Each token's disc on screen: 0.78 hex inradius, +1.42 per footprint ring (R26), as the token layer draws it."""
    ctx = scene.ctx
    out = {}
    for v in ctx.encounter.views():
        if not v.active:
            continue
        x, y = ctx.cell_to_screen(v.cell)
        r = ctx.hex_radius() * (0.78 + 1.42 * v.radius)
        out[v.name] = pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
    return out


@pytest.mark.parametrize("map_path", [m.path for m in shipped_maps()], ids=lambda p: p.stem)
def test_no_token_starts_under_a_panel_or_off_screen(map_path: Path, tmp_path: Path) -> None:
    scene, _ = open_battle(map_path, tmp_path)
    covers = scene.panel_covers()
    assert len(covers) >= 3  # the card, the tracker and the combat log at least
    view = scene.ctx.view_rect
    assert ZOOMS[scene.ctx.zoom_index] >= 0.5  # still readable
    for name, rect in token_rects(scene).items():
        assert view.contains(rect), (name, rect)
        hit = [c for c in covers if c.colliderect(rect)]
        assert not hit, f"{name} at {rect} starts under a panel {hit}"


def test_the_giants_lair_party_is_clear_of_the_card(tmp_path: Path) -> None:
    # The case that was wrong: at the default window the party (left of the map) sat under the card.
    scene, screen = open_battle(ROOT / "maps" / "giants_lair.tmx", tmp_path)
    card = next(w for w in scene.widgets if type(w).__name__ == "CombatantCard")
    rects = token_rects(scene)
    for name in ("Wynn", "Sigrun", "Astrid", "Kell"):
        assert not rects[name].colliderect(card.cover), name


def test_a_human_first_turn_keeps_tokens_clear_of_the_action_bar(tmp_path: Path) -> None:
    # Ship boarding: an ally acts first, so the action bar is up along the bottom.
    scene, _ = open_battle(ROOT / "maps" / "ship_boarding.tmx", tmp_path)
    assert scene.view.buttons
    bar = scene.view.buttons[0][0].rect.unionall([b.rect for b, _ in scene.view.buttons])
    assert not any(r.colliderect(bar) for r in token_rects(scene).values())


def test_the_camera_fits_and_clamps_the_grown_picture() -> None:
    art = load_map_art(GROWN)
    ox, oy = art.origin
    assert ox > 0 and oy > 0  # map pixel (0, 0) lies right of and below the picture's corner
    w, h = art.size
    cam = Camera.for_picture(w, h, art.size, art.origin)
    cam.fit()
    assert cam.zoom == 1.0
    # The whole picture fills the view exactly: its corner (map pixel (-ox, -oy)) at screen (0, 0).
    assert cam.map_to_screen(-ox, -oy) == pytest.approx((0, 0))
    assert cam.map_to_screen(w - ox, h - oy) == pytest.approx((w, h))
    # Panning far up-left stops with the picture's corner, not the grid's: across, in this narrow view, a side
    # panel's width in (SLACK_PX) but never 40 % of it (never a view half empty); down, TOP_PX at most (no
    # panel stands along the view's top, and a quarter of the view there was a black band over the map).
    across = min(max(w / 4, SLACK_PX), 0.4 * w)
    assert across > w / 4  # the narrow case
    cam.jump(-10_000, -10_000)
    assert cam.map_to_screen(-ox, -oy) == pytest.approx((across, TOP_PX))
    cam.jump(10_000, 10_000)
    assert cam.map_to_screen(w - ox, h - oy) == pytest.approx((w - across, h * 3 / 4))


def test_the_battle_frames_the_whole_grown_picture(tmp_path: Path) -> None:
    art = load_map_art(GROWN)
    w, h = art.size
    # A window just big enough for the picture at 100 % (plus the top and status bars).
    scene, screen = open_battle(GROWN, tmp_path, size=(w, h + 36 + 30), frames=2)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    scene.draw(screen, 1.0)
    assert scene.ctx.zoom == 1.0
    ox, oy = art.origin
    assert scene.ctx.to_screen(-ox, -oy) == pytest.approx(scene.ctx.view_rect.topleft)
    # ...and its far corner at the view's far corner: the whole picture shows, none of it is cut off.
    assert scene.ctx.to_screen(w - ox, h - oy) == pytest.approx(scene.ctx.view_rect.bottomright)


def test_a_battle_reads_its_map_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The rules' scenario and the art come from one reading of the TMX (game.maps.read_tmx), not two.
    import game.maps.tmx_adapter as adapter

    reads: list[Path] = []
    real = adapter._read

    def counting(rd):
        reads.append(rd.path)
        return real(rd)

    monkeypatch.setattr(adapter, "_read", counting)
    scene, _ = open_battle(ROOT / "maps" / "giants_lair.tmx", tmp_path, frames=1)
    assert reads == [ROOT / "maps" / "giants_lair.tmx"]
    assert scene.art.title == "The Giant's Hearth" and scene.match.encounter.layout.cols == 22


def grown_map_with_a_token(tmp_path: Path) -> tuple[Path, tuple[int, int]]:
    """The grown golden map (layer offsets up and left) with one combatant at cell 3,2."""
    from game.maps.pixels import TiledPixels
    from game.render.tilemap import load_map_art as art_of

    text = GROWN.read_text(encoding="utf-8").replace('source="../../../assets/', f'source="{ROOT}/assets/')
    x, y = TiledPixels(art_of(GROWN).layout).cell_center((3, 2))
    unit = (f'<objectgroup id="90" name="combatants"><object id="90" name="Hero" type="combatant" x="{x}" y="{y}">'
            '<properties><property name="faction" value="player"/></properties></object></objectgroup>\n</map>')
    path = tmp_path / "grown.tmx"
    path.write_text(text.replace("</map>", unit), encoding="utf-8")
    return path, (3, 2)


def test_the_replay_shows_the_grown_picture_whole_with_tokens_on_their_cells(tmp_path: Path) -> None:
    import numpy as np

    from game.maps import load_scenario
    from game.ui.maplayer import MapLayer
    from game.ui.replay import ReplayScene

    path, cell = grown_map_with_a_token(tmp_path)
    art = load_map_art(path)
    ox, oy = art.origin
    assert ox > 0
    pygame.display.init()
    pygame.font.init()
    screen = pygame.Surface((1280, 720))
    viewer = ReplayScene(load_scenario(path), [], art=art)
    viewer.draw(screen, 1.0)
    z = viewer.camera.zoom
    # The whole picture at the zoom, not squeezed into the grid's size (the battle's map layer).
    assert viewer.maplayer.surface(viewer.camera.zoom_index).get_size() == (round(art.size[0] * z),
                                                                            round(art.size[1] * z))
    # The same map without the token, drawn where the viewer draws it: the token is the difference,
    # and it sits on its cell (map pixel (0, 0) is art.origin into the picture).
    rect = viewer.map_rect  # as last drawn
    ctx = viewer._ctx(rect)
    bare = pygame.Surface(screen.get_size())
    bare.fill((0, 0, 0))
    MapLayer(art).draw(bare, rect, ctx.to_screen(0, 0), viewer.camera.zoom_index)
    shot, plain = pygame.surfarray.array3d(screen), pygame.surfarray.array3d(bare)
    inside = np.zeros(shot.shape[:2], bool)
    inside[rect.left:rect.right, rect.top:rect.bottom] = True
    diff = np.any(shot != plain, axis=2) & inside
    sx, sy = ctx.cell_to_screen(cell)
    r = ctx.hex_radius() * 0.78  # the token disc's radius
    near = np.zeros_like(diff)
    near[round(sx - 1.6 * r):round(sx + 1.6 * r), round(sy - 1.6 * r):round(sy + 1.6 * r)] = True
    assert diff[near].mean() > 0.3  # the token (shadow, wedge, sprite) is drawn on its cell...
    assert (diff & ~near).sum() <= 0.02 * diff.sum()  # ...and (next to) nowhere else
    # It is the battle's token (the shipped sprite, wedge and label), drawn as the battle draws it.
    from game.ui.tokenlayer import draw_tokens, states_from

    bare.set_clip(rect)
    draw_tokens(bare, ctx, states_from(ctx))
    assert np.array_equal(pygame.surfarray.array3d(bare)[inside], shot[inside])


@pytest.mark.parametrize("map_path", [m.path for m in shipped_maps()], ids=lambda p: p.stem)
def test_in_a_narrow_window_setup_opens_with_no_token_under_a_panel(map_path: Path, tmp_path: Path) -> None:
    """At 800x560 in setup the tracker hid the Troll (default), the Sea Witch (ship_boarding) and others, and the
    empty combat log a whole panel's height of the map: the log now grows with its lines, and the map may be
    pulled a side panel's width past the view's edge."""
    scene, _ = open_battle(map_path, tmp_path, size=(800, 560), setup=True)
    covers = scene.panel_covers()
    view = scene.ctx.view_rect
    for name, rect in token_rects(scene).items():
        assert view.contains(rect), (name, rect)
        assert not [c for c in covers if c.colliderect(rect)], f"{name} at {rect} starts under a panel"


def test_a_resize_at_the_opening_view_chooses_it_again_for_the_new_size(tmp_path: Path) -> None:
    """Resizing 1280x720 -> 1024x640 mid-battle left Militia and Grum under the card (fortress_assault): still
    at the opening view, the window now frames the battle again as if it had opened at the new size."""
    fortress = ROOT / "maps" / "fortress_assault.tmx"
    scene, _ = open_battle(fortress, tmp_path / "a")
    small = pygame.Surface((1024, 640))
    for _ in range(2):
        scene.draw(small, 1.0)
    fresh, _ = open_battle(fortress, tmp_path / "b", size=(1024, 640))
    cam, want = scene.ctx.camera, fresh.ctx.camera
    assert (cam.zoom_index, round(cam.cx), round(cam.cy)) == (want.zoom_index, round(want.cx), round(want.cy))
    covers = scene.panel_covers()
    for name, rect in token_rects(scene).items():
        assert not [c for c in covers if c.colliderect(rect)], f"{name} under a panel after the resize"


def test_a_resize_elsewhere_keeps_the_camera_but_brings_the_actor_out_from_under_a_panel(tmp_path: Path) -> None:
    scene, _ = open_battle(ROOT / "maps" / "fortress_assault.tmx", tmp_path)
    actor = scene.match.encounter.turn
    assert actor is not None
    cam = scene.ctx.camera
    x, y = scene.ctx.geometry.cell_center(scene.match.encounter.view(actor).cell)
    cam.jump(x - 250, y)  # panned so the actor sits right of centre: at 1280 px clear of the tracker...
    small = pygame.Surface((800, 560))  # ...which, in a narrow window, comes over it
    for _ in range(90):  # the glide, a second and a half
        scene.update(1 / 60)
        scene.draw(small, 1.0)
    covers = scene.panel_covers()
    rect = token_rects(scene)[actor]
    assert scene.ctx.view_rect.contains(rect) and not [c for c in covers if c.colliderect(rect)]


@pytest.mark.parametrize("map_path", [m.path for m in shipped_maps()], ids=lambda p: p.stem)
def test_in_a_narrow_window_combat_opens_with_no_token_under_a_panel(map_path: Path, tmp_path: Path) -> None:
    """At 800x560 in combat the full card (~260x280) and tracker (~240x265) left about 300 px of map: Archer 1
    and 2 started under the tracker (fortress_assault), Wren under the card (default). The panels go compact
    in a small window, and every combatant starts in plain sight, at a readable zoom."""
    scene, _ = open_battle(map_path, tmp_path, size=(800, 560))
    assert scene.match.encounter.phase == "active"
    covers = scene.panel_covers()
    assert len(covers) >= 3  # the card, the tracker and the combat log at least
    view = scene.ctx.view_rect
    assert ZOOMS[scene.ctx.zoom_index] >= 0.5
    for name, rect in token_rects(scene).items():
        assert view.contains(rect), (name, rect)
        assert not [c for c in covers if c.colliderect(rect)], f"{name} at {rect} starts under a panel"


def test_the_opening_view_keeps_tokens_clear_of_the_room_the_log_grows_into_at_no_cost_in_zoom() -> None:
    """At 800x560 the goblin's first move grew the combat log over Orc 2 (default): the opening view also keeps
    clear of the log's next lines where a centre at the same zoom can, and never zooms out for them."""
    from game.ui.framing import Disc, opening_view

    def opened(soon: list[pygame.Rect]) -> tuple[int, pygame.Rect]:
        cam = Camera(800, 494, 1600, 1000)
        assert opening_view(cam, [Disc(800, 500, 30)], [], [soon]) == (0, 0)
        x, y = cam.map_to_screen(800, 500)
        r = 30 * cam.zoom
        return cam.zoom_index, pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))

    zoom, disc = opened([])
    assert disc.collidepoint(400, 247)  # alone, the token sits in the middle...
    growing = [pygame.Rect(300, 200, 400, 120)]
    zoom_soon, disc_soon = opened(growing)
    assert zoom_soon == zoom and not disc_soon.colliderect(growing[0])  # ...clear of the log's room, as close
    everywhere = [pygame.Rect(0, 0, 800, 494)]
    assert opened(everywhere) == (zoom, disc)  # room nothing can keep clear of is not kept clear of


def hp_bars(scene: BattleScene) -> dict[str, pygame.Rect]:
    """Each token's hp bar with its outline, on screen, as the token layer draws it (game.ui.tokenlayer)."""
    from game.ui.tokenart import token_radius_px

    ctx = scene.ctx
    out = {}
    for name, tok in scene.tokens.items():
        x, y = ctx.cell_to_screen(tok.cell)
        r = token_radius_px(ctx.hex_radius(), tok.radius)
        bar = pygame.Rect(0, 0, max(16, int(r * 1.6)), max(4, r // 6))
        bar.midtop = (round(x), round(y + r + 2))
        out[name] = bar.inflate(2, 2)
    return out


def hidden_tokens(scene: BattleScene) -> list[str]:
    """Tokens whose disc or hp bar is off the map area or under a panel, as last drawn."""
    covers, view = scene.panel_covers(), scene.ctx.view_rect
    discs, bars = token_rects(scene), hp_bars(scene)
    return sorted(n for n in discs if any(not view.contains(r) or r.collidelist(covers) >= 0
                                          for r in (discs[n], bars[n])))


def press_home_after_panning(scene: BattleScene, screen: pygame.Surface) -> None:
    scene.ctx.camera.jump(scene.ctx.camera.cx + 400, scene.ctx.camera.cy + 300)
    scene.draw(screen, 1.0)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    scene.draw(screen, 1.0)


def to_first_human_turn(scene: BattleScene, screen: pygame.Surface) -> None:
    """Play the AI's opening turns out, as the window shows them, until a human's turn has begun and settled."""
    enc, humans = scene.match.encounter, {f for f, c in scene.match.controllers.items() if c == "human"}
    for _ in range(3000):
        scene.update(1 / 60)
        scene.draw(screen, 1.0)
        if enc.turn is not None and enc.view(enc.turn).faction in humans and not scene.anim.queue:
            break
    for _ in range(60):
        scene.update(1 / 60)
        scene.draw(screen, 1.0)
    assert scene.view.buttons  # the action bar is up


def test_at_800x560_the_giants_lair_opens_with_every_hp_bar_in_sight_and_home_returns_there(tmp_path: Path) -> None:
    """The framing counts each token's hp bar as drawn (a giant's is taller than a goblin's), and Home, after a
    pan, frames the same view again."""
    scene, screen = open_battle(ROOT / "maps" / "giants_lair.tmx", tmp_path, size=(800, 560))
    assert hidden_tokens(scene) == []
    cam = scene.ctx.camera
    opening = (cam.zoom_index, cam.cx, cam.cy)
    press_home_after_panning(scene, screen)
    assert (cam.zoom_index, cam.cx, cam.cy) == opening
    assert hidden_tokens(scene) == []


def test_the_giants_lair_first_turn_and_home_keep_grundvald_clear_of_the_full_combat_log(tmp_path: Path) -> None:
    """At 1280x800 the goblins' first moves slid the map (a goblin near the view's edge) and grew the log over
    Grundvald's hp bar before the player's first turn; Home then went back to where the log, full now, hid it.
    The opening view keeps clear of the log as it will be and of the action bar, holds while every AI actor stays
    in sight, and Home frames the battle as it stands."""
    scene, screen = open_battle(ROOT / "maps" / "giants_lair.tmx", tmp_path, size=(1280, 800))
    to_first_human_turn(scene, screen)
    assert hidden_tokens(scene) == []
    press_home_after_panning(scene, screen)
    assert hidden_tokens(scene) == []


def test_home_shows_everyone_clear_of_the_panels_at_the_smallest_size(tmp_path: Path) -> None:
    """At 800x560, with the log full and the action bar up, the party and Grundvald could not all show at a
    readable zoom: Home kept the party in sight and said Grundvald was left under a panel. A small window's log
    now folds to its newest lines, and Home shows them all clear of the panels, with nothing to excuse."""
    scene, screen = open_battle(ROOT / "maps" / "giants_lair.tmx", tmp_path, size=(800, 560))
    to_first_human_turn(scene, screen)
    press_home_after_panning(scene, screen)
    assert hidden_tokens(scene) == []
    assert not scene.ctx.status.startswith("Home: ")


def test_the_map_stops_short_of_the_view_top_by_no_more_than_a_labels_room(tmp_path: Path) -> None:
    """Playing the ambush at 1200x760 the map often stopped 75-115 px short of the window's top, a black band over
    the board, when the camera glided to a token in the top rows (and giants_lair opened with 112 px of it, its
    bottom rows cut off). No panel stands along the view's top, so panning up stops with the map's top edge at
    most TOP_PX into the view; along the bottom, where the action bar and the combat log stand, the map may still
    be panned a quarter of the view up to bring a token out from under them."""
    scene, screen = open_battle(ROOT / "maps" / "ambush.tmx", tmp_path, size=(1200, 760), frames=2)
    cam = scene.ctx.camera
    vr = scene.ctx.view_rect
    for zoom in (0.8, 1.0, 1.5):
        cam.zoom_index = ZOOMS.index(zoom)
        cam.drag(0, 2000)  # the map dragged down as far as it goes
        scene.director.glide = None
        scene.draw(screen, 1.0)
        top = scene.ctx.to_screen(cam.left, cam.top)[1]
        assert top - vr.top <= TOP_PX, (zoom, top - vr.top)
        cam.drag(0, -4000)  # and up as far as it goes: the bottom may still leave room over the action bar
        bottom = scene.ctx.to_screen(cam.left + cam.map_w, cam.top + cam.map_h)[1]
        assert vr.bottom - bottom == pytest.approx(vr.height / 4, abs=1), zoom

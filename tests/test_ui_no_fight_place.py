"""The "Nothing to fight" banner hides no token, panel or button, and still stands at the top of the map.

Found: the Greenway (ambush.tmx) made friendly, at 1280x800: the banner, at a fixed spot between the card's column
and the tracker, covered Bandit Archer 1 (and at 960x600 the Bandit Chief as well), while it asks the GM to look
around the map. Now it slides to the nearest place at the top that hides nothing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.panels import CombatantCard, InitiativeTracker, NoFightBanner  # noqa: E402
from game.ui.tokenlayer import token_shapes  # noqa: E402
from tests.scene_harness import frame, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
SIZES = [(1280, 720), (1280, 800), (960, 600), (1920, 1080)]


def _greenway_at_peace(tmp_path: Path) -> Path:
    """ambush.tmx with the bandits made players and the map's hostile pairs dropped: nobody is anybody's foe."""
    text = (MAPS / "ambush.tmx").read_text()
    text = text.replace('value="enemy"', 'value="player"')
    text = re.sub(r'<property name="hostile"[^>]*/>', "", text)
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets").symlink_to(MAPS.parent / "assets")  # the map's ../assets/ tilesets
    path = tmp_path / "maps" / "peace.tmx"
    path.write_text(text)
    return path


def _widget(scene, kind):
    return next(w for w in scene.widgets if isinstance(w, kind))


@pytest.mark.parametrize("gm", [False, True], ids=["player", "gm"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_banner_hides_no_token_panel_or_button(tmp_path: Path, size: tuple[int, int], gm: bool) -> None:
    scene, screen = open_battle(tmp_path, _greenway_at_peace(tmp_path), humans=("player",), setup=False, size=size)
    frame(scene, screen, 10)
    if gm:  # the GM card opens at the left
        key(scene, pygame.K_g)
        frame(scene, screen, 5)
    banner = _widget(scene, NoFightBanner).cover
    assert banner is not None
    hidden = [n for n, d in token_shapes(scene.ctx).items() if banner.colliderect(d.bounds)]
    assert hidden == []
    panels = [c for kind in (CombatantCard, InitiativeTracker) if (c := _widget(scene, kind).cover) is not None]
    if gm:
        from game.ui.gm import GMTools
        panels += [c for c in [_widget(scene, GMTools).cover] if c is not None]
    panels += [pygame.Rect(b.rect) for b, _ in scene.view.buttons]  # Begin battle
    assert [p for p in panels if banner.colliderect(p)] == []
    view = scene.ctx.view_rect
    assert view.contains(banner)
    # Still the first thing read: it starts in the top quarter of the map area.
    assert banner.top < view.top + view.height // 4, (banner, view)


def test_bandit_archer_1_is_in_view_at_1280x800(tmp_path: Path) -> None:
    """The case found: the banner covered the archer at the top of the map; now his disc is clear of it."""
    scene, screen = open_battle(tmp_path, _greenway_at_peace(tmp_path), humans=("player",), setup=False,
                                size=(1280, 800))
    frame(scene, screen, 10)
    banner = _widget(scene, NoFightBanner).cover
    archer = scene.ctx.token_rect("Bandit Archer 1")
    assert banner is not None and scene.ctx.view_rect.contains(archer)
    assert not banner.colliderect(archer)


def _blocked(scene) -> list[pygame.Rect]:
    """What the banner keeps off, as the window stands now: every token as drawn (with its 2 px of air) and the
    card and the tracker (with theirs)."""
    tokens = [d.bounds.inflate(4, 4) for d in token_shapes(scene.ctx).values()]
    panels = [c.inflate(12, 12) for kind in (CombatantCard, InitiativeTracker)
              if (c := _widget(scene, kind).cover) is not None]
    return tokens + panels


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_banner_holds_still_while_the_map_is_panned(tmp_path: Path, size: tuple[int, int]) -> None:
    """The Greenway at peace: the banner's home covers a bandit, so it stands aside. Dragging the map 12 px at a
    time across and back, the tokens slide under the top of the map; the banner keeps its place while no token
    comes under it, and moves only on a step where staying would have covered one (it re-picked the nearest free
    place every frame and slid along with the tokens). It still never hides a token."""
    scene, screen = open_battle(tmp_path, _greenway_at_peace(tmp_path), humans=("player",), setup=False, size=size)
    frame(scene, screen, 10)
    banner = _widget(scene, NoFightBanner)
    assert banner.cover is not None
    moves, steps = 0, 0
    for dx, dy in [(-12, 0)] * 12 + [(0, 12)] * 4 + [(12, 0)] * 20:
        before = pygame.Rect(banner.cover)
        scene.ctx.camera.drag(dx, dy)
        frame(scene, screen, 1)
        now = banner.cover
        assert now is not None
        blocked = _blocked(scene)
        if now != before:
            moves += 1
            # it moved only because its old place now hid a token (or a panel)
            assert before.collidelist(blocked) >= 0, (before, now)
        assert [n for n, d in token_shapes(scene.ctx).items() if now.colliderect(d.bounds)] == []
        steps += 1
    # ...and where it must move it lands with room round it, so the pan does not push it along a step at a time
    # (re-picked every frame it moved on 32 and 33 of these 36 steps at 1280x800 and 960x600; kept while free but
    # landing with no room round it, 12 at either size; now 3 and 6: the top of the map is crowded at 960x600)
    assert steps == 36 and moves < steps // 3, moves

"""A fresh-eyes pass over the window (the Greenway at 1024x640, played with the mouse): what a player saw.

- P at the opening view frames the map again for the room the panels leave, so the map jumps under a resting
  pointer; the first frame after it still showed what had been under the pointer before the jump (Brother
  Odo's name tag, with the pointer on Lysa), the right one a frame later. The same after a resize.
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


def token_under(scene, pos: tuple[int, int]) -> str | None:
    """The token whose disc, as drawn now, holds screen pixel ``pos``."""
    ctx = scene.ctx
    for name, tok in scene.tokens.items():
        x, y = ctx.cell_to_screen(tok.cell)
        r = token_radius_px(ctx.hex_radius(), tok.radius)
        if tok.alpha > 0 and (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= r * r:
            return name
    return None


@pytest.mark.parametrize("how", ["panels", "resize"])
def test_the_frame_after_the_map_jumps_names_the_token_under_the_pointer(tmp_path: Path, how: str) -> None:
    """Resting on Lysa, P twice (or the window resized and back) at the opening view: the map is framed again
    under the pointer, and every frame's name tag is that of the token the pointer is on in that frame."""
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1024, 640))
    frame(scene, screen, 30)
    lysa = scene.tokens["Lysa"].cell
    hover(scene, lysa)
    frame(scene, screen, 3)
    assert scene.ctx.hovered_unit == "Lysa"
    jumped = 0
    for step in range(2):
        start = scene.ctx.cell_to_screen(lysa)
        if how == "panels":
            key(scene, pygame.K_p)
        else:
            screen = pygame.display.set_mode((900, 600) if step == 0 else (1024, 640))
            scene.resize(screen.get_size())
        for _ in range(3):
            frame(scene, screen, 1)
            under = token_under(scene, scene.ctx.mouse)
            assert scene.ctx.hovered_unit == under, (step, scene.ctx.hovered_unit, under)
        jumped += scene.ctx.cell_to_screen(lysa) != start
    assert jumped == 2  # the map did move under the pointer both times: the case this is about


def test_the_trackers_cut_names_still_tell_the_charcoal_burners_apart(tmp_path: Path, monkeypatch) -> None:
    """At 1024x640 the tracker is too narrow for "Charcoal Burner 1": both rows read "Charcoal Burne…". A name
    cut short keeps its number: the two rows differ, each ends in its own number, and each fits its row."""
    from game.ui import theme

    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1024, 640))
    frame(scene, screen, 30)
    tracker = next(w for w in scene.widgets if type(w).__name__ == "InitiativeTracker")
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def spy(surf, s, *args, **kw):
        r = real(surf, s, *args, **kw)
        drawn.append((s, r))
        return r

    monkeypatch.setattr(theme, "text", spy)
    centre = tracker.cover.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(20):  # the wheel, down to the burners' rows (last in the order)
        scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0,
                                              flipped=False, which=0, touch=False))
    drawn.clear()
    frame(scene, screen, 1)
    burners = [(s, r) for s, r in drawn if s.startswith("Charcoal") and tracker.cover.contains(r)]
    assert sorted(s[-1] for s, _ in burners) == ["1", "2"], burners
    assert all(r.right <= tracker.cover.right for _, r in burners)


def test_a_window_asked_larger_than_the_screen_fits_the_screen(tmp_path: Path) -> None:
    """``--size 1600x900`` on a smaller screen (the dummy display's desktop is 1024x768): the window opens no
    larger than the screen, so the tracker and the log at its right end are in sight, and the battle is laid out
    for that size (its view ends at the window's edge)."""
    from game.ui.app import PlayConfig, play

    pygame.display.init()
    desk = pygame.display.get_desktop_sizes()[0]
    assert desk[0] < 1600 or desk[1] < 900  # the case this is about
    cfg = PlayConfig(map_path=MAPS / "ambush.tmx", log_path=tmp_path / "b.jsonl", size=(1600, 900), frames=3)
    scene = play(cfg).stack.top
    view = scene.ctx.view_rect  # the map area: the whole window's width, between the top and status bars
    assert view.width <= desk[0] and view.bottom <= desk[1]
    assert view.width == min(1600, desk[0])


@pytest.mark.parametrize("name,k", [("Lysa", pygame.K_i), ("Bandit 2", pygame.K_l)], ids=["I card", "L legend"])
def test_the_name_tag_is_clear_of_a_panel_on_the_frame_it_opens(tmp_path: Path, name: str, k: int) -> None:
    """Resting on a token whose name tag lies where a panel is about to open (I: the full card over Lysa's tag;
    L: the legend over Bandit 2's), the key pressed: from the very first frame the tag is clear of the panels
    as drawn that frame (it sat under the card or the legend for one frame, then jumped out from under it)."""
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1024, 640))
    frame(scene, screen, 30)
    hover(scene, scene.tokens[name].cell)
    frame(scene, screen, 3)
    before = pygame.Rect(scene.view.name_tag)
    key(scene, k)
    for step in range(3):
        frame(scene, screen, 1)
        tag = pygame.Rect(scene.view.name_tag)
        panels = scene.view.panel_covers(scene.widgets)
        assert tag.collidelist(panels) < 0, (step, tag, panels)
        if step == 0:
            assert tag != before  # the panel did open over where the tag was: the case this is about


def test_the_toggles_say_so_alike(tmp_path: Path) -> None:
    """V and Ctrl-V toggle the same enemy-reach counts: the status line says the same words for both (Ctrl-V said
    a shorter, older sentence without the violet zone). L's words open with a capital like every other toggle's
    ("Panels shown (P hides them)", not "legend shown (L hides it)"); C, which said nothing, says so too."""
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1024, 640))
    frame(scene, screen, 30)
    said = []
    for mod in (0, pygame.KMOD_CTRL):
        key(scene, pygame.K_v, mod)
        frame(scene, screen, 1)
        said.append(scene.ctx.status)
        assert scene.ctx.show_enemy_reach
        key(scene, pygame.K_v, mod)
        frame(scene, screen, 1)
        said.append(scene.ctx.status)
        assert not scene.ctx.show_enemy_reach
    assert said[0] == said[2] and said[1] == said[3], said
    assert "violet" in said[0]
    for k in (pygame.K_l, pygame.K_p, pygame.K_c):
        for _ in range(2):
            before = scene.ctx.status
            key(scene, k)
            frame(scene, screen, 1)
            assert scene.ctx.status != before and scene.ctx.status[:1].isupper(), scene.ctx.status


@pytest.mark.parametrize("name,size", [("fortress_assault", (1400, 900)), ("ambush", (1024, 640))])
def test_facing_arc_labels_leave_the_move_costs_readable(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """Pointing at each token with the actor's reach shaded: no facing-arc label covers a hex's move-cost number
    (the dark disc at its centre). Captain Vessa's own "left −2" and "right −2" sat on the "1"s of the hexes beside
    her at Harrow Keep: what a step there costs, hidden by the label of that side."""
    from game.ui.overlays.arcs import FacingArcs

    scene, screen = open_battle(tmp_path, MAPS / f"{name}.tmx", humans=("player", "ally"), setup=False, size=size)
    frame(scene, screen, 30)
    enc, ctx = scene.match.encounter, scene.ctx
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    r = ctx.hex_radius() * 0.28  # game.render.overlays.cost_badge's disc
    numbers = []
    for cell, _, _ in enc.reach_for(enc.turn).destinations():
        x, y = ctx.cell_to_screen(cell)
        numbers.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    shown = 0
    for tok_name, tok in scene.tokens.items():
        hover(scene, tok.cell)
        frame(scene, screen, 2)
        if arcs.shown != tok_name:
            continue
        shown += 1
        for label in arcs.label_rects:
            assert label.collidelist(numbers) < 0, (tok_name, label)
    assert shown >= 8

"""The attack, shove and GM push previews are short: the odds and the damage in the first row, at most six rows
about 300 px wide, the roll's breakdown while Alt is held. Before, on the Giant's Hearth at 1280x800 a blow's
preview was 391x254 px (twelve rows) and buried a token wherever it went; the GM's push tip on the ambush at
zoom 0.8 was up to 552 px wide and sat on four tokens at once."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.rules import Begin  # noqa: E402
from game.ui import overlays  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.gm import GMTools  # noqa: E402
from game.ui.overlays import ActionPreview  # noqa: E402
from tests.detail_key import alt_held  # noqa: E402
from tests.scene_harness import frame as scene_frame  # noqa: E402
from tests.scene_harness import key, open_battle  # noqa: E402
from tests.test_ui_room import HIDES, hidden, sweep_tips  # noqa: E402
from tests.ui_harness import frame, hover, make_ctx, screen, skirmish  # noqa: E402

MAPS = Path(__file__).resolve().parent.parent / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")
ROWS, WIDE = 6, 340  # a short preview: six rows, about 320 px (a two-digit hex in the step row reaches 332)


def test_the_short_attack_preview_leads_with_the_odds_and_alt_shows_how_the_roll_is_worked_out() -> None:
    """Mira (attack 4, 1d6+1) on the Goblin (defence 13, 7 hp) from 8,4, its right flank (R19, −2), by hand:
    d20 + 4 >= 13 − 2 needs 7+, 14 faces of 20 = 70 %; a hit deals 2–7; defeated on a 6: 0.7 / 6 = 12 %."""
    m = skirmish()
    ctx, ws, s = make_ctx(m), overlays.widgets(), screen()
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    p = next(w for w in ws if isinstance(w, ActionPreview))
    short = p.lines or []
    said = [ln.text for ln in short]
    assert said[0] == "Attack Goblin: 70 % to hit, 2–7 dmg" and short[0].bold
    assert said[1:4] == ["right flank: defence −2 · needs 7+", "Chance to defeat Goblin: 12 %",
                         "from 8,4: first click moves there, next attacks"]
    assert said[-1] == "hold Alt: how the roll is worked out" and "How the roll is worked out" not in said
    w, _ = th.lines_size(short, 280)
    assert len(short) <= ROWS and w <= WIDE, (w, said)
    with alt_held():
        frame(s, ctx, ws)
    full = [ln.text for ln in p.lines or []]
    assert "How the roll is worked out" in full and "Hits on 7+ (70 %)" in full
    assert "A hit deals 2–7 damage (4.5 on average)" in full


@pytest.mark.parametrize(("map_name", "size"), [("giants_lair.tmx", (1280, 800)), ("giants_lair.tmx", (1024, 768)),
                                                ("fortress_assault.tmx", (1280, 800))])
def test_every_blow_preview_is_short_says_its_odds_first_and_hides_no_token(map_name: str,
                                                                            size: tuple[int, int]) -> None:
    """Point at every token and hex: each attack preview (offered or not) has at most six rows and is at most
    340 px wide; an offered blow's first row gives its chance to hit and its damage; no preview hides a token
    (before, at 1280x800 on the Giant's Hearth each of the 16 did, 391x254 px)."""
    seen = [s for s in sweep_tips(map_name, size, Path(tempfile.mkdtemp()))
            if any(w in s["lines"][0].lower() for w in ("attack", "shove"))]
    assert len(seen) >= 10
    bad = []
    for s in seen:
        tip, lines = s["tip"], s["lines"]
        where = f"at {s['at']}: {tuple(tip.size)} {lines}"
        if len(lines) > ROWS or tip.width > WIDE:
            bad.append(f"too big {where}")
        if lines[0].startswith("Attack ") and not ("% to hit" in lines[0] and "dmg" in lines[0]):
            bad.append(f"odds not first {where}")
        shows = [n for n, t in s["tokens"].items() if hidden(tip, t) > HIDES]
        if shows:
            bad.append(f"hides {shows} {where}")
    assert not bad, "\n".join(bad[:8])


def test_the_gm_push_tip_is_short_level_with_its_direction_and_hides_a_token_at_most(tmp_path: Path) -> None:
    """On the ambush at zoom 0.8, every combatant selected, every push direction pointed at: the tip stays beside
    the card level with the direction button, at most 330 px wide, and covers at most one token (it sat on up to
    four, 552 px wide)."""
    scene, s = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1280, 800))
    scene.submit(Begin())
    scene.anim.skip(scene.tokens)
    scene_frame(scene, s)
    key(scene, pygame.K_g)
    ctx = scene.ctx
    ctx.camera.zoom_to(3, 640, 400)
    ctx.version += 1
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    enc = ctx.encounter
    seen, bad = 0, []
    for v in [v for v in enc.views() if v.active]:
        ctx.selected = v.name
        scene_frame(scene, s)
        for b in [b for b in gm.buttons if isinstance(b.key, tuple) and b.key[0] == "push"]:
            scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                                  buttons=(0, 0, 0)))
            scene_frame(scene, s)
            tip = gm.push_tip
            if tip is None:
                continue
            seen += 1
            under = [w.name for w in enc.views() if w.active and w.name != v.name
                     and hidden(tip, ctx.token_rect(w.name)) > HIDES]
            if tip.width > 330 or not (tip.top < b.rect.bottom and tip.bottom > b.rect.top) or len(under) > 1:
                bad.append(f"{v.name} {b.key}: {tuple(tip)} over {under}")
    assert seen >= 60 and not bad, "\n".join(bad[:8])

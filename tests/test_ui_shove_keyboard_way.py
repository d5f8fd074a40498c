"""A keyboard-only player chooses a shove's way, whatever hex the mouse pointer last rested on: Tab to the foe shows
the way from where the actor stands, W / Shift+W step through the others, the preview shows where the foe lands and
what it suffers there, and Enter applies exactly the way shown (R22). Before, the pointer's last resting hex beside
the foe chose the way Tab showed first, and the hex the shove was made from.

The pen, worked out by hand (pointy-top, odd rows shifted right), as in test_ui_shove_keys but with a foe whose
defence a shove always beats (R21/R22: d20 + attack 3 >= defence 4 on any roll, no flank penalty needed), so what
Enter does is certain:

    row 0  # # # # # # #
    row 1  # . . c . . #      3,1 chasm
    row 2  # . L O h . #      Lysa on 2,2; the orc (10 hp) on 3,2 facing w; 4,2 a hazard (3 damage, R12 default)
    row 3  # . . P . . #      Orc 2 on 2,3
    row 4  # # # # # # #

Ways to shove the orc: from 2,2 where Lysa stands, pushed e onto the hazard at 4,2 (3 damage: 7 hp left); from
2,1 (its nw side, one step), pushed se to 3,3, bare floor. The mouse rests on 2,1, the other way's hex.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Move, Shove, Shoved
from game.ui.battle import BattleScene
from game.ui.overlays import ActionPreview
from tests.scene_harness import frame, hover, key, open_playing

ROWS = ["#######", "#..c..#", "#...h.#", "#.....#", "#######"]
UNITS = [
    {"name": "Lysa", "at": (2, 2), "faction": "player", "initiative": 9, "attack": 3, "move": 6},
    {"name": "Orc", "at": (3, 2), "faction": "enemy", "initiative": 5, "hp": 10, "defense": 4, "facing": "w"},
    {"name": "Orc 2", "at": (2, 3), "faction": "enemy", "initiative": 4},
]
TO_THE_FIRE = "pushed east to 4,2: 3 hazard damage (7 hp left)"


def _tabbed(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    """Lysa's turn; the pointer rested on 2,1 beside the orc (the se way's hex), then S and Tab to the orc."""
    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=UNITS, title="Pen")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    hover(scene, (2, 1))
    frame(scene, screen)
    key(scene, pygame.K_s)
    frame(scene, screen)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert scene.ctx.focus == "Orc"
    return scene, screen


def _shown(scene: BattleScene) -> tuple[tuple[int, int] | None, str, tuple[int, int], list[str]]:
    """(the hex the shown way is made from, None for here; its direction; where the orc lands; the tooltip)."""
    w = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    at, p = w.ways[w.way]
    return at, p.direction, p.lands_at, [ln.text for ln in w.lines or []]


def _shoved(scene: BattleScene) -> Shoved:
    return next(e for e in scene.match.applied[-1].events if isinstance(e, Shoved))


def test_tab_shows_the_way_from_where_the_actor_stands_not_the_pointer_s_hex(tmp_path: Path) -> None:
    scene, screen = _tabbed(tmp_path)
    at, direction, lands, tip = _shown(scene)
    assert (at, direction, lands) == (None, "e", (4, 2))
    assert TO_THE_FIRE in tip


def test_w_and_shift_w_step_through_the_ways_and_the_preview_follows(tmp_path: Path) -> None:
    scene, screen = _tabbed(tmp_path)
    key(scene, pygame.K_w)
    frame(scene, screen)
    at, direction, lands, tip = _shown(scene)
    assert (at, direction, lands) == ((2, 1), "se", (3, 3))
    assert "pushed south-east to 3,3" in tip
    assert "from 2,1: first Enter moves there, next shoves" in tip
    key(scene, pygame.K_w, pygame.KMOD_SHIFT)
    frame(scene, screen)
    assert _shown(scene)[:3] == (None, "e", (4, 2))


def test_enter_applies_the_way_shown_from_here(tmp_path: Path) -> None:
    scene, screen = _tabbed(tmp_path)
    key(scene, pygame.K_w)
    frame(scene, screen)
    key(scene, pygame.K_w)  # round the two ways, back to the first
    frame(scene, screen)
    assert _shown(scene)[:3] == (None, "e", (4, 2))
    key(scene, pygame.K_RETURN)
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    enc = scene.match.encounter
    assert enc.history[-1] == Shove("Lysa", "Orc", roll=enc.history[-1].roll)
    assert _shoved(scene).hit
    assert enc.view("Lysa").cell == (2, 2)  # no step was shown, none was made
    assert enc.view("Orc").cell == (4, 2) and enc.view("Orc").hp == 7  # onto the hazard, as shown


def test_enter_applies_the_way_shown_from_another_side_step_then_shove(tmp_path: Path) -> None:
    scene, screen = _tabbed(tmp_path)
    key(scene, pygame.K_w)
    frame(scene, screen)
    key(scene, pygame.K_RETURN)  # the first Enter steps to 2,1, as the preview said
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Move) and enc.view("Lysa").cell == (2, 1)
    assert _shown(scene)[:3] == (None, "se", (3, 3))  # the same way, now from where she stands
    key(scene, pygame.K_RETURN)
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.history[-1] == Shove("Lysa", "Orc", roll=enc.history[-1].roll)
    assert _shoved(scene).hit
    assert enc.view("Orc").cell == (3, 3) and enc.view("Orc").hp == 10  # bare floor: no harm

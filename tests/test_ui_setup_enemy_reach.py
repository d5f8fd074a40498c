"""V in setup (a GM's fresh-eyes pass on giants_lair with --setup, 1280x800).

The footer offers "V enemy reach" in setup too, and V there said "Enemy reach: the number on each hex is how many
enemies could reach and attack it next turn" with "enemy reach" lit in the top bar, but no number showed on any
hex: the overlay drew only once combat had begun. A GM placing combatants is the one who wants to see, before
the first round, where the other side could strike as they stand. The counts now show in setup as in a turn.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.overlays import EnemyReach  # noqa: E402
from game.ui.overlays.enemy_reach import SHOWN  # noqa: E402
from tests.scene_harness import frame, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def test_v_in_setup_puts_the_counts_on_the_map(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, MAPS / "giants_lair.tmx", humans=("player",), setup=True,
                                size=(1280, 800))
    frame(scene, screen, 10)
    enc = scene.match.encounter
    assert enc.phase == "setup"
    view = scene.ctx.view_rect
    before = pygame.surfarray.array3d(screen.subsurface(view)).copy()
    key(scene, pygame.K_v)
    assert scene.ctx.status == SHOWN  # what V says it does...
    frame(scene, screen, 30)
    after = pygame.surfarray.array3d(screen.subsurface(view))
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReach))
    # ...it does: the player side's foes' counts as they stand, the engine's, on the map
    assert reach.last_counts is not None
    assert np.array_equal(reach.last_counts, enc.enemy_reach_count("player"))
    assert reach.last_counts.max() > 0
    changed = np.any(before != after, axis=2).mean()
    assert changed > 0.05  # a good part of the board is numbered, not a pixel or two
    key(scene, pygame.K_v)
    frame(scene, screen, 5)
    assert np.array_equal(pygame.surfarray.array3d(screen.subsurface(view)), before)  # and V takes them off

"""In a narrow window the end summary's short form of a fall still says where: "fell into the chasm".

Found at 960x600 on giants_lair, after a battle where the sides scored on flanks and shoves (columns that take
the table's room): Goblin 1, pushed into the chasm by the GM in round 1, read "defeated in round 1 by a fall
(GM)", the chasm left to the row's tip on hover, though "fell into the chasm in round 1 (GM)" takes no more room.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.maps import load_scenario  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.rules import Begin, Place, Push  # noqa: E402
from tests.test_battle_stats import summary_of, texts_drawn  # noqa: E402

LAIR = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"


def _summary():
    """Goblin 1 placed on 9,4, beside the chasm (10,3 is chasm, to its north-east), and pushed in by the GM."""
    scene = summary_of(load_scenario(LAIR), [Place("Goblin 1", (9, 4)), Begin(), Push("Goblin 1", "ne", 1)])
    # The battle went on (as the one found had): others scored on flanks, the rear, shoves and zones of control,
    # columns the table keeps, leaving "How it ended" some 300 px at 960 px.
    astrid = scene.stats["Astrid"]
    astrid.flank, astrid.rear, astrid.shoves, astrid.zoc_made = 1, 1, 1, 1
    scene.stats["Kell"].zoc_suffered = 1
    return scene


def test_the_full_form_where_there_is_room() -> None:
    scene = _summary()
    assert scene.fate(scene.stats["Goblin 1"])[0] == "defeated in round 1 by a fall into the chasm (pushed by the GM)"


@pytest.mark.parametrize("size", [(960, 600), (800, 560)], ids=["960x600", "800x560"])
def test_a_narrow_window_s_short_form_keeps_the_chasm(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _summary()
    drawn = texts_drawn(monkeypatch)
    scene.draw(pygame.Surface(size), 1.0)
    assert not any("pushed by the GM" in t for t in drawn), "the case: the full form does not fit"
    fates = [t for t in drawn if "Goblin 1" not in t and ("fall" in t or "fell" in t)]
    assert fates in (["fell into the chasm in round 1 (GM)"], ["fell into the chasm (GM)"]), fates

"""The facing arcs' labels grow with the board.

Found in a window pass at 1920x1080 (default map, Aldric's turn, pointing at Orc 1): the board is drawn at 1.25x,
its hexes 80 px across against 51 px at 960x600 and 1280x720, yet "rear −4" was the same 14 px high line of
print as in the small window, small beside the arc it names. Now the labels keep their size up to 64 px hexes
(the ambush at 1600x900) and grow with the hexes past that, up to 1.4 times.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.overlays import FacingArcs  # noqa: E402
from tests.scene_harness import at_turn, frame, hover  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")


def _labels(tmp_path: Path, size: tuple[int, int]) -> tuple[float, dict[str, tuple[int, int]]]:
    """(hex width on screen, each label's drawn size) with Orc 1 pointed at on Aldric's turn."""
    scene, screen = at_turn(tmp_path, MAPS / "default.tmx", "Aldric", humans=EVERYONE, size=size)
    hover(scene, scene.match.encounter.view("Orc 1").cell)
    frame(scene, screen, 3)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    return 2 * scene.ctx.hex_radius(), {w: r.size for w, r in zip(arcs.label_words, arcs.label_rects, strict=True)}


def test_labels_at_1920x1080_are_larger_by_about_the_board_s_zoom(tmp_path: Path) -> None:
    small_hex, small = _labels(tmp_path, (960, 600))
    mid_hex, mid = _labels(tmp_path, (1280, 720))
    big_hex, big = _labels(tmp_path, (1920, 1080))
    assert round(small_hex) == round(mid_hex) == 51 and round(big_hex) == 80  # the case: the board drawn larger
    assert mid == small  # the same hexes, the same labels
    assert set(big) == set(small) == {"front", "left −2", "right −2", "rear −4"}
    for word, (w, h) in big.items():
        # Hexes 80 px across, 1.25 times the 64 px the labels keep their size up to: a font 1.25 times as large,
        # so labels about as much higher and wider (whole pixels, and the backing's fixed edge, in between).
        assert 1.2 <= h / small[word][1] <= 1.35, (word, h, small[word])
        assert 1.1 <= w / small[word][0] <= 1.35, (word, w, small[word])

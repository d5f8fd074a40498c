"""A facing arc's label reads on its own arc's shading, for every colour vision.

Found in a window pass (default map, 960x600, Aldric's turn, pointing at Orc 1): the red "rear −4" on the red
rear shading and the amber "left −2" on the amber flank read poorly, their thin dark outline all that parted
them from the ground. Each label now stands on a small dark backing (the name tag's dark).

Measured as a player sees it: inside each label's box, what is not a letter (the ground or the backing the
letters stand on) is compared with the label's colour by the WCAG contrast ratio (relative luminance,
(L1 + 0.05) / (L2 + 0.05)), against the lightest quarter of that ground; 4.5 is WCAG's floor for small text. The
same on the picture a protan, deutan or tritan player sees (tools/colour_vision.py), where the arcs' colours
come close and brightness is what is left to read by.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.overlays import FacingArcs  # noqa: E402
from game.ui.overlays.arcs import LABEL_COLOUR  # noqa: E402  (which colour to look for: what is behind is measured)
from tests.scene_harness import at_turn, frame, hover  # noqa: E402
from tests.tool_scripts import load_tool  # noqa: E402

cv = load_tool("colour_vision")
MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")


def _luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance of sRGB 0-255 colours (last axis)."""
    lin = np.asarray(cv.to_linear(rgb), dtype=float)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def _contrast(screen: np.ndarray, rect: pygame.Rect, colour: tuple[int, int, int]) -> float:
    """The label colour's contrast ratio against the lightest quarter of what is not a letter in ``rect``."""
    box = screen[rect.left:rect.right, rect.top:rect.bottom].reshape(-1, 3).astype(int)
    letter = np.abs(box - np.array(colour)).sum(axis=1) < 90
    ground = box[~letter]
    light = float(np.percentile(_luminance(ground), 75))
    fore = float(_luminance(np.array(colour)))
    return (max(fore, light) + 0.05) / (min(fore, light) + 0.05)


def test_every_arc_label_around_orc_1_stands_out_from_its_shading(tmp_path: Path) -> None:
    scene, screen = at_turn(tmp_path, MAPS / "default.tmx", "Aldric", humans=EVERYONE, size=(960, 600))
    hover(scene, scene.match.encounter.view("Orc 1").cell)
    frame(scene, screen, 3)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    assert sorted(w.split()[0] for w in arcs.label_words) == ["front", "left", "rear", "right"]  # all four drawn
    rgb = pygame.surfarray.array3d(screen)
    seen = {"normal": rgb, **{kind: np.asarray(cv.simulate(rgb, kind)) for kind in ("protan", "deutan", "tritan")}}
    for kind, picture in seen.items():
        for word, rect in zip(arcs.label_words, arcs.label_rects, strict=True):
            colour = LABEL_COLOUR[word.split()[0]]
            shown = colour if kind == "normal" else tuple(int(c) for c in cv.simulate(np.array(colour), kind))
            ratio = _contrast(picture, rect, shown)
            assert ratio >= 4.5, (kind, word, round(ratio, 2))

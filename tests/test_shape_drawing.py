"""Object shapes (``render --objects``) drawn by scanlines: the very pixels the old sample-by-sample test gave
(``tests.shapes_reference``), in time that grows with the crossings and pixels painted, not with edges x box
area (one 100-point polygon took 27 s, one 400x400 ellipse on a 352x238 map 18.6 s), and shapes too
intricate to draw in a few seconds refused in one line.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from game.maps.layer_tree import LayerStyle, ObjectLayerData, ObjectShape  # noqa: E402
from game.maps.loader import validate_map  # noqa: E402
from game.render import objects  # noqa: E402
from game.rules import limits  # noqa: E402
from tests import shapes_reference as reference  # noqa: E402
from tests.hostile import plain_map, refused_by_cli, run_cli, swap  # noqa: E402


def shape(rng: random.Random, i: int, far: bool) -> ObjectShape:
    kind = rng.choice(["rectangle", "ellipse", "polygon", "polyline", "point"])

    def coord(span: float) -> float:
        return rng.choice([rng.uniform(-span, span), float(rng.randint(-60, 60)), rng.randint(-120, 120) / 8,
                           *([rng.uniform(-3000, 3000), 0.0] if far else [])])

    size = [rng.choice([0.0, rng.uniform(0, 80), float(rng.randint(0, 50))]) for _ in range(2)]
    points = " ".join(f"{coord(60)},{coord(60)}" for _ in range(rng.randint(1, 30)))
    return ObjectShape(id=i, name="", shape=kind, x=rng.uniform(-30, 130), y=rng.uniform(-30, 110), width=size[0],
                       height=size[1], rotation=rng.choice([0.0, 45.0, 90.0, rng.uniform(-180, 180)]),
                       points_text=points if kind in ("polygon", "polyline") else "")


@pytest.mark.parametrize("seed", range(6))
def test_shapes_are_the_pixels_the_sample_by_sample_test_gave(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(12):
        objs = tuple(shape(rng, i, far=seed % 2 == 1) for i in range(rng.randint(1, 6)))
        style = LayerStyle(opacity=rng.choice([1.0, 0.7, 0.33]),
                           offset=(rng.choice([0.0, 2.5, -3.25]), rng.choice([0.0, 1.5])))
        layer = ObjectLayerData(name="notes", style=style, top_down=rng.random() < 0.5, objects=objs,
                                colour=rng.choice([None, (255, 32, 32, 255), (32, 96, 255, 128)]))
        size = (rng.randint(20, 160), rng.randint(20, 140))
        origin = (rng.randint(0, 3), rng.randint(0, 3))
        old, new = reference.draw_shapes(layer, size, origin), objects.draw_shapes(layer, size, origin)
        assert old is not None and new is not None
        assert np.array_equal(old, new), [o.shape for o in objs]


def test_a_long_polygon_and_a_large_ellipse_are_the_pixels_they_were() -> None:
    # The reviewer's cases, made small enough for the slow reference: a polygon spanning the picture and
    # an ellipse larger than it.
    points = " ".join(f"{(i * 37) % 120},{(i * 91) % 80}" for i in range(40))
    objs = (ObjectShape(1, "deco", "polygon", 0.0, 0.0, 0.0, 0.0, 0.0, points_text=points),
            ObjectShape(2, "ring", "ellipse", -10.0, -5.0, 150.0, 110.0, 0.0))
    layer = ObjectLayerData("notes", LayerStyle(), None, True, objs)
    old, new = reference.draw_shapes(layer, (120, 80), (0, 0)), objects.draw_shapes(layer, (120, 80), (0, 0))
    assert old is not None and new is not None and old[..., 3].any()
    assert np.array_equal(old, new)


def test_shapes_as_intricate_as_the_limit_allows_are_refused_past_it(tmp_path: Path) -> None:
    # 1000 points zigzagging over the whole map draw (their outlines cross some 10 million rows of samples);
    # 4000 would cross 38 million, past the limit: refused in one line before anything is painted. A map
    # with more points than the limit allows is still read, validated and drawn without its shapes.
    def zigzag(n: int) -> Path:
        tmx = plain_map(tmp_path, f"z{n}.tmx")
        points = " ".join(f"{(i * 7) % 352},{0 if i % 2 else 238}" for i in range(n))
        return swap(tmx, '<object id="1"', f'<object id="9" name="deco" x="0" y="0"><polygon points="{points}"/>'
                    '</object>\n  <object id="1"')

    r = run_cli(["render", str(zigzag(1000)), "-o", str(tmp_path / "o.png"), "--objects"], cap_mb=512)
    assert (r.rc, r.stderr) == (0, ""), r.stderr[-2000:]
    big = zigzag(4000)
    refused_by_cli(["render", str(big), "-o", str(tmp_path / "o.png"), "--objects"],
                   'z4000.tmx: layer "Combatants": object 9 "deco": the shapes are too intricate to draw',
                   f"more than {limits.MAX_SHAPE_CROSSINGS:,} times, the limit", cap_mb=512)
    assert validate_map(big) == []
    r = run_cli(["render", str(big), "-o", str(tmp_path / "o.png")], cap_mb=512)
    assert (r.rc, r.stderr) == (0, ""), r.stderr[-2000:]


def test_the_points_of_a_map_are_read_only_when_drawn(tmp_path: Path) -> None:
    # 3 million points (a 12 MB map) cost validate, render and play 665 MB as tuples, shapes drawn or not;
    # render --objects refuses them in one line before reading them.
    tmx = plain_map(tmp_path)
    swap(tmx, '<object id="1"', '<object id="9" x="0" y="0"><polyline points="' + " ".join(["1,1"] * 3_000_000)
         + '"/></object>\n  <object id="1"')
    for argv in (["validate", str(tmx)], ["render", str(tmx), "-o", str(tmp_path / "o.png")]):
        r = run_cli(argv, cap_mb=400)
        assert r.rc == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png"), "--objects"],
                   'm.tmx: layer "Combatants": object 9: the shapes are too intricate to draw', cap_mb=400)

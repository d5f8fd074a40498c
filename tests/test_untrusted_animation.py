"""Animated tiles from a stranger's map: every frame of every animated cell is a placement the window keeps,
so their number is bounded (``MAX_ANIMATION_FRAMES``, docs/limits.md), and what an animated cell's repaint
covers is found among the tiles near it, not by comparing it with every tile of the map."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from game.rules import limits
from game.ui.animtiles import _overlapping
from tests.hostile import plain_map, refused_by_cli, run_cli, swap


def test_a_tile_of_a_million_frames_over_the_map_is_refused_in_one_line(tmp_path: Path) -> None:
    # 20 cells of a tile of 60,000 frames: 1,200,000 placements. Accepted before: `render` and `play` built
    # every one (100,000 frames took 8 s and 365 MB; over a bigger map, gigabytes).
    frames = '<frame tileid="0" duration="100"/><frame tileid="1" duration="100"/>' * 30_000
    tmx = swap(plain_map(tmp_path), '<tile id="0">', f'<tile id="0"><animation>{frames}</animation>')
    line = refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")])
    assert line == (f'playmat: m.tmx: layer "Terrain": the animated tiles place more than '
                    f"{limits.MAX_ANIMATION_FRAMES:,} frames in all (cells x frames), the limit")
    assert not (tmp_path / "o.png").exists()


def test_a_few_frames_on_every_cell_still_draw(tmp_path: Path) -> None:
    frames = '<frame tileid="0" duration="100"/><frame tileid="1" duration="100"/>'
    tmx = swap(plain_map(tmp_path), '<tile id="0">', f'<tile id="0"><animation>{frames}</animation>')
    out = tmp_path / "o.png"
    r = run_cli(["render", str(tmx), "-o", str(out)])
    assert r.rc == 0 and out.exists(), r.stderr[-500:]


def test_a_repaint_covers_exactly_the_tiles_its_region_overlaps() -> None:
    # By hand: three 10x10 tiles on the ground layer at x 0, 10 and 25, one tall tree on a layer above at
    # x 8 (6 wide, 30 tall), and an empty box at 12,5. A region 5..15 x 0..10 overlaps ground tiles 0 and 1
    # (the one at 25 starts past it), the tree, and the empty box inside it (as the window always counted it).
    ground = np.array([[0, 0, 10, 10], [10, 0, 10, 10], [25, 0, 10, 10]], dtype=np.int64)
    above = np.array([[8, -20, 6, 30], [12, 5, 0, 0]], dtype=np.int64)
    assert _overlapping([ground, above], [(5, 0, 10, 10)]) == [[(0, 0), (0, 1), (1, 0), (1, 1)]]
    # A region touching a tile's edge only (x 20 is where tile 1 ends) does not overlap it.
    assert _overlapping([ground, above], [(20, 0, 5, 10)]) == [[]]


def test_a_layer_past_the_frame_limit_is_refused_before_any_frame_is_built(tmp_path: Path, capsys,
                                                                          monkeypatch) -> None:
    # The same 1,200,000 placements, counted from the layer's gids before building: the refusal came after a
    # million placements were built (4 s idle, 10.7 s on a busy machine, in tools/hostile_inputs.py case 21).
    from game.cli.main import main
    from game.render.layer_builder import LayerBuilder

    built: list[int] = []
    real = LayerBuilder._frame_hits

    def counting(self, raw, *args, **kw):  # noqa: ANN001, ANN202 (a spy with the method's own signature)
        built.append(raw)
        return real(self, raw, *args, **kw)

    monkeypatch.setattr(LayerBuilder, "_frame_hits", counting)
    frames = '<frame tileid="0" duration="100"/><frame tileid="1" duration="100"/>' * 30_000
    tmx = swap(plain_map(tmp_path), '<tile id="0">', f'<tile id="0"><animation>{frames}</animation>')
    assert main(["render", str(tmx), "-o", str(tmp_path / "o.png")]) == 2
    assert "frames in all (cells x frames), the limit" in capsys.readouterr().err
    assert built == []

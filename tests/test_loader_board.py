"""The loader's whole-map terrain pass agrees with a plain per-cell scan of the layers.

The reference below reads the map as its author wrote it (rows of chars per layer, a property dict
per char) and decides each cell the straightforward way: top visible layer first, decoration tiles
passed over, the first terrain tile decides. Bad tile properties are reported once per tile, at the
first cell (row-major) where the scan consults the tile, in the order the scan meets them. Every
Board array, the problem list and the renderer's per-cell properties are compared with it.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.terrain_pass import TerrainPass
from game.maps.tmx_adapter import TmxMap, read_tmx_collect
from game.maps.tmxwrite import BASE_TILES, EMPTY, write_map
from game.render.tilemap import cell_props
from game.rules import DEFAULT_COSTS, TERRAIN_NAMES, Board, HexLayout, Terrain
from tests.tool_scripts import load_tool

# The order the loader checks a tile's properties in, so the order of one tile's messages.
CHECKED = ("terrain", "cost_ground", "cost_flying", "cost_swimming", "hazard_damage", "exit", "blocks_sight",
           "cover")
VALUES = {
    "terrain": st.sampled_from([*TERRAIN_NAMES, "lava"]),
    "cost_ground": st.sampled_from([-1, -5, 1, 2, 3, 7, 1000, 0, 1001, "cheap"]),
    "cost_flying": st.sampled_from([-1, 1, 4, 0, 5000, "x"]),
    "cost_swimming": st.sampled_from([-2, 1, 6, 0, 1001, "deep"]),
    "hazard_damage": st.sampled_from([0, 1, 5, 10_000, -1, 10_001, "lots"]),
    "exit": st.sampled_from([True, False, "maybe"]),
    "blocks_sight": st.sampled_from([True, False, "perhaps"]),
    "cover": st.sampled_from([True, False, "some"]),
    "note": st.sampled_from(["moss", "a flower"]),  # not a terrain key: a tile with only this is decoration
}
EXTRA = "ABCDEF"
TILE_PROPS = st.lists(st.sampled_from(sorted(VALUES)), unique=True, max_size=4).flatmap(
    lambda keys: st.fixed_dictionaries({k: VALUES[k] for k in keys}))


@dataclass(frozen=True)
class Layer:
    rows: tuple[str, ...]
    visible: bool = True
    below: bool = False  # drawn under the terrain layer write_map always writes


@dataclass(frozen=True)
class Expected:
    terrain: int
    cost: tuple[int, int, int]
    hazard: int
    exit: bool | None
    sight: bool
    cover: bool
    bad: tuple[str, ...]  # the properties that are faulty, in checking order


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def expected_tile(props: dict[str, object]) -> Expected | None:
    """What one tile decides (None: decoration), straight from docs/map-format.md's rules."""
    if not set(props) & set(CHECKED):
        return None
    bad = [k for k in CHECKED if k in props and not _good(k, props[k])]
    terrain = TERRAIN_NAMES.index(str(props["terrain"])) if "terrain" in props and "terrain" not in bad else 0
    cost = []
    for mt, key in enumerate(("cost_ground", "cost_flying", "cost_swimming")):
        v = props.get(key)
        if key in props and key not in bad:
            assert isinstance(v, int)
            cost.append(-1 if v < 0 else v)
        else:
            cost.append(int(DEFAULT_COSTS[terrain][mt]))
    hazard = props["hazard_damage"] if "hazard_damage" in props and "hazard_damage" not in bad else 3
    said_sight = props["blocks_sight"] if "blocks_sight" in props and "blocks_sight" not in bad else None
    exit_ = props["exit"] if "exit" in props and "exit" not in bad else None
    assert isinstance(hazard, int) and isinstance(exit_, (bool, type(None)))
    return Expected(terrain, (cost[0], cost[1], cost[2]), hazard, exit_,
                    terrain == Terrain.BLOCKED if said_sight is None else bool(said_sight),
                    props.get("cover") is True, tuple(bad))


def _good(key: str, v: object) -> bool:
    if key == "terrain":
        return v in TERRAIN_NAMES
    if key.startswith("cost_"):
        return _is_int(v) and v != 0 and v <= 1000  # type: ignore[operator]
    if key == "hazard_damage":
        return _is_int(v) and 0 <= v <= 10_000  # type: ignore[operator]
    return isinstance(v, bool)


@dataclass
class Reference:
    terrain: list[list[int]]
    cost: list[list[list[int]]]  # [movement type][row][col]
    hazard: list[list[int]]
    exit: list[list[bool]]
    sight: list[list[bool]]
    cover: list[list[bool]]
    problems: list[tuple[str, str]]  # (where, the faulty property)
    props: list[list[dict[str, object] | None]]  # the renderer's view: the deciding tile's properties


def reference(stack: list[Layer], tiles: dict[str, dict[str, object]], height: int, width: int) -> Reference:
    """``stack`` bottom to top. Each cell scanned top first, row by row, as the rules say."""
    labels = {ch: f'tile {i} of tileset "terrain"' for i, ch in enumerate(tiles)}
    out = Reference([[-1] * width for _ in range(height)], [[[-1] * width for _ in range(height)] for _ in range(3)],
                    [[0] * width for _ in range(height)], [[False] * width for _ in range(height)],
                    [[False] * width for _ in range(height)], [[False] * width for _ in range(height)], [],
                    [[None] * width for _ in range(height)])
    met: set[str] = set()
    closed = [[False] * width for _ in range(height)]  # the tile says exit=false
    for r in range(height):
        for c in range(width):
            chars = [la.rows[r][c] for la in reversed(stack) if la.visible and la.rows[r][c] != EMPTY]
            if not chars:
                continue  # off-map
            decider = None
            out.props[r][c] = {}
            for ch in chars:
                decider = expected_tile(tiles[ch])
                if decider is not None:
                    if ch not in met:
                        met.add(ch)
                        out.problems += [(f"cell {c},{r} ({labels[ch]})", k) for k in decider.bad]
                    out.props[r][c] = tiles[ch]
                    break
            e = decider or Expected(0, (1, 1, 1), 3, None, False, False, ())
            out.terrain[r][c] = e.terrain
            for mt in range(3):
                out.cost[mt][r][c] = e.cost[mt]
            out.hazard[r][c] = e.hazard
            out.exit[r][c] = e.exit is True
            closed[r][c] = e.exit is False
            out.sight[r][c] = e.sight
            out.cover[r][c] = e.cover
    if not any(map(any, out.exit)):  # R24: no exit marked, so the on-map rim is, less closed cells
        out.exit = [[(r in (0, height - 1) or c in (0, width - 1)) and out.terrain[r][c] != -1 and not closed[r][c]
                     for c in range(width)] for r in range(height)]
    if all(t == -1 for row in out.terrain for t in row):
        out.problems.append(("", "no"))  # "no visible tile layer has a tile, ..."
    return out


def build(tmp: Path, terrain_rows: list[str], extra: list[Layer], extra_tiles: dict[str, dict[str, object]]
          ) -> tuple[TmxMap, Board, list[tuple[str, str]]]:
    path = write_map(tmp / "m.tmx", terrain_rows, tile_properties=extra_tiles,
                     layers=[{"name": f"L{i}", "rows": list(la.rows), "visible": la.visible, "below": la.below}
                             for i, la in enumerate(extra)])
    tmx, read_problems = read_tmx_collect(path)
    assert tmx is not None and not read_problems
    head = tmx.head
    layout = HexLayout(head.stagger_axis, head.stagger_index, head.tile_width, head.tile_height, head.side_length,
                       head.width, head.height)
    builder = TerrainPass(tmx, [])
    board = builder.board(layout)
    return tmx, board, [(p.where or "", p.what.split()[0]) for p in builder.problems]


def stacked(terrain_rows: list[str], extra: list[Layer]) -> list[Layer]:
    """The layers bottom to top as write_map writes them."""
    return [*(la for la in extra if la.below), Layer(tuple(terrain_rows)), *(la for la in extra if not la.below)]


def check(terrain_rows: list[str], extra: list[Layer], extra_tiles: dict[str, dict[str, object]]) -> None:
    tiles = {**{ch: dict(p) for ch, p in BASE_TILES.items()}, **extra_tiles}
    height, width = len(terrain_rows), len(terrain_rows[0])
    ref = reference(stacked(terrain_rows, extra), tiles, height, width)
    with tempfile.TemporaryDirectory() as tmp:
        tmx, board, problems = build(Path(tmp), terrain_rows, extra, extra_tiles)
    assert board.terrain.tolist() == ref.terrain
    assert board.cost.tolist() == ref.cost
    assert board.hazard_damage.tolist() == ref.hazard
    assert board.exit.tolist() == ref.exit
    assert board.blocks_sight.tolist() == ref.sight
    assert board.cover.tolist() == ref.cover
    assert (board.terrain.dtype, board.cost.dtype, board.hazard_damage.dtype) == ("int8", "int16", "int16")
    assert problems == ref.problems
    assert cell_props(tmx, board.layout) == ref.props  # what the window's hover reads
    for layer in tmx.tile_layers:  # the per-cell view beside the palette
        assert layer.tiles == tuple(tuple(layer.palette[i] for i in row) for row in layer.index.tolist())


@st.composite
def maps(draw: st.DrawFn) -> tuple[list[str], list[Layer], dict[str, dict[str, object]]]:
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 6))
    extra_tiles = {ch: draw(TILE_PROPS) for ch in EXTRA[: draw(st.integers(0, len(EXTRA)))]}
    chars = [*BASE_TILES, *extra_tiles]
    cell = st.sampled_from([EMPTY, EMPTY, EMPTY, *chars])  # mostly empty: lower layers get consulted

    def rows() -> tuple[str, ...]:
        return tuple("".join(draw(cell) for _ in range(width)) for _ in range(height))

    extra = [Layer(rows(), draw(st.booleans()), draw(st.booleans())) for _ in range(draw(st.integers(0, 3)))]
    return list(rows()), extra, extra_tiles


@settings(max_examples=150, deadline=None)
@given(maps())
def test_board_matches_a_per_cell_scan(case: tuple[list[str], list[Layer], dict[str, dict[str, object]]]) -> None:
    check(*case)


def test_a_bad_tile_is_named_where_first_consulted_not_where_first_shown() -> None:
    """Q is shown at 0,0 but under a terrain tile there; at 2,0 decoration lies above it. Its faults
    name 2,0. B, though only in the lower layer, is consulted first (1,0), so its fault comes first."""
    check(["QBQ", "_QQ"], [Layer(("#_o", "__Q"))],
          {"Q": {"terrain": "lava", "cost_ground": 0}, "B": {"exit": "maybe"}})


def test_a_hidden_layer_decides_nothing_and_reports_nothing() -> None:
    check(["..", ".."], [Layer(("Q_", "_#"), visible=False), Layer(("o_", "__"))],
          {"Q": {"terrain": "lava"}})


def test_only_decoration_is_normal_and_no_tile_is_off_map() -> None:
    check(["o_", "__"], [Layer(("_N", "__"), below=True)], {"N": {"note": "moss"}})


def test_no_tile_anywhere_is_reported() -> None:
    check(["__", "__"], [Layer(("#.", "dw"), visible=False)], {})


def test_bench_load_baseline_agrees_with_the_loader(tmp_path: Path) -> None:
    """tools/bench_load.py times the old per-cell loop as its baseline: it must still build the same board."""
    bench = load_tool("bench_load")
    bench.check_agreement(bench.make_map(tmp_path, 12))
    assert TerrainPass.board is bench.NEW  # put back

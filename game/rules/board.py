"""The map model: terrain and costs as numpy arrays indexed ``[row, col]``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .hexgrid import Cell, HexLayout, disc_offsets
from .terrain import OFF_MAP, MovementType, Terrain, terrain_noun


@dataclass(frozen=True, eq=False)
class Board:
    """Static terrain of one map.

    ``terrain`` holds a :class:`Terrain` code per cell or ``OFF_MAP`` (-1);
    ``cost[movement_type]`` the whole-hex cost to enter each cell, -1 where
    that movement type may not enter voluntarily (and off-map);
    ``hazard_damage`` the damage a hazard cell deals; ``exit`` where a
    combatant may flee (R24, default already applied); ``blocks_sight``
    where a hex blocks sight (R30; a map's default: ``blocked`` terrain) and
    ``cover`` where a tile gives cover (R31; a map's default: nowhere).
    The arrays are read-only: a board never changes during an encounter.
    """

    layout: HexLayout
    terrain: np.ndarray  # int8 [rows, cols]
    cost: np.ndarray  # int16 [3, rows, cols]
    hazard_damage: np.ndarray  # int16 [rows, cols]
    exit: np.ndarray  # bool [rows, cols]
    blocks_sight: np.ndarray  # bool [rows, cols]
    cover: np.ndarray  # bool [rows, cols]
    # The tiles' own names (their ``tile`` property, docs/map-format.md), so cover can be told as the map shows
    # it ("a parapet at 6,4", R31): ``tile_code[row, col]`` indexes ``tile_names`` (None: no name). A board
    # without them (text maps, tools) names no tile.
    tile_names: tuple[str | None, ...] = ()
    tile_code: np.ndarray | None = None  # int [rows, cols]

    def __post_init__(self) -> None:
        for arr in (self.terrain, self.cost, self.hazard_damage, self.exit, self.blocks_sight, self.cover):
            arr.setflags(write=False)
        if self.tile_code is not None:
            self.tile_code.setflags(write=False)
        # Said as a sentence says them ("low_wall" -> "low wall"), once per tile, not once per question.
        object.__setattr__(self, "tile_names", tuple(terrain_noun(n) for n in self.tile_names))

    def tile_name(self, cell: Cell) -> str | None:
        """The name of the tile deciding ``cell``'s terrain, as a sentence says it ("low wall"); None when it
        has none, or ``cell`` is off the map."""
        if self.tile_code is None or not self.is_on_map(cell):
            return None
        code = int(self.tile_code[cell[1], cell[0]])
        return self.tile_names[code] if 0 <= code < len(self.tile_names) else None

    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def cols(self) -> int:
        return self.layout.cols

    @cached_property
    def on_map(self) -> np.ndarray:
        m: np.ndarray = self.terrain != OFF_MAP
        m.setflags(write=False)
        return m

    @cached_property
    def _hazard_start(self) -> dict[int, np.ndarray]:
        return {}  # by footprint radius: the board never changes, so neither does this (asked at every AI plan)

    def hazard_start(self, radius: int) -> np.ndarray:
        """R25, R26: ``[row, col]`` int, the hazard damage a combatant of footprint ``radius`` takes starting its
        turn centred there (the highest hazard under its footprint; 0 where none)."""
        memo = self._hazard_start
        if radius not in memo:
            hz = np.where(self.terrain == int(Terrain.HAZARD), self.hazard_damage, 0).astype(np.int32)
            if radius and hz.any():
                q, r = self.layout.axial_arrays()
                out = np.zeros_like(hz)
                for row, col in np.argwhere(hz > 0):  # a footprint is a disc: centres within radius of a pit
                    hq, hr = int(q[row, col]), int(r[row, col])
                    d = (np.abs(q - hq) + np.abs(r - hr) + np.abs(q + r - hq - hr)) // 2
                    out = np.where(d <= radius, np.maximum(out, hz[row, col]), out)
                hz = out
            hz.setflags(write=False)
            memo[radius] = hz
        return memo[radius]

    def is_on_map(self, cell: Cell) -> bool:
        col, row = cell
        return self.layout.in_grid(cell) and bool(self.on_map[row, col])

    def terrain_at(self, cell: Cell) -> Terrain | None:
        if not self.is_on_map(cell):
            return None
        col, row = cell
        return Terrain(int(self.terrain[row, col]))

    def may_enter(self, cell: Cell, movement_type: MovementType) -> bool:
        """Whether that movement type may stand on (or voluntarily enter) ``cell``: on-map, cost >= 1 (R5)."""
        return self.cost_at(cell, movement_type) >= 1

    def no_entry(self, cells: list[Cell], movement_type: MovementType) -> Cell | None:
        """The first of ``cells`` that movement type may not stand on, or None."""
        return next((c for c in cells if not self.may_enter(c, movement_type)), None)

    def cost_at(self, cell: Cell, movement_type: MovementType) -> int:
        """Cost to enter ``cell`` for that movement type, -1 if it may not."""
        if not self.layout.in_grid(cell):
            return -1
        col, row = cell
        return int(self.cost[movement_type, row, col])

    # --- flat tables, cached once per board ----------------------------------
    @cached_property
    def neighbor_table(self) -> np.ndarray:
        """``[rows*cols, 6]`` flat index of each cell's neighbour per direction, -1 off-grid."""
        return self.footprint_table(1)[:, 1:7]

    def footprint_table(self, radius: int) -> np.ndarray:
        """``[rows*cols, k]`` flat indices of the disc of ``radius`` around each cell.

        Column order follows :func:`disc_offsets` (centre first, then ring by
        ring); -1 marks a cell outside the grid. Ring 1 is in direction order.
        """
        return self._footprint_tables(radius)

    def _footprint_tables(self, radius: int) -> np.ndarray:
        cache: dict[int, np.ndarray] = self.__dict__.setdefault("_fp_cache", {})
        if radius not in cache:
            cache[radius] = _build_disc_table(self.layout, radius)
        return cache[radius]

    def flat(self, cell: Cell) -> int:
        col, row = cell
        return row * self.cols + col

    def cell_of(self, flat_index: int) -> Cell:
        row, col = divmod(int(flat_index), self.cols)
        return col, row


def default_exits(on_map: np.ndarray, closed: np.ndarray) -> np.ndarray:
    """R24: where a map marks no exit, the on-map hexes of its outermost rows and columns, less ``closed`` ones."""
    ring = np.zeros(on_map.shape, dtype=bool)
    ring[0, :] = ring[-1, :] = ring[:, 0] = ring[:, -1] = True
    exits: np.ndarray = ring & on_map & ~closed
    return exits


def _build_disc_table(layout: HexLayout, radius: int) -> np.ndarray:
    q, r = layout.axial_arrays()
    q = q.ravel()
    r = r.ravel()
    offsets = disc_offsets(radius)
    if radius >= 1:
        # Ring 1 in direction order, so neighbor_table columns are directions.
        offsets = [offsets[0], *layout.direction_vectors, *offsets[7:]]
    cols = []
    for dq, dr in offsets:
        c, rr = layout.from_axial(q + dq, r + dr)
        ok = (c >= 0) & (c < layout.cols) & (rr >= 0) & (rr < layout.rows)
        cols.append(np.where(ok, rr * layout.cols + c, -1))
    table = np.stack(cols, axis=1).astype(np.int32)
    table.setflags(write=False)
    return table

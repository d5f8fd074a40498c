"""The map's terrain pass: each cell's terrain, costs, hazard, exit, sight and cover from its tiles.

The topmost visible tile layer whose tile carries terrain properties decides a cell
(docs/map-format.md "Terrain"); a tile with none is decoration. Worked on whole-map arrays, each tile
read and checked once: a map has a few dozen tiles and may have a million cells.
``tools/bench_load.py`` times :meth:`TerrainPass.board` against the per-cell loop it replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from game.rules import (
    DEFAULT_COSTS,
    DEFAULT_HAZARD_DAMAGE,
    MOVEMENT_TYPE_NAMES,
    NO_ENTRY,
    OFF_MAP,
    TERRAIN_KEYS,
    TERRAIN_NAMES,
    TILE_NAME_KEY,
    Board,
    HexLayout,
    MovementType,
    SpecError,
    Terrain,
    default_exits,
    parse_bool,
    parse_choice,
    parse_int,
)

from .map_report import MapReport
from .tilesets import TileInfo
from .tmx_adapter import TileLayer

COST_KEYS = tuple(f"cost_{m}" for m in MOVEMENT_TYPE_NAMES)  # index = MovementType
MAX_COST = 1000  # costs and damage live in int16 arrays; far beyond any sensible map
MAX_HAZARD_DAMAGE = 10_000


@dataclass
class TileTerrain:
    """What one terrain-carrying tile decides for a cell (docs/map-format.md "Terrain")."""

    terrain: Terrain = Terrain.NORMAL
    cost: tuple[int, int, int] = (0, 0, 0)  # per MovementType
    hazard_damage: int = DEFAULT_HAZARD_DAMAGE
    exit: bool | None = None  # None: the tile does not say
    blocks_sight: bool | None = None  # None: as its terrain says (R30: blocked blocks sight)
    cover: bool = False  # R31
    name: str | None = None  # its ``tile`` property, as written: the rules say it as a sentence would (R31's words)


def _sets_terrain(tile: TileInfo) -> bool:
    """A tile with any terrain property decides its cell; any other is decoration (docs/map-format.md)."""
    return any(k in tile.properties for k in TERRAIN_KEYS)


# Codes of what decides a cell, indexing _Table's rows (see _Deciders): no tile in any visible layer
# (off-map); tiles, but only decoration (normal terrain); then one per terrain tile.
_NO_TILE, _PLAIN, _FIRST_TILE = 0, 1, 2


@dataclass(frozen=True)
class _Table:
    """Per code, what a cell of that code gets: row ``_NO_TILE`` is off-map, the others as decided."""

    terrain: np.ndarray  # int8
    cost: np.ndarray  # int16 [movement type, code]
    hazard: np.ndarray  # int16
    exit: np.ndarray  # bool
    said_no_exit: np.ndarray  # bool: the tile says exit=false, which R24's default exits respect
    sight: np.ndarray  # bool
    cover: np.ndarray  # bool

    @staticmethod
    def of(decided: list[TileTerrain]) -> _Table:
        """The table for codes ``_PLAIN`` onwards deciding as ``decided`` says, after the off-map row."""
        off = [OFF_MAP] + [int(d.terrain) for d in decided]
        terrain = np.array(off, dtype=np.int8)
        cost = np.full((len(MovementType), len(off)), NO_ENTRY, dtype=np.int16)
        for k, d in enumerate(decided, start=_PLAIN):
            for mt in MovementType:
                cost[mt, k] = d.cost[mt] or DEFAULT_COSTS[d.terrain, mt]  # 0: the tile does not override
        return _Table(
            terrain=terrain,
            cost=cost,
            hazard=np.array([0] + [d.hazard_damage for d in decided], dtype=np.int16),
            exit=np.array([False] + [bool(d.exit) for d in decided]),
            said_no_exit=np.array([False] + [d.exit is False for d in decided]),
            # R30: unless the tile says, blocked terrain blocks sight
            sight=np.array([False] + [d.terrain == Terrain.BLOCKED if d.blocks_sight is None else d.blocks_sight
                                      for d in decided]),
            cover=np.array([False] + [d.cover for d in decided]),
        )

    def cells(self, code: np.ndarray) -> tuple[np.ndarray, ...]:
        """Per cell, [row, col] (cost [movement type, row, col]): terrain, cost, hazard damage, exit,
        said no exit, blocks sight and cover."""
        return (self.terrain[code], self.cost[:, code], self.hazard[code], self.exit[code],
                self.said_no_exit[code], self.sight[code], self.cover[code])


@dataclass
class _Deciders:
    """Per cell, the code of what decides it (see ``_NO_TILE``); per terrain tile, its code.

    Going down from the top visible layer, a cell stays open while it is ``_NO_TILE`` or ``_PLAIN``;
    each layer's codes fill the open cells, and ``max`` keeps ``_PLAIN`` where this layer has no tile
    but a higher one had decoration. A tile is consulted at a cell when it is filled in there.
    """

    code: np.ndarray  # int32 [row, col]
    tiles: list[TileInfo] = field(default_factory=list)  # [code - _FIRST_TILE], terrain tiles of visible layers
    first: dict[int, int] = field(default_factory=dict)  # code -> first cell (row-major index) consulting it
    _codes: dict[int, int] = field(default_factory=dict, init=False, repr=False)  # id(tile) -> code: layers share tiles

    @staticmethod
    def of(layers: tuple[TileLayer, ...], shape: tuple[int, int]) -> _Deciders:
        out = _Deciders(np.full(shape, _NO_TILE, dtype=np.int32))
        for layer in reversed(layers):  # topmost first
            if layer.visible:
                out._fill(layer)
        return out

    def _fill(self, layer: TileLayer) -> None:
        local = np.array([self._code_of(tile) for tile in layer.palette], dtype=np.int32)
        cells = local[layer.index]
        open_ = self.code <= _PLAIN
        self._note_first(np.flatnonzero(open_ & (cells >= _FIRST_TILE)), cells)
        np.maximum(self.code, cells, out=self.code, where=open_)

    def _code_of(self, tile: TileInfo | None) -> int:
        if tile is None:
            return _NO_TILE
        if not _sets_terrain(tile):
            return _PLAIN
        if id(tile) not in self._codes:
            self._codes[id(tile)] = len(self.tiles) + _FIRST_TILE
            self.tiles.append(tile)
        return self._codes[id(tile)]

    def _note_first(self, consulted: np.ndarray, cells: np.ndarray) -> None:
        """Note each terrain tile's first cell among ``consulted`` (sorted row-major indices).

        A cell consults one terrain tile only, in the layer that fills it, so a tile's first cell over
        all layers is the least of its first cells per layer."""
        if not consulted.size:
            return
        none = consulted[-1] + 1
        firsts = np.full(len(self.tiles) + _FIRST_TILE, none, dtype=np.int64)
        np.minimum.at(firsts, cells.ravel()[consulted], consulted)
        for k in np.flatnonzero(firsts < none).tolist():
            self.first[k] = min(self.first.get(k, none), int(firsts[k]))


@dataclass
class TerrainPass(MapReport):
    """The board of a map, its tiles' faults reported as they are first consulted."""

    _tile_cache: dict[int, TileTerrain | None] = field(default_factory=dict)

    def board(self, layout: HexLayout) -> Board:
        """Each cell as the topmost visible layer whose tile carries terrain properties decides it.

        Done with whole-map arrays, each tile decided once (a map has a few dozen tiles and may have
        a million cells): a per-cell code names what decides the cell, and a per-code table its values.
        """
        deciders = _Deciders.of(self.tmx.tile_layers, (layout.rows, layout.cols))
        decided = [TileTerrain()] * (len(deciders.tiles) + _FIRST_TILE)  # a tile never consulted stays unused
        # Problems come in the order a row-major, top-layer-first scan of the cells would meet the tiles,
        # each naming the first cell where its tile is consulted.
        for k, flat in sorted(deciders.first.items(), key=lambda item: item[1]):
            r, c = divmod(flat, layout.cols)
            decided[k] = self.tile_terrain(deciders.tiles[k - _FIRST_TILE], (c, r)) or TileTerrain()
        terrain, cost, hazard, exits, said_no_exit, sight, cover = _Table.of(decided[_PLAIN:]).cells(deciders.code)
        # The deciding tile's name by the same codes: the cover words name "a parapet", not "a cover tile" (R31).
        names = (None, *(d.name for d in decided[_PLAIN:]))
        on_map = terrain != OFF_MAP
        if not on_map.any():
            self.problem(None, "no visible tile layer has a tile, so no cell is on the map")
        if not exits.any():
            # R24: where the map marks no exit, the on-map hexes of the outermost rows and
            # columns are exits (a tile that says exit=false stays closed).
            exits = default_exits(on_map, said_no_exit)
        named = any(n is not None for n in names)
        return Board(layout, terrain, cost, hazard, exits, sight, cover, tile_names=names if named else (),
                     tile_code=deciders.code if named else None)

    def tile_terrain(self, tile: TileInfo, cell: tuple[int, int]) -> TileTerrain | None:
        """The terrain a tile decides, or None for a decoration tile; checked once per tile."""
        key = id(tile)
        if key in self._tile_cache:
            return self._tile_cache[key]
        result = self._read_tile(tile, cell) if _sets_terrain(tile) else None
        self._tile_cache[key] = result
        return result

    def _read_tile(self, tile: TileInfo, cell: tuple[int, int]) -> TileTerrain:
        """A terrain tile's values; each bad property is a problem naming ``cell`` and is left at its default."""
        where = f"cell {cell[0]},{cell[1]} ({tile.label})"
        props = self.well_typed(tile.properties, where)
        name = tile.properties.get(TILE_NAME_KEY)
        result = TileTerrain(name=name if isinstance(name, str) else None)  # a number names nothing
        try:
            if "terrain" in props:
                result.terrain = Terrain[parse_choice(props["terrain"], "terrain", TERRAIN_NAMES).upper()]
        except SpecError as e:
            self.problem(where, str(e))
        costs = [0, 0, 0]
        for mt, key_name in zip(MovementType, COST_KEYS, strict=True):
            if key_name in props:
                costs[mt] = self._cost(props[key_name], key_name, where)
        result.cost = (costs[0], costs[1], costs[2])
        self._read_hazard(props, result, where)
        for flag in ("exit", "blocks_sight", "cover"):  # R24, R30, R31
            if flag in props:
                try:
                    setattr(result, flag, parse_bool(props[flag], flag))
                except SpecError as e:
                    self.problem(where, str(e))
        return result

    def _read_hazard(self, props: Mapping[str, object], result: TileTerrain, where: str) -> None:
        """``hazard_damage`` into ``result``, a problem when it is no number or outside 0..MAX."""
        if "hazard_damage" in props:
            try:
                dmg = parse_int(props["hazard_damage"], "hazard_damage")
                if not 0 <= dmg <= MAX_HAZARD_DAMAGE:
                    raise SpecError(f"hazard_damage {dmg} is outside 0..{MAX_HAZARD_DAMAGE}")
                result.hazard_damage = dmg
            except SpecError as e:
                self.problem(where, str(e))

    def _cost(self, raw: object, key: str, where: str) -> int:
        """A tile's cost override: 0 = no override; -1 = may not enter (any negative value)."""
        try:
            value = parse_int(raw, key)
        except SpecError as e:
            self.problem(where, str(e))
            return 0
        if value == 0:
            self.problem(where, f"{key} 0 is not allowed (a negative cost means may not enter)")
            return 0
        if value > MAX_COST:
            self.problem(where, f"{key} {value} is more than {MAX_COST}")
            return 0
        return NO_ENTRY if value < 0 else value

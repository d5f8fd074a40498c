"""Build a :class:`Scenario` from a Tiled TMX hex map (docs/map-format.md).

:func:`load_scenario` refuses a bad map with the first :class:`MapError`;
:func:`validate_map` lists every fault it can find, one line each. Both go
through the same checks, so a map ``validate`` accepts always loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from game.rules import (
    COMBATANT_KEYS,
    DEFAULT_COSTS,
    DEFAULT_HAZARD_DAMAGE,
    DEFAULT_HOSTILE,
    MOVEMENT_TYPE_NAMES,
    NO_ENTRY,
    OFF_MAP,
    TERRAIN_KEYS,
    TERRAIN_NAMES,
    Board,
    Cell,
    CombatantSpec,
    CombatantSpecError,
    HexLayout,
    Hostility,
    MovementType,
    Scenario,
    SpecError,
    Terrain,
    combatant_from_properties,
    default_exits,
    limits,
    lookalike,
    name_problem,
    parse_bool,
    parse_choice,
    parse_int,
    same_name,
)

from .errors import MapError, object_label, one_line
from .pixels import TiledPixels
from .slips import slips
from .tilesets import TileInfo
from .tmx_adapter import TileLayer, TmxMap, read_tmx_collect
from .tmx_objects import COMBATANT_KIND, MapObject
from .tmx_properties import type_slip

COST_KEYS = tuple(f"cost_{m}" for m in MOVEMENT_TYPE_NAMES)  # index = MovementType
MAX_COST = 1000  # costs and damage live in int16 arrays; far beyond any sensible map
MAX_HAZARD_DAMAGE = 10_000
_FAR_CELL = 1_000_000  # a combatant's cell further off than this is named by its position, not its cell


def load_scenario(path: str | Path | TmxMap, *, allow_outside: bool = False) -> Scenario:
    """The encounter a TMX file describes; :class:`MapError` (one line) if the map is bad.

    ``path`` may be a map already read with :func:`read_tmx` (the window reads a file once and gives the
    same :class:`TmxMap` to the rules and to the renderer's ``load_map_art``). ``allow_outside``: the
    map may name tilesets and images outside its folder tree (``--allow-outside``)."""
    scenario, problems = _load(path if isinstance(path, TmxMap) else Path(path), allow_outside)
    if problems or scenario is None:
        # A reader that stopped must have said why; if one ever does not, still one line, not an IndexError.
        raise problems[0] if problems else MapError(str(path), None, "cannot read the map")
    return scenario


def validate_map(path: str | Path, *, allow_outside: bool = False) -> list[str]:
    """Every fault found in one map file, one line each; empty when the map loads."""
    try:
        _, problems = _load(Path(path), allow_outside)
    except MapError as e:  # _load collects; this is belt and braces
        return [str(e)]
    return [str(p) for p in problems]


def _load(source: Path | TmxMap, allow_outside: bool = False) -> tuple[Scenario | None, list[MapError]]:
    tmx: TmxMap | None
    if isinstance(source, TmxMap):
        tmx, problems = source, list(source.problems)
    else:
        tmx, problems = read_tmx_collect(source, allow_outside=allow_outside)
    if tmx is None:
        return None, problems
    try:
        built = _Builder(tmx, problems)
        scenario = built.scenario()
    except MapError as e:
        return None, _with_slips(tmx, [*problems, e])
    except Exception as e:  # a map must never cause a traceback
        return None, [*problems, MapError(tmx.source, None, f"cannot read the map ({type(e).__name__}: {one_line(e)})")]
    return (None if problems else scenario), _with_slips(tmx, problems)


def _with_slips(tmx: TmxMap, problems: list[MapError]) -> list[MapError]:
    """``problems`` with the first refusal of each combatant object ending in its misspelt properties.

    A misspelt property is ignored, so it is often the cause of the refusal (``movment_type`` left a
    swimmer a ground combatant on water); said here, plain ``validate`` and every command show it, not
    only ``validate --lint``. Only the object's own property names are read: no lint is run.
    """
    hints = {}
    for obj in tmx.objects:
        if (obj.kind or "").strip().lower() == COMBATANT_KIND:
            found = slips(obj.properties, COMBATANT_KEYS)
            if found:
                # did_you_mean's ' (did you mean "x"?)' becomes the clause after a colon
                hints[obj.label] = " ".join(f'(its property "{key}" is not one Playmat reads: '
                                            f'{hint.strip().removeprefix("(").removesuffix(")")})'
                                            for key, hint in found)
    out = []
    for p in problems:
        hint = hints.pop(p.where, None) if type(p) is MapError and p.where else None
        if hint:
            p = MapError(p.source, p.where, f"{p.what} {hint}")
        out.append(p)
    return out


@dataclass
class _TileTerrain:
    """What one terrain-carrying tile decides for a cell (docs/map-format.md "Terrain")."""

    terrain: Terrain = Terrain.NORMAL
    cost: tuple[int, int, int] = (0, 0, 0)  # per MovementType
    hazard_damage: int = DEFAULT_HAZARD_DAMAGE
    exit: bool | None = None  # None: the tile does not say
    blocks_sight: bool | None = None  # None: as its terrain says (R30: blocked blocks sight)
    cover: bool = False  # R31


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
    def of(decided: list[_TileTerrain]) -> _Table:
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
class _Builder:
    tmx: TmxMap
    problems: list[MapError]
    _tile_cache: dict[int, _TileTerrain | None] = field(default_factory=dict)

    def problem(self, where: str | None, what: str) -> None:
        self.problems.append(MapError(self.tmx.source, where, what))

    def _well_typed(self, props: Mapping[str, object], where: str | None) -> Mapping[str, object]:
        """``props`` without the Playmat keys whose Tiled type cannot hold their value, each reported
        naming the type to change it to (a bool ``reach`` reads "reach is a bool property (true); ...").
        ``props`` itself when none is (a caller may watch what is read from it)."""
        slips = {key: slip for key, value in props.items() if (slip := type_slip(key, value)) is not None}
        for key, slip in slips.items():
            self.problem(where or f"map property {key}", slip)  # where None: the map's own
        return {k: v for k, v in props.items() if k not in slips} if slips else props

    def scenario(self) -> Scenario:
        tmx, head = self.tmx, self.tmx.head
        layout = HexLayout(head.stagger_axis, head.stagger_index, head.tile_width, head.tile_height,
                           head.side_length, head.width, head.height)
        title, hostility, seed, flank, rear = self._map_properties()
        cover_bonus = self._map_int(self.tmx.properties, "cover_bonus", 2, 0)
        shooter_penalty = self._map_int(self.tmx.properties, "threatened_shooter_penalty", 2, 0)
        board = self._board(layout)
        combatants = self._combatants(board)
        return Scenario(
            source=tmx.source,
            title=title,
            board=board,
            combatants=combatants,
            hostility=hostility,
            seed=seed,
            flank_penalty=flank,
            rear_penalty=rear,
            cover_bonus=cover_bonus,
            threatened_shooter_penalty=shooter_penalty,
            description=str(self.tmx.properties.get("description") or "").strip(),
        )

    # --- map properties --------------------------------------------------------
    def _map_properties(self) -> tuple[str, Hostility, int, int, int]:
        props = self._well_typed(self.tmx.properties, None)
        title = str(props.get("title") or "").strip() or self.tmx.source
        for key, most in (("title", limits.MAX_TITLE_CHARS), ("description", limits.MAX_DESCRIPTION_CHARS)):
            if len(text := str(props.get(key) or "").strip()) > most:
                self.problem("map", f"{key} is {len(text):,} characters long, more than the limit of {most:,}")
        title = title[:limits.MAX_TITLE_CHARS]
        hostility = Hostility.parse(DEFAULT_HOSTILE)
        if props.get("hostile") is not None:
            try:
                hostility = Hostility.parse(str(props["hostile"]))
            except SpecError as e:
                self.problem("map property hostile", str(e))
        seed = self._map_int(props, "seed", 0, None)
        flank = self._map_int(props, "flank_penalty", 2, 0)
        rear = self._map_int(props, "rear_penalty", 4, 0)
        return title, hostility, seed, flank, rear

    def _map_int(self, props: Mapping[str, object], key: str, default: int, minimum: int | None) -> int:
        raw = props.get(key)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return default
        try:
            value = parse_int(raw, key)
        except SpecError as e:
            self.problem(f"map property {key}", str(e))
            return default
        if minimum is not None and value < minimum:
            self.problem(f"map property {key}", f"{key} {value} is less than {minimum}")
            return default
        return value

    # --- terrain ---------------------------------------------------------------------
    def _board(self, layout: HexLayout) -> Board:
        """Each cell as the topmost visible layer whose tile carries terrain properties decides it.

        Done with whole-map arrays, each tile decided once (a map has a few dozen tiles and may have
        a million cells): a per-cell code names what decides the cell, and a per-code table its values.
        """
        deciders = _Deciders.of(self.tmx.tile_layers, (layout.rows, layout.cols))
        decided = [_TileTerrain()] * (len(deciders.tiles) + _FIRST_TILE)  # a tile never consulted stays unused
        # Problems come in the order a row-major, top-layer-first scan of the cells would meet the tiles,
        # each naming the first cell where its tile is consulted.
        for k, flat in sorted(deciders.first.items(), key=lambda item: item[1]):
            r, c = divmod(flat, layout.cols)
            decided[k] = self._tile_terrain(deciders.tiles[k - _FIRST_TILE], (c, r)) or _TileTerrain()
        terrain, cost, hazard, exits, said_no_exit, sight, cover = _Table.of(decided[_PLAIN:]).cells(deciders.code)
        on_map = terrain != OFF_MAP
        if not on_map.any():
            self.problem(None, "no visible tile layer has a tile, so no cell is on the map")
        if not exits.any():
            # R24: where the map marks no exit, the on-map hexes of the outermost rows and
            # columns are exits (a tile that says exit=false stays closed).
            exits = default_exits(on_map, said_no_exit)
        return Board(layout, terrain, cost, hazard, exits, sight, cover)

    def _tile_terrain(self, tile: TileInfo, cell: tuple[int, int]) -> _TileTerrain | None:
        """The terrain a tile decides, or None for a decoration tile; checked once per tile."""
        key = id(tile)
        if key in self._tile_cache:
            return self._tile_cache[key]
        props = tile.properties
        result = None
        if _sets_terrain(tile):
            where = f"cell {cell[0]},{cell[1]} ({tile.label})"
            props = self._well_typed(props, where)
            result = _TileTerrain()
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
            if "hazard_damage" in props:
                try:
                    dmg = parse_int(props["hazard_damage"], "hazard_damage")
                    if not 0 <= dmg <= MAX_HAZARD_DAMAGE:
                        raise SpecError(f"hazard_damage {dmg} is outside 0..{MAX_HAZARD_DAMAGE}")
                    result.hazard_damage = dmg
                except SpecError as e:
                    self.problem(where, str(e))
            if "exit" in props:
                try:
                    result.exit = parse_bool(props["exit"], "exit")
                except SpecError as e:
                    self.problem(where, str(e))
            for flag in ("blocks_sight", "cover"):  # R30, R31
                if flag in props:
                    try:
                        setattr(result, flag, parse_bool(props[flag], flag))
                    except SpecError as e:
                        self.problem(where, str(e))
        self._tile_cache[key] = result
        return result

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

    # --- combatants --------------------------------------------------------------------
    def _combatants(self, board: Board) -> tuple[CombatantSpec, ...]:
        layout = board.layout
        objs = [o for o in self.tmx.objects if (o.kind or "").strip().lower() == COMBATANT_KIND]
        if len(objs) > limits.MAX_COMBATANTS:
            self.problem(None, f"has {len(objs)} combatants, more than the limit of {limits.MAX_COMBATANTS}")
            return ()
        objs.sort(key=lambda o: o.id)  # map order = Tiled object id (R14 ties)
        specs: list[CombatantSpec] = []
        names: dict[str, MapObject] = {}
        ids: dict[int, MapObject] = {}
        held: dict[tuple[int, int], CombatantSpec] = {}
        for obj in objs:
            if obj.id in ids:
                self.problem(obj.label, f"id {obj.id} is also used by {ids[obj.id].label}")
                continue
            ids[obj.id] = obj
            if not obj.name or not obj.name.strip():
                self.problem(obj.label, "a combatant has no name (set the object's Name in Tiled)")
                continue
            bad_name = name_problem(obj.name)
            if bad_name is not None:
                self.problem(obj.label, bad_name)
                continue
            taken = same_name(obj.name, names)
            if taken is not None:
                self.problem(obj.label, f"name is already used by {names[taken].label}"
                             + lookalike(obj.name, taken))
                continue
            names[obj.name] = obj
            if obj.shape not in ("point", "rectangle", "ellipse", "tile"):
                self.problem(obj.label, f"a combatant must be a point, rectangle, ellipse or tile object, "
                             f"not a {obj.shape}")
                continue
            cell = TiledPixels(layout).pixel_to_cell(*obj.anchor)
            if max(abs(cell[0]), abs(cell[1])) > _FAR_CELL:  # x="1e300": a cell number of 300 digits
                x, y = obj.anchor
                self.problem(obj.label, f"position x {x:g}, y {y:g} is out of range (far off the map)")
                continue
            if not board.is_on_map(cell):
                self.problem(obj.label, f"stands on cell {cell[0]},{cell[1]}, {_off_map(layout, cell)}")
                continue
            typed = self._well_typed(obj.properties, obj.label)
            try:
                spec = combatant_from_properties(obj.name, typed, cell, obj.id, layout)
            except CombatantSpecError as e:
                for what in e.problems:  # validate lists every fault of the object, one line each
                    self.problem(obj.label, what)
                continue
            except SpecError as e:
                self.problem(obj.label, str(e))
                continue
            except ValueError as e:  # e.g. HexLayout.direction_index; keep it one line
                self.problem(obj.label, one_line(e))
                continue
            if len(typed) < len(obj.properties):  # a property of the wrong type, reported above
                continue
            fits = self._footprint_fits(obj, spec, board)  # said, and the overlap below said too: one pass
            clash = next((held[h] for h in layout.disc(cell, spec.radius) if h in held), None)
            if clash is not None:
                shared = next(h for h in layout.disc(cell, spec.radius) if held.get(h) is clash)
                self.problem(obj.label, f"overlaps {object_label(clash.object_id, clash.name)} at cell "
                             f"{shared[0]},{shared[1]} "
                             f"(two combatants may not share a hex)")
            if not fits or clash is not None:
                continue
            for h in layout.disc(cell, spec.radius):
                held[h] = spec
            specs.append(spec)
        return tuple(specs)

    @staticmethod
    def _standing_fix(spec: CombatantSpec, board: Board) -> str:
        """What the designer changes when a combatant stands where its movement type may not: move the
        object, or give it a movement type that may enter every hex of its footprint (when one may)."""
        footprint = board.layout.disc(spec.cell, spec.radius)
        others = [m.label for m in MovementType if m != spec.movement_type
                  and all(board.is_on_map(h) and board.may_enter(h, m) for h in footprint)]
        if not others:
            return "move the object"
        return f"move the object, or give it movement_type {' or '.join(others)}"

    def _footprint_fits(self, obj: MapObject, spec: CombatantSpec, board: Board) -> bool:
        """R26: every hex of the footprint is on the map and enterable for its movement type."""
        col, row = spec.cell
        for hex_ in board.layout.disc(spec.cell, spec.radius):
            whose = f"cell {col},{row}" if hex_ == spec.cell else f"footprint hex {hex_[0]},{hex_[1]}"
            if not board.is_on_map(hex_):
                self.problem(obj.label, f"{whose} is off the map: a {spec.size.label} creature does not fit "
                             f"at {col},{row}")
                return False
            if not board.may_enter(hex_, spec.movement_type):
                terrain = board.terrain_at(hex_)
                assert terrain is not None
                self.problem(obj.label, f"{whose} is {terrain.label}, which a {spec.movement_type.label} "
                             f"combatant may not enter: {self._standing_fix(spec, board)}")
                return False
        return True


def _off_map(layout: HexLayout, cell: Cell) -> str:
    """Why a combatant's cell is off the map, in the terms Tiled's status bar shows: past the map's
    columns and rows (the map's size said), or a cell within them that no visible tile layer paints."""
    if layout.in_grid(cell):
        return "which no visible tile layer paints, so it is off the map"
    return (f"which is off the map (it is {layout.cols}x{layout.rows} cells: columns 0-{layout.cols - 1}, "
            f"rows 0-{layout.rows - 1})")

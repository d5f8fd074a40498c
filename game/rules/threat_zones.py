"""Next-turn threat zones and walking costs for many movers at once: the bulk questions a policy asks.

For every hostile near a combatant: where it could end a move next turn (a
fresh turn's full movement; the combatant's side blocks it, R4, and that side's
threat stops it, R9; it starts free, R10) and the hexes within a band of those
(where it could strike from). For the combatant: its step costs, the hexes it
could strike some hostile from (R21, R28), the walking cost from its
candidate hexes to the nearest of some goal hexes, the hazards and chasms a
shove can hurt in (R12, R22). Computed with axial sweeps
(:mod:`axial_sweeps`) in windows around the movers, one stack for all of them.

These are estimates for scoring: a multi-hex mover is costed by the dearest
hex under its whole footprint and stopped where any of it is threatened
(R27 costs only the hexes newly covered), so its zones never miss a hex it
could reach; ``reach_for`` answers one mover exactly and decides what is legal.

A :class:`ZoneMemo` remembers answers across encounter states; each policy
owns one (answers are pure functions of their keys, so a memo changes only
the speed, never an answer).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

import numpy as np

from .axial_sweeps import INF, Window, closed_ok, dilate_flat, grow_stack, reach_flat
from .fire_zones import ShotOdds, area_catches, burst_cover, cast_origins, lines_from, shoot_hexes, shot_odds
from .hexgrid import HexLayout
from .limits import MAX_MEMO_BYTES
from .terrain import MovementType, Terrain
from .threat import ThreatSource
from .views import CombatantView

if TYPE_CHECKING:
    from .board import Board
    from .state import EncounterState

UNREACHABLE = INF  # the cost of a hex no mover can step onto or walk to

V = TypeVar("V")
Arrays3 = tuple[np.ndarray, np.ndarray, np.ndarray]


class ReachAsk(NamedTuple):
    """A hostile's next-turn reach the memo did not know: where to answer it, and what it depends on."""

    slot: int  # its place among the questions asked together
    hostile: CombatantView
    band: int
    start: int  # flat index where it stands
    cost: np.ndarray  # float [N + 1]: its step costs, the actor's side closed (R4)
    threat: np.ndarray  # bool [N + 1]: where the actor's side stops it (R9)
    held: np.ndarray  # bool [N + 1]: where it may not end (its friends, R4)
    key: Hashable  # the memo key: all of the above that matters, as values
    ends_key: Hashable  # the key of where it could end: ``key`` without the band


class Memo(Generic[V]):
    """A bounded least-recently-used map from a question's full inputs (as values) to its answer.

    Answers are pure functions of their keys, so what is remembered changes
    only the speed, never a decision: a batch gives byte-identical results in
    one process, in worker processes or on a cluster.

    Bounded twice: by the number of answers and by the bytes their arrays hold
    (``max_bytes``): an answer is a whole-board array, so on a big map a count alone
    let one policy's memory grow past a gigabyte (limits.MAX_MEMO_BYTES).
    """

    def __init__(self, size: int, max_bytes: int = MAX_MEMO_BYTES) -> None:
        self.size = size
        self.max_bytes = max_bytes
        self.nbytes = 0
        self._data: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()

    def get(self, key: Hashable) -> V | None:
        entry = self._data.get(key)
        if entry is None:
            return None
        self._data.move_to_end(key)
        return entry[0]

    def put(self, key: Hashable, value: V) -> None:
        old = self._data.pop(key, None)
        if old is not None:
            self.nbytes -= old[1]
        size = array_bytes(value)
        self._data[key] = (value, size)
        self.nbytes += size
        # The oldest go first; the newest answer is always kept (it is about to be used).
        while len(self._data) > 1 and (len(self._data) > self.size or self.nbytes > self.max_bytes):
            self.nbytes -= self._data.popitem(last=False)[1][1]

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        self._data.clear()
        self.nbytes = 0


def array_bytes(value: object) -> int:
    """The bytes of the numpy arrays ``value`` owns: an array, a window's arrays, a tuple's arrays (a board
    in a tuple is shared by the whole game, not owned: it counts nothing)."""
    if isinstance(value, np.ndarray):
        return int(value.nbytes)
    if isinstance(value, Window):
        return sum(int(v.nbytes) for v in vars(value).values() if isinstance(v, np.ndarray))
    if isinstance(value, tuple):
        return sum(array_bytes(v) for v in value if isinstance(v, np.ndarray | Window))
    return 0


class ZoneMemo:
    """What one policy remembers between decisions: reaches, grid tables, distances, terrain costs."""

    def __init__(self) -> None:
        # A hostile's next-turn reach is asked again and again: by each decision of a turn, by each
        # combatant near it, in game after game of a batch; about half the questions are repeats.
        self.reach: Memo[tuple[np.ndarray, np.ndarray]] = Memo(4096)
        # The same reach whatever the band asked (where it could end does not depend on it): a policy asks
        # a combatant's reach with two or three bands (its blow, its support, a hostile's radius), swept once.
        self.ends: Memo[np.ndarray] = Memo(4096)
        # Windows, discs and tables: functions of the grid's geometry alone.
        self.windows: Memo[Window] = Memo(1024)
        self.discs: Memo[np.ndarray] = Memo(1024)
        self.rings: Memo[np.ndarray] = Memo(1024)  # the hexes in a weapon band around a hex (strike_hexes)
        # Answers that depend on the terrain and the hostiles' hexes alone (a mover's step costs, where it
        # could strike or shoot from): the same after the mover's own move, asked again by its next decision.
        self.around_foes: Memo[tuple[Board, np.ndarray]] = Memo(256)
        self.tables: Memo[Arrays3] = Memo(16)
        self.distance: Memo[np.ndarray] = Memo(1024)
        # Step costs per board, movement type and footprint (the board is kept: its id is not reused).
        self.terrain: Memo[tuple[Board, np.ndarray]] = Memo(64)
        # Sight windows around hostiles (a function of the board and the hex; the board is kept too).
        self.sight: Memo[tuple[Board, np.ndarray]] = Memo(1024)
        # Lines of sight and cover from a hex, by the hexes that give cover then (fire_zones.lines_from).
        self.lines: Memo[tuple[Board, slice, slice, np.ndarray, np.ndarray]] = Memo(256)
        # The parts of a faction's view of the board (the hexes its hostiles threaten, those its friends
        # hold), by those combatants' hexes: most survive a move (one side's) and all a turn that moved nobody.
        self.views: Memo[tuple[Board, np.ndarray]] = Memo(256)
        self.geometries: dict[tuple[int, int, HexLayout], int] = {}
        # What the policy itself works out from public answers and keeps between decisions (its reading
        # of the records, say), by its own keys; the engine never reads it.
        self.notes: dict[Hashable, object] = {}


class ThreatZones:
    """The bulk questions about one encounter state; arrays are flat (``row * cols + col``) with one
    extra slot at the end standing for "off the grid"."""

    def __init__(self, enc: EncounterState, memo: ZoneMemo | None = None) -> None:
        self.enc = enc
        self.memo = memo if memo is not None else ZoneMemo()
        self.board = enc.board
        self.layout = enc.layout
        self.n = self.board.rows * self.board.cols
        # The grid's shape and layout as a small int, for the memo keys (a layout hashes slowly).
        self.geometry = self.memo.geometries.setdefault((self.board.rows, self.board.cols, self.layout),
                                                        len(self.memo.geometries))
        self.by_name = {v.name: v for v in enc.views() if v.active}
        self.q, self.r, self.nt = self._grid_tables()
        self._faction_views: dict[tuple[str, str, int], Arrays3] = {}
        self._enter_costs: dict[CombatantView, np.ndarray] = {}
        # This state's distance rows by cell: asked dozens of times a decision, a dict look-up is
        # cheaper than the memo's (which moves its entry to the end each time).
        self._rows: dict[tuple[int, int], np.ndarray] = {}
        self._foe_hexes: dict[str, tuple[tuple[tuple[int, int], int], ...]] = {}
        self._moved_views: dict[tuple[str, str, int, str, int | None], Arrays3] = {}
        # What a mover's reach questions share (next_turn_reaches), by its name and hex: a policy asks
        # about the same combatant several times a decision (its threat, a friend's next-turn reach).
        # Keyed by all of the view they read, as a view asked about may be a hypothetical one, and by the
        # combatant a question moves (next_turn_reaches' ``moved``).
        self._reach_inputs: dict[tuple[object, ...],
                                 tuple[int, Arrays3, np.ndarray | None, tuple[bytes, ...]]] = {}

    def _grid_tables(self) -> Arrays3:
        """Axial q and r per flat index and the neighbour table, with the off-grid slot N (geometry only)."""
        key = self.geometry
        tables = self.memo.tables.get(key)
        if tables is None:
            q, r = self.layout.axial_arrays()
            nt = self.board.neighbor_table
            tables = (np.append(q.ravel(), 10**6), np.append(r.ravel(), 10**6), np.where(nt < 0, self.n, nt))
            for t in tables:
                t.flags.writeable = False
            self.memo.tables.put(key, tables)
        return tables

    def dist_from(self, cell: tuple[int, int], flats: np.ndarray) -> np.ndarray:
        """R1 hex distance from ``cell`` to each flat index."""
        dist: np.ndarray = self.distances(cell)[flats]
        return dist

    def distances(self, cell: tuple[int, int]) -> np.ndarray:
        """int [N + 1], read-only: R1 hex distance from ``cell`` to every hex (huge to the off-grid slot).

        Remembered per cell: the same few cells (where the combatants stand) are asked about
        many times in every decision.
        """
        row = self._rows.get(cell)
        if row is not None:
            return row
        at = self.board.flat(cell)
        key = (self.geometry, at)
        row = self.memo.distance.get(key)
        if row is None:
            row = self._distance_row(at)
            row.flags.writeable = False
            self.memo.distance.put(key, row)
        self._rows[cell] = row
        return row

    def _distance_row(self, at: int) -> np.ndarray:
        """:meth:`distances` from flat ``at``, worked out: a new hex each time someone moves.

        R1 distance depends on the axial offset alone, max(|dq|, |dr|, |dq + dr|), so it is read from one
        picture of it over every offset the grid holds (made once per board): the row is that picture
        shifted to ``at``, one gather instead of eight passes over the board."""
        n = self.n
        q, r = self.q[:n], self.r[:n]
        q_min, r_min, q_max, r_max = self._axial_bounds()
        q_span, r_span = q_max - q_min, r_max - r_min
        width = 2 * q_span + 1

        def picture() -> np.ndarray:
            dr, dq = np.indices((2 * r_span + 1, width))
            dq, dr = dq - q_span, dr - r_span
            out: np.ndarray = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
            return out.ravel().astype(self.q.dtype)

        image = self._per_board("distance picture", picture)
        # Each hex's place in the picture, less the shift of its centre: (r - r_min) * width + (q - q_min).
        place = self._per_board("distance places", lambda: (r - r_min) * width + (q - q_min))
        q0, r0 = int(self.q[at]), int(self.r[at])
        shift = (r_min - r0 + r_span) * width + (q_min - q0 + q_span)
        row = np.empty(n + 1, dtype=image.dtype)
        np.take(image, place + shift, out=row[:n])
        # The off-grid slot lies far outside the picture: worked out as the formula has it.
        dq, dr = int(self.q[n]) - q0, int(self.r[n]) - r0
        row[n] = max(abs(dq), abs(dr), abs(dq + dr))
        return row

    def footprint_cost(self, movement_type: str, radius: int) -> np.ndarray:
        """float [N + 1], read-only: cost for a footprint of ``radius`` to step its centre onto each hex
        (INF: may not). The terrain never changes, so it is worked out once per board."""
        def make() -> np.ndarray:
            mt = MovementType[movement_type.upper()]
            cost = np.append(self.board.cost[mt].ravel().astype(float), INF)
            cost[cost < 1] = INF
            if radius:
                fp = self.board.footprint_table(radius)
                cost = np.append(cost[np.where(fp < 0, self.n, fp)].max(axis=1), INF)
            return cost

        return self._per_board(("cost", movement_type, radius), make)

    def _per_board(self, key: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
        """A read-only array that depends on the board's terrain alone, made once per board (``memo.terrain``)."""
        full = (id(self.board), key)
        hit = self.memo.terrain.get(full)
        if hit is not None and hit[0] is self.board:  # the entry holds the board: its id is not reused
            return hit[1]
        value = make()
        value.flags.writeable = False
        self.memo.terrain.put(full, (self.board, value))
        return value

    def held_by(self, units: list[CombatantView], radius: int) -> np.ndarray:
        """bool [N + 1]: centres where a footprint of ``radius`` would overlap one of ``units``."""
        held = np.zeros(self.n + 1, dtype=bool)
        held[[self.board.flat(v.cell) for v in units]] = True  # the centres; footprints below
        for v in units:
            if v.radius:
                held[self.hexes_of(v)] = True
        return self._grow(held, radius)

    def hexes_of(self, v: CombatantView) -> np.ndarray:
        """Flat indices of the hexes ``v``'s footprint covers (R26; always on the map)."""
        at = self.board.flat(v.cell)
        if not v.radius:
            return np.array([at])
        row = self.board.footprint_table(v.radius)[at]
        covered: np.ndarray = row[row >= 0]
        return covered

    def window_around(self, flat: int, margin: int) -> Window:
        """:meth:`window` of the one hex ``flat``."""
        q, r = int(self.q[flat]), int(self.r[flat])
        return self._spanning((q - margin, r - margin), (q + margin, r + margin))

    def window(self, cells: np.ndarray, margin: int) -> Window:
        lo = (int(self.q[cells].min()) - margin, int(self.r[cells].min()) - margin)
        hi = (int(self.q[cells].max()) + margin, int(self.r[cells].max()) + margin)
        return self._spanning(lo, hi)

    def _spanning(self, lo: tuple[int, int], hi: tuple[int, int]) -> Window:
        """The axial rectangle from ``lo`` to ``hi``, remembered by the grid's geometry and those bounds."""
        key = (self.geometry, lo, hi)
        win = self.memo.windows.get(key)
        if win is None:
            win = self._cut_window(lo, hi)
            self.memo.windows.put(key, win)
        return win

    def _axial_bounds(self) -> tuple[int, int, int, int]:
        """The grid's least and greatest axial q and r: (q_min, r_min, q_max, r_max), once per board."""
        n = self.n
        q, r = self.q[:n], self.r[:n]
        bounds = self._per_board("axial bounds", lambda: np.array([q.min(), r.min(), q.max(), r.max()]))
        q_min, r_min, q_max, r_max = (int(b) for b in bounds)
        return q_min, r_min, q_max, r_max

    def _capped_margin(self, margin: int, band: int = 0) -> int:
        """``margin``, but no wider than a window around any hex of the board needs to hold all of it and
        ``band`` more: every walk stays on the board and a zone's shortest hex lines stay within the axial
        rectangle of their ends, so a wider window changes no answer. A move of 1,000 on a 300x300 map swept
        windows of 2,005 x 2,005 cells, 30 times the board's, for each next-turn reach the AI asked."""
        q_min, r_min, q_max, r_max = self._axial_bounds()
        return min(margin, max(q_max - q_min, r_max - r_min) + band + 1)

    def _cut_window(self, lo: tuple[int, int], hi: tuple[int, int]) -> Window:
        """:meth:`_spanning` worked out: the rectangle cut from a picture of the grid in axial coordinates
        (each axial hex's flat index, -1 off the grid; made once per board), so only the rectangle's own
        hexes are looked at, not every hex of the rows it crosses."""
        n = self.n
        q, r = self.q[:n], self.r[:n]
        q_min, r_min, q_max, r_max = self._axial_bounds()

        def picture() -> np.ndarray:
            image = np.full((r_max - r_min + 1, q_max - q_min + 1), -1, dtype=np.int64)
            image[r - r_min, q - q_min] = np.arange(n)
            return image

        image = self._per_board("axial picture", picture)
        w, h = hi[0] - lo[0] + 1, hi[1] - lo[1] + 1
        # The rectangle's part inside the picture, in picture rows and columns.
        c0, c1 = max(lo[0] - q_min, 0), min(hi[0] - q_min + 1, image.shape[1])
        r0, r1 = max(lo[1] - r_min, 0), min(hi[1] - r_min + 1, image.shape[0])
        if c0 >= c1 or r0 >= r1:
            return Window(self.q, self.r, np.zeros(0, dtype=np.int64), self.layout.direction_vectors, lo, hi,
                          at=np.zeros(0, dtype=np.int64))
        part = image[r0:r1, c0:c1]
        on_grid = part >= 0
        padded = np.zeros((h + 2, w + 2), dtype=bool)  # the window's padded array, row r - lo_r + 1
        pr, pc = r0 + r_min - lo[1] + 1, c0 + q_min - lo[0] + 1
        padded[pr: pr + (r1 - r0), pc: pc + (c1 - c0)] = on_grid
        flats, at = part[on_grid], np.flatnonzero(padded)
        if not self.layout.pointy:
            # Flat-top: the rectangle's rows (axial r) are not the grid's rows; its hexes in flat index order,
            # as everything that reads a window pairs them.
            order = np.argsort(flats, kind="stable")
            flats, at = flats[order], at[order]
        return Window(self.q, self.r, flats, self.layout.direction_vectors, lo, hi, at=at)

    def _grow(self, held: np.ndarray, radius: int) -> np.ndarray:
        """bool [N + 1]: centres where a footprint of ``radius`` would overlap a ``held`` hex."""
        if not radius:
            return held
        table = self._per_board(("footprints", radius), lambda: np.where(
            self.board.footprint_table(radius) < 0, self.n, self.board.footprint_table(radius)))
        at = np.flatnonzero(held[: self.n])
        if not held[self.n] and at.size * table.shape[1] < self.n // 2:
            # Few hexes held: a footprint is a disc, so the centres whose footprint holds a hex are the
            # hexes of the footprint centred on it; a gather of those rows, not of the whole board's.
            grown = np.zeros(self.n + 1, dtype=bool)
            grown[table[at].ravel()] = True
            grown[self.n] = False
            return grown
        return np.append(held[table].any(axis=1), False)

    def _faction_view(self, faction: str, movement_type: str, radius: int) -> Arrays3:
        """What every member of ``faction`` of one movement type and size moves through next turn:
        step costs with its hostiles' hexes closed (R4), the hexes its hostiles threaten (R9), both
        for centres of a footprint of ``radius``; and the hexes its friends hold (radius 0)."""
        key = (faction, movement_type, radius)
        view = self._faction_views.get(key)
        if view is None:
            # Each part is remembered across states by what it depends on alone (``memo.views``): a move
            # changes one side's hexes, so the other side's parts, and every part after a turn that
            # moved nobody, are read back. Read-only: shared between states.
            hostile = self.enc.hostile_factions(faction)
            cost = self._enter_cost_of(faction, movement_type, radius)
            sources = tuple(self.enc.threat_sources(faction))
            threat = self._remembered(("threat", radius, sources), lambda: self._grow(
                np.append(self.enc.threat_of(list(sources)).ravel(), False), radius))
            friends = [v for v in self.by_name.values() if v.faction not in hostile]
            held = self._remembered(("held", tuple((v.cell, v.radius) for v in friends)),
                                   lambda: self.held_by(friends, 0))
            view = self._faction_views[key] = (cost, threat, held)
        return view

    def _remembered(self, key: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
        """A read-only array that depends on the board and ``key`` alone (``key`` holding, as values, all of
        the state it reads), remembered in ``memo.views`` (the entry holds the board: its id is not reused)."""
        return self._kept(self.memo.views, (id(self.board), key), make)

    def _kept(self, table: Memo[tuple[Board, np.ndarray]], key: Hashable,
              make: Callable[[], np.ndarray]) -> np.ndarray:
        """``table``'s read-only array for ``key`` (whose first part is the board's id), made by ``make`` and
        kept there when missing; the entry holds the board too, so a reused id never reads another board's."""
        hit = table.get(key)
        if hit is not None and hit[0] is self.board:
            return hit[1]
        value = make()
        value.flags.writeable = False
        table.put(key, (self.board, value))
        return value

    def _faction_view_moved(self, faction: str, movement_type: str, radius: int, mover: CombatantView,
                            at: int | None) -> Arrays3:
        """:meth:`_faction_view` as if ``mover`` stood centred on flat ``at`` (None: off the board): for a
        hostile of ``faction`` its hexes closed or open (R4) and its threat moved with it (R8); for a
        friend, the hexes it holds (R4)."""
        key = (faction, movement_type, radius, mover.name, at)
        view = self._moved_views.get(key)
        if view is None:
            cost, threat, friends = self._faction_view(faction, movement_type, radius)
            there = [] if at is None else [replace(mover, cell=self.board.cell_of(at))]
            if mover.faction in self.enc.hostile_factions(faction):
                hostile = self.enc.hostile_factions(faction)
                foes = [v for v in self.by_name.values() if v.faction in hostile and v.name != mover.name]
                cost = self.footprint_cost(movement_type, radius).copy()
                cost[self.held_by(foes + there, radius)] = INF
                sources = self.enc.threat_sources(faction, frozenset({mover.name}))
                sources += [ThreatSource(t.cell, t.radius, t.reach_min, t.reach) for t in there if t.threatening]
                threat = self._grow(np.append(self.enc.threat_of(sources).ravel(), False), radius)
            else:
                hostile = self.enc.hostile_factions(faction)
                mates = [v for v in self.by_name.values() if v.faction not in hostile and v.name != mover.name]
                friends = self.held_by(mates + there, 0)
            view = self._moved_views[key] = (cost, threat, friends)
        return view

    def disc_flats(self, start: int, radius: int) -> np.ndarray:
        """Flat indices of the board's hexes within ``radius`` of flat ``start`` (R1), in index order."""
        key = (self.geometry, start, radius)
        disc = self.memo.discs.get(key)
        if disc is None:
            disc = np.flatnonzero(self.distances(self.board.cell_of(start))[: self.n] <= radius)
            self.memo.discs.put(key, disc)
        return disc

    def ring_flats(self, cell: tuple[int, int], lo: int, hi: int) -> np.ndarray:
        """Flat indices of the board's hexes at an R1 distance from ``cell`` between ``lo`` and ``hi``
        (inclusive), in index order; remembered like :meth:`disc_flats`."""
        if hi < max(lo, 0):
            return np.zeros(0, dtype=np.int64)
        start = self.board.flat(cell)
        key = (self.geometry, start, lo, hi)
        ring = self.memo.rings.get(key)
        if ring is None:
            disc = self.disc_flats(start, hi)
            ring = disc[self.distances(cell)[disc] >= lo] if lo > 0 else disc
            self.memo.rings.put(key, ring)
        return ring

    def next_turn_reaches(self, asks: list[tuple[CombatantView, int]],
                          moved: tuple[CombatantView, int | None] | None = None) -> list[tuple[np.ndarray, np.ndarray]]:
        """For each (hostile ``h``, ``band``): where ``h`` could end a move next turn (full movement),
        and the hexes within ``band`` of those.

        Its own movement type and footprint; the actor's side blocks it (R4) and
        that side's threat stops it (R9; it starts free, R10). Both bool [N + 1],
        read-only (they may be shared through :attr:`ZoneMemo.reach`). The questions
        not remembered are swept together, one window per hostile (axial_sweeps.reach_flat).

        ``moved`` (a combatant, a flat index or None) asks "what if": the answers as if that
        combatant stood centred on that hex (None: off the board), its body (R4) and its threat
        (R8, R9) with it; that combatant's own reach, if asked, is answered from where it stands.
        """
        out: list[tuple[np.ndarray, np.ndarray] | None] = []
        todo: list[ReachAsk] = []
        # What a hostile's questions share (one per band asked: its blow, its shot, its burst), once a state.
        shared = self._reach_inputs
        for h, band in asks:
            moving = None if moved is None or moved[0].name == h.name else (moved[0].name, moved[0].cell, moved[1])
            mover = (h.name, h.cell, h.faction, h.movement_max, h.movement_type, h.radius, moving)
            got = shared.get(mover)
            if got is None:
                start = self.board.flat(h.cell)
                if moved is not None and moved[0].name != h.name:  # as if one combatant stood elsewhere
                    view = self._faction_view_moved(h.faction, h.movement_type, h.radius, *moved)
                else:
                    view = self._faction_view(h.faction, h.movement_type, h.radius)
                cost, threat, friends = view
                # Everything the answer depends on, as values: the same question asked again (the next
                # decision of this turn, the next combatant's, the next game's) is answered from memory.
                # Every step costs at least 1, so only the hexes within its movement of where it stands
                # can matter: a change farther off (often the actor's own move) asks nothing new.
                disc = self.disc_flats(start, h.movement_max)
                held: np.ndarray | None = None
                if h.radius:
                    held = self._held_for(h, friends)
                    near = held[disc]
                else:  # a standard-size one's own hex only, taken out of its friends' (the whole array if asked)
                    near = friends[disc] & (disc != start)
                values: tuple[bytes, ...] = (cost[disc].tobytes(), np.packbits(threat[disc]).tobytes(),
                                             np.packbits(near).tobytes())
                got = shared[mover] = (start, view, held, values)
            start, (cost, threat, friends), held, values = got
            ends_key = (self.geometry, start, h.movement_max, *values)
            key = (band, ends_key)
            hit = self.memo.reach.get(key)
            if hit is None:
                if held is None:
                    held = self._held_for(h, friends)
                    shared[mover] = (start, (cost, threat, friends), held, values)
                todo.append(ReachAsk(len(out), h, band, start, cost, threat, held, key, ends_key))
            out.append(hit)
        if todo:
            self._sweep_reaches(todo, out)
        answers = [answer for answer in out if answer is not None]
        assert len(answers) == len(out), "a reach asked was left unanswered"
        return answers

    def _held_for(self, h: CombatantView, friends: np.ndarray) -> np.ndarray:
        """bool [N + 1]: centres where ``h`` may not end next turn: its friends' hexes (R4) but its own, grown
        by its footprint."""
        held = friends.copy()
        held[self.hexes_of(h)] = False  # its own hexes do not keep it from ending there
        return self._grow(held, h.radius)

    def _sweep_reaches(self, todo: list[ReachAsk], out: list[tuple[np.ndarray, np.ndarray] | None]) -> None:
        """Answer the questions not remembered in one stack of windows (axial_sweeps.reach_flat), and remember them.

        Where it could end lies within its movement of where it stands (every step costs at least 1): the
        sweep's windows reach that far (a wider one changes no answer). Its zone, its band farther, is
        spread in a window of its own (axial_sweeps.dilate_flat)."""
        vectors = self.layout.direction_vectors
        if not closed_ok(vectors):
            self._sweep_and_grow(todo, out)
            return
        # Where each could end, swept once per distinct question (the memo's, or one sweep for the asks
        # that differ in their band alone); then its zone for each band asked.
        ends: dict[Hashable, np.ndarray] = {}
        sweep: dict[Hashable, ReachAsk] = {}
        for a in todo:
            if a.ends_key in ends or a.ends_key in sweep:
                continue
            known = self.memo.ends.get(a.ends_key)
            if known is None:
                sweep[a.ends_key] = a
            else:
                ends[a.ends_key] = known
        if sweep:
            for a, can in zip(sweep.values(), self._sweep_ends(list(sweep.values())), strict=True):
                ends[a.ends_key] = can
                self.memo.ends.put(a.ends_key, can)
        for a in todo:
            can = ends[a.ends_key]
            # Within its movement of the centre, so its band and one more inside this window's edge.
            wide_margin = self._capped_margin(a.hostile.movement_max + a.band + 1, a.band)
            wide = self.window_around(a.start, wide_margin)
            wide_width = 2 * wide_margin + 3
            seeds = np.zeros(wide_width * wide_width, dtype=bool)
            seeds[wide.at[can[wide.flats]]] = True
            zone = np.zeros(self.n + 1, dtype=bool)
            zone[wide.flats] = dilate_flat(seeds, a.band, wide_width)[wide.at]
            zone.flags.writeable = False
            self.memo.reach.put(a.key, (can, zone))
            out[a.slot] = (can, zone)

    def _sweep_ends(self, todo: list[ReachAsk]) -> list[np.ndarray]:
        """Where each of ``todo`` could end next turn (bool [N + 1], read-only), in one stack of windows.

        Where it could end lies within its movement of where it stands (every step costs at least 1): the
        sweep's windows reach that far (a wider one changes no answer)."""
        margin = self._capped_margin(max(a.hostile.movement_max + 1 for a in todo))
        wins, base, width, dist = self._walk_windows(todo, margin)
        cans = []
        for b, win, a in zip(base, wins, todo, strict=True):
            can = self._can_end(a, win, dist[b + win.at])
            can.flags.writeable = False
            cans.append(can)
        return cans

    def _walk_windows(self, todo: list[ReachAsk], margin: int) -> tuple[list[Window], np.ndarray, int, np.ndarray]:
        """Each of ``todo``'s walks in a window of ``margin`` round its start, all swept in one stack: the
        windows, each window's offset in the stack, the padded window's side, and the stack's walking costs."""
        wins = [self.window_around(a.start, margin) for a in todo]
        width = 2 * margin + 3  # the padded window's side
        size = width * width
        base = np.arange(len(todo)) * size
        cost_w = np.full(len(todo) * size, INF)
        stops_w = np.zeros(len(todo) * size, dtype=bool)
        for b, win, a in zip(base, wins, todo, strict=True):
            cost_w[b + win.at] = a.cost[win.flats]
            stops_w[b + win.at] = a.threat[win.flats]
        budgets = np.array([a.hostile.movement_max for a in todo])
        vectors = self.layout.direction_vectors
        dist = reach_flat(cost_w, stops_w, base + margin + 1 + (margin + 1) * width, budgets, vectors, width)
        return wins, base, width, dist

    def _can_end(self, a: ReachAsk, win: Window, dist: np.ndarray) -> np.ndarray:
        """bool [N + 1]: where ``a``'s mover could end, from its walking costs ``dist`` over ``win``: what it
        reaches, less the hexes held by its friends (R4), always its own hex."""
        can = np.zeros(self.n + 1, dtype=bool)
        can[win.flats] = (dist < INF) & ~a.held[win.flats]  # nothing outside the window is reached
        can[a.start] = True
        can[self.n] = False
        return can

    def _sweep_and_grow(self, todo: list[ReachAsk], out: list[tuple[np.ndarray, np.ndarray] | None]) -> None:
        """:meth:`_sweep_reaches` for steps other than the six axial ones: reach and zone in one stack."""
        # One window shape for all: each centred on its hostile, wide enough for the farthest
        # reach among them (a wider window changes no answer: nothing beyond is reachable).
        margin = self._capped_margin(max(a.hostile.movement_max + a.band + 1 for a in todo),
                                    max(a.band for a in todo))
        wins, base, width, dist = self._walk_windows(todo, margin)
        vectors = self.layout.direction_vectors
        grown = np.full(len(todo) * width * width, INF)
        cans = []
        for b, win, a in zip(base, wins, todo, strict=True):
            can = self._can_end(a, win, dist[b + win.at])
            cans.append(can)
            grown[b + win.at[can[win.flats]]] = 0.0
        grown = grow_stack(grown.reshape(len(todo), width, width), np.array([a.band for a in todo]), vectors).ravel()
        for b, win, can, a in zip(base, wins, cans, todo, strict=True):
            zone = np.zeros(self.n + 1, dtype=bool)
            zone[win.flats] = grown[b + win.at] < INF
            can.flags.writeable = False
            zone.flags.writeable = False
            self.memo.reach.put(a.key, (can, zone))
            out[a.slot] = (can, zone)

    def shove_pits(self) -> np.ndarray:
        """Flat indices of the hazards and chasms: where a shove can hurt (R12, R22); once per board."""
        def make() -> np.ndarray:
            terrain = self.board.terrain.ravel()
            return np.flatnonzero((terrain == Terrain.HAZARD) | (terrain == Terrain.CHASM))

        return self._per_board("pits", make)

    def _foes_of(self, faction: str) -> tuple[tuple[tuple[int, int], int], ...]:
        """Where the active hostiles of ``faction`` stand, and their footprints' radii, in map order."""
        foes = self._foe_hexes.get(faction)
        if foes is None:
            hostile = self.enc.hostile_factions(faction)
            foes = self._foe_hexes[faction] = tuple(
                (h.cell, h.radius) for h in self.by_name.values() if h.faction in hostile)
        return foes

    def _around_foes(self, v: CombatantView, question: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
        """A read-only answer about ``v`` that depends on the board and its hostiles' hexes alone, remembered
        by those (``memo.around_foes``; the entry holds the board, so its id is not reused)."""
        return self._around_faction(v.faction, question, make)

    def _around_faction(self, faction: str, question: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
        """:meth:`_around_foes` for any member of ``faction``."""
        return self._kept(self.memo.around_foes, (id(self.board), question, self._foes_of(faction)), make)

    def enter_cost(self, v: CombatantView) -> np.ndarray:
        """float [N + 1], read-only: ``v``'s cost to step its centre onto each hex; INF where it may not or a
        hostile stands."""
        cost = self._enter_costs.get(v)
        if cost is None:
            cost = self._enter_costs[v] = self._enter_cost_of(v.faction, v.movement_type, v.radius)
        return cost

    def _enter_cost_of(self, faction: str, movement_type: str, radius: int) -> np.ndarray:
        """:meth:`enter_cost` of any member of ``faction`` of that movement type and size (its faction view's
        step costs too: one remembered answer for both)."""
        return self._around_faction(faction, ("enter", movement_type, radius),
                                    lambda: self._make_enter_cost(faction, movement_type, radius))

    def _make_enter_cost(self, faction: str, movement_type: str, radius: int) -> np.ndarray:
        hostile = self.enc.hostile_factions(faction)
        cost = self.footprint_cost(movement_type, radius).copy()
        cost[self.held_by([h for h in self.by_name.values() if h.faction in hostile], radius)] = INF
        return cost

    def strike_hexes(self, v: CombatantView) -> np.ndarray:
        """bool [N + 1], read-only: centres ``v`` could step onto and attack some hostile from (its band, R21,
        R28)."""
        return self._around_foes(v, ("strike", v.movement_type, v.radius, v.reach_min, v.reach),
                                 lambda: self._make_strike_hexes(v))

    def _make_strike_hexes(self, v: CombatantView) -> np.ndarray:
        goal = np.zeros(self.n + 1, dtype=bool)
        hostile = self.enc.hostile_factions(v.faction)
        for h in self.by_name.values():
            if h.faction in hostile:
                # The ring of centres whose footprint edge lies in the band (R21, R28): a few dozen hexes
                # from the remembered disc, instead of a sweep of the whole board per hostile.
                goal[self.ring_flats(h.cell, v.reach_min + v.radius + h.radius, v.reach + v.radius + h.radius)] = True
        goal &= self.enter_cost(v) < INF
        goal[self.n] = False
        return goal

    def exit_hexes(self, v: CombatantView) -> np.ndarray:
        """bool [N + 1]: centres where ``v``'s footprint would cover an exit hex: it could flee there (R24)."""
        exits = np.append(self.board.exit.ravel(), False)
        return self._grow(exits, v.radius)

    def strike_cells(self, v: CombatantView, target: CombatantView, cells: np.ndarray, shove: bool = False
                     ) -> np.ndarray:
        """The flat ``cells`` from which ``target`` lies in ``v``'s weapon band (R21, R28), or, with ``shove``,
        adjacent to it (R22); in the order given. Legality (who may act, a blocked line) is the previews'."""
        lo, hi = (1, 1) if shove else (v.reach_min, v.reach)
        # Centre to centre, the band moved out by both radii (whole numbers: the same hexes); asked several
        # times a decision, so in as few array passes as it takes.
        d = self.distances(target.cell)[cells]
        lo, hi = lo + v.radius + target.radius, hi + v.radius + target.radius
        out: np.ndarray = cells[d == lo] if lo == hi else cells[(d >= lo) & (d <= hi)]
        return out

    @staticmethod
    def zone_band(h: CombatantView, target: CombatantView) -> int:
        """How far from the centre ``h`` stands on, ``target``'s centre can be for ``h`` to strike it (R28)."""
        return h.reach + h.radius + target.radius

    def walk_to(self, v: CombatantView, cells: np.ndarray, goal: np.ndarray,
                toll: np.ndarray | None = None) -> np.ndarray:
        """float [N + 1]: ``v``'s walking cost from its candidate hexes ``cells`` to the nearest ``goal`` hex.

        Swept in a window around the candidates and the nearest goal (a margin
        for detours); when no goal is reachable inside it, over the whole board
        (the only way round a long wall may lie far outside the window); INF
        where no goal is reachable at all. ``toll`` (float [N + 1], optional) is
        added to the cost of stepping onto each hex: a caller's own price on
        hexes it would rather not cross (the rules' costs are unchanged).
        """
        goals = np.flatnonzero(goal[: self.n])
        if not goals.size:
            return np.full(self.n + 1, INF)
        nearest = goals[int(np.argmin(self.dist_from(v.cell, goals)))]
        out = self._walk_sweep(v, cells, goal, self.window(np.append(cells, nearest), 6), toll)
        if not (out[cells] < INF).any():
            board = self.window(np.arange(self.n), 0)
            out = self._walk_sweep(v, cells, goal, board, toll)
        return out

    def _walk_sweep(self, v: CombatantView, cells: np.ndarray, goal: np.ndarray, win: Window,
                    toll: np.ndarray | None = None) -> np.ndarray:
        width = win.w + 2
        size = (win.h + 2) * width
        goal_w = np.zeros(size, dtype=bool)
        goal_w[win.at] = goal[win.flats]
        cost_w = np.full(size, INF)
        cost_w[win.at] = self.enter_cost(v)[win.flats]
        if toll is not None:
            cost_w[win.at] += toll[win.flats]
        settle = (self.r[cells] - win.r0 + 1) * width + (self.q[cells] - win.q0 + 1)
        dist = win.distance_to(goal_w, cost_w, settle)
        out = np.full(self.n + 1, INF)
        out[win.flats] = dist[win.at]
        return out

    # --- shots and bursts (R29-R32; fire_zones.py) -------------------------------------------
    def shot_odds(self, v: CombatantView, target: CombatantView, cells: np.ndarray) -> ShotOdds:
        """A shot of ``v`` at ``target`` from each flat hex of ``cells``: ``preview_shoot(at=...)`` in bulk."""
        return shot_odds(self.enc, v.name, target.name, cells[cells < self.n], self.memo.lines)

    def exposure(self, shooter: CombatantView, target: CombatantView, cells: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
        """Per flat hex of ``cells``, ``target`` imagined there: whether ``shooter``'s hex sees it (R30) and
        whether the line crosses cover (R31). Standard sizes: one line per hex, centre to centre."""
        return lines_from(self.enc, shooter.cell, (shooter.name, target.name), cells, self.memo.lines)

    def shoot_hexes(self, v: CombatantView) -> np.ndarray:
        """bool [N + 1], read-only: centres from which ``v`` would have some hostile in range and in sight (R29,
        R30)."""
        return self._around_foes(v, ("shoot", v.radius, v.ranged), lambda: np.append(
            shoot_hexes(self.enc, v.name, self.memo.sight).ravel(), False))

    def cast_origins(self, v: CombatantView, at: int, cells: np.ndarray, spare_self: bool = False) -> np.ndarray:
        """bool per flat hex of ``cells``: ``v`` standing there could centre its area on flat ``at`` (R32); with
        ``spare_self``, only where its own burst would not catch it."""
        return cast_origins(self.enc, v.name, self.board.cell_of(at), cells, spare_self)

    def burst_cover(self, v: CombatantView, target: CombatantView, cells: np.ndarray) -> np.ndarray:
        """bool per flat hex of ``cells``: ``v`` standing there, whether its burst centred on ``target``'s centre
        would find ``target`` in cover (R31, R32): ``preview_cast(origin=...)``'s ``cover`` in bulk."""
        ok = cells < self.n  # the off-board sentinel has no cover to find; the answer keeps ``cells``' order
        out = np.zeros(len(cells), dtype=bool)
        out[ok] = burst_cover(self.enc, v.name, target.name, cells[ok], self.memo.lines)
        return out

    def area_catches(self, radius: int, centres: np.ndarray) -> tuple[list[str], np.ndarray]:
        """(active combatants in initiative order, bool [centre, combatant]): whom a burst of ``radius`` on
        each flat centre would catch (R32), everyone where they stand now."""
        return area_catches(self.enc, radius, centres)

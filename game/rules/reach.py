"""Reachability: where a mover can go, at what cost, and where ZoC stops it.

Public API (used by the encounter engine, the CLI and the AI):

- :class:`MoveRequest`: the mover and the board situation it moves in.
- :func:`reachable` -> :class:`ReachResult`.

Semantics (rulings R4, R5, R7-R11, R26-R28):
- The search runs over centre cells. A centre is *enterable* when its whole
  footprint (disc of ``radius``) is on-map, every footprint hex has a cost
  >= 1 for the movement type, and no footprint hex is in ``blocked``
  (hostile combatants, R4).
- A step moves the centre to an adjacent cell and costs the highest entry
  cost among the hexes the footprint newly covers (for radius 0: the cost of
  the entered hex).
- When ``threatened`` is given, a step is a ZoC entry when any newly
  covered hex is threatened; the mover pays and stops there: that state is
  never expanded. The start is always expanded (R10).
- Each cell therefore has a *free* cost (reached without a ZoC stop) and a
  *stop* cost; its cost is the smaller, and ``stops`` is true only when the
  stop cost is strictly smaller (R7: where cheapest paths differ, it takes
  one that does not stop it).
- A centre may be passed through when its footprint overlaps ``occupied``
  (non-hostile combatants) but the mover may not end there (R4); a stop
  state there is not a legal end, so it does not count.
- ``budget`` bounds the cost (None: the whole-map distance field).
- The start always has cost 0 and is a legal place to end (staying put);
  :meth:`ReachResult.destinations` leaves it out.

The full ``[row, col]`` arrays of a result are built on first use: a bounded
search touches only the cells near the mover, and most callers only want
:meth:`ReachResult.destinations` or a few :meth:`ReachResult.path_to`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .board import Board
from .hexgrid import Cell
from .limits import count_search
from .reach_search import Field, search_cells, search_steps
from .reach_tables import INF, StepTables, step_tables
from .terrain import MovementType


@dataclass(frozen=True, eq=False)
class MoveRequest:
    start: Cell  # the mover's centre cell
    movement_type: MovementType
    radius: int  # footprint radius: 0 standard, 1 large, 2 giant (R26)
    budget: int | None  # movement available; None = unbounded distance field
    blocked: np.ndarray  # bool [rows, cols]: hexes held by hostile combatants
    occupied: np.ndarray  # bool [rows, cols]: hexes held by other non-hostile combatants
    threatened: np.ndarray | None  # bool [rows, cols]: ZoC against the mover; None once exhausted


@dataclass(frozen=True, eq=False)
class _Zoc:
    """Which arrivals were ZoC entries in this search (for walking paths back)."""

    cells: np.ndarray  # standard size: entering any of these cells
    arrivals_v: np.ndarray  # multi-hex: arriving at v ...
    arrivals_d: np.ndarray  # ... along direction d


class ReachResult:
    """Outcome of one search. Arrays are ``[row, col]`` over centre cells.

    ``cost`` (int32, -1 if unreachable), ``stops`` (the cheapest way there
    ends in a ZoC stop) and ``can_end`` (reachable and a legal place to end
    the move) are read-only arrays built on first access.
    """

    def __init__(self, board: Board, start: Cell, field: Field, no_end: np.ndarray, tables: StepTables,
                 zoc: _Zoc) -> None:
        self.board = board
        self.start = start
        self._field = field
        self._no_end = no_end  # flat cells whose footprint overlaps a non-hostile combatant (R4)
        self._tables = tables
        self._zoc = zoc

    # --- sparse views -------------------------------------------------------
    @cached_property
    def _ends(self) -> dict[int, tuple[int, bool]]:
        """flat cell -> (cost, stops) for every legal end, start included."""
        f = self._field
        out: dict[int, tuple[int, bool]] = {c: (g, False) for c, g in zip(f.free_cells.tolist(), f.free_cost.tolist(),
                                                                            strict=True)}
        for cell, cost in zip(f.stop_cells.tolist(), f.stop_cost.tolist(), strict=True):
            free = out.get(cell)
            if free is None or cost < free[0]:  # R7: a stop counts only when strictly cheaper
                out[cell] = (cost, True)
        start = self.board.flat(self.start)
        for cell in self._no_end.tolist():
            if cell != start:
                out.pop(cell, None)
        return out

    @cached_property
    def _free(self) -> np.ndarray:
        """Dense free cost per flat cell (INF where no free state), plus the off-grid slot."""
        free = np.full(self.board.rows * self.board.cols + 1, INF, dtype=np.int64)
        free[self._field.free_cells] = self._field.free_cost
        return free

    @cached_property
    def _zoc_arrivals(self) -> tuple[set[int], set[tuple[int, int]]]:
        z = self._zoc
        return set(z.cells.tolist()), set(zip(z.arrivals_v.tolist(), z.arrivals_d.tolist(), strict=True))

    # --- full arrays --------------------------------------------------------
    @cached_property
    def _arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        f = self._field
        n = self.board.rows * self.board.cols
        cost = np.full(n, -1, dtype=np.int32)
        stops = np.zeros(n, dtype=bool)
        cost[f.free_cells] = f.free_cost
        if f.stop_cells.size:
            current = cost[f.stop_cells]
            wins = (current < 0) | (f.stop_cost < current)
            cost[f.stop_cells[wins]] = f.stop_cost[wins]
            stops[f.stop_cells[wins]] = True
        # Built from the reached cells rather than ``cost >= 0``: a whole-board
        # compare costs more than the search itself on large maps.
        can_end = np.zeros(n, dtype=bool)
        can_end[f.free_cells] = True
        can_end[f.stop_cells] = True
        can_end[self._no_end] = False
        can_end[self.board.flat(self.start)] = True
        shape = (self.board.rows, self.board.cols)
        arrays = (cost.reshape(shape), stops.reshape(shape), can_end.reshape(shape))
        for a in arrays:
            a.setflags(write=False)
        return arrays

    @property
    def cost(self) -> np.ndarray:
        return self._arrays[0]

    @property
    def stops(self) -> np.ndarray:
        return self._arrays[1]

    @property
    def can_end(self) -> np.ndarray:
        return self._arrays[2]

    # --- answers ------------------------------------------------------------
    def end_at(self, cell: Cell) -> tuple[int, bool] | None:
        """``(cost, stops)`` when ``cell`` is a legal end (the start: ``(0, False)``), else None.

        A search that reached a small part of the map answers from a table of its reached cells (no
        whole-map arrays are built); one that reached much of a big map answers from the full arrays,
        which numpy builds in milliseconds where the table of a million cells took a third of a second
        (a hand-written log asking for such moves spent most of each in it). Both give the same answer.
        """
        if not self.board.layout.in_grid(cell):
            return None
        if "_ends" not in self.__dict__ and self._reached * _DENSE_BELOW > self.board.rows * self.board.cols:
            col, row = cell
            cost, stops, can_end = self._arrays
            return (int(cost[row, col]), bool(stops[row, col])) if can_end[row, col] else None
        return self._ends.get(self.board.flat(cell))

    @property
    def _reached(self) -> int:
        """How many states the search reached (free and ZoC stops)."""
        return int(self._field.free_cells.size + self._field.stop_cells.size)

    def destinations(self) -> list[tuple[Cell, int, bool]]:
        """``(cell, cost, stops)`` for every legal end other than the start, cheapest first (then row by row)."""
        start = self.board.flat(self.start)
        cols = self.board.cols
        items = sorted((cost, flat, stops) for flat, (cost, stops) in self._ends.items() if flat != start)
        return [((flat % cols, flat // cols), cost, stops) for cost, flat, stops in items]

    def path_to(self, cell: Cell) -> list[Cell]:
        """A cheapest legal path of centre cells, start excluded, ``cell`` last.

        Where cheapest paths differ in whether the last step is a ZoC stop,
        this is one without the stop (R7), matching ``stops``.
        Raises ValueError when ``cell`` is not a legal end.
        """
        board = self.board
        end = self.end_at(cell)
        if end is None:
            here = f"{self.start[0]},{self.start[1]}"
            raise ValueError(f"hex {cell[0]},{cell[1]} is not a legal end of this move from {here}")
        flat, start = board.flat(cell), board.flat(self.start)
        chain: list[int] = []
        cost, stopping = end
        while flat != start:
            chain.append(flat)
            flat, cost = self._step_back(flat, cost, stopping)
            stopping = False  # only the last step of a path may be a ZoC entry
        return [board.cell_of(f) for f in reversed(chain)]

    def _step_back(self, v: int, cost: int, zoc: bool) -> tuple[int, int]:
        """A free state ``u`` and the step ``u -> v`` that brings ``v`` to ``cost``, a ZoC entry iff ``zoc``."""
        nbr, cost_in, free = self._tables.neighbors, self._tables.cost_in, self._free
        zoc_cells, zoc_pairs = self._zoc_arrivals
        for d in range(6):
            u = int(nbr[v, (d + 3) % 6])
            if u < 0 or free[u] + cost_in[v, d] != cost:
                continue
            if ((v in zoc_cells) or ((v, d) in zoc_pairs)) == zoc:
                return u, int(free[u])
        raise AssertionError(f"no step back from cell {v} at cost {cost}")  # the search guarantees one


def reachable(board: Board, request: MoveRequest) -> ReachResult:
    """Where the mover can bring its centre this move, at what cost, and where ZoC stops it."""
    _check(board, request)
    if request.budget == 0:
        return stay_put(board, request.start, request.movement_type, request.radius)
    tables = step_tables(board, request.movement_type, request.radius)
    window = _window(board, request)
    start = board.flat(request.start)
    # A GM may grant up to MAX_NUMBER movement, more than INF, the cost a search gives a step a zone of control
    # or a hostile forbids: every real way costs less than INF, so past it more movement reaches nothing more.
    budget = None if request.budget is None else min(request.budget, INF - 1)
    cols = board.cols
    blocked = _cells(request.blocked, window, cols)
    occupied = _cells(request.occupied, window, cols)
    threatened = EMPTY if request.threatened is None else _cells(request.threatened, window, cols)

    if request.radius == 0:
        field = search_cells(tables, start, budget, blocked, threatened, occupied)
        count_search(field.free_cells.size + field.stop_cells.size)
        return ReachResult(board, request.start, field, occupied, tables, _Zoc(threatened, EMPTY, EMPTY))

    no_enter = _spread(tables, blocked)  # centres whose footprint holds a hostile (R4, R27)
    no_end = _spread(tables, occupied)  # centres whose footprint holds a friend (R4)
    stop_v, stop_d = _zoc_arrivals(tables, threatened)
    # No free step into a hostile's footprint, nor into threatened space (R9).
    in_v = np.concatenate([np.repeat(no_enter, 6), stop_v])
    in_d = np.concatenate([np.tile(np.arange(6, dtype=np.intp), no_enter.size), stop_d])
    from_u = tables.neighbors[in_v, (in_d + 3) % 6]
    ok = from_u >= 0
    zoc = _Zoc(EMPTY, stop_v, stop_d)
    # A ZoC stop is never a legal end on a friend or a hostile (R4).
    if stop_v.size:
        keep = ~np.isin(stop_v, np.concatenate([no_enter, no_end]))
        stop_v, stop_d = stop_v[keep], stop_d[keep]
    field = search_steps(tables, start, budget, from_u[ok], in_d[ok], stop_v, stop_d)
    count_search(field.free_cells.size + field.stop_cells.size)
    return ReachResult(board, request.start, field, no_end, tables, zoc)


def stay_put(board: Board, start: Cell, movement_type: MovementType, radius: int) -> ReachResult:
    """What :func:`reachable` finds with no movement left, without searching: the start alone.

    Every step costs at least 1 and a ZoC stop costs its step, so nothing but
    the start (cost 0, always a legal end) is within a budget of 0; which
    hexes hold friends, hostiles or threat then changes no answer.
    """
    if not board.layout.in_grid(start):
        raise ValueError(f"start hex {list(start)} is outside the {board.cols}x{board.rows} grid")
    field = Field(np.array([board.flat(start)], dtype=np.intp), np.zeros(1, dtype=np.int32), EMPTY,
                  np.zeros(0, dtype=np.int32))
    return ReachResult(board, start, field, EMPTY, step_tables(board, movement_type, radius),
                       _Zoc(EMPTY, EMPTY, EMPTY))


# --- helpers ----------------------------------------------------------------
Window = tuple[int, int, int, int]  # row0, row1, col0, col1 (half-open)
_DENSE_BELOW = 32  # end_at reads the full arrays once a search reached more than 1/32 of the map
EMPTY = np.zeros(0, dtype=np.intp)


def _check(board: Board, request: MoveRequest) -> None:
    if not board.layout.in_grid(request.start):
        raise ValueError(f"start hex {list(request.start)} is outside the {board.cols}x{board.rows} grid")
    if request.radius < 0:
        raise ValueError(f"footprint radius {request.radius} is negative")
    if request.budget is not None and request.budget < 0:
        raise ValueError(f"movement budget {request.budget} is negative")
    shape = (board.rows, board.cols)
    for name in ("blocked", "occupied", "threatened"):
        mask = getattr(request, name)
        if mask is not None and mask.shape != shape:
            raise ValueError(f"{name} mask has shape {mask.shape}, the board is {shape} (rows, cols)")


def _window(board: Board, request: MoveRequest) -> Window:
    """The box of cells a search can look at: everything when unbounded.

    Every step costs at least 1, so a bounded search only sees footprint hexes
    within ``budget + radius + 1`` of the start; in offset coordinates that
    lies within that many rows and one more column.
    """
    if request.budget is None:
        return 0, board.rows, 0, board.cols
    m = request.budget + request.radius + 2
    col, row = request.start
    return max(0, row - m), min(board.rows, row + m + 1), max(0, col - m), min(board.cols, col + m + 1)


def _cells(mask: np.ndarray, window: Window, cols: int) -> np.ndarray:
    """Flat indices (intp) of the set cells of ``mask`` inside ``window``."""
    r0, r1, c0, c1 = window
    sub = mask[r0:r1, c0:c1]
    if c1 - c0 == cols:  # whole rows: flat indices are contiguous
        return np.flatnonzero(sub) + r0 * cols
    rr, cc = np.nonzero(sub)
    return (rr + r0) * cols + (cc + c0)


def _spread(tables: StepTables, hexes: np.ndarray) -> np.ndarray:
    """Centres whose footprint covers any of ``hexes`` (discs are symmetric)."""
    if not hexes.size:
        return hexes
    out: np.ndarray = tables.footprint[hexes].ravel()
    return out[out >= 0]


def _zoc_arrivals(tables: StepTables, hexes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (centre, direction) arrival that newly covers one of the threatened ``hexes`` (R9, R27)."""
    if not hexes.size:
        return EMPTY, EMPTY
    vs, ds = [], []
    around = tables.footprint[hexes]
    for d, new_cols in enumerate(tables.new_cols):
        # Hex t is newly covered arriving at v along d when t = v + o for a
        # new offset o, i.e. v = t - o.
        v = around[:, tables.mirror_col[new_cols]].ravel()
        v = v[v >= 0]
        vs.append(v)
        ds.append(np.full(v.size, d, dtype=np.intp))
    return np.concatenate(vs), np.concatenate(ds)

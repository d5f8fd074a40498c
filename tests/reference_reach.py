"""An independent, plainly written reachability reference for tests and the bench.

Textbook Dijkstra with :mod:`heapq` over ``(cell, state)`` pairs, where state
is "free" (may move on) or "stop" (entered threatened space, R9). It uses only
:class:`HexLayout` geometry (``neighbor``/``disc``) and reads the board arrays
one cell at a time, never the flat tables of ``Board`` nor anything from
``game.rules.reach``, so it checks those too.

Rules encoded (the same reading as ``game/rules/reach.py``'s docstring):
- a centre is enterable when every hex of its footprint disc is in the grid,
  on-map, costs >= 1 for the movement type (R5) and holds no hostile (R4);
- a step costs the highest cost among the newly covered hexes and is a ZoC
  entry when any of them is threatened (R27, R9); the start always moves on
  (R10); only free states move on;
- a stop state on a friend's hex is not a legal end and is dropped (R4);
- ``cost`` is the cheaper of the two states; ``stops`` only when the stop
  is strictly cheaper (R7); the start costs 0 and may always be ended on.
"""

from __future__ import annotations

import heapq

import numpy as np

from game.rules.board import Board
from game.rules.hexgrid import Cell
from game.rules.terrain import OFF_MAP, MovementType

FREE, STOP = 0, 1


class Reference:
    """Reachability from one start; ``cost``/``stops``/``can_end`` as ``[row, col]`` arrays."""

    def __init__(
        self,
        board: Board,
        start: Cell,
        movement_type: MovementType,
        radius: int,
        budget: int | None,
        blocked: np.ndarray,
        occupied: np.ndarray,
        threatened: np.ndarray | None,
    ) -> None:
        self.board = board
        self.layout = board.layout
        self.start = start
        self.mt = int(movement_type)
        self.radius = radius
        self.blocked = blocked
        self.occupied = occupied
        self.threatened = threatened
        self.best: dict[tuple[Cell, int], int] = {}
        self.parent: dict[tuple[Cell, int], Cell | None] = {}
        self._run(budget)

    # --- the map, hex by hex -------------------------------------------------
    def hex_cost(self, h: Cell) -> int | None:
        """Cost to enter one hex, None when it may not be entered."""
        col, row = h
        if not self.layout.in_grid(h) or self.board.terrain[row, col] == OFF_MAP:
            return None
        c = int(self.board.cost[self.mt, row, col])
        return c if c >= 1 else None

    def footprint(self, centre: Cell) -> list[Cell]:
        return self.layout.disc(centre, self.radius)

    def enterable(self, centre: Cell) -> bool:
        return all(self.hex_cost(h) is not None and not self.blocked[h[1], h[0]] for h in self.footprint(centre))

    def friend_under(self, centre: Cell) -> bool:
        return any(self.layout.in_grid(h) and self.occupied[h[1], h[0]] for h in self.footprint(centre))

    def step(self, frm: Cell, to: Cell) -> tuple[int, bool]:
        """Cost of moving the centre from ``frm`` to ``to``, and whether it is a ZoC entry."""
        new = set(self.footprint(to)) - set(self.footprint(frm))
        cost = max(self.hex_cost(h) or 0 for h in new)
        zoc = self.threatened is not None and any(bool(self.threatened[h[1], h[0]]) for h in new)
        return cost, zoc

    # --- Dijkstra --------------------------------------------------------------
    def _run(self, budget: int | None) -> None:
        start_key = (self.start, FREE)
        self.best[start_key] = 0
        self.parent[start_key] = None
        heap = [(0, self.start, FREE)]
        done: set[tuple[Cell, int]] = set()
        while heap:
            g, cell, state = heapq.heappop(heap)
            if (cell, state) in done:
                continue
            done.add((cell, state))
            if state == STOP:
                continue  # ZoC exhausted: no further movement (R9)
            for d in range(6):
                nxt = self.layout.neighbor(cell, d)
                if not self.layout.in_grid(nxt) or not self.enterable(nxt):
                    continue
                cost, zoc = self.step(cell, nxt)
                ng = g + cost
                if budget is not None and ng > budget:
                    continue
                if zoc and self.friend_under(nxt):
                    continue  # would stop on a friend (R4)
                key = (nxt, STOP if zoc else FREE)
                if ng < self.best.get(key, 1 << 60):
                    self.best[key] = ng
                    self.parent[key] = cell
                    heapq.heappush(heap, (ng, nxt, key[1]))

    # --- answers ----------------------------------------------------------------
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        rows, cols = self.board.rows, self.board.cols
        cost = np.full((rows, cols), -1, dtype=np.int32)
        stops = np.zeros((rows, cols), dtype=bool)
        can_end = np.zeros((rows, cols), dtype=bool)
        for row in range(rows):
            for col in range(cols):
                c = (col, row)
                free = self.best.get((c, FREE))
                stop = self.best.get((c, STOP))
                if free is None and stop is None:
                    continue
                if stop is not None and (free is None or stop < free):
                    cost[row, col], stops[row, col] = stop, True
                else:
                    cost[row, col] = free
                can_end[row, col] = c == self.start or not self.friend_under(c)
        return cost, stops, can_end

    def free_cost(self, cell: Cell) -> int | None:
        return self.best.get((cell, FREE))


"""Who holds each hex and how many threaten it, kept up to date as combatants change.

Checking a move line (R4, R7, R9) asks, for the few hexes its path covers, whether a hostile or
another combatant holds them and whether a hostile threatens them. Answering by looking at every
combatant made a 100,000-line replay with 200 combatants spend most of its time there. This index
answers each hex in constant time: ``held[row, col]`` is the slot of the active combatant whose
footprint covers the hex (R26), and ``threat[faction][row, col]`` counts that faction's active
threateners whose band covers it (R8, R28). It is brought up to date one combatant at a time:
:class:`~game.rules.unit_state.UnitState` reports each change of its hex, status, threatening or
spec to the list the index watches, and :meth:`Occupancy.update` redoes only that combatant.

The answers are those of ``EncounterState.masks_for`` and ``threat_at_for`` (tests/test_occupancy.py
checks them against each other after every line of seeded playouts).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import numpy as np

from .board import Board
from .hexgrid import Cell
from .movement import footprint
from .threat import ThreatSource, band_window, threatens
from .unit_state import UnitState

# A threatener whose band reaches further than this is not counted hex by hex (adding its band to the
# counts each time it moves would cost its whole window, up to the map); each query asks it directly.
FAR_REACH = 16

Key = tuple[Cell, int, bool, str, ThreatSource | None]  # what a slot was indexed as


class Occupancy:
    """The hexes held and threatened by the combatants of one encounter state."""

    def __init__(self, board: Board, units: Iterable[UnitState]) -> None:
        self.board = board
        self.slots: list[UnitState] = list(units)
        self.slot_of: dict[int, int] = {id(u): i for i, u in enumerate(self.slots)}
        # int16 holds a slot: an encounter has at most MAX_COMBATANTS (200) combatants.
        self.held = np.full((board.rows, board.cols), -1, dtype=np.int16)
        # How many active footprints cover each hex: more than one only where a scenario built by hand put
        # two combatants on one hex (maps and every action refuse that, R4); ``held`` then names one of them
        # and a query asks every combatant instead.
        self.crowd = np.zeros((board.rows, board.cols), dtype=np.int16)
        self.threat: dict[str, np.ndarray] = {}
        self.far: set[int] = set()  # slots counted by no threat array (FAR_REACH)
        self.outer = 0  # the farthest band edge (radius + reach) of any counted threatener indexed so far
        self.keys: list[Key | None] = [None] * len(self.slots)
        for slot in range(len(self.slots)):
            self.update(self.slots[slot])

    # --- keeping it up to date -----------------------------------------------------------
    def update(self, u: UnitState) -> None:
        """Index ``u`` as it is now (its old entry taken out first); nothing to do if it did not change."""
        slot = self.slot_of[id(u)]
        spec = u.spec
        active = u.status == "active"
        src = (ThreatSource(u.cell, int(spec.size), spec.reach_min, spec.reach)
               if active and u.threatening else None)
        key: Key = (u.cell, int(spec.size), active, spec.faction, src)
        old = self.keys[slot]
        if old == key:
            return
        if old is not None:
            self.keys[slot] = None  # not among the holders left on its old hexes
            self._mark(slot, old, -1)
        self._mark(slot, key, +1)
        self.keys[slot] = key

    def _mark(self, slot: int, key: Key, sign: int) -> None:
        cell, radius, active, faction, src = key
        board = self.board
        if active:
            for col, row in footprint(board, cell, radius) if radius else (cell,):
                if 0 <= col < board.cols and 0 <= row < board.rows:
                    self.crowd[row, col] += sign
                    if sign > 0:
                        self.held[row, col] = slot
                    elif self.held[row, col] == slot:
                        self.held[row, col] = self._holder(col, row)
        if src is None:
            return
        outer = src.radius + src.reach
        if outer > FAR_REACH:
            if sign > 0:
                self.far.add(slot)
            else:
                self.far.discard(slot)
            return
        self.outer = max(self.outer, outer)
        counts = self.threat.get(faction)
        if counts is None:
            counts = self.threat[faction] = np.zeros((board.rows, board.cols), dtype=np.int16)
        rs, cs, band = band_window(board, src)
        if sign > 0:
            counts[rs, cs] += band
        else:
            counts[rs, cs] -= band

    def _holder(self, col: int, row: int) -> int:
        """The slot of an active combatant still covering the hex once another left it (-1: none)."""
        return (self.holders(col, row) or [-1])[0] if self.crowd[row, col] else -1

    def holders(self, col: int, row: int) -> list[int]:
        """Every active combatant's slot whose footprint covers the hex, as indexed."""
        return [s for s, k in enumerate(self.keys) if k is not None and k[2]
                and (col, row) in footprint(self.board, k[0], k[1])]

    def threatener_slots(self, cells: list[Cell]) -> list[int] | None:
        """In slot order, every threatener whose band may cover one of ``cells`` (a superset: the caller checks
        each); None where two combatants share a hex (``held`` then does not name every one)."""
        board, reach = self.board, self.outer + 1
        rows = [r for _, r in cells]
        cols = [c for c, _ in cells]
        window = (slice(max(0, min(rows) - reach), max(rows) + reach + 1),
                  slice(max(0, min(cols) - reach), max(cols) + reach + 1))
        if board.rows * board.cols == 0 or (self.crowd[window] > 1).any():
            return None
        near = np.unique(self.held[window])
        slots = {int(s) for s in near[near >= 0]} | self.far
        return sorted(s for s in slots if (k := self.keys[s]) is not None and k[4] is not None)

    # --- what a move's check asks ------------------------------------------------------------
    def held_for(self, mover: UnitState, foes: Collection[str]) -> tuple[HeldBy, HeldBy]:
        """(hexes held by ``foes``, hexes held by other combatants) for ``mover``, asked ``[row, col]``."""
        me = self.slot_of[id(mover)]
        return HeldBy(self, me, foes, True), HeldBy(self, me, foes, False)

    def threat_for(self, foes: Collection[str], ignore: Collection[str]) -> ThreatBy:
        """Whether an active threatener of ``foes`` not named in ``ignore`` threatens a hex (R8, R23, R28)."""
        return ThreatBy(self, foes, ignore)


class HeldBy:
    """``query[row, col]``: whether a combatant other than the mover, hostile (or not), holds the hex."""

    def __init__(self, occ: Occupancy, me: int, foes: Collection[str], hostile: bool) -> None:
        self._occ, self._me, self._foes, self._hostile = occ, me, foes, hostile

    def __getitem__(self, row_col: tuple[int, int]) -> bool:
        occ = self._occ
        slot: int = occ.held.item(row_col)
        if slot < 0:
            return False
        if occ.crowd.item(row_col) > 1:
            row, col = row_col
            return any(self._is(s) for s in occ.holders(col, row))
        return self._is(slot)

    def _is(self, slot: int) -> bool:
        return slot != self._me and (self._occ.slots[slot].spec.faction in self._foes) == self._hostile


class ThreatBy:
    """``query[row, col]`` as of ``threat_mask``'s mask of the same threateners: on-map hexes only."""

    def __init__(self, occ: Occupancy, foes: Collection[str], ignore: Collection[str]) -> None:
        self._occ = occ
        self._counts = [occ.threat[f] for f in foes if f in occ.threat]
        # Threateners to ask one by one: the far-reaching ones, and those the mover disengaged from (R23),
        # whose counted band is taken out again where it covers the hex.
        self._far = [k[4] for s in sorted(occ.far) if (k := occ.keys[s]) is not None and k[4] is not None
                     and k[3] in foes and occ.slots[s].name not in ignore]
        self._unsee = [k[4] for n in ignore for s, u in enumerate(occ.slots) if u.name == n
                       if (k := occ.keys[s]) is not None and k[4] is not None and k[3] in foes and s not in occ.far]

    def __getitem__(self, row_col: tuple[int, int]) -> bool:
        row, col = row_col
        board = self._occ.board
        if not (0 <= row < board.rows and 0 <= col < board.cols and board.on_map.item(row, col)):
            return False
        count = 0
        for counts in self._counts:  # a move's check asks this for every hex its path newly covers
            count += counts.item(row, col)
        if count and self._unsee:
            count -= sum(threatens(board, src, (col, row)) for src in self._unsee)
        if count > 0:
            return True
        return any(threatens(board, src, (col, row)) for src in self._far)

"""Who could reach and attack where next turn: Wesnoth's "show enemy moves" for this ruleset.

A combatant's next-turn reach is its reachability with a fresh turn's
budget (R6: full movement, not exhausted, nothing disengaged) from where it
stands, with everyone else where they stand now. From each hex it could
end on (or stay on) it can strike a standard-size combatant whose hex lies
in its weapon band measured from its footprint's edge (R1, R21, R28).
Computed with numpy over a window around the mover's reachable set.
"""

from __future__ import annotations

import numpy as np

from .hexgrid import Cell
from .state import EncounterState


def end_cells(state: EncounterState, name: str) -> np.ndarray:
    """``[k, 2]`` (col, row) of every hex ``name`` could end on next turn, its own included."""
    u = state.unit(name)
    res = state.reach_for(name, budget=u.movement_max)
    cells = [u.cell] + [cell for cell, _cost, _stops in res.destinations()]
    return np.array(cells, dtype=np.int64)


def _axial(state: EncounterState, cols: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    q, r = state.layout.axial_arrays()
    return q[rows, cols], r[rows, cols]


def attack_zone(state: EncounterState, name: str) -> np.ndarray:
    """``[row, col]`` bool: hexes where a standard-size combatant could be attacked by ``name`` next turn."""
    return state.cached(("zone", name), lambda: _attack_zone(state, name))


def _attack_zone(state: EncounterState, name: str) -> np.ndarray:
    u = state.unit(name)
    board = state.board
    ends = end_cells(state, name)
    lo, hi = u.radius + u.spec.reach_min, u.radius + u.spec.reach
    c0, r0 = ends.min(axis=0) - hi - 1
    c1, r1 = ends.max(axis=0) + hi + 2
    c0, r0 = max(0, int(c0)), max(0, int(r0))
    c1, r1 = min(board.cols, int(c1)), min(board.rows, int(r1))
    q, r = state.layout.axial_arrays()
    wq, wr = q[r0:r1, c0:c1].ravel(), r[r0:r1, c0:c1].ravel()
    eq, er = _axial(state, ends[:, 0], ends[:, 1])
    # No two hexes of the window are farther apart than its rows plus its columns: a wider band adds nothing.
    hi = min(hi, (r1 - r0) + (c1 - c0))
    by_offsets = _band_size(lo, hi) < len(ends)  # whichever of the two exact ways does less work
    hit = (_band_by_offsets if by_offsets else _band_by_pairs)(wq, wr, eq, er, lo, hi)
    zone = np.zeros((board.rows, board.cols), dtype=bool)
    zone[r0:r1, c0:c1] = hit.reshape(r1 - r0, c1 - c0)
    zone &= board.on_map
    zone.setflags(write=False)
    return zone


# Hexes x ends (or x band offsets) handled at once. The window and the ends both grow with the square of
# a combatant's move: all pairs at once took 60 GB for a move of 1000 on a 300x300 map (docs/limits.md).
_PAIRS_PER_PASS = 1 << 21


def _band_size(lo: int, hi: int) -> int:
    """How many axial offsets lie at hex distance ``lo..hi`` (1 at 0, 6k at k)."""
    if hi < lo:
        return 0
    lo = max(lo, 0)
    ring = 3 * (hi * (hi + 1) - (lo - 1) * lo) if lo > 0 else 1 + 3 * hi * (hi + 1)
    return int(ring)


def _band_by_pairs(wq: np.ndarray, wr: np.ndarray, eq: np.ndarray, er: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """Per window hex: whether some end lies ``lo..hi`` hexes from it, a block of ends at a time."""
    hit = np.zeros(len(wq), dtype=bool)
    step = max(1, _PAIRS_PER_PASS // max(1, len(wq)))
    for s in range(0, len(eq), step):
        dq = wq[None, :] - eq[s:s + step, None]
        dr = wr[None, :] - er[s:s + step, None]
        dist = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        hit |= ((dist >= lo) & (dist <= hi)).any(axis=0)
    return hit


def _band_by_offsets(wq: np.ndarray, wr: np.ndarray, eq: np.ndarray, er: np.ndarray, lo: int,
                     hi: int) -> np.ndarray:
    """The same answer as :func:`_band_by_pairs`, found by laying the ends, shifted by every offset of the band,
    over the window: cheaper when the band holds fewer offsets than there are ends (a long move, a short weapon)."""
    q0, r0 = int(eq.min()), int(er.min())
    ends = np.zeros((int(eq.max()) - q0 + 1, int(er.max()) - r0 + 1), dtype=bool)
    ends[eq - q0, er - r0] = True
    hit = np.zeros(len(wq), dtype=bool)
    for a in range(-hi, hi + 1):
        for b in range(max(-hi, -a - hi), min(hi, -a + hi) + 1):
            if max(abs(a), abs(b), abs(a + b)) < lo:
                continue
            iq, ir = wq - a - q0, wr - b - r0  # the end this offset would come from
            ok = (iq >= 0) & (iq < ends.shape[0]) & (ir >= 0) & (ir < ends.shape[1])
            hit[ok] |= ends[iq[ok], ir[ok]]
    return hit


def next_turn_attackers(state: EncounterState, cell: Cell, name: str) -> list[str]:
    """Hostiles of ``name`` that could move and attack it next turn if it stood at ``cell`` (R1, R21)."""
    me = state.unit(name)
    out = []
    for v in state.units.values():
        if not v.active or v.name == name or not state.hostility.hostile(v.faction, me.faction):
            continue
        if me.radius == 0:
            col, row = cell
            if attack_zone(state, v.name)[row, col]:
                out.append(v.name)
            continue
        ends = end_cells(state, v.name)
        eq, er = _axial(state, ends[:, 0], ends[:, 1])
        cq, cr = state.layout.to_axial(cell)
        dist = np.maximum(np.maximum(np.abs(eq - cq), np.abs(er - cr)), np.abs(eq - cq + er - cr))
        gap = np.maximum(0, dist - v.radius - me.radius)
        if ((gap >= v.spec.reach_min) & (gap <= v.spec.reach)).any():
            out.append(v.name)
    return out


def enemy_reach_count(state: EncounterState, faction: str) -> np.ndarray:
    """``[row, col]`` int: how many combatants hostile to ``faction`` could attack a standard-size member there."""
    count = np.zeros((state.board.rows, state.board.cols), dtype=np.int32)
    for v in state.units.values():
        if v.active and state.hostility.hostile(v.faction, faction):
            count += attack_zone(state, v.name)
    return count

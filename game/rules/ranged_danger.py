"""Ranged danger next turn: where a combatant could shoot or catch in a burst after its move (R29-R32).

Wesnoth's "show enemy moves" for bows and bursts. :func:`attack_zone`
(nextturn.py) answers the melee half; this module the other half, on the
same assumptions: the combatant gets a fresh turn's full movement (R6) from
where it stands, everyone else stays where they stand now, and the target
imagined on each hex is standard size (R26).

For each hex it could end its move on (its own included) it is imagined
there and asked, over a window around it, what the engine asks of a shot and
a burst, with the same sight and cover passes (:func:`sight.sight_cover_map`,
the per-pair range of ``ranged.in_band`` and R26's gap from a footprint):

- a shot (R29): the target's gap from its footprint lies in its range, and
  some (shooter hex, target hex) pair in range sees (R30); the shot is
  *clear* when some such pair crosses no cover (R31);
- the smallest addition to the target's defence over every shot it could
  take: the cover bonus when no clear shot is left, the threatened-shooter
  penalty when it would stand threatened (R29; with a named defender, by the
  defender too, imagined on the target hex), whichever choice costs least;
- a burst (R32, uses left): a centre within its area range of its footprint
  that some hex of it sees; every hex within the area radius of such a
  centre could be caught.

Arcs are not counted (R18, R19): where the defender stands next turn it
chooses its facing, so the odds are those of a shot at its front.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .combatant import AreaAbility, RangedProfile
from .hexgrid import Cell, HexLayout
from .movement import footprint
from .nextturn import end_cells
from .previews import ToHit
from .sight import sight_cover_windows
from .state import EncounterState

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

NO_SHOT = -1  # ``extra`` where no shot could be taken


@dataclass(frozen=True)
class RangedDanger:
    """What ``shooter`` could do next turn, after its move, to a standard-size hostile on each hex.

    Every array is ``[row, col]`` over the board and read-only."""

    shooter: str
    shot: BoolArray  # it could shoot there (R29 range, R30 sight)
    clear: BoolArray  # ... from some hex whose line crosses no cover (R31)
    extra: IntArray  # the least it adds to the defence: cover bonus, threatened-shooter penalty; NO_SHOT: no shot
    burst: BoolArray  # it could catch a combatant there in its area (R32; uses left)
    attack: int  # its ranged attack bonus (0 without a ranged profile)

    @property
    def any(self) -> BoolArray:
        """Shot or burst: the hexes where it is a ranged danger."""
        out: BoolArray = self.shot | self.burst
        return out

    def chance_to_hit(self, defense: int) -> FloatArray:
        """``[row, col]``: its best chance to hit a target of ``defense`` there (R21's d20 through ``ToHit``); 0 where
        it has no shot."""
        values, inverse = np.unique(self.extra, return_inverse=True)
        chance = np.array([0.0 if v == NO_SHOT else ToHit(defense + int(v), self.attack).chance for v in values])
        out: FloatArray = chance[inverse.reshape(self.extra.shape)]
        return out


def ranged_danger(state: EncounterState, name: str, against: str | None = None) -> RangedDanger:
    """Where ``name`` could shoot or catch in a burst next turn, after moving (see the module's words).

    With ``against`` (a combatant hostile to ``name``), the target on each hex is that combatant: it no longer
    gives cover where it stands now, nor threatens from there, and its own zone of control is counted from the
    target hex (R8, R29). Remembered until the state changes."""
    return state.cached(("ranged danger", name, against), lambda: _ranged_danger(state, name, against))


def _ranged_danger(state: EncounterState, name: str, against: str | None) -> RangedDanger:
    u = state.unit(name)
    board = state.board
    shape = (board.rows, board.cols)
    shot = np.zeros(shape, dtype=bool)
    clear = np.zeros(shape, dtype=bool)
    extra = np.full(shape, 10**6, dtype=np.int64)
    centres = np.zeros(shape, dtype=bool)
    profile = u.spec.ranged
    area = u.spec.area if u.area_uses_left > 0 else None
    if u.active and (profile is not None or area is not None):
        _sweep(state, name, against, shot, clear, extra, centres)
    shot &= board.on_map
    extra[~shot] = NO_SHOT
    burst = _grow(state, centres, area.radius) if area is not None else centres
    out = RangedDanger(name, shot, clear & board.on_map, extra, burst & board.on_map,
                       profile.attack if profile is not None else 0)
    for a in (out.shot, out.clear, out.extra, out.burst):
        a.setflags(write=False)
    return out


def _sweep(state: EncounterState, name: str, against: str | None, shot: BoolArray, clear: BoolArray,
           extra: IntArray, centres: BoolArray) -> None:
    """Imagine ``name`` on each hex it could end on next turn; fill the arrays in place (union and minimum).

    Many ends at once: a square window of ``outer`` rows and columns round each (a hex within ``outer`` is
    within ``outer`` rows and columns too, in any of the four layouts), stacked ``[end, row, col]``."""
    u = state.unit(name)
    board = state.board
    profile = u.spec.ranged
    area = u.spec.area if u.area_uses_left > 0 else None
    ignore = frozenset({against}) if against is not None else frozenset()
    # R31: who gives cover is who stands now, but for the shooter and the target (the defender moved to the hex).
    cover = board.cover | state.held_by_others(name, *ignore)
    # R29: the threat against the shooter next turn: its hostiles where they stand (a fresh turn: R23's
    # disengagements are over), the defender left out (it is imagined on the target hex, below).
    threat = state.threat_of(state.threat_sources(u.faction, ignore))
    d = state.unit(against) if against is not None else None
    d_band = (d.spec.reach_min, d.spec.reach) if d is not None and d.active and d.threatening \
        and state.hostility.hostile(d.faction, u.faction) else None
    lo, hi = (profile.min_range, profile.max_range) if profile is not None else (1, 0)
    ru = u.radius
    outer = ru + max(hi, area.range if area is not None else 0)
    every_end = end_cells(state, name)
    # A block of ends at a time: every array below is [end, row, col] over each end's window, and the answers
    # combine by union and minimum. All at once, a shooter of move 1,000,000 (range 8) on a 300x300 map held
    # 1.2 GB.
    step = max(1, _WINDOW_CELLS_PER_PASS // (2 * outer + 1) ** 2)
    for first in range(0, len(every_end), step):
        ends = every_end[first:first + step]
        _sweep_ends(state, ends, ru, outer, lo, hi, cover, threat, d_band, profile, area, shot, clear, extra, centres)


# Cells of the ends' windows worked on at once by ``_sweep`` (each cell costs the sight of its line, a few dozen
# bytes per hex the line crosses).
_WINDOW_CELLS_PER_PASS = 1 << 18


def _sweep_ends(state: EncounterState, ends: IntArray, ru: int, outer: int, lo: int, hi: int, cover: BoolArray,
                threat: BoolArray, d_band: tuple[int, int] | None, profile: RangedProfile | None,
                area: AreaAbility | None, shot: BoolArray, clear: BoolArray, extra: IntArray,
                centres: BoolArray) -> None:
    """:func:`_sweep` for the block ``ends`` of the hexes the shooter could end on."""
    board, layout, scen = state.board, state.layout, state.scenario
    n = 2 * outer + 1
    end_parity = (ends[:, 1] if layout.pointy else ends[:, 0]) & 1
    gap = np.maximum(0, _offset_distances(layout, outer)[end_parity] - ru)  # R26: from the footprint's nearest hex
    if not ru:
        seen, covered = sight_cover_windows(board, ends, cover, outer)
        in_band = (gap >= lo) & (gap <= hi)  # the one pair's own distance (ranged.in_band)
        seen_any, pair_sees, pair_clear = seen, seen & in_band, seen & in_band & ~covered
        standing = threat[ends[:, 1], ends[:, 0]]
    else:
        seen_any, pair_sees, pair_clear, standing = _footprint_pairs(state, ends, ru, cover, threat, outer, lo, hi)
    rows = ends[:, 1, None, None] + np.arange(n)[None, :, None]  # in a board padded by ``outer`` on every side
    cols = ends[:, 0, None, None] + np.arange(n)[None, None, :]
    width = board.cols + 2 * outer
    at = rows * width + cols
    padded = (board.rows + 2 * outer) * width
    if profile is not None:
        legal = (gap >= lo) & (gap <= hi) & pair_sees
        threatened = np.broadcast_to(standing[:, None, None], legal.shape)
        if d_band is not None:
            # The defender on the target hex threatens the shooter's nearest hex at ``gap`` and its farthest at
            # ``gap + 2 * radius`` (R8): some hex of the shooter lies in its band.
            threatened = threatened | ((gap <= d_band[1]) & (gap + 2 * ru >= d_band[0]))
        cost = np.where(pair_clear, 0, scen.cover_bonus) + threatened * scen.threatened_shooter_penalty
        _scatter_any(shot, legal, at, padded, outer)
        _scatter_any(clear, legal & pair_clear, at, padded, outer)
        best = np.full(padded, 10**6, dtype=np.int64)
        np.minimum.at(best, at[legal], cost[legal])
        np.minimum(extra, _crop(best, extra.shape, outer), out=extra)
    if area is not None:
        _scatter_any(centres, (gap <= area.range) & seen_any, at, padded, outer)  # R32: range from its footprint, sight


def _footprint_pairs(state: EncounterState, ends: IntArray, ru: int, cover: BoolArray, threat: BoolArray,
                     outer: int, lo: int, hi: int) -> tuple[BoolArray, BoolArray, BoolArray, BoolArray]:
    """A large or giant shooter: per end, over its window, whether some hex of its footprint sees, sees in range
    (the pair's own distance, ranged.in_band), and sees in range with no cover crossed (R30, R31); and whether it
    would stand threatened (any hex of it, R29). One sight window per hex of any footprint, shared by the ends
    whose footprints hold it (neighbouring ends share most of their hexes)."""
    board, layout = state.board, state.layout
    n = 2 * outer + 1
    half = outer + ru  # a footprint hex's window holds the window of every end whose footprint holds it
    prints = [footprint(board, (c, r), ru) for c, r in ends.tolist()]
    parts = sorted({cell for cells in prints for cell in cells})
    index = {cell: i for i, cell in enumerate(parts)}
    part_seen, part_covered = sight_cover_windows(board, np.array(parts, dtype=np.int64), cover, half)
    dist = _offset_distances(layout, half)
    k = len(ends)
    seen_any = np.zeros((k, n, n), dtype=bool)
    pair_sees = np.zeros((k, n, n), dtype=bool)
    pair_clear = np.zeros((k, n, n), dtype=bool)
    standing = np.zeros(k, dtype=bool)
    for e, ((col, row), cells) in enumerate(zip(ends.tolist(), prints, strict=True)):
        for fc, fr in cells:
            i = index[(fc, fr)]
            ro, co = ru - (fr - row), ru - (fc - col)
            sub = (slice(ro, ro + n), slice(co, co + n))
            seen, covered = part_seen[i][sub], part_covered[i][sub]
            dp = dist[(fr if layout.pointy else fc) & 1][sub]
            band = (dp >= lo) & (dp <= hi)
            seen_any[e] |= seen
            pair_sees[e] |= seen & band
            pair_clear[e] |= seen & band & ~covered
            standing[e] |= bool(threat[fr, fc])
    return seen_any, pair_sees, pair_clear, standing


_DISTANCES: dict[tuple[str, str, int], IntArray] = {}


def _offset_distances(layout: HexLayout, half: int) -> IntArray:
    """``[parity, 2 * half + 1, 2 * half + 1]``: the hex distance (R1) from a hex of each stagger parity to the
    cell ``drow, dcol`` away (offset by ``half``), on this layout's stagger; once per layout and size."""
    key = (layout.stagger_axis, layout.stagger_index, half)
    hit = _DISTANCES.get(key)
    if hit is None:
        n = 2 * half + 1
        width = n + 2
        grid = HexLayout(layout.stagger_axis, layout.stagger_index, 1, 1, 1, width, width)
        q, r = grid.axial_arrays()
        out = np.zeros((2, n, n), dtype=np.int64)
        for parity in (0, 1):
            src = (half + 1, half + 1)
            if (src[1] if layout.pointy else src[0]) % 2 != parity:
                src = (src[0], src[1] + 1) if layout.pointy else (src[0] + 1, src[1])
            dq = q[src[1] - half:src[1] + half + 1, src[0] - half:src[0] + half + 1] - q[src[1], src[0]]
            dr = r[src[1] - half:src[1] + half + 1, src[0] - half:src[0] + half + 1] - r[src[1], src[0]]
            out[parity] = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        out.setflags(write=False)
        hit = _DISTANCES[key] = out
    return hit


def _scatter_any(target: BoolArray, mask: BoolArray, at: IntArray, padded: int, outer: int) -> None:
    """``target |=`` the windows' ``mask`` laid on the board (their flat places ``at`` on the padded board)."""
    acc = np.zeros(padded, dtype=bool)
    acc[at[mask]] = True
    target |= _crop(acc, target.shape, outer)


def _crop(flat: np.ndarray, shape: tuple[int, ...], outer: int) -> np.ndarray:
    """The board's part of a flat array over the board padded by ``outer`` on every side."""
    rows, cols = shape
    out: np.ndarray = flat.reshape(rows + 2 * outer, cols + 2 * outer)[outer:outer + rows, outer:outer + cols]
    return out


def _grow(state: EncounterState, centres: BoolArray, radius: int) -> BoolArray:
    """``[row, col]``: hexes within ``radius`` of some centre (R32: who a burst there catches), on the grid.

    Grown one ring at a time on an axial grid padded by ``radius`` (hex distance is the number of steps, so
    the off-grid hexes a step passes over count as on any larger map): the work grows with the radius, not
    with its disc. A table of every cell's disc took 5 GB for a burst of radius 30 on a 300x300 map."""
    if not radius:
        return centres.copy()
    q, r = state.layout.axial_arrays()
    q0, r0 = int(q.min()) - radius, int(r.min()) - radius
    plane = np.zeros((int(q.max()) - q0 + radius + 1, int(r.max()) - r0 + radius + 1), dtype=bool)
    plane[q[centres] - q0, r[centres] - r0] = True
    # A radius past the plane's own size reaches every hex of it; the steps beyond that change nothing.
    for _ in range(min(radius, sum(plane.shape))):
        step = plane.copy()
        step[1:, :] |= plane[:-1, :]
        step[:-1, :] |= plane[1:, :]
        step[:, 1:] |= plane[:, :-1]
        step[:, :-1] |= plane[:, 1:]
        step[1:, :-1] |= plane[:-1, 1:]  # axial neighbours: (+1, -1) and (-1, +1)
        step[:-1, 1:] |= plane[1:, :-1]
        plane = step
    grown: BoolArray = plane[q - q0, r - r0]
    return grown


def ranged_danger_count(state: EncounterState, faction: str) -> IntArray:
    """``[row, col]``: how many combatants hostile to ``faction`` could shoot or catch in a burst a standard-size
    member standing there next turn, after moving."""
    count = np.zeros((state.board.rows, state.board.cols), dtype=np.int64)
    for v in state.units.values():
        if v.active and state.hostility.hostile(v.faction, faction):
            count += ranged_danger(state, v.name).any
    return count


@dataclass(frozen=True)
class RangedThreat:
    """One hostile's ranged danger to a combatant imagined on one hex next turn."""

    name: str
    shot: bool
    clear: bool  # the shot could avoid cover (R31)
    chance: float  # its best chance to hit there (front arc; 0 without a shot)
    burst: bool


def ranged_threats_at(state: EncounterState, cell: Cell, name: str, among: Collection[str] | None = None
                      ) -> list[RangedThreat]:
    """The hostiles (of ``among``, default all) that could shoot ``name`` or catch it in a burst next turn if it
    stood at ``cell``, in initiative order (``name`` taken as standard size there)."""
    me = state.unit(name)
    col, row = cell
    out = []
    for other in state.order():
        if among is not None and other not in among:
            continue
        v = state.units[other]
        if not v.active or other == name or not state.hostility.hostile(v.faction, me.faction):
            continue
        if v.spec.ranged is None and v.spec.area is None:
            continue
        # Naming the target changes only cover and threat, never range or sight: the answer for nobody in
        # particular (worked out once per state for the whole side) says whether this hostile is asked at all.
        if not ranged_danger(state, other).any[row, col]:
            continue
        danger = ranged_danger(state, other, against=name)
        chance = float(danger.chance_to_hit(me.spec.defense)[row, col])
        out.append(RangedThreat(other, bool(danger.shot[row, col]), bool(danger.clear[row, col]), chance,
                                bool(danger.burst[row, col])))
    return out

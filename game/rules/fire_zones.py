"""Shots and bursts in bulk (R29-R32): the questions a policy asks about many hexes at once.

The previews answer one shot or one burst exactly, with its legality and the
modifier breakdown; these answer the same rules as numpy arrays over many
hexes, for a policy that weighs every hex it could shoot or cast from:

- :func:`shot_odds`: a shot at one target from each of many shooter hexes
  (range, sight, cover, arc, the threatened-shooter penalty; exactly
  ``preview_shoot(at=...)`` hex by hex). Sight and cover come from one pass
  of :func:`sight.sight_cover_map` from the target's hex (lines are
  symmetric);
- :func:`shoot_hexes`: the hexes from which some hostile would be in range
  and in sight (where an archer walks to; a large shooter or target by range
  alone, an estimate that never misses a hex);
- :func:`shot_positions`: the same question answered exactly for every size
  (the map lint's); :func:`shot_centres` asks it of a hostile imagined on
  any hex (where the lint's hostiles could ever stand);
- :func:`cast_origins`: the hexes from which a caster could centre its area
  on one hex (R32's range and sight);
- :func:`burst_cover`: whether a burst on one combatant gives it cover from
  each of many caster hexes (R31, R32): the one term of a burst's odds that
  depends on where the caster stands;
- :func:`area_catches`: who a burst on each of many centres would catch (R32).

Standard-size shooters (almost all of them) are answered in numpy, at a target
of any size (one sight pass per hex of a large target's footprint); a large or
giant shooter hex by hex through the previews' own terms.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .attack_odds import arc_kinds_from, arc_penalties
from .cover import line_of_fire
from .dice import dice_distribution
from .hexgrid import Cell
from .movement import footprint
from .preconditions import reason, require_shoot_target
from .previews import ToHit, preview_shoot
from .sight import sees, sight_cover_map, sight_map
from .state import EncounterState
from .unit_state import UnitState

FlatArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ShotOdds:
    """A shot at one target from each hex asked (flat indices, in the order given), as ``preview_shoot`` would
    answer with the shooter imagined there. Where ``legal`` is False the chances are 0."""

    legal: BoolArray  # in range (R29) and in sight (R30); whose turn it is and the action left are not asked
    # The terms below are 0 (False) where the shot is not legal.
    cover: BoolArray  # R31
    penalty: npt.NDArray[np.int64]  # R19, lowering the target's defence
    threatened: BoolArray  # R29: the shooter would stand in threatened space there
    needed: npt.NDArray[np.int64]  # the total (d20 + ranged attack) that hits
    hit_chance: FloatArray
    expected_damage: FloatArray
    defeat_chance: FloatArray


def _window(state: EncounterState, flats: FlatArray) -> tuple[slice, slice]:
    rows, cols = np.divmod(flats, state.board.cols)
    return slice(int(rows.min()), int(rows.max()) + 1), slice(int(cols.min()), int(cols.max()) + 1)


def _distances(state: EncounterState, cell: Cell, flats: FlatArray) -> npt.NDArray[np.int64]:
    q, r = state.layout.axial_arrays()
    cq, cr = state.layout.to_axial(cell)
    dq = q.ravel()[flats] - cq
    dr = r.ravel()[flats] - cr
    return np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))  # type: ignore[no-any-return]


def _in_window(mask: BoolArray, rows: slice, cols: slice, flats: FlatArray, width: int) -> BoolArray:
    """``mask`` (over the window ``rows`` x ``cols``) at each flat hex; False outside the window."""
    r, c = np.divmod(flats, width)
    inside = (r >= rows.start) & (r < rows.stop) & (c >= cols.start) & (c < cols.stop)
    out = np.zeros(len(flats), dtype=bool)
    out[inside] = mask[r[inside] - rows.start, c[inside] - cols.start]
    return out


def shot_odds(state: EncounterState, shooter: str, target: str, cells: FlatArray,
              lines_memo: SightMemo | None = None) -> ShotOdds:
    """R29-R31 for ``shooter`` shooting ``target`` from each flat hex of ``cells`` (see :class:`ShotOdds`);
    ``lines_memo`` as :func:`lines_from`'s."""
    u, t = state.unit(shooter), state.unit(target)
    profile = u.spec.ranged
    flats = np.asarray(cells, dtype=np.int64)
    n = len(flats)
    out = _empty(n)
    if profile is None or not n or not t.active or not state.hostility.hostile(u.faction, t.faction):
        return out
    if u.radius:
        return _shot_odds_one_by_one(state, u, t, flats)
    dist = _distances(state, t.cell, flats)
    gap = np.maximum(0, dist - t.radius)  # R26: a large target's range is counted to its nearest hex
    legal = (gap >= profile.min_range) & (gap <= profile.max_range)
    if not legal.any():
        return out
    if t.radius:
        seen, covered = _lines_to_footprint(state, u, t.cell, t.radius, (u.name, t.name), flats[legal], lines_memo)
    else:
        seen, covered = lines_from(state, t.cell, (u.name, t.name), flats[legal], lines_memo)
    legal[legal] = seen
    cover = np.zeros(n, dtype=bool)
    cover[legal] = covered[seen]
    q, r = state.layout.axial_arrays()
    shots = flats[legal]  # the arcs only where a shot is legal: a policy asks about every hex it could reach
    penalty = np.zeros(n, dtype=np.int64)
    penalty[legal] = np.array(arc_penalties(state.scenario))[
        arc_kinds_from(state.layout, t.cell, t.facing, q.ravel()[shots], r.ravel()[shots])]
    threatened = state.threat_mask_for(u.name).ravel()[flats] & legal
    scen = state.scenario
    needed = t.spec.defense - penalty + cover * scen.cover_bonus + threatened * scen.threatened_shooter_penalty
    needed = needed * legal
    return _with_chances(needed, legal, cover, penalty, threatened, profile.attack, profile.damage, t.hp)


def lines_from(state: EncounterState, cell: Cell, pair: tuple[str, ...], cells: FlatArray,
               memo: SightMemo | None = None) -> tuple[BoolArray, BoolArray]:
    """Per flat hex of ``cells``: whether ``cell`` sees it (R30), and whether the line between them crosses a
    hex that gives cover (R31: a cover tile, or a hex held by a combatant other than the ``pair``).

    ``memo`` may remember the answers by the board, ``cell`` and the hexes that give cover: a line's answer
    does not depend on the window it was worked out in, so a later question about hexes inside a window
    already worked out (the same shooter and bodies, the mover's next decision) is read from it."""
    flats = np.asarray(cells, dtype=np.int64)
    if not len(flats):
        return np.zeros(0, dtype=bool), np.zeros(0, dtype=bool)
    board = state.board
    rows, cols = _window(state, flats)
    cover = board.cover | state.held_by_others(*pair)
    if memo is None:
        seen, covered = sight_cover_map(board, cell, cover, rows, cols)
    else:
        key = ("lines", id(board), cell, cover.tobytes())
        hit = memo.get(key)
        if (hit is not None and hit[0] is board and hit[1].start <= rows.start and rows.stop <= hit[1].stop
                and hit[2].start <= cols.start and cols.stop <= hit[2].stop):
            _, rows, cols, seen, covered = hit  # the entry holds its board: the id is not reused
        else:
            seen, covered = sight_cover_map(board, cell, cover, rows, cols)
            memo.put(key, (board, rows, cols, seen, covered))
    return (_in_window(seen, rows, cols, flats, board.cols), _in_window(covered, rows, cols, flats, board.cols))


def _lines_to_footprint(state: EncounterState, u: UnitState, cell: Cell, radius: int, pair: tuple[str, ...],
                        flats: FlatArray, memo: SightMemo | None = None) -> tuple[BoolArray, BoolArray]:
    """:func:`lines_from` for a large or giant target (centred on ``cell``) and a standard-size shooter at each
    flat hex; ``pair`` as :func:`lines_from`'s.

    As ``cover.line_of_fire`` judges it: a pair (shooter hex, target hex) qualifies when that target hex is
    in range, the shooter sees the target if some qualifying pair sees (R30), and the target has cover
    unless some seeing pair crosses no cover hex (R31). One sight pass per hex of the footprint (7 for a
    large target, 19 for a giant), each over every shooter hex at once, instead of a preview per hex."""
    profile = u.spec.ranged
    assert profile is not None
    sees_any = np.zeros(len(flats), dtype=bool)
    clear_any = np.zeros(len(flats), dtype=bool)
    for part in footprint(state.board, cell, radius):
        dist = _distances(state, part, flats)
        qualifies = (dist >= profile.min_range) & (dist <= profile.max_range)
        if not qualifies.any():
            continue
        seen, covered = lines_from(state, part, pair, flats[qualifies], memo)
        sees_any[qualifies] |= seen
        clear_any[qualifies] |= seen & ~covered
    return sees_any, ~clear_any


def _empty(n: int) -> ShotOdds:
    no = np.zeros(n, dtype=bool)
    zero = np.zeros(n)
    return ShotOdds(no, no, np.zeros(n, dtype=np.int64), no, np.zeros(n, dtype=np.int64), zero, zero, zero)


def _with_chances(needed: npt.NDArray[np.int64], legal: BoolArray, cover: BoolArray, penalty: npt.NDArray[np.int64],
                  threatened: BoolArray, attack: int, damage: str, hp: int) -> ShotOdds:
    """The chances that follow from ``needed`` (R21's d20 through :class:`ToHit`), the damage dice and ``hp``."""
    values, inverse = np.unique(needed, return_inverse=True)
    chance = np.array([ToHit(int(v), attack).chance for v in values])[inverse.ravel()] * legal
    dist = dice_distribution(damage)
    mean = sum(k * p for k, p in dist.items())
    kill = sum(p for k, p in dist.items() if k >= hp)
    return ShotOdds(legal, cover, penalty, threatened, needed, chance, chance * mean, chance * kill)


def _shot_odds_one_by_one(state: EncounterState, u: UnitState, t: UnitState, flats: FlatArray) -> ShotOdds:
    """A large or giant shooter: each hex through the preview (its range filter first). Its footprint, and so
    its lines, change with the hex it would stand on, so one sight pass cannot answer them all."""
    profile = u.spec.ranged
    assert profile is not None
    gap = np.maximum(0, _distances(state, t.cell, flats) - u.radius - t.radius)
    n = len(flats)
    legal = np.zeros(n, dtype=bool)
    cover = np.zeros(n, dtype=bool)
    penalty = np.zeros(n, dtype=np.int64)
    threatened = np.zeros(n, dtype=bool)
    needed = np.zeros(n, dtype=np.int64)
    for i in np.flatnonzero((gap >= profile.min_range) & (gap <= profile.max_range)):
        at = state.board.cell_of(int(flats[i]))
        if reason(require_shoot_target, state, u, t.name, at) is not None:
            continue
        p = preview_shoot(state, u.name, t.name, at)
        legal[i], cover[i], penalty[i] = True, p.cover, p.penalty
        threatened[i], needed[i] = bool(p.threatened_by), p.needed
    return _with_chances(needed, legal, cover, penalty, threatened, profile.attack, profile.damage, t.hp)


class SightMemo(Protocol):
    def get(self, key: Hashable) -> Any: ...
    def put(self, key: Hashable, value: Any) -> None: ...


def shoot_hexes(state: EncounterState, shooter: str, sight_memo: SightMemo | None = None) -> BoolArray:
    """bool ``[row, col]``: hexes from which ``shooter`` (standing there) would have some active hostile in
    range and in sight (R29, R30); for a large or giant shooter or target, by range alone (an estimate that
    never misses a hex). ``sight_memo`` may remember the sight windows (they depend on the board alone)."""
    u = state.unit(shooter)
    board = state.board
    out = np.zeros((board.rows, board.cols), dtype=bool)
    profile = u.spec.ranged
    if profile is None:
        return out
    q, r = state.layout.axial_arrays()
    for t in state.units.values():
        if not (t.active and state.hostility.hostile(u.faction, t.faction)):
            continue
        col, row = t.cell
        outer = profile.max_range + u.radius + t.radius
        # A hex within ``outer`` is within ``outer`` rows and columns too (in any of the four layouts).
        rows = slice(max(0, row - outer), min(board.rows, row + outer + 1))
        cols = slice(max(0, col - outer), min(board.cols, col + outer + 1))
        cq, cr = state.layout.to_axial(t.cell)
        dq, dr = q[rows, cols] - cq, r[rows, cols] - cr
        gap = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)) - u.radius - t.radius
        band = (gap >= profile.min_range) & (gap <= profile.max_range)
        if not (u.radius or t.radius):
            key = (id(board), t.cell, rows.start, rows.stop, cols.start, cols.stop)
            hit = sight_memo.get(key) if sight_memo is not None else None
            if hit is not None and hit[0] is board:  # the entry holds its board: the id is not reused
                seen = hit[1]
            else:
                seen = sight_map(board, t.cell, rows, cols)
                if sight_memo is not None:
                    sight_memo.put(key, (board, seen))
            band &= seen
        out[rows, cols] |= band
    return out & board.on_map  # type: ignore[no-any-return]


def shot_positions(state: EncounterState, shooter: str, cells: FlatArray) -> BoolArray:
    """bool per flat hex of ``cells``: whether ``shooter``, standing there, could shoot some active hostile:
    exactly ``can_shoot_from`` (range from the footprints' edges, R29; sight over the pairs of hexes in range,
    R30), whoever's turn it is. Unlike :func:`shoot_hexes` it is exact for every size: a large archer
    walled off from every hostile is walled off here too (the map lint asks it, through ``attack_positions``).

    A hex already known to shoot someone is not asked again about the next hostile. One sight pass per hex
    of the target's footprint, over every shooter hex at once (as :func:`shot_odds` for a standard-size
    shooter); a large or giant shooter's centre then shoots when some hex of its footprint does.
    ``cells`` are centres whose footprint lies in the grid (anywhere ``shooter`` could stand)."""
    u = state.unit(shooter)
    flats = np.asarray(cells, dtype=np.int64)
    out = np.zeros(len(flats), dtype=bool)
    profile = u.spec.ranged
    if profile is None or not len(flats):
        return out
    for t in state.units.values():
        if not (t.active and state.hostility.hostile(u.faction, t.faction)):
            continue
        todo = np.flatnonzero(~out)
        out[todo] = _shoots_at(state, u, t.cell, t.radius, flats[todo])
    return out


def shot_centres(state: EncounterState, shooter: str, cells: FlatArray, at: Cell, radius: int) -> BoolArray:
    """bool per flat hex of ``cells``: whether ``shooter``, centred there, could shoot a hostile of footprint
    ``radius`` (0 standard, 1 large, 2 giant) centred on ``at``, wherever that hostile is or is not now: the
    same judgement as :func:`shot_positions` (range from the footprints' edges, R26, R29; sight over the pairs
    of hexes in range, R30). Sight never depends on combatants, so nobody's body matters. For a question about
    a map rather than a moment: the map lint asks where a hostile could ever stand."""
    u = state.unit(shooter)
    flats = np.asarray(cells, dtype=np.int64)
    if u.spec.ranged is None or not len(flats):
        return np.zeros(len(flats), dtype=bool)
    return _shoots_at(state, u, at, radius, flats)


def _shoots_at(state: EncounterState, u: UnitState, cell: Cell, radius: int, flats: FlatArray) -> BoolArray:
    """Per flat centre: whether ``u`` (which has a ranged profile) centred there could shoot a footprint of
    ``radius`` centred on ``cell``: the edge-to-edge gap in range (R29), then some pair in range in sight (R30)."""
    profile = u.spec.ranged
    assert profile is not None
    out = np.zeros(len(flats), dtype=bool)
    gap = np.maximum(0, _distances(state, cell, flats) - u.radius - radius)
    todo = np.flatnonzero((gap >= profile.min_range) & (gap <= profile.max_range))
    if not len(todo):
        return out
    pair = (u.name,)  # only the lines' sight is read here, never their cover
    if u.radius:
        out[todo] = _sees_from_footprints(state, u, cell, radius, flats[todo])
    elif radius:
        out[todo] = _lines_to_footprint(state, u, cell, radius, pair, flats[todo])[0]
    else:
        out[todo] = lines_from(state, cell, pair, flats[todo])[0]
    return out


def _sees_from_footprints(state: EncounterState, u: UnitState, cell: Cell, radius: int, centres: FlatArray
                          ) -> BoolArray:
    """Per flat centre (its footprint-edge gap to the footprint of ``radius`` on ``cell`` already in range):
    whether a large or giant ``u`` centred there sees that footprint, as ``cover.line_of_fire`` judges it in
    play: some pair (a hex of ``u``'s footprint, a hex of the other) at a distance in range sees each other
    (R29, R30). Sight depends on the
    board alone, so each shooter hex is asked once however many centres' footprints hold it."""
    profile = u.spec.ranged
    assert profile is not None
    table = state.board.footprint_table(u.radius)[centres]  # [centre, footprint hex]; -1 off the grid
    hexes, where = np.unique(table, return_inverse=True)
    where = where.reshape(table.shape)
    on_grid = hexes >= 0
    sees = np.zeros(len(hexes), dtype=bool)
    for part in footprint(state.board, cell, radius):
        dist = _distances(state, part, hexes[on_grid])
        ask = np.flatnonzero(on_grid)[(dist >= profile.min_range) & (dist <= profile.max_range)]
        ask = ask[~sees[ask]]
        if len(ask):
            sees[ask] = lines_from(state, part, (u.name,), hexes[ask])[0]
    out: BoolArray = np.any(sees[where], axis=1)
    return out


def cast_origins(state: EncounterState, caster: str, at: Cell, cells: FlatArray, spare_self: bool = False
                 ) -> BoolArray:
    """bool per flat hex of ``cells``: whether ``caster``, standing there, could centre its area on ``at``
    (R32: within ``area_range`` of its footprint and seen by some hex of it; uses left not asked); with
    ``spare_self``, only where its own burst would not catch it."""
    u = state.unit(caster)
    area = u.spec.area
    flats = np.asarray(cells, dtype=np.int64)
    if area is None or not len(flats) or not state.board.is_on_map(at):
        return np.zeros(len(flats), dtype=bool)
    gap = np.maximum(0, _distances(state, at, flats) - u.radius)
    ok = gap <= area.range
    if spare_self:
        ok &= gap > area.radius
    if not ok.any():
        return ok
    if u.radius:
        for i in np.flatnonzero(ok):
            centre = state.board.cell_of(int(flats[i]))
            ok[i] = any(sees(state.board, h, at) for h in footprint(state.board, centre, u.radius))
        return ok
    rows, cols = _window(state, flats[ok])
    return ok & _in_window(sight_map(state.board, at, rows, cols), rows, cols, flats, state.board.cols)


def area_catches(state: EncounterState, radius: int, centres: FlatArray) -> tuple[list[str], BoolArray]:
    """(the active combatants in initiative order, bool ``[centre, combatant]``): whom a burst of ``radius``
    on each flat centre would catch (R32: a footprint hex within ``radius`` of the centre)."""
    names = [n for n in state.order() if state.units[n].active]
    flats = np.asarray(centres, dtype=np.int64)
    out = np.zeros((len(flats), len(names)), dtype=bool)
    for k, name in enumerate(names):
        v = state.units[name]
        out[:, k] = np.maximum(0, _distances(state, v.cell, flats) - v.radius) <= radius
    return names, out


def burst_cover(state: EncounterState, caster: str, target: str, cells: FlatArray,
                lines_memo: SightMemo | None = None) -> BoolArray:
    """bool per flat hex of ``cells``: whether ``target`` would have cover (R31) from a burst of ``caster``'s
    centred on ``target``'s centre hex, ``caster`` imagined standing there (as ``preview_cast(origin=...)``
    judges it: pairs of a caster hex and a hex of ``target`` inside the area, sight needed, no range, R32).
    Whether the burst may be cast from there at all is :func:`cast_origins`'.

    The one term of a burst's odds that changes with where the caster stands (no arcs, no threatened-shooter
    penalty, R32), so a caster's best and worst odds on a foe over a whole reach are two previews, not one per
    hex. A standard caster: one sight pass from each hex of ``target`` inside the area over every origin at
    once (lines are symmetric); a large or giant one hex by hex, its footprint moving with it."""
    u, t = state.unit(caster), state.unit(target)
    flats = np.asarray(cells, dtype=np.int64)
    area = u.spec.area
    if area is None or not len(flats):
        return np.zeros(len(flats), dtype=bool)
    board = state.board
    inside = [c for c in footprint(board, t.cell, t.radius) if state.layout.distance(c, t.cell) <= area.radius]
    if u.radius:
        held = state.held_by_others(u.name, t.name)  # the caster's own hexes never give it cover, here or there
        return np.array([line_of_fire(board, held, footprint(board, board.cell_of(int(f)), u.radius), inside,
                                      lambda a, b: True).cover for f in flats], dtype=bool)
    clear = np.zeros(len(flats), dtype=bool)
    for part in inside:
        seen, covered = lines_from(state, part, (u.name, t.name), flats, lines_memo)
        clear |= seen & ~covered
    return ~clear

"""A shot's terms (R29-R31): range, sight, arc, cover and the threatened-shooter penalty, worked out once.

The shoot precondition, the preview and the handler all read one
:class:`ShotTerms`, so what the window shows before a shot is what the shot
rolls against.
"""

from __future__ import annotations

from dataclasses import dataclass

from .combatant import RangedProfile
from .cover import CoverHex, LineOfFire, cover_givers, line_of_fire
from .facing import penalty, worst_arc
from .hexgrid import Cell
from .movement import footprint
from .state import EncounterState
from .unit_state import UnitState


@dataclass(frozen=True)
class ShotTerms:
    """What a shot from ``at`` at a target needs: d20 + ranged attack >= ``needed``."""

    fire: LineOfFire  # the pairs of hexes in range that see each other, and whether cover holds (R31)
    arc: str  # the worst arc for the target among the shooter's hexes that are in range and see it (R18)
    penalty: int  # R19, lowering the target's defence
    cover_bonus: int  # R31, raising it (0 without cover)
    threatened_by: tuple[str, ...]  # hostile threateners covering the shooter's hexes (R29)
    shooter_penalty: int  # R29, taken on the roll (0 when not threatened)
    defense: int
    needed: int  # the total (d20 + ranged attack) that hits


def shot_cover_by(state: EncounterState, u: UnitState, t: UnitState, cells: tuple[Cell, ...]) -> tuple[CoverHex, ...]:
    """What gives ``t`` cover from ``u``'s shot (R31): ``cells`` (``LineOfFire.cover_hexes``) named, a combatant
    other than the two by its name, else the tile."""
    return cover_givers(state.board, cells, lambda c: state.standing_on(c, u.name, t.name))


def in_band(state: EncounterState, profile: RangedProfile, a: Cell, b: Cell) -> bool:
    return profile.min_range <= state.layout.distance(a, b) <= profile.max_range


def shot_terms(state: EncounterState, u: UnitState, at: Cell, t: UnitState) -> ShotTerms:
    """R29-R31 for ``u`` (with a ranged profile) centred on ``at`` shooting at ``t``, in the state as it is.

    Remembered until the state changes: the precondition, the preview and ``targets`` all ask for the
    same shot, and ``targets`` asks for every hostile from the same hex."""
    return state.cached(("shot terms", u.name, at, t.name), lambda: _shot_terms(state, u, at, t))


def _shot_terms(state: EncounterState, u: UnitState, at: Cell, t: UnitState) -> ShotTerms:
    profile = u.spec.ranged
    assert profile is not None, "shot_terms needs a ranged profile"
    board = state.board
    held = state.held_by_others(u.name, t.name)
    fire = line_of_fire(board, held, footprint(board, at, u.radius), footprint(board, t.cell, t.radius),
                        lambda a, b: in_band(state, profile, a, b))
    shooters = sorted({a for a, _ in fire.pairs}) or [at]
    arc = worst_arc(state.layout, t.cell, t.facing, shooters)
    pen = penalty(arc, state.scenario.flank_penalty, state.scenario.rear_penalty)
    bonus = state.scenario.cover_bonus if fire.cover else 0
    threat = state.cached(("shooter threatened by", u.name, at),  # the same for every target
                          lambda: tuple(v.name for v in state.threateners(u, at) if v.name not in u.disengaged_from))
    shooter_pen = state.scenario.threatened_shooter_penalty if threat else 0
    defense = t.spec.defense
    return ShotTerms(fire, arc, pen, bonus, threat, shooter_pen, defense, defense - pen + bonus + shooter_pen)

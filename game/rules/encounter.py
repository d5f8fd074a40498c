"""The encounter: the whole mutable state of one fight and its one rules path.

Humans, the AI and log replay all go through :meth:`Encounter.apply`. It
checks and applies in one pass on the live state and, if anything is
refused, restores the snapshot it took first, so a refused action leaves the
state exactly as it was (python-chess style push/pop on snapshots).

>>> enc = Encounter.from_scenario(scenario)            # doctest: +SKIP
>>> enc.apply(Begin()); enc.legal_actions()           # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .actions import (
    Action,
    Attack,
    Begin,
    Disengage,
    EndCombat,
    EndTurn,
    Face,
    Flee,
    GrantMovement,
    Join,
    Move,
    Place,
    Push,
    Remove,
    SetThreatening,
    Shove,
)
from .board import Board
from .combat import disengage as disengage_check
from .combat import to_hit
from .combatant import CombatantSpec, combatant_from_properties
from .dice import Dice
from .errors import IllegalActionError, RulesError
from .facing import penalty, turn_toward, worst_arc
from .factions import FACTIONS
from .hexgrid import Cell
from .movement import check_path, fits, footprint, push_steps
from .reach import MoveRequest, ReachResult, reachable
from .scenario import Scenario
from .terrain import Terrain
from .threat import ThreatSource, threat_mask

SETUP, ACTIVE, ENDED = "setup", "active", "ended"
DEFEATED, FLED = "defeated", "fled"
# Joiners sort after every map combatant they tie with (R14).
_JOIN_SEQ_BASE = 10**12


def _show(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


@dataclass
class UnitState:
    """One combatant's changing state. Read it; change it only through actions."""

    spec: CombatantSpec
    seq: int  # initiative tie-break: Tiled object id, or after all for joiners (R14)
    cell: Cell  # centre hex; for defeated/fled units the last one held
    facing: int  # direction index
    hp: int
    movement: int
    threatening: bool
    zoc_exhausted: bool = False
    disengaged_from: frozenset[str] = field(default_factory=frozenset)
    status: str = "active"

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def faction(self) -> str:
        return self.spec.faction

    @property
    def radius(self) -> int:
        return self.spec.radius

    @property
    def movement_max(self) -> int:
        return self.spec.move

    @property
    def active(self) -> bool:
        return self.status == "active"

    def copy(self) -> UnitState:
        # Every field is immutable, so a shallow copy is a full one (and much faster than copy.copy).
        new = UnitState.__new__(UnitState)
        new.__dict__.update(self.__dict__)
        return new


@dataclass(frozen=True)
class _Snapshot:
    phase: str
    round: int
    turn: str | None
    acted: bool
    units: tuple[UnitState, ...]
    order: tuple[str, ...]


class Encounter:
    """State of one encounter: phase, round, initiative, combatants; apply/undo."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.board: Board = scenario.board
        self.layout = scenario.board.layout
        self.hostility = scenario.hostility
        self.phase = SETUP
        self.round = 0
        self._turn: str | None = None
        self._acted = False  # the current actor has used its one action (R16)
        self.units: dict[str, UnitState] = {}
        for spec in scenario.combatants:
            self.units[spec.name] = self._new_unit(spec, spec.object_id)
        self._order: list[str] = []
        self._sort_order()
        self.history: list[Action] = []
        self._undo: list[_Snapshot] = []
        self._cache: dict[Any, Any] = {}
        self._threat_memo: dict[tuple[ThreatSource, ...], np.ndarray] = {}

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Encounter:
        return cls(scenario)

    @staticmethod
    def _new_unit(spec: CombatantSpec, seq: int) -> UnitState:
        return UnitState(
            spec=spec, seq=seq, cell=spec.cell, facing=spec.facing, hp=spec.hp,
            movement=spec.move, threatening=spec.threatening,
        )

    def _sort_order(self) -> None:
        self._order = sorted(self.units, key=lambda n: (-self.units[n].spec.initiative, self.units[n].seq))

    # --- read-only queries ------------------------------------------------------
    @property
    def turn(self) -> str | None:
        """Name of the combatant whose turn it is; None outside the active phase."""
        return self._turn

    @property
    def acted(self) -> bool:
        """Whether the current actor has used its one action this turn (R16)."""
        return self._acted

    def order(self) -> list[str]:
        """Active combatants in initiative order (R14)."""
        return [n for n in self._order if self.units[n].active]

    def unit(self, name: str) -> UnitState:
        try:
            return self.units[name]
        except (KeyError, TypeError):
            raise IllegalActionError(f"unknown unit {_quote(name)}") from None

    def is_over(self) -> bool:
        return self.phase == ENDED

    def outcome(self) -> tuple[str, ...] | None:
        """None while the fight goes on; once ended, the factions still on the board, sorted."""
        if self.phase != ENDED:
            return None
        return tuple(sorted({u.faction for u in self.units.values() if u.active}))

    def footprint(self, name: str) -> list[Cell]:
        u = self.unit(name)
        return footprint(self.board, u.cell, u.radius)

    def hostile(self, a: str, b: str) -> bool:
        return self.hostility.hostile(self.units[a].faction, self.units[b].faction)

    def distance(self, a: str, b: str) -> int:
        """R1: smallest distance between the two footprints."""
        ua, ub = self.unit(a), self.unit(b)
        return max(0, self.layout.distance(ua.cell, ub.cell) - ua.radius - ub.radius)

    def state_json(self) -> dict[str, Any]:
        """The document ``playmat state --json`` prints (adjudication.md)."""
        names = self.layout.direction_names
        units = {}
        for u in self.units.values():
            units[u.name] = {
                "at": list(u.cell) if u.active else None,
                "faction": u.faction,
                "facing": names[u.facing],
                "movement": u.movement,
                "movement_max": u.movement_max,
                "zoc_exhausted": u.zoc_exhausted,
                "hp": u.hp,
                "status": u.status,
                "threatening": u.threatening,
            }
        return {"phase": self.phase, "round": self.round, "turn": self._turn, "order": self.order(), "units": units}

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as a comparable value (for tests and undo checks)."""
        return (
            self.phase, self.round, self._turn, self._acted, tuple(self._order),
            tuple(u.copy() for u in self.units.values()),
            tuple(self.history),
        )

    # --- masks --------------------------------------------------------------
    def _threat_sources(self, against: str, ignore: frozenset[str] = frozenset()) -> list[ThreatSource]:
        return [
            ThreatSource(u.cell, u.radius, u.spec.reach_min, u.spec.reach)
            for u in self.units.values()
            if u.active and u.threatening and u.name not in ignore and self.hostility.hostile(u.faction, against)
        ]

    def _threat_of(self, sources: list[ThreatSource]) -> np.ndarray:
        # Keyed by the sources themselves, so the mask survives actions that move nobody
        # (end_turn, face, attacks that miss); the memo is shared by clones.
        key = tuple(sources)
        m = self._threat_memo.get(key)
        if m is None:
            if len(self._threat_memo) > 64:
                self._threat_memo.clear()
            m = threat_mask(self.board, sources)
            m.setflags(write=False)
            self._threat_memo[key] = m
        return m

    def threat_against(self, faction: str) -> np.ndarray:
        """``[row, col]`` hexes threatened against members of ``faction`` (R3, R8)."""
        if faction not in FACTIONS:
            raise RulesError(f'faction "{faction}" is not one of {", ".join(FACTIONS)}')
        return self._threat_of(self._threat_sources(faction))

    def threat_mask_for(self, name: str) -> np.ndarray:
        """What counts as threatened for this unit's ZoC now: hostile threat minus disengaged threateners (R23)."""
        u = self.unit(name)
        return self._threat_of(self._threat_sources(u.faction, u.disengaged_from))

    def _masks_for(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """(hexes held by hostile combatants, hexes held by other non-hostile combatants) for a mover."""
        def make() -> tuple[np.ndarray, np.ndarray]:
            me = self.units[name]
            blocked = np.zeros(self.board.rows * self.board.cols, dtype=bool)
            occupied = np.zeros_like(blocked)
            for u in self.units.values():
                if not u.active or u.name == name:
                    continue
                target = blocked if self.hostility.hostile(u.faction, me.faction) else occupied
                hexes = self.board.footprint_table(u.radius)[self.board.flat(u.cell)] if u.radius \
                    else self.board.flat(u.cell)
                target[hexes[hexes >= 0] if u.radius else hexes] = True
            blocked = blocked.reshape(self.board.rows, self.board.cols)
            occupied = occupied.reshape(self.board.rows, self.board.cols)
            blocked.setflags(write=False)
            occupied.setflags(write=False)
            return blocked, occupied

        key = ("masks", name)
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def _others_mask(self, name: str) -> np.ndarray:
        blocked, occupied = self._masks_for(name)
        return blocked | occupied

    def reach_for(self, name: str, budget: int | None = None) -> ReachResult:
        """Where ``name`` can end a voluntary move (R4-R11, R26-R28).

        Without ``budget``: with its movement remaining, its ZoC exhaustion
        and disengagement as they are now. With ``budget``: as at the start
        of a turn with that much movement (not exhausted, nothing disengaged).
        """
        u = self.unit(name)
        if not u.active:
            raise RulesError(f'"{name}" is not on the board ({u.status})')
        if budget is not None and budget < 0:
            raise RulesError(f"budget {budget} is negative")
        key = ("reach", name, budget)
        if key not in self._cache:  # legal_actions and the move that follows ask the same question
            self._cache[key] = self._search(u, budget)
        return self._cache[key]

    def _search(self, u: UnitState, budget: int | None) -> ReachResult:
        name = u.name
        blocked, occupied = self._masks_for(name)
        if budget is not None:
            threatened: np.ndarray | None = self.threat_against(u.faction)
        else:
            threatened = None if u.zoc_exhausted else self.threat_mask_for(name)
        request = MoveRequest(
            start=u.cell, movement_type=u.spec.movement_type, radius=u.radius,
            budget=u.movement if budget is None else budget,
            blocked=blocked, occupied=occupied, threatened=threatened,
        )
        return reachable(self.board, request)

    def _band_cells(self, attacker: UnitState, defender: UnitState) -> list[Cell]:
        """Attacker hexes whose distance to the defender's footprint lies in its weapon band."""
        out = []
        for cell in footprint(self.board, attacker.cell, attacker.radius):
            d = max(0, self.layout.distance(cell, defender.cell) - defender.radius)
            if attacker.spec.reach_min <= d <= attacker.spec.reach:
                out.append(cell)
        return out

    def arc(self, attacker: str, defender: str) -> str:
        """R17-R18: ``front``/``left``/``right``/``rear`` of the defender the attacker stands in."""
        a, d = self.unit(attacker), self.unit(defender)
        if attacker == defender:
            raise RulesError(f'"{attacker}" cannot be both attacker and defender')
        for u in (a, d):
            if not u.active:
                raise RulesError(f'"{u.name}" is not on the board ({u.status})')
        cells = self._band_cells(a, d) or [a.cell]
        return worst_arc(self.layout, d.cell, d.facing, cells)

    def _threateners_of(self, u: UnitState) -> list[UnitState]:
        """Hostile threateners whose band covers any hex of ``u`` now (R23)."""
        out = []
        for v in self.units.values():
            if v.active and v.threatening and self.hostility.hostile(v.faction, u.faction) and self._band_cells(v, u):
                out.append(v)
        return out

    # --- legal actions ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Actions open to the current actor (plus ``begin`` in setup).

        Moves to every legal end hex (by cheapest path, no explicit path),
        turns to each other direction, and, while its action is unused,
        attacks on every hostile in its band, shoves on every adjacent
        combatant no larger than it, one ``disengage`` (method ``feint``) per
        skill it has plus skill ``none`` when it stands in threatened space,
        and ``flee`` on an exit hex; always ``end_turn``. GM actions (push,
        grant, join, ...) are legal at any time but are not listed.
        """
        if self.phase == SETUP:
            return [Begin()]
        if self.phase != ACTIVE or self._turn is None:
            return []
        u = self.units[self._turn]
        out: list[Action] = []
        res = self.reach_for(u.name)
        out.extend(Move(u.name, cell) for cell, _cost, _stops in res.destinations())
        names = self.layout.direction_names
        out.extend(Face(u.name, names[d]) for d in range(6) if d != u.facing)
        if not self._acted:
            for t in self.units.values():
                if not t.active or t.name == u.name:
                    continue
                dist = self.distance(u.name, t.name)
                if self.hostile(u.name, t.name) and u.spec.reach_min <= dist <= u.spec.reach:
                    out.append(Attack(u.name, t.name))
                if dist == 1 and t.radius <= u.radius:
                    out.append(Shove(u.name, t.name))
            if self._threateners_of(u):
                skills = [k for k, _ in u.spec.skills]
                if "none" not in skills:
                    skills.append("none")  # a missing skill counts 0 (R23)
                out.extend(Disengage(u.name, "feint", s) for s in skills)
            if self._on_exit(u):
                out.append(Flee(u.name))
        out.append(EndTurn())
        return out

    def _on_exit(self, u: UnitState) -> bool:
        return any(self.board.exit[r, c] for c, r in footprint(self.board, u.cell, u.radius))

    # --- apply / check / undo -------------------------------------------------------
    def apply(self, action: Action) -> Action:
        """Apply a legal action and return it as recorded (rolls and damage filled in).

        IllegalActionError (a RulesError) says why an action is refused; the
        state is then exactly as before.
        """
        snap = self._snapshot()
        # The cache describes the state as it is now; it is cleared after every change.
        try:
            recorded = self._dispatch(action)
        except BaseException:
            self._restore(snap)
            raise
        self._cache.clear()
        self._undo.append(snap)
        self.history.append(recorded)
        return recorded

    def check(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else the reason it is refused. The state is unchanged."""
        try:
            self.clone()._dispatch(action)  # on a copy: references into this state stay valid
        except RulesError as exc:
            return str(exc)
        return None

    def undo(self) -> Action:
        """Take back the last applied action and return it."""
        if not self._undo:
            raise IllegalActionError("there is nothing to undo")
        self._restore(self._undo.pop())
        return self.history.pop()

    def clone(self) -> Encounter:
        other = Encounter.__new__(Encounter)
        other.__dict__.update(self.__dict__)
        other.units = {n: u.copy() for n, u in self.units.items()}
        other._order = list(self._order)
        other.history = list(self.history)
        other._undo = list(self._undo)  # snapshots are never mutated
        other._cache = {}
        return other

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            self.phase, self.round, self._turn, self._acted,
            tuple(u.copy() for u in self.units.values()), tuple(self._order),
        )

    def _restore(self, snap: _Snapshot) -> None:
        self.phase, self.round, self._turn, self._acted = snap.phase, snap.round, snap.turn, snap.acted
        # In place, so UnitState objects and the units dict others hold stay the live ones.
        kept = {u.name for u in snap.units}
        for name in [n for n in self.units if n not in kept]:
            del self.units[name]  # a joiner taken back
        for u in snap.units:
            self.units[u.name].__dict__.update(u.__dict__)
        self._order = list(snap.order)
        self._cache.clear()

    def _dice(self) -> Dice:
        return Dice(self.scenario.seed, len(self.history))

    def _dispatch(self, action: Action) -> Action:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not an action")
        if self.phase == ENDED:
            raise IllegalActionError(f"{action.KIND}: combat is over")
        recorded = handler(self, action)
        if self.phase == ACTIVE:
            self._auto_end()
            if self.phase == ACTIVE and self._turn is not None and not self.units[self._turn].active:
                self._next_turn(self._order.index(self._turn))  # R24, R25: the turn passes on
        return recorded

    # --- turn flow -------------------------------------------------------------
    def _auto_end(self) -> bool:
        """R13: end when no two hostile factions both still have an active combatant."""
        present = {u.faction for u in self.units.values() if u.active}
        if any(self.hostility.hostile(a, b) for a in present for b in present):
            return False
        self.phase = ENDED
        self._turn = None
        return True

    def _next_turn(self, pos: int) -> None:
        """Give the turn to the next active combatant after order position ``pos``."""
        n = len(self._order)
        while self.phase == ACTIVE:
            pos += 1
            if pos >= n:
                pos = 0
                self.round += 1  # R14: a round ends after the last in the order acted
            u = self.units[self._order[pos]]
            if not u.active:
                continue
            self._turn = u.name
            self._acted = False
            self._start_turn(u)
            if u.active:
                return
            self._auto_end()  # R25: hazard defeated it; the turn passes on
        self._turn = None

    def _start_turn(self, u: UnitState) -> None:
        # R6: fresh budget, exhaustion and disengagement cleared.
        u.movement = u.movement_max
        u.zoc_exhausted = False
        u.disengaged_from = frozenset()
        # R25: hazard under the footprint at turn start (the highest).
        hazards = [
            int(self.board.hazard_damage[r, c])
            for c, r in footprint(self.board, u.cell, u.radius)
            if self.board.terrain[r, c] == Terrain.HAZARD
        ]
        if hazards:
            self._hurt(u, max(hazards))

    def _hurt(self, u: UnitState, amount: int) -> None:
        u.hp -= amount
        if u.hp <= 0:
            self._leave(u, DEFEATED)

    def _leave(self, u: UnitState, status: str) -> None:
        u.status = status
        u.movement = 0

    # --- checks shared by handlers --------------------------------------------------
    def _need_phase(self, action: Action, *phases: str) -> None:
        if self.phase not in phases:
            if self.phase == SETUP:
                raise IllegalActionError(f"{action.KIND}: combat has not begun")
            raise IllegalActionError(f"{action.KIND}: not allowed once combat has begun (setup only)")

    def _need_unit(self, action: Action, name: str) -> UnitState:
        u = self.unit(name)
        if not u.active:
            raise IllegalActionError(f'{action.KIND}: "{name}" is {u.status} and no longer on the board')
        return u

    def _need_actor(self, action: Action, name: str) -> UnitState:
        self._need_phase(action, ACTIVE)
        u = self._need_unit(action, name)
        if self._turn != name:
            raise IllegalActionError(f'{action.KIND}: it is "{self._turn}"\'s turn, not "{name}"\'s (R16)')
        return u

    def _need_action_left(self, action: Action, u: UnitState) -> None:
        if self._acted:
            raise IllegalActionError(f'{action.KIND}: "{u.name}" has already used its action this turn (R16)')

    def _need_target(self, action: Action, u: UnitState, name: str) -> UnitState:
        t = self._need_unit(action, name)
        if t.name == u.name:
            raise IllegalActionError(f'{action.KIND}: "{u.name}" cannot target itself')
        return t

    def _need_dir(self, action: Action, name: Any) -> int:
        try:
            return self.layout.direction_index(name)
        except (ValueError, TypeError):
            raise IllegalActionError(
                f"{action.KIND}: direction {_quote(name)} is not one of {', '.join(self.layout.direction_names)}"
            ) from None

    @staticmethod
    def _need_roll(action: Action, roll: int | None) -> None:
        if roll is not None and (isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 20):
            raise IllegalActionError(f"{action.KIND}: roll {roll!r} is not a d20 result from 1 to 20")

    def _need_cell(self, action: Action, cell: Any, what: str) -> Cell:
        ok = (isinstance(cell, tuple | list) and len(cell) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in cell))
        if not ok or not self.layout.in_grid((cell[0], cell[1])):
            raise IllegalActionError(f"{action.KIND}: {what} {cell!r} is not a cell of this map")
        return (cell[0], cell[1])

    def _need_room(self, action: Action, spec: CombatantSpec, cell: Cell, ignore: str | None) -> None:
        """A footprint where a combatant may be put: on-map, enterable, nobody else there."""
        cells = footprint(self.board, cell, spec.radius)
        if not fits(self.board, cells):
            raise IllegalActionError(f'{action.KIND}: "{spec.name}" at {_show(cell)} does not fit on the map')
        for c, r in cells:
            if self.board.cost[spec.movement_type, r, c] < 1:
                kind = Terrain(int(self.board.terrain[r, c])).label
                raise IllegalActionError(
                    f'{action.KIND}: a {spec.movement_type.label} combatant may not stand on {kind} at {_show((c, r))}'
                )
        mine = set(cells)
        for u in self.units.values():
            others = u.active and u.name != ignore and u.name != spec.name
            if others and mine.intersection(footprint(self.board, u.cell, u.radius)):
                raise IllegalActionError(f'{action.KIND}: {_show(cell)} overlaps "{u.name}"')

    # --- handlers -------------------------------------------------------------
    def _do_begin(self, action: Begin) -> Action:
        self._need_phase(action, SETUP)
        self.phase = ACTIVE
        self.round = 1
        if not self._auto_end():
            self._next_turn(-1)
        return action

    def _do_place(self, action: Place) -> Action:
        self._need_phase(action, SETUP)
        u = self._need_unit(action, action.unit)
        cell = self._need_cell(action, action.at, "at")
        self._need_room(action, u.spec, cell, ignore=u.name)
        if action.facing is not None:
            u.facing = self._need_dir(action, action.facing)
        u.cell = cell
        return action

    def _do_move(self, action: Move) -> Action:
        u = self._need_actor(action, action.unit)
        to = self._need_cell(action, action.to, "to")
        if to == u.cell:
            raise IllegalActionError(f'move: "{u.name}" is already at {_show(to)}')
        if action.path is not None:
            path = tuple(self._need_cell(action, c, "path step") for c in action.path)
            if path and path[0] == u.cell:
                path = path[1:]  # a path may list the start hex
            if not path or path[-1] != to:
                raise IllegalActionError(f"move: the path does not end at {_show(to)}")
            blocked, occupied = self._masks_for(u.name)
            threatened = None if u.zoc_exhausted else self.threat_mask_for(u.name)
            try:
                out = check_path(self.board, u.cell, path, u.spec.movement_type, u.radius, u.movement,
                                 blocked, occupied, threatened)
            except IllegalActionError as exc:
                raise IllegalActionError(f'move: "{u.name}": {exc}') from None
            cost, stops = out.cost, out.stops
        else:
            res = self.reach_for(u.name)
            col, row = to
            if not res.can_end[row, col]:
                raise IllegalActionError(f'move: "{u.name}" {self._why_not(u, to, res)}')
            cost, stops = int(res.cost[row, col]), bool(res.stops[row, col])
            # Record the route taken: the log shows it, and a replay checks it step by
            # step instead of searching again (same outcome, R7).
            action = Move(u.name, to, tuple(res.path_to(to)))
        u.cell = to
        u.movement -= cost
        if stops:  # R9
            u.movement = 0
            u.zoc_exhausted = True
        return action

    def _why_not(self, u: UnitState, to: Cell, res: ReachResult) -> str:
        cells = footprint(self.board, to, u.radius)
        if not fits(self.board, cells):
            return f"does not fit on the map at {_show(to)}"
        blocked, occupied = self._masks_for(u.name)
        for c, r in cells:
            if self.board.cost[u.spec.movement_type, r, c] < 1:
                kind = Terrain(int(self.board.terrain[r, c])).label
                return f"({u.spec.movement_type.label}) may not enter {kind} at {_show((c, r))}"
            if blocked[r, c]:
                return f"may not enter {_show((c, r))}: a hostile combatant holds it (R4)"
            if occupied[r, c]:
                return f"may not end a move at {_show(to)}: another combatant is there (R4)"
        return f"cannot reach {_show(to)} with {u.movement} movement remaining"

    def _do_face(self, action: Face) -> Action:
        # The GM edits freely in setup (R13); once active, only on one's own turn (R16).
        need = self._need_unit if self.phase == SETUP else self._need_actor
        u = need(action, action.unit)
        u.facing = self._need_dir(action, action.dir)
        return action

    def _do_attack(self, action: Attack) -> Action:
        u = self._need_actor(action, action.unit)
        self._need_action_left(action, u)
        t = self._need_target(action, u, action.target)
        if not self.hostile(u.name, t.name):
            raise IllegalActionError(f'attack: "{t.name}" ({t.faction}) is not hostile to "{u.name}" ({u.faction})')
        dist = self.distance(u.name, t.name)
        lo, hi = u.spec.reach_min, u.spec.reach
        if not lo <= dist <= hi:
            raise IllegalActionError(
                f'attack: "{t.name}" is out of reach: distance {dist}, "{u.name}" strikes at {_band(lo, hi)} (R21)'
            )
        self._need_roll(action, action.roll)
        if action.damage is not None and (isinstance(action.damage, bool) or not isinstance(action.damage, int)
                                          or action.damage < 0):
            raise IllegalActionError(f"attack: damage {action.damage!r} is not a whole number of at least 0")
        dice = self._dice()
        roll = action.roll if action.roll is not None else dice.d20()
        pen = penalty(self.arc(u.name, t.name), self.scenario.flank_penalty, self.scenario.rear_penalty)
        hit = to_hit(roll, u.spec.attack, t.spec.defense, pen).success
        damage = action.damage
        if hit:
            if damage is None:
                damage = dice.roll(u.spec.damage)
            self._hurt(t, damage)
        u.facing = turn_toward(self.layout, u.cell, t.cell, u.facing)  # R20
        self._acted = True
        return Attack(u.name, t.name, roll, damage)

    def _do_shove(self, action: Shove) -> Action:
        u = self._need_actor(action, action.unit)
        self._need_action_left(action, u)
        t = self._need_target(action, u, action.target)
        if self.distance(u.name, t.name) != 1:
            raise IllegalActionError(f'shove: "{t.name}" is not adjacent to "{u.name}" (R22)')
        if t.radius > u.radius:
            raise IllegalActionError(f'shove: "{t.name}" ({t.spec.size.label}) is larger than "{u.name}" (R22)')
        self._need_roll(action, action.roll)
        roll = action.roll if action.roll is not None else self._dice().d20()
        pen = penalty(self.arc(u.name, t.name), self.scenario.flank_penalty, self.scenario.rear_penalty)
        hit = to_hit(roll, u.spec.attack, t.spec.defense, pen).success
        # R22/R20: away from the shover along its (new) facing toward the target.
        toward = turn_toward(self.layout, u.cell, t.cell, u.facing)
        if hit:
            self._push(t, toward, 1)
        u.facing = toward
        self._acted = True
        return Shove(u.name, t.name, roll)

    def _do_disengage(self, action: Disengage) -> Action:
        u = self._need_actor(action, action.unit)
        self._need_action_left(action, u)
        threateners = self._threateners_of(u)
        if not threateners:
            raise IllegalActionError(f'disengage: "{u.name}" is not in threatened space (R23)')
        self._need_roll(action, action.roll)
        roll = action.roll if action.roll is not None else self._dice().d20()
        ok = disengage_check(roll, u.spec.skill(action.skill), max(v.spec.attack for v in threateners)).success
        if ok:
            u.disengaged_from = frozenset(v.name for v in threateners)
        self._acted = True
        return Disengage(u.name, action.method, action.skill, roll)

    def _do_flee(self, action: Flee) -> Action:
        u = self._need_actor(action, action.unit)
        self._need_action_left(action, u)
        if not self._on_exit(u):
            raise IllegalActionError(f'flee: "{u.name}" is not on an exit hex (R24)')
        self._leave(u, FLED)
        self._acted = True
        return action

    def _do_end_turn(self, action: EndTurn) -> Action:
        self._need_phase(action, ACTIVE)
        assert self._turn is not None
        self.units[self._turn].movement = 0  # R6: unspent movement is lost
        self._next_turn(self._order.index(self._turn))
        return action

    def _push(self, u: UnitState, direction: int, distance: int) -> None:
        out = push_steps(self.board, u.cell, direction, distance, u.radius, u.spec.movement_type,
                         self._others_mask(u.name), u.hp)
        u.cell = out.cell
        if out.damage:
            self._hurt(u, out.damage)
        if out.fell and u.active:
            self._leave(u, DEFEATED)

    def _do_push(self, action: Push) -> Action:
        self._need_phase(action, ACTIVE)
        u = self._need_unit(action, action.unit)
        direction = self._need_dir(action, action.dir)
        if isinstance(action.distance, bool) or not isinstance(action.distance, int) or action.distance < 1:
            raise IllegalActionError(f"push: distance {action.distance!r} is not a whole number of at least 1")
        self._push(u, direction, action.distance)
        return action

    def _do_grant(self, action: GrantMovement) -> Action:
        self._need_phase(action, ACTIVE)
        u = self._need_unit(action, action.unit)
        if isinstance(action.amount, bool) or not isinstance(action.amount, int) or action.amount < 1:
            raise IllegalActionError(f"grant_movement: amount {action.amount!r} is not a whole number of at least 1")
        u.movement += action.amount  # R16: adds to what remains; R9: exhaustion stays spent
        return action

    def _do_set_threatening(self, action: SetThreatening) -> Action:
        self._need_phase(action, SETUP, ACTIVE)
        u = self._need_unit(action, action.unit)
        if not isinstance(action.value, bool):
            raise IllegalActionError(f"set_threatening: value {action.value!r} is not true or false")
        u.threatening = action.value
        return action

    def _do_join(self, action: Join) -> Action:
        self._need_phase(action, SETUP, ACTIVE)
        name = action.name
        if not name.strip():
            raise IllegalActionError("join: the unit has no name")
        if name in self.units:
            raise IllegalActionError(f'join: a combatant named "{name}" is already in the encounter')
        cell = self._need_cell(action, action.at, "at")
        object_id = max((u.spec.object_id for u in self.units.values()), default=0) + 1
        try:
            spec = combatant_from_properties(name, action.properties, cell, object_id, self.layout)
        except RulesError as exc:
            raise IllegalActionError(f'join: "{name}": {exc}') from None
        self._need_room(action, spec, cell, ignore=None)
        self.units[name] = self._new_unit(spec, _JOIN_SEQ_BASE + len(self.units))
        self._sort_order()  # R14/R15: its place by initiative, after everyone it ties with
        return action

    def _do_remove(self, action: Remove) -> Action:
        self._need_phase(action, SETUP, ACTIVE)
        u = self._need_unit(action, action.unit)
        if action.as_ not in (DEFEATED, FLED):
            raise IllegalActionError(f"remove: as {action.as_!r} is not one of defeated, fled")
        self._leave(u, action.as_)
        return action

    def _do_end_combat(self, action: EndCombat) -> Action:
        self._need_phase(action, ACTIVE)
        self.phase = ENDED
        self._turn = None
        return action


_HANDLERS: dict[type, Callable[[Encounter, Any], Action]] = {
    Begin: Encounter._do_begin,
    Place: Encounter._do_place,
    Move: Encounter._do_move,
    Face: Encounter._do_face,
    Attack: Encounter._do_attack,
    Shove: Encounter._do_shove,
    Disengage: Encounter._do_disengage,
    Flee: Encounter._do_flee,
    EndTurn: Encounter._do_end_turn,
    Push: Encounter._do_push,
    GrantMovement: Encounter._do_grant,
    SetThreatening: Encounter._do_set_threatening,
    Join: Encounter._do_join,
    Remove: Encounter._do_remove,
    EndCombat: Encounter._do_end_combat,
}


def _band(lo: int, hi: int) -> str:
    return f"distance {lo}" if lo == hi else f"distance {lo} to {hi}"


def _quote(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)

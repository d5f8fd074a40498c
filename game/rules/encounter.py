"""The encounter: the whole mutable state of one fight and its one rules path.

Humans, the AI and log replay all go through :meth:`Encounter.apply`. It
checks and applies in one pass on the live state and, if anything is
refused, restores the snapshot it took first, so a refused action leaves the
state exactly as it was (python-chess style push/pop on snapshots).

Here: the state, its read-only queries (threat, reach, arcs), apply/check/
undo/clone and the turn flow. Elsewhere: one combatant's record
(unit_state.py), the handler of each action kind (resolve.py) and the
refusals they share (checks.py), the list of legal actions (legal.py).

>>> enc = Encounter.from_scenario(scenario)            # doctest: +SKIP
>>> enc.apply(Begin()); enc.legal_actions()           # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .actions import Action
from .board import Board
from .checks import quote
from .dice import Dice
from .errors import IllegalActionError, RulesError
from .facing import worst_arc
from .factions import FACTIONS
from .hexgrid import Cell
from .legal import legal_actions
from .movement import footprint
from .phases import ACTIVE, ENDED, SETUP
from .reach import MoveRequest, ReachResult, reachable
from .resolve import HANDLERS
from .scenario import Scenario
from .threat import ThreatSource, threat_mask, threatens
from .unit_state import DEFEATED, FLED, UnitState, new_unit, start_turn

# Names other modules have always imported from here.
__all__ = ["ACTIVE", "DEFEATED", "ENDED", "FLED", "SETUP", "Encounter", "UnitState"]


@dataclass(frozen=True)
class _Snapshot:
    phase: str
    round: int
    turn: str | None
    acted: bool
    units: tuple[UnitState, ...]
    order: tuple[str, ...]


class Encounter:
    """State of one encounter: phase, round, initiative, combatants; apply/undo.

    Single-underscore members are the rules engine's own: the handlers in
    resolve.py and the list in legal.py use some of them (masks, threateners,
    dice, turn flow); nothing outside game/rules does.
    """

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
            self.units[spec.name] = new_unit(spec, spec.object_id)
        self._order: list[str] = []
        self._sort_order()
        self.history: list[Action] = []
        self._undo: list[_Snapshot] = []
        self._cache: dict[Any, Any] = {}
        self._threat_memo: dict[tuple[ThreatSource, ...], np.ndarray] = {}

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Encounter:
        return cls(scenario)

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
            raise IllegalActionError(f"unknown unit {quote(name)}") from None

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
        """Hostile threateners whose threat covers any hex of ``u`` now (R23).

        Threat is measured from the threatener's footprint edge to each hex (R8, R28), so a
        pike threatens a large creature's centre two hexes away though it cannot strike its
        nearer edge; this is not the attack band between footprints (R21).
        """
        cells = footprint(self.board, u.cell, u.radius)
        out = []
        for v in self.units.values():
            if not (v.active and v.threatening and self.hostility.hostile(v.faction, u.faction)):
                continue
            src = ThreatSource(v.cell, v.radius, v.spec.reach_min, v.spec.reach)
            if any(threatens(self.board, src, c) for c in cells):
                out.append(v)
        return out

    def _on_exit(self, u: UnitState) -> bool:
        return any(self.board.exit[r, c] for c, r in footprint(self.board, u.cell, u.radius))

    # --- legal actions ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Actions open to the current actor (plus ``begin`` in setup); see :func:`legal.legal_actions`."""
        return legal_actions(self)

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
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not an action")
        if self.phase == ENDED:
            raise IllegalActionError(f"{action.KIND}: combat is over")
        recorded = handler(self, action)
        if self.phase == ACTIVE:
            self._auto_end()
            if self.phase == ACTIVE and self._turn is not None and not self.units[self._turn].active:
                self._next_turn(self._turn)  # R24, R25: the turn passes on
        return recorded

    # --- turn flow, and the state changes the handlers in resolve.py share -----------------
    def _mark_acted(self) -> None:
        self._acted = True  # R16: one action per turn

    def _sort_order(self) -> None:
        self._order = sorted(self.units, key=lambda n: (-self.units[n].spec.initiative, self.units[n].seq))

    def _end(self) -> None:
        if self._turn is not None:
            # R13: no turn outside the active phase, so the actor's turn ends here; R6: its
            # unspent movement is lost then, as at end_turn.
            self.units[self._turn].movement = 0
        self.phase = ENDED
        self._turn = None

    def _auto_end(self) -> bool:
        """R13: end when no two hostile factions both still have an active combatant."""
        present = {u.faction for u in self.units.values() if u.active}
        if any(self.hostility.hostile(a, b) for a in present for b in present):
            return False
        self._end()
        return True

    def _next_turn(self, after: str | None) -> None:
        """Give the turn to the next active combatant after ``after`` in the order (from the top if None)."""
        pos = -1 if after is None else self._order.index(after)
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
            start_turn(u, self.board)
            if u.active:
                return
            self._auto_end()  # R25: hazard defeated it; the turn passes on
        self._turn = None

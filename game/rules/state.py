"""The encounter's state and the mechanics its action handlers share.

:class:`EncounterState` holds phase, round, initiative, combatants and the
dice, answers the read-only questions every rule asks (masks, threat,
reach, arcs), and owns the state changes that do not belong to one action:
damage and leaving the board, turn flow, the end of combat. Every change it
makes is also reported as an event (events.py) for the window, the combat
log and the AI's explanations.

The action handlers (resolve.py), the preconditions (preconditions.py) and
the list of legal actions (legal.py) work on this class; the public
:class:`~game.rules.encounter.Encounter` adds apply/undo, previews and
predicates on top. Nothing here imports those modules, so the package has
no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from .actions import Action
from .board import Board
from .combatant import CombatantSpec
from .dice import Dice
from .errors import IllegalActionError, RulesError
from .events import CombatEnded, Defeated, Event, RoundStarted, TurnStarted
from .facing import worst_arc
from .factions import FACTIONS
from .hexgrid import Cell
from .movement import HexQuery, footprint
from .occupancy import Occupancy
from .outcome import EndReason, Outcome
from .phases import ACTIVE, ENDED, SETUP
from .reach import MoveRequest, ReachResult, reachable, stay_put
from .scenario import Scenario
from .text import did_you_mean, quote
from .threat import ThreatAt, ThreatSource, threat_mask, threatens
from .unit_state import DEFEATED, UnitState, new_unit
from .views import CombatantView, view_of

T = TypeVar("T")


@dataclass(frozen=True)
class Snapshot:
    phase: str
    round: int
    turn: str | None
    acted: bool
    turn_start: int
    units: tuple[UnitState, ...]
    order: tuple[str, ...]
    outcome: Outcome | None


class EncounterState:
    """Phase, round, initiative and combatants of one encounter, and the rules' shared mechanics."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.board: Board = scenario.board
        self.layout = scenario.board.layout
        self.hostility = scenario.hostility
        self.phase = SETUP
        self.round = 0
        self._turn: str | None = None
        self._acted = False  # the current actor has used its one action (R16)
        self._turn_start = 0  # history index of the first action of the current turn
        self._outcome: Outcome | None = None  # set when combat ends
        self.units: dict[str, UnitState] = {}
        for spec in scenario.combatants:
            self.units[spec.name] = new_unit(spec, spec.object_id)
        self._order: list[str] = []
        self.sort_order()
        self.history: list[Action] = []
        self._dice_seed: int | str = scenario.seed
        self._events: list[Event] = []
        self._cache: dict[Hashable, Any] = {}
        self._threat_memo: dict[tuple[ThreatSource, ...], np.ndarray] = {}
        # Views by what they show (encounter.py), shared by clones.
        self._view_memo: dict[tuple[object, ...], tuple[CombatantSpec, CombatantView]] = {}
        # Who holds and threatens which hex, built when a move line is first checked and then kept up to
        # date by the combatants' own reports of their changes (occupancy.py); never shared with a clone.
        self._occ: Occupancy | None = None
        self._moved: list[UnitState] = []

    # --- what every rule reads ---------------------------------------------------
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
            raise IllegalActionError(f"unknown unit {quote(name)}{did_you_mean(name, self.units)}") from None

    # --- views: frozen values of the state as it is now --------------------------------
    def view(self, name: str) -> CombatantView:
        u = self.unit(name)  # an unknown name is refused as everywhere else
        every = self._cache.get("views")  # all of this state's views, once anyone asked for them
        return every[name] if every is not None else view_of(u, self.layout)

    def views(self) -> list[CombatantView]:
        """Every combatant (defeated and fled included), in map order."""
        return list(self._views_now().values())

    def _views_now(self) -> dict[str, CombatantView]:
        # Views are frozen values of the state as it is now: built once per state (the window,
        # the AI and the previews ask for them many times between two actions).
        return self.cached("views", lambda: {n: self._view_now(u) for n, u in self.units.items()})

    def _view_now(self, u: UnitState) -> CombatantView:
        # A view is a value of what it shows; most combatants show the same from one state to the
        # next (one moved, one was hit), so their views are kept by those values and reused.
        # Keyed by the spec's identity (hashing a whole spec is slow); the entry holds the spec, so
        # the key's id cannot be reused by another while the entry lives.
        key = (id(u.spec), u.cell, u.facing, u.hp, u.movement, u.threatening, u.zoc_exhausted,
               u.disengaged_from, u.status, u.area_uses_left)
        hit = self._view_memo.get(key)
        if hit is not None and hit[0] is u.spec:
            return hit[1]
        if len(self._view_memo) >= 4096:
            self._view_memo.clear()
        view = view_of(u, self.layout)
        self._view_memo[key] = (u.spec, view)
        return view

    def hostile_factions(self, faction: str) -> frozenset[str]:
        return self.hostility.hostile_to(faction)

    def footprint(self, name: str) -> list[Cell]:
        u = self.unit(name)
        return footprint(self.board, u.cell, u.radius)

    def standing_on(self, cell: Cell, *skip: str) -> str | None:
        """The active combatant (other than ``skip``) whose footprint holds ``cell``, or None (R26: one at most)."""
        for u in self.units.values():
            if u.active and u.name not in skip and cell in footprint(self.board, u.cell, u.radius):
                return u.name
        return None

    def exit_at(self, name: str, cell: Cell | None = None) -> bool:
        """R24: whether ``name``, its centre on ``cell`` (where it stands, if None), would have a footprint hex
        on an exit, so that it could flee from there (a move preview says so before the move)."""
        u = self.unit(name)
        cells = footprint(self.board, u.cell if cell is None else cell, u.radius)
        return any(self.board.is_on_map(c) and bool(self.board.exit[c[1], c[0]]) for c in cells)

    def hostile(self, a: str, b: str) -> bool:
        return self.hostility.hostile(self.unit(a).faction, self.unit(b).faction)

    def distance(self, a: str, b: str) -> int:
        """R1: smallest distance between the two footprints."""
        ua, ub = self.unit(a), self.unit(b)
        return footprint_distance(self, ua.cell, ua.radius, ub.cell, ub.radius)

    def cached(self, key: Hashable, make: Callable[[], T]) -> T:
        """A value derived from the state as it is now (cleared by every change)."""
        if key not in self._cache:
            self._cache[key] = make()
        value: T = self._cache[key]  # one store for values of many types: each key's maker fixes its type
        return value

    # --- masks -------------------------------------------------------------------
    def threat_sources(self, against: str, ignore: frozenset[str] = frozenset()) -> list[ThreatSource]:
        # Asked for every move checked, over every combatant: fields read directly, not through properties
        # (a replay of 100,000 lines with 200 combatants spent seconds in them).
        foes = self.hostility.hostile_to(against)
        return [
            ThreatSource(u.cell, int(s.size), s.reach_min, s.reach)
            for u in self.units.values()
            if u.status == "active" and u.threatening and (s := u.spec).faction in foes and s.name not in ignore
        ]

    def threat_of(self, sources: list[ThreatSource]) -> np.ndarray:
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
        return self.threat_of(self.threat_sources(faction))

    def threat_mask_for(self, name: str) -> np.ndarray:
        """What counts as threatened for this unit's ZoC now: hostile threat minus disengaged threateners (R23)."""
        u = self.unit(name)
        return self.threat_of(self.threat_sources(u.faction, u.disengaged_from))

    def threat_at_for(self, name: str) -> ThreatAt | np.ndarray:
        """:meth:`threat_mask_for` to be asked hex by hex: the mask when it is known already, else a query that
        works out only the hexes asked (a move line's check needs a few, not the board)."""
        u = self.unit(name)
        foes, ignore = self.hostility.hostile_to(u.spec.faction), u.disengaged_from
        # threat_sources' list as plain tuples (equal to, and hashing as, the named ones the memo is keyed by):
        # building a named tuple a threatener was a fifth of a long replay's time with 200 combatants.
        sources = [(v.cell, int(s.size), s.reach_min, s.reach) for v in self.units.values()
                   if v.status == "active" and v.threatening and (s := v.spec).faction in foes and s.name not in ignore]
        known = self._threat_memo.get(tuple(sources))  # type: ignore[arg-type]
        return known if known is not None else ThreatAt(self.board, sources)

    def occupancy(self) -> Occupancy:
        """The occupancy index of the state as it is now."""
        occ = self._occ
        if occ is None or len(occ.slots) != len(self.units):  # first asked, taken back, or a combatant joined
            occ = self._occ = Occupancy(self.board, self.units.values())
            for u in occ.slots:
                u.__dict__["_watch"] = self._moved  # not through setattr: this is no change to report
            self._moved.clear()
        else:
            self.follow_changes()
        return occ

    def follow_changes(self) -> None:
        """Bring the occupancy index up to date with the combatants that changed (apply calls it after each
        action, so the list of changes stays short even while nobody asks the index)."""
        if self._occ is not None:
            for u in self._moved:
                self._occ.update(u)
        self._moved.clear()

    def path_checks(self, name: str) -> tuple[HexQuery, HexQuery, HexQuery | None]:
        """:meth:`masks_for` and :meth:`threat_mask_for` of ``name`` (None when its zone of control is spent,
        R9) to be asked hex by hex, as a move line's check asks them for the few hexes its path covers."""
        u = self.unit(name)
        known = self._cache.get(("masks", name))
        if known is not None:  # the window asked for its reach first: its masks serve as well
            return known[0], known[1], None if u.zoc_exhausted else self.threat_at_for(name)
        occ = self.occupancy()
        foes = self.hostility.hostile_to(u.spec.faction)
        blocked, occupied = occ.held_for(u, foes)
        return blocked, occupied, None if u.zoc_exhausted else occ.threat_for(foes, u.disengaged_from)

    def masks_for(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """(hexes held by hostile combatants, hexes held by other non-hostile combatants) for a mover."""
        return self.cached(("masks", name), lambda: self._make_masks(name))

    def _make_masks(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        me = self.units[name]
        board = self.board
        blocked: np.ndarray = np.zeros(board.rows * board.cols, dtype=bool)
        occupied: np.ndarray = np.zeros_like(blocked)
        foes = self.hostility.hostile_to(me.spec.faction)
        cols = board.cols
        held: tuple[list[int], list[int]] = ([], [])  # flat hexes of (hostile, other) combatants
        for u in self.units.values():  # fields read directly, hexes set at once: this runs for every move checked
            if u.status != "active" or u is me:
                continue
            spec = u.spec
            into = held[0] if spec.faction in foes else held[1]
            col, row = u.cell
            if spec.size:  # Size is an int enum: its value is the footprint's radius (R26)
                hexes = board.footprint_table(int(spec.size))[row * cols + col]
                into.extend(hexes[hexes >= 0].tolist())
            else:
                into.append(row * cols + col)
        blocked[held[0]] = True
        occupied[held[1]] = True
        blocked = blocked.reshape(board.rows, board.cols)
        occupied = occupied.reshape(board.rows, board.cols)
        blocked.setflags(write=False)
        occupied.setflags(write=False)
        return blocked, occupied

    def others_mask(self, name: str) -> np.ndarray:
        """Hexes held by every combatant but ``name`` (forced movement stops short of them, R12)."""
        blocked, occupied = self.masks_for(name)
        others: np.ndarray = blocked | occupied
        return others

    def held_by_others(self, *names: str) -> np.ndarray:
        """``[row, col]``: hexes held by active combatants other than ``names`` (R31's cover, R12's stops)."""
        def make() -> np.ndarray:
            # Everyone's hexes once per state; each question (a shot asks per target) then only takes
            # the named ones out again (combatants never share a hex).
            if names:
                held = self.held_by_others().copy()
                units = [self.units[n] for n in names if n in self.units]
            else:
                held = np.zeros((self.board.rows, self.board.cols), dtype=bool)
                units = list(self.units.values())
            for u in units:
                if u.active:
                    for c, r in footprint(self.board, u.cell, u.radius):
                        if 0 <= c < self.board.cols and 0 <= r < self.board.rows:
                            held[r, c] = not names
            held.setflags(write=False)
            return held

        return self.cached(("held", names), make)

    # --- reach, arcs, threateners ----------------------------------------------------
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
        # legal_actions and the move that follows ask the same question
        return self.cached(("reach", name, budget), lambda: self._search(u, budget))

    def zoc_stop_on_way(self, name: str, to: Cell) -> tuple[Cell, list[str]] | None:
        """When only zone of control keeps ``name`` from ``to`` this turn (R9): the first threatened hex on the
        cheapest way there that ignores zone of control, and the threateners whose threat covers it. None when
        ``to`` is out of reach anyway (too far, blocked) or no zone of control applies."""
        u = self.unit(name)
        if u.zoc_exhausted or u.movement == 0:
            return None
        threat = self.threat_mask_for(name)
        blocked, occupied = self.masks_for(name)
        free = reachable(self.board, MoveRequest(
            start=u.cell, movement_type=u.spec.movement_type, radius=u.radius, budget=u.movement,
            blocked=blocked, occupied=occupied, threatened=None,
        ))
        if free.end_at(to) is None:
            return None
        for step in free.path_to(to):
            hit = [h for h in footprint(self.board, step, u.radius) if threat[h[1], h[0]]]
            if hit and tuple(step) != tuple(to):
                who = [v.name for v in self.units.values()
                       if v.active and v.threatening and v.name not in u.disengaged_from
                       and self.hostility.hostile(v.faction, u.faction)
                       and any(threatens(self.board, threat_source(v), h) for h in hit)]
                return (step[0], step[1]), who
        return None

    def walk_cost(self, name: str, to: Cell, turns: int = 4) -> int | None:
        """The movement the cheapest way from ``name``'s hex to ``to`` costs, ignoring zone of control and
        what is left this turn; None beyond ``turns`` turns of its full movement (the search stays in a
        window round the mover, so asking about a far hex of a huge map stays cheap). Says how far a hex
        out of reach is, as Wesnoth's turn count on a far hex does."""
        u = self.unit(name)
        blocked, occupied = self.masks_for(name)
        far = reachable(self.board, MoveRequest(
            start=u.cell, movement_type=u.spec.movement_type, radius=u.radius,
            budget=max(1, turns * u.spec.move), blocked=blocked, occupied=occupied, threatened=None,
        ))
        end = far.end_at(to)
        return None if end is None else end[0]

    def _search(self, u: UnitState, budget: int | None) -> ReachResult:
        if (u.movement if budget is None else budget) == 0:  # no movement left: no masks to build
            return stay_put(self.board, u.cell, u.spec.movement_type, u.radius)
        blocked, occupied = self.masks_for(u.name)
        if budget is not None:
            threatened: np.ndarray | None = self.threat_against(u.faction)
        else:
            threatened = None if u.zoc_exhausted else self.threat_mask_for(u.name)
        request = MoveRequest(
            start=u.cell, movement_type=u.spec.movement_type, radius=u.radius,
            budget=u.movement if budget is None else budget,
            blocked=blocked, occupied=occupied, threatened=threatened,
        )
        return reachable(self.board, request)

    def band_cells(self, attacker: UnitState, at: Cell, defender: UnitState) -> list[Cell]:
        """Attacker hexes (centred on ``at``) whose distance to the defender's footprint lies in its band."""
        out = []
        for cell in footprint(self.board, at, attacker.radius):
            d = max(0, self.layout.distance(cell, defender.cell) - defender.radius)
            if attacker.spec.reach_min <= d <= attacker.spec.reach:
                out.append(cell)
        return out

    def arc_at(self, attacker: UnitState, at: Cell, defender: UnitState) -> str:
        """R17-R18 with the attacker centred on ``at``: the worst arc among its hexes in band."""
        cells = self.band_cells(attacker, at, defender) or [at]
        return worst_arc(self.layout, defender.cell, defender.facing, cells)

    def arc(self, attacker: str, defender: str) -> str:
        """R17-R18: ``front``/``left``/``right``/``rear`` of the defender the attacker stands in."""
        a, d = self.unit(attacker), self.unit(defender)
        if attacker == defender:
            raise RulesError(f'"{attacker}" cannot be both attacker and defender')
        for u in (a, d):
            if not u.active:
                raise RulesError(f'"{u.name}" is not on the board ({u.status})')
        return self.arc_at(a, a.cell, d)

    def threateners(self, u: UnitState, at: Cell | None = None) -> list[UnitState]:
        """Hostile threateners whose threat covers any hex of ``u`` (centred on ``at``) now (R23).

        Threat is measured from the threatener's footprint edge to each hex (R8, R28), so a
        pike threatens a large creature's centre two hexes away though it cannot strike its
        nearer edge; this is not the attack band between footprints (R21).
        """
        cells = footprint(self.board, u.cell if at is None else at, u.radius)
        out = []
        # With an occupancy index at hand (a replay's), only the threateners standing near; the same order.
        occ = None if self._occ is None else self.occupancy()
        near = None if occ is None else occ.threatener_slots(cells)
        units = self.units.values() if occ is None or near is None else [occ.slots[s] for s in near]
        for v in units:
            if not (v.active and v.threatening and self.hostility.hostile(v.faction, u.faction)):
                continue
            src = threat_source(v)
            if any(threatens(self.board, src, c) for c in cells):
                out.append(v)
        return out

    def on_exit(self, u: UnitState) -> bool:
        return self.exit_at(u.name)

    # --- changes the handlers share --------------------------------------------------
    def dice(self) -> Dice:
        return Dice(self._dice_seed, len(self.history))

    def emit(self, event: Event) -> None:
        self._events.append(event)

    def hurt(self, u: UnitState, amount: int, cause: str) -> None:
        u.hp -= amount
        if u.hp <= 0 and u.active:
            self.leave(u, DEFEATED)
            self.emit(Defeated(u.name, cause))

    def leave(self, u: UnitState, status: str) -> None:
        u.status = status
        u.movement = 0

    def mark_acted(self) -> None:
        self._acted = True  # R16: one action per turn

    def sort_order(self) -> None:
        self._order = sorted(self.units, key=lambda n: (-self.units[n].spec.initiative, self.units[n].seq))

    def end(self, reason: EndReason) -> None:
        if self._turn is not None:
            # R13: no turn outside the active phase, so the actor's turn ends here; R6: its
            # unspent movement is lost then, as at end_turn.
            self.units[self._turn].movement = 0
        self.phase = ENDED
        self._turn = None
        self._outcome = Outcome(reason, self._winners())
        self.emit(CombatEnded(reason, self._outcome.winners))

    def auto_end(self) -> bool:
        """R13: end when no two hostile factions both still have an active combatant."""
        # Asked after every action: stop at the first two hostile combatants still standing (most often
        # among the first few), not after collecting every combatant's faction.
        seen: set[str] = set()
        hostile_to = self.hostility.hostile_to
        for u in self.units.values():
            if u.status == "active" and (f := u.spec.faction) not in seen:
                if not hostile_to(f).isdisjoint(seen):
                    return False
                seen.add(f)
        self.end(EndReason.NO_HOSTILES)
        return True

    def _winners(self) -> tuple[str, ...]:
        """Factions with an active combatant and no active hostile (what Outcome.winners holds)."""
        present = {u.faction for u in self.units.values() if u.active}
        return tuple(sorted(f for f in present if not any(self.hostility.hostile(f, g) for g in present)))

    def next_turn(self, after: str | None) -> None:
        """Give the turn to the next active combatant after ``after`` in the order (from the top if None)."""
        pos = -1 if after is None else self._order.index(after)
        n = len(self._order)
        while self.phase == ACTIVE:
            pos += 1
            if pos >= n:
                pos = 0
                self.round += 1  # R14: a round ends after the last in the order acted
                self.emit(RoundStarted(self.round))
            u = self.units[self._order[pos]]
            if not u.active:
                continue
            self._turn = u.name
            self._acted = False
            self._turn_start = len(self.history) + 1  # the action being applied is recorded first
            hazard = self.start_turn(u)
            self.emit(TurnStarted(u.name, self.round, hazard))
            if hazard:
                self.hurt(u, hazard, "hazard")
            if u.active:
                return
            self.auto_end()  # R25: hazard defeated it; the turn passes on
        self._turn = None

    def start_turn(self, u: UnitState) -> int:
        """R6: fresh budget, exhaustion and disengagement cleared; returns R25's hazard damage due."""
        u.movement = u.movement_max
        u.zoc_exhausted = False
        u.disengaged_from = frozenset()
        col, row = u.cell
        return int(self.board.hazard_start(u.radius)[row, col])  # R25 said once: the board's map the AI reads too

    def hazard_at_turn_start(self, name: str) -> np.ndarray:
        """R25 over the board, ``[row, col]`` int: the hazard damage ``name`` would take starting its turn with
        its centre there (the highest under its footprint, R26; 0 where none). The AI weighs ending a turn in
        a fire pit by it (found on giants_lair: Grundvald, pushed into the fire, stayed three rounds)."""
        return self.board.hazard_start(self.unit(name).radius)

    # --- snapshots --------------------------------------------------------------------
    def take_snapshot(self) -> Snapshot:
        return Snapshot(
            self.phase, self.round, self._turn, self._acted, self._turn_start,
            tuple(u.copy() for u in self.units.values()), tuple(self._order), self._outcome,
        )

    def restore(self, snap: Snapshot) -> None:
        self.phase, self.round, self._turn, self._acted = snap.phase, snap.round, snap.turn, snap.acted
        self._turn_start = snap.turn_start
        self._outcome = snap.outcome
        # In place, so UnitState objects and the units dict others hold stay the live ones.
        kept = {u.name for u in snap.units}
        for name in [n for n in self.units if n not in kept]:
            del self.units[name]  # a joiner taken back
        for u in snap.units:
            self.units[u.name].__dict__.update(u.__dict__)
        self._order = list(snap.order)
        self._occ = None  # the combatants changed back without reporting it: indexed again when next asked
        self._moved.clear()
        self._cache = {}  # rebound, not cleared: a clone may share the old one (Encounter.clone)


def threat_source(u: UnitState) -> ThreatSource:
    return ThreatSource(u.cell, u.radius, u.spec.reach_min, u.spec.reach)


def footprint_distance(state: EncounterState, a: Cell, ra: int, b: Cell, rb: int) -> int:
    """R1 between two disc footprints: centre distance minus both radii, never below 0."""
    return max(0, state.layout.distance(a, b) - ra - rb)

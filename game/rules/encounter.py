"""The encounter: one fight's state and its one rules path, as clients use it.

Humans, the AI and log replay all go through :meth:`Encounter.apply`. It
checks and applies in one pass on the live state and, if anything is
refused, restores the snapshot it took first, so a refused action leaves the
state exactly as it was (python-chess style push/pop on snapshots). It
returns :class:`~game.rules.events.Applied`: the action as recorded and the
events it caused.

Here: apply/check/undo/clone/sandbox, the predicates (``can_*``), the
previews and the next-turn queries. The state and the mechanics the
handlers share live in state.py; the handlers in resolve.py; the
preconditions in preconditions.py; the legal list in legal.py.

>>> enc = Encounter.from_scenario(scenario)            # doctest: +SKIP
>>> enc.apply(Begin()).events; enc.legal_actions()    # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Iterable
from typing import Any

import numpy as np

from .actions import DICE_ACTIONS, TURN_ACTIONS, Action, Attack, Disengage, Shoot, Shove
from .area import cast_centres, caught
from .attack_positions import attack_positions
from .combatant import Size
from .cover import cover_tile_name, covering
from .dice import dice_distribution
from .errors import IllegalActionError, RulesError
from .events import Applied
from .factions import FACTIONS
from .fire_zones import shot_centres
from .hexgrid import Cell
from .legal import legal_actions
from .limits import MAX_UNDO_ACTIONS
from .nextturn import attack_zone, enemy_reach_count, next_turn_attackers
from .outcome import Outcome
from .phases import ACTIVE, ENDED, SETUP
from .preconditions import (
    need_cell,
    need_dir,
    reason,
    require_action_left,
    require_attack,
    require_attack_target,
    require_cast,
    require_cast_centre,
    require_disengage,
    require_end_turn,
    require_face,
    require_flee,
    require_move,
    require_shoot,
    require_shoot_target,
    require_shove,
)
from .previews import (
    AttackPreview,
    CastPreview,
    DisengagePreview,
    PushPreview,
    ShootPreview,
    ShovePreview,
    ToHit,
    preview_attack,
    preview_attacks,
    preview_cast,
    preview_disengage,
    preview_push,
    preview_shoot,
    preview_shove,
)
from .ranged import shot_cover_by
from .ranged_danger import RangedDanger, RangedThreat, ranged_danger, ranged_danger_count, ranged_threats_at
from .resolve import HANDLERS
from .scenario import Scenario
from .sight import SightLine, blocking, sight_line, sight_lines, sight_map
from .state import EncounterState, Snapshot, threat_source
from .terrain import MovementType
from .threat import threatens
from .threat_zones import ThreatZones, ZoneMemo
from .unit_state import DEFEATED, FLED, UnitState

# Names other modules have always imported from here.
__all__ = ["ACTIVE", "DEFEATED", "ENDED", "FLED", "SETUP", "Encounter", "UnitState"]


class Encounter(EncounterState):
    """State of one encounter: read it through views and queries; change it only by :meth:`apply`."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self._undo: deque[Snapshot] = deque(maxlen=MAX_UNDO_ACTIONS)  # the oldest fall off (limits.py)
        # Every action applied, as recorded, with the events it caused (history holds the actions alone):
        # the combat log, the replay and the AI read what happened here instead of working it out again.
        self.records: list[Applied] = []

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Encounter:
        return cls(scenario)

    # --- reading ---------------------------------------------------------------------
    def map_properties(self, name: str) -> dict[str, object]:
        """The map-format properties (docs/map-format.md) that make ``name`` as it stands now: its map's (or
        join line's) own, with the GM's edits, and its facing, threatening and hp where they differ from them.

        Saving a setup as a map writes these (a map has no "hp now" apart from its starting hp)."""
        u = self.unit(name)
        spec = u.spec
        props = dict(spec.given) if spec.given else {k: v for k, v in spec.properties(self.layout).items()
                                                     if k != "name"}
        if u.facing != spec.facing:
            props["facing"] = self.layout.direction_names[u.facing]
        if u.threatening != spec.threatening:
            props["threatening"] = u.threatening
        if u.hp != spec.hp:
            props["hp"] = u.hp
            # A wound dealt in setup stays a wound in the saved map: its unhurt hit points are kept.
            # (Healed above it, the saved map's unhurt hit points rise with it, as they did before hp_max.)
            props["hp_max"] = max(spec.hp_max, u.hp)
        return props

    def is_over(self) -> bool:
        return self.phase == ENDED

    def outcome(self) -> Outcome | None:
        """None while the fight goes on (or has not begun); once ended, why and who won."""
        return self._outcome

    def threat_zones(self, memo: ZoneMemo | None = None) -> ThreatZones:
        """The bulk questions about this state (game.rules.threat_zones), remembering across states in ``memo``."""
        return ThreatZones(self, memo)

    def reach_flats(self, name: str) -> np.ndarray:
        """int [K], read-only: the flat index of every hex ``name`` could end a move on this turn, where it stands
        first (R4-R11): the cells ``threat_zones()``'s bulk questions take (a GM's "what could it strike")."""
        def make() -> np.ndarray:
            board = self.board
            ends = [board.flat(self.unit(name).cell),
                    *(board.flat(c) for c, _, _ in self.reach_for(name).destinations())]
            out = np.array(ends, dtype=np.int64)
            out.flags.writeable = False
            return out
        return self.cached(("reach_flats", name), make)

    def nearest_this_turn(self, name: str, target: str) -> int:
        """R1, R4-R11: the least distance between footprints ``name`` could stand from ``target`` after a move
        with the movement it has left this turn (where it stands counted), everyone else where they stand: how
        near a blow or a shot could come ("no nearer than distance 3 after its 5 movement"). In one array pass
        (a move of 1,000 on a 300x300 map ends on 90,000 hexes)."""
        u, t = self.unit(name), self.unit(target)
        d = self.threat_zones().distances(t.cell)[self.reach_flats(name)]
        return max(0, int(d.min()) - u.radius - t.radius)

    def turn_actions(self) -> list[Applied]:
        """What the current actor has done this turn, oldest first: its own moves, turns and action
        (:data:`TURN_ACTIONS`), as applied (with their events); GM actions in between are left out.
        Empty outside a turn."""
        name = self._turn
        if name is None:
            return []
        return [r for r in self.records[self._turn_start:] if isinstance(r.action, TURN_ACTIONS)
                and r.action.actor == name]

    def state_json(self) -> dict[str, Any]:
        """The document ``playmat state --json`` prints (docs/cli.md)."""
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
                "initiative": u.spec.initiative,  # R14: the order's reason, ties by map order
                "status": u.status,
                "threatening": u.threatening,
                **_kind_json(u),
                **_ranged_json(u),
                **self._turn_json(u),
            }
        return {"phase": self.phase, "round": self.round, "turn": self._turn, "order": self.order(), "units": units}

    def _turn_json(self, u: UnitState) -> dict[str, Any]:
        """``acted``: true on the combatant to act once it has used its one action (R16), and
        ``disengaged_from``: whom its disengage this turn broke away from (R23); absent otherwise."""
        out: dict[str, Any] = {}
        if u.name == self._turn and self._acted:
            out["acted"] = True
        if u.disengaged_from:
            out["disengaged_from"] = [n for n in self._order if n in u.disengaged_from]  # initiative order
        return out

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as a comparable value (for tests and undo checks)."""
        return (
            self.phase, self.round, self._turn, self._acted, tuple(self._order),
            tuple(u.copy() for u in self.units.values()),
            tuple(self.history),
        )

    def dice_rolled_this_turn(self) -> bool:
        """Whether the current actor has rolled dice this turn (an undo may not take a roll back)."""
        return any(isinstance(r.action, DICE_ACTIONS) for r in self.turn_actions())

    # --- threat ----------------------------------------------------------------------
    def threat_for(self, name: str) -> np.ndarray:
        """``[row, col]`` hexes that would stop ``name`` by ZoC now (none once exhausted; R9, R23)."""
        u = self.unit(name)
        if u.zoc_exhausted:
            return np.zeros((self.board.rows, self.board.cols), dtype=bool)
        return self.threat_mask_for(name)

    def threateners_of(self, name: str) -> list[str]:
        """R23: hostile threateners whose threat covers ``name`` where it stands now."""
        return [v.name for v in self.threateners(self.unit(name))]

    def threateners_of_hex(self, cell: Cell, name: str) -> list[str]:
        """Hostile threateners of ``name``, not disengaged from, whose threat covers ``cell`` (R8, R23)."""
        u = self.unit(name)
        return [
            v.name for v in self.units.values()
            if v.active and v.threatening and v.name not in u.disengaged_from
            and self.hostility.hostile(v.faction, u.faction) and threatens(self.board, threat_source(v), cell)
        ]

    # --- sight and cover (R30, R31) --------------------------------------------------------
    def sight_line(self, a: Cell, b: Cell) -> SightLine:
        """The segment between two hex centres: what it crosses and skirts, in order from ``a`` (R30)."""
        return sight_line(self.layout, a, b)

    def sight_report(self, a: Cell, b: Cell) -> dict[str, Any]:
        """What ``playmat sight`` prints: the line, whether ``a`` sees ``b``, what blocks it and what gives cover."""
        line = sight_line(self.layout, a, b)
        blocked = blocking(self.board, line)
        cover = covering(self.board, self.held_by_others(), line)
        return {"from": list(a), "to": list(b), "sight": not blocked, "crossed": [list(c) for c in line.crossed],
                "skirted": [[list(p), list(q)] for p, q in line.skirted], "blocked_by": [list(c) for c in blocked],
                "cover": [list(c) for c in cover],
                # who stands on each of those hexes (a combatant gives cover there), None: a cover tile (R31); and
                # the tile's name where the tile gives cover ("low wall"), None: no cover tile there, or no name
                "cover_by": [{"at": list(c), "combatant": self.standing_on(c),
                              "terrain": cover_tile_name(self.board, c)} for c in cover]}

    def sight_from(self, cell: Cell, rows: slice | None = None, cols: slice | None = None) -> np.ndarray:
        """``[rows, cols]`` bool over a window (default: the whole map): which hexes ``cell`` sees (R30).

        One numpy pass; the line tables are shared by every map of the layout and the blocking mask is
        kept per board (sight never depends on where combatants stand)."""
        return sight_map(self.board, cell, rows, cols)

    def sees(self, a: str, b: str) -> bool:
        """R30: some hex of ``a``'s footprint sees some hex of ``b``'s."""
        fa, fb = self.footprint(a), self.footprint(b)
        return any(not blocking(self.board, line)
                   for line in sight_lines(self.layout, [(x, y) for x in fa for y in fb]))

    def cast_centres(self, name: str) -> list[Cell]:
        """R32: every hex ``name`` may centre its area on from where it stands (uses left not counted)."""
        return cast_centres(self, self.unit(name))

    def caught_by(self, name: str, at: Cell) -> list[str]:
        """R32: who ``name``'s area centred on ``at`` would catch, in the order they are resolved."""
        u = self.unit(name)
        if u.spec.area is None:
            raise RulesError(f'"{name}" has no area ability (R32)')
        return [v.name for v in caught(self, at, u.spec.area.radius)]

    def targets(self, name: str) -> dict[str, Any]:
        """What ``playmat targets`` prints: whom ``name`` could shoot and where it could centre its area from where
        it stands now (range, sight, hostility and uses left; whose turn it is does not matter: a GM's question)."""
        u = self.unit(name)
        shoot = []
        profile = u.spec.ranged
        if profile is not None and u.active:
            for t in self.units.values():
                if not t.active or t.name == name or not self.hostility.hostile(u.faction, t.faction):
                    continue
                try:  # geometry, whoever's turn; the terms preview_shoot reads too, so the figures agree
                    _, terms = require_shoot_target(self, u, t.name, None)
                except IllegalActionError:
                    continue
                by = shot_cover_by(self, u, t, terms.fire.cover_hexes)
                shoot.append({"target": t.name, "needed": ToHit(terms.needed, profile.attack).roll_needed,
                              "cover": terms.fire.cover, "arc": terms.arc,
                              "cover_by": [{"at": list(g.cell), "combatant": g.combatant, "terrain": g.terrain}
                                           for g in by]})
        cast = []
        if u.spec.area is not None and u.active and u.area_uses_left > 0:
            for cell in cast_centres(self, u):
                who = caught(self, cell, u.spec.area.radius)
                # friendly fire (R32 catches every side): the caught not hostile to the caster, itself included,
                # as preview_cast's ``friendly`` says
                cast.append({"at": list(cell), "affects": [v.name for v in who],
                             "friendly": [v.name for v in who if not self.hostility.hostile(u.faction, v.faction)]})
        return {"unit": name, "shoot": shoot, "cast": cast}

    def attack_positions(self, name: str) -> np.ndarray:
        """``[row, col]``: centres ``name`` could stand on and attack, shoot or burst some hostile from, everyone
        else where they stand (R21, R28-R32); with ``reach_for``, whether it could ever get at anyone."""
        return attack_positions(self, name)

    def shot_centres(self, name: str, centres: np.ndarray, at: Cell, radius: int) -> np.ndarray:
        """``[row, col]`` bool, within the ``[row, col]`` mask ``centres``: where ``name``, centred there, could
        shoot a hostile of footprint ``radius`` (0 standard, 1 large, 2 giant) centred on ``at``, as play judges
        a shot (range from the footprints' edges, R26, R29; sight over the pairs of hexes in range, R30): a
        map's question, asked of places nobody need stand on now. ``centres`` must hold only hexes ``name``'s
        footprint could stand on (``attack_positions`` and ``reach_for`` give such hexes)."""
        mask = np.asarray(centres, dtype=bool)
        flats = np.flatnonzero(mask)
        out = np.zeros(mask.size, dtype=bool)
        out[flats] = shot_centres(self, name, flats, at, radius)
        return out.reshape(mask.shape)

    # --- next turn ----------------------------------------------------------------------
    def attack_zone(self, name: str) -> np.ndarray:
        """``[row, col]``: hexes where a standard-size combatant could be attacked by ``name`` next turn."""
        return attack_zone(self, name)

    def next_turn_attackers(self, cell: Cell, name: str) -> list[str]:
        """Hostiles that could move and attack ``name`` next turn if it stood at ``cell``."""
        return next_turn_attackers(self, cell, name)

    def enemy_reach_count(self, faction: str) -> np.ndarray:
        """``[row, col]`` int: how many hostiles of ``faction`` could attack a member standing there next turn."""
        if faction not in FACTIONS:
            raise RulesError(f'faction "{faction}" is not one of {", ".join(FACTIONS)}')
        return enemy_reach_count(self, faction)

    def ranged_danger(self, name: str, against: str | None = None) -> RangedDanger:
        """Where ``name`` could shoot (with what cover and odds) or catch in a burst a standard-size hostile next
        turn, after a fresh turn's move, everyone else where they stand (R29-R32); ``against`` names that hostile."""
        if against is not None:
            self.unit(against)  # a named error for an unknown name
        return ranged_danger(self, name, against)

    def ranged_danger_count(self, faction: str) -> np.ndarray:
        """``[row, col]`` int: how many hostiles of ``faction`` could shoot or burst a member there next turn."""
        if faction not in FACTIONS:
            raise RulesError(f'faction "{faction}" is not one of {", ".join(FACTIONS)}')
        return ranged_danger_count(self, faction)

    def ranged_threats_at(self, cell: Cell, name: str, among: Collection[str] | None = None) -> list[RangedThreat]:
        """The hostiles (of ``among``, default all) that could shoot ``name`` or catch it in a burst next turn if it
        stood at ``cell``, in initiative order."""
        return ranged_threats_at(self, cell, name, among)

    # --- predicates: None when allowed, else the reason the handler would give ------------
    def can_act(self, name: str, kind: str) -> str | None:
        """Whether ``name`` may take an action of ``kind`` (attack, shove, shoot, cast, disengage, flee) at all
        now: its turn, its one action unused (R16); the rest (a target, a hex) is the kind's own predicate's."""
        return reason(require_action_left, self, kind, name)

    def can_move_to(self, name: str, cell: Cell) -> str | None:
        return reason(require_move, self, name, cell)

    def can_face(self, name: str, direction: str) -> str | None:
        return reason(require_face, self, name, direction)

    def can_attack(self, name: str, target: str) -> str | None:
        return reason(require_attack, self, name, target)

    def can_attack_from(self, name: str, target: str, at: Cell | None = None) -> str | None:
        """Whether ``name`` could strike ``target`` from ``at`` (where it stands if None), whoever's turn it is and
        whether its action is spent (a GM's question, as :meth:`targets`): None, or the words ``apply`` refuses the
        attack with on its turn (not hostile, R3; out of its weapon's band, R21)."""
        return reason(require_attack_target, self, self.unit(name), target, at)

    def can_shoot_from(self, name: str, target: str, at: Cell | None = None) -> str | None:
        """Whether ``name`` could shoot ``target`` from ``at`` (where it stands if None), whoever's turn it is and
        whether its action is spent (a GM's question, as :meth:`can_attack_from`): None, or the words ``apply``
        refuses the shot with on its turn (no ranged attack, not hostile, R3; out of range, R29; no sight, R30)."""
        return reason(require_shoot_target, self, self.unit(name), target, at)

    def can_shove(self, name: str, target: str) -> str | None:
        return reason(require_shove, self, name, target)

    def can_shoot(self, name: str, target: str) -> str | None:
        return reason(require_shoot, self, name, target)

    def can_cast(self, name: str, at: Cell) -> str | None:
        return reason(require_cast, self, name, at)

    def can_cast_from(self, name: str, at: Cell, origin: Cell | None = None) -> str | None:
        """Whether ``name`` could centre its area on ``at`` standing on ``origin`` (where it stands if None),
        whoever's turn it is and whether its action is spent (a GM's question, as :meth:`can_shoot_from`): None,
        or the words ``apply`` refuses the cast with on its turn (no area ability or no uses left, beyond its area
        range, out of sight: R32)."""
        return reason(require_cast_centre, self, self.unit(name), at, origin)

    def can_disengage(self, name: str) -> str | None:
        return reason(require_disengage, self, name)

    def can_flee(self, name: str) -> str | None:
        return reason(require_flee, self, name)

    def can_end_turn(self) -> str | None:
        return reason(require_end_turn, self)

    # --- previews (change nothing) -------------------------------------------------------
    def preview_attack(self, attacker: str, target: str, at: Cell | None = None) -> AttackPreview:
        return preview_attack(self, attacker, target, at)

    def preview_attacks(self, attacker: str, target: str, cells: Iterable[Cell]) -> list[AttackPreview]:
        """``preview_attack`` from each of ``cells``, in order (faster than asking one by one)."""
        return preview_attacks(self, attacker, target, cells)

    def preview_shove(self, attacker: str, target: str, at: Cell | None = None,
                      facing: str | None = None) -> ShovePreview:
        index = None if facing is None else need_dir(self, "shove", facing)
        return preview_shove(self, attacker, target, at, index)

    def preview_shoot(self, attacker: str, target: str, at: Cell | None = None) -> ShootPreview:
        """R29-R31: arc, cover, threatened-shooter penalty, roll needed, hit, damage and defeat chances."""
        return preview_shoot(self, attacker, target, at)

    def preview_cast(self, caster: str, at: Cell, origin: Cell | None = None) -> CastPreview:
        """R32-R33: who a burst on ``at`` catches, each one's odds, expected damage and push; from ``origin``
        (default: where the caster stands), the caster imagined standing there, as ``preview_shoot(at=...)``
        imagines the shooter: its range, sight and cover are judged from there, and the burst catches and
        stops pushes at it there, not where it stands now."""
        here = self.unit(caster).cell
        if origin is None or tuple(origin) == tuple(here):
            return preview_cast(self, caster, at)
        cell = need_cell(self, "cast", origin, "origin")
        if not self.board.is_on_map(cell):
            raise IllegalActionError(f"cast: origin {cell[0]},{cell[1]} is off the map")
        there = self.clone()
        there._cache = {}  # its own derived values: the caster stands elsewhere in it
        there.units[caster].cell = cell
        return preview_cast(there, caster, at)

    def preview_disengage(self, name: str, skill: str) -> DisengagePreview:
        return preview_disengage(self, name, skill)

    def preview_push(self, name: str, direction: str, distance: int) -> PushPreview:
        """The GM's push (R12): where ``name`` would land, its path and hazard, and what stops it short."""
        return preview_push(self, name, direction, distance)

    # --- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Actions open to the current actor (plus ``begin`` in setup); see :func:`legal.legal_actions`."""
        return legal_actions(self)

    # --- apply / check / undo -------------------------------------------------------------
    def apply(self, action: Action) -> Applied:
        """Apply a legal action; return it as recorded (rolls, damage, path filled in) with its events.

        IllegalActionError (a RulesError) says why an action is refused; the
        state is then exactly as before.
        """
        snap = self.take_snapshot()
        self._events = []
        try:
            recorded = self._dispatch(action)
        except BaseException:
            self.restore(snap)
            self._events = []
            raise
        self._undo.append(snap)
        return self._record(recorded)

    def _apply_unguarded(self, action: Action) -> Applied:
        """:meth:`apply` for a replay that throws this encounter away when an action is refused.

        The same legality check and the same change, but no snapshot: a refused action leaves the state
        half-changed (use the encounter no more), and the action cannot be undone. A replay applies all but
        its last ``MAX_UNDO_ACTIONS`` actions so, and those with :meth:`apply`: the same state and the same
        undo as applying every one, without copying every combatant for each line (with 200 combatants
        that copying was most of the time a 100,000-line log took to replay).
        """
        self._events = []
        return self._record(self._dispatch(action))

    def _record(self, recorded: Action) -> Applied:
        # The cache describes the state as it is now; a changed state starts a new one.
        self._cache = {}
        self.follow_changes()
        self.history.append(recorded)
        events, self._events = tuple(self._events), []
        applied = Applied(recorded, events)
        self.records.append(applied)
        return applied

    def check(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else the reason it is refused. The state is unchanged."""
        try:
            self.clone()._dispatch(action)  # on a copy: references into this state stay valid
        except RulesError as exc:
            return str(exc)
        return None

    @property
    def undo_depth(self) -> int:
        """How many of the last actions :meth:`undo` can still take back (at most ``MAX_UNDO_ACTIONS``)."""
        return len(self._undo)

    def undo(self) -> Action:
        """Take back the last applied action and return it (one of the last ``MAX_UNDO_ACTIONS``)."""
        if not self._undo:
            if self.history:
                raise IllegalActionError(f"undo: only the last {MAX_UNDO_ACTIONS} actions can be taken back")
            raise IllegalActionError("there is nothing to undo")
        self.restore(self._undo.pop())
        self.records.pop()
        return self.history.pop()

    def clone(self) -> Encounter:
        other = Encounter.__new__(Encounter)
        other.__dict__.update(self.__dict__)
        other.units = {n: u.copy() for n, u in self.units.items()}
        other._order = list(self._order)
        other.history = list(self.history)
        other.records = list(self.records)
        other._undo = deque(self._undo, maxlen=MAX_UNDO_ACTIONS)  # snapshots are never mutated
        # Same state, same derived values: the clone shares the cache until either changes
        # (_dispatch and restore give the changing one a cache of its own), so what a policy
        # works out on its sandbox (reach, views) serves the real encounter's legality check.
        other._cache = self._cache
        other._events = []
        other._occ, other._moved = None, []  # its combatants are copies, nobody's indexed ones
        return other

    def sandbox(self, rng: random.Random) -> Encounter:
        """A clone whose unrolled dice come from ``rng``, never from this encounter's seeded dice.

        The AI and any search by simulation use this: what they try on it
        cannot reveal the rolls the real encounter will make.
        """
        other = self.clone()
        other._dice_seed = f"sandbox:{rng.getrandbits(64)}"
        return other

    def outcomes(self, action: Action) -> list[tuple[float, Action]]:
        """Every dice outcome of an attack, shot, shove or disengage as a fully rolled action with its probability.

        Other actions have one outcome (a cast too: its outcomes multiply with everyone it catches; weigh
        it by :meth:`preview_cast`'s per-target odds). Misses (and failures) are one entry
        with the lowest roll; hits one per damage total with the lowest
        hitting roll. Nothing is applied.
        """
        if isinstance(action, Attack) and action.roll is None:
            p = self.preview_attack(action.unit, action.target)
            out: list[tuple[float, Action]] = []
            if p.hit_chance < 1:
                out.append((1 - p.hit_chance, Attack(action.unit, action.target, 1)))
            if p.hit_chance > 0:
                u = self.unit(action.unit)
                dist = {action.damage: 1.0} if action.damage is not None else dice_distribution(u.spec.damage)
                out.extend((p.hit_chance * q, Attack(action.unit, action.target, p.roll_needed, dmg))
                           for dmg, q in dist.items())
            return out
        if isinstance(action, Shoot) and action.roll is None:
            sp = self.preview_shoot(action.unit, action.target)
            shots: list[tuple[float, Action]] = []
            if sp.hit_chance < 1:
                shots.append((1 - sp.hit_chance, Shoot(action.unit, action.target, 1)))
            if sp.hit_chance > 0:
                ranged = self.unit(action.unit).spec.ranged
                assert ranged is not None
                dist = {action.damage: 1.0} if action.damage is not None else dice_distribution(ranged.damage)
                shots.extend((sp.hit_chance * q, Shoot(action.unit, action.target, sp.roll_needed, dmg))
                             for dmg, q in dist.items())
            return shots
        if isinstance(action, Shove) and action.roll is None:
            s = self.preview_shove(action.unit, action.target)
            return _two_way(s.hit_chance, s.roll_needed, lambda roll: Shove(action.unit, action.target, roll))
        if isinstance(action, Disengage) and action.roll is None:
            d = self.preview_disengage(action.unit, action.skill)
            return _two_way(d.chance, d.roll_needed,
                            lambda roll: Disengage(action.unit, action.method, action.skill, roll))
        return [(1.0, action)]

    def _dispatch(self, action: Action) -> Action:
        # What is known of the state before the change stays usable for the checks; anything
        # worked out while it changes lands in this state's own copy, never in a clone's cache.
        self._cache = dict(self._cache)
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not an action")
        if self.phase == ENDED:
            raise IllegalActionError(f"{action.KIND}: combat is over")
        recorded = handler(self, action)
        if self.phase == ACTIVE:
            self.auto_end()
            if self.phase == ACTIVE and self._turn is not None and not self.units[self._turn].active:
                self.next_turn(self._turn)  # R24, R25: the turn passes on
        return recorded


def _kind_json(u: UnitState) -> dict[str, Any]:
    """``state --json``'s keys for what sets a combatant apart from a plain one, present only where it
    differs (so a plain combatant's document is the one adjudication.md shows): ``movement_type`` when
    not ground (R5: where it may go), ``size`` when not standard (R26) and ``reach`` ``[min, max]`` when
    its band is not ``[1, 1]`` (R8: a pike's ``[2, 2]`` threatens no adjacent hex)."""
    out: dict[str, Any] = {}
    s = u.spec
    if s.movement_type is not MovementType.GROUND:
        out["movement_type"] = s.movement_type.label
    if s.size is not Size.STANDARD:
        out["size"] = s.size.label
    if (s.reach_min, s.reach) != (1, 1):
        out["reach"] = [s.reach_min, s.reach]
    return out


def _ranged_json(u: UnitState) -> dict[str, Any]:
    """``state --json``'s R29/R32 fields, present only for a combatant that has them (so the document of a
    map without ranged combatants is as before): ``ranged`` and ``area`` with its ``uses_left``."""
    out: dict[str, Any] = {}
    r, a = u.spec.ranged, u.spec.area
    if r is not None:
        out["ranged"] = {"min": r.min_range, "max": r.max_range, "attack": r.attack, "damage": r.damage}
    if a is not None:
        out["area"] = {"range": a.range, "radius": a.radius, "attack": a.attack, "damage": a.damage,
                       "push": a.push, "uses": a.uses, "uses_left": u.area_uses_left}
    return out


def _two_way(chance: float, roll_needed: int, make: Any) -> list[tuple[float, Action]]:
    out: list[tuple[float, Action]] = []
    if chance < 1:
        out.append((1 - chance, make(1)))
    if chance > 0:
        out.append((chance, make(roll_needed)))
    return out



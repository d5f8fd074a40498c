"""What one decision sees, as numpy arrays over the board: the actor, its reach, hostile threat, walking distance.

Everything here is read from the public engine API (views, reach, the board's
arrays and neighbour table): the AI knows what a player at the table knows,
never the encounter's coming dice. Arrays are flat (``row * cols + col``)
with one extra slot at the end standing for "off the grid".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import numpy as np

from game.rules import (
    ARC_FLANK,
    ARC_FRONT,
    ARC_REAR,
    SIDE_BITS,
    UNREACHABLE,
    Applied,
    Attack,
    Cast,
    CombatantView,
    Disengage,
    EncounterView,
    EndTurn,
    Flee,
    Moved,
    Shoot,
    Shove,
    TurnStarted,
    ZoneMemo,
    arc_penalties,
    dice_distribution,
    hit_chance,
    sides_toward,
    worst_arcs,
)

if TYPE_CHECKING:
    from .initiative import Initiative

INF = UNREACHABLE  # the engine's cost of a hex no one can reach
T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801 -- functools' name, as it stands in for it
    """``functools.cached_property`` without its lock: on Python 3.11 it takes one at every first read,
    a dozen a decision. The value is kept in the instance's ``__dict__``, which later reads find first.
    Two threads reading at once would both work it out, to the same value (Python 3.12 dropped the lock
    for the same reason)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached_property[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object, owner: type | None = None) -> T | cached_property[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


STRIKES = (Attack, Shove, Shoot, Cast)  # the actions that deal damage


@dataclass(frozen=True)
class DamageDice:
    """A damage expression's distribution: its mean, and its mean when capped at some hit points."""

    faces: tuple[tuple[int, float], ...]

    @classmethod
    def of(cls, expr: str) -> DamageDice:
        """The distribution of ``expr``."""
        return cls(tuple(sorted(dice_distribution(expr).items())))

    @cached_property
    def mean(self) -> float:
        return sum(v * p for v, p in self.faces)

    def capped_mean(self, hp: int) -> float:
        return sum(min(v, hp) * p for v, p in self.faces)

    def at_least(self, hp: int) -> float:
        return sum(p for v, p in self.faces if v >= hp)


@dataclass
class Threat:
    """One hostile's next-turn threat to the actor: where it could stand, whom it could choose from."""

    view: CombatantView
    can_end: np.ndarray  # bool [N + 1]: where it could end a move next turn (its fresh budget)
    zone: np.ndarray  # bool [N + 1]: where it could attack (strike or shoot) the actor next turn
    share: float  # 1 / the number of combatants it could choose between (MegaMek PR #7736)
    per_penalty: dict[int, float]  # expected damage of its blow against the actor, by arc kind
    melee: np.ndarray  # bool [N + 1]: where it could strike the actor with its weapon band
    shot: dict[int, float]  # a shooter's expected damage by arc kind; kind + 3: the actor in cover (R31)
    burst: np.ndarray | None = None  # bool [N + 1]: where a caster's burst could catch the actor next turn (R32)
    burst_damage: float = 0.0  # the burst's expected damage to the actor when it is caught (no arcs, R32)


class Situation:
    """The decision of the combatant whose turn it is, on one encounter state."""

    def __init__(self, enc: EncounterView, reply_model: float = 0.0, memo: ZoneMemo | None = None,
                 dice: dict[str, DamageDice] | None = None) -> None:
        self.enc = enc
        self.reply_model = reply_model
        every = enc.views()
        if enc.turn is None:
            raise ValueError("nobody's turn: there is no decision to make")
        self.me = enc.view(enc.turn)
        self.board = enc.board
        self.layout = enc.layout
        # The engine's bulk queries on this state, remembering across states in the policy's ``memo``.
        self.zones = zones = enc.threat_zones(memo)
        self.n, self.q, self.r, self.nt = zones.n, zones.q, zones.r, zones.nt
        self.distances, self.dist_from = zones.distances, zones.dist_from
        active = [v for v in every if v.active]
        self.by_name = {v.name: v for v in active}
        mine = enc.hostile_factions(self.me.faction)  # hostility is mutual: the factions hostile to the actor
        self.hostiles = [v for v in active if v.faction in mine]
        self.friends = [
            v for v in active
            if v.name != self.me.name and v.faction not in mine and enc.hostile_factions(v.faction) & mine
        ]
        self.friend_names = {v.name for v in self.friends}
        self.reach = enc.reach_for(self.me.name)
        self.cells = np.flatnonzero(self.reach.can_end.ravel())  # where the actor may end (here included)
        self.here = self.board.flat(self.me.cell)
        self.arc_penalty = arc_penalties(enc.scenario)  # by arc kind: front, flank, rear (R19)
        # Damage distributions by expression: the same few recur all game (the policy passes its own).
        self._dice: dict[str, DamageDice] = {} if dice is None else dice
        # The policy's reading of the records, kept in its memo between decisions (None: read afresh).
        self._clock: StrikeClock | None = None
        if memo is not None:
            clock = memo.notes.setdefault("strike clock", StrikeClock())
            self._clock = clock if isinstance(clock, StrikeClock) else None
        self._memo: dict[object, Any] = {}
        self._punches: dict[int, tuple[CombatantView, float]] = {}

    # --- small helpers ---------------------------------------------------------------
    def dice(self, expr: str) -> DamageDice:
        if expr not in self._dice:
            self._dice[expr] = DamageDice.of(expr)
        return self._dice[expr]

    def cell(self, flat: int) -> tuple[int, int]:
        return self.board.cell_of(int(flat))

    @cached_property
    def damage_room(self) -> int:
        """More damage than the blows the AI adds up against one combatant can deal (at most one blow, shot or
        burst of each combatant on the board, and the actor's own): no damage distribution needs more room."""
        exprs = [e for v in self.by_name.values()
                 for e in (v.damage, v.ranged.damage if v.ranged else None, v.area.damage if v.area else None) if e]
        most = max((self.dice(e).faces[-1][0] for e in exprs if self.dice(e).faces), default=0)
        return (len(self.by_name) + 1) * max(most, 0) + 1

    def hp_room(self, v: CombatantView) -> int:
        """``v``'s hit points as its damage distributions count them, no more than :attr:`damage_room`: a GM may
        set 1,000,000,000 (R21), and a distribution that long took 7.5 GB; past what the blows can deal, its
        chance of defeat is 0 and its expected damage the same either way."""
        return min(v.hp, self.damage_room)

    def dpr(self, v: CombatantView, defense: float) -> float:
        """Expected damage per round of ``v`` against a front-facing defence: its blow or its shot, the better."""
        melee = hit_chance(v.attack, round(defense), 0) * self.dice(v.damage).mean
        if v.ranged is None:
            return melee
        return max(melee, hit_chance(v.ranged.attack, round(defense), 0) * self.dice(v.ranged.damage).mean)

    def punch(self, v: CombatantView) -> float:
        """Mean damage of ``v``'s better weapon (melee or ranged), for comparing the sides' strength."""
        # Asked of every combatant several times a decision (the sides' strength, near and in all):
        # remembered by the view itself (the entry holds it, so its id is not reused).
        hit = self._punches.get(id(v))
        if hit is not None and hit[0] is v:
            return hit[1]
        mean = self.dice(v.damage).mean
        out = mean if v.ranged is None else max(mean, self.dice(v.ranged.damage).mean)
        self._punches[id(v)] = (v, out)
        return out

    def value(self, v: CombatantView) -> float:
        """What a combatant is worth to its side: its damage over three rounds, plus one."""
        key = ("value", v)
        if key not in self._memo:
            foes = self.hostiles if v.faction == self.me.faction or v.name == self.me.name else [self.me, *self.friends]
            defense = sum(f.defense for f in foes) / len(foes) if foes else 10
            worth = 3.0 * self.dpr(v, defense) + 1.0
            if v.area is not None and v.area_uses_left:
                # Each burst left is worth a blow at one combatant, at least (R32).
                burst = hit_chance(v.area.attack, round(defense), 0) * self.dice(v.area.damage).mean
                worth += min(3, v.area_uses_left) * burst
            self._memo[key] = worth
        return self._memo[key]

    @cached_property
    def quiet_rounds(self) -> float:
        """Rounds since anybody last attacked, shoved, shot or cast (turns ended / combatants on the board)."""
        ended = 0
        for action in reversed(self.enc.history):
            if isinstance(action, STRIKES):
                break
            ended += isinstance(action, EndTurn)
        return ended / max(1, len(self.by_name))

    @cached_property
    def idle_turns(self) -> int:
        """The actor's turns (this one included) since the fight began and since it last struck.

        The fight begins with the first attack, shove, shot or burst of anyone; read from the
        engine's records, newest first, stopping at the actor's own last blow.
        """
        clock = self._clock
        if clock is None:
            return idle_turns_in(self.enc.records, self.me.name)
        return clock.idle(self.enc.records, self.me.name)

    @cached_property
    def left_hexes(self) -> list[tuple[int, int]]:
        """Hexes the actor would shuffle back to by ending its turn there without striking.

        The hexes it stood on earlier this turn (p -> q -> p within a turn), and
        the hex it started its last turn on when that turn moved it and struck
        nothing (p -> q -> p across turns), read from the engine's records.
        """
        turns = self._my_last_turns()
        now = self.me.cell
        out = self._stood_on(turns[0], now)
        if len(turns) == 2 and turns[1]:
            start = self._quiet_start(turns[1], now)
            if start is not None:
                out.append(start)
        return sorted(set(out))

    def _my_last_turns(self) -> list[list[Applied]]:
        """The engine's records, newest first, split at the actor's turn starts: this turn's (back to its
        start), then, when there are older ones, those back to the start of its turn before (or of the
        battle): what others did in between included."""
        me = self.me.name
        turns: list[list[Applied]] = [[]]
        for rec in reversed(self.enc.records):
            turns[-1].append(rec)
            for e in rec.events:  # a plain loop: a round's records are read at every decision
                if isinstance(e, TurnStarted) and e.unit == me:
                    break
            else:
                continue
            if len(turns) == 2:
                break
            turns.append([])
        return turns

    def _stood_on(self, records: list[Applied], now: tuple[int, int]) -> list[tuple[int, int]]:
        """The hexes the actor's moves in ``records`` began or ended on, other than where it stands ``now``."""
        me = self.me.name
        out: list[tuple[int, int]] = []
        for rec in records:
            for e in rec.events:
                if isinstance(e, Moved) and e.unit == me:
                    out += [c for c in (e.path[0], e.path[-1]) if c != now]
        return out

    def _quiet_start(self, records: list[Applied], now: tuple[int, int]) -> tuple[int, int] | None:
        """The hex the actor began its last turn on (``records``, newest first), when that turn moved it
        away and struck nothing (no attack, shove, shot, burst, disengage or flight) and it is not there
        ``now``; otherwise None."""
        me = self.me.name
        mine = [r for r in records if getattr(r.action, "unit", None) == me]
        moves = [e for r in records for e in r.events if isinstance(e, Moved) and e.unit == me]
        struck = any(isinstance(r.action, Attack | Shove | Shoot | Cast | Disengage | Flee) for r in mine)
        if not moves or struck:
            return None
        start = moves[-1].path[0]  # newest first: the last listed is its turn's first move
        if start != moves[0].path[-1] and start != now:
            return start
        return None

    @cached_property
    def side_ratio(self) -> float:
        """The actor's side's strength over its hostiles' (hit points x mean damage, everyone on the board)."""
        def strength(units: list[CombatantView]) -> float:
            return sum(u.hp * self.punch(u) for u in units)

        foes = strength(self.hostiles)
        return strength([self.me, *self.friends]) / foes if foes else INF

    @cached_property
    def others_at(self) -> list[tuple[CombatantView, int]]:
        """Every other combatant on the board with the flat index of its hex, in map order."""
        return [(v, self.board.flat(v.cell)) for v in self.by_name.values() if v.name != self.me.name]

    # --- hostile threat ------------------------------------------------------------------
    @cached_property
    def threats(self) -> list[Threat]:
        """The hostiles that could possibly attack the actor next turn, wherever it ends this one.

        A hostile with a ranged profile is asked twice: where it could strike
        (its weapon band) and where it could shoot (within its longest range
        of where it could end; sight is judged later, from where it stands).
        """
        me = self.me
        asks: list[tuple[CombatantView, int]] = []
        bands: list[tuple[CombatantView, int | None, int | None]] = []
        for h in self.hostiles:
            band = self.zones.zone_band(h, me)
            rband = None if h.ranged is None else h.ranged.max_range + h.radius + me.radius
            # A burst centred within its range of the caster's footprint catches the actor's footprint
            # within its radius of the centre (R32): centre to centre, range + radius + both radii.
            aband = (h.area.range + h.area.radius + h.radius + me.radius
                     if h.area is not None and h.area_uses_left > 0 else None)
            longest = max(band, rband or 0, aband or 0)
            span = me.movement + h.movement_max + longest + 1
            from_h = self.distances(h.cell)
            if from_h[self.here] > span:
                continue
            # Each step costs at least 1, so its zone lies within movement + band of where it stands.
            if from_h[self.cells].min() > h.movement_max + longest:
                continue
            asks.append((h, band))
            asks += [(h, b) for b in (rband, aband) if b is not None]
            bands.append((h, rband, aband))
        answers = iter(self.zones.next_turn_reaches(asks))
        out = []
        for h, rband, aband in bands:
            can, zone = next(answers)
            rzone = next(answers)[1] if rband is not None else None
            azone = next(answers)[1] if aband is not None else None
            anywhere = zone if rzone is None else zone | rzone
            anywhere = anywhere if azone is None else anywhere | azone
            if not anywhere[self.cells].any():
                continue
            from_h = self.distances(h.cell)
            # Whom it could choose between: those in its reach now, and the actor's friends
            # that can step into it this round too (they go in together).
            foes = self.enc.hostile_factions(h.faction)
            others = [
                v for v, at in self.others_at
                if v.faction in foes and (
                    anywhere[at]
                    or (v.name in self.friend_names
                        and from_h[at] <= v.movement_max + h.movement_max + h.reach + 1))
            ]
            if self.reply_model:
                # Hard: the hostile is expected to pick the target its blow is worth most
                # against (damage, plus the chance to kill x worth), in proportion to that worth
                # raised to ``reply_model`` (the larger, the surer it picks the best).
                k = float(self.reply_model)
                mine = self.lure(h, me) ** k
                share = mine / max(1e-9, mine + sum(self.lure(h, v) ** k for v in others))
            else:
                share = 1.0 / (1 + len(others))
            mean = self.dice(h.damage).mean
            per = {kind: hit_chance(h.attack, me.defense, self.arc_penalty[kind]) * mean
                   for kind in (ARC_FRONT, ARC_FLANK, ARC_REAR)}
            shot: dict[int, float] = {}
            if h.ranged is not None:
                rmean = self.dice(h.ranged.damage).mean
                for kind in (ARC_FRONT, ARC_FLANK, ARC_REAR):
                    shot[kind] = hit_chance(h.ranged.attack, me.defense, self.arc_penalty[kind]) * rmean
                    # In cover the target's defence is raised by the map's cover bonus (R31).
                    shot[kind + 3] = hit_chance(h.ranged.attack, me.defense + self.enc.scenario.cover_bonus,
                                                self.arc_penalty[kind]) * rmean
            burst = 0.0
            if h.area is not None and azone is not None:
                burst = hit_chance(h.area.attack, me.defense, 0) * self.dice(h.area.damage).mean
            out.append(Threat(h, can, anywhere, share, per, zone, shot, azone, burst))
        return out

    def lure(self, h: CombatantView, v: CombatantView) -> float:
        """What a blow of ``h`` is worth against ``v``: expected damage plus chance to defeat x worth."""
        dice = self.dice(h.damage)
        hit = hit_chance(h.attack, v.defense, 0)
        return hit * (dice.capped_mean(v.hp) + dice.at_least(v.hp) * self.value(v)) + 1e-3

    def danger(self, flats: np.ndarray) -> np.ndarray:
        """``[hostile, cell, facing]``: expected damage each hostile deals the actor next round there.

        Facing 6 is a reference: every blow taken on the front arc.

        Each hostile's blow where it could strike (:meth:`_melee_zones`), from the worst arc it could
        strike from (:meth:`_strike_sides`, R17-R19); then where a shot or a burst of it would do more;
        for `normal`, discounted by who acts before it (R14).
        """
        threats = self.threats
        out = np.zeros((len(threats), len(flats), 7))
        if not threats:
            return out
        zones = self._melee_zones(flats)
        worst = worst_arcs(self._strike_sides(zones, flats))  # [hostile, cell, facing]: for each facing at once
        per = np.array([[t.per_penalty[ARC_FRONT], t.per_penalty[ARC_FLANK], t.per_penalty[ARC_REAR]] for t in threats])
        shares = np.array([t.share for t in threats])
        blows = per.ravel()[worst + 3 * np.arange(len(threats))[:, None, None]] * shares[:, None, None]
        out[:, :, :6] = np.where(zones[:, :, None], blows, 0.0)
        out[:, :, 6] = np.where(zones, (per[:, 0] * shares)[:, None], 0.0)
        for i, t in enumerate(threats):
            if t.shot:
                self._shots_at(out[i], t, flats)
            if t.burst is not None:
                self._burst_at(out[i], t, flats)
        if not self.reply_model:  # normal: who acts before each hostile (initiative.py, R14)
            out *= np.stack([self.initiative.factor(t, flats) for t in threats])[:, :, None]
        return out

    def _melee_zones(self, flats: np.ndarray) -> np.ndarray:
        """``[hostile, cell]``: could the hostile strike the actor there next round, with its weapon.

        A threatening polearm keeps a shorter-weapon hostile off: to get within its
        own reach the hostile must enter the polearm's band and stop there (R9),
        unless it already stands within that band.
        """
        me = self.me
        zones = np.stack([t.melee for t in self.threats])[:, flats]
        for i, t in enumerate(self.threats):
            h = t.view
            if me.threatening and me.reach_min >= 2 and h.reach < me.reach_min:
                zones[i] &= self.dist_from(h.cell, flats) - me.radius - h.radius <= me.reach
        return zones

    def _strike_sides(self, zones: np.ndarray, flats: np.ndarray) -> np.ndarray:
        """``[hostile, cell]``: the sides of the actor's hex (``SIDE_BITS``) each hostile could strike from.

        A one-hex hostile with a reach of 1 (against a one-hex actor) can strike from each neighbour
        it could stand on, and picks the worst for the defender given the facing (R17-R19); a hostile
        with a longer weapon (or either of them larger than one hex) is taken to strike from where it
        stands now.
        """
        me, threats = self.me, self.threats
        bits = np.zeros(zones.shape, dtype=np.int64)
        melee = []
        for i, t in enumerate(threats):
            h = t.view
            if h.reach == 1 and h.radius == 0 and me.radius == 0:
                melee.append(i)
            elif zones[i].any():
                bits[i] = sides_toward(self.layout, self.q[flats], self.r[flats], h.cell) @ SIDE_BITS
        if melee:
            # Could it strike from that side: could it stand on the neighbour across it?
            stands = np.stack([threats[i].can_end for i in melee])[:, self.nt[flats]]  # [hostile, cell, side]
            bits[melee] = stands @ SIDE_BITS
        return bits

    @cached_property
    def initiative(self) -> Initiative:
        """The order of play seen from this decision: who acts between the actor and each hostile."""
        from .initiative import Initiative  # it reads Situation's threats: imported when first asked

        return Initiative(self)

    def _burst_at(self, out: np.ndarray, t: Threat, flats: np.ndarray) -> None:
        """A caster's expected burst damage to the actor where a burst could catch it, into ``out`` where it
        is more than its blow (one action: a blow or a burst, R32). No arcs, so every facing alike.

        Whom the caster chooses: a burst aimed at the actor also catches its friends standing within
        two radii of it, so the actor's share of the caster's choices grows with each of them (a
        cluster is the burst's best target; issue 18: on generated map 114, game 1014, hard's caster
        stepped in beside its two friends and one burst took it off the board in round 1).
        """
        assert t.burst is not None and t.view.area is not None
        inside = np.flatnonzero(t.burst[flats])
        if not inside.size:
            return
        cells, me, radius = flats[inside], self.me, t.view.area.radius
        caught = np.ones(len(cells))
        for f in self.friends:
            caught += self.dist_from(f.cell, cells) - f.radius - me.radius <= 2 * radius
        value = t.burst_damage * np.minimum(1.0, t.share * caught)
        out[inside, :] = np.maximum(out[inside, :], value[:, None])

    def _shots_at(self, out: np.ndarray, t: Threat, flats: np.ndarray) -> None:
        """A shooter's expected damage ``[cell, facing]`` where it could shoot the actor, into ``out`` where it is
        more than its blow: from where it stands now (arc, sight, cover, R18, R30, R31); a hex it does not
        see from there counts half (it must move to see it)."""
        inside = np.flatnonzero(t.zone[flats])
        if not inside.size:
            return
        h, cells = t.view, flats[inside]
        assert h.ranged is not None
        # Sight and cover from where it stands, for the hexes within its range of there (farther ones
        # it must walk to see anyway).
        near = self.dist_from(h.cell, cells) <= h.ranged.max_range + h.radius + self.me.radius
        seen = np.zeros(len(cells), dtype=bool)
        covered = np.zeros(len(cells), dtype=bool)
        seen[near], covered[near] = self.zones.exposure(h, self.me, cells[near])
        kinds = worst_arcs(sides_toward(self.layout, self.q[cells], self.r[cells], h.cell) @ SIDE_BITS)
        table = np.array([t.shot[k] for k in range(6)])
        shots = table[kinds + 3 * covered[:, None]] * np.where(seen, 1.0, 0.5)[:, None] * t.share
        out[inside, :6] = np.maximum(out[inside, :6], shots)
        out[inside, 6] = np.maximum(out[inside, 6], table[3 * covered] * np.where(seen, 1.0, 0.5) * t.share)

    # --- walking: the engine's bulk queries ------------------------------------------------------
    @cached_property
    def pits(self) -> np.ndarray:
        """Flat indices of the hazards and chasms: where a shove can hurt (R12, R22)."""
        return self.zones.shove_pits()

    @cached_property
    def enter_cost(self) -> np.ndarray:
        """float [N + 1]: the actor's cost to step onto each centre; INF where it may not or a hostile stands."""
        return self.zones.enter_cost(self.me)

    @cached_property
    def attack_hexes(self) -> np.ndarray:
        """bool [N + 1]: centres from which the actor could attack some hostile (its band, R21), or shoot
        one (in range and in sight, R29, R30)."""
        hexes = self.zones.strike_hexes(self.me)
        if self.me.ranged is not None:
            hexes = hexes | (self.zones.shoot_hexes(self.me) & (self.enter_cost < INF))
        return hexes

    @cached_property
    def walk(self) -> np.ndarray:
        """float [N + 1]: walking cost from each candidate hex to the nearest attack hex."""
        return self.zones.walk_to(self.me, self.cells, self.attack_hexes)

    @cached_property
    def walk_exit(self) -> np.ndarray:
        """float [N + 1]: walking cost from each candidate hex to the nearest hex it could flee from (R24)."""
        exits = self.zones.exit_hexes(self.me) & (self.enter_cost < INF)
        return self.zones.walk_to(self.me, self.cells, exits)

    @cached_property
    def safe_walk_exit(self) -> np.ndarray:
        """float [N + 1]: :attr:`walk_exit` with every hex some hostile could attack the actor on next turn
        costing one more step: a way out that keeps clear of the hostiles counts shorter than one past them."""
        exits = self.zones.exit_hexes(self.me) & (self.enter_cost < INF)
        if not exits.any() or not self.threats:
            return self.walk_exit
        toll = np.zeros(len(exits))
        for t in self.threats:
            toll[t.zone] = 1.0
        return self.zones.walk_to(self.me, self.cells, exits, toll)


def idle_turns_in(records: Sequence[Applied], me: str) -> int:
    """:attr:`Situation.idle_turns` read from ``records`` newest first, stopping at ``me``'s own last blow."""
    mine = 0  # its turns started, counted back from now
    idle = 0  # ... up to the earliest blow seen so far (anyone's)
    for rec in reversed(records):
        action = rec.action
        if isinstance(action, STRIKES):
            if action.unit == me:
                return mine
            idle = mine
        for e in rec.events:
            if isinstance(e, TurnStarted) and e.unit == me:
                mine += 1
    return idle


class StrikeClock:
    """:func:`idle_turns_in` for every combatant, read forward and kept between a policy's decisions.

    With nobody's blow yet, or none of the actor's own, the newest-first reading goes through the whole
    game's records at every decision (a twentieth of `normal`'s time on the 64x64 timing maps). This
    keeps the counts up to some record: turns each combatant started, and how many it had started when
    it last struck and when the first blow of anyone fell. A question reads only the records since; the
    counts move on once those are many. Records are shared by identity between an encounter and its
    clones, so a clone's question reads on from the same counts; records that are not those counted
    (another game, an undo) are counted afresh.
    """

    KEEP_UP = 16  # records read past the counts before they move on

    def __init__(self) -> None:
        self.counts = Counts()  # replaced whole, never changed in place: a reader always sees one moment

    def idle(self, records: Sequence[Applied], me: str) -> int:
        """Turns ``me`` started since its last blow, else since the first blow of anyone; 0 before any."""
        c = self.counts
        if c.n > len(records) or (c.n and records[c.n - 1] is not c.last):
            c = Counts()  # not the records counted: start again
        if len(records) - c.n > self.KEEP_UP:
            c = self.counts = c.read_on(records)
        turns, at_blow = c.turns.get(me, 0), c.at_blow.get(me)
        at_first = None if c.at_first is None else c.at_first.get(me, 0)
        for i in range(c.n, len(records)):
            rec = records[i]
            for e in rec.events:
                if isinstance(e, TurnStarted) and e.unit == me:
                    turns += 1
            action = rec.action
            if isinstance(action, STRIKES):
                if at_first is None:
                    at_first = turns
                if action.unit == me:
                    at_blow = turns
        if at_blow is not None:
            return turns - at_blow
        return 0 if at_first is None else turns - at_first


@dataclass(frozen=True)
class Counts:
    """:class:`StrikeClock`'s counts up to some record."""

    n: int = 0  # records counted
    last: Applied | None = None  # the last of them (its identity says the records are the same)
    turns: dict[str, int] = field(default_factory=dict)  # turns started, by combatant
    at_blow: dict[str, int] = field(default_factory=dict)  # its turns started when it last struck
    at_first: dict[str, int] | None = None  # everyone's, when the first blow of anyone fell

    def read_on(self, records: Sequence[Applied]) -> Counts:
        """The counts up to the last of ``records`` (which hold these counts' records first)."""
        turns, at_blow, at_first = dict(self.turns), dict(self.at_blow), self.at_first
        for i in range(self.n, len(records)):
            rec = records[i]
            for e in rec.events:
                if isinstance(e, TurnStarted):
                    turns[e.unit] = turns.get(e.unit, 0) + 1
            action = rec.action
            if isinstance(action, STRIKES):
                if at_first is None:
                    at_first = dict(turns)
                at_blow[action.unit] = turns.get(action.unit, 0)
        return Counts(len(records), records[-1] if records else None, turns, at_blow, at_first)

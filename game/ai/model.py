"""What one decision sees, as numpy arrays over the board: the actor, its reach, hostile threat, walking distance.

Everything here is read from the public engine API (views, reach, the board's
arrays and neighbour table): the AI knows what a player at the table knows,
never the encounter's coming dice. Arrays are flat (``row * cols + col``)
with one extra slot at the end standing for "off the grid".
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

import numpy as np

from game.rules import (
    ARC_FLANK,
    ARC_FRONT,
    ARC_REAR,
    SIDE_BITS,
    Attack,
    CombatantView,
    Encounter,
    EndTurn,
    MovementType,
    Shove,
    Terrain,
    arc_penalties,
    dice_distribution,
    hit_chance,
    sides_toward,
    worst_arcs,
)

from .grid import Window, grow_stack, reach_flat

INF = 1e9
@dataclass(frozen=True)
class DamageDice:
    """A damage expression's distribution: its mean, and its mean when capped at some hit points."""

    faces: tuple[tuple[int, float], ...]

    @classmethod
    @lru_cache(maxsize=256)
    def of(cls, expr: str) -> DamageDice:
        """The distribution of ``expr``; remembered (the same few expressions recur all game)."""
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
    zone: np.ndarray  # bool [N + 1]: where it could attack the actor next turn
    share: float  # 1 / the number of combatants it could choose between (MegaMek PR #7736)
    per_penalty: dict[int, float]  # expected damage against the actor, by defence penalty


class ReachAsk(NamedTuple):
    """A hostile's next-turn reach the memo did not know: where to answer it, and what it depends on."""

    index: int  # its place among the questions asked together
    hostile: CombatantView
    band: int
    start: int  # flat index where it stands
    cost: np.ndarray  # float [N + 1]: its step costs, the actor's side closed (R4)
    threat: np.ndarray  # bool [N + 1]: where the actor's side stops it (R9)
    held: np.ndarray  # bool [N + 1]: where it may not end (its friends, R4)
    key: tuple  # the memo key: all of the above that matters, as values


class Memo:
    """A bounded least-recently-used map from a question's full inputs (as values) to its answer.

    Answers are pure functions of their keys, so what is remembered changes
    only the speed, never a decision: a batch gives byte-identical results in
    one process, in worker processes or on a cluster.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: Hashable, value: Any) -> None:
        self._data[key] = value
        if len(self._data) > self.size:
            self._data.popitem(last=False)

    def clear(self) -> None:
        self._data.clear()


# A hostile's next-turn reach is asked again and again: by each decision of a turn, by each
# combatant near it, in game after game of a batch; about half the questions are repeats.
REACH_MEMO = Memo(4096)
GRID_MEMO = Memo(1024)  # windows, discs and tables: functions of the grid's geometry alone
DISTANCE_MEMO = Memo(1024)
TERRAIN_MEMO = Memo(64)  # step costs per board, movement type and footprint
GEOMETRIES: dict[tuple[int, int, Any], int] = {}


class Situation:
    """The decision of the combatant whose turn it is, on one encounter state."""

    def __init__(self, enc: Encounter, reply_model: float = 0.0) -> None:
        self.enc = enc
        self.reply_model = reply_model
        every = enc.views()
        self.me = enc.view(enc.turn)
        self.board = enc.board
        self.layout = enc.layout
        self.n = self.board.rows * self.board.cols
        # The grid's shape and layout as a small int, for the memo keys (a layout hashes slowly).
        self.geometry = GEOMETRIES.setdefault((self.board.rows, self.board.cols, self.layout), len(GEOMETRIES))
        active = [v for v in every if v.active]
        self.by_name = {v.name: v for v in active}
        mine = enc.hostile_factions(self.me.faction)  # hostility is mutual: the factions hostile to the actor
        self.hostiles = [v for v in active if v.faction in mine]
        self.friends = [
            v for v in active
            if v.name != self.me.name and v.faction not in mine and enc.hostile_factions(v.faction) & mine
        ]
        self.friend_names = {v.name for v in self.friends}
        self.q, self.r, self.nt = self._grid_tables()
        self.reach = enc.reach_for(self.me.name)
        self.cells = np.flatnonzero(self.reach.can_end.ravel())  # where the actor may end (here included)
        self.here = self.board.flat(self.me.cell)
        self.arc_penalty = arc_penalties(enc.scenario)  # by arc kind: front, flank, rear (R19)
        self._dice: dict[str, DamageDice] = {}
        self._memo: dict[object, Any] = {}

    def _grid_tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Axial q and r per flat index and the neighbour table, with the off-grid slot N (geometry only)."""
        key = ("tables", self.geometry)
        tables = GRID_MEMO.get(key)
        if tables is None:
            q, r = self.layout.axial_arrays()
            nt = self.board.neighbor_table
            tables = (np.append(q.ravel(), 10**6), np.append(r.ravel(), 10**6), np.where(nt < 0, self.n, nt))
            for t in tables:
                t.flags.writeable = False
            GRID_MEMO.put(key, tables)
        return tables

    # --- small helpers ---------------------------------------------------------------
    def dice(self, expr: str) -> DamageDice:
        if expr not in self._dice:
            self._dice[expr] = DamageDice.of(expr)
        return self._dice[expr]

    def cell(self, flat: int) -> tuple[int, int]:
        return self.board.cell_of(int(flat))

    def dist_from(self, cell: tuple[int, int], flats: np.ndarray) -> np.ndarray:
        """R1 hex distance from ``cell`` to each flat index."""
        return self.distances(cell)[flats]

    def distances(self, cell: tuple[int, int]) -> np.ndarray:
        """int [N + 1], read-only: R1 hex distance from ``cell`` to every hex (huge to the off-grid slot).

        Remembered per cell: the same few cells (where the combatants stand) are asked about
        many times in every decision.
        """
        at = self.board.flat(cell)
        key = (self.geometry, at)
        row = DISTANCE_MEMO.get(key)
        if row is None:
            dq = self.q - self.q[at]
            dr = self.r - self.r[at]
            row = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
            row.flags.writeable = False
            DISTANCE_MEMO.put(key, row)
        return row

    def dpr(self, v: CombatantView, defense: float) -> float:
        """Expected damage per round of ``v`` against a front-facing defence."""
        return hit_chance(v.attack, round(defense), 0) * self.dice(v.damage).mean

    def value(self, v: CombatantView) -> float:
        """What a combatant is worth to its side: its damage over three rounds, plus one."""
        key = ("value", v)
        if key not in self._memo:
            foes = self.hostiles if v.faction == self.me.faction or v.name == self.me.name else [self.me, *self.friends]
            defense = sum(f.defense for f in foes) / len(foes) if foes else 10
            self._memo[key] = 3.0 * self.dpr(v, defense) + 1.0
        return self._memo[key]

    @cached_property
    def quiet_rounds(self) -> float:
        """Rounds since anybody last attacked or shoved (turns ended / combatants on the board)."""
        ended = 0
        for action in reversed(self.enc.history):
            if isinstance(action, Attack | Shove):
                break
            ended += isinstance(action, EndTurn)
        return ended / max(1, len(self.by_name))

    @cached_property
    def side_ratio(self) -> float:
        """The actor's side's strength over its hostiles' (hit points x mean damage, everyone on the board)."""
        def strength(units: list[CombatantView]) -> float:
            return sum(u.hp * self.dice(u.damage).mean for u in units)

        foes = strength(self.hostiles)
        return strength([self.me, *self.friends]) / foes if foes else INF

    # --- hostile threat ------------------------------------------------------------------
    @cached_property
    def threats(self) -> list[Threat]:
        """The hostiles that could possibly attack the actor next turn, wherever it ends this one."""
        me = self.me
        asks: list[tuple[CombatantView, int]] = []
        for h in self.hostiles:
            span = me.movement + h.movement_max + h.reach + me.radius + h.radius + 1
            from_h = self.distances(h.cell)
            if from_h[self.here] > span:
                continue
            band = h.reach + h.radius + me.radius
            # Each step costs at least 1, so its zone lies within movement + band of where it stands.
            if from_h[self.cells].min() > h.movement_max + band:
                continue
            asks.append((h, band))
        out = []
        for (h, _band), (can, zone) in zip(asks, self.next_turn_reaches(asks), strict=True):
            if not zone[self.cells].any():
                continue
            from_h = self.distances(h.cell)
            # Whom it could choose between: those in its reach now, and the actor's friends
            # that can step into it this round too (they go in together).
            foes = self.enc.hostile_factions(h.faction)
            others = [
                v for v in self.by_name.values()
                if v.name != me.name and v.faction in foes and (
                    zone[self.board.flat(v.cell)]
                    or (v.name in self.friend_names
                        and from_h[self.board.flat(v.cell)] <= v.movement_max + h.movement_max + h.reach + 1))
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
            out.append(Threat(h, can, zone, share, per))
        return out

    def lure(self, h: CombatantView, v: CombatantView) -> float:
        """What a blow of ``h`` is worth against ``v``: expected damage plus chance to defeat x worth."""
        dice = self.dice(h.damage)
        hit = hit_chance(h.attack, v.defense, 0)
        return hit * (dice.capped_mean(v.hp) + dice.at_least(v.hp) * self.value(v)) + 1e-3

    def danger(self, flats: np.ndarray) -> np.ndarray:
        """``[hostile, cell, facing]``: expected damage each hostile deals the actor next round there.

        Facing 6 is a reference: every blow taken on the front arc.

        The arc: a melee hostile can strike from each neighbour it could stand on,
        and picks the worst for the defender given the facing (R17-R19); a hostile
        with a longer weapon is taken to strike from where it stands now. A
        threatening polearm keeps a shorter-weapon hostile off: to get within its
        own reach the hostile must enter the polearm's band and stop there (R9),
        unless it already stands within that band.
        """
        me, threats = self.me, self.threats
        out = np.zeros((len(threats), len(flats), 7))
        if not threats:
            return out
        zones = np.stack([t.zone for t in threats])[:, flats]  # [hostile, cell]
        bits = np.zeros(zones.shape, dtype=np.int64)  # [hostile, cell]: the sides it could strike from
        melee = []
        for i, t in enumerate(threats):
            h = t.view
            if me.threatening and me.reach_min >= 2 and h.reach < me.reach_min:
                zones[i] &= self.dist_from(h.cell, flats) - me.radius - h.radius <= me.reach
            if h.reach == 1 and h.radius == 0 and me.radius == 0:
                melee.append(i)
            elif zones[i].any():
                bits[i] = sides_toward(self.layout, self.q[flats], self.r[flats], h.cell) @ SIDE_BITS
        if melee:
            # Could it strike from that side: could it stand on the neighbour across it?
            stands = np.stack([threats[i].can_end for i in melee])[:, self.nt[flats]]  # [hostile, cell, side]
            bits[melee] = stands @ SIDE_BITS
        # [hostile, cell, facing]: the worst arc it could strike from, for each facing at once.
        worst = worst_arcs(bits)
        per = np.array([[t.per_penalty[ARC_FRONT], t.per_penalty[ARC_FLANK], t.per_penalty[ARC_REAR]] for t in threats])
        shares = np.array([t.share for t in threats])
        blows = per.ravel()[worst + 3 * np.arange(len(threats))[:, None, None]] * shares[:, None, None]
        out[:, :, :6] = np.where(zones[:, :, None], blows, 0.0)
        out[:, :, 6] = np.where(zones, (per[:, 0] * shares)[:, None], 0.0)
        return out

    # --- walking and next-turn reach, estimated with axial sweeps (grid.py) -----------------
    def footprint_cost(self, movement_type: str, radius: int) -> np.ndarray:
        """float [N + 1], read-only: cost for a footprint of ``radius`` to step its centre onto each hex
        (INF: may not). The terrain never changes, so it is worked out once per board."""
        def make() -> np.ndarray:
            mt = MovementType[movement_type.upper()]
            cost = np.append(self.board.cost[mt].ravel().astype(float), INF)
            cost[cost < 1] = INF
            if radius:
                fp = self.board.footprint_table(radius)
                cost = np.append(cost[np.where(fp < 0, self.n, fp)].max(axis=1), INF)
            return cost

        return self._per_board(("cost", movement_type, radius), make)

    def _per_board(self, key: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
        """A read-only array that depends on the board's terrain alone, made once per board (TERRAIN_MEMO)."""
        full = (id(self.board), key)
        hit = TERRAIN_MEMO.get(full)
        if hit is not None and hit[0] is self.board:  # the entry holds the board: its id is not reused
            return hit[1]
        value = make()
        value.flags.writeable = False
        TERRAIN_MEMO.put(full, (self.board, value))
        return value

    def held_by(self, units: list[CombatantView], radius: int) -> np.ndarray:
        """bool [N + 1]: centres where a footprint of ``radius`` would overlap one of ``units``."""
        held = np.zeros(self.n + 1, dtype=bool)
        held[[self.board.flat(v.cell) for v in units]] = True  # the centres; footprints below
        for v in units:
            if v.radius:
                held[self.hexes_of(v)] = True
        if radius:
            fp = self.board.footprint_table(radius)
            held = np.append(held[np.where(fp < 0, self.n, fp)].any(axis=1), False)
        return held

    def hexes_of(self, v: CombatantView) -> np.ndarray:
        """Flat indices of the hexes ``v``'s footprint covers (R26; always on the map)."""
        at = self.board.flat(v.cell)
        if not v.radius:
            return np.array([at])
        row = self.board.footprint_table(v.radius)[at]
        return row[row >= 0]

    def window_around(self, flat: int, margin: int) -> Window:
        """:meth:`window` of the one hex ``flat``."""
        q, r = int(self.q[flat]), int(self.r[flat])
        return self._spanning((q - margin, r - margin), (q + margin, r + margin))

    def window(self, cells: np.ndarray, margin: int) -> Window:
        lo = (int(self.q[cells].min()) - margin, int(self.r[cells].min()) - margin)
        hi = (int(self.q[cells].max()) + margin, int(self.r[cells].max()) + margin)
        return self._spanning(lo, hi)

    def _spanning(self, lo: tuple[int, int], hi: tuple[int, int]) -> Window:
        """The axial rectangle from ``lo`` to ``hi``, remembered by the grid's geometry and those bounds."""
        key = (self.geometry, lo, hi)
        win = GRID_MEMO.get(key)
        if win is None:
            win = Window.spanning(self.q[: self.n], self.r[: self.n], lo, hi, self.layout.direction_vectors)
            GRID_MEMO.put(key, win)
        return win

    def _grow(self, held: np.ndarray, radius: int) -> np.ndarray:
        """bool [N + 1]: centres where a footprint of ``radius`` would overlap a ``held`` hex."""
        if not radius:
            return held
        fp = self.board.footprint_table(radius)
        return np.append(held[np.where(fp < 0, self.n, fp)].any(axis=1), False)

    def _faction_view(self, faction: str, movement_type: str, radius: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """What every member of ``faction`` of one movement type and size moves through next turn:
        step costs with its hostiles' hexes closed (R4), the hexes its hostiles threaten (R9), both
        for centres of a footprint of ``radius``; and the hexes its friends hold (radius 0)."""
        key = ("faction", faction, movement_type, radius)
        if key not in self._memo:
            hostile = self.enc.hostile_factions(faction)
            foes = [v for v in self.by_name.values() if v.faction in hostile]
            friends = [v for v in self.by_name.values() if v.faction not in hostile]
            cost = self.footprint_cost(movement_type, radius).copy()
            cost[self.held_by(foes, radius)] = INF
            threat = self._grow(np.append(self.enc.threat_against(faction).ravel(), False), radius)
            self._memo[key] = (cost, threat, self.held_by(friends, 0))
        return self._memo[key]

    def disc_flats(self, start: int, radius: int) -> np.ndarray:
        """Flat indices of the board's hexes within ``radius`` of flat ``start`` (R1), in index order."""
        key = ("disc", self.geometry, start, radius)
        disc = GRID_MEMO.get(key)
        if disc is None:
            win = self.window_around(start, radius)
            disc = win.flats[self.distances(self.cell(start))[win.flats] <= radius]
            GRID_MEMO.put(key, disc)
        return disc

    def next_turn_reaches(self, asks: list[tuple[CombatantView, int]]) -> list[tuple[np.ndarray, np.ndarray]]:
        """For each (hostile ``h``, ``band``): where ``h`` could end a move next turn (full movement),
        and the hexes within ``band`` of those.

        Its own movement type and footprint; the actor's side blocks it (R4) and
        that side's threat stops it (R9; it starts free, R10). Both bool [N + 1],
        read-only (they may be shared through :data:`REACH_MEMO`). The questions
        not remembered are swept together, one window per hostile (grid.reach_flat).
        """
        out: list[tuple[np.ndarray, np.ndarray] | None] = []
        todo = []
        for h, band in asks:
            start = self.board.flat(h.cell)
            cost, threat, friends = self._faction_view(h.faction, h.movement_type, h.radius)
            held = friends.copy()
            held[self.hexes_of(h)] = False  # its own hexes do not keep it from ending there
            held = self._grow(held, h.radius)
            # Everything the answer depends on, as values: the same question asked again (the next
            # decision of this turn, the next combatant's, the next game's) is answered from memory.
            # Every step costs at least 1, so only the hexes within its movement of where it stands
            # can matter: a change farther off (often the actor's own move) asks nothing new.
            disc = self.disc_flats(start, h.movement_max)
            key = (self.geometry, start, h.movement_max, band,
                   cost[disc].tobytes(), np.packbits(threat[disc]).tobytes(), np.packbits(held[disc]).tobytes())
            hit = REACH_MEMO.get(key)
            if hit is None:
                todo.append(ReachAsk(len(out), h, band, start, cost, threat, held, key))
            out.append(hit)
        if todo:
            self._sweep_reaches(todo, out)
        return out  # type: ignore[return-value]

    def _sweep_reaches(self, todo: list[ReachAsk], out: list) -> None:
        """Answer the questions not remembered in one stack of windows (grid.reach_flat), and remember them."""
        # One window shape for all: each centred on its hostile, wide enough for the farthest
        # reach among them (a wider window changes no answer: nothing beyond is reachable).
        margin = max(a.hostile.movement_max + a.band + 1 for a in todo)
        wins = [self.window_around(a.start, margin) for a in todo]
        width = 2 * margin + 3  # the padded window's side
        size = width * width
        base = np.arange(len(todo)) * size
        cost_w = np.full(len(todo) * size, INF)
        stops_w = np.zeros(len(todo) * size, dtype=bool)
        for b, win, a in zip(base, wins, todo, strict=True):
            cost_w[b + win.at] = a.cost[win.flats]
            stops_w[b + win.at] = a.threat[win.flats]
        vectors = self.layout.direction_vectors
        budgets = np.array([a.hostile.movement_max for a in todo])
        dist = reach_flat(cost_w, stops_w, base + margin + 1 + (margin + 1) * width, budgets, vectors, width)
        grown = np.full(len(todo) * size, INF)
        cans = []
        for b, win, a in zip(base, wins, todo, strict=True):
            can = np.zeros(self.n + 1, dtype=bool)
            can[win.flats] = dist[b + win.at] < INF
            can &= ~a.held
            can[a.start] = True
            can[self.n] = False
            cans.append(can)
            grown[b + win.at[can[win.flats]]] = 0.0
        grown = grow_stack(grown.reshape(len(todo), width, width), np.array([a.band for a in todo]), vectors).ravel()
        for b, win, can, a in zip(base, wins, cans, todo, strict=True):
            zone = np.zeros(self.n + 1, dtype=bool)
            zone[win.flats] = grown[b + win.at] < INF
            can.flags.writeable = False
            zone.flags.writeable = False
            REACH_MEMO.put(a.key, (can, zone))
            out[a.index] = (can, zone)

    @cached_property
    def pits(self) -> np.ndarray:
        """Flat indices of the hazards and chasms: where a shove can hurt (R12, R22); once per board."""
        def make() -> np.ndarray:
            terrain = self.board.terrain.ravel()
            return np.flatnonzero((terrain == Terrain.HAZARD) | (terrain == Terrain.CHASM))

        return self._per_board("pits", make)

    @cached_property
    def enter_cost(self) -> np.ndarray:
        """float [N + 1]: the actor's cost to step onto each centre; INF where it may not or a hostile stands."""
        cost = self.footprint_cost(self.me.movement_type, self.me.radius).copy()
        cost[self.held_by(self.hostiles, self.me.radius)] = INF
        return cost

    @cached_property
    def attack_hexes(self) -> np.ndarray:
        """bool [N + 1]: centres from which the actor could attack some hostile (its band, R21)."""
        me = self.me
        goal = np.zeros(self.n + 1, dtype=bool)
        for h in self.hostiles:
            d = self.distances(h.cell) - me.radius - h.radius
            goal |= (d >= me.reach_min) & (d <= me.reach)
        goal &= self.enter_cost < INF
        goal[self.n] = False
        return goal

    @cached_property
    def walk(self) -> np.ndarray:
        """float [N + 1]: walking cost from each candidate hex to the nearest attack hex (see :meth:`walk_to`)."""
        return self.walk_to(self.attack_hexes)

    @cached_property
    def walk_exit(self) -> np.ndarray:
        """float [N + 1]: walking cost from each candidate hex to the nearest hex it could flee from (R24)."""
        exits = np.append(self.board.exit.ravel(), False)
        if self.me.radius:
            fp = self.board.footprint_table(self.me.radius)
            exits = np.append(exits[np.where(fp < 0, self.n, fp)].any(axis=1), False)
        return self.walk_to(exits & (self.enter_cost < INF))

    def walk_to(self, goal: np.ndarray) -> np.ndarray:
        """float [N + 1]: walking cost from the actor's candidate hexes to the nearest ``goal`` hex.

        Swept in a window around the candidates and the nearest goal (a margin
        for detours); INF where no goal is reachable inside it.
        """
        goals = np.flatnonzero(goal[: self.n])
        if not goals.size:
            return np.full(self.n + 1, INF)
        nearest = goals[int(np.argmin(self.dist_from(self.me.cell, goals)))]
        cells = np.append(self.cells, nearest)
        win = self.window(cells, 6)
        width = win.w + 2
        size = (win.h + 2) * width
        goal_w = np.zeros(size, dtype=bool)
        goal_w[win.at] = goal[win.flats]
        cost_w = np.full(size, INF)
        cost_w[win.at] = self.enter_cost[win.flats]
        settle = (self.r[self.cells] - win.r0 + 1) * width + (self.q[self.cells] - win.q0 + 1)
        dist = win.distance_to(goal_w, cost_w, settle)
        out = np.full(self.n + 1, INF)
        out[win.flats] = dist[win.at]
        return out

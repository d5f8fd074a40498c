"""Who acts before the hostiles do: next round's danger and support read through the order of play (R14).

A hostile's blow next round falls when its own turn comes. The friends whose turns come
between the actor's and that hostile's (initiative order, R14: the cycle from the actor's
turn round to the hostile's) have moved by then; the others have not. So, at a hex the hostile
could strike:

- whom it chooses between is the combatants in its reach by its turn: those within it now,
  and the friends acting before it who can strike it on their turn (they walk in, so they
  stand in its reach too). The threat's own count (every friend who could step in, whatever
  the order) is kept where it is the larger: a combatant whose hostile acts right after it,
  with no friend in between, keeps the caution it had;
- a hostile those friends engage has foes at hand when its turn comes: at a hex it could strike
  only by walking away from them, each of them counts twice among its choices (it strikes there
  only if it leaves the foes who struck it first, in its reach without a step);
- the friends acting before it may defeat it first: its blow counts times the chance it
  lives to act (each such friend strikes it with one over the number of hostiles it could
  strike, a fair guess at its pick);
- a friend who acts before every hostile that could strike the hex, and can come within two
  hexes of it on its turn, supports it as one standing there now does.

A player's words for it: "my halberdiers move in before the orcs act, so I go in with them".
Reach and order come from the engine (``order``, ``ThreatZones.next_turn_reaches``); the hit
chance from ``hit_chance``. Used by ``normal`` only (``Situation.danger`` and ``Positions``' support
apply it where ``reply_model`` is unset): ``hard`` has its own model of whom a hostile picks and
of what its friends defeat first (reply, deny). Measured on tuning maps only: docs/ai-tuning.md.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from game.rules import CombatantView, hit_chance

from .dice import blow, combine


class Threat(Protocol):
    """What this reading asks of one of model.py's threats (model.py builds the reading, so it is not imported)."""

    view: CombatantView  # the hostile
    zone: np.ndarray  # bool [N + 1]: the hexes it could strike next turn
    share: float  # the share of its blow the actor was counted


class Situation(Protocol):
    """What this reading asks of model.py's Situation (one decision's view of the board)."""

    @property
    def me(self) -> CombatantView: ...
    @property
    def friends(self) -> list[CombatantView]: ...
    @property
    def hostiles(self) -> list[CombatantView]: ...
    @property
    def by_name(self) -> dict[str, CombatantView]: ...
    @property
    def threats(self) -> Any: ...
    @property
    def enc(self) -> Any: ...
    @property
    def board(self) -> Any: ...
    @property
    def zones(self) -> Any: ...
    def dice(self, expr: str) -> Any: ...
    def hp_room(self, v: CombatantView) -> int: ...
    def dist_from(self, cell: tuple[int, int], flats: np.ndarray) -> np.ndarray: ...
    def distances(self, cell: tuple[int, int]) -> np.ndarray: ...


class Initiative:
    """The order-of-play view of one decision: who acts between the actor and each hostile."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        order = sit.enc.order()
        me = sit.me.name
        i = order.index(me) if me in order else 0
        # The cycle from the actor's turn round to its next one: every other combatant acts once (R14).
        self.slot = {name: k for k, name in enumerate(order[i + 1:] + order[:i])}
        self._zones: dict[tuple[str, int], np.ndarray] = {}
        self._flats: dict[str, int] = {}  # by hostile: the flat index of its hex
        self._scalar: dict[str, tuple[float, int, int]] = {}  # by hostile: (share ratio x chance to live,
        # engagers, others in its reach by its turn)

    def _zone(self, f: CombatantView, band: int) -> np.ndarray:
        """bool [N + 1]: the hexes within ``band`` of where friend ``f`` could end its next move (the engine's)."""
        key = (f.name, band)
        if key not in self._zones:
            self._ask([(f, band)])
        return self._zones[key]

    def _ask(self, pairs: list[tuple[CombatantView, int]]) -> None:
        """Ask the engine at once for those of ``pairs`` (friend, band) not yet known: the sweeps of friends
        not remembered are stacked into one, and a friend asked with two bands is swept once."""
        todo = list({(f.name, band): (f, band) for f, band in pairs if (f.name, band) not in self._zones}.values())
        if todo:
            for (f, band), (_, zone) in zip(todo, self.sit.zones.next_turn_reaches(todo), strict=True):
                self._zones[(f.name, band)] = zone

    def _strikes(self, f: CombatantView, h: CombatantView) -> bool:
        """Could friend ``f`` strike hostile ``h`` on its coming turn (walk, then its weapon band)?"""
        if not self._may_strike(f, h):
            return False
        zone = self._zone(f, self.sit.zones.zone_band(f, h))
        return bool(zone[self.sit.board.flat(h.cell)])

    def _may_strike(self, f: CombatantView, h: CombatantView) -> bool:
        """False where ``f`` surely cannot strike ``h`` next turn, without asking for its reach: every step
        costs at least 1, so its zone lies within its movement and band of where it stands."""
        flat = self._flats.get(h.name)
        if flat is None:
            flat = self._flats[h.name] = self.sit.board.flat(h.cell)
        return bool(self.sit.distances(f.cell)[flat] <= f.movement_max + self.sit.zones.zone_band(f, h))

    def before(self, h: CombatantView) -> list[CombatantView]:
        """The friends whose turns come after the actor's and before ``h``'s."""
        k = self.slot.get(h.name, len(self.slot))
        return [f for f in self.sit.friends if self.slot.get(f.name, len(self.slot)) < k]

    def factor(self, t: Threat, flats: np.ndarray) -> np.ndarray:
        """What the actor's danger from ``t`` is multiplied by at each of ``flats``: its share by its turn
        over the share the threat counted (every friend who could step in, whatever the order), less where
        it must walk away from its engagers, times its chance to live."""
        sit, h = self.sit, t.view
        if h.name not in self._scalar:
            foes = sit.enc.hostile_factions(h.faction)
            may = [f for f in self.before(h) if self._may_strike(f, h)]  # the others surely cannot strike it
            self._ask([(f, sit.zones.zone_band(f, h)) for f in may])
            engage = [f for f in may if self._strikes(f, h)]
            there = {v.name for v in sit.by_name.values()
                     if v.name != sit.me.name and v.faction in foes and t.zone[sit.board.flat(v.cell)]}
            there |= {f.name for f in engage}
            share = 1.0 / (1 + len(there))
            lives = 1.0 - self._defeat(h, engage)
            # Never more than the threat counted: it already shares among the friends who could step in;
            # the order only tells which of them surely will (a combatant with no friend acting before the
            # hostile keeps the caution it had).
            self._scalar[h.name] = (lives * min(1.0, share / max(1e-9, t.share)), len(engage), len(there))
        ratio, engaged, there_n = self._scalar[h.name]
        out = np.full(len(flats), ratio)
        if engaged:
            # Out of its weapon band from where it stands now: it must walk (from foes at hand) to strike there.
            walks = sit.dist_from(h.cell, flats) > sit.zones.zone_band(h, sit.me)
            out[walks] *= (1 + there_n) / (1 + there_n + engaged)
        return out

    def _defeat(self, h: CombatantView, engage: list[CombatantView]) -> float:
        """The chance the friends acting before ``h`` defeat it first, each striking it with one over the
        number of hostiles it could strike."""
        sit = self.sit
        room = sit.hp_room(h)
        dist = np.zeros(room + 1)
        dist[0] = 1.0
        self._ask([(f, sit.zones.zone_band(f, o)) for f in engage for o in sit.hostiles if self._may_strike(f, o)])
        for f in engage:
            picks = max(1, sum(self._strikes(f, o) for o in sit.hostiles))
            mine = blow(room, hit_chance(f.attack, h.defense, 0), sit.dice(f.damage).faces)
            none = np.zeros(room + 1)
            none[0] = 1.0
            dist = combine(dist, mine / picks + none * (1 - 1 / picks))
        return float(dist[-1])

    def support(self, flats: np.ndarray, friends: np.ndarray) -> np.ndarray:
        """``friends`` (the count within 2 now, per hex) with the friends who come within 2 before any
        hostile that could strike the hex acts; unchanged where no hostile could strike."""
        sit, me = self.sit, self.sit.me
        if not sit.threats:
            return friends
        zones = np.stack([t.zone[flats] for t in sit.threats])  # [hostile, hex]
        slots = np.array([self.slot.get(t.view.name, len(self.slot)) for t in sit.threats])
        first = np.where(zones, slots[:, None], len(self.slot)).min(axis=0)  # the first to strike each hex
        threatened = zones.any(axis=0)
        out = friends.copy()
        # The hexes each friend would add support at if it could come within 2 there; a friend whose
        # movement and band fall short of all of them (every step costs at least 1) is not asked about.
        wanted = []
        # Each friend is at least its distance from the actor's hex less ``spread`` from each of the hexes
        # (R1 is a metric): one farther than its movement and band from all of them is not looked at.
        here = sit.board.flat(me.cell)
        spread = int(sit.distances(me.cell)[flats].max()) if len(flats) else 0
        for f in sit.friends:
            band = 2 + f.radius + me.radius
            if int(sit.distances(f.cell)[here]) - spread > f.movement_max + band:
                continue
            dist = sit.dist_from(f.cell, flats)
            may = threatened & (self.slot.get(f.name, len(self.slot)) < first) & (dist - f.radius - me.radius > 2)
            if may.any() and dist[may].min() <= f.movement_max + band:
                wanted.append((f, band, may))
        self._ask([(f, band) for f, band, _ in wanted])
        for f, band, may in wanted:
            out += may & self._zone(f, band)[flats]
        return out

"""What a tactical turn is worth by where it ends: the position terms of every hex the actor may end on.

:class:`Positions` scores, with numpy, every end hex at once (and every facing there): next round's
danger and chance of dying, the walk still needed to a fight, support, shielding a wounded friend, the
lane a large friend needs, a retreat when the fight is lost, a shuffle back. :class:`Candidate` is one
whole turn (its actions, end hex, facing and named terms). ``caution``, ``small_fight`` and ``pressing``
say how much the danger counts. Split from tactical.py (which builds and ranks the candidates) so each
reads on its own; no behaviour changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from game.rules import Action

from .model import INF, Situation, cached_property
from .weights import Weights

RETREAT_TURNS = 3  # a retreat counts the distance from the hostiles up to this many turns' walk


@dataclass
class Candidate:
    actions: list[Action]
    terms: dict[str, float]
    end: int  # flat index of the end hex
    facing: int
    kills: dict[str, float] | None = None  # hostiles' chances of defeat before they act (threat discounted)
    label: str = ""
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return sum(self.terms.values())


class Positions:
    """Position terms over a set of end hexes, with the best facing at each."""

    def __init__(self, sit: Situation, w: Weights, flats: np.ndarray, retreating: bool, moved: bool,
                 kills: dict[str, float] | None = None) -> None:
        self.sit, self.w, self.flats = sit, w, flats
        self.kills = kills or {}  # hard: hostiles its friends are likely to defeat before they act
        self.per_hostile = sit.danger(flats) if w.next_round else np.zeros((0, len(flats), 7))
        self.names = [t.view.name for t in sit.threats] if w.next_round else []
        # The terms that do not hang on the facing or on who is defeated first, in a fixed order (a
        # candidate's score is their sum, and a sum in another order may break a tie another way).
        terms = self._retreat() if retreating else self._approach()
        if w.support:
            terms["support"] = w.support * np.minimum(self._friends_beside(flats), 3)
        if w.lane and sit.hostiles:
            terms["lane"] = -w.lane * self._in_the_way(flats)
        if w.shield:
            terms["shield"] = w.shield * self._shield(flats)
        stops = sit.reach.stops.ravel()[flats] & (flats != sit.here)
        terms["zoc_stop"] = -w.zoc_stop * stops
        self.hazard = self._burn(flats)  # None: no hazard under any of these hexes (the usual case)
        if self.hazard is not None:
            terms["hazard_start"] = -w.hazard * self.hazard
        if moved:  # a second move this turn must be worth its while: no shuffling in place
            terms["stay"] = 0.3 * (flats == sit.here)
        self.static = terms
        self.danger_mult, self.death_mult = self._danger_weights(retreating)

    def _approach(self) -> dict[str, np.ndarray]:
        """The walk still needed to a fight, in turns, as a cost (``approach``).

        In a stand-off the walk to the fight counts more each quiet round (never frozen), and so
        it does for a combatant left out of its side's fight (``pressing``).
        """
        sit, w, me = self.sit, self.w, self.sit.me
        walk = sit.walk[self.flats]
        walk = np.where(walk >= INF, 3 * (me.movement_max + 1), walk)
        turns = walk / max(1, me.movement_max)  # a turn's walk covers at least one hex
        # Counted from the nearest it could get: the walk left is a cost of the hex, against the others,
        # never of staying on the board. (Measured from zero, a blow out of reach for good -- a flyer
        # over water -- cost more every quiet round until leaving by an exit scored better: on
        # ship_boarding game 10 both corsairs, at full hp and winning 15 to 1, fled the board.)
        turns = turns - turns.min() if len(turns) else turns
        return {"approach": -w.approach * (1 + max(0.0, sit.quiet_rounds - 1) + pressing(sit)) * turns}

    def _retreat(self) -> dict[str, np.ndarray]:
        """When the fight is lost: distance from the nearest hostile as a gain (``retreat``, up to
        ``RETREAT_TURNS`` turns' walk), and the safe walk still needed to an exit as a cost (``exit``)."""
        sit, w, me, flats = self.sit, self.w, self.sit.me, self.flats
        per_turn = max(1, me.movement_max)  # hexes a turn's walk covers (at least one)
        near = np.full(len(flats), 99.0)
        for h in sit.hostiles:
            near = np.minimum(near, sit.dist_from(h.cell, flats) - me.radius - h.radius)
        out = sit.safe_walk_exit[flats]
        return {"retreat": w.retreat * np.minimum(near, RETREAT_TURNS * per_turn) / per_turn,
                "exit": -0.5 * w.retreat * np.minimum(out, 4 * me.movement_max) / per_turn}

    def _friends_beside(self, flats: np.ndarray) -> np.ndarray:
        """How many friends would stand within two hexes of each end hex (for ``support``); for `normal`,
        only those who act before the hostiles do (initiative.py)."""
        sit, me = self.sit, self.sit.me
        friends = np.zeros(len(flats))
        # A friend is at least its distance from here less ``spread`` from each of these hexes (R1 is
        # a metric): one farther than that from all of them adds nothing and is not looked at.
        spread = spread_of(sit, flats)
        for f in sit.friends:
            if int(sit.distances(f.cell)[sit.here]) - spread - f.radius - me.radius > 2:
                continue
            friends += sit.dist_from(f.cell, flats) - f.radius - me.radius <= 2
        if self.w.next_round and not sit.reply_model:  # normal: friends who arrive first (initiative.py)
            friends = sit.initiative.support(flats, friends)
        return friends

    def _burn(self, flats: np.ndarray) -> np.ndarray | None:
        """The hit points a hazard under the footprint takes at the actor's next turn's start, per end hex;
        None when no end hex has any (or the table does not look a round ahead).

        R25, from the engine: as certain as a blow already landed. Only a combatant pushed into a hazard
        stands in one (R5 lets nobody walk in); on giants_lair Grundvald, pushed into the fire, waited
        there three rounds, 12 hp.
        """
        if not self.w.next_round:
            return None
        fire = self.sit.enc.hazard_at_turn_start(self.sit.me.name)  # the board's, worked out once a battle
        if not fire.any():
            return None
        burn = np.minimum(fire.ravel()[flats], max(0, self.sit.me.hp))
        return burn if burn.any() else None

    def _danger_weights(self, retreating: bool) -> tuple[float, float]:
        """How much next round's expected damage and chance of dying count: (danger, death) multipliers.

        The hit points a healthy combatant expects to lose count less in a small fight; its chance of
        dying does not, nor a wounded one's danger (it still breaks away rather than die for nothing, R23).
        In a lost fight the damage counts twice over and the chance of dying in full.
        """
        base = 2.0 if retreating else caution(self.sit)
        danger_mult = base if retreating else base * small_fight(self.sit, self.w.full_caution)
        return danger_mult, min(1.0, base)

    @cached_property
    def index(self) -> dict[int, int]:
        """Each end hex's row in these terms, by its flat index (asked only when a turn strikes or is re-checked)."""
        return dict(zip(self.flats.tolist(), range(len(self.flats)), strict=True))

    def _in_the_way(self, flats: np.ndarray) -> np.ndarray:
        """How many large friends not yet in the fight each hex stands beside, on their way to it.

        A large or giant friend needs a lane as wide as its footprint; small friends
        gathered beside it, between it and the hostiles, box it in (issue 18,
        giants_lair game 4: two goblins waiting beside the Cave Troll, with the chasm
        on its other flank, held it out of the fight until round 6). A hex counts when
        it is within one hex of the friend's footprint and nearer the hostiles than
        the friend is; a friend already within a step of its reach needs no lane.
        """
        sit, me = self.sit, self.sit.me
        out = np.zeros(len(flats))
        big = [f for f in sit.friends if f.radius > 0]
        if not big:
            return out
        lanes = []  # (friend, its gap to the nearest hostile) for the friends that need a lane
        for f in big:
            apart = sit.distances(f.cell)  # R1 from the friend's hex, the engine's row (no distance per pair)
            gap = min(int(apart[sit.board.flat(h.cell)]) - h.radius for h in sit.hostiles) - f.radius
            if gap > f.reach + 1:
                lanes.append((f, gap))
        if not lanes:
            return out
        # How near each hex is to the hostiles, read only as "nearer than a gap": a hostile at least the widest
        # gap from every hex (its distance from here less ``spread``, R1 being a metric) changes no answer.
        widest, spread = max(gap for _, gap in lanes), spread_of(sit, flats)
        near = np.full(len(flats), 999.0)
        for h in sit.hostiles:
            if int(sit.distances(h.cell)[sit.here]) - spread - h.radius - me.radius >= widest:
                continue
            near = np.minimum(near, sit.dist_from(h.cell, flats) - h.radius - me.radius)
        for f, gap in lanes:
            beside = sit.dist_from(f.cell, flats) - f.radius - me.radius <= 1
            out += beside & (near < gap)
        return out

    def _shield(self, flats: np.ndarray) -> np.ndarray:
        """Standing between a wounded friend and the hostile nearest it, within 2 of the friend."""
        sit, me = self.sit, self.sit.me
        out = np.zeros(len(flats))
        for f in sit.friends:
            hurt = 1 - f.hp / max(1, f.hp_max)
            if hurt < 0.3 or not sit.hostiles:
                continue
            apart = sit.distances(f.cell)  # R1 from the friend's hex, the engine's row (no distance per pair)
            gap, _, h = min((int(apart[sit.board.flat(v.cell)]), v.name, v) for v in sit.hostiles)
            if gap > 2 * (h.movement_max + h.reach) + 1:
                continue
            d_friend = sit.dist_from(f.cell, flats)
            d_hostile = sit.dist_from(h.cell, flats)
            out += hurt * ((d_friend <= 2) & (d_hostile < gap) & (d_hostile >= me.reach_min))
        return out

    def evaluate(self, i_or_all: slice | np.ndarray, kills: Mapping[str, float | np.ndarray] | None = None
                 ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """(score, best facing, terms) for the chosen end hexes; each hostile's threat x its chance to live."""
        sit, w, me = self.sit, self.w, self.sit.me
        danger = self.per_hostile[:, i_or_all, :]
        chances: Mapping[str, float | np.ndarray] = self.kills if kills is None else kills
        hit = [(self.names.index(name), p) for name, p in chances.items() if name in self.names]
        if hit:
            danger = danger.copy()
            for k, p in hit:
                # p: one chance for every chosen hex, or one per chosen hex (candidates evaluated together)
                danger[k] *= 1 - p if np.ndim(p) == 0 else (1 - np.asarray(p))[:, None]
        both = danger.sum(axis=0) if len(danger) else np.zeros((len(self.flats[i_or_all]), 7))
        total, front = both[:, :6], both[:, 6]
        facing, taken = best_facing(total, me.facing_index)
        terms = {name: arr[i_or_all] for name, arr in self.static.items()}
        if w.next_round:
            terms["danger"] = -w.danger * self.danger_mult * front
            terms["exposure"] = -w.danger * self.danger_mult * (taken - front)  # flank and rear blows (R19)
            # the hazard's hit points too (R25), for the chance of dying
            taken_all = taken if self.hazard is None else taken + self.hazard[i_or_all]
            p_death = np.minimum(np.maximum(taken_all / max(1, me.hp), 0.0), 1.0)  # np.clip, without its overhead
            p_death *= p_death
            terms["death"] = -w.death * self.death_mult * p_death * sit.value(me)
        score: np.ndarray = sum(terms.values(), np.zeros(len(facing)))
        return score, facing, terms


def spread_of(sit: Situation, flats: np.ndarray) -> int:
    """How far the farthest of ``flats`` lies from the actor's hex (R1); 0 for none."""
    return int(sit.distances(sit.me.cell)[flats].max()) if len(flats) else 0


def best_facing(total: np.ndarray, current: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``total`` ``[hex, facing]`` (the danger with each facing): the facing that takes
    least, the current one on ties (no needless turning), and what it takes."""
    facing = total.argmin(axis=1)
    cur = total[:, current]
    best = total.min(axis=1)
    keep = cur <= best + 1e-9
    return np.where(keep, current, facing), np.where(keep, cur, best)


def caution(sit: Situation) -> float:
    """How much next round's danger counts, relative to the weight table: 1 at Wesnoth's aggression 0.4.

    Aggression grows with the rounds (0.03 a round from round 5), when the
    side is clearly the stronger, and in a stand-off, so two cautious sides
    never wait each other out until the round limit (Wesnoth #8282: oddly
    passive).
    """
    aggression = 0.4 + min(0.45, 0.03 * max(0, sit.enc.round - 4))
    if sit.side_ratio > 1.5:
        aggression += 0.15
    # A stand-off (nobody has struck for a round or more) halves caution each quiet round; so does
    # each turn a combatant stays out of a fight its side is in (``pressing``).
    return max(0.1, 1 - aggression) / 0.6 * 0.5 ** (max(0.0, sit.quiet_rounds - 1) + pressing(sit))


def small_fight(sit: Situation, full: int) -> float:
    """The share of next round's expected damage (``danger``, ``exposure``) that counts in a fight of
    fewer than ``full`` combatants on the board (the weight table's ``full_caution``; 0: all of it):
    their count over ``full``, for a combatant above half its hit points.

    Each hostile's threat is shared among the combatants it could choose
    between, so with few on the board every hex near a hostile looks
    dangerous, and a side that holds back gives the other the first blows of
    a fight decided by a few. Measured on tuning maps only (seventh session,
    docs/ai-tuning.md): `normal` against `greedy` in three-a-side fights won
    80.8 % of 2,380 games as it was and 83.0 % with this (a flat danger weight
    of 0.3 gained as much there but lost 4 points in eight-a-side fights,
    where the full caution pays). Scaling the wounded and the chance of dying
    as well broke the behaviour tests (a pinned, wounded orc no longer broke
    away).
    """
    if not full or 2 * sit.me.hp <= sit.me.hp_max:
        return 1.0  # a combatant at half its hit points or less keeps its full caution
    return min(1.0, len(sit.by_name) / full)


def pressing(sit: Situation) -> int:
    """Turns the actor has held back from a fight its side is in: its turns without a blow since the fight
    began or since its own last blow (this one included), beyond two: two turns of waiting for the
    hostiles to come are fair.

    Issue 18: on giants_lair the Cave Troll waited out of reach at 13,5 for five rounds (2 one-hex
    moves, no blow) while its friends fought the party: one step toward the fight put it in reach of
    three of them without a blow of its own (danger 2.7 + death 0.7 against an approach of 1.0), and
    the fight never came to it. Each turn left out beyond two adds the walk's weight once more and
    halves caution, as each quiet round of a stand-off does for everyone.
    """
    return max(0, sit.idle_turns - 2)

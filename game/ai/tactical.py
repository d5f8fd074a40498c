"""The tactical policy: score whole candidate turns and play the best.

A candidate turn is an end hex (with the facing it ends with) x an action
(attack, shove, shoot, cast, disengage, flee or none) x an order (act then
move, or move then act). Every candidate's score is a sum of named terms
(weights.py), so the choice can be explained term by term (``playmat
suggest``, the window).

Position terms (positions.py) are computed with numpy for every hex the actor may end on;
only attack and shove hexes (a handful) go through the engine's previews,
which give the exact hit and defeat chances, arc penalty included. Shots
are weighed from every hex at once with the engine's bulk ``shot_odds``
(range, sight, cover, arc and the threatened-shooter penalty, R29-R31);
bursts on the few centres that catch the most, previewed exactly.

The policy keeps no state between calls: it re-plans from the encounter on
every call and returns the first action of the best plan, so the same state
and seed always give the same action, and it is safe on a worker thread.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from game.rules import (
    DICE_ACTIONS,
    Action,
    Attack,
    Begin,
    Cast,
    CastPreview,
    CombatantView,
    Disengage,
    EncounterView,
    EndTurn,
    Face,
    Flee,
    Move,
    Shoot,
    Shove,
    ZoneMemo,
    hit_chance,
)

from .coordinate import Coordination
from .dice import blow
from .model import DamageDice, Situation
from .positions import RETREAT_TURNS, Candidate, Positions, best_facing
from .reply_check import Check, checked_best_first, checked_in_order
from .turn import Plan, Term, turn_so_far
from .weights import NORMAL, Weights

# An action to weigh from a hex: (action, end hex, its value terms, hostiles' defeat chances, label).
Entry = tuple[Action, int, dict[str, float], dict[str, float], str]
MAX_TURN_ACTIONS = 12  # a safety net: a turn never needs more moves and turns than this
SHOT_HEXES = 2  # per target, the hexes a shot is weighed from (the best by odds + position), besides its own
BEATEN = 0.3  # a side under this share of its hostiles' strength has lost the fight: its wounded leave
CAST_CENTRES = 3  # the centres whose burst is previewed exactly (the best by who they catch now)


def same_step(done: Action, planned: Action) -> bool:
    """A recorded move or turn is the planned one (a recorded move adds the path it took)."""
    return (replace(done, path=None) if isinstance(done, Move) else done) == planned


class TacticalPolicy:
    """Scores candidate turns with named terms; ``level`` names the weight table it plays."""

    # Hard's reply check may leave out plans that cannot win (see _check_replies); a test turns
    # this off to hold that the shortcut never changes a choice.
    prune = True

    def __init__(self, weights: Weights = NORMAL, level: str = "normal") -> None:
        self.weights = weights
        self.level = level
        self._enemy = TacticalPolicy() if weights.replies else None  # hard: the enemy's mind is `normal`
        # commit: the plan made at the last turn start (or dice) and the state it was made in
        # (scenario and history are the whole state: the log is the save file), so the steps
        # that walk it do not plan it again. One entry, replaced whole: safe across threads.
        self._kept: tuple[object, tuple[Action, ...], bool, Plan] | None = None
        # The engine's zone answers this policy has asked for (speed only: they never change an answer).
        self.zone_memo = ZoneMemo()
        self.dice_memo: dict[str, DamageDice] = {}
        self.ranked: list[Plan] | None = None  # set only while ranked_plans() asks

    def choose(self, view: EncounterView, rng: random.Random) -> Action:
        return self.plan(view, rng, explain=False).actions[0]

    # --- planning ------------------------------------------------------------------------
    def plan(self, enc: EncounterView, rng: random.Random, explain: bool = True) -> Plan:
        """The best turn for the current actor; ``explain=False`` (:meth:`choose`) may leave out the
        terms of a plan that has only one candidate, never changing its actions."""
        name = enc.turn
        if name is None:
            return Plan("", self.level, (EndTurn(),))
        done = turn_so_far(enc)
        if (done and isinstance(done[-1], Face)) or len(done) >= MAX_TURN_ACTIONS:
            return Plan(name, self.level, (EndTurn(),), summary="turn done")
        w = self.weights
        if w.commit and done and not isinstance(done[-1], DICE_ACTIONS):
            kept = self._as_planned(enc, rng, explain)
            if kept is not None:
                return kept
        fresh = self._plan_fresh(enc, rng, explain, name, done)
        if w.commit and not w.noise and (not done or isinstance(done[-1], DICE_ACTIONS)):
            # The moment _as_planned goes back to: remember what was planned here. (Only a
            # noise-free table: a remembered plan draws nothing from ``rng``.)
            self._kept = (enc.scenario, tuple(enc.history), explain, fresh)
        return fresh

    def _plan_fresh(self, enc: EncounterView, rng: random.Random, explain: bool, name: str,
                    done: list[Action]) -> Plan:
        """The best turn from here, over every hex the actor can still reach.

        In four steps, each its own method: read the actor's stance (moved, beaten, retreating), list
        the candidates (staying or walking, then each action), give them noise and hard's reply
        check, and pick the best (keeping expert's whole ranking when it asks).
        """
        w = self.weights
        sit = Situation(enc, w.reply, self.zone_memo, self.dice_memo)
        if not explain and enc.acted and len(sit.cells) == 1 and not (w.focus or w.deny):
            return self._face_only(sit, name, rng)
        moved = any(isinstance(a, Move) for a in done)
        beaten = self._beaten(sit) if w.next_round and sit.hostiles else None
        retreating = w.next_round and (beaten is not None or self._fight_lost(sit))
        coord = Coordination(sit) if (w.focus or w.deny) and sit.hostiles else None
        pos = Positions(sit, w, sit.cells, retreating, moved, coord.base_deny if coord and w.deny else None)
        score, facing, terms = pos.evaluate(slice(None))
        score, terms = self._backtrack(sit, score, terms, retreating)
        cands = [self._candidate(sit, [], int(sit.cells[i]), int(facing[i]),
                                 {k: float(v[i]) for k, v in terms.items()}, label="position")
                 for i in self._position_rows(score)]
        if not enc.acted and sit.hostiles:
            self._actions(sit, pos, cands, coord, score, beaten, retreating)
        return self._choose(sit, pos, cands, rng, name)

    def _backtrack(self, sit: Situation, score: np.ndarray, terms: dict[str, np.ndarray], retreating: bool
                   ) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """The position scores with the cost of ending on a hex the actor left this turn (``backtrack``).

        A turn that only walks back where it came from is a shuffle (issue 18: the Troll's
        12,4 <-> 12,6 on default.tmx): only a reason worth more than this may take it there.
        Unchanged (no ``backtrack`` term at all) when the table has no such cost or it left no hex.
        """
        w = self.weights
        if not (w.backtrack and sit.left_hexes):
            return score, terms
        left = np.isin(sit.cells, [sit.board.flat(c) for c in sit.left_hexes])
        if not retreating and not left.all():
            left &= ~self._closing_in(sit, left)
        back = left * -w.backtrack
        return score + back, {**terms, "backtrack": back}

    def _closing_in(self, sit: Situation, left: np.ndarray) -> np.ndarray:
        """Of the end hexes, those where walking back is closing in, not a shuffle: nearer a blow than any
        hex it did not leave, nearer than where it stands, and within a turn's walk.

        A reason it can name: the hostiles moved, and the hex it left is now nearer a blow
        than any other it could end on (issue 18, giants_lair game 7: Grundvald, barred
        from the hex it had left, paced 11,8 -> 9,8 -> 12,8 beside the flyer it hunted
        for four quiet rounds). Walking back there is closing in, not a shuffle -- when a
        blow is within a turn's walk of it. A quarry farther off may dodge back again: on
        the 64x64 timing map (game seed 5001, hard everywhere) Red Brute 5 walked 43,18 ->
        45,15 -> 43,18 for twelve rounds, each way round a wall nearer in turn as three
        wounded Blues paced beyond it.
        """
        walk = sit.walk[sit.cells]
        return (walk < walk[~left].min()) & (walk < sit.walk[sit.here]) & (walk <= sit.me.movement_max)

    def _position_rows(self, score: np.ndarray) -> Iterable[int]:
        """The end hexes (rows of ``score``) worth a candidate that only walks there, in board order.

        Every end hex is a candidate when noise may reorder them; otherwise only
        the best can win (np.argmax keeps the first of equals, as max() over the list does).
        """
        w = self.weights
        if w.noise:
            return range(len(score))
        if w.replies:  # hard re-checks its best few turns: no other end hex can be among them
            return sorted(int(i) for i in np.argsort(-score, kind="stable")[: w.replies])
        return [int(np.argmax(score))]

    def _actions(self, sit: Situation, pos: Positions, cands: list[Candidate], coord: Coordination | None,
                 score: np.ndarray, beaten: float | None, retreating: bool) -> None:
        """Add a candidate for each action the actor may still take this turn (in a fixed order: among equal
        scores the first listed wins), each from the hexes it is best taken from."""
        w = self.weights
        self._attacks(sit, pos, cands, coord)
        self._shoves(sit, pos, cands)
        if sit.me.ranged is not None:
            self._shots(sit, pos, cands, coord, score)
        if sit.me.area is not None and sit.me.area_uses_left > 0:
            self._casts(sit, pos, cands, score)
        self._flee(sit, pos, cands, beaten)
        if w.next_round and (retreating or sit.me.hp <= sit.me.hp_max // 2):
            # Wounded and pinned: breaking away (R23) to a hex beyond the threat is weighed
            # against fighting on where it stands (issue 18), not only when the fight is lost.
            self._disengage(sit, w, pos, cands, retreating)

    def _choose(self, sit: Situation, pos: Positions, cands: list[Candidate], rng: random.Random,
                name: str) -> Plan:
        """The best candidate as a plan, after the level's noise (easy) and reply check (hard)."""
        w = self.weights
        if w.noise:
            for c in cands:
                u = rng.random()
                c.terms["noise"] = w.noise * -math.log(-math.log(max(u, 1e-12)))
        if w.replies and w.next_round:
            cands = self._check_replies(sit, pos, cands)
        if self.ranked is not None:  # expert's search asks for every plan, best first
            self.ranked = [self._as_plan(name, c) for c in sorted(cands, key=lambda c: -c.score)]
        best = max(cands, key=lambda c: c.score)  # first of equals: enumeration order is deterministic
        return self._as_plan(name, best)

    def _as_plan(self, name: str, c: Candidate) -> Plan:
        terms_out = tuple(Term(k, v) for k, v in c.terms.items() if abs(v) > 1e-9)
        return Plan(name, self.level, tuple(c.actions), terms_out, c.score, c.label)

    def ranked_plans(self, enc: EncounterView, rng: random.Random) -> list[Plan]:
        """Every candidate turn of a fresh plan from here, best first (the first is :meth:`plan`'s choice).

        Expert's search (search.py) plays the best few of them out; the same
        state and seed give the same list.
        """
        name = enc.turn
        if name is None:
            return [Plan("", self.level, (EndTurn(),))]
        self.ranked = []
        try:
            best = self._plan_fresh(enc, rng, True, name, turn_so_far(enc))
            return self.ranked or [best]
        finally:
            self.ranked = None

    def _as_planned(self, enc: EncounterView, rng: random.Random, explain: bool) -> Plan | None:
        """Hard: the rest of the plan it chose when its turn began or its dice last spoke.

        Moving and turning reveal nothing new, so a plan chosen over every
        hex the actor could reach is not second-guessed from the hex it walked
        to (where a fresh look sees fewer options, and its own body in new
        places): no walking on and on, hex by hex, after the plan's end. That
        moment is found by taking the moves and turns since back on a copy.
        """
        start = enc.clone()
        since: list[Action] = []
        while start.history and not isinstance(start.history[-1], (EndTurn, Begin, *DICE_ACTIONS)):
            since.insert(0, start.undo())
        if start.turn != enc.turn or not since:
            return None
        kept = self._kept
        if kept is not None and kept[0] is start.scenario and kept[2] == explain and kept[1] == tuple(start.history):
            first = kept[3]
        else:
            first = self.plan(start, rng, explain)
        if len(first.actions) <= len(since) or not all(
            same_step(a, b) for a, b in zip(since, first.actions, strict=False)
        ):
            return None
        rest = first.actions[len(since):]
        if enc.check(rest[0]) is not None:
            return None
        return Plan(first.unit, self.level, rest, first.terms, first.score, first.summary)

    def _face_only(self, sit: Situation, name: str, rng: random.Random) -> Plan:
        """Acted and unable to move: the one candidate is staying put, and its facing follows from
        next round's danger alone (what :meth:`Positions.evaluate` picks), so the walking, support
        and shield terms (the same for every facing) are not worked out."""
        w = self.weights
        here = np.array([sit.here])
        per = sit.danger(here) if w.next_round else np.zeros((0, 1, 7))
        total = per.sum(axis=0)[:, :6] if len(per) else np.zeros((1, 6))
        facing, _ = best_facing(total, sit.me.facing_index)
        if w.noise:
            rng.random()  # the draw the full plan makes for its one candidate: the games that follow match
        return Plan(name, self.level, tuple(self._candidate(sit, [], sit.here, int(facing[0]), {}, "position").actions))

    def _candidate(self, sit: Situation, act: list[Action], end: int, facing: int, terms: dict[str, float],
                   label: str, act_first: bool = False, kills: dict[str, float] | None = None) -> Candidate:
        """Build the action list: [act] move [act] face end_turn (or flee last)."""
        me = sit.me
        moves: list[Action] = [] if end == sit.here else [Move(me.name, sit.cell(end))]
        actions: list[Action] = [*act, *moves] if act_first else [*moves, *act]
        if actions and isinstance(actions[-1], Flee):
            return Candidate(actions, terms, end, facing, kills, label)
        if facing != me.facing_index or any(isinstance(a, Attack | Shove | Shoot) for a in act):  # R20 turns it
            actions.append(Face(me.name, sit.layout.direction_names[facing]))
        actions.append(EndTurn())
        return Candidate(actions, terms, end, facing, kills, label)

    def _fight_lost(self, sit: Situation) -> bool:
        """Hurt and outmatched here, while the side is not beaten as a whole: fall back to the friends.

        Strength is hit points x mean damage; "here" is within two turns' walk.
        A side beaten as a whole has nobody to fall back to: its combatants
        fight on, instead of kiting until the round limit, or, wounded and
        far outmatched, make for an exit and leave (:meth:`_beaten`).
        """
        me = sit.me
        radius = 2 * (me.movement_max + me.reach) + 2
        apart = sit.distances(me.cell)
        if sit.hostiles and min(apart[sit.board.flat(h.cell)] for h in sit.hostiles) > radius:
            # No hostile near: the fight it would walk into is the nearest one's, so weigh that one.
            # (Weighed where it stands, a wounded combatant walked in, found the fight lost once
            # near and fell back, then out of range walked in again: p -> q -> p, Blue Soldier 1 on
            # the 64x64 timing map, game seed 5001.)
            nearest = min(sit.hostiles, key=lambda h: int(apart[sit.board.flat(h.cell)]))
            apart = sit.distances(nearest.cell)

        def strength(units: list, near: bool) -> float:
            return sum(
                u.hp * sit.punch(u) for u in units
                if not near or apart[sit.board.flat(u.cell)] <= radius
            )

        ours = me.hp * sit.punch(me) + strength(sit.friends, True)
        theirs = strength(sit.hostiles, True)
        side, foes = strength([me, *sit.friends], False), strength(sit.hostiles, False)
        hurt = me.hp / max(1, me.hp_max)
        return theirs > 0 and hurt <= 0.5 and ours < 0.6 * theirs and side >= 0.6 * foes

    def _beaten(self, sit: Situation) -> float | None:
        """Wounded (half its hit points or less), on a side beaten as a whole (under ``BEATEN`` of its
        hostiles' strength, hit points x mean damage, everyone on the board) and within two turns' walk of
        an exit: its side's strength over its hostiles'; otherwise None.

        Nothing is left to win: it makes for the exit and leaves (R24), instead of kiting out of
        reach until the round limit (issue 18, giants_lair game 7: Wynn, a flyer at 2 of 10 hp,
        the last of its side against the giant at 17 of 32, kept just beyond its reach for four
        quiet rounds).
        """
        me = sit.me
        if me.hp * 2 > me.hp_max:
            return None
        ratio = sit.side_ratio
        # An exit within two turns' walk: a longer run is kiting, not leaving (on the 64x64 timing maps,
        # with exits far off, such runs went on to the 50-round limit).
        if ratio >= BEATEN or not (sit.walk_exit[sit.cells] <= 2 * me.movement_max).any():
            return None
        return float(ratio)

    # --- actions -----------------------------------------------------------------------------
    def _attack_value(self, sit: Situation, target: str, hit: float, defeat: float,
                      dice: DamageDice | None = None) -> dict[str, float]:
        """A blow's (or, with the shot's ``dice``, a shot's) worth against ``target``."""
        w = self.weights
        t = sit.by_name[target]
        expected = hit * (dice or sit.dice(sit.me.damage)).capped_mean(t.hp)
        return {
            "expected_damage": w.damage * expected,
            "defeat": w.defeat * defeat * sit.value(t),
            "wounded": w.wounded * expected * (1 - t.hp / max(1, t.hp_max)),
        }

    def _focus(self, sit: Situation, coord: Coordination, t: CombatantView, hit: float, faces: tuple,
               value: dict[str, float], defeat: float) -> dict[str, float]:
        """Hard: what the side defeats with this blow and the friends' blows around it, beyond this blow's own
        chance to defeat (into ``value``); returns the hostiles' chances of defeat before they act."""
        mine = blow(sit.hp_room(t), hit, faces)
        joint, deny = coord.assign(t.name, mine, (t.name, round(hit, 6), faces))
        # Only what the friends add counts: a sure defeat in hand is never given up
        # for a friend's chance (the arena: letting it go negative played worse).
        gain = joint - coord.base_value - defeat * sit.value(t)
        value["focus"] = self.weights.focus * max(0.0, gain)
        return deny if self.weights.deny else {t.name: defeat}

    def _shots(self, sit: Situation, pos: Positions, cands: list[Candidate], coord: Coordination | None,
               score: np.ndarray) -> None:
        """Shoot (R29-R31): for each hostile, the hexes the shot is best from (its odds there, from the
        engine's bulk ``shot_odds``, plus the hex's position score), and from where it stands (shoot, then
        move). A threatened hex costs the shot its penalty (R29), cover costs it the cover bonus (R31)."""
        me, w = sit.me, self.weights
        assert me.ranged is not None
        dice = sit.dice(me.ranged.damage)
        here = pos.index[sit.here]
        entries: list[Entry] = []
        for t in sorted(sit.hostiles, key=lambda v: v.name):
            odds = sit.zones.shot_odds(me, t, sit.cells)
            legal = np.flatnonzero(odds.legal)
            if not legal.size:
                continue
            expected = odds.hit_chance * dice.capped_mean(t.hp)
            worth = (w.damage * expected + w.defeat * odds.defeat_chance * sit.value(t)
                     + w.wounded * expected * (1 - t.hp / max(1, t.hp_max)))
            ranked = legal[np.argsort(-(worth + score)[legal], kind="stable")][:SHOT_HEXES]
            if odds.legal[here] and here not in ranked:
                ranked = np.append(ranked, here)
            for i in ranked:
                hit, defeat = float(odds.hit_chance[i]), float(odds.defeat_chance[i])
                value = self._attack_value(sit, t.name, hit, defeat, dice)
                kills = {t.name: defeat}
                if coord is not None:
                    kills = self._focus(sit, coord, t, hit, dice.faces, value, defeat)
                entries.append((Shoot(me.name, t.name), int(sit.cells[i]), value, kills, f"shoot {t.name}"))
        self._with_positions(sit, pos, cands, entries)

    def _casts(self, sit: Situation, pos: Positions, cands: list[Candidate], score: np.ndarray) -> None:
        """Cast an area (R32, R33) where it catches the most worth of hostiles and no friend.

        Centres within the area's radius of some hostile are ranked by who the
        burst would catch there now (the engine's ``area_catches``): each
        hostile's expected damage and chance of defeat x worth, minus the same
        for each friend x ``friendly_fire``. The best few are previewed
        exactly (``preview_cast``, from the hex the caster would cast from,
        pushes into hazards and chasms included), from the best hex it can
        cast from that keeps it out of its own burst (``cast_origins``). A use
        spent is a burst not kept for later (``spend``, shared among the uses
        left).
        """
        me, w = sit.me, self.weights
        area = me.area
        assert area is not None
        dice = sit.dice(area.damage)
        centres = self._cast_centres(sit, area.radius, me.movement + area.range + me.radius)
        if not centres.size:
            return
        rough = self._rough_bursts(sit, area.radius, area.attack, dice, centres)
        single = max(self._caught_worth(sit, area.attack, dice, h) for h in sit.hostiles)
        spend = w.spend * single / max(1, me.area_uses_left)
        entries: list[Entry] = []
        for k in np.argsort(-rough, kind="stable")[:CAST_CENTRES]:
            if rough[k] <= spend:
                break  # best first: no centre after this one is worth a use either
            at = int(centres[k])
            for i in self._cast_from(sit, pos, at, score):
                entry = self._cast_entry(sit, at, int(sit.cells[i]), dice, spend)
                if entry is not None:
                    entries.append(entry)
        self._with_positions(sit, pos, cands, entries)

    def _cast_centres(self, sit: Situation, radius: int, reachable: int) -> np.ndarray:
        """The centres worth ranking: within the burst's ``radius`` of some hostile's footprint, and no
        farther than the caster could walk and cast (``reachable``)."""
        near = [sit.zones.disc_flats(sit.board.flat(h.cell), radius + h.radius) for h in sit.hostiles]
        centres = np.unique(np.concatenate(near)) if near else np.zeros(0, dtype=np.int64)
        return centres[sit.dist_from(sit.me.cell, centres) <= reachable]

    def _caught_worth(self, sit: Situation, attack: int, dice: DamageDice, v: CombatantView) -> float:
        """What a burst of ``attack`` and ``dice`` is worth against ``v`` caught in it, before any preview:
        its chance to hit x (expected damage + chance of defeat x ``v``'s worth)."""
        hit = hit_chance(attack, v.defense, 0)
        return hit * (dice.capped_mean(v.hp) + dice.at_least(v.hp) * sit.value(v))

    def _rough_bursts(self, sit: Situation, radius: int, attack: int, dice: DamageDice,
                      centres: np.ndarray) -> np.ndarray:
        """Per centre, who the burst would catch there now (the engine's ``area_catches``): the hostiles'
        worth less the friends' x ``friendly_fire``. The caster counts nothing here: where it casts from is
        chosen after, and the exact preview counts it if its own burst catches it."""
        names, caught = sit.zones.area_catches(radius, centres)
        hostile = set(v.name for v in sit.hostiles)
        each = np.array([0.0 if n == sit.me.name else self._caught_worth(sit, attack, dice, sit.by_name[n])
                         * (1.0 if n in hostile else -self.weights.friendly_fire) for n in names])
        return caught @ each

    def _cast_from(self, sit: Situation, pos: Positions, at: int, score: np.ndarray) -> list[int]:
        """The end hexes (rows) to cast at ``at`` from: the best-placed one it can cast from outside its own
        burst (``cast_origins``; inside it only when nowhere else will do), and where it stands, if it can."""
        me = sit.me
        can = sit.zones.cast_origins(me, at, sit.cells, spare_self=True)
        if not can.any():
            can = sit.zones.cast_origins(me, at, sit.cells)
        if not can.any():
            return []
        options = np.flatnonzero(can)
        origins = {int(options[np.argmax(score[options])])}
        if can[pos.index[sit.here]]:
            origins.add(pos.index[sit.here])
        return sorted(origins)

    def _cast_entry(self, sit: Situation, at: int, flat: int, dice: DamageDice, spend: float) -> Entry | None:
        """The burst at ``at`` cast from ``flat``, previewed exactly there (R32, R33: pushes into hazards and
        chasms included), less the use it spends; None when the engine refuses it."""
        me, enc = sit.me, sit.enc
        view = enc
        if flat != sit.here:
            view = enc.clone()
            view.apply(Move(me.name, sit.cell(flat)))
        pv = view.preview_cast(me.name, sit.cell(at))
        if pv.legal is not None:
            return None
        value, kills = self._burst_value(sit, pv, dice)
        value["spend"] = -spend
        col, row = sit.cell(at)
        return (Cast(me.name, (col, row)), flat, value, kills, f"cast at {col},{row}")

    def _burst_value(self, sit: Situation, pv: CastPreview, dice: DamageDice
                     ) -> tuple[dict[str, float], dict[str, float]]:
        """A previewed burst's worth: each hostile caught as an attack on it (its hazard or fall from the push
        included); each friend caught (the caster too) the same, counted against it x ``friendly_fire``."""
        w = self.weights
        gain = {"expected_damage": 0.0, "defeat": 0.0, "hazard": 0.0, "friendly_fire": 0.0}
        kills: dict[str, float] = {}
        for a in pv.affected:
            v = sit.by_name.get(a.target)
            if v is None:
                continue
            expected = a.hit_chance * dice.capped_mean(v.hp)
            pushed = a.hit_chance * (v.hp if a.falls else min(a.hazard_damage, v.hp))
            if a.friendly:
                gain["friendly_fire"] -= w.friendly_fire * (
                    w.damage * expected + w.hazard * pushed + w.defeat * a.defeat_chance * sit.value(v))
            else:
                gain["expected_damage"] += w.damage * expected
                gain["hazard"] += w.hazard * pushed
                gain["defeat"] += w.defeat * a.defeat_chance * sit.value(v)
                kills[a.target] = a.defeat_chance
        return gain, kills

    def _attacks(self, sit: Situation, pos: Positions, cands: list[Candidate], coord: Coordination | None) -> None:
        me, enc = sit.me, sit.enc
        entries: list[Entry] = []
        for t in sorted(sit.hostiles, key=lambda v: v.name):
            flats = [int(f) for f in sit.zones.strike_cells(me, t, sit.cells)]
            if not flats:
                continue  # out of its reach from every hex: nothing to preview (most hostiles, on a big board)
            for flat, pv in zip(flats, enc.preview_attacks(me.name, t.name, [sit.cell(f) for f in flats]), strict=True):
                if pv.legal is not None:
                    continue
                value = self._attack_value(sit, t.name, pv.hit_chance, pv.defeat_chance)
                kills = {t.name: pv.defeat_chance}
                if coord is not None:
                    kills = self._focus(sit, coord, t, pv.hit_chance, sit.dice(me.damage).faces, value,
                                        pv.defeat_chance)
                entries.append((Attack(me.name, t.name), flat, value, kills, f"attack {t.name}"))
        self._with_positions(sit, pos, cands, entries)

    def _with_position(self, sit: Situation, pos: Positions, cands: list[Candidate], act: Action, flat: int,
                       value: dict[str, float], kills: dict[str, float], label: str) -> None:
        """Move then act from ``flat``; and, from where it stands, act then move to the best hex."""
        self._with_positions(sit, pos, cands, [(act, flat, value, kills, label)])

    def _with_positions(self, sit: Situation, pos: Positions, cands: list[Candidate], entries: list[Entry]) -> None:
        """:meth:`_with_position` for each entry (action, hex, value, kills, label), in order.

        The move-then-act positions of all entries are scored in one evaluation,
        each hex with its own kill chances: the same numbers, far fewer numpy calls.
        """
        if not entries:
            return
        rows = np.array([pos.index[flat] for _, flat, _, _, _ in entries])
        names = {name for *_, kills, _ in entries for name in kills}
        per_row = {name: np.array([kills.get(name, 0.0) for *_, kills, _ in entries]) for name in names}
        _, facing, terms = pos.evaluate(rows, per_row)
        for j, (act, flat, value, kills, label) in enumerate(entries):
            t = {k: float(v[j]) for k, v in terms.items()}
            t["zoc_stop"] = 0.0  # stopping by zone of control costs nothing when the attack is made there
            cands.append(self._candidate(sit, [act], flat, int(facing[j]), {**value, **t}, label, kills=kills))
            if flat == sit.here and len(sit.cells) > 1:
                score, full_facing, full_terms = pos.evaluate(slice(None), kills)
                i = int(np.argmax(score))
                t = {k: float(v[i]) for k, v in full_terms.items()}
                cands.append(self._candidate(sit, [act], int(sit.cells[i]), int(full_facing[i]), {**value, **t},
                                             label + ", then move", act_first=True, kills=kills))

    def _shoves(self, sit: Situation, pos: Positions, cands: list[Candidate]) -> None:
        me, enc, w = sit.me, sit.enc, self.weights
        pits = sit.pits
        for t in sorted(sit.hostiles, key=lambda v: v.name):
            if t.radius > me.radius:
                continue
            # A push of one hex moves the footprint to within radius + 1 of its centre: with no
            # hazard or chasm there, no shove of this target is worth previewing.
            if not pits.size or sit.dist_from(t.cell, pits).min() > t.radius + 1:
                continue
            for at in sit.zones.strike_cells(me, t, sit.cells, shove=True):
                flat = int(at)
                pv = enc.preview_shove(me.name, t.name, at=sit.cell(flat))
                if pv.legal is not None or (pv.hazard_damage <= 0 and not pv.falls):
                    continue  # only shoves into hazards and chasms are worth an action
                # A fall (R12) takes every hit point it has: counted as hp lost, as a burst's push is
                # (_burst_value) and a hostile's shove in the reply check (reply.py).
                dealt = pv.hit_chance * (t.hp if pv.falls else min(pv.hazard_damage, t.hp))
                value = {
                    "hazard": w.hazard * dealt,
                    "defeat": w.defeat * pv.defeat_chance * sit.value(t),
                }
                self._with_position(sit, pos, cands, Shove(me.name, t.name), flat, value,
                                    {t.name: pv.defeat_chance}, f"shove {t.name}")

    def _flee(self, sit: Situation, pos: Positions, cands: list[Candidate], beaten: float | None) -> None:
        """Leave the board from an exit (R24): a loss of the combatant's value; in a fight its side has lost
        as a whole (``beaten``: its side's strength over its hostiles'), a saving of what it is worth."""
        me, w = sit.me, self.weights
        exits = sit.zones.exit_hexes(me)
        if beaten is None:
            terms = {"flee": -w.flee * sit.value(me)}
        else:
            # Staying only spends it: what it could still win is its side's small share of the fight.
            # Leaving is also the farthest retreat there is: it scores the retreat term's cap, so a
            # combatant out of every reach never rates waiting there above leaving (default.tmx,
            # normal, seed 8: Aldric at 5 of 18 hp, the last of his side, stood three hexes from the
            # exit for 33 rounds while the Troll, which could not reach him, waited too).
            terms = {"flee": w.flee * sit.value(me) * (1 - beaten / BEATEN), "retreat": w.retreat * RETREAT_TURNS}
        for at in sit.cells:
            flat = int(at)
            if exits[flat]:
                cands.append(self._candidate(sit, [Flee(me.name)], flat, me.facing_index, dict(terms), "flee"))

    def _disengage(self, sit: Situation, w: Weights, pos: Positions, cands: list[Candidate],
                   retreating: bool = True) -> None:
        """Wounded or retreating in threatened space: try to break away (R23), then take the best hex open after it."""
        me, enc = sit.me, sit.enc
        if enc.can_disengage(me.name) is not None:
            return
        skills = [s for s, _ in me.skills] + ["none"]
        best = max((enc.preview_disengage(me.name, s) for s in skills), key=lambda p: p.chance)
        if best.legal is not None or best.chance <= 0:
            return
        trial = enc.clone()
        try:
            trial.apply(Disengage(me.name, "feint", best.skill, roll=20))
        except Exception:  # a refusal just means no such plan
            return
        after = Situation(trial, w.reply, self.zone_memo, self.dice_memo)
        open_pos = Positions(after, w, after.cells, retreating, False)
        score, facing, terms = open_pos.evaluate(slice(None))
        j = int(np.argmax(score))
        here_score = pos.evaluate(np.array([pos.index[sit.here]]))[0][0]
        t = {k: float(v[j]) * best.chance for k, v in terms.items()}
        t["stuck"] = float(here_score) * (1 - best.chance)
        cands.append(self._candidate(sit, [Disengage(me.name, "feint", best.skill)], int(after.cells[j]),
                                     int(facing[j]), t, "disengage, then move", act_first=True))

    # --- hard: one enemy reply ahead -------------------------------------------------------
    def _check_replies(self, sit: Situation, pos: Positions, cands: list[Candidate]) -> list[Candidate]:
        """The best few turns, their danger terms replaced by the hostiles' replies as `normal` plans them.

        All of them are re-scored the same way and the choice is made among them
        only, so no turn wins merely by being measured differently. Plans that
        cannot win are left out (reply_check.py); expert's ranking (``self.ranked``)
        gets every plan it checks with its whole score.
        """
        w, enemy = self.weights, self._enemy
        assert enemy is not None, "only a level with replies (hard) checks them"
        top = sorted(cands, key=lambda c: -c.score)[: w.replies]
        # Once it has acted, only where it steps and faces is left to choose, and the turn has already
        # spent a decision's replies on its start: the rest of the turn gets half (issue 18's worst turns).
        work = w.reply_work // 2 if sit.enc.acted else w.reply_work
        check = Check(sit, pos, enemy, w.danger, w.death, work)
        if self.prune and self.ranked is None:
            return checked_best_first(check, top)
        return checked_in_order(check, top, self.prune)

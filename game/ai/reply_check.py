"""Hard's check of its best few turns: their danger terms replaced by the hostiles' replies (reply.py).

The replies only ever cost: each adds expected damage and a chance of defeat,
never takes any away. So a plan's score with some of its replies worked out
(none at first: its score without its danger terms) bounds what it can score
with all of them, in floating point too (the same terms summed in the same
order, a subset's never more). Two searches use that bound, and both choose
exactly what checking every plan in full would:

* :func:`checked_in_order` (expert's ranking, which needs every checked plan's
  whole score): plans from the highest bound down, each in full; one whose
  bound is below the best checked score so far is left out unchecked.
* :func:`checked_best_first` (hard's own choice, issue 18's decision times): the
  plan with the highest bound so far gets its next reply worked out (the
  hostile the position terms expected the most damage from first), until a
  plan checked in full scores at least every other plan's bound. A hostile's
  reply is worked out once for every plan that ends alike.

A big fight can ask for many replies (issue 18: 40-odd hostile turns planned in
one turn of 24 combatants, half a second). Hard's check therefore has a work
budget: at most ``work`` // (the combatants on the board) hostile turns planned
per decision (weights.py ``reply_work``), counted, never timed, so a seed
still gives the same decision. When it runs out before the
choice is proved, every plan not checked in full is scored on the replies it
has, plus, for each hostile not yet asked, its share of the danger the
position terms expected there (:meth:`Check.estimated`): the most dangerous
hostiles were asked first, so what is estimated is the smaller part.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable

from game.rules import Face, Flee, Move

from .model import Situation
from .positions import Candidate, Positions
from .reply import Planner, Replies, combined

TOLERANCE = 1e-9  # a plan this close to the best is checked in full: the first of equals still wins


class Check:
    """What the check of one decision shares: the replies by the actor's moves and turns, and the terms."""

    def __init__(self, sit: Situation, pos: Positions, enemy: Planner, danger: float, death: float,
                 work: int = 0) -> None:
        self.sit, self.pos, self.enemy = sit, pos, enemy
        self.danger, self.death = danger, death  # the weights of the danger and death terms
        # Hostile turns planned for this decision at most (0: as many as the proof takes). Each plan weighs
        # every combatant on the board, so a big fight affords fewer: ``work`` is shared among them.
        self.budget = max(1, work // len(sit.by_name)) if work else 0
        self.seen: dict[tuple, Replies] = {}  # turns that end alike share the replies

    def planned(self) -> int:
        """Hostile turns planned so far in this decision."""
        return sum(r.planned for r in self.seen.values())

    def spent(self) -> bool:
        return bool(self.budget) and self.planned() >= self.budget

    def names(self, c: Candidate) -> list[str]:
        """The hostiles that could strike the actor where ``c`` ends (none when it leaves the board)."""
        if any(isinstance(a, Flee) for a in c.actions):
            return []
        return [t.view.name for t in self.sit.threats if t.zone[c.end]]

    @staticmethod
    def key(c: Candidate) -> tuple:
        """How ``c`` ends: its moves and turns (what the replies see)."""
        return tuple(a for a in c.actions if isinstance(a, Move | Face))

    def replies(self, c: Candidate, names: list[str]) -> Replies:
        key = self.key(c)
        if key not in self.seen:
            self.seen[key] = Replies(self.sit.enc, self.sit.me.name, list(key), names, self.enemy)
        return self.seen[key]

    def kills(self, c: Candidate) -> dict[str, float]:
        return c.kills if c.kills is not None else self.pos.kills

    def terms(self, c: Candidate, struck: dict[str, tuple[float, float]]) -> dict[str, float]:
        """``c``'s terms with the danger terms from the replies that strike the actor (in this order)."""
        damage, p_death = combined(struck, self.kills(c))
        pos = self.pos
        return {**c.terms, "danger": -self.danger * pos.danger_mult * damage, "exposure": 0.0,
                "death": -self.death * pos.death_mult * p_death * self.sit.value(self.sit.me)}

    def bound(self, c: Candidate, reply: Replies, names: list[str]) -> float:
        """``c``'s score on the replies worked out so far: at least its score on all of them."""
        return sum(self.terms(c, reply.struck([n for n in names if reply.asked(n)])).values())

    def settle(self, c: Candidate, reply: Replies, names: list[str]) -> None:
        """Give ``c`` its danger terms from all its replies."""
        c.terms.update(self.terms(c, reply.struck(names)))

    def estimated(self, c: Candidate, reply: Replies | None, names: list[str]) -> None:
        """Give ``c`` its danger terms from the replies asked so far, plus the position terms' danger for the
        rest: the original terms x the unasked hostiles' share of the damage they expected (the budget ran out)."""
        danger_terms = ("danger", "exposure", "death")
        before = {k: c.terms.get(k, 0.0) for k in danger_terms}
        asked = [n for n in names if reply is not None and reply.asked(n)]
        rest = [n for n in names if n not in asked]
        guess = self.guess(c)
        total = sum(guess(n) for n in names)
        share = sum(guess(n) for n in rest) / total if total > 0 else len(rest) / len(names)
        c.terms.update(self.terms(c, reply.struck(asked) if reply is not None else {}))
        for k in danger_terms:
            c.terms[k] = c.terms.get(k, 0.0) + share * before[k]

    def guess(self, c: Candidate) -> Callable[[str], float]:
        """The damage the position terms expected of each hostile where ``c`` ends (the order replies are asked)."""
        pos = self.pos
        row = pos.index.get(c.end)
        return lambda n: 0.0 if row is None or n not in pos.names else float(
            pos.per_hostile[pos.names.index(n), row, c.facing])


def checked_in_order(check: Check, top: list[Candidate], prune: bool) -> list[Candidate]:
    """Every plan of ``top`` re-scored in full from the highest bound down (those left out cannot win), in
    ``top``'s order; ``prune=False`` checks every one."""
    danger_terms = ("danger", "exposure", "death")
    bound = {id(c): c.score - sum(c.terms.get(k, 0.0) for k in danger_terms) for c in top}
    best = -math.inf
    out: list[Candidate] = []
    for c in sorted(top, key=lambda c: -bound[id(c)]):
        if prune and bound[id(c)] < best - TOLERANCE:
            continue
        out.append(c)
        names = check.names(c)
        if names:  # else nobody could reach it there: no danger either way (or it leaves the board)
            reply = check.replies(c, names)
            if not reply.refused:
                check.settle(c, reply, names)
        best = max(best, c.score)
    kept = {id(c) for c in out}
    return [c for c in top if id(c) in kept]  # in rank order: the first of equals wins, as before


def checked_best_first(check: Check, top: list[Candidate]) -> list[Candidate]:
    """The plans of ``top`` that could be chosen, each re-scored in full, in ``top``'s order: the best of them
    (the first of equals) is :func:`checked_in_order`'s."""
    heap: list[tuple[float, int]] = []  # (-bound, rank)
    names: dict[int, list[str]] = {}
    done: set[int] = set()  # re-scored in full (or nothing to re-score)
    for rank, c in enumerate(top):
        names[rank] = check.names(c)
        if not names[rank]:
            done.add(rank)
            heap.append((-c.score, rank))
        else:  # none of its replies asked yet: its sandbox is made when it is first popped
            heap.append((-sum(check.terms(c, {}).values()), rank))
    heapq.heapify(heap)
    best = -math.inf
    while heap:
        neg, rank = heapq.heappop(heap)
        c = top[rank]
        if -neg < best - TOLERANCE:
            break  # no plan left can reach the best checked in full
        if rank in done:
            best = max(best, c.score)
            continue
        reply = check.replies(c, names[rank])
        if reply.refused:  # the engine refuses the moves: the plan keeps its terms, as before
            done.add(rank)
            heapq.heappush(heap, (-c.score, rank))
            continue
        now = check.bound(c, reply, names[rank])
        if now < -neg:  # another plan that ends alike has asked more replies since: a lower bound
            heapq.heappush(heap, (-now, rank))
            continue
        rest = [n for n in names[rank] if not reply.asked(n)]
        if not rest:
            check.settle(c, reply, names[rank])
            done.add(rank)
            heapq.heappush(heap, (-c.score, rank))
            continue
        ask = max(rest, key=check.guess(c))
        if check.spent() and reply.costs_a_plan(ask):
            return estimated(check, top, names, done)
        reply.of(ask)
        heapq.heappush(heap, (-check.bound(c, reply, names[rank]), rank))
    return [c for rank, c in enumerate(top) if rank in done]


def estimated(check: Check, top: list[Candidate], names: dict[int, list[str]], done: set[int]) -> list[Candidate]:
    """The budget ran out: every plan of ``top``, those not checked in full scored on their replies so far plus
    the position terms' estimate of the rest (:meth:`Check.estimated`)."""
    for rank, c in enumerate(top):
        if rank not in done:
            moves = check.key(c)
            check.estimated(c, check.seen.get(moves), names[rank])
    return top

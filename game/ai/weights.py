"""Every weight of the tactical AI, in one table per level.

A candidate turn's score is the sum of named terms, each a measured quantity
(expected hit points, chances, walking turns) times its weight here. The
terms are computed in ``tactical.py`` (position terms in ``positions.py``), told
to players in RULES.md and put in a GM's words by ``game/words/plan_words.py``;
levels differ only in this table. Tuned only on the arena's tuning maps and seeds
(map seeds 100-599, game seeds 1000-2999); reported on held-out sets declared
before each run (tools/ai_arena.py --help; the history is in docs/ai-tuning.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Weights:
    # --- what it deals (Wesnoth: chance to kill x target value, plus damage) --------------
    damage: float = 1.0  # per expected hit point dealt (capped at the target's hp)
    defeat: float = 1.0  # x defeat chance x the target's value
    wounded: float = 0.5  # x expected damage x the target's missing hp fraction: finish the wounded
    hazard: float = 1.0  # per expected hazard hp a shove (or a burst's push) deals
    friendly_fire: float = 1.5  # a friend caught in its own side's burst counts this many times against it
    spend: float = 0.75  # a burst used up: this x a one-hostile burst, shared among the uses left (R32)
    # --- what it takes next round (MegaMek: each hostile's threat shared among its choices) ---
    danger: float = 0.6  # per expected hit point taken next round (1 - Wesnoth's aggression 0.4)
    death: float = 1.0  # x chance of dying next round x own value
    full_caution: int = 12  # combatants on the board from which danger counts in full (fewer: in proportion,
    # positions.small_fight; 0: always in full). Death always counts in full.
    # --- position ------------------------------------------------------------------------
    approach: float = 1.2  # per turn of walking still needed to reach an attack hex
    zoc_stop: float = 0.3  # ending a non-attacking move stopped by zone of control
    support: float = 0.25  # per friend within 2 hexes (do not disperse)
    lane: float = 0.5  # ending beside a large friend, in its way to the fight it has not joined yet
    shield: float = 0.6  # standing between a wounded friend and the hostile nearest it
    flee: float = 0.7  # fraction of its own value a combatant gives up by fleeing
    retreat: float = 1.0  # per turn of distance from hostiles, when the fight is lost
    backtrack: float = 2.0  # ending, without striking, on a hex it left this turn or left last turn (a shuffle)
    # --- level behaviour -------------------------------------------------------------------
    reply: float = 0.0  # hard: each hostile strikes whom its blow is worth most against (> 0: how surely)
    focus: float = 0.0  # hard: joint assignment of the side's blows (coordinate.py); weight of what it adds
    replies: int = 0  # hard: its best this many turns re-scored by the hostiles' replies (reply.py)
    reply_work: int = 0  # hard: hostile turns planned for one decision at most, x the combatants on the board
    # (a plan's work grows with them; 0: no cap; reply_check.py). A count, not a clock: a seed gives one decision.
    deny: bool = False  # hard: a hostile its side will likely defeat before it acts threatens less
    commit: bool = False  # hard: keeps to the plan chosen at its turn's start (or its last dice) till dice roll
    noise: float = 0.0  # Gumbel noise (in score points) on every candidate: easy's mistakes
    next_round: bool = True  # easy looks one turn ahead only: no danger, death or retreat terms


NORMAL = Weights()
EASY = replace(NORMAL, next_round=False, noise=2.0, approach=0.8, support=0.0, lane=0.0, shield=0.0)
# Hard: the reply model, the side's joint assignment (focus counts a third of what friends add,
# deny discounts hostiles likely defeated before they act) and the one-reply check of its best
# eight plans. Next round's danger counts in full however few are on the board (full_caution 0):
# its replies see who will really strike, so the shared-threat overestimate that small_fight
# corrects for `normal` is not there to correct (tuning maps, 800 games against `normal`: 57.8 %
# against 54.0 %, tenth session). What each part scored, and what was tried and dropped:
# docs/ai-tuning.md. Its check plans at most 160 // (combatants on the board) hostile turns a decision
# (reply_work: 6 with 24 on the board, 20 with 8; half once it has acted, tactical.py): a big fight's
# worst turns took half a second (issue 18), while a fight of 8 seldom needs more than a dozen.
HARD = replace(NORMAL, reply=1.0, focus=0.3, deny=True, replies=8, commit=True, full_caution=0,
               reply_work=160)

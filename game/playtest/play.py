"""Play one AI-vs-AI game through :class:`game.match.Match` and keep its record.

Game k of a batch uses seed S+k: the match's dice are seeded with it, and the
AI's random generator with a string derived from it, so dice and AI choices
are two independent streams that both repeat exactly for the same seed on any
machine (``random.Random(str)`` hashes with SHA-512, not with Python's
per-process ``hash``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path

from game.match import Match, Policy
from game.rules import (
    SETUP,
    AreaCast,
    AreaHit,
    Attacked,
    Begin,
    Defeated,
    Disengaged,
    EncounterView,
    EndTurn,
    Fled,
    Moved,
    Pushed,
    Scenario,
    Shot,
    Shoved,
    TurnStarted,
)

from .record import (
    HEAT_DEFEATED,
    HEAT_FLANK,
    HEAT_FLED,
    HEAT_REAR,
    HEAT_ZOC,
    GameRecord,
    Tally,
    occupancy_layer,
)
from .summary import DRAW_ROUNDS

PolicyFactory = Callable[[str], Policy]

# A game that needs more than this many actions per combatant per round is an AI that
# never ends its turn: stop with a clear error instead of hanging the batch.
ACTIONS_PER_UNIT_ROUND = 200


class RunawayGameError(RuntimeError):
    """An AI kept acting without ending its turn."""


def ai_rng(seed: int) -> random.Random:
    return random.Random(f"playmat-playtest-ai:{seed}")


def play_game(
    scenario: Scenario,
    seed: int,
    levels: Mapping[str, str],
    policy_for: PolicyFactory,
    *,
    max_rounds: int = DRAW_ROUNDS,
    log_path: str | Path | None = None,
) -> GameRecord:
    """Play the map's setup to the end (or to ``max_rounds``) with every faction AI-controlled."""
    controllers = {faction: policy_for(level) for faction, level in levels.items()}
    match = Match(scenario, seed=seed, log_path=log_path, controllers=controllers)
    enc = match.encounter
    tally = Tally({v.name: v.hp for v in enc.views()})
    names = list(tally.hp)
    rng = ai_rng(seed)
    actions = 0
    limit = ACTIONS_PER_UNIT_ROUND * max(1, len(names)) * (max_rounds + 1)
    draw = False
    if enc.phase == SETUP:
        _observe(match.submit(Begin()).events, enc, tally, None)
        actions += 1
    while not enc.is_over():
        if enc.round > max_rounds:
            draw = True  # still active after the last round (docs/cli.md, playtest)
            break
        actor = enc.turn
        applied = match.step(rng)
        actions += 1
        _observe(applied.events, enc, tally, actor if isinstance(applied.action, EndTurn) else None)
        if actions > limit:
            raise RunawayGameError(f"seed {seed}: {actions} actions by round {enc.round} without the game ending")
    survivors = tuple(v.name for v in enc.views() if v.active)
    return GameRecord(
        seed=seed,
        winners=() if draw or (outcome := enc.outcome()) is None else outcome.winners,
        draw=draw,
        rounds=max_rounds if draw else enc.round,
        actions=actions,
        survivors=survivors,
        damage_dealt=dict(tally.dealt),
        damage_taken=dict(tally.taken),
        counts=dict(tally.counts),
        heat=tally.heat_dict(),
        fled=tuple(tally.fled),
        fled_from=tuple(tally.fled_from),
        struck=tuple(sorted(tally.struck)),
    )


def _observe(events: tuple[object, ...], enc: EncounterView, tally: Tally, ended_turn: str | None) -> None:
    """Count one action's events. ``ended_turn`` is the actor when the action was its end of turn."""
    shover: str | None = None
    for ev in events:
        if isinstance(ev, Moved):
            if ev.stopped_by:
                tally.count("zoc_stops")
                tally.mark(HEAT_ZOC, [ev.path[-1]])
        elif isinstance(ev, Attacked):
            tally.count("attacks")
            tally.struck.add(enc.view(ev.unit).faction)
            if ev.hit:
                tally.count("hits")
                tally.damage(ev.unit, ev.target, ev.damage or 0)
            if ev.arc in ("left", "right", "rear"):
                layer, key = (HEAT_REAR, "rear_attacks") if ev.arc == "rear" else (HEAT_FLANK, "flank_attacks")
                tally.count(key)
                tally.mark(layer, [enc.view(ev.unit).cell])
        elif isinstance(ev, Shoved):
            tally.count("shoves")
            tally.struck.add(enc.view(ev.unit).faction)
            shover = ev.unit
            if ev.hit:
                tally.count("shove_hits")
        elif isinstance(ev, Pushed):
            credit = shover if shover is not None and enc.hostile(shover, ev.unit) else None  # not friendly fire
            tally.damage(credit, ev.unit, ev.hazard_damage)
            if ev.fell:
                tally.count("falls")
        elif isinstance(ev, Shot):
            tally.count("shots")
            tally.struck.add(enc.view(ev.unit).faction)
            tally.count("cover", int(ev.cover > 0))
            if ev.hit:
                tally.count("shot_hits")
                tally.damage(ev.unit, ev.target, ev.damage)
        elif isinstance(ev, AreaCast):
            tally.count("casts")
            tally.struck.add(enc.view(ev.unit).faction)
            shover = ev.unit  # a push into a hazard counts for the caster, as a shove for the shover
        elif isinstance(ev, AreaHit):
            tally.count("area_rolls")
            tally.count("cover", int(ev.cover > 0))
            if ev.hit:
                tally.count("area_hits")
                friendly = ev.target == ev.unit or not enc.hostile(ev.unit, ev.target)
                tally.count("friendly_fire", int(friendly))
                tally.damage(None if friendly else ev.unit, ev.target, ev.damage)
        elif isinstance(ev, TurnStarted):
            tally.damage(None, ev.unit, ev.hazard_damage)
            tally.count("sight_blocks", int(_sight_blocked(enc, ev.unit)))
        elif isinstance(ev, Disengaged):
            tally.count("disengages")
        elif isinstance(ev, Fled):
            tally.count("flees")
            cell = enc.view(ev.unit).cell  # where it stood when it left
            tally.fled.append(ev.unit)
            tally.fled_from.append((int(cell[0]), int(cell[1])))
            tally.mark(HEAT_FLED, [cell])
        elif isinstance(ev, Defeated):
            tally.count("defeats")
            tally.mark(HEAT_DEFEATED, [enc.view(ev.unit).cell])
    if ended_turn is not None:
        v = enc.view(ended_turn)
        if v.active:
            tally.mark(occupancy_layer(v.faction), enc.footprint(ended_turn))


def _sight_blocked(enc: EncounterView, name: str) -> bool:
    """Whether ``name`` begins its turn with a ranged profile and a hostile in range (R29) it cannot see (R30).

    Counted where it stands when the turn begins: it may still step into sight before it acts.
    """
    me = enc.view(name)
    if not me.active or me.ranged is None:
        return False
    lo, hi = me.ranged.min_range, me.ranged.max_range
    return any(v.active and enc.hostile(name, v.name) and lo <= enc.distance(name, v.name) <= hi
               and not enc.sees(name, v.name) for v in enc.views())

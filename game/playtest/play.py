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
    Begin,
    EncounterView,
    EndTurn,
    Pushed,
    Scenario,
    Shoved,
)

from .event_counts import count_event, count_push
from .record import GameRecord, Tally, occupancy_layer
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
    """Count one action's events (game.playtest.event_counts). ``ended_turn`` is the actor when the action was
    its end of turn: where it stands then is marked on its faction's occupancy heatmap."""
    shover: str | None = None  # whose shove or area burst moved the next Pushed combatant
    for ev in events:
        if isinstance(ev, Pushed):
            count_push(ev, enc, tally, shover)
            continue
        count_event(ev, enc, tally)
        if isinstance(ev, Shoved | AreaCast):
            shover = ev.unit  # a push into a hazard counts for the caster, as a shove for the shover
    if ended_turn is not None:
        v = enc.view(ended_turn)
        if v.active:
            tally.mark(occupancy_layer(v.faction), enc.footprint(ended_turn))

"""How a game was played, counted from its action log: passive turns, shuffles, quiet stretches, tactics.

:func:`count_behaviour` replays a log on a fresh encounter and asks the engine,
at the start of every combatant turn, what that combatant could have done:

- a **passive turn**: an attack, a shove or a shot was reachable this turn
  (from some hex the combatant could end its move on, the engine's
  ``reach_for`` and ``preview_attacks`` / ``preview_shove`` /
  ``ThreatZones.shot_odds`` say it would be legal) and none was made (nor a
  burst cast), and the combatant did not retreat (end where fewer hostiles
  could attack it next turn, ``next_turn_attackers``), disengage or flee
  instead;
- a **shuffle**: a turn without attack, shove, shot, burst, disengage or flee in which the
  combatant stood on some hex twice (p -> q -> p within the turn, which
  includes ending where it started after moving), or which ended where its
  turn before last ended and not where its last turn ended, with nothing done
  in either (p -> q -> p across turns);
- the **longest quiet stretch**: the most consecutive rounds in which nobody
  attacked, shoved, shot or cast;
- **tactics**: shoves, disengages and flees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from game.rules import (
    Action,
    Attack,
    Begin,
    Cast,
    Disengage,
    Encounter,
    EndTurn,
    Flee,
    Scenario,
    Shoot,
    Shove,
    ThreatZones,
)

Cell = tuple[int, int]


@dataclass
class TurnRecord:
    """One combatant turn as the counter saw it."""

    round: int
    unit: str
    start: Cell
    could_strike: bool  # an attack or shove was reachable at the turn's start
    attackers_at_start: int  # hostiles that could attack it next turn where it started
    cells: list[Cell] = field(default_factory=list)  # where it stood, in order (the start first)
    struck: bool = False  # attacked or shoved
    tactic: bool = False  # disengaged or fled
    retreated: bool = False
    passive: bool = False
    shuffle: bool = False


@dataclass
class Behaviour:
    """The counts of one game (see the module doc)."""

    turns: int = 0
    passive: int = 0
    shuffles: int = 0
    longest_quiet: int = 0
    rounds: int = 0
    shoves: int = 0
    disengages: int = 0
    flees: int = 0
    records: list[TurnRecord] = field(default_factory=list)

    @property
    def tactics(self) -> int:
        return self.shoves + self.disengages + self.flees


def could_strike(enc: Encounter, name: str) -> bool:
    """Whether ``name``, the current actor, could attack, shove or shoot some hostile this turn (moving first if
    need be). A burst is not counted: keeping a limited use for later is no passivity."""
    me = enc.view(name)
    reach = enc.reach_for(name)
    cells = [me.cell] + [cell for cell, _cost, _stops in reach.destinations()]
    hostile = enc.hostile_factions(me.faction)
    flats = np.array([enc.board.flat(c) for c in cells])
    zones = ThreatZones(enc) if me.ranged is not None else None
    for h in enc.views():
        if not h.active or h.faction not in hostile:
            continue
        if zones is not None and zones.shot_odds(me, h, flats).legal.any():
            return True
        gaps = [max(0, enc.layout.distance(c, h.cell) - me.radius - h.radius) for c in cells]
        band = [c for c, g in zip(cells, gaps, strict=True) if me.reach_min <= g <= me.reach]
        if band and any(p.legal is None for p in enc.preview_attacks(name, h.name, band)):
            return True
        if h.radius <= me.radius:
            for c, g in zip(cells, gaps, strict=True):
                if g == 1 and enc.preview_shove(name, h.name, at=c).legal is None:
                    return True
    return False


def count_behaviour(scenario: Scenario, actions: Sequence[Action]) -> Behaviour:
    """Replay ``actions`` (a game's log) from ``scenario`` and count how it was played."""
    enc = Encounter(scenario)
    out = Behaviour()
    turn: TurnRecord | None = None
    ends: dict[str, list[tuple[Cell, bool]]] = {}  # per combatant: (where each turn ended, did something)
    struck_rounds: set[int] = set()
    for action in actions:
        if isinstance(action, Begin) or enc.turn is None:
            enc.apply(action)
            continue
        name = enc.turn
        if turn is None or turn.unit != name or turn.round != enc.round:
            me = enc.view(name)
            turn = TurnRecord(enc.round, name, me.cell, could_strike(enc, name),
                              len(enc.next_turn_attackers(me.cell, name)), [me.cell])
        if isinstance(action, EndTurn) and enc.view(name).active:
            _close(enc, turn, ends, out)
        enc.apply(action)
        if isinstance(action, Attack | Shove | Shoot | Cast):
            turn.struck = True
            struck_rounds.add(turn.round)
            out.shoves += isinstance(action, Shove)
        elif isinstance(action, Disengage | Flee):
            turn.tactic = True
            out.disengages += isinstance(action, Disengage)
            out.flees += isinstance(action, Flee)
            if isinstance(action, Flee):
                _close(enc, turn, ends, out)
        if enc.view(name).active and enc.view(name).cell != turn.cells[-1]:
            turn.cells.append(enc.view(name).cell)
    out.rounds = max((t.round for t in out.records), default=0)  # the rounds in which somebody had a turn
    run = 0
    for r in range(1, out.rounds + 1):
        run = 0 if r in struck_rounds else run + 1
        out.longest_quiet = max(out.longest_quiet, run)
    return out


def _close(enc: Encounter, turn: TurnRecord, ends: dict[str, list[tuple[Cell, bool]]], out: Behaviour) -> None:
    """Judge a finished turn (before its end of turn is applied) and add it to ``out``."""
    end = turn.cells[-1]
    acted = turn.struck or turn.tactic
    if end != turn.start and enc.view(turn.unit).active:
        turn.retreated = len(enc.next_turn_attackers(end, turn.unit)) < turn.attackers_at_start
    turn.passive = turn.could_strike and not acted and not turn.retreated
    back_within = len(set(turn.cells)) < len(turn.cells)
    past = ends.setdefault(turn.unit, [])
    back_across = (len(past) >= 2 and end == past[-2][0] and end != past[-1][0] and not past[-1][1])
    turn.shuffle = not acted and (back_within or back_across)
    past.append((end, acted))
    out.turns += 1
    out.passive += turn.passive
    out.shuffles += turn.shuffle
    out.records.append(turn)

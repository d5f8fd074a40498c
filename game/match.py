"""A match: one encounter being played, who controls each faction, its dice seed and its log.

Every action — a human's click, an AI's choice, a line of a resumed log —
goes through :meth:`Match.submit`: the encounter's one check and apply,
then the recorded line is appended to the log file and flushed to disk
before the next action, so a killed game loses nothing it played. Opening
a match on an existing log replays it exactly (the log records every roll)
and play continues from there: the log is the save file.

>>> m = Match.open(scenario, "fight.jsonl", controllers={"enemy": policy})   # doctest: +SKIP
>>> m.submit(Begin()); m.step(random.Random(1))                             # doctest: +SKIP
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from game.rules import (
    FACTIONS,
    Action,
    Applied,
    Edit,
    Encounter,
    EncounterView,
    Face,
    GrantMovement,
    IllegalActionError,
    Join,
    Move,
    Place,
    Push,
    Remove,
    SaveError,
    SaveFile,
    Scenario,
    SetHp,
    SetThreatening,
    limits,
    read_log,
    replay,
)

HUMAN = "human"
DEFAULT_HUMAN_FACTIONS = ("player", "ally")
# The GM's corrections: the GM may take the last one back at any time, dice or not (a GM who typed the
# wrong hp or dropped a token on the wrong hex fixes it; nobody's roll is taken back with it).
GM_UNDOABLE = (Place, Push, GrantMovement, SetThreatening, Join, Remove, SetHp, Edit)


class Policy(Protocol):
    """Anything that picks the current actor's next action from what a player can see."""

    def choose(self, view: EncounterView, rng: random.Random) -> Action: ...


Controller = str | Policy  # HUMAN or a policy


class Match:
    """The encounter, its controllers and its log; the only way clients change the state."""

    def __init__(
        self,
        scenario: Scenario,
        *,
        seed: int | None = None,
        log_path: str | os.PathLike[str] | None = None,
        controllers: Mapping[str, Controller] | None = None,
        encounter: Encounter | None = None,
        save: SaveFile | None = None,
    ) -> None:
        if seed is not None:
            scenario = replace(scenario, seed=seed)
        self.scenario = scenario
        self._encounter: Encounter = encounter if encounter is not None else Encounter(scenario)
        self.controllers: dict[str, Controller] = {f: HUMAN for f in DEFAULT_HUMAN_FACTIONS}
        self.controllers.update(controllers or {})
        unknown = sorted(set(self.controllers) - set(FACTIONS))
        if unknown:
            raise ValueError(f'faction "{unknown[0]}" is not one of {", ".join(FACTIONS)}')
        self.log_path = Path(log_path) if log_path is not None else None
        self.applied: list[Applied] = []
        self._factions: dict[str, str] = {}
        # The log is the save: held open and locked while this match lives (SaveFile; SaveError: one line).
        self._save = save if save is not None or self.log_path is None else SaveFile(self.log_path)
        self.save_error: str | None = None  # the last failed save, until a save succeeds again

    @classmethod
    def open(
        cls,
        scenario: Scenario,
        log_path: str | os.PathLike[str] | None = None,
        *,
        seed: int | None = None,
        controllers: Mapping[str, Controller] | None = None,
    ) -> Match:
        """A new match, or the one saved in ``log_path`` resumed exactly (LogError names a bad line).

        The log is locked first (SaveError names the process holding it) and a torn last line mended
        (:attr:`notice` says so), so what is replayed is exactly what this match appends to.
        """
        if seed is not None:
            scenario = replace(scenario, seed=seed)
        if log_path is None:
            return cls(scenario, controllers=controllers)
        save = SaveFile(log_path)
        try:
            encounter = replay(scenario, read_log(log_path, scenario.board.layout, scenario=scenario))
        except BaseException:
            save.undo_mend()  # a save the game refuses is left exactly as it was
            save.close()
            raise
        return cls(scenario, log_path=log_path, controllers=controllers, encounter=encounter, save=save)

    @property
    def notice(self) -> str | None:
        """One line for the player when opening mended the save's torn last line (else None)."""
        return self._save.notice if self._save is not None else None

    def close(self) -> None:
        """Let go of the save and its lock; this match saves nothing after this."""
        if self._save is not None:
            self._save.close()
            self._save = None

    # --- reading ---------------------------------------------------------------------
    @property
    def encounter(self) -> EncounterView:
        """The live encounter: read it; change it only through :meth:`submit`."""
        return self._encounter

    def controller_of(self, name: str) -> Controller:
        faction = self._factions.get(name)
        if faction is None:  # a combatant's faction never changes: looked up once (asked every step)
            faction = self._factions[name] = self._encounter.view(name).faction
        return self.controllers.get(faction, HUMAN)

    def current_controller(self) -> Controller | None:
        turn = self._encounter.turn
        return None if turn is None else self.controller_of(turn)

    def current_policy(self) -> Policy | None:
        """The policy that plays the current actor, None when a human does (or nobody is to act)."""
        controller = self.current_controller()
        return None if controller is None or isinstance(controller, str) else controller  # the one str is HUMAN

    def is_human_turn(self) -> bool:
        return self.current_controller() == HUMAN

    def human_factions(self) -> frozenset[str]:
        """The factions of the board's combatants that a human plays: whose side a watcher is on."""
        return frozenset(v.faction for v in self._encounter.views() if self.controller_of(v.name) == HUMAN)

    def is_ai_turn(self) -> bool:
        c = self.current_controller()
        return c is not None and c != HUMAN

    # --- playing ---------------------------------------------------------------------
    def submit(self, action: Action) -> Applied:
        """Check and apply ``action``; append the recorded line to the log and flush it to disk.

        When the line cannot be saved (a full disk, an I/O error) the action is taken back and
        :class:`SaveError` says so in one line: never a state the save file does not hold.
        """
        applied = self._encounter.apply(action)
        if self._save is not None:
            try:
                self._save.append(applied.action.to_json())
            except SaveError as err:
                self._encounter.undo()
                self.save_error = str(err)
                raise
            self.save_error = None
        self.applied.append(applied)
        if isinstance(action, Edit):
            self._factions.pop(action.unit, None)  # an edit in setup may change its faction
        return applied

    def can_undo(self) -> str | None:
        """None when the last action may be taken back, else why not: the GM's last correction, or the
        current actor's moves and turns while no dice were rolled this turn (Wesnoth)."""
        enc = self._encounter
        if not enc.history:
            return "undo: nothing has been played"
        if not enc.undo_depth:
            return f"undo: only the last {limits.MAX_UNDO_ACTIONS} actions can be taken back"
        if isinstance(enc.history[-1], GM_UNDOABLE):
            return None
        if enc.dice_rolled_this_turn():
            return "undo: dice were rolled this turn"
        last = enc.history[-1]
        if not isinstance(last, Move | Face) or last.unit != enc.turn:
            return "undo: only the current combatant's moves and turns can be taken back"
        return None

    def undo(self) -> Action:
        """Take back the last GM correction, or move or turn of the current actor; the log loses its last line."""
        why = self.can_undo()
        if why is not None:
            raise IllegalActionError(why)
        if self._save is not None:
            self._save.drop_last_line()  # the file first: a failure (SaveError) leaves both as they were
        action = self._encounter.undo()
        if isinstance(action, Edit):
            self._factions.pop(action.unit, None)
        if self.applied and self.applied[-1].action == action:
            self.applied.pop()
        return action

    def policy_view(self, rng: random.Random) -> EncounterView:
        """What a policy sees: a copy of the encounter whose dice come from ``rng``, never the coming ones."""
        return self._encounter.sandbox(rng)

    def prepare_decision(self, rng: random.Random) -> Callable[[], Action]:
        """The current actor's policy decision, to run later (the window runs it on a worker thread).

        The policy's view is built now, on the calling thread; the returned call only reads that copy, so
        the live encounter is never touched while it runs."""
        policy = self.current_policy()
        if policy is None:
            raise IllegalActionError("decide: no AI controls the current actor")
        view = self.policy_view(rng)
        return lambda: policy.choose(view, rng)

    def decide(self, rng: random.Random) -> Action:
        """What the current actor's policy would do now; it sees a sandbox, never the coming dice."""
        return self.prepare_decision(rng)()

    def step(self, rng: random.Random) -> Applied:
        """Let the current actor's policy act once."""
        return self.submit(self.decide(rng))

"""AI turns in the window: the policy thinks on a worker thread, the main thread submits and animates.

:class:`AIDriver` asks the match for the decision (``Match.prepare_decision``:
the policy's view, a sandbox whose dice come from the driver's rng, is built by
the match on the main thread before the worker starts), so frames keep flowing
while it thinks and the live encounter is never touched off the main thread.
The driver never builds a view itself; the scene submits what it returns
through ``Match.submit`` like any click.
"""

from __future__ import annotations

import math
import random
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Protocol

from game.ai import DEFAULT_LEVEL, explain, policy_for
from game.match import Policy
from game.rules import Action, EncounterView
from game.words.plan_words import plan_words

from .narration import action_line

AI_PAUSE_S = {1.0: 0.45, 2.0: 0.2}  # pause after each AI action at 1x / 2x (instant: none)


class DecidingMatch(Protocol):
    """What the driver needs of ``game.match.Match``."""

    @property
    def encounter(self) -> EncounterView: ...

    def is_ai_turn(self) -> bool: ...

    def prepare_decision(self, rng: random.Random) -> Callable[[], Action]: ...

    def policy_view(self, rng: random.Random) -> EncounterView: ...


def policy_for_level(level: str | None) -> tuple[Policy, str, str]:
    """(policy, its level, the label shown on screen) from game.ai."""
    lvl = level or DEFAULT_LEVEL
    return policy_for(lvl), lvl, f"{lvl} AI"


def explain_lines(view: EncounterView, level: str, rng: random.Random) -> list[str]:
    """The AI's plan for the rest of the turn and why, in the words ``playmat suggest`` prints (game/words): the
    plan with its odds, whether it passed up a blow, its largest reasons. (The bare term names and scores,
    "approach: -0.86", were a developer's view: a player reads "-0.9 for how far it still has to walk".)"""
    plan = explain(view, level, rng, declined=True)
    lines = plan_words(view, plan, random.Random(rng.random()))
    head = f"{plan.unit} ({plan.level}): "
    if lines and lines[0].startswith(head):
        rest = lines[0][len(head):]
        lines[0] = "Plan: " + rest[:1].lower() + rest[1:]
    if "best_blow" in plan.extra:  # the blow passed up is named with why it lost: the list of every blow in reach
        lines = [line for line in lines if not line.startswith("It could ")]  # would only make the box taller
    return lines


class Thinker:
    """One decision at a time on a daemon thread; poll :meth:`take` from the main loop."""

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.reasons: list[str] = []

    @property
    def thinking(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, decide: Callable[[], Action], explain: Callable[[], list[str]] | None = None) -> None:
        """Run ``decide`` (and ``explain``, the AI's reasons, when asked for) on the worker."""
        self.result = self.error = None
        self.reasons = []

        def work() -> None:
            try:
                self.result = decide()
                if explain is not None:
                    self.reasons = explain()
            except BaseException as err:  # handed to the main thread, raised there
                self.error = err

        # A shorter switch interval lets the render thread take the GIL back sooner while the policy runs.
        sys.setswitchinterval(0.001)
        self.thread = threading.Thread(target=work, name="playmat-ai", daemon=True)
        self.thread.start()

    def take(self, settle: bool = False) -> Action | None:
        """The decision once the worker is done (raises what it raised), else None; ``settle``: wait for it."""
        if settle and self.thread is not None:
            self.thread.join()
        if self.thread is None or self.thread.is_alive():
            return None
        self.thread = None
        sys.setswitchinterval(0.005)
        if self.error is not None:
            raise self.error
        result, self.result = self.result, None
        return result


class AIDriver:
    """Paces the AI's turns: think (on the worker), hand the action over, pause so a player can follow."""

    def __init__(self, seed: int, levels: Mapping[str, str], labels: Mapping[str, str], settle: bool = False) -> None:
        self.seed = seed
        self.settle = settle  # headless: wait for each decision (the same frames on every machine)
        self.rng = random.Random(seed)
        self.levels = dict(levels)  # faction -> AI level (its explanations need it)
        self.labels = dict(labels)  # faction -> "normal AI"
        self.thinker = Thinker()
        self.wait = 0.0
        self.lines: list[str] = []  # the AI's reasons for its last choice (X / --explain-ai)
        self.who = ""  # whose reasons, and what it chose
        self._stale = False  # the match changed under the worker (a map reload): drop what it decides

    @property
    def thinking(self) -> bool:
        return self.thinker.thinking

    def forget(self) -> None:
        """The match was replaced (map reload): whatever the worker is deciding belongs to the old one."""
        self._stale = self.thinker.thread is not None
        self.wait = 0.0

    def reasons_shown(self, match: DecidingMatch) -> tuple[str, list[str]] | None:
        """(whose, the lines) of the AI's reasons while they are news: through the AI's turns, gone once a human's
        turn begins or the battle is over. They used to stay up over the player's whole turn, the last AI step
        ("Archer 2, normal AI: End of turn") read as if it were still to come."""
        if not self.lines or not match.is_ai_turn() or match.encounter.is_over():
            return None
        return self.who, self.lines

    def tick(self, match: DecidingMatch, dt: float, speed: float, explain: bool) -> Action | None:
        """Called every update on an AI's turn: the action to submit now, or None (thinking, pausing)."""
        if self.wait > 0 and speed != math.inf:
            self.wait -= dt
            return None
        if self.thinker.thread is None:
            self._start(match, explain)
            return None
        action = self.thinker.take(self.settle)
        if self._stale and self.thinker.thread is None:
            self._stale = False
            return None
        if action is None:
            return None
        enc = match.encounter
        if self.thinker.reasons and enc.turn is not None:
            faction = enc.view(enc.turn).faction
            self.lines = self.thinker.reasons
            self.who = f"{enc.turn}, {self.labels.get(faction, 'AI')}: {action_line(action)}"
        self.wait = AI_PAUSE_S.get(speed, 0.0)
        return action

    def _start(self, match: DecidingMatch, explain: bool) -> None:
        enc = match.encounter
        assert enc.turn is not None
        faction = enc.view(enc.turn).faction
        level = self.levels.get(faction)
        why: Callable[[], list[str]] | None = None
        if explain and level:
            view = match.policy_view(random.Random(self.seed))
            why_rng = random.Random(self.rng.random())
            why = lambda: explain_lines(view, level, why_rng)  # noqa: E731
        self.thinker.start(match.prepare_decision(self.rng), why)

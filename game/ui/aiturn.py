"""AI turns in the window: the policy thinks on a worker thread, the main thread submits and animates.

The worker gets ``encounter.sandbox(rng)`` (a clone whose dice come from
``rng``, built on the main thread before the worker starts), exactly what
``Match.decide`` hands the policy, so frames keep flowing while it thinks and
the live encounter is never touched off the main thread.
"""

from __future__ import annotations

import random
import sys
import threading

from game.ai import DEFAULT_LEVEL, explain, policy_for
from game.match import Policy
from game.rules import Action, Encounter


def policy_for_level(level: str | None) -> tuple[Policy, str, str]:
    """(policy, its level, the label shown on screen) from game.ai."""
    lvl = level or DEFAULT_LEVEL
    return policy_for(lvl), lvl, f"AI ({lvl})"


def explain_lines(view: Encounter, level: str, rng: random.Random) -> list[str]:
    """The AI's plan for the rest of the turn and the score terms behind its choice (game.ai.explain)."""
    plan = explain(view, level, rng)
    lines = []
    if plan.summary:
        lines.append(plan.summary)
    lines.append("plan: " + ", then ".join(action_words(a) for a in plan.actions))
    for t in sorted(plan.terms, key=lambda t: -abs(t.value))[:6]:
        lines.append(f"  {t.term.replace('_', ' ')}: {t.value:+.2f}")
    return lines


def action_words(action: Action) -> str:
    d = action.to_dict()
    kind = str(d.pop("action", type(action).__name__)).replace("_", " ")
    d.pop("unit", None)
    d.pop("path", None)
    rest = " ".join(f"{k} {','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in d.items()
                    if v is not None)
    return f"{kind} {rest}".strip()


class Thinker:
    """One decision at a time on a daemon thread; poll ``result`` from the main loop."""

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.for_turn: tuple[int, str | None, int] | None = None
        self.reasons: list[str] = []

    @property
    def thinking(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, policy: Policy, sandbox: Encounter, rng: random.Random, key: tuple[int, str | None, int],
              explain: tuple[Encounter, str] | None = None) -> None:
        """Decide on ``sandbox``; with ``explain=(second sandbox, level)`` also work out the AI's reasons."""
        self.result = self.error = None
        self.reasons = []
        self.for_turn = key
        why_rng = random.Random(rng.random()) if explain is not None else None

        def work() -> None:
            try:
                self.result = policy.choose(sandbox, rng)
                if explain is not None and why_rng is not None:
                    self.reasons = explain_lines(explain[0], explain[1], why_rng)
            except BaseException as err:  # handed to the main thread, raised there
                self.error = err

        # A shorter switch interval lets the render thread take the GIL back sooner while the policy runs.
        sys.setswitchinterval(0.001)
        self.thread = threading.Thread(target=work, name="playmat-ai", daemon=True)
        self.thread.start()

    def take(self) -> Action | None:
        """The decision once the worker is done (raises what it raised), else None."""
        if self.thread is None or self.thread.is_alive():
            return None
        self.thread = None
        sys.setswitchinterval(0.005)
        if self.error is not None:
            raise self.error
        result, self.result = self.result, None
        return result

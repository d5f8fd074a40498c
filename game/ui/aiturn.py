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
from typing import Any


class BaselinePolicy:
    """Stands in until game.ai lands, and says so on screen: attack if it can, else step toward the
    nearest hostile, else end the turn. Not the AI."""

    label = "baseline policy (game.ai not installed)"

    def choose(self, view: Any, rng: random.Random) -> Any:
        legal = view.legal_actions()
        me = view.turn
        kinds = {type(a).__name__: [] for a in legal}
        for a in legal:
            kinds[type(a).__name__].append(a)
        if kinds.get("Attack"):
            return rng.choice(kinds["Attack"])
        moves = kinds.get("Move", [])
        if moves and view.view(me).movement > 0:
            foes = [v for v in view.views() if v.active and view.hostile(me, v.name)]
            if foes:
                lay = view.layout
                here = view.view(me).cell

                def gap(cell: tuple[int, int]) -> int:
                    return min(lay.distance(cell, f.cell) for f in foes)

                best = min(moves, key=lambda a: (gap(a.to), rng.random()))
                if gap(best.to) < gap(here):
                    return best
        for kind in ("EndTurn", "Flee"):
            if kinds.get(kind):
                return kinds[kind][0]
        return legal[0]


def policy_for_level(level: str | None) -> tuple[Any, str]:
    """(policy, label shown on screen) for an AI level; the baseline while game.ai is missing."""
    try:
        from game.ai import policy_for  # type: ignore[attr-defined]
    except ImportError:
        return BaselinePolicy(), BaselinePolicy.label
    lvl = level or "normal"
    return policy_for(lvl), f"AI ({lvl})"


def explain(policy: Any, view: Any, action: Any) -> list[str]:
    """The AI's reasons for ``action`` when game.ai can tell them, as short lines."""
    try:
        from game.ai import explain as ai_explain  # type: ignore[attr-defined]
    except ImportError:
        return ["(no explanation: game.ai is not installed; the baseline attacks or closes in)"]
    try:
        why = ai_explain(view, action)
    except Exception as err:  # explanation is a courtesy: never let it stop the game
        return [f"(no explanation: {type(err).__name__})"]
    if isinstance(why, str):
        return why.splitlines()
    out = []
    for item in why or []:
        if isinstance(item, dict):
            out.append(f"{item.get('term', '?')}: {item.get('value', '')}")
        elif isinstance(item, tuple | list) and len(item) == 2:
            out.append(f"{item[0]}: {item[1]}")
        else:
            out.append(str(item))
    return out


class Thinker:
    """One decision at a time on a daemon thread; poll ``result`` from the main loop."""

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.result: Any = None
        self.error: BaseException | None = None
        self.for_turn: tuple[int, str | None, int] | None = None

    @property
    def thinking(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, policy: Any, sandbox: Any, rng: random.Random, key: tuple[int, str | None, int]) -> None:
        self.result = self.error = None
        self.for_turn = key

        def work() -> None:
            try:
                self.result = policy.choose(sandbox, rng)
            except BaseException as err:  # handed to the main thread, raised there
                self.error = err

        # A shorter switch interval lets the render thread take the GIL back sooner while the policy runs.
        sys.setswitchinterval(0.001)
        self.thread = threading.Thread(target=work, name="playmat-ai", daemon=True)
        self.thread.start()

    def take(self) -> Any:
        """The decision once the worker is done (raises what it raised), else None."""
        if self.thread is None or self.thread.is_alive():
            return None
        self.thread = None
        sys.setswitchinterval(0.005)
        if self.error is not None:
            raise self.error
        result, self.result = self.result, None
        return result

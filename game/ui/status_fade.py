"""A refusal on the status line gives way to the turn's hint after a few seconds.

Found on the Black Gull: "Cannot move: Selkie may not enter ..." still stood on the status line while the
player hovered a hex Selkie could reach, as if that hex were the refused one. A refusal answers one click;
once it has been read the line goes back to what the player can do now (Wesnoth's and Foundry's
notices fade the same way). Other lines (what just happened, a mode's instructions) stay until replaced.
"""

from __future__ import annotations

from collections.abc import Callable

REFUSAL_HOLD_S = 5.0  # long enough to read a two-clause refusal twice
REFUSALS = ("Cannot ", "Not allowed: ")  # how narration.refusal words them


class StatusFade:
    """Counts how long the status line has said the same thing; a refusal past its hold is replaced."""

    def __init__(self, hold_s: float = REFUSAL_HOLD_S) -> None:
        self.hold_s = hold_s
        self._text: str | None = None
        self._age = 0.0

    def tick(self, status: str, dt: float, idle: Callable[[], str]) -> str:
        """The status line after ``dt`` more seconds: ``status``, or ``idle()`` once a refusal is old."""
        if status != self._text:
            self._text, self._age = status, 0.0
            return status
        self._age += dt
        if self._age >= self.hold_s and status.startswith(REFUSALS):
            self._text, self._age = idle(), 0.0
            return self._text
        return status

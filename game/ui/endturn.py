"""Ending a turn from the window: when to ask first, and a second Enter that must not end the next turn too.

Found in a play-through: Lysa was asked before her turn ended after she had attacked, Corin was not, because
the old rule asked whenever more than half the movement was left, acted or not. The rule now is one a player
can predict, and the question names the reason:

- the action is unused and a hostile can be attacked (or shot) from where the combatant stands, or
- the combatant has neither moved nor acted this turn (a turn ended before anything was done is the
  accidental one).

Movement left over after moving, or after an attack (or any action) with or without a move, is not worth a
question: the player has already played the turn. As in Wesnoth, where a unit that attacked counts as done:
asking after every blow struck from where the striker stood (Miller's Ford, a play-through) made the question
routine, and a routine question is answered without reading.

A quick double Enter ended two turns (the second press landed on the next human's turn). As Wesnoth does, the
end-turn key and button are ignored from the moment a turn is ended there until the next turn has been shown:
its animations played, the camera arrived at the new actor, and a short moment gone by.
"""

from __future__ import annotations

from typing import Any, NamedTuple

SETTLE_S = 0.5  # seconds after an ended turn during which Enter (or the button) ends nothing


class Why(NamedTuple):
    text: str  # the reason, said ("Lysa can still attack Orc 1")
    foe: str | None  # the hostile it names: the question keeps it in sight


def why_ask(enc: Any, actor: str) -> Why | None:
    """Why ending ``actor``'s turn now deserves a question ("Lysa can still attack Orc 1"), or None."""
    if not enc.acted:
        for o in enc.views():
            if not (o.active and enc.hostile(actor, o.name)):
                continue
            if enc.can_attack(actor, o.name) is None:
                return Why(f"{actor} can still attack {o.name}", o.name)
            if enc.view(actor).ranged is not None and enc.can_shoot(actor, o.name) is None:
                return Why(f"{actor} can still shoot {o.name}", o.name)
        v = enc.view(actor)
        if v.movement_max > 0 and v.movement == v.movement_max and not v.zoc_exhausted:
            return Why(f"{actor} has not moved or acted yet ({v.movement} movement left)", None)
    return None


class EndTurnGuard:
    """Holds the end-turn command back between a turn ended from the window and the next turn being shown."""

    def __init__(self) -> None:
        self.armed = False  # a turn was just ended from the window: the next one is not on screen yet
        self.waited = 0.0  # seconds since then (the fixed-step clock, so tests and replays are exact)

    def ended(self) -> None:
        """A turn was ended by Enter or the End turn button (directly or by answering the question)."""
        self.armed = True
        self.waited = 0.0

    def tick(self, dt: float, shown: bool) -> None:
        """One update; ``shown``: the new turn is on screen (nothing animating, the camera at rest)."""
        if not self.armed:
            return
        self.waited += dt
        if shown and self.waited >= SETTLE_S:
            self.armed = False

    @property
    def holding(self) -> bool:
        return self.armed

"""Whom Tab goes through in each action mode (game.ui.battle_focus), from the engine's public queries only.

Every list is of what the actor may do from where it stands now, so Tab never proposes a walk the player did not
ask for (to strike or shoot a foe further off, point at it: the preview offers the move first, or move, then Tab):

- attack: the hostiles ``can_attack`` allows (in its weapon's band, R21), clockwise from the top of the screen;
- shove: those ``preview_shove`` allows (beside it, no larger, R22), clockwise;
- shoot: those ``can_shoot`` allows (in its band and in sight, R29-R31), nearest first, ties clockwise;
- cast: the hostiles whose own hex ``can_cast`` lets it centre its burst on (range, sight, uses: R32), nearest
  first, ties clockwise; the burst is then previewed centred on that foe (R33: whom it catches and pushes).

Nearest first for shots and bursts: the foes at hand are the ones that threaten the actor, and a long bow's
list is long. Beside the actor distance tells nothing, so blows go round the clock as Foundry's Tab does.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.rules import EncounterView

from .commands import ATTACK, CAST, SHOOT, SHOVE
from .context import Cell

MODES = (ATTACK, SHOVE, SHOOT, CAST)
ToScreen = Callable[[Cell], tuple[float, float]]


def _allowed(enc: EncounterView, mode: str, actor: str, foe: str) -> bool:
    if mode == ATTACK:
        return enc.can_attack(actor, foe) is None
    if mode == SHOVE:
        return enc.preview_shove(actor, foe).legal is None
    if mode == SHOOT:
        return enc.can_shoot(actor, foe) is None
    return enc.can_cast(actor, enc.view(foe).cell) is None


def targets(enc: EncounterView, mode: str, to_screen: ToScreen) -> list[str]:
    """The foes the actor whose turn it is may take as ``mode``'s target from where it stands, in Tab's order
    (``to_screen``: a hex's middle on the screen, for "clockwise from the top")."""
    actor = enc.turn
    if actor is None or enc.acted or mode not in MODES:
        return []
    found = [v.name for v in enc.views() if v.active and v.name != actor and enc.hostile(actor, v.name)
             and _allowed(enc, mode, actor, v.name)]
    ax, ay = to_screen(enc.view(actor).cell)

    def clockwise(name: str) -> float:
        x, y = to_screen(enc.view(name).cell)
        return math.atan2(x - ax, ay - y) % math.tau  # 0 straight up, growing clockwise

    if mode in (SHOOT, CAST):
        return sorted(found, key=lambda n: (enc.distance(actor, n), clockwise(n), n))
    return sorted(found, key=lambda n: (clockwise(n), n))

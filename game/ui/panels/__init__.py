"""Screen-space panels the battle scene draws over the map (layer "panel")."""

from ..context import Widget
from ..gm import GMTools
from .card import CombatantCard
from .combat_log import CombatLog
from .initiative import InitiativeTracker
from .legend import Legend
from .no_fight import NoFightBanner
from .tooltips import Tooltips

__all__ = ["CombatLog", "CombatantCard", "InitiativeTracker", "Legend", "NoFightBanner", "Tooltips", "widgets"]


def widgets() -> list[Widget]:
    """Fresh panel widgets for one battle, in drawing order (bottom first). The GM tools come last: drawn on
    top, since their add-a-combatant form is modal (the tooltips, above them, hide while it is open); ask panels
    for events topmost (last) first. The card and the tracker go compact in a small window (see game.ui.compact)."""
    return [InitiativeTracker(adaptive=True), CombatantCard(adaptive=True), CombatLog(), Legend(), NoFightBanner(),
            GMTools(), Tooltips()]

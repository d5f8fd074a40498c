"""The combat log's lines as the actions come, for the live battle's log and the replay alike.

Beyond each action's events (:func:`.narration_lines.event_lines`), a log read as a story needs two things
that depend on what came before, so they are decided here, once, for every reader: a turn that ended with
nothing done says so ("Corsair 2 waits (no move, no action)"), and a turn on the spot replaces the facing line
just before it. Both lived in the live log's panel only, so the replay of the same battle read differently
(found on ship_boarding: the replay lacked every "waits" line the live log had).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules import EndTurn, Face, HexLayout, TurnStarted

from .log_sides import Sides
from .narration_events import waited_line
from .narration_lines import event_lines
from .narration_words import Bonus, Entry
from .outcome_words import AtWar


class LogTeller:
    """Follows the actions in order and words each one for the log (one teller per log, fed every action)."""

    def __init__(self, layout: HexLayout | None = None) -> None:
        self.layout = layout  # the map's: a push names the side it went ("is pushed east to 7,10", R2)
        self.turn_of: str | None = None  # whose turn the last turn line began
        self.did = False  # whether anything was done in that turn (else its end reads "X waits")
        self.facing: str | None = None  # who turned in the action just told, its line the log's last

    def tell(self, events: Iterable[object], bonus: Bonus | None = None, party: Sides | None = None,
             action: object = None, at_war: AtWar | None = None) -> tuple[bool, list[Entry]]:
        """(whether the log's last line is to go, the lines to add) for one action and its events."""
        events = list(events)
        out: list[Entry] = []
        if isinstance(action, EndTurn) and self.turn_of is not None and not self.did:
            # Found on the Black Gull: AI turns passed as bare "Corsair 1's turn" lines, which read as a log that
            # had missed something.
            out.append(waited_line(self.turn_of))
        lines = event_lines(events, bonus, party, action, at_war, self.layout)
        # A turn on the spot replaces the one just before it: each right-click or Q/E had added a line ("Tobin
        # turns to face nw", "... sw"), where only where it ends up facing matters.
        replace = isinstance(action, Face) and self.facing == action.unit
        out.extend(lines)
        self.facing = action.unit if isinstance(action, Face) and lines else None
        if action is not None and not isinstance(action, EndTurn):
            self.did = True
        for ev in events:
            if isinstance(ev, TurnStarted):
                self.turn_of, self.did = ev.unit, False
        return replace, out

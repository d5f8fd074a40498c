"""Narration: one phrasing for everything the engine reports and every action a player or the AI takes.

The status line, the combat log, the replay viewer and the AI's explanations
all word events and actions here, so a shot reads the same wherever it is
told. Dispatch is on the event's (or action's) type with
:func:`functools.singledispatch`: a new event type without a phrasing is
simply not told (``event_line`` returns None), never mis-told by a string
match on a class name.

Pure Python: it imports the engine's public types and nothing that draws, so
the CLI (or any other client) can use it without pygame.

This module is the one place callers import the narration from; each concern
lives in its own module:

- :mod:`.narration_events`: each event as a line (``event_line``), the end of combat, a turn that waited;
- :mod:`.narration_actions`: each action as a sentence (``action_line``), an undo;
- :mod:`.narration_lines`: events told in order (the combat log's coloured lines, the status line) and the
  roller's bonus that lets a line show the whole sum;
- :mod:`.narration_log`: the combat log's lines as the actions come (a turn that waited, a turn on the spot
  replacing the last), one teller for the live log and the replay alike;
- :mod:`.narration_refusals`: a refused action in words;
- :mod:`.narration_words`: the phrases those share (a hex, a zone of control, a GM's edits);
- :mod:`.outcome_words`: who won, in words; :mod:`.log_sides`: whose side a line is seen from (its colour).
"""

from __future__ import annotations

from game.rules import joined  # the engine's own way of listing names: the log and its refusals read alike

from .log_sides import FOE, OTHER, OURS, PARTY, Sides, party_side, seen_from
from .narration_actions import action_line, undone_line
from .narration_events import DEFEAT_CAUSE, ended_line, event_line, waited_line
from .narration_lines import bonus_from, event_lines, routine, status_line
from .narration_log import LogTeller
from .narration_refusals import reason_words, refusal
from .narration_words import REMOVED_AS, Bonus, Entry, cell_words, zone_of
from .outcome_words import (
    AtWar,
    at_war_from,
    gm_sides,
    in_faction_order,
    nothing_to_fight,
    over_words,
    sharing,
    who_won,
    winning_sides,
)

__all__ = [
    "DEFEAT_CAUSE", "FOE", "OTHER", "OURS", "PARTY", "REMOVED_AS", "AtWar", "Bonus", "Entry", "LogTeller", "Sides",
    "action_line", "at_war_from", "bonus_from", "cell_words", "ended_line", "event_line", "event_lines",
    "gm_sides", "in_faction_order", "joined", "nothing_to_fight", "over_words", "party_side", "reason_words",
    "refusal", "routine",
    "seen_from", "sharing", "status_line", "undone_line", "waited_line", "who_won", "winning_sides", "zone_of",
]

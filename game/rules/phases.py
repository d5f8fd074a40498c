"""The three phases of an encounter, as ``playmat state --json`` names them (docs/cli.md; R13).

In ``setup`` the GM places and edits combatants (R13); ``begin`` makes it
``active`` (turns in initiative order, R14); it is ``ended`` when no two
hostile factions remain (R13) or the GM ends combat. A leaf module so that
the encounter, its handlers and their checks can share the names without
importing one another.
"""

SETUP, ACTIVE, ENDED = "setup", "active", "ended"

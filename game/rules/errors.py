"""Named errors of the rules engine. Each carries a one-line human reason."""


class RulesError(ValueError):
    """Base of every error the rules report to a user (never a bug)."""


class SpecError(RulesError):
    """A combatant or map property is malformed (docs/map-format.md)."""


class IllegalActionError(RulesError):
    """An action is not legal in the current state; the state is unchanged."""

"""GM mode: the GM's tools panel and the add-a-combatant form."""

from .join_form import JoinForm
from .panel import GMTools

__all__ = ["GMTools", "JoinForm"]

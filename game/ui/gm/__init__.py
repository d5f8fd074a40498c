"""GM mode: the GM's card (left edge) and its forms (add a combatant, edit one)."""

from .form import Form, edit_form, join_form
from .panel import GMTools

__all__ = ["Form", "GMTools", "edit_form", "join_form"]

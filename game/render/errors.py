"""Front-end errors, importable without importing pygame."""

from __future__ import annotations

PYGAME_CE_FIX = "pip uninstall -y pygame pygame-ce && pip install pygame-ce"


class NotPygameCEError(ImportError):
    """The ``pygame`` distribution owns the ``pygame`` package instead of pygame-ce."""


class RenderError(ValueError):
    """A map cannot be drawn (missing or unreadable tile image); one-line message."""

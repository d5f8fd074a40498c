"""Entry point the CLI's ``playmat play`` imports: the same :func:`run_window` as ``game.ui``."""

from __future__ import annotations

from .window import WindowResult, run_window

__all__ = ["WindowResult", "run_window"]

"""Playmat's window: a fixed-timestep loop over a stack of scenes (pygame-ce)."""

from __future__ import annotations

from .window import WindowResult, run_window

__all__ = ["WindowResult", "run_window"]

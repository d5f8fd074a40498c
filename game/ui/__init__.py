"""Playmat's window: a fixed-timestep loop over a stack of scenes (pygame-ce).

The package itself loads no pygame: ``game.ui.narration`` and ``game.ui.commands`` are pure Python (a
client without a window, such as the CLI, may use them); ``run_window`` loads the window when asked for.
"""

from __future__ import annotations

from typing import Any

__all__ = ["WindowResult", "run_window"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import window

        return getattr(window, name)
    raise AttributeError(f"module 'game.ui' has no attribute {name!r}")

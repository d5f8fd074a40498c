"""Playmat's map renderer (pygame-ce). Import pygame only through :mod:`game.render.pg`.

API: :func:`render_map`, :func:`save_png`, :class:`TokenView`, :func:`tokens_from_scenario`,
:func:`load_map_art` / :class:`MapArt` (tile layers, for the window), :func:`decorate`,
:func:`with_key` (the key under an overlay),
heatmaps: :func:`grey_base`, :func:`draw_heat`, :func:`draw_markers`, :func:`heatmap_figure`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# The error types import without pygame, so a caller can catch NotPygameCEError around the rest.
from .errors import NotPygameCEError, RenderError

_LAZY = {
    "decorate": ".compose",
    "render_map": ".compose",
    "save_png": ".compose",
    "scaled_base": ".compose",
    "MapArt": ".map_art",
    "load_map_art": ".tilemap",
    "TokenView": ".tokens",
    "Marker": ".heatmap",
    "Ramp": ".heatmap",
    "FACTION_RAMPS": ".heatmap",
    "RAMPS": ".heatmap",
    "draw_heat": ".heatmap",
    "draw_markers": ".heatmap",
    "grey_base": ".heatmap",
    "heatmap_figure": ".heatmap",
    "tokens_from_scenario": ".tokens",
    "with_key": ".key",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["NotPygameCEError", "RenderError", *_LAZY]

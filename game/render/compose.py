"""Public rendering API: a TMX map with tokens and overlays, as a pygame Surface or PNG."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from .overlays import ReachEntry, draw_reach, draw_threat
from .pg import pygame
from .tilemap import MapArt, load_map_art
from .tokens import TokenView, draw_tokens


def scaled_base(art: MapArt, scale: float) -> pygame.Surface:
    """The tile layers alone at ``scale`` (1.0 = Tiled's pixels)."""
    base = art.surface()
    if scale == 1.0:
        return base
    w, h = art.size
    return pygame.transform.smoothscale(base, (max(1, round(w * scale)), max(1, round(h * scale))))


def decorate(base: pygame.Surface, art: MapArt, *, tokens: Sequence[TokenView] | None = None,
             reach_overlay: Sequence[ReachEntry] | None = None, threat_overlay: np.ndarray | None = None,
             scale: float = 1.0) -> pygame.Surface:
    """A copy of ``base`` (drawn at ``scale``) with the threat, reach and token layers on top, in that order."""
    out = base.copy()
    # Overlays speak map pixels; the picture may have grown left/up for layer offsets (MapArt.origin).
    ox, oy = round(art.origin[0] * scale), round(art.origin[1] * scale)
    target = out.subsurface((ox, oy, out.get_width() - ox, out.get_height() - oy)) if ox or oy else out
    if threat_overlay is not None:
        draw_threat(target, art.layout, threat_overlay, scale)
    if reach_overlay:
        draw_reach(target, art.layout, reach_overlay, scale)
    if tokens:
        draw_tokens(target, art.layout, list(tokens), scale)
    return out


def render_map(tmx_path: str | os.PathLike[str], *, tokens: Sequence[TokenView] | None = None,
               reach_overlay: Sequence[ReachEntry] | None = None, threat_overlay: np.ndarray | None = None,
               scale: float = 1.0) -> pygame.Surface:
    """Draw a map as Tiled does, then threat (bool ``[row, col]``), reach ``(cell, cost, stops)`` and tokens.

    Needs no display: works with ``SDL_VIDEODRIVER=dummy``. Raises RenderError with a one-line reason
    when the map or a tile image cannot be read.
    """
    art = load_map_art(tmx_path)
    return decorate(scaled_base(art, scale), art, tokens=tokens, reach_overlay=reach_overlay,
                    threat_overlay=threat_overlay, scale=scale)


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out

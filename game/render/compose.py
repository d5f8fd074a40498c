"""Public rendering API: a TMX map with tokens and overlays, as a pygame Surface or PNG."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from game.rules import write_bytes_atomically

from .map_art import MapArt
from .overlays import ReachEntry, draw_reach, draw_reach_badges, draw_threat
from .pg import pygame
from .tilemap import load_map_art
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
    """A copy of ``base`` (drawn at ``scale``) with the threat, reach and token layers, then the reach badges."""
    out = base.copy()
    # Overlays speak map pixels; the picture may have grown left/up for layer offsets (MapArt.origin).
    ox, oy = round(art.origin[0] * scale), round(art.origin[1] * scale)
    target = out.subsurface((ox, oy, out.get_width() - ox, out.get_height() - oy)) if ox or oy else out
    if threat_overlay is not None:
        draw_threat(target, art.layout, threat_overlay, scale)
    if reach_overlay:
        draw_reach(target, art.layout, reach_overlay, scale, badges=not tokens)
    if tokens:
        draw_tokens(target, art.layout, list(tokens), scale)
        if reach_overlay:  # above the tokens: a large mover's token hides centres it can reach (R26)
            draw_reach_badges(target, art.layout, reach_overlay, scale)
    return out


def render_map(tmx_path: str | os.PathLike[str], *, tokens: Sequence[TokenView] | None = None,
               reach_overlay: Sequence[ReachEntry] | None = None, threat_overlay: np.ndarray | None = None,
               scale: float = 1.0, objects: bool = False, allow_outside: bool = False) -> pygame.Surface:
    """Draw a map as Tiled does, then threat (bool ``[row, col]``), reach ``(cell, cost, stops)`` and tokens.

    ``objects`` also draws object shapes (rectangles, ellipses, points, polygons, text) the way
    Tiled's rasterizer shows them, for designers; the game view leaves them out.
    Needs no display: works with ``SDL_VIDEODRIVER=dummy``. Raises RenderError with a one-line reason
    when the map or a tile image cannot be read. ``allow_outside``: the map may name files outside its folder.
    """
    art = load_map_art(tmx_path, objects=objects, allow_outside=allow_outside)
    return decorate(scaled_base(art, scale), art, tokens=tokens, reach_overlay=reach_overlay,
                    threat_overlay=threat_overlay, scale=scale)


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> Path:
    """Write ``surface`` as a PNG, all or nothing; OSError (with errno and strerror) when it cannot be written.

    Creates no folders: a mistyped folder is the caller's error to report. The PNG is encoded in
    memory and written by :func:`game.rules.write_bytes_atomically` (a temporary file renamed), so a
    full disk leaves no empty or half-written picture, and a failure is an ordinary OSError rather
    than pygame.error's free text.
    """
    return write_bytes_atomically(path, png_bytes(surface))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()

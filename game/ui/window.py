"""run_window: open a map in the viewer (no turns) and run the fixed-timestep loop over it."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.render.overlays import ReachEntry
from game.render.pg import pygame
from game.render.style import drawable
from game.render.tilemap import load_map_art
from game.render.tokens import TokenView, tokens_from_scenario

from .loop import run_loop
from .mapview import MapContent, MapViewScene
from .scene import SceneStack


@dataclass
class WindowResult:
    frames: int
    updates: int
    view: MapViewScene  # the map scene as the last frame left it (camera, cache) for inspection
    screenshot: Path | None


def run_window(
    tmx_path: str | os.PathLike[str],
    *,
    size: tuple[int, int] = (1280, 720),
    tokens: Sequence[TokenView] | None = None,
    reach_overlay: Sequence[ReachEntry] | None = None,
    threat_overlay: np.ndarray | None = None,
    zoom: float | None = None,
    max_frames: int | None = None,
    screenshot: str | os.PathLike[str] | None = None,
    script: Mapping[int, Sequence[pygame.event.Event]] | None = None,
    clock: Callable[[], float] | None = None,
) -> WindowResult:
    """Show a map until the user quits (Esc / close), or for ``max_frames`` frames.

    ``tokens`` default to the map's combatants. ``script`` maps a frame number
    (0-based) to events posted before that frame's input is read; ``clock``
    replaces the real clock (seconds); ``screenshot`` saves the last frame. With
    ``SDL_VIDEODRIVER=dummy`` this runs headless. Raises MapError / RenderError
    (one line) for a bad map.
    """
    from game.maps import load_scenario, read_tmx  # MapError (one line) propagates to the caller

    tmx = read_tmx(Path(tmx_path))  # read once: the rules and the art share it
    scenario = load_scenario(tmx)
    art = load_map_art(tmx)
    if tokens is None:
        tokens = tokens_from_scenario(scenario)
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size)
        pygame.display.set_caption(drawable(f"Playmat - {art.title}"))
        content = MapContent(art, scenario, list(tokens), reach_overlay, threat_overlay)
        view = MapViewScene(content, size, zoom)
        result = run_loop(SceneStack(view), screen, max_frames=max_frames, screenshot=screenshot,
                          script=script, clock=clock)
        # Only a completed run (max_frames reached) leaves a screenshot, as before.
        shot = result.screenshot if max_frames is not None and result.frames >= max_frames else None
        return WindowResult(result.frames, view.updates, view, shot)
    finally:
        pygame.display.quit()

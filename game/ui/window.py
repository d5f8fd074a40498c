"""run_window: open a map in a window and run the fixed-timestep loop over the scene stack."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.render.overlays import ReachEntry
from game.render.pg import pygame
from game.render.tilemap import load_map_art
from game.render.tokens import TokenView, tokens_from_scenario
from game.rules import Scenario

from .mapview import MapContent, MapViewScene
from .scene import SceneStack
from .timestep import FixedStep

FRAME_CAP_HZ = 144  # above common refresh rates; the 60 Hz updates interpolate between frames


@dataclass
class WindowResult:
    frames: int
    updates: int
    view: MapViewScene  # the map scene as the last frame left it (camera, cache) for inspection
    screenshot: Path | None


def _load_scenario(path: Path) -> Scenario:
    from game.maps.loader import load_scenario  # MapError (one line) propagates to the caller

    return load_scenario(path)


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
    path = Path(tmx_path)
    scenario = _load_scenario(path)
    art = load_map_art(path)
    if tokens is None:
        tokens = tokens_from_scenario(scenario)
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size)
        pygame.display.set_caption(f"Playmat - {art.title}")
        content = MapContent(art, scenario, list(tokens), reach_overlay, threat_overlay)
        view = MapViewScene(content, size, zoom)
        stack = SceneStack(view)
        stepper = FixedStep()
        now = clock or time.perf_counter
        # Rendering faster than the screen refreshes only burns the battery; a scripted clock
        # (tests) runs unthrottled.
        limiter = pygame.time.Clock() if clock is None else None
        previous = now()
        frames = 0
        shot: Path | None = None
        while stack.top is not None:
            current = now()
            frame_time, previous = current - previous, current
            for event in (script or {}).get(frames, ()):
                pygame.event.post(event)
            for event in pygame.event.get():
                top = stack.top
                if top is None:
                    break
                stack.apply(top.handle_event(event))
            if stack.top is None:
                break
            for _ in range(stepper.advance(frame_time)):
                top = stack.top
                if top is None:
                    break
                stack.apply(top.update(stepper.dt))
            if stack.top is None:
                break
            stack.draw(screen, stepper.alpha)
            pygame.display.flip()
            if limiter is not None:
                limiter.tick(FRAME_CAP_HZ)
            frames += 1
            if max_frames is not None and frames >= max_frames:
                if screenshot is not None:
                    shot = Path(screenshot)
                    shot.parent.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(screen, str(shot))
                break
        return WindowResult(frames, view.updates, view, shot)
    finally:
        pygame.display.quit()

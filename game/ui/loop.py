"""The fixed-timestep loop over a scene stack ("Fix Your Timestep!"), shared by the viewer and the game.

Input is read once per frame, the top scene is updated in constant 60 Hz
slices (frame time capped, steps limited), then every visible scene draws
interpolated by ``alpha``. Tests and ``--headless`` drive the same loop with
scripted events and a scripted clock.
"""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.render.compose import save_png
from game.render.pg import pygame

from .scene import SceneStack
from .timestep import FixedStep

FRAME_CAP_HZ = 144  # above common refresh rates; the 60 Hz updates interpolate between frames
Script = Mapping[int, Sequence[pygame.event.Event]] | Callable[[int, SceneStack], Sequence[pygame.event.Event]]


@dataclass
class LoopResult:
    frames: int
    updates: int
    stack: SceneStack  # as the last frame left it, for inspection
    screenshot: Path | None
    frame_ms: list[float] = field(default_factory=list)  # time spent in input + update + draw, per frame
    shots: list[Path] = field(default_factory=list)


def save(screen: pygame.Surface, path: str | os.PathLike[str]) -> Path:
    """A screenshot, all or nothing (``render.save_png``): OSError leaves no empty or partial PNG."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    return save_png(screen, out)


def run_loop(
    stack: SceneStack,
    screen: pygame.Surface,
    *,
    max_frames: int | None = None,
    screenshot: str | os.PathLike[str] | None = None,
    script: Script | None = None,
    clock: Callable[[], float] | None = None,
    shots: Mapping[int, str | os.PathLike[str]] | None = None,
    until: Callable[[SceneStack], bool] | None = None,
) -> LoopResult:
    """Run until the stack empties (quit), ``max_frames`` frames, or ``until(stack)`` holds after a frame.

    ``script`` gives events to post before frame ``n``'s input is read (a mapping, or a function of the
    frame number and the stack so a test can react to what it sees); ``clock`` replaces the real clock;
    ``screenshot`` saves the last frame and ``shots`` saves chosen frames.
    """
    stepper = FixedStep()
    now = clock or time.perf_counter
    # Rendering faster than the screen refreshes only burns the battery; a scripted clock runs unthrottled.
    limiter = pygame.time.Clock() if clock is None else None
    previous = now()
    frames = updates = 0
    result = LoopResult(0, 0, stack, None)
    while stack.top is not None:
        current = now()
        frame_time, previous = current - previous, current
        posted = script(frames, stack) if callable(script) else (script or {}).get(frames, ())
        t0 = time.perf_counter()  # after the script: a test's or benchmark's probe is not the frame's cost
        _dispatch(stack, posted)
        if stack.top is None:
            break
        updates += _step(stack, stepper, frame_time)
        if stack.top is None:
            break
        screen = pygame.display.get_surface() or screen  # a resize or full-screen toggle replaces it
        stack.draw(screen, stepper.alpha)
        result.frame_ms.append((time.perf_counter() - t0) * 1000)
        pygame.display.flip()
        if shots and frames in shots:
            result.shots.append(save(screen, shots[frames]))
        if limiter is not None:
            limiter.tick(FRAME_CAP_HZ)
        frames += 1
        if (max_frames is not None and frames >= max_frames) or (until is not None and until(stack)):
            break
    if screenshot is not None and frames:
        result.screenshot = save(screen, screenshot)
    result.frames, result.updates = frames, updates
    return result


def _dispatch(stack: SceneStack, posted: Sequence[pygame.event.Event]) -> None:
    """Post the script's events, then hand each pending event to the top scene (a resize fits the window
    first); the rest are dropped once the stack empties."""
    for event in posted:
        pygame.event.post(event)
    for event in pygame.event.get():
        if event.type == pygame.VIDEORESIZE:
            _fit_display(event.size)
            stack.resize(event.size)
        top = stack.top
        if top is None:
            break
        stack.apply(top.handle_event(event))


def _step(stack: SceneStack, stepper: FixedStep, frame_time: float) -> int:
    """The fixed 60 Hz updates ``frame_time`` owes the top scene; how many ran (none once the stack empties)."""
    updates = 0
    for _ in range(stepper.advance(frame_time)):
        top = stack.top
        if top is None:
            break
        stack.apply(top.update(stepper.dt))
        updates += 1
    return updates


def _fit_display(size: tuple[int, int]) -> None:
    """pygame-ce resizes a RESIZABLE window's surface itself; drivers that do not (dummy) get a new mode."""
    surf = pygame.display.get_surface()
    if surf is not None and surf.get_size() != tuple(size):
        pygame.display.set_mode(size, surf.get_flags() & pygame.RESIZABLE)


def toggle_fullscreen() -> None:
    """F11: the same window, full screen or back (SDL keeps the surface valid in pygame-ce)."""
    # The dummy and some X11 drivers cannot; the window then simply stays as it is. Where SDL re-creates the
    # window instead, pygame-ce says so as a Python warning, which reached the player's terminal.
    with contextlib.suppress(pygame.error), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pygame.display.toggle_fullscreen()

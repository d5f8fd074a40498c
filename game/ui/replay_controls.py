"""The replay viewer's controls: keys, clicks, the wheel and a drag become steps, zooms and pans.

Keys: Right / Left step, Home / End jump to the first / last step, PageUp / PageDown the previous /
next round, Space plays and pauses, 1 / 2 / 3 play at 1x / 2x / 4x, + / - zoom, F fits the map, Esc
closes; the buttons under the map do the same. A click on the timeline jumps there (on a round's
label: to that round's start). Playing steps once every ``PLAY_EVERY`` seconds at 1x.

A mixin of :class:`game.ui.replay.ReplayScene`: what it reads of the scene's drawing (the buttons,
the timeline, the map's box as last drawn) is declared below; the steps are :class:`ReplaySteps`'.
"""

from __future__ import annotations

from typing import Any

from game.render.pg import pygame

from .camera import Camera
from .gm.buttons import Button, hit
from .maplayer import MapLayer
from .panels.initiative import InitiativeTracker
from .replay_steps import ReplaySteps
from .scene import POP, QUIT, Transition

PLAY_EVERY = 0.8
SPEEDS = (1, 2, 4)


class ReplayControls(ReplaySteps):
    """Input and the play clock of the replay viewer (mixed into ``ReplayScene``, which sets all of this)."""

    speed: int
    clock: float
    mouse: tuple[int, int]
    press: tuple[int, int] | None  # a press on the map: a drag pans
    camera: Camera | None
    maplayer: MapLayer | None
    tracker: InitiativeTracker
    buttons: list[Button]
    hovered_button: Any
    timeline: pygame.Rect  # as last drawn
    round_marks: list[tuple[int, pygame.Rect]]  # (round, its label) as last drawn
    map_rect: pygame.Rect  # as last drawn
    log_rect: pygame.Rect  # as last drawn

    def step_at(self, x: int) -> int:
        """The step a click at ``x`` on the timeline points to."""
        t = self.timeline
        if t.width <= 0:
            return self.k
        return round(max(0.0, min(1.0, (x - t.x) / t.width)) * len(self.actions))

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        """The viewer's input: closing quits, Esc closes the viewer, keys step and zoom, the mouse hovers and
        presses the buttons, jumps on the timeline, drags the map and zooms or scrolls with the wheel."""
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return POP if event.key == pygame.K_ESCAPE else None
        if event.type == pygame.MOUSEMOTION:
            self._pointer_moved(event.pos)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self._wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._left_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.press = None
        return None

    def _pointer_moved(self, pos: tuple[int, int]) -> None:
        """A press held on the map drags it; the button under the pointer lights up."""
        if self.press is not None and self.camera is not None:
            self.camera.drag(pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        b = hit(self.buttons, pos)
        self.hovered_button = b.key if b else None

    def _left_press(self, pos: tuple[int, int]) -> None:
        """A left press: a button does its step, the timeline jumps, the map starts a drag."""
        self.mouse = pos
        b = hit(self.buttons, pos)
        if b is not None:
            self._click(str(b.key))
        elif self.timeline.collidepoint(pos):
            self._timeline_click(pos)
        elif self.map_rect.collidepoint(pos):
            self.press = pos

    def _timeline_click(self, pos: tuple[int, int]) -> None:
        """On a round's label: that round's start; elsewhere on the timeline: the step under the pointer (and
        playing stops, as with the step keys)."""
        r = next((r for r, rect in self.round_marks if rect.collidepoint(pos)), None)
        if r is not None:
            self.jump_to_round(r)
        else:
            self.playing = False
            self.go(self.step_at(pos[0]))

    def _key(self, key: int) -> None:
        moves = {pygame.K_RIGHT: self.k + 1, pygame.K_LEFT: self.k - 1, pygame.K_HOME: 0,
                 pygame.K_END: len(self.actions)}
        if key in moves:
            self.playing = False
            self.go(moves[key])
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._round_step(1 if key == pygame.K_PAGEDOWN else -1)
        elif key == pygame.K_SPACE:
            self._toggle_play()
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.speed = SPEEDS[(pygame.K_1, pygame.K_2, pygame.K_3).index(key)]
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            if self.camera is not None:
                step = 1 if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else -1
                self.camera.zoom_to(self.camera.zoom_index + step, self.camera.view_w / 2, self.camera.view_h / 2)
        elif key == pygame.K_f and self.camera is not None:
            self.camera.fit()

    def _wheel(self, y: int) -> None:
        """Over the combat log or the tracker: scroll it; elsewhere: zoom the map toward the pointer (as in the
        battle)."""
        if self.tracker.cover.collidepoint(self.mouse):
            self.tracker.first = max(0, self.tracker.first - y)  # its drawing clamps the end
            return
        if self.log_rect.collidepoint(self.mouse):
            self.log_scroll = max(0, self.log_scroll + 3 * y)  # clamped when drawn
            return
        if self.camera is None:
            return
        rect = self.map_rect
        mx, my = self.mouse
        if not rect.collidepoint(self.mouse):
            mx, my = rect.center
        self.camera.zoom_to(self.camera.zoom_index + (1 if y > 0 else -1), mx - rect.x, my - rect.y)

    def _toggle_play(self) -> None:
        if self.k >= len(self.actions):
            self.go(0)  # play again from the start
        self.playing = not self.playing
        self.clock = 0.0

    def _click(self, key: str) -> None:
        if key == "play":
            self._toggle_play()
            return
        if key == "speed":
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
            return
        if key in ("round-", "round+"):
            self._round_step(1 if key == "round+" else -1)
            return
        self.playing = False
        self.go({"first": 0, "back": self.k - 1, "next": self.k + 1, "last": len(self.actions)}[key])

    def update(self, dt: float) -> Transition | None:
        if self.maplayer is not None:
            self.maplayer.tick(dt)  # Tiled's animated tiles, on the fixed-step clock
        if self.playing:
            self.clock += dt
            every = PLAY_EVERY / self.speed
            while self.clock >= every and self.playing:
                self.clock -= every
                self.go(self.k + 1)
                if self.k >= len(self.actions):
                    self.playing = False
        return None

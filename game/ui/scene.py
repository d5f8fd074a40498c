"""A stack of scenes: the top one gets input and updates; all are drawn bottom-up.

A scene answers an event or an update with a :class:`Transition` (or None to
stay): push an overlay (help), pop itself, replace itself, or quit.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render.pg import pygame


@dataclass(frozen=True)
class Transition:
    kind: str  # "push" | "pop" | "replace" | "reset" | "quit"
    scene: Scene | None = None


def push(scene: Scene) -> Transition:
    return Transition("push", scene)


def replace(scene: Scene) -> Transition:
    return Transition("replace", scene)


def reset(scene: Scene) -> Transition:
    """Drop every scene and start over with this one."""
    return Transition("reset", scene)


POP = Transition("pop")
QUIT = Transition("quit")


class Scene:
    """Base scene. ``opaque`` scenes hide the ones below (they are not drawn)."""

    opaque = True

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized (or went full screen)."""

    def covered(self) -> None:
        """A scene (a dialog, a menu) opened above this one: it no longer follows the pointer."""

    def uncovered(self) -> None:
        """The scene above this one closed: whatever the pointer did meanwhile, this scene did not see."""

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        """Draw the state interpolated ``alpha`` (0..1) of the way from the previous update to the last."""


class SceneStack:
    def __init__(self, first: Scene) -> None:
        self.scenes: list[Scene] = [first]

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def apply(self, tr: Transition | None) -> None:
        if tr is None:
            return
        if tr.kind == "quit":
            self.scenes.clear()
        elif tr.kind == "pop":
            self.scenes.pop()
            if self.scenes:
                self.scenes[-1].uncovered()
        elif tr.kind == "push" and tr.scene is not None:
            if self.scenes:
                self.scenes[-1].covered()
            self.scenes.append(tr.scene)
        elif tr.kind == "replace" and tr.scene is not None:
            self.scenes[-1] = tr.scene
        elif tr.kind == "reset" and tr.scene is not None:  # back to one scene (summary -> title)
            self.scenes[:] = [tr.scene]

    def resize(self, size: tuple[int, int]) -> None:
        for s in self.scenes:
            s.resize(size)

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of a type (tests and the loop's callers inspect it)."""
        for s in reversed(self.scenes):
            if isinstance(s, kind):
                return s
        return None

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        start = 0
        for i, s in enumerate(self.scenes):
            if s.opaque:
                start = i
        for s in self.scenes[start:]:
            s.draw(screen, alpha)

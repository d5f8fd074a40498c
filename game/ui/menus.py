"""Modal scenes over the battle: the pause menu and its kind (the end-of-battle summary: summary.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.render.pg import pygame

from .chrome import DIM, GOLD, INK, Button, panel, shade, text, wrap
from .scene import POP, QUIT, Scene, Transition


class MenuScene(Scene):
    """A centred panel with a title, some lines and a column of buttons (each with a key)."""

    opaque = False

    def __init__(self, title: str, lines: list[str], buttons: list[tuple[str, str, Callable[[], Transition | None]]],
                 escape: Callable[[], Transition | None] | None = None) -> None:
        self.title = title
        self.lines = lines
        self.actions = buttons  # (label, key name, callback)
        self.escape = escape if escape is not None else (lambda: POP)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def _keymap(self) -> dict[int, Callable[[], Transition | None]]:
        out = {}
        for _, k, cb in self.actions:
            code = pygame.key.key_code(k.lower()) if k else None
            if code:
                out[code] = cb
        return out

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.escape()
            cb = self._keymap().get(event.key)
            if cb is not None:
                return cb()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b, (_, _, cb) in zip(self.buttons, self.actions, strict=True):
                if b.hit(event.pos):
                    return cb()
        return None

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        shade(screen)
        w, h = screen.get_size()
        pw = min(620, w - 60)
        body: list[str] = []
        for line in self.lines:
            body.extend(wrap(line, 22, pw - 60))
        ph = 90 + 26 * len(body) + 56 * len(self.actions) + 20
        box = pygame.Rect(0, 0, pw, ph)
        box.center = (w // 2, h // 2)
        # Opaque, as the end-of-battle summary: the paused battle's tokens ("CT", "Gr") showed through its words.
        panel(screen, box, alpha=255)
        text(screen, self.title, (box.centerx, box.y + 36), 34, GOLD, bold=True, anchor="center")
        y = box.y + 74
        for line in body:
            text(screen, line, (box.x + 30, y), 22, INK)
            y += 26
        y += 10
        self.buttons = []
        for label, k, _ in self.actions:
            shown = {"return": "Enter", "escape": "Esc"}.get(k, k.upper() if len(k) == 1 else k)
            b = Button(label, pygame.Rect(box.x + 60, y, pw - 120, 44), shown)
            b.draw(screen, hover=b.rect.collidepoint(self.mouse))
            self.buttons.append(b)
            y += 56


def dim_text(screen: pygame.Surface, s: str, pos: tuple[int, int]) -> None:
    text(screen, s, pos, 20, DIM)


__all__ = ["MenuScene", "dim_text"]

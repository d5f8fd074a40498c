"""The title screen: every shipped map with its title and description; click (or Enter) to play."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.render.pg import pygame

from .chrome import DIM, GOLD, INK, panel, text, wrap
from .loop import toggle_fullscreen
from .scene import QUIT, Scene, Transition, push


@dataclass(frozen=True)
class MapEntry:
    path: Path
    title: str
    description: str


def shipped_entries() -> list[MapEntry]:
    """Every shipped map with its title and description (game.maps.shipped_maps, default first)."""
    from game.maps import shipped_maps

    return [MapEntry(m.path, m.title, m.description) for m in shipped_maps()]


class TitleScene(Scene):
    """``start(path)`` builds the battle for a picked map (the app decides who plays whom)."""

    def __init__(self, entries: list[MapEntry], start: Callable[[Path], Scene]) -> None:
        self.entries = entries
        self.start = start
        self.index = 0
        self.rows: list[pygame.Rect] = []
        self.message = ""

    def _pick(self, i: int) -> Transition | None:
        try:
            return push(self.start(self.entries[i].path))
        except Exception as err:  # a broken map: say so in one line, stay on the title
            if not _is_user_error(err):
                raise
            self.message = " ".join(str(err).split())
            return None

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return QUIT
            if event.key == pygame.K_F11:
                toggle_fullscreen()
            if event.key in (pygame.K_DOWN, pygame.K_s):
                self.index = (self.index + 1) % max(1, len(self.entries))
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.index = (self.index - 1) % max(1, len(self.entries))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.entries:
                return self._pick(self.index)
        elif event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.index = i
                    return self._pick(i)
        return None

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        w, h = screen.get_size()
        screen.fill((24, 26, 32))
        for y in range(0, h, 4):  # a faint vertical gradient
            shade = 24 + int(14 * y / h)
            pygame.draw.line(screen, (shade, shade + 2, shade + 8), (0, y), (w, y), 4)
        text(screen, "Playmat", (w // 2, 70), 72, GOLD, bold=True, anchor="center")
        text(screen, "hex tactics for OpenRPG - command your side, every rule shown before you commit",
             (w // 2, 122), 24, DIM, anchor="center")
        box = pygame.Rect(0, 0, min(860, w - 80), 0)
        n = max(1, len(self.entries))
        row_h = max(44, min(92, (h - 160 - 70 - 50) // n))  # every map fits above the hint line
        desc_lines = 2 if row_h >= 86 else 1 if row_h >= 66 else 0
        box.height = 70 + row_h * n
        box.midtop = (w // 2, 160)
        panel(screen, box)
        text(screen, "Choose a battle", (box.x + 28, box.y + 20), 28, INK, bold=True)
        self.rows = []
        for i, e in enumerate(self.entries):
            r = pygame.Rect(box.x + 16, box.y + 60 + i * row_h, box.w - 32, row_h - 8)
            self.rows.append(r)
            if i == self.index:
                pygame.draw.rect(screen, (64, 56, 34), r, border_radius=10)
                pygame.draw.rect(screen, GOLD, r, 2, border_radius=10)
            text(screen, e.title, (r.x + 16, r.y + 10), 28, GOLD if i == self.index else INK, bold=True)
            desc = wrap(e.description or f"{e.path.name} (the map has no description property)", 20, r.w - 32)
            if len(desc) > desc_lines:
                desc = desc[:desc_lines]
                if desc:
                    desc[-1] = desc[-1].rstrip(".,; ") + "..."
            for j, line in enumerate(desc):
                text(screen, line, (r.x + 16, r.y + 40 + 20 * j), 20, DIM)
        if not self.entries:
            text(screen, "No maps found in maps/.", (box.x + 28, box.y + 70), 22, DIM)
        hint = "click a battle or press Enter    Up/Down choose    F11 full screen    Esc quit"
        text(screen, hint, (w // 2, h - 28), 20, DIM, anchor="center")
        if self.message:
            text(screen, self.message, (w // 2, h - 60), 20, (255, 140, 120), anchor="center")


def _is_user_error(err: Exception) -> bool:
    # One-line user errors (bad map) carry no traceback worth showing; bugs still raise.
    return type(err).__name__ in ("MapError", "RenderError", "RulesError", "LogError")

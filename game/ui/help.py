"""HelpScene: a translucent panel listing the controls, pushed over the map."""

from __future__ import annotations

from game.render.pg import pygame
from game.render.style import font

from .scene import POP, QUIT, Scene, Transition

CONTROLS = (
    ("Drag (any mouse button)", "pan the map"),
    ("Arrow keys / W A S D", "pan"),
    ("Mouse wheel", "zoom toward the cursor"),
    ("+ / -", "zoom in / out"),
    ("Home", "fit the whole map"),
    ("Point at a hex", "cell, terrain and unit in the status bar"),
    ("H / F1", "show or hide this help"),
    ("Esc", "quit"),
)


class HelpScene(Scene):
    opaque = False  # the map stays visible underneath

    def __init__(self, title: str, controls: tuple[tuple[str, str], ...] = CONTROLS) -> None:
        self.title = title
        self.controls = controls

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN or event.type == pygame.MOUSEBUTTONDOWN:
            return POP
        return None

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        w, h = screen.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        screen.blit(shade, (0, 0))
        head = font(30, bold=True)
        body = font(22)
        key_w = max(body.size(k)[0] for k, _ in self.controls)
        rows = [(body.render(k, True, (255, 222, 140)), body.render(v, True, (236, 236, 230)))
                for k, v in self.controls]
        panel_w = max(key_w + 40 + max(v.get_width() for _, v in rows), head.size(self.title)[0]) + 60
        panel_h = 90 + 28 * len(rows) + 40
        panel = pygame.Surface((panel_w, panel_h), pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 22, 30, 235), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, (120, 110, 80, 255), panel.get_rect(), 2, border_radius=14)
        panel.blit(head.render(self.title, True, (250, 246, 232)), (30, 24))
        panel.blit(body.render("Controls", True, (170, 174, 186)), (30, 60))
        for i, (k, v) in enumerate(rows):
            y = 94 + 28 * i
            panel.blit(k, (30, y))
            panel.blit(v, (30 + key_w + 40, y))
        hint = body.render("any key closes", True, (150, 154, 166))
        panel.blit(hint, (panel_w - hint.get_width() - 24, panel_h - 34))
        screen.blit(panel, ((w - panel_w) // 2, (h - panel_h) // 2))


# The battle's keys and clicks (game.ui.battle_input binds them); the legend (L) explains the colours.
BATTLE_KEYS = (
    ("Click your combatant", "select it (its reach is shaded)"),
    ("Click a shaded hex", "move there along the cheapest path"),
    ("Click an enemy", "attack it (or shove / disengage / shoot, see the modes)"),
    ("A / S / D", "attack / shove / disengage mode (D twice: disengage now)"),
    ("R", "shoot mode: click an enemy in range and sight (ranged combatants)"),
    ("B", "cast mode: click the hex to centre the area on (casters)"),
    ("Right-click or right-drag, Q / E", "turn to face a hex / turn left, right"),
    ("F", "flee (on an exit hex)"),
    ("U, Backspace, Ctrl+Z", "undo the last move while no dice were rolled"),
    ("Enter", "end the turn (asks if you could still act)"),
    ("Tab", "hide or show the panels (tracker, card, log): room for the map"),
    ("Space", "select and show the current actor"),
    ("V", "enemy reach: how many enemies can hit each hex next turn"),
    ("Hover an enemy", "attack preview (Shift: the hexes it could attack next turn)"),
    ("G", "GM mode: act for anyone, GM tools"),
    ("X", "show the AI's reasons"),
    ("1 / 2 / 3, click the speed", "AI speed 1x / 2x / instant"),
    ("C / L", "coordinates on every hex / legend of colours and terrain costs"),
    ("Drag, arrows, screen edge", "pan"),
    ("Wheel, + / -, Home", "zoom toward the cursor / back to the opening view"),
    ("F11", "full screen"),
    ("Esc", "pause menu (back out of a mode first)"),
)

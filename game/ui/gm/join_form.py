"""The GM's "add a combatant" form (R15): a few fields, validated by the engine's own reason.

Text fields take typing (Backspace deletes, Tab / Shift-Tab or a click moves
between fields); choice fields cycle with a click, Left/Right or Space.
Enter submits: the properties go through the engine's own parser (the same
one a ``join`` log line goes through) and its ``check``; a refusal shows the
engine's one-line reason under the form and nothing is submitted. Esc
cancels. The form never changes the encounter: it hands back a ``Join``
action for the battle scene to submit to the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.render.pg import pygame
from game.rules import ActionParseError, Encounter, Join, parse_action

from ..panels import theme as th

INT_FIELDS = ("move", "hp", "attack", "defense", "reach", "initiative")
WIDTH = 460
ROW = 30


@dataclass
class Field:
    key: str
    label: str
    value: str
    choices: tuple[str, ...] = ()

    def cycle(self, step: int = 1) -> None:
        if self.choices:
            i = self.choices.index(self.value) if self.value in self.choices else -1
            self.value = self.choices[(i + step) % len(self.choices)]


def default_fields(at: tuple[int, int] | None, faction: str = "enemy") -> list[Field]:
    return [
        Field("name", "Name", ""),
        Field("faction", "Faction", faction, ("player", "ally", "enemy", "neutral")),
        Field("movement_type", "Movement type", "ground", ("ground", "flying", "swimming")),
        Field("size", "Size", "standard", ("standard", "large", "giant")),
        Field("move", "Move (hexes)", "6"),
        Field("hp", "Hit points", "10"),
        Field("attack", "Attack", "0"),
        Field("defense", "Defence", "10"),
        Field("damage", "Damage", "1d6"),
        Field("reach", "Reach", "1"),
        Field("initiative", "Initiative", "0"),
        Field("at", "At hex (col,row)", f"{at[0]},{at[1]}" if at else ""),
    ]


def _number(s: str) -> int | str:
    try:
        return int(s.strip())
    except ValueError:
        return s  # left as typed: the engine's parser names what is wrong with it


class JoinForm:
    def __init__(self, enc: Encounter, at: tuple[int, int] | None = None, faction: str = "enemy") -> None:
        self.enc = enc
        self.fields = default_fields(at, faction)
        self.focus = 0
        self.error: str | None = None
        self.rects: list[pygame.Rect] = []
        self.buttons: dict[str, pygame.Rect] = {}
        self.frame = pygame.Rect(0, 0, 0, 0)

    def field(self, key: str) -> Field:
        return next(f for f in self.fields if f.key == key)

    # --- building and validating ------------------------------------------------
    def properties(self) -> dict[str, int | str]:
        out: dict[str, int | str] = {}
        for f in self.fields:
            if f.key == "at":
                continue
            value = f.value.strip()
            out[f.key] = _number(value) if f.key in INT_FIELDS else value
        return out

    def cell(self) -> tuple[int, int] | str:
        raw = self.field("at").value.replace(" ", "")
        parts = raw.split(",")
        if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
            return f'at "{raw}" is not a hex: type col,row (for example 4,7)'
        return int(parts[0]), int(parts[1])

    def submit(self) -> Join | None:
        """The Join action when the engine accepts it; else None with :attr:`error` set to its reason."""
        at = self.cell()
        if isinstance(at, str):
            self.error = at
            return None
        if not self.field("name").value.strip():
            self.error = "the new combatant needs a name"
            return None
        try:  # the log's own parser checks the properties exactly as a join line would be checked
            action = parse_action(Join.of(self.properties(), at).to_json(), self.enc.layout)
        except ActionParseError as exc:
            self.error = str(exc)
            return None
        assert isinstance(action, Join)
        reason = self.enc.check(action)
        if reason:
            self.error = reason
            return None
        self.error = None
        return action

    # --- input -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Join | Literal["cancel"] | None:
        """None: keep the form open; "cancel": close it; a Join action: submit and close."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            f = self.fields[self.focus]
            if not f.choices and event.text.isprintable():
                f.value += event.text
                self.error = None
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.get("ok", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                return self.submit()
            if self.buttons.get("cancel", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                return "cancel"
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.focus = i
                    self.fields[i].cycle()
                    return None
        return None

    def _key(self, event: pygame.event.Event) -> Join | Literal["cancel"] | None:
        f = self.fields[self.focus]
        if event.key == pygame.K_ESCAPE:
            return "cancel"
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.submit()
        if event.key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(self.fields)
        elif event.key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.fields)
        elif event.key == pygame.K_DOWN:
            self.focus = (self.focus + 1) % len(self.fields)
        elif f.choices and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            f.cycle(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key == pygame.K_BACKSPACE and not f.choices:
            f.value = f.value[:-1]
            self.error = None
        return None

    # --- drawing -----------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        sw, sh = screen.get_size()
        err_lines = th.wrap(self.error, WIDTH - 2 * th.PAD - 10, th.SMALL) if self.error else []
        h = 48 + ROW * len(self.fields) + 16 + 20 * len(err_lines) + 44
        self.frame = pygame.Rect((sw - WIDTH) // 2, max(10, (sh - h) // 2), WIDTH, h)
        shade = pygame.Surface((sw, sh), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        screen.blit(shade, (0, 0))
        th.draw_frame(screen, self.frame, edge=th.ACCENT)
        x, y = self.frame.x + th.PAD + 6, self.frame.y + 10
        th.text(screen, "Add a combatant", (x, y), size=th.HEAD, bold=True)
        th.text(screen, "Tab next · Enter add · Esc cancel", (self.frame.right - th.PAD - 6, y + 4), size=th.SMALL,
                colour=th.MUTED, anchor="topright")
        y += 38
        self.rects = []
        for i, f in enumerate(self.fields):
            th.text(screen, f.label, (x, y + ROW // 2), size=th.BODY, colour=th.MUTED, anchor="midleft")
            box = pygame.Rect(self.frame.x + 190, y + 2, WIDTH - 190 - th.PAD - 6, ROW - 4)
            self.rects.append(box)
            focused = i == self.focus
            pygame.draw.rect(screen, (40, 43, 54) if not focused else (54, 58, 74), box, border_radius=5)
            pygame.draw.rect(screen, th.ACCENT if focused else (82, 86, 100), box, 1, border_radius=5)
            shown = f"‹ {f.value} ›" if f.choices else f.value + ("|" if focused else "")
            th.text(screen, th.fit(shown, box.width - 12), (box.x + 8, box.centery), colour=th.TEXT,
                    anchor="midleft")
            y += ROW
        y += 6
        for line in err_lines:
            th.text(screen, line, (x, y), size=th.SMALL, colour=th.BAD)
            y += 20
        y += 6
        ok = pygame.Rect(self.frame.right - th.PAD - 6 - 120, y, 120, 30)
        cancel = pygame.Rect(ok.x - 130, y, 120, 30)
        self.buttons = {"ok": ok, "cancel": cancel}
        for key, r, label in (("ok", ok, "Add (Enter)"), ("cancel", cancel, "Cancel (Esc)")):
            pygame.draw.rect(screen, (70, 62, 30) if key == "ok" else (44, 47, 58), r, border_radius=6)
            pygame.draw.rect(screen, th.ACCENT if key == "ok" else (96, 100, 116), r, 1, border_radius=6)
            th.text(screen, label, r.center, size=th.SMALL, colour=th.TEXT, anchor="center")

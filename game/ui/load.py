"""Load a saved battle: every save in the saves folder, the most recently played first.

Each row shows the map's picture, its title, where the battle stands (round,
who is to act, or who won), who plays whom and when it was last played. A
save that cannot be opened (its map moved, a broken line) says why and cannot
be picked. The wheel or the arrow keys scroll; a click or Enter opens the
battle where it was left; Delete removes the chosen save after asking (its
log and note, nothing outside the saves folder); Esc goes back. The folder is
named at the bottom, with how to resume a log from a terminal, left of the
Back button.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.render.pg import pygame
from game.saves import SaveInfo, delete_save, describe_controllers, read_save, saves_folder, when

from .chrome import DIM, ERROR, GOLD, INK, Button, panel, text, wrap
from .confirm import ConfirmScene
from .mapinfo import Previews
from .scene import POP, QUIT, Scene, Transition, push, replace
from .theme import fit

ROW_H = 84
THUMB = (112, 68)
FOOTER = "Each is an action log: in a terminal, playmat play MAP --log FILE plays it on."


class LoadScene(Scene):
    def __init__(self, saves: list[Path], open_save: Callable[[SaveInfo], Scene],
                 previews: Previews | None = None, on_delete: Callable[[Path], None] | None = None) -> None:
        """``on_delete``: told of each save deleted here (the title screen looks for Continue's battle again)."""
        self.saves = list(saves)
        self.on_delete = on_delete
        self.open_save = open_save
        self.previews = previews or Previews()
        self.infos: dict[Path, SaveInfo] = {}
        self.index = 0
        self.scroll = 0
        self.rows: list[tuple[int, pygame.Rect]] = []  # (save index, rect) as last drawn
        self.back = Button("Back", pygame.Rect(0, 0, 0, 0), "Esc")
        self.delete = Button("Delete", pygame.Rect(0, 0, 0, 0), "Del")  # on the chosen row, as last drawn
        self.mouse = (0, 0)
        self.message = ""
        self.footer: list[pygame.Rect] = []  # the footer's lines, as last drawn
        self._fits = 1

    # --- filling in: one save (then its map's picture) per update ----------------------------
    def update(self, dt: float) -> Transition | None:
        from game.maps import shipped_maps

        shown = [self.saves[i] for i, _ in self.rows] or self.saves[:8]
        todo = next((p for p in shown if p not in self.infos), None)
        todo = todo or next((p for p in self.saves if p not in self.infos), None)
        if todo is not None:
            self.infos[todo] = read_save(todo, [m.path for m in shipped_maps()])
            return None
        for p in shown:
            info = self.infos[p]
            if info.map is not None and info.map.is_file() and self.previews.get(info.map) is None:
                self.previews.make(info.map)
                return None
        return None

    # --- input ---------------------------------------------------------------------------------
    def _open(self, i: int) -> Transition | None:
        info = self.infos.get(self.saves[i])
        if info is None:
            return None
        if info.problem:
            self.message = f"{info.log.name}: {info.problem}"
            return None
        try:
            return replace(self.open_save(info))  # the battle takes this list's place over the title
        except Exception as err:  # a save that broke since it was read: one line, stay here
            if type(err).__name__ not in ("MapError", "RenderError", "RulesError", "LogError"):
                raise
            self.message = " ".join(str(err).split())
            return None

    def _ask_delete(self, i: int) -> Transition:
        path = self.saves[i]
        info = self.infos.get(path)
        what = f"{info.title}, {info.where}" if info is not None and info.title else path.name

        def delete() -> Transition | None:
            problem = delete_save(path)
            if problem is not None:
                self.message = problem
                return None
            self.saves.remove(path)
            self.infos.pop(path, None)
            self.rows = []  # drawn again on the next frame, without it
            self.index = min(self.index, max(0, len(self.saves) - 1))
            self.message = f"Deleted {path.name}"
            if self.on_delete is not None:
                self.on_delete(path)
            return None

        def chosen_row() -> list[pygame.Rect]:  # the question keeps clear of the save it is asking about
            return [r for j, r in self.rows if j < len(self.saves) and self.saves[j] == path]

        return push(ConfirmScene("Delete this save?", f"{what} ({path.name}): gone for good, no undo.", delete,
                                 clear_of=chosen_row))

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        n = len(self.saves)
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN:
            return self._on_key(event.key, n)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for i, r in self.rows:
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.scroll = max(0, min(self.scroll - event.y, max(0, n - self._fits)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_click(event.pos, n)
        return None

    def _on_key(self, key: int, n: int) -> Transition | None:
        """Esc goes back; the arrows and Page keys choose a row (kept in view); Enter opens, Delete asks."""
        if key == pygame.K_ESCAPE:
            return POP
        if not n:  # nothing to choose, open or delete
            return None
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.index = (self.index + (1 if key == pygame.K_DOWN else -1)) % n
            self._follow()
        elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self._fits if key == pygame.K_PAGEDOWN else -self._fits
            self.index = max(0, min(n - 1, self.index + step))
            self._follow()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._open(self.index)
        elif key == pygame.K_DELETE:
            return self._ask_delete(self.index)
        return None

    def _on_click(self, pos: tuple[int, int], n: int) -> Transition | None:
        """Back, the chosen row's Delete, or a row (chosen and opened)."""
        if self.back.hit(pos):
            return POP
        if self.delete.hit(pos) and self.index < n:
            return self._ask_delete(self.index)
        for i, r in self.rows:
            if r.collidepoint(pos):
                self.index = i
                return self._open(i)
        return None

    def _follow(self) -> None:
        if self.index < self.scroll:
            self.scroll = self.index
        elif self.index >= self.scroll + self._fits:
            self.scroll = self.index - self._fits + 1

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        w, h = screen.get_size()
        screen.fill((24, 26, 32))
        text(screen, "Load a saved battle", (36, 24), 40, GOLD, bold=True)
        text(screen, "the most recently played first; click one (or Enter) to play on where you left it",
             (38, 72), 20, DIM)
        box = pygame.Rect(36, 108, w - 72, h - 108 - 96)
        panel(screen, box)
        inner = box.inflate(-24, -20)
        self._fits = max(1, (inner.h + 8) // ROW_H)  # the last row needs no gap below it
        self.scroll = max(0, min(self.scroll, max(0, len(self.saves) - self._fits)))
        self.rows = []
        self.delete.rect = pygame.Rect(0, 0, 0, 0)  # shown only on the chosen row
        for slot, i in enumerate(range(self.scroll, min(len(self.saves), self.scroll + self._fits))):
            r = pygame.Rect(inner.x, inner.y + slot * ROW_H, inner.w, ROW_H - 8)
            self.rows.append((i, r))
            self._draw_row(screen, r, i)
        if not self.saves:
            text(screen, "No saved battles yet: every battle you play is saved as you play it.",
                 (inner.x + 8, inner.y + 8), 22, DIM)
        elif len(self.saves) > self._fits:
            last = min(len(self.saves), self.scroll + self._fits)
            text(screen, f"{self.scroll + 1}-{last} of {len(self.saves)}  (wheel or arrows scroll)",
                 (box.right, box.y - 22), 18, DIM, anchor="topright")
        self.back.rect = pygame.Rect(w - 36 - 160, h - 80, 160, 44)
        self.back.draw(screen, self.back.rect.collidepoint(self.mouse))
        # The footer ends left of Back: at 800x560 its second line ran on under the button. It wraps in a
        # narrower window, its lines closer together when there are three.
        room = self.back.rect.left - 20 - 36
        lines = [fit(f"Saves are kept in {saves_folder()}", room, 18), *wrap(FOOTER, 18, room)]
        top, step = (h - 78, 22) if len(lines) <= 2 else (h - 90, 20)
        self.footer = [text(screen, line, (36, top + step * i), 18, DIM) for i, line in enumerate(lines)]
        if self.message:
            text(screen, fit(self.message, w - 72, 19), (36, h - 28), 19, ERROR)

    def _draw_row(self, screen: pygame.Surface, r: pygame.Rect, i: int) -> None:
        path = self.saves[i]
        info = self.infos.get(path)
        chosen = i == self.index
        pygame.draw.rect(screen, (64, 56, 34) if chosen else (30, 33, 42), r, border_radius=10)
        pygame.draw.rect(screen, GOLD if chosen else (70, 74, 88), r, 2 if chosen else 1, border_radius=10)
        box = pygame.Rect(r.x + 6, r.y + 2, *THUMB)
        thumb = self.previews.small(info.map, THUMB) if info is not None and info.map is not None else None
        if thumb is not None:
            screen.blit(thumb, thumb.get_rect(center=box.center))
        else:
            pygame.draw.rect(screen, (40, 44, 54), box, border_radius=6)
        x = box.right + 14
        date = when(info.modified) if info is not None else ""
        text(screen, date, (r.right - 14, r.y + 10), 19, DIM, anchor="topright")
        room = r.right - x - 160
        if info is None:
            text(screen, path.name, (x, r.y + 8), 22, INK, bold=True)
            text(screen, "reading...", (x, r.y + 34), 19, DIM)
            return
        title = info.title or path.name
        text(screen, fit(title, room, 22, True), (x, r.y + 6), 22, GOLD if chosen else INK, bold=True)
        colour = ERROR if info.problem else (DIM if info.finished else INK)
        text(screen, fit(info.where, room, 19), (x, r.y + 34), 19, colour)
        who = describe_controllers(info.meta.controllers) if info.meta is not None else ""
        extra = "  ·  ".join(s for s in (path.name, who) if s)
        end = r.right - 14
        if chosen:  # its own Delete, so the pointer never crosses other rows (choosing them) on its way there
            self.delete.rect = pygame.Rect(0, 0, 124, 30)
            self.delete.rect.bottomright = (r.right - 10, r.bottom - 8)
            self.delete.draw(screen, self.delete.rect.collidepoint(self.mouse))
            end = self.delete.rect.left - 12
        text(screen, fit(extra, end - x, 17), (x, r.y + 56), 17, DIM)

"""The title screen: Continue the latest battle, Load a saved one, or start one of the shipped maps.

Left: Continue (the battle just left if it is not over, else the most
recently played save that is not over, with its map, round, who is to act and
when it was played; when it passes over the battle played last, because that
one is over, it says so), Load (every save, see :mod:`game.ui.load`) and the
list of battles, each with a small picture of the map and its sides. Right:
the chosen battle in full: a larger picture with every combatant where it
starts, the sides and their sizes, the whole description, and Play.

A click on a battle chooses it (a playtester clicked a row to read about it and
the battle began at once, leaving a save behind); a double-click, Enter or Play
starts it. Up/Down choose too.

Reading a map and drawing its picture takes a fraction of a second, so the
screen opens at once and fills in one map (or one save) per update.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.render.pg import pygame
from game.saves import SaveInfo, forget_lone_notes, list_saves, read_save, when

from .chrome import DIM, ERROR, GOLD, INK, panel, text, wrap
from .loop import toggle_fullscreen
from .mapinfo import BIG_THUMB, Previews
from .scene import QUIT, Scene, Transition, push
from .theme import fit, text_width

ROW_THUMB = (92, 56)
ROW_H = 70
ROW_H_DRAWN = 62  # a row's own height; the rest is the gap to the next
LEFT_W = 470
MARGIN = 36
TOP = 124
DOUBLE_CLICK = 0.5  # seconds: two clicks on one battle this close start it (the usual desktop setting)
NOTE_H = 18  # the Continue button's extra line, when it passes over the battle played last


@dataclass(frozen=True)
class MapEntry:
    path: Path
    title: str
    description: str
    note: str = ""  # shown after the title: where a map of the player's own comes from


def shipped_entries() -> list[MapEntry]:
    """Every shipped map with its title and description (game.maps.shipped_maps, default first), then the
    setups the GM saved as maps (game.maps.setup_writer's user maps folder), the newest first."""
    from game.maps import shipped_maps
    from game.maps.setup_writer import user_maps_folder
    from game.maps.shipped import describe_map

    entries = [MapEntry(m.path, m.title, m.description) for m in shipped_maps()]
    try:
        mine = sorted(user_maps_folder().glob("*.tmx"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        mine = []
    for path in mine:
        m = describe_map(path)
        entries.append(MapEntry(path, m.title, m.description, "saved setup"))
    return entries


def continue_note(saves: Sequence[object] | None, looking: bool) -> str:
    """What the greyed Continue button says when no battle is left to go on with (``saves``: those found)."""
    if looking:
        return "looking for your last battle..."
    # "yet" reads wrong after a battle fought to its end: there are saves, and every one is over.
    return "no battle in progress: every saved one is over" if saves else "no battle in progress yet"


def passed_over_note(info: SaveInfo, width: int, size: int) -> str:
    """Why Continue is not the battle played last: "Boarding the Black Gull, played last (today 08:36), is over".
    A playtester who had just lost a battle found Continue offering another one and took it for a mix-up."""
    tail = f", played last ({when(info.modified)}), " + ("is over" if info.finished else "cannot be opened")
    return fit(info.title or info.log.name, width - text_width(tail, size), size) + tail


def _entry_of(entries: list[MapEntry], map_path: Path) -> int:
    """The row of the battle on ``map_path`` (the first row when it is none of the list: a designer's map)."""
    def same(a: Path, b: Path) -> bool:
        try:
            return a.resolve() == b.resolve()
        except OSError:
            return a == b

    return next((i for i, e in enumerate(entries) if same(e.path, map_path)), 0)


class TitleScene(Scene):
    """``start(path)`` builds the battle for a picked map; ``open_save(info)`` the battle of a save (the app
    decides who plays whom). Without ``open_save`` there is no Continue or Load. ``left``: the log and map of
    the battle the player just left, which Continue offers first (even a ``--log`` kept outside the saves
    folder) and names when it is over."""

    def __init__(self, entries: list[MapEntry], start: Callable[[Path], Scene],
                 open_save: Callable[[SaveInfo], Scene] | None = None, previews: Previews | None = None,
                 left: tuple[Path, Path] | None = None) -> None:
        self.entries = entries
        self.start = start
        self.open_save = open_save
        self.previews = previews or Previews()
        # The battle just left stays the chosen one, as Wesnoth keeps the campaign last played: back from a
        # defeat at the Giant's Hearth, the list had Miller's Ford chosen and the battle played out of sight.
        self.index = _entry_of(entries, left[1]) if left is not None else 0
        self.rows: list[pygame.Rect] = []  # one per battle, as last drawn
        self.continue_rect = pygame.Rect(0, 0, 0, 0)
        self.load_rect = pygame.Rect(0, 0, 0, 0)
        self.play_rect = pygame.Rect(0, 0, 0, 0)
        self.hover: str | None = None
        self.mouse = (-1, -1)  # the pointer, as last seen: the battle under it is outlined
        self.clock: Callable[[], float] = time.monotonic  # for double-clicks (tests set their own)
        self._last_click: tuple[int, float] | None = None  # (battle, when) of the last click on a row
        self.message = ""
        self.desc_lines: list[str] = []  # the chosen battle's description, as last drawn (whole, wrapped)
        self.desc_bottom = 0  # the screen y where it ended
        self.scroll = 0  # battles scrolled past (more maps than rows)
        self.saves: list[Path] | None = None  # None until looked up (first update)
        self.latest: SaveInfo | None = None  # SaveInfo of the battle Continue resumes
        self.left = left
        self.passed_over: list[SaveInfo] = []  # saves read before ``latest`` and not it: over or broken
        self._save_queue: list[Path] = []
        self._fits = 1  # battle rows the list shows, as last drawn
        self._shown = False  # whether the list was drawn yet
        self._map_queue = [e.path for e in entries]

    # --- filling in ---------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        """One slow job per update: find the saves, then read saves (the battle just left first, then the most
        recently played) until Continue has its battle, then maps (the chosen one first)."""
        from game.maps import shipped_maps

        if self.open_save is not None and self.saves is None:
            forget_lone_notes()  # a battle left before its first action: its note outlived its empty log
            self.saves = list_saves()
            # Every save, not the last dozen: with twelve newer battles over, Continue said none was in
            # progress. A save reads in a few milliseconds, one per update.
            self._save_queue = list(self.saves)
            if self.left is not None:
                log = self.left[0]
                self._save_queue = [log, *(p for p in self._save_queue if p != log)]
            return None
        if self._save_queue and self.latest is None:
            path = self._save_queue.pop(0)
            # A --log kept elsewhere has no note saying which map it was played on; the battle knew.
            on = self.left[1] if self.left is not None and path == self.left[0] else None
            info = read_save(path, [m.path for m in shipped_maps()], map_path=on)
            if not info.problem and not info.finished:
                self.latest = info
                self._save_queue = []
            else:
                self.passed_over.append(info)
            return None
        if self.latest is not None and self.latest.map is not None and self.previews.get(self.latest.map) is None \
                and self.latest.map.is_file():
            self.previews.make(self.latest.map)
            return None
        if self._map_queue:
            want = self.entries[self.index].path if self.entries else None
            path = want if want in self._map_queue else self._map_queue[0]
            self._map_queue.remove(path)
            self.previews.make(path)
        return None

    # --- choosing -----------------------------------------------------------------------
    def _pick(self, i: int) -> Transition | None:
        return self._open(lambda: self.start(self.entries[i].path))

    def _continue(self) -> Transition | None:
        if self.latest is None or self.open_save is None:
            return None
        save, opener = self.latest, self.open_save
        return self._open(lambda: opener(save))

    def _load(self) -> Transition | None:
        if self.open_save is None:
            return None
        from .load import LoadScene

        return push(LoadScene(self.saves or [], self.open_save, self.previews, on_delete=self._forget))

    def _forget(self, log: Path) -> None:
        """A save was deleted on the Load list: look for the battle Continue resumes again."""
        if self.saves is not None and log in self.saves:
            self.saves.remove(log)
        if self.latest is not None and self.latest.log == log:
            self.latest = None
            self.passed_over = []
            self._save_queue = list(self.saves or [])

    def _open(self, make: Callable[[], Scene]) -> Transition | None:
        try:
            return push(make())
        except Exception as err:  # a broken map or log: say so in one line, stay on the title
            if not _is_user_error(err):
                raise
            self.message = " ".join(str(err).split())
            return None

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            # The pointer only outlines a battle: the one shown on the right is the one clicked (or chosen with
            # the arrow keys), so it stays put while the pointer crosses the list on its way to Play.
            self.hover = self._under(event.pos)
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.scroll = max(0, min(self.scroll - event.y, self._max_scroll))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            under = self._under(event.pos)
            if under == "continue":
                return self._continue()
            if under == "load":
                return self._load()
            if under == "play" and self.entries:
                return self._pick(self.index)
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    return self._click_row(i)
        return None

    def _click_row(self, i: int) -> Transition | None:
        """A click chooses battle ``i``; a second click on it within DOUBLE_CLICK seconds starts it."""
        now = self.clock()
        last, self._last_click = self._last_click, (i, now)
        self.index = i
        if last is not None and last[0] == i and now - last[1] <= DOUBLE_CLICK:
            self._last_click = None  # a third click starts nothing more
            return self._pick(i)
        return None

    def _key(self, key: int) -> Transition | None:
        n = max(1, len(self.entries))
        if key == pygame.K_ESCAPE:
            return QUIT
        if key == pygame.K_F11:
            toggle_fullscreen()
        elif key in (pygame.K_DOWN, pygame.K_s):
            self.index = (self.index + 1) % n
            self._follow()
        elif key in (pygame.K_UP, pygame.K_w):
            self.index = (self.index - 1) % n
            self._follow()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.entries:
            return self._pick(self.index)
        elif key == pygame.K_c:
            return self._continue()
        elif key == pygame.K_l:
            return self._load()
        return None

    def _under(self, pos: tuple[int, int]) -> str | None:
        for name, rect in (("continue", self.continue_rect), ("load", self.load_rect), ("play", self.play_rect)):
            if rect.collidepoint(pos):
                return name
        return None

    def _follow(self) -> None:
        """Scroll the chosen battle into view (the arrow keys); the wheel scrolls freely past it."""
        if self.index < self.scroll:
            self.scroll = self.index
        elif self.index >= self.scroll + self._fits:
            self.scroll = self.index - self._fits + 1

    _max_scroll = 0

    # --- drawing ------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        w, h = screen.get_size()
        screen.fill((24, 26, 32))
        for y in range(0, h, 4):  # a faint vertical gradient
            shade = 24 + int(14 * y / h)
            pygame.draw.line(screen, (shade, shade + 2, shade + 8), (0, y), (w, y), 4)
        text(screen, "Playmat", (MARGIN, 22), 64, GOLD, bold=True)
        text(screen, "hex tactics for OpenRPG - command your side, every rule shown before you commit",
             (MARGIN + 2, 84), 22, DIM)
        left = pygame.Rect(MARGIN, TOP, min(LEFT_W, w // 2 - MARGIN), h - TOP - 46)
        y = self._draw_saves(screen, left)
        self._draw_battles(screen, pygame.Rect(left.x, y, left.w, left.bottom - y))
        right = pygame.Rect(left.right + 24, TOP, w - left.right - 24 - MARGIN, h - TOP - 46)
        if self.entries and right.w > 200:
            self._draw_detail(screen, right, self.entries[self.index])
        hint = "double-click or Enter plays    Up/Down choose    C continue    L load    F11 full screen    Esc quit"
        if self.open_save is None:
            hint = "click a battle to read it, double-click or Enter to play    Up/Down choose    F11 full screen    " \
                   "Esc quit"
        text(screen, hint, (w // 2, h - 22), 19, DIM, anchor="center")
        if self.message:
            for i, line in enumerate(wrap(self.message, 20, w - 2 * MARGIN)[:2]):
                text(screen, line, (w // 2, h - 66 + 20 * i), 20, ERROR, anchor="center")

    def _button(self, screen: pygame.Surface, rect: pygame.Rect, name: str, enabled: bool = True) -> None:
        hot = enabled and self.hover == name
        pygame.draw.rect(screen, (70, 62, 36) if hot else (34, 37, 48), rect, border_radius=10)
        pygame.draw.rect(screen, GOLD if hot else (96, 100, 116) if enabled else (62, 64, 74), rect, 2,
                         border_radius=10)

    def _draw_saves(self, screen: pygame.Surface, area: pygame.Rect) -> int:
        """Continue and Load; returns where the battle list starts."""
        if self.open_save is None:
            self.continue_rect = self.load_rect = pygame.Rect(0, 0, 0, 0)
            return area.y
        y = area.y
        latest = self.latest
        passed = self.passed_over[0] if latest is not None and self.passed_over else None
        height = 78 + (NOTE_H if passed is not None else 0)
        self.continue_rect = pygame.Rect(area.x, y, area.w, height)
        self._button(screen, self.continue_rect, "continue", latest is not None)
        x = area.x + 16
        if latest is not None:
            thumb = self.previews.small(latest.map, ROW_THUMB) if latest.map is not None else None
            if thumb is not None:  # the battle's map, as in the list below
                box = pygame.Rect(area.x + 8, y + 11, *ROW_THUMB)
                screen.blit(thumb, thumb.get_rect(center=box.center))
                x = box.right + 12
            text(screen, "Continue  [C]", (x, y + 8), 24, GOLD, bold=True)
            text(screen, when(latest.modified), (self.continue_rect.right - 14, y + 12), 18, DIM,
                 anchor="topright")
            text(screen, fit(latest.title, area.right - x - 16, 20), (x, y + 34), 20, INK)
            text(screen, fit(latest.where, area.right - x - 16, 18), (x, y + 56), 18, DIM)
            if passed is not None:  # under the picture too: the whole button's width
                text(screen, passed_over_note(passed, area.w - 32, 17), (area.x + 16, y + 75), 17, DIM)
        else:
            looking = self.saves is None or bool(self._save_queue)
            text(screen, "Continue", (x, y + 8), 24, DIM, bold=True)
            text(screen, continue_note(self.saves, looking), (x, y + 40), 19, DIM)
        y += height + 10
        n = len(self.saves or [])
        self.load_rect = pygame.Rect(area.x, y, area.w, 42)
        self._button(screen, self.load_rect, "load", n > 0)
        text(screen, "Load a saved battle  [L]", (area.x + 16, self.load_rect.centery), 21, INK if n else DIM,
             bold=True, anchor="midleft")
        text(screen, f"{n} saved" if n else "none yet", (self.load_rect.right - 14, self.load_rect.centery), 18,
             DIM, anchor="midright")
        return y + 42 + 10

    def _draw_battles(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        text(screen, "New battle", (area.x + 2, area.y), 24, INK, bold=True)
        top = area.y + 30
        # The last row needs no gap under it: at 800x560 three rows still fit when Continue has its extra line.
        fits = max(1, (area.bottom - top + ROW_H - ROW_H_DRAWN) // ROW_H)
        self._fits = fits
        if not self._shown:  # the first drawing: the chosen battle (the one just left) in view
            self._shown = True
            self._follow()
        self._max_scroll = max(0, len(self.entries) - fits)
        self.scroll = min(self.scroll, self._max_scroll)
        self.rows = [pygame.Rect(0, 0, 0, 0)] * len(self.entries)
        for slot, i in enumerate(range(self.scroll, min(len(self.entries), self.scroll + fits))):
            e = self.entries[i]
            r = pygame.Rect(area.x, top + slot * ROW_H, area.w, ROW_H_DRAWN)
            self.rows[i] = r
            chosen = i == self.index
            pointed = not chosen and r.collidepoint(self.mouse)  # a click here would choose it
            pygame.draw.rect(screen, (64, 56, 34) if chosen else (40, 44, 56) if pointed else (30, 33, 42), r,
                             border_radius=10)
            pygame.draw.rect(screen, GOLD if chosen else (150, 150, 160) if pointed else (70, 74, 88), r,
                             2 if chosen else 1, border_radius=10)
            thumb = self.previews.small(e.path, ROW_THUMB)
            box = pygame.Rect(r.x + 6, r.y + 3, *ROW_THUMB)
            if thumb is not None:
                screen.blit(thumb, thumb.get_rect(center=box.center))
            else:
                pygame.draw.rect(screen, (40, 44, 54), box, border_radius=6)
            tx = box.right + 12
            colour = GOLD if chosen else INK
            head = text(screen, fit(e.title, r.right - tx - 10, 22, True), (tx, r.y + 6), 22, colour, bold=True)
            if e.note:  # a saved setup: which one
                text(screen, fit(e.note, r.right - head.right - 18, 16), (head.right + 8, r.y + 10), 16, DIM)
            p = self.previews.get(e.path)
            line = (p.problem or p.sides) if p is not None else "reading the map..."
            colour = ERROR if p is not None and p.problem else DIM
            text(screen, fit(line, r.right - tx - 10, 18), (tx, r.y + 34), 18, colour)
        if self._max_scroll:
            shown = f"{self.scroll + 1}-{min(len(self.entries), self.scroll + fits)} of {len(self.entries)} (wheel)"
            text(screen, shown, (area.right, area.y + 4), 17, DIM, anchor="topright")

    def _draw_detail(self, screen: pygame.Surface, area: pygame.Rect, e: MapEntry) -> None:
        panel(screen, area)
        x, y = area.x + 20, area.y + 16
        p = self.previews.get(e.path)
        self.play_rect = pygame.Rect(area.right - 20 - 220, area.bottom - 16 - 44, 220, 44)
        desc = e.description or f"{e.path.name} (the map has no description property)"
        # The whole description, above the Play button: at 800x560 its last lines ran under the button. The
        # text gets smaller (down to 15 px), then the picture shorter (down to a sixth of the panel); a text too
        # long even then goes without the big picture (the list's row beside it still shows the map).
        header = 12 + 36 + (20 if e.note else 0) + (28 if p is not None and p.sides else 0)
        room = self.play_rect.y - 8 - y - header  # for the picture and the description together
        tallest = min(BIG_THUMB[1], area.h // 2)
        size, lines = 20, wrap(desc, 20, area.w - 40)
        while len(lines) * (size + 3) > room - tallest and size > 15:
            size -= 1
            lines = wrap(desc, size, area.w - 40)
        height = min(tallest, room - len(lines) * (size + 3))
        height = 0 if height < min(tallest, max(60, area.h // 6)) else height
        if height:
            box = pygame.Rect(x, y, area.w - 40, height)
            thumb = self.previews.small(e.path, box.size)
            if thumb is not None:
                screen.blit(thumb, thumb.get_rect(center=box.center))
            else:
                pygame.draw.rect(screen, (36, 40, 50), box, border_radius=8)
                msg = p.problem if p is not None and p.problem else "drawing the map..."
                for i, line in enumerate(wrap(msg, 19, box.w - 20)[:3]):
                    text(screen, line, (box.centerx, box.centery - 10 + 22 * i), 19, ERROR if p else DIM,
                         anchor="center")
            y = box.bottom + 12
        text(screen, fit(e.title, area.w - 40, 28, True), (x, y), 28, GOLD, bold=True)
        y += 36
        if e.note:
            text(screen, fit(f"{e.note}: {e.path}", area.w - 40, 17), (x, y - 4), 17, DIM)
            y += 20
        if p is not None and p.sides:
            text(screen, fit(p.sides, area.w - 40, 20), (x, y), 20, INK)
            y += 28
        self.desc_lines = lines
        for line in lines:
            text(screen, line, (x, y), size, DIM)
            y += size + 3
        self.desc_bottom = y  # where the description ends (tests: above the Play button)
        self._button(screen, self.play_rect, "play")
        text(screen, "Play this battle  [Enter]", self.play_rect.center, 20, INK, bold=True, anchor="center")


def _is_user_error(err: Exception) -> bool:
    # One-line user errors (bad map) carry no traceback worth showing; bugs still raise.
    return type(err).__name__ in ("MapError", "RenderError", "RulesError", "LogError")

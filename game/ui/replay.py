"""The replay viewer: step through an action log forward and back, with the combat log and whose turn it is.

``ReplayScene(scenario, actions)`` is a Scene. Step k shows the encounter
after the first k actions; the steps, and the checkpoints that make a step
back quick, are :mod:`game.ui.replay_steps`'; keys and clicks become steps
in :mod:`game.ui.replay_controls`. This module draws them. The events of every step are computed once
up front, so the combat log to the left of the map lists every roll up to
the current step, the step's own lines highlighted.

The timeline under the map marks where each round begins and always names
the current round: a click on it jumps there (on a round's label: to the
start of that round). Playing steps
once every ``PLAY_EVERY`` seconds at 1x, twice as often at 2x, four times at
4x. The wheel zooms the map toward the pointer (over the combat log it
scrolls the log); dragging pans. Hovering a tracker row rings that token and
shows its card, as in the battle, in a corner of the map clear of that token.

Keys: Right / Left step, Home / End jump to the first / last step, PageUp /
PageDown the previous / next round, Space plays and pauses, 1 / 2 / 3 play at
1x / 2x / 4x, + / - zoom, F fits the map, Esc closes. The buttons under the
map do the same.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from types import SimpleNamespace
from typing import Any

from game.maps.pixels import TiledPixels
from game.render.pg import pygame
from game.render.tokens import TokenView, draw_tokens

from . import heap
from . import theme as th
from .camera import Camera
from .context import BattleContext
from .gm.buttons import Button, ButtonRow
from .maplayer import MapLayer
from .narration import at_war_from, over_words
from .overlays import FacingArcs
from .panels.card import WIDTH as CARD_WIDTH
from .panels.card import CombatantCard, card_lines
from .panels.initiative import InitiativeTracker
from .replay_controls import PLAY_EVERY as PLAY_EVERY
from .replay_controls import SPEEDS as SPEEDS
from .replay_controls import ReplayControls
from .replay_steps import CHECKPOINT_EVERY as CHECKPOINT_EVERY  # importable here, as before
from .replay_steps import CHECKPOINTS as CHECKPOINTS
from .scene import Scene
from .tokenlayer import draw_name_tag, states_from
from .tokenlayer import draw_tokens as draw_token_sprites

SIDEBAR = 380  # the step, tracker and log column; narrower in a small window (sidebar_width)
BOTTOM = 92  # the timeline and the buttons
LOG_ROW = 19
ESC_HINT = "Esc closes"
BAR_MAX = 760  # the button row's widest: room for "Step > (Right)" beside the others at 1280 px
BACKGROUND = (28, 30, 36)
TERRAIN_FILL = {"normal": (104, 126, 82), "difficult": (92, 104, 60), "water": (58, 98, 150), "chasm": (30, 26, 30),
                "hazard": (150, 70, 40), "blocked": (84, 80, 76)}


def sidebar_width(window_w: int) -> int:
    """The sidebar's width: SIDEBAR, and about a third of a small window (at 800 px it took half, and the
    button bar had no room for its labels)."""
    return max(280, min(SIDEBAR, window_w * 34 // 100))


class ReplayScene(ReplayControls, Scene):
    """The replay window: the map at the step shown, the sidebar, the timeline and the buttons; keys and
    clicks become steps in :class:`ReplayControls`, the steps and checkpoints are :class:`ReplaySteps`'."""

    def __init__(self, scenario: Any, actions: Sequence[Any], *, tmx_path: Any = None, art: Any = None,
                 size: tuple[int, int] | None = None) -> None:
        self.art = art if art is not None else _load_art(tmx_path or scenario.source)
        # With the map's art: the battle's cached, animated map layer and token sprites (as the
        # battle shows them); without it, flat terrain colours and drawn tokens (_map_surface).
        self.maplayer = MapLayer(self.art) if self.art is not None else None
        self.layout = scenario.board.layout
        self.geometry = TiledPixels(self.layout)
        self._read_log(scenario, actions)  # ReplaySteps: the steps' words and rounds, step 0 shown
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.size = size
        self.buttons: list[Button] = []
        self.hovered_button: Any = None
        self.mouse = (0, 0)
        self._surfaces: dict[Any, pygame.Surface] = {}
        self.camera: Camera | None = None
        self.tracker = InitiativeTracker()
        self.card = CombatantCard()
        # The sectors under the tokens, the labels over them, as in the battle: drawn over everything, the arcs
        # tinted the tokens in them and the hovered one's name tag, which sat on "rear −4" (Harrow Keep).
        self.arcs = FacingArcs(labels_over=True)
        self.tag_rect: pygame.Rect | None = None  # the hovered token's name tag, as last drawn
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.timeline = pygame.Rect(0, 0, 0, 0)
        self.round_marks: list[tuple[int, pygame.Rect]] = []  # (round, its label) as last drawn
        self.press: tuple[int, int] | None = None  # a press on the map: a drag pans
        self.map_rect = self._map_rect(size or (1280, 720))  # as last drawn
        self._tip = ""
        # A line under the top bar until the first step is taken: the log's save note names another map
        # (app.replay_scene); the replay shows it on this one all the same.
        self.notice = ""
        # The whole log was just replayed (its steps' words, rounds and states): in a window, settled now, so
        # no frame of the replay pays for a collector pass over it (game.ui.heap).
        heap.loaded()

    # --- drawing ------------------------------------------------------------------
    def _map_rect(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        side = sidebar_width(w)
        return pygame.Rect(side, 40, w - side, h - 40 - BOTTOM)

    def _picture(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(size, origin) of the map picture: Tiled grows it past the grid for offset layers (MapArt)."""
        if self.art is not None:
            return self.art.size, self.art.origin
        return self.geometry.pixel_size, (0, 0)

    def _ctx(self, rect: pygame.Rect) -> BattleContext:
        if self.camera is None or (self.camera.view_w, self.camera.view_h) != rect.size:
            self.camera = Camera.for_picture(rect.width, rect.height, *self._picture())
            self.camera.fit()
        ctx = BattleContext(match=SimpleNamespace(encounter=self.enc, applied=[]), geometry=self.geometry,
                            camera=self.camera, view_rect=rect, mouse=self.mouse, version=self.k)
        cell = ctx.cell_at(self.mouse)
        ctx.hovered_cell = cell
        if cell is not None:
            for v in self.enc.views():
                if v.active and cell in {c for c in self.enc.footprint(v.name)}:
                    ctx.hovered_unit = v.name
        # A tracker row under the pointer (as last drawn): its token ringed and its card shown, as in the
        # battle (Foundry #12282); the replay's tracker never heard the pointer, so a row named nobody on the map.
        self.tracker.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=(0, 0),
                                                     buttons=(0, 0, 0)), ctx)
        named = self.tracker.hovered
        if named is not None and self.enc.view(named).active:
            ctx.highlight = named
            ctx.hovered_unit = ctx.hovered_unit or named
        return ctx

    def _tokens_surface(self, zoom: float) -> pygame.Surface:
        """Without tile art: this step's tokens on a clear layer the size of the flat map, cached per step
        (apart from the map, so the facing arcs go between the two)."""
        key = (self.k, zoom)
        if key not in self._surfaces:
            for old in [k for k in self._surfaces if k[0] != "base"]:  # one step's tokens kept; the maps stay
                del self._surfaces[old]
            layer = pygame.Surface(self._base(zoom).get_size(), pygame.SRCALPHA)
            tokens = [TokenView(v.name, v.faction, v.cell, v.radius, v.facing_index, max(v.hp, 0), v.hp_max)
                      for v in self.enc.views() if v.active]
            (_, (ox, oy)) = self._picture()
            draw_tokens(layer, self.layout, tokens, zoom, offset=(round(ox * zoom), round(oy * zoom)))
            self._surfaces[key] = layer
        return self._surfaces[key]

    def _base(self, zoom: float) -> pygame.Surface:
        """Without tile art: the terrain as flat colours, still a readable map."""
        key = ("base", zoom)
        if key not in self._surfaces:
            w, h = self._picture()[0]
            src = pygame.Surface((w, h), pygame.SRCALPHA)
            board = self.scenario.board
            for r in range(board.rows):
                for c in range(board.cols):
                    t = board.terrain_at((c, r))
                    if t is None or not board.is_on_map((c, r)):
                        continue
                    pts = self.geometry.cell_corners((c, r))
                    pygame.draw.polygon(src, TERRAIN_FILL.get(t.label, (110, 110, 110)), pts)
                    pygame.draw.polygon(src, (40, 44, 40), pts, 1)
            surf = src if zoom == 1.0 else pygame.transform.smoothscale(src, (round(w * zoom), round(h * zoom)))
            self._surfaces[key] = surf
            return surf
        return self._surfaces[key]

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        screen.fill(BACKGROUND)
        rect = self.map_rect = self._map_rect(screen.get_size())
        ctx = self._ctx(rect)
        assert self.camera is not None
        screen.set_clip(rect)
        self.tag_rect = None
        if self.maplayer is not None:
            self.maplayer.draw(screen, rect, ctx.to_screen(0, 0), ctx.zoom_index)
            self.arcs.draw(screen, ctx)  # (its labels' room goes into ctx.keep_clear: the name tag keeps off it)
            tokens = states_from(ctx)
            draw_token_sprites(screen, ctx, tokens, tag=False)
            self.arcs.draw_labels(screen)
            self.tag_rect = draw_name_tag(screen, ctx, tokens)
        else:
            px, py = self._picture()[1]
            ox, oy = ctx.to_screen(-px, -py)  # the picture's corner, up/left of map pixel (0, 0) when grown
            screen.blit(self._base(self.camera.zoom), (round(ox), round(oy)))
            self.arcs.draw(screen, ctx)
            screen.blit(self._tokens_surface(self.camera.zoom), (round(ox), round(oy)))
            self.arcs.draw_labels(screen)
        self._draw_step_marks(screen, ctx)
        screen.set_clip(None)
        self._draw_top(screen)
        self._draw_sidebar(screen, ctx)
        self._draw_notice(screen, rect)
        if ctx.hovered_unit is not None:
            self.card.rect = self._card_spot(ctx, ctx.hovered_unit)
            self.card.draw(screen, ctx)
        self._draw_buttons(screen, rect)

    def _draw_notice(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        """The save note's warning, wrapped to the map's width in a box over its top edge: there until the first
        step, read before the replay moves (the top bar and the sidebar have no room for a sentence)."""
        if not self.notice or self.k != 0:
            return
        lines = [th.Line(t, role="warn", size=th.SMALL) for t in th.wrap(self.notice, area.w - 48, th.SMALL)]
        th.tooltip(screen, lines, (area.x + 8, area.y + 8), within=area)

    def _card_spot(self, ctx: BattleContext, name: str) -> pygame.Rect:
        """Where a hovered combatant's card goes: a corner of the map clear of that combatant's token, then of
        as many other tokens as may be. It always sat top left, over Grum's token when his tracker row was
        hovered on fortress_assault."""
        import math

        _, h = th.lines_size(card_lines(self.enc.view(name), self.enc), CARD_WIDTH - 2 * th.PAD)
        area = self.map_rect
        size = (CARD_WIDTH, h + 10)
        spots = [pygame.Rect((x, y), size) for y in (area.y + 8, area.bottom - 8 - size[1])
                 for x in (area.x + 8, area.right - 8 - size[0])]

        def covers(box: pygame.Rect, who: str) -> bool:
            v = self.enc.view(who)
            cx, cy = ctx.cell_to_screen(v.cell)
            near = (min(max(cx, box.left), box.right), min(max(cy, box.top), box.bottom))
            return math.dist((cx, cy), near) <= ctx.hex_radius() * (0.78 + 1.42 * v.radius)

        others = [v.name for v in self.enc.views() if v.active and v.name != name]
        return min(spots, key=lambda b: (covers(b, name), sum(covers(b, o) for o in others)))

    def _draw_step_marks(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        """Ring the combatant the current step was about, so a step is easy to follow on the map; and, on the
        flat map (the token sprites ring it themselves), the one a tracker row points at."""
        from .overlays.draw import ring

        if ctx.highlight is not None and self.maplayer is None:
            v = self.enc.view(ctx.highlight)
            cyan = (90, 230, 255)  # the battle's ring for a tracker row's token (tokenlayer)
            ring(screen, ctx.cell_to_screen(v.cell), ctx.hex_radius() * (1 + 2 * v.radius) * 1.1, cyan)
        if self.k == 0:
            return
        who = self.actions[self.k - 1].actor
        if who is None:
            return
        try:
            v = self.enc.view(who)
        except Exception:  # a name the log refers to but the map lost: nothing to ring
            return
        if v.active:
            ring(screen, ctx.cell_to_screen(v.cell), ctx.hex_radius() * (1 + 2 * v.radius) * 1.02, th.ACCENT)

    def _draw_top(self, screen: pygame.Surface) -> None:
        w = screen.get_width()
        pygame.draw.rect(screen, (16, 18, 24), (0, 0, w, 40))
        pygame.draw.line(screen, (80, 84, 96), (0, 39), (w, 39))
        title = getattr(self.scenario, "title", "") or "Replay"
        th.text(screen, f"Replay: {title}", (12, 20), size=th.HEAD, bold=True, anchor="midleft")
        enc = self.enc
        if enc.phase == "active":
            turn = f"round {enc.round}, {enc.turn} to act"
        elif enc.phase == "setup":
            turn = "setup"
        else:
            turn = "combat over: " + over_words(enc.outcome(), at_war_from(enc), won="won")
        th.text(screen, f"step {self.k} of {len(self.actions)}   ·   {turn}", (w - 12, 20), colour=th.ACCENT,
                anchor="midright")

    def _draw_sidebar(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        h = screen.get_height()
        frame = pygame.Rect(8, 48, sidebar_width(screen.get_width()) - 16, h - 48 - 8)
        th.draw_frame(screen, frame)
        x = frame.x + th.PAD
        th.text(screen, "This step", (x, frame.y + 8), size=th.SMALL, colour=th.MUTED, bold=True)
        current = self.step_words[self.k - 1] if self.k else "the map as loaded (Step > or Right: the first step)"
        y = frame.y + 28
        for part in th.wrap(current, frame.width - 2 * th.PAD):
            th.text(screen, part, (x, y), colour=th.ACCENT)
            y += th.LINE
        y += 6
        # The initiative tracker, inside the sidebar: round, order, who has acted.
        n = len(self.enc.views())
        self.tracker.rect = pygame.Rect(frame.x + 4, y, frame.width - 8, 58 + 26 * n + 6)
        self.tracker.draw(screen, ctx)
        y = self.tracker.rect.bottom + 8
        pygame.draw.line(screen, (70, 74, 86), (x, y), (frame.right - th.PAD, y))
        y += 8
        th.text(screen, "Combat log", (x, y), size=th.SMALL, colour=th.MUTED, bold=True)
        y += 22
        width = frame.width - 2 * th.PAD
        rows: list[tuple[str, str, bool, bool]] = []  # (text, role, the step shown, the tail of an entry)
        for text, role, now in self.log_lines():
            for i, part in enumerate(th.wrap(text, width - 10, th.SMALL)):
                rows.append((part if i == 0 else "   " + part, role, now, i > 0))
        per = max(0, (frame.bottom - y - 6) // LOG_ROW)
        self.log_rect = pygame.Rect(frame.x, y, frame.width, frame.bottom - y)
        self.log_scroll = max(0, min(self.log_scroll, len(rows) - per))
        end = len(rows) - self.log_scroll
        if self.log_scroll:  # scrolled back: say so where the newest lines would be
            th.text(screen, f"{self.log_scroll} newer line{'s' if self.log_scroll != 1 else ''} below (wheel)",
                    (frame.right - th.PAD, y - 22), size=th.SMALL, colour=th.ACCENT, anchor="topright")
        start = first = max(0, end - per) if per > 0 else end
        # Never the tail of an entry without its head: "(defence −2): rolled 1 +3 = 4 vs 12: miss" topped the
        # log at Harrow Keep, whose miss it was scrolled away. Its room stays at the top, under the heading,
        # so the newest line keeps the last row (as the battle's log does).
        while 0 < start < end and rows[start][3]:
            start += 1
        if start == end:
            start = first  # one entry taller than the log: its tail is all there is to show
        y += (start - first) * LOG_ROW
        for text, role, now, _ in rows[start:end]:
            if now:
                pygame.draw.rect(screen, (60, 54, 32), (x - 4, y - 1, width + 8, LOG_ROW), border_radius=4)
            th.text(screen, text, (x, y), size=th.SMALL, colour=th.ROLE.get(role, th.TEXT))
            y += LOG_ROW
        if not rows:
            th.text(screen, "nothing has happened yet", (x, y), size=th.SMALL, colour=th.FAINT)

    def _draw_buttons(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        self._tip = ""
        self._draw_timeline(screen, pygame.Rect(rect.x + 16, rect.bottom + 8, rect.w - 32, 30))
        # "Esc closes" keeps its own room at the right: at 1100x720 the row ran under it and "Play (Space)"
        # was cut to "Play (Sp...". Where the long labels do not fit, the short ones (keys in the help) do.
        esc = th.text_width(ESC_HINT, th.SMALL) + 24
        room = screen.get_width() - esc - (rect.x + 8)
        w = min(room, BAR_MAX)
        x = rect.x + 8 + max(0, (room - w) // 2)
        y = rect.bottom + 50
        per = (w - 6 * 7) // 8
        specs = next((sp for sp in (self._button_specs(t) for t in range(3))
                      if all(th.text_width(label, th.SMALL) <= per - 8 for _, label in sp)), self._button_specs(2))
        self.buttons = ButtonRow.place(x, y, w, specs, h=30)
        n = len(self.actions)
        for b in self.buttons:
            b.enabled = not ((b.key in ("first", "back", "round-") and self.k == 0)
                             or (b.key in ("next", "last", "round+") and self.k >= n) or (b.key == "play" and not n))
            b.active = (b.key == "play" and self.playing) or (b.key == "speed" and self.speed > 1)
            b.draw(screen, b.key == self.hovered_button)
        th.text(screen, ESC_HINT, (screen.get_width() - 12, y + 15), size=th.SMALL, colour=th.MUTED,
                anchor="midright")
        if self._tip:  # the timeline's hint, above the bar (never under the buttons)
            th.tooltip(screen, [th.Line(self._tip, size=th.SMALL)], (self.mouse[0], self.timeline.y - 66),
                       within=screen.get_rect())

    def _button_specs(self, tier: int) -> list[tuple[Hashable, str]]:
        """The bar's eight buttons: labels naming their keys (tier 0), shorter (1), shortest (2). A step reads as
        what it does, its key the hint, as Play's: it read "< Left" and "Right >", the keys alone."""
        play = "Pause" if self.playing else ("Play (Space)" if tier == 0 else "Play")
        labels = [["|< Home", "<< Round", "< Back (Left)", play, "Step > (Right)", "Round >>", "End >|",
                   f"Speed {self.speed}x"],
                  ["|<", "<< Rnd", "< Back", play, "Step >", "Rnd >>", ">|", f"{self.speed}x"],
                  ["|<", "<<", "<", play, ">", ">>", ">|", f"{self.speed}x"]][tier]
        return list(zip(("first", "round-", "back", "play", "next", "round+", "last", "speed"), labels, strict=True))

    def _round_labels(self, bar: pygame.Rect, n: int, now: int) -> list[tuple[int, pygame.Rect]]:
        """Which rounds the timeline names, and where: the current round always (a long log named R78 and R84
        around round 79, and never 79), then round 1 and every 1st, 2nd, 5th, 10th, 20th, ... round, the
        smallest such stride whose labels do not touch, each left out where it would touch the current one."""
        rounds = self.rounds()

        def rect(r: int) -> pygame.Rect:
            w = th.text_width(f"R{r}", th.SMALL)
            x = bar.x + round(bar.w * self.round_start(r) / n)
            # Right of its tick, but never past the bar's end: the last round's label ("R11") ran off the window.
            return pygame.Rect(min(x + 3, bar.right - w), bar.y - 2, w, th.SMALL + 2)

        def fits(rects: list[pygame.Rect]) -> bool:
            return all(b.left >= a.right + 6 for a, b in zip(rects, rects[1:], strict=False))

        strides = [s * m for m in (1, 10, 100, 1000, 10000) for s in (1, 2, 5)]
        picked: list[int] = []
        for stride in strides:
            picked = [r for r in rounds if r == 1 or r % stride == 0]
            if fits([rect(r) for r in picked]):
                break
        out = [(now, rect(now))] if now in rounds else []
        for r in picked:
            box = rect(r)
            if r != now and not any(box.inflate(12, 0).colliderect(o) for _, o in out):
                out.append((r, box))
        return sorted(out, key=lambda t: t[0])

    def _draw_timeline(self, screen: pygame.Surface, bar: pygame.Rect) -> None:
        """The whole log as a bar: where each round starts (click a label to jump there), where we are."""
        self.timeline = bar
        n = max(1, len(self.actions))
        track = pygame.Rect(bar.x, bar.bottom - 9, bar.w, 6)  # labels above it
        pygame.draw.rect(screen, (52, 56, 68), track, border_radius=3)
        done = pygame.Rect(track.x, track.y, round(track.w * self.k / n), track.h)
        pygame.draw.rect(screen, (150, 126, 70), done, border_radius=3)
        self.round_marks = []
        now = self.round_after[self.k]
        for r, label in self._round_labels(bar, n, now):
            x = bar.x + round(bar.w * self.round_start(r) / n)
            pygame.draw.line(screen, (120, 124, 140), (x, track.y - 5), (x, track.bottom + 4), 2)
            th.text(screen, f"R{r}", label.topleft, size=th.SMALL, colour=th.ACCENT if r == now else th.MUTED)
            self.round_marks.append((r, label.inflate(8, 6)))
        labelled = {r for r, _ in self.round_marks}
        for r in self.rounds():  # the other rounds: a short, faint tick each
            if r not in labelled:
                x = bar.x + round(bar.w * self.round_start(r) / n)
                pygame.draw.line(screen, (96, 100, 114), (x, track.y - 2), (x, track.bottom + 1))
        cx = bar.x + round(bar.w * self.k / n)
        pygame.draw.circle(screen, th.ACCENT, (cx, track.centery), 7)
        pygame.draw.circle(screen, (20, 20, 24), (cx, track.centery), 7, 2)
        if bar.collidepoint(self.mouse):  # where a click would go
            k = self.step_at(self.mouse[0])
            at = next((r for r, rect in self.round_marks if rect.collidepoint(self.mouse)), None)
            what = f"round {at}: its start" if at is not None else \
                f"step {k}: " + (self.step_words[k - 1] if k else "the map as loaded")
            self._tip = what  # drawn last, above the buttons


def _load_art(path: Any) -> Any:
    """The map's tile art when its file can be read (as given, else among the shipped maps by name);
    None draws flat terrain colours instead."""
    from pathlib import Path

    from game.render.tilemap import load_map_art

    p = Path(str(path))
    shipped = Path(__file__).resolve().parents[2] / "maps" / p.name
    for candidate in (p, shipped):
        if candidate.is_file():
            try:
                return load_map_art(candidate)
            except Exception:  # unreadable art only costs the pretty tiles
                return None
    return None

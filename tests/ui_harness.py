"""A headless battle frame for widget tests: the default map, a real Match, a BattleContext at 100 % zoom.

``frame(ctx, widgets)`` draws what the battle scene will: the map, the
"under" widgets, the tokens, the "over" widgets, then the panels. ``send``
dispatches real pygame events to widgets the way the scene does (panels
first, topmost first; the first non-None reply wins).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.maps.loader import load_scenario  # noqa: E402
from game.maps.pixels import TiledPixels  # noqa: E402
from game.match import Match  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.render.tilemap import load_map_art  # noqa: E402
from game.render.tokens import TokenView, draw_tokens  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.context import STATUS_BAR, TOP_BAR, BattleContext, Reply  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "maps" / "default.tmx"
SIZE = (1280, 720)
SHOTS = Path(os.environ.get("PLAYMAT_SHOTS", "/tmp/playmat-shots"))

_ART: dict[str, object] = {}


def screen() -> pygame.Surface:
    pygame.display.init()
    pygame.font.init()
    return pygame.Surface(SIZE)


def make_ctx(match: Match, zoom_index: int = 4) -> BattleContext:
    layout = match.encounter.layout
    geo = TiledPixels(layout)
    view = pygame.Rect(0, TOP_BAR, SIZE[0], SIZE[1] - TOP_BAR - STATUS_BAR)
    cam = Camera(view.width, view.height, *geo.pixel_size)
    cam.zoom_index = zoom_index  # 4 = 100 %
    cam.jump(geo.pixel_size[0] / 2, geo.pixel_size[1] / 2)
    return BattleContext(match=match, geometry=geo, camera=cam, view_rect=view)


def new_match(tmp_path: Path | None = None, path: Path = DEFAULT) -> Match:
    sc = load_scenario(path)
    log = tmp_path / "fight.jsonl" if tmp_path is not None else None
    return Match(sc, log_path=log)


def hover(ctx: BattleContext, cell: tuple[int, int] | None) -> tuple[int, int]:
    """Point the cursor at a cell's centre, as the battle scene would record it."""
    if cell is None:
        ctx.hovered_cell = ctx.hovered_unit = None
        return ctx.mouse
    sx, sy = ctx.cell_to_screen(cell)
    ctx.mouse = (round(sx), round(sy))
    ctx.hovered_cell = ctx.cell_at(ctx.mouse)
    ctx.hovered_unit = None
    enc = ctx.encounter
    for v in enc.views():
        if v.active and tuple(ctx.hovered_cell) in {tuple(c) for c in enc.footprint(v.name)}:
            ctx.hovered_unit = v.name
    return ctx.mouse


def frame(surface: pygame.Surface, ctx: BattleContext, widgets: list) -> None:
    surface.fill((28, 30, 36))
    enc = ctx.encounter
    key = str(DEFAULT)
    if key not in _ART:
        _ART[key] = load_map_art(DEFAULT)
    art = _ART[key]
    base = art.surface()
    z = ctx.zoom
    if z != 1.0:
        w, h = base.get_size()
        base = pygame.transform.smoothscale(base, (round(w * z), round(h * z)))
    ox, oy = ctx.to_screen(0, 0)
    surface.set_clip(ctx.view_rect)
    surface.blit(base, (round(ox), round(oy)))
    for w in widgets:
        if w.layer == "under":
            w.draw(surface, ctx)
    layer = pygame.Surface(base.get_size(), pygame.SRCALPHA)
    tokens = [TokenView(v.name, v.faction, tuple(v.cell), v.radius, v.facing_index, max(v.hp, 0), v.hp_max)
              for v in enc.views() if v.active]
    draw_tokens(layer, enc.layout, tokens, z)
    surface.blit(layer, (round(ox), round(oy)))
    surface.set_clip(None)
    for w in widgets:
        if w.layer == "over":
            w.draw(surface, ctx)
    for w in widgets:
        if w.layer == "panel":
            w.draw(surface, ctx)


def send(ctx: BattleContext, widgets: list, event: pygame.event.Event) -> Reply | None:
    if hasattr(event, "pos"):
        ctx.mouse = event.pos
    order = [w for w in reversed(widgets) if w.layer == "panel"] + [w for w in reversed(widgets) if w.layer != "panel"]
    for w in order:
        reply = w.handle_event(event, ctx)
        if reply is not None:
            return reply
    return None


def submit(ctx: BattleContext, reply: Reply | None, *, answered_yes: bool = False):
    """What the battle scene does with a reply's action: submit it to the match, bump the version. A reply that
    asks first (the GM card's End combat) is submitted only with ``answered_yes``: the scene asks the question
    and submits on Yes alone, so a test that went straight to the action would skip what the player sees."""
    assert reply is not None and reply.action is not None, reply
    assert (reply.ask is not None) == answered_yes, f"the reply asks {reply.ask!r}: answer it (answered_yes)"
    applied = ctx.match.submit(reply.action)
    ctx.version += 1
    return applied


def save(surface: pygame.Surface, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = SHOTS / name
    pygame.image.save(surface, str(out))
    return out


def key(k: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def release(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def typed(s: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in s]


def skirmish(tmp_path: Path | None = None) -> Match:
    """The default map with the goblin and an orc moved up to the players, combat begun, Mira to act.

    Goblin (attack 1, defence 13, hp 7, 1d6) at 7,5 facing west; Orc 2 at 6,8; then the goblin (initiative
    5) ends its turn and Mira (attack 4, damage 1d6+1, move 7) at 3,5 is to act.
    """
    from game.rules import Begin, EndTurn, Place

    m = new_match(tmp_path)
    m.submit(Place("Goblin", (7, 5), "w"))
    m.submit(Place("Orc 2", (6, 8), "nw"))
    m.submit(Begin())
    assert m.encounter.turn == "Goblin"
    m.submit(EndTurn())
    assert m.encounter.turn == "Mira"
    return m


def drawn_by(module: object, monkeypatch: object, attr: str = "text") -> list[tuple[str, pygame.Rect]]:
    """Every string ``module`` draws with its ``attr`` helper (``text``), with where it landed, from now on
    (``monkeypatch`` puts the helper back after the test)."""
    seen: list[tuple[str, pygame.Rect]] = []
    real = getattr(module, attr)

    def recording(screen: pygame.Surface, s: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = real(screen, s, *args, **kwargs)
        seen.append((s, rect))
        return rect

    monkeypatch.setattr(module, attr, recording)  # type: ignore[attr-defined]
    return seen

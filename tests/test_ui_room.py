"""Room for the map (issue 20): tooltips beside the hovered hex and clear of the panels, readable counts and
coordinates at 100 % zoom. Each drives the real window loop headless at 1280x720."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.maps import default_map  # noqa: E402
from game.ui.app import PlayConfig, play  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from game.ui.camera import ZOOMS  # noqa: E402
from game.ui.panels import Tooltips  # noqa: E402

EVERYONE = ("player", "ally", "enemy", "neutral")  # a human acts first: the move and attack previews show


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def key(k: int, mod: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


def tips_of(b: BattleScene) -> Tooltips:
    return next(w for w in b.widgets if isinstance(w, Tooltips))


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Pixels between two rectangles that do not overlap (0 when they touch)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return max(dx, dy)


def test_every_tooltip_sits_beside_its_hex_and_off_the_panels(tmp_path: Path) -> None:
    """Point at every hex in view in turn (move previews, 'cannot reach' reasons, attack previews on tokens): each
    tooltip leaves the hovered hex (and the token on it) uncovered, touches it within a few pixels (or a hex, to
    step past a token it would hide, two hexes at most), and covers no
    panel (card, tracker, log, action bar) but to leave the enemies within two hexes of the hex in view. Before,
    a tip sat 18 px below-right of the pointer, over half the hex, and over the combat log or the tracker when the
    hex was beside them."""
    seen: dict[str, Any] = {"todo": None, "checked": 0}
    bad: list[str] = []

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        b = stack.find(BattleScene)
        if b is None or b.match.encounter.phase != "active" or b.ctx.busy or frame < 5:
            return []
        ctx = b.ctx
        if seen["todo"] is None:  # the opening view: every hex centre inside the map area, off the panels
            enc = ctx.encounter
            covers = b.panel_covers()
            seen["todo"] = [
                (c, r) for r in range(enc.board.rows) for c in range(enc.board.cols)
                if ctx.view_rect.collidepoint(p := tuple(round(v) for v in ctx.cell_to_screen((c, r))))
                and not any(k.collidepoint(p) for k in covers)]
            seen["covers"] = covers
        elif seen.get("at") is not None:  # what the last frame drew for the hex pointed at
            cell, _ = seen["at"], None
            for tip, anchor in tips_of(b).drawn:
                seen["checked"] += 1
                hex_at = ctx.cell_to_screen(cell)
                if not anchor.collidepoint(hex_at):
                    bad.append(f"{cell}: the tip is anchored at {anchor}, not on the hovered hex")
                if tip.colliderect(anchor):
                    bad.append(f"{cell}: the tip {tip} covers its hex or token {anchor}")
                # Beside the hex, or just past the name tag or an arc label drawn around the token on it, or past
                # the mover's token and the first step of its path, which it leaves in view.
                actor = ctx.selected or ctx.encounter.turn
                kept = [*ctx.keep_clear, *ctx.in_sight, *([ctx.token_rect(actor)] if actor is not None else [])]
                # Or stepped out past a token that a box flush beside the hex would hide, no further than
                # two hexes (Giant's Hearth, 0,5 at 1024x768: every flush spot hid Wynn, 30 px up none did).
                step = min(anchor.width, anchor.height)
                if min(gap(tip, r) for r in [anchor, *kept]) > 8 and gap(tip, anchor) > 6 + step * 2:
                    bad.append(f"{cell}: the tip {tip} is {gap(tip, anchor)} px from its hex {anchor}")
                over = [c for c in seen["covers"] if tip.colliderect(c)]
                # ...only to keep tokens in view: a box puts the tokens before the card, tracker and log (RULES.md,
                # "A tooltip stays where it is"), so a box over a panel hides no token, or clips at most a corner
                # of one where every spot beside the hex touches a token (the party's corner of Miller's Ford).
                enc = ctx.encounter
                for v in enc.views():
                    t = ctx.token_rect(v.name)
                    part = tip.clip(t).width * tip.clip(t).height / max(1, t.width * t.height)
                    if over and v.active and part > 0.25:
                        bad.append(f"{cell}: the tip {tip} covers the panel {over[0]} and {part:.0%} of {v.name}")
        if not seen["todo"]:
            seen["done"] = True
            return []
        cell = seen["todo"].pop(0)
        seen["at"] = cell
        return [motion(tuple(round(v) for v in ctx.cell_to_screen(cell)))]

    play(PlayConfig(map_path=default_map(), log_path=tmp_path / "t.jsonl", humans=EVERYONE, headless=True,
                    frames=600), script=script, until=lambda s: seen.get("done", False))
    assert seen.get("done"), "the sweep did not finish"
    assert seen["checked"] > 60  # most hexes show a move preview or a reason
    assert not bad, "\n".join(bad[:10])


def ink_height(screen: pygame.Surface, centre: tuple[int, int], half: int, light: int = 200) -> int:
    """Height of the light (text) pixels in a box around ``centre``: how tall the label reads on screen."""
    rows = []
    for y in range(centre[1] - half, centre[1] + half):
        if any(min(screen.get_at((x, y))[:3]) >= light for x in range(centre[0] - half, centre[0] + half)):
            rows.append(y)
    return rows[-1] - rows[0] + 1 if rows else 0


READABLE = 12  # px: the height of a digit on screen


@pytest.mark.parametrize("overlay", ["counts", "coords"])
def test_reach_counts_and_coordinates_read_at_100_percent(overlay: str, tmp_path: Path) -> None:
    """Issue 20: enemy-reach counts (V) and coordinates (C) at 100 % zoom are 12 px type: their digits stand at
    least 9 px tall on screen (they were 8 px, pygame's default font at 15)."""
    seen: dict[str, Any] = {}
    toggle = key(pygame.K_v) if overlay == "counts" else key(pygame.K_c)

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        b = stack.find(BattleScene)
        if b is None or b.match.encounter.phase != "active" or b.ctx.busy or frame < 5:
            return []
        if "zoomed" not in seen:
            seen["zoomed"] = True
            return [motion((5, 5)), *key(pygame.K_EQUALS)]  # the pointer off the map: no tooltip
        if "on" not in seen:
            seen["on"] = frame
            return toggle
        if frame > seen["on"] + 30:  # the last frame drawn, the counts long since worked out
            seen["b"], seen["screen"] = b, pygame.display.get_surface().copy()
            seen["done"] = True
        return []

    play(PlayConfig(map_path=default_map(), log_path=tmp_path / "t.jsonl", humans=EVERYONE, headless=True,
                    frames=300), script=script, until=lambda s: seen.get("done", False))
    b, screen = seen["b"], seen["screen"]
    ctx = b.ctx
    assert ZOOMS[ctx.zoom_index] == 1.0
    enc = ctx.encounter
    faction = enc.view(enc.turn).faction
    from game.ui.overlays.enemy_reach import standable

    counts = enc.enemy_reach_count(faction) * standable(enc, enc.turn)  # shown where the actor could stand
    heights = []
    r = ctx.hex_radius()
    covers = b.panel_covers()
    for row in range(enc.board.rows):
        for col in range(enc.board.cols):
            x, y = (round(v) for v in ctx.cell_to_screen((col, row)))
            hex_box = pygame.Rect(x - r, y - r, 2 * r, 2 * r)  # the label and the badge are inside it
            if not ctx.view_rect.contains(hex_box) or any(c.inflate(8, 8).colliderect(hex_box) for c in covers):
                continue  # under a panel or the action bar (their frames and shadows are light too)
            occupied = any((col, row) in {tuple(c) for c in enc.footprint(v.name)} for v in enc.views() if v.active)
            if occupied:
                continue
            if overlay == "counts" and counts[row, col] > 0:
                heights.append(ink_height(screen, (x, y), round(r * 0.4)))
            elif overlay == "coords":
                heights.append(ink_height(screen, (x, round(y + r * 0.74)), round(r * 0.3)))
    assert len(heights) > 20
    assert min(heights) >= READABLE, sorted(heights)[:5]


def test_a_long_status_line_is_never_cut_where_the_bar_has_room() -> None:
    """Issue 20, bug 5 (a truncated "Not threate..."): the status says what happened or why a click was refused, so
    it wins the bar's room. A sentence too long to sit beside the key hint at 1280 px is drawn whole: the hint
    steps aside (it is in the help too), then the type steps down; a short one keeps the hint."""
    from game.ui.battle_view import HINT
    from game.ui.hud import status_layout

    pygame.font.init()
    short = "GM: Orc 1 no longer threatens the hexes around it"
    assert status_layout(short, HINT, 1280) == (short, 20, True)
    long = ('Cannot attack: "Orc Pikeman" is out of reach: distance 6 from 6,4, and every way there is stopped by '
            "the zone of control of Orc 1 at 9,5")
    shown, size, hint = status_layout(long, HINT, 1280)
    assert shown == long and not hint and size >= 16
    longer = long + "; the shallows at 9,6 and 10,6 cost 2 each and the river is impassable on foot"
    shown, size, hint = status_layout(longer, HINT, 1280)
    assert shown == longer and size >= 16  # the smaller type still holds it whole


MAPS = Path(__file__).resolve().parent.parent / "maps"
SPACE = 6  # px a box keeps from the hex it is about and from what it leaves in view
HIDES = 0.1  # a token with more than a tenth of it (its ring's square) under a box is hidden, in part


def hidden(box: pygame.Rect, token: pygame.Rect) -> float:
    """How much of ``token`` (its square) ``box`` covers, 0 to 1."""
    c = box.clip(token)
    return c.width * c.height / max(1, token.width * token.height)


def spots_beside(size: tuple[int, int], anchor: pygame.Rect, area: pygame.Rect) -> list[pygame.Rect]:
    """Every place, pixel by pixel, for a box of ``size`` SPACE px off one side of ``anchor`` (or off a corner),
    inside ``area`` with 4 px to spare: the places a player would call "beside the hex"."""
    w, h = size
    out = []
    for x in (anchor.right + SPACE, anchor.left - SPACE - w):
        out += [pygame.Rect(x, y, w, h) for y in range(anchor.top - SPACE - h, anchor.bottom + SPACE + 1)]
    for y in (anchor.bottom + SPACE, anchor.top - SPACE - h):
        out += [pygame.Rect(x, y, w, h) for x in range(anchor.left - SPACE - w, anchor.right + SPACE + 1)]
    inside = area.inflate(-8, -8)
    return [r for r in out if inside.contains(r)]


def sweep_tips(map_name: str, size: tuple[int, int], tmp_path: Path, reach: bool = False) -> list[dict[str, Any]]:
    """Point, in the battle's opening view, at every token and then at every hex in view (off the panels), with
    the enemy-reach view (V) on or off; for each tooltip drawn: the box, the hex (and token) it is about, its
    lines, the other tokens' squares, and what a box leaves in view before tokens (the action bar, the hovered
    token's name tag and arc labels, the actor's token and the start of its path, an earlier box, and whom the
    box reports on)."""
    seen: dict[str, Any] = {"todo": None}
    out: list[dict[str, Any]] = []
    posted: list[Any] = []

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        b = stack.find(BattleScene)
        if b is None or b.match.encounter.phase != "active" or b.ctx.busy or frame < 5:
            return []
        ctx, enc = b.ctx, b.ctx.encounter
        if reach and "v" not in seen:
            seen["v"] = frame
            return key(pygame.K_v)
        if seen["todo"] is None:
            if reach and frame < seen["v"] + 5:
                return []
            panel = tips_of(b)
            draw = panel.draw

            def spy(screen: pygame.Surface, c: Any) -> None:  # what each box was posted with, then drawn
                posted[:] = list(c.tips)
                draw(screen, c)

            panel.draw = spy  # type: ignore[method-assign]
            covers = b.panel_covers()
            points = [tuple(round(v) for v in ctx.cell_to_screen(v.cell)) for v in enc.views() if v.active]
            points += [tuple(round(v) for v in ctx.cell_to_screen((c, r)))
                       for r in range(enc.board.rows) for c in range(enc.board.cols)]
            seen["todo"] = [p for p in points if ctx.view_rect.collidepoint(p) and
                            not any(k.collidepoint(p) for k in covers)]
        elif seen.get("at") is not None:
            actor = ctx.selected or enc.turn
            before = [c for c in ctx.covers if c not in ctx.panels] + list(ctx.in_sight)
            before += [ctx.token_rect(actor)] if actor is not None else []
            for i, ((tip, anchor), p) in enumerate(zip(tips_of(b).drawn, posted, strict=True)):
                earlier = [t for t, _ in tips_of(b).drawn[:i]]
                out.append({"at": seen["at"], "tip": tip, "anchor": anchor, "area": pygame.Rect(ctx.view_rect),
                            "lines": [ln.text for ln in p.lines],
                            "tokens": {v.name: ctx.token_rect(v.name) for v in enc.views()
                                       if v.active and v.name != actor and not anchor.contains(ctx.token_rect(v.name))},
                            "before": [*before, *earlier, *(getattr(d, "bounds", d) for d in p.describes)]})
        if not seen["todo"]:
            seen["done"] = True
            return []
        seen["at"] = seen["todo"].pop(0)
        return [motion(seen["at"])]

    play(PlayConfig(map_path=MAPS / map_name, log_path=tmp_path / "t.jsonl", humans=EVERYONE, headless=True,
                    size=size, frames=2000), script=script, until=lambda s: seen.get("done", False))
    assert seen.get("done"), "the sweep did not finish"
    return out


@pytest.mark.parametrize(("map_name", "size", "reach"), [
    ("giants_lair.tmx", (1280, 800), False), ("giants_lair.tmx", (1024, 768), False),
    ("fortress_assault.tmx", (1280, 800), True), ("giants_lair.tmx", (1024, 768), True)])
def test_a_tooltip_hides_no_token_where_a_spot_beside_its_hex_hides_none(map_name: str, size: tuple[int, int],
                                                                         reach: bool, tmp_path: Path) -> None:
    """Point at every token and every hex (the battle's opening view, enemy reach on or off): each box leaves the
    hovered hex and its token in view and, wherever some spot beside the hex touches no token (nor the action
    bar, the name tag, the actor and its path, whom the box reports on), hides no token; where every spot hides
    some, it hides about the least any spot does (a slide of a few pixels apart). V's box is read at a glance:
    at most 300 px wide and nine rows. Before, on the Giant's Hearth at 1280x800 the move box for 4,5 buried
    Goblin 3 where a spot hid 0.17 of a token, at 1024x768 the box for 0,7 hid two thirds of Kell; with V on at
    Harrow Keep the box was up to 624 px wide: for 10,3 it buried Grum where a spot above hid no one, for 11,8
    Archer 2."""
    seen = sweep_tips(map_name, size, tmp_path, reach)
    assert len(seen) > 150  # most hexes and tokens show a box
    bad = []
    for s in seen:
        tip, anchor, tokens = s["tip"], s["anchor"], s["tokens"]
        where = f"pointing at {s['at']}, the box {tuple(tip)} ({s['lines'][0]!r})"
        if tip.colliderect(anchor):
            bad.append(f"{where} covers its hex or token {tuple(anchor)}")
        shows = {n: hidden(tip, t) for n, t in tokens.items() if hidden(tip, t) > HIDES}
        glance = tip.width <= 300 and len(s["lines"]) <= 9
        if reach and "could attack" in " ".join(s["lines"][1:3]) and not glance:  # V's box
            bad.append(f"{where} is {tip.width} px wide, {len(s['lines'])} rows: {s['lines']}")
        blocked = [r.inflate(2 * SPACE, 2 * SPACE) for r in s["before"]]
        fair = [r for r in spots_beside(tip.size, anchor, s["area"]) if r.collidelist(blocked) < 0]
        if not fair:
            continue  # every spot beside the hex covers what comes before tokens: nothing to weigh here
        clear = [r for r in fair if r.collidelist([t.inflate(2 * SPACE, 2 * SPACE) for t in tokens.values()]) < 0]
        if clear and shows:
            bad.append(f"{where} hides {shows}, though {tuple(clear[0])} hides no token")
        least = min(sum(hidden(r, t) for t in tokens.values()) for r in fair)
        if sum(hidden(tip, t) for t in tokens.values()) > least + 0.25:
            bad.append(f"{where} hides {shows}, though some spot hides {least:.2f} of a token")
    assert not bad, f"{len(bad)} of {len(seen)}:\n" + "\n".join(bad[:10])


def test_the_reach_box_names_a_few_then_counts_the_rest() -> None:
    """V's box for a hex seven enemies could attack and four could shoot: every row fits the box's 270 px of text
    (it was one 600 px row of seven names at 1280x800), the viewpoint's name is never split across rows, two
    rows of names at most and then "and N more" for the rest (N counted by hand: seven less those shown), two
    shooters and "and 2 more"; three shooters are all shown ("and 1 more" would save no row)."""
    from game.rules import RangedThreat
    from game.ui import theme as th
    from game.ui.overlays.enemy_reach import reach_lines

    pygame.font.init()
    who = ["Pikeman 1", "Pikeman 2", "Sergeant Hale", "Gate Warden", "Castellan Mord", "Archer 1", "Archer 2"]
    far = [RangedThreat(f"Archer {i}", True, i % 2 == 0, 0.45, False) for i in range(1, 5)]
    lines = reach_lines((10, 5), "Captain Vessa", who, far)
    texts = [ln.text for ln in lines]
    assert texts[0] == "10,5"
    assert all(th.text_width(ln.text, ln.size, ln.bold) <= 270 for ln in lines), texts
    assert len(lines) <= 9, texts
    head = " ".join(texts[1:3])
    assert head.startswith("7 enemies could attack") and any("Captain Vessa" in t for t in texts[1:3]), texts
    assert "4 could shoot or burst here:" in texts
    rows = texts[3:texts.index("4 could shoot or burst here:")]  # after the two rows of the head
    assert 1 <= len(rows) <= 2, texts
    named = [n for n in who if any(n in t for t in rows)]
    assert named == who[:len(named)] and rows[-1].endswith(f"and {7 - len(named)} more"), texts
    assert texts[-3:] == ["Archer 1: shot 45 %, through cover", "Archer 2: shot 45 %", "and 2 more"]
    three = [ln.text for ln in reach_lines((10, 5), "Captain Vessa", who[:1], far[:3])]
    assert three[-3:] == ["Archer 1: shot 45 %, through cover", "Archer 2: shot 45 %",
                          "Archer 3: shot 45 %, through cover"]

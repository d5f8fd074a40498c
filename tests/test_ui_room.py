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
    tooltip leaves the hovered hex (and the token on it) uncovered, touches it within a few pixels, and covers no
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
                if min(gap(tip, r) for r in [anchor, *kept]) > 8:
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

"""The GM's card in the real window loop (headless, 1280x720): where it sits, undo, saving a setup as a map."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from game.maps import default_map, load_scenario
from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Encounter, read_log, replay
from game.ui.app import PlayConfig, play
from game.ui.battle import BattleScene
from game.ui.gm import GMTools
from game.ui.panels import InitiativeTracker

KEY_G = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0)]
KEY_ESC = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)]


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def gm_card(b: BattleScene) -> GMTools:
    return next(w for w in b.widgets if isinstance(w, GMTools))


def tracker_row(b: BattleScene, name: str) -> tuple[int, int]:
    tracker = next(w for w in b.widgets if isinstance(w, InitiativeTracker))
    return next(r.center for r, n in tracker._rows if n == name)


def gm_button(b: BattleScene, k: Any) -> pygame.Rect:
    return next(x.rect for x in gm_card(b).buttons if x.key == k)


def run(cfg: PlayConfig, steps: list) -> BattleScene:
    """Each step: (condition on the battle, events to post), once the previous step's events were handled."""
    todo = list(steps)
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        b = stack.find(BattleScene)
        seen["b"] = b or seen.get("b")
        if b is None or not todo or frame < seen.get("next", 0):
            return []
        cond, make = todo[0]
        if not cond(b):
            return []
        todo.pop(0)
        seen["next"] = frame + 3
        return make(b)

    play(cfg, script=script, until=lambda s: not todo and (seen.get("b") is not None))
    assert not todo, f"{len(todo)} steps left"
    return seen["b"]


def test_the_gm_card_covers_neither_the_action_bar_nor_a_token_bug_4(tmp_path: Path) -> None:
    """Issue 20, bug 4: at 1280x720 the GM panel (G) cut the Attack button and hid Brother Tam's token."""
    cfg = PlayConfig(map_path=default_map(), log_path=tmp_path / "g.jsonl", headless=True, frames=60,
                     humans=("player", "ally", "enemy", "neutral"))
    b = run(cfg, [(lambda b: b.match.encounter.phase == "active", lambda b: KEY_G), (lambda b: True, lambda b: [])])
    card = gm_card(b).cover
    assert b.ctx.gm and card.width > 0
    bar = [x.rect for x, _ in b.view.buttons]
    assert bar and not any(card.colliderect(r) for r in bar), (card, bar)
    ctx = b.ctx
    for v in b.match.encounter.views():
        if not v.active:
            continue
        x, y = ctx.cell_to_screen(v.cell)
        r = ctx.hex_radius() * (0.78 + 1.42 * v.radius)  # the token's disc (as the opening view frames them)
        nearest = (min(max(x, card.left), card.right), min(max(y, card.top), card.bottom))
        assert math.dist((x, y), nearest) > r, f"{v.name} is under the GM card"


def test_the_gm_drags_a_token_in_setup_and_undoes_it(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    cfg = PlayConfig(map_path=default_map(), log_path=log, headless=True, frames=200, setup=True)

    def drag(b: BattleScene) -> list[pygame.event.Event]:
        start = tuple(round(c) for c in b.ctx.cell_to_screen((4, 6)))  # Aldric
        end = tuple(round(c) for c in b.ctx.cell_to_screen((6, 6)))
        return [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1), motion(end),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]

    b = run(cfg, [
        (lambda b: b.match.encounter.phase == "setup", lambda b: KEY_G),
        (lambda b: b.ctx.gm, drag),
        (lambda b: b.match.encounter.view("Aldric").cell == (6, 6) and not b.ctx.busy,
         lambda b: click(gm_button(b, "undo").center)),
        (lambda b: True, lambda b: []),
    ])
    assert b.match.encounter.view("Aldric").cell == (4, 6)
    assert log.read_text() == ""  # the place line left the save too


def test_the_gm_saves_the_setup_as_a_map_that_plays_the_same(tmp_path: Path) -> None:
    arena = write_map(tmp_path / "arena.tmx", ["." * 8] * 5, title="Arena", units=[
        {"name": "Hero", "at": (2, 2), "faction": "player", "initiative": 9, "hp": 12},
        {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w", "hp": 9},
    ])
    log = tmp_path / "a.jsonl"
    log.write_text('{"action": "place", "unit": "Hero", "at": [1, 3], "facing": "ne"}\n'
                   '{"action": "edit", "unit": "Orc", "set": {"hp": 15, "ranged": "2-4"}}\n'
                   '{"action": "join", "unit": {"name": "Wolf", "faction": "enemy", "move": 8}, "at": [6, 4]}\n')
    cfg = PlayConfig(map_path=arena, log_path=log, headless=True, frames=200, setup=True)
    b = run(cfg, [
        (lambda b: b.match.encounter.phase == "setup", lambda b: KEY_G),
        (lambda b: b.ctx.gm, lambda b: click(gm_button(b, "save").center)),
        (lambda b: b.ctx.status.startswith("Setup saved as"), lambda b: []),
    ])
    saved = sorted(tmp_path.glob("arena-setup-*.tmx"))
    assert len(saved) == 1 and b.ctx.status == f"Setup saved as {saved[0].name} (beside the map; Tiled opens it)"
    again = Encounter(load_scenario(saved[0]))
    sc = load_scenario(arena)
    assert again.state_json() == replay(sc, read_log(log, sc.board.layout)).state_json()
    assert json.loads(json.dumps(again.state_json()))["units"]["Wolf"]["at"] == [6, 4]


def test_the_gm_takes_back_a_wound_in_combat_with_a_click(tmp_path: Path) -> None:
    """GM tools (issue 20): -5 on the GM card wounds the selected combatant mid-battle; "Undo the last action"
    gives the hit points back and the log loses the line."""
    log = tmp_path / "u.jsonl"
    cfg = PlayConfig(map_path=default_map(), log_path=log, headless=True, frames=300,
                     humans=("player", "ally", "enemy", "neutral"))
    b = run(cfg, [
        (lambda b: b.match.encounter.phase == "active" and not b.ctx.busy, lambda b: KEY_G),
        (lambda b: b.ctx.gm, lambda b: click(tracker_row(b, "Wren"))),
        (lambda b: b.ctx.selected == "Wren", lambda b: click(gm_button(b, ("hp", -5)).center)),
        (lambda b: b.match.encounter.view("Wren").hp == 5, lambda b: click(gm_button(b, "undo").center)),
        (lambda b: True, lambda b: []),
    ])
    assert b.match.encounter.view("Wren").hp == 10
    assert "set_hp" not in log.read_text()
    assert b.ctx.status.startswith("Undone")


def test_the_edit_form_leaves_the_combatant_it_edits_in_view(tmp_path: Path) -> None:
    """In setup the wide Edit form docks on the side of the map away from its combatant: editing the Troll (right)
    it sits left, beside the GM card; editing Brother Tam (left) it sits right. It used to hide the Troll."""
    cfg = PlayConfig(map_path=default_map(), log_path=tmp_path / "e.jsonl", headless=True, frames=300, setup=True)
    frames: dict[str, pygame.Rect] = {}

    def edit(name: str) -> list:
        return [
            (lambda b: b.ctx.gm and gm_card(b).form is None, lambda b: click(tracker_row(b, name))),
            (lambda b: b.ctx.selected == name, lambda b: click(gm_button(b, "edit").center)),
            (lambda b: gm_card(b).form is not None and gm_card(b).form.frame.width > 0,
             lambda b: (frames.__setitem__(name, pygame.Rect(gm_card(b).form.frame)), KEY_ESC)[1]),
        ]

    b = run(cfg, [(lambda b: b.match.encounter.phase == "setup", lambda b: KEY_G), *edit("Troll"),
                  *edit("Brother Tam"), (lambda b: gm_card(b).form is None, lambda b: [])])
    ctx = b.ctx
    for name, frame in frames.items():
        v = b.match.encounter.view(name)
        x, y = ctx.cell_to_screen(v.cell)
        r = ctx.hex_radius() * (0.78 + 1.42 * v.radius)
        nearest = (min(max(x, frame.left), frame.right), min(max(y, frame.top), frame.bottom))
        assert math.dist((x, y), nearest) > r, f"the Edit form hides {name}"
    assert frames["Troll"].centerx < frames["Brother Tam"].centerx


def test_the_drop_tooltip_sits_beside_the_hex_a_dragged_token_lands_on(tmp_path: Path) -> None:
    """Dragging a token in setup, the 'place Aldric at 6,6' tooltip leaves the landing hex and the lifted token
    in view (it sat under the pointer's lower right, over half the hex) and covers no panel."""
    cfg = PlayConfig(map_path=default_map(), log_path=tmp_path / "d.jsonl", headless=True, frames=200, setup=True)
    seen: dict[str, Any] = {}

    def lift(b: BattleScene) -> list[pygame.event.Event]:
        start = tuple(round(c) for c in b.ctx.cell_to_screen((4, 6)))
        end = tuple(round(c) for c in b.ctx.cell_to_screen((6, 6)))
        return [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1), motion(end)]

    def look(b: BattleScene) -> list[pygame.event.Event]:
        seen["tip"], seen["hex"] = pygame.Rect(gm_card(b).drop_tip), b.ctx.hex_rect((6, 6))
        seen["covers"] = b.panel_covers()
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.ctx.mouse, button=1)]

    run(cfg, [(lambda b: b.match.encounter.phase == "setup", lambda b: KEY_G), (lambda b: b.ctx.gm, lift),
              (lambda b: gm_card(b).dragging == "Aldric", look), (lambda b: True, lambda b: [])])
    tip = seen["tip"]
    assert tip.width > 0 and not tip.colliderect(seen["hex"]), (tip, seen["hex"])
    assert not any(tip.colliderect(c) for c in seen["covers"])


def test_the_gm_previews_an_enemy_archers_shot_without_its_turn(tmp_path: Path) -> None:
    """A GM preparing the ambush asks whom Bandit Archer 1 could shoot, on a player's turn. R with the archer
    selected (its tracker row) said only that the actor has no ranged attack, or previewed the actor's shots; now
    the archer's shooting range is shaded and hovering Lysa draws its sight line with the shot's roll, from
    where it stands, and nothing is submitted."""
    from game.ui.overlays import RangedPreview

    log = tmp_path / "a.jsonl"
    cfg = PlayConfig(map_path=default_map().parent / "ambush.tmx", log_path=log, headless=True, frames=300,
                     humans=("player", "ally", "enemy", "neutral"))
    key_r = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)]

    def hover(b: BattleScene) -> list[pygame.event.Event]:
        x, y = b.ctx.cell_to_screen(b.match.encounter.view("Lysa").cell)
        return [motion((round(x), round(y)))]

    b = run(cfg, [
        (lambda b: b.match.encounter.phase == "active" and not b.ctx.busy, lambda b: KEY_G),
        (lambda b: b.ctx.gm, lambda b: click(tracker_row(b, "Bandit Archer 1"))),
        (lambda b: b.ctx.selected == "Bandit Archer 1", lambda b: key_r),
        (lambda b: b.ctx.action_mode == "shoot", hover),
        (lambda b: b.ctx.hovered_unit == "Lysa", lambda b: []),
        (lambda b: True, lambda b: []),
    ])
    enc = b.match.encounter
    assert enc.turn != "Bandit Archer 1"
    assert b.ctx.status.startswith("GM look: Bandit Archer 1's shots")
    shots = next(w for w in b.widgets if isinstance(w, RangedPreview))
    assert shots.lines is not None and shots.lines[0].text == "Bandit Archer 1 shoots Lysa", shots.lines
    assert shots.line is not None and shots.sight in ("clear", "cover", "blocked", "out of range")
    assert "GM look" in shots.lines[1].text
    if enc.can_shoot_from("Bandit Archer 1", "Lysa") is None:
        assert any(x.text.startswith(("Hits on", "Needs")) or "%" in x.text for x in shots.lines), shots.lines
    assert "shoot" not in log.read_text()


def _look_centre(enc: Encounter) -> tuple[int, int]:
    """The hex, of those the Sea Witch could centre her burst on from where she stands, whose burst catches the
    most (at the start, Corsair Captain and Corsair 1 at 11,4: no hero is in her range and sight yet)."""
    centres = [(c[0], c[1]) for c in enc.cast_centres("Sea Witch")]
    return max(centres, key=lambda c: len(enc.caught_by("Sea Witch", c)))


def test_the_gm_previews_the_sea_witchs_burst_without_her_turn(tmp_path: Path) -> None:
    """A GM preparing the Black Gull asks where the Sea Witch's burst could land and whom it would catch, on the
    party's turn. B with her selected (her tracker row) previewed the acting hero's burst, or refused; now the
    centres she could choose from where she stands are shaded, hovering one lists whom the burst catches there,
    as ``preview_cast`` works it out, and a click casts nothing: the status line says so."""
    from game.ui.overlays import RangedPreview

    log = tmp_path / "a.jsonl"
    cfg = PlayConfig(map_path=default_map().parent / "ship_boarding.tmx", log_path=log, headless=True, frames=300,
                     humans=("player", "ally", "enemy", "neutral"))
    key_b = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0)]
    seen: dict[str, Any] = {}

    def at_centre(b: BattleScene) -> tuple[int, int]:
        x, y = b.ctx.cell_to_screen(_look_centre(b.match.encounter))
        return round(x), round(y)

    def look(b: BattleScene) -> list[pygame.event.Event]:
        burst = next(w for w in b.widgets if isinstance(w, RangedPreview))
        seen["caught"], seen["lines"] = list(burst.caught), list(burst.lines or [])
        return click(at_centre(b))

    b = run(cfg, [
        (lambda b: b.match.encounter.phase == "active" and not b.ctx.busy, lambda b: KEY_G),
        (lambda b: b.ctx.gm, lambda b: click(tracker_row(b, "Sea Witch"))),
        (lambda b: b.ctx.selected == "Sea Witch", lambda b: key_b),
        (lambda b: b.ctx.action_mode == "cast", lambda b: seen.update(status=b.ctx.status) or [motion(at_centre(b))]),
        (lambda b: b.ctx.hovered_cell == _look_centre(b.match.encounter), lambda b: []),
        (lambda b: True, look),
        (lambda b: True, lambda b: []),
    ])
    enc = b.match.encounter
    assert enc.turn != "Sea Witch" and enc.view(enc.turn).faction in ("player", "ally")
    assert seen["status"].startswith("GM look: Sea Witch's burst"), seen["status"]
    centre = _look_centre(enc)
    lines = [x.text for x in seen["lines"]]
    assert lines[0].startswith(f"Sea Witch casts at {centre[0]},{centre[1]}"), lines
    assert "GM look" in lines[1]
    assert seen["caught"] == [a.target for a in enc.preview_cast("Sea Witch", centre).affected]
    assert len(seen["caught"]) >= 2 and any("friendly fire" in t for t in lines), lines
    assert b.ctx.status.startswith("GM look: nothing cast"), b.ctx.status
    assert enc.view("Sea Witch").area_uses_left == 1
    assert not any(json.loads(x).get("type") == "cast" for x in log.read_text().splitlines() if x.strip())

"""The solo player's turn in words: the status line's how-to hint after the action is used, and what the attack
preview says when zone of control or spent movement is what keeps the actor from a foe. Played with real pygame
events on the battle scene as ``playmat play`` builds it, drawn headless."""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.overlays import ActionPreview
from game.ui.status_fade import REFUSAL_HOLD_S
from tests.scene_harness import click, frame, hover, key, open_battle

PLAYER = ("player",)


def _battle(tmp_path: Path, rows: list[str], units: list[dict]) -> tuple[BattleScene, pygame.Surface]:
    tmx = write_map(tmp_path / "field.tmx", rows, units=units, title="Field")
    scene, screen = open_battle(tmp_path, tmx, humans=PLAYER, setup=False)
    frame(scene, screen, 30)
    return scene, screen


def _preview(scene: BattleScene) -> list[str]:
    p = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    return [ln.text for ln in p.lines or []]


def test_the_turn_hint_after_an_attack_offers_only_what_is_left(tmp_path: Path) -> None:
    """The hint under the map said "A/S/D choose attack, shove, disengage" after Lysa had struck, beside the
    greyed Attack, Shove and Disengage buttons. After the blow it offers moving on and ending the turn only."""
    units = [{"name": "Lysa", "at": (4, 2), "faction": "player", "initiative": 9, "move": 4},
             {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["........."] * 5, units)
    enc = scene.match.encounter
    assert enc.turn == "Lysa"
    click(scene, (4, 2))  # her own token: the hint, whole, before she acts
    before = scene.ctx.status
    assert "A/S/D choose attack, shove, disengage" in before and "an enemy to attack" in before
    click(scene, (5, 2))  # the blow
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.acted and enc.view("Lysa").movement == 4
    click(scene, (4, 2))
    hint = scene.ctx.status
    assert hint == "Lysa: click a shaded hex to move; Enter ends the turn"
    # The same hint comes back once a refusal (A, with the action used) has been read.
    key(scene, pygame.K_a)
    assert scene.ctx.status.startswith("Cannot attack")
    scene.update(1 / 60)
    scene.update(REFUSAL_HOLD_S + 0.5)
    assert scene.ctx.status == hint
    # Moved off with the last of her movement: ending the turn is all that is left.
    click(scene, (0, 2))
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.view("Lysa").cell == (0, 2)
    click(scene, (0, 2))
    assert scene.ctx.status == "Lysa: Enter ends the turn"


def test_a_foe_out_of_reach_says_when_zone_of_control_ended_the_move(tmp_path: Path) -> None:
    """Lysa walked into Orc 1's zone of control (R9: her movement drops to 0) and pointed at Orc 2 beyond it:
    the preview said only "out of reach: distance 5", as if a step could help. It says what stopped her."""
    units = [{"name": "Lysa", "at": (0, 2), "faction": "player", "initiative": 9, "move": 6},
             {"name": "Orc 1", "at": (4, 2), "faction": "enemy", "initiative": 2, "hp": 60},
             {"name": "Orc 2", "at": (8, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["..........."] * 5, units)
    click(scene, (3, 2))
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    v = scene.match.encounter.view("Lysa")
    assert v.cell == (3, 2) and v.movement == 0 and v.zoc_exhausted
    hover(scene, (8, 2))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "Lysa was stopped by Orc 1's zone of control: no movement left this turn" in said
    assert "nowhere" not in said


def test_a_foe_out_of_reach_says_when_the_actor_has_walked_its_movement(tmp_path: Path) -> None:
    units = [{"name": "Lysa", "at": (0, 2), "faction": "player", "initiative": 9, "move": 2},
             {"name": "Orc", "at": (8, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["..........."] * 5, units)
    hover(scene, (8, 2))
    frame(scene, screen)
    assert _preview(scene) == ["Cannot attack Orc this turn",  # too far, and how near it gets
                               "out of reach: distance 8, reach 1",
                               "2 movement left: no nearer than distance 6"]
    click(scene, (2, 2))
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert scene.match.encounter.view("Lysa").movement == 0
    hover(scene, (8, 2))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "Lysa has no movement left this turn" in said and "zone of control" not in said


def test_a_foe_out_of_reach_says_the_actor_is_held_in_a_zone_of_control(tmp_path: Path) -> None:
    """Lysa starts her turn beside Orc 1 with 3 movement; every way to a hex beside Orc 2 (3 hexes off) steps
    into another hex Orc 1 threatens and would stop there (R9, R10). "nowhere Lysa can reach this turn" did not
    say that Orc 1 holds her, nor that a disengage (R23) is the way out of its zone."""
    units = [{"name": "Lysa", "at": (2, 2), "faction": "player", "initiative": 9, "move": 3},
             {"name": "Orc 1", "at": (3, 2), "faction": "enemy", "initiative": 2, "hp": 60},
             {"name": "Orc 2", "at": (5, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["........"] * 5, units)
    enc = scene.match.encounter
    assert enc.threateners_of("Lysa") == ["Orc 1"] and enc.view("Lysa").movement == 3
    hover(scene, (5, 2))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "Lysa is held in Orc 1's zone of control: disengage (the turn's action) to move away" in said
    assert "nowhere" not in said
    # Orc 1 itself, beside her, is struck from where she stands: no such line.
    hover(scene, (3, 2))
    frame(scene, screen)
    assert not any("zone of control" in t for t in _preview(scene))


def test_a_foe_out_of_reach_names_the_zone_of_control_across_the_way(tmp_path: Path) -> None:
    """Not held (nothing threatens Lysa where she stands), but every way within her 5 movement to a hex beside
    Orc 2 steps into Orc 1's zone of control and would stop there (R9): that is what the preview says."""
    units = [{"name": "Lysa", "at": (0, 2), "faction": "player", "initiative": 9, "move": 5},
             {"name": "Orc 1", "at": (3, 2), "faction": "enemy", "initiative": 2, "hp": 60},
             {"name": "Orc 2", "at": (5, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["........"] * 5, units)
    assert scene.match.encounter.threateners_of("Lysa") == []
    hover(scene, (5, 2))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "Orc 1's zone of control stops every way there" in said
    assert "held" not in said and "nowhere" not in said


def test_a_foe_ringed_by_friends_says_every_hex_beside_it_is_taken(tmp_path: Path) -> None:
    """Found playing fortress_assault: with Sergeant Hale ringed by Grum, Sir Bram, Doran, Ilse and the Gate
    Warden, the Militia pointing at him read "nowhere Militia can reach this turn to attack Sergeant Hale from",
    as if he stood out of her range. The hexes beside him are all held: the preview says so."""
    ring = [(1, 1), (2, 1), (1, 2), (3, 2), (1, 3), (2, 3)]  # the six neighbours of 2,2 (odd rows shift right)
    units = [{"name": "Militia", "at": (6, 2), "faction": "player", "initiative": 9, "move": 6},
             {"name": "Hale", "at": (2, 2), "faction": "enemy", "initiative": 1, "hp": 60},
             *({"name": f"Guard {i}", "at": c, "faction": "player", "initiative": 5 - i, "move": 1}
               for i, c in enumerate(ring))]
    scene, screen = _battle(tmp_path, ["........"] * 5, units)
    enc = scene.match.encounter
    assert sorted(c for c in ring if enc.layout.distance(c, (2, 2)) == 1) == sorted(ring)
    hover(scene, (2, 2))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "every hex to attack from is taken" in said
    assert "nowhere" not in said


def test_an_archer_out_of_reach_reads_one_roll_the_shot_s(tmp_path: Path) -> None:
    """Found playing fortress_assault: Fenn pointing at Castellan Mord, 7 hexes off, read "if it were allowed:
    hits on 12+ (45 %)" for a blow he could not strike this turn, right above "R shoots Castellan Mord from here
    instead: hits on 12+ (45 %)": two rolls, one of them moot. With the shot offered, the blow's roll goes."""
    units = [{"name": "Fenn", "at": (1, 2), "faction": "player", "initiative": 9, "move": 1, "ranged": "2-8",
              "ranged_attack": 3, "ranged_damage": "1d6"},
             {"name": "Hale", "at": (6, 2), "faction": "enemy", "initiative": 5, "facing": "w"}]
    scene, screen = _battle(tmp_path, ["........"] * 5, units)
    hover(scene, (6, 2))
    frame(scene, screen)
    said = _preview(scene)
    # The bow's odds and damage (1d6) in the short form; held Alt, "R shoots Hale from here instead: hits on 7+".
    assert "R shoots from here: 70 % to hit, 1–6 dmg" in said
    assert not any(t.startswith("if it were allowed") for t in said)
    assert "out of reach: distance 5, reach 1" in said  # why the blow is out, still said
    # Without a bow neither: a blow no hex in reach allows tells no roll (its odds from here are not the ones
    # it would get).
    units[0] = {"name": "Fenn", "at": (1, 2), "faction": "player", "initiative": 9, "move": 1}
    sword = tmp_path / "sword"
    sword.mkdir()
    scene, screen = _battle(sword, ["........"] * 5, units)
    hover(scene, (6, 2))
    frame(scene, screen)
    assert _preview(scene) == ["Cannot attack Hale this turn",
                               "out of reach: distance 5, reach 1",
                               "1 movement left: no nearer than distance 4"]


def test_a_foe_ringed_by_water_and_friends_says_every_hex_is_taken_or_impassable(tmp_path: Path) -> None:
    """Playtest: the Orc stands where two of the hexes beside it are water (3,1 and 5,1: ground may not stand
    there, R5) and the four others are held by the Knight's friends (R4). The preview said "nowhere Knight can
    reach this turn to attack Orc from", as if the Orc stood out of his range; every hex he could strike it from
    is taken or impassable, and that is what it says."""
    ring = [(4, 0), (5, 0), (4, 2), (5, 2)]  # the neighbours of 4,1 that are dry (odd rows shift right)
    units = [{"name": "Knight", "at": (0, 1), "faction": "player", "initiative": 9, "move": 6},
             {"name": "Orc", "at": (4, 1), "faction": "enemy", "initiative": 1, "hp": 60},
             *({"name": f"Guard {i}", "at": c, "faction": "player", "initiative": 5 - i, "move": 1}
               for i, c in enumerate(ring))]
    scene, screen = _battle(tmp_path, [".......", "...w.w.", ".......", "......."], units)
    enc = scene.match.encounter
    assert enc.turn == "Knight"
    assert sorted(c for c in [(3, 1), (5, 1), *ring] if enc.layout.distance(c, (4, 1)) == 1) == \
        sorted([(3, 1), (5, 1), *ring])
    hover(scene, (4, 1))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "every hex to attack from is taken or impassable" in said
    assert "nowhere" not in said
    # The click's refusal and the preview say the same thing (found on giants_lair: Bjorn's preview said only
    # "every hex ... is taken or impassable", the click "out of reach: distance 4", as if they disagreed).
    assert _preview(scene)[1] == "out of reach: distance 4, reach 1"
    click(scene, (4, 1))
    frame(scene, screen)
    assert "out of reach: distance 4" in scene.ctx.status


def test_a_far_foe_reads_calmly_in_one_grey_line_and_a_shove_too_large_stays_red(tmp_path: Path) -> None:
    """Playtest: pointing at a far enemy (a GM or a player often does, just to look at it) read "not possible:
    Orc is out of reach: distance 13, Lysa strikes at distance 1 (R21)" in red, "if it were allowed: hits on
    10+ (55 %)" and "nowhere Lysa can reach this turn to attack Orc from": one thing three times, loudly. It
    reads as a hex out of reach does: a plain heading, the reason in grey, no roll. A refusal that is the
    player's mistake (shoving a creature too large, wherever one stands) stays red."""
    from game.ui.context import SHOVE

    units = [{"name": "Lysa", "at": (0, 2), "faction": "player", "initiative": 9, "move": 4},
             {"name": "Orc", "at": (13, 2), "faction": "enemy", "initiative": 1, "hp": 60},
             {"name": "Ogre", "at": (2, 4), "faction": "enemy", "initiative": 2, "hp": 60, "size": "large"}]
    scene, screen = _battle(tmp_path, ["................"] * 6, units)
    enc = scene.match.encounter
    assert enc.turn == "Lysa" and enc.distance("Lysa", "Orc") == 13
    hover(scene, (13, 2))
    frame(scene, screen)
    p = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    lines = p.lines or []
    assert [(ln.text, ln.role) for ln in lines] == [
        ("Cannot attack Orc this turn", "text"),
        ("out of reach: distance 13, reach 1", "muted"),
        ("4 movement left: no nearer than distance 10", "muted")]
    assert p.arrow is None and p.approach_for("Orc") is None  # nothing offered, nothing drawn
    scene.ctx.action_mode = SHOVE
    hover(scene, (2, 4))
    frame(scene, screen)
    refused = [ln for ln in p.lines or [] if ln.text.startswith("not possible")]
    assert refused and all(ln.role == "bad" for ln in refused)
    assert "larger than Lysa" in " ".join(ln.text for ln in p.lines or [])


def test_the_preview_and_the_combat_log_name_a_shared_zone_of_control_alike(tmp_path: Path) -> None:
    """Playtest: the combat log said "into the zone of control of A, B and C" and the preview "the zones of
    control of A, B and C". One wording, the log's, everywhere: "the zone of control of Orc 1 and Orc 2"."""
    from game.rules import Moved
    from game.ui.narration import event_line

    units = [{"name": "Lysa", "at": (0, 2), "faction": "player", "initiative": 9, "move": 5},
             {"name": "Orc 1", "at": (3, 1), "faction": "enemy", "initiative": 3, "hp": 60},
             {"name": "Orc 2", "at": (3, 3), "faction": "enemy", "initiative": 2, "hp": 60},
             {"name": "Orc 3", "at": (6, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["........"] * 5, units)
    enc = scene.match.encounter
    hover(scene, (6, 2))  # every way to a hex beside Orc 3 enters one zone or the other (R9)
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "the zone of control of Orc 1 and Orc 2 stops every way there" in said
    click(scene, (3, 2))  # into both zones at once
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    moved = [ev for ev in enc.records[-1].events if isinstance(ev, Moved)]
    assert moved and set(moved[0].stopped_by) == {"Orc 1", "Orc 2"}
    logged = event_line(moved[0])
    assert logged is not None and "into the zone of control of Orc 1 and Orc 2" in logged[0]
    hover(scene, (6, 2))
    frame(scene, screen)
    said = " ".join(_preview(scene))
    assert "Lysa was stopped by the zone of control of Orc 1 and Orc 2: no movement left this turn" in said
    assert "zones" not in said

"""Rough edges found playing Harrow Keep and the ambush with the mouse, each as the player met it.

The battle scene is built as ``playmat play`` builds it, driven with real pygame events, and drawn headless.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.overlays import ActionPreview, PathPreview
from game.ui.overlays.wording import pct
from tests.scene_harness import click, frame, hover, key, open_battle, open_playing
from tests.ui_harness import drawn_by

UNITS = [
    {"name": "Fenn", "at": (1, 2), "faction": "player", "initiative": 9, "move": 1, "ranged": "2-8",
     "ranged_attack": 3, "ranged_damage": "1d6"},
    {"name": "Hale", "at": (6, 2), "faction": "enemy", "initiative": 5, "facing": "w"},
]


def archer(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    return open_playing(tmp_path, write_map(tmp_path / "bow.tmx", ["........"] * 5, units=UNITS, title="Bow"), "Fenn")


def preview_texts(scene: BattleScene) -> list[str]:
    p = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    return [ln.text for ln in p.lines or []]


def test_an_archer_hovering_a_foe_out_of_reach_is_told_the_bow_can_hit_it(tmp_path: Path) -> None:
    """Fenn hovered the sergeant his bow could hit and read only, in red, "not possible: out of reach ...
    nowhere Fenn can reach this turn to attack": the default mode is attack, and nothing said R shoots."""
    scene, screen = archer(tmp_path)
    hover(scene, (6, 2))
    frame(scene, screen)
    lines = preview_texts(scene)
    assert lines[0] == "Cannot attack Hale this turn" and not any("not possible" in t for t in lines)
    shot = scene.match.encounter.preview_shoot("Fenn", "Hale")
    assert shot.legal is None
    assert f"R shoots from here: {pct(shot.hit_chance)} to hit" in " ".join(lines)
    # R, then the same click shoots, as the line says.
    key(scene, pygame.K_r)
    click(scene, (6, 2))
    frame(scene, screen)
    assert scene.match.encounter.acted
    # With the action spent, no bow is offered.
    key(scene, pygame.K_a)
    hover(scene, (6, 2))
    frame(scene, screen)
    assert not any("shoots" in t for t in preview_texts(scene))


def test_a_hex_out_of_reach_says_how_far_without_repeating_the_hex(tmp_path: Path) -> None:
    """ "Ilse cannot move to 9,3" over "cannot reach 9,3: 9 movement away, 6 left": the hex twice."""
    scene, screen = archer(tmp_path)
    hover(scene, (5, 2))
    frame(scene, screen)
    p = next(w for w in scene.widgets if isinstance(w, PathPreview))
    assert [ln.text for ln in p.lines or []] == ["Cannot move to 5,2", "4 movement away, 1 left"]


def test_a_hex_zone_of_control_keeps_out_of_reach_is_named_once(tmp_path: Path) -> None:
    units = [{"name": "Lysa", "at": (0, 1), "faction": "player", "initiative": 9, "move": 6},
             {"name": "Spear", "at": (3, 1), "faction": "enemy", "initiative": 5}]
    tmx = write_map(tmp_path / "zoc.tmx", ["......."] * 3, units=units, title="Lane")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    reason = scene.match.encounter.can_move_to("Lysa", (5, 1))
    assert reason is not None and "cannot reach 5,1 this turn: the zone of control" in reason  # the rules
    hover(scene, (5, 1))
    frame(scene, screen)
    p = next(w for w in scene.widgets if isinstance(w, PathPreview))
    lines = [ln.text for ln in p.lines or []]
    assert lines[0] == "Cannot move to 5,1"
    # In a few words: whose zone (Spear's ring, 3,0 to 4,2, spans the lane's three rows), where the way enters it.
    assert " ".join(lines[1:]).startswith("Spear's zone of control stops every way there (first at ")
    assert not any("5,1" in t for t in lines[1:])


def test_a_shove_with_nowhere_to_push_says_the_target_stays_put(tmp_path: Path) -> None:
    """It read "On success Hale cannot be pushed ne: the way is blocked", as if success were failure; the
    roll still spends the action and the sergeant does not move."""
    units = [{"name": "Lysa", "at": (2, 2), "faction": "player", "initiative": 9},
             {"name": "Hale", "at": (3, 2), "faction": "enemy", "initiative": 5}]
    tmx = write_map(tmp_path / "pen.tmx", ["######", "######", "##..##", "######", "######"], units=units,
                    title="Pen")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    p = scene.match.encounter.preview_shove("Lysa", "Hale")
    assert p.legal is None and len(p.push_path) == 1  # the rules: a shove that moves nobody
    key(scene, pygame.K_s)
    hover(scene, (3, 2))
    frame(scene, screen)
    lines = preview_texts(scene)
    # What is in the way, in the engine's words (ShovePreview.stopped), as the GM's push preview says it.
    assert p.stopped == "blocked terrain is in the way at 4,2 (R12)"
    assert "stays put: blocked terrain is in the way at 4,2" in lines
    assert not any(t.startswith("On success") for t in lines)


def tip_texts(drawn: list[tuple[str, pygame.Rect]]) -> list[str]:
    return [t for t, _ in drawn]


def test_after_a_shot_or_a_blow_the_foe_under_the_pointer_is_not_a_red_refusal(tmp_path: Path, monkeypatch) -> None:
    """At Harrow Keep, right after Fenn's shot the pointer still rested on the sergeant and the tooltip turned red:
    "Fenn attacks Sergeant Hale / not possible: Fenn has already used their action this turn (R16)", headed by a
    verb the player had not chosen. Now the foe's name, that the action is used, and what is left, all muted."""
    from game.ui import theme as th
    from game.ui.overlays import RangedPreview

    scene, screen = archer(tmp_path)
    key(scene, pygame.K_r)
    click(scene, (6, 2))
    scene.anim.skip(scene.tokens)
    assert scene.match.encounter.acted and scene.ctx.action_mode == "attack"  # the mode is back to attack
    drawn = drawn_by(th, monkeypatch)
    hover(scene, (6, 2))
    frame(scene, screen)
    said = tip_texts(drawn)
    # (the status line and the log still tell the shot: "Fenn shoots Hale: rolled ...")
    assert not any(t.startswith("not possible") for t in said)
    assert "Fenn attacks Hale" not in said and "Fenn shoots Hale" not in said
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    lines = preview.lines or []
    assert [ln.text for ln in lines] == ["Hale", "Fenn has used their action this turn",
                                         "1 movement left to move on; Enter ends the turn"]
    assert all(ln.role != "bad" for ln in lines) and set(said) >= {ln.text for ln in lines}
    # R again: shoot mode needs the action, so (as its greyed button says, found on ambush) the key says why on
    # the status line and the mode stays attack; the foe's tooltip stays the calm one, with no refusal in it.
    key(scene, pygame.K_r)
    assert scene.ctx.status == "Cannot shoot: Fenn has already used their action this turn (R16)"
    assert scene.ctx.action_mode == "attack"
    drawn.clear()
    frame(scene, screen)
    assert not any(isinstance(w, RangedPreview) and w.lines for w in scene.widgets)
    assert [ln.text for ln in preview.lines or []][:2] == ["Hale", "Fenn has used their action this turn"]
    said = tip_texts(drawn)
    assert not any(t.startswith("not possible") for t in said) and "Fenn shoots Hale" not in said


def test_after_an_attack_with_no_movement_left_only_ending_the_turn_is_offered(tmp_path: Path, monkeypatch) -> None:
    from game.ui import theme as th

    units = [{"name": "Bram", "at": (1, 2), "faction": "player", "initiative": 9, "move": 1},
             {"name": "Pike", "at": (3, 2), "faction": "enemy", "initiative": 5, "hp": 40}]
    tmx = write_map(tmp_path / "blow.tmx", ["......"] * 5, units=units, title="Blow")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    click(scene, (2, 2))  # the one step, beside Pike
    scene.anim.skip(scene.tokens)
    click(scene, (3, 2))
    scene.anim.skip(scene.tokens)
    enc = scene.match.encounter
    assert enc.acted and enc.view("Bram").movement == 0
    drawn = drawn_by(th, monkeypatch)
    hover(scene, (3, 2))
    frame(scene, screen)
    said = tip_texts(drawn)
    i = said.index("Bram has used their action this turn")
    assert said[i - 1:i + 2] == ["Pike", "Bram has used their action this turn", "Enter ends the turn"]
    assert not any(t.startswith("not possible") for t in said) and "Bram attacks Pike" not in said


RING = [{"name": "Ilse", "at": (3, 2), "faction": "player", "initiative": 9, "move": 5,
         "skills": "blades:3, shields:1, acrobatics:0"},
        {"name": "Castellan Mord", "at": (4, 2), "faction": "enemy", "initiative": 5, "hp": 40},
        {"name": "Pikeman 1", "at": (2, 2), "faction": "enemy", "initiative": 4, "hp": 40},
        {"name": "Pikeman 2", "at": (3, 1), "faction": "enemy", "initiative": 3, "hp": 40}]


def ringed(tmp_path: Path, size: tuple[int, int] = (1280, 720)) -> tuple[BattleScene, pygame.Surface]:
    tmx = write_map(tmp_path / "ring.tmx", ["........"] * 6, units=RING, title="Ring")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False, size=size)
    frame(scene, screen, 30)
    return scene, screen


def test_the_disengage_preview_says_what_another_skill_would_give_and_that_the_best_is_used(tmp_path: Path) -> None:
    """ "other skills: shields 50 %" did not say what the number was: the chance with that skill in place of the
    one the window rolls with, which is always the best (the first listed on a tie)."""
    from game.rules import Disengage
    from game.ui.overlays.wording import pct

    scene, screen = ringed(tmp_path)
    enc = scene.match.encounter
    key(scene, pygame.K_d)
    hover(scene, (6, 4))
    frame(scene, screen)
    lines = [ln.text for ln in next(w for w in scene.widgets if isinstance(w, ActionPreview)).lines or []]
    shields, acrobatics = (pct(enc.preview_disengage("Ilse", k).chance) for k in ("shields", "acrobatics"))
    assert lines[0] == "Ilse tries to disengage with blades (+3)"
    assert f"with shields instead: {shields}, with acrobatics: {acrobatics}" in lines
    assert "(Disengage always uses the best skill)" in lines and not any(t.startswith("other skills") for t in lines)
    key(scene, pygame.K_d)  # D again: the roll is made with the skill the preview named
    rolled = enc.history[-1]
    assert isinstance(rolled, Disengage) and rolled.skill == "blades"


def test_the_card_shows_every_foe_a_combatant_disengaged_from(tmp_path: Path, monkeypatch) -> None:
    """At Harrow Keep the card read "Disengaged from Castellan Mord, Pike…": the rest was cut at the card's edge.
    A long status line goes on under itself, at 1200x760 and at 800x560 (the full card, I)."""
    from game.rules import Disengage
    from game.ui import theme as th
    from game.ui.panels import CombatantCard

    for size in ((1200, 760), (800, 560)):
        run = tmp_path / f"{size[0]}"
        run.mkdir()
        scene, screen = ringed(run, size)
        scene.submit(Disengage("Ilse", "parry", "blades", roll=20))
        scene.anim.skip(scene.tokens)
        card = next(w for w in scene.widgets if isinstance(w, CombatantCard))
        frame(scene, screen)
        if not card.full:
            key(scene, pygame.K_i)
        drawn = drawn_by(th, monkeypatch)
        hover(scene, (3, 2))
        frame(scene, screen)
        assert card.full
        on_card = [t for t, r in drawn if card._frame.contains(r)]
        start = next(i for i, t in enumerate(on_card) if t.startswith("Disengaged from"))
        said = " ".join(t.strip() for t in on_card[start:start + 3])
        assert "Disengaged from Castellan Mord, Pikeman 1, Pikeman 2" in said, said
        assert not any("…" in t for t in on_card)  # nothing on the card is cut (the skills row neither)
        monkeypatch.undo()


def test_once_the_blow_is_struck_the_foe_s_facing_arcs_go_with_the_aiming(tmp_path: Path) -> None:
    """After Bram's blow, pointing at Pike said calmly "Bram has used their action this turn", yet "front",
    "left −2" and "rear −4" still ringed Pike as if a blow were being aimed. The arcs only aim a blow: once none
    can be made this turn a foe shows none; Bram's own (he may still turn) and the arcs before the blow stay."""
    from game.ui.overlays import FacingArcs

    units = [{"name": "Bram", "at": (1, 2), "faction": "player", "initiative": 9, "move": 1},
             {"name": "Pike", "at": (3, 2), "faction": "enemy", "initiative": 5, "hp": 40, "facing": "w"}]
    tmx = write_map(tmp_path / "blow.tmx", ["......"] * 5, units=units, title="Blow")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    click(scene, (2, 2))  # the one step, beside Pike
    scene.anim.skip(scene.tokens)
    hover(scene, (3, 2))
    frame(scene, screen)
    assert arcs.shown == "Pike" and len(arcs.label_rects) >= 3  # aiming: front, the flanks, the rear
    click(scene, (3, 2))
    scene.anim.skip(scene.tokens)
    assert scene.match.encounter.acted and scene.match.encounter.view("Pike").active
    hover(scene, (3, 2))
    frame(scene, screen)
    assert "Bram has used their action this turn" in preview_texts(scene)
    assert arcs.shown is None and arcs.label_rects == []
    hover(scene, (2, 2))  # Bram himself: where he is exposed still shows
    frame(scene, screen)
    assert arcs.shown == "Bram" and arcs.label_rects

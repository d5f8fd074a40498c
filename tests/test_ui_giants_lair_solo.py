"""Found playing a whole battle of giants_lair.tmx as a solo player, with the mouse, at 1280x800."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Move
from game.ui.overlays import ActionPreview
from tests.scene_harness import frame, hover, key, open_battle, to_turn
from tests.ui_harness import ROOT

EVERYONE = ("player", "ally", "enemy", "neutral")
LAIR = ROOT / "maps" / "giants_lair.tmx"


def _preview(scene) -> list[str]:
    return [ln.text for ln in next(w for w in scene.widgets if isinstance(w, ActionPreview)).lines or []]


def test_a_disengage_with_no_threatener_shows_no_roll(tmp_path: Path) -> None:
    """Kell, out of every zone of control, pressed D: the preview said "not possible: Kell is not in threatened
    space (R23)" and then "Succeeds on 7+ (0 %)" over a breakdown with "highest threatener attack 0". With no
    hostile to break away from there is no roll: the refusal stands alone. Since the Black Gull playthrough D
    does not even enter the mode there (the Disengage button is greyed, as Flee is off an exit): the status line
    says the engine's reason and no disengage preview is drawn."""
    from game.ui.commands import ATTACK

    scene, screen = open_battle(tmp_path, LAIR, humans=EVERYONE, setup=False, size=(1280, 800))
    to_turn(scene, "Wynn")
    frame(scene, screen)
    key(scene, pygame.K_d)
    assert scene.ctx.status == "Cannot disengage: Wynn is not in threatened space (R23)"
    assert scene.ctx.action_mode == ATTACK
    hover(scene, scene.match.encounter.view("Wynn").cell)
    frame(scene, screen)
    lines = _preview(scene)
    assert not [t for t in lines if "disengage" in t.lower() or "succeeds" in t.lower() or "d20 needs" in t
                or "threatener attack" in t]


def _goblin_by_the_chasm(tmp_path: Path):
    """Astrid's turn with Goblin 1 on 9,4, beside the chasm (10,3 and 11,4 are chasm)."""
    scene, screen = open_battle(tmp_path, LAIR, humans=EVERYONE, setup=False, size=(1280, 800))
    to_turn(scene, "Goblin 1")
    scene.submit(Move("Goblin 1", (9, 4)))
    to_turn(scene, "Astrid")
    frame(scene, screen)
    return scene, screen


def test_the_shove_preview_offers_the_push_into_the_chasm(tmp_path: Path) -> None:
    """The shove preview picked the direction itself: pointed first at 8,4, Astrid's shove pushed the goblin east,
    onto plain ground, and nothing said that from 9,5 it would fall into the chasm (only RULES.md told how to pick
    another way). Now the preview lists every way, with what each does, and how to choose it."""
    scene, screen = _goblin_by_the_chasm(tmp_path)
    key(scene, pygame.K_s)
    hover(scene, (8, 4))
    frame(scene, screen)
    hover(scene, (9, 4))  # the goblin's centre: the hex pointed at last decides
    frame(scene, screen)
    lines = _preview(scene)
    assert "pushed east to 10,4" in lines
    widget = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    falls = [(at, p.direction) for at, p in widget.ways if p.falls]
    assert falls and all(at is not None and scene.match.encounter.reach_for("Astrid").end_at(at) for at, _ in falls)
    # The other way, short: where Astrid would stand, the fall, W to choose it, its odds at the right.
    row = next(ln for ln in widget.lines or [] if ln.text.startswith("or from "))
    way = {"e": "east", "ne": "north-east", "nw": "north-west", "w": "west", "sw": "south-west", "se": "south-east"}
    # One colon to the row: "or from 9,5: south-east: falls, defeated" read as if 9,5 lay south-east of something
    # (found on giants_lair at 1280x800: "or from 5,8: south-east: stays put (W)").
    assert row.text == f"or from {falls[0][0][0]},{falls[0][0][1]}, {way[falls[0][1]]}: falls, defeated (W)"
    assert row.text.count(":") == 1
    assert row.right == "65 %"


def test_the_help_tells_how_to_choose_a_shove_direction_on_balanced_pages() -> None:
    """Only RULES.md said that a shove's direction is chosen by the hex it comes from; and the help's second page
    held half the rows of the first, most of it empty. Every page now fills at least two thirds of the longest."""
    from game.ui.help import BATTLE_HELP

    text = " ".join(what for _, page in BATTLE_HELP for _, what in page)
    keys = " ".join(k for _, page in BATTLE_HELP for k, _ in page)
    assert "straight away from you" in text and "choose the side to shove from" in text and "W / Shift+W" in keys
    sizes = [len(page) for _, page in BATTLE_HELP]
    assert min(sizes) * 3 >= max(sizes) * 2, sizes


def test_an_attack_that_moves_first_warns_of_another_foes_zone_of_control(tmp_path: Path) -> None:
    """Astrid's attack began with a move ("from 10,10: the first click moves there") beside another foe, and
    nothing said so: she walked next to the giant and took 9 damage. The move preview warns of such a hex; the
    attack preview now does too, naming who threatens it (not the target, whose reach goes without saying)."""
    scene, screen = open_battle(tmp_path, LAIR, humans=EVERYONE, setup=False, size=(1280, 800))
    to_turn(scene, "Goblin 1")
    scene.submit(Move("Goblin 1", (8, 6)))
    to_turn(scene, "Goblin 3")
    scene.submit(Move("Goblin 3", (8, 4)))
    to_turn(scene, "Astrid")
    frame(scene, screen)
    hover(scene, (8, 5))  # beside both goblins: where the attack comes from
    frame(scene, screen)
    hover(scene, (8, 6))
    frame(scene, screen)
    lines = _preview(scene)
    # The short preview: the odds first, then the step and who else strikes there (R9).
    assert lines[3] == "from 8,5: first click moves there, next attacks"
    assert lines[4] == "at 8,5 Goblin 3 can strike back (its zone of control)"
    hover(scene, (7, 6))  # beside Goblin 1 alone
    frame(scene, screen)
    hover(scene, (8, 6))
    frame(scene, screen)
    lines = _preview(scene)
    assert lines[3] == "from 7,6: first click moves there, next attacks"
    assert not [t for t in lines if "can strike Astrid" in t]

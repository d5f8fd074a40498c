"""Found playing ambush.tmx: once the actor's one action was used (R16), Attack, Shoot and Shove stayed lit in
the action bar with no tooltip, though a click could no longer attack. They grey out as Flee and Undo do, and
pointing at one says why in the engine's words, the words its click and its key put on the status line."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Begin, Shoot
from game.ui import theme as th
from game.ui.commands import ATTACK
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT, drawn_by

EVERYONE = ("player", "ally", "enemy", "neutral")
NEEDS_ACTION = ("mode:attack", "mode:shoot", "mode:shove", "mode:disengage")


def _point(scene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_the_modes_that_need_the_action_grey_once_it_is_used(tmp_path: Path, monkeypatch) -> None:
    """Pell, the archer, acts first on ambush. Before the shot every mode button but Disengage (nobody threatens
    him, R23) is lit and pointing at Attack
    says nothing; after it Attack, Shoot, Shove and Disengage are greyed, End turn is not, pointing at each
    shows why above the bar, and its click and its key (A) say the same on the status line."""
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "ambush.tmx", humans=EVERYONE, setup=False)
    scene.submit(Begin())
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert scene.match.encounter.turn == "Pell"
    bar = {cmd: b for b, cmd in scene.view.buttons}
    # Pell starts in no one's zone of control: Disengage is greyed (R23), the other modes lit.
    assert all(bar[cmd].enabled for cmd in NEEDS_ACTION if cmd != "mode:disengage")
    assert not bar["mode:disengage"].enabled
    drawn = drawn_by(th, monkeypatch)
    _point(scene, bar["mode:attack"].rect.center)
    frame(scene, screen)
    assert not [s for s, _ in drawn if s.startswith("Cannot")] and scene.view.button_tip is None

    assert scene.submit(Shoot("Pell", "Bandit 2", roll=1))  # a miss: the action is used, nobody falls
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    bar = {cmd: b for b, cmd in scene.view.buttons}
    assert not any(bar[cmd].enabled for cmd in NEEDS_ACTION)
    assert not bar["mode:attack"].active  # the default mode is not drawn as a lit toggle either
    assert bar["end_turn"].enabled
    for cmd in NEEDS_ACTION:
        kind = cmd.removeprefix("mode:")
        words = f"Cannot {kind}: Pell has already used their action this turn (R16)"
        drawn.clear()
        _point(scene, bar[cmd].rect.center)
        frame(scene, screen)
        assert [s for s, _ in drawn if s.startswith("Cannot")] == [words], cmd
        tip = scene.view.button_tip
        assert tip is not None and tip.bottom <= bar[cmd].rect.top
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar[cmd].rect.center, button=1))
        assert scene.ctx.status == words
        assert scene.ctx.action_mode == ATTACK
    key(scene, pygame.K_a)
    assert scene.ctx.status == "Cannot attack: Pell has already used their action this turn (R16)"
    key(scene, pygame.K_r)
    assert scene.ctx.status == "Cannot shoot: Pell has already used their action this turn (R16)"
    assert scene.ctx.action_mode == ATTACK


def test_the_calm_action_used_box_keeps_off_the_tokens_beside_the_one_hovered(tmp_path: Path) -> None:
    """Found on the Greenway: after Pell shot, the calm "has used their action" box sat on a token next to the
    hovered one (a neighbour's box overlaps the hovered hex's, so it did not count as hidden): hovering Bandit
    Archer 2 hid Bandit 3, though the ground around had room. Tooltips keep clear of every other token where
    they can, as they already kept clear of the actor and its path."""
    from game.ui.panels import Tooltips
    from tests.scene_harness import hover, to_turn

    scene, screen = open_battle(tmp_path, ROOT / "maps" / "ambush.tmx", humans=("player", "ally"), setup=False,
                                size=(1280, 800))
    frame(scene, screen, 5)
    to_turn(scene, "Pell")
    enc = scene.match.encounter
    scene.submit(Shoot("Pell", "Bandit 2"))
    scene.anim.skip(scene.tokens)
    assert enc.acted
    hover(scene, tuple(enc.view("Bandit Archer 2").cell))
    frame(scene, screen, 2)
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    (box, _anchor), = tips.drawn
    hidden = [v.name for v in enc.views() if v.active and v.name != "Bandit Archer 2"
              and box.colliderect(scene.ctx.token_rect(v.name))]
    assert hidden == []

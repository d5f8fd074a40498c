"""The GM card's rough edges a play-tester found on Ambush on the Greenway.

- The greyed "Undo the last action" said nothing, hovered or clicked; the action bar's greyed buttons say why.
  Now pointing at it shows why beside it, and a click puts the same line on the status line.
- Its status lines began lower-case ("push distance 2", "add a combatant: ...", "placing Pell: ...") under a
  window whose every other status line is a sentence.
- -5 on a Bandit Spear with 2 hp left said "GM sets Bandit Spear to -3 hp (5 damage)": a negative number the
  window shows nowhere else. The engine keeps what the GM set (-3, as the log records), and at 0 or less the
  combatant is defeated and leaves the board (R21, set_hp in the adjudication table), so the -3 never counts
  again; the combat log, the status line and ``playmat do`` now all say "GM deals 5 damage to Bandit Spear
  (down to 0 hp)", then "Bandit Spear is defeated (GM)".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.render.pg import pygame
from game.rules import EndTurn, SetHp
from game.ui import theme as th
from game.ui.battle import BattleScene
from game.ui.gm import GMTools
from game.ui.panels.combat_log import CombatLog
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT, drawn_by

AMBUSH = ROOT / "maps" / "ambush.tmx"
# What the GM's undo takes back (Match.can_undo): the GM's last correction, or the acting combatant's moves and
# turns while no die was rolled this turn.
BEGUN = "Nothing to undo yet: nothing has happened since combat began"


def _tools(scene: BattleScene) -> GMTools:
    return next(w for w in scene.widgets if isinstance(w, GMTools))


def _button(scene: BattleScene, k: object):
    return next(b for b in _tools(scene).buttons if b.key == k)


def _point(scene: BattleScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _press(scene: BattleScene, screen: pygame.Surface, k: object) -> str | None:
    """Point at the GM card's button ``k``, click it, draw a frame; the status line then."""
    pos = _button(scene, k).rect.center
    _point(scene, pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    return scene.ctx.status


def _gm_battle(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    """Ambush under way, both sides at the controls, GM mode on: Pell (initiative 4) is to act."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally", "enemy"), setup=False,
                                size=(1280, 800))
    frame(scene, screen, 30)
    key(scene, pygame.K_g)
    frame(scene, screen)
    assert scene.ctx.gm and scene.match.encounter.turn == "Pell"
    return scene, screen


def _hover_tip(scene: BattleScene, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text drawn while the pointer rests on the GM card's Undo, and the tooltip's rectangle is there."""
    drawn = drawn_by(th, monkeypatch)
    _point(scene, _button(scene, "undo").rect.center)
    frame(scene, screen)
    monkeypatch.undo()
    return [s for s, _ in drawn]


def test_the_greyed_undo_says_why_when_pointed_at_and_when_clicked(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    # Combat has just begun: nothing the GM could take back.
    assert not _button(scene, "undo").enabled
    shown = " ".join(_hover_tip(scene, screen, monkeypatch))
    assert BEGUN in shown and _tools(scene).greyed_tip is not None
    assert _tools(scene).greyed_tip.colliderect(_button(scene, "undo").rect.inflate(40, 40))  # beside it
    history = list(enc.history)
    assert _press(scene, screen, "undo") == BEGUN
    assert list(enc.history) == history  # the click said why and did nothing else

    # A GM correction lights it; its click takes the correction back, and it greys again with the same reason.
    scene.ctx.selected = "Pell"
    _press(scene, screen, ("hp", -1))
    assert enc.view("Pell").hp == 8 and _button(scene, "undo").enabled
    assert _press(scene, screen, "undo") == "Undone: GM sets Pell to 8 hp"
    assert enc.view("Pell").hp == 9 and not _button(scene, "undo").enabled
    assert _press(scene, screen, "undo") == BEGUN

    # Pell's turn ends; Lysa (initiative 3, before Bandit Chief on the tracker) is to act. Pell's turn is behind
    # an end of turn now, which no undo takes back.
    scene.submit(EndTurn())
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.turn == "Lysa"
    over = ("Cannot undo: the last turn is over (undo takes back a GM correction, or Lysa's moves and turns "
            "before any roll)")
    assert _press(scene, screen, "undo") == over
    assert over.split(" (")[0] in " ".join(_hover_tip(scene, screen, monkeypatch))


def test_every_gm_status_line_is_a_sentence(tmp_path: Path) -> None:
    scene, screen = _gm_battle(tmp_path)
    said = [_press(scene, screen, "dist"), _press(scene, screen, "dist")]
    assert said == ["Push distance: 2 hexes", "Push distance: 3 hexes"]
    said.append(_press(scene, screen, "join"))
    assert said[-1] == "Add a combatant: fill in the form, click the map for its hex"
    form = _tools(scene).form
    assert form is not None
    key(scene, pygame.K_RETURN)  # no name, no hex yet
    said.append(scene.ctx.status)
    assert said[-1] == "Not yet: click the hex where it joins (or type col,row, for example 4,7)"
    key(scene, pygame.K_ESCAPE)
    said.append(scene.ctx.status)
    assert said[-1] == "Nothing changed"
    assert all(s and s[0].isupper() for s in said), said


def test_in_setup_the_greyed_undo_and_a_drag_say_sentences(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally", "enemy"), setup=True,
                                size=(1280, 800))
    frame(scene, screen, 30)
    key(scene, pygame.K_g)
    frame(scene, screen)
    assert scene.match.encounter.phase == "setup"
    # Nothing placed, moved or changed yet: the greyed Undo says so, in a sentence too.
    assert _press(scene, screen, "undo") == "Nothing to undo yet: no action has been taken"
    pos = scene.ctx.cell_to_screen(scene.match.encounter.view("Pell").cell)
    _point(scene, (round(pos[0]), round(pos[1])))
    frame(scene, screen)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])), button=1))
    assert scene.ctx.status == "Placing Pell: drop it on a hex"


def test_gm_damage_past_zero_reads_as_damage_down_to_0_hp_everywhere(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    scene.submit(SetHp("Bandit Spear", 2))  # 10 hp at the start; the GM brings it to 2
    scene.anim.skip(scene.tokens)
    scene.ctx.selected = "Bandit Spear"
    frame(scene, screen)
    # By hand: 2 - 5 = -3 as set (the log keeps it); at 0 or less it is defeated (R21) and the window says 0 hp.
    said = _press(scene, screen, ("hp", -5))
    damage, defeated = "GM deals 5 damage to Bandit Spear (down to 0 hp)", "Bandit Spear is defeated (GM)"
    assert said == f"{damage}; {defeated}"
    assert enc.view("Bandit Spear").status == "defeated"
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    assert [t for t, _ in log.entries[-2:]] == [damage, defeated]
    assert not any("-3" in t for t, _ in log.entries)

    # The same two lines from the command line, for a GM stepping through with a log.
    cli_log = tmp_path / "cli.jsonl"
    for line in ("begin", '{"action": "set_hp", "unit": "Bandit Spear", "hp": 2}'):
        assert main(["do", str(AMBUSH), "--log", str(cli_log), line]) == 0
    capsys.readouterr()
    assert main(["do", str(AMBUSH), "--log", str(cli_log),
                 '{"action": "set_hp", "unit": "Bandit Spear", "hp": -3}']) == 0
    out = capsys.readouterr().out.splitlines()
    assert damage in out and defeated in out


def test_healing_and_damage_above_zero_say_the_hit_points_left(tmp_path: Path) -> None:
    scene, screen = _gm_battle(tmp_path)
    scene.ctx.selected = "Bandit Spear"  # 10 of 10
    frame(scene, screen)
    assert _press(scene, screen, ("hp", -5)) == "GM deals 5 damage to Bandit Spear (down to 5 hp)"
    assert _press(scene, screen, ("hp", 1)) == "GM heals Bandit Spear by 1 (up to 6 hp)"


def test_the_forms_error_reads_as_a_sentence_without_the_engines_prefix(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    _press(scene, screen, "join")
    form = _tools(scene).form
    assert form is not None
    form.field("name").value = "Bandit 4"
    pell = enc.view("Pell").cell
    form.field("at").value = f"{pell[0]},{pell[1]}"  # Pell stands there: the engine refuses the join
    key(scene, pygame.K_RETURN)
    assert form.error is not None and form.error.startswith("join: ")  # the engine's own words, kept for the log
    drawn = drawn_by(th, monkeypatch)
    frame(scene, screen)
    texts = [s for s, _ in drawn]
    overlaps = f"{pell[0]},{pell[1]} overlaps Pell"  # said under the form, the engine's "join:" and quotes dropped
    assert overlaps in texts and not [t for t in texts if "join:" in t or '"Pell"' in t]
    assert scene.ctx.status == f"Not yet: {overlaps}"


def test_after_a_roll_the_greyed_undo_says_dice_were_rolled(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from game.rules import Shoot

    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    assert scene.submit(Shoot("Pell", "Bandit 2", roll=1))  # a 1 misses: nothing else changes
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    rolled = ("Cannot undo: dice were rolled in Pell's turn (undo takes back a GM correction, or Pell's moves and "
              "turns before any roll)")
    assert not _button(scene, "undo").enabled
    assert _press(scene, screen, "undo") == rolled
    assert isinstance(enc.history[-1], Shoot)  # still there
    tip = " ".join(_hover_tip(scene, screen, monkeypatch))
    assert "Cannot undo: dice were rolled in Pell's turn" in tip and _tools(scene).greyed_tip is not None


def test_undoing_a_join_says_it_in_the_combat_logs_words(tmp_path: Path) -> None:
    """Found at Harrow Keep: the combat log said "Ogre joins at 4,4", and the undo of that same action "Undone: GM
    adds Ogre at 4,4", as if it were another action. The undo names what it takes back as the log named it."""
    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    _press(scene, screen, "join")
    form = _tools(scene).form
    assert form is not None
    form.field("name").value = "Ogre"
    form.field("at").value = "4,4"  # an open hex of the ambush's road, nobody on it
    key(scene, pygame.K_RETURN)
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.view("Ogre").cell == (4, 4)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    joined = log.entries[-1][0]
    assert joined == "Ogre joins at 4,4"
    assert _press(scene, screen, "undo") == f"Undone: {joined}"
    assert not any(v.name == "Ogre" for v in enc.views())

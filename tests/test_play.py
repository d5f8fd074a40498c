"""The game window played through real pygame events in the real loop; assertions on the match and its log.

A small hot-seat map (every faction human) keeps each test's story exact:
pointy-top odd-r, 8x5. Hero (player) at 2,2 acts first (initiative 9);
Orc (enemy) at 5,2 faces west; 6,2 is a hazard hex (R12, default damage 3).
Row 2 is even, so the east neighbour of 4,2 is 5,2 and of 5,2 is 6,2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Begin, Encounter, Move, Shove, read_log, replay
from game.ui.app import PlayConfig, load_scenario, play
from game.ui.battle import BattleScene
from game.ui.menus import MenuScene
from game.ui.summary import SummaryScene
from game.ui.title import TitleScene

ROOT = Path(__file__).resolve().parents[1]
TERRAIN = [
    "........",
    "........",
    "......h.",
    "........",
    "........",
]
UNITS = [
    {"name": "Hero", "at": (2, 2), "faction": "player", "move": 4, "initiative": 9, "attack": 5,
     "skills": "acrobatics:3, blades:1", "hp": 12},
    {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w", "hp": 9, "defense": 10},
]
EVERYONE = ("player", "ally", "enemy", "neutral")


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    return write_map(tmp_path / "arena.tmx", TERRAIN, units=UNITS, title="Arena")


# --- a tiny driver: wait for a condition, then post real events ---------------------------------
Step = tuple[Callable[[BattleScene], bool], Callable[[BattleScene], list[pygame.event.Event]]]


def idle(b: BattleScene) -> bool:
    """Combat running, nothing playing, nobody thinking: the state a player clicks in."""
    return b.match.encounter.phase == "active" and not b.ctx.busy and not b.anim.busy


def click_cell(cell: tuple[int, int], button: int = 1) -> Callable[[BattleScene], list[pygame.event.Event]]:
    def events(b: BattleScene) -> list[pygame.event.Event]:
        x, y = b.ctx.cell_to_screen(cell)
        pos = (round(x), round(y))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    return events


def hover_cell(cell: tuple[int, int]) -> Callable[[BattleScene], list[pygame.event.Event]]:
    def events(b: BattleScene) -> list[pygame.event.Event]:
        x, y = b.ctx.cell_to_screen(cell)
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(0, 0, 0))]
    return events


def press(key: int, mod: int = 0) -> Callable[[BattleScene], list[pygame.event.Event]]:
    return lambda b: [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                      pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]


class Driver:
    """Runs steps in order; a step fires on the first frame its condition holds (then waits 2 frames)."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = list(steps)
        self.seen: dict[str, Any] = {}
        self.cool = 0
        self.battle: BattleScene | None = None

    def __call__(self, frame: int, stack: Any) -> list[pygame.event.Event]:
        b = stack.find(BattleScene)
        self.battle = b or self.battle
        if self.cool > 0:
            self.cool -= 1
            return []
        if not self.steps or b is None:
            return []
        cond, make = self.steps[0]
        if not cond(b):
            return []
        self.steps.pop(0)
        self.cool = 2
        return make(b)

    @property
    def done(self) -> bool:
        return not self.steps


def run(cfg: PlayConfig, steps: list[Step], frames: int = 600, **kw: Any) -> tuple[Driver, Any]:
    drv = Driver(steps)
    result = play(cfg, script=drv, until=lambda s: drv.done and drv.cool == 0, **kw) if "until" not in kw \
        else play(cfg, script=drv, **kw)
    assert drv.done, f"steps left over: {len(drv.steps)}"
    return drv, result


def hotseat(arena: Path, log: Path, seed: int = 1, **kw: Any) -> PlayConfig:
    return PlayConfig(map_path=arena, log_path=log, seed=seed, humans=EVERYONE, headless=True, frames=900,
                      speed=2.0, **kw)


def log_lines(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def always(b: BattleScene) -> bool:
    return True


# --- select, move along the previewed path, end turn ----------------------------------------------
def test_select_then_move_follows_the_previewed_path_and_zoc_stops_it(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    preview: dict[str, Any] = {}

    def remember(b: BattleScene) -> list[pygame.event.Event]:
        preview["path"] = b.match.encounter.reach_for("Hero").path_to((4, 2))
        return click_cell((4, 2))(b)

    drv, _ = run(hotseat(arena, log), [
        (idle, click_cell((2, 2))),
        (lambda b: b.ctx.selected == "Hero", hover_cell((4, 2))),
        (idle, remember),
        (idle, lambda b: []),
    ])
    b = drv.battle
    enc = b.match.encounter
    assert enc.view("Hero").cell == (4, 2)
    # 4,2 is adjacent to the threatening Orc: entering it exhausts Hero's movement (R9) and the status says so.
    assert enc.view("Hero").movement == 0 and enc.view("Hero").zoc_exhausted
    assert b.ctx.status == "Hero moves to 4,2 (cost 2), into Orc's zone of control: no more movement this turn"
    lines = log_lines(log)
    assert lines[0] == {"action": "begin"}
    assert lines[1]["action"] == "move" and lines[1]["to"] == [4, 2]
    # The recorded path is the one previewed on hover (start first in the log, excluded in path_to).
    assert [tuple(c) for c in lines[1]["path"]][-len(preview["path"]):] == preview["path"]


def test_end_turn_asks_first_when_the_actor_could_still_attack(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "e.jsonl"
    drv, result = run(hotseat(arena, log), [
        (idle, click_cell((4, 2))),
        (idle, press(pygame.K_RETURN)),  # Hero is adjacent to Orc and has not acted: a question, not an end
        (always, lambda b: []),
    ])
    assert drv.battle.match.encounter.turn == "Hero"
    question = result.stack.top
    assert isinstance(question, MenuScene) and question.title == "End turn?"
    assert question.lines == ["Hero can still attack Orc"]
    drv2, result = run(hotseat(arena, log), [
        (idle, press(pygame.K_RETURN)),
        (always, press(pygame.K_RETURN)),  # "Yes" on the confirmation
        (idle, lambda b: []),
    ])
    assert drv2.battle.match.encounter.turn == "Orc"
    assert log_lines(log)[-1] == {"action": "end_turn"}


# --- attack, shove into a hazard, disengage -------------------------------------------------------
def test_click_an_enemy_in_reach_attacks_it_with_the_seeded_dice(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    drv, _ = run(hotseat(arena, log), [
        (idle, click_cell((4, 2))),
        (idle, click_cell((5, 2))),
        (idle, lambda b: []),
    ])
    enc = drv.battle.match.encounter
    attack = log_lines(log)[-1]
    assert attack["action"] == "attack" and attack["unit"] == "Hero" and attack["target"] == "Orc"
    # R21: d20 + 5 against defence 10 (Orc faces west, toward Hero: front arc, no penalty) hits on 5+.
    hit = attack["roll"] + 5 >= 10
    assert enc.view("Orc").hp == 9 - (attack["damage"] if hit else 0)
    assert "Hero attacks Orc" in drv.battle.ctx.status


def _seed_where_the_shove_hits(arena: Path) -> int:
    sc = load_scenario(arena)
    for seed in range(100):
        enc = Encounter(replace(sc, seed=seed))
        enc.apply(Begin())
        enc.apply(Move("Hero", (4, 2)))
        if enc.apply(Shove("Hero", "Orc")).events[0].hit:
            return seed
    raise AssertionError("no seed in 0..99 lands the shove")


def test_shove_mode_pushes_the_enemy_into_the_hazard(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "h.jsonl"
    seed = _seed_where_the_shove_hits(arena)
    drv, _ = run(hotseat(arena, log, seed=seed), [
        (idle, click_cell((4, 2))),
        (idle, press(pygame.K_s)),
        (lambda b: b.ctx.action_mode == "shove", click_cell((5, 2))),
        (idle, lambda b: []),
    ])
    enc = drv.battle.match.encounter
    # R22: pushed one hex directly away (east, to 6,2); R12: entering the hazard hex costs 3 hp.
    assert enc.view("Orc").cell == (6, 2)
    assert enc.view("Orc").hp == 9 - 3
    assert log_lines(log)[-1]["action"] == "shove"
    assert "3 hazard damage" in drv.battle.ctx.status


def test_disengage_key_twice_rolls_the_best_skill(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    drv, _ = run(hotseat(arena, log), [
        (idle, click_cell((4, 2))),
        (idle, press(pygame.K_d)),
        (always, press(pygame.K_d)),
        (always, press(pygame.K_RETURN)),  # "Disengage anyway?": Hero has no movement left after the ZoC stop
        (idle, lambda b: []),
    ])
    last = log_lines(log)[-1]
    # R23: the player names the skill; the window picks Hero's strongest (acrobatics 3 over blades 1).
    assert last["action"] == "disengage" and last["skill"] == "acrobatics" and "roll" in last
    status = drv.battle.ctx.status
    assert "Hero disengages (acrobatics)" in status or "Hero tries to disengage (acrobatics)" in status


# --- undo, and illegal clicks say why ---------------------------------------------------------------
def test_undo_takes_back_a_move_but_not_after_dice(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "u.jsonl"
    drv, _ = run(hotseat(arena, log), [
        (idle, click_cell((3, 2))),
        (idle, press(pygame.K_u)),
        (idle, lambda b: []),
    ])
    assert drv.battle.match.encounter.view("Hero").cell == (2, 2)
    assert log_lines(log) == [{"action": "begin"}]  # the move's line is gone from the save file too
    drv, _ = run(hotseat(arena, log), [
        (idle, click_cell((4, 2))),
        (idle, click_cell((5, 2))),  # attack: dice rolled
        (idle, press(pygame.K_z, pygame.KMOD_CTRL)),
        (idle, lambda b: []),
    ])
    assert drv.battle.ctx.status.startswith("Cannot undo:")
    assert log_lines(log)[-1]["action"] == "attack"


def test_an_illegal_move_click_shows_the_engines_reason(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "i.jsonl"
    drv, _ = run(hotseat(arena, log), [(idle, click_cell((7, 4))), (idle, lambda b: [])])
    enc = drv.battle.match.encounter
    reason = enc.can_move_to("Hero", (7, 4))
    assert reason is not None
    # The engine's own words, its "move:" prefix read as "Cannot move:" and the quotes round the name dropped.
    assert reason.startswith('move: "Hero" ')
    assert drv.battle.ctx.status == "Cannot move: Hero " + reason.removeprefix('move: "Hero" ')
    assert log_lines(log) == [{"action": "begin"}]


def test_clicking_an_enemy_out_of_reach_says_why(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "r.jsonl"
    drv, _ = run(hotseat(arena, log), [(idle, click_cell((5, 2))), (idle, lambda b: [])])
    reason = drv.battle.match.encounter.can_attack("Hero", "Orc")
    assert reason is not None
    assert drv.battle.ctx.status == "Cannot attack: " + reason.removeprefix("attack: ").replace('"', "")


# --- save and resume --------------------------------------------------------------------------------
def test_a_resumed_log_continues_exactly(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "resume.jsonl"
    first, _ = run(hotseat(arena, log), [
        (idle, click_cell((4, 2))),
        (idle, click_cell((5, 2))),
        (idle, lambda b: []),
    ])
    before = first.battle.match.encounter.state_json()
    again, _ = run(hotseat(arena, log), [(idle, lambda b: [])])
    assert again.battle.match.encounter.state_json() == before
    # ... and play goes on from there, appended to the same file.
    run(hotseat(arena, log), [(idle, press(pygame.K_RETURN)), (idle, lambda b: [])])
    assert log_lines(log)[-1] == {"action": "end_turn"}
    assert [d["action"] for d in log_lines(log)] == ["begin", "move", "attack", "end_turn"]


# --- the AI, the summary, the title -----------------------------------------------------------------
def test_ai_vs_ai_battle_plays_to_the_summary_and_the_log_replays(tmp_path: Path) -> None:
    from game.ui.replay import ReplayScene

    log = tmp_path / "auto.jsonl"
    cfg = PlayConfig(map_path=ROOT / "maps" / "default.tmx", log_path=log, seed=5, autoplay=True,
                     headless=True, speed=float("inf"))

    def watch_replay(frame: int, stack: Any) -> list[pygame.event.Event]:
        top = stack.top
        if isinstance(top, SummaryScene) and top.buttons:  # drawn once: click "Watch the replay"
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=top.buttons[0].rect.center, button=1)]
        return []

    result = play(cfg, script=watch_replay, until=lambda s: isinstance(s.top, ReplayScene))
    assert isinstance(result.stack.top, ReplayScene)
    assert len(result.stack.top.actions) == len(log_lines(log))  # the viewer steps through this battle's log
    summary = result.stack.find(SummaryScene)
    assert summary is not None
    battle = result.stack.find(BattleScene)
    enc = battle.match.encounter
    assert enc.is_over()
    winners = o.winners if (o := enc.outcome()) else ()
    assert summary.title == "Combat ended" or (summary.title.endswith((" side wins", " sides win"))
                                               and any(f in summary.title for f in winners))
    sc = load_scenario(cfg.map_path)
    replayed = replay(replace(sc, seed=5), read_log(log, sc.board.layout))
    assert replayed.state_json() == enc.state_json()


def test_the_title_lists_the_shipped_maps_and_a_double_click_starts_one(tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    cfg = PlayConfig(log_path=log, humans=EVERYONE, headless=True, frames=30)
    picked: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if frame == 3 and title is not None:
            picked["titles"] = [e.title for e in title.entries]
            r = title.rows[0]
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1)] * 2  # a click chooses
        return []

    result = play(cfg, script=script)
    assert "Ambush at Miller's Ford" in picked["titles"]
    assert result.stack.find(BattleScene) is not None
    assert log_lines(log)[0] == {"action": "begin"}


def test_escape_opens_the_pause_menu_and_r_resumes(arena: Path, tmp_path: Path) -> None:
    drv, result = run(hotseat(arena, tmp_path / "p.jsonl"), [
        (idle, press(pygame.K_ESCAPE)),
        (always, lambda b: []),
    ])
    assert isinstance(result.stack.top, MenuScene) and result.stack.top.title == "Paused"


# --- designer conveniences, window size ------------------------------------------------------------
def test_the_map_reloads_in_place_when_the_tmx_changes_during_setup(arena: Path, tmp_path: Path) -> None:
    import os

    log = tmp_path / "setup.jsonl"
    cfg = hotseat(arena, log, setup=True)
    moved = [dict(UNITS[0], at=(1, 1)), UNITS[1]]

    def edit(b: BattleScene) -> list[pygame.event.Event]:
        write_map(arena, TERRAIN, units=moved, title="Arena v2")  # the designer saves in Tiled
        st = arena.stat()
        os.utime(arena, (st.st_atime, st.st_mtime + 5))  # a visibly newer file, whatever the clock's grain
        return []

    drv, _ = run(cfg, [
        (lambda b: b.match.encounter.phase == "setup", edit),
        (lambda b: b.ctx.status.startswith("Map reloaded"), lambda b: []),
    ])
    b = drv.battle
    assert b.match.encounter.phase == "setup"  # --setup: nothing begins by itself
    assert b.match.encounter.view("Hero").cell == (1, 1)
    assert b.art.title == "Arena v2"


def test_coordinates_key_and_a_resized_window(arena: Path, tmp_path: Path) -> None:
    resize = pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640)
    drv, _ = run(hotseat(arena, tmp_path / "c.jsonl"), [
        (idle, press(pygame.K_c)),
        (idle, lambda b: [resize]),
        (idle, lambda b: []),
    ])
    b = drv.battle
    assert b.ctx.show_coords
    # The map area is the window minus the 36 px top bar and the 30 px status line.
    assert b.ctx.view_rect == pygame.Rect(0, 36, 1000, 640 - 36 - 30)
    assert (b.ctx.camera.view_w, b.ctx.camera.view_h) == (1000, 574)


# --- a new user's battle, mouse only ----------------------------------------------------------------
def test_a_new_user_plays_the_default_map_to_the_end_with_the_mouse_alone(tmp_path: Path) -> None:
    from tests.tool_scripts import load_tool

    walk = load_tool("walkthrough")
    log = tmp_path / "walk.jsonl"
    result, player = walk.play_with_the_mouse(log, seed=1)
    assert isinstance(result.stack.top, SummaryScene), player.log[-10:]
    enc = result.stack.find(BattleScene).match.encounter
    assert (o := enc.outcome()) is not None and o.winners
    # Title double-click -> the default map; the player's side moved and attacked through clicks alone.
    assert player.log[0] == "title: double-click Ambush at Miller's Ford"
    lines = log_lines(log)
    humans = {"Aldric", "Mira", "Brother Tam", "Wren"}
    assert any(d["action"] == "move" and d["unit"] in humans for d in lines)
    assert any(d["action"] == "attack" and d["unit"] in humans for d in lines)
    assert lines[-1]["action"] in ("attack", "shove", "end_turn", "flee")


def test_clicking_the_speed_label_cycles_the_ai_speed(arena: Path, tmp_path: Path) -> None:
    def click_speed(b: BattleScene) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.view.speed_rect.center, button=1)]

    drv, _ = run(PlayConfig(map_path=arena, log_path=tmp_path / "v.jsonl", humans=EVERYONE, headless=True,
                            frames=300), [(idle, click_speed), (idle, click_speed), (idle, lambda b: [])])
    assert drv.battle.anim.speed == float("inf")  # 1x -> 2x -> instant
    assert drv.battle.ctx.status == "AI speed instant"


# --- undo of a GM correction ------------------------------------------------------------------------
def test_u_takes_back_the_gms_set_hp_after_a_roll_and_the_log_loses_it(arena: Path, tmp_path: Path) -> None:
    """Hero moved next to the Orc and missed (dice rolled: its own move can no longer be taken back); the GM
    then set the Orc to 3 hp by mistake. U takes the GM's line back, not the roll."""
    log = tmp_path / "gm.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Hero", "to": [4, 2]}\n'
                   '{"action": "attack", "unit": "Hero", "target": "Orc", "roll": 1}\n'
                   '{"action": "set_hp", "unit": "Orc", "hp": 3}\n')
    drv, _ = run(hotseat(arena, log), [(idle, press(pygame.K_u)), (idle, press(pygame.K_u))])
    assert [d["action"] for d in log_lines(log)] == ["begin", "move", "attack"]
    assert drv.battle is not None and drv.battle.match.encounter.view("Orc").hp == 9
    assert "dice were rolled" in drv.battle.ctx.status  # the second U: the roll stands


def test_a_headless_run_waits_for_the_ai_so_its_frames_hold_the_same_actions(tmp_path: Path, monkeypatch:
                                                                               pytest.MonkeyPatch) -> None:
    # Headless frames advance one 60 Hz tick each, as fast as the machine runs them; the AI thinks on
    # a worker thread. Unless a headless frame waits for the decision, how many actions a run of N
    # frames holds depends on the machine (the crash-safety tests' 3000-frame battle once held 17
    # lines instead of 40+ on a loaded machine). An AI slowed to 20 ms a decision plays the same log
    # in the same 600 frames.
    import time as _time

    from game.match import Match

    def run(name: str) -> list[str]:
        log = tmp_path / name
        cfg = PlayConfig(map_path=ROOT / "maps" / "default.tmx", log_path=log, seed=5, autoplay=True,
                         headless=True, speed=float("inf"), frames=600)
        play(cfg)
        return log.read_text(encoding="utf-8").splitlines()

    quick = run("quick.jsonl")
    prepare = Match.prepare_decision

    def slow(self: Match, rng: Any) -> Callable[[], Any]:
        decide = prepare(self, rng)

        def later() -> Any:
            _time.sleep(0.02)
            return decide()
        return later

    monkeypatch.setattr(Match, "prepare_decision", slow)
    slowed = run("slow.jsonl")
    assert len(quick) > 20 and slowed == quick

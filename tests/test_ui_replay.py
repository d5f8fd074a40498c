"""The replay viewer, headless: steps forward and back through a log, with the combat log and whose turn it is."""

from __future__ import annotations

import pytest

from game.render.pg import pygame
from game.rules import Attack, EndTurn, Move
from game.ui.replay import ReplayScene
from tests.ui_harness import click, key, motion, screen, skirmish


@pytest.fixture
def viewer():
    m = skirmish()
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=12, damage=5))
    m.submit(EndTurn())
    actions = list(m.encounter.history)  # place, place, begin, end_turn, move, attack, end_turn
    assert len(actions) == 7
    return ReplayScene(m.encounter.scenario, actions), screen()


def texts(v: ReplayScene) -> list[str]:
    return [t for t, _, _ in v.log_lines()]


def test_stepping_forward_shows_each_action_and_its_rolls(viewer) -> None:
    v, s = viewer
    assert v.k == 0 and v.enc.phase == "setup"
    for _ in range(5):
        v.handle_event(key(pygame.K_RIGHT))
    assert v.k == 5 and v.enc.view("Mira").cell == (8, 4) and v.enc.turn == "Mira"
    v.handle_event(key(pygame.K_RIGHT))
    assert v.enc.view("Goblin").hp == 2  # 7 - the logged 5
    assert "Mira attacks Goblin from the right flank (defence −2): rolled 12 +4 = 16 vs 11: hit, 5 damage" in texts(v)
    now = [t for t, _, current in v.log_lines() if current]
    # R20: attacking turns Mira toward the goblin (8,4 -> 7,5 is sw), then the roll.
    assert now == ["Mira turns to face south-west",
                   "Mira attacks Goblin from the right flank (defence −2): rolled 12 +4 = 16 vs 11: hit, 5 damage"]
    v.draw(s, 1.0)


def test_stepping_back_rebuilds_the_prefix(viewer) -> None:
    v, s = viewer
    v.handle_event(key(pygame.K_END))
    assert v.k == 7 and v.enc.turn == "Wren"
    v.handle_event(key(pygame.K_LEFT))
    v.handle_event(key(pygame.K_LEFT))
    assert v.k == 5 and v.rebuilds >= 1
    assert v.enc.view("Goblin").hp == 7 and v.enc.view("Mira").cell == (8, 4)  # before the attack
    assert not any("attacks" in t for t in texts(v))
    v.handle_event(key(pygame.K_HOME))
    assert v.k == 0 and v.enc.view("Mira").cell == (3, 5) and texts(v) == []


def test_buttons_step_and_play(viewer) -> None:
    v, s = viewer
    v.draw(s, 1.0)
    nxt = next(b for b in v.buttons if b.key == "next")
    v.handle_event(click(nxt.rect.center))
    assert v.k == 1
    v.draw(s, 1.0)
    play = next(b for b in v.buttons if b.key == "play")
    v.handle_event(click(play.rect.center))
    assert v.playing
    for _ in range(60 * 10):  # ten seconds of 60 Hz updates: plays to the end and stops
        v.update(1 / 60)
    assert v.k == 7 and not v.playing


def test_escape_closes_the_viewer(viewer) -> None:
    v, s = viewer
    tr = v.handle_event(key(pygame.K_ESCAPE))
    assert tr is not None and tr.kind == "pop"


def test_playmat_play_replay_shows_a_log_headless(tmp_path, capsys) -> None:
    from game.cli.main import main
    from tests.ui_harness import DEFAULT

    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "place", "unit": "Goblin", "at": [7, 5], "facing": "w"}\n{"action": "begin"}\n',
                   encoding="utf-8")
    shot = tmp_path / "replay.png"
    rc = main(["play", str(DEFAULT), "--replay", str(log), "--headless", "--screenshot", str(shot)])
    assert rc == 0 and shot.is_file()
    assert log.read_text(encoding="utf-8").count("\n") == 2  # watching never writes to the log


def test_playmat_play_replay_refuses_a_log_that_does_not_replay(tmp_path, capsys) -> None:
    from game.cli.main import main
    from tests.ui_harness import DEFAULT

    log = tmp_path / "bad.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Mira", "to": [3, 5]}\n', encoding="utf-8")
    rc = main(["play", str(DEFAULT), "--replay", str(log), "--headless"])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "bad.jsonl:2:" in err and "Traceback" not in err
    rc = main(["play", "--replay", str(log), "--headless"])
    assert rc == 2 and "needs the MAP" in capsys.readouterr().err


def test_the_replay_animates_tiled_animations_and_shows_the_token_sprites() -> None:
    # objects_y_odd.tmx (tools/tiled_features.py): an animated tile whose first frame lasts 200 ms.
    from pathlib import Path

    import numpy as np

    from game.maps import load_scenario
    from game.render.tilemap import load_map_art

    golden = Path(__file__).resolve().parent / "golden" / "tiled" / "objects_y_odd.tmx"
    v = ReplayScene(load_scenario(golden), [], art=load_map_art(golden))
    s = screen()
    v.maplayer.animator.budget_ms = None  # a loaded test machine must not leave a cell for the next frame
    v.draw(s, 1.0)
    first = pygame.surfarray.array3d(s).copy()
    for _ in range(13):  # 217 ms of fixed updates: the second frame
        assert v.update(1 / 60) is None
    v.draw(s, 1.0)
    changed = np.any(pygame.surfarray.array3d(s) != first, axis=2)
    assert v.maplayer.animator.repaints >= 1 and changed.sum() > 100


# --- the wheel, rounds, speeds (issue 20: bug 10 and the replay's controls) ----------------------------------
@pytest.fixture
def long_log():
    """place, place, begin (step 3: round 1, the Goblin to act), then 30 end_turns. The default map has 9
    combatants and nobody falls, so every 9th end_turn starts a round: round 2 at step 3 + 9 = 12, round 3 at
    step 21, round 4 at step 30."""
    from game.rules import Begin, Place

    m = skirmish()
    actions = [Place("Goblin", (7, 5), "w"), Place("Orc 2", (6, 8), "nw"), Begin(), *[EndTurn()] * 30]
    assert m.encounter.history[:3] == actions[:3]
    v = ReplayScene(m.encounter.scenario, actions)
    return v, screen()


def test_the_wheel_zooms_the_map_toward_the_pointer_bug_10(long_log) -> None:
    v, s = long_log
    v.draw(s, 1.0)
    pointer = (v.map_rect.x + 300, v.map_rect.y + 200)
    v.handle_event(motion(pointer))
    cam = v.camera
    before = cam.zoom_index
    under = cam.screen_to_map(pointer[0] - v.map_rect.x, pointer[1] - v.map_rect.y)
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert cam.zoom_index == before + 1
    again = cam.screen_to_map(pointer[0] - v.map_rect.x, pointer[1] - v.map_rect.y)
    assert abs(again[0] - under[0]) < 1 and abs(again[1] - under[1]) < 1  # the map point stays under the pointer
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))  # one notch, one step
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert cam.zoom_index == before - 1


def test_the_wheel_over_the_combat_log_scrolls_it(long_log) -> None:
    v, s = long_log
    v.go(33)
    v.draw(s, 1.0)
    v.handle_event(motion(v.log_rect.center))
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    v.draw(s, 1.0)
    assert v.log_scroll == 3  # three older rows into view, the three newest below
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    v.draw(s, 1.0)
    assert v.log_scroll == 0


def test_a_round_is_one_click_away_on_the_timeline(long_log) -> None:
    v, s = long_log
    v.draw(s, 1.0)
    assert v.rounds() == [1, 2, 3, 4] and [v.round_start(r) for r in (1, 2, 3, 4)] == [3, 12, 21, 30]
    label = next(rect for r, rect in v.round_marks if r == 3)
    v.handle_event(click(label.center))
    assert v.k == 21 and v.enc.round == 3 and v.enc.turn == "Goblin"  # the round's first turn
    v.handle_event(key(pygame.K_PAGEDOWN))
    assert v.k == 30 and v.enc.round == 4
    v.handle_event(key(pygame.K_LEFT))
    v.handle_event(key(pygame.K_PAGEUP))  # within round 3: back to its start
    assert v.k == 21
    v.handle_event(key(pygame.K_PAGEUP))
    assert v.k == 12 and v.enc.round == 2
    v.draw(s, 1.0)
    t = v.timeline
    v.handle_event(click((t.x + t.w // 2, t.bottom - 4)))  # the track itself: the step under the pointer
    assert v.k == 16  # half of 33, rounded


@pytest.mark.parametrize(("key_", "speed", "steps"), [(pygame.K_1, 1, 1), (pygame.K_2, 2, 2), (pygame.K_3, 4, 5)])
def test_plays_at_1x_2x_4x(long_log, key_, speed, steps) -> None:
    v, s = long_log
    v.handle_event(key(key_))
    v.handle_event(key(pygame.K_SPACE))
    for _ in range(66):  # 1.1 s of 60 Hz updates: one step each 0.8 s at 1x, 0.4 s at 2x, 0.2 s at 4x
        v.update(1 / 60)
    assert v.speed == speed and v.k == steps


def test_the_speed_button_cycles_and_drag_pans(long_log) -> None:
    v, s = long_log
    v.draw(s, 1.0)
    speed = next(b for b in v.buttons if b.key == "speed")
    assert speed.label == "Speed 1x"
    v.handle_event(click(speed.rect.center))
    v.draw(s, 1.0)
    assert v.speed == 2 and next(b for b in v.buttons if b.key == "speed").label == "Speed 2x"
    cam = v.camera
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))  # zoomed in: room to pan
    cx, cy = cam.cx, cam.cy
    start = v.map_rect.center
    v.handle_event(motion(start))
    v.handle_event(click(start))
    v.handle_event(motion((start[0] - 40, start[1] - 20)))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] - 40, start[1] - 20), button=1))
    assert (round(cam.cx - cx), round(cam.cy - cy)) == (round(40 / cam.zoom), round(20 / cam.zoom))
    v.handle_event(key(pygame.K_f))
    assert cam.zoom_index == cam.fit_index()


def test_the_last_rounds_label_stays_inside_the_window() -> None:
    """Playthrough under Xvfb at 1280x720: a battle over in round 11 showed "R1" at the timeline's right end, its
    "1" off the window. A round that starts at the last step is labelled inside the bar."""
    from game.rules import Begin, Place

    m = skirmish()
    actions = [Place("Goblin", (7, 5), "w"), Place("Orc 2", (6, 8), "nw"), Begin(), *[EndTurn()] * 27]
    v = ReplayScene(m.encounter.scenario, actions)  # round 4 begins with the 30th and last step
    s = screen()
    v.draw(s, 1.0)
    assert v.rounds()[-1] == 4 and v.round_start(4) == len(actions)
    marks = dict(v.round_marks)
    assert 4 in marks
    assert all(s.get_rect().contains(rect) for rect in marks.values())
    assert marks[4].right <= v.timeline.right + 4  # the label's padding aside, within the bar


def test_the_replay_s_tracker_shows_every_combatant_it_has_room_for(viewer) -> None:
    """Its panel was sized for every row, yet the last hid behind "1 below (wheel)" (the default map's nine)."""
    v, s = viewer
    v.draw(s, 1.0)
    shown = [name for _, name in v.tracker._rows]
    assert sorted(shown) == sorted(x.name for x in v.enc.views())  # every one, none behind the wheel


def test_the_replay_colours_a_hit_on_the_party_as_the_live_log_does() -> None:
    """Found replaying an autoplayed ambush: "Bandit 2 attacks Sir Corin ... hit, 3 damage" was red live and
    green in the replay."""
    from game.ui.panels import CombatLog
    from tests.ui_harness import make_ctx

    m = skirmish()
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=15, damage=2))
    for _ in range(20):
        if m.encounter.turn == "Goblin":
            break
        m.submit(EndTurn())
    m.submit(Attack("Goblin", "Mira", roll=20, damage=3))
    v = ReplayScene(m.encounter.scenario, list(m.encounter.history))
    while v.k < len(v.actions):
        v._key(pygame.K_RIGHT)
    replayed = {t: role for t, role, _ in v.log_lines() if " attacks " in t}
    live = CombatLog()
    live.draw(screen(), make_ctx(m))
    assert replayed == {t: role for t, role in live.entries if " attacks " in t}
    assert sorted(replayed.values()) == ["bad", "good"]  # the goblin's hit on Mira red, Mira's green


def test_an_end_of_turn_step_says_whose_turn_ended(viewer) -> None:
    """The step panel said only "End of turn"; a viewer stepping through wants to know whose."""
    v, s = viewer  # place, place, begin, end_turn (the goblin's), move, attack, end_turn (Mira's)
    assert v.step_words[3] == "Goblin ends the turn" and v.step_words[6] == "Mira ends the turn"
    assert v.step_words[4] == "Mira moves to 8,4"


@pytest.mark.parametrize("size", [(1100, 720), (800, 560), (1280, 800)])
def test_every_button_label_shows_whole_and_clear_of_the_esc_hint(viewer, size) -> None:
    # Found at 1100x720: "Play (Space)" was cut to "Play (Sp..." and "Speed 1x" ran into "Esc closes". Where the
    # labels with their keys do not fit, the short ones do; the hint keeps its own room at the right.
    from game.ui import theme as th
    from game.ui.replay import ESC_HINT

    v, _ = viewer
    s = pygame.Surface(size)
    v.draw(s, 1.0)
    hint_left = size[0] - 12 - th.text_width(ESC_HINT, th.SMALL)
    for b in v.buttons:
        assert th.text_width(b.label, th.SMALL) <= b.rect.width - 8, (size, b.label, b.rect.width)
        assert b.rect.right < hint_left, (size, b.label)
    labels = [b.label for b in v.buttons]
    assert ("Play (Space)" in labels) == (size[0] >= 1280), labels  # the keys are named where there is room


# --- a long log: checkpoints (stepping back replays a few actions from a kept copy, never the whole log) --------
def random_log(length: int, seed: int) -> tuple[object, list]:
    """ship_boarding and ``length`` legal actions as chosen (attacks, shots and casts unrolled: the viewer's
    engine rolls them from the map's seed), any kind but fleeing; a fight that would end is taken back and
    the turn passed instead, so the log goes on with hits, falls and uses of the area ability in it."""
    import random

    from game.maps import load_scenario
    from game.rules import Begin, Encounter

    scenario = load_scenario("maps/ship_boarding.tmx")
    rng = random.Random(seed)
    enc = Encounter.from_scenario(scenario)
    chosen: list = [Begin()]
    enc.apply(chosen[0])
    while len(chosen) < length:
        by_kind: dict[str, list] = {}
        for a in enc.legal_actions():
            if a.KIND != "flee":
                by_kind.setdefault(a.KIND, []).append(a)
        dice = [k for k in ("attack", "shoot", "cast") if k in by_kind]
        kind = rng.choice(dice) if dice and rng.random() < 0.6 else \
            rng.choice([k for k in by_kind if k not in ("end_turn", "face")] or ["end_turn"]) \
            if rng.random() < 0.75 else "end_turn"
        action = rng.choice(by_kind[kind])
        recorded = enc.apply(action).action
        if enc.is_over():
            enc.undo()
            action = recorded = EndTurn()
            enc.apply(action)
        chosen.append(recorded if kind == "move" else action)  # a move with its path, as Playmat writes it
    return scenario, chosen


@pytest.fixture(scope="module")
def ship_log():
    return random_log(160, seed=5)


def test_stepping_back_and_jumping_land_on_exactly_the_state_a_replay_from_the_start_gives(ship_log) -> None:
    """Every step back from the end, then jumps here and there (past and between checkpoints): the state
    shown is the one replaying the log's prefix from the start gives, rolls, hit points, turn and all."""
    import random

    from game.rules import replay

    scenario, actions = ship_log
    v = ReplayScene(scenario, actions)
    v.every = 7  # many checkpoints in a short log
    whole = replay(scenario, actions)
    kinds = {a.KIND for a in whole.history}
    assert {"attack", "end_turn", "move"} <= kinds and len(kinds) >= 5  # a varied log, with dice in it

    def same(k: int) -> None:
        ref = replay(scenario, actions[:k])
        assert v.k == k
        assert v.enc.snapshot() == ref.snapshot() and v.enc.state_json() == ref.state_json()
        assert v.enc.records == ref.records and v.enc.outcome() == ref.outcome()

    v.handle_event(key(pygame.K_END))
    same(len(actions))
    for k in range(len(actions) - 1, -1, -1):
        v.handle_event(key(pygame.K_LEFT))
        same(k)
    for k in random.Random(2).sample(range(len(actions) + 1), 25):
        v.go(k)
        same(k)
        v.handle_event(key(pygame.K_LEFT))
        same(max(0, k - 1))
        v.handle_event(key(pygame.K_RIGHT))
        same(k)
    v.go(3)
    v.handle_event(key(pygame.K_PAGEDOWN))  # the next round's start
    same(v.k)


def test_a_step_back_at_the_end_of_a_long_log_replays_a_few_actions_not_the_whole_log(ship_log,
                                                                                         monkeypatch) -> None:
    """A step back once replayed every action before it: 138 ms a step on a 3,000-action log
    (tools/bench_replay.py). Now it starts from the nearest checkpoint: at most a checkpoint's spacing of
    actions is applied, however long the log."""
    from game.rules import Encounter

    scenario, actions = ship_log
    v = ReplayScene(scenario, actions)
    v.handle_event(key(pygame.K_END))
    applied = []
    real = Encounter.apply
    monkeypatch.setattr(Encounter, "apply", lambda self, a: applied.append(a) or real(self, a))
    for _ in range(3):
        applied.clear()
        v.handle_event(key(pygame.K_LEFT))
        assert len(applied) <= 50, len(applied)
    assert v.k == len(actions) - 3


@pytest.mark.parametrize("flat", [False, True])
def test_hovering_a_replay_tracker_row_rings_that_token_and_shows_its_card(flat, monkeypatch) -> None:
    """As in the battle (Foundry #12282): the replay's tracker named combatants the GM could not find on the
    map; hovering a row now rings its token (token sprites, or the flat map without the tile art) and shows
    its card."""
    import numpy as np

    from game.ui import replay as replay_module
    from tests.ui_harness import drawn_by

    if flat:
        monkeypatch.setattr(replay_module, "_load_art", lambda path: None)
    m = skirmish()
    v, s = ReplayScene(m.encounter.scenario, list(m.encounter.history)), screen()
    assert (v.maplayer is None) == flat
    v.handle_event(key(pygame.K_END))
    v.handle_event(motion((v.map_rect.right - 5, v.map_rect.bottom - 5)))  # a corner of the map: nobody there
    v.draw(s, 1.0)
    ring = (90, 230, 255)  # the battle's ring for a tracker row's token (tokenlayer)

    def ringed() -> int:
        return int((np.abs(pygame.surfarray.array3d(s).astype(int) - ring).sum(axis=2) < 60).sum())  # blended

    assert ringed() == 0
    row = next(r for r, name in v.tracker._rows if name == "Goblin")
    v.handle_event(motion(row.center))
    seen = drawn_by(replay_module.th, monkeypatch)
    v.draw(s, 1.0)
    assert ringed() > 20
    goblin = m.encounter.view("Goblin")
    assert f"{goblin.hp} / {goblin.hp_max}" in [t for t, _ in seen]  # the card's hit points, as on the map


def test_the_current_round_is_always_named_on_a_long_timeline() -> None:
    """A long log (140 rounds): the timeline named every few rounds irregularly (R73, R78, R84) and never the round
    being watched (R79). Now the current round is always named, in the accent colour, and the others at a round
    stride (R10, R20, ...) that never touches it or each other."""
    from game.rules import Begin, Place

    m = skirmish()
    actions = [Place("Goblin", (7, 5), "w"), Place("Orc 2", (6, 8), "nw"), Begin(), *[EndTurn()] * (9 * 140)]
    v = ReplayScene(m.encounter.scenario, actions)
    s = screen()
    for r in (79, 3, 137):
        v.jump_to_round(r)
        v.go(v.k + 4)  # inside the round, not at its first step
        v.draw(s, 1.0)
        named = [n for n, _ in v.round_marks]
        assert r in named, (r, named)
        boxes = sorted((rect for _, rect in v.round_marks), key=lambda b: b.x)
        assert all(a.right <= b.left for a, b in zip(boxes, boxes[1:], strict=False)), "two round labels touch"
        assert all(n == 1 or n == r or n % 10 == 0 for n in named), named
        label = next(rect for n, rect in v.round_marks if n == r)
        v.handle_event(click(label.center))
        assert v.enc.round == r and v.k == v.round_start(r)


def test_a_tracker_rows_card_never_hides_the_token_it_describes() -> None:
    """Hovering a tracker row in the replay shows that combatant's card; it always sat at the map's top left, where
    on fortress_assault it hid Fenn, Grum and the Militia, the very tokens whose rows were hovered. It now takes a
    corner of the map clear of that token."""
    import math
    from pathlib import Path

    from game.maps import load_scenario

    v = ReplayScene(load_scenario(Path(__file__).resolve().parents[1] / "maps" / "fortress_assault.tmx"), [])
    s = screen()
    v.draw(s, 1.0)
    for row, name in list(v.tracker._rows):
        v.handle_event(motion(row.center))
        v.draw(s, 1.0)
        frame, ctx, u = v.card._frame, v._ctx(v.map_rect), v.enc.view(name)
        assert frame.width > 0 and v.map_rect.contains(frame), name
        x, y = ctx.cell_to_screen(u.cell)
        nearest = (min(max(x, frame.left), frame.right), min(max(y, frame.top), frame.bottom))
        assert math.dist((x, y), nearest) > ctx.hex_radius() * (0.78 + 1.42 * u.radius), f"the card hides {name}"


def test_the_replay_s_log_never_starts_with_the_tail_of_an_entry(monkeypatch) -> None:
    """At Harrow Keep the replay's log began "(defence −2): rolled 1 +3 = 4 vs 12: miss", the head of that
    line (whose attack it was) scrolled away above it. At every step of a long ship_boarding log, the first
    line under "Combat log" is the start of an entry, and the newest line still ends the log."""
    import game.ui.replay as replay_module
    from tests.ui_harness import drawn_by

    scenario, actions = random_log(60, seed=5)
    v, s = ReplayScene(scenario, actions), screen()
    seen = drawn_by(replay_module.th, monkeypatch)
    cut = tails = 0
    for k in range(1, len(actions) + 1):
        v.go(k)
        seen.clear()
        v.draw(s, 1.0)
        log = [(t, r) for t, r in seen if v.log_rect.contains(r) and "below (wheel)" not in t]
        if not log or log[0][0] == "nothing has happened yet":
            continue
        assert not log[0][0].startswith(" "), (k, log[0][0])
        tails += any(t.startswith("   ") for t, _ in log)
        wanted = [t for t, _, _ in v.log_lines()]
        if not wanted[0].startswith(log[0][0].strip()):  # older lines above the log's top: it is full
            cut += 1
            assert log[-1][1].bottom > v.log_rect.bottom - 2 * replay_module.LOG_ROW  # the newest on the last row
    assert cut and tails  # the log overflowed, with wrapped entries in view


@pytest.mark.parametrize("with_art", [True, False], ids=["tiles", "flat"])
def test_the_replay_s_facing_arcs_lie_under_the_tokens_and_clear_of_the_name_tag(with_art: bool) -> None:
    """Harrow Keep's replay, Pikeman 1 hovered: its arcs were painted over every token in them (Pikeman 2 beside
    it tinted amber) and over its own name tag, which sat on "rear −4". As in the battle, the sectors lie under
    the tokens (Pikeman 2 looks the same with or without them) and the tag keeps off the labels."""
    from pathlib import Path

    from game.maps import load_scenario
    from game.render.tilemap import load_map_art
    from game.rules import Begin

    keep = Path(__file__).resolve().parents[1] / "maps" / "fortress_assault.tmx"
    v = ReplayScene(load_scenario(keep), [Begin()], art=load_map_art(keep) if with_art else None)
    s = screen()
    v.go(1)
    v.draw(s, 1.0)
    ctx = v._ctx(v.map_rect)
    p1, p2 = (ctx.cell_to_screen(v.enc.view(n).cell) for n in ("Pikeman 1", "Pikeman 2"))
    away = (v.map_rect.x + 2, v.map_rect.bottom - 2)  # the pointer on the map's corner: nobody hovered
    pictures = []
    for at in (away, p1):
        v.handle_event(motion((round(at[0]), round(at[1]))))
        v.draw(s, 1.0)
        pictures.append([tuple(s.get_at((round(p2[0]) + dx, round(p2[1]) + dy)))
                         for dx in range(-6, 7, 3) for dy in range(-6, 7, 3)])
    assert v.arcs.shown == "Pikeman 1" and len(v.arcs.label_rects) >= 3
    # Pikeman 2's disc, untinted by Pikeman 1's arcs (a level or two of rounding where the sprite is not opaque;
    # the amber sector over it moved every pixel by tens)
    assert max(abs(a - b) for x, y in zip(*pictures, strict=True) for a, b in zip(x, y, strict=True)) <= 3
    if with_art:  # the flat map draws no name tag
        assert v.tag_rect is not None and v.tag_rect.collidelist(v.arcs.label_rects) < 0


def test_a_gm_hit_point_step_is_told_as_the_log_tells_it() -> None:
    """The GM's -5 on the Goblin (7 hp): "This step" says what the log beside it says, "GM deals 5 damage to
    Goblin (down to 2 hp)", not "GM sets Goblin to 2 hp" beside it as if it were another act."""
    from game.rules import SetHp

    m = skirmish()
    m.submit(SetHp("Goblin", 2))
    v = ReplayScene(m.encounter.scenario, list(m.encounter.history))
    v.handle_event(key(pygame.K_END))
    assert v.step_words[-1] == "GM deals 5 damage to Goblin (down to 2 hp)"
    assert v.step_words[-1] in texts(v)

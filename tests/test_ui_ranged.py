"""Shots and bursts in the window (issue 19 part 3): range shading, the sight line, the roll and the area preview.

A small pointy map. Archer (player, bow 2-6) at 1,2; Orc (enemy) at 5,2 in the open; Goblin (enemy) at 5,4
behind a wall at 4,4 on the straight line; Mage (player, area range 4, radius 1, push 1) and a friendly
Squire next to the orc.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Begin, EndTurn
from game.ui.commands import CAST, SHOOT
from game.ui.overlays import RangedPreview
from game.ui.overlays.ranged import shooting_range
from tests.ui_harness import frame, hover, make_ctx, screen

TERRAIN = [
    "........",
    "........",
    "........",
    "........",
    "...##...",
    "........",
]
UNITS = [
    {"name": "Archer", "at": (1, 2), "faction": "player", "initiative": 9, "ranged": "2-6", "ranged_attack": 3,
     "ranged_damage": "1d6", "move": 0},  # rooted: each preview is the shot from where it stands
    {"name": "Mage", "at": (1, 1), "faction": "player", "initiative": 8, "area_range": 4, "area_radius": 1,
     "area_attack": 2, "area_damage": "4", "area_push": 1, "area_uses": 2},
    {"name": "Squire", "at": (5, 1), "faction": "player", "initiative": 1},
    {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w"},
    {"name": "Goblin", "at": (4, 5), "faction": "enemy", "initiative": 4, "facing": "w"},
]


def setup(tmp_path: Path, turn: str) -> tuple[object, object, RangedPreview, pygame.Surface]:
    from game.maps import load_scenario
    from game.match import Match

    path = write_map(tmp_path / "range.tmx", TERRAIN, units=UNITS, title="Range")
    m = Match(load_scenario(path))
    m.submit(Begin())
    while m.encounter.turn != turn:
        m.submit(EndTurn())
    ctx = make_ctx(m)
    ctx.selected = turn
    rp = RangedPreview()
    return m, ctx, rp, screen()


def test_shoot_mode_shades_the_range_and_shows_the_sight_line_and_roll(tmp_path: Path) -> None:
    m, ctx, rp, s = setup(tmp_path, "Archer")
    enc = m.encounter  # type: ignore[attr-defined]
    cells = shooting_range(enc, "Archer")
    assert (5, 2) in cells and (2, 2) not in cells  # distance 1 is inside the bow's minimum of 2 (R29)
    assert all(2 <= enc.layout.distance((1, 2), c) <= 6 for c in cells)
    ctx.action_mode = SHOOT  # type: ignore[attr-defined]
    hover(ctx, (5, 2))  # type: ignore[arg-type]
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    assert rp.sight == "clear"
    said = [ln.text for ln in rp.lines or []]
    assert said[0] == "Archer shoots Orc" and "Sight: clear" in said
    p = enc.preview_shoot("Archer", "Orc")
    assert any(t.startswith(f"Hits on {p.roll_needed}+") for t in said)


def test_a_blocked_shot_names_the_hex_that_blocks_it(tmp_path: Path) -> None:
    m, ctx, rp, s = setup(tmp_path, "Archer")
    enc = m.encounter  # type: ignore[attr-defined]
    p = enc.preview_shoot("Archer", "Goblin")
    ctx.action_mode = SHOOT  # type: ignore[attr-defined]
    hover(ctx, (4, 5))  # type: ignore[arg-type]
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    assert not p.sees and p.blocked_by == ((3, 4), (4, 4))  # the wall at 3,4-4,4 between them (R30)
    assert rp.sight == "blocked"
    # Playthrough under Xvfb (Fenn at Harrow Keep): a refused shot read "Hits on 10+ (0 %)" in bright type with
    # its damage and whole roll; then, in red, "not possible: ..." over "if it were allowed: hits on 9+" and
    # "nowhere Archer can reach this turn to shoot Goblin from". A shot no hex in reach gives reads as a blow out
    # of reach does: a plain heading, calm grey rows naming what blocks it, no roll (the rooted Archer cannot step).
    assert p.legal
    lines = rp.lines or []
    assert [(ln.text, ln.role) for ln in lines] == [
        ("Archer cannot shoot Goblin this turn", "text"),
        ("no line of sight from here: blocked by 3,4 and 4,4", "muted"),
        ("Archer has no movement left this turn", "muted")]
    assert rp.marked_blocked == [(3, 4), (4, 4)]  # the map still marks them


def test_cast_mode_previews_the_area_with_friendly_fire_marked(tmp_path: Path) -> None:
    m, ctx, rp, s = setup(tmp_path, "Mage")
    enc = m.encounter  # type: ignore[attr-defined]
    ctx.action_mode = CAST  # type: ignore[attr-defined]
    hover(ctx, (5, 2))  # type: ignore[arg-type]
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    p = enc.preview_cast("Mage", (5, 2))
    assert rp.caught == [a.target for a in p.affected] and {"Orc", "Squire"} <= set(rp.caught)
    said = [ln.text for ln in rp.lines or []]
    assert "Squire - friendly fire" in said and "Orc" in said
    assert said[0] == "Mage casts at 5,2 (2 uses left)"
    # The sides are named by the caster's, as a GM casting for an enemy reads them too (found on the Black
    # Gull: "expected damage to your side" for the Sea Witch's own Harpy).
    assert "expected damage to Mage's enemies" in said and "expected damage to Mage's side" in said


def test_a_target_out_of_range_is_not_called_blocked_by_terrain(tmp_path: Path) -> None:
    """Found playing Harrow Keep: Archer 1 (a 2-8 bow) hovering Doran ten hexes off read "Sight: blocked by the
    terrain" on a red line, though nothing stood between them; the reason was range (R29, R30)."""
    from game.maps import load_scenario
    from game.match import Match

    units = [{"name": "Archer", "at": (0, 1), "faction": "player", "initiative": 9, "ranged": "2-6",
              "ranged_attack": 3, "ranged_damage": "1d6", "move": 2},  # too slow to close the 4 hexes this turn
             {"name": "Orc", "at": (10, 1), "faction": "enemy", "initiative": 5, "facing": "w"}]
    path = write_map(tmp_path / "open.tmx", ["." * 12] * 3, units=units, title="Open")
    m = Match(load_scenario(path))
    m.submit(Begin())
    enc = m.encounter
    assert enc.turn == "Archer" and enc.layout.distance((0, 1), (10, 1)) > 6
    assert enc.sight_report((0, 1), (10, 1))["sight"]  # the line itself is clear
    ctx, rp, s = make_ctx(m), RangedPreview(), screen()
    ctx.selected, ctx.action_mode = "Archer", SHOOT
    hover(ctx, (10, 1))
    frame(s, ctx, [rp])
    said = [ln.text for ln in rp.lines or []]
    assert rp.sight == "out of range" and said == ["Archer cannot shoot Orc this turn",
                                                   "out of range: distance 10, Archer shoots at distance 2 to 6"]
    assert not any("blocked" in t for t in said)
    assert rp.line is None  # no grey line across the map to a foe out of range, as for a blow out of reach


def test_a_spent_area_ability_offers_no_burst_mode(tmp_path: Path) -> None:
    """Found playing ship_boarding: after the Sea Witch's one burst, B still lit the mode and shaded the
    centres; only hovering told the burst was spent (R32)."""
    from game.maps import load_scenario
    from game.match import Match
    from game.rules import Cast
    from game.ui.commands import CommandMapper, Say, SetMode, Situation
    from game.ui.hud import action_buttons

    units = [{"name": "Mage", "at": (1, 1), "faction": "player", "initiative": 8, "area_range": 4, "area_radius": 1,
              "area_attack": 2, "area_damage": "4", "area_uses": 1},
             {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w"}]
    m = Match(load_scenario(write_map(tmp_path / "one.tmx", TERRAIN, units=units, title="One")))
    m.submit(Begin())
    mapper = CommandMapper(m, make_ctx(m).geometry.cell_center)
    assert mapper.map(SetMode(CAST), Situation()) == Say(
        "Cast: click the hex to centre the burst on (friends inside are hit too)", mode=CAST)
    m.submit(Cast("Mage", (5, 2)))
    m.submit(EndTurn())
    while m.encounter.turn != "Mage":
        m.submit(EndTurn())
    assert m.encounter.view("Mage").area_uses_left == 0
    said = mapper.map(SetMode(CAST), Situation())
    assert said == Say("Mage has used every burst of its area ability (1 of 1)", mode="attack")
    bar = {cmd: b for b, cmd in action_buttons(make_ctx(m), True, False)}
    assert not bar["mode:cast"].enabled


def test_the_shot_s_tooltip_leaves_its_sight_line_in_view() -> None:
    """Found at Harrow Keep: hovering a target put the tooltip over most of the sight line and the cover it
    rings. With the shooter to the right of its target the box now goes where the line is not."""
    import tempfile

    from game.maps import load_scenario
    from game.match import Match
    from game.ui.panels.tooltips import Tooltips

    units = [{"name": "Archer", "at": (12, 3), "faction": "player", "initiative": 9, "ranged": "2-8",
              "ranged_attack": 3, "ranged_damage": "1d6"},
             {"name": "Orc", "at": (4, 3), "faction": "enemy", "initiative": 5, "facing": "e"}]
    path = write_map(Path(tempfile.mkdtemp()) / "line.tmx", ["." * 14] * 8, units=units, title="Line")
    m = Match(load_scenario(path))
    m.submit(Begin())
    ctx, rp, tips, s = make_ctx(m), RangedPreview(), Tooltips(), screen()
    ctx.selected, ctx.action_mode = "Archer", SHOOT
    hover(ctx, (4, 3))
    frame(s, ctx, [rp, tips])
    (box, _anchor), = tips.drawn
    a, b = (ctx.cell_to_screen(c) for c in rp.line)
    samples = [(a[0] + (b[0] - a[0]) * i / 20, a[1] + (b[1] - a[1]) * i / 20) for i in range(21)]
    assert not any(box.collidepoint(p) for p in samples)


def test_a_shot_out_of_range_from_here_is_offered_from_the_hex_that_makes_it(tmp_path: Path) -> None:
    """Found playing Harrow Keep: Fenn (a 2-8 bow, 6 movement) pointing at Archer 1 nine hexes off read "not
    possible: out of range", though one step brought it in range; a blow out of reach is previewed from the best
    hex in reach (Wesnoth's move-then-attack), a shot was not. Now it is, and two clicks move and shoot.

    Open ground, the Orc facing west (R18: every hex in the Archer's reach lies in its front arc, so each shot
    is as sure). By hand: the Orc is 10 hexes off and the bow reaches 6, so the nearest hex in range costs 4
    movement, and every hex in reach within range is in the bow's band (R29)."""
    from game.rules import Move, Shoot
    from tests.scene_harness import click, frame, open_battle, to_turn
    from tests.scene_harness import hover as point

    units = [{"name": "Archer", "at": (0, 1), "faction": "player", "initiative": 9, "ranged": "2-6",
              "ranged_attack": 3, "ranged_damage": "1d6"},
             {"name": "Orc", "at": (10, 1), "faction": "enemy", "initiative": 5, "facing": "w"}]
    path = write_map(tmp_path / "open.tmx", ["." * 12] * 3, units=units, title="Open")
    scene, s = open_battle(tmp_path, path, humans=("player",), setup=False)
    to_turn(scene, "Archer")
    enc = scene.match.encounter
    scene.ctx.action_mode = SHOOT
    frame(scene, s)
    point(scene, (10, 1))
    frame(scene, s)
    rp = next(w for w in scene.widgets if isinstance(w, RangedPreview))
    assert rp.plan is not None
    at, p = rp.plan
    assert at is not None and p.legal is None and p.sees
    assert enc.reach_for("Archer").end_at(at) == (4, False)  # the fewest steps that bring the Orc in range
    assert enc.layout.distance(at, (10, 1)) <= 6 and p.arc == "front"
    said = [ln.text for ln in rp.lines or []]
    assert said[1] == f"from {at[0]},{at[1]}: the first click moves there, the next shoots"
    assert not any(t.startswith("not possible") for t in said)
    click(scene, (10, 1))
    scene.anim.skip(scene.tokens)  # the walk played out
    frame(scene, s)
    assert enc.view("Archer").cell == at and not enc.acted  # the first click moved, nothing rolled
    assert "click Orc again to shoot" in scene.ctx.status
    click(scene, (10, 1))
    assert enc.acted and isinstance(enc.history[-1], Shoot)
    assert any(isinstance(a, Move) for a in enc.history)


def test_a_threatened_shooter_s_breakdown_takes_the_penalty_off_the_roll_as_the_line_above_says(
        tmp_path: Path, monkeypatch) -> None:
    """Found playing the ambush: threatened by a foe beside it, the shot's preview said "Shooting while
    threatened by Thug: roll −2" and, in "How the roll is worked out", "shooting while threatened +2" (the
    engine's +2 to the total to reach): one penalty, two signs, the row reading like a bonus.

    By hand: the Orc faces west, front arc; defence 10, ranged attack 3, threatened (R29) −2 on the roll: the
    d20 needs 10 − 3 + 2 = 9+."""
    from game.ui import theme as th
    from tests.scene_harness import frame, open_battle, to_turn
    from tests.scene_harness import hover as point
    from tests.ui_harness import drawn_by

    units = [{"name": "Archer", "at": (1, 2), "faction": "player", "initiative": 9, "ranged": "2-6",
              "ranged_attack": 3, "ranged_damage": "1d6", "move": 0},
             {"name": "Thug", "at": (0, 2), "faction": "enemy", "initiative": 4, "facing": "e"},
             {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w"}]
    path = write_map(tmp_path / "close.tmx", ["." * 8] * 5, units=units, title="Close")
    scene, s = open_battle(tmp_path, path, humans=("player",), setup=False)
    to_turn(scene, "Archer")
    scene.ctx.action_mode = SHOOT
    frame(scene, s)
    drawn = drawn_by(th, monkeypatch)
    point(scene, (5, 2))
    frame(scene, s)
    said = [t for t, _ in drawn]
    assert "Shooting while threatened by Thug: roll −2 (R29)" in said
    row = said.index("  shooting while threatened")
    assert said[row + 1] == "−2"  # as the line above: off the roll, not "+2"
    assert said[said.index("  defence") + 1] == "10" and said[said.index("  ranged attack") + 1] == "+3"
    assert said[said.index("  so the d20 needs") + 1] == "9+"  # 10 − (3 − 2)
    pygame.image.save(s, str(tmp_path / "threatened_shot.png"))


def test_the_cast_button_and_its_refusal_say_the_same_verb(tmp_path: Path) -> None:
    """Playtest: once the Mage had struck, the bar's greyed "Burst [B]" said "Cannot cast: Mage has already used
    their action this turn (R16)", and the log "Mage casts at 5,7": two names for one action. The button is
    "Cast", as the refusal, the log, the hint ("B cast") and the help say it."""
    from game.ui.help import BATTLE_KEYS
    from game.ui.hud import action_buttons
    from tests.scene_harness import click, open_battle
    from tests.scene_harness import frame as step

    units = [{"name": "Mage", "at": (4, 2), "faction": "player", "initiative": 9, "area_range": 4,
              "area_radius": 1, "area_attack": 2, "area_damage": "4", "area_uses": 2},
             {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, win = open_battle(tmp_path, write_map(tmp_path / "cast.tmx", TERRAIN, units=units, title="Cast"),
                             humans=("player",), setup=False)
    step(scene, win, 30)
    bar = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}
    assert bar["mode:cast"].label == "Cast" and bar["mode:cast"].enabled
    click(scene, (5, 2))  # the Mage's blow: the turn's one action (R16)
    scene.anim.skip(scene.tokens)
    step(scene, win)
    assert scene.match.encounter.acted
    bar = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}
    assert bar["mode:cast"].label == "Cast" and not bar["mode:cast"].enabled
    assert scene.greyed_reason("mode:cast").startswith("Cannot cast: Mage has already used their action")
    assert ("B", "cast mode: click the hex to centre the burst on (area abilities)") in BATTLE_KEYS


def _shoot_at(tmp_path: Path, rows: list[str], units: list[dict], target: tuple[int, int]) -> RangedPreview:
    """The battle scene as ``playmat play`` opens it, the first combatant in shoot mode (R), pointing at ``target``."""
    from tests.scene_harness import frame as scene_frame
    from tests.scene_harness import hover as scene_hover
    from tests.scene_harness import key, open_battle

    tmx = write_map(tmp_path / "field.tmx", rows, units=units, title="Field")
    scene, surf = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    scene_frame(scene, surf, 30)
    assert scene.match.encounter.turn == units[0]["name"]
    key(scene, pygame.K_r)
    assert scene.ctx.action_mode == SHOOT
    scene_hover(scene, target)
    scene_frame(scene, surf)
    return next(w for w in scene.widgets if isinstance(w, RangedPreview))


BOW = {"faction": "player", "initiative": 9, "ranged": "2-6", "ranged_attack": 3, "ranged_damage": "1d6"}


def test_a_foe_no_hex_in_reach_can_shoot_reads_calmly_in_grey(tmp_path: Path) -> None:
    """Playtest, as for the attack preview: pointing at a foe the Archer can shoot from no hex it can reach this
    turn said, in red, "not possible: Archer cannot see Goblin: blocked by 4,2 (R30)", "Sight: blocked by 4,2",
    "if it were allowed: hits on 9+" and "nowhere Archer can reach this turn to shoot Goblin from": one thing
    four times, loudly. It reads as a blow out of reach does: a plain heading and grey rows in a player's words,
    what keeps the shot from here (the wall, R30; the distance, R29) and why a step would not help; no roll."""
    rows = ["..............", "....###.......", "....#.#.......", "....###.......", "..............",
            ".............."]
    units = [{"name": "Archer", "at": (1, 2), "move": 2, **BOW},
             {"name": "Goblin", "at": (5, 2), "faction": "enemy", "initiative": 4, "facing": "w"},
             {"name": "Orc", "at": (13, 5), "faction": "enemy", "initiative": 5, "facing": "w"}]
    rp = _shoot_at(tmp_path, rows, units, (5, 2))  # walled in on every side: no line from anywhere
    assert [(ln.text, ln.role) for ln in rp.lines or []] == [
        ("Archer cannot shoot Goblin this turn", "text"),
        ("no line of sight from here: blocked by 4,2", "muted"),
        ("no hex in range Archer can reach this turn sees Goblin", "muted")]
    assert rp.sight == "blocked" and rp.marked_blocked == [(4, 2)]  # the sight line still shows the wall
    assert rp.approach_for("Goblin") is None
    far = tmp_path / "far"
    far.mkdir()
    rp = _shoot_at(far, rows, units, (13, 5))
    assert [(ln.text, ln.role) for ln in rp.lines or []] == [
        ("Archer cannot shoot Orc this turn", "text"),
        ("out of range: distance 14, Archer shoots at distance 2 to 6", "muted")]
    assert rp.line is None and rp.marked_blocked == []  # nor the walls a line across the map would cross


def test_a_shot_kept_off_by_zone_of_control_or_water_says_so(tmp_path: Path) -> None:
    """What keeps a shooter from every hex it could shoot from is said as the attack preview says it for a blow:
    held in a zone of control (R9, R23), or every such hex is ground it may not stand on (water, R5), after what
    keeps the shot from where it stands."""
    rows = ["......wwwwwwwww", "......wwwwwwwww", "......wwwwwwwww", "......wwwwww.ww", "......wwwwwwwww",
            "......wwwwwwwww", "......wwwwwwwww"]
    units = [{"name": "Archer", "at": (0, 3), "move": 3, **BOW},
             {"name": "Orc", "at": (12, 3), "faction": "enemy", "initiative": 5, "facing": "w"}]
    rp = _shoot_at(tmp_path, rows, units, (12, 3))  # on an island: every hex in the bow's band of it is water
    assert [(ln.text, ln.role) for ln in rp.lines or []] == [
        ("Archer cannot shoot Orc this turn", "text"),
        ("out of range: distance 12, Archer shoots at distance 2 to 6", "muted"),
        ("every hex Archer could shoot Orc from is impassable", "muted")]
    held = tmp_path / "held"
    held.mkdir()
    units = [{"name": "Archer", "at": (1, 3), "move": 3, **BOW},
             {"name": "Guard", "at": (2, 3), "faction": "enemy", "initiative": 6},
             {"name": "Orc", "at": (9, 3), "faction": "enemy", "initiative": 5, "facing": "w"}]
    rp = _shoot_at(held, ["." * 12] * 7, units, (9, 3))  # 8 off: two steps would do, the Guard holds her
    said = [(ln.text, ln.role) for ln in rp.lines or []]
    assert said[:2] == [("Archer cannot shoot Orc this turn", "text"),
                        ("out of range: distance 8, Archer shoots at distance 2 to 6", "muted")]
    assert ("Archer is held in Guard's zone of control:", "muted") in said
    assert not any(role == "bad" or "if it were allowed" in text or "nowhere" in text for text, role in said)


def test_the_hexes_a_shot_works_from_are_the_engine_s_hex_by_hex_answer() -> None:
    """The shot preview asks the engine in bulk (``shot_odds``) which hexes around a foe a shot would work
    from, where it asked ``preview_shoot(at=...)`` hex by hex (half a second for a long bow on a big map):
    the same hexes on random ground of walls, water, brush and trees, occupied hexes included, and none once
    the action is spent (R16, R29, R30)."""
    import random

    from game.rules import Begin, Encounter, Shoot, scenario_from_rows
    from game.ui.overlays.ranged import shot_works_from

    rng = random.Random(5)
    for _ in range(12):
        rows = ["".join(rng.choice("....#wdt") for _ in range(20)) for _ in range(14)]
        free = [(c, r) for r in range(14) for c in range(20) if rows[r][c] == "."]
        picks = rng.sample(free, 4)
        units = [{"name": "Archer", "at": picks[0], "initiative": 9, "move": 4, **BOW,
                  "ranged": f"{rng.randint(1, 3)}-{rng.randint(4, 9)}"},
                 *({"name": f"E{i}", "at": picks[i], "faction": "enemy", "initiative": 1} for i in (1, 2)),
                 {"name": "Friend", "at": picks[3], "faction": "player", "initiative": 2}]
        enc = Encounter(scenario_from_rows(rows, units))
        enc.apply(Begin())
        for foe in ("E1", "E2"):
            near = [c for c in enc.layout.disc(enc.view(foe).cell, 12) if enc.board.is_on_map(c)]
            one_by_one = [(c[0], c[1]) for c in near if enc.preview_shoot("Archer", foe, at=c).legal is None]
            assert shot_works_from(enc, "Archer", foe, near) == one_by_one
        shot = next((f for f in ("E1", "E2") if enc.preview_shoot("Archer", f).legal is None), None)
        if shot is not None:
            enc.apply(Shoot("Archer", shot, 20))
            assert shot_works_from(enc, "Archer", "E1", near) == []


def test_the_hex_a_shot_is_planned_from_is_the_best_of_the_hex_by_hex_answers() -> None:
    """Hovering a foe out of the bow's reach plans a step first: the hex in reach with the surest shot (then
    the likelier defeat, then the fewest steps). The odds come from the engine in bulk; here each reachable
    hex is asked of ``preview_shoot(at=...)`` one by one, as a player comparing hexes would, and the plan must
    be the best of those, on random ground with allies and foes about (R16, R29-R31, R19 arcs, cover)."""
    import random

    from game.rules import Begin, Encounter, scenario_from_rows
    from game.ui.overlays.ranged import best_shot_from

    rng = random.Random(11)
    planned = 0
    for _ in range(14):
        rows = ["".join(rng.choice("....#wdt") for _ in range(18)) for _ in range(12)]
        free = [(c, r) for r in range(12) for c in range(18) if rows[r][c] == "."]
        picks = rng.sample(free, 5)
        units = [{"name": "Archer", "at": picks[0], "initiative": 9, "move": rng.randint(2, 6), **BOW,
                  "ranged": f"{rng.randint(1, 3)}-{rng.randint(3, 7)}"},
                 *({"name": f"E{i}", "at": picks[i], "faction": "enemy", "initiative": 1,
                    "facing": rng.choice(["e", "w", "ne", "sw"])} for i in (1, 2, 3)),
                 {"name": "Friend", "at": picks[4], "faction": "player", "initiative": 2}]
        enc = Encounter(scenario_from_rows(rows, units))
        enc.apply(Begin())
        for foe in ("E1", "E2", "E3"):
            found = []
            for cell, cost, _stops in enc.reach_for("Archer").destinations():
                p = enc.preview_shoot("Archer", foe, at=cell)
                if p.legal is None:
                    found.append((-p.hit_chance, -p.defeat_chance, cost, (cell[0], cell[1])))
            got = best_shot_from(enc, "Archer", foe)
            if not found:
                assert got is None
                continue
            planned += 1
            assert got is not None
            best = min(found)
            assert got[0] == best[3]
            assert got[1] == enc.preview_shoot("Archer", foe, at=best[3])
    assert planned >= 10  # the ground gave plans to compare, not only refusals


def test_a_centre_out_of_area_range_reads_calmly_without_odds(tmp_path: Path) -> None:
    """Found playing the Black Gull as the corsairs: pointing the Sea Witch's burst at the party beyond her area
    range read a red "not possible" over each one's chance and push and a green "expected damage to Sea Witch's
    enemies 3.9", as if a click would deal it; the click was refused (R32). It now reads as a hex out of reach:
    a plain heading, the reason in grey, whom it would catch there by name, no odds and no push arrows.

    The Mage is rooted here (no movement): with a hex in reach to cast from, the burst is offered from there
    (test_a_centre_out_of_area_range_from_here_is_offered_from_a_hex_in_reach)."""
    from game.maps import load_scenario
    from game.match import Match

    units = [dict(u, move=0) if u["name"] == "Mage" else u for u in UNITS]
    m = Match(load_scenario(write_map(tmp_path / "rooted.tmx", TERRAIN, units=units, title="Rooted")))
    m.submit(Begin())
    while m.encounter.turn != "Mage":
        m.submit(EndTurn())
    ctx, rp, s = make_ctx(m), RangedPreview(), screen()
    ctx.selected = "Mage"
    enc = m.encounter
    far = (6, 2)  # 5 hexes from the Mage at 1,1: one past its area range of 4; the burst there catches the Orc
    p = enc.preview_cast("Mage", far)
    assert p.legal and "Orc" in [a.target for a in p.affected]
    ctx.action_mode = CAST  # type: ignore[attr-defined]
    hover(ctx, far)  # type: ignore[arg-type]
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    lines = rp.lines or []
    said = [ln.text for ln in lines]
    assert said[0] == "Mage cannot cast at 6,2"
    assert all(ln.role == "muted" for ln in lines[1:]) and not any(ln.role in ("bad", "good") for ln in lines)
    assert not any("expected" in t or "hit on" in t or "%" in t for t in said)
    assert any(t.startswith("there it would catch") and "Orc" in t for t in said)
    assert any("beyond their area range 4" in t for t in said)
    assert "Mage has no movement left this turn" in said and not any("first click" in t for t in said)


def test_the_burst_s_tooltip_leaves_whom_it_catches_in_view(tmp_path: Path) -> None:
    """Found on the Black Gull: the Sea Witch's burst preview sat over Corsair 1, whom the burst it described
    caught, and pointing further off it hid Tobin. The box now keeps the area, the caught and where they are
    pushed in view where it can, as a shot's keeps its sight line: here it goes where only a bystander stands."""
    from game.maps import load_scenario
    from game.match import Match
    from game.ui.panels.tooltips import Tooltips

    units = [{"name": "Mage", "at": (13, 3), "faction": "player", "initiative": 9, "area_range": 6,
              "area_radius": 1, "area_attack": 2, "area_damage": "4", "area_push": 1, "area_uses": 1},
             {"name": "Orc 1", "at": (9, 3), "faction": "enemy", "initiative": 5},
             {"name": "Orc 2", "at": (7, 3), "faction": "enemy", "initiative": 4},
             {"name": "Watcher", "at": (8, 6), "faction": "neutral", "initiative": 3},
             {"name": "Crow", "at": (8, 0), "faction": "neutral", "initiative": 2}]
    path = write_map(tmp_path / "burst.tmx", ["." * 15] * 8, units=units, title="Burst")
    m = Match(load_scenario(path))
    m.submit(Begin())
    ctx, rp, tips, s = make_ctx(m), RangedPreview(), Tooltips(), screen()
    ctx.selected, ctx.action_mode = "Mage", CAST
    hover(ctx, (8, 3))
    frame(s, ctx, [rp, tips])
    assert sorted(rp.caught) == ["Orc 1", "Orc 2"]
    (box, _anchor), = tips.drawn
    assert not any(box.colliderect(ctx.token_rect(n)) for n in rp.caught)


def test_shoot_and_cast_modes_mark_the_tiles_that_give_cover_or_block_sight(tmp_path: Path) -> None:
    """Found on the Greenway: which trees give cover (R31) showed only as the ringed hexes of a shot already
    hovered. In shoot and cast modes the tiles that give cover, and passable ones that block sight (R30), are
    marked before any target is; walls, which anyone expects to block sight, are not; nor anything outside them."""
    from game.maps import load_scenario
    from game.match import Match

    units = [{"name": "Archer", "at": (0, 1), "faction": "player", "initiative": 9, "ranged": "2-6",
              "ranged_attack": 3, "ranged_damage": "1d6"},
             {"name": "Mage", "at": (0, 2), "faction": "player", "initiative": 8, "area_range": 4, "area_radius": 1,
              "area_attack": 2, "area_damage": "4", "area_uses": 2},
             {"name": "Orc", "at": (7, 1), "faction": "enemy", "initiative": 5}]
    tiles = {"t": {"terrain": "difficult", "cover": True}, "f": {"terrain": "normal", "blocks_sight": True}}
    path = write_map(tmp_path / "wood.tmx", ["........", "...t.#..", "...f...."], units=units, title="Wood",
                     tile_properties=tiles)
    m = Match(load_scenario(path))
    m.submit(Begin())
    ctx = make_ctx(m)
    ctx.selected = "Archer"  # type: ignore[attr-defined]
    rp, s = RangedPreview(), screen()
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    assert rp.marked_terrain == ([], [])  # not while moving: the map stays as it was
    ctx.action_mode = SHOOT  # type: ignore[attr-defined]
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    assert rp.marked_terrain == ([(3, 1)], [(3, 2)])  # the tree and the fog; not the wall at 5,1
    m.submit(EndTurn())
    ctx.selected, ctx.action_mode = "Mage", CAST  # type: ignore[attr-defined]
    frame(s, ctx, [rp])  # type: ignore[arg-type]
    assert rp.marked_terrain == ([(3, 1)], [(3, 2)])


CASTER = [{"name": "Mage", "at": (0, 2), "faction": "player", "initiative": 9, "move": 4, "area_range": 3,
           "area_radius": 1, "area_attack": 2, "area_damage": "4", "area_uses": 2},
          {"name": "Orc", "at": (8, 2), "faction": "enemy", "initiative": 1, "facing": "w", "hp": 60}]


def test_a_centre_out_of_area_range_from_here_is_offered_from_a_hex_in_reach(tmp_path: Path) -> None:
    """A solo player: in cast mode a click on a centre beyond the area range was refused, so moving the caster took
    A, a move, then B again; a shot out of range already moved first (Wesnoth's move-then-attack). Now pointing at
    such a centre previews the burst from a hex in reach, and two clicks move there and cast.

    Open ground. By hand: 7,2 is 7 hexes from the Mage at 0,2 and its area range is 3, so the nearest hex to cast
    from is 4,2, 4 steps (its whole movement), 3 from the centre: out of its own burst (radius 1) and out of the
    Orc's zone of control (the hexes beside it)."""
    from game.rules import Cast, Move
    from tests.scene_harness import click, frame, open_battle, to_turn
    from tests.scene_harness import hover as point

    path = write_map(tmp_path / "open.tmx", ["." * 14] * 5, units=CASTER, title="Open")
    scene, s = open_battle(tmp_path, path, humans=("player",), setup=False)
    to_turn(scene, "Mage")
    frame(scene, s)  # the opening view framed before the player points (the map moves under a pointer then)
    enc = scene.match.encounter
    assert enc.can_cast("Mage", (7, 2)) is not None  # out of its area range from where it stands
    scene.ctx.action_mode = CAST
    point(scene, (7, 2))
    frame(scene, s)
    rp = next(w for w in scene.widgets if isinstance(w, RangedPreview))
    assert rp.cast_plan is not None
    centre, at = rp.cast_plan
    assert centre == (7, 2) and enc.reach_for("Mage").end_at(at) == (4, False)
    assert enc.layout.distance(at, (7, 2)) == 3
    said = [ln.text for ln in rp.lines or []]
    assert said[0] == "Mage casts at 7,2 (2 uses left)"
    assert said[1] == f"from {at[0]},{at[1]}: the first click moves there, the next casts"
    assert rp.caught == ["Orc"] and "Orc" in said and "expected damage to Mage's enemies" in said
    pygame.image.save(s, str(tmp_path / "move_then_cast.png"))
    click(scene, (7, 2))
    scene.anim.skip(scene.tokens)  # the walk played out
    frame(scene, s)
    assert enc.view("Mage").cell == at and not enc.acted  # the first click moved, nothing rolled
    assert isinstance(enc.history[-1], Move)
    assert scene.ctx.status == f"Mage moves to {at[0]},{at[1]}: click 7,2 again to cast"
    click(scene, (7, 2))
    assert enc.acted and enc.history[-1] == Cast("Mage", (7, 2), enc.history[-1].rolls)


def test_a_centre_no_hex_in_reach_can_cast_at_is_refused_calmly(tmp_path: Path) -> None:
    """A centre beyond the caster's movement and area range together: the preview says so in grey, with no odds
    and no path, and a click moves nobody and rolls nothing; the status says why, as the preview does."""
    from tests.scene_harness import click, frame, open_battle, to_turn
    from tests.scene_harness import hover as point

    path = write_map(tmp_path / "open.tmx", ["." * 14] * 5, units=CASTER, title="Open")
    scene, s = open_battle(tmp_path, path, humans=("player",), setup=False)
    to_turn(scene, "Mage")
    frame(scene, s)  # the opening view framed before the player points (the map moves under a pointer then)
    enc = scene.match.encounter
    scene.ctx.action_mode = CAST
    point(scene, (12, 2))  # 12 hexes off: 4 steps and a range of 3 fall 5 short
    frame(scene, s)
    rp = next(w for w in scene.widgets if isinstance(w, RangedPreview))
    lines = rp.lines or []
    said = [ln.text for ln in lines]
    assert rp.cast_plan is None and said[0] == "Mage cannot cast at 12,2"
    assert "nor from anywhere Mage can reach this turn" in said
    assert all(ln.role == "muted" for ln in lines[1:])
    assert not any("first click" in t or "%" in t for t in said)
    pygame.image.save(s, str(tmp_path / "cast_out_of_reach.png"))
    click(scene, (12, 2))
    scene.anim.skip(scene.tokens)
    frame(scene, s)
    assert enc.view("Mage").cell == (0, 2) and not enc.acted and len(enc.history) == 1  # only Begin
    assert scene.ctx.status == "Cannot cast: 12,2 is 12 hexes from Mage, beyond their area range 3 (R32)"

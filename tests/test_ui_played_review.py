"""Window rough edges a reviewer met playing the default map under Xvfb with a real mouse (ninth session),
each reproduced with real pygame events on the battle scene as ``playmat play`` builds it, drawn headless."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from game.render.pg import pygame
from game.ui import theme as th
from game.ui.camera import ZOOMS
from game.ui.overlays import ActionPreview
from game.ui.panels.combat_log import CombatLog
from game.ui.scene import SceneStack
from tests.scene_harness import click, frame, hover, key, open_battle, to_turn
from tests.ui_harness import DEFAULT

EVERYONE = ("player", "ally", "enemy", "neutral")


def test_the_wheel_over_the_combat_log_points_at_no_hex_under_it(tmp_path: Path) -> None:
    """SDL reports the wheel as presses of buttons 4 and 5 too; those re-pointed the map at the hex under the
    log, and a "Move Aldric to 17,11 ... cannot reach" tooltip came up over the log as it scrolled."""
    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    frame(scene, screen)
    cam = scene.ctx.camera  # the opening view centres the fight between the panels: pan the map under the log
    cam.jump(*cam.centre_range()[0::2])  # the least centre: the map drawn furthest right and down
    frame(scene, screen)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    r = log._frame
    over_map = [(x, y) for x in range(r.x + 5, r.right - 5, 10) for y in range(r.y + 5, r.bottom - 5, 10)
                if scene.ctx.cell_at((x, y)) is not None]
    assert over_map  # the log lies over hexes of the map: the case met
    pos = over_map[len(over_map) // 2]
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.ctx.hovered_cell is None  # the log claims the pointer
    for button in (4, 5):
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False))
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False))
        frame(scene, screen)
        assert scene.ctx.hovered_cell is None and scene.ctx.hovered_unit is None


def test_no_attack_tooltip_outlives_the_pause_menu(tmp_path: Path) -> None:
    """Hover an enemy, Esc (the pause menu), move the mouse away under the menu, resume: the attack tooltip
    stayed up, through the End-turn dialog and into the next combatant's turn."""
    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    frame(scene, screen)
    to_turn(scene, "Mira")
    enc = scene.match.encounter
    target = next(v.name for v in enc.views() if v.active and enc.hostile("Mira", v.name))
    hover(scene, enc.view(target).cell)
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    assert preview.lines  # the attack preview is up
    stack = SceneStack(scene)
    stack.apply(key(scene, pygame.K_ESCAPE))
    menu = stack.top
    assert menu is not scene  # the pause menu is on top
    frame(scene, screen)  # drawn under the menu: no preview shows through it
    assert preview.lines is None and scene.ctx.hovered_unit is None
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    stack.apply(menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                                     scancode=0)))
    assert stack.top is scene  # resumed
    frame(scene, screen)
    assert preview.lines is None and scene.ctx.hovered_unit is None


def test_in_a_narrow_window_the_combat_log_sits_clear_of_the_action_bar(tmp_path: Path) -> None:
    """At 800x560 the combat log covered Undo and End turn; at 1280x720 it stays at the bottom right."""
    from game.ui.hud import action_buttons

    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    for size in ((1280, 720), (1000, 640), (800, 560)):
        screen = pygame.Surface(size)
        scene.resize(size)
        frame(scene, screen)
        buttons = [b.rect for b, _ in action_buttons(scene.ctx, True, False)]
        full = log.frame(th.area(screen, scene.ctx))  # its room when full (an empty log takes one line's)
        assert log._frame.bottom == full.bottom and log._frame.height <= full.height
        assert not any(full.colliderect(r) for r in buttons), size
        assert full.right <= size[0] and full.height >= 120  # still a log: six lines or more
    # the tracker keeps its room above the log at every size
    from game.ui.panels.initiative import InitiativeTracker

    tracker = next(w for w in scene.widgets if isinstance(w, InitiativeTracker))
    assert tracker._frame.bottom <= log.frame(th.area(screen, scene.ctx)).top


def goblin_arc_labels() -> Iterator[tuple[str, int, list[pygame.Rect]]]:
    """The arc labels drawn around a hovered goblin at 7,5, for every facing its layout has and every zoom."""
    from game.rules import Place
    from game.ui import overlays
    from game.ui.overlays import FacingArcs
    from tests.ui_harness import frame as draw_frame
    from tests.ui_harness import hover as point_at
    from tests.ui_harness import make_ctx, new_match, screen
    for facing in ("n", "ne", "e", "se", "s", "sw", "w", "nw"):
        m = new_match(None)
        try:
            m.submit(Place("Goblin", (7, 5), facing))
        except Exception:  # a layout has six of the eight compass names
            continue
        for zoom in range(0, 8):
            ctx, ws, s = make_ctx(m, zoom_index=zoom), overlays.widgets(), screen()
            point_at(ctx, (7, 5))
            draw_frame(s, ctx, ws)
            yield facing, zoom, next(w for w in ws if isinstance(w, FacingArcs)).label_rects


def test_facing_arc_labels_never_overlap_one_another() -> None:
    """On giants_lair a goblin's "right −2" and "rear −4" ran together ("right −2rear −4"): for every facing and
    zoom the labels around a hovered combatant stand apart."""
    for facing, zoom, rects in goblin_arc_labels():
        assert len(rects) == 4
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (facing, zoom, a, b)


def test_an_archer_s_turn_has_a_shoot_button_that_lights_in_shoot_mode(tmp_path: Path) -> None:
    """Shoot mode (R) had no button on the action bar and nothing lit while in it; a combatant with no bow
    gets no Shoot button."""
    from game.ui.hud import action_buttons

    ambush = Path(__file__).resolve().parents[1] / "maps" / "ambush.tmx"
    scene, screen = open_battle(tmp_path, ambush, humans=EVERYONE, setup=False)
    frame(scene, screen)
    to_turn(scene, "Pell")  # a shortbow (docs/map-format.md: ranged)
    assert scene.match.encounter.view("Pell").ranged is not None
    bar = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}
    assert bar["mode:shoot"].label == "Shoot" and "mode:cast" not in bar
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar["mode:shoot"].rect.center, button=1))
    assert scene.ctx.action_mode == "shoot"
    bar = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}
    assert bar["mode:shoot"].active and not bar["mode:attack"].active
    to_turn(scene, "Sir Corin")  # a blade, no bow
    assert "mode:shoot" not in {cmd for _, cmd in action_buttons(scene.ctx, True, False)}


def test_a_percent_sign_never_starts_a_wrapped_line() -> None:
    """The title's blurb broke "46.5 | % of 200 games": a sign with no number reads as a stray mark."""
    from game.ui import theme
    from game.ui.chrome import wrap

    pygame.font.init()
    text = ("Playtested AI vs AI at normal: the party wins 46.5 % of 200 games (95 % interval 39.5-53.5 %), "
            "the garrison 53.5 %.")
    for width in range(120, 700, 7):
        for lines in (wrap(text, 19, width), theme.wrap(text, width)):
            assert all(not ln.startswith("%") for ln in lines), (width, lines)
            assert " ".join(lines) == text  # nothing lost or reordered


def test_the_help_box_keeps_its_place_and_size_on_every_page() -> None:
    """Its width changed from page to page, so the box jumped as you read it."""
    from game.ui.battle import BATTLE_HELP
    from game.ui.help import HelpScene

    pygame.font.init()
    screen = pygame.Surface((1280, 720))
    help_scene = HelpScene("Ambush at Miller's Ford", pages=BATTLE_HELP)
    boxes = []
    for _ in BATTLE_HELP:
        help_scene.draw(screen, 1.0)
        boxes.append(help_scene.box)
        help_scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    assert len(BATTLE_HELP) > 1 and len(set(map(tuple, boxes))) == 1
    assert screen.get_rect().contains(boxes[0])


def test_an_ai_turn_in_gm_mode_says_it_waits_not_that_it_is_acting(tmp_path: Path) -> None:
    """Found playing giants_lair with --setup: G, then Begin; "Goblin 1 (AI (normal)) is acting..." stood for
    ten seconds and more while the AI waited for the GM to leave GM mode."""
    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally"), setup=True)
    frame(scene, screen)
    key(scene, pygame.K_g)
    assert scene.ctx.gm
    key(scene, pygame.K_RETURN)  # Begin battle
    frame(scene, screen, 30)
    enc = scene.match.encounter
    assert enc.phase == "active" and scene.match.is_ai_turn()
    first = enc.turn
    assert scene.ctx.status == f"{first}'s turn (normal AI) waits while GM mode is on: act for it, or press G " \
                               "to let it play"
    key(scene, pygame.K_g)  # GM mode off: the AI plays
    for _ in range(600):
        frame(scene, screen)
        if enc.turn != first:
            break
    assert enc.turn != first


def test_the_turn_s_hint_names_the_hexes_as_they_are_drawn(tmp_path: Path) -> None:
    """The status line said "click a blue hex to move" over pale reach shading (on ship_boarding the blue is
    the water)."""
    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    frame(scene, screen)
    to_turn(scene, "Mira")
    click(scene, scene.match.encounter.view("Mira").cell)  # her own token: the turn's hint
    assert scene.ctx.status.startswith("Mira: click a shaded hex to move, an enemy to attack")


def test_moving_a_large_creature_outlines_every_hex_it_would_stand_on(tmp_path: Path) -> None:
    """Moving Bjorn (large) or the Cave Troll outlined only the centre hex of where it would end (R26)."""
    from game.ui.overlays import PathPreview

    giants = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"
    scene, screen = open_battle(tmp_path, giants, humans=EVERYONE, setup=False)
    frame(scene, screen)
    enc = scene.match.encounter
    big = next(v.name for v in enc.views() if v.radius > 0 and v.faction in ("player", "ally"))
    to_turn(scene, big)
    me = enc.view(big)
    target = next(c for c, cost, _ in enc.reach_for(big).destinations() if cost >= 2)
    hover(scene, target)
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, PathPreview))
    assert preview.path and preview.path[-1] == target
    assert sorted(preview.footprint) == sorted((c[0], c[1]) for c in enc.layout.disc(target, me.radius))
    assert len(preview.footprint) == 7 if me.radius == 1 else len(preview.footprint) > 7


def test_the_combat_log_grows_with_its_lines_from_one_line_to_its_full_height(tmp_path: Path) -> None:
    """An empty log ("nothing has happened yet") took a 188 px panel over the map; it takes one line's room and
    grows, bottom edge fixed, as the battle fills it, up to its first turn's three lines (test_ui_log_bounded);
    pointed at, up to its full height."""
    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    frame(scene, screen)
    full = log.frame(th.area(screen, scene.ctx))
    empty = pygame.Rect(log._frame)
    assert len(log.entries) <= 2 and empty.height < full.height / 2 and empty.bottom == full.bottom  # combat begins
    log.entries.extend([("Mira hits the Goblin", "hit")] * 3)
    frame(scene, screen)
    assert empty.height < log._frame.height < full.height and log._frame.bottom == full.bottom
    log.entries.extend([("Mira hits the Goblin", "hit")] * 30)
    frame(scene, screen)
    rest = pygame.Rect(log._frame)
    assert empty.height < rest.height < full.height and rest.bottom == full.bottom  # no taller than three lines
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(rest.centerx, rest.bottom - 10), rel=(0, 0),
                                          buttons=(0, 0, 0)))
    frame(scene, screen)
    assert log._frame == full  # pointed at: all it has room for


def test_facing_arc_labels_read_in_full_over_neighbours_and_the_name_tag(tmp_path: Path) -> None:
    """giants_lair, hovering Sigrun beside Wynn: "left −2" lay under Wynn's hp bar and "rear −4" under Sigrun's
    own name tag. Every label clear of the panels now shows every one of its opaque pixels, and the tag sits
    elsewhere."""
    from game.ui.overlays import FacingArcs
    from tests.ui_harness import ROOT

    scene, screen = open_battle(tmp_path, ROOT / "maps" / "giants_lair.tmx", humans=EVERYONE, setup=False)
    frame(scene, screen, 5)
    hover(scene, scene.match.encounter.view("Sigrun").cell)
    frame(scene, screen, 2)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    assert arcs.shown == "Sigrun" and len(arcs.label_rects) == 4
    tag = scene.view.name_tag
    assert tag is not None and not any(tag.colliderect(r) for r in arcs.label_rects)
    covers = scene.panel_covers()
    checked = 0
    for (surf, _), rect in zip(arcs._labels, arcs.label_rects, strict=True):
        if any(c.colliderect(rect) for c in covers):
            continue
        for x in range(surf.get_width()):
            for y in range(surf.get_height()):
                c = surf.get_at((x, y))
                if c.a == 255:
                    assert screen.get_at((rect.x + x, rect.y + y))[:3] == tuple(c)[:3], (rect, x, y)
        checked += 1
    assert checked >= 2


def test_shoot_mode_lasts_through_a_step_into_range_and_ends_with_the_turn(tmp_path: Path) -> None:
    """R, then a click on an empty hex to step up: the mode quietly went back to attack, and the click on the
    enemy that followed was a melee attack "out of reach" (fortress_assault, Fenn). A step or a turn keeps the
    mode; the next combatant starts in attack mode."""
    ambush = Path(__file__).resolve().parents[1] / "maps" / "ambush.tmx"
    scene, screen = open_battle(tmp_path, ambush, humans=EVERYONE, setup=False)
    frame(scene, screen)
    to_turn(scene, "Pell")
    frame(scene, screen)
    key(scene, pygame.K_r)
    assert scene.ctx.action_mode == "shoot"
    enc = scene.match.encounter
    start = enc.view("Pell").cell
    step = next(c for c, _cost, stops in enc.reach_for("Pell").destinations()
                if enc.layout.distance(start, c) == 1 and not stops)
    click(scene, step)
    frame(scene, screen, 60)
    assert enc.view("Pell").cell == step  # it stepped...
    assert scene.ctx.action_mode == "shoot"  # ...and is still ready to shoot
    to_turn(scene, "Sir Corin")
    frame(scene, screen)
    assert scene.ctx.action_mode == "attack"


def test_an_attack_tooltip_steps_past_the_name_tag_wider_than_its_hex(tmp_path: Path) -> None:
    """fortress_assault, Fenn at 5,7 pointing at Archer 1: the tip sat flush against the hex and covered the left
    end of "Archer 1  8/8" (the tag is wider than the hex). It now steps past the tag and the arc labels, and
    stays beside them."""
    from game.rules import Move
    from game.ui.panels.tooltips import Tooltips
    from tests.ui_harness import ROOT

    scene, screen = open_battle(tmp_path, ROOT / "maps" / "fortress_assault.tmx", humans=EVERYONE, setup=False)
    frame(scene, screen, 3)
    to_turn(scene, "Fenn")
    scene.submit(Move("Fenn", (5, 7)))
    scene.anim.skip(scene.tokens)
    frame(scene, screen, 2)
    for mode in (None, pygame.K_r):  # the attack preview, then the shot's
        if mode is not None:
            key(scene, mode)
        hover(scene, scene.match.encounter.view("Archer 1").cell)
        frame(scene, screen, 2)
        tag = scene.view.name_tag
        drawn = next(w for w in scene.widgets if isinstance(w, Tooltips)).drawn
        assert tag is not None and len(drawn) == 1
        tip, anchor = drawn[0]
        assert not tip.colliderect(tag), (tip, tag)
        around = [*scene.ctx.keep_clear, tag]  # the arc labels and the tag
        assert tip.collidelist(around) < 0, (tip, around)
        assert not tip.colliderect(anchor)
        assert min(max(tip.left - r.right, r.left - tip.right, tip.top - r.bottom, r.top - tip.bottom)
                   for r in [anchor, *around]) <= 8  # beside the hex or just past what is drawn around it


def test_the_name_tag_keeps_out_from_under_the_panels(tmp_path: Path) -> None:
    """fortress_assault at 1280x720, Captain Vessa's turn, pointing at Sergeant Hale: his tag went to the right
    (a token above him) and ran under the initiative tracker. With the panels hidden (P) their old places
    cover nothing."""
    from tests.ui_harness import ROOT

    scene, screen = open_battle(tmp_path, ROOT / "maps" / "fortress_assault.tmx", humans=EVERYONE, setup=False)
    frame(scene, screen, 3)
    for name in ("Sergeant Hale", "Gate Warden", "Castellan Mord", "Archer 1"):
        hover(scene, scene.match.encounter.view(name).cell)
        frame(scene, screen, 2)
        tag = scene.view.name_tag
        assert tag is not None and scene.ctx.view_rect.contains(tag)
        assert tag.collidelist(scene.panel_covers()) < 0, (name, tag)
    key(scene, pygame.K_p)
    frame(scene, screen)
    bar = [b.rect for b, _ in scene.view.buttons]
    assert sorted(map(tuple, scene.panel_covers())) == sorted(map(tuple, bar))


def test_the_flee_button_is_lit_only_where_fleeing_is_allowed(tmp_path: Path) -> None:
    """Found playing the Black Gull: Flee stayed lit after Tobin had attacked (Undo was greyed, as it should be),
    and only a click said "Cannot flee". It is lit only on an exit hex with the action unused (R24); a click
    on it greyed still gives the reason, as F does."""
    from game.maps.tmxwrite import write_map
    from game.rules import Attack, EndTurn
    from game.ui.hud import action_buttons

    units = [{"name": "Runner", "at": (0, 1), "faction": "player", "initiative": 9},
             {"name": "Stayer", "at": (3, 1), "faction": "player", "initiative": 8},
             {"name": "Orc", "at": (1, 1), "faction": "enemy", "initiative": 1, "hp": 40}]
    path = write_map(tmp_path / "exit.tmx", ["x.....", "x.....", "x....."], units=units, title="Exit")
    scene, screen = open_battle(tmp_path, path, humans=("player",), setup=False)
    to_turn(scene, "Runner")  # on an exit hex (column 0), action unused
    frame(scene, screen)
    flee = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}["flee"]
    assert flee.enabled
    scene.submit(Attack("Runner", "Orc"))  # the action used: no flight this turn (R24)
    frame(scene, screen)
    flee = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}["flee"]
    assert not flee.enabled
    scene.submit(EndTurn())
    to_turn(scene, "Stayer")  # not on an exit
    frame(scene, screen)
    flee = {cmd: b for b, cmd in action_buttons(scene.ctx, True, False)}["flee"]
    assert not flee.enabled
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=flee.rect.center, button=1))
    assert "Cannot flee" in scene.ctx.status and "not on an exit hex" in scene.ctx.status
    assert scene.match.encounter.view("Stayer").status == "active"


def test_a_refused_blow_says_when_no_step_would_help_and_drops_the_odds_once_the_action_is_spent(
        tmp_path: Path) -> None:
    """Found on the Black Gull: Marla pointing at Sahuagin 1 read "out of reach: distance 2", though every hex
    beside it was water or blocked, so no step would help; and after Tobin had attacked, "if it were allowed:
    hits on 10+ (55 %)" still told a roll he could no longer make.

    By hand: the Orc stands at 4,1 in a lake (odd rows shifted right: its six neighbours 3,1 5,1 4,0 5,0 4,2
    5,2 are all water), so no hex the Knight (ground, 6 movement, R5) can reach is beside it."""
    from game.maps.tmxwrite import write_map
    from game.rules import Attack

    units = [{"name": "Knight", "at": (0, 1), "faction": "player", "initiative": 9},
             {"name": "Squire", "at": (1, 3), "faction": "player", "initiative": 8},
             {"name": "Orc", "at": (4, 1), "faction": "enemy", "initiative": 1, "hp": 40},
             {"name": "Goblin", "at": (2, 3), "faction": "enemy", "initiative": 2, "hp": 40}]
    rows = ["...ww.", "...w.w", "...ww.", "......"]
    path = write_map(tmp_path / "lake.tmx", rows, units=units, title="Lake")
    scene, screen = open_battle(tmp_path, path, humans=("player",), setup=False)
    to_turn(scene, "Knight")
    enc = scene.match.encounter
    assert not any(enc.layout.distance(c, (4, 1)) == 1 for c, _, _ in enc.reach_for("Knight").destinations())
    frame(scene, screen)
    hover(scene, (4, 1))
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    said = [ln.text for ln in preview.lines or []]
    assert said == ["Cannot attack Orc this turn", "out of reach: distance 4, reach 1",
                    "6 movement left: no nearer than distance 2"]
    to_turn(scene, "Squire")
    scene.submit(Attack("Squire", "Goblin"))  # beside it: the action spent
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    hover(scene, (2, 3))
    frame(scene, screen)
    said = [ln.text for ln in preview.lines or []]
    assert "Squire has used their action this turn" in said  # calmly, no refusal (test_ui_mouse_play)
    assert not any("if it were allowed" in t or t.startswith(("nowhere", "not possible")) for t in said)


def test_a_refusal_on_the_status_line_gives_way_to_the_turn_s_hint(tmp_path: Path) -> None:
    """Found on the Black Gull: "Cannot move: Selkie may not enter ..." still stood on the status line while the
    player hovered a hex Selkie could reach, as if that were the refused hex. After five seconds a refusal
    gives way to the turn's hint; what happened last (a move, an attack) stays until replaced."""
    from game.ui.status_fade import REFUSAL_HOLD_S

    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    to_turn(scene, "Mira")
    frame(scene, screen)
    hint = scene.mapper.idle_status(False)
    click(scene, (10, 4))  # the ford's water: Mira walks, and ground may not enter water (R5)
    refused = scene.ctx.status
    assert refused.startswith("Cannot move: ") and "water" in refused
    scene.update(1 / 60)
    scene.update(REFUSAL_HOLD_S - 0.5)
    assert scene.ctx.status == refused  # still there to be read
    scene.update(1.0)
    assert scene.ctx.status == hint
    scene.ctx.status = "Mira moves to 4,5 (cost 1)"  # what happened stays
    for _ in range(3):
        scene.update(REFUSAL_HOLD_S)
    assert scene.ctx.status == "Mira moves to 4,5 (cost 1)"


def test_each_of_your_turns_starts_with_its_moves_shaded_not_last_turn_s_enemy_reach(tmp_path: Path) -> None:
    """Found on the Black Gull: V's enemy-reach counts, left on from Selkie's turn, met the next combatant's
    turn with its move shading hidden under them (one shading at a time), so no hex looked reachable."""
    from game.rules import EndTurn
    from game.ui.overlays import ReachShading

    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    to_turn(scene, "Mira")
    frame(scene, screen)
    key(scene, pygame.K_v)
    assert scene.ctx.show_enemy_reach
    first = scene.match.encounter.turn
    scene.submit(EndTurn())
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert scene.match.encounter.turn != first
    assert not scene.ctx.show_enemy_reach
    shading = next(w for w in scene.widgets if isinstance(w, ReachShading))
    assert shading.cache.surface is not None  # the new actor's reach is shaded


def test_a_small_window_s_attack_preview_leaves_out_the_roll_s_breakdown_until_i(tmp_path: Path) -> None:
    """Found at 800x560 on the Black Gull: Kestrel's attack preview, with the roll's breakdown, covered most
    of the board, her path and the target. In a small window the preview stops after the chance, arc and
    damage lines, as the card is short there; I shows both whole."""
    from game.rules import Place

    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=True, size=(800, 560))
    enc = scene.match.encounter
    mira = enc.view("Mira").cell
    goblin = enc.layout.neighbor(enc.layout.neighbor(mira, 0), 0)  # two hexes east: a step, then the blow
    assert scene.submit(Place("Goblin", goblin))
    to_turn(scene, "Mira")
    frame(scene, screen)
    hover(scene, goblin)
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    short = [ln.text for ln in preview.lines or []]
    assert short[0].startswith("Attack Goblin: ") and "% to hit" in short[0]
    assert "How the roll is worked out" not in short and "  so the d20 needs" not in short
    key(scene, pygame.K_i)
    hover(scene, goblin)
    frame(scene, screen)
    full = [ln.text for ln in preview.lines or []]
    assert "How the roll is worked out" in full and "  so the d20 needs" in full
    assert any(t.startswith("Hits on ") for t in full)  # the long form's rows, which the short one sums up


def test_floating_words_over_one_token_stack_instead_of_overlapping(tmp_path: Path) -> None:
    """Found on the Black Gull: the "6" of a killing blow sat on "defeated" over the fallen token, one
    unreadable blot. A later word that would overlap an earlier one goes a line up."""
    from game.render.style import font
    from game.ui.anim import FloatText
    from game.ui.battle_view import float_spots

    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    frame(scene, screen)
    here = scene.ctx.geometry.cell_center(scene.match.encounter.view("Mira").cell)
    scene.anim.fx[:] = [FloatText("-6", here, (255, 90, 70)), FloatText("defeated", here, (255, 90, 70)),
                        FloatText("miss", (here[0] + 400, here[1]), (200, 200, 200))]
    spots = float_spots(scene.ctx, scene.anim)
    (_, a), (_, b), (_, c) = spots
    line = font(28, True).size("-6")[1]  # as the words are drawn
    assert a[0] == b[0] and a[1] - b[1] >= line  # "defeated" a line above "-6", not on it
    far = scene.ctx.to_screen(here[0] + 400, here[1])
    assert abs(c[1] - (far[1] - 24)) <= 1  # a word elsewhere keeps its own place


def test_a_shove_no_step_could_allow_names_the_size_and_offers_no_odds(tmp_path: Path) -> None:
    """Found on giants_lair: Sigrun (standard) pointing at the Cave Troll (large) in shove mode read "not
    possible: Cave Troll is not adjacent ... if it were allowed: succeeds on 8+ (65 %) ... nowhere Sigrun can
    reach this turn to shove Cave Troll from", as if a step would do; the troll is too large for her (R22)."""
    from game.ui.context import SHOVE

    giants = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"
    scene, screen = open_battle(tmp_path, giants, humans=EVERYONE, setup=False)
    to_turn(scene, "Sigrun")
    frame(scene, screen)
    scene.ctx.action_mode = SHOVE
    hover(scene, scene.match.encounter.view("Cave Troll").cell)
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    said = " ".join(ln.text for ln in preview.lines or [])
    assert "Cave Troll (large) is larger than Sigrun (standard)" in said
    assert "if it were allowed" not in said and "nowhere" not in said and "not adjacent" not in said


def test_the_action_bar_coming_up_under_a_resting_pointer_ends_its_hex_tooltip(tmp_path: Path) -> None:
    """Found on giants_lair: the pointer rested where the action bar appears; during the AI's turn it pointed
    at the hex there, and when the player's turn began the bar came up under it with the hex's tooltip ("Wynn
    cannot move to 11,14 ...") still over the Flee button. The pointer now points at the button."""
    from game.rules import EndTurn

    giants = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"
    scene, screen = open_battle(tmp_path, giants, humans=("player", "ally"), setup=False)
    to_turn(scene, "Wynn")
    frame(scene, screen)
    cam = scene.ctx.camera  # zoomed in to 80 %, where the cave is taller than the view: the map runs under the bar
    cam.zoom_index = ZOOMS.index(0.8)
    cam.jump(*cam.picture_centre())
    frame(scene, screen)
    over_map = [b.rect.center for b, _ in scene.view.buttons if scene.ctx.cell_at(b.rect.center) is not None]
    assert over_map  # a button lies over a hex of the map: the case met
    flee = over_map[0]
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=flee, rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.ctx.hovered_cell is None  # over the bar: no hex
    scene.submit(EndTurn())  # an AI's turn: no bar, the pointer points at the map under it
    scene.view.buttons = []
    scene.ctx.hovered_cell = scene.ctx.cell_at(flee)
    assert scene.ctx.hovered_cell is not None
    for _ in range(600):  # the AI plays until a human's turn comes round again
        if scene.match.is_human_turn() and not scene.anim.busy and not scene.ai.thinking:
            break
        scene.update(1 / 60)
        scene.anim.skip(scene.tokens)
    frame(scene, screen, 2)
    assert scene.match.is_human_turn()
    assert scene.ctx.hovered_cell is None


def test_a_word_over_a_giant_starts_above_its_initials(tmp_path: Path) -> None:
    """Found on giants_lair: the fire's "-4 hazard" rose from Grundvald's centre, over his initials ("Gr-4
    hazard"). Over a large or giant token a word starts as high as its disc asks."""
    from game.ui.anim import FloatText
    from game.ui.battle_view import float_spots
    from game.ui.overlays.draw import token_disc

    giants = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"
    scene, screen = open_battle(tmp_path, giants, humans=EVERYONE, setup=False)
    frame(scene, screen)
    giant = scene.match.encounter.view("Grundvald")
    assert giant.radius == 2
    centre = scene.ctx.geometry.cell_center(giant.cell)
    scene.anim.fx[:] = [FloatText("-4 hazard", centre, (255, 170, 60))]
    ((_, (x, y)),) = float_spots(scene.ctx, scene.anim)
    (cx, cy), r = token_disc(scene.ctx, "Grundvald")
    assert abs(x - cx) <= 1 and y <= cy - 0.7 * r  # above the initials, which sit at the disc's centre


def test_enemy_reach_counts_only_hexes_the_viewpoint_could_stand_on(tmp_path: Path) -> None:
    """Found on giants_lair: with V on, the rock round the hall read "1 2 2 2" (11-14,0), as if standing there
    were dangerous, though no one may enter it (R5). The counts show only where the viewpoint could stand."""
    giants = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"
    scene, screen = open_battle(tmp_path, giants, humans=EVERYONE, setup=False)
    to_turn(scene, "Wynn")
    frame(scene, screen, 2)
    enc = scene.match.encounter
    counts = enc.enemy_reach_count(enc.view("Wynn").faction)
    board = enc.board
    kind = ["ground", "flying", "swimming"].index(enc.view("Wynn").movement_type)
    walled = [(c, r) for r, c in zip(*counts.nonzero(), strict=True) if board.cost[kind, r, c] < 1]
    open_ = [(c, r) for r, c in zip(*counts.nonzero(), strict=True) if board.cost[kind, r, c] >= 1]
    assert walled and open_  # the engine counts some hostiles' reach onto rock: the case met
    view = scene.ctx.view_rect

    def centre_pixels() -> dict[tuple[int, int], tuple[int, ...]]:
        out = {}
        for cell in walled + open_[:5]:
            x, y = (round(v) for v in scene.ctx.cell_to_screen(cell))
            if view.collidepoint(x, y) and not any(r.collidepoint(x, y) for r in scene.panel_covers()):
                out[cell] = tuple(screen.get_at((x, y)))
        return out

    before = centre_pixels()
    key(scene, pygame.K_v)
    frame(scene, screen, 30)  # counted and painted
    after = centre_pixels()
    assert any(after[c] != before[c] for c in open_[:5] if c in before)  # a count where Wynn could stand
    shown_walled = [c for c in walled if c in before]
    assert shown_walled and all(after[c] == before[c] for c in shown_walled)  # none on the rock


def test_facing_arc_labels_side_by_side_read_as_two() -> None:
    """Two arc labels on one line 4 px apart still read as one phrase ("right −2 rear −4" beside Goblin 3 on
    giants_lair, 1280x800): labels that share a line stand at least a wide word gap (12 px) apart."""
    side_by_side = 0
    for facing, zoom, rects in goblin_arc_labels():
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                if a.top < b.bottom and b.top < a.bottom:  # on one line
                    side_by_side += 1
                    gap = max(a.left, b.left) - min(a.right, b.right)
                    assert gap >= 12, (facing, zoom, a, b)
    assert side_by_side  # the case arises


def test_no_help_row_leaves_a_lone_word_on_a_line_of_its_own() -> None:
    """At 1024x640 the shove row's "(from another side: steps first)" wrapped with "first)" alone on the
    next line. A row too long for its column now wraps into lines of even length: no last line of one word
    under a long one, at any usual window width, on any page."""
    from game.ui.battle import BATTLE_HELP
    from game.ui.help import HelpScene

    pygame.font.init()
    wrapped = 0
    for w, h in ((800, 560), (1024, 640), (1100, 700), (1280, 720)):
        screen = pygame.Surface((w, h))
        help_scene = HelpScene("Ambush at Miller's Ford", pages=BATTLE_HELP)
        for _ in BATTLE_HELP:
            help_scene.draw(screen, 1.0)
            for key_text, lines in help_scene.laid:
                if len(lines) > 1:
                    wrapped += 1
                    last, before = lines[-1], lines[-2]
                    assert len(last.split()) > 1 or len(last) * 2 >= len(before), (w, key_text, lines)
            help_scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                                       scancode=0))
    assert wrapped > 0  # the narrow windows do wrap some rows: the check above was exercised

"""Found playing fortress_assault end to end with the mouse (review hD): each test drives the real battle scene."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Place
from game.ui.gm import GMTools
from game.ui.panels import CombatLog, InitiativeTracker
from game.ui.panels.initiative import heading
from tests.scene_harness import click, frame, key, open_battle, to_turn

FORTRESS = Path(__file__).resolve().parents[1] / "maps" / "fortress_assault.tmx"
EVERYONE = ("player", "ally", "enemy", "neutral")
CONTINUED = "   "  # how the log indents an entry's later lines


def press_at(scene, pos: tuple[int, int], mod: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Move to ``pos`` (a screen pixel) and left-click there, with modifiers ``mod`` held."""
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    old = pygame.key.get_mods()
    pygame.key.set_mods(mod)
    try:
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=mod))
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=mod))
    finally:
        pygame.key.set_mods(old)


def gm_card(scene) -> GMTools:  # type: ignore[no-untyped-def]
    return next(w for w in scene.widgets if isinstance(w, GMTools))


def gm_button(scene, k: object) -> pygame.Rect:  # type: ignore[no-untyped-def]
    return next(b.rect for b in gm_card(scene).buttons if b.key == k)


def tracker_row(scene, name: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    tracker = next(w for w in scene.widgets if isinstance(w, InitiativeTracker))
    return next(r.center for r, n in tracker._rows if n == name)


def remove_as_gm(scene, screen, name: str) -> None:  # type: ignore[no-untyped-def]
    """The GM's way: click the combatant's tracker row, then "Remove: defeated"."""
    press_at(scene, tracker_row(scene, name))
    frame(scene, screen)
    assert scene.ctx.selected == name
    press_at(scene, gm_button(scene, "defeated").center)
    scene.anim.skip(scene.tokens)
    frame(scene, screen)


def shown_lines(scene, screen) -> list[str]:  # type: ignore[no-untyped-def]
    """The combat log's lines as drawn, read back by recording what it writes on the screen."""
    from game.ui import theme

    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    drawn: list[str] = []
    real = theme.text

    def spy(surface, s, pos, **kw):  # type: ignore[no-untyped-def]
        drawn.append(s)
        return real(surface, s, pos, **kw)

    theme.text = spy  # type: ignore[assignment]
    try:
        log.draw(screen, scene.ctx)
    finally:
        theme.text = real  # type: ignore[assignment]
    return [s for s in drawn if s != "Combat log"]


def test_the_log_never_starts_with_the_tail_of_a_wrapped_entry(tmp_path: Path) -> None:
    """The combat log showed "14: hit, 5 damage" or "-2): rolled 10 +2 = 12 vs 9: hit, 1 damage" as its top line:
    the end of an entry whose start (who hit whom) had scrolled off. The box starts at an entry's first line."""
    scene, screen = open_battle(tmp_path, FORTRESS, humans=EVERYONE, setup=False)
    frame(scene, screen)
    key(scene, pygame.K_g)
    frame(scene, screen)
    # Long and short lines by turns ("GM takes Castellan Mord off the map, counted as defeated" wraps).
    for name in ("Castellan Mord", "Archer 1", "Sergeant Hale", "Pikeman 1", "Gate Warden", "Archer 2"):
        remove_as_gm(scene, screen, name)
        top = shown_lines(scene, screen)[0]
        assert not top.startswith(CONTINUED), (name, top)


def test_the_tracker_names_the_winners_as_the_log_does(tmp_path: Path) -> None:
    """With every enemy removed the tracker said "ally and player win" (the engine's sort) where the combat log
    and the summary say "player and ally"."""
    scene, screen = open_battle(tmp_path, FORTRESS, humans=EVERYONE, setup=False)
    frame(scene, screen)
    key(scene, pygame.K_g)
    frame(scene, screen)
    enc = scene.match.encounter
    for v in list(enc.views()):
        if v.faction == "enemy" and v.active:
            remove_as_gm(scene, screen, v.name)
    assert enc.phase == "ended"
    assert heading(enc) == ("Combat over", "player and ally win")


def test_clicking_a_friend_tells_the_key_that_selects_the_actor(tmp_path: Path) -> None:
    """A click on a friend whose turn it is not said "(Tab selects Captain Vessa)"; Tab hides the panels, Space
    selects the one to act."""
    scene, screen = open_battle(tmp_path, FORTRESS, humans=EVERYONE, setup=False)
    frame(scene, screen)
    to_turn(scene, "Captain Vessa")
    frame(scene, screen)
    click(scene, scene.match.encounter.view("Doran").cell)
    assert scene.ctx.selected == "Doran"
    assert "Space selects Captain Vessa" in scene.ctx.status
    key(scene, pygame.K_SPACE)
    assert scene.ctx.selected == "Captain Vessa"


def test_a_click_on_a_foe_with_a_friend_selected_does_not_strike_unseen(tmp_path: Path) -> None:
    """With a friend selected (clicked, or shift-clicked in GM mode) the actor's attack preview is not drawn, yet a
    click on an adjacent foe attacked at once: dice rolled on a blow the player never saw. The first click now
    selects the actor (its preview shows), the next attacks."""
    scene, screen = open_battle(tmp_path, FORTRESS, humans=EVERYONE, setup=True)
    enc = scene.match.encounter
    vessa = enc.view("Captain Vessa").cell
    beside = enc.layout.neighbor(vessa, 0)
    scene.submit(Place("Sergeant Hale", beside))
    to_turn(scene, "Captain Vessa")
    frame(scene, screen)
    click(scene, enc.view("Doran").cell)  # a friend, not the actor
    assert scene.ctx.selected == "Doran"
    frame(scene, screen)
    click(scene, beside)
    frame(scene, screen)
    assert not enc.acted, "the click attacked without a preview"
    assert scene.ctx.selected == "Captain Vessa"
    assert "click Sergeant Hale again to attack" in scene.ctx.status
    click(scene, beside)
    assert enc.acted


def test_the_add_combatant_form_hides_the_panels_under_it(tmp_path: Path) -> None:
    """The GM's Add form sits over the tracker and the combat log; drawn translucent, their rows read through
    its heading and fields. Drawn over white or over black, the form now looks the same."""
    scene, screen = open_battle(tmp_path, FORTRESS, humans=EVERYONE, setup=False)
    frame(scene, screen)
    key(scene, pygame.K_g)
    frame(scene, screen)
    press_at(scene, gm_button(scene, "join").center)
    frame(scene, screen)
    form = gm_card(scene).form
    assert form is not None
    inner = form.frame.inflate(-24, -24)  # clear of the rounded corners
    assert inner.colliderect(next(w for w in scene.widgets if isinstance(w, InitiativeTracker))._frame)
    looks = []
    for under in ((255, 255, 255), (0, 0, 0)):
        canvas = pygame.Surface(screen.get_size())
        canvas.fill(under)
        form.draw(canvas, scene.ctx.view_rect)
        looks.append(pygame.image.tobytes(canvas.subsurface(inner), "RGB"))
    assert looks[0] == looks[1], "what lies under the form shows through it"

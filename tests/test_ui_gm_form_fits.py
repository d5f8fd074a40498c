"""The GM's add-a-combatant form keeps its buttons inside it and on the screen, whatever the window's size and
however long the engine's reason for refusing the entry.

Found in a full mouse playthrough: at 1024x640 a reason four lines long, with no room above the form for it to
grow into, pushed the buttons down under the pointer (the hint had already stepped aside); at 640x400, the
smallest window, the form's twelve rows ran off the bottom of the screen with its buttons. The reason is now cut
to the lines there is room for (the last ending in "…"), and a form taller than the window scrolls its rows to
the focused field (Tab), its buttons staying in view.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.ui import theme as th
from game.ui.gm import GMTools
from game.ui.gm.form import shown_error
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT, typed

FORTRESS = ROOT / "maps" / "fortress_assault.tmx"
LONG_NAME = "Sir Reginald Bartholomew Fitzwilliam"


def press(scene, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        scene.handle_event(pygame.event.Event(kind, pos=pos, **extra))


@pytest.mark.parametrize("size", [(1024, 640), (800, 560)])
def test_a_long_reason_leaves_the_forms_buttons_where_they_were_inside_the_form_and_the_window(
        tmp_path: Path, size: tuple[int, int]) -> None:
    scene, screen = open_battle(tmp_path, FORTRESS, humans=("player", "ally", "enemy"), setup=False, size=size)
    frame(scene, screen, 2)
    key(scene, pygame.K_g)
    frame(scene, screen, 2)
    tools = next(w for w in scene.widgets if isinstance(w, GMTools))
    card = tools.cover  # the pointer onto the GM card: a short card shows all its buttons (panel.shows_full)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(card.x + 4, card.y + 4), rel=(0, 0),
                                          buttons=(0, 0, 0)))
    frame(scene, screen)
    join = next(b for b in tools.buttons if b.key == "join")
    press(scene, join.rect.center)
    frame(scene, screen)
    form = tools.form
    assert form is not None
    window = screen.get_rect()
    calm = {k: pygame.Rect(r) for k, r in form.buttons.items()}
    for r in calm.values():
        assert window.contains(r) and form.frame.contains(r)
    for ev in typed(LONG_NAME):  # the name field has the focus
        scene.handle_event(ev)
    keys = [f.key for f in form.fields]
    for _ in range(keys.index("damage")):  # Tab down to the damage, scrolled into view where the window is short
        key(scene, pygame.K_TAB)
    for _ in form.field("damage").value:
        key(scene, pygame.K_BACKSPACE)
    for ev in typed("a great deal with the big axe"):  # not dice: the engine quotes it, and the name
        scene.handle_event(ev)
    for _ in range(len(keys) - 1 - keys.index("damage")):  # on to the last field, the hex
        key(scene, pygame.K_TAB)
    for ev in typed("2,2"):
        scene.handle_event(ev)
    frame(scene, screen)
    at = form.rects[-1]
    assert window.contains(at) and form.frame.contains(at)  # the field typed in is in view
    press(scene, calm["ok"].center)
    frame(scene, screen)
    assert tools.form is form and form.error
    assert len(th.wrap(shown_error(form.error), form.frame.width - 2 * th.PAD - 10, th.SMALL)) >= 3
    assert form.buttons == calm  # nothing moved under the pointer
    assert window.contains(form.frame)
    for r in form.buttons.values():
        assert form.frame.contains(r)
    key(scene, pygame.K_ESCAPE)
    assert tools.form is None

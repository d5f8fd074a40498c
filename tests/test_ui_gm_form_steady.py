"""The GM's add-a-combatant form stays where it is when its error line comes and goes, so a second click on Add
lands on Add. Found at 960x600: a click on Add with the name empty brought up "The new combatant needs a name", the
form (centred on the map area) grew by that line and shifted about 10 px, and the Add button moved out from under
the pointer. The form keeps one line's room for the error; a longer reason grows the form upward, above its fields,
so the buttons still stay put."""

from __future__ import annotations

import pygame

from tests.test_ui_gm import fill, gm, gm_table, open_gm_form
from tests.ui_harness import click, frame, key, send, skirmish


def test_the_add_button_stays_under_the_pointer_when_the_error_shows(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    form = open_gm_form(ctx, ws, s, "join")
    add, fields = form.buttons["ok"].copy(), [r.copy() for r in form.rects]
    fill(ctx, ws, form, "at", "7,2")
    frame(s, ctx, ws)
    assert not form.field("name").value  # the name empty: Add is refused, with a one-line reason
    reply = send(ctx, ws, click(add.center))
    frame(s, ctx, ws)
    assert form.error and gm(ws).form is form
    assert form.buttons["ok"] == add and form.rects == fields  # nothing moved under the pointer
    fill(ctx, ws, form, "name", "Bandit")  # the reason goes as the entry is fixed: still nothing moves
    frame(s, ctx, ws)
    assert form.error is None and form.buttons["ok"] == add and form.rects == fields
    fill(ctx, ws, form, "at", "")  # no hex: a reason two lines long, the form grows upward by the second
    send(ctx, ws, click(add.center))
    frame(s, ctx, ws)
    assert form.error and form.buttons["ok"] == add
    fill(ctx, ws, form, "at", "7,5")  # the goblin stands there (R15): the engine's reason
    send(ctx, ws, key(pygame.K_RETURN))
    frame(s, ctx, ws)
    assert form.error and form.buttons["ok"] == add
    fill(ctx, ws, form, "at", "7,2")
    reply = send(ctx, ws, click(add.center))  # the same spot as the first click: Add, and Bandit joins
    assert reply is not None and reply.action is not None

"""The GM's edit form (setup) labels its two hit-point fields as the card reads "Hit points 6 / 14": "Hit points
now" (the 6) and "Hit points unhurt" (the 14), and each edits what it says. Found: one field labelled "Hit points"
showed the unhurt 14 but set the hit points now, so a wounded combatant's 14 typed as 12 left it at 12 / 14.

The map format's rule holds (hp never above hp_max): a lowered unhurt value brings "now" down with it, an unhurt
combatant stays unhurt when its unhurt value changes, and "now" above "unhurt" is refused in the form's words."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.rules import Edit  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.panels.card import card_lines  # noqa: E402
from tests.test_ui_gm import fill, gm, gm_table, log_lines, open_gm_form  # noqa: E402
from tests.ui_harness import drawn_by, key, new_match, send, submit  # noqa: E402


def _wounded(tmp_path):
    """The default map in setup, Mira edited to start wounded: 6 of 14."""
    m = new_match(tmp_path)
    m.submit(Edit.of("Mira", {"hp": 6, "hp_max": 14}))
    return m


def _hp(m, name: str) -> tuple[int, int]:
    v = m.encounter.view(name)
    return v.hp, v.hp_max


def _edit(ctx, ws, s, field: str, value: str) -> None:
    """The GM's edit form opened on the selected combatant, ``field`` set to ``value``, and Enter pressed."""
    form = open_gm_form(ctx, ws, s, "edit")
    fill(ctx, ws, form, field, value)
    submit(ctx, send(ctx, ws, key(pygame.K_RETURN)))


def test_the_form_shows_now_and_unhurt_as_the_card_does(tmp_path, monkeypatch) -> None:
    m = _wounded(tmp_path)
    enc = m.encounter
    assert [ln.right for ln in card_lines(enc.view("Mira"), enc) if ln.text == "Hit points"] == ["6 / 14"]
    ctx, ws, s = gm_table(m, selected="Mira")
    form = open_gm_form(ctx, ws, s, "edit")
    drawn = drawn_by(theme, monkeypatch)
    form.draw(s, ctx.view_rect)
    rows = {}
    for box in form.rects:  # each field's label is drawn just left of its box, level with it
        label = [t for t, r in drawn if box.x - 150 <= r.x and r.right <= box.x and abs(r.centery - box.centery) <= 2]
        value = [t for t, r in drawn if box.contains(r)]
        rows[tuple(label)] = value
    assert rows[("Hit points now",)] == ["6"] and rows[("Hit points unhurt",)] == ["14"], rows


def test_now_edits_the_hit_points_now_and_keeps_the_unhurt_value(tmp_path) -> None:
    m = _wounded(tmp_path)
    ctx, ws, s = gm_table(m, selected="Mira")
    _edit(ctx, ws, s, "hp", "9")
    assert _hp(m, "Mira") == (9, 14)
    assert log_lines(tmp_path / "fight.jsonl")[-1]["set"] == {"hp": 9, "hp_max": 14}


def test_unhurt_edits_the_unhurt_value_and_now_stays_below_it(tmp_path) -> None:
    m = _wounded(tmp_path)
    ctx, ws, s = gm_table(m, selected="Mira")
    _edit(ctx, ws, s, "hp_max", "20")  # raised: still 6 now
    assert _hp(m, "Mira") == (6, 20)
    _edit(ctx, ws, s, "hp_max", "4")  # below the 6 now: now comes down to 4, unhurt
    assert _hp(m, "Mira") == (4, 4)
    assert log_lines(tmp_path / "fight.jsonl")[-1]["set"] == {"hp": 4, "hp_max": 4}


def test_an_unhurt_combatant_stays_unhurt_when_its_unhurt_value_changes(tmp_path) -> None:
    m = new_match(tmp_path)
    before = _hp(m, "Troll")
    assert before[0] == before[1]  # the map's Troll starts unhurt
    ctx, ws, s = gm_table(m, selected="Troll")
    _edit(ctx, ws, s, "hp_max", str(before[1] - 5))
    assert _hp(m, "Troll") == (before[1] - 5, before[1] - 5)


def test_now_above_unhurt_is_refused_in_the_form_s_words(tmp_path) -> None:
    m = _wounded(tmp_path)
    ctx, ws, s = gm_table(m, selected="Mira")
    form = open_gm_form(ctx, ws, s, "edit")
    fill(ctx, ws, form, "hp", "16")
    send(ctx, ws, key(pygame.K_RETURN))
    assert gm(ws).form is form  # stays open to fix the entry
    assert form.error == "Hit points now (16) cannot be more than hit points unhurt (14): raise hit points unhurt too"
    assert _hp(m, "Mira") == (6, 14)


def test_the_combat_log_names_the_edit_in_the_forms_words_and_the_log_file_keeps_its_keys(tmp_path) -> None:
    # Found: the form's "Hit points now 9" came back in the combat log as "GM edits Mira: hp 9, hp_max 14".
    from game.ui.panels.combat_log import CombatLog

    m = _wounded(tmp_path)
    ctx, ws, s = gm_table(m, selected="Mira")
    _edit(ctx, ws, s, "hp", "9")
    log = next(w for w in ws if isinstance(w, CombatLog))
    log.sync(ctx)
    assert log.entries[-1][0] == "GM edits Mira: hit points now 9, hit points unhurt 14"
    assert log_lines(tmp_path / "fight.jsonl")[-1] == {"action": "edit", "unit": "Mira", "set": {"hp": 9, "hp_max": 14}}

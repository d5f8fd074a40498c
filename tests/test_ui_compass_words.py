"""The window spells out a side (R2) wherever it shows one: "Mira turns to face south-west" in the combat log,
"Facing north-east" on the card, the GM's facing choice and push buttons in words. The log, the CLI and the
action tokens keep the short names ("sw"): they are the adjudication format.

Found: the log said "Mira turns to face sw" and the card "Facing ne", the log's tokens where a player reads."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.rules import Begin, Face  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.panels import CombatLog  # noqa: E402
from game.ui.panels.card import card_lines  # noqa: E402
from tests.test_ui_gm import gm, gm_table, open_gm_form  # noqa: E402
from tests.ui_harness import ROOT, click, drawn_by, make_ctx, new_match, screen, send, skirmish  # noqa: E402

FLAT = ROOT / "maps" / "fortress_assault.tmx"  # staggeraxis x: flat-top, sides n ne se s sw nw


def test_the_combat_log_spells_out_a_turn_and_the_log_file_keeps_the_token(tmp_path) -> None:
    m = skirmish(tmp_path)  # Mira to act, facing as the map placed her
    m.submit(Face("Mira", "sw"))
    log = CombatLog()
    log.draw(screen(), make_ctx(m))
    texts = [t for t, _ in log.entries]
    assert "Mira turns to face south-west" in texts, texts
    assert not [t for t in texts if t.endswith(" sw")]
    last = json.loads((tmp_path / "fight.jsonl").read_text().splitlines()[-1])
    assert last == {"action": "face", "unit": "Mira", "dir": "sw"}  # the adjudication format, unchanged


def test_the_card_names_the_side_faced_on_both_layouts(tmp_path) -> None:
    m = skirmish(tmp_path)  # pointy-top: e ne nw w sw se
    m.submit(Face("Mira", "ne"))
    enc = m.encounter
    facing = [ln.right for ln in card_lines(enc.view("Mira"), enc) if ln.text == "Facing"]
    assert facing == ["north-east"]
    flat = new_match(None, FLAT)  # flat-top: "n" and "s" are sides here, "e" and "w" are not
    flat.submit(Begin())
    enc = flat.encounter
    who = enc.turn
    flat.submit(Face(who, "n"))
    assert [ln.right for ln in card_lines(enc.view(who), enc) if ln.text == "Facing"] == ["north"]
    flat.submit(Face(who, "sw"))
    assert [ln.right for ln in card_lines(enc.view(who), enc) if ln.text == "Facing"] == ["south-west"]


def test_the_gm_facing_field_shows_words_and_stores_the_token(tmp_path, monkeypatch) -> None:
    """The edit form's facing choice reads "‹ west ›" for the Troll (facing w); a click steps to the next side,
    shown "‹ south-west ›", and the edit it sends carries "sw"."""
    m = new_match(tmp_path)
    ctx, ws, s = gm_table(m, selected="Troll")
    form = open_gm_form(ctx, ws, s, "edit")
    drawn = drawn_by(theme, monkeypatch)
    i = [f.key for f in form.fields].index("facing")
    send(ctx, ws, click(form.rects[i].center))
    drawn.clear()
    form.draw(s, ctx.view_rect)
    inside = [t for t, r in drawn if form.rects[i].contains(r)]
    assert inside == ["‹ south-west ›"], inside
    assert form.field("facing").value == "sw"
    from tests.ui_harness import key, submit

    submit(ctx, send(ctx, ws, key(pygame.K_RETURN)))
    last = json.loads((tmp_path / "fight.jsonl").read_text().splitlines()[-1])
    assert last == {"action": "edit", "unit": "Troll", "set": {"facing": "sw"}}
    assert gm(ws).form is None


def test_the_gm_push_buttons_are_a_compass_of_words(tmp_path) -> None:
    """Pointy-top: north-west north-east / west east / south-west south-east, each label whole in its button."""
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")
    pushes = sorted((b for b in gm(ws).buttons if isinstance(b.key, tuple) and b.key[0] == "push"),
                    key=lambda b: (b.rect.y, b.rect.x))
    assert [b.label for b in pushes] == ["north-west", "north-east", "west", "east", "south-west", "south-east"]
    assert [b.key[1] for b in pushes] == ["nw", "ne", "w", "e", "sw", "se"]  # the push's token: the log's
    assert len({b.rect.y for b in pushes}) == 3
    assert all(theme.text_width(b.label, theme.SMALL) <= b.rect.width - 8 for b in pushes)  # never cut "north-w…"


def test_the_gm_push_buttons_on_a_flat_top_map(tmp_path) -> None:
    m = new_match(tmp_path, FLAT)
    m.submit(Begin())
    ctx, ws, s = gm_table(m, selected=m.encounter.turn)
    pushes = sorted((b for b in gm(ws).buttons if isinstance(b.key, tuple) and b.key[0] == "push"),
                    key=lambda b: (b.rect.y, b.rect.x))
    assert [b.label for b in pushes] == ["north-west", "north", "north-east", "south-west", "south", "south-east"]
    assert all(theme.text_width(b.label, theme.SMALL) <= b.rect.width - 8 for b in pushes)

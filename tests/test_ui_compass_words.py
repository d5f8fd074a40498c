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


def _pushes(ws):
    return sorted((b for b in gm(ws).buttons if isinstance(b.key, tuple) and b.key[0] == "push"),
                  key=lambda b: b.rect.x)


def test_the_gm_push_buttons_are_arrows_and_pointing_at_one_says_its_side(tmp_path, monkeypatch) -> None:
    """Pointy-top: one row of six arrows, east first and counter-clockwise (R2), no token written on them; the
    tip of the one pointed at says the side in words."""
    from game.ui.gm import panel
    from tests.ui_harness import frame, motion

    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")
    pushes = _pushes(ws)
    assert [b.key[1] for b in pushes] == ["e", "ne", "nw", "w", "sw", "se"]  # the push's token: the log's
    assert [b.arrow for b in pushes] == [0, 60, 120, 180, 240, 300]  # east, north-east, ... on screen
    assert len({b.rect.y for b in pushes}) == 1  # one row, as before: the card no taller
    drawn = drawn_by(theme, monkeypatch)
    send(ctx, ws, motion(pushes[4].rect.center))
    frame(s, ctx, ws)
    assert not [t for t, r in drawn if any(b.rect.contains(r) for b in pushes)]  # arrows, not "sw"
    # Its head capitalised, as every other tip's ("push Wynn 1 hex south-west" stood out on giants_lair).
    assert any(t.startswith("Push Goblin 1 hex south-west") for t, _ in drawn), [t for t, _ in drawn][-8:]
    assert not any(t.startswith("push ") for t, _ in drawn)
    assert panel.side_angle(m.encounter.layout.direction_names, "sw") == 240


def test_the_gm_push_arrows_on_a_flat_top_map(tmp_path) -> None:
    m = new_match(tmp_path, FLAT)
    m.submit(Begin())
    ctx, ws, s = gm_table(m, selected=m.encounter.turn)
    assert [(b.key[1], b.arrow) for b in _pushes(ws)] == [("ne", 30), ("n", 90), ("nw", 150), ("sw", 210),
                                                           ("s", 270), ("se", 330)]


def test_a_push_in_the_log_and_the_status_line_names_the_side_it_went(tmp_path) -> None:
    """Found on giants_lair: the shove preview said "pushed east to 7,10" and the GM's tip "pushed north-west into
    the chasm", then the log said only "Goblin 1 is pushed to 7,10". The log and the status line now name the
    side as the preview did; the log file keeps the action's token. The Goblin stands on 7,5 (pointy-top): one hex
    east keeps the row, 8,5."""
    from game.rules import Push
    from game.ui.narration import status_line

    m = skirmish(tmp_path)
    applied = m.submit(Push("Goblin", "e", 1))
    assert status_line(applied, m.encounter) == "Goblin is pushed east to 8,5"
    log = CombatLog()
    log.draw(screen(), make_ctx(m))
    assert "GM: Goblin is pushed east to 8,5" in [t for t, _ in log.entries]
    last = json.loads((tmp_path / "fight.jsonl").read_text().splitlines()[-1])
    assert last == {"action": "push", "unit": "Goblin", "dir": "e", "distance": 1}


def test_a_push_on_a_flat_top_map_names_north_or_south(tmp_path) -> None:
    """Flat-top: a push straight up the screen is "north" (the column keeps, the row goes one up)."""
    from game.rules import Push
    from game.ui.narration import status_line

    m = new_match(tmp_path, FLAT)
    m.submit(Begin())
    who = m.encounter.turn
    col, row = m.encounter.view(who).cell
    applied = m.submit(Push(who, "n", 1))
    assert status_line(applied, m.encounter) == f"{who} is pushed north to {col},{row - 1}"


def test_a_gm_edit_in_the_log_never_breaks_hit_points_across_rows() -> None:
    """Found at 960x600: the log wrapped "GM edits Lysa: facing north-west, hit points now 6, hit" / "points
    unhurt 14". The row is made exactly wide enough for everything up to that "hit": it now goes down with its
    "points"."""
    text = "GM edits Lysa: facing north-west, hit points now 6, hit points unhurt 14"
    width = theme.text_width("GM edits Lysa: facing north-west, hit points now 6, hit", theme.SMALL)
    rows = theme.wrap(text, width, theme.SMALL)
    assert rows == ["GM edits Lysa: facing north-west, hit points now 6,", "hit points unhurt 14"], rows
    log = CombatLog()
    log.entries.append((text, "warn"))
    assert [t for t, _ in log.wrapped(width)][0] == "GM edits Lysa: facing north-west, hit points now 6,"

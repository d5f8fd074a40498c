"""A GM's form: a few fields, checked by the engine's own parser and ``check``, answering with one action.

Text fields take typing (Backspace deletes, Tab / Shift-Tab or a click moves
between fields); choice fields cycle with a click, Left/Right or Space. A
field marked ``pick`` takes a hex: a click on the map (outside the form) fills
it in, so nobody types coordinates. Enter (or the OK button) builds the
action; when the engine would refuse it, its one-line reason shows under the
form and the form stays open to fix the entry. Esc cancels. A form never
changes the encounter: it hands the action back for the battle scene to submit.

:func:`join_form` adds a combatant (R15); :func:`edit_form` changes one: in
setup every map-format property (an ``edit``, as if the map had said so), in
combat its hit points (``set_hp``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.render.pg import pygame
from game.rules import side_words

from .. import theme as th
from ..narration_words import PROPERTY_LABELS  # the combat log names an edit's properties by these labels too

INT_KEYS = ("move", "hp", "hp_max", "attack", "defense", "reach", "reach_min", "initiative", "ranged_attack",
            "area_range", "area_radius", "area_attack", "area_push", "area_uses")
ROW = 30
COLUMN_W = 305  # two columns and the GM card still leave the far third of a 1280 px map in view
LABEL_W = 140
ROWS_PER_COLUMN = 12


@dataclass
class Field:
    key: str
    label: str
    value: str
    choices: tuple[str, ...] = ()
    pick: bool = False  # a hex: a click on the map fills it in
    # A choice as the form shows it, where the stored value is a token: the facing "sw" reads "south-west" (R2).
    words: Callable[[str], str] = str

    @property
    def shown(self) -> str:
        return self.words(self.value)

    def cycle(self, step: int = 1) -> None:
        if self.choices:
            i = self.choices.index(self.value) if self.value in self.choices else -1
            self.value = self.choices[(i + step) % len(self.choices)]


Build = Callable[["Form"], Any]  # the form -> an action, or a str saying what is wrong


class Form:
    def __init__(self, title: str, fields: list[Field], build: Build, ok: str, hint: str = "",
                 dock: str = "right") -> None:
        self.title = title
        self.dock = dock  # "right" of the map area (the map stays clickable to its left), or "left" beside the GM card
        self.fields = fields
        self.build = build
        self.ok_label = ok
        self.hint = hint
        self.focus = 0
        self.all_selected = False  # Ctrl+A: the focused field's text is selected; typing replaces it
        self.error: str | None = None
        self.rects: list[pygame.Rect] = []
        self.buttons: dict[str, pygame.Rect] = {}
        self.frame = pygame.Rect(0, 0, 0, 0)
        self.first_row = 0  # the first field row shown, where the window has no room for them all

    def _scroll_to_focus(self, per: int, rows: int) -> None:
        """Keep the focused field's row among the ``rows`` shown of ``per``."""
        row = self.focus % per
        self.first_row = max(0, min(self.first_row, row, per - rows))
        if row >= self.first_row + rows:
            self.first_row = row - rows + 1

    def field(self, key: str) -> Field:
        return next(f for f in self.fields if f.key == key)

    def submit(self) -> Any | None:
        """The action when it is well formed and the engine accepts it; else None with :attr:`error` set."""
        out = self.build(self)
        if isinstance(out, str):
            self.error = out
            return None
        self.error = None
        return out

    # --- input -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, cell_at: Callable[[tuple[int, int]], Any] | None = None) -> Any:
        """None: keep the form open; "cancel": close it; an action: submit and close."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            f = self.fields[self.focus]
            if not f.choices and event.text.isprintable():
                f.value = event.text if self.all_selected else f.value + event.text
                self.all_selected = False
                self.error = None
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.get("ok", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                return self.submit()
            if self.buttons.get("cancel", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                return "cancel"
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.focus, self.all_selected = i, False
                    self.fields[i].cycle()
                    return None
            picking = next((f for f in self.fields if f.pick), None)
            if picking is not None and not self.frame.collidepoint(event.pos) and cell_at is not None:
                cell = cell_at(event.pos)
                if cell is not None:  # the map under the pointer: that hex
                    picking.value = f"{cell[0]},{cell[1]}"
                    self.error = None
        return None

    def _key(self, event: pygame.event.Event) -> Any:
        f = self.fields[self.focus]
        if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and not f.choices:
            self.all_selected = True  # as in any text box (found: Ctrl+A then "230" for "30" appended to "24")
            return None
        selected, self.all_selected = self.all_selected, False
        if event.key == pygame.K_ESCAPE:
            return "cancel"
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.submit()
        if event.key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(self.fields)
        elif event.key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.fields)
        elif event.key == pygame.K_DOWN:
            self.focus = (self.focus + 1) % len(self.fields)
        elif f.choices and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            f.cycle(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key == pygame.K_BACKSPACE and not f.choices:
            f.value = "" if selected else f.value[:-1]
            self.error = None
        elif event.key in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LMETA,
                           pygame.K_RMETA):
            self.all_selected = selected  # a modifier pressed alone keeps the selection
        return None

    # --- drawing -----------------------------------------------------------------
    def draw(self, screen: pygame.Surface, area: pygame.Rect, beside: pygame.Rect | None = None) -> None:
        """Docked at the right of ``area`` (the map area: the map to its left stays in view for picking), or, for
        a form docked left, just right of ``beside`` (the GM card)."""
        columns = 1 if len(self.fields) <= ROWS_PER_COLUMN else 2
        per = -(-len(self.fields) // columns)
        width = COLUMN_W * columns + 2 * th.PAD
        text_w = width - 2 * th.PAD - 10
        reason = th.wrap(shown_error(self.error), text_w, th.SMALL) if self.error else []
        hint_lines = th.wrap(self.hint, text_w, th.SMALL) if self.hint else []
        lo, hi = area.y + 8, area.bottom - 8

        def height(hints: int, errors: int, rows: int) -> int:
            return 44 + 20 * hints + ROW * rows + 12 + 20 * max(1, errors) + 44

        # The field rows there is room for: all of them but in the smallest windows, where the join form's twelve
        # rows (360 px) outgrew a 640x400 window's map area (334 px) and its buttons were drawn off the screen;
        # there the rows scroll to keep the focused field in view (Tab, Up, Down).
        rows = min(per, max(1, (hi - lo - height(0, 1, 0)) // ROW))
        self._scroll_to_focus(per, rows)
        # One error line's room is kept whether or not there is an error: the form, centred, grew by that line when
        # a refused Add put it up, and the Add button slid out from under the pointer (found at 960x600). The form
        # is placed as if without an error, its bottom (the buttons) inside the map area, and stays there: a longer
        # reason grows it upward; where there is no room above, the hint steps aside for the reason while it
        # shows, and a reason longer still is cut to the lines there is room for, the last ending in "…" (at
        # 1024x640 a four-line reason pushed the buttons down off the form's bottom).
        calm = height(len(hint_lines), 0, rows)
        top = max(lo, area.centery - calm // 2) if self.dock == "right" else lo
        bottom = min(top + calm, hi)
        if height(len(hint_lines), len(reason), rows) > bottom - lo:
            hint_lines = []
        err_lines = cut_lines(reason, max(1, (bottom - lo - height(0, 1, rows)) // 20 + 1), text_w)
        h = height(len(hint_lines), len(err_lines), rows)
        x0 = area.right - width - 8 if self.dock == "right" or beside is None else beside.right + 8
        self.frame = pygame.Rect(x0, max(lo, bottom - h), width, h)
        th.draw_frame(screen, self.frame, edge=th.ACCENT, opaque=True)  # it sits over the tracker and the log
        x, y = self.frame.x + th.PAD + 6, self.frame.y + 10
        keys = "Tab next · Enter OK · Esc cancel"
        room = width - 2 * th.PAD - 12 - th.text_width(keys, th.SMALL) - 16
        th.text(screen, th.fit(self.title, max(room, width - 2 * th.PAD - 12), th.HEAD, True), (x, y), size=th.HEAD,
                bold=True)
        hidden = sum(not self.first_row <= i % per < self.first_row + rows for i in range(len(self.fields)))
        if hidden:  # rows scrolled out of a short window's form: how many, and how to reach them
            th.text(screen, f"{hidden} more (Tab)", (self.frame.right - th.PAD - 6, y + 4), size=th.SMALL,
                    colour=th.WARN, anchor="topright")
        elif room >= th.text_width(self.title, th.HEAD, True):  # a narrow form: the buttons say Enter and Esc
            th.text(screen, keys, (self.frame.right - th.PAD - 6, y + 4), size=th.SMALL, colour=th.MUTED,
                    anchor="topright")
        y += 34
        for line in hint_lines:
            th.text(screen, line, (x, y), size=th.SMALL, colour=th.MUTED)
            y += 20
        self.rects = []
        for i, f in enumerate(self.fields):
            col, row = divmod(i, per)
            row -= self.first_row
            if not 0 <= row < rows:
                self.rects.append(pygame.Rect(0, 0, 0, 0))  # scrolled out of the form: nothing to click
                continue
            fx, fy = self.frame.x + th.PAD + col * COLUMN_W, y + row * ROW
            th.text(screen, th.fit(f.label, LABEL_W - 8, th.SMALL), (fx + 6, fy + ROW // 2), size=th.SMALL,
                    colour=th.MUTED, anchor="midleft")
            box = pygame.Rect(fx + LABEL_W, fy + 2, COLUMN_W - LABEL_W - 10, ROW - 4)
            self.rects.append(box)
            focused = i == self.focus
            pygame.draw.rect(screen, (40, 43, 54) if not focused else (54, 58, 74), box, border_radius=5)
            pygame.draw.rect(screen, th.ACCENT if focused else (82, 86, 100), box, 1, border_radius=5)
            shown = f"‹ {f.shown} ›" if f.choices else f.value + ("|" if focused else "")
            if f.pick and not f.value:
                shown = "click the map" if not focused else "|  (or click the map)"
            if focused and self.all_selected and f.value:  # the selected text, highlighted as a text box does
                sel = pygame.Rect(box.x + 6, box.y + 4, min(box.width - 12, th.text_width(f.value) + 4), box.height - 8)
                pygame.draw.rect(screen, (70, 96, 150), sel, border_radius=3)
                shown = f.value
            th.text(screen, th.fit(shown, box.width - 12), (box.x + 8, box.centery), colour=th.TEXT, anchor="midleft")
        y += ROW * rows + 6
        for line in err_lines:
            th.text(screen, line, (x, y), size=th.SMALL, colour=th.BAD)
            y += 20
        y += 6 + (20 if not err_lines else 0)  # the error line's room, kept empty
        ok = pygame.Rect(self.frame.right - th.PAD - 6 - 130, y, 130, 30)
        cancel = pygame.Rect(ok.x - 140, y, 130, 30)
        self.buttons = {"ok": ok, "cancel": cancel}
        for key, r, label in (("ok", ok, f"{self.ok_label} (Enter)"), ("cancel", cancel, "Cancel (Esc)")):
            pygame.draw.rect(screen, (70, 62, 30) if key == "ok" else (44, 47, 58), r, border_radius=6)
            pygame.draw.rect(screen, th.ACCENT if key == "ok" else (96, 100, 116), r, 1, border_radius=6)
            th.text(screen, label, r.center, size=th.SMALL, colour=th.TEXT, anchor="center")


def cut_lines(lines: list[str], most: int, width: int) -> list[str]:
    """``lines`` (wrapped to ``width`` px), at most ``most`` of them, the last cut with an ellipsis where some are
    left out: the reason's start is what says what is wrong."""
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    kept[-1] = th.fit(kept[-1] + " " + lines[most], width - th.text_width(" …", th.SMALL), th.SMALL)
    if not kept[-1].endswith("…"):
        kept[-1] += " …"
    return kept


def shown_error(error: str) -> str:
    """The form's error as a sentence: the engine's reason without its "join:" prefix (the form's title says what
    is tried), names unquoted, a capital first, as the status line writes every line."""
    from ..narration import reason_words

    words = reason_words(error)
    return words[:1].upper() + words[1:]


def _number(s: str) -> int | str:
    try:
        return int(s.strip())
    except ValueError:
        return s  # left as typed: the engine's parser names what is wrong with it


def _checked(action: Any, enc: Any) -> Any:
    """``action`` once the log's own parser (as for a log line) and the engine's ``check`` accept it, else why not."""
    from game.rules import ActionParseError, parse_action

    try:
        action = parse_action(action.to_json(), enc.layout)
    except ActionParseError as exc:
        return str(exc)
    return enc.check(action) or action


# What to type, where the label alone does not say it: the form's own hint, not words the combat log repeats.
_FORMATS = {"move": "hexes", "ranged": "MIN-MAX"}


def _label(key: str) -> str:
    """The field's label: the property's name as the combat log says it, and what to type where that helps."""
    return PROPERTY_LABELS[key] + (f" ({_FORMATS[key]})" if key in _FORMATS else "")


# --- adding a combatant (R15) -------------------------------------------------------------------------
def join_fields(at: tuple[int, int] | None, faction: str = "enemy") -> list[Field]:
    return [
        Field("name", "Name", ""),
        Field("faction", _label("faction"), faction, ("player", "ally", "enemy", "neutral")),
        Field("movement_type", _label("movement_type"), "ground", ("ground", "flying", "swimming")),
        Field("size", _label("size"), "standard", ("standard", "large", "giant")),
        Field("move", _label("move"), "6"),
        Field("hp", "Hit points", "10"),  # a newcomer's hp is both now and unhurt: one number, no "now"
        Field("attack", _label("attack"), "0"),
        Field("defense", _label("defense"), "10"),
        Field("damage", _label("damage"), "1d6"),
        Field("reach", _label("reach"), "1"),
        Field("initiative", _label("initiative"), "0"),
        Field("at", "At hex (col,row)", f"{at[0]},{at[1]}" if at else "", pick=True),
    ]


def join_form(enc: Any, at: tuple[int, int] | None = None, faction: str = "enemy") -> Form:
    def build(form: Form) -> Any:
        from game.rules import Join

        raw = form.field("at").value.replace(" ", "")
        parts = raw.split(",")
        if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
            return "click the hex where it joins (or type col,row, for example 4,7)"
        if not form.field("name").value.strip():
            return "the new combatant needs a name"
        props: dict[str, Any] = {f.key: _number(f.value) if f.key in INT_KEYS else f.value.strip()
                                 for f in form.fields if f.key != "at"}
        return _checked(Join.of(props, (int(parts[0]), int(parts[1]))), enc)

    return Form("Add a combatant", join_fields(at, faction), build, "Add",
                "Click the map to choose the hex; the engine checks the rest as a join line of the log.")


# --- changing one -------------------------------------------------------------------------------------
def edit_fields(v: Any, layout: Any) -> list[Field]:
    """Every map-format property of ``v`` (a CombatantView) as it stands, blank where it has none."""
    r, a = v.ranged, v.area
    return [
        Field("faction", _label("faction"), v.faction, ("player", "ally", "enemy", "neutral")),
        Field("movement_type", _label("movement_type"), v.movement_type, ("ground", "flying", "swimming")),
        Field("size", _label("size"), v.size, ("standard", "large", "giant")),
        Field("facing", _label("facing"), v.facing, tuple(layout.direction_names), words=side_words),
        Field("threatening", _label("threatening"), "true" if v.threatening else "false", ("true", "false")),
        # The card's "Hit points 6 / 14" as two fields: the first number, then the second (map format hp, hp_max).
        Field("hp", _label("hp"), str(v.hp)),
        Field("hp_max", _label("hp_max"), str(v.hp_max)),
        Field("move", _label("move"), str(v.movement_max)),
        Field("initiative", _label("initiative"), str(v.initiative)),
        Field("attack", _label("attack"), str(v.attack)),
        Field("defense", _label("defense"), str(v.defense)),
        Field("damage", _label("damage"), v.damage),
        Field("reach", _label("reach"), str(v.reach)),
        Field("reach_min", _label("reach_min"), str(v.reach_min)),
        Field("skills", _label("skills"), ", ".join(f"{k}:{n}" for k, n in v.skills)),
        Field("ranged", _label("ranged"), f"{r.min_range}-{r.max_range}" if r else ""),
        Field("ranged_attack", _label("ranged_attack"), str(r.attack) if r else ""),
        Field("ranged_damage", _label("ranged_damage"), r.damage if r else ""),
        Field("area_range", _label("area_range"), str(a.range) if a else ""),
        Field("area_radius", _label("area_radius"), str(a.radius) if a else ""),
        Field("area_attack", _label("area_attack"), str(a.attack) if a else ""),
        Field("area_damage", _label("area_damage"), a.damage if a else ""),
        Field("area_push", _label("area_push"), str(a.push) if a else ""),
        Field("area_uses", _label("area_uses"), str(a.uses) if a else ""),
    ]


def _edited_value(f: Field) -> Any:
    text = f.value.strip()
    if not text:
        return None  # blank: back to the map format's default (no bow, no area ability)
    if f.key == "threatening":
        return text == "true"
    return _number(text) if f.key in INT_KEYS else text


def edit_form(enc: Any, name: str) -> Form:
    """Setup: every property, submitted as one ``edit`` of what changed. In combat: its hit points (``set_hp``)."""
    from game.rules import SETUP, Edit, SetHp

    v = enc.view(name)
    if enc.phase != SETUP:
        def set_hp(form: Form) -> Any:
            value = _number(form.field("hp").value)
            if not isinstance(value, int):
                return f'hit points "{form.field("hp").value}" is not a whole number'
            return _checked(SetHp(name, value), enc)

        return Form(f"{name}: hit points", [Field("hp", _label("hp"), str(v.hp))], set_hp, "Set",
                    f"{v.hp} of {v.hp_max} now; 0 or less defeats (R21). Its other properties change in setup.",
                    dock="left")
    fields = edit_fields(v, enc.layout)
    before = {f.key: f.value for f in fields}

    def edit(form: Form) -> Any:
        changes = {f.key: _edited_value(f) for f in form.fields if f.value != before[f.key]}
        if not changes:
            return "nothing changed"
        hp = _hit_points(changes, v.hp, v.hp_max)
        if isinstance(hp, str):
            return hp
        return _checked(Edit.of(name, {**changes, **hp}), enc)

    return Form(f"Edit {name}", fields, edit, "Apply",
                "As if the map said so: only what you change is set; a blank field is the map format's default.")


def _hit_points(changes: dict[str, Any], hp: int, hp_max: int) -> dict[str, Any] | str:
    """The hit points an edit sets, so that each field changes what its label says, or why it cannot.

    The map format's rule holds (hp never above hp_max; the loader refuses it), and "hp" alone means unhurt at
    that many, so a lowered "now" also names the unhurt value it stays below. A lowered "unhurt" brings "now"
    down with it when it was above; a combatant that was unhurt stays unhurt when its unhurt value is raised
    or lowered (RULES.md, the GM's edit form). Anything not a whole number is the engine's to name."""
    new_hp, new_max = changes.get("hp", hp), changes.get("hp_max", hp_max)
    if "hp" not in changes and "hp_max" not in changes:
        return {}
    if not isinstance(new_hp, int) or not isinstance(new_max, int) or isinstance(new_hp, bool):
        return {}
    if "hp" not in changes and (hp == hp_max or hp > new_max):
        new_hp = new_max
    if new_hp > new_max:
        return (f"Hit points now ({new_hp}) cannot be more than hit points unhurt ({new_max}): raise hit points "
                "unhurt too")
    out: dict[str, Any] = {"hp": new_hp}
    if "hp_max" in changes or new_hp != new_max:
        out["hp_max"] = new_max
    return out


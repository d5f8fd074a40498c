"""GM mode (a toggle, G): the GM's card, each button one action submitted to the match.

The GM acts for any faction at any time (the command mapper lets the GM's
clicks drive whoever is to act when ``ctx.gm`` is on). In GM mode this card
takes the combatant card's place at the left edge, as narrow as it, so it
never covers the action bar or the tokens the opening view kept clear of the
card. It acts on the selected combatant (in combat shift+click a token, since a
plain click on a hostile is the actor's attack; or click a tracker row), else
on whoever is to act:

- hit points: -5 / -1 / +1 / +5 (``set_hp``: damage or healing) and Edit...:
  in setup every map-format property (``edit``), in combat the hit points;
- in combat: +1 / +3 movement, threatening, push 1-3 hexes in a direction
  (pointing at a direction shows where the token would land, or what stops
  it: :mod:`game.ui.gm.push_preview`), remove as defeated or fled;
- in setup: drag a token to place it;
- for the battle: add a combatant (a form; its hex is a click on the map),
  save the setup as a Tiled map, undo the last action, begin or end combat
  (End combat asks first: Yes ends it, No nothing).

In a small window (:mod:`game.ui.compact`), or in a large one while its full
size would cover a combatant's token, the GM card goes short as the
combatant card does: its head and the hit-point row, every tool while the
pointer is on it (it grows downward, so nothing moves under the pointer), or
always after I. A form being filled in, or a token being dragged, keeps it whole. Where even the whole card
would not fit the map area (640x400), its tools are laid out tight (:meth:`GMTools.tight`), none left out.

Buttons answer with a ``Reply`` carrying the action (the scene submits it
through the match, so it lands in the log, and shows the engine's reason when
it is refused) or a command the scene carries out (undo, save the setup).
"""

from __future__ import annotations

from typing import Any

from game.render.pg import pygame
from game.render.style import hp_colour
from game.render.tokens import disc_scale
from game.rules import Begin, EndTurn, PushPreview, side_words

from .. import theme as th
from ..compact import card_full
from ..context import BattleContext, Reply
from ..narration import action_line, nothing_to_fight, reason_words
from .buttons import Button, ButtonRow, greyed_at, hit
from .form import Form, edit_form, join_form
from .push_preview import draw_push, draw_push_tip

TOGGLE_KEY = pygame.K_g
ROW = 32
TIGHT_ROW = 30  # the tight card's rows (below): its buttons keep their 26 px, only the gaps between them narrow
HP_STEPS = (-5, -1, 1, 5)
MORE_HINT = "hover or I: every GM tool"  # the short card's last line (the combatant card's says the same)
# End combat asks first, as Foundry VTT does: a GM clicked it by mistake while the short card grew under the
# pointer, and the battle was over. The detail says what the engine does: the fight ends with no winner among
# the sides still at war (only one at war with nobody stands as a winner), the summary follows, and the GM's
# undo cannot take it back (it takes back corrections, not the end).
END_ASK = ("End the combat now?", "No side still fighting wins; the summary follows. There is no undo.")


def undo_refusal(ctx: BattleContext) -> str | None:
    """None when Undo may take the last action back, else why not, in the words its hover and its click show.

    The match decides (``Match.can_undo``): the GM's last correction whoever's turn it is, or the acting
    combatant's moves and turns while no die was rolled this turn. The action bar says the match's reason alone;
    a GM reaches for this button after any action (found: greyed after an AI's attack, it said nothing), so it
    names the action that stands in the way."""
    can_undo = getattr(ctx.match, "can_undo", None)  # a Match; the replay's stand-in has no undo
    if can_undo is None:
        return "Cannot undo in a replay: it shows the battle as it was played"
    why = can_undo()
    if why is None:
        return None
    enc = ctx.encounter
    if not enc.history:
        return "Nothing to undo yet: no action has been taken"
    who = f"{enc.turn}'s" if enc.turn else "the acting combatant's"
    if "only the last" in why:  # the match keeps a bounded undo: its own words say how many
        return f"Cannot undo: {why.removeprefix('undo: ')}"
    takes = f"undo takes back a GM correction, or {who} moves and turns before any roll"
    last = enc.history[-1]
    if isinstance(last, Begin):
        return "Nothing to undo yet: nothing has happened since combat began"
    if enc.dice_rolled_this_turn():
        return f"Cannot undo: dice were rolled in {who} turn ({takes})"
    if isinstance(last, EndTurn):  # the usual case after an AI's turn: its moves are behind a turn's end now
        return f"Cannot undo: the last turn is over ({takes})"
    return f"Cannot undo: the last action ({action_line(last)}) is neither a GM correction nor {who} move or turn"


def gm_target(ctx: BattleContext) -> str | None:
    """The combatant the GM buttons act on: the selected one, else whoever is to act."""
    enc = ctx.encounter
    name = ctx.selected or enc.turn
    if name is None:
        return None
    return name if enc.view(name).active else None


def _occupied(enc: Any, cell: tuple[int, int]) -> bool:
    """Someone in the battle stands on ``cell`` (a large or giant combatant on any hex of its footprint)."""
    return any(tuple(cell) in {tuple(c) for c in enc.footprint(v.name)} for v in enc.views() if v.active)


# The push buttons, one to a side (R2), each an arrow pointing the way it pushes: six words ("north-west") do not
# fit one row of the card, and rows of them made the card taller, so the push tip level with its button covered
# the party's tokens on the ambush's road. The word is the button's label: the tip pointing at it says it
# ("Push Orc 1 hex north-east"), as a greyed button's reason would.
def side_angle(sides: tuple[str, ...], side: str) -> float:
    """Degrees counter-clockwise from east on screen: R2's sides run counter-clockwise, 60 degrees apart, from
    east on a pointy-top map ("e ne nw w sw se") and from north-east on a flat-top one ("ne n nw sw s se")."""
    return 60.0 * sides.index(side) + (0.0 if sides[0] == "e" else 30.0)


class GMTools:
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect
        self.form: Form | None = None
        self.push_distance = 1
        self.buttons: list[Button] = []
        self.hovered: Any = None
        self.dragging: str | None = None  # setup: the token being dragged to a new hex
        self._frame = pygame.Rect(0, 0, 0, 0)
        self.last_cell: tuple[int, int] | None = None
        self._drop_key: object = None
        self._drop_reason: str | None = None
        self._hp_label = pygame.Rect(0, 0, 0, 0)
        self._gaps: list[int] = []
        self.drop_tip = pygame.Rect(0, 0, 0, 0)  # where the dragged token's landing tooltip was last drawn
        self.full = True  # as last drawn: every tool, or the short card of a small window
        self.tightened = False  # as last drawn: every tool in the tight rows of a window too low for the usual ones
        self._push_key: object = None  # the push direction aimed at, and the engine's preview of it
        self._push: PushPreview | None = None
        self.push_tip: pygame.Rect | None = None  # the aimed push's tooltip, as last drawn
        self.greyed_tip: pygame.Rect | None = None  # why the greyed button under the pointer is greyed, as drawn

    # --- actions ------------------------------------------------------------------
    def _action(self, key: Any, ctx: BattleContext) -> Any:
        from game.rules import EndCombat, GrantMovement, Push, Remove, SetHp, SetThreatening

        enc = ctx.encounter
        name = gm_target(ctx)
        if key == "begin":
            return Begin()
        if key == "end":
            return EndCombat()
        if name is None:
            return None
        if key == "grant1":
            return GrantMovement(name, 1)
        if key == "grant3":
            return GrantMovement(name, 3)
        if key == "threat":
            return SetThreatening(name, not enc.view(name).threatening)
        if key in ("defeated", "fled"):
            return Remove(name, key)
        if isinstance(key, tuple) and key[0] == "push":
            return Push(name, key[1], self.push_distance)
        if isinstance(key, tuple) and key[0] == "hp":
            return SetHp(name, max(enc.view(name).hp, 0) + key[1])
        return None

    def _reply(self, action: Any, ctx: BattleContext) -> Reply:
        """The action for the scene to submit: the engine says why if it refuses (no check first)."""
        if action is None:
            return Reply(status="Select a combatant first (click its token or its tracker row)")
        return Reply(action=action, status=None)

    # --- input ---------------------------------------------------------------------
    @property
    def cover(self) -> pygame.Rect:
        """The screen rectangle this panel took when last drawn (empty when hidden): the opening view keeps
        tokens out from under it."""
        return self._frame

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        """An open form takes every event; else G toggles GM mode and, in GM mode, the card takes the mouse."""
        if self.form is not None:
            return self._form_event(event, ctx)
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY and not event.mod & pygame.KMOD_CTRL:
            return self._toggle(ctx)
        if not ctx.gm:
            return None
        if event.type == pygame.MOUSEMOTION:
            return self._pointer_moved(event, ctx)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._left_press(event, ctx)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            return self._drop(event, ctx)
        return None

    def _toggle(self, ctx: BattleContext) -> Reply:
        """G: GM mode on or off; off, the actor is selected again so its previews come back."""
        ctx.gm = not ctx.gm
        self.dragging = None
        turn = ctx.encounter.turn
        if not ctx.gm and turn is not None:
            # The GM's shift-click chose whom the GM card acts on; out of GM mode the actor's moves and
            # attack previews are back (found: Odo's turn showed none, a click on an enemy only reselected him).
            ctx.selected = turn
        return Reply(status="GM mode: you act for every side; the GM card is on the left (G leaves)"
                     if ctx.gm else "GM mode off")

    def _pointer_moved(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        """The hovered button lights up; a pointer over the card is the card's (the map shows no hover)."""
        th.claim_hover(ctx, self._frame, event)
        b = hit(self.buttons, event.pos)
        self.hovered = b.key if b else None
        return Reply() if self._frame.collidepoint(event.pos) else None

    def _left_press(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        """A left press: a card button, a greyed button's why, a click swallowed by the card, or on the map a
        token picked up (setup) or chosen for the card (shift-click)."""
        b = hit(self.buttons, event.pos)
        if b is not None:
            return self._click(b.key, ctx)
        greyed = greyed_at(self.buttons, event.pos)
        if greyed is not None:  # as the action bar's greyed buttons do: the click says why, nothing else
            return Reply(status=greyed.why or None)
        if self._frame.collidepoint(event.pos):
            return Reply()
        if ctx.encounter.phase == "setup" and ctx.hovered_unit is not None:
            self.dragging = ctx.hovered_unit  # setup: pick the token up
            ctx.selected = ctx.hovered_unit
            return Reply(status=f"Placing {self.dragging}: drop it on a hex")
        if ctx.hovered_unit is not None and pygame.key.get_mods() & pygame.KMOD_SHIFT:
            # In combat a plain click on a hostile is the acting combatant's attack, so the card's
            # choice of a token is a shift-click (or a click on its tracker row), Foundry's select.
            ctx.selected = ctx.hovered_unit
            return Reply(status=f"{ctx.selected} selected: the GM card acts on it")
        return None

    def _drop(self, event: pygame.event.Event, ctx: BattleContext) -> Reply:
        """Setup: the token picked up is placed on the hex it is let go over (back where it was: only selected)."""
        from game.rules import Place

        assert self.dragging is not None
        name, self.dragging = self.dragging, None
        cell = ctx.cell_at(event.pos)
        if cell is None or tuple(cell) == tuple(ctx.encounter.view(name).cell):
            return Reply(status=f"{name} selected: the GM card acts on it")
        return self._reply(Place(name, (cell[0], cell[1])), ctx)

    def _click(self, key: Any, ctx: BattleContext) -> Reply:
        if key == "join":
            # The last hex pointed at on the map: not the hex under the pointer now, which is under this card
            # (found: "At hex" filled with 1,3, under the card's own button, outlined on top of the card).
            at = self.last_cell
            # ...and only a free one: the hex last pointed at was often the token just shift-clicked to pick it
            # for the card, and "At hex" came filled with a hex the engine refuses (Harrow Keep: Grum's 3,1).
            if at is not None and _occupied(ctx.encounter, at):
                at = None
            self.form = join_form(ctx.encounter, at)
            ctx.modal = True
            pygame.key.start_text_input()
            return Reply(status="Add a combatant: fill in the form, click the map for its hex")
        if key == "edit":
            name = gm_target(ctx)
            if name is None:
                return self._reply(None, ctx)
            self.form = edit_form(ctx.encounter, name)
            ctx.modal = True
            pygame.key.start_text_input()
            # The form goes on the other side of the map from the combatant it edits, which stays in view: the
            # wide setup form, and in combat the hit points form too (docked left beside the card, it hid Grum at
            # 3,1 on Harrow Keep while the GM set his hit points).
            x, _ = ctx.cell_to_screen(ctx.encounter.view(name).cell)
            self.form.dock = "left" if x > ctx.view_rect.centerx else "right"
            if ctx.encounter.phase == "setup":
                return Reply(status=f"Edit {name}: change what you want, Enter applies")
            return Reply(status=f"{name}'s hit points: type the number, Enter sets them")
        if key == "dist":
            self.push_distance = self.push_distance % 3 + 1
            return Reply(status=f"Push distance: {self.push_distance} hex{'es' if self.push_distance > 1 else ''}")
        if key in ("undo", "save"):
            return Reply(command=key)
        if key == "end":
            return Reply(action=self._action(key, ctx), ask=END_ASK)
        return self._reply(self._action(key, ctx), ctx)

    def _form_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        assert self.form is not None
        if event.type == pygame.MOUSEMOTION:
            # The form is modal: the map shows no preview under it (found: name tags and arc labels drawn under
            # the edit form); a form that picks a hex keeps the hex under the pointer, off the form, for that.
            picking = any(f.pick for f in self.form.fields)
            if not picking or self.form.frame.collidepoint(event.pos):
                ctx.hovered_cell = None
            ctx.hovered_unit = None
            return Reply()
        out = self.form.handle_event(event, ctx.cell_at)
        if out is None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.form.error:
                # The engine's reason without its "join:" prefix: the form's title says what is tried.
                return Reply(status=f"Not yet: {reason_words(self.form.error)}")
            return Reply()  # the form is modal: nothing reaches the map while it is open
        self.form = None
        ctx.modal = False
        pygame.key.stop_text_input()
        if out == "cancel":
            return Reply(status="Nothing changed")
        return Reply(action=out, status=None)

    # --- drawing ---------------------------------------------------------------------
    def shows_full(self, ctx: BattleContext, area: pygame.Rect) -> bool:
        """Every tool: a fixed card, a large window, the player's I, a form or a drag under way, or the pointer
        on the card (on the whole card it opened, so it stays open while the pointer goes down it)."""
        if self.rect is not None or self.form is not None or self.dragging is not None:
            return True
        if self._frame.collidepoint(ctx.mouse):
            return True
        if ctx.card_full is None and card_full(ctx, area):
            # A large window shows every tool, unless they would hide a combatant: in combat the full card is
            # some 400 px tall, and on Miller's Ford it covered Mira whole (the opening view keeps tokens clear
            # of the short card only). Then it stays short, the hit points at a glance, until the pointer comes.
            return not self._hides_a_token(ctx, area)
        return card_full(ctx, area)

    def _hides_a_token(self, ctx: BattleContext, area: pygame.Rect) -> bool:
        """Whether the full card, drawn now, would cover part of a combatant's token."""
        tight = self.tight(ctx, area)
        full = pygame.Rect(area.x + 8, area.y + 8, th.CARD_WIDTH,
                           self._height(ctx, self._rows(ctx, True, tight), tight))
        return any(full.colliderect(ctx.token_rect(v.name)) for v in ctx.encounter.views()
                   if v.active and v.cell is not None)

    def tight(self, ctx: BattleContext, area: pygame.Rect) -> bool:
        """Whether the full card is laid out tight: only when its usual layout would not fit the map area.

        In combat the usual card is 410 px tall; a 640x400 window's map area is 334, so End combat was off the
        window. The tight card keeps every tool but puts some side by side (Set hit points and Threatens; the
        moves and the push distance; Undo and End combat), drops the target's size and movement type (its
        movement moves to the name line) and narrows the rows' gaps: 306 px. A window with room for the usual
        card (800x560 and up) is shown it unchanged."""
        if self.rect is not None:
            return False
        return self._height(ctx, self._rows(ctx, True, False), False) > area.height - 16

    def _rows(self, ctx: BattleContext, full: bool = True, tight: bool = False) -> list[list[tuple[Any, str]]]:
        if tight and full:
            return self._tight_rows(ctx)
        enc = ctx.encounter
        name = gm_target(ctx)
        rows: list[list[tuple[Any, str]]] = []
        if name is not None and enc.phase != "ended":
            rows.append([(("hp", n), f"{n:+d}".replace("-", "−")) for n in HP_STEPS])  # the label sits between
        if not full:
            return rows  # the short card: the hit points at a glance, the rest a hover away
        if name is not None and enc.phase != "ended":
            rows.append([("edit", "Edit properties…" if enc.phase == "setup" else "Set hit points…")])
        if name is not None and enc.phase == "active":
            v = enc.view(name)
            rows.append([("grant1", "+1 move"), ("grant3", "+3 move"),
                         ("threat", "Threatens" if v.threatening else "No threat")])
            hexes = "hex" if self.push_distance == 1 else "hexes"
            # What a click sets next, not "(click: 1-3)", which left the GM guessing (Harrow Keep).
            rows.append([("dist", f"Push {self.push_distance} {hexes} (click for {self.push_distance % 3 + 1})")])
            rows.append([(("push", d), side_words(d)) for d in enc.layout.direction_names])
            rows.append([("defeated", "Remove: defeated"), ("fled", "Remove: fled")])
        rows.append([])  # a gap: the battle's own tools below
        if enc.phase != "ended":
            rows.append([("join", "Add a combatant…")])
        if enc.phase == "setup":
            rows.append([("save", "Save setup as a map…")])
        rows.append([("undo", "Undo the last action")])
        if enc.phase == "setup":
            rows.append([("begin", "Begin battle")])  # the action bar's words for the same thing
        elif enc.phase == "active":
            rows.append([("end", "End combat")])
        return rows

    def _tight_rows(self, ctx: BattleContext) -> list[list[tuple[Any, str]]]:
        """Every tool of the full card, in fewer rows and shorter words: the card of a window too low for it."""
        enc = ctx.encounter
        name = gm_target(ctx)
        rows: list[list[tuple[Any, str]]] = []
        if name is not None and enc.phase != "ended":
            rows.append([(("hp", n), f"{n:+d}".replace("-", "−")) for n in HP_STEPS])
            if enc.phase == "active":
                v = enc.view(name)
                rows.append([("edit", "Set hit points…"), ("threat", "Threatens" if v.threatening else "No threat")])
                # The distance, not what a click sets next: the status line says the new one on each click.
                rows.append([("grant1", "+1 move"), ("grant3", "+3 move"), ("dist", f"Push {self.push_distance}")])
                rows.append([(("push", d), side_words(d)) for d in enc.layout.direction_names])
                rows.append([("defeated", "Remove: defeated"), ("fled", "Remove: fled")])
            else:
                rows.append([("edit", "Edit properties…")])
        rows.append([])
        if enc.phase == "setup":
            rows.append([("join", "Add a combatant…"), ("save", "Save setup…")])
            rows.append([("undo", "Undo"), ("begin", "Begin battle")])
            return rows
        if enc.phase != "ended":
            rows.append([("join", "Add a combatant…")])
        rows.append([("undo", "Undo"), ("end", "End combat")] if enc.phase == "active" else [("undo", "Undo")])
        return rows

    @staticmethod
    def _head(ctx: BattleContext, tight: bool = False) -> int:
        if gm_target(ctx) is None:
            return 58  # the title and "Select one"
        return 58 if tight else 84  # the title, and the target's name and kind (tight: its name and movement)

    def _height(self, ctx: BattleContext, rows: list[list[tuple[Any, str]]], tight: bool = False) -> int:
        row = TIGHT_ROW if tight else ROW
        return self._head(ctx, tight) + sum(row if r else 10 for r in rows) + 28

    def _layout(self, ctx: BattleContext, area: pygame.Rect) -> pygame.Rect:
        enc = ctx.encounter
        self.full = self.shows_full(ctx, area)
        self.tightened = tight = self.full and self.tight(ctx, area)
        rows = self._rows(ctx, self.full, tight)
        name = gm_target(ctx)
        head = self._head(ctx, tight)
        frame = self.rect or pygame.Rect(area.x + 8, area.y + 8, th.CARD_WIDTH, self._height(ctx, rows, tight))
        self.buttons = []
        self._gaps = []  # separator lines, drawn with the frame
        y = frame.y + head
        inner = frame.width - 2 * th.PAD
        for row in rows:
            if not row:
                self._gaps.append(y + 3)
                y += 10
                continue
            if isinstance(row[0][0], tuple) and row[0][0][0] == "hp":  # -5 -1 [hp] +1 +5
                bw = 38
                xs = [frame.x + th.PAD, frame.x + th.PAD + bw + 4, frame.right - th.PAD - 2 * bw - 4,
                      frame.right - th.PAD - bw]
                self.buttons.extend(Button(k, label, pygame.Rect(x, y, bw, 26)) for (k, label), x in zip(row, xs,
                                                                                                          strict=True))
                self._hp_label = pygame.Rect(xs[1] + bw, y, xs[2] - xs[1] - bw, 26)
            else:
                self.buttons.extend(ButtonRow.place(frame.x + th.PAD, y, inner, row, gap=4 if len(row) > 3 else 6))
            y += TIGHT_ROW if tight else ROW
        undo_why = undo_refusal(ctx) if any(b.key == "undo" for b in self.buttons) else None
        for b in self.buttons:
            if b.key == "threat" and name is not None:
                b.active = bool(enc.view(name).threatening)
            b.danger = b.key in ("defeated", "fled", "end") or (isinstance(b.key, tuple) and b.key[0] == "hp"
                                                                  and b.key[1] < 0)
            b.enabled = not (b.key == "undo" and undo_why is not None)
            b.why = (undo_why or "") if b.key == "undo" else ""
            if isinstance(b.key, tuple) and b.key[0] == "push":
                b.arrow = side_angle(enc.layout.direction_names, b.key[1])
            if b.key == "begin" and (no_fight := nothing_to_fight(enc)):
                b.enabled, b.why = False, no_fight  # it would end as it began (R13): the banner says so too
        return frame

    def _draw_drop(self, screen: pygame.Surface, ctx: BattleContext, cell: tuple[int, int]) -> None:
        """Where the dragged token would land: the hex outlined green, or red with the engine's reason."""
        from game.rules import Place

        assert self.dragging is not None
        key = (ctx.version, self.dragging, cell)
        if key != self._drop_key:
            self._drop_key, self._drop_reason = key, ctx.encounter.check(Place(self.dragging, cell))
        reason = self._drop_reason
        colour = th.BAD if reason else th.GOOD
        pygame.draw.polygon(screen, colour, ctx.hex_polygon(cell), 3)
        v = ctx.encounter.view(self.dragging)  # the token, lifted: a translucent disc under the pointer
        r = round(ctx.hex_radius() * disc_scale(v.radius))
        ghost = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(ghost, (*th.faction_colour(v.faction), 130), (r + 1, r + 1), r)
        rim = (*th.BAD, 255) if reason else (255, 255, 255, 200)  # a refused drop reads red all round
        pygame.draw.circle(ghost, rim, (r + 1, r + 1), r, 3 if reason else 2)
        ghost_rect = screen.blit(ghost, (ctx.mouse[0] - r - 1, ctx.mouse[1] - r - 1))
        head = th.Line(f"Place {self.dragging} at {cell[0]},{cell[1]}", "accent", bold=True)
        lines = [head, th.Line(f"Refused: {reason_words(reason)}", "bad")] if reason else [head]
        self.drop_tip = th.tooltip(screen, lines, ctx.mouse, within=ctx.view_rect,
                                   anchor=ctx.hex_rect(cell).union(ghost_rect), avoid=ctx.covers)

    def aimed_push(self, ctx: BattleContext) -> PushPreview | None:
        """The push the pointer rests on (a direction button of the card, as laid out this frame), previewed by
        the engine: what its click would do (:mod:`game.ui.gm.push_preview` draws it)."""
        key = self.hovered
        name = gm_target(ctx)
        if not (isinstance(key, tuple) and key[0] == "push") or name is None or self.form is not None:
            return None
        if not any(b.key == key and b.rect.collidepoint(ctx.mouse) for b in self.buttons):
            return None
        cache = (ctx.version, name, key[1], self.push_distance)
        if cache != self._push_key:
            self._push_key, self._push = cache, ctx.encounter.preview_push(name, key[1], self.push_distance)
        return self._push

    def _draw_head(self, screen: pygame.Surface, ctx: BattleContext, frame: pygame.Rect) -> None:
        x = frame.x + th.PAD
        th.text(screen, "GM mode", (x, frame.y + 8), size=th.HEAD, bold=True, colour=th.ACCENT)
        th.text(screen, "G leaves", (frame.right - th.PAD, frame.y + 12), size=th.SMALL, colour=th.MUTED,
                anchor="topright")
        name = gm_target(ctx)
        if name is None:
            th.text(screen, th.fit("Select one: its token or tracker row", frame.width - 2 * th.PAD, th.SMALL),
                    (x, frame.y + 34), size=th.SMALL, colour=th.MUTED)
            return
        v = ctx.encounter.view(name)
        th.text(screen, th.fit_name(name, frame.width - 2 * th.PAD - 80, th.BODY, True), (x, frame.y + 34), bold=True,
                colour=th.faction_colour(v.faction))
        if self.tightened:  # no room for the kind's line: the movement its buttons grant takes the faction's place
            th.text(screen, f"move {v.movement}/{v.movement_max}", (frame.right - th.PAD, frame.y + 36),
                    size=th.SMALL, colour=th.MUTED, anchor="topright")
            return
        th.text(screen, v.faction, (frame.right - th.PAD, frame.y + 36), size=th.SMALL, colour=th.MUTED,
                anchor="topright")
        sub = f"{v.size} · {v.movement_type} · move {v.movement}/{v.movement_max}"
        th.text(screen, th.fit(sub, frame.width - 2 * th.PAD, th.SMALL), (x, frame.y + 58), size=th.SMALL,
                colour=th.MUTED)

    def _draw_greyed_tip(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        """Why the greyed button under the pointer is greyed, beside it: what its click would say, learnt before
        clicking, as the action bar's greyed buttons show it."""
        self.greyed_tip = None
        b = greyed_at(self.buttons, ctx.mouse) if self.form is None else None
        if b is None or not b.why:
            return
        vr = ctx.view_rect
        lines = [th.Line(t, "warn") for t in th.wrap(b.why, min(520, vr.width - 40), th.BODY)]
        self.greyed_tip = th.tooltip(screen, lines, ctx.mouse, within=vr, anchor=b.rect,
                                     avoid=[r for r in ctx.covers if r != self._frame])

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        if ctx.hovered_cell is not None:
            self.last_cell = tuple(ctx.hovered_cell)  # type: ignore[assignment]
        if not ctx.gm:
            self._frame = pygame.Rect(0, 0, 0, 0)
            self.buttons = []
            return
        frame = self._layout(ctx, th.area(screen, ctx))
        self._frame = frame
        aimed = self.aimed_push(ctx)
        marked = draw_push(screen, ctx, aimed) if aimed is not None else []  # on the map, under the card
        # The tight card reaches down over the action bar: opaque, so the bar does not read through its hint.
        th.draw_frame(screen, frame, edge=th.ACCENT, opaque=self.tightened)
        self._draw_head(screen, ctx, frame)
        for y in self._gaps:
            pygame.draw.line(screen, th.PANEL_EDGE, (frame.x + th.PAD, y), (frame.right - th.PAD, y))
        name = gm_target(ctx)
        for b in self.buttons:
            b.draw(screen, b.key == self.hovered)
        if name is not None and self._hp_label.width:
            v = ctx.encounter.view(name)
            # The tracker's and the hp bar's colour for the same hit points (found on the Black Gull: 15/18 read
            # red here, green in the tracker); above the maximum (a GM's set_hp) keeps the accent.
            colour = th.ACCENT if v.hp > v.hp_max else hp_colour(max(v.hp, 0) / max(v.hp_max, 1))
            th.text(screen, f"{max(v.hp, 0)}/{v.hp_max} hp", self._hp_label.center, colour=colour, bold=True,
                    anchor="center")
        hint = ("drag a token to place it" if ctx.encounter.phase == "setup" else "shift+click a token to act on it"
                ) if self.full else MORE_HINT
        th.text(screen, th.fit(hint, frame.width - 2 * th.PAD, th.SMALL), (frame.x + th.PAD, frame.bottom - 22),
                size=th.SMALL, colour=th.FAINT)
        self.push_tip = None
        if aimed is not None:
            button = next(b.rect for b in self.buttons if b.key == self.hovered)
            self.push_tip = draw_push_tip(screen, ctx, aimed, button, frame, marked)
        self._draw_greyed_tip(screen, ctx)
        if self.dragging is not None and ctx.hovered_cell is not None:
            self._draw_drop(screen, ctx, (ctx.hovered_cell[0], ctx.hovered_cell[1]))
        if self.form is not None:
            ctx.tips.clear()  # the form is modal: no map tooltip over it
            picking = next((f for f in self.form.fields if f.pick), None)
            if picking is not None and ctx.hovered_cell is not None:  # the hex a click would pick
                pygame.draw.polygon(screen, th.ACCENT, ctx.hex_polygon(ctx.hovered_cell), 3)
            self.form.draw(screen, th.area(screen, ctx), frame)

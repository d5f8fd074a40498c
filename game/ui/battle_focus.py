"""Targets by keyboard alone, in every mode that has them: Tab / Shift+Tab choose the foe, Enter acts, Esc cancels.

Tab puts the keyboard's focus on the next foe the actor may attack, shove, shoot or burst from where it stands
(the lists and their order: game.ui.focus_targets), as Foundry's Tab goes through the tokens and Wesnoth cycles
units. The hover is put on that foe, so the mode's preview shows as if the pointer rested on its middle: the
blow's odds and arc, the shove's ways (W / Shift+W choose one, game.ui.overlays.shove), the shot's sight line and
cover, the burst centred on the foe with whom it catches. Enter commits it by the same path a click on the foe
takes (a shove's way from another side steps there first, then Enter again shoves). Esc cancels: the focus goes,
and a shove, shot or burst goes back to attack mode. Moving the pointer hands the choice back to it.

Tab is only ever this key: when there is nothing to choose it says why on the status line and changes nothing
(not the player's turn, an action still playing, the action already used, no foe in reach of the mode from here).
It used to hide the panels then, in attack mode, which mid-turn read as the window going wrong; P does that.
That "nobody to choose" line gives way to the turn's hint as soon as the window contradicts it: the pointer shows
a legal blow, shove, shot or burst (found on the Black Gull: "No enemy is in reach of Tobin's attack" stood under
the preview of Tobin stepping up to strike the Harpy), or the mode or the selection changes.

A mixin of :class:`game.ui.battle.BattleScene` (what it reads of the scene is declared below).
"""

from __future__ import annotations

from collections.abc import Callable

from game.match import Match
from game.render.pg import pygame

from . import focus_targets
from .commands import ATTACK, CAST, SHOOT, SHOVE, WAIT, CommandMapper, Intent, Pick, Situation
from .context import BattleContext, Cell, Widget
from .scene import Transition

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
CYCLE_KEY = pygame.K_TAB  # the next target (Shift: the one before); only targeting has it, P hides the panels
# Per mode: (the status line's verb, Enter's words, Esc's words, why there is nobody to Tab to).
WORDS = {
    ATTACK: ("Attack", "Enter strikes", "Attack cancelled",
             "No enemy is in reach of {a}'s attack from where it stands (R21): move closer first, or point at one "
             "to step in and strike"),
    SHOVE: ("Shove", "W / Shift+W the way, Enter shoves", "Shove cancelled: back to attack mode",
            "No enemy beside {a} can be shoved from where it stands: move beside one, then Tab chooses it"),
    SHOOT: ("Shoot", "Enter shoots", "Shot cancelled: back to attack mode",
            "No enemy is in range and sight of {a} from where it stands (R29-R31): point at one to step into "
            "range, or move, then Tab"),
    CAST: ("Burst on", "Enter casts", "Burst cancelled: back to attack mode",
           "No enemy's hex is in {a}'s area range and sight from where it stands, or no use is left (R32): "
           "point at a hex to centre it there"),
}

NO_TARGETS_HERE = "Disengage has no foe to choose: Tab chooses one in attack, shove (S), shoot (R) or cast (B) mode"


class BattleFocus:
    """The keyboard's target for the mode in force (mixed into ``BattleScene``, which sets all of this)."""

    ctx: BattleContext
    match: Match
    mapper: CommandMapper
    perform: Callable[[Intent], Transition | None]  # the scene's: an intent through the command mapper
    _situation: Callable[[], Situation]
    _hover: Callable[[tuple[int, int]], None]
    widgets: list[Widget]
    _approach: Callable[[Cell], Cell | None]
    _focus_mode: str = ATTACK  # the mode the focus was chosen in: leaving it lets the focus go
    _nobody_said: tuple[str, str, str | None] | None = None  # Tab's "nobody to choose" line, its mode and selection

    def focus_key(self, event: pygame.event.Event) -> tuple[bool, Transition | None]:
        """A key of keyboard targeting: (whether it was one, the scene's answer). Asked after the widgets (a GM
        form keeps its own Enter and Tab) and before the battle's fixed keys."""
        ctx = self.ctx
        if event.key == pygame.K_ESCAPE and ctx.focus is not None:
            mode = self._focus_mode
            self.unfocus()
            ctx.action_mode = ATTACK
            ctx.status = WORDS[mode][2]
            return True, None
        if event.key in ENTER and ctx.focus is not None:
            return True, self._act_on_focused()
        if event.key == CYCLE_KEY:
            # Always Tab's, with a foe to choose or not: a key that hid the panels when the list was empty
            # looked like the window breaking mid-turn (P hides them).
            self._cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True, None
        return False, None

    def focus_targets(self, mode: str | None = None) -> list[str]:
        """The foes Tab goes through in ``mode`` (default the mode in force), in its order."""
        return focus_targets.targets(self.match.encounter, mode or self.ctx.action_mode, self.ctx.cell_to_screen)

    def _cycle(self, by: int) -> None:
        ctx = self.ctx
        s = self._situation()
        if s.busy:
            ctx.status = WAIT
            return
        if not self.mapper.may_act(s):
            ctx.status = self.mapper.not_your_turn()
            return
        mode = ctx.action_mode
        if mode not in WORDS:  # disengage: it has no foe to choose
            self._say_nobody(NO_TARGETS_HERE)
            return
        verb, enter, _, none = WORDS[mode]
        targets = self.focus_targets()
        if not targets:
            self._say_nobody(self._why_none(none))
            return
        now = targets.index(ctx.focus) if ctx.focus in targets else (-1 if by > 0 else 0)
        i = (now + by) % len(targets)
        self._focus_on(targets[i], mode)
        more = ", Tab the next foe" if len(targets) > 1 else ""
        ctx.status = f"{verb} {targets[i]} ({i + 1} of {len(targets)}): {enter}{more}, Esc cancels"

    def _say_nobody(self, text: str) -> None:
        """Tab's answer that there is nobody to choose, remembered with the mode and selection it was true for."""
        self.ctx.status = text
        self._nobody_said = (text, self.ctx.action_mode, self.ctx.selected)

    def nobody_check(self) -> None:
        """Tab's "nobody to choose" gives way to the turn's hint once the window says otherwise: the preview, as
        last drawn, offers a legal action on what the pointer shows, or the mode or the selection changed. Said
        only of the last such line: any other status since (an action's, a mode's words) has replaced it."""
        said = self._nobody_said
        if said is None:
            return
        ctx = self.ctx
        text, mode, selected = said
        if ctx.status != text:
            self._nobody_said = None
            return
        if ctx.action_mode != mode or ctx.selected != selected or self._offered():
            self._nobody_said = None
            ctx.status = self.mapper.hint_in_mode(ctx.action_mode, ctx.gm)

    def _offered(self) -> bool:
        """Whether a preview (the blow's and shove's, the shot's and burst's) offers a legal action on the hover."""
        return any(offers(self.ctx.hovered_unit) for w in self.widgets
                   if (offers := getattr(w, "offers", None)) is not None)

    def _why_none(self, none: str) -> str:
        """Why Tab has nobody to go to in the mode in force: the action spent (R16), else the mode's reason."""
        enc = self.match.encounter
        actor = enc.turn
        if enc.acted:
            why = f"{actor} has already used their action this turn (R16): Enter ends the turn"
        else:
            why = none.format(a=actor)
        return why if self.ctx.action_mode == ATTACK else why + " (Esc: back to attack mode)"

    def pointer_event(self, event: pygame.event.Event) -> None:
        """The pointer really moved, or a button went down: it takes the choice back from the keyboard (a motion
        the scene makes up where the pointer rests, as the map glides under it, is no such move)."""
        if self.ctx.focus is None:
            return
        if (event.type == pygame.MOUSEMOTION and tuple(event.pos) != tuple(self.ctx.mouse)) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            self.unfocus()

    def _focus_on(self, target: str, mode: str) -> None:
        ctx = self.ctx
        ctx.focus, self._focus_mode = target, mode
        ctx.selected = self.match.encounter.turn  # the preview is the actor's (another selected shows none)
        ctx.hovered_cell = self.match.encounter.view(target).cell  # in cast mode: the burst's centre
        ctx.hovered_unit = target

    def _act_on_focused(self) -> Transition | None:
        ctx = self.ctx
        enc = self.match.encounter
        target = str(ctx.focus)
        actor = enc.turn
        before = enc.view(actor).cell if actor is not None else None
        cell = enc.view(target).cell
        out = self.perform(Pick(cell, self._approach(cell)))  # as a click on the foe: what the preview shows
        if actor is not None and enc.view(actor).cell != before:  # stepped first: Enter again acts
            verb = WORDS[self._focus_mode][1].split(", ")[-1]  # "Enter shoves"
            ctx.status = ctx.status.replace(f"click {target} again to shove", f"{verb} {target}")
        self.focus_check()
        return out

    def focus_check(self) -> None:
        """The focus ends with the action (made, or its mode left), the turn, or the foe; while it lasts the hover
        stays on the foe whatever the map does under the resting pointer."""
        ctx = self.ctx
        target = ctx.focus
        if target is None:
            return
        enc = self.match.encounter
        if (ctx.action_mode != self._focus_mode or enc.turn is None or enc.acted
                or not any(v.name == target and v.active for v in enc.views())  # defeated, fled, removed
                or not self.mapper.may_act(self._situation())):
            self.unfocus()
            return
        ctx.hovered_cell = enc.view(target).cell
        ctx.hovered_unit = target

    def unfocus(self) -> None:
        """The keyboard lets go: the hover is the pointer's again, wherever it rests."""
        if self.ctx.focus is None:
            return
        self.ctx.focus = None
        self._hover(self.ctx.mouse)

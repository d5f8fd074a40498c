"""Where the battle's pointer is, and what it points at: the hovered hex and combatant, kept true when the
map moves under a resting pointer, when the pointer leaves the window, and when a menu or a dialog
covers the battle.

A mixin of :class:`game.ui.battle.BattleScene` (what it reads of the scene is declared below).
"""

from __future__ import annotations

from collections.abc import Callable

from game.render.pg import pygame
from game.rules import Action, Attack, Shove

from . import narration
from .battle_input import BattleInput
from .battle_view import BattleView
from .commands import ATTACK, SHOVE, FaceToward, Pick
from .context import BattleContext, Widget
from .overlays import ActionPreview
from .overlays.wording import ROW_WIDTH, refusal_notes, too_far
from .scene import Transition
from .theme import wrap

OFF_WINDOW = (-1, -1)  # where the pointer is once it has left the window: over no panel, hex or button
# A click on a panel showed no preview of the hex under it, so it does nothing there, and says so.
UNDER_PANEL = "That hex is under a panel: drag the map to bring it out, or P hides the panels"


class BattlePointer:
    """The pointer's hover, kept true (mixed into ``BattleScene``, which sets all of this)."""

    ctx: BattleContext
    view: BattleView
    input: BattleInput
    _camera_seen: tuple[int, float, float] | None  # where the map was at the last update
    _unit_at: Callable[[tuple[int, int] | None], str | None]
    _widgets_topmost_first: Callable[[], list[Widget]]
    widgets: list[Widget]
    handle_event: Callable[[pygame.event.Event], Transition | None]  # the scene's
    # The pointer rests on a panel that claimed it (the card, tracker, legend, GM tools, a step of the log):
    # a hex lies under it, but none is hovered, so no preview told what a click there would do.
    on_panel: bool = False

    def covered(self) -> None:
        """A dialog or menu opened over the battle: the hover preview under it would show through, its
        tooltip running into the dialog's text (found at the End-turn question), so nothing is hovered."""
        self.uncovered()

    def uncovered(self) -> None:
        """Back from a menu or a dialog: the pointer moved under it unseen, so nothing stays hovered (the
        preview's tooltip would otherwise outlive the menu, into the next combatant's turn) until it moves."""
        self.ctx.hovered_cell = None
        self.ctx.hovered_unit = None

    def _rehover(self) -> None:
        """The state changed under a resting pointer (a shove, a defeat, an undo): who is under it now."""
        self.ctx.hovered_unit = self._unit_at(self.ctx.hovered_cell)

    def _pointer_still(self) -> None:
        """The map moved under a resting pointer (a glide after the actor, a pan key, a zoom): it points at
        whatever is under it now, as if it had moved there. Found playing ambush: Brother Odo walked up to
        Bandit Archer 1, the camera glided after him, and the status line's "click Bandit Archer 1 again"
        went to the empty hex the archer had left under the pointer, which still showed the attack preview."""
        cam = self.ctx.camera
        seen = (cam.zoom_index, cam.cx, cam.cy)
        moved, self._camera_seen = seen != self._camera_seen, seen
        # So with the action bar coming up under it as a player's turn begins: the hex it pointed at during the
        # AI's turn kept its tooltip over the Flee button (found on giants_lair).
        moved = moved or (self.ctx.hovered_cell is not None and self.view.button_at(self.ctx.mouse) is not None)
        # Only a pointer that really moved in this window (headless runs and tests have none) and is not
        # pressing (a drag pans, and says where it is itself); not while Tab's foe holds the hover (battle_focus).
        moved = moved and self.ctx.focus is None
        if moved and self.input.real_mouse and self.input.press is None and self.ctx.mouse != OFF_WINDOW:
            self.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=self.ctx.mouse, rel=(0, 0), buttons=(0, 0, 0)))

    def note_pointer(self, event: pygame.event.Event) -> None:
        """After a motion was handled (the panels have had their say): is the pointer on a panel that claimed
        it? Only a hex with no hover though one lies under the pointer counts: where a token wins over the
        tracker's row, or the log steps aside for a token, the token is hovered and a click goes to it."""
        if event.type == pygame.MOUSEMOTION:
            self.on_panel = (self.ctx.focus is None and self.ctx.hovered_cell is None
                             and self.ctx.cell_at(event.pos) is not None)

    def blind(self, out: object) -> bool:
        """A click or right-click on a claiming panel is blind: found playing the Greenway, a click on Pell's
        card walked Pell, unpreviewed, to the hex under it with all his movement. Such a click picks no hex;
        the status line says why. A drag that starts on a panel still pans the map. (The GM card answers its
        own clicks; a press on it only put the hex under it in hover, which the scene no longer does.)"""
        if self.on_panel and isinstance(out, Pick | FaceToward):
            self.ctx.status = UNDER_PANEL
            return True
        return False

    def refused_words(self, action: Action, err: Exception) -> str:
        """The status line for ``action`` refused by the engine with ``err``: its words, and, for a blow or a shove
        on a foe no hex within the actor's movement reaches, why a step would not help, in the words the hover's
        tooltip gives (the same :func:`wording.refusal_notes`, asked of the same preview). A click on a foe beyond a
        spear's zone of control read only "out of reach: distance 5", and with movement left that read as if
        walking closer would help; the hover said "Bandit Spear's zone of control stops every way to Bandit this
        turn" (R8, R9), the click did not."""
        said = narration.refusal(err)
        if not isinstance(action, Attack | Shove):
            return said  # a shot's and a burst's reasons are their own previews' (overlays.ranged)
        preview = next((w for w in self.widgets if isinstance(w, ActionPreview)), None)
        if preview is None:
            return said
        kind = ATTACK if isinstance(action, Attack) else SHOVE
        name, target, reason = action.unit, action.target, str(err)
        at, plan = preview.choose(self.ctx, kind, name, target)
        if at is not None or plan.legal is None:
            return said  # a hex within its movement works: the hover offers the walk there, nothing is stuck
        # What closes every hex the blow works from, as the preview found it for its tooltip (cached per state).
        zoc, closed = preview.stuck(self.ctx, kind, name, target)  # the one source, not a copy
        _, notes = refusal_notes(self.ctx.encounter, name, target, kind, False, reason, zoc=zoc, closed=closed)
        # The notes open with the refusal from here, which ``said`` already gives; the rest is why no step helps.
        here = len(wrap(too_far(name, target, kind, reason), ROW_WIDTH))
        why = " ".join(line.text for line in notes[here:])
        return f"{said}; {why}" if why else said

    def _pointer_left(self) -> None:
        """The pointer left the window: SDL sends no motion for that, so whatever it rested on (the short card
        opened full by a hover, a tracker row's ring, a hovered button or hex) stayed as if it were still there
        until it came back. It points at nothing now: the scene and every widget see it go off the window."""
        self._hover(OFF_WINDOW)
        self.on_panel = False
        gone = pygame.event.Event(pygame.MOUSEMOTION, pos=OFF_WINDOW, rel=(0, 0), buttons=(0, 0, 0))
        for w in self._widgets_topmost_first():
            w.handle_event(gone, self.ctx)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.ctx.mouse = pos
        if self.ctx.focus is not None:
            return  # the hover stays on the foe the keyboard chose (battle_focus) until the pointer moves
        over_button = self.view.button_at(pos) is not None
        cell = None if over_button else self.ctx.cell_at(pos)
        self.ctx.hovered_cell = cell
        self.ctx.hovered_unit = self._unit_at(cell)

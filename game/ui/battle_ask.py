"""A yes/no question over the battle (game.ui.confirm), placed clear of what it is about, and its Yes.

A mixin of :class:`game.ui.battle.BattleScene` (what it reads of the scene is declared below).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.match import Match
from game.render.pg import pygame
from game.rules import Action, EndTurn

from .battle_view import BattleView
from .commands import ATTACK
from .confirm import ConfirmScene
from .context import BattleContext, Widget
from .endturn import EndTurnGuard
from .scene import Transition, push


class BattleQuestions:
    """The battle's questions (mixed into ``BattleScene``, which sets all of this)."""

    ctx: BattleContext
    match: Match
    view: BattleView
    widgets: list[Widget]
    end_guard: EndTurnGuard
    submit: Callable[..., bool]  # the scene's: an action through the match

    def _ask(self, question: str, detail: str, yes: Callable[[], Transition | None],
             about: Sequence[str] = ()) -> Transition:
        """A yes/no question over the battle (game.ui.confirm), placed where it hides neither the actor, nor
        the combatants its detail names (``about``), nor the combat log, nor the combatant the GM card acts on,
        nor (where the window leaves room) the card and the tracker."""
        return push(ConfirmScene(question, detail, yes, clear_of=lambda: self._in_sight(about)))

    def _in_sight(self, about: Sequence[str] = ()) -> list[pygame.Rect]:
        """What a question keeps clear of, on screen as now drawn, the most needed first: whoever is to act,
        whoever the question names (the foe still in reach: the reason to say no), the combat log (what just
        happened), the selected combatant, then the card and the tracker (found at 800x560: the box, sent to
        the top by the log, sat over both and over the very enemy it named)."""
        from .panels import CombatantCard, CombatLog, InitiativeTracker

        enc = self.match.encounter
        names = dict.fromkeys((enc.turn, *about, self.ctx.selected))
        tokens = {n: self.ctx.token_rect(n) for n in names if n is not None and enc.view(n).active}
        first = [r for n, r in tokens.items() if n == enc.turn or n in about]
        log = self.view.panel_covers([w for w in self.widgets if isinstance(w, CombatLog)])
        then = [r for n, r in tokens.items() if not (n == enc.turn or n in about)]
        panels = self.view.panel_room([w for w in self.widgets if isinstance(w, CombatantCard | InitiativeTracker)],
                                      "cover")
        return [*first, *log, *then, *panels]

    def _submit_then(self, action: Action) -> Transition | None:
        if self.submit(action) and isinstance(action, EndTurn):
            self.end_guard.ended()
        self.ctx.action_mode = ATTACK
        return None

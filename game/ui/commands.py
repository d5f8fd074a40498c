"""The command mapper: what a player meant (an intent) becomes an action for the match, or why not.

Pure Python (no pygame): the battle scene's input turns pygame events into the
intents below; :class:`CommandMapper` turns an intent into one
:data:`Command`:

- :class:`Submit` an engine action (the scene hands it straight to
  ``Match.submit``; a refusal comes back as the engine's ``IllegalActionError``
  and its words go to the status line: the mapper never checks first what the
  engine will check anyway);
- :class:`Ask` first (a confirm box: end the turn while the actor could still
  act, flee, a disengage that can gain nothing);
- :class:`TakeBack` (undo, through ``Match.undo``);
- :class:`Say` a status line (select a combatant, change the click mode, why
  nothing can be done now: not your turn, an animation is playing).

The reasons the mapper gives itself are about the window (whose turn, who is
at the controls), never the rules: those are the engine's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from game.rules import (
    ACTIVE,
    SETUP,
    Action,
    Attack,
    Begin,
    Cast,
    CombatantView,
    Disengage,
    EncounterView,
    EndTurn,
    Face,
    Flee,
    Move,
    Place,
    Shoot,
    Shove,
)

from .endturn import why_ask
from .narration import nothing_to_fight, refusal

Cell = tuple[int, int]
Point = tuple[float, float]


def no_fight_next(gm: bool) -> str:
    """The status line's next step while the "Nothing to fight" banner says why (R3, R13): only the step, where
    it repeated the banner's sentence word for word before it."""
    return "Add a combatant or change one's faction to make a fight" if gm else \
        "G for GM mode to add or change a combatant"


# What a left click on a hostile combatant (or, for CAST, on any hex) does.
ATTACK, SHOVE, DISENGAGE, SHOOT, CAST = "attack", "shove", "disengage", "shoot", "cast"
MODES = (ATTACK, SHOVE, DISENGAGE, SHOOT, CAST)
WAIT = "Wait until the current action has played"

# R23: the player names a method and the skill that fits; the window names the best skill's method.
METHOD_FOR = {"shields": "shield", "acrobatics": "tumble", "blades": "parry"}


# --- intents: what the player meant --------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """A left click on a map hex (``approach``: the hex the attack, shot or cast preview proposes to act from)."""

    cell: Cell
    approach: Cell | None = None


@dataclass(frozen=True)
class FaceToward:
    cell: Cell


@dataclass(frozen=True)
class TurnBy:
    step: int  # +1 counter-clockwise (R2's direction order), -1 clockwise


@dataclass(frozen=True)
class SetMode:
    mode: str


@dataclass(frozen=True)
class EndTurnNow:
    pass


@dataclass(frozen=True)
class UndoLast:
    pass


@dataclass(frozen=True)
class FleeNow:
    pass


@dataclass(frozen=True)
class DisengageNow:
    pass


@dataclass(frozen=True)
class BeginBattle:
    pass


Intent = Pick | FaceToward | TurnBy | SetMode | EndTurnNow | UndoLast | FleeNow | DisengageNow | BeginBattle


# --- commands: what the scene does ---------------------------------------------------------------
@dataclass(frozen=True)
class Submit:
    action: Action
    status: str | None = None  # said after it applied instead of the narration (a move made to attack next)


@dataclass(frozen=True)
class Ask:
    question: str
    detail: str
    action: Action
    about: tuple[str, ...] = ()  # the combatants the detail names (besides the actor): the box keeps them in sight


@dataclass(frozen=True)
class TakeBack:
    pass


@dataclass(frozen=True)
class Say:
    text: str
    select: str | None = None
    mode: str | None = None  # the click mode after this


Command = Submit | Ask | TakeBack | Say


@dataclass(frozen=True)
class Situation:
    """The window's state an intent is read against (the encounter is read from the match)."""

    mode: str = ATTACK
    selected: str | None = None
    gm: bool = False
    busy: bool = False


class MatchReader(Protocol):
    """The read-only side of a match the mapper needs (``game.match.Match`` is one)."""

    @property
    def encounter(self) -> EncounterView: ...

    @property
    def controllers(self) -> Mapping[str, object]: ...

    def is_human_turn(self) -> bool: ...


def best_skill(skills: tuple[tuple[str, int], ...] | list[tuple[str, int]]) -> str | None:
    """The skill the window's disengage uses: the combatant's best, the first listed on a tie (R23)."""
    if not skills:
        return None
    return max(skills, key=lambda kv: kv[1])[0]


# What the status line says as a mode is entered.
MODE_WORDS = {
    DISENGAGE: "Disengage: click your combatant (or press D again) to try it",
    SHOVE: "Shove: point at an enemy from the side to shove from (W: the next way), click to push it away",
    SHOOT: "Shoot: click an enemy in range and in sight",
    CAST: "Cast: click the hex to centre the burst on (friends inside are hit too)",
    ATTACK: "Attack: click an enemy in reach",
}


def _no_burst(name: str, v: CombatantView) -> str | None:
    """Why ``name`` has no burst to use: no area ability, or every use spent (R32: the mode would shade
    centres it cannot use, found playing); None when it has one."""
    if v.area is None:
        return f"{name} has no area ability"
    if v.area_uses_left <= 0:
        return f"{name} has used every burst of its area ability ({v.area.uses} of {v.area.uses})"
    return None


class CommandMapper:
    """Intent -> Command against a match's current state (read only)."""

    def __init__(self, match: MatchReader, centre: Callable[[Cell], Point],
                 labels: Mapping[str, str] | None = None) -> None:
        self.match = match
        self.centre = centre  # hex centre in map pixels: which way "face toward" a point turns
        self.labels = dict(labels or {})  # faction -> "normal AI"

    # --- helpers -----------------------------------------------------------------------------
    @property
    def enc(self) -> EncounterView:
        return self.match.encounter

    def may_act(self, s: Situation) -> bool:
        enc = self.enc
        return bool(enc.phase == ACTIVE and enc.turn is not None and (s.gm or self.match.is_human_turn()))

    def controller_label(self) -> str:
        enc = self.enc
        if enc.turn is None:
            return ""
        faction = enc.view(enc.turn).faction
        return "you" if self.match.controllers.get(faction, "human") == "human" else self.labels.get(faction, "AI")

    def not_your_turn(self) -> str:
        enc = self.enc
        if enc.phase != ACTIVE or enc.turn is None:
            return "Combat has not begun" if enc.phase == SETUP else "Combat is over"
        return f"It is {enc.turn}'s turn ({self.controller_label()}); press G for GM mode to act for anyone"

    def unit_at(self, cell: Cell | None) -> str | None:
        if cell is None:
            return None
        enc = self.enc
        for v in enc.views():
            if v.active and tuple(cell) in {tuple(c) for c in enc.footprint(v.name)}:
                return str(v.name)
        return None

    def idle_status(self, gm: bool = False) -> str:
        """What the status line says while nothing happens: how to play the turn, or who is playing it."""
        enc = self.enc
        if enc.phase == SETUP:
            if nothing_to_fight(enc):
                return no_fight_next(gm)
            return "Setup: click Begin battle (Enter) to start; G for GM mode to place combatants"
        if enc.phase != ACTIVE or enc.turn is None:
            return "Combat is over"
        if self.match.is_human_turn():
            return self._turn_hint(enc.turn)
        label = self.controller_label()
        if gm:  # the AI waits while the GM acts for everyone (found playing: "is acting..." for 10 s and more)
            return f"{enc.turn}'s turn ({label}) waits while GM mode is on: act for it, or press G to let it play"
        return f"{enc.turn} is acting ({label})..."

    def hint_in_mode(self, mode: str, gm: bool = False) -> str:
        """The status line a passing notice gives way to: in shoot, shove, cast or disengage mode on the
        player's turn that mode's words, else the turn's hint. Found playing the ambush at 960x600: in shoot
        mode, after Tab's "No enemy is in range", pointing at Bandit Archer 1 brought back "click ... an enemy
        to attack" while a click there would shoot."""
        enc = self.enc
        if mode != ATTACK and mode in MODE_WORDS and enc.phase == ACTIVE and enc.turn is not None \
                and self.match.is_human_turn():
            return MODE_WORDS[mode]
        return self.idle_status(gm)

    def _turn_hint(self, actor: str) -> str:
        """How to play the rest of ``actor``'s turn: only what it can still do. Once its one action is used
        (R16) the keys that choose an action are greyed on the bar; the hint offered them still ("A/S/D choose
        attack, shove, disengage" beside a greyed Attack, found on fortress_assault)."""
        enc = self.enc
        v = enc.view(actor)
        keys = [(k, word) for k, word, kind, has in (
            # D only in threatened space (R23), where its button is lit (hud.action_buttons)
            ("A", "attack", ATTACK, True), ("S", "shove", SHOVE, True),
            ("D", "disengage", DISENGAGE, enc.can_disengage(actor) is None),
            ("R", "shoot", SHOOT, v.ranged is not None), ("B", "cast", CAST, v.area is not None))
            if has and enc.can_act(actor, kind) is None]
        clicks = []
        if v.movement > 0 and enc.reach_for(actor).destinations():
            clicks.append("a shaded hex to move")
        if any(word == "attack" for _, word in keys):
            clicks.append("an enemy to attack")
        parts = [f"click {', '.join(clicks)}"] if clicks else []
        melee, extra = [kw for kw in keys if kw[0] in "ASD"], [kw for kw in keys if kw[0] not in "ASD"]
        if melee:  # "A/S/D choose attack, shove, disengage, R shoot" as before the action is used
            parts.append(", ".join([f"{'/'.join(k for k, _ in melee)} choose {', '.join(w for _, w in melee)}",
                                    *(f"{k} {w}" for k, w in extra)]))
        parts.append("Enter ends the turn")
        return f"{actor}: " + "; ".join(parts)

    # --- the mapping -------------------------------------------------------------------------
    def map(self, intent: Intent, s: Situation) -> Command:
        """What ``intent`` does now: the intents anyone may give first (modes, Begin, setup's picks, the GM's
        undo, picks), then, while the battle is not busy, the actor's own (``_turn_intent``)."""
        if isinstance(intent, SetMode):
            return self._mode(intent.mode, s)
        if isinstance(intent, BeginBattle):
            return Submit(Begin())
        if isinstance(intent, Pick) and self.enc.phase == SETUP:
            return self._setup_pick(intent.cell, s)
        if s.busy:
            return Say(WAIT)
        if isinstance(intent, UndoLast) and s.gm:
            return TakeBack()  # the GM takes back a correction whoever's turn it is, setup included
        if isinstance(intent, Pick):
            return self._pick(intent, s)
        if not self.may_act(s):
            return Say(self.not_your_turn())
        return self._turn_intent(intent, str(self.enc.turn))

    def _turn_intent(self, intent: Intent, actor: str) -> Command:
        """An intent of the player whose turn it is: undo, flee, end the turn, disengage, turn to face."""
        if isinstance(intent, UndoLast):
            return TakeBack()
        if isinstance(intent, FleeNow):
            # Ask only before a flight the engine allows: a confirm for one it refuses ("leaves the battle for
            # good", Yes, then "Cannot flee: not on an exit hex") asks the player to weigh what cannot happen.
            if self.enc.can_flee(actor) is not None:
                return Submit(Flee(actor))  # refused by the engine, in its own words
            return Ask(f"{actor} flees?", f"{actor} leaves the battle for good.", Flee(actor))
        if isinstance(intent, EndTurnNow):
            return self._end_turn(actor)
        if isinstance(intent, DisengageNow):
            return self._disengage(actor)
        if isinstance(intent, TurnBy):
            d = (self.enc.view(actor).facing_index + intent.step) % 6
            return Submit(Face(actor, self.enc.layout.direction_names[d]))
        if isinstance(intent, FaceToward):
            return self._face_toward(actor, intent.cell)
        raise TypeError(f"no mapping for {intent!r}")

    def _mode(self, mode: str, s: Situation) -> Command:
        """A mode key (A, S, D, R, B): the mode it enters (the same key again leaves it for attack; D twice
        disengages), a GM's look at another's shots or burst, or why there is no such mode for the actor now."""
        if mode == DISENGAGE and s.mode == DISENGAGE:  # D pressed twice: do it
            return self.map(DisengageNow(), s) if not s.busy else Say(WAIT, mode=ATTACK)
        new = ATTACK if s.mode == mode and mode != ATTACK else mode
        if new in (SHOOT, CAST) and self._gm_looks(s):
            return self._look_mode(new, str(s.selected))
        why = self._mode_refused(mode, new, s)
        if why is not None:
            return Say(why, mode=ATTACK)
        return Say(MODE_WORDS[new], mode=new)

    def _gm_looks(self, s: Situation) -> bool:
        """Whether the GM has selected, in combat, a combatant that is not to act: R and B look at its shots
        or burst from where it stands, and a click does nothing for it."""
        enc = self.enc
        return s.gm and enc.phase == ACTIVE and s.selected not in (None, enc.turn)

    def _look_mode(self, new: str, look: str) -> Command:
        """A GM's look at another combatant's shots (an enemy archer, say) or burst (the Sea Witch on the
        party's turn) from where it stands, without ending turns: the range shaded and the hovered target or
        centre previewed (overlays.ranged); a click shoots or casts nothing for it."""
        v = self.enc.view(look)
        if new == SHOOT:
            if v.ranged is None:
                return Say(f"{look} has no ranged attack", mode=ATTACK)
            return Say(f"GM look: {look}'s shots from where it stands (not its turn; violet: after moving next "
                       "turn); hover an enemy of it", mode=new)
        spent = _no_burst(look, v)
        if spent is not None:
            return Say(spent, mode=ATTACK)
        return Say(f"GM look: {look}'s burst from where it stands (not its turn; violet: after moving next "
                   "turn); hover a hex to centre it on", mode=new)

    def _mode_refused(self, mode: str, new: str, s: Situation) -> str | None:
        """Why the actor cannot enter ``new`` now (the status line says it, and the mode stays attack), or None."""
        enc = self.enc
        actor = enc.turn
        if actor is None:
            return None
        if self.may_act(s) and (used := enc.can_act(actor, mode)) is not None:
            return refusal(used)  # the action is used (R16): the engine's words, as greyed_reason
        if new == DISENGAGE and self.may_act(s) and (why := enc.can_disengage(actor)):
            # Not threatened (R23): there is nothing to break away from, so no mode to enter. Found on the Black
            # Gull: D lit the button and asked "click your combatant (or press D again) to try it" while the
            # preview beside it said "not possible"; it is said now, as Flee says it.
            return refusal(why)
        if new == SHOOT and enc.view(actor).ranged is None:
            return f"{actor} has no ranged attack"
        if new == CAST:
            return _no_burst(actor, enc.view(actor))
        return None

    def _setup_pick(self, cell: Cell, s: Situation) -> Command:
        unit = self.unit_at(cell)
        if unit is not None:
            return Say(f"{unit} selected" + ("; click a hex to place it there" if s.gm else ""), select=unit)
        if s.gm and s.selected is not None:
            return Submit(Place(s.selected, cell))
        return Say(self.idle_status(s.gm))

    def _pick(self, intent: Pick, s: Situation) -> Command:
        """A left click on a map hex in combat: a burst centred there in cast mode, else what the hex holds
        decides (the actor, a hostile, another combatant, or open ground to move to)."""
        unit = self.unit_at(intent.cell)
        actor = self.enc.turn
        may = self.may_act(s)
        if s.mode == CAST:
            cast = self._cast_pick(intent, s, actor, may)
            if cast is not None:
                return cast
        if unit is None:
            return self._ground_pick(intent.cell, s, actor, may)
        return self._unit_pick(unit, intent, s, actor, may)

    def _cast_pick(self, intent: Pick, s: Situation, actor: str | None, may: bool) -> Command | None:
        """Cast mode: the burst centred on the clicked hex (or first the move its preview proposed); nothing for
        a GM's look; None when the click is not the actor's cast (the hex then decides as in any mode)."""
        cell = intent.cell
        if self._gm_looks(s):
            # A GM's look at another's burst (see _mode): previewed only, never cast for it nor for the actor.
            return Say(f"GM look: nothing cast - {s.selected} is not to act ({actor}'s turn); "
                       f"B again ends the look")
        if not (may and actor is not None):
            return None
        at = intent.approach  # the cast preview's move-then-cast: out of range or sight from here
        if at is not None and tuple(at) != tuple(self.enc.view(actor).cell):
            return Submit(Move(actor, at), status=f"{actor} moves to {at[0]},{at[1]}: click {cell[0]},{cell[1]} "
                                                   "again to cast")
        return Submit(Cast(actor, cell), status=None)

    def _unit_pick(self, unit: str, intent: Pick, s: Situation, actor: str | None, may: bool) -> Command:
        """A click on a combatant: the actor (disengage in that mode, else selected), a hostile struck (or the
        actor selected first, when another was), anyone else selected with why it cannot act."""
        enc = self.enc
        if unit == actor:
            if s.mode == DISENGAGE and may:
                return self._disengage(unit)
            return Say(self.idle_status(s.gm), select=unit)
        if actor is not None and may and enc.hostile(actor, unit):
            if s.selected not in (None, actor):
                # Another combatant selected shows no preview for the actor: a click would strike unseen.
                verb = {SHOVE: "shove", SHOOT: "shoot"}.get(s.mode, "attack")
                return Say(f"Selected {actor}, whose turn it is; click {unit} again to {verb}", select=actor)
            return self._strike(actor, unit, s.mode, intent.approach)
        v = enc.view(unit)
        if not may:
            return Say(f"{unit} ({v.faction}) selected - {self.not_your_turn()}", select=unit)
        return Say(f"{unit} ({v.faction}): not its turn; it is {actor}'s turn (Space selects {actor})", select=unit)

    def _ground_pick(self, cell: Cell, s: Situation, actor: str | None, may: bool) -> Command:
        """A click on a hex with no combatant: the actor moves there (once it is the one selected)."""
        if not may or actor is None:
            return Say(self.not_your_turn())
        if s.selected not in (None, actor):
            return Say(f"Selected {actor}, whose turn it is; click again to move", select=actor)
        return Submit(Move(actor, cell))

    def _strike(self, actor: str, target: str, mode: str, approach: Cell | None) -> Command:
        """A click on a hostile: the mode's action, or first the move the preview proposed (Wesnoth's
        move-then-attack: the path's end, then a second click acts)."""
        verb = {SHOVE: "shove", SHOOT: "shoot"}.get(mode, "attack")
        if approach is not None and tuple(approach) != tuple(self.enc.view(actor).cell):
            return Submit(Move(actor, approach),
                          status=f"{actor} moves to {approach[0]},{approach[1]}: click {target} again to {verb}")
        if mode == SHOVE:
            return Submit(Shove(actor, target))
        if mode == SHOOT:
            return Submit(Shoot(actor, target))
        return Submit(Attack(actor, target))

    def _disengage(self, actor: str) -> Command:
        v = self.enc.view(actor)
        skill = best_skill(list(v.skills)) or "none"
        action = Disengage(actor, METHOD_FOR.get(skill, "feint"), skill)
        if v.movement == 0 and not self.enc.acted:
            # R23 only lifts zone of control; with no movement left a success lets it go nowhere this turn.
            return Ask("Disengage anyway?",
                       f"{actor} has no movement left: even a success lets {actor} move nowhere this turn, "
                       "and the roll uses the action.", action)
        return Submit(action)

    def _end_turn(self, actor: str) -> Command:
        why = why_ask(self.enc, actor)  # one rule, its reason said (game.ui.endturn)
        if why is not None:
            # The reason only: the question is the title and the buttons say which keys answer (it read "Odo can
            # still attack Bandit 3: end the turn? Enter again / Esc" beside Yes [Enter] and No [N / Esc]).
            return Ask("End turn?", why.text, EndTurn(), about=(why.foe,) if why.foe is not None else ())
        return Submit(EndTurn())

    def _face_toward(self, actor: str, cell: Cell) -> Command:
        enc = self.enc
        c, r = enc.view(actor).cell
        here = (c, r)
        if tuple(cell) == here:
            return Say(self.idle_status())
        (ax, ay), (bx, by) = self.centre(here), self.centre(cell)
        want = math.atan2(by - ay, bx - ax)
        lay = enc.layout

        def err(d: int) -> float:
            nx, ny = self.centre(lay.neighbor(here, d))
            a = math.atan2(ny - ay, nx - ax) - want
            return abs(math.atan2(math.sin(a), math.cos(a)))

        d = min(range(6), key=err)
        return Submit(Face(actor, lay.direction_names[d]))

"""The replay viewer's model: an action log read once, and the state after any step of it.

Step k is the encounter after the first k actions. Each step's sentence, combat-log lines and the
round it leaves the battle in are worked out once, from one replay of the whole log. Stepping forward
applies the next action; stepping back or jumping starts from the nearest checkpoint at or before
the step (a copy of the state, ``Encounter.clone``, kept every ``every`` steps as the viewer first
passes them) and applies the actions after it, so what is shown is exactly what replaying the prefix
shows, and a step back on a log of thousands of actions is as quick as on a short one.

A mixin of :class:`game.ui.replay.ReplayScene`, which draws it and turns keys and clicks into steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .narration import Entry, LogTeller, action_line, at_war_from, bonus_from, event_line, party_side

CHECKPOINT_EVERY = 50  # the replay keeps a copy of the state at least this many steps apart,
CHECKPOINTS = 64  # and at most about this many copies (a longer log spaces them wider)


class ReplaySteps:
    """The log, its steps' words and rounds, the step shown (``k``) and the state after it (``enc``)."""

    playing: bool  # the scene's: a jump stops playing

    def _read_log(self, scenario: Any, actions: Sequence[Any]) -> None:
        """Replay the whole log once; start at step 0 with no checkpoint kept yet."""
        from game.rules import CombatBegan, CombatEnded, EndTurn, HpSet, RoundStarted, SetHp, TurnStarted, replay

        self.scenario = scenario
        self.actions = list(actions)
        # One replay of the whole log (a line that does not replay raises LogError with its file and line);
        # the events each step caused are the encounter's own records, and the round after each step
        # (where the timeline marks the rounds) is read from them: the round a turn or round began in, or
        # round 1 when combat began with nobody to act. Rolling bonuses do not change once combat begins.
        whole = replay(scenario, actions)
        bonus = bonus_from(whole)
        party = party_side(whole)  # the same colours as the live combat log
        at_war = at_war_from(whole)  # the same words at the end
        round_now = replay(scenario, []).round
        # Each step's lines, worded by the live combat log's own teller (its "X waits (no move, no action)"
        # lines were missing here), and whether it replaces the line before it (a turn on the spot).
        self.step_lines: list[list[Entry]] = []
        self.step_replaces: list[bool] = []
        teller = LogTeller(whole.layout)  # a push names its side, as in the live log
        self.round_after: list[int] = [round_now]
        self.step_words: list[str] = []  # each step in a sentence; an end of turn says whose (found: "End of turn")
        acting: str | None = None
        for action, record in zip(actions, whole.records, strict=True):
            said = action_line(action)
            # A GM's hit points said as the log and the live status line say them: "GM deals 5 damage to Bandit
            # Spear (down to 0 hp)" in the log beside "This step: GM sets Bandit Spear to 0 hp" read as two acts.
            told = next((event_line(ev) for ev in record.events if isinstance(ev, HpSet)), None)
            if isinstance(action, SetHp) and told is not None:
                said = told[0]
            self.step_words.append(f"{acting} ends the turn" if isinstance(action, EndTurn) and acting else said)
            for ev in record.events:
                if isinstance(ev, TurnStarted):
                    acting = ev.unit
                if isinstance(ev, RoundStarted | TurnStarted):
                    round_now = ev.round
                elif isinstance(ev, CombatEnded):
                    acting = None
                elif isinstance(ev, CombatBegan):
                    round_now = max(round_now, 1)
            replace, lines = teller.tell(record.events, bonus, party, record.action, at_war)
            self.step_lines.append(lines)
            self.step_replaces.append(replace)
            self.round_after.append(round_now)
        self.k = 0
        self.enc = replay(scenario, [])
        self.rebuilds = 0  # how many times the state was rebuilt rather than stepped forward (back, jumps)
        # Copies of the state every `every` steps, made as the viewer first passes them: a step back
        # replays from the nearest one at most `every` actions, never the whole log (3,000 actions:
        # 138 ms a step back before). At most about CHECKPOINTS of them, each a copy of a state.
        self.every = max(CHECKPOINT_EVERY, -(-len(self.actions) // CHECKPOINTS))
        self.checkpoints: dict[int, Any] = {}
        self.log_scroll = 0  # combat-log rows scrolled back from the newest

    def go(self, k: int) -> None:
        """Show the state after the first ``k`` actions (clamped to 0..len)."""
        from game.rules import replay

        k = max(0, min(k, len(self.actions)))
        if k == self.k:
            return
        if k == self.k + 1:
            self.enc.apply(self.actions[self.k])
        else:
            # From the nearest checkpoint at or before k (or from here, when k is ahead and nearer): a copy of
            # it, the actions after it applied by the engine, as a replay of the prefix would.
            at = max((c for c in self.checkpoints if c <= k), default=0)
            if self.k < k and self.k >= at:
                enc, at = self.enc, self.k
            elif at:
                enc = self.checkpoints[at].clone()
            else:
                enc = replay(self.scenario, [])
            self.enc = enc
            for i in range(at, k):
                self.enc.apply(self.actions[i])
                self._keep(i + 1)
            self.rebuilds += 1
        self._keep(k)
        self.k = k
        self.log_scroll = 0

    def _keep(self, k: int) -> None:
        """Keep a copy of the state after ``k`` actions every ``self.every`` steps, once: stepping back then
        replays at most that many actions instead of the whole prefix."""
        if k and k % self.every == 0 and k not in self.checkpoints:
            self.checkpoints[k] = self.enc.clone()

    def rounds(self) -> list[int]:
        """Every round the log reaches, in order."""
        return sorted({r for r in self.round_after if r > 0})

    def round_start(self, r: int) -> int:
        """The first step at which round ``r`` is under way (combat begun, or the round's first turn)."""
        return next((k for k, rr in enumerate(self.round_after) if rr >= r), len(self.actions))

    def jump_to_round(self, r: int) -> None:
        self.playing = False
        self.go(self.round_start(r))

    def _round_step(self, direction: int) -> None:
        """PageUp / PageDown: the start of the previous round (or of this one, if past it) / the next round."""
        now = self.round_after[self.k]
        if direction > 0:
            later = [r for r in self.rounds() if r > now]
            self.jump_to_round(later[0]) if later else self.go(len(self.actions))
        else:
            start = self.round_start(now) if now > 0 else 0
            earlier = [r for r in self.rounds() if r < now]
            if self.k > start or not earlier:
                self.playing = False
                self.go(start)
            else:
                self.jump_to_round(earlier[-1])

    def log_lines(self) -> list[tuple[str, str, bool]]:
        """(text, role, from the current step) for every event up to the current step."""
        out: list[tuple[str, str, bool]] = []
        for i in range(self.k):
            if self.step_replaces[i] and out:
                out.pop()  # a turn on the spot replaces the facing line before it, as in the live log
            for text, role in self.step_lines[i]:
                out.append((text, role, i == self.k - 1))
        return out

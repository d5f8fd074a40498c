"""The end-of-battle summary: who won, and how every combatant fared, with a button to watch the replay.

Over the dimmed battle: the headline (victory or defeat told from the human's
side; in an AI-only battle, who won; a fight the GM ended, that the GM ended
it), a line on the battle, then a table with
a row per combatant grouped by faction: damage dealt and taken, whom it
defeated, its flank and rear attacks, shoves, shots and casts, the moves its
zone of control stopped and how often it was stopped, and how it ended. Every
figure is counted from the engine's events (:mod:`game.ui.battle_stats`); the
best of each column is gold. Pointing at a row says whom it defeated and who
defeated it. Buttons (and their keys): Watch the replay, Back to the title,
Quit; the log (the save) is named at the bottom.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from game.render.pg import pygame
from game.rules import FACTIONS

from . import theme as th
from .battle_stats import CombatantStats, battle_stats
from .chrome import DIM, GOLD, INK, Button, panel, shade, text, wrap_balanced
from .fate_words import cause_words, short_fall
from .marks import faction_mark
from .menus import MenuScene
from .narration import at_war_from, gm_sides, in_faction_order, joined, winning_sides
from .outcome_words import fought_nobody
from .scene import QUIT, Transition

ROW = 24
# (heading, width, value of a row, hint shown under the table); the best of each is gold, but for
# TAKEN and STOPPED, where the most is no achievement.
COLUMNS: tuple[tuple[str, int, Callable[[CombatantStats], int], str], ...] = (
    ("Dealt", 62, lambda s: s.dealt, "hp it took off others"),
    ("Taken", 62, lambda s: s.taken, "hp it lost"),
    ("Defeats", 74, lambda s: len(s.defeats), "combatants it defeated"),
    ("Flank", 58, lambda s: s.flank, "attacks and shots from a flank"),
    ("Rear", 52, lambda s: s.rear, "from the rear"),
    ("Shoves", 70, lambda s: s.shoves, "shoves (pushed / tried)"),
    ("Shots", 58, lambda s: s.shots, "ranged attacks"),
    ("Casts", 58, lambda s: s.casts, "area abilities"),
    # Said in whole words: "hostile moves its zone stopped" read as a garble at the end of the Black Gull.
    ("ZoC stops", 92, lambda s: s.zoc_made, "foes' moves its zone of control stopped"),
    ("Stopped", 76, lambda s: s.zoc_suffered, "its moves a foe's zone of control stopped"),
)
NOT_A_PRIZE = ("Taken", "Stopped")
NAME_W = 190
# "How it ended": "defeated in round 4 by Charcoal Burner 1" (ambush) was cut short at 290 px; the box still fits
# a 1280 px window.
FATE_W = 340
FATE_MIN = 190  # "standing, 10/10 hp" whole; a longer fate is cut with an ellipsis in a narrow window
# The room a fate's shorter form may take from columns nobody scored in: "defeated by a fall into the chasm (pushed
# by the GM)" was cut at 960x600 beside empty columns.
FATE_MAX = 400
Column = tuple[str, int, Callable[[CombatantStats], int], str]


def columns_that_fit(rows: list[CombatantStats], width: int, fate_min: int = FATE_MIN,
                     keep_scored: bool = False) -> list[Column]:
    """The figures' columns a table ``width`` wide shows beside the names and a readable "How it ended".

    At 800 px the ten columns ran off the box ("ZoC stop", then nothing). A narrow table leaves out first
    the columns nobody scored in this battle (nothing to read there), then the last ones (zones of control,
    casts, shots: the least read), always keeping Dealt, Taken and Defeats. ``keep_scored``: only the columns
    nobody scored in give way.
    """
    # Shots and Casts only where someone in the battle could shoot or cast: the Greenway's summary had a Casts
    # column of dots though nobody there has an area ability. A bow that never shot keeps its column: that it
    # did not is worth reading.
    cols = [c for c in COLUMNS if not (c[0] == "Shots" and not any(s.can_shoot for s in rows)
                                       or c[0] == "Casts" and not any(s.can_cast for s in rows))]

    def fits() -> bool:
        return NAME_W + sum(c[1] for c in cols) + fate_min <= width

    for c in reversed([c for c in COLUMNS[3:] if c in cols]):
        if fits():
            break
        if not any(c[2](s) for s in rows):
            cols.remove(c)
    while not keep_scored and not fits() and len(cols) > 3:
        cols.pop()
    return cols


Buttons = list[tuple[str, str, Callable[[], Transition | None]]]


def sides(factions: list[str]) -> str:
    """Factions named as the game shows them (player, ally, enemy, neutral), said as sides: "player side",
    "player and ally sides"."""
    return f"{joined(factions)} side{'s' if len(factions) != 1 else ''}"


def summary_lines(enc: Any, log_path: object, humans: set[str]) -> tuple[str, list[str]]:
    """The headline and body of the end-of-battle summary, from the encounter as it ended.

    Victory or defeat is told from the human's side; in an AI-only battle, who won. A fight the GM ended is
    neither a victory nor a defeat: the headline says the GM ended it (:func:`gm_ended`)."""
    winners = in_faction_order(outcome.winners) if (outcome := enc.outcome()) else []
    playing = humans & {v.faction for v in enc.views()}
    rounds = f"{enc.round} round{'s' if enc.round != 1 else ''}"
    if outcome is not None and outcome.reason == "gm":
        headline, first = "Combat ended by the GM", gm_ended(enc, winners)
    elif outcome is not None and fought_nobody(outcome.reason, winners, at_war_from(enc)):
        # Not "Victory!": nobody on the map was hostile to anybody, so combat ended as it began (R13).
        headline = "Nothing to fight"
        first = "No two factions on the map are hostile to each other: combat ended as it began, and nobody won."
    elif winners:
        fought, bystanders = winning_sides(winners, at_war_from(enc))
        if playing:
            headline = "Victory!" if playing & set(winners) else "Defeat"
        else:
            headline = f"The {sides(fought)} win{'s' if len(fought) == 1 else ''}"
        first = f"The {sides(fought)} won after {rounds}."
        if bystanders:
            # R: a faction wins with some of its combatants standing and no hostile left, so neutrals (at war
            # with nobody) win too; said as what it is rather than as "the player and neutral won".
            first += (f" The {sides(bystanders)}, at war with nobody, {'was' if len(bystanders) == 1 else 'were'}"
                      f" still standing and share{'s' if len(bystanders) == 1 else ''} the win.")
    else:
        headline = "Combat ended"
        first = f"No side won (ended in round {enc.round})."
    lines = [first]
    if log_path:
        lines.append(f"Every action is saved in {log_path}")
    return headline, lines


def gm_ended(enc: Any, winners: list[str]) -> str:
    """What the summary says when the GM ended the fight: when, who was still standing on each side, and
    who (if anyone) had no foe left.

    Found ending a fight from the GM card with a neutral miller standing: "Defeat" over "The neutral side won
    after 3 rounds." The rules count a side with someone standing and no hostile standing as a winner, so a
    neutral at war with nobody "won" a fight it never joined; the GM, who stopped it, reads neither a
    victory nor a defeat, and the neutral's win said as what it is."""
    standing = Counter(v.faction for v in enc.views() if v.active)
    said = [f"The GM ended the fight in round {enc.round}."]
    if standing:
        said.append("Still standing: " + joined([f"{standing[f]} of the {f} side" for f in in_faction_order(standing)])
                    + ".")
    else:
        said.append("Nobody was left standing.")
    fought, by = gm_sides(winners, at_war_from(enc))
    one = len(fought) == 1
    if fought:
        said.append(f"The {sides(fought)} {'has' if one else 'have'} no foe left standing and win{'s' if one else ''}.")
    elif any(at_war_from(enc)(f) for f in standing):
        said.append("No side won the fight.")
    if by:
        one = len(by) == 1
        said.append(f"The {sides(by)}, at war with nobody, stood aside: {'it is' if one else 'they are'} counted "
                    f"{'a winner' if one else 'winners'} only for having no foe.")
    return " ".join(said)


def hint_line(columns: list[Column]) -> str:
    """The line under the table that says what the terse headings count (Flank, Rear and the zones of control)."""
    explained = {c[0] for c in COLUMNS[3:5] + COLUMNS[8:10]}  # the headings that need a word
    return "   ".join(f"{head}: {hint}" for head, _, _, hint in columns if head in explained)


class SummaryScene(MenuScene):
    """A menu (its buttons and keys; Esc quits) drawn as the battle's result and the table of how everyone fared."""

    def __init__(self, headline: str, lines: list[str], buttons: Buttons, *, match: Any = None) -> None:
        """``match``: the battle's Match (its scenario and history give the table); without it, no table."""
        super().__init__(headline, lines, buttons, escape=lambda: QUIT)
        self.stats: dict[str, CombatantStats] = {}
        self.hp_now: dict[str, tuple[int, int]] = {}
        if match is not None:
            enc = match.encounter
            self.stats = battle_stats(match.scenario, list(enc.history))
            self.hp_now = {v.name: (v.hp, v.hp_max) for v in enc.views()}
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.first = 0  # rows scrolled past (a battle of many combatants)

    def ordered(self) -> list[CombatantStats]:
        """By faction (player, ally, enemy, neutral), then as the map lists them."""
        order = {f: i for i, f in enumerate(FACTIONS)}
        return sorted(self.stats.values(), key=lambda s: order.get(s.faction, len(order)))

    def fate(self, s: CombatantStats, level: int = 0) -> tuple[str, str]:
        """How it ended, in words, and its colour role. ``level`` shortens it for a narrow column so who did it
        stays whole: 1 says a fall short, keeping where ("fell into the chasm in round 1 (GM)", fate_words); 2 says
        the cause briefly ("by Bjorn's shove", where it went left to the row's tip); 3 leaves the round out too
        (found at 1024x640 on giants_lair: "defeated in round 4 by G..."), a fall still saying where."""
        if s.fate == "active":
            hp, hp_max = self.hp_now.get(s.name, (0, s.hp_start))
            return f"standing, {max(hp, 0)}/{hp_max} hp", "good"
        when = f" in round {s.fate_round}" if s.fate_round and level < 3 else ""
        role = "bad" if s.fate == "defeated" else "warn"
        if level in (1, 3) and (short := short_fall(s, when, level)) is not None:
            return short, role
        return f"{s.fate}{when}{cause_words(s, brief=level > 0)}", role

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEWHEEL and event.y:  # a battle of many combatants scrolls
            self.first = max(0, self.first - event.y)  # drawing clamps the end
            return None
        return super().handle_event(event)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        shade(screen, 150)
        w, h = screen.get_size()
        table_w = NAME_W + sum(c[1] for c in COLUMNS) + FATE_W
        bw = min(w - 40, max(640, table_w + 48))
        # Who won can take two sentences (the neutrals sharing the win): it wraps rather than runs off the box,
        # its rows evened out (a GM's end at 960x600 on the ambush left "fight." alone on the second row).
        first = [row for line in self.lines[:1] for row in wrap_balanced(line, 22, bw - 48)]
        box = pygame.Rect(0, 0, bw, min(h - 40, self.height_needed(len(first))))
        box.center = (w // 2, h // 2)
        # Opaque: a table is read, and through the menus' usual translucency the combat log's lines and the
        # tokens' initials showed between its columns (found after a victory at Harrow Keep, 1280x800).
        panel(screen, box, alpha=255)
        text(screen, self.title, (box.centerx, box.y + 34), 40, GOLD, bold=True, anchor="center")
        y = box.y + 64
        for line in first:
            text(screen, line, (box.centerx, y), 22, INK, anchor="center")
            y += 30
        bottom = box.bottom - 16 - 44 - 12 - 22 * len(self.lines[1:])
        if self.stats:
            self._draw_table(screen, pygame.Rect(box.x + 24, y + 4, box.w - 48, bottom - y - 8))
        yl = bottom + 4
        for line in self.lines[1:]:  # where the log is
            text(screen, th.fit(line, box.w - 48, 18), (box.centerx, yl), 18, DIM, anchor="midtop")
            yl += 22
        self._draw_buttons(screen, box)
        self._draw_row_tip(screen)

    def height_needed(self, first_rows: int = 1) -> int:
        """The box's height with every row of the table in it: the box fits its content (at 1920x1080 a
        full-height box left a wide empty band between a short table and the buttons), up to the window."""
        head = 64 + 30 * min(len(self.lines), first_rows)
        table = (ROW + 2) + ROW * len(self.stats) + 30 if self.stats else 0  # heading, rows, the hints line
        tail = 12 + 22 * len(self.lines[1:]) + 12 + 44 + 16  # where the log is, the buttons
        return max(320, head + 12 + table + tail)

    def _draw_table(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        rows = self.ordered()
        # Room for each fate whole where columns nobody scored in can give it (a fall's cause is the longest:
        # "... by a fall into the chasm (pushed by the GM)"), else for its shorter form (found at 1024x640 on
        # giants_lair: "defeated in round 4 by G...", beside empty columns).

        def need(level: int) -> int:
            return max((th.text_width(self.fate(s, level)[0], 19) + 24 for s in rows), default=FATE_MIN)

        columns = columns_that_fit(rows, area.w, max(FATE_MIN, need(0)), keep_scored=True)
        if NAME_W + sum(c[1] for c in columns) + need(0) > area.w:
            columns = columns_that_fit(rows, area.w, min(FATE_MAX, max(FATE_MIN, need(2))))
        name_w, end_w = NAME_W, area.w - NAME_W - sum(c[1] for c in columns)
        # One form for every row: where one fate is too long whole, all take the shorter form (a column reads as one).
        level = next((n for n in (0, 1, 2) if all(th.text_width(self.fate(s, n)[0], 19) <= end_w - 14 for s in rows)),
                     3)
        x0 = area.x
        y = area.y
        text(screen, "Combatant", (x0 + 22, y), 18, DIM, bold=True)
        x = x0 + name_w
        for head, cw, _, _ in columns:
            text(screen, head, (x + cw - 8, y), 18, DIM, bold=True, anchor="topright")
            x += cw
        text(screen, "How it ended", (x + 10, y), 18, DIM, bold=True)
        y += ROW + 2
        pygame.draw.line(screen, (80, 84, 96), (x0, y - 4), (area.right, y - 4))
        best = [max((f(s) for s in rows), default=0) if head not in NOT_A_PRIZE else -1 for head, _, f, _ in columns]
        fits = max(1, (area.bottom - y - 22) // ROW)
        self.first = max(0, min(self.first, len(rows) - fits))
        self.rows = []
        for s in rows[self.first:self.first + fits]:
            r = pygame.Rect(x0, y - 2, area.w, ROW)
            self.rows.append((s.name, r))
            if r.collidepoint(self.mouse):
                pygame.draw.rect(screen, (46, 50, 64), r, border_radius=4)
            faction_mark(screen, s.faction, (x0 + 9, r.centery), 6, th.faction_colour(s.faction))
            gone = s.fate != "active"
            text(screen, th.fit_name(s.name, name_w - 30, 20), (x0 + 22, y), 20, DIM if gone else INK, bold=not gone)
            x = x0 + name_w
            for i, (head, cw, f, _) in enumerate(columns):
                v = f(s)
                shown = f"{s.shove_hits}/{v}" if head == "Shoves" and v else str(v) if v else "·"
                colour = GOLD if v and v == best[i] else INK if v else (90, 94, 106)
                text(screen, shown, (x + cw - 8, y), 20, colour, bold=bool(v and v == best[i]), anchor="topright")
                x += cw
            fate, role = self.fate(s, level)
            text(screen, th.fit(fate, end_w - 14, 19), (x + 10, y + 1), 19, th.ROLE[role])
            y += ROW
        if len(rows) > fits:
            text(screen, f"{self.first + 1}-{self.first + len(self.rows)} of {len(rows)} (wheel)",
                 (area.right, area.y), 17, DIM, anchor="topright")
        hints = hint_line(columns)
        text(screen, th.fit(hints, area.w, 17), (x0, y + 6), 17, (120, 124, 138))

    def _draw_row_tip(self, screen: pygame.Surface) -> None:
        """Pointing at a row: its attacks and hits, whom it defeated, who defeated it."""
        name = next((n for n, r in self.rows if r.collidepoint(self.mouse)), None)
        if name is None:
            return
        s = self.stats[name]
        lines = [th.Line(s.name, "accent", bold=True)]
        if s.attacks or s.shots:
            lines.append(th.Line(f"attacks {s.hits}/{s.attacks + s.shots} hit (shots included)", size=th.SMALL))
        if s.defeats:
            lines.append(th.Line("defeated " + ", ".join(s.defeats), "good", size=th.SMALL))
        fate, role = self.fate(s)
        lines.append(th.Line(fate, role, size=th.SMALL))
        th.tooltip(screen, lines, self.mouse, within=screen.get_rect())

    def _draw_buttons(self, screen: pygame.Surface, box: pygame.Rect) -> None:
        n = len(self.actions)
        bw = min(280, (box.w - 48 - 16 * (n - 1)) // max(1, n))
        x = box.centerx - (bw * n + 16 * (n - 1)) // 2
        y = box.bottom - 16 - 44
        self.buttons = []
        for label, k, _ in self.actions:
            shown = {"return": "Enter", "escape": "Esc"}.get(k, k.upper() if len(k) == 1 else k)
            b = Button(label, pygame.Rect(x, y, bw, 44), shown)
            b.draw(screen, hover=b.rect.collidepoint(self.mouse))
            self.buttons.append(b)
            x += bw + 16

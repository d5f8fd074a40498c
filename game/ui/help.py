"""HelpScene: a translucent panel listing the controls, pushed over the map."""

from __future__ import annotations

from game.render.pg import pygame
from game.render.style import font

from .chrome import wrap_balanced
from .scene import POP, QUIT, Scene, Transition

CONTROLS = (
    ("Drag (any mouse button)", "pan the map"),
    ("Arrow keys / W A S D", "pan"),
    ("Mouse wheel", "zoom toward the cursor"),
    ("+ / -", "zoom in / out"),
    ("Home", "fit the whole map"),
    ("Point at a hex", "cell, terrain and unit in the status bar"),
    ("H / F1", "show or hide this help"),
    ("Esc", "quit"),
)


Rows = tuple[tuple[str, str], ...]


class HelpScene(Scene):
    """Pages of (key, what it does) rows; Left / Right / Tab turn the page, any other key or a click closes."""

    opaque = False  # the map stays visible underneath

    def __init__(self, title: str, controls: Rows = CONTROLS, pages: tuple[tuple[str, Rows], ...] = ()) -> None:
        self.title = title
        self.pages = pages or (("Controls", controls),)
        self.page = 0
        self.box = pygame.Rect(0, 0, 0, 0)  # where the last drawing put the box (screen)
        self.laid: list[tuple[str, tuple[str, ...]]] = []  # the last drawing's rows: (key, its text's lines)

    @property
    def controls(self) -> Rows:
        return self.pages[self.page][1]

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_TAB) \
                and len(self.pages) > 1:
            step = -1 if event.key == pygame.K_LEFT else 1
            self.page = (self.page + step) % len(self.pages)
            return None
        if event.type == pygame.KEYDOWN or event.type == pygame.MOUSEBUTTONDOWN:
            return POP
        return None

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        w, h = screen.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        screen.blit(shade, (0, 0))
        head = font(30, bold=True)
        size = 22 if h >= 700 else 19
        body = font(size)
        step = body.get_linesize() + 4
        heading, controls = self.pages[self.page]
        # One box for every page (the widest key column and text, the most lines), so turning a page does not
        # make the box jump; nearly opaque, so the panels under it do not show through its text. A text wider
        # than the window allows wraps under itself.
        every = [row for _, page in self.pages for row in page]
        key_w = max(body.size(k)[0] for k, _ in every)
        text_w = max(body.size(v)[0] for _, v in every)
        panel_w = min(w - 20, max(key_w + 40 + text_w, head.size(self.title)[0]) + 60)
        room = max(120, panel_w - 60 - key_w - 40)
        laid = [[(k, wrap_balanced(v, size, room)) for k, v in page] for _, page in self.pages]
        panel_h = 90 + step * max(sum(len(parts) for _, parts in page) for page in laid) + 40
        panel = pygame.Surface((panel_w, panel_h), pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 22, 30, 252), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, (120, 110, 80, 255), panel.get_rect(), 2, border_radius=14)
        panel.blit(head.render(self.title, True, (250, 246, 232)), (30, 24))
        pages = f"   (page {self.page + 1} of {len(self.pages)}: Left / Right)" if len(self.pages) > 1 else ""
        panel.blit(body.render(heading + pages, True, (170, 174, 186)), (30, 60))
        y = 94
        self.laid = laid[self.page]
        for k, parts in laid[self.page]:
            panel.blit(body.render(k, True, (255, 222, 140)), (30, y))
            for part in parts:
                panel.blit(body.render(part, True, (236, 236, 230)), (30 + key_w + 40, y))
                y += step
        hint = body.render("any other key closes", True, (150, 154, 166))
        panel.blit(hint, (panel_w - hint.get_width() - 24, panel_h - 34))
        self.box = panel.get_rect(topleft=((w - panel_w) // 2, max(0, (h - panel_h) // 2)))
        screen.blit(panel, self.box)


# The battle's keys and clicks (game.ui.battle_input binds them); the legend (L) explains the colours.
BATTLE_KEYS = (
    ("Click your combatant", "select it (its reach is shaded)"),
    ("Click a shaded hex", "move there along the cheapest path"),
    ("Click an enemy", "attack it (or shove / disengage / shoot, see the modes)"),
    ("", "out of reach: the first click moves to the hex shown, the next strikes"),
    ("A / S / D", "attack / shove / disengage mode (D twice: disengage now)"),
    ("R", "shoot mode: click an enemy in range and sight (ranged combatants)"),
    ("B", "cast mode: click the hex to centre the burst on (area abilities)"),
    ("S, hover an enemy", "every way to push it: where it lands, what it suffers (chasm, fire), the odds"),
    ("Point at its side, W / Shift+W", "choose the side to shove from (pushed straight away from you); click"),
    ("Tab / Shift+Tab, Enter", "target by keyboard, in attack, shove (S), shoot (R) and cast (B) mode: Tab to the"),
    ("", "next foe you can reach from here, Enter acts, Esc cancels; with none, it says why"),
    ("Tab in shove mode, W / Shift+W", "the way from where you stand first; W / Shift+W the next / previous way, the"),
    ("", "landing and what it suffers shown; Enter shoves exactly that way (from another side: steps first)"),
    ("Right-click or right-drag, Q / E", "turn to face a hex / turn left, right"),
    ("F", "flee (on an exit hex)"),
    ("U, Backspace, Ctrl+Z", "undo the last move while no dice were rolled"),
    ("Enter", "end the turn (asks if it could still attack, or has not moved yet)"),
    ("", "a quick second Enter is ignored until the next turn is shown"),
)
BATTLE_VIEW_KEYS = (
    ("Hover an enemy", "attack preview (Shift: where it could strike, red, or shoot, violet, next turn)"),
    ("", "short: odds and damage first; hold Alt for the long form, how the roll is worked out"),
    ("Space", "select and show the current actor"),
    ("V", "enemy reach: how many enemies can hit each hex next turn"),
    ("", "violet: a bow or burst could reach it after moving (hover: who, the odds)"),
    ("P", "hide or show the panels (tracker, card, log)"),
    ("I, hover the card", "full or short card, GM card and previews (short in a small window)"),
    ("C / L", "coordinates on every hex / legend: colours, terrain costs and cover"),
    ("Drag, arrows, screen edge / wheel", "pan / zoom toward the cursor (+ / -; Home frames everyone)"),
    ("G", "GM mode: act for anyone, GM tools"),
    ("X", "show the AI's reasons"),
    ("1 / 2 / 3, click the speed", "AI speed 1x / 2x / instant"),
    ("F11", "full screen"),
    ("Esc", "pause menu (back out of a mode first)"),
)
RANGED_HELP = (
    ("R (shoot mode)", "your shooting range is shaded: hexes in your bow's band that you can see (R29, R30)"),
    ("Hover an enemy", "the line of sight: green clear, amber through cover (ringed), red blocked (hex marked)"),
    ("", "and the whole roll: sight, hit chance, arc, shooting while threatened, damage, modifiers"),
    ("Click it", "shoot (your action); an arrow flies, the log shows the roll"),
    ("Tab / Shift+Tab", "the next enemy in range and sight, nearest first, previewed; Enter shoots it"),
    ("", "out of range or sight from here: the first click steps to the best hex in reach, the next shoots"),
    ("B (cast mode)", "the hexes you can centre your burst on are shaded (range and sight, R32)"),
    ("Hover a hex", "the area there: who it catches (red enemy, amber friendly fire), each one's chance,"),
    ("", "expected damage and push arrow (R33), and the uses left"),
    ("Click it", "cast (your action; uses one); a burst goes off, each roll in the log"),
    ("Tab / Shift+Tab", "the burst centred on the next enemy in area range, nearest first; Enter casts"),
    ("", "out of range or sight from here: the first click steps to the safest hex in reach, the next casts"),
    ("Esc or A", "back to attack mode"),
)
BATTLE_HELP = (("Playing a turn", BATTLE_KEYS), ("Looking, camera and GM", BATTLE_VIEW_KEYS),
               ("Shooting and areas", RANGED_HELP))

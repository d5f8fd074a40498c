"""A yes/no question over the battle that a stray click or a held key cannot answer.

Issue 20 bug 11: the end-turn question, centred on the map where the camera
keeps the actor, caught map clicks aimed near the centre and ended two turns by
accident. So:

- a button answers on release, and only when the press began on that same
  button after the question opened (the click that opened it, or one already
  under way, never answers it);
- a key answers on release, and only when its press came after the question
  opened and was not held down into key repeat (holding Enter through the
  question does not say yes);
- the box sits at the bottom of the map area, just above the action bar where
  the End turn button is, away from the middle where the camera keeps the actor;
  clicks outside it do nothing;
- but never over the actor: near the map's bottom edge the camera cannot centre
  it (ambush, Brother Odo, round 4: the box sat on his own token), so the scene
  says which screen rectangles to keep clear and the box goes to the top of the
  map area instead (then to a corner), still away from the middle;
- nor over the combat log, which sits at the bottom right: at 1100x720 and
  800x560 the centred box covered the lines that said what had just happened.
  The box slides left of the log where the row has room, else goes to the top;
- nor over the foe the question names, nor (where the window has room) the card and the tracker: at
  800x560, sent to the top by the log, the box covered both panels and the very enemy it named. A box
  with no free spot narrows (its detail wrapped) before it gives up keeping any of them clear, so there
  it sits left of the log, above the action bar;
- the detail is one line where it fits (the box widens for it, up to 760 px and the window): the reason
  for asking, not the keys, which the buttons already show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.render.pg import pygame
from game.render.style import font

from .chrome import Button, panel, text, wrap
from .context import ACTION_BAR, STATUS_BAR, TOP_BAR
from .menus import MenuScene
from .scene import POP, QUIT, Transition

YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)
WIDTH = 560  # the box's width unless its detail needs more
WIDEST = 760  # a detail longer than this wraps (a box across the whole window would hide the panels)
NARROWEST = 320  # where the wide box has no free spot, it narrows (its detail wrapped) down to this
MARGIN = 8  # between the box and the bars, the window's sides, or a token kept clear


def place_box(sizes: Sequence[tuple[int, int]], screen: tuple[int, int], clear: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a box goes, of the first of ``sizes`` (widest first: the same words wrapped narrower) that has a
    free spot: above the action bar, else below the top bar; in either row centred, else just beside one of
    the rectangles in ``clear``, else in a corner. Free: ``MARGIN`` from every rectangle in ``clear``; else
    from all but the last, and so on (the first of them, the actor, above all); else the spot that covers
    the least of the first. Never over the map's middle."""
    w, h = screen
    bottom, top = h - STATUS_BAR - ACTION_BAR - MARGIN, TOP_BAR + MARGIN
    middle = pygame.Rect(0, 0, 2 * MARGIN, 2 * MARGIN)
    middle.center = (w // 2, (TOP_BAR + h - STATUS_BAR) // 2)  # where the camera keeps the actor
    keep = [r.inflate(2 * MARGIN, 2 * MARGIN) for r in clear]

    def spots(size: tuple[int, int]) -> list[pygame.Rect]:
        lo, hi = MARGIN + 12, w - MARGIN - 12 - size[0]
        beside = [x for r in keep for x in (r.left - size[0], r.right) if lo <= x <= hi]
        xs = list(dict.fromkeys((w // 2 - size[0] // 2, *beside, lo, hi)))
        boxes = [pygame.Rect(x, y, *size) for y in (bottom - size[1], top) for x in xs]
        return [b for b in boxes if not b.colliderect(middle)]

    def covered(box: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
        return sum(c.width * c.height for r in rects if (c := box.clip(r)).width and c.height)

    every = [(size, spots(size)) for size in sizes]
    for n in range(len(keep), 0, -1):
        for _, boxes in every:
            free = next((b for b in boxes if not covered(b, keep[:n])), None)
            if free is not None:
                return free
    widest = every[0][1] or [pygame.Rect(w // 2 - sizes[0][0] // 2, bottom - sizes[0][1], *sizes[0])]
    return min(widest, key=lambda b: covered(b, keep[:1]))


class ConfirmScene(MenuScene):
    def __init__(self, question: str, detail: str, yes: Callable[[], Transition | None],
                 clear_of: Callable[[], Sequence[pygame.Rect]] | None = None) -> None:
        """``clear_of``: the screen rectangles the box must not cover (the actor's token first), asked each frame
        so a window resized under the question still keeps them in sight."""

        def do_yes() -> Transition | None:
            return yes() or POP

        super().__init__(question, [detail], [("Yes", "return", do_yes), ("No", "n", lambda: POP)])
        self.pressed: int | None = None  # index of the button a press began on while the question was open
        self.key_downs: dict[int, int] = {}  # key -> presses seen since the question opened (repeats count)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.clear_of = clear_of

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = next((i for i, b in enumerate(self.buttons) if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            began, self.pressed = self.pressed, None
            if began is not None and began < len(self.buttons) and self.buttons[began].hit(event.pos):
                return self.actions[began][2]()
        elif event.type == pygame.KEYDOWN:
            self.key_downs[event.key] = self.key_downs.get(event.key, 0) + 1
        elif event.type == pygame.KEYUP:
            downs = self.key_downs.pop(event.key, 0)
            if downs == 1:  # pressed after the question opened, and not held into key repeat
                if event.key in YES_KEYS:
                    return self.actions[0][2]()
                if event.key in NO_KEYS:
                    return self.actions[1][2]()
        return None

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        w, h = screen.get_size()
        widest = max((font(20).size(line)[0] for line in self.lines), default=0)
        pw = min(max(WIDTH, min(widest + 40, WIDEST)), w - 40)
        bodies: dict[int, list[str]] = {}
        for bw in range(pw, min(pw, NARROWEST) - 1, -20):  # the same words, narrower where the box has no room
            bodies[bw] = [part for line in self.lines for part in wrap(line, 20, bw - 40)]
        sizes = [(bw, 56 + 24 * len(body) + 60) for bw, body in bodies.items()]
        box = place_box(sizes, (w, h), self.clear_of() if self.clear_of is not None else [])
        pw, body = box.width, bodies[box.width]
        self.box = box
        panel(screen, box)
        text(screen, self.title, (box.x + 20, box.y + 12), 26, (255, 214, 120), bold=True)
        y = box.y + 48
        for line in body:
            text(screen, line, (box.x + 20, y), 20)
            y += 24
        bw = (pw - 60) // 2
        self.buttons = []
        for i, (label, k, _) in enumerate(self.actions):
            shown = {"return": "Enter", "n": "N / Esc"}.get(k, k)
            b = Button(label, pygame.Rect(box.x + 20 + i * (bw + 20), box.bottom - 52, bw, 40), shown)
            b.draw(screen, hover=b.rect.collidepoint(self.mouse))
            self.buttons.append(b)

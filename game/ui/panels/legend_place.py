"""Where the open legend goes, and how tightly its rows are set, so it hides neither the party nor the action bar.

The legend is opened to look up a colour on the map, most often around the player's own tokens: a legend over
them defeats its purpose. Found playing fortress_assault at 960x600: beside the card it covered Captain Vessa,
Doran, Ilse and Grum, ran under the action bar (Flee, Undo, End turn), and at 800x560 past the status line. So:

- its rows close up (the roomiest spacing that fits) until it ends above where the action bar stands, which is
  kept even while the bar is away (an AI's turn): the legend does not grow and shrink with the turns;
- it takes, of a few places along the top of the map area (beside the card, as it always opened; over the
  card at the left edge; beside the tracker; over the tracker at the right edge), the one hiding the actor
  last, then the fewest of the human side's tokens, then the fewest other tokens; the first of them in that
  order on a tie. It stays where it is until another place hides fewer of the human side (it does not hop
  as tokens walk past it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.render.pg import pygame

from .. import theme as th
from ..context import ACTION_BAR
from .initiative import WIDTH as TRACKER_WIDTH  # the tracker's column at the top right


@dataclass(frozen=True)
class Pitch:
    """The legend's vertical rhythm: the title's row, an overlay or mark row, a terrain row, the swatch size."""

    head: int
    row: int
    terrain: int
    swatch: int


# Roomiest first; the tightest still leaves 5 px between rows of 11 px high type (SMALL).
PITCHES = (Pitch(30, 26, 22, 28), Pitch(27, 22, 19, 22), Pitch(25, 19, 16, 18))


def legend_height(pitch: Pitch, overlay_rows: int, terrain_rows: int) -> int:
    """The legend's height: the title, the overlay and mark rows, a 6 px gap, the terrain heading, its column
    heads and ``terrain_rows`` rows (the exit line counted among them), and the margins."""
    return 8 + pitch.head + pitch.row * overlay_rows + 6 + pitch.terrain * (terrain_rows + 2) + 8


def room_above_bar(area: pygame.Rect) -> int:
    """The height the legend may take from 8 px below the map area's top to 6 px above the action bar's backing
    (game.ui.hud: the buttons stand 8 px into a bar ``ACTION_BAR`` px high, the backing 6 px beyond them)."""
    return area.height - 8 - (ACTION_BAR - 8 + 6) - 6


def pick_pitch(area: pygame.Rect, overlay_rows: int, terrain_rows: int) -> Pitch:
    """The roomiest spacing whose legend ends above the action bar; the tightest when none does."""
    room = room_above_bar(area)
    return next((p for p in PITCHES if legend_height(p, overlay_rows, terrain_rows) <= room), PITCHES[-1])


def places(area: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
    """The legend's candidate frames, in order of preference: beside the card, over it at the left edge, beside
    the tracker, over it at the right edge. Each kept inside the map area (a window narrower than the legend
    and the card side by side has fewer distinct places)."""
    w, h = size
    xs = [area.x + 8 + th.CARD_WIDTH + 8, area.x + 8, area.right - 8 - TRACKER_WIDTH - 8 - w, area.right - 8 - w]
    out: list[pygame.Rect] = []
    for x in xs:
        r = pygame.Rect(max(area.x + 8, min(x, area.right - 8 - w)), area.y + 8, w, h)
        if r not in out:
            out.append(r)
    return out


def hidden(frame: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    return len(frame.collidelistall(list(rects)))


def choose(cands: Sequence[pygame.Rect], actor: pygame.Rect | None, party: Sequence[pygame.Rect],
           others: Sequence[pygame.Rect], current: pygame.Rect | None) -> pygame.Rect:
    """The place hiding the actor last, then the fewest of the party, then the fewest others;
    ``current`` (where it stands now, if still a candidate) kept unless another hides less of the first two."""
    def cost(r: pygame.Rect) -> tuple[int, int]:
        return (int(actor is not None and r.colliderect(actor)), hidden(r, party))

    def score(ir: tuple[int, pygame.Rect]) -> tuple[int, int, int, int]:
        i, r = ir
        return (*cost(r), hidden(r, others), i)

    best = min(enumerate(cands), key=score)[1]
    if current is not None and current in cands and cost(current) <= cost(best):
        return current
    return best

"""The seam between the battle scene and the widgets drawn over it (overlays, panels, GM tools).

The battle scene owns one :class:`BattleContext` and hands it to every widget
each event and each frame. Widgets READ it (the match, the selection, what the
cursor is over, the camera) and never change the encounter themselves: they
answer an event with a :class:`Reply` carrying an action for the scene to
submit to the match (the one path every state change takes), asked about
first when the reply says so (a yes/no box, :mod:`game.ui.confirm`), a scene
transition (push a form, a replay viewer), or a status line.

Widget contract (duck-typed, see :class:`Widget`):

- ``layer``: ``"under"`` (drawn on the map below the tokens: reach shading,
  enemy reach counts, facing arcs, the move path), ``"over"`` (above tokens:
  attack and shot previews, tooltips) or ``"panel"`` (screen-space: tracker, card, log, legend).
- ``handle_event(event, ctx) -> Reply | None``: None = not mine, the next
  widget (then the scene) gets it. Panels are asked first (topmost first).
- ``draw(screen, ctx)``: draw in screen pixels; use ``ctx.to_screen`` /
  ``ctx.hex_polygon`` / ``ctx.hex_radius`` for map geometry (the camera
  already interpolated). Cache what is costly by ``(ctx.version,
  ctx.zoom_index, ...)``: ``version`` changes whenever the encounter does.
- ``update(dt, ctx)`` (optional): fixed 60 Hz tick for widget animations.

Discovery: ``game.ui.overlays`` and ``game.ui.panels`` each export
``widgets() -> list[Widget]`` (fresh instances for one battle); the battle
scene collects both (a package that is missing contributes nothing). A replay
viewer, when present, is ``game.ui.replay.ReplayScene(scenario, actions)``
(a Scene; the summary and ``playmat play --replay`` push it).

Screen space: the battle scene draws a top bar (``TOP_BAR`` px: round, whose
turn, who controls it, AI speed, modes) and a status line (``STATUS_BAR`` px)
at the bottom; ``ctx.view_rect`` is the map area between them. The action
bar (attack/shove/disengage/flee/undo/end turn) takes the bottom-centre
``ACTION_BAR`` px of the map area, about 560 px wide. Panels own the left
and right edges of the map area.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.render.pg import pygame
from game.render.tokens import disc_scale

from .camera import Camera
from .scene import Transition

if TYPE_CHECKING:
    from game.rules import Action, Applied, EncounterView

    from .drawn import Drawn
    from .theme import Tip

Cell = tuple[int, int]
Point = tuple[float, float]

TOP_BAR = 36
STATUS_BAR = 30
ACTION_BAR = 56

# What a left click on a hostile combatant does (the action bar / keys A, V, D choose).
ATTACK, SHOVE, DISENGAGE = "attack", "shove", "disengage"


class HexGeometry(Protocol):
    """Tiled's pixel geometry of the map (map pixels at zoom 1)."""

    def cell_center(self, cell: Cell) -> Point: ...
    def cell_corners(self, cell: Cell) -> list[Point]: ...
    def pixel_to_cell(self, x: float, y: float) -> Cell: ...


class MatchView(Protocol):
    """What the widgets read of a match (a :class:`game.match.Match`, or the replay's step shown)."""

    @property
    def encounter(self) -> EncounterView: ...
    @property
    def applied(self) -> Sequence[Applied]: ...
    def is_human_turn(self) -> bool: ...
    def human_factions(self) -> frozenset[str]: ...


@dataclass
class Reply:
    """A widget's answer to an event. An empty Reply still means "consumed"."""

    action: Action | None = None  # for the scene to submit through the match
    transition: Transition | None = None  # push a form / viewer, pop, ...
    status: str | None = None  # one line for the status bar (e.g. why something is not allowed)
    command: str | None = None  # what the scene itself does: "undo" (the last action), "save" (the setup as a map)
    ask: tuple[str, str] | None = None  # (question, detail): the scene asks first, and Yes submits the action


@dataclass
class BattleContext:
    match: MatchView
    geometry: HexGeometry
    camera: Camera
    alpha: float = 1.0  # interpolation of the current frame (camera already applied by to_screen)
    selected: str | None = None  # the combatant whose moves are previewed (the current actor by default)
    hovered_cell: Cell | None = None  # on-map cell under the cursor, None over panels / off the map
    hovered_unit: str | None = None  # combatant whose footprint holds hovered_cell (or a highlighted tracker entry)
    # The foe Tab chose for the shove in force (keyboard play, game.ui.battle_focus): the hover is put on it, and
    # the shove preview shows it where the pointer rests, until the pointer moves, Esc, or the shove is made.
    focus: str | None = None
    highlight: str | None = None  # a panel asks the scene to ring this token (initiative hover)
    action_mode: str = ATTACK  # what clicking a hostile does: ATTACK, SHOVE or DISENGAGE preview/commit
    gm: bool = False  # GM mode: act for any faction at any time, GM actions available
    show_enemy_reach: bool = False  # Ctrl-V: count per hex of enemies that can reach and attack it next turn
    show_coords: bool = False  # col,row on every hex
    card_full: bool | None = None  # I: the full or the short combatant card (None: as the window's size says)
    busy: bool = False  # an animation or AI turn is playing: input that acts is refused
    animating: bool = False  # an action's animation is playing: the tokens on screen are not yet the state's
    # This frame is being drawn a second time, a panel having opened or moved in the first (BattleScene.draw): the
    # overlays' work spread over frames (a recount, a layer painted behind the scenes) waits for the next frame.
    again: bool = False
    modal: bool = False  # a GM form is open: the map shows no move of the actor's (a click picks the form's hex)
    version: int = 0  # bumped after every applied action, undo and reload: the cache key for widgets
    status: str = ""  # the status line
    mouse: tuple[int, int] = (0, 0)
    view_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))  # the map area on screen
    explain: Callable[[], list[str]] | None = None  # AI reasons for the last AI choice, when available
    # Each token's shape as drawn, with what it was worked out from (game.ui.tokenlayer.token_shapes): asked for
    # by the tooltips, V's box and the name tag every frame, and the same while nothing moves.
    shape_memo: dict[str, tuple[object, object, Drawn]] = field(default_factory=dict, repr=False)
    # Tooltips "over" widgets post this frame; the Tooltips panel (last of game.ui.panels.widgets()) draws
    # them above every panel and clears the list, so a preview is never hidden under the log or the tracker.
    tips: list[Tip] = field(default_factory=list)
    # The screen rectangles of the panels and the action bar drawn so far this frame (the battle view fills it
    # as it draws them): the tooltips, drawn last, keep clear of them.
    covers: list[pygame.Rect] = field(default_factory=list)
    # What is drawn around the hovered token this frame: its facing arcs' labels (its name tag keeps clear of
    # them), then the name tag; a tooltip keeps clear of both, stepping just past them when they are in its way.
    keep_clear: list[pygame.Rect] = field(default_factory=list)
    # The facing arcs' labels as drawn this frame (their art and where it went, the rects those in
    # ``keep_clear``): the name tag's leader line passes under their letters, not round a box about them.
    label_art: list[tuple[pygame.Surface, pygame.Rect]] = field(default_factory=list)
    # What a tooltip must leave in view wherever any spot allows, before the panels: the start of the path a
    # preview draws from the actor (its token is added by the Tooltips panel). Filled as the overlays draw.
    in_sight: list[pygame.Rect] = field(default_factory=list)
    # Small marks drawn on the map this frame that a facing arc's label steps off: the ring at a previewed
    # path's end (the approach a blow needs). Filled as the overlays draw.
    marks: list[pygame.Rect] = field(default_factory=list)
    # Set by the shove preview for this frame when it draws every way to push the hovered foe: its arcs' labels
    # would sit on the landings, and each way's row carries the odds of its side (overlays.shove).
    arc_labels_off: bool = False
    # Whether the action bar is drawn this frame (the battle view says so before the panels draw): in a tiny
    # window the combat log's tab stands on the bar's line only while it is there (panels.combat_log).
    bar_shown: bool = True
    # The panels and the action bar as the last frame drew them: the name tag keeps out from under them.
    panels: list[pygame.Rect] = field(default_factory=list)
    # The panels (card, tracker, log, legend) as drawn so far this frame, their sizes and places of this frame:
    # a tooltip gives way to tokens before these. Not ``panels`` (last frame's): pointing from one token to
    # another, the card grew to the new one's stats and, for that first frame only, counted as the action bar
    # (a box that jumped off a token a moment later; the Greenway, Bandit Archer 1).
    panels_now: list[pygame.Rect] = field(default_factory=list)
    # Panels the player opened to read (the legend, L), drawn so far this frame: a tooltip keeps off them
    # before the other panels. Emptied with ``covers``.
    reading: list[pygame.Rect] = field(default_factory=list)

    @property
    def encounter(self) -> EncounterView:
        return self.match.encounter

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    @property
    def zoom_index(self) -> int:
        return self.camera.zoom_index

    def to_screen(self, x: float, y: float) -> Point:
        """Map pixel -> screen pixel for this frame."""
        sx, sy = self.camera.map_to_screen(x, y, self.alpha)
        return sx + self.view_rect.x, sy + self.view_rect.y

    def cell_to_screen(self, cell: Cell) -> Point:
        return self.to_screen(*self.geometry.cell_center(cell))

    def hex_polygon(self, cell: Cell) -> list[Point]:
        return [self.to_screen(x, y) for x, y in self.geometry.cell_corners(cell)]

    def hex_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle around a hex."""
        xs, ys = zip(*self.hex_polygon(cell), strict=True)
        return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))

    def token_rect(self, name: str) -> pygame.Rect:
        """A token's disc on screen with its ring (0.78 hex inradius, +1.42 per footprint ring, R26)."""
        v = self.encounter.view(name)
        x, y = self.cell_to_screen(v.cell)
        r = self.hex_radius() * disc_scale(v.radius) + 4
        return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))

    def hex_radius(self) -> float:
        """Screen distance from a hex centre to the middle of a side (the inradius) at this zoom."""
        a = (1, 1)
        ax, ay = self.geometry.cell_center(a)
        bx, by = self.geometry.cell_center(self.encounter.layout.neighbor(a, 0))
        return ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 / 2 * self.zoom

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The on-map cell under a screen point, None outside the map."""
        if not self.view_rect.collidepoint(pos):
            return None
        mx, my = self.camera.screen_to_map(pos[0] - self.view_rect.x, pos[1] - self.view_rect.y, self.alpha)
        cell = self.geometry.pixel_to_cell(mx, my)
        board = self.encounter.board
        return cell if board.is_on_map(cell) else None


class Widget(Protocol):
    layer: str  # "under" | "over" | "panel"

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None: ...
    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None: ...

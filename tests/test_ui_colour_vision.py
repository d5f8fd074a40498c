"""The window read by a player with colour-vision deficiency (about 1 man in 12 confuses red and green).

- tools/colour_vision.py simulates protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009,
  severity 1.0, in linear RGB): checked against colours worked out by hand from the paper's matrices.
- Every pair of colours the window asks a player to tell apart (faction tokens and tracker marks, hp bar states,
  good / bad / warning words and sight lines, cover and blocked marks) stays at least ``THRESHOLD`` CIELAB units
  apart (delta E 1976) under each simulated deficiency. The old palette failed several pairs: the test says so.
- Where colour alone carried a meaning, a shape now does too: the tracker's faction marks, the cross on a hex
  that blocks sight.
"""

from __future__ import annotations

import itertools
import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.render.style import FACTION_STYLE, hp_colour  # noqa: E402
from game.ui import theme  # noqa: E402
from tests.scene_harness import frame, key, open_battle  # noqa: E402
from tests.tool_scripts import load_tool  # noqa: E402

cv = load_tool("colour_vision")
MAPS = Path(__file__).resolve().parents[1] / "maps"
KINDS = ("protan", "deutan", "tritan")

# Delta E 1976 of 2.3 is a just-noticeable difference on large patches side by side. The window's colours are
# small (a 6 px tracker mark, a 2 px sight line, 17 px words) and seen one at a time, not side by side, where a
# difference looks much smaller; 20 is the floor a palette for naming categories at a glance is usually held to,
# and what the old palette's ally and enemy tokens (16 to a deutan), good and bad words (10) and hp bar's full and
# nearly-down states (14) missed.
THRESHOLD = 20.0


# --- the simulation, against the paper's matrices worked by hand -------------------------------------------------

def test_pure_red_as_a_deutan_and_a_protan_sees_it_worked_by_hand() -> None:
    """sRGB (255, 0, 0) is linear (1, 0, 0), so the simulation is the matrix's first column, clipped to [0, 1] and
    encoded to sRGB (1.055 c^(1/2.4) - 0.055 above 0.0031308):
    deutan (0.367322, 0.280085, -0.011820) -> (0.640 * 255, 0.566 * 255, 0) = (163, 144, 0);
    protan (0.152286, 0.114503, -0.003882) -> (0.4266 * 255, 0.3727 * 255, 0) = (109, 95, 0).
    Pure blue as a tritan sees it, the third column (-0.178779, 0.147602, 0.303900) -> (0, 107, 150)."""
    assert tuple(cv.simulate((255, 0, 0), "deutan")) == (163, 144, 0)
    assert tuple(cv.simulate((255, 0, 0), "protan")) == (109, 95, 0)
    assert tuple(cv.simulate((0, 0, 255), "tritan")) == (0, 107, 150)


def test_a_grey_stays_the_same_grey() -> None:
    """Each row of each matrix sums to 1 (0.367322 + 0.860646 - 0.227968 = 1, and so on), so an achromatic colour,
    the same in R, G and B, is seen unchanged: no deficiency changes a grey."""
    for kind in KINDS:
        assert tuple(cv.simulate((128, 128, 128), kind)) == (128, 128, 128)


def test_the_tool_writes_three_simulations_beside_the_png(tmp_path: Path) -> None:
    pygame.display.init()
    shot = tmp_path / "shot.png"
    surf = pygame.Surface((4, 2))
    surf.fill((255, 0, 0))
    pygame.image.save(surf, str(shot))
    assert cv.main([str(shot)]) == 0
    deutan = pygame.image.load(str(tmp_path / "shot.deutan.png"))
    assert tuple(deutan.get_at((3, 1)))[:3] == (163, 144, 0)
    assert {p.name for p in tmp_path.iterdir()} == {"shot.png", "shot.protan.png", "shot.deutan.png",
                                                    "shot.tritan.png"}


def test_a_file_that_is_not_a_png_is_named_with_status_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "notes.png"
    bad.write_text("not a picture")
    assert cv.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and err.count("\n") == 1 and "Traceback" not in err


# --- delta E 1976, from sRGB by the standard formulas (not from the tool) ----------------------------------------

def lab(rgb: tuple[int, ...]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour: decode to linear, to XYZ by the sRGB matrix, then L*, a*, b*."""
    lin = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb[:3]]
    r, g, b = lin
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)
    d = 6 / 29
    fx, fy, fz = (t ** (1 / 3) if t > d ** 3 else t / (3 * d * d) + 4 / 29
                  for t in (v / w for v, w in zip(xyz, white, strict=True)))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[int, ...], b: tuple[int, ...], kind: str) -> float:
    return math.dist(lab(tuple(cv.simulate(a[:3], kind))), lab(tuple(cv.simulate(b[:3], kind))))


def test_delta_e_of_black_and_white_is_100() -> None:
    """The formulas above, checked where the answer is known: white is L* 100, black L* 0, both grey."""
    assert math.dist(lab((255, 255, 255)), lab((0, 0, 0))) == pytest.approx(100, abs=0.1)


def pairs(named: dict[str, tuple[int, ...]]) -> list[tuple[str, str]]:
    return list(itertools.combinations(named, 2))


def palette() -> dict[str, dict[str, tuple[int, ...]]]:
    """What the window draws, by what a player must tell apart in it."""
    return {
        # the tokens' bodies and the top bar's mark
        "token": {f: s.fill for f, s in FACTION_STYLE.items()},
        # the tracker's and summary's marks, the card's frame, names in the log
        "mark": {f: theme.faction_colour(f) for f in FACTION_STYLE},
        # odds and outcomes in words, the sight line's clear / cover / blocked, cover and blocked-sight marks
        "words": {"good": theme.GOOD, "bad": theme.BAD, "warn": theme.WARN},
        # the hp bar unhurt, half down and nearly down
        "hp": {"full": hp_colour(1.0), "half": hp_colour(0.4), "low": hp_colour(0.1)},
    }


# The old palette, as the window drew it before the pass (from git history): what failed, and the test's proof
# that it can fail.
OLD = {
    "token": {"player": (40, 98, 206), "ally": (46, 142, 64), "enemy": (188, 40, 36), "neutral": (128, 128, 132)},
    "mark": {"player": (132, 182, 255), "ally": (146, 220, 132), "enemy": (255, 132, 110),
             "neutral": (212, 212, 216)},
    "words": {"good": (128, 214, 128), "bad": (255, 118, 104), "warn": (255, 176, 64)},
    "hp": {"full": (52, 150, 62), "half": (214, 146, 24), "low": (196, 36, 36)},
}
FIXED = [("token", "ally", "enemy", "deutan"), ("mark", "ally", "enemy", "deutan"),
         ("mark", "player", "ally", "tritan"), ("words", "good", "bad", "deutan"), ("hp", "full", "low", "deutan")]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("group", ["token", "mark", "words", "hp"])
def test_every_pair_a_player_tells_apart_stays_apart_with_each_deficiency(group: str, kind: str) -> None:
    named = palette()[group]
    close = {f"{a}/{b}": round(delta_e(named[a], named[b], kind), 1) for a, b in pairs(named)}
    assert min(close.values()) >= THRESHOLD, close


@pytest.mark.parametrize("group,a,b,kind", FIXED, ids=["/".join(f) for f in FIXED])
def test_the_old_palette_lost_the_pairs_this_fixed(group: str, a: str, b: str, kind: str) -> None:
    assert delta_e(OLD[group][a], OLD[group][b], kind) < THRESHOLD
    assert delta_e(palette()[group][a], palette()[group][b], kind) >= THRESHOLD


def test_cover_and_blocked_sight_marks_keep_the_words_colours() -> None:
    """The faint marks in shoot and cast modes are the words' warning and bad colours, so the pair checked above
    is the pair drawn (R30, R31)."""
    assert theme.COVER_MARK[:3] == theme.WARN and theme.SIGHT_MARK[:3] == theme.BAD


# --- shapes where colour alone told things apart ------------------------------------------------------------------

def shape_at(screen: pygame.Surface, centre: tuple[int, int], colour: tuple[int, ...], reach: int = 10) -> str:
    """The shape drawn in exactly ``colour`` around ``centre``: a ring when its middle is empty, else by how much
    of its bounding box it fills (a square all of it, a disc about 0.7, a diamond about half)."""
    px = [(x, y) for x in range(centre[0] - reach, centre[0] + reach + 1)
          for y in range(centre[1] - reach, centre[1] + reach + 1) if tuple(screen.get_at((x, y)))[:3] == colour[:3]]
    assert px, ("nothing drawn in", colour, "at", centre)
    if centre not in px:
        return "ring"
    xs, ys = [p[0] for p in px], [p[1] for p in px]
    fill = len(px) / ((max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1))
    return "square" if fill > 0.9 else "diamond" if fill < 0.6 else "disc"


def test_the_trackers_marks_tell_the_four_sides_apart_by_shape(tmp_path: Path) -> None:
    """The Greenway has all four sides. In the tracker each row's mark is a disc for the player's side, a square
    for an ally (Pell), a diamond for an enemy, a ring for a bystander (the charcoal burners), whatever its
    colour: a deutan saw the old green and red dots alike."""
    everyone = ("player", "ally", "enemy", "neutral")
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=everyone, setup=False, size=(1280, 800))
    frame(scene, screen, 30)
    tracker = next(w for w in scene.widgets if type(w).__name__ == "InitiativeTracker")
    enc = scene.match.encounter
    seen: dict[str, set[str]] = {}
    for rect, name in tracker._rows:
        faction = enc.view(name).faction
        seen.setdefault(faction, set()).add(shape_at(screen, (rect.x + 12, rect.centery),
                                                     theme.faction_colour(faction)))
    assert seen == {"player": {"disc"}, "ally": {"square"}, "enemy": {"diamond"}, "neutral": {"ring"}}


def test_a_hex_that_blocks_sight_is_crossed_and_one_that_gives_cover_is_not() -> None:
    """Shoot mode's faint marks (R30, R31): both an inner hex outline, the blocking one with a cross through its
    middle, so the two differ in shape as well as in amber and red. Drawn as the ranged overlay draws them."""
    from game.ui.overlays import paint
    from tests.ui_harness import make_ctx, screen, skirmish

    screen()
    ctx = make_ctx(skirmish())
    layer = pygame.Surface(ctx.geometry.pixel_size, pygame.SRCALPHA)  # the map's own pixels, as the layer caches
    cover, blocks = (3, 3), (6, 3)
    paint.terrain_marks(layer, ctx, [cover], [blocks], lambda x, y: (x, y), 1.0)
    inr = ctx.hex_radius() / ctx.zoom

    def middle(cell: tuple[int, int]) -> tuple[int, int]:
        x, y = ctx.geometry.cell_center(cell)
        return round(x), round(y)

    assert tuple(layer.get_at(middle(blocks))) == theme.SIGHT_MARK
    assert layer.get_at(middle(cover)).a == 0
    # both still have their inner hex: the outline crosses the row from the middle to the hex's edge
    for cell, colour in ((cover, theme.COVER_MARK), (blocks, theme.SIGHT_MARK)):
        cx, cy = middle(cell)
        row = [tuple(layer.get_at((x, cy))) for x in range(cx + round(inr * 0.5), cx + round(inr * 1.1))]
        assert colour in row, (cell, row)


def test_the_legend_teaches_the_sides_shapes() -> None:
    """The legend (L) has a row of the sides on the map, each drawn as the tracker draws it: where a player
    learns that the square is an ally and the diamond an enemy. A map without bystanders leaves theirs out."""
    from game.ui.panels import legend

    pygame.display.init()
    assert [f for f, _ in legend.sides(["enemy", "player", "neutral", "ally"])] == ["player", "ally", "enemy",
                                                                                     "neutral"]
    assert [f for f, _ in legend.sides(["enemy", "player", "ally"])] == ["player", "ally", "enemy"]
    for faction, want in (("player", "disc"), ("ally", "square"), ("enemy", "diamond"), ("neutral", "ring")):
        surf = pygame.Surface((40, 40))
        legend.MARK_DRAW[faction](surf, (20, 20), 8)
        assert shape_at(surf, (20, 20), theme.faction_colour(faction)) == want, faction


# --- the side's shape on every token ------------------------------------------------------------------------------

SIDE_SHAPES = (("player", "disc"), ("ally", "square"), ("enemy", "diamond"), ("neutral", "ring"))


def _token_picture(faction: str, facing_deg: int, r_px: int, shipped: bool, tmp_path: Path) -> pygame.Surface:
    """A one-hex token of ``faction`` as the window composes it (``shipped``: from the sprites; else the drawn
    token a damaged installation and a replay without tile art show)."""
    from game.ui.tokenart import TokenArt

    pygame.display.init()
    art = TokenArt() if shipped else TokenArt(folder=tmp_path / "no-sprites")
    return art.token(faction, 0, "AB", facing_deg, r_px)


@pytest.mark.parametrize("shipped", [True, False], ids=["sprites", "drawn"])
@pytest.mark.parametrize("faction,want", SIDE_SHAPES)
def test_a_token_wears_its_sides_shape_at_the_top_of_its_rim(tmp_path: Path, faction: str, want: str,
                                                             shipped: bool) -> None:
    """A token facing east (0 degrees) of radius 60 px, centred in its picture: its chip sits on the rim straight
    above the centre, 60 px up, and holds the tracker's mark in the tracker's colour (the faction's light colour):
    the shape tells an enemy from a bystander whatever the eye makes of the red."""
    pic = _token_picture(faction, 0, 60, shipped, tmp_path)
    c = pic.get_width() // 2
    light = FACTION_STYLE[faction].light
    assert shape_at(pic, (c, c - 60), light, reach=11) == want
    # ...and not at 9 o'clock, where it goes only when the token faces up
    left = [tuple(pic.get_at((x, c)))[:3] for x in range(c - 66, c - 54)]
    assert light not in left


@pytest.mark.parametrize("facing", [240, 270, 300])
def test_a_token_facing_up_wears_it_at_nine_o_clock_clear_of_its_wedge(tmp_path: Path, facing: int) -> None:
    """Facing up-left, up or up-right (a pointy-top map's north-west and north-east, a flat-top map's north), the
    facing wedge stands where the chip would: the chip goes to the rim's left, 60 px left of the centre, and the
    wedge keeps its light point (no light enemy red at 12 o'clock)."""
    pic = _token_picture("enemy", facing, 60, True, tmp_path)
    c = pic.get_width() // 2
    light = FACTION_STYLE["enemy"].light
    assert shape_at(pic, (c - 60, c), light, reach=11) == "diamond"
    top = [tuple(pic.get_at((c + dx, c - 60 + dy)))[:3] for dx in range(-6, 7) for dy in range(-6, 7)]
    assert light not in top


@pytest.mark.parametrize("kind", ["protan", "deutan"])
def test_an_enemy_token_and_a_bystanders_differ_at_the_chip_in_shape_and_colour(tmp_path: Path, kind: str) -> None:
    """The pair a protan told apart mainly by lightness: at the chip their marks differ in shape (diamond and ring)
    and the colours drawn there are at least 20 CIELAB units apart under the simulated deficiency."""
    seen = {}
    for faction in ("enemy", "neutral"):
        pic = _token_picture(faction, 0, 60, True, tmp_path)
        c = pic.get_width() // 2
        seen[faction] = shape_at(pic, (c, c - 60), FACTION_STYLE[faction].light, reach=11)
    assert seen == {"enemy": "diamond", "neutral": "ring"}
    assert delta_e(FACTION_STYLE["enemy"].light, FACTION_STYLE["neutral"].light, kind) >= THRESHOLD


def test_the_chip_still_stands_out_at_the_farthest_zoom(tmp_path: Path) -> None:
    """At the farthest zoom a one-hex token is a disc of about 7 px: its chip keeps a 5 px radius, so the mark (a
    diamond about 4 px from its middle to a point) is still drawn in the enemy's light colour above the disc,
    and a bystander's chip has a dark middle (its ring's hole) where the enemy's is light."""
    marks = {}
    for faction in ("enemy", "neutral"):
        pic = _token_picture(faction, 0, 7, True, tmp_path)
        c = pic.get_width() // 2
        marks[faction] = tuple(pic.get_at((c, c - 7)))[:3]
    assert delta_e(marks["enemy"], FACTION_STYLE["enemy"].light, "protan") < 8  # light: the mark's middle
    assert lab(marks["neutral"])[0] < 40  # dark: the ring's hole (the rim colour, L* about 21)


def test_a_compact_window_s_legend_teaches_the_shapes_on_its_title_row(tmp_path: Path) -> None:
    """At 960x600 (a compact window) the legend has no room for a row of its own for the sides, but the title's row
    has: beside "Legend" stand a disc, a square, a diamond and a ring in the sides' colours, so the chips on the
    tokens are explained there too (the Greenway has all four sides)."""
    from game.ui.panels.legend import Legend

    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=("player",), setup=False, size=(960, 600))
    frame(scene, screen, 10)
    key(scene, pygame.K_l)
    frame(scene, screen, 2)
    legend = next(w for w in scene.widgets if isinstance(w, Legend))
    box = legend._frame
    assert box.width > 0
    strip = [(x, y) for x in range(box.x, box.right) for y in range(box.y + 4, box.y + 34)]
    seen = {}
    for faction in ("player", "ally", "enemy", "neutral"):
        colour = theme.faction_colour(faction)
        px = [p for p in strip if tuple(screen.get_at(p))[:3] == colour]
        assert px, faction
        xs, ys = [p[0] for p in px], [p[1] for p in px]
        centre = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
        seen[faction] = shape_at(screen, centre, colour)
    assert seen == {"player": "disc", "ally": "square", "enemy": "diamond", "neutral": "ring"}

"""Renderer: pixel fidelity against Tiled's own tmxrasterizer, tokens and overlays as a player sees them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from game.maps.pixels import TiledPixels  # noqa: E402
from game.render import RenderError, TokenView, render_map  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.render.surfaces import surface_to_array  # noqa: E402
from game.render.tokens import initials  # noqa: E402
from game.rules.hexgrid import HexLayout  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
DEFAULT = ROOT / "maps" / "default.tmx"
LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
# Worked out by hand from Tiled's formulas (notes: "Tiled's staggered hex geometry"):
# pointy 64x74 side 37: soy 18, rowH 55 -> 7 cols x 6 rows = (7*64 + 32, 6*55 + 18) = (480, 348);
# flat 72x62 side 36: sox 18, colW 54, rowH 31 -> (7*54 + 18, 6*62 + 31) = (396, 403).
GOLDEN_SIZE = {"y": (480, 348), "x": (396, 403)}
DEFAULT_SIZE = (18 * 64 + 32, 12 * 55 + 18)  # 18x12 pointy map: (1184, 678)


def pixels(surface: pygame.Surface) -> np.ndarray:
    return surface_to_array(surface).astype(np.int32)


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_render_matches_tiled_tmxrasterizer(axis: str, index: str) -> None:
    tmx = GOLDEN / f"golden_{axis}_{index}.tmx"
    mine = pixels(render_map(tmx))
    gold = pixels(pygame.image.load(str(GOLDEN / f"golden_{axis}_{index}.png")))
    assert (mine.shape[1], mine.shape[0]) == GOLDEN_SIZE[axis]
    assert mine.shape == gold.shape
    off = (np.abs(mine - gold).max(axis=2) > 8).mean()
    assert off < 0.005, f"{off:.3%} of pixels differ from Tiled by more than 8"


@pytest.mark.parametrize("index", ["odd", "even"])
def test_flat_top_column_drift_matches_tiled(index: str) -> None:
    # 74x64 tiles, side 37: Tiled 1.8 draws every second column a pixel further right.
    mine = pixels(render_map(GOLDEN / f"drift_x_{index}.tmx"))
    gold = pixels(pygame.image.load(str(GOLDEN / f"drift_x_{index}.png")))
    assert mine.shape == gold.shape == (3 * 64 + 32, 9 * 55 + 18, 4)
    assert (np.abs(mine - gold).max(axis=2) > 8).mean() < 0.005


def test_cells_without_tiles_stay_transparent() -> None:
    # golden maps leave (6,0) and (0,5) empty; Tiled shows the background there.
    layout = TiledPixels(HexLayout("y", "odd", 64, 74, 37, 7, 6))
    img = pixels(render_map(GOLDEN / "golden_y_odd.tmx"))
    for cell in ((6, 0), (0, 5)):
        x, y = layout.cell_center(cell)
        assert img[int(y), int(x), 3] == 0
    x, y = layout.cell_center((3, 3))
    assert img[int(y), int(x), 3] == 255


def test_default_map_size_and_fully_covered_centres() -> None:
    surf = render_map(DEFAULT)
    assert surf.get_size() == DEFAULT_SIZE
    img = pixels(surf)
    layout = TiledPixels(HexLayout("y", "odd", 64, 74, 37, 18, 12))
    for r in range(12):
        for c in range(18):
            x, y = layout.cell_center((c, r))
            assert img[int(y), int(x), 3] == 255, (c, r)


# --- tokens ---------------------------------------------------------------------------------
LAYOUT = HexLayout("y", "odd", 64, 74, 37, 18, 12)
PIX = TiledPixels(LAYOUT)


def ring_mean(img: np.ndarray, cell: tuple[int, int], radius: float) -> np.ndarray:
    """Mean RGB on a ring around a cell centre (avoids the label in the middle)."""
    cx, cy = PIX.cell_center(cell)
    pts = [(cx + radius * np.cos(a), cy + radius * np.sin(a)) for a in np.linspace(0, 2 * np.pi, 24, endpoint=False)]
    return np.mean([img[int(y), int(x), :3] for x, y in pts], axis=0)


def test_tokens_take_their_faction_colour() -> None:
    tokens = [
        TokenView("Aldric", "player", (4, 8), facing=0),
        TokenView("Wren", "ally", (7, 8), facing=0),
        TokenView("Orc 1", "enemy", (10, 8), facing=3),
        TokenView("Hermit", "neutral", (13, 8), facing=3),
    ]
    img = pixels(render_map(DEFAULT, tokens=tokens))
    r, g, b = ring_mean(img, (4, 8), 15)
    assert b > r + 60 and b > g + 30
    r, g, b = ring_mean(img, (7, 8), 15)
    assert g > r + 50 and g > b + 50
    r, g, b = ring_mean(img, (10, 8), 15)
    assert r > g + 80 and r > b + 80
    r, g, b = ring_mean(img, (13, 8), 15)
    assert max(r, g, b) - min(r, g, b) < 20  # grey


def test_facing_pointer_sits_on_the_facing_side() -> None:
    cell = (5, 8)
    for facing, (dx, dy) in ((0, (1, 0)), (3, (-1, 0))):  # e, w (R2 pointy names)
        img = pixels(render_map(DEFAULT, tokens=[TokenView("Aldric", "player", cell, facing=facing)]))
        cx, cy = PIX.cell_center(cell)
        front = img[int(cy + 28 * dy), int(cx + 28 * dx), :3]
        back = img[int(cy - 28 * dy), int(cx - 28 * dx), :3]
        assert front.min() > 180, "the pointer is light"
        assert back.min() < 150, "no pointer behind the token"


def test_hp_shown_only_when_hurt() -> None:
    cell = (5, 8)
    cx, cy = PIX.cell_center(cell)
    full = pixels(render_map(DEFAULT, tokens=[TokenView("Aldric", "player", cell, hp=14, hp_max=14)]))
    hurt = pixels(render_map(DEFAULT, tokens=[TokenView("Aldric", "player", cell, hp=3, hp_max=14)]))
    below = (slice(int(cy + 20), int(cy + 34)), slice(int(cx - 14), int(cx + 14)))
    assert np.abs(full[below] - hurt[below]).max() > 60
    # A badge for 3/14 is red (R > G, B).
    r, g, b = hurt[below][..., :3].reshape(-1, 3).mean(axis=0)
    assert r > g + 30 and r > b + 30


def test_large_token_covers_its_whole_footprint() -> None:
    cell = (9, 5)
    img = pixels(render_map(DEFAULT, tokens=[TokenView("Troll", "enemy", cell, radius=1, facing=3)]))
    for n in LAYOUT.neighbors(cell):
        x, y = PIX.cell_center(n)
        px, py = PIX.cell_center(cell)
        # 80 % of the way to each neighbour centre is still token body (R26: large = 7 hexes).
        r, g, b = img[int(py + 0.8 * (y - py)), int(px + 0.8 * (x - px)), :3]
        assert r > g + 80 and r > b + 80, n


def test_initials_are_short_and_readable() -> None:
    assert initials("Orc 2") == "O2"
    assert initials("Brother Tam") == "BT"
    assert initials("Mira") == "Mi"
    assert initials("Orc12") == "O12"
    assert initials("Ilse") == "IL"  # not "Il": in the token's face a capital I and a small l are one stroke
    assert TokenView("Troll", "enemy", (0, 0), radius=1).short_label == "Troll"


# --- overlays -------------------------------------------------------------------------------
def hex_sample(img: np.ndarray, cell: tuple[int, int]) -> np.ndarray:
    """Pixels between the centre and the corners, away from the cost badge and outline."""
    cx, cy = PIX.cell_center(cell)
    pts = [(cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)) for x, y in PIX.cell_corners(cell)]
    return np.array([img[int(y), int(x), :3] for x, y in pts])


def test_threat_overlay_tints_only_threatened_hexes() -> None:
    mask = np.zeros((12, 18), dtype=bool)
    mask[8, 5] = True  # cell (5, 8)
    base = pixels(render_map(DEFAULT))
    img = pixels(render_map(DEFAULT, threat_overlay=mask))
    x, y = PIX.cell_center((5, 8))
    inside = img[int(y) - 20 : int(y) + 20, int(x) - 20 : int(x) + 20, :3].reshape(-1, 3).mean(axis=0)
    before = base[int(y) - 20 : int(y) + 20, int(x) - 20 : int(x) + 20, :3].reshape(-1, 3).mean(axis=0)
    assert inside[0] - inside[1] > before[0] - before[1] + 25  # redder
    x, y = PIX.cell_center((8, 8))
    assert (img[int(y) - 20 : int(y) + 20, int(x) - 20 : int(x) + 20] == base[int(y) - 20 : int(y) + 20,
                                                                             int(x) - 20 : int(x) + 20]).all()


def test_reach_overlay_marks_zoc_stops_differently() -> None:
    base = pixels(render_map(DEFAULT))
    img = pixels(render_map(DEFAULT, reach_overlay=[((5, 8), 1, False), ((6, 8), 3, True)]))
    free_cell = hex_sample(img, (5, 8)) - hex_sample(base, (5, 8))
    stop_cell = hex_sample(img, (6, 8)) - hex_sample(base, (6, 8))
    assert free_cell[:, 2].mean() > 25  # bluish-white tint
    assert stop_cell[:, 0].mean() > stop_cell[:, 2].mean() + 40  # amber: red rises more than blue
    far = hex_sample(img, (12, 3)) - hex_sample(base, (12, 3))
    assert not far.any()


# --- errors and the pygame-ce guard -----------------------------------------------------------
def test_missing_tile_image_is_one_line_error(tmp_path: Path) -> None:
    tsx = tmp_path / "t.tsx"
    tsx.write_text(
        '<?xml version="1.0"?><tileset name="t" tilewidth="64" tileheight="74" tilecount="1" columns="1">'
        '<image source="nowhere.png" width="64" height="74"/></tileset>'
    )
    tmx = tmp_path / "broken.tmx"
    tmx.write_text(textwrap.dedent("""\
        <?xml version="1.0"?>
        <map version="1.8" orientation="hexagonal" renderorder="right-down" width="2" height="1"
             tilewidth="64" tileheight="74" infinite="0" hexsidelength="37" staggeraxis="y" staggerindex="odd">
         <tileset firstgid="1" source="t.tsx"/>
         <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,1</data></layer>
        </map>
    """))
    with pytest.raises(RenderError) as err:
        render_map(tmx)
    msg = str(err.value)
    assert "broken.tmx" in msg and "nowhere.png" in msg and "\n" not in msg


def test_plain_pygame_is_refused_with_the_fix(tmp_path: Path) -> None:
    fake = tmp_path / "pygame"
    fake.mkdir()
    (fake / "__init__.py").write_text("version = 'fake 2.6'\n")  # the pygame distribution has no IS_CE
    code = (
        "from game.render import NotPygameCEError\n"
        "try:\n    import game.render.pg\nexcept NotPygameCEError as e:\n    print('REFUSED:', e)\n"
    )
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert "REFUSED:" in out.stdout, out.stderr
    assert "pygame-ce" in out.stdout
    assert "pip uninstall -y pygame pygame-ce && pip install pygame-ce" in out.stdout


def test_render_package_imports_without_pygame_until_used() -> None:
    code = "import sys, game.render; assert 'pygame' not in sys.modules; print('ok')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "ok", out.stderr


def test_default_map_is_a_valid_ford_ambush() -> None:
    from game.maps.loader import load_scenario
    from game.render import tokens_from_scenario

    sc = load_scenario(DEFAULT)
    assert sc.title == "Ambush at Miller's Ford"
    assert sc.board.layout.pointy and sc.board.layout.stagger_index == "odd"
    factions = [c.faction for c in sc.combatants]
    assert factions.count("player") == 3 and factions.count("ally") == 1 and factions.count("enemy") == 5
    assert any(c.reach == 2 for c in sc.combatants if c.faction == "enemy")  # the pikeman
    assert any(c.radius == 1 for c in sc.combatants if c.faction == "enemy")  # the troll (R26 large)
    assert sc.board.exit.any()  # the road west leaves the field (R24)
    tokens = tokens_from_scenario(sc)
    assert [t.name for t in tokens] == [c.name for c in sc.combatants]
    assert all(t.hp == t.hp_max for t in tokens)


def test_scale_draws_map_and_tokens_smaller() -> None:
    half = render_map(DEFAULT, tokens=[TokenView("Aldric", "player", (4, 8))], scale=0.5)
    assert half.get_size() == (592, 339)
    img = pixels(half)
    x, y = PIX.cell_center((4, 8))
    r, g, b = img[int(y / 2) - 6, int(x / 2), :3]  # token body, above the label
    assert b > r + 60

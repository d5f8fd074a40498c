"""Paint Playmat's token sprites (deterministic, seeded) into assets/tokens/.

One PNG per faction and size, named ``assets/tokens/{faction}_{size}.png``
(``player|ally|enemy|neutral`` x ``standard|large|giant``), plus movement badges
``assets/tokens/badge_{flying|swimming}.png``. Each token is a square RGBA image
with the disc centred and filling it edge to edge (transparent corners): a bevelled
metal rim, a domed body in the faction's colour with a faint embossed emblem
(player: shield, ally: leaf, enemy: horned skull, neutral: ring), bigger creatures
with a heavier rim and studs. The art is drawn for 200 % zoom at the pointy 64 px
tiles: disc diameter = 4 x the renderer's token radius (standard 100 px, large 282 px,
giant 464 px); scale it down with ``pygame.transform.smoothscale``. Labels, facing
pointers and hp badges stay live drawing on top (game/render/tokens.py).

Run: ``python tools/make_tokens.py [--sheet OUT.png]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from make_tileset import ASSETS, ROOT, Array, fbm, pygame, ramp, save_rgba, tile_seed  # noqa: E402

from game.rules import FACTIONS  # noqa: E402

TOKENS = ASSETS / "tokens"
# Disc diameter per size: 2 x token radius (inradius 32 x (0.78 + 1.42 r)) x 2 for 200 % zoom.
DIAMETER = {"standard": 100, "large": 282, "giant": 464}
# (dark, mid, light) body colours; they match FACTION_STYLE in game/render/style.py.
BODY = {
    "player": ((22, 58, 140), (40, 98, 206), (120, 166, 255)),
    "ally": ((30, 112, 70), (83, 198, 129), (140, 236, 168)),
    "enemy": ((112, 20, 18), (188, 40, 36), (255, 110, 90)),
    "neutral": ((74, 74, 80), (128, 128, 132), (200, 200, 204)),
}
RIM = {"standard": ((70, 66, 62), (196, 190, 176)), "large": ((86, 70, 40), (222, 194, 120)),
       "giant": ((60, 54, 58), (232, 220, 200))}


def _emblem_mask(faction: str, n: int) -> Array:
    """The faction emblem as a 0..1 coverage mask of side ``n`` (drawn 4x large, then averaged down)."""
    s = n * 4
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    c = s / 2
    if faction == "player":  # heater shield
        pts = [(c - s * .3, c - s * .32), (c + s * .3, c - s * .32), (c + s * .3, c), (c, c + s * .36),
               (c - s * .3, c)]
        pygame.draw.polygon(surf, white, pts)
    elif faction == "ally":  # a leaf with its midrib cut out
        pygame.draw.ellipse(surf, white, (c - s * .18, c - s * .36, s * .36, s * .72))
        pygame.draw.line(surf, (0, 0, 0, 0), (c, c - s * .3), (c, c + s * .36), max(2, s // 40))
    elif faction == "enemy":  # horned skull
        pygame.draw.circle(surf, white, (c, c - s * .04), s * .22)
        pygame.draw.rect(surf, white, (c - s * .13, c + s * .08, s * .26, s * .18), border_radius=int(s * .04))
        for side in (-1, 1):
            pygame.draw.polygon(surf, white, [(c + side * s * .14, c - s * .2), (c + side * s * .38, c - s * .42),
                                              (c + side * s * .24, c - s * .1)])
            pygame.draw.circle(surf, (0, 0, 0, 0), (c + side * s * .09, c - s * .02), s * .06)
    else:  # ring
        pygame.draw.circle(surf, white, (c, c), s * .3, int(s * .09))
    small = pygame.transform.smoothscale(surf, (n, n))
    return pygame.surfarray.pixels_alpha(small).T.astype(np.float64) / 255


def paint_token(faction: str, size: str) -> Array:
    d = DIAMETER[size]
    rng = np.random.default_rng(tile_seed(f"token/{faction}/{size}", True))
    ys, xs = np.mgrid[0:d, 0:d] + 0.5
    c = d / 2
    r = np.hypot(xs - c, ys - c)
    R = d / 2 - 0.5
    rim_w = {"standard": 0.13, "large": 0.09, "giant": 0.075}[size] * d
    body_r = R - rim_w
    coverage = np.clip(R - r + 0.5, 0, 1)
    # Rim: a bevelled metal band lit from the upper left.
    ang = np.arctan2(ys - c, xs - c)
    light = np.cos(ang - np.radians(-135))
    t_rim = np.clip(0.5 + 0.45 * light * np.sign(r - (R - rim_w / 2)) * -1 + (fbm(d, d, rng, 6, 2) - 0.5) * 0.3, 0, 1)
    lo, hi = RIM[size]
    rgb = ramp(t_rim, (0, lo), (1, hi))
    # Body: a dome, brightest up-left, with a faint hammered texture.
    dark, mid, lite = BODY[faction]
    dx, dy = (xs - c) / body_r, (ys - c) / body_r
    dome = np.sqrt(np.clip(1 - dx * dx - dy * dy, 0, 1))
    lam = np.clip(-0.45 * dx - 0.55 * dy + 0.7 * dome, 0, 1)
    tex = fbm(d, d, rng, max(3, d / 14), 3)
    body = ramp(np.clip(lam * 0.9 + (tex - 0.5) * 0.25, 0, 1), (0, dark), (0.55, mid), (1, lite))
    emblem = np.zeros((d, d))
    n = int(body_r * 1.5)
    off = int(c - n / 2)
    emblem[off : off + n, off : off + n] = _emblem_mask(faction, n)
    # Engraved: a darker face, shadowed along its upper-left edge and lit along its lower-right one,
    # kept faint so a label drawn over the centre still reads.
    k = 2 if d < 150 else 4
    below = np.roll(np.roll(emblem, k, axis=0), k, axis=1)
    above = np.roll(np.roll(emblem, -k, axis=0), -k, axis=1)
    body = body * (1 - 0.2 * emblem)[..., None]
    body = body * (1 - 0.35 * np.clip(emblem - below, 0, 1))[..., None]
    body = body + (np.array(lite) - body) * (0.45 * np.clip(emblem - above, 0, 1))[..., None]
    in_body = np.clip(body_r - r + 0.5, 0, 1)[..., None]
    rgb = rgb * (1 - in_body) + body * in_body
    # A dark groove between rim and body, and studs on large and giant rims.
    groove = np.clip(1.4 - np.abs(r - body_r) / max(1.0, d / 120), 0, 1) * 0.6
    rgb = rgb * (1 - groove[..., None])
    if size != "standard":
        count = 12 if size == "large" else 16
        for k in range(count):
            a = 2 * np.pi * k / count
            sx, sy = c + np.cos(a) * (R - rim_w / 2), c + np.sin(a) * (R - rim_w / 2)
            sr = rim_w * 0.26
            sd = np.hypot(xs - sx, ys - sy)
            stud = np.clip(sr - sd + 0.5, 0, 1)
            shade = np.clip(1 - np.hypot(xs - sx + sr * .4, ys - sy + sr * .4) / (sr * 1.4), 0, 1)
            stud_rgb = ramp(shade, (0, (90, 84, 78)), (1, (250, 246, 236)))
            rgb = rgb * (1 - stud[..., None]) + stud_rgb * stud[..., None]
    outline = np.clip(1.2 - np.abs(r - R + 0.8), 0, 1) * 0.7
    rgb = rgb * (1 - outline[..., None])
    return np.dstack([np.clip(rgb, 0, 255), coverage * 255])


def paint_badge(kind: str) -> Array:
    """A small round badge (40 px) for a movement type: a dark gull in flight on a pale disc (flying), bold white
    waves on deep teal (swimming). Bold and high-contrast because the window shows it as small as 14 px at 50 %
    zoom, and unlike any faction's colour so it never reads as part of the token. The gull is one shape: the
    two fans of feathers it replaced, apart in the middle, read as a skull's eye sockets at token size (Wynn
    on giants_lair at 1280x800)."""
    d = 40
    s = d * 4
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    bg = (238, 234, 220) if kind == "flying" else (18, 112, 138)
    pygame.draw.circle(surf, (18, 18, 22), (s // 2, s // 2), s // 2)
    pygame.draw.circle(surf, bg, (s // 2, s // 2), s // 2 - (9 if kind == "flying" else 12))
    if kind == "flying":  # each wing an arc up from the body and down to its tip, thick at the body
        ink = (34, 44, 64)
        body_y = s * 0.58
        for side in (-1, 1):
            top, bottom = [], []
            for i in range(31):
                t = i / 30  # 0 at the body, 1 at the tip
                x = s / 2 + side * t * s * 0.36
                y = body_y - np.sin(t * np.pi * 0.85) * s * 0.20 + t * t * s * 0.06
                w = s * (0.11 * (1 - t) + 0.045)
                top.append((x, y - w / 2))
                bottom.append((x, y + w / 2))
            pygame.draw.polygon(surf, ink, top + bottom[::-1])
        pygame.draw.circle(surf, ink, (s // 2, round(body_y)), round(s * 0.075))
    else:  # two bold waves
        for k in range(2):
            y = s * (0.4 + 0.2 * k)
            pts = [(s * (0.17 + 0.66 * i / 40), y + np.sin(i / 40 * 2 * np.pi * 1.5) * s * 0.05) for i in range(41)]
            pygame.draw.lines(surf, (250, 250, 252), False, pts, 20)
    small = pygame.transform.smoothscale(surf, (d, d))
    rgb = pygame.surfarray.pixels3d(small).transpose(1, 0, 2).astype(np.float64)
    alpha = pygame.surfarray.pixels_alpha(small).T.astype(np.float64)
    return np.dstack([rgb, alpha])


def token_path(faction: str, size: str) -> Path:
    return TOKENS / f"{faction}_{size}.png"


def write_tokens() -> list[Path]:
    out = []
    for faction in FACTIONS:
        for size in DIAMETER:
            save_rgba(paint_token(faction, size), token_path(faction, size))
            out.append(token_path(faction, size))
    for kind in ("flying", "swimming"):
        p = TOKENS / f"badge_{kind}.png"
        save_rgba(paint_badge(kind), p)
        out.append(p)
    return out


def contact_sheet(paths: list[Path], out: Path) -> None:
    images = [pygame.image.load(str(p)) for p in paths]
    w = sum(i.get_width() for i in images) + 10 * (len(images) + 1)
    h = max(i.get_height() for i in images) + 20
    sheet = pygame.Surface((w, h))
    sheet.fill((96, 120, 72))
    x = 10
    for img in images:
        sheet.blit(img, (x, 10))
        x += img.get_width() + 10
    pygame.image.save(sheet, str(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args()
    if not pygame.display.get_init():
        pygame.display.init()
    paths = write_tokens()
    for p in paths:
        print("wrote", p.relative_to(ROOT))
    if args.sheet:
        contact_sheet(paths, args.sheet)
        print("wrote", args.sheet)


if __name__ == "__main__":
    main()

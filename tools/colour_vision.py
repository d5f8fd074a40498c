"""Simulate colour-vision deficiency on a screenshot: write protan, deutan and tritan versions beside it.

    PYTHONPATH=. python tools/colour_vision.py SHOT.png [MORE.png ...]

``SHOT.png`` gives ``SHOT.protan.png``, ``SHOT.deutan.png`` and ``SHOT.tritan.png``: the picture as a player
with no working L (protanopia), M (deuteranopia) or S cones (tritanopia) would see it, by Machado, Oliveira &
Fernandes (2009), "A physiologically-based model for simulation of color vision deficiency", severity 1.0.
The matrices act on linear RGB, so each pixel is decoded from sRGB first and encoded again after (applied to
the sRGB values straight, the simulation darkens mid-tones and misjudges lightness, which is what matters here).
Numpy and pygame only: the window's own dependencies.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

# Machado et al. 2009, table 1 at severity 1.0 (rows: output R, G, B; columns: input R, G, B; linear RGB).
MACHADO_2009: dict[str, npt.NDArray[np.float64]] = {
    "protan": np.array([[0.152286, 1.052583, -0.204868],
                        [0.114503, 0.786281, 0.099216],
                        [-0.003882, -0.048116, 1.051998]]),
    "deutan": np.array([[0.367322, 0.860646, -0.227968],
                        [0.280085, 0.672501, 0.047413],
                        [-0.011820, 0.042940, 0.968881]]),
    "tritan": np.array([[1.255528, -0.076749, -0.178779],
                        [-0.078411, 0.930809, 0.147602],
                        [0.004733, 0.691367, 0.303900]]),
}
KINDS = tuple(MACHADO_2009)


def to_linear(srgb: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """sRGB 0..255 to linear 0..1 (IEC 61966-2-1)."""
    c = np.asarray(srgb, dtype=np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Linear 0..1 to sRGB 0..255 (unrounded), clipped to the gamut first: a simulated colour can fall outside."""
    c = np.clip(np.asarray(linear, dtype=np.float64), 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb: npt.ArrayLike, kind: str) -> npt.NDArray[np.uint8]:
    """``rgb`` (any shape ending in 3, sRGB 0..255) as seen with deficiency ``kind`` (protan, deutan, tritan)."""
    lin = to_linear(rgb)
    out = lin @ MACHADO_2009[kind].T
    return np.asarray(np.rint(to_srgb(out)), dtype=np.uint8)


def simulate_file(path: Path) -> list[Path]:
    """Write the three simulations of the PNG at ``path`` beside it; return their paths. Alpha is kept."""
    from game.render.pg import pygame  # only here: the matrices above are usable (and tested) without SDL

    img = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(img)
    alpha = pygame.surfarray.array_alpha(img) if img.get_flags() & pygame.SRCALPHA else None
    written = []
    for kind in KINDS:
        out = pygame.Surface(img.get_size(), pygame.SRCALPHA if alpha is not None else 0, 32)
        pixels = pygame.surfarray.pixels3d(out)
        pixels[...] = simulate(rgb, kind)
        del pixels  # the view locks the surface until it goes
        if alpha is not None:
            a = pygame.surfarray.pixels_alpha(out)
            a[...] = alpha
            del a
        dest = path.with_name(f"{path.stem}.{kind}.png")
        pygame.image.save(out, str(dest))
        written.append(dest)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="colour_vision.py",
        description="Write protan, deutan and tritan simulations (Machado et al. 2009, severity 1.0, in linear "
                    "RGB) of each PNG beside it: SHOT.png gives SHOT.protan.png, SHOT.deutan.png, "
                    "SHOT.tritan.png.")
    ap.add_argument("pngs", nargs="+", type=Path, metavar="PNG", help="screenshots to simulate")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.render.pg import pygame

    for p in args.pngs:
        try:
            for dest in simulate_file(p):
                print(dest)
        except (OSError, pygame.error) as e:  # a missing file, a file that is not a picture
            print(f"colour_vision.py: {p}: cannot read or write it as a PNG ({e})", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())

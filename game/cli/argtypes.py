"""Argument types shared by the subcommands: argparse turns their ArgumentTypeError into one line."""

from __future__ import annotations

import argparse
import math


def non_negative(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"{n} is negative")
    return n


def positive(text: str) -> int:
    """A count of at least 1 (--games, --jobs, --frames)."""
    n = non_negative(text)
    if n == 0:
        raise argparse.ArgumentTypeError("0 is not at least 1")
    return n


def scale(text: str) -> float:
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(s) or s <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number")
    return s


def cell(text: str) -> tuple[int, int]:
    col, sep, row = text.partition(",")
    try:
        if not sep:
            raise ValueError
        return int(col), int(row)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a cell COL,ROW such as 3,4") from None


def add_allow_outside(sp: argparse.ArgumentParser) -> None:
    """``--allow-outside``: the map may name tilesets and images outside its own folder (docs/limits.md)."""
    sp.add_argument("--allow-outside", action="store_true",
                    help="let the map read tilesets and images outside its own folder (a map you trust)")

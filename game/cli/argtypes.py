"""Argument types shared by the subcommands: argparse turns their ArgumentTypeError into one line."""

from __future__ import annotations

import argparse
import math

from game.rules import InputLimitError, limits


def whole(text: str) -> int:
    """A whole number in the digits 0-9, of at most ``limits.MAX_NUMBER_DIGITS`` digits (a seed, a count).

    ``int()`` would take other scripts' digits and spend quadratic time on thousands; a message repeats
    at most the start of what was given."""
    try:
        return limits.whole_number(text, "it")
    except InputLimitError:
        raise argparse.ArgumentTypeError(f"{limits.clip(text)!r} has more than {limits.MAX_NUMBER_DIGITS} "
                                         "digits") from None
    except ValueError:
        raise argparse.ArgumentTypeError(f"{limits.clip(text)!r} is not a whole number") from None


def non_negative(text: str) -> int:
    n = whole(text)
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
        if not text.isascii() or "_" in text:
            raise ValueError(text)
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{limits.clip(text)!r} is not a number") from None
    if not math.isfinite(s) or s <= 0:
        raise argparse.ArgumentTypeError(f"{limits.clip(text)!r} is not a positive number")
    return s


def cell(text: str) -> tuple[int, int]:
    col, sep, row = text.partition(",")
    try:
        if not sep:
            raise ValueError
        return limits.whole_number(col, "col"), limits.whole_number(row, "row")
    except ValueError:
        raise argparse.ArgumentTypeError(f"{limits.clip(text)!r} is not a cell COL,ROW such as 3,4") from None


def add_allow_outside(sp: argparse.ArgumentParser) -> None:
    """``--allow-outside``: the map may name tilesets and images outside its own folder (docs/limits.md)."""
    sp.add_argument("--allow-outside", action="store_true",
                    help="let the map read tilesets and images outside its own folder (a map you trust)")

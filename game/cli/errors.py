"""Bad command-line arguments: one line naming what is wrong (exit status 2), never argparse's usage dump."""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(Exception):
    """Bad command-line arguments; the message is one line."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog.split()[0]} --help)")

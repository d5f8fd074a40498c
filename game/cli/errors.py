"""Bad command-line arguments: one line naming what is wrong (exit status 2), never argparse's usage dump.

A misspelt command, option or choice names the one meant (``unknown option --fron (did you mean
--from?)``), and the line points at the help of the command typed (``see playmat sight --help``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from game.rules import did_you_mean as names_did_you_mean


class UsageError(Exception):
    """Bad command-line arguments; the message is one line."""


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean "X"?)`` for the known option, command or choice nearest ``word``, else ``""``: the
    engine's own hint for names, with the looser likeness short words need ("hrad" for "hard")."""
    return names_did_you_mean(word, known, cutoff=0.6)


class Parser(argparse.ArgumentParser):
    _argv: list[str] = []
    # A command's own words for its missing arguments, given the arguments typed and the ones argparse found
    # missing (None: argparse's words): argparse names only what it requires, and a missing option the command
    # checks itself came up a try later.
    missing_words: Callable[[list[str], list[str]], str | None] | None = None
    # The arguments a command needs that argparse is not told are required (marking an option required would
    # change the usage line its --help prints), given what was parsed: missing ones are refused by ``error``
    # like argparse's own (``playmat do: --log FILE is required: ...``), not later by the command in another form.
    missing_after: Callable[[argparse.Namespace], list[str]] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A cell off the map's top or left edge, `--from -1,0`, is a value, not an option: argparse took it for
        # one and said "--from: expected one argument" of an argument given. (No option looks like a number.)
        self._negative_number_matcher = re.compile(r"^-\d+(,\s*-?\d+)?$|^-\d*\.\d+$")

    def error(self, message: str) -> NoReturn:
        unknown = self._unknown_options(self._argv)
        if unknown and message.startswith("the following arguments are required"):
            # argparse checks what is missing before what is extra: `--fron 10,5` would read as "--from is
            # required", hiding the typo that caused it.
            message = self._unknown_message(unknown)
        elif self.missing_words is not None and message.startswith("the following arguments are required: "):
            missing = message.removeprefix("the following arguments are required: ").split(", ")
            message = self.missing_words(self._argv, missing) or message
        message = message.removeprefix("argument COMMAND: ")  # "unknown command ..." says it already
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: Any = None) -> tuple[argparse.Namespace, list[str]]:
        self._argv = list(sys.argv[1:] if args is None else args)
        ns, extras = super().parse_known_args(self._argv, namespace)
        missing = self.missing_after(ns) if self.missing_after is not None else []
        if missing:  # said as argparse says its own missing arguments, so every such message has one form
            self.error("the following arguments are required: " + ", ".join(missing))
        return ns, extras

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: Any = None) -> argparse.Namespace:
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            command = self._command_parser(getattr(ns, "command", None))
            unknown = command._unknown_options(extras)
            raise UsageError(f"{command.prog}: "
                             + (command._unknown_message(unknown) if unknown
                                else f'unexpected argument "{extras[0]}"')
                             + f" (see {command.prog} --help)")
        return ns

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A value outside the choices (a command, ``--level``) names the one nearest it."""
        choices = action.choices
        if choices is not None and isinstance(value, str) and value not in choices:
            what = "command" if isinstance(action, argparse._SubParsersAction) else "choice"
            raise argparse.ArgumentError(
                action, f'unknown {what} "{value}"{did_you_mean(value, choices)}; '
                        f'one of {", ".join(map(str, choices))}')
        super()._check_value(action, value)

    # --- helpers --------------------------------------------------------------------------------------------
    def _option_strings(self) -> list[str]:
        return [s for a in self._actions for s in a.option_strings]

    def _unknown_options(self, tokens: Iterable[str]) -> list[str]:
        """The ``--words`` (and ``-x``) among ``tokens`` that are none of this parser's options (nor a
        prefix of one); ``-3`` and ``-1,5`` are values."""
        known = self._option_strings()
        out = []
        for token in tokens:
            word = token.split("=", 1)[0]
            option = word.startswith("--") and len(word) > 2 or len(word) > 1 and word[0] == "-" and word[1].isalpha()
            if option and not any(k.startswith(word) for k in known):
                out.append(word)
        return out

    def _unknown_message(self, unknown: list[str]) -> str:
        first = unknown[0]
        return f"unknown option {first}{did_you_mean(first, self._option_strings())}"

    def _command_parser(self, command: str | None) -> Parser:
        """The subcommand's parser (whose options the user was typing), else this one."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction) and command in action.choices:
                chosen = action.choices[command]
                return chosen if isinstance(chosen, Parser) else self
        return self

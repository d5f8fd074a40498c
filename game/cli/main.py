"""Entry point of ``playmat`` / ``python -m game``.

Every user error (bad map, bad log line, bad argument) ends as one line on
stderr and exit status 2, with nothing on stdout; a bug still shows its
traceback.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence

from game.rules import RulesError

from .args import build_parser
from .errors import Parser, UsageError
from .printable import error_line

EXIT_BAD_INPUT = 2


@functools.cache
def _parser() -> Parser:
    """The command line's parser, built once per process: building it costs some 35 ms (argparse looks up its
    gettext catalogue for each of its hundreds of options), and tools and tests run ``main`` thousands of times
    in one process. Parsing leaves the parser as it was: each run gets a fresh namespace, and the only mutable
    defaults (``--ai``/``--human``'s empty lists) are copied by argparse before it appends and only read after."""
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    except UsageError as err:
        print(error_line(str(err)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as done:  # --help
        return int(done.code or 0)
    try:
        from . import commands

        return commands.run(args)
    except (RulesError, UsageError) as err:
        # One line, whatever the names in it hold (a joiner may be named "Orc\nChief").
        print("playmat: " + error_line(str(err)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except MemoryError:
        # The safety net behind the loaders' own bounds (docs/limits.md): an input that still asks for
        # more memory than the machine has ends as one line, like any other bad input, not a traceback.
        what = getattr(args, "map", None) or getattr(args, "log", None)
        print(f"playmat: {args.command}: out of memory" + (f" with {error_line(str(what))}" if what else "")
              + " (the input asks for more than this machine has; see the limits in docs/limits.md)",
              file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())

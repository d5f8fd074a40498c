"""Text from maps and logs made safe for a terminal before the CLI prints it.

A name or title may hold control characters (ESC, NUL, U+009B...) that a terminal would obey:
clear the screen, retitle the window, fake a prompt; a line break that starts a line of its own
(``Hero\\nok: fake``); or a bidirectional control (U+202E shows ``Hero`` as ``oreH``, and whatever
follows it on the line reversed too). Every text line the CLI prints goes through :func:`printable`,
which shows them as escapes (``\\x1b``, ``\\u009b``, ``\\n``, ``\\u202e``) instead. JSON output needs
nothing: ``json.dumps`` escapes the controls already, and the bidirectional ones are data there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# The bidirectional controls: Arabic letter mark, LRM, RLM, the embeddings and overrides, the isolates.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# C0 controls, DEL, C1 controls, the line and paragraph separators and the bidirectional controls;
# _LAID_OUT keeps line feeds and tabs, for text whose lines the CLI lays out itself.
_EVERY = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")
_LAID_OUT = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")


def printable(text: str, *, keep_lines: bool = True) -> str:
    """``text`` with every control character written as an escape.

    ``keep_lines``: line feeds and tabs stay (the CLI's own layout); ``False`` escapes them too, for a
    line of output that holds names or titles: one line in, one line out.
    """
    return (_LAID_OUT if keep_lines else _EVERY).sub(_escape, text)


def printable_lines(lines: Iterable[str]) -> str:
    """Lines of output joined by line feeds, each :func:`printable` as one line (a name in one cannot add
    another)."""
    return "\n".join(printable(line, keep_lines=False) for line in lines)


def one_line(text: str) -> str:
    """``printable(text)`` on one line: line breaks shown as ``\\n``."""
    return printable("\\n".join(str(text).splitlines()))


LONG_WORD = 160  # characters of one word an error line echoes before it elides the middle
LONG_LINE = 2000  # characters of a whole error line, likewise


def error_line(text: str) -> str:
    """``one_line(text)`` with any word over ``LONG_WORD`` characters, and the line itself past ``LONG_LINE``,
    cut in the middle to ``head...[N characters]...tail``: a 100,000-character argument (``--unitAAAA...``)
    was echoed whole, a 100 KB line on the terminal; the start and the end still say which it was."""
    words = [_elide(w, LONG_WORD) for w in one_line(text).split(" ")]
    return _elide(" ".join(words), LONG_LINE)


def _elide(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head, tail = limit * 2 // 3, limit // 6
    return f"{text[:head]}...[{len(text) - head - tail:,} characters]...{text[-tail:]}"


def _escape(m: re.Match[str]) -> str:
    return m.group().encode("unicode_escape").decode("ascii")

"""Text from maps and logs made safe for a terminal before the CLI prints it.

A name or title may hold control characters (ESC, NUL, U+009B...) that a terminal would obey:
clear the screen, retitle the window, fake a prompt. Every text line the CLI prints goes through
:func:`printable`, which shows them as escapes (``\\x1b``, ``\\u009b``) instead. JSON output needs
nothing: ``json.dumps`` escapes them already.
"""

from __future__ import annotations

import re

# C0 controls but line feed and tab, DEL, C1 controls, and the line and paragraph separators.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str) -> str:
    """``text`` with every control character (line feeds and tabs kept) written as an escape."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def one_line(text: str) -> str:
    """``printable(text)`` on one line: line breaks shown as ``\\n``."""
    return printable("\\n".join(str(text).splitlines()))

"""XML from strangers: parsed without a DTD, without entities, to a bounded depth and size.

Tiled never writes a ``<!DOCTYPE>``; a map that carries one is refused outright, so no entity
(internal "billion laughs" or external, file or network) is ever declared, let alone expanded.
Element depth and count are counted as expat reports them (an element's attributes before expat reads
them) and refused past the limits of
:mod:`game.rules.limits`, before the tree grows further. The tree is built by ElementTree's
TreeBuilder from expat's events: no recursion anywhere, whatever the nesting.

A file that may hold more elements than the limit is first read through without building anything, so a
refusal for too many elements costs a few MB, not the 160 MB of the 500,000 elements built before it.
"""

from __future__ import annotations

import re
from typing import NoReturn
from xml.etree import ElementTree as ET
from xml.parsers import expat

from game.rules import InputLimitError, limits

_LAYER_TAGS = frozenset(("layer", "objectgroup", "imagelayer", "group"))


class XmlError(ValueError):
    """The bytes are not XML Playmat reads; ``str()`` is one line (expat's reason, line and column)."""


# Room for a start tag of more attributes than the limit (each takes at least 5 characters, ` a=""`): a
# '<' and what follows up to the next '<' (none can stand inside a tag, even in an attribute's value, where
# '>' may), and one attribute. Each character is scanned a bounded number of times: linear in the file.
_LONG_TAG = re.compile(rf"<[^<]{{{5 * limits.MAX_XML_ATTRIBUTES},}}")
# The start tag itself: up to its '>', quoted values (which may hold '>') taken whole.
_TAG = re.compile(r"""<(?:[^<>"']++|"[^"<]*+"|'[^'<]*+')*+""")
_ATTRIBUTE = re.compile(r"""\s[^\s=<>"']+\s*=\s*(?:"[^"<]*"|'[^'<]*')""")


def _check_attribute_counts(data: bytes) -> None:
    """InputLimitError when an element holds more than ``MAX_XML_ATTRIBUTES`` attributes, found before expat
    reads them (it takes an element's attributes all at once, in superlinear time)."""
    head = data[:4]
    if head[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in head:  # UTF-16, the one multi-byte encoding expat reads
        text = data.decode("utf-16-be" if head[:1] == b"\x00" or head[:2] == b"\xfe\xff" else "utf-16-le", "replace")
    else:
        text = data.decode("latin-1")  # one character a byte: what matters here is ASCII in every encoding
    for room in _LONG_TAG.finditer(text):
        tag = _TAG.match(text, room.start(), room.end())
        if tag is None or tag.end() - tag.start() < 5 * limits.MAX_XML_ATTRIBUTES:
            continue  # a short tag before text (a layer's CSV or Base64 data)
        for count, _ in enumerate(_ATTRIBUTE.finditer(text, tag.start(), tag.end()), 1):
            if count > limits.MAX_XML_ATTRIBUTES:
                line = text.count("\n", 0, tag.start()) + 1
                raise InputLimitError(f"has an element of more than {limits.MAX_XML_ATTRIBUTES:,} attributes "
                                      f"(line {line}), the limit")


def parse_untrusted(data: bytes) -> ET.Element:
    """The root element of ``data``; XmlError when it is not XML, InputLimitError past a limit or with a DTD."""
    _check_attribute_counts(data)
    # Every element begins with a '<', and a '<' is the byte 0x3C in every encoding expat reads (UTF-8,
    # UTF-16, and single-byte ones that keep ASCII's bytes, which expat demands). With no more of them than
    # the limit, no count can pass it; with more, the same checks run once with no tree (about 2 MB and less
    # time than building), so a file past the limit is refused before its tree is built, at the same place
    # and in the same words as it would be while building.
    if data.count(b"<") > limits.MAX_XML_ELEMENTS:
        _walk(data, None)
    builder = ET.TreeBuilder()
    _walk(data, builder)
    return builder.close()


def _walk(data: bytes, builder: ET.TreeBuilder | None) -> None:
    """Parse ``data`` under the limits into ``builder``, or only check it when ``builder`` is None."""
    parser = expat.ParserCreate()
    parser.buffer_text = True
    counter = _Counter(parser, builder)
    parser.StartElementHandler = counter.start
    parser.EndElementHandler = counter.end
    if builder is not None:
        parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = counter.refuse_dtd
    parser.EntityDeclHandler = counter.refuse_dtd
    parser.ExternalEntityRefHandler = counter.refuse_dtd
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    _parse(parser, data)


class _Counter:
    """expat's element events counted against the limits as they come, passed on to ``builder`` if any."""

    def __init__(self, parser: expat.XMLParserType, builder: ET.TreeBuilder | None) -> None:
        self.parser = parser
        self.builder = builder
        self.depth = 0
        self.count = 0
        self.layers = 0
        self.tags: list[str] = []  # the open elements, outermost first

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        self.count += 1
        self._count_layer(tag)
        self.tags.append(tag)
        if self.depth > limits.MAX_XML_DEPTH:
            raise InputLimitError(f"elements nest more than {limits.MAX_XML_DEPTH} deep "
                                  f"(line {self.parser.CurrentLineNumber}), past the limit")
        if self.count > limits.MAX_XML_ELEMENTS:
            raise InputLimitError(f"holds more than {limits.MAX_XML_ELEMENTS:,} XML elements, the limit "
                                  "(in Tiled, save tile layers as CSV or Base64, not XML)")
        if self.builder is not None:
            self.builder.start(tag, attrs)

    def _count_layer(self, tag: str) -> None:
        # A layer is a child of the map or of a group (a tile's <objectgroup> holds its collision shapes).
        if tag in _LAYER_TAGS and (not self.tags or self.tags[-1] in ("map", "group")):
            self.layers += 1
            if self.layers > limits.MAX_LAYERS:
                raise InputLimitError(f"holds more than {limits.MAX_LAYERS:,} layers (line "
                                      f"{self.parser.CurrentLineNumber}), the limit")

    def end(self, tag: str) -> None:
        self.depth -= 1
        self.tags.pop()
        if self.builder is not None:
            self.builder.end(tag)

    def refuse_dtd(self, *_: object) -> NoReturn:
        raise InputLimitError(f"has a DOCTYPE (line {self.parser.CurrentLineNumber}); Tiled never writes one "
                              "and Playmat reads no DTD or entity declarations")


def _parse(parser: expat.XMLParserType, data: bytes) -> None:
    """Feed ``data`` to ``parser``, its faults as one-line XmlErrors; the handlers' refusals pass through."""
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise XmlError(str(e)) from None
    except InputLimitError:
        raise  # the handlers' own refusals (an InputLimitError is a ValueError too)
    except (LookupError, UnicodeError) as e:  # <?xml encoding="bogus"?>: Python's codecs, asked by expat
        raise XmlError(f"the XML declaration names {e}") from None
    except ValueError as e:  # expat reads no multi-byte encoding but UTF-16 (Tiled writes UTF-8)
        raise XmlError(str(e)) from None

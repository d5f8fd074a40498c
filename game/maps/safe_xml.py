"""XML from strangers: parsed without a DTD, without entities, to a bounded depth and size.

Tiled never writes a ``<!DOCTYPE>``; a map that carries one is refused outright, so no entity
(internal "billion laughs" or external, file or network) is ever declared, let alone expanded.
Element depth and count are counted as expat reports them and refused past the limits of
:mod:`game.rules.limits`, before the tree grows further. The tree is built by ElementTree's
TreeBuilder from expat's events: no recursion anywhere, whatever the nesting.
"""

from __future__ import annotations

from typing import NoReturn
from xml.etree import ElementTree as ET
from xml.parsers import expat

from game.rules import InputLimitError, limits


class XmlError(ValueError):
    """The bytes are not XML Playmat reads; ``str()`` is one line (expat's reason, line and column)."""


def parse_untrusted(data: bytes) -> ET.Element:
    """The root element of ``data``; XmlError when it is not XML, InputLimitError past a limit or with a DTD."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.buffer_text = True
    depth = 0
    count = 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth, count
        depth += 1
        count += 1
        if depth > limits.MAX_XML_DEPTH:
            raise InputLimitError(f"elements nest more than {limits.MAX_XML_DEPTH} deep "
                                  f"(line {parser.CurrentLineNumber}), past the limit")
        if count > limits.MAX_XML_ELEMENTS:
            raise InputLimitError(f"holds more than {limits.MAX_XML_ELEMENTS:,} XML elements, the limit "
                                  "(in Tiled, save tile layers as CSV or Base64, not XML)")
        builder.start(tag, attrs)

    def end(tag: str) -> None:
        nonlocal depth
        depth -= 1
        builder.end(tag)

    def refuse_dtd(*_: object) -> NoReturn:
        raise InputLimitError(f"has a DOCTYPE (line {parser.CurrentLineNumber}); Tiled never writes one and "
                              "Playmat reads no DTD or entity declarations")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse_dtd
    parser.EntityDeclHandler = refuse_dtd
    parser.ExternalEntityRefHandler = refuse_dtd
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise XmlError(str(e)) from None
    except InputLimitError:
        raise  # the handlers' own refusals (an InputLimitError is a ValueError too)
    except ValueError as e:  # expat reads no multi-byte encoding but UTF-16 (Tiled writes UTF-8)
        raise XmlError(str(e)) from None
    return builder.close()

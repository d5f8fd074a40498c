"""Hostile-input generators shared by ``tools/fuzz_inputs.py`` (the long run) and
``tests/test_untrusted_fuzz.py`` (hypothesis in CI).

Every generator takes a ``random.Random`` (the long run seeds one per case, hypothesis draws one with
``st.randoms``) and returns bytes, so a failing case is reproduced from its seed alone. What they aim at
is what issue 21 found and the project's older fuzzers never reached: XML structure (nesting depth,
DTDs and entities, element counts, sizes), external tilesets, PNG headers (IHDR dimensions, bit depth,
colour type, checksums, truncation), action logs (numbers, lengths, encodings, torn lines, control
characters) and command-line arguments.
"""

from __future__ import annotations

import json
import random
import re
import struct
import zlib
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.hostile import bomb_png, external, plain_map, with_image_layer

# --- interesting values -----------------------------------------------------------------------------------
NUMBERS = ["0", "-0", "1", "-1", "2", "7", "99", "100", "101", "999", "1000", "1001", "4096", "65535", "65536",
           "999999999", "1000000000", "1000000001", "2147483647", "2147483648", "4294967295", "4294967296",
           "-2147483649", "9223372036854775808", "1e3", "1e309", "-1e309", "1.5", "0.0001", "nan", "NaN", "inf",
           "-inf", "Infinity", "0x10", "1_000", " 5 ", "+3", "05", "0" * 40 + "7", "9" * 11, "9" * 300, "9" * 4301,
           "9" * 5000, "", " ", "abc", "٣", "１２", "1,2", "1;2", "\u202e7", "7\x00"]
STRINGS = ["", " ", "x", "a" * 300, "a" * 70_000, "Orc\x1b[2J", "Orc\x00", "\u009b31m", "\ud7ff", "\U0001f409",
           "\u202eevil", "Hero", "Orc", "../../etc/passwd", "/etc/passwd", "/dev/zero", "/dev/urandom",
           "m.tmx", "m_tiles.tsx", "m_tiles.png", "fifo", "zero", "dir", "nope.png", "%s%n", "${x}", "&amp;",
           "\\", "'\"", "<>", "true", "false", "null", "player", "enemy", "ally", "neutral", "normal", "water",
           "blocked", "chasm", "hazard", "difficult", "d6", "1d6", "2d8+3", "1d0", "0d6", "1d-1", "blades:3",
           "blades:99999999999", "1d" + "9" * 5000]
ENTITIES = [
    '<!DOCTYPE map [<!ENTITY e "x">]>',
    '<!DOCTYPE map SYSTEM "file:///etc/passwd">',
    '<!DOCTYPE map [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE map [<!ENTITY e SYSTEM "/dev/zero">]>',
    '<!DOCTYPE map [<!ENTITY % p SYSTEM "http://127.0.0.1:1/x.dtd"> %p;]>',
    '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
    '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>',
    '<!DOCTYPE map [<!ELEMENT map ANY><!ATTLIST map width CDATA "5">]>',
    '<!DOCTYPE map PUBLIC "-//x//y" "http://127.0.0.1:1/y.dtd">',
    '<!DOCTYPE map [<!ENTITY e "&e;">]>',
]


@dataclass
class Case:
    """One fuzzed input: files to write into an empty folder and the command line to run there.

    A file's content is bytes, or ``("fifo",)``, ``("dir",)`` or ``("link", TARGET)`` for a special file.
    ``resume_check``: after the run, ``state`` must replay the log if the run ended with exit 0.
    """

    family: str
    files: dict[str, object] = field(default_factory=dict)
    argv: list[str] = field(default_factory=list)
    resume_check: bool = False


# --- base material ------------------------------------------------------------------------------------------
def _read(folder: Path) -> dict[str, object]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


class Bases:
    """The valid starting points, built once: a map with an embedded tileset, one with an external
    ``.tsx``, one with an image layer, and a valid log of a whole battle on the first."""

    def __init__(self, work: Path, log_lines: list[str] | None = None) -> None:
        for name in ("plain", "external", "image"):
            (work / name).mkdir(parents=True, exist_ok=True)
        plain_map(work / "plain")
        external(work / "external")
        with_image_layer(work / "image", "i.png")
        (work / "image" / "i.png").write_bytes(bomb_png(64, 64, 8, 6))
        self.maps = {name: _read(work / name) for name in ("plain", "external", "image")}
        self.log_lines = log_lines or DEFAULT_LOG

    def map_files(self, rng: random.Random) -> dict[str, object]:
        return dict(self.maps[rng.choice(list(self.maps))])


# A whole battle on the plain map (Hero against Orc), as `play --autoplay` wrote it.
DEFAULT_LOG = [
    '{"action": "begin"}',
    '{"action": "move", "unit": "Hero", "to": [2, 2], "path": [[2, 2]]}',
    '{"action": "attack", "unit": "Hero", "target": "Orc", "roll": 12, "damage": 1}',
    '{"action": "face", "unit": "Hero", "dir": "ne"}',
    '{"action": "end_turn"}',
    '{"action": "move", "unit": "Orc", "to": [2, 3], "path": [[2, 3]]}',
    '{"action": "attack", "unit": "Orc", "target": "Hero", "roll": 16, "damage": 1}',
    '{"action": "end_turn"}',
    '{"action": "attack", "unit": "Hero", "target": "Orc", "roll": 4}',
    '{"action": "move", "unit": "Hero", "to": [0, 2], "path": [[1, 2], [0, 2]]}',
    '{"action": "face", "unit": "Hero", "dir": "e"}',
    '{"action": "end_turn"}',
]
JOINS = [
    {"action": "join", "unit": {"name": "Cora", "faction": "ally", "hp": 7}, "at": [0, 0]},
    {"action": "join", "unit": {"name": "Cora", "faction": "ally", "hp": 3, "damage": "1d6", "skills": "blades:2",
                                "ranged": "2-6"}, "at": [4, 3]},
]


# --- XML ------------------------------------------------------------------------------------------------------
# Bounded quantifiers: the mutators read texts they have themselves made huge (a mutator that
# backtracked quadratically would be the very bug this fuzzes for).
_TAG = re.compile(rb"<([a-z]{1,20})\b[^<>]{0,4000}?(/?)>")
_ATTR = re.compile(rb'(?<!\w)(\w{1,30})="([^"]{0,4000})"')


def _elements(text: bytes) -> Iterator[re.Match[bytes]]:
    return (m for m in _TAG.finditer(text) if not text.startswith(b"<?", m.start()))


def _pick(rng: random.Random, matches: Iterable[re.Match[bytes]], group: int = 0) -> tuple[int, int] | None:
    """Where ``group`` of one of ``matches`` lies (start, end), drawn as ``rng.choice`` draws from their list;
    None when there are none.

    Two numbers kept a match, not the match: a list of every attribute of a 30 MB text held millions of
    match objects, 386 MB, in the fuzzer's process (and the case's run was then blamed for it)."""
    spans = array("q")
    for m in matches:
        spans.extend(m.span(group))
    if not spans:
        return None
    k = 2 * rng.randrange(len(spans) // 2)
    return spans[k], spans[k + 1]


def _inside(rng: random.Random, text: bytes) -> int:
    """An offset just after a random non-empty start tag (somewhere new children may go)."""
    tag = _pick(rng, (m for m in _elements(text) if not m.group(2)))
    return tag[1] if tag else len(text)


def _size(rng: random.Random, small: int, big: int) -> int:
    """Mostly small, sometimes at a limit, now and then far past it."""
    r = rng.random()
    if r < 0.75:
        return rng.randint(0, small)
    if r < 0.98:
        return rng.choice([99, 100, 101, 998, 999, 1000, 1001, 4096, 65_536])
    return rng.randint(small, big)


def xml_deep(rng: random.Random, text: bytes) -> bytes:
    depth = max(1, _size(rng, 120, 250_000) if rng.random() < 0.97 else 200_000)
    tag = rng.choice([b"a", b"properties", b"group", b"tile", b"x" * rng.randint(1, 300)])
    at = _inside(rng, text)
    return text[:at] + (b"<" + tag + b">") * depth + (b"</" + tag + b">") * depth + text[at:]


def xml_entities(rng: random.Random, text: bytes) -> bytes:
    decl = rng.choice(ENTITIES).encode()
    if rng.random() < 0.3:
        decl = decl.replace(b"map", rng.choice([b"tileset", b"x", b""]))
    head, sep, rest = text.partition(b"?>")
    out = decl + b"\n" + text if not sep or rng.random() < 0.2 else head + sep + b"\n" + decl + rest
    if rng.random() < 0.7:  # use the entity somewhere
        out = _set_attr(rng, out, b"&" + rng.choice([b"e", b"a", b"lol", b"p"]) + b";")
    return out


def xml_many(rng: random.Random, text: bytes) -> bytes:
    count = _size(rng, 2000, 600_000) if rng.random() < 0.97 else rng.choice([499_990, 500_001])
    piece = rng.choice([b"<a/>", b'<property name="p" value="v"/>', b"<properties/>", b'<tile id="0"/>',
                        b'<object id="9" name="U" type="combatant" x="1" y="1"><point/></object>',
                        b'<layer id="9" name="L" width="5" height="4"><data encoding="csv">' +
                        b",".join([b"1"] * 20) + b"</data></layer>"])
    count = min(count, 30_000_000 // len(piece))  # stay near the file-size limit, not far past it
    at = _inside(rng, text)
    return text[:at] + piece * count + text[at:]


def _set_attr(rng: random.Random, text: bytes, value: bytes) -> bytes:
    span = _pick(rng, _ATTR.finditer(text), 2)
    if span is None:
        return text
    return text[:span[0]] + value + text[span[1]:]


def xml_attr(rng: random.Random, text: bytes) -> bytes:
    pool = NUMBERS if rng.random() < 0.6 else STRINGS
    value = rng.choice(pool)
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    return _set_attr(rng, text, value.encode("utf-8", "surrogatepass"))


def xml_sizes(rng: random.Random, text: bytes) -> bytes:
    """Map and layer geometry: width, height, tile size, side length, with the data to match or not."""
    key = rng.choice([b"width", b"height", b"tilewidth", b"tileheight", b"hexsidelength", b"tilecount",
                      b"columns", b"spacing", b"margin", b"firstgid", b"offsetx", b"parallaxx"])
    value = rng.choice(NUMBERS[:30]).encode()
    hits = [m for m in _ATTR.finditer(text) if m.group(1) == key]
    if not hits:
        return xml_attr(rng, text)
    chosen = hits if rng.random() < 0.5 else [rng.choice(hits)]
    parts, last = [], 0
    for m in chosen:  # one join, not a copy of the whole text per hit (a map of 10,000 objects took hours)
        parts += [text[last:m.start(2)], value]
        last = m.end(2)
    text = b"".join([*parts, text[last:]])
    if rng.random() < 0.4 and b'encoding="csv">' in text:
        w = rng.choice([1, 5, 100, 1000, 1001])
        h = rng.choice([1, 4, 100, 1000])
        size = rb'\1width="%d" height="%d"' % (w, h)
        text = re.sub(rb'(<layer [^>]{0,400}?)width="\d{1,12}" height="\d{1,12}"', size, text)
        text = re.sub(rb'(<map [^>]{0,400}?)width="\d{1,12}" height="\d{1,12}"', size, text)
        start = text.find(b'encoding="csv">') + len(b'encoding="csv">')
        end = text.find(b"</data>", start)
        if rng.random() < 0.7 and w * h <= 1_000_000 and end > 0:
            text = text[:start] + b",".join([b"1"] * (w * h)) + text[end:]
    return text


def xml_data(rng: random.Random, text: bytes) -> bytes:
    """Tile layer data: the CSV swapped for long or malformed runs, or encoded and compressed data."""
    start = text.find(b'<data encoding="csv">')
    end = text.find(b"</data>", start)
    if start < 0 or end < 0:  # an earlier mutation took the data's element apart
        return xml_attr(rng, text)
    r = rng.random()
    if r < 0.3:
        n = _size(rng, 100, 200_000)
        body = rng.choice([b" ,", b",", b"1,", b" ", b"\n", b"-1,", b"4294967295,", b"x,"]) * n + \
            rng.choice([b"", b"x", b"1", b"\x00"])
        return text[:start] + b'<data encoding="csv">' + body + text[end:]
    cells = 20 if r < 0.9 else rng.choice([0, 19, 21, 400, 10**6 if rng.random() < 0.1 else 1001])
    raw = struct.pack(f"<{min(cells, 4 * 10**6)}I", *([rng.choice([0, 1, 2, 0x80000001, 2**32 - 1])] *
                                                      min(cells, 4 * 10**6)))
    comp = rng.choice(["", "zlib", "gzip", "zstd", "lzma", "zlib-torn"])
    if comp.startswith("zlib"):
        raw = zlib.compress(raw, 9)
        if comp == "zlib-torn":
            raw = raw[: rng.randint(0, len(raw))]
            comp = "zlib"
    elif comp == "gzip":
        import gzip
        raw = gzip.compress(raw)
    elif comp == "zstd":
        import zstandard
        raw = zstandard.ZstdCompressor().compress(raw)
    import base64
    b64 = base64.b64encode(raw)
    if rng.random() < 0.2:
        b64 = b64[: rng.randint(0, len(b64))] + rng.choice([b"", b"=", b"!", b"\xff"])
    head = b'<data encoding="base64"' + (b' compression="%s"' % comp.encode() if comp else b"") + b">"
    return text[:start] + head + b64 + text[end:]


def bytes_noise(rng: random.Random, data: bytes) -> bytes:
    """Byte-level damage: truncation, flips, insertions, deletions, encodings."""
    r = rng.random()
    n = len(data)
    if r < 0.25:
        return data[: rng.randint(0, n)]
    if r < 0.45:
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if b:
                b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if r < 0.6:
        at = rng.randint(0, n)
        junk = rng.choice([b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\x1b[2J", b"]]>", b"<![CDATA[", b"&", b"<",
                           b"\xc3", b"\xed\xa0\x80", bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))])
        return data[:at] + junk + data[at:]
    if r < 0.75:
        a = rng.randint(0, n)
        return data[:a] + data[rng.randint(a, n):]
    if r < 0.85:
        a = rng.randint(0, n)
        b2 = rng.randint(a, min(n, a + 4000))
        return data[:b2] + data[a:b2] * rng.randint(1, 50) + data[b2:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    enc = rng.choice(["utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252", "utf-8-sig"])
    out = text.replace('encoding="UTF-8"', f'encoding="{rng.choice([enc, "UTF-8", "bogus", "UTF-7"])}"')
    return out.encode(enc, "replace")


_PLAYMAT_VALUE = re.compile(rb'(<property name="(?:skills|damage|hostile|faction|terrain|title|hp)"[^>]{0,40}? value=")'
                            rb'([^"]{0,4000})"')


def xml_property_bloat(rng: random.Random, text: bytes) -> bytes:
    """One of Playmat's own properties given a value of up to 30 MB: repeated entries (``skills`` of millions of
    skills), one long word, or a long whole number (limits.MAX_PROPERTY_CHARS, MAX_NUMBER_DIGITS)."""
    hits = list(_PLAYMAT_VALUE.finditer(text))
    if not hits:
        return xml_attr(rng, text)
    m = rng.choice(hits)
    n = _size(rng, 1000, 3_000_000)
    value = rng.choice([b"blades:2," * n, b"1d6+" * n, b"player/enemy," * n, b"x" * (n * 8), b"9" * n])
    return text[:m.start(2)] + value[:30_000_000] + text[m.end(2):]


XML_MUTATORS = [xml_deep, xml_entities, xml_many, xml_attr, xml_sizes, xml_data, bytes_noise, xml_property_bloat]
XML_WEIGHTS = [1, 1, 1, 3, 2, 2, 3, 1]


def mutate_xml(rng: random.Random, text: bytes, rounds: int | None = None) -> bytes:
    for _ in range(rounds or rng.choice([1, 1, 1, 2, 3])):
        text = rng.choices(XML_MUTATORS, XML_WEIGHTS)[0](rng, text)
    return text


# --- PNG ------------------------------------------------------------------------------------------------------
def _chunk(kind: bytes, data: bytes, crc: int | None = None) -> bytes:
    c = zlib.crc32(kind + data) & 0xFFFFFFFF if crc is None else crc
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", c)


DIMS = [0, 1, 2, 64, 512, 4899, 4900, 8000, 16000, 30000, 65535, 2**31 - 1, 2**31, 2**32 - 1]


def png(rng: random.Random) -> bytes:
    """A PNG whose header, chunks or pixels lie: IHDR dimensions, bit depth, colour type, interlace,
    bad checksums, missing or extra chunks, pixel data longer or shorter than the header, truncation;
    now and then another format's header (JPEG, GIF, BMP, WebP) claiming a huge size."""
    r = rng.random()
    if r < 0.1:
        w, h = rng.choice(DIMS), rng.choice(DIMS)
        other = rng.choice([
            b"\xff\xd8\xff\xc0\x00\x11\x08" + struct.pack(">HH", h & 0xFFFF, w & 0xFFFF) + b"\x03" + bytes(9),
            b"GIF89a" + struct.pack("<HH", w & 0xFFFF, h & 0xFFFF) + bytes(7),
            b"BM" + bytes(16) + struct.pack("<ii", w & 0x7FFFFFFF, h & 0x7FFFFFFF) + bytes(28),
            b"RIFF" + struct.pack("<I", 30) + b"WEBPVP8X" + struct.pack("<I", 10) + bytes(4) +
            (w & 0xFFFFFF).to_bytes(3, "little") + (h & 0xFFFFFF).to_bytes(3, "little"),
            b"\xff\xd8\xff\xe0" + bytes(rng.randrange(256) for _ in range(40)),
        ])
        return other[: rng.randint(0, len(other))] if rng.random() < 0.3 else other
    w = rng.choice(DIMS) if rng.random() < 0.5 else rng.randint(1, 300)
    h = rng.choice(DIMS) if rng.random() < 0.5 else rng.randint(1, 300)
    depth = rng.choice([1, 2, 4, 8, 8, 8, 16, 0, 3, 255])
    ctype = rng.choice([0, 2, 3, 4, 6, 6, 6, 1, 7])
    inter = rng.choice([0, 0, 0, 1, 2])
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, rng.choice([0, 0, 0, 1]), rng.choice([0, 0, 0, 1]), inter)
    # Pixel data: what the header promises when small, or a little, or a bomb's worth of zeros.
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype, 4)
    row = 1 + (min(w, 5000) * channels * max(depth, 1) + 7) // 8
    rows = min(h, 5000) if rng.random() < 0.8 else rng.randint(0, 3)
    raw = (b"\x00" + bytes(row - 1)) * rows if row * rows <= 64 * 2**20 else b"\x00" * 1000
    idat = zlib.compress(raw, 9)
    chunks = [_chunk(b"IHDR", ihdr, None if rng.random() < 0.9 else rng.randrange(2**32))]
    if ctype == 3 and rng.random() < 0.8:
        chunks.append(_chunk(b"PLTE", bytes(3 * rng.choice([1, 2, 16, 256, 257]))))
    for _ in range(rng.choice([0, 0, 1, 2])):
        kind = rng.choice([b"tEXt", b"zTXt", b"iCCP", b"tRNS", b"gAMA", b"acTL", b"abcd", b"IHDR", b"IEND"])
        chunks.append(_chunk(kind, bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))))
    if rng.random() < 0.15:  # split IDAT
        cut = rng.randint(0, len(idat))
        chunks += [_chunk(b"IDAT", idat[:cut]), _chunk(b"IDAT", idat[cut:])]
    else:
        chunks.append(_chunk(b"IDAT", idat, None if rng.random() < 0.95 else 0))
    if rng.random() < 0.1:  # a chunk length that lies
        chunks.append(struct.pack(">I", rng.choice([2**31 - 1, 2**32 - 1, 10**6])) + b"IDAT" + idat[:10])
    chunks.append(_chunk(b"IEND", b""))
    data = b"\x89PNG\r\n\x1a\n" + b"".join(chunks)
    if rng.random() < 0.2:
        data = data[: rng.randint(0, len(data))]
    if rng.random() < 0.1:
        data = bytes_noise(rng, data)
    return data


# --- logs -----------------------------------------------------------------------------------------------------
def _json_value(rng: random.Random, depth: int = 0) -> object:
    r = rng.random()
    if r < 0.3 or depth > 3:
        return rng.choice([0, -1, 1, 7, 10**9, 10**9 + 1, 2**63, -(2**63) - 1, 1.5, 1e308, True, False, None])
    if r < 0.6:
        return rng.choice(STRINGS)
    if r < 0.8:
        return [_json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["unit", "name", "to", "at", "hp", "roll", "damage", "dir", "target", "path", "x"]):
            _json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def log_line(rng: random.Random, lines: list[str]) -> str:
    """One damaged line: a valid line with a value swapped, a number's text stretched, a join with odd
    units, a deep array, a long string, a control character."""
    r = rng.random()
    if r < 0.35:
        obj = json.loads(rng.choice(lines[1:] or lines))
        keys = list(obj)
        if rng.random() < 0.5 and keys:
            obj[rng.choice(keys)] = _json_value(rng)
        else:
            obj[rng.choice(["unit", "to", "roll", "damage", "dir", "x", "action", "path"])] = _json_value(rng)
        return json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    if r < 0.55:
        obj = json.loads(json.dumps(rng.choice(JOINS)))
        unit = obj["unit"]
        unit[rng.choice(["name", "faction", "hp", "damage", "skills", "ranged", "size", "speed", "flying", "x"])] = \
            rng.choice(NUMBERS + STRINGS) if rng.random() < 0.7 else _json_value(rng)
        if rng.random() < 0.3:
            obj["at"] = _json_value(rng)
        return json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    if r < 0.7:  # raw number text: long, signed, exponents
        line = rng.choice(lines[1:] or lines)
        num = rng.choice(["9" * rng.choice([10, 11, 300, 4300, 4301, 5000, 60_000]), "-0", "1e999", "-1e-999",
                          "1.0", "0" * 5000 + "1", "NaN", "Infinity", "-" + "9" * 5000])
        return re.sub(r"\b\d{1,12}\b", num, line, count=1)
    if r < 0.8:
        depth = rng.choice([10, 100, 999, 1000, 1001, 5000, 30_000])
        return '{"action": "move", "unit": "Hero", "to": ' + "[" * depth + "]" * depth + "}"
    if r < 0.9:
        n = rng.choice([65_535, 65_536, 65_537, 200_000])
        return '{"action": "face", "unit": "' + "A" * (n - 40) + '", "dir": "e"}'
    return rng.choice(['{"action": "face", "unit": "Hero\\u0000", "dir": "e"}', '{"action": "begin"}{"action": ',
                       "\x00", "\x1b[2J", "[]", "1", '"begin"', "{", "}", "\ufeff{\"action\": \"begin\"}",
                       '{"action": "begin", "action": "end_turn"}', '{"action": "\\ud800"}'])


def log(rng: random.Random, lines: list[str]) -> bytes:
    """A whole log: a valid prefix, damaged lines, and damage to its tail, encoding or line ends."""
    keep = lines[: rng.randint(0, len(lines))]
    out = list(keep)
    for _ in range(rng.choice([0, 1, 1, 2, 4])):
        out.insert(rng.randint(min(1, len(out)), len(out)), log_line(rng, lines))
    r = rng.random()
    if r < 0.005:
        out += [rng.choice(lines[1:] or lines)] * rng.choice([99_999, 100_000, 100_001, 150_000])
    end = rng.choice(["\n", "\n", "\r\n", "\r", ""])
    text = end.join(out) + (end if rng.random() < 0.7 else "")
    data = text.encode("utf-8", "surrogatepass")
    r = rng.random()
    if r < 0.15:  # torn: cut anywhere (a kill mid-write)
        data = data[: rng.randint(0, len(data))]
    elif r < 0.25:
        data = text.encode(rng.choice(["utf-16", "utf-32", "latin-1", "cp1252"]), "replace")
    elif r < 0.35:
        data = bytes_noise(rng, data)
    return data


# --- command lines --------------------------------------------------------------------------------------------
RULES_COMMANDS = ["state", "reach", "threat", "arc", "sight", "targets", "suggest"]
JUNK_ARGS = ["--json", "--allow-outside", "--lint", "--no-tokens", "--objects", "--help", "-h", "--", "-", "-x",
             "--log", "--frames", "--scale", "--size", "--seed", "--unit", "--budget", "--games", "--jobs",
             "--", "\u202e", "a" * 5000, "", " ", "=", "--log=", "--unit=Hero", "--frames=1", "-o"]


def argv_value(rng: random.Random) -> str:
    return rng.choice(NUMBERS + STRINGS + ["m.tmx", "s.jsonl", "out.png", "fifo", "zero", "dir", "1,1", "0,0",
                                           "-1,5", "1280x720", "0x0", "99999x99999", "1x1", "x", "3x3x3",
                                           "reach:Hero", "threat:enemy", "reach:", "reach:Nobody", ":", "player",
                                           "enemy=hard", "enemy=godlike", "=", "tcp://127.0.0.1:1", "not a url"])


def command_line(rng: random.Random) -> list[str]:
    """A command line a user could type: a command, its arguments with hostile values, and junk."""
    cmd = rng.choice(RULES_COMMANDS + ["validate", "render", "play", "playtest", "maps", "help", "nonsense", ""])
    argv: list[str] = [cmd]
    if rng.random() < 0.9:
        argv.append(rng.choice(["m.tmx", "m.tmx", "fifo", "zero", "dir", "nope.tmx", "s.jsonl", "m_tiles.png"]))
    opts = {
        "state": [], "reach": ["--unit", "--budget"], "threat": ["--against"], "arc": ["--attacker", "--defender"],
        "sight": ["--from", "--to"], "targets": ["--unit"], "suggest": ["--level", "--seed"],
        "validate": ["--lint"], "render": ["-o", "--overlay", "--scale", "--log"],
        "play": ["--log", "--seed", "--human", "--ai", "--size", "--screenshot", "--replay", "--speed"],
        "playtest": ["--jobs", "--level", "--out", "--seed"],
    }.get(cmd, [])
    for opt in opts:
        if rng.random() < 0.8:
            argv += [opt, argv_value(rng)]
    if cmd in RULES_COMMANDS and rng.random() < 0.5:
        argv += ["--log", rng.choice(["s.jsonl", "fifo", "zero", "dir", "nope", "m.tmx"])]
    for _ in range(rng.choice([0, 0, 1, 2])):
        argv.insert(rng.randint(1, len(argv)), rng.choice(JUNK_ARGS + [argv_value(rng)]))
    # Work that is legitimately long is bounded the way a user would bound it: play always stops after a
    # few frames without a window; playtest plays one or two games.
    if cmd == "play":
        argv += ["--headless", "--frames", rng.choice(["1", "2", "5", "0", "-1", "x", "9" * 5000])]
    if cmd == "playtest":
        argv += ["--games", rng.choice(["1", "2", "0", "-1", "x", "9" * 5000])]
    if cmd == "render" and "-o" not in argv:
        argv += ["-o", "out.png"]
    return [a.replace("\x00", "") for a in argv]


# --- cases ----------------------------------------------------------------------------------------------------
SPECIALS: list[tuple[str, object]] = [("fifo", ("fifo",)), ("zero", ("link", "/dev/zero")), ("dir", ("dir",))]


def map_command(rng: random.Random) -> list[str]:
    r = rng.random()
    if r < 0.55:
        return ["validate", "m.tmx"] + (["--json"] if rng.random() < 0.2 else [])
    if r < 0.8:
        return ["render", "m.tmx", "-o", "out.png"] + (["--objects"] if rng.random() < 0.2 else [])
    if r < 0.9:
        return ["state", "m.tmx", "--json"]
    if r < 0.95:
        return ["validate", "--lint", "m.tmx"]
    return ["play", "m.tmx", "--headless", "--frames", "2", "--log", "s.jsonl"]


def make_case(rng: random.Random, bases: Bases) -> Case:
    """One case, drawn from the families in proportion to how much each reaches."""
    family = rng.choices(["map", "tileset", "png", "log", "args", "special"], [30, 12, 15, 25, 13, 5])[0]
    case = Case(family)
    case.files = bases.map_files(rng)
    if family == "map":
        case.files["m.tmx"] = mutate_xml(rng, case.files["m.tmx"])  # type: ignore[arg-type]
        case.argv = map_command(rng)
    elif family == "tileset":
        case.files = dict(bases.maps["external"])
        case.files["m_tiles.tsx"] = mutate_xml(rng, case.files["m_tiles.tsx"])  # type: ignore[arg-type]
        case.argv = map_command(rng)
    elif family == "png":
        which = "i.png" if "i.png" in case.files and rng.random() < 0.5 else "m_tiles.png"
        case.files[which] = png(rng)
        case.argv = rng.choice([["validate", "m.tmx"], ["render", "m.tmx", "-o", "out.png"],
                                ["play", "m.tmx", "--headless", "--frames", "2", "--log", "s.jsonl"]])
    elif family == "log":
        case.files = dict(bases.maps["plain"])
        case.files["s.jsonl"] = log(rng, bases.log_lines)
        r = rng.random()
        if r < 0.5:
            case.argv = ["state", "m.tmx", "--log", "s.jsonl"] + (["--json"] if rng.random() < 0.3 else [])
        elif r < 0.6:
            case.argv = ["reach", "m.tmx", "--log", "s.jsonl", "--unit", rng.choice(["Hero", "Orc", "Cora"])]
        elif r < 0.7:
            case.argv = ["render", "m.tmx", "--log", "s.jsonl", "-o", "out.png"]
        else:  # resume: mend a torn line, append, and the save must replay after
            case.argv = ["play", "m.tmx", "--headless", "--autoplay", "--speed", "instant",
                         "--frames", str(rng.choice([1, 3, 10, 40])), "--log", "s.jsonl"]
            case.resume_check = True
    elif family == "args":
        case.files["s.jsonl"] = "\n".join(bases.log_lines[: rng.randint(0, len(bases.log_lines))]).encode() + b"\n"
        case.files.update(dict(SPECIALS))
        case.argv = command_line(rng)
    else:
        name, special = rng.choice(SPECIALS)
        slot = rng.choice(["m.tmx", "m_tiles.png", "s.jsonl", "out.png"])
        if slot == "m_tiles.png" and rng.random() < 0.5:
            case.files = dict(bases.maps["external"])
            slot = "m_tiles.tsx"
        case.files[slot] = special
        case.argv = {"m.tmx": ["validate", "m.tmx"], "m_tiles.png": ["render", "m.tmx", "-o", "out.png"],
                     "m_tiles.tsx": ["validate", "m.tmx"], "s.jsonl": ["state", "m.tmx", "--log", "s.jsonl"],
                     "out.png": ["render", "m.tmx", "-o", "out.png"]}[slot]
        if slot == "s.jsonl" and rng.random() < 0.5:
            case.argv = ["play", "m.tmx", "--headless", "--frames", "2", "--log", "s.jsonl"]
    return case


def write_case(case: Case, folder: Path) -> None:
    import os
    for name, content in case.files.items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content == ("fifo",):
            os.mkfifo(path)
        elif content == ("dir",):
            path.mkdir()
        else:
            path.symlink_to(content[1])  # type: ignore[index]

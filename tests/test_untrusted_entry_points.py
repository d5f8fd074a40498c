"""Entry points attacked as a stranger would (the map's title, file names that are not UTF-8, logs of
millions of empty records, torn compressed layers): one line and exit status 2, or the game goes on; never
a hang, a traceback or hundreds of MB.
"""

from __future__ import annotations

import base64
import os
import struct
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import main
from game.maps import load_scenario
from game.maps.shipped import describe_map
from game.render.pg import pygame
from game.rules import LogError, limits, read_log
from game.saves import list_saves, read_meta
from game.ui.app import PlayConfig, play
from game.ui.load import LoadScene
from game.ui.title import TitleScene
from tests.hostile import plain_map, swap


def one_line(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    out, err = capsys.readouterr()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err[-2000:]
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert len(lines[0]) < 300, lines[0][:400]
    return lines[0]


# --- the map's title and description -------------------------------------------------------------------
@pytest.mark.parametrize(("key", "limit"), [("title", "MAX_TITLE_CHARS"), ("description", "MAX_DESCRIPTION_CHARS")])
def test_a_title_or_description_past_its_limit_is_refused_in_one_line(tmp_path: Path, key: str, limit: str,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # A 20,000-character title held `play` in the top bar, which cut it one character at a time every frame
    # (over a minute for the first frame); `render` printed all of it.
    most = getattr(limits, limit)
    tmx = plain_map(tmp_path, map_properties={key: "T" * (most + 1)})
    for argv in (["validate", str(tmx)], ["state", str(tmx)]):
        assert main(argv) == 2
        one_line(capsys, "m.tmx: map: ", f"{key} is {most + 1:,} characters long, more than the limit of {most:,}")
    ok = plain_map(tmp_path, "ok.tmx", map_properties={key: "T" * most})
    assert main(["validate", str(ok)]) == 0
    capsys.readouterr()
    shown = describe_map(tmx)  # the title screen lists a map of its own by the start of its title
    assert len(shown.title if key == "title" else shown.description) == most


# --- file names that are not UTF-8 ---------------------------------------------------------------------
def test_a_map_whose_file_name_is_not_utf8_plays_and_its_save_opens(tmp_path: Path) -> None:
    # Python reads the name m\xff.tmx as "m\udcff.tmx": writing the save's note and drawing the title (the
    # file's name, the map has none) ended `play` in a UnicodeEncodeError traceback.
    text = plain_map(tmp_path).read_text()
    tmx = Path(os.fsdecode(bytes(tmp_path) + b"/m\xff.tmx"))
    tmx.write_text(text)
    assert main(["play", str(tmx), "--headless", "--frames", "3", "--autoplay", "--speed", "instant"]) == 0
    [log] = list_saves()
    meta = read_meta(log)
    assert meta is not None and meta.map == tmx.resolve()

    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title, load = stack.find(TitleScene), stack.find(LoadScene)
        if load is None and title is not None and title.saves is not None and "opened" not in seen:
            seen["opened"] = True
            pos = title.load_rect.center
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        if load is not None and log in load.infos:
            seen["info"] = load.infos[log]
        return []

    play(PlayConfig(headless=True, frames=120, size=(1280, 720)), script=script,
         until=lambda stack: "info" in seen)
    assert seen["info"].problem is None and seen["info"].phase in ("active", "ended")


# --- logs ------------------------------------------------------------------------------------------------
def test_a_log_of_millions_of_records_is_refused_before_it_is_split(tmp_path: Path) -> None:
    # 16 MB of "{}\n" is 5.6 million lines: they were split into a list of strings (450 MB) before the
    # line limit was checked.
    layout = load_scenario(plain_map(tmp_path)).board.layout
    log = tmp_path / "many.jsonl"
    log.write_bytes(b"{}\n" * 2_000_000)
    tracemalloc.start()
    try:
        with pytest.raises(LogError, match=rf"^many\.jsonl:{limits.MAX_LOG_LINES + 1}: the log has more than"):
            read_log(log, layout)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * 2**20, f"{peak / 2**20:.0f} MB"  # the file and its text; no list of lines


# --- compressed tile layers ------------------------------------------------------------------------------
def _layer(tmp_path: Path, compression: str, payload: bytes) -> Path:
    tmx = plain_map(tmp_path)
    text = tmx.read_text()
    start, end = text.index("<data"), text.index("</data>") + len("</data>")
    data = f'<data encoding="base64" compression="{compression}">{base64.b64encode(payload).decode()}</data>'
    return swap(tmx, text[start:end], data)


def test_a_compressed_layer_cut_short_is_named_as_cut_short(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    # A zlib stream without its end and checksum was read as whole (its tiles as far as they went), and a
    # zstd one said "has 0 tiles".
    cells = 5 * 4  # plain_map's layer
    gids = struct.pack(f"<{cells}I", *([1] * cells))
    import zstandard

    for compression, packed in (("zlib", zlib.compress(gids)), ("gzip", zlib.compress(gids, wbits=31)),
                                ("zstd", zstandard.ZstdCompressor().compress(gids))):
        tmx = _layer(tmp_path, compression, packed[:-5])
        assert main(["validate", str(tmx)]) == 2
        one_line(capsys, "m.tmx: layer ", f"{compression} tile data is cut short")


# --- play's own checks of its MAP and --replay -----------------------------------------------------------
def test_play_names_a_pipe_a_device_or_a_folder_as_every_command_does(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # `play` said "no such log file" of /dev/zero and "no such map file" of a named pipe that were there.
    tmx = plain_map(tmp_path)
    pipe = tmp_path / "pipe.tmx"
    os.mkfifo(pipe)
    assert main(["play", str(pipe), "--headless", "--frames", "1"]) == 2
    assert one_line(capsys) == "playmat: pipe.tmx: the map is a named pipe, not a regular file"
    assert main(["play", str(tmx), "--headless", "--frames", "1", "--replay", "/dev/zero"]) == 2
    assert one_line(capsys) == "playmat: zero: the log is a device, not a regular file"
    assert main(["play", str(tmx), "--headless", "--frames", "1", "--replay", str(tmp_path)]) == 2
    assert one_line(capsys).endswith(": the log is a directory, not a regular file")
    assert main(["play", str(tmx), "--headless", "--frames", "1", "--replay", str(tmp_path / "gone.jsonl")]) == 2
    assert one_line(capsys) == f"playmat: --replay {tmp_path / 'gone.jsonl'}: no such log file"

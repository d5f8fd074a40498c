"""Issue 21's findings run exactly as found, through the commands that failed (the audit of findings 1-9:
where the earlier tests checked a smaller stand-in or only ``validate``, these run the finding's own input
through ``render``, ``play --headless`` and ``playtest`` in a child process under a 1 GB memory cap).

- 1: the 200,000-deep tileset through ``render`` (the tests ran ``validate`` only);
- 3: a real 16000 x 16000 1-bit PNG (31 KB, a MemoryError traceback) as an image layer through ``render``
  and ``play --headless`` (the tests used 8000 x 8000 in process and a header-only 30000 x 4000);
- 5: ``--log /dev/zero`` (a traceback from actionlog.py; the tests used /dev/urandom) for ``state`` and ``play``;
- 6: 1,000 combatants through ``playtest --games 1`` (did not finish in 120 s) and 10,000 through
  ``play --headless`` (a traceback in ui/framing.py); the tests checked ``validate`` only.
"""

from __future__ import annotations

from pathlib import Path

from game.rules import limits
from tests.hostile import bomb_png, combatant_map, external, plain_map, refused_by_cli, swap, with_image_layer


def test_1_the_deep_tileset_is_refused_by_render_too(tmp_path: Path) -> None:
    tmx, tsx = external(tmp_path)
    depth = 200_000
    swap(tsx, "</tileset>", '<tile id="7">' + "<a>" * depth + "</a>" * depth + "</tile></tileset>")
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], "m_tiles.tsx", "nest more than")
    assert not (tmp_path / "o.png").exists()


def test_3_a_real_16000_square_png_is_refused_by_render_and_play(tmp_path: Path) -> None:
    (tmp_path / "bomb.png").write_bytes(bomb_png(16000, 16000))
    tmx = with_image_layer(tmp_path, "bomb.png")
    words = ('image "bomb.png" is 16000x16000 pixels', f"limit of {limits.MAX_IMAGE_PIXELS:,}")
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], *words)
    refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")], *words)
    assert not (tmp_path / "s.jsonl").exists()


def test_5_dev_zero_as_the_log_is_refused_without_reading(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path)
    refused_by_cli(["state", str(tmx), "--log", "/dev/zero"], "device")
    refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", "/dev/zero"], "not a regular file")


def test_6_a_thousand_combatants_in_playtest_are_refused_naming_the_limit(tmp_path: Path) -> None:
    tmx = combatant_map(tmp_path, 1000, 64)
    refused_by_cli(["playtest", str(tmx), "--games", "1"], "has 1000 combatants",
            f"more than the limit of {limits.MAX_COMBATANTS}")


def test_6_ten_thousand_combatants_in_the_window_are_refused_naming_the_limit(tmp_path: Path) -> None:
    tmx = combatant_map(tmp_path, 10_000, 200)
    # 10,000 combatants need a map whose picture is past its own limit too; either limit refuses it.
    line = refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")],
                   "crowd10000.tmx")
    assert f"has 10000 combatants, more than the limit of {limits.MAX_COMBATANTS}" in line or \
        f"more than the limit of {limits.MAX_PICTURE_PIXELS:,}" in line, line

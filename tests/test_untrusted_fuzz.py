"""Hypothesis over everything a stranger can hand Playmat (issue 21, "What to build" 4): 2,400 cases a run.

The generators are ``tests/fuzz_cases.py``'s, the ones ``tools/fuzz_inputs.py`` runs 100,000 times under a
memory cap: XML structure (depth, DTDs and entities, element counts, sizes, layer data, byte damage),
external tilesets, PNG headers (IHDR dimensions, bit depth, colour type, checksums, truncation), action
logs (numbers, lengths, encodings, torn lines, control characters), command lines, and pipes, devices and
folders where files belong. Each case runs through ``playmat``'s own entry point in this process (no
interpreter start per case, so the run stays short) and must end as a user expects: exit 0, or exit 2
with one line naming the file (``validate`` lists each problem on its own line); never an exception.
A map ``validate`` accepts also draws; a save ``play`` resumed still replays.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.cli.main import main as playmat  # noqa: E402
from tests.fuzz_cases import Bases, Case, command_line, log, map_command, mutate_xml, png, write_case  # noqa: E402

SETTINGS = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
CASES_PER_RUN = {"maps": 800, "tilesets": 300, "images": 400, "logs": 600, "resumes": 50, "command lines": 250}
CPU_LIMIT_S = 60  # a case that has computed this long is a hang (a quadratic loop)
# A case blocked this long is a hang too (a FIFO opened). Wall time is kept apart from CPU time: on a loaded
# machine (every core busy with other tests) a case that computes for 10 s may take a minute of wall time,
# so a wall-clock limit alone could fail a sound case there (one failure of this file was seen only under
# such load, its cause not kept).
WALL_LIMIT_S = 600


class Hang(Exception):
    pass


@pytest.fixture(scope="module")
def bases() -> Iterator[Bases]:
    with tempfile.TemporaryDirectory(prefix="fuzzbases") as tmp:
        yield Bases(Path(tmp))


@contextlib.contextmanager
def case_folder(case: Case) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzzcase") as tmp:
        folder = Path(tmp)
        write_case(case, folder)
        yield folder


def run(folder: Path, argv: list[str]) -> tuple[int, list[str], str]:
    """``playmat ARGV`` in ``folder``: exit status, stderr's lines, stdout. An exception fails the test."""

    def alarm(signum: int, _frame: object) -> None:
        spent = f"{CPU_LIMIT_S} s of CPU" if signum == signal.SIGPROF else f"{WALL_LIMIT_S} s"
        raise Hang(f"playmat {' '.join(argv)[:200]} still running after {spent}")

    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, alarm)
    old_prof = signal.signal(signal.SIGPROF, alarm)
    signal.alarm(WALL_LIMIT_S)
    signal.setitimer(signal.ITIMER_PROF, CPU_LIMIT_S)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = playmat(argv)
            except SystemExit as done:  # argparse's --help
                rc = done.code if isinstance(done.code, int) else 0
    finally:
        os.chdir(cwd)
        signal.alarm(0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGALRM, old)
        signal.signal(signal.SIGPROF, old_prof)
    return rc, [ln for ln in err.getvalue().splitlines() if ln.strip()], out.getvalue()


def answered(folder: Path, argv: list[str]) -> int:
    """The promise: exit 0 or 2; on 2, one line (validate: one per problem, or --json on stdout)."""
    rc, lines, out = run(folder, argv)
    assert rc in (0, 2), (argv, rc, lines[-3:])
    if rc == 2:
        if argv[:1] == ["validate"]:
            assert lines or json.loads(out)["maps"], argv
        else:
            assert len(lines) == 1, (argv, lines[:5])
    return rc


def validate_means_it_draws(folder: Path, draws: bool = True) -> None:
    """A map validate accepts also renders (docs/limits.md: "a map validate accepts also draws"; for
    images, that holds for PNG: validate checks only the header of a JPEG, GIF, BMP or WebP, since it
    never loads pygame, and render then refuses a damaged one in one line)."""
    if answered(folder, ["validate", "m.tmx"]) == 0 and draws:
        rc, lines, _ = run(folder, ["render", "m.tmx", "-o", "check.png"])
        # A map larger than render's picture limit at --scale 1 draws at the smaller scale it names.
        assert rc == 0 or len(lines) == 1 and "or less for this map" in lines[0], ("validate said ok", lines)


@settings(max_examples=CASES_PER_RUN["maps"], **SETTINGS)
@given(rng=st.randoms(use_true_random=False), pick=st.integers(0, 2))
def test_mutated_maps_are_answered_in_one_line(bases: Bases, rng: random.Random, pick: int) -> None:
    case = Case("map", dict(bases.maps[("plain", "external", "image")[pick]]))
    case.files["m.tmx"] = mutate_xml(rng, case.files["m.tmx"])  # type: ignore[arg-type]
    argv = map_command(rng)
    with case_folder(case) as folder:
        if argv[0] == "play":
            argv = ["state", "m.tmx"]  # the window's path is the tool's (a subprocess per case is too slow here)
        answered(folder, argv)
        validate_means_it_draws(folder)


@settings(max_examples=CASES_PER_RUN["tilesets"], **SETTINGS)
@given(rng=st.randoms(use_true_random=False))
def test_mutated_external_tilesets_are_answered_in_one_line(bases: Bases, rng: random.Random) -> None:
    case = Case("tileset", dict(bases.maps["external"]))
    case.files["m_tiles.tsx"] = mutate_xml(rng, case.files["m_tiles.tsx"])  # type: ignore[arg-type]
    with case_folder(case) as folder:
        validate_means_it_draws(folder)


@settings(max_examples=CASES_PER_RUN["images"], **SETTINGS)
@given(rng=st.randoms(use_true_random=False), layer=st.booleans())
def test_lying_images_are_refused_before_decoding_or_drawn(bases: Bases, rng: random.Random, layer: bool) -> None:
    case = Case("png", dict(bases.maps["image" if layer else "plain"]))
    image = case.files["i.png" if layer else "m_tiles.png"] = png(rng)
    with case_folder(case) as folder:
        validate_means_it_draws(folder, draws=image.startswith(b"\x89PNG"))


@settings(max_examples=CASES_PER_RUN["logs"], **SETTINGS)
@given(rng=st.randoms(use_true_random=False), command=st.sampled_from(["state", "reach", "render"]))
def test_damaged_logs_replay_or_are_refused_naming_the_line(bases: Bases, rng: random.Random, command: str) -> None:
    case = Case("log", dict(bases.maps["plain"]))
    case.files["s.jsonl"] = log(rng, bases.log_lines)
    argv = {"state": ["state", "m.tmx", "--log", "s.jsonl", "--json"],
            "reach": ["reach", "m.tmx", "--log", "s.jsonl", "--unit", "Hero"],
            "render": ["render", "m.tmx", "--log", "s.jsonl", "-o", "out.png"]}[command]
    with case_folder(case) as folder:
        rc, lines, _ = run(folder, argv)
        assert rc in (0, 2), (rc, lines[-3:])
        if rc == 2:
            assert len(lines) == 1, lines[:3]


@settings(max_examples=CASES_PER_RUN["resumes"], **SETTINGS)
@given(rng=st.randoms(use_true_random=False))
def test_a_damaged_save_play_resumes_still_replays(bases: Bases, rng: random.Random) -> None:
    case = Case("log", dict(bases.maps["plain"]))
    case.files["s.jsonl"] = log(rng, bases.log_lines)
    with case_folder(case) as folder:
        before = (folder / "s.jsonl").read_bytes()
        rc = answered(folder, ["play", "m.tmx", "--headless", "--autoplay", "--speed", "instant", "--frames", "20",
                               "--log", "s.jsonl"])
        after = (folder / "s.jsonl").read_bytes()
        if rc == 0:
            assert answered(folder, ["state", "m.tmx", "--log", "s.jsonl"]) == 0
            # Resuming only mends a torn tail and appends whole lines after what was there.
            whole = before[: max(before.rfind(b"\n"), before.rfind(b"\r")) + 1]
            assert after.startswith(whole), ("play rewrote the save instead of appending", before[-300:], after[-400:])
            assert after.endswith(b"\n")
        else:
            assert after == before, "a refused save was changed"


@settings(max_examples=CASES_PER_RUN["command lines"], **SETTINGS)
@given(rng=st.randoms(use_true_random=False))
def test_hostile_command_lines_are_answered_in_one_line(bases: Bases, rng: random.Random) -> None:
    case = Case("args", dict(bases.maps["plain"]))
    case.files["s.jsonl"] = ("\n".join(bases.log_lines) + "\n").encode()
    case.files.update({"fifo": ("fifo",), "zero": ("link", "/dev/zero"), "dir": ("dir",)})
    argv = command_line(rng)
    if argv[0] in ("play", "playtest"):
        argv[0] = "validate"  # a window or a batch of AI games per case is the tool's job, not CI's
    with case_folder(case) as folder:
        answered(folder, argv)


def test_the_runs_add_up_to_at_least_2000_cases() -> None:
    assert sum(CASES_PER_RUN.values()) >= 2000

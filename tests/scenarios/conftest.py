"""Black-box scenario tests: drive the headless commands of docs/cli.md in-process.

Each test draws a tiny map in the ASCII form of ``game.maps.tmxwrite`` (``.``
normal, ``d`` difficult, ``w`` water, ``c`` chasm, ``h`` hazard, ``#``
blocked, ``x`` exit, ``_`` off-map), writes an action log, runs
``playmat state|reach|threat|arc`` through ``game.cli.main.main`` and checks
the JSON against answers worked out by hand from the rules and rulings.

Unless a test says otherwise maps are pointy-top, ``staggerindex="odd"``
(odd rows shifted right). Neighbours of ``(c, r)``:

- even row: e (c+1,r)  w (c-1,r)  ne (c,r-1)    nw (c-1,r-1)  se (c,r+1)    sw (c-1,r+1)
- odd row:  e (c+1,r)  w (c-1,r)  ne (c+1,r-1)  nw (c,r-1)    se (c+1,r+1)  sw (c,r+1)
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

Cell = tuple[int, int]
Action = Mapping[str, object] | str  # a str is written to the log verbatim (malformed lines)


@dataclass(frozen=True)
class CliResult:
    code: int
    out: str
    err: str

    def json(self) -> dict:
        assert self.code == 0, f"exit {self.code}, stderr: {self.err!r}"
        return json.loads(self.out)


def run_cli(argv: Sequence[str]) -> CliResult:
    """Run ``playmat ARGV`` in-process; a SystemExit becomes the exit code."""
    from game.cli.main import main  # imported late: the CLI is built in parallel

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse and friends
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code
            else:
                print(exc.code, file=err)
                code = 1
    return CliResult(int(code or 0), out.getvalue(), err.getvalue())


def unit(name: str, at: Cell, faction: str, **props: object) -> dict[str, object]:
    """A combatant object for ``write_map`` (props are map-format properties)."""
    return {"name": name, "at": at, "faction": faction, **props}


def cells(pairs: object) -> set[Cell]:
    return {(int(c), int(r)) for c, r in pairs}  # type: ignore[attr-defined]


def assert_names_line(err: str, line: int) -> None:
    """The refusal message names the log line (``line 3`` or ``file.jsonl:3``)."""
    assert re.search(rf"(line\s*{line}\b|:{line}\b)", err, re.IGNORECASE), f"no line {line} in {err!r}"


class Encounter:
    """One map in ``tmp_path`` plus helpers to query it after a log."""

    def __init__(self, directory: Path, name: str, terrain: Sequence[str] | str, units: Sequence[Mapping], **kw):
        from game.maps.tmxwrite import write_map

        self.dir = directory
        self.name = name
        self.path = write_map(directory / f"{name}.tmx", terrain, units=units, **kw)
        self._logs = 0

    # --- logs -----------------------------------------------------------------
    def log(self, actions: Sequence[Action]) -> Path:
        self._logs += 1
        path = self.dir / f"{self.name}-log{self._logs}.jsonl"
        lines = [a if isinstance(a, str) else json.dumps(a) for a in actions]
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        return path

    def run(self, command: str, *args: str, log: Sequence[Action] | None = None) -> CliResult:
        argv = [command, str(self.path), *args]
        if log is not None:
            argv += ["--log", str(self.log(log))]
        return run_cli(argv)

    # --- queries (all assert success) --------------------------------------------
    def state(self, log: Sequence[Action] | None = None) -> dict:
        return self.run("state", "--json", log=log).json()

    def unit(self, name: str, log: Sequence[Action] | None = None) -> dict:
        return self.state(log)["units"][name]

    def reach_doc(self, name: str, log: Sequence[Action] | None = None, budget: int | None = None) -> dict:
        extra = ["--budget", str(budget)] if budget is not None else []
        return self.run("reach", "--unit", name, *extra, "--json", log=log).json()

    def reach(
        self, name: str, log: Sequence[Action] | None = None, budget: int | None = None
    ) -> dict[Cell, tuple[int, bool]]:
        """``{cell: (cost, stops)}``; duplicates in the JSON list are an error."""
        doc = self.reach_doc(name, log, budget)
        out: dict[Cell, tuple[int, bool]] = {}
        for h in doc["hexes"]:
            cell = (int(h["at"][0]), int(h["at"][1]))
            assert cell not in out, f"{cell} listed twice"
            out[cell] = (int(h["cost"]), bool(h["stops"]))
        return out

    def threat(self, against: str, log: Sequence[Action] | None = None) -> set[Cell]:
        doc = self.run("threat", "--against", against, "--json", log=log).json()
        assert doc["against"] == against
        return cells(doc["hexes"])

    def arc(self, attacker: str, defender: str, log: Sequence[Action] | None = None) -> str:
        doc = self.run("arc", "--attacker", attacker, "--defender", defender, "--json", log=log).json()
        return doc["arc"]

    def refused(self, log: Sequence[Action], line: int, command: str = "state", *args: str) -> str:
        """Assert the log is refused at ``line``: exit 2, one stderr line naming it, empty stdout."""
        extra = list(args) or ["--json"]
        res = self.run(command, *extra, log=log)
        assert res.code == 2, f"exit {res.code}, stdout {res.out!r}, stderr {res.err!r}"
        assert res.out == "", f"stdout not empty: {res.out!r}"
        msg = res.err.strip()
        assert msg and "\n" not in msg, f"not one line: {res.err!r}"
        assert "Traceback" not in res.err
        assert_names_line(msg, line)
        return msg


MakeEncounter = Callable[..., Encounter]


@pytest.fixture
def encounter(tmp_path: Path) -> MakeEncounter:
    """``encounter(terrain, units, **write_map_kwargs) -> Encounter`` (one map file per call)."""
    count = 0

    def make(terrain: Sequence[str] | str, units: Sequence[Mapping], **kw: object) -> Encounter:
        nonlocal count
        count += 1
        return Encounter(tmp_path, f"m{count}", terrain, units, **kw)

    return make


def rows(width: int, height: int, ch: str = ".") -> list[str]:
    """An all-``ch`` map of ``width`` x ``height`` cells."""
    return [ch * width] * height


def paint(base: Sequence[str], marks: Mapping[Cell, str]) -> list[str]:
    """``base`` with single cells replaced: ``{(col, row): char}``."""
    grid = [list(r) for r in base]
    for (c, r), ch in marks.items():
        grid[r][c] = ch
    return ["".join(r) for r in grid]

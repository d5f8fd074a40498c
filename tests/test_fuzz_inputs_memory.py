"""``tools/fuzz_inputs.py``'s memory figures are each case's own run: what its process held before the case
began (the generator making a 30 MB file, an earlier case of the batch) is never put down to the case.

Seed 2021 printed "peak memory ...: 497 MB (case 53, exit 2)": the batch child's high water, raised while
the generator made case 53's file, before the case ran; the run itself raised nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.hostile import plain_map
from tests.tool_scripts import load_tool

fuzz = load_tool("fuzz_inputs")

BEFORE_MB = 300  # what the fuzzer's process spent before the case (making case 53 took hundreds of MB)


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="a fresh high water needs Linux's clear_refs")
def test_a_case_is_not_blamed_for_memory_its_process_spent_before_it(tmp_path: Path) -> None:
    plain_map(tmp_path)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a batch child: it runs cases inline, as the fuzzer's do
        code = 1
        try:
            os.close(read)
            spent = bytearray(BEFORE_MB * 2**20)  # written through (zeroed), so resident: the high water rises
            del spent
            status, _, _, added = fuzz.run_inline(["validate", "m.tmx"], tmp_path, 60)
            os.write(write, json.dumps([status, added, fuzz.peak_mb()]).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    answer = os.read(read, 4096)
    os.close(read)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and answer, "the batch child failed"
    rc, added, peak = json.loads(answer)
    assert rc == 0
    assert added is not None and added < 100, added  # validating a 5 x 4 map
    assert peak < BEFORE_MB, peak  # the run's high water, not the process's since it began


def test_the_totals_name_the_case_whose_run_added_the_most() -> None:
    def result(i: int, rc: int, mb: float, added: float) -> dict:
        return {"i": i, "family": "map", "rc": rc, "signal": None, "hang": False, "wall": 0.1, "cpu": 0.1,
                "mb": mb, "added": added, "raised": added > 0.5, "problems": [], "argv": None, "sub": False}

    rows = [result(53, 2, 240.0, 0.0), result(448, 2, 108.0, 49.4), result(801, 0, 60.0, 70.2)]
    text, failing = fuzz.summarize(rows, 10.0, 1024)
    assert failing == 0
    assert "240 MB (case 53, exit 2)" in text  # the highest a process held while running a case
    assert "the most a run added to what its process held: 70 MB (case 801, exit 0)" in text
    assert "the most a refusal added: 49 MB (case 448)" in text  # not case 53, which added nothing

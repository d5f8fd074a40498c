"""Write a batch's results to a directory: summary.json, report.md, heatmap PNGs, kept action logs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.rules import write_text_atomically

from .heatmaps import write_heatmaps
from .report import RunInfo, markdown_report
from .summary import Summary

if TYPE_CHECKING:
    from game.rules import Scenario


def write_outputs(summary: Summary, scenario: Scenario, map_path: str | Path, out_dir: str | Path, *,
                  run: RunInfo | None = None, heatmaps: bool = True) -> list[Path]:
    """Everything ``--out DIR`` promises; returns the files written (report last)."""
    out = Path(out_dir)
    out.mkdir(exist_ok=True)  # the folder it is in must exist: no tree created behind the user's back
    written = []
    json_path = out / "summary.json"
    write_text_atomically(json_path, summary.json_text())  # each file all or nothing: a full disk leaves none
    written.append(json_path)
    logs = []
    for record in summary.records:
        if record.log is not None:
            path = out / "logs" / f"game-{record.seed}.jsonl"
            path.parent.mkdir(exist_ok=True)
            write_text_atomically(path, record.log)
            logs.append(path)
    written += logs
    pngs = write_heatmaps(summary, scenario, map_path, out) if heatmaps else []
    written += pngs
    report = out / "report.md"
    write_text_atomically(report, markdown_report(summary, run=run, heatmaps=pngs, logs=logs))
    written.append(report)
    return written

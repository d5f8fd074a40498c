"""Fuzz every input a stranger can hand Playmat: ``python tools/fuzz_inputs.py [--cases N] [--seed S]``.

Maps (XML depth, DTDs and entities, element counts, sizes, layer data, byte damage), external tilesets,
images (PNG headers: IHDR dimensions, bit depth, colour type, checksums, truncation; other formats'
headers), action logs (numbers, lengths, encodings, torn lines, control characters), command lines, and
named pipes, devices and folders where files belong (generators in ``tests/fuzz_cases.py``).

Each case runs as a user runs it: the ``playmat`` entry point (``game.cli.main.main``) with the case's
command line, in a fresh child forked from a parent that has already imported the game (so a case
costs milliseconds, not an interpreter start), under a memory cap (``RLIMIT_AS``) and a time limit
(``alarm``), with its stdout and stderr in files. Every ``--subprocess-every``-th case instead runs
``python -m game`` in a new interpreter, so what happens at interpreter exit is covered too.

The promise checked on every case: exit status 0 or 2; exactly one line on stderr when 2; no
traceback and no "Exception ignored" anywhere; no signal; no hang. A ``play --log`` that exits 0
leaves a save ``state`` replays. Prints the totals (cases, tracebacks, signals, hangs, the peak memory
of any case's run and the most any run and any refusal added to what its process held when it began,
the slowest refusal in wall and CPU seconds) and keeps every failing case's files and command line under
``--keep`` to reproduce. ``--case I`` reruns case I alone.

Memory is the run's own: the process's high-water mark is started afresh (Linux ``/proc/self/clear_refs``)
just before ``playmat`` runs, after the case was made and written, so what the generator spent making a
30 MB file (hundreds of MB for some) is never put down to the case.
Exit status 1 when any case breaks the promise.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Imported before any fork so that each child starts with the game loaded.
import game.cli.commands  # noqa: E402, F401
import game.cli.play_cmd  # noqa: E402, F401
import game.cli.render_cmd  # noqa: E402, F401
import game.render  # noqa: E402, F401
import game.render.tilemap  # noqa: E402, F401
import game.ui.app  # noqa: E402, F401
from game.cli.main import main as playmat  # noqa: E402
from tests.fuzz_cases import Bases, Case, make_case, write_case  # noqa: E402
from tests.hostile import cli_env, finish_cli  # noqa: E402

REFUSE_WITHIN_S = 5.0


@dataclass
class Result:
    index: int
    family: str
    argv: list[str]
    rc: int | None
    signal: int | None
    hang: bool
    wall: float
    cpu: float
    peak_mb: float
    stderr: str
    problems: list[str]
    stdout: str = ""
    added_mb: float | None = None  # what the run itself added to the RSS its process began with (None: unknown)


def output_to_case_files(folder: Path) -> None:
    """Send this process's stdout and stderr (file descriptors 1 and 2, so a C library's writes too) to the
    case's ``stdout.txt`` and ``stderr.txt`` in ``folder``, and its saves folder to ``folder/xdg``."""
    sys.stdout.flush()  # what Python still buffers belongs to the previous owner of the descriptors
    sys.stderr.flush()
    for fd, name in ((1, "stdout.txt"), (2, "stderr.txt")):
        out = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(out, fd)
        os.close(out)
    os.environ["XDG_DATA_HOME"] = str(folder / "xdg")


def fresh_peak() -> float | None:
    """Start this process's high-water RSS afresh at what it holds now and return that (MB); None where the
    system cannot (no ``/proc/self/clear_refs``), and the high water then still holds what came before."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")  # 5: reset the peak RSS to the current RSS (proc(5)); getrusage's ru_maxrss follows it
    except OSError:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def playmat_as_at_exit(argv: list[str]) -> int:
    """Run ``playmat ARGV`` and end it as the interpreter would end ``python -m game ARGV``: the exit status
    (0-255), a traceback on stderr for an uncaught exception, finalizers run and the output flushed."""
    try:
        status = playmat(argv)
    except SystemExit as done:  # what the interpreter would turn `raise SystemExit(x)` into
        status = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BaseException:
        traceback.print_exc()
        status = 1
    gc.collect()  # finalizers run now, as at exit, so "Exception ignored" shows (the parent froze its own)
    sys.stdout.flush()
    sys.stderr.flush()
    return status & 0xFF


def run_in_child(argv: list[str], folder: Path, cap: int,
                 timeout: int) -> tuple[int, int, resource.struct_rusage, float]:
    """Fork; in the child run ``playmat ARGV`` in ``folder`` and exit with its status.

    The child's high water starts afresh where ``playmat`` starts (the pages it shares with this parent,
    which made the case, are not the case's); what the run added is left in ``added_path(folder)``."""
    sys.stdout.flush()
    sys.stderr.flush()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.setsid()
            os.chdir(folder)
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            signal.alarm(timeout)
            output_to_case_files(folder)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            start = fresh_peak()
            status = playmat_as_at_exit(argv)
            if start is not None:
                added_path(folder).write_text(f"{peak_mb() - start:.1f}")
            os._exit(status)
        except BaseException:
            traceback.print_exc()
            os._exit(70)
    _, status, usage = os.wait4(pid, 0)
    return pid, status, usage, time.perf_counter() - t0


def added_path(folder: Path) -> Path:
    """Beside the case's folder, not in it: the case's own files are all the run sees."""
    return folder.with_name(folder.name + ".added")


def start_in(folder: Path, argv: list[str], cap: int) -> subprocess.Popen[bytes]:
    """``python -m game ARGV`` in a new interpreter, in ``folder``, under the memory cap."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    env = cli_env() | {"XDG_DATA_HOME": str(folder / "xdg")}
    return subprocess.Popen([sys.executable, "-m", "game", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, preexec_fn=limit, env=env, cwd=folder)


def lay_out(case: Case, folder: Path) -> None:
    """``folder`` emptied and holding the case's files, nothing left from the case before."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    write_case(case, folder)


def run_in_new_interpreter(index: int, case: Case, folder: Path, cap: int, timeout: int) -> Result:
    """Case ``index`` as ``python -m game ARGV`` in a new interpreter (so interpreter exit is covered too)."""
    t0 = time.perf_counter()
    r = finish_cli(start_in(folder, case.argv, cap), case.argv, t0, timeout)
    hang = r.rc is None and r.signal is None
    # What the case added is not told apart from the interpreter's start and imports here: added unknown.
    return Result(index, case.family, case.argv, r.rc, r.signal, hang, r.seconds, 0.0, r.peak_mb, r.stderr, [],
                  r.stdout)


def run_case(index: int, case: Case, folder: Path, cap: int, timeout: int, subprocess_mode: bool) -> Result:
    lay_out(case, folder)
    if subprocess_mode:
        res = run_in_new_interpreter(index, case, folder, cap, timeout)
    else:
        added_path(folder).unlink(missing_ok=True)
        _, status, usage, wall = run_in_child(case.argv, folder, cap, timeout)
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        hang = sig == signal.SIGALRM
        rc = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        err, out = (_text(folder / name) for name in ("stderr.txt", "stdout.txt"))
        added = float(added_path(folder).read_text()) if added_path(folder).exists() else None
        res = Result(index, case.family, case.argv, rc, None if hang else sig, hang, wall,
                     usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, err, [], out, added)
    judge(res)
    if case.resume_check and res.rc == 0 and not res.problems:
        again = run_in_child(["state", "m.tmx", "--log", "s.jsonl"], folder, cap, timeout)
        if not os.WIFEXITED(again[1]) or os.WEXITSTATUS(again[1]) != 0:
            err = (folder / "stderr.txt").read_text("utf-8", "replace")
            res.problems.append(f"the save play left does not replay: {err.strip()[:200]}")
    return res


def _text(path: Path) -> str:
    if not path.exists():
        return ""
    with open(path, "rb") as f:  # a case may print megabytes; the first one says enough
        return f.read(1 << 20).decode("utf-8", "replace")


def judge(r: Result) -> None:
    if r.hang:
        r.problems.append(f"hang (stopped after {r.wall:.0f} s)")
    elif r.signal is not None:
        r.problems.append(f"signal {signal.Signals(r.signal).name}")
    if any(word in text for word in ("Traceback", "Exception ignored") for text in (r.stderr, r.stdout)):
        r.problems.append("traceback")
    if r.rc is not None and r.rc not in (0, 2):
        r.problems.append(f"exit {r.rc}")
    if r.rc == 2:
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        if r.argv[:1] == ["validate"] and "--json" in r.argv and not lines:
            try:  # validate --json: the problems are in the JSON on stdout
                json.loads(r.stdout) if len(r.stdout) < 1 << 19 else None
            except ValueError:
                r.problems.append("validate --json: exit 2, nothing on stderr and no JSON on stdout")
        elif r.argv[:1] == ["validate"] and lines:
            pass  # validate lists every problem it finds, one line each (docs/cli.md)
        elif len(lines) != 1:
            r.problems.append(f"{len(lines)} lines on stderr")


def keep_failure(keep: Path, r: Result, folder: Path) -> None:
    dest = keep / f"case{r.index}"
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(folder, dest, symlinks=True, ignore=lambda d, names: [
        n for n in names if not (Path(d) / n).is_symlink() and not (Path(d) / n).is_file()
        and not (Path(d) / n).is_dir()])
    (dest / "case.json").write_text(json.dumps({"argv": r.argv, "problems": r.problems, "rc": r.rc,
                                                "signal": r.signal, "stderr": r.stderr[-4000:]}, indent=1))


def run_inline(argv: list[str], folder: Path, timeout: int) -> tuple[int, float, float, float | None]:
    """Run ``playmat ARGV`` in this process, in ``folder``: exit status, wall and CPU seconds, and the MB the
    run added to the RSS it began with (None where the high water cannot be started afresh).

    Only inside a batch child (``batch_child``): a crash or a hang takes the batch child down, and its
    parent notes the case it died on."""
    os.chdir(folder)
    output_to_case_files(folder)
    start = fresh_peak()
    t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    signal.alarm(timeout)
    status = playmat_as_at_exit(argv)
    signal.alarm(0)
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
    return status, time.perf_counter() - t0, cpu, None if start is None else peak_mb() - start


def safe_case(i: int, args: argparse.Namespace, bases: Bases) -> Case:
    """Case ``i``; a generator that fails is the tool's bug, not Playmat's: counted apart ("generator")."""
    try:
        return make_case(random.Random(f"{args.seed}:{i}"), bases)
    except Exception:
        return Case("generator", dict(bases.maps["plain"]), ["validate", "m.tmx"])


def batch_child(todo: list[int], args: argparse.Namespace, bases: Bases, folder: Path, out: Path) -> None:
    """Run the cases ``todo`` one after another in this (forked) process, one JSON line each to ``out``."""
    cap = args.cap_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # a hang ends the batch child; its parent says which case
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    current = out.with_suffix(".current")
    with out.open("a") as f:
        for i in todo:
            signal.alarm(args.timeout)  # a generator that runs away ends the batch child too (counted apart)
            case = safe_case(i, args, bases)
            signal.alarm(0)
            current.write_text(json.dumps({"i": i, "family": case.family, "argv": case.argv}))
            sub = args.subprocess_every > 0 and i % args.subprocess_every == 0
            lay_out(case, folder)
            case.files.clear()  # on disk now; the generator's bytes (up to 30 MB a file) are not the run's
            high = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            if sub:
                res = run_in_new_interpreter(i, case, folder, cap, args.timeout)
            else:
                rc, wall, cpu, added = run_inline(case.argv, folder, args.timeout)
                res = Result(i, case.family, case.argv, rc, None, False, wall, cpu, peak_mb(),
                             _text(folder / "stderr.txt"), [], _text(folder / "stdout.txt"), added)
            judge(res)
            if case.resume_check and res.rc == 0 and not res.problems:
                rc, _, _, _ = run_inline(["state", "m.tmx", "--log", "s.jsonl"], folder, args.timeout)
                if rc != 0:
                    res.problems.append(f"the save play left does not replay: {_text(folder / 'stderr.txt')[:200]}")
            if res.problems:
                keep_failure(args.keep, res, folder)
            # Where the high water was started afresh, it no longer says whether this run rose above it.
            raised = res.added_mb > 0.5 if res.added_mb is not None else \
                resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > high
            f.write(json.dumps(row(res, sub, raised or sub)) + "\n")
            f.flush()


def row(r: Result, sub: bool, raised: bool = True) -> dict:
    """One case's result as a JSON line. ``mb``: the high water of the run's process (from where the run
    began, where ``added`` is known); ``added``: what the run itself added to that; ``raised``: whether the run
    lifted its process's high water at all (the measure where ``added`` is unknown)."""
    added = None if r.added_mb is None else round(r.added_mb, 1)
    return {"i": r.index, "family": r.family, "rc": r.rc, "signal": r.signal, "hang": r.hang,
            "wall": round(r.wall, 4), "cpu": round(r.cpu, 4), "mb": round(r.peak_mb, 1), "added": added,
            "raised": raised,
            "problems": r.problems, "argv": r.argv[:8] if r.problems else None, "sub": sub}


def wait_or_kill(pid: int, part: Path, quiet: int) -> bool:
    """Wait for the batch child ``pid``; kill its process group if it writes no result for ``quiet`` s.

    The per-case alarm covers a case's own run; this covers everything around it (writing the case,
    the resume check, keeping a failure), so a stuck batch child shows as a hang instead of a silent
    stall of the whole run. True when the child had to be killed."""
    seen, since = -1, time.monotonic()
    while True:
        if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:  # ended: reaped by the caller
            return False
        size = part.stat().st_size if part.exists() else 0
        if size != seen:
            seen, since = size, time.monotonic()
        elif time.monotonic() - since > quiet:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                return False
            return True
        time.sleep(0.2)


def worker(slot: int, indices: range, step: int, args: argparse.Namespace, bases: Bases, root: Path,
           out: Path) -> None:
    """Run cases ``indices[slot::step]`` in batches of ``args.batch``, each batch in a forked child;
    when a child dies (a signal, or the alarm of a hang), note the case it was on and go on after it."""
    folder = root / f"w{slot}"
    mine = list(indices[slot::step])
    done: set[int] = set()
    out.touch()
    while len(done) < len(mine):
        todo = [i for i in mine if i not in done][: args.batch]
        sys.stdout.flush()
        sys.stderr.flush()
        part = root / f"part{slot}.jsonl"
        part.unlink(missing_ok=True)
        part.with_suffix(".current").unlink(missing_ok=True)
        t0 = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                os.setsid()
                batch_child(todo, args, bases, folder, part)
            except BaseException:
                traceback.print_exc()
                code = 70
            os._exit(code)
        stalled = wait_or_kill(pid, part, 3 * args.timeout + 60)
        _, status, _ = os.wait4(pid, 0)
        rows = [json.loads(line) for line in part.open()] if part.exists() else []
        with out.open("a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
        done.update(r["i"] for r in rows)
        if os.WIFSIGNALED(status) or (os.WIFEXITED(status) and os.WEXITSTATUS(status)):
            i = todo[len(rows)]  # the case the batch child died on
            sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
            hang = sig == signal.SIGALRM or stalled
            # What the batch child was running, as it wrote it: never made again here, where no alarm runs.
            started = json.loads(part.with_suffix(".current").read_text()) if part.with_suffix(".current").exists() \
                else {}
            if started.get("i") == i:
                res = Result(i, started["family"], started["argv"], None, None if hang else sig, hang,
                             time.perf_counter() - t0, 0.0, 0.0, "", [])
                judge(res)
            else:  # it died making the case: the tool's generator, not Playmat (counted as "generator")
                res = Result(i, "generator", [], None, None, False, time.perf_counter() - t0, 0.0, 0.0, "",
                             [f"the case generator did not finish within {args.timeout} s"])
            if not res.problems:
                res.problems.append(f"the batch child ended with status {status}")
            keep_failure(args.keep, res, folder)
            with out.open("a") as f:
                f.write(json.dumps(row(res, False)) + "\n")
            done.add(i)


def summarize(rows: list[dict], seconds: float, cap_mb: int) -> tuple[str, int]:
    tracebacks = sum("traceback" in p for r in rows for p in r["problems"])
    signals = sum(r["signal"] is not None for r in rows)
    hangs = sum(r["hang"] for r in rows)
    failing = [r for r in rows if r["problems"]]
    refused = [r for r in rows if r["rc"] == 2]
    peak = max(rows, key=lambda r: r["mb"])
    known = [r for r in rows if r.get("added") is not None]
    if known:  # what each run itself added: the measure that blames no case for another's memory
        most = max(known, key=lambda r: r["added"])
        known_ref = [r for r in known if r["rc"] == 2]
        most_ref = max(known_ref, key=lambda r: r["added"]) if known_ref else None
        added = (f"; the most a run added to what its process held: {most['added']:.0f} MB (case {most['i']}, "
                 f"exit {most['rc']}); the most a refusal added: "
                 + (f"{most_ref['added']:.0f} MB (case {most_ref['i']})" if most_ref else "none"))
    else:  # no fresh high water on this system: whether a refusal lifted the one its process already had
        raised = [r for r in refused if r.get("raised", True)]
        peak_ref = max(raised, key=lambda r: r["mb"]) if raised else None
        added = "; the highest a refusal raised it: " + (f"{peak_ref['mb']:.0f} MB (case {peak_ref['i']})"
                                                         if peak_ref else "none")
    slow = max(refused, key=lambda r: r["wall"]) if refused else None
    slow_cpu = max(refused, key=lambda r: r["cpu"]) if refused else None
    by_family: dict[str, list[int]] = {}
    for r in rows:
        f = by_family.setdefault(r["family"], [0, 0, 0])
        f[0] += 1
        f[1] += r["rc"] == 0
        f[2] += r["rc"] == 2
    lines = [
        f"{len(rows)} cases in {seconds:.0f} s ({sum(r['sub'] for r in rows)} as a new interpreter): "
        f"{tracebacks} tracebacks, {signals} signals, {hangs} hangs, {len(failing)} failing",
        "by family (cases, exit 0, exit 2): "
        + ", ".join(f"{k} {v[0]}/{v[1]}/{v[2]}" for k, v in sorted(by_family.items())),
        f"peak memory (high-water RSS of the process running a case, under a {cap_mb} MB address-space cap): "
        f"{peak['mb']:.0f} MB (case {peak['i']}, exit {peak['rc']})" + added,
        "slowest refusal: " + (f"{slow['wall']:.2f} s wall (case {slow['i']}), {slow_cpu['cpu']:.2f} s CPU "
                               f"(case {slow_cpu['i']})" if slow and slow_cpu else "none")
        + f"; refusals over {REFUSE_WITHIN_S:g} s wall: {sum(r['wall'] > REFUSE_WITHIN_S for r in refused)}",
    ]
    for r in failing[:20]:
        lines.append(f"  case {r['i']} ({r['family']}): {'; '.join(r['problems'])}: {r['argv']}")
    return "\n".join(lines), len(failing)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--start", type=int, default=0, help="the first case's index")
    ap.add_argument("--case", type=int, help="run this one case and show its output")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cap-mb", type=int, default=1024, help="memory cap per case (RLIMIT_AS), MB")
    ap.add_argument("--timeout", type=int, default=30, help="a case still running after this many s is a hang")
    ap.add_argument("--subprocess-every", type=int, default=200)
    ap.add_argument("--batch", type=int, default=200, help="cases run one after another in each forked child")
    ap.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "fuzz_inputs_failures")
    ap.add_argument("--results", type=Path, help="also keep every case's result (JSON lines) here")
    args = ap.parse_args()
    args.keep.mkdir(parents=True, exist_ok=True)
    shm = Path("/dev/shm")
    root = Path(tempfile.mkdtemp(prefix="fuzz_inputs", dir=shm if shm.is_dir() else None))
    try:
        bases = Bases(root / "bases")
        if args.case is not None:
            case = make_case(random.Random(f"{args.seed}:{args.case}"), bases)
            r = run_case(args.case, case, root / "one", args.cap_mb * 1024 * 1024, args.timeout, False)
            added = "" if r.added_mb is None else f" ({r.added_mb:.0f} MB of it added by the run)"
            print(f"case {args.case} ({case.family}): {case.argv!r:.300}\nexit {r.rc}, signal {r.signal}, "
                  f"hang {r.hang}, {r.wall:.2f} s, {r.peak_mb:.0f} MB{added}\nstderr: {r.stderr[-3000:]}\n"
                  f"problems: {r.problems}")
            return 1 if r.problems else 0
        indices = range(args.start, args.start + args.cases)
        gc.freeze()  # the children's gc.collect() then skips the game's modules (and leaves their pages shared)
        t0 = time.perf_counter()
        pids = []
        outs = [root / f"results{k}.jsonl" for k in range(args.workers)]
        for k in range(args.workers):
            pid = os.fork()
            if pid == 0:
                code = 0
                try:
                    worker(k, indices, args.workers, args, bases, root, outs[k])
                except BaseException:
                    traceback.print_exc()
                    code = 70
                os._exit(code)
            pids.append(pid)
        live = set(pids)
        last = 0.0
        while live:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid in live:
                live.discard(pid)
                if not os.WIFEXITED(status) or os.WEXITSTATUS(status):
                    print(f"fuzz_inputs: worker {pid} failed ({status})", file=sys.stderr)
                continue
            time.sleep(1)
            if time.perf_counter() - last > 300:
                last = time.perf_counter()
                done = sum(sum(1 for _ in o.open()) for o in outs if o.exists())
                print(f"... {done} cases, {last - t0:.0f} s", flush=True)
        rows = [json.loads(line) for o in outs for line in o.open()]
        if args.results:
            with args.results.open("w") as f:
                for o in outs:
                    f.write(o.read_text())
        text, failing = summarize(rows, time.perf_counter() - t0, args.cap_mb)
        print(text)
        if len(rows) != args.cases:
            print(f"fuzz_inputs: only {len(rows)} of {args.cases} cases ran", file=sys.stderr)
            return 1
        return 1 if failing else 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())

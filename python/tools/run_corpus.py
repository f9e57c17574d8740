#!/usr/bin/env python3
"""Drives the conformance corpus's testdata/*.mlir through the oxla Python API.

Each file's @main takes no arguments and checks its own results (check.expect_*
custom calls), so a call that returns passed and one that raises failed. Every
file runs twice: oxla.compile + call (the JIT) and oxla.interpret (the
reference interpreter). An oxla.UnsupportedError while compiling counts as
unsupported, not failed.

    PYTHONPATH=build/python python3 python/tools/run_corpus.py [--jobs N] [FILE...]

Files run in worker processes (a crash or a hang costs one file, not the run);
the last line is "python-corpus: N passed, N failed, N unsupported" over all
file x mode runs, after one such line per mode.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import time

MODES = ("compile", "interpret")


def default_corpus():
    root = os.environ.get("OXLA_CONFORMANCE_DIR")
    if not root:
        here = os.path.dirname(os.path.abspath(__file__))
        root = os.path.join(here, "..", "..", "..", "shared", "conformance")
    return os.path.normpath(root)


def run_one(path, mode):
    """(outcome, message) of one file in one mode: passed, failed or unsupported."""
    import oxla

    try:
        if mode == "compile":
            executable = oxla.compile(path)
        else:
            executable = oxla.interpret_executable(path)
    except oxla.UnsupportedError as error:
        return "unsupported", str(error)
    except Exception as error:  # any other failure to build is a failure
        return "failed", f"{type(error).__name__}: {error}"
    try:
        executable()
    except oxla.UnsupportedError as error:
        return "unsupported", str(error)
    except Exception as error:
        return "failed", f"{type(error).__name__}: {error}"
    return "passed", ""


def worker():
    """Reads "MODE PATH" lines, answers one JSON line each."""
    for line in sys.stdin:
        mode, path = line.rstrip("\n").split(" ", 1)
        outcome, message = run_one(path, mode)
        print(json.dumps({"outcome": outcome, "message": message}), flush=True)


class Worker:
    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.task = None
        self.started = 0.0

    def send(self, task):
        self.task = task
        self.started = time.monotonic()
        self.process.stdin.write(f"{task[1]} {task[0]}\n")
        self.process.stdin.flush()

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def run_all(tasks, jobs, timeout):
    """Runs (path, mode) tasks on `jobs` workers; yields (task, outcome, message)."""
    import selectors

    pending = list(reversed(tasks))
    workers = []
    selector = selectors.DefaultSelector()

    def start_worker():
        w = Worker()
        workers.append(w)
        selector.register(w.process.stdout, selectors.EVENT_READ, w)
        return w

    def retire(w):
        selector.unregister(w.process.stdout)
        workers.remove(w)
        w.stop()

    for _ in range(min(jobs, len(pending))):
        start_worker().send(pending.pop())
    while workers:
        for key, _ in selector.select(timeout=1.0):
            w = key.data
            line = w.process.stdout.readline()
            task = w.task
            if not line:  # the worker died on this file
                code = w.process.wait()
                retire(w)
                yield task, "failed", f"the worker process died (exit status {code})"
                if pending:
                    start_worker().send(pending.pop())
                continue
            answer = json.loads(line)
            yield task, answer["outcome"], answer["message"]
            if pending:
                w.send(pending.pop())
            else:
                retire(w)
        now = time.monotonic()
        for w in list(workers):
            if now - w.started > timeout:
                task = w.task
                retire(w)
                yield task, "failed", f"timed out after {timeout} s"
                if pending:
                    start_worker().send(pending.pop())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*",
                        help="files to run (default: the corpus's testdata/*.mlir)")
    parser.add_argument("--corpus", default=default_corpus(),
                        help="the conformance corpus (default: $OXLA_CONFORMANCE_DIR)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds per file and mode")
    parser.add_argument("--mode", choices=MODES, action="append",
                        help="compile and/or interpret (default: both)")
    parser.add_argument("--log", help="write every outcome to this file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        worker()
        return 0

    files = options.files or sorted(glob.glob(os.path.join(options.corpus, "testdata",
                                                           "*.mlir")))
    if not files:
        print(f"run_corpus: no files (looked in {options.corpus}/testdata)",
              file=sys.stderr)
        return 2
    modes = options.mode or list(MODES)
    tasks = [(path, mode) for path in files for mode in modes]
    counts = {mode: {"passed": 0, "failed": 0, "unsupported": 0} for mode in modes}
    log = open(options.log, "w") if options.log else None
    for (path, mode), outcome, message in run_all(tasks, options.jobs, options.timeout):
        counts[mode][outcome] += 1
        first = message.strip().splitlines()[0] if message.strip() else ""
        if log:
            log.write(f"{outcome}\t{mode}\t{path}\t{first}\n")
        if outcome == "failed":
            print(f"FAILED {mode} {path}: {first}", flush=True)
    if log:
        log.close()

    def line(label, c):
        return (f"{label}: {c['passed']} passed, {c['failed']} failed, "
                f"{c['unsupported']} unsupported")

    total = {k: sum(counts[m][k] for m in modes) for k in ("passed", "failed",
                                                          "unsupported")}
    for mode in modes:
        print(line(f"python-corpus ({mode})", counts[mode]))
    print(line("python-corpus", total))
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

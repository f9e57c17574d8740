#===- common.py - Shared plumbing of the Python benchmark peers ----------===#
#
# Every peer is a process that bench/run.py starts once per (workload, threads, round):
#   PEER.py WORKLOAD --input A.npy ... [--out-dir D] [--threads N] [--warmup N]
#           [--warmup-time S] [--min-reps N] [--max-reps N] [--min-time S] [--calls N]
# It loads the inputs (in the order of the StableHLO module's arguments), times the
# computation, writes its results as D/result<i>.npy and prints one JSON line with the
# same fields the C++ drivers print (median_ms, min_ms, max_ms, times_ms, compile_ms).
#
#===----------------------------------------------------------------------===#
import argparse
import json
import os
import time

import numpy as np


def parse_args(description):
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("workload")
    ap.add_argument("--input", action="append", default=[])
    ap.add_argument("--out-dir")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--warmup-time", type=float, default=0.0,
                    help="keep warming up until this many seconds passed too")
    ap.add_argument("--min-reps", type=int, default=5)
    ap.add_argument("--max-reps", type=int, default=1000)
    ap.add_argument("--min-time", type=float, default=1.0)
    ap.add_argument("--calls", type=int, default=100000,
                    help="W8: calls per timed repetition (ms per call is reported)")
    ap.add_argument("--mode", default="", help="peer-specific variant")
    ap.add_argument("--onnx", help="torch peer: where --mode export writes the ONNX file")
    return ap.parse_args()


def load_inputs(args):
    return [np.load(p) for p in args.input]


def time_reps(fn, args):
    """Warm-up calls, then timed calls until min-reps and min-time are both reached.
    Returns (per-repetition ms, the last call's result)."""
    out = None
    begin = time.perf_counter()
    done = 0
    while done < args.warmup or time.perf_counter() - begin < args.warmup_time:
        out = fn()
        done += 1
    times = []
    begin = time.perf_counter()
    while len(times) < args.max_reps:
        if len(times) >= args.min_reps and time.perf_counter() - begin >= args.min_time:
            break
        start = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - start) * 1e3)
    return times, out


def time_calls(fn, args):
    """W8: ms per call, one entry per repetition of `calls` calls."""
    for _ in range(1000):
        out = fn()
    times = []
    for _ in range(max(args.min_reps, 3)):
        start = time.perf_counter()
        for _ in range(args.calls):
            out = fn()
        times.append((time.perf_counter() - start) * 1e3 / args.calls)
    return times, out


def report(system, args, times, results, compile_ms=0.0, **extra):
    if args.out_dir and results is not None:
        os.makedirs(args.out_dir, exist_ok=True)
        for i, r in enumerate(results):
            np.save(os.path.join(args.out_dir, f"result{i}.npy"), np.ascontiguousarray(r))
    s = sorted(times)
    rec = dict(system=system, threads=args.threads, compile_ms=compile_ms,
               median_ms=float(np.median(s)), min_ms=s[0], max_ms=s[-1], reps=len(s),
               times_ms=times)
    rec.update(extra)
    print(json.dumps(rec), flush=True)

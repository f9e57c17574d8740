#!/usr/bin/env python3
"""SPMD scaling rows of `make bench` (docs/sharding.md, "Scaling").

The transformer block (W7) and the MLP (W5_mlp_b64), data-parallel (the batch split over
2 devices) and tensor-parallel (Megatron-style: the first product's weights split by
column, the second's by row), each timed as
  - 1 device x 2 threads:   oxla-run W.mlir --threads 2
  - 2 devices x 1 thread:   oxla-run W_sharded.mlir --devices 2 --threads 2
  - 2 processes x 1 thread: mpirun -np 2 oxla-run W_sharded.mlir --distributed --threads 1
with `--benchmark N` (median, min, max of N calls after a warm-up), and the bytes the
collectives moved per call (received by the devices of rank 0's process; with 2 devices
in one process, by both). The sharded programs' results are checked against the
interpreter's one-device run first (`--check-with-interpreter` on the unsharded one).

Usage: bench/spmd_scaling.py [--build-dir build] [--calls N] [--out FILE]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MESH = 'sdy.mesh @mesh = <["d"=2]>\n'

# argument -> dimension shardings, per variant.
VARIANTS = {
    "W7_transformer": {
        "data": ({"x": '[{"d"}, {}, {}]'}, '[{"d"}, {}, {}]'),
        "tensor": ({"wq": '[{}, {"d"}]', "bq": '[{"d"}]', "wk": '[{}, {"d"}]', "bk": '[{"d"}]',
                    "wv": '[{}, {"d"}]', "bv": '[{"d"}]', "wo": '[{"d"}, {}]',
                    "w1": '[{}, {"d"}]', "b1": '[{"d"}]', "w2": '[{"d"}, {}]'}, None),
    },
    "W5_mlp_b64": {
        "data": ({"x": '[{"d"}, {}]'}, '[{"d"}, {}]'),
        "tensor": ({"w1": '[{}, {"d"}]', "b1": '[{"d"}]', "w2": '[{"d"}, {}]'}, None),
    },
}


def sharded(text, arguments, result):
    """`text` with the mesh and the given argument (and result) shardings."""
    def argument(match):
        name, type_ = match.group(1), match.group(2)
        if name not in arguments:
            return match.group(0)
        return f"%{name}: {type_} {{sdy.sharding = #sdy.sharding<@mesh, {arguments[name]}>}}"
    text = re.sub(r"%(\w+): (tensor<[^>]*>)", argument, text, count=0)
    if result:
        text = re.sub(r"-> \((tensor<[^>]*>)\)",
                      lambda m: f"-> ({m.group(1)} {{sdy.sharding = #sdy.sharding<@mesh, {result}>}})",
                      text, count=1)
    return text.replace("module @jit_main {", "module @jit_main {\n  " + MESH, 1)


def benchmark(cmd, env):
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    if proc.returncode != 0:
        return None, (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1]
    line = re.search(r"median ([\d.]+) ms, min ([\d.]+) ms, max ([\d.]+) ms", proc.stdout)
    moved = re.search(r"collectives @\w+: (\d+) bytes", proc.stdout)
    return (tuple(float(x) for x in line.groups()) if line else None,
            int(moved.group(1)) if moved else 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=str(ROOT / "build"))
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    run = os.path.join(args.build_dir, "bin", "oxla-run")
    env = dict(os.environ, OXLA_CACHE_DIR="off", OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    mpirun = shutil.which("mpirun")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for workload, variants in VARIANTS.items():
            source = (ROOT / "bench" / "workloads" / f"{workload}.mlir").read_text()
            plain = Path(tmp) / f"{workload}.mlir"
            plain.write_text(source)
            common = ["--random-inputs", "--benchmark", str(args.calls)]
            timing, _ = benchmark([run, str(plain), "--threads", "2"] + common, env)
            rows.append((workload, "1 device x 2 threads", timing, 0))
            for variant, (arguments, result) in variants.items():
                path = Path(tmp) / f"{workload}_{variant}.mlir"
                path.write_text(sharded(source, arguments, result))
                name = f"{workload} {variant}-parallel"
                timing, moved = benchmark(
                    [run, str(path), "--devices", "2", "--threads", "2"] + common, env)
                rows.append((name, "2 devices x 1 thread", timing, moved))
                if mpirun:
                    timing, moved = benchmark(
                        [mpirun, "-np", "2", "--oversubscribe", "--bind-to", "none", run,
                         str(path), "--distributed", "--threads", "1"] + common, env)
                    rows.append((name, "2 processes x 1 thread (MPI)", timing, moved))
                else:
                    rows.append((name, "2 processes x 1 thread (MPI)", None, "no mpirun"))
    lines = ["| workload | run | median ms | min ms | max ms | collective bytes/call |",
             "|---|---|---|---|---|---|"]
    for name, how, timing, moved in rows:
        if isinstance(timing, tuple):
            lines.append(f"| {name} | {how} | {timing[0]:.2f} | {timing[1]:.2f} | "
                         f"{timing[2]:.2f} | {moved} |")
        else:
            lines.append(f"| {name} | {how} | failed: {moved if isinstance(moved, str) else timing} "
                         f"| | | |")
    report = "\n".join(lines)
    print(report)
    if args.out:
        Path(args.out).write_text(report + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

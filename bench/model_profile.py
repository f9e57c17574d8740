#===- model_profile.py - Per-kernel profile of a model, against each kernel's floor -===#
#
# Runs a model with `oxla-run --benchmark` and OXLA_PROFILE_KERNELS=1 (compiler/Codegen/ProfileKernels.cpp,
# runtime/KernelProfiler.cpp): every kernel of the entry is timed, and the process
# prints per kernel its calls, total ns, FLOPs and bytes per call when it exits. Each
# kernel's floor is max(FLOPs / FMA peak, bytes / bandwidth) per call (cache-read
# bandwidth when its bytes fit in the cache, streaming copy otherwise); the table lists
# the top kernels by time with their share of the call and their time over their floor.
# Used by bench/models.py; on its own:
#
#   /usr/bin/python3 bench/model_profile.py MODEL.mlir|MODEL.onnx [--threads T] [--top N]
#                                           [--entry NAME] [--input X.npy ...]
#
#===----------------------------------------------------------------------===#
import json
import os
import re
import subprocess
import sys

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
LINE = re.compile(r"oxla-profile: (\d+) calls, (\d+) ns, (-?\d+) flops, (-?\d+) bytes: (.*)")


def kernel_floor_ms(flops, nbytes, lim):
    bw = lim["cache_read_gbs"] if nbytes <= lim["cache_bytes"] else lim["dram_copy_gbs"]
    return max(flops / (lim["peak_gflops"] * 1e9), nbytes / (bw * 1e9)) * 1e3


def profile(build, model, threads, lim, quick, work, inputs=(), entry=None):
    """{"total_ms", "kernels": [...], "attributed"} or {"error"}: oxla-run
    --benchmark with the kernel timers, on a compile cache of its own (the
    variable keys it), so a second thread count loads the same program."""
    calls = 3 if quick else 10
    env = dict(os.environ, OXLA_PROFILE_KERNELS="1",
               OXLA_CACHE_DIR=os.path.join(work, "cache", "profile"))
    argv = [os.path.join(build, "bin", "oxla-run"), model, "--threads", str(threads),
            "--benchmark", str(calls)]
    argv += ["--entry", entry] if entry else []
    argv += [x for p in inputs for x in ("--input", "@" + p)] if inputs else [
        "--random-inputs"]
    p = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=3600)
    bench = re.search(r"benchmark @\S+: median ([0-9.]+) ms", p.stdout)
    if p.returncode != 0 or not bench:
        return {"error": f"exit {p.returncode}: {p.stderr.strip()[-300:]}"}
    model_calls = calls + 1  # the warm-up call is timed by the profiler too
    kernels = []
    for m in LINE.finditer(p.stderr):
        count, ns, flops, nbytes, name = (int(m.group(1)), int(m.group(2)), int(m.group(3)),
                                          int(m.group(4)), m.group(5))
        per_call = count / model_calls
        ms = ns / 1e6 / model_calls
        floor = kernel_floor_ms(flops, nbytes, lim) * per_call
        kernels.append({"name": name, "ms": ms, "per_call": per_call, "flops": flops,
                        "bytes": nbytes, "floor_ms": floor})
    kernels.sort(key=lambda k: -k["ms"])
    total = float(bench.group(1))
    return {"total_ms": total, "kernels": kernels, "threads": threads,
            "attributed": sum(k["ms"] for k in kernels) / total if total else 0.0}


def markdown(model, threads, prof, top):
    if "error" in prof:
        return [f"Profile of {model} at {threads} thread(s): {prof['error']}", ""]
    ks = prof["kernels"]
    lines = [f"#### Profile: {model}, {threads} thread(s)", "",
             f"{prof['total_ms']:.4g} ms per call with the timers (median of "
             f"`oxla-run --benchmark`); {len(ks)} kernels, whose times (averaged over "
             f"all calls, the warm-up included) add up to {prof['attributed']:.0%} of it. "
             f"Top {min(top, len(ks))}:", "",
             "| kernel | runs/call | ms/call | share | GFLOP/run | MB/run | floor ms | ×floor |",
             "|---|---|---|---|---|---|---|---|"]
    for k in ks[:top]:
        ratio = f"{k['ms'] / k['floor_ms']:.3g}" if k["floor_ms"] > 0 else "—"
        lines.append(f"| `{k['name']}` | {k['per_call']:.3g} | {k['ms']:.3g} | "
                     f"{k['ms'] / prof['total_ms']:.0%} | {k['flops'] / 1e9:.3g} | "
                     f"{k['bytes'] / 1e6:.3g} | {k['floor_ms']:.3g} | {ratio} |")
    lines.append("")
    return lines


def main():
    import argparse
    sys.path.insert(0, BENCH)
    import run as suite
    ap = argparse.ArgumentParser(description="per-kernel profile of a model in oxla")
    ap.add_argument("model")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--input", action="append", default=[])
    ap.add_argument("--entry")
    a = ap.parse_args()
    build = os.path.abspath(a.build_dir)
    lim = suite.measure_limits(build, [a.threads])[a.threads]
    work = os.path.join(BENCH, "work", "profile")
    prof = profile(build, os.path.abspath(a.model), a.threads, lim, False, work, a.input,
                   a.entry)
    print("\n".join(markdown(os.path.basename(a.model), a.threads, prof, a.top)))
    return 1 if "error" in prof else 0


if __name__ == "__main__":
    sys.exit(main())

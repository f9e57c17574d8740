#!/usr/bin/python3
#===- run.py - The oxla benchmark suite: peers, floors, agreement, tables ---===#
#
#   /usr/bin/python3 bench/run.py [--build-dir build] [--quick] [--threads 1,2]
#                                 [--only W2_softmax,W6_conv] [--rounds N]
#
# For each workload (bench/workloads/gen.py): writes inputs drawn with numpy (seed 0),
# runs numpy, PyTorch eager, TorchScript, ONNX Runtime (on the ONNX file
# torch.onnx.export writes from the same model), oneDNN (where the workload is one
# primitive) and oxla (build/bin/oxla-bench, through the C API) once each to check
# that their results agree with numpy's, then times them in interleaved rounds at each
# thread count. Floors come from the machine's limits measured at the start
# (build/bin/oxla-bench-limits). Writes bench/results/latest.{json,md,png} and names
# every oxla workload more than 10% slower than bench/results/baseline.json.
# --quick: smaller sizes and fewer repetitions, results under bench/work/quick/.
#
#===----------------------------------------------------------------------===#
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time

import numpy as np

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, os.path.join(BENCH, "workloads"))
import gen  # noqa: E402

PY = "/usr/bin/python3"
RTOL, ATOL = 1e-3, 1e-4
PEERS = ["numpy", "torch", "torchscript", "ort", "onednn"]
SYSTEMS = PEERS + ["oxla"]
ONEDNN_OPS = {"W2_softmax": "softmax", "W4_matmul_256": "matmul",
              "W4_matmul_2048": "matmul", "W6_conv": "conv"}
# Workloads timed once per thread count; W8 (per-call overhead) and W9 (compile time)
# are single-threaded in every system that takes part, so they run at 1 thread only.
COMPUTE = ["W1_eltwise", "W2_softmax", "W3_layernorm", "W4_matmul_256", "W4_matmul_2048",
           "W5_mlp_b1", "W5_mlp_b64", "W6_conv", "W7_transformer"]
SINGLE = ["W8_call", "W9_compile_5000", "W9_compile_W7"]


class Config:
    def __init__(self, quick):
        self.quick = quick
        self.warmup = 1 if quick else 3
        self.warmup_time = 0.1 if quick else 0.5
        self.min_reps = 3 if quick else 7
        self.max_reps = 30 if quick else 300
        self.min_time = 0.05 if quick else 0.5
        self.rounds = 1 if quick else 3
        # W8: calls per timed repetition (ms per call is reported).
        self.calls = {"numpy": 20000, "torch": 20000, "torchscript": 20000, "ort": 1000,
                      "oxla": 20000} if quick else {
                          "numpy": 200000, "torch": 100000, "torchscript": 100000,
                          "ort": 5000, "oxla": 200000}

    def timing(self, estimate_ms):
        """(warmup, warmup_time, min_reps, max_reps, min_time) for a run whose single
        call took about `estimate_ms`: runs of seconds get fewer repetitions per
        round, so that a slow system does not take the whole suite's time."""
        if estimate_ms > 10000:
            return 0, 0.0, 1, self.max_reps, 0.0  # first-call costs are noise here
        if estimate_ms > 4000:
            return 1, 0.0, 1, self.max_reps, 0.0
        if estimate_ms > 1000:
            return 1, 0.0, 2, self.max_reps, 0.0
        return (self.warmup, self.warmup_time, self.min_reps, self.max_reps,
                self.min_time)


def log(msg):
    print(msg, flush=True)


# ------------------------------------------------------------------------------------
# Machine limits and floors


def measure_limits(build, threads):
    limits = {}
    for t in threads:
        exe = os.path.join(build, "bin", "oxla-bench-limits")
        out = subprocess.run([exe, "--threads", str(t)], capture_output=True, text=True,
                             check=True)
        limits[t] = json.loads(out.stdout)
        log(f"limits, {t} thread(s): {limits[t]['peak_gflops']:.0f} GFLOP/s FMA, "
            f"{limits[t]['dram_copy_gbs']:.1f} GB/s streaming copy, "
            f"{limits[t]['cache_read_gbs']:.0f} GB/s cache read")
    return limits


def floor_ms(w, lim):
    """The larger of compute time at peak and data time at the bandwidth that applies:
    cache-read bandwidth when everything the workload touches fits in the cache (the
    weights and inputs stay there between repetitions), streaming copy otherwise."""
    if w.get("flops") is None:
        return None
    in_cache = w["bytes"] <= lim["cache_bytes"]
    bw = lim["cache_read_gbs"] if in_cache else lim["dram_copy_gbs"]
    return max(w["flops"] / (lim["peak_gflops"] * 1e9), w["bytes"] / (bw * 1e9)) * 1e3


# ------------------------------------------------------------------------------------
# Inputs and modules


def draw(rng, name, shape):
    """Same distribution family everywhere; weights scaled by 1/sqrt(fan-in) so deep
    workloads stay in a well-conditioned range."""
    shape = tuple(shape)
    if not shape:
        return np.float32(rng.uniform(0.5, 1.5)).reshape(())
    if name.startswith("w"):
        fan_in = int(np.prod(shape[:-1]))
        return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)
    if name.endswith("_g") or name == "gamma":
        return (1 + 0.1 * rng.standard_normal(shape)).astype(np.float32)
    if name.startswith("b") or name.endswith("_b"):
        return (0.1 * rng.standard_normal(shape)).astype(np.float32)
    return rng.standard_normal(shape).astype(np.float32)


def prepare(name, cfg, work):
    """Writes the module and the inputs; returns the workload description."""
    src = "W7_transformer" if name == "W9_compile_W7" else name
    w = gen.build(src, cfg.quick)
    w["name"] = name
    d = os.path.join(work, src)
    os.makedirs(d, exist_ok=True)
    committed = os.path.join(BENCH, "workloads", src + ".mlir")
    if not cfg.quick and os.path.exists(committed):
        with open(committed) as f:
            if f.read() != w["mlir"]:
                log(f"warning: {committed} differs from gen.py's output; "
                    f"timing gen.py's (run gen.py --write)")
            else:
                w["module"] = committed
    if "module" not in w:
        w["module"] = os.path.join(d, "module.mlir")
        with open(w["module"], "w") as f:
            f.write(w["mlir"])
    rng = np.random.default_rng(0)
    w["inputs"] = []
    for arg, shape in w["args"]:
        p = os.path.join(d, f"{arg}.npy")
        np.save(p, draw(rng, arg, shape))
        w["inputs"].append(p)
    w["dir"] = d
    w["onnx"] = os.path.join(d, "model.onnx")
    if name.startswith("W9") or name == "W8_call":
        w["flops"] = None  # a compile time or a per-call cost has no data floor
    return w


# ------------------------------------------------------------------------------------
# Running one system


def systems_for(name, have):
    if name.startswith("W9"):
        wanted = ["torchscript", "ort", "oxla"]
    elif name == "W8_call":
        wanted = ["numpy", "torch", "torchscript", "ort", "oxla"]
    else:
        wanted = [s for s in SYSTEMS if s != "onednn" or name in ONEDNN_OPS]
    return [s for s in wanted if have.get(s)]


def command(system, w, threads, cfg, timing, out_dir):
    """argv and environment for one run. `timing`: Config.timing's tuple."""
    warmup, warmup_time, min_reps, max_reps, min_time = timing
    n = str(threads)
    env = dict(os.environ, OMP_NUM_THREADS=n, OPENBLAS_NUM_THREADS=n, MKL_NUM_THREADS=n)
    name = w["name"]
    common = ["--warmup", str(warmup), "--warmup-time", str(warmup_time), "--min-reps",
              str(min_reps), "--max-reps", str(max_reps), "--min-time", str(min_time)]
    inputs = [x for p in w["inputs"] for x in ("--input", p)]
    outs = ["--out-dir", out_dir] if out_dir else []
    call = name == "W8_call"
    compile_only = name.startswith("W9")
    if system == "oxla":
        exe = os.path.join(cfg.build, "bin", "oxla-bench")
        if call:
            return [exe, "call", "--calls", str(cfg.calls["oxla"]), "--rounds",
                    str(min_reps)], env
        if compile_only:
            return [exe, "compile", w["module"], "--reps", str(min_reps)], env
        return [exe, "run", w["module"]] + inputs + outs + common + ["--threads", n], env
    if system == "onednn":
        exe = os.path.join(cfg.build, "bin", "onednn-bench")
        return [exe, ONEDNN_OPS[name]] + inputs + outs + common + ["--threads", n], env
    if system == "ort":
        mode = "call" if call else "compile" if compile_only else "run"
        script = os.path.join(BENCH, "peers", "ort", "run.js")
        return (["node", script, w["onnx"]] + inputs + outs + common +
                ["--threads", n, "--mode", mode, "--calls", str(cfg.calls["ort"])]), env
    peer = {"numpy": "numpy_peer.py", "torch": "torch_peer.py",
            "torchscript": "torch_peer.py"}[system]
    argv = [PY, os.path.join(BENCH, "peers", peer), name] + inputs + outs + common + [
        "--threads", str(threads), "--calls", str(cfg.calls.get(system, 10000))]
    if system == "torch":
        argv += ["--mode", "eager"]
    if system == "torchscript":
        argv += ["--mode", "compile" if compile_only else "script"]
    return argv, env


def run_one(system, w, threads, cfg, timing, out_dir=None):
    argv, env = command(system, w, threads, cfg, timing, out_dir)
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    try:
        p = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=900,
                           cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode == 3 and system == "oxla":
        return {"status": "unsupported", "detail": p.stderr.strip()[-300:]}
    if p.returncode != 0 or not lines:
        return {"status": f"error (exit {p.returncode})",
                "detail": (p.stderr.strip() or p.stdout.strip())[-300:]}
    rec = json.loads(lines[-1])
    rec["status"] = "ok"
    return rec


def agreement(out_dir, ref_dir):
    got = os.path.join(out_dir, "result0.npy")
    ref = os.path.join(ref_dir, "result0.npy")
    if not os.path.exists(got):
        return False, None, "no result written"
    a, r = np.load(got), np.load(ref)
    if a.shape != r.shape:
        return False, None, f"shape {a.shape} != reference {r.shape}"
    err = float(np.max(np.abs(a.astype(np.float64) - r))) if a.size else 0.0
    ok = bool(np.allclose(a, r, rtol=RTOL, atol=ATOL))
    return ok, err, "" if ok else "outside tolerance"


# ------------------------------------------------------------------------------------
# Output


def fmt_ms(v, name):
    if v is None:
        return "—"
    if name == "W8_call":
        return f"{v * 1e3:.3g} µs"
    return f"{v:.3g}" if v < 100 else f"{v:.0f}"


def cell(rec, name):
    if rec is None:
        return ""
    if rec["status"] != "ok":
        return rec["status"]
    s = fmt_ms(rec["median_ms"], name)
    if rec.get("ratio_floor"):
        s += f" ({rec['ratio_floor']:.1f}×)"
    if rec.get("agree") is False:
        s += " **disagrees**"
    return s


def write_markdown(path, result):
    recs = result["records"]
    quick = " — QUICK sizes" if result["quick"] else ""
    lines = ["# oxla benchmark results", "",
             f"{result['date']} on {result['machine']['cpu']} "
             f"({result['machine']['cores']} cores){quick}; load average "
             f"{result['machine']['loadavg_at_start'][0]} at the start, "
             f"{result['machine']['loadavg_at_end'][0]} at the end.",
             "", "Median ms over all timed repetitions (×floor in parentheses). Floor = "
             "max(FLOPs / FMA peak, bytes / bandwidth) with this run's measured limits; "
             "every system, oxla included (its client's thread pool), runs with the "
             "table's thread count. Agreement with numpy: "
             f"rtol {RTOL:g}, atol {ATOL:g} (f32).", ""]
    for t, lim in result["limits"].items():
        lines.append(f"- {t} thread(s): {lim['peak_gflops']:.0f} GFLOP/s FMA peak, "
                     f"{lim['dram_copy_gbs']:.1f} GB/s streaming copy, "
                     f"{lim['cache_read_gbs']:.0f} GB/s cache read (working sets ≤ "
                     f"{lim['cache_bytes'] >> 20} MiB)")
    names = list(dict.fromkeys(r["workload"] for r in recs))
    for t in sorted({r["threads"] for r in recs}):
        lines += ["", f"## {t} thread(s)", "",
                  "| workload | floor ms | " + " | ".join(SYSTEMS) +
                  " | oxla / best peer |",
                  "|---" * (len(SYSTEMS) + 3) + "|"]
        for name in names:
            row = {r["system"]: r for r in recs
                   if r["workload"] == name and r["threads"] == t}
            if not row:
                continue
            floor = next((r["floor_ms"] for r in row.values() if r.get("floor_ms")), None)
            ox = row.get("oxla")
            ratio = (f"{ox['ratio_best_peer']:.2f} ({ox['best_peer']})"
                     if ox and ox.get("ratio_best_peer") else "")
            lines.append(f"| {name} | {fmt_ms(floor, name)} | " +
                         " | ".join(cell(row.get(s), name) for s in SYSTEMS) +
                         f" | {ratio} |")
    lines += ["", "W8: time per call of a 4-element f32 add. W9: compile time (oxla: "
              "oxla_executable_compile; torchscript: trace + freeze + "
              "optimize_for_inference; ort: InferenceSession.create).", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_plot(path, result):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    recs = [r for r in result["records"] if r.get("ratio_floor")]
    if not recs:  # only W8/W9 ran: they have no floor to plot against
        if os.path.exists(path):
            os.remove(path)
        return
    threads = sorted({r["threads"] for r in recs})
    names = list(dict.fromkeys(r["workload"] for r in recs))
    fig, axes = plt.subplots(len(threads), 1, figsize=(12, 4.2 * len(threads)),
                             squeeze=False)
    width = 0.8 / len(SYSTEMS)
    for ax, t in zip(axes[:, 0], threads):
        for i, s in enumerate(SYSTEMS):
            xs, ys = [], []
            for j, name in enumerate(names):
                r = next((r for r in recs if r["workload"] == name and
                          r["system"] == s and r["threads"] == t), None)
                if r:
                    xs.append(j + (i - len(SYSTEMS) / 2 + 0.5) * width)
                    ys.append(r["ratio_floor"])
            ax.bar(xs, ys, width, label=s)
        ax.set_yscale("log")
        ax.axhline(1, color="black", linewidth=0.8)
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels([n.replace("_", "\n", 1) for n in names], fontsize=8)
        ax.set_ylabel("time / floor (log)")
        ax.set_title(f"{t} thread(s){' (quick sizes)' if result['quick'] else ''}")
        ax.legend(fontsize=8, ncol=len(SYSTEMS))
    fig.tight_layout()
    fig.savefig(path, dpi=110)


DOC_BEGIN, DOC_END = "<!-- bench:latest:begin -->", "<!-- bench:latest:end -->"


def update_docs(md_path, doc_path):
    """Replaces the results between the markers in docs/performance.md with latest.md
    (less its title)."""
    with open(md_path) as f:
        table = f.read().split("\n", 1)[1].strip()
    with open(doc_path) as f:
        doc = f.read()
    if DOC_BEGIN not in doc or DOC_END not in doc:
        log(f"warning: {doc_path} lacks the {DOC_BEGIN} / {DOC_END} markers; not updated")
        return
    head, rest = doc.split(DOC_BEGIN, 1)
    tail = rest.split(DOC_END, 1)[1]
    with open(doc_path, "w") as f:
        f.write(f"{head}{DOC_BEGIN}\n{table}\n{DOC_END}{tail}")
    log(f"updated {doc_path}")


def compare_baseline(result, path):
    if not os.path.exists(path):
        log(f"no baseline at {path}; nothing to compare")
        return []
    with open(path) as f:
        base = json.load(f)
    if base.get("quick") != result["quick"]:
        log(f"baseline {path} was measured with quick={base.get('quick')}; not comparing")
        return []
    old = {(r["workload"], r["system"], r["threads"]): r for r in base["records"]}
    slower = []
    for r in result["records"]:
        b = old.get((r["workload"], r["system"], r["threads"]))
        if (r["system"] == "oxla" and b and r["status"] == "ok" and
                b["status"] == "ok" and r["median_ms"] > 1.10 * b["median_ms"]):
            slower.append((r["workload"], r["threads"], b["median_ms"], r["median_ms"]))
    if slower:
        log("\nREGRESSIONS: oxla workloads more than 10% slower than the baseline:")
        for name, t, b, n in slower:
            log(f"  {name} ({t} thread(s)): {b:.4g} ms -> {n:.4g} ms ({n / b:.2f}×)")
    else:
        log(f"\nno oxla workload is more than 10% slower than {path}")
    return slower


# ------------------------------------------------------------------------------------


def available(cfg):
    have = {"numpy": True, "oxla": os.path.exists(os.path.join(cfg.build, "bin",
                                                               "oxla-bench"))}
    have["torch"] = have["torchscript"] = subprocess.run(
        [PY, "-c", "import torch"], capture_output=True).returncode == 0
    have["ort"] = have["torch"] and os.path.exists(
        os.path.join(BENCH, "peers", "ort", "node_modules", "onnxruntime-node"))
    have["onednn"] = os.path.exists(os.path.join(cfg.build, "bin", "onednn-bench"))
    for s in SYSTEMS:
        if not have[s]:
            log(f"warning: {s} is not available; its rows stay empty "
                f"(scripts/bootstrap-bench.sh installs the peers)")
    return have


def versions():
    v = {"numpy": np.__version__, "python": platform.python_version()}
    try:
        v["torch"] = subprocess.run([PY, "-c", "import torch; print(torch.__version__)"],
                                    capture_output=True, text=True).stdout.strip()
        with open(os.path.join(BENCH, "peers", "ort", "node_modules", "onnxruntime-node",
                               "package.json")) as f:
            v["onnxruntime-node"] = json.load(f)["version"]
        v["libdnnl"] = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libdnnl2"],
                                      capture_output=True, text=True).stdout.strip()
    except OSError:
        pass
    return v


def cpu_name():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor()


def main():
    ap = argparse.ArgumentParser(description="the oxla benchmark suite")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--quick", action="store_true", help="small sizes, few repetitions")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--only", help="comma-separated workload names")
    ap.add_argument("--systems", help="comma-separated systems (default: all available)")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--results-dir",
                    help="default bench/results (quick: bench/work/quick/results)")
    ap.add_argument("--baseline", default=os.path.join(BENCH, "results", "baseline.json"))
    ap.add_argument("--update-docs", action="store_true",
                    help="copy the tables into docs/performance.md (full runs)")
    a = ap.parse_args()
    cfg = Config(a.quick)
    cfg.build = os.path.abspath(a.build_dir)
    if a.rounds:
        cfg.rounds = a.rounds
    threads = [int(t) for t in a.threads.split(",")]
    work = os.path.join(BENCH, "work", "quick" if a.quick else "full")
    results_dir = a.results_dir or (os.path.join(work, "results") if a.quick else
                                    os.path.join(BENCH, "results"))
    os.makedirs(results_dir, exist_ok=True)
    names = COMPUTE + SINGLE
    if a.only:
        names = [n for n in names if n in a.only.split(",")]
    have = available(cfg)
    if a.systems:
        keep = set(a.systems.split(","))
        have = {s: v and s in keep for s, v in have.items()}

    started = time.time()
    # Other work on the machine shows up in every system's spread; the load average
    # in latest.json says how much there was.
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    limits = measure_limits(cfg.build, threads)
    workloads = {}
    for name in names:
        w = prepare(name, cfg, work)
        # W9_compile_W7 shares W7's directory and ONNX file.
        if have["ort"] and name != "W9_compile_W7":
            argv = [PY, os.path.join(BENCH, "peers", "torch_peer.py"), name, "--mode",
                    "export", "--onnx", w["onnx"]] + [
                        x for p in w["inputs"] for x in ("--input", p)]
            p = subprocess.run(argv, capture_output=True, text=True)
            if p.returncode != 0:
                log(f"{name}: ONNX export failed: {p.stderr.strip()[-300:]}")
        workloads[name] = w

    # Agreement first: one short run per system at 1 thread, results against numpy's.
    check, estimate = {}, {}
    once = (1, 0.0, 1, 1, 0.0)
    for name, w in workloads.items():
        if name.startswith("W9") or name == "W8_call":
            continue
        ref_dir = os.path.join(w["dir"], "out", "numpy")
        for s in systems_for(name, have):
            out_dir = os.path.join(w["dir"], "out", s)
            rec = run_one(s, w, 1, cfg, once, out_dir)
            if rec["status"] != "ok":
                check[(name, s)] = (None, None, rec["status"])
                log(f"{name} {s}: {rec['status']}: {rec.get('detail', '')}")
                continue
            for t in threads:
                estimate[(name, s, t)] = rec["median_ms"]
            ok, err, why = agreement(out_dir, ref_dir)
            check[(name, s)] = (ok, err, why)
            log(f"{name} {s}: {'agrees' if ok else 'DISAGREES'} with numpy "
                f"(max abs err {err if err is None else f'{err:.3g}'}) {why}")

    # Timing: rounds x workloads x threads x systems, interleaved so that drift in the
    # machine's load affects every system alike.
    samples, last = {}, {}
    for rnd in range(cfg.rounds):
        for name, w in workloads.items():
            for t in threads if name in COMPUTE else threads[:1]:
                for s in systems_for(name, have):
                    key = (name, s, t)
                    timing = cfg.timing(estimate.get(key, 0))
                    rec = run_one(s, w, t, cfg, timing)
                    last[key] = rec
                    if rec["status"] == "ok":
                        samples.setdefault(key, []).extend(rec["times_ms"])
                        estimate[key] = rec["median_ms"]
                        log(f"round {rnd + 1}/{cfg.rounds} {name} {s} t={t}: "
                            f"{rec['median_ms']:.4g} ms")
                    else:
                        log(f"round {rnd + 1}/{cfg.rounds} {name} {s} t={t}: "
                            f"{rec['status']} {rec.get('detail', '')}")

    # The limits again: other work on the machine during either measurement only lowers
    # them, so the better of the two is kept.
    for t, lim in measure_limits(cfg.build, threads).items():
        for k in ("peak_gflops", "dram_copy_gbs", "cache_read_gbs"):
            limits[t][k] = max(limits[t][k], lim[k])

    records = []
    for (name, s, t), rec in last.items():
        w = workloads[name]
        ok, err, why = check.get((name, s), (None, None, ""))
        r = {"workload": name, "system": s, "threads": t,
             "threads_used": t, "floor_ms": floor_ms(w, limits[t]),
             "flops": w.get("flops"), "bytes": w.get("bytes") if w.get("flops") else None,
             "agree": ok, "max_abs_err": err, "status": rec["status"]}
        times = samples.get((name, s, t))
        if times:
            r.update(median_ms=float(np.median(times)), min_ms=float(min(times)),
                     max_ms=float(max(times)), reps=len(times),
                     compile_ms=rec.get("compile_ms"))
        elif rec.get("detail"):
            r["detail"] = rec["detail"]
        if r["status"] == "ok" and r["floor_ms"]:
            r["ratio_floor"] = r["median_ms"] / r["floor_ms"]
        records.append(r)
    for r in records:
        peers = [p for p in records if p["workload"] == r["workload"] and
                 p["threads"] == r["threads"] and p["system"] in PEERS and
                 p["status"] == "ok" and p["agree"] is not False]
        if r["status"] == "ok" and peers:
            best = min(peers, key=lambda p: p["median_ms"])
            r["best_peer"] = best["system"]
            r["ratio_best_peer"] = r["median_ms"] / best["median_ms"]

    result = {"date": datetime.datetime.now(datetime.timezone.utc).strftime(
                  "%Y-%m-%d %H:%M UTC"),
              "quick": a.quick, "rounds": cfg.rounds,
              "machine": {"cpu": cpu_name(), "cores": os.cpu_count(),
                          "loadavg_at_start": load_at_start,
                          "loadavg_at_end": [round(x, 2) for x in os.getloadavg()]},
              "versions": versions(),
              "tolerance": {"rtol": RTOL, "atol": ATOL, "reference": "numpy f32"},
              "limits": {str(t): v for t, v in limits.items()},
              "seconds": round(time.time() - started),
              "records": records}
    for ext, writer in [("json", None), ("md", write_markdown), ("png", write_plot)]:
        path = os.path.join(results_dir, f"latest.{ext}")
        if writer is None:
            with open(path, "w") as f:
                json.dump(result, f, indent=1)
                f.write("\n")
        else:
            writer(path, result)
    log(f"\nwrote {results_dir}/latest.{{json,md,png}} in {result['seconds']} s "
        "(no png without a workload that has a floor)\n")
    with open(os.path.join(results_dir, "latest.md")) as f:
        log(f.read())
    if a.update_docs and not a.quick:
        update_docs(os.path.join(results_dir, "latest.md"),
                    os.path.join(ROOT, "docs", "performance.md"))
    compare_baseline(result, a.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())

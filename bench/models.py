#!/usr/bin/python3
#===- models.py - Real models: oxla against ONNX Runtime and PyTorch, and floors -===#
#
#   /usr/bin/python3 bench/models.py [--build-dir build] [--quick] [--threads 1,2]
#       [--batches 1,8] [--models resnet18,...|none] [--stablehlo resnet50_f32,...|none]
#       [--rounds N] [--results-dir DIR] [--profile-top N] [--update-docs]
#       [--lock /tmp/oxla-build.lock] [--require-all]
#
# Part 1, ONNX models: torchvision networks and a BERT-like nn.TransformerEncoder
# built by tests/onnx/torch_models.py (random weights made meaningful there), exported
# to ONNX (opset 17, static batch 1 and 8). Each of oxla (Python API,
# oxla.compile(path, threads=T)), ONNX Runtime (onnxruntime-node), PyTorch eager and
# TorchScript runs in a process of its own per (model, batch, threads, round), so that
# the peak RSS read with wait4 is that run's. The first oxla run of a model compiles
# into an empty $OXLA_CACHE_DIR (cold compile); the later ones load it (cached).
# Every system's result is checked against PyTorch eager's (max error <= 1e-4 of the
# output's magnitude, as tests/onnx/torch_models.py checks). oxla-run --memory-report
# --memory-stats gives oxla's predicted and measured peak and allocations per call.
#
# Part 2, StableHLO exports (../shared/real-models; no peer runs StableHLO): oxla's
# time against the model's floor, max(FLOPs / FMA peak, bytes / bandwidth) with the
# FLOPs of its products and convolutions (bench/stablehlo_cost.py) and the machine's
# measured limits (oxla-bench-limits), and a per-kernel profile (OXLA_PROFILE_KERNELS,
# docs/performance.md): the top kernels, their share, their time over their own floor.
#
# Writes DIR/models.{json,md} (default bench/results; --quick: bench/work/quick/results).
# --quick: squeezenet and the chess transformer, batch 1, one round, few calls.
#
#===----------------------------------------------------------------------===#
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import run as suite  # noqa: E402  (limits, floors, versions: the synthetic suite's)
import stablehlo_cost  # noqa: E402
import model_profile  # noqa: E402

PY = "/usr/bin/python3"
REAL = os.path.join(ROOT, "..", "shared", "real-models")
TOLERANCE = 1e-4
ONNX_MODELS = ["resnet18", "resnet50", "mobilenet_v2", "mobilenet_v3_small",
               "efficientnet_b0", "squeezenet1_1", "convnext_tiny", "vit_b_16", "bert"]
PEERS = ["ort", "torch", "torchscript"]
SYSTEMS = ["oxla"] + PEERS
# name: (file under real-models, narrow float type, trips of its while loop). The
# generation loops run at most max_length - prompt length times (20 - 7, 20 - 9).
STABLEHLO = {
    "resnet50_f32": ("iree_resnet50.prep.mlir", None, 1),
    "resnet50_f16": ("iree_resnet50.prep.mlir", "f16", 1),
    "resnet50_bf16": ("iree_resnet50.prep.mlir", "bf16", 1),
    "gpt2_generate": ("trt_gpt2.prep.mlir", None, 13),
    "llama_68m_generate": ("trt_llama_68m.prep.mlir", None, 11),
    "chess_9m": ("searchless_chess_9m.mlir", None, 1),
}


def log(msg):
    print(msg, flush=True)


class Locked:
    """Holds flock(path) (--lock: the shared machine's build lock) while one model
    is measured, so that builds and other benchmarks do not interleave with it and
    are not kept waiting for the whole suite."""

    def __init__(self, path):
        self.path, self.file = path, None

    def __enter__(self):
        if self.path:
            import fcntl
            self.file = open(self.path, "a")
            fcntl.flock(self.file, fcntl.LOCK_EX)

    def __exit__(self, *exc):
        if self.file:
            self.file.close()


class Config:
    def __init__(self, quick):
        self.quick = quick
        self.rounds = 1 if quick else 3
        self.warmup, self.warmup_time = (1, 0.0) if quick else (2, 0.3)
        self.min_reps, self.min_time = (2, 0.0) if quick else (5, 1.0)

    def timing(self, estimate_ms):
        """--warmup, --warmup-time, --min-reps, --min-time for a call of about
        `estimate_ms`: runs of seconds get fewer repetitions."""
        if self.quick or estimate_ms > 2000:
            return 1, 0.0, 2 if self.quick else 3, 0.0
        return self.warmup, self.warmup_time, self.min_reps, self.min_time


# ------------------------------------------------------------------------------------
# Models and inputs


def prepare_onnx(name, batch, work):
    """Exports `name` at `batch` (once) and writes its input and PyTorch's output.
    Returns {"onnx", "pt", "input", "reference", "freeze_only"}."""
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    paths = {"onnx": os.path.join(d, f"b{batch}.onnx"), "pt": os.path.join(d, "model.pt"),
             "input": os.path.join(d, f"x_b{batch}.npy"),
             "reference": os.path.join(d, f"torch_b{batch}"),
             "freeze_only": name == "mobilenet_v3_small"}
    if all(os.path.exists(p) for p in (paths["onnx"], paths["pt"], paths["input"],
                                       os.path.join(paths["reference"], "result0.npy"))):
        return paths
    import torch
    sys.path.insert(0, os.path.join(ROOT, "tests", "onnx"))
    import torch_models
    torch.manual_seed(0)
    if name == "bert":
        model = torch_models.Encoder(d_model=256, nhead=4, dim_feedforward=1024,
                                     num_layers=4)
        shape = (128, 256)
    else:
        model, shape = torch_models.MODELS[name](224)
    model = torch_models.meaningful(model, shape)
    torch.save(model, paths["pt"])
    x = torch.randn((batch,) + shape, generator=torch.Generator().manual_seed(2))
    np.save(paths["input"], x.numpy())
    torch_models.export(model, x, paths["onnx"], 17, dynamic=False)
    with torch.no_grad():
        out = model(x).numpy()
    os.makedirs(paths["reference"], exist_ok=True)
    np.save(os.path.join(paths["reference"], "result0.npy"), out)
    return paths


def prepare_stablehlo(name, work):
    file, narrow, trips = STABLEHLO[name]
    src = os.path.join(REAL, file)
    if narrow:
        path = os.path.join(work, f"{name}.mlir")
        with open(path, "w") as f:
            subprocess.run([PY, os.path.join(BENCH, "narrow_float_model.py"), src, narrow],
                           stdout=f, check=True)
    else:
        path = src
    with open(path) as f:
        cost = stablehlo_cost.analyze(f.read(), trips)
    return path, cost


# ------------------------------------------------------------------------------------
# Running one system in its own process


def run_child(argv, env, timeout=1800):
    """Runs argv in a process of its own under /usr/bin/time; returns (the JSON
    record or a status, the process's peak RSS in MiB, its stderr). (wait4 on a
    child of this process would count the RSS the fork copied from it.)"""
    argv = ["/usr/bin/time", "-f", "MAXRSS_KB %M"] + argv
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           env=env, cwd=ROOT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}, None, ""
    rss = None
    for line in p.stderr.splitlines():
        if line.startswith("MAXRSS_KB "):
            rss = int(line.split()[1]) / 1024.0
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode != 0 or not lines:
        return ({"status": f"error (exit {p.returncode})",
                 "detail": (p.stderr.strip() or p.stdout.strip())[-400:]}, rss, p.stderr)
    rec = json.loads(lines[-1])
    rec["status"] = "ok"
    return rec, rss, p.stderr


def command(system, model, inputs, threads, timing, out_dir, policy=None, extra=()):
    warmup, warmup_time, min_reps, min_time = timing
    n = str(threads)
    env = dict(os.environ, OMP_NUM_THREADS=n, OPENBLAS_NUM_THREADS=n, MKL_NUM_THREADS=n,
               PYTHONPATH=os.pathsep.join(
                   [os.path.join(CFG.build, "python"), os.path.join(BENCH, "peers")]))
    if policy:
        env["OMP_WAIT_POLICY"] = policy
    common = ["--warmup", str(warmup), "--warmup-time", str(warmup_time), "--min-reps",
              str(min_reps), "--min-time", str(min_time), "--max-reps", "200",
              "--threads", n]
    ins = [x for p in inputs for x in ("--input", p)]
    outs = ["--out-dir", out_dir] if out_dir else []
    if system == "ort":
        argv = ["node", os.path.join(BENCH, "peers", "ort", "run.js"), model]
    else:
        argv = [PY, os.path.join(BENCH, "peers", "model_peer.py"), system, model]
    argv += ins + outs + common + list(extra)
    return argv, env


def agreement(out_dir, ref_dir):
    got, ref = os.path.join(out_dir, "result0.npy"), os.path.join(ref_dir, "result0.npy")
    if not os.path.exists(got):
        return False, None
    a, r = np.load(got).astype(np.float64), np.load(ref).astype(np.float64)
    if a.shape != r.shape:
        return False, None
    error = float(np.max(np.abs(a - r))) / (float(np.max(np.abs(r))) or 1.0)
    return error <= TOLERANCE, error


def oxla_run(model, inputs, threads, env, entry=None):
    """oxla-run twice on an empty compile cache: the first compiles (cold), the
    second loads it (cached); their --time-phases totals, the first's predicted
    peak, measured peak and allocations per call, and the cached shared library
    ("library"), which the timed Python processes load with oxla.load."""
    import re
    exe = os.path.join(CFG.build, "bin", "oxla-run")
    argv = [exe, model, "--threads", str(threads), "--time-phases", "--cache-report"]
    argv += ["--entry", entry] if entry else []
    argv += [x for p in inputs for x in ("--input", "@" + p)] if inputs else [
        "--random-inputs"]
    cache = os.path.join(env["OXLA_CACHE_DIR"], "oxla-run")
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(env, OXLA_CACHE_DIR=cache)
    mem = {}
    for attempt, extra in (("cold", ["--memory-report", "--memory-stats"]), ("cached", [])):
        p = subprocess.run(argv + extra, capture_output=True, text=True, env=env, cwd=ROOT,
                           timeout=1800)
        if p.returncode != 0:
            mem["error"] = f"oxla-run exit {p.returncode}: {p.stderr.strip()[-200:]}"
            return mem
        for line in (p.stdout + p.stderr).splitlines():
            m = re.match(r"memory @\S+: peak (\d+) bytes", line)
            if m:
                mem["predicted_bytes"] = int(m.group(1))
            m = re.match(r"memory @\S+: measured peak (\d+) bytes, (\d+) allocations", line)
            if m:
                mem["measured_bytes"] = int(m.group(1))
                mem["allocations"] = int(m.group(2))
            m = re.match(r"\s*([0-9.]+) s\s+100\.0%\s+total", line)
            if m:
                mem[f"{attempt}_ms"] = float(m.group(1)) * 1e3
            m = re.match(r"oxla-run: compile cache hit: (\S+\.so)", line)
            if m and attempt == "cached":
                mem["cache_hit"] = True
                mem["library"] = m.group(1)
    return mem


# ------------------------------------------------------------------------------------
# Part 1: ONNX models


def bench_onnx(name, batches, threads, have, work):
    rows = []
    for batch in batches:
        paths = prepare_onnx(name, batch, work)
        cache = os.path.join(work, "cache", f"{name}-b{batch}")
        shutil.rmtree(cache, ignore_errors=True)
        os.makedirs(cache)
        row = {"model": name, "batch": batch, "runs": {}, "checks": {}, "rss_mib": {},
               "compile_ms": {}}
        systems = [s for s in SYSTEMS if have[s]]

        def extra(system):
            if system == "torchscript" and paths["freeze_only"]:
                return ["--mode", "freeze"]
            return []

        # oxla compiles once (oxla-run, cold), into the cache; every oxla
        # process then loads the compiled library with oxla.load.
        if "oxla" in systems:
            row["oxla_memory"] = oxla_run(paths["onnx"], [paths["input"]], 1,
                                          dict(os.environ, OXLA_CACHE_DIR=cache))
            library = row["oxla_memory"].get("library")
            if not library:
                log(f"  {name} b{batch} oxla: {row['oxla_memory'].get('error', 'not cached')}")
                row["checks"]["oxla"] = {"ok": False, "status": "compile failed"}
                systems.remove("oxla")

        def target(system):
            if system == "oxla":
                return library
            return paths["onnx"] if system == "ort" else paths["pt"]

        # Check runs, one thread: results, load / session creation / freeze
        # time, an estimate of the call's time.
        estimate = {}
        for system in systems:
            out_dir = os.path.join(work, name, f"out_b{batch}_{system}")
            shutil.rmtree(out_dir, ignore_errors=True)
            argv, env = command(system, target(system), [paths["input"]], 1,
                                (1, 0.0, 1, 0.0), out_dir, extra=extra(system))
            env["OXLA_CACHE_DIR"] = cache
            rec, rss, _ = run_child(argv, env)
            if rec["status"] != "ok":
                log(f"  {name} b{batch} {system}: {rec['status']}: {rec.get('detail', '')}")
                row["checks"][system] = {"ok": False, "status": rec["status"]}
                continue
            ok, error = agreement(out_dir, paths["reference"])
            row["checks"][system] = {"ok": ok, "error": error}
            estimate[system] = rec["median_ms"]
            key = {"oxla": "oxla_load", "ort": "ort_session",
                   "torchscript": "torchscript_freeze"}.get(system)
            if key:
                row["compile_ms"][key] = rec["compile_ms"]
            log(f"  {name} b{batch} {system}: check {'ok' if ok else 'FAILED'} "
                f"(error {error if error is None else f'{error:.1e}'}), "
                f"{rec['median_ms']:.3g} ms, compile {rec['compile_ms']:.0f} ms")
        # Timed rounds, interleaved.
        for r in range(CFG.rounds):
            for t in threads:
                for system in systems:
                    if system not in estimate:
                        continue
                    policies = [None, "PASSIVE"] if (
                        system in ("torch", "torchscript") and t > 1 and not CFG.quick) else [None]
                    best = None
                    for policy in policies:
                        argv, env = command(system, target(system), [paths["input"]], t,
                                            CFG.timing(estimate[system]), None, policy,
                                            extra(system))
                        env["OXLA_CACHE_DIR"] = cache
                        rec, rss, _ = run_child(argv, env)
                        if rec["status"] != "ok":
                            log(f"  {name} b{batch} {system} {t}T: {rec['status']}")
                            continue
                        rec["rss_mib"], rec["policy"] = rss, policy
                        if best is None or rec["median_ms"] < best["median_ms"]:
                            best = rec
                    if best is None:
                        continue
                    row["runs"].setdefault(f"{system}/{t}", []).append(best)
                    if system == "oxla":
                        row["compile_ms"]["oxla_load"] = min(
                            row["compile_ms"].get("oxla_load", 1e30), best["compile_ms"])
                    if t == threads[0]:
                        row["rss_mib"][system] = max(row["rss_mib"].get(system, 0),
                                                     best["rss_mib"] or 0)
        summarize(row)
        rows.append(row)
        log("  " + one_line(row, threads))
    return rows


def summarize(row):
    """Median of the rounds' medians and their spread, per system and threads."""
    row["median_ms"], row["spread"] = {}, {}
    for key, recs in row["runs"].items():
        medians = sorted(r["median_ms"] for r in recs)
        m = float(np.median(medians))
        row["median_ms"][key] = m
        row["spread"][key] = (medians[-1] - medians[0]) / m if m else 0.0
    for t in {k.split("/")[1] for k in row["median_ms"]}:
        peers = [row["median_ms"][f"{p}/{t}"] for p in PEERS
                 if f"{p}/{t}" in row["median_ms"] and row["checks"].get(p, {}).get("ok")]
        mine = row["median_ms"].get(f"oxla/{t}")
        if peers and mine:
            row.setdefault("ratio", {})[t] = mine / min(peers)


def one_line(row, threads):
    parts = [f"{row['model']} b{row['batch']}:"]
    for t in threads:
        cells = [f"{s} {row['median_ms'][f'{s}/{t}']:.3g}" for s in SYSTEMS
                 if f"{s}/{t}" in row["median_ms"]]
        parts.append(f"{t}T " + ", ".join(cells))
    return " | ".join(parts)


# ------------------------------------------------------------------------------------
# Part 2: StableHLO exports


def bench_stablehlo(name, threads, limits, work, profile_top):
    path, cost = prepare_stablehlo(name, work)
    cache = os.path.join(work, "cache", name)
    shutil.rmtree(cache, ignore_errors=True)
    os.makedirs(cache)
    row = {"model": name, "file": os.path.basename(path), "cost": cost, "runs": {},
           "compile_ms": {}, "floor_ms": {}}
    base = ["--random-inputs"]
    row["oxla_memory"] = oxla_run(path, [], 1, dict(os.environ, OXLA_CACHE_DIR=cache),
                                  cost["entry"])
    library = row["oxla_memory"].get("library")
    if not library:
        row["status"] = "compile failed"
        row["detail"] = row["oxla_memory"].get("error", "not cached")
        log(f"  {name}: {row['detail']}")
        return row
    argv, env = command("oxla", library, [], 1, (1, 0.0, 1, 0.0), None, extra=base)
    rec, rss, _ = run_child(argv, env)
    if rec["status"] != "ok":
        row["status"] = rec["status"]
        row["detail"] = rec.get("detail", "")
        log(f"  {name}: {rec['status']}: {rec.get('detail', '')}")
        return row
    estimate = rec["median_ms"]
    for r in range(CFG.rounds):
        for t in threads:
            argv, env = command("oxla", library, [], t, CFG.timing(estimate), None,
                                extra=base)
            rec, rss, _ = run_child(argv, env)
            if rec["status"] != "ok":
                continue
            rec["rss_mib"] = rss
            row["runs"].setdefault(f"oxla/{t}", []).append(rec)
            row["compile_ms"]["oxla_load"] = min(
                row["compile_ms"].get("oxla_load", 1e30), rec["compile_ms"])
    summarize(row)
    for t in threads:
        row["floor_ms"][str(t)] = suite.floor_ms(cost, limits[t])
    if profile_top:
        row["profile"] = {}
        for t in threads:
            row["profile"][str(t)] = model_profile.profile(
                CFG.build, path, t, limits[t], CFG.quick, work, entry=cost["entry"])
    log(f"  {name}: " + ", ".join(
        f"{t}T {row['median_ms'].get(f'oxla/{t}', float('nan')):.4g} ms "
        f"(floor {row['floor_ms'][str(t)]:.3g})" for t in threads))
    return row


# ------------------------------------------------------------------------------------
# Tables


def fmt(v):
    if v is None:
        return "—"
    return f"{v:.3g}" if v < 100 else f"{v:.0f}"


def geomean(values):
    values = [v for v in values if v]
    return float(np.exp(np.mean(np.log(values)))) if values else None


def write_markdown(path, result):
    threads = result["threads"]
    lines = [f"# Real models ({'quick' if result['quick'] else 'full'} run)", "",
             f"{result['date']} on {result['cpu']} ({os.cpu_count()} cores); load average "
             f"{result['load'][0]:.2f} at the start, {result['load_end'][0]:.2f} at the end; "
             f"{result['rounds']} round(s). Command: `{result['command']}`.", ""]
    onnx = result["onnx"]
    if onnx:
        lines += ["Median ms per call (median over rounds of each round's median; ± the "
                  "rounds' max−min spread over the median). ratio = oxla / best peer "
                  "(< 1: oxla faster); ✗ = the result differs from PyTorch's by more "
                  "than 1e-4 of its magnitude (not counted as best peer).", ""]
        for t in threads:
            lines += [f"### {t} thread(s)", "",
                      "| model | batch | oxla | ORT | torch eager | TorchScript | ratio |",
                      "|---|---|---|---|---|---|---|"]
            ratios = []
            for row in onnx:
                cells = []
                for s in SYSTEMS:
                    key = f"{s}/{t}"
                    if key not in row["median_ms"]:
                        cells.append(row["checks"].get(s, {}).get("status", "—"))
                        continue
                    mark = "" if row["checks"].get(s, {}).get("ok") else " ✗"
                    cells.append(f"{fmt(row['median_ms'][key])} ±{row['spread'][key]:.0%}"
                                 f"{mark}")
                ratio = row.get("ratio", {}).get(str(t))
                if ratio:
                    ratios.append(ratio)
                lines.append(f"| {row['model']} | {row['batch']} | " + " | ".join(cells) +
                             f" | {fmt(ratio) if ratio else '—'} |")
            g = geomean(ratios)
            lines += ["", f"Geometric mean of oxla / best peer at {t} thread(s): "
                      f"{fmt(g) if g else '—'} over {len(ratios)} rows.", ""]
        lines += ["### Compile time and memory", "",
                  "Compile, ms: `oxla-run --time-phases` total, cold (empty "
                  "$OXLA_CACHE_DIR) and cached (the second run); `oxla.load` of that "
                  "cached library in the timed processes (fastest); ONNX Runtime's "
                  "InferenceSession.create; TorchScript's "
                  "trace + freeze (+ optimize_for_inference). Memory: oxla's predicted "
                  "peak (`--memory-report`) and measured peak (`--memory-stats`, arguments "
                  "and results included) in MiB with allocations per call; peak RSS (MiB) "
                  f"of each system's {threads[0]}-thread timing process, which includes the "
                  "interpreter and libraries (see the idle line).", "",
                  "| model | batch | oxla-run cold | oxla-run cached | oxla.load "
                  "| ORT session | TorchScript | oxla predicted | oxla measured | allocs/call "
                  "| RSS oxla | RSS ORT | RSS torch | RSS TorchScript |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for row in onnx:
            c, m, r = row["compile_ms"], row.get("oxla_memory", {}), row["rss_mib"]
            mib = lambda b: fmt(b / 2**20) if b is not None else "—"  # noqa: E731
            lines.append(
                f"| {row['model']} | {row['batch']} | {fmt(m.get('cold_ms'))} | "
                f"{fmt(m.get('cached_ms'))}{'' if m.get('cache_hit') else ' (miss)'} | "
                f"{fmt(c.get('oxla_load'))} | "
                f"{fmt(c.get('ort_session'))} | "
                f"{fmt(c.get('torchscript_freeze'))} | {mib(m.get('predicted_bytes'))} | "
                f"{mib(m.get('measured_bytes'))} | {m.get('allocations', '—')} | " +
                " | ".join(fmt(r.get(s)) for s in SYSTEMS) + " |")
        idle = result.get("idle_rss_mib", {})
        lines += ["", "Idle peak RSS (MiB) of each runtime's process with nothing loaded: " +
                  ", ".join(f"{s} {fmt(v)}" for s, v in idle.items()) + ".", ""]
    shlo = result["stablehlo"]
    if shlo:
        lines += ["### StableHLO exports against their floor", "",
                  "Floor = max(FLOPs / FMA peak, bytes / bandwidth) (bench/stablehlo_cost.py: "
                  "FLOPs of dot_general and convolution; bytes of arguments, results, "
                  "weights, and products' operands re-read on each later loop trip), at "
                  "the limits measured at the start. Compile, ms: `oxla-run --time-phases` "
                  "total, cold and cached.", "",
                  "| model | GFLOP | MB | " + " | ".join(
                      f"oxla {t}T ms | floor {t}T | ×floor {t}T" for t in threads) +
                  " | cold compile | cached | predicted MiB | measured MiB | allocs/call |",
                  "|---|---|---|" + "---|---|---|" * len(threads) + "---|---|---|---|---|"]
        for row in shlo:
            if "status" in row:
                lines.append(f"| {row['model']} | {row['status']}: "
                             f"{row.get('detail', '')[-120:].replace('|', '/')} |")
                continue
            cells = []
            for t in threads:
                m = row["median_ms"].get(f"oxla/{t}")
                f = row["floor_ms"][str(t)]
                sp = row["spread"].get(f"oxla/{t}")
                cells += [f"{fmt(m)} ±{sp:.0%}" if m else "—", fmt(f),
                          fmt(m / f) if m else "—"]
            mem = row.get("oxla_memory", {})
            mib = lambda b: fmt(b / 2**20) if b is not None else "—"  # noqa: E731
            lines.append(f"| {row['model']} | {row['cost']['flops'] / 1e9:.3g} | "
                         f"{row['cost']['bytes'] / 1e6:.4g} | " + " | ".join(cells) +
                         f" | {fmt(mem.get('cold_ms'))} | {fmt(mem.get('cached_ms'))} | "
                         f"{mib(mem.get('predicted_bytes'))} | "
                         f"{mib(mem.get('measured_bytes'))} | {mem.get('allocations', '—')} |")
        lines.append("")
        for row in shlo:
            for t, prof in row.get("profile", {}).items():
                lines += model_profile.markdown(row["model"], t, prof, result["profile_top"])
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_results(result, results):
    """models.{json,md} with the rows so far (after each model: a run cut short
    keeps what it measured)."""
    result["load_end"] = list(os.getloadavg())
    with open(os.path.join(results, "models.json"), "w") as f:
        json.dump(result, f, indent=1)
    md = os.path.join(results, "models.md")
    write_markdown(md, result)
    return md


DOC_BEGIN, DOC_END = "<!-- bench:models:begin -->", "<!-- bench:models:end -->"


def idle_rss(have):
    """Peak RSS of each runtime's process when it loads nothing: the floor under
    every row's RSS."""
    out = {}
    env = dict(os.environ, PYTHONPATH=os.path.join(CFG.build, "python"))
    probes = {"oxla": [PY, "-c", "import numpy, oxla"],
              "ort": ["node", "-e", "require('" + os.path.join(
                  BENCH, "peers", "ort", "node_modules", "onnxruntime-node") + "')"],
              "torch": [PY, "-c", "import numpy, torch"]}
    for s, argv in probes.items():
        if not have.get(s):
            continue
        rec, rss, _ = run_child(argv, env)
        out[s] = rss
    return out


def main():
    global CFG
    ap = argparse.ArgumentParser(description="real models: oxla, peers and floors")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--batches", help="default 1,8 (quick: 1)")
    ap.add_argument("--models", help="ONNX models, or none (default: all; quick: squeezenet1_1)")
    ap.add_argument("--stablehlo",
                    help="StableHLO exports, or none (default: all; quick: chess_9m)")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--results-dir")
    ap.add_argument("--profile-top", type=int, default=8,
                    help="kernels listed per profile (0: no profile)")
    ap.add_argument("--update-docs", action="store_true")
    ap.add_argument("--lock", help="flock this file around each model (and the limits)")
    ap.add_argument("--require-all", action="store_true",
                    help="exit 1 unless every system ran and matched PyTorch on every row "
                         "(the ctest)")
    a = ap.parse_args()
    CFG = Config(a.quick)
    CFG.build = os.path.abspath(a.build_dir)
    if a.rounds:
        CFG.rounds = a.rounds
    threads = [int(t) for t in a.threads.split(",")]
    batches = [int(b) for b in (a.batches or ("1" if a.quick else "1,8")).split(",")]
    pick = lambda arg, full, quick: [] if arg == "none" else (  # noqa: E731
        arg.split(",") if arg else (quick if a.quick else full))
    models = pick(a.models, ONNX_MODELS, ["squeezenet1_1"])
    exports = pick(a.stablehlo, list(STABLEHLO), ["chess_9m"])
    for m in exports:
        if m not in STABLEHLO:
            sys.exit(f"models.py: no StableHLO export {m} (known: {', '.join(STABLEHLO)})")
    work = os.path.join(BENCH, "work", "quick" if a.quick else "full", "models")
    results = a.results_dir or (os.path.join(BENCH, "work", "quick", "results") if a.quick
                                else os.path.join(BENCH, "results"))
    os.makedirs(work, exist_ok=True)
    os.makedirs(results, exist_ok=True)

    have = {"oxla": os.path.exists(os.path.join(CFG.build, "python"))}
    have["torch"] = have["torchscript"] = subprocess.run(
        [PY, "-c", "import torch, torchvision"], capture_output=True).returncode == 0
    have["ort"] = os.path.exists(os.path.join(BENCH, "peers", "ort", "node_modules",
                                              "onnxruntime-node"))
    if models and not have["torch"]:
        sys.exit("models.py: the ONNX rows need PyTorch and torchvision to export the "
                 "models (scripts/bootstrap-bench.sh installs them)")
    for s in SYSTEMS:
        if not have[s]:
            log(f"warning: {s} is not available; its cells stay empty")
    load = list(os.getloadavg())
    with Locked(a.lock):
        limits = suite.measure_limits(CFG.build, threads)
    result = {"date": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"),
              "cpu": suite.cpu_name(), "quick": a.quick, "threads": threads,
              "rounds": CFG.rounds, "load": load, "limits": limits,
              "versions": suite.versions(), "profile_top": a.profile_top,
              "command": "bench/models.py " + " ".join(sys.argv[1:]),
              "idle_rss_mib": idle_rss(have) if models else {}, "onnx": [],
              "stablehlo": []}
    for name in models:
        for batch in batches:
            with Locked(a.lock):
                log(f"{name}:")
                result["onnx"] += bench_onnx(name, [batch], threads, have, work)
            write_results(result, results)
    for name in exports:
        with Locked(a.lock):
            log(f"{name}:")
            result["stablehlo"].append(bench_stablehlo(name, threads, limits, work,
                                                       a.profile_top))
        write_results(result, results)
    md = write_results(result, results)
    log(f"wrote {md}")
    if a.update_docs:
        suite.DOC_BEGIN, suite.DOC_END = DOC_BEGIN, DOC_END
        suite.update_docs(md, os.path.join(ROOT, "docs", "performance.md"))
    failed = [f"{r['model']} b{r['batch']} {s}" for r in result["onnx"]
              for s, c in r["checks"].items() if not c.get("ok")]
    failed += [r["model"] for r in result["stablehlo"] if "status" in r]
    if failed:
        log("not ok: " + ", ".join(failed))
    if a.require_all:
        missing = [f"{r['model']} b{r['batch']} {s}" for r in result["onnx"] for s in SYSTEMS
                   if not any(k.startswith(s + "/") for k in r["median_ms"])]
        if failed or missing or not all(r.get("ratio") for r in result["onnx"]):
            log("models.py --require-all: " + ", ".join(failed + [m + " not timed"
                                                                  for m in missing]))
            return 1
        return 0
    # oxla's own failures fail the run; a peer's is reported in the table.
    return 1 if any(f.endswith(" oxla") or " " not in f for f in failed) else 0


CFG = None

if __name__ == "__main__":
    sys.exit(main())

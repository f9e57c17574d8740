#!/usr/bin/env python3
"""Runs the ONNX backend test suite (libonnx-testdata) through oxla's Python API.

    backend_suite.py [--data DIR]... [--expect FILE] [--jobs N] [--filter REGEX]
                     [--log FILE] [--write-expectations FILE] [--interpret]

Each case directory holds model.onnx and test_data_set_*/{input,output}_N.pb
(ONNX TensorProto files). A case is compiled with oxla.compile (the JIT) and
run on every data set; outputs are compared as ONNX's backend runner does
(numpy assert_allclose, rtol 1e-3, atol 1e-7; exact for integers and bools).

--interpret runs each case in the reference interpreter (oxla.interpret_executable)
instead of compiling it: the check of the imported StableHLO alone, for the ops
whose result sizes depend on the data, which compiled code does not run yet.

Outcomes: pass, fail (wrong values or shapes), unsupported (oxla reports an op
or feature it lacks: exit 3 / UnsupportedError), invalid (oxla rejects the
model), error (another exception), crash (the worker died), skip (inputs or
outputs that are not tensors: sequences, maps, optionals).

The expectation file lists each case that is not expected to pass, one per
line as `NAME  OUTCOME  reason`; the run fails when a listed case passes or an
unlisted one does not. The last line is
`onnx backend suite: N passed, N failed, N skipped (of N cases)`.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

DEFAULT_DATA = ["/usr/share/libonnx-testdata/data/node",
                "/usr/share/libonnx-testdata/data/pytorch-converted",
                "/usr/share/libonnx-testdata/data/pytorch-operator"]


def read_tensor(path):
    import onnx
    from onnx import numpy_helper
    tensor = onnx.TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    return numpy_helper.to_array(tensor)


def non_tensor_values(model):
    initialized = {t.name for t in model.graph.initializer}
    values = [v for v in model.graph.input if v.name not in initialized]
    values += list(model.graph.output)
    return [v.name for v in values if v.type.WhichOneof("value") != "tensor_type"]


def ordered_files(directory, prefix):
    files = glob.glob(os.path.join(directory, prefix + "_*.pb"))
    return sorted(files, key=lambda p: int(re.search(r"_(\d+)\.pb$", p).group(1)))


def compare(expected, actual):
    import numpy as np
    actual = np.asarray(actual)
    if expected.dtype == object:
        return "string outputs"
    if actual.shape != expected.shape:
        return f"shape {actual.shape}, expected {expected.shape}"
    if actual.dtype != expected.dtype:
        return f"dtype {actual.dtype}, expected {expected.dtype}"
    if expected.dtype.kind in "biu":
        if not np.array_equal(actual, expected):
            bad = int(np.sum(actual != expected))
            return f"{bad} of {expected.size} elements differ"
        return None
    try:
        np.testing.assert_allclose(actual, expected, rtol=1e-3, atol=1e-7)
    except AssertionError as error:
        lines = [l.strip() for l in str(error).splitlines() if "Max" in l or "Mismatch" in l]
        return "; ".join(lines) or "values differ"
    return None


def run_case(directory):
    """(outcome, detail) of one case."""
    import onnx
    import oxla
    model_path = os.path.join(directory, "model.onnx")
    model = onnx.load(model_path, load_external_data=False)
    others = non_tensor_values(model)
    if others:
        return "skip", "non-tensor inputs or outputs: " + ", ".join(others)
    try:
        if os.environ.get("OXLA_SUITE_INTERPRET"):
            exe = oxla.interpret_executable(model_path)
        else:
            exe = oxla.compile(model_path)
    except oxla.UnsupportedError as error:
        return "unsupported", first_line(error)
    except oxla.InvalidArgumentError as error:
        return "invalid", first_line(error)
    except Exception as error:  # noqa: BLE001 - every failure is reported
        return "error", f"{type(error).__name__}: {first_line(error)}"
    sets = sorted(glob.glob(os.path.join(directory, "test_data_set_*")))
    if not sets:
        return "skip", "no data sets"
    for data_set in sets:
        inputs = [read_tensor(p) for p in ordered_files(data_set, "input")]
        expected = [read_tensor(p) for p in ordered_files(data_set, "output")]
        try:
            results = exe(*inputs)
        except oxla.UnsupportedError as error:
            return "unsupported", first_line(error)
        except Exception as error:  # noqa: BLE001
            return "error", f"{type(error).__name__}: {first_line(error)}"
        if not isinstance(results, tuple):
            results = (results,)
        if len(results) != len(expected):
            return "fail", f"{len(results)} outputs, expected {len(expected)}"
        for i, (want, got) in enumerate(zip(expected, results)):
            problem = compare(want, got)
            if problem:
                return "fail", f"{os.path.basename(data_set)} output {i}: {problem}"
    return "pass", ""


def first_line(error):
    text = str(error).strip()
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return text.splitlines()[0] if text else type(error).__name__


def worker(cases):
    for case in cases:
        print("START", case, flush=True)
        try:
            outcome, detail = run_case(case)
        except Exception as error:  # noqa: BLE001
            outcome, detail = "error", f"{type(error).__name__}: {error}"
        detail = " ".join(detail.split())
        print("RESULT", case, outcome, detail, flush=True)


def run_chunk(cases, results):
    """Runs `cases` in worker processes, restarting after a crash."""
    remaining = list(cases)
    while remaining:
        proc = subprocess.Popen([sys.executable, __file__, "--worker"] + remaining,
                                stdout=subprocess.PIPE, text=True)
        started = None
        for line in proc.stdout:
            parts = line.rstrip("\n").split(" ", 3)
            if parts[0] == "START":
                started = parts[1]
            elif parts[0] == "RESULT":
                results[parts[1]] = (parts[2], parts[3] if len(parts) > 3 else "")
                remaining.remove(parts[1])
                started = None
        code = proc.wait()
        if started is not None:
            results[started] = ("crash", f"the worker died (exit {code})")
            remaining.remove(started)
        elif remaining and code != 0:
            for case in remaining:
                results[case] = ("crash", f"the worker died (exit {code})")
            remaining = []


def read_expectations(path):
    expected = {}
    if not path or not os.path.exists(path):
        return expected
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, outcome, *reason = line.split(None, 2)
            expected[name] = (outcome, reason[0] if reason else "")
    return expected


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", action="append")
    parser.add_argument("--expect")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--filter")
    parser.add_argument("--log")
    parser.add_argument("--write-expectations")
    parser.add_argument("--interpret", action="store_true")
    args = parser.parse_args()
    if args.interpret:
        # The workers inherit it.
        os.environ["OXLA_SUITE_INTERPRET"] = "1"
    cases = []
    for data in args.data or DEFAULT_DATA:
        cases += sorted(os.path.dirname(p) for p in glob.glob(os.path.join(data, "*", "model.onnx")))
    if args.filter:
        cases = [c for c in cases if re.search(args.filter, os.path.basename(c))]
    if not cases:
        print("onnx backend suite: no cases found", file=sys.stderr)
        return 2
    import threading
    results = {}
    chunks = [cases[i::args.jobs] for i in range(args.jobs)]
    threads = [threading.Thread(target=run_chunk, args=(chunk, results)) for chunk in chunks]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    expectations = read_expectations(args.expect)
    counts = {}
    unexpected = []
    log = open(args.log, "w") if args.log else None
    for case in cases:
        name = os.path.basename(case)
        outcome, detail = results[case]
        counts[outcome] = counts.get(outcome, 0) + 1
        line = f"{name} {outcome} {detail}".rstrip()
        if log:
            print(line, file=log)
        listed = expectations.get(name)
        if outcome == "pass" and listed:
            unexpected.append(f"{name}: passes but is listed as {listed[0]} ({listed[1]})")
        elif outcome != "pass" and outcome != "skip" and not listed:
            unexpected.append(f"{name}: {outcome}: {detail}")
        elif outcome == "skip" and not listed:
            unexpected.append(f"{name}: skipped without a listed reason: {detail}")
    if args.write_expectations:
        with open(args.write_expectations, "w") as f:
            for case in cases:
                name = os.path.basename(case)
                outcome, detail = results[case]
                if outcome != "pass":
                    f.write(f"{name}  {outcome}  {detail}\n")
    for line in unexpected:
        print("UNEXPECTED", line)
    passed = counts.get("pass", 0)
    skipped = counts.get("skip", 0)
    failed = len(cases) - passed - skipped
    detail = ", ".join(f"{counts[k]} {k}" for k in sorted(counts) if k not in ("pass", "skip"))
    print(f"onnx backend suite: {passed} passed, {failed} failed ({detail or 'none'}), "
          f"{skipped} skipped (of {len(cases)} cases)")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())

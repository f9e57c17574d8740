#===- model_peer.py - oxla, PyTorch eager and TorchScript on a real model -===#
#
#   model_peer.py oxla MODEL.onnx|MODEL.mlir|MODEL.so --input X.npy ... [timing options]
#   model_peer.py oxla MODEL.mlir|MODEL.so --random-inputs [timing options]
#   model_peer.py torch|torchscript MODEL.pt --input X.npy ... [timing options]
#
# One process per (system, model, batch, threads, round), started by bench/models.py,
# so that its peak RSS (which models.py reads with wait4) is that run's alone. Prints
# one JSON line as the other peers do (bench/peers/common.py), compile_ms being
# oxla.compile's time (cold or from the compile cache, as $OXLA_CACHE_DIR decides) or
# oxla.load's (MODEL.so, a library oxla-compile or the compile cache wrote),
# TorchScript's trace + freeze (+ optimize_for_inference) time, or 0 for eager.
# MODEL.pt is a whole pickled nn.Module (torch.save) that models.py wrote beside the
# ONNX file it exported from the same module.
#
#===----------------------------------------------------------------------===#
import os
import sys
import time

import numpy as np

import common

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def random_inputs(function, seed=0):
    """Inputs for a StableHLO entry from its signature: normal floats, small
    positive integers (token ids, masks), booleans true."""
    import oxla
    rng = np.random.default_rng(seed)
    arrays = []
    for spec in function.argument_types:
        dtype = oxla.dtype_of(spec)
        dims = spec.split("x")[:-1]
        shape = tuple(int(d) for d in dims)
        if spec.endswith("bf16"):
            arrays.append(oxla.float32_to_bfloat16(
                rng.standard_normal(shape).astype(np.float32)))
        elif dtype.kind == "f":
            arrays.append(rng.standard_normal(shape).astype(dtype))
        elif dtype.kind == "b":
            arrays.append(np.ones(shape, dtype))
        else:
            arrays.append(rng.integers(1, 10, shape).astype(dtype))
    return arrays


def run_oxla(args, extra):
    import oxla
    start = time.perf_counter()
    if args.workload.endswith(".so"):  # what oxla-compile or the compile cache wrote
        exe = oxla.load(args.workload, threads=args.threads)
    else:
        exe = oxla.compile(args.workload, threads=args.threads)
    compile_ms = (time.perf_counter() - start) * 1e3
    if "--random-inputs" in extra:
        ins = random_inputs(exe.default_function)
    else:
        ins = common.load_inputs(args)

    def call():
        out = exe(*ins)
        return list(out) if isinstance(out, tuple) else [out]

    times, out = common.time_reps(call, args)
    common.report("oxla", args, times, [np.asarray(o) for o in out], compile_ms)


def run_torch(args, system):
    import torch
    sys.path.insert(0, os.path.join(ROOT, "tests", "onnx"))  # torch_models' classes
    torch.set_num_threads(args.threads)
    model = torch.load(args.workload).eval()
    ins = [torch.from_numpy(a) for a in common.load_inputs(args)]
    fn = model
    compile_ms = 0.0
    with torch.no_grad():
        if system == "torchscript":
            start = time.perf_counter()
            fn = torch.jit.freeze(torch.jit.trace(model, tuple(ins)).eval())
            # optimize_for_inference gives wrong outputs on mobilenet_v3_small
            # (docs/performance.md): models.py passes --mode freeze there.
            if args.mode != "freeze":
                fn = torch.jit.optimize_for_inference(fn)
            compile_ms = (time.perf_counter() - start) * 1e3
        times, out = common.time_reps(lambda: fn(*ins), args)
    outs = list(out) if isinstance(out, tuple) else [out]
    common.report(system, args, times, [o.numpy() for o in outs], compile_ms)


def main():
    system = sys.argv.pop(1)
    extra = [a for a in sys.argv if a == "--random-inputs"]
    sys.argv = [a for a in sys.argv if a != "--random-inputs"]
    args = common.parse_args(__doc__)
    if system == "oxla":
        run_oxla(args, extra)
    elif system in ("torch", "torchscript"):
        run_torch(args, system)
    else:
        sys.exit(f"model_peer: unknown system {system}")


if __name__ == "__main__":
    main()

#===- stablehlo_cost.py - FLOPs and bytes of a StableHLO program, from its text -===#
#
#   /usr/bin/python3 bench/stablehlo_cost.py FILE.mlir [--trips N]
#
# The floor of a real model (bench/models.py) needs its work: the FLOPs of its
# dot_general / dot / convolution ops (2 per multiply-add; elementwise ops are not
# counted: on these models they are a few percent of the FLOPs) and the bytes it
# must touch at least once (the entry's arguments and results, and the constants of
# 1024 elements or more: the weights, counted at full size even when an export holds
# them as splats, as the same model with real weights would). Calls count once per
# call site (recursively), and ops inside a while body count `--trips` times: a
# generation loop's trip count is not in the program (it stops at the maximum length
# or when every sequence has ended), so the caller passes the maximum, which makes
# the floor an upper bound of the work actually done when generation stops early.
# The products inside a loop body read their operands again on each trip after the
# first (a decoder step reads its weights every time): those bytes count too.
# Reads the pretty and the generic forms that JAX, TF and TensorRT exports use.
#
#===----------------------------------------------------------------------===#
import argparse
import json
import re
import sys

from math import prod

ELEMENT_BYTES = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i16": 2,
                 "i8": 1, "ui8": 1, "i1": 1, "ui32": 4, "ui64": 8}

TENSOR = re.compile(r"tensor<([0-9x]*?)x?([a-z]+[0-9]+)>")
FUNC = re.compile(r"^\s*func\.func\s+(?:public\s+|private\s+)?@([\w.$-]+)\((.*)")
CALL = re.compile(r"(?:func\.)?call\s+@([\w.$-]+)\(")


def tensor_types(text):
    """[(shape, element)] of the tensor types in `text`, in order."""
    out = []
    for dims, element in TENSOR.findall(text):
        shape = [int(d) for d in dims.split("x") if d] if dims else []
        out.append((shape, element))
    return out


def signature_types(line):
    """The operand types and the result types of an op line's trailing
    `: (A, B) -> R` (or `: T` for ops whose operands and result share it)."""
    tail = line.rsplit(" : ", 1)
    if len(tail) < 2:
        return [], []
    if "->" in tail[1]:
        ins, outs = tail[1].split("->", 1)
        return tensor_types(ins), tensor_types(outs)
    types = tensor_types(tail[1])
    return types, types[-1:]


def ints(text):
    return [int(v) for v in re.findall(r"-?\d+", text)]


def dot_flops(line):
    ins, outs = signature_types(line)
    if len(ins) < 2 or not outs:
        return 0
    lhs = ins[0][0]
    result = outs[0][0]
    m = re.search(r"contracting_dims\s*=\s*\[([^\]]*)\]", line) or \
        re.search(r"lhs_contracting_dimensions\s*=\s*\[([^\]]*)\]", line)
    if m:
        contracting = [lhs[d] for d in ints(m.group(1))]
    elif "stablehlo.dot " in line or '"stablehlo.dot"' in line:
        contracting = [lhs[-1]] if lhs else []
    else:
        return 0
    return 2 * prod(result) * prod(contracting)


def conv_flops(line):
    ins, outs = signature_types(line)
    if len(ins) < 2 or not outs:
        return 0
    kernel = ins[1][0]
    result = outs[0][0]
    m = re.search(r"dim_numbers\s*=\s*\[[^\]]*\]x\[([^\]]*)\]", line)
    if m:
        spec = [s.strip() for s in m.group(1).split(",")]
        out_dim = spec.index("o")
    else:
        m = re.search(r"kernel_output_feature_dimension\s*=\s*(\d+)", line)
        if not m:
            return 0
        out_dim = int(m.group(1))
    if not kernel or kernel[out_dim] == 0:
        return 0
    # Each result element: one multiply-add per kernel element of its output
    # feature (the input features of its group times the window).
    return 2 * prod(result) * (prod(kernel) // kernel[out_dim])


def analyze(text, trips=1, entry=None):
    """{"flops", "bytes", "weights_bytes", "io_bytes", "entry"} of the program."""
    functions = {}  # name -> {"flops", "calls": [(callee, multiplier)]}
    order = []
    current = None
    depth = 0
    stack = []  # (kind, depth at which it opened)
    pending_while = False
    constants = 0
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            current = {"flops": 0, "reread": 0, "calls": [], "header": line}
            functions[m.group(1)] = current
            order.append(m.group(1))
            stack, pending_while = [], False
        if current is None:
            continue
        multiplier = trips ** sum(1 for kind, _ in stack if kind == "do")
        product = "stablehlo.dot_general" in line or re.search(r"stablehlo\.dot\b", line)
        if product or "stablehlo.convolution" in line:
            current["flops"] += multiplier * (dot_flops(line) if product else conv_flops(line))
            if multiplier > 1:
                # A loop body's products read their operands (the weights of a
                # decoder step) again on every trip after the first.
                operands = signature_types(line)[0][:2]
                current["reread"] += (multiplier - 1) * sum(
                    prod(s) * ELEMENT_BYTES.get(e, 4) for s, e in operands)
        elif "stablehlo.constant" in line:
            for shape, element in tensor_types(line.rsplit(":", 1)[-1])[:1]:
                if prod(shape) >= 1024:
                    constants += prod(shape) * ELEMENT_BYTES.get(element, 4)
        for callee in CALL.findall(line):
            current["calls"].append((callee, multiplier))
        if "stablehlo.while" in line:
            pending_while = True
        # Regions: net braces of the line, attribute dictionaries balance on it.
        opens, closes = line.count("{"), line.count("}")
        stripped = line.strip()
        if stripped.startswith("} do {") and stack:
            stack[-1] = ("do", stack[-1][1])
        elif opens > closes:
            kind = "cond" if pending_while and stripped.startswith("cond") else "region"
            if kind == "cond":
                pending_while = False
            stack.append((kind, depth))
        elif closes > opens and stack:
            stack.pop()
        depth += opens - closes

    memo = {}

    def total(name, seen=()):
        if name in memo:
            return memo[name]
        f = functions.get(name)
        if f is None or name in seen:
            return (0, 0)
        flops, reread = f["flops"], f["reread"]
        for callee, k in f["calls"]:
            more = total(callee, seen + (name,))
            flops += k * more[0]
            reread += k * more[1]
        memo[name] = (flops, reread)
        return memo[name]

    if entry is None:
        entry = "main" if "main" in functions else next(
            (n for n in order if "private" not in functions[n]["header"]), order[0])
    header = functions[entry]["header"]
    args, results = header.split("->", 1) if "->" in header else (header, "")
    # Argument attributes ({jax.arg_info = ...}) hold no tensor types.
    io = sum(prod(s) * ELEMENT_BYTES.get(e, 4) for s, e in tensor_types(args) +
             tensor_types(results))
    flops, reread = total(entry)
    return {"entry": entry, "flops": flops, "io_bytes": io, "weights_bytes": constants,
            "loop_reread_bytes": reread, "bytes": io + constants + reread}


def main():
    ap = argparse.ArgumentParser(description="FLOPs and bytes of a StableHLO program")
    ap.add_argument("file")
    ap.add_argument("--trips", type=int, default=1)
    ap.add_argument("--entry")
    a = ap.parse_args()
    with open(a.file) as f:
        print(json.dumps(analyze(f.read(), a.trips, a.entry)))


if __name__ == "__main__":
    sys.exit(main())

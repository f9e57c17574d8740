#===- gen.py - The benchmark workloads: StableHLO text, inputs, cost -----===#
#
# Each workload is written once here as a StableHLO module the way `jax.jit(f).lower(...)`
# exports it (func.func public @main, tensors in, tensors out, weights as arguments),
# with its argument shapes and its cost model (FLOPs and the fewest bytes any
# implementation must move). The committed bench/workloads/*.mlir files are this
# generator's output at full size (`python3 bench/workloads/gen.py --write`);
# `bench/run.py --quick` generates smaller sizes of the same modules.
#
#===----------------------------------------------------------------------===#
import argparse
import os
import sys

F32 = "f32"


def t(shape, dtype=F32):
    """The MLIR tensor type of `shape`."""
    if not shape:
        return f"tensor<{dtype}>"
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


class Builder:
    """Straight-line SSA text, one op per line, named %0, %1, ... like a JAX export."""

    def __init__(self):
        self.lines = []
        self.n = 0

    def op(self, text):
        name = f"%{self.n}"
        self.n += 1
        self.lines.append(f"    {name} = {text}")
        return name

    def const(self, value, shape=()):
        return self.op(f"stablehlo.constant dense<{value}> : {t(shape)}")

    def binary(self, kind, a, b, shape):
        return self.op(f"stablehlo.{kind} {a}, {b} : {t(shape)}")

    def unary(self, kind, a, shape):
        return self.op(f"stablehlo.{kind} {a} : {t(shape)}")

    def bcast(self, a, src, dims, dst):
        d = ", ".join(str(x) for x in dims)
        return self.op(f"stablehlo.broadcast_in_dim {a}, dims = [{d}] : "
                       f"({t(src)}) -> {t(dst)}")

    def reduce(self, a, init, kind, dims, src):
        dst = [s for i, s in enumerate(src) if i not in dims]
        d = ", ".join(str(x) for x in dims)
        return self.op(f"stablehlo.reduce({a} init: {init}) applies stablehlo.{kind} "
                       f"across dimensions = [{d}] : ({t(src)}, {t(())}) -> {t(dst)}")

    def dot(self, a, b, sa, sb, contract, batch=None):
        dims = ""
        if batch:
            dims += (f"batching_dims = [{', '.join(map(str, batch[0]))}] x "
                     f"[{', '.join(map(str, batch[1]))}], ")
        dims += (f"contracting_dims = [{', '.join(map(str, contract[0]))}] x "
                 f"[{', '.join(map(str, contract[1]))}]")
        bdims = batch[0] if batch else []
        bdims_r = batch[1] if batch else []
        out = [sa[i] for i in bdims]
        out += [s for i, s in enumerate(sa) if i not in bdims and i not in contract[0]]
        out += [s for i, s in enumerate(sb) if i not in bdims_r and i not in contract[1]]
        return self.op(f"stablehlo.dot_general {a}, {b}, {dims} : "
                       f"({t(sa)}, {t(sb)}) -> {t(out)}"), out

    def reshape(self, a, src, dst):
        return self.op(f"stablehlo.reshape {a} : ({t(src)}) -> {t(dst)}")

    def transpose(self, a, src, perm):
        dst = [src[p] for p in perm]
        return self.op(f"stablehlo.transpose {a}, dims = [{', '.join(map(str, perm))}] : "
                       f"({t(src)}) -> {t(dst)}"), dst


def module(comment, args, results, body):
    """`args`: [(name, shape)]; `results`: [(ssa, shape)]."""
    sig = ", ".join(f"%{n}: {t(s)}" for n, s in args)
    res = ", ".join(t(s) for _, s in results)
    ret = ", ".join(r for r, _ in results)
    rtypes = ", ".join(t(s) for _, s in results)
    head = "".join(f"// {line}\n" for line in comment.strip().splitlines())
    return (f"{head}module @jit_main {{\n"
            f"  func.func public @main({sig}) -> ({res}) {{\n" + "\n".join(body.lines) +
            f"\n    return {ret} : {rtypes}\n  }}\n}}\n")


def relu(b, x, shape):
    zero = b.const("0.000000e+00")
    zb = b.bcast(zero, (), [], shape)
    return b.binary("maximum", x, zb, shape)


def softmax_last(b, x, shape):
    """jax.nn.softmax over the last axis: max-shifted, exp, sum, divide."""
    r = len(shape) - 1
    keep = list(range(r))
    ninf = b.const("0xFF800000")
    mx = b.reduce(x, ninf, "maximum", [r], shape)
    mxb = b.bcast(mx, shape[:-1], keep, shape)
    sh = b.binary("subtract", x, mxb, shape)
    e = b.unary("exponential", sh, shape)
    zero = b.const("0.000000e+00")
    s = b.reduce(e, zero, "add", [r], shape)
    sb = b.bcast(s, shape[:-1], keep, shape)
    return b.binary("divide", e, sb, shape)


def layernorm_last(b, x, g, beta, shape, eps=1e-5):
    """Layer normalisation over the last axis with scale and offset (flax's order)."""
    r = len(shape) - 1
    keep = list(range(r))
    n = shape[-1]
    zero = b.const("0.000000e+00")
    s = b.reduce(x, zero, "add", [r], shape)
    inv_n = b.const(f"{1.0 / n:.9e}", shape[:-1])
    mean = b.binary("multiply", s, inv_n, shape[:-1])
    meanb = b.bcast(mean, shape[:-1], keep, shape)
    d = b.binary("subtract", x, meanb, shape)
    sq = b.binary("multiply", d, d, shape)
    zero2 = b.const("0.000000e+00")
    ss = b.reduce(sq, zero2, "add", [r], shape)
    var = b.binary("multiply", ss, inv_n, shape[:-1])
    epsc = b.const(f"{eps:.9e}", shape[:-1])
    ve = b.binary("add", var, epsc, shape[:-1])
    rs = b.unary("rsqrt", ve, shape[:-1])
    rsb = b.bcast(rs, shape[:-1], keep, shape)
    y = b.binary("multiply", d, rsb, shape)
    gb = b.bcast(g, [n], [r], shape)
    y2 = b.binary("multiply", y, gb, shape)
    bb = b.bcast(beta, [n], [r], shape)
    return b.binary("add", y2, bb, shape)


def dense(b, x, w, bias, xs, n_out):
    """x @ w + bias with w [in, out] (flax's Dense kernel layout)."""
    y, ys = b.dot(x, w, xs, [xs[-1], n_out], ([len(xs) - 1], [0]))
    bb = b.bcast(bias, [n_out], [len(ys) - 1], ys)
    return b.binary("add", y, bb, ys), ys


# ---------------------------------------------------------------------------------------
# Workloads. Each returns dict(mlir, args=[(name, shape)], flops, bytes, outputs=[shape]).


def w1_eltwise(n):
    b = Builder()
    shape = [n]
    ab = b.bcast("%a", (), [], shape)
    ax = b.binary("multiply", ab, "%x", shape)
    bb = b.bcast("%b", (), [], shape)
    s = b.binary("add", ax, bb, shape)
    th = b.unary("tanh", s, shape)
    cb = b.bcast("%c", (), [], shape)
    y = b.binary("multiply", th, cb, shape)
    args = [("x", shape), ("a", []), ("b", []), ("c", [])]
    return dict(mlir=module(f"W1 eltwise: y = tanh(a*x+b)*c over {n} f32.", args,
                            [(y, shape)], b),
                args=args, outputs=[shape], flops=4 * n, bytes=8 * n)


def w2_softmax(rows, cols):
    b = Builder()
    shape = [rows, cols]
    y = softmax_last(b, "%x", shape)
    args = [("x", shape)]
    n = rows * cols
    return dict(mlir=module(f"W2 softmax over the last axis of [{rows},{cols}] f32.",
                            args, [(y, shape)], b),
                args=args, outputs=[shape], flops=5 * n, bytes=8 * n)


def w3_layernorm(rows, cols):
    b = Builder()
    shape = [rows, cols]
    y = layernorm_last(b, "%x", "%gamma", "%beta", shape)
    args = [("x", shape), ("gamma", [cols]), ("beta", [cols])]
    n = rows * cols
    return dict(mlir=module(f"W3 layernorm (eps 1e-5, scale, offset) over the last axis "
                            f"of [{rows},{cols}] f32.", args, [(y, shape)], b),
                args=args, outputs=[shape], flops=8 * n, bytes=8 * n + 8 * cols)


def w4_matmul(m, k, n):
    b = Builder()
    y, ys = b.dot("%a", "%b", [m, k], [k, n], ([1], [0]))
    args = [("a", [m, k]), ("b", [k, n])]
    return dict(mlir=module(f"W4 matmul [{m},{k}] x [{k},{n}] f32.", args, [(y, ys)], b),
                args=args, outputs=[ys], flops=2 * m * n * k,
                bytes=4 * (m * k + k * n + m * n))


MLP_DIMS = [784, 512, 512, 10]


def w5_mlp(batch):
    b = Builder()
    x, xs = "%x", [batch, MLP_DIMS[0]]
    args = [("x", xs)]
    nlayers = len(MLP_DIMS) - 1
    for i in range(nlayers):
        args += [(f"w{i + 1}", [MLP_DIMS[i], MLP_DIMS[i + 1]]),
                 (f"b{i + 1}", [MLP_DIMS[i + 1]])]
        x, xs = dense(b, x, f"%w{i + 1}", f"%b{i + 1}", xs, MLP_DIMS[i + 1])
        if i + 1 < nlayers:
            x = relu(b, x, xs)
    wsize = sum(MLP_DIMS[i] * MLP_DIMS[i + 1] + MLP_DIMS[i + 1] for i in range(nlayers))
    flops = 2 * batch * sum(MLP_DIMS[i] * MLP_DIMS[i + 1] for i in range(nlayers))
    return dict(mlir=module(f"W5 MLP {'-'.join(map(str, MLP_DIMS))} with ReLU, batch "
                            f"{batch}, f32.", args, [(x, xs)], b),
                args=args, outputs=[xs], flops=flops,
                bytes=4 * (wsize + batch * (MLP_DIMS[0] + MLP_DIMS[-1])))


def w6_conv(n, h, w, c, k):
    b = Builder()
    xs, ws, ys = [n, h, w, c], [3, 3, c, k], [n, h, w, k]
    y = b.op(f"stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->"
             f"[b, 0, 1, f], window = {{stride = [1, 1], pad = [[1, 1], [1, 1]], "
             f"lhs_dilate = [1, 1], rhs_dilate = [1, 1]}} {{batch_group_count = 1 : i64, "
             f"feature_group_count = 1 : i64}} : ({t(xs)}, {t(ws)}) -> {t(ys)}")
    bb = b.bcast("%bias", [k], [3], ys)
    yb = b.binary("add", y, bb, ys)
    out = relu(b, yb, ys)
    args = [("x", xs), ("w", ws), ("bias", [k])]
    return dict(mlir=module(f"W6 conv NHWC {n}x{h}x{w}x{c}, 3x3x{c}x{k} HWIO filter, "
                            f"stride 1, same padding, + bias + ReLU, f32.", args,
                            [(out, ys)], b),
                args=args, outputs=[ys], flops=2 * n * h * w * k * c * 9,
                bytes=4 * (n * h * w * (c + k) + 9 * c * k + k))


def w7_transformer(batch, seq, d, heads, ffn):
    """A post-norm encoder block (torch.nn.TransformerEncoderLayer's order, ReLU, no
    dropout): x = LN1(x + MHA(x)); y = LN2(x + FFN(x))."""
    b = Builder()
    dh = d // heads
    xs = [batch, seq, d]
    args = [("x", xs)]
    for p in ["q", "k", "v", "o"]:
        args += [(f"w{p}", [d, d]), (f"b{p}", [d])]
    args += [("ln1_g", [d]), ("ln1_b", [d]), ("w1", [d, ffn]), ("b1", [ffn]),
             ("w2", [ffn, d]), ("b2", [d]), ("ln2_g", [d]), ("ln2_b", [d])]
    heads_of = {}
    for p in ["q", "k", "v"]:
        y, ys = dense(b, "%x", f"%w{p}", f"%b{p}", xs, d)
        r = b.reshape(y, ys, [batch, seq, heads, dh])
        heads_of[p], hs = b.transpose(r, [batch, seq, heads, dh], [0, 2, 1, 3])
    # scores[b, h, i, j] = q[b, h, i, :] . k[b, h, j, :] / sqrt(dh)
    s, ss = b.dot(heads_of["q"], heads_of["k"], hs, hs, ([3], [3]), ([0, 1], [0, 1]))
    scale = b.const(f"{1.0 / dh ** 0.5:.9e}")
    scb = b.bcast(scale, (), [], ss)
    s2 = b.binary("multiply", s, scb, ss)
    p = softmax_last(b, s2, ss)
    o, os_ = b.dot(p, heads_of["v"], ss, hs, ([3], [2]), ([0, 1], [0, 1]))
    ot, ots = b.transpose(o, os_, [0, 2, 1, 3])
    cat = b.reshape(ot, ots, xs)
    att, _ = dense(b, cat, "%wo", "%bo", xs, d)
    r1 = b.binary("add", "%x", att, xs)
    h1 = layernorm_last(b, r1, "%ln1_g", "%ln1_b", xs)
    f1, f1s = dense(b, h1, "%w1", "%b1", xs, ffn)
    f1r = relu(b, f1, f1s)
    f2, _ = dense(b, f1r, "%w2", "%b2", f1s, d)
    r2 = b.binary("add", h1, f2, xs)
    out = layernorm_last(b, r2, "%ln2_g", "%ln2_b", xs)
    tokens = batch * seq
    flops = (2 * tokens * d * d * 4 + 2 * 2 * batch * heads * seq * seq * dh +
             2 * 2 * tokens * d * ffn)
    weights = 4 * (d * d + d) + 2 * (d * ffn) + ffn + d + 4 * d
    return dict(mlir=module(f"W7 transformer encoder block: batch {batch}, seq {seq}, "
                            f"d_model {d}, {heads} heads, FFN {ffn} (ReLU), post-norm, "
                            f"f32.",
                            args, [(out, xs)], b),
                args=args, outputs=[xs], flops=flops,
                bytes=4 * (2 * tokens * d + weights))


def w8_add4():
    b = Builder()
    y = b.binary("add", "%a", "%b", [4])
    args = [("a", [4]), ("b", [4])]
    return dict(mlir=module("W8 call overhead: a 4-element f32 add.", args, [(y, [4])],
                            b),
                args=args, outputs=[[4]], flops=4, bytes=48)


def w9_big(nops, width=64):
    """A generated module of `nops` elementwise ops over two [width] inputs: a chain that
    keeps every op live (each op reads the previous result and one earlier value)."""
    b = Builder()
    shape = [width]
    vals = ["%x", "%y"]
    kinds = ["add", "multiply", "subtract", "maximum", "tanh", "add", "minimum", "negate"]
    for i in range(nops):
        kind = kinds[i % len(kinds)]
        if kind in ("tanh", "negate"):
            v = b.unary(kind, vals[-1], shape)
        else:
            other = vals[-1 - (i * 7919) % min(len(vals), 50)]
            v = b.binary(kind, vals[-1], other, shape)
        vals.append(v)
    args = [("x", shape), ("y", shape)]
    return dict(mlir=module(f"W9 compile time: {nops} generated elementwise ops on "
                            f"[{width}] f32.", args, [(vals[-1], shape)], b),
                args=args, outputs=[shape], flops=nops * width, bytes=12 * width)


# name -> (builder, full-size args, quick-size args)
WORKLOADS = {
    "W1_eltwise": (w1_eltwise, (16 * 1024 * 1024,), (1024 * 1024,)),
    "W2_softmax": (w2_softmax, (4096, 4096), (512, 1024)),
    "W3_layernorm": (w3_layernorm, (8192, 1024), (1024, 1024)),
    "W4_matmul_256": (w4_matmul, (256, 256, 256), (64, 64, 64)),
    "W4_matmul_2048": (w4_matmul, (2048, 2048, 2048), (256, 256, 256)),
    "W5_mlp_b1": (w5_mlp, (1,), (1,)),
    "W5_mlp_b64": (w5_mlp, (64,), (16,)),
    "W6_conv": (w6_conv, (8, 56, 56, 64, 64), (1, 28, 28, 32, 32)),
    "W7_transformer": (w7_transformer, (8, 128, 256, 4, 1024), (2, 32, 64, 4, 128)),
    "W8_call": (w8_add4, (), ()),
    "W9_compile_5000": (w9_big, (5000,), (500,)),
}


def build(name, quick=False):
    fn, full, small = WORKLOADS[name]
    w = fn(*(small if quick else full))
    w["name"] = name
    return w


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--write", action="store_true",
                    help="write the full-size modules next to this file")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when a committed module differs from this generator's")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    stale = []
    for name in a.names or WORKLOADS:
        w = build(name, a.quick)
        if a.check:
            path = os.path.join(a.out, name + ".mlir")
            if not os.path.exists(path) or open(path).read() != w["mlir"]:
                stale.append(path)
        elif a.write:
            with open(os.path.join(a.out, name + ".mlir"), "w") as f:
                f.write(w["mlir"])
        else:
            sys.stdout.write(w["mlir"])
    if stale:
        sys.exit("stale (rerun gen.py --write): " + ", ".join(stale))


if __name__ == "__main__":
    main()

#===- numpy_peer.py - The numpy peer (and the agreement reference) -------===#
#
# Each workload written as a numpy user would write it, in f32. Its results are the
# reference bench/run.py checks every other system against. numpy's BLAS (OpenBLAS)
# reads OPENBLAS_NUM_THREADS/OMP_NUM_THREADS, which bench/run.py sets; its elementwise
# and reduction code is single-threaded.
#
#===----------------------------------------------------------------------===#
import numpy as np

import common


def layernorm(x, g, b, eps=np.float32(1e-5)):
    m = x.mean(-1, keepdims=True)
    d = x - m
    v = (d * d).mean(-1, keepdims=True)
    return d / np.sqrt(v + eps) * g + b


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def conv3x3_nhwc(x, w, bias):
    n, h, wd, c = x.shape
    k = w.shape[3]
    xp = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    # [n, h, w, c, 3, 3] -> [n, h, w, 3, 3, c], matching the HWIO filter's (kh, kw, c).
    win = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(1, 2))
    cols = np.ascontiguousarray(win.transpose(0, 1, 2, 4, 5, 3))
    cols = cols.reshape(n * h * wd, 9 * c)
    y = cols @ w.reshape(9 * c, k) + bias
    return np.maximum(y, 0).reshape(n, h, wd, k)


def transformer(x, wq, bq, wk, bk, wv, bv, wo, bo, g1, be1, w1, b1, w2, b2, g2, be2,
                heads=4):
    bsz, s, d = x.shape
    dh = d // heads

    def split(t):
        return t.reshape(bsz, s, heads, dh).transpose(0, 2, 1, 3)

    q, k, v = split(x @ wq + bq), split(x @ wk + bk), split(x @ wv + bv)
    p = softmax((q @ k.transpose(0, 1, 3, 2)) * np.float32(1 / np.sqrt(dh)))
    o = (p @ v).transpose(0, 2, 1, 3).reshape(bsz, s, d)
    h = layernorm(x + (o @ wo + bo), g1, be1)
    f = np.maximum(h @ w1 + b1, 0) @ w2 + b2
    return layernorm(h + f, g2, be2)


def mlp(x, *params):
    n = len(params) // 2
    for i in range(n):
        x = x @ params[2 * i] + params[2 * i + 1]
        if i + 1 < n:
            x = np.maximum(x, 0)
    return x


def function(name, ins):
    if name.startswith("W1"):
        x, a, b, c = ins
        return lambda: np.tanh(a * x + b) * c
    if name.startswith("W2"):
        return lambda: softmax(ins[0])
    if name.startswith("W3"):
        return lambda: layernorm(*ins)
    if name.startswith("W4"):
        return lambda: ins[0] @ ins[1]
    if name.startswith("W5"):
        return lambda: mlp(*ins)
    if name.startswith("W6"):
        return lambda: conv3x3_nhwc(*ins)
    if name.startswith("W7"):
        return lambda: transformer(*ins)
    if name.startswith("W8"):
        a, b = ins
        return lambda: a + b
    raise SystemExit(f"numpy peer: no implementation of {name}")


def main():
    args = common.parse_args(__doc__)
    ins = common.load_inputs(args)
    fn = function(args.workload, ins)
    if args.workload.startswith("W8"):
        times, out = common.time_calls(fn, args)
    else:
        times, out = common.time_reps(fn, args)
    common.report("numpy", args, times, [out])


if __name__ == "__main__":
    main()

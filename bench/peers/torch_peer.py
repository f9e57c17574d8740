#===- torch_peer.py - PyTorch eager, TorchScript, and the ONNX export ----===#
#
#   torch_peer.py WORKLOAD --mode eager|script --input ... [timing options]
#   torch_peer.py WORKLOAD --mode export --input ... --onnx OUT.onnx
#   torch_peer.py WORKLOAD --mode compile --input ...   (W9: TorchScript build time)
#
# One nn.Module per workload takes exactly the StableHLO module's arguments (weights
# included, in the same layouts: [in, out] dense kernels, NHWC activations, HWIO
# filters), so all systems do the same computation on the same data. "script" is
# torch.jit.trace + torch.jit.optimize_for_inference (freeze, fusion, oneDNN
# rewrites); "export" writes the ONNX file (opset 13) the ONNX Runtime peer runs.
#
#===----------------------------------------------------------------------===#
import time

import torch
import torch.nn.functional as F

import common


def layernorm(x, g, b):
    return F.layer_norm(x, (x.shape[-1],), g, b, 1e-5)


class Eltwise(torch.nn.Module):
    def forward(self, x, a, b, c):
        return torch.tanh(a * x + b) * c


class Softmax(torch.nn.Module):
    def forward(self, x):
        return torch.softmax(x, -1)


class LayerNorm(torch.nn.Module):
    def forward(self, x, g, b):
        return layernorm(x, g, b)


class MatMul(torch.nn.Module):
    def forward(self, a, b):
        return torch.matmul(a, b)


class Mlp(torch.nn.Module):
    def forward(self, x, w1, b1, w2, b2, w3, b3):
        h = torch.relu(torch.addmm(b1, x, w1))
        h = torch.relu(torch.addmm(b2, h, w2))
        return torch.addmm(b3, h, w3)


class Conv(torch.nn.Module):
    def forward(self, x, w, bias):
        # NHWC -> an NCHW view in channels_last layout (no copy); HWIO -> OIHW.
        y = F.conv2d(x.permute(0, 3, 1, 2), w.permute(3, 2, 0, 1), bias, padding=1)
        return torch.relu(y).permute(0, 2, 3, 1)


class Encoder(torch.nn.Module):
    heads: int = 4

    def forward(self, x, wq, bq, wk, bk, wv, bv, wo, bo, g1, be1, w1, b1, w2, b2, g2,
                be2):
        bsz, s, d = x.shape
        dh = d // self.heads

        def split(t):
            return t.reshape(bsz, s, self.heads, dh).transpose(1, 2)

        q, k, v = split(x @ wq + bq), split(x @ wk + bk), split(x @ wv + bv)
        p = torch.softmax(torch.matmul(q, k.transpose(2, 3)) * (1.0 / dh ** 0.5), -1)
        o = torch.matmul(p, v).transpose(1, 2).reshape(bsz, s, d)
        h = layernorm(x + (o @ wo + bo), g1, be1)
        f = torch.relu(h @ w1 + b1) @ w2 + b2
        return layernorm(h + f, g2, be2)


class Add(torch.nn.Module):
    def forward(self, a, b):
        return a + b


class Chain(torch.nn.Module):
    """W9: the same op sequence as gen.w9_big."""

    def __init__(self, nops):
        super().__init__()
        self.nops = nops

    def forward(self, x, y):
        vals = [x, y]
        kinds = ["add", "multiply", "subtract", "maximum", "tanh", "add", "minimum",
                 "negate"]
        fns = {"add": torch.add, "multiply": torch.mul, "subtract": torch.sub,
               "maximum": torch.maximum, "minimum": torch.minimum}
        for i in range(self.nops):
            kind = kinds[i % len(kinds)]
            if kind == "tanh":
                v = torch.tanh(vals[-1])
            elif kind == "negate":
                v = torch.neg(vals[-1])
            else:
                v = fns[kind](vals[-1], vals[-1 - (i * 7919) % min(len(vals), 50)])
            vals.append(v)
        return vals[-1]


def model(name):
    if name == "W9_compile_W7":
        return Encoder().eval()
    for prefix, cls in [("W1", Eltwise), ("W2", Softmax), ("W3", LayerNorm),
                        ("W4", MatMul), ("W5", Mlp), ("W6", Conv), ("W7", Encoder),
                        ("W8", Add)]:
        if name.startswith(prefix):
            return cls().eval()
    if name.startswith("W9_compile_"):
        return Chain(int(name.rsplit("_", 1)[1])).eval()
    raise SystemExit(f"torch peer: no model for {name}")


def scripted(m, ins):
    with torch.no_grad():
        return torch.jit.optimize_for_inference(torch.jit.freeze(
            torch.jit.trace(m, tuple(ins)).eval()))


def main():
    args = common.parse_args(__doc__)
    torch.set_num_threads(args.threads)
    ins = [torch.from_numpy(a) for a in common.load_inputs(args)]
    m = model(args.workload)
    if args.mode == "export":
        names = [f"arg{i}" for i in range(len(ins))]
        with torch.no_grad():
            torch.onnx.export(m, tuple(ins), args.onnx, opset_version=13,
                              input_names=names, output_names=["result0"])
        import onnx
        onnx.checker.check_model(onnx.load(args.onnx))
        print(f"wrote {args.onnx}")
        return
    if args.mode == "compile":
        # Builds of many seconds stop after 10 s of them (at least one).
        times = []
        while not times or (len(times) < args.min_reps and sum(times) < 10e3):
            start = time.perf_counter()
            scripted(m, ins)
            times.append((time.perf_counter() - start) * 1e3)
        common.report("torchscript", args, times, None)
        return
    system = "torch"
    fn = m
    compile_ms = 0.0
    if args.mode == "script":
        start = time.perf_counter()
        fn = scripted(m, ins)
        compile_ms = (time.perf_counter() - start) * 1e3
        system = "torchscript"
    with torch.no_grad():
        call = lambda: fn(*ins)
        if args.workload.startswith("W8"):
            times, out = common.time_calls(call, args)
        else:
            times, out = common.time_reps(call, args)
    common.report(system, args, times, [out.numpy()], compile_ms)


if __name__ == "__main__":
    main()

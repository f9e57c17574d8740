#!/usr/bin/env python3
"""Exports PyTorch networks to ONNX and checks oxla's outputs against PyTorch's.

    torch_models.py [--models NAME,...] [--opsets 13,17] [--batch static|dynamic|both]
                    [--size PIXELS] [--dir DIR] [--threads N]

Weights are random (no download) but made meaningful: every bias and
normalization parameter is non-zero and BatchNorm running statistics come
from a few batches of data in train mode, so that different images give
different logits. Each model is exported with torch.onnx.export at each
opset, with a static batch and with a dynamic batch axis ("batch"); the
dynamic export is run at two batch sizes. The check is
max|oxla - torch| <= 1e-4 * max|torch| per output.

Prints one line per export and a last line
`torch models: N matched, N failed`; exits 1 when any failed.
"""
import argparse
import os
import sys
import tempfile
import time

import numpy as np
import torch
import torchvision

TOLERANCE = 1e-4


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Linear(64, 128), torch.nn.GELU(), torch.nn.Linear(128, 128),
            torch.nn.ReLU(), torch.nn.Linear(128, 10), torch.nn.LogSoftmax(dim=-1))

    def forward(self, x):
        return self.net(x)


class Encoder(torch.nn.Module):
    """A BERT-like encoder: embeddings of token features, 2 layers, a head
    (bench/models.py builds a larger one: 4 layers of width 256)."""

    def __init__(self, d_model=64, nhead=4, dim_feedforward=128, num_layers=2):
        super().__init__()
        layer = torch.nn.TransformerEncoderLayer(d_model=d_model, nhead=nhead,
                                                 dim_feedforward=dim_feedforward,
                                                 dropout=0.0, activation="gelu",
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=num_layers)
        self.norm = torch.nn.LayerNorm(d_model)
        self.head = torch.nn.Linear(d_model, 8)

    def forward(self, x):
        return self.head(self.norm(self.encoder(x)).mean(dim=1))


class Recurrent(torch.nn.Module):
    def __init__(self, cell):
        super().__init__()
        self.rnn = cell(input_size=16, hidden_size=32, num_layers=1, batch_first=True)
        self.head = torch.nn.Linear(32, 4)

    def forward(self, x):
        out, _ = self.rnn(x)
        return self.head(out[:, -1])


def image_model(builder):
    def make(size):
        return builder(), (3, size, size)
    return make


MODELS = {
    "mlp": lambda size: (MLP(), (64,)),
    "resnet18": image_model(lambda: torchvision.models.resnet18(weights=None)),
    "resnet50": image_model(lambda: torchvision.models.resnet50(weights=None)),
    "mobilenet_v2": image_model(lambda: torchvision.models.mobilenet_v2(weights=None)),
    "mobilenet_v3_small": image_model(lambda: torchvision.models.mobilenet_v3_small(weights=None)),
    "mobilenet_v3_large": image_model(lambda: torchvision.models.mobilenet_v3_large(weights=None)),
    "efficientnet_b0": image_model(lambda: torchvision.models.efficientnet_b0(weights=None)),
    "squeezenet1_1": image_model(lambda: torchvision.models.squeezenet1_1(weights=None)),
    "convnext_tiny": image_model(lambda: torchvision.models.convnext_tiny(weights=None)),
    # The patch size is 16: the image size must be a multiple of it.
    "vit_b_16": lambda size: (torchvision.models.vit_b_16(weights=None, image_size=size),
                              (3, size, size)),
    "transformer": lambda size: (Encoder(), (12, 64)),
    "lstm": lambda size: (Recurrent(torch.nn.LSTM), (10, 16)),
    "gru": lambda size: (Recurrent(torch.nn.GRU), (10, 16)),
}


def meaningful(model, shape):
    """Non-zero biases, weights and norm parameters, BatchNorm statistics from data."""
    generator = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for module in model.modules():
            bias = getattr(module, "bias", None)
            if isinstance(bias, torch.nn.Parameter):
                bias.copy_(0.1 * torch.randn(bias.shape, generator=generator))
            # Some heads start at zero (ViT's classifier): every image would
            # give the same logits.
            weight = getattr(module, "weight", None)
            if isinstance(weight, torch.nn.Parameter) and not weight.any():
                weight.copy_(0.02 * torch.randn(weight.shape, generator=generator))
            if isinstance(module, (torch.nn.BatchNorm2d, torch.nn.LayerNorm, torch.nn.GroupNorm)):
                if module.weight is not None:
                    module.weight.copy_(1 + 0.2 * torch.randn(module.weight.shape, generator=generator))
        has_batchnorm = any(isinstance(m, torch.nn.modules.batchnorm._BatchNorm)
                            for m in model.modules())
        if has_batchnorm:
            # Running statistics as the plain average over the batches (not
            # a momentum 0.1 mix with the initial 0 and 1, which leaves deep
            # networks such as MobileNet V3 giving every image one output).
            for module in model.modules():
                if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
                    module.reset_running_stats()
                    module.momentum = None
            model.train()
            for _ in range(4):
                model(torch.randn((8,) + shape, generator=generator))
    model.eval()
    return model


def export(model, example, path, opset, dynamic):
    kwargs = {}
    if dynamic:
        kwargs["dynamic_axes"] = {"input": {0: "batch"}, "output": {0: "batch"}}
    torch.onnx.export(model, example, path, opset_version=opset, input_names=["input"],
                      output_names=["output"], do_constant_folding=True, **kwargs)


def check(exe, model, shape, batch, generator):
    x = torch.randn((batch,) + shape, generator=generator)
    with torch.no_grad():
        expected = model(x).numpy()
    actual = np.asarray(exe(x.numpy()))
    if actual.shape != expected.shape:
        return None, f"shape {actual.shape}, expected {expected.shape}"
    scale = float(np.max(np.abs(expected))) or 1.0
    error = float(np.max(np.abs(actual - expected))) / scale
    # Different inputs must give different outputs, or the check proves little.
    if batch > 1 and np.allclose(expected[0], expected[1]):
        return error, "the model gives every input the same output"
    return error, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--opsets", default="13,17")
    parser.add_argument("--batch", default="both", choices=["static", "dynamic", "both"])
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--dir")
    args = parser.parse_args()
    import oxla

    directory = args.dir or tempfile.mkdtemp(prefix="oxla-torch-")
    os.makedirs(directory, exist_ok=True)
    torch.manual_seed(0)
    batches = {"static": [False], "dynamic": [True], "both": [False, True]}[args.batch]
    matched = failed = 0
    for name in args.models.split(","):
        model, shape = MODELS[name](args.size)
        model = meaningful(model, shape)
        for opset in [int(o) for o in args.opsets.split(",")]:
            for dynamic in batches:
                label = f"{name} opset {opset} {'dynamic' if dynamic else 'static'} batch"
                path = os.path.join(directory, f"{name}-{opset}-{'dyn' if dynamic else 'static'}.onnx")
                generator = torch.Generator().manual_seed(2)
                try:
                    export(model, torch.randn((2,) + shape, generator=generator), path, opset,
                           dynamic)
                except Exception as error:  # noqa: BLE001
                    print(f"{label}: FAIL: torch.onnx.export: {str(error).splitlines()[0]}")
                    failed += 1
                    continue
                start = time.time()
                try:
                    exe = oxla.compile(path)
                except oxla.Error as error:
                    message = [l for l in str(error).splitlines() if "error" in l]
                    print(f"{label}: FAIL: {(message or [str(error)])[0]}")
                    failed += 1
                    continue
                compile_s = time.time() - start
                worst, problems = 0.0, []
                for batch in ([1, 3] if dynamic else [2]):
                    error, problem = check(exe, model, shape, batch, generator)
                    if problem:
                        problems.append(f"batch {batch}: {problem}")
                    if error is not None:
                        worst = max(worst, error)
                        if error > TOLERANCE:
                            problems.append(f"batch {batch}: relative error {error:.2e}")
                status = "FAIL: " + "; ".join(problems) if problems else "ok"
                print(f"{label}: {status} (max relative error {worst:.2e}, "
                      f"compile {compile_s:.1f} s)", flush=True)
                if problems:
                    failed += 1
                else:
                    matched += 1
    print(f"torch models: {matched} matched, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

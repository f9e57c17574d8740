#!/usr/bin/env python3
"""Writes the small ONNX models the lit tests in tests/lit/onnx import.

    models.py NAME OUT.onnx

Each model is built with onnx.helper (python3-onnx) when the test runs, so
no binary model is committed; NAME picks one of MODELS below.
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT
I64 = TensorProto.INT64


def value(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def model(nodes, inputs, outputs, initializers=(), opset=13, name="g"):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(initializers))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="oxla-lit")
    m.ir_version = 8
    return m


def const(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def add_broadcast():
    return model([helper.make_node("Add", ["x", "b"], ["y"], name="add")],
                 [value("x", F, [2, 3, 4]), value("b", F, [3, 1])], [value("y", F, [2, 3, 4])])


def add_dynamic():
    return model([helper.make_node("Add", ["x", "b"], ["y"], name="add")],
                 [value("x", F, ["N", 4]), value("b", F, [4])], [value("y", F, ["N", 4])])


def pow_square():
    return model([helper.make_node("Pow", ["x", "two"], ["y"])],
                 [value("x", F, [4])], [value("y", F, [4])],
                 [const("two", np.float32(2.0))])


def where_cast_clip():
    nodes = [
        helper.make_node("Less", ["x", "zero"], ["neg"]),
        helper.make_node("Where", ["neg", "zero", "x"], ["relu"]),
        helper.make_node("Clip", ["relu", "", "six"], ["clipped"]),
        helper.make_node("Cast", ["clipped"], ["y"], to=TensorProto.INT32),
    ]
    return model(nodes, [value("x", F, [5])], [value("y", TensorProto.INT32, [5])],
                 [const("zero", np.float32(0)), const("six", np.float32(6))])


def activations():
    nodes = [
        helper.make_node("Relu", ["x"], ["a"]),
        helper.make_node("LeakyRelu", ["x"], ["b"], alpha=0.1),
        helper.make_node("HardSwish", ["x"], ["c"]),
        helper.make_node("Sigmoid", ["x"], ["d"]),
        helper.make_node("Erf", ["x"], ["e"]),
    ]
    outs = [value(n, F, [8]) for n in "abcde"]
    return model(nodes, [value("x", F, [8])], outs, opset=14)


def conv_group_bias():
    w = np.arange(8 * 2 * 3 * 3, dtype=np.float32).reshape(8, 2, 3, 3) / 100
    node = helper.make_node("Conv", ["x", "w", "bias"], ["y"], name="conv", group=2,
                            pads=[1, 1, 1, 1], strides=[2, 2])
    return model([node], [value("x", F, [1, 4, 9, 9])], [value("y", F, [1, 8, 5, 5])],
                 [const("w", w), const("bias", np.ones(8, np.float32))])


def conv_same_upper():
    w = np.ones((2, 1, 3, 3), np.float32)
    node = helper.make_node("Conv", ["x", "w"], ["y"], auto_pad="SAME_UPPER", strides=[2, 2])
    return model([node], [value("x", F, ["N", 1, 8, 8])], [value("y", F, ["N", 2, 4, 4])],
                 [const("w", w)])


def conv_transpose():
    w = np.ones((2, 3, 3, 3), np.float32)
    node = helper.make_node("ConvTranspose", ["x", "w"], ["y"], strides=[2, 2], pads=[1, 1, 1, 1],
                            output_padding=[1, 1])
    return model([node], [value("x", F, [1, 2, 4, 4])], [value("y", F, [1, 3, 8, 8])],
                 [const("w", w)])


def pooling():
    nodes = [
        helper.make_node("MaxPool", ["x"], ["m"], kernel_shape=[3, 3], strides=[2, 2],
                         ceil_mode=1),
        helper.make_node("AveragePool", ["x"], ["a"], kernel_shape=[3, 3], pads=[1, 1, 1, 1],
                         strides=[2, 2], count_include_pad=0),
        helper.make_node("GlobalAveragePool", ["x"], ["g"]),
    ]
    return model(nodes, [value("x", F, [1, 2, 6, 6])],
                 [value("m", F, [1, 2, 3, 3]), value("a", F, [1, 2, 3, 3]),
                  value("g", F, [1, 2, 1, 1])])


def maxpool_indices():
    nodes = [
        helper.make_node("MaxPool", ["x"], ["m", "i"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("MaxPool", ["x"], ["mc", "ic"], kernel_shape=[2, 2], strides=[2, 2],
                         storage_order=1),
        helper.make_node("MaxUnpool", ["m", "i"], ["u"], kernel_shape=[2, 2], strides=[2, 2]),
    ]
    return model(nodes, [value("x", F, [1, 2, 4, 4])],
                 [value("m", F, [1, 2, 2, 2]), value("i", I64, [1, 2, 2, 2]),
                  value("ic", I64, [1, 2, 2, 2]), value("u", F, [1, 2, 4, 4])], opset=12)


def det():
    return model([helper.make_node("Det", ["x"], ["y"])],
                 [value("x", F, [2, 3, 3])], [value("y", F, [2])], opset=11)


def dft_stft():
    nodes = [helper.make_node("DFT", ["x"], ["y"], axis=1, onesided=1),
             helper.make_node("STFT", ["s", "step", "window"], ["z"])]
    return model(nodes, [value("x", F, [1, 8, 1]), value("s", F, [1, 16, 1])],
                 [value("y", F, [1, 5, 2]), value("z", F, [1, 3, 5, 2])],
                 [const("step", np.int64(4)),
                  const("window", np.hanning(8).astype(np.float32))], opset=17)


def roi_align():
    node = helper.make_node("RoiAlign", ["x", "rois", "batch"], ["y"], output_height=2,
                            output_width=3, sampling_ratio=2, spatial_scale=0.5)
    return model([node], [value("x", F, [2, 3, 8, 8]), value("rois", F, [4, 4]),
                          value("batch", I64, [4])], [value("y", F, [4, 3, 2, 3])], opset=16)


def compaction():
    nodes = [helper.make_node("NonZero", ["x"], ["nz"]),
             helper.make_node("Compress", ["x", "keep"], ["c"], axis=1),
             helper.make_node("Unique", ["v"], ["u", "first", "inverse", "counts"], sorted=0)]
    return model(nodes, [value("x", F, [2, 3]), value("keep", TensorProto.BOOL, [3]),
                         value("v", F, [5])],
                 [value("nz", I64, [2, "n"]), value("c", F, [2, "m"]), value("u", F, ["k"]),
                  value("first", I64, ["k"]), value("inverse", I64, [5]),
                  value("counts", I64, ["k"])], opset=11)


def nms():
    node = helper.make_node("NonMaxSuppression", ["boxes", "scores", "limit", "iou"], ["sel"])
    return model([node], [value("boxes", F, [1, 3, 4]), value("scores", F, [1, 1, 3])],
                 [value("sel", I64, ["n", 3])],
                 [const("limit", np.array([3], np.int64)),
                  const("iou", np.array([0.5], np.float32))], opset=11)


def gemm_matmul():
    nodes = [
        helper.make_node("Gemm", ["a", "w", "c"], ["g"], transB=1, alpha=0.5, beta=2.0),
        helper.make_node("MatMul", ["x", "y"], ["m"]),
    ]
    return model(nodes,
                 [value("a", F, [2, 3]), value("x", F, [5, 2, 3, 4]), value("y", F, [2, 4, 6])],
                 [value("g", F, [2, 4]), value("m", F, [5, 2, 3, 6])],
                 [const("w", np.ones((4, 3), np.float32)), const("c", np.ones(4, np.float32))])


def batchnorm():
    c = 3
    inits = [const("s", np.full(c, 2, np.float32)), const("b", np.full(c, 0.5, np.float32)),
             const("mean", np.arange(c, dtype=np.float32)), const("var", np.ones(c, np.float32))]
    node = helper.make_node("BatchNormalization", ["x", "s", "b", "mean", "var"], ["y"],
                            epsilon=1e-5)
    return model([node], [value("x", F, ["N", c, 4, 4])], [value("y", F, ["N", c, 4, 4])], inits)


def softmax_opset11():
    return model([helper.make_node("Softmax", ["x"], ["y"])], [value("x", F, [2, 3, 4])],
                 [value("y", F, [2, 3, 4])], opset=11)


def softmax_opset13():
    return model([helper.make_node("Softmax", ["x"], ["y"])], [value("x", F, [2, 3, 4])],
                 [value("y", F, [2, 3, 4])], opset=13)


def layernorm():
    node = helper.make_node("LayerNormalization", ["x", "s", "b"], ["y"], axis=-1, epsilon=1e-5)
    return model([node], [value("x", F, [2, 5, 8])], [value("y", F, [2, 5, 8])],
                 [const("s", np.ones(8, np.float32)), const("b", np.zeros(8, np.float32))],
                 opset=17)


def shape_subgraph():
    # What torch writes for x.view(x.size(0), -1).
    nodes = [
        helper.make_node("Shape", ["x"], ["shape"]),
        helper.make_node("Gather", ["shape", "zero"], ["batch"], axis=0),
        helper.make_node("Unsqueeze", ["batch", "axes"], ["batch1"]),
        helper.make_node("Concat", ["batch1", "minus_one"], ["target"], axis=0),
        helper.make_node("Reshape", ["x", "target"], ["y"]),
    ]
    return model(nodes, [value("x", F, [2, 3, 4])], [value("y", F, [2, 12])],
                 [const("zero", np.int64(0)), const("axes", np.array([0], np.int64)),
                  const("minus_one", np.array([-1], np.int64))])


def flatten_dynamic():
    return model([helper.make_node("Flatten", ["x"], ["y"])], [value("x", F, ["N", 3, 4])],
                 [value("y", F, ["N", 12])])


def slice_concat():
    nodes = [
        helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"], ["s"]),
        helper.make_node("Concat", ["s", "s"], ["y"], axis=0),
    ]
    return model(nodes, [value("x", F, [4, 6])], [value("y", F, [4, 3])],
                 [const("starts", np.array([-1, 0], np.int64)),
                  const("ends", np.array([-100, 6], np.int64)),
                  const("axes", np.array([1, 0], np.int64)),
                  const("steps", np.array([-2, 2], np.int64))])


def unsqueeze_opset11():
    return model([helper.make_node("Unsqueeze", ["x"], ["y"], axes=[0, -1])],
                 [value("x", F, [3])], [value("y", F, [1, 3, 1])], opset=11)


def reductions():
    nodes = [
        helper.make_node("ReduceMean", ["x"], ["m"], axes=[-1], keepdims=1),
        helper.make_node("ReduceSum", ["x", "axes"], ["s"], keepdims=0),
        helper.make_node("ArgMax", ["x"], ["i"], axis=1, keepdims=0),
    ]
    return model(nodes, [value("x", F, [2, 3, 4])],
                 [value("m", F, [2, 3, 1]), value("s", F, [4]), value("i", I64, [2, 4])],
                 [const("axes", np.array([0, 1], np.int64))])


def gather():
    node = helper.make_node("Gather", ["data", "idx"], ["y"], axis=1)
    return model([node], [value("data", F, [3, 5]), value("idx", I64, [2, 2])],
                 [value("y", F, [3, 2, 2])])


def resize_nearest():
    node = helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="nearest",
                            coordinate_transformation_mode="asymmetric", nearest_mode="floor")
    return model([node], [value("x", F, [1, 1, 2, 3])], [value("y", F, [1, 1, 4, 6])],
                 [const("scales", np.array([1, 1, 2, 2], np.float32))])


def resize_linear():
    node = helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear")
    return model([node], [value("x", F, [1, 1, 2, 2])], [value("y", F, [1, 1, 4, 4])],
                 [const("scales", np.array([1, 1, 2, 2], np.float32))])


def resize_cubic_sizes():
    node = helper.make_node("Resize", ["x", "", "", "sizes"], ["y"], mode="cubic",
                            coordinate_transformation_mode="align_corners")
    return model([node], [value("x", F, [1, 1, 4, 4])], [value("y", F, [1, 1, 3, 4])],
                 [const("sizes", np.array([1, 1, 3, 4], np.int64))])


def resize_nearest_down():
    node = helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="nearest")
    return model([node], [value("x", F, [1, 1, 2, 4])], [value("y", F, [1, 1, 1, 2])],
                 [const("scales", np.array([1, 1, 0.6, 0.6], np.float32))])


def reshape_shape_input():
    return model([helper.make_node("Reshape", ["x", "shape"], ["y"])],
                 [value("x", F, [2, 3]), value("shape", I64, [2])], [value("y", F, ["a", "b"])],
                 opset=14)


def pad_modes():
    nodes = [helper.make_node("Pad", ["x", "pads"], ["r"], mode="reflect"),
             helper.make_node("Pad", ["x", "pads"], ["e"], mode="edge")]
    return model(nodes, [value("x", F, [3, 4])], [value("r", F, [3, 7]), value("e", F, [3, 7])],
                 [const("pads", np.array([0, 2, 0, 1], np.int64))])


def lrn_mvn():
    nodes = [helper.make_node("LRN", ["x"], ["l"], size=3),
             helper.make_node("MeanVarianceNormalization", ["x"], ["m"])]
    return model(nodes, [value("x", F, [1, 4, 2, 2])],
                 [value("l", F, [1, 4, 2, 2]), value("m", F, [1, 4, 2, 2])])


def grid_sample():
    node = helper.make_node("GridSample", ["x", "grid"], ["y"], mode="bilinear",
                            padding_mode="border")
    return model([node], [value("x", F, [1, 2, 3, 4]), value("grid", F, [1, 2, 5, 2])],
                 [value("y", F, [1, 2, 2, 5])], opset=16)


def windows():
    nodes = [helper.make_node("HannWindow", ["n"], ["hann"]),
             helper.make_node("BlackmanWindow", ["n"], ["blackman"], periodic=0)]
    return model(nodes, [value("x", F, [1])],
                 [value("hann", F, [4]), value("blackman", F, [4])],
                 [const("n", np.int64(4))], opset=17)


def reverse_sequence():
    node = helper.make_node("ReverseSequence", ["x", "lens"], ["y"], time_axis=1, batch_axis=0)
    return model([node], [value("x", F, [2, 4]), value("lens", I64, [2])],
                 [value("y", F, [2, 4])], opset=10)


def scan_opset8():
    body = helper.make_graph(
        [helper.make_node("Add", ["s", "x"], ["s_out"]),
         helper.make_node("Identity", ["s_out"], ["y"])], "body",
        [value("s", F, [2]), value("x", F, [2])], [value("s_out", F, [2]), value("y", F, [2])])
    node = helper.make_node("Scan", ["", "init", "xs"], ["final", "ys"], body=body,
                            num_scan_inputs=1)
    return model([node], [value("init", F, [2, 2]), value("xs", F, [2, 3, 2])],
                 [value("final", F, [2, 2]), value("ys", F, [2, 3, 2])], opset=8)


def cumsum():
    nodes = [helper.make_node("CumSum", ["x", "one"], ["rows"]),
             helper.make_node("CumSum", ["x", "zero"], ["back"], exclusive=1, reverse=1)]
    return model(nodes, [value("x", F, [2, 3])], [value("rows", F, [2, 3]),
                                                 value("back", F, [2, 3])],
                 [const("one", np.int64(1)), const("zero", np.int64(0))], opset=14)


def top_k():
    nodes = [helper.make_node("TopK", ["x", "k"], ["big", "big_at"]),
             helper.make_node("TopK", ["x", "k"], ["small", "small_at"], largest=0)]
    return model(nodes, [value("x", F, [2, 4])],
                 [value("big", F, [2, 2]), value("big_at", I64, [2, 2]),
                  value("small", F, [2, 2]), value("small_at", I64, [2, 2])],
                 [const("k", np.array([2], np.int64))], opset=11)


def one_hot():
    return model([helper.make_node("OneHot", ["i", "depth", "v"], ["y"])],
                 [value("i", I64, [3])], [value("y", F, [3, 3])],
                 [const("depth", np.int64(3)), const("v", np.array([0, 5], np.float32))],
                 opset=11)


def unsupported_op():
    return model([helper.make_node("Bernoulli", ["x"], ["y"], name="coin")],
                 [value("x", F, [4])], [value("y", F, [4])], opset=15)


def undefined_input():
    m = model([helper.make_node("Relu", ["nowhere"], ["y"], name="relu")],
              [value("x", F, [2])], [value("y", F, [2])])
    return m


B = TensorProto.BOOL


def if_branches():
    """Branches that read the enclosing graph's x (outer-scope values)."""
    then_graph = helper.make_graph(
        [helper.make_node("Add", ["x", "one"], ["then_out"])], "then", [],
        [value("then_out", F, [3])], [const("one", np.float32(1))])
    else_graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "x"], ["else_out"])], "else", [],
        [value("else_out", F, [3])])
    nodes = [helper.make_node("If", ["c"], ["y"], name="if",
                              then_branch=then_graph, else_branch=else_graph)]
    return model(nodes, [value("c", B, []), value("x", F, [3])], [value("y", F, [3])])


def if_constant():
    """A condition known when the model is read: the branch taken is inlined."""
    then_graph = helper.make_graph([helper.make_node("Neg", ["x"], ["t"])], "then", [],
                                   [value("t", F, [3])])
    else_graph = helper.make_graph([helper.make_node("Abs", ["x"], ["e"])], "else", [],
                                   [value("e", F, [3])])
    nodes = [helper.make_node("If", ["c"], ["y"], then_branch=then_graph,
                              else_branch=else_graph)]
    return model(nodes, [value("x", F, [3])], [value("y", F, [3])],
                 [const("c", np.array(False))])


def loop_scan_outputs():
    """4 iterations (M a constant, no condition): y += step * i, each y kept."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond_in"], ["cond_out"]),
         helper.make_node("Cast", ["i"], ["fi"], to=F),
         helper.make_node("Mul", ["fi", "step"], ["inc"]),
         helper.make_node("Add", ["y_in", "inc"], ["y_out"]),
         helper.make_node("Identity", ["y_out"], ["scan"])],
        "body", [value("i", I64, []), value("cond_in", B, []), value("y_in", F, [2])],
        [value("cond_out", B, []), value("y_out", F, [2]), value("scan", F, [2])])
    nodes = [helper.make_node("Loop", ["m", "", "y0"], ["y", "ys"], name="loop", body=body)]
    return model(nodes, [value("y0", F, [2]), value("step", F, [2])],
                 [value("y", F, [2]), value("ys", F, [4, 2])], [const("m", np.int64(4))])


def loop_while():
    """No trip count: doubles y while it is below the limit (a run-time condition)."""
    body = helper.make_graph(
        [helper.make_node("Add", ["y_in", "y_in"], ["y_out"]),
         helper.make_node("Less", ["y_out", "limit"], ["cond_out"])],
        "body", [value("i", I64, []), value("cond_in", B, []), value("y_in", F, [])],
        [value("cond_out", B, []), value("y_out", F, [])])
    nodes = [helper.make_node("Less", ["y0", "limit"], ["c0"]),
             helper.make_node("Loop", ["", "c0", "y0"], ["y"], body=body)]
    return model(nodes, [value("y0", F, []), value("limit", F, [])], [value("y", F, [])])


def loop_scan_runtime_count():
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond_in"], ["cond_out"]),
         helper.make_node("Identity", ["y_in"], ["y_out"]),
         helper.make_node("Identity", ["y_in"], ["scan"])],
        "body", [value("i", I64, []), value("cond_in", B, []), value("y_in", F, [2])],
        [value("cond_out", B, []), value("y_out", F, [2]), value("scan", F, [2])])
    nodes = [helper.make_node("Loop", ["m", "", "y0"], ["y", "ys"], name="loop", body=body)]
    return model(nodes, [value("m", I64, []), value("y0", F, [2])],
                 [value("y", F, [2]), value("ys", F, ["n", 2])])


def scan_reverse():
    """A running sum over axis 1 of x [2, 3], backwards; outputs along axis 1."""
    body = helper.make_graph(
        [helper.make_node("Add", ["s_in", "xt"], ["s_out"]),
         helper.make_node("Identity", ["s_out"], ["scan"])],
        "body", [value("s_in", F, [2]), value("xt", F, [2])],
        [value("s_out", F, [2]), value("scan", F, [2])])
    nodes = [helper.make_node("Scan", ["s0", "x"], ["s", "ys"], name="scan", body=body,
                              num_scan_inputs=1, scan_input_axes=[1],
                              scan_input_directions=[1], scan_output_axes=[1])]
    return model(nodes, [value("s0", F, [2]), value("x", F, [2, 3])],
                 [value("s", F, [2]), value("ys", F, [2, 3])])


def scan_dynamic():
    """A running sum over a sequence of run-time length."""
    body = helper.make_graph(
        [helper.make_node("Add", ["s_in", "xt"], ["s_out"]),
         helper.make_node("Identity", ["s_out"], ["scan"])],
        "body", [value("s_in", F, [2]), value("xt", F, [2])],
        [value("s_out", F, [2]), value("scan", F, [2])])
    nodes = [helper.make_node("Scan", ["s0", "x"], ["s", "ys"], body=body, num_scan_inputs=1)]
    return model(nodes, [value("s0", F, [2]), value("x", F, ["T", 2])],
                 [value("s", F, [2]), value("ys", F, ["T", 2])])


U8 = TensorProto.UINT8
I8 = TensorProto.INT8


def quantize_per_axis():
    """int8 per-axis (axis 1) quantization of x [2, 3] and back."""
    nodes = [helper.make_node("QuantizeLinear", ["x", "scale", "zp"], ["q"], name="q", axis=1),
             helper.make_node("DequantizeLinear", ["q", "scale", "zp"], ["d"], axis=1)]
    return model(nodes, [value("x", F, [2, 3])], [value("q", I8, [2, 3]), value("d", F, [2, 3])],
                 [const("scale", np.array([1, 0.5, 2], np.float32)),
                  const("zp", np.array([0, 1, -2], np.int8))])


def qlinear_matmul():
    nodes = [helper.make_node("QLinearMatMul", ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp",
                                                "y_scale", "y_zp"], ["y"])]
    return model(nodes, [value("a", U8, [2, 2])], [value("y", U8, [2, 2])],
                 [const("a_scale", np.float32(0.5)), const("a_zp", np.uint8(10)),
                  const("b", np.array([[1, 2], [3, 4]], np.uint8)),
                  const("b_scale", np.float32(1)), const("b_zp", np.uint8(0)),
                  const("y_scale", np.float32(2)), const("y_zp", np.uint8(5))], opset=10)


def conv_integer():
    nodes = [helper.make_node("ConvInteger", ["x", "w", "x_zp"], ["y"])]
    return model(nodes, [value("x", U8, [1, 1, 3, 3])], [value("y", TensorProto.INT32, [1, 1, 2, 2])],
                 [const("w", np.ones((1, 1, 2, 2), np.uint8)), const("x_zp", np.uint8(1))],
                 opset=10)


def einsum_ellipsis():
    """A batch diagonal ("...ii->...i") and an implicit batched product."""
    nodes = [helper.make_node("Einsum", ["x"], ["d"], equation="...ii->...i"),
             helper.make_node("Einsum", ["a", "b"], ["p"], equation="...ij,...jk")]
    return model(nodes, [value("x", F, [2, 2, 2]), value("a", F, [2, 1, 2]),
                         value("b", F, [2, 2, 1])],
                 [value("d", F, [2, 2]), value("p", F, [2, 1, 1])], opset=12)


def nll_loss():
    nodes = [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t", "w"], ["loss"],
                              ignore_index=1)]
    return model(nodes, [value("x", F, [2, 3]), value("t", I64, [2])], [value("loss", F, [])],
                 [const("w", np.array([1, 2, 3], np.float32))])


def softmax_cross_entropy():
    nodes = [helper.make_node("SoftmaxCrossEntropyLoss", ["x", "t"], ["loss", "log_prob"],
                              reduction="none")]
    return model(nodes, [value("x", F, [2, 2]), value("t", I64, [2])],
                 [value("loss", F, [2]), value("log_prob", F, [2, 2])])


MODELS = {f.__name__: f for f in [
    nll_loss, softmax_cross_entropy,
    einsum_ellipsis,
    quantize_per_axis, qlinear_matmul, conv_integer,
    if_branches, if_constant, loop_scan_outputs, loop_while, loop_scan_runtime_count,
    scan_reverse, scan_dynamic,
    add_broadcast, add_dynamic, pow_square, where_cast_clip, activations, conv_group_bias,
    conv_same_upper, conv_transpose, pooling, gemm_matmul, batchnorm, softmax_opset11,
    softmax_opset13, layernorm, shape_subgraph, flatten_dynamic, slice_concat,
    unsqueeze_opset11, reductions, gather, resize_nearest, cumsum, top_k, one_hot,
    unsupported_op, undefined_input, resize_linear, resize_cubic_sizes, resize_nearest_down,
    reshape_shape_input, pad_modes, lrn_mvn, grid_sample, windows, reverse_sequence,
    scan_opset8, maxpool_indices, det, dft_stft, roi_align, compaction, nms]}


def main():
    name, out = sys.argv[1], sys.argv[2]
    m = MODELS[name]()
    with open(out, "wb") as f:
        f.write(m.SerializeToString())


if __name__ == "__main__":
    main()

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
    return model([helper.make_node("NonMaxSuppression", ["b", "s"], ["y"], name="nms")],
                 [value("b", F, [1, 4, 4]), value("s", F, [1, 1, 4])],
                 [value("y", I64, [None, 3])], opset=11)


def undefined_input():
    m = model([helper.make_node("Relu", ["nowhere"], ["y"], name="relu")],
              [value("x", F, [2])], [value("y", F, [2])])
    return m


MODELS = {f.__name__: f for f in [
    add_broadcast, add_dynamic, pow_square, where_cast_clip, activations, conv_group_bias,
    conv_same_upper, conv_transpose, pooling, gemm_matmul, batchnorm, softmax_opset11,
    softmax_opset13, layernorm, shape_subgraph, flatten_dynamic, slice_concat,
    unsqueeze_opset11, reductions, gather, resize_nearest, cumsum, top_k, one_hot,
    unsupported_op, undefined_input]}


def main():
    name, out = sys.argv[1], sys.argv[2]
    m = MODELS[name]()
    with open(out, "wb") as f:
        f.write(m.SerializeToString())


if __name__ == "__main__":
    main()

"""Writes one hostile ONNX model: attributes libonnx's shape inference would
divide by zero with, sizes past a 64-bit count, negative sizes, subgraphs
nested past protobuf's recursion limit and bytes that are no protobuf.

Usage: hostile_models.py NAME OUT.onnx
"""
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def model(nodes, inputs, initializers=()):
    graph = helper.make_graph(
        nodes, "hostile",
        [helper.make_tensor_value_info(name, F, shape) for name, shape in inputs],
        [helper.make_tensor_value_info("y", F, ["n"])],
        initializer=list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


WEIGHTS = numpy_helper.from_array(np.ones((4, 2, 3, 3), np.float32), "w")
HUGE = numpy_helper.from_array(np.array([1 << 62, 4], np.int64), "shape")

MODELS = {
    "conv_stride0": lambda: model(
        [helper.make_node("Conv", ["x", "w"], ["y"], strides=[0, 1])],
        [("x", [1, 2, 8, 8])], [WEIGHTS]),
    "conv_group0": lambda: model(
        [helper.make_node("Conv", ["x", "w"], ["y"], group=0)],
        [("x", [1, 2, 8, 8])], [WEIGHTS]),
    "avgpool_stride0": lambda: model(
        [helper.make_node("AveragePool", ["x"], ["y"], kernel_shape=[2, 2], strides=[1, 0])],
        [("x", [1, 1, 4, 4])]),
    # In a subgraph: the If's branch is checked too.
    "if_conv_stride0": lambda: _if_model(),
    "reshape_huge": lambda: model(
        [helper.make_node("Reshape", ["x", "shape"], ["y"])], [("x", [8])],
        [numpy_helper.from_array(np.array([1 << 31, 1 << 31, 1 << 31], np.int64), "shape")]),
    "expand_huge": lambda: model(
        [helper.make_node("Expand", ["x", "shape"], ["y"])], [("x", [4])], [HUGE]),
    "negative_dim": lambda: model(
        [helper.make_node("Relu", ["x"], ["y"])], [("x", [2, -3])]),
    "nested_if": lambda: _nested_if_model(50),
}


def _nested_if_model(depth):
    """`depth` Ifs, each in the then-branch of the one before (3 protobuf
    levels each: graph, node, attribute)."""
    leaf = helper.make_graph([helper.make_node("Identity", ["x"], ["t"])], "leaf", [],
                             [helper.make_tensor_value_info("t", F, ["n"])])
    graph = leaf
    for level in range(depth):
        node = helper.make_node("If", ["c"], [f"t{level}"], then_branch=graph, else_branch=leaf)
        graph = helper.make_graph([node], f"level{level}", [],
                                  [helper.make_tensor_value_info(f"t{level}", F, ["n"])])
    node = helper.make_node("If", ["c"], ["y"], then_branch=graph, else_branch=leaf)
    graph = helper.make_graph(
        [node], "hostile",
        [helper.make_tensor_value_info("c", TensorProto.BOOL, []),
         helper.make_tensor_value_info("x", F, [4])],
        [helper.make_tensor_value_info("y", F, ["n"])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


class _Malformed:
    """A ModelProto's first field (ir_version 8), then a length-delimited
    field whose length runs past the end."""

    def SerializeToString(self):
        return b"\x08\x08\x3a\x7f\x0a\x01"


MODELS["malformed"] = _Malformed


def _if_model():
    then_branch = helper.make_graph(
        [helper.make_node("Conv", ["x", "w"], ["t"], strides=[0, 0])], "then", [],
        [helper.make_tensor_value_info("t", F, ["n"])])
    else_branch = helper.make_graph(
        [helper.make_node("Identity", ["x"], ["e"])], "else", [],
        [helper.make_tensor_value_info("e", F, ["n"])])
    graph = helper.make_graph(
        [helper.make_node("If", ["c"], ["y"], then_branch=then_branch, else_branch=else_branch)],
        "hostile",
        [helper.make_tensor_value_info("c", TensorProto.BOOL, []),
         helper.make_tensor_value_info("x", F, [1, 2, 8, 8])],
        [helper.make_tensor_value_info("y", F, ["n"])], initializer=[WEIGHTS])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


if __name__ == "__main__":
    name, out = sys.argv[1], sys.argv[2]
    with open(out, "wb") as f:
        f.write(MODELS[name]().SerializeToString())

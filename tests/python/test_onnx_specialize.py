"""oxla.compile on ONNX models whose shape-fixing inputs are graph inputs:
the importer names them, and the model is compiled for their values per call."""
import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper  # noqa: E402

import oxla  # noqa: E402


def _model(nodes, inputs, outputs, opset=14):
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model.SerializeToString()


def test_reshape_shape_input_is_specialized_per_value():
    data = _model([helper.make_node("Reshape", ["x", "shape"], ["y"])],
                  [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
                   helper.make_tensor_value_info("shape", TensorProto.INT64, [2])],
                  [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a", "b"])])
    exe = oxla.compile(data)
    x = np.arange(12, dtype=np.float32).reshape(2, 6)
    for shape in ([3, 4], [4, -1], [12, 1], [3, 4]):
        y = exe(x, np.array(shape, np.int64))
        np.testing.assert_array_equal(y, x.reshape(shape))
    # By name too; a wrong value is the importer's error, not a wrong result.
    np.testing.assert_array_equal(exe(shape=np.array([6, 2], np.int64), x=x), x.reshape(6, 2))
    with pytest.raises(oxla.InvalidArgumentError):
        exe(x, np.array([5, 5], np.int64))


def test_inputs_named_in_turn_are_all_bound():
    # TopK's K and, after it, Unsqueeze's axes: two inputs the importer asks for.
    data = _model([helper.make_node("TopK", ["x", "k"], ["v", "i"]),
                   helper.make_node("Unsqueeze", ["v", "axes"], ["y"])],
                  [helper.make_tensor_value_info("x", TensorProto.FLOAT, [5]),
                   helper.make_tensor_value_info("k", TensorProto.INT64, [1]),
                   helper.make_tensor_value_info("axes", TensorProto.INT64, [1])],
                  [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a", "b"])], opset=13)
    exe = oxla.compile(data)
    x = np.array([3, 1, 4, 1, 5], np.float32)
    y = exe(x, np.array([2], np.int64), np.array([0], np.int64))
    np.testing.assert_array_equal(y, [[5, 4]])
    y = exe(x, np.array([3], np.int64), np.array([1], np.int64))
    np.testing.assert_array_equal(y, [[5], [4], [3]])

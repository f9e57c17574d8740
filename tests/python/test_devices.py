"""oxla.compile(src, devices=N): sharded programs partitioned over N virtual CPU
devices, called with global arrays or with every device's shards."""

import numpy as np
import pytest

import oxla
from conftest import ROOT

SHARED = ROOT.parent / "shared" / "sharding" / "programs"

# Rows of x split over "x" (5 rows: the last shard is padded); the column
# sums need every device's rows.
SHARDED = """
sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<5x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %w: tensor<2x3xi32>)
    -> (tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<3xi32>) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<5x2xi32>, tensor<2x3xi32>) -> tensor<5x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [0]
      : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
  return %p, %s : tensor<5x3xi32>, tensor<3xi32>
}
"""

X = np.arange(1, 11, dtype=np.int32).reshape(5, 2)
W = np.array([[1, 0, -1], [2, 1, 0]], dtype=np.int32)


@pytest.mark.parametrize("interpret", [False, True])
def test_global_arrays_in_and_out(interpret):
    exe = (oxla.interpret_executable(SHARDED, devices=2) if interpret
           else oxla.compile(SHARDED, devices=2, threads=2))
    product, sums = exe(X, W)
    np.testing.assert_array_equal(product, X @ W)
    np.testing.assert_array_equal(sums, (X @ W).sum(axis=0))


def test_shardings_describe_the_shards():
    exe = oxla.compile(SHARDED, devices=2)
    shardings = exe.shardings
    assert shardings.devices == 2
    assert shardings.arguments == ['<mesh<["x"=2]>, [{"x"}, {}]>', None]
    assert shardings.results == ['<mesh<["x"=2]>, [{"x"}, {}]>', None]
    assert shardings.argument_shard_types == ["3x2xi32", "2x3xi32"]
    assert shardings.result_shard_types == ["3x3xi32", "3xi32"]
    # Only the global-view function is exposed.
    assert exe.functions == ["main"]
    assert exe.signature == "(5x2xi32, 2x3xi32) -> (5x3xi32, 3xi32)"


@pytest.mark.parametrize("interpret", [False, True])
def test_shards_in_and_out(interpret):
    exe = (oxla.interpret_executable(SHARDED, devices=2) if interpret
           else oxla.compile(SHARDED, devices=2))
    padded = np.concatenate([X, np.zeros((1, 2), np.int32)])
    results = exe.call_sharded([[padded[:3], W], [padded[3:], W]])
    assert len(results) == 2
    expected = X @ W
    np.testing.assert_array_equal(results[0][0], expected[:3])
    np.testing.assert_array_equal(results[1][0][:2], expected[3:])
    for device in range(2):
        np.testing.assert_array_equal(results[device][1], expected.sum(axis=0))


def test_wrong_shards_are_refused():
    exe = oxla.compile(SHARDED, devices=2)
    with pytest.raises(TypeError, match="runs on 2 device"):
        exe.call_sharded([[X[:3], W]])
    with pytest.raises(TypeError, match="takes 2 argument"):
        exe.call_sharded([[X[:3]], [X[3:], W]])
    # A global array where a shard is expected.
    with pytest.raises(oxla.InvalidArgumentError, match="5x2xi32, but 3x2xi32 is expected"):
        exe.call_sharded([[X, W], [X[:3], W]])


def test_program_needs_its_device_count():
    with pytest.raises(oxla.UnsupportedError, match="program needs 2 devices"):
        oxla.compile(SHARDED)
    with pytest.raises(oxla.UnsupportedError, match="sharded over 2 devices, not the 4"):
        oxla.compile(SHARDED, devices=4)
    with pytest.raises(ValueError, match="devices must be between 1 and 4096"):
        oxla.compile(SHARDED, devices=0)


def test_unsharded_program_on_several_devices():
    exe = oxla.compile("""
      func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = stablehlo.add %a, %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }""", devices=2)
    assert exe.shardings.devices == 1
    assert exe.shardings.arguments == [None]
    np.testing.assert_array_equal(exe(np.arange(4, dtype=np.float32)),
                                  2 * np.arange(4, dtype=np.float32))


def test_shared_mlp_data_and_model_parallel():
    path = SHARED / "07_mlp_shardy.mlir"
    if not path.is_file():
        pytest.skip(f"{path} is missing")
    exe = oxla.compile(path, devices=4, threads=4)
    rng = np.random.default_rng(7)
    x = rng.standard_normal((16, 32), dtype=np.float32)
    w1 = rng.standard_normal((32, 64), dtype=np.float32)
    b1 = rng.standard_normal(64, dtype=np.float32)
    w2 = rng.standard_normal((64, 32), dtype=np.float32)
    b2 = rng.standard_normal(32, dtype=np.float32)
    expected = np.maximum(x @ w1 + b1, 0) @ w2 + b2
    np.testing.assert_allclose(exe(x, w1, b1, w2, b2), expected, rtol=1e-4, atol=1e-4)
    assert exe.shardings.argument_shard_types == ["8x32xf32", "32x32xf32", "32xf32",
                                                  "32x32xf32", "32xf32"]

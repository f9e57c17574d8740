"""The oxla Python API on hostile inputs: sizes beyond memory (MemoryError, not a
killed process), sizes that overflow, `?` sizes that contradict the program."""

import subprocess

import numpy as np
import pytest

import oxla

# A result of 2^49 bytes: no machine has that much memory.
HUGE_RESULT = """
func.func @main(%a: tensor<f32>) -> tensor<70368744177664x2xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<70368744177664x2xf32>
  return %0 : tensor<70368744177664x2xf32>
}
"""

# A result whose size does not fit in 64 bits is an invalid program.
OVERFLOWING_RESULT = HUGE_RESULT.replace("70368744177664x2", "4294967296x4294967296")


def test_result_beyond_memory_is_memory_error():
    exe = oxla.compile(HUGE_RESULT)
    with pytest.raises(MemoryError, match="cannot allocate 562949953421312 bytes") as info:
        exe(np.float32(1))
    assert isinstance(info.value, oxla.OutOfMemoryError)
    assert isinstance(info.value, oxla.Error)


def test_interpreted_temporaries_beyond_memory_are_memory_error():
    # The interpreter asks for a large result's bytes before the op runs: the
    # process goes on, and the executable runs again.
    exe = oxla.interpret_executable(HUGE_TEMPORARY)
    with pytest.raises(oxla.OutOfMemoryError,
                       match=r"<input>:3:8: error: out of memory: cannot allocate "
                             r"562949953421312 bytes for a result of type "
                             r"tensor<70368744177664x2xf32>"):
        exe(np.float32(1))
    with pytest.raises(oxla.OutOfMemoryError):
        exe(np.float32(2))


# Temporaries of 2^49 bytes: the entry's arena (issue 33's buffer plan) cannot be had.
HUGE_TEMPORARY = """
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<70368744177664x2xf32>
  %c = stablehlo.exponential %b : tensor<70368744177664x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%c init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<70368744177664x2xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
"""


def test_temporaries_beyond_memory_are_memory_error():
    exe = oxla.compile(HUGE_TEMPORARY)
    with pytest.raises(oxla.OutOfMemoryError, match=r"cannot allocate \d+ bytes for @main's arena"):
        exe(np.float32(1))
    # The process and the executable stay usable.
    small = oxla.compile(HUGE_TEMPORARY.replace("70368744177664x2", "4x2"))
    assert small(np.float32(0)) == 8


# A temporary whose size comes from the arguments (`?`): allocated by the compiled code
# on every call, n x n floats.
DYNAMIC_TEMPORARY = """
func.func @main(%a: tensor<?x1xf32>) -> tensor<f32> {
  %p = stablehlo.dot_general %a, %a, contracting_dims = [1] x [1] : (tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %c = stablehlo.exponential %p : tensor<?x?xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%c init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
"""


def test_compiled_code_out_of_memory_is_memory_error():
    exe = oxla.compile(DYNAMIC_TEMPORARY)
    assert exe(np.zeros((4, 1), np.float32)) == 16
    # 10^7 x 10^7 floats: 4 * 10^14 bytes.
    with pytest.raises(oxla.OutOfMemoryError, match="compiled code could not allocate 4000000000000"):
        exe(np.zeros((10_000_000, 1), np.float32))
    # The call was abandoned cleanly: the same executable runs again.
    assert exe(np.zeros((3, 1), np.float32)) == 9


def test_size_overflow_is_invalid_program():
    with pytest.raises(oxla.InvalidArgumentError, match="has more elements than a 64-bit size counts"):
        oxla.compile(OVERFLOWING_RESULT)


# `?` sizes that an op needs equal.
DYNAMIC_ADD = """
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<?xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%s init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
"""


@pytest.mark.parametrize("make", [oxla.compile, oxla.interpret_executable])
def test_dynamic_sizes_checked_against_each_other(make):
    exe = make(DYNAMIC_ADD)
    assert exe(np.ones(3, np.float32), np.ones(3, np.float32)) == 6
    with pytest.raises(oxla.InvalidArgumentError, match="'stablehlo.add' op"):
        exe(np.ones(3, np.float32), np.ones(2, np.float32))


def test_dynamic_sizes_checked_in_aot_modules(tmp_path, oxla_compile_tool):
    # An AOT module keeps its `?` sizes: its code checks them itself
    # (oxla-check-dynamic-sizes), and the call is refused, not run on a
    # second operand shorter than the first.
    source = tmp_path / "add.mlir"
    source.write_text(DYNAMIC_ADD)
    module = tmp_path / "add.so"
    subprocess.run([str(oxla_compile_tool), str(source), "-o", str(module)], check=True)
    exe = oxla.load(str(module))
    with pytest.raises(oxla.InvalidArgumentError,
                       match=r"add.mlir:3:8: error: 'stablehlo.add' op \(C1\) requires operands "
                             r"and results of one shape, but dimension 0 is 3 in operand #0 and "
                             r"2 in operand #1"):
        exe(np.ones(3, np.float32), np.ones(2, np.float32))
    # The module stays usable.
    assert exe(np.ones(4, np.float32), np.ones(4, np.float32)) == 8

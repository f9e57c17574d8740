"""The oxla Python API on small programs: calls, dtypes, errors, IR, async, AOT."""

import os
import pathlib
import subprocess
import threading

import numpy as np
import pytest

import oxla
from conftest import conformance_dir

ADD = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""

# Sum and difference: two results.
SUM_DIFF = """
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = stablehlo.add %a, %b : tensor<4xi32>
  %1 = stablehlo.subtract %a, %b : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}
"""

# a * x + y with a scalar a.
SAXPY = """
func.func @main(%a: tensor<f32>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.multiply %0, %x : tensor<4xf32>
  %2 = stablehlo.add %1, %y : tensor<4xf32>
  return %2 : tensor<4xf32>
}
"""

TWO_FUNCTIONS = """
func.func public @double(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = stablehlo.add %a, %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func public @negate(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = stablehlo.negate %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
"""

# A failing check: 1 + 1 is not 3.
FAILING_CHECK = """
func.func @main() -> tensor<2xi32> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %0 = stablehlo.add %a, %a : tensor<2xi32>
  stablehlo.custom_call @check.expect_eq(%0, %b) {has_side_effect = true}
      : (tensor<2xi32>, tensor<2xi32>) -> ()
  return %0 : tensor<2xi32>
}
"""

PASSING_CHECK = FAILING_CHECK.replace("[3, 4]", "[2, 4]")


def binary(op, type_):
    """A @main applying `op` elementwise to two tensor<4x`type_`>."""
    t = f"tensor<4x{type_}>"
    return (f"func.func @main(%a: {t}, %b: {t}) -> {t} {{\n"
            f"  %0 = stablehlo.{op} %a, %b : {t}\n"
            f"  return %0 : {t}\n}}\n")


@pytest.fixture(scope="module")
def add():
    return oxla.compile(ADD)


def test_add(add):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 0.5, np.float32)
    out = add(a, b)
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.float32 and out.shape == (2, 3)
    np.testing.assert_array_equal(out, a + b)
    # The result owns its memory: a second call does not overwrite it.
    again = add(b, b)
    np.testing.assert_array_equal(out, a + b)
    np.testing.assert_array_equal(again, b + b)
    out[0, 0] = 42  # results are writable
    assert out[0, 0] == 42


def test_signature_and_functions(add):
    assert add.functions == ["main"]
    assert add.signature == "(2x3xf32, 2x3xf32) -> (2x3xf32)"
    assert add["main"].argument_types == ["2x3xf32", "2x3xf32"]
    assert add.function("main").result_types == ["2x3xf32"]
    assert "main" in add


def test_multiple_results():
    exe = oxla.compile(SUM_DIFF)
    a = np.array([1, 2, 3, 4], np.int32)
    b = np.array([10, 20, 30, 40], np.int32)
    out = exe(a, b)
    assert isinstance(out, tuple) and len(out) == 2
    np.testing.assert_array_equal(out[0], a + b)
    np.testing.assert_array_equal(out[1], a - b)


def test_no_results():
    exe = oxla.compile(PASSING_CHECK.replace("-> tensor<2xi32>", "")
                       .replace("return %0 : tensor<2xi32>", "return"))
    assert exe.signature == "() -> ()"
    assert exe() is None


def test_scalars():
    exe = oxla.compile(SAXPY)
    x = np.array([1, 2, 3, 4], np.float32)
    y = np.array([10, 20, 30, 40], np.float32)
    np.testing.assert_array_equal(exe(2.0, x, y), 2 * x + y)
    np.testing.assert_array_equal(exe(3, x, y), 3 * x + y)  # an int for f32
    np.testing.assert_array_equal(exe(np.float32(0.5), x, y), 0.5 * x + y)
    np.testing.assert_array_equal(exe(np.array(-1, np.float32), x, y), y - x)
    # Lists convert like scalars.
    np.testing.assert_array_equal(exe(1.0, [1, 2, 3, 4], y), x + y)


def test_scalar_that_does_not_fit():
    exe = oxla.compile(binary("add", "i8"))
    with pytest.raises(TypeError, match="does not fit"):
        exe([300, 0, 0, 0], [0, 0, 0, 0])
    with pytest.raises(TypeError, match="float"):
        exe([1.5, 0, 0, 0], [0, 0, 0, 0])


def test_zero_dim_scalar_result():
    exe = oxla.compile("""
func.func @main(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.multiply %a, %b : tensor<i32>
  return %0 : tensor<i32>
}""")
    out = exe(6, 7)
    assert out.shape == () and out.dtype == np.int32 and int(out) == 42


@pytest.mark.parametrize("type_,dtype", [
    ("i8", np.int8), ("i16", np.int16), ("i32", np.int32), ("i64", np.int64),
    ("ui8", np.uint8), ("ui16", np.uint16), ("ui32", np.uint32), ("ui64", np.uint64),
])
def test_integer_round_trip(type_, dtype):
    exe = oxla.compile(binary("add", type_))
    info = np.iinfo(dtype)
    a = np.array([info.min, info.max, 3, 0], dtype)
    b = np.array([0, 0, 4, 1], dtype)
    out = exe(a, b)
    assert out.dtype == dtype
    np.testing.assert_array_equal(out, a + b)


def test_bool_round_trip():
    exe = oxla.compile(binary("and", "i1"))
    a = np.array([True, True, False, False])
    b = np.array([True, False, True, False])
    out = exe(a, b)
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, a & b)
    np.testing.assert_array_equal(exe([True] * 4, b), b)


@pytest.mark.parametrize("type_,dtype", [("complex<f32>", np.complex64),
                                         ("complex<f64>", np.complex128)])
def test_complex_round_trip(type_, dtype):
    exe = oxla.compile(binary("multiply", type_))
    a = np.array([1 + 2j, -3j, 0.5, 2 - 1j], dtype)
    b = np.array([3 - 1j, 1j, 4, 1 + 1j], dtype)
    out = exe(a, b)
    assert out.dtype == dtype
    np.testing.assert_allclose(out, a * b, rtol=1e-6)


def test_f16_round_trip():
    exe = oxla.compile(binary("add", "f16"))
    a = np.array([1.5, -2, 65504, 0.25], np.float16)
    b = np.array([0.5, 2, 0, 0.25], np.float16)
    out = exe(a, b)
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out, a + b)


def test_conversion_through_compiler_builtins():
    # f64 -> f16 calls __truncdfhf2, which the JIT must find from Python too.
    exe = oxla.compile("""
func.func @main(%a: tensor<4xf64>) -> tensor<4xf16> {
  %0 = stablehlo.convert %a : (tensor<4xf64>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}""")
    a = np.array([1.5, -2, 1e5, 0.1])
    np.testing.assert_array_equal(exe(a), np.array([1.5, -2, np.inf, 0.1], np.float16))


def test_bf16_as_uint16_bits():
    exe = oxla.compile(binary("add", "bf16"))
    assert oxla.dtype_of("4xbf16") == np.uint16
    a = oxla.float32_to_bfloat16([1.0, 2.5, -3.0, 256.0])
    b = oxla.float32_to_bfloat16([1.0, 0.5, 1.0, 1.0])
    assert a[0] == 0x3F80  # the bits of bf16 1.0
    out = exe(a, b)
    assert out.dtype == np.uint16
    # 256 + 1 rounds to 256 in bf16's 8-bit significand.
    np.testing.assert_array_equal(oxla.bfloat16_to_float32(out), [2.0, 3.0, -2.0, 256.0])
    # float lists convert to bf16 bits too.
    np.testing.assert_array_equal(exe([1.0, 2.5, -3.0, 256.0], b), out)
    with pytest.raises(TypeError, match="uint16"):
        exe(np.ones(4, np.float32), b)


def test_non_contiguous_arguments(add):
    big = np.arange(24, dtype=np.float32).reshape(4, 6)
    a = big[::2, ::2]  # 2x3, strided
    b = big[1::2, 1::2].T.T
    assert not a.flags.c_contiguous
    np.testing.assert_array_equal(add(a, b), a + b)
    np.testing.assert_array_equal(add(big[:2, :3].T.copy().T, b), big[:2, :3] + b)


def test_wrong_dtype_names_argument(add):
    a = np.zeros((2, 3), np.float32)
    with pytest.raises(TypeError) as info:
        add(a, np.zeros((2, 3), np.float64))
    message = str(info.value)
    assert "argument #1" in message and "float32" in message and "float64" in message


def test_wrong_argument_count(add):
    a = np.zeros((2, 3), np.float32)
    with pytest.raises(TypeError, match="takes 2 argument"):
        add(a)
    with pytest.raises(TypeError, match="takes 2 argument"):
        add(a, a, a)


def test_wrong_shape(add):
    a = np.zeros((3, 2), np.float32)
    with pytest.raises(oxla.InvalidArgumentError) as info:
        add(a, a)
    assert info.value.code == "INVALID_ARGUMENT"
    assert "2x3xf32" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_not_an_array(add):
    with pytest.raises(TypeError, match="numpy array"):
        add(object(), object())


def test_parse_error_is_located():
    with pytest.raises(oxla.Error) as info:
        oxla.compile("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                     "  %0 = stablehlo.bogus %a : tensor<4xf32>\n"
                     "  return %0 : tensor<4xf32>\n}\n", name="bad.mlir")
    error = info.value
    assert isinstance(error, RuntimeError)
    assert isinstance(error, oxla.InvalidArgumentError)
    assert error.code == "INVALID_ARGUMENT"
    assert "bad.mlir:2:" in str(error) and "error:" in str(error)


def test_default_source_name():
    with pytest.raises(oxla.Error, match=r"<input>:1:\d+: error"):
        oxla.compile("func.func @main( {")


def test_source_from_path(tmp_path):
    good = tmp_path / "add.mlir"
    good.write_text(ADD)
    a = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(oxla.compile(good)(a, a), a + a)
    np.testing.assert_array_equal(oxla.compile(str(good))(a, a), a + a)
    bad = tmp_path / "bad.mlir"
    bad.write_text("\n\nfunc.func @main( {\n")
    with pytest.raises(oxla.Error) as info:
        oxla.compile(bad)
    assert f"{bad}:3:" in str(info.value)


def test_missing_path(tmp_path):
    with pytest.raises(FileNotFoundError):
        oxla.compile(str(tmp_path / "missing.mlir"))
    with pytest.raises(FileNotFoundError):
        oxla.compile(tmp_path / "missing.mlir")


@pytest.mark.parametrize("make", [oxla.compile, oxla.interpret_executable])
@pytest.mark.parametrize("blank", ["", "  \t"])
def test_blank_source_is_an_empty_program(make, blank):
    # Not a path: an empty text has no function to run.
    with pytest.raises(oxla.InvalidArgumentError, match="no public function to run"):
        make(blank)


def test_source_as_bytes_and_bytecode(tmp_path):
    a = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(oxla.compile(ADD.encode())(a, a), a + a)
    text = tmp_path / "add.mlir"
    text.write_text(ADD)
    bytecode = tmp_path / "add.mlirbc"
    opt = pathlib.Path(os.environ.get("OXLA_TOOLS_DIR", "build/bin")) / "oxla-opt"
    if not opt.is_file():
        pytest.skip(f"{opt} is missing")
    subprocess.run([str(opt), str(text), "--emit-bytecode", "-o", str(bytecode)],
                   check=True)
    data = bytecode.read_bytes()
    assert data[:4] == b"ML\xefR"
    np.testing.assert_array_equal(oxla.compile(data)(a, a), a + a)


def test_portable_artifact():
    # Artifacts from the corpus, as stablehlo-translate --serialize wrote them
    # (upstream's vhlo bytecode), read back as stablehlo.
    vhlo = conformance_dir() / "vhlo"
    double = oxla.compile(vhlo / "vhlo_emit_version_api.1_1_0.mlir.bc")
    np.testing.assert_array_equal(double(np.float32(1.5)), np.float32(3.0))
    # A 1.6.0 artifact with every op; its custom calls have no kernels, so
    # one function runs in the interpreter.
    everything = (vhlo / "stablehlo_legalize_to_vhlo.1_6_0.mlir.bc").read_bytes()
    add = oxla.interpret_executable(everything, entries="op_add")
    np.testing.assert_array_equal(add(np.float32(1.5), np.float32(2.0)),
                                  np.float32(3.5))
    with pytest.raises(oxla.InvalidArgumentError,
                       match="corrupt portable artifact"):
        oxla.compile(everything[:1000])


def test_bad_source_type():
    with pytest.raises(TypeError, match="source"):
        oxla.compile(42)


def test_several_functions():
    exe = oxla.compile(TWO_FUNCTIONS)
    assert sorted(exe.functions) == ["double", "negate"]
    x = np.array([1, -2, 3], np.float64)
    np.testing.assert_array_equal(exe["double"](x), 2 * x)
    np.testing.assert_array_equal(exe.function("negate")(x), -x)
    with pytest.raises(TypeError, match="double.*negate|negate.*double"):
        exe(x)
    with pytest.raises(oxla.NotFoundError) as info:
        exe["nope"]
    assert info.value.code == "NOT_FOUND"
    only = oxla.compile(TWO_FUNCTIONS, entries=["negate"])
    assert only.functions == ["negate"]
    np.testing.assert_array_equal(only(x), -x)


def test_main_is_the_default_among_several():
    source = TWO_FUNCTIONS + ADD
    exe = oxla.compile(source, entries=["main", "double"])
    assert sorted(exe.functions) == ["double", "main"]
    assert exe.signature == "(2x3xf32, 2x3xf32) -> (2x3xf32)"


def test_as_text_stages(add):
    assert "stablehlo.add" in add.as_text("stablehlo")
    assert add.as_text() == add.as_text("stablehlo")
    linalg = add.as_text("linalg")
    assert "linalg.generic" in linalg and "arith.addf" in linalg
    assert "stablehlo.add" not in linalg
    assert "linalg.generic" in add.as_text("fused")
    assert "memref" in add.as_text("buffers")
    assert "llvm.func" in add.as_text("llvm-dialect")
    with pytest.raises(oxla.InvalidArgumentError, match="unknown stage"):
        add.as_text("bogus")


def test_check_failure():
    exe = oxla.compile(FAILING_CHECK)
    with pytest.raises(oxla.CheckFailedError) as info:
        exe()
    assert info.value.code == "CHECK_FAILED"
    assert isinstance(info.value, oxla.Error)
    np.testing.assert_array_equal(oxla.compile(PASSING_CHECK)(), [2, 4])


def test_interpret_matches_compile():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(oxla.interpret(ADD, a, b), oxla.compile(ADD)(a, b))
    x = np.array([5, 6, 7, 8], np.int32)
    y = np.array([1, 2, 3, 4], np.int32)
    for got, want in zip(oxla.interpret(SUM_DIFF, x, y), oxla.compile(SUM_DIFF)(x, y)):
        np.testing.assert_array_equal(got, want)
    z = np.array([0.5, 1.5, -2], np.float64)
    np.testing.assert_array_equal(oxla.interpret(TWO_FUNCTIONS, z, entry="negate"), -z)
    with pytest.raises(oxla.CheckFailedError):
        oxla.interpret(FAILING_CHECK)
    with pytest.raises(TypeError):
        oxla.interpret(ADD, a, b.astype(np.float64))


def test_async_call(add):
    a = np.ones((2, 3), np.float32)
    futures = [add.call_async(a, np.full((2, 3), i, np.float32)) for i in range(8)]
    for i, future in enumerate(futures):
        np.testing.assert_array_equal(future.result(timeout=60), a + i)
        assert future.done()
        np.testing.assert_array_equal(future.result(), a + i)  # kept
    failing = oxla.compile(FAILING_CHECK).call_async()
    with pytest.raises(oxla.CheckFailedError):
        failing.result()
    assert isinstance(failing.exception(), oxla.CheckFailedError)
    # The arguments are checked when the call starts.
    with pytest.raises(oxla.InvalidArgumentError):
        add.call_async(np.ones((3, 2), np.float32), np.ones((3, 2), np.float32))


def test_calls_from_threads(add):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    errors = []

    def work(k):
        try:
            for _ in range(20):
                np.testing.assert_array_equal(add(a, np.full_like(a, k)), a + k)
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors


def test_executable_outlives_python_references():
    function = oxla.compile(ADD)["main"]  # only the function is kept
    a = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(function(a, a), a + a)
    future = oxla.compile(ADD).call_async(a, a)
    np.testing.assert_array_equal(future.result(), a + a)


def test_load_aot_module(tmp_path, oxla_compile_tool):
    source = tmp_path / "saxpy.mlir"
    source.write_text(SAXPY)
    module = tmp_path / "saxpy.so"
    subprocess.run([str(oxla_compile_tool), str(source), "-o", str(module)], check=True)
    exe = oxla.load(module)
    assert exe.functions == ["main"]
    assert exe.signature == "(f32, 4xf32, 4xf32) -> (4xf32)"
    x = np.array([1, 2, 3, 4], np.float32)
    y = np.array([10, 20, 30, 40], np.float32)
    np.testing.assert_array_equal(exe(2.0, x, y), 2 * x + y)
    np.testing.assert_array_equal(exe.call_async(2.0, x, y).result(), 2 * x + y)


def test_load_refuses_changed_metadata(tmp_path, oxla_compile_tool):
    # The metadata says which shapes the runtime allocates; edited after
    # compiling, it no longer matches the code, which would read past them.
    source = tmp_path / "saxpy.mlir"
    source.write_text(SAXPY)
    module = tmp_path / "saxpy.so"
    subprocess.run([str(oxla_compile_tool), str(source), "-o", str(module)], check=True)
    data = module.read_bytes()
    assert data.count(b"argument 4xf32") == 2
    tampered = tmp_path / "tampered.so"
    tampered.write_bytes(data.replace(b"argument 4xf32", b"argument 1xf32"))
    with pytest.raises(oxla.Error) as info:
        oxla.load(tampered)
    assert "metadata was changed after it was compiled" in str(info.value)


def test_compile_and_load_take_a_thread_count(tmp_path, oxla_compile_tool):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for threads in (1, 2, 3):
        np.testing.assert_array_equal(oxla.compile(ADD, threads=threads)(x, x), x + x)
    # Each count has a client of its own, with that many threads.
    assert oxla._oxla.num_threads(3) == 3
    source = tmp_path / "saxpy.mlir"
    source.write_text(SAXPY)
    module = tmp_path / "saxpy.so"
    subprocess.run([str(oxla_compile_tool), str(source), "-o", str(module)], check=True)
    v = np.ones(4, np.float32)
    np.testing.assert_array_equal(oxla.load(module, threads=1)(2.0, v, v), 3 * v)
    for bad, error in ((0, ValueError), (-1, ValueError), (10**7, ValueError),
                       (1.5, TypeError), (True, TypeError)):
        with pytest.raises(error):
            oxla.compile(ADD, threads=bad)


def test_load_refuses_what_is_not_a_file(tmp_path):
    with pytest.raises(oxla.Error) as info:
        oxla.load(tmp_path)
    assert "is not a shared library (a directory)" in str(info.value)


def test_load_missing_file(tmp_path):
    with pytest.raises(oxla.Error) as info:
        oxla.load(tmp_path / "missing.so")
    assert info.value.code in ("NOT_FOUND", "INVALID_ARGUMENT")


def test_error_hierarchy():
    assert issubclass(oxla.Error, RuntimeError)
    assert issubclass(oxla.InvalidArgumentError, ValueError)
    for cls in (oxla.InvalidArgumentError, oxla.NotFoundError, oxla.UnsupportedError,
                oxla.FailedPreconditionError, oxla.CheckFailedError, oxla.InternalError,
                oxla.CustomCallFailedError):
        assert issubclass(cls, oxla.Error)


DYNAMIC_ABS = """
func.func @main(%a: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %0 = stablehlo.abs %a : tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
"""


def test_dynamic_sizes():
    for rows in (1, 3, 0):
        a = -np.arange(rows * 2, dtype=np.float32).reshape(rows, 2)
        out = oxla.interpret(DYNAMIC_ABS, a)
        assert out.shape == (rows, 2)
        np.testing.assert_array_equal(out, np.abs(a))
    exe = oxla.compile(DYNAMIC_ABS)
    assert exe.signature == "(?x2xf32) -> (?x2xf32)"
    assert oxla.dtype_of(exe["main"].argument_types[0]) == np.float32
    with pytest.raises(oxla.InvalidArgumentError):
        oxla.interpret(DYNAMIC_ABS, np.ones((3, 3), np.float32))
    # Compiled functions return static shapes only.
    with pytest.raises(oxla.UnsupportedError) as info:
        exe(np.ones((3, 2), np.float32))
    assert info.value.code == "UNSUPPORTED"


def test_loaded_module_has_no_ir(tmp_path, oxla_compile_tool):
    source = tmp_path / "add.mlir"
    source.write_text(ADD)
    module = tmp_path / "add.so"
    subprocess.run([str(oxla_compile_tool), str(source), "-o", str(module)], check=True)
    exe = oxla.load(str(module))
    a = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(exe(a, a), a + a)
    with pytest.raises(oxla.UnsupportedError):
        exe.as_text("linalg")


def test_dtype_of():
    assert oxla.dtype_of("2x3xf32") == np.float32
    assert oxla.dtype_of("i1") == np.bool_
    assert oxla.dtype_of("?x4xui8") == np.uint8
    assert oxla.dtype_of("2x?xcomplex<f32>") == np.complex64
    assert oxla.dtype_of("complex<f64>") == np.complex128
    assert oxla.dtype_of("bf16") == np.uint16
    with pytest.raises(TypeError):
        oxla.dtype_of("4xf8E4M3FN")


def test_bfloat16_conversions():
    values = np.array([1.0, -2.0, 0.0, np.inf, 3.140625], np.float32)
    round_trip = oxla.bfloat16_to_float32(oxla.float32_to_bfloat16(values))
    np.testing.assert_array_equal(round_trip, values)
    # Round to nearest even: 1 + 2^-8 is halfway between 1 and 1 + 2^-7.
    assert oxla.float32_to_bfloat16(1 + 2.0**-8) == 0x3F80
    assert oxla.float32_to_bfloat16(1 + 3 * 2.0**-8) == 0x3F82
    assert np.isnan(oxla.bfloat16_to_float32(oxla.float32_to_bfloat16(np.nan)))

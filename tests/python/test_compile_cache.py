"""oxla.compile's compile cache ($OXLA_CACHE_DIR) and its timings (timing=True)."""

import os
import pathlib
import subprocess
import sys

import numpy as np

import oxla

SCALE = """
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<3xf32>
  %1 = stablehlo.add %0, %x : tensor<3xf32>
  return %1 : tensor<3xf32>
}
"""

X = np.array([1.0, -2.0, 0.5], dtype=np.float32)
EXPECTED = X * X + X


def entries(cache):
    return sorted(p.name for p in pathlib.Path(cache).iterdir())


def libraries(cache):
    return [name for name in entries(cache) if name.endswith(".so")]


def test_timing_prints_the_phases(monkeypatch, tmp_path, capfd):
    monkeypatch.setenv("OXLA_CACHE_DIR", str(tmp_path / "cache"))
    exe = oxla.compile(SCALE, timing=True)
    err = capfd.readouterr().err
    steps = ["parse", "compile cache: key and lookup", "refined", "linalg", "fused",
             "buffers", "llvm-dialect", "llvm: translate to LLVM IR",
             "part 0: optimize", "part 0: generate code", "link", "compile cache: insert",
             "load", "total"]
    positions = [err.find("  " + step + "\n") for step in steps]
    assert all(p >= 0 for p in positions), err
    assert positions == sorted(positions), err
    assert err == exe.compile_timings
    np.testing.assert_array_equal(exe(X), EXPECTED)


def test_no_timing_prints_nothing(monkeypatch, capfd):
    monkeypatch.setenv("OXLA_CACHE_DIR", "off")
    exe = oxla.compile(SCALE)
    assert capfd.readouterr().err == ""
    assert "link in memory (JIT)" in exe.compile_timings
    np.testing.assert_array_equal(exe(X), EXPECTED)


def test_hit_miss_and_corruption(monkeypatch, tmp_path):
    cache = tmp_path / "cache"
    monkeypatch.setenv("OXLA_CACHE_DIR", str(cache))
    first = oxla.compile(SCALE)
    assert "compile cache: insert" in first.compile_timings
    assert len(libraries(cache)) == 1
    second = oxla.compile(SCALE)
    assert "compile cache hit: load" in second.compile_timings
    assert "refined" not in second.compile_timings
    np.testing.assert_array_equal(first(X), EXPECTED)
    np.testing.assert_array_equal(second(X), EXPECTED)
    # Other entries or another source name are other programs.
    third = oxla.compile(SCALE, name="other.mlir")
    assert "compile cache: insert" in third.compile_timings
    assert len(libraries(cache)) == 2
    # A corrupted entry (bytes changed, same size) is detected and compiled
    # again. (Written beside and renamed over: this process has the old file
    # mapped.)
    for name in libraries(cache):
        path = cache / name
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0xFF
        (cache / "corrupted").write_bytes(bytes(data))
        os.replace(cache / "corrupted", path)
    again = oxla.compile(SCALE)
    assert "compile cache: insert" in again.compile_timings
    np.testing.assert_array_equal(again(X), EXPECTED)
    assert "compile cache hit: load" in oxla.compile(SCALE).compile_timings
    # The IR of a program loaded from the cache is still there.
    assert "linalg." in second.as_text("linalg")


def test_off_compiles_in_memory(monkeypatch, tmp_path):
    monkeypatch.setenv("OXLA_CACHE_DIR", "off")
    exe = oxla.compile(SCALE)
    assert "compile cache" not in exe.compile_timings
    np.testing.assert_array_equal(exe(X), EXPECTED)


def test_a_file_named_as_the_cache_is_left_alone(monkeypatch, tmp_path, capfd):
    # A cache folder that is a file: compiled without the cache, the file untouched,
    # no linker message.
    cache = tmp_path / "cache"
    cache.write_text("not a folder")
    monkeypatch.setenv("OXLA_CACHE_DIR", str(cache))
    exe = oxla.compile(SCALE, timing=True)
    assert "compile cache" not in exe.compile_timings
    np.testing.assert_array_equal(exe(X), EXPECTED)
    assert cache.read_text() == "not a folder"
    assert "ld" not in capfd.readouterr().err


def test_size_bound_keeps_the_newest(monkeypatch, tmp_path):
    cache = tmp_path / "cache"
    monkeypatch.setenv("OXLA_CACHE_DIR", str(cache))
    monkeypatch.setenv("OXLA_CACHE_MAX_BYTES", "1")
    oxla.compile(SCALE)
    exe = oxla.compile(SCALE, name="other.mlir")
    assert len(libraries(cache)) == 1
    np.testing.assert_array_equal(exe(X), EXPECTED)


def test_concurrent_processes(tmp_path):
    """Processes that compile the same program at once into one cache all get
    a working program, and the cache ends with one whole entry."""
    cache = tmp_path / "cache"
    script = (
        "import sys, numpy as np, oxla\n"
        f"exe = oxla.compile({SCALE!r})\n"
        "x = np.array([1.0, -2.0, 0.5], dtype=np.float32)\n"
        "assert (exe(x) == x * x + x).all()\n"
        "print('hit' if 'compile cache hit' in exe.compile_timings else 'miss')\n")
    env = dict(os.environ, OXLA_CACHE_DIR=str(cache))
    processes = [subprocess.Popen([sys.executable, "-c", script], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for _ in range(4)]
    for process in processes:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        assert out.strip() in ("hit", "miss")
    assert len(libraries(cache)) == 1
    assert not [name for name in entries(cache) if ".tmp" in name]
    hit = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=300)
    assert hit.returncode == 0, hit.stderr
    assert hit.stdout.strip() == "hit"

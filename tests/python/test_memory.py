"""Memory known before running: Executable.memory_report(), Function.memory_plan
and compile(memory_limit=), against the numbers oxla-run prints."""

import os
import pathlib
import subprocess

import numpy as np
import pytest

import oxla

# Three products in a chain (tests/lit/oxla-run/memory-report.mlir): two
# 16 KiB temporaries live at once, 81920 bytes at the peak in all.
CHAIN = """
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %p0 = stablehlo.dot %a, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p1 = stablehlo.dot %p0, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p2 = stablehlo.dot %p1, %p0 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p3 = stablehlo.dot %p2, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %p3 : tensor<64x64xf32>
}
"""

PEAK_LINE = "memory @main: peak 81920 bytes (arguments 32768, results 16384, temporaries 32768)"


def tool(name):
    return str(pathlib.Path(os.environ.get("OXLA_TOOLS_DIR", "build/bin")) / name)


def test_memory_report_is_the_tools_report(tmp_path):
    executable = oxla.compile(CHAIN, name="chain.mlir")
    report = executable.memory_report()
    assert report.splitlines()[0] == "memory report @main"
    assert report.splitlines()[-1] == PEAK_LINE
    assert "live at the peak:" in report and "chain.mlir:" in report
    source = tmp_path / "chain.mlir"
    source.write_text(CHAIN)
    printed = subprocess.run([tool("oxla-compile"), str(source), "-o", str(tmp_path / "m.so"),
                              "--memory-report"], check=True, capture_output=True,
                             text=True).stdout
    # The same report, locations aside (the tool names the file by its path).
    strip = lambda text: [line.split(" from ")[0] for line in text.splitlines()]
    assert strip(printed) == strip(report)
    # An AOT module carries its plan too.
    loaded = oxla.load(tmp_path / "m.so")
    assert loaded.memory_report().splitlines()[-1] == PEAK_LINE


def test_memory_plan_numbers():
    plan = oxla.compile(CHAIN)["main"].memory_plan
    assert plan["known"] and not plan["dynamic"]
    assert (plan["peak"], plan["arguments"], plan["results"], plan["temporaries"]) == (
        81920, 32768, 16384, 32768)
    assert plan["arena"] == 32768 and plan["planned"] == 2 and plan["unplanned"] == 0


def test_interpreted_function_has_no_plan():
    plan = oxla.interpret_executable(CHAIN)["main"].memory_plan
    assert not plan["known"]
    assert plan["arguments"] == 32768 and plan["results"] == 16384


def test_memory_limit_met():
    a = np.ones((64, 64), np.float32)
    executable = oxla.compile(CHAIN, memory_limit=81920)
    np.testing.assert_allclose(executable(a, a), (a @ a @ a) @ (a @ a) @ a)


def test_memory_limit_exceeded_names_the_bytes():
    with pytest.raises(oxla.MemoryLimitError) as raised:
        oxla.compile(CHAIN, name="chain.mlir", memory_limit=81919)
    error = raised.value
    assert isinstance(error, oxla.Error) and isinstance(error, MemoryError)
    assert (error.needed, error.limit, error.function) == (81920, 81919, "main")
    message = str(error)
    assert message.startswith("@main needs 81920 bytes at its peak (arguments 32768, "
                              "results 16384, temporaries 32768), over memory_limit 81919")
    assert message.count("live at the peak: 16384 bytes at offset") == 2


@pytest.mark.parametrize("limit", [-1, 1.5, True, "100"])
def test_memory_limit_must_be_bytes(limit):
    with pytest.raises(TypeError):
        oxla.compile(CHAIN, memory_limit=limit)

"""Shared settings of the oxla Python tests: where the tools and the corpus are."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tools_dir():
    return pathlib.Path(os.environ.get("OXLA_TOOLS_DIR", ROOT / "build" / "bin"))


def conformance_dir():
    return pathlib.Path(os.environ.get("OXLA_CONFORMANCE_DIR",
                                       ROOT.parent / "shared" / "conformance"))


@pytest.fixture
def oxla_compile_tool():
    tool = tools_dir() / "oxla-compile"
    if not tool.is_file():
        pytest.fail(f"{tool} is missing: build it or set OXLA_TOOLS_DIR")
    return tool

"""A deterministic sample of the conformance corpus through the Python API.

Every 40th file of testdata/*.mlir (sorted by name): its @main takes no
arguments and checks its results with check.expect_* custom calls, compiled
in, so a call that returns passed and a failed check raises
oxla.CheckFailedError. Each file runs compiled (the JIT) and interpreted.
Files the compiler reports UNSUPPORTED are skipped; files that the
conformance expectation lists (tests/conformance/expected-failures.*.txt)
name are expected to fail.
"""

import fnmatch

import pytest

import oxla
from conftest import ROOT, conformance_dir

STRIDE = 40
CORPUS = conformance_dir()
TESTDATA = sorted((CORPUS / "testdata").glob("*.mlir"))
SAMPLE = TESTDATA[::STRIDE]


def expected_failures(tool):
    """{glob relative to the corpus: reason} of one expectation list."""
    path = ROOT / "tests" / "conformance" / f"expected-failures.{tool}.txt"
    entries = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                pattern, _, reason = line.partition("\t")
                entries[pattern.strip()] = reason.strip()
    return entries


EXPECTED = {"compile": expected_failures("run"),
            "interpret": expected_failures("interpret")}


def known_failure(mode, path):
    relative = path.relative_to(CORPUS).as_posix()
    for pattern, reason in EXPECTED[mode].items():
        if fnmatch.fnmatchcase(relative, pattern):
            return reason
    return None


def test_the_sample_is_not_empty():
    if not TESTDATA:
        pytest.skip(f"no conformance corpus at {CORPUS} (set OXLA_CONFORMANCE_DIR)")
    assert len(SAMPLE) == (len(TESTDATA) + STRIDE - 1) // STRIDE


def cases():
    for path in SAMPLE:
        for mode in ("compile", "interpret"):
            reason = known_failure(mode, path)
            # Not strict: the conformance lists, not this sample, track them.
            marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
            yield pytest.param(path, mode, marks=marks, id=f"{mode}-{path.name}")


@pytest.mark.parametrize("path,mode", list(cases()))
def test_corpus_file(path, mode):
    try:
        if mode == "compile":
            executable = oxla.compile(path)
        else:
            executable = oxla.interpret_executable(path)
    except oxla.UnsupportedError as error:
        pytest.skip(f"UNSUPPORTED: {str(error).splitlines()[0]}")
    assert executable.functions == ["main"]
    assert executable["main"].argument_types == []
    executable()

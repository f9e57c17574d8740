#!/usr/bin/env python3
"""Writes docs/ops.md: every op of oxla's dialects with its status in each
part of oxla, derived from the sources so that it stays true.

  parse/verify  the op is defined in ODS (compiler/Dialect/*/IR/*.td)
  interpreter   an evaluator is registered (interpreter/ops/*.cpp)
  compiler      a lowering or decomposition pattern is registered (compiler/Conversion/**/*.cpp,
                compiler/Transforms/Decompose*.cpp: see lowered())
  syntax        "pretty" where the op (or its ODS class) has an assembly format or a custom
                printer and parser, "generic" where it has neither (see syntax_of())

Usage: scripts/ops-table.py [--check]   (--check: fail if docs/ops.md is stale)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIALECTS = [("stablehlo", "StableHLO", "hlo"), ("chlo", "CHLO", "chlo"),
            ("check", "Check", "check"), ("interpreter", "Interpreter", "interpreter")]


def ops_of(dialect_dir):
    """(class name, mnemonic, family file) for each op def in a dialect."""
    ops = []
    for td in sorted((ROOT / "compiler/Dialect" / dialect_dir / "IR").glob("*.td")):
        text = td.read_text()
        for m in re.finditer(r'^def (\w+)_(\w+Op)\s*:\s*\w+<\s*"([\w.-]+)"', text, re.M):
            ops.append((m.group(2), m.group(3), td.stem))
    return ops


def syntax_of(dialect_dir):
    """mnemonic -> "pretty" or "generic" for each op def in a dialect: pretty when the
    def or a class it derives from (in the dialect's .td files) sets assemblyFormat or
    hasCustomAssemblyFormat."""
    records = {}  # name -> (parent, sets a format, mnemonic)
    for td in sorted((ROOT / "compiler/Dialect" / dialect_dir / "IR").glob("*.td")):
        text = td.read_text()
        starts = [m for m in re.finditer(r"^(class|def) (\w+)", text, re.M)]
        ends = [m.start() for m in re.finditer(r"^(class|def|#endif|//===)", text, re.M)]
        for m in starts:
            end = min((e for e in ends if e > m.start()), default=len(text))
            segment = text[m.end():end]
            i = 0
            while i < len(segment) and segment[i].isspace():
                i += 1
            if i < len(segment) and segment[i] == "<":  # template parameters
                depth = 0
                while i < len(segment):
                    depth += {"<": 1, ">": -1}.get(segment[i], 0)
                    i += 1
                    if depth == 0:
                        break
            parent = re.match(r"\s*:\s*(\w+)(?:\s*<\s*\"([\w.-]+)\")?", segment[i:])
            sets_format = re.search(r"\bassemblyFormat\b|hasCustomAssemblyFormat\s*=\s*1",
                                    segment) is not None
            records[m.group(2)] = (parent.group(1) if parent else None, sets_format,
                                   parent.group(2) if parent else None)

    def pretty(name):
        seen = set()
        while name in records and name not in seen:
            seen.add(name)
            parent, sets_format, _ = records[name]
            if sets_format:
                return True
            name = parent
        return False

    return {mnemonic: "pretty" if pretty(name) else "generic"
            for name, (_, _, mnemonic) in records.items() if mnemonic}


# Region terminators: the evaluator of the op that owns the region reads them.
TERMINATORS = {("hlo", "ReturnOp")}


# Decompositions oxla-interpret runs before interpreting (tools/oxla-interpret): the
# ops their populate functions name run as the ops they become.
INTERPRETER_DECOMPOSITIONS = ["DecomposeChloBroadcast.cpp"]


def interpreted():
    names = set(TERMINATORS)
    for cpp in (ROOT / "interpreter").rglob("*.cpp"):
        names.update(re.findall(r"registry\.add<(\w+)::(\w+Op)>", cpp.read_text()))
    names.update(populated([ROOT / "compiler" / "Transforms" / name
                            for name in INTERPRETER_DECOMPOSITIONS]))
    return names


def populated(files):
    """Ops named in the populate*Patterns functions of `files`, directly (e.g.
    `ElementwiseToLinalg<hlo::AddOp>`, `addElementwise<chlo::AcosOp>`) or through a
    pattern class whose root op it is (`struct X : OpConversionPattern<hlo::YOp>`)."""
    op = r"\b(hlo|chlo|check|interpreter)::(\w+Op)\b"
    roots, bodies = {}, []
    for cpp in files:
        text = cpp.read_text()
        for m in re.finditer(r"struct (\w+)\s*(?:final\s*)?:\s*(?:public\s+)?\w+<\s*" + op, text):
            roots[m.group(1)] = (m.group(2), m.group(3))
        for m in re.finditer(r"^void (?:oxla::)?populate\w+\([^)]*\)\s*\{(.*?)^\}", text, re.S | re.M):
            bodies.append(m.group(1))
    names = set()
    for body in bodies:
        names.update(re.findall(op, body))
        names.update(roots[w] for w in re.findall(r"\w+", body) if w in roots)
    return names


def lowered():
    """Ops with a lowering: the conversions, and the decompositions the CPU pipeline
    runs before them."""
    return populated(sorted((ROOT / "compiler" / "Conversion").rglob("*.cpp")) +
                     sorted((ROOT / "compiler" / "Transforms").glob("Decompose*.cpp")))


def table():
    evaluators = interpreted()
    lowerings = lowered()
    lines = ["# Op coverage", "",
             "Generated by `scripts/ops-table.py` from the ODS definitions, the",
             "interpreter's evaluator registrations and the compiler's lowering patterns;",
             "do not edit by hand.", "",
             "Syntax: every op parses and prints in the generic form",
             "(`\"stablehlo.add\"(%a, %b) : (T, T) -> T`); `pretty` ops also have the short",
             "form upstream StableHLO prints (`stablehlo.add %a, %b : T`,",
             "`stablehlo.cholesky %a, lower = true : T`, `chlo.top_k(%x, k = 4) : T -> (V, I)`),",
             "which oxla-opt prints by default; `generic` ops are printed generically by",
             "upstream too. The forms are listed per family in docs/syntax.md.", "",
             "| dialect | op | family | parse/verify | syntax | interpreter | compiler |",
             "|---|---|---|---|---|---|---|"]
    totals = {}
    for name, directory, prefix in DIALECTS:
        syntax = syntax_of(directory)
        for cls, mnemonic, family in sorted(ops_of(directory), key=lambda o: o[1]):
            interp = "yes" if (prefix, cls) in evaluators else "-"
            compiled = "yes" if (prefix, cls) in lowerings or (
                (prefix, cls) in TERMINATORS) else "-"
            lines.append(f"| {name} | `{name}.{mnemonic}` | {family} | yes | "
                         f"{syntax.get(mnemonic, 'generic')} | {interp} | {compiled} |")
            t = totals.setdefault(name, [0, 0, 0])
            t[0] += 1
            t[1] += interp == "yes"
            t[2] += compiled == "yes"
    lines += ["", "| dialect | ops | interpreted | compiled |", "|---|---|---|---|"]
    lines += [f"| {d} | {t[0]} | {t[1]} | {t[2]} |" for d, t in totals.items()]
    return "\n".join(lines) + "\n"


def main():
    out = ROOT / "docs/ops.md"
    text = table()
    if "--check" in sys.argv[1:]:
        if not out.exists() or out.read_text() != text:
            print("docs/ops.md is stale: run scripts/ops-table.py", file=sys.stderr)
            return 1
        return 0
    out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes an f32 StableHLO program as an f16 or bf16 one, for benchmarks.

    bench/narrow_float_model.py IN.mlir f16|bf16 > OUT.mlir

Every f32 tensor type (not attributes: batch_norm epsilons stay f32) becomes the narrow type; f32 hexadecimal constants
(dense<0xFF800000>: -inf, NaN) are rewritten to the narrow type's bits;
decimal constants keep their text (the parser rounds them). This is how the
f16/bf16 rows of docs/performance.md are made from the real f32 exports
(an f16 model as TensorRT or JAX with f16 parameters writes it).
"""
import re
import struct
import sys



def narrow_bits(match, kind):
    """The f32 constant 0xXXXXXXXX rounded to nearest even in `kind`."""
    bits = int(match.group(1), 16)
    value = struct.unpack("<f", struct.pack("<I", bits))[0]
    finite = value == value and abs(value) != float("inf")
    if kind == "f16":
        if value != value:
            out = 0x7E00 | ((bits >> 16) & 0x8000)
        else:
            try:
                out = struct.unpack("<H", struct.pack("<e", value))[0]
            except OverflowError:
                out = 0x7C00 | ((bits >> 16) & 0x8000)
    elif not finite:
        out = (bits >> 16) | (0x40 if value != value else 0)
    else:
        out = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return "dense<0x%04X>" % out


def main():
    path, kind = sys.argv[1], sys.argv[2]
    if kind not in ("f16", "bf16"):
        sys.exit("element type must be f16 or bf16")
    text = open(path).read()
    # Hex constants of f32 scalars and splats, only where the type is f32.
    text = re.sub(r"dense<0x([0-9A-Fa-f]{8})>(\s*:\s*tensor<[0-9x]*f32>)",
                  lambda m: narrow_bits(m, kind) + m.group(2), text)
    text = re.sub(r"(?<=[x<])f32\b", kind, text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()

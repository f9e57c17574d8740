#!/usr/bin/env bash
# `make demo`: what oxla does today, end to end, on a real model file.
# Until the interpreter and compiler land, the demo parses and verifies a real
# JAX/Keras export and shows the diagnostics oxla gives for a broken program.
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
opt="$root/$build/bin/oxla-opt"
model="$root/examples/mlp.mlir"

echo "== oxla-opt: parse, verify and print $model"
start=$(date +%s%N)
"$opt" "$model"
end=$(date +%s%N)
echo "== parsed, verified and printed in $(( (end - start) / 1000000 )) ms"

echo
echo "== round trip: print -> parse -> print is a fixpoint"
"$opt" "$model" | "$opt" | diff -q - <("$opt" "$model") && echo "fixpoint: yes"

echo
echo "== a program that breaks a spec constraint gets a located diagnostic (exit 2)"
set +e
"$opt" "$root/examples/invalid-shapes.mlir"
echo "exit code: $?"

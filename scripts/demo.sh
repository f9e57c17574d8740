#!/usr/bin/env bash
# `make demo`: oxla end to end on a small model (examples/mlp.mlir, an MLP with
# a softmax head as JAX exports it): verify it, run it with the reference
# interpreter, compile it for this CPU (JIT and ahead of time) and check that
# all three agree.
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/$build/bin"
model="$root/examples/mlp.mlir"
work="$root/$build/demo"
mkdir -p "$work"

ms() { echo $(( ($2 - $1) / 1000000 )); }

echo "== oxla-opt: parse and verify $model; print -> parse -> print is a fixpoint"
"$bin/oxla-opt" "$model" | "$bin/oxla-opt" | diff -q - <("$bin/oxla-opt" "$model") && echo "fixpoint: yes"

echo
echo "== inputs: random normal values, fixed seed"
/usr/bin/python3 - "$work" <<'PY'
import random, sys
rng = random.Random(7)
shapes = {"x": (4, 8), "w1": (8, 16), "b1": (16,), "w2": (16, 3), "b2": (3,)}
for name, shape in shapes.items():
    count = 1
    for size in shape:
        count *= size
    values = ",".join(f"{rng.gauss(0, 1):.6f}" for _ in range(count))
    with open(f"{sys.argv[1]}/{name}.txt", "w") as f:
        f.write(f"{'x'.join(map(str, shape))}xf32={values}")
print("  ".join(f"{n}: {'x'.join(map(str, s))}xf32" for n, s in shapes.items()))
PY
inputs=()
for name in x w1 b1 w2 b2; do inputs+=("--input=$(cat "$work/$name.txt")"); done

echo
echo "== oxla-interpret (the reference interpreter)"
start=$(date +%s%N)
"$bin/oxla-interpret" "$model" "${inputs[@]}" --print-results | tee "$work/interpret.txt"
end=$(date +%s%N)
echo "   $(ms "$start" "$end") ms"

echo
echo "== oxla-run (compiled for this CPU with the JIT)"
set +e
start=$(date +%s%N)
"$bin/oxla-run" "$model" "${inputs[@]}" --print-results > "$work/jit.txt"
code=$?
end=$(date +%s%N)
set -e
if [ $code -ne 0 ]; then
  echo "   the compiler cannot run this model yet (exit $code)"
  exit 0
fi
cat "$work/jit.txt"
echo "   $(ms "$start" "$end") ms, compile included"

echo
echo "== oxla-compile -o mlp.so, then oxla-run mlp.so in a fresh process"
"$bin/oxla-compile" "$model" -o "$work/mlp.so"
"$bin/oxla-run" "$work/mlp.so" "${inputs[@]}" --print-results > "$work/aot.txt"
cat "$work/aot.txt"

echo
echo "== agreement (within 1e-5, elementwise)"
/usr/bin/python3 - "$work" <<'PY'
import re, sys
def values(path):
    return [float(v) for v in re.findall(r"[-+0-9.e]+(?=[ \]])", open(path).read().split("=", 1)[1])]
ref = values(f"{sys.argv[1]}/interpret.txt")
for name in ("jit", "aot"):
    got = values(f"{sys.argv[1]}/{name}.txt")
    worst = max(abs(a - b) for a, b in zip(ref, got))
    ok = len(ref) == len(got) and worst <= 1e-5
    print(f"  {name} vs interpreter: max |difference| {worst:.2e}: {'agree' if ok else 'DIFFER'}")
    if not ok:
        sys.exit(1)
PY

echo
echo "== a program that breaks a spec constraint gets a located diagnostic (exit 2)"
set +e
"$bin/oxla-opt" "$root/examples/invalid-shapes.mlir"
echo "exit code: $?"

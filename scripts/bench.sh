#!/usr/bin/env bash
# Runs the benchmark suite (docs/performance.md): installs the peers, builds the bench
# drivers, then bench/run.py. `make bench` calls it with the build folder.
#   scripts/bench.sh [BUILD_DIR] [bench/run.py options, e.g. --quick]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=build
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  build=$1
  shift
fi
case "$build" in /*) ;; *) build="$root/$build" ;; esac

bash "$root/scripts/bootstrap-bench.sh"

# The oneDNN peer is only configured when libdnnl was found; a build folder configured
# before bootstrap-bench.sh installed it needs a fresh look.
targets=(oxla-bench oxla-bench-limits)
if [ -f /usr/include/dnnl.hpp ]; then
  if [ ! -x "$build/bin/onednn-bench" ]; then
    cmake "$build" >/dev/null
  fi
  targets+=(onednn-bench)
fi
cmake --build "$build" --target "${targets[@]}"

/usr/bin/python3 "$root/bench/run.py" --build-dir "$build" "$@"
# Real models (docs/performance.md, "Real models"): ONNX exports against ONNX Runtime and
# PyTorch, StableHLO exports against their floor. It takes run.py's --quick only.
models_args=()
for arg in "$@"; do
  [ "$arg" = --quick ] && models_args+=(--quick)
done
/usr/bin/python3 "$root/bench/models.py" --build-dir "$build" "${models_args[@]}"
# SPMD scaling rows: 1 device x 2 threads against 2 devices x 1 thread and 2 MPI
# processes (docs/sharding.md, "Scaling").
exec /usr/bin/python3 "$root/bench/spmd_scaling.py" --build-dir "$build" \
  --out "$build/spmd-scaling.md"

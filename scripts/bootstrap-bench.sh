#!/usr/bin/env bash
# Installs what the benchmark suite's peers need (docs/performance.md): numpy with
# OpenBLAS, PyTorch 1.13 (eager, TorchScript, ONNX export), onnx, matplotlib and
# oneDNN from Debian, and ONNX Runtime from npm into bench/peers/ort/node_modules.
# Idempotent: when everything is installed it does nothing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)

# libopenblas0-pthread: numpy's and PyTorch's BLAS (through Debian's libblas.so.3
# alternative); without it they fall back to the reference BLAS, ~50x slower at GEMM.
packages=(python3-numpy libopenblas0-pthread python3-torch python3-onnx python3-matplotlib
          libdnnl-dev)

source "$root/scripts/apt-install.sh"
apt_install_missing bootstrap-bench "${packages[@]}"

# npm comes with node (Debian's nodejs+npm or NodeSource's nodejs, which conflicts with
# Debian's npm package); only install Debian's pair when there is no npm at all.
if ! command -v npm >/dev/null 2>&1; then
  apt_install_missing bootstrap-bench nodejs npm
fi

# onnxruntime-node's install script downloads from outside; the CPU library ships inside
# the package, so --ignore-scripts is enough.
ort="$root/bench/peers/ort"
if [ ! -f "$ort/node_modules/onnxruntime-node/package.json" ]; then
  echo "bootstrap-bench: npm install onnxruntime-node into $ort"
  (cd "$ort" && npm install --ignore-scripts --no-audit --no-fund)
fi

#!/usr/bin/env bash
# Installs the Debian 12 packages that oxla's build, tests and demo need.
# Idempotent: when every package is already installed it does nothing.
set -euo pipefail

packages=(
  # build
  cmake ninja-build ccache make clang-19 lld-19
  # IR and code generation (one shared libLLVM and libMLIR)
  llvm-19-dev libmlir-19-dev mlir-19-tools llvm-19-tools
  # libraries that LLVM's CMake package config asks for
  zlib1g-dev libzstd-dev libxml2-dev libedit-dev libffi-dev libncurses-dev
  # tests: gtest, lit (python3), FileCheck (llvm-19-tools), sanitizer and fuzzer runtimes
  libgtest-dev libgmock-dev python3 libclang-rt-19-dev
  # the Python package and its tests; the call-overhead benchmark
  pybind11-dev python3-dev python3-numpy python3-pytest libbenchmark-dev
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = installed ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "bootstrap: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"

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
  # XLA's CPU custom calls (lapack_*, blas_*) run on the reference LAPACK/BLAS
  liblapack-dev libblas-dev
  # ONNX import: libonnx (model protobuf, checker, shape inference, version
  # converter); the lit tests write their models with python3-onnx; the backend
  # test suite; PyTorch and torchvision export the networks the model checks run
  libonnx-dev libprotobuf-dev python3-onnx libonnx-testdata python3-torch python3-torchvision
  # several processes: oxla-run --distributed under mpirun (Open MPI 4.1)
  libopenmpi-dev openmpi-bin
)

source "$(dirname "$0")/apt-install.sh"
apt_install_missing bootstrap "${packages[@]}"

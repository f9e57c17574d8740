//===- Window.h - Spatial windows of Conv and pooling -----------*- C++ -*-===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_OPS_WINDOW_H
#define OXLA_COMPILER_IMPORT_ONNX_OPS_WINDOW_H

#include "compiler/Import/ONNX/ops/Common.h"

namespace oxla::onnx {

/// The window of a Conv or pooling node over the spatial dimensions (2..)
/// of its input: kernel, strides, dilations and the explicit padding
/// (auto_pad resolved), and the output's spatial sizes.
struct Window {
  llvm::SmallVector<int64_t> kernel, strides, dilations, padLow, padHigh, output;
};

/// Reads kernel_shape (or `kernel` when the attribute is absent), strides,
/// dilations, pads and auto_pad of the node over input `x`. With
/// `ceilMode`, the output sizes round up and padHigh grows to cover them.
mlir::FailureOr<Window> readWindow(NodeContext &ctx, mlir::Value x,
                                   llvm::ArrayRef<int64_t> kernel, bool ceilMode);

/// The padding as the Nx2 attribute of stablehlo ops (`leading` rows of
/// zeros first).
mlir::DenseIntElementsAttr paddingAttr(mlir::OpBuilder &b, const Window &window,
                                       int64_t leading);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_OPS_WINDOW_H

//===- ConvolutionWindow.h - A convolution's window, defaults filled in ---===//
//
// Shared by the convolution lowering (ConvolutionPatterns.cpp) and the
// runtime-routine pass (compiler/Codegen/ConvolutionToRuntime.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_CONVOLUTIONWINDOW_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_CONVOLUTIONWINDOW_H

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "llvm/ADT/SmallVector.h"

namespace oxla {

/// Per spatial dimension: the spec's defaults where an attribute is absent
/// (strides and dilations 1, padding 0, no reversal).
struct ConvWindow {
  llvm::SmallVector<int64_t> strides, padLow, padHigh, lhsDilation, rhsDilation;
  llvm::SmallVector<bool> reversal;
};

/// Fails when an attribute has the wrong length or a stride or dilation is
/// not positive. `padding` is [low0, high0, low1, ...] or empty.
mlir::FailureOr<ConvWindow> makeWindow(size_t spatialRank,
                                       std::optional<llvm::ArrayRef<int64_t>> strides,
                                       llvm::ArrayRef<int64_t> padding,
                                       std::optional<llvm::ArrayRef<int64_t>> lhsDilation,
                                       std::optional<llvm::ArrayRef<int64_t>> rhsDilation,
                                       std::optional<llvm::ArrayRef<bool>> reversal);

/// The window of a stablehlo.convolution.
mlir::FailureOr<ConvWindow> convolutionWindow(stablehlo::ConvolutionOp op);

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_CONVOLUTIONWINDOW_H

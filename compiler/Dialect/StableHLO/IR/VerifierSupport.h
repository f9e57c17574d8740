//===- VerifierSupport.h - Small helpers shared by the op verifiers -------===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_VERIFIERSUPPORT_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_VERIFIERSUPPORT_H

#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace oxla::stablehlo {

/// Two dimension sizes agree when equal or when either is dynamic (`?`).
bool compatibleDim(int64_t a, int64_t b);
/// Same rank and pairwise compatible sizes.
bool compatibleShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);
/// Types agree up to dynamic dimensions, recursively through tuples.
bool isCompatibleType(mlir::Type a, mlir::Type b);
/// `[2, ?, 3]` for diagnostics.
std::string shapeString(llvm::ArrayRef<int64_t> shape);
/// `(T0, T1)` for diagnostics.
std::string typeListString(mlir::TypeRange types);

/// The number of windows along one dimension of static size `size` (the
/// spec's num_windows of reduce_window, select_and_scatter and convolution):
/// the size dilated by `baseDilation` and padded by `pad`, less the window
/// dilated by `windowDilation`, over `stride`, plus one (0 where the window
/// does not fit). nullopt where a size on the way does not fit in 64 bits.
std::optional<int64_t> windowCount(int64_t size, int64_t window, int64_t stride,
                                   int64_t baseDilation, int64_t windowDilation,
                                   std::pair<int64_t, int64_t> pad);

} // namespace oxla::stablehlo

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_VERIFIERSUPPORT_H

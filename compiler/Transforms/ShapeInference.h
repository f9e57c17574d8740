//===- ShapeInference.h - Result shapes from operand shapes ---------------===//
//
// What `oxla-refine-shapes` knows about each op: the shape of every result
// given the operands' types and the values of constant shape operands
// (dynamic_broadcast_in_dim's output_dimensions, dynamic_iota's shape, ...).
// One rule per op, following the op's section of the spec; sizes a rule
// cannot tell are ShapedType::kDynamic.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TRANSFORMS_SHAPEINFERENCE_H
#define OXLA_COMPILER_TRANSFORMS_SHAPEINFERENCE_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace oxla {

using Shape = llvm::SmallVector<int64_t>;

/// The shapes of `op`'s results, or nullopt when there is no rule for the
/// op (or its operands are not ranked tensors).
std::optional<llvm::SmallVector<Shape>> inferResultShapes(mlir::Operation *op);

/// The integer elements of `value` when it is a constant.
std::optional<Shape> constantIntegers(mlir::Value value);

} // namespace oxla

#endif // OXLA_COMPILER_TRANSFORMS_SHAPEINFERENCE_H

//===- Specialize.h - A function for the arguments it will get ------------===//
//
// A JIT knows the arguments before it compiles: it can give a function the
// argument types of its inputs, and, for the integer scalars JAX passes as
// dimension variables of a shape-polymorphic export, their values. Then
// oxla-refine-shapes makes the shapes static.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TRANSFORMS_SPECIALIZE_H
#define OXLA_COMPILER_TRANSFORMS_SPECIALIZE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <optional>

namespace oxla {

/// Whether `function` takes or returns a tensor of a dynamic shape.
bool hasDynamicSignature(mlir::func::FuncOp function);

/// Gives `function` the argument types `types` (each compatible with the
/// declared one) and replaces the uses of argument i by a constant of
/// `values[i]` where one is given. The signature keeps every argument, so
/// callers pass the same buffers. Fails, after a located error, on an
/// incompatible type.
mlir::LogicalResult
specializeFunction(mlir::func::FuncOp function, llvm::ArrayRef<mlir::Type> types,
                   llvm::ArrayRef<std::optional<mlir::DenseElementsAttr>> values);

/// Checks argument shapes against the program: `shapes` (one per argument
/// of `function`, each compatible with its declared type) are given to a
/// copy of the module, whose calls are inlined and shapes refined
/// (oxla-refine-shapes), and which must then verify. So two `?` sizes an op
/// needs equal must be given equal. Functions with a static signature pass
/// at once. Fails after errors located in the program.
mlir::LogicalResult checkArgumentShapes(mlir::func::FuncOp function,
                                        llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

} // namespace oxla

#endif // OXLA_COMPILER_TRANSFORMS_SPECIALIZE_H

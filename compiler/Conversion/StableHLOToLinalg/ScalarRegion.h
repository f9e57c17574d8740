//===- ScalarRegion.h - A StableHLO region as scalar code -----------------===//
//
// The bodies of reduce, map, sort, scatter, reduce_window and
// select_and_scatter compute on rank-0 tensors. Lowered once to scalar code
// (arith/math/complex on signless scalars), a body is emitted inside
// whatever loop the op's pattern builds.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALARREGION_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALARREGION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Transforms/DialectConversion.h"

#include <memory>

namespace oxla {

/// A single-block region of StableHLO ops on rank-0 tensors, lowered to
/// scalar code that can be emitted any number of times.
class ScalarRegion {
public:
  /// Null when the region uses values from outside, has ops that do not
  /// lower, or lowers to something other than scalar code.
  static std::unique_ptr<ScalarRegion> lower(mlir::Region &region,
                                             const mlir::TypeConverter &converter);

  /// The region's results for the (signless scalar) block arguments `args`,
  /// computed at `b`'s insertion point.
  llvm::SmallVector<mlir::Value> emit(mlir::OpBuilder &b, mlir::Location loc,
                                      mlir::ValueRange args) const {
    llvm::SmallVector<mlir::Value> results;
    (void)emitImpl(b, loc, args, results);
    return results;
  }

private:
  mlir::LogicalResult emitImpl(mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange args,
                               llvm::SmallVectorImpl<mlir::Value> &results) const;

  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp func;
};

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALARREGION_H

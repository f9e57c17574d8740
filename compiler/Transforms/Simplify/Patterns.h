//===- Patterns.h - The algebraic simplifier's pattern families -----------===//
//
// oxla-simplify (SimplifyPass.cpp) runs these families to a fixed point; each
// file holds one family and says which rewrites it makes and why each is
// exact (docs/compiler.md, "Algebraic simplification").
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TRANSFORMS_SIMPLIFY_PATTERNS_H
#define OXLA_COMPILER_TRANSFORMS_SIMPLIFY_PATTERNS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace oxla::simplify {

/// Ops on constants become constants, computed by the reference
/// interpreter's evaluators (ConstantFolding.cpp).
void populateConstantFoldingPatterns(mlir::RewritePatternSet &patterns);
/// x*1, x+(-0.0), x/1, select on a constant predicate, ... (Identities.cpp).
void populateIdentityPatterns(mlir::RewritePatternSet &patterns);
/// convert to the same type, convert after an exact widening
/// (ConvertChains.cpp).
void populateConvertChainPatterns(mlir::RewritePatternSet &patterns);
/// reshape/transpose/broadcast_in_dim chains and no-op movement ops
/// (MovementChains.cpp).
void populateMovementChainPatterns(mlir::RewritePatternSet &patterns);
/// Elementwise ops on broadcasts, transposes or reshapes of one shape
/// compute before the movement (ElementwiseMovement.cpp).
void populateElementwiseMovementPatterns(mlir::RewritePatternSet &patterns);
/// Transposes after the elementwise ops, concatenates, reduce_windows,
/// pads and reduces that read them (TransposeSinking.cpp).
void populateTransposeSinkingPatterns(mlir::RewritePatternSet &patterns);
/// slice of concatenate, slice of slice, pad by nothing, dynamic_slice at
/// constant indices, concatenate chains (SliceAndPad.cpp).
void populateSliceAndPadPatterns(mlir::RewritePatternSet &patterns);
/// dot_general of transposes: the permutation goes into the dimension
/// numbers (DotGeneral.cpp).
void populateDotGeneralPatterns(mlir::RewritePatternSet &patterns);
/// reduce of a broadcast along the broadcast dimensions, unused results of
/// variadic reduces (Reduce.cpp).
void populateReducePatterns(mlir::RewritePatternSet &patterns);

/// Replaces each pure op equal to one that dominates it by that one; the
/// bodies of reduce, sort, scatter, ... see no value from outside
/// (CommonSubexpressions.cpp). True if anything changed.
bool eliminateCommonSubexpressions(mlir::Operation *root);

//===----------------------------------------------------------------------===//
// Helpers shared by the families (Support.cpp).
//===----------------------------------------------------------------------===//

/// A statically shaped tensor of integers (not i1 unless `allowI1`) or
/// floats: the types the rewrites reason about.
bool isStaticIntOrFloatTensor(mlir::Type type, bool allowI1 = true);
/// The splat value of a constant `value` (an IntegerAttr or FloatAttr),
/// or null.
mlir::Attribute splatConstant(mlir::Value value);
/// Whether `value` is a constant whose every element is the integer or
/// float `x` (for floats: the same IEEE value, -0.0 distinct from +0.0).
bool isSplatOf(mlir::Value value, double x);
/// Whether `value` is a constant whose every element is -0.0.
bool isSplatNegativeZero(mlir::Value value);
/// A splat constant of `type` with the splat value of `attr`.
mlir::Value createSplat(mlir::PatternRewriter &rewriter, mlir::Location loc,
                        mlir::RankedTensorType type, mlir::Attribute element);

} // namespace oxla::simplify

#endif // OXLA_COMPILER_TRANSFORMS_SIMPLIFY_PATTERNS_H

//===- Patterns.h - StableHLO to linalg pattern sets, by op family --------===//
//
// The pass (ConvertStableHLOToLinalg.cpp) is a thin shell over these sets;
// each family lives in its own file. A pattern that cannot lower an op (an
// element type or attribute it does not handle) fails to match, and the
// pass reports the op as unsupported.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_PATTERNS_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_PATTERNS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class TypeConverter;
} // namespace mlir

namespace oxla {

/// Elementwise ops (spec "Elementwise ops") and constant.
void populateElementwiseToLinalgPatterns(mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// Spec "Data movement ops" and the dynamism ops on them: broadcast_in_dim,
/// reshape, transpose, slice, concatenate, pad, reverse, iota, gather,
/// scatter, dynamic_slice, dynamic_update_slice, bitcast_convert, ...
void populateDataMovementToLinalgPatterns(mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);

/// Ops with reduction bodies: reduce, reduce_window, select_and_scatter,
/// sort, map.
void populateReductionToLinalgPatterns(mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// while, if, case, optimization_barrier, tuples: scf and plain values.
void populateControlFlowToSCFPatterns(mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// dot_general, dot, einsum, unary_einsum: linalg contractions.
void populateDotToLinalgPatterns(mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

/// convolution, dynamic_conv: linalg contractions over windows.
void populateConvolutionToLinalgPatterns(mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// uniform_quantize, uniform_dequantize, and bitcast_convert to and from
/// quantized types (the other quantized ops are decomposed before).
void populateQuantizationToLinalgPatterns(mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);

/// fft, triangular_solve, cholesky, and (RandomPatterns.cpp)
/// rng_bit_generator.
void populateLinearAlgebraAndRandomToLinalgPatterns(mlir::TypeConverter &converter,
                                                    mlir::RewritePatternSet &patterns);
void populateRandomToLinalgPatterns(mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);

/// composite, after_all, create_token and the dynamism ops (dynamic_iota,
/// dynamic_reshape, dynamic_broadcast_in_dim, dynamic_pad, dynamic_gather,
/// real_dynamic_slice, set_dimension_size).
void populateMiscToLinalgPatterns(mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

/// The CHLO ops.
void populateChloToLinalgPatterns(mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

/// chlo.ragged_dot (RaggedDotPatterns.cpp; part of the CHLO patterns).
void populateRaggedDotToLinalgPatterns(mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// check.* ops and `stablehlo.custom_call @check.*`: calls of the runtime's
/// check routines. Each check gets an id; its description is appended to
/// `checks` (the module's `oxla.checks` table).
void populateChecksToRuntimePatterns(mlir::TypeConverter &converter,
                                     mlir::RewritePatternSet &patterns,
                                     llvm::SmallVectorImpl<mlir::Attribute> &checks);

/// Rewrites each `stablehlo.custom_call` with one tuple result into one with
/// the tuple's elements as results, followed by a `stablehlo.tuple` of them.
void flattenCustomCallTuples(mlir::ModuleOp module);

/// Other `stablehlo.custom_call`s: calls of the runtime's custom-call
/// routine, which runs the kernel registered under the target name (or,
/// for XLA's CPU targets, the runtime's kernel library). Each
/// call gets an id; its description is appended to `customCalls` (the
/// module's `oxla.custom_calls` table).
void populateCustomCallsToRuntimePatterns(
    mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    llvm::SmallVectorImpl<mlir::Attribute> &customCalls);

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_PATTERNS_H

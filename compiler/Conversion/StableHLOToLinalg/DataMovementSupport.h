//===- DataMovementSupport.h - Helpers of the data movement patterns ------===//
//
// Shared by DataMovementPatterns.cpp and IndexingPatterns.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_DATAMOVEMENTSUPPORT_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_DATAMOVEMENTSUPPORT_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace oxla {

/// The converted, statically shaped result type of `op`, or null.
mlir::RankedTensorType staticResultType(mlir::Operation *op,
                                        const mlir::TypeConverter *converter);

/// One linalg.generic that copies `input` into a new tensor of `resultType`
/// through `inputMap` (result index -> input index).
mlir::Value copyThroughMap(mlir::ConversionPatternRewriter &rewriter, mlir::Location loc,
                           mlir::Value input, mlir::RankedTensorType resultType,
                           mlir::AffineMap inputMap);

/// A scalar integer as an index: zero-extended when unsigned.
mlir::Value asIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value scalar,
                    bool isUnsigned);

/// The elements of the rank-1 integer tensor `values` (the adaptor's
/// operand; `hloValues` is the StableHLO one, for the signedness) as indices.
llvm::SmallVector<mlir::Value> indexElements(mlir::OpBuilder &b, mlir::Location loc,
                                             mlir::Value values, mlir::Value hloValues);

/// True when the rank-1 shape operand `values` is static and has `size` elements.
bool hasStaticLength(mlir::Value values, int64_t size);

/// dynamic_slice, dynamic_update_slice, real_dynamic_slice, gather,
/// dynamic_gather, torch_index_select (IndexingPatterns.cpp).
void populateIndexingToLinalgPatterns(mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_DATAMOVEMENTSUPPORT_H

//===- DotGeneral.cpp - Transposed operands of dot_general ----------------===//
//
// dot_general(transpose(a, perm), b) reads a's elements in another order;
// the same product is dot_general(a, b) with each batching and
// contracting dimension d of the transposed operand named perm[d]
// instead. The result's dimensions are the batching dimensions (in the
// order of the list), then the lhs's free dimensions, then the rhs's, each
// in increasing order: so the rewrite is made only when the transpose
// keeps the free dimensions of the operand in their order. Exact: the same
// products, summed in the same order.
//
// The matrix product routine reads an operand as a strided matrix after
// grouping its batching, free and contracting dimensions
// (compiler/Codegen/MatmulToRuntime.cpp); a group of several dimensions
// must then be adjacent in memory. The rewrite is made only when each
// group of the operand's dimensions is one dimension or a run of adjacent
// ones in order, so that no product loses the routine.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

using namespace mlir;
using namespace oxla::simplify;
namespace hlo = oxla::stablehlo;

namespace {

bool isRun(ArrayRef<int64_t> dims) {
  for (size_t i = 1; i < dims.size(); ++i)
    if (dims[i] != dims[i - 1] + 1)
      return false;
  return true;
}

/// The batching and contracting dimensions of the operand `transpose`
/// transposes, or nothing where the rewrite is not made.
std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
throughTranspose(hlo::TransposeOp transpose, ArrayRef<int64_t> batching,
                 ArrayRef<int64_t> contracting) {
  if (!isStaticIntOrFloatTensor(transpose.getOperand().getType()))
    return std::nullopt;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  SmallVector<int64_t> newBatching, newContracting, free;
  for (int64_t d : batching)
    newBatching.push_back(perm[d]);
  for (int64_t d : contracting)
    newContracting.push_back(perm[d]);
  for (int64_t d = 0; d < static_cast<int64_t>(perm.size()); ++d)
    if (!llvm::is_contained(batching, d) && !llvm::is_contained(contracting, d))
      free.push_back(perm[d]);
  if (!llvm::is_sorted(free) || !isRun(free) || !isRun(newBatching) || !isRun(newContracting))
    return std::nullopt;
  return std::make_pair(newBatching, newContracting);
}

struct DotGeneralOfTranspose : public OpRewritePattern<hlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DotGeneralOp op, PatternRewriter &rewriter) const override {
    hlo::DotDimensionNumbersAttr numbers = op.getDotDimensionNumbers();
    SmallVector<int64_t> lhsBatching(numbers.getLhsBatchingDimensions()),
        rhsBatching(numbers.getRhsBatchingDimensions()),
        lhsContracting(numbers.getLhsContractingDimensions()),
        rhsContracting(numbers.getRhsContractingDimensions());
    Value lhs = op.getLhs(), rhs = op.getRhs();
    bool changed = false;
    if (auto transpose = lhs.getDefiningOp<hlo::TransposeOp>())
      if (auto dims = throughTranspose(transpose, lhsBatching, lhsContracting)) {
        std::tie(lhsBatching, lhsContracting) = *dims;
        lhs = transpose.getOperand();
        changed = true;
      }
    if (auto transpose = rhs.getDefiningOp<hlo::TransposeOp>())
      if (auto dims = throughTranspose(transpose, rhsBatching, rhsContracting)) {
        std::tie(rhsBatching, rhsContracting) = *dims;
        rhs = transpose.getOperand();
        changed = true;
      }
    if (!changed)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperands({lhs, rhs});
      op.setDotDimensionNumbersAttr(hlo::DotDimensionNumbersAttr::get(
          op.getContext(), lhsBatching, rhsBatching, lhsContracting, rhsContracting));
    });
    return success();
  }
};

} // namespace

void oxla::simplify::populateDotGeneralPatterns(RewritePatternSet &patterns) {
  patterns.add<DotGeneralOfTranspose>(patterns.getContext());
}

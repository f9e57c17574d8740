//===- RaggedDotPatterns.cpp - chlo.ragged_dot to linalg ------------------===//
//
// ragged_dot is dot_general with one lhs dimension split into consecutive
// groups of group_sizes[..., g] elements (interpreter/ops/ChloEvaluators.cpp
// has the semantics this follows):
//  - ragged non-contracting dimension: group j's rows multiply rhs slice j
//    of the rhs group dimension;
//  - ragged contracting dimension: result slice j (a new leading dimension)
//    contracts only over group j's part of that dimension;
//  - ragged batch dimension: an ordinary batched dot.
// Positions past the last group contribute nothing. One linalg.generic
// iterates over the result and contracting dimensions; lhs is read through
// its indexing map, rhs with tensor.extract at the position the group
// selects. Products are summed in f64 like the interpreter's, then rounded
// once to the result type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Dialect/CHLO/IR/CHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace chlo = oxla::chlo;

namespace oxla {
namespace {

struct RaggedDotToLinalg : public OpConversionPattern<chlo::RaggedDotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(chlo::RaggedDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs(), sizes = adaptor.getGroupSizes();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    auto sizesType = cast<RankedTensorType>(sizes.getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType || !lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !sizesType.hasStaticShape() || !resultType.hasStaticShape() ||
        sizesType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    if (!isa<FloatType>(lhsType.getElementType()) ||
        !isa<FloatType>(rhsType.getElementType()) ||
        !isa<FloatType>(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "float operands and results only");

    chlo::RaggedDotDimensionNumbersAttr numbers = op.getRaggedDotDimensionNumbers();
    ArrayRef<int64_t> lb = numbers.getLhsBatchingDimensions(),
                      rb = numbers.getRhsBatchingDimensions(),
                      lc = numbers.getLhsContractingDimensions(),
                      rc = numbers.getRhsContractingDimensions(),
                      rg = numbers.getRhsGroupDimensions();
    if (numbers.getLhsRaggedDimensions().size() != 1)
      return rewriter.notifyMatchFailure(op, "one lhs ragged dimension");
    int64_t ragged = numbers.getLhsRaggedDimensions()[0];
    enum class Mode { NonContracting, Contracting, Batch };
    Mode mode = llvm::is_contained(lc, ragged)   ? Mode::Contracting
                : llvm::is_contained(lb, ragged) ? Mode::Batch
                                                 : Mode::NonContracting;
    if (mode == Mode::NonContracting && rg.size() != 1)
      return rewriter.notifyMatchFailure(op, "one rhs group dimension");
    int64_t groups = sizesType.getShape().back();

    SmallVector<int64_t> lhsFree, rhsFree;
    for (int64_t d = 0; d < lhsType.getRank(); ++d)
      if (!llvm::is_contained(lb, d) && !llvm::is_contained(lc, d))
        lhsFree.push_back(d);
    for (int64_t d = 0; d < rhsType.getRank(); ++d)
      if (!llvm::is_contained(rb, d) && !llvm::is_contained(rc, d) &&
          !llvm::is_contained(rg, d))
        rhsFree.push_back(d);
    // The lhs dimensions that index group_sizes before its group dimension.
    SmallVector<int64_t> groupDims;
    if (sizesType.getRank() > 1) {
      ArrayRef<int64_t> sameKind = mode == Mode::Contracting ? lc : lb;
      for (int64_t d = 0; d < ragged; ++d)
        if (mode == Mode::NonContracting ? !llvm::is_contained(lc, d)
                                         : llvm::is_contained(sameKind, d) ||
                                               llvm::is_contained(lb, d))
          groupDims.push_back(d);
      if (sizesType.getRank() != static_cast<int64_t>(groupDims.size()) + 1)
        return rewriter.notifyMatchFailure(op, "this group_sizes shape");
    }

    // Iteration space: the result's dimensions, then the contracting ones.
    int64_t resultRank = resultType.getRank();
    int64_t leading = mode == Mode::Contracting ? 1 : 0;
    int64_t rank = resultRank + static_cast<int64_t>(lc.size());
    if (resultRank != leading + static_cast<int64_t>(lb.size() + lhsFree.size() + rhsFree.size()))
      return rewriter.notifyMatchFailure(op, "result rank");
    // Iteration dimension of each lhs dimension.
    SmallVector<int64_t> lhsDim(lhsType.getRank());
    for (auto [i, d] : llvm::enumerate(lb))
      lhsDim[d] = leading + i;
    for (auto [i, d] : llvm::enumerate(lhsFree))
      lhsDim[d] = leading + lb.size() + i;
    for (auto [i, d] : llvm::enumerate(lc))
      lhsDim[d] = resultRank + i;
    SmallVector<int64_t> rhsDim(rhsType.getRank(), -1);
    for (auto [i, d] : llvm::enumerate(rb))
      rhsDim[d] = leading + i;
    for (auto [i, d] : llvm::enumerate(rhsFree))
      rhsDim[d] = leading + lb.size() + lhsFree.size() + i;
    for (auto [i, d] : llvm::enumerate(rc))
      rhsDim[d] = resultRank + i;

    MLIRContext *context = rewriter.getContext();
    Location loc = op.getLoc();
    SmallVector<AffineExpr> lhsExprs, resultExprs;
    for (int64_t d : lhsDim)
      lhsExprs.push_back(rewriter.getAffineDimExpr(d));
    for (int64_t d = 0; d < resultRank; ++d)
      resultExprs.push_back(rewriter.getAffineDimExpr(d));
    SmallVector<AffineMap> maps{AffineMap::get(rank, 0, lhsExprs, context),
                                AffineMap::get(rank, 0, resultExprs, context)};
    SmallVector<utils::IteratorType> iterators(resultRank, utils::IteratorType::parallel);
    iterators.append(lc.size(), utils::IteratorType::reduction);

    Type f64 = rewriter.getF64Type();
    auto wideType = RankedTensorType::get(resultType.getShape(), f64);
    Value zero = rewriter.create<arith::ConstantOp>(loc, rewriter.getF64FloatAttr(0.0));
    Value init = rewriter.create<linalg::FillOp>(
                             loc, zero, rewriter.create<tensor::EmptyOp>(
                                            loc, resultType.getShape(), f64).getResult())
                     .getResult(0);

    auto sum = rewriter.create<linalg::GenericOp>(
        loc, wideType, ValueRange{lhs}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          auto index = [&](int64_t d) -> Value { return b.create<linalg::IndexOp>(l, d); };
          auto constant = [&](int64_t v) -> Value {
            return b.create<arith::ConstantIndexOp>(l, v);
          };
          // The group of this lhs position along the ragged dimension, or
          // -1: the first j whose running sum of sizes exceeds it.
          Value position = index(lhsDim[ragged]);
          SmallVector<Value> sizeIndex;
          for (int64_t d : groupDims)
            sizeIndex.push_back(index(lhsDim[d]));
          Value none = constant(-1);
          auto loop = b.create<scf::ForOp>(
              l, constant(0), constant(groups), constant(1), ValueRange{constant(0), none},
              [&](OpBuilder &nb, Location ll, Value j, ValueRange carried) {
                SmallVector<Value> at(sizeIndex);
                at.push_back(j);
                Value size = nb.create<tensor::ExtractOp>(ll, sizes, at);
                if (size.getType() != nb.getI64Type())
                  size = nb.create<arith::ExtSIOp>(ll, nb.getI64Type(), size);
                Value end = nb.create<arith::AddIOp>(
                    ll, carried[0],
                    nb.create<arith::IndexCastOp>(ll, nb.getIndexType(), size));
                Value unset = nb.create<arith::CmpIOp>(ll, arith::CmpIPredicate::eq,
                                                        carried[1], none);
                Value inside = nb.create<arith::CmpIOp>(ll, arith::CmpIPredicate::slt,
                                                         position, end);
                Value take = nb.create<arith::AndIOp>(ll, unset, inside);
                Value group = nb.create<arith::SelectOp>(ll, take, j, carried[1]);
                nb.create<scf::YieldOp>(ll, ValueRange{end, group});
              });
          Value group = loop.getResult(1);
          Value valid = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, group,
                                                constant(0));
          if (mode == Mode::Contracting)
            valid = b.create<arith::AndIOp>(
                l, valid,
                b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, group, index(0)));
          SmallVector<Value> rhsIndex;
          for (auto [d, dim] : llvm::enumerate(rhsDim)) {
            if (dim >= 0) {
              rhsIndex.push_back(index(dim));
              continue;
            }
            // The rhs group dimension: the group, kept in range where there
            // is none (the product is discarded then).
            Value clamped = b.create<arith::MaxSIOp>(l, group, constant(0));
            rhsIndex.push_back(clamped);
          }
          Value r = b.create<tensor::ExtractOp>(l, rhs, rhsIndex);
          auto widen = [&](Value v) -> Value {
            return v.getType() == f64 ? v : b.create<arith::ExtFOp>(l, f64, v).getResult();
          };
          Value product = b.create<arith::MulFOp>(l, widen(args[0]), widen(r));
          Value term = b.create<arith::SelectOp>(l, valid, product, zero);
          b.create<linalg::YieldOp>(l, b.create<arith::AddFOp>(l, args[1], term).getResult());
        });

    // One rounding to the result type.
    Value narrowInit = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                        resultType.getElementType());
    SmallVector<AffineMap> identity(2, rewriter.getMultiDimIdentityMap(resultRank));
    SmallVector<utils::IteratorType> parallel(resultRank, utils::IteratorType::parallel);
    auto narrow = rewriter.create<linalg::GenericOp>(
        loc, resultType, sum.getResults(), ValueRange{narrowInit}, identity, parallel,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value v = args[0];
          if (resultType.getElementType() != f64)
            v = b.create<arith::TruncFOp>(l, resultType.getElementType(), v);
          b.create<linalg::YieldOp>(l, v);
        });
    rewriter.replaceOp(op, narrow.getResults());
    return success();
  }
};

} // namespace

void populateRaggedDotToLinalgPatterns(TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<RaggedDotToLinalg>(converter, patterns.getContext());
}

} // namespace oxla

//===- ReductionPatterns.cpp - reduce, reduce_window, sort, map to linalg ===//
//
// The ops whose regions compute on rank-0 tensors: reduce, reduce_window,
// select_and_scatter, sort, map and scatter. Each region is lowered once
// (ScalarRegion) with the pass's own elementwise patterns, in a detached
// function, and its 0-d linalg.generics are then emitted as plain scalar
// code inside the body of the op that needs it (a linalg.reduce, a
// linalg.generic, or scf loops over tensor.extract/insert).
//
// Orders match the interpreter's: reduce folds each slice left to right
// (row-major over the reduced dimensions) from the init value; scatter and
// select_and_scatter visit updates/sources in row-major order; sort is a
// stable insertion sort (the same result as std::stable_sort for a strict
// weak order). Scatter skips updates that land out of bounds.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarRegion.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

//===- Helpers -------------------------------------------------------------===//

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return b.create<arith::ConstantIndexOp>(loc, value);
}

/// The sizes of `tensor`'s dimensions as index values.
SmallVector<Value> dimSizes(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    sizes.push_back(type.isDynamicDim(d)
                        ? b.create<tensor::DimOp>(loc, tensor, d).getResult()
                        : indexConstant(b, loc, type.getDimSize(d)));
  return sizes;
}

Value scalarOf(OpBuilder &b, Location loc, Value tensor0d) {
  return b.create<tensor::ExtractOp>(loc, tensor0d, ValueRange{});
}

/// A tensor of `type` filled with `scalar`; dynamic sizes from `sizes`.
Value filled(OpBuilder &b, Location loc, RankedTensorType type, Value scalar,
             ValueRange dynamicSizes) {
  Value empty = b.create<tensor::EmptyOp>(loc, type.getShape(), type.getElementType(),
                                          dynamicSizes);
  return b.create<linalg::FillOp>(loc, scalar, empty).getResult(0);
}

bool hasSupportedElements(TypeRange types) {
  return llvm::all_of(types, [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && isa<IntegerType, FloatType, ComplexType>(tensor.getElementType());
  });
}

LogicalResult convertResultTypes(const TypeConverter *converter, Operation *op,
                                 SmallVectorImpl<Type> &types) {
  if (!hasSupportedElements(op->getResultTypes()))
    return failure();
  return converter->convertTypes(op->getResultTypes(), types);
}

/// `lo <= value < size` for index values, as one unsigned comparison.
Value inBounds(OpBuilder &b, Location loc, Value value, Value size) {
  return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, value, size);
}

Value allOf(OpBuilder &b, Location loc, ArrayRef<Value> conditions) {
  Value result = b.create<arith::ConstantIntOp>(loc, 1, 1);
  for (Value condition : conditions)
    result = b.create<arith::AndIOp>(loc, result, condition);
  return result;
}

//===- reduce --------------------------------------------------------------===//

struct ReduceToLinalg : public OpConversionPattern<hlo::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    SmallVector<Type> resultTypes;
    if (!hasSupportedElements(op.getInputs().getTypes()) ||
        failed(convertResultTypes(getTypeConverter(), op, resultTypes)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    std::unique_ptr<ScalarRegion> body = ScalarRegion::lower(op.getBody(), *getTypeConverter());
    if (!body)
      return rewriter.notifyMatchFailure(op, "body does not lower to scalar code");

    Value input = adaptor.getInputs()[0];
    auto inputType = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> dims(op.getDimensions());
    llvm::sort(dims);
    SmallVector<Value> dynamicSizes;
    for (int64_t d = 0; d < inputType.getRank(); ++d)
      if (!llvm::is_contained(dims, d) && inputType.isDynamicDim(d))
        dynamicSizes.push_back(rewriter.create<tensor::DimOp>(loc, input, d));
    SmallVector<Value> inits;
    for (size_t k = 0; k < n; ++k)
      inits.push_back(filled(rewriter, loc, cast<RankedTensorType>(resultTypes[k]),
                             scalarOf(rewriter, loc, adaptor.getInitValues()[k]),
                             dynamicSizes));
    auto reduce = rewriter.create<linalg::ReduceOp>(
        loc, adaptor.getInputs(), inits, dims,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          // linalg: (inputs..., accumulators...); stablehlo: (acc..., x...).
          SmallVector<Value> bodyArgs(args.drop_front(n));
          llvm::append_range(bodyArgs, args.take_front(n));
          b.create<linalg::YieldOp>(bodyLoc, body->emit(b, bodyLoc, bodyArgs));
        });
    rewriter.replaceOp(op, reduce.getResults());
    return success();
  }
};

//===- map -----------------------------------------------------------------===//

struct MapToLinalg : public OpConversionPattern<hlo::MapOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (!hasSupportedElements(op.getInputs().getTypes()) ||
        failed(convertResultTypes(getTypeConverter(), op, resultTypes)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    auto resultType = cast<RankedTensorType>(resultTypes[0]);
    int64_t rank = resultType.getRank();
    for (auto [i, d] : llvm::enumerate(op.getDimensions()))
      if (d != static_cast<int64_t>(i))
        return rewriter.notifyMatchFailure(op, "dimensions are not the identity");
    std::unique_ptr<ScalarRegion> body =
        ScalarRegion::lower(op.getComputation(), *getTypeConverter());
    if (!body)
      return rewriter.notifyMatchFailure(op, "body does not lower to scalar code");

    Value first = adaptor.getInputs()[0];
    SmallVector<Value> dynamicSizes;
    for (int64_t d = 0; d < rank; ++d)
      if (resultType.isDynamicDim(d))
        dynamicSizes.push_back(rewriter.create<tensor::DimOp>(loc, first, d));
    Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                  resultType.getElementType(), dynamicSizes);
    SmallVector<AffineMap> maps(adaptor.getInputs().size() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, adaptor.getInputs(), ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          b.create<linalg::YieldOp>(bodyLoc, body->emit(b, bodyLoc, args.drop_back()));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

//===- sort ----------------------------------------------------------------===//

/// A bottom-up merge sort of each line along the sort dimension, the
/// algorithm of the interpreter's evalSort (interpreter/ops/
/// RegionEvaluators.cpp) step for step: runs of width 1, 2, 4, ... merge
/// pairwise, left to right, taking the right run's head when
/// `comparator(right, left)` holds. O(n log n) comparator calls per line,
/// stable, and the same result as the interpreter for every comparator,
/// strict weak order or not (e.g. LT with NaN).
///
/// Each line is copied into 1-D tensors (one per operand), sorted there
/// between two of them in turn, and copied back.
struct SortToSCF : public OpConversionPattern<hlo::SortOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (failed(convertResultTypes(getTypeConverter(), op, resultTypes)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    std::unique_ptr<ScalarRegion> comparator =
        ScalarRegion::lower(op.getComparator(), *getTypeConverter());
    if (!comparator)
      return rewriter.notifyMatchFailure(op, "comparator does not lower to scalar code");
    SmallVector<Value> inputs(adaptor.getInputs());
    size_t n = inputs.size();
    int64_t rank = cast<RankedTensorType>(inputs[0].getType()).getRank();
    int64_t dim = op.getDimension();
    if (dim < 0)
      dim += rank;
    if (dim < 0 || dim >= rank)
      return rewriter.notifyMatchFailure(op, "bad dimension");

    SmallVector<Value> sizes = dimSizes(rewriter, loc, inputs[0]);
    Value zero = indexConstant(rewriter, loc, 0), one = indexConstant(rewriter, loc, 1);
    Value two = indexConstant(rewriter, loc, 2);
    Value length = sizes[dim];
    SmallVector<Value> lbs(rank, zero), ubs(sizes), steps(rank, one);
    ubs[dim] = one; // each iteration of the nest sorts one line
    SmallVector<Type> lineTypes;
    for (Value input : inputs)
      lineTypes.push_back(RankedTensorType::get(
          {ShapedType::kDynamic},
          cast<RankedTensorType>(input.getType()).getElementType()));

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, inputs,
        [&](OpBuilder &b, Location l, ValueRange ivs, ValueRange tensors) {
          auto at = [&](Value position) {
            SmallVector<Value> i(ivs);
            i[dim] = position;
            return i;
          };
          auto emptyLines = [&] {
            SmallVector<Value> lines;
            for (Type type : lineTypes)
              lines.push_back(b.create<tensor::EmptyOp>(
                  l, cast<RankedTensorType>(type).getShape(),
                  cast<RankedTensorType>(type).getElementType(), ValueRange{length}));
            return lines;
          };
          // The line into 1-D tensors.
          auto gather = b.create<scf::ForOp>(
              l, zero, length, one, emptyLines(),
              [&](OpBuilder &b, Location l, Value i, ValueRange lines) {
                SmallVector<Value> next;
                for (size_t k = 0; k < n; ++k)
                  next.push_back(b.create<tensor::InsertOp>(
                      l, b.create<tensor::ExtractOp>(l, tensors[k], at(i)), lines[k],
                      ValueRange{i}));
                b.create<scf::YieldOp>(l, next);
              });
          SmallVector<Value> passInits{one};
          llvm::append_range(passInits, gather.getResults());
          llvm::append_range(passInits, emptyLines());
          SmallVector<Type> passTypes;
          for (Value v : passInits)
            passTypes.push_back(v.getType());
          // while width < length: merge runs of `width` from src into dst,
          // then swap them.
          auto passes = b.create<scf::WhileOp>(
              l, passTypes, passInits,
              [&](OpBuilder &b, Location l, ValueRange state) {
                Value more = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt,
                                                     state[0], length);
                b.create<scf::ConditionOp>(l, more, state);
              },
              [&](OpBuilder &b, Location l, ValueRange state) {
                Value width = state[0];
                ValueRange source = state.slice(1, n);
                ValueRange target = state.slice(1 + n, n);
                Value runPair = b.create<arith::MulIOp>(l, width, two);
                auto merges = b.create<scf::ForOp>(
                    l, zero, length, runPair, target,
                    [&](OpBuilder &b, Location l, Value lo, ValueRange dst) {
                      Value mid = b.create<arith::MinSIOp>(
                          l, b.create<arith::AddIOp>(l, lo, width), length);
                      Value hi = b.create<arith::MinSIOp>(
                          l, b.create<arith::AddIOp>(l, lo, runPair), length);
                      SmallVector<Value> mergeInits{lo, mid, lo};
                      llvm::append_range(mergeInits, dst);
                      SmallVector<Type> mergeTypes;
                      for (Value v : mergeInits)
                        mergeTypes.push_back(v.getType());
                      // state: i (left head), j (right head), k (output), dst...
                      auto merge = b.create<scf::WhileOp>(
                          l, mergeTypes, mergeInits,
                          [&](OpBuilder &b, Location l, ValueRange m) {
                            Value more = b.create<arith::CmpIOp>(
                                l, arith::CmpIPredicate::slt, m[2], hi);
                            b.create<scf::ConditionOp>(l, more, m);
                          },
                          [&](OpBuilder &b, Location l, ValueRange m) {
                            Value i = m[0], j = m[1], k = m[2];
                            Value rightLeft = b.create<arith::CmpIOp>(
                                l, arith::CmpIPredicate::slt, j, hi);
                            Value leftLeft = b.create<arith::CmpIOp>(
                                l, arith::CmpIPredicate::slt, i, mid);
                            Value both = b.create<arith::AndIOp>(l, rightLeft, leftLeft);
                            auto choose = b.create<scf::IfOp>(
                                l, both,
                                [&](OpBuilder &b, Location l) {
                                  SmallVector<Value> args;
                                  for (size_t q = 0; q < n; ++q) {
                                    args.push_back(b.create<tensor::ExtractOp>(
                                        l, source[q], ValueRange{j}));
                                    args.push_back(b.create<tensor::ExtractOp>(
                                        l, source[q], ValueRange{i}));
                                  }
                                  b.create<scf::YieldOp>(l, comparator->emit(b, l, args)[0]);
                                },
                                [&](OpBuilder &b, Location l) {
                                  b.create<scf::YieldOp>(l, rightLeft);
                                });
                            Value takeRight = choose.getResult(0);
                            Value from = b.create<arith::SelectOp>(l, takeRight, j, i);
                            SmallVector<Value> next{
                                b.create<arith::SelectOp>(
                                    l, takeRight, i, b.create<arith::AddIOp>(l, i, one)),
                                b.create<arith::SelectOp>(
                                    l, takeRight, b.create<arith::AddIOp>(l, j, one), j),
                                b.create<arith::AddIOp>(l, k, one)};
                            for (size_t q = 0; q < n; ++q)
                              next.push_back(b.create<tensor::InsertOp>(
                                  l, b.create<tensor::ExtractOp>(l, source[q], ValueRange{from}),
                                  m[3 + q], ValueRange{k}));
                            b.create<scf::YieldOp>(l, next);
                          });
                      b.create<scf::YieldOp>(l, merge.getResults().drop_front(3));
                    });
                SmallVector<Value> next{runPair};
                llvm::append_range(next, merges.getResults());
                llvm::append_range(next, source);
                b.create<scf::YieldOp>(l, next);
              });
          ValueRange sorted = passes.getResults().slice(1, n);
          // The sorted line back into the operands' tensors.
          auto scatter = b.create<scf::ForOp>(
              l, zero, length, one, tensors,
              [&](OpBuilder &b, Location l, Value i, ValueRange current) {
                SmallVector<Value> next;
                for (size_t k = 0; k < n; ++k)
                  next.push_back(b.create<tensor::InsertOp>(
                      l, b.create<tensor::ExtractOp>(l, sorted[k], ValueRange{i}),
                      current[k], at(i)));
                b.create<scf::YieldOp>(l, next);
              });
          return scf::ValueVector(scatter.getResults());
        });
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

//===- scatter -------------------------------------------------------------===//

/// The index-typed value of an integer element (unsigned types zero-extend).
Value toIndex(OpBuilder &b, Location loc, Value value, Type hloElementType) {
  if (isUnsignedInteger(hloElementType))
    return b.create<arith::IndexCastUIOp>(loc, b.getIndexType(), value);
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), value);
}

struct ScatterToSCF : public OpConversionPattern<hlo::ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (failed(convertResultTypes(getTypeConverter(), op, resultTypes)) ||
        !hasSupportedElements(op.getUpdates().getTypes()))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    auto indicesHloType = dyn_cast<RankedTensorType>(op.getScatterIndices().getType());
    if (!indicesHloType || !isa<IntegerType>(indicesHloType.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported index type");
    std::unique_ptr<ScalarRegion> body =
        ScalarRegion::lower(op.getUpdateComputation(), *getTypeConverter());
    if (!body)
      return rewriter.notifyMatchFailure(op, "body does not lower to scalar code");

    hlo::ScatterDimensionNumbersAttr dn = op.getScatterDimensionNumbers();
    int64_t indexVectorDim = dn.getIndexVectorDim();
    int64_t indicesRank = indicesHloType.getRank();
    int64_t indexCount = 1;
    if (indexVectorDim < indicesRank) {
      indexCount = indicesHloType.getDimSize(indexVectorDim);
      if (ShapedType::isDynamic(indexCount))
        return rewriter.notifyMatchFailure(op, "dynamic index vector");
    }
    SmallVector<Value> inputs(adaptor.getInputs()), updates(adaptor.getUpdates());
    Value indices = adaptor.getScatterIndices();
    size_t n = inputs.size();
    int64_t rank = cast<RankedTensorType>(inputs[0].getType()).getRank();
    int64_t updateRank = cast<RankedTensorType>(updates[0].getType()).getRank();
    ArrayRef<int64_t> updateWindowDims = dn.getUpdateWindowDims();
    SmallVector<int64_t> windowDims;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(dn.getInsertedWindowDims(), d) &&
          !llvm::is_contained(dn.getInputBatchingDims(), d))
        windowDims.push_back(d);
    if (static_cast<int64_t>(windowDims.size()) != static_cast<int64_t>(updateWindowDims.size()))
      return rewriter.notifyMatchFailure(op, "inconsistent window dims");

    SmallVector<Value> inputSizes = dimSizes(rewriter, loc, inputs[0]);
    SmallVector<Value> updateSizes = dimSizes(rewriter, loc, updates[0]);
    Value zero = indexConstant(rewriter, loc, 0), one = indexConstant(rewriter, loc, 1);
    SmallVector<Value> lbs(updateRank, zero), steps(updateRank, one);
    Type indexElementType = indicesHloType.getElementType();

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, updateSizes, steps, inputs,
        [&](OpBuilder &b, Location l, ValueRange ivs, ValueRange current) {
          SmallVector<Value> scatterIndex;
          for (int64_t d = 0; d < updateRank; ++d)
            if (!llvm::is_contained(updateWindowDims, d))
              scatterIndex.push_back(ivs[d]);
          // The start index vector of this update.
          SmallVector<Value> startIndex;
          for (int64_t k = 0; k < indexCount; ++k) {
            SmallVector<Value> position;
            for (int64_t d = 0, s = 0; d < indicesRank; ++d)
              position.push_back(d == indexVectorDim ? indexConstant(b, l, k)
                                                     : scatterIndex[s++]);
            Value element = b.create<tensor::ExtractOp>(l, indices, position);
            startIndex.push_back(toIndex(b, l, element, indexElementType));
          }
          SmallVector<Value> resultIndex(rank, zero);
          for (auto [ds, dInput] : llvm::enumerate(dn.getScatterDimsToOperandDims()))
            resultIndex[dInput] = startIndex[ds];
          for (auto [i, dInput] : llvm::enumerate(dn.getInputBatchingDims())) {
            int64_t startDim = dn.getScatterIndicesBatchingDims()[i];
            int64_t position = startDim < indexVectorDim ? startDim : startDim - 1;
            resultIndex[dInput] =
                b.create<arith::AddIOp>(l, resultIndex[dInput], scatterIndex[position]);
          }
          for (auto [w, d] : llvm::enumerate(updateWindowDims))
            resultIndex[windowDims[w]] =
                b.create<arith::AddIOp>(l, resultIndex[windowDims[w]], ivs[d]);
          SmallVector<Value> checks;
          for (int64_t d = 0; d < rank; ++d)
            checks.push_back(inBounds(b, l, resultIndex[d], inputSizes[d]));
          // Updates that land out of bounds are skipped.
          auto update = b.create<scf::IfOp>(
              l, allOf(b, l, checks),
              [&](OpBuilder &b, Location l) {
                SmallVector<Value> args;
                for (size_t k = 0; k < n; ++k)
                  args.push_back(b.create<tensor::ExtractOp>(l, current[k], resultIndex));
                for (size_t k = 0; k < n; ++k)
                  args.push_back(b.create<tensor::ExtractOp>(l, updates[k], ivs));
                SmallVector<Value> combined = body->emit(b, l, args);
                SmallVector<Value> next;
                for (size_t k = 0; k < n; ++k)
                  next.push_back(b.create<tensor::InsertOp>(l, combined[k], current[k],
                                                            resultIndex));
                b.create<scf::YieldOp>(l, next);
              },
              [&](OpBuilder &b, Location l) { b.create<scf::YieldOp>(l, current); });
          return scf::ValueVector(update.getResults());
        });
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

//===- reduce_window -------------------------------------------------------===//

SmallVector<int64_t> attrOr(std::optional<ArrayRef<int64_t>> attr, int64_t rank,
                            int64_t value) {
  if (attr)
    return SmallVector<int64_t>(*attr);
  return SmallVector<int64_t>(rank, value);
}

/// Low and high padding from an optional [rank, 2] attribute.
LogicalResult readPadding(std::optional<DenseIntElementsAttr> attr, int64_t rank,
                          SmallVectorImpl<int64_t> &lo, SmallVectorImpl<int64_t> &hi) {
  lo.assign(rank, 0);
  hi.assign(rank, 0);
  if (!attr)
    return success();
  SmallVector<int64_t> values(attr->getValues<int64_t>());
  if (static_cast<int64_t>(values.size()) != 2 * rank)
    return failure();
  for (int64_t d = 0; d < rank; ++d) {
    lo[d] = values[2 * d];
    hi[d] = values[2 * d + 1];
  }
  return success();
}

/// `input` with base dilation and (possibly negative) padding applied, the
/// new elements `padValue`. Static shapes only. Built as one linalg.generic
/// that reads the input where a position maps onto it (a strided
/// insert_slice would need the runtime's memrefCopy).
Value dilateAndPad(OpBuilder &b, Location loc, Value input, Value padValue,
                   ArrayRef<int64_t> dilation, ArrayRef<int64_t> lo,
                   ArrayRef<int64_t> hi) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  bool identity = true, empty = false;
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    identity &= dilation[d] == 1 && lo[d] == 0 && hi[d] == 0;
    int64_t size = type.getDimSize(d);
    empty |= size == 0;
    int64_t dilated = size == 0 ? 0 : (size - 1) * dilation[d] + 1;
    shape.push_back(std::max<int64_t>(dilated + lo[d] + hi[d], 0));
  }
  if (identity)
    return input;
  RankedTensorType resultType = type.clone(shape);
  if (empty)
    return filled(b, loc, resultType, padValue, {});
  Value init = b.create<tensor::EmptyOp>(loc, shape, type.getElementType());
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  auto generic = b.create<linalg::GenericOp>(
      loc, resultType, ValueRange{}, ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange) {
        Value zero = indexConstant(b, l, 0);
        SmallVector<Value> checks, index;
        for (int64_t d = 0; d < rank; ++d) {
          Value p = b.create<linalg::IndexOp>(l, d);
          Value q = b.create<arith::SubIOp>(l, p, indexConstant(b, l, lo[d]));
          Value stride = indexConstant(b, l, dilation[d]);
          Value source = b.create<arith::DivSIOp>(l, q, stride);
          checks.push_back(b.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, q, zero));
          checks.push_back(b.create<arith::CmpIOp>(
              l, arith::CmpIPredicate::eq, b.create<arith::RemSIOp>(l, q, stride), zero));
          checks.push_back(b.create<arith::CmpIOp>(
              l, arith::CmpIPredicate::slt, source, indexConstant(b, l, type.getDimSize(d))));
          index.push_back(source);
        }
        Value valid = allOf(b, l, checks);
        for (Value &i : index)
          i = b.create<arith::SelectOp>(l, valid, i, zero);
        Value element = b.create<tensor::ExtractOp>(l, input, index);
        b.create<linalg::YieldOp>(
            l, ValueRange{b.create<arith::SelectOp>(l, valid, element, padValue)});
      });
  return generic.getResult(0);
}

struct ReduceWindowToLinalg : public OpConversionPattern<hlo::ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    SmallVector<Type> resultTypes;
    if (!hasSupportedElements(op.getInputs().getTypes()) ||
        failed(convertResultTypes(getTypeConverter(), op, resultTypes)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    for (Value v : adaptor.getInputs())
      if (!cast<RankedTensorType>(v.getType()).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "dynamic shapes");
    for (Type t : resultTypes)
      if (!cast<RankedTensorType>(t).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "dynamic shapes");
    int64_t rank = cast<RankedTensorType>(adaptor.getInputs()[0].getType()).getRank();
    ArrayRef<int64_t> window = op.getWindowDimensions();
    SmallVector<int64_t> strides = attrOr(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> baseDilations = attrOr(op.getBaseDilations(), rank, 1);
    SmallVector<int64_t> windowDilations = attrOr(op.getWindowDilations(), rank, 1);
    SmallVector<int64_t> lo, hi;
    if (static_cast<int64_t>(window.size()) != rank ||
        static_cast<int64_t>(strides.size()) != rank ||
        static_cast<int64_t>(baseDilations.size()) != rank ||
        static_cast<int64_t>(windowDilations.size()) != rank ||
        failed(readPadding(op.getPadding(), rank, lo, hi)))
      return rewriter.notifyMatchFailure(op, "bad window attributes");
    std::unique_ptr<ScalarRegion> body = ScalarRegion::lower(op.getBody(), *getTypeConverter());
    if (!body)
      return rewriter.notifyMatchFailure(op, "body does not lower to scalar code");

    SmallVector<Value> inputs, inits;
    for (size_t k = 0; k < n; ++k) {
      Value init = scalarOf(rewriter, loc, adaptor.getInitValues()[k]);
      inputs.push_back(dilateAndPad(rewriter, loc, adaptor.getInputs()[k], init,
                                    baseDilations, lo, hi));
      inits.push_back(filled(rewriter, loc, cast<RankedTensorType>(resultTypes[k]), init, {}));
    }
    // The window operand only gives the reduction loops their bounds.
    Value windowShape = rewriter.create<tensor::EmptyOp>(loc, window, rewriter.getI8Type());
    inputs.push_back(windowShape);

    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineExpr> inputExprs, windowExprs, outputExprs;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr o = getAffineDimExpr(d, context), w = getAffineDimExpr(rank + d, context);
      inputExprs.push_back(o * strides[d] + w * windowDilations[d]);
      windowExprs.push_back(w);
      outputExprs.push_back(o);
    }
    SmallVector<AffineMap> maps(n, AffineMap::get(2 * rank, 0, inputExprs, context));
    maps.push_back(AffineMap::get(2 * rank, 0, windowExprs, context));
    maps.append(n, AffineMap::get(2 * rank, 0, outputExprs, context));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    iterators.append(rank, utils::IteratorType::reduction);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultTypes, inputs, inits, maps, iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          // (inputs..., window, accumulators...) -> (acc..., x...).
          SmallVector<Value> bodyArgs(args.drop_front(n + 1));
          llvm::append_range(bodyArgs, args.take_front(n));
          b.create<linalg::YieldOp>(bodyLoc, body->emit(b, bodyLoc, bodyArgs));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

//===- select_and_scatter --------------------------------------------------===//

struct SelectAndScatterToSCF : public OpConversionPattern<hlo::SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (failed(convertResultTypes(getTypeConverter(), op, resultTypes)) ||
        !hasSupportedElements(op.getSource().getType()))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value operand = adaptor.getOperand(), source = adaptor.getSource();
    auto resultType = cast<RankedTensorType>(resultTypes[0]);
    int64_t rank = resultType.getRank();
    SmallVector<int64_t> window = attrOr(op.getWindowDimensions(), rank, 1);
    SmallVector<int64_t> strides = attrOr(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> lo, hi;
    if (static_cast<int64_t>(window.size()) != rank ||
        static_cast<int64_t>(strides.size()) != rank ||
        failed(readPadding(op.getPadding(), rank, lo, hi)))
      return rewriter.notifyMatchFailure(op, "bad window attributes");
    std::unique_ptr<ScalarRegion> select =
        ScalarRegion::lower(op.getSelect(), *getTypeConverter());
    std::unique_ptr<ScalarRegion> scatter =
        ScalarRegion::lower(op.getScatter(), *getTypeConverter());
    if (!select || !scatter)
      return rewriter.notifyMatchFailure(op, "regions do not lower to scalar code");

    SmallVector<Value> operandSizes = dimSizes(rewriter, loc, operand);
    SmallVector<Value> sourceSizes = dimSizes(rewriter, loc, source);
    SmallVector<Value> dynamicSizes;
    for (int64_t d = 0; d < rank; ++d)
      if (resultType.isDynamicDim(d))
        dynamicSizes.push_back(operandSizes[d]);
    Value init = scalarOf(rewriter, loc, adaptor.getInitValue());
    Value result = filled(rewriter, loc, resultType, init, dynamicSizes);
    Value zero = indexConstant(rewriter, loc, 0), one = indexConstant(rewriter, loc, 1);
    SmallVector<Value> lbs(rank, zero), steps(rank, one), windowSizes;
    for (int64_t d = 0; d < rank; ++d)
      windowSizes.push_back(indexConstant(rewriter, loc, window[d]));

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, sourceSizes, steps, ValueRange{result},
        [&](OpBuilder &b, Location l, ValueRange sourceIndex, ValueRange current) {
          // Select over the window's in-bounds elements, in row-major order;
          // padding is never selected.
          SmallVector<Value> initialState{init};
          initialState.append(rank, zero);
          initialState.push_back(b.create<arith::ConstantIntOp>(l, 0, 1));
          scf::LoopNest scan = scf::buildLoopNest(
              b, l, lbs, windowSizes, steps, initialState,
              [&](OpBuilder &b, Location l, ValueRange offset, ValueRange state) {
                SmallVector<Value> position, checks;
                for (int64_t d = 0; d < rank; ++d) {
                  Value start = b.create<arith::MulIOp>(
                      l, sourceIndex[d], indexConstant(b, l, strides[d]));
                  Value p = b.create<arith::AddIOp>(l, start, offset[d]);
                  p = b.create<arith::SubIOp>(l, p, indexConstant(b, l, lo[d]));
                  position.push_back(p);
                  checks.push_back(inBounds(b, l, p, operandSizes[d]));
                }
                auto step = b.create<scf::IfOp>(
                    l, allOf(b, l, checks),
                    [&](OpBuilder &b, Location l) {
                      Value candidate = b.create<tensor::ExtractOp>(l, operand, position);
                      Value selected = state[0], found = state[rank + 1];
                      Value keep = select->emit(b, l, {selected, candidate})[0];
                      keep = b.create<arith::AndIOp>(l, keep, found);
                      SmallVector<Value> next{
                          b.create<arith::SelectOp>(l, keep, selected, candidate)};
                      for (int64_t d = 0; d < rank; ++d)
                        next.push_back(b.create<arith::SelectOp>(l, keep, state[1 + d],
                                                                 position[d]));
                      next.push_back(b.create<arith::ConstantIntOp>(l, 1, 1));
                      b.create<scf::YieldOp>(l, next);
                    },
                    [&](OpBuilder &b, Location l) { b.create<scf::YieldOp>(l, state); });
                return scf::ValueVector(step.getResults());
              });
          ValueRange selectedIndex = ValueRange(scan.results).slice(1, rank);
          Value found = scan.results[rank + 1];
          auto update = b.create<scf::IfOp>(
              l, found,
              [&](OpBuilder &b, Location l) {
                Value old = b.create<tensor::ExtractOp>(l, current[0], selectedIndex);
                Value value = b.create<tensor::ExtractOp>(l, source, sourceIndex);
                Value combined = scatter->emit(b, l, {old, value})[0];
                b.create<scf::YieldOp>(
                    l, ValueRange{b.create<tensor::InsertOp>(l, combined, current[0],
                                                             selectedIndex)});
              },
              [&](OpBuilder &b, Location l) { b.create<scf::YieldOp>(l, current); });
          return scf::ValueVector(update.getResults());
        });
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void populateReductionToLinalgPatterns(TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<MapToLinalg, ReduceToLinalg, ReduceWindowToLinalg, ScatterToSCF,
               SelectAndScatterToSCF, SortToSCF>(converter, patterns.getContext());
}

} // namespace oxla

//===- LowerReductions.cpp - Reductions over the last dimension as loops --===//
//
// See Passes.td.
//
// Rows: the loop over row groups is an scf.parallel (tasks, later), each
// group keeps one accumulator per row and output in registers (scf.for
// iter_args) and reads the rows side by side:
//
//   for j in [0, N): acc[l] = body(in[..., r + l, j], acc[l]), l < kRows
//
// Each row is still summed in order, j = 0, 1, ..., N - 1, from the output's
// initial value, as the interpreter sums it; the kRows chains run in
// parallel in the CPU instead of one after the other.
//
// When the body is arith and math ops that apply lane by lane and the rows
// are contiguous, the kRows accumulators are the lanes of one vector: each
// step loads kRows x kRows elements (a vector per row), transposes them in
// registers (shuffles) and applies the body to the columns, j in order.
// Generic scalar loads would make LLVM assemble that vector one element at
// a time.
//
// Lanes, for bodies whose result does not depend on the order (max, min,
// bitwise ops, integer add and mul, which wrap): lane l takes the elements
// j = l (mod kLanes), as a vector of kLanes when the row is contiguous
// (LLVM's SLP vectorizer does not find that vector in the scalar loop's
// NaN-propagating max); the lanes are combined in a tree, then with the
// tail and the initial value.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace oxla {
#define GEN_PASS_DEF_LOWERREDUCTIONS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

constexpr int64_t kRows = 8;
constexpr int64_t kLanes = 16;

/// Whether the body is one op whose result is the same in any order and
/// grouping (exactly, not just up to rounding).
bool isOrderFree(linalg::ReduceOp op) {
  Block &body = op.getCombiner().front();
  if (op.getInputs().size() != 1 || body.getOperations().size() != 2)
    return false;
  Operation &combiner = body.front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getValues()[0] != combiner.getResult(0) || combiner.getNumOperands() != 2 ||
      !llvm::is_contained(combiner.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combiner.getOperands(), body.getArgument(1)))
    return false;
  return isa<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp,
             arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp, arith::AndIOp,
             arith::OrIOp, arith::XOrIOp, arith::AddIOp, arith::MulIOp>(combiner);
}

/// Element types whose arith ops LLVM vectorizes natively.
bool isVectorElement(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  return type.isSignlessInteger() && type.getIntOrFloatBitWidth() >= 8 &&
         type.getIntOrFloatBitWidth() <= 64;
}

/// Whether consecutive elements of `memref`'s last dimension are adjacent,
/// so that a vector.load reads them.
bool hasContiguousRows(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return isVectorElement(type.getElementType()) &&
         succeeded(getStridesAndOffset(type, strides, offset)) && !strides.empty() &&
         strides.back() == 1;
}

/// Whether the body computes the same on vectors, lane by lane: arith and
/// math ops only, on vectorizable elements (and i1 conditions).
bool hasLanewiseBody(linalg::ReduceOp op) {
  if (!llvm::all_of(op.getInputs(), hasContiguousRows) ||
      !llvm::all_of(op.getInits(), [](Value init) {
        return isVectorElement(cast<MemRefType>(init.getType()).getElementType());
      }))
    return false;
  auto isLaneType = [](Type type) { return isVectorElement(type) || type.isInteger(1); };
  for (Operation &inner : op.getCombiner().front().without_terminator()) {
    if (!isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()) ||
        !OpTrait::hasElementwiseMappableTraits(&inner) || inner.getNumRegions() != 0 ||
        !llvm::all_of(inner.getOperandTypes(), isLaneType) ||
        !llvm::all_of(inner.getResultTypes(), isLaneType))
      return false;
  }
  return true;
}

class ReductionLowering {
public:
  ReductionLowering(linalg::ReduceOp op, OpBuilder &b)
      : op(op), b(b), loc(op.getLoc()),
        rank(cast<MemRefType>(op.getInputs()[0].getType()).getRank()) {}

  /// The body applied to (inputs, accumulators): the new accumulators. With
  /// `width`, the operands are vectors of `width` lanes and the body applies
  /// lane by lane (hasLanewiseBody); values it uses from outside are
  /// broadcast.
  SmallVector<Value> combine(OpBuilder &builder, ValueRange inputs, ValueRange accumulators,
                             int64_t width = 0) {
    Block &body = op.getCombiner().front();
    SmallVector<Value> operands(inputs);
    llvm::append_range(operands, accumulators);
    IRMapping mapping;
    mapping.map(body.getArguments(), operands);
    auto mapped = [&](Value value) {
      if (width && !mapping.contains(value))
        mapping.map(value, builder.create<vector::BroadcastOp>(
                               loc, VectorType::get({width}, value.getType()), value));
      return mapping.lookupOrDefault(value);
    };
    for (Operation &inner : body.without_terminator()) {
      for (Value operand : inner.getOperands())
        mapped(operand);
      Operation *clone = builder.clone(inner, mapping);
      if (width)
        for (Value result : clone->getResults())
          result.setType(VectorType::get({width}, result.getType()));
    }
    SmallVector<Value> results;
    for (Value value : cast<linalg::YieldOp>(body.getTerminator()).getValues())
      results.push_back(mapped(value));
    return results;
  }

  /// c[k][l] = r[l][k] for kRows vectors of kRows lanes: the unpack,
  /// shuffle and lane-permute steps that x86 has single instructions for.
  SmallVector<Value> transpose(OpBuilder &builder, ArrayRef<Value> r) {
    static_assert(kRows == 8, "the shuffle masks are for 8 x 8");
    auto shuffle = [&](Value x, Value y, ArrayRef<int64_t> mask) -> Value {
      return builder.create<vector::ShuffleOp>(loc, x, y, mask);
    };
    const int64_t pairsLow[] = {0, 8, 1, 9, 4, 12, 5, 13},
                  pairsHigh[] = {2, 10, 3, 11, 6, 14, 7, 15};
    const int64_t quadsLow[] = {0, 1, 8, 9, 4, 5, 12, 13},
                  quadsHigh[] = {2, 3, 10, 11, 6, 7, 14, 15};
    const int64_t halvesLow[] = {0, 1, 2, 3, 8, 9, 10, 11},
                  halvesHigh[] = {4, 5, 6, 7, 12, 13, 14, 15};
    // t[2i], t[2i + 1]: rows 2i and 2i + 1 interleaved, columns {0, 1, 4, 5}
    // and {2, 3, 6, 7}.
    Value t[kRows], u[kRows];
    SmallVector<Value> c(kRows);
    for (int64_t i = 0; i < kRows / 2; ++i) {
      t[2 * i] = shuffle(r[2 * i], r[2 * i + 1], pairsLow);
      t[2 * i + 1] = shuffle(r[2 * i], r[2 * i + 1], pairsHigh);
    }
    // u[4h + k]: rows 4h ... 4h + 3 of columns k and k + 4.
    for (int64_t h = 0; h < 2; ++h) {
      int64_t b = 4 * h;
      u[b] = shuffle(t[b], t[b + 2], quadsLow);
      u[b + 1] = shuffle(t[b], t[b + 2], quadsHigh);
      u[b + 2] = shuffle(t[b + 1], t[b + 3], quadsLow);
      u[b + 3] = shuffle(t[b + 1], t[b + 3], quadsHigh);
    }
    for (int64_t k = 0; k < kRows / 2; ++k) {
      c[k] = shuffle(u[k], u[k + 4], halvesLow);
      c[k + 4] = shuffle(u[k], u[k + 4], halvesHigh);
    }
    return c;
  }

  Value size(int64_t dim) { return b.createOrFold<memref::DimOp>(loc, op.getInputs()[0], dim); }
  Value index(OpBuilder &builder, int64_t value) {
    return builder.create<arith::ConstantIndexOp>(loc, value);
  }

  /// Rows [prefix..., row, row + rows): one accumulator each, in order.
  void reduceRows(OpBuilder &builder, ValueRange prefix, Value row, int64_t rows, Value n) {
    auto rowIndex = [&](OpBuilder &bb, int64_t l) -> SmallVector<Value> {
      SmallVector<Value> indices(prefix.begin(), prefix.end());
      indices.push_back(l == 0 ? row
                               : bb.create<arith::AddIOp>(loc, row, index(bb, l)).getResult());
      return indices;
    };
    SmallVector<SmallVector<Value>> rowIndices;
    for (int64_t l = 0; l < rows; ++l)
      rowIndices.push_back(rowIndex(builder, l));
    size_t outs = op.getInits().size();
    // inits[l * outs + k]: row l's accumulator of output k.
    SmallVector<Value> inits;
    for (int64_t l = 0; l < rows; ++l)
      for (Value init : op.getInits())
        inits.push_back(builder.create<memref::LoadOp>(loc, init, rowIndices[l]));
    Value start = index(builder, 0);
    if (rows == kRows && hasLanewiseBody(op))
      std::tie(start, inits) = reduceRowBlocks(builder, rowIndices, inits, n);
    auto loop = builder.create<scf::ForOp>(
        loc, start, n, index(builder, 1), inits,
        [&](OpBuilder &bb, Location, Value j, ValueRange accumulators) {
          SmallVector<Value> next;
          for (int64_t l = 0; l < rows; ++l) {
            SmallVector<Value> indices = rowIndices[l];
            indices.push_back(j);
            SmallVector<Value> inputs;
            for (Value input : op.getInputs())
              inputs.push_back(bb.create<memref::LoadOp>(loc, input, indices));
            llvm::append_range(next, combine(bb, inputs, accumulators.slice(l * outs, outs)));
          }
          bb.create<scf::YieldOp>(loc, next);
        });
    for (int64_t l = 0; l < rows; ++l)
      for (auto [k, init] : llvm::enumerate(op.getInits()))
        builder.create<memref::StoreOp>(loc, loop.getResult(l * outs + k), init, rowIndices[l]);
  }

  /// The columns [0, n - n mod kRows) of kRows rows, the accumulators in
  /// one vector per output: a block of kRows columns at a time, transposed,
  /// its columns combined in order. Returns the first column left and the
  /// accumulators as scalars (the layout of reduceRows).
  std::pair<Value, SmallVector<Value>> reduceRowBlocks(OpBuilder &builder,
                                                       ArrayRef<SmallVector<Value>> rowIndices,
                                                       ArrayRef<Value> scalars, Value n) {
    size_t outs = op.getInits().size();
    SmallVector<Value> vectors;
    for (size_t k = 0; k < outs; ++k) {
      SmallVector<Value> lanes;
      for (int64_t l = 0; l < kRows; ++l)
        lanes.push_back(scalars[l * outs + k]);
      vectors.push_back(builder.create<vector::FromElementsOp>(
          loc, VectorType::get({kRows}, lanes[0].getType()), lanes));
    }
    Value step = index(builder, kRows);
    Value end =
        builder.create<arith::MulIOp>(loc, builder.create<arith::DivUIOp>(loc, n, step), step);
    auto loop = builder.create<scf::ForOp>(
        loc, index(builder, 0), end, step, vectors,
        [&](OpBuilder &bb, Location, Value j, ValueRange accumulators) {
          // columns[i][c]: column j + c of input i across the rows.
          SmallVector<SmallVector<Value>> columns;
          for (Value input : op.getInputs()) {
            auto type =
                VectorType::get({kRows}, cast<MemRefType>(input.getType()).getElementType());
            SmallVector<Value> rows;
            for (int64_t l = 0; l < kRows; ++l) {
              SmallVector<Value> indices = rowIndices[l];
              indices.push_back(j);
              rows.push_back(bb.create<vector::LoadOp>(loc, type, input, indices));
            }
            columns.push_back(transpose(bb, rows));
          }
          SmallVector<Value> acc(accumulators);
          for (int64_t c = 0; c < kRows; ++c) {
            SmallVector<Value> inputs;
            for (auto &column : columns)
              inputs.push_back(column[c]);
            acc = combine(bb, inputs, acc, kRows);
          }
          bb.create<scf::YieldOp>(loc, acc);
        });
    SmallVector<Value> result(scalars.size());
    for (size_t k = 0; k < outs; ++k)
      for (int64_t l = 0; l < kRows; ++l)
        result[l * outs + k] = builder.create<vector::ExtractOp>(loc, loop.getResult(k), l);
    return {end, result};
  }

  /// One row, order-free: kLanes accumulators over j = l (mod kLanes).
  void reduceLanes(OpBuilder &builder, ValueRange prefix, int64_t n) {
    Value input = op.getInputs()[0], init = op.getInits()[0];
    auto at = [&](OpBuilder &bb, Value j) {
      SmallVector<Value> indices(prefix.begin(), prefix.end());
      indices.push_back(j);
      return bb.create<memref::LoadOp>(loc, input, indices).getResult();
    };
    int64_t full = n / kLanes * kLanes;
    SmallVector<Value> lanes;
    if (hasLanewiseBody(op)) {
      auto type = VectorType::get({kLanes}, cast<MemRefType>(input.getType()).getElementType());
      auto load = [&](OpBuilder &bb, Value j) -> Value {
        SmallVector<Value> indices(prefix.begin(), prefix.end());
        indices.push_back(j);
        return bb.create<vector::LoadOp>(loc, type, input, indices);
      };
      auto loop = builder.create<scf::ForOp>(
          loc, index(builder, kLanes), index(builder, full), index(builder, kLanes),
          ValueRange{load(builder, index(builder, 0))},
          [&](OpBuilder &bb, Location, Value j, ValueRange accumulators) {
            bb.create<scf::YieldOp>(loc, combine(bb, {load(bb, j)}, accumulators, kLanes));
          });
      for (int64_t l = 0; l < kLanes; ++l)
        lanes.push_back(builder.create<vector::ExtractOp>(loc, loop.getResult(0), l));
    } else {
      for (int64_t l = 0; l < kLanes; ++l)
        lanes.push_back(at(builder, index(builder, l)));
      auto loop = builder.create<scf::ForOp>(
          loc, index(builder, kLanes), index(builder, full), index(builder, kLanes), lanes,
          [&](OpBuilder &bb, Location, Value j, ValueRange accumulators) {
            SmallVector<Value> next;
            for (int64_t l = 0; l < kLanes; ++l) {
              Value x = at(bb, bb.create<arith::AddIOp>(loc, j, index(bb, l)));
              next.push_back(combine(bb, {x}, {accumulators[l]})[0]);
            }
            bb.create<scf::YieldOp>(loc, next);
          });
      lanes.assign(loop.getResults().begin(), loop.getResults().end());
    }
    while (lanes.size() > 1) {
      SmallVector<Value> halved;
      for (size_t l = 0; l < lanes.size() / 2; ++l)
        halved.push_back(combine(builder, {lanes[l]}, {lanes[l + lanes.size() / 2]})[0]);
      lanes = halved;
    }
    Value acc =
        combine(builder, {lanes[0]}, {builder.create<memref::LoadOp>(loc, init, prefix)})[0];
    for (int64_t j = full; j < n; ++j)
      acc = combine(builder, {at(builder, index(builder, j))}, {acc})[0];
    builder.create<memref::StoreOp>(loc, acc, init, prefix);
  }

  /// A parallel loop over [lbs, ubs) with `steps`; the body inline when
  /// there are no dimensions.
  void parallel(ArrayRef<Value> lbs, ArrayRef<Value> ubs, ArrayRef<Value> steps,
                function_ref<void(OpBuilder &, ValueRange)> body) {
    if (lbs.empty()) {
      body(b, {});
      return;
    }
    b.create<scf::ParallelOp>(loc, lbs, ubs, steps,
                              [&](OpBuilder &bb, Location, ValueRange ivs) { body(bb, ivs); });
  }

  LogicalResult run() {
    ArrayRef<int64_t> dims = op.getDimensions();
    if (dims.size() != 1 || dims[0] != rank - 1)
      return failure();
    auto inputType = cast<MemRefType>(op.getInputs()[0].getType());
    int64_t staticN = inputType.getDimSize(rank - 1);
    b.setInsertionPoint(op);
    SmallVector<Value> zeros, ones, sizes;
    for (int64_t d = 0; d + 1 < rank; ++d) {
      zeros.push_back(index(b, 0));
      ones.push_back(index(b, 1));
      sizes.push_back(size(d));
    }
    if (isOrderFree(op) && !ShapedType::isDynamic(staticN) && staticN >= 2 * kLanes) {
      parallel(zeros, sizes, ones,
               [&](OpBuilder &bb, ValueRange ivs) { reduceLanes(bb, ivs, staticN); });
      return success();
    }
    if (rank < 2)
      return failure();
    Value n = size(rank - 1), rows = sizes.back();
    Value groups = b.create<arith::MulIOp>(
        loc, b.create<arith::DivUIOp>(loc, rows, index(b, kRows)), index(b, kRows));
    SmallVector<Value> ubs = sizes, steps = ones;
    ubs.back() = groups;
    steps.back() = index(b, kRows);
    parallel(zeros, ubs, steps, [&](OpBuilder &bb, ValueRange ivs) {
      reduceRows(bb, ivs.drop_back(), ivs.back(), kRows, n);
    });
    SmallVector<Value> lbs = zeros;
    lbs.back() = groups;
    parallel(lbs, sizes, ones, [&](OpBuilder &bb, ValueRange ivs) {
      reduceRows(bb, ivs.drop_back(), ivs.back(), 1, n);
    });
    return success();
  }

private:
  linalg::ReduceOp op;
  OpBuilder &b;
  Location loc;
  int64_t rank;
};

struct LowerReductions : public oxla::impl::LowerReductionsBase<LowerReductions> {
  void runOnOperation() override {
    SmallVector<linalg::ReduceOp> reductions;
    getOperation().walk([&](linalg::ReduceOp op) {
      if (op.hasPureBufferSemantics())
        reductions.push_back(op);
    });
    OpBuilder b(&getContext());
    for (linalg::ReduceOp op : reductions) {
      ReductionLowering lowering(op, b);
      if (succeeded(lowering.run()))
        op.erase();
    }
  }
};

} // namespace

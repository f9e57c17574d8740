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
// Lanes, for bodies whose result does not depend on the order (max, min,
// bitwise ops, integer add and mul, which wrap): lane l takes the elements
// j = l (mod kLanes); the lanes are combined in a tree, then with the
// tail and the initial value. The lane loop is what LLVM's SLP vectorizer
// turns into vector operations.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

class ReductionLowering {
public:
  ReductionLowering(linalg::ReduceOp op, OpBuilder &b)
      : op(op), b(b), loc(op.getLoc()), rank(cast<MemRefType>(op.getInputs()[0].getType()).getRank()) {}

  /// The body applied to (inputs, accumulators): the new accumulators.
  SmallVector<Value> combine(OpBuilder &builder, ValueRange inputs, ValueRange accumulators) {
    Block &body = op.getCombiner().front();
    SmallVector<Value> operands(inputs);
    llvm::append_range(operands, accumulators);
    IRMapping mapping;
    mapping.map(body.getArguments(), operands);
    for (Operation &inner : body.without_terminator())
      builder.clone(inner, mapping);
    SmallVector<Value> results;
    for (Value value : cast<linalg::YieldOp>(body.getTerminator()).getValues())
      results.push_back(mapping.lookupOrDefault(value));
    return results;
  }

  Value size(int64_t dim) {
    return b.createOrFold<memref::DimOp>(loc, op.getInputs()[0], dim);
  }
  Value index(OpBuilder &builder, int64_t value) {
    return builder.create<arith::ConstantIndexOp>(loc, value);
  }

  /// Rows [prefix..., row, row + rows): one accumulator each, in order.
  void reduceRows(OpBuilder &builder, ValueRange prefix, Value row, int64_t rows, Value n) {
    auto rowIndex = [&](OpBuilder &bb, int64_t l) -> SmallVector<Value> {
      SmallVector<Value> indices(prefix.begin(), prefix.end());
      indices.push_back(l == 0 ? row : bb.create<arith::AddIOp>(loc, row, index(bb, l)).getResult());
      return indices;
    };
    SmallVector<SmallVector<Value>> rowIndices;
    SmallVector<Value> inits;
    for (int64_t l = 0; l < rows; ++l) {
      rowIndices.push_back(rowIndex(builder, l));
      for (Value init : op.getInits())
        inits.push_back(builder.create<memref::LoadOp>(loc, init, rowIndices.back()));
    }
    size_t outs = op.getInits().size();
    auto loop = builder.create<scf::ForOp>(
        loc, index(builder, 0), n, index(builder, 1), inits,
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

  /// One row, order-free: kLanes accumulators over j = l (mod kLanes).
  void reduceLanes(OpBuilder &builder, ValueRange prefix, int64_t n) {
    Value input = op.getInputs()[0], init = op.getInits()[0];
    auto at = [&](OpBuilder &bb, Value j) {
      SmallVector<Value> indices(prefix.begin(), prefix.end());
      indices.push_back(j);
      return bb.create<memref::LoadOp>(loc, input, indices).getResult();
    };
    SmallVector<Value> lanes;
    for (int64_t l = 0; l < kLanes; ++l)
      lanes.push_back(at(builder, index(builder, l)));
    int64_t full = n / kLanes * kLanes;
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
    while (lanes.size() > 1) {
      SmallVector<Value> halved;
      for (size_t l = 0; l < lanes.size() / 2; ++l)
        halved.push_back(combine(builder, {lanes[l]}, {lanes[l + lanes.size() / 2]})[0]);
      lanes = halved;
    }
    Value acc = combine(builder, {lanes[0]}, {builder.create<memref::LoadOp>(loc, init, prefix)})[0];
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

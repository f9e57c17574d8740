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
// bitwise ops, integer add and mul, which wrap) and, unless sums stay in
// order, f32/f64 sums: lane l takes the elements j = l (mod kLanes), as a
// vector of kLanes when the row is contiguous (LLVM's SLP vectorizer does
// not find that vector in the scalar loop's NaN-propagating max), kChains
// such vectors side by side on long rows; the vectors and then the lanes
// are combined in a tree, then with the tail and the initial value. A sum
// in lanes is also more accurate than one chain: each lane adds n / 16
// terms.
//
// Producer: when the reduced buffer is written just before by an
// elementwise linalg.generic (exp(x - max) in softmax, (x - mean)^2 in
// layer norm), the loops compute each element where they read it, from the
// producer's inputs, and store it only if something else reads the buffer:
// one pass over the data instead of two. The in-order rows then take 16
// columns a step (full 512-bit vectors for the producer) and add each
// block in the step after the one that computes it, so that the
// producer's arithmetic runs while the in-order adds wait on one another.
//
// Prefetch: a producer that calls a math function (exp in softmax) makes
// its loop compute-bound, while the tile's first pass over its input (the
// max) waits on memory. When that input is a tile of a buffer that the
// enclosing parallel loop moves tile by tile, the lane loop also
// prefetches into L2 the next tile's line for each line it reads: the next
// tile's first pass then reads L2 (W2 softmax -10%). One prefetch per line,
// spread over the loop; a burst of them at the start of the tile stalls the
// loads behind it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

#include <cstdlib>
#include <string_view>

namespace oxla {
#define GEN_PASS_DEF_LOWERREDUCTIONS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

constexpr int64_t kRows = 8;
constexpr int64_t kLanes = 16;
constexpr int64_t kChains = 4;

/// Whether the body is one op whose result is the same in any order and
/// grouping (exactly, not just up to rounding).
bool isOrderFree(linalg::ReduceOp op, bool reassociateSums) {
  Block &body = op.getCombiner().front();
  if (op.getInputs().size() != 1 || body.getOperations().size() != 2)
    return false;
  Operation &combiner = body.front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getValues()[0] != combiner.getResult(0) || combiner.getNumOperands() != 2 ||
      !llvm::is_contained(combiner.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combiner.getOperands(), body.getArgument(1)))
    return false;
  if (reassociateSums && isa<arith::AddFOp>(combiner) &&
      isa<Float32Type, Float64Type>(combiner.getResult(0).getType()))
    return true;
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

/// The vector variant of `call`'s callee for `width` lanes, from the
/// callee's `vector-function-abi-variant` entries
/// (`_ZGV_LLVM_N<width>v_<name>(<variant>)`, as oxla-expand-math writes
/// them), or null.
func::FuncOp vectorVariant(func::CallOp call, int64_t width) {
  auto module = call->getParentOfType<ModuleOp>();
  auto callee = module ? module.lookupSymbol<func::FuncOp>(call.getCalleeAttr()) : nullptr;
  auto passthrough = callee ? callee->getAttrOfType<ArrayAttr>("passthrough") : nullptr;
  if (!passthrough)
    return {};
  std::string prefix = ("_ZGV_LLVM_N" + Twine(width) + "v_" + call.getCallee() + "(").str();
  for (Attribute entry : passthrough) {
    auto pair = dyn_cast<ArrayAttr>(entry);
    if (!pair || pair.size() != 2 || pair[0] != StringAttr::get(call.getContext(),
                                                                 "vector-function-abi-variant"))
      continue;
    auto list = dyn_cast<StringAttr>(pair[1]);
    SmallVector<StringRef> variants;
    if (list)
      list.getValue().split(variants, ',');
    for (StringRef variant : variants) {
      variant = variant.trim();
      if (!variant.consume_front(prefix) || !variant.consume_back(")"))
        continue;
      auto fn = module.lookupSymbol<func::FuncOp>(variant);
      auto vectorOf = [&](Type type) -> Type { return VectorType::get({width}, type); };
      if (fn && fn.getFunctionType() ==
                    FunctionType::get(call.getContext(),
                                      llvm::map_to_vector(call.getOperandTypes(), vectorOf),
                                      llvm::map_to_vector(call.getResultTypes(), vectorOf)))
        return fn;
    }
  }
  return {};
}

/// Whether `inner` computes the same on vectors of kRows and of kLanes
/// lanes, lane by lane: an elementwise arith or math op, or a call of a
/// function with vector variants of both widths, on vectorizable elements
/// (and i1 conditions).
bool isLanewise(Operation &inner) {
  auto isLaneType = [](Type type) { return isVectorElement(type) || type.isInteger(1); };
  if (!llvm::all_of(inner.getOperandTypes(), isLaneType) ||
      !llvm::all_of(inner.getResultTypes(), isLaneType))
    return false;
  if (auto call = dyn_cast<func::CallOp>(inner))
    return vectorVariant(call, kRows) && vectorVariant(call, kLanes);
  return isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()) &&
         OpTrait::hasElementwiseMappableTraits(&inner) && inner.getNumRegions() == 0;
}

/// Whether the body computes the same on vectors, lane by lane.
bool hasLanewiseBody(linalg::ReduceOp op) {
  if (!llvm::all_of(op.getInputs(), hasContiguousRows) ||
      !llvm::all_of(op.getInits(), [](Value init) {
        return isVectorElement(cast<MemRefType>(init.getType()).getElementType());
      }))
    return false;
  return llvm::all_of(op.getCombiner().front().without_terminator(), isLanewise);
}

/// The ops of `body` applied to `args` (its first arguments): the values it
/// yields. With `width`, the arguments are vectors of `width` lanes and
/// every op applies lane by lane (isLanewise); values from outside are
/// broadcast and calls go to the callee's vector variant.
SmallVector<Value> applyBody(OpBuilder &builder, Location loc, Block &body, ValueRange args,
                             int64_t width) {
  IRMapping mapping;
  mapping.map(body.getArguments().take_front(args.size()), args);
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
    if (!width)
      continue;
    if (auto call = dyn_cast<func::CallOp>(clone))
      call.setCallee(vectorVariant(cast<func::CallOp>(inner), width).getSymName());
    for (Value result : clone->getResults())
      result.setType(VectorType::get({width}, result.getType()));
  }
  return llvm::map_to_vector(body.getTerminator()->getOperands(), mapped);
}

/// The memref that `value` views (through subviews, casts and reshapes).
Value rootBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<memref::SubViewOp, memref::CastOp, memref::ReinterpretCastOp,
             memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// Whether `a` and `b` are views of different buffers: two allocations, or
/// two arguments of a function (oxla's entry points: the runtime allocates
/// each result on its own, and arguments are only read), or one of each,
/// or constants.
bool distinctBuffers(Value a, Value b) {
  auto known = [](Value root) {
    if (auto argument = dyn_cast<BlockArgument>(root))
      return isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
    return isa_and_nonnull<memref::AllocOp, memref::GetGlobalOp>(root.getDefiningOp());
  };
  a = rootBuffer(a);
  b = rootBuffer(b);
  return a != b && known(a) && known(b);
}

/// An elementwise linalg.generic that writes the reduction's input `input`
/// just before it; `store`: whether anything else reads that buffer.
struct Producer {
  linalg::GenericOp op;
  unsigned input;
  bool store;
};

/// The producer of one of `op`'s inputs whose elements the reduction's
/// loops can compute where they read them, as vectors too: the op before
/// `op` (but for allocations and fills of buffers allocated after it), with
/// identity output, parallel loops and a lane-by-lane body, that reads
/// neither its output nor the reduction's outputs, and whose operands are
/// read along their last dimension (contiguous) or not along the reduced
/// dimension at all.
std::optional<Producer> findProducer(linalg::ReduceOp op) {
  Operation *prev = op->getPrevNode();
  SmallVector<linalg::FillOp> fills;
  DenseSet<Value> fresh;
  for (; prev; prev = prev->getPrevNode()) {
    if (auto alloc = dyn_cast<memref::AllocOp>(prev))
      fresh.insert(alloc);
    else if (auto fill = dyn_cast<linalg::FillOp>(prev); fill && fill.hasPureBufferSemantics())
      fills.push_back(fill);
    else
      break;
  }
  auto generic = dyn_cast_or_null<linalg::GenericOp>(prev);
  if (!generic || !generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      !llvm::all_of(fills, [&](linalg::FillOp fill) {
        return fresh.contains(fill.getOutputs()[0]);
      }))
    return std::nullopt;
  OpOperand *out = generic.getDpsInitOperand(0);
  Value buffer = out->get();
  auto inputIt = llvm::find(op.getInputs(), buffer);
  int64_t rank = cast<MemRefType>(buffer.getType()).getRank();
  Block &body = generic.getRegion().front();
  if (inputIt == op.getInputs().end() || llvm::count(op.getInputs(), buffer) != 1 ||
      !generic.getMatchingIndexingMap(out).isIdentity() ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !body.getArgument(generic.getNumDpsInputs()).use_empty() ||
      !isVectorElement(cast<MemRefType>(buffer.getType()).getElementType()) ||
      !llvm::all_of(body.without_terminator(), isLanewise))
    return std::nullopt;
  for (Value other : op.getOperands())
    if (other != buffer && !distinctBuffers(other, buffer))
      return std::nullopt;
  for (OpOperand *operand : generic.getDpsInputOperands()) {
    Value value = operand->get();
    if (!isa<MemRefType>(value.getType()))
      continue;
    for (Value written : op.getInits())
      if (!distinctBuffers(value, written))
        return std::nullopt;
    if (!distinctBuffers(value, buffer))
      return std::nullopt;
    AffineMap map = generic.getMatchingIndexingMap(operand);
    if (!map.isProjectedPermutation())
      return std::nullopt;
    std::optional<unsigned> reduced = map.getResultPosition(getAffineDimExpr(rank - 1,
                                                                             op.getContext()));
    if (reduced && (*reduced + 1 != map.getNumResults() || !hasContiguousRows(value)))
      return std::nullopt;
  }
  bool store = llvm::any_of(buffer.getUsers(), [&](Operation *user) {
    return user != generic && user != op && !isa<memref::DeallocOp>(user);
  });
  return Producer{generic, static_cast<unsigned>(inputIt - op.getInputs().begin()),
                  store || !buffer.getDefiningOp<memref::AllocOp>()};
}

/// `view`, a tile of `source` that the enclosing parallel loop moves along
/// `dim`: the loop's next iteration reads `step` further along it.
struct TiledView {
  memref::SubViewOp subview;
  int64_t dim, step;
};

std::optional<TiledView> tiledView(Value view) {
  auto subview = view.getDefiningOp<memref::SubViewOp>();
  if (!subview || subview.getSourceType().getRank() != subview.getType().getRank() ||
      !llvm::all_of(subview.getStaticStrides(), [](int64_t s) { return s == 1; }))
    return std::nullopt;
  for (auto [dim, offset] : llvm::enumerate(subview.getMixedOffsets())) {
    auto iv = dyn_cast_if_present<BlockArgument>(dyn_cast<Value>(offset));
    auto loop = iv ? dyn_cast<scf::ParallelOp>(iv.getOwner()->getParentOp()) : nullptr;
    if (!loop || !loop.isDefinedOutsideOfLoop(subview.getSource()))
      continue;
    std::optional<int64_t> step = getConstantIntValue(loop.getStep()[iv.getArgNumber()]);
    if (step && *step == subview.getStaticSizes()[dim])
      return TiledView{subview, static_cast<int64_t>(dim), *step};
  }
  return std::nullopt;
}

class ReductionLowering {
public:
  ReductionLowering(linalg::ReduceOp op, OpBuilder &b, bool reassociateSums)
      : op(op), b(b), loc(op.getLoc()),
        rank(cast<MemRefType>(op.getInputs()[0].getType()).getRank()),
        reassociateSums(reassociateSums) {}

  /// The producer whose elements the loops compute (run() finds it).
  std::optional<Producer> fusedProducer() const { return producer; }

  /// The body applied to (inputs, accumulators): the new accumulators. With
  /// `width`, the operands are vectors of `width` lanes (hasLanewiseBody).
  SmallVector<Value> combine(OpBuilder &builder, ValueRange inputs, ValueRange accumulators,
                             int64_t width = 0) {
    SmallVector<Value> operands(inputs);
    llvm::append_range(operands, accumulators);
    return applyBody(builder, loc, op.getCombiner().front(), operands, width);
  }

  /// Input `i` at `indices`: one element, or with `width` a vector of the
  /// elements from there along the last dimension. The producer's elements
  /// are computed from its operands (and stored where read elsewhere).
  Value read(OpBuilder &builder, unsigned i, ArrayRef<Value> indices, int64_t width = 0) {
    Value input = op.getInputs()[i];
    Type element = cast<MemRefType>(input.getType()).getElementType();
    if (!producer || producer->input != i) {
      if (width)
        return builder.create<vector::LoadOp>(loc, VectorType::get({width}, element), input,
                                              indices);
      return builder.create<memref::LoadOp>(loc, input, indices);
    }
    linalg::GenericOp generic = producer->op;
    SmallVector<Value> args;
    for (OpOperand *operand : generic.getDpsInputOperands()) {
      Value value = operand->get();
      if (auto type = dyn_cast<MemRefType>(value.getType())) {
        AffineMap map = generic.getMatchingIndexingMap(operand);
        SmallVector<Value> at;
        for (AffineExpr result : map.getResults())
          at.push_back(indices[cast<AffineDimExpr>(result).getPosition()]);
        if (width && map.isFunctionOfDim(rank - 1)) {
          args.push_back(builder.create<vector::LoadOp>(
              loc, VectorType::get({width}, type.getElementType()), value, at));
          continue;
        }
        value = builder.create<memref::LoadOp>(loc, value, at);
      }
      if (width)
        value = builder.create<vector::BroadcastOp>(
            loc, VectorType::get({width}, value.getType()), value);
      args.push_back(value);
    }
    Value result = applyBody(builder, loc, generic.getRegion().front(), args, width)[0];
    if (producer->store) {
      if (width)
        builder.create<vector::StoreOp>(loc, result, input, indices);
      else
        builder.create<memref::StoreOp>(loc, result, input, indices);
    }
    return result;
  }

  /// Prefetches (into L2) the lines of the next tile that correspond to a
  /// vector of `width` elements of the producer's tiled operands at the
  /// reduction's `indices`; the last tile's stay in its last row.
  void prefetchNextTile(OpBuilder &builder, ArrayRef<Value> indices, int64_t width) {
    for (auto [operand, tiled] : prefetched) {
      MemRefType type = tiled.subview.getSourceType();
      AffineMap map = producer->op.getMatchingIndexingMap(operand);
      int64_t bytes = type.getElementTypeBitWidth() / 8;
      int64_t perLine = std::max<int64_t>(64 / bytes, 1);
      for (int64_t line = 0; line < width; line += perLine) {
        SmallVector<Value> at;
        for (auto [k, offset] : llvm::enumerate(tiled.subview.getMixedOffsets())) {
          Value index = indices[cast<AffineDimExpr>(map.getResult(k)).getPosition()];
          if (line && k + 1 == map.getNumResults())
            index = builder.create<arith::AddIOp>(loc, index, this->index(builder, line));
          index = builder.create<arith::AddIOp>(
              loc, index, getValueOrCreateConstantIndexOp(builder, loc, offset));
          if (static_cast<int64_t>(k) == tiled.dim) {
            Value last = builder.create<arith::SubIOp>(
                loc, builder.createOrFold<memref::DimOp>(loc, tiled.subview.getSource(), k),
                this->index(builder, 1));
            index = builder.create<arith::MinSIOp>(
                loc, builder.create<arith::AddIOp>(loc, index, this->index(builder, tiled.step)),
                last);
          }
          at.push_back(index);
        }
        builder.create<memref::PrefetchOp>(loc, tiled.subview.getSource(), at,
                                           /*isWrite=*/false, /*localityHint=*/2,
                                           /*isDataCache=*/true);
      }
    }
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
            for (unsigned i = 0; i < op.getInputs().size(); ++i)
              inputs.push_back(read(bb, i, indices));
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
    // A producer computes kLanes columns of a row at a time: on a host with
    // 512-bit vectors, 8-lane arithmetic would run at half its throughput.
    int64_t width = producer ? kLanes : kRows;
    Value step = index(builder, width);
    Value end =
        builder.create<arith::MulIOp>(loc, builder.create<arith::DivUIOp>(loc, n, step), step);
    size_t inputs = op.getInputs().size();
    // rows[i * kRows + l]: columns [j, j + width) of row l of input i.
    auto readBlock = [&](OpBuilder &bb, Value j) {
      SmallVector<Value> rows;
      for (unsigned i = 0; i < inputs; ++i)
        for (int64_t l = 0; l < kRows; ++l) {
          SmallVector<Value> indices = rowIndices[l];
          indices.push_back(j);
          rows.push_back(read(bb, i, indices, width));
        }
      return rows;
    };
    auto combineBlock = [&](OpBuilder &bb, ValueRange rows, ValueRange accumulators) {
      // columns[i][c]: column j + c of input i across the rows.
      SmallVector<SmallVector<Value>> columns(inputs);
      for (unsigned i = 0; i < inputs; ++i)
        for (int64_t first = 0; first < width; first += kRows) {
          SmallVector<Value> block(rows.slice(i * kRows, kRows));
          if (width != kRows)
            for (Value &row : block)
              row = bb.create<vector::ExtractStridedSliceOp>(loc, row, first, kRows, 1);
          llvm::append_range(columns[i], transpose(bb, block));
        }
      SmallVector<Value> acc(accumulators);
      for (int64_t c = 0; c < width; ++c) {
        SmallVector<Value> operands;
        for (auto &column : columns)
          operands.push_back(column[c]);
        acc = combine(bb, operands, acc, kRows);
      }
      return acc;
    };
    ValueRange accumulators;
    if (!producer) {
      auto loop = builder.create<scf::ForOp>(
          loc, index(builder, 0), end, step, vectors,
          [&](OpBuilder &bb, Location, Value j, ValueRange acc) {
            bb.create<scf::YieldOp>(loc, combineBlock(bb, readBlock(bb, j), acc));
          });
      accumulators = loop.getResults();
    } else {
      // Software-pipelined: each step combines the block read in the step
      // before (its adds wait on one another) and then computes the next
      // block, which does not wait on them: the producer's arithmetic fills
      // the gaps of the in-order chain.
      auto pipelined = builder.create<scf::IfOp>(
          loc, builder.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, end, index(builder, 0)),
          [&](OpBuilder &bb, Location) {
            SmallVector<Value> carried(vectors);
            llvm::append_range(carried, readBlock(bb, index(bb, 0)));
            auto loop = bb.create<scf::ForOp>(
                loc, step, end, step, carried,
                [&](OpBuilder &body, Location, Value j, ValueRange args) {
                  SmallVector<Value> next =
                      combineBlock(body, args.drop_front(outs), args.take_front(outs));
                  llvm::append_range(next, readBlock(body, j));
                  body.create<scf::YieldOp>(loc, next);
                });
            bb.create<scf::YieldOp>(loc, combineBlock(bb, loop.getResults().drop_front(outs),
                                                      loop.getResults().take_front(outs)));
          },
          [&](OpBuilder &bb, Location) { bb.create<scf::YieldOp>(loc, vectors); });
      accumulators = pipelined.getResults();
    }
    SmallVector<Value> result(scalars.size());
    for (size_t k = 0; k < outs; ++k)
      for (int64_t l = 0; l < kRows; ++l)
        result[l * outs + k] = builder.create<vector::ExtractOp>(loc, accumulators[k], l);
    return {end, result};
  }

  /// One row, order-free: kLanes accumulators over j = l (mod kLanes).
  void reduceLanes(OpBuilder &builder, ValueRange prefix, int64_t n) {
    Value init = op.getInits()[0];
    auto at = [&](OpBuilder &bb, Value j) {
      SmallVector<Value> indices(prefix.begin(), prefix.end());
      indices.push_back(j);
      return read(bb, 0, indices);
    };
    int64_t full = n / kLanes * kLanes;
    SmallVector<Value> lanes;
    if (hasLanewiseBody(op)) {
      auto load = [&](OpBuilder &bb, Value j) -> Value {
        SmallVector<Value> indices(prefix.begin(), prefix.end());
        indices.push_back(j);
        return read(bb, 0, indices, kLanes);
      };
      // kChains vectors where the row is long enough: the steps of one
      // vector wait on one another, the vectors do not.
      int64_t chains = n >= 2 * kChains * kLanes ? kChains : 1, span = chains * kLanes;
      auto prefetch = [&](OpBuilder &bb, Value j) {
        SmallVector<Value> indices(prefix.begin(), prefix.end());
        indices.push_back(j);
        prefetchNextTile(bb, indices, kLanes);
      };
      SmallVector<Value> initial;
      for (int64_t c = 0; c < chains; ++c) {
        initial.push_back(load(builder, index(builder, c * kLanes)));
        prefetch(builder, index(builder, c * kLanes));
      }
      auto loop = builder.create<scf::ForOp>(
          loc, index(builder, span), index(builder, n / span * span), index(builder, span),
          initial, [&](OpBuilder &bb, Location, Value j, ValueRange accumulators) {
            SmallVector<Value> next;
            for (int64_t c = 0; c < chains; ++c) {
              Value at = c ? bb.create<arith::AddIOp>(loc, j, index(bb, c * kLanes)) : j;
              llvm::append_range(next,
                                 combine(bb, {load(bb, at)}, {accumulators[c]}, kLanes));
              prefetch(bb, at);
            }
            bb.create<scf::YieldOp>(loc, next);
          });
      SmallVector<Value> vectors(loop.getResults());
      for (int64_t j = n / span * span; j < full; j += kLanes) {
        vectors[0] = combine(builder, {load(builder, index(builder, j))}, {vectors[0]}, kLanes)[0];
        prefetch(builder, index(builder, j));
      }
      for (; vectors.size() > 1; vectors.pop_back_n(vectors.size() / 2))
        for (size_t c = 0; c < vectors.size() / 2; ++c)
          vectors[c] = combine(builder, {vectors[c]}, {vectors[c + vectors.size() / 2]}, kLanes)[0];
      for (int64_t l = 0; l < kLanes; ++l)
        lanes.push_back(builder.create<vector::ExtractOp>(loc, vectors[0], l));
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
    producer = findProducer(op);
    if (producer && !producer->op.getRegion().front().getOps<func::CallOp>().empty())
      for (OpOperand *operand : producer->op.getDpsInputOperands())
        if (std::optional<TiledView> tiled = tiledView(operand->get());
            tiled && producer->op.getMatchingIndexingMap(operand).isIdentity())
          prefetched.push_back({operand, *tiled});
    auto inputType = cast<MemRefType>(op.getInputs()[0].getType());
    int64_t staticN = inputType.getDimSize(rank - 1);
    b.setInsertionPoint(op);
    SmallVector<Value> zeros, ones, sizes;
    for (int64_t d = 0; d + 1 < rank; ++d) {
      zeros.push_back(index(b, 0));
      ones.push_back(index(b, 1));
      sizes.push_back(size(d));
    }
    if (isOrderFree(op, reassociateSums) && !ShapedType::isDynamic(staticN) && staticN >= 2 * kLanes) {
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
  bool reassociateSums;
  std::optional<Producer> producer;
  /// The producer's operands whose next tiles the loops prefetch.
  SmallVector<std::pair<OpOperand *, TiledView>> prefetched;
};

struct LowerReductions : public oxla::impl::LowerReductionsBase<LowerReductions> {
  using LowerReductionsBase::LowerReductionsBase;

  void runOnOperation() override {
    SmallVector<linalg::ReduceOp> reductions;
    getOperation().walk([&](linalg::ReduceOp op) {
      if (op.hasPureBufferSemantics())
        reductions.push_back(op);
    });
    const char *exact = std::getenv("OXLA_EXACT_SUMS");
    bool reassociateSums = !inOrderSums && !(exact && std::string_view(exact) != "0");
    OpBuilder b(&getContext());
    for (linalg::ReduceOp op : reductions) {
      ReductionLowering lowering(op, b, reassociateSums);
      if (failed(lowering.run()))
        continue;
      op.erase();
      if (std::optional<Producer> producer = lowering.fusedProducer()) {
        Value buffer = producer->op.getDpsInitOperand(0)->get();
        producer->op.erase();
        if (!producer->store) {
          for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
            user->erase();
          buffer.getDefiningOp()->erase();
        }
      }
    }
  }
};

} // namespace

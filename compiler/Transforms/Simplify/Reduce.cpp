//===- Reduce.cpp - Reduce of a broadcast, unused reduce results ----------===//
//
// - reduce(broadcast_in_dim(x), init) over dimensions the broadcast added
//   (each of size > 0) combines copies of the same element: for maximum,
//   minimum, and, or (idempotent) that is op(init, x), which is x when
//   init is the op's identity (-inf for a float maximum, the least value
//   for an integer one, ...); for an integer add with init 0 it is x times
//   the number of copies (exact in two's complement). The result is x
//   broadcast to the reduce's result. A float add is left alone: a sum of
//   n copies is not x*n in floating point.
// - a variadic reduce whose result k is unused, when the other results'
//   computation in the body reads neither accumulator k nor input k, loses
//   input k, init k and result k.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace oxla::simplify;
namespace hlo = oxla::stablehlo;

namespace {

enum class Combiner { Max, Min, And, Or, Add };

/// The single binary op of a one-input reduce body applied to its two
/// arguments, or nothing.
std::optional<Combiner> combinerOf(Region &body) {
  if (!body.hasOneBlock())
    return std::nullopt;
  Block &block = body.front();
  if (block.getNumArguments() != 2 || block.getOperations().size() != 2)
    return std::nullopt;
  Operation *op = &block.front();
  auto ret = dyn_cast<hlo::ReturnOp>(block.getTerminator());
  if (!ret || ret->getNumOperands() != 1 || ret->getOperand(0) != op->getResult(0) ||
      op->getNumOperands() != 2)
    return std::nullopt;
  Value a = block.getArgument(0), b = block.getArgument(1);
  if (!((op->getOperand(0) == a && op->getOperand(1) == b) ||
        (op->getOperand(0) == b && op->getOperand(1) == a)))
    return std::nullopt;
  if (isa<hlo::MaxOp>(op))
    return Combiner::Max;
  if (isa<hlo::MinOp>(op))
    return Combiner::Min;
  if (isa<hlo::AndOp>(op))
    return Combiner::And;
  if (isa<hlo::OrOp>(op))
    return Combiner::Or;
  if (isa<hlo::AddOp>(op))
    return Combiner::Add;
  return std::nullopt;
}

/// Whether `init` is the identity of `combiner` for its element type.
bool isIdentity(Combiner combiner, Value init) {
  Attribute splat = splatConstant(init);
  if (auto f = dyn_cast_or_null<FloatAttr>(splat)) {
    const APFloat &v = f.getValue();
    return (combiner == Combiner::Max && v.isInfinity() && v.isNegative()) ||
           (combiner == Combiner::Min && v.isInfinity() && !v.isNegative());
  }
  auto i = dyn_cast_or_null<IntegerAttr>(splat);
  if (!i)
    return false;
  const APInt &v = i.getValue();
  bool isUnsigned = i.getType().isUnsignedInteger() || i.getType().isInteger(1);
  switch (combiner) {
  case Combiner::Max:
    return isUnsigned ? v.isMinValue() : v.isMinSignedValue();
  case Combiner::Min:
    return isUnsigned ? v.isMaxValue() : v.isMaxSignedValue();
  case Combiner::And:
    return v.isAllOnes();
  case Combiner::Or:
  case Combiner::Add:
    return v.isZero();
  }
  return false;
}

struct ReduceOfBroadcast : public OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op, PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    auto broadcast = op.getInputs()[0].getDefiningOp<hlo::BroadcastInDimOp>();
    std::optional<Combiner> combiner = combinerOf(op.getBody());
    if (!broadcast || !combiner || !isIdentity(*combiner, op.getInitValues()[0]))
      return failure();
    auto inputType = dyn_cast<RankedTensorType>(broadcast.getType());
    auto xType = dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!isStaticIntOrFloatTensor(inputType) || !isStaticIntOrFloatTensor(xType) ||
        !isStaticIntOrFloatTensor(resultType) ||
        xType.getElementType() != resultType.getElementType())
      return failure();
    if (*combiner == Combiner::Add && (!isa<IntegerType>(xType.getElementType()) ||
                                       xType.getElementType().isInteger(1)))
      return failure();
    ArrayRef<int64_t> reduced = op.getDimensions(), dims = broadcast.getBroadcastDimensions();
    int64_t copies = 1;
    for (int64_t d : reduced) {
      if (llvm::is_contained(dims, d) || inputType.getDimSize(d) == 0)
        return failure();
      copies *= inputType.getDimSize(d);
    }
    // x's dimensions in the result: the broadcast's, less the reduced ones
    // before them.
    SmallVector<int64_t> resultDims;
    for (int64_t d : dims)
      resultDims.push_back(d - llvm::count_if(reduced, [&](int64_t r) { return r < d; }));
    Value x = broadcast.getOperand();
    if (*combiner == Combiner::Add) {
      Type element = xType.getElementType();
      Value n = createSplat(rewriter, op.getLoc(), xType, rewriter.getIntegerAttr(element, copies));
      x = rewriter.create<hlo::MulOp>(op.getLoc(), xType, x, n);
    }
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, resultType, x, resultDims);
    return success();
  }
};

struct ReduceUnusedResults : public OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op, PatternRewriter &rewriter) const override {
    size_t n = op.getInputs().size();
    if (n < 2 || !op.getBody().hasOneBlock())
      return failure();
    Block &body = op.getBody().front();
    auto ret = dyn_cast<hlo::ReturnOp>(body.getTerminator());
    if (!ret || ret->getNumOperands() != n || body.getNumArguments() != 2 * n)
      return failure();
    for (Operation &inner : body.without_terminator())
      if (inner.getNumRegions() != 0)
        return failure();
    // The body arguments each kept result reads (transitively).
    llvm::SmallDenseSet<Value> needed;
    SmallVector<Value> worklist;
    SmallVector<bool> keep(n);
    for (size_t k = 0; k < n; ++k) {
      keep[k] = !op->getResult(k).use_empty();
      if (keep[k])
        worklist.push_back(ret->getOperand(k));
    }
    if (llvm::all_of(keep, [](bool k) { return k; }) || llvm::none_of(keep, [](bool k) { return k; }))
      return failure();
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!needed.insert(value).second)
        continue;
      if (Operation *def = value.getDefiningOp(); def && def->getBlock() == &body)
        llvm::append_range(worklist, def->getOperands());
    }
    for (size_t k = 0; k < n; ++k)
      if (!keep[k] && (needed.contains(body.getArgument(k)) ||
                       needed.contains(body.getArgument(n + k))))
        return failure();
    SmallVector<Value> inputs, inits;
    SmallVector<Type> types;
    for (size_t k = 0; k < n; ++k)
      if (keep[k]) {
        inputs.push_back(op.getInputs()[k]);
        inits.push_back(op.getInitValues()[k]);
        types.push_back(op->getResult(k).getType());
      }
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(inputs);
    state.addOperands(inits);
    state.addAttributes(op->getAttrs());
    state.addTypes(types);
    Region *region = state.addRegion();
    Block *block = new Block();
    region->push_back(block);
    IRMapping mapping;
    for (int half = 0; half < 2; ++half)
      for (size_t k = 0; k < n; ++k)
        if (keep[k]) {
          BlockArgument arg = body.getArgument(half * n + k);
          mapping.map(arg, block->addArgument(arg.getType(), arg.getLoc()));
        }
    // The new body is built apart, then moves into the new reduce whole.
    OpBuilder builder(op.getContext());
    builder.setInsertionPointToEnd(block);
    for (Operation &inner : body.without_terminator())
      if (llvm::any_of(inner.getResults(), [&](Value r) { return needed.contains(r); }))
        builder.clone(inner, mapping);
    SmallVector<Value> returned;
    for (size_t k = 0; k < n; ++k)
      if (keep[k])
        returned.push_back(mapping.lookupOrDefault(ret->getOperand(k)));
    builder.create<hlo::ReturnOp>(ret.getLoc(), returned);
    Operation *smaller = rewriter.create(state);
    unsigned next = 0;
    for (size_t k = 0; k < n; ++k)
      if (keep[k])
        rewriter.replaceAllUsesWith(op->getResult(k), smaller->getResult(next++));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void oxla::simplify::populateReducePatterns(RewritePatternSet &patterns) {
  patterns.add<ReduceOfBroadcast, ReduceUnusedResults>(patterns.getContext());
}

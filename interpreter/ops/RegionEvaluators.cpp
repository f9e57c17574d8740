//===- RegionEvaluators.cpp - Ops with regions: control flow, reduce, sort ===//
//
// while/if/case (spec "Control flow"), reduce, sort and map, and the ops
// that only pass values through (optimization_barrier, tuples). Regions run
// through EvalContext::runRegion on rank-0 tensors.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

bool isTrue(const RuntimeValue &value) {
  return value.tensor().data<uint8_t>()[0] != 0;
}

/// Element `index` of `tensor` as a rank-0 tensor.
Tensor scalarAt(const Tensor &tensor, int64_t index) {
  Tensor scalar(tensor.elementType(), {});
  scalar.copyElementFrom(tensor, index, 0);
  return scalar;
}

//===- control flow --------------------------------------------------------===//

LogicalResult evalWhile(Operation *op, Operands operands, Results &results,
                        EvalContext &context) {
  auto loop = cast<hlo::WhileOp>(op);
  SmallVector<RuntimeValue> values(operands.begin(), operands.end());
  while (true) {
    FailureOr<SmallVector<RuntimeValue>> cond = context.runRegion(loop.getCond(), values);
    if (failed(cond))
      return failure();
    if (!isTrue((*cond)[0]))
      break;
    FailureOr<SmallVector<RuntimeValue>> next = context.runRegion(loop.getBody(), values);
    if (failed(next))
      return failure();
    values = std::move(*next);
  }
  results.append(values.begin(), values.end());
  return success();
}

LogicalResult evalIf(Operation *op, Operands operands, Results &results,
                     EvalContext &context) {
  auto branch = cast<hlo::IfOp>(op);
  Region &taken = isTrue(operands[0]) ? branch.getTrueBranch() : branch.getFalseBranch();
  FailureOr<SmallVector<RuntimeValue>> values = context.runRegion(taken, {});
  if (failed(values))
    return failure();
  results.append(values->begin(), values->end());
  return success();
}

LogicalResult evalCase(Operation *op, Operands operands, Results &results,
                       EvalContext &context) {
  auto select = cast<hlo::CaseOp>(op);
  int64_t count = select.getBranches().size();
  int64_t index = integerElement(operands[0].tensor());
  // Out-of-range indices select the last branch.
  if (index < 0 || index >= count)
    index = count - 1;
  FailureOr<SmallVector<RuntimeValue>> values =
      context.runRegion(select.getBranches()[index], {});
  if (failed(values))
    return failure();
  results.append(values->begin(), values->end());
  return success();
}

LogicalResult evalPassThrough(Operation *, Operands operands, Results &results,
                              EvalContext &) {
  results.append(operands.begin(), operands.end());
  return success();
}

LogicalResult evalTuple(Operation *, Operands operands, Results &results,
                        EvalContext &) {
  results.push_back(Tuple(std::make_shared<const std::vector<RuntimeValue>>(
      operands.begin(), operands.end())));
  return success();
}

LogicalResult evalGetTupleElement(Operation *op, Operands operands,
                                  Results &results, EvalContext &) {
  auto get = cast<hlo::GetTupleElementOp>(op);
  results.push_back((*operands[0].tuple())[get.getIndex()]);
  return success();
}

LogicalResult evalAfterAll(Operation *, Operands, Results &results,
                           EvalContext &) {
  results.push_back(Token{});
  return success();
}

//===- reduce --------------------------------------------------------------===//

LogicalResult evalReduce(Operation *op, Operands operands, Results &results,
                         EvalContext &context) {
  auto reduce = cast<hlo::ReduceOp>(op);
  size_t n = reduce.getInputs().size();
  Operands inputs = operands.take_front(n), inits = operands.drop_front(n);
  ArrayRef<int64_t> inputShape = inputs[0].tensor().shape();
  ArrayRef<int64_t> dims = reduce.getDimensions();
  SmallVector<bool> reduced(inputShape.size(), false);
  for (int64_t d : dims)
    reduced[d] = true;
  Shape resultShape, reducedShape;
  for (size_t d = 0; d < inputShape.size(); ++d)
    (reduced[d] ? reducedShape : resultShape).push_back(inputShape[d]);

  SmallVector<Tensor> outputs;
  for (size_t k = 0; k < n; ++k)
    outputs.emplace_back(inits[k].tensor().elementType(), resultShape);
  Shape inputIndex(inputShape.size());
  SmallVector<RuntimeValue> arguments(2 * n);
  bool ok = true;
  // Each result element folds its slice left to right from the init value.
  forEachIndex(resultShape, [&](ArrayRef<int64_t> resultIndex, int64_t linear) {
    if (!ok)
      return;
    SmallVector<RuntimeValue> accumulators(inits.begin(), inits.end());
    forEachIndex(reducedShape, [&](ArrayRef<int64_t> reducedIndex, int64_t) {
      if (!ok)
        return;
      for (size_t d = 0, r = 0, k = 0; d < inputShape.size(); ++d)
        inputIndex[d] = reduced[d] ? reducedIndex[k++] : resultIndex[r++];
      int64_t element = inputs[0].tensor().linearIndex(inputIndex);
      for (size_t k = 0; k < n; ++k) {
        arguments[k] = accumulators[k];
        arguments[n + k] = scalarAt(inputs[k].tensor(), element);
      }
      FailureOr<SmallVector<RuntimeValue>> next =
          context.runRegion(reduce.getBody(), arguments);
      if (failed(next)) {
        ok = false;
        return;
      }
      accumulators = std::move(*next);
    });
    for (size_t k = 0; ok && k < n; ++k)
      outputs[k].copyElementFrom(accumulators[k].tensor(), 0, linear);
  });
  if (!ok)
    return failure();
  for (Tensor &output : outputs)
    results.push_back(std::move(output));
  return success();
}

//===- sort ----------------------------------------------------------------===//

/// Sorts `order` with a bottom-up merge sort: runs of width 1, 2, 4, ...
/// are merged pairwise, left to right; a merge takes the right run's head
/// when `less(right, left)` holds and the left's otherwise (so equal keys
/// keep their order: the sort is stable). The spec allows any order for a
/// comparator that is not a strict weak order (e.g. `LT` on NaN); fixing
/// the algorithm, which compiled code implements too
/// (compiler/Conversion/StableHLOToLinalg/ReductionPatterns.cpp), makes the
/// interpreter and compiled code agree for every comparator.
template <typename Less>
static bool mergeSort(std::vector<int64_t> &order, Less &&less) {
  int64_t length = static_cast<int64_t>(order.size());
  std::vector<int64_t> merged(order.size());
  for (int64_t width = 1; width < length; width *= 2) {
    for (int64_t lo = 0; lo < length; lo += 2 * width) {
      int64_t mid = std::min(lo + width, length);
      int64_t hi = std::min(lo + 2 * width, length);
      int64_t i = lo, j = mid;
      for (int64_t k = lo; k < hi; ++k) {
        bool takeRight = j < hi;
        if (takeRight && i < mid) {
          std::optional<bool> rightFirst = less(order[j], order[i]);
          if (!rightFirst)
            return false;
          takeRight = *rightFirst;
        }
        merged[k] = takeRight ? order[j++] : order[i++];
      }
    }
    order.swap(merged);
  }
  return true;
}

LogicalResult evalSort(Operation *op, Operands operands, Results &results,
                       EvalContext &context) {
  auto sort = cast<hlo::SortOp>(op);
  ArrayRef<int64_t> shape = operands[0].tensor().shape();
  int64_t rank = shape.size();
  int64_t dim = sort.getDimension();
  if (dim < 0)
    dim += rank;
  size_t n = operands.size();
  SmallVector<Tensor> outputs;
  for (const RuntimeValue &input : operands)
    outputs.emplace_back(input.tensor().elementType(), shape);
  Shape outer(shape.begin(), shape.end());
  outer[dim] = 1;
  int64_t length = shape[dim];
  int64_t stride = stridesOf(shape)[dim];
  SmallVector<RuntimeValue> arguments(2 * n);
  bool ok = true;
  forEachIndex(outer, [&](ArrayRef<int64_t> index, int64_t) {
    if (!ok)
      return;
    int64_t base = operands[0].tensor().linearIndex(index);
    std::vector<int64_t> order(length);
    std::iota(order.begin(), order.end(), 0);
    // A stable sort is a valid result whether or not is_stable is set.
    ok = mergeSort(order, [&](int64_t a, int64_t b) -> std::optional<bool> {
      for (size_t k = 0; k < n; ++k) {
        arguments[2 * k] = scalarAt(operands[k].tensor(), base + a * stride);
        arguments[2 * k + 1] = scalarAt(operands[k].tensor(), base + b * stride);
      }
      FailureOr<SmallVector<RuntimeValue>> less =
          context.runRegion(sort.getComparator(), arguments);
      if (failed(less))
        return std::nullopt;
      return isTrue((*less)[0]);
    });
    for (int64_t i = 0; i < length; ++i)
      for (size_t k = 0; k < n; ++k)
        outputs[k].copyElementFrom(operands[k].tensor(), base + order[i] * stride,
                                   base + i * stride);
  });
  if (!ok)
    return failure();
  for (Tensor &output : outputs)
    results.push_back(std::move(output));
  return success();
}

//===- map -----------------------------------------------------------------===//

LogicalResult evalMap(Operation *op, Operands operands, Results &results,
                      EvalContext &context) {
  auto map = cast<hlo::MapOp>(op);
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  Tensor result(*type, operands[0].tensor().shape());
  SmallVector<RuntimeValue> arguments(operands.size());
  for (int64_t i = 0, count = result.numElements(); i < count; ++i) {
    for (size_t k = 0; k < operands.size(); ++k)
      arguments[k] = scalarAt(operands[k].tensor(), i);
    FailureOr<SmallVector<RuntimeValue>> value =
        context.runRegion(map.getComputation(), arguments);
    if (failed(value))
      return failure();
    result.copyElementFrom((*value)[0].tensor(), 0, i);
  }
  results.push_back(std::move(result));
  return success();
}

/// Not in the spec (deprecated): a token, like after_all of nothing.
LogicalResult evalCreateToken(Operation *, Operands, Results &results, EvalContext &) {
  results.push_back(Token{});
  return success();
}

/// async_start runs its body at once (the interpreter has one thread per
/// process) and holds the results in the future; async_done hands them out.
/// A future is a tuple of the results here.
LogicalResult evalAsyncStart(Operation *op, Operands operands, Results &results,
                             EvalContext &context) {
  FailureOr<SmallVector<RuntimeValue>> values =
      context.runRegion(cast<hlo::AsyncStartOp>(op).getBody(), operands);
  if (failed(values))
    return failure();
  results.push_back(Tuple(std::make_shared<const std::vector<RuntimeValue>>(
      values->begin(), values->end())));
  return success();
}

LogicalResult evalAsyncDone(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  if (!operands[0].isTuple())
    return context.invalid(op, "the operand is not a future");
  const std::vector<RuntimeValue> &values = *operands[0].tuple();
  if (values.size() != op->getNumResults())
    return context.invalid(op, "the future holds " + Twine(values.size()) +
                                   " values, but async_done has " +
                                   Twine(op->getNumResults()) + " results");
  results.append(values.begin(), values.end());
  return success();
}

} // namespace

void registerRegionEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::AsyncDoneOp>(evalAsyncDone);
  registry.add<hlo::AsyncStartOp>(evalAsyncStart);
  registry.add<hlo::CreateTokenOp>(evalCreateToken);
  registry.add<hlo::AfterAllOp>(evalAfterAll);
  registry.add<hlo::CaseOp>(evalCase);
  registry.add<hlo::GetTupleElementOp>(evalGetTupleElement);
  registry.add<hlo::IfOp>(evalIf);
  registry.add<hlo::MapOp>(evalMap);
  registry.add<hlo::OptimizationBarrierOp>(evalPassThrough);
  registry.add<hlo::ReduceOp>(evalReduce);
  registry.add<hlo::SortOp>(evalSort);
  registry.add<hlo::TupleOp>(evalTuple);
  registry.add<hlo::WhileOp>(evalWhile);
}

} // namespace oxla::interp

//===- WindowEvaluators.cpp - reduce_window, select_and_scatter -----------===//
//
// Both ops look at windows of a padded (and, for reduce_window, dilated)
// operand. Nothing is materialized: per dimension a table maps (window
// number, position in the window) to the operand element there, or to a
// hole (edge padding or a base dilation gap). Regions run per element
// through EvalContext::runRegion on rank-0 tensors.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"

#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

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

/// Rank-0 tensors of an operand's elements, made once per element: windows
/// overlap, so the same element is passed to the region many times.
/// Regions may return an argument as is, so the scalars are never reused
/// for other values.
class ScalarCache {
public:
  ScalarCache(const Tensor &tensor, int64_t visits) : tensor_(tensor) {
    int64_t count = tensor.numElements();
    // Caching pays only when elements are visited more than once, and is
    // bounded so that huge operands do not hold a value per element.
    if (visits > count && count <= (int64_t(1) << 20)) {
      values_.resize(count);
      made_.resize(count);
    }
  }

  RuntimeValue get(int64_t index) {
    if (values_.empty())
      return scalarAt(tensor_, index);
    if (!made_.test(index)) {
      values_[index] = scalarAt(tensor_, index);
      made_.set(index);
    }
    return values_[index];
  }

private:
  const Tensor &tensor_;
  std::vector<RuntimeValue> values_;
  llvm::BitVector made_;
};

/// The windows of one op over an operand of a given shape.
struct Windows {
  Shape window;      ///< window_dimensions
  Shape resultShape; ///< the spec's num_windows per dimension
  int64_t windowSize = 1;
  /// taps[d][r * window[d] + w]: for window r and window position w along
  /// dimension d, the operand coordinate there times the operand's stride
  /// of d, or -1 for padding or a dilation hole.
  SmallVector<std::vector<int64_t>, 4> taps;

  int64_t numWindows() const { return numElementsOf(resultShape); }
  /// Operand elements visited over all windows (holes included).
  int64_t numVisits() const {
    int64_t visits;
    if (__builtin_mul_overflow(numWindows(), windowSize, &visits))
      return INT64_MAX;
    return visits;
  }
};

/// An optional per-dimension attribute: absent means all `fill`.
SmallVector<int64_t> listOr(std::optional<ArrayRef<int64_t>> values,
                            int64_t rank, int64_t fill) {
  if (!values)
    return SmallVector<int64_t>(rank, fill);
  return SmallVector<int64_t>(values->begin(), values->end());
}

/// Lays out the windows of the spec's
///   padded = pad(operand, init, padding[:, 0], padding[:, 1], base_dilations - 1)
///   window(r) = slice(padded, r * strides, ..., window_dilations)
/// Fails (reported) on attributes that do not fit the operand.
FailureOr<Windows> layOutWindows(Operation *op, EvalContext &context,
                                 ArrayRef<int64_t> shape,
                                 ArrayRef<int64_t> window,
                                 ArrayRef<int64_t> strides,
                                 ArrayRef<int64_t> baseDilations,
                                 ArrayRef<int64_t> windowDilations,
                                 std::optional<DenseIntElementsAttr> padding) {
  int64_t rank = shape.size();
  SmallVector<int64_t> pads(2 * rank, 0);
  if (padding) {
    if (padding->getNumElements() != 2 * rank)
      return context.invalid(op, "padding does not have shape [rank, 2]");
    llvm::copy(padding->getValues<int64_t>(), pads.begin());
  }
  if (static_cast<int64_t>(window.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank ||
      static_cast<int64_t>(baseDilations.size()) != rank ||
      static_cast<int64_t>(windowDilations.size()) != rank)
    return context.invalid(op, "window attributes do not match the operand rank");
  for (int64_t d = 0; d < rank; ++d)
    if (window[d] <= 0 || strides[d] <= 0 || baseDilations[d] <= 0 ||
        windowDilations[d] <= 0)
      return context.invalid(op, "window sizes, strides and dilations must "
                                 "be positive");
  // Bounds keep the index arithmetic below far from overflow.
  for (int64_t d = 0; d < rank; ++d) {
    constexpr int64_t limit = int64_t(1) << 24;
    if (window[d] > limit || strides[d] > limit || baseDilations[d] > limit ||
        windowDilations[d] > limit || std::abs(pads[2 * d]) > (limit << 16) ||
        std::abs(pads[2 * d + 1]) > (limit << 16))
      return context.unsupported(op, "window attributes this large");
  }

  Windows result;
  Shape operandStrides = stridesOf(shape);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t low = pads[2 * d], high = pads[2 * d + 1];
    int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * baseDilations[d] + 1;
    int64_t padded = low + dilated + high;
    int64_t dilatedWindow = (window[d] - 1) * windowDilations[d] + 1;
    int64_t count = (padded <= 0 || dilatedWindow > padded)
                        ? 0
                        : (padded - dilatedWindow) / strides[d] + 1;
    result.window.push_back(window[d]);
    result.resultShape.push_back(count);
    if (window[d] > (int64_t(1) << 40) / result.windowSize ||
        count > (int64_t(1) << 28) / window[d])
      return context.unsupported(op, "windows too large");
    result.windowSize *= window[d];
    std::vector<int64_t> &taps = result.taps.emplace_back(count * window[d]);
    for (int64_t r = 0; r < count; ++r) {
      for (int64_t w = 0; w < window[d]; ++w) {
        // Position in the dilated operand; negative low padding crops.
        int64_t q = r * strides[d] + w * windowDilations[d] - low;
        bool real = q >= 0 && q < dilated && q % baseDilations[d] == 0;
        taps[r * window[d] + w] =
            real ? q / baseDilations[d] * operandStrides[d] : -1;
      }
    }
  }
  return result;
}

/// Calls `fn(offset)` for the positions of window `resultIndex` in row-major
/// order, with the operand's linear index there or -1 for a hole. Stops at
/// the first failure.
template <typename Fn>
LogicalResult forEachInWindow(const Windows &windows,
                              ArrayRef<int64_t> resultIndex, Shape &position,
                              Fn fn) {
  size_t rank = windows.window.size();
  std::fill(position.begin(), position.end(), 0);
  for (int64_t i = 0; i < windows.windowSize; ++i) {
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d) {
      int64_t tap =
          windows.taps[d][resultIndex[d] * windows.window[d] + position[d]];
      if (tap < 0) {
        offset = -1;
        break;
      }
      offset += tap;
    }
    if (failed(fn(offset)))
      return failure();
    for (int64_t d = static_cast<int64_t>(rank) - 1; d >= 0; --d) {
      if (++position[d] < windows.window[d])
        break;
      position[d] = 0;
    }
  }
  return success();
}

/// Steps a row-major index of `shape` to the next one.
void advance(Shape &index, ArrayRef<int64_t> shape) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return;
    index[d] = 0;
  }
}

//===- reduce_window -------------------------------------------------------===//

LogicalResult evalReduceWindow(Operation *op, Operands operands,
                               Results &results, EvalContext &context) {
  auto reduceWindow = cast<hlo::ReduceWindowOp>(op);
  size_t n = reduceWindow.getInputs().size();
  Operands inputs = operands.take_front(n), inits = operands.drop_front(n);
  ArrayRef<int64_t> shape = inputs[0].tensor().shape();
  int64_t rank = shape.size();
  for (const RuntimeValue &input : inputs)
    if (input.tensor().shape() != shape)
      return context.invalid(op, "inputs of different shapes");
  FailureOr<Windows> windows = layOutWindows(
      op, context, shape, reduceWindow.getWindowDimensions(),
      listOr(reduceWindow.getWindowStrides(), rank, 1),
      listOr(reduceWindow.getBaseDilations(), rank, 1),
      listOr(reduceWindow.getWindowDilations(), rank, 1),
      reduceWindow.getPadding());
  if (failed(windows))
    return failure();

  SmallVector<Tensor> outputs;
  for (size_t k = 0; k < n; ++k) {
    std::optional<ElementType> type = resultElementType(op, context, k);
    if (!type)
      return failure();
    outputs.emplace_back(*type, windows->resultShape);
  }
  SmallVector<ScalarCache> caches;
  for (const RuntimeValue &input : inputs)
    caches.emplace_back(input.tensor(), windows->numVisits());

  // Each result element folds its window in row-major order, starting from
  // the init values, like `reduce` over the sliced padded inputs.
  Region &body = reduceWindow.getBody();
  Shape resultIndex(rank, 0), position(rank, 0);
  SmallVector<RuntimeValue> accumulators, arguments(2 * n);
  for (int64_t linear = 0, count = windows->numWindows(); linear < count;
       ++linear) {
    accumulators.assign(inits.begin(), inits.end());
    LogicalResult folded =
        forEachInWindow(*windows, resultIndex, position, [&](int64_t offset) {
          for (size_t k = 0; k < n; ++k) {
            arguments[k] = std::move(accumulators[k]);
            arguments[n + k] = offset < 0 ? inits[k] : caches[k].get(offset);
          }
          FailureOr<SmallVector<RuntimeValue>> next =
              context.runRegion(body, arguments);
          if (failed(next))
            return failure();
          if (next->size() != n)
            return context.invalid(op, "body returned the wrong number of values");
          accumulators = std::move(*next);
          return success();
        });
    if (failed(folded))
      return failure();
    for (size_t k = 0; k < n; ++k)
      outputs[k].copyElementFrom(accumulators[k].tensor(), 0, linear);
    advance(resultIndex, windows->resultShape);
  }
  for (Tensor &output : outputs)
    results.push_back(std::move(output));
  return success();
}

//===- select_and_scatter --------------------------------------------------===//

LogicalResult evalSelectAndScatter(Operation *op, Operands operands,
                                   Results &results, EvalContext &context) {
  auto selectAndScatter = cast<hlo::SelectAndScatterOp>(op);
  const Tensor &operand = operands[0].tensor();
  const Tensor &source = operands[1].tensor();
  const Tensor &init = operands[2].tensor();
  int64_t rank = operand.rank();
  SmallVector<int64_t> ones(rank, 1);
  FailureOr<Windows> windows = layOutWindows(
      op, context, operand.shape(),
      listOr(selectAndScatter.getWindowDimensions(), rank, 1),
      listOr(selectAndScatter.getWindowStrides(), rank, 1), ones, ones,
      selectAndScatter.getPadding());
  if (failed(windows))
    return failure();
  if (source.shape() != ArrayRef<int64_t>(windows->resultShape))
    return context.invalid(op, "source does not have one element per window");
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  if (*type != operand.elementType() || init.elementType() != *type ||
      source.elementType() != *type)
    return context.unsupported(op, "operand, source and init_value of "
                                   "different element types");

  Tensor result(*type, operand.shape());
  for (int64_t i = 0, count = result.numElements(); i < count; ++i)
    result.copyElementFrom(init, 0, i);
  ScalarCache elements(operand, windows->numVisits());

  Region &select = selectAndScatter.getSelect();
  Region &scatter = selectAndScatter.getScatter();
  Shape sourceIndex(rank, 0), position(rank, 0);
  SmallVector<RuntimeValue> arguments(2);
  for (int64_t s = 0, count = source.numElements(); s < count; ++s) {
    // reduce_window without init over the real elements: the current pick
    // stays unless select(current, candidate) is false. Padding is never
    // picked.
    int64_t picked = -1;
    RuntimeValue pickedValue;
    LogicalResult scanned =
        forEachInWindow(*windows, sourceIndex, position, [&](int64_t offset) {
          if (offset < 0)
            return success();
          if (picked < 0) {
            picked = offset;
            pickedValue = elements.get(offset);
            return success();
          }
          arguments[0] = pickedValue;
          arguments[1] = elements.get(offset);
          FailureOr<SmallVector<RuntimeValue>> keep =
              context.runRegion(select, arguments);
          if (failed(keep))
            return failure();
          if (!isTrue((*keep)[0])) {
            picked = offset;
            pickedValue = std::move(arguments[1]);
          }
          return success();
        });
    if (failed(scanned))
      return failure();
    // A window of padding only selects nothing (unspecified upstream).
    if (picked >= 0) {
      // Sources reach their picked element in row-major order, each folded
      // into what the element holds so far.
      arguments[0] = scalarAt(result, picked);
      arguments[1] = scalarAt(source, s);
      FailureOr<SmallVector<RuntimeValue>> combined =
          context.runRegion(scatter, arguments);
      if (failed(combined))
        return failure();
      if (combined->size() != 1)
        return context.invalid(op, "scatter returned the wrong number of values");
      result.copyElementFrom((*combined)[0].tensor(), 0, picked);
    }
    advance(sourceIndex, windows->resultShape);
  }
  results.push_back(std::move(result));
  return success();
}

} // namespace

void registerWindowEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::ReduceWindowOp>(evalReduceWindow);
  registry.add<hlo::SelectAndScatterOp>(evalSelectAndScatter);
}

} // namespace oxla::interp

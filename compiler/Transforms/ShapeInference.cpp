//===- ShapeInference.cpp - Result shapes from operand shapes -------------===//
//
// Each rule reads like the shape part of its op's "Semantics" in the spec.
// A rule may leave sizes dynamic; it never contradicts a size the program
// states (RefineShapes keeps the program's static sizes).
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/ShapeInference.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

constexpr int64_t kDynamic = ShapedType::kDynamic;

std::optional<Shape> shapeOf(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return std::nullopt;
  return Shape(type.getShape());
}

/// The size of a dimension computed from two sizes, dynamic if either is.
int64_t combine(int64_t a, int64_t b, llvm::function_ref<int64_t(int64_t, int64_t)> f) {
  return a == kDynamic || b == kDynamic ? kDynamic : f(a, b);
}

/// The more static of two shapes of one rank (the first where both know).
Shape meet(const Shape &a, const Shape &b) {
  Shape out = a;
  for (size_t i = 0; i < out.size() && i < b.size(); ++i)
    if (out[i] == kDynamic)
      out[i] = b[i];
  return out;
}

/// Elementwise ops and others whose results have the shape of operands
/// `first..` (all of one shape; scalars allowed where the op says so).
std::optional<SmallVector<Shape>> sameAsOperands(Operation *op, ValueRange operands) {
  std::optional<Shape> shape;
  for (Value operand : operands) {
    std::optional<Shape> other = shapeOf(operand);
    if (!other)
      return std::nullopt;
    if (!shape)
      shape = other;
    else if (other->size() == shape->size())
      shape = meet(*shape, *other);
  }
  if (!shape)
    return std::nullopt;
  return SmallVector<Shape>(op->getNumResults(), *shape);
}

/// One result of shape `shape`.
std::optional<SmallVector<Shape>> single(std::optional<Shape> shape) {
  if (!shape)
    return std::nullopt;
  return SmallVector<Shape>{*shape};
}

/// Results shaped like their corresponding operands (sort, scatter).
std::optional<SmallVector<Shape>> pairwise(ValueRange operands) {
  SmallVector<Shape> shapes;
  for (Value operand : operands) {
    std::optional<Shape> shape = shapeOf(operand);
    if (!shape)
      return std::nullopt;
    shapes.push_back(*shape);
  }
  return shapes;
}

std::optional<SmallVector<Shape>> inferBroadcastInDim(hlo::BroadcastInDimOp op) {
  std::optional<Shape> operand = shapeOf(op.getOperand());
  auto resultType = cast<RankedTensorType>(op.getType());
  if (!operand)
    return std::nullopt;
  Shape result(resultType.getShape());
  // A size other than 1 is kept; a 1 may be expanded to anything.
  for (auto [i, dim] : llvm::enumerate(op.getBroadcastDimensions()))
    if (dim < static_cast<int64_t>(result.size()) && (*operand)[i] != 1 &&
        (*operand)[i] != kDynamic)
      result[dim] = (*operand)[i];
  return single(result);
}

std::optional<SmallVector<Shape>> inferConcatenate(hlo::ConcatenateOp op) {
  std::optional<Shape> result;
  int64_t dimension = static_cast<int64_t>(op.getDimension());
  for (Value input : op.getInputs()) {
    std::optional<Shape> shape = shapeOf(input);
    if (!shape || dimension >= static_cast<int64_t>(shape->size()))
      return std::nullopt;
    if (!result) {
      result = shape;
      continue;
    }
    int64_t sum = combine((*result)[dimension], (*shape)[dimension],
                          [](int64_t a, int64_t b) { return a + b; });
    result = meet(*result, *shape);
    (*result)[dimension] = sum;
  }
  return single(result);
}

std::optional<SmallVector<Shape>> inferTranspose(hlo::TransposeOp op) {
  std::optional<Shape> operand = shapeOf(op.getOperand());
  if (!operand || op.getPermutation().size() != operand->size())
    return std::nullopt;
  Shape result;
  for (int64_t dim : op.getPermutation())
    result.push_back((*operand)[dim]);
  return single(result);
}

std::optional<SmallVector<Shape>> inferReduce(hlo::ReduceOp op) {
  std::optional<Shape> input = shapeOf(op.getInputs().front());
  if (!input)
    return std::nullopt;
  Shape result;
  for (auto [i, size] : llvm::enumerate(*input))
    if (!llvm::is_contained(op.getDimensions(), static_cast<int64_t>(i)))
      result.push_back(size);
  return SmallVector<Shape>(op->getNumResults(), result);
}

/// Spec dot_general: batch dimensions, then the lhs and rhs dimensions
/// that are neither batch nor contracting.
std::optional<SmallVector<Shape>> inferDotGeneral(hlo::DotGeneralOp op) {
  std::optional<Shape> lhs = shapeOf(op.getLhs()), rhs = shapeOf(op.getRhs());
  if (!lhs || !rhs)
    return std::nullopt;
  auto numbers = op.getDotDimensionNumbers();
  Shape result;
  for (int64_t dim : numbers.getLhsBatchingDimensions())
    result.push_back((*lhs)[dim]);
  auto free = [&](const Shape &shape, ArrayRef<int64_t> batch,
                  ArrayRef<int64_t> contracting) {
    for (auto [i, size] : llvm::enumerate(shape))
      if (!llvm::is_contained(batch, static_cast<int64_t>(i)) &&
          !llvm::is_contained(contracting, static_cast<int64_t>(i)))
        result.push_back(size);
  };
  free(*lhs, numbers.getLhsBatchingDimensions(), numbers.getLhsContractingDimensions());
  free(*rhs, numbers.getRhsBatchingDimensions(), numbers.getRhsContractingDimensions());
  return single(result);
}

std::optional<SmallVector<Shape>> inferDot(hlo::DotOp op) {
  std::optional<Shape> lhs = shapeOf(op.getLhs()), rhs = shapeOf(op.getRhs());
  if (!lhs || !rhs || lhs->empty() || rhs->empty() || lhs->size() > 2 || rhs->size() > 2)
    return std::nullopt;
  Shape result;
  if (lhs->size() == 2)
    result.push_back((*lhs)[0]);
  if (rhs->size() == 2)
    result.push_back((*rhs)[1]);
  return single(result);
}

/// Spec gather: the batch dimensions of start_indices (all but
/// index_vector_dim) interleaved with the offset dimensions, the slice
/// sizes that are neither collapsed nor operand batching dimensions.
std::optional<SmallVector<Shape>> inferGather(Operation *op, Value indices,
                                              hlo::GatherDimensionNumbersAttr numbers,
                                              ArrayRef<int64_t> sliceSizes) {
  std::optional<Shape> indexShape = shapeOf(indices);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  if (!indexShape)
    return std::nullopt;
  Shape batch;
  for (auto [i, size] : llvm::enumerate(*indexShape))
    if (static_cast<int64_t>(i) != numbers.getIndexVectorDim())
      batch.push_back(size);
  Shape offsets;
  for (auto [i, size] : llvm::enumerate(sliceSizes))
    if (!llvm::is_contained(numbers.getCollapsedSliceDims(), static_cast<int64_t>(i)) &&
        !llvm::is_contained(numbers.getOperandBatchingDims(), static_cast<int64_t>(i)))
      offsets.push_back(size);
  int64_t rank = resultType.getRank();
  if (static_cast<int64_t>(batch.size() + offsets.size()) != rank)
    return std::nullopt;
  Shape result;
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < rank; ++d)
    result.push_back(llvm::is_contained(numbers.getOffsetDims(), d) ? offsets[nextOffset++]
                                                                     : batch[nextBatch++]);
  return single(result);
}

/// Spec slice: ceil((limit - start) / stride) per dimension.
Shape sliceShape(ArrayRef<int64_t> start, ArrayRef<int64_t> limit,
                 ArrayRef<int64_t> strides) {
  Shape result;
  for (size_t i = 0; i < start.size(); ++i)
    result.push_back(strides[i] > 0 && limit[i] >= start[i]
                         ? (limit[i] - start[i] + strides[i] - 1) / strides[i]
                         : kDynamic);
  return result;
}

/// Spec pad: low + size + high + interior * (size - 1), never below 0.
std::optional<Shape> padShape(Value operand, ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                              ArrayRef<int64_t> interior) {
  std::optional<Shape> shape = shapeOf(operand);
  if (!shape || low.size() != shape->size() || high.size() != shape->size() ||
      interior.size() != shape->size())
    return std::nullopt;
  Shape result;
  for (auto [i, size] : llvm::enumerate(*shape))
    result.push_back(size == kDynamic
                         ? kDynamic
                         : low[i] + size + high[i] + interior[i] * std::max<int64_t>(size - 1, 0));
  return result;
}

std::optional<SmallVector<Shape>> inferReduceWindow(hlo::ReduceWindowOp op) {
  std::optional<Shape> input = shapeOf(op.getInputs().front());
  if (!input)
    return std::nullopt;
  size_t rank = input->size();
  ArrayRef<int64_t> window = op.getWindowDimensions();
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> values) {
    return values ? Shape(*values) : Shape(rank, 1);
  };
  Shape strides = orOnes(op.getWindowStrides()), baseDilations = orOnes(op.getBaseDilations()),
        windowDilations = orOnes(op.getWindowDilations());
  Shape padding(2 * rank, 0);
  if (auto attr = op.getPadding()) {
    auto values = attr->getValues<int64_t>();
    padding.assign(values.begin(), values.end());
  }
  if (window.size() != rank || strides.size() != rank || padding.size() != 2 * rank)
    return std::nullopt;
  Shape result;
  for (size_t i = 0; i < rank; ++i) {
    if ((*input)[i] == kDynamic) {
      result.push_back(kDynamic);
      continue;
    }
    int64_t dilated = (*input)[i] == 0 ? 0 : ((*input)[i] - 1) * baseDilations[i] + 1;
    int64_t padded = dilated + padding[2 * i] + padding[2 * i + 1];
    int64_t span = (window[i] - 1) * windowDilations[i] + 1;
    result.push_back(padded < span ? 0 : (padded - span) / strides[i] + 1);
  }
  return SmallVector<Shape>(op->getNumResults(), result);
}

/// Spec convolution: batch / batch_group_count, the kernel's output
/// features, and per spatial dimension the windows that fit in the dilated,
/// padded input.
std::optional<SmallVector<Shape>> inferConvolution(Operation *op, Value lhs, Value rhs,
                                                   ArrayRef<int64_t> padding,
                                                   std::optional<ArrayRef<int64_t>> stridesAttr,
                                                   std::optional<ArrayRef<int64_t>> lhsDilation,
                                                   std::optional<ArrayRef<int64_t>> rhsDilation,
                                                   hlo::ConvDimensionNumbersAttr numbers,
                                                   int64_t batchGroupCount) {
  std::optional<Shape> input = shapeOf(lhs), kernel = shapeOf(rhs);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  if (!input || !kernel)
    return std::nullopt;
  size_t spatial = numbers.getInputSpatialDimensions().size();
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> values) {
    return values ? Shape(*values) : Shape(spatial, 1);
  };
  Shape strides = orOnes(stridesAttr), baseDilations = orOnes(lhsDilation),
        windowDilations = orOnes(rhsDilation);
  if (strides.size() != spatial || baseDilations.size() != spatial ||
      windowDilations.size() != spatial || padding.size() != 2 * spatial ||
      resultType.getRank() != static_cast<int64_t>(spatial + 2) || batchGroupCount <= 0)
    return std::nullopt;
  Shape result(resultType.getRank(), kDynamic);
  int64_t batch = (*input)[numbers.getInputBatchDimension()];
  result[numbers.getOutputBatchDimension()] =
      batch == kDynamic ? kDynamic : batch / batchGroupCount;
  result[numbers.getOutputFeatureDimension()] =
      (*kernel)[numbers.getKernelOutputFeatureDimension()];
  for (size_t i = 0; i < spatial; ++i) {
    int64_t size = (*input)[numbers.getInputSpatialDimensions()[i]];
    int64_t window = (*kernel)[numbers.getKernelSpatialDimensions()[i]];
    if (size == kDynamic || window == kDynamic || strides[i] <= 0)
      continue;
    int64_t dilated = size == 0 ? 0 : (size - 1) * baseDilations[i] + 1;
    int64_t padded = dilated + padding[2 * i] + padding[2 * i + 1];
    int64_t span = window == 0 ? 0 : (window - 1) * windowDilations[i] + 1;
    result[numbers.getOutputSpatialDimensions()[i]] =
        padded < span ? 0 : (padded - span) / strides[i] + 1;
  }
  return single(result);
}

/// if/case: the shapes all branches yield, where they agree.
std::optional<SmallVector<Shape>> inferBranches(Operation *op) {
  std::optional<SmallVector<Shape>> shapes;
  for (Region &region : op->getRegions()) {
    if (region.empty())
      return std::nullopt;
    Operation *terminator = region.front().getTerminator();
    std::optional<SmallVector<Shape>> yielded = pairwise(terminator->getOperands());
    if (!yielded || yielded->size() != op->getNumResults())
      return std::nullopt;
    if (!shapes) {
      shapes = yielded;
      continue;
    }
    for (auto [mine, theirs] : llvm::zip_equal(*shapes, *yielded)) {
      if (mine.size() != theirs.size())
        return std::nullopt;
      for (auto [a, b] : llvm::zip_equal(mine, theirs))
        if (a != b)
          a = kDynamic;
    }
  }
  return shapes;
}

} // namespace

std::optional<Shape> constantIntegers(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  Shape values;
  for (const APInt &element : attr.getValues<APInt>())
    values.push_back(element.getSExtValue());
  return values;
}

std::optional<SmallVector<Shape>> inferResultShapes(Operation *op) {
  if (!isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()))
    return std::nullopt;
  if (op->hasTrait<OpTrait::Elementwise>())
    return sameAsOperands(op, op->getOperands());
  return llvm::TypeSwitch<Operation *, std::optional<SmallVector<Shape>>>(op)
      .Case([](hlo::SelectOp op) {
        return sameAsOperands(op, {op.getOnTrue(), op.getOnFalse()});
      })
      .Case([](hlo::ClampOp op) { return sameAsOperands(op, op.getOperand()); })
      .Case([](hlo::BitcastConvertOp op) -> std::optional<SmallVector<Shape>> {
        auto from = cast<ShapedType>(op.getOperand().getType()).getElementType();
        auto to = cast<ShapedType>(op.getType()).getElementType();
        if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
          return std::nullopt;
        return sameAsOperands(op, op.getOperand());
      })
      .Case([](hlo::ReverseOp op) { return sameAsOperands(op, op.getOperand()); })
      .Case([](hlo::DynamicUpdateSliceOp op) { return sameAsOperands(op, op.getOperand()); })
      .Case([](hlo::SelectAndScatterOp op) { return sameAsOperands(op, op.getOperand()); })
      .Case([](hlo::TriangularSolveOp op) { return sameAsOperands(op, op.getB()); })
      .Case([](hlo::SortOp op) { return pairwise(op.getInputs()); })
      .Case([](hlo::ScatterOp op) { return pairwise(op.getInputs()); })
      .Case([](hlo::BroadcastInDimOp op) { return inferBroadcastInDim(op); })
      .Case([](hlo::DynamicBroadcastInDimOp op) {
        return single(constantIntegers(op.getOutputDimensions()));
      })
      .Case([](hlo::DynamicReshapeOp op) {
        return single(constantIntegers(op.getOutputShape()));
      })
      .Case([](hlo::DynamicIotaOp op) { return single(constantIntegers(op.getOutputShape())); })
      .Case([](hlo::ConcatenateOp op) { return inferConcatenate(op); })
      .Case([](hlo::TransposeOp op) { return inferTranspose(op); })
      .Case([](hlo::ReduceOp op) { return inferReduce(op); })
      .Case([](hlo::ReduceWindowOp op) { return inferReduceWindow(op); })
      .Case([](hlo::DotGeneralOp op) { return inferDotGeneral(op); })
      .Case([](hlo::DotOp op) { return inferDot(op); })
      .Case([](hlo::GatherOp op) {
        return inferGather(op, op.getStartIndices(), op.getDimensionNumbers(),
                           op.getSliceSizes());
      })
      .Case([](hlo::DynamicGatherOp op) -> std::optional<SmallVector<Shape>> {
        std::optional<Shape> sizes = constantIntegers(op.getSliceSizes());
        if (!sizes)
          return std::nullopt;
        return inferGather(op, op.getStartIndices(), op.getDimensionNumbers(), *sizes);
      })
      .Case([](hlo::SliceOp op) {
        return single(sliceShape(op.getStartIndices(), op.getLimitIndices(), op.getStrides()));
      })
      .Case([](hlo::RealDynamicSliceOp op) -> std::optional<SmallVector<Shape>> {
        std::optional<Shape> start = constantIntegers(op.getStartIndices()),
                             limit = constantIntegers(op.getLimitIndices()),
                             strides = constantIntegers(op.getStrides());
        if (!start || !limit || !strides || start->size() != limit->size() ||
            start->size() != strides->size())
          return std::nullopt;
        return single(sliceShape(*start, *limit, *strides));
      })
      .Case([](hlo::PadOp op) {
        return single(padShape(op.getOperand(), op.getEdgePaddingLow(),
                               op.getEdgePaddingHigh(), op.getInteriorPadding()));
      })
      .Case([](hlo::DynamicPadOp op) -> std::optional<SmallVector<Shape>> {
        std::optional<Shape> low = constantIntegers(op.getEdgePaddingLow()),
                             high = constantIntegers(op.getEdgePaddingHigh()),
                             interior = constantIntegers(op.getInteriorPadding());
        if (!low || !high || !interior)
          return std::nullopt;
        return single(padShape(op.getOperand(), *low, *high, *interior));
      })
      .Case([](hlo::ConvolutionOp op) -> std::optional<SmallVector<Shape>> {
        size_t spatial = op.getDimensionNumbers().getInputSpatialDimensions().size();
        Shape padding(2 * spatial, 0);
        if (auto attr = op.getPadding()) {
          auto values = attr->getValues<int64_t>();
          padding.assign(values.begin(), values.end());
        }
        return inferConvolution(op, op.getLhs(), op.getRhs(), padding, op.getWindowStrides(),
                                op.getLhsDilation(), op.getRhsDilation(),
                                op.getDimensionNumbers(), op.getBatchGroupCount());
      })
      .Case([](hlo::DynamicConvOp op) -> std::optional<SmallVector<Shape>> {
        std::optional<Shape> padding = constantIntegers(op.getDPadding());
        if (!padding)
          return std::nullopt;
        return inferConvolution(op, op.getLhs(), op.getRhs(), *padding, op.getWindowStrides(),
                                op.getLhsDilation(), op.getRhsDilation(),
                                op.getDimensionNumbers(), op.getBatchGroupCount());
      })
      .Case<hlo::IfOp, hlo::CaseOp>([](Operation *op) { return inferBranches(op); })
      .Default([](Operation *) { return std::nullopt; });
}

} // namespace oxla

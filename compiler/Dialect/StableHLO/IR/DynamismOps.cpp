//===- DynamismOps.cpp - Spec "Dynamism" ops ------------------------------===//
//
// Shape operands are 1-D tensors; where one is a constant its values are
// checked like the static op's attribute would be.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/DataMovementChecks.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace oxla::stablehlo;
using namespace oxla::stablehlo::detail;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/DynamismOps.cpp.inc"

/// The number of elements of a 1-D shape operand, or nullopt if dynamic.
static std::optional<int64_t> lengthOf(Value shape) {
  auto type = cast<RankedTensorType>(shape.getType());
  if (type.isDynamicDim(0))
    return std::nullopt;
  return type.getDimSize(0);
}

/// The values of a constant 1-D integer operand.
static std::optional<SmallVector<int64_t>> constantValues(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &v : attr.getValues<APInt>())
    values.push_back(v.getSExtValue());
  return values;
}

/// `shape` (named `name`) has `expected` elements (when known).
static LogicalResult checkLength(Operation *op, StringRef label,
                                 StringRef name, Value shape,
                                 int64_t expected, StringRef what) {
  std::optional<int64_t> length = lengthOf(shape);
  if (!length || *length == expected)
    return success();
  return op->emitOpError() << label << " requires " << name << " of "
                           << expected << " elements (" << what
                           << "), but got " << *length;
}

static LogicalResult checkElement(Operation *op, StringRef label,
                                  StringRef what, Type expected, Type actual) {
  if (sameBaselineElement(getElementTypeOrSelf(expected),
                          getElementTypeOrSelf(actual)))
    return success();
  return op->emitOpError() << label << " requires " << what
                           << " element type " << getElementTypeOrSelf(expected)
                           << ", but got " << getElementTypeOrSelf(actual);
}

//===- dynamic_broadcast_in_dim -------------------------------------------===//

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  if (failed(verifyBroadcastInDim(*this, operand, getBroadcastDimensions(),
                                  result)))
    return failure();
  // C7: size(output_dimensions) = rank(result).
  if (failed(checkLength(*this, "(C7)", "output_dimensions",
                         getOutputDimensions(), result.getRank(),
                         "the result rank")))
    return failure();
  // C8-C10: the known (non)expanding dimensions are unique operand
  // dimensions.
  SmallVector<int64_t> known;
  ArrayRef<int64_t> expanding, nonexpanding;
  if (auto attr = getKnownExpandingDimensionsAttr())
    expanding = attr.asArrayRef();
  if (auto attr = getKnownNonexpandingDimensionsAttr())
    nonexpanding = attr.asArrayRef();
  known.append(expanding.begin(), expanding.end());
  known.append(nonexpanding.begin(), nonexpanding.end());
  if (failed(checkDims(*this, "(C8)",
                       "known_expanding_dimensions and "
                       "known_nonexpanding_dimensions",
                       known, INT64_MAX, /*unique=*/true, false)) ||
      failed(checkDims(*this, "(C9)", "known_expanding_dimensions", expanding,
                       operand.getRank(), false, false, "the operand rank")) ||
      failed(checkDims(*this, "(C10)", "known_nonexpanding_dimensions",
                       nonexpanding, operand.getRank(), false, false,
                       "the operand rank")))
    return failure();
  return success();
}

//===- dynamic_gather -----------------------------------------------------===//

LogicalResult DynamicGatherOp::verify() {
  auto operand = getOperand().getType();
  std::optional<int64_t> count = lengthOf(getSliceSizes());
  std::optional<SmallVector<int64_t>> sizes = constantValues(getSliceSizes());
  std::optional<ArrayRef<int64_t>> known;
  if (sizes && static_cast<int64_t>(sizes->size()) == operand.getRank())
    known = ArrayRef<int64_t>(*sizes);
  return verifyGather(*this, operand, getStartIndices().getType(),
                      getDimensionNumbers(), known, count ? *count : -1,
                      getResult().getType());
}

//===- dynamic_iota -------------------------------------------------------===//

LogicalResult DynamicIotaOp::verify() {
  auto result = getResult().getType();
  // C1: 0 <= iota_dimension < rank(result).
  if (static_cast<int64_t>(getIotaDimension()) >= result.getRank())
    return emitOpError() << "(C1) requires iota_dimension in [0, "
                         << result.getRank() << "), but got "
                         << getIotaDimension();
  // C2: size(output_shape) = rank(result).
  return checkLength(*this, "(C2)", "output_shape", getOutputShape(),
                     result.getRank(), "the result rank");
}

//===- dynamic_pad --------------------------------------------------------===//

LogicalResult DynamicPadOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  // C1: one element type.
  if (failed(checkElement(*this, "(C1)", "padding_value", operand,
                          getPaddingValue().getType())) ||
      failed(checkElement(*this, "(C1)", "result", operand, result)))
    return failure();
  int64_t rank = operand.getRank();
  // C2: one padding amount of each kind per operand dimension.
  for (auto [name, value] :
       {std::pair<StringRef, Value>{"edge_padding_low", getEdgePaddingLow()},
        {"edge_padding_high", getEdgePaddingHigh()},
        {"interior_padding", getInteriorPadding()}})
    if (failed(checkLength(*this, "(C2)", name, value, rank,
                           "the operand rank")))
      return failure();
  if (result.getRank() != rank)
    return emitOpError() << "(C4) requires a result of rank " << rank
                         << ", but got " << result.getRank();
  auto low = constantValues(getEdgePaddingLow());
  auto high = constantValues(getEdgePaddingHigh());
  auto interior = constantValues(getInteriorPadding());
  // C3: 0 <= interior_padding.
  if (interior)
    for (int64_t i : *interior)
      if (i < 0)
        return emitOpError() << "(C3) requires non-negative "
                                "interior_padding, but got "
                             << formatDims(*interior);
  // C4: with constant paddings, the padded shape.
  if (!low || !high || !interior || static_cast<int64_t>(low->size()) != rank ||
      static_cast<int64_t>(high->size()) != rank ||
      static_cast<int64_t>(interior->size()) != rank)
    return success();
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < rank; ++d) {
    std::optional<int64_t> padded =
        paddedSize(operand.getDimSize(d), (*low)[d], (*high)[d], (*interior)[d]);
    if (!padded)
      return emitOpError() << "(C4) requires a padded size of dimension " << d
                           << " that fits in a 64-bit integer";
    expected.push_back(*padded);
  }
  for (int64_t d = 0; d < rank; ++d)
    if (!compatibleDim(expected[d], result.getDimSize(d)))
      return emitOpError() << "(C4) requires result shape "
                           << formatDims(expected) << ", but got "
                           << formatDims(result.getShape());
  return success();
}

//===- dynamic_reshape ----------------------------------------------------===//

LogicalResult DynamicReshapeOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  if (failed(checkElement(*this, "(C1)", "result", operand, result)))
    return failure();
  // C2: size(operand) = size(result).
  if (operand.hasStaticShape() && result.hasStaticShape() &&
      operand.getNumElements() != result.getNumElements())
    return emitOpError() << "(C2) requires a result of "
                         << operand.getNumElements()
                         << " elements (as many as the operand), but got "
                         << result.getNumElements();
  // C4: size(output_shape) = rank(result).
  return checkLength(*this, "(C4)", "output_shape", getOutputShape(),
                     result.getRank(), "the result rank");
}

//===- get_dimension_size, set_dimension_size -----------------------------===//

LogicalResult GetDimensionSizeOp::verify() {
  int64_t rank = getOperand().getType().getRank();
  // C1: 0 <= dimension < rank(operand).
  if (static_cast<int64_t>(getDimension()) >= rank)
    return emitOpError() << "(C1) requires dimension in [0, " << rank
                         << "), but got " << getDimension();
  return success();
}

LogicalResult SetDimensionSizeOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  int64_t rank = operand.getRank();
  int64_t dim = getDimension();
  // C1: 0 <= dimension < rank(operand).
  if (dim >= rank)
    return emitOpError() << "(C1) requires dimension in [0, " << rank
                         << "), but got " << dim;
  // C2: the result is the operand with `dimension` resized.
  if (failed(checkElement(*this, "(C2)", "result", operand, result)))
    return failure();
  if (result.getRank() != rank)
    return emitOpError() << "(C2) requires a result of rank " << rank
                         << ", but got " << result.getRank();
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim && !compatibleDim(operand.getDimSize(d), result.getDimSize(d)))
      return emitOpError() << "(C2) requires result dimension " << d
                           << " of size " << operand.getDimSize(d)
                           << ", but got " << result.getDimSize(d);
  // A constant size fixes a static result dimension.
  DenseIntElementsAttr size;
  if (matchPattern(getSize(), m_Constant(&size)) &&
      !result.isDynamicDim(dim)) {
    int64_t value = (*size.getValues<APInt>().begin()).getSExtValue();
    if (value != result.getDimSize(dim))
      return emitOpError() << "(C2) requires result dimension " << dim
                           << " of size " << value << " (the constant size), "
                           << "but got " << result.getDimSize(dim);
  }
  return success();
}

//===- real_dynamic_slice -------------------------------------------------===//

LogicalResult RealDynamicSliceOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  int64_t rank = operand.getRank();
  // C1: one element type.
  if (failed(checkElement(*this, "(C1)", "result", operand, result)))
    return failure();
  // C2: one start, limit and stride per operand dimension.
  for (auto [name, value] :
       {std::pair<StringRef, Value>{"start_indices", getStartIndices()},
        {"limit_indices", getLimitIndices()},
        {"strides", getStrides()}})
    if (failed(checkLength(*this, "(C2)", name, value, rank,
                           "the operand rank")))
      return failure();
  if (result.getRank() != rank)
    return emitOpError() << "(C5) requires a result of rank " << rank
                         << ", but got " << result.getRank();
  auto start = constantValues(getStartIndices());
  auto limit = constantValues(getLimitIndices());
  auto strides = constantValues(getStrides());
  // C4: 0 < strides.
  if (strides)
    for (int64_t s : *strides)
      if (s <= 0)
        return emitOpError() << "(C4) requires positive strides, but got "
                             << formatDims(*strides);
  if (!start || !limit || !strides ||
      static_cast<int64_t>(start->size()) != rank ||
      static_cast<int64_t>(limit->size()) != rank ||
      static_cast<int64_t>(strides->size()) != rank)
    return success();
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t s = (*start)[d], l = (*limit)[d], st = (*strides)[d];
    int64_t bound = operand.getDimSize(d);
    // C3: 0 <= start <= limit <= shape(operand).
    if (s < 0 || s > l || (!ShapedType::isDynamic(bound) && l > bound))
      return emitOpError() << "(C3) requires 0 <= start_indices <= "
                              "limit_indices <= operand shape in dimension "
                           << d << ", but got start " << s << " and limit "
                           << l;
    expected.push_back((l - s + st - 1) / st);
  }
  // C5: shape(result) = ceil((limit - start) / strides).
  for (int64_t d = 0; d < rank; ++d)
    if (!compatibleDim(expected[d], result.getDimSize(d)))
      return emitOpError() << "(C5) requires result shape "
                           << formatDims(expected) << ", but got "
                           << formatDims(result.getShape());
  return success();
}

//===- DataMovementOps.cpp - Spec data movement ops -----------------------===//
//
// Verifiers name the spec constraint they check, e.g. "(C2)". Dynamic
// dimensions (`?`) are compatible with any size.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/DataMovementChecks.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;
using namespace oxla::stablehlo::detail;

//===- Custom directives --------------------------------------------------===//

/// A possibly empty list of operands, each followed by a comma:
/// `%a, %b,` (before a keyword such as `dim = 0` or `sizes = [..]`).
static ParseResult
parseOperandsWithComma(OpAsmParser &parser,
                       SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed) || parser.parseComma())
      return failure();
    operands.push_back(operand);
  }
}

static void printOperandsWithComma(OpAsmPrinter &printer, Operation *,
                                   OperandRange operands) {
  llvm::interleave(
      operands, printer, [&](Value v) { printer << v << ','; }, " ");
}

/// slice's `[start:limit:stride, ...]`; the stride is left out when 1.
static ParseResult parseSliceRanges(OpAsmParser &parser,
                                    DenseI64ArrayAttr &start,
                                    DenseI64ArrayAttr &limit,
                                    DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t s, l, st = 1;
        if (parser.parseInteger(s) || parser.parseColon() ||
            parser.parseInteger(l))
          return failure();
        if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(st))
          return failure();
        starts.push_back(s);
        limits.push_back(l);
        steps.push_back(st);
        return success();
      }))
    return failure();
  MLIRContext *ctx = parser.getContext();
  start = DenseI64ArrayAttr::get(ctx, starts);
  limit = DenseI64ArrayAttr::get(ctx, limits);
  strides = DenseI64ArrayAttr::get(ctx, steps);
  return success();
}

static void printSliceRanges(OpAsmPrinter &printer, Operation *op,
                             DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                             DenseI64ArrayAttr strides) {
  // Only ranges of one length print as ranges; the verifier rejects others,
  // but printing must not crash (e.g. with --mlir-print-op-on-diagnostic).
  ArrayRef<int64_t> s = start.asArrayRef(), l = limit.asArrayRef(),
                    st = strides.asArrayRef();
  size_t n = std::min({s.size(), l.size(), st.size()});
  printer << '[';
  for (size_t i = 0; i < n; ++i) {
    if (i)
      printer << ", ";
    printer << s[i] << ':' << l[i];
    if (st[i] != 1)
      printer << ':' << st[i];
  }
  printer << ']';
}

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/DataMovementOps.cpp.inc"

//===- Shared checks ------------------------------------------------------===//

namespace oxla::stablehlo::detail {

std::string formatDims(ArrayRef<int64_t> dims) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(dims, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << '?';
    else
      os << d;
  });
  os << ']';
  return text;
}

bool sameBaselineElement(Type a, Type b) {
  auto strip = [](Type t) -> Type {
    // Per-axis parameters (scales, quantized dimension) follow the shape;
    // compare only what the element type keeps.
    return baselineElementType(t);
  };
  return strip(a) == strip(b);
}

LogicalResult checkDims(Operation *op, StringRef label, StringRef name,
                        ArrayRef<int64_t> dims, int64_t bound, bool unique,
                        bool sorted, StringRef boundName) {
  // INT64_MAX: no range check here (another constraint checks the range).
  for (int64_t d : dims)
    if (bound != INT64_MAX && (d < 0 || d >= bound))
      return op->emitOpError()
             << label << " requires every entry of " << name << " in [0, "
             << bound << ")" << (boundName.empty() ? "" : " (")
             << boundName << (boundName.empty() ? "" : ")") << ", but got "
             << formatDims(dims);
  if (unique) {
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : dims)
      if (!seen.insert(d).second)
        return op->emitOpError() << label << " requires unique " << name
                                 << ", but got " << formatDims(dims);
  }
  if (sorted && !llvm::is_sorted(dims))
    return op->emitOpError() << label << " requires " << name
                             << " sorted in ascending order, but got "
                             << formatDims(dims);
  return success();
}

LogicalResult verifyBroadcastInDim(Operation *op, RankedTensorType operand,
                                   ArrayRef<int64_t> dims,
                                   RankedTensorType result) {
  // C1: element types agree.
  if (!sameBaselineElement(operand.getElementType(), result.getElementType()))
    return op->emitOpError() << "(C1) requires result element type "
                             << operand.getElementType() << ", but got "
                             << result.getElementType();
  // C2: one broadcast dimension per operand dimension.
  if (static_cast<int64_t>(dims.size()) != operand.getRank())
    return op->emitOpError()
           << "(C2) requires " << operand.getRank()
           << " broadcast_dimensions (the operand rank), but got "
           << dims.size();
  // C3, C4: in range of the result rank and unique.
  if (failed(checkDims(op, "(C3)", "broadcast_dimensions", dims,
                       result.getRank(), /*unique=*/false, /*sorted=*/false,
                       "the result rank")) ||
      failed(checkDims(op, "(C4)", "broadcast_dimensions", dims,
                       result.getRank(), /*unique=*/true, /*sorted=*/false)))
    return failure();
  // C5: each operand dimension is 1 or the size of its result dimension.
  for (auto [d, target] : llvm::enumerate(dims)) {
    int64_t size = operand.getDimSize(d);
    int64_t resultSize = result.getDimSize(target);
    if (size != 1 && !compatibleDim(size, resultSize))
      return op->emitOpError()
             << "(C5) requires operand dimension " << d << " of size 1 or "
             << resultSize << " (result dimension " << target
             << "), but got " << size;
  }
  return success();
}

std::optional<int64_t> paddedSize(int64_t size, int64_t low, int64_t high,
                                  int64_t interior) {
  if (ShapedType::isDynamic(size))
    return ShapedType::kDynamic;
  int64_t padded;
  if (__builtin_mul_overflow(interior, std::max<int64_t>(size - 1, 0), &padded) ||
      __builtin_add_overflow(padded, size, &padded) ||
      __builtin_add_overflow(padded, low, &padded) ||
      __builtin_add_overflow(padded, high, &padded))
    return std::nullopt;
  return padded;
}

LogicalResult checkElementType(Operation *op, StringRef label,
                                      StringRef what, Type expected,
                                      Type actual) {
  if (sameBaselineElement(getElementTypeOrSelf(expected),
                          getElementTypeOrSelf(actual)))
    return success();
  return op->emitOpError() << label << (label.empty() ? "" : " ")
                           << "requires " << what << " element type " << getElementTypeOrSelf(expected)
                           << ", but got " << getElementTypeOrSelf(actual);
}

LogicalResult checkShape(Operation *op, StringRef label,
                                StringRef what, ArrayRef<int64_t> expected,
                                RankedTensorType type) {
  if (type.getRank() == static_cast<int64_t>(expected.size()) &&
      llvm::all_of(llvm::zip_equal(expected, type.getShape()),
                   [](auto p) {
                     return compatibleDim(std::get<0>(p), std::get<1>(p));
                   }))
    return success();
  return op->emitOpError() << label << (label.empty() ? "" : " ")
                           << "requires " << what << " of shape "
                           << formatDims(expected) << ", but got "
                           << formatDims(type.getShape());
}

} // namespace oxla::stablehlo::detail

//===- broadcast_in_dim, broadcast ----------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastInDim(*this, getOperand().getType(),
                              getBroadcastDimensions(), getResult().getType());
}

LogicalResult BroadcastOp::verify() {
  auto operand = getOperand().getType();
  if (failed(checkElementType(*this, "(C1)", "result", operand,
                              getResult().getType())))
    return failure();
  // C2: shape(result) = broadcast_sizes ++ shape(operand).
  SmallVector<int64_t> expected(getBroadcastSizes());
  for (int64_t size : expected)
    if (size < 0)
      return emitOpError() << "(C2) requires non-negative broadcast_sizes, "
                              "but got "
                           << formatDims(getBroadcastSizes());
  expected.append(operand.getShape().begin(), operand.getShape().end());
  return checkShape(*this, "(C2)", "a result", expected, getResult().getType());
}

//===- concatenate --------------------------------------------------------===//

LogicalResult ConcatenateOp::verify() {
  // C3: at least one input.
  if (getInputs().empty())
    return emitOpError() << "(C3) requires at least one input";
  auto first = cast<RankedTensorType>(getInputs().front().getType());
  int64_t dim = getDimension();
  // C4: 0 <= dimension < rank(inputs[0]).
  if (dim >= first.getRank())
    return emitOpError() << "(C4) requires dimension in [0, "
                         << first.getRank() << "), but got " << dim;
  SmallVector<int64_t> expected(first.getShape());
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto type = cast<RankedTensorType>(input.getType());
    // C1: one element type.
    if (failed(checkElementType(*this, "(C1)", "input", first, type)))
      return failure();
    // C2: one shape except along `dimension`.
    if (type.getRank() != first.getRank())
      return emitOpError() << "(C2) requires inputs of rank "
                           << first.getRank() << ", but input " << i
                           << " has rank " << type.getRank();
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d == dim)
        continue;
      if (!compatibleDim(expected[d], type.getDimSize(d)))
        return emitOpError() << "(C2) requires inputs of shape "
                             << formatDims(first.getShape())
                             << " except in dimension " << dim
                             << ", but input " << i << " has shape "
                             << formatDims(type.getShape());
      if (ShapedType::isDynamic(expected[d]))
        expected[d] = type.getDimSize(d);
    }
    if (i > 0)
      expected[dim] = ShapedType::isDynamic(expected[dim]) ||
                              type.isDynamicDim(dim)
                          ? ShapedType::kDynamic
                          : expected[dim] + type.getDimSize(dim);
  }
  // C5, C6: result element type and shape.
  if (failed(checkElementType(*this, "(C5)", "result", first,
                              getResult().getType())))
    return failure();
  return checkShape(*this, "(C6)", "a result", expected, getResult().getType());
}

//===- dynamic_slice, dynamic_update_slice --------------------------------===//

/// All start indices share one type.
static LogicalResult checkStartIndices(Operation *op, StringRef label,
                                       ValueRange indices) {
  for (Value index : indices)
    if (index.getType() != indices.front().getType())
      return op->emitOpError() << label
                               << " requires start indices of one type, but "
                                  "got "
                               << indices.front().getType() << " and "
                               << index.getType();
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto operand = getOperand().getType();
  ArrayRef<int64_t> sizes = getSliceSizes();
  if (failed(checkElementType(*this, "(C1)", "result", operand,
                              getResult().getType())))
    return failure();
  // C2: one start index and one slice size per operand dimension.
  if (static_cast<int64_t>(getStartIndices().size()) != operand.getRank() ||
      static_cast<int64_t>(sizes.size()) != operand.getRank())
    return emitOpError() << "(C2) requires " << operand.getRank()
                         << " start indices and slice_sizes (the operand "
                            "rank), but got "
                         << getStartIndices().size() << " and "
                         << sizes.size();
  if (failed(checkStartIndices(*this, "(C3)", getStartIndices())))
    return failure();
  // C4: 0 <= slice_sizes <= shape(operand).
  for (auto [d, size] : llvm::enumerate(sizes)) {
    int64_t bound = operand.getDimSize(d);
    if (size < 0 || (!ShapedType::isDynamic(bound) && size > bound))
      return emitOpError() << "(C4) requires slice_sizes[" << d << "] in [0, "
                           << bound << "], but got " << size;
  }
  // C5: shape(result) = slice_sizes.
  return checkShape(*this, "(C5)", "a result", sizes, getResult().getType());
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto operand = getOperand().getType();
  auto update = getUpdate().getType();
  auto result = getResult().getType();
  // C1: type(operand) = type(result).
  if (failed(checkElementType(*this, "(C1)", "result", operand, result)) ||
      failed(checkShape(*this, "(C1)", "a result", operand.getShape(), result)))
    return failure();
  // C2, C3: update has the operand's element type and rank.
  if (failed(checkElementType(*this, "(C2)", "update", operand, update)))
    return failure();
  if (update.getRank() != operand.getRank())
    return emitOpError() << "(C3) requires an update of rank "
                         << operand.getRank() << ", but got "
                         << update.getRank();
  // C4, C5: one start index per dimension, all of one type.
  if (static_cast<int64_t>(getStartIndices().size()) != operand.getRank())
    return emitOpError() << "(C4) requires " << operand.getRank()
                         << " start indices (the operand rank), but got "
                         << getStartIndices().size();
  if (failed(checkStartIndices(*this, "(C5)", getStartIndices())))
    return failure();
  // C6: 0 <= shape(update) <= shape(operand).
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t size = update.getDimSize(d), bound = operand.getDimSize(d);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
        size > bound)
      return emitOpError() << "(C6) requires update dimension " << d
                           << " of size at most " << bound << ", but got "
                           << size;
  }
  return success();
}

//===- pad ----------------------------------------------------------------===//

LogicalResult PadOp::verify() {
  auto operand = getOperand().getType();
  // C1: operand, padding value and result share an element type.
  if (failed(checkElementType(*this, "(C1)", "padding_value", operand,
                              getPaddingValue().getType())) ||
      failed(checkElementType(*this, "(C1)", "result", operand,
                              getResult().getType())))
    return failure();
  ArrayRef<int64_t> low = getEdgePaddingLow(), high = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  // C2: one padding amount of each kind per dimension.
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return emitOpError() << "(C2) requires " << rank
                         << " entries (the operand rank) in each of "
                            "edge_padding_low, edge_padding_high and "
                            "interior_padding, but got "
                         << low.size() << ", " << high.size() << " and "
                         << interior.size();
  // C3: 0 <= interior_padding.
  for (int64_t i : interior)
    if (i < 0)
      return emitOpError() << "(C3) requires non-negative interior_padding, "
                              "but got "
                           << formatDims(interior);
  // C4: the padded shape.
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < rank; ++d) {
    std::optional<int64_t> padded =
        paddedSize(operand.getDimSize(d), low[d], high[d], interior[d]);
    if (!padded)
      return emitOpError() << "(C4) requires a padded size of dimension " << d
                           << " that fits in a 64-bit integer";
    int64_t size = *padded;
    if (!ShapedType::isDynamic(size) && size < 0)
      return emitOpError() << "(C4) requires a non-negative padded size of "
                              "dimension "
                           << d << ", but got " << size;
    expected.push_back(size);
  }
  return checkShape(*this, "(C4)", "a result", expected, getResult().getType());
}

//===- reshape ------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  if (failed(checkElementType(*this, "(C1)", "result", operand, result)))
    return failure();
  // C2: size(operand) = size(result).
  if (operand.hasStaticShape() && result.hasStaticShape() &&
      operand.getNumElements() != result.getNumElements())
    return emitOpError() << "(C2) requires a result of "
                         << operand.getNumElements()
                         << " elements (as many as the operand), but got "
                         << result.getNumElements();
  return success();
}

//===- reverse ------------------------------------------------------------===//

LogicalResult ReverseOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  // C1: type(operand) = type(result).
  if (failed(checkElementType(*this, "(C1)", "result", operand, result)) ||
      failed(checkShape(*this, "(C1)", "a result", operand.getShape(), result)))
    return failure();
  // C2, C3: unique dimensions in range.
  if (failed(checkDims(*this, "(C2)", "dimensions", getDimensions(), INT64_MAX,
                       /*unique=*/true, false)))
    return failure();
  return checkDims(*this, "(C3)", "dimensions", getDimensions(),
                   result.getRank(), false, false, "the result rank");
}

//===- slice --------------------------------------------------------------===//

LogicalResult SliceOp::verify() {
  auto operand = getOperand().getType();
  if (failed(checkElementType(*this, "(C1)", "result", operand,
                              getResult().getType())))
    return failure();
  ArrayRef<int64_t> start = getStartIndices(), limit = getLimitIndices(),
                    strides = getStrides();
  int64_t rank = operand.getRank();
  // C2: one start, limit and stride per dimension.
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitOpError() << "(C2) requires " << rank
                         << " entries (the operand rank) in each of "
                            "start_indices, limit_indices and strides, but "
                            "got "
                         << start.size() << ", " << limit.size() << " and "
                         << strides.size();
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t bound = operand.getDimSize(d);
    // C3: 0 <= start <= limit <= shape(operand).
    if (start[d] < 0 || start[d] > limit[d] ||
        (!ShapedType::isDynamic(bound) && limit[d] > bound))
      return emitOpError() << "(C3) requires 0 <= start_indices <= "
                              "limit_indices <= operand shape in dimension "
                           << d << ", but got start " << start[d]
                           << ", limit " << limit[d] << " and size "
                           << (ShapedType::isDynamic(bound) ? -1 : bound);
    // C4: 0 < strides.
    if (strides[d] <= 0)
      return emitOpError() << "(C4) requires positive strides, but got "
                           << formatDims(strides);
    // C5: ceil((limit - start) / stride).
    expected.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
  }
  return checkShape(*this, "(C5)", "a result", expected, getResult().getType());
}

//===- torch_index_select -------------------------------------------------===//

LogicalResult TorchIndexSelectOp::verify() {
  auto operand = getOperand().getType();
  auto index = getIndex().getType();
  int64_t dim = getDim(), batchDims = getBatchDims();
  if (dim < 0 || dim >= operand.getRank())
    return emitOpError() << "requires dim in [0, " << operand.getRank()
                         << "), but got " << dim;
  if (batchDims < 0 || batchDims > index.getRank() || batchDims > dim)
    return emitOpError() << "requires batch_dims in [0, min(dim, rank(index))"
                            "], but got "
                         << batchDims;
  for (int64_t d = 0; d < batchDims; ++d)
    if (!compatibleDim(operand.getDimSize(d), index.getDimSize(d)))
      return emitOpError() << "requires operand and index of one size in "
                              "batch dimension "
                           << d << ", but got " << operand.getDimSize(d)
                           << " and " << index.getDimSize(d);
  if (failed(checkElementType(*this, "", "result", operand,
                              getResult().getType())))
    return failure();
  // shape(result) = operand[:dim] ++ index[batch_dims:] ++ operand[dim+1:].
  SmallVector<int64_t> expected(operand.getShape().take_front(dim));
  llvm::append_range(expected, index.getShape().drop_front(batchDims));
  llvm::append_range(expected, operand.getShape().drop_front(dim + 1));
  return checkShape(*this, "", "a result", expected, getResult().getType());
}

//===- transpose ----------------------------------------------------------===//

LogicalResult TransposeOp::verify() {
  auto operand = getOperand().getType();
  ArrayRef<int64_t> permutation = getPermutation();
  if (failed(checkElementType(*this, "(C1)", "result", operand,
                              getResult().getType())))
    return failure();
  // C2: permutation is a permutation of range(rank(operand)).
  SmallVector<int64_t> sorted(permutation);
  llvm::sort(sorted);
  if (sorted != llvm::to_vector(llvm::seq<int64_t>(0, operand.getRank())))
    return emitOpError() << "(C2) requires permutation to be a permutation "
                            "of [0, "
                         << operand.getRank() << "), but got "
                         << formatDims(permutation);
  // C3: shape(result) = dim(operand, permutation...).
  SmallVector<int64_t> expected;
  for (int64_t p : permutation)
    expected.push_back(operand.getDimSize(p));
  return checkShape(*this, "(C3)", "a result", expected, getResult().getType());
}

//===- CHLOOps.cpp - The chlo dialect ------------------------------------===//
//
// Verifiers name the constraint they check, e.g. "(C2)"; the constraints are
// numbered per op in the comments below (chlo has no written spec, they
// follow the semantics of the upstream op definitions).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/CHLO/IR/CHLO.h"

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace oxla::chlo;

#include "compiler/Dialect/CHLO/IR/CHLODialect.cpp.inc"
#include "compiler/Dialect/CHLO/IR/CHLOEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/CHLO/IR/CHLOAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/CHLO/IR/CHLOOps.cpp.inc"

namespace {

/// Every op may be inlined: the ops are pure functions of their operands
/// or have their effects declared, and none refers to its enclosing
/// function. Calls are inlined before shape refinement and lowering.
struct CHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
};

} // namespace

void CHLODialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/CHLO/IR/CHLOOps.cpp.inc"
      >();
  addInterfaces<CHLOInlinerInterface>();
}

void CHLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/Dialect/CHLO/IR/CHLOAttrs.cpp.inc"
      >();
}

//===- Traits --------------------------------------------------------------===//

LogicalResult
oxla::chlo::OpTrait::verifyCompatibleOperandsAndResultShape(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  if (failed(verifyCompatibleShapes(types)))
    return op->emitOpError()
           << "requires operands and results of one shape, but got "
           << op->getOperandTypes() << " -> " << op->getResultTypes();
  return success();
}

LogicalResult
oxla::chlo::OpTrait::verifySameOperandsAndResultElementTypes(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  if (types.empty())
    return success();
  Type first = getElementTypeOrSelf(types.front());
  for (Type type : types)
    if (getElementTypeOrSelf(type) != first)
      return op->emitOpError()
             << "requires operands and results of one element type, but got "
             << op->getOperandTypes() << " -> " << op->getResultTypes();
  return success();
}

//===- #chlo.ragged_dot ----------------------------------------------------===//

namespace {
constexpr llvm::StringLiteral kRaggedDotFields[] = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions",
    "lhs_ragged_dimensions",      "rhs_group_dimensions"};
} // namespace

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  // `<name = [..], ...>` in any order; a missing field is empty.
  SmallVector<int64_t> fields[6];
  bool seen[6] = {};
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalGreater()))
    return get(parser.getContext(), {}, {}, {}, {}, {}, {});
  auto parseField = [&]() -> ParseResult {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    const auto *it = llvm::find(kRaggedDotFields, name);
    if (it == std::end(kRaggedDotFields))
      return parser.emitError(loc) << "unknown ragged_dot field '" << name
                                   << "'";
    size_t index = it - std::begin(kRaggedDotFields);
    if (seen[index])
      return parser.emitError(loc) << "duplicate ragged_dot field '" << name
                                   << "'";
    seen[index] = true;
    return failure(parser.parseEqual() ||
                   oxla::stablehlo::parseIntArray(parser, fields[index]));
  };
  if (parser.parseCommaSeparatedList(parseField) || parser.parseGreater())
    return {};
  return get(parser.getContext(), fields[0], fields[1], fields[2], fields[3],
             fields[4], fields[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  ArrayRef<int64_t> fields[] = {
      getLhsBatchingDimensions(),    getRhsBatchingDimensions(),
      getLhsContractingDimensions(), getRhsContractingDimensions(),
      getLhsRaggedDimensions(),      getRhsGroupDimensions()};
  printer << '<';
  for (auto [i, values] : llvm::enumerate(fields)) {
    if (i)
      printer << ", ";
    printer << kRaggedDotFields[i] << " = ";
    oxla::stablehlo::printIntArray(printer, values);
  }
  printer << '>';
}

//===- Helpers -------------------------------------------------------------===//

static bool compatibleDim(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

/// Same element type and compatible shapes.
static bool compatibleTypes(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb)
    return a == b;
  return ta.getElementType() == tb.getElementType() &&
         succeeded(verifyCompatibleShape(ta, tb));
}

static bool compatibleShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!compatibleDim(x, y))
      return false;
  return true;
}

//===- top_k ---------------------------------------------------------------===//

// C1: rank(operand) >= 1. C2: 0 <= k <= dim(operand, -1).
// C3: values has shape operand[:-1] + [k] and the operand's element type.
// C4: indices has that shape and element type i32.

/// The shape of values and indices: the operand's with the last dimension k.
static SmallVector<int64_t> inferTopKShape(RankedTensorType operand,
                                           int64_t k) {
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  return shape;
}

LogicalResult TopKOp::verify() {
  auto operand = getOperand().getType();
  if (operand.getRank() < 1)
    return emitOpError() << "(C1) requires an operand of rank at least 1, "
                            "but got rank "
                         << operand.getRank();
  int64_t k = getK();
  int64_t last = operand.getShape().back();
  if (k < 0 || (!ShapedType::isDynamic(last) && k > last))
    return emitOpError() << "(C2) requires 0 <= k <= " << last
                         << " (the last dimension of the operand), but got k = "
                         << k;
  SmallVector<int64_t> shape = inferTopKShape(operand, k);
  auto values = getValues().getType();
  if (!compatibleShape(values.getShape(), shape) ||
      values.getElementType() != operand.getElementType())
    return emitOpError() << "(C3) requires values of type "
                         << RankedTensorType::get(shape,
                                                  operand.getElementType())
                         << ", but got " << values;
  auto indices = getIndices().getType();
  auto i32 = IntegerType::get(getContext(), 32);
  if (!compatibleShape(indices.getShape(), shape) ||
      indices.getElementType() != i32)
    return emitOpError() << "(C4) requires indices of type "
                         << RankedTensorType::get(shape, i32) << ", but got "
                         << indices;
  return success();
}

//===- ragged_dot ----------------------------------------------------------===//

// C1: every dimension number is in range for its operand, and the lhs
//     (batching, contracting, ragged) and rhs (batching, contracting, group)
//     dimensions are unique per operand.
// C2: as many lhs as rhs batching dimensions, and contracting dimensions.
// C3: exactly one lhs ragged dimension.
// C4: batching and contracting dimension pairs have one size.
// C5: a ragged non-contracting, non-batching dimension needs exactly one rhs
//     group dimension; a ragged contracting or batching dimension none.
// C6: group_sizes has rank >= 1 and its last dimension is the group count
//     (the size of the rhs group dimension when there is one).
// C7: precision_config has 0 or 2 entries.
// C8: the result shape: batching dims, lhs free dims, rhs free dims, with a
//     leading group dimension when the ragged dimension is contracting.

static LogicalResult checkDims(Operation *op, StringRef operandName,
                               int64_t rank,
                               ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>>
                                   groups) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [name, dims] : groups)
    for (int64_t dim : dims) {
      if (dim < 0 || dim >= rank)
        return op->emitOpError()
               << "(C1) requires " << name << " in [0, " << rank
               << ") (the rank of " << operandName << "), but got " << dim;
      if (!seen.insert(dim).second)
        return op->emitOpError()
               << "(C1) requires unique dimension numbers for " << operandName
               << ", but dimension " << dim << " appears twice";
    }
  return success();
}

LogicalResult RaggedDotOp::verify() {
  auto lhs = getLhs().getType();
  auto rhs = getRhs().getType();
  auto groupSizes = getGroupSizes().getType();
  auto dn = getRaggedDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = dn.getLhsBatchingDimensions(),
                    rhsBatch = dn.getRhsBatchingDimensions(),
                    lhsContract = dn.getLhsContractingDimensions(),
                    rhsContract = dn.getRhsContractingDimensions(),
                    lhsRagged = dn.getLhsRaggedDimensions(),
                    rhsGroup = dn.getRhsGroupDimensions();

  if (failed(checkDims(*this, "lhs", lhs.getRank(),
                       {{"lhs_batching_dimensions", lhsBatch},
                        {"lhs_contracting_dimensions", lhsContract}})) ||
      failed(checkDims(*this, "rhs", rhs.getRank(),
                       {{"rhs_batching_dimensions", rhsBatch},
                        {"rhs_contracting_dimensions", rhsContract},
                        {"rhs_group_dimensions", rhsGroup}})))
    return failure();
  // The ragged dimension may coincide with a batching or contracting one.
  for (int64_t dim : lhsRagged)
    if (dim < 0 || dim >= lhs.getRank())
      return emitOpError() << "(C1) requires lhs_ragged_dimensions in [0, "
                           << lhs.getRank() << ") (the rank of lhs), but got "
                           << dim;

  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "(C2) requires as many lhs as rhs batching "
                            "dimensions, but got "
                         << lhsBatch.size() << " and " << rhsBatch.size();
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "(C2) requires as many lhs as rhs contracting "
                            "dimensions, but got "
                         << lhsContract.size() << " and " << rhsContract.size();
  if (lhsRagged.size() != 1)
    return emitOpError() << "(C3) requires exactly one lhs ragged dimension, "
                            "but got "
                         << lhsRagged.size();

  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (!compatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "(C4) requires lhs batching dimension " << l
                           << " and rhs batching dimension " << r
                           << " of one size, but got " << lhs.getDimSize(l)
                           << " and " << rhs.getDimSize(r);
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (!compatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "(C4) requires lhs contracting dimension " << l
                           << " and rhs contracting dimension " << r
                           << " of one size, but got " << lhs.getDimSize(l)
                           << " and " << rhs.getDimSize(r);

  int64_t ragged = lhsRagged.front();
  bool raggedContracting = llvm::is_contained(lhsContract, ragged);
  bool raggedBatching = llvm::is_contained(lhsBatch, ragged);
  bool raggedFree = !raggedContracting && !raggedBatching;
  if (raggedFree && rhsGroup.size() != 1)
    return emitOpError() << "(C5) requires exactly one rhs group dimension "
                            "when the lhs ragged dimension is neither "
                            "batching nor contracting, but got "
                         << rhsGroup.size();
  if (!raggedFree && !rhsGroup.empty())
    return emitOpError() << "(C5) requires no rhs group dimension when the "
                            "lhs ragged dimension is batching or contracting, "
                            "but got "
                         << rhsGroup.size();

  if (groupSizes.getRank() < 1)
    return emitOpError() << "(C6) requires group_sizes of rank at least 1, "
                            "but got rank "
                         << groupSizes.getRank();
  int64_t groups = groupSizes.getShape().back();
  if (raggedFree) {
    int64_t rhsGroups = rhs.getDimSize(rhsGroup.front());
    if (!compatibleDim(groups, rhsGroups))
      return emitOpError() << "(C6) requires the last dimension of "
                              "group_sizes to be "
                           << rhsGroups
                           << " (the size of the rhs group dimension), but "
                              "got "
                           << groups;
    groups = rhsGroups;
  }

  if (auto precision = getPrecisionConfig())
    if (!precision->empty() && precision->size() != 2)
      return emitOpError() << "(C7) requires 0 or 2 precision_config entries, "
                              "but got "
                           << precision->size();

  SmallVector<int64_t> shape;
  if (raggedContracting)
    shape.push_back(groups);
  for (int64_t dim : lhsBatch)
    shape.push_back(lhs.getDimSize(dim));
  for (int64_t dim = 0; dim < lhs.getRank(); ++dim)
    if (!llvm::is_contained(lhsBatch, dim) &&
        !llvm::is_contained(lhsContract, dim))
      shape.push_back(lhs.getDimSize(dim));
  for (int64_t dim = 0; dim < rhs.getRank(); ++dim)
    if (!llvm::is_contained(rhsBatch, dim) &&
        !llvm::is_contained(rhsContract, dim) &&
        !llvm::is_contained(rhsGroup, dim))
      shape.push_back(rhs.getDimSize(dim));
  auto result = getResult().getType();
  if (!compatibleShape(result.getShape(), shape))
    return emitOpError() << "(C8) requires a result of shape "
                         << RankedTensorType::get(shape,
                                                  result.getElementType())
                         << ", but got " << result;
  return success();
}

//===- scan ----------------------------------------------------------------===//

// C1: 0 <= dimension < rank(input) for every input.
// C2: the inputs have one size along dimension.
// C3: there are at least as many results as inits; the last results (the
//     carries) have the inits' types.
// C4: the body takes one slice of every input (dimension erased) and then
//     the carries.
// C5: the body returns one slice of every output and then the new carries.
// C6: every output is its slice type with dimension inserted, of the scan
//     length.

static RankedTensorType eraseDim(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return RankedTensorType::get(shape, type.getElementType());
}

LogicalResult ScanOp::verify() {
  int64_t dim = getDimension();
  int64_t length = ShapedType::kDynamic;
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto type = cast<RankedTensorType>(input.getType());
    if (dim < 0 || dim >= type.getRank())
      return emitOpError() << "(C1) requires dimension in [0, "
                           << type.getRank() << ") (the rank of input " << i
                           << "), but got " << dim;
    int64_t size = type.getDimSize(dim);
    if (!compatibleDim(length, size))
      return emitOpError() << "(C2) requires inputs of one size along "
                              "dimension "
                           << dim << ", but input " << i << " has " << size
                           << " instead of " << length;
    if (!ShapedType::isDynamic(size))
      length = size;
  }

  size_t numInputs = getInputs().size(), numInits = getInits().size();
  size_t numResults = getResults().size();
  if (numResults < numInits)
    return emitOpError() << "(C3) requires at least " << numInits
                         << " results (one carry per init), but got "
                         << numResults;
  size_t numOutputs = numResults - numInits;
  for (size_t i = 0; i < numInits; ++i) {
    Type init = getInits()[i].getType();
    Type carry = getResults()[numOutputs + i].getType();
    if (!compatibleTypes(init, carry))
      return emitOpError() << "(C3) requires carry result " << i
                           << " of type " << init << " (its init), but got "
                           << carry;
  }

  Block &body = getBody().front();
  if (body.getNumArguments() != numInputs + numInits)
    return emitOpError() << "(C4) requires a body with " << numInputs + numInits
                         << " arguments (" << numInputs << " input slices, "
                         << numInits << " carries), but got "
                         << body.getNumArguments();
  for (size_t i = 0; i < numInputs; ++i) {
    auto slice = eraseDim(cast<RankedTensorType>(getInputs()[i].getType()), dim);
    Type arg = body.getArgument(i).getType();
    if (!compatibleTypes(arg, slice))
      return emitOpError() << "(C4) requires body argument " << i
                           << " of type " << slice
                           << " (a slice of input " << i << "), but got "
                           << arg;
  }
  for (size_t i = 0; i < numInits; ++i) {
    Type init = getInits()[i].getType();
    Type arg = body.getArgument(numInputs + i).getType();
    if (!compatibleTypes(arg, init))
      return emitOpError() << "(C4) requires body argument " << numInputs + i
                           << " of type " << init << " (carry " << i
                           << "), but got " << arg;
  }

  if (body.empty())
    return emitOpError() << "(C5) requires a body ending in stablehlo.return";
  Operation &terminator = body.back();
  if (terminator.getNumOperands() != numResults)
    return emitOpError() << "(C5) requires the body to return " << numResults
                         << " values (" << numOutputs << " output slices, "
                         << numInits << " carries), but got "
                         << terminator.getNumOperands();
  for (size_t i = 0; i < numInits; ++i) {
    Type init = getInits()[i].getType();
    Type returned = terminator.getOperand(numOutputs + i).getType();
    if (!compatibleTypes(returned, init))
      return emitOpError() << "(C5) requires returned carry " << i
                           << " of type " << init << ", but got " << returned;
  }
  for (size_t i = 0; i < numOutputs; ++i) {
    auto slice = dyn_cast<RankedTensorType>(terminator.getOperand(i).getType());
    if (!slice || dim > slice.getRank())
      return emitOpError() << "(C5) requires returned output slice " << i
                           << " to be a tensor of rank at least " << dim
                           << ", but got " << terminator.getOperand(i).getType();
    SmallVector<int64_t> shape(slice.getShape());
    shape.insert(shape.begin() + dim, length);
    auto expected = RankedTensorType::get(shape, slice.getElementType());
    Type output = getResults()[i].getType();
    if (!compatibleTypes(output, expected))
      return emitOpError() << "(C6) requires output " << i << " of type "
                           << expected << ", but got " << output;
  }
  return success();
}

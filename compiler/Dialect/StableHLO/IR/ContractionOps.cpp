//===- ContractionOps.cpp - Spec dot_general and dot ----------------------===//
//
// Pretty syntax of dot_general and the verifiers of dot_general and dot. The
// result shape of dot_general is inferred by inferDotGeneralShape and
// compared with the declared result. Diagnostics name the spec constraint.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/ContractionSupport.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ContractionOps.cpp.inc"

//===----------------------------------------------------------------------===//
// dot_general: pretty syntax.
//===----------------------------------------------------------------------===//

static ParseResult parseDimsPair(OpAsmParser &parser,
                                 SmallVectorImpl<int64_t> &lhs,
                                 SmallVectorImpl<int64_t> &rhs) {
  return failure(parser.parseEqual() || parseIntArray(parser, lhs) ||
                 parser.parseKeyword("x") || parseIntArray(parser, rhs));
}

ParseResult DotGeneralOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs))
    return failure();
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  MLIRContext *context = parser.getContext();
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return failure();
    if (key == "batching_dims") {
      if (parseDimsPair(parser, lhsBatch, rhsBatch))
        return failure();
    } else if (key == "contracting_dims") {
      if (parseDimsPair(parser, lhsContract, rhsContract))
        return failure();
    } else if (key == "precision") {
      ArrayAttr config;
      if (parser.parseEqual() || parsePrecisionList(parser, config))
        return failure();
      result.addAttribute("precision_config", config);
    } else if (key == "algorithm") {
      if (parser.parseEqual())
        return failure();
      Attribute algorithm = DotAlgorithmAttr::parse(parser, Type());
      if (!algorithm)
        return failure();
      result.addAttribute("algorithm", algorithm);
    } else {
      return parser.emitError(loc)
             << "expected batching_dims, contracting_dims, precision or "
                "algorithm, but got '"
             << key << "'";
    }
  }
  result.addAttribute("dot_dimension_numbers",
                      DotDimensionNumbersAttr::get(context, lhsBatch, rhsBatch,
                                                   lhsContract, rhsContract));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(typeLoc)
           << "expected a type (lhs, rhs) -> result";
  if (parser.resolveOperands({lhs, rhs}, type.getInputs(), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void DotGeneralOp::print(OpAsmPrinter &p) {
  p << ' ' << getLhs() << ", " << getRhs();
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  SmallVector<StringRef> elided = {"dot_dimension_numbers"};
  if (!dims.getLhsBatchingDimensions().empty() ||
      !dims.getRhsBatchingDimensions().empty()) {
    p << ", batching_dims = ";
    printIntArray(p, dims.getLhsBatchingDimensions());
    p << " x ";
    printIntArray(p, dims.getRhsBatchingDimensions());
  }
  p << ", contracting_dims = ";
  printIntArray(p, dims.getLhsContractingDimensions());
  p << " x ";
  printIntArray(p, dims.getRhsContractingDimensions());
  if (std::optional<ArrayAttr> config = getPrecisionConfig();
      config && isPrecisionList(*config)) {
    p << ", precision = ";
    printPrecisionList(p, *config);
    elided.push_back("precision_config");
  }
  if (DotAlgorithmAttr algorithm = getAlgorithmAttr()) {
    p << ", algorithm = ";
    algorithm.print(p);
    elided.push_back("algorithm");
  }
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : ";
  p.printFunctionalType(*this);
}

//===----------------------------------------------------------------------===//
// dot_general: shape inference and verifier.
//===----------------------------------------------------------------------===//

/// Spec dot_general (C1)-(C10), (C12): checks the dimension numbers against
/// lhs and rhs and returns the result shape dim(lhs, lhs_batching) +
/// dim(lhs, lhs_result) + dim(rhs, rhs_result).
static FailureOr<SmallVector<int64_t>>
inferDotGeneralShape(Operation *op, RankedTensorType lhs,
                     RankedTensorType rhs, DotDimensionNumbersAttr dims) {
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  if (lhsBatch.size() != rhsBatch.size())
    return op->emitOpError()
           << "(C1) requires as many lhs as rhs batching dimensions, but got "
           << lhsBatch.size() << " and " << rhsBatch.size();
  if (lhsContract.size() != rhsContract.size())
    return op->emitOpError() << "(C2) requires as many lhs as rhs "
                                "contracting dimensions, but got "
                             << lhsContract.size() << " and "
                             << rhsContract.size();
  auto unique = [&](ArrayRef<int64_t> a, ArrayRef<int64_t> b, StringRef side,
                    StringRef label) -> LogicalResult {
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : llvm::concat<const int64_t>(a, b))
      if (!seen.insert(d).second)
        return op->emitOpError()
               << label << " requires unique " << side
               << " batching and contracting dimensions, but " << d
               << " appears twice";
    return success();
  };
  if (failed(unique(lhsBatch, lhsContract, "lhs", "(C3)")) ||
      failed(unique(rhsBatch, rhsContract, "rhs", "(C4)")))
    return failure();
  auto inRange = [&](ArrayRef<int64_t> list, int64_t rank, StringRef name,
                     StringRef label) -> LogicalResult {
    for (int64_t d : list)
      if (d < 0 || d >= rank)
        return op->emitOpError() << label << " requires " << name
                                 << " in [0, " << rank << "), but got " << d;
    return success();
  };
  if (failed(inRange(lhsBatch, lhs.getRank(), "lhs_batching_dimensions",
                     "(C5)")) ||
      failed(inRange(lhsContract, lhs.getRank(), "lhs_contracting_dimensions",
                     "(C6)")) ||
      failed(inRange(rhsBatch, rhs.getRank(), "rhs_batching_dimensions",
                     "(C7)")) ||
      failed(inRange(rhsContract, rhs.getRank(), "rhs_contracting_dimensions",
                     "(C8)")))
    return failure();
  SmallVector<int64_t> shape;
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch)) {
    int64_t a = lhs.getDimSize(l), b = rhs.getDimSize(r);
    if (!compatibleDim(a, b))
      return op->emitOpError()
             << "(C9) requires equal batching dimension sizes, but lhs "
                "dimension "
             << l << " has " << a << " and rhs dimension " << r << " has "
             << b;
    shape.push_back(ShapedType::isDynamic(a) ? b : a);
  }
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract)) {
    int64_t a = lhs.getDimSize(l), b = rhs.getDimSize(r);
    if (!compatibleDim(a, b))
      return op->emitOpError()
             << "(C10) requires equal contracting dimension sizes, but lhs "
                "dimension "
             << l << " has " << a << " and rhs dimension " << r << " has "
             << b;
  }
  for (int64_t i = 0; i < lhs.getRank(); ++i)
    if (!llvm::is_contained(lhsBatch, i) && !llvm::is_contained(lhsContract, i))
      shape.push_back(lhs.getDimSize(i));
  for (int64_t i = 0; i < rhs.getRank(); ++i)
    if (!llvm::is_contained(rhsBatch, i) && !llvm::is_contained(rhsContract, i))
      shape.push_back(rhs.getDimSize(i));
  return shape;
}

/// Spec (C13) asks one element type of both operands; XLA, and with it
/// the programs torch-xla and tt-mlir export, also multiply two float types
/// (f32 x bf16) or two integer types of different widths. oxla accepts
/// those as XLA does: each operand is converted to the result's element
/// type and the product computed there (the interpreter's contraction does
/// so, and compiled code converts as it loads).
static bool sameElementKind(Type lhs, Type rhs) {
  if (lhs == rhs)
    return true;
  if (isa<FloatType>(lhs) && isa<FloatType>(rhs))
    return true;
  auto lhsInt = dyn_cast<IntegerType>(lhs), rhsInt = dyn_cast<IntegerType>(rhs);
  return lhsInt && rhsInt && lhsInt.getWidth() > 1 && rhsInt.getWidth() > 1 &&
         lhsInt.getSignedness() == rhsInt.getSignedness();
}

LogicalResult DotGeneralOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  FailureOr<SmallVector<int64_t>> shape =
      inferDotGeneralShape(*this, lhs, rhs, dims);
  if (failed(shape))
    return failure();
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig(), "(C11)")))
    return failure();
  if (!compatibleShapes(result.getShape(), *shape))
    return emitOpError() << "(C12) requires result shape " << shapeString(*shape)
                         << ", but got " << result;
  Type lhsElt = lhs.getElementType(), rhsElt = rhs.getElementType();
  Type resultElt = result.getElementType();
  if (!anyQuantized({lhsElt, rhsElt, resultElt})) {
    if (!sameElementKind(lhsElt, rhsElt))
      return emitOpError() << "(C13) requires lhs and rhs of one element "
                              "type (or, as XLA accepts, two float or two "
                              "integer types), but got "
                           << lhsElt << " and " << rhsElt;
  } else {
    ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
    if (failed(verifyQuantizedContraction(
            *this, lhsElt, rhsElt, resultElt,
            {"(C14)", "(C15)", "(C16)", "", "(C17)", "(C18)", "(C19)",
             "(C20)"},
            /*checkRhsZeroPoints=*/true,
            [&](int32_t axis) -> LogicalResult {
              if (llvm::is_contained(rhsContract, axis))
                return emitOpError()
                       << "(C16) requires the rhs quantization dimension "
                       << axis << " not to be a contracting dimension";
              return success();
            },
            [](int32_t) { return success(); })))
      return failure();
  }
  if (DotAlgorithmAttr algorithm = getAlgorithmAttr()) {
    if (algorithm.getLhsComponentCount() < 1 ||
        algorithm.getRhsComponentCount() < 1)
      return emitOpError() << "(C22) requires positive lhs_component_count "
                              "and rhs_component_count, but got "
                           << algorithm.getLhsComponentCount() << " and "
                           << algorithm.getRhsComponentCount();
    if (algorithm.getNumPrimitiveOperations() < 1)
      return emitOpError() << "(C23) requires positive "
                              "num_primitive_operations, but got "
                           << algorithm.getNumPrimitiveOperations();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// dot.
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return emitOpError() << "requires lhs and rhs of rank 1 or 2, but got "
                         << lhs << " and " << rhs;
  int64_t a = lhs.getDimSize(lhs.getRank() - 1), b = rhs.getDimSize(0);
  if (!compatibleDim(a, b))
    return emitOpError() << "requires the last lhs dimension (" << dimString(a)
                         << ") to equal the first rhs dimension ("
                         << dimString(b) << ")";
  SmallVector<int64_t> shape(lhs.getShape().drop_back());
  shape.append(rhs.getShape().begin() + 1, rhs.getShape().end());
  if (!compatibleShapes(result.getShape(), shape))
    return emitOpError() << "requires result shape " << shapeString(shape)
                         << ", but got " << result;
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig(),
                                   "(precision_config)")))
    return failure();
  if (!anyQuantized({lhs.getElementType(), rhs.getElementType()}) &&
      !sameElementKind(lhs.getElementType(), rhs.getElementType()))
    return emitOpError() << "requires lhs and rhs of one element type (or "
                            "two float or two integer types), but got "
                         << lhs.getElementType() << " and "
                         << rhs.getElementType();
  return success();
}

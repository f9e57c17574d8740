//===- ContractionOps.cpp - Spec dot_general, convolution, fft, ... -------===//
//
// Pretty syntax of dot_general, dot and convolution, and the verifiers of the
// contraction and linear-algebra ops. The result shapes of dot_general and
// convolution are inferred by inferDotGeneralShape/inferConvolutionShape and
// compared with the declared result. Diagnostics name the spec constraint.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;

//===----------------------------------------------------------------------===//
// Custom directives (used by the generated parsers and printers).
//===----------------------------------------------------------------------===//

/// `, precision = [DEFAULT, HIGH]` (optional).
static ParseResult parsePrecisionList(AsmParser &parser, ArrayAttr &attr) {
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            llvm::SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> value = symbolizePrecision(keyword);
            if (!value)
              return parser.emitError(loc)
                     << "expected DEFAULT, HIGH or HIGHEST, but got '"
                     << keyword << "'";
            values.push_back(PrecisionAttr::get(parser.getContext(), *value));
            return success();
          }))
    return failure();
  attr = ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printPrecisionList(AsmPrinter &printer, ArrayAttr attr) {
  printer << '[';
  llvm::interleaveComma(attr, printer, [&](Attribute a) {
    if (auto p = dyn_cast<PrecisionAttr>(a))
      printer << stringifyPrecision(p.getValue());
    else
      printer << a;
  });
  printer << ']';
}

/// True when every entry is a PrecisionAttr (printable as bare keywords).
static bool isPrecisionList(ArrayAttr attr) {
  return llvm::all_of(attr, [](Attribute a) { return isa<PrecisionAttr>(a); });
}

static ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &attr) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision") || parser.parseEqual())
    return failure();
  return parsePrecisionList(parser, attr);
}

static void printPrecisionConfig(OpAsmPrinter &printer, Operation *,
                                 ArrayAttr attr) {
  if (!attr)
    return;
  printer << ", precision = ";
  printPrecisionList(printer, attr);
}

/// `[b, 0, 1, f]`: letters name the batch/feature (or input/output feature)
/// dimensions, numbers the spatial dimensions, by position in the list.
static ParseResult parseLayout(OpAsmParser &parser, char first, char second,
                               int64_t &firstDim, int64_t &secondDim,
                               SmallVectorImpl<int64_t> &spatial) {
  llvm::SMLoc start = parser.getCurrentLocation();
  SmallVector<std::pair<int64_t, int64_t>> numbered;
  int64_t dim = 0;
  firstDim = secondDim = -1;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t index;
            OptionalParseResult number = parser.parseOptionalInteger(index);
            if (number.has_value()) {
              if (failed(*number))
                return failure();
              numbered.push_back({index, dim++});
              return success();
            }
            llvm::SMLoc loc = parser.getCurrentLocation();
            StringRef letter;
            if (parser.parseKeyword(&letter))
              return failure();
            int64_t *slot = letter == StringRef(&first, 1)    ? &firstDim
                            : letter == StringRef(&second, 1) ? &secondDim
                                                              : nullptr;
            if (!slot || *slot != -1)
              return parser.emitError(loc)
                     << "expected '" << first << "', '" << second
                     << "' (once each) or a spatial index, but got '"
                     << letter << "'";
            *slot = dim++;
            return success();
          }))
    return failure();
  if (firstDim == -1 || secondDim == -1)
    return parser.emitError(start)
           << "expected both '" << first << "' and '" << second << "'";
  spatial.assign(numbered.size(), -1);
  for (auto [index, d] : numbered) {
    if (index < 0 || index >= static_cast<int64_t>(numbered.size()) ||
        spatial[index] != -1)
      return parser.emitError(start) << "spatial indices must be 0.."
                                     << numbered.size() - 1 << ", each once";
    spatial[index] = d;
  }
  return success();
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`, or a full
/// `#stablehlo.conv<...>` attribute.
static ParseResult parseConvDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &attr) {
  if (failed(parser.parseOptionalLSquare())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    Attribute any;
    if (parser.parseAttribute(any))
      return failure();
    attr = dyn_cast<ConvDimensionNumbersAttr>(any);
    if (!attr)
      return parser.emitError(loc) << "expected convolution dimension numbers";
    return success();
  }
  // The first `[` is consumed; parseLayout wants it back, so parse the
  // input layout by hand through a lambda that reuses the list parser.
  int64_t inB, inF, kI, kO, outB, outF;
  SmallVector<int64_t> inS, kS, outS;
  {
    // Re-enter: parse the rest of the first list as `a, b, ...]`.
    SmallVector<std::pair<int64_t, int64_t>> numbered;
    int64_t dim = 0;
    inB = inF = -1;
    llvm::SMLoc start = parser.getCurrentLocation();
    auto element = [&]() -> ParseResult {
      int64_t index;
      OptionalParseResult number = parser.parseOptionalInteger(index);
      if (number.has_value()) {
        if (failed(*number))
          return failure();
        numbered.push_back({index, dim++});
        return success();
      }
      llvm::SMLoc loc = parser.getCurrentLocation();
      StringRef letter;
      if (parser.parseKeyword(&letter))
        return failure();
      int64_t *slot = letter == "b" ? &inB : letter == "f" ? &inF : nullptr;
      if (!slot || *slot != -1)
        return parser.emitError(loc)
               << "expected 'b', 'f' (once each) or a spatial index, but got '"
               << letter << "'";
      *slot = dim++;
      return success();
    };
    if (failed(parser.parseOptionalRSquare())) {
      do {
        if (element())
          return failure();
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return failure();
    }
    if (inB == -1 || inF == -1)
      return parser.emitError(start) << "expected both 'b' and 'f'";
    inS.assign(numbered.size(), -1);
    for (auto [index, d] : numbered) {
      if (index < 0 || index >= static_cast<int64_t>(numbered.size()) ||
          inS[index] != -1)
        return parser.emitError(start) << "spatial indices must be 0.."
                                       << numbered.size() - 1 << ", each once";
      inS[index] = d;
    }
  }
  if (parser.parseKeyword("x") || parseLayout(parser, 'i', 'o', kI, kO, kS) ||
      parser.parseArrow() || parseLayout(parser, 'b', 'f', outB, outF, outS))
    return failure();
  attr = ConvDimensionNumbersAttr::get(parser.getContext(), inB, inF, inS, kI,
                                       kO, kS, outB, outF, outS);
  return success();
}

static void printConvDimensions(OpAsmPrinter &printer, Operation *,
                                ConvDimensionNumbersAttr attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (printConvDimensionsBody(os, attr)) {
    printer << os.str();
    return;
  }
  printer.printAttribute(attr);
}

/// `stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..],
/// reverse = [false, ..]`, each optional (inside `window = {...}`).
static ParseResult parseWindowAttributes(OpAsmParser &parser,
                                         DenseI64ArrayAttr &strides,
                                         DenseIntElementsAttr &padding,
                                         DenseI64ArrayAttr &lhsDilation,
                                         DenseI64ArrayAttr &rhsDilation,
                                         DenseBoolArrayAttr &reversal) {
  Builder &b = parser.getBuilder();
  StringRef key;
  while (succeeded(parser.parseOptionalKeyword(
      &key, {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"}))) {
    if (parser.parseEqual())
      return failure();
    if (key == "pad") {
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                llvm::SMLoc loc = parser.getCurrentLocation();
                if (parseIntArray(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(loc)
                         << "expected a [low, high] padding pair";
                flat.append(pair);
                ++rows;
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, b.getI64Type());
      padding = DenseIntElementsAttr::get(type, flat);
    } else if (key == "reverse") {
      SmallVector<bool> values;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  values.push_back(true);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("false"))) {
                  values.push_back(false);
                  return success();
                }
                int64_t v;
                if (parser.parseInteger(v))
                  return failure();
                values.push_back(v != 0);
                return success();
              }))
        return failure();
      reversal = b.getDenseBoolArrayAttr(values);
    } else {
      SmallVector<int64_t> values;
      if (parseIntArray(parser, values))
        return failure();
      DenseI64ArrayAttr attr = b.getDenseI64ArrayAttr(values);
      (key == "stride" ? strides : key == "lhs_dilate" ? lhsDilation
                                                        : rhsDilation) = attr;
    }
    if (failed(parser.parseOptionalComma()))
      break;
  }
  return success();
}

static void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                                  DenseI64ArrayAttr strides,
                                  DenseIntElementsAttr padding,
                                  DenseI64ArrayAttr lhsDilation,
                                  DenseI64ArrayAttr rhsDilation,
                                  DenseBoolArrayAttr reversal) {
  SmallVector<std::function<void()>> fields;
  if (strides)
    fields.push_back([&] {
      printer << "stride = ";
      printIntArray(printer, strides.asArrayRef());
    });
  if (padding)
    fields.push_back([&] {
      printer << "pad = [";
      SmallVector<int64_t> flat(padding.getValues<int64_t>());
      for (size_t i = 0; i + 1 < flat.size(); i += 2)
        printer << (i ? ", [" : "[") << flat[i] << ", " << flat[i + 1] << ']';
      printer << ']';
    });
  if (lhsDilation)
    fields.push_back([&] {
      printer << "lhs_dilate = ";
      printIntArray(printer, lhsDilation.asArrayRef());
    });
  if (rhsDilation)
    fields.push_back([&] {
      printer << "rhs_dilate = ";
      printIntArray(printer, rhsDilation.asArrayRef());
    });
  if (reversal)
    fields.push_back([&] {
      printer << "reverse = [";
      llvm::interleaveComma(reversal.asArrayRef(), printer,
                            [&](bool v) { printer << (v ? "true" : "false"); });
      printer << ']';
    });
  llvm::interleaveComma(fields, printer, [](auto &f) { f(); });
}

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ContractionOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers.
//===----------------------------------------------------------------------===//

static std::string dimString(int64_t d) {
  return ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
}

static LogicalResult verifyPrecisionConfig(Operation *op,
                                           std::optional<ArrayAttr> config,
                                           StringRef label) {
  // Exports (e.g. IREE's LSTM test) carry a single value for both operands.
  if (config && config->size() > 2)
    return op->emitOpError() << label
                             << " requires at most 2 precision_config values, "
                                "but got "
                             << config->size();
  return success();
}

/// The quantization constraints shared by dot_general and convolution:
/// `labels` are the spec labels of, in order: lhs/rhs/result quantized
/// together, rhs zero points, rhs per-axis dimension, result per-axis
/// dimension (or empty), storage types, expressed types, per-tensor rhs
/// gives per-tensor result, hybrid element types.
static LogicalResult
verifyQuantizedContraction(Operation *op, Type lhsElt, Type rhsElt,
                           Type resultElt, ArrayRef<StringRef> labels,
                           bool checkRhsZeroPoints,
                           function_ref<LogicalResult(int32_t)> rhsAxisOk,
                           function_ref<LogicalResult(int32_t)> resultAxisOk) {
  auto lhsQ = dyn_cast<quant::UniformQuantizedType>(lhsElt);
  auto lhsAny = dyn_cast<quant::QuantizedType>(lhsElt);
  auto rhsQ = dyn_cast<quant::QuantizedType>(rhsElt);
  auto resultQ = dyn_cast<quant::QuantizedType>(resultElt);
  bool lhsIsQ = lhsAny != nullptr;
  if (lhsIsQ != (resultQ && rhsQ) || !rhsQ)
    return op->emitOpError()
           << labels[0]
           << " requires lhs to be quantized exactly when rhs and result are "
              "(or only rhs, for a hybrid op), but got "
           << lhsElt << ", " << rhsElt << " and " << resultElt;
  auto rhsAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(rhsElt);
  if (checkRhsZeroPoints) {
    bool zero = true;
    if (auto t = dyn_cast<quant::UniformQuantizedType>(rhsElt))
      zero = t.getZeroPoint() == 0;
    if (rhsAxis)
      zero = llvm::all_of(rhsAxis.getZeroPoints(),
                          [](int64_t z) { return z == 0; });
    if (!zero)
      return op->emitOpError()
             << labels[1] << " requires rhs zero points to be 0, but got "
             << rhsElt;
  }
  if (rhsAxis && failed(rhsAxisOk(rhsAxis.getQuantizedDimension())))
    return failure();
  if (auto resultAxis =
          dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(resultElt))
    if (failed(resultAxisOk(resultAxis.getQuantizedDimension())))
      return failure();
  if (lhsIsQ) {
    if (lhsAny.getStorageType() != rhsQ.getStorageType())
      return op->emitOpError() << labels[4]
                               << " requires lhs and rhs of one storage "
                                  "type, but got "
                               << lhsElt << " and " << rhsElt;
    if (lhsAny.getExpressedType() != rhsQ.getExpressedType() ||
        lhsAny.getExpressedType() != resultQ.getExpressedType())
      return op->emitOpError() << labels[5]
                               << " requires lhs, rhs and result of one "
                                  "expressed type, but got "
                               << lhsElt << ", " << rhsElt << " and "
                               << resultElt;
    if (!rhsAxis && isa<quant::UniformQuantizedPerAxisType>(resultElt))
      return op->emitOpError() << labels[6]
                               << " requires a per-tensor quantized result "
                                  "for a per-tensor quantized rhs, but got "
                               << resultElt;
    (void)lhsQ;
    return success();
  }
  if (lhsElt != rhsQ.getExpressedType() || lhsElt != resultElt)
    return op->emitOpError() << labels[7]
                             << " requires lhs and result element types to be "
                                "the expressed type of rhs, but got "
                             << lhsElt << ", " << rhsElt << " and "
                             << resultElt;
  return success();
}

static bool anyQuantized(ArrayRef<Type> types) {
  return llvm::any_of(types,
                      [](Type t) { return isa<quant::QuantizedType>(t); });
}

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
    if (lhsElt != rhsElt)
      return emitOpError() << "(C13) requires lhs and rhs of one element "
                              "type, but got "
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
      lhs.getElementType() != rhs.getElementType())
    return emitOpError() << "requires lhs and rhs of one element type, but got "
                         << lhs.getElementType() << " and "
                         << rhs.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// convolution and dynamic_conv: shape inference and verifier.
//===----------------------------------------------------------------------===//

namespace {
/// The window attributes of a convolution, defaults filled in.
struct ConvWindow {
  std::optional<ArrayRef<int64_t>> strides, lhsDilation, rhsDilation;
  std::optional<ArrayRef<bool>> reversal;
  // Null for dynamic_conv (the padding is an operand).
  std::optional<DenseIntElementsAttr> padding;
  bool dynamicPadding = false;
};
} // namespace

/// Spec convolution (C1)-(C23), (C25): checks the attributes against lhs and
/// rhs and returns the result shape.
static FailureOr<SmallVector<int64_t>>
inferConvolutionShape(Operation *op, RankedTensorType lhs,
                      RankedTensorType rhs, const ConvWindow &window,
                      ConvDimensionNumbersAttr dn, int64_t featureGroups,
                      int64_t batchGroups) {
  int64_t n = lhs.getRank();
  if (n != rhs.getRank())
    return op->emitOpError() << "(C1) requires lhs and rhs of one rank, but "
                                "got "
                             << lhs << " and " << rhs;
  if (n < 2)
    return op->emitOpError() << "(C1) requires rank at least 2, but got " << n;
  int64_t spatial = n - 2;
  auto list = [&](std::optional<ArrayRef<int64_t>> values, StringRef name,
                  StringRef sizeLabel,
                  StringRef positiveLabel) -> FailureOr<SmallVector<int64_t>> {
    if (!values)
      return SmallVector<int64_t>(spatial, 1);
    if (static_cast<int64_t>(values->size()) != spatial)
      return op->emitOpError() << sizeLabel << " requires " << name
                               << " of size " << spatial << ", but got "
                               << values->size();
    for (int64_t v : *values)
      if (v <= 0)
        return op->emitOpError() << positiveLabel << " requires positive "
                                 << name << ", but got " << v;
    return SmallVector<int64_t>(values->begin(), values->end());
  };
  auto strides = list(window.strides, "window_strides", "(C2)", "(C3)");
  if (failed(strides))
    return failure();
  SmallVector<std::pair<int64_t, int64_t>> pads(spatial, {0, 0});
  if (window.padding) {
    auto type = window.padding->getType();
    if (type.getRank() != 2 || type.getDimSize(0) != spatial ||
        type.getDimSize(1) != 2)
      return op->emitOpError() << "(C4) requires padding of shape ["
                               << spatial << ", 2], but got " << type;
    SmallVector<int64_t> flat(window.padding->getValues<int64_t>());
    for (int64_t i = 0; i < spatial; ++i)
      pads[i] = {flat[2 * i], flat[2 * i + 1]};
  }
  auto lhsDil = list(window.lhsDilation, "lhs_dilation", "(C5)", "(C6)");
  if (failed(lhsDil))
    return failure();
  auto rhsDil = list(window.rhsDilation, "rhs_dilation", "(C7)", "(C8)");
  if (failed(rhsDil))
    return failure();
  if (window.reversal &&
      static_cast<int64_t>(window.reversal->size()) != spatial)
    return op->emitOpError() << "(C9) requires window_reversal of size "
                             << spatial << ", but got "
                             << window.reversal->size();

  auto dimsOk = [&](ArrayRef<int64_t> dims, StringRef name, StringRef sizeLabel,
                    StringRef uniqueLabel) -> LogicalResult {
    if (static_cast<int64_t>(dims.size()) - 2 != spatial)
      return op->emitOpError() << sizeLabel << " requires " << spatial << " "
                               << name << " spatial dimensions, but got "
                               << dims.size() - 2;
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : dims) {
      if (d < 0 || d >= n)
        return op->emitOpError() << uniqueLabel << " requires " << name
                                 << " dimensions in [0, " << n
                                 << "), but got " << d;
      if (!seen.insert(d).second)
        return op->emitOpError() << uniqueLabel << " requires unique " << name
                                 << " dimensions, but " << d
                                 << " appears twice";
    }
    return success();
  };
  SmallVector<int64_t> inputDims = {dn.getInputBatchDimension()};
  llvm::append_range(inputDims, dn.getInputSpatialDimensions());
  inputDims.push_back(dn.getInputFeatureDimension());
  SmallVector<int64_t> kernelDims(dn.getKernelSpatialDimensions());
  kernelDims.push_back(dn.getKernelInputFeatureDimension());
  kernelDims.push_back(dn.getKernelOutputFeatureDimension());
  SmallVector<int64_t> outputDims = {dn.getOutputBatchDimension()};
  llvm::append_range(outputDims, dn.getOutputSpatialDimensions());
  outputDims.push_back(dn.getOutputFeatureDimension());
  if (failed(dimsOk(inputDims, "input", "(C12)", "(C13)")) ||
      failed(dimsOk(kernelDims, "kernel", "(C17)", "(C18)")) ||
      failed(dimsOk(outputDims, "output", "(C19)", "(C20)")))
    return failure();
  if (featureGroups <= 0)
    return op->emitOpError() << "(C21) requires positive feature_group_count, "
                                "but got "
                             << featureGroups;
  if (batchGroups <= 0)
    return op->emitOpError() << "(C22) requires positive batch_group_count, "
                                "but got "
                             << batchGroups;
  if (featureGroups != 1 && batchGroups != 1)
    return op->emitOpError() << "(C23) requires feature_group_count or "
                                "batch_group_count to be 1, but got "
                             << featureGroups << " and " << batchGroups;

  int64_t inBatch = lhs.getDimSize(dn.getInputBatchDimension());
  int64_t inFeature = lhs.getDimSize(dn.getInputFeatureDimension());
  int64_t kIn = rhs.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t kOut = rhs.getDimSize(dn.getKernelOutputFeatureDimension());
  if (!ShapedType::isDynamic(inBatch) && inBatch % batchGroups != 0)
    return op->emitOpError() << "(C10) requires the input batch dimension ("
                             << inBatch << ") to be a multiple of "
                                "batch_group_count ("
                             << batchGroups << ")";
  if (!ShapedType::isDynamic(inFeature) && inFeature % featureGroups != 0)
    return op->emitOpError() << "(C11) requires the input feature dimension ("
                             << inFeature << ") to be a multiple of "
                                "feature_group_count ("
                             << featureGroups << ")";
  if (!ShapedType::isDynamic(inFeature) &&
      !compatibleDim(kIn, inFeature / featureGroups))
    return op->emitOpError()
           << "(C14) requires the kernel input feature dimension ("
           << dimString(kIn) << ") to be the input feature dimension / "
           << "feature_group_count (" << inFeature / featureGroups << ")";
  if (!ShapedType::isDynamic(kOut) && kOut % batchGroups != 0)
    return op->emitOpError()
           << "(C15) requires the kernel output feature dimension (" << kOut
           << ") to be a multiple of batch_group_count (" << batchGroups
           << ")";
  if (!ShapedType::isDynamic(kOut) && kOut % featureGroups != 0)
    return op->emitOpError()
           << "(C16) requires the kernel output feature dimension (" << kOut
           << ") to be a multiple of feature_group_count (" << featureGroups
           << ")";

  SmallVector<int64_t> shape(n, ShapedType::kDynamic);
  shape[dn.getOutputBatchDimension()] =
      ShapedType::isDynamic(inBatch) ? inBatch : inBatch / batchGroups;
  shape[dn.getOutputFeatureDimension()] = kOut;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = lhs.getDimSize(dn.getInputSpatialDimensions()[i]);
    int64_t k = rhs.getDimSize(dn.getKernelSpatialDimensions()[i]);
    int64_t &out = shape[dn.getOutputSpatialDimensions()[i]];
    if (window.dynamicPadding || ShapedType::isDynamic(in) ||
        ShapedType::isDynamic(k))
      continue;
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * (*lhsDil)[i] + 1;
    int64_t padded = pads[i].first + dilatedIn + pads[i].second;
    int64_t dilatedK = k == 0 ? 0 : (k - 1) * (*rhsDil)[i] + 1;
    out = (padded <= 0 || dilatedK > padded)
              ? 0
              : (padded - dilatedK) / (*strides)[i] + 1;
  }
  return shape;
}

static LogicalResult
verifyConvolution(Operation *op, Value lhsValue, Value rhsValue,
                  Value resultValue, const ConvWindow &window,
                  ConvDimensionNumbersAttr dn, int64_t featureGroups,
                  int64_t batchGroups, std::optional<ArrayAttr> precision) {
  auto lhs = cast<RankedTensorType>(lhsValue.getType());
  auto rhs = cast<RankedTensorType>(rhsValue.getType());
  auto result = cast<RankedTensorType>(resultValue.getType());
  FailureOr<SmallVector<int64_t>> shape = inferConvolutionShape(
      op, lhs, rhs, window, dn, featureGroups, batchGroups);
  if (failed(shape))
    return failure();
  if (failed(verifyPrecisionConfig(op, precision, "(C24)")))
    return failure();
  if (result.getRank() != lhs.getRank())
    return op->emitOpError() << "(C26) requires result of rank "
                             << lhs.getRank() << ", but got " << result;
  if (!compatibleShapes(result.getShape(), *shape))
    return op->emitOpError() << "(C25) requires result shape "
                             << shapeString(*shape) << ", but got " << result;
  Type lhsElt = lhs.getElementType(), rhsElt = rhs.getElementType();
  Type resultElt = result.getElementType();
  if (!anyQuantized({lhsElt, rhsElt, resultElt})) {
    if (lhsElt != rhsElt)
      return op->emitOpError() << "(C27) requires lhs and rhs of one element "
                                  "type, but got "
                               << lhsElt << " and " << rhsElt;
    return success();
  }
  return verifyQuantizedContraction(
      op, lhsElt, rhsElt, resultElt,
      {"(C28)", "", "(C29)", "(C30)", "(C31)", "(C32)", "(C33)", "(C34)"},
      /*checkRhsZeroPoints=*/false,
      [&](int32_t axis) -> LogicalResult {
        if (axis != dn.getKernelOutputFeatureDimension())
          return op->emitOpError()
                 << "(C29) requires the rhs quantization dimension to be "
                    "the kernel output feature dimension "
                 << dn.getKernelOutputFeatureDimension() << ", but got "
                 << axis;
        return success();
      },
      [&](int32_t axis) -> LogicalResult {
        if (axis != dn.getOutputFeatureDimension())
          return op->emitOpError()
                 << "(C30) requires the result quantization dimension to be "
                    "the output feature dimension "
                 << dn.getOutputFeatureDimension() << ", but got " << axis;
        return success();
      });
}

LogicalResult ConvolutionOp::verify() {
  ConvWindow window;
  window.strides = getWindowStrides();
  window.lhsDilation = getLhsDilation();
  window.rhsDilation = getRhsDilation();
  window.reversal = getWindowReversal();
  window.padding = getPadding();
  return verifyConvolution(*this, getLhs(), getRhs(), getResult(), window,
                           getDimensionNumbers(), getFeatureGroupCount(),
                           getBatchGroupCount(), getPrecisionConfig());
}

LogicalResult DynamicConvOp::verify() {
  ConvWindow window;
  // dynamic_conv is not specced and exporters write window attributes of
  // other sizes (2 strides for 1 spatial dimension in the JAX corpus): only
  // the padding operand, dimension numbers and group counts are checked.
  window.dynamicPadding = true;
  auto pad = cast<RankedTensorType>(getDPadding().getType());
  int64_t spatial = cast<RankedTensorType>(getLhs().getType()).getRank() - 2;
  if (pad.getRank() != 2 || !compatibleDim(pad.getDimSize(0), spatial) ||
      !compatibleDim(pad.getDimSize(1), 2))
    return emitOpError() << "(C4) requires d_padding of shape [" << spatial
                         << ", 2], but got " << pad;
  return verifyConvolution(*this, getLhs(), getRhs(), getResult(), window,
                           getDimensionNumbers(), getFeatureGroupCount(),
                           getBatchGroupCount(), getPrecisionConfig());
}

//===----------------------------------------------------------------------===//
// batch_norm_*.
//===----------------------------------------------------------------------===//

/// C1 (feature_index in range) and the baseline element type check over all
/// operands and results (C2); returns the feature dimension size.
static FailureOr<int64_t> verifyBatchNormCommon(Operation *op,
                                                int64_t featureIndex) {
  auto operand = cast<RankedTensorType>(op->getOperand(0).getType());
  if (featureIndex < 0 || featureIndex >= operand.getRank())
    return op->emitOpError() << "(C1) requires feature_index in [0, "
                             << operand.getRank() << "), but got "
                             << featureIndex;
  Type element = baselineElementType(operand.getElementType());
  for (Type t : llvm::concat<const Type>(
           SmallVector<Type>(op->getOperandTypes()),
           SmallVector<Type>(op->getResultTypes())))
    if (baselineElementType(getElementTypeOrSelf(t)) != element)
      return op->emitOpError()
             << "(C2) requires all operands and results of element type "
             << element << ", but got " << t;
  return operand.getDimSize(featureIndex);
}

/// `value` is a 1-dimensional tensor of `size` elements.
static LogicalResult verifyFeatureVector(Operation *op, Value value,
                                         int64_t size, StringRef name,
                                         StringRef label) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() != 1 || !compatibleDim(type.getDimSize(0), size))
    return op->emitOpError() << label << " requires " << name << " of shape ["
                             << dimString(size)
                             << "] (the feature dimension), but got " << type;
  return success();
}

static LogicalResult verifySameShape(Operation *op, Value a, Value b,
                                     StringRef what, StringRef label) {
  if (failed(verifyCompatibleShape(a.getType(), b.getType())))
    return op->emitOpError() << label << " requires " << what
                             << " of the operand's shape, but got "
                             << a.getType() << " and " << b.getType();
  return success();
}

LogicalResult BatchNormGradOp::verify() {
  FailureOr<int64_t> features = verifyBatchNormCommon(*this, getFeatureIndex());
  if (failed(features))
    return failure();
  if (failed(verifySameShape(*this, getOperand(), getGradOutput(),
                             "grad_output", "(C3)")) ||
      failed(verifySameShape(*this, getOperand(), getGradOperand(),
                             "grad_operand", "(C3)")))
    return failure();
  std::pair<Value, StringRef> vectors[] = {{getScale(), "scale"},
                                           {getMean(), "mean"},
                                           {getVariance(), "variance"},
                                           {getGradScale(), "grad_scale"},
                                           {getGradOffset(), "grad_offset"}};
  for (auto [value, name] : vectors)
    if (failed(verifyFeatureVector(*this, value, *features, name, "(C4)")))
      return failure();
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  FailureOr<int64_t> features = verifyBatchNormCommon(*this, getFeatureIndex());
  if (failed(features))
    return failure();
  if (failed(verifyFeatureVector(*this, getScale(), *features, "scale",
                                 "(C3)")) ||
      failed(verifyFeatureVector(*this, getOffset(), *features, "offset",
                                 "(C4)")) ||
      failed(verifyFeatureVector(*this, getMean(), *features, "mean",
                                 "(C5)")) ||
      failed(verifyFeatureVector(*this, getVariance(), *features, "variance",
                                 "(C6)")) ||
      failed(verifySameShape(*this, getOperand(), getResult(), "result",
                             "(C7)")))
    return failure();
  return success();
}

LogicalResult BatchNormTrainingOp::verify() {
  FailureOr<int64_t> features = verifyBatchNormCommon(*this, getFeatureIndex());
  if (failed(features))
    return failure();
  if (failed(verifyFeatureVector(*this, getScale(), *features, "scale",
                                 "(C3)")) ||
      failed(verifyFeatureVector(*this, getOffset(), *features, "offset",
                                 "(C4)")) ||
      failed(verifyFeatureVector(*this, getBatchMean(), *features,
                                 "batch_mean", "(C5)")) ||
      failed(verifyFeatureVector(*this, getBatchVar(), *features, "batch_var",
                                 "(C6)")) ||
      failed(verifySameShape(*this, getOperand(), getOutput(), "output",
                             "(C7)")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve.
//===----------------------------------------------------------------------===//

LogicalResult CholeskyOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (failed(verifyCompatibleShape(a, result)) ||
      baselineElementType(a.getElementType()) !=
          baselineElementType(result.getElementType()))
    return emitOpError() << "(C1) requires result of the type of a, " << a
                         << ", but got " << result;
  if (a.getRank() < 2)
    return emitOpError() << "(C2) requires a of rank at least 2, but got "
                         << a;
  int64_t rows = a.getDimSize(a.getRank() - 2);
  int64_t cols = a.getDimSize(a.getRank() - 1);
  if (!compatibleDim(rows, cols))
    return emitOpError() << "(C3) requires square matrices, but got " << a;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (baselineElementType(a.getElementType()) !=
      baselineElementType(b.getElementType()))
    return emitOpError() << "(C1) requires a and b of one element type, but "
                            "got "
                         << a << " and " << b;
  if (a.getRank() < 2 || a.getRank() != b.getRank())
    return emitOpError() << "(C2) requires a and b of one rank, at least 2, "
                            "but got "
                         << a << " and " << b;
  int64_t r = a.getRank();
  if (!compatibleShapes(a.getShape().drop_back(2), b.getShape().drop_back(2)))
    return emitOpError() << "(C3) requires a and b of one batch shape, but "
                            "got "
                         << a << " and " << b;
  int64_t n = a.getDimSize(r - 1);
  int64_t bDim = b.getDimSize(getLeftSide() ? r - 2 : r - 1);
  if (!compatibleDim(a.getDimSize(r - 2), n) || !compatibleDim(n, bDim))
    return emitOpError() << "(C4) requires square a whose size equals "
                            "dimension "
                         << (getLeftSide() ? r - 2 : r - 1) << " of b, but got "
                         << a << " and " << b;
  if (failed(verifyCompatibleShape(b, result)) ||
      baselineElementType(b.getElementType()) !=
          baselineElementType(result.getElementType()))
    return emitOpError() << "(C5) requires result of the type of b, " << b
                         << ", but got " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// fft.
//===----------------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> length = getFftLength();
  int64_t l = length.size();
  if (operand.getRank() < l)
    return emitOpError() << "(C1) requires operand rank at least "
                         << "size(fft_length) = " << l << ", but got "
                         << operand;
  FftType type = getFftType();
  Type inElt = operand.getElementType(), outElt = result.getElementType();
  auto inC = dyn_cast<ComplexType>(inElt);
  auto outC = dyn_cast<ComplexType>(outElt);
  bool ok = false;
  switch (type) {
  case FftType::FFT:
  case FftType::IFFT:
    ok = inC && inElt == outElt;
    break;
  case FftType::RFFT:
    ok = !inC && outC && outC.getElementType() == inElt;
    break;
  case FftType::IRFFT:
    ok = inC && !outC && inC.getElementType() == outElt;
    break;
  }
  if (!ok)
    return emitOpError() << "(C2) element types " << inElt << " -> " << outElt
                         << " do not fit fft_type " << stringifyFftType(type);
  if (l < 1 || l > 3)
    return emitOpError() << "(C3) requires 1 to 3 fft_length entries, but got "
                         << l;
  if (result.getRank() != operand.getRank())
    return emitOpError() << "(C5) requires result of the operand's rank, but "
                            "got "
                         << result;
  RankedTensorType real = type == FftType::RFFT    ? operand
                          : type == FftType::IRFFT ? result
                                                   : RankedTensorType();
  if (real &&
      !compatibleShapes(real.getShape().take_back(l), length))
    return emitOpError() << "(C4) requires the trailing dimensions of the "
                            "real tensor to be fft_length "
                         << shapeString(length) << ", but got " << real;
  SmallVector<int64_t> expected(operand.getShape());
  int64_t last = operand.getRank() - 1;
  if (type == FftType::RFFT && last >= 0) {
    int64_t d = operand.getDimSize(last);
    expected[last] =
        ShapedType::isDynamic(d) ? d : (d == 0 ? 0 : d / 2 + 1);
  }
  if (type == FftType::IRFFT && last >= 0) {
    int64_t d = result.getDimSize(last);
    expected[last] =
        ShapedType::isDynamic(d) ? d : (d == 0 ? 0 : d / 2 + 1);
    // Compare operand's last dimension against the derived size.
    if (!compatibleDim(operand.getDimSize(last), expected[last]))
      return emitOpError() << "(C5) requires operand dimension " << last
                           << " to be " << dimString(expected[last])
                           << ", but got " << operand;
    expected[last] = result.getDimSize(last);
  }
  if (!compatibleShapes(result.getShape(), expected))
    return emitOpError() << "(C5) requires result shape "
                         << shapeString(expected) << ", but got " << result;
  return success();
}

//===- ContractionSupport.cpp - Shared by dot_general and convolution -----===//

#include "compiler/Dialect/StableHLO/IR/ContractionSupport.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace oxla::stablehlo {

/// `, precision = [DEFAULT, HIGH]` (optional).
ParseResult parsePrecisionList(AsmParser &parser, ArrayAttr &attr) {
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

void printPrecisionList(AsmPrinter &printer, ArrayAttr attr) {
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
bool isPrecisionList(ArrayAttr attr) {
  return llvm::all_of(attr, [](Attribute a) { return isa<PrecisionAttr>(a); });
}

ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &attr) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision") || parser.parseEqual())
    return failure();
  return parsePrecisionList(parser, attr);
}

void printPrecisionConfig(OpAsmPrinter &printer, Operation *,
                                 ArrayAttr attr) {
  if (!attr)
    return;
  printer << ", precision = ";
  printPrecisionList(printer, attr);
}


std::string dimString(int64_t d) {
  return ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
}

LogicalResult verifyPrecisionConfig(Operation *op,
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
LogicalResult
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

bool anyQuantized(ArrayRef<Type> types) {
  return llvm::any_of(types,
                      [](Type t) { return isa<quant::QuantizedType>(t); });
}
} // namespace oxla::stablehlo

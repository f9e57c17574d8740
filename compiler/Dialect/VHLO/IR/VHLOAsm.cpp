//===- VHLOAsm.cpp - Upstream's !vhlo.* types and #vhlo.* attributes ------===//
//
// Upstream prints VHLO with its own types and attributes
// (!vhlo.tensor_v1<2x!vhlo.f32_v1>, #vhlo.integer_v1<1 : i64>). oxla reads
// them in text as it reads them from bytecode (VHLOBytecode.cpp): into the
// builtin types and builtin or stablehlo attributes that oxla's vhlo ops
// carry, which is also how they print again.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLOUpstreamTables.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"


using namespace mlir;
using namespace oxla::vhlo;
namespace hlo = oxla::stablehlo;

namespace {

/// Whether the parser is at upstream's spelling of a VHLO attribute, which
/// is how upstream requires some nested attributes to be written (the
/// builtin or stablehlo spelling reads into the same attribute).
bool atVhloAttribute(DialectAsmParser &parser) {
  return StringRef(parser.getCurrentLocation().getPointer()).starts_with("#vhlo");
}

ParseResult parseTypeList(DialectAsmParser &parser,
                          SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&] {
    Type type;
    if (parser.parseType(type))
      return failure();
    types.push_back(type);
    return success();
  });
}

/// `(inputs) -> result` or `(inputs) -> (results)`.
Type parseFunction(DialectAsmParser &parser) {
  SmallVector<Type> inputs, results;
  if (parser.parseLParen())
    return {};
  if (failed(parser.parseOptionalRParen())) {
    // An empty input list may be printed as `(())`.
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseRParen() || parser.parseRParen())
        return {};
    } else if (parseTypeList(parser, inputs) || parser.parseRParen()) {
      return {};
    }
  }
  if (parser.parseArrow())
    return {};
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen()) &&
        (parseTypeList(parser, results) || parser.parseRParen()))
      return {};
  } else {
    Type result;
    if (parser.parseType(result))
      return {};
    results.push_back(result);
  }
  return FunctionType::get(parser.getContext(), inputs, results);
}

/// `storage:expressed, ` of a quantized type.
ParseResult parseQuantizedTypes(DialectAsmParser &parser, Type &storage,
                                Type &expressed) {
  return failure(parser.parseType(storage) || parser.parseColon() ||
                 parser.parseType(expressed) || parser.parseComma());
}

/// `, min:max, flags>` of a quantized type.
ParseResult parseQuantizedRange(DialectAsmParser &parser, int64_t &min,
                                int64_t &max, unsigned &flags) {
  return failure(parser.parseComma() || parser.parseInteger(min) ||
                 parser.parseColon() || parser.parseInteger(max) ||
                 parser.parseComma() || parser.parseInteger(flags) ||
                 parser.parseGreater());
}

Type parseQuantized(DialectAsmParser &parser) {
  Type storage, expressed;
  double scale;
  int64_t zeroPoint, min, max;
  unsigned flags;
  if (parser.parseLess() || parseQuantizedTypes(parser, storage, expressed) ||
      parser.parseFloat(scale) || parser.parseColon() ||
      parser.parseInteger(zeroPoint) ||
      parseQuantizedRange(parser, min, max, flags))
    return {};
  return quant::UniformQuantizedType::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); }, flags, storage,
      expressed, scale, zeroPoint, min, max);
}

Type parseQuantizedPerAxis(DialectAsmParser &parser) {
  Type storage, expressed;
  int32_t axis;
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
  int64_t min, max;
  unsigned flags;
  if (parser.parseLess() || parseQuantizedTypes(parser, storage, expressed) ||
      parser.parseInteger(axis) || parser.parseComma() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&] { return parser.parseFloat(scales.emplace_back()); }) ||
      parser.parseComma() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&] { return parser.parseInteger(zeroPoints.emplace_back()); }) ||
      parseQuantizedRange(parser, min, max, flags))
    return {};
  return quant::UniformQuantizedPerAxisType::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); }, flags, storage,
      expressed, scales, zeroPoints, axis, min, max);
}

/// `<dims x element[, encoding]>` of tensor_v1 and buffer_v1.
Type parseShaped(DialectAsmParser &parser, bool buffer) {
  SmallVector<int64_t> shape;
  Type element;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parser.parseType(element))
    return {};
  if (!buffer && succeeded(parser.parseOptionalComma()) &&
      parser.parseAttribute(encoding))
    return {};
  if (parser.parseGreater())
    return {};
  if (buffer)
    return MemRefType::get(shape, element);
  return RankedTensorType::get(shape, element, encoding);
}

Attribute parseEnum(DialectAsmParser &parser, const UpstreamEnum &kind) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return {};
  Attribute attr = kind.fromName(parser.getContext(), keyword);
  if (!attr)
    parser.emitError(loc) << "unknown " << kind.what << " '" << keyword << "'";
  return attr;
}

Attribute parseDictionary(DialectAsmParser &parser) {
  SmallVector<NamedAttribute> entries;
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    Attribute key, value;
    if (!atVhloAttribute(parser))
      return parser.emitError(loc) << "expected VHLO key attribute";
    if (parser.parseAttribute(key) || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    auto name = dyn_cast<StringAttr>(key);
    if (!name)
      return parser.emitError(loc) << "expected VHLO key attribute";
    entries.emplace_back(name, value);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces,
                                     parseEntry) ||
      parser.parseGreater())
    return {};
  return DictionaryAttr::get(parser.getContext(), entries);
}

Attribute parseResultAccuracy(DialectAsmParser &parser) {
  double atol, rtol;
  int64_t ulps;
  Attribute mode;
  if (parser.parseLess() || parser.parseKeyword("atol") ||
      parser.parseEqual() || parser.parseFloat(atol) || parser.parseComma() ||
      parser.parseKeyword("rtol") || parser.parseEqual() ||
      parser.parseFloat(rtol) || parser.parseComma() ||
      parser.parseKeyword("ulps") || parser.parseEqual() ||
      parser.parseInteger(ulps) || parser.parseComma() ||
      parser.parseKeyword("mode") || parser.parseEqual())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  if (!atVhloAttribute(parser)) {
    parser.emitError(loc) << "expected VHLO result accuracy mode";
    return {};
  }
  if (parser.parseAttribute(mode) || parser.parseGreater())
    return {};
  auto modeAttr = dyn_cast<hlo::ResultAccuracyModeAttr>(mode);
  if (!modeAttr) {
    parser.emitError(loc) << "expected VHLO result accuracy mode";
    return {};
  }
  return hlo::ResultAccuracyAttr::get(parser.getContext(), APFloat(atol),
                                      APFloat(rtol), ulps, modeAttr);
}

/// `name = [i, ...]` of the alias and type-extension attributes.
ParseResult parseDims(DialectAsmParser &parser, StringRef name,
                      SmallVectorImpl<int64_t> &dims) {
  if (parser.parseKeyword(name) || parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          dims.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(dims.emplace_back());
      });
}

} // namespace

Type VHLODialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseKeyword(&name))
    return {};
  MLIRContext *context = getContext();
  if (const UpstreamScalarType *scalar = findUpstreamScalarType(name)) {
    if (scalar->get)
      return scalar->get(context);
    parser.emitError(loc) << "element type !vhlo." << name
                          << " is not supported: MLIR 19, which oxla is "
                             "built on, has no such type";
    return {};
  }
  if (name == "tensor_v1" || name == "buffer_v1")
    return parseShaped(parser, name == "buffer_v1");
  if (name == "unranked_tensor_v1" || name == "complex_v1") {
    Type element;
    if (parser.parseLess() || parser.parseType(element) ||
        parser.parseGreater())
      return {};
    if (name == "unranked_tensor_v1")
      return UnrankedTensorType::get(element);
    if (!isa<FloatType>(element)) {
      parser.emitError(loc) << "expected a floating-point element type";
      return {};
    }
    return ComplexType::get(element);
  }
  if (name == "tuple_v1" || name == "future_v1") {
    SmallVector<Type> types;
    if (parser.parseLess())
      return {};
    if (failed(parser.parseOptionalGreater()) &&
        (parseTypeList(parser, types) || parser.parseGreater()))
      return {};
    if (name == "tuple_v1")
      return TupleType::get(context, types);
    return hlo::FutureType::get(context, types);
  }
  if (name == "func_v1") {
    Type function;
    if (parser.parseLess() || !(function = parseFunction(parser)) ||
        parser.parseGreater())
      return {};
    return function;
  }
  if (name == "quant_v1")
    return parseQuantized(parser);
  if (name == "quant_per_axis_v1")
    return parseQuantizedPerAxis(parser);
  parser.emitError(loc) << "unknown vhlo type '" << name << "'";
  return {};
}

Attribute VHLODialect::parseAttribute(DialectAsmParser &parser,
                                      Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseKeyword(&name))
    return {};
  MLIRContext *context = getContext();
  if (const UpstreamEnum *kind = findUpstreamEnum(name))
    return parseEnum(parser, *kind);
  if (name == "dict_v1")
    return parseDictionary(parser);
  if (name == "result_accuracy_v1")
    return parseResultAccuracy(parser);
  if (name == "array_v1") {
    SmallVector<Attribute> elements;
    if (parser.parseLess() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square,
            [&] { return parser.parseAttribute(elements.emplace_back()); }) ||
        parser.parseGreater())
      return {};
    return ArrayAttr::get(context, elements);
  }
  if (name == "bool_v1") {
    StringRef value;
    if (parser.parseLess() || parser.parseKeyword(&value) ||
        parser.parseGreater())
      return {};
    if (value != "true" && value != "false") {
      parser.emitError(loc) << "expected true or false";
      return {};
    }
    return BoolAttr::get(context, value == "true");
  }
  if (name == "string_v1") {
    std::string value;
    if (parser.parseLess() || parser.parseString(&value) ||
        parser.parseGreater())
      return {};
    return StringAttr::get(context, value);
  }
  if (name == "type_v1") {
    Type value;
    if (parser.parseLess() || parser.parseType(value) || parser.parseGreater())
      return {};
    return TypeAttr::get(value);
  }
  // `1 : i64`, `1.0 : !vhlo.f32_v1`, `dense<...> : tensor<...>`: builtin
  // syntax inside.
  if (name == "integer_v1" || name == "float_v1" || name == "tensor_v1") {
    Attribute value;
    if (parser.parseLess() || parser.parseAttribute(value) ||
        parser.parseGreater())
      return {};
    bool expected = name == "integer_v1"  ? isa<IntegerAttr>(value)
                    : name == "float_v1" ? isa<FloatAttr>(value)
                                         : isa<DenseElementsAttr>(value);
    if (!expected) {
      parser.emitError(loc) << "#vhlo." << name << " of " << value;
      return {};
    }
    return value;
  }
  if (name == "type_extensions_v1") {
    SmallVector<int64_t> bounds;
    if (parser.parseLess() || parseDims(parser, "bounds", bounds) ||
        parser.parseGreater())
      return {};
    return hlo::TypeExtensionsAttr::get(context, bounds);
  }
  if (name == "output_operand_alias_v1") {
    SmallVector<int64_t> outputIndices, operandIndices;
    int64_t operand;
    if (parser.parseLess() ||
        parseDims(parser, "outputTupleIndices", outputIndices) ||
        parser.parseComma() || parser.parseKeyword("operandIndex") ||
        parser.parseEqual() || parser.parseInteger(operand) ||
        parser.parseComma() ||
        parseDims(parser, "operandTupleIndices", operandIndices) ||
        parser.parseGreater())
      return {};
    return hlo::OutputOperandAliasAttr::get(context, outputIndices, operand,
                                            operandIndices);
  }
  parser.emitError(loc) << "unknown vhlo attribute '" << name << "'";
  return {};
}

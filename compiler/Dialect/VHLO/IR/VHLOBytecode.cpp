//===- VHLOBytecode.cpp - Reading portable artifacts' types and attributes ===//
//
// A StableHLO portable artifact is MLIR bytecode of upstream's vhlo dialect.
// Its types and attributes (!vhlo.tensor_v1, #vhlo.integer_v1, ...) have
// encodings of their own, each introduced by a code that upstream never
// renumbers (a new type or attribute gets a new code). oxla's vhlo ops carry
// builtin types and stablehlo attributes instead (VHLOBase.td), so each
// entry is read straight into that form: !vhlo.tensor_v1<2x!vhlo.f32_v1> is
// tensor<2xf32>, #vhlo.integer_v1<1 : i64> is 1 : i64. Writing stays MLIR's
// default (oxla's types and attributes are builtin or stablehlo ones).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/IR/VHLOBytecode.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLOUpstreamTables.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace oxla::vhlo;
namespace hlo = oxla::stablehlo;

namespace {

/// Upstream's type codes (VhloBytecode.cpp, `TypeCode`) of the types that
/// carry parameters; the scalar types' codes are in VHLOUpstreamTables.cpp.
enum TypeCode : uint64_t {
  kComplex = 1,
  kFunction = 8,
  kRankedTensor = 20,
  kRankedTensorWithEncoding = 21,
  kTuple = 23,
  kUniformQuantized = 24,
  kUnrankedTensor = 25,
  kWitness = 26,
  kUniformQuantizedPerAxis = 30,
  kRankedBuffer = 41,
};

/// Upstream's attribute codes (VhloBytecode.cpp, `AttributeCode`); the
/// enums' codes (3, 4, 5, 7, 11, 12, 13, 16, 19) are in VHLOEnums.cpp.
enum AttributeCode : uint64_t {
  kArray = 1,
  kBoolean_ = 2,
  kDictionary = 6,
  kFloat = 8,
  kInteger = 9,
  kOutputOperandAlias = 10,
  kString = 14,
  kTensor = 15,
  kType = 17,
  kTypeExtensions = 18,
  kResultAccuracy = 20,
};

/// Reads an enum attribute: a varint holding the enum's value.
Attribute readEnum(DialectBytecodeReader &reader, const UpstreamEnum &kind) {
  uint64_t value;
  if (failed(reader.readVarInt(value)))
    return {};
  Attribute attr = kind.fromValue(reader.getContext(), value);
  if (!attr)
    reader.emitError() << "invalid " << kind.what << " value " << value;
  return attr;
}

class VHLOBytecodeInterface : public BytecodeDialectInterface {
public:
  explicit VHLOBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Type readType(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    MLIRContext *context = reader.getContext();
    Builder builder(context);
    switch (code) {
    case kComplex: {
      Type element;
      if (failed(reader.readType(element)))
        return {};
      if (!isa<FloatType>(element)) {
        reader.emitError() << "complex type of " << element
                           << ": expected a floating-point element type";
        return {};
      }
      return ComplexType::get(element);
    }
    case kFunction: {
      SmallVector<Type> inputs, results;
      if (failed(reader.readTypes(inputs)) || failed(reader.readTypes(results)))
        return {};
      return builder.getFunctionType(inputs, results);
    }
    case kRankedTensor:
    case kRankedTensorWithEncoding:
    case kRankedBuffer: {
      Attribute encoding;
      SmallVector<int64_t> shape;
      Type element;
      if ((code == kRankedTensorWithEncoding &&
           failed(reader.readAttribute(encoding))) ||
          failed(reader.readSignedVarInts(shape)) ||
          failed(reader.readType(element)))
        return {};
      for (int64_t size : shape)
        if (size < 0 && !ShapedType::isDynamic(size)) {
          reader.emitError() << "invalid dimension size " << size;
          return {};
        }
      if (code == kRankedBuffer)
        return MemRefType::get(shape, element);
      return RankedTensorType::get(shape, element, encoding);
    }
    case kUnrankedTensor: {
      Type element;
      if (failed(reader.readType(element)))
        return {};
      return UnrankedTensorType::get(element);
    }
    case kTuple: {
      SmallVector<Type> elements;
      if (failed(reader.readTypes(elements)))
        return {};
      return TupleType::get(context, elements);
    }
    case kUniformQuantized:
      return readUniformQuantized(reader);
    case kUniformQuantizedPerAxis:
      return readUniformQuantizedPerAxis(reader);
    case kWitness:
      reader.emitError() << "the shape dialect's !shape.witness type is not "
                            "supported by oxla";
      return {};
    default:
      if (const UpstreamScalarType *scalar = findUpstreamScalarType(code)) {
        if (scalar->get)
          return scalar->get(context);
        reader.emitError() << "element type " << scalar->missingName
                           << " is not supported: MLIR 19, which oxla is "
                              "built on, has no such type";
        return {};
      }
      reader.emitError() << "unknown vhlo type code " << code;
      return {};
    }
  }

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    MLIRContext *context = reader.getContext();
    switch (code) {
    case kArray: {
      SmallVector<Attribute> elements;
      if (failed(reader.readAttributes(elements)))
        return {};
      return ArrayAttr::get(context, elements);
    }
    case kBoolean_: {
      uint64_t value;
      if (failed(reader.readVarInt(value)))
        return {};
      if (value > 1) {
        reader.emitError() << "invalid boolean value " << value;
        return {};
      }
      return BoolAttr::get(context, value == 1);
    }
    case kDictionary:
      return readDictionary(reader);
    case kFloat: {
      Type type;
      if (failed(reader.readType(type)))
        return {};
      auto floatType = dyn_cast<FloatType>(type);
      if (!floatType) {
        reader.emitError() << "float attribute of type " << type;
        return {};
      }
      FailureOr<APFloat> value =
          reader.readAPFloatWithKnownSemantics(floatType.getFloatSemantics());
      if (failed(value))
        return {};
      return FloatAttr::get(floatType, *value);
    }
    case kInteger: {
      Type type;
      if (failed(reader.readType(type)))
        return {};
      unsigned width;
      if (isa<IndexType>(type))
        width = IndexType::kInternalStorageBitWidth;
      else if (auto integer = dyn_cast<IntegerType>(type);
               integer && integer.getWidth() > 1)
        width = integer.getWidth();
      else {
        reader.emitError() << "integer attribute of type " << type;
        return {};
      }
      FailureOr<APInt> value = reader.readAPIntWithKnownWidth(width);
      if (failed(value))
        return {};
      return IntegerAttr::get(type, *value);
    }
    case kOutputOperandAlias: {
      SmallVector<int64_t> outputTupleIndices, operandTupleIndices;
      int64_t operandIndex;
      if (failed(reader.readSignedVarInts(outputTupleIndices)) ||
          failed(reader.readSignedVarInt(operandIndex)) ||
          failed(reader.readSignedVarInts(operandTupleIndices)))
        return {};
      return hlo::OutputOperandAliasAttr::get(context, outputTupleIndices,
                                              operandIndex, operandTupleIndices);
    }
    case kString: {
      StringRef value;
      if (failed(reader.readString(value)))
        return {};
      return StringAttr::get(context, value);
    }
    case kTensor:
      return readTensor(reader);
    case kType: {
      Type type;
      if (failed(reader.readType(type)))
        return {};
      return TypeAttr::get(type);
    }
    case kTypeExtensions: {
      SmallVector<int64_t> bounds;
      if (failed(reader.readSignedVarInts(bounds)))
        return {};
      return hlo::TypeExtensionsAttr::get(context, bounds);
    }
    case kResultAccuracy: {
      FailureOr<APFloat> atol =
          reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
      if (failed(atol))
        return {};
      FailureOr<APFloat> rtol =
          reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
      int64_t ulps;
      Attribute mode;
      if (failed(rtol) || failed(reader.readSignedVarInt(ulps)) ||
          failed(reader.readAttribute(mode)))
        return {};
      auto modeAttr = dyn_cast<hlo::ResultAccuracyModeAttr>(mode);
      if (!modeAttr) {
        reader.emitError() << "result accuracy with mode " << mode
                           << ": expected a result accuracy mode";
        return {};
      }
      return hlo::ResultAccuracyAttr::get(context, *atol, *rtol, ulps,
                                          modeAttr);
    }
    default:
      if (const UpstreamEnum *kind = findUpstreamEnum(code))
        return readEnum(reader, *kind);
      reader.emitError() << "unknown vhlo attribute code " << code;
      return {};
    }
  }

  // oxla writes builtin and stablehlo types and attributes, which MLIR's
  // own encodings cover.
  LogicalResult writeAttribute(Attribute,
                               DialectBytecodeWriter &) const override {
    return failure();
  }
  LogicalResult writeType(Type, DialectBytecodeWriter &) const override {
    return failure();
  }

private:
  Attribute readDictionary(DialectBytecodeReader &reader) const {
    SmallVector<NamedAttribute> entries;
    auto readEntry = [&]() -> FailureOr<NamedAttribute> {
      Attribute name, value;
      if (failed(reader.readAttribute(name)) ||
          failed(reader.readAttribute(value)))
        return failure();
      auto key = dyn_cast<StringAttr>(name);
      if (!key) {
        return reader.emitError()
               << "dictionary key " << name << ": expected a string";
      }
      return NamedAttribute(key, value);
    };
    if (failed(reader.readList(entries, readEntry)))
      return {};
    return DictionaryAttr::get(reader.getContext(), entries);
  }

  /// A tensor constant: its type, then its elements in MLIR's raw buffer
  /// layout, except that i1 elements may be packed 8 to a byte (upstream
  /// writes them so since 2024) or stored a byte each (before).
  Attribute readTensor(DialectBytecodeReader &reader) const {
    Type type;
    ArrayRef<char> blob;
    if (failed(reader.readType(type)) || failed(reader.readBlob(blob)))
      return {};
    auto shaped = dyn_cast<RankedTensorType>(type);
    if (!shaped || !shaped.hasStaticShape() ||
        !(shaped.getElementType().isIntOrIndexOrFloat() ||
          isa<ComplexType>(shaped.getElementType()))) {
      reader.emitError() << "tensor attribute of type " << type
                         << ": expected a statically shaped tensor of "
                            "numbers";
      return {};
    }
    SmallVector<char> data;
    if (shaped.getElementType().isInteger(1)) {
      // MLIR 19 holds i1 constants bit-packed, with one byte 0x00/0xFF for
      // a splat.
      int64_t count = shaped.getNumElements();
      if (static_cast<int64_t>(blob.size()) == count && count > 1) {
        data.assign(llvm::divideCeil(count, 8), 0);
        for (int64_t i = 0; i < count; ++i)
          if (blob[i])
            data[i / 8] |= static_cast<char>(1 << (i % 8));
        blob = data;
      }
    }
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(shaped, blob, splat)) {
      reader.emitError() << "tensor attribute of type " << type << " holds "
                         << blob.size() << " bytes, which do not fit it";
      return {};
    }
    return DenseElementsAttr::getFromRawBuffer(shaped, blob);
  }

  Type readUniformQuantized(DialectBytecodeReader &reader) const {
    uint64_t flags;
    Type storage, expressed;
    int64_t zeroPoint, storageMin, storageMax;
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        failed(reader.readType(expressed)))
      return {};
    FailureOr<APFloat> scale =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    if (failed(scale) || failed(reader.readSignedVarInt(zeroPoint)) ||
        failed(reader.readSignedVarInt(storageMin)) ||
        failed(reader.readSignedVarInt(storageMax)))
      return {};
    return quant::UniformQuantizedType::getChecked(
        [&] { return reader.emitError(); }, flags, storage, expressed,
        scale->convertToDouble(), zeroPoint, storageMin, storageMax);
  }

  Type readUniformQuantizedPerAxis(DialectBytecodeReader &reader) const {
    uint64_t flags, dimension;
    Type storage, expressed;
    int64_t storageMin, storageMax;
    SmallVector<double> scales;
    SmallVector<int64_t> zeroPoints;
    auto readScale = [&](double &scale) -> LogicalResult {
      FailureOr<APFloat> value =
          reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
      if (failed(value))
        return failure();
      scale = value->convertToDouble();
      return success();
    };
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        failed(reader.readType(expressed)) ||
        failed(reader.readVarInt(dimension)) ||
        failed(reader.readSignedVarInt(storageMin)) ||
        failed(reader.readSignedVarInt(storageMax)) ||
        failed(reader.readList(scales, readScale)) ||
        failed(reader.readSignedVarInts(zeroPoints)))
      return {};
    if (dimension > INT32_MAX) {
      reader.emitError() << "invalid quantized dimension " << dimension;
      return {};
    }
    return quant::UniformQuantizedPerAxisType::getChecked(
        [&] { return reader.emitError(); }, flags, storage, expressed, scales,
        zeroPoints, static_cast<int32_t>(dimension), storageMin, storageMax);
  }
};

} // namespace

void oxla::vhlo::addBytecodeInterface(VHLODialect *dialect) {
  dialect->addInterfaces<VHLOBytecodeInterface>();
}

//===----------------------------------------------------------------------===//
// Op properties
//===----------------------------------------------------------------------===//

namespace {

struct PropertyAttribute {
  const char *name;
  bool required;
};

/// One upstream op's property layout (VHLOOpAttributes.def).
struct PropertyLayout {
  const char *mnemonic;
  bool hasSegmentSizes;
  PropertyAttribute attributes[24];
};

const PropertyLayout kPropertyLayouts[] = {
#define VHLO_ATTR(name, required) {#name, required},
#define VHLO_OP(mnemonic, segments, ...) {#mnemonic, segments, {__VA_ARGS__}},
#include "compiler/Dialect/VHLO/IR/VHLOOpAttributes.def"
#undef VHLO_OP
#undef VHLO_ATTR
};

const PropertyLayout *findPropertyLayout(StringRef mnemonic) {
  static const llvm::StringMap<const PropertyLayout *> byMnemonic = [] {
    llvm::StringMap<const PropertyLayout *> map;
    for (const PropertyLayout &layout : kPropertyLayouts)
      map[layout.mnemonic] = &layout;
    return map;
  }();
  return byMnemonic.lookup(mnemonic);
}

} // namespace

LogicalResult oxla::vhlo::readUpstreamProperties(DialectBytecodeReader &reader,
                                                 OperationState &state) {
  const PropertyLayout *layout = findPropertyLayout(state.name.stripDialect());
  if (!layout || layout->hasSegmentSizes)
    return reader.emitError()
           << "'" << state.name << "' has properties in a layout oxla does "
           << "not know";
  for (const PropertyAttribute &attribute : layout->attributes) {
    if (!attribute.name)
      break;
    Attribute value;
    if (failed(attribute.required ? reader.readAttribute(value)
                                  : reader.readOptionalAttribute(value)))
      return failure();
    if (value)
      state.addAttribute(attribute.name, value);
  }
  return success();
}

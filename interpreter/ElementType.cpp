//===- ElementType.cpp - Element types the interpreter computes with ------===//

#include "interpreter/ElementType.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;

namespace oxla::interp {

/// The storage integer kind of a uniform quantized type (its signedness
/// comes from the quantized type, not from the signless storage IntegerType).
static std::optional<ElementType> storageKindOf(quant::QuantizedType type) {
  if (!isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(type))
    return std::nullopt;
  bool isSigned = type.isSigned();
  switch (type.getStorageTypeIntegralWidth()) {
  case 2: return ElementType(isSigned ? ElementKind::SI2 : ElementKind::UI2);
  case 4: return ElementType(isSigned ? ElementKind::SI4 : ElementKind::UI4);
  case 8: return ElementType(isSigned ? ElementKind::SI8 : ElementKind::UI8);
  case 16: return ElementType(isSigned ? ElementKind::SI16 : ElementKind::UI16);
  case 32: return ElementType(isSigned ? ElementKind::SI32 : ElementKind::UI32);
  case 64: return ElementType(isSigned ? ElementKind::SI64 : ElementKind::UI64);
  default: return std::nullopt;
  }
}

std::optional<ElementType> ElementType::fromMlir(Type type) {
  // Quantized values are held as their storage integers; only
  // uniform_quantize/uniform_dequantize look at the quantization parameters.
  if (auto quantized = dyn_cast<quant::QuantizedType>(type))
    return storageKindOf(quantized);
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width == 1)
      return ElementType(ElementKind::I1);
    bool isUnsigned = integer.isUnsigned();
    switch (width) {
    case 2: return ElementType(isUnsigned ? ElementKind::UI2 : ElementKind::SI2);
    case 4: return ElementType(isUnsigned ? ElementKind::UI4 : ElementKind::SI4);
    case 8: return ElementType(isUnsigned ? ElementKind::UI8 : ElementKind::SI8);
    case 16: return ElementType(isUnsigned ? ElementKind::UI16 : ElementKind::SI16);
    case 32: return ElementType(isUnsigned ? ElementKind::UI32 : ElementKind::SI32);
    case 64: return ElementType(isUnsigned ? ElementKind::UI64 : ElementKind::SI64);
    default: return std::nullopt;
    }
  }
  if (type.isFloat8E4M3B11FNUZ()) return ElementType(ElementKind::F8E4M3B11FNUZ);
  if (type.isFloat8E4M3FN()) return ElementType(ElementKind::F8E4M3FN);
  if (type.isFloat8E4M3FNUZ()) return ElementType(ElementKind::F8E4M3FNUZ);
  if (type.isFloat8E4M3()) return ElementType(ElementKind::F8E4M3);
  if (type.isFloat8E5M2()) return ElementType(ElementKind::F8E5M2);
  if (type.isFloat8E5M2FNUZ()) return ElementType(ElementKind::F8E5M2FNUZ);
  if (type.isBF16()) return ElementType(ElementKind::BF16);
  if (type.isF16()) return ElementType(ElementKind::F16);
  if (type.isF32()) return ElementType(ElementKind::F32);
  if (type.isF64()) return ElementType(ElementKind::F64);
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32()) return ElementType(ElementKind::C64);
    if (complex.getElementType().isF64()) return ElementType(ElementKind::C128);
  }
  return std::nullopt;
}

Type ElementType::toMlir(MLIRContext *context) const {
  auto signedInt = [&](unsigned width) { return IntegerType::get(context, width); };
  auto unsignedInt = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (kind_) {
  case ElementKind::I1: return signedInt(1);
  case ElementKind::SI2: return signedInt(2);
  case ElementKind::SI4: return signedInt(4);
  case ElementKind::SI8: return signedInt(8);
  case ElementKind::SI16: return signedInt(16);
  case ElementKind::SI32: return signedInt(32);
  case ElementKind::SI64: return signedInt(64);
  case ElementKind::UI2: return unsignedInt(2);
  case ElementKind::UI4: return unsignedInt(4);
  case ElementKind::UI8: return unsignedInt(8);
  case ElementKind::UI16: return unsignedInt(16);
  case ElementKind::UI32: return unsignedInt(32);
  case ElementKind::UI64: return unsignedInt(64);
  case ElementKind::F8E4M3B11FNUZ: return FloatType::getFloat8E4M3B11FNUZ(context);
  case ElementKind::F8E4M3FN: return FloatType::getFloat8E4M3FN(context);
  case ElementKind::F8E4M3FNUZ: return FloatType::getFloat8E4M3FNUZ(context);
  case ElementKind::F8E4M3: return FloatType::getFloat8E4M3(context);
  case ElementKind::F8E5M2: return FloatType::getFloat8E5M2(context);
  case ElementKind::F8E5M2FNUZ: return FloatType::getFloat8E5M2FNUZ(context);
  case ElementKind::BF16: return FloatType::getBF16(context);
  case ElementKind::F16: return FloatType::getF16(context);
  case ElementKind::F32: return FloatType::getF32(context);
  case ElementKind::F64: return FloatType::getF64(context);
  case ElementKind::C64: return ComplexType::get(FloatType::getF32(context));
  case ElementKind::C128: return ComplexType::get(FloatType::getF64(context));
  }
  llvm_unreachable("unknown element kind");
}

unsigned ElementType::bitWidth() const {
  switch (kind_) {
  case ElementKind::I1: return 1;
  case ElementKind::SI2: case ElementKind::UI2: return 2;
  case ElementKind::SI4: case ElementKind::UI4: return 4;
  case ElementKind::SI8: case ElementKind::UI8:
  case ElementKind::F8E4M3B11FNUZ: case ElementKind::F8E4M3FN:
  case ElementKind::F8E4M3FNUZ: case ElementKind::F8E4M3:
  case ElementKind::F8E5M2: case ElementKind::F8E5M2FNUZ: return 8;
  case ElementKind::SI16: case ElementKind::UI16:
  case ElementKind::BF16: case ElementKind::F16: return 16;
  case ElementKind::SI32: case ElementKind::UI32: case ElementKind::F32: return 32;
  case ElementKind::SI64: case ElementKind::UI64: case ElementKind::F64:
  case ElementKind::C64: return 64;
  case ElementKind::C128: return 128;
  }
  llvm_unreachable("unknown element kind");
}

unsigned ElementType::storageBytes() const {
  unsigned bits = bitWidth();
  return bits < 8 ? 1 : bits / 8;
}

const llvm::fltSemantics &ElementType::floatSemantics() const {
  switch (kind_) {
  case ElementKind::F8E4M3B11FNUZ: return llvm::APFloat::Float8E4M3B11FNUZ();
  case ElementKind::F8E4M3FN: return llvm::APFloat::Float8E4M3FN();
  case ElementKind::F8E4M3FNUZ: return llvm::APFloat::Float8E4M3FNUZ();
  case ElementKind::F8E4M3: return llvm::APFloat::Float8E4M3();
  case ElementKind::F8E5M2: return llvm::APFloat::Float8E5M2();
  case ElementKind::F8E5M2FNUZ: return llvm::APFloat::Float8E5M2FNUZ();
  case ElementKind::BF16: return llvm::APFloat::BFloat();
  case ElementKind::F16: return llvm::APFloat::IEEEhalf();
  case ElementKind::F32: case ElementKind::C64: return llvm::APFloat::IEEEsingle();
  case ElementKind::F64: case ElementKind::C128: return llvm::APFloat::IEEEdouble();
  default: llvm_unreachable("not a floating-point element type");
  }
}

std::string ElementType::name() const {
  switch (kind_) {
  case ElementKind::I1: return "i1";
  case ElementKind::SI2: return "i2";
  case ElementKind::SI4: return "i4";
  case ElementKind::SI8: return "i8";
  case ElementKind::SI16: return "i16";
  case ElementKind::SI32: return "i32";
  case ElementKind::SI64: return "i64";
  case ElementKind::UI2: return "ui2";
  case ElementKind::UI4: return "ui4";
  case ElementKind::UI8: return "ui8";
  case ElementKind::UI16: return "ui16";
  case ElementKind::UI32: return "ui32";
  case ElementKind::UI64: return "ui64";
  case ElementKind::F8E4M3B11FNUZ: return "f8E4M3B11FNUZ";
  case ElementKind::F8E4M3FN: return "f8E4M3FN";
  case ElementKind::F8E4M3FNUZ: return "f8E4M3FNUZ";
  case ElementKind::F8E4M3: return "f8E4M3";
  case ElementKind::F8E5M2: return "f8E5M2";
  case ElementKind::F8E5M2FNUZ: return "f8E5M2FNUZ";
  case ElementKind::BF16: return "bf16";
  case ElementKind::F16: return "f16";
  case ElementKind::F32: return "f32";
  case ElementKind::F64: return "f64";
  case ElementKind::C64: return "complex<f32>";
  case ElementKind::C128: return "complex<f64>";
  }
  llvm_unreachable("unknown element kind");
}

} // namespace oxla::interp

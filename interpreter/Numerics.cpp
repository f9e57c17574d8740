//===- Numerics.cpp - Scalar numerics shared by the evaluators ------------===//

#include "interpreter/Numerics.h"

#include "llvm/ADT/APFloat.h"

#include <array>

namespace oxla::interp {

namespace {
/// All 256 values of one f8 type, decoded once.
struct F8Table {
  std::array<float, 256> values;
  explicit F8Table(ElementKind kind) {
    ElementType type(kind);
    for (unsigned bits = 0; bits < 256; ++bits) {
      llvm::APFloat value(type.floatSemantics(), llvm::APInt(8, bits));
      bool lost;
      value.convert(llvm::APFloat::IEEEsingle(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
      values[bits] = value.convertToFloat();
    }
  }
};

const F8Table &tableFor(ElementKind kind) {
  static const F8Table e4m3b11fnuz(ElementKind::F8E4M3B11FNUZ);
  static const F8Table e4m3fn(ElementKind::F8E4M3FN);
  static const F8Table e4m3fnuz(ElementKind::F8E4M3FNUZ);
  static const F8Table e4m3(ElementKind::F8E4M3);
  static const F8Table e5m2(ElementKind::F8E5M2);
  static const F8Table e5m2fnuz(ElementKind::F8E5M2FNUZ);
  switch (kind) {
  case ElementKind::F8E4M3B11FNUZ: return e4m3b11fnuz;
  case ElementKind::F8E4M3FN: return e4m3fn;
  case ElementKind::F8E4M3FNUZ: return e4m3fnuz;
  case ElementKind::F8E4M3: return e4m3;
  case ElementKind::F8E5M2: return e5m2;
  default: return e5m2fnuz;
  }
}
} // namespace

float f8ToFloat(ElementKind kind, uint8_t bits) {
  return tableFor(kind).values[bits];
}

uint8_t floatToF8(ElementKind kind, float value) {
  llvm::APFloat converted(value);
  bool lost;
  converted.convert(ElementType(kind).floatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint8_t>(converted.bitcastToAPInt().getZExtValue());
}

} // namespace oxla::interp

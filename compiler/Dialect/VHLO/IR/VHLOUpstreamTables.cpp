//===- VHLOUpstreamTables.cpp - Upstream's vhlo scalar types and enums ----===//

#include "compiler/Dialect/VHLO/IR/VHLOUpstreamTables.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

using oxla::vhlo::UpstreamScalarType;

#define OXLA_BUILTIN(getter)                                                   \
  [](MLIRContext *context) -> Type { return Builder(context).getter(); }
template <unsigned Width, bool Signed> Type integer(MLIRContext *context) {
  return Signed ? IntegerType::get(context, Width)
                : IntegerType::get(context, Width, IntegerType::Unsigned);
}
Type token(MLIRContext *context) { return hlo::TokenType::get(context); }

// Upstream's `TypeCode` (VhloBytecode.cpp) and type mnemonics (VhloTypes.td);
// upstream's si* types are MLIR's signless integers.
const UpstreamScalarType kScalarTypes[] = {
    {0, "bool_v1", integer<1, true>, {}},
    {2, "bf16_v1", OXLA_BUILTIN(getBF16Type), {}},
    {3, "f16_v1", OXLA_BUILTIN(getF16Type), {}},
    {4, "f32_v1", OXLA_BUILTIN(getF32Type), {}},
    {5, "f64_v1", OXLA_BUILTIN(getF64Type), {}},
    {6, "f8E4M3FN_v1", OXLA_BUILTIN(getFloat8E4M3FNType), {}},
    {7, "f8E5M2_v1", OXLA_BUILTIN(getFloat8E5M2Type), {}},
    {9, "index_v1", OXLA_BUILTIN(getIndexType), {}},
    {10, "i4_v1", integer<4, true>, {}},
    {11, "i8_v1", integer<8, true>, {}},
    {12, "i16_v1", integer<16, true>, {}},
    {13, "i32_v1", integer<32, true>, {}},
    {14, "i64_v1", integer<64, true>, {}},
    {15, "ui4_v1", integer<4, false>, {}},
    {16, "ui8_v1", integer<8, false>, {}},
    {17, "ui16_v1", integer<16, false>, {}},
    {18, "ui32_v1", integer<32, false>, {}},
    {19, "ui64_v1", integer<64, false>, {}},
    {22, "token_v1", token, {}},
    {27, "f8E4M3FNUZ_v1", OXLA_BUILTIN(getFloat8E4M3FNUZType), {}},
    {28, "f8E5M2FNUZ_v1", OXLA_BUILTIN(getFloat8E5M2FNUZType), {}},
    {29, "f8E4M3B11FNUZ_v1", OXLA_BUILTIN(getFloat8E4M3B11FNUZType), {}},
    {31, "i2_v1", integer<2, true>, {}},
    {32, "ui2_v1", integer<2, false>, {}},
    {33, "none_v1", OXLA_BUILTIN(getNoneType), {}},
    {34, "tf31_v1", OXLA_BUILTIN(getTF32Type), {}},
    {35, "f8E4M3_v1", OXLA_BUILTIN(getFloat8E4M3Type), {}},
    {36, "f8E3M4_v1", nullptr, "f8E3M4"},
    {37, "f4E2M1FN_v1", nullptr, "f4E2M1FN"},
    {38, "f6E2M3FN_v1", nullptr, "f6E2M3FN"},
    {39, "f6E3M2FN_v1", nullptr, "f6E3M2FN"},
    {40, "f8E8M0FNU_v1", nullptr, "f8E8M0FNU"},
};

#undef OXLA_BUILTIN

// code, mnemonic, stablehlo enum, words for messages (VhloBytecode.cpp's
// `AttributeCode` and VhloEnums.td upstream).
#define OXLA_UPSTREAM_ENUMS(X)                                                 \
  X(3, comparison_direction_v1, ComparisonDirection, "comparison direction")   \
  X(4, comparison_type_v1, ComparisonType, "comparison type")                  \
  X(5, api_version_v1, CustomCallApiVersion, "custom call API version")        \
  X(7, fft_type_v1, FftType, "FFT type")                                       \
  X(11, precision_v1, Precision, "precision")                                  \
  X(12, rng_algorithm_v1, RngAlgorithm, "RNG algorithm")                       \
  X(13, rng_distribution_v1, RngDistribution, "RNG distribution")              \
  X(16, transpose_v1, Transpose, "transpose")                                  \
  X(19, result_accuracy_mode_v1, ResultAccuracyMode, "result accuracy mode")

#define OXLA_ENUM_ENTRY(code, mnemonic, Name, what)                            \
  {code, #mnemonic, what,                                                      \
   [](MLIRContext *context, uint64_t value) -> Attribute {                     \
     auto symbol = value <= UINT32_MAX                                         \
                       ? hlo::symbolize##Name(static_cast<uint32_t>(value))    \
                       : std::nullopt;                                         \
     return symbol ? hlo::Name##Attr::get(context, *symbol) : Attribute();     \
   },                                                                          \
   [](MLIRContext *context, StringRef name) -> Attribute {                     \
     auto symbol = hlo::symbolize##Name(name);                                 \
     return symbol ? hlo::Name##Attr::get(context, *symbol) : Attribute();     \
   }},

const oxla::vhlo::UpstreamEnum kUpstreamEnums[] = {
    OXLA_UPSTREAM_ENUMS(OXLA_ENUM_ENTRY)};

#undef OXLA_ENUM_ENTRY
#undef OXLA_UPSTREAM_ENUMS

} // namespace

const oxla::vhlo::UpstreamEnum *
oxla::vhlo::findUpstreamEnum(uint64_t bytecodeCode) {
  auto *it = llvm::find_if(kUpstreamEnums, [&](const UpstreamEnum &e) {
    return e.bytecodeCode == bytecodeCode;
  });
  return it == std::end(kUpstreamEnums) ? nullptr : it;
}

const oxla::vhlo::UpstreamEnum *
oxla::vhlo::findUpstreamEnum(StringRef mnemonic) {
  auto *it = llvm::find_if(kUpstreamEnums, [&](const UpstreamEnum &e) {
    return e.mnemonic == mnemonic;
  });
  return it == std::end(kUpstreamEnums) ? nullptr : it;
}

const UpstreamScalarType *
oxla::vhlo::findUpstreamScalarType(uint64_t bytecodeCode) {
  auto *it = llvm::find_if(kScalarTypes, [&](const UpstreamScalarType &t) {
    return t.bytecodeCode == bytecodeCode;
  });
  return it == std::end(kScalarTypes) ? nullptr : it;
}

const UpstreamScalarType *oxla::vhlo::findUpstreamScalarType(StringRef mnemonic) {
  auto *it = llvm::find_if(kScalarTypes, [&](const UpstreamScalarType &t) {
    return t.mnemonic == mnemonic;
  });
  return it == std::end(kScalarTypes) ? nullptr : it;
}

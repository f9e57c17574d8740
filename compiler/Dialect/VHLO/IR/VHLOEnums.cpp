//===- VHLOEnums.cpp - Upstream's vhlo enum attributes --------------------===//

#include "compiler/Dialect/VHLO/IR/VHLOEnums.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

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

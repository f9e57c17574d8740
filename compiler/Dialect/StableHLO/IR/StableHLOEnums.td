//===- StableHLOEnums.td - stablehlo enumeration attributes ---------------===//
//
// Printed as `#stablehlo<comparison_direction LT>`, the upstream form (the
// pretty op syntax prints only the keyword, e.g. `compare LT, ...`).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_ENUMS
#define OXLA_STABLEHLO_ENUMS

include "compiler/Dialect/StableHLO/IR/StableHLOBase.td"
include "mlir/IR/EnumAttr.td"

class HLO_Enum<string name, string desc, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, desc, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::oxla::stablehlo";
}

class HLO_EnumAttr<EnumAttrInfo enumInfo, string name>
    : EnumAttr<StableHLO_Dialect, enumInfo, name> {
  let assemblyFormat = "$value";
}

// Spec: compare, C3.
def HLO_ComparisonDirection : HLO_Enum<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]>;
def HLO_ComparisonDirectionAttr
    : HLO_EnumAttr<HLO_ComparisonDirection, "comparison_direction">;

def HLO_ComparisonType : HLO_Enum<"ComparisonType", "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]>;
def HLO_ComparisonTypeAttr : HLO_EnumAttr<HLO_ComparisonType, "comparison_type">;

def HLO_Precision : HLO_Enum<"Precision", "precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]>;
def HLO_PrecisionAttr : HLO_EnumAttr<HLO_Precision, "precision">;
def HLO_PrecisionConfigAttr : TypedArrayAttrBase<HLO_PrecisionAttr,
                                                 "precision config">;

def HLO_FftType : HLO_Enum<"FftType", "FFT type", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]>;
def HLO_FftTypeAttr : HLO_EnumAttr<HLO_FftType, "fft_type">;

def HLO_RngAlgorithm : HLO_Enum<"RngAlgorithm", "RNG algorithm", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]>;
def HLO_RngAlgorithmAttr : HLO_EnumAttr<HLO_RngAlgorithm, "rng_algorithm">;

def HLO_RngDistribution : HLO_Enum<"RngDistribution", "RNG distribution", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]>;
def HLO_RngDistributionAttr
    : HLO_EnumAttr<HLO_RngDistribution, "rng_distribution">;

def HLO_Transpose : HLO_Enum<"Transpose", "triangular_solve transpose", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]>;
def HLO_TransposeAttr : HLO_EnumAttr<HLO_Transpose, "transpose">;

def HLO_CustomCallApiVersion : HLO_Enum<"CustomCallApiVersion",
    "custom call API version", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]>;
def HLO_CustomCallApiVersionAttr
    : HLO_EnumAttr<HLO_CustomCallApiVersion, "custom_call_api_version">;

// Printed `#stablehlo.result_accuracy_mode<DEFAULT>`.
def HLO_ResultAccuracyMode : HLO_Enum<"ResultAccuracyMode",
    "result accuracy mode", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]>;
def HLO_ResultAccuracyModeAttr
    : EnumAttr<StableHLO_Dialect, HLO_ResultAccuracyMode,
               "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // OXLA_STABLEHLO_ENUMS

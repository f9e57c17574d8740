//===- CHLOBase.td - The chlo dialect, its enums and attributes -----------===//
//
// chlo ("client HLO") holds the ops that client libraries (JAX, XlaBuilder)
// emit above stablehlo: special functions (lgamma, erf_inv, ...), top_k,
// ragged_dot, scan, and the implicitly broadcasting elementwise ops
// (broadcast_add, ..., constant_like). Type constraints are stablehlo's.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_CHLO_BASE
#define OXLA_CHLO_BASE

include "compiler/Dialect/StableHLO/IR/StableHLOBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def CHLO_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::oxla::chlo";
  let summary = "Client HLO ops, lowered to stablehlo";
  let description = [{
    Ops with semantics beyond a single stablehlo op, in the upstream pretty
    and generic syntax (`chlo.lgamma %x : tensor<f32> -> tensor<f32>`).
  }];
  let dependentDialects = ["::oxla::stablehlo::StableHLODialect"];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerAttributes();
  }];
}

class CHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<CHLO_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums: `#chlo<precision DEFAULT>`.
//===----------------------------------------------------------------------===//

def CHLO_Precision : I32EnumAttr<"Precision", "precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::oxla::chlo";
}
def CHLO_PrecisionAttr : EnumAttr<CHLO_Dialect, CHLO_Precision, "precision"> {
  let assemblyFormat = "$value";
}
def CHLO_PrecisionConfigAttr : TypedArrayAttrBase<CHLO_PrecisionAttr,
                                                  "precision config">;

// broadcast_compare: `#chlo<comparison_direction LT>`,
// `#chlo<comparison_type FLOAT>`, the cases (and values) of stablehlo's.
def CHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::oxla::chlo";
}
def CHLO_ComparisonDirectionAttr
    : EnumAttr<CHLO_Dialect, CHLO_ComparisonDirection, "comparison_direction"> {
  let assemblyFormat = "$value";
}
def CHLO_ComparisonType : I32EnumAttr<"ComparisonType", "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::oxla::chlo";
}
def CHLO_ComparisonTypeAttr
    : EnumAttr<CHLO_Dialect, CHLO_ComparisonType, "comparison_type"> {
  let assemblyFormat = "$value";
}

//===----------------------------------------------------------------------===//
// `#chlo.ragged_dot<lhs_batching_dimensions = [0], ...>`.
//===----------------------------------------------------------------------===//

def CHLO_Dims : ArrayRefParameter<"int64_t", "dimensions">;

def CHLO_RaggedDotDimensionNumbers
    : AttrDef<CHLO_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "dimension numbers of ragged_dot";
  let parameters = (ins CHLO_Dims:$lhsBatchingDimensions,
                        CHLO_Dims:$rhsBatchingDimensions,
                        CHLO_Dims:$lhsContractingDimensions,
                        CHLO_Dims:$rhsContractingDimensions,
                        CHLO_Dims:$lhsRaggedDimensions,
                        CHLO_Dims:$rhsGroupDimensions);
  let hasCustomAssemblyFormat = 1;
}

#endif // OXLA_CHLO_BASE

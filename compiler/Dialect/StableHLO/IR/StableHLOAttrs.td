//===- StableHLOAttrs.td - stablehlo structured attributes ----------------===//
//
// The dimension-number and configuration attributes of the spec, printed in
// the upstream syntax, e.g. `#stablehlo.dot<lhs_batching_dimensions = [0],
// ...>` and `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_ATTRS
#define OXLA_STABLEHLO_ATTRS

include "compiler/Dialect/StableHLO/IR/StableHLOEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class StableHLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<StableHLO_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def HLO_Dims : ArrayRefParameter<"int64_t", "dimensions">;

// Spec: scatter, `scatter_dimension_numbers`.
def HLO_ScatterDimensionNumbers : StableHLO_Attr<"ScatterDimensionNumbers",
                                                 "scatter"> {
  let parameters = (ins HLO_Dims:$updateWindowDims,
                        HLO_Dims:$insertedWindowDims,
                        HLO_Dims:$inputBatchingDims,
                        HLO_Dims:$scatterIndicesBatchingDims,
                        HLO_Dims:$scatterDimsToOperandDims,
                        "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

// Spec: gather, `dimension_numbers`.
def HLO_GatherDimensionNumbers : StableHLO_Attr<"GatherDimensionNumbers",
                                                "gather"> {
  let parameters = (ins HLO_Dims:$offsetDims,
                        HLO_Dims:$collapsedSliceDims,
                        HLO_Dims:$operandBatchingDims,
                        HLO_Dims:$startIndicesBatchingDims,
                        HLO_Dims:$startIndexMap,
                        "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

// Spec: dot_general, `*_batching_dimensions` and `*_contracting_dimensions`.
def HLO_DotDimensionNumbers : StableHLO_Attr<"DotDimensionNumbers", "dot"> {
  let parameters = (ins HLO_Dims:$lhsBatchingDimensions,
                        HLO_Dims:$rhsBatchingDimensions,
                        HLO_Dims:$lhsContractingDimensions,
                        HLO_Dims:$rhsContractingDimensions);
  let hasCustomAssemblyFormat = 1;
}

// Spec: convolution, the input/kernel/output dimension numbers.
def HLO_ConvDimensionNumbers : StableHLO_Attr<"ConvDimensionNumbers", "conv"> {
  let parameters = (ins "int64_t":$inputBatchDimension,
                        "int64_t":$inputFeatureDimension,
                        HLO_Dims:$inputSpatialDimensions,
                        "int64_t":$kernelInputFeatureDimension,
                        "int64_t":$kernelOutputFeatureDimension,
                        HLO_Dims:$kernelSpatialDimensions,
                        "int64_t":$outputBatchDimension,
                        "int64_t":$outputFeatureDimension,
                        HLO_Dims:$outputSpatialDimensions);
  let hasCustomAssemblyFormat = 1;
}

// Spec: dot_general, `algorithm`.
def HLO_DotAlgorithm : StableHLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  // Snake-case names: `struct(params)` spells them as the syntax does.
  let parameters = (ins "::mlir::Type":$lhs_precision_type,
                        "::mlir::Type":$rhs_precision_type,
                        "::mlir::Type":$accumulation_type,
                        "int64_t":$lhs_component_count,
                        "int64_t":$rhs_component_count,
                        "int64_t":$num_primitive_operations,
                        "bool":$allow_imprecise_accumulation);
  let assemblyFormat = "`<` struct(params) `>`";
}

// Spec: collective ops, `channel_id` (handle and type).
def HLO_ChannelHandle : StableHLO_Attr<"ChannelHandle", "channel_handle"> {
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

// Spec: custom_call, `output_operand_aliases`.
def HLO_OutputOperandAlias : StableHLO_Attr<"OutputOperandAlias",
                                            "output_operand_alias"> {
  let parameters = (ins HLO_Dims:$outputTupleIndices,
                        "int64_t":$operandIndex,
                        HLO_Dims:$operandTupleIndices);
  let hasCustomAssemblyFormat = 1;
}

// Bounds of dynamic dimensions, as a tensor type's encoding:
// `tensor<?x3xf32, #stablehlo.type_extensions<bounds = [16, ?]>>`.
def HLO_TypeExtensions : StableHLO_Attr<"TypeExtensions", "type_extensions"> {
  let parameters = (ins HLO_Dims:$bounds);
  let hasCustomAssemblyFormat = 1;
}

// A tolerance of result_accuracy: 0 unless given, and then not printed.
class HLO_ToleranceParameter<string desc> : APFloatParameter<desc> {
  let defaultValue = "::llvm::APFloat(0.0)";
}

// The mode of result_accuracy, printed in full (parsed in full or stripped).
def HLO_ResultAccuracyModeParameter
    : AttrParameter<"ResultAccuracyModeAttr", "accuracy mode"> {
  let printer = "$_printer.printAttribute($_self)";
}

// Spec: unary elementwise ops on floats, `result_accuracy`. Printed as
// upstream prints it: the tolerances that are not 0 and the mode in full,
//   #stablehlo.result_accuracy<ulps = 1,
//     mode = #stablehlo.result_accuracy_mode<TOLERANCE>>
def HLO_ResultAccuracy : StableHLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let parameters = (ins HLO_ToleranceParameter<"absolute tolerance">:$atol,
                        HLO_ToleranceParameter<"relative tolerance">:$rtol,
                        DefaultValuedParameter<"int64_t", "0">:$ulps,
                        HLO_ResultAccuracyModeParameter:$mode);
  let assemblyFormat = "`<` struct(params) `>`";
  // A constant (a default value) names a mode and has no tolerances.
  let constBuilderCall = "::oxla::stablehlo::ResultAccuracyAttr::get($_builder.getContext(), "
      "::llvm::APFloat(0.0), ::llvm::APFloat(0.0), 0, "
      "::oxla::stablehlo::ResultAccuracyModeAttr::get($_builder.getContext(), "
      "::oxla::stablehlo::ResultAccuracyMode::$0))";
}

// A mesh axis (or a sub-axis: `sub_axis_info = (pre_size)size`).
def HLO_AxisRef : StableHLO_Attr<"AxisRef", "axis_ref"> {
  // A sub-axis has subAxisSize > 0; a whole axis has both zero.
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$subAxisPreSize,
                        "int64_t":$subAxisSize);
  let hasCustomAssemblyFormat = 1;
}

// Replica groups given as axes of a named mesh.
def HLO_ReplicaGroupMeshAxes : StableHLO_Attr<"ReplicaGroupMeshAxes",
                                              "replica_group_mesh_axes"> {
  let parameters = (ins "::mlir::FlatSymbolRefAttr":$mesh,
                        // An array of #stablehlo.axis_ref.
                        "::mlir::ArrayAttr":$axes);
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // OXLA_STABLEHLO_ATTRS

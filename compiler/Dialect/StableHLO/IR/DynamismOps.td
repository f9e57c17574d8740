//===- DynamismOps.td - Spec "Dynamism" ops -------------------------------===//
//
// The shape-dynamic counterparts of data movement ops, whose shapes come from
// run-time tensors, and get/set_dimension_size. Pretty syntax as upstream:
//
//   stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [0] : (T, S) -> R
//   stablehlo.dynamic_iota %shape, dim = 0 : (S) -> R
//   stablehlo.get_dimension_size %x, dim = 0 : (T) -> tensor<i32>
//
// dynamic_gather prints in the generic form.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_DYNAMISM_OPS
#define OXLA_STABLEHLO_DYNAMISM_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar HLO_AnyTensor = HLO_TensorOrQuantized;

def StableHLO_DynamicBroadcastInDimOp
    : StableHLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim to a run-time shape";
  let arguments = (ins HLO_AnyTensor:$operand,
                       HLO_DimensionTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` custom<Dims>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather with run-time slice sizes";
  let arguments = (ins HLO_AnyTensor:$operand,
                       HLO_IntTensor:$start_indices,
                       HLO_DimensionTensor:$slice_sizes,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_AnyTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota of a run-time shape";
  let arguments = (ins HLO_DimensionTensor:$output_shape,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_IntFloatComplexOrQuantizedTensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad by run-time amounts";
  let arguments = (ins HLO_AnyTensor:$operand,
                       0DTensorOf<[HLO_ElementType]>:$padding_value,
                       HLO_DimensionTensor:$edge_padding_low,
                       HLO_DimensionTensor:$edge_padding_high,
                       HLO_DimensionTensor:$interior_padding);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to a run-time shape";
  let arguments = (ins HLO_AnyTensor:$operand,
                       HLO_DimensionTensor:$output_shape);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_GetDimensionSizeOp
    : StableHLO_Op<"get_dimension_size", [Pure]> {
  let summary = "the size of one dimension";
  let arguments = (ins HLO_AnyTensor:$operand,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RealDynamicSliceOp
    : StableHLO_Op<"real_dynamic_slice", [Pure]> {
  let summary = "strided slice with run-time bounds";
  let arguments = (ins HLO_AnyTensor:$operand,
                       HLO_DimensionTensor:$start_indices,
                       HLO_DimensionTensor:$limit_indices,
                       HLO_DimensionTensor:$strides);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SetDimensionSizeOp
    : StableHLO_Op<"set_dimension_size", [Pure]> {
  let summary = "set the run-time size of a bounded dimension";
  let arguments = (ins HLO_AnyTensor:$operand,
                       0DTensorOf<[I32]>:$size,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // OXLA_STABLEHLO_DYNAMISM_OPS

//===- DataMovementOps.td - Spec data movement ops ------------------------===//
//
// Ops that move, select or replicate elements without computing on them:
// broadcast_in_dim, concatenate, (dynamic_)slice, dynamic_update_slice,
// gather, scatter, pad, reshape, reverse, transpose, and the deprecated
// broadcast and torch_index_select. Pretty syntax as upstream, e.g.
//
//   stablehlo.broadcast_in_dim %x, dims = [0, 1] : (T) -> R
//   stablehlo.concatenate %a, %b, dim = 1 : (A, B) -> R
//   stablehlo.slice %x [0:1, 0:4:2] : (T) -> R
//
// gather, scatter and torch_index_select print in the generic form.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_DATA_MOVEMENT_OPS
#define OXLA_STABLEHLO_DATA_MOVEMENT_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar HLO_AnyTensor = HLO_TensorOrQuantized;

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast along the given result dimensions";
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Deprecated ("not in HLO"): prepends `broadcast_sizes` to the shape.
def StableHLO_BroadcastOp : StableHLO_Op<"broadcast", [Pure]> {
  let summary = "broadcast by prepending dimensions";
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<Dims>($broadcast_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [Pure]> {
  let summary = "concatenation along one dimension";
  let arguments = (ins Variadic<HLO_AnyTensor>:$inputs,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    custom<OperandsWithComma>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure]> {
  let summary = "slice at run-time start indices";
  let arguments = (ins HLO_AnyTensor:$operand,
                       Variadic<HLO_ScalarIntTensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<OperandsWithComma>($start_indices)
      `sizes` `=` custom<Dims>($slice_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp
    : StableHLO_Op<"dynamic_update_slice", [Pure]> {
  let summary = "overwrite a slice at run-time start indices";
  let arguments = (ins HLO_AnyTensor:$operand, HLO_AnyTensor:$update,
                       Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure]> {
  let summary = "gather slices at run-time indices";
  let arguments = (ins HLO_AnyTensor:$operand,
                       HLO_IntTensor:$start_indices,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_AnyTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_PadOp : StableHLO_Op<"pad", [Pure]> {
  let summary = "edge and interior padding";
  let arguments = (ins HLO_AnyTensor:$operand,
                       0DTensorOf<[HLO_ElementType]>:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
      `low` `=` custom<Dims>($edge_padding_low) `,`
      `high` `=` custom<Dims>($edge_padding_high) `,`
      `interior` `=` custom<Dims>($interior_padding)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "reshape keeping the element order";
  let arguments = (ins HLO_AnyTensor:$operand);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse", [Pure]> {
  let summary = "reverse the order of elements along dimensions";
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($dimensions)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "scatter updates into slices at run-time indices";
  let arguments = (ins Variadic<HLO_AnyTensor>:$inputs,
                       HLO_IntTensor:$scatter_indices,
                       Variadic<HLO_AnyTensor>:$updates,
                       HLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

def StableHLO_SliceOp : StableHLO_Op<"slice", [Pure]> {
  let summary = "static strided slice";
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Deprecated ("not in HLO"): PyTorch's index_select.
def StableHLO_TorchIndexSelectOp : StableHLO_Op<"torch_index_select", [Pure]> {
  let summary = "select slices along a dimension by index";
  let arguments = (ins HLO_AnyTensor:$operand, HLO_IntTensor:$index,
                       I64Attr:$dim, I64Attr:$batch_dims);
  let results = (outs HLO_AnyTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [Pure]> {
  let summary = "permute dimensions";
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($permutation)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // OXLA_STABLEHLO_DATA_MOVEMENT_OPS

//===- ReductionOps.td - Spec reduce, reduce_window, sort, map, ... -------===//
//
// Ops that apply a region (a "body", "comparator" or "computation") to
// slices of their inputs. reduce has the upstream pretty syntax:
//   stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1]
//     : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//   stablehlo.reduce(%x init: %c) across dimensions = [0] : (...) -> ...
//     reducer(%acc: tensor<f32>, %elt: tensor<f32>) { ... }
// the others are written in the generic syntax.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_REDUCTION_OPS
#define OXLA_STABLEHLO_REDUCTION_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Spec: reduce.
def StableHLO_ReduceOp : StableHLO_Op<"reduce", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduces inputs along dimensions with a body";
  let arguments = (ins Variadic<HLO_TensorOrQuantized>:$inputs,
                       Variadic<HLO_TensorOrQuantized>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_TensorOrQuantized>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Spec: reduce_window.
def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduces windows of the inputs with a body";
  let arguments = (ins Variadic<HLO_TensorOrQuantized>:$inputs,
                       Variadic<HLO_TensorOrQuantized>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_TensorOrQuantized>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

// Spec: select_and_scatter.
def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter", [
    RecursiveMemoryEffects]> {
  let summary = "scatters source values into windows picked by select";
  let arguments = (ins HLO_TensorOrQuantized:$operand,
                       HLO_TensorOrQuantized:$source,
                       HLO_TensorOrQuantized:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_TensorOrQuantized);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

// Spec: sort.
def StableHLO_SortOp : StableHLO_Op<"sort", [RecursiveMemoryEffects]> {
  let summary = "sorts inputs along a dimension with a comparator";
  let arguments = (ins Variadic<HLO_TensorOrQuantized>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_TensorOrQuantized>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

// Spec: map.
def StableHLO_MapOp : StableHLO_Op<"map", [RecursiveMemoryEffects]> {
  let summary = "applies a computation to the elements of the inputs";
  let arguments = (ins Variadic<HLO_TensorOrQuantized>:$inputs,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_TensorOrQuantized);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

#endif // OXLA_STABLEHLO_REDUCTION_OPS

//===- ContractionOps.td - Spec dot_general, dot, einsum -------------------===//
//
// Contractions. Pretty syntax of the upstream dialect:
//   stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
//     contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT]
//     : (...) -> ...
//   stablehlo.dot %a, %b, precision = [DEFAULT] : (...) -> ...
//   stablehlo.einsum %a, %b, config = "ab,bc->ac" : (...) -> ...
//   stablehlo.unary_einsum %a, config = "ab->a" : (...) -> ...
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_CONTRACTION_OPS
#define OXLA_STABLEHLO_CONTRACTION_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Spec: dot_general.
def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure]> {
  let summary = "generalized dot product";
  let arguments = (ins HLO_TensorOrQuantized:$lhs,
                       HLO_TensorOrQuantized:$rhs,
                       HLO_DotDimensionNumbers:$dot_dimension_numbers,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<HLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_TensorOrQuantized);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Not in the spec ("Not in HLO"): dot of vectors and matrices.
def StableHLO_DotOp : StableHLO_Op<"dot", [Pure]> {
  let summary = "dot product of vectors and matrices";
  let arguments = (ins HLO_TensorOrQuantized:$lhs,
                       HLO_TensorOrQuantized:$rhs,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_TensorOrQuantized);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Not in the spec: einsum with an explicit equation.
def StableHLO_EinsumOp : StableHLO_Op<"einsum", [Pure]> {
  let summary = "einsum of two operands";
  let arguments = (ins HLO_TensorOrQuantized:$lhs, HLO_TensorOrQuantized:$rhs,
                       StrAttr:$einsum_config);
  let results = (outs HLO_TensorOrQuantized);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
}

def StableHLO_UnaryEinsumOp : StableHLO_Op<"unary_einsum", [Pure]> {
  let summary = "einsum of one operand";
  let arguments = (ins HLO_TensorOrQuantized:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_TensorOrQuantized);
  let assemblyFormat = [{
    $operand `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
}

#endif // OXLA_STABLEHLO_CONTRACTION_OPS

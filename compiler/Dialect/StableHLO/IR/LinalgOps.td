//===- LinalgOps.td - Spec batch_norm_*, cholesky, triangular_solve, fft --===//
//
// The linear-algebra ops. cholesky and fft have the upstream pretty syntax:
//   stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
//   stablehlo.fft %x, type = FFT, length = [4] : (...) -> ...
// The others use the generic syntax (as upstream prints them).
//
//===----------------------------------------------------------------------===//

#ifndef OXLA_STABLEHLO_LINALG_OPS
#define OXLA_STABLEHLO_LINALG_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def StableHLO_BatchNormGradOp : StableHLO_Op<"batch_norm_grad", [Pure]> {
  let summary = "gradients of batch normalization";
  let arguments = (ins HLO_FloatOrQuantizedTensor:$operand,
                       HLO_FloatOrQuantizedTensor:$scale,
                       HLO_FloatOrQuantizedTensor:$mean,
                       HLO_FloatOrQuantizedTensor:$variance,
                       HLO_FloatOrQuantizedTensor:$grad_output,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FloatOrQuantizedTensor:$grad_operand,
                      HLO_FloatOrQuantizedTensor:$grad_scale,
                      HLO_FloatOrQuantizedTensor:$grad_offset);
  let hasVerifier = 1;
}

// Spec: batch_norm_inference.
def StableHLO_BatchNormInferenceOp
    : StableHLO_Op<"batch_norm_inference", [Pure]> {
  let summary = "batch normalization with given statistics";
  let arguments = (ins HLO_FloatOrQuantizedTensor:$operand,
                       HLO_FloatOrQuantizedTensor:$scale,
                       HLO_FloatOrQuantizedTensor:$offset,
                       HLO_FloatOrQuantizedTensor:$mean,
                       HLO_FloatOrQuantizedTensor:$variance,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FloatOrQuantizedTensor:$result);
  let hasVerifier = 1;
}

// Spec: batch_norm_training.
def StableHLO_BatchNormTrainingOp
    : StableHLO_Op<"batch_norm_training", [Pure]> {
  let summary = "batch normalization computing the statistics";
  let arguments = (ins HLO_FloatOrQuantizedTensor:$operand,
                       HLO_FloatOrQuantizedTensor:$scale,
                       HLO_FloatOrQuantizedTensor:$offset,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FloatOrQuantizedTensor:$output,
                      HLO_FloatOrQuantizedTensor:$batch_mean,
                      HLO_FloatOrQuantizedTensor:$batch_var);
  let hasVerifier = 1;
}

// Spec: cholesky.
def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [Pure]> {
  let summary = "Cholesky decomposition of a batch of matrices";
  let arguments = (ins HLO_FloatComplexOrQuantizedTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FloatComplexOrQuantizedTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict
      `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

// Spec: triangular_solve.
def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [Pure]> {
  let summary = "solves triangular systems of linear equations";
  let arguments = (ins HLO_FloatComplexOrQuantizedTensor:$a,
                       HLO_FloatComplexOrQuantizedTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal,
                       HLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FloatComplexOrQuantizedTensor:$result);
  let hasVerifier = 1;
}

// Spec: fft.
def StableHLO_FftOp : StableHLO_Op<"fft", [Pure]> {
  let summary = "Fourier transforms";
  let arguments = (ins HLO_FloatOrComplexTensor:$operand,
                       HLO_FftTypeAttr:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FloatOrComplexTensor);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=`
      custom<Dims>($fft_length) attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // OXLA_STABLEHLO_LINALG_OPS

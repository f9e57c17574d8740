//===- ContractionOps.td - Spec dot_general, convolution, fft, ... --------===//
//
// Contractions and the linear-algebra ops. Pretty syntax of the upstream
// dialect:
//   stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
//     contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT]
//     : (...) -> ...
//   stablehlo.dot %a, %b, precision = [DEFAULT] : (...) -> ...
//   stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->
//     [b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]}
//     {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : ...
//   stablehlo.fft %x, type = FFT, length = [4] : (...) -> ...
// The others use the generic syntax.
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

// Spec: convolution.
def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure]> {
  let summary = "convolution";
  let arguments = (ins HLO_TensorOrQuantized:$lhs,
                       HLO_TensorOrQuantized:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbers:$dimension_numbers,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_TensorOrQuantized);
  let assemblyFormat = [{
    `(` $lhs `,` $rhs `)`
      `dim_numbers` `=` custom<ConvDimensions>($dimension_numbers) `,`
      `window` `=` `{` custom<WindowAttributes>($window_strides, $padding,
                                                $lhs_dilation, $rhs_dilation,
                                                $window_reversal) `}`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Dynamism: convolution with the padding given as an operand.
def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with dynamic padding";
  let arguments = (ins HLO_TensorOrQuantized:$lhs,
                       HLO_TensorOrQuantized:$rhs,
                       HLO_IntTensor:$d_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbers:$dimension_numbers,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_TensorOrQuantized);
  let hasVerifier = 1;
}

// Not in HLO: einsum with an explicit equation.
def StableHLO_EinsumOp : StableHLO_Op<"einsum", [Pure]> {
  let summary = "einsum of two operands";
  let arguments = (ins HLO_TensorOrQuantized:$lhs, HLO_TensorOrQuantized:$rhs,
                       StrAttr:$einsum_config);
  let results = (outs HLO_TensorOrQuantized);
}

def StableHLO_UnaryEinsumOp : StableHLO_Op<"unary_einsum", [Pure]> {
  let summary = "einsum of one operand";
  let arguments = (ins HLO_TensorOrQuantized:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_TensorOrQuantized);
}

// Spec: batch_norm_grad.
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

#endif // OXLA_STABLEHLO_CONTRACTION_OPS

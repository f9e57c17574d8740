//===- ConvolutionOps.td - Spec convolution and dynamic_conv --------------===//
//
// Pretty syntax of the upstream dialect:
//   stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->
//     [b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]}
//     {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : ...
//
//===----------------------------------------------------------------------===//

#ifndef OXLA_STABLEHLO_CONVOLUTION_OPS
#define OXLA_STABLEHLO_CONVOLUTION_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

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

#endif // OXLA_STABLEHLO_CONVOLUTION_OPS

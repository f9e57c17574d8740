//===- CHLOBroadcastOps.td - chlo's implicitly broadcasting ops -----------===//
//
// The elementwise ops of XlaBuilder's client API, which broadcast their
// operands to one shape first. Pretty syntax of the upstream dialect:
//
//   %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>}
//          : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
//   %1 = chlo.broadcast_select %p, %a, %b : (P, A, B) -> R
//   %2 = chlo.constant dense<1.0> : tensor<4xf32>
//   %3 = "chlo.constant_like"(%x) <{value = 1.0 : f32}> : (T) -> T
//
// Broadcasting: the result has the larger rank. Without
// `broadcast_dimensions` the smaller operand's dimensions line up with the
// result's trailing ones (numpy); with it, dimension i of the lower-rank
// operand is result dimension broadcast_dimensions[i] (XLA's "in-dim"
// broadcasting). Dimensions paired up must be equal or one of them 1.
// oxla-decompose-chlo-broadcast rewrites these ops into
// stablehlo.broadcast_in_dim and the stablehlo (or chlo) elementwise op.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_CHLO_BROADCAST_OPS
#define OXLA_CHLO_BROADCAST_OPS

include "compiler/Dialect/CHLO/IR/CHLOBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The operands broadcast to the result's shape (see above); checked by
// verifyBroadcasting.
def CHLO_Broadcasting : NativeOpTrait<"Broadcasting"> {
  let cppNamespace = "::oxla::chlo::OpTrait";
}

class CHLO_BroadcastBinaryOp<string mnemonic, Type operandType,
                             Type resultType, list<Trait> traits = []>
    : CHLO_Op<mnemonic, !listconcat([Pure, CHLO_Broadcasting,
                                     SameOperandsElementType], traits)> {
  let arguments = (ins operandType:$lhs, operandType:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
}

// Operands and result share their element type.
class CHLO_BroadcastArithmeticOp<string mnemonic, Type tensorType>
    : CHLO_Op<mnemonic, [Pure, CHLO_Broadcasting,
                         CHLO_SameOperandsAndResultElementType]> {
  let arguments = (ins tensorType:$lhs, tensorType:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
}

defvar CHLO_AnyTensor = HLO_Tensor;
def CHLO_FloatComplexTensor : HLO_TensorOf<[HLO_Float, HLO_Complex],
                                           "floating-point or complex">;
def CHLO_IntFloatComplexTensor
    : HLO_TensorOf<[HLO_Int, HLO_Float, HLO_Complex],
                   "integer, floating-point or complex">;

def CHLO_BroadcastAddOp : CHLO_BroadcastArithmeticOp<"broadcast_add", CHLO_AnyTensor>;
def CHLO_BroadcastAtan2Op
    : CHLO_BroadcastArithmeticOp<"broadcast_atan2", CHLO_FloatComplexTensor>;
def CHLO_BroadcastDivOp
    : CHLO_BroadcastArithmeticOp<"broadcast_divide", CHLO_IntFloatComplexTensor>;
def CHLO_BroadcastMaxOp : CHLO_BroadcastArithmeticOp<"broadcast_maximum", CHLO_AnyTensor>;
def CHLO_BroadcastMinOp : CHLO_BroadcastArithmeticOp<"broadcast_minimum", CHLO_AnyTensor>;
def CHLO_BroadcastMulOp : CHLO_BroadcastArithmeticOp<"broadcast_multiply", CHLO_AnyTensor>;
def CHLO_BroadcastNextAfterOp
    : CHLO_BroadcastArithmeticOp<"broadcast_next_after", HLO_FloatTensor>;
def CHLO_BroadcastPolygammaOp
    : CHLO_BroadcastArithmeticOp<"broadcast_polygamma", HLO_FloatTensor>;
def CHLO_BroadcastPowOp
    : CHLO_BroadcastArithmeticOp<"broadcast_power", CHLO_IntFloatComplexTensor>;
def CHLO_BroadcastRemOp
    : CHLO_BroadcastArithmeticOp<"broadcast_remainder", CHLO_IntFloatComplexTensor>;
def CHLO_BroadcastShiftLeftOp
    : CHLO_BroadcastArithmeticOp<"broadcast_shift_left", HLO_IntTensor>;
def CHLO_BroadcastShiftRightArithmeticOp
    : CHLO_BroadcastArithmeticOp<"broadcast_shift_right_arithmetic", HLO_IntTensor>;
def CHLO_BroadcastShiftRightLogicalOp
    : CHLO_BroadcastArithmeticOp<"broadcast_shift_right_logical", HLO_IntTensor>;
def CHLO_BroadcastSubOp
    : CHLO_BroadcastArithmeticOp<"broadcast_subtract", CHLO_IntFloatComplexTensor>;
def CHLO_BroadcastZetaOp
    : CHLO_BroadcastArithmeticOp<"broadcast_zeta", HLO_FloatTensor>;
def CHLO_BroadcastAndOp
    : CHLO_BroadcastArithmeticOp<"broadcast_and", HLO_PredOrIntTensor>;
def CHLO_BroadcastOrOp
    : CHLO_BroadcastArithmeticOp<"broadcast_or", HLO_PredOrIntTensor>;
def CHLO_BroadcastXorOp
    : CHLO_BroadcastArithmeticOp<"broadcast_xor", HLO_PredOrIntTensor>;

// complex<E> from two tensors of E (f32 or f64).
def CHLO_BroadcastComplexOp : CHLO_BroadcastBinaryOp<"broadcast_complex",
    HLO_TensorOf<[F32, F64], "f32 or f64">, HLO_ComplexTensor> {
  let hasVerifier = 1;
}

// compare with `comparison_direction` and an optional `compare_type`, as
// stablehlo.compare does.
def CHLO_BroadcastCompareOp : CHLO_Op<"broadcast_compare",
    [Pure, CHLO_Broadcasting, SameOperandsElementType]> {
  let arguments = (ins CHLO_AnyTensor:$lhs, CHLO_AnyTensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
                       CHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<CHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
}

// select with numpy broadcasting of all three operands.
def CHLO_BroadcastSelectOp : CHLO_Op<"broadcast_select",
    [Pure, CHLO_Broadcasting]> {
  let arguments = (ins HLO_PredTensor:$pred, CHLO_AnyTensor:$on_true,
                       CHLO_AnyTensor:$on_false);
  let results = (outs CHLO_AnyTensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
      `(` type($pred) `,` type($on_true) `,` type($on_false) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

// A constant, `chlo.constant dense<1.0> : tensor<4xf32>`.
def CHLO_ConstantOp : CHLO_Op<"constant",
    [ConstantLike, Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

// A splat of `value` with the operand's shape (generic syntax only).
def CHLO_ConstantLikeOp : CHLO_Op<"constant_like", [Pure]> {
  let arguments = (ins TypedAttrInterface:$value, CHLO_AnyTensor:$operand);
  let results = (outs CHLO_AnyTensor:$result);
  let hasVerifier = 1;
}

#endif // OXLA_CHLO_BROADCAST_OPS

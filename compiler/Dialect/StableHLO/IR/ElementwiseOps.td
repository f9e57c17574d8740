//===- ElementwiseOps.td - Spec "Elementwise ops" -------------------------===//
//
// Unary, binary and ternary elementwise ops, compare, the conversions, and
// constant/iota. Pretty syntax: `stablehlo.add %a, %b : tensor<4xf32>`; when
// operand and result types differ the functional type is printed instead.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_ELEMENTWISE_OPS
#define OXLA_STABLEHLO_ELEMENTWISE_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// C1 of every elementwise op: operands and results have one shape (dynamic
// dimensions are compatible with any size).
def HLO_ElementwiseShapes : NativeOpTrait<"ElementwiseShapes"> {
  let cppNamespace = "::oxla::stablehlo::traits";
}
// Operands and results share the baseline element type (quantization
// parameters may differ).
def HLO_SameBaselineElementType : NativeOpTrait<"SameBaselineElementType"> {
  let cppNamespace = "::oxla::stablehlo::traits";
}

class HLO_ElementwiseOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([Pure, HLO_ElementwiseShapes,
                                          Elementwise], traits)>;

//===----------------------------------------------------------------------===//
// Unary ops.
//===----------------------------------------------------------------------===//

class HLO_UnaryOp<string mnemonic, Type operandType, Type resultType,
                  list<Trait> traits = [HLO_SameBaselineElementType]>
    : HLO_ElementwiseOp<mnemonic, traits> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

// Transcendental ops may carry the accuracy the result must have; the
// default (mode DEFAULT, no tolerances) is not printed.
class HLO_UnaryAccuracyOp<string mnemonic, Type tensorType>
    : HLO_ElementwiseOp<mnemonic, [HLO_SameBaselineElementType]> {
  let arguments = (ins tensorType:$operand,
                       DefaultValuedOptionalAttr<HLO_ResultAccuracy, "DEFAULT">:$result_accuracy);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def HLO_SIntFloatComplexOrPQTensor : HLO_TensorOf<
    [HLO_SInt, HLO_Float, HLO_Complex, HLO_PerTensorQuantizedInt],
    "signed integer, floating-point, complex or per-tensor quantized">;
def HLO_SIntFloatOrPQTensor : HLO_TensorOf<
    [HLO_SInt, HLO_Float, HLO_PerTensorQuantizedInt],
    "signed integer, floating-point or per-tensor quantized">;
defvar HLO_FloatComplexOrPQTensor = HLO_FloatComplexOrQuantizedTensor;
defvar HLO_FloatOrPQTensor = HLO_FloatOrQuantizedTensor;

// abs: a complex operand gives its floating-point magnitude (C2).
def StableHLO_AbsOp : HLO_UnaryOp<"abs", HLO_SIntFloatComplexOrPQTensor,
                                  HLO_SIntFloatOrPQTensor, []> {
  let hasVerifier = 1;
}
def StableHLO_CbrtOp : HLO_UnaryAccuracyOp<"cbrt", HLO_FloatComplexOrPQTensor>;
def StableHLO_CeilOp : HLO_UnaryOp<"ceil", HLO_FloatOrPQTensor, HLO_FloatOrPQTensor>;
def StableHLO_ClzOp : HLO_UnaryOp<"count_leading_zeros", HLO_IntTensor, HLO_IntTensor>;
def StableHLO_CosineOp : HLO_UnaryAccuracyOp<"cosine", HLO_FloatComplexOrPQTensor>;
def StableHLO_ExpOp : HLO_UnaryAccuracyOp<"exponential", HLO_FloatComplexOrPQTensor>;
def StableHLO_Expm1Op : HLO_UnaryAccuracyOp<"exponential_minus_one",
                                            HLO_FloatComplexOrPQTensor>;
def StableHLO_FloorOp : HLO_UnaryOp<"floor", HLO_FloatOrPQTensor, HLO_FloatOrPQTensor>;
def StableHLO_ImagOp : HLO_UnaryOp<"imag", HLO_FloatOrComplexTensor,
                                   HLO_FloatTensor, []> {
  let hasVerifier = 1;
}
def StableHLO_IsFiniteOp : HLO_UnaryOp<"is_finite", HLO_FloatTensor,
                                       HLO_PredTensor, []>;
def StableHLO_LogOp : HLO_UnaryAccuracyOp<"log", HLO_FloatComplexOrPQTensor>;
def StableHLO_Log1pOp : HLO_UnaryAccuracyOp<"log_plus_one", HLO_FloatComplexOrPQTensor>;
def StableHLO_LogisticOp : HLO_UnaryAccuracyOp<"logistic", HLO_FloatComplexOrPQTensor>;
def StableHLO_NegOp : HLO_UnaryOp<"negate", HLO_IntFloatComplexOrQuantizedTensor,
                                  HLO_IntFloatComplexOrQuantizedTensor>;
def StableHLO_NotOp : HLO_UnaryOp<"not", HLO_PredOrIntTensor, HLO_PredOrIntTensor>;
def StableHLO_PopulationCountOp : HLO_UnaryOp<"popcnt", HLO_IntTensor, HLO_IntTensor>;
def StableHLO_RealOp : HLO_UnaryOp<"real", HLO_FloatOrComplexTensor,
                                   HLO_FloatTensor, []> {
  let hasVerifier = 1;
}
def StableHLO_RoundOp : HLO_UnaryOp<"round_nearest_afz", HLO_FloatOrPQTensor,
                                    HLO_FloatOrPQTensor>;
def StableHLO_RoundNearestEvenOp : HLO_UnaryOp<"round_nearest_even",
                                               HLO_FloatOrPQTensor, HLO_FloatOrPQTensor>;
def StableHLO_RsqrtOp : HLO_UnaryAccuracyOp<"rsqrt", HLO_FloatComplexOrPQTensor>;
def StableHLO_SignOp : HLO_UnaryOp<"sign", HLO_SIntFloatComplexOrPQTensor,
                                   HLO_SIntFloatComplexOrPQTensor>;
def StableHLO_SineOp : HLO_UnaryAccuracyOp<"sine", HLO_FloatComplexOrPQTensor>;
def StableHLO_SqrtOp : HLO_UnaryAccuracyOp<"sqrt", HLO_FloatComplexOrPQTensor>;
def StableHLO_TanOp : HLO_UnaryAccuracyOp<"tan", HLO_FloatComplexOrPQTensor>;
def StableHLO_TanhOp : HLO_UnaryAccuracyOp<"tanh", HLO_FloatComplexOrPQTensor>;

//===----------------------------------------------------------------------===//
// Binary ops.
//===----------------------------------------------------------------------===//

class HLO_BinaryOp<string mnemonic, Type tensorType,
                   list<Trait> traits = [HLO_SameBaselineElementType]>
    : HLO_ElementwiseOp<mnemonic, traits> {
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

defvar HLO_AnyTensor = HLO_TensorOrQuantized;
def HLO_IntFloatComplexOrPQTensor : HLO_TensorOf<
    [HLO_Int, HLO_Float, HLO_Complex, HLO_PerTensorQuantizedInt],
    "integer, floating-point, complex or per-tensor quantized">;

def StableHLO_AddOp : HLO_BinaryOp<"add", HLO_AnyTensor,
                                   [Commutative, HLO_SameBaselineElementType]>;
def StableHLO_AndOp : HLO_BinaryOp<"and", HLO_PredOrIntTensor,
                                   [Commutative, HLO_SameBaselineElementType]>;
def StableHLO_Atan2Op : HLO_BinaryOp<"atan2", HLO_FloatComplexOrPQTensor>;
def StableHLO_DivOp : HLO_BinaryOp<"divide", HLO_IntFloatComplexOrPQTensor>;
def StableHLO_MaxOp : HLO_BinaryOp<"maximum", HLO_AnyTensor,
                                   [Commutative, HLO_SameBaselineElementType]>;
def StableHLO_MinOp : HLO_BinaryOp<"minimum", HLO_AnyTensor,
                                   [Commutative, HLO_SameBaselineElementType]>;
def StableHLO_MulOp : HLO_BinaryOp<"multiply", HLO_AnyTensor,
                                   [Commutative, HLO_SameBaselineElementType]>;
def StableHLO_OrOp : HLO_BinaryOp<"or", HLO_PredOrIntTensor,
                                  [Commutative, HLO_SameBaselineElementType]>;
def StableHLO_PowOp : HLO_BinaryOp<"power", HLO_IntFloatComplexOrPQTensor>;
def StableHLO_RemOp : HLO_BinaryOp<"remainder", HLO_IntFloatComplexOrPQTensor>;
def StableHLO_ShiftLeftOp : HLO_BinaryOp<"shift_left", HLO_IntTensor>;
def StableHLO_ShiftRightArithmeticOp
    : HLO_BinaryOp<"shift_right_arithmetic", HLO_IntTensor>;
def StableHLO_ShiftRightLogicalOp
    : HLO_BinaryOp<"shift_right_logical", HLO_IntTensor>;
def StableHLO_SubtractOp : HLO_BinaryOp<"subtract", HLO_IntFloatComplexOrPQTensor>;
def StableHLO_XorOp : HLO_BinaryOp<"xor", HLO_PredOrIntTensor,
                                   [Commutative, HLO_SameBaselineElementType]>;

// complex: builds complex<E> from two tensors of E (C1-C3).
def StableHLO_ComplexOp : HLO_ElementwiseOp<"complex"> {
  let arguments = (ins HLO_TensorOf<[F32, F64], "f32 or f64">:$lhs,
                       HLO_TensorOf<[F32, F64], "f32 or f64">:$rhs);
  let results = (outs HLO_ComplexTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// compare, select, clamp.
//===----------------------------------------------------------------------===//

def StableHLO_CompareOp : HLO_ElementwiseOp<"compare"> {
  let arguments = (ins HLO_AnyTensor:$lhs, HLO_AnyTensor:$rhs,
                       HLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// select: `pred` is either a boolean scalar or has the shape of the operands.
def StableHLO_SelectOp : StableHLO_Op<"select", [Pure]> {
  let arguments = (ins HLO_PredTensor:$pred, HLO_AnyTensor:$on_true,
                       HLO_AnyTensor:$on_false);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

// clamp: `min` and `max` are scalars or have the shape of `operand`.
def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure]> {
  let arguments = (ins HLO_AnyTensor:$min, HLO_AnyTensor:$operand,
                       HLO_AnyTensor:$max);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict
      `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Conversions.
//===----------------------------------------------------------------------===//

def StableHLO_ConvertOp : HLO_ElementwiseOp<"convert"> {
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

// bitcast_convert reinterprets bits; a width change adds or drops the last
// dimension (C1-C2), so it is not elementwise.
def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let arguments = (ins HLO_AnyTensor:$operand);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReducePrecisionOp : HLO_ElementwiseOp<"reduce_precision",
                                                    [HLO_SameBaselineElementType]> {
  let arguments = (ins HLO_FloatOrPQTensor:$operand,
                       ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs HLO_FloatOrPQTensor:$result);
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// constant and iota (spec "Miscellaneous ops").
//===----------------------------------------------------------------------===//

// Results are named as upstream names them: `%c` for integer (and
// boolean) elements, `%cst` otherwise (`%c_0`, `%cst_1`, ... when taken).
def StableHLO_ConstantOp : StableHLO_Op<"constant",
    [ConstantLike, Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_TensorOrQuantized:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l, ::mlir::TypeRange r);
  }];
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_IntFloatComplexOrQuantizedTensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

#endif // OXLA_STABLEHLO_ELEMENTWISE_OPS

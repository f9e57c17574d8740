//===- CHLOOps.td - chlo ops ----------------------------------------------===//
//
// Unary special functions print as `chlo.lgamma %x : T -> T`, binary ones as
// `chlo.next_after %x, %y : T, T -> T`; top_k as `chlo.top_k(%x, k = 2)
// {largest = false} : T -> (V, I)`; scan as `chlo.scan(%in) inits(%init) dimension=0 {...} : F`;
// ragged_dot has only the generic form. CHLOBroadcastOps.td has the
// implicitly broadcasting ops.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_CHLO_OPS
#define OXLA_CHLO_OPS

include "compiler/Dialect/CHLO/IR/CHLOBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Operands and results have compatible shapes (dynamic dimensions match any
// size) and, unless the op says otherwise, one element type.
def CHLO_CompatibleOperandsAndResultShape
    : NativeOpTrait<"CompatibleOperandsAndResultShape"> {
  let cppNamespace = "::oxla::chlo::OpTrait";
}
def CHLO_SameOperandsAndResultElementType
    : NativeOpTrait<"SameOperandsAndResultElementTypes"> {
  let cppNamespace = "::oxla::chlo::OpTrait";
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops.
//===----------------------------------------------------------------------===//

class CHLO_UnaryOp<string mnemonic, Type operandType, Type resultType,
                   list<Trait> traits = [CHLO_SameOperandsAndResultElementType]>
    : CHLO_Op<mnemonic, !listconcat([Pure,
                                     CHLO_CompatibleOperandsAndResultShape,
                                     Elementwise], traits)> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}

class CHLO_FloatOrComplexUnaryOp<string mnemonic>
    : CHLO_UnaryOp<mnemonic, HLO_FloatOrComplexTensor, HLO_FloatOrComplexTensor>;
class CHLO_FloatUnaryOp<string mnemonic>
    : CHLO_UnaryOp<mnemonic, HLO_FloatTensor, HLO_FloatTensor>;
class CHLO_PredicateOp<string mnemonic>
    : CHLO_UnaryOp<mnemonic, HLO_FloatTensor, HLO_PredTensor, []>;

def CHLO_AcosOp : CHLO_FloatOrComplexUnaryOp<"acos">;
def CHLO_AcoshOp : CHLO_FloatOrComplexUnaryOp<"acosh">;
def CHLO_AsinOp : CHLO_FloatOrComplexUnaryOp<"asin">;
def CHLO_AsinhOp : CHLO_FloatOrComplexUnaryOp<"asinh">;
def CHLO_AtanOp : CHLO_FloatOrComplexUnaryOp<"atan">;
def CHLO_AtanhOp : CHLO_FloatOrComplexUnaryOp<"atanh">;
def CHLO_BesselI1eOp : CHLO_FloatUnaryOp<"bessel_i1e">;
def CHLO_ConjOp : CHLO_FloatOrComplexUnaryOp<"conj">;
def CHLO_CoshOp : CHLO_FloatOrComplexUnaryOp<"cosh">;
def CHLO_SinhOp : CHLO_FloatOrComplexUnaryOp<"sinh">;
def CHLO_TanOp : CHLO_FloatOrComplexUnaryOp<"tan">;
def CHLO_DigammaOp : CHLO_FloatUnaryOp<"digamma">;
def CHLO_ErfOp : CHLO_FloatUnaryOp<"erf">;
def CHLO_ErfcOp : CHLO_FloatUnaryOp<"erfc">;
def CHLO_ErfInvOp : CHLO_FloatUnaryOp<"erf_inv">;
def CHLO_LgammaOp : CHLO_FloatUnaryOp<"lgamma">;
def CHLO_IsInfOp : CHLO_PredicateOp<"is_inf">;
def CHLO_IsNegInfOp : CHLO_PredicateOp<"is_neg_inf">;
def CHLO_IsPosInfOp : CHLO_PredicateOp<"is_pos_inf">;

//===----------------------------------------------------------------------===//
// Binary elementwise ops (no implicit broadcasting).
//===----------------------------------------------------------------------===//

class CHLO_BinaryOp<string mnemonic, Type tensorType>
    : CHLO_Op<mnemonic, [Pure, CHLO_CompatibleOperandsAndResultShape,
                         CHLO_SameOperandsAndResultElementType,
                         Elementwise]> {
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def CHLO_NextAfterOp : CHLO_BinaryOp<"next_after", HLO_FloatTensor>;
def CHLO_PolygammaOp : CHLO_BinaryOp<"polygamma", HLO_FloatTensor>;
def CHLO_ZetaOp : CHLO_BinaryOp<"zeta", HLO_FloatTensor>;
// The high half of the double-width product of two integers.
def CHLO_MulhiOp : CHLO_BinaryOp<"mulhi", HLO_IntTensor>;

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

// `largest` (default true) picks the k largest elements, largest first;
// `largest = false` the k smallest, smallest first. Either way equal elements
// keep their order (the lower index first). The attribute is printed as
// written, so `{largest = true}` round-trips.
def CHLO_TopKOp : CHLO_Op<"top_k", [Pure]> {
  let summary = "the k largest (or smallest) elements along the last dimension";
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k,
                       OptionalAttr<BoolAttr>:$largest);
  let results = (outs HLO_Tensor:$values, HLO_IntTensor:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether the op picks the largest elements (the default).
    bool isLargest() { return getLargest().value_or(true); }
  }];
}

//===----------------------------------------------------------------------===//
// ragged_dot
//===----------------------------------------------------------------------===//

def CHLO_RaggedDotOp : CHLO_Op<"ragged_dot", [Pure]> {
  let summary = "dot_general with one ragged dimension split into groups";
  let arguments = (ins
    HLO_Tensor:$lhs,
    HLO_Tensor:$rhs,
    HLO_IntTensor:$group_sizes,
    CHLO_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
    OptionalAttr<CHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

def CHLO_ScanOp : CHLO_Op<"scan", [RecursiveMemoryEffects,
                                   AttrSizedOperandSegments]> {
  let summary = "a loop over slices of the inputs, threading carries";
  let description = [{
    The body receives one slice of every input along `dimension` (that
    dimension erased) followed by the carries, and returns one slice of every
    output followed by the new carries. Results: the outputs (slices stacked
    along `dimension`), then the final carries.
  }];
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    Variadic<HLO_Tensor>:$inits,
    I64Attr:$dimension,
    OptionalAttr<BoolAttr>:$is_reverse,
    OptionalAttr<BoolAttr>:$is_associative);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `inits` `(` $inits `)` `dimension` `=` $dimension
      attr-dict-with-keyword $body `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// After the traits above, which it uses.
include "compiler/Dialect/CHLO/IR/CHLOBroadcastOps.td"

#endif // OXLA_CHLO_OPS

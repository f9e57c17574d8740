//===- StableHLOBase.td - The stablehlo dialect and its type constraints --===//
//
// Element and tensor type constraints follow the "Types" section of the
// StableHLO specification. Constraints name the spec's categories so that
// ODS-generated diagnostics read like the spec ("tensor of integer or
// floating-point type").
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_BASE
#define OXLA_STABLEHLO_BASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::oxla::stablehlo";
  let summary = "The StableHLO operation set";
  let description = [{
    The ops of the StableHLO specification, with the upstream pretty and
    generic syntax, so that exports from JAX, PyTorch and TensorFlow parse
    unchanged.
  }];
  let dependentDialects = ["::mlir::quant::QuantizationDialect"];
  // Attributes parse by hand: `#stablehlo.bounds<...>` is a shorthand.
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  private:
    void registerAttributes();
    void registerTypes();
    void registerOps();
  }];
}

//===----------------------------------------------------------------------===//
// Element types (spec: "Types").
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "boolean">;
// Signless integers stand for the spec's signed si2...si64.
def HLO_SInt : AnyTypeOf<[I<2>, I<4>, I8, I16, I32, I64], "signed integer">;
def HLO_UInt : AnyTypeOf<[UI<2>, UI<4>, UI8, UI16, UI32, UI64],
                         "unsigned integer">;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt], "integer">;
def HLO_Float : AnyTypeOf<[F8E4M3B11FNUZ, F8E4M3FN, F8E4M3FNUZ, F8E4M3,
                           F8E5M2, F8E5M2FNUZ, BF16, F16, TF32, F32, F64],
                          "floating-point">;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;

def HLO_QuantizedInt : Type<
    CPred<"::oxla::stablehlo::isQuantizedInteger($_self)">,
    "quantized integer">;
def HLO_PerTensorQuantizedInt : Type<
    CPred<"::oxla::stablehlo::isPerTensorQuantizedInteger($_self)">,
    "per-tensor quantized integer">;

def HLO_PredOrInt : AnyTypeOf<[HLO_Pred, HLO_Int], "boolean or integer">;
def HLO_IntOrFloat : AnyTypeOf<[HLO_Int, HLO_Float],
                               "integer or floating-point">;
def HLO_FloatOrComplex : AnyTypeOf<[HLO_Float, HLO_Complex],
                                   "floating-point or complex">;
def HLO_IntFloatOrComplex : AnyTypeOf<[HLO_Int, HLO_Float, HLO_Complex],
                                      "integer, floating-point or complex">;
def HLO_ElementType : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                                 HLO_QuantizedInt], "StableHLO element">;

//===----------------------------------------------------------------------===//
// Tensor types. Rank is always known in StableHLO; dimensions may be dynamic.
//===----------------------------------------------------------------------===//

class HLO_TensorOf<list<Type> elements, string desc>
    : RankedTensorOf<elements, [], "ranked tensor of " # desc # " values">;

def HLO_Tensor : HLO_TensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex],
                              "boolean, integer, floating-point or complex">;
def HLO_TensorOrQuantized : HLO_TensorOf<[HLO_ElementType], "any element type">;
def HLO_PredTensor : HLO_TensorOf<[HLO_Pred], "boolean">;
def HLO_IntTensor : HLO_TensorOf<[HLO_Int], "integer">;
def HLO_PredOrIntTensor : HLO_TensorOf<[HLO_PredOrInt], "boolean or integer">;
def HLO_FloatTensor : HLO_TensorOf<[HLO_Float], "floating-point">;
def HLO_ComplexTensor : HLO_TensorOf<[HLO_Complex], "complex">;
def HLO_FloatOrComplexTensor : HLO_TensorOf<[HLO_FloatOrComplex],
                                            "floating-point or complex">;
def HLO_FloatOrQuantizedTensor
    : HLO_TensorOf<[HLO_Float, HLO_PerTensorQuantizedInt],
                   "floating-point or per-tensor quantized">;
def HLO_FloatComplexOrQuantizedTensor
    : HLO_TensorOf<[HLO_Float, HLO_Complex, HLO_PerTensorQuantizedInt],
                   "floating-point, complex or per-tensor quantized">;
def HLO_IntFloatOrQuantizedTensor
    : HLO_TensorOf<[HLO_Int, HLO_Float, HLO_QuantizedInt],
                   "integer, floating-point or quantized">;
def HLO_IntFloatComplexOrQuantizedTensor
    : HLO_TensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt],
                   "integer, floating-point, complex or quantized">;
def HLO_PredIntOrFloatTensor : HLO_TensorOf<[HLO_Pred, HLO_Int, HLO_Float],
                                            "boolean, integer or floating-point">;
def HLO_QuantizedIntTensor : HLO_TensorOf<[HLO_QuantizedInt], "quantized integer">;

// 0-dimensional tensors and 1-dimensional integer "shape" tensors.
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_ScalarPredTensor : 0DTensorOf<[HLO_Pred]>;
def HLO_DimensionTensor : 1DTensorOf<[HLO_Int, Index]>;

def HLO_Token : Type<CPred<"::llvm::isa<::oxla::stablehlo::TokenType>($_self)">,
                     "token">,
                BuildableType<"::oxla::stablehlo::TokenType::get($_builder.getContext())">;
def HLO_Tuple : NestedTupleOf<[HLO_TensorOrQuantized, HLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_TensorOrQuantized, HLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_TensorOrQuantized, HLO_Token,
                                          HLO_Tuple]>;
// Custom calls may carry any type (e.g. !stablehlo.future, tuples).
def HLO_CustomCallValue : AnyTypeOf<[AnyType]>;

//===----------------------------------------------------------------------===//
// Base op class.
//===----------------------------------------------------------------------===//

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, traits>;

#endif // OXLA_STABLEHLO_BASE

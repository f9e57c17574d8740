//===- MiscOps.td - Spec "Miscellaneous ops" and quantization -------------===//
//
// custom_call, composite, optimization_barrier, rng, rng_bit_generator,
// uniform_quantize/uniform_dequantize, tuple/get_tuple_element and
// create_token, with the upstream pretty syntax, e.g.
//
//   stablehlo.custom_call @foo(%a) {has_side_effect = true} : (T) -> ()
//   %1 = stablehlo.composite "my.op" %0 {decomposition = @f} : (T) -> T
//   %s, %o = stablehlo.rng_bit_generator %x, algorithm = THREE_FRY : (S) -> (S, T)
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_MISC_OPS
#define OXLA_STABLEHLO_MISC_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A layout: a 1-D index tensor holding a permutation of the dimensions,
// minor-to-major (custom_call operand_layouts/result_layouts).
def HLO_LayoutArrayAttr : TypedArrayAttrBase<IndexElementsAttr,
                                             "array of layouts">;
def HLO_OutputOperandAliasArrayAttr
    : TypedArrayAttrBase<HLO_OutputOperandAlias, "output operand aliases">;

//===----------------------------------------------------------------------===//
// custom_call and composite.
//===----------------------------------------------------------------------===//

// Spec "custom_call": an implementation-defined operation. Operands and
// results may be of any type (tensors, tokens, tuples, futures, buffers).
def StableHLO_CustomCallOp : StableHLO_Op<"custom_call",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "custom call";
  let arguments = (ins
    Variadic<HLO_CustomCallValue>:$inputs,
    StrAttr:$call_target_name,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
    OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
    // A CustomCallApiVersion value, stored as `api_version = 4 : i32`.
    DefaultValuedOptionalAttr<I32Attr, "1">:$api_version,
    OptionalAttr<FlatSymbolRefArrayAttr>:$called_computations,
    OptionalAttr<HLO_LayoutArrayAttr>:$operand_layouts,
    OptionalAttr<HLO_LayoutArrayAttr>:$result_layouts,
    DefaultValuedOptionalAttr<HLO_OutputOperandAliasArrayAttr, "{}">:
        $output_operand_aliases,
    // Tilings of the result layouts (an array of arrays of layouts).
    DefaultValuedOptionalAttr<ArrayAttr, "{}">:$result_tilings);
  let results = (outs Variadic<HLO_CustomCallValue>:$results);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Spec "composite": an op made of other ops, named by `name` and
// implemented by the function `decomposition`.
def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "composite";
  let arguments = (ins
    Variadic<HLO_TensorOrTokenOrTuple>:$inputs,
    StrAttr:$name,
    DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
    FlatSymbolRefAttr:$decomposition,
    DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$results);
  // Newer exports may inline the decomposition as a region.
  let regions = (region VariadicRegion<AnyRegion>:$body);
  let assemblyFormat = [{
    $name $inputs attr-dict (`body` $body^)? `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Spec "optimization_barrier": results are the operands, unchanged.
def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier",
    [Pure, AllTypesMatch<["operand", "result"]>]> {
  let summary = "optimization barrier";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$operand);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
}

//===----------------------------------------------------------------------===//
// Random numbers.
//===----------------------------------------------------------------------===//

// Spec "rng" (deprecated): random numbers of shape `shape`.
def StableHLO_RngOp : StableHLO_Op<"rng"> {
  let summary = "random numbers";
  let arguments = (ins 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
                       0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
                       HLO_DimensionTensor:$shape,
                       HLO_RngDistributionAttr:$rng_distribution);
  let results = (outs HLO_PredIntOrFloatTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Spec "rng_bit_generator": random bits and the next generator state.
def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "random bit generator";
  let arguments = (ins HLO_RngAlgorithmAttr:$rng_algorithm,
                       HLO_TensorOf<[HLO_Int, HLO_Float], "integer or floating-point">:
                           $initial_state);
  let results = (outs
      HLO_TensorOf<[HLO_Int, HLO_Float], "integer or floating-point">:$output_state,
      HLO_TensorOf<[HLO_Int, HLO_Float], "integer or floating-point">:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Quantization.
//===----------------------------------------------------------------------===//

// Spec "uniform_quantize": float -> quantized, or requantization.
def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize", [Pure]> {
  let summary = "uniform quantize";
  let arguments = (ins HLO_TensorOf<[HLO_Float, HLO_QuantizedInt],
                                    "floating-point or quantized">:$operand);
  let results = (outs HLO_QuantizedIntTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

// Spec "uniform_dequantize": quantized -> its expressed float type.
def StableHLO_UniformDequantizeOp : StableHLO_Op<"uniform_dequantize", [Pure]> {
  let summary = "uniform dequantize";
  let arguments = (ins HLO_QuantizedIntTensor:$operand);
  let results = (outs HLO_FloatTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tuples and tokens.
//===----------------------------------------------------------------------===//

// Spec "tuple": `stablehlo.tuple %a, %b : tuple<A, B>`.
def StableHLO_TupleOp : StableHLO_Op<"tuple", [Pure]> {
  let summary = "tuple";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$val);
  let results = (outs HLO_Tuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
  let hasVerifier = 1;
}

// Spec "get_tuple_element": `stablehlo.get_tuple_element %t[0] : (tuple<..>) -> T`.
def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [Pure]> {
  let summary = "tuple element";
  let arguments = (ins HLO_Tuple:$operand,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs HLO_TensorOrTokenOrTuple:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Spec "create_token" (deprecated; same as after_all with no operands).
def StableHLO_CreateTokenOp : StableHLO_Op<"create_token", [Pure]> {
  let summary = "create token";
  let results = (outs HLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type(results)";
}

#endif // OXLA_STABLEHLO_MISC_OPS

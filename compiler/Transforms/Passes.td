//===- Passes.td - StableHLO to StableHLO passes -------------*- tablegen -*-===//

#ifndef OXLA_COMPILER_TRANSFORMS_PASSES
#define OXLA_COMPILER_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def DecomposeQuantizedOps
    : Pass<"oxla-decompose-quantized-ops", "mlir::ModuleOp"> {
  let summary = "Rewrite ops on quantized types into dequantize, float op, "
                "quantize";
  let description = [{
    The spec defines most ops on uniform quantized types as
    `dequantize_op_quantize(op, operands..., type(result))`: the quantized
    operands are dequantized to their expressed float type, the op runs on
    floats, and each quantized result is quantized back. This pass makes that
    explicit. Every stablehlo or chlo op with a quantized operand or result
    becomes `stablehlo.uniform_dequantize` of each quantized operand, a copy
    of the op on the expressed types, and `stablehlo.uniform_quantize` of each
    quantized result. Hybrid ops (quantized operands, float results, e.g. a
    weight-only quantized dot_general) only get their operands dequantized.

    Left alone, because they are defined on the stored values:
    uniform_quantize, uniform_dequantize, bitcast_convert, constant,
    custom_call, composite, tuples, tokens and the data-movement ops
    (reshape, transpose, broadcast_in_dim, slice, gather, pad, collectives,
    ...) whose quantized operands and results have one set of quantization
    parameters. Ops with regions (reduce, sort, while, ...) are kept as they
    are: their bodies compute with the quantized block arguments, and the
    ops in those bodies are rewritten like all others.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def RefineShapes : Pass<"oxla-refine-shapes", "mlir::ModuleOp"> {
  let summary = "Make dynamic shapes static where the program fixes them";
  let description = [{
    Like upstream's stablehlo-refine-shapes: starting from the argument
    types (static after a JIT specializes a function on its inputs), each
    op's result type gets the sizes its operands fix, by the per-op rules of
    ShapeInference.cpp (elementwise ops, broadcasts, reshapes, iota,
    concatenate, transpose, reduce, reduce_window, dot, dot_general, gather,
    slice, pad, sort, scatter, if/case, and the dynamic_* ops whose shape
    operands are constants). Alongside, `get_dimension_size` of a static
    size becomes a constant, and pure ops on constants with at most 64
    integer elements (the shape arithmetic exporters emit) are folded by the
    reference interpreter's evaluators. Function and call result types are
    updated to what the bodies return. Sizes the program does not fix stay
    dynamic; static sizes the program states are never changed.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect",
                           "mlir::tensor::TensorDialect"];
}

def CheckDynamicSizes : Pass<"oxla-check-dynamic-sizes", "mlir::ModuleOp"> {
  let summary = "Check at run time the `?` sizes the program needs equal";
  let description = [{
    Where an op's constraints relate sizes that its types leave dynamic
    (`?`), the verifier accepts the program and compiled code would trust
    whatever sizes it is given. Before each such op this pass adds the
    check, as JAX writes its own: `stablehlo.custom_call
    @shape_assertion(%holds, %size0, %size1) {error_message,
    oxla.size_check}`; compiled code abandons the call when one is false,
    as an invalid argument naming the op, the dimension and both sizes.
    Elementwise ops, broadcast_in_dim, concatenate, dot_general, reshape,
    slice, dynamic_slice, gather and dynamic_update_slice are checked;
    sizes the types fix get no check.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::tensor::TensorDialect"];
}

def DecomposeBatchNorm : Pass<"oxla-decompose-batch-norm", "mlir::ModuleOp"> {
  let summary = "Rewrite batch_norm_inference/training/grad into StableHLO ops";
  let description = [{
    Each statically shaped batch_norm op on floats becomes converts to f64,
    per-feature `reduce`s (sums over every dimension but feature_index),
    `broadcast_in_dim`s of the feature vectors and elementwise arithmetic,
    then converts back: the spec's formulas (XLA's batchnorm expander for
    batch_norm_grad) with the reference interpreter's numerics (f64, the
    training means rounded to the element type, each result rounded once).
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def DecomposeScan : Pass<"oxla-decompose-scan", "mlir::ModuleOp"> {
  let summary = "Rewrite chlo.scan into a stablehlo.while";
  let description = [{
    Each chlo.scan with statically shaped inputs and outputs becomes a
    `stablehlo.while` over the scanned positions (backwards when
    `is_reverse` is set) whose state is the step counter, the carries and
    the outputs: each step takes the inputs' slices with `dynamic_slice`,
    runs the scan's body on them and the carries, and writes the output
    slices with `dynamic_update_slice`.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def DecomposeChloBroadcast
    : Pass<"oxla-decompose-chlo-broadcast", "mlir::ModuleOp"> {
  let summary = "Rewrite chlo's implicitly broadcasting ops into StableHLO";
  let description = [{
    Each statically shaped chlo.broadcast_* op becomes a
    `stablehlo.broadcast_in_dim` of every operand whose shape is not the
    result's, followed by the elementwise op of the same name on operands
    of one shape (`stablehlo.add`, `stablehlo.compare`, ..., or chlo's
    `next_after`, `polygamma`, `zeta`); chlo.constant and
    chlo.constant_like become `stablehlo.constant`s. Ops with dynamic
    shapes are left as they are.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def PoisonTensorsToEmpty : Pass<"oxla-poison-tensors-to-empty", "mlir::ModuleOp"> {
  let summary = "Replace statically shaped ub.poison tensors by tensor.empty";
  let description = [{
    `lift-cf-to-scf` (which turns the `cf.br` loops some exporters write
    into `scf.while`) passes values that are dead on a path as `ub.poison`.
    Bufferization has no buffer for a poison tensor; an uninitialized
    tensor is a valid refinement of poison, so a statically shaped one
    becomes `tensor.empty`. Poison scalars are left to the LLVM lowering.
  }];
  let dependentDialects = ["mlir::tensor::TensorDialect"];
}

def ConvolutionLayout : Pass<"oxla-convolution-layout", "mlir::ModuleOp"> {
  let summary = "Give convolutions features-last inputs and outputs";
  let description = [{
    The CPU's convolution routines read the input features and write the
    output features contiguously ([N, spatial..., C], as JAX writes NHWC);
    ONNX and PyTorch write NCHW, where each feature is a plane. Each
    statically shaped convolution whose input or output feature dimension
    is not last (after the batch and the spatial dimensions, in their
    order) computes on `transpose`s instead: its input is transposed to
    [batch, spatial..., feature], it writes [batch, spatial..., feature],
    and a transpose gives the result its written layout. A constant kernel
    is transposed now to [spatial..., input feature, output feature] (the
    routine then packs it with contiguous copies); another keeps its
    layout. The values are the same (data movement only). oxla-simplify
    then moves the output's transpose past the elementwise ops, pools,
    concatenations, pads and reduces that follow, until it meets the next
    convolution's input transpose and the two cancel: a network in NCHW
    computes in NHWC, with one transpose of its input and of each result
    that leaves in NCHW.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def WidenNarrowContractions
    : Pass<"oxla-widen-narrow-contractions", "mlir::ModuleOp"> {
  let summary = "Compute f16 and bf16 products and convolutions as f32 ones";
  let description = [{
    A dot_general, dot or convolution on f16 or bf16 operands sums in f32
    and rounds once to its result type (docs/interpreter.md, Numerics). This
    pass makes that explicit, so that the products and convolutions reach
    the runtime's f32 routines (matrix product, convolution) instead of
    scalar loops: each narrow operand becomes a `convert` to f32 (exact; a
    constant operand is converted at compile time), the op computes an f32
    result, and a `convert` rounds it to the narrow result type (to nearest
    even). An op with an f32 result on narrow operands (as JAX's
    preferred_element_type writes it) only gets its operands converted.
    Left alone: ops whose operands are not exact in the result type (an f32
    operand of an f16 op is rounded to f16 first), other element types, and
    dot_generals with a dot algorithm.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def Simplify : Pass<"oxla-simplify", "mlir::ModuleOp"> {
  let summary = "Algebraic simplification of StableHLO (XLA's, where exact)";
  let description = [{
    Rewrites StableHLO into fewer or cheaper StableHLO ops that compute the
    same values bit for bit, by the pattern families of Simplify/ (one file
    each, listed in Simplify/Patterns.h): ops on constants folded by the
    reference interpreter's evaluators (so a folded value is the one the
    interpreter computes); identities that are exact in IEEE arithmetic
    (x*1, x/1, x+(-0.0), x-(+0.0), but not x+0.0, which turns -0.0 into
    +0.0, nor x-x or x*0, wrong for NaN and infinities); select on a
    constant predicate; convert chains whose first step widens exactly;
    reshape, transpose and broadcast_in_dim chains, no-op data movement,
    and elementwise ops moved before the broadcast, transpose or reshape
    their operands share; slice of concatenate or slice, pad by nothing,
    dynamic_slice at constant indices; dot_general of transposes with the
    permutation folded into its dimension numbers; reduce of a broadcast
    along the broadcast dimensions (max, min, and, or; integer add);
    unused results of variadic reduces. The greedy driver runs the patterns
    to a fixed point within `max-iterations` sweeps and `max-rewrites`
    rewrites, then common subexpressions are merged (also an op in a while
    body or a branch with one around it, but never into the bodies of
    reduce, sort, scatter, ..., which the compiler lowers on their own).
    Constants stay in the region they are written in. The statistics (and,
    with `report`, a remark on the module) give the count of StableHLO ops
    before and after.
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", "10",
           "Most sweeps of the greedy driver">,
    Option<"maxRewrites", "max-rewrites", "int64_t", "100000",
           "Most rewrites in all">,
    Option<"report", "report", "bool", "false",
           "Emit a remark with the op counts before and after">,
  ];
  let statistics = [
    Statistic<"opsBefore", "ops-before", "StableHLO ops before simplification">,
    Statistic<"opsAfter", "ops-after", "StableHLO ops after simplification">,
  ];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

#endif // OXLA_COMPILER_TRANSFORMS_PASSES

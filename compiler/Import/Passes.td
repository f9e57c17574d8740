//===- Passes.td - Front-end passes: what exporters encode, decoded -*- tablegen -*-===//

#ifndef OXLA_COMPILER_IMPORT_PASSES
#define OXLA_COMPILER_IMPORT_PASSES

include "mlir/Pass/PassBase.td"

def DecodeCustomCalls : Pass<"oxla-decode-custom-calls", "mlir::ModuleOp"> {
  let summary = "Decode the ops that exporters write as stablehlo.custom_call";
  let description = [{
    Exporters write ops that StableHLO lacks, or whose shapes were dynamic
    when exported, as `stablehlo.custom_call`s that XLA decodes. This pass
    decodes them into the ops they stand for, so that the interpreter and
    the compiler see one form:
    - `@mhlo.<op>` (MHLO ops without a StableHLO counterpart, attributes in
      `mhlo.attributes`): the chlo (or stablehlo) op of that name, e.g.
      `@mhlo.erf` -> `chlo.erf`, `@mhlo.topk` {k, largest} -> `chlo.top_k`
      (largest = false: a stable ascending sort and the first k);
    - `@stablehlo.dynamic_top_k(%x, %k)` with a constant k -> `chlo.top_k`;
    - `@ApproxTopK` and `@stablehlo.dynamic_approx_top_k` (constant k): a
      stable sort with the comparator and the first k along reduction_dim
      (an exact top k is a valid approximate one);
    - `@stablehlo.dynamic_rng_bit_generator(%state, %shape)` with a constant
      shape -> `stablehlo.rng_bit_generator`;
    - `@annotate_device_placement`, `@MoveToHost`, `@MoveToDevice`: memory
      placement hints, the identity on a CPU;
    - `@shape_assertion` whose predicate is a true constant: removed (others
      are checked when the program runs).
    A target of these names whose operands or attributes do not fit is an
    error at the op.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect", "oxla::chlo::CHLODialect"];
}

#endif // OXLA_COMPILER_IMPORT_PASSES

//===- Passes.td - Passes between stablehlo and vhlo ---------*- tablegen -*-===//
//
// The three passes of a portable artifact, in the order a producer runs
// them: stablehlo -> vhlo (current release) -> vhlo (the reader's release);
// a consumer runs vhlo -> vhlo (current) -> stablehlo. Flags and option
// names are upstream's, so RUN lines written for stablehlo-opt work.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_VHLO_TRANSFORMS_PASSES
#define OXLA_VHLO_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def VhloImportUpstream : Pass<"vhlo-import-upstream", "mlir::ModuleOp"> {
  let summary = "Rewrite the attributes of a portable artifact read from "
                "bytecode into stablehlo's form";
  let description = [{
    Reading upstream's bytecode leaves each vhlo op with upstream's
    attributes: dimension numbers split into one attribute per field,
    channel_id/channel_type instead of a channel handle, booleans for unit
    attributes, strings for symbols, tensors for i64 arrays, and every
    default written out. This pass rewrites them into the stablehlo
    attributes that oxla's vhlo ops carry, dropping defaults, so that
    --vhlo-to-version and --vhlo-legalize-to-stablehlo can follow. Every
    tool runs it on bytecode input (docs/design.md).
  }];
}

def StablehloLegalizeToVhlo
    : Pass<"stablehlo-legalize-to-vhlo", "mlir::ModuleOp"> {
  let summary = "Rewrite stablehlo and func ops as vhlo ops of the current release";
  let description = [{
    Every stablehlo op becomes the newest version of its vhlo op
    (`stablehlo.cbrt` -> `vhlo.cbrt_v2`), and func.func/call/return become
    vhlo.func_v1/call_v1/return_v1, with operands, results, attributes and
    regions unchanged. An op fails to convert when it carries a type or
    attribute that no release can express (a sparse tensor encoding, a
    typed string, an attribute of another dialect).
  }];
  let dependentDialects = ["oxla::vhlo::VHLODialect"];
}

def VhloToVersion : Pass<"vhlo-to-version", "mlir::ModuleOp"> {
  let summary = "Rewrite vhlo ops to the versions a given release has";
  let description = [{
    Each vhlo op outside `target`'s release is upgraded or downgraded one
    version at a time (`vhlo.exponential_v2` -> `vhlo.exponential_v1` for
    1.8.0). A downgrade only happens when the op uses nothing the older
    version lacks: e.g. result_accuracy must be the default, dot_general
    must have no algorithm, gather no batching dimensions, all_reduce one
    operand. Every type and attribute must exist in the target release too
    (i2 from 1.2.0, tf32 from 1.6.0, futures from 1.15.0, ...). The patch
    number of `target` does not matter: ops change only in minor releases.
    When some op cannot be expressed the pass fails with "failed to convert
    VHLO to v<target>" on the module and the op's error.
  }];
  let options = [
    Option<"targetVersionOption", "target", "std::string", "",
           "The release to write: #.#.# or 'current'">,
  ];
}

def VhloLegalizeToStablehlo
    : Pass<"vhlo-legalize-to-stablehlo", "mlir::ModuleOp"> {
  let summary = "Rewrite vhlo ops of the current release as stablehlo and func ops";
  let description = [{
    The inverse of --stablehlo-legalize-to-vhlo. Only the newest version of
    each op converts: run --vhlo-to-version=target=current first to upgrade
    an artifact written for an older release. The stablehlo verifiers then
    check the result against the spec.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect",
                           "mlir::func::FuncDialect"];
}

#endif // OXLA_VHLO_TRANSFORMS_PASSES

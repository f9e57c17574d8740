//===- Passes.td - Conversions out of StableHLO ------------*- tablegen -*-===//

#ifndef OXLA_CONVERSION_PASSES
#define OXLA_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertStableHLOToLinalg
    : Pass<"oxla-convert-stablehlo-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower StableHLO, CHLO and check ops to linalg, tensor, arith, "
                "math, complex and scf on builtin tensors";
  let description = [{
    Rewrites every op of the stablehlo, chlo and check dialects to upstream
    dialects on tensors with signless integer element types (the signedness
    of `ui*`/`si*` selects the arith op instead). Check ops become calls of
    the runtime's `oxla_check_<type>` routines; their locations and
    tolerances are recorded in the module attribute `oxla.checks`.

    An op without a lowering is reported as
    `unsupported: no compiler lowering for 'stablehlo.foo'` at its location.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::complex::ComplexDialect", "mlir::func::FuncDialect",
    "mlir::linalg::LinalgDialect", "mlir::math::MathDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect"
  ];
}

#endif // OXLA_CONVERSION_PASSES

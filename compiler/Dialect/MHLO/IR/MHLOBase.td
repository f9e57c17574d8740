//===- MHLOBase.td - The `mhlo.*` attribute namespace ----------*- tablegen -*-===//
//
// Exporters put XLA's attributes on StableHLO programs under the `mhlo.`
// prefix (mhlo.sharding, mhlo.frontend_attributes, mhlo.num_partitions,
// ...). oxla has no mhlo ops; this dialect exists so that those attributes
// are checked where they appear: an `mhlo.sharding` string must be a valid
// GSPMD sharding for the value that carries it.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_MHLO_BASE
#define OXLA_MHLO_BASE

include "mlir/IR/OpBase.td"

def Mhlo_Dialect : Dialect {
  let name = "mhlo";
  let cppNamespace = "::oxla::mhlo";
  let summary = "XLA's attributes on StableHLO programs (no ops)";
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

#endif // OXLA_MHLO_BASE

//===- SDYBase.td - The Shardy (sdy) dialect --------------------*- tablegen -*-===//
//
// Shardy's sharding dialect as exporters write it (JAX since 0.7, torch-xla):
// meshes, tensor shardings, sharding rules, and the ops that carry them.
// The syntax is upstream's, so texts printed by Shardy parse and oxla's
// printing of them is a fixpoint.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_SDY_BASE
#define OXLA_SDY_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::oxla::sdy";
  let summary = "Shardy: named-axis meshes and tensor shardings";
  let useDefaultAttributePrinterParser = 1;
  // `sdy.sharding` on ops and function arguments/results is checked against
  // the mesh and the value's type.
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerBytecodeInterface();
  }];
}

class Sdy_Attr<string name, string attrMnemonic> : AttrDef<Sdy_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

// Which way shardings may flow through sdy.propagation_barrier.
def Sdy_PropagationDirection : I32EnumAttr<"PropagationDirection",
    "propagation direction", [
      I32EnumAttrCase<"NONE", 0>, I32EnumAttrCase<"FORWARD", 1>,
      I32EnumAttrCase<"BACKWARD", 2>, I32EnumAttrCase<"BOTH", 3>]> {
  let genSpecializedAttr = 1;
  let cppNamespace = "::oxla::sdy";
}

#endif // OXLA_SDY_BASE

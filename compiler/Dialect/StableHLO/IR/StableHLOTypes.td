//===- StableHLOTypes.td - stablehlo types --------------------------------===//
#ifndef OXLA_STABLEHLO_TYPES
#define OXLA_STABLEHLO_TYPES

include "compiler/Dialect/StableHLO/IR/StableHLOBase.td"

class StableHLO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<StableHLO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Spec "TokenType": orders side effects; carries no value.
def StableHLO_TokenType : StableHLO_Type<"Token", "token"> {
  let summary = "token";
}

// An asynchronous value produced by async_start (carried by exports from
// newer StableHLO; a future wraps the types it will produce).
def StableHLO_FutureType : StableHLO_Type<"Future", "future"> {
  let summary = "future";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
}

#endif // OXLA_STABLEHLO_TYPES

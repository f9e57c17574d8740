//===- InterpreterOps.td - The interpreter dialect -------------------------===//
//
// Ops of interpreter tests, in the upstream syntax:
//   %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f], [@g]]}
//       : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
//   %y = interpreter.probe %x, probe_id = "p" : tensor<3xf32>
//   interpreter.print %x : tensor<2xi32>
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_OPS
#define OXLA_INTERPRETER_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::oxla::interpreter";
  let summary = "Ops of interpreter tests";
}

class Interpreter_Op<string mnemonic, list<Trait> traits = []>
    : Op<Interpreter_Dialect, mnemonic, traits>;

def Interpreter_ProgramRow : TypedArrayAttrBase<FlatSymbolRefAttr,
                                                "array of function symbols">;
def Interpreter_Programs : TypedArrayAttrBase<Interpreter_ProgramRow,
                                              "array of arrays of function symbols">;

def Interpreter_RunParallelOp : Interpreter_Op<"run_parallel",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "runs a grid of functions as replicas x partitions";
  let description = [{
    `programs[r][p]` is the function run by replica r, partition p. The
    operands are the functions' arguments and the results their results,
    concatenated in row-major order. `infeed` names functions without
    arguments whose results fill the infeed queue.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       OptionalAttr<Interpreter_ProgramRow>:$infeed,
                       Interpreter_Programs:$programs);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

def Interpreter_ProbeOp : Interpreter_Op<"probe",
    [AllTypesMatch<["operand", "result"]>]> {
  let summary = "records its operand under probe_id and returns it";
  let arguments = (ins AnyRankedTensor:$operand, StrAttr:$probe_id);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `probe_id` `=` $probe_id attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Interpreter_PrintOp : Interpreter_Op<"print"> {
  let summary = "prints its operand";
  let arguments = (ins AnyRankedTensor:$operand);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

#endif // OXLA_INTERPRETER_OPS

//===- CheckOps.td - The check dialect: test assertions -------------------===//
//
// Assertions of interpreter tests, in the upstream syntax:
//   check.expect_eq_const %x, dense<[1, 2]> : tensor<2xi32>
//   check.expect_almost_eq %x, %y, tolerance = 0.1 : tensor<f64>
//   check.expect_close %x, %y, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
//   check.expect_serialized_eq %x, probe_id = "p", iter = 1 : tensor<i64>
// They have side effects (a failed check is reported), so they are never
// folded away.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_CHECK_OPS
#define OXLA_CHECK_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::oxla::check";
  let summary = "Assertions of interpreter tests";
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

defvar Check_AnyTensor = AnyRankedTensor;
def Check_FloatOrComplexTensor : RankedTensorOf<[AnyFloat, AnyComplex]>;

// Two tensors: `: T` when both have type T, otherwise `: T, U`.
class Check_CompareOp<string mnemonic, Type tensorType>
    : Check_Op<mnemonic> {
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<OneOrTwoTypes>(type($lhs), type($rhs))
  }];
  let hasVerifier = 1;
}

def Check_ExpectEqOp : Check_CompareOp<"expect_eq", Check_AnyTensor> {
  let summary = "the operands are equal (bitwise for floats)";
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq"> {
  let summary = "the operands are equal within a tolerance";
  let arguments = (ins Check_FloatOrComplexTensor:$lhs,
                       Check_FloatOrComplexTensor:$rhs,
                       OptionalAttr<F64Attr>:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict
      `:` custom<OneOrTwoTypes>(type($lhs), type($rhs))
  }];
  let hasVerifier = 1;
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const"> {
  let summary = "the operand equals a constant (bitwise for floats)";
  let arguments = (ins Check_AnyTensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` custom<TypedValue>($value, type($lhs)) attr-dict";
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const"> {
  let summary = "the operand equals a constant within a tolerance";
  let arguments = (ins Check_FloatOrComplexTensor:$lhs, ElementsAttr:$value,
                       OptionalAttr<F64Attr>:$tolerance);
  let assemblyFormat = "$lhs `,` custom<TypedValue>($value, type($lhs)) attr-dict";
  let hasVerifier = 1;
}

def Check_ExpectCloseOp : Check_Op<"expect_close"> {
  let summary = "the operands differ by at most max_ulp_difference ULPs";
  let arguments = (ins Check_FloatOrComplexTensor:$actual,
                       Check_FloatOrComplexTensor:$expected,
                       OptionalAttr<I64Attr>:$max_ulp_difference,
                       OptionalAttr<I64Attr>:$min_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected
      custom<UlpBounds>($max_ulp_difference, $min_ulp_difference) attr-dict
      `:` type($actual) `,` type($expected)
  }];
  let hasVerifier = 1;
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "the operand equals the value an interpreter.probe recorded";
  let arguments = (ins Check_AnyTensor:$expected, StrAttr:$probe_id,
                       OptionalAttr<I64Attr>:$iter);
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iter^)? attr-dict
      `:` type($expected)
  }];
  let hasVerifier = 1;
}

#endif // OXLA_CHECK_OPS

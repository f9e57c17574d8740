// --input values of every integer width and signedness, at their edges:
// each is read as the decimal number it spells (a sign allowed), into the
// argument's type, or rejected with exit code 2 when it does not fit.
// RUN: oxla-interpret %s --entry ints --print-results \
// RUN:   --input 2xi32=9,1 --input 3xui8=8,1,255 --input 2xi32=-1,5 \
// RUN:   --input 2xi8=-128,127 --input 2xui64=0,18446744073709551615 \
// RUN:   --input 2xi64=-9223372036854775808,9223372036854775807 \
// RUN:   --input 3xi16=+7,-0,-32768 --input 2xui32=4294967295,+9 \
// RUN:   | FileCheck %s --check-prefix=INTS
// RUN: oxla-interpret %s --entry others --print-results \
// RUN:   --input 4xi1=true,0,1,false --input 4xf32=inf,-0,nan,-inf \
// RUN:   --input 3xf16=65504,-2.5,1e-8 --input 2xbf16=3.0e38,-1 \
// RUN:   --input 2xf64=1.7976931348623157e308,4.9e-324 \
// RUN:   | FileCheck %s --check-prefix=OTHERS
// INTS: EXEC @ints
// INTS-NEXT: 2xi32=[9 1]
// INTS-NEXT: 3xui8=[8 1 255]
// INTS-NEXT: 2xi32=[-1 5]
// INTS-NEXT: 2xi8=[-128 127]
// INTS-NEXT: 2xui64=[0 18446744073709551615]
// INTS-NEXT: 2xi64=[-9223372036854775808 9223372036854775807]
// INTS-NEXT: 3xi16=[7 0 -32768]
// INTS-NEXT: 2xui32=[4294967295 9]
// OTHERS: EXEC @others
// OTHERS-NEXT: 4xi1=[true false true false]
// OTHERS-NEXT: 4xf32=[inf -0 nan -inf]
// OTHERS-NEXT: 3xf16=[65504 -2.5 0]
// OTHERS-NEXT: 2xbf16=[3e+38 -1]
// OTHERS-NEXT: 2xf64=[1.7976931348623157e+308 5e-324]

// Values outside the type, and text that is no number, are invalid input.
// RUN: oxla-interpret %s --entry i8 --input 2xi8=128,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BIG < %t.out
// RUN: oxla-interpret %s --entry i8 --input 2xi8=-129,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SMALL < %t.out
// RUN: oxla-interpret %s --entry u8 --input 2xui8=-1,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NEGATIVE < %t.out
// RUN: oxla-interpret %s --entry u8 --input 2xui8=256,0 > %t.out 2>&1; test $? -eq 2
// RUN: oxla-interpret %s --entry u8 --input 2xui8=-0,0 --print-results | FileCheck %s --check-prefix=MINUSZERO
// RUN: oxla-interpret %s --entry i8 --input 2xi8=1x,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=TEXT < %t.out
// RUN: oxla-interpret %s --entry i8 --input 2xi8=-,0 > %t.out 2>&1; test $? -eq 2
// RUN: oxla-interpret %s --entry i8 --input 2xi8=0x10,0 > %t.out 2>&1; test $? -eq 2
// RUN: oxla-interpret %s --entry b --input 2xi1=2,0 > %t.out 2>&1; test $? -eq 2
// RUN: oxla-interpret %s --entry c --input '2xcomplex<f32>=1,2' > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=COMPLEX < %t.out
// A shape or type that is not one is named once, by the tool (the type
// parser's own message, at a column of a made-up text, is not shown).
// RUN: oxla-interpret %s --entry i8 --input -1x2xi8=1,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SHAPE --implicit-check-not=error: < %t.out
// SHAPE: oxla-interpret: --input #0: expected SHAPExTYPE (like 2x3xf32 or f32) before '=', got '-1x2xi8'
// A finite float too large for its type would round to infinity: refused too.
// RUN: oxla-interpret %s --entry f --input 2xf32=1e40,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=FLOATBIG < %t.out
// RUN: oxla-interpret %s --entry h --input 2xf16=65520,0 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=HALFBIG < %t.out
// RUN: oxla-interpret %s --entry h --input 2xf16=65519,-1e-9 --print-results | FileCheck %s --check-prefix=HALFEDGE
// FLOATBIG: --input #0: value 1e40 does not fit in f32 (it would round to infinity; write inf for infinity)
// HALFBIG: --input #0: value 65520 does not fit in f16
// HALFEDGE: 2xf16=[65504 -0]
// BIG: --input #0: value 128 does not fit in i8
// SMALL: --input #0: value -129 does not fit in i8
// NEGATIVE: --input #0: value -1 does not fit in ui8
// MINUSZERO: 2xui8=[0 0]
// TEXT: --input #0: expected an integer, got '1x'
// COMPLEX: --input #0: values of type complex<f32> cannot be given on the command line; use a .npy file

func.func public @ints(%a: tensor<2xi32>, %b: tensor<3xui8>, %c: tensor<2xi32>,
                       %d: tensor<2xi8>, %e: tensor<2xui64>, %f: tensor<2xi64>,
                       %g: tensor<3xi16>, %h: tensor<2xui32>)
    -> (tensor<2xi32>, tensor<3xui8>, tensor<2xi32>, tensor<2xi8>, tensor<2xui64>,
        tensor<2xi64>, tensor<3xi16>, tensor<2xui32>) {
  return %a, %b, %c, %d, %e, %f, %g, %h : tensor<2xi32>, tensor<3xui8>, tensor<2xi32>,
      tensor<2xi8>, tensor<2xui64>, tensor<2xi64>, tensor<3xi16>, tensor<2xui32>
}
func.func public @others(%a: tensor<4xi1>, %b: tensor<4xf32>, %c: tensor<3xf16>,
                         %d: tensor<2xbf16>, %e: tensor<2xf64>)
    -> (tensor<4xi1>, tensor<4xf32>, tensor<3xf16>, tensor<2xbf16>, tensor<2xf64>) {
  return %a, %b, %c, %d, %e : tensor<4xi1>, tensor<4xf32>, tensor<3xf16>, tensor<2xbf16>, tensor<2xf64>
}
func.func public @i8(%a: tensor<2xi8>) -> tensor<2xi8> {
  return %a : tensor<2xi8>
}
func.func public @u8(%a: tensor<2xui8>) -> tensor<2xui8> {
  return %a : tensor<2xui8>
}
func.func public @b(%a: tensor<2xi1>) -> tensor<2xi1> {
  return %a : tensor<2xi1>
}
func.func public @c(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  return %a : tensor<2xcomplex<f32>>
}
func.func public @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func public @h(%a: tensor<2xf16>) -> tensor<2xf16> {
  return %a : tensor<2xf16>
}

// A function with more blocks in regions than the interpreter's plan map
// first holds (60 reduce bodies, then 30 nested while loops, each running
// once, the innermost adding 1: 120 blocks).
// Planning a block must not keep a reference into the map while planning
// the regions nested in it (the map grows and moves its entries).
// RUN: oxla-interpret %s --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: f32=1830
// CHECK-NEXT: i32=1
func.func public @main() -> (tensor<f32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %x = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %c1 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %m1 = stablehlo.multiply %x, %c1 : tensor<2xf32>
  %r1 = stablehlo.reduce(%m1 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a1 = stablehlo.add %zero, %r1 : tensor<f32>
  %c2 = stablehlo.constant dense<2.0> : tensor<2xf32>
  %m2 = stablehlo.multiply %x, %c2 : tensor<2xf32>
  %r2 = stablehlo.reduce(%m2 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a2 = stablehlo.add %a1, %r2 : tensor<f32>
  %c3 = stablehlo.constant dense<3.0> : tensor<2xf32>
  %m3 = stablehlo.multiply %x, %c3 : tensor<2xf32>
  %r3 = stablehlo.reduce(%m3 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a3 = stablehlo.add %a2, %r3 : tensor<f32>
  %c4 = stablehlo.constant dense<4.0> : tensor<2xf32>
  %m4 = stablehlo.multiply %x, %c4 : tensor<2xf32>
  %r4 = stablehlo.reduce(%m4 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a4 = stablehlo.add %a3, %r4 : tensor<f32>
  %c5 = stablehlo.constant dense<5.0> : tensor<2xf32>
  %m5 = stablehlo.multiply %x, %c5 : tensor<2xf32>
  %r5 = stablehlo.reduce(%m5 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a5 = stablehlo.add %a4, %r5 : tensor<f32>
  %c6 = stablehlo.constant dense<6.0> : tensor<2xf32>
  %m6 = stablehlo.multiply %x, %c6 : tensor<2xf32>
  %r6 = stablehlo.reduce(%m6 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a6 = stablehlo.add %a5, %r6 : tensor<f32>
  %c7 = stablehlo.constant dense<7.0> : tensor<2xf32>
  %m7 = stablehlo.multiply %x, %c7 : tensor<2xf32>
  %r7 = stablehlo.reduce(%m7 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a7 = stablehlo.add %a6, %r7 : tensor<f32>
  %c8 = stablehlo.constant dense<8.0> : tensor<2xf32>
  %m8 = stablehlo.multiply %x, %c8 : tensor<2xf32>
  %r8 = stablehlo.reduce(%m8 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a8 = stablehlo.add %a7, %r8 : tensor<f32>
  %c9 = stablehlo.constant dense<9.0> : tensor<2xf32>
  %m9 = stablehlo.multiply %x, %c9 : tensor<2xf32>
  %r9 = stablehlo.reduce(%m9 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a9 = stablehlo.add %a8, %r9 : tensor<f32>
  %c10 = stablehlo.constant dense<10.0> : tensor<2xf32>
  %m10 = stablehlo.multiply %x, %c10 : tensor<2xf32>
  %r10 = stablehlo.reduce(%m10 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a10 = stablehlo.add %a9, %r10 : tensor<f32>
  %c11 = stablehlo.constant dense<11.0> : tensor<2xf32>
  %m11 = stablehlo.multiply %x, %c11 : tensor<2xf32>
  %r11 = stablehlo.reduce(%m11 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a11 = stablehlo.add %a10, %r11 : tensor<f32>
  %c12 = stablehlo.constant dense<12.0> : tensor<2xf32>
  %m12 = stablehlo.multiply %x, %c12 : tensor<2xf32>
  %r12 = stablehlo.reduce(%m12 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a12 = stablehlo.add %a11, %r12 : tensor<f32>
  %c13 = stablehlo.constant dense<13.0> : tensor<2xf32>
  %m13 = stablehlo.multiply %x, %c13 : tensor<2xf32>
  %r13 = stablehlo.reduce(%m13 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a13 = stablehlo.add %a12, %r13 : tensor<f32>
  %c14 = stablehlo.constant dense<14.0> : tensor<2xf32>
  %m14 = stablehlo.multiply %x, %c14 : tensor<2xf32>
  %r14 = stablehlo.reduce(%m14 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a14 = stablehlo.add %a13, %r14 : tensor<f32>
  %c15 = stablehlo.constant dense<15.0> : tensor<2xf32>
  %m15 = stablehlo.multiply %x, %c15 : tensor<2xf32>
  %r15 = stablehlo.reduce(%m15 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a15 = stablehlo.add %a14, %r15 : tensor<f32>
  %c16 = stablehlo.constant dense<16.0> : tensor<2xf32>
  %m16 = stablehlo.multiply %x, %c16 : tensor<2xf32>
  %r16 = stablehlo.reduce(%m16 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a16 = stablehlo.add %a15, %r16 : tensor<f32>
  %c17 = stablehlo.constant dense<17.0> : tensor<2xf32>
  %m17 = stablehlo.multiply %x, %c17 : tensor<2xf32>
  %r17 = stablehlo.reduce(%m17 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a17 = stablehlo.add %a16, %r17 : tensor<f32>
  %c18 = stablehlo.constant dense<18.0> : tensor<2xf32>
  %m18 = stablehlo.multiply %x, %c18 : tensor<2xf32>
  %r18 = stablehlo.reduce(%m18 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a18 = stablehlo.add %a17, %r18 : tensor<f32>
  %c19 = stablehlo.constant dense<19.0> : tensor<2xf32>
  %m19 = stablehlo.multiply %x, %c19 : tensor<2xf32>
  %r19 = stablehlo.reduce(%m19 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a19 = stablehlo.add %a18, %r19 : tensor<f32>
  %c20 = stablehlo.constant dense<20.0> : tensor<2xf32>
  %m20 = stablehlo.multiply %x, %c20 : tensor<2xf32>
  %r20 = stablehlo.reduce(%m20 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a20 = stablehlo.add %a19, %r20 : tensor<f32>
  %c21 = stablehlo.constant dense<21.0> : tensor<2xf32>
  %m21 = stablehlo.multiply %x, %c21 : tensor<2xf32>
  %r21 = stablehlo.reduce(%m21 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a21 = stablehlo.add %a20, %r21 : tensor<f32>
  %c22 = stablehlo.constant dense<22.0> : tensor<2xf32>
  %m22 = stablehlo.multiply %x, %c22 : tensor<2xf32>
  %r22 = stablehlo.reduce(%m22 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a22 = stablehlo.add %a21, %r22 : tensor<f32>
  %c23 = stablehlo.constant dense<23.0> : tensor<2xf32>
  %m23 = stablehlo.multiply %x, %c23 : tensor<2xf32>
  %r23 = stablehlo.reduce(%m23 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a23 = stablehlo.add %a22, %r23 : tensor<f32>
  %c24 = stablehlo.constant dense<24.0> : tensor<2xf32>
  %m24 = stablehlo.multiply %x, %c24 : tensor<2xf32>
  %r24 = stablehlo.reduce(%m24 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a24 = stablehlo.add %a23, %r24 : tensor<f32>
  %c25 = stablehlo.constant dense<25.0> : tensor<2xf32>
  %m25 = stablehlo.multiply %x, %c25 : tensor<2xf32>
  %r25 = stablehlo.reduce(%m25 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a25 = stablehlo.add %a24, %r25 : tensor<f32>
  %c26 = stablehlo.constant dense<26.0> : tensor<2xf32>
  %m26 = stablehlo.multiply %x, %c26 : tensor<2xf32>
  %r26 = stablehlo.reduce(%m26 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a26 = stablehlo.add %a25, %r26 : tensor<f32>
  %c27 = stablehlo.constant dense<27.0> : tensor<2xf32>
  %m27 = stablehlo.multiply %x, %c27 : tensor<2xf32>
  %r27 = stablehlo.reduce(%m27 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a27 = stablehlo.add %a26, %r27 : tensor<f32>
  %c28 = stablehlo.constant dense<28.0> : tensor<2xf32>
  %m28 = stablehlo.multiply %x, %c28 : tensor<2xf32>
  %r28 = stablehlo.reduce(%m28 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a28 = stablehlo.add %a27, %r28 : tensor<f32>
  %c29 = stablehlo.constant dense<29.0> : tensor<2xf32>
  %m29 = stablehlo.multiply %x, %c29 : tensor<2xf32>
  %r29 = stablehlo.reduce(%m29 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a29 = stablehlo.add %a28, %r29 : tensor<f32>
  %c30 = stablehlo.constant dense<30.0> : tensor<2xf32>
  %m30 = stablehlo.multiply %x, %c30 : tensor<2xf32>
  %r30 = stablehlo.reduce(%m30 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a30 = stablehlo.add %a29, %r30 : tensor<f32>
  %c31 = stablehlo.constant dense<31.0> : tensor<2xf32>
  %m31 = stablehlo.multiply %x, %c31 : tensor<2xf32>
  %r31 = stablehlo.reduce(%m31 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a31 = stablehlo.add %a30, %r31 : tensor<f32>
  %c32 = stablehlo.constant dense<32.0> : tensor<2xf32>
  %m32 = stablehlo.multiply %x, %c32 : tensor<2xf32>
  %r32 = stablehlo.reduce(%m32 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a32 = stablehlo.add %a31, %r32 : tensor<f32>
  %c33 = stablehlo.constant dense<33.0> : tensor<2xf32>
  %m33 = stablehlo.multiply %x, %c33 : tensor<2xf32>
  %r33 = stablehlo.reduce(%m33 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a33 = stablehlo.add %a32, %r33 : tensor<f32>
  %c34 = stablehlo.constant dense<34.0> : tensor<2xf32>
  %m34 = stablehlo.multiply %x, %c34 : tensor<2xf32>
  %r34 = stablehlo.reduce(%m34 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a34 = stablehlo.add %a33, %r34 : tensor<f32>
  %c35 = stablehlo.constant dense<35.0> : tensor<2xf32>
  %m35 = stablehlo.multiply %x, %c35 : tensor<2xf32>
  %r35 = stablehlo.reduce(%m35 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a35 = stablehlo.add %a34, %r35 : tensor<f32>
  %c36 = stablehlo.constant dense<36.0> : tensor<2xf32>
  %m36 = stablehlo.multiply %x, %c36 : tensor<2xf32>
  %r36 = stablehlo.reduce(%m36 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a36 = stablehlo.add %a35, %r36 : tensor<f32>
  %c37 = stablehlo.constant dense<37.0> : tensor<2xf32>
  %m37 = stablehlo.multiply %x, %c37 : tensor<2xf32>
  %r37 = stablehlo.reduce(%m37 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a37 = stablehlo.add %a36, %r37 : tensor<f32>
  %c38 = stablehlo.constant dense<38.0> : tensor<2xf32>
  %m38 = stablehlo.multiply %x, %c38 : tensor<2xf32>
  %r38 = stablehlo.reduce(%m38 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a38 = stablehlo.add %a37, %r38 : tensor<f32>
  %c39 = stablehlo.constant dense<39.0> : tensor<2xf32>
  %m39 = stablehlo.multiply %x, %c39 : tensor<2xf32>
  %r39 = stablehlo.reduce(%m39 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a39 = stablehlo.add %a38, %r39 : tensor<f32>
  %c40 = stablehlo.constant dense<40.0> : tensor<2xf32>
  %m40 = stablehlo.multiply %x, %c40 : tensor<2xf32>
  %r40 = stablehlo.reduce(%m40 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a40 = stablehlo.add %a39, %r40 : tensor<f32>
  %c41 = stablehlo.constant dense<41.0> : tensor<2xf32>
  %m41 = stablehlo.multiply %x, %c41 : tensor<2xf32>
  %r41 = stablehlo.reduce(%m41 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a41 = stablehlo.add %a40, %r41 : tensor<f32>
  %c42 = stablehlo.constant dense<42.0> : tensor<2xf32>
  %m42 = stablehlo.multiply %x, %c42 : tensor<2xf32>
  %r42 = stablehlo.reduce(%m42 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a42 = stablehlo.add %a41, %r42 : tensor<f32>
  %c43 = stablehlo.constant dense<43.0> : tensor<2xf32>
  %m43 = stablehlo.multiply %x, %c43 : tensor<2xf32>
  %r43 = stablehlo.reduce(%m43 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a43 = stablehlo.add %a42, %r43 : tensor<f32>
  %c44 = stablehlo.constant dense<44.0> : tensor<2xf32>
  %m44 = stablehlo.multiply %x, %c44 : tensor<2xf32>
  %r44 = stablehlo.reduce(%m44 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a44 = stablehlo.add %a43, %r44 : tensor<f32>
  %c45 = stablehlo.constant dense<45.0> : tensor<2xf32>
  %m45 = stablehlo.multiply %x, %c45 : tensor<2xf32>
  %r45 = stablehlo.reduce(%m45 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a45 = stablehlo.add %a44, %r45 : tensor<f32>
  %c46 = stablehlo.constant dense<46.0> : tensor<2xf32>
  %m46 = stablehlo.multiply %x, %c46 : tensor<2xf32>
  %r46 = stablehlo.reduce(%m46 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a46 = stablehlo.add %a45, %r46 : tensor<f32>
  %c47 = stablehlo.constant dense<47.0> : tensor<2xf32>
  %m47 = stablehlo.multiply %x, %c47 : tensor<2xf32>
  %r47 = stablehlo.reduce(%m47 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a47 = stablehlo.add %a46, %r47 : tensor<f32>
  %c48 = stablehlo.constant dense<48.0> : tensor<2xf32>
  %m48 = stablehlo.multiply %x, %c48 : tensor<2xf32>
  %r48 = stablehlo.reduce(%m48 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a48 = stablehlo.add %a47, %r48 : tensor<f32>
  %c49 = stablehlo.constant dense<49.0> : tensor<2xf32>
  %m49 = stablehlo.multiply %x, %c49 : tensor<2xf32>
  %r49 = stablehlo.reduce(%m49 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a49 = stablehlo.add %a48, %r49 : tensor<f32>
  %c50 = stablehlo.constant dense<50.0> : tensor<2xf32>
  %m50 = stablehlo.multiply %x, %c50 : tensor<2xf32>
  %r50 = stablehlo.reduce(%m50 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a50 = stablehlo.add %a49, %r50 : tensor<f32>
  %c51 = stablehlo.constant dense<51.0> : tensor<2xf32>
  %m51 = stablehlo.multiply %x, %c51 : tensor<2xf32>
  %r51 = stablehlo.reduce(%m51 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a51 = stablehlo.add %a50, %r51 : tensor<f32>
  %c52 = stablehlo.constant dense<52.0> : tensor<2xf32>
  %m52 = stablehlo.multiply %x, %c52 : tensor<2xf32>
  %r52 = stablehlo.reduce(%m52 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a52 = stablehlo.add %a51, %r52 : tensor<f32>
  %c53 = stablehlo.constant dense<53.0> : tensor<2xf32>
  %m53 = stablehlo.multiply %x, %c53 : tensor<2xf32>
  %r53 = stablehlo.reduce(%m53 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a53 = stablehlo.add %a52, %r53 : tensor<f32>
  %c54 = stablehlo.constant dense<54.0> : tensor<2xf32>
  %m54 = stablehlo.multiply %x, %c54 : tensor<2xf32>
  %r54 = stablehlo.reduce(%m54 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a54 = stablehlo.add %a53, %r54 : tensor<f32>
  %c55 = stablehlo.constant dense<55.0> : tensor<2xf32>
  %m55 = stablehlo.multiply %x, %c55 : tensor<2xf32>
  %r55 = stablehlo.reduce(%m55 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a55 = stablehlo.add %a54, %r55 : tensor<f32>
  %c56 = stablehlo.constant dense<56.0> : tensor<2xf32>
  %m56 = stablehlo.multiply %x, %c56 : tensor<2xf32>
  %r56 = stablehlo.reduce(%m56 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a56 = stablehlo.add %a55, %r56 : tensor<f32>
  %c57 = stablehlo.constant dense<57.0> : tensor<2xf32>
  %m57 = stablehlo.multiply %x, %c57 : tensor<2xf32>
  %r57 = stablehlo.reduce(%m57 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a57 = stablehlo.add %a56, %r57 : tensor<f32>
  %c58 = stablehlo.constant dense<58.0> : tensor<2xf32>
  %m58 = stablehlo.multiply %x, %c58 : tensor<2xf32>
  %r58 = stablehlo.reduce(%m58 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a58 = stablehlo.add %a57, %r58 : tensor<f32>
  %c59 = stablehlo.constant dense<59.0> : tensor<2xf32>
  %m59 = stablehlo.multiply %x, %c59 : tensor<2xf32>
  %r59 = stablehlo.reduce(%m59 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a59 = stablehlo.add %a58, %r59 : tensor<f32>
  %c60 = stablehlo.constant dense<60.0> : tensor<2xf32>
  %m60 = stablehlo.multiply %x, %c60 : tensor<2xf32>
  %r60 = stablehlo.reduce(%m60 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %a60 = stablehlo.add %a59, %r60 : tensor<f32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %w0:2 = stablehlo.while(%v0 = %i0, %n0 = %i0) : tensor<i32>, tensor<i32>
  cond {
    %lt0 = stablehlo.compare LT, %n0, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt0 : tensor<i1>
  } do {
    %w1:2 = stablehlo.while(%v1 = %v0, %n1 = %i0) : tensor<i32>, tensor<i32>
    cond {
      %lt1 = stablehlo.compare LT, %n1, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt1 : tensor<i1>
    } do {
      %w2:2 = stablehlo.while(%v2 = %v1, %n2 = %i0) : tensor<i32>, tensor<i32>
      cond {
        %lt2 = stablehlo.compare LT, %n2, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %lt2 : tensor<i1>
      } do {
        %w3:2 = stablehlo.while(%v3 = %v2, %n3 = %i0) : tensor<i32>, tensor<i32>
        cond {
          %lt3 = stablehlo.compare LT, %n3, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %lt3 : tensor<i1>
        } do {
          %w4:2 = stablehlo.while(%v4 = %v3, %n4 = %i0) : tensor<i32>, tensor<i32>
          cond {
            %lt4 = stablehlo.compare LT, %n4, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
            stablehlo.return %lt4 : tensor<i1>
          } do {
            %w5:2 = stablehlo.while(%v5 = %v4, %n5 = %i0) : tensor<i32>, tensor<i32>
            cond {
              %lt5 = stablehlo.compare LT, %n5, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
              stablehlo.return %lt5 : tensor<i1>
            } do {
              %w6:2 = stablehlo.while(%v6 = %v5, %n6 = %i0) : tensor<i32>, tensor<i32>
              cond {
                %lt6 = stablehlo.compare LT, %n6, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                stablehlo.return %lt6 : tensor<i1>
              } do {
                %w7:2 = stablehlo.while(%v7 = %v6, %n7 = %i0) : tensor<i32>, tensor<i32>
                cond {
                  %lt7 = stablehlo.compare LT, %n7, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                  stablehlo.return %lt7 : tensor<i1>
                } do {
                  %w8:2 = stablehlo.while(%v8 = %v7, %n8 = %i0) : tensor<i32>, tensor<i32>
                  cond {
                    %lt8 = stablehlo.compare LT, %n8, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                    stablehlo.return %lt8 : tensor<i1>
                  } do {
                    %w9:2 = stablehlo.while(%v9 = %v8, %n9 = %i0) : tensor<i32>, tensor<i32>
                    cond {
                      %lt9 = stablehlo.compare LT, %n9, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                      stablehlo.return %lt9 : tensor<i1>
                    } do {
                      %w10:2 = stablehlo.while(%v10 = %v9, %n10 = %i0) : tensor<i32>, tensor<i32>
                      cond {
                        %lt10 = stablehlo.compare LT, %n10, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                        stablehlo.return %lt10 : tensor<i1>
                      } do {
                        %w11:2 = stablehlo.while(%v11 = %v10, %n11 = %i0) : tensor<i32>, tensor<i32>
                        cond {
                          %lt11 = stablehlo.compare LT, %n11, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                          stablehlo.return %lt11 : tensor<i1>
                        } do {
                          %w12:2 = stablehlo.while(%v12 = %v11, %n12 = %i0) : tensor<i32>, tensor<i32>
                          cond {
                            %lt12 = stablehlo.compare LT, %n12, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                            stablehlo.return %lt12 : tensor<i1>
                          } do {
                            %w13:2 = stablehlo.while(%v13 = %v12, %n13 = %i0) : tensor<i32>, tensor<i32>
                            cond {
                              %lt13 = stablehlo.compare LT, %n13, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                              stablehlo.return %lt13 : tensor<i1>
                            } do {
                              %w14:2 = stablehlo.while(%v14 = %v13, %n14 = %i0) : tensor<i32>, tensor<i32>
                              cond {
                                %lt14 = stablehlo.compare LT, %n14, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                stablehlo.return %lt14 : tensor<i1>
                              } do {
                                %w15:2 = stablehlo.while(%v15 = %v14, %n15 = %i0) : tensor<i32>, tensor<i32>
                                cond {
                                  %lt15 = stablehlo.compare LT, %n15, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                  stablehlo.return %lt15 : tensor<i1>
                                } do {
                                  %w16:2 = stablehlo.while(%v16 = %v15, %n16 = %i0) : tensor<i32>, tensor<i32>
                                  cond {
                                    %lt16 = stablehlo.compare LT, %n16, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                    stablehlo.return %lt16 : tensor<i1>
                                  } do {
                                    %w17:2 = stablehlo.while(%v17 = %v16, %n17 = %i0) : tensor<i32>, tensor<i32>
                                    cond {
                                      %lt17 = stablehlo.compare LT, %n17, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                      stablehlo.return %lt17 : tensor<i1>
                                    } do {
                                      %w18:2 = stablehlo.while(%v18 = %v17, %n18 = %i0) : tensor<i32>, tensor<i32>
                                      cond {
                                        %lt18 = stablehlo.compare LT, %n18, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                        stablehlo.return %lt18 : tensor<i1>
                                      } do {
                                        %w19:2 = stablehlo.while(%v19 = %v18, %n19 = %i0) : tensor<i32>, tensor<i32>
                                        cond {
                                          %lt19 = stablehlo.compare LT, %n19, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                          stablehlo.return %lt19 : tensor<i1>
                                        } do {
                                          %w20:2 = stablehlo.while(%v20 = %v19, %n20 = %i0) : tensor<i32>, tensor<i32>
                                          cond {
                                            %lt20 = stablehlo.compare LT, %n20, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                            stablehlo.return %lt20 : tensor<i1>
                                          } do {
                                            %w21:2 = stablehlo.while(%v21 = %v20, %n21 = %i0) : tensor<i32>, tensor<i32>
                                            cond {
                                              %lt21 = stablehlo.compare LT, %n21, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                              stablehlo.return %lt21 : tensor<i1>
                                            } do {
                                              %w22:2 = stablehlo.while(%v22 = %v21, %n22 = %i0) : tensor<i32>, tensor<i32>
                                              cond {
                                                %lt22 = stablehlo.compare LT, %n22, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                stablehlo.return %lt22 : tensor<i1>
                                              } do {
                                                %w23:2 = stablehlo.while(%v23 = %v22, %n23 = %i0) : tensor<i32>, tensor<i32>
                                                cond {
                                                  %lt23 = stablehlo.compare LT, %n23, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                  stablehlo.return %lt23 : tensor<i1>
                                                } do {
                                                  %w24:2 = stablehlo.while(%v24 = %v23, %n24 = %i0) : tensor<i32>, tensor<i32>
                                                  cond {
                                                    %lt24 = stablehlo.compare LT, %n24, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                    stablehlo.return %lt24 : tensor<i1>
                                                  } do {
                                                    %w25:2 = stablehlo.while(%v25 = %v24, %n25 = %i0) : tensor<i32>, tensor<i32>
                                                    cond {
                                                      %lt25 = stablehlo.compare LT, %n25, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                      stablehlo.return %lt25 : tensor<i1>
                                                    } do {
                                                      %w26:2 = stablehlo.while(%v26 = %v25, %n26 = %i0) : tensor<i32>, tensor<i32>
                                                      cond {
                                                        %lt26 = stablehlo.compare LT, %n26, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                        stablehlo.return %lt26 : tensor<i1>
                                                      } do {
                                                        %w27:2 = stablehlo.while(%v27 = %v26, %n27 = %i0) : tensor<i32>, tensor<i32>
                                                        cond {
                                                          %lt27 = stablehlo.compare LT, %n27, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                          stablehlo.return %lt27 : tensor<i1>
                                                        } do {
                                                          %w28:2 = stablehlo.while(%v28 = %v27, %n28 = %i0) : tensor<i32>, tensor<i32>
                                                          cond {
                                                            %lt28 = stablehlo.compare LT, %n28, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                            stablehlo.return %lt28 : tensor<i1>
                                                          } do {
                                                            %w29:2 = stablehlo.while(%v29 = %v28, %n29 = %i0) : tensor<i32>, tensor<i32>
                                                            cond {
                                                              %lt29 = stablehlo.compare LT, %n29, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
                                                              stablehlo.return %lt29 : tensor<i1>
                                                            } do {
                                                              %in = stablehlo.add %v29, %one : tensor<i32>
                                                              %s29 = stablehlo.add %n29, %one : tensor<i32>
                                                              stablehlo.return %in, %s29 : tensor<i32>, tensor<i32>
                                                            }
                                                            %s28 = stablehlo.add %n28, %one : tensor<i32>
                                                            stablehlo.return %w29#0, %s28 : tensor<i32>, tensor<i32>
                                                          }
                                                          %s27 = stablehlo.add %n27, %one : tensor<i32>
                                                          stablehlo.return %w28#0, %s27 : tensor<i32>, tensor<i32>
                                                        }
                                                        %s26 = stablehlo.add %n26, %one : tensor<i32>
                                                        stablehlo.return %w27#0, %s26 : tensor<i32>, tensor<i32>
                                                      }
                                                      %s25 = stablehlo.add %n25, %one : tensor<i32>
                                                      stablehlo.return %w26#0, %s25 : tensor<i32>, tensor<i32>
                                                    }
                                                    %s24 = stablehlo.add %n24, %one : tensor<i32>
                                                    stablehlo.return %w25#0, %s24 : tensor<i32>, tensor<i32>
                                                  }
                                                  %s23 = stablehlo.add %n23, %one : tensor<i32>
                                                  stablehlo.return %w24#0, %s23 : tensor<i32>, tensor<i32>
                                                }
                                                %s22 = stablehlo.add %n22, %one : tensor<i32>
                                                stablehlo.return %w23#0, %s22 : tensor<i32>, tensor<i32>
                                              }
                                              %s21 = stablehlo.add %n21, %one : tensor<i32>
                                              stablehlo.return %w22#0, %s21 : tensor<i32>, tensor<i32>
                                            }
                                            %s20 = stablehlo.add %n20, %one : tensor<i32>
                                            stablehlo.return %w21#0, %s20 : tensor<i32>, tensor<i32>
                                          }
                                          %s19 = stablehlo.add %n19, %one : tensor<i32>
                                          stablehlo.return %w20#0, %s19 : tensor<i32>, tensor<i32>
                                        }
                                        %s18 = stablehlo.add %n18, %one : tensor<i32>
                                        stablehlo.return %w19#0, %s18 : tensor<i32>, tensor<i32>
                                      }
                                      %s17 = stablehlo.add %n17, %one : tensor<i32>
                                      stablehlo.return %w18#0, %s17 : tensor<i32>, tensor<i32>
                                    }
                                    %s16 = stablehlo.add %n16, %one : tensor<i32>
                                    stablehlo.return %w17#0, %s16 : tensor<i32>, tensor<i32>
                                  }
                                  %s15 = stablehlo.add %n15, %one : tensor<i32>
                                  stablehlo.return %w16#0, %s15 : tensor<i32>, tensor<i32>
                                }
                                %s14 = stablehlo.add %n14, %one : tensor<i32>
                                stablehlo.return %w15#0, %s14 : tensor<i32>, tensor<i32>
                              }
                              %s13 = stablehlo.add %n13, %one : tensor<i32>
                              stablehlo.return %w14#0, %s13 : tensor<i32>, tensor<i32>
                            }
                            %s12 = stablehlo.add %n12, %one : tensor<i32>
                            stablehlo.return %w13#0, %s12 : tensor<i32>, tensor<i32>
                          }
                          %s11 = stablehlo.add %n11, %one : tensor<i32>
                          stablehlo.return %w12#0, %s11 : tensor<i32>, tensor<i32>
                        }
                        %s10 = stablehlo.add %n10, %one : tensor<i32>
                        stablehlo.return %w11#0, %s10 : tensor<i32>, tensor<i32>
                      }
                      %s9 = stablehlo.add %n9, %one : tensor<i32>
                      stablehlo.return %w10#0, %s9 : tensor<i32>, tensor<i32>
                    }
                    %s8 = stablehlo.add %n8, %one : tensor<i32>
                    stablehlo.return %w9#0, %s8 : tensor<i32>, tensor<i32>
                  }
                  %s7 = stablehlo.add %n7, %one : tensor<i32>
                  stablehlo.return %w8#0, %s7 : tensor<i32>, tensor<i32>
                }
                %s6 = stablehlo.add %n6, %one : tensor<i32>
                stablehlo.return %w7#0, %s6 : tensor<i32>, tensor<i32>
              }
              %s5 = stablehlo.add %n5, %one : tensor<i32>
              stablehlo.return %w6#0, %s5 : tensor<i32>, tensor<i32>
            }
            %s4 = stablehlo.add %n4, %one : tensor<i32>
            stablehlo.return %w5#0, %s4 : tensor<i32>, tensor<i32>
          }
          %s3 = stablehlo.add %n3, %one : tensor<i32>
          stablehlo.return %w4#0, %s3 : tensor<i32>, tensor<i32>
        }
        %s2 = stablehlo.add %n2, %one : tensor<i32>
        stablehlo.return %w3#0, %s2 : tensor<i32>, tensor<i32>
      }
      %s1 = stablehlo.add %n1, %one : tensor<i32>
      stablehlo.return %w2#0, %s1 : tensor<i32>, tensor<i32>
    }
    %s0 = stablehlo.add %n0, %one : tensor<i32>
    stablehlo.return %w1#0, %s0 : tensor<i32>, tensor<i32>
  }
  return %a60, %w0#0 : tensor<f32>, tensor<i32>
}
